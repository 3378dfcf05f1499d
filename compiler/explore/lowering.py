"""Stage 2 of the exploration (Lift's MemoryMappingRewrite): per high-level program, up to `n` distinct completions
of the route's decisions that are neither REWRITE nor TUNING (`walk.phase(d) == 2`: the Ch5 mapping codes, the
rewrite-point values of an annotated program, and any stage the route adds between them), by seeded random
choosers, deduplicated by the lowered program's key.

A REWRITE decision met here is answered `("stop",)` (stage 1 already chose the rewrites). A completion ends at the
first TUNING decision, or at DONE when the kernel has no tuning parameter. Its key is `State.lowered.key`: the
mapped program as the route lowers it (memory completed, reductions in their lowered form), or a named
lowering's program. The route offers a value only when it has a completion that compiles (exact masks), so no
completion is a dead end.

The tree of completions may be smaller than `n` or heavily skewed; the random walks stop after `4 n` tries.
"""

from __future__ import annotations

import numpy as np

from ..lowering.decisions import STOP, Decision, Stage, State
from .walk import Walk, phase, until

TRIES = 4  # random walks per completion asked for


def lowered_key(s: State) -> str:
    """The key of a completed stage 2: the lowered program, else (no program lowered yet) the high-level program
    with the values chosen."""
    if s.lowered is not None:
        return s.lowered.key
    return f"{s.high.key} {s.codes} {s.rp}"


def stage2_chooser(rng: np.random.Generator):
    """STOP for a rewrite decision, else a uniform choice among the values."""

    def choose(d: Decision, _s: State):
        if d.stage is Stage.REWRITE:
            return STOP
        return d.values[int(rng.integers(len(d.values)))]

    return choose


def completions(w: Walk, n: int, rng: np.random.Generator, seen: set[str] | None = None) -> list[Walk]:
    """Up to `n` completions of stage 2 from `w` whose lowered programs are distinct and not in `seen` (updated)."""
    seen = set() if seen is None else seen
    choose = stage2_chooser(rng)
    out: list[Walk] = []
    for _ in range(TRIES * n):
        if len(out) >= n:
            break
        done = until(w, choose, lambda d: phase(d) == 3)
        k = lowered_key(done.state)
        if k not in seen:
            seen.add(k)
            out.append(done)
    return out


__all__ = ["TRIES", "completions", "lowered_key", "stage2_chooser"]
