"""Interval arithmetic over sympy expressions: the bounds of an expression given each parameter's range.

Shared by tuning-parameter inference (bounds propagation) and the CP-SAT translation (auxiliary variable
domains). Unknown shapes and unbounded ranges give (-inf, inf), which is always sound.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import sympy

INF = math.inf

Bounds = Mapping[str, Sequence[float]]  # parameter name -> (lo, hi)


def interval(e, b: Bounds) -> tuple[float, float]:
    """Bounds of an expression over the parameters' current ranges `b` (interval arithmetic)."""
    if e.is_Number:
        v = float(e)
        return v, v
    if isinstance(e, sympy.Symbol):
        if e.name in b:
            lo, hi = b[e.name]
            return float(lo), float(hi)
        return (1.0, INF) if e.is_positive else (-INF, INF)
    for kind, rule in _RULES:
        if isinstance(e, kind):
            return rule(e, b)
    return -INF, INF


def _add(e, b: Bounds) -> tuple[float, float]:
    lo = hi = 0.0
    for t in e.args:
        tl, th = interval(t, b)
        lo, hi = lo + tl, hi + th
    return lo, hi


def _mul(e, b: Bounds) -> tuple[float, float]:
    lo, hi = 1.0, 1.0
    for t in e.args:
        tl, th = interval(t, b)
        cands = [_times(x, y) for x in (lo, hi) for y in (tl, th)]
        lo, hi = min(cands), max(cands)
    return lo, hi


def _times(x: float, y: float) -> float:
    if x == 0 or y == 0:  # 0 * inf is 0 here: a zero factor bounds the product whatever the other one is
        return 0.0
    return x * y


def _pow(e, b: Bounds) -> tuple[float, float]:
    if not e.args[1].is_Integer:
        return -INF, INF
    k = int(e.args[1])
    bl, bh = interval(e.args[0], b)
    if k >= 0:
        cands = [x**k if abs(x) != INF else (INF if k % 2 == 0 or x > 0 else -INF) for x in (bl, bh)]
        lo, hi = min(cands), max(cands)
        if k % 2 == 0 and bl < 0 < bh:
            lo = 0.0
        return lo, hi
    if bl > 0:
        return (0.0 if bh == INF else bh**k), bl**k
    return -INF, INF


def _mod(e, b: Bounds) -> tuple[float, float]:
    ml, mh = interval(e.args[1], b)
    if ml >= 1:
        return 0.0, max(mh - 1, 0.0)
    return -INF, INF


def _round(e, b: Bounds) -> tuple[float, float]:
    lo, hi = interval(e.args[0], b)
    f = math.floor if isinstance(e, sympy.floor) else math.ceil
    return (f(lo) if lo != -INF else lo), (f(hi) if hi != INF else hi)


def _extremum(e, b: Bounds) -> tuple[float, float]:
    ivs = [interval(t, b) for t in e.args]
    g = max if isinstance(e, sympy.Max) else min
    return g(i[0] for i in ivs), g(i[1] for i in ivs)


_RULES = (
    (sympy.Add, _add),
    (sympy.Mul, _mul),
    (sympy.Pow, _pow),
    (sympy.Mod, _mod),
    (sympy.floor | sympy.ceiling, _round),
    (sympy.Max | sympy.Min, _extremum),
)
