"""gemv tiled (a work group per R rows, L work items per row reading strided columns, partial sums reduced in local
memory): the interpreter and PoCL agree with the NumPy reference at its defaults and at points of the template's
space; the parameters are size variables of one program; the reads of A are coalesced; bad values are refused."""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler.constraints.device import H100
from compiler.ir.interpret import interpret
from compiler.lowering import LoweringError, templates
from compiler.lowering.catalog import lowerings
from compiler.suite import get, rel_error
from tests.lowerings import catalogued
from tests.opencl_once import opencl_available as _opencl_available
from tests.opencl_once import run_once

BENCH = get("gemv")
SIZES = [{"M": 16, "N": 32}, {"M": 24, "N": 20}, {"M": 12, "N": 64}]


def _run_on_device(lowered, inputs):
    kp = lowered.compile()
    assert [k.local_size for k in kp.kernels] == [(lowered.params["L"],)]
    return run_once(kp, inputs)


def _check(lowered, seed: int, device: bool):
    sizes = dict(lowered.sizes)
    inputs = BENCH.make_inputs(sizes, np.random.default_rng(seed))
    ref = BENCH.reference(inputs, sizes)
    outs = [interpret(lowered.program, inputs, lowered.env)]
    if device:
        outs.append(_run_on_device(lowered, inputs).reshape(ref.shape))
    for out in outs:
        assert out.shape == ref.shape
        assert rel_error(out, ref) <= BENCH.tolerance, dict(lowered.params)


def _points(seed: int = 0, per_size: int = 3):
    rng = np.random.default_rng(seed)
    out = []
    for sizes in SIZES:
        tp = templates.template_problem(BENCH, "tiled", sizes, H100)
        for _ in range(per_size):  # a random valid value per parameter in decision order
            point: dict[str, int] = {}
            for p in tp.params:
                vals = tp.valid_values(p.name, point)
                point[p.name] = int(vals[rng.integers(len(vals))])
            out.append((sizes, point))
    return out


def test_defaults_compute_the_reference():
    for preset in ("small", "small2"):
        lowered = catalogued("gemv", "tiled", preset)
        assert lowered.params["L"] & (lowered.params["L"] - 1) == 0
        _check(lowered, seed=0, device=_opencl_available())


@pytest.mark.parametrize(("sizes", "point"), _points())
def test_points_of_the_template_space_compute_the_reference(sizes, point):
    tp = templates.template_problem(BENCH, "tiled", sizes, H100)
    assert tp.space.check(point)
    _check(tp.lowered(point), seed=sum(point.values()), device=_opencl_available())


def test_template_space_is_inferred_from_the_splits():
    tp = templates.template_problem(BENCH, "tiled", {"M": 4096, "N": 4096}, H100)
    assert [p.name for p in tp.params] == ["L", "R"]
    lanes = tp.valid_values("L", {})
    assert max(lanes) == H100.max_work_group_size and all(4096 % v == 0 for v in lanes)
    widest = max(lanes)
    rows = tp.valid_values("R", {"L": widest})
    assert rows and all(4 * widest * r <= H100.local_mem_bytes and 4096 % r == 0 for r in rows)
    assert "tiled" in templates.available_templates(BENCH, {"M": 4096, "N": 4096}, H100)


def test_parameters_are_size_variables_of_one_program():
    a = lowerings("gemv")["tiled"]({"M": 16, "N": 32}, {"L": 8, "R": 2})
    b = lowerings("gemv")["tiled"]({"M": 16, "N": 32}, {"L": 16, "R": 4})
    assert a.program == b.program
    assert "split(L)" in str(a.program) and "split(R)" in str(a.program)
    assert a.kernels[0].global_size == (16 // 2 * 8,) and a.kernels[0].local_size == (8,)


def test_neighbouring_work_items_read_neighbouring_words_of_a_row():
    source = catalogued("gemv", "tiled", {"M": 64, "N": 256}, {"L": 32, "R": 2}).compile().source
    reads = re.findall(r"A\[([^\]]*)\]", source)
    assert reads and all(re.match(r"l_id_0 \+", r) for r in reads), reads  # unit stride in the local id
    assert "barrier(CLK_LOCAL_MEM_FENCE)" in source


@pytest.mark.parametrize(("params", "text"), [({"L": 3}, "L a power of 2"), ({"L": 64}, "N % L = 0"),
                                              ({"R": 5}, "M % R = 0"), ({"L": 32, "R": 512}, "local memory")])
def test_bad_parameters_are_refused_naming_the_constraint(params, text):
    with pytest.raises(LoweringError, match=text):
        catalogued("gemv", "tiled", {"M": 1024, "N": 32}, params)
