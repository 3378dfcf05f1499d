"""The sliding-window rules (compiler.rewrite.rules_window), each on its own (applies where its guard holds, refuses
where not, keeps the interpreter's output), and the part of conv42 they derive from the benchmark's program:
optimisational padding with its crop, θ x θ tiling of the windows and Listing 4.3's window optimisation."""

from __future__ import annotations

import numpy as np
import pytest

from compiler import suite
from compiler.errors import RuleNotApplicable
from compiler.ir.build import (
    get,
    join,
    map_,
    map_glb,
    ocl_kernel,
    pad,
    pad_nd,
    program,
    reduce_,
    slide_nd,
    split,
    to_gpu,
    to_host,
    transpose,
    value,
    zip_,
)
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Lambda, Param, Prim, Program, walk
from compiler.ir.ops import Op
from compiler.ir.printer import show
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import ADD, MAX, MULT, MULT_AND_SUM_UP, NEG, SUB
from compiler.lowering import conv as conv42
from compiler.lowering import derivation as D
from compiler.lowering.default import finish
from compiler.lowering.util import LoweringError
from compiler.rewrite import apply, legal_sites, prepare
from compiler.rewrite import rules_window as W
from compiler.rewrite.catalog import BY_NAME
from compiler.rewrite.rules_algorithmic import split_join
from compiler.types import FLOAT, array, concrete_shape

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


# --- the conv42 derivation so far -----------------------------------------------------------------------------
def _op(op: Op, text: str = ""):
    return lambda path, n: (isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is op
                            and text in show(n))


def _starts(text: str):
    return lambda path, n: show(n).startswith(text)


def _is(n, op: Op) -> bool:
    return isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is op


def _body(n, op: Op) -> bool:
    """n is a map whose function is `y => op(...)`."""
    f = n.f.funs[0] if _is(n, Op.MAP) else None
    return isinstance(f, Lambda) and _is(f.body, op)


COMPUTE = "AndSumUp"  # multAndSumUp / dotAndSumUp: marks the convolution's computation (after the window optimisation)


def _comp(n) -> bool:
    return _is(n, Op.MAP) and COMPUTE in show(n.f)


def _comp_over(op: Op, fun_op: Op | None = None):
    """the computation's map over a call of `op` (a map of `y => fun_op(...)`)"""
    return lambda path, n: (_comp(n) and _is(n.args[0], op)
                            and (fun_op is None or _body(n.args[0], fun_op)))


def _view_over_comp(fun_op: Op):
    """a map of `y => fun_op(...)` over the computation's map"""
    return lambda path, n: _body(n, fun_op) and _comp(n.args[0])


def _views_fused(fun_op: Op, arg_fun_op: Op):
    """a map of views `y => fun_op(...)` over a map of views `y => arg_fun_op(...)`, both over the computation"""
    return lambda path, n: (_body(n, fun_op) and _body(n.args[0], arg_fun_op) and COMPUTE not in show(n.f)
                            and COMPUTE not in show(n.args[0].f) and COMPUTE in show(n.args[0]))


def derive(program: Program, vec: int = 4, coalesce: bool = True) -> Program:
    """conv42 as far as the rules derive it: kernel 1 (pad) and kernel 3 (crop) as assembled; kernel 2 with the
    tiles, κ-groups, kernels and windows of Listing 4.2 and the window optimisation of Listing 4.3, the
    per-work-item body (register blocking, prefetching, local partial sums and the final sum) not yet."""
    fuse, fission = BY_NAME["mapFusion"], BY_NAME["mapFission"]
    p = D.start(program)
    plan = [
        (W.pad_optimise_2d("ρ", "ρW"), None),
        (W.slide_tiling_2d_strict("θ"), None),
        (fuse, _op(Op.MAP, "pad(0, -ρW")),  # the column crop past the flattening map
        (W.CROP_MAP, _starts("map(macroIn")),
        (fission, _op(Op.MAP, "pad(0, -ρW")),
        (W.CROP_MAP, None),  # the row crop past the flattening map
        (BY_NAME["reduceMapFusion"], None),
        (W.MULT_AND_SUM_UP_FUSION, None),
    ]
    if vec > 1:
        plan.append((W.dot_vectorise("v", vec), None))
    if coalesce:
        plan.append((W.reorder_zip("inChs*kerH*kerW/ω"), None))
    plan += [
        (W.partial_sum_zip("ω/v" if vec > 1 else "ω"), None),
        (W.KERNEL_INLINE, None),
        (W.DROP_TRANSFER, None), (W.DROP_TRANSFER, None), (W.DROP_TRANSFER, None),
        (fuse, _comp_over(Op.MAP, Op.PAD)),  # the crops past the convolution
        (W.CROP_MAP, lambda path, n: _comp(n) and _is(n.args[0], Op.PAD) and isinstance(n.args[0].args[-1], Param)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.PAD)),
        (W.CROP_MAP, _comp_over(Op.PAD)),
        (W.MATERIALISE_KERNEL, _starts("map(padIn")),  # kernel 1: the padded input
        (BY_NAME["mapGlb(1)"], lambda path, n: "toGlobal" in show(n) and COMPUTE not in show(n)),
        (BY_NAME["mapGlb(0)"], lambda path, n: "toGlobal" in show(n) and COMPUTE not in show(n)),
        # the computation into the tiles, through the re-assembly of the tiles' windows
        (fuse, _comp_over(Op.MAP, Op.MAP)),  # with the windows' flattening
        (fuse, lambda path, n: _comp(n) and _is(n.args[0], Op.MAP) and isinstance(n.args[0].args[-1], Param)),
        (fuse, _comp_over(Op.MAP, Op.JOIN)),
        (BY_NAME["mapJoin"], lambda path, n: _comp(n) and _is(n.args[0], Op.JOIN)
         and isinstance(n.args[0].args[-1], Param)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.JOIN)),
        (BY_NAME["mapJoin"], _comp_over(Op.JOIN)),
        (fuse, _comp_over(Op.MAP, Op.TRANSPOSE)),
        (W.MAP_MAP_TRANSPOSE, lambda path, n: _comp(n) and _is(n.args[0], Op.TRANSPOSE)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.TRANSPOSE)),
        (BY_NAME["joinSplit"], _comp_over(Op.SPLIT)),
        (fuse, _comp_over(Op.MAP, Op.SPLIT)),
        (BY_NAME["joinSplit"], lambda path, n: _comp(n) and _is(n.args[0], Op.SPLIT)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.SPLIT)),
        (fuse, lambda path, n: _comp(n) and _is(n.args[0], Op.MAP) and "slide(" in show(n.args[0].f)),
        # per tile: the optimised windows and kernels out of the reduction, kernels outside windows, κ-groups
        (fuse, lambda path, n: _comp(n) and _is(n.args[0], Op.MAP) and "macroIn" in show(n.args[0].f)),
        (W.MAP_VIEW_FISSION, lambda path, n: COMPUTE in show(n.f) and "kernelsWeights" in show(n.args[0])),
        (W.MAP_VIEW_FISSION, lambda path, n: COMPUTE in show(n.f) and "slide(" in show(n.args[0])
         and "kernelsWeights" not in show(n.args[0])),
        (fission, lambda path, n: _comp(n) and _body(n, Op.JOIN)),
        (W.MAP_INTERCHANGE, lambda path, n: _comp(n) and _body(n, Op.MAP) and "slide(" in show(n.args[0])),
        (W.UNIT_JOIN_TRANSPOSE, None),
        (split_join("κ"), lambda path, n: _comp(n) and "kernelsWeights" in show(n.args[0])),
        (BY_NAME["mapJoin"], lambda path, n: _body(n, Op.JOIN) and _is(n.args[0], Op.JOIN)
         and _comp(n.args[0].args[0]) and _is(n.args[0].args[0].args[0], Op.SPLIT)),
        # the per-tile views out of the tiles' map, into the re-assembly (Listing 4.3's output view)
        (fuse, _view_over_comp(Op.SPLIT)),
        (BY_NAME["splitTranspose"], lambda path, n: _is(n, Op.SPLIT) and _is(n.args[0], Op.TRANSPOSE)
         and COMPUTE in show(n)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.MAP)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.TRANSPOSE)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.MAP)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.JOIN)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.MAP) and not _is(n.f.funs[0].body.args[0], Op.SPLIT)
         and "join << " in show(n.f)[:60]),
        (fuse, _views_fused(Op.JOIN, Op.MAP)),
        (fuse, _views_fused(Op.MAP, Op.JOIN)),
        (W.SPLIT_MAP, lambda path, n: _is(n, Op.SPLIT) and COMPUTE in show(n)),
        (W.SPLIT_MAP, lambda path, n: _is(n, Op.SPLIT) and COMPUTE in show(n) and _body(n.args[0], Op.TRANSPOSE)),
        (fuse, _views_fused(Op.TRANSPOSE, Op.MAP)),
        (W.TRANSPOSE_MAP_MAP, None),
        (fuse, _views_fused(Op.MAP, Op.MAP)),
        # kernel 3 (the crop) and kernel 2 (the convolution)
        (W.MATERIALISE_KERNEL, lambda path, n: len(path) == 1),
        (W.KERNEL_OUTLINE, lambda path, n: _comp(n)),
        (BY_NAME["mapGlb(1)"], lambda path, n: "toGlobal" in show(n) and COMPUTE not in show(n)),
        (BY_NAME["mapGlb(0)"], lambda path, n: "toGlobal" in show(n) and COMPUTE not in show(n)),
    ]
    return D.steps(p, plan, name="conv42")


POINTS = [
    ("small", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 2, "ω": 12, "v": 2, "unroll": 1, "coalesce": 0}, 2, False),
    ("small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 1, "coalesce": 1}, 4, True),
    ("small2", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 5, "ω": 27, "v": 1, "unroll": 0, "coalesce": 1}, 1, True),
]


@pytest.mark.parametrize("preset,params,vec,coalesce", POINTS)
def test_the_derived_program_computes_the_convolution(preset, params, vec, coalesce):
    bench = suite.get("conv")
    s = bench.sizes(preset)
    assert not conv42._check(s, params)  # a valid conv42 parameter point
    p = derive(bench.program, vec, coalesce)
    xs = bench.make_inputs(s, np.random.default_rng(1))
    got = interpret(p, xs, {**s, **params})
    assert np.allclose(got, bench.reference(xs, s), rtol=1e-4)


def _kernels(p: Program) -> list[str]:
    """The key of each kernel of the finished program, on its own (a program of its arguments)."""
    q = prepare(finish(p))
    typing = typecheck(q)
    keys = []
    for path, n in walk(q):
        if _is(n, Op.OCL_KERNEL):
            params = tuple(Param(f"in{i}", typing.of[(*path, i + 1)]) for i in range(len(n.args)))
            call = FunCall(n.f, tuple(Param(q.name) for q in params))
            keys.append(prepare(Program("kernel", params, call)).key)
    return keys


@pytest.mark.parametrize("vec,unroll,coalesce", [(4, False, True), (1, True, False)])
def test_the_derived_pad_and_crop_kernels_are_the_assembled_ones(vec, unroll, coalesce):
    bench = suite.get("conv")
    crop, conv, pad_ = _kernels(derive(bench.program, vec, coalesce))
    ref_crop, ref_conv, ref_pad = _kernels(conv42.build_conv(bench, vec, unroll, coalesce))
    assert (pad_, crop) == (ref_pad, ref_crop)
    assert conv != ref_conv  # Listing 4.2's work-item body is not derived yet


def test_derived_views_are_the_assembled_views():
    p = show(derive(suite.get("conv").program).body)
    ref = show(conv42.build_conv(suite.get("conv"), 4, False, True).body)
    for term in ("slideStrict(θ, -kerH + θ + 1)", "slideStrict(θ, -kerW + θ + 1)",
                 "split((inW - kerW + ρW + 3)/(-kerW + θ + 1))", "pad(0, -ρW, value(0, float))",
                 "pad(0, -ρ, value(0, float))", "split(ω/v) o reorder(inChs*kerH*kerW/ω) o asVector(v)"):
        assert term in p and term in ref, term


def test_a_derivation_step_without_a_site_names_the_rule():
    with pytest.raises(LoweringError, match="slideTiling2DStrict"):
        D.step(D.start(suite.get("conv").program), W.slide_tiling_2d_strict(2), None,
               sizes={"inH": 8, "inW": 8, "inChs": 4, "outChs": 4, "kerH": 3, "kerW": 3})
