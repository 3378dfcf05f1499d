"""The one rewrite driver: legal sites with stable ids, and application with re-type-checking.

Sites. A site is a node of the *normal* program (`prepare(p)`, see normalise.py; every program `apply`
returns is already normal, so for those the site paths are paths in the program itself). Its id is its
path, the child-index path of `compiler.ir.node.walk`; sites are listed in pre-order (walk order), and
`Site.index` is the node's pre-order number in the program, a stable integer id for the same program.

Speed. The typing of a program is computed once (in `prepare`/`apply`) and cached with the program, so listing
the sites of a rule runs only its guards, which read that typing; `apply` infers the type of the replacement
locally, then normalises and type-checks the result once, and caches it for the next listing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import sympy

from .. import arith
from ..errors import RuleNotApplicable, TypeCheckError
from ..ir.node import Expr, FunCall, Lambda, Literal, Node, Param, Prim, Program, UserFun, replace_at, with_children
from ..ir.terms import Path
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


@dataclass
class IndexedProgram:
    """A normal program with its typing and its nodes indexed by root kind (built once per program)."""

    program: Program
    typing: Typing
    order: dict[Path, int]
    by_root: dict[object, list[tuple[Path, Node]]]
    shared: dict = field(default_factory=dict)  # per-site structure the guards derive (Ctx), built lazily

    @classmethod
    def of(cls, program: Program, typing: Typing) -> IndexedProgram:
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

        visit(program, (), False)
        return cls(program, typing, order, by_root)


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
        return a.by_root.get(k, [])
    seen: dict[Path, Node] = {}
    for k in rule.root_ops:
        for path, n in a.by_root.get(k, ()):
            seen[path] = n
    return sorted(seen.items(), key=lambda pn: a.order[pn[0]])


def legal_sites(program: Program, rule: Rule | int | str, sizes: dict[str, int] | None = None) -> list[Site]:
    """Every site where `rule` applies, in pre-order. `sizes` (optional concrete sizes) decide guards that
    depend on lengths (divisibility, unrolling); without them such guards are deferred constraints."""
    a = index_program(program)
    r = _rule(rule)
    out = []
    for path, n in _candidates(a, r):
        if r.match(n, Ctx(a.program, a.typing, path, sizes, a.shared)) is not None:
            out.append(Site(a.order[path], path))
    return out


def all_legal(program: Program, rules: Sequence[Rule] | None = None,
              sizes: dict[str, int] | None = None) -> list[tuple[int, Site]]:
    """(rule index, site) for every legal application; rule indices are positions in `rules` (default: the
    catalogue RULES, i.e. action ids)."""
    if rules is None:
        rules = RULES
    a = index_program(program)
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
    if path not in a.order or (isinstance(site, Site) and a.order[path] != site.index):
        raise RuleNotApplicable(f"{where}: no such site in program {a.program.name}")
    node = _node_at(a, path)
    if not _root_ok(a, r, path, node):
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


def _root_ok(a: IndexedProgram, r: Rule, path: Path, node: Node) -> bool:
    return any(any(p == path for p, _ in a.by_root.get(k, ())) for k in r.root_ops)


def _roots_text(r: Rule) -> str:
    return " or ".join(sorted(k if isinstance(k, str) else f"{k.text} call" for k in r.root_ops))


def site_of(program: Program, path: Path) -> Site:
    """The Site of a path in (the normal form of) `program`."""
    a = index_program(program)
    if path not in a.order:
        raise KeyError(path)
    return Site(a.order[path], path)


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


__all__ = ["Expr", "IndexedProgram", "Site", "all_legal", "apply", "index_program", "legal_sites", "prepare",
           "site_of", "specialise"]
