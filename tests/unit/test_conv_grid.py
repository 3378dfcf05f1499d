"""The grid over conv42's space of scripts/conv_sweep_gpu.py: values fixed for the grid are in every point after
the defaults, every point is in the space, and more ω per cell widen the grid."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from compiler.constraints.device import H100
from compiler.lowering import templates
from compiler.suite import get, resolve

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.fixture(scope="module")
def sweep():
    sys.path.insert(0, str(SCRIPTS))  # the script imports its neighbours (gpu_bench, mm_sweep_gpu)
    try:
        spec = importlib.util.spec_from_file_location("conv_sweep_gpu", SCRIPTS / "conv_sweep_gpu.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        yield mod
    finally:
        sys.path.remove(str(SCRIPTS))


@pytest.fixture(scope="module")
def space():
    _, sizes = resolve("benchmark://lift/conv/small")
    return templates.template_problem(get("conv"), "conv42", sizes, H100)


def test_fixed_values_are_in_every_grid_point_after_the_defaults(sweep, space):
    plain = sweep.grid(space)
    one_kernel = sweep.grid(space, fixed={"padView": 1, "cropView": 1})
    defaults = {p.name: int(space.defaults[p.name]) for p in space.params}
    assert plain[0] == one_kernel[0] == defaults and defaults["padView"] == defaults["cropView"] == 0
    assert len(one_kernel) > 1 and all(p["padView"] == p["cropView"] == 1 for p in one_kernel[1:])
    assert all(space.space.check(p) for p in one_kernel)
    assert len({tuple(sorted(p.items())) for p in one_kernel}) == len(one_kernel)


def test_more_omegas_per_cell_and_other_sigmas_change_the_grid(sweep, space):
    two, four = (sweep.grid(space, fixed={"padView": 1, "cropView": 1}, n_omega=n) for n in (2, 4))
    assert {p["ω"] for p in two} < {p["ω"] for p in four}
    assert {p["σ"] for p in sweep.grid(space, sigmas=(2,))[1:]} == {2}
