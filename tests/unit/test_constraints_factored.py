"""Spaces stored as tables joined on a cutset (compiler/constraints/factored.py) against brute force."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
import sympy
from scipy import stats

from compiler.constraints.constraint import Constraint, param
from compiler.constraints.factored import choose_cutset, components
from compiler.constraints.solver import Space

t, x, y, z, w = (param(n) for n in "txyzw")

# star-shaped around t (as conv42 around θ), plus a few links between the leaves
POOL = [
    sympy.Eq(sympy.Mod(x + t, t + 1), 0),
    sympy.Eq(sympy.Mod(t, y + 1), 0),
    y * z <= 20,
    t + z >= 6,
    sympy.Ne(w, t),
    sympy.Eq(sympy.Mod(w + 2, 3), sympy.Mod(t, 3)),
    x <= 2 * t,
    sympy.Or(sympy.Eq(sympy.Mod(z, 2), 0), y > 3),
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
    exprs = rng.sample(POOL, rng.randint(3, 6))
    cons = [Constraint.of(e, f"pool {POOL.index(e)}") for e in exprs]
    names = sorted({p for k in cons for p in k.params} | {"t", "x"})
    domains = {n: rng.sample(range(0, 12), rng.randint(3, 8)) for n in names}
    return domains, cons


def test_components_and_cutset_of_a_star():
    cons = [Constraint.of(e) for e in (POOL[0], POOL[1], POOL[2], POOL[4])]  # t-x, t-y, y-z, t-w
    names = ("t", "x", "y", "z", "w")
    assert components(names, cons) == [names]
    assert components(names, cons, frozenset({"t"})) == [("x",), ("y", "z"), ("w",)]
    cut, comps = choose_cutset(names, {n: range(10) for n in names}, cons)
    assert cut == ("t",) and comps == [("x",), ("y", "z"), ("w",)]
    assert choose_cutset(("x", "y"), {"x": range(3), "y": range(3)}, [Constraint.of(x < y)]) is None


@pytest.mark.parametrize("seed", range(10))
def test_factored_mode_matches_brute_force(seed):
    domains, cons = random_space(seed)
    want = brute(domains, cons)
    space = Space(domains, cons, max_solutions=1, decompose_above=0)
    if len(want) > 1 and choose_cutset(space.names, space.pruned, space.active) is not None:
        assert not space.enumerable and space.factored is not None
    assert space.count() == len(want)
    rng = random.Random(seed)
    names = list(domains)
    for _ in range(40):
        p = rng.choice(names)
        partial = {n: rng.choice(sorted(domains[n])) for n in names if n != p and rng.random() < 0.4}
        if want and rng.random() < 0.6:
            pt = rng.choice(want)
            partial = {n: pt[n] for n in names if n != p and rng.random() < 0.5}
        expect = sorted({q[p] for q in want if all(q[k] == v for k, v in partial.items())})
        assert space.valid_values(p, partial) == expect, (p, partial)
    if want:
        for pt in space.sample(seed, 30):
            assert space.check(pt)
    # stored through the join when small enough: the same points, in the same order as plain enumeration
    joined = Space(domains, cons, decompose_above=0)
    plain = Space(domains, cons, decompose=False)
    assert joined.enumerate() == plain.enumerate()


def test_factored_sampling_is_uniform_chi_square():
    doms = {"t": range(2, 10), "x": range(0, 20), "y": range(0, 10)}
    cons = [Constraint.of(sympy.Eq(sympy.Mod(x, t), 0)), Constraint.of(sympy.Eq(sympy.Mod(t, y + 1), 0))]
    ref = Space(doms, cons, decompose=False)
    n = ref.count()
    big = Space(doms, cons, max_solutions=1, decompose_above=0)
    assert big.count() == n and big.factored is not None and big.factored.cut == ("t",)
    draws = big.sample(np.random.default_rng(3), 40 * n)
    assert big.last_sample_method == "uniform over the tables joined on a cutset"
    counts = np.bincount([ref.index_of(p) for p in draws], minlength=n)
    assert stats.chisquare(counts).pvalue > 1e-3
    distinct = big.sample(np.random.default_rng(4), n, replace=False)
    assert len({tuple(p.values()) for p in distinct}) == n
    with pytest.raises(ValueError):
        big.sample(0, n + 1, replace=False)


@pytest.mark.parametrize("seed", range(4))
def test_check_rows_agrees_with_check(seed):
    domains, cons = random_space(seed)
    space = Space(domains, cons)
    rng = np.random.default_rng(seed)
    rows = np.stack([rng.integers(-1, 13, size=300) for _ in space.names], axis=1)
    want = [space.check(dict(zip(space.names, map(int, r)))) for r in rows]
    assert space.check_rows(rows).tolist() == want


def test_space_union_of_structures_against_brute_force():
    from compiler.constraints.solver import SpaceUnion

    doms = {"t": range(1, 9), "x": range(0, 12)}
    base = [Constraint.of(sympy.Eq(sympy.Mod(x, t), 0))]
    extra = Constraint.of(x * t <= 20)  # only in the structure with u = 1
    members = [({"u": 0}, Space(doms, base)), ({"u": 1}, Space(doms, [*base, extra]))]
    union = SpaceUnion(["u"], members)
    want = [{"t": tt, "x": xx, "u": u} for u in (0, 1) for tt in doms["t"] for xx in doms["x"]
            if xx % tt == 0 and (u == 0 or xx * tt <= 20)]
    assert union.names == ("t", "x", "u") and union.count() == len(want)
    assert union.valid_values("u", {"t": 8, "x": 8}) == [0]
    assert union.valid_values("x", {"t": 4, "u": 1}) == [0, 4]
    assert union.valid_values("x", {"t": 4}) == [0, 4, 8]
    assert union.check({"t": 4, "x": 8, "u": 0}) and not union.check({"t": 4, "x": 8, "u": 1})
    rows = np.array([[p["t"], p["x"], p["u"]] for p in want] + [[4, 8, 1], [3, 4, 0]])
    assert union.check_rows(rows).tolist() == [True] * len(want) + [False, False]
    draws = union.sample(np.random.default_rng(0), 60 * len(want))
    keys = {(p["t"], p["x"], p["u"]): i for i, p in enumerate(want)}
    counts = np.bincount([keys[(p["t"], p["x"], p["u"])] for p in draws], minlength=len(want))
    assert stats.chisquare(counts).pvalue > 1e-3
    assert len(union.sample(1, len(want), replace=False)) == len(want)
