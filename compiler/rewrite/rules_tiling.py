"""Tiling rules: the steps of Lift's tiled matrix multiplication (tileMapMap, finishTiling, registerBlocking and
the local/private staging of tiles), each one law. They are not in the per-step catalogue (catalog.py); named
lowerings use them in their derivations (compiler/lowering/derivation.py).

Conventions as in rules_algorithmic.py: `f o g << x` is f(g(x)); `(a, b) => e` is a one-parameter lambda over a
pair whose components are `get(0)` / `get(1)`. Every rule keeps the program's meaning and type (the driver
re-type-checks); parametric rules accept sympy symbols (tuning parameters) and leave divisibility to the tuner.

- multAndSumUpFusion   add(acc, mult(a, b)) -> multAndSumUp(acc, a, b)
- tileColumns(n)       map(x => join << map(y => e) << transpose << Y) << X
                       -> map(join) << transposeW << map(t => map(x => join << map(y => e) << transpose << t) << X)
                          << transpose << map(split(n)) << Y                       (Y free of x)
- tileReduce(k)        map(x => join << map(y => reduce(z, f) << zip(x, y)) << transpose << Y) << X
                       -> join << reduce(value(z), (acc, p) => map((aR, x) => join << map((c, y) =>
                          reduce(c, f) << zip(x, y)) << zip(aR, transpose << p.1)) << zip(acc, p.0))
                          << zip(transpose << map(split(k)) << X, split(k) << Y)
- registerBlocking(r, s, q, p)  the accumulator [m][n] of tileReduce's form as [m/r][n/s][r][s] register blocks,
                       strided (block row i holds rows i, i + m/r, ...), columns in runs of q and rows in runs of p,
                       the k steps of a block an outer product; the result is read back through a write view
- reduceSplitZip(n)    join << reduce(z, f) << zip(transpose << a, b)
                       -> join << reduce(z, (acc, p) => join << reduce(acc, f) << zip(transpose << p.0, p.1))
                          << zip(transpose << map(split(n)) << a, split(n) << b)
- copyInto(space, maps)  x -> toK(map1(map2(... id))) << x                          (a copy of an array)
- prefetch(copy)       e[x] -> let(p => e[p]) << copy << x      (e the body of the lambda binding x's names); a
                       transposed local tile: e[x] -> let(p => e[transpose << p]) << transposeW << copy << x
- mapLclInLoop(d)      map(f) << x -> mapLcl(d, f) << x   inside a sequential loop every work item runs alike
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from .. import arith
from ..ir.build import (
    as_scalar,
    as_vector,
    get,
    join,
    let,
    map_,
    map_lcl,
    prim,
    reduce_,
    split,
    transpose,
    transpose_w,
    transpose_w_nd,
    value,
    vectorise,
    zip_,
)
from ..ir.node import Expr, FunCall, Lambda, Literal, Node, Param, Prim, UserFun, with_children
from ..ir.ops import ADDRESS_SPACES, REDUCES, Op
from ..ir.terms import concrete, contains, free_vars, subst
from ..ir.userfuns import ADD, ID, MULT, MULT_AND_SUM_UP
from ..types import ArrayType, ScalarType, VectorType, array, base_type
from .rule import EXPR, USERFUN_CALL, Ctx, Rule, rule
from .rules_mapping import in_kernel

G = "tiling"


def _lam(ctx: Ctx, fn: Callable) -> Lambda:
    """A lambda with fresh parameter names based on fn's own parameter names."""
    ps = tuple(ctx.fresh.param(n) for n in inspect.signature(fn).parameters)
    return Lambda(ps, fn(*ps))


def _call(e: Node, *ops: Op) -> bool:
    return isinstance(e, FunCall) and isinstance(e.f, Prim) and (not ops or e.f.op in ops)


def _one_param(f) -> tuple[Param, Expr] | None:
    if isinstance(f, Lambda) and len(f.params) == 1:
        return f.params[0], f.body
    return None


def _pair_fun(f) -> tuple[Param, Param, Expr] | None:
    """(acc, t, body) of a reduce operator `(acc, t) => body` whose t is used only as `get(i) << t`."""
    if not (isinstance(f, Lambda) and len(f.params) == 2):
        return None
    acc, t, body = f.params[0], f.params[1], f.body
    if t.name not in free_vars(_drop_gets(body, t.name, None)):
        return acc, t, body
    return None


def _drop_gets(n: Node, t: str, comps: tuple[Expr, ...] | None) -> Node:
    """n with every `get(i) << t` replaced by comps[i] (by a placeholder literal when comps is None)."""
    if (isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.GET and len(n.args) == 1
            and isinstance(n.args[0], Param) and n.args[0].name == t):
        i = int(n.f.static[0])
        return comps[i] if comps is not None else Literal("0", ScalarType("float"))
    if isinstance(n, Lambda) and any(q.name == t for q in n.params):
        return n
    kids = n.children()
    if not kids:
        return n
    new = [_drop_gets(c, t, comps) for c in kids]
    return n if all(a is b for a, b in zip(new, kids, strict=True)) else with_children(n, new)


def _instantiate(f: Lambda, ctx: Ctx, acc: Expr, comps: tuple[Expr, ...]) -> Expr:
    """The body of the pair operator f with acc and the pair's components substituted."""
    a, t, body = _pair_fun(f)  # type: ignore[misc]
    return subst(_drop_gets(body, t.name, comps), {a.name: acc}, ctx.fresh)  # type: ignore[return-value]


def _dims(t) -> tuple:
    out = []
    while isinstance(t, ArrayType):
        out.append(t.n)
        t = t.elem
    return tuple(out)


# --- multAndSumUp fusion ------------------------------------------------------------------------------
def _msu_match(e: FunCall, ctx: Ctx):
    if not (isinstance(e.f, UserFun) and e.f.name == ADD.name and len(e.args) == 2):
        return None
    m = e.args[1]
    if not (isinstance(m, FunCall) and isinstance(m.f, UserFun) and m.f.name == MULT.name and len(m.args) == 2):
        return None
    if ctx.type() != ScalarType("float"):
        return None
    return {"acc": e.args[0], "a": m.args[0], "b": m.args[1]}


MULT_AND_SUM_UP_FUSION = rule(
    "multAndSumUpFusion", "add(acc, mult(a, b)) -> multAndSumUp(acc, a, b)", [USERFUN_CALL], _msu_match,
    lambda b, ctx: FunCall(MULT_AND_SUM_UP, (b["acc"], b["a"], b["b"])), group=G,
    guard="float add of an accumulator and a float product")


# --- tileColumns: the column half of tileMapMap ----------------------------------------------------------
def _inner_columns(f) -> tuple[Param, Lambda, Expr] | None:
    """(x, y => e, Y) when f is `x => join << map(y => e) << transpose << Y` with Y free of x."""
    pb = _one_param(f)
    if pb is None:
        return None
    x, body = pb
    if not (_call(body, Op.JOIN) and _call(body.args[0], Op.MAP)):
        return None
    m = body.args[0]
    tr = m.args[0]
    if not (_call(tr, Op.TRANSPOSE) and isinstance(m.f.funs[0], Lambda)):
        return None
    ys = tr.args[0]
    if x.name in free_vars(ys):
        return None
    return x, m.f.funs[0], ys


def tile_columns(n) -> Rule:
    """map(x => join << map(y => e) << transpose << Y) << X -> map(join) << transposeW << map(t => map(x => join
    << map(y => e) << transpose << t) << X) << transpose << map(split(n)) << Y"""
    n = arith.size(n)

    def match(e: FunCall, ctx: Ctx):
        got = _inner_columns(e.f.funs[0])
        if got is None:
            return None
        # the type of `transpose << Y` ([[T]K]N): call -> map prim (0) -> lambda (0) -> body (1) -> map call (1)
        # -> its argument (1)
        cols = _dims(ctx.typing.of.get((*ctx.path, 0, 0, 1, 1, 1)))
        if not cols or not ctx.divides(n, cols[0]) or not ctx.lt(n, cols[0]):
            return None
        return {"x": got[0], "g": got[1], "ys": got[2], "xs": e.args[0]}

    def build(b, ctx: Ctx):
        def tile(t):
            inner = Lambda((b["x"],), join() << (map_(b["g"]) << (transpose() << t)))
            return map_(inner) << b["xs"]

        return map_(join()) << (transpose_w() << (map_(_lam(ctx, lambda bCols: tile(bCols))) << (
            transpose() << (map_(split(n)) << b["ys"]))))

    return rule(f"tileColumns({n})", "map(x => join << map(y => e) << transpose << Y) << X -> map(join) << transposeW"
                " << map(t => map(x => join << map(y => e) << transpose << t) << X) << transpose << map(split(n)) << Y",
                [Op.MAP], match, build, params=(("n", n),), group=G,
                guard="Y free of x; n divides the columns of Y and is smaller")


# --- tileReduce: the K reduction of a tile of dot products in chunks of k ---------------------------------
def _dot_tile(e: FunCall):
    """(x, y, z, f, X, Y) of `map(x => join << map(y => reduce(z, f) << zip(x, y)) << transpose << Y) << X`."""
    got = _inner_columns(e.f.funs[0])
    if got is None:
        return None
    x, g, ys = got
    pb = _one_param(g)
    if pb is None:
        return None
    y, red = pb
    if not (_call(red, Op.REDUCE) and len(red.args) == 2 and isinstance(red.args[0], Literal)):
        return None
    z, data = red.args
    if not (_call(data, Op.ZIP) and data.args == (x, y)) or _pair_fun(red.f.funs[0]) is None:
        return None
    if free_vars(red.f.funs[0]) or {x.name, y.name} & free_vars(z):
        return None
    return {"z": z, "f": red.f.funs[0], "ys": ys, "xs": e.args[0]}


def tile_reduce(k) -> Rule:
    k = arith.size(k)

    def match(e: FunCall, ctx: Ctx):
        b = _dot_tile(e)
        if b is None:
            return None
        t = ctx.type()
        kk = _dims(ctx.arg_type())
        if len(_dims(t)) != 2 or len(kk) < 2 or not ctx.divides(k, kk[1]) or not ctx.le(k, kk[1]):
            return None
        b["t"] = t
        return b

    def build(b, ctx: Ctx):
        f = b["f"]

        def row(ar, cols):
            def elem(cy):
                return reduce_(get(0) << cy, f) << zip_(get(1) << ar, get(1) << cy)

            return join() << (map_(_lam(ctx, lambda c_y: elem(c_y))) << zip_(get(0) << ar, transpose() << cols))

        def step(acc, tiles):
            return map_(_lam(ctx, lambda accRow_aRow: row(accRow_aRow, get(1) << tiles))) << zip_(
                acc, get(0) << tiles)

        init = value(b["z"].value, b["t"])
        data = zip_(transpose() << (map_(split(k)) << b["xs"]), split(k) << b["ys"])
        return join() << (reduce_(init, _lam(ctx, lambda acc, tiles: step(acc, tiles))) << data)

    return rule(f"tileReduce({k})", "map(x => join << map(y => reduce(z, f) << zip(x, y)) << transpose << Y) << X "
                "-> join << reduce(value(z), (acc, p) => map((aR, x) => join << map((c, y) => reduce(c, f) << zip(x, "
                "y)) << zip(aR, transpose << p.1)) << zip(acc, p.0)) << zip(transpose << map(split(k)) << X, split(k) "
                "<< Y)",
                [Op.MAP], match, build, params=(("k", k),), group=G,
                guard="z a literal; f a closed operator over pairs; k divides the length of the rows of X")


# --- registerBlocking ---------------------------------------------------------------------------------
def _tiled_reduce(e: FunCall):
    """(z, f, tiles, m, n) of tileReduce's result `join << reduce(value(z, [[T]n]m), step) << tiles`."""
    if not _call(e, Op.JOIN) or not _call(e.args[0], Op.REDUCE):
        return None
    red = e.args[0]
    init, tiles = red.args
    step = red.f.funs[0]
    if not (isinstance(init, Literal) and isinstance(step, Lambda) and len(step.params) == 2):
        return None
    acc, p = step.params
    body = step.body  # map(r => join << map(c => reduce(get(0) c, f) << zip(get(1) r, get(1) c))
    #                         << zip(get(0) r, transpose << get(1) p)) << zip(acc, get(0) p)
    if not (_call(body, Op.MAP) and _call(body.args[0], Op.ZIP) and body.args[0].args == (acc, get(0) << p)):
        return None
    rb = _one_param(body.f.funs[0])
    if rb is None:
        return None
    r, rbody = rb
    if not (_call(rbody, Op.JOIN) and _call(rbody.args[0], Op.MAP)):
        return None
    inner = rbody.args[0]
    if inner.args != (zip_(get(0) << r, transpose() << (get(1) << p)),):
        return None
    cb = _one_param(inner.f.funs[0])
    if cb is None:
        return None
    c, red2 = cb
    if not (_call(red2, Op.REDUCE) and red2.args == (get(0) << c, zip_(get(1) << r, get(1) << c))):
        return None
    f = red2.f.funs[0]
    if free_vars(f) or _pair_fun(f) is None:
        return None
    return {"z": init.value, "f": f, "tiles": tiles}


def register_blocking(rm, rn, run: int = 1, row_run: int = 1) -> Rule:
    rm, rn = arith.size(rm), arith.size(rn)

    def match(e: FunCall, ctx: Ctx):
        b = _tiled_reduce(e)
        if b is None:
            return None
        m, n = _dims(ctx.type())[:2]
        if not (ctx.divides(rm, m) and ctx.divides(rn, n) and ctx.divides(run, rn) and ctx.divides(row_run, rm)):
            return None
        b.update(m=m, n=n, elem=base_type(ctx.type()))
        return b

    def build(b, ctx: Ctx):
        f, m, n = b["f"], b["m"], b["n"]
        rows, lanes = arith.simplify(m / rm), arith.simplify(n / rn)

        def outer(acc2, ab):  # one k step of a block: an outer product of the block's A column and B row
            def arow(accR_a):
                return map_(_lam(ctx, lambda c_b: _instantiate(f, ctx, get(0) << c_b, (get(1) << accR_a,
                                                                                          get(1) << c_b)))
                            ) << zip_(get(0) << accR_a, get(1) << ab)

            return map_(_lam(ctx, lambda accR_a: arow(accR_a))) << zip_(acc2, get(0) << ab)

        def block(acc_blk, a_blk, b_blk):
            return join() << (reduce_(acc_blk, _lam(ctx, lambda acc2, ab: outer(acc2, ab))) << zip_(
                transpose() << a_blk, b_blk))

        def b_row(bRow):
            if run > 1:
                return map_(join()) << (transpose() << (split(lanes) << (split(run) << bRow)))
            return transpose() << (split(lanes) << bRow)

        def a_blocks_of(a_tile):
            if row_run > 1:
                return map_(join()) << (transpose() << (split(rows) << (split(row_run) << a_tile)))
            return transpose() << (split(rows) << a_tile)

        def step(acc, tiles):
            b_blocks = transpose() << (map_(_lam(ctx, lambda bRow: b_row(bRow))) << (get(1) << tiles))
            a_blocks = a_blocks_of(get(0) << tiles)
            return map_(_lam(ctx, lambda accRow_aBlk: map_(_lam(ctx, lambda accBlk_bBlk: block(
                get(0) << accBlk_bBlk, get(1) << accRow_aBlk, get(1) << accBlk_bBlk))) << zip_(
                get(0) << accRow_aBlk, b_blocks))) << zip_(acc, a_blocks)

        init = value(b["z"], array(b["elem"], rows, lanes, rm, rn))
        red = join() << (reduce_(init, _lam(ctx, lambda acc, tiles: step(acc, tiles))) << b["tiles"])
        if row_run > 1:  # [rows][lanes][RM/q][q][RN/s][s] -> [RM/q][rows][q][RN/s][lanes][s]
            runs = map_(_lam(ctx, lambda r: map_(_lam(ctx, lambda c: map_(map_(split(run))) << (split(row_run) << c)))
                             << r)) << red
            return map_(_lam(ctx, lambda row: join() << (join() << row))) << (join() << (join() << (
                transpose_w_nd(2, 0, 3, 4, 1, 5) << runs)))
        if run > 1:
            runs = map_(_lam(ctx, lambda r: map_(_lam(ctx, lambda c: map_(split(run)) << c)) << r)) << red
            return map_(_lam(ctx, lambda row: join() << (join() << row))) << (join() << (
                transpose_w_nd(2, 0, 3, 1, 4) << runs))
        return map_(join()) << (join() << (transpose_w_nd(2, 0, 3, 1) << red))

    runs = f", {run}, {row_run}" if row_run > 1 else f", {run}" if run > 1 else ""
    name = f"registerBlocking({rm}, {rn}{runs})"
    return rule(name, "join << reduce(value(z, [[T]n]m), step) << tiles -> view << join << reduce(value(z, "
                "[[[[T]s]r](n/s)](m/r)), blocked step) << tiles   (blocks strided, k steps of a block an outer "
                "product)", [Op.JOIN], match, build,
                params=(("rm", rm), ("rn", rn), ("run", run), *((("row_run", row_run),) if row_run > 1 else ())),
                group=G, guard="tileReduce's form; r divides m, s divides n, the run lengths divide s and r")


# --- reduceSplitZip -------------------------------------------------------------------------------------
def reduce_split_zip(n) -> Rule:
    n = arith.size(n)

    def match(e: FunCall, ctx: Ctx):
        if not (_call(e, Op.JOIN) and _call(e.args[0], Op.REDUCE)):
            return None
        red = e.args[0]
        init, data = red.args
        if not (_call(data, Op.ZIP) and len(data.args) == 2 and _call(data.args[0], Op.TRANSPOSE)):
            return None
        length = _dims(ctx.typing.of.get((*ctx.path, 1, 2)))
        if not length or not ctx.divides(n, length[0]) or not ctx.le(n, length[0]):
            return None
        return {"init": init, "f": red.f.funs[0], "a": data.args[0].args[0], "b": data.args[1]}

    def build(b, ctx: Ctx):
        def chunk(acc, p):
            return join() << (reduce_(acc, b["f"]) << zip_(transpose() << (get(0) << p), get(1) << p))

        return join() << (reduce_(b["init"], _lam(ctx, lambda acc, p: chunk(acc, p))) << zip_(
            transpose() << (map_(split(n)) << b["a"]), split(n) << b["b"]))

    return rule(f"reduceSplitZip({n})", "join << reduce(z, f) << zip(transpose << a, b) -> join << reduce(z, "
                "(acc, p) => join << reduce(acc, f) << zip(transpose << p.0, p.1)) << zip(transpose << map(split(n)) "
                "<< a, split(n) << b)", [Op.JOIN], match, build, params=(("n", n),), group=G,
                guard="n divides the length of the zipped arrays")


# --- copies ---------------------------------------------------------------------------------------------
_SPACE_NAME = {Op.TO_GLOBAL: "toGlobal", Op.TO_LOCAL: "toLocal", Op.TO_PRIVATE: "toPrivate"}


def copy_into(space: Op, maps: tuple[Op, ...]) -> Rule:
    """x -> toK(map1(map2(... id))) << x"""
    text = "(".join(m.text for m in maps) + "(id" + ")" * len(maps)

    def match(e, ctx: Ctx):
        t = ctx.type()
        if len(_dims(t)) != len(maps) or not isinstance(base_type(t), ScalarType | VectorType):
            return None
        if ctx.inside_any(ADDRESS_SPACES) or not in_kernel(ctx):
            return None
        return {"e": e}

    def build(b, ctx: Ctx):
        return FunCall(prim(space, funs=(_copy_fun(maps, ctx),)), (b["e"],))

    return rule(f"copyInto({_SPACE_NAME[space]}, {text})", f"x -> {_SPACE_NAME[space]}({text}) << x", [EXPR],
                match, build, params=(("space", space), ("maps", maps)), group=G,
                guard="x an array of scalars or vectors of as many dimensions as maps; no address space around")


def _copy_fun(maps: tuple[Op, ...], ctx: Ctx, elem=ID):
    """mapK1(y => mapK2(... elem) << y): the innermost map takes elem bare; mapLcl levels count down to 0."""
    n_lcl = sum(m is Op.MAP_LCL for m in maps)
    dims = []
    k = n_lcl
    for m in maps:
        if m is Op.MAP_LCL:
            k -= 1
            dims.append((k,))
        else:
            dims.append(())
    out = prim(maps[-1], *dims[-1], funs=(elem,))
    for m, d in zip(reversed(maps[:-1]), reversed(dims[:-1]), strict=True):
        out = _around(ctx, m, d, out)
    return out


def _around(ctx: Ctx, op: Op, static: tuple, g) -> Prim:
    return prim(op, *static, funs=(_lam(ctx, lambda y: g << y),))


# --- prefetch: a let-bound copy of a value, placed at the binder of the value's names ---------------------
def _local_tile(vw, lanes, flat: bool, transposed: bool = False):
    """toLocal copy of a tile [rows][cols], VW floats per load: flat (every work item a share of the tile's
    vectors, lanes per row of work items) or row by row; a view-only round trip around one toLocal map.
    Transposed: the copy is written through transposeW (local memory holds the tile column by column, each
    vector's lanes stored one by one) and read back through transpose."""
    def copy(ctx: Ctx, x: Expr, t) -> Expr:
        out = tile(ctx, x, t)
        return transpose_w() << out if transposed else out

    def tile(ctx: Ctx, x: Expr, t) -> Expr:
        cols = _dims(t)[1]
        vec = map_(as_vector(vw)) << x if vw != 1 else x
        elem = vectorise(vw, ID) if vw != 1 else ID
        if flat:
            src = split(lanes) << (join() << vec)
            back = split(arith.simplify(cols / vw)) << (join() << (prim(Op.TO_LOCAL, funs=(map_lcl(
                1, _lam(ctx, lambda lrow: map_lcl(0, elem) << lrow)),)) << src))
        else:
            back = prim(Op.TO_LOCAL, funs=(map_lcl(1, _lam(ctx, lambda vrow: map_lcl(0, elem) << vrow)),)) << vec
        return map_(as_scalar()) << back if vw != 1 else back
    copy.read_back = transpose() if transposed else None  # the let's uses read the copy through this view
    return copy


def _private(ctx: Ctx, x: Expr, t) -> Expr:
    return prim(Op.TO_PRIVATE, funs=(_copy_fun((Op.MAP_SEQ_UNROLL,) * len(_dims(t)), ctx),)) << x


def _private_vectors(n):
    """[r][c] rows (or a [c] row) copied to private memory as float<n> loads."""
    def copy(ctx: Ctx, x: Expr, t) -> Expr:
        load = prim(Op.TO_PRIVATE, funs=(prim(Op.MAP_SEQ_UNROLL, funs=(vectorise(n, ID),)),))
        if len(_dims(t)) == 1:
            return as_scalar() << (load << (as_vector(n) << x))
        return split(n) << (as_scalar() << (load << (join() << (map_(as_vector(n)) << x))))
    return copy


COPIES = {"private": (_private, "toPrivate(mapSeqUnroll(...(id)))"),
          "privateVector": (_private_vectors, "asScalar << toPrivate(mapSeqUnroll(vectorise(n, id))) << asVector(n)"),
          "localTile": (_local_tile, "toLocal(mapLcl(1)(mapLcl(0)(vectorise(VW, id)))) between vector views")}


def prefetch(kind: str, *args) -> Rule:
    """e[x] -> let(p => e[p]) << copy << x, e the body of the innermost lambda binding a name of x"""
    make, text = COPIES[kind]
    copy = make(*args) if args else make

    def match(e, ctx: Ctx):
        if isinstance(e, Literal | Param) or not isinstance(ctx.type(), ArrayType) or concrete(e):
            return None
        if not isinstance(base_type(ctx.type()), ScalarType | VectorType) or ctx.inside_any(ADDRESS_SPACES):
            return None
        names = free_vars(e)
        ch, path = ctx.chain, ctx.path
        for k in range(len(path) - 1, -1, -1):
            n = ch[k]
            if isinstance(n, Lambda) and path[k] == len(n.params) and names & {q.name for q in n.params}:
                at_path = path[:k + 1]
                if names & ctx.binders_below(at_path) or at_path == path:
                    return None
                return {"e": e, "at": at_path, "rel": path[k + 1:], "body": ch[k + 1]}
        return None

    def build(b, ctx: Ctx):
        from ..ir.node import replace_at
        p = ctx.fresh.param("p")
        view = getattr(copy, "read_back", None)
        body = replace_at(b["body"], b["rel"], p if view is None else view << p)
        return FunCall(let(Lambda((p,), body)), (copy(ctx, b["e"], ctx.type()),))

    pname = ", ".join(str(a) for a in args)
    return rule(f"prefetch({kind}{', ' + pname if pname else ''})",
                f"e[x] -> let(p => e[p]) << copy << x   (copy = {text}; e the body of the lambda binding x's names)",
                [EXPR], match, build, params=(("kind", kind), *(("arg", a) for a in args)), group=G,
                guard="x a view of scalars or vectors (no user function) using a name of an enclosing lambda, no "
                      "name bound between that lambda's body and x; no address space around")


# --- mapLcl inside a work-group-uniform sequential loop --------------------------------------------------
def map_lcl_in_loop(d: int) -> Rule:
    def match(e: FunCall, ctx: Ctx):
        f = e.f.funs[0]
        if not concrete(f) or contains(f, Op.MAP_LCL, d) or contains(f, Op.MAP_WRG) or contains(f, Op.MAP_GLB):
            return None
        if not ctx.inside(Op.MAP_WRG, d) or ctx.inside(Op.MAP_LCL, d) or ctx.inside(Op.MAP_GLB):
            return None
        in_loop, lcl = False, False
        for enc in ctx.enclosing:
            if enc.op is Op.MAP_LCL:
                lcl = True
            elif enc.op in REDUCES:
                if enc.op is Op.REDUCE or lcl:
                    return None
                in_loop = True
        return {"e": e} if in_loop and in_kernel(ctx) else None

    def build(b, ctx: Ctx):
        e = b["e"]
        return FunCall(Prim(Op.MAP_LCL, prim(Op.MAP_LCL, d).static, e.f.funs), e.args)

    return rule(f"mapLclInLoop({d})", f"map(f) << x -> mapLcl({d}, f) << x   (inside a work-group-uniform reduceSeq)",
                [Op.MAP], match, build, params=(("dim", d),), group=G,
                guard=f"f concrete, no mapLcl({d})/mapWrg/mapGlb in f; inside mapWrg({d}) and a reduceSeq that no "
                      "mapLcl encloses (every work item runs its steps alike); not inside mapLcl({d}) or mapGlb")
