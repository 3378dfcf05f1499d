"""Matrix-vector products "tiled": a work group per R rows, its L work items reading each row coalesced, partial
sums reduced in local memory, the row's epilogue applied by the work item that adds up the row.

A program of the shape (`shape.matrix_vector`): a [[float]N]M matrix A, a [float]N vector x and a [float]M result,
each row's dot product `reduce(0, add) o map(mult) << zip(row, x)` followed by an epilogue of the row's sum s,
in the row's function or in maps after the join: none (y = A x), `max_(0, s + b_i)` (a dense layer with its bias
and ReLU), `gain * s`, the suite's `alpha s + beta y_i`. One work group computes R rows; work item l of its L
work items sums the products of columns l, l + L, l + 2L, ... of each of the R rows (neighbouring work items read
neighbouring words of a row: coalesced), writes its R partial sums to local memory, and after the barrier work
item r (of the same work group) adds up the L partial sums of row r and applies the epilogue. For gemv:

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

`transpose o split(L)` is the strided view: element j of lane l is column l + j L of the row. A plain y = A x
has `mapLcl(0)(sums => toGlobal(mapSeq(id)) o reduceSeq(0, add) << sums) << transpose << part` in place of the
zip with y (the sum copied from private to global memory: no user function of an epilogue writes it).

The program is derived from the program of the benchmark by rules (`derivation_plan`, applied through
`compiler.lowering.derivation`; the rules the catalogue lacks are in `compiler.rewrite.rules_reduction`,
multAndSumUpFusion in `compiler.rewrite.rules_window`), every site chosen by what it is in a matrix-vector
product (the row's reduction, the map over the rows, the map over groups of rows, the epilogue), never by a
name. Its functions are eta-expanded first (`reduce(0, (a, b) => add(a, b))`, as the default lowering writes
them); after the rules the generic default lowering (`default.finish`) lowers what stays high-level (the views,
the per-row maps and the epilogue's maps become mapSeq):

    mapJoin, mapFusion (every) at an epilogue     a map after the join moved into the row's function
      after the join
    reorderReduce(L) at a row's reduce(0, add)    the products summed in the stride-L order
    reorderMap, reorderSplit                      reorder(L) before map(mult), as join o transpose o split(L)
    mapJoin, partialReduce(N/L)                   one partial sum per lane (split(N/L) o join cancels)
    mapFusion, reduceMapFusion, multAndSumUpFusion   a lane's sum of products: one reduce of multAndSumUp
    splitJoin(R) at the map over rows, joinJoin,  a map over groups of R rows
      mapFusion
    mapFissionZip (every) at a row's partial sums  the partial sums zipped with the row's other values the
                                                  epilogue reads (y_i, b_i); none for an epilogue of s alone
    mapFission (every) at the map over rows,      the row's sum and epilogue split off the partial sums, then
      mapFusion (every) at the pieces             fused back into one function per row
    mapFission, mapFissionView                    join, lane sums and strided view as three maps
    transposeBothSides, mapJoinTranspose          lanes outermost; the sums read through transpose
    letBind at the group's partial sums           computed once per group (the `let` of local memory)
    mapWrg(0) at the groups; mapLcl(0) at the lanes and at the rows; toLocalMap at the lanes, toGlobalMap
      at the rows; reduceSeq, idForReduceInit(toPrivate) and idAfterReduce(toLocal) at a lane's reduce;
      reduceSeq and idForReduceInit(toPrivate) at the sum of a row's partial sums
    idAfterReduce(toGlobal) at that sum           only where no epilogue follows it (`copy_out`)

A program of the shape whose rows are not dot products (row sums: no map(mult) to reorder) is a LoweringError
naming the strategy and the step that found no site.

Tuning parameters and constraints (checked by `_check`; split(L) and split(R) give Ch4 inference its N % L = 0
and M % R = 0, the work-group size L and the local memory L R floats):
- L: work items per work group (the local size, dimension 0); a power of 2 up to 1024 with N % L = 0.
- R: rows per work group; M % R = 0; local memory L * R * 4 bytes <= 48 KiB.
- Work group: local size (L,); global size (M/R * L,).
"""

from __future__ import annotations

from .. import arith
from ..ir.node import FunCall, Lambda, Node, Prim, Program, UserFun, walk
from ..ir.ops import REDUCES, Op
from ..ir.terms import is_call
from ..rewrite import rules_algorithmic as alg
from ..rewrite import rules_mapping as mapping
from ..rewrite import rules_memory as memory
from ..rewrite import rules_reduction as red
from ..rewrite import rules_window as window
from ..types import ArrayType
from . import derivation, shape
from .default import finish
from .derivation import Step
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
# Each site is named by what it is in the matrix-vector product, read off the program's structure: the reduction
# of a row (the one reduce of the program, later a lane's sum of products and the sum of a row's partial sums),
# the map over the rows (the map whose function holds a lane's sums in its own chain of calls), the map over
# groups of rows, and the epilogue (whatever a row's function applies to its sum, or a map over the joined
# results: `map(relu)`, `map(s => axpby(alpha, s, beta, get(1) << t))`, `map(s => mult(gain, s))`).
def _uses(n: Node, name: str) -> bool:
    """n calls the user function `name`."""
    return any(isinstance(m, UserFun) and m.name == name for _, m in walk(n))


def _reduces(n: Node) -> bool:
    """n holds a reduction."""
    return any(isinstance(m, Prim) and m.op in REDUCES for _, m in walk(n))


def _body(n: Node) -> Node | None:
    """The body of the one-parameter function of a primitive call `p(y => body) << x`."""
    if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.funs and isinstance(n.f.funs[0], Lambda):
        return n.f.funs[0].body
    return None


def _chain(n: Node | None) -> list[Node]:
    """The calls of the expression n in the order the data meets them, last first: `f << g << x` is [f, g, x]
    (a reduce's data is its array argument; a call of several data arguments, a zip, ends the chain)."""
    out: list[Node] = []
    while n is not None:
        out.append(n)
        if not is_call(n):
            break
        if n.f.op in REDUCES:  # type: ignore[union-attr]
            n = n.args[-1]  # type: ignore[union-attr]
        elif len(n.args) == 1:  # type: ignore[union-attr]
            n = n.args[0]  # type: ignore[union-attr]
        else:
            break
    return out


def _lane_reduce(_, n) -> bool:
    """A lane's sum of products."""
    return is_call(n, Op.REDUCE, Op.REDUCE_SEQ) and _uses(n.f, "multAndSumUp")


def _row_reduce(_, n) -> bool:
    """The sum of a row's partial sums (the reduction that is not a lane's sum of products)."""
    return is_call(n, Op.REDUCE, Op.REDUCE_SEQ) and not _uses(n.f, "multAndSumUp")


def _lane(n) -> bool:
    """`map(seg => reduce(init, multAndSumUp) << seg)`: the sums of products of one row's lanes."""
    return is_call(n, Op.MAP) and _lane_reduce(None, _body(n))


def _partial_sums(_, n) -> bool:
    """`join << map(lane => reduce(...) << lane) << ...`: the partial sums of one row, one per lane."""
    return is_call(n, Op.JOIN) and is_call(n.args[0], Op.MAP) and is_call(_body(n.args[0]), Op.REDUCE)


def _of_rows(_, n) -> bool:
    """The map over the rows: its function's chain of calls holds the sums of the row's lanes."""
    return is_call(n, Op.MAP) and any(_lane(c) for c in _chain(_body(n)))


def _rows_with_epilogue(_, n) -> bool:
    """The map over the rows while its function still adds up the partial sums (and applies an epilogue)."""
    return _of_rows(_, n) and not _partial_sums(None, _body(n))


def _row_sums(_, n) -> bool:
    """The map computing each row's partial sums."""
    return _of_rows(_, n) and _partial_sums(None, _body(n))


def _epilogue_after_join(_, n) -> bool:
    """`map(f) << join << map(g) << x` (f no reduction): an epilogue applied to the joined row results."""
    return (is_call(n, Op.MAP) and not _reduces(n.f) and is_call(n.args[0], Op.JOIN)
            and is_call(n.args[0].args[0], Op.MAP))


def _epilogue_of_rows(_, n) -> bool:
    """`map(map(f)) << map(row => ... reduce ...)`: the epilogue, per row, after the map over the rows."""
    return (is_call(n, Op.MAP) and not _reduces(n.f) and is_call(n.args[0], Op.MAP)
            and _reduces(n.args[0].f))


def _strided_products(_, n) -> bool:
    """`map(mult) << join << transpose << split(L) << ...`: the products of a row in the stride-L order."""
    return is_call(n, Op.MAP) and is_call(n.args[0], Op.JOIN) and is_call(n.args[0].args[0], Op.TRANSPOSE)


def _lane_products(_, n) -> bool:
    """`map(lane => reduce << lane) << map(lane => map(mult) << lane)`: a lane's products and their sum."""
    return is_call(n, Op.MAP) and is_call(_body(n), Op.REDUCE) and is_call(n.args[0], Op.MAP)


def _join_of_groups(_, n) -> bool:
    """`map(join) << map(group => ...) << split(R) << ...`: the rows' results joined group by group."""
    return is_call(n, Op.MAP) and is_call(_body(n), Op.JOIN) and is_call(n.args[0], Op.MAP) and is_call(
        n.args[0].args[0], Op.SPLIT)


def _epilogue_pieces(_, n) -> bool:
    """`map(f) << map(g)` over a group's rows after fission, neither computing partial sums: the sum of a row's
    partial sums and the maps of its epilogue, fused back into one function per row."""
    return (is_call(n, Op.MAP) and is_call(n.args[0], Op.MAP) and not _uses(n.f, "multAndSumUp")
            and not _uses(n.args[0].f, "multAndSumUp") and _reduces(n.args[0].f))


def _of_groups(_, n) -> bool:
    """The map over groups of R rows."""
    return is_call(n, Op.MAP) and is_call(n.args[0], Op.SPLIT) and _uses(n.f, "multAndSumUp")


def _lanes(_, n) -> bool:
    """The map over lanes (each lane a map of a reduce over the group's rows)."""
    b = _body(n)
    return is_call(n, Op.MAP, Op.MAP_LCL) and is_call(b, Op.MAP) and is_call(_body(b), Op.REDUCE)


def _row_lanes(_, n) -> bool:
    """The map over a group's rows of the map over each row's lanes (interchanged: lanes outermost)."""
    return is_call(n, Op.MAP) and _lanes(_, n)


def _group_sums(_, n) -> bool:
    """`map(join) << lanes`: the group's partial sums."""
    return is_call(n, Op.MAP) and is_call(_body(n), Op.JOIN) and _lanes(None, n.args[0])


def _finals(_, n) -> bool:
    """The map over the group's rows adding up each row's partial sums and applying the epilogue."""
    return (is_call(n, Op.MAP, Op.MAP_LCL) and not _uses(n.f, "multAndSumUp")
            and any(_row_reduce(None, m) for _, m in walk(n.f)))


def derivation_plan(row_length, lanes, rows) -> tuple:
    """The derivation as `derivation.Step`s (a site is a predicate over (path, node), None where the rule has
    one site only) for rows of `row_length` elements, `lanes` work items and `rows` rows per work group. The
    steps marked `every` normalise what a program may or may not hold (an epilogue after the join, an epilogue
    reading the row's own values, an epilogue of several maps); the others apply exactly once."""
    to_local_map, to_global_map = memory.to_space_map(Op.TO_LOCAL), memory.to_space_map(Op.TO_GLOBAL)
    once, every = (lambda r, w=None: Step(r, w, unique=True)), (lambda r, w: Step(r, w, every=True))
    return (
        every(alg.MAP_JOIN, _epilogue_after_join),
        every(alg.MAP_FUSION, _epilogue_of_rows),
        once(alg.reorder_reduce(lanes)),
        once(red.REORDER_MAP),
        once(red.REORDER_SPLIT),
        once(alg.MAP_JOIN, _strided_products),
        once(alg.partial_reduce(arith.simplify(row_length / arith.size(lanes)))),
        once(alg.MAP_FUSION, _lane_products),
        once(alg.REDUCE_MAP_FUSION),
        once(window.MULT_AND_SUM_UP_FUSION),
        once(alg.split_join(rows), _of_rows),
        once(red.JOIN_JOIN),
        once(alg.MAP_FUSION, _join_of_groups),
        every(red.MAP_FISSION_ZIP, _partial_sums),
        every(alg.MAP_FISSION, _rows_with_epilogue),
        every(alg.MAP_FUSION, _epilogue_pieces),
        once(alg.MAP_FISSION, _row_sums),
        once(red.MAP_FISSION_VIEW, _of_rows),
        once(alg.TRANSPOSE_BOTH_SIDES, _row_lanes),
        once(red.MAP_JOIN_TRANSPOSE),
        once(red.LET_BIND, _group_sums),
        once(mapping.map_to_wrg(0), _of_groups),
        once(mapping.map_to_lcl(0), _lanes),
        once(mapping.map_to_lcl(0), _finals),
        once(to_local_map, _lanes),
        once(to_global_map, _finals),
        once(mapping.REDUCE_SEQ, _lane_reduce),
        once(red.ID_FOR_REDUCE_INIT_PRIVATE, _lane_reduce),
        once(red.ID_AFTER_REDUCE_LOCAL, _lane_reduce),
        once(mapping.REDUCE_SEQ, _row_reduce),
        once(red.ID_FOR_REDUCE_INIT_PRIVATE, _row_reduce),
    )


def copy_out(program: Program) -> tuple:
    """The last step, where a row's result is its sum itself (no epilogue writes it through a user function):
    the sum, accumulated in private memory, copied to global memory (`toGlobal(mapSeq(id))`)."""
    bare = any(is_call(n, Op.MAP_LCL) and _finals(None, n) and is_call(_body(n), Op.REDUCE_SEQ)
               for _, n in walk(program))
    return (Step(red.id_after_reduce("toGlobal"), _row_reduce, unique=True),) if bare else ()


def build_tiled(bench, lanes="L", rows="R", row_length=None) -> Program:
    """The tiled program derived from the benchmark's program, symbolic in L and R by default (one structure
    for every value); `lanes` and `rows` may be given as numbers; `row_length` (default: the first matrix
    input's) is the length of the rows reduced."""
    name = f"{bench.name}/tiled"
    if row_length is None:
        row_length = next(q.type.elem.n for q in bench.program.params
                          if isinstance(q.type, ArrayType) and isinstance(q.type.elem, ArrayType))
    p = derivation.start(eta_program(bench.program))  # reduce(0, add) as reduce(0, (a, b) => add(a, b))
    p = derivation.steps(p, derivation_plan(row_length, lanes, rows), name=name)
    p = derivation.steps(p, copy_out(p), name=name)
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
                    'a [float]M result of a [[float]N]M matrix input, each row reduced once in one map (a dot'
                    ' product with a vector), then any epilogue of the row sum: none, bias and ReLU, a scale, the'
                    " suite's alpha/beta (roles M, N)",
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
