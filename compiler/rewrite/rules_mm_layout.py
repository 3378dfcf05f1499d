"""Layout rules of the matrix product: the column tiling of a product whose right operand is given by rows (B
stored transposed in the data, `C[i][j] = sum_l A[i][l] * Bt[j][l]`). Not in the per-step catalogue; the mm
strategy (compiler/lowering/mm.py) applies it where tileColumns (rules_tiling.py) finds no `transpose << Y`.

- tileRows(n)   map(x => join << map(y => e) << Ys) << X
                -> map(join) << transposeW << map(t => map(x => join << map(y => e) << transpose << t) << X)
                   << transpose << map(split(n)) << transpose << Ys                    (Ys free of x)

- localTileOfTranspose(VW, lanes, flat, transposed)
                e[x] -> let(p => e[p]) << transposeW << copy << transpose << x          (transposed = False)
                e[x] -> let(p => e[transpose << p]) << copy << transpose << x           (transposed = True)
                the local copy of a tile x that is a transposed view of its input (a tile of Bt's rows, or of At's):
                the copy (rules_tiling's localTile, VW floats per load) reads the rows of `transpose << x`, which
                run along the input's rows in memory, and the tile is held in local memory as x (written through
                transposeW) or as its transpose (read back through transpose)

tileRows is tileColumns with Y = transpose << Ys written out: a tile t of n columns of Y is the transpose of n
rows of Ys, so the tile's product reads `transpose << t` as tileColumns' tiles do and the later steps of the
derivation (tileReduce, registerBlocking, ...) apply unchanged. The rewrite normaliser cancels
`transpose << transpose`, so a program written without a transpose never has the form tileColumns matches; the
tiles' views (`transpose << map(split(n)) << transpose`) are not a double transpose and stay.
"""

from __future__ import annotations

from .. import arith
from ..ir.build import join, let, map_, split, transpose, transpose_w
from ..ir.node import Expr, FunCall, Lambda, Literal, Param, Prim, replace_at
from ..ir.ops import ADDRESS_SPACES, Op
from ..ir.terms import concrete, free_vars
from ..types import ArrayType, ScalarType, VectorType, base_type
from .rule import EXPR, Ctx, Rule, rule
from .rules_tiling import _local_tile

G = "tiling"


def _call(e, *ops: Op) -> bool:
    return isinstance(e, FunCall) and isinstance(e.f, Prim) and (not ops or e.f.op in ops)


def _dims(t) -> tuple:
    out = []
    while isinstance(t, ArrayType):
        out.append(t.n)
        t = t.elem
    return tuple(out)


def _rows_of(f) -> tuple[Param, Lambda, Expr] | None:
    """(x, y => e, Ys) when f is `x => join << map(y => e) << Ys` with Ys free of x and no transpose."""
    if not (isinstance(f, Lambda) and len(f.params) == 1):
        return None
    x, body = f.params[0], f.body
    if not (_call(body, Op.JOIN) and _call(body.args[0], Op.MAP)):
        return None
    m = body.args[0]
    ys = m.args[0]
    if not isinstance(m.f.funs[0], Lambda) or _call(ys, Op.TRANSPOSE, Op.TRANSPOSE_W) or x.name in free_vars(ys):
        return None
    return x, m.f.funs[0], ys


def tile_rows(n) -> Rule:
    """map(x => join << map(y => e) << Ys) << X -> map(join) << transposeW << map(t => map(x => join << map(y => e)
    << transpose << t) << X) << transpose << map(split(n)) << transpose << Ys"""
    n = arith.size(n)

    def match(e: FunCall, ctx: Ctx):
        got = _rows_of(e.f.funs[0])
        if got is None:
            return None
        # the type of Ys ([[T]K]N): call -> map prim (0) -> lambda (0) -> body (1) -> map call (1) -> its argument (1)
        rows = _dims(ctx.typing.of.get((*ctx.path, 0, 0, 1, 1, 1)))
        if len(rows) < 2 or not ctx.divides(n, rows[0]) or not ctx.lt(n, rows[0]):
            return None
        return {"x": got[0], "g": got[1], "ys": got[2], "xs": e.args[0]}

    def build(b, ctx: Ctx):
        t = ctx.fresh.param("bCols")
        inner = Lambda((b["x"],), join() << (map_(b["g"]) << (transpose() << t)))
        tile = Lambda((t,), map_(inner) << b["xs"])
        return map_(join()) << (transpose_w() << (map_(tile) << (
            transpose() << (map_(split(n)) << (transpose() << b["ys"])))))

    return rule(f"tileRows({n})", "map(x => join << map(y => e) << Ys) << X -> map(join) << transposeW << map(t => "
                "map(x => join << map(y => e) << transpose << t) << X) << transpose << map(split(n)) << transpose "
                "<< Ys",
                [Op.MAP], match, build, params=(("n", n),), group=G,
                guard="Ys free of x and not a transpose; n divides the rows of Ys and is smaller")


def _binding_lambda(e, ctx: Ctx):
    """(path of the innermost lambda body binding a name of e, path of e below it, that body), or None."""
    names = free_vars(e)
    ch, path = ctx.chain, ctx.path
    for k in range(len(path) - 1, -1, -1):
        n = ch[k]
        if isinstance(n, Lambda) and path[k] == len(n.params) and names & {q.name for q in n.params}:
            at_path = path[:k + 1]
            if names & ctx.binders_below(at_path) or at_path == path:
                return None
            return at_path, path[k + 1:], ch[k + 1]
    return None


def local_tile_of_transpose(vw, lanes, flat: bool, transposed: bool = False) -> Rule:
    """e[x] -> let(p => e[p]) << transposeW << copy << transpose << x, or with `transposed`
    e[x] -> let(p => e[transpose << p]) << copy << transpose << x (copy: rules_tiling's localTile)"""
    copy = _local_tile(vw, lanes, flat)

    def match(e, ctx: Ctx):
        t = ctx.type()
        if isinstance(e, Literal | Param) or not isinstance(t, ArrayType) or len(_dims(t)) != 2 or concrete(e):
            return None
        if not isinstance(base_type(t), ScalarType | VectorType) or ctx.inside_any(ADDRESS_SPACES):
            return None
        found = _binding_lambda(e, ctx)
        if found is None:
            return None
        return {"e": e, "at": found[0], "rel": found[1], "body": found[2], "t": t}  # "at": the let replaces the body

    def build(b, ctx: Ctx):
        rows, cols = _dims(b["t"])[:2]
        p = ctx.fresh.param("p")
        staged = copy(ctx, transpose() << b["e"], ArrayType(ArrayType(b["t"].elem.elem, rows), cols))
        body = replace_at(b["body"], b["rel"], transpose() << p if transposed else p)
        return FunCall(let(Lambda((p,), body)), (staged if transposed else transpose_w() << staged,))

    kind = "transposed" if transposed else "as read"
    return rule(f"localTileOfTranspose({vw}, {lanes}, {flat}, {kind})",
                "e[x] -> let(p => e[p]) << transposeW << copy << transpose << x   (held transposed: "
                "let(p => e[transpose << p]) << copy << transpose << x; copy = toLocal(mapLcl(1)(mapLcl(0)("
                "vectorise(VW, id)))) between vector views)", [EXPR], match, build,
                params=(("vw", vw), ("lanes", lanes), ("flat", flat), ("transposed", transposed)), group=G,
                guard="x a 2-D view of scalars or vectors (no user function) using a name of an enclosing lambda, no "
                      "name bound between that lambda's body and x; no address space around")


__all__ = ["local_tile_of_transpose", "tile_rows"]
