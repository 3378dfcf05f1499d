"""A constraint space stored as per-component tables joined on a small cutset (cutset conditioning).

When removing a few variables C (the cutset) splits the constraint graph (variables linked when a constraint
uses both) into components K1..Kr, the valid points are exactly the natural join of r tables on C: table k holds
the solutions of the sub-problem over Kk ∪ C with the constraints that use only those variables (every constraint
lies in one such sub-problem, by construction). Each table is enumerated by the same solver (python-constraint2)
and is far smaller than the whole space: for conv42 at VGG-16 layer 7 the cutset is {θ} and the tables are
{θ, ρ}, {θ, ρW} and {θ, v, κ, σ, ω}, a few thousand rows each, for about 16.7 million points.

With cid = the index of a cutset assignment valid in every table and n_k(cid) the rows of table k with it:
- count = Σ_cid Π_k n_k(cid)  (exact);
- uniform sample: cid with probability Π_k n_k(cid) / count, then one uniform row of each table within cid;
- valid_values(p, partial): per table, the rows that agree with partial; a cid stays when every table keeps a
  row with it (and it agrees with partial on C); the values of p are those of its table's kept rows with a kept
  cid (or the kept cids' values when p is in C). Exact, a few NumPy passes over the tables.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from .constraint import Constraint

MAX_CUTSET = 2  # variables
MAX_CUTSET_PRODUCT = 100_000  # cutset assignments considered


def components(names: Sequence[str], constraints: Sequence[Constraint], removed: frozenset[str] = frozenset()
               ) -> list[tuple[str, ...]]:
    """Connected components (in `names` order) of the constraint graph without the `removed` variables."""
    parent = {n: n for n in names if n not in removed}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in constraints:
        live = [p for p in c.params if p not in removed]
        for p in live[1:]:
            ra, rb = find(live[0]), find(p)
            if ra != rb:
                parent[rb] = ra
    groups: dict[str, list[str]] = {}
    for n in names:
        if n not in removed:
            groups.setdefault(find(n), []).append(n)
    return [tuple(g) for g in groups.values()]


def choose_cutset(names: Sequence[str], domains: Mapping[str, Sequence[int]], constraints: Sequence[Constraint]
                  ) -> tuple[tuple[str, ...], list[tuple[str, ...]]] | None:
    """The cutset of at most MAX_CUTSET variables (assignments at most MAX_CUTSET_PRODUCT) that splits the graph
    into at least two components with the smallest sum of sub-problem domain products; None when there is none."""
    best = None
    for size in range(MAX_CUTSET + 1):
        for cut in itertools.combinations(names, size):
            cut_prod = math.prod(len(domains[n]) for n in cut)
            if cut_prod > MAX_CUTSET_PRODUCT:
                continue
            comps = components(names, constraints, frozenset(cut))
            if len(comps) < 2:
                continue
            score = sum(cut_prod * math.prod(len(domains[n]) for n in k) for k in comps)
            if best is None or score < best[0]:
                best = (score, cut, comps)
    return None if best is None else (best[1], best[2])


class Factored:
    """The valid points of (names, domains, constraints) as tables joined on a cutset; see the module doc.

    `solve(domains, constraints, names, limit)` enumerates a sub-problem (rows as tuples in `names` order, at
    most `limit`), `narrow(domains, constraints)` is solver.narrow; a table with more than `limit` rows raises
    OverflowError."""

    def __init__(self, names: Sequence[str], domains: Mapping[str, Sequence[int]],
                 constraints: Sequence[Constraint], cut: Sequence[str], comps: Sequence[Sequence[str]],
                 solve: Callable[..., list[tuple]], narrow: Callable, limit: int):
        self.names = tuple(names)
        self.cut = tuple(cut)
        self.comps = [tuple(k) for k in comps]
        cset = set(self.cut)
        raw = []
        cut_cons = [c for c in constraints if set(c.params) <= cset]
        cut_rows = [cv for cv in itertools.product(*(domains[n] for n in self.cut))
                    if all(c.check(dict(zip(self.cut, cv))) for c in cut_cons)]
        for k in self.comps:
            cols = (*self.cut, *k)
            allowed = cset | set(k)
            cons = [c for c in constraints if set(c.params) <= allowed]
            rows: list[tuple] = []
            for cv in cut_rows:  # one sub-problem per cutset assignment: narrowing with it fixed is cheap and
                doms = {n: domains[n] for n in k}  # shrinks the domains a lot (σ: the divisors of (θ - 2)^2)
                doms.update({n: (v,) for n, v in zip(self.cut, cv)})
                doms, live, culprit = narrow(doms, cons)
                if culprit is None:
                    rows += solve(doms, live, cols, limit + 1 - len(rows))
                if len(rows) > limit:
                    raise OverflowError(f"the sub-problem over {cols} has more than {limit} valid points")
            raw.append(np.array(rows, dtype=np.int64).reshape(len(rows), len(cols)))
        nc = len(self.cut)
        # cutset assignments present in every table, as ids 0..ncut-1 (sorted lexicographically)
        keys = None
        for arr in raw:
            ks = {tuple(r) for r in arr[:, :nc].tolist()}
            keys = ks if keys is None else keys & ks
        self.cut_values = np.array(sorted(keys or ()), dtype=np.int64).reshape(len(keys or ()), nc)
        ncut = len(self.cut_values)
        lookup = {tuple(r): i for i, r in enumerate(self.cut_values.tolist())}
        self.tables: list[np.ndarray] = []  # columns: the component's variables
        self.cids: list[np.ndarray] = []  # the row's cutset id (rows sorted by it)
        self.starts: list[np.ndarray] = []  # rows of cid i are starts[i]:starts[i+1]
        for arr in raw:
            cid = np.array([lookup.get(tuple(r), -1) for r in arr[:, :nc].tolist()], dtype=np.int64)
            keep = cid >= 0
            arr, cid = arr[keep], cid[keep]
            order = np.lexsort((*arr[:, nc:].T[::-1], cid)) if len(arr) else np.zeros(0, dtype=np.int64)
            self.tables.append(np.ascontiguousarray(arr[order, nc:]))
            self.cids.append(cid[order])
            self.starts.append(np.searchsorted(cid[order], np.arange(ncut + 1)))
        self.sizes = np.array([np.diff(s) for s in self.starts], dtype=np.int64).reshape(len(self.comps), ncut)
        self.weights = [math.prod(int(x) for x in self.sizes[:, i]) for i in range(ncut)]
        self.count = sum(self.weights)
        self.where = {n: (-1, self.cut.index(n)) for n in self.cut}
        for t, k in enumerate(self.comps):
            self.where.update({n: (t, j) for j, n in enumerate(k)})

    def __repr__(self) -> str:
        rows = "+".join(str(len(t)) for t in self.tables)
        return (f"Factored(cutset {self.cut}, components {self.comps}, {len(self.cut_values)} cutset values, "
                f"{rows} rows, {self.count} points)")

    # --- queries ----------------------------------------------------------------------------------------------
    def valid_values(self, param: str, partial: Mapping[str, int]) -> list[int]:
        feasible = np.ones(len(self.cut_values), dtype=bool)
        for n, v in partial.items():
            t, j = self.where[n]
            if t < 0:
                feasible &= self.cut_values[:, j] == v
        masks: dict[int, np.ndarray | None] = {}
        for t, table in enumerate(self.tables):
            mask = None
            for n, v in partial.items():
                tt, j = self.where[n]
                if tt == t:
                    m = table[:, j] == v
                    mask = m if mask is None else mask & m
            masks[t] = mask
            if mask is not None:
                feasible &= np.bincount(self.cids[t][mask], minlength=len(feasible)) > 0
        t, j = self.where[param]
        if t < 0:
            return np.unique(self.cut_values[feasible, j]).tolist()
        keep = feasible[self.cids[t]]
        if masks[t] is not None:
            keep &= masks[t]
        return np.unique(self.tables[t][keep, j]).tolist()

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """`n` points drawn uniformly and independently, as rows in `names` order."""
        if self.count == 0:
            raise ValueError("the space has no valid point")
        w = np.array(self.weights, dtype=float)
        cid = rng.choice(len(w), size=n, p=w / w.sum())
        out = np.empty((n, len(self.names)), dtype=np.int64)
        col = {name: i for i, name in enumerate(self.names)}
        for j, name in enumerate(self.cut):
            out[:, col[name]] = self.cut_values[cid, j]
        for t, k in enumerate(self.comps):
            lo = self.starts[t][cid]
            row = lo + (rng.random(n) * (self.starts[t][cid + 1] - lo)).astype(np.int64)
            for j, name in enumerate(k):
                out[:, col[name]] = self.tables[t][row, j]
        return out

    def join(self) -> np.ndarray:
        """Every point (rows in `names` order, sorted lexicographically): the join of the tables."""
        col = {name: i for i, name in enumerate(self.names)}
        blocks = []
        for i in range(len(self.cut_values)):
            parts = [self.tables[t][self.starts[t][i]:self.starts[t][i + 1]] for t in range(len(self.tables))]
            idx = np.stack([g.ravel() for g in np.meshgrid(*[np.arange(len(p)) for p in parts], indexing="ij")],
                           axis=1) if parts else np.zeros((1, 0), dtype=np.int64)
            block = np.empty((len(idx), len(self.names)), dtype=np.int64)
            for j, name in enumerate(self.cut):
                block[:, col[name]] = self.cut_values[i, j]
            for t, k in enumerate(self.comps):
                for j, name in enumerate(k):
                    block[:, col[name]] = parts[t][idx[:, t], j]
            blocks.append(block)
        arr = np.concatenate(blocks) if blocks else np.zeros((0, len(self.names)), dtype=np.int64)
        return arr[np.lexsort(arr.T[::-1])] if len(arr) else arr
