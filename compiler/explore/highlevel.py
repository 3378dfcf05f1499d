"""Stage 1 of the exploration (Lift's HighLevelRewrite): algorithmic rewrites of a benchmark program, breadth
first to a bounded depth, deduplicated by structural hash (`Program.key` of the program with its macros
expanded, so that expanding a macro early or late gives one program).

Rules: every rule of the catalogue's algorithmic group (`compiler.rewrite.RULES`, `group == "algorithmic"`),
except that the families whose parameter is a split size or a stride (splitJoin, partialReduce, reorderReduce,
reorderStride) are applied with a *symbolic* parameter, as Lift's HighLevelRewrite does: each application
introduces a fresh tuning parameter (`split(p0)`), whose value stage 3 chooses. The other parametric families
(vectorise, vectoriseZip, slideTiling, slideTiling2D, padCrop) keep the catalogue's constant candidates: their
guards compute with the value.

Parameter names are canonical: after every rewrite the tuning parameters are renamed p0, p1, ... in the order of
their first occurrence (pre-order), so two rewrite paths that reach the same program give one key. A program
whose tuning parameters have no valid value at the benchmark's sizes (every parameter at least 2; e.g. a split of
a one-element array) is dropped.

`high_level_programs(program, sizes, depth, max_programs, rng)` returns the start program first, then the
programs of depth 1, 2, ... When the next level does not fit in `max_programs`, the programs kept from it are a
uniform sample (seeded `rng`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sympy

from .. import arith
from ..errors import RuleNotApplicable
from ..ir.macros import expand_program
from ..ir.node import Literal, Node, Param, Prim, Program, UserFun, walk, with_children
from ..ir.ops import MACROS
from ..rewrite import RULES, apply, legal_sites, prepare
from ..rewrite.rule import Rule
from ..rewrite.rules_algorithmic import partial_reduce, reorder_reduce, reorder_stride, split_join
from ..types import map_lengths
from .parameters import Sampler

SYMBOLIC_FAMILIES: dict[str, Callable[[str], Rule]] = {
    "splitJoin": split_join, "partialReduce": partial_reduce, "reorderReduce": reorder_reduce,
    "reorderStride": reorder_stride,
}
FIXED_RULES: tuple[Rule, ...] = tuple(r for r in RULES if r.group == "algorithmic"
                                      and r.family not in SYMBOLIC_FAMILIES)
FAMILIES: tuple[str, ...] = tuple(dict.fromkeys([*SYMBOLIC_FAMILIES, *(r.family for r in FIXED_RULES)]))
# Left out by default: every padCrop program crops its result with a negative pad on the write side, which the
# code generator does not write through ("pad cannot be applied on the write side"), so it yields no kernel.
DEFAULT_EXCLUDE: tuple[str, ...] = ("padCrop",)


def check_families(names) -> tuple[str, ...]:
    """The names, validated against the stage-1 rule families (ValueError naming the valid ones)."""
    bad = [n for n in names if n not in FAMILIES]
    if bad:
        raise ValueError(f"unknown rule family {', '.join(bad)}; families: {', '.join(FAMILIES)}")
    return tuple(names)


@dataclass(frozen=True, eq=False)
class HighLevel:
    """A high-level program found by stage 1: its depth and the rule names that led to it."""

    program: Program
    depth: int
    trace: tuple[str, ...]

    @property
    def params(self) -> tuple[str, ...]:
        return tuning_params(self.program)

    @functools.cached_property
    def expanded(self) -> Program:
        """The program with every macro expanded (normal form): what stage 2 lowers."""
        return expanded(self.program)

    @functools.cached_property
    def key(self) -> str:
        """The structural hash of the expanded program: programs that differ only in which macros are expanded
        (expandMacro is an algorithmic rule) are one program."""
        return self.expanded.key


def expanded(program: Program) -> Program:
    if not any(isinstance(n, Prim) and n.op in MACROS for _, n in walk(program)):
        return prepare(program)
    return prepare(expand_program(program))


def param_prefix(sizes: Mapping[str, int]) -> str:
    """A prefix for tuning-parameter names that no size variable of the benchmark starts with."""
    for prefix in ("p", "q", "tp", "tune"):
        if not any(k.startswith(prefix) for k in sizes):
            return prefix
    raise ValueError(f"no free prefix for tuning parameters among sizes {sorted(sizes)}")


def tuning_params(program: Program, prefix: str = "p") -> tuple[str, ...]:
    """The tuning parameters (`prefix` + digits) of `program`, in the order of first occurrence (pre-order)."""
    out: dict[str, None] = {}

    def note(e) -> None:
        for s in sorted(getattr(e, "free_symbols", ()), key=lambda s: s.name):
            if s.name.startswith(prefix) and s.name[len(prefix):].isdigit():
                out.setdefault(s.name, None)

    def note_type(t) -> None:
        if t is not None:
            map_lengths(t, lambda n: note(n) or n)

    for _, n in walk(program):
        if isinstance(n, Prim):
            for st in n.static:
                note(st)
        elif isinstance(n, Param | Literal):
            note_type(n.type)
        elif isinstance(n, UserFun):
            for t in (*n.in_types, n.out_type):
                note_type(t)
    return tuple(out)


def rename_sizes(program: Program, names: Mapping[str, str]) -> Program:
    """`program` with size variables renamed (statics, parameter, literal and user-function types)."""
    if all(k == v for k, v in names.items()):
        return program
    subs = {arith.var(k): arith.var(v) for k, v in names.items()}

    def sz(e):
        return e.xreplace(subs) if isinstance(e, sympy.Basic) else e

    def ty(t):
        return None if t is None else map_lengths(t, sz)

    memo: dict[int, Node] = {}

    def go(n: Node) -> Node:
        hit = memo.get(id(n))
        if hit is not None:
            return hit
        if isinstance(n, Param):
            out: Node = Param(n.name, ty(n.type))
        elif isinstance(n, Literal):
            out = Literal(n.value, ty(n.type))
        elif isinstance(n, UserFun):
            out = UserFun(n.name, n.params, tuple(ty(t) for t in n.in_types), ty(n.out_type), n.c_body, n.py)
        elif isinstance(n, Prim):
            out = Prim(n.op, tuple(sz(s) for s in n.static), tuple(go(f) for f in n.funs))
        else:
            out = with_children(n, [go(c) for c in n.children()])
        memo[id(n)] = out
        return out

    result = go(program)
    assert isinstance(result, Program)
    return result


def canonical_params(program: Program, prefix: str = "p") -> Program:
    """`program` with its tuning parameters renamed prefix0, prefix1, ... in order of first occurrence."""
    names = tuning_params(program, prefix)
    mapping = {n: f"{prefix}{i}" for i, n in enumerate(names)}
    if all(k == v for k, v in mapping.items()):
        return program
    tmp = rename_sizes(program, {k: f"{k}_tmp" for k in mapping})  # two steps: p1 -> p0 and p0 -> p1 may swap
    return prepare(rename_sizes(tmp, {f"{k}_tmp": v for k, v in mapping.items()}))


def expand(hl: HighLevel, sizes: Mapping[str, int], prefix: str = "p",
           exclude: tuple[str, ...] = DEFAULT_EXCLUDE) -> list[HighLevel]:
    """Every program one algorithmic rewrite away from `hl.program` (not deduplicated), by the rules of every
    family not in `exclude`."""
    p = hl.program
    fresh = f"{prefix}{len(tuning_params(p, prefix))}"
    rules = [*(make(fresh) for fam, make in SYMBOLIC_FAMILIES.items() if fam not in exclude),
             *(r for r in FIXED_RULES if r.family not in exclude)]
    out = []
    for r in rules:
        for site in legal_sites(p, r, dict(sizes)):
            try:
                q = apply(p, r, site, dict(sizes))
            except RuleNotApplicable:
                continue
            out.append(HighLevel(canonical_params(q, prefix), hl.depth + 1, (*hl.trace, f"{r.name}@{site.index}")))
    return out


def high_level_programs(program: Program, sizes: Mapping[str, int], depth: int = 2, max_programs: int = 30,
                        rng: random.Random | None = None, prefix: str = "p",
                        on_program: Callable[[HighLevel], None] | None = None,
                        sampler: Sampler | None = None,
                        exclude: tuple[str, ...] = DEFAULT_EXCLUDE) -> list[HighLevel]:
    """Breadth-first algorithmic rewrites of `program` (normalised here) to `depth`, at most `max_programs`
    distinct programs (the start program included).

    Distinct means distinct once macros are expanded (`HighLevel.key`). A rewrite that only expands a macro
    gives no new program, but it stays in the search frontier: the rules see inside the expansion (a splitJoin
    of the maps of an expanded mapND) while the slide tilings need the slideND macro itself."""
    rng = rng or random.Random(0)
    sampler = sampler or Sampler()
    start = HighLevel(prepare(program), 0, ())
    found: dict[str, HighLevel] = {start.key: start}
    raw_seen: set[str] = {start.program.key}
    frontier = [start]
    for _ in range(depth):
        room = max_programs - len(found)
        if room <= 0 or not frontier:
            break
        order = list(frontier)
        rng.shuffle(order)
        new: dict[str, HighLevel] = {}  # new distinct programs of this level
        again: list[HighLevel] = []  # new raw forms of programs already found (kept for their children)
        for parent in order:
            for child in expand(parent, sizes, prefix, exclude):
                raw = child.program.key
                if raw in raw_seen:
                    continue
                raw_seen.add(raw)
                k = child.key
                if k in new:
                    continue
                if k in found:
                    again.append(child)
                    continue
                if sampler.has_valid(child.program, sizes, tuning_params(child.program, prefix)):
                    new[k] = child
            if len(new) >= 4 * room:  # enough to sample from: stop expanding (the order is random)
                break
        kept = list(new.values())
        if len(kept) > room:
            kept = rng.sample(kept, room)
        for hl in kept:
            found[hl.key] = hl
            if on_program is not None:
                on_program(hl)
        if len(again) > max_programs:
            again = rng.sample(again, max_programs)
        frontier = kept + again
    return list(found.values())
