"""Layout rules of the matrix product: the column tiling of a product whose right operand is given by rows (B
stored transposed in the data, `C[i][j] = sum_l A[i][l] * Bt[j][l]`). Not in the per-step catalogue; the mm
strategy (compiler/lowering/mm.py) applies it where tileColumns (rules_tiling.py) finds no `transpose << Y`.

- tileRows(n)   map(x => join << map(y => e) << Ys) << X
                -> map(join) << transposeW << map(t => map(x => join << map(y => e) << transpose << t) << X)
                   << transpose << map(split(n)) << transpose << Ys                    (Ys free of x)

tileRows is tileColumns with Y = transpose << Ys written out: a tile t of n columns of Y is the transpose of n
rows of Ys, so the tile's product reads `transpose << t` as tileColumns' tiles do and the later steps of the
derivation (tileReduce, registerBlocking, ...) apply unchanged. The rewrite normaliser cancels
`transpose << transpose`, so a program written without a transpose never has the form tileColumns matches; the
tiles' views (`transpose << map(split(n)) << transpose`) are not a double transpose and stay.
"""

from __future__ import annotations

from .. import arith
from ..ir.build import join, map_, split, transpose, transpose_w
from ..ir.node import Expr, FunCall, Lambda, Param, Prim
from ..ir.ops import Op
from ..ir.terms import free_vars
from ..types import ArrayType
from .rule import Ctx, Rule, rule

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


__all__ = ["tile_rows"]
