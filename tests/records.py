"""Replaying episode records of earlier env versions (docs/env.md): the same program, and the recorded kernel,
rendered as now or as the code generator rendered it when the record was made: before it left out the stores of a
location's own value (`acc_0 = acc_0;`, `compile(self_copies=True)`), and, for records made before it rendered
aligned vector accesses as elements of vector arrays, also with vloadn/vstoren."""

from __future__ import annotations

# the renderings of earlier code generators, latest first: each change keeps the ones before it
RENDERED_BEFORE = ({"self_copies": True}, {"self_copies": True, "aligned_vectors": False})


def replays_to_recorded_kernel(state, rec) -> bool:
    """The finished episode on a named lowering reaches the record's program, and its kernel is the record's as
    rendered now or by an earlier code generator (`RENDERED_BEFORE`)."""
    return state.lowered.key == rec.program_key and reaches_recorded_kernel(state, rec)


def reaches_recorded_kernel(state, rec) -> bool:
    """The finished episode's kernel is the record's, as rendered now or by an earlier code generator."""
    if state.kernel.key == rec.kernel_key:
        return True
    lowered = state.route.tuning.lowered(state.route.assignment)
    return any(lowered.compile(**options).key == rec.kernel_key for options in RENDERED_BEFORE)
