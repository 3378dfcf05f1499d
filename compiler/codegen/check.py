"""The check-lowered pass: a program the code generator accepts.

- Every map that computes (its function calls a user function) is mapGlb, mapWrg, mapLcl, mapSeq or
  mapSeqUnroll; a map whose function only rearranges data (`map(slide(3, 1))`) is a view, whatever its variant.
- Every reduce is reduceSeq or reduceSeqUnroll.
- Nesting, per kernel: mapLcl(d) only inside mapWrg(d); no mapWrg inside a mapLcl; no map of the same kind and
  dimension inside another; no mapGlb in a kernel that uses mapWrg or mapLcl.
- With oclKernel, the top-level expression is the host schedule: only kernel calls, layout primitives, lambdas
  and let (no computation), and no oclKernel inside a kernel.
"""

from __future__ import annotations

from ..errors import CodegenError
from ..ir.node import FunCall, Lambda, Literal, Node, Param, Prim, Program, UserFun
from ..ir.ops import MACROS, MAPS, Op
from ..ir.printer import show
from ..ir.terms import concrete

PARALLEL = {Op.MAP_GLB: "glb", Op.MAP_WRG: "wrg", Op.MAP_LCL: "lcl"}


def uses_kernels(n: Node) -> bool:
    if isinstance(n, Prim) and n.op is Op.OCL_KERNEL:
        return True
    return any(uses_kernels(c) for c in n.children())


def _err(msg: str, node: Node) -> CodegenError:
    return CodegenError(f"{msg} in {show(node, limit=200)}")


def check_lowered(program: Program) -> None:
    if uses_kernels(program.body):
        _host(program.body)
    else:
        _Kernel(program.body).check()


def _host(e: Node) -> None:
    """The host schedule: kernels, views, lambdas, let."""
    if isinstance(e, Param | Literal):
        return
    if isinstance(e, Lambda):
        _host(e.body)
        return
    if isinstance(e, UserFun):
        raise _err("a user function is called outside every oclKernel", e)
    if isinstance(e, Prim):
        if e.op is Op.OCL_KERNEL or concrete(e):
            raise _err(f"{e.op.text} used as a function in the host schedule", e)
        return
    assert isinstance(e, FunCall), e
    f = e.f
    if isinstance(f, Prim) and f.op is Op.OCL_KERNEL:
        for a in e.args:
            _host(a)
        _Kernel(f.funs[0]).check()
        return
    if isinstance(f, Prim) and (f.op in MAPS or concrete(f)):
        if concrete(f) or f.op not in MAPS:
            raise _err(f"{f.op.text} computes outside every oclKernel (the top level of a program with kernels "
                       "is the host schedule)", e)
    if isinstance(f, UserFun):
        raise _err(f"user function {f.name} is called outside every oclKernel", e)
    if isinstance(f, Lambda):
        _host(f.body)
    elif isinstance(f, Prim):
        for g in f.funs:
            _host(g)
    for a in e.args:
        _host(a)


class _Kernel:
    def __init__(self, root: Node):
        self.root = root
        self.kinds: dict[str, Node] = {}

    def check(self) -> None:
        self.walk(self.root, ())
        if "glb" in self.kinds and ("wrg" in self.kinds or "lcl" in self.kinds):
            other = self.kinds.get("wrg") or self.kinds["lcl"]
            raise CodegenError("mapGlb cannot be mixed with mapWrg/mapLcl in one kernel: "
                               f"{show(self.kinds['glb'], limit=100)} and {show(other, limit=100)}")

    def walk(self, n: Node, ctx: tuple[tuple[str, int], ...]) -> None:
        if isinstance(n, FunCall) and isinstance(n.f, Prim):
            self.visit(n.f, n, ctx)
            for a in n.args:
                self.walk(a, ctx)
            return
        if isinstance(n, Prim):  # a primitive used as a function: map(mapSeq(f))
            self.visit(n, n, ctx)
            return
        for c in n.children():
            self.walk(c, ctx)

    def visit(self, p: Prim, node: Node, ctx) -> None:
        inner = self.prim(node, p, ctx)
        for g in p.funs:
            self.walk(g, inner)

    def prim(self, call: Node, p: Prim, ctx):
        op = p.op
        if op in MACROS:
            raise _err(f"macro {op.text} was not expanded", call)
        if op is Op.OCL_KERNEL:
            raise _err("oclKernel inside a kernel", call)
        if op is Op.MAP and concrete(p.funs[0]):
            raise _err("map is not lowered (use mapGlb, mapWrg, mapLcl, mapSeq or mapSeqUnroll)", call)
        if op is Op.REDUCE:
            raise _err("reduce is not lowered (use reduceSeq or reduceSeqUnroll)", call)
        if op not in PARALLEL or not concrete(p.funs[0]):
            return ctx
        kind, dim = PARALLEL[op], p.int_static(0)
        self.kinds.setdefault(kind, call)
        if (kind, dim) in ctx:
            raise _err(f"{op.text}({dim}) nested inside another {op.text}({dim})", call)
        if kind == "lcl" and ("wrg", dim) not in ctx:
            raise _err(f"mapLcl({dim}) must be nested inside mapWrg({dim})", call)
        if kind == "wrg" and any(k == "lcl" for k, _ in ctx):
            raise _err("mapWrg nested inside mapLcl", call)
        return (*ctx, (kind, dim))

