"""The index algebra of the code generator: simplification laws, and a randomized check of every simplification
against brute-force evaluation over the variables' ranges (floor semantics, and C's truncating semantics where
every division's argument is non-negative)."""

from __future__ import annotations

import itertools
import random

import pytest

from compiler.codegen.index import Div, Idx, Var, compare, cst, evaluate, render, render_cmp, substitute, var

I, J, K = Var("i", 9), Var("j", 64), Var("k", 100)
i, j, k = var(I), var(J), var(K)


@pytest.mark.parametrize(("expr", "text"), [
    ((i * 64 + j) // 64, "i"),
    ((i * 64 + j) % 64, "j"),
    ((j * 3 + 2) // 3, "j"),
    ((4 * i + 2) // 6, "(2 * i + 1) / 3"),
    ((i // 3) * 3 + i % 3, "i"),
    (3 * (k // 3) + k % 3 + 1, "k + 1"),
    ((k // 4) // 5, "k / 20"),
    ((k % 20) % 5, "k % 5"),
    (var(Var("x", 2000)) % 128 + 128 * ((var(Var("x", 2000)) // 128) % 3), "x % 384"),
    (i + i - 2 * i + 7, "7"),
    (i % 9, "i"),
    (i // 9, "0"),
    ((i + 9) // 9, "1"),
    (2 * i + j - 5, "j + 2 * i - 5"),
    (k // 1, "k"),
    (k % 1, "0"),
    ((4 * k + 1) // 128, "k / 32"),  # the lanes of a vector: the constant's remainder below the common factor
    ((2 * k + 16 * i + 1) // 64, "(k + 8 * i) / 32"),
    ((4 * k + 6) // 8, "(k + 1) / 2"),
    ((4 * k + 32 * i + 3) % 384, "4 * ((k + 8 * i) % 96) + 3"),
    ((4 * k + 5) % 8, "4 * ((k + 1) % 2) + 1"),
])
def test_laws(expr, text):
    assert render(expr) == text


def test_negative_arguments_are_left_as_written():
    """C's / and % truncate: no rewriting where the argument can be negative (a pad's unevaluated branch)."""
    e = (k - 3) // 4
    assert render(e) == "(k - 3) / 4"
    assert isinstance(e.terms[0][0], Div)
    assert render((k - 3) % 4) == "(k - 3) % 4"


def test_render_parenthesises_scaled_divisions():
    assert render(6 * (i // 3) + i % 3) == "i % 3 + 6 * (i / 3)"
    assert render(-i + 3) == "-i + 3"


def test_compare_moves_constants_and_divides_common_factors():
    assert render_cmp(compare(i + 2, ">=", 17)) == "i >= 15"
    assert render_cmp(compare(2 * i + 4 * j, "<", 7)) == "i + 2 * j < 4"
    assert compare(i, "<", 9).decided() is True
    assert compare(i, ">=", 9).decided() is False
    assert compare(i, "<", 3).decided() is None


def test_substitute_resimplifies():
    e = (i * 64 + j) // 64 + (i * 64 + j) % 64
    assert render(substitute(e, {I: cst(2), J: cst(5)})) == "7"
    assert render(substitute(j // 8, {J: 8 * i + 3})) == "i"


def _random_expr(rng: random.Random, vs: list[Var], depth: int, nonneg: bool):
    """(Idx built with the algebra, reference evaluator) for a random expression."""
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.7:
            v = rng.choice(vs)
            return var(v), lambda env, v=v: env[v.name]
        c = rng.randint(0, 12) if nonneg else rng.randint(-12, 12)
        return cst(c), lambda env, c=c: c
    op = rng.choice(["add", "add", "mul", "div", "mod", "sub"] if not nonneg else ["add", "add", "mul", "div", "mod"])
    a, fa = _random_expr(rng, vs, depth - 1, nonneg)
    if op in ("add", "sub"):
        b, fb = _random_expr(rng, vs, depth - 1, nonneg)
        if op == "add":
            return a + b, lambda env: fa(env) + fb(env)
        return a - b, lambda env: fa(env) - fb(env)
    c = rng.randint(1, 9)
    if op == "mul":
        return a * c, lambda env: fa(env) * c
    if op == "div":
        return a // c, lambda env: fa(env) // c
    return a % c, lambda env: fa(env) % c


@pytest.mark.parametrize("nonneg", [True, False])
def test_randomized_simplification_against_brute_force(nonneg):
    rng = random.Random(1234 + nonneg)
    vs = [Var("x", 7), Var("y", 5), Var("z", 4)]
    for _ in range(400):
        e, ref = _random_expr(rng, vs, rng.randint(1, 5), nonneg)
        assert isinstance(e, Idx)
        for point in itertools.product(*(range(v.extent) for v in vs)):
            env = {v.name: p for v, p in zip(vs, point)}
            want = ref(env)
            assert evaluate(e, env) == want, (render(e), env)
            if nonneg:  # every division argument is >= 0: the C text computes the same
                assert evaluate(e, env, c_semantics=True) == want, (render(e), env)


def test_randomized_bounds_contain_every_value():
    from compiler.codegen.index import bounds

    rng = random.Random(7)
    vs = [Var("x", 6), Var("y", 3)]
    for _ in range(200):
        e, _ = _random_expr(rng, vs, 4, False)
        lo, hi = bounds(e)
        values = [evaluate(e, {"x": a, "y": b}) for a in range(6) for b in range(3)]
        assert lo <= min(values) and max(values) <= hi, render(e)


def test_clamp_writes_only_the_bounds_its_argument_crosses():
    from compiler.codegen.index import bounds, clamp

    assert render(clamp(i - 2, 0, 4)) == "min(max(i - 2, 0), 4)"
    assert render(clamp(i - 2, 0, 8)) == "max(i - 2, 0)"
    assert render(clamp(i + 1, 0, 8)) == "min(i + 1, 8)"
    assert render(clamp(i, 0, 8)) == "i"
    assert render(clamp(i + 20, 0, 8)) == "8" and render(clamp(i - 20, 0, 8)) == "0"
    assert render(64 * clamp(i - 1, 0, 5) + j) == "j + 64 * min(max(i - 1, 0), 5)"
    assert bounds(clamp(i - 2, 0, 4)) == (0, 4)
    c = clamp(i - 2, 0, 4)
    for v in range(9):
        assert evaluate(c, {"i": v}) == evaluate(c, {"i": v}, c_semantics=True) == min(max(v - 2, 0), 4)
    assert render(substitute(c, {I: cst(1)})) == "0"
    assert render(substitute(c, {I: var(Var("x", 3)) + 2})) == "x"
