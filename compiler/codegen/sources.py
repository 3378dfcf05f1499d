"""Which loop produced each dimension of a value (the memory layout of a new buffer, see memory.py).

A dimension is ("map", kind, dim, extent) when a map of that kind made it, ("unit",) for a reduction's [U]1 and
("plain",) for dimensions of values copied or rearranged in memory every work item of the buffer's scope sees.
"""

from __future__ import annotations

from ..ir.node import FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, UserFun
from ..ir.ops import MAPS, REDUCES, Op
from ..types import Type, rank
from .binding import KIND, VIEWED, Deferred, Path, elem
from .spaces import CASTER
from .views import length


class SourceAnalysis:
    """Mixin of KernelLowerer (uses its typing, computes, fun_computes and check_held)."""

    def src_expr(self, e: Node, path: Path, env: dict, space) -> list:
        if isinstance(e, Param):
            b = env.get(e.name)
            if isinstance(b, Deferred):
                return self.src_expr(b.e, b.path, b.env, space)
            return [("plain",)] * rank(self.typing[path])
        if isinstance(e, Literal):
            return [("plain",)] * rank(e.type)
        assert isinstance(e, FunCall), e
        bounds = [Deferred(a, (*path, i + 1), env) if self.computes(a, env) else VIEWED
                  for i, a in enumerate(e.args)]
        return self.src_apply(e.f, (*path, 0), bounds, env, self.typing[path], space, e)

    def src_apply(self, f: FunDecl, fpath: Path, bounds: list, env: dict, rt: Type, space, node) -> list:
        if isinstance(f, Lambda):
            inner = dict(env)
            for q, b in zip(f.params, bounds):
                inner[q.name] = b if isinstance(b, Deferred) else None
            return self.src_expr(f.body, (*fpath, len(f.params)), inner, space)
        if isinstance(f, UserFun) or not isinstance(f, Prim):
            return [("plain",)] * rank(rt)
        op, g = f.op, (*fpath, 0)
        if op in MAPS and self.fun_computes(f.funs[0], env):
            kind = KIND[op]
            head = ("map", kind, f.int_static(0) if kind != "seq" else 0, length(rt))
            return [head, *self.src_apply(f.funs[0], g, [VIEWED], env, elem(rt), space, node)]
        if op in REDUCES:
            init = bounds[0]
            if isinstance(init, Deferred):
                return [("unit",), *self.src_expr(init.e, init.path, init.env, space)]
            return [("unit",), *([("plain",)] * rank(elem(rt)))]
        if op in CASTER:
            return self.src_apply(f.funs[0], g, bounds, env, rt, CASTER[op], node)
        if op in (Op.LET, Op.ITERATE):
            return self.src_apply(f.funs[0], g, [VIEWED], env, rt, space, node)
        if op in (Op.TO_HOST, Op.TO_GPU) and isinstance(bounds[0], Deferred):
            b = bounds[0]
            return self.src_expr(b.e, b.path, b.env, space)
        for b in bounds:  # a layout primitive (or a layout map) over computed values
            if isinstance(b, Deferred):
                self.check_held(b, space, node)
        return [("plain",)] * rank(rt)
