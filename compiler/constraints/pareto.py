"""The Pareto front of (runtime, memory) points (thesis §4.5.3, Fig 4.5): both objectives are minimised.

    front = ParetoFront()
    front.add(100.0, 25e6, "tile=5")     # True: on the front
    front.add(77.0, 31e6, "tile=7")      # True: faster, more memory
    front.add(120.0, 40e6, "bad")        # False: dominated
    front.points                          # sorted by runtime: [(77.0, 31e6, 'tile=7'), (100.0, 25e6, 'tile=5')]
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, order=True)
class ParetoPoint:
    runtime: float
    memory: float
    payload: Any = field(default=None, compare=False)

    def dominates(self, other: ParetoPoint) -> bool:
        """At least as good in both objectives and better in one."""
        return (self.runtime <= other.runtime and self.memory <= other.memory
                and (self.runtime < other.runtime or self.memory < other.memory))


class ParetoFront:
    """Non-dominated (runtime, memory) points, kept sorted by runtime (so memory strictly decreases along it).
    A point equal in both objectives to one on the front is not added (the first one stays)."""

    def __init__(self, points: Iterable[tuple] = ()):
        self._pts: list[ParetoPoint] = []
        for p in points:
            self.add(*p)

    def add(self, runtime: float, memory: float, payload: Any = None) -> bool:
        """Insert a point; True when it is on the front afterwards (points it dominates are removed)."""
        p = ParetoPoint(float(runtime), float(memory), payload)
        keys = [(q.runtime, q.memory) for q in self._pts]
        i = bisect.bisect_left(keys, (p.runtime, p.memory))
        # the predecessor in runtime order has the lowest memory among faster-or-equal points
        if i > 0 and self._pts[i - 1].memory <= p.memory:
            return False
        if i < len(self._pts) and self._pts[i].runtime == p.runtime and self._pts[i].memory <= p.memory:
            return False
        j = i
        while j < len(self._pts) and self._pts[j].memory >= p.memory:
            j += 1
        self._pts[i:j] = [p]
        return True

    def dominated(self, runtime: float, memory: float) -> bool:
        """Whether a point would be rejected (dominated by, or equal to, a point of the front)."""
        return any(q.runtime <= runtime and q.memory <= memory for q in self._pts)

    @property
    def points(self) -> list[tuple[float, float, Any]]:
        return [(q.runtime, q.memory, q.payload) for q in self._pts]

    def best_within(self, memory_budget: float) -> tuple[float, float, Any] | None:
        """The fastest point that uses at most `memory_budget` (choose "statically or at runtime")."""
        ok = [q for q in self._pts if q.memory <= memory_budget]
        return (ok[0].runtime, ok[0].memory, ok[0].payload) if ok else None

    def __len__(self) -> int:
        return len(self._pts)

    def __iter__(self):
        return iter(self.points)


def pareto_front(points: Iterable[tuple]) -> list[tuple[float, float, Any]]:
    """The non-dominated subset of (runtime, memory[, payload]) tuples, sorted by runtime."""
    f = ParetoFront()
    for p in points:
        f.add(*p)
    return f.points
