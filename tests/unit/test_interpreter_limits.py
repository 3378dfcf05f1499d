"""The interpreter's size and iteration limits: a value that would be too large, or an iterate with too many
steps, is refused before anything is allocated or run, with one line naming the limit and its variable."""

from __future__ import annotations

import time

import numpy as np
import pytest

from compiler.errors import InterpretError
from compiler.ir.interpret import ELEMENTS_ENV, ITERATIONS_ENV, interpret, max_elements, max_iterations
from compiler.ir.parser import parse_program

ADD1 = 'userfun add1(x: float): float =\n  "return x + 1.0f;"\n  | "x + 1.0"\n'


def _run(body: str, n: int = 8):
    prog = parse_program(ADD1 + f"def p(x: [float]N) =\n  {body}\n")
    return interpret(prog, {"x": np.arange(n, dtype=np.float32)}, {"N": n})


def _refused(body: str, limit_env: str) -> str:
    t0 = time.perf_counter()
    with pytest.raises(InterpretError) as info:
        _run(body)
    assert time.perf_counter() - t0 < 5.0
    msg = str(info.value)
    assert "\n" not in msg and limit_env in msg and "limit of" in msg
    return msg


def test_huge_pad_is_refused_before_allocation():
    msg = _refused("map(add1) << pad(1000000000000, 0, value(0, float)) << x", ELEMENTS_ENV)
    assert "pad(1000000000000, 0)" in msg


def test_huge_broadcast_literal_is_refused():
    msg = _refused("value(0, [[float]1000000]1000000)", ELEMENTS_ENV)
    assert "value(0" in msg


def test_huge_boundary_pad_is_refused():
    _refused("padClamp(1000000000000, 0) << x", ELEMENTS_ENV)


def test_iterate_beyond_the_limit_is_refused_at_once():
    msg = _refused("iterate(1000000000000, map(add1)) << x", ITERATIONS_ENV)
    assert "iterate(1000000000000" in msg


def test_limits_are_raised_and_lowered_by_the_environment(monkeypatch):
    assert np.array_equal(_run("iterate(3, map(add1)) << x"), np.arange(8) + 3)
    monkeypatch.setenv(ITERATIONS_ENV, "2")
    assert max_iterations() == 2
    _refused("iterate(3, map(add1)) << x", ITERATIONS_ENV)
    monkeypatch.setenv(ELEMENTS_ENV, "10")
    assert max_elements() == 10
    assert _run("map(add1) << x").shape == (8,)
    _refused("map(add1) << pad(2, 1, value(0, float)) << x", ELEMENTS_ENV)


def test_values_within_the_limit_are_unchanged():
    out = _run("map(add1) << pad(2, 1, value(7, float)) << x", 4)
    assert np.array_equal(out, [8, 8, 1, 2, 3, 4, 8])
