"""NumPy reference interpreter: the gold outputs for every program, high-level or lowered.

    interpret(program, {"A": a, "B": b}, sizes={"σ": 4}) -> np.ndarray | tuple

Semantics: every map variant (map, mapGlb, mapWrg, mapLcl, mapSeq, mapSeqUnroll) is map, every reduce variant is
reduce, toGlobal/toLocal/toPrivate(f) and oclKernel(f) are f, toHost/toGPU are the identity, transposeW is
transpose, `let` evaluates its argument and then its body, `iterate(n, f)` applies f n times; macros have their
expansion's meaning (compiler.ir.macros). Floats are float32 (like the GPU), ints int32.

Batched evaluation (nothing loops in Python over array elements): every expression is evaluated at a *batch
rank* r, the number of enclosing maps (and vectorised lanes). A value is represented with r leading batch axes,
each either of the full length of its map or of length 1 (broadcastable):
- a scalar is an array of shape (batch...), a vector <S>n adds a trailing lane axis (batch..., n);
- an array [T]n inserts its axis right after the batch axes of every leaf of T's representation, so
  [[float]K]M is (batch..., M, K) and arrays of vectors keep the lanes last;
- a tuple is a Python tuple of its components' representations, so an array of tuples is a struct of arrays
  (zip is a tuple of its arguments, zipND too).
Then `map(f) << x` evaluates f with x at rank r + 1 (x's outer axis becomes a batch axis), a variable bound at a
lower rank is lifted by inserting length-1 axes after its batch axes, layout primitives act on axis r of every
leaf (views where NumPy allows), and reduce loops over the reduced axis with whole batched arrays per step.
Reductions whose operator is `acc OP g(x)` with OP an associative user function (add, mult, max, min, or
multAndSumUp's `acc + l * r`), possibly wrapped in toPrivate/a lambda, take a fast path when each step is narrow
(few batch elements): g is evaluated for a chunk of the axis at once and folded with one NumPy reduction, so
those results are not bit-identical to a sequential fp32 loop. `reduce(...) << map(h) << x` is fused (h is
applied per chunk or per step, so map(h) << x is never materialised whole).

Contractions: a reduction that sums products of two operands, recognised by its structure (the operator `add`
after a map whose function is `mult(a, b)`, `acc + l * r` as multAndSumUp, `add(acc, mult(a, b))`; a and b
names, literals or get(i)s of them), is evaluated for the whole reduced axis at once: both operands are
evaluated as views with the reduced axis as a batch axis and `_contract` sums their product over it in float64
(the meaning of the sum, without fp32 rounding per step), cast to the accumulator's float32 once. The operands'
other axes broadcast: those only one operand spans are the rows and columns of a matrix product, those both span
are a batch of products (np.matmul, BLAS), so mm, mm with A transposed, batched mm, gemv and convolutions are one
matrix product each (in float64 blocks of _CONTRACTION_ELEMENTS). A sum of at most _FEW_TERMS terms (a stencil's
taps) is that many float64 multiply-adds over the result instead. `join << w` in the reduced array of a
contraction is not evaluated: the reduced axis spans w's axes, so a window of a slide (sliding_window_view) is
read in place instead of copied by the join. Anything else (other operators, int accumulators, operands that do
not span the reduced axis) takes the fast or sequential path above. The sum of the elements of a joined array
(`reduce(add) o join << w`, a box filter) is a contraction with unit weights.

Windows of any number of dimensions: `join o ... o join << w` (the window of a slideND over d dimensions flattened
by d - 1 joins, or joinND(d)) is evaluated spread, its one axis being d axes of w in row-major order
(`_Evaluator._spread`), and so is a crop of it, `pad(l, r, v)` with l, r <= 0 (a stencil's pick of one point, or a
range of points): a range within one index of the outer axis indexes it, a range of whole indices slices it, so a
point is a strided view of the window and a plane a view too; a range across unaligned indices copies just its
elements. A contraction reads such a spread value in place; elsewhere it is merged into one axis (a copy only of
what the crop selected).

Limits (docs/limits.md), checked before anything is allocated: no value (output, intermediate or broadcast
literal, counted element by element as if materialised) may hold more than `max_elements()` scalars
(`$LIFT_GYM_MAX_ELEMENTS`, default MAX_ELEMENTS), and no `iterate` may run more than `max_iterations()` times
(`$LIFT_GYM_MAX_ITERATIONS`, default MAX_ITERATIONS). Either is an InterpretError naming the limit.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import re
from collections.abc import Callable, Mapping

import numpy as np
import sympy

from .. import arith
from ..errors import InterpretError, UserFunError
from ..types import NUMPY_DTYPE, ArrayType, ScalarType, TupleType, Type, TypeVar, VectorType, scalar_of
from .expansions import expand_call
from .node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program, RewritePoint, UserFun
from .ops import ADDRESS_SPACES, BOUNDARY_PADS, MAPS, PAD_MODES, PAD_ND_BASE, REDUCES, Op
from .typecheck import Typing, literal_size, typecheck
from .userexpr import compile_numpy

Rep = np.ndarray | tuple  # a leaf array or a (nested) tuple of leaves

# the fast reduce path evaluates the contributions of about this many elements (all batch lanes) at a time, and
# is only used while a reduction step has fewer batch elements than _SEQUENTIAL_BATCH (then the per-step Python
# overhead dominates); wider reductions loop over the reduced axis
_CHUNK_ELEMENTS = 1 << 20
_SEQUENTIAL_BATCH = 1 << 15
_CONTRACTION_ELEMENTS = 1 << 23  # float64 elements of each operand block of a contraction's matrix products
_FEW_TERMS = 32  # a contraction of at most this many terms per result is a loop of multiply-adds over the result
_TERMS_BLOCK = 1 << 17  # float64 result elements per block of that loop

MAX_ELEMENTS = 1 << 30  # scalars of one value the interpreter builds (4 GiB of float32)
MAX_ITERATIONS = 1 << 16  # steps of one iterate(n, f)
ELEMENTS_ENV = "LIFT_GYM_MAX_ELEMENTS"
ITERATIONS_ENV = "LIFT_GYM_MAX_ITERATIONS"


def _env_limit(name: str, default: int) -> int:
    text = os.environ.get(name, "").strip().replace("_", "")
    return int(text) if text.isdigit() and int(text) > 0 else default


def max_elements() -> int:
    """The most scalars one interpreter value may hold: `$LIFT_GYM_MAX_ELEMENTS`, else MAX_ELEMENTS."""
    return _env_limit(ELEMENTS_ENV, MAX_ELEMENTS)


def max_iterations() -> int:
    """The most steps one `iterate` may take in the interpreter: `$LIFT_GYM_MAX_ITERATIONS`, else MAX_ITERATIONS."""
    return _env_limit(ITERATIONS_ENV, MAX_ITERATIONS)


def _check_elements(shape, what: str) -> None:
    """An InterpretError when a value of `shape` would hold more than max_elements() scalars (nothing allocated)."""
    n = math.prod(int(d) for d in shape)
    limit = max_elements()
    if n > limit:
        shown = n if n < 10**30 else "more than 1e30"
        raise InterpretError(f"{what} would hold {shown} elements, more than the interpreter's limit of {limit} "
                             f"(set {ELEMENTS_ENV} to raise it)")


def interpret(program: Program, inputs: Mapping[str, np.ndarray | tuple], sizes: Mapping[str, int] | None = None,
              *, check: bool = True) -> np.ndarray | tuple:
    """Evaluate `program` on concrete inputs.

    `sizes` binds size variables and tuning parameters; the ones missing are inferred from the input shapes (by
    matching each parameter's declared type). Inputs of array-of-tuple or tuple type are given as tuples of
    arrays (struct of arrays); arrays of vectors have the lane axis last. The result is a NumPy array (float32
    for float, int32 for int), or a tuple of results for a tuple-typed (or array-of-tuple) program.
    `check=False` skips the type check (it is cached per program, so this only matters for one-off programs).
    """
    if check:
        program_typing(program)
    reps, env_sizes = bind_inputs(program, inputs, sizes)
    ev = _Evaluator(env_sizes)
    env = {p.name: (rep, 0) for p, rep in zip(program.params, reps, strict=True)}
    with np.errstate(all="ignore"):  # like the GPU: inf/nan, no warnings
        out = ev.eval(program.body, env, 0)
    return _output(out)


@functools.lru_cache(maxsize=512)
def program_typing(program: Program) -> Typing:
    """typecheck(program), cached (programs are hashable and immutable)."""
    return typecheck(program)


# --- inputs and size inference ----------------------------------------------------------------------------
def bind_inputs(program: Program, inputs: Mapping, sizes: Mapping[str, int] | None):
    """Input representations (converted to the declared dtypes) and the complete size binding.

    Raises InterpretError for a missing or unexpected input, a rank/dtype/shape that does not fit the declared
    type (naming the parameter), conflicting sizes and size variables that cannot be inferred.
    """
    names = [p.name for p in program.params]
    missing = [n for n in names if n not in inputs]
    if missing:
        raise InterpretError(f"{program.name}: missing input(s) {', '.join(missing)}")
    extra = sorted(set(inputs) - set(names))
    if extra:
        raise InterpretError(f"{program.name}: unexpected input(s) {', '.join(extra)} (parameters: {names})")
    cons: list[tuple[sympy.Expr, int, str, int, Type]] = []
    reps = []
    for p in program.params:
        if p.type is None:
            raise InterpretError(f"{program.name}: parameter {p.name} has no type")
        reps.append(_match_input(p.type, inputs[p.name], p.name, p.type, cons))
    return reps, _infer_sizes(cons, sizes or {})


def _split_type(t: Type) -> tuple[list[sympy.Expr], Type]:
    lens = []
    while isinstance(t, ArrayType):
        lens.append(t.n)
        t = t.elem
    return lens, t


def _wrap(lens: list[sympy.Expr], t: Type) -> Type:
    for n in reversed(lens):
        t = ArrayType(t, n)
    return t


_KINDS = {"float": "fiub", "double": "fiub", "int": "iub", "bool": "b"}


def _match_input(t: Type, value, pname: str, declared: Type, cons: list) -> Rep:
    lens, b = _split_type(t)
    if isinstance(b, TupleType):
        if not isinstance(value, tuple | list) or len(value) != len(b.elems):
            raise InterpretError(f"input {pname}: type {declared} needs a tuple of {len(b.elems)} arrays "
                                 f"(struct of arrays), got {type(value).__name__}")
        return tuple(_match_input(_wrap(lens, e), v, f"{pname}[{i}]", declared, cons)
                     for i, (e, v) in enumerate(zip(b.elems, value, strict=True)))
    s = scalar_of(b)
    if s is None:
        raise InterpretError(f"input {pname}: cannot take a value of type {declared}")
    dims = lens + ([b.n] if isinstance(b, VectorType) else [])
    a = np.asarray(value)
    if a.ndim != len(dims):
        raise InterpretError(f"input {pname}: type {declared} needs {len(dims)} dimension(s), got shape {a.shape}")
    if a.dtype.kind not in _KINDS[s.name]:
        raise InterpretError(f"input {pname}: dtype {a.dtype} does not fit the declared {s}")
    cons.extend((arith.size(d), int(a.shape[i]), pname, i, declared) for i, d in enumerate(dims))
    return a.astype(NUMPY_DTYPE[s.name], copy=False)


def _infer_sizes(cons, given: Mapping[str, int]) -> dict[str, int]:
    env: dict[str, int] = {}
    source: dict[str, str] = {}
    for k, v in given.items():
        if isinstance(v, bool) or int(v) != v:
            raise InterpretError(f"size {k} = {v!r} is not an integer")
        env[str(k)], source[str(k)] = int(v), "sizes"
    pending = list(cons)
    progress = True
    while pending and progress:
        progress, still = False, []
        for c in pending:
            e, actual, pname, dim, declared = c
            unknown = sorted(arith.free_names(e) - env.keys())
            if not unknown:
                want = arith.evaluate(e, env)
                if want != actual:
                    bound = ", ".join(f"{n} = {env[n]} (from {source[n]})" for n in sorted(arith.free_names(e)))
                    raise InterpretError(f"input {pname}: dimension {dim} has length {actual} but its type "
                                         f"{declared} needs {e} = {want}" + (f" with {bound}" if bound else ""))
                progress = True
            elif len(unknown) == 1:
                v = _solve(e, unknown[0], actual, env)
                if v is None:
                    raise InterpretError(f"input {pname}: dimension {dim} has length {actual}, which no positive "
                                         f"integer size {unknown[0]} gives for {e} in its type {declared}")
                env[unknown[0]], source[unknown[0]] = v, f"input {pname}"
                progress = True
            else:
                still.append(c)
        pending = still
    if pending:
        names = sorted(set().union(*(arith.free_names(c[0]) for c in pending)) - env.keys())
        where = ", ".join(sorted({c[2] for c in pending}))
        raise InterpretError(f"unbound size variable(s) {', '.join(names)} (in the type of {where}): "
                             "pass them in sizes")
    return env


def _solve(e: sympy.Expr, name: str, actual: int, env: Mapping[str, int]) -> int | None:
    sym = arith.var(name)
    if e == sym:
        return actual if actual > 0 else None
    known = {arith.var(n): v for n, v in env.items() if n in arith.free_names(e)}
    try:
        sols = sympy.solve(sympy.Eq(e.subs(known), actual), sym)
    except (NotImplementedError, TypeError, ValueError):
        return None
    ints = {int(s) for s in sols if s.is_number and s == int(s) and int(s) > 0}
    return ints.pop() if len(ints) == 1 else None


def _output(rep: Rep):
    if isinstance(rep, tuple):
        return tuple(_output(x) for x in rep)
    _check_elements(rep.shape, "the program's output")
    return np.array(rep, order="C", copy=True)


# --- representation helpers ----------------------------------------------------------------------------
def _tmap(fn: Callable[[np.ndarray], np.ndarray], rep: Rep) -> Rep:
    if isinstance(rep, tuple):
        return tuple(_tmap(fn, x) for x in rep)
    return fn(rep)


def _tmap2(fn, a: Rep, b: Rep) -> Rep:
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            raise InterpretError(f"tuple arity mismatch ({len(a)} vs {len(b)})")
        return tuple(_tmap2(fn, x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, tuple) or isinstance(b, tuple):
        raise InterpretError("a tuple where an array was expected")
    return fn(a, b)


def _leaf(rep: Rep) -> np.ndarray:
    while isinstance(rep, tuple):
        rep = rep[0]
    return rep


def _leaves(rep: Rep) -> list[np.ndarray]:
    if isinstance(rep, tuple):
        return [x for r in rep for x in _leaves(r)]
    return [rep]


def _lift(rep: Rep, r0: int, r: int) -> Rep:
    """A value bound at batch rank r0 seen at rank r > r0: length-1 axes for the new batch axes."""
    k = r - r0
    return _tmap(lambda a: a.reshape(a.shape[:r0] + (1,) * k + a.shape[r0:]), rep)


def _broadcast_axes(rep: Rep, r: int, lens: tuple[int, ...]) -> Rep:
    """Broadcast axes r..r+len(lens)-1 of every leaf to `lens` (a map's result that ignored its argument)."""
    k = len(lens)

    def fix(a):
        if a.shape[r:r + k] == lens:
            return a
        shape = a.shape[:r] + lens + a.shape[r + k:]
        _check_elements(shape, "a map's result")
        return np.broadcast_to(a, shape)

    return _tmap(fix, rep)


def _ix(r: int, i) -> tuple:
    return (slice(None),) * r + (i,)


def _parse_literal(text: str, s: ScalarType):
    t = text.strip()
    if s.name == "bool" and t.lower() in ("true", "false"):
        return t.lower() == "true"
    try:
        x = float(t)
    except ValueError:
        try:
            x = float(t.rstrip("fF"))
        except ValueError:
            raise InterpretError(f"value {text!r} is not a number") from None
    if s.name == "int":
        return int(x)
    if s.name == "bool":
        return bool(x)
    return x


def _of_type(n: int, s: ScalarType):
    """A size's value as a literal of scalar type `s`."""
    return bool(n) if s.name == "bool" else int(n) if s.name == "int" else float(n)


# --- the evaluator ------------------------------------------------------------------------------------------
Env = dict[str, tuple[Rep, int]]


class _Evaluator:
    def __init__(self, sizes: dict[str, int]):
        self.sizes = sizes
        self._sizes_memo: dict[sympy.Expr, int] = {}
        self.spread_joins = 0  # joins `_eval_windows` left out (a contraction reads their argument's axes)
        self.dispatch: dict[Op, Callable] = {op: self._map for op in MAPS}
        self.dispatch.update({op: self._reduce for op in REDUCES})
        self.dispatch.update({op: self._apply_fun for op in (*ADDRESS_SPACES, Op.LET, Op.OCL_KERNEL)})
        self.dispatch.update({
            Op.ITERATE: self._iterate, Op.VECTORISE: self._vectorise, Op.MAP_ND: self._map_nd,
            Op.TO_HOST: self._identity, Op.TO_GPU: self._identity,
            Op.ZIP: self._zip, Op.ZIP_ND: self._zip, Op.TUPLE: lambda p, a, env, r: tuple(a),
            Op.GET: self._get, Op.SPLIT: self._split, Op.JOIN: self._join,
            Op.SLIDE: self._slide, Op.SLIDE_STRICT: self._slide,
            Op.TRANSPOSE: self._transpose, Op.TRANSPOSE_W: self._transpose, Op.PAD: self._pad,
            Op.REORDER: self._reorder, Op.AS_VECTOR: self._as_vector, Op.AS_SCALAR: self._as_scalar,
            Op.TAKE: self._take,
        })
        self.dispatch.update({op: self._boundary_pad for op in BOUNDARY_PADS})
        self.dispatch.update({op: self._macro for op in PAD_ND_BASE})
        for op in (Op.SPLIT_ND, Op.JOIN_ND, Op.SLIDE_ND, Op.SLIDE_STRICT_ND, Op.PAD_ND, Op.TRANSPOSE_ND,
                   Op.TRANSPOSE_W_ND):
            self.dispatch[op] = self._macro

    # --- sizes ---
    def size(self, e) -> int:
        try:
            return self._sizes_memo[e]
        except KeyError:
            pass
        missing = sorted(arith.free_names(e) - self.sizes.keys())
        if missing:
            raise InterpretError(f"unbound size variable(s) {', '.join(missing)} in {e}: pass them in sizes")
        try:
            v = arith.evaluate(e, self.sizes)
        except (KeyError, ValueError) as err:
            raise InterpretError(str(err)) from None
        self._sizes_memo[e] = v
        return v

    # --- expressions ---
    def eval(self, e: Expr, env: Env, r: int) -> Rep:
        if isinstance(e, FunCall):
            f = e.f
            if isinstance(f, Prim) and f.op in REDUCES and len(e.args) == 2:
                return self._reduce_call(f.funs[0], e.args[0], e.args[1], env, r)
            if self._crops_join(e):  # a part of a joined window: only that part is read
                rep, k = self._spread(e, env, r)
                return _tmap(lambda a: _merge(a, r, k), rep)
            args = [self.eval(a, env, r) for a in e.args]
            return self.apply(f, args, env, r)
        if isinstance(e, Param):
            try:
                rep, r0 = env[e.name]
            except KeyError:
                raise InterpretError(f"unbound name {e.name}") from None
            return rep if r0 == r else _lift(rep, r0, r)
        if isinstance(e, Literal):
            return self.literal(e, r)
        raise InterpretError(f"not an expression: {e!r}")

    def literal(self, e: Literal, r: int) -> np.ndarray:
        lens, b = _split_type(e.type)
        s = scalar_of(b)
        if s is None:
            raise InterpretError(f"value({e.value}, {e.type}): a literal needs a scalar or vector base type")
        dims = [self.size(n) for n in lens] + ([self.size(b.n)] if isinstance(b, VectorType) else [])
        _check_elements(dims, f"value({e.value}, {e.type})")
        size = literal_size(e.value)  # value(N, float): the size N in that type
        x = np.asarray(_parse_literal(e.value, s) if size is None else _of_type(self.size(size), s),
                       dtype=NUMPY_DTYPE[s.name])
        return np.broadcast_to(x, (1,) * r + tuple(dims))

    def apply(self, f: FunDecl, args: list[Rep], env: Env, r: int) -> Rep:
        if isinstance(f, Lambda):
            if len(f.params) != len(args):
                raise InterpretError(f"lambda takes {len(f.params)} argument(s), given {len(args)}")
            inner = dict(env)
            for q, a in zip(f.params, args, strict=True):
                inner[q.name] = (a, r)
            return self.eval(f.body, inner, r)
        if isinstance(f, UserFun):
            return _call_userfun(f, args, r)
        if isinstance(f, Prim):
            try:
                handler = self.dispatch[f.op]
            except KeyError:
                raise InterpretError(f"{f.op.text}: no interpretation") from None
            return handler(f, args, env, r)
        if isinstance(f, RewritePoint):  # a typed identity: fun << args
            return self.apply(f.fun, args, env, r)
        raise InterpretError(f"{f!r} is not a function")

    # --- algorithmic primitives ---
    def _map(self, p: Prim, args, env, r):
        x = args[0]
        n = _leaf(x).shape[r]
        return _broadcast_axes(self.apply(p.funs[0], [x], env, r + 1), r, (n,))

    def _map_nd(self, p: Prim, args, env, r):
        k, x = p.int_static(0), args[0]
        lens = _leaf(x).shape[r:r + k]
        return _broadcast_axes(self.apply(p.funs[0], [x], env, r + k), r, tuple(lens))

    def _reduce(self, p: Prim, args, env, r):
        return self._reduce_impl(p.funs[0], args[0], args[1], None, env, r)

    def _reduce_call(self, f: FunDecl, init_e: Expr, xs_e: Expr, env, r: int) -> Rep:
        """reduce(init, f) << xs_e. reduce(init, f) << map(h) << xs is fused, so the fast path never materialises
        map(h) << xs whole; a contraction's joined windows stay views (`_eval_windows`)."""
        pre = None
        if _is_map_call(xs_e):
            pre, xs_e = xs_e.f.funs[0], xs_e.args[0]
        init = self.eval(init_e, env, r)
        factors = _contraction_factors(f, pre)
        unit = factors is None and pre is None and _sums_elements(f) and (_is_join(xs_e) or self._crops_join(xs_e))
        if unit:  # the sum of a joined window: a contraction with unit weights
            factors = _unit_factors
        xs = None
        if factors is not None and isinstance(init, np.ndarray) and init.dtype.kind == "f" and init.ndim == r:
            spread = self.spread_joins
            xs = self._eval_windows(xs_e, env, r)
            if xs is not None and (not unit or self.spread_joins != spread):
                out = self._reduce_contraction(factors, init, xs, env, r)
                if out is not None:
                    return np.expand_dims(out, r)
                if self.spread_joins != spread:  # a join left out: the other paths need it
                    xs = None
        return self._reduce_impl(f, init, self.eval(xs_e, env, r) if xs is None else xs, pre, env, r)

    def _eval_windows(self, e: Expr, env, r: int) -> Rep | None:
        """e evaluated at rank r for a contraction of scalars, except that `join << w` of a float array keeps w's
        axes (its reduced axis spread over several, so a window of a slide is no copy); None where the zipped
        lengths do not agree (the ordinary evaluation reports it)."""
        if _is_join(e) or self._crops_join(e):
            w, k = self._spread(e, env, r)
            if k > 1 and isinstance(w, np.ndarray) and w.dtype.kind == "f":
                self.spread_joins += 1
                return w
            return _tmap(lambda a: _merge(a, r, k), w)
        if isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is Op.ZIP:
            parts = [self._eval_windows(a, env, r) for a in e.args]
            if any(p is None for p in parts):
                return None
            lens = {math.prod(a.shape[r:]) if a.ndim > r + 1 and a.dtype.kind == "f" else a.shape[r]
                    for p in parts for a in _leaves(p)}
            return tuple(parts) if len(lens) == 1 else None
        return self.eval(e, env, r)

    def _spread(self, e: Expr, env, r: int) -> tuple[Rep, int]:
        """e, an array, evaluated at rank r with its outer axis spread: (rep, k), axes r..r+k-1 of every leaf of
        rep being that axis in row-major order. `join << x` spreads it over one more axis of x (joinND(k) over k - 1
        more) and a crop of it (`pad` by amounts <= 0) selects a range of those axes (`_crop`), so a joined window
        of a slide (any number of dimensions) and its parts are read in place; anything else is evaluated as usual
        (k = 1)."""
        if _is_join(e):
            rep, k = self._spread(e.args[0], env, r)
            return rep, k + _joins(e)
        if self._crops_join(e):
            rep, k = self._spread(e.args[1], env, r)
            left, right = self.size(e.f.static[0]), self.size(e.f.static[1])
            lens = _leaf(rep).shape[r:r + k]
            n = math.prod(lens)
            if k > 1 and n > 0 and n + right >= -left and all(a.shape[r:r + k] == lens for a in _leaves(rep)):
                ks = []

                def crop(a):
                    b, kb = _crop(a, r, k, -left, n + right)
                    ks.append(kb)  # the same for every leaf: it depends on lens only
                    return b

                return _tmap(crop, rep), ks[0]
            rep = _tmap(lambda a: _merge(a, r, k), rep)
            return self._pad(e.f, [self.eval(e.args[0], env, r), rep], env, r), 1
        return self.eval(e, env, r), 1

    def _crops_join(self, e: Expr) -> bool:
        """e is `pad(l, r, value) << join << x` (or joinND) with l, r <= 0: a range of a joined array."""
        if not (isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is Op.PAD and len(e.args) == 2
                and _is_join(e.args[1])):
            return False
        return all(self.size(x) <= 0 for x in e.f.static[:2])

    def _reduce_impl(self, f: FunDecl, init: Rep, xs: Rep, pre: FunDecl | None, env, r: int) -> Rep:
        """reduce(init, f) << xs, or reduce(init, f) << map(pre) << xs when `pre` is given."""
        n = _leaf(xs).shape[r]
        acc, start = init, 0
        spec = _fast_reduce_spec(f)
        if spec is not None and isinstance(init, np.ndarray) and init.dtype != np.bool_:
            factors = _contraction_factors(f, pre)
            if factors is not None and init.dtype.kind == "f":
                out = self._reduce_contraction(factors, init, xs, env, r)
                if out is not None:
                    return np.expand_dims(out, r)
            acc, start = self._reduce_fast(spec, init, xs, pre, env, r, n)
        for i in range(start, n):  # sequential: one step per element, each on whole batched arrays
            xi = _tmap(lambda a, i=i: a[_ix(r, i)], xs)
            if pre is not None:
                xi = self.apply(pre, [xi], env, r)
            acc = self.apply(f, [acc, xi], env, r)
        return _tmap(lambda a: np.expand_dims(a, r), acc)

    def _reduce_contraction(self, factors, init: np.ndarray, xs, env, r: int) -> np.ndarray | None:
        """init + the sum over the reduced axis of u * v, (u, v) the factors of every element at once: a float64
        matrix product, or None (the other paths go on) where the factors are not two float arrays of the
        accumulator's shape plus the reduced axis that both span."""
        u, v = factors(self, xs, env, r + 1)
        if not all(isinstance(a, np.ndarray) and a.dtype.kind == "f" and a.ndim > init.ndim for a in (u, v)):
            return None
        ku, kv = u.ndim - init.ndim, v.ndim - init.ndim  # the axes the reduced one spans (several: a window)
        if max(ku, kv) > 1 and init.ndim != r:
            return None
        if ku < kv:
            u, v, ku, kv = v, u, kv, ku  # the sum of products is symmetric
        red = u.shape[r:r + ku]
        if kv < ku:  # v's reduced axis joined: split it like u's
            if kv != 1 or v.shape[r] != math.prod(red):
                return None
            v = v.reshape(v.shape[:r] + red + v.shape[r + 1:])
        if v.shape[r:r + ku] != red or math.prod(red) < 1:
            return None
        keep_u, keep_v = u.shape[:r] + u.shape[r + ku:], v.shape[:r] + v.shape[r + ku:]
        if any(x > 1 and y > 1 and x != y for x, y in zip(keep_u, keep_v, strict=True)):
            return None
        try:
            shape = np.broadcast_shapes(init.shape, keep_u, keep_v)
        except ValueError:
            return None
        _check_elements(shape, "a reduction's result")
        total = _contract(u, v, r, ku)
        total = np.add(total, init, out=total) if total.shape == shape else total + init
        return total.astype(init.dtype, copy=False)

    def _reduce_fast(self, spec, init: np.ndarray, xs, pre, env, r: int, n: int) -> tuple[Rep, int]:
        """Fold the first elements with NumPy reductions: (accumulator, index of the first element left)."""
        ufunc, contributions = spec[:2]
        acc, start, chunk = init, 0, 1
        while start < n:
            stop = min(n, start + chunk)
            part = _tmap(lambda a, lo=start, hi=stop: a[_ix(r, slice(lo, hi))], xs)
            if pre is not None:
                part = self.apply(pre, [part], env, r + 1)
            c = contributions(self, part, env, r + 1)
            if not isinstance(c, np.ndarray) or c.ndim != init.ndim + 1 or c.dtype != init.dtype:
                return acc, start  # not a plain scalar/vector accumulation: the sequential path goes on
            c = np.broadcast_to(c, (*c.shape[:r], stop - start, *c.shape[r + 1:]))
            acc = ufunc(acc, ufunc.reduce(c, axis=r, dtype=c.dtype)).astype(init.dtype, copy=False)
            start = stop
            if chunk == 1:
                per = c.size  # batch elements per reduced element
                if per >= _SEQUENTIAL_BATCH:
                    return acc, start  # wide batches: the sequential loop is as fast and exactly fp32-sequential
                chunk = max(1, _CHUNK_ELEMENTS // per)
        return acc, start

    def _iterate(self, p: Prim, args, env, r):
        x, n = args[0], self.size(p.static[0])
        limit = max_iterations()
        if n > limit:
            raise InterpretError(f"iterate({n}, ...): more iterations than the interpreter's limit of {limit} "
                                 f"(set {ITERATIONS_ENV} to raise it)")
        for _ in range(n):
            x = self.apply(p.funs[0], [x], env, r)
        return x

    def _apply_fun(self, p: Prim, args, env, r):
        return self.apply(p.funs[0], args, env, r)

    def _identity(self, p: Prim, args, env, r):
        return args[0]

    def _vectorise(self, p: Prim, args, env, r):
        n = self.size(p.static[0])
        for a in args:
            if not isinstance(a, np.ndarray) or a.ndim != r + 1 or a.shape[r] != n:
                raise InterpretError(f"vectorise({n}, ...): expects vectors of {n} lanes")
        # the lane axis is a batch axis for the scalar function
        return _broadcast_axes(self.apply(p.funs[0], list(args), env, r + 1), r, (n,))

    # --- layout primitives (axis r of every leaf) ---
    def _zip(self, p: Prim, args, env, r):
        k = p.int_static(0) if p.op is Op.ZIP_ND else 1
        lens = [_leaf(a).shape[r:r + k] for a in args]
        if any(x != lens[0] for x in lens):
            raise InterpretError(f"{p.op.text}: argument lengths {lens} differ")
        return tuple(args)

    def _get(self, p: Prim, args, env, r):
        t, i = args[0], p.int_static(0)
        if not isinstance(t, tuple) or not 0 <= i < len(t):
            raise InterpretError(f"get({i}) of a value that is not a tuple with that component")
        return t[i]

    def _split(self, p: Prim, args, env, r):
        m = self.size(p.static[0])
        n = _leaf(args[0]).shape[r]
        if m <= 0 or n % m:
            raise InterpretError(f"split({m}) of an array of length {n}: {m} does not divide it")
        return _tmap(lambda a: a.reshape((*a.shape[:r], n // m, m, *a.shape[r + 1:])), args[0])

    def _join(self, p: Prim, args, env, r):
        return _tmap(lambda a: a.reshape((*a.shape[:r], a.shape[r] * a.shape[r + 1], *a.shape[r + 2:])), args[0])

    def _slide(self, p: Prim, args, env, r):
        size, step = self.size(p.static[0]), self.size(p.static[1])
        n = _leaf(args[0]).shape[r]
        if size <= 0 or step <= 0 or size > n:
            raise InterpretError(f"{p.op.text}({size}, {step}) of an array of length {n}")
        if p.op is Op.SLIDE_STRICT and (n - size) % step:
            raise InterpretError(f"slideStrict({size}, {step}): windows do not cover the length {n} exactly")

        def windows(a):
            w = np.lib.stride_tricks.sliding_window_view(a, size, axis=r)[_ix(r, slice(None, None, step))]
            return np.moveaxis(w, -1, r + 1)

        return _tmap(windows, args[0])

    def _transpose(self, p: Prim, args, env, r):
        return _tmap(lambda a: np.swapaxes(a, r, r + 1), args[0])

    def _pad(self, p: Prim, args, env, r):
        left, right = self.size(p.static[0]), self.size(p.static[1])
        return _tmap2(lambda v, a: _pad_leaf(a, v, r, left, right), args[0], args[1])

    def _boundary_pad(self, p: Prim, args, env, r):
        left, right = self.size(p.static[0]), self.size(p.static[1])
        return _tmap(lambda a: _boundary_pad_leaf(a, r, left, right, p.op), args[0])

    def _take(self, p: Prim, args, env, r):
        m = self.size(p.static[0])

        def take(a):
            n = a.shape[r]
            return _pad_leaf(a, np.zeros((1,) * r, a.dtype), r, 0, m - n)

        return _tmap(take, args[0])

    def _reorder(self, p: Prim, args, env, r):
        s = self.size(p.static[0])
        n = _leaf(args[0]).shape[r]
        if s <= 0 or n % s:
            raise InterpretError(f"reorder({s}) of an array of length {n}: {s} does not divide it")
        _check_elements(_leaf(args[0]).shape, f"reorder({s})")
        i = np.arange(n)
        idx = i // (n // s) + s * (i % (n // s))
        return _tmap(lambda a: np.take(a, idx, axis=r), args[0])

    def _as_vector(self, p: Prim, args, env, r):
        k, a = self.size(p.static[0]), args[0]
        if not isinstance(a, np.ndarray) or a.ndim != r + 1:
            raise InterpretError(f"asVector({k}) expects an array of scalars")
        m = a.shape[r]
        if k <= 0 or m % k:
            raise InterpretError(f"asVector({k}) of an array of length {m}: {k} does not divide it")
        return a.reshape((*a.shape[:r], m // k, k))

    def _as_scalar(self, p: Prim, args, env, r):
        a = args[0]
        if not isinstance(a, np.ndarray) or a.ndim != r + 2:
            raise InterpretError("asScalar expects an array of vectors")
        return a.reshape((*a.shape[:r], a.shape[r] * a.shape[r + 1]))

    def _macro(self, p: Prim, args, env, r):
        names, body = _expansion(p, len(args))
        inner = dict(env)
        for q, a in zip(names, args, strict=True):
            inner[q] = (a, r)
        return self.eval(body, inner, r)


def _merge(a: np.ndarray, r: int, k: int) -> np.ndarray:
    """Axes r..r+k-1 of a as one, row-major (a spread value's array; a copy unless they are contiguous)."""
    if k == 1:
        return a
    return a.reshape((*a.shape[:r], math.prod(a.shape[r:r + k]), *a.shape[r + k:]))


def _crop(a: np.ndarray, r: int, k: int, lo: int, hi: int) -> tuple[np.ndarray, int]:
    """Elements lo..hi-1 of axes r..r+k-1 of a taken as one row-major axis: (b, k'), b spread over k' axes.

    A range within one index of the outer axis indexes it (k' = k - 1 and the range within), one of whole
    indices of it slices it (a view spread like a); a range across unaligned indices is the concatenation of
    those pieces, each merged (a copy of just the elements in the range, k' = 1)."""
    while k > 1:
        inner = math.prod(a.shape[r + 1:r + k])
        if lo % inner == 0 and hi % inner == 0:
            return a[_ix(r, slice(lo // inner, hi // inner))], k
        first = lo // inner
        if first != (hi - 1) // inner:
            cuts = sorted({lo, hi, min(hi, -(-lo // inner) * inner), max(lo, hi // inner * inner)})
            parts = [_crop(a, r, k, x, y) for x, y in itertools.pairwise(cuts) if y > x]
            return np.concatenate([_merge(b, r, kb) for b, kb in parts], axis=r), 1
        a, k, lo, hi = a[_ix(r, first)], k - 1, lo - first * inner, hi - first * inner
    return a[_ix(r, slice(lo, hi))], 1


# np.pad's mode of each boundary: mirror repeats the end element (Lift's Pad.Boundary.Mirror), which is 'symmetric'
_NP_PAD_MODE = {"clamp": "edge", "mirror": "symmetric", "wrap": "wrap"}


def _boundary_pad_leaf(a: np.ndarray, r: int, left: int, right: int, op: Op) -> np.ndarray:
    if left < 0 or right < 0:
        raise InterpretError(f"{op.text}({left}, {right}): negative amounts (crop with pad instead)")
    if a.shape[r] < 1:
        raise InterpretError(f"{op.text}({left}, {right}) of an empty array")
    _check_elements((*a.shape[:r], a.shape[r] + left + right, *a.shape[r + 1:]), f"{op.text}({left}, {right})")
    widths = [(0, 0)] * a.ndim
    widths[r] = (left, right)
    return np.pad(a, widths, mode=_NP_PAD_MODE[PAD_MODES[op]])


def _pad_leaf(a: np.ndarray, v: np.ndarray, r: int, left: int, right: int) -> np.ndarray:
    n = a.shape[r]
    lo, hi = max(0, -left), n - max(0, -right)
    if hi < lo:
        raise InterpretError(f"pad({left}, {right}) of an array of length {n} truncates more than its length")
    a = a[_ix(r, slice(lo, hi))]
    if left <= 0 and right <= 0:
        return a
    k = a.ndim - v.ndim - 1  # element dimensions the value is broadcast over
    if k < 0:
        raise InterpretError(f"pad: a value with {v.ndim - r} dimension(s) for elements with {a.ndim - r - 1}")
    v = v.reshape(v.shape[:r] + (1,) * (1 + k) + v.shape[r:])
    batch = np.broadcast_shapes(a.shape[:r], v.shape[:r])
    rest = a.shape[r + 1:]
    _check_elements((*batch, max(left, 0) + a.shape[r] + max(right, 0), *rest), f"pad({left}, {right})")
    parts = [np.broadcast_to(v, (*batch, left, *rest))] if left > 0 else []
    parts.append(np.broadcast_to(a, batch + a.shape[r:]))
    if right > 0:
        parts.append(np.broadcast_to(v, (*batch, right, *rest)))
    return np.concatenate(parts, axis=r)


def _call_userfun(u: UserFun, args: list[Rep], r: int) -> Rep:
    if len(args) != len(u.params):
        raise InterpretError(f"{u.name} takes {len(u.params)} argument(s), given {len(args)}")
    try:
        shape = np.broadcast_shapes(*(a.shape for a in _leaves(tuple(args))))
    except ValueError:
        shape = ()
    _check_elements(shape, f"user function {u.name}'s result")
    try:
        out = u.numpy_fn(*args)
    except Exception as err:  # the NumPy expression is user text: name the function
        raise InterpretError(f"user function {u.name}: evaluating {u.py!r} failed: {err}") from err
    t = u.out_type
    if isinstance(t, TypeVar):  # polymorphic (id): the result has the type of the argument bound to it
        src = next((a for a, it in zip(args, u.in_types, strict=True) if it == t), None)
        if isinstance(out, tuple) or src is None or isinstance(src, tuple):
            return out
        return np.asarray(out).astype(src.dtype, copy=False)
    s = scalar_of(t)
    if s is None:
        raise InterpretError(f"user function {u.name}: result type {t} is not a scalar or vector")
    out = np.asarray(out).astype(NUMPY_DTYPE[s.name], copy=False)
    want = r + (1 if isinstance(t, VectorType) else 0)
    if out.ndim < want:
        out = out.reshape((1,) * (want - out.ndim) + out.shape)
    return out


@functools.lru_cache(maxsize=4096)
def _expansion(p: Prim, nargs: int) -> tuple[tuple[str, ...], Expr]:
    """A layout macro's expansion over placeholder parameters (names no program can use)."""
    names = tuple(f"\x00macroArg{i}" for i in range(nargs))
    return names, expand_call(FunCall(p, tuple(Param(n) for n in names)))


# --- fast path for associative reductions -------------------------------------------------------------------
_ASSOC = {"+": np.add, "*": np.multiply, "np.maximum": np.maximum, "np.minimum": np.minimum,
          "np.fmax": np.fmax, "np.fmin": np.fmin}
_UNSAFE_REST = re.compile(r"\bif\b|\blambda\b|\bor\b|\band\b|\bnot\b|[<>=!|&^]|[-+]\s*$")


@functools.lru_cache(maxsize=1024)
def _userfun_accumulation(u: UserFun):
    """How u(acc, ...) accumulates, when it is `acc OP g(others)` with OP associative and commutative.

    Returns (ufunc, acc positions, g) with g a NumPy function of the other parameters, or None.
    """
    py = " ".join(u.py.split())
    if len(u.params) == 2:
        a, b = u.params
        for op, uf in _ASSOC.items():
            forms = ((f"{a} {op} {b}", f"{b} {op} {a}") if op in "+*"
                     else (f"{op}({a}, {b})", f"{op}({b}, {a})"))
            if py in forms:
                return uf, (0, 1), lambda y: y
    p0, rest_params = u.params[0], u.params[1:]
    m = re.fullmatch(rf"{re.escape(p0)} \+ (.+)", py)
    if m and rest_params:
        rest = m.group(1)
        if re.search(rf"\b{re.escape(p0)}\b", rest) or _UNSAFE_REST.search(rest):
            return None
        try:
            g = compile_numpy(tuple(rest_params), rest, u.name)
        except UserFunError:  # not an expression on its own (or not in the allowed language)
            return None
        return np.add, (0,), g
    return None


def _is_map_call(e: Expr) -> bool:
    return isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op in MAPS and len(e.args) == 1


def _peel(f: FunDecl) -> FunDecl:
    while isinstance(f, Prim) and f.op in ADDRESS_SPACES and len(f.funs) == 1:
        f = f.funs[0]
    return f


def _mentions(node: Node, name: str) -> bool:
    if isinstance(node, Param):
        return node.name == name
    return any(_mentions(c, name) for c in node.children())


def _product_positions(u: UserFun, first: int) -> tuple[int, int] | None:
    """(i, j) when u's NumPy text, from parameter `first` on, is `params[i] * params[j]` (after `acc + ` when
    first is 1): the positions of the two factors among all of u's parameters."""
    names = list(u.params)
    py = " ".join(u.py.split())
    if first:
        head = f"{names[0]} + "
        if not py.startswith(head):
            return None
        py = py[len(head):]
    parts = py.split(" * ")
    if len(parts) != 2 or not all(p in names[first:] for p in parts):
        return None
    return names.index(parts[0]), names.index(parts[1])


def _joins(e: Expr) -> int:
    """How many joins e applies to its argument: 1 for `join << x`, k - 1 for `joinND(k) << x`, else 0."""
    if not (isinstance(e, FunCall) and isinstance(e.f, Prim) and len(e.args) == 1):
        return 0
    if e.f.op is Op.JOIN:
        return 1
    return e.f.int_static(0) - 1 if e.f.op is Op.JOIN_ND else 0


def _is_join(e: Expr) -> bool:
    return _joins(e) > 0


def _sums_elements(f: FunDecl) -> bool:
    """Reducing with f sums the elements themselves (`add`, `(acc, x) => add(acc, x)`)."""
    spec = _fast_reduce_spec(f)
    return spec is not None and spec[3]


def _unit_factors(ev: _Evaluator, xs, env, r: int):
    """factors of a sum of elements: the elements and unit weights over the reduced axis (axis r - 1 spread
    over the scalars' other axes)."""
    if not isinstance(xs, np.ndarray):
        return xs, None
    return xs, np.broadcast_to(np.ones(1, xs.dtype), (1,) * (r - 1) + (math.prod(xs.shape[r - 1:]),))


def _is_view(e: Expr, acc: str | None) -> bool:
    """e is a name or literal, possibly under get(i)s: a value the interpreter builds without computing (a view),
    so evaluating it over a whole reduced axis costs nothing; never the accumulator."""
    while isinstance(e, FunCall) and isinstance(e.f, Prim) and e.f.op is Op.GET and len(e.args) == 1:
        e = e.args[0]
    return isinstance(e, Literal) or (isinstance(e, Param) and e.name != acc)


def _factors_of(x: str, exprs: tuple[Expr, Expr]):
    """factors(evaluator, xs, env, rank): the two expressions evaluated with `x` bound to xs at `rank`."""
    def factors(ev: _Evaluator, xs, env, r):
        inner = dict(env)
        inner[x] = (xs, r)
        return tuple(ev.eval(a, inner, r) for a in exprs)

    return factors


def _product_call(e: Expr, x: str, acc: str | None = None):
    """factors when e is `mult(a, b)` (any user function whose NumPy text is the product of two parameters) of
    views a, b of x and outer names; else None."""
    if not isinstance(e, FunCall):
        return None
    u = _peel(e.f)
    if not isinstance(u, UserFun) or len(e.args) != len(u.params):
        return None
    pos = _product_positions(u, 0)
    if pos is None or not all(_is_view(e.args[i], acc) for i in pos):
        return None
    return _factors_of(x, (e.args[pos[0]], e.args[pos[1]]))


@functools.lru_cache(maxsize=1024)
def _map_factors(h: FunDecl):
    """factors when map(h) yields products of two views of its element (h = `t => mult(get(0) << t, get(1) <<
    t)`), so reduce(add) o map(h) is a contraction; else None."""
    h = _peel(h)
    if not isinstance(h, Lambda) or len(h.params) != 1:
        return None
    return _product_call(h.body, h.params[0].name)


@functools.lru_cache(maxsize=1024)
def _fast_reduce_spec(f: FunDecl):
    """(ufunc, contributions, factors, sums_elements) when reducing with f is folding ufunc over per-element
    contributions.

    contributions(evaluator, xs_part, env, rank) evaluates the contributions of a slice of the reduced array,
    whose reduced axis is a batch axis at `rank`. factors (or None) has the same signature and gives the two
    arrays whose product is every contribution when ufunc is add (`acc + l * r`, `add(acc, mult(a, b))`): the
    reduction is then a contraction. sums_elements: the contribution is the element itself (`add`), so
    reduce(f) o map(h) is a contraction when h is a product (`_map_factors`).
    """
    g = _peel(f)
    if isinstance(g, UserFun):
        acc_rule = _userfun_accumulation(g)
        if acc_rule is None or 0 not in acc_rule[1] or len(g.params) != 2:
            return None
        ufunc, positions, fn = acc_rule
        adds = ufunc is np.add
        pos = _product_positions(g, 1) if adds and positions == (0,) else None
        factors = None
        if pos is not None:  # acc + x * x
            factors = lambda ev, xs, env, r: (xs, xs)  # noqa: E731
        return ufunc, lambda ev, xs, env, r: fn(xs), factors, adds and positions == (0, 1)
    if not isinstance(g, Lambda) or len(g.params) != 2:
        return None
    acc, x = g.params[0].name, g.params[1].name
    body = g.body
    if not isinstance(body, FunCall):
        return None
    u = _peel(body.f)
    if not isinstance(u, UserFun):
        return None
    acc_rule = _userfun_accumulation(u)
    if acc_rule is None:
        return None
    ufunc, positions, fn = acc_rule
    pos = [i for i, a in enumerate(body.args) if a == Param(acc)]
    if len(pos) != 1 or pos[0] not in positions:
        return None
    others = [a for i, a in enumerate(body.args) if i != pos[0]]
    if any(_mentions(a, acc) for a in others):
        return None
    out_dtype = NUMPY_DTYPE[u.out_type.name] if isinstance(u.out_type, ScalarType) else None

    def contributions(ev: _Evaluator, xs, env, r):
        inner = dict(env)
        inner[x] = (xs, r)
        vals = [ev.eval(a, inner, r) for a in others]
        c = np.asarray(fn(*vals))
        return c.astype(out_dtype, copy=False) if out_dtype is not None else c

    factors, sums = None, False
    if ufunc is np.add and positions == (0, 1):  # add(acc, e): e itself, or a product
        factors, sums = _product_call(others[0], x, acc), others[0] == Param(x)
    elif ufunc is np.add and pos[0] == 0:  # multAndSumUp(acc, a, b)
        ij = _product_positions(u, 1)
        if ij is not None and all(_is_view(body.args[k], acc) for k in ij):
            factors = _factors_of(x, (body.args[ij[0]], body.args[ij[1]]))
    return ufunc, contributions, factors, sums


def _contraction_factors(f: FunDecl, pre: FunDecl | None):
    """factors (`_fast_reduce_spec`) when reduce(f) << xs, or reduce(f) << map(pre) << xs, sums products of
    two values per element; else None."""
    spec = _fast_reduce_spec(f)
    if spec is None:
        return None
    if pre is None:
        return spec[2]
    return _map_factors(pre) if spec[3] else None


def _contract(u: np.ndarray, v: np.ndarray, r: int, k: int = 1) -> np.ndarray:
    """The sum over axes r..r+k-1 (the reduced one, spread over k axes for a window) of u * v in float64, u and
    v broadcast against each other on every other axis (each of length 1 or the common length).

    One matrix product per block, a batch of them where both span an axis: the operands are copied into float64
    blocks of about _CONTRACTION_ELEMENTS elements along their first axis, so a strided window is read in place
    and never copied whole. The result has u's axes less the reduced ones.
    """
    red = list(range(r, r + k))
    n = math.prod(u.shape[i] for i in red)
    if n <= _FEW_TERMS:
        return _contract_terms(u, v, r, k)
    axes = [i for i in range(u.ndim) if i not in red]
    both = [i for i in axes if u.shape[i] > 1 and v.shape[i] > 1]
    left = [i for i in axes if u.shape[i] > 1 and v.shape[i] == 1]
    right = [i for i in axes if u.shape[i] == 1 and v.shape[i] > 1]
    ones = [i for i in axes if u.shape[i] == 1 and v.shape[i] == 1]
    lb, ll, lr = ([u.shape[i] for i in both], [u.shape[i] for i in left], [v.shape[i] for i in right])
    lred = [u.shape[i] for i in red]
    # the length-1 axes dropped: views
    a = np.transpose(u, both + left + right + ones + red).reshape(lb + ll + lred)
    b = np.transpose(v, both + right + left + ones + red).reshape(lb + lr + lred)
    nb, p, q = math.prod(lb), math.prod(ll), math.prod(lr)
    out = np.empty((nb, p, q))
    if both:  # blocks of the first batch axis, a's and b's together
        per = nb // lb[0]
        for lo, hi in _ranges(lb[0], (p + q) * n * per):
            ua = _float64(a[lo:hi]).reshape(-1, p, n)
            vb = _float64(b[lo:hi]).reshape(-1, q, n)
            np.matmul(ua, np.swapaxes(vb, 1, 2), out=out[lo * per:hi * per])
    else:  # blocks of a's first axis times blocks of b's first axis
        pa, qb = (p // ll[0] if ll else p), (q // lr[0] if lr else q)  # rows per index of the first axis
        for lo, hi in (_ranges(ll[0], pa * n) if ll else [(0, 1)]):
            ua = _float64(a[lo:hi] if ll else a).reshape(-1, n)
            for lo_b, hi_b in (_ranges(lr[0], qb * n) if lr else [(0, 1)]):
                vb = _float64(b[lo_b:hi_b] if lr else b).reshape(-1, n)
                np.matmul(ua, vb.T, out=out[0, lo * pa:hi * pa, lo_b * qb:hi_b * qb])
    lens = lb + ll + lr + [1] * len(ones)
    order = both + left + right + ones  # the axes of out.reshape(lens), by their place in u
    return np.transpose(out.reshape(lens), np.argsort([axes.index(i) for i in order]))


def _contract_terms(u: np.ndarray, v: np.ndarray, r: int, k: int) -> np.ndarray:
    """_contract for a short sum (a stencil's taps): one float64 multiply-add over the result per term, in
    blocks of the first axis small enough to stay in cache; the terms are strided views (windows in place)."""
    red = u.shape[r:r + k]
    shape = np.broadcast_shapes(u.shape[:r] + u.shape[r + k:], v.shape[:r] + v.shape[r + k:])
    out = np.zeros(shape)
    unit = v.size > 0 and not any(v.strides) and v.flat[0] == 1  # unit weights (a sum): add u's terms as they are
    blocks = _ranges(shape[0], math.prod(shape[1:]), _TERMS_BLOCK) if r > 0 else [(0, 1)]
    for lo, hi in blocks:
        ub, vb, o = u, v, out
        if r > 0:  # rows lo..hi of the first (batch) axis
            ub, vb, o = (u[lo:hi] if u.shape[0] > 1 else u), (v[lo:hi] if v.shape[0] > 1 else v), out[lo:hi]
        term = None if unit else np.empty(o.shape)
        for idx in np.ndindex(*red):
            at = (slice(None),) * r + idx
            if term is None:
                np.add(o, ub[at], out=o)
                continue
            np.multiply(ub[at], vb[at], out=term, dtype=np.float64)
            o += term
    return out


def _ranges(length: int, per_index: int, elements: int = _CONTRACTION_ELEMENTS) -> list[tuple[int, int]]:
    """[lo, hi) index ranges covering range(length), each of about `elements` / per_index indices."""
    step = max(1, elements // max(1, per_index))
    return [(lo, min(length, lo + step)) for lo in range(0, length, step)]


def _float64(x: np.ndarray) -> np.ndarray:
    """A contiguous float64 copy of x (one strided pass: a window view is read in place)."""
    return np.ascontiguousarray(x, dtype=np.float64)
