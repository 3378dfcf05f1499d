"""Symbolic sizes: sympy expressions over size variables and tuning parameters.

Every size variable is a positive integer sympy Symbol made by `var`, so that the same name always gives the
same Symbol (the parser, the DSL and the constraint solver agree on identity).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

import sympy

Size = sympy.Expr



@functools.cache
def var(name: str) -> sympy.Symbol:
    """The size variable or tuning parameter called `name` (a positive integer)."""
    return sympy.Symbol(name, integer=True, positive=True)


def size(x: int | str | sympy.Basic) -> sympy.Expr:
    """Coerce an int, a name or an expression string into a sympy size expression."""
    if isinstance(x, sympy.Basic):
        return x  # type: ignore[return-value]
    if isinstance(x, bool):
        raise TypeError(f"a size must be an integer or an expression, not {x!r}")
    if isinstance(x, int):
        return sympy.Integer(x)
    if isinstance(x, str):
        return parse_size(x)
    raise TypeError(f"a size must be an integer or an expression, not {x!r}")


def parse_size(text: str) -> sympy.Expr:
    """Parse an arithmetic size expression; every name becomes a size variable."""
    from sympy.parsing.sympy_parser import parse_expr

    names = {n: var(n) for n in _names(text)}
    names.update({"floor": sympy.floor, "ceiling": sympy.ceiling, "Mod": sympy.Mod, "Max": sympy.Max,
                  "Min": sympy.Min})
    return sympy.sympify(parse_expr(text, local_dict=names, evaluate=True))


def _names(text: str) -> list[str]:
    import re

    reserved = {"floor", "ceiling", "Mod", "Max", "Min"}
    return [n for n in re.findall(r"[A-Za-z_\u0370-\u03ff][A-Za-z0-9_\u0370-\u03ff]*", text) if n not in reserved]


@functools.lru_cache(maxsize=65536)
def _simplify(e: sympy.Expr) -> sympy.Expr:
    return sympy.simplify(e)


def simplify(e: sympy.Expr) -> sympy.Expr:
    return _simplify(sympy.sympify(e))


@functools.lru_cache(maxsize=65536)
def equal(a: sympy.Expr, b: sympy.Expr) -> bool:
    """True when two size expressions are provably equal for all positive integer values."""
    if a == b:
        return True
    d = sympy.simplify(sympy.sympify(a) - sympy.sympify(b))
    return d == 0


def floordiv(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    return sympy.floor(sympy.sympify(a) / sympy.sympify(b))


def evaluate(e: sympy.Expr | int, env: Mapping[str, int]) -> int:
    """The integer value of a size expression with its variables bound; names a missing variable."""
    e = size(e) if not isinstance(e, sympy.Basic) else e
    free = {s.name for s in e.free_symbols}
    missing = sorted(free - set(env))
    if missing:
        raise KeyError(f"size variable(s) {', '.join(missing)} unbound in {e}")
    v = e.subs({var(n): int(env[n]) for n in free})
    if not v.is_number:
        raise ValueError(f"size {e} did not evaluate to a number: {v}")
    if v != int(v):
        raise ValueError(f"size {e} = {v} is not an integer for {dict(env)}")
    return int(v)


def free_names(e: sympy.Expr | int) -> frozenset[str]:
    if isinstance(e, int):
        return frozenset()
    return frozenset(s.name for s in e.free_symbols)


def show(e: sympy.Expr | int) -> str:
    """Text of a size: plain for atoms, parenthesised for compound expressions (used in type printing)."""
    s = str(e)
    if isinstance(e, int) or (isinstance(e, sympy.Basic) and (e.is_Atom)):
        return s
    return f"({s})"
