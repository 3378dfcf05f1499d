"""The eleven rewrite points of thesis §6.2.5 (Listings 6.2, 6.5-6.15) as data: parameters, pattern, rewrite
and the RPs each inserts. Decisions on the "(inferred)" and defective points are in docs/rewrite_points.md.

Notation in the comments: `f o g` is composition, `<<` application, as in the thesis.
"""

from __future__ import annotations

import itertools

import sympy

from ...ir.build import call, get, prim
from ...ir.node import FunCall, FunDecl, Lambda, Literal, Param, Prim, RewritePoint, UserFun
from ...ir.ops import Op
from ...ir.terms import chain, concrete, count_uses, free_vars, replace_sub
from ...ir.userfuns import ADD, ID, MAX, MIN, MULT
from ...types import ArrayType, ScalarType, TupleType, Type, VectorType, array_lengths, base_type
from .core import Kind, NoMatch, PointSite, peel, register, wrap

SPACES = {"global": Op.TO_GLOBAL, "local": Op.TO_LOCAL, "private": Op.TO_PRIVATE}
SPACE_NAMES = tuple(SPACES)


# --- small builders ----------------------------------------------------------------------------------------
def nest_map(depth: int, f: FunDecl) -> FunDecl:
    for _ in range(depth):
        f = prim(Op.MAP, funs=(f,))
    return f


def unary(site: PointSite, base: str, body) -> Lambda:
    x = site.fresh.param(base)
    return Lambda((x,), body(x))


def deep_copy(t: Type, space: Op | None) -> FunDecl | None:
    """Element-wise copy of a value of type t: `toMem(id)` (or `id`) on scalars, maps of it on arrays."""
    if isinstance(t, ScalarType | VectorType):
        return ID if space is None else prim(space, funs=(ID,))
    if isinstance(t, ArrayType):
        inner = deep_copy(t.elem, space)
        return None if inner is None else prim(Op.MAP, funs=(inner,))
    return None


def wrap_array(t: Type, lengths) -> Type:
    for n in reversed(list(lengths)):
        t = ArrayType(t, n)
    return t


# --- pattern helpers -----------------------------------------------------------------------------------------
def map_fun(f: FunDecl) -> FunDecl | None:
    """g when f is `map(g)`, `mapND(k, g')` (then g = mapND(k-1, g') or g') or `x => map(g) << x`."""
    if isinstance(f, Lambda) and len(f.params) == 1:
        b, x = f.body, f.params[0]
        if isinstance(b, FunCall) and b.args == (x,) and x.name not in free_vars(b.f):
            return map_fun(b.f)
        return None
    if isinstance(f, Prim) and f.op is Op.MAP:
        return f.funs[0]
    if isinstance(f, Prim) and f.op is Op.MAP_ND:
        k = f.int_static(0)
        return f.funs[0] if k == 1 else prim(Op.MAP_ND, k - 1, funs=f.funs)
    return None


def map_nest(f: FunDecl, limit: int | None = None) -> tuple[int, FunDecl]:
    """(depth, innermost function) of a perfect nest of maps (at most `limit` deep)."""
    depth = 0
    while limit is None or depth < limit:
        g = map_fun(f)
        if g is None:
            break
        depth, f = depth + 1, g
    return depth, f


def stages(f: FunDecl) -> list[FunDecl]:
    """f as a composition s0 o s1 o ... (s_last applied first) of unary functions; [f] when it is not a chain.
    `x => x` is the empty composition."""
    if not (isinstance(f, Lambda) and len(f.params) == 1):
        return [f]
    x = f.params[0]
    out: list[FunDecl] = []
    cur = f.body
    while cur != x:
        if not isinstance(cur, FunCall) or x.name in free_vars(cur.f) or \
                any(x.name in free_vars(a) for a in cur.args[:-1]):
            return [*out, Lambda((x,), cur)]
        if len(cur.args) == 1:
            out.append(cur.f)
        else:
            y = Param(x.name)  # the stage's own binder: x is not free in its lead data
            out.append(Lambda((y,), FunCall(cur.f, (*cur.args[:-1], y))))
        cur = cur.args[-1]
    return out


def compose_all(site: PointSite, fs: list[FunDecl]) -> FunDecl:
    """fs[0] o fs[1] o ... as one function (the identity lambda when empty)."""
    if len(fs) == 1:
        return fs[0]
    return unary(site, "x", lambda x: chain(x, *fs))


def writes(f: FunDecl) -> bool:
    """Concrete (Lift's isConcrete): contains a user function, or a materialise RP (which writes)."""
    if isinstance(f, RewritePoint) and f.kind == "materialise":
        return True
    return concrete(f) or any(writes(c) for c in f.children() if isinstance(c, FunDecl))


def _is_param(e, p: Param) -> bool:
    return isinstance(e, Param) and e.name == p.name


def nested_maps_2(core: FunDecl) -> tuple[Param, Param, Param, FunDecl]:
    """(a, b, x, G) when core is `(a, b) => map(x => map(G) << b) << a`, with a and b used only there."""
    if not (isinstance(core, Lambda) and len(core.params) == 2):
        raise NoMatch("the input function is not a function of two arrays (a, b) => ...")
    a, b = core.params
    body = core.body
    if not (isinstance(body, FunCall) and isinstance(body.f, Prim) and body.f.op is Op.MAP
            and len(body.args) == 1 and _is_param(body.args[0], a)):
        raise NoMatch("the body is not map(...) << a over the first argument")
    F = body.f.funs[0]
    if not (isinstance(F, Lambda) and len(F.params) == 1) or a.name in free_vars(F):
        raise NoMatch("the outer map's function is not x => ... independent of a")
    inner = F.body
    if not (isinstance(inner, FunCall) and isinstance(inner.f, Prim) and inner.f.op is Op.MAP
            and len(inner.args) == 1 and _is_param(inner.args[0], b)):
        raise NoMatch("the outer map's body is not map(...) << b over the second argument")
    return a, b, F.params[0], inner.f.funs[0]


# ================================================================================================================
# RP1 splitJoinND (Listing 6.2): nestedRPs(map(f)) -> joinND o nestedRPs(map^(K+1)(f)) o splitND(tileSizes)
# ================================================================================================================
def _sj_match(site: PointSite):
    g = map_fun(site.core)
    if g is None:
        raise NoMatch("the input function is not map(f)")
    return g


def _sj_rewrite(k: int):
    def rewrite(site: PointSite, g: FunDecl) -> FunDecl:
        ts = [site.value(f"tileSize{i}") for i in range(k)]
        tiled = wrap(site.nested, nest_map(k + 1, g))
        split = prim(Op.SPLIT, ts[0]) if k == 1 else prim(Op.SPLIT_ND, *ts)
        join = prim(Op.JOIN) if k == 1 else prim(Op.JOIN_ND, k + 1)
        return unary(site, "x", lambda x: chain(x, join, tiled, split))
    return rewrite


for _k in (1, 2, 3):
    register(Kind(f"splitJoin{_k}D", lambda args: (),
                  (lambda k: lambda args: tuple(f"tileSize{i}" for i in range(k)))(_k),
                  True, _sj_match, _sj_rewrite(_k), doc="tiling: map(f) over [T]n as K+1 nested maps"))


# ================================================================================================================
# RP2 joinSplitND (Listing 6.5): nestedRPs(mapND_k(f)) -> splitND(n_2..n_k) o nestedRPs(map(f)) o joinND_k
# ================================================================================================================
def map_sink(f: FunDecl, i: int, limit: int | None):
    """Where argument i of f flows, unchanged, into a perfect map nest whose result is f's result: through
    lambdas (the parameter used once, passed as is), oclKernel and rewrite points (Listing 6.4 line 7's
    joinSplitND wraps `padExtra1D(kernelFission(w => oclKernel(...)(w, ...)))` whose mapND2 is deep inside).
    Returns (depth, innermost function, rebuild) with rebuild(h) = f with that map nest replaced by h, or None."""
    if isinstance(f, RewritePoint):
        r = map_sink(f.fun, i, limit)
        return r and (r[0], r[1], lambda h, f=f, r=r: RewritePoint(f.kind, f.label, r[2](h), f.args))
    if isinstance(f, Prim) and f.op is Op.OCL_KERNEL:
        r = map_sink(f.funs[0], i, limit)
        return r and (r[0], r[1], lambda h, r=r: prim(Op.OCL_KERNEL, funs=(r[2](h),)))
    if isinstance(f, Prim) and f.op in (Op.MAP, Op.MAP_ND) and i == 0:
        depth, g = map_nest(f, limit)
        return depth, g, lambda h: h
    if isinstance(f, Lambda) and i < len(f.params):
        q, body = f.params[i], f.body
        if not isinstance(body, FunCall) or count_uses(body, q.name) != 1 or q.name in free_vars(body.f):
            return None
        where = [j for j, a in enumerate(body.args) if _is_param(a, q)]
        if len(where) != 1:
            return None
        r = map_sink(body.f, where[0], limit)
        return r and (r[0], r[1], lambda h, r=r: Lambda(f.params, FunCall(r[2](h), body.args)))
    return None


def _js_match(k: int | None):
    def match(site: PointSite):
        found = map_sink(site.core, 0, k) if len(site.ins) == 1 else None
        if found is None or found[0] == 0 or (k is not None and found[0] < k):
            raise NoMatch(f"the argument does not flow into a nest of {k or 'one or more'} maps that gives the result")
        depth, g, rebuild = found
        lens = array_lengths(site.ins[0])[:depth]
        if len(lens) < depth:
            raise NoMatch("the argument is not an array of the nest's rank")
        return depth, g, lens, rebuild
    return match


def _js_rewrite(site: PointSite, comps) -> FunDecl:
    depth, g, lens, rebuild = comps
    flat = wrap(site.nested, rebuild(prim(Op.MAP, funs=(g,))))
    if depth == 1:
        return flat
    return unary(site, "x", lambda x: chain(x, prim(Op.SPLIT_ND, *lens[1:]), flat, prim(Op.JOIN_ND, depth)))


register(Kind("joinSplitND", lambda args: (), lambda args: (), True, _js_match(None), _js_rewrite,
              doc="flattening of the whole perfect map nest"))
for _k in range(2, 7):
    register(Kind(f"joinSplit{_k}D", lambda args: (), lambda args: (), True, _js_match(_k), _js_rewrite,
                  doc="flattening of the outer K maps"))


# ================================================================================================================
# RP6 materialise (Listing 6.10): f: T => [U]N  ->  joinSplitND(splitJoin3D(mapND(toMem(targetMem)(id)))) o f
# ================================================================================================================
def _mat_match(site: PointSite):
    out = site.out
    if not isinstance(out, ArrayType) or not isinstance(base_type(out), ScalarType | VectorType):
        raise NoMatch(f"the result type {out} is not an array of scalars or vectors")
    return len(array_lengths(out))


def _mat_rewrite(site: PointSite, r: int) -> FunDecl:
    space = SPACES[site.value("targetMem")]
    copy = nest_map(r, prim(space, funs=(ID,)))
    mat = site.insert("joinSplitND", "joinSplitND", site.insert("splitJoin3D", "splitJoinND", copy))
    fs = stages(site.core)
    return compose_all(site, [mat, *fs])


register(Kind("materialise", lambda args: (("targetMem", SPACE_NAMES),), lambda args: (), False,
              _mat_match, _mat_rewrite, inserts={"joinSplitND": "joinSplitND", "splitJoinND": "splitJoin3D"},
              doc="copy the result element by element into targetMem"))


# ================================================================================================================
# RP7 optimiseDataLayout(n) (Listing 6.11): f o g -> f o restoreOrderOnRead o reorderOnWrite o g
# ================================================================================================================
def _odl_args(args) -> str | None:
    if len(args) != 1 or not isinstance(args[0], int) or args[0] < 1:
        return "takes one argument n >= 1 (the number of split factors)"
    return None


def _odl_match(site: PointSite):
    fs = stages(site.core)
    if len(site.ins) != 1 or not fs:
        raise NoMatch("the input function is not a composition f o g of one argument")
    g = fs[-1]
    if not writes(g):
        raise NoMatch("g (the first function applied) does not write memory: no user function in it")
    gt = site.type_of(g, site.ins)
    if not isinstance(gt, ArrayType) or not isinstance(base_type(gt), ScalarType | VectorType):
        raise NoMatch(f"g returns {gt}, not an array of scalars or vectors")
    return fs[:-1], g, array_lengths(gt)


def _odl_rewrite(site: PointSite, comps) -> FunDecl:
    f, g, lens = comps
    n = site.args[0]
    order = tuple(site.value("newDimOrder"))
    inv = tuple(order.index(d) for d in range(n + 1))
    factors = [site.value(f"factor{i}") for i in range(1, n + 1)]
    r = len(lens)
    write = [prim(Op.TRANSPOSE_W_ND, *order), prim(Op.SPLIT_ND, *factors)] + ([prim(Op.JOIN_ND, r)] if r > 1 else [])
    read = ([prim(Op.SPLIT_ND, *lens[1:])] if r > 1 else []) + [prim(Op.JOIN_ND, n + 1), prim(Op.TRANSPOSE_ND, *inv)]
    return compose_all(site, [*f, *read, *write, g])


register(Kind("optimiseDataLayout",
              lambda args: (("newDimOrder", tuple(itertools.permutations(range(args[0] + 1)))),),
              lambda args: tuple(f"factor{i}" for i in range(1, args[0] + 1)), False, _odl_match, _odl_rewrite,
              arg_check=_odl_args, doc="reorder g's written layout, f reads through the inverse"))


# ================================================================================================================
# RP5 kernelFission (Listing 6.9): f o g -> optimiseDataLayout(f o oclKernel(materialise(g)))
# ================================================================================================================
def _kf_args(args) -> str | None:
    if len(args) > 1 or (args and (not isinstance(args[0], int) or args[0] < 1)):
        return "takes at most one argument n >= 1 (the inserted optimiseDataLayout's n)"
    return None


def _kf_match(site: PointSite):
    if len(site.ins) != 1:
        raise NoMatch("kernel fission needs a function of one argument")
    fs = stages(site.core)
    if len(fs) >= 2 and writes(fs[-1]):
        return fs[:-1], fs[-1]
    return fs, None  # g is the identity: the argument itself is materialised in its own kernel


def _kf_rewrite(site: PointSite, comps) -> FunDecl:
    f, g = comps
    n = site.args[0] if site.args else 1
    g = g if g is not None else unary(site, "p", lambda p: p)
    kernel = prim(Op.OCL_KERNEL, funs=(site.insert("materialise", "materialise", g),))
    return site.insert("optimiseDataLayout", "optimiseDataLayout", compose_all(site, [*f, kernel]), n)


register(Kind("kernelFission", lambda args: (), lambda args: (), False, _kf_match, _kf_rewrite,
              inserts={"optimiseDataLayout": "optimiseDataLayout", "materialise": "materialise"},
              restrict={"materialise": {"targetMem": ("global",)}}, arg_check=_kf_args,
              doc="g (or the argument) materialised in global memory by a separate kernel"))


# ================================================================================================================
# RP8 interchangeMaps (Listing 6.12): (a, b) => nestedRPs(map(map(f) << b)) << a
#                                    -> (a, b) => transposeW o nestedRPs(map(map(f) << a)) << b
# ================================================================================================================
def _im_match(site: PointSite):
    if not (isinstance(site.core, Lambda) and len(site.core.params) == 2):
        raise NoMatch("the input function is not a function of two arrays (a, b) => ...")
    a, b = site.core.params
    body = site.core.body
    if not (isinstance(body, FunCall) and isinstance(body.f, Prim) and body.f.op is Op.MAP
            and len(body.args) == 1 and _is_param(body.args[0], a)):
        raise NoMatch("the body is not map(...) << a over the first argument")
    F = body.f.funs[0]
    if not (isinstance(F, Lambda) and len(F.params) == 1) or a.name in free_vars(F):
        raise NoMatch("the outer map's function is not x => ... independent of a")
    lets = []
    e = F.body
    while isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is Op.LET and isinstance(e.f.funs[0], Lambda):
        if b.name in free_vars(e.args[0]):
            raise NoMatch("a let between the two maps depends on b")
        lets.append((e.f.funs[0].params[0], e.args[0]))
        e = e.f.funs[0].body
    if not (isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is Op.MAP and len(e.args) == 1
            and _is_param(e.args[0], b)):
        raise NoMatch("the outer map's body is not map(...) << b over the second argument")
    return a, b, F.params[0], lets, e.f.funs[0]


def _im_rewrite(site: PointSite, comps) -> FunDecl:
    a, b, x, lets, g = comps
    y = site.fresh.param("y")
    body = call(g, y)
    for v, e in reversed(lets):
        body = call(prim(Op.LET, funs=(Lambda((v,), body),)), e)
    inner = Lambda((y,), call(prim(Op.MAP, funs=(Lambda((x,), body),)), a))
    swapped = Lambda((b, a), call(prim(Op.MAP, funs=(inner,)), b))
    a2, b2 = site.fresh.param("a"), site.fresh.param("b")
    return Lambda((a2, b2), call(prim(Op.TRANSPOSE_W), call(wrap(site.nested, swapped), b2, a2)))


register(Kind("interchangeMaps", lambda args: (), lambda args: (), True, _im_match, _im_rewrite,
              doc="swap two nested maps over independent arrays; transposeW keeps the result order"))


# ================================================================================================================
# RP3 abTile (Listing 6.6): AB-tiling with optional prefetching and interchange of the tile maps
# ================================================================================================================
def _ab_match(site: PointSite):
    nested_maps_2(site.core)
    return None


def _ab_rewrite(site: PointSite, _comps) -> FunDecl:
    ta, tb = site.value("tileSizeA"), site.value("tileSizeB")
    fr = site.fresh
    tile_a, copy_a, tile_b, copy_b = fr.param("tileA"), fr.param("tileACopy"), fr.param("tileB"), fr.param("tileBCopy")
    ident = unary(site, "p", lambda p: p)
    inner = call(wrap(site.nested, site.core), copy_a, copy_b)
    tiles_a, tiles_b = fr.param("tilesA"), fr.param("tilesB")
    mat_a, mat_b = site.insert("materialise", "materialiseA", ident), site.insert("materialise", "materialiseB", ident)
    let_b = call(prim(Op.LET, funs=(Lambda((copy_b,), inner),)), call(mat_b, tile_b))
    map_b = call(prim(Op.MAP, funs=(Lambda((tile_b,), let_b),)), tiles_b)
    let_a = call(prim(Op.LET, funs=(Lambda((copy_a,), map_b),)), call(mat_a, tile_a))
    tile_maps = Lambda((tiles_a, tiles_b), call(prim(Op.MAP, funs=(Lambda((tile_a,), let_a),)), tiles_a))
    im = site.insert("interchangeMaps", "interchangeMaps", tile_maps)
    a, b = fr.param("a"), fr.param("b")
    # (inferred) map(transposeW): the listing's map(join) o join alone does not restore [[U]M]N
    out = chain(call(im, call(prim(Op.SPLIT, ta), a), call(prim(Op.SPLIT, tb), b)),
                prim(Op.MAP, funs=(prim(Op.JOIN),)), prim(Op.JOIN), prim(Op.MAP, funs=(prim(Op.TRANSPOSE_W),)))
    return Lambda((a, b), out)


register(Kind("abTile", lambda args: (), lambda args: ("tileSizeA", "tileSizeB"), True, _ab_match, _ab_rewrite,
              inserts={"interchangeMaps": "interchangeMaps", "materialiseA": "materialise",
                       "materialiseB": "materialise"},
              doc="tile a and b, optionally prefetch each tile (let + materialise), optionally interchange"))


# ================================================================================================================
# RP10 privatiseAccumulator (Listing 6.14): nestedRPs(reduce(init, g)) -> toMem(resultMem)(id) o
#                                           nestedRPs(reduce(toPrivate(id) << init, g))
# ================================================================================================================
def reduce_stage(f: FunDecl) -> tuple[FunCall, Param] | None:
    """(the reduce call, its array parameter) when f is `xs => reduce(init, op) << xs`."""
    if isinstance(f, Lambda) and len(f.params) == 1:
        b, xs = f.body, f.params[0]
        if (isinstance(b, FunCall) and isinstance(b.f, Prim) and b.f.op is Op.REDUCE and _is_param(b.args[1], xs)
                and xs.name not in free_vars(b.args[0]) and xs.name not in free_vars(b.f)):
            return b, xs
    return None


def _pa_match(site: PointSite):
    fs = stages(site.core)
    red = reduce_stage(fs[0]) if fs else None
    if red is None:
        raise NoMatch("the input function does not start (outermost) with reduce(init, g)")
    call_, _ = red
    assert isinstance(site.out, ArrayType)
    acc_t = site.out.elem
    cin, cout = deep_copy(acc_t, Op.TO_PRIVATE), deep_copy(site.out, SPACES["global"])
    if cin is None or cout is None:
        raise NoMatch(f"the accumulator type {acc_t} holds tuples: it cannot be copied element by element")
    return call_, fs[1:], acc_t


def _pa_rewrite(site: PointSite, comps) -> FunDecl:
    red, rest, acc_t = comps
    init, op = red.args[0], red.f
    priv = unary(site, "xs", lambda xs: call(op, call(deep_copy(acc_t, Op.TO_PRIVATE), init), xs))
    out_copy = deep_copy(site.out, SPACES[site.value("resultMem")])
    return compose_all(site, [out_copy, wrap(site.nested, priv), *rest])


register(Kind("privatiseAccumulator", lambda args: (("resultMem", SPACE_NAMES),), lambda args: (), True,
              _pa_match, _pa_rewrite, doc="accumulator initialised in private memory, result copied to resultMem"))


# ================================================================================================================
# RP9 interchangeReduceND (Listing 6.13): nestedRPs(reduce(map(f) o g)) -> the reduction sunk into the map nest
# ================================================================================================================
def binary_of_tuple(h: FunDecl) -> UserFun | None:
    """u when h is `t => u(get(0) << t, get(1) << t)`."""
    if isinstance(h, Lambda) and len(h.params) == 1 and isinstance(h.body, FunCall) and \
            isinstance(h.body.f, UserFun) and len(h.body.args) == 2:
        t = h.params[0]
        if all(isinstance(a, FunCall) and isinstance(a.f, Prim) and a.f.op is Op.GET and a.f.int_static(0) == i
               and _is_param(a.args[0], t) for i, a in enumerate(h.body.args)):
            return h.body.f
    return None


def elementwise(depth: int, u: UserFun, fresh) -> FunDecl:
    """(acc, y) => u applied element by element over `depth` array dimensions."""
    if depth == 0:
        return u
    inner = elementwise(depth - 1, u, fresh)
    acc, y, t = fresh.param("acc"), fresh.param("y"), fresh.param("t")
    h = Lambda((t,), call(inner, call(get(0), t), call(get(1), t)))
    return Lambda((acc, y), call(prim(Op.MAP, funs=(h,)), call(prim(Op.ZIP), acc, y)))


def _ir_match(site: PointSite):
    fs = stages(site.core)
    red = reduce_stage(fs[0]) if len(fs) == 1 else None
    if red is None:
        raise NoMatch("the input function is not reduce(init, op)")
    call_, _ = red
    init, op = call_.args[0], call_.f.funs[0]
    if not isinstance(init, Literal):
        raise NoMatch("the reduction's init is not a value(...) literal")
    if not (isinstance(op, Lambda) and len(op.params) == 2):
        raise NoMatch("the operator is not (acc, x) => map(f) << zip(acc, g(x))")
    acc, x = op.params
    b = op.body
    if not (isinstance(b, FunCall) and isinstance(b.f, Prim) and b.f.op is Op.MAP and isinstance(b.args[0], FunCall)
            and isinstance(b.args[0].f, Prim) and b.args[0].f.op is Op.ZIP and len(b.args[0].args) == 2
            and _is_param(b.args[0].args[0], acc) and acc.name not in free_vars(b.args[0].args[1])):
        raise NoMatch("the operator is not (acc, x) => map(f) << zip(acc, g(x))")
    u = binary_of_tuple(b.f.funs[0])
    if u is None:
        raise NoMatch("the element operator is not t => u(get(0) << t, get(1) << t) for a user function u")
    out = site.out
    if not (isinstance(out, ArrayType) and isinstance(out.elem, ArrayType) and isinstance(out.elem.elem, ScalarType)):
        raise NoMatch(f"the reduction result {out} is not [[S]L]1 for a scalar S")
    return init, u, Lambda((x,), b.args[0].args[1]), out.elem.n, out.elem.elem


def _ir_rewrite(k: int):
    def rewrite(site: PointSite, comps) -> FunDecl:
        init, u, g, length, s = comps
        d = site.value("newReduceDim")
        factors = [site.value(f"factor{i}") for i in range(k - 2)]
        prod = sympy.Integer(1)
        for f in factors:
            prod *= f
        dims = [length / prod, *factors]  # the K-1 dimensions of one flattened element after the split
        pre = prim(Op.MAP, funs=(compose_all(site, [prim(Op.SPLIT_ND, *factors), g]) if factors else g,))
        perm = (*range(1, d + 1), 0, *range(d + 1, k))
        acc_t = wrap_array(s, dims[d:])
        red = unary(site, "xs", lambda xs: call(prim(Op.REDUCE, funs=(elementwise(k - 1 - d, u, site.fresh),)),
                                                Literal(init.value, acc_t), xs))
        body = nest_map(d, wrap(site.nested, red))
        return unary(site, "x", lambda x: chain(x, prim(Op.SPLIT, length), prim(Op.JOIN_ND, k), body,
                                                prim(Op.TRANSPOSE_ND, *perm), pre))
    return rewrite


for _k in range(2, 7):
    register(Kind(f"interchangeReduce{_k}D",
                  (lambda k: lambda args: (("newReduceDim", tuple(range(1, k))),))(_k),
                  (lambda k: lambda args: tuple(f"factor{i}" for i in range(k - 2)))(_k),
                  True, _ir_match, _ir_rewrite(_k), doc="sink a reduction over arrays into its element maps"))


# ================================================================================================================
# RP4 tileNestedMapReduce(reduceFun) (Listing 6.8): reduction tiling of (a, b) => map(rowA => map(rowB =>
#   reduce(init, f) o map(g) << zip(rowA, rowB)) << b) << a
# ================================================================================================================
NEUTRAL = {ADD.name: 0.0, MULT.name: 1.0, MAX.name: float("-inf"), MIN.name: float("inf")}


def _tnmr_args(args) -> str | None:
    if len(args) != 1 or not isinstance(args[0], UserFun) or len(args[0].params) != 2:
        return "takes one argument: the binary user function reduceFun"
    return None


def _tnmr_match(site: PointSite):
    _, _, row_a, G = nested_maps_2(site.core)
    if not (isinstance(G, Lambda) and len(G.params) == 1):
        raise NoMatch("the inner map's function is not rowB => ...")
    row_b = G.params[0]
    z = FunCall(prim(Op.ZIP), (row_a, row_b))
    pairs = site.fresh.param("pairs")
    body = replace_sub(G.body, z, pairs)
    if body is G.body or row_a.name in free_vars(body) or row_b.name in free_vars(body):
        raise NoMatch("the inner body is not h << zip(rowA, rowB) with rowA and rowB used only in the zip")
    fs = stages(Lambda((pairs,), body))
    while fs and isinstance(fs[0], RewritePoint):  # the reduction may itself be annotated
        fs = stages(peel(fs[0])[1])
    st = reduce_stage(fs[0]) if fs else None
    if st is None:
        raise NoMatch("the inner function is not reduce(init, f) o ... on zip(rowA, rowB)")
    red = st[0]
    init = red.args[0]
    rf = site.args[0]
    if not isinstance(init, Literal):
        raise NoMatch("the reduction's init is not a value(...) literal")
    want = NEUTRAL.get(rf.name)
    if want is not None and float(init.value.rstrip("f")) != want:
        raise NoMatch(f"init {init.value} is not the neutral element of {rf.name}: tiles would count it twice")
    out = site.out
    lens = array_lengths(out)
    if len(lens) != 3 or not isinstance(base_type(out), ScalarType):
        raise NoMatch(f"the result type {out} is not [[[S]1]M]N")
    ta, tb = site.ins
    if not (isinstance(ta, ArrayType) and isinstance(ta.elem, ArrayType) and isinstance(tb, ArrayType)):
        raise NoMatch("the arguments are not a: [[T]K]N and b: [[U]K]M")
    return init, lens[0], lens[1], base_type(out)


def _tnmr_rewrite(site: PointSite, comps) -> FunDecl:
    init, n, m, s = comps
    rf: UserFun = site.args[0]
    ts = site.value("tileSize")
    fr = site.fresh
    a, b, t, xs = fr.param("a"), fr.param("b"), fr.param("tileAB"), fr.param("partials")
    matched = wrap(site.nested, site.core)  # matchedMapReduce keeps the nested RPs (Listing 6.8 line 3)

    def tiles(x):
        return chain(x, prim(Op.TRANSPOSE), prim(Op.MAP, funs=(prim(Op.SPLIT, ts),)))

    per_tile = site.insert("splitJoin2D", "splitJoinND",
                           prim(Op.MAP, funs=(Lambda((t,), call(matched, call(get(0), t), call(get(1), t))),)))
    acc, x, e = fr.param("acc"), fr.param("x"), fr.param("t")
    combine = Lambda((acc, x), call(prim(Op.MAP, funs=(Lambda((e,), call(rf, call(get(0), e), call(get(1), e))),)),
                                    call(prim(Op.ZIP), acc, call(prim(Op.JOIN_ND, 3), x))))
    # (inferred) the listing's reduce has no init: the original init broadcast to [S](N*M)
    final = Lambda((xs,), call(prim(Op.REDUCE, funs=(combine,)), Literal(init.value, ArrayType(s, n * m)), xs))
    final = site.insert("interchangeReduce4D", "interchangeReduceND",
                        site.insert("privatiseAccumulator", "privatiseAccumulator", final))
    a2, b2 = a, b
    body = chain(call(per_tile, call(prim(Op.ZIP), tiles(a2), tiles(b2))),
                 prim(Op.MAP, funs=(prim(Op.SPLIT, 1),)), prim(Op.SPLIT, m), prim(Op.JOIN), final)
    return Lambda((a2, b2), body)


register(Kind("tileNestedMapReduce", lambda args: (), lambda args: ("tileSize",), True, _tnmr_match, _tnmr_rewrite,
              inserts={"splitJoinND": "splitJoin2D", "interchangeReduceND": "interchangeReduce4D",
                       "privatiseAccumulator": "privatiseAccumulator"},
              arg_check=_tnmr_args, doc="split the reduced dimension K in tiles; partial and final reductions"))


# ================================================================================================================
# RP11 padExtraND (Listing 6.15): matchedFun -> oclKernel(map(id)) o take(M) o matchedFun o pad((0, p), 0)
# ================================================================================================================
_PREFIX_1D = frozenset({Op.MAP, Op.MAP_ND, Op.JOIN, Op.SPLIT, Op.SLIDE, Op.SLIDE_STRICT, Op.SLIDE_ND,
                        Op.SLIDE_STRICT_ND, Op.TO_GPU, Op.TO_HOST})


def depaddable(f: FunDecl, i: int, dims: int) -> bool:
    """Whether f's result, restricted to its original leading `dims` lengths, is unchanged when its argument i is
    zero-padded at the end of its outer `dims` dimensions (the four restrictions of §6.2.5.11)."""
    if isinstance(f, RewritePoint):
        return depaddable(f.fun, i, dims)
    if isinstance(f, Prim):
        op = f.op
        if op is Op.OCL_KERNEL:
            return depaddable(f.funs[0], i, dims)
        if op.info.nlead or i != 0:
            return False
        if dims == 1:
            return op in _PREFIX_1D
        if op is Op.MAP:
            return depaddable(f.funs[0], 0, dims - 1)
        if op is Op.MAP_ND:
            k = f.int_static(0)
            return k >= dims or depaddable(f.funs[0], 0, dims - k)
        if op in (Op.SLIDE_ND, Op.SLIDE_STRICT_ND):
            return len(f.static) // 2 >= dims
        return op in (Op.TO_GPU, Op.TO_HOST)
    if isinstance(f, Lambda) and i < len(f.params):
        q = f.params[i]
        return count_uses(f.body, q.name) == 1 and _dep_expr(f.body, q.name, dims)
    return False


def _dep_expr(e, name: str, dims: int) -> bool:
    if isinstance(e, Param):
        return e.name == name
    if not isinstance(e, FunCall) or name in free_vars(e.f):
        return False
    where = [j for j, a in enumerate(e.args) if name in free_vars(a)]
    return len(where) == 1 and depaddable(e.f, where[0], dims) and _dep_expr(e.args[where[0]], name, dims)


def _pad_match(k: int):
    def match(site: PointSite):
        if len(site.ins) != 1 or len(array_lengths(site.ins[0])) < k:
            raise NoMatch(f"the argument is not an array of rank >= {k}")
        if len(array_lengths(site.out)) < k:
            raise NoMatch(f"the result {site.out} is not an array of rank >= {k}")
        if isinstance(base_type(site.ins[0]), TupleType) or deep_copy(site.out, None) is None:
            raise NoMatch("the argument or the result holds tuples")
        matched = wrap(site.nested, site.core)
        if not depaddable(matched, 0, k):
            raise NoMatch(f"the input function may reorder or combine its argument's outer {k} dimension(s) "
                          "(only join, split, slide, map, oclKernel and rewrite points keep a padded prefix)")
        return matched, array_lengths(site.out)[:k]
    return match


def _pad_rewrite(k: int):
    def rewrite(site: PointSite, comps) -> FunDecl:
        matched, lens = comps
        ps = [site.value("p")] if k == 1 else [site.value(f"p{i}") for i in range(k)]
        zero = Literal("0", base_type(site.ins[0]))
        if k == 1:
            prepad = unary(site, "x", lambda x: call(prim(Op.PAD, 0, ps[0]), zero, x))
            take = [prim(Op.TAKE, lens[0])]
        else:
            amounts = [v for p in ps for v in (0, p)]
            prepad = unary(site, "x", lambda x: call(prim(Op.PAD_ND, *amounts), zero, x))
            take = [nest_map(j, prim(Op.TAKE, lens[j])) for j in reversed(range(k))]
        depad = prim(Op.OCL_KERNEL, funs=(deep_copy(site.out, None),))
        return compose_all(site, [depad, *take, matched, prepad])
    return rewrite


register(Kind("padExtra1D", lambda args: (), lambda args: ("p",), True, _pad_match(1), _pad_rewrite(1),
              doc="zero-pad the argument by p, compute, keep the first M results in a separate kernel"))
register(Kind("padExtra2D", lambda args: (), lambda args: ("p0", "p1"), True, _pad_match(2), _pad_rewrite(2),
              doc="zero-pad the two outer dimensions by (p0, p1), compute, keep the original extent"))
