"""Stage 3 of the exploration (Lift's ParameterRewrite): points of the route's TUNING decisions for one lowered
program (the work-group sizes of a mapped program, or a named lowering's parameters over the space Ch4 inference
gives it; `compiler.lowering.decisions`, each value exactly legal).

`points(w, n, rng)`: when the tree of tuning values has at most `ENUMERATE` leaves it is enumerated and `n` of its
points are drawn uniformly without replacement (all of them when there are at most `n`); otherwise seeded random
walks (a uniform value at each decision) give up to `n` distinct points in at most `4 n` tries. A point is the
tuple of values; `finish(w, point, rng)` takes them and then any decision left (a uniform choice), which ends at
DONE with the kernel compiled (`State.kernel`).

Enumeration and sampling stop one decision short of DONE (the last value of a point is read, not taken), so that
only the points kept are compiled.
"""

from __future__ import annotations

import numpy as np

from ..lowering import decisions
from ..lowering.decisions import Stage, State
from .walk import Walk, replay, until

ENUMERATE = 1024  # points enumerated at most before sampling by random walks
TRIES = 4  # random walks per point asked for


def _last(s: State) -> bool:
    """Whether the decision asked at `s` is the last tuning value (taking it compiles the kernel)."""
    return s.stage is Stage.TUNING and len(s.values) + 1 == len(s.tuning.params)


def enumerate_points(s: State, limit: int = ENUMERATE) -> list[tuple] | None:
    """Every point (tuple of values) of the decisions left at `s`, depth first in value order; None when there are
    more than `limit`."""
    out: list[tuple] = []

    def go(state: State, prefix: tuple) -> bool:
        d = decisions.next_decision(state)
        if d is None:
            out.append(prefix)
            return len(out) <= limit
        if _last(state):
            out.extend((*prefix, v) for v in d.values)
            return len(out) <= limit
        return all(go(decisions.decide(state, v), (*prefix, v)) for v in d.values)

    return out if go(s, ()) else None


def random_point(s: State, rng: np.random.Generator) -> tuple:
    """One point of the decisions left at `s` by uniform choices (the last value read, not taken)."""
    prefix: tuple = ()
    while (d := decisions.next_decision(s)) is not None:
        v = d.values[int(rng.integers(len(d.values)))]
        prefix = (*prefix, v)
        if _last(s):
            break
        s = decisions.decide(s, v)
    return prefix


def points(w: Walk, n: int, rng: np.random.Generator) -> list[tuple]:
    """Up to `n` distinct points of the tuning decisions left at `w` (see the module doc)."""
    every = enumerate_points(w.state)
    if every is not None:
        if len(every) <= n:
            return every
        return [every[i] for i in sorted(rng.choice(len(every), n, replace=False))]
    out: dict[tuple, None] = {}
    for _ in range(TRIES * n):
        if len(out) >= n:
            break
        out.setdefault(random_point(w.state, rng), None)
    return list(out)


def finish(w: Walk, point: tuple, rng: np.random.Generator) -> Walk:
    """`w` after the point's values, then uniform choices for any decision left: the route's state at DONE (the
    kernel compiled: `State.kernel`)."""
    done = until(replay(w, point), lambda d, _s: d.values[int(rng.integers(len(d.values)))], lambda _d: False)
    assert done.state.stage is Stage.DONE
    return done


__all__ = ["ENUMERATE", "TRIES", "enumerate_points", "finish", "points", "random_point"]
