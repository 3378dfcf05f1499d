"""Work-group-size pruning after seed 004 (Wang et al., TPDS 2019, §6) with the static estimator.

    prune(program, sizes, candidates, device) -> Pruning       (each stage's survivors, the estimates)
    prune_local_sizes(program, sizes, candidates, device) -> kept candidates

Stage 1 (duplicated traces, §6.1): candidates with equal traces, active warps and groups per compute unit form
a batch whose representative has the smallest Sub-item 2. Stage 2 (inferior pipelines, §6.2): a representative
goes when its lat_B exceeds another's lat_W (the prose of §6.2, not the printed sign of Algorithm 4). Stage 3
(inferred; the paper simulates every survivor and keeps one): the survivors ranked by the estimate, at most
`keep_fraction` of all candidates kept (default PAPER_KEEP = 1 - 0.7847, the paper's average reduction), never
fewer than one.
The bounds are those of `compiler.perf.estimate.bounds` (Eqs. 11-21, each the bound of its simulation), scaled
by the rounds (Sub-item 2) and with the launch and per-group overheads added, so that the design with the lowest
estimate is never pruned by stage 2.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from compiler.errors import CompilerError
from compiler.ir.node import Program
from compiler.perf.estimate import Estimate, check_local_size, estimate_program
from compiler.perf.estimate_params import GENERIC_DEVICE, EstimatorDevice

PAPER_MAPE = 0.1704  # Abstract, Table 3
PAPER_REDUCTION = 0.7847  # Abstract, Fig. 5
PAPER_KEEP = 1.0 - PAPER_REDUCTION


@dataclass(frozen=True)
class Pruning:
    """What §6 did to a set of candidate local sizes (each stage's survivors in candidate order)."""

    candidates: tuple[tuple[int, ...], ...]
    estimates: Mapping[tuple[int, ...], Estimate]  # every candidate the code generator accepts
    representatives: tuple[tuple[int, ...], ...]  # stage 1
    bounded: tuple[tuple[int, ...], ...]  # stage 2
    kept: tuple[tuple[int, ...], ...]  # stage 3
    rejected: Mapping[tuple[int, ...], str] = field(default_factory=dict)  # candidates that do not compile

    @property
    def removed_fraction(self) -> float:
        return 1.0 - len(self.kept) / max(len(self.candidates), 1)

    @property
    def best(self) -> tuple[int, ...] | None:
        return min(self.kept, key=lambda c: self.estimates[c].time_s) if self.kept else None


def prune(program: Program, sizes: Mapping[str, int], candidates: Sequence[Sequence[int]],
          device: EstimatorDevice = GENERIC_DEVICE, keep_fraction: float | None = PAPER_KEEP) -> Pruning:
    """The paper's work-group pruning over candidate local sizes (module docstring)."""
    if keep_fraction is not None and not 0 < keep_fraction <= 1:
        raise ValueError(f"keep_fraction must be in (0, 1] or None, not {keep_fraction}")
    cands = tuple(dict.fromkeys(check_local_size(c) for c in candidates))
    if not cands:
        raise ValueError("prune: no candidate local sizes")
    est, rejected = {}, {}
    for c in cands:
        try:
            est[c] = estimate_program(program, sizes, c, device)
        except CompilerError as err:
            rejected[c] = str(err)
    ok = [c for c in cands if c in est and math.isfinite(est[c].time_s)]
    batches: dict[tuple, tuple[int, ...]] = {}
    for c in ok:
        sig = est[c].signature
        if sig not in batches or est[c].rounds < est[batches[sig]].rounds:
            batches[sig] = c
    reps = tuple(c for c in ok if c in batches.values())
    uppers = sorted(est[c].upper_s for c in reps)
    bounded = tuple(c for c in reps
                    if est[c].lower_s <= (uppers[1] if est[c].upper_s == uppers[0] and len(uppers) > 1
                                          else uppers[0]))
    bounded = bounded or tuple(sorted(reps, key=lambda c: est[c].time_s)[:1])  # never empty
    ranked = sorted(bounded, key=lambda c: est[c].time_s)
    if keep_fraction is not None:
        ranked = ranked[:max(1, math.ceil(keep_fraction * len(cands)))]
    kept = tuple(c for c in bounded if c in ranked)
    return Pruning(cands, est, reps, bounded, kept, rejected)


def prune_local_sizes(program: Program, sizes: Mapping[str, int], candidates: Sequence[Sequence[int]],
                      device: EstimatorDevice = GENERIC_DEVICE,
                      keep_fraction: float | None = PAPER_KEEP) -> tuple[tuple[int, ...], ...]:
    """The candidate local sizes the pruning keeps, in candidate order (an opt-in filter for a tuning phase)."""
    return prune(program, sizes, candidates, device, keep_fraction).kept


__all__ = ["PAPER_KEEP", "PAPER_MAPE", "PAPER_REDUCTION", "Pruning", "prune", "prune_local_sizes"]
