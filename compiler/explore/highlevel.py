"""Stage 1 of the exploration (Lift's HighLevelRewrite): breadth-first enumeration over the route's REWRITE
decisions (`compiler.lowering.decisions`, values `("rewrite", rule, site)`), deduplicated by the high-level
program's structural key (`State.high.key`).

`high_level_programs(root, depth, max_programs, rng)` returns the start program first, then the distinct programs
one, two, ... rewrites away, at most `max_programs` in all. The rules, their sites and their parameters are the
route's (`stages.env_rules()`, offered only when the rewritten program has a parallel mapping that compiles), so
every program found has a lowering. When a level holds more new programs than the room left, its parents are
expanded in a seeded random order until four times the room is found, and a seeded uniform sample of those is
kept; only the kept programs are expanded further.

With `named=True` the route's other values of its first REWRITE decision are explored too, as extra programs
after the rewritten ones (not counted in `max_programs`): each named lowering `("template", name)` (its program
and parameter space replace the rewrites and the mapping) and `("points",)` (the benchmark's annotated program,
whose rewrite-point decisions stage 2 takes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..lowering import decisions
from ..lowering.decisions import Stage
from .walk import Walk


@dataclass(frozen=True)
class HighLevel:
    """A program found by stage 1: the route's state, its depth (rewrites taken; 0 for a named program), the name
    of a named program ("" for a rewritten one) and the decisions that led to it."""

    walk: Walk
    depth: int
    named: str = ""

    @property
    def state(self) -> decisions.State:
        return self.walk.state

    @property
    def key(self) -> str:
        return f"named {self.named}" if self.named else self.state.high.key

    @property
    def trace(self) -> tuple[str, ...]:
        return self.walk.text


def high_level_programs(root: decisions.State, depth: int, max_programs: int, rng: np.random.Generator, *,
                        named: bool = True, progress: Callable | None = None) -> list[HighLevel]:
    """The start program, then breadth first the distinct programs up to `depth` rewrites away (at most
    `max_programs` in all), then (with `named`) the named programs of the first REWRITE decision.
    `progress(iterable, desc)` wraps the parents of each level (a tqdm bar)."""
    start = HighLevel(Walk(root), 0)
    found: dict[str, HighLevel] = {start.key: start}
    frontier = [start]
    for level in range(1, depth + 1):
        room = max_programs - len(found)
        if room <= 0 or not frontier:
            break
        order = [frontier[i] for i in rng.permutation(len(frontier))]
        new: dict[str, HighLevel] = {}
        for parent in (progress(order, f"stage 1: depth {level}") if progress else order):
            d = decisions.next_decision(parent.state)
            if d is None or d.stage is not Stage.REWRITE:
                continue
            for value in d.values:
                if value[0] != "rewrite":
                    continue
                child = HighLevel(parent.walk.take(value), level)
                if child.key not in found and child.key not in new:
                    new[child.key] = child
            if len(new) >= 4 * room:  # enough to sample from (the parents' order is random)
                break
        kept = list(new.values())
        if len(kept) > room:
            kept = [kept[i] for i in sorted(rng.choice(len(kept), room, replace=False))]
        found.update((h.key, h) for h in kept)
        frontier = kept
    out = list(found.values())
    if named:
        out += named_programs(start)
    return out


def named_programs(start: HighLevel) -> list[HighLevel]:
    """The named values of the first REWRITE decision (`("template", name)`, `("points",)`), each as a program."""
    d = decisions.next_decision(start.state)
    if d is None or d.stage is not Stage.REWRITE:
        return []
    return [HighLevel(start.walk.take(v), 0, " ".join(str(x) for x in v)) for v in d.values
            if v[0] in ("template", "points")]


__all__ = ["HighLevel", "high_level_programs", "named_programs"]
