"""Programs from the Lift benchmark set: nbody and kmeans.

nbody (N bodies, AMD SDK / Lift nbody without the integration step): the acceleration of every body,

    a_i = sum_j m_j (p_j - p_i) / (|p_j - p_i|^2 + eps^2)^(3/2),     eps^2 = 0.01 (softening)

Positions are [[float]3]N (one row x, y, z per body), masses [float]N; the result is [[float]3]N. Per body p_i:
first the weights w_j = m_j / (r2 + eps^2)^(3/2) of all bodies (r2 a reduction over the three coordinates), bound
with `let`; then, per coordinate d (zip of transpose(pos) with p_i), reduce(0, add) o map(w_j * (x_j - x_i)). The
self-interaction contributes 0 (x_j - x_i = 0). User functions take scalars only, so no float4 arithmetic.

kmeans (Rodinia / Lift kmeans membership step, N points, F features, K centres): the index of the nearest centre
of every point (squared Euclidean distance), as a float. Lift's kmeans reduces with a tuple accumulator
(min distance, index, counter), which is order-dependent and needs tuple-valued user functions. Ours stays
associative and scalar-only:

    dists = join o map(c => reduce(0, add) o map(t => square(sub(t._0, t._1))) << zip(p, c)) << centres
    m     = reduce(BIG, min) << dists                                 (the minimum distance, [float]1)
    index = reduce(BIG, min) o map(t => selectIdx(t._0, t._1, m)) << zip(dists, ids)

where selectIdx(d, i, m) = (d == m) ? i : BIG, so ties resolve to the smallest index as numpy.argmin does. The
comparison is exact because m is one of the dists values (computed once, bound with `let`). The IR has no iota,
so the centre indices come in as an input `ids = [0, 1, ..., K-1]` (float; exact below 2^24). Inputs are drawn
around well-separated centres, so float32 and float64 distances pick the same centre.

Work counts: nbody 22 operations per pair (3 sub + 3 square + 3 add for r2; add, sqrt, mul, div for the weight;
3 x (sub, mul, add) for the accelerations); kmeans 3F operations per point and centre (sub, square, add) plus
2K (min) + K (select) + K (min) per point.
"""

from __future__ import annotations

import numpy as np

from ..ir.build import get, join, let, map_, program, reduce_, transpose, value, zip_
from ..ir.userfuns import ADD, MIN, MULT, SQUARE, SUB, userfun
from ..types import FLOAT, array
from .common import ZERO, Benchmark, Summation, f32, uniform

F = FLOAT
EPS2 = "0.01"
BIG = "3.0e38"

NBODY_WEIGHT = userfun(
    "nbodyWeight", "r2 m", F, F,
    f"float d = r2 + {EPS2}f;\nreturn m / (d * sqrt(d));",
    f"m / ((r2 + {EPS2}) * np.sqrt(r2 + {EPS2}))",
)

SELECT_IDX = userfun(
    "selectIdx", "d i m", F, F,
    f"return d == m ? i : {BIG}f;",
    f"np.where(d == m, i, np.float32({BIG}))",
)


def _nbody_body(pos, mass):
    def per_body(pi):
        weights = join() @ map_(
            lambda q: map_(lambda r2: NBODY_WEIGHT(r2, get(1) << q))
            @ reduce_(ZERO, ADD) @ map_(lambda u: SQUARE(SUB(get(0) << u, get(1) << u)))
            << zip_(get(0) << q, pi)
        ) << zip_(pos, mass)
        accel = let(
            lambda w: join() @ map_(
                lambda t: reduce_(ZERO, ADD) @ map_(lambda u: MULT(get(0) << u, SUB(get(1) << u, get(1) << t)))
                << zip_(w, get(0) << t)
            ) << zip_(transpose() << pos, pi)
        )
        return accel << weights

    return map_(per_body) << pos


NBODY = program("nbody", {"pos": array(F, "N", 3), "mass": array(F, "N")}, _nbody_body)


def _kmeans_body(points, centres, ids):
    big = value(BIG, F)

    def per_point(p):
        dists = join() @ map_(
            lambda c: reduce_(ZERO, ADD) @ map_(lambda t: SQUARE(SUB(get(0) << t, get(1) << t))) << zip_(p, c)
        ) << centres
        nearest = let(
            lambda d: join() @ map_(
                lambda m: reduce_(big, MIN) @ map_(lambda t: SELECT_IDX(get(0) << t, get(1) << t, m)) << zip_(d, ids)
            ) << (reduce_(big, MIN) << d)
        )
        return nearest << dists

    return join() @ map_(per_point) << points


KMEANS = program("kmeans", {"points": array(F, "N", "F"), "centres": array(F, "K", "F"), "ids": array(F, "K")},
                 _kmeans_body)


# --- references ----------------------------------------------------------------------------------------------
def _nbody_ref(inp, s):
    p = inp["pos"].astype(np.float64)
    m = inp["mass"].astype(np.float64)
    d = p[None, :, :] - p[:, None, :]  # d[i, j] = p_j - p_i
    r2 = np.einsum("ijk,ijk->ij", d, d) + float(EPS2)
    w = m[None, :] / (r2 * np.sqrt(r2))
    return np.einsum("ij,ijk->ik", w, d)


# roundings of one nbody term w_j * (x_j - x_i) from the float32 inputs (Higham's gamma counting, each
# gamma_a op gamma_b within gamma_(a+b)): r2 = 3 sub, 3 square (the difference's error counts twice), 2 add:
# gamma_5 (sums of non-negative terms keep relative errors); + eps^2: 1, and 0.01f is 0.01 rounded: 1 (gamma_7);
# sqrt: half of gamma_7, + 1 (gamma_5); d * sqrt(d): gamma_13; m / ...: gamma_14; x_j - x_i and the product:
# gamma_16
NBODY_TERM_ROUNDINGS = 16


def _nbody_magnitude(inp, s):
    """sum_j |w_j (x_j - x_i)| per body and coordinate: the terms of _nbody_ref in absolute value."""
    p = inp["pos"].astype(np.float64)
    m = inp["mass"].astype(np.float64)
    d = p[None, :, :] - p[:, None, :]
    r2 = np.einsum("ijk,ijk->ij", d, d) + float(EPS2)
    w = m[None, :] / (r2 * np.sqrt(r2))
    return np.einsum("ij,ijk->ik", np.abs(w), np.abs(d))


def _kmeans_ref(inp, s):
    x = inp["points"].astype(np.float64)
    c = inp["centres"].astype(np.float64)
    d = ((x[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
    return np.argmin(d, axis=1).astype(np.float64)


# --- inputs --------------------------------------------------------------------------------------------------
def _nbody_inputs(s, rng):
    return {"pos": uniform(rng, -1, 1, s["N"], 3), "mass": uniform(rng, 0.5, 1.5, s["N"])}


def _kmeans_inputs(s, rng):
    n, f, k = s["N"], s["F"], s["K"]
    # centres on a coarse lattice (pairwise distance >= 1 per differing feature), points within 0.2 of one
    # centre per feature: the nearest centre is unambiguous in float32 and float64 alike
    if 4**f < k:
        raise ValueError(f"kmeans inputs: {k} distinct centres do not fit a 4^{f} lattice")
    centres = np.zeros((k, f))
    for i in range(k):
        while True:
            c = rng.integers(0, 4, size=f).astype(np.float64)
            if not any(np.array_equal(c, centres[j]) for j in range(i)):
                centres[i] = c
                break
    owner = rng.integers(0, k, size=n)
    points = centres[owner] + rng.uniform(-0.2, 0.2, size=(n, f))
    return {"points": f32(points), "centres": f32(centres), "ids": f32(np.arange(k))}


BENCHMARKS = [
    Benchmark(
        name="nbody", family="lift", program=NBODY, reference=_nbody_ref, make_inputs=_nbody_inputs,
        presets={"default": {"N": 8192}, "small": {"N": 16}, "small2": {"N": 24}},
        flops=lambda s: 22 * s["N"] * s["N"], bytes=lambda s: 4 * (3 * s["N"] + s["N"] + 3 * s["N"]),
        description="N-body accelerations with softening (eps^2 = 0.01), positions [[float]3]N",
        summation=Summation(lambda s: s["N"] - 1 + NBODY_TERM_ROUNDINGS, _nbody_magnitude),
    ),
    Benchmark(
        name="kmeans", family="lift", program=KMEANS, reference=_kmeans_ref, make_inputs=_kmeans_inputs,
        presets={"default": {"N": 262144, "F": 32, "K": 16}, "small": {"N": 32, "F": 4, "K": 5},
                 "small2": {"N": 20, "F": 6, "K": 3}},
        flops=lambda s: s["N"] * (3 * s["F"] * s["K"] + 4 * s["K"]),
        bytes=lambda s: 4 * (s["N"] * s["F"] + s["K"] * s["F"] + s["K"] + s["N"]),
        check_sizes=lambda s: None if 4 ** s["F"] >= s["K"] else "kmeans inputs need K <= 4^F distinct centres",
        description="k-means membership: index (as float) of the nearest of K centres for N points of F features",
    ),
]
