"""Replaying episode records of earlier env versions (docs/env.md): the same program, and the recorded kernel,
rendered as now or, for records made before the code generator rendered aligned vector accesses as elements of
vector arrays, with vloadn/vstoren as then."""

from __future__ import annotations


def replays_to_recorded_kernel(state, rec) -> bool:
    """The finished episode on a named lowering reaches the record's program, and its kernel is the record's as
    rendered now or with vector accesses rendered by vloadn/vstoren."""
    if state.lowered.key != rec.program_key:
        return False
    if state.kernel.key == rec.kernel_key:
        return True
    then = state.route.tuning.lowered(state.route.assignment).compile(aligned_vectors=False)
    return then.key == rec.kernel_key
