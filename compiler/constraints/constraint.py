"""The constraint record (thesis §4.3 / §5.3.2): a condition, the parameters it is imposed upon, and where it
came from.

`Constraint.expr` is either a sympy boolean (a relational such as `Eq(Mod(n, m), 0)` or `m <= n`, a
`Contains(v, {1, 2, 4, 8, 16})`, or an And/Or/Not of those) or a `Predicate`: a Python callable with a
readable text, used where the thesis writes a predicate directly (the Ch5 mapping rules). Every constraint
compiles to a scalar Python function (`fn`, arguments in `params` order) and, for sympy expressions, to a
vectorised NumPy function (`np_fn`) used by range narrowing.

Integer semantics of the compiled code: `floor(a/b)` and `ceiling(a/b)` are exact integer divisions
(`//`); a plain quotient `a/b` (an exact division in a type, e.g. `N/m` after `split(m)`) is a true division,
exact in floating point for the sizes we handle (< 2**53), and `Mod` is Python's `%`. A constraint that
divides by zero is false.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import sympy
from sympy.logic.boolalg import Boolean, BooleanFalse, BooleanTrue

VECTOR_WIDTHS = (1, 2, 4, 8, 16)


def param(name: str) -> sympy.Symbol:
    """The symbol of a tuning parameter inside constraints: an integer >= 0 (bounds are explicit constraints,
    never assumptions, so that sympy cannot silently decide a bound such as `pad >= 1`)."""
    return _param(name)


@functools.cache
def _param(name: str) -> sympy.Symbol:
    return sympy.Symbol(name, integer=True, nonnegative=True)


@dataclass(frozen=True, eq=False)
class Predicate:
    """A predicate written in Python: `fn(*values)` with the values of `params` in order; `text` is what prints."""

    fn: Callable[..., bool]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False)
class Constraint:
    """`expr` must hold for the values of `params`; `origin` names the primitive or rule that induced it."""

    expr: Boolean | Predicate
    params: tuple[str, ...]
    origin: str = ""
    _fn: list = field(default_factory=list, repr=False, compare=False)

    @staticmethod
    def of(expr, origin: str = "", params: Sequence[str] | None = None) -> Constraint:
        """A constraint from a sympy boolean (parameters = its free symbols, sorted) or a Predicate (give params)."""
        if isinstance(expr, Predicate):
            if params is None:
                raise ValueError("a Predicate constraint needs its params")
            return Constraint(expr, tuple(params), origin)
        expr = sympy.sympify(expr)
        names = tuple(sorted(s.name for s in expr.free_symbols)) if params is None else tuple(params)
        return Constraint(expr, names, origin)

    # --- text -------------------------------------------------------------------------------------
    @functools.cached_property
    def text(self) -> str:  # printing is slow (sympy's as_numer_denom); a constraint is immutable
        return show_constraint(self.expr)

    def __str__(self) -> str:
        return f"{self.text}    [{self.origin}]" if self.origin else self.text

    def __repr__(self) -> str:
        return f"Constraint({self.text!r}, params={self.params}, origin={self.origin!r})"

    @property
    def is_predicate(self) -> bool:
        return isinstance(self.expr, Predicate)

    # --- evaluation -------------------------------------------------------------------------------
    @property
    def fn(self) -> Callable[..., bool]:
        """Scalar check: fn(*values in params order) -> bool (False on division by zero)."""
        if not self._fn:
            self._fn.append(_compile_scalar(self.expr, self.params))
        return self._fn[0]

    @property
    def np_fn(self) -> Callable[..., np.ndarray] | None:
        """Vectorised check over int64 arrays (None for a Predicate)."""
        if len(self._fn) < 2:
            if not self._fn:
                self._fn.append(_compile_scalar(self.expr, self.params))
            self._fn.append(None if self.is_predicate else _compile_numpy(self.expr, self.params))
        return self._fn[1]

    def check(self, values: Mapping[str, int]) -> bool:
        return bool(self.fn(*(values[p] for p in self.params)))

    def substitute(self, values: Mapping[str, int]) -> Constraint | bool:
        """Partial evaluation: the constraint with some parameters bound; True/False when none is left."""
        bound = {p: int(v) for p, v in values.items() if p in self.params}
        if not bound:
            return self
        rest = tuple(p for p in self.params if p not in bound)
        if self.is_predicate:
            if not rest:
                return bool(self.check(bound))
            fn, order = self.expr.fn, self.params

            def partial(*xs, _fn=fn, _order=order, _bound=bound, _rest=rest):
                env = dict(zip(_rest, xs))
                env.update(_bound)
                return _fn(*(env[p] for p in _order))

            text = f"{self.expr.text} with {', '.join(f'{k}={v}' for k, v in bound.items())}"
            return Constraint(Predicate(partial, text), rest, self.origin)
        e = self.expr.subs({param(p): v for p, v in bound.items()})
        e = e.subs({sympy.Symbol(p, integer=True, positive=True): v for p, v in bound.items()})
        if e in (sympy.true, sympy.false):
            return bool(e)
        return Constraint(e, tuple(p for p in rest if p in {s.name for s in e.free_symbols}), self.origin)


# --- printing -------------------------------------------------------------------------------------------
_REL = {"==": "=", "!=": "≠", "<=": "≤", ">=": "≥", "<": "<", ">": ">"}


def show_constraint(e) -> str:
    """Readable text: `N % m = 0`, `m ≤ N`, `v ∈ {1, 2, 4, 8, 16}`, `a ∧ b`."""
    if isinstance(e, Predicate):
        return e.text
    if isinstance(e, sympy.Eq):
        return f"{_arith(e.lhs)} = {_arith(e.rhs)}"
    if isinstance(e, sympy.Ne):
        return f"{_arith(e.lhs)} ≠ {_arith(e.rhs)}"
    if isinstance(e, sympy.core.relational.Relational):
        return f"{_arith(e.lhs)} {_REL[e.rel_op]} {_arith(e.rhs)}"
    if isinstance(e, sympy.Contains):
        return f"{_arith(e.args[0])} ∈ {{{', '.join(str(x) for x in sorted(e.args[1]))}}}"
    if isinstance(e, sympy.And):
        return " ∧ ".join(f"({show_constraint(a)})" for a in e.args)
    if isinstance(e, sympy.Or):
        return " ∨ ".join(f"({show_constraint(a)})" for a in e.args)
    if isinstance(e, sympy.Not):
        return f"¬({show_constraint(e.args[0])})"
    if isinstance(e, BooleanTrue | BooleanFalse):
        return str(bool(e)).lower()
    return str(e)


def _arith(e) -> str:
    text = _ConstraintPrinter("text").go(e)
    if isinstance(e, sympy.Add) and text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    return text


# --- compilation ---------------------------------------------------------------------------------------
class _ConstraintPrinter:
    """sympy -> Python source. mode: 'py' (scalar), 'np' (NumPy arrays) or 'text' (display)."""

    def __init__(self, mode: str, names: Mapping[str, str] | None = None):
        self.mode = mode
        self.names = names or {}
        self.divisors: list[str] = []  # printed divisors, inner first (scalar mode guards them)

    def _den(self, text: str) -> str:
        if self.mode == "py" and not _is_literal(text) and text not in self.divisors:
            self.divisors.append(text)
        return text

    def go(self, e) -> str:  # noqa: C901 - one case per sympy node kind
        m = self.mode
        if isinstance(e, sympy.Symbol):
            return self.names.get(e.name, e.name)
        if isinstance(e, sympy.Integer):
            return str(int(e))
        if isinstance(e, sympy.Rational):
            return f"({e.p} / {e.q})" if m != "text" else f"{e.p}/{e.q}"
        if isinstance(e, BooleanTrue):
            return "True"
        if isinstance(e, BooleanFalse):
            return "False"
        if isinstance(e, sympy.Add):
            args = _ordered(e.args)
            if m == "text":  # symbols first, the constant last: (theta - 2)
                args = [a for a in args if not a.is_Number] + [a for a in args if a.is_Number]
            terms = [self.go(a) for a in args]
            out = terms[0]
            for t in terms[1:]:
                out += f" - {t[1:]}" if t.startswith("-") and m == "text" else f" + {t}"
            return f"({out})"
        if isinstance(e, sympy.Mul):
            num, den = e.as_numer_denom()
            if den != 1:
                if m == "np":
                    return f"_div({self._product(num)}, {self._product(den)})"
                if m == "text":
                    d = self._product(den)
                    return f"{self._product(num)}/({d})" if isinstance(den, sympy.Mul) else f"{self._product(num)}/{d}"
                return f"({self._product(num)} / {self._den(self._product(den))})"
            return self._product(e)
        if isinstance(e, sympy.Pow):
            b, x = e.args
            if x.is_Integer and int(x) < 0:
                return f"_div(1, {self._pow(b, -int(x))})" if m == "np" else f"(1 / {self._den(self._pow(b, -int(x)))})"
            if x.is_Integer:
                return self._pow(b, int(x))
            return f"({self.go(b)} ** {self.go(x)})"
        if isinstance(e, sympy.Mod):
            if m == "np":
                return f"_mod({self.go(e.args[0])}, {self.go(e.args[1])})"
            return f"({self.go(e.args[0])} % {self._den(self.go(e.args[1]))})"
        if isinstance(e, sympy.floor | sympy.ceiling):
            num, den = e.args[0].as_numer_denom()
            if m == "text":
                return f"{'floor' if isinstance(e, sympy.floor) else 'ceil'}({self.go(e.args[0])})"
            if den == 1:
                return self.go(num) if m == "py" else f"np.floor({self.go(num)})"
            if m == "np":
                f = "_floordiv" if isinstance(e, sympy.floor) else "_ceildiv"
                return f"{f}({self.go(num)}, {self.go(den)})"
            if isinstance(e, sympy.floor):
                return f"({self.go(num)} // {self._den(self.go(den))})"
            return f"(-((-{self.go(num)}) // {self._den(self.go(den))}))"
        if isinstance(e, sympy.Max | sympy.Min):
            args = [self.go(a) for a in e.args]
            if m == "np":
                f = "np.maximum" if isinstance(e, sympy.Max) else "np.minimum"
                out = args[0]
                for a in args[1:]:
                    out = f"{f}({out}, {a})"
                return out
            return f"{'max' if isinstance(e, sympy.Max) else 'min'}({', '.join(args)})"
        if isinstance(e, sympy.core.relational.Relational):
            if m != "text":
                exact = self._exact_relational(e)
                if exact is not None:
                    return exact
            op = e.rel_op if m != "text" else _REL[e.rel_op]
            return f"({self.go(e.lhs)} {op} {self.go(e.rhs)})"
        if isinstance(e, sympy.Contains):
            vals = ", ".join(str(int(x)) for x in sorted(e.args[1]))
            if m == "np":
                return f"np.isin({self.go(e.args[0])}, [{vals}])"
            return f"({self.go(e.args[0])} in ({vals},))"
        if isinstance(e, sympy.And | sympy.Or):
            if m == "np":
                op = " & " if isinstance(e, sympy.And) else " | "
            else:
                op = " and " if isinstance(e, sympy.And) else " or "
            return "(" + op.join(self.go(a) for a in e.args) + ")"
        if isinstance(e, sympy.Not):
            return f"np.logical_not({self.go(e.args[0])})" if m == "np" else f"(not {self.go(e.args[0])})"
        raise TypeError(f"cannot compile {e!r} ({type(e).__name__}) into a constraint check")

    def _exact_relational(self, e) -> str | None:
        """Integer-exact code for a comparison whose sides divide: L - R = P/Q with integer polynomials P, Q is
        compared through the signs of P and Q (no floating-point quotient)."""
        d = e.lhs - e.rhs
        if not d.free_symbols or not _has_division(d):
            return None
        P, Q = _integer_fraction(d)
        if P is None:
            return None
        op = e.rel_op
        p_txt = self.go(P)
        if Q.is_Number:
            return f"({p_txt} {op} 0)" if Q > 0 else f"({p_txt} {_FLIP[op]} 0)"
        q_txt = self.go(Q)
        self._den(q_txt)
        if op in ("==", "!="):
            return f"({p_txt} {op} 0)"
        if self.mode == "np":
            return f"np.where({q_txt} > 0, {p_txt} {op} 0, ({q_txt} < 0) & ({p_txt} {_FLIP[op]} 0))"
        return f"(({p_txt} {op} 0) if {q_txt} > 0 else ({p_txt} {_FLIP[op]} 0))"

    def _product(self, e) -> str:
        if not isinstance(e, sympy.Mul):
            return self.go(e)
        coeff, rest = e.as_coeff_Mul()
        parts = [self.go(a) for a in _ordered(sympy.Mul.make_args(rest))]
        if coeff == -1:
            return "-" + " * ".join(parts) if self.mode == "text" else "(-" + " * ".join(parts) + ")"
        if coeff != 1:
            parts.insert(0, self.go(coeff))
        return "(" + " * ".join(parts) + ")" if self.mode != "text" else "*".join(parts)

    def _pow(self, b, k: int) -> str:
        s = self.go(b)
        return f"({s} ** {k})" if self.mode != "text" else f"{s}^{k}"


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _has_division(e) -> bool:
    return any(isinstance(a, sympy.Pow) and a.exp.is_negative for a in sympy.preorder_traversal(e)) or any(
        isinstance(a, sympy.Rational) and not a.is_Integer for a in sympy.preorder_traversal(e))


@functools.lru_cache(maxsize=4096)
def _integer_fraction(e):
    """(P, Q) with e = P/Q, P and Q polynomials with integer coefficients, or (None, None) when e is not a
    rational function of its symbols (floor, Mod, Max inside). Memoised: a lowering's spaces for each value of its
    switches ask about the same few expressions (conv42: 2,208 questions, 40 expressions)."""
    if any(isinstance(a, sympy.floor | sympy.ceiling | sympy.Mod | sympy.Max | sympy.Min | sympy.Abs)
           for a in sympy.preorder_traversal(e)):
        return None, None
    syms = sorted(e.free_symbols, key=lambda s: s.name)
    if not syms:  # a constant (sympy's Poly needs generators): exact when rational, else not a fraction
        return (sympy.Integer(e.p), sympy.Integer(e.q)) if e.is_Rational else (None, None)
    P, Q = sympy.fraction(sympy.cancel(sympy.together(e)))
    try:
        pp, qq = sympy.Poly(P, *syms), sympy.Poly(Q, *syms)
    except sympy.PolynomialError:
        return None, None
    coeffs = [*pp.coeffs(), *qq.coeffs()]
    if not all(c.is_Rational for c in coeffs):
        return None, None
    scale = sympy.ilcm(*[sympy.Rational(c).q for c in coeffs]) if coeffs else 1
    return sympy.expand(P * scale), sympy.expand(Q * scale)


def divides(m, n) -> Boolean:
    """`n % m = 0` as an integer-exact divisibility: with n/m = P/Q in lowest terms (integer polynomials), Q | P.
    (Building `Mod(n, m)` directly lets sympy pull rational factors out of the Mod, which floating point cannot
    evaluate exactly.)"""
    P, Q = _integer_fraction(sympy.sympify(n) / sympy.sympify(m))
    if P is None:
        return sympy.Eq(sympy.Mod(n, m), 0)
    P, Q = (_tidy(x) for x in (P, Q))  # the sign does not matter for divisibility
    e = sympy.Eq(sympy.Mod(P, Q), 0)
    return e


def _tidy(x):
    x = -x if x.could_extract_minus_sign() else x
    try:
        f = sympy.factor(x)
    except Exception:  # pragma: no cover - factor gives up: keep the expanded form
        return x
    return -f if f.could_extract_minus_sign() else f


def canonical_divisibility(e):
    """`c * Mod(a, b) = 0` (sympy's rewriting after a substitution) back to `Mod(a', b') = 0`, tidy."""
    if isinstance(e, sympy.Eq) and e.rhs == 0:
        c, rest = e.lhs.as_coeff_Mul()
        if isinstance(rest, sympy.Mod) and c != 0:
            a, b = rest.args
            return divides(b, a)
    return e


def _ordered(args):
    return sorted(args, key=sympy.default_sort_key)


def python_source(expr, names: Mapping[str, str] | None = None) -> str:
    """Scalar Python source of a sympy constraint (used for python-constraint2 string constraints)."""
    return _ConstraintPrinter("py", names).go(expr)


def _safe_names(params: Sequence[str]) -> dict[str, str]:
    return {p: f"v{i}" for i, p in enumerate(params)}


COMPILED_CACHE = 8192  # compiled checks kept per form (the members of a switch union share most constraints)


def _compile_scalar(expr, params: Sequence[str]) -> Callable[..., bool]:
    """A plain Python function (no wrapper: python-constraint2 calls it in its inner loop); divisors are checked
    first, so a zero divisor makes the constraint false instead of raising. Memoised by (expression, params):
    the function depends on nothing else."""
    if isinstance(expr, Predicate):
        return expr.fn
    return _scalar_of(expr, tuple(params))


@functools.lru_cache(maxsize=COMPILED_CACHE)
def _scalar_of(expr, params: tuple[str, ...]) -> Callable[..., bool]:
    names = _safe_names(params)
    pr = _ConstraintPrinter("py", names)
    src = pr.go(expr)
    if pr.divisors:
        src = " and ".join([f"{d} != 0" for d in pr.divisors] + [src])
    args = ", ".join(names[p] for p in params)
    code = f"def _c({args}):\n    return {src}\n"
    scope: dict = {"math": math}
    exec(compile(code, f"<constraint {show_constraint(expr)}>", "exec"), scope)
    return scope["_c"]


def _is_literal(text: str) -> bool:
    try:
        float(text.strip("()"))
    except ValueError:
        return False
    return float(text.strip("()")) != 0


class _ZeroGuard:
    """Division helpers for the NumPy form: they record where a divisor is zero (the constraint is then false)."""

    def __init__(self):
        self.bad = []

    def _note(self, b):
        b = np.asarray(b)
        self.bad.append(b == 0)
        return np.where(b == 0, 1, b)

    def div(self, a, b):
        return np.asarray(a) / self._note(b)

    def mod(self, a, b):
        return np.mod(a, self._note(b))

    def floordiv(self, a, b):
        return np.floor_divide(a, self._note(b))

    def ceildiv(self, a, b):
        return -np.floor_divide(np.negative(a), self._note(b))


def _compile_numpy(expr, params: Sequence[str]) -> Callable[..., np.ndarray]:
    """The vectorised check of a sympy constraint (memoised by expression and params, as `_compile_scalar`)."""
    return _numpy_of(expr, tuple(params))


@functools.lru_cache(maxsize=COMPILED_CACHE)
def _numpy_of(expr, params: tuple[str, ...]) -> Callable[..., np.ndarray]:
    names = _safe_names(params)
    src = _ConstraintPrinter("np", names).go(expr)
    args = ", ".join(names[p] for p in params)
    code = f"def _c(_div, _mod, _floordiv, _ceildiv, {args}):\n    return {src}\n"
    scope: dict = {"np": np}
    exec(compile(code, f"<constraint {show_constraint(expr)}>", "exec"), scope)
    fn = scope["_c"]

    def vectorised(*xs):
        xs = tuple(np.asarray(x, dtype=np.int64) for x in xs)
        shape = np.broadcast_shapes(*(x.shape for x in xs)) if xs else ()
        g = _ZeroGuard()
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            r = np.broadcast_to(np.asarray(fn(g.div, g.mod, g.floordiv, g.ceildiv, *xs), dtype=bool), shape)
        for bad in g.bad:
            r = r & ~np.broadcast_to(bad, shape)
        return r

    return vectorised


def is_true(e) -> bool:
    return e is sympy.true or e is True


def is_false(e) -> bool:
    return e is sympy.false or e is False
