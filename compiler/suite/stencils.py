"""The eight 2-D stencils of P000 Table 2 (Hagedorn et al. CGO'18), single precision, N rows x M columns, and
clamped-border variants of the Jacobi stencils (1-D, 2-D 5-point, 2-D 9-point).

| benchmark    | points | used | grids | formulation                                                        |
|--------------|--------|------|-------|--------------------------------------------------------------------|
| stencil2d    | 9      | 9    | 1     | weighted sum, SHOC weights (centre 0.25, edges 0.15, corners 0.05) |
| srad1        | 9      | 5    | 1     | Rodinia SRAD diffusion coefficient (N, S, W, E, C)                 |
| srad2        | 9      | 3    | 2     | Rodinia SRAD image update; coefficient grid read at C, S, E        |
| hotspot2d    | 9      | 5    | 2     | Rodinia HotSpot temperature step (temperature + power grids)       |
| gradient     | 9      | 5    | 1     | c + 1 / sqrt(1e-4 + sum of squared differences to N, S, W, E)       |
| jacobi2d-5pt | 9      | 5    | 1     | (5N + 12W + 15C + 12E + 5S) / 118                                   |
| jacobi2d-9pt | 9      | 9    | 1     | weighted sum (7 5 9 / 12 15 12 / 9 5 7) / 118                       |
| gaussian     | 25     | 25   | 1     | 5x5 weighted sum (2 4 5 4 2 / 4 9 12 9 4 / 5 12 15 12 5 / ...) / 159 |

Every stencil has the same skeleton, the thesis' (Fig 2.9 / Listing 4.1) 2-D neighbourhood construction:

    map(join) o mapND(2, nbh => ...) o slideND(k, k, 1, 1) o padND(h, h, h, h, value) << grid

Each neighbourhood computation returns a one-element array (`reduce` returns [float]1, and `map` over a
one-element selection keeps that shape); the final `map(join)` flattens [[[float]1]M]N to [[float]M]N.

Two ways to compute on a neighbourhood:
- Full-neighbourhood linear stencils (stencil2d, jacobi2d-9pt, gaussian) zip the flattened window with a
  `weights` input array and reduce with multAndSumUp, as Lift's stencil benchmarks do. `make_inputs` supplies
  the benchmark's fixed weights (row-major, north-west first); the references hard-code the same constants.
- Stencils that read some of the points (srad1, srad2, hotspot2d, gradient, jacobi2d-5pt) select each neighbour
  with `pick(i, k*k) = pad(-i, -(k*k-1-i), 0)` (negative padding drops elements: a view, no copy), zip the
  one-element selections and map a scalar user function over the zipped tuple. So the program reads exactly the
  "points used" of Table 2. Multi-grid stencils zip the grids' neighbourhoods (or a grid itself) with zipND(2).

Boundaries: Rodinia and Lift clamp at the border. The eight stencils of Table 2 pad with a constant value (the
thesis' padND), documented per benchmark:
- stencil2d, jacobi2d-5pt, jacobi2d-9pt, gaussian, gradient: 0 (zero Dirichlet border; SHOC Stencil2D's halo).
- srad1, srad2: 0 for the image and for the coefficient grid (outside the image is black; border coefficients
  of the missing south/east neighbours are 0). Rodinia clamps, so its border cells differ.
- hotspot2d: the temperature grid is padded with the ambient temperature 80 (a border held at ambient, instead
  of Rodinia's clamped, adiabatic one); the power grid is read at the centre only and is not padded.
Interior points agree exactly with the clamped Rodinia/Lift kernels. The clamped variants pad from the grid's
own border instead (padClampND / padClamp: a point outside reads the nearest border point, np.pad 'edge'):
- jacobi2d-5pt-clamp, jacobi2d-9pt-clamp: jacobi2d-5pt and jacobi2d-9pt with padClampND(1, 1, 1, 1).
- jacobi1d-3pt-clamp: PolyBench's jacobi-1d step 0.33333 * (x[i-1] + x[i] + x[i+1]) on a line of N points,
  `join o map(w => map(jacobi3) << zip(pick(0), pick(1), pick(2))) o slide(3, 1) o padClamp(1, 1) << line`.

Constants: srad1's q0sqr is fixed to 0.053787220269 (Rodinia computes it per iteration from a region of interest;
RISE's srad1 fixes it the same way); srad2 uses lambda = 0.5 (update factor 0.25 * lambda = 0.125); hotspot2d uses
Rodinia's constants for a 512 x 512 grid of a 16 mm x 16 mm x 0.5 mm chip (step/Cap = 0.341333, Rx^-1 = Ry^-1 = 0.1,
Rz^-1 = 1/5120, ambient 80).

`flops` counts the operations of one output point as written in the user function (or 2 per weight of a weighted
sum) times N*M; `bytes` counts every input grid read once plus the output grid written once (weights included).
"""

from __future__ import annotations

import numpy as np

from ..ir.build import get, join, map_, map_nd, pad, pad_nd, program, reduce_, slide, slide_nd, value, zip_, zip_nd
from ..ir.userfuns import MULT_AND_SUM_UP, userfun
from ..types import FLOAT, array
from .common import ZERO, Benchmark, f32, pick, uniform

F = FLOAT
GRID = array(F, "N", "M")

# --- weights (row-major over the window, north-west first) -------------------------------------------------------
SHOC_WEIGHTS = np.array([[0.05, 0.15, 0.05], [0.15, 0.25, 0.15], [0.05, 0.15, 0.05]])
JACOBI9_WEIGHTS = np.array([[7, 5, 9], [12, 15, 12], [9, 5, 7]]) / 118.0
GAUSSIAN_WEIGHTS = np.array([[2, 4, 5, 4, 2], [4, 9, 12, 9, 4], [5, 12, 15, 12, 5], [4, 9, 12, 9, 4],
                             [2, 4, 5, 4, 2]]) / 159.0

# --- constants ----------------------------------------------------------------------------------------------------
Q0SQR = "0.053787220269"
SRAD_UPDATE = "0.125"  # 0.25 * lambda, lambda = 0.5
HS_STEP_DIV_CAP, HS_RX1, HS_RY1, HS_RZ1, HS_AMB = "0.34133333", "0.1", "0.1", "0.0001953125", "80.0"

# --- user functions -----------------------------------------------------------------------------------------------
SRAD1 = userfun(
    "srad1Coeff", "n s w e c", F, F,
    "float dN = n - c, dS = s - c, dW = w - c, dE = e - c;\n"
    "float g2 = (dN * dN + dS * dS + dW * dW + dE * dE) / (c * c);\n"
    "float l = (dN + dS + dW + dE) / c;\n"
    "float num = 0.5f * g2 - 0.0625f * (l * l);\n"
    "float den = 1.0f + 0.25f * l;\n"
    "float qsqr = num / (den * den);\n"
    f"den = (qsqr - {Q0SQR}f) / ({Q0SQR}f * (1.0f + {Q0SQR}f));\n"
    "return clamp(1.0f / (1.0f + den), 0.0f, 1.0f);",
    "(lambda dN, dS, dW, dE: (lambda g2, l: np.clip(1.0 / (1.0 + ((0.5 * g2 - 0.0625 * (l * l))"
    f" / ((1.0 + 0.25 * l) * (1.0 + 0.25 * l)) - {Q0SQR}) / ({Q0SQR} * (1.0 + {Q0SQR}))), 0.0, 1.0))"
    "((dN * dN + dS * dS + dW * dW + dE * dE) / (c * c), (dN + dS + dW + dE) / c))(n - c, s - c, w - c, e - c)",
)
SRAD1_FLOPS = 31

SRAD2 = userfun(
    "srad2Update", "cc cs ce n s w e c", F, F,
    f"return c + {SRAD_UPDATE}f * (cc * (n - c) + cs * (s - c) + cc * (w - c) + ce * (e - c));",
    f"c + {SRAD_UPDATE} * (cc * (n - c) + cs * (s - c) + cc * (w - c) + ce * (e - c))",
)
SRAD2_FLOPS = 13

HOTSPOT = userfun(
    "hotspotStep", "n s w e c p", F, F,
    f"return c + {HS_STEP_DIV_CAP}f * (p + (s + n - 2.0f * c) * {HS_RY1}f + (e + w - 2.0f * c) * {HS_RX1}f"
    f" + ({HS_AMB}f - c) * {HS_RZ1}f);",
    f"c + {HS_STEP_DIV_CAP} * (p + (s + n - 2.0 * c) * {HS_RY1} + (e + w - 2.0 * c) * {HS_RX1}"
    f" + ({HS_AMB} - c) * {HS_RZ1})",
)
HOTSPOT_FLOPS = 15

GRAD = userfun(
    "gradient", "n s w e c", F, F,
    "float dn = c - n, ds = c - s, dw = c - w, de = c - e;\n"
    "return c + 1.0f / sqrt(0.0001f + dn * dn + ds * ds + de * de + dw * dw);",
    "c + 1.0 / np.sqrt(0.0001 + (c - n) * (c - n) + (c - s) * (c - s) + (c - e) * (c - e) + (c - w) * (c - w))",
)
GRAD_FLOPS = 15

JACOBI5 = userfun(
    "jacobi5", "n s w e c", F, F,
    "return (5.0f * n + 12.0f * w + 15.0f * c + 5.0f * s + 12.0f * e) / 118.0f;",
    "(5.0 * n + 12.0 * w + 15.0 * c + 5.0 * s + 12.0 * e) / 118.0",
)
JACOBI5_FLOPS = 10

JACOBI3 = userfun("jacobi3", "l c r", F, F, "return 0.33333f * (l + c + r);", "0.33333 * (l + c + r)")
JACOBI3_FLOPS = 3

# flattened 3x3 window indices
N_, W_, C_, E_, S_ = 1, 3, 4, 5, 7


# --- program helpers ----------------------------------------------------------------------------------------------
def _nbh(grid, k: int, pad_value: str | int = 0, boundary: str | None = None):
    """slideND(k, k, 1, 1) o padND(h, h, h, h, value) << grid: the k x k neighbourhood of every point; with a
    boundary ("clamp") padClampND(h, h, h, h) instead of the value."""
    h = k // 2
    padded = pad_nd((h, h, h, h), boundary) if boundary else pad_nd((h, h, h, h), value(pad_value, F))
    return slide_nd((k, k), (1, 1)) @ padded << grid


def _points(nbh, k: int, *idx: int):
    """The one-element selections of the flattened window at the given indices."""
    return [pick(i, k * k) << (join() << nbh) for i in idx]


def _weighted(nbh, weights):
    """reduce(0, (acc, t) => multAndSumUp(acc, t._0, t._1)) << zip(join << nbh, weights): [float]1."""
    return reduce_(ZERO, lambda acc, t: MULT_AND_SUM_UP(acc, get(0) << t, get(1) << t)) << zip_(join() << nbh,
                                                                                             weights)


def _five_point(f):
    """nbh => map(t => f(t._0 .. t._4)) << zip(N, S, W, E, C): a user function of the von Neumann neighbours."""
    def body(nbh):
        return map_(lambda nb: f(*(get(i) << nb for i in range(5)))) << zip_(*_points(nbh, 3, N_, S_, W_, E_, C_))

    return body


def _single_grid(name: str, f, pad_value=0, boundary: str | None = None):
    return program(name, {"grid": GRID},
                   lambda grid: map_(join()) @ map_nd(2, _five_point(f)) << _nbh(grid, 3, pad_value, boundary))


def _weighted_grid(name: str, k: int, pad_value=0, boundary: str | None = None):
    return program(name, {"grid": GRID, "weights": array(F, k * k)},
                   lambda grid, weights: map_(join()) @ map_nd(2, lambda nbh: _weighted(nbh, weights))
                   << _nbh(grid, k, pad_value, boundary))


STENCIL2D = _weighted_grid("stencil2d", 3)
JACOBI9 = _weighted_grid("jacobi2d_9pt", 3)
GAUSSIAN = _weighted_grid("gaussian", 5)
JACOBI5P = _single_grid("jacobi2d_5pt", JACOBI5)
GRADIENT = _single_grid("gradient", GRAD)
SRAD1P = _single_grid("srad1", SRAD1)
JACOBI5P_CLAMP = _single_grid("jacobi2d_5pt_clamp", JACOBI5, boundary="clamp")
JACOBI9_CLAMP = _weighted_grid("jacobi2d_9pt_clamp", 3, boundary="clamp")
JACOBI1D_CLAMP = program(
    "jacobi1d_3pt_clamp", {"line": array(F, "N")},
    lambda line: join() @ map_(lambda w: map_(lambda nb: JACOBI3(*(get(i) << nb for i in range(3))))
                               << zip_(*(pick(i, 3) << w for i in range(3))))
    @ slide(3, 1) @ pad(1, 1, "clamp") << line,
)

SRAD2P = program(
    "srad2",
    {"image": GRID, "coeff": GRID},
    lambda image, coeff: map_(join()) @ map_nd(
        2,
        lambda cell: map_(
            lambda nb: SRAD2(*(get(i) << nb for i in range(8)))
        ) << zip_(*_points(get(1) << cell, 3, C_, S_, E_), *_points(get(0) << cell, 3, N_, S_, W_, E_, C_)),
    ) << zip_nd(2, _nbh(image, 3), _nbh(coeff, 3)),
)

HOTSPOT2D = program(
    "hotspot2d",
    {"temp": GRID, "power": GRID},
    lambda temp, power: map_(join()) @ map_nd(
        2,
        lambda cell: map_(
            lambda nb: HOTSPOT(*(get(i) << nb for i in range(5)), get(1) << cell)
        ) << zip_(*_points(get(0) << cell, 3, N_, S_, W_, E_, C_)),
    ) << zip_nd(2, _nbh(temp, 3, HS_AMB), power),
)


# --- references (float64, NumPy slicing on an explicitly padded grid) --------------------------------------------
def _padded(x: np.ndarray, h: int, v: float = 0.0, mode: str = "constant") -> np.ndarray:
    """x padded by h on every side: with v, or by np.pad's `mode` ('edge': the clamped border)."""
    if mode != "constant":
        return np.pad(x.astype(np.float64), h, mode=mode)
    return np.pad(x.astype(np.float64), h, mode="constant", constant_values=v)


def _shift(p: np.ndarray, h: int, di: int, dj: int) -> np.ndarray:
    """The neighbour at offset (di, dj) of every point of the unpadded grid (p padded by h)."""
    n, m = p.shape[0] - 2 * h, p.shape[1] - 2 * h
    return p[h + di: h + di + n, h + dj: h + dj + m]


def _conv_ref(x: np.ndarray, w: np.ndarray, mode: str = "constant") -> np.ndarray:
    k = w.shape[0]
    h = k // 2
    p = _padded(x, h, mode=mode)
    out = np.zeros(x.shape)
    for i in range(k):
        for j in range(k):
            out += w[i, j] * _shift(p, h, i - h, j - h)
    return out


def _stencil2d_ref(inp, s):
    # SHOC Stencil2D: centre * c + edge * (N + S + W + E) + corner * (NW + NE + SW + SE)
    p = _padded(inp["grid"], 1)
    edges = sum(_shift(p, 1, di, dj) for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    corners = sum(_shift(p, 1, di, dj) for di, dj in ((-1, -1), (-1, 1), (1, -1), (1, 1)))
    return 0.25 * _shift(p, 1, 0, 0) + 0.15 * edges + 0.05 * corners


def _jacobi9_ref(inp, s):
    return _conv_ref(inp["grid"], JACOBI9_WEIGHTS)


def _gaussian_ref(inp, s):
    return _conv_ref(inp["grid"], GAUSSIAN_WEIGHTS)


def _nswec(x: np.ndarray, v: float = 0.0, mode: str = "constant"):
    p = _padded(x, 1, v, mode)
    return (_shift(p, 1, -1, 0), _shift(p, 1, 1, 0), _shift(p, 1, 0, -1), _shift(p, 1, 0, 1), _shift(p, 1, 0, 0))


def _jacobi5_ref(inp, s):
    n, so, w, e, c = _nswec(inp["grid"])
    return (5 * n + 12 * w + 15 * c + 5 * so + 12 * e) / 118.0


def _jacobi5_clamp_ref(inp, s):
    n, so, w, e, c = _nswec(inp["grid"], mode="edge")
    return (5 * n + 12 * w + 15 * c + 5 * so + 12 * e) / 118.0


def _jacobi9_clamp_ref(inp, s):
    return _conv_ref(inp["grid"], JACOBI9_WEIGHTS, mode="edge")


def _jacobi1d_clamp_ref(inp, s):
    p = _padded(inp["line"], 1, mode="edge")
    return 0.33333 * (p[:-2] + p[1:-1] + p[2:])


def _gradient_ref(inp, s):
    n, so, w, e, c = _nswec(inp["grid"])
    return c + 1.0 / np.sqrt(1e-4 + (c - n) ** 2 + (c - so) ** 2 + (c - w) ** 2 + (c - e) ** 2)


def _srad1_ref(inp, s):
    # Rodinia srad_kernel: diffusion coefficient from the image's 4-neighbour differences
    n, so, w, e, jc = _nswec(inp["grid"])
    q0sqr = float(Q0SQR)
    dn, ds, dw, de = n - jc, so - jc, w - jc, e - jc
    g2 = (dn**2 + ds**2 + dw**2 + de**2) / jc**2
    lap = (dn + ds + dw + de) / jc
    num = 0.5 * g2 - (1.0 / 16.0) * lap**2
    den = 1 + 0.25 * lap
    qsqr = num / den**2
    den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr))
    return np.clip(1.0 / (1.0 + den), 0.0, 1.0)


def _srad2_ref(inp, s):
    # Rodinia srad2_kernel: cN = cW = c[C], cS = c[S], cE = c[E]; I' = I + 0.25 * lambda * D
    n, so, w, e, jc = _nswec(inp["image"])
    pc = _padded(inp["coeff"], 1)
    cc, cs, ce = _shift(pc, 1, 0, 0), _shift(pc, 1, 1, 0), _shift(pc, 1, 0, 1)
    d = cc * (n - jc) + cs * (so - jc) + cc * (w - jc) + ce * (e - jc)
    return jc + 0.25 * 0.5 * d


def _hotspot_ref(inp, s):
    # Rodinia hotspot: T' = T + step/Cap * (P + (S + N - 2T) / Ry + (E + W - 2T) / Rx + (amb - T) / Rz)
    amb = 80.0
    n, so, w, e, t = _nswec(inp["temp"], amb)
    p = inp["power"].astype(np.float64)
    step_div_cap = 0.001 / (3.0e6 / (0.5 * 0.0005 * 1.75e6)) / (0.5 * 1.75e6 * 0.0005 * (0.016 / 512) ** 2)
    ry1 = rx1 = 0.1
    rz1 = 1.0 / 5120.0
    return t + step_div_cap * (p + (so + n - 2 * t) * ry1 + (e + w - 2 * t) * rx1 + (amb - t) * rz1)


# --- inputs -------------------------------------------------------------------------------------------------------
def _grid(rng, s, lo=0.0, hi=1.0):
    return uniform(rng, lo, hi, s["N"], s["M"])


def _weights_inputs(weights: np.ndarray):
    def make(s, rng):
        # positive data and weights: sums without cancellation
        return {"grid": _grid(rng, s), "weights": f32(weights.reshape(-1))}

    return make


def _grid_inputs(lo: float, hi: float):
    return lambda s, rng: {"grid": _grid(rng, s, lo, hi)}


def _line_inputs(s, rng):
    return {"line": uniform(rng, 0.0, 1.0, s["N"])}


def _srad2_inputs(s, rng):
    return {"image": _grid(rng, s, 1.0, 2.0), "coeff": _grid(rng, s, 0.0, 1.0)}


def _hotspot_inputs(s, rng):
    # temperatures around Rodinia's 320-340 K, small power densities
    return {"temp": _grid(rng, s, 320.0, 340.0), "power": _grid(rng, s, 0.0, 0.01)}


# --- the suite ----------------------------------------------------------------------------------------------------
GRID_PRESETS = {"default": {"N": 4096, "M": 4096}, "small": {"N": 16, "M": 16}, "small2": {"N": 12, "M": 20},
                "512": {"N": 512, "M": 512}, "1024": {"N": 1024, "M": 1024}, "2048": {"N": 2048, "M": 2048},
                "8192": {"N": 8192, "M": 8192}}


LINE_PRESETS = {"default": {"N": 1 << 24}, "small": {"N": 64}, "small2": {"N": 100}, "1M": {"N": 1 << 20}}


def _stencil(name, prog, ref, inputs, flops_per_point, grids, description, weights=0):
    return Benchmark(
        name=name, family="stencil", program=prog, reference=ref, make_inputs=inputs, presets=GRID_PRESETS,
        flops=lambda s: flops_per_point * s["N"] * s["M"],
        bytes=lambda s: 4 * ((grids + 1) * s["N"] * s["M"] + weights),
        description=description,
    )


BENCHMARKS = [
    _stencil("stencil2d", STENCIL2D, _stencil2d_ref, _weights_inputs(SHOC_WEIGHTS), 18, 1,
             "SHOC Stencil2D: 9-point weighted sum (centre 0.25, edges 0.15, corners 0.05), zero border", 9),
    _stencil("srad1", SRAD1P, _srad1_ref, _grid_inputs(1.0, 2.0), SRAD1_FLOPS, 1,
             "Rodinia SRAD kernel 1: diffusion coefficient from 4-neighbour differences, zero border"),
    _stencil("srad2", SRAD2P, _srad2_ref, _srad2_inputs, SRAD2_FLOPS, 2,
             "Rodinia SRAD kernel 2: image update from the coefficient grid (C, S, E), zero border"),
    _stencil("hotspot2d", HOTSPOT2D, _hotspot_ref, _hotspot_inputs, HOTSPOT_FLOPS, 2,
             "Rodinia HotSpot: one temperature step from temperature and power grids, ambient border"),
    _stencil("gradient", GRADIENT, _gradient_ref, _grid_inputs(0.0, 1.0), GRAD_FLOPS, 1,
             "gradient magnitude stencil: c + 1/sqrt(1e-4 + sum (c - nb)^2) over N, S, W, E, zero border"),
    _stencil("jacobi2d-5pt", JACOBI5P, _jacobi5_ref, _grid_inputs(0.0, 1.0), JACOBI5_FLOPS, 1,
             "Jacobi 2-D 5-point: (5N + 12W + 15C + 12E + 5S) / 118, zero border"),
    _stencil("jacobi2d-9pt", JACOBI9, _jacobi9_ref, _weights_inputs(JACOBI9_WEIGHTS), 18, 1,
             "Jacobi 2-D 9-point weighted sum (7 5 9 / 12 15 12 / 9 5 7) / 118, zero border", 9),
    _stencil("gaussian", GAUSSIAN, _gaussian_ref, _weights_inputs(GAUSSIAN_WEIGHTS), 50, 1,
             "Gaussian 5x5 blur (weights / 159), zero border", 25),
    _stencil("jacobi2d-5pt-clamp", JACOBI5P_CLAMP, _jacobi5_clamp_ref, _grid_inputs(0.0, 1.0), JACOBI5_FLOPS, 1,
             "Jacobi 2-D 5-point: (5N + 12W + 15C + 12E + 5S) / 118, clamped border"),
    _stencil("jacobi2d-9pt-clamp", JACOBI9_CLAMP, _jacobi9_clamp_ref, _weights_inputs(JACOBI9_WEIGHTS), 18, 1,
             "Jacobi 2-D 9-point weighted sum (7 5 9 / 12 15 12 / 9 5 7) / 118, clamped border", 9),
    Benchmark(
        name="jacobi1d-3pt-clamp", family="stencil", program=JACOBI1D_CLAMP, reference=_jacobi1d_clamp_ref,
        make_inputs=_line_inputs, presets=LINE_PRESETS, flops=lambda s: JACOBI3_FLOPS * s["N"],
        bytes=lambda s: 4 * 2 * s["N"],
        description="Jacobi 1-D 3-point (PolyBench jacobi-1d step): 0.33333 * (x[i-1] + x[i] + x[i+1]), "
                    "clamped border",
    ),
]
