"""Tuning spaces of the GEMM-based conv configurations (issue 7): exact, uniform and quick to sample.

The GEMM structures of `benchmark://lift/conv-rp` give tuning components whose divisibility chains
(`(p + 196) % (t0*t1*t2) = 0`, `tileOuter % tileInner = 0`, ...) used to stall the solver for minutes.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter

import numpy as np
import pytest
import sympy

from compiler.constraints.constraint import Constraint, param
from compiler.constraints.solver import narrow
from compiler.rewrite.points import space as rps
from compiler.rewrite.points.space import ProductSpace, rp_space
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
    names = list(doms)
    return [pt for pt in itertools.product(*(doms[n] for n in names))
            if all(c.check(dict(zip(names, pt))) for c in cons)]


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


def test_gemm_configurations_sample_quickly_and_satisfy_every_constraint():
    _, sizes = resolve("benchmark://lift/conv/vgg16-24")
    sizes = dict(sizes, inChs=min(sizes["inChs"], 8), outChs=min(sizes["outChs"], 16))
    ann = ANNOTATIONS["conv-rp"]
    space = rp_space(CONV_RP, sizes, preset="gemm", presets=ann.presets, heuristics=ann.heuristics)
    t = time.perf_counter()
    configs = space.sample(np.random.default_rng([0, 1]), 4)
    elapsed = time.perf_counter() - t
    assert elapsed < 60, f"sampling 4 GEMM configurations took {elapsed:.1f} s (a solver stall takes minutes)"
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
