"""Size substitution: a program with its size variables (and tuning parameters, which are size variables too)
replaced by integers everywhere."""

from __future__ import annotations

import functools
from collections.abc import Mapping

import sympy

from .. import arith
from ..types import map_lengths
from .node import FunCall, Lambda, Literal, Node, Param, Prim, Program, RewritePoint, UserFun
from .typecheck import literal_size


def substitute_sizes(p: Program, env: Mapping[str, int]) -> Program:
    """The program with size variables / tuning parameters replaced by integers everywhere: parameter types,
    primitive static arguments, literal types, size literals (as the code generator's specialisation writes them)
    and user-function signatures, inside rewrite points too."""
    subs = {arith.var(k): sympy.Integer(int(v)) for k, v in env.items()}

    def sz(e):
        return sympy.sympify(e).subs(subs) if isinstance(e, sympy.Basic) else e

    def ty(t):
        return None if t is None else map_lengths(t, sz)

    @functools.cache
    def go(n: Node) -> Node:
        if isinstance(n, Param):
            return Param(n.name, ty(n.type))
        if isinstance(n, Literal):  # a size literal (value(N, float)) whose sizes are given becomes its number
            expr = literal_size(n.value)
            v = None if expr is None else sz(expr)
            if v is not None and v.is_number:
                return Literal(str(int(v)) if v.is_integer else repr(float(v)), ty(n.type))
            return Literal(n.value, ty(n.type))
        if isinstance(n, UserFun):
            return UserFun(n.name, n.params, tuple(ty(t) for t in n.in_types), ty(n.out_type), n.c_body, n.py)
        if isinstance(n, Prim):
            return Prim(n.op, tuple(sz(s) for s in n.static), tuple(go(f) for f in n.funs))
        if isinstance(n, RewritePoint):  # its function and its user-function arguments (tileNestedMapReduce)
            return RewritePoint(n.kind, n.label, go(n.fun), tuple(go(a) if isinstance(a, Node) else a
                                                                  for a in n.args))
        if isinstance(n, Lambda):
            return Lambda(tuple(go(q) for q in n.params), go(n.body))  # type: ignore[arg-type]
        if isinstance(n, FunCall):
            return FunCall(go(n.f), tuple(go(a) for a in n.args))  # type: ignore[arg-type]
        if isinstance(n, Program):
            return Program(n.name, tuple(go(q) for q in n.params), go(n.body))  # type: ignore[arg-type]
        return n

    out = go(p)
    assert isinstance(out, Program)
    return out


__all__ = ["substitute_sizes"]
