"""Uniformly sampled valid points of the conv42 and mm-tiled tuning spaces build and pass on the OpenCL device.

The quick version of scripts/check_space_pocl.py (whose 200-point run is recorded in
docs/benchmarks/space_pocl.md): small sizes, 8 seeded points per space, the device's limits read from OpenCL.
"""

from __future__ import annotations

import importlib.util
import queue
from pathlib import Path

import numpy as np
import pytest

from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check_space_pocl.py"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("check_space_pocl", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def workers():
    from compiler.runtime import MeasureWorker

    w = MeasureWorker()
    q: queue.Queue = queue.Queue()
    q.put(w)
    yield q
    w.close()


def _limits(workers):
    from compiler.constraints.device import DeviceLimits

    w = workers.get()
    workers.put(w)
    return DeviceLimits.from_device_info(w.info)


CONV = {"inH": 6, "inW": 5, "inChs": 16, "outChs": 4, "kerH": 3, "kerW": 3}
_SPACES: dict = {}


def _space(tool, workers, bench, lowering, sizes):
    key = (bench, lowering, tuple(sorted(sizes.items())))
    if key not in _SPACES:
        _SPACES[key] = tool.SpaceUnderTest(bench, lowering, sizes, _limits(workers))
    return _SPACES[key]


@pytest.mark.parametrize(("bench", "lowering", "sizes"), [("conv", "conv42", CONV), ("mm", "tiled", {"M": 32, "N": 16,
                                                                                                    "K": 32})])
def test_sampled_valid_points_build_and_pass(tool, workers, bench, lowering, sizes):
    sut = _space(tool, workers, bench, lowering, sizes)
    assert sut.count > 100
    points = sut.space.sample(np.random.default_rng(7), 8)
    res = tool.check_points(sut, points, workers, seed=0, progress=False)
    assert res["checked"] == 8
    assert res["passed"] == 8, res["failures"]
    rate = tool.SpaceUnderTest.unconstrained(sut, np.random.default_rng(1), 20_000, exact_domains=False)
    assert 0 <= rate["valid"] < rate["draws"]  # the constraints matter: most unconstrained points are invalid


@pytest.mark.parametrize("pad_view", [0, 1])
def test_vector_width_16_regression(tool, workers, pad_view):
    """PoCL 3.0's vload16 fills only 8 lanes; the code generator loads float16 as two vload8 (found by the check),
    also under the padding view's bounds test (padView = 1)."""
    sut = _space(tool, workers, "conv", "conv42", CONV)
    point = {"θ": 3, "σ": 1, "κ": 1, "ω": 16, "v": 16, "ρ": 0, "ρW": 0, "unroll": 0, "coalesce": 1,
             "padView": pad_view, "cropView": 0}
    assert sut.space.check(point)
    res = tool.check_points(sut, [point], workers, seed=0, progress=False)
    assert res["passed"] == 1, res["failures"]
