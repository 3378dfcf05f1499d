"""Replaying episode records made before the code generator rendered aligned vector accesses as elements of vector
arrays (docs/env.md): the same program, and the recorded kernel when rendered with vloadn/vstoren as then."""

from __future__ import annotations

from compiler.codegen import KernelProgram


def kernel_as_recorded(state) -> KernelProgram:
    """The kernel of a finished episode on a named lowering, rendered with vloadn/vstoren for vector accesses."""
    route = state.route
    return route.tuning.lowered(route.assignment).compile(aligned_vectors=False)


def replays_to_recorded_kernel(state, rec) -> bool:
    """The episode reaches the record's program, and its kernel is the record's up to the vector rendering."""
    return state.lowered.key == rec.program_key and kernel_as_recorded(state).key == rec.kernel_key
