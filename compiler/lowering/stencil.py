"""2-D stencils "tiled": overlapped tiles of the (padded) grids copied to local memory, each work item computing
one output point from local memory (Lift's tileStencils / Hagedorn et al. CGO'18 local-memory tiling).

Applies to every suite stencil of the form (compiler.suite.stencils)

    map(join) o mapND(2, f) << Z,    Z = nbh(g) | zipND(2, Z_1, ..., Z_m),    Z_i = nbh(g_i) | g_i,
    nbh(g) = slideND(k1, k2, 1, 1) o padND(t, b, l, r, v) << g    (or padClampND / padMirrorND / padWrapND(t, b, l, r))

Lowered (one work group per tileH x tileW block of outputs):

    join o mapWrg(1)(tileRow => map(join) o transposeW o mapWrg(0)(tile =>
        mapLcl(1)(row => join o mapLcl(0)(f) << row)                        f as in the program, lowered inside
        << zipND(2, nbhL_1, ..., nbhL_m)
      ) << tileRow
    ) << zipND(2, tiles_1, ..., tiles_m)

    tiles_i = slideStrictND(tileH + k1 - 1, tileW + k2 - 1, tileH, tileW) o padND(t, b, l, r, v) << g_i
    nbhL_i  = slideND(k1, k2, 1, 1) o toLocal(mapLcl(1)(mapLcl(0)(id))) << get(i) << tile
    (a grid read at the centre only: tiles_i = slideStrictND(tileH, tileW, tileH, tileW) << g_i, read from
     global memory in place: nbhL_i = get(i) << tile)

The program is derived from the benchmark's program by rules (`build_tiled`, steps in `tiled_plan`; the rules
of overlapped tiling are in compiler.rewrite.rules_stencil_tiling), as Lift derives its tiled stencils: overlapped
tiling of every neighbourhood slideND (slideTilingStrict2D) and non-overlapping tiles of a grid read in place
(tileInPlace2D), the re-assembly of the tiles moved out of the zipND (zipNDUntile) and the mapND(2, f)
(mapNDUntile, mapNDFusion) to the output's rows (untileRows), the tile loops mapped to work groups and their rows
and points to work items (mapWrg, mapLcl), each tile's neighbourhoods read from a copy of the tile in local memory
(copyLocal2D), and the rest lowered by the generic default lowering.

The padding stays a view inside the local copy (its conditionals run once per element of the tile, not once per
use). Tuning parameters: tileH (output rows per work group, outN % tileH = 0) and tileW (output columns per work
group, outM % tileW = 0); the local size is (tileW, tileH) (<= 1024 work items), the local memory
(tileH + k1 - 1)(tileW + k2 - 1) floats per copied grid (<= 48 KiB in all).

The same stencils' "default" lowering is here too (`default_for`): the generic default lowering (one output point
per work item, compiler.lowering.default) with the tuning parameters rowsPerItem and colsPerItem, the block of
vertically and horizontally adjacent output points one work item computes (`build_coarse`, derived by rules too:
`coarse_plan`; defaults `default_rows_per_item` and one column). See docs/lowering.md.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from .. import arith
from ..ir.node import Expr, FunDecl, Lambda, Literal, Param, Prim, Program
from ..ir.ops import PAD_MODES, PAD_ND_BASE, Op
from ..ir.terms import concrete, is_call, perfectly_nested_map
from ..ir.typecheck import typecheck
from ..rewrite import prepare
from ..rewrite.rules_algorithmic import EXPAND_MACRO, MAP_FISSION, MAP_FUSION, TRANSPOSE_BOTH_SIDES, split_join
from ..rewrite.rules_mapping import UNROLL_MAX
from ..rewrite.rules_stencil_tiling import (
    COPY_LOCAL_2D,
    MAP_ND_FUSION,
    MAP_ND_UNTILE,
    UNTILE_ROWS,
    ZIP_ND_UNTILE,
    column_blocks,
    slide_tiling_strict_2d,
    tile_in_place_2d,
)
from ..types import ArrayType
from . import derivation, heuristic
from .default import default_lowering, finish
from .lowered import KernelLaunch, Lowering, Strategy, TuningParam, default_launches, largest_divisor

PARAMS = (
    TuningParam("tileH", "output rows per work group (rows of the output % tileH = 0)"),
    TuningParam("tileW", "output columns per work group (columns of the output % tileW = 0)"),
)
MAX_WG = 1024
MAX_LOCAL_BYTES = 48 * 1024


@dataclass(frozen=True)
class Operand:
    grid: Param
    window: tuple[int, int] | None  # (k1, k2) for a neighbourhood, None for a grid read in place
    pads: tuple[sympy.Expr, ...] = ()  # (top, bottom, left, right)
    value: Literal | None = None  # the constant pad's value (None for a boundary pad)
    mode: str = "constant"  # the pad: constant, clamp, mirror or wrap (compiler.ir.ops.PAD_MODES)


@dataclass(frozen=True)
class StencilForm:
    f: FunDecl
    operands: tuple[Operand, ...]
    zipped: bool
    points: Expr | None = None  # Z, the [[neighbourhood (tuple)]M]N the per-point function is mapped over


def match(p: Program) -> StencilForm | None:
    """The stencil skeleton of a high-level program, or None."""
    body = p.body
    if not (is_call(body, Op.MAP) and _is_join(body.f.funs[0])):  # type: ignore[union-attr]
        return None
    inner = body.args[0]  # type: ignore[union-attr]
    if not (is_call(inner, Op.MAP_ND) and int(inner.f.static[0]) == 2):  # type: ignore[union-attr]
        return None
    f = inner.f.funs[0]  # type: ignore[union-attr]
    z = inner.args[0]  # type: ignore[union-attr]
    zipped = is_call(z, Op.ZIP_ND) and int(z.f.static[0]) == 2  # type: ignore[union-attr]
    ops = []
    for x in (z.args if zipped else (z,)):  # type: ignore[union-attr]
        o = _operand(x)
        if o is None:
            return None
        ops.append(o)
    if not any(o.window for o in ops):
        return None
    return StencilForm(f, tuple(ops), zipped, z)


def _is_join(f) -> bool:
    if isinstance(f, Prim):
        return f.op is Op.JOIN
    return isinstance(f, Lambda) and len(f.params) == 1 and is_call(f.body, Op.JOIN) and f.body.args == f.params


def _operand(x: Expr) -> Operand | None:
    if isinstance(x, Param):
        return Operand(x, None)
    if not is_call(x, Op.SLIDE_ND) or len(x.f.static) != 4:  # type: ignore[union-attr]
        return None
    k1, k2, s1, s2 = (int(v) for v in x.f.static)  # type: ignore[union-attr]
    padded = x.args[0]  # type: ignore[union-attr]
    if (s1, s2) != (1, 1) or not is_call(padded, *PAD_ND_BASE) or len(padded.f.static) != 4:  # type: ignore
        return None
    *val, g = padded.args  # type: ignore[union-attr]  # a constant pad's value, none for a boundary pad
    if not isinstance(g, Param) or not all(isinstance(v, Literal) for v in val):
        return None
    mode = PAD_MODES[PAD_ND_BASE[padded.f.op]]  # type: ignore[union-attr]
    return Operand(g, (k1, k2), tuple(padded.f.static), val[0] if val else None, mode)  # type: ignore[union-attr]


def derive(program: Program, plan, name: str):
    """The programs of a derivation, one after each rule application: (rule name, program), starting from the
    high-level program with its macros kept (slideND, zipND, mapND, padND are rewritten as such)."""
    return derivation.trace(prepare(program), plan, name=name)


def tiled_plan(form: StencilForm, tile_h=None, tile_w=None) -> tuple[derivation.Step, ...]:
    """The derivation of the tiled program (tile_h, tile_w default to the symbols tileH and tileW)."""
    th = arith.var("tileH") if tile_h is None else tile_h
    tw = arith.var("tileW") if tile_w is None else tile_w
    return (
        derivation.Step(slide_tiling_strict_2d(th, tw), lambda _, n: not isinstance(n.args[0], Param), every=True),
        derivation.Step(tile_in_place_2d(th, tw), lambda _, n: isinstance(n, Param), every=True),
        *((derivation.Step(ZIP_ND_UNTILE, unique=True),) if form.zipped else ()),
        derivation.Step(MAP_ND_UNTILE, unique=True),
        derivation.Step(MAP_ND_FUSION, unique=True),
        derivation.Step(UNTILE_ROWS, unique=True),
        derivation.Step(EXPAND_MACRO, _is_map_nd),  # the outermost mapND: over the grid of tiles
        derivation.Step(MAP_FUSION, _fuses),  # ... fused into the loop over the tile rows
        derivation.Step(MAP_FUSION, _fuses),  # ... and into the loop over the tiles of a row
        derivation.Step(EXPAND_MACRO, _is_map_nd, unique=True),  # mapND(2, f)
        derivation.Step(MAP_FUSION, _fuses, unique=True),  # its rows with the output's map(join)
        derivation.Step("mapWrg(1)", _computes),
        derivation.Step("mapWrg(0)", _computes),
        derivation.Step(COPY_LOCAL_2D, every=True),
        derivation.Step("mapLcl(1)", _computes),  # the outermost: the rows of a tile
        derivation.Step("mapLcl(0)", _computes),  # the points of a row
    )


def build_tiled(bench, form: StencilForm, tile_h=None, tile_w=None) -> Program:
    """The tiled program, derived from the benchmark's program by rules (`tiled_plan`), the rest lowered by the
    generic default lowering."""
    *_, (_, p) = derive(bench.program, tiled_plan(form, tile_h, tile_w), f"{bench.name}/tiled")
    return derivation.point_free_wrappers(finish(p))


def _is_map_nd(_, n) -> bool:
    return is_call(n, Op.MAP_ND)


def _computes(_, n) -> bool:
    return concrete(n.f)


def _fuses(_, n) -> bool:
    """map(g) << map(h) << x with h computing (a candidate of mapFusion)."""
    return is_call(n.args[0], Op.MAP) and concrete(n.args[0].f)


# --- the default lowering of 2-D stencils: thread coarsening over a block of rows and columns --------------------
ROWS_PER_ITEM = "rowsPerItem"
COLS_PER_ITEM = "colsPerItem"
COARSE_PARAMS = (TuningParam(ROWS_PER_ITEM, "vertically adjacent output points per work item (rows of the output "
                             "% rowsPerItem = 0; 1: one point per work item, the generic default lowering)"),
                 TuningParam(COLS_PER_ITEM, "horizontally adjacent output points per work item (columns of the "
                             "output % colsPerItem = 0; 1: one column, the rowsPerItem lowering)"))
COARSE_CHOICES = (4, 2)  # the default rowsPerItem: the first that divides the rows (windows of height >= 3)
DEFAULT_COLS_PER_ITEM = 1  # the default colsPerItem: one column per work item


def build_coarse(bench, form: StencilForm | None = None, rows=None, unroll: int = 4, cols=None,
                 unroll_cols: int = 1) -> Program:
    """The default lowering with each work item computing a block of `rows` x `cols` (default: the symbols
    rowsPerItem and colsPerItem) adjacent outputs, derived from the benchmark's program by rules (`coarse_plan`;
    the blocks of columns by columnBlocks, compiler.rewrite.rules_stencil_tiling):

        join o mapGlb(1)(rows => map(join) o transposeW o join o mapGlb(0)(blk =>
                   transposeW o mapSeqUnroll(row => mapSeqUnroll(f) << row) o transpose << blk)
                 o split(colsPerItem) o transpose << rows)
             o split(rowsPerItem) << Z

    (`Z` the program's neighbourhoods, `f` its per-point function, lowered by the default conventions: its window
    reduction is a reduceSeqUnroll). The rowsPerItem windows of a column overlap in k1 - 1 rows, the colsPerItem
    columns of a block in k2 - 1 columns; unrolled, their loads of a shared input point have the same address and
    guard (loaded once by the code generator's common-subexpression elimination). A block of more than one column
    is computed row by row (transposeBothSides at the block: the colsPerItem outputs of a row, then the next row),
    so the input rows a row's windows read are the ones the next row's windows read again; one column
    (`unroll_cols` = 1) keeps the column's loop, the kernel of the rows-only lowering. `unroll` and `unroll_cols`
    are the values of rowsPerItem and colsPerItem the unrolling guards (mapSeqUnroll: a known length <= 32) and
    the block's order are decided for; above 32 that loop stays a loop."""
    *_, (_, p) = derive(bench.program, coarse_plan(rows, unroll, cols, unroll_cols), f"{bench.name}/default")
    return finish(p)


def coarse_plan(rows=None, unroll: int = 4, cols=None, unroll_cols: int = 1) -> tuple[derivation.Step, ...]:
    """The derivation of the default program with blocks of `rows` x `cols` (default: the symbols rowsPerItem and
    colsPerItem) outputs per work item; blocks of `unroll_cols` > 1 columns computed row by row."""
    r = arith.var(ROWS_PER_ITEM) if rows is None else rows
    c = arith.var(COLS_PER_ITEM) if cols is None else cols
    unrolled = {ROWS_PER_ITEM: unroll, COLS_PER_ITEM: unroll_cols}
    return (
        derivation.Step(EXPAND_MACRO, _is_map_nd),  # mapND(2, f)
        derivation.Step(MAP_FUSION, _fuses),  # with the output's map(join)
        derivation.Step(split_join(r), _computes),  # groups of rowsPerItem rows
        derivation.Step(MAP_FISSION, lambda _, n: is_call(n.f.funs[0].body, Op.JOIN)),  # the output's join out again
        derivation.Step(TRANSPOSE_BOTH_SIDES, _computes),  # a group's rows become its columns
        derivation.Step(column_blocks(c), _computes, unique=True),  # blocks of colsPerItem columns of a group
        *((derivation.Step(TRANSPOSE_BOTH_SIDES, _block_columns, unique=True),) if unroll_cols > 1 else ()),
        derivation.Step("mapGlb(1)", _computes),  # the groups of rows
        derivation.Step("mapGlb(0)", _computes),  # the blocks of columns of a group
        derivation.Step("mapSeq", _computes),  # the columns of a block (its rows, when computed row by row)
        derivation.Step("mapSeq", _computes),  # the points of a column (of a row)
        derivation.Step("mapSeqUnroll", sizes=unrolled, every=True),  # each loop of a known length <= 32
    )


def _block_columns(_, n) -> bool:
    """The map over the columns of one block (its argument the block; its function a map over a column)."""
    return is_call(n, Op.MAP) and isinstance(n.args[0], Param) and perfectly_nested_map(n.f.funs[0]) is not None


def vector_width(cols: int) -> int:
    """Decision: the width of the aligned vector loads and stores (`compile_program(vector_loads=...)`) of a block
    of `cols` columns: 4 when 4 divides it, else 2 when 2 does; 0 (scalars) for one column or an odd count. The
    block's first column is then a multiple of the width, so a row's loads and stores of the block are whole
    aligned vectors (the code generator checks the alignment of each access itself)."""
    return next((w for w in (4, 2) if cols % w == 0), 0) if cols > 1 else 0


def default_rows_per_item(window_height: int, rows: int) -> int:
    """Decision: 4 outputs per work item when the window is at least 3 rows high (then the 4 windows
    read 4 + k1 - 1 distinct rows instead of 4 k1: 7/12 loads for 3x3, 8/20 for 5x5) and 4 divides the rows,
    else 2 when it divides them, else 1 (also for windows of height 1 or 2)."""
    if window_height < 3:
        return 1
    return next((c for c in COARSE_CHOICES if rows % c == 0), 1)


def default_for(bench, form: StencilForm) -> Lowering:
    """The "default" lowering of a 2-D stencil: the generic default lowering (one output point per work item)
    for rowsPerItem = colsPerItem = 1, `build_coarse` otherwise. A stencil whose neighbourhoods pad by the grid's
    own border (clamp, mirror, wrap) starts from rowsPerItem = 1, the one-point kernel the suite's clamped
    stencils had before this lowering applied to them; its other values are points of its space."""
    k1 = max(o.window[0] for o in form.operands if o.window)
    boundary = any(o.mode != "constant" for o in form.operands if o.window)

    def choose(s):  # the fixed rule, or the heuristic file named by $LIFT_GYM_HEURISTICS (lowering.heuristic)
        cols = {COLS_PER_ITEM: s.get(COLS_PER_ITEM) or DEFAULT_COLS_PER_ITEM}
        if s.get(ROWS_PER_ITEM):
            return {ROWS_PER_ITEM: s[ROWS_PER_ITEM], **cols}
        rows, learned = _out_shape(bench, s)[0], heuristic.active(heuristic.ROWS_DECISION)
        if boundary:  # a clamp, mirror or wrap pad: one output per work item unless tuned
            return {ROWS_PER_ITEM: 1, **cols}
        if learned is None:
            return {ROWS_PER_ITEM: default_rows_per_item(k1, rows), **cols}
        legal = [c for c in learned.choices if rows % c == 0] or [1]
        return {ROWS_PER_ITEM: learned.decide(heuristic.stencil_features(bench, form, s), legal), **cols}

    def check(s, v):
        n, m = _out_shape(bench, s)
        r, c = v[ROWS_PER_ITEM], v.get(COLS_PER_ITEM, 1)
        sign = [f"{k} must be positive ({k} = {x})" for k, x in ((ROWS_PER_ITEM, r), (COLS_PER_ITEM, c)) if x < 1]
        if sign:
            return sign
        bad = [f"output rows % rowsPerItem = 0 (rows = {n}, rowsPerItem = {r})"] if n % r else []
        return bad + ([f"output columns % colsPerItem = 0 (columns = {m}, colsPerItem = {c})"] if m % c else [])

    derived: dict[tuple[bool, ...], Program] = {}  # symbolic in rowsPerItem and colsPerItem: per structure

    def build(s, v):
        r, c = v[ROWS_PER_ITEM], v.get(COLS_PER_ITEM, 1)
        if r == 1 and c == 1:
            p = default_lowering(bench.program, s)
        else:
            key = (r <= UNROLL_MAX, c <= UNROLL_MAX, c > 1)
            p = derived.get(key) or derived.setdefault(key, build_coarse(bench, form, unroll=r, unroll_cols=c))
        n, m = _out_shape(bench, s)
        facts = {"rows_per_item": r, "cols_per_item": c, "work_items": n * m // (r * c)}
        return p, default_launches(p, {**s, **v}), facts

    doc = ("generic lowering (compiler.lowering.default), each work item computing a block of rowsPerItem x "
           "colsPerItem adjacent output points (compiler.lowering.stencil.build_coarse)")
    return Lowering(bench.name, "default", doc, COARSE_PARAMS, build, choose, check,
                    options=lambda v: {"vector_loads": w} if (w := vector_width(v.get(COLS_PER_ITEM, 1))) else {})


def _out_shape(bench, s) -> tuple[int, int]:
    t = typecheck(bench.program).result
    assert isinstance(t, ArrayType) and isinstance(t.elem, ArrayType)
    return arith.evaluate(t.n, s), arith.evaluate(t.elem.n, s)


STRATEGY = Strategy('2-D stencil', ('default', 'tiled'),
                    'map(join) o mapND(2, f) over slideND windows of padded grids (any boundary, several inputs)',
                    "Lift's overlapped tiling of stencils in local memory (Hagedorn et al., CGO 2018)",
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`default` (rowsPerItem, colsPerItem) and `tiled` for every program of the 2-D stencil form (`match`)."""
    form = match(bench.program)
    if form is None:
        return []
    windows = [o.window for o in form.operands if o.window]
    halo = (max(w[0] for w in windows) - 1, max(w[1] for w in windows) - 1)
    ncopies = len(windows)

    def choose(s):
        n, m = _out_shape(bench, s)
        return {"tileH": s.get("tileH") or largest_divisor(n, 8) or 1,
                "tileW": s.get("tileW") or largest_divisor(m, 32) or 1}

    def check(s, v):
        n, m = _out_shape(bench, s)
        th, tw = v["tileH"], v["tileW"]
        bad = []
        if th < 1 or tw < 1:
            return ["tileH and tileW must be positive"]
        if n % th:
            bad.append(f"output rows % tileH = 0 (rows = {n}, tileH = {th})")
        if m % tw:
            bad.append(f"output columns % tileW = 0 (columns = {m}, tileW = {tw})")
        if th * tw > MAX_WG:
            bad.append(f"work-group size tileH * tileW = {th * tw} <= {MAX_WG}")
        lmem = 4 * ncopies * (th + halo[0]) * (tw + halo[1])
        if lmem > MAX_LOCAL_BYTES:
            bad.append(f"local memory {lmem} <= {MAX_LOCAL_BYTES} bytes")
        return bad

    derived: list[Program] = []  # the program is symbolic in tileH and tileW: derived once

    def build(s, v):
        if not derived:
            derived.append(build_tiled(bench, form))
        p = derived[0]
        n, m = _out_shape(bench, s)
        th, tw = v["tileH"], v["tileW"]
        launch = KernelLaunch((m, n), (tw, th))
        facts = {"work_groups": (n // th) * (m // tw), "local_floats": ncopies * (th + halo[0]) * (tw + halo[1])}
        return p, (launch,), facts

    return [default_for(bench, form), Lowering(bench.name, "tiled", __doc__.split("\n\n")[0], PARAMS, build, choose,
                                               check, {0: "tileW", 1: "tileH"})]

