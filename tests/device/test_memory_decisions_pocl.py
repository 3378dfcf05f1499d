"""Programs the memory decisions of the route built (`lift-gym explore` on mm and on the README's negate program),
whose kernels were wrong on PoCL, against the interpreter (both barrier methods): a local buffer reused by the
iterations of an unrolled or sequential loop around a mapLcl, read or written by every work item in the same
iteration, needs a barrier before the next iteration writes it."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import compile_program
from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.types import concrete_shape
from tests.opencl_once import opencl_available as _opencl_available
from tests.unit.test_barriers_unrolled_local_reuse import (
    MM_SIZES,
    MM_UNROLLED_TO_LOCAL,
    NEGATE_SEQUENTIAL_COPY,
    NEGATE_SIZES,
    NEGATE_UNROLLED_COPY,
)

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not _opencl_available(), reason="no OpenCL device")]

CASES = {
    "mm unrolled toLocal": (MM_UNROLLED_TO_LOCAL, MM_SIZES, (16,)),
    "negate unrolled copyLocal": (NEGATE_UNROLLED_COPY, NEGATE_SIZES, (4,)),
    "negate sequential copyLocal": (NEGATE_SEQUENTIAL_COPY, {"N": 64}, (2,)),
}


@pytest.mark.parametrize("method", ["classic", "mag"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_kernel_of_a_memory_decision_equals_the_interpreter(name, method):
    from tests.opencl_once import run_once

    text, sizes, local = CASES[name]
    p = parse_program(text)
    kp = compile_program(p, sizes, local_size=local, barriers=method)
    rng = np.random.default_rng(0)
    inputs = {q.name: rng.uniform(-1, 1, concrete_shape(q.type, sizes)).astype(np.float32) for q in p.params}
    gold = np.asarray(interpret(p, inputs, sizes), dtype=np.float32)
    out = run_once(kp, inputs)
    np.testing.assert_allclose(out.reshape(-1), gold.reshape(-1), rtol=1e-4, atol=1e-5)
