"""View laws that read a convolution as a matrix product (the image's windows as the columns of a matrix, the
"im2col" matrix, kept a view): enough, with mapViewFission, mapFission and joinSplit, to bring a channels-first
convolution `map(f => map(join) o mapND(2, win => dot(f, win)) << windows) << filters` into the form of Lift's
tiled matrix product, `map(x => join << map(y => dot(x, y)) << Ys) << X` (B given by rows), under views of its
result.

- joinUnitSplit      map(join) << split(n) << x -> split(n) << join << x            (x : [[T]1]m)
- joinMapTranspose   join << map(transpose) << transpose << x -> transpose << map(join) << x   (x : [[[T]k]m]n)
- mapJoinTranspose   map(join) << transpose << z -> transpose << join << map(transpose) << z   (z : [[[T]k]m]n)
- mapSplitFlat       map(split(n)) << x -> split(k/n) << split(n) << join << x    (x : [[T]k]m)
- zipSwap            map(p => g(get(0) << p, get(1) << p)) << zip(a, b)
                     -> map(p => g(get(1) << p, get(0) << p)) << zip(b, a)

Each keeps the program's meaning and type (the driver re-type-checks); none is in the environment's catalogue
(catalog.py): named derivations use them (compiler/lowering/conv_chw.py).
"""

from __future__ import annotations

from .. import arith
from ..ir.build import join, map_, split, transpose, zip_
from ..ir.node import Expr, FunCall, Lambda, Param, Prim, with_children
from ..ir.ops import Op
from ..ir.terms import chain, free_vars, subst
from ..types import ArrayType
from .rule import Bindings, Ctx, rule

G = "algorithmic"


def _call_of(e, op: Op) -> FunCall | None:
    return e if isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is op else None


def _eta(f, op: Op) -> Prim | None:
    """p when f is `y => p << y` with p a primitive of kind `op` (or f is p itself)."""
    if isinstance(f, Prim):
        return f if f.op is op else None
    if not (isinstance(f, Lambda) and len(f.params) == 1):
        return None
    c = _call_of(f.body, op)
    if c is None or c.args != f.params or f.params[0].name in free_vars(c.f):
        return None
    return c.f  # type: ignore[return-value]


def _lam(ctx: Ctx, p: Prim) -> Lambda:
    q = ctx.fresh.param("y")
    return Lambda((q,), FunCall(p, (q,)))


def _array(t) -> ArrayType | None:
    return t if isinstance(t, ArrayType) else None


# --- joinUnitSplit ----------------------------------------------------------------------------------------
def _unit_split_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if _eta(e.f.funs[0], Op.JOIN) is None:  # type: ignore[union-attr]
        return None
    s = _call_of(e.args[0], Op.SPLIT)
    if s is None:
        return None
    x = _array(ctx.typing.of.get((*ctx.path, 1, 1)))  # the split's argument
    inner = _array(x.elem) if x else None
    if inner is None or ctx.value(inner.n) != 1:
        return None
    return {"n": s.f.static[0], "x": s.args[0]}  # type: ignore[union-attr]


JOIN_UNIT_SPLIT = rule(
    "joinUnitSplit", "map(join) << split(n) << x -> split(n) << join << x   (x : [[T]1]m)", [Op.MAP],
    _unit_split_match, lambda b, ctx: chain(b["x"], split(b["n"]), join()), group=G,
    guard="the joined arrays have length 1 (a reduce's result): dropping the unit dimension before or after the "
          "split is the same")


# --- joinMapTranspose, mapJoinTranspose: the pixels' windows read as the columns of a matrix -------------------
def _transpose_of_map_transpose(e: FunCall) -> Expr | None:
    """x when e is `map(transpose) << transpose << x`."""
    if not (_call_of(e, Op.MAP) and _eta(e.f.funs[0], Op.TRANSPOSE) is not None):  # type: ignore[union-attr]
        return None
    t = _call_of(e.args[0], Op.TRANSPOSE)
    return None if t is None else t.args[0]


def _join_map_transpose_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = _transpose_of_map_transpose(e.args[0])
    return None if x is None else {"x": x}


JOIN_MAP_TRANSPOSE = rule(
    "joinMapTranspose", "join << map(transpose) << transpose << x -> transpose << map(join) << x   (x : [[[T]k]m]n)",
    [Op.JOIN], _join_map_transpose_match,
    lambda b, ctx: chain(b["x"], transpose(), map_(_lam(ctx, join()))), group=G,
    guard="none: both sides are [(i, j)][l] = x[l][i][j] (transposeMapJoin read the other way)")


def _map_join_transpose_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if _eta(e.f.funs[0], Op.JOIN) is None:  # type: ignore[union-attr]
        return None
    t = _call_of(e.args[0], Op.TRANSPOSE)
    return None if t is None else {"z": t.args[0]}


MAP_JOIN_TRANSPOSE = rule(
    "mapJoinTranspose", "map(join) << transpose << z -> transpose << join << map(transpose) << z   (z : [[[T]k]m]n)",
    [Op.MAP], _map_join_transpose_match,
    lambda b, ctx: chain(b["z"], transpose(), join(), map_(_lam(ctx, transpose()))), group=G,
    guard="none: both sides are [i][(a, b)] = z[a][i][b]")


# --- mapSplitFlat -----------------------------------------------------------------------------------------
def _split_flat_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    p = _eta(e.f.funs[0], Op.SPLIT)  # type: ignore[union-attr]
    if p is None:
        return None
    x = _array(ctx.arg_type())
    row = _array(x.elem) if x else None
    if row is None:
        return None
    n = p.static[0]
    if not ctx.divides(n, row.n):
        return None
    return {"n": n, "k": row.n, "x": e.args[0]}


MAP_SPLIT_FLAT = rule(
    "mapSplitFlat", "map(split(n)) << x -> split(k/n) << split(n) << join << x   (x : [[T]k]m)", [Op.MAP],
    _split_flat_match,
    lambda b, ctx: chain(b["x"], split(arith.simplify(arith.size(b["k"]) / arith.size(b["n"]))), split(b["n"]),
                         join()),
    group=G, guard="n divides the rows' length k: the rows split in chunks of n are the chunks of the flat array, "
                   "k/n to a row")


# --- zipSwap ----------------------------------------------------------------------------------------------
def _swap_gets(n, name: str):
    """n with `get(0) << name` and `get(1) << name` exchanged (None when `name` is used otherwise)."""
    if isinstance(n, Param):
        return None if n.name == name else n
    if (isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.GET and len(n.args) == 1
            and isinstance(n.args[0], Param) and n.args[0].name == name):
        i = int(n.f.static[0])
        return FunCall(Prim(Op.GET, (1 - i,), n.f.funs), n.args) if i in (0, 1) else None
    if isinstance(n, Lambda) and any(q.name == name for q in n.params):
        return n
    kids = n.children()
    if not kids:
        return n
    new = [_swap_gets(c, name) for c in kids]
    if any(c is None for c in new):
        return None
    return with_children(n, new)


def _zip_swap_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    z = _call_of(e.args[0], Op.ZIP)
    f = e.f.funs[0]  # type: ignore[union-attr]
    if z is None or len(z.args) != 2 or not (isinstance(f, Lambda) and len(f.params) == 1):
        return None
    body = _swap_gets(f.body, f.params[0].name)
    if body is None:
        return None
    return {"p": e.f, "q": f.params[0], "body": body, "a": z.args[0], "b": z.args[1]}


def _zip_swap_build(b: Bindings, ctx: Ctx) -> Expr:
    p: Prim = b["p"]
    q = ctx.fresh.param(b["q"].name)
    lam = Lambda((q,), subst(b["body"], {b["q"].name: q}, ctx.fresh))  # type: ignore[arg-type]
    return FunCall(Prim(p.op, p.static, (lam,)), (zip_(b["b"], b["a"]),))


ZIP_SWAP = rule(
    "zipSwap", "map(p => g(get(0) << p, get(1) << p)) << zip(a, b) -> map(p => g(get(1) << p, get(0) << p)) << "
    "zip(b, a)", [Op.MAP], _zip_swap_match, _zip_swap_build, group=G,
    guard="the pair is used only through its two components: which zip slot holds which array is a naming")

__all__ = ["JOIN_MAP_TRANSPOSE", "JOIN_UNIT_SPLIT", "MAP_JOIN_TRANSPOSE", "MAP_SPLIT_FLAT", "ZIP_SWAP"]
