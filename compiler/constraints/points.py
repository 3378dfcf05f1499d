"""Rewrite-point parameters as solver variables (thesis §6.2, §6.3.1): structural, then tuning.

    space = rp_space(annotated, sizes, preset="direct")          # or RPSpace(...)
    space.structures()              # every structural assignment the rules allow (Algorithm 4's order)
    space.tuning(structure)         # TuningProblem of the rewritten program: the inferred Ch4 constraints
    space.sample(rng, n)            # complete configurations {name: value}, see "Sampling" below
    print(space)                    # the variables, their domains and the rules, for `lift-gym space`

Structural parameters (`skip` of every rewrite point, `targetMem`, `resultMem`, `newDimOrder`, `newReduceDim`)
come from `compiler.rewrite.points.parameters(program, values)`, which lists them in Algorithm 4's top-down order
given the values chosen so far, so the rewrite points a parent inserts appear once the parent's structural values
are known. The structural space is the tree of these decisions: a depth-first walk that extends the assignment
one undecided structural parameter at a time, over its domain filtered by the rules below, until
`parameters` lists no undecided one (`structures()`; capped at `max_structures`).

Rules (data, `PointRule(pattern, allowed, why)`; `pattern` is an fnmatch pattern over parameter names
`<label>.<param>`, labels of inserted rewrite points being `<parent label>/<name>`):
- manual heuristic constraints, as the thesis states them (§4.6 RP3, RP5, §4.7): the materialise copies that the
  outer abTile instances would issue are skipped, the innermost abTile's copies target private memory, the
  materialise that kernelFission inserts targets global memory (an OpenCL kernel's results must be in global
  memory to be read by the next kernel: the thesis's "constraint on the target memory choice");
- presets: named sets of rules that pin the structural values selecting one design (the conv presets `direct`
  and `gemm` of Tables 6.2 and 6.3: which kernelFission instances apply).
A rule whose pattern matches no parameter is harmless (an annotated program may lack that rewrite point).

Tuning parameters: `apply_rewrite_points(program, structure)` leaves every tuning parameter symbolic (a size
variable named like the parameter); `compiler.constraints.infer.infer` on the rewritten program gives their
constraints (split divisibility, positivity, bounds, pad ranges) simplified at the sizes (Algorithm 2), and its
`space()` is the solver space of the tuning values for that structure. Hardware constraints (work-group sizes,
local memory) depend on the parallel mapping, which is decided after the rewrite points (Fig 5.1), so they belong
to the lowered program and are not part of this space (`device=` adds the ones that hold for every mapping: the
global-memory allocation of every buffer).

Sampling (`sample`). The structural tree of the annotated conv is too large to enumerate (twelve skip flags and
the parameters of the RPs they insert; each step of Algorithm 4 type-checks), so the default `method="walk"` draws
the structure by a random root-to-leaf walk (each decision uniform over its allowed values) and then the tuning
values uniformly over that structure's valid points: every allowed value is reachable, complete configurations
are not equiprobable. `method="weighted"` is exactly uniform over complete configurations for spaces small enough
to enumerate: a structure is drawn with probability proportional to the number of its valid tuning points (exact
counts, or Knuth's estimate for a tuning space too large to store), then its tuning values uniformly.
"""

from __future__ import annotations

import bisect
import fnmatch
import itertools
import math
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ConstraintError
from ..ir.node import Prim, Program, walk
from ..ir.sizes import substitute_sizes
from ..rewrite.points import KINDS, apply_rewrite_points, at_label, parameters
from .constraint import Constraint, Predicate
from .device import DeviceLimits
from .factored import components
from .infer import TuningProblem, infer
from .solver import Space, _divisibility, narrow

MAX_STRUCTURES = 4096
PAD_EXTRA_MAX = 64  # a padExtraND amount p ranges over [0, PAD_EXTRA_MAX] unless tuning_ranges says otherwise:
#                    p only has to round a length up to a multiple of a tile size (Table 6.2 pads 28 rows by 4 so
#                    that a tile of 64 fits; Table 6.3 pads by 6)


@dataclass(frozen=True)
class PointRule:
    """Parameters whose name (`on="name"`: `<label>.<param>`) or kind path (`on="kinds"`: the kinds from the
    outermost inserting RP down, `abTile/materialise.targetMem`) matches `pattern` (fnmatch) may only take a value
    in `allowed`."""

    pattern: str
    allowed: tuple
    why: str
    on: str = "name"

    @staticmethod
    def of(rule: PointRule | tuple) -> PointRule:
        """A rule, or one written as data: `(pattern, allowed, why)` (how the suite's annotations state them)."""
        return rule if isinstance(rule, PointRule) else PointRule(*rule)

    def matches(self, name: str, kinds: str = "") -> bool:
        return fnmatch.fnmatchcase(kinds if self.on == "kinds" else name, self.pattern)


# Manual heuristic constraints of Ch6 that hold for every annotated program, matched against kind paths (see
# `kind_path`). kernelFission's own restriction of its materialise to global memory is part of the kind
# (`Kind.restrict`); the rule states it again so that `why_not` can explain it.
COMMON_RULES: tuple[PointRule, ...] = (
    PointRule("kernelFission/materialise.targetMem", ("global",),
         "kernelFission's copy feeds another OpenCL kernel: its results must be in global memory (§4.6 RP5)",
         on="kinds"),
    PointRule("kernelFission/materialise.skip", (0,),
         "kernelFission's kernel is its materialise: skipped, the kernel would compute nothing (the code generator "
         "rejects a kernel that writes no user-function result)", on="kinds"),
)


LEAF_PRODUCT = 1_000_000  # a component whose narrowed domain product is at most this is one solver Space
GAC_BUDGET = 20_000  # narrowing evaluates a constraint on its whole domain product up to this size (beyond it,
#                     divisibilities are projected on divisors): the tree narrows often, and a constraint over a
#                     larger product (a divisor chain `N % (x*y*z) = 0`) seldom removes a value but is slow to check
MAX_NODES = 20_000  # conditioning nodes per tuning space; beyond it the remaining components are solver Spaces
MEMO_SIZE = 50_000  # components kept (by variables, narrowed domains and constraints), shared by all spaces
_MEMO: OrderedDict = OrderedDict()
_SHAPES: dict = {}  # the conditioning variable chosen per (free variables, constant variables, constraints)


class ProductSpace:
    """A tuning space as a tree of exact counts: independent components multiply, a conditioned variable sums.

    The constraints are narrowed (solver.narrow, exact; a divisibility `L % (x*y) = 0` projects x and y on the
    divisors of L's values), then split into the connected components of the constraint graph, where a variable
    with a single value links nothing (it is a constant of every constraint that uses it). A component whose
    narrowed domain product is at most LEAF_PRODUCT is a solver `Space` (enumerated: exact count, uniform sample);
    a larger one is conditioned on one variable x (the one whose removal leaves the smallest sum of component
    products, times |dom x|): one ProductSpace per value of x with x fixed, where narrowing collapses the divisor
    chains hanging on x (for a | b | c | N the values are the few divisor tuples). So the count is exact
    (sum over x's values of the product of the children's counts) and `sample` is exactly uniform: x's value with
    probability proportional to its child's count, then the child's components independently. The tree is built
    lazily but fully on the first count/sample (children whose count is 0 are dropped); past MAX_NODES nodes the
    remaining components stay solver Spaces (whose count may then be an estimate and sample not uniform).

    Cost (the GEMM conv spaces: p, then tile sizes dividing p + 196, tiles of tiles, divisor triples of 72*t):
    a child whose free domain product is at most LEAF_PRODUCT is a Space enumerated at once (NumPy, variable by
    variable), without narrowing; other children narrow only around the fixed variable (`narrow(changed=)`);
    below a conditioning, children are stated on the top problem so that the same sub-problem under different
    values of the variables conditioned above is one memo entry (_Conditioned); the root chosen first is the one
    heading the longest divisor chains."""

    def __init__(self, domains: Mapping[str, Sequence[int]], constraints: Sequence, names: Sequence[str],
                 _budget: list | None = None, _changed: Sequence[str] | None = None, _top: _Top | None = None):

        self.names = tuple(names)
        self.constraints = tuple(constraints)
        self.domains = {n: tuple(domains[n]) for n in self.names}
        self._budget = _budget if _budget is not None else [MAX_NODES]  # nodes left
        self._budget[0] -= 1
        self._below = _top is not None  # below a conditioning (else the top of a tree)
        self._top = _top if _top is not None else _Top(self.domains, [c for c in self.constraints if c.params])
        self.narrowed: dict[str, tuple[int, ...]] = {}  # the domains after narrowing (empty when empty)
        self.constant = [c for c in constraints if not c.params]
        self.components: list = []  # Space | _Conditioned
        self.empty = any(not c.check({}) for c in self.constant)
        # `_changed`: the domains are those of a narrowed component with these variables then fixed (a child of
        # _Conditioned): only the constraints around them can narrow further
        doms, live, culprit = narrow(self.domains, [c for c in constraints if c.params], changed=_changed,
                                     budget=GAC_BUDGET)
        if self.empty or culprit is not None:
            self.empty = True
            return
        self.narrowed = doms
        fixed = {n for n in self.names if len(doms[n]) == 1}
        free = [n for n in self.names if n not in fixed]
        parent = {n: n for n in free}

        def find(x: str) -> str:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for c in live:
            ps = [q for q in c.params if q in parent]
            for q in ps[1:]:
                parent[find(q)] = find(ps[0])
        groups: dict[str, list[str]] = {}
        for n in free:
            groups.setdefault(find(n), []).append(n)
        used: set[str] = set()
        for members in groups.values():
            ms = set(members)
            cs = [c for c in live if ms & set(c.params)]
            consts = sorted({q for c in cs for q in c.params if q in fixed}, key=self.names.index)
            used.update(consts)
            self.components.append(self._component(members, consts, {n: doms[n] for n in (*members, *consts)}, cs))
        for n in sorted(fixed - used, key=self.names.index):  # a fixed variable no live constraint uses
            self.components.append(_Fixed(n, doms[n][0]))
        self.empty = any(sp.empty for sp in self.components)

    def _component(self, members, consts, doms, cs):
        names = (*members, *consts)
        # the same sub-problem recurs under many values of a conditioned variable (the divisor chains of
        # p + 196 and of p' + 196 often agree): one object per (variables, narrowed domains, constraints)
        # (shared by every tuning space: the structures of one annotated program repeat sub-problems)
        key = (names, tuple(doms[n] for n in names), _constraints_key(cs))
        hit = _MEMO.get(key)
        if hit is None:
            hit = _MEMO[key] = self._build(members, consts, doms, cs)
            if len(_MEMO) > MEMO_SIZE:
                _MEMO.popitem(last=False)
        else:
            _MEMO.move_to_end(key)
        return hit

    def _build(self, members, consts, doms, cs):

        names = (*members, *consts)
        prod = math.prod(len(doms[n]) for n in members)
        if prod <= LEAF_PRODUCT or self._budget[0] <= 0 or len(members) < 2:
            # the domains are narrowed already: a small leaf is enumerated at once (Space's NumPy path)
            return Space({n: doms[n] for n in names}, cs, prune=prod > LEAF_PRODUCT)

        # siblings share it: probe once. The members are part of it: the same variables and constraints with
        # another variable fixed (a constant, not a member) are another shape, and conditioning on a constant
        # would rebuild the same component below itself without end.
        shape = (tuple(members), tuple(consts), _constraints_key(cs))
        chosen = _SHAPES.get(shape)
        if chosen is not None:
            return _Conditioned(chosen, doms, cs, names, self._budget, self._top, self._below)
        # a root of the divisibility chains (in some dividend L of `L % (x*y) = 0`, never a divisor): fixing it
        # narrows the chain below it to divisor tuples; else the variable whose probes leave the least.
        # Among roots: first one whose children no longer read a variable outside the component (the children
        # are then the same sub-problems under every value of the variables conditioned above: _Conditioned's
        # memo), then the one heading the longest chains (conditioning on a short chain first repeats the long
        # one under each of its values), then the smallest domain.

        pats = [pt for pt in map(_divisibility, cs) if pt is not None]
        divisors = {q for pt in pats for q in pt[2]}
        roots = [q for q in members if q not in divisors and any(q in pt[1] for pt in pats)]
        if roots:
            x = _SHAPES[shape] = min(roots, key=lambda q: (self._context(q, members), -_reach(q, pats),
                                                            len(doms[q])))
            return _Conditioned(x, doms, cs, names, self._budget, self._top, self._below)
        best = None
        for x in members:  # probes: fix x at its smallest, median and largest value, narrow, measure what is left
            score = 0
            d = doms[x]
            for v in {d[0], d[len(d) // 2], d[-1]}:
                probe = dict(doms)
                probe[x] = (v,)
                nd, live, culprit = narrow(probe, cs)
                if culprit is not None:
                    continue
                left = [n for n in members if len(nd[n]) > 1]
                comps = components(left, live, frozenset(n for n in names if n not in left))
                score += len(d) * sum(math.prod(len(nd[n]) for n in k) for k in comps)
            if best is None or score < best[0]:
                best = (score, x)
        x = _SHAPES[shape] = best[1]
        return _Conditioned(x, doms, cs, names, self._budget, self._top, self._below)

    def _context(self, x: str, members) -> int:
        """How many variables outside `members` the top constraints on the other members read (what a child of
        conditioning on x depends on besides x)."""
        top, ms = self._top, set(members)
        seen = {q for n in members if n != x for i in top.touching.get(n, ()) for q in top.constraints[i].params}
        return len(seen - ms)

    # --- queries ----------------------------------------------------------------------------------------------
    def exact_count(self) -> int:
        if self.empty:
            return 0
        return math.prod(_count(sp) for sp in self.components)

    def sample(self, rng, n: int = 1) -> list[dict[str, int]]:
        """`n` points drawn uniformly (ValueError when there is none)."""
        if self.empty or self.exact_count() == 0:
            raise ValueError("the space has no valid point")
        rng = np.random.default_rng(rng)
        parts = [sp.sample(rng, n) for sp in self.components]
        return [{k: int(v) for part in parts for k, v in part[i].items()} for i in range(n)]

    def count(self) -> float:
        return float(self.exact_count())

    def violations(self, assignment: Mapping[str, int]) -> list:

        out = [Constraint(Predicate(lambda: False, f"{n} = {assignment[n]} is not in its domain"), (), "domain")
               for n in self.names if assignment[n] not in self.domains[n]]
        return out + [c for c in self.constraints if not c.check(assignment)]


def _reach(x: str, pats) -> int:
    """The variables below x in the divisibility chains (a divisor of a dividend that reads a reached one)."""
    seen, todo = {x}, [x]
    while todo:
        q = todo.pop()
        for _, lparams, syms in pats:
            if q in lparams:
                new = [s for s in syms if s not in seen]
                seen.update(new)
                todo += new
    return len(seen) - 1


def _constraints_key(cs) -> frozenset:
    """The constraints of a component as a memo key: their sympy expressions (hashed structurally, cheap and
    exact) and parameters; a Predicate by its text. Not the printed text: printing is slow, and two different
    expressions may print alike."""
    return frozenset((("predicate", c.expr.text) if c.is_predicate else c.expr, c.params) for c in cs)


def _count(sp) -> int:
    if isinstance(sp, ProductSpace | _Conditioned | _Fixed):
        return sp.exact_count()
    if sp.empty:
        return 0
    return int(sp.count(exact=False).value)


class _Fixed:
    """A variable with one valid value that no constraint still needs."""

    empty = False

    def __init__(self, name: str, value: int):
        self.name, self.value = name, int(value)

    def exact_count(self) -> int:
        return 1

    def sample(self, rng, n: int) -> list[dict[str, int]]:
        return [{self.name: self.value} for _ in range(n)]


class _Top:
    """The problem a tree of counts starts from (its domains and constraints, indexed by variable): children of
    _Conditioned are stated on it (see _Conditioned)."""

    def __init__(self, domains: Mapping[str, tuple[int, ...]], constraints: Sequence):
        self.domains = domains
        self.constraints = tuple(constraints)
        self.touching: dict[str, list[int]] = {}
        for i, c in enumerate(self.constraints):
            for q in c.params:
                self.touching.setdefault(q, []).append(i)


class _Conditioned:
    """A component split on variable `x`: one ProductSpace per value of x (ProductSpace's doc).

    A child (x = v) is stated on the top problem, not on the component's narrowed domains: the free variables
    with their top domains, the top constraints that use one of them, the fixed variables those read. The
    narrowed domains carry the history of the conditioning above (p fixed narrows every tile size to the
    divisors of p + 196), so children that agree on everything but that history (tileSizeA = 14 under every p
    with 14 | p + 196) would be different sub-problems; stated on the top problem they are one (memo), narrowed
    once. Exact: every solution of the component with x = v is a solution of the child (the constraints the
    narrowing dropped held on the narrowed domains), and the child's solutions lie in the component's domains
    (checked: the child's narrowed domains must be within them; otherwise, or when a top constraint reads a
    variable outside the component, the child is the component's sub-problem with x = v, as before)."""

    def __init__(self, x: str, doms, cs, names, budget: list, top: _Top, below: bool = True):

        self.x = x
        self.children: list[tuple[int, ProductSpace, int, dict]] = []
        fixed = {n: doms[n][0] for n in names if len(doms[n]) == 1}
        free = [n for n in names if n not in fixed and n != x]
        rel = sorted({i for n in free for i in top.touching.get(n, ())})
        rel_cs = [top.constraints[i] for i in rel]
        inside = set(names)
        # worth it only below another conditioning (at the top, the children are as many either way, and
        # narrowing them from the top domains costs more than around x)
        restate = below and all(set(c.params) <= inside for c in rel_cs)
        if restate:
            x_cs = [top.constraints[i] for i in top.touching.get(x, ())
                    if all(q == x or q in fixed for q in top.constraints[i].params)]
            read = set(free) | {q for c in rel_cs for q in c.params}
            used = tuple(n for n in names if n in read)
        leaf = math.prod(len(doms[n]) for n in free) <= LEAF_PRODUCT
        restate = restate and not leaf
        if restate:
            ckey = _constraints_key(rel_cs)
            within = {n: frozenset(doms[n]) for n in free}
        for v in doms[x]:
            child, extra = None, {}
            if restate:
                vals = {**fixed, x: int(v)}
                if not all(c.check(vals) for c in x_cs):
                    continue
                cdoms = {n: top.domains[n] if n in within else (vals[n],) for n in used}
                key = ("child", used, tuple(cdoms[n] for n in used), ckey)
                child = _MEMO.get(key)
                if child is None:
                    child = _MEMO[key] = ProductSpace(cdoms, rel_cs, used, budget, None, top)
                    if len(_MEMO) > MEMO_SIZE:
                        _MEMO.popitem(last=False)
                else:
                    _MEMO.move_to_end(key)
                if not child.empty and any(not within[n].issuperset(child.narrowed[n]) for n in free):
                    child = None  # not certified: the component's own sub-problem
                else:
                    extra = {n: vals[n] for n in names if n not in used}
            if child is None:
                sub = dict(doms)
                sub[x] = (v,)
                # small enough to enumerate as it is: no narrowing, no splitting
                child = Space(sub, cs, prune=False) if leaf else ProductSpace(sub, cs, names, budget, (x,), top)
            cnt = _count(child)
            if cnt:
                self.children.append((int(v), child, cnt, extra))
        self.empty = not self.children

    def exact_count(self) -> int:
        return sum(c for _, _, c, _ in self.children)

    def sample(self, rng, n: int) -> list[dict[str, int]]:
        total = self.exact_count()
        # exact big-integer weights: draw an integer below the total and find its child
        cum = list(itertools.accumulate(c for _, _, c, _ in self.children))
        which = [bisect.bisect_right(cum, _randbelow(rng, total)) for _ in range(n)]
        # then each drawn child once, for all its draws (independent uniform points), back in draw order
        out: list[dict[str, int]] = [{} for _ in range(n)]
        slots: dict[int, list[int]] = {}
        for j, i in enumerate(which):
            slots.setdefault(i, []).append(j)
        for i, js in slots.items():
            _, child, _, extra = self.children[i]
            for j, pt in zip(js, child.sample(rng, len(js))):
                out[j] = {**extra, **pt}
        return out


def _randbelow(rng: np.random.Generator, n: int) -> int:
    """A uniform integer in [0, n) for any Python int n (rejection over 62-bit words)."""
    bits = max(1, n.bit_length())
    while True:
        r, got = 0, 0
        while got < bits:
            r = (r << 62) | int(rng.integers(0, 1 << 62))
            got += 62
        r >>= got - bits
        if r < n:
            return r


@dataclass(frozen=True)
class Structure:
    """One complete structural assignment and the parameters met while choosing it."""

    values: Mapping[str, object]
    params: tuple  # RPParam of every parameter met (structural and tuning), top-down

    @property
    def tuning_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params if p.role == "tuning")


class RPSpace:
    """The rewrite-point design space of one annotated program at concrete sizes (see the module doc)."""

    def __init__(self, program: Program, sizes: Mapping[str, int], *, rules: Sequence[PointRule] = (),
                 device: DeviceLimits | None = None, max_structures: int = MAX_STRUCTURES,
                 tuning_ranges: Mapping[str, tuple[int, int]] | None = None):

        self.annotated = program
        self.sizes = {k: int(v) for k, v in sizes.items()}
        self.program = substitute_sizes(program, self.sizes)  # layer constants first (§6.3.1)
        self.rules: tuple[PointRule, ...] = (*COMMON_RULES, *(PointRule.of(r) for r in rules))
        self.device = device
        self.max_structures = max_structures
        self.tuning_ranges = dict(tuning_ranges or {})
        self._structures: list[Structure] | None = None
        self._tuning: dict[tuple, TuningProblem] = {}
        self._rewritten: dict[tuple, Program] = {}
        self._spaces: dict[tuple, Space] = {}
        self._counts: dict[tuple, float] = {}

    # --- structural parameters --------------------------------------------------------------------------------
    def kind_path(self, name: str) -> str:
        """`<kind>/<kind>/....<param>` of a parameter name `<label>/<role>/....<param>`: the kind of the top-level
        RP labelled `<label>` (in the annotated program), then the kind each role names in its parent's
        `inserts`; an unknown step keeps the role name."""

        label, _, param = name.rpartition(".")
        parts = label.split("/")
        top = at_label(self.program, parts[0])
        kinds = [top.kind if top is not None else parts[0]]
        for role in parts[1:]:
            parent = KINDS.get(kinds[-1])
            kinds.append(parent.inserts.get(role, role) if parent is not None else role)
        return "/".join(kinds) + "." + param

    def allowed(self, p) -> tuple:
        """The values of structural parameter `p` (an RPParam) the rules leave, in domain order."""
        dom = tuple(p.domain or ())
        kinds = self.kind_path(p.name)
        for r in self.rules:
            if r.matches(p.name, kinds):
                dom = tuple(v for v in dom if v in r.allowed)
        return dom

    def why_not(self, name: str, value) -> list[str]:
        """The rules that forbid `name = value` (their reasons)."""
        kinds = self.kind_path(name)
        return [r.why for r in self.rules if r.matches(name, kinds) and value not in r.allowed]

    def params(self, values: Mapping[str, object] | None = None) -> list:
        """The parameters met given the structural values chosen so far (`parameters` of the RP core)."""

        return list(parameters(self.program, dict(values or {}), sizes=self.sizes))

    def next_decision(self, values: Mapping[str, object]):
        """The first undecided structural parameter given `values` (None when the structure is complete)."""
        for p in self.params(values):
            if p.role == "struct" and p.name not in values:
                return p
        return None

    def structures(self) -> list[Structure]:
        """Every complete structural assignment the rules allow (depth first, domain order), one per distinct
        rewritten program (skipping an RP whose pattern does not match and letting it be eliminated give the same
        program: the first assignment is kept)."""
        if self._structures is None:
            out: list[Structure] = []
            self._walk({}, out)
            seen: set[str] = set()
            uniq = []
            for s in out:
                key = self.rewritten(s).key
                if key not in seen:
                    seen.add(key)
                    uniq.append(s)
            out = uniq
            if not out:
                raise ConstraintError(f"{self.program.name}: no structural assignment satisfies the rules "
                                      + "; ".join(f"{r.pattern} in {r.allowed}" for r in self.rules))
            self._structures = out
        return self._structures

    def _walk(self, values: dict, out: list[Structure]) -> None:
        if len(out) >= self.max_structures:
            raise ConstraintError(f"{self.program.name}: more than {self.max_structures} structural assignments; "
                                  "pin more structural parameters with a preset or rules")
        params = self.params(values)
        nxt = next((p for p in params if p.role == "struct" and p.name not in values), None)
        if nxt is None:
            out.append(Structure(dict(values), tuple(params)))
            return
        for v in self.allowed(nxt):
            self._walk({**values, nxt.name: v}, out)

    # --- tuning parameters ------------------------------------------------------------------------------------
    @staticmethod
    def _key(values: Mapping[str, object]) -> tuple:
        return tuple(sorted((k, repr(v)) for k, v in values.items()))

    def rewritten(self, structure: Structure | Mapping[str, object]) -> Program:
        """The program with the rewrite points applied at these structural values (tuning symbolic)."""

        values = structure.values if isinstance(structure, Structure) else structure
        k = self._key(values)
        prog = self._rewritten.get(k)
        if prog is None:
            prog = self._rewritten[k] = apply_rewrite_points(self.program, dict(values), sizes=self.sizes).program
        return prog

    def tuning(self, structure: Structure | Mapping[str, object]) -> TuningProblem:
        """The tuning parameters of the rewritten program with their inferred, simplified constraints."""
        values = structure.values if isinstance(structure, Structure) else structure
        k = self._key(values)
        tp = self._tuning.get(k)
        if tp is None:
            prog = self.rewritten(values)
            tp = infer(prog, self.sizes, self.device, ranges=self.ranges(prog))
            self._tuning[k] = tp
        return tp

    def ranges(self, rewritten: Program) -> dict[str, tuple[int, int]]:
        """Explicit ranges of the tuning parameters of a rewritten program: `tuning_ranges`, and for every padExtraND
        amount not named there [0, PAD_EXTRA_MAX] (the default [0, n) of a pad amount lets the extra padding of
        a 224 x 224 layer's windows reach 50,175 elements, whose divisors the tile sizes then range over). A name
        in `tuning_ranges` that this structure lacks is ignored: another structure of the space may have it."""

        names = {sym.name for _, n in walk(rewritten) if isinstance(n, Prim)
                 for e in n.static for sym in getattr(e, "free_symbols", ())}
        out = {n: (0, PAD_EXTRA_MAX) for n in names
               if fnmatch.fnmatchcase(self.kind_path(n), "*padExtra?D.p*")}
        out.update((k, v) for k, v in self.tuning_ranges.items() if k in names)
        return out

    def tuning_space(self, structure: Structure | Mapping[str, object]) -> ProductSpace:
        """The solver space of the tuning values of a structure, split into independent components."""
        values = structure.values if isinstance(structure, Structure) else structure
        k = self._key(values)
        sp = self._spaces.get(k)
        if sp is None:
            tp = self.tuning(values)
            sp = self._spaces[k] = ProductSpace(tp.domains, tp.constraints, tp.params)
        return sp

    def tuning_count(self, structure: Structure) -> float:
        """The number of valid tuning points of a structure (exact, or Knuth's estimate for huge spaces)."""
        k = self._key(structure.values)
        if k not in self._counts:
            self._counts[k] = self.tuning_space(structure).count()
        return self._counts[k]

    def count(self) -> float:
        """The number of complete configurations (structures x their tuning points)."""
        return float(sum(self.tuning_count(s) for s in self.structures()))

    # --- sampling ---------------------------------------------------------------------------------------------
    def random_structure(self, rng: np.random.Generator) -> Structure:
        """A random root-to-leaf walk of the structural decision tree: every undecided structural parameter that
        `parameters` lists is given a value drawn uniformly from the values the rules allow, in Algorithm 4's
        order, all the parameters of one listing at once; then `parameters` is asked again (the RPs inserted by the
        RPs now decided appear) until it lists no undecided one."""
        values: dict[str, object] = {}
        for _ in range(64):
            params = self.params(values)
            todo = [p for p in params if p.role == "struct" and p.name not in values]
            if not todo:
                return Structure(values, tuple(params))
            for p in todo:
                dom = self.allowed(p)
                if not dom:
                    raise ConstraintError(f"{p.name}: the rules leave no value of its domain {tuple(p.domain or ())}")
                values[p.name] = dom[int(rng.integers(len(dom)))]
        raise ConstraintError(f"{self.program.name}: the structural decisions do not terminate")

    def sample(self, rng: np.random.Generator | int | None = None, n: int = 1, *, method: str = "walk",
               max_rejections: int = 200) -> list[dict[str, object]]:
        """`n` complete configurations {parameter name: value}, structural and tuning.

        `method="walk"` (default, any space): the structure by `random_structure`, the tuning values uniformly
        over the valid points of that structure (`Space.sample`); a structure with no valid tuning point is drawn
        again (at most `max_rejections` times in all). Every structural value the rules allow has a positive
        probability, but the complete configurations are not equiprobable (a structure with few tuning points is as
        likely as one with many). `method="weighted"` (spaces small enough for `structures()`): exactly uniform
        over complete configurations, the structure drawn with probability proportional to its number of tuning
        points (exact counts; Knuth's estimate for a tuning space too large to store, then approximately)."""
        rng = np.random.default_rng(rng)
        out: list[dict[str, object]] = []
        if method == "weighted":
            structs = self.structures()
            w = np.array([self.tuning_count(s) for s in structs], dtype=float)
            if not w.sum() > 0:
                raise ConstraintError(f"{self.program.name}: no structure has a valid tuning point at {self.sizes}")
            for i in rng.choice(len(structs), size=n, p=w / w.sum()):
                s = structs[int(i)]
                (t,) = self.tuning_space(s).sample(rng, 1)
                out.append({**s.values, **t})
            return out
        if method != "walk":
            raise ValueError(f"method must be 'walk' or 'weighted', not {method!r}")
        self.rejections = 0
        while len(out) < n:
            s = self.random_structure(rng)
            sp = self.tuning_space(s)
            t = None
            if not sp.empty:
                try:
                    (t,) = sp.sample(rng, 1)
                except ValueError:  # the solver found no valid point
                    t = None
            if t is None:
                self.rejections += 1
                if self.rejections > max_rejections:
                    raise ConstraintError(f"{self.program.name}: {self.rejections} random structures in a row have "
                                          f"no valid tuning point at {self.sizes}")
                continue
            out.append({**s.values, **t})
        return out

    def check(self, config: Mapping[str, object]) -> list[str]:
        """What is wrong with a complete configuration (empty: valid)."""
        bad: list[str] = []
        struct: dict[str, object] = {}
        while True:
            p = self.next_decision(struct)
            if p is None:
                break
            if p.name not in config:
                return [f"no value for structural parameter {p.name}"]
            v = config[p.name]
            if v not in self.allowed(p):
                why = self.why_not(p.name, v) or [f"not in its domain {tuple(p.domain or ())}"]
                return [f"{p.name} = {v!r}: " + "; ".join(why)]
            struct[p.name] = v
        sp = self.tuning_space(struct)
        missing = [n for n in sp.names if n not in config]
        if missing:
            return [f"no value for tuning parameter(s) {', '.join(missing)}"]
        for c in sp.violations({n: int(config[n]) for n in sp.names}):  # type: ignore[call-overload]
            bad.append(str(c))
        return bad

    def __str__(self) -> str:
        structs = self.structures()
        lines = [f"rewrite-point parameters of {self.program.name} at {self.sizes}: {len(structs)} structural "
                 f"assignment(s)"]
        seen: dict[str, set] = {}
        kinds: dict[str, object] = {}
        for s in structs:
            for p in s.params:
                kinds.setdefault(p.name, p)
                if p.role == "struct":
                    seen.setdefault(p.name, set()).add(repr(s.values.get(p.name)))
        for name, p in kinds.items():
            if p.role == "struct":
                lines.append(f"  struct {name} ∈ {sorted(seen.get(name, ()))} (domain {tuple(p.domain or ())})")
            else:
                lines.append(f"  tuning {name}")
        lines.append("rules:")
        lines += [f"  {r.pattern} ∈ {r.allowed}: {r.why}" for r in self.rules]
        total = self.count()
        lines.append(f"complete configurations: {total:.4g}" if total >= 1e6 else
                     f"complete configurations: {math.floor(total)}")
        return "\n".join(lines)


def rp_space(program: Program, sizes: Mapping[str, int], *, preset: str | None = None,
             presets: Mapping[str, Sequence[PointRule]] | None = None, heuristics: Sequence[PointRule] = (),
             **kw) -> RPSpace:
    """An RPSpace with the program's heuristic rules and, optionally, one of its named presets."""
    rules = list(heuristics)
    if preset is not None:
        presets = presets or {}
        if preset not in presets:
            raise ConstraintError(f"{program.name} has no rewrite-point preset {preset!r}; presets: "
                                  f"{', '.join(presets) or 'none'}")
        rules += list(presets[preset])
    return RPSpace(program, sizes, rules=rules, **kw)


__all__ = ["COMMON_RULES", "MAX_STRUCTURES", "PointRule", "RPSpace", "Structure", "rp_space"]
