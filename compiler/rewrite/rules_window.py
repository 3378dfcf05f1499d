"""Rules for sliding-window programs (convolution, thesis §4.2), enough to derive conv42 (Listings 4.2/4.3) from
the benchmark's Listing 4.1 program:
- windows: optimisational padding with its crop (padOptimise2D, cropMap), θ x θ tiles of 2-D sliding windows
  (slideTiling2DStrict);
- sums of products: one fused multiply-add (multAndSumUpFusion), vector dot products (dotVectorise), coalescing
  reorders (reorderZip) and partial sums of chunks (partialSumZip);
- kernels: host markers dropped (dropTransfer), a high-level kernel inlined (kernelInline), a view of an input or
  of a computation copied by a kernel of its own (materialiseKernel), a computation made a kernel
  (kernelOutline);
- layout and loops: maps and transposes commuted (mapMapTranspose, transposeMapMap, unitJoinTranspose), a split
  of a map (splitMap), loop interchange (mapInterchange), a view of a loop's element taken out of the loop
  (mapViewFission);
- a work item: the κ x σ register block (blockReduce2D), prefetched operands (prefetchVectors), private
  accumulators (privateAccumulators, privateInit), results in local or global memory (localResults,
  globalResult), unrolling over given lengths (unrollOver).

Each rule is named after its law and keeps the program's meaning and type (the driver re-type-checks). The
parameters may be sympy symbols (the conv42 tuning parameters θ, ρ, ρW, v, ω), whose divisibility guards then
become deferred constraints. None of these rules is in the environment's catalogue (catalog.py): they are used by
named derivations.

Notation: a "sum fold" is a reduce function `(acc, t) => add(acc, h(t))`, `multAndSumUp(acc, a, b)` or
`dotAndSumUp(acc, a, b)` with `acc` used only as that first argument: the reduction then sums the terms h(t), in
any order and in any grouping (floating-point reassociation, as partialReduce and reorderReduce allow).
"""

from __future__ import annotations

import sympy

from .. import arith
from ..ir.build import map_, prim
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Param, Prim, UserFun, at, replace_at
from ..ir.ops import ADDRESS_SPACES, MAPS, PARALLEL_MAPS, REDUCES, Op
from ..ir.terms import beta, chain, concrete, free_vars, fresh_lam, perfectly_nested_map, replace_sub, subst, zero_of
from ..ir.userfuns import ADD, ID, MULT, MULT_AND_SUM_UP, userfun
from ..types import FLOAT, ArrayType, ScalarType, TypeVar, VectorType
from .rule import EXPR, USERFUN_CALL, Bindings, Ctx, Rule, rule

G = "algorithmic"
DOT_NAMES = ("dotAndSumUp", "dotAndSumUp8", "dotAndSumUp16")


def dot_and_sum_up(width: int) -> UserFun:
    """acc + dot(l, r) on vectors of `width` lanes (OpenCL's dot takes up to 4 lanes: wider vectors sum halves or
    quarters). Polymorphic in the vector type (T is bound to <float>v at each use), so a program can stay
    symbolic in the width and the code generator instantiates it at the width it is specialised to."""
    t = TypeVar("T")
    if width <= 4:
        name, c = "dotAndSumUp", "return acc + dot(l, r);"
    elif width == 8:
        name, c = "dotAndSumUp8", "return acc + dot(l.lo, r.lo) + dot(l.hi, r.hi);"
    else:
        name, c = "dotAndSumUp16", ("return acc + dot(l.lo.lo, r.lo.lo) + dot(l.lo.hi, r.lo.hi)"
                                    " + dot(l.hi.lo, r.hi.lo) + dot(l.hi.hi, r.hi.hi);")
    return userfun(name, "acc l r", (FLOAT, t, t), FLOAT, c, "acc + np.sum(l * r, axis=-1)")


# --- helpers --------------------------------------------------------------------------------------------------
_VIEW_OPS = frozenset({Op.SPLIT, Op.JOIN, Op.SLIDE, Op.SLIDE_STRICT, Op.TRANSPOSE, Op.TRANSPOSE_W, Op.PAD, Op.REORDER,
                       Op.AS_VECTOR, Op.AS_SCALAR, Op.MAP})



def _array(t) -> ArrayType | None:
    return t if isinstance(t, ArrayType) else None



def _call_of(e, op: Op) -> FunCall | None:
    return e if isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is op else None


def _eta_prim(f, op: Op) -> tuple[Prim, tuple[Expr, ...]] | None:
    """(p, lead) when f is `y => p(lead..., y)` with p of kind `op` and the lead arguments not using y."""
    if not (isinstance(f, Lambda) and len(f.params) == 1):
        return None
    (q,), body = f.params, f.body
    c = _call_of(body, op)
    if c is None or c.args[-1] != q or any(q.name in free_vars(a) for a in c.args[:-1]):
        return None
    return c.f, c.args[:-1]  # type: ignore[return-value]


def _lam(ctx: Ctx, base: str, p: Prim, lead: tuple[Expr, ...] = ()) -> Lambda:
    return fresh_lam(ctx.fresh, base, lambda y: FunCall(p, (*lead, y)))


def _nonneg(ctx: Ctx, e) -> bool:
    v = ctx.value(e)
    if v is not None:
        return v >= 0
    return sympy.sympify(e).is_nonnegative is True


def _nonpos(ctx: Ctx, e) -> bool:
    v = ctx.value(e)
    if v is not None:
        return v <= 0
    return sympy.sympify(e).is_nonpositive is True


def _divisible(ctx: Ctx, m, n) -> bool:
    """m | n where a zero n counts as divisible (a pad or crop of nothing)."""
    vn = ctx.value(n)
    return vn == 0 or ctx.divides(m, n)


# --- optimisational padding and its crop ------------------------------------------------------------------------
def pad_optimise_2d(rho, rho_w) -> Rule:
    """slideND over padND: ρ more rows and ρW more columns padded at the bottom/right, the extra windows cropped."""
    rho, rho_w = arith.size(rho), arith.size(rho_w)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        if _eta_prim(e.f.funs[0], Op.TRANSPOSE) is None:  # type: ignore[union-attr]
            return None
        rows = _call_of(e.args[0], Op.SLIDE)
        cols = _call_of(rows.args[0], Op.MAP) if rows else None
        cslide = _eta_prim(cols.f.funs[0], Op.SLIDE) if cols else None  # type: ignore[union-attr]
        cpad_map = _call_of(cols.args[0], Op.MAP) if cslide else None  # type: ignore[union-attr]
        cpad = _eta_prim(cpad_map.f.funs[0], Op.PAD) if cpad_map else None  # type: ignore[union-attr]
        rpad = _call_of(cpad_map.args[0], Op.PAD) if cpad else None  # type: ignore[union-attr]
        if rpad is None:
            return None
        s1, s2 = rows.f.static[1], cslide[0].static[1]  # type: ignore[union-attr,index]
        if not (_nonneg(ctx, rho) and _nonneg(ctx, rho_w) and _divisible(ctx, s1, rho) and _divisible(ctx, s2, rho_w)):
            return None
        return {"rows": rows.f, "cslide": cslide[0], "cpad": cpad, "rpad": rpad, "s": (s1, s2)}  # type: ignore

    def build(b: Bindings, ctx: Ctx):
        (cp, (cval,)), rp = b["cpad"], b["rpad"]
        rval, x = rp.args
        s1, s2 = b["s"]
        rows_padded = FunCall(prim(Op.PAD, rp.f.static[0], rp.f.static[1] + rho), (rval, x))
        padded = chain(rows_padded, map_(_lam(ctx, "padIn", prim(Op.PAD, cp.static[0], cp.static[1] + rho_w), (cval,))))
        windows = chain(padded, map_(_lam(ctx, "y", prim(Op.TRANSPOSE))), b["rows"],
                        map_(_lam(ctx, "y", b["cslide"])))
        crop_w = map_(_lam(ctx, "xs", prim(Op.PAD, 0, arith.simplify(-rho_w / s2)), (cval,)))
        crop_h = FunCall(prim(Op.PAD, 0, arith.simplify(-rho / s1)), (rval, windows))
        return FunCall(crop_w, (crop_h,))

    return rule(f"padOptimise2D({rho}, {rho_w})",
                "slideND(n1, n2, s1, s2) << padND(t, b, l, r, c) << x -> map(pad(0, -ρW/s2)) << pad(0, -ρ/s1) << "
                "slideND(n1, n2, s1, s2) << padND(t, b + ρ, l, r + ρW, c) << x",
                [Op.MAP], match, build, params=(("ρ", rho), ("ρW", rho_w)), group=G,
                guard="the expanded slideND directly over the expanded constant padND; ρ, ρW >= 0 with s1 | ρ and "
                      "s2 | ρW (the extra windows are exactly the cropped ones)")


def _crop_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    c = _call_of(e.args[0], Op.PAD)
    if c is None:
        return None
    lo, hi = c.f.static  # type: ignore[union-attr]
    if not (_nonpos(ctx, lo) and _nonpos(ctx, hi)) or (ctx.value(lo) == 0 and ctx.value(hi) == 0):
        return None
    return {"map": e.f, "crop": c.f, "x": c.args[1]}


def _crop_build(b: Bindings, ctx: Ctx):
    mapped = FunCall(b["map"], (b["x"],))
    t = ctx.type()
    return FunCall(b["crop"], (zero_of(t), mapped))


CROP_MAP = rule("cropMap", "map(f) << pad(-a, -b, c) << x -> pad(-a, -b, 0) << map(f) << x   (a, b >= 0)", [Op.MAP],
                _crop_match, _crop_build, group=G,
                guard="a high-level map over a pad by non-positive amounts (a crop), not both zero: cropping "
                      "commutes with an element-wise map")


# --- tiling of 2-D sliding windows ------------------------------------------------------------------------------
def slide_tiling_2d_strict(theta) -> Rule:
    """slideND(n1, n2, s1, s2) << x -> the windows of θ x θ overlapping tiles, re-assembled in place."""
    theta = arith.size(theta)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        if _eta_prim(e.f.funs[0], Op.TRANSPOSE) is None:  # type: ignore[union-attr]
            return None
        rows = _call_of(e.args[0], Op.SLIDE) or _call_of(e.args[0], Op.SLIDE_STRICT)
        cols = _call_of(rows.args[0], Op.MAP) if rows else None
        cslide = None
        if cols is not None:
            f = cols.f.funs[0]  # type: ignore[union-attr]
            cslide = _eta_prim(f, Op.SLIDE) or _eta_prim(f, Op.SLIDE_STRICT)
        if cslide is None:
            return None
        xt = _array(ctx.typing.of.get((*ctx.path, 1, 1, 1)))  # x of map(transpose) << slide << map(slide) << x
        if xt is None or not isinstance(xt.elem, ArrayType):
            return None
        (n1, s1), (n2, s2) = rows.f.static, cslide[0].static  # type: ignore[union-attr]
        for n, s, N in ((n1, s1, xt.n), (n2, s2, xt.elem.n)):
            if not (ctx.le(n, theta) and ctx.le(theta, N) and _divisible(ctx, s, theta - n)
                    and _divisible(ctx, theta - n + s, N - theta)):
                return None
        return {"rows": rows.f, "cslide": cslide[0], "x": cols.args[0], "n": (n1, n2), "s": (s1, s2),  # type: ignore
                "N": (xt.n, xt.elem.n)}

    def build(b: Bindings, ctx: Ctx):
        (n1, n2), (s1, s2), N2 = b["n"], b["s"], b["N"][1]
        step1, step2 = arith.simplify(theta - n1 + s1), arith.simplify(theta - n2 + s2)
        tiles_w = arith.simplify((N2 - theta) / step2 + 1)
        win_w = arith.simplify((theta - n2) / s2 + 1)

        def lam(base, p):
            return _lam(ctx, base, p)

        tiles = chain(b["x"], prim(Op.JOIN), map_(lam("y", prim(Op.TRANSPOSE))), prim(Op.SLIDE_STRICT, theta, step1),
                      map_(lam("y", prim(Op.SLIDE_STRICT, theta, step2))))
        per_tile = fresh_lam(ctx.fresh, "tile", lambda t: chain(
            t, prim(Op.JOIN), map_(lam("y", prim(Op.TRANSPOSE))), b["rows"], map_(lam("y", b["cslide"]))))
        windows = FunCall(map_(per_tile), (tiles,))
        return chain(windows, map_(lam("y", prim(Op.JOIN))), prim(Op.JOIN), map_(lam("y", prim(Op.TRANSPOSE))),
                     prim(Op.SPLIT, tiles_w), map_(lam("y", prim(Op.SPLIT, win_w))))

    return rule(f"slideTiling2DStrict({theta})",
                "slideND(n1, n2, s1, s2) << x -> map(join) << join << map(transpose) << split(tilesW) << "
                "map(split(winW)) << map(joinND(2) o slideND(n1, n2, s1, s2)) << joinND(2) << slideStrictND(θ, θ, "
                "θ-n1+s1, θ-n2+s2) << x",
                [Op.MAP], match, build, params=(("θ", theta),), group=G,
                guard="n <= θ <= N, s | θ - n and (θ - n + s) | (N - θ) in both dimensions (the tiles cover x "
                      "exactly; symbolic: deferred constraints); the driver checks the window counts are equal")


# --- sums of products -------------------------------------------------------------------------------------------
def _sum_fold(f) -> tuple[Param, Param, Expr] | None:
    """(acc, t, body) when f is a sum fold (see the module doc)."""
    if not (isinstance(f, Lambda) and len(f.params) == 2):
        return None
    acc, t = f.params
    body = f.body
    if not (isinstance(body, FunCall) and isinstance(body.f, UserFun) and body.args and body.args[0] == acc):
        return None
    u = body.f
    if not (u in (ADD, MULT_AND_SUM_UP) or u.name in DOT_NAMES):
        return None
    if any(acc.name in free_vars(a) for a in body.args[1:]):
        return None
    return acc, t, body


def _zero(e) -> bool:
    if not isinstance(e, Literal) or not isinstance(e.type, ScalarType):
        return False
    try:
        return float(e.value.rstrip("f")) == 0.0
    except ValueError:
        return False


def _madd_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if e.f != ADD:
        return None
    acc, m = e.args
    if not (isinstance(m, FunCall) and m.f == MULT):
        return None
    return {"acc": acc, "l": m.args[0], "r": m.args[1]}


MULT_AND_SUM_UP_FUSION = rule(
    "multAndSumUpFusion", "add(acc, mult(l, r)) -> multAndSumUp(acc, l, r)", [USERFUN_CALL], _madd_match,
    lambda b, ctx: FunCall(MULT_AND_SUM_UP, (b["acc"], b["l"], b["r"])), group=G,
    guard="a call of add whose second argument is a call of mult (the same arithmetic in one user function)")


def _zip_reduce(e: FunCall, ctx: Ctx) -> tuple[tuple[Param, Param, Expr], tuple[Expr, ...]] | None:
    """(sum fold, zipped arrays) of `reduceK(init, sum fold) << zip(a, ...)`."""
    fold = _sum_fold(e.f.funs[0])  # type: ignore[union-attr]
    z = _call_of(e.args[1], Op.ZIP)
    if fold is None or z is None:
        return None
    return fold, z.args


def dot_vectorise(v, width: int | None = None) -> Rule:
    """reduceK(z, multAndSumUp fold) << zip(a, b) -> reduceK(z, dotAndSumUp fold) << zip(asVector(v) a, ...)"""
    v = arith.size(v)
    if width is None:
        if not v.is_Integer:
            raise ValueError(f"dotVectorise({v}): a symbolic width needs the concrete width its dot function uses")
        width = int(v)
    dot = dot_and_sum_up(width)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        zr = _zip_reduce(e, ctx)
        if zr is None:
            return None
        (acc, t, body), arrays = zr
        if body.f != MULT_AND_SUM_UP or len(arrays) != 2:
            return None
        get0, get1 = body.args[1:]
        if not (_call_of(get0, Op.GET) and _call_of(get1, Op.GET) and get0.args == (t,) and get1.args == (t,)
                and {int(get0.f.static[0]), int(get1.f.static[0])} == {0, 1}):  # type: ignore[union-attr]
            return None
        zt = _array(ctx.arg_type())
        for i in range(2):
            at = _array(ctx.typing.of.get((*ctx.path, 2, i + 1)))
            if at is None or not isinstance(at.elem, ScalarType):
                return None
        if zt is None or not ctx.divides(v, zt.n) or not ctx.lt(1, v):
            return None
        return {"p": e.f, "init": e.args[0], "arrays": arrays, "gets": (get0, get1), "acc": acc, "t": t}

    def build(b: Bindings, ctx: Ctx):
        p: Prim = b["p"]
        acc, t = b["acc"], b["t"]
        f = Lambda((acc, t), FunCall(dot, (acc, *b["gets"])))
        zipped = FunCall(prim(Op.ZIP), tuple(FunCall(prim(Op.AS_VECTOR, v), (a,)) for a in b["arrays"]))
        return FunCall(Prim(p.op, p.static, (f,)), (b["init"], zipped))

    return rule(f"dotVectorise({v})",
                "reduceK(z, (acc, t) => multAndSumUp(acc, get(0) t, get(1) t)) << zip(a, b) -> reduceK(z, (acc, t) "
                "=> dotAndSumUp(acc, get(0) t, get(1) t)) << zip(asVector(v) << a, asVector(v) << b)",
                REDUCES, match, build, params=(("v", v),), group=G,
                guard="a multAndSumUp fold over the zip of two scalar arrays of length N with v | N, v > 1")


def reorder_zip(s) -> Rule:
    """reduceK(z, sum fold) << zip(a, ...) -> reduceK(z, sum fold) << zip(reorder(s) << a, ...)"""
    s = arith.size(s)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        zr = _zip_reduce(e, ctx)
        if zr is None or any(_call_of(a, Op.REORDER) for a in zr[1]):
            return None
        zt = _array(ctx.arg_type())
        if zt is None or not ctx.divides(s, zt.n) or not ctx.lt(s, zt.n) or not ctx.lt(1, s):
            return None
        return {"p": e.f, "init": e.args[0], "arrays": zr[1]}

    def build(b: Bindings, ctx: Ctx):
        zipped = FunCall(prim(Op.ZIP), tuple(FunCall(prim(Op.REORDER, s), (a,)) for a in b["arrays"]))
        return FunCall(b["p"], (b["init"], zipped))

    return rule(f"reorderZip({s})",
                "reduceK(z, sum fold) << zip(a, b) -> reduceK(z, sum fold) << zip(reorder(s) << a, reorder(s) << b)",
                REDUCES, match, build, params=(("s", s),), group=G,
                guard="a sum fold (its terms may be summed in any order) over a zip of arrays of length N, none "
                      "already reordered; 1 < s < N, s | N")


def partial_sum_zip(m) -> Rule:
    """reduce(0, sum fold) << zip(a, ...) -> reduce(0, add) << join << map(chunk sums) << zip(split(m) << a, ...)"""
    m = arith.size(m)

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        zr = _zip_reduce(e, ctx)
        if zr is None or not _zero(e.args[0]):
            return None
        zt = _array(ctx.arg_type())
        if zt is None or not ctx.divides(m, zt.n) or not ctx.lt(m, zt.n):
            return None
        return {"p": e.f, "init": e.args[0], "arrays": zr[1]}

    def build(b: Bindings, ctx: Ctx):
        p: Prim = b["p"]
        k = len(b["arrays"])
        chunks = FunCall(prim(Op.ZIP), tuple(FunCall(prim(Op.SPLIT, m), (a,)) for a in b["arrays"]))
        part = fresh_lam(ctx.fresh, "chunk", lambda c: FunCall(p, (b["init"], FunCall(
            prim(Op.ZIP), tuple(FunCall(prim(Op.GET, i), (c,)) for i in range(k))))))
        sums = chain(chunks, prim(Op.JOIN), map_(part))
        return FunCall(Prim(p.op, p.static, (ADD,)), (b["init"], sums))

    return rule(f"partialSumZip({m})",
                "reduce(0, sum fold) << zip(a, b) -> reduce(0, add) << join << map(c => reduce(0, sum fold) << "
                "zip(get(0) c, get(1) c)) << zip(split(m) << a, split(m) << b)",
                [Op.REDUCE], match, build, params=(("m", m),), group=G,
                guard="a high-level reduce of a sum fold from 0 over a zip of arrays of length N; m | N, m < N")


# --- kernel boundaries --------------------------------------------------------------------------------------------
def _transfer_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    return {"x": e.args[0]}


DROP_TRANSFER = rule("dropTransfer", "toHost << x -> x;  toGPU << x -> x", [Op.TO_HOST, Op.TO_GPU], _transfer_match,
                     lambda b, ctx: b["x"], group=G,
                     guard="always: the host-transfer markers are the identity (a lowering places its kernels' "
                           "buffers itself)")


def _inline_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    f = e.f.funs[0]  # type: ignore[union-attr]
    if not isinstance(f, Lambda) or len(f.params) != len(e.args):
        return None
    if _parallel(f):
        return None
    return {"f": f, "args": e.args}


def _parallel(n, in_kernels: bool = True) -> bool:
    """Whether n holds a mapGlb/mapWrg/mapLcl (`in_kernels=False`: outside the kernels n calls)."""
    if isinstance(n, Prim) and n.op in (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL):
        return True
    if not in_kernels and isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.OCL_KERNEL:
        return False
    return any(_parallel(c, in_kernels) for c in n.children())


KERNEL_INLINE = rule("kernelInline", "oclKernel(xs => b)(es) -> b[xs := es]", [Op.OCL_KERNEL], _inline_match,
                     lambda b, ctx: beta(b["f"], b["args"], ctx.fresh), group=G,
                     guard="the kernel's function is a lambda of as many parameters as arguments and holds no "
                           "mapGlb/mapWrg/mapLcl (a high-level kernel: where its boundaries go is the lowering's "
                           "choice)")


def _rank_of_scalars(t) -> int | None:
    r = 0
    while isinstance(t, ArrayType):
        t, r = t.elem, r + 1
    return r if r and isinstance(t, ScalarType) else None


def _is_view_call(n) -> bool:
    """A call of a data-layout primitive (or a map of one) whose data argument is its last."""
    return (isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op in _VIEW_OPS and not concrete(n.f)
            and all(not concrete(a) for a in n.args[:-1]))


def _materialise_match(e, ctx: Ctx) -> Bindings | None:
    if not _is_view_call(e) or ctx.inside(Op.OCL_KERNEL) or ctx.inside_any(MAPS):
        return None
    rank = _rank_of_scalars(ctx.type())
    if rank is None:
        return None
    path, x = (len(e.children()) - 1,), e.args[-1]
    while _is_view_call(x):
        path, x = (*path, len(x.children()) - 1), x.args[-1]
    inputs = {q.name for q in ctx.program.params}
    if isinstance(x, Param):
        if x.name not in inputs:
            return None
    elif not (concrete(x) and free_vars(x) <= inputs):
        return None
    return {"e": e, "x": x, "path": path, "rank": rank}


def _materialise_build(b: Bindings, ctx: Ctx):
    fr = ctx.fresh

    def copy(depth: int, a: Expr) -> Expr:
        if depth == 1:
            return FunCall(prim(Op.TO_GLOBAL, funs=(prim(Op.MAP_SEQ, funs=(ID,)),)), (a,))
        return FunCall(map_(fresh_lam(fr, "row" if depth > 2 else "px", lambda r: copy(depth - 1, r))), (a,))

    x = b["x"]
    y = fr.param(x.name if isinstance(x, Param) else "partials")
    kernel = Lambda((y,), copy(b["rank"], replace_at(b["e"], b["path"], y)))  # type: ignore[arg-type]
    return FunCall(prim(Op.OCL_KERNEL, funs=(kernel,)), (x,))


MATERIALISE_KERNEL = rule(
    "materialiseKernel", "V(x) -> oclKernel(y => map(...(toGlobal(mapSeq(id))))) << V(y))(x)", [EXPR],
    _materialise_match, _materialise_build, group=G,
    guard="V a non-empty chain of data-layout primitives (and maps of them) producing an array of scalars, over x, "
          "a program input or a computation of program inputs; not inside a kernel or a map: a kernel of its own "
          "copies V(x) element by element to global memory")


# --- layout algebra of the tile re-assembly ---------------------------------------------------------------------
def _nested_map(f) -> FunDecl | None:
    """g when f is `a => map(g) << a` with g not using a (a high-level map nested in a map)."""
    nest = perfectly_nested_map(f)
    return nest[1] if nest is not None and nest[0].op is Op.MAP else None


def _mmt_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    g = _nested_map(e.f.funs[0])  # type: ignore[union-attr]
    t = _call_of(e.args[0], Op.TRANSPOSE)
    return None if g is None or t is None else {"g": g, "x": t.args[0]}


def _tmm_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    m = _call_of(e.args[0], Op.MAP)
    g = _nested_map(m.f.funs[0]) if m else None  # type: ignore[union-attr]
    return None if g is None else {"g": g, "x": m.args[0]}  # type: ignore[union-attr]


def _map_map(b: Bindings, ctx: Ctx) -> Prim:
    return map_(fresh_lam(ctx.fresh, "row", lambda r: FunCall(map_(b["g"]), (r,))))


MAP_MAP_TRANSPOSE = rule(
    "mapMapTranspose", "map(map(g)) << transpose << x -> transpose << map(map(g)) << x", [Op.MAP], _mmt_match,
    lambda b, ctx: chain(b["x"], prim(Op.TRANSPOSE), _map_map(b, ctx)), group=G,
    guard="a high-level map of a high-level map over a (read-side) transpose: element-wise work commutes with it")
TRANSPOSE_MAP_MAP = rule(
    "transposeMapMap", "transpose << map(map(g)) << x -> map(map(g)) << transpose << x", [Op.TRANSPOSE], _tmm_match,
    lambda b, ctx: chain(b["x"], _map_map(b, ctx), prim(Op.TRANSPOSE)), group=G,
    guard="a transpose over a high-level map of a high-level map")


def _split_map_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    m = _call_of(e.args[0], Op.MAP)
    return None if m is None else {"split": e.f, "f": m.f.funs[0], "x": m.args[0]}  # type: ignore[union-attr]


SPLIT_MAP = rule(
    "splitMap", "split(n) << map(f) << x -> map(map(f)) << split(n) << x", [Op.SPLIT], _split_map_match,
    lambda b, ctx: chain(b["x"], map_(fresh_lam(ctx.fresh, "chunk", lambda c: FunCall(map_(b["f"]), (c,)))),
                         b["split"]), group=G,
    guard="a split of a high-level map: the chunks of the results are the results of the chunks")


def _unit_join_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if _eta_prim(e.f.funs[0], Op.JOIN) is None:  # type: ignore[union-attr]
        return None
    t = _call_of(e.args[0], Op.TRANSPOSE)
    xt = _array(ctx.typing.of.get((*ctx.path, 1, 1))) if t else None
    inner = _array(xt.elem) if xt else None
    unit = _array(inner.elem) if inner else None
    if unit is None or ctx.value(unit.n) != 1:
        return None
    return {"x": t.args[0]}  # type: ignore[union-attr]


UNIT_JOIN_TRANSPOSE = rule(
    "unitJoinTranspose", "map(join) << transpose << x -> transpose << map(join) << x   (x : [[[T]1]m]n)", [Op.MAP],
    _unit_join_match,
    lambda b, ctx: chain(b["x"], prim(Op.TRANSPOSE), map_(_lam(ctx, "y", prim(Op.JOIN)))), group=G,
    guard="the innermost arrays have length 1 (a reduce's result): joining them is dropping a unit dimension, "
          "which commutes with the transpose of the two outer ones")


def _interchange_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    f = e.f.funs[0]  # type: ignore[union-attr]
    if not (isinstance(f, Lambda) and len(f.params) == 1):
        return None
    a, body = f.params[0], f.body
    inner = _call_of(body, Op.MAP)
    if inner is None or a.name in free_vars(inner.args[0]):
        return None
    g = inner.f.funs[0]  # type: ignore[union-attr]
    if not (isinstance(g, Lambda) and len(g.params) == 1):
        return None
    scope = ctx.binders_below(ctx.path)
    if free_vars(inner.args[0]) & scope:
        return None
    return {"a": a, "b": g.params[0], "f": g.body, "A": e.args[0], "B": inner.args[0]}


def _interchange_build(b: Bindings, ctx: Ctx):
    fr = ctx.fresh
    a2, b2 = fr.param(b["a"].name), fr.param(b["b"].name)
    body = subst(b["f"], {b["a"].name: a2, b["b"].name: b2}, fr)
    swapped = FunCall(map_(Lambda((b2,), FunCall(map_(Lambda((a2,), body)), (b["A"],)))), (b["B"],))  # type: ignore
    return FunCall(prim(Op.TRANSPOSE), (swapped,))


MAP_INTERCHANGE = rule(
    "mapInterchange", "map(a => map(b => f) << B) << A -> transpose << map(b => map(a => f) << A) << B", [Op.MAP],
    _interchange_match, _interchange_build, group=G,
    guard="high-level maps, B does not depend on a (nor on names bound inside the outer map): the two loops of a "
          "loop nest may be swapped, the result read transposed")


# --- views out of loops -----------------------------------------------------------------------------------------


def _path_to(n, name: str, path=()) -> tuple[int, ...] | None:
    if isinstance(n, Param):
        return path if n.name == name else None
    for i, c in enumerate(n.children()):
        if name in free_vars(c):
            return _path_to(c, name, (*path, i))
    return None


def _view_fission_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    f = e.f.funs[0]  # type: ignore[union-attr]
    if not (isinstance(f, Lambda) and len(f.params) == 1):
        return None
    y, body = f.params[0], f.body
    path = _path_to(body, y.name)
    if path is None or sum(1 for _ in _occurrences(body, y.name)) != 1:
        return None
    chain_len = 0
    nodes = [body]
    for i in path:
        nodes.append(nodes[-1].children()[i])
    # climb from y while the parent is a one-data view call with y in its data argument
    k = len(path)
    while k > 0:
        parent, slot = nodes[k - 1], path[k - 1]
        if not (isinstance(parent, FunCall) and isinstance(parent.f, Prim) and parent.f.op in _VIEW_OPS
                and slot == len(parent.children()) - 1 and not concrete(parent.f)):
            break
        k, chain_len = k - 1, chain_len + 1
    if chain_len == 0 or k == 0:
        return None  # no view around y, or the whole body is a view (a map of views: nothing left to fission)
    view = nodes[k]
    if not free_vars(view) <= free_vars(e) | {y.name}:
        return None  # the view uses names bound inside the body
    return {"y": y, "body": body, "at_view": path[:k], "view": view, "x": e.args[0]}


def _occurrences(n, name: str):
    if isinstance(n, Param):
        if n.name == name:
            yield n
        return
    if isinstance(n, Lambda) and any(q.name == name for q in n.params):
        return
    for c in n.children():
        yield from _occurrences(c, name)


def _view_fission_build(b: Bindings, ctx: Ctx):
    z = ctx.fresh.param("elem")
    rest = Lambda((z,), replace_at(b["body"], b["at_view"], z))  # type: ignore[arg-type]
    return chain(b["x"], map_(rest), map_(Lambda((b["y"],), b["view"])))


MAP_VIEW_FISSION = rule(
    "mapViewFission", "map(y => f(V(y))) << x -> map(f) << map(y => V(y)) << x", [Op.MAP], _view_fission_match,
    _view_fission_build, group=G,
    guard="y is used once, inside V(y): the largest chain of data-layout primitives (and maps of them) around it, "
          "using no name bound inside the map; the rest of the body is not empty")


def _kernel_calls(n, path=()):
    """(path, call) of the outermost oclKernel calls in n, in pre-order."""
    if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.OCL_KERNEL:
        yield path, n
        return
    for i, c in enumerate(n.children()):
        yield from _kernel_calls(c, (*path, i))


def _outline_match(e, ctx: Ctx) -> Bindings | None:
    if not isinstance(e, FunCall) or not concrete(e) or _parallel(e, in_kernels=False):
        return None
    if isinstance(e.f, Prim) and e.f.op is Op.OCL_KERNEL:
        return None
    if ctx.inside(Op.OCL_KERNEL) or ctx.inside_any(MAPS) or ctx.inside_any(REDUCES):
        return None
    inputs = [q.name for q in ctx.program.params]
    if not free_vars(e) <= set(inputs):
        return None
    return {"e": e, "kernels": list(_kernel_calls(e)), "inputs": inputs}


def _outline_build(b: Bindings, ctx: Ctx):
    fr = ctx.fresh
    body: Expr = b["e"]
    params, args = [], []
    for path, k in reversed(b["kernels"]):  # replace from the last so earlier paths stay valid
        q = fr.param("stage")
        body = replace_at(body, path, q)  # type: ignore[assignment]
        params.insert(0, q)
        args.insert(0, k)
    for name in b["inputs"]:
        if name in free_vars(body) and name not in {q.name for q in params}:
            q = fr.param(name)
            body = subst(body, {name: q}, fr)  # type: ignore[assignment]
            params.append(q)
            args.append(Param(name))
    return FunCall(prim(Op.OCL_KERNEL, funs=(Lambda(tuple(params), body),)), tuple(args))


KERNEL_OUTLINE = rule(
    "kernelOutline", "e -> oclKernel((k1, .., x1, ..) => e[ki, xi])(K1, .., X1, ..)", [EXPR], _outline_match,
    _outline_build, group=G,
    guard="e computes (calls a user function) with high-level maps only, reads only program inputs and "
          "kernels' results, and is not inside a kernel, map or reduce: it becomes a kernel of its own, whose "
          "parameters are the results of the kernels it reads (in order), then the inputs it reads")


# --- register blocking of a window group by a kernel group (Listing 4.2) ------------------------------------------
def _get_of(e, i: int, q: Param) -> bool:
    return _call_of(e, Op.GET) is not None and int(e.f.static[0]) == i and e.args == (q,)  # type: ignore[union-attr]


def _block_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    f = e.f.funs[0]  # type: ignore[union-attr]
    if not (isinstance(f, Lambda) and len(f.params) == 1):
        return None
    k, inner = f.params[0], _call_of(f.body, Op.MAP)
    if inner is None or k.name in free_vars(inner.args[0]):
        return None
    g = inner.f.funs[0]  # type: ignore[union-attr]
    if not (isinstance(g, Lambda) and len(g.params) == 1):
        return None
    w = g.params[0]
    j = _call_of(g.body, Op.JOIN)
    chunks = _call_of(j.args[0], Op.MAP) if j else None
    z = _call_of(chunks.args[0], Op.ZIP) if chunks else None
    if z is None or z.args != (w, k):
        return None
    h = chunks.f.funs[0]  # type: ignore[union-attr]
    if not (isinstance(h, Lambda) and len(h.params) == 1):
        return None
    c = h.params[0]
    red = h.body
    if not (isinstance(red, FunCall) and isinstance(red.f, Prim) and red.f.op is Op.REDUCE):
        return None
    init, zz = red.args
    zz = _call_of(zz, Op.ZIP)
    if not (zz is not None and len(zz.args) == 2 and _get_of(zz.args[0], 0, c) and _get_of(zz.args[1], 1, c)):
        return None
    fold = red.f.funs[0]
    if not (isinstance(fold, Lambda) and len(fold.params) == 2 and isinstance(init, Literal)):
        return None
    acc, t = fold.params
    body = fold.body
    if not (isinstance(body, FunCall) and isinstance(body.f, UserFun) and len(body.args) == 3
            and body.args[0] == acc and _get_of(body.args[1], 0, t) and _get_of(body.args[2], 1, t)):
        return None
    wt = _array(ctx.typing.of.get((*ctx.path, 0, 0, 1, 1)))  # the windows' array (the inner map's argument)
    kt = _array(ctx.arg_type())
    if wt is None or kt is None:
        return None
    return {"u": body.f, "init": init, "W": inner.args[0], "K": e.args[0], "sigma": wt.n, "kappa": kt.n}


def _block_build(b: Bindings, ctx: Ctx):
    fr = ctx.fresh
    u, init = b["u"], b["init"]

    def tr(x):
        return FunCall(prim(Op.TRANSPOSE), (x,))

    def get(i, x):
        return FunCall(prim(Op.GET, i), (x,))

    def step(acc2d, pair):
        def row(ak):
            def one(ai):
                return FunCall(u, (get(0, ai), get(1, ai), get(1, ak)))

            pairs = FunCall(prim(Op.ZIP), (get(0, ak), get(0, pair)))
            return FunCall(map_(fresh_lam(fr, "acc_inputVec", one)), (pairs,))

        return FunCall(map_(fresh_lam(fr, "accRow_kernelVec", row)), (FunCall(prim(Op.ZIP), (acc2d, get(1, pair))),))

    zeros = Literal(init.value, ArrayType(ArrayType(init.type, b["sigma"]), b["kappa"]))

    def chunk(cp):
        red = FunCall(prim(Op.REDUCE, funs=(fresh_lam(fr, ("acc2D", "pair"), step),)),
                      (zeros, FunCall(prim(Op.ZIP), (tr(get(0, cp)), tr(get(1, cp))))))
        return FunCall(prim(Op.JOIN), (red,))

    blocks = FunCall(map_(fresh_lam(fr, "chunks", chunk)), (FunCall(prim(Op.ZIP), (tr(b["W"]), tr(b["K"]))),))
    return chain(blocks, map_(_lam(ctx, "y", prim(Op.TRANSPOSE))), prim(Op.TRANSPOSE))


BLOCK_REDUCE_2D = rule(
    "blockReduce2D",
    "map(k => map(w => join << map(c => reduce(z, (a, t) => u(a, get(0) t, get(1) t)) << zip(get(0) c, get(1) c)) "
    "<< zip(w, k)) << W) << K -> map(transpose) << transpose << map(cs => join << reduce(z[κ][σ], (acc2D, p) => "
    "map(ak => map(ai => u(get(0) ai, get(1) ai, get(1) ak)) << zip(get(0) ak, get(0) p)) << zip(acc2D, get(1) p)) "
    "<< zip(transpose(get(0) cs), transpose(get(1) cs))) << zip(transpose W, transpose K)",
    [Op.MAP], _block_match, _block_build, group=G,
    guard="high-level maps over K (κ rows) and W (σ rows, not depending on k) of a chunk-wise reduce of zipped "
          "chunks whose fold is one user function of (acc, element of w, element of k); init a scalar literal: "
          "one reduce over the chunk positions keeps the κ x σ accumulators of a work item")


# --- a work item's registers: prefetched vectors, private accumulators, results to local memory ------------------
def _prefetch_match(e, ctx: Ctx) -> Bindings | None:
    g = _call_of(e, Op.GET)
    if g is None or not isinstance(g.args[0], Param):
        return None
    t = _array(ctx.type())
    if t is None or not isinstance(t.elem, VectorType | ScalarType):
        return None
    q = g.args[0].name
    chain_ = ctx.chain
    parent = chain_[-2] if len(chain_) > 1 else None
    if isinstance(parent, FunCall) and isinstance(parent.f, Prim) and parent.f.op is Op.MAP \
            and isinstance(parent.f.funs[0], Prim) and parent.f.funs[0].op is Op.TO_PRIVATE:
        return None  # already prefetched
    for k in range(len(ctx.path) - 1, -1, -1):  # the lambda binding q, the function of a reduce
        n = chain_[k]
        if isinstance(n, Lambda) and q in {p.name for p in n.params}:
            parent = chain_[k - 1] if k else None
            if not (isinstance(parent, Prim) and parent.op in REDUCES and len(n.params) == 2 and n.params[1].name == q):
                return None
            width = t.elem.n if isinstance(t.elem, VectorType) else None
            return {"at": (*ctx.path[:k], len(n.params)), "get": e, "width": width}
    return None


def _prefetch_build(b: Bindings, ctx: Ctx):
    body = at(ctx.program, b["at"])
    p = ctx.fresh.param("group1D")
    new_body = replace_sub(body, b["get"], p)
    vid = ID if b["width"] is None else prim(Op.VECTORISE, b["width"], funs=(ID,))
    copy = prim(Op.TO_PRIVATE, funs=(vid,))
    fetched = FunCall(map_(copy), (b["get"],))
    return FunCall(prim(Op.LET, funs=(Lambda((p,), new_body),)), (fetched,))  # type: ignore[arg-type]



PREFETCH_VECTORS = rule(
    "prefetchVectors", "(acc, p) => B[get(i) p] -> (acc, p) => let(g => B[g]) << map(toPrivate(vectorise(v, id))) << "
    "get(i) p", [Op.GET], _prefetch_match, _prefetch_build, group=G,
    guard="get(i) of the element parameter of a reduce's function, an array of vectors (of scalars: toPrivate(id)), "
          "not already prefetched: the elements are read once per step into private memory and the step reads them "
          "there")


def _private_acc_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    init = e.args[0]
    t = init.type if isinstance(init, Literal) else None
    if not (isinstance(t, ArrayType) and isinstance(t.elem, ArrayType) and isinstance(t.elem.elem, ScalarType)):
        return None
    return {"p": e.f, "init": init, "x": e.args[1]}


def _private_acc_build(b: Bindings, ctx: Ctx):
    row = fresh_lam(ctx.fresh, "accInit", lambda r: FunCall(map_(prim(Op.TO_PRIVATE, funs=(ID,))), (r,)))
    return FunCall(b["p"], (FunCall(map_(row), (b["init"],)), b["x"]))


PRIVATE_ACCUMULATORS = rule(
    "privateAccumulators", "reduceK(value(z, [[T]n]m), f) << x -> reduceK(map(map(toPrivate(id))) << value(z, "
    "[[T]n]m), f) << x", list(REDUCES), _private_acc_match, _private_acc_build, group=G,
    guard="the reduce starts from a constant 2-D array of scalars: its accumulators are copied into private memory "
          "first")


def _local_out_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    red = e.args[0]
    if not (isinstance(red, FunCall) and isinstance(red.f, Prim) and red.f.op in REDUCES):
        return None
    t = _array(ctx.type())
    if t is None or not isinstance(t.elem, ArrayType) or not isinstance(t.elem.elem, ScalarType):
        return None
    if not ctx.inside(Op.MAP_WRG) and not ctx.inside(Op.MAP):
        return None
    return {"e": e}


def _local_out_build(b: Bindings, ctx: Ctx):
    row = fresh_lam(ctx.fresh, "accOut", lambda r: FunCall(map_(prim(Op.TO_LOCAL, funs=(ID,))), (r,)))
    return FunCall(map_(row), (b["e"],))


LOCAL_RESULTS = rule(
    "localResults", "join << reduceK(...) << x -> map(map(toLocal(id))) << join << reduceK(...) << x", [Op.JOIN],
    _local_out_match, _local_out_build, group=G,
    guard="the joined result of a reduce is a 2-D array of scalars inside a mapWrg or a high-level map (a work "
          "group's function once mapped): it is copied to local memory, where the other work items of the group "
          "read it")


def unroll_over(*lengths) -> Rule:
    """map/mapSeq(f) << x -> mapSeqUnroll(f) << x, reduceSeq -> reduceSeqUnroll, for x of one of the given lengths"""
    sizes = tuple(arith.size(n) for n in lengths)
    text = ", ".join(map(str, sizes))

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        if e.f.op not in (Op.MAP, Op.MAP_SEQ, Op.REDUCE_SEQ):  # type: ignore[union-attr]
            return None
        if e.f.op is Op.MAP and not concrete(e.f.funs[0]):  # type: ignore[union-attr]
            return None
        xt = _array(ctx.arg_type())
        if xt is None or not any(arith.equal(xt.n, n) for n in sizes):
            return None
        return {"p": e.f, "args": e.args}

    def build(b: Bindings, ctx: Ctx):
        p: Prim = b["p"]
        op = Op.REDUCE_SEQ_UNROLL if p.op is Op.REDUCE_SEQ else Op.MAP_SEQ_UNROLL
        return FunCall(Prim(op, p.static, p.funs), b["args"])

    return rule(f"unrollOver({text})", "mapK(f) << x -> mapSeqUnroll(f) << x;  reduceSeq -> reduceSeqUnroll",
                [Op.MAP, Op.MAP_SEQ, Op.REDUCE_SEQ], match, build, params=(("lengths", sizes),), group=G,
                guard=f"x has one of the lengths {text} (tuning parameters whose product the lowering's constraints "
                      "bound), a map that computes or a mapSeq, or a reduceSeq")


def _private_init_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    init = e.args[0]
    if not (isinstance(init, Literal) and isinstance(init.type, ScalarType)):
        return None
    return {"p": e.f, "init": init, "x": e.args[1]}


PRIVATE_INIT = rule(
    "privateInit", "reduceSeq(z, f) << x -> reduceSeq(toPrivate(id) << z, f) << x",
    [Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL], _private_init_match,
    lambda b, ctx: FunCall(b["p"], (FunCall(prim(Op.TO_PRIVATE, funs=(ID,)), (b["init"],)), b["x"])), group=G,
    guard="a sequential reduce from a scalar constant: its accumulator lives in private memory")


def _global_result_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    if not (ctx.inside(Op.MAP_LCL) or ctx.inside(Op.MAP_GLB)) or ctx.inside_any(MAPS - PARALLEL_MAPS):
        return None
    parent = ctx.chain[-2] if len(ctx.chain) > 1 else None
    if isinstance(parent, FunCall) and isinstance(parent.f, Prim) and parent.f.op in ADDRESS_SPACES:
        return None
    if not isinstance(ctx.chain[-2], Lambda):
        return None  # the value the work item returns: the body of the parallel map's function
    return {"e": e}


GLOBAL_RESULT = rule(
    "globalResult", "reduceSeq(...) << x -> toGlobal(mapSeq(id)) << reduceSeq(...) << x",
    [Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL], _global_result_match,
    lambda b, ctx: FunCall(prim(Op.TO_GLOBAL, funs=(prim(Op.MAP_SEQ, funs=(ID,)),)), (b["e"],)), group=G,
    guard="the result of a sequential reduce is the value a work item returns (the body of a mapLcl/mapGlb "
          "function): it is copied to global memory")
