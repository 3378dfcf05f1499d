"""BLAS-like benchmarks in the style of Lift's high-level expressions: scal, asum, dot, gemv, mm.

- scal  (N):       y = alpha * x
- asum  (N):       sum_i |x_i|                          -> [float]1 (reduce returns a one-element array)
- dot   (N):       sum_i x_i * y_i                      -> [float]1
- gemv  (M, N):    y' = alpha * A x + beta * y          (BLAS sgemv, as Lift's gemv benchmark)
- mm    (M, N, K): C = A B, A: [[float]K]M, B: [[float]N]K (Lift's plain mm: map rows of A, map columns of
  transpose(B), reduce(0, add) o map(mult) of the zipped pair; no alpha/beta)
"""

from __future__ import annotations

import numpy as np

from ..ir.build import get, join, map_, program, reduce_, transpose, zip_
from ..ir.userfuns import ABS, ADD, MULT, userfun
from ..types import FLOAT, array
from .common import ZERO, Benchmark, Summation, on_magnitudes, scalar, uniform

F = FLOAT
AXPBY = userfun("axpby", "a x b y", F, F, "return a * x + b * y;", "a * x + b * y")


def mult_pair(t):
    """The product of the two components of a pair t (the element operator of a dot product over zipped arrays)."""
    return MULT(get(0) << t, get(1) << t)


# --- scal ---------------------------------------------------------------------------------------------------
SCAL = program("scal", {"alpha": F, "x": array(F, "N")},
               lambda alpha, x: map_(lambda xi: MULT(alpha, xi)) << x)


def _scal_inputs(s, rng):
    return {"alpha": scalar(rng.uniform(0.5, 2.0)), "x": uniform(rng, -1, 1, s["N"])}


def _scal_ref(inp, s):
    return float(inp["alpha"]) * inp["x"].astype(np.float64)


# --- asum ---------------------------------------------------------------------------------------------------
ASUM = program("asum", {"x": array(F, "N")}, lambda x: reduce_(ZERO, ADD) @ map_(ABS) << x)


def _asum_inputs(s, rng):
    return {"x": uniform(rng, -1, 1, s["N"])}


def _asum_ref(inp, s):
    return np.array([np.abs(inp["x"].astype(np.float64)).sum()])


# --- dot ----------------------------------------------------------------------------------------------------
DOT = program("dot", {"x": array(F, "N"), "y": array(F, "N")},
              lambda x, y: reduce_(ZERO, ADD) @ map_(mult_pair) << zip_(x, y))


def _dot_inputs(s, rng):
    # positive data: the sum has no cancellation, so float32 accumulation stays within the tolerance
    return {"x": uniform(rng, 0, 1, s["N"]), "y": uniform(rng, 0, 1, s["N"])}


def _dot_ref(inp, s):
    return np.array([np.dot(inp["x"].astype(np.float64), inp["y"].astype(np.float64))])


# --- gemv ---------------------------------------------------------------------------------------------------
GEMV = program(
    "gemv",
    {"A": array(F, "M", "N"), "x": array(F, "N"), "y": array(F, "M"), "alpha": F, "beta": F},
    lambda A, x, y, alpha, beta: join() @ map_(
        lambda t: map_(lambda s: AXPBY(alpha, s, beta, get(1) << t))
        @ reduce_(ZERO, ADD) @ map_(mult_pair) << zip_(get(0) << t, x)
    ) << zip_(A, y),
)


def _gemv_inputs(s, rng):
    m, n = s["M"], s["N"]
    return {"A": uniform(rng, 0, 1, m, n), "x": uniform(rng, 0, 1, n), "y": uniform(rng, 0, 1, m),
            "alpha": scalar(rng.uniform(0.5, 2.0)), "beta": scalar(rng.uniform(0.5, 2.0))}


def _gemv_ref(inp, s):
    a = inp["A"].astype(np.float64)
    return float(inp["alpha"]) * (a @ inp["x"].astype(np.float64)) + float(inp["beta"]) * inp["y"].astype(np.float64)


# --- mm -----------------------------------------------------------------------------------------------------
MM = program(
    "mm",
    {"A": array(F, "M", "K"), "B": array(F, "K", "N")},
    lambda A, B: map_(
        lambda aRow: join() @ map_(
            lambda bCol: reduce_(ZERO, ADD) @ map_(mult_pair) << zip_(aRow, bCol)
        ) << (transpose() << B)
    ) << A,
)


def _mm_inputs(s, rng):
    return {"A": uniform(rng, 0, 1, s["M"], s["K"]), "B": uniform(rng, 0, 1, s["K"], s["N"])}


def _mm_ref(inp, s):
    return inp["A"].astype(np.float64) @ inp["B"].astype(np.float64)


BENCHMARKS = [
    Benchmark(
        name="scal", family="blas", program=SCAL, reference=_scal_ref, make_inputs=_scal_inputs,
        presets={"default": {"N": 1 << 24}, "small": {"N": 64}, "small2": {"N": 100}},
        flops=lambda s: s["N"], bytes=lambda s: 4 * (2 * s["N"] + 1),
        description="BLAS sscal: y = alpha * x",
    ),
    Benchmark(
        name="asum", family="blas", program=ASUM, reference=_asum_ref, make_inputs=_asum_inputs,
        presets={"default": {"N": 1 << 24}, "small": {"N": 64}, "small2": {"N": 100}},
        flops=lambda s: 2 * s["N"], bytes=lambda s: 4 * (s["N"] + 1),
        description="BLAS sasum: sum of absolute values (abs and add per element)",
        summation=Summation(lambda s: s["N"] - 1, on_magnitudes(_asum_ref)),  # |x| exact, N - 1 additions
    ),
    Benchmark(
        name="dot", family="blas", program=DOT, reference=_dot_ref, make_inputs=_dot_inputs,
        presets={"default": {"N": 1 << 24}, "small": {"N": 64}, "small2": {"N": 100}},
        flops=lambda s: 2 * s["N"], bytes=lambda s: 4 * (2 * s["N"] + 1),
        description="BLAS sdot: sum of products of two vectors",
        summation=Summation(lambda s: s["N"], on_magnitudes(_dot_ref)),  # a product, N - 1 additions
    ),
    Benchmark(
        name="gemv", family="blas", program=GEMV, reference=_gemv_ref, make_inputs=_gemv_inputs,
        presets={"default": {"M": 4096, "N": 4096}, "small": {"M": 16, "N": 32}, "small2": {"M": 24, "N": 20}},
        flops=lambda s: 2 * s["M"] * s["N"] + 3 * s["M"],
        bytes=lambda s: 4 * (s["M"] * s["N"] + s["N"] + 2 * s["M"] + 2),
        description="BLAS sgemv: y' = alpha * A x + beta * y",
        # a product, N - 1 additions, then alpha * s, beta * y and their sum
        summation=Summation(lambda s: s["N"] + 2, on_magnitudes(_gemv_ref)),
    ),
    Benchmark(
        name="mm", family="blas", program=MM, reference=_mm_ref, make_inputs=_mm_inputs,
        presets={"default": {"M": 1024, "N": 1024, "K": 1024}, "small": {"M": 16, "N": 16, "K": 16},
                 "small2": {"M": 12, "N": 20, "K": 8}},
        flops=lambda s: 2 * s["M"] * s["N"] * s["K"],
        bytes=lambda s: 4 * (s["M"] * s["K"] + s["K"] * s["N"] + s["M"] * s["N"]),
        description="matrix multiplication C = A B (Lift's high-level mm)",
        summation=Summation(lambda s: s["K"], on_magnitudes(_mm_ref)),  # a product, K - 1 additions
    ),
]
