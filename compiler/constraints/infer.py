"""Tuning-parameter inference from a typed program (thesis §4.3, Algorithm 2).

    problem = infer(program, sizes={"N": 1024}, device=H100)
    print(problem)              # parameters with their ranges, then the constraints with their origins
    space = problem.space()     # a compiler.constraints.solver.Space

Parameters. Every size variable in a static parameter of split, slide, slideStrict, asVector, vectorise, pad,
reorder and iterate, in a vector width of a type (user-function signatures, literals) or in a `local_sizes`
override that is not a size of the program's inputs is a tuning parameter. Inside constraints a parameter is an
integer >= 0 symbol (`constraint.param`); its bounds are explicit constraints.

Constraints (each a `Constraint(expr, params, origin)`):
- algorithmic (§4.3.1.1): split(m) of [T]n: n % m = 0, m >= 1, m <= n (4.1, 4.2); asVector(w): n % w = 0,
  w >= 1, w <= n (4.3); slide / slideStrict(size, step): size >= 1, size <= n (4.5), step >= 1, and for
  slideStrict (n - size) % step = 0 (4.4, the OCR-corrected reading); reorder(s): n % s = 0, 1 <= s <= n;
  pad(l, r): the length l + n + r >= 1, and an amount that is a bare parameter ranges over [0, n) ([EXTERNAL]
  padOptTotal), the same for padClamp, padMirror and padWrap; iterate(k): k >= 1; every vector width that holds
  a parameter is in {1, 2, 4, 8, 16}.
  Finite-range heuristic: a parameterised slide step is <= n (larger steps give the same single window).
- hardware (§4.3.1.2) against `DeviceLimits`, per kernel (an oclKernel, else the whole program):
  NDRange: the local size in dimension d is the largest iteration count of the mapLcl(d) of the kernel (§6.3.1,
  the same rule the thesis gives for mapWrg and mapGlb), unless `local_sizes` gives it; each must be <= the
  device's max work-item size in d, and their product <= the max work-group size (a max is decomposed into
  one constraint per map). Work-group kernels have global = groups x local, so "local divides global" holds by
  construction; for mapGlb kernels it is a constraint only when `local_sizes` is given.
  Memory: the bytes of every user-function result buffer, from the allocation rules of §2.3.2.3 and their Ch4
  refinement (§4.4): walking down, mapSeq/map multiply the global, local and private multipliers by the
  iteration count, mapLcl the global and local ones, mapWrg/mapGlb the global one; a concrete function's
  argument that is itself computed starts again from {global, local if inside a mapLcl, private = 1}. The
  address space is that of the innermost toGlobal/toLocal/toPrivate around the user function, else global;
  inside a reduce operator an unwrapped user function writes the accumulator (no buffer). Sum of local buffers
  <= local memory; sum of private buffers <= the private heuristic; each global buffer (inputs included) <= max
  allocation; all of them <= global memory. Approximations: buffers are never reused across one another.

Simplification (Algorithm 2, §4.3.3): substitute the known sizes; drop constraints that become true and
duplicates (normal form: expanded difference, Mod arguments expanded, one orientation; origins are merged);
a parameter-free constraint that is false raises ConstraintError("this structure is invalid for these sizes:
..."); bound constraints narrow each parameter's range (with interval propagation through other parameters'
ranges, as in the worked example 4.11); the ranges become domains, one-parameter constraints filter them and are
dropped, and constraints with small domain products are made arc consistent and dropped when the narrowed ranges
entail them (`solver.narrow`). Parameters whose range collapses to one value stay, with that single value.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import sympy

from .. import arith
from ..errors import ConstraintError
from ..ir.macros import expand_program
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Param, Prim, Program, UserFun, walk
from ..ir.ops import MACROS, MAPS, PADS, REDUCES, Op
from ..ir.typecheck import Typing, typecheck
from ..types import ArrayType, ScalarType, TupleType, Type, VectorType
from .constraint import (
    VECTOR_WIDTHS,
    Constraint,
    _has_division,
    _integer_fraction,
    canonical_divisibility,
    divides,
    param,
    show_constraint,
)
from .device import DeviceLimits
from .interval import INF, interval
from .solver import Space, _divisibility, _divisors_of_any, narrow

TUNING_OPS = frozenset({Op.SPLIT, Op.SLIDE, Op.SLIDE_STRICT, Op.AS_VECTOR, Op.VECTORISE, *PADS, Op.REORDER,
                        Op.ITERATE})
SCALAR_BYTES = {"float": 4, "double": 8, "int": 4, "bool": 4}
MAX_DOMAIN = 10_000_000
DIVISOR_DOMAIN_FROM = 64  # a wider range of a split's divisor is enumerated as the divisors of the split length
MAX_DIVIDENDS = 1_000_000  # ... when that length takes at most this many values (over its parameters' domains)
DIVISOR_WORK = 50_000_000  # ... and its distinct values times sqrt(the largest) is at most this (trial divisions)


# --- program analysis -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BufferUse:
    kernel: int
    space: str  # "global" | "local" | "private"
    nbytes: sympy.Expr
    origin: str


@dataclass(frozen=True)
class MapUse:
    kernel: int
    op: Op
    dim: int
    count: sympy.Expr
    origin: str


@dataclass
class Analysis:
    """What a program says about its tuning parameters, before any size is known."""

    program: Program
    typing: Typing
    input_sizes: frozenset[str]
    params: tuple[str, ...]
    algorithmic: list[Constraint]
    buffers: list[BufferUse]
    maps: list[MapUse]
    inputs: list[BufferUse]
    rename: dict = field(default_factory=dict)  # program symbols of tuning parameters -> constraint.param symbols
    calls: list[tuple[int, sympy.Expr, str]] = field(default_factory=list)  # (kernel, copies after unrolling, where)

    def r(self, e):
        """An expression with its tuning parameters as constraint symbols (integers >= 0, no positivity)."""
        e = sympy.sympify(e)
        return e.xreplace(self.rename) if self.rename else e


def analyse(program: Program) -> Analysis:
    """Type the program (macros expanded), find its tuning parameters, algorithmic constraints, buffers and maps."""
    if any(isinstance(n, Prim) and n.op in MACROS for _, n in walk(program)):
        program = expand_program(program)
    typing = typecheck(program)
    inputs = frozenset().union(*(_size_names(q.type) for q in program.params)) if program.params else frozenset()
    names: list[str] = []
    symbols: list[sympy.Symbol] = []

    def note(e) -> None:
        for sym in sorted(getattr(e, "free_symbols", ()), key=lambda x: x.name):
            if sym.name not in inputs:
                symbols.append(sym)
                if sym.name not in names:
                    names.append(sym.name)

    for _, n in walk(program):
        if isinstance(n, Prim) and n.op in TUNING_OPS:
            for st in n.static:
                note(st)
        elif isinstance(n, Literal) or (isinstance(n, Param) and n.type is not None):
            _each_length(n.type, note)
        elif isinstance(n, UserFun):
            for t in (*n.in_types, n.out_type):
                _each_length(t, note)
    a = Analysis(program, typing, inputs, tuple(names), [], [], [], [])
    a.rename = {sym: param(sym.name) for sym in symbols}
    for nm in names:
        a.rename[arith.var(nm)] = param(nm)
    _Walker(a).run()
    return a


def _size_names(t: Type | None) -> frozenset[str]:
    out: set[str] = set()
    if t is not None:
        _each_length(t, lambda e: out.update(s.name for s in e.free_symbols))
    return frozenset(out)


def _each_length(t, f) -> None:
    if isinstance(t, ArrayType):
        f(t.n)
        _each_length(t.elem, f)
    elif isinstance(t, VectorType):
        f(t.n)
    elif isinstance(t, TupleType):
        for e in t.elems:
            _each_length(e, f)


def _bytes(t: Type) -> sympy.Expr:
    if isinstance(t, ScalarType):
        return sympy.Integer(SCALAR_BYTES.get(t.name, 4))
    if isinstance(t, VectorType):
        return SCALAR_BYTES.get(t.elem.name, 4) * t.n
    if isinstance(t, ArrayType):
        return t.n * _bytes(t.elem)
    if isinstance(t, TupleType):
        return sympy.Add(*(_bytes(e) for e in t.elems))
    return sympy.Integer(4)


def _contains_userfun(f) -> bool:
    return any(isinstance(n, UserFun) for _, n in walk(f))


@dataclass(frozen=True)
class _Ctx:
    kernel: int = 0
    mult: tuple = (sympy.Integer(1),) * 3  # global, local, private
    space: str | None = None
    in_lcl: bool = False
    in_reduce: bool = False
    unrolled: sympy.Expr = sympy.S.One  # copies of the code here once the enclosing unrolled loops expand

    def times(self, n, which: tuple[int, ...]) -> tuple:
        return tuple(m * n if i in which else m for i, m in enumerate(self.mult))


_SPACE_OF = {Op.TO_GLOBAL: "global", Op.TO_LOCAL: "local", Op.TO_PRIVATE: "private"}
_SPACE_INDEX = {"global": 0, "local": 1, "private": 2}
_MULTIPLIES = {Op.MAP: (0, 1, 2), Op.MAP_SEQ: (0, 1, 2), Op.MAP_SEQ_UNROLL: (0, 1, 2), Op.MAP_LCL: (0, 1),
               Op.MAP_WRG: (0,), Op.MAP_GLB: (0,)}


class _Walker:
    def __init__(self, a: Analysis):
        self.a = a
        self.of = a.typing.of
        self.kernels = 0
        self.vector_widths: dict[str, sympy.Expr] = {}

    def run(self) -> None:
        p = self.a.program
        for q in p.params:
            if isinstance(q.type, ArrayType):
                self.a.inputs.append(BufferUse(0, "global", self.a.r(_bytes(q.type)), f"input {q.name} : {q.type}"))
        self.expr(p.body, (len(p.params),), _Ctx())
        for t in self.of.values():
            _each_vector(t, self._vector_width)

    def _vector_width(self, t: VectorType) -> None:
        if any(s.name not in self.a.input_sizes for s in getattr(t.n, "free_symbols", ())):
            self.vector_widths.setdefault(str(t.n), t.n)

    def expr(self, e: Expr, path, ctx: _Ctx) -> None:
        if not isinstance(e, FunCall):
            return
        concrete = _contains_userfun(e.f)
        for i, arg in enumerate(e.args):
            actx = ctx
            if concrete and isinstance(arg, FunCall):
                m = ctx.mult
                actx = _Ctx(ctx.kernel, (m[0], m[1] if ctx.in_lcl else sympy.Integer(1), sympy.Integer(1)),
                            None, ctx.in_lcl, False, ctx.unrolled)
            self.expr(arg, (*path, i + 1), actx)
        ins = [self.of[(*path, i + 1)] for i in range(len(e.args))]
        self.fun(e.f, (*path, 0), ctx, ins, self.of[path], path)

    def fun(self, f: FunDecl, fpath, ctx: _Ctx, ins: list[Type], out: Type, site) -> None:
        if isinstance(f, UserFun):
            self.a.calls.append((ctx.kernel, self.a.r(ctx.unrolled), f"{f.name} (at {_path(site)})"))
            if ctx.in_reduce and ctx.space is None:
                return  # writes the reduction's accumulator
            space = ctx.space or "global"
            nbytes = ctx.mult[_SPACE_INDEX[space]] * _bytes(out)
            self.a.buffers.append(BufferUse(ctx.kernel, space, self.a.r(nbytes),
                                         f"{space} buffer of {f.name} : {out} (at {_path(site)})"))
            return
        if isinstance(f, Lambda):
            self.expr(f.body, (*fpath, len(f.params)), ctx)
            return
        if not isinstance(f, Prim):
            return
        op = f.op
        if op in TUNING_OPS:
            self.algorithmic(f, fpath, ins)
        if op in MAPS:
            a = ins[0]
            if not isinstance(a, ArrayType) or not isinstance(out, ArrayType):
                return
            n = a.n
            dim = int(f.static[0]) if f.static else 0
            self.a.maps.append(MapUse(ctx.kernel, op, dim, self.a.r(n), f"{_prim_head(f)} over {arith.show(n)} "
                                                                        f"(at {_path(site)})"))
            inner = _Ctx(ctx.kernel, ctx.times(n, _MULTIPLIES[op]), ctx.space, ctx.in_lcl or op is Op.MAP_LCL,
                         ctx.in_reduce, ctx.unrolled * n if op is Op.MAP_SEQ_UNROLL else ctx.unrolled)
            self.fun(f.funs[0], (*fpath, 0), inner, [a.elem], out.elem, site)
        elif op in REDUCES:
            init, x = ins
            elem = x.elem if isinstance(x, ArrayType) else x
            unrolled = ctx.unrolled * x.n if op is Op.REDUCE_SEQ_UNROLL and isinstance(x, ArrayType) else ctx.unrolled
            inner = _Ctx(ctx.kernel, ctx.mult, None, ctx.in_lcl, True, unrolled)
            self.fun(f.funs[0], (*fpath, 0), inner, [init, elem], init, site)
        elif op in _SPACE_OF:
            inner = _Ctx(ctx.kernel, ctx.mult, _SPACE_OF[op], ctx.in_lcl, ctx.in_reduce, ctx.unrolled)
            self.fun(f.funs[0], (*fpath, 0), inner, ins, out, site)
        elif op is Op.OCL_KERNEL:
            self.kernels += 1
            self.fun(f.funs[0], (*fpath, 0), _Ctx(self.kernels), ins, out, site)
        elif op in (Op.LET, Op.ITERATE) or op is Op.VECTORISE:
            self.fun(f.funs[0], (*fpath, 0), ctx, ins, out, site)

    # --- algorithmic constraints ----------------------------------------------------------------------------
    def algorithmic(self, f: Prim, path, ins: list[Type]) -> None:
        op, s = f.op, tuple(self.a.r(x) for x in f.static)
        if op not in TUNING_OPS:
            return
        where = f"{_prim_head(f)} at {_path(path)}"
        # a static parameter written as a quotient (split(TM/RM)) must be a whole number
        cs = [Constraint.of(w, f"{where}: {x} is a whole number") for x in s if (w := _whole(x)) is not None]
        cs += self._op_constraints(op, s, where, ins)
        # true constraints hold by the integer >= 0 declaration of parameters
        self.a.algorithmic.extend(c for c in cs if c.expr is not sympy.true)

    def _op_constraints(self, op: Op, s: tuple, where: str, ins: list[Type]) -> list[Constraint]:
        if op is Op.VECTORISE:
            return [Constraint.of(s[0] >= 1, f"{where}: positive width")]
        if op is Op.ITERATE:
            return [Constraint.of(s[0] >= 1, f"{where}: positive count")] if getattr(s[0], "free_symbols", None) else []
        x = ins[-1]
        if not isinstance(x, ArrayType):
            return []
        n = self.a.r(x.n)
        on = f"{where} on length {arith.show(x.n)}"
        if op in (Op.SPLIT, Op.AS_VECTOR, Op.REORDER):
            return _divisor_constraints(op, s[0], n, on)
        if op in (Op.SLIDE, Op.SLIDE_STRICT):
            return _slide_constraints(op, *s, n, on)
        if op in PADS:  # a boundary pad's amounts as a constant pad's: a parameter part ranges over [0, n)
            return self._pad_constraints(*s, n, on)
        return []

    def _pad_constraints(self, left, right, n, on: str) -> list[Constraint]:
        cs = [Constraint.of(left + n + right >= 1, f"{on}: positive padded length")]
        params = {param(p) for p in self.a.params}
        consts = [a.xreplace({q: 0 for q in params}) for a in (left, right)]
        for amount, const in zip((left, right), consts):
            part = sympy.expand(amount - const)
            if not (part.free_symbols & params) or not _positive_linear(part, params):
                continue
            # the parameter part of an amount (optimisational padding) is in [0, n + functional padding)
            cs.append(Constraint.of(amount >= 0, f"{on}: pad range"))
            cs.append(Constraint.of(part <= n + consts[0] + consts[1] - 1,
                                    f"{on}: pad range [0, padded length) ([EXTERNAL] padOptTotal)"))
        return cs


def _divisor_constraints(op: Op, m, n, on: str) -> list[Constraint]:
    """split(m), asVector(m), reorder(m) on length n: m divides n, 1 <= m <= n."""
    eq = {Op.SPLIT: "4.1", Op.AS_VECTOR: "4.3", Op.REORDER: "divisibility"}[op]
    bound = "4.2" if op is Op.SPLIT else eq
    return [Constraint.of(divides(m, n), f"{on}: divides ({eq})"),
            Constraint.of(m >= 1, f"{on}: positive ({bound})"),
            Constraint.of(m <= n, f"{on}: at most the length ({bound})")]


def _slide_constraints(op: Op, size, step, n, on: str) -> list[Constraint]:
    """slide(size, step) on length n: a window and a step within the length (strict: windows cover exactly)."""
    cs = [Constraint.of(size >= 1, f"{on}: positive window (4.5)"),
          Constraint.of(size <= n, f"{on}: window at most the length (4.5)"),
          Constraint.of(step >= 1, f"{on}: positive step")]
    if getattr(step, "free_symbols", None):
        cs.append(Constraint.of(step <= n, f"{on}: step at most the length (finite range)"))
    if op is Op.SLIDE_STRICT:
        cs.append(Constraint.of(divides(step, n - size), f"{on}: windows cover exactly (4.4)"))
    return cs


def _whole(x):
    """The constraint that a quotient of parameters is an integer (None when x has no division)."""
    if not getattr(x, "free_symbols", None) or not _has_division(x):
        return None
    num, den = _integer_fraction(x)
    if num is None or (den.is_Number and den == 1):
        return None
    return divides(den, num)


def _positive_linear(e, params) -> bool:
    """e is a sum of parameters with positive integer coefficients."""
    return all((t.is_Mul and len(t.args) == 2 and t.args[0].is_Integer and t.args[0] > 0 and t.args[1] in params)
               or t in params for t in sympy.Add.make_args(e))


def _each_vector(t, f) -> None:
    if isinstance(t, VectorType):
        f(t)
    elif isinstance(t, ArrayType):
        _each_vector(t.elem, f)
    elif isinstance(t, TupleType):
        for e in t.elems:
            _each_vector(e, f)


def _path(path) -> str:
    return ".".join(map(str, path)) or "root"


def _prim_head(p: Prim) -> str:
    args = ", ".join(str(x) for x in p.static)
    return f"{p.op.text}({args})" if args else p.op.text


# --- hardware constraints -------------------------------------------------------------------------------------
def hardware_constraints(a: Analysis, device: DeviceLimits,
                         local_sizes: Mapping[int, sympy.Expr] | None = None) -> list[Constraint]:
    """NDRange and memory constraints of every kernel of an analysed program (see the module doc)."""
    out: list[Constraint] = []
    kernels = sorted({m.kernel for m in a.maps} | {b.kernel for b in a.buffers})
    lcl_kernels = {m.kernel for m in a.maps if m.op in (Op.MAP_LCL, Op.MAP_WRG)}
    for k in kernels:
        kname = f"kernel {k}" if k else "kernel"
        maps = [m for m in a.maps if m.kernel == k]
        ls = local_sizes
        if local_sizes and not any(m.op in (Op.MAP_LCL, Op.MAP_WRG) for m in maps) and lcl_kernels:
            ls = None  # the given local size is that of the work-group kernels
        out += _ndrange(kname, maps, device, ls)
        for space, limit, what in (("local", device.local_mem_bytes, "local memory per work-group"),
                                   ("private", device.private_mem_bytes_per_item,
                                    "private memory per work item (heuristic)")):
            bufs = [b for b in a.buffers if b.kernel == k and b.space == space]
            if bufs:
                total = sympy.Add(*(b.nbytes for b in bufs))
                names = "; ".join(b.origin for b in bufs)
                out.append(Constraint.of(total <= limit, f"{kname}: {what} <= {limit} bytes ({names})"))
        copies = [(n, where) for kk, n, where in a.calls if kk == k]
        if any(s.name in a.params for n, _ in copies for s in getattr(n, "free_symbols", ())):  # tunable only
            total = sympy.Add(*(n for n, _ in copies))
            out.append(Constraint.of(total <= device.max_unrolled_calls,
                                     f"{kname}: user-function calls after unrolling (code-size heuristic) <= "
                                     f"{device.max_unrolled_calls}"))
    glob = [b for b in a.buffers if b.space == "global"] + a.inputs
    for b in glob:
        out.append(Constraint.of(b.nbytes <= device.max_alloc_bytes,
                                 f"max allocation {device.max_alloc_bytes} bytes: {b.origin}"))
    if glob:
        out.append(Constraint.of(sympy.Add(*(b.nbytes for b in glob)) <= device.global_mem_bytes,
                                 f"global memory {device.global_mem_bytes} bytes: all global buffers and inputs"))
    return out


def _ndrange(kname: str, maps: list[MapUse], device: DeviceLimits,
             local_sizes: Mapping[int, sympy.Expr] | None) -> list[Constraint]:
    out: list[Constraint] = []
    lcl = {d: _distinct([m for m in maps if m.op is Op.MAP_LCL and m.dim == d]) for d in range(3)}
    glb = {d: _distinct([m for m in maps if m.op is Op.MAP_GLB and m.dim == d]) for d in range(3)}
    items, wg = device.max_work_item_sizes, device.max_work_group_size
    if local_sizes:
        dims = sorted(local_sizes)
        for d in dims:
            ls = local_sizes[d]
            out.append(Constraint.of(ls >= 1, f"{kname}: local size {d} = {ls} positive"))
            w = _whole(ls)
            if w is not None:
                out.append(Constraint.of(w, f"{kname}: local size {d} = {ls} is a whole number"))
            out.append(Constraint.of(ls <= items[d], f"{kname}: local size {d} = {ls} <= max work-item size "
                                                     f"{items[d]}"))
            if glb[d]:
                g = glb[d][0].count if len(glb[d]) == 1 else sympy.Max(*(m.count for m in glb[d]))
                out.append(Constraint.of(divides(ls, g),
                                         f"{kname}: local size {d} divides the global size {g} (mapGlb({d}))"))
        prod = sympy.Mul(*(local_sizes[d] for d in dims))
        out.append(Constraint.of(prod <= wg, f"{kname}: work-group size {prod} <= {wg}"))
        return out
    used = [d for d in range(3) if lcl[d]]
    for d in used:
        for m in lcl[d]:
            out.append(Constraint.of(m.count <= items[d], f"{kname}: local size {d} >= {m.origin}: "
                                                          f"<= max work-item size {items[d]}"))
    if len(used) > 1:
        combos = list(itertools.product(*(lcl[d] for d in used)))
        if len(combos) <= 256:
            for combo in combos:
                prod = sympy.Mul(*(m.count for m in combo))
                out.append(Constraint.of(prod <= wg, f"{kname}: work-group size >= "
                                                     f"{' x '.join(m.origin for m in combo)}: <= {wg}"))
        else:
            prod = sympy.Mul(*(sympy.Max(*(m.count for m in lcl[d])) for d in used))
            out.append(Constraint.of(prod <= wg, f"{kname}: work-group size {prod} <= {wg}"))
    elif used:
        for m in lcl[used[0]]:
            if wg < items[used[0]]:
                out.append(Constraint.of(m.count <= wg, f"{kname}: work-group size >= {m.origin}: <= {wg}"))
    return out


def _distinct(maps: list[MapUse]) -> list[MapUse]:
    seen, out = set(), []
    for m in maps:
        if m.count not in seen:
            seen.add(m.count)
            out.append(m)
    return out


# --- simplification (Algorithm 2) --------------------------------------------------------------------------------
@dataclass
class TuningProblem:
    """The tuning parameters of one program for one set of sizes and one device."""

    program: Program
    params: tuple[str, ...]
    sizes: dict[str, int]
    device: DeviceLimits | None
    raw: list[Constraint]  # as inferred, symbolic in the sizes
    constraints: list[Constraint] = field(default_factory=list)  # what is left after simplification
    domains: dict[str, tuple[int, ...]] = field(default_factory=dict)
    dropped: list[tuple[Constraint, str]] = field(default_factory=list)  # (constraint, why it was dropped)

    @property
    def fixed(self) -> dict[str, int]:
        return {p: d[0] for p, d in self.domains.items() if len(d) == 1}

    def space(self, **kw) -> Space:
        if not self.domains and self.params:
            raise ConstraintError(f"program {self.program.name}: sizes are needed to build a space")
        return Space({p: self.domains[p] for p in self.params}, self.constraints, **kw)

    def __str__(self) -> str:
        lines = [f"tuning parameters of {self.program.name} (sizes {self.sizes}):"]
        for p in self.params:
            d = self.domains.get(p)
            if d is None:
                lines.append(f"  {p}")
            elif len(d) > 12 and d == tuple(range(d[0], d[-1] + 1)):
                lines.append(f"  {p} ∈ [{d[0]}..{d[-1]}]")
            else:
                vals = ", ".join(map(str, d[:12])) + (", ..." if len(d) > 12 else "")
                lines.append(f"  {p} ∈ {{{vals}}} ({len(d)} values)")
        lines.append("constraints:")
        lines += [f"  {c}" for c in (self.constraints if self.domains else self.raw)]
        return "\n".join(lines)


def infer(program: Program, sizes: Mapping[str, int] | None = None, device: DeviceLimits | None = None, *,
          ranges: Mapping[str, tuple[int, int] | Iterable[int]] | None = None,
          local_sizes: Mapping[int, int | str | sympy.Expr] | None = None) -> TuningProblem:
    """Tuning parameters and constraints of `program`; simplified (Algorithm 2) when `sizes` binds every input
    size. `ranges` optionally bounds parameters ((lo, hi) inclusive, or explicit values); `local_sizes` fixes the
    OpenCL local size per dimension (expressions over parameters and sizes)."""
    a = analyse(program)
    ls = {int(d): arith.size(v) for d, v in (local_sizes or {}).items()}
    extra = [s.name for e in ls.values() for s in sorted(e.free_symbols, key=lambda s: s.name)
             if s.name not in a.input_sizes and s.name not in a.params]
    names = tuple(dict.fromkeys((*a.params, *extra)))
    for nm in extra:
        a.rename[arith.var(nm)] = param(nm)
    for e in ls.values():
        a.rename.update({s: param(s.name) for s in e.free_symbols if s.name in names})
    ls = {d: a.r(e) for d, e in ls.items()}
    raw = list(a.algorithmic)
    for text, w in _widths(a):
        raw.append(Constraint.of(sympy.Contains(a.r(w), sympy.FiniteSet(*VECTOR_WIDTHS)), f"vector width of {text}"))
    if device is not None:
        raw += hardware_constraints(a, device, ls or None)
    tp = TuningProblem(a.program, names, dict(sizes or {}), device, raw)
    if sizes is None:
        return tp
    missing = sorted(a.input_sizes - set(sizes))
    if missing:
        raise ConstraintError(f"program {program.name}: no value for input size(s) {', '.join(missing)}")
    simplify_problem(tp, ranges or {})
    return tp


def _widths(a: Analysis):
    out = {}
    for _, n in walk(a.program):
        if isinstance(n, Prim) and n.op in (Op.AS_VECTOR, Op.VECTORISE) and n.static[0].free_symbols:
            out.setdefault(str(n.static[0]), (_prim_head(n), n.static[0]))
    for t in a.typing.of.values():
        _each_vector(t, lambda v: out.setdefault(str(v.n), (f"type {v}", v.n)) if v.n.free_symbols else None)
    return [(text, w) for text, w in out.values()
            if any(s.name not in a.input_sizes for s in w.free_symbols)]


def simplify_problem(tp: TuningProblem, ranges: Mapping[str, tuple[int, int] | Iterable[int]]) -> TuningProblem:
    """Algorithm 2 on `tp.raw` with `tp.sizes` substituted: fills tp.constraints, tp.domains and tp.dropped."""
    sizes = {k: int(v) for k, v in tp.sizes.items()}
    names = set(tp.params)
    live: list[Constraint] = []
    for c in tp.raw:
        sub = {s: sizes[s.name] for s in c.expr.free_symbols if s.name in sizes and s.name not in names}
        e = canonical_divisibility(c.expr.xreplace(sub)) if sub else c.expr
        if not (e.free_symbols & {param(p) for p in names}) or e in (sympy.true, sympy.false):
            ok = bool(e) if e in (sympy.true, sympy.false) else Constraint.of(e, c.origin, ()).fn()
            if not ok:
                raise ConstraintError(f"this structure is invalid for these sizes: {show_constraint(c.expr)}"
                                      f" [{c.origin}] is false for {_sizes_text(c, sizes)}")
            tp.dropped.append((c, "true for these sizes"))
            continue
        live.append(Constraint.of(e, c.origin))
    live = _dedupe(live, tp.dropped)
    bounds = _bounds(tp.params, live, ranges)
    domains = _domains(tp.params, bounds, ranges, live)
    before = list(live)
    for _ in range(20):
        domains, live, culprit = narrow(domains, live)
        if culprit is not None:
            if isinstance(culprit, Constraint):
                raise ConstraintError(f"this structure is invalid for these sizes: no parameter values satisfy "
                                      f"{culprit} (with {_sizes_text(culprit, sizes)})")
            raise ConstraintError(f"tuning parameter {culprit} has no valid value")
        # the narrowed ranges may tighten the bounds derived through other parameters (interval propagation)
        tighter = _bounds(tp.params, live, {p: (d[0], d[-1]) for p, d in domains.items()})
        new = {p: tuple(v for v in d if tighter[p][0] <= v <= tighter[p][1]) for p, d in domains.items()}
        if new == domains:
            break
        domains = new
    kept = {id(c) for c in live}
    tp.dropped += [(c, "entailed by the narrowed ranges") for c in before if id(c) not in kept]
    tp.constraints = _dedupe(_substitute_fixed(live, domains, tp.dropped), tp.dropped)
    tp.domains = domains
    return tp


def _domains(params: Sequence[str], bounds: Mapping[str, tuple[float, float]], ranges, live: list[Constraint]
             ) -> dict[str, tuple[int, ...]]:
    """The domain of every parameter (`_domain`). A divisor of a split whose range is wider than
    DIVISOR_DOMAIN_FROM gets the divisors of the split length's values instead (`_divisor_values`), once the
    domains of the parameters in that length are known: a tile of a tile waits for the outer tile's domain."""
    divisors = {q for c in live if (pattern := _divisibility(c)) is not None for q in pattern[2]}
    wide = [p for p in params if p in divisors and DIVISOR_DOMAIN_FROM < bounds[p][1] - bounds[p][0] + 1 < INF]
    out = {p: _domain(p, bounds[p], ranges.get(p), live) for p in params if p not in wide}
    while wide:
        found = {p: vals for p in wide if (vals := _divisor_values(p, live, out)) is not None}
        for p, vals in found.items():
            out[p] = _domain(p, bounds[p], ranges.get(p), live, vals)
        wide = [p for p in wide if p not in found]
        if not found:
            break
    for p in wide:
        out[p] = _domain(p, bounds[p], ranges.get(p), live)
    return {p: out[p] for p in params}


def _domain(p: str, bound: tuple[float, float], explicit, live: list[Constraint],
            divisors: Sequence[int] | None = None) -> tuple[int, ...]:
    """The values of p within its bounds (and within an explicit set of values, when one is given, and among
    `divisors`, when given)."""
    lo, hi = bound
    if hi == INF:
        raise ConstraintError(f"tuning parameter {p} has no finite range; bound it with ranges={{{p!r}: ...}}")
    if hi < lo:
        raise ConstraintError(f"tuning parameter {p} has no valid value: its bounds [{lo}, {hi}] are empty "
                              f"({_why(p, live)})")
    if divisors is None and hi - lo + 1 > MAX_DOMAIN:
        raise ConstraintError(f"tuning parameter {p} ranges over {hi - lo + 1} values (more than {MAX_DOMAIN}) and "
                              f"divides no split length of known values ({_why(p, live)[:300]})")
    vals = range(int(lo), int(hi) + 1) if divisors is None else [v for v in divisors if lo <= v <= hi]
    if explicit is not None and not _is_pair(explicit):
        allowed = {int(x) for x in explicit}
        return tuple(v for v in vals if v in allowed)
    return tuple(vals)


def _divisor_values(p: str, live: Sequence[Constraint], domains: Mapping[str, Sequence[int]]) -> list[int] | None:
    """The sorted divisors of the values of L, for the first live `L % (k * p * q ...) = 0` whose dividend L
    takes positive values only, at most MAX_DIVIDENDS of them, over the known `domains` of its parameters; None
    when there is none. Exact: p | k*p*q | L. A split of a 14,450,688-element im2col matrix otherwise ranges its
    tile size over [1, 14450688] (more than MAX_DOMAIN values) where 144 values divide the length."""
    for c in live:
        pattern = _divisibility(c)
        if pattern is None or p not in pattern[2] or not all(q in domains for q in pattern[1]):
            continue
        fn, lparams, _ = pattern
        if math.prod(len(domains[q]) for q in lparams) > MAX_DIVIDENDS:
            continue
        grids = np.meshgrid(*[np.asarray(domains[q], dtype=np.int64) for q in lparams], indexing="ij", sparse=True)
        with np.errstate(all="ignore"):
            lv = np.asarray(fn(*grids), dtype=float).ravel()
        if not (len(lv) and np.isfinite(lv).all() and (lv == np.round(lv)).all() and (lv > 0).all()):
            continue
        lvals = np.unique(lv.astype(np.int64))
        if len(lvals) * math.isqrt(int(lvals[-1])) <= DIVISOR_WORK:  # trial division up to sqrt(max L)
            return _divisors_of_any(lvals, DIVISOR_WORK).tolist()
    return None


def _substitute_fixed(live: list[Constraint], domains: Mapping[str, tuple[int, ...]],
                      dropped: list) -> list[Constraint]:
    """The constraints with the parameters left one value substituted; those then true go to `dropped`."""
    fixed = {p: d[0] for p, d in domains.items() if len(d) == 1}
    final: list[Constraint] = []
    for c in live:
        r = c.substitute(fixed) if fixed else c
        if r is True:
            dropped.append((c, "true once fixed parameters are substituted"))
        elif r is False:
            raise ConstraintError(f"this structure is invalid for these sizes: {c} is false for {fixed}")
        else:
            final.append(Constraint.of(r.expr, c.origin))
    return final


def _is_pair(r) -> bool:
    return isinstance(r, tuple) and len(r) == 2 and all(isinstance(x, int) for x in r)


def _sizes_text(c: Constraint, sizes: Mapping[str, int]) -> str:
    used = {s.name for s in c.expr.free_symbols} if not c.is_predicate else set()
    shown = {k: v for k, v in sizes.items() if k in used} or sizes
    return ", ".join(f"{k}={v}" for k, v in shown.items())


def _why(p: str, cs: Sequence[Constraint]) -> str:
    return "; ".join(str(c) for c in cs if p in c.params)[:400]


# --- dedupe ---------------------------------------------------------------------------------------------------
def _dedupe(cs: Sequence[Constraint], dropped: list) -> list[Constraint]:
    out: dict = {}
    for c in cs:
        k = _normal(c.expr)
        if k in out:
            first = out[k]
            merged = first.origin if c.origin in first.origin else f"{first.origin}; {c.origin}"
            out[k] = Constraint(first.expr, first.params, merged)
            dropped.append((c, f"duplicate of {first.text}"))
        else:
            out[k] = c
    return list(out.values())


def _normal(e):
    """A normal form for duplicate detection (4.8, 4.9): expanded difference, one orientation."""
    if isinstance(e, sympy.Eq):
        lhs, rhs = e.lhs, e.rhs
        if isinstance(lhs, sympy.Mod) and rhs == 0:
            return ("div", sympy.expand(lhs.args[0]), sympy.expand(lhs.args[1]))
        d = sympy.expand(lhs - rhs)
        return ("eq", -d if d.could_extract_minus_sign() else d)
    if isinstance(e, sympy.Ne):
        d = sympy.expand(e.lhs - e.rhs)
        return ("ne", -d if d.could_extract_minus_sign() else d)
    if isinstance(e, sympy.core.relational.Relational):
        op = e.rel_op
        d = sympy.expand(e.lhs - e.rhs) if op in ("<=", "<") else sympy.expand(e.rhs - e.lhs)
        strict = op in ("<", ">")
        return ("le", d + 1 if strict and d.is_integer else d, strict and not d.is_integer)
    return ("other", e)


# --- bounds (Algorithm 2 lines 3-9, with interval propagation) -----------------------------------------------------
def _bounds(params: Sequence[str], cs: Sequence[Constraint], ranges) -> dict[str, tuple[float, float]]:
    b: dict[str, list] = {p: [0, INF] for p in params}
    for p, r in ranges.items():
        if p not in b:
            raise KeyError(f"ranges names {p!r}, which is not a tuning parameter of this program ({list(params)})")
        lo, hi = (r if _is_pair(r) else (min(r), max(r)))
        b[p] = [max(b[p][0], lo), min(b[p][1], hi)]
    syms = {p: param(p) for p in params}
    for _ in range(50):
        changed = False
        for c in cs:
            if c.is_predicate:
                continue
            for p in c.params:
                new = _bound_from(c.expr, syms[p], b)
                if new is None:
                    continue
                lo, hi = new
                if lo > b[p][0]:
                    b[p][0], changed = lo, True
                if hi < b[p][1]:
                    b[p][1], changed = hi, True
        if not changed:
            break
    return {p: (v[0], v[1]) for p, v in b.items()}


def _bound_from(e, p: sympy.Symbol, b) -> tuple[float, float] | None:
    if isinstance(e, sympy.Contains) and e.args[0] == p:
        vals = [int(x) for x in e.args[1]]
        return min(vals), max(vals)
    if not isinstance(e, sympy.core.relational.Relational) or isinstance(e, sympy.Ne):
        return None
    if isinstance(e, sympy.Eq) and isinstance(e.lhs, sympy.Mod) and e.rhs == 0:
        # Q | P with P > 0: a divisor is at most P (Q = c * p, c > 0 an integer)
        num, den = e.lhs.args
        c, rest = den.as_coeff_Mul()
        if rest == p and c.is_Integer and c > 0:
            lo, hi = interval(num, b)
            if lo > 0 and hi != INF:
                return 0, math.floor(hi / int(c) + 1e-9)
        return None
    if isinstance(e, sympy.Eq):
        d = sympy.expand(e.lhs - e.rhs)
        a = d.coeff(p, 1)
        rest = sympy.expand(d - a * p)
        if a.is_number and a != 0 and p not in rest.free_symbols and not rest.free_symbols:
            v = -rest / a
            if v.is_integer:
                return int(v), int(v)
        return None
    op = e.rel_op
    d = sympy.expand(e.lhs - e.rhs) if op in ("<=", "<") else sympy.expand(e.rhs - e.lhs)
    strict = op in ("<", ">")
    out = _linear_bound(d, p, b, strict)
    if out is None and _has_division(d):  # d = P/Q with Q > 0 on the current ranges: d has the sign of P
        num, den = _integer_fraction(d)
        if num is not None and interval(den, b)[0] >= 0:  # den = 0 makes the constraint false: >= 0 suffices
            out = _linear_bound(num, p, b, strict)
    return out


def _linear_bound(d, p: sympy.Symbol, b, strict: bool) -> tuple[float, float] | None:
    """Bound on p from d <= 0 (d < 0 when strict) when d = a*p + rest, a a number, rest free of p."""
    a = d.coeff(p, 1)
    if not a.is_number or a == 0:
        return None
    rest = sympy.expand(d - a * p)
    if p in rest.free_symbols:
        return None
    rlo, _ = interval(rest, b)
    if rlo == -INF:
        return None
    x = -rlo / float(a)  # a*p <= -rest  needs  a*p <= -min(rest)
    if a > 0:
        hi = (math.ceil(x - 1e-9) - 1) if strict else math.floor(x + 1e-9)
        return 0, hi
    lo = (math.floor(x + 1e-9) + 1) if strict else math.ceil(x - 1e-9)
    return lo, INF
