"""Rewrite rules as data, and the context a rule's guard sees.

A `Rule` is a frozen value: its name (after its law), the law as one line of text, the root kinds it can
match (an `Op` for a primitive call, or one of the markers `USERFUN_CALL` and `EXPR`), a `match(node, ctx)`
that returns bindings or None (pattern and guard together: Lift's partial function), and a
`build(bindings, ctx)` that returns the replacement or None. The bindings may hold `"at"`: the path of an
ancestor to replace instead of the site itself (the let rules rewrite the enclosing loop).

Parametric rules (split size, vector width, stride, tile step, mapGlb dimension) are families: one Rule per
value of a small candidate set (the catalogue instantiates them; see catalog.py), or one Rule per
tuning-parameter symbol (`split_join("σ")`), whose divisibility guards are deferred constraints.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sympy

from .. import arith
from ..ir.node import Expr, FunCall, Lambda, Node, Param, Prim, Program
from ..ir.ops import Op
from ..ir.terms import Fresh, Path, all_names
from ..ir.typecheck import Typing
from ..types import Type

USERFUN_CALL = "userfun-call"  # root kind: a call of a user function, `uf(a, b)`
EXPR = "expr"  # root kind: any expression occurrence (parameter use, literal or call)

Bindings = dict[str, Any]


@dataclass(frozen=True)
class Rule:
    name: str  # e.g. "splitJoin(4)"
    law: str  # one line, e.g. "map(f) << x  ->  join << map(map(f)) << split(n) << x"
    root_ops: frozenset  # Ops and/or USERFUN_CALL / EXPR markers
    match: Callable[[Node, Ctx], Bindings | None] = field(compare=False, repr=False)
    build: Callable[[Bindings, Ctx], Node | None] = field(compare=False, repr=False)
    params: tuple[tuple[str, Any], ...] = ()  # (name, value) pairs of a parametric rule
    family: str = ""  # the name without parameters
    group: str = ""  # algorithmic | mapping | memory
    guard: str = ""  # the guard in words (docs/rewrite.md)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Enclosing:
    """A primitive whose function argument contains the site: `op` with its static parameters."""

    op: Op
    static: tuple
    path: Path  # path of the call FunCall(Prim(op, ...), args)
    slot: int  # which function argument

    @property
    def dim(self) -> int | None:
        if self.op in (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL):
            return int(self.static[0])
        return None


class Ctx:
    """What a guard may consult: the (normal, checked) program, its typing, the site, its enclosing context,
    optional concrete sizes, and a supply of fresh names."""

    def __init__(self, program: Program, typing: Typing, path: Path, sizes: dict[str, int] | None = None,
                 shared: dict | None = None):
        self.program = program
        self.typing = typing
        self.path = path
        self.sizes = sizes
        self._sizes_key = None if sizes is None else tuple(sorted(sizes.items()))
        self._fresh: Fresh | None = None
        # structure derived from (program, path) only, shared by every rule looking at this site
        self._shared = shared.setdefault(path, {}) if shared is not None else {}

    # --- structure ---
    @property
    def chain(self) -> list[Node]:
        """The nodes from the root to the site: chain[k] is at path[:k]."""
        ch = self._shared.get("chain")
        if ch is None:
            n: Node = self.program
            ch = [n]
            for i in self.path:
                n = n.children()[i]
                ch.append(n)
            self._shared["chain"] = ch
        return ch

    @property
    def enclosing(self) -> tuple[Enclosing, ...]:
        """Primitives whose function argument contains the site, outermost first (data arguments of a call are
        not inside it: in `map(f) << x`, x is not enclosed by the map)."""
        enc = self._shared.get("enclosing")
        if enc is None:
            out = []
            ch = self.chain
            for k in range(len(self.path) - 1):
                n, i = ch[k], self.path[k]
                if isinstance(n, FunCall) and i == 0 and isinstance(n.f, Prim):
                    out.append(Enclosing(n.f.op, n.f.static, self.path[:k], self.path[k + 1]))
            enc = self._shared["enclosing"] = tuple(out)
        return enc

    def inside(self, op: Op, dim: int | None = None, since: int = 0) -> bool:
        return any(e.op is op and (dim is None or e.dim == dim) for e in self.enclosing[since:])

    def inside_any(self, ops) -> bool:
        return any(e.op in ops for e in self.enclosing)

    def binders_below(self, path: Path) -> set[str]:
        """Names bound by lambdas between the node at `path` (exclusive of its own data arguments) and the site."""
        out: set[str] = set()
        ch = self.chain
        for k in range(len(path), len(self.path)):
            n, i = ch[k], self.path[k]
            if isinstance(n, Lambda) and i == len(n.params):
                out.update(q.name for q in n.params)
        return out

    def scope(self, path: Path | None = None) -> dict[str, Type]:
        """Types of every name in scope at `path` (default: the site)."""
        path = self.path if path is None else path
        env: dict[str, Type] = {}
        n: Node = self.program
        for k, i in enumerate(path):
            if isinstance(n, Program | Lambda) and i == len(n.children()) - 1:
                ps = n.params
                for j, q in enumerate(ps):
                    t = self.typing.of.get((*path[:k], j))
                    if t is not None:
                        env[q.name] = t
            n = n.children()[i]
        return env

    @property
    def node(self) -> Node:
        return self.chain[-1]

    # --- types ---
    def type(self, path: Path | None = None) -> Type | None:
        return self.typing.of.get(self.path if path is None else path)

    def arg_type(self, i: int = -1) -> Type | None:
        """Type of data argument i of the call at the site (-1: the last, the array a primitive consumes)."""
        n = self.node
        assert isinstance(n, FunCall)
        k = len(n.args) if i < 0 else i + 1
        return self.typing.of.get((*self.path, k))

    # --- names ---
    @property
    def fresh(self) -> Fresh:
        if self._fresh is None:
            self._fresh = Fresh(all_names(self.program))
        return self._fresh

    # --- sizes ---
    def value(self, e) -> int | None:
        """The integer value of a size expression: constant, or evaluated with the concrete sizes if given."""
        return _value(sympy.sympify(e), self._sizes_key)

    def divides(self, m, n) -> bool:
        """m | n: decided when both are known; symbolically provable; otherwise deferred (True), the tuner
        then has to satisfy the divisibility constraint."""
        vm, vn = self.value(m), self.value(n)
        if vm is not None and vn is not None:
            return vm > 0 and vn % vm == 0
        q = arith.simplify(sympy.sympify(n) / sympy.sympify(m))
        return q.is_integer is not False

    def lt(self, a, b) -> bool:
        va, vb = self.value(a), self.value(b)
        return True if va is None or vb is None else va < vb

    def le(self, a, b) -> bool:
        va, vb = self.value(a), self.value(b)
        return True if va is None or vb is None else va <= vb


@functools.lru_cache(maxsize=65536)
def _value(e: sympy.Expr, sizes_key) -> int | None:
    if e.is_Integer:
        return int(e)
    if sizes_key is None:
        return None
    try:
        return arith.evaluate(e, dict(sizes_key))
    except (KeyError, ValueError, TypeError):
        return None


def rule(name: str, law: str, roots, match, build, *, params=(), family: str = "", group: str = "",
         guard: str = "") -> Rule:
    return Rule(name, law, frozenset(roots), match, build, tuple(params), family or name.split("(")[0], group, guard)


__all__ = ["EXPR", "USERFUN_CALL", "Bindings", "Ctx", "Enclosing", "Expr", "Param", "Rule", "rule"]
