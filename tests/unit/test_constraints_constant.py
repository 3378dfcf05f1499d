"""Constant divisibility (parameter-free after the types are known) is decided, never a sympy exception.

Regression for finding 1 of docs/explore.md: `asVector(2)` on a constant length raised sympy's
`GeneratorsNeeded` inside `divides` because the quotient had no symbol to build a polynomial over.
"""

from __future__ import annotations

import pytest
import sympy

from compiler.constraints.constraint import divides
from compiler.constraints.infer import infer
from compiler.errors import CompilerError, ConstraintError
from compiler.ir.parser import parse_program


def test_vectorised_constant_length_is_decided():
    tp = infer(parse_program("def f(x: [float]16) = asScalar o asVector(2) << x"), {})
    assert not tp.params
    assert tp.space().count() == 1  # the empty point


def test_constant_divides_true_false_and_rational():
    assert divides(2, 16) is sympy.true
    assert divides(3, 16) is sympy.false
    assert divides(sympy.Rational(1, 2), 3) is sympy.true  # 3 / (1/2) = 6
    assert divides(2, sympy.Rational(3, 2)) is sympy.false  # 3/4 is not whole
    assert divides(4, 0) is sympy.true


def test_constant_length_with_a_parameter_width():
    tp = infer(parse_program("def f(x: [float]12) = asScalar o asVector(v) << x"), {})
    assert tp.space().valid_values("v") == [1, 2, 4]


def test_size_bound_after_vectorising_false_names_the_constraint():
    prog = parse_program("def f(x: [float]N) = asScalar o asVector(2) << x")
    with pytest.raises(ConstraintError, match=r"invalid for these sizes: \(N % 2\) = 0 \[asVector\(2\)"):
        infer(prog, {"N": 15})
    with pytest.raises(CompilerError):  # typecheck already rejects a constant length that is not a multiple
        infer(parse_program("def f(x: [float]15) = asScalar o asVector(2) << x"), {})
