"""mm "tiled": local-memory tiling, register blocking and vectorised loads (Lift's tiled matrix multiplication).

The program is derived from the benchmark's program (`compiler.suite.get("mm").program`) by rewrite rules through
the one driver (`derivation.step`; rules of compiler/rewrite/rules_tiling.py unless named otherwise), in order:
  1. reduceMapFusion, multAndSumUpFusion: the dot product as `reduce(0, multAndSumUp) << zip(aRow, bCol)`;
  2. splitJoin(TM), tileColumns(TN), mapWrg(1), mapWrg(0): tiles of C, TM rows by TN columns (tileMapMap); a B
     given by rows (transposed in the data, no transpose in the program) is tiled by tileRows(TN) instead
     (compiler/rewrite/rules_mm_layout.py), and a batch of products is derived inside the batch's map, which
     becomes mapWrg(2) (launch (N/RN, M/RM, Batch), work groups (TN/RN, TM/RM, 1));
  3. tileReduce(TK): the K reduction as a reduce over pairs of TK-tiles, one accumulator per element of C;
  4. registerBlocking(RM, RN[, 4 with CB = 1][, 1 or 4, then 4 with AT = 1]): the accumulator in strided RM x RN
     blocks, a block's k steps an outer product, the result placed by write views; KU = 1: reduceSplitZip(4) (the
     steps in chunks of 4);
  5. reduceSeq (and reduceSeqUnroll with KU = 1), mapSeq + mapSeqUnroll on the RN and RM loops of the outer
     product (kept as loops above UNROLL_MAX), mapLclInLoop(0), mapLclInLoop(1): the mapping;
  6. copyInto: the result out through toGlobal, the accumulators' initial values into private memory;
  7. prefetch(private / privateVector(4)): a step's RN values of B and RM values of A (KU = 1: a chunk's A
     values as float4s; AT = 1: a step's A values as RM/4 float4s) let-bound in private memory;
  8. prefetch(localTile(VW, TN/RN, flat[, transposed with AT = 1])): the B tile, then the A tile, let-bound in
     local memory (transposed: written through transposeW, each float<VW> read from A stored lane by lane, and
     read back through transpose); the tile of an operand stored transposed (Bt, At) by
     localTileOfTranspose(VW, TN/RN, flat, ...) instead: copied along its rows in memory (`transpose << tile`,
     float<VW> loads; with A stored transposed TM % VW = 0) and held as the tile or, with AT = 1, as its transpose;
then the address-space wrappers are written point-free and `finish` lowers the layout-only maps. The result:

A: [[float]K]M, B: [[float]N]K, C = A B: [[float]N]M. One work group computes a TM x TN tile of C; each of its
(TN/RN) x (TM/RM) work items computes an RM x RN block of that tile in private registers, strided: work item
(i, j) owns rows r*(TM/RM) + i and columns c*(TN/RN) + j, so neighbouring work items read neighbouring words of
the local B tile and write neighbouring words of C.

    join o mapWrg(1)(aRows =>                                            aRows: [[float]K]TM
      map(join) o transposeW o mapWrg(0)(bCols =>                        bCols: [[float]TN]K
        map(join) o join o transposeWND(2, 0, 3, 1)                      [TM/RM][TN/RN][RM][RN] -> [TM][TN]
        o toGlobal(mapLcl(1)(mapLcl(0)(mapSeqUnroll(mapSeqUnroll(id)))))
        o join o reduceSeq(                                              over the K/TK pairs of tiles
            init = toPrivate(mapLcl(1)(mapLcl(0)(mapSeqUnroll(mapSeqUnroll(id))))) << value(0, acc type),
            f = (acc, (aTile, bTile)) =>                                 aTile [TM][TK], bTile [TK][TN]
              let(aL => let(bL =>                                        the tiles in local memory
                mapLcl(1)((accRow, aBlk) =>                              aBlk: [RM][TK]
                  mapLcl(0)((accBlk, bBlk) =>                            bBlk: [TK][RN]
                    join o reduceSeq(toPrivate(mapSeqUnroll(mapSeqUnroll(id))) << accBlk,
                      (acc2, (aCol, bRow)) =>                            TK steps on the block
                      let(aP => let(bP =>                                RM + RN values prefetched
                        mapSeqUnroll((accR, a) => mapSeqUnroll((c, b) => multAndSumUp(c, a, b))
                          << zip(accR, bP)) << zip(acc2, aP)
                      ) << toPrivate(mapSeqUnroll(id)) << bRow) << toPrivate(mapSeqUnroll(id)) << aCol
                    ) << zip(transpose(aBlk), bBlk)
                  ) << zip(accRow, transpose o map(transpose o split(TN/RN)) << bL)
                ) << zip(acc, transpose o split(TM/RM) << aL)
              ) << copy(bTile)) << copy(aTile)
          ) << zip(transpose o map(split(TK)) << aRows, split(TK) << bCols)
      ) << transpose o map(split(TN)) << B
    ) << split(TM) << A

    copy(tile) = map(asScalar) o split(cols/VW) o join                   back to [rows][cols] (views)
                 o toLocal(mapLcl(1)(mapLcl(0)(vectorise(VW, id))))      one float<VW> per work item and step
                 o split(TN/RN) o join o map(asVector(VW)) << tile       the tile's vectors, TN/RN per row

(a tile whose vector count rows*cols/VW is not a multiple of TN/RN is copied row by row instead:
`map(asScalar) o toLocal(mapLcl(1)(mapLcl(0)(vectorise(VW, id)))) o map(asVector(VW))`; VW = 1 copies scalars).
The copy of the inner reduction's accumulator is a no-op with destination passing: the code generator writes
every reduce's initial value through a user function, and here it lands in the same registers.

Tuning parameters and constraints (checked by `_check`):
- TM, TN: rows / columns of C per work group; M % TM = 0, N % TN = 0.
- TK: the K extent of a tile; K % TK = 0. Local memory (TM*TK + TK*TN) * 4 bytes <= 48 KiB.
- RM, RN: the register block; TM % RM = 0, TN % RN = 0; RM*RN <= 64 accumulators per work item. The loops over
  a block's rows and columns are unrolled when at most UNROLL_MAX (32) long, like the TK/4 chunks with KU = 1;
  longer ones stay loops (mapSeq, reduceSeq).
- VW: width of the vectorised global loads (asVector, float2/4/8/16) in {1, 2, 4, 8, 16}; TK % VW = 0 and
  TN % VW = 0 (both tiles are loaded along rows); VW = 1 loads scalars (no asVector).
- Work group: local size (TN/RN, TM/RM) with (TN/RN)*(TM/RM) <= 1024; global size (N/RN, M/RM).
- KU (switch, TK % 4 = 0): 1 unrolls the TK steps of the block and reads A four steps at a time, one float4 per
  row of the block (rows of the A tile run along K):
      join o reduceSeqUnroll(copy << accBlk, (acc2, (aChunk, bChunk)) =>       aChunk [RM][4], bChunk [4][RN]
        let(aP => join o reduceSeqUnroll(copy << acc2, outer product of (aCol, bRow)) << zip(transpose(aP), bChunk))
        << split(4) o asScalar o toPrivate(mapSeqUnroll(vectorise(4, id))) o join o map(asVector(4)) << aChunk
      ) << zip(transpose o map(split(4)) << aBlk, split(4) << bBlk)
  (the A values of a step are read from the private float4s, components .s0 to .s3).
- CB (switch, RN % 4 = 0): 1 gives a work item its RN columns as RN/4 runs of 4 adjacent columns, run q of work
  item j at columns 4*(q*(TN/RN) + j) + 0..3, and reads each run of the B tile as one float4 from local memory
  (`asScalar o toPrivate(mapSeqUnroll(vectorise(4, id))) o asVector(4)`); neighbouring work items still read
  neighbouring float4s. The output view splits the columns the same way
  (`map(join o join) o join o transposeWND(2, 0, 3, 1, 4) o map(map(map(split(4))))`).
  Both switches off (the defaults) give the strided kernel above.
- AT (switch, RM % 4 = 0): 1 holds the A tile transposed in local memory ([TK][TM]) and gives a work item its
  RM rows as RM/4 runs of 4 adjacent rows, run q of work item i at rows 4*(q*(TM/RM) + i) + 0..3 (the rows'
  view `map(join) o transpose o split(TM/RM) o split(4)`, the output view
  `map(join o join) o join o join o transposeWND(2, 0, 3, 4, 1, 5)` over blocks split into [RM/4][4][RN/s][s]):
  a step reads its RM values of A as RM/4 float4s from one row of the transposed tile. With KU = 0 the loop
  over the TK steps carries `#pragma unroll` (the code generator's `unroll_hint`): unrolled by the device
  compiler, it is faster on the H100 than the same steps unrolled in the program (docs/benchmarks/mm_at_h100.md).
- PF (switch): 1 asks the code generator to prefetch the tiles (`compile_program(prefetch=True)`,
  compiler/codegen/prefetch.py): each work item loads its share of the next A and B tiles into registers right
  after the tile loop's barrier, while the work group computes on the tiles in local memory, and copies the
  registers into local memory at the start of the next iteration. The program is the same; the kernel holds the
  next tiles in registers (one register per vector a work item copies). docs/benchmarks/mm_prefetch_h100.md.
- SK (switch of the values 1, 2, 4, 8; K % SK = 0, (K/SK) % TK = 0, a thin product, K > max(M, N)): SK > 1 is
  split-K. partialReduceProduct(SK) (compiler/rewrite/rules_reduction.py) makes the product the sum of SK partial
  products over slices of K/SK (of a batch: Batch SK partial products), oclKernel makes the partial products one
  kernel, derived by the steps above as a batch (mapWrg(2) over the SK products; launch (N/RN, M/RM, SK Batch)),
  writing an [SK][M][N] array, and their sum a second kernel, mapGlb(1)(mapGlb(0)) over the elements of C (a
  batch: mapGlb(2) over its products), each work item adding its SK partials. docs/strategies.md.
"""

from __future__ import annotations

import math

from .. import arith
from ..ir.node import FunCall, Lambda, Literal, Node, Param, Prim, Program, at, walk
from ..ir.ops import Op
from ..ir.terms import concrete, contains, is_call
from ..rewrite.rules_algorithmic import split_join
from ..rewrite.rules_blas1 import OCL_KERNEL
from ..rewrite.rules_mapping import UNROLL_MAX
from ..rewrite.rules_mm_layout import local_tile_of_transpose, tile_rows
from ..rewrite.rules_reduction import partial_reduce_product
from ..rewrite.rules_tiling import (
    MULT_AND_SUM_UP_FUSION,
    copy_into,
    map_lcl_in_loop,
    prefetch,
    reduce_split_zip,
    register_blocking,
    tile_columns,
    tile_reduce,
)
from . import derivation, shape
from .default import finish
from .lowered import KernelLaunch, Lowering, Strategy, TuningParam, default_local_size, largest_divisor
from .util import LoweringError

TRANSPOSED_A = "AT"  # the switch: the A tile held transposed in local memory, rows in runs of 4
PREFETCH = "PF"  # the switch: the next tiles loaded into registers while this one is computed on
SPLIT_K = "SK"  # the number of slices of K whose partial products are summed by a second kernel (1: one kernel)
SPLIT_K_VALUES = (1, 2, 4, 8)  # the values the space offers (those that divide K)
PARAMS = (
    TuningParam("TM", "rows of C per work group (M % TM = 0)"),
    TuningParam("TN", "columns of C per work group (N % TN = 0)"),
    TuningParam("TK", "K extent of the A and B tiles held in local memory (K % TK = 0)"),
    TuningParam("RM", "rows of the private register block per work item (TM % RM = 0)"),
    TuningParam("RN", "columns of the private register block per work item (TN % RN = 0)"),
    TuningParam("VW", "vector width of the global loads, 1 (scalar), 2, 4, 8 or 16 (TK % VW = 0, TN % VW = 0)"),
    TuningParam("KU", "1: the TK steps of a register block are unrolled (reduceSeqUnroll) and its A values read "
                "as one float4 per row every 4 steps (TK % 4 = 0); 0: a loop (reduceSeq) of scalar reads", "switch"),
    TuningParam("CB", "1: a work item's RN columns are RN/4 runs of 4 adjacent columns (RN % 4 = 0); 0: strided "
                "columns", "switch"),
    TuningParam(TRANSPOSED_A, "1: the A tile is held transposed in local memory and a work item's RM rows are RM/4 "
                "runs of 4 adjacent rows (RM % 4 = 0), so that a step reads its A values as RM/4 float4s; with KU = 0 "
                "the loop over the TK steps is left to the device compiler to unroll (#pragma unroll); 0: A as read, "
                "strided rows", "switch"),
    TuningParam(PREFETCH, "1: a work item loads its share of the next A and B tiles into registers while the work "
                "group computes on this one (the code generator's prefetch); 0: each tile is loaded when it is copied",
                "switch"),
    TuningParam(SPLIT_K, "slices of K (split-K, K % SK = 0, (K/SK) % TK = 0): SK > 1 computes SK partial products "
                "over K/SK each, a batch on work-group dimension 2, into an [SK][M][N] array that a second kernel "
                "sums; 1: one kernel", "switch", SPLIT_K_VALUES),
)
MAX_WG = 1024
MAX_LOCAL_BYTES = 48 * 1024
MAX_REGS = 64
MAX_BATCH = 65535  # work groups of dimension 2 (the batch of a batched product): the devices' grid limit
WIDTHS = (1, 2, 4, 8, 16)
RUN = 4  # CB = 1 (AT = 1): contiguous columns (rows) per run of a register block, one float4 in local memory


# --- sites of the derivation steps: predicates over (path, node) ----------------------------------------

def _nodes(n: Node):
    yield n
    for c in n.children():
        yield from _nodes(c)


def _anywhere(path, n) -> bool:
    return True


def _restricted(where, within):
    """A step's site selector (None: every site; k: the k-th in pre-order; a predicate) among the sites `within`
    takes."""
    if where is None:
        return within
    if isinstance(where, int):  # the where-th site in pre-order of those within
        seen = [0]

        def kth(path, n) -> bool:  # (asked about each legal site once, in pre-order)
            seen[0] += within(path, n)
            return within(path, n) and seen[0] == where + 1
        return kth
    return lambda path, n: within(path, n) and where(path, n)


def _split_k(step, program, slices: int, batched: bool):
    """Split-K: partialReduceProduct(SK) at the map over the rows of A (of a batch: at the batch's map, whose
    products' slices become one batch of Batch SK partial products), the
    partial products one kernel (oclKernel) and their sum over the slices another, mapped over the elements of C
    (mapGlb(1), mapGlb(0); a batch's products mapGlb(2)). Returns the sites of the first kernel, where the tiled
    derivation continues."""
    top = (len(program().params),)
    step(partial_reduce_product(slices), (lambda path, n: path == top) if batched else _row_map, unique=True)
    p = program()
    site = top
    while not (is_call(at(p, site), Op.MAP) and contains(at(p, site).f, Op.ZIP)):  # down the data path
        site = (*site, len(at(p, site).args))
    step(OCL_KERNEL, lambda path, n: path == site)
    step(OCL_KERNEL, lambda path, n: path == top)
    outer = at(program(), top)
    inner = next((*top, i + 1) for i, a in enumerate(outer.args) if is_call(a, Op.OCL_KERNEL))
    second = (*top, 0)
    for dim in (2, 1, 0)[0 if batched else 1:]:  # the outermost map of the second kernel first
        step(f"mapGlb({dim})", lambda path, n: path[:2] == second and is_call(n, Op.MAP) and contains(n.f, Op.REDUCE))
    return lambda path, n: path[:len(inner)] == inner


def _innermost_map(path, n) -> bool:
    """A high-level map computing something (a user function inside) with no computing high-level map or
    reduce inside its function: the next map to lower, innermost first."""
    return is_call(n, Op.MAP) and concrete(n.f) and not any(
        isinstance(m, Prim) and m.op in (Op.MAP, Op.REDUCE) and concrete(m) for m in _nodes(n.f.funs[0]))


def _row_map(path, n) -> bool:
    """The map over the rows of A: its function is `x => join << map(y => e) << Y` (Y the columns of B through a
    transpose, or the rows of B given transposed)."""
    if not is_call(n, Op.MAP) or not isinstance(n.f.funs[0], Lambda) or len(n.f.funs[0].params) != 1:
        return False
    body = n.f.funs[0].body
    return is_call(body, Op.JOIN) and is_call(body.args[0], Op.MAP)


def transposed_operands(p: Program, within=None) -> tuple[bool, bool]:
    """Which operands of a (normalised) product are stored transposed: (A, read through `transpose << At`; B,
    given by rows, `Bt`, not read through a transpose), from the first map over the rows of A (`within`: of those
    whose (path, node) it takes)."""
    rows = next((n for path, n in walk(p.body, (len(p.params),))
                 if _row_map((), n) and (within is None or within(path, n))), None)
    if rows is None:
        return False, False
    ys = rows.f.funs[0].body.args[0].args[0]
    return is_call(rows.args[0], Op.TRANSPOSE), not is_call(ys, Op.TRANSPOSE)


def _zero_init(n: FunCall) -> bool:  # the tile loop: its accumulator starts as a literal (copied or not)
    init = n.args[0]
    return isinstance(init, Literal) or (isinstance(init, FunCall) and isinstance(init.args[-1], Literal))


def _tile_loop(path, n) -> bool:
    return is_call(n, Op.REDUCE, Op.REDUCE_SEQ) and _zero_init(n)


def _block_loop(path, n) -> bool:
    return is_call(n, Op.REDUCE, Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL) and not _zero_init(n)


def _uncopied(init: Node) -> Node:
    return init.args[-1] if is_call(init, Op.TO_PRIVATE) else init


def _step_loop(path, n) -> bool:  # KU = 1: the 4 steps of a chunk (its accumulator is the chunk loop's)
    return _block_loop(path, n) and isinstance(_uncopied(n.args[0]), Param)


def _chunk_loop(path, n) -> bool:  # KU = 1: the loop over the TK/4 chunks of a register block
    return _block_loop(path, n) and not isinstance(_uncopied(n.args[0]), Param)


def _init_of(program: Program, loop):
    """The initial value of a loop satisfying `loop` (not yet copied)."""
    return lambda path, n: (len(path) > 0 and path[-1] == 1 and not is_call(n, Op.TO_PRIVATE)
                            and loop(path[:-1], at(program, path[:-1])))


def _component_of(program: Program, i: int, loop):
    """`get(i) << p` where p is the element (second) parameter of the operator of a loop satisfying `loop`."""
    def where(path, n) -> bool:
        if not (is_call(n, Op.GET) and n.f.static[0] == i and isinstance(n.args[0], Param)):
            return False
        name = n.args[0].name
        for k in range(len(path) - 1, 1, -1):
            f = at(program, path[:k])
            if isinstance(f, Lambda) and any(q.name == name for q in f.params):
                return len(f.params) == 2 and f.params[1].name == name and loop(path[:k - 2], at(program, path[:k - 2]))
        return False
    return where


def _flat(v: dict[str, int], rows: int, cols: int) -> bool:
    """Whether a rows x cols tile's VW-vectors split evenly over the TN/RN work items of dimension 0."""
    return (rows * cols // v["VW"]) % (v["TN"] // v["RN"]) == 0


def effective_switches(v: dict[str, int]) -> dict[str, int]:
    """`v` with each switch whose runs of 4 do not divide its block read as off (KU: TK, CB: RN, AT: RM): at
    sizes with no such block (a product of N = 10 columns has no RN % 4 = 0) the switch's structure has no point,
    and its value gives the structure without it."""
    blocks = {"KU": "TK", "CB": "RN", TRANSPOSED_A: "RM"}
    return {**v, **{sw: 0 for sw, b in blocks.items() if v.get(sw) and int(v[b]) % RUN}}


def _structure(v: dict[str, int]) -> tuple:
    """What the parameter values decide of the program's structure (the program is symbolic in all of them)."""
    v = effective_switches(v)
    unroll = tuple(n <= UNROLL_MAX for n in (v["RM"], v["RN"], v["TK"] // RUN))
    slices = int(v.get(SPLIT_K, 1) or 1)
    return (v["VW"] > 1, bool(v.get("KU", 0)), bool(v.get("CB", 0)), bool(v.get(TRANSPOSED_A, 0)),
            _flat(v, v["TM"], v["TK"]), _flat(v, v["TK"], v["TN"]), unroll, *((slices,) if slices > 1 else ()))


def build_tiled(bench, v: dict[str, int]) -> Program:
    """The tiled program, derived from the benchmark's program; symbolic in every parameter. The values only
    decide structure: VW = 1 loads scalars, a tile whose (TM or TN) * TK / VW vectors split evenly over the
    TN/RN work items of dimension 0 is copied as a flat array (every work item loads its share) rather than row
    by row, and the switches KU and CB."""
    key = (bench.program, _structure(v))
    if key not in _DERIVED:  # the program depends on the values only through their structure
        _DERIVED[key] = derive(bench.program, v)
    return _DERIVED[key]


_DERIVED: dict[tuple, Program] = {}  # (high-level program, structure) -> derived program (at most 2**9 per program)


def derive(high: Program, v: dict[str, int], trace: list | None = None) -> Program:
    """The tiled program derived from the high-level mm program `high` for the structure the values `v` decide
    (the values also serve the rules' guards). `trace` receives (rule name, program before, program after) for
    every step. SK > 1 (split-K): partialReduceProduct(SK) first, then the partial products are one kernel (a
    batch of SK products, tiled below) and their sum over the slices a second one."""
    v = effective_switches(v)
    structure = _structure(v)
    batched = shape.batched_matrix_product(high) is not None
    p = derivation.start(high)
    within: derivation.Where = _anywhere

    def step(rule, where=None, **kw):
        nonlocal p
        before = p
        p = derivation.step(p, rule, _restricted(where, within), sizes=v, name="mm tiled", **kw)
        if trace is not None:
            trace.append((rule if isinstance(rule, str) else rule.name, before, p))

    slices = int(v.get(SPLIT_K, 1) or 1)
    if slices > 1:
        within = _split_k(step, lambda: p, slices, batched)
        batched = True  # the partial products: a batch of SK (Batch SK) products
    a_columns, b_rows = transposed_operands(p, within)

    # register loops are unrolled (mapSeqUnroll's guard: at most UNROLL_MAX steps); longer ones stay loops
    unroll_m, unroll_n, unroll_chunks = structure[6]
    unrolled = tuple(Op.MAP_SEQ_UNROLL if u else Op.MAP_SEQ for u in (unroll_m, unroll_n))
    lcl2 = (Op.MAP_LCL, Op.MAP_LCL, *unrolled)
    # 1. the dot product's reduce of products as one reduce of multAndSumUp
    step("reduceMapFusion", unique=True)
    step(MULT_AND_SUM_UP_FUSION, unique=True)
    # 2. tiles of C (tileMapMap): TM rows of A per work group, TN columns of B per work group (B read through a
    #    transpose: tileColumns; B given by rows, transposed in the data: tileRows); a batch's map over work groups
    #    of dimension 2
    step(split_join("TM"), _row_map, unique=batched)
    columns = next((r for r in (tile_columns("TN"), tile_rows("TN")) if derivation.sites(p, r, within, v)), None)
    if columns is None:
        raise LoweringError("mm tiled: tileColumns(TN) (B read through a transpose) and tileRows(TN) (B given by "
                            "rows) apply at no site of the program here")
    step(columns, unique=True)
    if batched:
        step("mapWrg(2)", 0)
    step("mapWrg(1)", 0)
    step("mapWrg(0)", 0)
    # 3. the K reduction over pairs of TK-tiles, then the accumulator in strided RM x RN register blocks
    step(tile_reduce("TK"), unique=True)
    at = bool(v.get(TRANSPOSED_A))  # the rows in runs too, the A tile held transposed
    step(register_blocking("RM", "RN", RUN if v.get("CB") else 1, RUN if at else 1), unique=True)
    if v.get("KU"):  # the TK steps of a block as TK/4 chunks of 4
        step(reduce_split_zip(RUN), lambda path, n: is_call(n, Op.JOIN) and _block_loop(path, n.args[0]), unique=True)
    # 4. mapping: sequential loops, register loops unrolled, the blocks over the work items
    step("reduceSeq", _tile_loop, unique=True)
    if v.get("KU"):
        step("reduceSeq", _chunk_loop, unique=True)
        if unroll_chunks:
            step("reduceSeqUnroll", _chunk_loop, unique=True)
        step("reduceSeq", _step_loop, unique=True)
        step("reduceSeqUnroll", _step_loop, unique=True)
    else:
        step("reduceSeq", _block_loop, unique=True)
    for unroll in (unroll_n, unroll_m):  # the RM x RN outer product, innermost first
        site = derivation.sites(p, "mapSeq", lambda path, n: within(path, n) and _innermost_map(path, n), v)[0].path
        step("mapSeq", lambda path, n, site=site: path == site, unique=True)
        if unroll:
            step("mapSeqUnroll", lambda path, n, site=site: path == site, unique=True)
    step(map_lcl_in_loop(0), _innermost_map, unique=True)
    step(map_lcl_in_loop(1), lambda path, n: is_call(n, Op.MAP) and contains(n.f, Op.MAP_LCL), unique=True)
    # 5. memory: the result out of the private blocks, the accumulators' initial values in private memory
    step(copy_into(Op.TO_GLOBAL, lcl2), lambda path, n: is_call(n, Op.JOIN) and _tile_loop(path, n.args[0]))
    step(copy_into(Op.TO_PRIVATE, lcl2), _init_of(p, _tile_loop), unique=True)
    for _ in range(2 if v.get("KU") else 1):
        step(copy_into(Op.TO_PRIVATE, unrolled), _init_of(p, _block_loop))
    # 6. the RN values of B (CB = 1: as float4 runs) and the RM values of A of a step in private memory
    b_copy = prefetch("privateVector", RUN) if v.get("CB") else prefetch("private")
    if v.get("KU"):
        step(b_copy, _component_of(p, 1, _step_loop), unique=True)
        step(prefetch("privateVector", RUN), _component_of(p, 0, _chunk_loop), unique=True)
    else:
        step(b_copy, _component_of(p, 1, _block_loop), unique=True)
        step(prefetch("privateVector", RUN) if at else prefetch("private"), _component_of(p, 0, _block_loop),
             unique=True)
    # 7. the B tile, then the A tile, in local memory with VW-wide loads
    vw = arith.var("VW") if v["VW"] > 1 else 1
    lanes = arith.parse_size("TN/RN")
    #    (an operand stored transposed, Bt or At, is read along its rows in memory: localTileOfTranspose)
    flat_b, flat_a = _flat(v, v["TK"], v["TN"]), _flat(v, v["TM"], v["TK"])
    b_tile = (local_tile_of_transpose(vw, lanes, flat_b) if b_rows
              else prefetch("localTile", vw, lanes, flat_b))
    step(b_tile, _component_of(p, 1, _tile_loop), unique=True)
    a_tile = (local_tile_of_transpose(vw, lanes, flat_a, at) if a_columns
              else prefetch("localTile", vw, lanes, flat_a, at))
    step(a_tile, _component_of(p, 0, _tile_loop), unique=True)
    return finish(derivation.point_free_wrappers(p))


LARGE = 1 << 31  # M N K from which the defaults are the large products' (below)


def _choose(s, a_columns: bool = False) -> dict[str, int]:
    """64 x 64 tiles of C, TK = 16, float4 loads; register blocks of 4 x 4 with every switch off, or, for large
    products (M N K >= 2^31) whose tile divides, 8 x 8 blocks with KU, CB and PF on: the point the env's sweep
    search reached at mm 4096³ on the H100 (docs/benchmarks/mm_prefetch_h100.md) and next to the one it reached
    for a 2048 x 512 x 8192 product on the H200 (docs/benchmarks/user_programs_h200.md). Values in `s` win. A
    switch given as 1 (AT, CB, KU) gets tiles and blocks of a multiple of 4 (rows, columns, K steps) where the
    sizes have one (where they have none, `_check` refuses the switch and the derivation reads it as off:
    `effective_switches`)."""
    m, n, k = s["M"], s["N"], s["K"]
    slices = int(s.get(SPLIT_K) or 1)
    work = m * n * k
    k = k // slices if slices > 1 and _thin(s) and k % slices == 0 else k  # the tiles divide a slice of K
    at_on, cb_on, ku_on = (s.get(x) == 1 for x in (TRANSPOSED_A, "CB", "KU"))
    tm = s.get("TM") or (largest_divisor(m, 64, RUN) if at_on else None) or largest_divisor(m, 64) or 1
    tn = s.get("TN") or (largest_divisor(n, 64, RUN) if cb_on else None) or largest_divisor(n, 64) or 1
    large = work >= LARGE and tm % 8 == 0 and tn % 8 == 0
    block = 8 if large else 4
    def blocked(t: int, on: bool) -> int:  # a register block of t: of a multiple of RUN where the switch is on
        return (largest_divisor(t, max(block, RUN), RUN) if on else None) or largest_divisor(t, block) or 1

    rm, rn = s.get("RM") or blocked(tm, at_on), s.get("RN") or blocked(tn, cb_on)
    rows = tm if a_columns else 4  # A stored transposed: its tile is loaded along the TM rows of C
    vw = s.get("VW") or next(w for w in (4, 2, 1) if tn % w == 0 and k % w == 0 and rows % w == 0)
    tk = (s.get("TK") or (largest_divisor(k, 16, math.lcm(vw, RUN)) if ku_on else None)
          or largest_divisor(k, 16, vw) or largest_divisor(k, 16) or 1)
    if tk % vw:
        vw = next(w for w in (4, 2, 1) if tn % w == 0 and tk % w == 0 and rows % w == 0)
    on = int(large)
    return {"TM": tm, "TN": tn, "TK": tk, "RM": rm, "RN": rn, "VW": vw,
            "KU": s.get("KU", on if tk % RUN == 0 else 0), "CB": s.get("CB", on if rn % RUN == 0 else 0),
            TRANSPOSED_A: s.get(TRANSPOSED_A, 0), PREFETCH: s.get(PREFETCH, on), SPLIT_K: s.get(SPLIT_K, 1)}


def _check(s, v, a_columns: bool = False) -> list[str]:
    bad = []

    def need(cond: bool, text: str):
        if not cond:
            bad.append(text)

    if any(int(v[p.name]) < 1 for p in PARAMS if p.kind != "switch"):
        return ["every size parameter must be a positive integer"]
    need(s["M"] % v["TM"] == 0, f"M % TM = 0 (M = {s['M']}, TM = {v['TM']})")
    need(s["N"] % v["TN"] == 0, f"N % TN = 0 (N = {s['N']}, TN = {v['TN']})")
    need(s["K"] % v["TK"] == 0, f"K % TK = 0 (K = {s['K']}, TK = {v['TK']})")
    need(v["TM"] % v["RM"] == 0, f"TM % RM = 0 (TM = {v['TM']}, RM = {v['RM']})")
    need(v["TN"] % v["RN"] == 0, f"TN % RN = 0 (TN = {v['TN']}, RN = {v['RN']})")
    need(v["VW"] in WIDTHS, f"VW in {WIDTHS} (VW = {v['VW']})")
    need(v["TK"] % v["VW"] == 0 and v["TN"] % v["VW"] == 0, f"TK % VW = 0 and TN % VW = 0 (VW = {v['VW']})")
    need(all(v.get(k, 0) in (0, 1) for k in ("KU", "CB", TRANSPOSED_A, PREFETCH)),
         "KU, CB, AT and PF are switches: 0 or 1")
    need(not a_columns or v["TM"] % v["VW"] == 0, f"A stored transposed: TM % VW = 0 (VW = {v['VW']})")
    need(not v.get("KU", 0) or v["TK"] % RUN == 0, f"KU = 1 needs TK % {RUN} = 0 (TK = {v['TK']})")
    need(not v.get("CB", 0) or v["RN"] % RUN == 0, f"CB = 1 needs RN % {RUN} = 0 (RN = {v['RN']})")
    need(not v.get(TRANSPOSED_A, 0) or v["RM"] % RUN == 0, f"AT = 1 needs RM % {RUN} = 0 (RM = {v['RM']})")
    need(v["RM"] * v["RN"] <= MAX_REGS, f"RM * RN <= {MAX_REGS} private accumulators")
    wg = (v["TN"] // max(v["RN"], 1)) * (v["TM"] // max(v["RM"], 1))
    need(wg <= MAX_WG, f"work-group size (TN/RN)*(TM/RM) = {wg} <= {MAX_WG}")
    lmem = 4 * (v["TM"] * v["TK"] + v["TK"] * v["TN"])
    need(lmem <= MAX_LOCAL_BYTES, f"local memory 4*(TM*TK + TK*TN) = {lmem} <= {MAX_LOCAL_BYTES} bytes")
    slices = int(v.get(SPLIT_K, 1))
    need(slices == 1 or _thin(s), f"SK > 1 needs a thin product, K > max(M, N) (M = {s['M']}, N = {s['N']}, "
         f"K = {s['K']})")
    need(slices >= 1 and s["K"] % slices == 0 and (s["K"] // slices) % v["TK"] == 0,
         f"SK > 0, K % SK = 0 and (K/SK) % TK = 0 (K = {s['K']}, SK = {slices}, TK = {v['TK']})")
    need(slices * s.get("Batch", 1) <= MAX_BATCH, f"SK * Batch <= {MAX_BATCH} products, one work group of "
         f"dimension 2 each (SK = {slices}, Batch = {s.get('Batch', 1)})")
    if "Batch" in s:
        need(s["Batch"] <= MAX_BATCH, f"a batch of at most {MAX_BATCH} products, one work group of dimension 2 "
             f"each (Batch = {s['Batch']})")
    return bad


STRATEGY = Strategy('matrix product', ('tiled',),
                    'a [[float]N]M result of one reduction over K nested in two maps, two matrix inputs (B read '
                    'through a transpose or given by rows, A given transposed; any size names; roles M, N, K), or a '
                    'batch of them (a [[[float]N]M]Batch result, the reduction in three maps; roles Batch, M, N, K)',
                    "Lift's tiled matrix multiplication: tiling, register blocking and vectorised loads by rewrite "
                    'rules (Steuwer et al., CGO 2017; thesis §2.3.2.1)',
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`tiled` for every program of the matrix product's shape (`shape.matrix_product`: roles M, N, K), and for
    every batch of products (`shape.batched_matrix_product`: roles Batch, M, N, K; the batch over the work groups
    of dimension 2, one work group per tile of one product)."""
    names = [p.name for p in PARAMS]
    sh = shape.matrix_product(bench.program, names)
    batch = None if sh is not None else shape.batched_matrix_product(bench.program, names)
    sh = sh or batch
    if sh is None:
        return []

    def build(s, v):
        r = sh.bind(s)
        v = {**v, SPLIT_K: effective_slices(r, v)}
        slices = v[SPLIT_K]
        p = build_tiled(bench, v)
        local = (v["TN"] // v["RN"], v["TM"] // v["RM"])
        grid = (r["N"] // v["RN"], r["M"] // v["RM"])
        products = r.get("Batch", 1) * slices
        launches = ((KernelLaunch((*grid, products), (*local, 1)),) if batch is not None or slices > 1
                    else (KernelLaunch(grid, local),))
        if slices > 1:  # the sum of the partial products over the slices, one work item per element of C
            cells = (r["N"], r["M"], *((r["Batch"],) if batch is not None else ()))
            launches = (*launches, KernelLaunch(cells, default_local_size(cells)))
        facts = {"work_group_size": local[0] * local[1], "accumulators": v["RM"] * v["RN"],
                 "local_floats": v["TM"] * v["TK"] + v["TK"] * v["TN"], "k_tiles": r["K"] // (v["TK"] * slices),
                 **({"k_slices": slices} if slices > 1 else {})}
        return p, launches, facts

    local_sizes = {0: "TN/RN", 1: "TM/RM", **({2: "1"} if batch is not None else {})}
    a_columns = transposed_operands(derivation.start(bench.program))[0]
    return [Lowering(bench.name, "tiled", __doc__.split("\n\n")[0], PARAMS, build,
                     lambda s: _choose(sh.bind(s), a_columns), lambda s, v: _check(sh.bind(s), v, a_columns),
                     local_sizes, options=codegen_options)]


def effective_slices(s, v) -> int:
    """SK where the product is thin (K > max(M, N): few tiles of C, each a long reduction) and SK divides K into
    slices of a whole number of TK-tiles, else 1: at sizes where a value of the switch has no split-K program (K =
    6 has no 4 slices; a square product gains nothing from one) the derivation reads it as off, so the template
    keeps its points (and its members' programs, one inference); `_check` refuses an explicit request naming the
    constraint."""
    slices = int(v.get(SPLIT_K, 1) or 1)
    return slices if slices > 1 and _thin(s) and s["K"] % slices == 0 and (s["K"] // slices) % v["TK"] == 0 else 1


def _thin(s) -> bool:
    return s["K"] > max(s["M"], s["N"])


def codegen_options(v: dict[str, int]) -> dict[str, object]:
    """The code generator's options a point chooses: the unrolling hint (AT = 1, KU = 0) and the prefetch (PF)."""
    v = effective_switches(v)
    return {**({"unroll_hint": UNROLL_MAX} if v.get(TRANSPOSED_A) and not v.get("KU") else {}),
            **({"prefetch": True} if v.get(PREFETCH) else {})}
