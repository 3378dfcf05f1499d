"""Rules of overlapped 2-D tiling (Lift's tileStencils, Hagedorn et al. CGO'18): a 2-D neighbourhood computation
rewritten into tiles of the grid, each computed by one work group from a copy of its tile in local memory.

`untile2D` below is the view that re-assembles a 2-D grid of 2-D tiles into one 2-D array:

    untile2D << x  =  map(join) << join << map(transpose) << x      x : [[[[T]w]h]T2]T1  ->  [[T](T2 w)](T1 h)

Every rule is named after its law, keeps the program's meaning and type (the driver re-type-checks), and states
its guard in words. `columnBlocks` gives a work item of the stencils' default lowering a block of adjacent
columns (colsPerItem). The rules are composed by the stencil lowering (`compiler.lowering.stencil`); they are not
in the per-step catalogue of the environment.
"""

from __future__ import annotations

import sympy

from .. import arith
from ..ir.build import prim
from ..ir.node import Expr, FunCall, Param, Prim
from ..ir.ops import ADDRESS_SPACES, Op
from ..ir.terms import chain, compose, fresh_lam, is_call, map_body
from ..ir.userfuns import ID
from ..types import ArrayType, ScalarType, VectorType
from .rule import EXPR, Bindings, Ctx, Rule, rule
from .rules_algorithmic import eta_lambda, split_join

G = "algorithmic"
UNTILE = "map(join) << join << map(transpose)"


def _array(t) -> ArrayType | None:
    return t if isinstance(t, ArrayType) else None


def untile2d(x: Expr, ctx: Ctx) -> Expr:
    """map(join) << join << map(transpose) << x"""
    return chain(x, prim(Op.MAP, funs=(eta_lambda(prim(Op.JOIN), ctx),)), prim(Op.JOIN),
                 prim(Op.MAP, funs=(eta_lambda(prim(Op.TRANSPOSE), ctx),)))


def _unary(f, op: Op) -> bool:
    """f is `y => op << y` (or the bare primitive)."""
    if isinstance(f, Prim):
        return f.op is op and not f.static
    pb = map_body(f)
    return pb is not None and is_call(pb[1], op) and pb[1].args == (pb[0],)  # type: ignore[union-attr]


def untiled(e) -> Expr | None:
    """x when e is `untile2D << x`, else None."""
    if not (is_call(e, Op.MAP) and _unary(e.f.funs[0], Op.JOIN)):
        return None
    j = e.args[0]
    if not is_call(j, Op.JOIN):
        return None
    m = j.args[0]
    if not (is_call(m, Op.MAP) and _unary(m.f.funs[0], Op.TRANSPOSE)):
        return None
    return m.args[0]


def _lengths(t, depth: int) -> list | None:
    out = []
    for _ in range(depth):
        if not isinstance(t, ArrayType):
            return None
        out.append(t.n)
        t = t.elem
    return out


def _same_lengths(a: list, b: list) -> bool:
    return len(a) == len(b) and all(arith.equal(arith.simplify(sympy.sympify(x)), arith.simplify(sympy.sympify(y)))
                                    for x, y in zip(a, b, strict=True))


# --- overlapped tiling of a 2-D slide -------------------------------------------------------------------------
def slide_tiling_strict_2d(u1, u2) -> Rule:
    """slideND(n1, n2, s1, s2) << x -> untile2D << mapND(2, slideND(n1, n2, s1, s2))
    << slideStrictND(u1 + n1 - s1, u2 + n2 - s2, u1, u2) << x"""
    u1, u2 = arith.size(u1), arith.size(u2)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        p: Prim = e.f  # type: ignore[assignment]
        if len(p.static) != 4:
            return None
        n1, n2, s1, s2 = p.static
        lens = _lengths(ctx.arg_type(), 2)
        if lens is None:
            return None
        for u, n, s, big in ((u1, n1, s1, lens[0]), (u2, n2, s2, lens[1])):
            if not ctx.divides(s, u) or not ctx.divides(u, big - n + s) or not ctx.le(u + n - s, big):
                return None
        return {"p": p, "x": e.args[0]}

    def build(b: Bindings, ctx: Ctx):
        p: Prim = b["p"]
        n1, n2, s1, s2 = p.static
        tiles = chain(b["x"], prim(Op.SLIDE_STRICT_ND, u1 + n1 - s1, u2 + n2 - s2, u1, u2))
        return untile2d(FunCall(prim(Op.MAP_ND, 2, funs=(eta_lambda(p, ctx),)), (tiles,)), ctx)

    return rule(f"slideTilingStrict2D({u1}, {u2})",
                f"slideND(n1, n2, s1, s2) << x -> {UNTILE} << mapND(2, slideND(n1, n2, s1, s2)) << "
                "slideStrictND(u1+n1-s1, u2+n2-s2, u1, u2) << x",
                [Op.SLIDE_ND], match, build, params=(("u1", u1), ("u2", u2)), group=G,
                guard="x : [[T]M]N; per dimension s | u, u | (N - n + s) (the window count) and u + n - s <= N "
                      "(symbolic: divisibility constraints on the tile sizes)")


def tile_in_place_2d(u1, u2) -> Rule:
    """x -> untile2D << slideStrictND(u1, u2, u1, u2) << x, for a grid a 2-D zipND reads in place"""
    u1, u2 = arith.size(u1), arith.size(u2)

    def match(e, ctx: Ctx) -> Bindings | None:
        if len(ctx.path) < 2 or untiled(e) is not None:
            return None
        parent = ctx.chain[-2]
        if not (is_call(parent, Op.ZIP_ND) and int(parent.f.static[0]) == 2 and ctx.path[-1] >= 1):  # type: ignore
            return None
        lens = _lengths(ctx.type(), 2)
        if lens is None or not ctx.divides(u1, lens[0]) or not ctx.divides(u2, lens[1]):
            return None
        return {"x": e}

    def build(b: Bindings, ctx: Ctx):
        return untile2d(chain(b["x"], prim(Op.SLIDE_STRICT_ND, u1, u2, u1, u2)), ctx)

    return rule(f"tileInPlace2D({u1}, {u2})", f"x -> {UNTILE} << slideStrictND(u1, u2, u1, u2) << x",
                [EXPR], match, build, params=(("u1", u1), ("u2", u2)), group=G,
                guard="x : [[T]M]N a data argument of a 2-D zipND, not already untiled; u1 | N, u2 | M")


# --- moving computations inside the tiles -------------------------------------------------------------------------
def _zip_nd_untile_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if int(e.f.static[0]) != 2 or not e.args:  # type: ignore[union-attr]
        return None
    parts, shapes = [], []
    for i, a in enumerate(e.args):
        x = untiled(a)
        if x is None:
            return None
        g = None
        if is_call(x, Op.MAP_ND) and int(x.f.static[0]) == 2:  # type: ignore[union-attr]
            g, x = x.f.funs[0], x.args[0]  # type: ignore[union-attr]
        parts.append((g, x))
        xt = ctx.typing.of.get(_inner_path(ctx, i, g is not None))
        lens = _lengths(xt, 4)
        if lens is None:
            return None
        shapes.append(lens[:2])
    # the tile grids must agree (then the tiles' results, zipped by the original zipND, agree too)
    if any(not _same_lengths(shapes[0], s) for s in shapes[1:]):
        return None
    return {"parts": parts}


def _inner_path(ctx: Ctx, i: int, mapped: bool) -> tuple[int, ...]:
    # zipND call -> arg i (child i+1) -> untile: map call arg (1) -> join arg (1) -> map call arg (1) [-> mapND arg]
    p = (*ctx.path, i + 1, 1, 1, 1)
    return (*p, 1) if mapped else p


def _zip_nd_untile_build(b: Bindings, ctx: Ctx):
    parts = b["parts"]

    def per_tile(t: Param) -> Expr:
        xs = []
        for i, (g, _) in enumerate(parts):
            gi = FunCall(prim(Op.GET, i), (t,))
            xs.append(gi if g is None else FunCall(g, (gi,)))
        return FunCall(prim(Op.ZIP_ND, 2), tuple(xs))

    f = fresh_lam(ctx.fresh, "tile", per_tile)
    zipped = FunCall(prim(Op.ZIP_ND, 2), tuple(x for _, x in parts))
    return untile2d(FunCall(prim(Op.MAP_ND, 2, funs=(f,)), (zipped,)), ctx)


ZIP_ND_UNTILE = rule(
    "zipNDUntile",
    f"zipND(2, {UNTILE} << mapND(2, g_i) << a_i, ...) -> {UNTILE} << mapND(2, t => zipND(2, g_i(get(i) << t), ...))"
    " << zipND(2, a_1, ..., a_m)   (g_i = id where absent)",
    [Op.ZIP_ND], _zip_nd_untile_match, _zip_nd_untile_build, group=G,
    guard="2-D zipND whose every argument is an untiled grid of tiles (optionally mapped tile by tile), the tile "
          "grids of equal shape")


def _map_nd_untile_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if int(e.f.static[0]) != 2:  # type: ignore[union-attr]
        return None
    x = untiled(e.args[0])
    if x is None or _lengths(ctx.typing.of.get((*ctx.path, 1, 1, 1, 1)), 4) is None:
        return None
    return {"f": e.f.funs[0], "x": x}  # type: ignore[union-attr]


def _map_nd_untile_build(b: Bindings, ctx: Ctx):
    inner = fresh_lam(ctx.fresh, "tile", lambda t: FunCall(prim(Op.MAP_ND, 2, funs=(b["f"],)), (t,)))
    return untile2d(FunCall(prim(Op.MAP_ND, 2, funs=(inner,)), (b["x"],)), ctx)


MAP_ND_UNTILE = rule("mapNDUntile",
                     f"mapND(2, f) << {UNTILE} << x -> {UNTILE} << mapND(2, t => mapND(2, f) << t) << x",
                     [Op.MAP_ND], _map_nd_untile_match, _map_nd_untile_build, group=G,
                     guard="a 2-D mapND of an untiled grid of 2-D tiles (x : [[[[T]w]h]T2]T1)")


def _map_nd_fusion_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = e.args[0]
    if not (is_call(x, Op.MAP_ND) and x.f.static == e.f.static):  # type: ignore[union-attr]
        return None
    return {"k": e.f.static[0], "f": e.f.funs[0], "g": x.f.funs[0], "x": x.args[0]}  # type: ignore[union-attr]


def _map_nd_fusion_build(b: Bindings, ctx: Ctx):
    return FunCall(prim(Op.MAP_ND, b["k"], funs=(compose(b["f"], b["g"], ctx.fresh),)), (b["x"],))


MAP_ND_FUSION = rule("mapNDFusion", "mapND(k, f) << mapND(k, g) << x -> mapND(k, y => f(g(y))) << x", [Op.MAP_ND],
                     _map_nd_fusion_match, _map_nd_fusion_build, group=G, guard="both mapND of the same depth k")


def _untile_rows_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if not _unary(e.f.funs[0], Op.JOIN):  # type: ignore[union-attr]
        return None
    x = untiled(e.args[0])
    lens = _lengths(ctx.typing.of.get((*ctx.path, 1, 1, 1, 1)), 5) if x is not None else None
    if lens is None:
        return None
    return {"x": x}


def _untile_rows_build(b: Bindings, ctx: Ctx):
    fr = ctx.fresh
    join_each = prim(Op.MAP, funs=(eta_lambda(prim(Op.JOIN), ctx),))
    per_tile = prim(Op.MAP, funs=(fresh_lam(fr, "tile", lambda t: FunCall(join_each, (t,))),))
    per_row = fresh_lam(fr, "tileRow", lambda r: chain(r, join_each, prim(Op.TRANSPOSE_W), per_tile))
    return chain(b["x"], prim(Op.JOIN), prim(Op.MAP, funs=(per_row,)))


UNTILE_ROWS = rule(
    "untileRows",
    f"map(join) << {UNTILE} << x -> join << map(r => map(join) << transposeW << map(t => map(join) << t) << r) << x",
    [Op.MAP], _untile_rows_match, _untile_rows_build, group=G,
    guard="x : [[[[[T]k]w]h]T2]T1 (the rows of the re-assembled grid joined: join distributes over the tiles of a "
          "row; the tile rows are written through transposeW)")


# --- staging a tile in local memory ------------------------------------------------------------------------------
def _copy_local_2d_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = e.args[0]
    if is_call(x, *ADDRESS_SPACES) or ctx.inside_any(ADDRESS_SPACES):
        return None
    if not (ctx.inside(Op.MAP_WRG, 0) and ctx.inside(Op.MAP_WRG, 1)) or ctx.inside(Op.MAP_LCL):
        return None
    t = ctx.arg_type()
    if not (isinstance(t, ArrayType) and isinstance(t.elem, ArrayType)
            and isinstance(t.elem.elem, ScalarType | VectorType)):
        return None
    return {"p": e.f, "x": x}


def _copy_local_2d_build(b: Bindings, ctx: Ctx):
    fr = ctx.fresh
    rows = prim(Op.MAP_LCL, 1, funs=(fresh_lam(fr, "lrow", lambda r: FunCall(prim(Op.MAP_LCL, 0, funs=(ID,)), (r,))),))
    return FunCall(b["p"], (FunCall(prim(Op.TO_LOCAL, funs=(rows,)), (b["x"],)),))


COPY_LOCAL_2D = rule("copyLocal2D",
                     "slideND(n1, n2, s1, s2) << x -> slideND(n1, n2, s1, s2) << "
                     "toLocal(mapLcl(1, r => mapLcl(0, id) << r)) << x",
                     [Op.SLIDE_ND], _copy_local_2d_match, _copy_local_2d_build, group="memory",
                     guard="x : [[S]M]N of scalars or vectors, not already placed by an address-space wrapper; "
                           "inside mapWrg(1) and mapWrg(0) (the work group shares the copy, its work items copy "
                           "it), not inside a mapLcl or an address-space wrapper")


# --- blocks of columns per work item (the default lowering's colsPerItem) -----------------------------------------
def column_blocks(c) -> Rule:
    """map(col => g) << transpose << rows -> join << map(blk => map(col => g) << blk) << split(c) << transpose << rows
    (splitJoin(c) at the loop over the columns of a group of rows: a block of c adjacent columns per iteration)"""
    c = arith.size(c)
    split = split_join(c)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        return split.match(e, ctx) if is_call(e.args[0], Op.TRANSPOSE) else None

    return rule(f"columnBlocks({c})", "map(col => g) << transpose << rows -> join << map(blk => map(col => g) << blk)"
                " << split(c) << transpose << rows", [Op.MAP], match, split.build, params=(("c", c),), group=G,
                guard="rows : [[T]M]R, the map over its M columns (transpose << rows); c | M and c < M "
                      "(symbolic: a divisibility constraint on c)")


def stencil_tiling_rules(u1, u2) -> tuple[Rule, ...]:
    """The rules of overlapped 2-D tiling with tiles of u1 x u2 outputs."""
    return (slide_tiling_strict_2d(u1, u2), tile_in_place_2d(u1, u2), ZIP_ND_UNTILE, MAP_ND_UNTILE, MAP_ND_FUSION,
            UNTILE_ROWS, COPY_LOCAL_2D)


__all__ = ["COPY_LOCAL_2D", "MAP_ND_FUSION", "MAP_ND_UNTILE", "UNTILE_ROWS", "ZIP_ND_UNTILE", "column_blocks",
           "slide_tiling_strict_2d", "stencil_tiling_rules", "tile_in_place_2d", "untile2d", "untiled"]
