"""A small exploration over the decision route checked on the OpenCL device (PoCL in CI): every generated kernel,
those of the named lowerings included, equals the benchmark's NumPy reference (compiler/explore, `lift-gym
explore`)."""

from __future__ import annotations

import pytest

from compiler.explore import ExploreConfig, explore
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]


@pytest.mark.parametrize("uri, max_programs", [("benchmark://lift/gemv/small", 6),
                                               ("benchmark://lift/jacobi2d-5pt/small", 4)])
def test_small_exploration_all_correct(uri, max_programs):
    cfg = ExploreConfig(max_programs=max_programs, depth=1, lowered=2, samples=2, seed=0, max_kernels=12)
    rep = explore(uri, cfg)
    assert rep.named and rep.high_level == max_programs
    assert rep.kernels == 12 and rep.checked == rep.kernels
    assert rep.status == {"ok": rep.kernels}, rep.text()
    assert not rep.failures and rep.codegen_failed == 0
    assert rep.device
