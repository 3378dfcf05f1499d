"""Type inference with symbolic lengths (thesis §2.3.1.1, signatures of Figs 2.8, 2.9, 2.12).

`typecheck(program)` returns a `Typing`: the type of every expression and lambda parameter, keyed by node path
(the child-index path of `node.walk`, which also numbers rewrite sites). Ill-typed programs raise
`TypeCheckError(prim, mismatch, sub-expression)`. Divisibility (split, asVector) and slideStrict coverage are
not type errors while sizes are symbolic: they are constraints (compiler.constraints); a constant size that is
provably wrong (split(3) of [T]8) is a type error.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
import sympy

from .. import arith
from ..errors import ParseError, TypeCheckError
from ..types import (
    BOOL,
    DOUBLE,
    FLOAT,
    INT,
    NUMPY_DTYPE,
    ArrayType,
    ScalarType,
    TupleType,
    Type,
    TypeVar,
    VectorType,
    base_type,
    same_type,
    scalar_of,
    size_names,
)
from .expansions import expand_call
from .node import (
    Expr,
    FunCall,
    FunDecl,
    Lambda,
    Literal,
    Node,
    Param,
    Prim,
    Program,
    RewritePoint,
    UserFun,
    literal_number,
    walk,
)
from .ops import BOUNDARY_PADS, MACROS, MAPS, PAD_ND_BASE, REDUCES, VARIADIC, Op
from .printer import show
from .terms import by_identity, free_vars, remember

Path = tuple[int, ...]


@dataclass
class Typing:
    """Types of a checked program: `of[path]` for expressions and parameters, `result` for the program."""

    of: dict[Path, Type] = field(default_factory=dict)
    result: Type | None = None
    # rewrite points met: path of the RewritePoint node -> (argument types, result type, environment)
    rewrite_points: dict[Path, tuple[tuple[Type, ...], Type, dict[str, Type]]] = field(default_factory=dict)

    def __getitem__(self, path: Path) -> Type:
        return self.of[path]


def typecheck(p: Program) -> Typing:
    """Infer every node's type; raise TypeCheckError on the first mismatch."""
    typing = Typing()
    env: dict[str, Type] = {}
    for i, q in enumerate(p.params):
        if q.type is None:
            raise TypeCheckError("def", f"parameter {q.name} of program {p.name} has no type")
        bad = _bad_length(q.type)
        if bad is not None:
            raise TypeCheckError("def", f"parameter {q.name} of program {p.name} has the length {bad} in its type "
                                 f"{q.type}: a length is a finite, non-negative size (no division by zero)")
        env[q.name] = q.type
        typing.of[(i,)] = q.type
    typing.result = _Checker(typing, p).expr(p.body, env, (len(p.params),))
    return typing


def _bad_length(t: Type) -> sympy.Expr | None:
    """The first length of `t` that is infinite, undefined (a division by zero) or a negative constant, or None."""
    if isinstance(t, TupleType):
        return next((b for b in map(_bad_length, t.elems) if b is not None), None)
    if isinstance(t, ArrayType | VectorType):
        n = sympy.sympify(t.n)
        if n.has(sympy.zoo, sympy.oo, sympy.nan) or (n.is_number and n.is_negative):
            return n
        return _bad_length(t.elem)
    return None


def infer(e: Expr, env: dict[str, Type]) -> Type:
    """The type of a free-standing expression under `env` (name -> type)."""
    return _Checker(Typing()).expr(e, dict(env), ())


def _fail(prim: str, msg: str, node: Node) -> TypeCheckError:
    return TypeCheckError(prim, msg, show(node, limit=240))


def _array(t: Type, prim: str, node: Node, what: str = "argument") -> ArrayType:
    if not isinstance(t, ArrayType):
        raise _fail(prim, f"expected an array {what}, got {t}", node)
    return t


def _const(e) -> int | None:
    return int(e) if isinstance(e, sympy.Integer) else None


# --- memo of checked calls -----------------------------------------------------------------------------
# The typing of a call depends only on the call and the types of its free names (and, for a size literal in
# it, on whether the program has that size). Rewritten programs share most subtrees with their parent, so the
# check of a call seen before under the same types copies the recorded types (re-rooted at the new path)
# instead of inferring them again. An entry is [type, relative paths, types, size names of its size literals]
# (the entries of `typing.of` the check made, in order, at paths relative to the call), or, until first reused,
# [type, None, (paths, types, start, end, prefix length)]: slices of the log of the check that made them. Checks
# raising errors are never recorded.
_MEMO: dict[tuple, list] = {}
_MEMO_MAX = 50_000  # then the oldest quarter goes (an entry may hold the log of a whole program)


@by_identity
def _free_names(e: Node) -> tuple[str, ...]:
    return tuple(sorted(free_vars(e)))


@by_identity
def _literal_sizes(n: Node) -> frozenset[str]:
    """The size names of the size literals in `n` (the program must have them)."""
    if isinstance(n, Literal):
        size = literal_size(n.value)
        return arith.free_names(size) if size is not None else frozenset()
    out: frozenset[str] = frozenset()
    for c in n.children():
        out |= _literal_sizes(c)
    return out


class _Checker:
    def __init__(self, typing: Typing, program: Program | None = None):
        self.typing = typing
        self.program = program
        self._sizes: frozenset[str] | None = None
        self.paths: list[Path] = []  # the paths of `typing.of` in the order it receives them, and their types
        self.types: list[Type] = []

    def sizes(self) -> frozenset[str] | None:
        """The size variables of the program (its parameters' types, its primitives' static sizes and every
        declared type), read once a size literal asks; None for a free-standing expression."""
        if self.program is None:
            return None
        if self._sizes is None:
            names: set[str] = set()
            for _, n in walk(self.program):
                if isinstance(n, Param | Literal) and n.type is not None:
                    names |= size_names(n.type)
                elif isinstance(n, Prim):
                    for x in n.static:
                        names |= arith.free_names(x)
            self._sizes = frozenset(names)
        return self._sizes

    def expr(self, e: Expr, env: dict[str, Type], path: Path) -> Type:
        if not isinstance(e, FunCall):
            t = self._expr(e, env, path)
            self.typing.of[path] = t
            self.paths.append(path)
            self.types.append(t)
            return t
        names = _free_names(e)
        key = (e, tuple(env[n] for n in names)) if all(n in env for n in names) else None
        hit = _MEMO.get(key) if key is not None else None
        if hit is not None and self._recall(e, hit, path):
            return hit[0]
        start, points = len(self.paths), len(self.typing.rewrite_points)
        t = self._expr(e, env, path)
        self.typing.of[path] = t
        self.paths.append(path)
        self.types.append(t)
        if key is not None and len(self.typing.rewrite_points) == points:  # (rewrite points: never recorded)
            remember(_MEMO, key, [t, None, (self.paths, self.types, start, len(self.paths), len(path))], _MEMO_MAX)
        return t

    def _recall(self, e: FunCall, hit: list, path: Path) -> bool:
        """Copy a recorded check of `e` to `path`; False when a size literal in `e` is not a size of this program
        (then the check runs and reports it)."""
        if len(hit) < 4:
            hit.append(_literal_sizes(e))  # (the same for every call equal to e)
        lits = hit[3]
        if lits:
            known = self.sizes()
            if known is not None and not lits <= known:
                return False
        if hit[1] is None:
            paths, types, start, end, plen = hit[2]
            hit[1] = [p[plen:] for p in paths[start:end]]
            hit[2] = types[start:end]
        at = [path + r for r in hit[1]]
        self.typing.of.update(zip(at, hit[2]))
        self.paths += at
        self.types += hit[2]
        return True

    def _expr(self, e: Expr, env, path) -> Type:
        if isinstance(e, Param):
            if e.name not in env:
                raise _fail("param", f"unbound name {e.name}", e)
            return env[e.name]
        if isinstance(e, Literal):
            _check_literal(e, self.sizes)
            return e.type
        if isinstance(e, FunCall):
            arg_types = [self.expr(a, env, (*path, i + 1)) for i, a in enumerate(e.args)]
            return self.apply(e.f, arg_types, env, (*path, 0), e)
        raise _fail("expr", f"not an expression: {e!r}", e)

    # --- application -----------------------------------------------------------------------------
    def apply(self, f: FunDecl, ts: list[Type], env, path: Path, call: Node) -> Type:
        if isinstance(f, Lambda):
            if len(f.params) != len(ts):
                raise _fail("lambda", f"takes {len(f.params)} argument(s), given {len(ts)}", call)
            inner = dict(env)
            for i, (q, t) in enumerate(zip(f.params, ts, strict=True)):
                if q.type is not None and not same_type(q.type, t):
                    raise _fail("lambda", f"parameter {q.name} is declared {q.type} but receives {t}", call)
                inner[q.name] = t
                self.typing.of[(*path, i)] = t
                self.paths.append((*path, i))
                self.types.append(t)
            return self.expr(f.body, inner, (*path, len(f.params)))
        if isinstance(f, UserFun):
            return _apply_userfun(f, ts, call)
        if isinstance(f, Prim):
            return self.prim(f, ts, env, path, call)
        if isinstance(f, RewritePoint):  # a typed identity: the type of `fun << args`
            u = self.apply(f.fun, ts, env, (*path, 0), call)
            self.typing.rewrite_points[path] = (tuple(ts), u, dict(env))
            return u
        raise _fail("call", f"{f!r} is not a function", call)

    def _fun(self, p: Prim, i: int, ts: list[Type], env, path: Path, call) -> Type:
        return self.apply(p.funs[i], ts, env, (*path, i), call)

    def prim(self, p: Prim, ts: list[Type], env, path: Path, call: Node) -> Type:
        op, info, name = p.op, p.op.info, p.op.text
        _arity(p, ts, call)
        if op in MAPS or op is Op.MAP_ND:
            return self.map(p, ts, env, path, call)
        if op in REDUCES:
            init, x = ts
            a = _array(x, name, call)
            u = self._fun(p, 0, [init, a.elem], env, path, call)
            if not same_type(u, init):
                raise _fail(name, f"operator returns {u} but the accumulator has type {init}", call)
            return ArrayType(init, sympy.Integer(1))
        if op is Op.ITERATE:
            u = self._fun(p, 0, [ts[0]], env, path, call)
            if not same_type(u, ts[0]):
                raise _fail(name, f"the iterated function must keep its type: {ts[0]} became {u}", call)
            return u
        if op in (Op.LET, Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE, Op.OCL_KERNEL):
            return self._fun(p, 0, ts, env, path, call)
        if op is Op.VECTORISE:
            n = p.static[0]
            scalars = []
            for t in ts:
                if not isinstance(t, VectorType) or not arith.equal(t.n, n):
                    raise _fail(name, f"expects arguments of type <S>{n}, got {t}", call)
                scalars.append(t.elem)
            u = self._fun(p, 0, scalars, env, path, call)
            if not isinstance(u, ScalarType):
                raise _fail(name, f"the vectorised function must return a scalar, got {u}", call)
            return VectorType(u, n)
        if op in (Op.TO_HOST, Op.TO_GPU):
            return ts[0]
        if op in MACROS:
            return self.macro(p, ts, env, path, call)
        return _layout(p, ts, call, name, info)

    def map(self, p: Prim, ts: list[Type], env, path: Path, call: Node) -> Type:
        op, name = p.op, p.op.text
        depth = p.int_static(0) if op is Op.MAP_ND else 1
        if op in (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL) and p.int_static(0) not in (0, 1, 2):
            raise _fail(name, f"dimension must be 0, 1 or 2, got {p.static[0]}", call)
        lens, t = [], ts[0]
        for _ in range(depth):
            a = _array(t, name, call)
            lens.append(a.n)
            t = a.elem
        u = self._fun(p, 0, [t], env, path, call)
        for n in reversed(lens):
            u = ArrayType(u, n)
        return u

    def macro(self, p: Prim, ts, env, path, call) -> Type:
        if p.op is Op.TAKE:
            a = _array(ts[0], "take", call)
            m = p.static[0]
            if _const(m) is not None and _const(a.n) is not None and _const(m) > _const(a.n):
                raise _fail("take", f"cannot take {m} elements of an array of length {a.n}", call)
            return ArrayType(a.elem, m)
        if p.op is Op.ZIP_ND and p.int_static(0) < 1:
            raise _fail("zipND", "dimension count must be >= 1", call)
        if p.op in (Op.SLIDE_ND, Op.SLIDE_STRICT_ND) and (len(p.static) % 2 or not p.static):
            raise _fail(p.op.text, f"needs sizes then steps (an even count), got {len(p.static)}", call)
        if p.op in PAD_ND_BASE and (len(p.static) % 2 or not p.static):
            raise _fail(p.op.text, f"needs (before, after) pairs, got {len(p.static)} amounts", call)
        if p.op in (Op.TRANSPOSE_ND, Op.TRANSPOSE_W_ND):
            perm = [_const(x) for x in p.static]
            if sorted(perm, key=lambda v: -1 if v is None else v) != list(range(len(perm))):
                raise _fail(p.op.text, f"arguments {perm} are not a permutation of 0..{len(perm) - 1}", call)
        if p.op in (Op.JOIN_ND,) and p.int_static(0) < 1:
            raise _fail("joinND", "dimension count must be >= 1", call)
        placeholders = tuple(Param(f"macroArg{i}") for i in range(len(ts)))
        expanded = expand_call(FunCall(p, placeholders))
        inner = dict(env)
        inner.update({q.name: t for q, t in zip(placeholders, ts, strict=True)})
        try:
            return _Checker(Typing()).expr(expanded, inner, ())
        except TypeCheckError as err:
            raise _fail(p.op.text, f"expansion does not type-check: {err.prim}: {err.detail}", call) from None


def _arity(p: Prim, ts: list[Type], call: Node) -> None:
    info = p.op.info
    if info.ndata != VARIADIC and len(ts) != info.ndata:
        raise _fail(info.name, f"takes {info.ndata} data argument(s), given {len(ts)}", call)
    if info.ndata == VARIADIC and not ts:
        raise _fail(info.name, "takes at least one data argument", call)
    if info.static is not None and len(p.static) != len(info.static):
        raise _fail(info.name, f"takes parameters ({', '.join(info.static)}), given {len(p.static)}", call)
    if len(p.funs) != info.nfuns:
        raise _fail(info.name, f"takes {info.nfuns} function argument(s), given {len(p.funs)}", call)


def _positive(name: str, what: str, v, call: Node) -> None:
    c = _const(v)
    if c is not None and c <= 0:
        raise _fail(name, f"{what} must be positive, got {c}", call)


def _divides(name: str, m, n, call: Node) -> None:
    cm, cn = _const(m), _const(n)
    if cm is not None and cn is not None and cn % cm:
        raise _fail(name, f"{m} does not divide the length {n}", call)


def _layout(p: Prim, ts: list[Type], call: Node, name: str, info) -> Type:
    op, s = p.op, p.static
    if op in (Op.ZIP, Op.TUPLE, Op.GET):
        return _tuple_layout(p, ts, call, name)
    a = _array(ts[-1], name, call)
    if op is Op.SPLIT:
        _positive(name, "chunk size", s[0], call)
        _divides(name, s[0], a.n, call)
        return ArrayType(ArrayType(a.elem, s[0]), arith.simplify(a.n / s[0]))
    if op is Op.JOIN:
        inner = _array(a.elem, name, call, "argument of arrays")
        return ArrayType(inner.elem, arith.simplify(inner.n * a.n))
    if op in (Op.SLIDE, Op.SLIDE_STRICT):
        return _slide(op, a, *s, call, name)
    if op in (Op.TRANSPOSE, Op.TRANSPOSE_W):
        inner = _array(a.elem, name, call, "2-D argument")
        return ArrayType(ArrayType(inner.elem, a.n), inner.n)
    if op is Op.PAD:
        v = ts[0]
        _check_pad_value(v, a, call)
        n = arith.simplify(s[0] + a.n + s[1])
        if _const(n) is not None and _const(n) < 0:
            raise _fail(name, f"padding by ({s[0]}, {s[1]}) leaves a negative length {n}", call)
        return ArrayType(a.elem, n)
    if op in BOUNDARY_PADS:
        return _boundary_pad(a, s, call, name)
    if op is Op.REORDER:
        _positive(name, "stride", s[0], call)
        _divides(name, s[0], a.n, call)
        return a
    if op is Op.AS_VECTOR:
        if not isinstance(a.elem, ScalarType):
            raise _fail(name, f"expects an array of scalars, got {a}", call)
        _positive(name, "vector width", s[0], call)
        _divides(name, s[0], a.n, call)
        return ArrayType(VectorType(a.elem, s[0]), arith.simplify(a.n / s[0]))
    if op is Op.AS_SCALAR:
        if not isinstance(a.elem, VectorType):
            raise _fail(name, f"expects an array of vectors, got {a}", call)
        return ArrayType(a.elem.elem, arith.simplify(a.n * a.elem.n))
    raise _fail(name, "is not a data-layout primitive", call)


def _tuple_layout(p: Prim, ts: list[Type], call: Node, name: str) -> Type:
    """zip, tuple and get: arrays of tuples and tuples."""
    if p.op is Op.ZIP:
        arrays = [_array(t, name, call, f"argument {i}") for i, t in enumerate(ts)]
        for a in arrays[1:]:
            if not arith.equal(a.n, arrays[0].n):
                raise _fail(name, f"lengths {arrays[0].n} and {a.n} differ", call)
        return ArrayType(TupleType(tuple(a.elem for a in arrays)), arrays[0].n)
    if p.op is Op.TUPLE:
        return TupleType(tuple(ts))
    t = ts[0]
    if not isinstance(t, TupleType):
        raise _fail(name, f"expected a tuple, got {t}", call)
    i = p.int_static(0)
    if not 0 <= i < len(t.elems):
        raise _fail(name, f"index {i} out of range for a {len(t.elems)}-tuple {t}", call)
    return t.elems[i]


def _slide(op: Op, a: ArrayType, size, step, call: Node, name: str) -> Type:
    """slide and slideStrict: windows of `size` every `step` (strict: they cover the length exactly)."""
    _positive(name, "window size", size, call)
    _positive(name, "step", step, call)
    if _const(size) is not None and _const(a.n) is not None and _const(size) > _const(a.n):
        raise _fail(name, f"window {size} is larger than the length {a.n}", call)
    count = (a.n - size + step) / step
    if op is Op.SLIDE:
        count = sympy.floor(count)
    elif _const(a.n) is not None and _const(size) is not None and _const(step) is not None:
        if (_const(a.n) - _const(size)) % _const(step):
            raise _fail(name, f"windows of {size} by {step} do not cover the length {a.n} exactly", call)
    return ArrayType(ArrayType(a.elem, size), arith.simplify(count))


def _boundary_pad(a: ArrayType, s, call: Node, name: str) -> Type:
    """padClamp, padMirror, padWrap: amounts >= 0 of a non-empty array (its elements are read at the edges)."""
    for side, amount in zip(("left", "right"), s, strict=True):
        if _const(amount) is not None and _const(amount) < 0:
            raise _fail(name, f"{side} amount {amount} is negative (crop with pad instead)", call)
    if _const(a.n) is not None and _const(a.n) < 1:
        raise _fail(name, f"cannot pad an empty array from its boundary (length {a.n})", call)
    return ArrayType(a.elem, arith.simplify(s[0] + a.n + s[1]))


def _check_pad_value(v: Type, a: ArrayType, call: Node) -> None:
    if not same_type(base_type(v), base_type(a)):
        raise _fail("pad", f"value of base type {base_type(v)} does not match the array's {base_type(a)}", call)
    # the value is broadcast when it has fewer dimensions than the elements: it must be a suffix of them
    elem: Type = a.elem
    while True:
        if same_type(elem, v):
            return
        if not isinstance(elem, ArrayType):
            raise _fail("pad", f"value of type {v} cannot be broadcast to elements of type {a.elem}", call)
        elem = elem.elem


def literal_size(value: str) -> sympy.Expr | None:
    """The size expression of a size literal (`value(N, float)`: the value of the size N in the literal's type), or
    None for a number (`0`, `-1.5f`, `inf`, `nan`, `true`). A size literal's value is known wherever its sizes are:
    the interpreter evaluates it in the sizes it is given, the code generator writes the number into the kernel
    source when it specialises the program to its sizes (compiler.codegen.pipeline.specialise_pass)."""
    return _literal_size(value.strip())


@functools.lru_cache(maxsize=4096)
def _literal_size(text: str) -> sympy.Expr | None:
    if text.lower() in ("true", "false") or _is_number(text):
        return None
    from .parser import parse_size  # the parser imports the printer, which this module's callers import

    try:
        e = parse_size(text)
    except ParseError:
        return None
    return e if arith.free_names(e) else None  # `value("2*3", int)` is not a literal of a size


def _is_number(text: str) -> bool:
    return literal_number(text) is not None


def _check_literal(e: Literal, sizes=lambda: None) -> None:
    s = scalar_of(base_type(e.type))
    if s is None:
        raise _fail("value", f"a literal must have a scalar or vector base type, got {e.type}", e)
    size = literal_size(e.value)
    if size is not None:  # the size's value, converted to the literal's type
        known = sizes()
        unknown = sorted(arith.free_names(size) - known) if known is not None else []
        if unknown:
            raise _fail("value", f"{e.value!r} is not a number, and {', '.join(unknown)} not a size of the program "
                                 f"(its sizes: {', '.join(sorted(known)) or 'none'})", e)
        return
    text = e.value[:-1] if e.value.endswith("f") and not e.value.lower().endswith("inf") else e.value
    try:
        x = float(text)
    except ValueError:
        raise _fail("value", f"{e.value!r} is not a number nor a size expression", e) from None
    if s in (INT, BOOL) and (x != x or abs(x) == float("inf") or x != int(x)):
        raise _fail("value", f"{e.value} is not a valid {s}", e)
    out_of_range = literal_out_of_range(text, x, s)
    if out_of_range is not None:
        raise _fail("value", out_of_range, e)


def literal_out_of_range(text: str, x: float, s: ScalarType) -> str | None:
    """Why a number literal's value does not fit its scalar type, or None: a float or double literal whose
    magnitude rounds past the type's largest finite value would silently be inf (only the spelled-out `inf`
    is inf), an int literal outside int32 would wrap."""
    if s == INT:
        lo, hi = np.iinfo(np.int32).min, np.iinfo(np.int32).max
        return None if lo <= x <= hi else f"{text} is out of range for int (from {lo} to {hi})"
    if s not in (FLOAT, DOUBLE) or "inf" in text.lower() or x != x:
        return None
    dtype = NUMPY_DTYPE[s.name]
    with np.errstate(over="ignore"):
        finite = bool(np.isfinite(dtype(x)))
    if finite:
        return None
    big = np.finfo(dtype).max
    return (f"{text} is out of range for {s} (from {-big:.8g} to {big:.8g}; write value(\"inf\", {s}) for "
            f"an infinity)")


def _apply_userfun(f: UserFun, ts: list[Type], call: Node) -> Type:
    if len(ts) != len(f.in_types):
        raise _fail(f.name, f"takes {len(f.in_types)} argument(s), given {len(ts)}", call)
    binding: dict[str, Type] = {}
    for pname, want, got in zip(f.params, f.in_types, ts, strict=True):
        if isinstance(want, TypeVar):
            prev = binding.setdefault(want.name, got)
            if not same_type(prev, got):
                raise _fail(f.name, f"{want.name} bound to both {prev} and {got}", call)
        elif not same_type(want, got):
            raise _fail(f.name, f"parameter {pname} expects {want}, got {got}", call)
    out = f.out_type
    if isinstance(out, TypeVar):
        if out.name not in binding:
            raise _fail(f.name, f"result type {out.name} is not bound by any parameter", call)
        return binding[out.name]
    return out
