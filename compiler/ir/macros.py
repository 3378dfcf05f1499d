"""Macro expansion of whole programs: every macro call becomes an expression of primitives (thesis Fig 2.9).

The expansion of each macro, with the decisions where the thesis is inconsistent or silent, is in
`expansions.py`; this pass types the program first because take's expansion needs its argument's type.
"""

from __future__ import annotations

import functools

from .expansions import expand_call
from .node import FunCall, Lambda, Param, Prim, Program, walk, with_children
from .ops import MACROS
from .typecheck import typecheck


@functools.lru_cache(maxsize=1024)
def expand_program(p):
    """The program with every macro replaced by primitives (types are unchanged). Memoised (programs are
    frozen): the code generator expands the same program again at other sizes and launch sizes."""
    if not any(isinstance(n, Prim) and n.op in MACROS for _, n in walk(p)):
        return p

    def eta(n, in_call_position: bool):
        # a macro used as a function (map(splitND(2, 2))) becomes x => splitND(2, 2) << x
        kids = n.children()
        if isinstance(n, FunCall):
            new = with_children(n, [eta(kids[0], True), *(eta(k, False) for k in kids[1:])])
        else:
            new = with_children(n, [eta(k, False) for k in kids])
        if isinstance(new, Prim) and new.op in MACROS and not in_call_position:
            x = Param("macroIn")
            return Lambda((x,), FunCall(new, (x,)))
        return new

    p = eta(p, False)
    typing = typecheck(p)

    def go(n, path):
        kids = [go(k, (*path, i)) for i, k in enumerate(n.children())]
        new = with_children(n, kids) if kids else n
        if isinstance(new, FunCall) and isinstance(new.f, Prim) and new.f.op in MACROS:
            arg_type = typing.of.get((*path, len(new.args)))
            out = expand_call(new, arg_type)
            return out  # expansions hold primitives only (their functions were expanded above)
        return new

    out = go(p, ())
    assert isinstance(out, Program)
    return out
