"""3-D stencils "default": each work item computes a block of planesPerItem x colsPerItem outputs, adjacent along
the outermost axis (z, the planes) and the innermost, contiguous axis (x, the columns), reusing the loads its
windows share (the 2-D stencils' rowsPerItem x colsPerItem lowering, compiler.lowering.stencil, one axis up).

Applies to every program of the form

    map(map(join)) o mapND(3, f) << Z,    Z = nbh(g) | zipND(3, Z_1, ..., Z_m),    Z_i = nbh(g_i) | g_i,
    nbh(g) = slideND(k1, k2, k3, 1, 1, 1) o pad(t1, b1, t2, b2, t3, b3) << g

with any pad of the grid: padND (a constant value), padClampND, padMirrorND or padWrapND. Lowered:

    join o mapGlb(2)(planes => map(map(join)) o transposeW o mapGlb(1)(rows => transposeW o join o
               mapGlb(0)(blk => transposeW o mapSeqUnroll(plane => mapSeqUnroll(f) << plane) o transpose << blk)
             o split(colsPerItem) o transpose << rows) o transpose << planes)
         o split(planesPerItem) << Z

(one column, colsPerItem = 1: `mapSeq(col => mapSeqUnroll(f) << col) << blk`, the column of planesPerItem
outputs walked plane by plane). The planesPerItem windows of a column overlap in k1 - 1 planes; unrolled, their
loads of a shared input point have the same address and guard and are loaded once (the code generator's
common-subexpression elimination): (planesPerItem + k1 - 1) k2 k3 loads instead of planesPerItem k1 k2 k3 for a
box, planesPerItem + 2 + 4 planesPerItem instead of 7 planesPerItem for a 7-point star. A block of several
columns is computed plane by plane and its loads and stores along x are aligned vectors of `vector_width` lanes
(compile_program(vector_loads=...)).

Derived by rules from the program (`coarse_plan`): expandMacro (mapND(3, f)), mapFusion with the output's
map(map(join)), splitJoin(planesPerItem) at the loop over the planes, mapFission (the output's joins out of the
computation), transposeBothSides twice (a group's planes become the innermost loop of every (y, x) point),
columnBlocks(colsPerItem) at the loop over x, transposeBothSides at a block (plane by plane), mapGlb(2, 1, 0) and
mapSeq / mapSeqUnroll inside; the rest by the generic default lowering (compiler.lowering.default).

Tuning parameters: planesPerItem (output planes % planesPerItem = 0) and colsPerItem (output columns %
colsPerItem = 0); planesPerItem = colsPerItem = 1 is the generic default lowering, one output per work item.
Defaults: 8 planes (else 4, 2) and 4 columns (else 2) where they divide (`default_planes_per_item`,
`default_cols_per_item`), work groups of 32 x 8 blocks (`work_group`). On an H200 (OpenCL) at 512^3 the defaults
reach 92% of the copy bandwidth on a 7-point heat stencil (tests/data/user_programs/heat3d.lift; 96% at 4 planes)
and 85% on a 27-point box (box3d.lift), against 58% and 31% at one output per work item.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import arith
from ..ir.node import Expr, FunDecl, Lambda, Literal, Param, Prim, Program
from ..ir.ops import PAD_MODES, PAD_ND_BASE, Op
from ..ir.terms import concrete, is_call, perfectly_nested_map
from ..ir.typecheck import typecheck
from ..rewrite.rules_algorithmic import EXPAND_MACRO, MAP_FISSION, MAP_FUSION, TRANSPOSE_BOTH_SIDES, split_join
from ..rewrite.rules_mapping import UNROLL_MAX
from ..rewrite.rules_stencil_tiling import column_blocks
from ..types import ArrayType
from . import derivation
from .default import default_lowering, finish
from .lowered import KernelLaunch, Lowering, Strategy, TuningParam, default_launches, largest_divisor
from .stencil import _computes, _fuses, _is_map_nd, derive, vector_width

PLANES_PER_ITEM = "planesPerItem"
COLS_PER_ITEM = "colsPerItem"
PARAMS = (TuningParam(PLANES_PER_ITEM, "output points adjacent along the outermost axis (z) per work item (planes "
                      "of the output % planesPerItem = 0; 1: one plane)"),
          TuningParam(COLS_PER_ITEM, "output points adjacent along the innermost, contiguous axis (x) per work item, "
                      "read and written as vectors (columns of the output % colsPerItem = 0; 1: one column)"))
PLANE_CHOICES = (8, 4, 2)  # the default planesPerItem: the first that divides the planes (windows of depth >= 3)
COL_CHOICES = (4, 2)  # the default colsPerItem: the first that divides the columns (a float4 / float2 per row)
WG_3D = (32, 8)  # the work group: 32 blocks of a row (x) by 8 rows (y), one group of planes


@dataclass(frozen=True)
class Operand:
    grid: Param
    window: tuple[int, int, int] | None  # (k1, k2, k3) for a neighbourhood, None for a grid read in place
    pads: tuple = ()  # (before, after) per axis, outermost first
    mode: str = "constant"  # the pad: constant, clamp, mirror or wrap (compiler.ir.ops.PAD_MODES)


@dataclass(frozen=True)
class StencilForm:
    f: FunDecl
    operands: tuple[Operand, ...]
    zipped: bool


def match(p: Program) -> StencilForm | None:
    """The 3-D stencil skeleton of a high-level program, or None."""
    body = p.body
    if not (is_call(body, Op.MAP) and _joins_rows(body.f.funs[0])):  # type: ignore[union-attr]
        return None
    inner = body.args[0]  # type: ignore[union-attr]
    if not (is_call(inner, Op.MAP_ND) and int(inner.f.static[0]) == 3):  # type: ignore[union-attr]
        return None
    z = inner.args[0]  # type: ignore[union-attr]
    zipped = is_call(z, Op.ZIP_ND) and int(z.f.static[0]) == 3  # type: ignore[union-attr]
    ops = []
    for x in (z.args if zipped else (z,)):  # type: ignore[union-attr]
        o = _operand(x)
        if o is None:
            return None
        ops.append(o)
    if not any(o.window for o in ops):
        return None
    return StencilForm(inner.f.funs[0], tuple(ops), zipped)  # type: ignore[union-attr]


def _is_join(f) -> bool:
    if isinstance(f, Prim):
        return f.op is Op.JOIN
    return isinstance(f, Lambda) and len(f.params) == 1 and is_call(f.body, Op.JOIN) and f.body.args == f.params


def _joins_rows(f) -> bool:
    """map(join), point-free or as `y => map(join) << y`."""
    if isinstance(f, Lambda) and len(f.params) == 1 and is_call(f.body, Op.MAP) and f.body.args == f.params:
        f = f.body.f  # type: ignore[union-attr]
    return isinstance(f, Prim) and f.op is Op.MAP and _is_join(f.funs[0])


def _operand(x: Expr) -> Operand | None:
    if isinstance(x, Param):
        return Operand(x, None)
    if not is_call(x, Op.SLIDE_ND) or len(x.f.static) != 6:  # type: ignore[union-attr]
        return None
    k1, k2, k3, *steps = (int(v) for v in x.f.static)  # type: ignore[union-attr]
    padded = x.args[0]  # type: ignore[union-attr]
    if steps != [1, 1, 1] or not is_call(padded, *PAD_ND_BASE) or len(padded.f.static) != 6:  # type: ignore
        return None
    *val, g = padded.args  # type: ignore[union-attr]  # a constant pad's value; none for a boundary pad
    if not isinstance(g, Param) or not all(isinstance(v, Literal) for v in val):
        return None
    mode = PAD_MODES[PAD_ND_BASE[padded.f.op]]  # type: ignore[union-attr]
    return Operand(g, (k1, k2, k3), tuple(padded.f.static), mode)  # type: ignore[union-attr]


# --- site selectors ----------------------------------------------------------------------------------------------
def _joins_out(_, n) -> bool:
    """The map over a group's planes whose function ends in the output's joins (`map(join) << g(y)`)."""
    f = n.f.funs[0]
    return isinstance(f, Lambda) and is_call(f.body, Op.MAP) and not concrete(f.body.f)


def _over_param_nested(_, n) -> bool:
    """A computing map over a parameter whose function is a perfectly nested map (the rows of a group's planes,
    the columns of a block)."""
    return concrete(n.f) and isinstance(n.args[0], Param) and perfectly_nested_map(n.f.funs[0]) is not None


def _over_columns(_, n) -> bool:
    """The computing map over the columns (x) of a group: its function a perfectly nested map (over the planes)."""
    return concrete(n.f) and perfectly_nested_map(n.f.funs[0]) is not None


def coarse_plan(planes=None, unroll: int = 4, cols=None, unroll_cols: int = 1) -> tuple[derivation.Step, ...]:
    """The derivation of blocks of `planes` x `cols` (default: the symbols planesPerItem and colsPerItem) outputs
    per work item; `unroll` and `unroll_cols` are the values the unrolling guards (mapSeqUnroll: a known length
    <= 32) and the block's order (plane by plane for several columns) are decided for."""
    r = arith.var(PLANES_PER_ITEM) if planes is None else planes
    c = arith.var(COLS_PER_ITEM) if cols is None else cols
    unrolled = {PLANES_PER_ITEM: unroll, COLS_PER_ITEM: unroll_cols}
    return (
        derivation.Step(EXPAND_MACRO, _is_map_nd),  # mapND(3, f)
        derivation.Step(MAP_FUSION, _fuses),  # with the output's map(map(join))
        derivation.Step(split_join(r), _computes),  # groups of planesPerItem planes
        derivation.Step(MAP_FISSION, _joins_out),  # the output's joins out of the computation
        derivation.Step(TRANSPOSE_BOTH_SIDES, _computes),  # a group's planes inside its rows (y)
        derivation.Step(TRANSPOSE_BOTH_SIDES, _over_param_nested),  # ... and inside its columns (x)
        derivation.Step(column_blocks(c), _over_columns, unique=True),  # blocks of colsPerItem columns
        *((derivation.Step(TRANSPOSE_BOTH_SIDES, _over_param_nested, unique=True),) if unroll_cols > 1 else ()),
        derivation.Step("mapGlb(2)", _computes),  # the groups of planes
        derivation.Step("mapGlb(1)", _computes),  # the rows
        derivation.Step("mapGlb(0)", _computes),  # the blocks of columns
        derivation.Step("mapSeq", _computes),  # the columns of a block (its planes, when computed plane by plane)
        derivation.Step("mapSeq", _computes),  # the points of a column (of a plane)
        derivation.Step("mapSeqUnroll", sizes=unrolled, every=True),  # each loop of a known length <= 32
    )


def build_coarse(bench, planes=None, unroll: int = 4, cols=None, unroll_cols: int = 1) -> Program:
    """The program with blocks of planesPerItem x colsPerItem outputs per work item, derived from the benchmark's
    program by rules (`coarse_plan`), the rest lowered by the generic default lowering."""
    *_, (_, p) = derive(bench.program, coarse_plan(planes, unroll, cols, unroll_cols), f"{bench.name}/default")
    return finish(p)


def default_planes_per_item(window_depth: int, planes: int) -> int:
    """Decision: 8 planes per work item when the window is at least 3 planes deep and 8 divides the planes (8
    windows 3 planes deep then read 10 planes instead of 24, 1.25 per output; 4 read 6, 1.5 per output), else 4,
    else 2 when they divide them, else 1. On an H200 at 512^3 in 32 x 8 groups of 4 columns: the 27-point box
    69% of the copy bandwidth at 4 planes, 85% at 8; the 7-point star 96% at 4, 92% at 8."""
    if window_depth < 3:
        return 1
    return next((c for c in PLANE_CHOICES if planes % c == 0), 1)


def default_cols_per_item(columns: int) -> int:
    """Decision: 4 adjacent columns per work item (one float4 load per row of the window, one float4 store) when
    4 divides the columns, else 2 when 2 does, else 1."""
    return next((c for c in COL_CHOICES if columns % c == 0), 1)


def work_group(global_size: tuple[int, ...]) -> tuple[int, ...] | None:
    """Decision: the work group of a 3-D kernel (x, y, the groups of planes): 32 x 8 x 1 narrowed to divisors of
    the global size (x: the largest divisor <= 32; y: the largest <= 256 / x), so a group's windows share rows
    and planes in the caches; another shape for other kernels (the runtime's choice)."""
    if len(global_size) != 3:
        return None
    g0, g1, _ = global_size
    l0 = largest_divisor(g0, WG_3D[0]) or 1
    return (l0, largest_divisor(g1, WG_3D[0] * WG_3D[1] // l0) or 1, 1)


def out_shape(bench, s) -> tuple[int, int, int]:
    t = typecheck(bench.program).result
    dims = []
    while isinstance(t, ArrayType):
        dims.append(arith.evaluate(t.n, s))
        t = t.elem
    return dims[0], dims[1], dims[2]


STRATEGY = Strategy("3-D stencil", ("default",),
                    "map(map(join)) o mapND(3, f) over slideND windows of padded grids (any boundary, several inputs)",
                    "thread coarsening along one axis with register reuse of the shared loads (2.5-D blocking of "
                    "3-D stencils, Micikevicius 2009; Lift's 3-D stencils, Hagedorn et al. CGO 2018)",
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`default` (planesPerItem, colsPerItem) for every program of the 3-D stencil form (`match`)."""
    form = match(bench.program)
    if form is None:
        return []
    depth = max(o.window[0] for o in form.operands if o.window)

    def choose(s):
        z, _, x = out_shape(bench, s)
        cols = s.get(COLS_PER_ITEM) or default_cols_per_item(x)
        planes = s.get(PLANES_PER_ITEM) or default_planes_per_item(depth, z)
        return {PLANES_PER_ITEM: planes, COLS_PER_ITEM: cols}

    def check(s, v):
        z, _, x = out_shape(bench, s)
        r, c = v[PLANES_PER_ITEM], v[COLS_PER_ITEM]
        sign = [f"{k} must be positive ({k} = {n})" for k, n in ((PLANES_PER_ITEM, r), (COLS_PER_ITEM, c)) if n < 1]
        if sign:
            return sign
        bad = [f"output planes % planesPerItem = 0 (planes = {z}, planesPerItem = {r})"] if z % r else []
        return bad + ([f"output columns % colsPerItem = 0 (columns = {x}, colsPerItem = {c})"] if x % c else [])

    derived: dict[tuple[bool, ...], Program] = {}  # symbolic in planesPerItem and colsPerItem: per structure

    def build(s, v):
        r, c = v[PLANES_PER_ITEM], v[COLS_PER_ITEM]
        if r == 1 and c == 1:
            p = default_lowering(bench.program, s)
        else:
            key = (r <= UNROLL_MAX, c <= UNROLL_MAX, c > 1)
            p = derived.get(key) or derived.setdefault(key, build_coarse(bench, unroll=r, unroll_cols=c))
        z, y, x = out_shape(bench, s)
        facts = {"planes_per_item": r, "cols_per_item": c, "work_items": z * y * x // (r * c)}
        return p, tuple(KernelLaunch(k.global_size, work_group(k.global_size)) for k in
                        default_launches(p, {**s, **v})), facts

    doc = ("generic lowering (compiler.lowering.default), each work item computing a block of planesPerItem x "
           "colsPerItem outputs adjacent along z and x (compiler.lowering.stencil3d.build_coarse)")
    return [Lowering(bench.name, "default", doc, PARAMS, build, choose, check,
                     options=lambda v: {"vector_loads": w} if (w := vector_width(v.get(COLS_PER_ITEM, 1))) else {})]
