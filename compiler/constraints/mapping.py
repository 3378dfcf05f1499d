"""Parallel mapping as constraint satisfaction (thesis Ch5, spec thesis_ch5_ch7.md §2).

    ms = mapping_space(program)          # one variable per concrete map
    ms.count(); ms.enumerate(); ms.valid_values("m2", {"m0": 20})
    lowered = ms.apply({"m0": 20, "m1": 10, "m2": 10, "m3": 0})

Variables (Table 5.2): one per *concrete* map (its function contains a user function), named m0, m1, ... in
pre-order, with codes 0 = mapSeq, 1 = fused with the outer map, 10+d = mapLcl(d), 20+d = mapWrg(d),
30+d = mapGlb(d). Code 1 is in the domain only of a map perfectly nested in its parent map (the parent's function
is the map itself, or `x => map(f) << x`). A map that is already lowered (mapSeq, mapLcl(d), ...) is a variable with
its one code, so the rules still see it. Abstract maps (layout only, no user function) are not variables and stay
`map`.

Contextual functions (Table 5.3): NestedMaps/OuterMaps from the nesting of map functions; MapNestingChains are the
root-to-leaf paths of the concrete-map forest of each kernel (an oclKernel, else the whole program);
usesPrivateMemory / usesLocalMemory: the map's input or output lives in that address space, or its function reads
a free variable that does (address spaces: program arrays are global, scalar arguments have none, a user function
writes the space of the innermost toGlobal/toLocal/toPrivate around it, else global, except inside a reduction's
operator, which writes the accumulator, private after lowering; views keep the space of their input; a
reduction's result is its accumulator's, global when the init has none).

Constraints, per kernel (§2.7 and the pseudocode of §2.11, with the fixes):
(5.1) a private-memory map is sequential or fused;
(5.2, fixed) a local-memory map is mapLcl, sequential or fused, some outer map is a mapWrg, and every mapWrg(d) used
      anywhere in the kernel is one of its outer maps (the literal rule is vacuous without a mapWrg);
(5.3) a parallel map and a map nested in it have different codes;
(5.4)/(5.5) in each chain the mapLcl dimensions equal the mapWrg dimensions;
(5.6, fixed) no mapWrg nested in a mapLcl (the literal rule only forbids equal dimensions, but a work item cannot
      spread work over work groups in any dimension: the code generator refuses every such nesting);
(5.7)-(5.9) a parallel code used by any map is used in every chain;
no mixing of mapGlb with mapWrg/mapLcl ([EXTERNAL] cannotMixMapWrgLclAndMapGlb);
(5.10) perfectly nested pairs are not both sequential (heuristic; `fusion_heuristic=False` drops it).
Global constraints are decomposed into constraints over few variables (pairs, a chain plus one map) so that the
backtracking search prunes early; they are equivalent to the thesis' formulas. Fully sequential mappings are
valid (the thesis leaves it open); `allow_sequential=False` requires a parallel map in every kernel.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sympy

from ..errors import ConstraintError
from ..ir.macros import expand_program
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Param, Prim, Program, UserFun, at, replace_at, walk
from ..ir.ops import MACROS, MAPS, REDUCES, Op
from ..ir.printer import show
from ..ir.typecheck import Typing, typecheck
from ..types import ArrayType, Type
from .constraint import Constraint, Predicate
from .solver import Space

SEQ, FUSED = 0, 1
PARALLEL_CODES = (10, 11, 12, 20, 21, 22, 30, 31, 32)
KIND = {0: "mapSeq", 1: "mapLcl", 2: "mapWrg", 3: "mapGlb"}
_OP_OF_LEVEL = {1: Op.MAP_LCL, 2: Op.MAP_WRG, 3: Op.MAP_GLB}
_LEVEL_OF_OP = {Op.MAP_LCL: 1, Op.MAP_WRG: 2, Op.MAP_GLB: 3}


def code_text(code: int) -> str:
    if code == SEQ:
        return "mapSeq"
    if code == FUSED:
        return "fused"
    return f"{KIND[code // 10]}({code % 10})"


@dataclass(frozen=True)
class MapSite:
    """One concrete map of the program."""

    index: int
    name: str
    path: tuple[int, ...]  # path of the map's Prim node
    op: Op
    in_type: Type
    outer: tuple[int, ...]  # indices of the enclosing concrete maps, outermost first
    perfectly_nested: bool  # in its parent (outer[-1])
    uses_private: bool
    uses_local: bool
    kernel: int
    label: str
    domain: tuple[int, ...]

    @property
    def parent(self) -> int | None:
        return self.outer[-1] if self.outer else None


def mapping_space(program: Program, *, allow_sequential: bool = True, fusion_heuristic: bool = True,
                  no_mixing: bool = True, **space_kw) -> MappingSpace:
    """The Ch5 CSP of a high-level or partially lowered program (macros are expanded first)."""
    return MappingSpace(program, allow_sequential=allow_sequential, fusion_heuristic=fusion_heuristic,
                        no_mixing=no_mixing, **space_kw)


class MappingSpace:
    def __init__(self, program: Program, *, allow_sequential: bool = True, fusion_heuristic: bool = True,
                 no_mixing: bool = True, **space_kw):
        self.source = program
        self.program = _expanded(program)
        self.typing = typecheck(self.program)
        self.sites: tuple[MapSite, ...] = tuple(_find_sites(self.program, self.typing))
        self.chains: tuple[tuple[int, ...], ...] = _chains(self.sites)
        self.constraints: list[Constraint] = _constraints(self.sites, self.chains, allow_sequential,
                                                           fusion_heuristic, no_mixing)
        self.space = Space({s.name: s.domain for s in self.sites}, self.constraints, **space_kw)

    # --- delegation to the solver ------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sites)

    def count(self, exact: bool = True, **kw):
        return self.space.count(exact, **kw)

    def enumerate(self) -> list[dict[str, int]]:
        return self.space.enumerate()

    def sample(self, rng=None, n: int = 1, **kw) -> list[dict[str, int]]:
        return self.space.sample(rng, n, **kw)

    def random_solution(self, rng=None, **kw) -> dict[str, int]:
        return self.space.random_solution(rng, **kw)

    def valid_values(self, name: str, partial: Mapping[str, int] | None = None) -> list[int]:
        return self.space.valid_values(name, partial)

    def check(self, assignment: Mapping[str, int]) -> bool:
        return self.space.check(assignment)

    def apply(self, assignment: Mapping[str, int], *, check: bool = True) -> Program:
        missing = [s.name for s in self.sites if s.name not in assignment]
        if missing:
            raise ConstraintError(f"no code for {', '.join(missing)} (maps of {self.program.name}: "
                                  f"{', '.join(self.names)})")
        if check:
            bad = self.space.violations(assignment)
            if bad:
                raise ConstraintError("invalid parallel mapping " + self.describe(assignment) + ": violates "
                                      + "; ".join(str(c) for c in bad[:5]))
        return _apply(self.program, self.typing, self.sites, assignment)

    def describe(self, assignment: Mapping[str, int]) -> str:
        return ", ".join(f"{s.name}={code_text(assignment[s.name])}" for s in self.sites if s.name in assignment)

    def __str__(self) -> str:
        lines = [f"parallel mapping of {self.program.name}: {len(self.sites)} concrete maps"]
        for s in self.sites:
            flags = [f for f, on in (("private", s.uses_private), ("local", s.uses_local),
                                     ("perfectly nested", s.perfectly_nested)) if on]
            lines.append(f"  {s.name} (depth {len(s.outer)}{', ' + ', '.join(flags) if flags else ''}): "
                         f"{s.label}   codes {list(s.domain)}")
        lines.append("chains: " + ", ".join("(" + ", ".join(self.sites[i].name for i in ch) + ")"
                                            for ch in self.chains))
        lines.append(f"{len(self.constraints)} constraints")
        return "\n".join(lines)


def apply_mapping(program: Program, assignment: Mapping[str, int], *, check: bool = True) -> Program:
    """Rewrite every concrete map of `program` (macros expanded) as `assignment` says (names m0, m1, ... as in
    `mapping_space(program)`): mapSeq, mapLcl(d), mapWrg(d), mapGlb(d); a map with code 1 is fused into its
    parent, map(map(f)) -> split(I) o map(f) o join."""
    return MappingSpace(program).apply(assignment, check=check)


# --- sites -----------------------------------------------------------------------------------------------------
def _expanded(p: Program) -> Program:
    if any(isinstance(n, Prim) and n.op in MACROS for _, n in walk(p)):
        return expand_program(p)
    return p


def _concrete(f: FunDecl) -> bool:
    return any(isinstance(n, UserFun) for _, n in walk(f))


def _code_of_op(op: Op, static) -> int | None:
    if op is Op.MAP:
        return None
    if op in (Op.MAP_SEQ, Op.MAP_SEQ_UNROLL):
        return SEQ
    return 10 * _LEVEL_OF_OP[op] + int(static[0])


class _Scan:
    """Walks the typed program once: concrete maps with their input types, nesting, kernels and address spaces."""

    def __init__(self, program: Program, typing: Typing):
        self.program, self.of = program, typing.of
        self.found: list[dict] = []
        self.kernels = 0

    def run(self) -> list[dict]:
        env = {q.name: (frozenset({"global"}) if isinstance(q.type, ArrayType) else frozenset())
               for q in self.program.params}
        self.expr(self.program.body, (len(self.program.params),), env, None, (), 0)
        return self.found

    def expr(self, e: Expr, path, env, ws, outer, kernel) -> frozenset:
        if isinstance(e, Param):
            return env.get(e.name, frozenset())
        if isinstance(e, Literal):
            return frozenset()
        assert isinstance(e, FunCall)
        ins = [self.expr(a, (*path, i + 1), env, ws, outer, kernel) for i, a in enumerate(e.args)]
        types = [self.of[(*path, i + 1)] for i in range(len(e.args))]
        return self.fun(e.f, (*path, 0), ins, types, env, ws, outer, kernel)

    def fun(self, f: FunDecl, fpath, ins, types, env, ws, outer, kernel) -> frozenset:
        if isinstance(f, UserFun):
            return frozenset({ws or "global"})
        if isinstance(f, Lambda):
            inner = dict(env)
            for q, a in zip(f.params, ins):
                inner[q.name] = a
            return self.expr(f.body, (*fpath, len(f.params)), inner, ws, outer, kernel)
        if not isinstance(f, Prim):
            return frozenset().union(*ins) if ins else frozenset()
        op = f.op
        if op in MAPS:
            t = types[0]
            elem = t.elem if isinstance(t, ArrayType) else t
            if not _concrete(f.funs[0]):
                return self.fun(f.funs[0], (*fpath, 0), ins, [elem], env, ws, outer, kernel)
            rec = {"path": fpath, "prim": f, "in_type": t, "outer": outer, "kernel": kernel,
                   "in_as": ins[0], "free_as": self.free_spaces(f.funs[0], env)}
            self.found.append(rec)
            me = len(self.found) - 1
            out = self.fun(f.funs[0], (*fpath, 0), ins, [elem], env, ws, (*outer, me), kernel)
            rec["out_as"] = out
            return out
        if op in REDUCES:
            init_as, x_as = ins
            t = types[1]
            elem = t.elem if isinstance(t, ArrayType) else t
            # the operator writes the accumulator, which the lowering keeps in private memory (`finish` copies
            # every init to private): a map inside it (over an array accumulator) writes private memory
            self.fun(f.funs[0], (*fpath, 0), [init_as, x_as], [types[0], elem], env, "private", outer, kernel)
            return init_as or frozenset({"global"})
        if op in (Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE):
            space = {Op.TO_GLOBAL: "global", Op.TO_LOCAL: "local", Op.TO_PRIVATE: "private"}[op]
            return self.fun(f.funs[0], (*fpath, 0), ins, types, env, space, outer, kernel)
        if op is Op.OCL_KERNEL:
            self.kernels += 1
            return self.fun(f.funs[0], (*fpath, 0), ins, types, env, None, outer, self.kernels)
        if op in (Op.LET, Op.ITERATE, Op.VECTORISE):
            return self.fun(f.funs[0], (*fpath, 0), ins, types, env, ws, outer, kernel)
        if op in (Op.TO_HOST, Op.TO_GPU):
            return frozenset({"global"})
        return frozenset().union(*ins) if ins else frozenset()

    @staticmethod
    def free_spaces(f: FunDecl, env) -> frozenset:
        """Address spaces of the variables `f` reads from an outer scope."""
        out: set = set()

        def go(n, bound: frozenset):
            if isinstance(n, Param):
                if n.name not in bound and n.name in env:
                    out.update(env[n.name])
                return
            if isinstance(n, Lambda):
                bound = bound | {q.name for q in n.params}
                go(n.body, bound)
                return
            for c in n.children():
                go(c, bound)

        go(f, frozenset())
        return frozenset(out)


def _find_sites(program: Program, typing: Typing) -> list[MapSite]:
    recs = _Scan(program, typing).run()
    order = sorted(range(len(recs)), key=lambda i: recs[i]["path"])  # pre-order = lexicographic path order
    renum = {old: new for new, old in enumerate(order)}
    sites = []
    for new, old in enumerate(order):
        r = recs[old]
        prim: Prim = r["prim"]
        outer = tuple(renum[o] for o in r["outer"])
        perfect = False
        if outer:
            parent_path = recs[r["outer"][-1]]["path"]
            perfect = _perfectly_nested(program, parent_path, r["path"])
        fixed = _code_of_op(prim.op, prim.static)
        if fixed is not None:
            domain: tuple[int, ...] = (fixed,)
        else:
            domain = (SEQ, *((FUSED,) if perfect else ()), *PARALLEL_CODES)
        spaces = r["in_as"] | r.get("out_as", frozenset()) | r["free_as"]
        label = _label(prim)
        sites.append(MapSite(new, f"m{new}", r["path"], prim.op, r["in_type"], outer, perfect,
                             "private" in spaces, "local" in spaces, r["kernel"], label, domain))
    return sites


def _perfectly_nested(program: Program, parent_path, child_path) -> bool:
    if child_path == (*parent_path, 0):
        return True
    parent = at(program, parent_path)
    f = parent.funs[0] if isinstance(parent, Prim) else None
    if isinstance(f, Lambda) and len(f.params) == 1 and isinstance(f.body, FunCall):
        body = f.body
        return (child_path == (*parent_path, 0, 1, 0) and len(body.args) == 1
                and isinstance(body.args[0], Param) and body.args[0].name == f.params[0].name)
    return False


def _label(p: Prim) -> str:
    return show(p, limit=60)


def _chains(sites: Sequence[MapSite]) -> tuple[tuple[int, ...], ...]:
    has_child = {s.parent for s in sites if s.parent is not None}
    return tuple((*s.outer, s.index) for s in sites if s.index not in has_child)


# --- constraints -----------------------------------------------------------------------------------------------
def _c(fn, text: str, names: Sequence[str], origin: str) -> Constraint:
    return Constraint(Predicate(fn, text), tuple(names), origin)


def _constraints(sites: Sequence[MapSite], chains, allow_sequential: bool, fusion_heuristic: bool,
                 no_mixing: bool) -> list[Constraint]:
    n = [s.name for s in sites]
    nested = {s.index: [t.index for t in sites if s.index in t.outer] for s in sites}
    out: list[Constraint] = []
    for s in sites:
        out += _site_constraints(s, sites, n, nested[s.index])
    for ch in chains:
        out += _chain_constraints(ch, sites, n)
    if no_mixing:
        out += [_c(_no_mix, f"¬({a.name}, {b.name} mix mapGlb with mapWrg/mapLcl)", [a.name, b.name],
                   "no mixing of mapGlb with mapWrg/mapLcl")
                for a, b in itertools.combinations(sites, 2) if a.kernel == b.kernel]
    if fusion_heuristic:
        out += [_c(lambda a, b: not (a == 0 and b == 0), f"¬({n[s.parent]} = 0 ∧ {s.name} = 0)", [n[s.parent], s.name],
                   f"(5.10) {s.name} perfectly nested in {n[s.parent]}: fused or parallel")
                for s in sites if s.perfectly_nested]
    if not allow_sequential:
        for k in sorted({s.kernel for s in sites}):
            names = [s.name for s in sites if s.kernel == k]
            out.append(_c(lambda *xs: any(x >= 10 for x in xs), f"some of {', '.join(names)} is parallel", names,
                          f"kernel {k}: at least one parallel map"))
    return out


def _site_constraints(s: MapSite, sites: Sequence[MapSite], n: list[str], nested: list[int]) -> list[Constraint]:
    """(5.1)-(5.3) and (5.6) for one map: its memory's demands and the maps nested in it."""
    m = s.name
    out: list[Constraint] = []
    if s.uses_private:
        out.append(_c(lambda a: a < 10, f"{m} < 10", [m], f"(5.1) {m} uses private memory: sequential or fused"))
    if s.uses_local:
        out += _local_memory_constraints(s, sites, n)
    for i in nested:
        mi = n[i]
        out.append(_c(lambda a, b: a < 10 or a != b, f"{m} < 10 ∨ {m} ≠ {mi}", [m, mi],
                      f"(5.3) {mi} nested in {m}: no duplicate scheduling"))
        out.append(_c(lambda a, b: not (a // 10 == 1 and b // 10 == 2),
                      f"¬({m} = mapLcl ∧ {mi} = mapWrg)", [m, mi],
                      f"(5.6, fixed) {mi} nested in {m}: local thread indexing hierarchy"))
    return out


def _local_memory_constraints(s: MapSite, sites: Sequence[MapSite], n: list[str]) -> list[Constraint]:
    """(5.2): a map using local memory is mapLcl, sequential or fused, under a mapWrg of every dimension used."""
    m = s.name
    out = [_c(lambda a: a < 20, f"{m} / 10 < 2", [m], f"(5.2) {m} uses local memory: mapLcl, sequential or fused")]
    outer = [n[o] for o in s.outer]
    if not outer:
        out.append(_c(lambda a: False, f"{m} has an outer mapWrg (it has no outer map)", [m],
                      f"(5.2) {m} uses local memory and needs an enclosing mapWrg"))
        return out
    out.append(_c(lambda *xs: any(x // 10 == 2 for x in xs), f"some of {', '.join(outer)} is a mapWrg",
                  outer, f"(5.2) {m} uses local memory: an outer map is a mapWrg"))
    for x in sites:
        if x.kernel != s.kernel or x.index in s.outer:
            continue
        out.append(_c(lambda xv, *os: xv // 10 != 2 or xv in os,
                      f"{x.name} is no mapWrg(d) or an outer map of {m} is mapWrg(d) too",
                      [x.name, *outer], f"(5.2) {m} uses local memory: every mapWrg dimension "
                                        f"is used by an outer map of {m}"))
    return out


def _chain_constraints(ch, sites: Sequence[MapSite], n: list[str]) -> list[Constraint]:
    """(5.4)-(5.9) for one chain of nested maps: matching local and work-group dims, exhaustive indexing."""
    names = [n[i] for i in ch]
    text = "(" + ", ".join(names) + ")"
    out = [_c(_same_lcl_wrg_dims, f"mapLcl dims of {text} = mapWrg dims of {text}", names,
              f"(5.4)/(5.5) chain {text}: local thread indexing dimensionality")]
    kernel = sites[ch[0]].kernel
    for x in sites:
        if x.index in ch or x.kernel != kernel:
            continue
        out.append(_c(lambda xv, *cs: xv < 10 or xv in cs, f"{x.name} < 10 ∨ {x.name} ∈ codes of {text}",
                      [x.name, *names], f"(5.7)-(5.9) chain {text}: exhaustive thread indexing"))
    return out


def _same_lcl_wrg_dims(*codes) -> bool:
    lcl = {c % 10 for c in codes if c // 10 == 1}
    wrg = {c % 10 for c in codes if c // 10 == 2}
    return lcl == wrg


def _no_mix(a: int, b: int) -> bool:
    la, lb = a // 10, b // 10
    return not ((la == 3 and lb in (1, 2)) or (lb == 3 and la in (1, 2)))


# --- applying a mapping -------------------------------------------------------------------------------------------
def _apply(program: Program, typing: Typing, sites: Sequence[MapSite], assignment: Mapping[str, int]) -> Program:
    codes = {}
    for s in sites:
        if s.name not in assignment:
            raise ConstraintError(f"no code for {s.name} ({s.label})")
        c = int(assignment[s.name])
        if c not in s.domain:
            raise ConstraintError(f"code {c} is not in the domain {list(s.domain)} of {s.name} ({s.label})")
        codes[s.index] = c
    children = {s.index: [t for t in sites if t.parent == s.index] for s in sites}
    out: Program = program
    for s in sorted(sites, key=lambda s: s.path, reverse=True):
        code = codes[s.index]
        if code == FUSED:
            continue  # rewritten with its parent
        prim = at(out, s.path)
        assert isinstance(prim, Prim) and prim.op in MAPS, (s.name, prim)
        fun = prim.funs[0]
        lengths = []
        t = s.in_type
        cur = s
        while True:
            kid = next((k for k in children[cur.index] if k.perfectly_nested and codes[k.index] == FUSED), None)
            if kid is None:
                break
            t = t.elem if isinstance(t, ArrayType) else t
            lengths.append(t.n)
            fun = _inner_map(fun).funs[0]
            cur = kid
        new_prim = _lowered(prim, code, fun)
        if not lengths:
            out = replace_at(out, s.path, new_prim)
            continue
        parent_path, idx = s.path[:-1], s.path[-1]
        parent = at(out, parent_path) if parent_path else None
        if isinstance(parent, FunCall) and idx == 0 and len(parent.args) == 1:
            out = replace_at(out, parent_path, _fused_call(new_prim, lengths, parent.args[0]))
        else:
            x = Param("fuseIn")
            out = replace_at(out, s.path, Lambda((x,), _fused_call(new_prim, lengths, x)))
    assert isinstance(out, Program)
    return out


def _inner_map(f: FunDecl) -> Prim:
    if isinstance(f, Prim):
        return f
    assert isinstance(f, Lambda) and isinstance(f.body, FunCall) and isinstance(f.body.f, Prim)
    return f.body.f


def _lowered(prim: Prim, code: int, fun: FunDecl) -> Prim:
    if code == SEQ:
        op = prim.op if prim.op in (Op.MAP_SEQ, Op.MAP_SEQ_UNROLL) else Op.MAP_SEQ
        return Prim(op, (), (fun,))
    return Prim(_OP_OF_LEVEL[code // 10], (sympy.Integer(code % 10),), (fun,))


def _fused_call(mapped: Prim, lengths: list, x: Expr) -> Expr:
    """split(I1) o split(I2) o ... o mapped o join o join ... << x  (one join and one split per fused level)."""
    e = x
    for _ in lengths:
        e = FunCall(Prim(Op.JOIN), (e,))
    e = FunCall(mapped, (e,))
    for n in reversed(lengths):
        e = FunCall(Prim(Op.SPLIT, (n,)), (e,))
    return e
