"""The memory-access-graph barrier pass on the OpenCL device (PoCL in CI): Listings 5.3-5.6 (both barrier methods)
against the interpreter, and every catalogued lowering with mapLcl (small sizes) against the NumPy reference,
with no more barriers than the classic pass."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import compile_program
from compiler.ir.interpret import interpret
from compiler.types import concrete_shape
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not _opencl_available(), reason="no OpenCL device")]


def _listings():
    from tests.unit.test_barriers_mag import LISTINGS

    return LISTINGS


def _run(kp, inputs):
    from tests.opencl_once import run_once

    return run_once(kp, inputs)


@pytest.mark.parametrize("method", ["mag", "classic"])
@pytest.mark.parametrize("name", ["5.3", "5.3-global", "5.4-uniform", "5.5", "5.6"])
def test_listing_on_device(name, method):
    p, sizes, local = _listings()[name]
    kp = compile_program(p, sizes, local_size=local, barriers=method)
    rng = np.random.default_rng(0)
    inputs = {q.name: rng.standard_normal(concrete_shape(q.type, sizes)).astype(np.float32) for q in p.params}
    gold = np.asarray(interpret(p, inputs, sizes), dtype=np.float32)
    out = _run(kp, inputs)
    np.testing.assert_allclose(out.reshape(-1), gold.reshape(-1), rtol=1e-4, atol=1e-5)


LOWERINGS = [("mm", "tiled", "small", None), ("mm", "tiled", "small", {"TM": 8, "TN": 8, "TK": 4, "RM": 2, "RN": 2,
                                                                        "VW": 4}),
             ("stencil2d", "tiled", "small", None), ("srad1", "tiled", "small", None),
             ("srad2", "tiled", "small", None), ("hotspot2d", "tiled", "small", None),
             ("gradient", "tiled", "small", None), ("jacobi2d-5pt", "tiled", "small", None),
             ("jacobi2d-9pt", "tiled", "small", None), ("gaussian", "tiled", "small", None),
             ("conv", "conv42", "small", None)]


@pytest.mark.parametrize(("bench", "name", "preset", "params"), LOWERINGS)
def test_catalogued_lowering_with_mag_barriers(bench, name, preset, params):
    from compiler.suite import get, rel_error
    from tests.lowerings import catalogued

    b = get(bench)
    lw = catalogued(bench, name, preset, params)
    classic = lw.compile()
    kp = lw.compile(barriers="mag")
    assert sum(k.source.count("barrier(") for k in kp.kernels) <= sum(
        k.source.count("barrier(") for k in classic.kernels)
    sizes = dict(lw.sizes)
    inputs = b.make_inputs(sizes, np.random.default_rng(0))
    ref = b.reference(inputs, sizes)
    err = rel_error(_run(kp, inputs).reshape(ref.shape), ref)
    assert err <= b.tolerance
