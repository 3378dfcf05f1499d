"""One solver API for every constraint space of the compiler: tuning parameters (Ch4) and parallel mappings (Ch5).

    space = Space({"m": range(1, 65), "v": [1, 2, 4, 8, 16]}, constraints)
    space.count()                       # exact number of valid points
    space.enumerate()                   # every valid point, as dicts, in a fixed (lexicographic) order
    space.sample(rng, 10)               # uniform over the valid points
    space.valid_values("v", {"m": 8})   # exact: v is listed iff some completion satisfies every constraint

How (see docs/constraints.md for the benchmark behind the choice):
- Preprocessing (`narrow`): node consistency for one-parameter constraints and generalised arc consistency for
  constraints whose domain product is small, evaluated vectorised with NumPy. It only removes values that are in
  no solution, and drops constraints that hold on the whole narrowed product (Algorithm 2's "c == true").
- Small spaces (narrowed domain product at most VECTOR_ENUM, constraints with a NumPy form) are enumerated with
  NumPy one variable at a time, each constraint checked once its variables are bound (`_vector_solutions`).
- Search: python-constraint2's `OptimizedBacktrackingSolver` (the library Kernel Tuner builds its search spaces
  with) enumerates the valid points once; they are kept as an int64 array and indexed per column, so
  `valid_values`, `count` and uniform `sample` are array operations. OR-Tools CP-SAT is available as
  `backend="cpsat"` (compiler.constraints.cpsat) for comparison; it was two orders of magnitude slower at
  enumerating.
- Spaces with more than `max_solutions` points are not stored (when the narrowed domain product is over
  PRECHECK_FACTOR x max_solutions, a Knuth estimate decides first, so such a space is not half-enumerated).
  `valid_values` then narrows with the partial assignment fixed and proves each remaining value by a solution:
  one already met (queries, samples and probes are kept as witnesses) or one new solver call (exact, slower);
  `count(exact=True)` counts by iterating; `count(exact=False)` is Knuth's estimator; `sample` draws by
  rejection from the narrowed product (uniform) and, when that accepts too rarely, walks the variables choosing
  uniformly among exact valid values (every sample is valid, but a point's probability is 1/prod(choices), so
  points in sparse subtrees are over-represented; `last_sample_method` says which one ran).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
import random
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter

import numpy as np
import sympy
from constraint import FunctionConstraint, OptimizedBacktrackingSolver, Problem

from .constraint import Constraint, Predicate
from .cpsat import cpsat_solutions
from .factored import Factored, choose_cutset

DEFAULT_MAX_SOLUTIONS = 3_000_000
GAC_BUDGET = 2_000_000  # largest domain product evaluated vectorised during narrowing
PY_GAC_BUDGET = 50_000  # the same for Python predicates
FOUND_CAP = 200_000  # solutions kept in search mode
KNUTH_PRECHECK = 10  # probes of the size estimate taken before enumerating a space whose product is huge:
PRECHECK_FACTOR = 1000  # ... more than this many times max_solutions
VECTOR_ENUM = 1_000_000  # a space whose narrowed domain product is at most this is enumerated with NumPy, one
#                          variable at a time (`_vector_solutions`: exact, no per-space search overhead)
_ENUM_CACHE: OrderedDict[str, np.ndarray] = OrderedDict()
_ENUM_CACHE_SIZE = 8


@dataclass(frozen=True)
class Estimate:
    """A count that may be estimated: `exact` says whether `value` is the true count, `method` how it was got."""

    value: float
    exact: bool
    method: str
    stderr: float = 0.0

    def __int__(self) -> int:
        return int(round(self.value))


class Space:
    """Finite integer variables and constraints over them; see the module doc."""

    def __init__(self, variables: Mapping[str, Iterable[int]], constraints: Iterable[Constraint] = (), *,
                 backend: str = "python-constraint", max_solutions: int = DEFAULT_MAX_SOLUTIONS,
                 prune: bool = True, forwardcheck: bool = True, decompose: bool = True,
                 decompose_above: int | None = None):
        self.names: tuple[str, ...] = tuple(variables)
        self.domains: dict[str, tuple[int, ...]] = {n: _domain(d) for n, d in variables.items()}
        self.constraints: tuple[Constraint, ...] = tuple(constraints)
        self.backend = backend
        self.max_solutions = max_solutions
        self.forwardcheck = forwardcheck
        # a space whose narrowed domain product is above `decompose_above`, or whose enumeration overflows, is
        # stored as tables joined on a cutset when its constraint graph has one (factored.py; `decompose`)
        self.decompose = decompose
        self.decompose_above = PRECHECK_FACTOR * max_solutions if decompose_above is None else decompose_above
        self.factored: Factored | None = None
        self.last_sample_method = ""
        self._col = {n: i for i, n in enumerate(self.names)}
        for c in self.constraints:
            missing = [p for p in c.params if p not in self._col]
            if missing:
                raise KeyError(f"constraint {c} uses unknown variable(s) {missing}")
        self.empty = False
        consts = [c for c in self.constraints if not c.params]
        if any(not c.fn() for c in consts):
            self.empty = True
        active = [c for c in self.constraints if c.params]
        if prune and not self.empty:
            pruned, active, culprit = narrow(self.domains, active)
            self.empty = culprit is not None
        else:
            pruned = dict(self.domains)
            self.empty = self.empty or any(not d for d in pruned.values())
        self.pruned: dict[str, tuple[int, ...]] = pruned  # the domains after narrowing (no valid value is lost)
        self.active: tuple[Constraint, ...] = tuple(active)  # what the search still has to check
        self._solutions: np.ndarray | None = None
        self._too_many = False
        self._index: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._codes: np.ndarray | None = None
        self._vv_cache: OrderedDict = OrderedDict()
        self._found: list[tuple] = []  # solutions met in search mode (each proves its values valid)
        self._found_arr: np.ndarray | None = None

    # --- identity -----------------------------------------------------------------------------------------
    @functools.cached_property
    def fingerprint(self) -> str:
        h = hashlib.sha256()
        for n in self.names:
            h.update(f"{n}:{self.domains[n]};".encode())
        for c in sorted(self.constraints, key=lambda c: (c.text, c.params)):
            h.update(f"{c.text}|{c.params};".encode())
        return h.hexdigest()

    def __repr__(self) -> str:
        sizes = ", ".join(f"{n}:{len(self.pruned[n])}" for n in self.names)
        return f"Space({sizes}; {len(self.constraints)} constraints, {len(self.active)} active)"

    # --- checking -----------------------------------------------------------------------------------------
    def violations(self, assignment: Mapping[str, int]) -> list[Constraint]:
        """Constraints a complete assignment breaks (domain membership is reported as a pseudo-constraint)."""
        out = []
        for n in self.names:
            if assignment[n] not in self.domains[n]:
                out.append(Constraint(Predicate(lambda: False, f"{n} = {assignment[n]} is not in its domain"),
                                      (), "domain"))
        out.extend(c for c in self.constraints if not c.check(assignment))
        return out

    def check(self, assignment: Mapping[str, int]) -> bool:
        return all(assignment[n] in self.domains[n] for n in self.names) and all(
            c.check(assignment) for c in self.constraints)

    def check_rows(self, rows: np.ndarray) -> np.ndarray:
        """`check` for many complete assignments at once: rows in `names` order -> a boolean per row."""
        rows = np.asarray(rows, dtype=np.int64).reshape(-1, len(self.names))
        ok = np.ones(len(rows), dtype=bool)
        for j, n in enumerate(self.names):
            ok &= np.isin(rows[:, j], np.asarray(self.domains[n], dtype=np.int64))
        for c in self.constraints:
            cols = [rows[:, self._col[p]] for p in c.params]
            vec = c.np_fn
            if vec is not None:
                ok &= np.broadcast_to(vec(*cols), ok.shape)
            else:
                ok &= np.array([bool(c.fn(*t)) for t in zip(*cols)], dtype=bool).reshape(ok.shape)
        return ok

    # --- enumeration ----------------------------------------------------------------------------------------
    @property
    def solutions(self) -> np.ndarray:
        """All valid points as an int64 array (rows sorted lexicographically, columns in `names` order).
        Raises OverflowError when there are more than `max_solutions`."""
        if self._solutions is None:
            self._enumerate()
        if self._too_many:
            raise OverflowError(f"{self!r} has more than {self.max_solutions} valid points")
        assert self._solutions is not None
        return self._solutions

    @property
    def enumerable(self) -> bool:
        if self._solutions is None and not self._too_many:
            self._enumerate()
        return not self._too_many

    def enumerate(self) -> list[dict[str, int]]:
        """Every valid point (a list of dicts), in lexicographic order of `names`."""
        sols = self.solutions
        names = self.names
        return [dict(zip(names, map(int, row))) for row in sols]

    def _enumerate(self) -> None:
        if self.empty or not self.names:  # no variable: one point (the empty assignment) unless empty
            self._solutions = np.zeros((0 if self.empty else 1, len(self.names)), dtype=np.int64)
            return
        key = f"{self.backend}:{self.max_solutions}:{self.fingerprint}"
        if key in _ENUM_CACHE:
            _ENUM_CACHE.move_to_end(key)
            self._solutions = _ENUM_CACHE[key]
            return
        product = math.prod(len(d) for d in self.pruned.values())
        if product > self.decompose_above and self._factor():
            assert self.factored is not None
            if self.factored.count > self.max_solutions:
                self._too_many = True  # queries run on the factored tables
                return
            self._store(key, self.factored.join())
            return
        if KNUTH_PRECHECK and product > PRECHECK_FACTOR * self.max_solutions:
            # a cheap estimate first, so that a space far too large is not half-enumerated for nothing
            self._too_many = True  # valid_values searches while estimating
            est = self._knuth(KNUTH_PRECHECK, np.random.default_rng(0)).value
            self._too_many = est > 4 * self.max_solutions
            if self._too_many:
                return
        if self.backend == "python-constraint" and product <= VECTOR_ENUM and all(
                c.np_fn is not None for c in self.active):
            self._store(key, _vector_solutions(self.pruned, self.active, self.names))
            return
        if self.backend == "python-constraint":
            rows = _pc_solutions(self.pruned, self.active, self.names, self.max_solutions + 1, self.forwardcheck)
        elif self.backend == "cpsat":
            rows = cpsat_solutions(self.pruned, self.active, self.names, self.max_solutions + 1)
        else:
            raise ValueError(f"unknown solver backend {self.backend!r}")
        if len(rows) > self.max_solutions:
            self._too_many = True
            self._solutions = None
            self._factor()
            return
        arr = np.array(rows, dtype=np.int64).reshape(len(rows), len(self.names))
        if len(arr):
            arr = arr[np.lexsort(arr.T[::-1])]
        self._store(key, arr)

    def _factor(self) -> bool:
        """Store the space as tables joined on a cutset (`self.factored`) when the constraint graph has one."""
        found = choose_cutset(self.names, self.pruned, self.active) if self.decompose else None
        if found is None:
            return False

        def solve(domains, constraints, names, limit):
            if self.backend == "cpsat":
                return cpsat_solutions(domains, constraints, names, limit)
            return _pc_solutions(domains, constraints, names, limit, self.forwardcheck)

        try:
            self.factored = Factored(self.names, self.pruned, self.active, *found, solve, narrow,
                                     max(self.max_solutions, DEFAULT_MAX_SOLUTIONS))  # rows per table
        except OverflowError:
            return False
        return True

    def _store(self, key: str, arr: np.ndarray) -> None:
        arr.setflags(write=False)
        self._solutions = arr
        _ENUM_CACHE[key] = arr
        while len(_ENUM_CACHE) > _ENUM_CACHE_SIZE:
            _ENUM_CACHE.popitem(last=False)

    def prepare(self) -> Space:
        """Enumerate and index now (otherwise the first count/sample/valid_values query does it)."""
        if self.enumerable and not self._index:
            self._build_index()
        return self

    # --- counting -----------------------------------------------------------------------------------------
    def count(self, exact: bool = True, *, probes: int = 200, rng=None):
        """The number of valid points (int). With exact=False an `Estimate` (exact when the space is stored,
        else Knuth's estimator over `probes` random root-to-leaf paths of exact valid values)."""
        if self.enumerable:
            n = len(self.solutions)
            return n if exact else Estimate(n, True, "enumeration")
        if self.factored is not None:
            n = self.factored.count
            return n if exact else Estimate(n, True, "tables joined on a cutset")
        if exact:
            return _pc_count(self.pruned, self.active, self.names, self.forwardcheck)
        return self._knuth(probes, _rng(rng))

    def _knuth(self, probes: int, rng: np.random.Generator) -> Estimate:
        vals = []
        for _ in range(probes):
            partial: dict[str, int] = {}
            est = 1.0
            for n in self.names:
                choices = self.valid_values(n, partial)
                if not choices:
                    est = 0.0
                    break
                est *= len(choices)
                partial[n] = choices[int(rng.integers(len(choices)))]
            else:
                self._remember(tuple(partial[n] for n in self.names))
            vals.append(est)
        a = np.array(vals)
        return Estimate(float(a.mean()), False, f"Knuth estimator, {probes} probes",
                        float(a.std(ddof=1) / math.sqrt(len(a))) if len(a) > 1 else 0.0)

    # --- sampling -----------------------------------------------------------------------------------------
    def sample(self, rng=None, n: int = 1, *, replace: bool = True) -> list[dict[str, int]]:
        """`n` valid points drawn uniformly (independently when `replace`, else distinct). See the module doc for
        spaces too large to store."""
        rng = _rng(rng)
        if self.enumerable:
            sols = self.solutions
            if len(sols) == 0:
                raise ValueError("the space has no valid point")
            if not replace and n > len(sols):
                raise ValueError(f"cannot draw {n} distinct points from {len(sols)}")
            idx = rng.choice(len(sols), size=n, replace=replace)
            self.last_sample_method = "uniform over the enumerated points"
            return [dict(zip(self.names, map(int, sols[i]))) for i in idx]
        return self._sample_large(rng, n, replace)

    def _sample_large(self, rng, n: int, replace: bool) -> list[dict[str, int]]:
        out: list[dict[str, int]] = []
        seen: set[tuple] = set()
        if self.factored is not None:
            if not replace and n > self.factored.count:
                raise ValueError(f"cannot draw {n} distinct points from {self.factored.count}")
            while len(out) < n:
                for row in self.factored.sample(rng, n - len(out)).tolist():
                    if replace or tuple(row) not in seen:
                        seen.add(tuple(row))
                        out.append(dict(zip(self.names, row)))
            self.last_sample_method = "uniform over the tables joined on a cutset"
            return out
        doms = [np.asarray(self.pruned[v]) for v in self.names]
        tries, budget = 0, max(20_000, 2_000 * n)
        while len(out) < n and tries < budget:
            tries += 1
            pt = {v: int(d[rng.integers(len(d))]) for v, d in zip(self.names, doms)}
            if all(c.check(pt) for c in self.active):
                key = tuple(pt.values())
                if replace or key not in seen:
                    seen.add(key)
                    out.append(pt)
        if len(out) == n:
            self.last_sample_method = "rejection from the narrowed product (uniform)"
            return out
        self.last_sample_method = ("rejection accepted too rarely; then a walk over exact valid values "
                                   "(biased towards sparse subtrees)")
        while len(out) < n:
            partial: dict[str, int] = {}
            for v in self.names:
                choices = self.valid_values(v, partial)
                if not choices:
                    raise ValueError("the space has no valid point")
                partial[v] = choices[int(rng.integers(len(choices)))]
            key = tuple(partial.values())
            if replace or key not in seen:
                seen.add(key)
                out.append(partial)
        return out

    def random_solution(self, rng=None, *, max_nodes: int = 200_000) -> dict[str, int]:
        """One valid point by randomized backtracking: the variables in `names` order, each one's narrowed values
        in a random order, every constraint checked as soon as its variables are bound. Every valid point can be
        drawn, but not uniformly (a value with few completions is as likely as one with many): for callers that
        need *a* valid point of a space too large to enumerate quickly (the Ch5 mapping CSP of a rewritten conv has
        up to 35 maps; enumerating its solutions took minutes). ValueError when there is none; OverflowError
        past `max_nodes` search nodes."""
        rng = _rng(rng)
        if self.empty:
            raise ValueError("the space has no valid point")
        names = self.names
        due: list[list[Constraint]] = [[] for _ in names]
        for c in self.active:
            due[max(self._col[p] for p in c.params)].append(c)
        doms = [np.asarray(self.pruned[n]) for n in names]
        point: dict[str, int] = {}
        nodes = 0

        def extend(i: int) -> bool:
            nonlocal nodes
            if i == len(names):
                return True
            for v in rng.permutation(doms[i]).tolist():
                nodes += 1
                if nodes > max_nodes:
                    raise OverflowError(f"{self!r}: no valid point found in {max_nodes} search nodes")
                point[names[i]] = int(v)
                if all(c.check(point) for c in due[i]) and extend(i + 1):
                    return True
            del point[names[i]]
            return False

        if not extend(0):
            raise ValueError("the space has no valid point")
        return dict(point)

    # --- valid values ---------------------------------------------------------------------------------------
    def valid_values(self, param: str, partial: Mapping[str, int] | None = None) -> list[int]:
        """The values of `param` (in domain order) for which some completion of `partial` satisfies every
        constraint. An entry for `param` itself in `partial` is ignored."""
        if param not in self._col:
            raise KeyError(f"unknown variable {param!r}")
        partial = {k: int(v) for k, v in (partial or {}).items() if k != param}
        for k in partial:
            if k not in self._col:
                raise KeyError(f"unknown variable {k!r}")
        key = (param, tuple(sorted(partial.items())))
        hit = self._vv_cache.get(key)
        if hit is not None:
            self._vv_cache.move_to_end(key)
            return list(hit)
        if self.enumerable:
            out = self._vv_indexed(param, partial)
        elif self.factored is not None:
            out = self.factored.valid_values(param, partial)
        else:
            out = self._vv_search(param, partial)
        self._vv_cache[key] = tuple(out)
        if len(self._vv_cache) > 65536:
            self._vv_cache.popitem(last=False)
        return out

    def _build_index(self) -> None:
        """Per column: the stored points' values as domain positions, the rows sorted by them, and where each
        value's rows start (a CSR layout), so the rows with x = v are one slice."""
        sols = self.solutions
        self._codes = np.empty(sols.shape, dtype=np.int32)
        for j, n in enumerate(self.names):
            dom = np.asarray(self.domains[n], dtype=np.int64)
            codes = np.searchsorted(dom, sols[:, j])
            self._codes[:, j] = codes
            order = np.argsort(codes, kind="stable")
            starts = np.searchsorted(codes[order], np.arange(len(dom) + 1))
            present = np.diff(starts) > 0
            self._index[j] = (order, starts, present)

    def _rows(self, partial: Mapping[str, int]) -> np.ndarray | None:
        """Row indices of the stored points that agree with `partial` (None = all rows)."""
        if not partial:
            return None
        if not self._index:
            self._build_index()
        slices = []
        codes_of = {}
        for k, v in partial.items():
            j = self._col[k]
            dom = self.domains[k]
            pos = int(np.searchsorted(dom, v))
            if pos >= len(dom) or dom[pos] != v:
                return np.zeros(0, dtype=np.int64)
            order, starts, _ = self._index[j]
            slices.append((int(starts[pos + 1] - starts[pos]), j, order[starts[pos]:starts[pos + 1]]))
            codes_of[j] = pos
        slices.sort(key=lambda x: x[0])
        rows = slices[0][2]
        for _, j, _ in slices[1:]:
            if len(rows) == 0:
                break
            rows = rows[self._codes[rows, j] == codes_of[j]]
        return rows

    def _vv_indexed(self, param: str, partial: Mapping[str, int]) -> list[int]:
        if not self._index:
            self._build_index()
        j = self._col[param]
        dom = self.domains[param]
        rows = self._rows(partial)
        present = self._index[j][2] if rows is None else np.bincount(self._codes[rows, j], minlength=len(dom)) > 0
        return [v for v, ok in zip(dom, present.tolist()) if ok]

    def _vv_search(self, param: str, partial: Mapping[str, int]) -> list[int]:
        """Exact valid values without stored points: narrow once with the partial assignment fixed; a value is
        valid when a solution already found (kept from earlier queries, samples and probes) or one new solver
        call proves it."""
        if any(v not in self.pruned[k] for k, v in partial.items()):
            return []
        doms = dict(self.pruned)
        doms.update({k: (v,) for k, v in partial.items()})
        doms, active, culprit = narrow(doms, self.active)
        if culprit is not None:
            return []
        j = self._col[param]
        ok = set(self._witnessed(partial, j))
        for val in doms[param]:
            if val in ok:
                continue
            sub = dict(doms)
            sub[param] = (val,)
            found = _pc_solutions(sub, active, self.names, 1, True)
            if found:
                self._remember(found[0])
                ok.add(found[0][j])
        return [v for v in self.domains[param] if v in ok]

    def _remember(self, row: tuple) -> None:
        if len(self._found) < FOUND_CAP:
            self._found.append(tuple(int(x) for x in row))
            self._found_arr = None

    def _witnessed(self, partial: Mapping[str, int], j: int) -> list[int]:
        """Values of column j in the solutions found so far that agree with `partial`."""
        if not self._found:
            return []
        if self._found_arr is None:
            self._found_arr = np.array(self._found, dtype=np.int64)
        arr = self._found_arr
        mask = np.ones(len(arr), dtype=bool)
        for k, v in partial.items():
            mask &= arr[:, self._col[k]] == v
        return np.unique(arr[mask, j]).tolist()

    # --- convenience ------------------------------------------------------------------------------------------
    def point(self, i: int) -> dict[str, int]:
        return dict(zip(self.names, map(int, self.solutions[i])))

    def index_of(self, assignment: Mapping[str, int]) -> int | None:
        """Row of a complete assignment in `solutions` (None when it is not valid)."""
        rows = self._rows({k: assignment[k] for k in self.names})
        if rows is None or len(rows) == 0:
            return None
        return int(rows[0])


# --- helpers ---------------------------------------------------------------------------------------------------
def _domain(d: Iterable[int]) -> tuple[int, ...]:
    vals = sorted({int(v) for v in d})
    return tuple(vals)


def _rng(rng) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, random.Random):
        return np.random.default_rng(rng.getrandbits(64))
    return np.random.default_rng(rng)


def narrow(domains: Mapping[str, Sequence[int]], constraints: Sequence[Constraint], *,
           budget: int = GAC_BUDGET, py_budget: int = PY_GAC_BUDGET, rounds: int = 20,
           changed: Iterable[str] | None = None
           ) -> tuple[dict[str, tuple[int, ...]], list[Constraint], Constraint | str | None]:
    """Generalised arc consistency where it is cheap: returns (narrowed domains, constraints still needed, culprit):
    culprit is None when no domain became empty, else the constraint that emptied one (or the name of a variable
    whose domain was empty to begin with).

    A constraint whose domain product is at most `budget` (NumPy) or `py_budget` (Python predicates) is evaluated
    on the whole product; values without a supporting tuple are removed, and the constraint is dropped when it
    holds on the whole product (it is then entailed by the narrowed domains). Exact: no solution is lost.
    A worklist: a constraint is evaluated again only when a domain it uses has shrunk (at most `rounds` times).
    `changed`: the caller knows the constraints are already narrowed except around these variables (the domains
    came from an earlier `narrow` of the same constraints, then these were restricted): only the constraints that
    use one of them are evaluated first (None: every constraint).
    """
    doms = {k: tuple(v) for k, v in domains.items()}
    live = list(constraints)
    empty = next((k for k, d in doms.items() if not d), None)
    if empty is not None:
        return doms, live, empty
    users: dict[str, list[int]] = {}
    for i, c in enumerate(live):
        for p in c.params:
            users.setdefault(p, []).append(i)
    queue = list(range(len(live))) if changed is None else sorted({i for p in changed for i in users.get(p, ())})
    queued = set(queue)
    dropped: set[int] = set()
    evaluations = [0] * len(live)
    head = 0
    while head < len(queue):
        i = queue[head]
        head += 1
        queued.discard(i)
        c = live[i]
        if i in dropped or evaluations[i] >= rounds:
            continue
        evaluations[i] += 1
        verdict, shrunk = _revise(c, doms, budget, py_budget)
        if verdict == _EMPTY:
            return doms, live, c
        if verdict == _ENTAILED:
            dropped.add(i)  # entailed: drop
            continue
        for p in shrunk:
            for j in users[p]:
                if j not in queued and j not in dropped:  # itself too: it may now hold everywhere (dropped)
                    queue.append(j)
                    queued.add(j)
    return doms, [c for i, c in enumerate(live) if i not in dropped], None


_EMPTY, _ENTAILED = "empty", "entailed"  # _revise's verdicts besides None (some values kept, perhaps fewer)


def _revise(c: Constraint, doms: dict[str, tuple[int, ...]], budget: int, py_budget: int
            ) -> tuple[str | None, list[str]]:
    """One constraint's narrowing step on `doms` (in place): (verdict, the names whose domains shrank)."""
    prod = math.prod(len(doms[p]) for p in c.params)
    if prod == 0:
        return _EMPTY, []
    shrunk = []
    vec = c.np_fn
    if (vec is not None and prod <= budget) or prod <= py_budget:
        some, every, support = _support(c, [doms[p] for p in c.params], vec)
        if not some:
            return _EMPTY, []
        if every:
            return _ENTAILED, []
        for p, vals in zip(c.params, support):
            if len(vals) < len(doms[p]):
                doms[p] = vals
                shrunk.append(p)
    elif (pattern := _divisibility(c)) is not None:
        # too large for GAC, but `L % (k * x * y ...) = 0` implies x | L: project each factor x on the
        # divisors of L's possible values (exact: x | k*x*y | L; a zero divisor makes it false)
        for p, vals in _divisor_support(pattern, doms, budget):
            if not vals:
                return _EMPTY, shrunk
            if len(vals) < len(doms[p]):
                doms[p] = vals
                shrunk.append(p)
    return None, shrunk


@functools.lru_cache(maxsize=8192)
def _divisibility(c: Constraint):
    """(L as a NumPy function, L's parameters, the symbol factors of the divisor) when `c` reads
    `Eq(Mod(L, k * x * y ...), 0)` with integer k, symbols x, y ... not in L; else None."""
    e = c.expr
    if c.is_predicate or not isinstance(e, sympy.Eq):
        return None
    lhs, rhs = (e.lhs, e.rhs) if e.rhs == 0 else (e.rhs, e.lhs)
    if rhs != 0 or not isinstance(lhs, sympy.Mod):
        return None
    num, den = lhs.args
    factors = sympy.Mul.make_args(den)
    if not all(f.is_Symbol or f.is_Integer for f in factors):
        return None
    syms = tuple(sorted({f.name for f in factors if f.is_Symbol}))
    lparams = tuple(sorted(s.name for s in num.free_symbols))
    if not syms or set(syms) & set(lparams) or not set(syms) | set(lparams) <= set(c.params):
        return None
    fn = sympy.lambdify([sympy.Symbol(n, integer=True, nonnegative=True) for n in lparams], num, "numpy")
    return fn, lparams, syms


def _divisor_support(pattern, doms: Mapping[str, Sequence[int]], budget: int):
    """Per divisor factor x: the values of x that divide some integral value of L (none when L's domain
    product is over `budget`: nothing is narrowed)."""
    fn, lparams, syms = pattern
    if math.prod(len(doms[p]) for p in lparams) > budget:
        return []
    grids = np.meshgrid(*[np.asarray(doms[p], dtype=np.int64) for p in lparams], indexing="ij", sparse=True)
    with np.errstate(all="ignore"):
        lv = np.asarray(fn(*grids), dtype=float).ravel()
    lv = lv[np.isfinite(lv) & (lv == np.round(lv))]
    lvals = np.unique(np.abs(lv).astype(np.int64))
    out = []
    top = int(lvals.max()) if len(lvals) else 0
    divisors = _divisors_of_any(lvals, budget) if 0 not in lvals and 0 < top <= TRIAL_DIVISION_LIMIT else None
    for p in syms:
        d = np.asarray(doms[p], dtype=np.int64)
        if 0 in lvals:  # 0 is a multiple of every nonzero divisor
            ok = d != 0
        elif divisors is not None:
            ok = (d != 0) & np.isin(np.abs(d), divisors)
        else:
            ok = np.zeros(len(d), dtype=bool)
            nz = d != 0
            step = max(1, budget // max(1, len(lvals)))
            idx = np.flatnonzero(nz)
            for i in range(0, len(idx), step):
                part = idx[i:i + step]
                ok[part] = (lvals[:, None] % d[None, part] == 0).any(axis=0)
        out.append((p, tuple(d[ok].tolist())))
    return out


TRIAL_DIVISION_LIMIT = 1 << 24  # divisors by trial division up to sqrt(L) when the largest L is at most this
#                                 (else L % x over the whole table)


def _divisors_of_any(lvals: np.ndarray, budget: int) -> np.ndarray:
    """The sorted positive divisors of any of the positive integers `lvals`: trial division by 1..isqrt(max),
    each hit i giving i and L // i (len(lvals) * sqrt(max) remainders, in chunks of `budget`)."""
    trial = np.arange(1, math.isqrt(int(lvals.max())) + 1, dtype=np.int64)
    found = []
    step = max(1, budget // len(trial))
    for k in range(0, len(lvals), step):
        chunk = lvals[k:k + step]
        rows, cols = np.nonzero(chunk[:, None] % trial[None, :] == 0)
        found += [trial[cols], chunk[rows] // trial[cols]]
    return np.unique(np.concatenate(found))


SCALAR_SUPPORT = 64  # a constraint over at most this many tuples is evaluated point by point (NumPy's per-call
#                      overhead is larger)


def _support(c: Constraint, doms: list[tuple[int, ...]], vec):
    """(some tuple holds, every tuple holds, per parameter the values with a supporting tuple)."""
    prod = math.prod(len(d) for d in doms)
    if vec is None or prod <= SCALAR_SUPPORT:
        fn = c.fn
        seen = [set() for _ in doms]
        n_ok = 0
        for t in itertools.product(*doms):
            if fn(*t):
                n_ok += 1
                for s, v in zip(seen, t):
                    s.add(v)
        return n_ok > 0, n_ok == prod, [tuple(v for v in d if v in s) for d, s in zip(doms, seen)]
    axes = []
    for i, d in enumerate(doms):
        view = [1] * len(doms)
        view[i] = -1
        axes.append(np.asarray(d, dtype=np.int64).reshape(view))
    ok = np.broadcast_to(vec(*axes), tuple(len(d) for d in doms))
    support = []
    for axis, d in enumerate(doms):
        other = tuple(i for i in range(len(doms)) if i != axis)
        has = ok.any(axis=other) if other else ok
        support.append(tuple(v for v, h in zip(d, has.tolist()) if h))
    return bool(ok.any()), bool(ok.all()), support


def _vector_solutions(domains: Mapping[str, Sequence[int]], constraints: Sequence[Constraint],
                      names: Sequence[str]) -> np.ndarray:
    """Every point of the domain product that satisfies the (vectorisable) constraints, rows in lexicographic
    order of `names`. Built one variable at a time (NumPy rows): the partial rows are extended by the next
    variable's values and filtered by every constraint whose variables are then all bound, so a divisor chain
    (`N % z = 0`, `N % (y*z) = 0`, `N % (x*y*z) = 0`) never materialises its whole product. The next variable is
    the one that completes the most constraints (then the smallest domain)."""
    if not names:
        return np.zeros((1, 0), dtype=np.int64)
    order: list[str] = []
    left = list(names)
    pending = list(constraints)
    stages: list[list[Constraint]] = []
    while left:
        bound = set(order)

        def completes(n, _bound=bound, _pending=pending):
            return sum(1 for c in _pending if n in c.params and set(c.params) <= _bound | {n})

        nxt = max(left, key=lambda n: (completes(n), -len(domains[n])))
        order.append(nxt)
        left.remove(nxt)
        bound.add(nxt)
        stages.append([c for c in pending if set(c.params) <= bound])
        pending = [c for c in pending if not set(c.params) <= bound]
    stages[-1] += pending  # constraints without parameters
    cols: dict[str, np.ndarray] = {}
    nrows = 1
    for n, cs in zip(order, stages):
        dom = np.asarray(domains[n], dtype=np.int64)
        cols = {k: np.repeat(v, len(dom)) for k, v in cols.items()}
        cols[n] = np.tile(dom, nrows)
        nrows *= len(dom)
        if cs and nrows:
            ok = np.ones(nrows, dtype=bool)
            for c in cs:
                ok &= np.broadcast_to(c.np_fn(*(cols[q] for q in c.params)), ok.shape)
            cols = {k: v[ok] for k, v in cols.items()}
            nrows = int(ok.sum())
    arr = np.stack([cols[n] for n in names], axis=1)
    return arr[np.lexsort(arr.T[::-1])] if len(arr) else arr


def _pc_problem(domains: Mapping[str, Sequence[int]], constraints: Sequence[Constraint], forwardcheck: bool):
    prob = Problem(OptimizedBacktrackingSolver(forwardcheck=forwardcheck))
    for name, dom in domains.items():
        prob.addVariable(name, list(dom))
    for c in constraints:
        prob.addConstraint(FunctionConstraint(c.fn), list(c.params))
    return prob


def _pc_solutions(domains, constraints, names, limit: int, forwardcheck: bool) -> list[tuple]:
    """Up to `limit` solutions as tuples in `names` order (python-constraint2)."""
    prob = _pc_problem(domains, constraints, forwardcheck)
    get = _getter(names)
    if not forwardcheck and limit > 10**7:
        return [get(s) for s in prob.getSolutions()]
    return [get(s) for s in itertools.islice(prob.getSolutionIter(), limit)]


def _pc_count(domains, constraints, names, forwardcheck: bool) -> int:
    prob = _pc_problem(domains, constraints, forwardcheck)
    return sum(1 for _ in prob.getSolutionIter())


def _getter(names: Sequence[str]):
    if len(names) == 1:
        n0 = names[0]
        return lambda s: (s[n0],)
    return itemgetter(*names)


class SpaceUnion:
    """The disjoint union of spaces over the same variables, one per value of some structural switches (e.g. a
    lowering's unroll and coalesce: each value builds another program, with its own inferred constraints). The
    points are the members' points with the switch variables added; `names` are the members' then the switches'.

    A member's space may be given as a function that builds it (`Callable[[], Space]`), called when a query first
    needs that member, once. `valid_values` and `check` build only the members whose switch values agree with
    the partial assignment, and a switch's values stop asking the members of a value already known to have a
    point; `domains`, `count`, `sample` and `members` build every member. `names` (the members' variables) may be
    given so that nothing is built before the first query.

    count, uniform `sample` (a member with probability proportional to its count, then uniform in it),
    `valid_values`, `check`, `check_rows` as on Space."""

    def __init__(self, switches: Sequence[str],
                 members: Sequence[tuple[Mapping[str, int], Space | Callable[[], Space]]],
                 names: Sequence[str] | None = None):
        if not members:
            raise ValueError("a union of no spaces")
        self.switches = tuple(switches)
        self._fixed = [{s: int(fixed[s]) for s in self.switches} for fixed, _ in members]
        self._spaces: list[Space | Callable[[], Space] | None] = [sp for _, sp in members]
        self._base: tuple[str, ...] | None = tuple(names) if names is not None else None
        self._base = self._member(0).names if self._base is None else self._base
        self.names: tuple[str, ...] = (*self._base, *self.switches)
        self.factored = None
        self.last_sample_method = ""

    def _member(self, i: int) -> Space:
        sp = self._spaces[i]
        if not isinstance(sp, Space):
            assert sp is not None
            sp = sp()
            if self._base is not None and sp.names != self._base:
                raise ValueError("the member spaces must have the same variables")
            self._spaces[i] = sp
        return sp

    @property
    def members(self) -> list[tuple[dict[str, int], Space]]:
        """Every member as (switch values, space), each built."""
        return [(f, self._member(i)) for i, f in enumerate(self._fixed)]

    @functools.cached_property
    def domains(self) -> dict[str, tuple[int, ...]]:
        members = self.members
        out = {n: _domain(v for _, sp in members for v in sp.domains[n]) for n in self._base}
        out.update({s: _domain(f[s] for f in self._fixed) for s in self.switches})
        return out

    def __repr__(self) -> str:
        return "SpaceUnion(" + "; ".join(f"{f}: {sp!r}" for f, sp in self.members) + ")"

    def _split(self, assignment: Mapping[str, int]):
        fixed = {s: assignment[s] for s in self.switches if s in assignment}
        rest = {k: v for k, v in assignment.items() if k not in self.switches}
        return fixed, rest

    def count(self) -> int:
        return sum(int(sp.count()) for _, sp in self.members)

    def sample(self, rng=None, n: int = 1, *, replace: bool = True) -> list[dict[str, int]]:
        rng = _rng(rng)
        counts = np.array([float(sp.count()) for _, sp in self.members])
        if counts.sum() == 0:
            raise ValueError("the space has no valid point")
        total = self.count()
        if not replace and n > total:
            raise ValueError(f"cannot draw {n} distinct points from {total}")
        out: list[dict[str, int]] = []
        seen: set[tuple] = set()
        while len(out) < n:
            which = np.bincount(rng.choice(len(counts), size=n - len(out), p=counts / counts.sum()),
                                minlength=len(counts))
            for (fixed, sp), k in zip(self.members, which.tolist()):
                for pt in sp.sample(rng, k) if k else []:
                    full = {**pt, **fixed}
                    key = tuple(full[x] for x in self.names)
                    if replace or key not in seen:
                        seen.add(key)
                        out.append(full)
            methods = {sp.last_sample_method for _, sp in self.members if sp.last_sample_method}
            self.last_sample_method = "member by count, then " + " / ".join(sorted(methods))
        order = rng.permutation(len(out))  # members were drawn in blocks
        return [out[i] for i in order]

    def valid_values(self, param: str, partial: Mapping[str, int] | None = None) -> list[int]:
        fixed, rest = self._split({k: v for k, v in (partial or {}).items() if k != param})
        vals: set[int] = set()
        for i, f in enumerate(self._fixed):
            if any(f[s] != v for s, v in fixed.items()):
                continue
            if param in self.switches:
                if f[param] in vals:  # a point of this value is known: its other members are not asked
                    continue
                sp = self._member(i)
                probe = next((x for x in sp.names if x not in rest), None)
                if (sp.check(rest) if probe is None else bool(sp.valid_values(probe, rest))):
                    vals.add(f[param])
            else:
                vals.update(self._member(i).valid_values(param, rest))
        return sorted(vals)

    def check(self, assignment: Mapping[str, int]) -> bool:
        fixed, rest = self._split(assignment)
        return any(f == fixed and self._member(i).check(rest) for i, f in enumerate(self._fixed))

    def check_rows(self, rows: np.ndarray) -> np.ndarray:
        rows = np.asarray(rows, dtype=np.int64).reshape(-1, len(self.names))
        nb = len(self.names) - len(self.switches)
        ok = np.zeros(len(rows), dtype=bool)
        for i, f in enumerate(self._fixed):
            here = np.ones(len(rows), dtype=bool)
            for j, s in enumerate(self.switches):
                here &= rows[:, nb + j] == f[s]
            if here.any():
                ok[here] = self._member(i).check_rows(rows[here, :nb])
        return ok
