"""Tuning spaces of the GEMM-based conv configurations: exact, uniform and quick to sample.

The GEMM structures of `benchmark://lift/conv-rp` give tuning components whose divisibility chains
(`(p + 196) % (t0*t1*t2) = 0`, `tileOuter % tileInner = 0`, ...) used to stall the solver for minutes.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
import sympy

from compiler.constraints import points as rps
from compiler.constraints.constraint import Constraint, param
from compiler.constraints.points import ProductSpace, rp_space
from compiler.constraints.solver import narrow
from compiler.suite import resolve
from compiler.suite.annotated import ANNOTATIONS, CONV_RP


def _divides(num, *factors) -> Constraint:
    return Constraint.of(sympy.Eq(sympy.Mod(num, sympy.Mul(*[param(f) for f in factors])), 0))


def _chain(n_max: int):
    """p in 0..n_max-1; a*b | p + 12; c | a; x | 3*p (a chain rooted at p, plus a second dividend of p)."""
    p = param("p")
    doms = {"p": range(n_max), "a": range(1, 40), "b": range(1, 40), "c": range(1, 40), "x": range(0, 200)}
    cons = [_divides(p + 12, "a", "b"), Constraint.of(param("a") * param("b") <= p + 12),
            _divides(param("a"), "c"), _divides(3 * p, "x")]
    return doms, cons


def _brute(doms, cons):
    """Every valid point, in `doms` order, by plain backtracking: each constraint is checked as soon as its
    variables are bound (independent of narrowing and of the count tree; the whole product of `_chain(30)` has
    3.6e8 points, far too many to test one by one)."""
    names = list(doms)
    due = [[c for c in cons if names[i] in c.params and set(c.params) <= set(names[:i + 1])]
           for i in range(len(names))]
    out: list[tuple] = []

    def extend(i: int, env: dict) -> None:
        if i == len(names):
            out.append(tuple(env[n] for n in names))
            return
        for v in doms[names[i]]:
            env[names[i]] = v
            if all(c.check(env) for c in due[i]):
                extend(i + 1, env)
        del env[names[i]]

    extend(0, {})
    return out


def test_divisor_projection_is_exact():
    doms = {"t0": tuple(range(1, 14113)), "t1": tuple(range(1, 55)), "t2": tuple(range(1, 55))}
    c = _divides(sympy.Integer(14112), "t0", "t1", "t2")  # domain product 4e7: beyond the GAC budget
    nd, _, culprit = narrow(doms, [c])
    assert culprit is None
    divisors = {d for d in range(1, 14113) if 14112 % d == 0}
    assert set(nd["t0"]) == divisors  # every divisor stays (t1 = t2 = 1), nothing else does
    assert set(nd["t1"]) == {d for d in divisors if d < 55}
    # a zero divisor is false; a dividend that can be 0 keeps every nonzero divisor
    nd, _, _ = narrow({"p": (0, 5), "x": tuple(range(0, 10)), "y": tuple(range(0, 10**4))},
                      [_divides(param("p"), "x", "y")], budget=10)
    assert nd["x"] == tuple(range(1, 10))


def test_divisor_projection_of_large_dividends_is_exact():
    """Dividends up to 50,239 (the padded windows of VGG-16 layer 0): the divisors found by trial division up to
    sqrt(L) are exactly those a brute-force check keeps, for few dividends (the L % x table) and for many."""
    for p_values in ((0, 7, 48), tuple(range(0, 64))):
        doms = {"p": p_values, "x": tuple(range(1, 50240)), "y": (1, 2, 3)}
        nd, _, culprit = narrow(doms, [_divides(param("p") + 50176, "x", "y")], budget=100_000)
        assert culprit is None
        lvals = {p + 50176 for p in p_values}
        assert set(nd["x"]) == {x for x in range(1, 50240) if any(v % x == 0 for v in lvals)}
        assert set(nd["y"]) == {y for y in (1, 2, 3) if any(v % y == 0 for v in lvals)}


def test_pad_extra_amounts_are_bounded_and_the_bound_can_be_overridden():
    """Regression (a GEMM configuration of VGG-16 layer 0 took over 300 s to sample): the padExtra1D amount ranged
    over [0, 50176), and conditioning on it narrowed a 100,351-value tile-size domain 50,176 times."""
    _, sizes = resolve("benchmark://lift/conv/vgg16-0")
    sizes = dict(sizes, inChs=min(sizes["inChs"], 8), outChs=min(sizes["outChs"], 16))
    ann = ANNOTATIONS["conv-rp"]
    pad = (*ann.heuristics, rps.PointRule("padWindows.skip", (0,), "this test needs the extra padding"))
    for kw, top in (({}, rps.PAD_EXTRA_MAX), ({"tuning_ranges": {"padWindows.p": (0, 8)}}, 8)):
        space = rp_space(CONV_RP, sizes, preset="gemm", presets=ann.presets, heuristics=pad, **kw)
        s = space.random_structure(np.random.default_rng(0))
        dom = space.tuning(s).domains["padWindows.p"]
        assert min(dom) == 0 and max(dom) <= top
        (cfg,) = space.sample(np.random.default_rng(1), 1)
        assert cfg["padWindows.skip"] == 0 and 0 <= cfg["padWindows.p"] <= top
        assert space.check(cfg) == []


def test_count_tree_is_exact_and_uniform(monkeypatch):
    doms, cons = _chain(30)
    monkeypatch.setattr(rps, "LEAF_PRODUCT", 50)  # force conditioning on this small space
    rps._MEMO.clear()
    rps._SHAPES.clear()
    sp = ProductSpace(doms, cons, list(doms))
    truth = _brute(doms, cons)
    assert sp.exact_count() == len(truth)
    assert any(isinstance(c, rps._Conditioned) for c in sp.components)
    rng = np.random.default_rng(0)
    n = 40 * len(truth)
    names = list(doms)
    got = Counter(tuple(pt[k] for k in names) for pt in sp.sample(rng, n))
    assert set(got) <= set(truth)
    # uniform: a chi-square statistic far below what a biased sampler (1/prod(choices)) gives
    expected = n / len(truth)
    chi2 = sum((got.get(t, 0) - expected) ** 2 / expected for t in truth)
    assert chi2 < len(truth) + 6 * np.sqrt(2 * len(truth)), chi2
    rps._MEMO.clear()
    rps._SHAPES.clear()


def test_gemm_configurations_satisfy_every_constraint():
    _, sizes = resolve("benchmark://lift/conv/vgg16-24")
    sizes = dict(sizes, inChs=min(sizes["inChs"], 8), outChs=min(sizes["outChs"], 16))
    ann = ANNOTATIONS["conv-rp"]
    space = rp_space(CONV_RP, sizes, preset="gemm", presets=ann.presets, heuristics=ann.heuristics)
    configs = space.sample(np.random.default_rng([0, 1]), 4)
    for cfg in configs:
        assert space.check(cfg) == []
        assert cfg["fissionIm2col.skip"] == 0


@pytest.mark.parametrize("seed", [3])
def test_product_space_violations_report_the_constraint(seed):
    doms, cons = _chain(10)
    sp = ProductSpace(doms, cons, list(doms))
    (pt,) = sp.sample(np.random.default_rng(seed), 1)
    assert sp.violations(pt) == []
    bad = dict(pt, c=pt["a"] + 1 if pt["a"] > 1 else 2)
    assert any("c" in v.params for v in sp.violations(bad)) or bad["c"] not in doms["c"]


def test_conditioning_choice_is_keyed_by_the_free_variables(monkeypatch):
    """Regression (RecursionError sampling conv-rp `direct`): the conditioning variable chosen for a shape was
    keyed by (variables, constraints) only, so a later component with the same variables and constraints but that
    variable fixed (a constant) reused the choice, conditioned on a one-value variable and rebuilt itself below
    itself until Python's recursion limit."""
    p, a, b = (param(n) for n in "pab")
    cons = [_divides(p + 12, "a", "b"), Constraint.of(a * b <= p + 12), _divides(a, "c")]
    doms = {"a": range(1, 40), "b": range(1, 40), "c": range(1, 40), "p": range(0, 30)}  # p last in names
    monkeypatch.setattr(rps, "LEAF_PRODUCT", 5)
    rps._MEMO.clear()
    rps._SHAPES.clear()
    assert ProductSpace(doms, cons, list(doms)).exact_count() == len(_brute(doms, cons))
    assert "p" in rps._SHAPES.values()  # the free problem conditions on p ...
    fixed = dict(doms, p=(18,))  # ... the same variables and constraints with p fixed must not
    assert ProductSpace(fixed, cons, list(fixed)).exact_count() == len(_brute(fixed, cons))
    rps._MEMO.clear()
    rps._SHAPES.clear()


def test_restated_children_are_shared_exact_and_uniform(monkeypatch):
    """Children of a conditioning below a fixed variable are stated on the top problem, so that the same
    sub-problem under different values of the variables conditioned above is built once (the GEMM stalls: every
    `p` repeated the tile chains below `tileSizeA`); counts and samples stay exact."""
    p, o, i, m = (param(n) for n in ("p", "o", "i", "m"))
    doms = {"p": range(0, 24), "o": range(1, 37), "i": range(1, 37), "m": range(1, 37), "k": range(1, 9)}
    cons = [_divides(p + 12, "o"), Constraint.of(o <= p + 12), _divides(o, "i"), _divides(2 * i, "m", "k"),
            Constraint.of(m <= 2 * i)]
    monkeypatch.setattr(rps, "LEAF_PRODUCT", 20)
    rps._MEMO.clear()
    rps._SHAPES.clear()
    sp = ProductSpace(doms, cons, list(doms))
    truth = _brute(doms, cons)
    assert sp.exact_count() == len(truth)
    restated = [k for k, v in rps._MEMO.items() if k[0] == "child"]
    assert restated, "no child was stated on the top problem"
    assert all("p" not in k[1] for k in restated if "o" not in k[1])  # below o = value, p is forgotten
    rng = np.random.default_rng(1)
    n = 30 * len(truth)
    names = list(doms)
    got = Counter(tuple(pt[k] for k in names) for pt in sp.sample(rng, n))
    assert set(got) <= set(truth)
    expected = n / len(truth)
    chi2 = sum((got.get(t, 0) - expected) ** 2 / expected for t in truth)
    assert chi2 < len(truth) + 6 * np.sqrt(2 * len(truth)), chi2
    rps._MEMO.clear()
    rps._SHAPES.clear()


def test_vector_enumeration_and_incremental_narrowing_are_exact():
    from compiler.constraints.solver import Space

    doms, cons = _chain(8)
    doms = dict(doms, x=range(0, 30))
    truth = sorted(_brute(doms, cons))
    sp = Space(doms, cons)
    assert [tuple(r) for r in sp.solutions.tolist()] == truth  # lexicographic, every point
    # narrowing again around one variable fixed equals narrowing everything
    nd, live, culprit = narrow(doms, cons)
    assert culprit is None
    for v in nd["p"]:
        sub = dict(nd, p=(v,))
        full = narrow(sub, live)
        part = narrow(sub, live, changed=("p",))
        assert full[0] == part[0] and len(full[1]) == len(part[1]) and (full[2] is None) == (part[2] is None)
