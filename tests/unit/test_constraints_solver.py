"""The solver API against brute force: enumerate, count, valid_values (exact), uniform sampling."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
import sympy
from scipy import stats

from compiler.constraints.constraint import VECTOR_WIDTHS, Constraint, Predicate, param
from compiler.constraints.solver import Estimate, Space, narrow

a, b, c, d = (param(n) for n in "abcd")

POOL = [
    sympy.Eq(sympy.Mod(a, b), 0),
    sympy.Eq(sympy.Mod(b * c, a), 0),
    a * b <= 24,
    a + b + c <= 14,
    sympy.Ne(a, c),
    b <= c,
    sympy.floor((a + c) / b) >= 2,
    sympy.Or(sympy.Eq(sympy.Mod(c, 2), 0), a > d),
    sympy.And(d >= 2, sympy.Not(sympy.Eq(d, b))),
    sympy.Contains(d, sympy.FiniteSet(1, 2, 4, 8)),
    (a - 2) ** 2 / c <= 3,
    sympy.Eq(sympy.Mod(12 - a, c), 0),
]


def brute(domains, constraints):
    names = list(domains)
    out = []
    for vals in itertools.product(*(domains[n] for n in names)):
        pt = dict(zip(names, vals))
        if all(k.check(pt) for k in constraints):
            out.append(pt)
    return out


def random_space(seed: int):
    rng = random.Random(seed)
    exprs = rng.sample(POOL, rng.randint(2, 5))
    cons = [Constraint.of(e, f"pool {POOL.index(e)}") for e in exprs]
    names = sorted({p for k in cons for p in k.params} | {"a", "b"})
    domains = {n: rng.sample(range(0, 13), rng.randint(3, 9)) for n in names}
    return domains, cons


def key(pt):
    return tuple(sorted(pt.items()))


@pytest.mark.parametrize("seed", range(12))
def test_enumerate_count_and_valid_values_match_brute_force(seed):
    domains, cons = random_space(seed)
    want = brute(domains, cons)
    for prune in (True, False):
        space = Space(domains, cons, prune=prune)
        got = space.enumerate()
        assert sorted(map(key, got)) == sorted(map(key, want))
        assert space.count() == len(want)
        rng = random.Random(seed)
        names = list(domains)
        for _ in range(25):
            p = rng.choice(names)
            partial = {n: rng.choice(sorted(domains[n])) for n in names if n != p and rng.random() < 0.5}
            if want and rng.random() < 0.5:  # a consistent partial from a valid point
                pt = rng.choice(want)
                partial = {n: pt[n] for n in names if n != p and rng.random() < 0.6}
            expect = sorted({w[p] for w in want if all(w[k] == v for k, v in partial.items())})
            assert space.valid_values(p, partial) == expect, (p, partial)


@pytest.mark.parametrize("seed", range(6))
def test_search_mode_without_storing_matches_brute_force(seed):
    domains, cons = random_space(100 + seed)
    want = brute(domains, cons)
    space = Space(domains, cons, max_solutions=0 if want else 10, decompose=False)
    if want:
        assert not space.enumerable
    assert space.count() == len(want)
    rng = random.Random(seed)
    for _ in range(10):
        p = rng.choice(list(domains))
        partial = {}
        if want:
            pt = rng.choice(want)
            partial = {n: pt[n] for n in domains if n != p and rng.random() < 0.5}
        expect = sorted({w[p] for w in want if all(w[k] == v for k, v in partial.items())})
        assert space.valid_values(p, partial) == expect
    if want:
        est = space.count(exact=False, probes=50, rng=seed)
        assert isinstance(est, Estimate) and not est.exact and "Knuth" in est.method
        assert est.value > 0
        for pt in space.sample(rng=seed, n=20):
            assert space.check(pt)


def test_numpy_and_scalar_checks_agree_including_zero_divisors():
    grid = np.arange(0, 9)
    for e in POOL:
        k = Constraint.of(e)
        vals = list(itertools.product(grid, repeat=len(k.params)))
        cols = [np.array([v[i] for v in vals]) for i in range(len(k.params))]
        vec = k.np_fn(*cols)
        scalar = np.array([bool(k.fn(*v)) for v in vals])
        assert (vec == scalar).all(), str(k)


def test_sampling_is_uniform_chi_square():
    space = Space({"x": range(1, 13), "y": range(1, 13)},
                  [Constraint.of(sympy.Eq(sympy.Mod(param("x"), param("y")), 0))])
    n = space.count()
    assert n == sum(sum(1 for y in range(1, 13) if x % y == 0) for x in range(1, 13))
    draws = space.sample(np.random.default_rng(1), 40 * n)
    idx = [space.index_of(p) for p in draws]
    counts = np.bincount(idx, minlength=n)
    assert stats.chisquare(counts).pvalue > 1e-3
    # the rejection sampler of spaces too large to store is uniform too
    big = Space({"x": range(1, 13), "y": range(1, 13)}, space.constraints, max_solutions=0)
    draws = big.sample(np.random.default_rng(2), 40 * n)
    assert "uniform" in big.last_sample_method
    counts = np.bincount([space.index_of(p) for p in draws], minlength=n)
    assert stats.chisquare(counts).pvalue > 1e-3


def test_sample_without_replacement_and_empty_space():
    space = Space({"x": range(10)}, [Constraint.of(param("x") >= 7)])
    pts = space.sample(0, 3, replace=False)
    assert sorted(p["x"] for p in pts) == [7, 8, 9]
    with pytest.raises(ValueError):
        space.sample(0, 4, replace=False)
    empty = Space({"x": range(3)}, [Constraint.of(param("x") >= 7)])
    assert empty.count() == 0 and empty.enumerate() == [] and empty.valid_values("x") == []
    with pytest.raises(ValueError):
        empty.sample(0, 1)


def test_predicates_checks_and_violations():
    even = Constraint(Predicate(lambda x, y: (x + y) % 2 == 0, "x + y even"), ("x", "y"), "test")
    space = Space({"x": range(4), "y": range(4)}, [even])
    assert space.count() == 8
    assert space.valid_values("y", {"x": 1}) == [1, 3]
    assert space.check({"x": 1, "y": 3}) and not space.check({"x": 1, "y": 2})
    assert [str(v) for v in space.violations({"x": 1, "y": 2})] == ["x + y even    [test]"]
    assert [v.text for v in space.violations({"x": 9, "y": 1})] == ["x = 9 is not in its domain"]
    assert "x + y even" in str(even)


def test_narrow_keeps_every_solution_and_drops_entailed_constraints():
    doms = {"m": tuple(range(0, 40)), "v": VECTOR_WIDTHS}
    cons = [Constraint.of(sympy.Eq(sympy.Mod(24, param("m")), 0)), Constraint.of(param("v") <= param("m")),
            Constraint.of(param("m") <= 100)]
    out, live, culprit = narrow(doms, cons)
    assert culprit is None
    assert out["m"] == (1, 2, 3, 4, 6, 8, 12, 24)
    assert out["v"] == VECTOR_WIDTHS
    assert [k.text for k in live] == ["v ≤ m"]  # the unary ones are in the domains now
    _, _, culprit = narrow({"m": (5, 7)}, cons)
    assert culprit is cons[0]


def test_constraint_text_and_substitution():
    k = Constraint.of(sympy.Eq(sympy.Mod(param("n") - param("s"), param("t")), 0), "slideStrict")
    assert k.text == "((n - s) % t) = 0"
    assert k.params == ("n", "s", "t")
    part = k.substitute({"n": 10, "s": 4})
    assert isinstance(part, Constraint) and part.params == ("t",)
    assert k.substitute({"n": 10, "s": 4, "t": 3}) is True
    assert k.substitute({"n": 10, "s": 4, "t": 4}) is False
    assert not k.fn(10, 4, 0)  # a zero divisor makes it false, it does not raise


def test_cpsat_backend_agrees_when_installed():
    pytest.importorskip("ortools")
    domains, cons = random_space(3)
    cons = [k for k in cons if not isinstance(k.expr, sympy.Contains | sympy.And | sympy.Or)]
    want = brute(domains, cons)
    space = Space(domains, cons, backend="cpsat")
    assert sorted(map(key, space.enumerate())) == sorted(map(key, want))


@pytest.mark.parametrize("seed", range(12))
def test_random_solution_is_valid_reaches_every_point_and_reports_empty_spaces(seed):
    domains, cons = random_space(seed)
    want = {key(p) for p in brute(domains, cons)}
    space = Space(domains, cons)
    rng = np.random.default_rng(seed)
    if not want:
        with pytest.raises(ValueError, match="no valid point"):
            space.random_solution(rng)
        return
    got = {key(space.random_solution(rng)) for _ in range(40 * len(want))}
    assert got <= want  # every draw satisfies every constraint
    if len(want) <= 20:
        assert got == want  # and no valid point is out of reach
    unsat = Space({"x": range(50), "y": range(50)}, [Constraint.of(param("x") + param("y") > 200)], prune=False)
    with pytest.raises(OverflowError, match="search nodes"):
        unsat.random_solution(rng, max_nodes=100)
