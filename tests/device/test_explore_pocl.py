"""A small exploration checked on the OpenCL device (PoCL in CI): every generated kernel equals the benchmark's
NumPy reference (compiler/explore, `lift-gym explore`)."""

from __future__ import annotations

import pytest

from compiler import suite
from compiler.explore import ExploreConfig, explore_benchmark


def _opencl_available() -> bool:
    try:
        from compiler.runtime.cl import opencl_available
    except ImportError:
        return False
    return opencl_available()


pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]


@pytest.mark.parametrize("uri, kernels", [("benchmark://lift/mm/small", 20),
                                          ("benchmark://lift/jacobi2d-5pt/small", 10)])
def test_small_exploration_all_correct(uri, kernels):
    bench, sizes = suite.resolve(uri)
    cfg = ExploreConfig(max_programs=10, depth=1, lowered=8, samples=2, seed=0, max_kernels=kernels)
    rep = explore_benchmark(bench, sizes, cfg, uri=uri)
    assert rep.kernels == kernels
    assert rep.checked == kernels
    assert rep.status == {"ok": kernels}, rep.text()
    assert not rep.failures and not rep.codegen_crashes
    assert rep.device
