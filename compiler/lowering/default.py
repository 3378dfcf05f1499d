"""The generic lowering: any high-level suite program to a fully lowered (OpenCL-mapped) program, derived by rules.

    default_lowering(program, sizes=None) -> Program
    derive(program, sizes=None) -> Derivation            # the program and its trace of rule applications

Preparation (no rule counterpart, kept as passes): macros are expanded (`compiler.ir.macros.expand_program`),
function arguments eta-expanded to lambdas and applied lambdas inlined (macro expansions produce `(x => ...)(e)`;
an oclKernel applied to views only is inlined too, the lowering chooses the kernels), every lambda parameter gets a
unique name, and a program whose result is only a view of its inputs becomes a copy of that view
(`copy_of_view`). The prepared program then enters the rewrite driver (`compiler.rewrite.prepare`, its normal form) and
every further step is a rule applied through the one driver (`compiler.rewrite.apply`, normalised and
re-type-checked); this module only chooses which rule applies where (`_Chooser`):

1. fusion: `mapFusion` (map o map) and `reduceMapFusion` (reduce o map) at the deepest high-level site, to a
   fixpoint, so that no intermediate array is materialised inside a work item and layout-only maps next to a
   computing map become views inside it;
2. mapping: the maps on the output path of the program (the outermost map and the maps directly producing its
   elements, seen through data-layout primitives) get `mapGlb(d)`: one level is `mapGlb(0)`, two levels
   `mapGlb(1)(mapGlb(0))`, three `mapGlb(2)(mapGlb(1)(mapGlb(0)))` (dimension 0 innermost, for coalescing;
   levels of constant length 1 stay sequential); every other computing map gets `mapSeq`, every reduce
   `reduceSeq` (and `reduceSeqUnroll` over at most UNROLL_LIMIT constant elements: stencil windows); a map that
   only rearranges data (`map(slide(3, 1))` of a slideND expansion) gets `viewMap(mapSeq)` (a lowered program
   has no high-level map; the code generator reads it as a view);
3. memory (thesis Listing 2.2 style): a user function on the output path gets `toGlobal` (`toGlobal(f)`, or
   `mapGlb(0, toGlobal(f))` for a bare function), a reduce result on the output path `idAfterReduce(toGlobal)`
   (`toGlobal(mapSeq(id)) << reduceSeq(...)`), an accumulator `idForReduceInit(toPrivate)`, and an output that
   is only a view of the inputs (or an array-valued reduce result or accumulator, an iterate's result)
   `idCopy(toGlobal)` / `idCopy(toPrivate)` (`toGlobal(mapSeq(id))`, ... by its shape); casters the derivation
   adds are written point-free (`toGlobal(mapSeq(id))`), those of the input keep their form.

Programs whose output is a scalar (`[U]1`, asum, dot) need a parallel reduction: a chain of OpenCL kernels, each
computing partial results of chunks with `join o mapGlb(0)(chunk => toGlobal(mapSeq(id)) o reduceSeq(...)) o
split(c)`, the last one reducing the remaining partial results with the reduce's own operator in a single work
item (`reduction_chunks` picks the levels from `sizes`; without sizes there is one level whose chunk is the tuning
parameter `redChunk`, see `default_params`). Rules per level: `reorderReduce(n / c)` and `reorderMap` (a
commutative built-in operator: work item t reads elements t, t + n/c, ..., coalesced), `splitJoin(c)` of the
reduce's map, `partialReduce(c)`, then the fusions; the last kernel is `reduceOneChunk`; the stages get the
mapping and memory rules above and one `oclKernel` each, innermost first. This needs the operator to be
associative with `init` as its neutral element (partialReduce's guard: add/mult/max/min with 0/1/-inf/+inf). When
the operator's element type differs from its accumulator type (a fold that cannot be split) the whole reduction
runs in one work item (`reduceOneChunk` only). A reduction whose one-element result is then mapped (an epilogue:
`map(sqrt_) << reduce(...)`, a mean's division; several maps are fused into one first, `scalar_reduce` finds it)
gets the same chain: after `reduceOneChunk`, `mapJoin` and `mapFusion` move the epilogue into the last kernel's
map over its one chunk (`mapSeq(f) o reduceSeq(...)`), so it runs on the work item that computes the sum. Layout-only
maps are written `view_map` (mapSeq by default).

A partially lowered program (a named lowering or a rewrite-point design, `finish`) takes the same steps with its
mapping kept; its input enters the driver's normal form first, so redundant views in it (`pad(0, 0)`,
`split(n) o join`, `map(y => y)`) are gone from the result.

The environment's mapping stage completes programs it has mapped itself with `complete_memory`: the same chooser
choosing no mapGlb level and no fusion. Derivations are memoised by program structure (`clear_caches` forgets them).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass

import sympy

from .. import arith
from ..errors import RuleNotApplicable
from ..ir.build import prim
from ..ir.macros import expand_program
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program, UserFun, at, with_children
from ..ir.ops import ADDRESS_SPACES, LAYOUT, MAPS, PARALLEL_MAPS, REDUCES, Group, Op
from ..ir.printer import show
from ..ir.terms import Fresh, all_names, binary_userfun, free_vars, is_call, subst
from ..ir.typecheck import Typing, typecheck
from ..ir.userfuns import ADD, MAX, MIN, MULT, userfun
from ..rewrite import Rule, apply, index_program, prepare
from ..rewrite.catalog import BY_NAME
from ..rewrite.rules_algorithmic import (
    MAP_FUSION,
    MAP_JOIN,
    REDUCE_MAP_FUSION,
    partial_reduce,
    reorder_reduce,
    split_join,
)
from ..rewrite.rules_blas1 import OCL_KERNEL
from ..rewrite.rules_default import ID_COPY_GLOBAL, ID_COPY_PRIVATE, REDUCE_ONE_CHUNK, VIEW_MAP_SEQ, view_map
from ..rewrite.rules_mapping import MAP_SEQ, REDUCE_SEQ, REDUCE_SEQ_UNROLL, map_to_glb
from ..rewrite.rules_reduction import ID_FOR_REDUCE_INIT_PRIVATE, REORDER_MAP, id_after_reduce
from ..types import ArrayType, Type, same_type
from . import derivation
from .util import (
    LoweringError,
    beta_program,
    computes,
    eta_program,
    ops_used,
    unique_binders,
)

RED_CHUNK = "redChunk"
_VIEW_OPS = LAYOUT | {Op.AS_VECTOR, Op.AS_SCALAR, Op.TO_HOST, Op.TO_GPU}
_TAIL_VIEWS = _VIEW_OPS - {Op.ZIP, Op.TUPLE}


MEMO_SIZE = 4096  # derivations kept (the environment lowers the same programs again across episodes)
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
    return derive(program, sizes, max_dims=max_dims, view_map=view_map, stages_to_global=stages_to_global).program


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
    red = scalar_reduce(p)
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


# --- scalar outputs: parallel reduction ------------------------------------------------------------------
def scalar_reduce(p: Program):
    """(call, path, maps) of a reduce whose result is the program's [U]1 output: the body itself (maps = 0), or the
    argument of `maps` maps over its one-element result (an epilogue: the square root of a sum of squares, a mean's
    division by the length), each applied to the reduce's result in the last kernel of the parallel reduction."""
    path, e, maps = (len(p.params),), p.body, 0
    while is_call(e, Op.MAP) and isinstance(e.f.funs[0], Lambda | UserFun):  # type: ignore[union-attr]
        path, e, maps = (*path, 1), e.args[0], maps + 1  # type: ignore[union-attr]
    return (e, path, maps) if is_call(e, Op.REDUCE) else None


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



# --- the derivation: the lowering as rule applications ---------------------------------------------------------
_ETA_KEPT = ADDRESS_SPACES | {Op.OCL_KERNEL}
_KEEP = "keepEta_"  # names the parameter of an input caster written eta-expanded (kept so; the others end point-free)


def _mark_casters(p: Program) -> Program:
    """The parameter of every input caster whose function is a lambda gets the prefix `_KEEP` (the driver's
    normal form eta-expands every caster's function; at the end the unmarked ones are eta-reduced again, as the
    input and the lowering's own copies write them)."""
    fresh = Fresh(all_names(p))

    def go(n: Node) -> Node:
        n = _kids_mapped(n, go)
        if isinstance(n, Prim) and n.op in _ETA_KEPT and isinstance(n.funs[0], Lambda) \
                and len(n.funs[0].params) == 1:
            lam = n.funs[0]
            q = lam.params[0]
            new = Param(fresh(_KEEP + q.name), q.type)
            return Prim(n.op, n.static, (Lambda((new,), subst(lam.body, {q.name: new}, fresh)),))  # type: ignore
        return n

    out = go(p)
    assert isinstance(out, Program)
    return out


def finish_casters(p: Program) -> Program:
    """Casters eta-reduced unless marked; marked parameters get their names back."""
    fresh = Fresh(all_names(p))

    def go(n: Node) -> Node:
        n = _kids_mapped(n, go)
        if isinstance(n, Prim) and n.op in _ETA_KEPT:
            lam = n.funs[0]
            if isinstance(lam, Lambda) and len(lam.params) == 1 and lam.params[0].name.startswith(_KEEP):
                q = lam.params[0]
                new = Param(fresh(q.name[len(_KEEP):]), q.type)
                return Prim(n.op, n.static, (Lambda((new,), subst(lam.body, {q.name: new}, fresh)),))  # type: ignore
            return _point_free(n)
        return n

    out = go(p)
    assert isinstance(out, Program)
    return out


def _kids_mapped(n: Node, go) -> Node:
    """n with `go` applied to its children; n itself when no child changes (the driver's caches find it again)."""
    kids = n.children()
    if not kids:
        return n
    new = [go(c) for c in kids]
    return n if all(a is b for a, b in zip(new, kids, strict=True)) else with_children(n, new)


def _point_free(n: Prim) -> Prim:
    lam = n.funs[0]
    if isinstance(lam, Lambda) and len(lam.params) == 1:
        body = lam.body
        if (isinstance(body, FunCall) and isinstance(body.f, Prim) and body.args == lam.params
                and lam.params[0].name not in free_vars(body.f)):
            return Prim(n.op, n.static, (body.f,))
    return n


@dataclass(frozen=True)
class Derivation:
    """A program and the rule applications that produced it: `begin` is the prepared program in the driver's
    normal form, `trace` the (rule, site path) applied to it in order, `program` the result (its casters written
    as `finish_casters` writes them)."""

    begin: Program
    trace: tuple[tuple[Rule, tuple[int, ...]], ...]
    program: Program


class _Steps:
    """A derivation under way: the program so far and the rule applications that produced it."""

    def __init__(self, program: Program, name: str):
        self.begin = self.program = prepare(program)  # macros are expanded already (lowering form)
        self.name = name
        self.trace: list[tuple[Rule, tuple[int, ...]]] = []

    def at(self, rule: Rule, path: tuple[int, ...]) -> None:
        """`rule` at the site with this path, through the driver (errors name the lowering, the rule, the site)."""
        try:
            self.program = apply(self.program, rule, path)
        except RuleNotApplicable as err:
            raise LoweringError(f"{self.name}: {err}") from err
        self.trace.append((rule, path))

    def first(self, rule: Rule, where) -> bool:
        """`rule` at its last legal site satisfying `where` (the deepest in pre-order); False if none."""
        found = derivation.sites(self.program, rule, where)
        if not found:
            return False
        self.at(rule, found[-1].path)
        return True

    def done(self) -> Derivation:
        return Derivation(self.begin, tuple(self.trace), finish_casters(self.program))


def _fuse(d: _Steps) -> None:
    """mapFusion / reduceMapFusion to a fixpoint, deepest sites first (high-level maps and reduces only)."""
    while (d.first(MAP_FUSION, lambda path, n: n.f.op is Op.MAP)
           or d.first(REDUCE_MAP_FUSION, lambda path, n: n.f.op is Op.REDUCE and n.args[1].f.op is Op.MAP)):
        pass


class _Chooser:
    """Walks a fused program as the default lowering reads it and chooses the rule applications: relabellings of
    maps and reduces (`relabel`) and casters and copies (`memory`), each keyed by the site's pre-order number."""

    def __init__(self, p: Program, typing: Typing, view_map: Op, stages_to_global: bool = False):
        self.p, self.typing, self.view_map = p, typing, view_map
        self.stages_to_global = stages_to_global
        self.glb: dict[tuple[int, ...], int] = {}
        self.relabel: list[tuple[tuple[int, ...], tuple[Rule, ...]]] = []
        self.memory: list[tuple[tuple[int, ...], int, str]] = []  # (path, order at the same site, action)
        self.stop: set[tuple[int, ...]] = set()  # sites lowered on their own (the next stage of a reduction)

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


    def lo(self, e: Node, path, out: bool) -> None:
        if path in self.stop:
            return
        if out and not computes(e):
            self.lo(e, path, False)
            self.memory.append((path, 0, "copy"))
            return
        if isinstance(e, Param | Literal):
            return
        assert isinstance(e, FunCall), e
        f = e.f
        args = [(a, (*path, i + 1)) for i, a in enumerate(e.args)]
        if isinstance(f, UserFun):
            for a, q in args:
                self.lo(a, q, False)
            if out:
                self.memory.append((path, 0, "toGlobal"))
            return
        if isinstance(f, Lambda):
            self.lo(f.body, (*path, 0, len(f.params)), out)
            for a, q in args:
                self.lo(a, q, False)
            return
        assert isinstance(f, Prim), f
        self._prim(e, f, args, path, out)

    def _prim(self, e: FunCall, f: Prim, args, path, out: bool) -> None:
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
        if op is Op.OCL_KERNEL:
            return self._explicit(f, args, path, False, body_out=True)
        if op is Op.LET:
            lam = f.funs[0]
            assert isinstance(lam, Lambda)
            self.lo(lam.body, (*path, 0, 0, len(lam.params)), out)
            self.lo(*args[0], False)
            return
        if op is Op.ITERATE:
            lam = f.funs[0]
            assert isinstance(lam, Lambda)
            self.lo(lam.body, (*path, 0, 0, len(lam.params)), False)
            self.lo(*args[0], False)
            if out:
                self.memory.append((path, 0, "copy"))
            return
        if op in _VIEW_OPS:
            nlead = len(e.args) - 1 if op in _TAIL_VIEWS else 0
            for i, (a, q) in enumerate(args):
                self.lo(a, q, False if i < nlead else out)
            self._view_fun(f, (*path, 0))
            return
        raise LoweringError(f"{self.p.name}: the default lowering does not handle {op.text} in {show(e, 200)}")

    def _explicit(self, f: Prim, args, path, out: bool, body_out: bool, data: int = -1) -> None:
        self._fun(f, (*path, 0), body_out, path)
        for i, (a, q) in enumerate(args):
            if i == data:
                self._data(a, q)
            else:
                self.lo(a, q, False)

    def _data(self, x: Expr, xpath) -> None:
        if not self.stages_to_global or not computes(x):
            return self.lo(x, xpath, False)
        if isinstance(x, FunCall) and isinstance(x.f, Prim) and x.f.op in _VIEW_OPS:
            nlead = len(x.args) - 1 if x.f.op in _TAIL_VIEWS else 0
            for i, a in enumerate(x.args):
                if i < nlead:
                    self.lo(a, (*xpath, i + 1), False)
                else:
                    self._data(a, (*xpath, i + 1))
            self._view_fun(x.f, (*xpath, 0))
            return
        return self.lo(x, xpath, True)

    def _fun(self, g: FunDecl, gpath, out: bool, call_path=None) -> None:
        if isinstance(g, Lambda):
            self.lo(g.body, (*gpath, len(g.params)), out)
            return
        if isinstance(g, Prim) and g.funs:
            if g.op is Op.MAP:
                raise LoweringError(f"{self.p.name}: a map in function position: {show(g, 200)}")
            inner_out = False if g.op in (Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE) or g.op in REDUCES else out
            for i, h in enumerate(g.funs):
                if isinstance(h, UserFun) and inner_out:
                    if g.op in MAPS and i == 0 and call_path is not None:
                        self.memory.append((call_path, 0, "toGlobalSlot"))
                    else:
                        raise LoweringError(f"{self.p.name}: a bare output function in {show(g, 200)}")
                else:
                    self._fun(h, (*gpath, i), inner_out)
            return
        if isinstance(g, UserFun) and out:
            raise LoweringError(f"{self.p.name}: a bare output function {show(g, 200)}")

    def _map(self, e: FunCall, f: Prim, args, path, out: bool) -> None:
        lam = f.funs[0]
        (x, xpath), = args
        if not computes(lam):  # a view
            self.relabel.append((path, (_VIEW_RULES[self.view_map],)))
            self._view_fun(f, (*path, 0))
            self.lo(x, xpath, out)
            return
        assert isinstance(lam, Lambda)
        self.lo(lam.body, (*path, 0, 0, len(lam.params)), out)
        dim = self.glb.get(path)
        self.relabel.append((path, (map_to_glb(dim),) if dim is not None else (MAP_SEQ,)))
        self._data(x, xpath)

    def _reduce(self, e: FunCall, f: Prim, args, path, out: bool) -> None:
        lam = f.funs[0]
        assert isinstance(lam, Lambda)
        (init, ipath), (x, xpath) = args
        self.lo(lam.body, (*path, 0, 0, len(lam.params)), False)
        self.lo(init, ipath, False)
        self.memory.append((path, 1, "init"))
        n = self.type_of(xpath).n
        unroll = n.is_Integer and int(n) <= UNROLL_LIMIT
        self.relabel.append((path, (REDUCE_SEQ, REDUCE_SEQ_UNROLL) if unroll else (REDUCE_SEQ,)))
        self._data(x, xpath)
        if out:
            self.memory.append((path, 0, "copy"))

    def _view_fun(self, f: FunDecl, fpath) -> None:
        """The maps inside a layout-only function become `view_map`."""
        if isinstance(f, Prim):
            for i, g in enumerate(f.funs):
                self._view_fun(g, (*fpath, i))
        elif isinstance(f, Lambda):
            self._view_expr(f.body, (*fpath, len(f.params)))

    def _view_expr(self, e: Node, path) -> None:
        if isinstance(e, FunCall):
            if isinstance(e.f, Prim) and e.f.op is Op.MAP:
                self.relabel.append((path, (_VIEW_RULES[self.view_map],)))
            self._view_fun(e.f, (*path, 0))
            for i, a in enumerate(e.args):
                self._view_expr(a, (*path, i + 1))


def _apply_choices(d: _Steps, ch: _Chooser) -> None:
    order = index_program(d.program).order
    for path, rules in sorted(ch.relabel, key=lambda pr: -order[pr[0]]):
        for r in rules:
            d.at(r, path)
    typing = None
    for path, _, action in sorted(ch.memory, key=lambda m: (-order[m[0]], -m[1])):
        typing = index_program(d.program).typing
        node = at(d.program, path)
        if action == "toGlobal" or action == "toGlobalSlot":
            d.at(TO_GLOBAL, path)
        elif action == "init":
            init_t = typing.of[(*path, 1)]
            init = node.args[0]  # type: ignore[union-attr]
            if isinstance(init_t, ArrayType) or (isinstance(init, FunCall) and isinstance(init.f, Prim)
                                                 and init.f.op in ADDRESS_SPACES):
                d.at(ID_COPY_PRIVATE, (*path, 1))
            else:
                d.at(ID_FOR_REDUCE_INIT_PRIVATE, path)
        else:  # copy
            t = typing.of[path]
            if (is_call(node, Op.REDUCE_SEQ) or is_call(node, Op.REDUCE_SEQ_UNROLL)) and isinstance(t, ArrayType) \
                    and not isinstance(t.elem, ArrayType):
                d.at(ID_AFTER_REDUCE_GLOBAL, path)
            else:
                d.at(ID_COPY_GLOBAL, path)


def derive(program: Program, sizes: Mapping[str, int] | None = None, *, max_dims: int = 3,
           view_map: Op = Op.MAP_SEQ, stages_to_global: bool = False) -> Derivation:
    """The default lowering of `program` (`finish`) as a derivation: the preparation passes, then rule
    applications only (module doc). Memoised by the program's structure and the arguments."""
    if not 1 <= max_dims <= 3:
        raise ValueError(f"max_dims must be 1, 2 or 3, got {max_dims}")
    if view_map not in _VIEW_RULES:
        raise ValueError(f"view_map must be mapSeq or mapSeqUnroll, got {view_map.text}")
    sizes_key = None if sizes is None else tuple(sorted(sizes.items()))
    return _derive(program, sizes_key, max_dims, view_map, stages_to_global)


@functools.lru_cache(maxsize=MEMO_SIZE)
def _derive(program: Program, sizes_key, max_dims: int, view_map: Op, stages_to_global: bool) -> Derivation:
    explicit = bool(ops_used(program) & PARALLEL_MAPS)
    if not explicit:
        program = copy_of_view(program)
    p = lowering_form(program, inline_kernels=not explicit)
    d = _Steps(_mark_casters(p), p.name)
    if not explicit and scalar_reduce(d.program) is not None:
        _derive_parallel_reduce(d, None if sizes_key is None else dict(sizes_key), view_map)
    else:
        _fuse(d)
        _choose_and_apply(d, 0 if explicit else max_dims, view_map, stages_to_global)
    return d.done()


def _choose_and_apply(d: _Steps, max_dims: int, view_map: Op, stages_to_global: bool = False) -> None:
    """The chooser's mapping (`max_dims` output levels mapGlb, 0: none) and memory choices, applied."""
    a = index_program(d.program)
    ch = _Chooser(a.program, a.typing, view_map, stages_to_global)
    ch.plan(max_dims)
    ch.lo(a.program.body, (len(a.program.params),), True)
    _apply_choices(d, ch)


def complete_memory(program: Program, *, view_map: Op = Op.MAP_SEQ) -> Derivation:
    """The default lowering's memory and reduction choices over a program in lowering form whose maps are mapped
    already (the environment's mapping stage): the same chooser choosing no mapGlb level and no fusion, so every
    mapped map keeps its primitive, remaining maps get `mapSeq` (layout-only ones `view_map`), reduces `reduceSeq`
    with a private accumulator, and the output path `toGlobal` casters and copies. Memoised."""
    return _complete_memory(program, view_map)


@functools.lru_cache(maxsize=MEMO_SIZE)
def _complete_memory(program: Program, view_map: Op) -> Derivation:
    d = _Steps(_mark_casters(program), program.name)
    _choose_and_apply(d, 0, view_map)
    return d.done()


def clear_caches() -> None:
    """Forget the memoised derivations (for timing the lowering cold)."""
    _derive.cache_clear()
    _complete_memory.cache_clear()


def output_maps(program: Program, max_dims: int = 3) -> dict[tuple[int, ...], int]:
    """The mapGlb dimension the default lowering gives each map on the output path of `program` (a program in
    lowering form; keys are the paths of the map calls)."""
    ch = _Chooser(program, typecheck(program), Op.MAP_SEQ)
    ch.plan(max_dims)
    return dict(ch.glb)


def _derive_parallel_reduce(d: _Steps, sizes, view_map: Op) -> None:
    """The scalar parallel reduction (module doc) as rule applications: reorderReduce / reorderMap / splitJoin /
    partialReduce per level, fusion, reduceOneChunk for the last kernel, the mapping and memory choices of every
    stage, then one oclKernel per stage, innermost first. An epilogue (maps over the reduce's one-element result,
    fused into one by mapFusion) enters the last kernel: mapJoin and mapFusion move it into the function of that
    kernel's map over its single chunk, after the chunk's reduce (`_sink_epilogue`)."""
    top = (len(d.program.params),)  # the body: the reduce, or the epilogue's map over it
    while (red := scalar_reduce(d.program)) is not None and red[2] > 1:
        d.at(MAP_FUSION, top)
    epilogue = red is not None and red[2] == 1
    body = (*top, 1) if epilogue else top  # the reduce
    p = d.program
    call_ = at(p, body)
    assert isinstance(call_, FunCall)
    typing = index_program(p).typing
    init_t, x_t = typing.of[(*body, 1)], typing.of[(*body, 2)]
    assert isinstance(x_t, ArrayType)
    n = x_t.n
    x = call_.args[1]
    lam = call_.f.funs[0]  # type: ignore[union-attr]
    mapped = is_call(x, Op.MAP) and computes(x.f.funs[0])  # type: ignore[union-attr]
    elem_t = typing.of[(*body, 2, 0, 0, 1)] if mapped else x_t.elem
    # split into chunks only where partialReduce can: an operator that is one user function (a fused reduce's
    # `(acc, y) => add(acc, abs(y))` is not associative in its arguments: a fold)
    splittable = same_type(elem_t, init_t) and binary_userfun(lam) is not None
    chunks: list = []
    if not splittable:  # a fold: the whole reduction in one work item
        _fuse(d)
        d.at(REDUCE_ONE_CHUNK, body)
        _sink_epilogue(d, top, epilogue)
    else:
        if sizes is not None:
            chunks = [sympy.Integer(c) for c in reduction_chunks(arith.evaluate(n, sizes))]
        else:
            chunks = [arith.var(RED_CHUNK)]
        coalesce = isinstance(lam, Lambda) and _commutative(lam)
        length = n
        for level, c in enumerate(chunks):
            if coalesce:
                d.at(reorder_reduce(arith.simplify(length / c)), body)
                if level == 0 and mapped:
                    d.at(REORDER_MAP, (*body, 2))
            if level == 0 and mapped:
                d.at(split_join(c), (*body, 2))
            d.at(partial_reduce(c), body)
            length = arith.simplify(length / c)
            if level == 0:
                _fuse(d)
        d.at(REDUCE_ONE_CHUNK, body)
        _sink_epilogue(d, top, epilogue)
    a = index_program(d.program)
    ch = _Chooser(a.program, a.typing, view_map)
    stages = []  # path of each stage's join, outermost first: join << map(c => reduce) << split(c) [<< reorder]
    path = top
    for _ in range(1 + (len(chunks) if splittable else 0)):
        stages.append(path)
        ch.glb[(*path, 1)] = 0
        data = (*path, 1, 1, 1)
        if is_call(at(a.program, data), Op.REORDER):
            data = (*data, 1)
        path = data
    for i, path in enumerate(stages):  # each stage lowered on its own, down to the next stage
        ch.stop = {stages[i + 1]} if i + 1 < len(stages) else set()
        ch.lo(at(a.program, path), path, True)
    _apply_choices(d, ch)
    for path in reversed(stages):
        d.at(OCL_KERNEL, path)


def _sink_epilogue(d: _Steps, top: tuple[int, ...], epilogue: bool) -> None:
    """`map(f) << join << map(c => reduce << c) << split(n) << partials` (the epilogue over the last kernel's one
    chunk, at `top`) -> `join << map(c => map(f) << reduce << c) << split(n) << partials` by mapJoin and
    mapFusion: f runs on the reduce's result in the work item that computes it."""
    if epilogue:
        d.at(MAP_JOIN, top)
        d.at(MAP_FUSION, (*top, 1))


TO_GLOBAL = BY_NAME["toGlobal"]
ID_AFTER_REDUCE_GLOBAL = id_after_reduce("toGlobal")
_VIEW_RULES = {Op.MAP_SEQ: VIEW_MAP_SEQ, Op.MAP_SEQ_UNROLL: view_map(Op.MAP_SEQ_UNROLL)}
