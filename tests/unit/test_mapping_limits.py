"""The mapping decisions respect the device's work-group limits: a mapLcl's iteration count is its work group's
size (the code generator's NDRange), so a mapping whose work group the device cannot launch is never offered."""

from __future__ import annotations

from compiler.constraints.device import GENERIC_GPU, POCL_CPU
from compiler.lowering import stages
from compiler.lowering.points import launch_error
from compiler.suite import resolve


def _high(uri: str):
    bench, sizes = resolve(uri)
    return bench.program, sizes


def _complete(mp, partial=()):
    """Every complete mapping reachable through the offered codes."""
    if len(partial) == len(mp.sites):
        yield partial
        return
    for c in mp.valid_codes(partial):
        yield from _complete(mp, (*partial, c))


def test_a_work_group_beyond_the_device_is_not_offered():
    program, sizes = _high("benchmark://lift/stencil2d?M=4096&N=4096")
    free = stages.mapping_problem(program, sizes)
    limited = stages.mapping_problem(program, sizes, GENERIC_GPU)
    # rows to work groups, a row's 4096 points to the work items of one group: a work group of 4096
    assert 21 in free.valid_codes(()) and 11 in free.valid_codes((21,))
    assert 11 not in limited.valid_codes((21,))
    assert limited.valid_codes(()) and all(limited.valid_codes((c,)) for c in limited.valid_codes(()))


def test_every_offered_mapping_launches_within_the_limits():
    small = POCL_CPU.with_(max_work_group_size=16, max_work_item_sizes=(16, 16, 16))
    program, sizes = _high("benchmark://lift/stencil2d?M=32&N=32")
    mp = stages.mapping_problem(program, sizes, small)
    mappings = list(_complete(mp))
    assert mappings and (0,) * len(mp.sites) in mappings
    for codes in mappings:
        kp = stages.compile_program(mp.lower(codes), sizes)
        assert launch_error(kp, small) is None, codes
    # without the limits some mapping offered has a work group of 32 (a row per group)
    free = stages.mapping_problem(program, sizes)
    assert any(launch_error(stages.compile_program(free.lower(c), sizes), small) for c in _complete(free))
