"""The sliding-window rules (compiler.rewrite.rules_window), each on its own (applies where its guard holds, refuses
where not, keeps the interpreter's output), and the part of conv42 they derive from the benchmark's program:
optimisational padding with its crop, θ x θ tiling of the windows and Listing 4.3's window optimisation."""

from __future__ import annotations

import dataclasses
import functools
import itertools

import numpy as np
import pytest

from compiler import arith, suite
from compiler.errors import RuleNotApplicable
from compiler.ir.build import (
    as_vector,
    get,
    join,
    let,
    map_,
    map_glb,
    map_lcl,
    map_seq,
    map_seq_unroll,
    map_wrg,
    ocl_kernel,
    pad,
    pad_nd,
    program,
    reduce_,
    reduce_seq,
    reduce_seq_unroll,
    reorder,
    slide_nd,
    slide_strict_nd,
    split,
    to_global,
    to_gpu,
    to_host,
    to_local,
    to_private,
    transpose,
    transpose_nd,
    value,
    vectorise,
    zip_,
)
from compiler.ir.interpret import interpret
from compiler.ir.node import Lambda, Param, Prim, Program, walk, with_children
from compiler.ir.ops import Op
from compiler.ir.printer import show
from compiler.ir.userfuns import ADD, ID, MAX, MULT, MULT_AND_SUM_UP, NEG, SUB
from compiler.lowering import conv as conv42
from compiler.lowering import derivation as D
from compiler.lowering.default import finish
from compiler.lowering.util import LoweringError
from compiler.rewrite import apply, legal_sites, prepare, specialise
from compiler.rewrite import rules_window as W
from compiler.rewrite.rules_window import dot_and_sum_up
from compiler.suite.conv import PAD, STRIDE
from compiler.types import FLOAT, array, concrete_shape
from tests.lowerings import catalogued

ZERO = value(0, FLOAT)


def inputs_for(p: Program, sizes, seed=0):
    rng = np.random.default_rng(seed)
    return {q.name: rng.uniform(0.5, 1.5, size=concrete_shape(q.type, sizes)).astype(np.float32) for q in p.params}


def rewrite(p: Program, r, sizes, check_sizes=None, only=True) -> Program:
    """`r` at its only (`only`) or first legal site of the macro-expanded program; the result interprets like the
    input."""
    p = D.start(p)
    found = legal_sites(p, r, sizes)
    assert len(found) == 1 if only else found, (r.name, found, show(prepare(p)))
    q = apply(p, r, found[0], sizes)
    env = {**sizes, **(check_sizes or {})}
    xs = inputs_for(p, env)
    a, b = interpret(p, xs, env), interpret(q, xs, env)
    assert a.shape == b.shape and np.allclose(a, b, rtol=1e-5), (show(p), show(q))
    return q


def refused(p: Program, r, sizes=None) -> None:
    p = D.start(p)
    assert legal_sites(p, r, sizes) == []
    q = prepare(p)
    for path, _ in walk(q):
        with pytest.raises(RuleNotApplicable):
            apply(q, r, path, sizes)


def windows_prog(steps=(1, 1)) -> Program:
    """3 x 3 windows of a zero-padded image, each flattened."""
    return program("w", {"x": array(FLOAT, "H", "W")}, lambda x: map_(map_(join())) @ slide_nd((3, 3), steps)
                   @ pad_nd((1, 1, 1, 1), ZERO) << x)


def zip_reduce(f, init=ZERO, n="N") -> Program:
    return program("z", {"a": array(FLOAT, n), "b": array(FLOAT, n)},
                   lambda a, b: reduce_(init, f) << zip_(a, b))


def madd(acc, t):
    return ADD(acc, MULT(get(0) << t, get(1) << t))


def fused(acc, t):
    return MULT_AND_SUM_UP(acc, get(0) << t, get(1) << t)


# --- optimisational padding and crop ------------------------------------------------------------------------
@pytest.mark.parametrize("rho", [(2, 1), ("ρ", "ρW")])
def test_pad_optimise_pads_more_and_crops_the_extra_windows(rho):
    q = rewrite(windows_prog(), W.pad_optimise_2d(*rho), {"H": 5, "W": 6}, {"ρ": 2, "ρW": 3})
    text = show(q.body)
    assert "pad(1, " in text and "pad(0, -" in text


def test_pad_optimise_refuses_a_padding_that_is_not_a_whole_number_of_windows():
    refused(windows_prog((2, 2)), W.pad_optimise_2d(1, 2), {"H": 5, "W": 6})
    refused(program("w", {"x": array(FLOAT, "H", "W")}, lambda x: slide_nd((3, 3), (1, 1)) << x),
            W.pad_optimise_2d(2, 2))  # no pad under the windows


def test_crop_commutes_with_a_map():
    p = program("c", {"x": array(FLOAT, "N")}, lambda x: map_(NEG) @ pad(0, -3, ZERO) << x)
    q = rewrite(p, W.CROP_MAP, {"N": 9})
    assert show(q.body).startswith("pad(0, -3")


def test_crop_map_refuses_a_real_padding():
    refused(program("c", {"x": array(FLOAT, "N")}, lambda x: map_(NEG) @ pad(0, 3, ZERO) << x), W.CROP_MAP)


# --- tiling of the windows ------------------------------------------------------------------------------------
@pytest.mark.parametrize("theta,sizes", [(4, {"H": 8, "W": 6}), ("θ", {"H": 8, "W": 6, "θ": 4})])
def test_slide_tiling_strict_keeps_every_window_in_place(theta, sizes):
    q = rewrite(windows_prog(), W.slide_tiling_2d_strict(theta), sizes)
    assert "slideStrict(" in show(q.body)


def test_slide_tiling_strict_refuses_tiles_that_do_not_cover_the_input():
    refused(windows_prog(), W.slide_tiling_2d_strict(5), {"H": 8, "W": 6})  # (10 - 5) % 3 != 0
    refused(windows_prog(), W.slide_tiling_2d_strict(2), {"H": 8, "W": 6})  # θ smaller than the window


# --- sums of products -----------------------------------------------------------------------------------------
def test_mult_and_sum_up_fusion_merges_add_of_mult():
    q = rewrite(zip_reduce(madd), W.MULT_AND_SUM_UP_FUSION, {"N": 7})
    assert "multAndSumUp(" in show(q.body)


def test_mult_and_sum_up_fusion_refuses_other_arithmetic():
    refused(zip_reduce(lambda acc, t: ADD(acc, SUB(get(0) << t, get(1) << t))), W.MULT_AND_SUM_UP_FUSION)


@pytest.mark.parametrize("v", [4, 8])
def test_dot_vectorise_reads_vectors(v):
    q = rewrite(zip_reduce(fused), W.dot_vectorise(v), {"N": 16})
    assert f"asVector({v})" in show(q.body) and "dotAndSumUp" in show(q.body)


def test_dot_vectorise_refuses_a_width_that_does_not_divide_and_a_non_product_fold():
    refused(zip_reduce(fused), W.dot_vectorise(4), {"N": 6})
    refused(zip_reduce(madd), W.dot_vectorise(2), {"N": 6})
    with pytest.raises(ValueError, match="symbolic width"):
        W.dot_vectorise("v")


def test_reorder_zip_reorders_both_operands():
    q = rewrite(zip_reduce(fused), W.reorder_zip(4), {"N": 12})
    assert show(q.body).count("reorder(4)") == 2


def test_reorder_zip_refuses_a_fold_that_is_not_a_sum():
    refused(zip_reduce(lambda acc, t: MAX(acc, get(0) << t)), W.reorder_zip(4), {"N": 12})
    refused(zip_reduce(fused), W.reorder_zip(5), {"N": 12})


def test_partial_sum_zip_sums_chunk_sums():
    q = rewrite(zip_reduce(fused), W.partial_sum_zip(3), {"N": 12})
    text = show(q.body)
    assert "split(3)" in text and "reduce(value(0, float), add)" in text


def test_partial_sum_zip_refuses_a_non_zero_start():
    refused(zip_reduce(fused, init=value(1, FLOAT)), W.partial_sum_zip(3), {"N": 12})


# --- kernel boundaries ------------------------------------------------------------------------------------
def kernel_prog() -> Program:
    return program("k", {"x": array(FLOAT, "N")}, lambda x: to_host() << ocl_kernel(
        lambda a: map_(NEG) << a)(pad(1, 1, ZERO) @ to_gpu() << x))


def test_drop_transfer_removes_the_host_markers():
    q = rewrite(kernel_prog(), W.DROP_TRANSFER, {"N": 5}, only=False)
    assert show(q.body).count("toHost") + show(q.body).count("toGPU") == 1


def test_kernel_inline_removes_a_high_level_kernel_boundary():
    q = rewrite(kernel_prog(), W.KERNEL_INLINE, {"N": 5})
    assert "oclKernel" not in show(q.body)


def test_kernel_inline_refuses_a_lowered_kernel():
    p = program("k", {"x": array(FLOAT, "N")}, lambda x: ocl_kernel(lambda a: map_glb(0, NEG) << a)(x))
    refused(p, W.KERNEL_INLINE)


def test_materialise_kernel_copies_a_view_of_an_input_in_its_own_kernel():
    p = program("m", {"x": array(FLOAT, "H", "W")}, lambda x: map_(map_(NEG)) @ pad_nd((1, 1, 1, 1), ZERO) << x)
    found = legal_sites(D.start(p), W.MATERIALISE_KERNEL)
    assert found  # the padded view, and its row pad alone
    q = D.step(D.start(p), W.MATERIALISE_KERNEL, 0)
    assert "oclKernel(" in show(q.body) and "toGlobal(" in show(q.body)
    xs = inputs_for(p, {"H": 3, "W": 4})
    assert np.allclose(interpret(q, xs), interpret(p, xs))


def test_materialise_kernel_refuses_computed_values_and_kernel_bodies():
    refused(program("m", {"x": array(FLOAT, "N")}, lambda x: map_(NEG) << x), W.MATERIALISE_KERNEL)
    refused(program("m", {"x": array(FLOAT, "N")}, lambda x: ocl_kernel(lambda a: pad(1, 1, ZERO) << a)(x)),
            W.MATERIALISE_KERNEL)


# --- layout algebra and loop structure ------------------------------------------------------------------------
M2 = {"x": array(FLOAT, "N", "M")}
S = {"N": 4, "M": 6}


def test_map_map_and_transpose_commute_both_ways():
    p = program("t", M2, lambda x: map_(map_(NEG)) @ transpose() << x)
    q = rewrite(p, W.MAP_MAP_TRANSPOSE, S)
    assert show(q.body).startswith("transpose")
    r = rewrite(q, W.TRANSPOSE_MAP_MAP, S)
    assert r.key == D.start(p).key
    refused(program("t", M2, lambda x: map_(map_(NEG)) << x), W.MAP_MAP_TRANSPOSE)
    refused(program("t", M2, lambda x: transpose() << x), W.TRANSPOSE_MAP_MAP)


def test_split_map_splits_the_input_instead():
    q = rewrite(program("s", {"x": array(FLOAT, "N")}, lambda x: split(3) @ map_(NEG) << x), W.SPLIT_MAP, {"N": 6})
    assert show(q.body).startswith("map(")
    refused(program("s", {"x": array(FLOAT, "N")}, lambda x: split(3) << x), W.SPLIT_MAP, {"N": 6})


def test_unit_join_transpose_drops_a_unit_dimension_first():
    p = program("u", {"x": array(FLOAT, "N", "M", 1)}, lambda x: map_(join()) @ transpose() << x)
    q = rewrite(p, W.UNIT_JOIN_TRANSPOSE, S)
    assert show(q.body).startswith("transpose")
    refused(program("u", {"x": array(FLOAT, "N", "M", 2)}, lambda x: map_(join()) @ transpose() << x),
            W.UNIT_JOIN_TRANSPOSE, S)


def test_map_interchange_swaps_independent_loops():
    p = program("i", {"a": array(FLOAT, "N"), "b": array(FLOAT, "M")},
                lambda a, b: map_(lambda x: map_(lambda y: SUB(x, y)) << b) << a)
    q = rewrite(p, W.MAP_INTERCHANGE, S)
    assert show(q.body).startswith("transpose")
    refused(program("i", M2, lambda x: map_(lambda row: map_(NEG) << row) << x), W.MAP_INTERCHANGE)


def test_map_view_fission_takes_the_view_of_the_element_out_of_the_loop():
    p = program("v", {"x": array(FLOAT, "N", "M")},
                lambda x: map_(lambda row: map_(lambda c: reduce_(ZERO, ADD) << c) << split(2) @ map_(NEG) << row) << x)
    refused(p, W.MAP_VIEW_FISSION, S)  # the element is computed on (map(neg)), not only viewed
    p = program("v", {"x": array(FLOAT, "N", "M")},
                lambda x: map_(lambda row: map_(lambda c: reduce_(ZERO, ADD) << c) << split(2) << row) << x)
    q = rewrite(p, W.MAP_VIEW_FISSION, S)
    assert show(q.body).count("map(") == 3


def test_kernel_outline_makes_a_kernel_of_a_computation():
    p = program("o", {"x": array(FLOAT, "N")}, lambda x: pad(1, 1, ZERO) @ map_(NEG) << x)
    q = rewrite(p, W.KERNEL_OUTLINE, {"N": 5}, only=False)
    assert "oclKernel(" in show(q.body)
    refused(program("o", {"x": array(FLOAT, "N")}, lambda x: pad(1, 1, ZERO) << x), W.KERNEL_OUTLINE)


def test_materialise_kernel_copies_a_view_of_a_computation():
    p = program("m", {"x": array(FLOAT, "N", "M")}, lambda x: transpose() @ map_(map_(NEG)) << x)
    q = rewrite(p, W.MATERIALISE_KERNEL, S)
    assert show(q.body).startswith("oclKernel(")


# --- a work item's register block (Listing 4.2) ----------------------------------------------------------------
BLOCK_SIZES = {"σ": 3, "κ": 2, "n": 4, "m": 5}


def chunked_dots(fold=fused) -> Program:
    """κ kernels x σ windows, each a sum over n chunks of m products (the shape conv42's work items compute)."""
    return program("b", {"W": array(FLOAT, "σ", "n", "m"), "K": array(FLOAT, "κ", "n", "m")},
                   lambda w_, k_: map_(lambda k: map_(lambda w: join() << map_(
                       lambda c: reduce_(ZERO, fold) << zip_(get(0) << c, get(1) << c)) << zip_(w, k)) << w_) << k_)


def test_block_reduce_keeps_kappa_by_sigma_accumulators():
    q = rewrite(chunked_dots(), W.BLOCK_REDUCE_2D, BLOCK_SIZES)
    assert "value(0, [[float]σ]κ)" in show(q.body)


def test_block_reduce_refuses_a_fold_of_two_user_functions():
    refused(chunked_dots(madd), W.BLOCK_REDUCE_2D, BLOCK_SIZES)


def blocked() -> Program:
    return D.step(D.start(chunked_dots()), W.BLOCK_REDUCE_2D, None)


def check_same(p: Program, q: Program, sizes=BLOCK_SIZES) -> None:
    xs = inputs_for(p, sizes)
    assert np.allclose(interpret(q, xs, sizes), interpret(p, xs, sizes), rtol=1e-5)


def test_prefetch_register_block_operands_let_bound_in_private_memory():
    p = blocked()
    q = D.step(p, W.PREFETCH_VECTORS, lambda path, n: show(n).startswith("get(1)"))
    q = D.step(q, W.PREFETCH_VECTORS, lambda path, n: show(n).startswith("get(0)"))
    assert show(q.body).count("let(") == 2 and show(q.body).count("toPrivate(id)") == 2
    check_same(p, q)
    refused(zip_reduce(fused), W.PREFETCH_VECTORS, {"N": 4})  # scalars, not arrays, at each step


def test_accumulators_in_private_memory_and_results_in_local_memory():
    p = blocked()
    q = D.step(D.step(p, W.PRIVATE_ACCUMULATORS, None), W.LOCAL_RESULTS, None)
    assert "toPrivate(id)" in show(q.body) and "toLocal(id)" in show(q.body)
    check_same(p, q)
    refused(zip_reduce(fused), W.PRIVATE_ACCUMULATORS, {"N": 4})
    refused(program("j", M2, lambda x: map_(join()) << map_(split(2)) << x), W.LOCAL_RESULTS, S)


def test_unroll_over_the_register_block_lengths_only():
    q = rewrite(program("r", {"x": array(FLOAT, "σ")}, lambda x: map_(NEG) << x), W.unroll_over("σ", "κ"),
                {"σ": 3})
    assert "mapSeqUnroll(" in show(q.body)
    refused(program("r", {"x": array(FLOAT, "N")}, lambda x: map_(NEG) << x), W.unroll_over("σ", "κ"))


def test_private_init_and_global_result_of_a_work_items_sum():
    p = program("g", M2, lambda x: map_glb(0, lambda row: reduce_seq(ZERO, ADD) << row) << x)
    q = rewrite(rewrite(p, W.PRIVATE_INIT, S), W.GLOBAL_RESULT, S)
    assert "toPrivate(id) << value(0, float)" in show(q.body) and "toGlobal(" in show(q.body)
    refused(program("g", M2, lambda x: map_(lambda row: reduce_(ZERO, ADD) << row) << x), W.PRIVATE_INIT)
    refused(program("g", {"x": array(FLOAT, "N")}, lambda x: reduce_seq(ZERO, ADD) << x), W.GLOBAL_RESULT)


# --- conv42: the derived program is the assembled one -------------------------------------------------------
def assembled_conv(bench, vec: int, unroll: bool, coalesce: bool, pad_view: bool = False,
                   crop_view: bool = False) -> Program:
    """conv42 as it was assembled with the DSL builders: the program the derivation must reproduce (`pad_view`:
    the convolution kernel reads the padded input as a view, no pad kernel; `crop_view`: it writes the image
    through the re-assembly and crop views, no crop kernel)."""
    (pt, pb, pl, pr), (s1, s2) = (PAD, STRIDE)
    x = conv42.symbols()
    d = conv42.derived()
    θ, σ, κ, ω, v, ρ, ρW = (x[k] for k in ("θ", "σ", "κ", "ω", "v", "ρ", "ρW"))
    kh, kw = x["kerH"], x["kerW"]
    vectorised = vec > 1
    op = dot_and_sum_up(vec) if vectorised else MULT_AND_SUM_UP
    chunk_len = arith.simplify(ω / v) if vectorised else ω

    def optimise_window(w):  # Listing 4.3: flatten, vectorise, coalesce, chunk
        flat = join() << (join() << w)
        if vectorised:
            flat = as_vector(v) << flat
        if coalesce:
            flat = reorder(d["nChunks"]) << flat
        return split(chunk_len) << flat

    fetch = to_private(vectorise(v, ID)) if vectorised else to_private(ID)

    def step(acc2D, pair):
        return let(lambda windowGroup1D: let(lambda kernelGroup1D: map_seq_unroll(
            lambda accRow_kernelVec: map_seq_unroll(
                lambda acc_inputVec: op(get(0) << acc_inputVec, get(1) << acc_inputVec, get(1) << accRow_kernelVec)
            ) << zip_(get(0) << accRow_kernelVec, windowGroup1D)
        ) << zip_(acc2D, kernelGroup1D)
        ) << (map_seq_unroll(fetch) << (get(1) << pair))
        ) << (map_seq_unroll(fetch) << (get(0) << pair))

    reducer = reduce_seq_unroll if unroll else reduce_seq

    def partial(inputTile, kernelsGroup):
        init = map_seq_unroll(lambda accInit: map_seq_unroll(to_private(ID)) << accInit) << value(0, array(FLOAT, κ, σ))

        def thread(chunks):
            red = reducer(init, step) << zip_(transpose() << (get(0) << chunks), transpose() << (get(1) << chunks))
            return map_seq_unroll(lambda accOut: map_seq_unroll(to_local(ID)) << accOut) << (join() << red)

        return map_lcl(1, lambda windowGroup: map_lcl(0, thread) << zip_(transpose() << windowGroup,
                                                                         transpose() << kernelsGroup)) << inputTile

    def final(parts):
        view = map_(join()) << (transpose_nd(2, 0, 3, 1) << parts)
        return map_lcl(1, lambda kernelRow: map_lcl(
            0, lambda chunkSums: to_global(map_seq(ID)) << (reduce_seq(to_private(ID) << ZERO, ADD) << chunkSums)
        ) << kernelRow) << view

    def conv_kernel(padded, weights):
        tiles = map_(lambda tile: split(σ) << (map_(optimise_window) << (join() << (
            slide_nd((kh, kw), (s1, s2)) << tile)))) << (join() << (
                slide_strict_nd((θ, θ), (d["tileStrideH"], d["tileStrideW"])) << padded))
        groups = split(κ) << (map_(optimise_window) << weights)
        return map_wrg(1, lambda inputTile: map_wrg(0, lambda kernelsGroup: final(partial(inputTile, kernelsGroup)))
                       << groups) << tiles

    def copy2d(view):
        return map_glb(1, lambda row: map_glb(0, lambda px: to_global(map_seq(ID)) << px) << row) << view

    def pad_kernel(inputData):
        return copy2d(pad_nd((pt, pb + ρ, pl, pr + ρW), ZERO) << inputData)

    def reassembled(partials):  # [nTiles][outChs/κ][κ][nWin][1] -> [outH][outW][outChs]
        a = map_(join()) << (map_(map_(map_(join()))) << partials)  # [nTiles][outChs][nWin]
        b = split(d["tilesW"]) << (map_(map_(split(d["winW"]))) << a)  # [tilesH][tilesW][outChs][winH][winW]
        c = map_(join()) << (join() << (transpose_nd(0, 3, 1, 4, 2) << b))  # [H'][W'][outChs]
        hh = arith.simplify(d["tilesH"] * d["winH"])
        ww = arith.simplify(d["tilesW"] * d["winW"])
        return map_(pad(0, arith.simplify(d["outW"] - ww), ZERO)) << (pad(0, arith.simplify(d["outH"] - hh),
                                                                           ZERO) << c)

    inp, wts = bench.program.params
    if pad_view:
        first, args = (lambda x, w: conv_kernel(pad_nd((pt, pb + ρ, pl, pr + ρW), ZERO) << x, w)), (inp, wts)
    else:
        first, args = conv_kernel, (ocl_kernel(pad_kernel)(inp), wts)
    if crop_view:
        body = ocl_kernel(lambda x, w: reassembled(first(x, w)))(*args)
    else:
        body = ocl_kernel(lambda partials: copy2d(reassembled(partials)))(ocl_kernel(first)(*args))
    return finish(Program(bench.program.name, bench.program.params, body))


SWITCHES = [(1, False, False), (4, False, True), (2, True, False), (3, True, True), (8, False, False),
            (16, True, True)]  # every switch value, every dot function (scalar, dot, halves, quarters)


@functools.cache
def both(vec: int, unroll: bool, coalesce: bool, pad_view: bool = False,
         crop_view: bool = False) -> tuple[Program, Program]:
    """(derived, assembled) conv42 programs."""
    bench = suite.get("conv")
    return (conv42.build_conv(bench, vec, unroll, coalesce, pad_view, crop_view),
            assembled_conv(bench, vec, unroll, coalesce, pad_view, crop_view))


@pytest.mark.parametrize("vec,unroll,coalesce", SWITCHES)
def test_the_derived_conv42_is_the_assembled_program(vec, unroll, coalesce):
    derived, assembled = both(vec, unroll, coalesce)
    assert derived.key == assembled.key


@pytest.mark.parametrize("pad_view,crop_view", [(True, False), (False, True), (True, True)])
@pytest.mark.parametrize("vec,unroll,coalesce", [(1, False, False), (4, False, True), (3, True, True)])
def test_the_derived_conv42_with_the_padding_or_crop_as_views_is_the_assembled_program(vec, unroll, coalesce,
                                                                                          pad_view, crop_view):
    derived, assembled = both(vec, unroll, coalesce, pad_view, crop_view)
    assert derived.key == assembled.key
    kernels = [n for _, n in walk(derived) if isinstance(n, Prim) and n.op is Op.OCL_KERNEL]
    assert len(kernels) == 3 - pad_view - crop_view  # the convolution kernel is always one
    assert derived.key != both(vec, unroll, coalesce)[0].key


POINTS = [
    ("small", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 2, "ω": 12, "v": 2, "unroll": 1, "coalesce": 0}),
    ("small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 0, "coalesce": 1}),
    ("small2", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 5, "ω": 27, "v": 1, "unroll": 0, "coalesce": 0}),
    ("vgg16-7", conv42.TABLE_4_4),
    ("small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 0, "coalesce": 1, "padView": 1}),
    ("vgg16-7", {**conv42.TABLE_4_4, "padView": 1}),
    ("small2", {"θ": 4, "ρ": 2, "ρW": 2, "σ": 2, "κ": 1, "ω": 9, "v": 3, "unroll": 1, "coalesce": 0, "cropView": 1}),
    ("vgg16-7", {**conv42.TABLE_4_4, "padView": 1, "cropView": 1}),
]


@pytest.mark.parametrize("preset,params", POINTS)
def test_the_derived_conv42_is_the_assembled_program_at_concrete_parameters(preset, params):
    bench = suite.get("conv")
    s = bench.sizes(preset)
    assert not conv42._check(s, params)  # a valid conv42 parameter point
    derived, assembled = both(params["v"], bool(params["unroll"]), bool(params["coalesce"]),
                              bool(params.get("padView", 0)), bool(params.get("cropView", 0)))
    point = {**s, **params}
    assert specialise(derived, point).key == specialise(assembled, point).key


def test_a_derivation_step_without_a_site_names_the_rule():
    with pytest.raises(LoweringError, match="slideTiling2DStrict"):
        D.step(D.start(suite.get("conv").program), W.slide_tiling_2d_strict(2), None,
               sizes={"inH": 8, "inW": 8, "inChs": 4, "outChs": 4, "kerH": 3, "kerW": 3})


def alpha_renamed(p: Program, prefix: str) -> Program:
    """`p` with every parameter and every lambda binder given a new name `prefix<k>` (the same program up to
    alpha-renaming)."""
    count = itertools.count()

    def go(n, env):
        if isinstance(n, Param):
            return Param(env.get(n.name, n.name), n.type)
        if isinstance(n, Lambda):
            names = {q.name: f"{prefix}{next(count)}" for q in n.params}
            inner = {**env, **names}
            return Lambda(tuple(Param(names[q.name], q.type) for q in n.params), go(n.body, inner))
        kids = n.children()
        return with_children(n, [go(c, env) for c in kids]) if kids else n

    names = {q.name: f"{prefix}{next(count)}" for q in p.params}
    return Program(p.name, tuple(Param(names[q.name], q.type) for q in p.params), go(p.body, names))


def binders(p: Program) -> set[str]:
    return {n.name for _, n in walk(p) if isinstance(n, Param)}


@pytest.mark.parametrize("vec,unroll,coalesce", [(4, False, True), (1, True, False)])
def test_the_derivation_picks_the_same_sites_in_an_alpha_renamed_program(vec, unroll, coalesce):
    bench = suite.get("conv")
    renamed = alpha_renamed(bench.program, "q")
    assert not binders(renamed) & binders(bench.program)  # no name of the benchmark's program is left
    assert renamed.key == bench.program.key
    derived = conv42.build_conv(dataclasses.replace(bench, program=renamed), vec, unroll, coalesce)
    assert derived.params == renamed.params
    assert derived.key == both(vec, unroll, coalesce)[0].key


@pytest.mark.parametrize("preset,params", [
    ("small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 0, "coalesce": 1}),
    ("small2", {"θ": 4, "ρ": 2, "ρW": 2, "σ": 2, "κ": 1, "ω": 9, "v": 3, "unroll": 1, "coalesce": 0}),
    ("vgg16-7", conv42.TABLE_4_4),
])
def test_the_padding_view_removes_the_pad_kernel(preset, params):
    """padView = 1: two kernels instead of three; the convolution kernel reads the program's input, each vector of
    the padded input by one bounds test and one vector load (the padding never splits a vector: inChs % v = 0)."""
    pad_kernel, pad_view = (catalogued("conv", "conv42", preset, {**params, "padView": pv}) for pv in (0, 1))
    assert (len(pad_kernel.kernels), len(pad_view.kernels)) == (3, 2)
    kp0, kp1 = pad_kernel.compile(), pad_view.compile()
    assert (len(kp0.kernels), len(kp1.kernels)) == (3, 2)
    assert [k.local_size for k in kp1.kernels] == [k.local_size for k in kp0.kernels[1:]]
    conv = kp1.kernels[0].source
    signature = next(line for line in conv.splitlines() if line.startswith("kernel void"))
    assert signature.index("inputData") < signature.index("kernelsWeights") < signature.index("tmp")
    v = params["v"]
    reads = [line for line in conv.splitlines() if "inputData[" in line or "inputData)" in line]
    vector = f"vload{v}(" if v == 3 else f"float{v}*)inputData)["  # float3 is read with vload3
    assert reads and all(f"? (float{v})(0.0f) : " in r and vector in r for r in reads), reads[:2]


@pytest.mark.parametrize("preset,params", [
    ("small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 0, "coalesce": 1}),
    ("small", {"θ": 4, "ρ": 2, "ρW": 0, "σ": 4, "κ": 2, "ω": 9, "v": 1, "unroll": 0, "coalesce": 1}),
    ("small2", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 5, "ω": 27, "v": 3, "unroll": 0, "coalesce": 1}),
])
def test_the_crop_view_removes_the_crop_kernel(preset, params):
    """cropView = 1: the convolution kernel writes the image, its final sums going to `out` at the re-assembly's
    indices; a write is guarded where the optimisational padding's extra windows are cropped (ρ or ρW > 0)."""
    counts, kp = {}, None
    for pv, cv in ((0, 0), (0, 1), (1, 1)):
        lowered = catalogued("conv", "conv42", preset, {**params, "padView": pv, "cropView": cv})
        kp = lowered.compile()
        counts[pv, cv] = (len(lowered.kernels), len(kp.kernels))
    assert counts == {(0, 0): (3, 3), (0, 1): (2, 2), (1, 1): (1, 1)}
    lines = kp.kernels[0].source.splitlines()
    signature = next(line for line in lines if line.startswith("kernel void"))
    assert "inputData" in signature and "global float* out" in signature and "tmp" not in signature
    writes = [k for k, line in enumerate(lines) if "out[" in line]
    assert len(writes) == 1
    guarded = lines[writes[0] - 1].strip().startswith("if (")
    assert guarded == (params["ρ"] > 0 or params["ρW"] > 0)
