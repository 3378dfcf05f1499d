"""Term helpers over the IR, one home for the rules, the normaliser, the rewrite points, the lowerings and the
code generator: free variables, fresh names, capture-avoiding substitution, beta-reduction, composition, small
builders and queries on primitive calls.

Names a rewrite introduces never capture or clash with names already in the program (`Fresh` avoids every
parameter name it is given).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable

from ..types import ArrayType, ScalarType, Type, VectorType, base_type
from .build import prim
from .node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program, UserFun, with_children
from .ops import ADDRESS_SPACES, MAPS, REDUCES, VARIADIC, Op
from .userfuns import ID

Path = tuple[int, ...]


# --- memoisation by identity ---------------------------------------------------------------------------
def remember(cache: dict, key, value, limit: int) -> None:
    """cache[key] = value in a memo of at most `limit` entries: when it is full, the oldest quarter (in insertion
    order) goes first."""
    if len(cache) >= limit:
        for old in list(itertools.islice(cache, limit // 4)):
            del cache[old]
    cache[key] = value


class by_identity:
    """Memoise a function of one node by the node's identity: rewritten programs share every untouched subtree
    with their parent, so the answers carry over, and no structural hash of a large subtree is ever taken."""

    def __init__(self, fn, maxsize: int = 100_000):
        self.fn, self.maxsize = fn, maxsize
        self.memo: dict[int, tuple[object, object]] = {}
        functools.update_wrapper(self, fn)

    def __call__(self, n):
        hit = self.memo.get(id(n))
        if hit is not None and hit[0] is n:
            return hit[1]
        v = self.fn(n)
        if len(self.memo) >= self.maxsize:
            self.memo.clear()
        self.memo[id(n)] = (n, v)  # the entry keeps n alive, so its id cannot be reused while cached
        return v


# --- names -----------------------------------------------------------------------------------------
@by_identity
def free_vars(n: Node) -> frozenset[str]:
    """Names of the parameters used but not bound inside `n`."""
    if isinstance(n, Param):
        return frozenset((n.name,))
    if isinstance(n, Lambda):
        return free_vars(n.body) - {q.name for q in n.params}
    if isinstance(n, Program):
        return free_vars(n.body) - {q.name for q in n.params}
    out: frozenset[str] = frozenset()
    for c in n.children():
        out |= free_vars(c)
    return out


@by_identity
def all_names(n: Node) -> frozenset[str]:
    """Every parameter name occurring in `n`, bound or free."""
    if isinstance(n, Param):
        return frozenset((n.name,))
    out: frozenset[str] = frozenset()
    for c in n.children():
        out |= all_names(c)
    return out


class Fresh:
    """Deterministic fresh names: `base`, `base1`, `base2`, ... avoiding a set of used names."""

    def __init__(self, used: Iterable[str] = ()):
        self.used = set(used)

    def __call__(self, base: str = "x") -> str:
        name, i = base, 1
        while name in self.used:
            name, i = f"{base}{i}", i + 1
        self.used.add(name)
        return name

    def param(self, base: str = "x") -> Param:
        return Param(self(base))


# --- substitution ------------------------------------------------------------------------------------
def subst(n: Node, mapping: dict[str, Expr], fresh: Fresh) -> Node:
    """Capture-avoiding substitution of free parameters by expressions."""
    mapping = {k: v for k, v in mapping.items() if k in free_vars(n)}
    if not mapping:
        return n
    if isinstance(n, Param):
        return mapping.get(n.name, n)
    if isinstance(n, Lambda):
        inner = {k: v for k, v in mapping.items() if k not in {q.name for q in n.params}}
        if not inner:
            return n
        danger: set[str] = set()
        for v in inner.values():
            danger |= free_vars(v)
        params, body = list(n.params), n.body
        for i, q in enumerate(params):
            if q.name in danger:  # rename the binder so it cannot capture a substituted free name
                new = Param(fresh(q.name), q.type)
                body = subst(body, {q.name: new}, fresh)  # type: ignore[assignment]
                params[i] = new
        return Lambda(tuple(params), subst(body, inner, fresh))  # type: ignore[arg-type]
    kids = n.children()
    if not kids:
        return n
    return with_children(n, [subst(c, mapping, fresh) for c in kids])


def replace_sub(e, old, new):
    """e with every occurrence of the sub-expression `old` replaced by `new` (e itself when there is none)."""
    if e == old:
        return new
    kids = e.children()
    if not kids:
        return e
    rep = [replace_sub(k, old, new) for k in kids]
    return e if all(a is b for a, b in zip(rep, kids, strict=True)) else with_children(e, rep)


def count_uses(n: Node, name: str) -> int:
    """Occurrences of the free parameter `name` in `n`."""
    if name not in free_vars(n):
        return 0
    if isinstance(n, Param):
        return 1
    return sum(count_uses(c, name) for c in n.children())


def beta(f: FunDecl, args: tuple[Expr, ...], fresh: Fresh) -> Expr:
    """`f(args)`, inlining a lambda whose parameters are each used at most once (or bound to a parameter
    or literal): the thesis' Lambda semantics, which inlines arguments used once. Otherwise a call."""
    if isinstance(f, Lambda) and len(f.params) == len(args):
        if all(q.type is None and (isinstance(a, Param | Literal) or count_uses(f.body, q.name) <= 1)
               for q, a in zip(f.params, args, strict=True)):
            return subst(f.body, {q.name: a for q, a in zip(f.params, args, strict=True)}, fresh)  # type: ignore
    return FunCall(f, tuple(args))


def fresh_lam(fresh: Fresh, base: str | tuple[str, ...], body: Callable[..., Expr]) -> Lambda:
    """A lambda with fresh parameter names; `body` receives the Param(s)."""
    bases = (base,) if isinstance(base, str) else base
    ps = tuple(fresh.param(b) for b in bases)
    return Lambda(ps, body(*ps))


def compose(f: FunDecl, g: FunDecl, fresh: Fresh, base: str = "y") -> Lambda:
    """y => f(g(y)), beta-reduced."""
    return fresh_lam(fresh, base, lambda y: beta(f, (beta(g, (y,), fresh),), fresh))


# --- builders ----------------------------------------------------------------------------------------
def chain(x: Expr, *funs: FunDecl) -> Expr:
    """funs[0] o funs[1] o ... << x (the last one is applied first), each a single-argument function."""
    for f in reversed(funs):
        x = FunCall(f, (x,))
    return x


def zero_of(t: Type) -> Literal:
    b = base_type(t)
    return Literal("0", b)


# --- inspection --------------------------------------------------------------------------------------
def is_call(e: Node, *ops: Op) -> bool:
    return isinstance(e, FunCall) and isinstance(e.f, Prim) and (not ops or e.f.op in ops)


@by_identity
def concrete(n: Node) -> bool:
    """Contains a user function (Lift's `isConcrete`: the expression writes memory)."""
    if isinstance(n, UserFun):
        return True
    return any(concrete(c) for c in n.children())


@by_identity
def ops_inside(n: Node) -> frozenset[tuple[Op, int | None]]:
    """(op, dim) of every primitive occurring in `n` (dim for mapGlb/mapWrg/mapLcl, else None)."""
    out: set[tuple[Op, int | None]] = set()
    if isinstance(n, Prim):
        dim = int(n.static[0]) if n.op in (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL) and n.static else None
        out.add((n.op, dim))
    for c in n.children():
        out |= ops_inside(c)
    return frozenset(out)


def contains(n: Node, op: Op, dim: int | None = None) -> bool:
    return any(o is op and (dim is None or d == dim) for o, d in ops_inside(n))


def unary_userfun(f: FunDecl) -> UserFun | None:
    """The user function u when f is `u` or `y => u(y)`."""
    if isinstance(f, UserFun) and len(f.params) == 1:
        return f
    if (isinstance(f, Lambda) and len(f.params) == 1 and isinstance(f.body, FunCall)
            and isinstance(f.body.f, UserFun) and f.body.args == (f.params[0],) and len(f.body.f.params) == 1):
        return f.body.f
    return None


def binary_userfun(f: FunDecl) -> UserFun | None:
    """The user function u when f is `u` or `(a, b) => u(a, b)`."""
    if isinstance(f, UserFun) and len(f.params) == 2:
        return f
    if (isinstance(f, Lambda) and len(f.params) == 2 and isinstance(f.body, FunCall)
            and isinstance(f.body.f, UserFun) and f.body.args == f.params):
        return f.body.f
    return None


def is_identity(f: FunDecl) -> bool:
    """`id` or `y => y` (or `y => id(y)`)."""
    if f == ID:
        return True
    if isinstance(f, Lambda) and len(f.params) == 1:
        b = f.body
        return b == f.params[0] or (isinstance(b, FunCall) and b.f == ID and b.args == (f.params[0],))
    return False


def map_body(f: FunDecl) -> tuple[Param, Expr] | None:
    """(param, body) of a one-parameter lambda."""
    if isinstance(f, Lambda) and len(f.params) == 1:
        return f.params[0], f.body
    return None


def perfectly_nested_map(f: FunDecl) -> tuple[Prim, FunDecl] | None:
    """(inner map prim, g) when f is `a => mapK(g) << a` with g not using a (a perfectly nested map)."""
    pb = map_body(f)
    if pb is None:
        return None
    a, body = pb
    if is_call(body, *MAPS) and body.args == (a,) and a.name not in free_vars(body.f):  # type: ignore[union-attr]
        return body.f, body.f.funs[0]  # type: ignore[union-attr,return-value]
    return None


def copy_fun(t: Type, space: Op, fresh: Fresh) -> FunDecl | None:
    """A function that deep-copies a value of type t element by element through `space(id)`:
    `toX(id)` for scalars/vectors, `map(y => copy(y))` for arrays of them. None for tuples."""
    if isinstance(t, ScalarType | VectorType):
        return prim(space, funs=(ID,))
    if isinstance(t, ArrayType):
        inner = copy_fun(t.elem, space, fresh)
        if inner is None:
            return None
        p = prim(Op.MAP, funs=(fresh_lam(fresh, "c", lambda y: beta(inner, (y,), fresh)),))
        return fresh_lam(fresh, "cs", lambda y: FunCall(p, (y,)))
    return None


def slot_arity(p: Prim, i: int, own_arity: int | None) -> int | None:
    """Number of arguments function slot i of primitive p receives (None when unknown)."""
    op = p.op
    if op in MAPS or op in (Op.MAP_ND, Op.ITERATE, Op.LET):
        return 1
    if op in REDUCES:
        return 2
    if op in ADDRESS_SPACES or op in (Op.VECTORISE, Op.OCL_KERNEL):
        return own_arity
    return None


def eta_needed(f: FunDecl) -> bool:
    return isinstance(f, Prim) and f.op.info.ndata != VARIADIC and not f.op.info.nlead
