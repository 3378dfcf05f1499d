"""mm tiled with the switches KU (unrolled TK steps, A read as float4 along K), CB (columns in runs of 4, B
read from local memory as float4), AT (A held transposed in local memory, rows in runs of 4) and PF (the next
tiles loaded into registers during this one; copies of several rounds per work item, the last one short) on the
OpenCL device (PoCL in CI): the output equals the NumPy reference, square and rectangular."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.lowering.catalog import lowerings
from compiler.suite import get, rel_error
from tests.opencl_once import opencl_available as _opencl_available
from tests.opencl_once import run_once

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device")]


@pytest.mark.parametrize(("sizes", "params"), [
    ({"M": 32, "N": 32, "K": 32}, {"TM": 16, "TN": 16, "TK": 8, "RM": 4, "RN": 4, "VW": 4, "KU": 1, "CB": 1}),
    ({"M": 64, "N": 64, "K": 32}, {"TM": 32, "TN": 64, "TK": 8, "RM": 2, "RN": 8, "VW": 2, "KU": 0, "CB": 1}),
    ({"M": 64, "N": 64, "K": 32}, {"TM": 32, "TN": 64, "TK": 8, "RM": 2, "RN": 8, "VW": 2, "KU": 1, "CB": 1}),
    ({"M": 24, "N": 40, "K": 12}, {"TM": 8, "TN": 20, "TK": 4, "RM": 4, "RN": 4, "VW": 1, "KU": 1, "CB": 1}),
    ({"M": 24, "N": 40, "K": 12}, {"TM": 12, "TN": 8, "TK": 12, "RM": 3, "RN": 2, "VW": 2, "KU": 1, "CB": 0}),
    ({"M": 64, "N": 32, "K": 16}, {"TM": 64, "TN": 32, "TK": 16, "RM": 8, "RN": 8, "VW": 4, "KU": 1, "CB": 1}),
    ({"M": 64, "N": 64, "K": 32}, {"TM": 32, "TN": 32, "TK": 8, "RM": 4, "RN": 4, "VW": 4, "CB": 1, "AT": 1}),
    ({"M": 64, "N": 64, "K": 32}, {"TM": 32, "TN": 32, "TK": 8, "RM": 4, "RN": 4, "VW": 4, "KU": 1, "CB": 1, "AT": 1}),
    ({"M": 24, "N": 40, "K": 12}, {"TM": 8, "TN": 20, "TK": 4, "RM": 4, "RN": 4, "VW": 1, "CB": 0, "AT": 1}),
    ({"M": 64, "N": 32, "K": 16}, {"TM": 64, "TN": 32, "TK": 16, "RM": 8, "RN": 8, "VW": 2, "CB": 1, "AT": 1}),
    ({"M": 64, "N": 64, "K": 32}, {"TM": 32, "TN": 32, "TK": 8, "RM": 4, "RN": 4, "VW": 4, "CB": 1, "AT": 1, "PF": 1}),
    ({"M": 64, "N": 64, "K": 32}, {"TM": 32, "TN": 64, "TK": 8, "RM": 2, "RN": 8, "VW": 2, "KU": 1, "CB": 1, "PF": 1}),
    ({"M": 24, "N": 40, "K": 12}, {"TM": 8, "TN": 20, "TK": 4, "RM": 4, "RN": 4, "VW": 1, "KU": 1, "CB": 1, "PF": 1}),
    ({"M": 64, "N": 32, "K": 32}, {"TM": 64, "TN": 32, "TK": 16, "RM": 8, "RN": 8, "VW": 4, "PF": 1}),
])
def test_switches_compute_the_reference_on_the_device(sizes, params):
    bench = get("mm")
    lowered = lowerings("mm")["tiled"](sizes, params)
    inputs = bench.make_inputs(sizes, np.random.default_rng(5))
    ref = bench.reference(inputs, sizes)
    out = run_once(lowered.compile(), inputs).reshape(ref.shape)
    assert rel_error(out, ref) <= bench.tolerance, params
