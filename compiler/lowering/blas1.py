"""scal, asum and dot "tiled": vector loads and many elements per work item, derived from the benchmarks' programs.

Every program here is derived (compiler.lowering.derivation) from the benchmark's high-level program by rules of
the catalogue (compiler.rewrite.rules_algorithmic / rules_mapping / rules_memory) and of
compiler.rewrite.rules_blas1; nothing is assembled by hand.

asum (reduce(0, add) o map(abs) << x) and dot (reduce(0, add) o map(mult) << zip(x, y)), two kernels:

    oclKernel(partials =>                                                one work group of L work items
      join o mapWrg(0)(all => <group>(all)) o split(N/C) << partials)
    o oclKernel(x => join o mapWrg(0)(chunk => <group, vectorised>(chunk)) o split(C) << x)
    <group>(c) = join o toGlobal(mapLcl(0)(all => mapSeq(id) o reduceSeq(0, add) << all)) o split(L)
                 o join o toLocal(mapLcl(0)(lane => mapSeq(id) o reduceSeq(0, add) o asScalar
                     o reduceSeq(<0>V, (acc, v) => vectorise(V, add)(acc, vectorise(V, abs)(v))) << lane))
                 o transpose o split(L) o asVector(V) << c

Work item l of a group sums the vectors l, l + L, l + 2L, ... of its chunk of C elements (neighbouring work items
read neighbouring float<V>s: coalesced) in a private vector accumulator, adds its lanes and writes one partial to
local memory; after the barrier one work item adds the L partials and writes the group's partial result (for
L > 32 with L % 32 = 0, two levels: 32 work items each add L/32 of them, strided, into local memory, then one adds
those 32); a second kernel reduces the N/C partials the same way in one work group (without vectors).
Derivation (`derive_reduction`): partialReduce(C) at the top reduce, splitMap (splitZip for dot), mapFusion,
oclKernel twice (the chunks' kernel, then the rest), mapWrg(0) over the chunks, vectorise(V) (vectoriseZip(V)
for dot), partialReduceStride(L) in the chunk, splitMap, transposeMap, mapFusion (the element function into the
lanes), reduceVectorise and reduceMapFusion (the vector accumulator), [partialReduceStride(32) for two levels,]
singletonMap (the group's final sum);
in the second kernel singletonMap, partialReduceStride(L), singletonMap, [the epilogue,] mapWrg(0); then mapLcl(0) and
reduceSeq wherever they apply, [reduceSeqUnroll on the lanes' loop with U = 1,] toLocalMap on the lanes and
idAfterReduce(toLocal) on their sums, toGlobalMap and idAfterReduce(toGlobal) on the group's sum. V = 1 skips
the vector steps (scalar loads).

Any program of that shape is derived the same way: a plain sum (reduce << x, no map: the chunk's mapWrg(0) comes
after its lanes' partialReduceStride(L); V = 1 only, as where vectoriseZip finds no single user function of the
zipped elements), and a reduction whose one-element result is then mapped (an epilogue, `map(sqrt_) << reduce(...)`:
an L2 norm, a mean's division by the length, a gain read from a scalar input). The epilogue's maps are fused into
one (mapFusion), the second kernel's oclKernel takes it in, and after the second kernel's group sum mapJoin and
mapFusion move it into the function of the mapLcl over the group's one sum, as mapSeq after that sum's reduceSeq:
    join o mapLcl(0)(all => mapSeq(sqrt_) o reduceSeq(0, add) << all) o split(L) o ...
it writes the result (in place of the toGlobal(mapSeq(id)) copy), once, on the work item that holds the sum; the
first kernel is that of the plain reduction.

scal (map(x => mult(alpha, x)) << x):

    join o mapGlb(0)(c =>                                                c: [float]V
      asScalar o toGlobal(mapSeq(vectorise(V, id))) o asVector(V)        one vector store
      o toPrivate(mapSeq(y => mult(alpha, y)))
      o asScalar o toPrivate(mapSeq(vectorise(V, id))) o asVector(V) << c  one vector load
    ) o split(V) << x

Derivation (`derive_scal`): splitJoin(V), mapGlb(0), mapSeq, copyVector(V) on the chunk (the load) and on the
products (the store), toPrivateMap on the load and on the products, toGlobalMap on the store.

Tuning parameters and constraints (checked by `_check`; split(C), split(L), split(V) and asVector(V) give Ch4
inference its divisibility constraints, L the work-group size):
- V: vector width of the loads (1, 2, 4, 8, 16); N % V = 0 (V = 1 loads scalars).
- L (asum, dot): work items per work group, a power of 2 up to 1024; (C / V) % L = 0 and (N / C) % L = 0 (the
  second kernel's group).
- C (asum, dot): elements per work group in the first kernel; N % C = 0. The inferred space holds C up to N/L
  (e.g. 65536 at N = 2^24, L = 256: 256 work groups, about 2 per SM of an H100).
- U (asum, dot; switch): 1 unrolls a work item's loop over its C/(V L) vectors (reduceSeqUnroll, whose guard asks
  C/(V L) <= 32): its loads, independent of the accumulator, can all be in flight together. The check refuses
  U = 1 beyond 32 steps (a space point there builds the loop). Default 0 (no GPU measurement yet favours 1).
- F (asum, dot; switch): 1 runs the second kernel in the last work group of the first to finish, in one kernel
  (compiler.codegen.lastgroup: the groups count themselves in a zero-filled counter after fencing their partial
  sums; the last one adds them and resets the counter); the program is the same, the lowering asks the code
  generator for it (`Lowering.options`). Default 1: at N = 2^24 on an H100 the second launch costs about 5 us of a
  33 us reduction (asum 68.5% -> 80.9% of the copy bandwidth, docs/benchmarks/blas_h100.md).
- The group sum has two levels when L > 32 and L % 32 = 0 (the program built at such defaults has split(32) of
  the L partials, so its inferred space asks L % 32 = 0).
- Work groups: asum/dot: local size (L,), global sizes (N/C * L,) and (L,) (F = 1: the first only); scal: global
  size (N/V,), local size the largest divisor of N/V up to 256.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..ir.node import Node, Prim, Program, at
from ..ir.ops import Op
from ..ir.terms import is_call
from ..rewrite.rules_algorithmic import (
    MAP_FUSION,
    MAP_JOIN,
    REDUCE_MAP_FUSION,
    partial_reduce,
    split_join,
    vectorise_map,
    vectorise_zip,
)
from ..rewrite.rules_blas1 import (
    OCL_KERNEL,
    REDUCE_VECTORISE,
    SINGLETON_MAP,
    SPLIT_ZIP,
    copy_vector,
    partial_reduce_stride,
)
from ..rewrite.rules_mapping import (
    MAP_SEQ,
    REDUCE_SEQ,
    REDUCE_SEQ_UNROLL,
    UNROLL_MAX,
    map_to_glb,
    map_to_lcl,
    map_to_wrg,
)
from ..rewrite.rules_memory import to_space_map
from ..rewrite.rules_reduction import id_after_reduce
from ..rewrite.rules_window import SPLIT_MAP, TRANSPOSE_MAP_MAP
from . import derivation as d
from . import shape
from .default import finish, scalar_reduce
from .lowered import KernelLaunch, Lowering, Strategy, TuningParam, largest_divisor
from .util import LoweringError

VECTOR_WIDTHS = (1, 2, 4, 8, 16)
MAX_WG = 1024
WARP = 32  # work items of the first level of a group's two-level sum (L > WARP, L % WARP = 0)
TARGET_GROUPS = 1024  # work groups of the first reduction kernel (several per SM on a large GPU)
SCAL_WG = 256  # scal's work-group size (the largest divisor of the item count up to this)
LAST_GROUP = "F"  # the switch: the second kernel runs in the first's last work group (one kernel)

PARAMS_SCAL = (TuningParam("V", "vector width of the loads and stores (1, 2, 4, 8, 16; N % V = 0)"),)
PARAMS_RED = (
    TuningParam("V", "vector width of the loads (1, 2, 4, 8, 16; N % V = 0; V = 1 loads scalars)"),
    TuningParam("L", "work items per work group (a power of 2 up to 1024; (C/V) % L = 0, (N/C) % L = 0)",
                "local_size"),
    TuningParam("C", "elements per work group in the first kernel (N % C = 0)", "split"),
    TuningParam("U", f"1: a work item's loop over its C/(V L) vectors is unrolled (reduceSeqUnroll; C/(V L) <= "
                f"{UNROLL_MAX}), its loads independent of the accumulator issued together; 0: a loop", "switch"),
    TuningParam(LAST_GROUP, "1: the second kernel's sum runs in the last work group of the first to finish, in one "
                "kernel (the groups count themselves in a zero-filled counter, compiler.codegen.lastgroup); 0: two "
                "kernels", "switch"),
)

Where = Callable[[tuple[int, ...], Node], bool]


def _extreme(p: Program, rule, where: Where, pick, sizes: dict[str, int] | None = None) -> Where:
    """The site of `rule` satisfying `where` with the shortest (pick=min) or longest (pick=max) path."""
    found = d.sites(p, rule, where, sizes)
    best = pick((s.path for s in found), key=len) if found else None
    return lambda path, n: path == best


def _everywhere(p: Program, rule, name: str) -> Program:
    while d.sites(p, rule):
        p = d.step(p, rule, name=name)
    return p


_DERIVED: dict[tuple, Program] = {}  # (high-level program, structure) -> derived program


def _derived(bench, vector: bool, two_level: bool = False, unroll: bool = False,
             sizes: dict[str, int] | None = None) -> Program:
    """The derived program of a benchmark, once per structure (V = 1 or a vector width; one- or two-level group
    sums; the lanes' loop unrolled or not): every binding of the parameters shares it. `sizes` (values of N, V,
    L, C) serve the unrolling rule's guard (the loop's length known and short)."""
    key = (bench.program, vector, two_level, unroll)
    if key not in _DERIVED:
        _DERIVED[key] = (derive_reduction(bench, vector, two_level, unroll, sizes)
                         if shape.vector_reduction(bench.program) else derive_scal(bench, vector))
    return _DERIVED[key]


def derive_reduction(bench, vector: bool, two_level: bool = False, unroll: bool = False,
                     sizes: dict[str, int] | None = None) -> Program:
    """asum / dot tiled, symbolic in V (when `vector`), L and C; `two_level`: a group's L partials are summed by
    WARP work items first (each L/WARP of them, strided), then by one; `unroll`: a work item's loop over its
    C/(V L) vectors is reduceSeqUnroll (its guard reads the loop's length from `sizes`). A plain sum (no map under
    the reduce) loads scalars; an epilogue (maps over the reduce's result) runs after the second kernel's sum."""
    r = _Reduction(bench, vector, two_level)
    p = r.split(r.start)
    p = r.first_kernel(p)
    p = r.second_kernel(p)
    p = _everywhere(p, map_to_lcl(0), r.name)
    p = _everywhere(p, REDUCE_SEQ, r.name)
    if unroll:  # the lanes' loop over their vectors: the deepest loop of the first kernel
        p = d.step(p, REDUCE_SEQ_UNROLL, _extreme(p, REDUCE_SEQ_UNROLL, r.k1, max, sizes), sizes=sizes, name=r.name)
    return finish(r.memory(p))


class _Reduction:
    """The derivation of one reduction program (`derive_reduction`): its sites and the steps of each kernel."""

    def __init__(self, bench, vector: bool, two_level: bool):
        self.name = name = f"{bench.name}/tiled"
        self.vector, self.two_level = vector, two_level
        p = d.start(bench.program)
        self.top = top = (len(p.params),)  # the reduce, or the epilogue's map over its result
        self.inner = (*top, 1)  # the chunks' kernel among the outer kernel's arguments (found in `split`)
        while (found := scalar_reduce(p)) is not None and found[2] > 1:  # several maps over the scalar: one
            p = d.step(p, MAP_FUSION, lambda path, n: path == top, name=name)
        if found is None:
            raise LoweringError(f"{name}: the program's result is not a reduce or maps over a reduce's result")
        self.start = p
        self.epilogue = found[2] == 1  # the body maps the reduce's one-element result (sqrt of a sum, a mean)
        self.red = (*top, 1) if self.epilogue else top
        self.mapped = is_call(found[0].args[1], Op.MAP)  # the reduce reads a map (asum, dot), not its input (a sum)
        self.dot = shape.reads_zip(bench.program)  # the reduction reads a zip of arrays
        if vector and not self.mapped:
            raise LoweringError(f"{name}: vectorise(V) needs a map under the reduce (a plain sum loads scalars: "
                                f"V = 1)")

    def k1(self, path, n) -> bool:  # inside the first kernel (an argument of the outer kernel call)
        return path[:2] == self.inner

    def k2(self, path, n) -> bool:
        return path[:2] == (*self.top, 0)

    def step(self, p: Program, rule, where=None, unique: bool = False) -> Program:
        return d.step(p, rule, where, unique=unique, name=self.name)

    def split(self, p: Program) -> Program:
        """partialReduce(C), the element function into the chunks, one kernel each for the chunks and the rest."""
        p = self.step(p, partial_reduce("C"), lambda path, n: path == self.red)
        if self.mapped:
            p = self.step(p, SPLIT_MAP, unique=True)
        if self.dot:
            p = self.step(p, SPLIT_ZIP, unique=True)
        p = _everywhere(p, MAP_FUSION, self.name)
        p = self.step(p, OCL_KERNEL, lambda path, n: path == (*self.red, 2))
        p = self.step(p, OCL_KERNEL, lambda path, n: path == self.top)  # (with the epilogue)
        outer = at(p, self.top)  # its arguments: the chunks' kernel and the epilogue's scalars (a gain)
        self.inner = next((*self.top, i + 1) for i, a in enumerate(outer.args) if is_call(a, Op.OCL_KERNEL))
        return p

    def group_sum(self, p: Program, k: Where) -> Program:
        """The sum of a group's L partials: (two_level: partialReduceStride(WARP)) and singletonMap."""
        if self.two_level:
            p = self.step(p, partial_reduce_stride(WARP), _extreme(p, partial_reduce_stride(WARP), k, min))
        return self.step(p, SINGLETON_MAP, _extreme(p, SINGLETON_MAP, k, min))

    def first_kernel(self, p: Program) -> Program:
        """mapWrg(0) over the chunks, vector loads, L strided lanes with the element function, the group's sum."""
        k1 = self.k1
        if self.mapped:  # (mapWrg wants a nested map: a plain sum's chunk gets its lanes' map first)
            p = self.step(p, map_to_wrg(0), k1, unique=True)
        if self.vector:
            p = self.step(p, vectorise_zip("V") if self.dot else vectorise_map("V"), k1, unique=True)
        p = self.step(p, partial_reduce_stride("L"), k1, unique=True)
        if not self.mapped:
            p = self.step(p, map_to_wrg(0), _extreme(p, map_to_wrg(0), k1, min))
        if self.mapped:  # the element function into the lanes
            p = self.step(p, SPLIT_MAP, unique=True)
            p = self.step(p, TRANSPOSE_MAP_MAP, unique=True)
            p = self.step(p, MAP_FUSION, unique=True)
        if self.vector:
            p = self.step(p, REDUCE_VECTORISE, _extreme(p, REDUCE_VECTORISE, k1, max))
        if self.mapped:
            p = self.step(p, REDUCE_MAP_FUSION, unique=True)
        return self.group_sum(p, k1)

    def second_kernel(self, p: Program) -> Program:
        """One work group: L strided lanes, the group's sum, then the epilogue on that sum (mapJoin and mapFusion
        move it into the function of the map over the group's one sum, after its reduce; it runs as mapSeq)."""
        k2 = self.k2
        p = self.step(p, SINGLETON_MAP, k2, unique=True)
        p = self.step(p, partial_reduce_stride("L"), k2, unique=True)
        p = self.group_sum(p, k2)
        if self.epilogue:
            while d.sites(p, MAP_JOIN, k2):
                p = self.step(p, MAP_JOIN, k2, unique=True)
                p = self.step(p, MAP_FUSION, k2, unique=True)
            p = self.step(p, MAP_SEQ, lambda path, n: k2(path, n) and _is_reduce(n.args[0]), unique=True)
        return self.step(p, map_to_wrg(0), _extreme(p, map_to_wrg(0), k2, min))  # (not the group's sum's map)

    def memory(self, p: Program) -> Program:
        """The group's sum to global memory, every other partial to local memory (the epilogue's mapSeq writes
        the second kernel's sum, in the kernel's global caster)."""
        to_local, to_global = to_space_map(Op.TO_LOCAL), to_space_map(Op.TO_GLOBAL)
        copy_local, copy_global = id_after_reduce("toLocal"), id_after_reduce("toGlobal")

        def results(p: Program, k: Where) -> Where:  # reductions whose value a mapLcl's function returns
            return lambda path, n: k(path, n) and _is_map(at(p, path[:-2]), Op.MAP_LCL)

        for k in (self.k1, self.k2):
            p = self.step(p, to_global, _extreme(p, to_global, k, min))
            if k == self.k1 or not self.epilogue:
                p = self.step(p, copy_global, _extreme(p, copy_global, results(p, k), min))
            while d.sites(p, to_local, k):
                p = self.step(p, to_local, k)
            while d.sites(p, copy_local, results(p, k)):
                p = self.step(p, copy_local, results(p, k))
        return p


def _is_map(n: Node, op: Op) -> bool:
    return isinstance(n, Prim) and n.op is op


def _is_reduce(n: Node) -> bool:
    return is_call(n, Op.REDUCE) or is_call(n, Op.REDUCE_SEQ)




def derive_scal(bench, vector: bool) -> Program:
    """scal tiled, symbolic in V (`vector`), or one element per work item (V = 1)."""
    name = f"{bench.name}/tiled"
    p = d.start(bench.program)
    if not vector:
        p = d.step(p, map_to_glb(0), unique=True, name=name)
        return finish(p)
    p = d.step(p, split_join("V"), unique=True, name=name)
    p = d.step(p, map_to_glb(0), 0, name=name)  # the outer map (pre-order)
    p = d.step(p, MAP_SEQ, unique=True, name=name)
    cv = copy_vector("V")
    # the load: the chunk a work item's mapSeq consumes
    p = d.step(p, cv, lambda path, n: is_call(at(p, path[:-1]), Op.MAP_SEQ) and len(path) > 1, unique=True,
               name=name)
    p = _everywhere(p, to_space_map(Op.TO_PRIVATE), name)  # the loaded vectors and the products
    # the store: the products (the private map consuming the loaded vectors)
    p = d.step(p, cv, lambda path, n: is_call(n, Op.TO_PRIVATE) and is_call(n.args[0], Op.AS_SCALAR), unique=True,
               name=name)
    p = d.step(p, to_space_map(Op.TO_GLOBAL), unique=True, name=name)
    return finish(p)


def _largest_pow2_divisor(n: int, cap: int) -> int:
    v = 1
    while v * 2 <= cap and n % (v * 2) == 0:
        v *= 2
    return v


def reads_map(program: Program) -> bool:
    """Whether the scalar reduction of `program` reads a map (asum's abs, dot's products): the map vectorise(V)
    rewrites; a plain sum (a mean's) reads its input and loads scalars."""
    found = scalar_reduce(d.start(program))
    return found is not None and is_call(found[0].args[1], Op.MAP)


def _choose_red(s) -> dict[str, int]:
    """V: 4 where it divides N; L: 256 where it fits; C: N/C work groups closest to TARGET_GROUPS; U: 0 (a loop),
    unless asked; U = 1 keeps C/(V L) <= UNROLL_MAX; F: 1 (one kernel: the second kernel's launch costs about as
    much as the first kernel's work at N = 2^24 on an H100, docs/benchmarks/blas_h100.md)."""
    n = s["N"]
    unroll = int(s.get("U") or 0)
    v = s.get("V") or (4 if n % 4 == 0 else 2 if n % 2 == 0 else 1)
    lanes = s.get("L")
    chunk = s.get("C")
    if lanes is None:
        lanes = next(w for w in (256, 128, 64, 32, 16, 8, 4, 2, 1)
                     if n % (w * w * v) == 0 and (chunk is None or ((chunk // v) % w == 0 and (n // chunk) % w == 0)))
    if chunk is None:  # C = L V k with N / C a multiple of L, N / C closest to TARGET_GROUPS
        base = lanes * v
        cands = [c for c in range(base, n + 1, base) if n % c == 0 and (n // c) % lanes == 0
                 and (not unroll or c // base <= UNROLL_MAX)]
        chunk = min(cands, key=lambda c: (abs(n // c - TARGET_GROUPS), c)) if cands else n
    return {"V": v, "L": lanes, "C": chunk, "U": unroll, "F": 1 if s.get("F") is None else int(s["F"])}


def _check_red(s, v) -> list[str]:
    bad = []
    if any(int(v[p.name]) < 1 for p in PARAMS_RED if p.kind != "switch"):
        return ["every size parameter must be a positive integer"]
    n, vw, lanes, chunk = s["N"], v["V"], v["L"], v["C"]
    if vw not in VECTOR_WIDTHS:
        bad.append(f"V in {VECTOR_WIDTHS} (V = {vw})")
    if lanes & (lanes - 1) or lanes > MAX_WG:
        bad.append(f"L a power of 2 up to {MAX_WG} (L = {lanes})")
    if n % chunk:
        bad.append(f"N % C = 0 (N = {n}, C = {chunk})")
    elif (n // chunk) % lanes:
        bad.append(f"(N/C) % L = 0 (N/C = {n // chunk}, L = {lanes})")
    if chunk % vw or (chunk // vw) % lanes:
        bad.append(f"(C/V) % L = 0 and C % V = 0 (C = {chunk}, V = {vw}, L = {lanes})")
    elif v["U"] not in (0, 1):
        bad.append(f"U is a switch: 0 or 1 (U = {v['U']})")
    elif v.get("F", 0) not in (0, 1):
        bad.append(f"F is a switch: 0 or 1 (F = {v['F']})")
    elif v["U"] and chunk // (vw * lanes) > UNROLL_MAX:
        bad.append(f"U = 1 needs C/(V L) <= {UNROLL_MAX} (C/(V L) = {chunk // (vw * lanes)})")
    return bad


def _choose_scal(s) -> dict[str, int]:
    return {"V": s.get("V") or _largest_pow2_divisor(s["N"], 4)}


def _check_scal(s, v) -> list[str]:
    vw = int(v["V"])
    if vw not in VECTOR_WIDTHS:
        return [f"V in {VECTOR_WIDTHS} (V = {vw})"]
    if s["N"] % vw:
        return [f"N % V = 0 (N = {s['N']}, V = {vw})"]
    return []


STRATEGY = Strategy('vector map or reduction', ('tiled',),
                    'an elementwise map (one map, no reduction; role N) or one reduction of N elements to a scalar, '
                    'possibly mapped after it (an epilogue: sqrt of a sum of squares, a mean)',
                    "Lift's vectorisation and two-level parallel reductions (Steuwer et al., ICFP 2015; thesis "
                    '§2.3.1.3)',
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`tiled` for every program of an elementwise map (`shape.elementwise`) or of a vector reduction
    (`shape.vector_reduction`); role N."""
    names = [p.name for p in PARAMS_RED]
    doc = "vector loads, many elements per work item, derived by rules (compiler.lowering.blas1)"
    sh = shape.elementwise(bench.program, names)
    if sh is not None:
        def build_scal(s, v):
            p = _derived(bench, v["V"] > 1)
            items = sh.bind(s)["N"] // v["V"]
            launch = KernelLaunch((items,), (largest_divisor(items, SCAL_WG),))
            return p, (launch,), {"vector_width": v["V"]}

        return [Lowering(bench.name, "tiled", doc, PARAMS_SCAL, build_scal, lambda s: _choose_scal(sh.bind(s)),
                         lambda s, v: _check_scal(sh.bind(s), v))]
    sh = shape.vector_reduction(bench.program, names)
    if sh is None:
        return []

    @functools.cache
    def vector_loads() -> bool:
        """Whether vectorise(V) applies: a plain sum reads no map, and vectoriseZip takes one user function of
        the zipped elements (dot's mult), not a composition (a distance's square(sub(a, b))): then V = 1."""
        if not reads_map(bench.program):
            return False
        try:
            _derived(bench, True)
        except LoweringError:
            return False
        return True

    def choose(s):
        return _choose_red({**sh.bind(s), **({} if vector_loads() else {"V": 1})})

    def check(s, v):
        bad = _check_red(sh.bind(s), v)
        if v["V"] != 1 and not vector_loads():
            bad.append(f"V = 1: the reduction reads no map that vectorise(V) rewrites (V = {v['V']})")
        return bad

    def build(s, v):
        r = sh.bind(s)
        steps = v["C"] // (v["V"] * v["L"])
        unroll = bool(v["U"]) and steps <= UNROLL_MAX  # (a longer loop, refused by the check, stays a loop)
        p = _derived(bench, v["V"] > 1, v["L"] > WARP and v["L"] % WARP == 0, unroll, r | v)
        groups = r["N"] // v["C"]
        launches = (KernelLaunch((groups * v["L"],), (v["L"],)), KernelLaunch((v["L"],), (v["L"],)))
        facts = {"work_group_size": v["L"], "local_floats": v["L"], "lane_steps": steps,
                 "work_groups": groups}
        return p, launches, facts

    return [Lowering(bench.name, "tiled", doc, PARAMS_RED, build, choose, check, {0: "L"},
                     lambda v: {"last_group": bool(v.get(LAST_GROUP, 0))})]
