"""A per-work-item (private) result of a parallel loop over 1 is held by work item 0 only.

A mapGlb(d)/mapLcl(d)/mapWrg(d) over 1 runs in work item (group) 0 of dimension d; a private result of it gets a
stride-0 dimension (`compiler.codegen.memory`) read at the folded index 0. Read by other work items (a later
mapGlb(d) over n > 1, or code outside every loop of that dimension while the launch has several work items
there), every other work item reads its own never-written copy. Sampled conv-rp configurations did this (a
privatised accumulator's result of a mapGlb(2) over 1 read by a mapGlb(2) over 14: wrong results on PoCL); the
code generator now refuses such a read (`compiler.codegen.ndrange`), so the decision route does not offer it.
"""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import compile_program
from compiler.errors import CodegenError
from compiler.ir.build import (
    get,
    join,
    map_glb,
    map_lcl,
    map_seq,
    map_wrg,
    program,
    reduce_seq,
    split,
    to_global,
    to_private,
    value,
    zip_,
)
from compiler.ir.userfuns import ADD, ID, NEG, SQUARE
from compiler.types import FLOAT, array
from tests.opencl_once import opencl_available as _opencl_available


def _square_then(reader):
    """square each row of `a` in private memory in a mapGlb(0) over 1, then `reader` negates it."""
    return program("onecopy", {"a": array(FLOAT, 8)}, lambda a: reader << to_private(
        map_glb(0, map_seq(SQUARE))) << split(8) << a)


# the reader is a mapGlb(0) over 8: work items 1..7 read their own, never written, private copy
ACROSS = _square_then(map_glb(0, to_global(NEG)) << join())
# the reader is a mapGlb(0) over 1 as well: only work item 0 writes and reads
SAME = _square_then(join() << map_glb(0, map_seq(to_global(NEG))))
# the reader is outside every mapGlb(0): right only while the launch has one work item in dimension 0
OUTSIDE = _square_then(to_global(map_seq(NEG)) << join())


def test_reading_a_result_of_a_loop_over_1_in_other_work_items_is_refused():
    with pytest.raises(CodegenError, match=r"priv is written by a glb loop over 1 in dimension 0.*8 work items"):
        compile_program(ACROSS, {})


def test_reading_it_in_work_item_0_only_compiles():
    assert compile_program(SAME, {}).kernels[0].global_size == (1,)
    assert compile_program(SAME, {}, global_size=(4,)).kernels[0].global_size == (4,)  # guarded: item 0 reads
    assert compile_program(OUTSIDE, {}).kernels[0].global_size == (1,)
    with pytest.raises(CodegenError, match="read outside such a loop by 4 work items"):
        compile_program(OUTSIDE, {}, global_size=(4,))  # every work item would read


def _column_sums(reader):
    """per work group (4 rows of 2), a private accumulator [float]2 updated in place by a mapLcl(0) over 2, then
    `reader` copies it out"""
    def body(a):
        return join() << map_wrg(0, lambda rows: reader << reduce_seq(
            to_private(map_seq(ID)) << value(0, array(FLOAT, 2)),
            lambda acc, y: map_lcl(0, lambda t: ADD(get(0) << t, get(1) << t)) << zip_(acc, y)) << rows
        ) << split(4) << split(2) << a
    return program("lclacc", {"a": array(FLOAT, 32)}, body)


# the conv-rp failure's second shape: work item 0 reads acc[1], which only work item 1 updated
ACC_ACROSS = _column_sums(map_lcl(0, to_global(map_seq(ID))) << split(2) << join())
# each work item copies out the element it updated
ACC_SAME = _column_sums(map_lcl(0, to_global(ID)) << join())


def test_private_accumulator_updated_per_work_item_is_read_per_work_item():
    with pytest.raises(CodegenError, match=r"acc is written per work item of a lcl loop in dimension 0 .*"
                                           r"read at \[i \+ 2 \* l_id_0\] at another index"):
        compile_program(ACC_ACROSS, {})
    assert "acc[l_id_0]" in compile_program(ACC_SAME, {}).source


def _run(kp, inputs, gold):
    from compiler.runtime import MeasureConfig
    from compiler.runtime.measure import measure_in_process

    cfg = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-6, min_samples=1, max_samples=1)
    return measure_in_process(kp, inputs, {kp.outputs[0]: gold}, cfg)


# the first wrong configuration of `scripts/check_rewrite_points_pocl.py --n 100 --layers 24 --variants direct`
# (seed 0, VGG-16 layer 24 with 8 in / 16 out channels) and the mapping that computed wrong results on PoCL
LAYER24 = {"inH": 14, "inW": 14, "inChs": 8, "outChs": 16, "kerH": 3, "kerW": 3}
CONFIG = {
    "padInput.skip": 1, "fissionInput.skip": 0, "padWindows.skip": 1, "fissionIm2col.skip": 1,
    "abTileOuter.skip": 0, "abTileInner.skip": 1, "tnmrParallel.skip": 0, "tnmrReuse.skip": 1,
    "abTilePrefetch.skip": 1, "privAcc.skip": 1, "privAcc.resultMem": "global", "fissionWeights.skip": 0,
    "flattenWindows.skip": 0, "fissionInput/optimiseDataLayout.skip": 0,
    "fissionInput/optimiseDataLayout.newDimOrder": (1, 0), "abTileOuter/interchangeMaps.skip": 1,
    "tnmrParallel/interchangeReduceND.skip": 0, "tnmrParallel/interchangeReduceND.newReduceDim": 2,
    "tnmrParallel/privatiseAccumulator.skip": 0, "tnmrParallel/privatiseAccumulator.resultMem": "global",
    "tnmrParallel/splitJoinND.skip": 0, "abTileOuter/materialiseB.skip": 1,
    "abTileOuter/materialiseB.targetMem": "private", "abTileOuter/materialiseA.skip": 1,
    "abTileOuter/materialiseA.targetMem": "private", "fissionWeights/optimiseDataLayout.skip": 0,
    "fissionWeights/optimiseDataLayout.newDimOrder": (1, 0), "fissionWeights/materialise.skip": 0,
    "fissionWeights/materialise.targetMem": "global", "fissionInput/materialise.skip": 0,
    "fissionInput/materialise.targetMem": "global", "fissionWeights/materialise/joinSplitND.skip": 1,
    "fissionWeights/materialise/splitJoinND.skip": 0, "fissionInput/materialise/joinSplitND.skip": 0,
    "fissionInput/materialise/splitJoinND.skip": 0, "abTileOuter.tileSizeB": 4, "abTileOuter.tileSizeA": 14,
    "tnmrParallel/interchangeReduceND.factor1": 4, "tnmrParallel/interchangeReduceND.factor0": 14,
    "tnmrParallel/splitJoinND.tileSize0": 9, "tnmrParallel/splitJoinND.tileSize1": 8, "tnmrParallel.tileSize": 1,
    "fissionWeights/optimiseDataLayout.factor1": 8, "fissionWeights/materialise/splitJoinND.tileSize0": 1,
    "fissionWeights/materialise/splitJoinND.tileSize1": 2, "fissionWeights/materialise/splitJoinND.tileSize2": 4,
    "fissionInput/optimiseDataLayout.factor1": 2, "fissionInput/materialise/splitJoinND.tileSize0": 1,
    "fissionInput/materialise/splitJoinND.tileSize1": 16, "fissionInput/materialise/splitJoinND.tileSize2": 8,
}
# m3, m8: the two mapGlb(2) (over 1 and over 14); 0 mapSeq, 1 fused, 1x lcl, 2x wrg, 3x glb (x: the dimension)
WRONG_MAPPING = {"m0": 0, "m1": 31, "m2": 0, "m3": 32, "m4": 0, "m5": 0, "m6": 0, "m7": 0, "m8": 32, "m9": 0,
                 "m10": 0, "m11": 0, "m12": 0, "m13": 20, "m14": 21, "m15": 11, "m16": 10, "m17": 30, "m18": 1,
                 "m19": 1, "m20": 1, "m21": 31, "m22": 1, "m23": 0}


@pytest.mark.opencl
@pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")
def test_shrunk_program_on_pocl():
    a = np.arange(1, 9, dtype=np.float32)
    for p, launch in ((SAME, (4,)), (OUTSIDE, None)):
        m = _run(compile_program(p, {}, global_size=launch), {"a": a}, -a * a)
        assert m.status == "ok", m.message
    a = np.arange(32, dtype=np.float32)
    m = _run(compile_program(ACC_SAME, {}), {"a": a}, a.reshape(4, 4, 2).sum(axis=1).reshape(-1))
    assert m.status == "ok", m.message


@pytest.mark.opencl
@pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")
def test_conv_rp_configuration_that_computed_wrong_results():
    from compiler.lowering.points import LoweringFailed
    from compiler.lowering.points_route import lower_rewrite_points
    from compiler.suite import annotated, resolve

    # refused: since stage results are written to global memory (finish(stages_to_global=True)) the first stage's
    # result is no longer a private buffer (the ndrange check, tested on the shrunk programs above) but a global one
    # read by other mapGlb work items of the same kernel (the barrier check)
    with pytest.raises(LoweringFailed, match=r"written by a glb loop over 1 in dimension 2|read by other work items"):
        lower_rewrite_points(annotated.CONV_RP, CONFIG, LAYER24, mapping=WRONG_MAPPING)
    low = lower_rewrite_points(annotated.CONV_RP, CONFIG, LAYER24, mapping="outer")
    bench, _ = resolve("benchmark://lift/conv")
    inputs = bench.make_inputs(LAYER24, np.random.default_rng(7))
    gold = np.asarray(bench.reference(inputs, LAYER24), dtype=np.float32)
    m = _run(low.kernel, {k: inputs[k] for k in low.kernel.inputs}, gold)
    assert m.status == "ok", (low.describe, m.message)


def test_work_groups_larger_than_the_device_are_a_rejected_mapping():
    from dataclasses import replace

    from compiler.constraints.device import POCL_CPU
    from compiler.lowering.points import launch_error

    kp = compile_program(ACC_SAME, {})  # mapWrg(0) over 4 x mapLcl(0) over 2: work groups of 2
    assert kp.kernels[0].local_size == (2,)
    assert launch_error(kp, POCL_CPU) is None
    assert "of 2 work items exceeds the device's 1" in launch_error(kp, replace(POCL_CPU, max_work_group_size=1))
    assert "local size 2 in dimension 0" in launch_error(kp, replace(POCL_CPU, max_work_item_sizes=(1, 1, 1)))
