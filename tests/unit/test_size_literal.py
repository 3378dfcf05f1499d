"""A size as a value: `value(N, float)` is the float of the size N (a size literal) through the parser, the type
checker, the interpreter and the code generator, which writes the number into the kernel it specialises to the
sizes; end to end on the OpenCL device (PoCL in CI) against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import compile_program
from compiler.errors import TypeCheckError
from compiler.ir.interpret import interpret
from compiler.ir.node import Literal, walk
from compiler.ir.parser import parse_program, parse_size
from compiler.ir.printer import print_program
from compiler.ir.typecheck import literal_size, typecheck
from compiler.lowering.default import default_lowering
from tests.opencl_once import opencl_available, run_once

ROW_MEAN = """
def rowmean(x: [[float]N]M) =
  join o map(r => map(s => div(s, value(N, float))) o reduce(value(0, float), add) << r) << x
"""
SCALE = "def scale(x: [float]N) = map(y => mult(y, value({}, float))) << x"


def test_a_size_in_value_parses_typechecks_and_prints_back():
    p = parse_program(ROW_MEAN)
    typecheck(p)
    assert parse_program(print_program(p)) == p
    quoted = parse_program(ROW_MEAN.replace("value(N, float)", 'value("N", float)'))
    assert quoted == p  # value("N", float) is the same literal


@pytest.mark.parametrize("text, expr", [("N", "N"), ("M*N", "M*N"), ("(N + 1)", "N + 1"), ("-N", "-N"),
                                        ("floor(N/3)", "floor(N/3)")])
def test_size_expressions_in_value(text, expr):
    p = parse_program(f"def f(x: [[float]N]M) = map(r => map(y => mult(y, value({text}, float))) << r) << x")
    typecheck(p)
    (lit,) = [n for _, n in walk(p) if isinstance(n, Literal)]
    assert literal_size(lit.value) == parse_size(expr)


def test_numbers_are_not_size_literals():
    for text in ("0", "-1.5f", "1e-3", "inf", "-inf", "nan", "true", "2*3"):
        assert literal_size(text) is None, text


def test_a_string_that_is_neither_a_number_nor_a_size_is_ill_typed():
    with pytest.raises(TypeCheckError, match="is not a number nor a size expression"):
        typecheck(parse_program('def f(x: [float]N) = map(y => mult(y, value("N +", float))) << x'))


def test_interpreter_gives_the_size_in_the_literal_type():
    x = np.arange(24, dtype=np.float32).reshape(3, 8)
    got = interpret(parse_program(ROW_MEAN), {"x": x}, {"M": 3, "N": 8})
    assert np.allclose(got, x.mean(axis=1))
    as_int = parse_program("def f(x: [float]N) = map(y => value(N, int)) << x")
    out = interpret(as_int, {"x": np.zeros(5, np.float32)}, {"N": 5})
    assert out.dtype == np.int32 and list(out) == [5] * 5


def test_generated_kernel_holds_the_size_as_a_number():
    p = parse_program(ROW_MEAN)
    sizes = {"M": 4, "N": 16}
    kp = compile_program(default_lowering(p, sizes), sizes)
    (source,) = [k.source for k in kp.kernels]
    assert "16.0f" in source and '"N"' not in source


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("sizes", [{"M": 4, "N": 16}, {"M": 3, "N": 37}])
def test_row_mean_with_a_size_literal_matches_numpy_on_the_device(sizes):
    p = parse_program(ROW_MEAN)
    x = np.random.default_rng(0).standard_normal((sizes["M"], sizes["N"])).astype(np.float32)
    kp = compile_program(default_lowering(p, sizes), sizes)
    got = run_once(kp, {"x": x.reshape(-1)})
    assert np.allclose(got.reshape(-1), x.mean(axis=1), rtol=1e-5, atol=1e-6)


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
def test_size_expression_literal_matches_numpy_on_the_device():
    p = parse_program(SCALE.format("(N + 1)/2"))
    sizes = {"N": 9}
    x = np.arange(9, dtype=np.float32)
    got = run_once(compile_program(default_lowering(p, sizes), sizes), {"x": x})
    assert np.allclose(got.reshape(-1), x * 5.0)


def test_a_value_naming_no_size_of_the_program_is_an_error_at_its_position():
    from compiler.errors import ParseError
    from compiler.ir.build import map_, program, value
    from compiler.ir.userfuns import MULT
    from compiler.types import FLOAT, array

    with pytest.raises(ParseError, match=r"an expression of the program's sizes \(N\); K is not one") as info:
        parse_program("def f(x: [float]N) = map(y => mult(y, value(K, float))) << x")
    assert (info.value.line, info.value.col) == (1, 45)
    with pytest.raises(TypeCheckError, match=r"'K' is not a number, and K not a size of the program \(its sizes: N\)"):
        typecheck(program("f", {"x": array(FLOAT, "N")}, lambda x: map_(lambda y: MULT(y, value("K", FLOAT))) << x))
