"""Rewrite-point configurations of the annotated conv (direct and GEMM presets) and the hand-written designs,
lowered, compiled and run on the OpenCL device (PoCL in CI), compared with the benchmark's NumPy reference.
The full check (100 configurations per variant at VGG-16 shapes) is scripts/check_rewrite_points_pocl.py."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.constraints.points import rp_space
from compiler.lowering.points import LoweringFailed
from compiler.lowering.points_route import lower_program, lower_rewrite_points
from compiler.suite import rel_error, resolve
from compiler.suite.annotated import ANNOTATIONS, conv_design, design_params
from tests.opencl_once import opencl_available as _opencl_available
from tests.opencl_once import run_once

pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]

SIZES = {"inH": 6, "inW": 6, "inChs": 4, "outChs": 4, "kerH": 3, "kerW": 3}


def _check(kernel, sizes, seed: int) -> float:
    bench, _ = resolve("benchmark://lift/conv")
    inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
    ref = bench.reference(inputs, sizes)
    return rel_error(run_once(kernel, inputs).reshape(ref.shape), ref)


# VGG-16 layer 24 with the channels reduced as in the script (14 x 14, 8 -> 16 channels)
LAYER24 = {"inH": 14, "inW": 14, "inChs": 8, "outChs": 16, "kerH": 3, "kerW": 3}


@pytest.mark.parametrize("sizes", [SIZES, LAYER24], ids=["small", "vgg16-24"])
@pytest.mark.parametrize("preset", ["direct", "gemm"])
def test_sampled_rewrite_point_configurations_run_correctly(preset, sizes):
    bench, _ = resolve("benchmark://lift/conv-rp")
    ann = ANNOTATIONS["conv-rp"]
    space = rp_space(bench.program, sizes, preset=preset, presets=ann.presets, heuristics=ann.heuristics)
    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(12):
        if checked == 2:
            break
        (config,) = space.sample(rng, 1)
        try:
            low = lower_rewrite_points(bench.program, config, sizes, mapping="outer")
        except LoweringFailed:
            continue  # no parallel mapping compiles: rejected, as in the script
        assert ("fissionIm2col" if preset == "gemm" else "fissionInput") in {lab for lab, _ in low.applied}
        assert _check(low.kernel, sizes, checked) < 1e-5, (config, low.describe)
        checked += 1
    assert checked == 2


@pytest.mark.parametrize("kind,kernels", [("direct", 2), ("gemm", 3)])
def test_hand_written_designs_run_correctly(kind, kernels):
    dom = design_params(SIZES)
    env = {**SIZES, "tA": dom["tA"][1], "tB": dom["tB"][-1]}
    low = lower_program(conv_design(kind), env, rng=0, mapping="outer")
    assert low.kernels == kernels
    assert _check(low.kernel, SIZES, 1) < 1e-5
