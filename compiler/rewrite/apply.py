"""The one rewrite driver: legal sites with stable ids, and application with re-type-checking.

Sites. A site is a node of the *normal* program (`prepare(p)`, see normalise.py; every program `apply`
returns is already normal, so for those the site paths are paths in the program itself). Its id is its
path, the child-index path of `compiler.ir.node.walk`; sites are listed in pre-order (walk order), and
`Site.index` is the node's pre-order number in the program, a stable integer id for the same program.

Speed. The typing of a program is computed once (in `prepare`/`apply`) and cached with the program, so listing
the sites of a rule runs only its guards, which read that typing; `apply` infers the type of the replacement
locally, then normalises and type-checks the result once, and caches it for the next listing. The normal form
and the type check reuse what they found for the subtrees a rewrite left in place (normalise.py, typecheck.py);
the nodes of a root kind are indexed when a rule rooted there is first listed, by a walk that skips subtrees
without that kind; a listing run to its end is kept per (program, rule, sizes), and `iter_legal_sites` finds
the sites one at a time for a caller that wants the first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import sympy

from .. import arith
from ..errors import RuleNotApplicable, TypeCheckError
from ..ir.node import Expr, FunCall, Lambda, Literal, Node, Param, Prim, Program, UserFun, replace_at, with_children
from ..ir.terms import Path, by_identity
from ..ir.typecheck import Typing, infer
from ..types import map_lengths, same_type
from .catalog import BY_NAME, RULES
from .normalise import normalise
from .rule import EXPR, USERFUN_CALL, Ctx, Rule

_MAX_CACHE = 512


@dataclass(frozen=True, order=True)
class Site:
    """A node of a program: `index` is its pre-order number, `path` its child-index path (the id)."""

    index: int
    path: Path = field(compare=False)

    def __str__(self) -> str:
        return f"#{self.index} at {'.'.join(map(str, self.path)) or 'root'}"


def _root_key(n: Node):
    """The root kind of a node (the Op of a primitive call, USERFUN_CALL for a user function call), or None."""
    if isinstance(n, FunCall):
        return n.f.op if isinstance(n.f, Prim) else USERFUN_CALL if isinstance(n.f, UserFun) else None
    return None


@by_identity
def _kinds(n: Node) -> frozenset:
    """The root kinds of the nodes of `n` (EXPR excepted)."""
    key = _root_key(n)
    out = frozenset((key,)) if key is not None else frozenset()
    for c in n.children():
        out |= _kinds(c)
    return out


@by_identity
def _size(n: Node) -> int:
    return 1 + sum(_size(c) for c in n.children())


@by_identity
def _offsets(n: Node) -> tuple[int, ...]:
    """Child i of `n` is node number _offsets(n)[i] of the subtree of `n` in pre-order."""
    out, k = [], 1
    for c in n.children():
        out.append(k)
        k += _size(c)
    return tuple(out)


def _sub_expr(n: Node, i: int) -> bool:
    """Whether child i of `n` is an expression occurrence (an EXPR site)."""
    if isinstance(n, FunCall):
        return i > 0
    if isinstance(n, Lambda | Program):
        return i == len(n.children()) - 1
    return False


@dataclass
class IndexedProgram:
    """A normal program with its typing and its nodes indexed by root kind. The index is built lazily: the nodes
    of one root kind when a rule rooted there is listed (a walk that skips subtrees without that kind), the
    pre-order numbers of every node when `order` is read."""

    program: Program
    typing: Typing
    shared: dict = field(default_factory=dict)  # per-site structure the guards derive (Ctx), built lazily
    _roots: dict = field(default_factory=dict)  # root kind -> (path, node) in pre-order
    _order: dict | None = None
    _complete: bool = False  # whether _roots has every root kind (absent ones have no node)
    _at: dict = field(default_factory=dict)  # path -> (pre-order number, node), for the paths asked so far

    @classmethod
    def of(cls, program: Program, typing: Typing) -> IndexedProgram:
        return cls(program, typing)

    @property
    def order(self) -> dict[Path, int]:
        """Path -> pre-order number, for every node."""
        if self._order is None:
            order: dict[Path, int] = {}

            def visit(n: Node, path: Path) -> None:
                order[path] = len(order)
                for i, c in enumerate(n.children()):
                    visit(c, (*path, i))

            visit(self.program, ())
            self._order = order
        return self._order

    def index_all(self) -> None:
        """Index every root kind and every node's pre-order number in one walk (for listing many rules)."""
        if self._complete:
            return
        order: dict[Path, int] = {}
        by_root: dict[object, list[tuple[Path, Node]]] = {}

        def visit(n: Node, path: Path, is_expr: bool) -> None:
            order[path] = len(order)
            if isinstance(n, FunCall):
                key = n.f.op if isinstance(n.f, Prim) else USERFUN_CALL if isinstance(n.f, UserFun) else None
                if key is not None:
                    by_root.setdefault(key, []).append((path, n))
            if is_expr:
                by_root.setdefault(EXPR, []).append((path, n))
            kids = n.children()
            for i, c in enumerate(kids):
                if isinstance(n, FunCall):
                    sub_expr = i > 0
                elif isinstance(n, Lambda | Program):
                    sub_expr = i == len(kids) - 1
                else:
                    sub_expr = False
                visit(c, (*path, i), sub_expr)

        visit(self.program, (), False)
        self._order = order
        self._roots = {**by_root, **self._roots}  # (lists already handed out stay the ones in use)
        self._complete = True

    def roots(self, key) -> list[tuple[Path, Node]]:
        """The (path, node) of every node of root kind `key`, in pre-order."""
        found = self._roots.get(key)
        if found is not None:
            return found
        if self._complete:
            return []
        out: list[tuple[Path, Node]] = []
        if key == EXPR:
            def visit_expr(n: Node, path: Path, is_expr: bool) -> None:
                if is_expr:
                    out.append((path, n))
                for i, c in enumerate(n.children()):
                    visit_expr(c, (*path, i), _sub_expr(n, i))

            visit_expr(self.program, (), False)
        else:
            def visit(n: Node, path: Path) -> None:
                if key not in _kinds(n):
                    return
                if _root_key(n) == key:
                    out.append((path, n))
                for i, c in enumerate(n.children()):
                    visit(c, (*path, i))

            visit(self.program, ())
        self._roots[key] = out
        return out

    def index(self, path: Path) -> int | None:
        """The pre-order number of the node at `path`, or None when there is no such node."""
        if self._order is not None:
            return self._order.get(path)
        known = self._at.get(path)
        if known is None:
            if not path:
                known = (0, self.program)
            else:
                up = self.index(path[:-1])
                if up is None:
                    return None
                k, n = self._at[path[:-1]]
                kids, i = n.children(), path[-1]
                if not 0 <= i < len(kids):
                    return None
                known = (k + _offsets(n)[i], kids[i])
            self._at[path] = known
        return known[0]

    def is_root(self, path: Path, kinds) -> bool:
        """Whether the node at `path` (which exists) is of one of the root kinds `kinds`."""
        n: Node = self.program
        parent, i = None, -1
        for i in path:
            parent, n = n, n.children()[i]
        if _root_key(n) in kinds:
            return True
        return EXPR in kinds and parent is not None and _sub_expr(parent, i)


_NORMAL: OrderedDict[Program, Program] = OrderedDict()  # program -> its normal form (structural key)
_ANALYSIS: OrderedDict[Program, IndexedProgram] = OrderedDict()  # normal program -> analysis (structural key)
_BY_ID: OrderedDict[int, tuple[Program, IndexedProgram]] = OrderedDict()  # id(program) -> analysis of its normal form


def _remember(cache: OrderedDict, key, value) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > _MAX_CACHE:
        cache.popitem(last=False)


def _hit(program: Program) -> IndexedProgram | None:
    """The analysis of a program seen before, found by identity (no structural hash of the whole tree)."""
    hit = _BY_ID.get(id(program))
    if hit is not None and hit[0] is program:
        return hit[1]
    return None


def _seen(program: Program, a: IndexedProgram) -> None:
    _remember(_BY_ID, id(program), (program, a))  # the entry keeps the program alive: its id stays unique


def prepare(program: Program) -> Program:
    """The normal form of `program` (type-checked; cached). Site paths refer to it."""
    return index_program(program).program


def index_program(program: Program) -> IndexedProgram:
    """The cached analysis (normal program, typing, root index) of `program`."""
    a = _hit(program)
    if a is not None:
        return a
    q = _NORMAL.get(program)
    a = _ANALYSIS.get(q) if q is not None else None
    if a is None:
        q, typing = normalise(program)
        a = _ANALYSIS.get(q) or IndexedProgram.of(q, typing)
        _remember(_NORMAL, program, q)
        _remember(_NORMAL, q, q)
        _remember(_ANALYSIS, q, a)
    _seen(program, a)
    _seen(a.program, a)
    return a


def _rule(rule: Rule | int | str) -> Rule:
    if isinstance(rule, Rule):
        return rule
    return RULES[rule] if isinstance(rule, int) else BY_NAME[rule]


def _candidates(a: IndexedProgram, rule: Rule) -> list[tuple[Path, Node]]:
    if len(rule.root_ops) == 1:
        (k,) = rule.root_ops
        return a.roots(k)
    seen: dict[Path, Node] = {}
    for k in rule.root_ops:
        for path, n in a.roots(k):
            seen[path] = n
    return sorted(seen.items())  # (pre-order is the order of paths)


_LISTED: OrderedDict[tuple, tuple] = OrderedDict()  # (id of analysis, id of rule, sizes) -> legal sites


def _sizes_key(sizes: dict[str, int] | None):
    if sizes is None:
        return None
    try:
        key = tuple(sorted(sizes.items()))
        hash(key)
    except TypeError:
        return False  # not hashable: not cached
    return key


def legal_sites(program: Program, rule: Rule | int | str, sizes: dict[str, int] | None = None) -> list[Site]:
    """Every site where `rule` applies, in pre-order. `sizes` (optional concrete sizes) decide guards that
    depend on lengths (divisibility, unrolling); without them such guards are deferred constraints."""
    return list(iter_legal_sites(program, rule, sizes))


def iter_legal_sites(program: Program, rule: Rule | int | str, sizes: dict[str, int] | None = None):
    """The sites of `legal_sites`, in pre-order, found one at a time (a caller wanting the first stops early).
    A listing run to its end is kept for the same (program, rule, sizes)."""
    a = index_program(program)
    r = _rule(rule)
    skey = _sizes_key(sizes)
    key = (id(a), id(r), skey)
    hit = _LISTED.get(key) if skey is not False else None
    if hit is not None and hit[0] is a and hit[1] is r:
        yield from hit[2]
        return
    out = []
    for path, n in _candidates(a, r):
        if r.match(n, Ctx(a.program, a.typing, path, sizes, a.shared)) is not None:
            site = Site(a.index(path), path)  # type: ignore[arg-type]
            out.append(site)
            yield site
    if skey is not False:
        _remember(_LISTED, key, (a, r, tuple(out)))  # the entry keeps a and r alive: their ids stay unique


def all_legal(program: Program, rules: Sequence[Rule] | None = None,
              sizes: dict[str, int] | None = None) -> list[tuple[int, Site]]:
    """(rule index, site) for every legal application; rule indices are positions in `rules` (default: the
    catalogue RULES, i.e. action ids)."""
    if rules is None:
        rules = RULES
    a = index_program(program)
    a.index_all()
    out = []
    for i, r in enumerate(rules):
        for path, n in _candidates(a, r):
            if r.match(n, Ctx(a.program, a.typing, path, sizes, a.shared)) is not None:
                out.append((i, Site(a.order[path], path)))
    return out


def apply(program: Program, rule: Rule | int | str, site: Site | Path | Iterable[int],
          sizes: dict[str, int] | None = None) -> Program:
    """The program with `rule` applied at `site`, normalised and type-checked. Raises RuleNotApplicable
    (naming the rule and the site) when the site does not exist, the rule does not match there, or the result
    would not keep the type."""
    a = index_program(program)
    r = _rule(rule)
    path = site.path if isinstance(site, Site) else tuple(site)
    where = f"{r.name} at site {'.'.join(map(str, path)) or 'root'}"
    index = a.index(path)
    if index is None or (isinstance(site, Site) and index != site.index):
        raise RuleNotApplicable(f"{where}: no such site in program {a.program.name}")
    node = _node_at(a, path)
    if not a.is_root(path, r.root_ops):
        raise RuleNotApplicable(f"{where}: the node is not a {_roots_text(r)}")
    ctx = Ctx(a.program, a.typing, path, sizes, a.shared)
    b = r.match(node, ctx)
    if b is None:
        raise RuleNotApplicable(f"{where}: pattern or guard does not hold ({r.guard or r.law})")
    new = r.build(b, ctx)
    if new is None:
        raise RuleNotApplicable(f"{where}: the rule built nothing")
    target: Path = b.get("at", path)
    old_t = a.typing.of[target]
    try:
        new_t = infer(new, ctx.scope(target))  # type: ignore[arg-type]
    except TypeCheckError as err:
        raise RuleNotApplicable(f"{where}: the rewritten expression does not type-check: {err}") from err
    if not same_type(new_t, old_t):
        raise RuleNotApplicable(f"{where}: the rewrite changes the type {old_t} into {new_t}")
    result = replace_at(a.program, target, new)
    try:
        q, typing = normalise(result)  # type: ignore[arg-type]
    except TypeCheckError as err:
        raise RuleNotApplicable(f"{where}: the rewritten program does not type-check: {err}") from err
    if not same_type(typing.result, a.typing.result):
        raise RuleNotApplicable(f"{where}: the program type {a.typing.result} became {typing.result}")
    a2 = IndexedProgram.of(q, typing)
    _seen(q, a2)  # structural caches are filled lazily, should an equal but distinct program come back
    return q


def _node_at(a: IndexedProgram, path: Path) -> Node:
    n: Node = a.program
    for i in path:
        n = n.children()[i]
    return n


def _roots_text(r: Rule) -> str:
    return " or ".join(sorted(k if isinstance(k, str) else f"{k.text} call" for k in r.root_ops))


def site_of(program: Program, path: Path) -> Site:
    """The Site of a path in (the normal form of) `program`."""
    a = index_program(program)
    index = a.index(path)
    if index is None:
        raise KeyError(path)
    return Site(index, path)


# --- concrete sizes ---------------------------------------------------------------------------------------------
def specialise(program: Program, sizes: dict[str, int]) -> Program:
    """The program with the given size variables replaced by their values in every type and static parameter,
    so that guards on lengths (divisibility, slide tiling of non-strict slides) are decided exactly."""
    subs = {arith.var(k): sympy.Integer(int(v)) for k, v in sizes.items()}

    def sz(e):
        return arith.simplify(sympy.sympify(e).subs(subs)) if getattr(e, "free_symbols", None) else e

    def go(n: Node) -> Node:
        if isinstance(n, Param):
            return n if n.type is None else Param(n.name, map_lengths(n.type, sz))
        if isinstance(n, Literal):
            return Literal(n.value, map_lengths(n.type, sz))
        if isinstance(n, UserFun):
            return n
        if isinstance(n, Prim):
            return Prim(n.op, tuple(sz(s) for s in n.static), tuple(go(f) for f in n.funs))  # type: ignore
        return with_children(n, [go(c) for c in n.children()])

    out = go(program)
    assert isinstance(out, Program)
    return out


__all__ = ["Expr", "IndexedProgram", "Site", "all_legal", "apply", "index_program", "iter_legal_sites",
           "legal_sites", "prepare", "site_of", "specialise"]
