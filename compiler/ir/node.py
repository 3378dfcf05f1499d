"""IR nodes (thesis Fig 2.13): expressions (Param, Literal, FunCall) and function declarations
(Lambda, Prim, UserFun), plus Program, the typed top-level lambda.

Nodes are frozen, hashable dataclasses (hash cached) compared structurally. Their stable structural `key`
(SHA-256 of the canonical text with parameters renamed in binding order) is the same for alpha-equivalent
programs: the thesis treats lambda parameter names as immaterial, so `x => f(x)` and `y => f(y)` share a key,
while `==` still compares names (so `parse(print(p)) == p` is a strict check).

This module holds the data only. The modules that own the behaviour install it on these classes: `build.py` the
DSL operators (`f << x`, `x >> f`, `f @ g`, `f.o(g)`, `f(a, b)`), `printer.py` `str()` and `Program.key`. The
package imports both, so every node has them whichever module was imported first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from ..types import Type
from .ops import Op
from .userexpr import check_user_function, compile_numpy


class Node:
    __slots__ = ()

    def children(self) -> tuple[Node, ...]:
        return ()

    def __hash__(self) -> int:  # cached structural hash
        h = self._h  # type: ignore[attr-defined]
        if h is None:
            h = hash((type(self).__name__, *self._fields()))
            object.__setattr__(self, "_h", h)
        return h

    def _fields(self) -> tuple:
        raise NotImplementedError(type(self).__name__)  # every concrete node defines it


class Expr(Node):
    """A value of a known type: a Param, a Literal or a FunCall."""

    __slots__ = ()


class FunDecl(Node):
    """Something applicable: Lambda, Prim or UserFun."""

    __slots__ = ()


@dataclass(frozen=True, eq=True, repr=False)
class Param(Expr):
    name: str
    type: Type | None = None  # declared type (program inputs, annotated lambda params)
    _h: int | None = field(default=None, init=False, compare=False)

    def _fields(self):
        return (self.name, self.type)

    def __repr__(self):
        return f"Param({self.name!r})"


@dataclass(frozen=True, eq=True, repr=False)
class Literal(Expr):
    """value(val, type) of thesis Fig 2.8: a constant, broadcast when its type is an array."""

    value: str
    type: Type
    _h: int | None = field(default=None, init=False, compare=False)

    def _fields(self):
        return (self.value, self.type)

    def __repr__(self):
        return f"Literal({self.value!r}, {self.type})"


def literal_number(text: str) -> float | None:
    """The number a literal's text writes ("2", "0.5f", "-inf", "1e-5"), or None (a size name, "true")."""
    for t in (text, text[:-1] if text[-1:] in "fF" else None):  # "inf" ends in f too: read whole first
        if t is not None:
            try:
                return float(t)
            except ValueError:
                pass
    return None


@dataclass(frozen=True, eq=True, repr=False)
class FunCall(Expr):
    f: FunDecl
    args: tuple[Expr, ...]
    _h: int | None = field(default=None, init=False, compare=False)

    def _fields(self):
        return (self.f, self.args)

    def children(self):
        return (self.f, *self.args)

    def __repr__(self):
        return f"FunCall({self})"


@dataclass(frozen=True, eq=True, repr=False)
class Lambda(FunDecl):
    params: tuple[Param, ...]
    body: Expr
    _h: int | None = field(default=None, init=False, compare=False)

    def _fields(self):
        return (self.params, self.body)

    def children(self):
        return (*self.params, self.body)

    def __repr__(self):
        return f"Lambda({self})"


@dataclass(frozen=True, eq=True, repr=False)
class Prim(FunDecl):
    """A primitive with its static parameters (sizes, dims, indices) and function arguments."""

    op: Op
    static: tuple[sympy.Expr, ...] = ()
    funs: tuple[FunDecl, ...] = ()
    _h: int | None = field(default=None, init=False, compare=False)

    def _fields(self):
        return (self.op, self.static, self.funs)

    def children(self):
        return self.funs

    def int_static(self, i: int) -> int:
        v = self.static[i]
        if not isinstance(v, sympy.Integer | int):
            raise ValueError(f"{self.op.text}: parameter {i} must be a constant integer, got {v}")
        return int(v)

    def __repr__(self):
        return f"Prim({self})"


@dataclass(frozen=True, eq=True, repr=False)
class UserFun(FunDecl):
    """A scalar function: an OpenCL C body for codegen and a NumPy expression for the interpreter.

    `in_types` may use TypeVar for polymorphic functions (id). `py` is an expression over the parameter names in
    the small NumPy expression language of userexpr.py, evaluated on NumPy arrays (so it must be elementwise;
    vector lanes are the last axis). Both texts are checked on construction (UserFunError): a program file
    cannot run Python code or add OpenCL code outside the function's body.
    """

    name: str
    params: tuple[str, ...]
    in_types: tuple[Type, ...]
    out_type: Type
    c_body: str
    py: str
    _h: int | None = field(default=None, init=False, compare=False)

    def __post_init__(self):
        check_user_function(self.name, tuple(self.params), self.c_body, self.py)

    def _fields(self):
        return (self.name, self.params, self.in_types, self.out_type, self.c_body, self.py)

    @property
    def numpy_fn(self):
        return compile_numpy(self.params, self.py, self.name)

    def __repr__(self):
        return f"UserFun({self.name})"


@dataclass(frozen=True, eq=True, repr=False)
class RewritePoint(FunDecl):
    """A rewrite point (thesis Ch6, Fig 6.1): a typed identity `RewritePoint(inputFun: T => U, x: T) => U`.

    `kind` names the rewrite (e.g. "splitJoin2D", "abTile"; the dimensionality is in the name), `label` the
    instance (unique in a program; parameters are named "<label>.<param>"), `fun` the input function and `args`
    the kind arguments the user fixes (tileNestedMapReduce's reduceFun, a UserFun; optimiseDataLayout's n, an
    int). Typing and interpretation see `fun`; compiler.rewrite.points replaces the node (see
    docs/rewrite_points.md).
    """

    kind: str
    label: str
    fun: FunDecl
    args: tuple = ()
    _h: int | None = field(default=None, init=False, compare=False)

    def _fields(self):
        return (self.kind, self.label, self.fun, self.args)

    def children(self):
        return (self.fun,)

    def __repr__(self):
        return f"RewritePoint({self.kind}, {self.label!r})"


@dataclass(frozen=True, eq=True, repr=False)
class Program(Node):
    """A named top-level lambda whose parameters carry their types: the unit the compiler works on."""

    name: str
    params: tuple[Param, ...]
    body: Expr
    _h: int | None = field(default=None, init=False, compare=False)
    _key: str | None = field(default=None, init=False, compare=False)  # Program.key, computed once

    def _fields(self):
        return (self.name, self.params, self.body)

    def children(self):
        return (*self.params, self.body)

    def __repr__(self):
        return f"Program({self.name})"


# dataclass(eq=True, frozen=True) generates an uncached __hash__ per class: use the cached structural one
for _cls in (Param, Literal, FunCall, Lambda, Prim, UserFun, RewritePoint, Program):
    _cls.__hash__ = Node.__hash__  # type: ignore[method-assign]


def walk(node: Node, path: tuple[int, ...] = ()):
    """Pre-order (path, node) pairs; a path is the child indices from the root (stable site ids)."""
    yield path, node
    for i, c in enumerate(node.children()):
        yield from walk(c, (*path, i))


def at(node: Node, path: tuple[int, ...]) -> Node:
    for i in path:
        node = node.children()[i]
    return node


def replace_at(node: Node, path: tuple[int, ...], new: Node) -> Node:
    """A copy of `node` with the sub-node at `path` replaced by `new`."""
    if not path:
        return new
    i, rest = path[0], path[1:]
    kids = list(node.children())
    kids[i] = replace_at(kids[i], rest, new)
    return with_children(node, kids)


def with_children(node: Node, kids) -> Node:
    if isinstance(node, FunCall):
        return FunCall(kids[0], tuple(kids[1:]))
    if isinstance(node, Lambda):
        return Lambda(tuple(kids[:-1]), kids[-1])
    if isinstance(node, Program):
        return Program(node.name, tuple(kids[:-1]), kids[-1])
    if isinstance(node, Prim):
        return Prim(node.op, node.static, tuple(kids))
    if isinstance(node, RewritePoint):
        return RewritePoint(node.kind, node.label, kids[0], node.args)
    return node
