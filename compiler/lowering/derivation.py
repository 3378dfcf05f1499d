"""Named lowerings as derivations: a fixed sequence of rule applications to the benchmark's high-level program.

    p = derivation.start(bench.program)                         # macros expanded, normal form
    p = derivation.step(p, split_join(TM), where=outermost_map) # one rule at one site

A lowering module derives its program from the program of the benchmark, the way Lift derives its tiled and
local-memory kernels (thesis Ch6): every step is a `compiler.rewrite.Rule` applied through the one driver
(`compiler.rewrite.apply`), so every step keeps the program's meaning and type. A step picks its site either by a
predicate over (path, node) or as the k-th legal site in pre-order; a step that finds no site, or more than one
site where it asked for exactly one, is a `LoweringError` naming the rule and the derivation, never a silent
no-op.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import RuleNotApplicable
from ..ir.macros import expand_program
from ..ir.node import FunCall, Lambda, Node, Prim, Program, at, with_children
from ..ir.ops import ADDRESS_SPACES
from ..ir.terms import free_vars
from ..rewrite import Rule, Site, apply, iter_legal_sites, legal_sites, prepare
from .util import LoweringError

Where = Callable[[tuple[int, ...], Node], bool]


def start(program: Program) -> Program:
    """The benchmark's program with its macros expanded, in the rewrite driver's normal form."""
    return prepare(expand_program(program))


def sites(program: Program, rule: Rule | str, where: Where | None = None,
          sizes: dict[str, int] | None = None) -> list[Site]:
    """The legal sites of `rule` in pre-order, restricted to those whose (path, node) satisfy `where`."""
    found = legal_sites(program, rule, sizes)
    if where is None:
        return found
    return [s for s in found if where(s.path, at(program, s.path))]


def step(program: Program, rule: Rule | str, where: Where | int | None = None, *, unique: bool = False,
         sizes: dict[str, int] | None = None, name: str = "derivation") -> Program:
    """`rule` applied at one site: the `where`-th legal site (an int, pre-order), or the first site satisfying the
    predicate `where` (with `unique=True`, the only one). Errors name the derivation and the rule."""
    label = rule if isinstance(rule, str) else rule.name
    if isinstance(where, int):
        chosen = _first(program, rule, None, sizes, where) if where >= 0 else None
        if chosen is None:
            found = sites(program, rule, None, sizes)
            if where >= len(found):
                raise LoweringError(f"{name}: {label} has {len(found)} legal site(s), no site number {where}")
            chosen = found[where]
    elif unique:
        found = sites(program, rule, where, sizes)
        if not found:
            raise LoweringError(f"{name}: {label} applies at no site of the program here")
        if len(found) > 1:
            raise LoweringError(f"{name}: {label} applies at {len(found)} sites, the derivation expects one")
        chosen = found[0]
    else:  # the first in pre-order: the listing stops there
        chosen = _first(program, rule, where, sizes)
        if chosen is None:
            raise LoweringError(f"{name}: {label} applies at no site of the program here")
    try:
        return apply(program, rule, chosen, sizes)
    except RuleNotApplicable as err:
        raise LoweringError(f"{name}: {err}") from err


def _first(program: Program, rule: Rule | str, where: Where | None, sizes: dict[str, int] | None,
           skip: int = 0) -> Site | None:
    """The legal site after `skip` others (pre-order) satisfying `where`, or None; the sites after it are not
    listed. `where` is asked about the legal sites in pre-order, as `sites` asks it."""
    for s in iter_legal_sites(program, rule, sizes):
        if where is None or where(s.path, at(program, s.path)):
            if not skip:
                return s
            skip -= 1
    return None


@dataclass(frozen=True)
class Step:
    """One step of a plan: `rule` at its first legal site satisfying `where` (`unique`: the only one; `every`: at
    each such site in turn until none is left); `sizes` decide length guards (unrolling)."""

    rule: Rule | str
    where: Where | int | None = None
    unique: bool = False
    every: bool = False
    sizes: dict[str, int] | None = None


MAX_REPEATS = 64  # an `every` step applying more often than this is a derivation that does not terminate


def trace(program: Program, plan, *, name: str = "derivation") -> Iterator[tuple[str, Program]]:
    """(rule name, program) after each rule application of `plan`, whose items are `Step`s or (rule, where) pairs."""
    for item in plan:
        s = item if isinstance(item, Step) else Step(*item)
        label = s.rule if isinstance(s.rule, str) else s.rule.name
        if not s.every:
            program = step(program, s.rule, s.where, unique=s.unique, sizes=s.sizes, name=name)
            yield label, program
            continue
        for _ in range(MAX_REPEATS):
            if not sites(program, s.rule, None if isinstance(s.where, int) else s.where, s.sizes):
                break
            program = step(program, s.rule, s.where, sizes=s.sizes, name=name)
            yield label, program
        else:
            raise LoweringError(f"{name}: {label} still applies after {MAX_REPEATS} steps")


def steps(program: Program, plan, *, name: str = "derivation") -> Program:
    """The program at the end of `plan` (`trace`)."""
    last = program
    for _, last in trace(program, plan, name=name):  # noqa: B007 (the loop runs the plan; its last program is kept)
        pass
    return last


def point_free_wrappers(program: Program) -> Program:
    """Eta-reduction of address-space wrappers: `toX(y => g << y)` is `toX(g)` for a primitive g (the driver's
    normal form writes function arguments as lambdas; the code generator reads the caster's map directly)."""

    def go(n: Node) -> Node:
        kids = n.children()
        if kids:
            n = with_children(n, [go(c) for c in kids])
        if isinstance(n, Prim) and n.op in ADDRESS_SPACES and isinstance(n.funs[0], Lambda):
            lam = n.funs[0]
            body = lam.body
            if (len(lam.params) == 1 and isinstance(body, FunCall) and isinstance(body.f, Prim)
                    and body.args == lam.params and lam.params[0].name not in free_vars(body.f)):
                return Prim(n.op, n.static, (body.f,))
        return n

    out = go(program)
    assert isinstance(out, Program)
    return out
