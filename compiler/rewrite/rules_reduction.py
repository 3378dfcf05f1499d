"""Rules for splitting reductions across work items and laying out their partial results: strided views, join
and reorder algebra, fission of a map into a zip of maps, let-binding of an intermediate result, the
copies of a reduction's initial value and of a reduction's one-element result into a memory.

These rules derive the named lowerings whose reductions are shared by the work items of a work group (a strided,
coalesced partition of the reduced array, partial results in local memory, a second reduction of the partial
results); they are not part of the environment's per-step catalogue (catalog.py). Each is named after its law
and keeps the program's meaning and type (the driver re-type-checks every result):

    joinJoin             join << join << x -> join << map(join) << x
    reorderMap           reorder(s) << map(f) << x -> map(f) << reorder(s) << x
    reorderSplit         reorder(s) << x -> join << transpose << split(s) << x
    mapJoinTranspose     map(join) << transpose << x -> transpose << map(join) << x      (x : [[[T]1]m]n)
    mapFissionView       map(y => f(g(y))) << x -> map(f) << map(g) << x                 (g(y) a view)
    mapFissionZip        map(y => f(g(y), h(y))) << x
                           -> map(z => f(get(0) z, get(1) z)) << zip(map(g) << x, map(h) << x)
    letBind              y => C[e] -> y => let(p => C[p]) << e
    idAfterReduce(toX)   reduceK(init, f) << x -> toX(mapSeq(id)) << reduceK(init, f) << x
    idForReduceInit(toX) reduceSeq(init, f) << x -> reduceSeq(toX(id) << init, f) << x
    partialReduceProduct(s)
                         map(x => join << map(y => reduce(z, +) << E(zip(x, y))) << Ys) << Xs
                           -> map(r => join << map(ps => reduce(z, +) << ps) << r) << map(transpose) << transpose
                              << map(q => map(x => join << map(y => reduce(z, +) << E(zip(x, y))) << Y(q)) << X(q))
                              << zip(slices(Xs), slices(Ys))
                         (the product's reduction over K as the sum of s partial products over K/s: reduce(+) o
                         map(g) o zip(a, b) = reduce(+) o join o map(reduce(+) o map(g) o zip) o zip(split(K/s) a,
                         split(K/s) b), the map over the slices moved out of the maps over rows and columns; an
                         operand read through a transpose, `transpose << V`, is sliced along V's rows, `split(K/s)
                         << V`, and read as `transpose << get(i) << q`; one read as it is along K by
                         `transpose o map(split(K/s)) << V` and read as `get(i) << q`)
"""

from __future__ import annotations

from .. import arith
from ..ir.build import get, join, map_, prim, split, transpose, zip_
from ..ir.node import Expr, FunCall, Lambda, Literal, Node, Param, Prim, at, literal_number, replace_at, with_children
from ..ir.ops import ADDRESS_SPACES, REDUCES, Op
from ..ir.terms import binary_userfun, chain, concrete, count_uses, free_vars, fresh_lam, is_call, map_body, subst
from ..ir.userfuns import ID
from ..types import ArrayType, TupleType, Type
from .rule import EXPR, Bindings, Ctx, Rule, rule
from .rules_algorithmic import _NEUTRAL, eta_lambda, fission_site

G = "algorithmic"
_SPACES = {"toGlobal": Op.TO_GLOBAL, "toLocal": Op.TO_LOCAL, "toPrivate": Op.TO_PRIVATE}




def _holds_tuple(t: Type | None) -> bool:
    while isinstance(t, ArrayType):
        t = t.elem
    return t is None or isinstance(t, TupleType)


def _unary_prim(f, op: Op) -> bool:
    """f is `y => p << y` with p of kind op."""
    pb = map_body(f)
    return pb is not None and is_call(pb[1], op) and pb[1].args == (pb[0],)  # type: ignore[union-attr]


# --- join and reorder algebra ------------------------------------------------------------------------------
def _join_join_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    return {"x": e.args[0].args[0]} if is_call(e.args[0], Op.JOIN) else None  # type: ignore[union-attr]


JOIN_JOIN = rule("joinJoin", "join << join << x -> join << map(join) << x", [Op.JOIN], _join_join_match,
                 lambda b, ctx: chain(b["x"], prim(Op.JOIN), map_(eta_lambda(prim(Op.JOIN), ctx))), group=G,
                 guard="x : [[[T]k]m]n (associativity of join: flatten the inner levels first)")


def _reorder_map_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = e.args[0]
    if not is_call(x, Op.MAP):
        return None
    return {"reorder": e.f, "map": x.f, "x": x.args[0]}  # type: ignore[union-attr]


REORDER_MAP = rule("reorderMap", "reorder(s) << map(f) << x -> map(f) << reorder(s) << x", [Op.REORDER],
                   _reorder_map_match, lambda b, ctx: chain(b["x"], b["map"], b["reorder"]), group=G,
                   guard="a high-level map (a permutation commutes with an element-wise map)")


def _reorder_split_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    xt = ctx.arg_type()
    s = e.f.static[0]  # type: ignore[union-attr]
    if not isinstance(xt, ArrayType) or not ctx.divides(s, xt.n):
        return None
    return {"s": s, "x": e.args[0]}


REORDER_SPLIT = rule("reorderSplit", "reorder(s) << x -> join << transpose << split(s) << x", [Op.REORDER],
                     _reorder_split_match,
                     lambda b, ctx: chain(b["x"], prim(Op.JOIN), prim(Op.TRANSPOSE), prim(Op.SPLIT, b["s"])),
                     group=G, guard="x : [T]N with s | N (reorder(s) is the stride-s view: its chunk j of N/s "
                                    "elements holds x[j], x[j + s], ...)")


def _map_join_transpose_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = e.args[0]
    if not _unary_prim(e.f.funs[0], Op.JOIN) or not (is_call(x, Op.TRANSPOSE) or is_call(x, Op.TRANSPOSE_W)):  # type: ignore
        return None
    t = ctx.typing.of.get((*ctx.path, 1, 1))
    if not (isinstance(t, ArrayType) and isinstance(t.elem, ArrayType) and isinstance(t.elem.elem, ArrayType)):
        return None
    if ctx.value(t.elem.elem.n) != 1:
        return None
    return {"f": e.f, "x": x.args[0]}  # type: ignore[union-attr]


MAP_JOIN_TRANSPOSE = rule(
    "mapJoinTranspose", "map(join) << transpose << x -> transpose << map(join) << x   (x : [[[T]1]m]n)", [Op.MAP],
    _map_join_transpose_match, lambda b, ctx: chain(b["x"], prim(Op.TRANSPOSE), b["f"]), group=G,
    guard="a high-level map(join) of a transpose (or transposeW) of x : [[[T]1]m]n (one-element innermost arrays)")


# --- fission -----------------------------------------------------------------------------------------------
def _map_fission_view_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    site = fission_site(e)
    if site is None or concrete(site[1].args[site[2]]):
        return None
    q, body, i = site
    return {"q": q, "body": body, "i": i, "x": e.args[0]}


def _map_fission_view_build(b: Bindings, ctx: Ctx):
    body: FunCall = b["body"]
    z = ctx.fresh.param("z")
    args = list(body.args)
    inner, args[b["i"]] = args[b["i"]], z
    return chain(b["x"], map_(Lambda((z,), FunCall(body.f, tuple(args)))), map_(Lambda((b["q"],), inner)))


MAP_FISSION_VIEW = rule("mapFissionView", "map(y => f(g(y))) << x -> map(f) << map(g) << x   (g(y) a view)",
                        [Op.MAP], _map_fission_view_match, _map_fission_view_build, group=G,
                        guard="a high-level map; f does not use y; g(y) is not y and holds no user function "
                              "(a view: nothing is materialised, so it may hold tuples)")


def _enclosing_map(ctx: Ctx):
    """The innermost high-level map whose function (a one-parameter lambda) contains the site."""
    for en in reversed(ctx.enclosing):
        if en.op in (Op.MAP, Op.MAP_SEQ, Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL) or en.op in REDUCES:
            return en if en.op is Op.MAP else None
    return None


def _projections(n: Node, y: str, found: set) -> bool:
    """Whether every free use of y in n is `get(i) << y` (recording each i) or y itself (recording None)."""
    if isinstance(n, Param):
        if n.name == y:
            found.add(None)
        return True
    if y not in free_vars(n):
        return True
    if is_call(n, Op.GET) and isinstance(n.args[0], Param) and n.args[0].name == y:  # type: ignore[union-attr]
        found.add(int(n.f.static[0]))  # type: ignore[union-attr]
        return True
    return all(_projections(c, y, found) for c in n.children())


def _replace_uses(n: Node, y: str, new: Expr) -> Node:
    """n with every `get(i) << y` (or bare y) replaced by `new`."""
    if y not in free_vars(n):
        return n
    if isinstance(n, Param) or (is_call(n, Op.GET) and isinstance(n.args[0], Param)  # type: ignore[union-attr]
                                and n.args[0].name == y):  # type: ignore[union-attr]
        return new
    return with_children(n, tuple(_replace_uses(c, y, new) for c in n.children()))


def _map_fission_zip_match(e, ctx: Ctx) -> Bindings | None:
    if not isinstance(e, FunCall) or not concrete(e) or _holds_tuple(ctx.type()):
        return None
    en = _enclosing_map(ctx)
    if en is None:
        return None
    lam = at(ctx.program, en.path).f.funs[0]  # type: ignore[union-attr]
    pb = map_body(lam)
    if pb is None or ctx.path[: len(en.path) + 3] != (*en.path, 0, 0, 1):
        return None
    y, body = pb
    if y.name not in free_vars(e) or free_vars(e) & ctx.binders_below((*en.path, 0, 0)) - {y.name}:
        return None
    rel = ctx.path[len(en.path) + 3:]
    rest = replace_at(body, rel, Param("__site__"))
    found: set = set()
    if count_uses(rest, y.name) == 0 or not _projections(rest, y.name, found) or len(found) != 1:
        return None
    return {"at": en.path, "y": y, "g": e, "rest": rest, "i": found.pop(), "x": at(ctx.program, en.path).args[0]}


def _map_fission_zip_build(b: Bindings, ctx: Ctx):
    fr = ctx.fresh
    z, y2 = fr.param("z"), fr.param("w")
    y: Param = b["y"]
    body = _replace_uses(b["rest"], y.name, FunCall(prim(Op.GET, 1), (z,)))
    body = _replace_uses(body, "__site__", FunCall(prim(Op.GET, 0), (z,)))
    second = y2 if b["i"] is None else FunCall(prim(Op.GET, b["i"]), (y2,))
    zipped = FunCall(prim(Op.ZIP), (FunCall(map_(Lambda((y,), b["g"])), (b["x"],)),
                                    FunCall(map_(Lambda((y2,), second)), (b["x"],))))
    return FunCall(map_(Lambda((z,), body)), (zipped,))  # type: ignore[arg-type]


MAP_FISSION_ZIP = rule(
    "mapFissionZip",
    "map(y => f(g(y), h(y))) << x -> map(z => f(get(0) << z, get(1) << z)) << zip(map(g) << x, map(h) << x)",
    [EXPR], _map_fission_zip_match, _map_fission_zip_build, group=G,
    guard="the site g(y) is a computation in the body of a high-level map over y, holding no tuples and using no "
          "name bound between the map and the site; every other use of y is one same h(y) = get(i) << y (or y)")


# --- let ---------------------------------------------------------------------------------------------------
def _let_bind_match(e, ctx: Ctx) -> Bindings | None:
    if not isinstance(e, FunCall) or not concrete(e) or is_call(e, Op.LET):
        return None
    lam_k = next((k for k in range(len(ctx.path) - 1, -1, -1) if isinstance(ctx.chain[k], Lambda)
                  and ctx.path[k] == len(ctx.chain[k].params)), None)  # type: ignore[union-attr]
    if lam_k is None or lam_k + 1 == len(ctx.path):
        return None
    body_path = ctx.path[: lam_k + 1]
    if free_vars(e) & ctx.binders_below(body_path) or is_call(ctx.chain[lam_k + 1], Op.LET):
        return None
    return {"at": body_path, "e": e}


def _let_bind_build(b: Bindings, ctx: Ctx):
    body_path = b["at"]
    p = ctx.fresh.param("p")
    body = replace_at(at(ctx.program, body_path), ctx.path[len(body_path):], p)
    return FunCall(prim(Op.LET, funs=(Lambda((p,), body),)), (b["e"],))  # type: ignore[arg-type]


LET_BIND = rule("letBind", "y => C[e] -> y => let(p => C[p]) << e", [EXPR], _let_bind_match, _let_bind_build,
                group=G, guard="e a computation (holds a user function), not the whole body C of the innermost "
                               "function around it, using no name bound inside C; C is not already a let")


# --- copies of a reduction's values --------------------------------------------------------------------------
def _is_copy(f) -> bool:
    """f is `mapSeq(id)` or `y => mapSeq(id) << y` (the driver's normal form)."""
    pb = map_body(f)
    if pb is not None and isinstance(pb[1], FunCall) and pb[1].args == (pb[0],):
        f = pb[1].f
    return isinstance(f, Prim) and f.op is Op.MAP_SEQ and f.funs == (ID,)


def id_after_reduce(space: str) -> Rule:
    """reduceK(init, f) << x -> toX(mapSeq(id)) << reduceK(init, f) << x"""
    op = _SPACES[space]

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        parent = ctx.chain[-2] if len(ctx.path) >= 1 else None
        if (isinstance(parent, FunCall) and isinstance(parent.f, Prim) and parent.f.op in ADDRESS_SPACES
                and _is_copy(parent.f.funs[0])):
            return None  # already copied
        if op is Op.TO_LOCAL and not ctx.inside(Op.MAP_WRG):
            return None
        if op is Op.TO_PRIVATE and not ctx.inside_any((Op.MAP_GLB, Op.MAP_LCL, Op.MAP_SEQ, Op.MAP)):
            return None
        return {"e": e}

    def build(b, ctx):
        return FunCall(prim(op, funs=(prim(Op.MAP_SEQ, funs=(ID,)),)), (b["e"],))

    return rule(f"idAfterReduce({space})",
                f"reduceK(init, f) << x -> {space}(mapSeq(id)) << reduceK(init, f) << x", REDUCES,
                match, build, params=(("space", space),), family="idAfterReduce", group="memory",
                guard="the result is not already copied" + {"toGlobal": "", "toLocal": "; inside a mapWrg",
                                                              "toPrivate": "; inside a map"}[space])


ID_AFTER_REDUCE_LOCAL = id_after_reduce("toLocal")


def id_for_reduce_init(space: str) -> Rule:
    """reduceSeq(init, f) << x -> reduceSeq(toX(id) << init, f) << x: the accumulator starts as a copy of init
    in the memory toX names (Lift's addIdForCurrentValueInReduce with the copy's address space)."""
    op = _SPACES[space]

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        init = e.args[0]
        if isinstance(init, FunCall) and isinstance(init.f, Prim) and init.f.op in ADDRESS_SPACES:
            return None  # already copied
        if op is Op.TO_LOCAL and not ctx.inside(Op.MAP_WRG):
            return None
        return {"e": e}

    def build(b, ctx):
        e: FunCall = b["e"]
        return FunCall(e.f, (FunCall(prim(op, funs=(ID,)), (e.args[0],)), *e.args[1:]))

    return rule(f"idForReduceInit({space})", f"reduceSeq(init, f) << x -> reduceSeq({space}(id) << init, f) << x",
                [Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL], match, build, params=(("space", space),),
                family="idForReduceInit", group="memory",
                guard="init is not already a copy" + {"toGlobal": "", "toLocal": "; inside a mapWrg",
                                                       "toPrivate": ""}[space])


ID_FOR_REDUCE_INIT_PRIVATE = id_for_reduce_init("toPrivate")

# --- the product's reduction in slices (split-K) ---------------------------------------------------------------
def _product_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    """(x, y, the reduce, Xs, Ys) of `map(x => join << map(y => reduce(z, f) << E) << Ys) << Xs` where E is
    `zip(x, y)` or `map(g) << zip(x, y)` (either order, g free of x and y), Ys free of x, f associative and
    commutative with z its neutral element."""
    f = e.f.funs[0]
    if not (isinstance(f, Lambda) and len(f.params) == 1 and is_call(f.body, Op.JOIN)
            and is_call(f.body.args[0], Op.MAP)):
        return None
    x, inner = f.params[0], f.body.args[0]
    g, ys = inner.f.funs[0], inner.args[0]
    if not (isinstance(g, Lambda) and len(g.params) == 1 and x.name not in free_vars(ys)):
        return None
    y, red = g.params[0], g.body
    if not (is_call(red, Op.REDUCE) and isinstance(red.args[0], Literal)):
        return None
    u, v = binary_userfun(red.f.funs[0]), literal_number(red.args[0].value)
    if u not in _NEUTRAL or v is None or not _NEUTRAL[u](v):
        return None
    z = red.args[1]
    if is_call(z, Op.MAP) and not (free_vars(z.f) & {x.name, y.name}):
        z = z.args[0]
    if not (is_call(z, Op.ZIP) and len(z.args) == 2 and {a.name for a in z.args if isinstance(a, Param)}
            == {x.name, y.name}):
        return None
    return {"x": x, "y": y, "reduce": red, "xs": e.args[0], "ys": ys}


def _batch_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    """The product of a batch, `map(q => P(q)) << zip(Ls, Rs)` with P a product (`_product_match`) of the views
    `get(i) << q` or `transpose << get(i) << q` of the pair q (q used nowhere else)."""
    f = e.f.funs[0]
    if not (isinstance(f, Lambda) and len(f.params) == 1 and is_call(e.args[0], Op.ZIP) and len(e.args[0].args) == 2
            and is_call(f.body, Op.MAP)):
        return None
    q, prod = f.params[0], f.body
    b = _product_match(prod, ctx)
    if b is None:
        return None
    ops = []
    for v in (b["xs"], b["ys"]):
        w = v.args[0] if is_call(v, Op.TRANSPOSE) else v
        if not (is_call(w, Op.GET) and w.args[0] == q):
            return None
        ops.append(int(w.f.static[0]))
    if q.name in free_vars(b["reduce"]) or sorted(ops) != [0, 1]:
        return None
    return {**b, "pairs": e.args[0].args, "gets": ops}


def partial_reduce_product(s) -> Rule:
    """map(x => join << map(y => reduce(z, +) << E(zip(x, y))) << Ys) << Xs -> the sum of s partial products over
    slices of K/s (module doc); a batch's products, map(q => P(q)) << zip(Ls, Rs), become a batch of Batch s
    partial products"""

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        batch = _batch_match(e, ctx)
        b = batch or _product_match(e, ctx)
        if b is None:
            return None
        prod = (*ctx.path, 0, 0, 1) if batch else ctx.path  # the product's call (in a batch: the pair's function)
        xt = ctx.typing.of.get((*prod, 1))
        yt = ctx.typing.of.get((*prod, 0, 0, 1, 1, 1))
        if not (isinstance(xt, ArrayType) and isinstance(xt.elem, ArrayType) and isinstance(yt, ArrayType)
                and isinstance(yt.elem, ArrayType)):
            return None
        k = xt.elem.n
        if not ctx.divides(s, k) or not ctx.lt(s, k) or ctx.value(s) is None or ctx.value(s) < 2:
            return None
        return {**b, "chunk": arith.simplify(arith.size(k) / arith.size(s)), "batch": batch is not None}

    def build(b: Bindings, ctx: Ctx):
        chunk, red = b["chunk"], b["reduce"]

        def sliced(v: Expr, i: int, q: Param) -> tuple[Expr, Expr]:
            """The slices of an operand [rows][K] ([s][rows][K/s]; of a batch's operand, [Batch s][rows][K/s]) and
            slice q's operand."""
            through = is_call(v, Op.TRANSPOSE)  # read through a transpose: slices of the rows of what it transposes
            def cut(w: Expr) -> Expr:
                return split(chunk) << w if through else transpose() << (map_(split(chunk)) << w)
            if b["batch"]:
                all_ = join() << (map_(fresh_lam(ctx.fresh, "operand", cut)) << b["pairs"][b["gets"][i]])
            else:
                all_ = cut(v.args[0] if through else v)
            return all_, transpose() << (get(i) << q) if through else get(i) << q

        q = ctx.fresh.param("slice")
        sx, xq = sliced(b["xs"], 0, q)
        sy, yq = sliced(b["ys"], 1, q)
        row = fresh_lam(ctx.fresh, "sliceRow", lambda x2: join() << (map_(fresh_lam(
            ctx.fresh, "sliceCol", lambda y2: subst(red, {b["x"].name: x2, b["y"].name: y2}, ctx.fresh))) << yq))
        parts = map_(Lambda((q,), map_(row) << xq)) << zip_(sx, sy)
        op = prim(Op.REDUCE, funs=(binary_userfun(red.f.funs[0]),))  # (a fresh copy: no binder twice)
        cell = fresh_lam(ctx.fresh, "partials", lambda ps: FunCall(op, (red.args[0], ps)))
        total = fresh_lam(ctx.fresh, "sums", lambda r: join() << (map_(cell) << r))
        if not b["batch"]:
            return map_(total) << (map_(prim(Op.TRANSPOSE)) << (transpose() << parts))
        product = fresh_lam(ctx.fresh, "products", lambda ps: map_(total) << (map_(prim(Op.TRANSPOSE)) << (
            transpose() << ps)))
        return map_(product) << (split(ctx.value(s)) << parts)

    return rule(f"partialReduceProduct({s})",
                "map(x => join << map(y => reduce(z, +) << E(zip(x, y))) << Ys) << Xs -> map(r => join << map(ps => "
                "reduce(z, +) << ps) << r) << map(transpose) << transpose << map(q => map(x => join << map(y => "
                "reduce(z, +) << E(zip(x, y))) << Y(q)) << X(q)) << zip(slices(Xs), slices(Ys))   (a batch "
                "map(q => P(q)) << zip(Ls, Rs): map(sum) << split(s) << the partial products of zip(join << map("
                "slices) << Ls, join << map(slices) << Rs))",
                [Op.MAP], match, build, params=(("s", s),), group=G,
                guard="a product's rows and columns, one reduction of a zip of the row and the column (mapped by a "
                      "function of neither) with an associative, commutative operator from its neutral value, or a "
                      "batch of them over the views get(i) / transpose << get(i) of a pair; s | K, 1 < s < K")


REDUCTION_RULES: tuple[Rule, ...] = (
    JOIN_JOIN, REORDER_MAP, REORDER_SPLIT, MAP_JOIN_TRANSPOSE, MAP_FISSION_VIEW, MAP_FISSION_ZIP, LET_BIND,
    id_after_reduce("toGlobal"), ID_AFTER_REDUCE_LOCAL, id_after_reduce("toPrivate"),
    id_for_reduce_init("toGlobal"), id_for_reduce_init("toLocal"), ID_FOR_REDUCE_INIT_PRIVATE,
)

__all__ = ["ID_AFTER_REDUCE_LOCAL", "ID_FOR_REDUCE_INIT_PRIVATE", "JOIN_JOIN", "LET_BIND",
           "MAP_FISSION_VIEW", "MAP_FISSION_ZIP", "MAP_JOIN_TRANSPOSE", "REDUCTION_RULES", "REORDER_MAP",
           "REORDER_SPLIT", "id_after_reduce", "id_for_reduce_init", "partial_reduce_product"]
