"""The matrix product strategy (mm `tiled`) across its family, on programs written as a user would: B given
transposed in the data (abt: both inputs stored along the depth, no transpose in the program; tileRows), A given
transposed (atb: its rows read through a transpose outside the row map, B's inside), and a batch of products
(bmm: the tiled derivation inside the batch's map, the batch over work groups of dimension 2). Each gets the
lowering with free tuning parameters; its derived program computes the NumPy reference in the interpreter at the
default and at sampled points of its space, at the CI sizes and at rectangular sizes that are not powers of two;
its generated OpenCL computes the reference on the device (PoCL in CI). Sizes where no point is valid, and
members the derivation cannot match, are LoweringErrors naming the strategy and the step or constraint."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.constraints import GENERIC_GPU
from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.lowering import shape
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import available_templates, template_problem
from compiler.lowering.util import LoweringError
from compiler.suite.user import load_benchmark, user_benchmark
from tests.opencl_once import opencl_available, run_once
from tests.user_programs import FOLDER, PROGRAMS

MEMBERS = ("abt", "atb", "bmm")


def _bench(name: str):
    return load_benchmark(FOLDER / f"{name}.lift")


def _f32(rng, *dims):
    return rng.uniform(-1, 1, size=dims).astype(np.float32)


def _inputs_and_reference(name: str, s: dict[str, int], rng) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Inputs at sizes `s` and the product in float64 (NumPy, independent of the IR)."""
    if name == "abt":
        a, bt = _f32(rng, s["m"], s["k"]), _f32(rng, s["n"], s["k"])
        return {"A": a, "Bt": bt}, a.astype(np.float64) @ bt.astype(np.float64).T
    if name == "atb":
        at, b = _f32(rng, s["k"], s["m"]), _f32(rng, s["k"], s["n"])
        return {"At": at, "B": b}, at.astype(np.float64).T @ b.astype(np.float64)
    left, right = _f32(rng, s["b"], s["m"], s["k"]), _f32(rng, s["b"], s["k"], s["n"])
    return {"L": left, "R": right}, np.matmul(left.astype(np.float64), right.astype(np.float64))


def _rules(bench, sizes) -> list[str]:
    """The names of the rules the tiled derivation applies to the program at its default point."""
    from compiler.lowering import mm

    trace: list = []
    mm.derive(bench.program, lowerings(bench)["tiled"].choose(sizes), trace)
    return [r for r, _, _ in trace]


def _check_points(name: str, sizes: dict[str, int], samples: int, seed: int) -> None:
    tp = template_problem(_bench(name), "tiled", sizes, GENERIC_GPU)
    inputs, ref = _inputs_and_reference(name, sizes, np.random.default_rng(seed))
    for point in [tp.defaults, *tp.space.sample(np.random.default_rng(seed), samples)]:
        lowered = tp.lowered(tp.complete(point))
        got = np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64).reshape(ref.shape)
        np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4, err_msg=f"{name} at {dict(lowered.params)}")


@pytest.mark.parametrize("name", MEMBERS)
def test_each_member_gets_the_tiled_lowering_with_free_parameters(name):
    bench, sizes = _bench(name), PROGRAMS[name].sizes
    assert "tiled" in available_templates(bench, sizes, GENERIC_GPU)
    assert template_problem(bench, "tiled", sizes, GENERIC_GPU).space.count() > 1


@pytest.mark.parametrize("name", MEMBERS)
def test_each_member_computes_the_reference_at_the_default_and_at_sampled_points(name):
    _check_points(name, PROGRAMS[name].sizes, samples=4, seed=11)


@pytest.mark.parametrize("name, sizes", [("abt", {"m": 96, "n": 80, "k": 48}),
                                         ("atb", {"m": 24, "n": 40, "k": 12}),
                                         ("bmm", {"b": 3, "m": 24, "n": 20, "k": 12}),
                                         ("abt", {"m": 7, "n": 5, "k": 3})])
def test_rectangular_sizes_that_are_not_powers_of_two_compute_the_reference(name, sizes):
    _check_points(name, sizes, samples=3, seed=5)


def test_the_space_at_rectangular_sizes_holds_only_points_whose_tiles_divide_the_product():
    sizes = {"m": 96, "n": 80, "k": 48}
    tp = template_problem(_bench("abt"), "tiled", sizes, GENERIC_GPU)
    assert tp.space.count() > 1
    for point in tp.space.sample(np.random.default_rng(2), 40):
        v = tp.complete(point)
        assert 96 % v["TM"] == 0 and 80 % v["TN"] == 0 and 48 % v["TK"] == 0, v
        assert v["TM"] % v["RM"] == 0 and v["TN"] % v["RN"] == 0 and v["TK"] % v["VW"] == 0, v


def test_the_default_at_rectangular_sizes_is_valid_and_its_tiles_divide():
    low = lowerings(_bench("abt"))["tiled"]
    sizes = {"m": 96, "n": 80, "k": 48}
    v = low.choose(sizes)
    assert not low.check(sizes, v)
    assert (96 % v["TM"], 80 % v["TN"], 48 % v["TK"]) == (0, 0, 0)


def test_a_switch_whose_runs_of_4_fit_no_block_reads_as_off_in_the_space_and_is_refused_when_asked_for():
    from compiler.ir.printer import program_key
    from compiler.lowering import mm

    sizes = {"m": 12, "n": 10, "k": 6}  # no column block of N = 10 is a multiple of 4: CB = 1 has no structure
    low = lowerings(_bench("abt"))["tiled"]
    with pytest.raises(LoweringError, match=r"CB = 1 needs RN % 4 = 0 \(RN = 2\)"):
        low(sizes, {"CB": 1})
    v = low.choose(sizes)
    on = low.bind(sizes, {**v, "CB": 1}).program
    assert program_key(on) == program_key(low.bind(sizes, v).program)
    assert mm.effective_switches({**v, "CB": 1})["CB"] == 0
    assert "tiled" in available_templates(_bench("abt"), sizes, GENERIC_GPU)


def test_tile_sizes_that_do_not_divide_are_a_lowering_error_naming_the_constraint():
    low = lowerings(_bench("abt"))["tiled"]
    with pytest.raises(LoweringError, match=r"abt/tiled .*M % TM = 0 \(M = 96, TM = 7\)"):
        low({"m": 96, "n": 80, "k": 48}, {"TM": 7})


def test_a_batch_beyond_the_grid_of_work_groups_has_no_valid_point():
    low = lowerings(_bench("bmm"))["tiled"]
    sizes = {"b": 70000, "m": 8, "n": 4, "k": 8}
    assert not low.valid(sizes)
    with pytest.raises(LoweringError, match=r"bmm/tiled .*a batch of at most 65535 products"):
        low(sizes)


def test_the_batched_finder_reads_its_roles_off_the_programs_own_sizes():
    program = _bench("bmm").program
    sh = shape.batched_matrix_product(program)
    assert sh is not None and shape.matrix_product(program) is None
    assert sh.values({"b": 64, "m": 256, "n": 128, "k": 32}) == {"Batch": 64, "M": 256, "N": 128, "K": 32}
    assert shape.batched_matrix_product(_bench("matmul").program) is None


def test_a_batch_is_the_third_launch_dimension_with_one_work_group_per_tile_of_one_product():
    low = lowerings(_bench("bmm"))["tiled"]
    lowered = low({"b": 5, "m": 32, "n": 16, "k": 8}, {"TM": 16, "TN": 8, "TK": 8, "RM": 2, "RN": 2, "VW": 2})
    (launch,) = lowered.kernels
    assert launch.global_size == (16 // 2, 32 // 2, 5)
    assert launch.local_size == (8 // 2, 16 // 2, 1)


def test_a_product_given_by_rows_is_tiled_by_rows_and_one_read_through_a_transpose_by_columns():
    rows, cols = _rules(_bench("abt"), PROGRAMS["abt"].sizes), _rules(_bench("atb"), PROGRAMS["atb"].sizes)
    assert "tileRows(TN)" in rows and "tileColumns(TN)" not in rows
    assert "tileColumns(TN)" in cols and "tileRows(TN)" not in cols


def test_a_transpose_written_outside_the_row_map_is_tiled_by_columns_and_computes_the_reference():
    text = ("def outside(P: [[float]d]r, Q: [[float]c]d) =\n"
            "  (cols => map(p => join o map(q => reduce(value(0, float), add)"
            " o map(u => mult(get(0) << u, get(1) << u)) << zip(p, q)) << cols) << P) << transpose << Q\n")
    bench, sizes = user_benchmark(parse_program(text)), {"r": 12, "c": 8, "d": 20}
    assert "tileColumns(TN)" in _rules(bench, sizes)
    tp = template_problem(bench, "tiled", sizes, GENERIC_GPU)
    assert tp.space.count() > 1
    rng = np.random.default_rng(4)
    p, q = _f32(rng, 12, 20), _f32(rng, 20, 8)
    for point in [tp.defaults, *tp.space.sample(rng, 3)]:
        lowered = tp.lowered(tp.complete(point))
        got = np.asarray(interpret(lowered.program, {"P": p, "Q": q}, lowered.env), dtype=np.float64)
        np.testing.assert_allclose(got.reshape(12, 8), p.astype(np.float64) @ q, rtol=1e-4, atol=1e-4)


def test_a_batch_of_products_with_b_given_by_rows_is_tiled_by_rows_and_computes_the_reference():
    text = ("def babt(X: [[[float]d]r]s, Yt: [[[float]d]c]s) =\n"
            "  map(xy => map(x => join o map(y => reduce(value(0, float), add)"
            " o map(u => mult(get(0) << u, get(1) << u)) << zip(x, y)) << (get(1) << xy)) << (get(0) << xy))"
            " << zip(X, Yt)\n")
    bench, sizes = user_benchmark(parse_program(text)), {"s": 3, "r": 12, "c": 8, "d": 20}
    assert "tileRows(TN)" in _rules(bench, sizes)
    tp = template_problem(bench, "tiled", sizes, GENERIC_GPU)
    rng = np.random.default_rng(8)
    x, yt = _f32(rng, 3, 12, 20), _f32(rng, 3, 8, 20)
    ref = np.matmul(x.astype(np.float64), yt.astype(np.float64).transpose(0, 2, 1))
    for point in [tp.defaults, *tp.space.sample(rng, 3)]:
        lowered = tp.lowered(tp.complete(point))
        got = np.asarray(interpret(lowered.program, {"X": x, "Yt": yt}, lowered.env), dtype=np.float64)
        np.testing.assert_allclose(got.reshape(ref.shape), ref, rtol=1e-4, atol=1e-4)


def test_an_operand_stored_transposed_is_copied_along_its_rows_in_memory_and_the_suites_layout_is_not():
    def transposed_copies(name, sizes):
        return [r for r in _rules(_bench(name), sizes) if r.startswith("localTileOfTranspose")]

    assert len(transposed_copies("abt", PROGRAMS["abt"].sizes)) == 1  # the B tile, from Bt's rows
    assert len(transposed_copies("atb", PROGRAMS["atb"].sizes)) == 1  # the A tile, from At's rows
    assert transposed_copies("matmul", PROGRAMS["matmul"].sizes) == []
    assert transposed_copies("bmm", PROGRAMS["bmm"].sizes) == []


def test_a_transposed_a_loads_vectors_along_the_tiles_rows_of_c_so_their_width_divides_tm():
    low = lowerings(_bench("atb"))["tiled"]
    sizes = {"m": 24, "n": 40, "k": 12}
    assert low.choose(sizes)["TM"] % low.choose(sizes)["VW"] == 0
    with pytest.raises(LoweringError, match=r"A stored transposed: TM % VW = 0"):
        low(sizes, {"TM": 6, "TN": 8, "TK": 4, "RM": 2, "RN": 2, "VW": 4})


def test_a_member_the_derivation_cannot_match_names_the_strategy_and_the_step():
    # the dot product's zip reads the column first: tileReduce matches zip(row, column) only
    text = ("def swapped(P: [[float]d]r, Q: [[float]d]c) =\n"
            "  map(p => join o map(q => reduce(value(0, float), add) o map(u => mult(get(0) << u, get(1) << u))"
            " << zip(q, p)) << Q) << P\n")
    bench = user_benchmark(parse_program(text))
    low = lowerings(bench)["tiled"]
    with pytest.raises(LoweringError, match=r"mm tiled: tileReduce\(TK\) applies at no site"):
        low({"r": 8, "c": 8, "d": 16})
    assert "tiled" not in available_templates(bench, {"r": 8, "c": 8, "d": 16}, GENERIC_GPU)


def test_columns_that_depend_on_the_row_are_neither_tiled_by_columns_nor_by_rows_and_the_error_says_so():
    # the right operand's rows are scaled by the row of the left one: no tile of B is shared by a tile of rows
    text = ("def scaled(P: [[float]d]r, Q: [[float]d]c) =\n"
            "  map(p => join o map(q => reduce(value(0, float), add) o map(u => mult(get(0) << u, get(1) << u))"
            " << zip(p, q)) o map(w => map(u => mult(get(0) << u, get(1) << u)) << zip(w, p)) << Q) << P\n")
    bench = user_benchmark(parse_program(text))
    assert shape.matrix_product(bench.program) is not None
    with pytest.raises(LoweringError, match=r"mm tiled: tileColumns\(TN\) .* and tileRows\(TN\) .* apply at no site"):
        lowerings(bench)["tiled"]({"r": 8, "c": 8, "d": 16})


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("name, sizes, params", [
    ("abt", {"m": 24, "n": 16, "k": 12}, {"TM": 8, "TN": 8, "TK": 4, "RM": 4, "RN": 4, "VW": 4, "KU": 1, "CB": 1}),
    ("atb", {"m": 16, "n": 8, "k": 32}, {"TM": 8, "TN": 8, "TK": 8, "RM": 4, "RN": 4, "VW": 4, "CB": 1, "AT": 1}),
    ("bmm", {"b": 3, "m": 16, "n": 8, "k": 32}, {"TM": 8, "TN": 4, "TK": 8, "RM": 2, "RN": 2, "VW": 2, "PF": 1}),
])
def test_each_members_kernel_computes_the_reference_on_the_device(name, sizes, params):
    lowered = lowerings(_bench(name))["tiled"](sizes, params)
    inputs, ref = _inputs_and_reference(name, sizes, np.random.default_rng(7))
    out = run_once(lowered.compile(), inputs).reshape(ref.shape)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)
