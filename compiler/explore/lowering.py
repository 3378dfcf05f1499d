"""Stage 2 of the exploration (Lift's MemoryMappingRewrite): every high-level program to fully lowered variants.

A program is *fully lowered* when no reduce and no computing map is left: every `reduce` is `reduceSeq(Unroll)`
and every map whose function calls a user function is `mapGlb`/`mapWrg`/`mapLcl`/`mapSeq(Unroll)`. Maps that
only rearrange data (`map(join)`, `map(split(2))`) stay `map`: the mapping rules never lower them (their guard
asks for a concrete function) and the code generator reads them as views whatever their variant
(`compiler/codegen/check.py`).

Three steps per high-level program, all through the rewrite driver (`compiler.rewrite.apply`):

1. **Mapping** (`mappings`): depth-first over the first (pre-order) unlowered map or reduce, branching over every
   mapping rule legal there (`mapGlb(d)`, `mapWrg(d)`, `mapLcl(d)`, `mapSeq`, `reduceSeq`). Lowering the
   outermost site first satisfies the nesting guards (a mapLcl needs its mapWrg above it), and one site at a
   time enumerates each mapping once (no permutations of the same choices). Dead ends (a site no rule lowers,
   such as a map under a mapWrg whose body holds no concrete map) are dropped.
2. **Output to global memory** (`write_output_to_global`, Lift's addIdAfterReduce + lastWriteToGlobal): the user
   function that writes the program's result is found by following the output path (layout primitives,
   layout-only maps, map bodies, let bodies) and wrapped by the `toGlobal` rule; when the result is a
   reduction's accumulator, a `mapSeq(id)` copy is inserted after it first (the catalogue has no rule that adds a
   copy after a reduce: normalisation removes a high-level `map(id)`, so the copy is inserted lowered, as Lift
   does).
3. **Memory and unrolling** (`refinements`): breadth-first sequences of at most `depth` applications of the
   memory rules (toGlobal/toLocal/toPrivate on user functions and lowered maps, copyLocal/copyPrivate) and the
   unrolling rules (mapSeqUnroll, reduceSeqUnroll); the maps a copy rule introduces are lowered again by step 1.

Every result is deduplicated by `Program.key`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import RuleNotApplicable
from ..ir.node import Expr, FunCall, Lambda, Node, Prim, Program, UserFun, at, replace_at, walk
from ..ir.ops import ADDRESS_SPACES, MAPS, PADS, REDUCES, Op
from ..ir.terms import concrete
from ..ir.userfuns import ID
from ..rewrite import RULES, Site, apply, index_program, legal_sites, prepare
from ..rewrite.rule import Rule

Path = tuple[int, ...]

MAPPING_FAMILIES = ("mapGlb", "mapWrg", "mapLcl", "mapSeq", "reduceSeq")
UNROLL_FAMILIES = ("mapSeqUnroll", "reduceSeqUnroll")
MAPPING_RULES: tuple[Rule, ...] = tuple(r for r in RULES if r.group == "mapping" and r.family in MAPPING_FAMILIES)
REFINE_RULES: tuple[Rule, ...] = tuple(
    r for r in RULES if r.group == "memory" or (r.group == "mapping" and r.family in UNROLL_FAMILIES))

# layout primitives the output path is followed through (the code generator decides whether it can write through
# them: it cannot through pad, which is then its error to report)
_VIEWS = frozenset({Op.JOIN, Op.SPLIT, Op.TRANSPOSE, Op.TRANSPOSE_W, Op.REORDER, Op.AS_SCALAR, Op.AS_VECTOR,
                    *PADS})


def unlowered(program: Program) -> Path | None:
    """The path of the first (pre-order) reduce or computing map of `program`, or None when it is lowered."""
    for path, n in walk(program):
        if isinstance(n, FunCall) and isinstance(n.f, Prim):
            if n.f.op is Op.REDUCE or (n.f.op is Op.MAP and concrete(n.f.funs[0])):
                return path
    return None


def is_fully_lowered(program: Program) -> bool:
    return unlowered(program) is None


def mappings(program: Program, sizes: Mapping[str, int] | None, cap: int,
             rng: random.Random | None = None) -> list[Program]:
    """Up to `cap` fully lowered variants of `program` (mapping rules only), deduplicated by key.

    Without `rng`: the first `cap` leaves of the depth-first enumeration (all of them when the tree has at most
    `cap`). With `rng`: random root-to-leaf walks (at most 20 x cap of them), which keeps the choices of the
    outer maps diverse when the tree is larger than `cap`."""
    sizes = dict(sizes) if sizes else None
    start = prepare(program)
    out: dict[str, Program] = {}
    if rng is None:
        _lower(start, sizes, cap, out)
        return list(out.values())
    for _ in range(20 * cap):
        q = _walk(start, sizes, rng)
        if q is not None:
            out.setdefault(key(q), q)
            if len(out) >= cap:
                break
    return list(out.values())


def _moves(p: Program, sizes) -> list[tuple[Rule, Site]]:
    path = unlowered(p)
    if path is None:
        return []
    return [(r, s) for r in MAPPING_RULES for s in legal_sites(p, r, sizes) if s.path == path]


def _lower(p: Program, sizes, limit: int, out: dict[str, Program]) -> bool:
    """Depth-first enumeration into `out`; False when it stopped at `limit` leaves."""
    if unlowered(p) is None:
        out.setdefault(key(p), p)
        return True
    for r, s in _moves(p, sizes):
        if len(out) >= limit:
            return False
        try:
            q = apply(p, r, s, sizes)
        except RuleNotApplicable:
            continue
        if not _lower(q, sizes, limit, out):
            return False
    return True


def _walk(p: Program, sizes, rng: random.Random) -> Program | None:
    """One random root-to-leaf path of the mapping tree (None at a dead end)."""
    for _ in range(256):
        if unlowered(p) is None:
            return p
        moves = _moves(p, sizes)
        if not moves:
            return None
        r, s = moves[rng.randrange(len(moves))]
        try:
            p = apply(p, r, s, sizes)
        except RuleNotApplicable:
            return None
    return None


# --- the output is written to global memory ----------------------------------------------------------------------
@dataclass(frozen=True)
class Producer:
    """Where the program's result is computed: `kind` is "call" (a user function call), "map" (a lowered map of
    a bare user function), "reduce" (a reduction's accumulator), "global" (already wrapped) or "none"."""

    kind: str
    path: Path = ()


def output_producer(program: Program) -> Producer:
    """Follow the output path from the program body down to the node that writes the result."""
    return _producer(program.body, (len(program.params),))


def _producer(e: Node, path: Path) -> Producer:
    if isinstance(e, FunCall):
        f = e.f
        if isinstance(f, UserFun):
            return Producer("call", path)
        if isinstance(f, Lambda):
            return _producer(f.body, (*path, 0, len(f.params)))
        if not isinstance(f, Prim):
            return Producer("none", path)
        op = f.op
        if op in _VIEWS:
            return _producer(e.args[-1], (*path, len(e.args)))
        if op in ADDRESS_SPACES:
            return Producer("global" if op is Op.TO_GLOBAL else "none", path)
        if op in MAPS:
            g = f.funs[0]
            if not concrete(g):
                return _producer(e.args[0], (*path, 1))
            if isinstance(g, Lambda):
                return _producer(g.body, (*path, 0, 0, len(g.params)))
            if isinstance(g, UserFun) or (isinstance(g, Prim) and g.op is Op.VECTORISE):
                return Producer("map", path)
            if isinstance(g, Prim) and g.op in ADDRESS_SPACES:
                return Producer("global" if g.op is Op.TO_GLOBAL else "none", path)
            return Producer("none", path)
        if op in REDUCES:
            return Producer("reduce", path)
        if op is Op.LET and isinstance(f.funs[0], Lambda):
            g = f.funs[0]
            return _producer(g.body, (*path, 0, 0, len(g.params)))
        if op is Op.VECTORISE:
            return Producer("call", path)
    return Producer("none", path)


_TO_GLOBAL = next(r for r in RULES if r.name == "toGlobal")


def write_output_to_global(program: Program, sizes: Mapping[str, int] | None = None) -> Program | None:
    """`program` (fully lowered) with its result written to global memory, or None when the output path
    cannot be followed (the code generator would reject the program anyway)."""
    p = prepare(program)
    prod = output_producer(p)
    if prod.kind == "global":
        return p
    if prod.kind == "reduce":
        red = at(p, prod.path)
        assert isinstance(red, Expr)
        copy = FunCall(Prim(Op.MAP_SEQ, (), (ID,)), (red,))
        p = prepare(replace_at(p, prod.path, copy))  # type: ignore[arg-type]
        prod = output_producer(p)
        if prod.kind != "map":
            return None
    if prod.kind not in ("call", "map"):
        return None
    a = index_program(p)
    try:
        return apply(p, _TO_GLOBAL, Site(a.order[prod.path], prod.path), sizes)
    except (RuleNotApplicable, KeyError):
        return None


# --- memory and unrolling --------------------------------------------------------------------------------------
def refinement_moves(program: Program, sizes: Mapping[str, int] | None) -> list[tuple[Rule, Site]]:
    """Every legal application of a memory or unrolling rule to `program`."""
    sizes = dict(sizes) if sizes else None
    return [(r, s) for r in REFINE_RULES for s in legal_sites(program, r, sizes)]


def refine(program: Program, rule: Rule, site: Site, sizes: Mapping[str, int] | None,
           rng: random.Random | None = None) -> Program | None:
    """`program` with one memory/unrolling rule applied; a map that a copy rule introduces is lowered (by a random
    walk with `rng`, else the first mapping). None when the result cannot be lowered."""
    sizes = dict(sizes) if sizes else None
    try:
        q = apply(program, rule, site, sizes)
    except RuleNotApplicable:
        return None
    if is_fully_lowered(q):
        return q
    low = mappings(q, sizes, 1, rng)
    return low[0] if low else None


def refinements(program: Program, sizes: Mapping[str, int] | None, depth: int, cap: int,
                rng: random.Random | None = None) -> list[Program]:
    """Up to `cap` programs: `program` and variants by 1..`depth` memory/unrolling rule applications.

    Without `rng`: breadth first, every move (the new maps of copies lowered by their first mapping). With `rng`:
    random sequences of moves (at most 20 x cap attempts)."""
    seen: dict[str, Program] = {key(program): program}
    if rng is None:
        frontier = [program]
        for _ in range(depth):
            nxt = []
            for p in frontier:
                for r, s in refinement_moves(p, sizes):
                    q = refine(p, r, s, sizes)
                    if q is not None and key(q) not in seen:
                        seen[key(q)] = q
                        nxt.append(q)
                        if len(seen) >= cap:
                            return list(seen.values())
            frontier = nxt
        return list(seen.values())
    for _ in range(20 * cap):
        if len(seen) >= cap:
            break
        q = random_refinement(program, sizes, depth, rng)
        if q is not None:
            seen.setdefault(key(q), q)
    return list(seen.values())


def random_refinement(program: Program, sizes: Mapping[str, int] | None, depth: int,
                      rng: random.Random) -> Program | None:
    """`program` after a random sequence of 1..`depth` memory/unrolling moves (None: no move, or a dead end)."""
    p = program
    for _ in range(rng.randint(1, max(1, depth))):
        moves = refinement_moves(p, sizes)
        if not moves:
            break
        r, s = moves[rng.randrange(len(moves))]
        q = refine(p, r, s, sizes, rng)
        if q is None:
            return None
        p = q
    return None if p is program else p


_KEYS: dict[Program, str] = {}


def key(p: Program) -> str:
    """`p.key`, memoised (the canonical text of a program costs milliseconds)."""
    k = _KEYS.get(p)
    if k is None:
        if len(_KEYS) > 50_000:
            _KEYS.clear()
        k = _KEYS[p] = p.key
    return k
