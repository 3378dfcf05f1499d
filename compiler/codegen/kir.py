"""The kernel IR between lowering and rendering: buffers, C value expressions and statements.

Indices are `index.Idx` values (so unrolling can substitute and re-simplify them); everything else is plain
data. A `MemRef` addresses `width` consecutive scalars of a buffer starting at a scalar offset: width 1 is a
scalar access, width n a vector (one vector access in global and local memory, a vector variable in private).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from ..types import ScalarType, Type, VectorType
from .index import Cmp, Idx, Var, compare, substitute

GLOBAL, LOCAL, PRIVATE = "global", "local", "private"


def ctype(t: Type) -> str:
    if isinstance(t, ScalarType):
        return t.name
    if isinstance(t, VectorType):
        return f"{t.elem.name}{int(t.n)}"
    raise TypeError(f"no OpenCL C type for {t}")


def scalar_of_elem(t: Type) -> ScalarType:
    return t.elem if isinstance(t, VectorType) else t  # type: ignore[return-value]


def width(t: Type) -> int:
    return int(t.n) if isinstance(t, VectorType) else 1


@dataclass(frozen=True)
class Buffer:
    """A memory region: `count` elements of `elem` (a scalar or vector type) in one address space.

    `role` is "in"/"out"/"tmp" for global buffers (kernel arguments), "local" or "private" otherwise.
    """

    name: str
    space: str
    elem: Type
    count: int
    role: str

    @property
    def scalar(self) -> ScalarType:
        return scalar_of_elem(self.elem)

    @property
    def scalars(self) -> int:
        return self.count * width(self.elem)


@dataclass(frozen=True)
class MemRef:
    buf: Buffer
    index: Idx  # offset in scalars
    width: int = 1


# --- C value expressions ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lit:
    text: str


@dataclass(frozen=True)
class Load:
    ref: MemRef


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[CExpr, ...]


@dataclass(frozen=True)
class Select:
    """`any(conds) ? then : other` (pad)."""

    conds: tuple[Cmp, ...]
    then: CExpr
    other: CExpr


@dataclass(frozen=True)
class Vec:
    ctype: str
    lanes: tuple[CExpr, ...]


@dataclass(frozen=True)
class Lane:
    value: CExpr
    k: int


CExpr = Lit | Load | Call | Select | Vec | Lane


# --- statements -------------------------------------------------------------------------------------------------
@dataclass
class Store:
    ref: MemRef
    value: CExpr


@dataclass
class Decl:
    buf: Buffer  # a private buffer, declared where it is allocated


@dataclass
class Barrier:
    fences: frozenset[str]  # {"local", "global"}


@dataclass
class Comment:
    text: str


@dataclass
class Block:
    body: list[Stmt] = field(default_factory=list)


@dataclass
class Loop:
    """A loop of one primitive: kind "seq" (mapSeq, reduceSeq, copies), "glb", "wrg" or "lcl" (dimension `dim`).

    `unroll` asks the unroll pass to replace it by `extent` copies; `uniform` is set by the barrier pass on a
    local loop that holds a barrier but whose trip count differs between work items (rendered with a rounded-up
    bound and guarded segments so every work item reaches every barrier).
    """

    var: Var
    kind: str
    dim: int
    extent: int
    body: list[Stmt] = field(default_factory=list)
    unroll: bool = False
    label: str = ""
    uniform: bool = False


@dataclass
class If:
    """`if (c1 && c2 && ...) { then } else { other }`: a body versioned on index comparisons (versioning.py)."""

    conds: tuple[Cmp, ...]
    then: list[Stmt] = field(default_factory=list)
    other: list[Stmt] = field(default_factory=list)


@dataclass
class LastGroup:
    """`body` run only by the work group that finishes last, after every group's global writes (a one-group
    kernel fused into the kernel before it, lastgroup.py). Each group counts itself in `counter` (a zero-filled
    global int, reset to zero by the last group) and learns from `flag` (a local int) whether it is the last."""

    counter: Buffer
    flag: Buffer
    body: list[Stmt] = field(default_factory=list)


Stmt = Store | Decl | Barrier | Comment | Block | Loop | If | LastGroup


# --- traversal ----------------------------------------------------------------------------------------------
def expr_loads(e: CExpr) -> Iterator[MemRef]:
    """The memory references `e` loads, left to right."""
    out: list[MemRef] = []
    _loads(e, out)
    return iter(out)


def _loads(e: CExpr, out: list[MemRef]) -> None:
    # one list for the whole expression: a generator per level costs a frame per element and level
    if isinstance(e, Load):
        out.append(e.ref)
    elif isinstance(e, Call):
        for a in e.args:
            _loads(a, out)
    elif isinstance(e, Vec):
        for a in e.lanes:
            _loads(a, out)
    elif isinstance(e, Select):
        _loads(e.then, out)
        _loads(e.other, out)
    elif isinstance(e, Lane):
        _loads(e.value, out)


def children(s: Stmt) -> list[Stmt]:
    if isinstance(s, If):
        return [*s.then, *s.other]
    return s.body if isinstance(s, Loop | Block | LastGroup) else []


def accesses(s: Stmt, loops: tuple[Loop, ...] = ()) -> Iterator[tuple[MemRef, bool, tuple[Loop, ...]]]:
    """(ref, is_write, loops inside `s` around the access) for every memory access in s."""
    out: list[tuple[MemRef, bool, tuple[Loop, ...]]] = []
    _accesses(s, loops, out)
    return iter(out)


def _accesses(s: Stmt, loops: tuple[Loop, ...], out: list) -> None:
    if isinstance(s, Store):
        refs: list[MemRef] = []
        _loads(s.value, refs)
        out.extend((r, False, loops) for r in refs)
        out.append((s.ref, True, loops))
        return
    if isinstance(s, Loop):
        inner = (*loops, s)
        for c in s.body:
            _accesses(c, inner, out)
    elif isinstance(s, Block | LastGroup):
        for c in s.body:
            _accesses(c, loops, out)
    elif isinstance(s, If):
        for c in s.then:
            _accesses(c, loops, out)
        for c in s.other:
            _accesses(c, loops, out)


def walk_stmts(stmts: list[Stmt]) -> Iterator[Stmt]:
    """Every statement of stmts and of their bodies, in pre-order."""
    out: list[Stmt] = []
    _walk(stmts, out)
    return iter(out)


def _walk(stmts: list[Stmt], out: list[Stmt]) -> None:
    for s in stmts:
        out.append(s)
        if isinstance(s, If):
            _walk(s.then, out)
            _walk(s.other, out)
        elif isinstance(s, Loop | Block | LastGroup):
            _walk(s.body, out)


def with_bodies(s: Stmt, f: Callable[[list[Stmt]], list[Stmt]]) -> Stmt:
    """`s` with f applied to each statement list it holds (a loop's, block's or last group's body, an if's
    branches); other statements unchanged."""
    if isinstance(s, Loop | LastGroup):
        return replace(s, body=f(s.body))
    if isinstance(s, Block):
        return Block(f(s.body))
    if isinstance(s, If):
        return If(s.conds, f(s.then), f(s.other))
    return s


def operands(e: CExpr) -> tuple[CExpr, ...]:
    """The value expressions `e` is built from (a pad select's conditions aside)."""
    if isinstance(e, Call):
        return e.args
    if isinstance(e, Vec):
        return e.lanes
    if isinstance(e, Select):
        return (e.then, e.other)
    if isinstance(e, Lane):
        return (e.value,)
    return ()


def replace_exprs(e: CExpr, f: Callable[[CExpr], CExpr | None]) -> CExpr:
    """`e` with every outermost subexpression (itself included) that f maps to an expression replaced by it (f
    answers None to look inside)."""
    new = f(e)
    if new is not None:
        return new
    if isinstance(e, Call):
        return Call(e.name, tuple(replace_exprs(a, f) for a in e.args))
    if isinstance(e, Vec):
        return Vec(e.ctype, tuple(replace_exprs(a, f) for a in e.lanes))
    if isinstance(e, Select):
        return Select(e.conds, replace_exprs(e.then, f), replace_exprs(e.other, f))
    if isinstance(e, Lane):
        return Lane(replace_exprs(e.value, f), e.k)
    return e


def replace_values(s: Stmt, f: Callable[[CExpr], CExpr | None]) -> Stmt:
    """A statement with `replace_exprs` on every stored value inside it (its bodies' too)."""
    if isinstance(s, Store):
        return Store(s.ref, replace_exprs(s.value, f))
    return with_bodies(s, lambda body: [replace_values(c, f) for c in body])


def map_expr(e: CExpr, f: Callable[[Idx], Idx]) -> CExpr:
    """Apply f to every index inside a C expression."""
    if isinstance(e, Load):
        r = e.ref
        return Load(MemRef(r.buf, f(r.index), r.width))
    if isinstance(e, Call):
        return Call(e.name, tuple(map_expr(a, f) for a in e.args))
    if isinstance(e, Vec):
        return Vec(e.ctype, tuple(map_expr(a, f) for a in e.lanes))
    if isinstance(e, Lane):
        return Lane(map_expr(e.value, f), e.k)
    if isinstance(e, Select):
        conds = tuple(compare(f(c.e), c.op, c.c) for c in e.conds)
        return select(conds, map_expr(e.then, f), map_expr(e.other, f))
    return e


def select(conds: tuple[Cmp, ...], then: CExpr, other: CExpr) -> CExpr:
    """A pad conditional with the comparisons the ranges decide removed."""
    keep = []
    for c in conds:
        d = c.decided()
        if d is True:
            return then
        if d is None:
            keep.append(c)
    return Select(tuple(keep), then, other) if keep else other


def substitute_stmt(s: Stmt, subst: dict[Var, Idx]) -> Stmt:
    """A copy of s with loop variables replaced (indices re-simplified)."""
    def f(i: Idx) -> Idx:
        return substitute(i, subst)

    if isinstance(s, Store):
        r = s.ref
        return Store(MemRef(r.buf, f(r.index), r.width), map_expr(s.value, f))
    if isinstance(s, Loop):
        return replace(s, body=[substitute_stmt(c, subst) for c in s.body])
    if isinstance(s, Block):
        return Block([substitute_stmt(c, subst) for c in s.body])
    if isinstance(s, If):
        return If(tuple(compare(f(c.e), c.op, c.c) for c in s.conds), [substitute_stmt(c, subst) for c in s.then],
                  [substitute_stmt(c, subst) for c in s.other])
    return s
