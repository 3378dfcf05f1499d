"""Named lowerings apply to programs by their shape, not by a benchmark's name: a user's own matrix product,
reduction, elementwise map or 2-D stencil, written with its own names and sizes, gets the lowerings (and the
tuning spaces) the suite's programs of the same shape get; a program of another shape does not."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from compiler.constraints import GENERIC_GPU
from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.lowering import shape
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import available_templates, template_problem
from compiler.lowering.util import LoweringError
from compiler.suite import get
from compiler.suite.user import load_benchmark, user_benchmark
from tests.user_programs import FOLDER, PROGRAMS

ROOT = Path(__file__).resolve().parents[2]


def _user(name: str):
    return load_benchmark(FOLDER / f"{name}.lift")


@pytest.mark.parametrize("suite, text_sizes", [("mm", {"M": 32, "N": 32, "K": 32}),
                                                ("dot", {"N": 4096})])
def test_suite_text_saved_as_a_file_gets_the_same_tuning_space(tmp_path, suite, text_sizes):
    from compiler.ir.printer import print_program

    f = tmp_path / f"mine_{suite}.lift"
    f.write_text(print_program(get(suite).program))
    mine, theirs = load_benchmark(f), get(suite)
    assert templates(mine, text_sizes) == templates(theirs, text_sizes)
    for name in templates(theirs, text_sizes):
        a = template_problem(mine, name, text_sizes, GENERIC_GPU).space.count()
        b = template_problem(theirs, name, text_sizes, GENERIC_GPU).space.count()
        assert a == b > 1


def templates(bench, sizes):
    return available_templates(bench, sizes, GENERIC_GPU)


@pytest.mark.parametrize("name, lowering", [("matmul", "tiled"), ("sumsq", "tiled"), ("scale", "tiled"),
                                            ("box5", "tiled"), ("box5", "default"), ("matvec", "tiled"),
                                            ("dense_relu", "tiled"), ("scaled_matvec", "tiled")])
def test_user_programs_of_a_known_shape_get_its_lowering_with_free_parameters(name, lowering):
    bench, sizes = _user(name), PROGRAMS[name].sizes
    assert lowering in templates(bench, sizes)
    assert template_problem(bench, lowering, sizes, GENERIC_GPU).space.count() > 1


@pytest.mark.parametrize("name", ["matmul", "sumsq", "scale", "box5", "matvec", "dense_relu", "scaled_matvec"])
def test_a_point_of_a_user_programs_lowering_computes_the_reference(name):
    bench, spec = _user(name), PROGRAMS[name]
    rng = np.random.default_rng(3)
    for lowering in templates(bench, spec.sizes):
        tp = template_problem(bench, lowering, spec.sizes, GENERIC_GPU)
        for point in [tp.defaults, *tp.space.sample(rng, 3)]:
            lowered = tp.lowered(tp.complete(point))
            inputs = spec.inputs(np.random.default_rng(0))
            got = np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64)
            np.testing.assert_allclose(got.reshape(-1), np.asarray(spec.reference(inputs)).reshape(-1),
                                       rtol=1e-4, atol=1e-4, err_msg=f"{name}/{lowering} at {dict(lowered.params)}")


def test_matrix_product_roles_are_read_off_the_programs_own_sizes():
    sh = shape.matrix_product(_user("matmul").program)
    assert sh is not None
    assert sh.values({"r": 2048, "c": 512, "d": 8192}) == {"M": 2048, "N": 512, "K": 8192}


def test_rectangular_matrix_product_launches_cover_its_own_sizes():
    bench = _user("matmul")
    low = lowerings(bench)["tiled"]
    lowered = low({"r": 64, "c": 32, "d": 128}, {"TM": 16, "TN": 8, "TK": 8, "RM": 2, "RN": 2, "VW": 2})
    (launch,) = lowered.kernels
    assert launch.global_size == (32 // 2, 64 // 2)
    assert launch.local_size == (8 // 2, 16 // 2)


def test_programs_of_other_shapes_get_only_the_default_lowering():
    for name in ("transpose", "flatten", "saxpy", "stencil1d", "box3d"):
        assert "tiled" not in templates(_user(name), PROGRAMS[name].sizes), name


ROW_SUMS = ("# each row of a matrix summed: the matrix-vector shape, but no dot product to split into lanes\n"
            "def rowsums(A: [[float]cols]rows) = join o map(row => reduce(value(0, float), add) << row) << A\n")


def test_a_matched_shape_whose_derivation_finds_no_site_names_the_strategy_and_the_step():
    bench = user_benchmark(parse_program(ROW_SUMS))
    sizes = {"rows": 8, "cols": 32}
    assert shape.matrix_vector(bench.program) is not None
    low = lowerings(bench)["tiled"]
    with pytest.raises(LoweringError, match=r"rowsums/tiled: \w+ applies at no site"):
        low(sizes)
    assert "tiled" not in templates(bench, sizes)


def test_a_size_named_like_a_tuning_parameter_leaves_that_lowering_out():
    text = ("def inner(u: [float]L, v: [float]L) =\n"
            "  reduce(value(0, float), add) o map(p => mult(get(0) << p, get(1) << p)) << zip(u, v)\n")
    assert set(lowerings(user_benchmark(parse_program(text)))) == {"default"}
    renamed = user_benchmark(parse_program(text.replace("]L", "]len")))
    assert "tiled" in lowerings(renamed)


def test_no_lowering_or_space_is_chosen_by_a_benchmarks_name():
    pattern = re.compile(r"""(bench|benchmark)\.(name|family)\s*(==|!=|in\b|not in\b)|get\(\s*bench\w*\.name""")
    offenders = []
    for folder in ("compiler/lowering", "compiler/explore", "compiler/constraints"):
        for f in sorted((ROOT / folder).rglob("*.py")):
            for i, line in enumerate(f.read_text().splitlines(), 1):
                if pattern.search(line):
                    offenders.append(f"{f.relative_to(ROOT)}:{i}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_large_matrix_products_default_to_register_blocks_of_8_with_the_switches_on_and_valid():
    low = lowerings(_user("matmul"))["tiled"]
    large, medium = {"r": 4096, "c": 4096, "d": 1024}, {"r": 1024, "c": 1024, "d": 1024}
    v = low.choose(large)
    assert (v["RM"], v["RN"], v["KU"], v["CB"], v["PF"]) == (8, 8, 1, 1, 1) and not low.check(large, v)
    w = low.choose(medium)
    assert (w["RM"], w["RN"], w["KU"], w["CB"], w["PF"]) == (4, 4, 0, 0, 0) and not low.check(medium, w)


def test_a_batch_of_products_is_no_convolution_and_keeps_the_matrix_products_lowering():
    # a batch [[[float]k]m]b x [[[float]n]k]b has the types of a depthwise convolution but no sliding windows
    bmm = _user("bmm")
    assert shape.convolution_chw(bmm.program) is None
    assert shape.batched_matrix_product(bmm.program) is not None
    assert "convolution" not in lowerings(bmm)["tiled"].doc.lower()
    assert shape.convolution_chw(_user("conv_chw").program) is not None
