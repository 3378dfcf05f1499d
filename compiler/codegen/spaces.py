"""Address-space inference (thesis §2.3.2.3; Lift's InferOpenCLAddressSpace): the space of every expression.

Rules, applied top-down with a `write_to` space (None when no caster encloses the expression):
- program inputs are global (scalars private), literals private, a lambda parameter has its argument's space;
- toGlobal/toLocal/toPrivate(f) sets `write_to` for the user functions inside f (its arguments keep the
  outer `write_to`);
- a user-function call writes to `write_to`, or, when no caster encloses it, to the common space of its
  arguments: private when every argument is private, else the one non-private space they share, else global;
- a reduction's operator writes to its accumulator's space (the space of `init`), which is the reduction's;
- maps, let, iterate, vectorise and oclKernel have the space of their function's body; data-layout primitives
  have their argument's space (zip and tuple a tuple of spaces, get selects one).
The result is a dict from node path (the paths of `compiler.ir.node.walk`) to a space or a tuple of spaces.
"""

from __future__ import annotations

from ..errors import CodegenError
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Param, Prim, Program, UserFun
from ..ir.ops import ADDRESS_SPACES, LAYOUT, MAPS, REDUCES, Op
from ..ir.printer import show
from ..types import ScalarType, VectorType
from .kir import GLOBAL, LOCAL, PRIVATE

Space = str | tuple
Path = tuple[int, ...]

CASTER = {Op.TO_GLOBAL: GLOBAL, Op.TO_LOCAL: LOCAL, Op.TO_PRIVATE: PRIVATE}


def common(spaces) -> str:
    flat = []
    for s in spaces:
        flat.append(common(s) if isinstance(s, tuple) else s)
    rest = {s for s in flat if s != PRIVATE}
    if not rest:
        return PRIVATE
    return rest.pop() if len(rest) == 1 else GLOBAL


def infer_spaces(program: Program) -> dict[Path, Space]:
    out: dict[Path, Space] = {}
    env: dict[str, Space] = {}
    for i, p in enumerate(program.params):
        s = PRIVATE if isinstance(p.type, ScalarType | VectorType) else GLOBAL
        env[p.name] = out[(i,)] = s
    _Infer(out).expr(program.body, (len(program.params),), env, None)
    return out


class _Infer:
    def __init__(self, out: dict[Path, Space]):
        self.out = out

    def expr(self, e: Expr, path: Path, env: dict, wt: str | None) -> Space:
        if isinstance(e, Literal):
            s: Space = PRIVATE
        elif isinstance(e, Param):
            s = env[e.name]
        else:
            assert isinstance(e, FunCall), e
            args = [self.expr(a, (*path, i + 1), env, wt) for i, a in enumerate(e.args)]
            s = self.apply(e.f, (*path, 0), args, env, wt, e)
        self.out[path] = s
        return s

    def apply(self, f: FunDecl, path: Path, args: list, env: dict, wt: str | None, call: FunCall) -> Space:
        if isinstance(f, Lambda):
            inner = dict(env)
            for i, (q, s) in enumerate(zip(f.params, args)):
                inner[q.name] = self.out[(*path, i)] = s
            return self.expr(f.body, (*path, len(f.params)), inner, wt)
        if isinstance(f, UserFun):
            return wt if wt is not None else common(args)
        assert isinstance(f, Prim), f
        op = f.op
        if op in CASTER:
            return self.apply(f.funs[0], (*path, 0), args, env, CASTER[op], call)
        if op in REDUCES:
            init = args[0]
            if isinstance(init, tuple):
                raise CodegenError(f"address spaces: a tuple accumulator is not supported in {show(call, limit=200)}")
            self.apply(f.funs[0], (*path, 0), [init, args[1]], env, init, call)
            return init
        if op in MAPS:
            return self.apply(f.funs[0], (*path, 0), [args[0]], env, wt, call)
        if op in (Op.LET, Op.ITERATE, Op.VECTORISE, Op.OCL_KERNEL):
            return self.apply(f.funs[0], (*path, 0), args, env, wt, call)
        if op in (Op.ZIP, Op.TUPLE):
            return tuple(args)
        if op is Op.GET:
            a = args[0]
            return a[f.int_static(0)] if isinstance(a, tuple) else a
        if op in LAYOUT or op in (Op.AS_VECTOR, Op.AS_SCALAR, Op.TO_HOST, Op.TO_GPU):
            return args[-1]
        assert op not in ADDRESS_SPACES
        raise CodegenError(f"address spaces: unexpected primitive {op.text} in {show(call, limit=200)}")
