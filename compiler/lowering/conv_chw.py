"""CHW convolution "tiled": a channels-first convolution as Lift's tiled matrix product over the image's windows
read as a matrix by views (an implicit GEMM: the "im2col" matrix is never built).

A convolution in PyTorch's layout, image [[[float]W]H]C and filters [[[[float]kW]kH]C]M (or [[float]C]M for a 1x1
convolution), written as a user would:

    map(f => map(join) o mapND(2, win => reduce(0, add) o map(mult) << zip(join o join << f, join o join << win))
             << windows) << filters
    windows = map(transpose) o transpose o map(plane => slideND(kH, kW, sH, sW) o padND(...) << plane) << image

is, per filter row x (the C·kH·kW weights of one filter) and window y (the same C·kH·kW pixels of the padded
image), a dot product: the matrix product X[M][K] · Y[K][N] with K = C·kH·kW and N = outH·outW, whose Y is a
view of the image. The derivation (`views`, each step one rule at one site picked by the IR's structure: the
inputs a map reads, the primitives its function holds; rules of compiler/rewrite/rules_im2col.py unless named
otherwise):
  1. mapViewFission (rules_window): the filter's flattening out of the map over the filters, then the window's
     out of the map over a row's windows (only where the program flattens them: a 1x1 convolution reads
     [[float]C]M filters and C-channel pixels as they are);
  2. mapFission: the row map over the windows as a map of the dot product over a map of the windows' views;
     joinSplit: the two maps over the image's rows and columns as one map over its pixels, split by rows;
  3. joinSwap, joinMapTranspose, mapFission, mapJoinTranspose (twice): the pixels' windows, [[float]K]N, as
     `transpose << Y` with Y = join o map(transpose) o join o map(transpose) o map(join) << planes' windows, [K][N]
     read pixel by pixel (a 1x1 convolution: joinMapTranspose alone, Y = map(join) << image, the channel planes),
     so that the image's tile is loaded along the image's rows;
  4. zipSwap where the dot product zips the window first (the filter row is the product's row);
  5. joinUnitSplit: the reduce's one-element results flattened before the split by rows;
  6. mapFission, mapSplitFlat: the split by rows out of the map over the filters, as a view of the product's
     flat result, split(outH) << split(outW) << join.
The program is then `split(outH) o split(outW) o join << map(x => join << map(y => dot(x, y)) << transpose << Y)
<< X`, the form of Lift's tiled matrix product (B read through a transpose; where step 3 finds no site, B given by
rows), and `compiler.lowering.mm.derive` (its tiling, register blocking and local-memory steps, unchanged)
finishes the derivation: a work group computes TM filters by TN pixels, each of its work items an RM x RN register
block; the K = C·kH·kW steps go in TK-tiles through local memory, the image's tile read through the window views
(zero padding by the pad view's bounds tests).

Tuning parameters: those of mm `tiled` (TM, TN, TK, RM, RN, VW, KU, CB, AT, PF; `compiler.lowering.mm`) over the
roles M = outChs, N = outH·outW, K = inChs·kerH·kerW. VW vectorises the loads of both tiles; the image's tile
is a view of windows whose rows are not contiguous in memory, so VW = 1 unless the filters are 1x1 and the stride
is 1 (then a row of Y is a channel plane: `_check`).

A depthwise convolution (one filter per channel, filters [[[float]kW]kH]C, no sum over channels) is a member of
the shape (`shape.convolution_chw`) with no matrix product in it: `tiled` refuses it with a LoweringError naming
its first step (the map over the filters reads the image too), so `lift-gym strategies` says why and the
environment leaves it out of its actions.
"""

from __future__ import annotations

import functools

from ..ir.node import FunCall, Lambda, Param, Program
from ..ir.ops import Op
from ..ir.terms import contains, free_vars, is_call
from ..rewrite import rules_im2col as R
from ..rewrite.catalog import BY_NAME
from ..rewrite.rules_mapping import UNROLL_MAX
from ..rewrite.rules_mm_layout import tile_rows
from ..rewrite.rules_tiling import tile_columns
from ..rewrite.rules_window import MAP_VIEW_FISSION
from . import derivation, mm, shape
from .lowered import KernelLaunch, Lowering, Strategy, largest_divisor
from .util import LoweringError

NAME = "conv_chw tiled"
PARAMS = tuple(p for p in mm.PARAMS if p.name != mm.SPLIT_K)  # (no split-K of the implicit product)
MAX_WG = 1024
MAX_LOCAL_BYTES = 48 * 1024
MAX_REGS = 64
RUN = 4


# --- site predicates: the structure of the IR (inputs read, primitives held), never a name's text ----------------
def map_fun(n):
    """The function of the map n, or None."""
    return n.f.funs[0] if is_call(n, Op.MAP) else None


def _dot_map(n) -> bool:
    """A map whose function's body is a reduce: the dot products of a row's windows with a filter."""
    f = map_fun(n)
    return isinstance(f, Lambda) and is_call(f.body, Op.REDUCE)


def _row_map(n) -> bool:
    """A map over the image's rows whose function is the map of dot products over a row."""
    f = map_fun(n)
    return isinstance(f, Lambda) and _dot_map(f.body)


def _reads(n, name: str) -> bool:
    return isinstance(n, Param) and n.name == name


def _zip_window_first(program: Program):
    """The zip of the dot product whose first array is not the filter row: the filter row (bound by the map over
    the filters) second."""
    def where(path, n) -> bool:
        z = n.args[0] if is_call(n, Op.MAP) else None
        if not is_call(z, Op.ZIP) or len(z.args) != 2:
            return False
        outer = _filters_map(program)
        if outer is None:
            return False
        row = outer.f.funs[0].params[0].name
        return row not in free_vars(z.args[0]) and row in free_vars(z.args[1])
    return where


def _filters_map(program: Program):
    """The map over the filters (the map of the whole product whose function holds the reduce)."""
    n = program.body
    while isinstance(n, FunCall) and not (is_call(n, Op.MAP) and contains(n.f, Op.REDUCE)):
        n = n.args[-1]
    return n if is_call(n, Op.MAP) and isinstance(n.f.funs[0], Lambda) else None


def _in_columns(program: Program, path) -> bool:
    """path is inside the array the map of dot products reads (the windows, once one map over the pixels)."""
    for q, n in _walk(program.body, (len(program.params),)):
        if _dot_map(n):
            return path[:len(q) + 1] == (*q, 1)
    return False


def _walk(n, path):
    yield path, n
    for i, c in enumerate(n.children()):
        yield from _walk(c, (*path, i))


def _splits_product(n) -> bool:
    """The map over the filters whose function's result is split by rows."""
    f = map_fun(n)
    return isinstance(f, Lambda) and is_call(f.body, Op.SPLIT) and contains(f.body, Op.REDUCE)


def views(program: Program) -> Program:
    """Steps 1-6 (module doc): the convolution as a tiled matrix product's high-level form under views."""
    p = derivation.start(program)
    weights = program.params[1].name
    outer = _filters_map(p)
    if outer is None or free_vars(outer.args[0]) != {weights}:
        read = sorted(free_vars(outer.args[0])) if outer is not None else []
        raise LoweringError(f"{NAME}: step 1 (the map over the filters) finds no map of the dot products over the "
                            f"filters {weights!r} alone (it reads {', '.join(read) or 'no input'}): one filter per "
                            f"channel, as in a depthwise convolution, sums over no channels and is no matrix product")

    def step(rule, where, optional: bool = False):
        nonlocal p
        if optional and not derivation.sites(p, rule, where):
            return
        p = derivation.step(p, rule, where, name=NAME)

    # 1. the filter's and the window's flattening out of their maps (where the program flattens them)
    step(MAP_VIEW_FISSION, lambda path, n: is_call(n, Op.MAP) and _reads(n.args[0], weights), optional=True)
    step(MAP_VIEW_FISSION, lambda path, n: _dot_map(n), optional=True)
    # 2. one map of dot products over the pixels, split by rows
    step(BY_NAME["mapFission"], lambda path, n: _row_map(n) and is_call(map_fun(n).body.args[0], Op.MAP),
         optional=True)
    step(BY_NAME["joinSplit"], lambda path, n: _row_map(n))
    # 3. the windows as the columns of a matrix read pixel by pixel (where the windows are the image's planes
    #    transposed: the product's B read through a transpose, the image's tile loaded along its rows)
    step(BY_NAME["joinSwap"], lambda path, n: _in_columns(p, path) and contains(n, Op.TRANSPOSE), optional=True)
    step(R.JOIN_MAP_TRANSPOSE, lambda path, n: _in_columns(p, path), optional=True)
    step(BY_NAME["mapFission"], lambda path, n: _in_columns(p, path) and is_call(n.args[0], Op.TRANSPOSE),
         optional=True)
    for _ in range(2):
        step(R.MAP_JOIN_TRANSPOSE, lambda path, n: _in_columns(p, path), optional=True)
    # 4. the filter row first in the dot product's zip
    step(R.ZIP_SWAP, _zip_window_first(p), optional=True)
    # 5. the unit results flattened before the split
    step(R.JOIN_UNIT_SPLIT, lambda path, n: is_call(n.args[0], Op.SPLIT) and contains(n.args[0], Op.REDUCE))
    # 6. the split by rows out of the map over the filters, a view of the flat product
    step(BY_NAME["mapFission"], lambda path, n: _splits_product(n))
    step(R.MAP_SPLIT_FLAT, lambda path, n: is_call(n, Op.MAP) and contains(n.f, Op.SPLIT)
         and not contains(n.f, Op.REDUCE) and contains(n.args[0], Op.REDUCE))
    if not any(derivation.sites(p, r, lambda path, n: contains(n.f, Op.REDUCE))
               for r in (tile_columns("TN"), tile_rows("TN"))):
        raise LoweringError(f"{NAME}: step 6 gives no matrix product of the filters and the windows "
                            f"(`map(x => join << map(y => dot(x, y)) << Ys) << X`, tileColumns' or tileRows' "
                            f"form): the product's columns are no view of the image")
    return p


@functools.cache
def _views(program: Program) -> Program:
    return views(program)


_DERIVED: dict[tuple, Program] = {}


def derived_product(views, program: Program, v: dict[str, int]) -> Program:
    """The tiled program of a convolution that `views` reads as a matrix product, for the structure the values `v`
    decide (mm `tiled`'s structure, `mm.derive`; memoised by the views, the program and that structure)."""
    key = (views, program, structure(v))
    if key not in _DERIVED:
        _DERIVED[key] = mm.derive(views(program), v)
    return _DERIVED[key]


def structure(v: dict[str, int]) -> tuple:
    """What mm.derive's program depends on: the switches (as `mm.effective_switches` reads them: a switch whose
    block has no run of 4 at these values is off), VW > 1, the flat tile copies, the unrolled loops."""
    v = mm.effective_switches(v)
    unroll = tuple(n <= UNROLL_MAX for n in (v["RM"], v["RN"], v["TK"] // RUN))
    flat = tuple((rows * cols // v["VW"]) % (v["TN"] // v["RN"]) == 0
                 for rows, cols in ((v["TM"], v["TK"]), (v["TK"], v["TN"])))
    return (v["VW"] > 1, *(bool(v.get(k, 0)) for k in ("KU", "CB", mm.TRANSPOSED_A)), flat, unroll)


def contiguous_rows(s) -> bool:
    """A row of Y (one filter weight's pixels) is contiguous in memory: 1x1 filters, stride 1, no padding."""
    return s["kerH"] == 1 and s["kerW"] == 1 and s["outH"] == s["inH"] and s["outW"] == s["inW"]


def _choose(s) -> dict[str, int]:
    """Small tiles, many work items (an image of 28 x 28 pixels has few outputs): a work group of TM = 32 filters by
    TN = 16 pixels (the largest divisors of M and N up to these), 2 x 1 register blocks, TK = 16 (or the largest
    divisor of K below), float4 loads where the image's rows allow (1x1 filters at stride 1, `_check`): the point
    next to the best of a sweep on the H200 for both the 3x3 and the 1x1 layer (docs/benchmarks/conv_chw_h200.md).
    Values in `s` win."""
    m, n, k = s["M"], s["N"], s["K"]
    tm = s.get("TM") or largest_divisor(m, 32) or 1
    tn = s.get("TN") or largest_divisor(n, 16) or 1
    # a switch given on (the environment's space fixes each in turn) gets blocks and tiles it can derive with
    rm = s.get("RM") or (s.get(mm.TRANSPOSED_A) and largest_divisor(tm, RUN, RUN)) or largest_divisor(tm, 2) or 1
    rn = s.get("RN") or (s.get("CB") and largest_divisor(tn, RUN, RUN)) or 1
    tk = s.get("TK") or (s.get("KU") and largest_divisor(k, 16, RUN)) or largest_divisor(k, 16) or 1
    vw = s.get("VW") or (next(w for w in (4, 2, 1) if tn % w == 0 and tk % w == 0) if contiguous_rows(s) else 1)
    return {"TM": tm, "TN": tn, "TK": tk, "RM": rm, "RN": rn, "VW": vw, "KU": s.get("KU", int(tk % RUN == 0)),
            "CB": s.get("CB", 0), mm.TRANSPOSED_A: s.get(mm.TRANSPOSED_A, 0), mm.PREFETCH: s.get(mm.PREFETCH, 0)}


def _check(s, v) -> list[str]:
    bad: list[str] = []

    def need(cond: bool, text: str):
        if not cond:
            bad.append(text)

    if any(int(v[p.name]) < 1 for p in PARAMS if p.kind != "switch"):
        return ["every size parameter must be a positive integer"]
    m, n, k = s["M"], s["N"], s["K"]
    need(m % v["TM"] == 0, f"outChs % TM = 0 (M = {m}, TM = {v['TM']})")
    need(n % v["TN"] == 0, f"outH*outW % TN = 0 (N = {n}, TN = {v['TN']})")
    need(k % v["TK"] == 0, f"inChs*kerH*kerW % TK = 0 (K = {k}, TK = {v['TK']})")
    need(v["TM"] % v["RM"] == 0, f"TM % RM = 0 (TM = {v['TM']}, RM = {v['RM']})")
    need(v["TN"] % v["RN"] == 0, f"TN % RN = 0 (TN = {v['TN']}, RN = {v['RN']})")
    need(v["VW"] in mm.WIDTHS, f"VW in {mm.WIDTHS} (VW = {v['VW']})")
    need(v["TK"] % v["VW"] == 0 and v["TN"] % v["VW"] == 0, f"TK % VW = 0 and TN % VW = 0 (VW = {v['VW']})")
    need(v["VW"] == 1 or contiguous_rows(s), f"VW = 1: the image's tile is a view of windows, its rows not "
                                              f"contiguous vectors (VW = {v['VW']}; 1x1 filters at stride 1 only)")
    need(all(v.get(x, 0) in (0, 1) for x in ("KU", "CB", mm.TRANSPOSED_A, mm.PREFETCH)),
         "KU, CB, AT and PF are switches: 0 or 1")
    need(not v.get("KU", 0) or v["TK"] % RUN == 0, f"KU = 1 needs TK % {RUN} = 0 (TK = {v['TK']})")
    need(not v.get("CB", 0) or v["RN"] % RUN == 0, f"CB = 1 needs RN % {RUN} = 0 (RN = {v['RN']})")
    need(not v.get(mm.TRANSPOSED_A, 0) or v["RM"] % RUN == 0, f"AT = 1 needs RM % {RUN} = 0 (RM = {v['RM']})")
    need(v["RM"] * v["RN"] <= MAX_REGS, f"RM * RN <= {MAX_REGS} private accumulators")
    wg = (v["TN"] // max(v["RN"], 1)) * (v["TM"] // max(v["RM"], 1))
    need(wg <= MAX_WG, f"work-group size (TN/RN)*(TM/RM) = {wg} <= {MAX_WG}")
    lmem = 4 * (v["TM"] * v["TK"] + v["TK"] * v["TN"])
    need(lmem <= MAX_LOCAL_BYTES, f"local memory 4*(TM*TK + TK*TN) = {lmem} <= {MAX_LOCAL_BYTES} bytes")
    return bad


STRATEGY = Strategy('CHW convolution', ('tiled',),
                    'an image [[[float]W]H]C, filters [[[[float]kW]kH]C]M or [[float]C]M, one dot product of a '
                    'filter and a window per output (roles inChs, inH, inW, outChs, kerH, kerW, outH, outW)',
                    "the convolution as an implicit matrix product (the windows as a matrix by views), derived to "
                    "Lift's tiled matrix multiplication (Steuwer et al., CGO 2017)",
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`tiled` for every program of the CHW convolution's shape (`shape.convolution_chw`)."""
    sh = shape.convolution_chw(bench.program, (p.name for p in PARAMS))
    if sh is None:
        return []
    return [product_lowering(bench, sh, _views, _choose, _check, __doc__.split("\n\n")[0])]


def product_lowering(bench, sh: shape.Shape, views, choose, check, doc: str) -> Lowering:
    """`tiled` of a convolution that `views` reads as the matrix product of its roles M, N, K (this module's CHW
    form, conv_hwc's HWC form): a work group computes TM x TN of the product in (TN/RN, TM/RM) work items; the
    code generator's options as mm `tiled`'s (`mm.codegen_options`: the unrolling hint, the prefetch)."""

    def build(s, v):
        r = sh.bind(s)
        p = derived_product(views, bench.program, v)
        local = (v["TN"] // v["RN"], v["TM"] // v["RM"])
        launch = KernelLaunch((r["N"] // v["RN"], r["M"] // v["RM"]), local)
        facts = {"work_group_size": local[0] * local[1], "accumulators": v["RM"] * v["RN"],
                 "local_floats": v["TM"] * v["TK"] + v["TK"] * v["TN"], "k_tiles": r["K"] // v["TK"]}
        return p, (launch,), facts

    return Lowering(bench.name, "tiled", doc, PARAMS, build, lambda s: choose(sh.bind(s)),
                    lambda s, v: check(sh.bind(s), v), {0: "TN/RN", 1: "TM/RM"}, options=mm.codegen_options)
