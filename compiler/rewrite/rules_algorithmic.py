"""Algorithmic rules: semantics-preserving rewrites of the high-level program (thesis §5.2 R1, R4-R11, and
Lift's Rules/FusionRules/ReduceRules catalogue, §5.3). Each is named after its law.

Conventions: `f o g << x` is f(g(x)); `mapK` is any map kind where the rule says so. Every right-hand side is
built in call form with fresh names (see terms.py); the driver normalises and re-type-checks the result.
"""

from __future__ import annotations

import sympy

from .. import arith
from ..ir.build import prim
from ..ir.expansions import expand_call
from ..ir.node import Expr, FunCall, Lambda, Literal, Param, Prim, UserFun, at, literal_number, replace_at
from ..ir.ops import MACROS, MAPS, REDUCES, Op
from ..ir.terms import (
    beta,
    binary_userfun,
    chain,
    compose,
    concrete,
    copy_fun,
    free_vars,
    fresh_lam,
    map_body,
    perfectly_nested_map,
    unary_userfun,
    zero_of,
)
from ..ir.userfuns import ADD, MAX, MIN, MULT
from ..types import ArrayType, ScalarType, TupleType, Type, VectorType, base_type, same_type
from .rule import EXPR, Bindings, Ctx, Rule, rule

G = "algorithmic"

# candidate sets of the parametric rules (the catalogue instantiates one rule per value)
SPLIT_SIZES = (2, 4, 8, 16, 32, 64, 128)
VECTOR_WIDTHS = (2, 4, 8, 16)
STRIDES = (2, 4, 8, 16, 32)
TILE_STEPS = (2, 4, 8, 16, 32)
PAD_MULTIPLES = (4, 8, 16, 32, 64)

# associative and commutative user functions with their neutral element (a guard of partialReduce)
_NEUTRAL = {ADD: lambda v: v == 0.0, MULT: lambda v: v == 1.0,
            MAX: lambda v: v <= -3.4e38, MIN: lambda v: v >= 3.4e38}


def _size(n):
    return arith.size(n)


def _array(t) -> ArrayType | None:
    return t if isinstance(t, ArrayType) else None


def _map(f) -> Prim:
    return prim(Op.MAP, funs=(f,))


def _has_tuple(t: Type) -> bool:
    while isinstance(t, ArrayType):
        t = t.elem
    return isinstance(t, TupleType)


# --- split-join (R1) and join-split -----------------------------------------------------------------
def split_join(n) -> Rule:
    """map(f) << x  ->  join << map(map(f)) << split(n) << x"""
    n = _size(n)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        xt = _array(ctx.arg_type())
        if xt is None or not ctx.divides(n, xt.n) or not ctx.lt(n, xt.n):
            return None
        return {"f": e.f.funs[0], "x": e.args[0]}  # type: ignore[union-attr]

    def build(b: Bindings, ctx: Ctx):
        inner = fresh_lam(ctx.fresh, "chunk", lambda c: FunCall(_map(b["f"]), (c,)))
        return chain(b["x"], prim(Op.JOIN), _map(inner), prim(Op.SPLIT, n))

    return rule(f"splitJoin({n})", "map(f) << x -> join << map(map(f)) << split(n) << x", [Op.MAP], match, build,
                params=(("n", n),), group=G, guard="x : [T]N with n | N and n < N")


def _join_split_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    nest = perfectly_nested_map(e.f.funs[0])  # type: ignore[union-attr]
    xt = _array(ctx.arg_type())
    if nest is None or nest[0].op is not Op.MAP or xt is None or not isinstance(xt.elem, ArrayType):
        return None
    return {"g": nest[1], "x": e.args[0], "m": xt.elem.n}


def _join_split_build(b: Bindings, ctx: Ctx):
    return chain(b["x"], prim(Op.SPLIT, b["m"]), _map(b["g"]), prim(Op.JOIN))


JOIN_SPLIT = rule("joinSplit", "map(map(g)) << x -> split(m) << map(g) << join << x   (x : [[T]m]n)", [Op.MAP],
                  _join_split_match, _join_split_build, group=G, guard="perfectly nested high-level maps")


# --- fusion and fission -----------------------------------------------------------------------------
_FUSABLE_REDUCE_MAPS = {Op.REDUCE: (Op.MAP,), Op.REDUCE_SEQ: (Op.MAP, Op.MAP_SEQ, Op.MAP_SEQ_UNROLL),
                        Op.REDUCE_SEQ_UNROLL: (Op.MAP, Op.MAP_SEQ, Op.MAP_SEQ_UNROLL)}


def _map_fusion_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = e.args[0]
    if not (isinstance(x, FunCall) and isinstance(x.f, Prim) and x.f.op is e.f.op  # type: ignore[union-attr]
            and x.f.static == e.f.static):  # type: ignore[union-attr]
        return None
    return {"p": e.f, "f": e.f.funs[0], "g": x.f.funs[0], "x": x.args[0]}  # type: ignore[union-attr]


def _map_fusion_build(b: Bindings, ctx: Ctx):
    p: Prim = b["p"]
    return FunCall(Prim(p.op, p.static, (compose(b["f"], b["g"], ctx.fresh),)), (b["x"],))


MAP_FUSION = rule("mapFusion", "mapK(f) << mapK(g) << x -> mapK(y => f(g(y))) << x", MAPS,
                  _map_fusion_match, _map_fusion_build, group=G, guard="both maps of the same kind and dimension")


def fission_site(e: FunCall) -> tuple[Param, FunCall, int] | None:
    """(y, body, i) of a map `mapK(y => f(..., g(y), ...)) << x` whose body uses y once, in its argument i, not in f,
    and not as y itself (g(y) is a computation or a view of y): the shape both fission rules split."""
    pb = map_body(e.f.funs[0])  # type: ignore[union-attr]
    if pb is None:
        return None
    q, body = pb
    if not isinstance(body, FunCall) or q.name in free_vars(body.f):
        return None
    uses = [i for i, a in enumerate(body.args) if q.name in free_vars(a)]
    if len(uses) != 1 or body.args[uses[0]] == q:
        return None
    return q, body, uses[0]


def _map_fission_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    site = fission_site(e)
    if site is None:
        return None
    q, body, i = site
    inner = body.args[i]
    # the intermediate array must hold scalars, vectors or arrays of them
    t = ctx.typing.of.get((*ctx.path, 0, 0, 1, i + 1))
    if t is None or _has_tuple(t) or isinstance(t, TupleType):
        return None
    return {"p": e.f, "q": q, "body": body, "i": i, "inner": inner, "x": e.args[0]}


def _map_fission_build(b: Bindings, ctx: Ctx):
    p: Prim = b["p"]
    body: FunCall = b["body"]
    i = b["i"]

    def outer(z: Param) -> Expr:
        args = list(body.args)
        args[i] = z
        return FunCall(body.f, tuple(args))

    first = Prim(p.op, p.static, (Lambda((b["q"],), b["inner"]),))
    second = Prim(p.op, p.static, (fresh_lam(ctx.fresh, "z", outer),))
    return chain(b["x"], second, first)


MAP_FISSION = rule("mapFission", "mapK(y => f(g(y))) << x -> mapK(f) << mapK(g) << x", [Op.MAP, Op.MAP_SEQ],
                   _map_fission_match, _map_fission_build, group=G,
                   guard="f does not use y; g(y) is not y and yields no tuples; map or mapSeq")


def _reduce_map_fusion_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = e.args[1]
    ok = _FUSABLE_REDUCE_MAPS.get(e.f.op, ())  # type: ignore[union-attr]
    if not (isinstance(x, FunCall) and isinstance(x.f, Prim) and x.f.op in ok):
        return None
    return {"p": e.f, "init": e.args[0], "f": e.f.funs[0], "g": x.f.funs[0], "x": x.args[0]}  # type: ignore


def _reduce_map_fusion_build(b: Bindings, ctx: Ctx):
    p: Prim = b["p"]
    fr = ctx.fresh
    op = fresh_lam(fr, ("acc", "y"), lambda acc, y: beta(b["f"], (acc, beta(b["g"], (y,), fr)), fr))
    return FunCall(Prim(p.op, p.static, (op,)), (b["init"], b["x"]))


REDUCE_MAP_FUSION = rule(
    "reduceMapFusion", "reduceK(init, f) << mapK(g) << x -> reduceK(init, (acc, y) => f(acc, g(y))) << x",
    REDUCES, _reduce_map_fusion_match, _reduce_map_fusion_build, group=G,
    guard="reduce with map, or reduceSeq(Unroll) with map/mapSeq(Unroll)")


# --- reductions -----------------------------------------------------------------------------------------
def _assoc(e: FunCall, ctx: Ctx, neutral: bool) -> bool:
    u = binary_userfun(e.f.funs[0])  # type: ignore[union-attr]
    init = e.args[0]
    if u not in _NEUTRAL or not isinstance(init, Literal) or not isinstance(init.type, ScalarType):
        return False
    xt = _array(ctx.arg_type())
    if xt is None or not same_type(xt.elem, init.type):
        return False
    if neutral:
        v = literal_number(init.value)
        return v is not None and _NEUTRAL[u](v)
    return True



def partial_reduce(n) -> Rule:
    """reduce(init, f) << x -> reduce(init, f) << join << map(reduce(init, f)) << split(n) << x"""
    n = _size(n)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        xt = _array(ctx.arg_type())
        if xt is None or not _assoc(e, ctx, True) or not ctx.divides(n, xt.n) or not ctx.lt(n, xt.n):
            return None
        return {"p": e.f, "init": e.args[0], "x": e.args[1]}

    def build(b: Bindings, ctx: Ctx):
        p, init = b["p"], b["init"]
        part = fresh_lam(ctx.fresh, "chunk", lambda c: FunCall(p, (init, c)))
        return FunCall(p, (init, chain(b["x"], prim(Op.JOIN), _map(part), prim(Op.SPLIT, n))))

    return rule(f"partialReduce({n})",
                "reduce(init, f) << x -> reduce(init, f) << join << map(reduce(init, f)) << split(n) << x",
                [Op.REDUCE], match, build, params=(("n", n),), group=G,
                guard="f in {add, mult, max_, min_} with its neutral init; x : [T]N, T = type of init, n | N, n < N")


def reorder_reduce(s) -> Rule:
    """reduce(init, f) << x -> reduce(init, f) << reorder(s) << x"""
    s = _size(s)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        xt = _array(ctx.arg_type())
        if xt is None or not _assoc(e, ctx, False) or not ctx.divides(s, xt.n) or not ctx.lt(s, xt.n):
            return None
        return {"p": e.f, "init": e.args[0], "x": e.args[1]}

    def build(b: Bindings, ctx: Ctx):
        return FunCall(b["p"], (b["init"], chain(b["x"], prim(Op.REORDER, s))))

    return rule(f"reorderReduce({s})", "reduce(init, f) << x -> reduce(init, f) << reorder(s) << x",
                [Op.REDUCE], match, build, params=(("s", s),), group=G,
                guard="f associative and commutative (add, mult, max_, min_); s | N, s < N")


# --- interchange and transpose algebra -----------------------------------------------------------------
def _tbs_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    nest = perfectly_nested_map(e.f.funs[0])  # type: ignore[union-attr]
    if nest is None:
        return None
    return {"outer": e.f, "inner": nest[0], "x": e.args[0]}


def _tbs_build(b: Bindings, ctx: Ctx):
    inner = fresh_lam(ctx.fresh, "col", lambda c: FunCall(b["inner"], (c,)))
    outer: Prim = b["outer"]
    return chain(b["x"], prim(Op.TRANSPOSE_W), Prim(outer.op, outer.static, (inner,)), prim(Op.TRANSPOSE))


TRANSPOSE_BOTH_SIDES = rule("transposeBothSides",
                            "mapK(mapL(g)) << x -> transposeW << mapK(mapL(g)) << transpose << x", MAPS,
                            _tbs_match, _tbs_build, group=G,
                            guard="perfectly nested maps of any kinds (map interchange; R5 coalescing when lowered)")


def _unary_prim_fun(f, op: Op) -> Prim | None:
    """The primitive p when f is `y => p << y` with p of kind op."""
    pb = map_body(f)
    if pb is None:
        return None
    q, body = pb
    if isinstance(body, FunCall) and isinstance(body.f, Prim) and body.f.op is op and body.args == (q,):
        return body.f
    return None


def _is(e, op: Op) -> bool:
    return isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is op


def _map_split_transpose_match(e: FunCall, ctx: Ctx):
    sp = _unary_prim_fun(e.f.funs[0], Op.SPLIT)  # type: ignore[union-attr]
    if sp is None or not _is(e.args[0], Op.TRANSPOSE):
        return None
    return {"split": sp, "x": e.args[0].args[0]}  # type: ignore[union-attr]


def _map_split_transpose_build(b, ctx):
    return chain(b["x"], prim(Op.TRANSPOSE), _map(eta_lambda(prim(Op.TRANSPOSE), ctx)), b["split"])


def eta_lambda(p: Prim, ctx: Ctx) -> Lambda:
    """`y => p << y`, a primitive as a lambda with a fresh parameter."""
    return fresh_lam(ctx.fresh, "y", lambda y: FunCall(p, (y,)))


MAP_SPLIT_TRANSPOSE = rule("mapSplitTranspose",
                           "map(split(n)) << transpose << x -> transpose << map(transpose) << split(n) << x",
                           [Op.MAP], _map_split_transpose_match, _map_split_transpose_build, group=G)


def _split_transpose_match(e: FunCall, ctx: Ctx):
    if not _is(e.args[0], Op.TRANSPOSE):
        return None
    return {"split": e.f, "x": e.args[0].args[0]}  # type: ignore[union-attr]


def _split_transpose_build(b, ctx):
    return chain(b["x"], _map(eta_lambda(prim(Op.TRANSPOSE), ctx)), prim(Op.TRANSPOSE),
                 _map(eta_lambda(b["split"], ctx)))


SPLIT_TRANSPOSE = rule("splitTranspose",
                       "split(n) << transpose << x -> map(transpose) << transpose << map(split(n)) << x",
                       [Op.SPLIT], _split_transpose_match, _split_transpose_build, group=G)


def _transpose_map_split_match(e: FunCall, ctx: Ctx):
    x = e.args[0]
    if not _is(x, Op.MAP):
        return None
    sp = _unary_prim_fun(x.f.funs[0], Op.SPLIT)  # type: ignore[union-attr]
    if sp is None:
        return None
    return {"split": sp, "x": x.args[0]}  # type: ignore[union-attr]


def _transpose_map_split_build(b, ctx):
    return chain(b["x"], _map(eta_lambda(prim(Op.TRANSPOSE), ctx)), b["split"], prim(Op.TRANSPOSE))


TRANSPOSE_MAP_SPLIT = rule("transposeMapSplit",
                           "transpose << map(split(n)) << x -> map(transpose) << split(n) << transpose << x",
                           [Op.TRANSPOSE], _transpose_map_split_match, _transpose_map_split_build, group=G)


def _transpose_map_join_match(e: FunCall, ctx: Ctx):
    x = e.args[0]
    if not _is(x, Op.MAP) or _unary_prim_fun(x.f.funs[0], Op.JOIN) is None:  # type: ignore[union-attr]
        return None
    return {"x": x.args[0]}  # type: ignore[union-attr]


def _transpose_map_join_build(b, ctx):
    return chain(b["x"], prim(Op.JOIN), _map(eta_lambda(prim(Op.TRANSPOSE), ctx)), prim(Op.TRANSPOSE))


TRANSPOSE_MAP_JOIN = rule("transposeMapJoin",
                          "transpose << map(join) << x -> join << map(transpose) << transpose << x",
                          [Op.TRANSPOSE], _transpose_map_join_match, _transpose_map_join_build, group=G)


def _join_swap_match(e: FunCall, ctx: Ctx):
    x = e.args[0]
    if not _is(x, Op.MAP):
        return None
    nest = perfectly_nested_map(x.f.funs[0])  # type: ignore[union-attr]
    if nest is None or nest[0].op is not Op.MAP:
        return None
    return {"g": nest[1], "x": x.args[0]}  # type: ignore[union-attr]


def _join_swap_build(b, ctx):
    return chain(b["x"], _map(b["g"]), prim(Op.JOIN))


JOIN_SWAP = rule("joinSwap", "join << map(map(g)) << x -> map(g) << join << x", [Op.JOIN],
                 _join_swap_match, _join_swap_build, group=G, guard="perfectly nested high-level maps")


def _map_join_match(e: FunCall, ctx: Ctx):
    if not _is(e.args[0], Op.JOIN):
        return None
    return {"g": e.f.funs[0], "x": e.args[0].args[0]}  # type: ignore[union-attr]


def _map_join_build(b, ctx):
    inner = fresh_lam(ctx.fresh, "row", lambda r: FunCall(_map(b["g"]), (r,)))
    return chain(b["x"], prim(Op.JOIN), _map(inner))


MAP_JOIN = rule("mapJoin", "map(g) << join << x -> join << map(map(g)) << x", [Op.MAP],
                _map_join_match, _map_join_build, group=G)


# --- reorder with stride (coalescing) ---------------------------------------------------------------------
def reorder_stride(s) -> Rule:
    """mapK(f) << x -> reorder(N/s) << mapK(f) << reorder(s) << x"""
    s = _size(s)

    def match(e: FunCall, ctx: Ctx):
        xt = _array(ctx.arg_type())
        if xt is None or not ctx.divides(s, xt.n) or not ctx.lt(s, xt.n) or _is(e.args[0], Op.REORDER):
            return None
        return {"p": e.f, "x": e.args[0], "n": xt.n}

    def build(b, ctx):
        return chain(b["x"], prim(Op.REORDER, arith.simplify(b["n"] / s)), b["p"], prim(Op.REORDER, s))

    return rule(f"reorderStride({s})", "mapK(f) << x -> reorder(N/s) << mapK(f) << reorder(s) << x   (x : [T]N)",
                MAPS, match, build, params=(("s", s),), group=G,
                guard="s | N, s < N, x is not already a reorder; reorder(N/s) is the inverse of reorder(s)")


# --- slide tiling -------------------------------------------------------------------------------------------
def _slide_len(n_in, size, step, strict: bool):
    c = (n_in - size + step) / step
    return arith.simplify(c if strict else sympy.floor(c))


def _tileable(ctx: Ctx, u, n, s, N, strict: bool) -> bool:
    """Tiling slide(n, s) on [T]N by steps of u keeps the window count, with exactly equal types."""
    vu, vs = ctx.value(u), ctx.value(s)
    if vu is None or vs is None or vu % vs or vu <= vs or not ctx.le(u + n - s, N):
        return False
    old = _slide_len(N, n, s, strict)
    new = _slide_len(N, u + n - s, u, strict) * _slide_len(u + n - s, n, s, strict)
    if not arith.equal(old, arith.simplify(new)):
        return False  # non-strict slides tile exactly only when the lengths are known
    return not strict or ctx.divides(u, N - n + s)


def slide_tiling(u) -> Rule:
    """slide(n, s) << x -> join << map(slide(n, s)) << slide(u + n - s, u) << x"""
    u = _size(u)

    def match(e: FunCall, ctx: Ctx):
        n, s = e.f.static  # type: ignore[union-attr]
        xt = _array(ctx.arg_type())
        if xt is None or not _tileable(ctx, u, n, s, xt.n, e.f.op is Op.SLIDE_STRICT):  # type: ignore[union-attr]
            return None
        return {"p": e.f, "n": n, "s": s, "x": e.args[0]}

    def build(b, ctx):
        p: Prim = b["p"]
        n, s = b["n"], b["s"]
        return chain(b["x"], prim(Op.JOIN), _map(eta_lambda(p, ctx)), prim(p.op, u + n - s, u))

    return rule(f"slideTiling({u})", "slide(n, s) << x -> join << map(slide(n, s)) << slide(u + n - s, u) << x",
                [Op.SLIDE, Op.SLIDE_STRICT], match, build, params=(("u", u),), group=G,
                guard="s < u, s | u, u + n - s <= N; the window count must be a multiple of u/s with exactly equal "
                      "types (slideStrict: symbolic, a divisibility constraint; slide: only with known lengths)")


def slide_tiling_2d(u) -> Rule:
    """slideND(n1, n2, s1, s2) << x -> overlapping tiles of windows, the windows re-assembled in place."""
    u = _size(u)

    def match(e: FunCall, ctx: Ctx):
        p: Prim = e.f  # type: ignore[assignment]
        if len(p.static) != 4:
            return None
        n1, n2, s1, s2 = p.static
        strict = p.op is Op.SLIDE_STRICT_ND
        xt = _array(ctx.arg_type())
        if xt is None or not isinstance(xt.elem, ArrayType):
            return None
        if not (_tileable(ctx, u, n1, s1, xt.n, strict) and _tileable(ctx, u, n2, s2, xt.elem.n, strict)):
            return None
        return {"p": p, "x": e.args[0]}

    def build(b, ctx):
        p: Prim = b["p"]
        n1, n2, s1, s2 = p.static
        fr = ctx.fresh
        tiles = prim(p.op, u + n1 - s1, u + n2 - s2, u, u)
        windows = prim(Op.MAP_ND, 2, funs=(eta_lambda(p, ctx),))
        swap = _map(fresh_lam(fr, "t", lambda t: FunCall(prim(Op.TRANSPOSE), (t,))))
        rows = _map(fresh_lam(fr, "r", lambda r: FunCall(prim(Op.JOIN), (r,))))
        return chain(b["x"], rows, prim(Op.JOIN), swap, windows, tiles)

    return rule(f"slideTiling2D({u})",
                "slideND(n1, n2, s1, s2) << x -> map(join) << join << map(transpose) << mapND(2, slideND(n1, n2, "
                "s1, s2)) << slideND(u+n1-s1, u+n2-s2, u, u) << x",
                [Op.SLIDE_ND, Op.SLIDE_STRICT_ND], match, build, params=(("u", u),), group=G,
                guard="2-D; per dimension as slideTiling (u x u tile steps)")


# --- pad / crop ---------------------------------------------------------------------------------------------
def pad_crop(m) -> Rule:
    """map(f) << x -> pad(0, -r) << map(f) << pad(0, r, 0) << x, r = m * ceil(N/m) - N"""
    assert isinstance(m, int) and m > 1, "padCrop takes a constant multiple"
    m = _size(m)

    def match(e: FunCall, ctx: Ctx):
        xt, rt = _array(ctx.arg_type()), _array(ctx.type())
        if xt is None or rt is None or _has_tuple(xt) or _has_tuple(rt):
            return None
        if not concrete(e.f.funs[0]):  # type: ignore[union-attr]
            return None  # a layout-only map (map(join)): the pad would land on the write side of its producer
        vn = ctx.value(xt.n)
        if vn is not None and vn % int(m) == 0:
            return None
        return {"p": e.f, "x": e.args[0], "xt": xt, "rt": rt}

    def build(b, ctx):
        n = b["xt"].n
        r = sympy.Integer((-int(n)) % int(m)) if isinstance(n, sympy.Integer) else \
            arith.simplify(m * sympy.ceiling(n / m) - n)
        padded = FunCall(prim(Op.PAD, 0, r), (zero_of(b["xt"]), b["x"]))
        mapped = FunCall(b["p"], (padded,))
        return FunCall(prim(Op.PAD, 0, -r), (zero_of(b["rt"]), mapped))

    return rule(f"padCrop({m})", "mapK(f) << x -> pad(0, -r) << mapK(f) << pad(0, r, 0) << x   (N + r = m*ceil(N/m))",
                [Op.MAP], match, build, params=(("m", m),), group=G,
                guard="f computes (calls a user function); x : [T]N with N not a known multiple of m; no tuples "
                      "in T or the result")


# --- vectorisation (R4) ---------------------------------------------------------------------------------------
def _scalar_uf(f) -> tuple[UserFun, Op | None] | None:
    """(u, space) when f is u, toX(u), y => u(y) or y => toX(u) << y for a unary user function u."""
    u = unary_userfun(f)
    if u is not None:
        return u, None
    if isinstance(f, Prim) and f.op in (Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE):
        u = unary_userfun(f.funs[0])
        return (u, f.op) if u is not None else None
    pb = map_body(f)
    if pb is not None:
        q, body = pb
        if isinstance(body, FunCall) and body.args == (q,) and isinstance(body.f, Prim):
            return _scalar_uf(body.f)
    return None


def _vec_fun(v, u: UserFun, space: Op | None) -> Prim:
    vf = prim(Op.VECTORISE, v, funs=(u,))
    return prim(space, funs=(vf,)) if space is not None else vf


def vectorise_map(v) -> Rule:
    """mapK(u) << x -> asScalar << mapK(vectorise(v, u)) << asVector(v) << x"""
    v = _size(v)

    def match(e: FunCall, ctx: Ctx):
        su = _scalar_uf(e.f.funs[0])  # type: ignore[union-attr]
        xt, rt = _array(ctx.arg_type()), _array(ctx.type())
        if su is None or xt is None or rt is None:
            return None
        if not (isinstance(xt.elem, ScalarType) and isinstance(rt.elem, ScalarType)) or xt.elem.name == "bool":
            return None
        if not ctx.divides(v, xt.n) or not ctx.lt(v, xt.n):
            return None
        return {"p": e.f, "u": su[0], "space": su[1], "x": e.args[0]}

    def build(b, ctx):
        p: Prim = b["p"]
        mp = Prim(p.op, p.static, (_vec_fun(v, b["u"], b["space"]),))
        return chain(b["x"], prim(Op.AS_SCALAR), mp, prim(Op.AS_VECTOR, v))

    return rule(f"vectorise({v})", "mapK(u) << x -> asScalar << mapK(vectorise(v, u)) << asVector(v) << x",
                MAPS, match, build, params=(("v", v),), group=G,
                guard="u a unary scalar user function (optionally in toX); x : [S]N scalar, v | N, v < N")


def vectorise_zip(v) -> Rule:
    """mapK(t => u(get(i) t, ...)) << zip(a, ...) -> asScalar << mapK(t => vectorise(v, u)(get(i) t, ...))
    << zip(asVector(v) << a, ...)"""
    v = _size(v)

    def match(e: FunCall, ctx: Ctx):
        pb = map_body(e.f.funs[0])  # type: ignore[union-attr]
        z = e.args[0]
        if pb is None or not _is(z, Op.ZIP):
            return None
        t, body = pb
        if not isinstance(body, FunCall):
            return None
        uf, space = body.f, None
        if isinstance(uf, Prim) and uf.op in (Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE) and isinstance(
                uf.funs[0], UserFun):
            uf, space = uf.funs[0], uf.op
        if not isinstance(uf, UserFun):
            return None
        for a in body.args:
            if not (_is(a, Op.GET) and a.args == (t,)):  # type: ignore[union-attr]
                return None
        rt = _array(ctx.type())
        zpath = (*ctx.path, 1)
        ats = [_array(ctx.typing.of.get((*zpath, i + 1))) for i in range(len(z.args))]  # type: ignore[union-attr]
        if rt is None or not isinstance(rt.elem, ScalarType) or rt.elem.name == "bool":
            return None
        for arg_t in ats:
            if arg_t is None or not isinstance(arg_t.elem, ScalarType) or arg_t.elem.name == "bool":
                return None
        if not ctx.divides(v, rt.n) or not ctx.lt(v, rt.n):
            return None
        return {"p": e.f, "u": uf, "space": space, "gets": body.args, "zip": z}

    def build(b, ctx):
        p: Prim = b["p"]
        vf = _vec_fun(v, b["u"], b["space"])
        idx = [g.f.static[0] for g in b["gets"]]
        f = fresh_lam(ctx.fresh, "t", lambda t: FunCall(vf, tuple(FunCall(prim(Op.GET, i), (t,)) for i in idx)))
        z: FunCall = b["zip"]
        vz = FunCall(z.f, tuple(chain(a, prim(Op.AS_VECTOR, v)) for a in z.args))
        return chain(vz, prim(Op.AS_SCALAR), Prim(p.op, p.static, (f,)))

    return rule(f"vectoriseZip({v})",
                "mapK(t => u(get(i) t, ...)) << zip(a, ...) -> asScalar << mapK(t => vectorise(v, u)(get(i) t, ...))"
                " << zip(asVector(v) << a, ...)", MAPS, match, build, params=(("v", v),), group=G,
                guard="every zipped array and the result are scalar arrays of length N; v | N, v < N")


# --- let: hoisting (Fig 2.11) and prefetching (R8) ---------------------------------------------------------------
_LOOPS = MAPS | REDUCES | {Op.ITERATE}


def _loop_for(ctx: Ctx):
    """The innermost loop (map, reduce or iterate call) whose function contains the site, if the site does not
    use any name bound inside that function."""
    enc = [e for e in ctx.enclosing if e.op in _LOOPS]
    if not enc:
        return None
    loop = enc[-1]
    if free_vars(ctx.node) & ctx.binders_below(loop.path):
        return None
    return loop


def _let_build(b: Bindings, ctx: Ctx, value: Expr):
    loop_path = b["at"]
    rel = ctx.path[len(loop_path):]
    loop = at(ctx.program, loop_path)
    p = ctx.fresh.param("pre")
    body = replace_at(loop, rel, p)
    return FunCall(prim(Op.LET, funs=(Lambda((p,), body),)), (value,))  # type: ignore[arg-type]


def _let_hoist_match(e, ctx: Ctx):
    if not isinstance(e, FunCall) or not concrete(e) or _is(e, Op.LET):
        return None
    loop = _loop_for(ctx)
    if loop is None:
        return None
    return {"at": loop.path, "e": e}


LET_HOIST = rule("letHoist", "loop(... e ...) -> let(p => loop(... p ...)) << e   (e invariant in the loop)",
                 [EXPR], _let_hoist_match, lambda b, ctx: _let_build(b, ctx, b["e"]), group=G,
                 guard="e a computation (contains a user function) inside the function of a map/reduce/iterate, "
                       "using no name bound inside that function; the innermost such loop is rewritten")


def _prefetch(space: Op, name: str) -> Rule:
    def match(e, ctx: Ctx):
        if isinstance(e, Literal) or (isinstance(e, FunCall) and concrete(e)):
            return None
        t = ctx.type()
        if not isinstance(t, ArrayType) or not isinstance(base_type(t), ScalarType | VectorType):
            return None
        loop = _loop_for(ctx)
        if loop is None or not any(en.op in MAPS for en in ctx.enclosing[: ctx.enclosing.index(loop)]):
            return None
        if space is Op.TO_LOCAL and not ctx.inside(Op.MAP_WRG):
            return None
        return {"at": loop.path, "e": e, "t": t}

    def build(b, ctx):
        cp = copy_fun(b["t"], space, ctx.fresh)
        return _let_build(b, ctx, FunCall(cp, (b["e"],)))  # type: ignore[arg-type]

    where = "private" if space is Op.TO_PRIVATE else "local"
    return rule(name, f"loop(... x ...) -> let(p => loop(... p ...)) << map(to{where.title()}(id)) << x", [EXPR],
                match, build, group=G,
                guard="x an array view (no user function) of scalars/vectors used inside an inner loop that is "
                      "itself inside a map, invariant in that loop" +
                      (" (local: inside a mapWrg)" if space is Op.TO_LOCAL else ""))


PREFETCH_PRIVATE = _prefetch(Op.TO_PRIVATE, "prefetchPrivate")
PREFETCH_LOCAL = _prefetch(Op.TO_LOCAL, "prefetchLocal")


# --- macro expansion (R10) -------------------------------------------------------------------------------------
def _expand_match(e: FunCall, ctx: Ctx):
    return {"e": e, "t": ctx.arg_type()}


def _expand_build(b, ctx):
    return expand_call(b["e"], b["t"])


EXPAND_MACRO = rule("expandMacro", "macro(...) << x -> its expansion (Fig 2.9)", MACROS, _expand_match,
                    _expand_build, group=G, guard="any macro call")


def algorithmic_rules() -> tuple[Rule, ...]:
    return (
        *(split_join(n) for n in SPLIT_SIZES),
        JOIN_SPLIT,
        MAP_FUSION,
        MAP_FISSION,
        REDUCE_MAP_FUSION,
        *(partial_reduce(n) for n in SPLIT_SIZES),
        *(reorder_reduce(s) for s in STRIDES),
        TRANSPOSE_BOTH_SIDES,
        MAP_SPLIT_TRANSPOSE,
        SPLIT_TRANSPOSE,
        TRANSPOSE_MAP_SPLIT,
        TRANSPOSE_MAP_JOIN,
        JOIN_SWAP,
        MAP_JOIN,
        *(reorder_stride(s) for s in STRIDES),
        *(slide_tiling(u) for u in TILE_STEPS),
        *(slide_tiling_2d(u) for u in TILE_STEPS),
        *(pad_crop(m) for m in PAD_MULTIPLES),
        *(vectorise_map(v) for v in VECTOR_WIDTHS),
        *(vectorise_zip(v) for v in VECTOR_WIDTHS),
        LET_HOIST,
        PREFETCH_PRIVATE,
        PREFETCH_LOCAL,
        EXPAND_MACRO,
    )

