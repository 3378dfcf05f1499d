"""Replaying episode records made before the code generator rendered aligned vector accesses as elements of vector
arrays (docs/env.md): the same program, and the recorded kernel when rendered with vloadn/vstoren as then."""

from __future__ import annotations


def replays_to_recorded_kernel(state, rec) -> bool:
    """The finished episode on a named lowering reaches the record's program, and its kernel is the record's when
    vector accesses are rendered with vloadn/vstoren."""
    then = state.route.tuning.lowered(state.route.assignment).compile(aligned_vectors=False)
    return state.lowered.key == rec.program_key and then.key == rec.kernel_key
