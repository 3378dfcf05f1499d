"""gemv "tiled": a work group per R rows, its L work items reading each row coalesced, partial sums reduced in
local memory.

A: [[float]N]M, x: [float]N, y: [float]M; y' = alpha A x + beta y. One work group computes R rows of y'; work item
l of its L work items sums the products of columns l, l + L, l + 2L, ... of each of the R rows (neighbouring work
items read neighbouring words of a row: coalesced), writes its R partial sums to local memory, and after the
barrier work item r (of the same work group) adds up the L partial sums of row r and writes alpha s + beta y_r:

    join o mapWrg(0)(rows =>                                             rows: [([float]N, float)]R
      let(part =>                                                        part: [L][R] partial sums (local)
        join o toGlobal(mapLcl(0)((sums, yr) =>                          R work items, L sums each
          mapSeq(s => axpby(alpha, s, beta, yr)) o reduceSeq(0, add) << sums
        )) << zip(transpose << part, map(get(1)) << rows)
      ) << map(join) o toLocal(mapLcl(0)(lane =>                        lane: [R][N/L]
             mapSeq(seg => toLocal(mapSeq(id)) o reduceSeq(0, (acc, (a, b)) => multAndSumUp(acc, a, b)) << seg)
             << lane))
        << transpose o map(row => transpose o split(L) << zip(get(0) << row, x)) << rows
    ) << split(R) << zip(A, y)

`transpose o split(L)` is the strided view: element j of lane l is column l + j L of the row.

The program is derived from the benchmark's program (`compiler.suite.get("gemv").program`,
`join o map(t => map(axpby(alpha, _, beta, get(1) t)) o reduce(0, add) o map(mult) << zip(get(0) t, x)) << zip(A, y)`)
by rules (`derivation_plan`, applied through `compiler.lowering.derivation`; the rules the catalogue lacks are
in `compiler.rewrite.rules_reduction`, multAndSumUpFusion in `compiler.rewrite.rules_window`). Its functions are
eta-expanded first (`reduce(0, (a, b) => add(a, b))`, as the default lowering writes them); after the rules the
generic default lowering (`default.finish`) lowers what stays high-level (the views and the per-row maps become mapSeq):

    reorderReduce(L) at a row's reduce(0, add)          the products summed in the stride-L order
    reorderMap, reorderSplit                           reorder(L) before map(mult), as join o transpose o split(L)
    mapJoin, partialReduce(N/L)                        one partial sum per lane (split(N/L) o join cancels)
    mapFusion, reduceMapFusion, multAndSumUpFusion     a lane's sum of products: one reduce of multAndSumUp
    splitJoin(R) at the map over rows, joinJoin,       a map over groups of R rows
      mapFusion
    mapFissionZip at a row's partial sums              the group's partial sums zipped with its y values
    mapFission, mapFissionView                         join, lane sums and strided view as three maps
    transposeBothSides, mapJoinTranspose               lanes outermost; the sums read through transpose
    letBind at the group's partial sums                computed once per group (the `let` of local memory)
    mapWrg(0) at the groups; mapLcl(0) at the lanes and at the rows; toLocalMap at the lanes, toGlobalMap
      at the rows; reduceSeq, idForReduceInit(toPrivate) and idAfterReduce(toLocal) at a lane's reduce;
      reduceSeq and idForReduceInit(toPrivate) at the sum of a row's partial sums

Tuning parameters and constraints (checked by `_check`; split(L) and split(R) give Ch4 inference its N % L = 0
and M % R = 0, the work-group size L and the local memory L R floats):
- L: work items per work group (the local size, dimension 0); a power of 2 up to 1024 with N % L = 0.
- R: rows per work group; M % R = 0; local memory L * R * 4 bytes <= 48 KiB.
- Work group: local size (L,); global size (M/R * L,).
"""

from __future__ import annotations

from .. import arith
from ..ir.node import FunCall, Lambda, Node, Prim, Program, UserFun, walk
from ..ir.ops import Op
from ..ir.terms import is_call
from ..rewrite import rules_algorithmic as alg
from ..rewrite import rules_mapping as mapping
from ..rewrite import rules_memory as memory
from ..rewrite import rules_reduction as red
from ..rewrite import rules_window as window
from ..types import ArrayType
from . import derivation, shape
from .default import finish
from .lowered import KernelLaunch, Lowering, Strategy, TuningParam, largest_divisor
from .util import eta_program

PARAMS = (
    TuningParam("L", "work items per work group, each summing every L-th column of the group's rows "
                "(a power of 2 up to 1024, N % L = 0)"),
    TuningParam("R", "rows of A per work group (M % R = 0; L * R partial sums in local memory)"),
)
MAX_WG = 1024
MAX_LOCAL_BYTES = 48 * 1024


# --- the sites of the derivation ---------------------------------------------------------------------------
def _uses(n: Node, name: str) -> bool:
    """n calls the user function `name`."""
    return any(isinstance(m, UserFun) and m.name == name for _, m in walk(n))


def _body(n: Node) -> Node | None:
    """The body of the one-parameter function of a primitive call `p(y => body) << x`."""
    if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.funs and isinstance(n.f.funs[0], Lambda):
        return n.f.funs[0].body
    return None


def _partial_sums(_, n) -> bool:
    """`join << map(lane => reduce(...) << lane) << ...`: the partial sums of one row, one per lane."""
    return is_call(n, Op.JOIN) and is_call(n.args[0], Op.MAP) and is_call(_body(n.args[0]), Op.REDUCE)


def _of_rows(_, n) -> bool:
    """The map over the rows zipped with y."""
    return is_call(n, Op.MAP) and is_call(n.args[0], Op.ZIP)


def _of_groups(_, n) -> bool:
    """The map over groups of R rows."""
    return is_call(n, Op.MAP) and is_call(n.args[0], Op.SPLIT)


def _row_sums(_, n) -> bool:
    """The map computing each row's partial sums."""
    return is_call(n, Op.MAP) and _partial_sums(None, _body(n))


def _fusable(_, n) -> bool:
    return is_call(n, Op.MAP) and is_call(n.args[0], Op.MAP)


def _lanes(_, n) -> bool:
    """The map over lanes (each lane a map of a reduce over the group's rows)."""
    b = _body(n)
    return is_call(n, Op.MAP, Op.MAP_LCL) and is_call(b, Op.MAP) and is_call(_body(b), Op.REDUCE)


def _group_sums(_, n) -> bool:
    """`map(join) << lanes`: the group's partial sums."""
    return is_call(n, Op.MAP) and is_call(_body(n), Op.JOIN) and _lanes(None, n.args[0])


def _finals(_, n) -> bool:
    """The map over the group's rows adding the partial sums and writing alpha s + beta y."""
    return is_call(n, Op.MAP, Op.MAP_LCL) and is_call(n.args[0], Op.ZIP) and _uses(n.f, "axpby")


def _lane_reduce(_, n) -> bool:
    """A lane's sum of products."""
    return is_call(n, Op.REDUCE, Op.REDUCE_SEQ) and _uses(n.f, "multAndSumUp")


def _row_reduce(_, n) -> bool:
    """The sum of a row's partial sums."""
    return is_call(n, Op.REDUCE, Op.REDUCE_SEQ) and _uses(n.f, "add")


def derivation_plan(row_length, lanes, rows) -> tuple:
    """The derivation as (rule, site) pairs (a site is a predicate over (path, node), None where the rule has
    one site only) for rows of `row_length` elements, `lanes` work items and `rows` rows per work group."""
    to_local_map, to_global_map = memory.to_space_map(Op.TO_LOCAL), memory.to_space_map(Op.TO_GLOBAL)
    return (
        (alg.reorder_reduce(lanes), None),
        (red.REORDER_MAP, None),
        (red.REORDER_SPLIT, None),
        (alg.MAP_JOIN, None),
        (alg.partial_reduce(arith.simplify(row_length / arith.size(lanes))), None),
        (alg.MAP_FUSION, _fusable),
        (alg.REDUCE_MAP_FUSION, None),
        (window.MULT_AND_SUM_UP_FUSION, None),
        (alg.split_join(rows), _of_rows),
        (red.JOIN_JOIN, None),
        (alg.MAP_FUSION, None),
        (red.MAP_FISSION_ZIP, _partial_sums),
        (alg.MAP_FISSION, _row_sums),
        (red.MAP_FISSION_VIEW, None),
        (alg.TRANSPOSE_BOTH_SIDES, _fusable),
        (red.MAP_JOIN_TRANSPOSE, None),
        (red.LET_BIND, _group_sums),
        (mapping.map_to_wrg(0), _of_groups),
        (mapping.map_to_lcl(0), _lanes),
        (mapping.map_to_lcl(0), _finals),
        (to_local_map, _lanes),
        (to_global_map, _finals),
        (mapping.REDUCE_SEQ, _lane_reduce),
        (red.ID_FOR_REDUCE_INIT_PRIVATE, _lane_reduce),
        (red.ID_AFTER_REDUCE_LOCAL, _lane_reduce),
        (mapping.REDUCE_SEQ, _row_reduce),
        (red.ID_FOR_REDUCE_INIT_PRIVATE, _row_reduce),
    )


def build_tiled(bench, lanes="L", rows="R", row_length=None) -> Program:
    """The tiled program derived from the benchmark's program, symbolic in L and R by default (one structure
    for every value); `lanes` and `rows` may be given as numbers; `row_length` (default: the first matrix
    input's) is the length of the rows reduced."""
    name = f"{bench.name}/tiled"
    if row_length is None:
        row_length = next(q.type.elem.n for q in bench.program.params
                          if isinstance(q.type, ArrayType) and isinstance(q.type.elem, ArrayType))
    p = derivation.start(eta_program(bench.program))  # reduce(0, add) as reduce(0, (a, b) => add(a, b))
    for rule, where in derivation_plan(row_length, lanes, rows):
        p = derivation.step(p, rule, where, unique=True, name=name)
    return derivation.point_free_wrappers(finish(p))


def _choose(s) -> dict[str, int]:
    n, m = s["N"], s["M"]
    lanes = s.get("L") or next(w for w in (256, 128, 64, 32, 16, 8, 4, 2, 1) if n % w == 0)
    rows = s.get("R") or largest_divisor(m, 4) or 1
    return {"L": lanes, "R": rows}


def _check(s, v) -> list[str]:
    bad = []

    def need(cond: bool, text: str):
        if not cond:
            bad.append(text)

    if any(int(v[p.name]) < 1 for p in PARAMS):
        return ["every size parameter must be a positive integer"]
    lanes, rows = v["L"], v["R"]
    need(lanes & (lanes - 1) == 0 and lanes <= MAX_WG, f"L a power of 2 up to {MAX_WG} (L = {lanes})")
    need(s["N"] % lanes == 0, f"N % L = 0 (N = {s['N']}, L = {lanes})")
    need(s["M"] % rows == 0, f"M % R = 0 (M = {s['M']}, R = {rows})")
    lmem = 4 * lanes * rows
    need(lmem <= MAX_LOCAL_BYTES, f"local memory 4*L*R = {lmem} <= {MAX_LOCAL_BYTES} bytes")
    return bad


STRATEGY = Strategy('matrix-vector product', ('tiled',),
                    "a [float]M result, each of the M rows of a matrix input reduced once in one map, then the suite's"
                    ' alpha/beta epilogue (roles M, N)',
                    "Lift's partial reductions in local memory (thesis §2.3.1.3; Steuwer et al., ICFP 2015)",
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`tiled` for every program of the matrix-vector shape (`shape.matrix_vector`: roles M, N)."""
    sh = shape.matrix_vector(bench.program, (p.name for p in PARAMS))
    if sh is None:
        return []

    derived: list[Program] = []  # symbolic in L and R: derived once

    def build(s, v):
        r = sh.bind(s)
        if not derived:
            derived.append(build_tiled(bench, row_length=dict(sh.roles)["N"]))
        p = derived[0]
        launch = KernelLaunch((r["M"] // v["R"] * v["L"],), (v["L"],))
        facts = {"work_group_size": v["L"], "local_floats": v["L"] * v["R"], "row_steps": r["N"] // v["L"]}
        return p, (launch,), facts

    return [Lowering(bench.name, "tiled", __doc__.split("\n\n")[0], PARAMS, build, lambda s: _choose(sh.bind(s)),
                     lambda s, v: _check(sh.bind(s), v), {0: "L"})]
