"""The matrix-vector strategy (`tiled`) on every member of its shape: a plain y = A x, a dense layer with its
bias and ReLU, a scaled product whose epilogue is a map after the join, the suite's alpha A x + beta y, and
programs written in other layouts (the vector first, the zip the other way round, an epilogue of two maps, in
the row or after the join). Each derives with free tuning parameters L and R, and the interpreter on the derived
program agrees with an independent NumPy reference at the defaults and at sampled points of the space; one PoCL
run of the generated OpenCL per member."""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler.constraints import GENERIC_GPU
from compiler.ir.interpret import interpret
from compiler.ir.node import walk
from compiler.ir.ops import Op
from compiler.ir.parser import parse_program
from compiler.ir.terms import is_call
from compiler.lowering import shape
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import available_templates, template_problem
from compiler.suite import get as get_bench
from compiler.suite.user import load_benchmark, user_benchmark
from tests.opencl_once import opencl_available, run_once
from tests.user_programs import FOLDER, PROGRAMS


def _f32(rng, *shape_):
    return rng.uniform(-1, 1, size=shape_).astype(np.float32)


def _d(a):
    return np.asarray(a, dtype=np.float64)


# name -> (benchmark, sizes, inputs(rng), NumPy reference(inputs)): the members at sizes other than their files'
_RELU_IN_ROW = """\
def relu_rows(Q: [[float]w]h, u: [float]w) =
  join o map(q =>
      map(s => max_(s, value(0, float)))
      o reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e)) << zip(q, u)
    ) << Q
"""
_VECTOR_FIRST = """\
userfun shiftRelu(s: float, b: float): float =
  "return fmax(s + b, 0.0f);"
  | "np.maximum(s + b, 0.0)"
def layer(x: [float]din, weights: [[float]din]dout, offsets: [float]dout) =
  join o map(wo =>
      map(s => shiftRelu(s, get(1) << wo))
      o reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e)) << zip(x, get(0) << wo)
    ) << zip(weights, offsets)
"""
_TWO_MAPS_AFTER = """\
def twice_then_relu(T: [[float]c]r, z: [float]c) =
  map(s => max_(s, value(0, float))) o map(s => mult(value(2, float), s))
  o join o map(t => reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e)) << zip(t, z)) << T
"""
_TWO_MAPS_IN_ROW = """\
def bias_then_relu(P: [[float]c]r, z: [float]c, off: [float]r) =
  join o map(t =>
      map(s => max_(s, value(0, float))) o map(s => add(s, get(1) << t))
      o reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e)) << zip(get(0) << t, z)
    ) << zip(P, off)
"""


def _text(text):
    return user_benchmark(parse_program(text))


GEMV = get_bench("gemv")

MEMBERS = {
    "matvec": (load_benchmark(FOLDER / "matvec.lift"), {"rows": 12, "cols": 64},
               lambda r: {"A": _f32(r, 12, 64), "x": _f32(r, 64)}, lambda i: _d(i["A"]) @ i["x"]),
    "dense_relu": (load_benchmark(FOLDER / "dense_relu.lift"), {"fanIn": 96, "fanOut": 20},
                   lambda r: {"W": _f32(r, 20, 96), "v": _f32(r, 96), "bias": _f32(r, 20)},
                   lambda i: np.maximum(0.0, _d(i["W"]) @ i["v"] + i["bias"])),
    "scaled_matvec": (load_benchmark(FOLDER / "scaled_matvec.lift"), {"k": 40, "n": 9},
                      lambda r: {"gain": np.float32(-1.25), "M": _f32(r, 9, 40), "v": _f32(r, 40)},
                      lambda i: -1.25 * (_d(i["M"]) @ i["v"])),
    "gemv": (GEMV, {"M": 24, "N": 32}, lambda r: GEMV.make_inputs({"M": 24, "N": 32}, r),
             lambda i: GEMV.reference(i, {"M": 24, "N": 32})),
    "relu_in_row": (_text(_RELU_IN_ROW), {"w": 48, "h": 10}, lambda r: {"Q": _f32(r, 10, 48), "u": _f32(r, 48)},
                    lambda i: np.maximum(_d(i["Q"]) @ i["u"], 0.0)),
    "vector_first": (_text(_VECTOR_FIRST), {"din": 16, "dout": 14},
                     lambda r: {"x": _f32(r, 16), "weights": _f32(r, 14, 16), "offsets": _f32(r, 14)},
                     lambda i: np.maximum(_d(i["weights"]) @ i["x"] + i["offsets"], 0.0)),
    "two_maps_after": (_text(_TWO_MAPS_AFTER), {"c": 32, "r": 8}, lambda r: {"T": _f32(r, 8, 32), "z": _f32(r, 32)},
                       lambda i: np.maximum(2.0 * (_d(i["T"]) @ i["z"]), 0.0)),
    "two_maps_in_row": (_text(_TWO_MAPS_IN_ROW), {"c": 24, "r": 6},
                        lambda r: {"P": _f32(r, 6, 24), "z": _f32(r, 24), "off": _f32(r, 6)},
                        lambda i: np.maximum(_d(i["P"]) @ i["z"] + i["off"], 0.0)),
}
NAMES = sorted(MEMBERS)


def _agrees(bench, lowered, inputs, reference, device: bool = False):
    want = np.asarray(reference(inputs), dtype=np.float64).reshape(-1)
    got = np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64).reshape(-1)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5, err_msg=f"{bench.name} at {dict(lowered.params)}")
    if device:
        out = np.asarray(run_once(lowered.compile(), inputs), dtype=np.float64).reshape(-1)
        np.testing.assert_allclose(out, want, rtol=1e-4, atol=1e-5,
                                   err_msg=f"{bench.name} on the device at {dict(lowered.params)}")


@pytest.mark.parametrize("name", NAMES)
def test_every_member_gets_tiled_with_free_parameters(name):
    bench, sizes, _, _ = MEMBERS[name]
    assert "tiled" in available_templates(bench, sizes, GENERIC_GPU)
    tp = template_problem(bench, "tiled", sizes, GENERIC_GPU)
    assert [p.name for p in tp.params] == ["L", "R"]
    assert tp.space.count() > 1


@pytest.mark.parametrize("name", NAMES)
def test_the_interpreter_on_the_derived_program_computes_the_reference_at_the_defaults_and_sampled_points(name):
    bench, sizes, make_inputs, reference = MEMBERS[name]
    tp = template_problem(bench, "tiled", sizes, GENERIC_GPU)
    rng = np.random.default_rng(len(name))
    points = [tp.defaults, *tp.space.sample(rng, 4)]
    assert len({tuple(sorted(tp.complete(p).items())) for p in points}) > 1
    for point in points:
        lowered = tp.lowered(tp.complete(point))
        _agrees(bench, lowered, make_inputs(np.random.default_rng(sum(point.values()))), reference)


@pytest.mark.parametrize("name", NAMES)
def test_one_device_run_of_each_member_computes_the_reference(name):
    if not opencl_available():
        pytest.skip("no OpenCL device")
    bench, sizes, make_inputs, reference = MEMBERS[name]
    tp = template_problem(bench, "tiled", sizes, GENERIC_GPU)
    point = next(p for p in tp.space.sample(np.random.default_rng(7), 16) if p["L"] > 1 and p["R"] > 1)
    _agrees(bench, tp.lowered(tp.complete(point)), make_inputs(np.random.default_rng(1)), reference, device=True)


@pytest.mark.parametrize("name", ["matvec", "dense_relu", "scaled_matvec"])
def test_the_user_programs_compute_their_npz_references(name):
    bench, spec = load_benchmark(FOLDER / f"{name}.lift"), PROGRAMS[name]
    ref = np.load(FOLDER / f"{name}.npz")
    inputs = {k: ref[k] for k in ref.files if k != "expected"}
    lowered = lowerings(bench)["tiled"](spec.sizes)
    got = np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64).reshape(-1)
    np.testing.assert_allclose(got, ref["expected"].reshape(-1), rtol=1e-4, atol=1e-5)


def test_roles_are_read_off_each_programs_own_sizes():
    assert shape.matrix_vector(MEMBERS["dense_relu"][0].program).values({"fanIn": 96, "fanOut": 20}) == {
        "M": 20, "N": 96}
    assert shape.matrix_vector(MEMBERS["vector_first"][0].program).values({"din": 16, "dout": 14}) == {
        "M": 14, "N": 16}
    lowered = lowerings(MEMBERS["scaled_matvec"][0])["tiled"]({"k": 40, "n": 9}, {"L": 8, "R": 3})
    (launch,) = lowered.kernels
    assert launch.global_size == (9 // 3 * 8,) and launch.local_size == (8,)


def test_other_shapes_are_not_matrix_vector_products():
    two_reductions = ("def f(A: [[float]c]r, x: [float]c) =\n"
                      "  join o map(a => reduce(value(0, float), add) o join o map(b => reduce(value(0, float), add)"
                      " << b) o split(4) o map(e => mult(get(0) << e, get(1) << e)) << zip(a, x)) << A\n")
    rows_not_reduced = "def g(A: [[float]c]r, x: [float]r) = join o map(a => reduce(value(0, float), add) << a) << A\n"
    assert shape.matrix_vector(parse_program(two_reductions)) is None
    assert shape.matrix_vector(parse_program(rows_not_reduced)) is not None  # the finder's cheap test passes ...
    one_row = "def h(A: [[float]c]r) = map(a => reduce(value(0, float), add) << a) << A\n"
    assert shape.matrix_vector(parse_program(one_row)) is None  # a [[float]1]r result, not [float]r


def _small_point(bench, sizes):
    """L = 4 work items per work group and R = 3, 2 or 1 rows (what divides the rows)."""
    m = shape.matrix_vector(bench.program).values(sizes)["M"]
    return {"L": 4, "R": next(r for r in (3, 2, 1) if m % r == 0)}


def _row_sums_read(program):
    """What the work items adding up the rows read: the argument of the `toGlobal(mapLcl(0)(...))` over rows."""
    return [n.args[0] for _, n in walk(program)
            if is_call(n, Op.TO_GLOBAL) and getattr(n.f.funs[0], "op", None) is Op.MAP_LCL]


@pytest.mark.parametrize("name, zipped", [("gemv", True), ("dense_relu", True), ("two_maps_in_row", True),
                                          ("vector_first", True), ("matvec", False), ("scaled_matvec", False),
                                          ("relu_in_row", False), ("two_maps_after", False)])
def test_an_epilogue_reading_the_rows_own_values_gets_them_zipped_with_the_partial_sums(name, zipped):
    bench, sizes, _, _ = MEMBERS[name]
    (read,) = _row_sums_read(lowerings(bench)["tiled"](sizes).program)
    assert is_call(read, Op.ZIP) is zipped
    assert zipped or is_call(read, Op.TRANSPOSE)


@pytest.mark.parametrize("name, copied", [("matvec", True), ("scaled_matvec", False), ("dense_relu", False),
                                          ("gemv", False), ("relu_in_row", False)])
def test_only_a_sum_with_no_epilogue_is_copied_to_global_memory(name, copied):
    bench, sizes, _, _ = MEMBERS[name]
    lowered = lowerings(bench)["tiled"](sizes, _small_point(bench, sizes))
    assert ("toGlobal(mapSeq(id))" in str(lowered.program)) is copied
    source = lowered.compile().source
    assert source.count("barrier(CLK_LOCAL_MEM_FENCE)") == 1
    assert (re.search(r"out\[[^\]]*\] = acc2;", source) is not None) is copied, source


@pytest.mark.parametrize("name", NAMES)
def test_the_matrix_is_read_coalesced_in_the_local_id(name):
    bench, sizes, _, _ = MEMBERS[name]
    matrix = next(q.name for q in bench.program.params if len(shape.dims(q.type)) == 2)
    source = lowerings(bench)["tiled"](sizes, _small_point(bench, sizes)).compile().source
    reads = re.findall(rf"\b{matrix}\[([^\]]*)\]", source)
    assert reads and all(re.match(r"l_id_0 \+", r) for r in reads), reads


def test_the_parameters_are_size_variables_of_one_derived_program():
    bench, sizes, _, _ = MEMBERS["dense_relu"]
    a = lowerings(bench)["tiled"](sizes, {"L": 8, "R": 2})
    b = lowerings(bench)["tiled"](sizes, {"L": 32, "R": 5})
    assert a.program == b.program and "split(L)" in str(a.program) and "split(R)" in str(a.program)
