"""Lowering rules: high-level map/reduce to OpenCL control structures (thesis R2, R3; Lift's OpenCLRules with
their nesting conditions, thesis spec §5.3 and the Ch5 constraints 5.3-5.6).

Guards (the call is the site; "inside" means the site lies in the function argument of that primitive):
- mapGlb(d): f concrete; f holds no mapWrg, mapLcl or mapGlb(d); not inside mapWrg, mapLcl or mapGlb(d);
  not inside a reduce operator or an iterate body (no global barrier is available there); the kernel holds no
  mapWrg/mapLcl (one kernel uses either the global or the work-group domain).
- mapWrg(d): f holds a nested map (to become the mapLcl level) and no mapGlb or mapWrg(d); not inside mapGlb,
  mapLcl or mapWrg(d); not inside a reduce operator or an iterate body; the kernel holds no mapGlb.
- mapLcl(d): f concrete; f holds no mapLcl(d), mapWrg or mapGlb; inside mapWrg(d); not inside mapLcl(d) or
  mapGlb; not inside a reduce operator.
- mapSeq: f concrete. mapSeqUnroll: mapSeq over a length known to be <= UNROLL_MAX.
- reduceSeq: the operator holds no parallel map. reduceSeqUnroll: reduceSeq over a known length <= UNROLL_MAX.
- all of them: when the program declares kernels (oclKernel), only inside one (the rest is host-side views).
"""

from __future__ import annotations

from ..ir.build import prim
from ..ir.node import FunCall, Prim
from ..ir.ops import MAPS, PARALLEL_MAPS, REDUCES, Op
from ..ir.terms import concrete, contains
from ..types import ArrayType
from .rule import Ctx, Rule, rule

G = "mapping"
DIMS = (0, 1, 2)
UNROLL_MAX = 32

_NO_PARALLEL_IN = REDUCES | {Op.ITERATE}
_ANY_MAP = MAPS | {Op.MAP_ND}


def in_kernel(ctx: Ctx) -> bool:
    """A program that declares kernels (oclKernel) is lowered inside them only."""
    return not contains(ctx.program, Op.OCL_KERNEL) or ctx.inside(Op.OCL_KERNEL)


def kernel_of(ctx: Ctx):
    """The function of the innermost oclKernel around the site, or the whole program when it has none."""
    for e in reversed(ctx.enclosing):
        if e.op is Op.OCL_KERNEL:
            return ctx.chain[len(e.path)].f.funs[e.slot]  # type: ignore[union-attr]
    return ctx.program


def _f(e: FunCall):
    return e.f.funs[0]  # type: ignore[union-attr]


def _relabel(op: Op, *static):
    def build(b, ctx):
        e: FunCall = b["e"]
        return FunCall(Prim(op, prim(op, *static).static, e.f.funs), e.args)  # type: ignore[union-attr]

    return build


def map_to_glb(d: int) -> Rule:
    def match(e: FunCall, ctx: Ctx):
        f = _f(e)
        if not concrete(f) or contains(f, Op.MAP_WRG) or contains(f, Op.MAP_LCL) or contains(f, Op.MAP_GLB, d):
            return None
        if ctx.inside(Op.MAP_WRG) or ctx.inside(Op.MAP_LCL) or ctx.inside(Op.MAP_GLB, d):
            return None
        if ctx.inside_any(_NO_PARALLEL_IN) or not in_kernel(ctx):
            return None
        k = kernel_of(ctx)
        if contains(k, Op.MAP_WRG) or contains(k, Op.MAP_LCL):
            return None
        return {"e": e}

    return rule(f"mapGlb({d})", f"map(f) << x -> mapGlb({d}, f) << x", [Op.MAP], match, _relabel(Op.MAP_GLB, d),
                params=(("dim", d),), group=G,
                guard=f"f concrete, no mapWrg/mapLcl/mapGlb({d}) in f; not inside mapWrg, mapLcl, mapGlb({d}), "
                      "a reduce operator or an iterate; the kernel holds no mapWrg/mapLcl")


def map_to_wrg(d: int) -> Rule:
    def match(e: FunCall, ctx: Ctx):
        f = _f(e)
        if not any(contains(f, op) for op in _ANY_MAP) or contains(f, Op.MAP_GLB) or contains(f, Op.MAP_WRG, d):
            return None
        if ctx.inside(Op.MAP_GLB) or ctx.inside(Op.MAP_LCL) or ctx.inside(Op.MAP_WRG, d):
            return None
        if ctx.inside_any(_NO_PARALLEL_IN) or not in_kernel(ctx) or contains(kernel_of(ctx), Op.MAP_GLB):
            return None
        return {"e": e}

    return rule(f"mapWrg({d})", f"map(f) << x -> mapWrg({d}, f) << x", [Op.MAP], match, _relabel(Op.MAP_WRG, d),
                params=(("dim", d),), group=G,
                guard=f"f holds a nested map and no mapGlb/mapWrg({d}); not inside mapGlb, mapLcl, mapWrg({d}), "
                      "a reduce operator or an iterate; the kernel holds no mapGlb")


def map_to_lcl(d: int) -> Rule:
    def match(e: FunCall, ctx: Ctx):
        f = _f(e)
        if not concrete(f) or contains(f, Op.MAP_LCL, d) or contains(f, Op.MAP_WRG) or contains(f, Op.MAP_GLB):
            return None
        if not ctx.inside(Op.MAP_WRG, d) or ctx.inside(Op.MAP_LCL, d) or ctx.inside(Op.MAP_GLB):
            return None
        if ctx.inside_any(REDUCES) or not in_kernel(ctx):
            return None
        return {"e": e}

    return rule(f"mapLcl({d})", f"map(f) << x -> mapLcl({d}, f) << x", [Op.MAP], match, _relabel(Op.MAP_LCL, d),
                params=(("dim", d),), group=G,
                guard=f"f concrete, no mapLcl({d})/mapWrg/mapGlb in f; inside mapWrg({d}), not inside mapLcl({d}), "
                      "mapGlb or a reduce operator")


def _map_seq_match(e: FunCall, ctx: Ctx):
    return {"e": e} if concrete(_f(e)) and in_kernel(ctx) else None


MAP_SEQ = rule("mapSeq", "map(f) << x -> mapSeq(f) << x", [Op.MAP], _map_seq_match, _relabel(Op.MAP_SEQ),
               group=G, guard="f concrete")


def _short(ctx: Ctx) -> bool:
    t = ctx.arg_type()
    if not isinstance(t, ArrayType):
        return False
    v = ctx.value(t.n)
    return v is not None and v <= UNROLL_MAX


MAP_SEQ_UNROLL = rule("mapSeqUnroll", "mapSeq(f) << x -> mapSeqUnroll(f) << x", [Op.MAP_SEQ],
                      lambda e, ctx: {"e": e} if _short(ctx) else None, _relabel(Op.MAP_SEQ_UNROLL), group=G,
                      guard=f"the length of x is known and <= {UNROLL_MAX}")


def _reduce_seq_match(e: FunCall, ctx: Ctx):
    f = _f(e)
    return None if any(contains(f, op) for op in PARALLEL_MAPS) or not in_kernel(ctx) else {"e": e}


REDUCE_SEQ = rule("reduceSeq", "reduce(init, f) << x -> reduceSeq(init, f) << x", [Op.REDUCE], _reduce_seq_match,
                  _relabel(Op.REDUCE_SEQ), group=G, guard="no parallel map in f")

REDUCE_SEQ_UNROLL = rule("reduceSeqUnroll", "reduceSeq(init, f) << x -> reduceSeqUnroll(init, f) << x",
                         [Op.REDUCE_SEQ], lambda e, ctx: {"e": e} if _short(ctx) else None,
                         _relabel(Op.REDUCE_SEQ_UNROLL), group=G, guard=f"the length of x is known and <= {UNROLL_MAX}")


def mapping_rules() -> tuple[Rule, ...]:
    return (
        *(map_to_glb(d) for d in DIMS),
        *(map_to_wrg(d) for d in DIMS),
        *(map_to_lcl(d) for d in DIMS),
        MAP_SEQ,
        MAP_SEQ_UNROLL,
        REDUCE_SEQ,
        REDUCE_SEQ_UNROLL,
    )
