"""Row reductions (compiler.lowering.rows): every program whose rows are each reduced and mapped (row max, softmax,
layer norm, and others written with their own names and sizes) gets the `rows` lowering, derived by catalogued
rules; the derived program computes the NumPy result in the interpreter at the default and at other work-group
sizes, its OpenCL computes it on the device (PoCL), and programs of other shapes get no such lowering.
The lowering is called `tiled`, as the other local-memory reductions are, so the environment's templates and the
search reach it."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.ir.interpret import interpret
from compiler.ir.node import Prim, walk
from compiler.ir.ops import Op
from compiler.ir.parser import parse_program
from compiler.lowering import rows, shape
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import templates_of
from compiler.lowering.util import LoweringError
from compiler.rewrite import apply, legal_sites, prepare
from compiler.rewrite import rules_blas1 as blas1
from compiler.suite import get
from compiler.suite.user import load_benchmark, user_benchmark
from tests.opencl_once import opencl_available, run_once
from tests.user_programs import FOLDER


def _softmax(x):
    e = np.exp(x - x.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def _layernorm(x):
    m = x.mean(1, keepdims=True)
    return (x - m) / np.sqrt(((x - m) ** 2).mean(1, keepdims=True) + 1e-5)


# programs written with other names, sizes and functions than the files'
ROW_SUM = """
def totals(grid: [[float]k]n) = map(g => reduce(value(0, float), add) << g) << grid
"""
ROW_MIN_SHIFT = """
userfun above(x: float, low: float): float =
  "return x - low;"
  | "x - low"
def shift(vals: [[float]b]a) =
  map(v => join o map(low => map(x => above(x, low)) << v) o reduce(value(3.4028235e38, float), min_) << v) << vals
"""
SCALED_SQUARES = """
userfun times(x: float, w: float): float =
  "return x * w;"
  | "x * w"
def energy(weight: float, sig: [[float]len]chans) =
  map(c => join o map(e => map(x => times(x, e)) << c)
    o map(t => mult(weight, t)) o reduce(value(0, float), add) o map(square) << c) << sig
"""
SPAN = """
userfun spread(hi: float, lo: float): float =
  "return hi - lo;"
  | "hi - lo"
def span(obs: [[float]q]p) =
  map(o => join o map(hi => map(lo => spread(hi, lo)) o reduce(value(3.4028235e38, float), min_) << o)
    o reduce(value(-3.4028235e38, float), max_) << o) << obs
"""

CASES = {
    "rowmax": (lambda i: i["table"].max(1, keepdims=True)),
    "softmax": (lambda i: _softmax(i["scores"])),
    "layernorm": (lambda i: _layernorm(i["acts"])),
    "totals": (lambda i: i["grid"].sum(1, keepdims=True)),
    "shift": (lambda i: i["vals"] - i["vals"].min(1, keepdims=True)),
    "energy": (lambda i: i["sig"] * (float(i["weight"]) * (i["sig"] ** 2).sum(1, keepdims=True))),
    "span": (lambda i: i["obs"].max(1, keepdims=True) - i["obs"].min(1, keepdims=True)),
}
TEXTS = {"totals": ROW_SUM, "shift": ROW_MIN_SHIFT, "energy": SCALED_SQUARES, "span": SPAN}


def _bench(name: str):
    if name in TEXTS:
        return user_benchmark(parse_program(TEXTS[name]), name=name)
    return load_benchmark(FOLDER / f"{name}.lift")


def _sizes(bench, m: int, n: int) -> dict[str, int]:
    mat = next(p for p in bench.program.params if shape.dims(p.type))
    return {str(mat.type.n): m, str(mat.type.elem.n): n}


def _inputs(bench, sizes, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    out = {}
    for p in bench.program.params:
        d = shape.dims(p.type)
        out[p.name] = (rng.uniform(-2, 2, [sizes[str(p.type.n)], sizes[str(p.type.elem.n)]]).astype(np.float32)
                       if d else np.float32(0.75))
    return out


def _check_interpreted(bench, sizes, params=None, seed: int = 0):
    lowered = lowerings(bench)["tiled"](sizes, params)
    inputs = _inputs(bench, sizes, seed)
    want = CASES[bench.name]({k: v.astype(np.float64) if isinstance(v, np.ndarray) else v
                              for k, v in inputs.items()})
    got = np.asarray(interpret(lowered.program, inputs, lowered.env)).reshape(want.shape)
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-6)
    return lowered


@pytest.mark.parametrize("name", sorted(CASES))
def test_row_programs_get_the_rows_lowering_with_rows_and_row_length_as_roles(name):
    bench = _bench(name)
    assert [low.name for low in rows.lowerings_for(bench)] == ["tiled"]
    assert lowerings(bench)["tiled"].doc == rows.lowerings_for(bench)[0].doc
    assert "tiled" in templates_of(bench)  # the environment's and the search's route reach it
    sh = shape.row_reduction(bench.program)
    assert sh.values(_sizes(bench, 5, 64)) == {"M": 5, "N": 64}


@pytest.mark.parametrize("name", sorted(CASES))
def test_derived_program_matches_numpy_at_the_default_work_group_size(name):
    bench = _bench(name)
    lowered = _check_interpreted(bench, _sizes(bench, 3, 512))
    assert lowered.params == {"L": 256}
    assert lowered.kernels[0].global_size == (3 * 256,) and lowered.kernels[0].local_size == (256,)
    assert lowered.facts["row_steps"] == 2


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("lanes", [1, 4, 32, 64])
def test_derived_program_matches_numpy_at_other_work_group_sizes(name, lanes):
    bench = _bench(name)
    _check_interpreted(bench, _sizes(bench, 4, 192), {"L": lanes}, seed=lanes)


def test_a_row_length_of_no_large_power_of_two_takes_the_largest_that_divides_it():
    bench = _bench("softmax")
    lowered = _check_interpreted(bench, _sizes(bench, 2, 96))
    assert lowered.params == {"L": 32}


def test_one_work_group_per_row_with_a_tree_in_local_memory_and_the_map_in_the_same_kernel():
    bench = _bench("softmax")
    one, two = rows.derive(bench, False), rows.derive(bench, True)
    for p, wrg in ((one, 1), (two, 1)):
        ops = [n.op for _, n in walk(p) if isinstance(n, Prim)]
        assert ops.count(Op.MAP_WRG) == wrg and Op.MAP_GLB not in ops and Op.OCL_KERNEL not in ops
        assert not any(n.op in (Op.MAP, Op.REDUCE) for _, n in walk(p) if isinstance(n, Prim))
    count = lambda p: sum(1 for _, n in walk(p) if isinstance(n, Prim) and n.op is Op.MAP_LCL)  # noqa: E731
    assert count(one) == 2 * 2 + 1 and count(two) == 2 * 3 + 1  # per reduction: lanes, [32,] last; the map
    src = lowerings(bench)["tiled"](_sizes(bench, 4, 256), {"L": 64}).compile().source
    assert src.count("kernel void") == 1 and "local float" in src and "barrier(CLK_LOCAL_MEM_FENCE)" in src
    assert "tmp" not in src  # shifted_exp's value in div(shifted_exp(x, top), total) is private


def test_work_group_sizes_outside_the_constraints_are_refused():
    bench = _bench("softmax")
    low = lowerings(bench)["tiled"]
    sizes = _sizes(bench, 4, 192)
    for bad, text in ((3, "power of 2"), (128, "N % L"), (2048, "power of 2 up to 1024")):
        with pytest.raises(LoweringError, match=text):
            low(sizes, {"L": bad})
    assert not low.valid(_sizes(bench, 2, 4096), {"L": 2048})


def test_a_reduction_of_the_shape_the_rules_cannot_split_is_a_lowering_error_naming_the_step():
    # reduce from 1, not add's neutral value: partialReduceStride does not apply
    bench = user_benchmark(parse_program("def odd(m: [[float]c]r) = map(q => reduce(value(1, float), add) << q) << m"),
                           name="odd")
    assert rows.lowerings_for(bench)
    with pytest.raises(LoweringError, match=r"odd/tiled: partialReduceStride\(L\)"):
        lowerings(bench)["tiled"]({"r": 2, "c": 64})


@pytest.mark.parametrize("name", ["mm", "gemv", "asum", "scal", "gaussian"])
def test_suite_programs_of_other_shapes_get_no_row_reduction_lowering(name):
    assert rows.lowerings_for(get(name)) == []
    assert lowerings(get(name)).get("tiled", None) is None or "one work group per row" not in lowerings(
        get(name))["tiled"].doc


@pytest.mark.parametrize("name", ["matvec", "matmul", "sumsq", "scale", "box5", "transpose"])
def test_user_programs_of_other_shapes_get_no_row_reduction_lowering(name):
    assert shape.row_reduction(load_benchmark(FOLDER / f"{name}.lift").program) is None
    assert rows.lowerings_for(load_benchmark(FOLDER / f"{name}.lift")) == []


def test_a_map_over_rows_without_a_reduction_or_reducing_columns_is_not_a_row_reduction():
    no_reduce = parse_program("def twice(m: [[float]c]r) = map(q => map(x => add(x, x)) << q) << m")
    columns = parse_program("def cols(m: [[float]c]r) = map(q => reduce(value(0, float), add) << q) << transpose << m")
    two_inputs = parse_program(
        "def both(m: [[float]c]r, w: [float]c) = map(q => reduce(value(0, float), add) << q) << m")
    assert all(shape.row_reduction(p) is None for p in (no_reduce, columns, two_inputs))


def test_a_size_named_like_the_work_group_parameter_gives_no_rows_lowering():
    p = parse_program("def mine(m: [[float]L]r) = map(q => reduce(value(0, float), add) << q) << m")
    assert shape.row_reduction(p, ("L",)) is None


def test_partial_reduce_stride_applies_to_a_max_from_minus_infinity_spelled_out():
    p = prepare(parse_program('def top(x: [float]n) = reduce(value("-inf", float), max_) << x'))
    rule = blas1.partial_reduce_stride(4)
    sites = legal_sites(p, rule)
    assert len(sites) == 1
    q = apply(p, rule, sites[0])
    x = np.random.default_rng(3).uniform(-1, 1, 32).astype(np.float32)
    assert float(np.asarray(interpret(q, {"x": x}, {"n": 32})).ravel()[0]) == float(x.max())


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize(("name", "lanes"), [("rowmax", 64), ("softmax", 64), ("layernorm", 32), ("energy", 8),
                                             ("span", 128)])
def test_generated_opencl_matches_numpy_on_the_device(name, lanes):
    bench = _bench(name)
    sizes = _sizes(bench, 3, 256)
    lowered = lowerings(bench)["tiled"](sizes, {"L": lanes})
    inputs = _inputs(bench, sizes, seed=5)
    want = CASES[name]({k: v.astype(np.float64) if isinstance(v, np.ndarray) else v for k, v in inputs.items()})
    got = run_once(lowered.compile(), inputs).reshape(want.shape)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
