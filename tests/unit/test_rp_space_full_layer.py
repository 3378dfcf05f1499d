"""Rewrite-point spaces at a full VGG-16 layer: every tuning domain is small enough to build (a split's divisor
ranges over the divisors of the split length's values, not over [1, length]), and a mapping whose single launch
would run for seconds is rejected by the lowering's static time floor before it is built."""

from __future__ import annotations

import numpy as np
import pytest
import sympy

from compiler.constraints.device import H100
from compiler.constraints.infer import MAX_DOMAIN, infer
from compiler.constraints.points import rp_space
from compiler.ir.build import join, map_, pad, program, split
from compiler.ir.userfuns import NEG
from compiler.lowering.points import LoweringFailed, time_error, time_floor
from compiler.lowering.points_route import lower_program, lower_rewrite_points
from compiler.suite import resolve
from compiler.suite.annotated import ANNOTATIONS, CONV_RP
from compiler.suite.common import ZERO
from compiler.types import FLOAT, array

IM2COL = 112 * 112 * 9 * 128  # the windows of VGG-16 layer 7, flattened: 14,450,688 elements


def _divisors(n: int) -> tuple[int, ...]:
    return tuple(sympy.divisors(n))


def test_tiles_of_a_length_beyond_max_domain_get_divisor_domains():
    assert IM2COL > MAX_DOMAIN
    p = program("t", {"x": array(FLOAT, "N")},
                lambda x: join() @ map_(join() @ map_(map_(NEG)) @ split("b")) @ split("a") << x)
    tp = infer(p, {"N": IM2COL})
    assert tp.domains["a"] == _divisors(IM2COL)  # [1, 14450688] raised "ranges over 14450688 values" before
    assert tp.domains["b"] == _divisors(IM2COL)
    assert tp.space().count() == sum(sympy.divisor_count(IM2COL // a) for a in tp.domains["a"])


def test_a_tile_of_a_padded_length_ranges_over_the_divisors_of_every_padded_length():
    p = program("t", {"x": array(FLOAT, "N")},
                lambda x: join() @ map_(map_(NEG)) @ split("t") @ pad(0, "q", ZERO) << x)
    tp = infer(p, {"N": IM2COL}, ranges={"q": (0, 64)})
    assert tp.domains["t"] == tuple(sorted(set().union(*(_divisors(IM2COL + q) for q in range(65)))))


@pytest.fixture(scope="module")
def gemm7():
    _, sizes = resolve("benchmark://lift/conv-rp/vgg16-7")
    ann = ANNOTATIONS["conv-rp"]
    return rp_space(CONV_RP, sizes, preset="gemm", presets=ann.presets, heuristics=ann.heuristics), sizes


@pytest.mark.parametrize("seed, overflowed", [(4, "fissionIm2col/optimiseDataLayout.factor1"),
                                             (24, "abTilePrefetch/materialiseA/splitJoinND.tileSize0")])
def test_gemm_layer7_structures_that_overflowed_now_build(gemm7, seed, overflowed):
    """Structures whose tuning problem raised "ranges over 14450688 values" (the im2col kernel's data-layout split)
    or "over 14524416 values" (the prefetch copy's tiles, of a length that is a product of two tile sizes)."""
    space, _ = gemm7
    s = space.random_structure(np.random.default_rng(seed))
    tp = space.tuning(s)
    assert overflowed in tp.params
    assert 1 < len(tp.domains[overflowed]) < 10_000
    assert max(len(d) for d in tp.domains.values()) < 10_000


def test_gemm_layer7_configuration_lowers_to_opencl_under_the_h100_limits(gemm7):
    space, sizes = gemm7
    rng = np.random.default_rng(4)
    s = space.random_structure(rng)
    (tuning,) = space.tuning_space(s).sample(rng, 1)
    low = lower_rewrite_points(CONV_RP, {**s.values, **tuning}, sizes, mapping="outer", limits=H100)
    assert low.kernels >= 2 and all("kernel void" in k.source for k in low.kernel.kernels)
    assert sum(t for _, t, _ in time_floor(low.kernel, low.lowered, sizes, H100)) <= 2.0


def test_time_floor_rejects_a_sequential_kernel_and_keeps_a_parallel_one():
    """mm at 2048^3 in one work item floors at 6e10 statements / 2e9 per s = 30 s; one work item per row of the
    result (2048 items, 2.9e7 statements each) at 15 ms."""
    mm, _ = resolve("benchmark://lift/mm")
    sizes = {"M": 2048, "N": 2048, "K": 2048}
    seq = lower_program(mm.program, sizes, mapping={"m0": 0, "m1": 0})
    glb = lower_program(mm.program, sizes, mapping={"m0": 30, "m1": 0})
    assert seq.describe == "m0=mapSeq, m1=mapSeq" and glb.describe == "m0=mapGlb(0), m1=mapSeq"
    assert time_error(seq.kernel, seq.lowered, sizes, H100) is not None
    assert time_error(glb.kernel, glb.lowered, sizes, H100) is None
    ((_, floor, _),) = time_floor(glb.kernel, glb.lowered, sizes, H100)
    assert 0.005 < floor < 0.05
    with pytest.raises(LoweringFailed, match="launch-time floor"):
        lower_program(mm.program, sizes, mapping={"m0": 0, "m1": 0}, limits=H100)
