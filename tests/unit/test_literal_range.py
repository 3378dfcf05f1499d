"""A number literal that does not fit its type is a one-line type error naming the literal and the type's
range, not a silent inf (or a wrapped int); the spelled-out inf and the largest finite values still work."""

from __future__ import annotations

import pytest

from compiler.errors import TypeCheckError
from compiler.ir.build import map_, program, value
from compiler.ir.parser import parse_program
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import MULT
from compiler.types import DOUBLE, FLOAT, INT, array


def _text(literal: str, elem: str = "float") -> str:
    return f"def f(x: [{elem}]N) = map(y => value({literal}, {elem})) << x"


@pytest.mark.parametrize(("literal", "elem", "fragment"), [
    ("1e400", "float", "1e400 is out of range for float (from -3.4028235e+38 to 3.4028235e+38"),
    ("3.5e38", "float", "3.5e38 is out of range for float (from -3.4028235e+38 to 3.4028235e+38"),
    ("-3.5e38", "float", "-3.5e38 is out of range for float"),
    ("3.5e38f", "float", "3.5e38 is out of range for float"),
    ("1e400", "double", "1e400 is out of range for double (from -1.7976931e+308 to 1.7976931e+308"),
    ("-1e309", "double", "-1e309 is out of range for double"),
])
def test_out_of_range_float_literal_is_a_one_line_error_naming_it_and_the_range(literal, elem, fragment):
    with pytest.raises(TypeCheckError) as info:
        typecheck(parse_program(_text(literal, elem)))
    message = str(info.value)
    assert message.startswith("value: ") and fragment in message, message
    assert "\n" not in message


def test_out_of_range_int_literal_is_a_one_line_error_naming_it_and_the_range():
    with pytest.raises(TypeCheckError, match=r"^value: 3000000000 is out of range for int "
                                             r"\(from -2147483648 to 2147483647\)"):
        typecheck(program("f", {"x": array(INT, "N")}, lambda x: map_(lambda y: value("3000000000", INT)) << x))


def test_a_built_program_s_out_of_range_literal_is_the_same_error():
    with pytest.raises(TypeCheckError, match=r"^value: 3\.5e38 is out of range for float"):
        typecheck(program("f", {"x": array(FLOAT, "N")},
                          lambda x: map_(lambda y: MULT(y, value("3.5e38", FLOAT))) << x))


@pytest.mark.parametrize(("literal", "elem"), [
    ("3.4028235e38", "float"), ("-3.4028235e38", "float"), ("1e30f", "float"), ('"inf"', "float"),
    ('"-inf"', "float"), ('"nan"', "float"), ("3.5e38", "double"), ("1.7976931348623157e308", "double"),
    ('"inf"', "double"), ("2147483647", "int"), ("-2147483648", "int"), ("1e-50", "float"),
])
def test_in_range_and_spelled_out_infinite_literals_still_typecheck(literal, elem):
    typecheck(parse_program(_text(literal, elem)))


def test_a_double_literal_in_a_built_program_keeps_its_range():
    typecheck(program("f", {"x": array(DOUBLE, "N")}, lambda x: map_(lambda y: value("1e300", DOUBLE)) << x))
