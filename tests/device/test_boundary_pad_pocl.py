"""Pads from the array's boundary (padClamp, padMirror, padWrap and their ND forms) in generated OpenCL kernels run
on PoCL, against np.pad's 'edge', 'symmetric' and 'wrap' modes: 1-D and 2-D, amounts above 1 and up to the array
length (and beyond it for mirror and wrap), and a clamped 3-point stencil read through slide."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import compile_program
from compiler.ir.build import (
    join,
    map_glb,
    map_seq,
    pad,
    pad_nd,
    program,
    reduce_seq,
    slide,
    slide_nd,
    to_global,
    value,
)
from compiler.ir.interpret import interpret
from compiler.ir.userfuns import ADD, ID
from compiler.types import FLOAT, array
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not _opencl_available(), reason="no OpenCL device")]

NP_MODE = {"clamp": "edge", "mirror": "symmetric", "wrap": "wrap"}
RNG = np.random.default_rng(7)


def _run(prog, sizes: dict, inputs: dict[str, np.ndarray]) -> tuple[np.ndarray, str]:
    from compiler.runtime.cl import open_device

    kp = compile_program(prog, sizes)
    prepared = open_device().prepare(kp)
    try:
        prepared.write_inputs({n: np.ascontiguousarray(inputs[n], np.float32).reshape(-1) for n in kp.inputs})
        prepared.poison_outputs()
        prepared.launch(1)
        return prepared.read_outputs()[kp.outputs[0]], kp.source
    finally:
        prepared.release()


@pytest.mark.parametrize("mode", list(NP_MODE))
@pytest.mark.parametrize(("left", "right"), [(1, 1), (2, 3), (0, 5), (5, 5), (4, 0)])
def test_boundary_pad_1d_kernel_matches_np_pad(mode, left, right):
    x = RNG.uniform(-1, 1, 5).astype(np.float32)
    prog = program("p", {"a": array(FLOAT, "N")}, lambda a: map_glb(0, to_global(ID)) << pad(left, right, mode) << a)
    got, src = _run(prog, {"N": 5}, {"a": x})
    np.testing.assert_array_equal(got, np.pad(x, (left, right), mode=NP_MODE[mode]), err_msg=src)


@pytest.mark.parametrize("mode", ["mirror", "wrap"])
def test_boundary_pad_wider_than_the_array_kernel_matches_np_pad(mode):
    x = RNG.uniform(-1, 1, 3).astype(np.float32)
    prog = program("p", {"a": array(FLOAT, "N")}, lambda a: map_glb(0, to_global(ID)) << pad(7, 8, mode) << a)
    got, src = _run(prog, {"N": 3}, {"a": x})
    np.testing.assert_array_equal(got, np.pad(x, (7, 8), mode=NP_MODE[mode]), err_msg=src)


@pytest.mark.parametrize("mode", list(NP_MODE))
@pytest.mark.parametrize("amounts", [(1, 1, 1, 1), (2, 1, 0, 3), (4, 4, 5, 5)])
def test_boundary_pad_nd_2d_kernel_matches_np_pad(mode, amounts):
    x = RNG.uniform(-1, 1, (4, 5)).astype(np.float32)
    t, b, l, r = amounts
    prog = program("p", {"a": array(FLOAT, "M", "N")},
                   lambda a: map_glb(1, map_glb(0, to_global(ID))) << pad_nd(amounts, mode) << a)
    got, src = _run(prog, {"M": 4, "N": 5}, {"a": x})
    np.testing.assert_array_equal(got.reshape(4 + t + b, 5 + l + r),
                                  np.pad(x, ((t, b), (l, r)), mode=NP_MODE[mode]), err_msg=src)


@pytest.mark.parametrize("mode", list(NP_MODE))
def test_boundary_padded_stencils_match_the_interpreter(mode):
    def total(w):
        return to_global(map_seq(ID)) << reduce_seq(value(0, FLOAT), ADD) << w

    one = program("s1", {"a": array(FLOAT, "N")},
                  lambda a: map_glb(0, total) << slide(3, 1) << pad(1, 1, mode) << a)
    two = program("s2", {"a": array(FLOAT, "M", "N")},
                  lambda a: map_glb(1, map_glb(0, lambda nb: total(join() << nb)))
                  << slide_nd((3, 3), (1, 1)) << pad_nd((1, 1, 1, 1), mode) << a)
    for prog, shape, sizes in ((one, (9,), {"N": 9}), (two, (6, 7), {"M": 6, "N": 7})):
        x = RNG.uniform(-1, 1, shape).astype(np.float32)
        want = np.asarray(interpret(prog, {"a": x}, sizes), np.float32).reshape(-1)
        got, src = _run(prog, sizes, {"a": x})
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=src)
