"""Program passes and helpers the lowerings share: unique binders, eta-expansion, beta-reduction with `let`,
map/reduce fusion, sequential copies into an address space and small queries (is a function layout-only).

The term helpers they build on (fresh names, substitution, builders) are the IR's own (`compiler.ir.terms`).
"""

from __future__ import annotations

import functools

import sympy

from ..errors import CompilerError
from ..ir.build import prim
from ..ir.node import (
    Expr,
    FunCall,
    FunDecl,
    Lambda,
    Literal,
    Node,
    Param,
    Prim,
    Program,
    UserFun,
    with_children,
)
from ..ir.ops import REDUCES, Op
from ..ir.terms import Fresh, all_names, count_uses, is_call, subst
from ..ir.userfuns import ID
from ..types import ArrayType, ScalarType, TupleType, Type, VectorType


class LoweringError(CompilerError):
    """A program (or a parameter choice) a lowering cannot handle; names the program and the reason."""


def unique_binders(p: Program) -> Program:
    """Alpha-rename every lambda parameter so that no name is bound twice or shadows a program parameter.

    After this, substitution can never capture, which keeps fusion and the lowerings simple.
    """
    fresh = Fresh(q.name for q in p.params)

    def go(n: Node, env: dict[str, Expr]) -> Node:
        if isinstance(n, Param):
            return env.get(n.name, n)
        if isinstance(n, Lambda):
            inner = dict(env)
            params = []
            for q in n.params:
                new = Param(fresh(q.name), q.type)
                inner[q.name] = new
                params.append(new)
            return Lambda(tuple(params), go(n.body, inner))  # type: ignore[arg-type]
        kids = n.children()
        if not kids:
            return n
        return with_children(n, [go(c, env) for c in kids])

    return Program(p.name, p.params, go(p.body, {}))  # type: ignore[arg-type]


def beta_or_let(f: FunDecl, args: tuple[Expr, ...], fresh: Fresh) -> Expr:
    """`f(args)`, beta-reducing a lambda when every argument is atomic, layout-only or used at most once (thesis:
    a lambda inlines arguments used once); a computed argument used several times is bound with `let` instead."""
    if isinstance(f, Lambda) and len(f.params) == len(args):
        simple = all(isinstance(a, Param | Literal) or count_uses(f.body, q.name) <= 1 or is_layout_only_expr(a)
                     for q, a in zip(f.params, args, strict=True))
        if simple:
            return subst(f.body, {q.name: a for q, a in zip(f.params, args, strict=True)}, fresh)  # type: ignore
        if len(args) == 1:
            return FunCall(prim(Op.LET, funs=(f,)), args)
    return FunCall(f, tuple(args))


# --- classification ----------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=100_000)
def computes(n: Node) -> bool:
    """True when `n` contains a user-function call (so it produces values in memory). Maps and reduces whose
    functions only rearrange data are layout-only (views): Lift's 'abstract' expressions."""
    if isinstance(n, UserFun):
        return True
    if isinstance(n, Prim) and n.op in (Op.REDUCE, Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL, Op.ITERATE):
        return True
    return any(computes(c) for c in n.children())


def is_layout_only_expr(e: Expr) -> bool:
    return not computes(e)


# --- eta-expansion -----------------------------------------------------------------------------------------
def eta_program(p: Program) -> Program:
    """Every function argument of a map/reduce/let/iterate becomes a Lambda (`map(abs)` is `map(y => abs(y))`,
    `map(join)` is `map(y => join << y)`), so that the lowerings only meet lambdas."""
    fresh = Fresh(all_names(p))

    def lam_of(f: FunDecl, arity: int) -> FunDecl:
        if isinstance(f, Lambda):
            return f
        ps = tuple(fresh.param("y") for _ in range(arity))
        return Lambda(ps, FunCall(f, ps))

    def go(n: Node) -> Node:
        kids = n.children()
        if kids:
            n = with_children(n, [go(c) for c in kids])
        if isinstance(n, Prim) and n.funs and n.op in (Op.MAP, Op.REDUCE, Op.LET, Op.ITERATE):
            arity = 2 if n.op in REDUCES else 1
            f = n.funs[0]
            new = lam_of(f, arity)
            if new is not f:
                new = Lambda(new.params, go(new.body))  # type: ignore[union-attr,arg-type]
            return Prim(n.op, n.static, (new,))
        return n

    out = go(p)
    assert isinstance(out, Program)
    return out


def beta_program(p: Program, inline_kernels: bool = True) -> Program:
    """Inline applied lambdas (`(x => b)(e)`, as macro expansions produce) where `beta_or_let` allows it; an
    `oclKernel(f)` applied to views only (Listing 4.1's single kernel) is inlined the same way (the lowering
    decides the kernels)."""
    fresh = Fresh(all_names(p))

    def go(n: Node) -> Node:
        kids = n.children()
        if kids:
            n = with_children(n, [go(c) for c in kids])
        if inline_kernels and is_call(n, Op.OCL_KERNEL) and isinstance(n.f.funs[0], Lambda) \
                and not any(map(computes, n.args)):
            n = FunCall(n.f.funs[0], n.args)  # type: ignore[union-attr]  # a kernel over views: inline it
        if isinstance(n, FunCall) and isinstance(n.f, Lambda):
            m = beta_or_let(n.f, n.args, fresh)
            if not (isinstance(m, FunCall) and (m.f is n.f or is_call(m, Op.LET))):
                return go(m)
        return n

    out = go(p)
    assert isinstance(out, Program)
    return out


# --- fusion (semantics-preserving high-level rewrites) -------------------------------------------------------
def fuse_program(p: Program) -> Program:
    """map(f) o map(g) => map(f o g) and reduce(init, f) o map(g) => reduce(init, (a, y) => f(a, g(y))),
    bottom-up to a fixpoint. Needs eta-expanded, uniquely named programs."""
    fresh = Fresh(all_names(p))

    def go(n: Node) -> Node:
        kids = n.children()
        if kids:
            n = with_children(n, [go(c) for c in kids])
        while isinstance(n, FunCall):
            m = _fuse_once(n, fresh)
            if m is None:
                break
            n = m
        return n

    for _ in range(32):  # a fusion can expose a new redex inside the fused lambda: repeat to a fixpoint
        out = go(p)
        if out == p:
            break
        p = unique_binders(out)  # type: ignore[arg-type]
    assert isinstance(p, Program)
    return p


def _fuse_once(e: FunCall, fresh: Fresh) -> FunCall | None:
    if not isinstance(e.f, Prim):
        return None
    inner = e.args[-1]
    if not is_call(inner, Op.MAP):
        return None
    g = inner.f.funs[0]  # type: ignore[attr-defined]
    x = inner.args[0]  # type: ignore[attr-defined]
    if not isinstance(g, Lambda):
        return None
    if e.f.op is Op.MAP:
        f = e.f.funs[0]
        if not isinstance(f, Lambda):
            return None
        y = fresh.param(g.params[0].name)
        body = beta_or_let(f, (beta_or_let(Lambda(g.params, g.body), (y,), fresh),), fresh)
        return FunCall(prim(Op.MAP, funs=(Lambda((y,), body),)), (x,))
    if e.f.op is Op.REDUCE:
        f = e.f.funs[0]
        if not isinstance(f, Lambda):
            return None
        acc, y = fresh.param(f.params[0].name), fresh.param(g.params[0].name)
        body = beta_or_let(f, (acc, beta_or_let(g, (y,), fresh)), fresh)
        return FunCall(prim(Op.REDUCE, funs=(Lambda((acc, y), body),)), (e.args[0], x))
    return None


# --- copies ------------------------------------------------------------------------------------------------
def seq_copy_fun(t: Type, fresh: Fresh, unroll: bool = False) -> FunDecl:
    """A function copying a value of type t element by element: id, mapSeq(id), x => mapSeq(mapSeq(id)) << x..."""
    if isinstance(t, ArrayType):
        inner = seq_copy_fun(t.elem, fresh, unroll)
        op = Op.MAP_SEQ_UNROLL if unroll else Op.MAP_SEQ
        if isinstance(inner, UserFun):
            return prim(op, funs=(inner,))
        y = fresh.param("y")
        return prim(op, funs=(Lambda((y,), FunCall(inner, (y,))),))
    return ID


def copy_into(space: Op, e: Expr, t: Type, fresh: Fresh, unroll: bool = False) -> Expr:
    """`toGlobal(id) << e` / `toGlobal(mapSeq(id)) << e` (thesis style: the address-space caster outermost)."""
    return FunCall(prim(space, funs=(seq_copy_fun(t, fresh, unroll),)), (e,))


def elements(t: Type) -> sympy.Expr:
    """Number of scalars in a value of type t (vector lanes count)."""
    if isinstance(t, ArrayType):
        return t.n * elements(t.elem)
    if isinstance(t, VectorType):
        return t.n
    if isinstance(t, TupleType):
        return sum((elements(e) for e in t.elems), sympy.Integer(0))
    if isinstance(t, ScalarType):
        return sympy.Integer(1)
    raise LoweringError(f"no element count for type {t}")


# --- size substitution --------------------------------------------------------------------------------------
def ops_used(n: Node) -> set[Op]:
    out: set[Op] = set()

    def go(x: Node):
        if isinstance(x, Prim):
            out.add(x.op)
        for c in x.children():
            go(c)

    go(n)
    return out


def divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]
