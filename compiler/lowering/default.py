"""The generic lowering: any high-level suite program to a fully lowered (OpenCL-mapped) program.

    default_lowering(program, sizes=None) -> Program

Steps (deterministic; every step preserves the program's meaning, so the benchmark's reference applies):
1. macros are expanded (`compiler.ir.macros.expand_program`), function arguments eta-expanded to lambdas and
   applied lambdas inlined (macro expansions produce `(x => ...)(e)`; an oclKernel applied to views only is
   inlined too, the lowering chooses the kernels) and every lambda parameter given a unique name;
2. fusion: `map(f) o map(g)` becomes `map(f o g)` and `reduce(init, f) o map(g)` becomes
   `reduce(init, (acc, y) => f(acc, g(y)))` (Lift's mapFusion / reduceSeqMapSeqFusion), so that no
   intermediate array is materialised inside a work item and layout-only maps (`map(join)`, `map(transpose)`)
   sitting next to a computing map become views inside it;
3. mapping: the maps on the output path of the program (the outermost map and the maps directly producing its
   elements, seen through data-layout primitives) become `mapGlb`: one level is `mapGlb(0)`, two levels
   `mapGlb(1)(mapGlb(0))`, three `mapGlb(2)(mapGlb(1)(mapGlb(0)))` (dimension 0 innermost, for coalescing;
   levels of constant length 1, such as a map over a reduce's one-element result, stay sequential); every other
   computing map becomes `mapSeq`, every reduce `reduceSeq(toPrivate(id) << init, f)`;
4. memory (thesis Listing 2.2 style): the value a work item returns is written by a `toGlobal` caster: a user
   function on the output path becomes `toGlobal(f)`, a reduce result is copied out with
   `toGlobal(mapSeq(id)) << reduceSeq(...)`, and an output that is only a view of the inputs is copied with
   `toGlobal(id)` / `toGlobal(mapSeq(id))`;
5. maps whose function only rearranges data (no user function: `map(slide(3, 1))` from a slideND expansion)
   are views; they are written as `mapSeq` (a lowered program has no high-level `map`) and generate no code
   in a view-based code generator.

Programs whose output is a scalar (`[U]1`, asum, dot) need a parallel reduction: a chain of OpenCL kernels
(oclKernel), each computing partial results of chunks with `join o mapGlb(0)(chunk => toGlobal(mapSeq(id)) o
reduceSeq(...)) o split(c)`, the last one reducing the remaining partial results with the reduce's own operator
in a single work item (`reduction_chunks` picks the levels from `sizes`; without sizes there is one level whose
chunk is the tuning parameter `redChunk`, see `default_params`). This needs the operator to be associative with
`init` as its neutral element (true for add/max/min with 0/-inf/+inf); a commutative built-in operator also
lets every work item take a strided chunk (`split(c) o reorder(n / c)`, coalesced reads). When the operator's
element type differs from its accumulator type (a fold that cannot be split) the whole reduction runs in one
work item. Layout-only maps are written `view_map` (mapSeq by default).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import sympy

from .. import arith
from ..ir.build import prim
from ..ir.macros import expand_program
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program, UserFun
from ..ir.ops import LAYOUT, MAPS, PARALLEL_MAPS, REDUCES, Group, Op
from ..ir.printer import show
from ..ir.terms import Fresh, all_names, is_call
from ..ir.typecheck import Typing, typecheck
from ..ir.userfuns import ADD, MAX, MIN, MULT, userfun
from ..types import ArrayType, Type, same_type
from .util import (
    LoweringError,
    beta_program,
    computes,
    copy_into,
    eta_program,
    fuse_program,
    ops_used,
    unique_binders,
)

RED_CHUNK = "redChunk"
_VIEW_OPS = LAYOUT | {Op.AS_VECTOR, Op.AS_SCALAR, Op.TO_HOST, Op.TO_GPU}
_TAIL_VIEWS = _VIEW_OPS - {Op.ZIP, Op.TUPLE}


UNROLL_LIMIT = 32  # reductions over at most this many (constant) elements are unrolled (stencil windows)


def lowering_form(program: Program, inline_kernels: bool = True) -> Program:
    """Macros expanded, functions eta-expanded, applied lambdas inlined, binders unique (the form every lowering
    starts from). `inline_kernels`: an oclKernel applied to views only is inlined (a high-level program's
    kernel boundaries are the lowering's to choose)."""
    p = unique_binders(eta_program(expand_program(program)))
    return unique_binders(beta_program(p, inline_kernels))


def default_lowering(program: Program, sizes: Mapping[str, int] | None = None, *, max_dims: int = 3,
                     view_map: Op = Op.MAP_SEQ) -> Program:
    """The generic lowering of any high-level program (see the module docstring). `sizes` only chooses the chunk
    of a scalar parallel reduction; `max_dims` caps the number of mapGlb dimensions; `view_map` is the primitive
    layout-only maps become (mapSeq by default)."""
    return finish(program, sizes, max_dims=max_dims, view_map=view_map)


def finish(program: Program, sizes: Mapping[str, int] | None = None, *, max_dims: int = 3,
           view_map: Op = Op.MAP_SEQ, stages_to_global: bool = False) -> Program:
    """Lower what is still high-level in a program, keeping every primitive already lowered.

    A high-level program gets the whole default lowering. A partially lowered one (a named lowering that
    writes its work-group structure, memory casters and reductions explicitly, leaving the benchmark's own
    per-element functions high-level) keeps its mapping: remaining maps become mapSeq, reduces reduceSeq with
    private accumulators, and values on the output path that are not yet written by a caster get `toGlobal`.

    `stages_to_global`: a computed value that a map or reduce of the same kernel consumes (a stage of a
    multi-stage kernel, seen through data-layout primitives) and that no caster places is written to global
    memory too, as Lift's default address space does: without it such a value is kept where its producer
    computes it (private memory per work item), which the code generator refuses when another work item reads it
    or a layout primitive rearranges it. Rewrite-point results need it (tileNestedMapReduce's partial results).
    """
    if not 1 <= max_dims <= 3:
        raise ValueError(f"max_dims must be 1, 2 or 3, got {max_dims}")
    explicit = bool(ops_used(program) & PARALLEL_MAPS)
    if not explicit:
        program = copy_of_view(program)
    p = lowering_form(program, inline_kernels=not explicit)
    if not explicit:
        red = _top_reduce(p)
        if red is not None:
            return _parallel_reduce(p, red, sizes, view_map)
    p = unique_binders(fuse_program(p))
    out = Program(p.name, p.params, _lower_body(p, view_map, 0 if explicit else max_dims,
                                                 stages_to_global=stages_to_global))
    typecheck(out)
    return out


def copy_fun(t: Type) -> UserFun:
    """`copy`: the identity on values of type t as a user function of its own (normalisation removes `map(id)`,
    not a map of it; the code generator writes it as a plain copy)."""
    return userfun("copy", "x", (t,), t, "return x;", "x")


def copy_of_view(program: Program) -> Program:
    """A program whose result is only a view of its inputs (`transpose << A`, `join << A`: nothing computes) as
    a copy of that view, `map(x => map(y => copy(y)) << x) << body` over every array level down to the elements
    (`copy_fun`), so that its lowering has work items that write the output (the default lowering makes the
    outer maps mapGlb); any other program unchanged."""
    if computes(program.body):
        return program
    result = typecheck(program).result
    fresh = Fresh(all_names(program))

    def copy(e: Expr, t: Type) -> Expr:
        if not isinstance(t, ArrayType):
            return FunCall(copy_fun(t), (e,))
        x = fresh.param("x")
        return FunCall(prim(Op.MAP, funs=(Lambda((x,), copy(x, t.elem)),)), (e,))

    return Program(program.name, program.params, copy(program.body, result))


def default_params(program: Program, sizes: Mapping[str, int]) -> dict[str, int]:
    """Values of the default lowering's own tuning parameters (only `redChunk`, for scalar reductions) when the
    lowering was built without sizes."""
    p = lowering_form(program)
    red = _top_reduce(p)
    if red is None:
        return {}
    n = arith.evaluate(typecheck(p).of[red[1] + (2,)].n, sizes)
    return {RED_CHUNK: reduction_chunk(n)}


CHUNK_TARGET = 256  # elements per work item and level for large reductions
FINAL_MAX = 1024  # at most this many partial results are left to the single work item of the last kernel


def reduction_chunk(n: int) -> int:
    """The first level's chunk: for n <= FINAL_MAX the smallest divisor of n that is at least sqrt(n) (about
    sqrt(n) partial results of about sqrt(n) elements), else the smallest divisor in [CHUNK_TARGET, 8 CHUNK_TARGET]
    (many work items for a large n), falling back to the sqrt rule when n has none."""
    if n > FINAL_MAX:
        d = next((d for d in range(CHUNK_TARGET, 8 * CHUNK_TARGET + 1) if n % d == 0), None)
        if d is not None:
            return d
    r = math.isqrt(n)
    if r * r < n:
        r += 1
    return next(d for d in range(max(r, 1), n + 1) if n % d == 0)


def reduction_chunks(n: int) -> list[int]:
    """Chunk sizes of the partial-reduction kernels, one per level, until at most FINAL_MAX partial results
    remain (at least one level; each level divides the remaining length)."""
    out = [reduction_chunk(n)]
    n //= out[0]
    while n > FINAL_MAX:
        c = reduction_chunk(n)
        if c in (1, n):
            break
        out.append(c)
        n //= c
    return out


# --- mapping ---------------------------------------------------------------------------------------------------
class _Lowerer:
    def __init__(self, p: Program, typing: Typing, view_map: Op, stages_to_global: bool = False):
        self.p, self.typing, self.view_map = p, typing, view_map
        self.stages_to_global = stages_to_global
        self.fresh = Fresh(all_names(p))
        self.glb: dict[tuple[int, ...], int] = {}

    def type_of(self, path) -> Type:
        return self.typing.of[path]

    # which maps become mapGlb
    def plan(self, max_dims: int, keep_unit: bool = False) -> None:
        levels = [(path, n) for path, n in self._out_maps(self.p.body, (len(self.p.params),))
                  if keep_unit or not (isinstance(n, sympy.Integer) and int(n) == 1)]
        chosen = levels[:max_dims]
        for i, (path, _) in enumerate(chosen):
            self.glb[path] = len(chosen) - 1 - i

    def _out_maps(self, e: Node, path) -> list:
        if isinstance(e, FunCall) and isinstance(e.f, Prim):
            op = e.f.op
            if op in _TAIL_VIEWS:
                return self._out_maps(e.args[-1], (*path, len(e.args)))
            if op in MAPS:
                lam = e.f.funs[0]
                if not computes(lam):
                    return self._out_maps(e.args[0], (*path, 1))
                n = self.type_of((*path, 1)).n  # type: ignore[attr-defined]
                if not isinstance(lam, Lambda):  # a lowered map of a bare function (mapGlb(0, f)): nothing inside
                    return [(path, n)]
                return [(path, n), *self._out_maps(lam.body, (*path, 0, 0, len(lam.params)))]
            if op is Op.LET and not computes(e.args[0]):
                lam = e.f.funs[0]
                assert isinstance(lam, Lambda)
                return self._out_maps(lam.body, (*path, 0, 0, len(lam.params)))
        # a lambda or let whose argument computes materialises it per work item: parallel maps stop here
        if isinstance(e, FunCall) and isinstance(e.f, Lambda) and not any(map(computes, e.args)):
            return self._out_maps(e.f.body, (*path, 0, len(e.f.params)))
        return []

    # the rewrite proper
    def lo(self, e: Expr, path, out: bool) -> Expr:
        if out and not computes(e):
            return copy_into(Op.TO_GLOBAL, self.lo(e, path, False), self.type_of(path), self.fresh)
        if isinstance(e, Param | Literal):
            return e
        assert isinstance(e, FunCall), e
        f = e.f
        args = [(a, (*path, i + 1)) for i, a in enumerate(e.args)]
        if isinstance(f, UserFun):
            new_args = tuple(self.lo(a, q, False) for a, q in args)
            return FunCall(prim(Op.TO_GLOBAL, funs=(f,)) if out else f, new_args)
        if isinstance(f, Lambda):
            body = self.lo(f.body, (*path, 0, len(f.params)), out)
            return FunCall(Lambda(f.params, body), tuple(self.lo(a, q, False) for a, q in args))
        assert isinstance(f, Prim), f
        op = f.op
        if op in MAPS:
            if op is Op.MAP:
                return self._map(e, f, args, path, out)
            return self._explicit(f, args, path, out, body_out=out, data=0)
        if op in REDUCES:
            if op is Op.REDUCE:
                return self._reduce(e, f, args, path, out)
            return self._explicit(f, args, path, out, body_out=False, data=1)
        if op in (Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE, Op.VECTORISE):
            return self._explicit(f, args, path, False, body_out=False)
        if op is Op.OCL_KERNEL:  # a kernel's result is in global memory, whatever consumes it
            return self._explicit(f, args, path, False, body_out=True)
        if op is Op.LET:
            lam = f.funs[0]
            assert isinstance(lam, Lambda)
            body = self.lo(lam.body, (*path, 0, 0, len(lam.params)), out)
            return FunCall(prim(Op.LET, funs=(Lambda(lam.params, body),)), (self.lo(*args[0], False),))
        if op is Op.ITERATE:
            lam = f.funs[0]
            assert isinstance(lam, Lambda)
            body = self.lo(lam.body, (*path, 0, 0, len(lam.params)), False)
            r = FunCall(Prim(op, f.static, (Lambda(lam.params, body),)), (self.lo(*args[0], False),))
            return copy_into(Op.TO_GLOBAL, r, self.type_of(path), self.fresh) if out else r
        if op in _VIEW_OPS:
            nlead = len(e.args) - 1 if op in _TAIL_VIEWS else 0
            new = [self.lo(a, q, False if i < nlead else out) for i, (a, q) in enumerate(args)]
            return FunCall(self._view_fun(f), tuple(new))
        raise LoweringError(f"{self.p.name}: the default lowering does not handle {op.text} in {show(e, 200)}")

    def _explicit(self, f: Prim, args, path, out: bool, body_out: bool, data: int = -1) -> Expr:
        """A primitive the program already lowers: kept, its functions and data lowered (argument `data` is the
        array a map or reduce consumes)."""
        g = self._fun(f, (*path, 0), body_out)
        new_args = tuple(self._data(a, q) if i == data else self.lo(a, q, False) for i, (a, q) in enumerate(args))
        return FunCall(g, new_args)

    def _data(self, x: Expr, xpath) -> Expr:
        """The array a map or reduce consumes, lowered; with `stages_to_global` the computed values in it (seen
        through data-layout primitives) are written to global memory."""
        if not self.stages_to_global or not computes(x):
            return self.lo(x, xpath, False)
        if isinstance(x, FunCall) and isinstance(x.f, Prim) and x.f.op in _VIEW_OPS:
            nlead = len(x.args) - 1 if x.f.op in _TAIL_VIEWS else 0
            new = tuple(self.lo(a, (*xpath, i + 1), False) if i < nlead else self._data(a, (*xpath, i + 1))
                        for i, a in enumerate(x.args))
            return FunCall(self._view_fun(x.f), new)
        return self.lo(x, xpath, True)

    def _fun(self, g: FunDecl, gpath, out: bool) -> FunDecl:
        """A function in argument position (`toGlobal(mapLcl(1, r => ...))`, `mapSeq(toPrivate(id))`)."""
        if isinstance(g, Lambda):
            return Lambda(g.params, self.lo(g.body, (*gpath, len(g.params)), out))
        if isinstance(g, Prim) and g.funs:
            op = (Op.MAP_SEQ if computes(g) else self.view_map) if g.op is Op.MAP else g.op
            inner_out = False if g.op in (Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE) or g.op in REDUCES else out
            return Prim(op, g.static, tuple(self._fun(h, (*gpath, i), inner_out) for i, h in enumerate(g.funs)))
        if isinstance(g, UserFun) and out:  # a bare function writing the output (mapGlb(0, f)): toGlobal(f)
            return prim(Op.TO_GLOBAL, funs=(g,))
        return g

    def _map(self, e: FunCall, f: Prim, args, path, out: bool) -> Expr:
        lam = f.funs[0]
        (x, xpath), = args
        if not computes(lam):  # a view
            return FunCall(self._view_fun(f), (self.lo(x, xpath, out),))
        assert isinstance(lam, Lambda)
        body = self.lo(lam.body, (*path, 0, 0, len(lam.params)), out)
        dim = self.glb.get(path)
        mapping = prim(Op.MAP_GLB, dim, funs=(Lambda(lam.params, body),)) if dim is not None else \
            prim(Op.MAP_SEQ, funs=(Lambda(lam.params, body),))
        return FunCall(mapping, (self._data(x, xpath),))

    def _reduce(self, e: FunCall, f: Prim, args, path, out: bool) -> Expr:
        lam = f.funs[0]
        assert isinstance(lam, Lambda)
        (init, ipath), (x, xpath) = args
        body = self.lo(lam.body, (*path, 0, 0, len(lam.params)), False)
        init_t = self.type_of(ipath)
        init2 = copy_into(Op.TO_PRIVATE, self.lo(init, ipath, False), init_t, self.fresh)
        n = self.type_of(xpath).n  # a short constant-length reduction (a stencil window) is unrolled
        red = Op.REDUCE_SEQ_UNROLL if n.is_Integer and int(n) <= UNROLL_LIMIT else Op.REDUCE_SEQ
        r = FunCall(prim(red, funs=(Lambda(lam.params, body),)), (init2, self._data(x, xpath)))
        return copy_into(Op.TO_GLOBAL, r, self.type_of(path), self.fresh) if out else r

    def _view_fun(self, f: FunDecl) -> FunDecl:
        """A layout-only function with its (view) maps written as `view_map`."""
        if isinstance(f, Prim):
            op = self.view_map if f.op is Op.MAP else f.op
            return Prim(op, f.static, tuple(self._view_fun(g) for g in f.funs))
        if isinstance(f, Lambda):
            return Lambda(f.params, self._view_expr(f.body))
        return f

    def _view_expr(self, e: Expr) -> Expr:
        if isinstance(e, FunCall):
            return FunCall(self._view_fun(e.f), tuple(self._view_expr(a) for a in e.args))
        return e


# --- scalar outputs: parallel reduction ------------------------------------------------------------------
def _top_reduce(p: Program):
    """(call, path) of a reduce that is the program's body (its result is the program's [U]1 output)."""
    path = (len(p.params),)
    e = p.body
    if is_call(e, Op.REDUCE):
        return e, path
    return None


def _lower_body(p: Program, view_map: Op, max_dims: int = 3, keep_unit: bool = False,
                stages_to_global: bool = False) -> Expr:
    typing = typecheck(p)
    low = _Lowerer(p, typing, view_map, stages_to_global)
    low.plan(max_dims, keep_unit)
    return low.lo(p.body, (len(p.params),), True)


def _parallel_reduce(p: Program, red, sizes, view_map: Op) -> Program:
    call_, path = red
    typing = typecheck(p)
    fresh = Fresh(all_names(p))
    lam = call_.f.funs[0]
    init, x = call_.args
    init_t = typing.of[(*path, 1)]
    x_t = typing.of[(*path, 2)]
    assert isinstance(lam, Lambda) and isinstance(x_t, ArrayType)
    n = x_t.n
    # the reduce's operator can combine partial results only if it is (U, U) => U
    mapped = is_call(x, Op.MAP) and computes(x.f.funs[0])  # type: ignore[union-attr]
    elem_t = typing.of[(*path, 2, 0, 0, 1)] if mapped else x_t.elem  # the mapped function's result
    splittable = same_type(elem_t, init_t)
    fused = unique_binders(fuse_program(Program(p.name, p.params, call_)))
    fused_call = fused.body
    assert isinstance(fused_call, FunCall)
    fused_fun, src = fused_call.f.funs[0], fused_call.args[1]  # type: ignore[union-attr]
    kparams = tuple(Param(q.name, q.type) for q in p.params)
    fresh.used |= all_names(fused)

    def stage(params, data: Expr, fun, chunk, keep_unit: bool, reorder: bool) -> Expr:
        """join o map(c => reduce(init, fun) << c) o split(chunk) [o reorder(n / chunk)] << data, lowered: with
        the reorder, work item t reduces elements t, t + n/chunk, t + 2 n/chunk, ... (coalesced reads)."""
        c = fresh.param("chunk")
        if reorder:
            t = typecheck(Program(p.name, params, data)).result
            assert isinstance(t, ArrayType)
            data = FunCall(prim(Op.REORDER, arith.simplify(t.n / chunk)), (data,))
        hl = FunCall(prim(Op.JOIN), (FunCall(prim(Op.MAP, funs=(Lambda((c,), FunCall(prim(Op.REDUCE, funs=(fun,)),
                                                                                    (init, c))),)),
                                          (FunCall(prim(Op.SPLIT, chunk), (data,)),)),))
        return _lower_body(Program(p.name, params, hl), view_map, 1, keep_unit)

    if not splittable:
        body = stage(kparams, src, fused_fun, n, True, False)
        out = Program(p.name, p.params, FunCall(prim(Op.OCL_KERNEL, funs=(Lambda(kparams, body),)), p.params))
        typecheck(out)
        return out
    chunks: list[sympy.Expr]
    if sizes is not None:
        chunks = [sympy.Integer(c) for c in reduction_chunks(arith.evaluate(n, sizes))]
    else:
        chunks = [arith.var(RED_CHUNK)]
    coalesce = _commutative(lam)
    # kernel 1: one partial result per chunk, one work item per chunk (the reduce fused with its map)
    data: Expr = FunCall(prim(Op.OCL_KERNEL, funs=(Lambda(kparams, stage(kparams, src, fused_fun, chunks[0], False,
                                                                        coalesce)),)), p.params)
    length = arith.simplify(n / chunks[0])
    # further levels while many partial results remain, then one work item reduces the rest
    for c in [*chunks[1:], None]:
        parts = Param(fresh("partials"), ArrayType(init_t, length))
        whole = c is None
        k = stage((parts,), parts, lam, length if whole else c, whole, coalesce and not whole)
        data = FunCall(prim(Op.OCL_KERNEL, funs=(Lambda((parts,), k),)), (data,))
        if not whole:
            length = arith.simplify(length / c)
    out = Program(p.name, p.params, data)
    typecheck(out)
    return out


def _commutative(lam: Lambda) -> bool:
    """Whether the reduce operator is a commutative built-in (add, mult, max, min) of its two parameters: then
    the order in which a work item visits the elements may change (coalescing reorder)."""
    body = lam.body
    return (isinstance(body, FunCall) and body.f in (ADD, MULT, MAX, MIN)
            and sorted(a.name for a in body.args if isinstance(a, Param)) == sorted(q.name for q in lam.params)
            and len(body.args) == 2)


def is_lowered(p: Program) -> bool:
    """No high-level map/reduce and no macro left (layout-only maps count as lowered only as mapSeq)."""
    used = ops_used(p)
    return (not (used & {Op.MAP, Op.REDUCE}) and not any(op.info.group is Group.MACRO for op in used)
            and computes(p.body))  # a view of the inputs is not lowered yet: it needs a copy (copy_of_view)

