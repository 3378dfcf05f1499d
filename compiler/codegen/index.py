"""A small range-aware integer index algebra: what views turn into when a user function reads or writes.

Every index is a normalised sum `Σ coeff·atom + const` over atoms `Var` (a loop variable with range
[0, extent)), `Div(arg, d)` (floor division), `Mod(arg, d)` and `Clamp(arg, lo, hi)` (`min(max(arg, lo), hi)`,
a clamped pad's read), with constant positive divisors (kernels are specialised, so every size is a number).
Construction simplifies, so generated indices read like hand-written ones:
- constant folding and collecting terms (`i + i` is `2 * i`);
- `(c·q + r) / c = q + r / c` and `(c·q + r) % c = r % c` when r >= 0, then `r / c = 0`, `r % c = r` when the
  range of r lies in [0, c): `(64 * i + j) / 64 = i`, `(64 * i + j) % 64 = j` for 0 <= j < 64;
- a common factor of the divisor and every coefficient cancels: `(4 * i + 2) / 6 = (2 * i + 1) / 3`; one of
  the divisor and the coefficients alone moves the constant's remainder out (the lanes of a vector agree):
  `(4 * i + 1) / 8 = i / 2` and `(4 * i + 5) % 8 = 4 * ((i + 1) % 2) + 1`;
- `(a / b) / c = a / (b * c)`, `(a % (b * c)) % b = a % b`;
- `c * (x / c) + x % c = x` (a join of a split is the identity), `x % c + c * ((x / c) % d) = x % (c * d)`;
- a clamp whose argument's range lies in [lo, hi] is its argument; only the bound the range crosses is written
  (`max(i - 1, 0)` when i - 1 <= hi always).
A division or modulo whose argument may be negative is left exactly as written: C's `/` and `%` truncate, so
the rules (which hold for floor semantics) are only applied where both agree. Views only build such terms in
the unevaluated branch of a pad conditional.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, fields


def _memo_hash(cls):
    """A frozen dataclass whose hash (the same value as the generated one) is computed once per object: indices are
    nested terms, hashed again by every memo table they key. Pickled by its fields (the cached hash of strings is
    per process)."""
    names = tuple(f.name for f in fields(cls))

    def __hash__(self) -> int:
        try:
            return self.__dict__["_hash"]
        except KeyError:
            h = self.__dict__["_hash"] = hash(tuple(getattr(self, n) for n in names))
            return h

    def __reduce__(self):
        return (cls, tuple(getattr(self, n) for n in names))

    cls.__hash__ = __hash__
    cls.__reduce__ = __reduce__
    return cls


@_memo_hash
@dataclass(frozen=True)
class Var:
    """A loop variable with range [0, extent); `kind`/`dim` name the loop (seq, glb, wrg, lcl and dimension)."""

    name: str
    extent: int
    kind: str = "seq"
    dim: int = 0

    def __repr__(self) -> str:
        return self.name


@_memo_hash
@dataclass(frozen=True)
class Div:
    arg: Idx
    d: int


@_memo_hash
@dataclass(frozen=True)
class Mod:
    arg: Idx
    d: int


@_memo_hash
@dataclass(frozen=True)
class Clamp:
    """min(max(arg, lo), hi), lo <= hi: the index a clamped (edge) pad reads."""

    arg: Idx
    lo: int
    hi: int


Atom = Var | Div | Mod | Clamp


@_memo_hash
@dataclass(frozen=True)
class Idx:
    """Σ coeff·atom + const, terms sorted canonically, no zero coefficients."""

    terms: tuple[tuple[Atom, int], ...] = ()
    const: int = 0

    # --- arithmetic ---
    def __add__(self, other: Idx | int) -> Idx:
        o = other if type(other) is Idx else as_idx(other)
        # a constant added to a normal form only moves its constant
        if not o.terms and _normal(self):
            return Idx(self.terms, self.const + o.const) if o.const else self
        if not self.terms and _normal(o):
            return Idx(o.terms, self.const + o.const) if self.const else o
        acc = dict(self.terms)
        for a, c in o.terms:
            acc[a] = acc.get(a, 0) + c
        return _make(acc, self.const + o.const)

    __radd__ = __add__

    def __neg__(self) -> Idx:
        return self * -1

    def __sub__(self, other: Idx | int) -> Idx:
        return self + (-as_idx(other))

    def __rsub__(self, other: Idx | int) -> Idx:
        return as_idx(other) - self

    def __mul__(self, k: int) -> Idx:
        if not isinstance(k, int):
            raise TypeError(f"an index can only be scaled by an integer, not {k!r}")
        if k == 0:
            return Idx()
        if k == 1:
            return self
        out = Idx(tuple((a, c * k) for a, c in self.terms), self.const * k)
        if _normal(self):  # scaling keeps the order, the nonzero coefficients and the folded pairs
            out.__dict__["_normal"] = True
        return out

    __rmul__ = __mul__

    def __floordiv__(self, d: int) -> Idx:
        return floordiv(self, d)

    def __mod__(self, d: int) -> Idx:
        return mod(self, d)

    # --- queries ---
    @property
    def is_const(self) -> bool:
        return not self.terms

    @property
    def var(self) -> Var | None:
        """The variable when this index is exactly one loop variable."""
        if self.const == 0 and len(self.terms) == 1 and self.terms[0][1] == 1 and isinstance(self.terms[0][0], Var):
            return self.terms[0][0]
        return None

    def __repr__(self) -> str:
        return render(self)


def as_idx(x: Idx | int | Var) -> Idx:
    if isinstance(x, Idx):
        return x
    if isinstance(x, bool):
        raise TypeError("booleans are not indices")
    if isinstance(x, int):
        return Idx((), x)
    if isinstance(x, Var | Div | Mod | Clamp):
        return Idx(((x, 1),), 0)
    raise TypeError(f"not an index: {x!r}")


def cst(c: int) -> Idx:
    return Idx((), int(c))


def var(v: Var) -> Idx:
    return Idx(((v, 1),), 0)


# --- normal form --------------------------------------------------------------------------------------------
def _key(x) -> tuple:
    """The canonical sort key of an atom or index (computed once per object)."""
    try:
        return x.__dict__["_key"]
    except KeyError:
        pass
    if isinstance(x, Var):
        k = (1, x.name, x.extent, x.kind, x.dim)
    elif isinstance(x, Div):
        k = (2, _key(x.arg), x.d)
    elif isinstance(x, Mod):
        k = (0, _key(x.arg), x.d)
    elif isinstance(x, Clamp):
        k = (4, _key(x.arg), x.lo, x.hi)
    else:
        assert isinstance(x, Idx), x
        k = (3, tuple((_key(a), c) for a, c in x.terms), x.const)
    x.__dict__["_key"] = k
    return k


def _normal(e: Idx) -> bool:
    """Whether e's terms are known to be in normal form (`_make` returns e's terms for them): built by `_make`,
    or at most one term."""
    t = e.terms
    if len(t) > 1:
        return "_normal" in e.__dict__
    return not t or t[0][1] != 0


def _item_key(t: tuple) -> tuple:
    return _key(t[0])


def _make(acc: dict, const: int) -> Idx:
    if 0 in acc.values():
        acc = {a: c for a, c in acc.items() if c}
    while _has_mod(acc):
        found = _recombine(acc)
        if found is None:
            break
        remove, add, k = found
        for a in remove:
            del acc[a]
        for b, c in add.terms:
            acc[b] = acc.get(b, 0) + k * c
        const += k * add.const
        if 0 in acc.values():
            acc = {b: c for b, c in acc.items() if c}
    out = Idx(tuple(sorted(acc.items(), key=_item_key)) if len(acc) > 1 else tuple(acc.items()), const)
    out.__dict__["_normal"] = True
    return out


def _has_mod(acc: dict) -> bool:
    return Mod in map(type, acc)


def _recombine(acc: dict) -> tuple[tuple, Idx, int] | None:
    """A pair of terms that folds: c * (x / c) + x % c = x and x % c + c * ((x / c) % d) = x % (c * d)."""
    for a, k in acc.items():
        if not isinstance(a, Mod):
            continue
        div = Div(a.arg, a.d)
        if acc.get(div) == k * a.d:
            return (a, div), a.arg, k
        quotient = Idx(((div, 1),), 0)
        for b, kb in acc.items():
            if isinstance(b, Mod) and b.arg == quotient and kb == k * a.d:
                return (a, b), mod(a.arg, a.d * b.d), k
    return None


def bounds(e: Idx | Atom) -> tuple[int, int]:
    """Inclusive [lo, hi] over the ranges of the variables (floor semantics)."""
    if isinstance(e, Var):
        return 0, max(e.extent - 1, 0)
    if isinstance(e, Div):
        lo, hi = bounds(e.arg)
        return lo // e.d, hi // e.d
    if isinstance(e, Mod):
        lo, hi = bounds(e.arg)
        if lo >= 0 and hi < e.d:
            return lo, hi
        return 0, e.d - 1
    if isinstance(e, Clamp):
        lo, hi = bounds(e.arg)
        return min(max(lo, e.lo), e.hi), min(max(hi, e.lo), e.hi)
    lo = hi = e.const
    for a, c in e.terms:
        alo, ahi = bounds(a)
        lo += c * alo if c > 0 else c * ahi
        hi += c * ahi if c > 0 else c * alo
    return lo, hi


def _split(e: Idx, d: int) -> tuple[Idx, Idx]:
    """e = d * q + r with every coefficient of r (and its constant) in [0, d)."""
    q, r = {}, {}
    for a, c in e.terms:
        qc, rc = divmod(c, d)
        if qc:
            q[a] = qc
        if rc:
            r[a] = rc
    qc, rc = divmod(e.const, d)
    return _make(q, qc), _make(r, rc)


def _gcd_reduce(e: Idx, d: int) -> tuple[Idx, int, int]:
    g = math.gcd(d, e.const, *(c for _, c in e.terms))
    if g <= 1:
        return e, d, 1
    return _lane_base(e, g), d // g, g


def _term_gcd(e: Idx, d: int) -> int:
    """The common factor of d and every coefficient of e (its constant aside)."""
    return math.gcd(d, *(c for _, c in e.terms)) if e.terms else 1


def _lane_base(e: Idx, g: int) -> Idx:
    """(e - e.const % g) / g for g dividing every coefficient of e: x + c / g when e = g * x + c."""
    return Idx(tuple((a, c // g) for a, c in e.terms), e.const // g)


def floordiv(e: Idx | int, d: int) -> Idx:
    e = as_idx(e)
    if d <= 0:
        raise ValueError(f"index division by {d}")
    if d == 1:
        return e
    lo, hi = bounds(e)
    if lo >= 0 and lo // d == hi // d:
        return cst(lo // d)
    if lo < 0:
        return as_idx(Div(e, d))  # keep C and floor semantics apart: leave it as written
    e, d, _ = _gcd_reduce(e, d)
    if d == 1:
        return e
    g = _term_gcd(e, d)
    if g > 1:  # (g * x + c) / (g * q) = (x + c / g) / q
        return floordiv(_lane_base(e, g), d // g)
    q, r = _split(e, d)
    if bounds(r)[0] < 0:
        return as_idx(Div(e, d))
    if not q.is_const or q.const:
        return q + floordiv(r, d)
    single = r.terms[0][0] if len(r.terms) == 1 and r.terms[0][1] == 1 and r.const == 0 else None
    if isinstance(single, Div):  # (a / b) / d = a / (b * d)
        return floordiv(single.arg, single.d * d)
    return as_idx(Div(r, d))


def mod(e: Idx | int, d: int) -> Idx:
    e = as_idx(e)
    if d <= 0:
        raise ValueError(f"index modulo by {d}")
    if d == 1:
        return cst(0)
    lo, hi = bounds(e)
    if lo >= 0 and hi < d:
        return e
    if lo < 0:
        return as_idx(Mod(e, d))
    if lo // d == hi // d:
        return e - (lo // d) * d
    e2, d2, g = _gcd_reduce(e, d)
    if g > 1:
        return mod(e2, d2) * g  # (g * a) % (g * b) = g * (a % b)
    g = _term_gcd(e, d)
    if g > 1:  # (g * x + c) % (g * q) = g * ((x + c / g) % q) + c % g
        return mod(_lane_base(e, g), d // g) * g + e.const % g
    _, r = _split(e, d)
    rlo, rhi = bounds(r)
    if rlo < 0:
        return as_idx(Mod(e, d))
    if rhi < d:
        return r
    single = r.terms[0][0] if len(r.terms) == 1 and r.terms[0][1] == 1 and r.const == 0 else None
    if isinstance(single, Mod) and single.d % d == 0:  # (a % (b * d)) % d = a % d
        return mod(single.arg, d)
    return as_idx(Mod(r, d))


def clamp(e: Idx | int, lo: int, hi: int) -> Idx:
    """min(max(e, lo), hi); e itself (or a constant) when its range decides the clamp."""
    e = as_idx(e)
    if lo > hi:
        raise ValueError(f"index clamp to the empty range [{lo}, {hi}]")
    elo, ehi = bounds(e)
    if lo <= elo and ehi <= hi:
        return e
    if ehi <= lo or elo >= hi:
        return cst(lo if ehi <= lo else hi)
    return as_idx(Clamp(e, lo, hi))


def exact_div(e: Idx, d: int) -> Idx | None:
    """e / d when d divides every coefficient and the constant, else None."""
    if all(c % d == 0 for _, c in e.terms) and e.const % d == 0:
        return Idx(tuple((a, c // d) for a, c in e.terms), e.const // d)
    return None


# --- evaluation, substitution ---------------------------------------------------------------------------------
def evaluate(e: Idx | Atom, env: dict[str, int], c_semantics: bool = False) -> int:
    """Value under `env` (variable name -> int); `c_semantics` uses C's truncating / and %."""
    if isinstance(e, Var):
        return env[e.name]
    if isinstance(e, Clamp):
        return min(max(evaluate(e.arg, env, c_semantics), e.lo), e.hi)
    if isinstance(e, Div | Mod):
        a = evaluate(e.arg, env, c_semantics)
        if c_semantics:
            q = abs(a) // e.d * (1 if a >= 0 else -1)
            return q if isinstance(e, Div) else a - q * e.d
        return a // e.d if isinstance(e, Div) else a % e.d
    return e.const + sum(c * evaluate(a, env, c_semantics) for a, c in e.terms)


def substitute(e: Idx, subst: dict[Var, Idx]) -> Idx:
    """Replace variables (re-simplifying on the way up). Memoised: unrolled loops and related kernels substitute
    the same indices again."""
    if subst.keys().isdisjoint(variables(e)):
        return e
    return _substitute(e, tuple(subst.items()))


@functools.lru_cache(maxsize=1 << 16)
def _substitute(e: Idx, subst: tuple[tuple[Var, Idx], ...]) -> Idx:
    table = dict(subst)
    out = cst(e.const)
    for a, c in e.terms:
        out = out + _subst_atom(a, table) * c
    return out


def _subst_atom(a: Atom, subst: dict[Var, Idx]) -> Idx:
    if isinstance(a, Var):
        r = subst.get(a)
        return var(a) if r is None else r
    inner = substitute(a.arg, subst)
    if isinstance(a, Clamp):
        return clamp(inner, a.lo, a.hi)
    return floordiv(inner, a.d) if isinstance(a, Div) else mod(inner, a.d)


def variables(e: Idx | Atom) -> frozenset[Var]:
    """The loop variables of e (computed once per object)."""
    try:
        return e.__dict__["_vars"]
    except KeyError:
        pass
    if isinstance(e, Var):
        out = frozenset((e,))
    elif isinstance(e, Div | Mod | Clamp):
        out = variables(e.arg)
    elif len(e.terms) == 1:
        out = variables(e.terms[0][0])
    else:
        acc: set[Var] = set()
        for a, _ in e.terms:
            acc |= variables(a)
        out = frozenset(acc)
    e.__dict__["_vars"] = out
    return out


# --- comparisons (pad conditions) -----------------------------------------------------------------------------
@_memo_hash
@dataclass(frozen=True)
class Cmp:
    """`e < c` (op "<") or `e >= c` (op ">=")."""

    e: Idx
    op: str
    c: int

    def decided(self) -> bool | None:
        """True/False when the ranges decide the comparison, else None."""
        lo, hi = bounds(self.e)
        if self.op == "<":
            return True if hi < self.c else False if lo >= self.c else None
        return True if lo >= self.c else False if hi < self.c else None


def compare(e: Idx, op: str, c: int) -> Cmp:
    """`e op c` with e's constant moved right and a common factor of its coefficients divided out."""
    c -= e.const
    e = Idx(e.terms, 0)
    g = math.gcd(*(k for _, k in e.terms)) if e.terms else 1
    if g > 1:
        e = Idx(tuple((a, k // g) for a, k in e.terms), 0)
        c = -(-c // g)  # e*g < c <=> e < ceil(c/g); e*g >= c <=> e >= ceil(c/g)
    return Cmp(e, op, c)


def render_cmp(c: Cmp) -> str:
    return f"{render(c.e)} {c.op} {c.c}"


# --- rendering ---------------------------------------------------------------------------------------------
def _render_atom(a: Atom) -> str:
    if isinstance(a, Var):
        return a.name
    if isinstance(a, Clamp):  # only the sides the argument's range can cross
        s, (lo, hi) = render(a.arg), bounds(a.arg)
        s = f"max({s}, {a.lo})" if lo < a.lo else s
        return f"min({s}, {a.hi})" if hi > a.hi else s
    inner = render(a.arg)
    if a.arg.var is None:
        inner = f"({inner})"
    return f"{inner} {'/' if isinstance(a, Div) else '%'} {a.d}"


def render(e: Idx | int) -> str:
    """C text: positive terms first, by growing coefficient; the constant last."""
    e = as_idx(e)
    order = sorted(e.terms, key=lambda t: (t[1] < 0, abs(t[1]), _key(t[0])))
    out = ""
    for a, c in order:
        s = _render_atom(a)
        if abs(c) != 1:
            s = f"{abs(c)} * ({s})" if isinstance(a, Div | Mod) else f"{abs(c)} * {s}"
        if not out:
            out = s if c > 0 else f"-{s}"
        else:
            out += f" + {s}" if c > 0 else f" - {s}"
    if not out:
        return str(e.const)
    if e.const:
        out += f" + {e.const}" if e.const > 0 else f" - {-e.const}"
    return out
