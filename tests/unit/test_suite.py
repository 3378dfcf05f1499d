"""The benchmark suite: every program type-checks, the interpreter matches each independent NumPy reference on
fresh random inputs at two sizes, URIs resolve (and fail with useful messages), programs round-trip through the
text form, and the named VGG-16 layers of Table 4.3 resolve and type-check at their real sizes."""

from __future__ import annotations

import functools

import numpy as np
import pytest
import sympy

from compiler import arith, suite
from compiler.errors import UnknownBenchmark
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Lambda, Literal, Node, Param, Prim, Program
from compiler.ir.parser import parse_program
from compiler.ir.printer import print_program
from compiler.ir.typecheck import typecheck
from compiler.suite import conv
from compiler.types import FLOAT, ArrayType, concrete_shape, map_lengths, same_type

BENCHMARKS = suite.list_benchmarks()
NAMES = [b.name for b in BENCHMARKS]
TEST_PRESETS = ("small", "small2")


def fresh_seed() -> int:
    return int(np.random.SeedSequence().entropy % (1 << 32))


def instantiate(p: Program, sizes: dict[str, int]) -> Program:
    """The program with every size variable replaced by its value (types, static parameters, literals)."""
    subs = {arith.var(k): sympy.Integer(v) for k, v in sizes.items()}

    def sz(e):
        return sympy.sympify(e).subs(subs)

    @functools.cache
    def go(n: Node) -> Node:
        if isinstance(n, Param):
            return Param(n.name, None if n.type is None else map_lengths(n.type, sz))
        if isinstance(n, Literal):
            return Literal(n.value, map_lengths(n.type, sz))
        if isinstance(n, Prim):
            return Prim(n.op, tuple(sz(s) for s in n.static), tuple(go(f) for f in n.funs))
        if isinstance(n, Lambda):
            return Lambda(tuple(go(q) for q in n.params), go(n.body))
        if isinstance(n, FunCall):
            return FunCall(go(n.f), tuple(go(a) for a in n.args))
        if isinstance(n, Program):
            return Program(n.name, tuple(go(q) for q in n.params), go(n.body))
        return n

    return go(p)


def test_suite_contents():
    assert len(NAMES) == len(set(NAMES))
    families = {b.family for b in BENCHMARKS}
    assert families == {"blas", "stencil", "conv", "lift"}
    assert {"scal", "asum", "dot", "gemv", "mm"} <= set(NAMES)
    assert {b.name for b in BENCHMARKS if b.family == "stencil"} == {
        "stencil2d", "srad1", "srad2", "hotspot2d", "gradient", "jacobi2d-5pt", "jacobi2d-9pt", "gaussian",
        "jacobi2d-5pt-clamp", "jacobi2d-9pt-clamp", "jacobi1d-3pt-clamp"}
    assert len([b for b in BENCHMARKS if b.family == "lift"]) >= 2
    for b in BENCHMARKS:
        assert {"default", "small", "small2"} <= set(b.presets), b.name
        assert b.uri == f"benchmark://lift/{b.name}"


@pytest.mark.parametrize("bench", BENCHMARKS, ids=NAMES)
def test_type_checks_and_shapes_agree(bench):
    typing = typecheck(bench.program)
    assert typing.result is not None
    for preset in bench.presets:
        sizes = bench.sizes(preset)
        assert bench.size_error(sizes) is None
        assert isinstance(bench.flops(sizes), int) and bench.flops(sizes) > 0
        assert isinstance(bench.bytes(sizes), int) and bench.bytes(sizes) > 0
    sizes = bench.sizes("small")
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    assert set(inputs) == {p.name for p in bench.program.params}
    for p in bench.program.params:
        assert inputs[p.name].dtype == np.float32, p.name
        assert inputs[p.name].shape == concrete_shape(p.type, sizes), p.name
    assert bench.reference(inputs, sizes).shape == concrete_shape(typing.result, sizes)


@pytest.mark.parametrize("preset", TEST_PRESETS)
@pytest.mark.parametrize("bench", BENCHMARKS, ids=NAMES)
def test_interpreter_matches_reference(bench, preset):
    sizes = bench.sizes(preset)
    seed = fresh_seed()
    inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
    out = interpret(bench.program, inputs, sizes)
    ref = bench.reference(inputs, sizes)
    assert out.shape == ref.shape
    err = suite.rel_error(out, ref)
    assert err <= bench.tolerance, f"{bench.name} at {preset} ({sizes}), seed {seed}: max rel. error {err:.3e}"


@pytest.mark.parametrize("bench", BENCHMARKS, ids=NAMES)
def test_text_round_trip(bench):
    text = print_program(bench.program)
    back = parse_program(text)
    assert back == bench.program
    assert back.key == bench.program.key
    assert print_program(back) == text


def test_reference_is_sensitive_to_the_program():
    # the metric catches a wrong result (not just any output): a transposed mm fails
    b, sizes = suite.resolve("benchmark://lift/mm?M=8&N=8&K=8")
    inputs = b.make_inputs(sizes, np.random.default_rng(1))
    out = interpret(b.program, inputs, sizes)
    assert suite.rel_error(out.T, b.reference(inputs, sizes)) > 1e-2
    assert suite.rel_error(out, b.reference(inputs, sizes)) <= 1e-5


def test_rel_error_metric():
    ref = np.array([1.0, -4.0, 2.0])
    assert suite.rel_error(ref.astype(np.float32), ref) == 0.0
    assert suite.rel_error(np.array([1.0, -4.0, 2.4]), ref) == pytest.approx(0.1)
    assert suite.rel_error(np.zeros(3), np.zeros(3)) == 0.0
    assert suite.rel_error(np.array([np.nan, 0, 0]), ref) == float("inf")
    with pytest.raises(ValueError, match="shape"):
        suite.rel_error(np.zeros(2), np.zeros(3))


# --- VGG-16 layers (Table 4.3) ----------------------------------------------------------------------------------
TABLE_4_3 = {"0": (3, 224, 64), "2": (64, 224, 64), "5": (64, 112, 128), "7": (128, 112, 128),
             "10": (128, 56, 256), "12": (256, 56, 256), "17": (256, 28, 512), "19": (512, 28, 512),
             "24": (512, 14, 512)}


@pytest.mark.parametrize("layer", list(TABLE_4_3))
def test_vgg_layers_resolve_and_type_check(layer):
    c, hw, m = TABLE_4_3[layer]
    bench, sizes = suite.resolve(f"benchmark://lift/conv/vgg16-{layer}")
    assert bench.name == "conv"
    assert sizes == {"inH": hw, "inW": hw, "inChs": c, "outChs": m, "kerH": 3, "kerW": 3}
    concrete = instantiate(bench.program, sizes)
    t = typecheck(concrete).result
    assert same_type(t, ArrayType(ArrayType(ArrayType(FLOAT, sympy.Integer(m)), sympy.Integer(hw)),
                                  sympy.Integer(hw)))
    assert bench.flops(sizes) == 2 * hw * hw * m * c * 9
    assert bench.bytes(sizes) == 4 * (hw * hw * c + m * 9 * c + hw * hw * m)


def test_vgg_layer_2_numbers():
    # thesis §2.1.3: layer 2's input is about 13 MB (12.8 MB of fp32)
    _, sizes = suite.resolve("benchmark://lift/conv/vgg16-2")
    assert sizes["inH"] * sizes["inW"] * sizes["inChs"] * 4 / 1e6 == pytest.approx(12.85, abs=0.01)
    assert conv.PRESETS["default"] == conv.PRESETS["vgg16-7"]


def test_conv_listing_structure():
    text = print_program(suite.get("conv").program)
    for fragment in ("toHost", "oclKernel((windows, weights) =>", "mapND(2, joinND(3))", "slideND(kerH, kerW, 1, 1)",
                     "padND(1, 1, 1, 1, value(0, float))", "toGPU", "map(joinND(3))", "zip(slideWin, singleK)"):
        assert fragment in text, fragment


# --- URIs -----------------------------------------------------------------------------------------------------------
def test_resolve_uris():
    b, s = suite.resolve("benchmark://lift/mm?M=1024&N=1024&K=1024")
    assert b.name == "mm" and s == {"M": 1024, "N": 1024, "K": 1024}
    b, s = suite.resolve("benchmark://lift/conv/vgg16-7")
    assert s["inChs"] == 128 and s["inH"] == 112 and s["outChs"] == 128
    b, s = suite.resolve("benchmark://lift/stencil2d")
    assert b.name == "stencil2d" and s == b.sizes("default")
    b, s = suite.resolve("benchmark://lift/mm?size=small")
    assert s == b.sizes("small")
    b, s = suite.resolve("benchmark://lift/mm/small?K=4")
    assert s == {**b.sizes("small"), "K": 4}
    b, s = suite.resolve("benchmark://lift/mm?M=8")  # overrides the default preset's M only
    assert s == {**b.sizes("default"), "M": 8}
    assert suite.resolve(suite.uri(b, "small", K=3))[1] == {**b.sizes("small"), "K": 3}
    for bench in BENCHMARKS:
        for preset in bench.presets:
            assert suite.resolve(suite.uri(bench, preset))[1] == bench.sizes(preset)
            assert suite.resolve(suite.uri(bench, None, **bench.sizes(preset)))[1] == bench.sizes(preset)


@pytest.mark.parametrize("uri, fragments", [
    ("benchmark://lift/mmm", ["unknown benchmark 'mmm'", "did you mean mm"]),
    ("benchmark://lift/stencil2", ["unknown benchmark", "stencil2d"]),
    ("benchmark://lift/mm?Q=3", ["no size 'Q'", "valid keys: K, M, N"]),
    ("benchmark://lift/mm?m=3", ["no size 'm'", "did you mean M"]),
    ("benchmark://lift/conv/vgg16-8", ["no size preset 'vgg16-8'", "vgg16-7", "presets:"]),
    ("benchmark://lift/mm?size=huge", ["no size preset 'huge'"]),
    ("benchmark://lift/mm?M=0", ["M='0' is not a positive integer"]),
    ("benchmark://lift/mm?M=abc", ["is not a positive integer"]),
    ("benchmark://lift/mm?M=4&M=5", ["M is given twice"]),
    ("benchmark://lift/mm/small?size=default", ["preset 'small' in the path and size=default"]),
    ("benchmark://lift/", ["names no benchmark"]),
    ("benchmark://lift/mm/small/x", ["too many path segments"]),
    ("benchmark://other/mm", ["not a benchmark URI"]),
    ("mm", ["not a benchmark URI", "did you mean benchmark://lift/mm"]),
    ("benchmark://lift/conv?kerH=200", ["kernel is larger than the padded"]),
])
def test_resolve_errors(uri, fragments):
    with pytest.raises(UnknownBenchmark) as info:
        suite.resolve(uri)
    for f in fragments:
        assert f in str(info.value), str(info.value)


@pytest.mark.parametrize("name", ["jacobi2d-5pt-clamp", "jacobi2d-9pt-clamp", "jacobi1d-3pt-clamp"])
def test_clamped_stencils_keep_a_constant_grid_constant_up_to_the_border(name):
    b, s = suite.resolve(f"benchmark://lift/{name}?size=small")
    inputs = b.make_inputs(s, np.random.default_rng(3))
    np.testing.assert_allclose(interpret(b.program, inputs, s), b.reference(inputs, s), rtol=1e-5, atol=1e-6)
    grid = "grid" if "grid" in inputs else "line"
    ones = {**inputs, grid: np.ones_like(inputs[grid])}
    got = np.asarray(interpret(b.program, ones, s))
    np.testing.assert_allclose(got, np.full_like(got, got.reshape(-1)[got.size // 2]), rtol=1e-6)
    np.testing.assert_allclose(b.reference(ones, s), got, rtol=1e-5)


def test_stencil_weights_inputs_are_the_documented_constants():
    b, s = suite.resolve("benchmark://lift/stencil2d?size=small")
    w = b.make_inputs(s, np.random.default_rng(0))["weights"].reshape(3, 3)
    np.testing.assert_allclose(w, [[0.05, 0.15, 0.05], [0.15, 0.25, 0.15], [0.05, 0.15, 0.05]], rtol=1e-7)
    b, s = suite.resolve("benchmark://lift/gaussian?size=small")
    assert b.make_inputs(s, np.random.default_rng(0))["weights"].sum() == pytest.approx(1.0, rel=1e-6)
