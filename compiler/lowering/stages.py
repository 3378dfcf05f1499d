"""The stages an environment episode walks from a benchmark to a kernel, each a question with exact answers.

    resolve(uri)                         -> (Benchmark, sizes)
    start_program(bench)                 -> the normal high-level program an episode starts from
    env_rules()                          -> the rewrite rules offered (positions are action ids)
    legal_rewrites(program, sizes)       -> [(rule position, site pre-order index)]
    apply_rewrite(program, r, site, sz)  -> program
    mapping_problem(program, sizes)      -> MappingProblem: the maps to decide and their valid codes
    local_size_problem(lowered, sizes, limits) -> LocalSizeProblem: the work-group sizes and their valid values
    compile_program(lowered, sizes, local_size) -> KernelProgram (memoised)

Mapping codes are the thesis Ch5 encoding (Table 5.2): 0 = mapSeq, 1 = fused into its outer map,
10-12 = mapLcl(d), 20-22 = mapWrg(d), 30-32 = mapGlb(d). The rewrite-point decisions of an annotated program
come first (`compiler.lowering.point_stages`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import sympy

from .. import arith, codegen
from ..codegen import KernelProgram
from ..codegen import compile_program as codegen_compile
from ..constraints import Constraint, DeviceLimits, Space, param
from ..constraints import mapping as csp_mapping
from ..errors import CompilerError, ConstraintError
from ..ir.node import FunCall, Lambda, Node, Prim, Program, RewritePoint, walk, with_children
from ..ir.ops import Op
from ..ir.typecheck import typecheck
from ..rewrite import RULES, all_legal, apply, prepare, site_of
from ..rewrite.catalog import CATALOG_VERSION
from ..rewrite.points import strip_rewrite_points
from ..suite import Benchmark, resolve
from ..suite import uri as suite_uri
from . import default as lowering_default
from .default import complete_memory, copy_of_view, default_lowering
from .lowered import TuningParam
from .points import launch_error, outer_mapping
from .util import fuse_program, unique_binders

MAP_CODES: tuple[int, ...] = (0, 1, 10, 11, 12, 20, 21, 22, 30, 31, 32)
MAP_CODE_NAMES = {0: "mapSeq", 1: "fused", 10: "mapLcl(0)", 11: "mapLcl(1)", 12: "mapLcl(2)", 20: "mapWrg(0)",
                  21: "mapWrg(1)", 22: "mapWrg(2)", 30: "mapGlb(0)", 31: "mapGlb(1)", 32: "mapGlb(2)"}

# the rule groups the rewrite phase offers: mapping comes from the mapping phase, and the memory rules need
# lowered maps (toLocal inside mapWrg), which exist only after it
REWRITE_GROUPS: tuple[str, ...] = ("algorithmic",)
# rules whose results the downstream lowering does not handle yet (found by the random-rollout tests)
# vectorise, vectoriseZip: their float16 instances crash PoCL's LLVM. padCrop: a crop may be read only where a map
# writes it, and later rewrites (mapFission, partialReduce, splitJoin around it) can leave it read by a reduction in
# every mapping (a dead end); checking each rewrite of a cropped program for a mapping that compiles
# (`offered_rewrites`) costs 40-60 ms a candidate, which made the env 6x slower
EXCLUDED_FAMILIES: frozenset[str] = frozenset({"vectorise", "vectoriseZip", "padCrop"})

# --- benchmarks and rewriting ---------------------------------------------------------------------------------
def canonical_uri(uri: str) -> str:
    """The URI with every size explicit (`benchmark://lift/mm?K=16&M=16&N=16`): the store's benchmark key."""
    bench, sizes = resolve(uri)
    return suite_uri(bench, **dict(sorted(sizes.items())))


@functools.lru_cache(maxsize=256)
def _start(program: Program) -> Program:
    # a program that only views its inputs starts as their copy; an annotated program's rewrite points are typed
    # identities, which a route that does not decide them (`decisions.Options.rewrite_points`) leaves out
    return prepare(copy_of_view(strip_rewrite_points(program)))  # type: ignore[arg-type]


def start_program(bench: Benchmark) -> Program:
    """The normal high-level program the rewrite stage starts from."""
    return _start(bench.program)


@functools.cache
def env_rules() -> tuple:
    return tuple(r for r in RULES if r.group in REWRITE_GROUPS and r.family not in EXCLUDED_FAMILIES)


def rules_version() -> str:
    return f"catalog{CATALOG_VERSION}-" + ",".join(REWRITE_GROUPS) + (
        "-minus-" + ",".join(sorted(EXCLUDED_FAMILIES)) if EXCLUDED_FAMILIES else "")


def legal_rewrites(program: Program, sizes: Mapping[str, int]) -> list[tuple[int, int]]:
    """(position in env_rules(), site pre-order index) of every legal application at the concrete sizes."""
    return [(i, site.index) for i, site in all_legal(program, env_rules(), sizes=dict(sizes))]


def offered_rewrites(program: Program, sizes: Mapping[str, int]) -> list[tuple[int, int]]:
    """The legal pairs whose result has a parallel mapping that compiles (`has_mapping`), so that no rewrite
    leads to a MAPPING phase without a legal action. Only the results of rewrites of a program that crops an
    array (a pad with a negative amount, which padCrop introduces) are checked: a cropped array may be read only
    where a map writes it, and later rewrites (mapFission, partialReduce, splitJoin around the crop) can leave it
    read by a reduction in every mapping. Every other result of the rules, padCrop's own on a crop-free program
    included (its crop is the write of the map it pads), has the all-mapSeq mapping (one work item), which
    compiles (tests/env's random masked rollouts check it over the suite)."""
    sizes = dict(sizes)
    pairs = legal_rewrites(program, sizes)
    if not crops(program, tuple(sorted(sizes.items()))):
        return pairs
    return [(r, site) for r, site in pairs if has_mapping(apply_rewrite(program, r, site, sizes), sizes)]


@functools.lru_cache(maxsize=4096)
def crops(program: Program, sizes_key: tuple) -> bool:
    """Whether the program crops an array (a pad by a negative amount at the concrete sizes)."""
    sizes = dict(sizes_key)
    return any(isinstance(n, Prim) and n.op is Op.PAD and any(_negative(a, sizes) for a in n.static)
               for _, n in walk(program))


def _negative(amount, sizes: Mapping[str, int]) -> bool:
    try:
        return arith.evaluate(amount, sizes) < 0
    except (CompilerError, KeyError, TypeError, ValueError):
        return False


def has_mapping(program: Program, sizes: Mapping[str, int]) -> bool:
    """Whether some parallel mapping of the program compiles, from cheap witnesses only (the all-mapSeq mapping,
    then the default lowering's shape; no search): sound, possibly incomplete. The witness is kept
    (`MappingProblem.witness`), so the MAPPING phase of the program always offers its codes."""
    return _has_mapping(program, tuple(sorted(sizes.items())))


@functools.lru_cache(maxsize=8192)
def _has_mapping(program: Program, sizes_key: tuple) -> bool:
    try:  # all mapSeq without building the mapping constraints (the MAPPING phase's search finds it first)
        if _compiles(_complete_memory(_lowering_form(program)), sizes_key):
            return True
    except CompilerError:
        pass
    try:
        return _mapping_problem(program, sizes_key).witness() is not None
    except CompilerError:
        return False


def apply_rewrite(program: Program, rule_pos: int, site_index: int, sizes: Mapping[str, int]) -> Program:
    return _apply_rewrite(program, rule_pos, site_index, tuple(sorted(sizes.items())))


@functools.lru_cache(maxsize=8192)
def _apply_rewrite(program: Program, rule_pos: int, site_index: int, sizes_key: tuple) -> Program:
    # memoised: `offered_rewrites` applies every legal rewrite of a cropping program, and the step applies one again
    q = prepare(program)
    path = _path_of_index(q, site_index)
    return apply(q, env_rules()[rule_pos], site_of(q, path), dict(sizes_key))


@functools.lru_cache(maxsize=4096)
def _lowering_form(program: Program) -> Program:
    # one lowering form per program: `has_mapping` and the mapping problem of the same program share it
    return lowering_default.lowering_form(program)


@functools.lru_cache(maxsize=1024)
def _paths(program: Program) -> tuple:
    return tuple(path for path, _ in walk(program))


def _path_of_index(program: Program, index: int) -> tuple[int, ...]:
    paths = _paths(program)
    if not 0 <= index < len(paths):
        raise IndexError(f"site #{index} is not a node of {program.name} ({len(paths)} nodes)")
    return paths[index]


def node_index(program: Program, path: tuple[int, ...]) -> int:
    return _paths(program).index(path)


# --- mapping ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MapDecision:
    """One map to decide: its node in `MappingProblem.program` (pre-order index and path) and its length."""

    index: int
    path: tuple[int, ...]
    length: int


SEARCH_BUDGET = 16


class MappingProblem:
    """The parallel-mapping decisions of a high-level program: `sites` are decided in order (outer to inner),
    `program` is the form they refer to (what the observation encodes in phase MAPPING).

    `valid_codes(partial)` is exact: a code is offered iff some completion of the mapping lowers and compiles
    (the constraints propose, the code generator decides, so the few mappings it rejects, such as a mapGlb
    whose result other work items read, are never offered; memoised depth-first search, mapSeq first). The
    all-mapSeq completion runs in one work item and compiles for every program the rewrite rules produce
    (tests/env), so every program has a valid mapping, and the search usually needs one compilation per
    candidate code. Past SEARCH_BUDGET compilations for one question a code is conservatively not offered
    (sound, possibly incomplete; `exhausted` counts those answers).

    Every complete mapping found to compile is kept as a witness (`_witness_set`, apart from the problems'
    cache, so a problem built again keeps them) and every prefix of a witness is feasible without a search: a code
    is offered only when a witness extends it, so the state after it offers the witness's next code, whatever
    the budget does (no dead end inside the phase). `witness()` finds one without a search (the rewrite phase
    admits a program by it, `offered_rewrites`)."""

    program: Program
    sites: tuple[MapDecision, ...]
    source = ""

    def __init__(self, sizes: Mapping[str, int], limits: DeviceLimits | None = None):
        self.sizes = dict(sizes)
        self.limits = limits  # given: a mapping compiles only when every kernel's work group fits them
        self._feasible: dict[tuple[int, ...], bool] = {}
        self.exhausted = 0  # questions answered False because the search budget ran out

    def candidates(self, partial: Sequence[int]) -> tuple[int, ...]:
        raise NotImplementedError

    def lower(self, codes: Sequence[int]) -> Program:
        """The lowered program of a complete mapping (tuning parameters, if any, still symbolic)."""
        raise NotImplementedError

    def _to_compile(self, codes: Sequence[int]) -> Program:
        """`lower`, possibly without its final type check: the compile check type-checks what it compiles."""
        return self.lower(codes)

    def valid_codes(self, partial: Sequence[int]) -> tuple[int, ...]:
        """The codes for the next map that extend `partial` to a complete mapping that compiles (exact up to the
        search budget; never empty when some witness extends `partial`)."""
        key = tuple(partial)
        codes = {c for c in self.candidates(key) if self.feasible((*key, c))}
        if not codes and not key:
            self.witness()  # the search ran out of budget: the cheap witnesses, if not tried yet
        return tuple(sorted(codes | self._witness_codes(key)))

    @property
    def _witnesses(self) -> set[tuple[int, ...]]:
        return _witness_set(type(self).__name__, self.witness_key, tuple(sorted(self.sizes.items())), self.limits)

    @property
    def witness_key(self) -> Program:
        """The program `lower` depends on (its witnesses are kept under it)."""
        return self.program

    def _witness_codes(self, partial: tuple[int, ...]) -> set[int]:
        k = len(partial)
        return {w[k] for w in self._witnesses if len(w) > k and w[:k] == partial}

    def _record(self, codes: tuple[int, ...]) -> None:
        """A complete mapping that compiles: a witness, and each of its prefixes is feasible."""
        self._witnesses.add(codes)
        for i in range(len(codes) + 1):
            self._feasible[codes[:i]] = True

    def cheap_witnesses(self):
        """Complete mappings the constraints allow, worth compiling before any search: all mapSeq (one work
        item)."""
        seq = (0,) * len(self.sites)
        if self._allowed(seq):
            yield seq

    def witness(self) -> tuple[int, ...] | None:
        """A complete mapping that compiles: one already found, else the first of `cheap_witnesses()` that the
        constraints allow and that compiles (no search); None when none does."""
        if self._witnesses:
            return min(self._witnesses)
        for codes in self.cheap_witnesses():
            if self._compiles(codes):
                self._record(codes)
                return codes
        return None

    def _allowed(self, codes: tuple[int, ...]) -> bool:
        return len(codes) == len(self.sites) and all(c in self.candidates(codes[:i]) for i, c in enumerate(codes))

    def feasible(self, partial: Sequence[int] = ()) -> bool:
        """Whether some completion of `partial` lowers and compiles (depth-first, memoised, first success,
        at most SEARCH_BUDGET compilations per question: past it the answer is a conservative False)."""
        key = tuple(partial)
        hit = self._feasible.get(key)
        if hit is None and key in {w[:len(key)] for w in self._witnesses}:
            hit = self._feasible[key] = True
        if hit is None:
            budget = [SEARCH_BUDGET]
            hit = self._search(key, budget)
            if budget[0] <= 0 and not hit:
                self.exhausted += 1
        return hit

    def _search(self, key: tuple[int, ...], budget: list[int]) -> bool:
        hit = self._feasible.get(key)
        if hit is not None:
            return hit
        if len(key) == len(self.sites):
            if budget[0] <= 0:
                return False  # not memoised: another question may afford it
            budget[0] -= 1
            hit = self._compiles(key)
            if hit:
                self._record(key)
        else:
            hit = False
            for c in self.candidates(key):
                if self._search((*key, c), budget):
                    hit = True
                    break
                if budget[0] <= 0:
                    return False
        self._feasible[key] = hit
        return hit

    def _compiles(self, codes: tuple[int, ...]) -> bool:
        try:
            program = self._to_compile(codes)
        except CompilerError:  # the mapping's lowering does not derive: no kernel, so no completion
            return False
        return _fits(program, tuple(sorted(self.sizes.items())), self.limits)

    def _check_length(self, codes: Sequence[int]) -> None:
        if len(codes) != len(self.sites):
            raise ConstraintError(f"{self.program.name}: {len(codes)} mapping codes for {len(self.sites)} maps")


def _typechecked(p: Program) -> Program:
    typecheck(p)  # raises TypeCheckError
    return p


def _complete_memory(p: Program) -> Program:
    """Memory and reductions completed, the mapping kept (`default.complete_memory`, memoised)."""
    out = complete_memory(p).program
    return Program(kernel_name(p.name), out.params, out.body)


_MAPPED = frozenset({Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL, Op.MAP_SEQ, Op.MAP_SEQ_UNROLL})


def _head(n) -> tuple:
    """What a node holds besides its children (compared with them for structural equality)."""
    if isinstance(n, Prim):
        return (n.op, n.static)
    if isinstance(n, Program):
        return (n.name,)
    return tuple(f for f in n._fields() if not isinstance(f, Node | tuple)) if isinstance(n, RewritePoint) else ()


def _relabelled(mapped: Program, seq: Program, seq_done: Program) -> Program | None:
    """The memory completion of `mapped` from `seq_done`, the completion of `seq` (the same program with every
    mapped map mapSeq): the default lowering's memory choices do not depend on which parallel map a mapped map
    is, so the completion of a mapping is the completion of all-mapSeq with the maps relabelled as `mapped` says
    (each map found by its lambda's parameter, unique in the lowering form). None where `mapped` differs from
    `seq` by more than map labels (code 1 fuses a map into its parent)."""
    labels: dict[str, Prim] = {}

    def same(a, b) -> bool:
        if a is b:
            return True
        if type(a) is not type(b):
            return False
        if isinstance(a, Prim) and a.op in _MAPPED and b.op in _MAPPED and (a.op, a.static) != (b.op, b.static):
            lam = a.funs[0]
            if not (isinstance(lam, Lambda) and len(lam.params) == 1) or lam.params[0].name in labels:
                return False
            labels[lam.params[0].name] = a
            return same(a.funs[0], b.funs[0])
        ka, kb = a.children(), b.children()
        if not ka and not kb:
            return a == b
        return len(ka) == len(kb) and _head(a) == _head(b) and all(same(x, y) for x, y in zip(ka, kb, strict=True))

    if not same(mapped, seq):
        return None
    found = set()

    def go(n):
        if isinstance(n, Prim) and n.op in _MAPPED and n.funs and isinstance(n.funs[0], Lambda) \
                and len(n.funs[0].params) == 1 and n.funs[0].params[0].name in labels:
            name = n.funs[0].params[0].name
            found.add(name)
            return Prim(labels[name].op, labels[name].static, tuple(go(f) for f in n.funs))
        kids = n.children()
        new = [go(c) for c in kids]
        return n if all(a is b for a, b in zip(new, kids, strict=True)) else with_children(n, new)

    out = go(seq_done)
    return out if found == set(labels) else None


class CspMapping(MappingProblem):
    """The Ch5 parallel-mapping CSP of compiler.constraints.mapping: one site per concrete map (pre-order), codes
    0, 1, 10-12, 20-22, 30-32 as its solver allows them; `lower` applies the mapping and completes memory."""

    source = "compiler.constraints.mapping (Ch5 CSP) + compile check"

    def __init__(self, program: Program, sizes: Mapping[str, int], limits: DeviceLimits | None = None):
        super().__init__(sizes, limits)
        p = _lowering_form(program)
        # (5.10) is a search heuristic, not a validity rule; without it the all-mapSeq completion stays in the
        # space, which keeps the compile check's search short
        self._space = csp_mapping.mapping_space(p, fusion_heuristic=False)
        self.program = self._space.program
        self.sites = tuple(MapDecision(node_index(self.program, site.path), site.path,
                                   arith.evaluate(site.in_type.n, self.sizes))  # type: ignore[union-attr]
                           for site in self._space.sites)
        self._names = self._space.names
        self._seq: tuple[Program, Program] | None = None

    def candidates(self, partial: Sequence[int]) -> tuple[int, ...]:
        k = len(partial)
        if k >= len(self.sites):
            return ()
        given = dict(zip(self._names, partial, strict=False))
        return tuple(sorted(self._space.valid_values(self._names[k], given)))

    def cheap_witnesses(self):
        """All mapSeq, then the default lowering's shape (the outer maps mapGlb)."""
        yield from super().cheap_witnesses()
        try:
            shape = outer_mapping(self._space, self.sizes)
        except (CompilerError, KeyError, ValueError):
            shape = None
        if shape is not None:  # checked by the constraints
            yield tuple(shape[n] for n in self._names)

    def lower(self, codes: Sequence[int]) -> Program:
        return _typechecked(self._to_compile(codes))

    def _to_compile(self, codes: Sequence[int]) -> Program:
        self._check_length(codes)
        mapped = self._space.apply(dict(zip(self._names, codes, strict=True)))
        if self._seq is None:  # the all-mapSeq mapping and its completion, which the others relabel
            seq = self._space.apply(dict.fromkeys(self._names, 0), check=False)
            self._seq = (seq, _complete_memory(seq))
        out = _relabelled(mapped, *self._seq)
        return _complete_memory(mapped) if out is None else out


class ReductionMapping(MappingProblem):
    """A program whose result is a scalar reduction (maps over its one-element result included: an epilogue such as
    the square root of a sum of squares): one site, the default parallel reduction (30) or one work item (0)."""

    source = "scalar reduction: default parallel reduction or one work item + compile check"

    def __init__(self, program: Program, sizes: Mapping[str, int], limits: DeviceLimits | None = None):
        super().__init__(sizes, limits)
        self._high = program
        p = unique_binders(fuse_program(_lowering_form(program)))
        self.program = p
        self._typing = typecheck(p)
        found = lowering_default.scalar_reduce(p)
        assert found is not None, "a reduction mapping needs a scalar reduction"
        _, path, _ = found  # the reduce, under the maps of an epilogue over its one-element result
        n = self._typing.of[(*path, 2)].n  # type: ignore[union-attr]
        self.sites = (MapDecision(node_index(p, path), path, arith.evaluate(n, self.sizes)),)

    def candidates(self, partial: Sequence[int]) -> tuple[int, ...]:
        return (0, 30) if not partial else ()

    @property
    def witness_key(self) -> Program:
        return self._high  # code 30 lowers the high-level program

    def cheap_witnesses(self):
        yield (0,)
        yield (30,)

    def lower(self, codes: Sequence[int]) -> Program:
        return _typechecked(self._to_compile(codes))

    def _to_compile(self, codes: Sequence[int]) -> Program:
        self._check_length(codes)
        if codes[0] == 30:
            return default_lowering(self._high, self.sizes)
        return _complete_memory(self.program)  # one work item: every map mapSeq


# OpenCL C built-in functions that are also program names in the suite: a kernel named after the program cannot
# take their name (PoCL renames it, and the build then reports INVALID_KERNEL_NAME)
_OPENCL_BUILTINS = frozenset({"dot", "cross", "distance", "length", "normalize", "clamp", "mix", "step", "min", "max",
                              "abs", "sqrt", "exp", "log", "pow", "sin", "cos", "fma", "mad", "select", "any", "all"})


def kernel_name(name: str) -> str:
    """The program name the lowered program carries (the code generator names single kernels after it)."""
    return f"{name}_kernel" if name in _OPENCL_BUILTINS else name


@functools.lru_cache(maxsize=16384)
def _witness_set(kind: str, program: Program, sizes_key: tuple,
                 limits: DeviceLimits | None = None) -> set[tuple[int, ...]]:
    """The complete mappings of a mapping problem found to compile (filled by `MappingProblem._record`)."""
    return set()


@functools.lru_cache(maxsize=256)
def _mapping_problem(program: Program, sizes_key: tuple, limits: DeviceLimits | None = None) -> MappingProblem:
    sizes = dict(sizes_key)
    if lowering_default.scalar_reduce(_lowering_form(program)) is not None:
        return ReductionMapping(program, sizes, limits)
    return CspMapping(program, sizes, limits)


def mapping_problem(program: Program, sizes: Mapping[str, int], limits: DeviceLimits | None = None) -> MappingProblem:
    """The mapping decisions of a high-level program; with device `limits`, a mapping is offered only when its
    kernels' work groups fit them (a mapLcl's iteration count is its work group's size: the code generator's
    NDRange)."""
    return _mapping_problem(program, tuple(sorted(sizes.items())), limits)


# --- tuning ----------------------------------------------------------------------------------------------------
class LocalSizeProblem:
    """The work-group sizes of a lowered program's mapGlb dimensions as a space of the constraint
    solver (`compiler.constraints.Space`): `ls<d>` over the divisors of the global size in d within the device's
    item size, their product within the work-group size. `valid_values(name, partial)` is the solver's exact
    answer: every value extends to a complete valid assignment."""

    def __init__(self, lowered: Program, sizes: Mapping[str, int], limits: DeviceLimits):
        self.program, self.sizes, self.limits = lowered, dict(sizes), limits
        self.kernels = sum(1 for _, n in walk(lowered) if isinstance(n, Prim) and n.op is Op.OCL_KERNEL)
        self.global_sizes = _glb_extents(lowered, self.sizes)
        dims = sorted(self.global_sizes) if self.kernels == 0 else []
        self.params: tuple[TuningParam, ...] = tuple(
            TuningParam(f"ls{d}", f"work-group size in dimension {d}", "local_size") for d in dims)
        items = (*limits.max_work_item_sizes, 1, 1, 1)
        domains = {f"ls{d}": [v for v in _divisors(self.global_sizes[d]) if v <= min(items[d],
                                                                                      limits.max_work_group_size)]
                   for d in dims}
        cons = []
        if len(dims) > 1:
            prod = sympy.Mul(*(param(f"ls{d}") for d in dims))
            cons.append(Constraint.of(prod <= limits.max_work_group_size,
                                      f"work-group size {prod} <= {limits.max_work_group_size}"))
        self.space = Space(domains, cons)

    def valid_values(self, name: str, partial: Mapping[str, int]) -> list[int]:
        return list(self.space.valid_values(name, {k: v for k, v in partial.items() if k != name}))

    def local_size(self, assignment: Mapping[str, int]) -> tuple[int, ...] | None:
        if not self.params:
            return None
        ndim = max(self.global_sizes) + 1
        return tuple(int(assignment.get(f"ls{d}", 1)) for d in range(ndim))

    def compile(self, assignment: Mapping[str, int]) -> KernelProgram:
        return compile_program(self.program, self.sizes, self.local_size(assignment))


def _glb_extents(p: Program, sizes: Mapping[str, int]) -> dict[int, int]:
    typing = typecheck(p)
    out: dict[int, int] = {}
    for path, n in walk(p):
        if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.MAP_GLB:
            d = int(n.f.static[0])
            length = arith.evaluate(typing.of[(*path, 1)].n, sizes)  # type: ignore[union-attr]
            out[d] = max(out.get(d, 1), length)
    return out


@functools.lru_cache(maxsize=4096)
def _divisors(n: int) -> tuple[int, ...]:
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return tuple(sorted(set(small) | {n // d for d in small}))


@functools.lru_cache(maxsize=256)
def _local_size_problem(lowered: Program, sizes_key: tuple, limits: DeviceLimits) -> LocalSizeProblem:
    return LocalSizeProblem(lowered, dict(sizes_key), limits)


def local_size_problem(lowered: Program, sizes: Mapping[str, int], limits: DeviceLimits) -> LocalSizeProblem:
    return _local_size_problem(lowered, tuple(sorted(sizes.items())), limits)


# --- code generation -----------------------------------------------------------------------------------------
def compile_program(program: Program, sizes: Mapping[str, int],
                    local_size: tuple[int, ...] | None = None) -> KernelProgram:
    """The OpenCL kernels of a lowered program (compiler.codegen.pipeline.compile_program), without the pass
    timings in `meta` (a pure function's result must not depend on the clock). Memoised (the result is frozen):
    an episode's final kernel, the mapping search's completions and the default lowering are often compiled
    again by later episodes."""
    return _compile(program, tuple(sorted(sizes.items())), None if local_size is None else tuple(local_size))


@functools.lru_cache(maxsize=1024)
def _compile(program: Program, sizes_key: tuple, local_size: tuple[int, ...] | None) -> KernelProgram:
    kp = codegen_compile(program, dict(sizes_key), local_size=local_size)
    return replace(kp, meta=tuple((k, v) for k, v in kp.meta if k != "codegen_ms"))


@functools.lru_cache(maxsize=8192)
def _compiles(program: Program, sizes_key: tuple) -> bool:
    """Whether a lowered program compiles (the mapping search's question; answers memoised, failures too)."""
    try:
        _compile(program, sizes_key, None)
    except CompilerError:
        return False
    return True


@functools.lru_cache(maxsize=8192)
def _fits(program: Program, sizes_key: tuple, limits: DeviceLimits | None) -> bool:
    """Whether a lowered program compiles and, given device limits, its kernels' work groups and local buffers fit
    them (`points.launch_error`)."""
    if not _compiles(program, sizes_key):
        return False
    return limits is None or launch_error(_compile(program, sizes_key, None), limits) is None


def clear_caches() -> None:
    """Empty the memoised answers of the rewrite, mapping, work-group-size and compile stages (for timing them
    cold): the rewrites applied, the mapping witnesses found and the programs known to have a mapping too."""
    for cached in (_apply_rewrite, _has_mapping, crops, _lowering_form, _witness_set, _mapping_problem,
                   _local_size_problem, _compile, _compiles, _fits):
        cached.cache_clear()
    lowering_default.clear_caches()
    codegen.clear_caches()


__all__ = [
    "MAP_CODES",
    "MAP_CODE_NAMES",
    "KernelProgram",
    "LocalSizeProblem",
    "MapDecision",
    "MappingProblem",
    "apply_rewrite",
    "canonical_uri",
    "clear_caches",
    "compile_program",
    "env_rules",
    "legal_rewrites",
    "local_size_problem",
    "mapping_problem",
    "node_index",
    "resolve",
    "rules_version",
    "start_program",
]
