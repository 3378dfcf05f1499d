"""HWC convolution "tiled": a channels-last convolution as Lift's tiled matrix product of its windows, read as a
matrix by views, with its filters (an implicit GEMM: the "im2col" matrix is never built).

A convolution in the channels-last layout, image [[[float]C]W]H and filters [[[[float]C]kW]kH]M, written as a user
would (or as the suite's conv benchmark, whose windows and filters are flattened before its kernel):

    mapND(2, win => join o map(f => reduce(0, add) o map(mult) << zip(join o join << win, join o join << f))
                    << filters)
    o slideND(kH, kW, sH, sW) o padND(...) << image

is, per output pixel y (its window: kH rows of kW pixels of C channels) and filter x, a dot product: the matrix
product A[M][K] · Bᵀ with M = outH·outW pixels, N = outChs filters and K = kH·kW·C, where A is a view of the image
(row y: the flattened window of pixel y) and B is given by rows (row x: the flattened filter x). The output
[[[float]N]outW]outH is that product's [[float]N]M, split by rows. The derivation (each step one rule at one site
picked by the IR's structure, never by a name's text):
  1. mapViewFission (rules_window), where the program flattens a filter inside the map over the filters: the
     flattening out of that map (B's rows as a view);
  2. mapViewFission where it flattens a window inside the map over a row's pixels, then mapFission of the map
     over the image's rows: the windows' flattening as a view of its own, out of the rows' map;
  3. joinSplit: the two maps over the image's rows and pixels as one map over the pixels, split by rows;
  4. zipSwap (rules_im2col) where the dot product zips the filter first (the window is the product's row).
The program is then `split(outW) << map(y => join << map(x => dot(y, x)) << B) << join << windows`, the form of Lift's
tiled matrix product with B given by rows, and `compiler.lowering.mm.derive` (its tiling, register blocking and
local-memory steps, unchanged) finishes the derivation: a work group computes TM pixels by TN filters, each of its
work items an RM x RN register block; the K steps go in TK-tiles through local memory, the image's tile read
through the window views (zero padding by the pad view's bounds tests).

Tuning parameters: those of mm `tiled` (TM, TN, TK, RM, RN, VW, KU, CB, AT, PF; `compiler.lowering.mm`) over the
roles M = outH·outW, N = outChs, K = kerH·kerW·inChs (`shape.convolution`). VW vectorises the loads of both tiles;
a window's rows are contiguous in memory only where the filters are 1x1 at stride 1 without padding (then A is the
image's pixels), so VW = 1 otherwise (`_check`).
"""

from __future__ import annotations

import functools

from ..ir.node import Lambda, Param, Program, walk
from ..ir.ops import Op
from ..ir.terms import free_vars, is_call
from ..rewrite import rules_im2col as R
from ..rewrite.catalog import BY_NAME
from ..rewrite.rules_mm_layout import tile_rows
from ..rewrite.rules_window import MAP_VIEW_FISSION
from . import derivation, mm, shape
from .conv_chw import PARAMS, contiguous_rows, map_fun, product_lowering
from .lowered import Lowering, Strategy
from .util import LoweringError

NAME = "conv_hwc tiled"


# --- site predicates: the structure of the IR (inputs read, primitives held), never a name's text ----------------
def _pixel_map(n) -> bool:
    """A map over a row's windows whose function's body is `join << map(filter dot products) << ...`."""
    f = map_fun(n)
    return isinstance(f, Lambda) and is_call(f.body, Op.JOIN) and is_call(f.body.args[0], Op.MAP)


def _row_map(n) -> bool:
    """A map over the image's rows whose function's body is the map over a row's pixels."""
    f = map_fun(n)
    return isinstance(f, Lambda) and _pixel_map(f.body)


def _rows_of_views(n) -> bool:
    """A map over the image's rows whose function maps the pixels' dot products over a map of their windows'
    flattening (step 2's fission site)."""
    f = map_fun(n)
    return (isinstance(f, Lambda) and is_call(f.body, Op.MAP) and _pixel_map(f.body)
            and is_call(f.body.args[0], Op.MAP))


def views(program: Program) -> Program:
    """Steps 1-4 (module doc): the convolution as a tiled matrix product's high-level form under views."""
    p = derivation.start(program)
    weights = program.params[1].name

    def reads_weights(path, n) -> bool:
        return is_call(n, Op.MAP) and isinstance(n.args[0], Param) and n.args[0].name == weights

    def step(rule, where, optional: bool = False):
        nonlocal p
        if optional and not derivation.sites(p, rule, where):
            return
        p = derivation.step(p, rule, where, name=NAME)

    # 1. the filter's flattening out of the map over the filters (where the program flattens it there)
    step(MAP_VIEW_FISSION, reads_weights, optional=True)
    # 2. the window's flattening out of the map over a row's pixels, then out of the map over the rows
    step(MAP_VIEW_FISSION, lambda path, n: _pixel_map(n) and not free_vars(n.args[0]) & {weights}, optional=True)
    step(BY_NAME["mapFission"], lambda path, n: _rows_of_views(n), optional=True)
    # 3. one map of dot products over the pixels, split by rows
    if not derivation.sites(p, BY_NAME["joinSplit"], lambda path, n: _row_map(n)):
        raise LoweringError(f"{NAME}: step 3 (joinSplit) finds no map over the image's rows whose function maps "
                            f"each pixel's window to its dot products with the filters "
                            f"(`map(row => map(win => join << map(f => dot) << filters) << row)`)")
    step(BY_NAME["joinSplit"], lambda path, n: _row_map(n))
    # 4. the window first in the dot product's zip
    filters = next((map_fun(n) for _, n in walk(p) if _pixel_map(n)), None)
    if filters is not None and is_call(filters.body.args[0], Op.MAP):
        dot = map_fun(filters.body.args[0])
        if isinstance(dot, Lambda):
            row = dot.params[0].name
            step(R.ZIP_SWAP, lambda path, n: is_call(n, Op.MAP) and is_call(n.args[0], Op.ZIP)
                 and len(n.args[0].args) == 2 and row in free_vars(n.args[0].args[0])
                 and row not in free_vars(n.args[0].args[1]), optional=True)
    if not derivation.sites(p, tile_rows("TN"), lambda path, n: _pixel_map(n)):
        raise LoweringError(f"{NAME}: step 3 gives no matrix product of the windows and the filters "
                            f"(`map(y => join << map(x => dot(y, x)) << B) << A`, tileRows' form): the filters "
                            f"are not read by rows")
    return p


@functools.cache
def _views(program: Program) -> Program:
    return views(program)


def _choose(s) -> dict[str, int]:
    """mm `tiled`'s defaults for the product's roles (64 x 64 tiles, 4 x 4 register blocks, TK = 16 or the largest
    divisor of K below), with VW = 1 where a window's rows are no contiguous vectors. Values in `s` win."""
    roles = {**s, **({} if contiguous_rows(s) or s.get("VW") else {"VW": 1})}
    v = mm._choose(roles)
    v.pop(mm.SPLIT_K, None)
    return v


def _check(s, v) -> list[str]:
    bad = [f"conv: {t}" for t in mm._check(s, {**v, mm.SPLIT_K: 1})]
    if v.get("VW", 1) != 1 and not contiguous_rows(s):
        bad.append(f"VW = 1: the image's tile is a view of windows, its rows not contiguous vectors (VW = "
                   f"{v['VW']}; 1x1 filters at stride 1 without padding only)")
    return bad


STRATEGY = Strategy('HWC convolution as a matrix product', ('tiled',),
                    'an image [[[float]C]W]H, filters [[[[float]C]kW]kH]M, a [[[float]M]outW]outH result of one dot '
                    'product of a filter and a window per output (roles inH, inW, inChs, outChs, kerH, kerW, outH, '
                    'outW)',
                    "the convolution as an implicit matrix product (the windows as a matrix by views, the filters "
                    "by rows), derived to Lift's tiled matrix multiplication (Steuwer et al., CGO 2017)",
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`tiled` for every program of the HWC convolution's shape (`shape.convolution`) whose result is a
    [[[float]outChs]outW]outH image (roles M, N, K); a program of the shape whose derivation finds no site is
    refused by a LoweringError naming the step."""
    sh = shape.convolution(bench.program, (p.name for p in PARAMS))
    if sh is None or "M" not in dict(sh.roles):
        return []

    return [product_lowering(bench, sh, _views, _choose, _check, __doc__.split("\n\n")[0])]
