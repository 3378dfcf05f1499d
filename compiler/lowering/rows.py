"""Row reductions "tiled": one work group per row of a matrix, the row's reductions as trees in local memory and
the map over the row that uses their results in the same kernel.

A program of the shape (`shape.row_reduction`): a [[float]N]M input X and `map(r => <row>) << X`, where the row's
function reduces the row (reduce(init, f) with f in {add, mult, max_, min_} and its neutral init, over the row or
over a map of it) and maps it, each later reduction or map free to use the earlier results; row max, row sum,
softmax (`exp(x - max) / sum(exp(x - max))`), layer norm (`(x - mean) / sqrt(var + eps)`). For softmax:

    mapWrg(0)(r =>                                                       one work group of L work items per row
      join o mapSeq(top =>                                               top: the row's maximum, in local memory
        join o mapSeq(total =>
          join o mapSeq(chunk => mapLcl(0)(x => toGlobal(div)(toPrivate(shifted_exp)(x, top), total)) << chunk)
          o split(L) << r)                                               work item l writes l, l + L, ...
        o <tree>(add, y => shifted_exp(y, top)) << r)
      o <tree>(max_, y => y) << r)

    <tree>(f, g) = join o toLocal(mapLcl(0)(all => toLocal(mapSeq(id)) o reduceSeq(init, f) << all)) o split(32)
                   o join o toLocal(mapLcl(0)(lane => toLocal(mapSeq(id)) o reduceSeq(init, f) << lane))
                   o transpose o split(32)                                [only for L > 32]
                   o join o toLocal(mapLcl(0)(lane => toLocal(mapSeq(id))
                       o reduceSeq(init, (acc, y) => f(acc, g(y))) << lane))
                   o transpose o split(L)

Work item l of the row's group reduces the elements l, l + L, l + 2L, ... of the row (neighbouring work items read
neighbouring words: coalesced) into one partial result in local memory; after the barrier (L > 32) 32 work items
reduce L/32 partials each, strided, then one work item reduces the last 32 (or the L) partials into one word of
local memory, which every work item reads after the next barrier. The map over the row runs in N/L steps of L
neighbouring elements (coalesced reads and writes).

Derivation (`derive`, every step a rule of the catalogue at a structural site, through
`compiler.lowering.derivation`): partialReduceStride(L) at each reduce over the row (or a map of it); splitMap,
transposeMapMap and mapFusion bring the mapped function into the lanes; reduceMapFusion in each lane;
[partialReduceStride(32) at each group's reduce of L partials for the two-level tree;] singletonMap at each group's
last reduce; mapJoin and mapFusion move a map over that result (`mean = sum / N`) into the work item that computes
it; splitJoin(L) at each map over the row; mapWrg(0) at the map over rows; mapLcl(0) at the lanes, at the groups'
last reduces and at the chunks of the maps over the row; toPrivate at a user function's call whose value another
user function takes (no temporary array for it); toGlobal at the user function computing an element of a chunk
(toGlobalMap at the chunk's map where its element is no user function's call; without a map over the row, at the
last reduce the row function's body leads to: row max, row sum, max - min, with idAfterReduce(toGlobal) there);
toLocalMap at every other mapLcl and idAfterReduce(toLocal) at the reduces they return; the generic default
lowering (`default.finish`) lowers the rest (mapSeq, reduceSeq with private accumulators). A reduce over the row
that partialReduceStride does not take (another operator, or not from its neutral value) is a LoweringError naming
the rule; so is a step that finds no site.

Tuning parameters and constraints (checked by `_check`; split(L) gives Ch4 inference its N % L = 0, and L the
work-group size):
- L: work items per work group (the local size): a power of 2 with N % L = 0, up to the device's 1024; each work
  item reads N/L elements of its row in each reduction and in the map (the elements per item, `row_steps`).
  L > 32 (then L % 32 = 0) gives the two-level tree (a program structure of its own, derived once); the space
  inferred from the program at the default L = 256 therefore asks L % 32 = 0, and L <= 32 (the one-level tree) is
  reached by giving L. Default 256 where it divides N (else the largest power of 2 that does): on an H200 at
  4096 x 4096 softmax and layer norm run at 3.56 and 3.58 TB/s with L = 256 (softmax 2.4 TB/s with L = 128); its OpenCL
  compiler limits these kernels to 256 work items, so L = 512 and 1024 are refused there at launch.
- Local memory: (L + 33) floats per reduction (the partials, 32 partials, the result) <= 48 KiB.
- Work groups: local size (L,), global size (M * L,): one work group per row.
"""

from __future__ import annotations

from .. import arith
from ..ir.node import FunCall, Lambda, Node, Param, Prim, Program, UserFun, at, walk
from ..ir.ops import Op
from ..ir.terms import contains, is_call
from ..rewrite import rules_algorithmic as alg
from ..rewrite import rules_blas1 as blas1
from ..rewrite import rules_mapping as mapping
from ..rewrite import rules_memory as memory
from ..rewrite import rules_reduction as red
from ..rewrite import rules_window as window
from . import derivation as d
from . import shape
from .default import finish
from .lowered import KernelLaunch, Lowering, Strategy, TuningParam
from .util import LoweringError

MAX_WG = 1024  # the device's largest work group (OpenCL CL_DEVICE_MAX_WORK_GROUP_SIZE of the GPUs targeted)
MAX_LOCAL_BYTES = 48 * 1024
WARP = 32  # work items of the tree's middle level (L > WARP)
DEFAULT_WG = 256

PARAMS = (
    TuningParam("L", f"work items per work group, one group per row, each reading every L-th element of the row "
                f"(a power of 2 up to {MAX_WG}, N % L = 0; L > {WARP}: a two-level tree)", "local_size"),
)


# --- the sites of the derivation ---------------------------------------------------------------------------
class _Sites:
    """Structural site predicates over the program the derivation has reached (`now`), for the row parameter of
    the map over rows."""

    def __init__(self, p: Program, row: Param):
        self.now = p
        self.row = row
        self.row_body = (len(p.params), 0, 0, 1)  # map(r => body) << X: the body of the row's function

    def of_row(self, x: Node) -> bool:
        """The row itself or a map over it."""
        return x == self.row or (is_call(x, Op.MAP) and x.args[0] == self.row)

    def row_reduce(self, path, n) -> bool:
        """A reduce over the row (or over a map of it)."""
        return is_call(n, Op.REDUCE) and self.of_row(n.args[1])

    def split_of_mapped_row(self, path, n) -> bool:
        return is_call(n, Op.SPLIT) and is_call(n.args[0], Op.MAP) and n.args[0].args[0] == self.row

    def lanes_over_map(self, path, n) -> bool:
        """map(lane => ...) << map(map(g)) << transpose << ...: the lanes over the mapped row."""
        return is_call(n, Op.MAP) and is_call(n.args[0], Op.MAP) and is_call(n.args[0].args[0], Op.TRANSPOSE)

    def lane_over_map(self, path, n) -> bool:
        """A lane's reduce over map(g) << lane."""
        return (is_call(n, Op.REDUCE) and is_call(n.args[1], Op.MAP) and isinstance(n.args[1].args[0], Param)
                and n.args[1].args[0] != self.row)

    @staticmethod
    def lanes(n: Node) -> bool:
        """A map over strided lanes: map(f) << transpose << ..."""
        return is_call(n, Op.MAP, Op.MAP_LCL) and is_call(n.args[0], Op.TRANSPOSE)

    def group_reduce(self, s):
        """The reduce of a group's partials: reduce << join << map(lane => ...) << transpose << split(s) << ..."""

        def where(path, n) -> bool:
            if not (is_call(n, Op.REDUCE) and is_call(n.args[1], Op.JOIN) and self.lanes(n.args[1].args[0])):
                return False
            sp = n.args[1].args[0].args[0].args[0]
            return is_call(sp, Op.SPLIT) and arith.equal(arith.size(sp.f.static[0]), arith.size(s))

        return where

    @staticmethod
    def final(n: Node) -> bool:
        """A group's last reduce: map(all => reduce << all) << split(n) << ... (mapJoin-fused: a map of it)."""
        if not (is_call(n, Op.MAP, Op.MAP_LCL) and is_call(n.args[0], Op.SPLIT)):
            return False
        b = _body(n)
        return is_call(b, Op.REDUCE) or (is_call(b, Op.MAP) and is_call(b.args[0], Op.REDUCE))

    def map_of_final(self, path, n) -> bool:
        """map(g) << join << map(all => reduce << all) << split(n) << ...: a scalar function g (no map or reduce
        in it) over a group's result."""
        return (is_call(n, Op.MAP) and is_call(n.args[0], Op.JOIN) and self.final(n.args[0].args[0])
                and not any(contains(n.f.funs[0], op) for op in (Op.MAP, Op.REDUCE)))

    def fuse_into_final(self, path, n) -> bool:
        return is_call(n, Op.MAP) and is_call(_body(n), Op.MAP) and self.final(n.args[0])

    def row_map(self, path, n) -> bool:
        """A map over the row (the epilogue)."""
        return is_call(n, Op.MAP) and n.args[0] == self.row

    def chunk(self, path, n) -> bool:
        """map(f) << c in map(c => ...) << split(L) << row: the L elements of one step of a map over the row."""
        if not (is_call(n, Op.MAP, Op.MAP_LCL) and isinstance(n.args[0], Param)) or len(path) < 3:
            return False
        outer = at(self.now, path[:-3])
        return is_call(outer, Op.MAP) and is_call(outer.args[0], Op.SPLIT) and outer.args[0].args[0] == self.row

    def element(self, path, n) -> bool:
        """The user function's call that computes an element of a step of a map over the row."""
        return (isinstance(n, FunCall) and isinstance(n.f, UserFun) and len(path) > 3
                and self.chunk(path[:-3], at(self.now, path[:-3])))

    def local(self, path, n) -> bool:
        return self.lanes(n) or self.final(n) or self.chunk(path, n)

    def output_final(self, path, n) -> bool:
        """The group's last reduce whose result is the row's result: followed from the row function's body
        through joins and into the functions of the maps over earlier results (a map of a scalar function over
        a result is in its last reduce already)."""
        q = self.row_body
        while len(q) <= len(path) and path[:len(q)] == q:
            m = at(self.now, q)
            if self.final(m):
                return q == path
            if is_call(m, Op.JOIN):
                q = (*q, 1)
            elif is_call(m, Op.MAP, Op.MAP_SEQ) and isinstance(m.f.funs[0], Lambda):
                q = (*q, 0, 0, len(m.f.funs[0].params))
            else:
                return False
        return False

    def returned_reduce(self, path, n) -> bool:
        """A reduce whose value the function of a mapLcl returns."""
        parent = at(self.now, path[:-2]) if len(path) >= 2 else None
        return isinstance(parent, Prim) and parent.op is Op.MAP_LCL

    def returned_by_output(self, path, n) -> bool:
        """The reduce a mapLcl writing to global memory returns (the row's result: a group's last reduce)."""
        if not self.returned_reduce(path, n):
            return False
        # toGlobal(mapLcl(f)), or in the driver's normal form toGlobal(y => mapLcl(f) << y)
        wrappers = [at(self.now, path[:-k]) for k in (3, 5) if len(path) >= k]
        return any(isinstance(w, Prim) and w.op is Op.TO_GLOBAL for w in wrappers)

    def nested_call(self, path, n) -> bool:
        """A user function's call that is an argument of another user function's call."""
        parent = at(self.now, path[:-1]) if path else None
        return (isinstance(n, FunCall) and isinstance(n.f, UserFun) and isinstance(parent, FunCall)
                and isinstance(parent.f, UserFun))


def _body(n: Node) -> Node | None:
    if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.funs and isinstance(n.f.funs[0], Lambda):
        return n.f.funs[0].body
    return None


def _all(p: Program, rule, sites: _Sites, where, name: str) -> Program:
    """`rule` at every site satisfying `where`, one at a time, the predicates reading the program so far."""
    for _ in range(d.MAX_REPEATS):
        sites.now = p
        found = d.sites(p, rule, where)
        if not found:
            return p
        first = found[0].path
        p = d.step(p, rule, lambda path, n, first=first: path == first, name=name)
    raise LoweringError(f"{name}: {rule.name} still applies after {d.MAX_REPEATS} steps")


def _once(p: Program, rule, sites: _Sites, where, name: str) -> Program:
    """`rule` at its first site satisfying `where` (a LoweringError naming the rule when there is none)."""
    sites.now = p
    return d.step(p, rule, where, name=name)


_DERIVED: dict[tuple, Program] = {}


def derive(bench, two_level: bool) -> Program:
    """The tiled program of a benchmark, symbolic in L; `two_level`: 32 work items reduce the L partials first."""
    key = (bench.program, two_level)
    if key not in _DERIVED:
        _DERIVED[key] = _derive(bench, two_level)
    return _DERIVED[key]


def _derive(bench, two_level: bool) -> Program:
    name = f"{bench.name}/tiled"
    p = d.start(bench.program)
    top = (len(p.params),)
    if not (is_call(p.body, Op.MAP) and isinstance(p.body.f.funs[0], Lambda)):
        raise LoweringError(f"{name}: the program's body is not a map over the rows of a matrix")
    s = _Sites(p, p.body.f.funs[0].params[0])
    lanes = arith.size("L")
    # each reduction over the row: L strided lanes, the mapped function inside them
    p = _all(p, blas1.partial_reduce_stride(lanes), s, s.row_reduce, name)
    if any(s.row_reduce(path, n) for path, n in walk(p)):
        raise LoweringError(f"{name}: partialReduceStride(L) applies at no site of a reduce over the row (its "
                            f"operator is not add, mult, max_ or min_ from its neutral value)")
    p = _all(p, window.SPLIT_MAP, s, s.split_of_mapped_row, name)
    p = _all(p, window.TRANSPOSE_MAP_MAP, s, None, name)
    p = _all(p, alg.MAP_FUSION, s, s.lanes_over_map, name)
    p = _all(p, alg.REDUCE_MAP_FUSION, s, s.lane_over_map, name)
    last = lanes
    if two_level:
        p = _all(p, blas1.partial_reduce_stride(WARP), s, s.group_reduce(lanes), name)
        last = arith.size(WARP)
    p = _all(p, blas1.SINGLETON_MAP, s, s.group_reduce(last), name)
    # a map over a group's result (mean = sum / N) in the work item that computes it
    p = _all(p, alg.MAP_JOIN, s, s.map_of_final, name)
    p = _all(p, alg.MAP_FUSION, s, s.fuse_into_final, name)
    # each map over the row: N/L steps of L neighbouring elements
    p = _all(p, alg.split_join(lanes), s, s.row_map, name)
    # mapping: a work group per row; work items over lanes, the groups' last reduces and the steps' elements
    p = _once(p, mapping.map_to_wrg(0), s, lambda path, n: path == top, name)
    p = _all(p, mapping.map_to_lcl(0), s, s.local, name)
    # memory: a user function's value another one takes stays private; the results to global memory, every
    # partial to local memory
    p = _all(p, memory.to_space(Op.TO_PRIVATE), s, s.nested_call, name)
    to_local, to_global = memory.to_space_map(Op.TO_LOCAL), memory.to_space_map(Op.TO_GLOBAL)
    s.now = p
    if d.sites(p, memory.to_space(Op.TO_GLOBAL), s.element):
        p = _all(p, memory.to_space(Op.TO_GLOBAL), s, s.element, name)
    elif d.sites(p, to_global, s.chunk):
        p = _all(p, to_global, s, s.chunk, name)
    else:
        p = _once(p, to_global, s, s.output_final, name)
        p = _all(p, red.id_after_reduce("toGlobal"), s, s.returned_by_output, name)
    p = _all(p, to_local, s, lambda path, n: s.lanes(n) or s.final(n), name)
    p = _all(p, red.ID_AFTER_REDUCE_LOCAL, s, s.returned_reduce, name)
    return d.point_free_wrappers(finish(p))


# --- parameters -----------------------------------------------------------------------------------------------
def _choose(s) -> dict[str, int]:
    n = s["N"]
    lanes = s.get("L") or next(w for w in (DEFAULT_WG, 128, 64, 32, 16, 8, 4, 2, 1) if n % w == 0)
    return {"L": lanes}


def _check(s, v, reductions: int) -> list[str]:
    lanes = int(v["L"])
    if lanes < 1:
        return ["L must be a positive integer"]
    bad = []
    if lanes & (lanes - 1) or lanes > MAX_WG:
        bad.append(f"L a power of 2 up to {MAX_WG} (L = {lanes})")
    if s["N"] % lanes:
        bad.append(f"N % L = 0 (N = {s['N']}, L = {lanes})")
    lmem = 4 * reductions * (lanes + WARP + 1)
    if lmem > MAX_LOCAL_BYTES:
        bad.append(f"local memory 4*(L+33) per reduction = {lmem} <= {MAX_LOCAL_BYTES} bytes")
    return bad


STRATEGY = Strategy("row reduction", ("tiled",),
                    "a [[float]N]M input whose rows are each reduced (add, mult, max_, min_ from their neutral "
                    "values) and mapped, the result rows of N or 1 elements (roles M, N)",
                    "Lift's partial reductions in local memory, one work group per row (thesis §2.3.1.3; Steuwer "
                    "et al., ICFP 2015)", __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`tiled` for every program of the row-reduction shape (`shape.row_reduction`: roles M, N)."""
    sh = shape.row_reduction(bench.program, (p.name for p in PARAMS))
    if sh is None:
        return []
    reductions = sum(1 for _, n in walk(bench.program) if isinstance(n, Prim) and n.op is Op.REDUCE)

    def build(s, v):
        r = sh.bind(s)
        lanes = v["L"]
        p = derive(bench, lanes > WARP)
        launch = KernelLaunch((r["M"] * lanes,), (lanes,))
        facts = {"work_group_size": lanes, "row_steps": r["N"] // lanes,
                 "local_floats": reductions * (lanes + (WARP if lanes > WARP else 0) + 1)}
        return p, (launch,), facts

    return [Lowering(bench.name, "tiled", __doc__.split("\n\n")[0], PARAMS, build, lambda s: _choose(sh.bind(s)),
                     lambda s, v: _check(sh.bind(s), v, reductions), {0: "L"})]
