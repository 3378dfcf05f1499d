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
    to_gpu,
    to_host,
    value,
    zip_,
)
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Prim, Program, walk
from compiler.ir.ops import Op
from compiler.ir.printer import show
from compiler.ir.userfuns import ADD, MAX, MULT, MULT_AND_SUM_UP, NEG, SUB
from compiler.lowering import conv as conv42
from compiler.lowering import derivation as D
from compiler.lowering.default import finish
from compiler.lowering.util import LoweringError
from compiler.rewrite import apply, legal_sites, prepare
from compiler.rewrite import rules_window as W
from compiler.rewrite.catalog import BY_NAME
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


# --- the conv42 derivation so far -----------------------------------------------------------------------------
def _op(op: Op, text: str = ""):
    return lambda path, n: (isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is op
                            and text in show(n))


def _starts(text: str):
    return lambda path, n: show(n).startswith(text)


def derive(program: Program, vec: int = 4, coalesce: bool = True) -> Program:
    """conv42 as far as the rules derive it: optimisational padding, θ x θ tiles of windows, Listing 4.3's
    optimiseWindow, the crop at the output, and the pad kernel."""
    p = D.start(program)
    plan = [
        (W.pad_optimise_2d("ρ", "ρW"), None),
        (W.slide_tiling_2d_strict("θ"), None),
        (BY_NAME["mapFusion"], _op(Op.MAP, "pad(0, -ρW")),  # the column crop past the flattening map
        (W.CROP_MAP, _starts("map(macroIn")),
        (BY_NAME["mapFission"], _op(Op.MAP, "pad(0, -ρW")),
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
        (BY_NAME["mapFusion"], _op(Op.MAP, "slideWin")),  # the crops past the convolution
        (W.CROP_MAP, _starts("map(slideWin")),
        (BY_NAME["mapFission"], lambda path, n: show(n).startswith("map(") and "pad(0, -ρW" in show(n)
         and "slideWin" in show(n)),
        (W.CROP_MAP, lambda path, n: "slideWin" in show(n.f)),
        (W.MATERIALISE_KERNEL, _starts("map(padIn")),  # kernel 1: the padded input
        (BY_NAME["mapGlb(1)"], lambda path, n: "toGlobal" in show(n) and "slideWin" not in show(n)),
        (BY_NAME["mapGlb(0)"], lambda path, n: "toGlobal" in show(n) and "slideWin" not in show(n)),
    ]
    return D.steps(p, plan, name="conv42")


POINTS = [
    ("small", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 2, "ω": 12, "v": 2, "unroll": 1, "coalesce": 0}, 2, False),
    ("small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 1, "coalesce": 1}, 4, True),
    ("small2", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 5, "ω": 27, "v": 1, "unroll": 0, "coalesce": 1}, 1, True),
]


@pytest.mark.parametrize("preset,params,vec,coalesce", POINTS)
def test_derived_windows_compute_the_convolution(preset, params, vec, coalesce):
    bench = suite.get("conv")
    s = bench.sizes(preset)
    assert not conv42._check(s, params)  # a valid conv42 parameter point
    p = derive(bench.program, vec, coalesce)
    xs = bench.make_inputs(s, np.random.default_rng(1))
    got = interpret(p, xs, {**s, **params})
    assert np.allclose(got, bench.reference(xs, s), rtol=1e-4)


def _pad_kernel(p: Program) -> Program:
    """Kernel 1 (the kernel reading the input) alone, finished and in normal form."""
    (k,) = [n for _, n in walk(p.body) if isinstance(n, FunCall) and isinstance(n.f, Prim)
            and n.f.op is Op.OCL_KERNEL and [getattr(a, "name", None) for a in n.args] == [p.params[0].name]]
    return prepare(finish(Program("pad", p.params, k)))


def test_the_derived_pad_kernel_is_the_assembled_one():
    bench = suite.get("conv")
    assert _pad_kernel(derive(bench.program)).key == _pad_kernel(conv42.build_conv(bench, 4, False, True)).key


def test_derived_views_are_the_assembled_views():
    p = show(derive(suite.get("conv").program).body)
    ref = show(conv42.build_conv(suite.get("conv"), 4, False, True).body)
    for term in ("slideStrict(θ, -kerH + θ + 1)", "slideStrict(θ, -kerW + θ + 1)",
                 "split((inW - kerW + ρW + 3)/(-kerW + θ + 1))", "pad(0, -ρW, value(0, float))",
                 "pad(0, -ρ, value(0, float))", "split(ω/v) o reorder(inChs*kerH*kerW/ω) o asVector(v)"):
        assert term in p and term in ref, term
    assert p.startswith("map(z => pad(0, -ρW, value(0, float)) << z) o pad(0, -ρ, value(0, float)) o ")


def test_a_derivation_step_without_a_site_names_the_rule():
    with pytest.raises(LoweringError, match="slideTiling2DStrict"):
        D.step(D.start(suite.get("conv").program), W.slide_tiling_2d_strict(2), None,
               sizes={"inH": 8, "inW": 8, "inChs": 4, "outChs": 4, "kerH": 3, "kerW": 3})
