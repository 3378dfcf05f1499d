"""OR-Tools CP-SAT backend (optional: `pip install ortools`), used by `Space(backend="cpsat")` and the benchmark.

sympy constraints are translated to CP-SAT: products through AddMultiplicationEquality, `floor(a/b)` through
AddDivisionEquality, `Mod` through AddModuloEquality, an exact quotient `a/b` (a length in a type) as q with
q * b == a (so a point where the quotient is not whole is rejected, as the divisibility constraint that comes with
it would reject it anyway), relationals inside And/Or/Not fully reified. Python predicates (the Ch5 mapping rules)
cannot be translated and raise TypeError.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence

import sympy

from .constraint import Constraint
from .interval import interval

BIG = 2**40


class _Translator:
    def __init__(self, model, variables, domains):
        self.m = model
        self.vars = variables  # name -> IntVar
        self.bounds = {n: (min(d), max(d)) for n, d in domains.items()}
        self.n_aux = 0

    def aux(self, lo, hi, name="t"):
        self.n_aux += 1
        lo, hi = max(int(math.floor(lo)), -BIG), min(int(math.ceil(hi)), BIG)
        return self.m.NewIntVar(lo, hi, f"{name}{self.n_aux}")

    def interval(self, e):
        return interval(e, self.bounds)

    def lin(self, e):
        if e.is_Integer:
            return int(e)
        if isinstance(e, sympy.Symbol):
            return self.vars[e.name]
        if isinstance(e, sympy.Add):
            return sum(self.lin(a) for a in e.args)
        if isinstance(e, sympy.Mul | sympy.Pow):
            num, den = e.as_numer_denom()
            if den != 1:  # an exact quotient: q * den == num
                lo, hi = self.interval(e)
                q = self.aux(lo, hi, "q")
                self.m.Add(self.lin(num) == self.product([(q, (lo, hi)), (self.lin(den), self.interval(den))]))
                return q
            coeff, rest = e.as_coeff_Mul()
            if not coeff.is_Integer:
                raise TypeError(f"non-integer coefficient in {e}")
            factors = []
            for f in sympy.Mul.make_args(rest):
                if isinstance(f, sympy.Pow) and f.args[1].is_Integer and int(f.args[1]) > 0:
                    factors += [(self.lin(f.args[0]), self.interval(f.args[0]))] * int(f.args[1])
                else:
                    factors.append((self.lin(f), self.interval(f)))
            return int(coeff) * self.product(factors)
        if isinstance(e, sympy.Mod):
            a, b = e.args
            r = self.aux(0, max(self.interval(b)[1] - 1, 0), "mod")
            self.m.AddModuloEquality(r, self.as_var(a), self.as_var(b))
            return r
        if isinstance(e, sympy.floor):
            num, den = e.args[0].as_numer_denom()
            lo, hi = self.interval(e)
            q = self.aux(lo, hi, "div")
            self.m.AddDivisionEquality(q, self.as_var(num), self.as_var(den))
            return q
        if isinstance(e, sympy.Max | sympy.Min):
            lo, hi = self.interval(e)
            t = self.aux(lo, hi, "mx")
            args = [self.as_var(a) for a in e.args]
            (self.m.AddMaxEquality if isinstance(e, sympy.Max) else self.m.AddMinEquality)(t, args)
            return t
        raise TypeError(f"cannot translate {e!r} to CP-SAT")

    def as_var(self, e):
        """e as an integer or a single CP-SAT variable (what the modulo/division constraints need)."""
        from ortools.sat.python import cp_model

        e = sympy.sympify(e)
        x = self.lin(e)
        if isinstance(x, int | cp_model.IntVar):
            return x
        lo, hi = self.interval(e)
        t = self.aux(lo, hi, "v")
        self.m.Add(t == x)
        return t

    def product(self, factors):
        """Product of (linear expression, (lo, hi)) factors through AddMultiplicationEquality."""
        from ortools.sat.python import cp_model

        acc, (lo, hi) = factors[0]
        for x, (flo, fhi) in factors[1:]:
            cands = [a * b if math.isfinite(a * b) else (BIG if a * b > 0 else -BIG)
                     for a in (lo, hi) for b in (flo, fhi)]
            lo, hi = min(cands), max(cands)
            t = self.aux(lo, hi, "p")
            args = []
            for y in (acc, x):
                if not isinstance(y, int | cp_model.IntVar):
                    v = self.aux(-BIG, BIG, "l")
                    self.m.Add(v == y)
                    y = v
                args.append(y)
            self.m.AddMultiplicationEquality(t, args)
            acc = t
        return acc

    def post(self, e, enforce=None):
        """Post a boolean constraint (enforced by literal `enforce` when given)."""
        if isinstance(e, sympy.And):
            for a in e.args:
                self.post(a, enforce)
            return
        if isinstance(e, sympy.Or | sympy.Not) or (enforce is not None and not isinstance(
                e, sympy.core.relational.Relational | sympy.Contains)):
            b = self.reify(e)
            ct = self.m.AddBoolOr([b])
            if enforce is not None:
                ct.OnlyEnforceIf(enforce)
            return
        ct = self._post_atom(e)
        if enforce is not None:
            ct.OnlyEnforceIf(enforce)

    def _post_atom(self, e):
        from ortools.sat.python import cp_model

        if isinstance(e, sympy.Contains):
            vals = sorted(int(v) for v in e.args[1])
            return self.m.AddLinearExpressionInDomain(self.lin(e.args[0]), cp_model.Domain.FromValues(vals))
        lhs, rhs = self.lin(e.lhs), self.lin(e.rhs)
        op = e.rel_op
        if op == "==":
            return self.m.Add(lhs == rhs)
        if op == "!=":
            return self.m.Add(lhs != rhs)
        if op == "<=":
            return self.m.Add(lhs <= rhs)
        if op == "<":
            return self.m.Add(lhs < rhs)
        if op == ">=":
            return self.m.Add(lhs >= rhs)
        return self.m.Add(lhs > rhs)

    def reify(self, e):
        """A boolean literal equal to the truth of e."""
        b = self.m.NewBoolVar("b")
        if isinstance(e, sympy.Not):
            return self.reify(e.args[0]).Not()
        if isinstance(e, sympy.Or | sympy.And):
            lits = [self.reify(a) for a in e.args]
            if isinstance(e, sympy.Or):
                self.m.AddBoolOr(lits).OnlyEnforceIf(b)
                for lit in lits:
                    self.m.AddImplication(lit, b)
            else:
                self.m.AddBoolAnd(lits).OnlyEnforceIf(b)
                self.m.AddBoolOr([lit.Not() for lit in lits]).OnlyEnforceIf(b.Not())
            return b
        self._post_atom(e).OnlyEnforceIf(b)
        self._post_atom(_negate(e)).OnlyEnforceIf(b.Not())
        return b


def _negate(e):
    if isinstance(e, sympy.Contains):
        raise TypeError("cannot negate a set membership for CP-SAT")
    return {"==": sympy.Ne, "!=": sympy.Eq, "<=": sympy.Gt, "<": sympy.Ge, ">=": sympy.Lt,
            ">": sympy.Le}[e.rel_op](e.lhs, e.rhs, evaluate=False)


def cp_model_of(domains: Mapping[str, Sequence[int]], constraints: Sequence[Constraint]):
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    variables = {n: m.NewIntVarFromDomain(cp_model.Domain.FromValues(list(d)), n) for n, d in domains.items()}
    tr = _Translator(m, variables, domains)
    for c in constraints:
        if c.is_predicate:
            raise TypeError(f"CP-SAT cannot take the Python predicate {c}")
        tr.post(c.expr)
    return m, variables


def cpsat_solutions(domains, constraints, names, limit: int, time_limit: float | None = None,
                    workers: int = 1) -> list[tuple]:
    """Up to `limit` solutions (tuples in `names` order) by CP-SAT's enumerate_all_solutions."""
    from ortools.sat.python import cp_model

    m, variables = cp_model_of(domains, constraints)
    order = [variables[n] for n in names]

    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.rows: list[tuple] = []

        def on_solution_callback(self):
            self.rows.append(tuple(self.Value(v) for v in order))
            if len(self.rows) >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = workers
    if time_limit:
        solver.parameters.max_time_in_seconds = time_limit
    cb = Collect()
    solver.Solve(m, cb)
    return cb.rows


def cpsat_feasible(domains, constraints) -> bool:
    from ortools.sat.python import cp_model

    m, _ = cp_model_of(domains, constraints)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    st = solver.Solve(m)
    return st in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def timed_enumeration(domains, constraints, names, time_limit: float) -> tuple[int, float, bool]:
    """(solutions found, seconds, finished) within a time limit."""
    t = time.perf_counter()
    rows = cpsat_solutions(domains, constraints, names, 10**9, time_limit)
    dt = time.perf_counter() - t
    return len(rows), dt, dt < time_limit * 0.98
