"""A small DSL for writing programs in thesis notation.

    join() @ map_(lambda row: reduce_(value(0, FLOAT), ADD) << row) @ split(4) << x

`f @ g` is the thesis' `f o g`, `f << x` applies, `f(a, b)` applies to several arguments, and a Python lambda
becomes an IR Lambda whose parameters take the Python parameter names.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from .. import arith
from ..types import Type
from .node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program, RewritePoint
from .ops import PAD_ND_BASE, PAD_OF_MODE, Op


@dataclass(frozen=True)
class Partial:
    """A primitive with its in-parenthesis data arguments (reduce's init, pad's value), awaiting the tail."""

    prim: Prim
    lead: tuple[Expr, ...]

    def __lshift__(self, x):
        return apply_chain(self, x)

    def __matmul__(self, other):
        return Chain((self,)) @ other


@dataclass(frozen=True)
class Chain:
    """A composition f o g o h, applied right to left by `<<`."""

    funs: tuple

    def __matmul__(self, other):
        if isinstance(other, Chain):
            return Chain(self.funs + other.funs)
        return Chain((*self.funs, other))

    def __lshift__(self, x):
        return apply_chain(self, x)


def apply_chain(f, x):
    """f << x: apply when x is an expression, compose when x is another function."""
    if not isinstance(x, Expr):
        return (f if isinstance(f, Chain) else Chain((f,))) @ x
    funs = f.funs if isinstance(f, Chain) else (f,)
    for g in reversed(funs):
        x = call(g, x)
    return x


def call(f, *args: Expr) -> FunCall:
    for a in args:
        if not isinstance(a, Expr):
            raise TypeError(f"argument {a!r} is not an IR expression")
    if isinstance(f, Partial):
        return FunCall(f.prim, (*f.lead, *args))
    if isinstance(f, Chain):
        if len(args) != 1:
            raise TypeError("a composition takes exactly one argument")
        return apply_chain(f, args[0])
    return FunCall(fun(f), tuple(args))


def fun(f) -> FunDecl:
    """Coerce a FunDecl, a Partial, a Chain or a Python callable into an IR function."""
    if isinstance(f, FunDecl):
        return f
    if isinstance(f, Partial | Chain):
        name = _fresh("xs", f)
        p = Param(name)
        return Lambda((p,), call(f, p))
    if callable(f):
        return lam(f)
    raise TypeError(f"{f!r} is not a function")


def lam(fn: Callable, **types: Type) -> Lambda:
    """Lambda from a Python function; parameter names are kept, optional types by keyword."""
    names = list(inspect.signature(fn).parameters)
    params = tuple(Param(n, types.get(n)) for n in names)
    body = fn(*params)
    if not isinstance(body, Expr):
        raise TypeError(f"lambda {names} returned {body!r}, not an IR expression")
    return Lambda(params, body)


def _fresh(base: str, f) -> str:
    used = set()

    def collect(n: Node):
        if isinstance(n, Param):
            used.add(n.name)
        for c in n.children():
            collect(c)

    for e in getattr(f, "lead", ()):
        collect(e)
    name, i = base, 1
    while name in used:
        name, i = f"{base}{i}", i + 1
    return name


# --- the operators on IR nodes (node.py holds the data, this module the notation) ---------------------------
def _then(x: Expr, f) -> Expr:  # x >> f  ==  f << x (pipeline order)
    return call(f, x)


def _compose(f: FunDecl, other) -> Chain:  # f @ g is the thesis' f o g
    return Chain((f,)) @ other


Expr.__rshift__ = _then  # type: ignore[attr-defined]
FunDecl.__lshift__ = apply_chain  # type: ignore[attr-defined]
FunDecl.__call__ = call  # type: ignore[attr-defined]
FunDecl.o = FunDecl.__matmul__ = _compose  # type: ignore[attr-defined]


def prim(op: Op, *static, funs=()) -> Prim:
    return Prim(op, tuple(arith.size(s) for s in static), tuple(fun(f) for f in funs))


def program(name: str, params: dict[str, Type], body: Callable[..., Expr]) -> Program:
    ps = tuple(Param(n, t) for n, t in params.items())
    e = body(*ps)
    if not isinstance(e, Expr):
        raise TypeError(f"program {name}: body returned {e!r}, not an IR expression")
    return Program(name, ps, e)


def value(v: str | float | int, t: Type) -> Literal:
    return Literal(str(v), t)


# --- high-level primitives -------------------------------------------------------------------------
def map_(f) -> Prim:
    return prim(Op.MAP, funs=(f,))


def reduce_(init: Expr, f) -> Partial:
    return Partial(prim(Op.REDUCE, funs=(f,)), (init,))


def iterate(n, f) -> Prim:
    return prim(Op.ITERATE, n, funs=(f,))


def let(f) -> Prim:
    return prim(Op.LET, funs=(f,))


def zip_(*xs: Expr) -> FunCall:
    return FunCall(prim(Op.ZIP), tuple(xs))


def tuple_(*xs: Expr) -> FunCall:
    return FunCall(prim(Op.TUPLE), tuple(xs))


def get(i: int) -> Prim:
    return prim(Op.GET, i)


def split(m) -> Prim:
    return prim(Op.SPLIT, m)


def join() -> Prim:
    return prim(Op.JOIN)


def slide(size, step) -> Prim:
    return prim(Op.SLIDE, size, step)


def slide_strict(size, step) -> Prim:
    return prim(Op.SLIDE_STRICT, size, step)


def transpose() -> Prim:
    return prim(Op.TRANSPOSE)


def transpose_w() -> Prim:
    return prim(Op.TRANSPOSE_W)


def pad(left, right, val: Expr | str) -> Partial | Prim:
    """pad(l, r, value) pads with a constant; pad(l, r, "clamp" | "mirror" | "wrap") from the array's boundary
    (padClamp, padMirror, padWrap)."""
    if isinstance(val, str):
        return prim(_pad_op(val), left, right)
    return Partial(prim(Op.PAD, left, right), (val,))


def _pad_op(mode: str) -> Op:
    if mode not in PAD_OF_MODE or mode == "constant":
        raise ValueError(f"pad: unknown boundary {mode!r} (clamp, mirror or wrap; a constant is a value)")
    return PAD_OF_MODE[mode]


def reorder(stride) -> Prim:
    return prim(Op.REORDER, stride)


# --- macros ------------------------------------------------------------------------------------------
def map_nd(k: int, f) -> Prim:
    return prim(Op.MAP_ND, k, funs=(f,))


def zip_nd(k: int, *xs: Expr) -> FunCall:
    return FunCall(prim(Op.ZIP_ND, k), tuple(xs))


def split_nd(*ms) -> Prim:
    return prim(Op.SPLIT_ND, *ms)


def join_nd(k: int) -> Prim:
    return prim(Op.JOIN_ND, k)


def slide_nd(sizes, steps) -> Prim:
    """slideND(size_1..size_k, step_1..step_k): sizes first, then steps (one explicit order, see docs)."""
    return prim(Op.SLIDE_ND, *sizes, *steps)


def slide_strict_nd(sizes, steps) -> Prim:
    return prim(Op.SLIDE_STRICT_ND, *sizes, *steps)


def pad_nd(amounts, val: Expr | str) -> Partial | Prim:
    """padND(t, b, l, r, ..., value): (before, after) pairs from the outermost dimension inwards; a boundary
    ("clamp", "mirror", "wrap") instead of the value gives padClampND, padMirrorND, padWrapND."""
    if isinstance(val, str):
        base = _pad_op(val)
        return prim(next(nd for nd, b in PAD_ND_BASE.items() if b is base), *amounts)
    return Partial(prim(Op.PAD_ND, *amounts), (val,))


def transpose_nd(*perm: int) -> Prim:
    return prim(Op.TRANSPOSE_ND, *perm)


def transpose_w_nd(*perm: int) -> Prim:
    return prim(Op.TRANSPOSE_W_ND, *perm)


def take(m) -> Prim:
    return prim(Op.TAKE, m)


# --- OpenCL primitives ---------------------------------------------------------------------------------
def map_glb(dim: int, f) -> Prim:
    return prim(Op.MAP_GLB, dim, funs=(f,))


def map_wrg(dim: int, f) -> Prim:
    return prim(Op.MAP_WRG, dim, funs=(f,))


def map_lcl(dim: int, f) -> Prim:
    return prim(Op.MAP_LCL, dim, funs=(f,))


def map_seq(f) -> Prim:
    return prim(Op.MAP_SEQ, funs=(f,))


def map_seq_unroll(f) -> Prim:
    return prim(Op.MAP_SEQ_UNROLL, funs=(f,))


def reduce_seq(init: Expr, f) -> Partial:
    return Partial(prim(Op.REDUCE_SEQ, funs=(f,)), (init,))


def reduce_seq_unroll(init: Expr, f) -> Partial:
    return Partial(prim(Op.REDUCE_SEQ_UNROLL, funs=(f,)), (init,))


def to_global(f) -> Prim:
    return prim(Op.TO_GLOBAL, funs=(f,))


def to_local(f) -> Prim:
    return prim(Op.TO_LOCAL, funs=(f,))


def to_private(f) -> Prim:
    return prim(Op.TO_PRIVATE, funs=(f,))


def to_host() -> Prim:
    return prim(Op.TO_HOST)


def to_gpu() -> Prim:
    return prim(Op.TO_GPU)


def as_vector(n) -> Prim:
    return prim(Op.AS_VECTOR, n)


def as_scalar() -> Prim:
    return prim(Op.AS_SCALAR)


def vectorise(n, f) -> Prim:
    return prim(Op.VECTORISE, n, funs=(f,))


def ocl_kernel(f) -> Prim:
    return prim(Op.OCL_KERNEL, funs=(f,))


# --- rewrite points (thesis Ch6) ---------------------------------------------------------------------------
def rp(kind: str, f, label: str, *args) -> RewritePoint:
    """The rewrite point `kind` labelled `label` around function f; args are the kind's arguments (e.g.
    tileNestedMapReduce's reduceFun, optimiseDataLayout's n). See compiler.rewrite.points."""
    return RewritePoint(kind, label, fun(f), tuple(args))
