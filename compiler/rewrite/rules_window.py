"""Rules for sliding-window programs (convolution, thesis §4.2): optimisational padding with its crop, tiling of
2-D sliding windows into overlapping tiles, and the sum-of-products rewrites of Listings 4.2/4.3 (fused
multiply-add, vector dot products, coalescing reorders and partial sums of a window's reduction).

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
from ..ir.build import prim
from ..ir.node import Expr, FunCall, Lambda, Literal, Param, Prim, UserFun
from ..ir.ops import REDUCES, Op
from ..ir.terms import beta, chain, concrete, contains, free_vars, fresh_lam, subst, zero_of
from ..ir.userfuns import ADD, ID, MULT, MULT_AND_SUM_UP, userfun
from ..types import FLOAT, ArrayType, ScalarType, TypeVar
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
def _size(n):
    return arith.size(n)


def _array(t) -> ArrayType | None:
    return t if isinstance(t, ArrayType) else None


def _map(f) -> Prim:
    return prim(Op.MAP, funs=(f,))


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
    rho, rho_w = _size(rho), _size(rho_w)

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
        padded = chain(rows_padded, _map(_lam(ctx, "padIn", prim(Op.PAD, cp.static[0], cp.static[1] + rho_w), (cval,))))
        windows = chain(padded, _map(_lam(ctx, "y", prim(Op.TRANSPOSE))), b["rows"],
                        _map(_lam(ctx, "y", b["cslide"])))
        crop_w = _map(_lam(ctx, "xs", prim(Op.PAD, 0, arith.simplify(-rho_w / s2)), (cval,)))
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
    theta = _size(theta)

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

        tiles = chain(b["x"], prim(Op.JOIN), _map(lam("y", prim(Op.TRANSPOSE))), prim(Op.SLIDE_STRICT, theta, step1),
                      _map(lam("y", prim(Op.SLIDE_STRICT, theta, step2))))
        per_tile = fresh_lam(ctx.fresh, "tile", lambda t: chain(
            t, prim(Op.JOIN), _map(lam("y", prim(Op.TRANSPOSE))), b["rows"], _map(lam("y", b["cslide"]))))
        windows = FunCall(_map(per_tile), (tiles,))
        return chain(windows, _map(lam("y", prim(Op.JOIN))), prim(Op.JOIN), _map(lam("y", prim(Op.TRANSPOSE))),
                     prim(Op.SPLIT, tiles_w), _map(lam("y", prim(Op.SPLIT, win_w))))

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
    v = _size(v)
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
    s = _size(s)

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
    m = _size(m)

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
        sums = chain(chunks, prim(Op.JOIN), _map(part))
        return FunCall(Prim(p.op, p.static, (ADD,)), (b["init"], sums))

    return rule(f"partialSumZip({m})",
                "reduce(0, sum fold) << zip(a, b) -> reduce(0, add) << join << map(c => reduce(0, sum fold) << "
                "zip(get(0) c, get(1) c)) << zip(split(m) << a, split(m) << b)",
                [Op.REDUCE], match, build, params=(("m", m),), group=G,
                guard="a high-level reduce of a sum fold from 0 over a zip of arrays of length N; m | N, m < N")


__all__ = ["CROP_MAP", "DOT_NAMES", "DROP_TRANSFER", "KERNEL_INLINE", "MATERIALISE_KERNEL",
           "MULT_AND_SUM_UP_FUSION", "dot_and_sum_up", "dot_vectorise", "pad_optimise_2d",
           "partial_sum_zip", "reorder_zip", "slide_tiling_2d_strict"]


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


def _parallel(n) -> bool:
    if isinstance(n, Prim) and n.op in (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL):
        return True
    return any(_parallel(c) for c in n.children())


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


def _materialise_match(e, ctx: Ctx) -> Bindings | None:
    if not isinstance(e, FunCall) or isinstance(e.f, Lambda) or concrete(e):
        return None
    if ctx.inside(Op.OCL_KERNEL) or contains(e, Op.OCL_KERNEL):
        return None
    names = free_vars(e)
    inputs = {q.name for q in ctx.program.params}
    rank = _rank_of_scalars(ctx.type())
    if len(names) != 1 or not names <= inputs or rank is None:
        return None
    (name,) = names
    return {"e": e, "x": next(q for q in ctx.program.params if q.name == name), "rank": rank}


def _materialise_build(b: Bindings, ctx: Ctx):
    x: Param = b["x"]
    fr = ctx.fresh

    def copy(depth: int, a: Expr) -> Expr:
        if depth == 1:
            return FunCall(prim(Op.TO_GLOBAL, funs=(prim(Op.MAP_SEQ, funs=(ID,)),)), (a,))
        return FunCall(_map(fresh_lam(fr, "row" if depth > 2 else "px", lambda r: copy(depth - 1, r))), (a,))

    y = fr.param(x.name)
    kernel = Lambda((y,), copy(b["rank"], subst(b["e"], {x.name: y}, fr)))  # type: ignore[arg-type]
    return FunCall(prim(Op.OCL_KERNEL, funs=(kernel,)), (Param(x.name),))


MATERIALISE_KERNEL = rule(
    "materialiseKernel", "V(x) -> oclKernel(y => map(...(toGlobal(mapSeq(id))))) << V(y))(x)", [EXPR],
    _materialise_match, _materialise_build, group=G,
    guard="V(x) a view (no user function) of one program input x, an array of scalars of rank >= 1, neither "
          "inside nor holding a kernel: a kernel of its own copies it element by element to global memory")
