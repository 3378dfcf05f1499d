"""Rules deriving the work-group reductions of the BLAS level-1 lowerings (compiler.lowering.blas1) from the
benchmarks' high-level programs. Each is named after its law; the driver re-type-checks every result.

- splitZip:            split(n) << zip(a, b) -> map(p => zip(get(0) p, get(1) p)) << zip(split(n) a, split(n) b)
- partialReduceStride: reduce(init, f) << x -> reduce(init, f) << join << map(l => reduce(init, f) << l)
                       << transpose << split(s) << x   (lane l reduces x[l], x[l + s], ...: coalesced reads)
- reduceVectorise:     reduce(init, f) << asScalar << y -> reduce(init, f) << asScalar
                       << reduce(<init>v, vectorise(v, f)) << y
- singletonMap:        reduce(init, f) << x -> join << map(y => reduce(init, f) << y) << split(n) << x
- copyVector:          x -> asScalar << mapSeq(vectorise(v, id)) << asVector(v) << x
- oclKernel:           e -> oclKernel((p1, ...) => e[a1 := p1, ...])(a1, ...)

These are not in the per-step catalogue (compiler.rewrite.catalog): the lowerings use them through
compiler.lowering.derivation.
"""

from __future__ import annotations

from ..ir.build import map_, prim
from ..ir.node import Expr, FunCall, Lambda, Literal, Param, Prim, literal_number
from ..ir.ops import Op
from ..ir.terms import binary_userfun, chain, concrete, free_vars, fresh_lam, is_call, subst
from ..ir.userfuns import ADD, ID, MAX, MIN, MULT
from ..types import ArrayType, ScalarType, VectorType, same_type
from .rule import EXPR, Bindings, Ctx, Rule, rule

G = "algorithmic"
_LOWERED_MAPS = (Op.MAP_GLB, Op.MAP_LCL, Op.MAP_SEQ)

# associative and commutative user functions with a test for their neutral element
_NEUTRAL = {ADD: lambda v: v == 0.0, MULT: lambda v: v == 1.0,
            MAX: lambda v: v <= -3.4e38, MIN: lambda v: v >= 3.4e38}




def _neutral_reduce(e: FunCall) -> bool:
    """reduce(init, f) with f associative and commutative (add, mult, max_, min_) and init its neutral scalar."""
    u = binary_userfun(e.f.funs[0])  # type: ignore[union-attr]
    init = e.args[0]
    if u not in _NEUTRAL or not isinstance(init, Literal) or not isinstance(init.type, ScalarType):
        return False
    v = literal_number(init.value)
    return v is not None and _NEUTRAL[u](v)



# --- layout through maps and zips ------------------------------------------------------------------------------
def _split_zip_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    z = e.args[0]
    if not is_call(z, Op.ZIP):
        return None
    return {"n": e.f.static[0], "xs": z.args}  # type: ignore[union-attr]


def _split_zip_build(b: Bindings, ctx: Ctx):
    k = len(b["xs"])
    rezip = fresh_lam(ctx.fresh, "p", lambda p: FunCall(prim(Op.ZIP), tuple(FunCall(prim(Op.GET, i), (p,))
                                                                              for i in range(k))))
    chunks = FunCall(prim(Op.ZIP), tuple(chain(x, prim(Op.SPLIT, b["n"])) for x in b["xs"]))
    return chain(chunks, map_(rezip))


SPLIT_ZIP = rule("splitZip", "split(n) << zip(a, ...) -> map(p => zip(get(0) p, ...)) << zip(split(n) a, ...)",
                 [Op.SPLIT], _split_zip_match, _split_zip_build, group=G, guard="the split's argument is a zip")


# --- reductions ----------------------------------------------------------------------------------------------------
def partial_reduce_stride(s) -> Rule:
    """reduce(init, f) << x -> reduce(init, f) << join << map(l => reduce(init, f) << l) << transpose << split(s)
    << x; with x = asScalar << y the lanes take y's vectors (l => reduce(init, f) << asScalar << l)."""

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        if not _neutral_reduce(e):
            return None
        x = e.args[1]
        vec = is_call(x, Op.AS_SCALAR)
        src = x.args[0] if vec else x  # type: ignore[union-attr]
        xt = ctx.type((*ctx.path, 2, 1)) if vec else ctx.arg_type()
        if not isinstance(xt, ArrayType) or not ctx.divides(s, xt.n) or not ctx.lt(s, xt.n):
            return None
        elem = xt.elem.elem if vec and isinstance(xt.elem, VectorType) else xt.elem
        if not same_type(elem, e.args[0].type):  # type: ignore[union-attr]
            return None
        return {"p": e.f, "init": e.args[0], "src": src, "vec": vec}

    def build(b: Bindings, ctx: Ctx):
        p, init = b["p"], b["init"]

        def lane(q):
            return FunCall(p, (init, chain(q, prim(Op.AS_SCALAR)) if b["vec"] else q))

        lanes = chain(b["src"], prim(Op.JOIN), map_(fresh_lam(ctx.fresh, "lane", lane)), prim(Op.TRANSPOSE),
                      prim(Op.SPLIT, s))
        return FunCall(p, (init, lanes))

    return rule(f"partialReduceStride({s})",
                "reduce(init, f) << x -> reduce(init, f) << join << map(l => reduce(init, f) << l) << transpose "
                "<< split(s) << x   (x = asScalar << y: lanes of y's vectors)",
                [Op.REDUCE], match, build, params=(("s", s),), group=G,
                guard="f in {add, mult, max_, min_} with its neutral init; x : [T]N (or asScalar of [<T>v]N), "
                      "T = type of init, s | N, s < N")


def _reduce_vectorise_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    x = e.args[1]
    if not _neutral_reduce(e) or not is_call(x, Op.AS_SCALAR):
        return None
    yt = ctx.type((*ctx.path, 2, 1))
    init = e.args[0]
    if not isinstance(yt, ArrayType) or not isinstance(yt.elem, VectorType):
        return None
    if not same_type(yt.elem.elem, init.type):  # type: ignore[union-attr]
        return None
    return {"p": e.f, "init": init, "y": x.args[0], "v": yt.elem.n}  # type: ignore[union-attr]


def _reduce_vectorise_build(b: Bindings, ctx: Ctx):
    p: Prim = b["p"]
    init: Literal = b["init"]
    u = binary_userfun(p.funs[0])
    vinit = Literal(init.value, VectorType(init.type, b["v"]))  # type: ignore[arg-type]
    lanes = FunCall(prim(Op.REDUCE, funs=(prim(Op.VECTORISE, b["v"], funs=(u,)),)), (vinit, b["y"]))
    return FunCall(p, (init, chain(lanes, prim(Op.AS_SCALAR))))


REDUCE_VECTORISE = rule(
    "reduceVectorise",
    "reduce(init, f) << asScalar << y -> reduce(init, f) << asScalar << reduce(<init>v, vectorise(v, f)) << y",
    [Op.REDUCE], _reduce_vectorise_match, _reduce_vectorise_build, group=G,
    guard="f in {add, mult, max_, min_} with its neutral scalar init; y : [<T>v]N, T = type of init")


def _singleton_map_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    xt = ctx.arg_type()
    if not isinstance(xt, ArrayType):
        return None
    return {"p": e.f, "init": e.args[0], "x": e.args[1], "n": xt.n}


def _singleton_map_build(b: Bindings, ctx: Ctx):
    whole = fresh_lam(ctx.fresh, "all", lambda y: FunCall(b["p"], (b["init"], y)))
    return chain(b["x"], prim(Op.JOIN), map_(whole), prim(Op.SPLIT, b["n"]))


SINGLETON_MAP = rule("singletonMap",
                     "reduce(init, f) << x -> join << map(y => reduce(init, f) << y) << split(n) << x   (x : [T]n)",
                     [Op.REDUCE], _singleton_map_match, _singleton_map_build, group=G,
                     guard="any high-level reduce (one chunk holding the whole array)")


# --- memory --------------------------------------------------------------------------------------------------
def copy_vector(v) -> Rule:
    """x -> asScalar << mapSeq(vectorise(v, id)) << asVector(v) << x"""

    def match(e, ctx: Ctx) -> Bindings | None:
        t = ctx.type()
        if not isinstance(t, ArrayType) or not isinstance(t.elem, ScalarType) or t.elem.name == "bool":
            return None
        if not ctx.divides(v, t.n) or not ctx.inside_any(_LOWERED_MAPS):
            return None
        return {"x": e}

    def build(b: Bindings, ctx: Ctx):
        return chain(b["x"], prim(Op.AS_SCALAR), prim(Op.MAP_SEQ, funs=(prim(Op.VECTORISE, v, funs=(ID,)),)),
                     prim(Op.AS_VECTOR, v))

    return rule(f"copyVector({v})", "x -> asScalar << mapSeq(vectorise(v, id)) << asVector(v) << x", [EXPR], match,
                build, params=(("v", v),), group="memory",
                guard="x : [S]N scalars inside a mapGlb/mapLcl/mapSeq, v | N (a copy in v-wide vectors; an "
                      "address-space caster around the mapSeq places it)")


# --- kernel boundaries ---------------------------------------------------------------------------------------
def _kernel_inputs(e: Expr, out: list[Expr]) -> None:
    """The oclKernel calls `e` consumes through its data arguments (not inside functions), outermost first."""
    if not isinstance(e, FunCall):
        return
    for a in e.args:
        if is_call(a, Op.OCL_KERNEL):
            out.append(a)
        else:
            _kernel_inputs(a, out)


def _replace(e: Expr, table: dict[int, Param]) -> Expr:
    if id(e) in table:
        return table[id(e)]
    if not isinstance(e, FunCall):
        return e
    args = tuple(_replace(a, table) for a in e.args)
    return e if all(a is b for a, b in zip(args, e.args, strict=True)) else FunCall(e.f, args)


def _kernel_match(e, ctx: Ctx) -> Bindings | None:
    if not isinstance(e, FunCall) or is_call(e, Op.OCL_KERNEL) or ctx.enclosing:
        return None
    if any(isinstance(n, Lambda) for n in ctx.chain):  # only on the program's data path
        return None
    calls: list[Expr] = []
    _kernel_inputs(e, calls)
    table = {id(c): Param(ctx.fresh("partials"), ctx.typing.of[_path_of(ctx, e, c)]) for c in calls}
    body = _replace(e, table)
    if not concrete(body) or is_call(body, Op.OCL_KERNEL):
        return None
    params = [q for q in ctx.program.params if q.name in free_vars(body)]
    return {"body": body, "params": params, "calls": calls, "kparams": list(table.values())}


def _path_of(ctx: Ctx, root: Expr, target: Expr):
    """The path of `target` (a data-argument descendant of the site node `root`) in the program."""
    def go(e, path):
        if e is target:
            return path
        if isinstance(e, FunCall):
            for i, a in enumerate(e.args):
                r = go(a, (*path, i + 1))
                if r is not None:
                    return r
        return None

    return go(root, ctx.path)


def _kernel_build(b: Bindings, ctx: Ctx):
    params = b["params"]
    renamed = {q.name: Param(ctx.fresh(q.name), q.type) for q in params}
    body = subst(b["body"], dict(renamed), ctx.fresh)
    kparams = (*(renamed[q.name] for q in params), *b["kparams"])
    return FunCall(prim(Op.OCL_KERNEL, funs=(Lambda(kparams, body),)), (*params, *b["calls"]))  # type: ignore[arg-type]


OCL_KERNEL = rule("oclKernel", "e -> oclKernel((p1, ...) => e[a1 := p1, ...])(a1, ...)", [EXPR], _kernel_match,
                  _kernel_build, group="mapping",
                  guard="e a computation on the program's data path (inside no function); its inputs are the "
                        "program parameters it uses and the oclKernel calls it consumes")


def blas1_rules() -> tuple[Rule, ...]:
    return (SPLIT_ZIP, partial_reduce_stride("L"), REDUCE_VECTORISE, SINGLETON_MAP, copy_vector("V"), OCL_KERNEL)
