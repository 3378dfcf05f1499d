"""Address-space rules: toGlobal/toLocal/toPrivate around user functions or lowered maps, and copies through
`id` into local or private memory (Lift's globalMemory/localMemory/privateMemory and CopyRules).

Context conditions ("inside" = the site lies in the function argument of that primitive):
- no rule applies inside another address-space wrapper, and a wrapped map must hold no wrapper itself;
- toLocal: inside a mapWrg (a work-group shares the buffer);
- toPrivate: inside a per-thread loop (mapGlb, mapLcl, mapSeq(Unroll) or reduceSeq(Unroll), the site's own
  map included);
- toGlobal: anywhere;
- all: inside an oclKernel when the program declares kernels.
Copies (`x -> map(toX(id)) << x`, deep for nested arrays) apply to a data argument x of a map or reduce that is
an array view or parameter of scalars/vectors (not a computation); the copy map is high-level and is lowered
by the mapping rules like any other.
"""

from __future__ import annotations

from ..ir.build import prim
from ..ir.node import FunCall, Literal, Prim, UserFun
from ..ir.ops import ADDRESS_SPACES, MAPS, REDUCES, Op
from ..ir.terms import concrete, copy_fun, ops_inside
from ..types import ArrayType, ScalarType, VectorType, base_type
from .rule import EXPR, USERFUN_CALL, Ctx, Rule, rule
from .rules_mapping import in_kernel

G = "memory"
_PER_THREAD = frozenset({Op.MAP_GLB, Op.MAP_LCL, Op.MAP_SEQ, Op.MAP_SEQ_UNROLL, Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL})
_LOWERED_MAPS = {
    Op.TO_GLOBAL: (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL, Op.MAP_SEQ, Op.MAP_SEQ_UNROLL),
    Op.TO_LOCAL: (Op.MAP_LCL, Op.MAP_SEQ, Op.MAP_SEQ_UNROLL),
    Op.TO_PRIVATE: (Op.MAP_SEQ, Op.MAP_SEQ_UNROLL),
}
_NAMES = {Op.TO_GLOBAL: "toGlobal", Op.TO_LOCAL: "toLocal", Op.TO_PRIVATE: "toPrivate"}


def _space_ok(space: Op, ctx: Ctx, own: Op | None = None) -> bool:
    if ctx.inside_any(ADDRESS_SPACES) or not in_kernel(ctx):
        return False
    if space is Op.TO_LOCAL:
        return ctx.inside(Op.MAP_WRG) or own is Op.MAP_WRG
    if space is Op.TO_PRIVATE:
        return own in _PER_THREAD or ctx.inside_any(_PER_THREAD)
    return True


def _bare(f) -> bool:
    """A user function or a vectorised user function used directly as a map's function."""
    return isinstance(f, UserFun) or (isinstance(f, Prim) and f.op is Op.VECTORISE)


def to_space(space: Op) -> Rule:
    """uf(args) -> toX(uf)(args); mapK(uf) << x -> mapK(toX(uf)) << x"""

    def match(e: FunCall, ctx: Ctx):
        if isinstance(e.f, UserFun) or (isinstance(e.f, Prim) and e.f.op is Op.VECTORISE):
            return {"e": e} if _space_ok(space, ctx) else None
        p = e.f
        if isinstance(p, Prim) and p.op in MAPS and _bare(p.funs[0]) and _space_ok(space, ctx, p.op):
            return {"e": e, "slot": True}
        return None

    def build(b, ctx):
        e: FunCall = b["e"]
        if b.get("slot"):
            p: Prim = e.f  # type: ignore[assignment]
            return FunCall(Prim(p.op, p.static, (prim(space, funs=(p.funs[0],)),)), e.args)
        return FunCall(prim(space, funs=(e.f,)), e.args)

    name = _NAMES[space]
    return rule(name, f"u(args) -> {name}(u)(args); mapK(u) << x -> mapK({name}(u)) << x",
                [USERFUN_CALL, Op.VECTORISE, *MAPS], match, build, group=G,
                guard={Op.TO_GLOBAL: "not inside an address-space wrapper",
                       Op.TO_LOCAL: "inside a mapWrg, not inside an address-space wrapper",
                       Op.TO_PRIVATE: "in a per-thread loop, not inside an address-space wrapper"}[space])


def to_space_map(space: Op) -> Rule:
    """mapK(f) << x -> toX(mapK(f)) << x"""
    kinds = _LOWERED_MAPS[space]

    def match(e: FunCall, ctx: Ctx):
        p: Prim = e.f  # type: ignore[assignment]
        if any(o in ADDRESS_SPACES for o, _ in ops_inside(p)) or not concrete(p):
            return None
        if not _space_ok(space, ctx):
            return None
        return {"e": e}

    def build(b, ctx):
        e: FunCall = b["e"]
        return FunCall(prim(space, funs=(e.f,)), e.args)

    name = _NAMES[space]
    kinds_text = "/".join(k.text for k in kinds)
    return rule(f"{name}Map", f"mapK(f) << x -> {name}(mapK(f)) << x   (mapK in {kinds_text})", kinds, match, build,
                group=G, guard=f"mapK in {kinds_text}; no wrapper in f or around the site"
                + {Op.TO_GLOBAL: "", Op.TO_LOCAL: "; inside a mapWrg",
                   Op.TO_PRIVATE: "; inside a per-thread loop"}[space])


def copy_to(space: Op) -> Rule:
    """x -> map(toX(id)) << x for the array a map or reduce consumes"""

    def match(e, ctx: Ctx):
        if isinstance(e, Literal) or (isinstance(e, FunCall) and concrete(e)) or len(ctx.path) < 2:
            return None
        parent = ctx.chain[-2]
        if not (isinstance(parent, FunCall) and isinstance(parent.f, Prim) and parent.f.op in (MAPS | REDUCES)
                and ctx.path[-1] == len(parent.args)):
            return None
        t = ctx.type()
        if not isinstance(t, ArrayType) or not isinstance(base_type(t), ScalarType | VectorType):
            return None
        if ctx.inside_any(ADDRESS_SPACES) or not in_kernel(ctx):
            return None
        if space is Op.TO_LOCAL and not ctx.inside(Op.MAP_WRG):
            return None
        if space is Op.TO_PRIVATE and not (ctx.inside(Op.MAP_GLB) or ctx.inside(Op.MAP_LCL)):
            return None
        return {"e": e, "t": t}

    def build(b, ctx):
        return FunCall(copy_fun(b["t"], space, ctx.fresh), (b["e"],))  # type: ignore[arg-type]

    name = _NAMES[space]
    where = {Op.TO_LOCAL: "inside a mapWrg", Op.TO_PRIVATE: "inside a mapGlb or mapLcl"}[space]
    return rule(f"copy{name[2:]}", f"x -> map({name}(id)) << x   (x consumed by a map or reduce)", [EXPR], match,
                build, group=G, guard=f"x a view or parameter (no user function) of scalars/vectors; {where}")


def memory_rules() -> tuple[Rule, ...]:
    return (
        to_space(Op.TO_GLOBAL),
        to_space(Op.TO_LOCAL),
        to_space(Op.TO_PRIVATE),
        to_space_map(Op.TO_GLOBAL),
        to_space_map(Op.TO_LOCAL),
        to_space_map(Op.TO_PRIVATE),
        copy_to(Op.TO_LOCAL),
        copy_to(Op.TO_PRIVATE),
    )
