"""Rules that the generic default lowering (`compiler.lowering.default`) needs, besides the catalogue's, to be
written as rule applications: a copy of a value into an address space whatever its shape, a layout-only map
written as the sequential map the code generator reads as a view, and a whole reduction as the one chunk of a
partial reduction (the last kernel of a parallel reduction). Not in the environment's per-step catalogue.

- idCopy(toX):      e -> toX(copy) << e   where copy is id, mapSeq(id), mapSeq(y => mapSeq(id) << y), ... by the
                    array depth of e's type (Lift's copy of a value into the memory toX names)
- viewMap(mapSeq):  map(f) << x -> mapSeq(f) << x   (f layout-only: a view; Lift leaves such maps abstract, a
                    lowered program writes them as the sequential map the code generator reads as a view)
- reduceOneChunk:   reduce(init, f) << x -> join << map(c => reduce(init, f) << c) << split(n) << x   (x : [T]n)
"""

from __future__ import annotations

from ..ir.build import prim
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Prim, Program
from ..ir.ops import ADDRESS_SPACES, Op
from ..ir.terms import Fresh, chain, concrete, fresh_lam, map_body
from ..ir.userfuns import ID
from ..types import ArrayType, Type
from .rule import EXPR, Bindings, Ctx, Rule, rule

_SPACES = {"toGlobal": Op.TO_GLOBAL, "toLocal": Op.TO_LOCAL, "toPrivate": Op.TO_PRIVATE}


def copy_fun(t: Type, fresh: Fresh) -> FunDecl:
    """The function copying a value of type t element by element: id, mapSeq(id), mapSeq(y => mapSeq(id) << y)..."""
    if isinstance(t, ArrayType):
        inner = copy_fun(t.elem, fresh)
        if not isinstance(inner, Prim):
            return prim(Op.MAP_SEQ, funs=(inner,))
        y = fresh.param("y")
        return prim(Op.MAP_SEQ, funs=(Lambda((y,), FunCall(inner, (y,))),))
    return ID


def is_copy(f: FunDecl) -> bool:
    """f is a copy function (`copy_fun` of some type), point-free or eta-expanded (the driver's normal form)."""
    pb = map_body(f) if isinstance(f, Lambda) else None
    if pb is not None and isinstance(pb[1], FunCall) and pb[1].args == (pb[0],):
        f = pb[1].f
    if f == ID:
        return True
    return isinstance(f, Prim) and f.op is Op.MAP_SEQ and is_copy(f.funs[0])


def id_copy(space: str) -> Rule:
    """e -> toX(copy) << e, the copy of e's shape (`copy_fun`)."""
    op = _SPACES[space]

    def match(e, ctx: Ctx) -> Bindings | None:
        parent = ctx.chain[-2] if len(ctx.path) >= 1 else None
        if not (isinstance(parent, FunCall) and ctx.path[-1] > 0) and not isinstance(parent, Lambda | Program):
            return None  # an argument of a call or the body of a function or of the program
        if (isinstance(parent, FunCall) and isinstance(parent.f, Prim) and parent.f.op in ADDRESS_SPACES
                and is_copy(parent.f.funs[0])):
            return None  # already copied
        t = ctx.type()
        if t is None:
            return None
        return {"e": e, "t": t}

    def build(b: Bindings, ctx: Ctx) -> Expr:
        return FunCall(prim(op, funs=(copy_fun(b["t"], ctx.fresh),)), (b["e"],))

    return rule(f"idCopy({space})", f"e -> {space}(copy) << e   (copy: id, mapSeq(id), ... by the shape of e)",
                [EXPR], match, build, params=(("space", space),), family="idCopy", group="memory",
                guard="e an argument of a call or the body of a function or of the program, not already the "
                      "argument of a copy")


def _one_chunk_match(e: FunCall, ctx: Ctx) -> Bindings | None:
    xt = ctx.arg_type()
    if not isinstance(xt, ArrayType):
        return None
    return {"p": e.f, "init": e.args[0], "x": e.args[1], "n": xt.n}


def _one_chunk_build(b: Bindings, ctx: Ctx) -> Expr:
    p, init = b["p"], b["init"]
    part = fresh_lam(ctx.fresh, "chunk", lambda c: FunCall(p, (init, c)))
    return chain(b["x"], prim(Op.JOIN), prim(Op.MAP, funs=(part,)), prim(Op.SPLIT, b["n"]))


REDUCE_ONE_CHUNK = rule("reduceOneChunk",
                        "reduce(init, f) << x -> join << map(c => reduce(init, f) << c) << split(n) << x   (x : [T]n)",
                        [Op.REDUCE], _one_chunk_match, _one_chunk_build, group="algorithmic",
                        guard="x an array (of length n)")

def view_map(op: Op) -> Rule:
    """map(f) << x -> K(f) << x for a layout-only f (K: mapSeq or mapSeqUnroll)."""
    if op not in (Op.MAP_SEQ, Op.MAP_SEQ_UNROLL):
        raise ValueError(f"viewMap writes a layout-only map as mapSeq or mapSeqUnroll, not {op.text}")

    def match(e: FunCall, ctx: Ctx) -> Bindings | None:
        return None if concrete(e.f) else {"e": e}

    def build(b: Bindings, ctx: Ctx) -> Expr:
        e: FunCall = b["e"]
        return FunCall(Prim(op, (), e.f.funs), e.args)  # type: ignore[union-attr]

    return rule(f"viewMap({op.text})", f"map(f) << x -> {op.text}(f) << x   (f layout-only)", [Op.MAP], match, build,
                params=(("op", op.text),), family="viewMap", group="mapping",
                guard="f holds no user function (the map only rearranges data)")


VIEW_MAP_SEQ = view_map(Op.MAP_SEQ)
ID_COPY_GLOBAL = id_copy("toGlobal")
ID_COPY_PRIVATE = id_copy("toPrivate")

DEFAULT_RULES: tuple[Rule, ...] = (ID_COPY_GLOBAL, ID_COPY_PRIVATE, VIEW_MAP_SEQ, REDUCE_ONE_CHUNK)

__all__ = ["DEFAULT_RULES", "ID_COPY_GLOBAL", "ID_COPY_PRIVATE", "REDUCE_ONE_CHUNK", "VIEW_MAP_SEQ", "copy_fun",
           "id_copy", "is_copy", "view_map"]
