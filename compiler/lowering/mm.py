"""mm "tiled": local-memory tiling, register blocking and vectorised loads (Lift's tiled matrix multiplication).

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
- RM, RN: the register block; TM % RM = 0, TN % RN = 0; RM*RN <= 64 accumulators per work item.
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
"""

from __future__ import annotations

from .. import arith
from ..ir.build import (
    as_scalar,
    as_vector,
    get,
    join,
    let,
    map_,
    map_lcl,
    map_seq_unroll,
    map_wrg,
    reduce_seq,
    reduce_seq_unroll,
    split,
    to_global,
    to_local,
    to_private,
    transpose,
    transpose_w,
    transpose_w_nd,
    value,
    vectorise,
    zip_,
)
from ..ir.node import Program
from ..ir.userfuns import ID, MULT_AND_SUM_UP
from ..types import FLOAT, array
from .default import finish
from .lowered import KernelLaunch, Lowering, TuningParam, largest_divisor

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
)
MAX_WG = 1024
MAX_LOCAL_BYTES = 48 * 1024
MAX_REGS = 64
WIDTHS = (1, 2, 4, 8, 16)
RUN = 4  # CB = 1: contiguous columns per run of a register block (one float4 read from local memory)


def _lcl2(f):
    """mapLcl(1)(mapLcl(0)(mapSeqUnroll(mapSeqUnroll(f)))) over [TM/RM][TN/RN][RM][RN]."""
    return map_lcl(1, lambda r: map_lcl(0, lambda c: map_seq_unroll(lambda x: map_seq_unroll(f) << x) << c) << r)


def _seq2(f):
    """mapSeqUnroll(mapSeqUnroll(f)) over an [RM][RN] block."""
    return map_seq_unroll(lambda blk: map_seq_unroll(f) << blk)


def build_tiled(bench, v: dict[str, int]) -> Program:
    """The tiled program; symbolic in every parameter. The values only decide structure: VW = 1 loads scalars,
    and a tile whose (TM or TN) * TK / VW vectors split evenly over the TN/RN work items of dimension 0 is
    copied as a flat array (every work item loads its share) rather than row by row."""
    pa, pb = bench.program.params
    vw = v["VW"]
    acc_t = array(FLOAT, arith.parse_size("TM/RM"), arith.parse_size("TN/RN"), "RM", "RN")
    lanes = arith.parse_size("TN/RN")
    runs, unroll = bool(v.get("CB", 0)), bool(v.get("KU", 0))

    def copy(tile, scalars: int, cols: str):
        flat = (scalars // vw) % (v["TN"] // v["RN"]) == 0
        vec = map_(as_vector("VW")) << tile if vw > 1 else tile
        elem = vectorise("VW", ID) if vw > 1 else ID
        if flat:
            src = split(lanes) << (join() << vec)
            back = split(arith.parse_size(cols) / (arith.var("VW") if vw > 1 else 1)) << (join() << (
                to_local(map_lcl(1, lambda lrow: map_lcl(0, elem) << lrow)) << src))
        else:
            back = to_local(map_lcl(1, lambda vrow: map_lcl(0, elem) << vrow)) << vec
        return map_(as_scalar()) << back if vw > 1 else back

    def block_step(acc2, ab):
        return let(lambda aP: let(lambda bP: map_seq_unroll(
            lambda accR_a: map_seq_unroll(lambda c_b: MULT_AND_SUM_UP(get(0) << c_b, get(1) << accR_a, get(1) << c_b))
            << zip_(get(0) << accR_a, bP)) << zip_(acc2, aP)
        ) << b_private(get(1) << ab)) << (to_private(map_seq_unroll(ID)) << (get(0) << ab))

    def b_private(b_row):  # the RN values of B of one step in private memory; CB = 1: RN/4 float4 loads
        if runs:
            return as_scalar() << (to_private(map_seq_unroll(vectorise(RUN, ID))) << (as_vector(RUN) << b_row))
        return to_private(map_seq_unroll(ID)) << b_row

    def compute(acc, aL, bL):
        # strided register blocks: work item (i, j) owns rows r*(TM/RM) + i and columns c*(TN/RN) + j, so that
        # neighbouring work items read neighbouring local words and write neighbouring global words; with CB = 1
        # its columns are RN/4 runs of 4, run q at columns 4*(q*(TN/RN) + j) + 0..3
        a_blocks = transpose() << (split(arith.parse_size("TM/RM")) << aL)  # [TM/RM][RM][TK]
        if runs:
            b_blocks = transpose() << (map_(lambda bRow: map_(join()) << (transpose() << (
                split(lanes) << (split(RUN) << bRow)))) << bL)  # [TN/RN][TK][RN]
        else:
            b_blocks = transpose() << (map_(lambda bRow: transpose() << (split(lanes) << bRow)) << bL)

        def block(acc_blk, a_blk, b_blk):  # acc_blk [RM][RN], a_blk [RM][TK], b_blk [TK][RN]
            if unroll:  # TK/4 unrolled chunks of 4 unrolled steps
                return join() << (reduce_seq_unroll(to_private(_seq2(ID)) << acc_blk, chunk_step) << zip_(
                    transpose() << (map_(split(RUN)) << a_blk), split(RUN) << b_blk))
            return join() << (reduce_seq(to_private(_seq2(ID)) << acc_blk, block_step)
                              << zip_(transpose() << a_blk, b_blk))

        return map_lcl(1, lambda accRow_aBlk: map_lcl(
            0, lambda accBlk_bBlk: block(get(0) << accBlk_bBlk, get(1) << accRow_aBlk, get(1) << accBlk_bBlk)
        ) << zip_(get(0) << accRow_aBlk, b_blocks)
        ) << zip_(acc, a_blocks)

    def chunk_step(acc2, ab):  # 4 steps: aChunk [RM][4] read as RM float4s, bChunk [4][RN]
        a_p = split(RUN) << (as_scalar() << (to_private(map_seq_unroll(vectorise(RUN, ID))) << (
            join() << (map_(as_vector(RUN)) << (get(0) << ab)))))  # [RM][4] in private float4s
        return let(lambda aP: join() << (reduce_seq_unroll(to_private(_seq2(ID)) << acc2, private_a_step) << zip_(
            transpose() << aP, get(1) << ab))) << a_p

    def private_a_step(acc2, ab):  # ab: (the RM values of A of one step, already private; its RN values of B)
        return let(lambda bP: map_seq_unroll(
            lambda accR_a: map_seq_unroll(lambda c_b: MULT_AND_SUM_UP(get(0) << c_b, get(1) << accR_a, get(1) << c_b))
            << zip_(get(0) << accR_a, bP)) << zip_(acc2, get(0) << ab)) << b_private(get(1) << ab)

    def step(acc, tiles):
        b_tile = copy(get(1) << tiles, v["TK"] * v["TN"], "TN")
        return let(lambda aL: let(lambda bL: compute(acc, aL, bL)) << b_tile) << copy(get(0) << tiles,
                                                                                     v["TM"] * v["TK"], "TK")

    def tile_of_c(aRows, bCols):
        init = to_private(_lcl2(ID)) << value(0, acc_t)
        red = join() << (reduce_seq(init, step) << zip_(transpose() << (map_(split("TK")) << aRows),
                                                         split("TK") << bCols))
        out = to_global(_lcl2(ID)) << red  # [TM/RM][TN/RN][RM][RN], written through the views below
        if runs:  # [TM/RM][TN/RN][RM][RN/4][4] -> [RM][TM/RM][RN/4][TN/RN][4] -> [TM][TN]
            runs_out = map_(lambda r: map_(lambda c: map_(split(RUN)) << c) << r) << out
            return map_(lambda row: join() << (join() << row)) << (join() << (
                transpose_w_nd(2, 0, 3, 1, 4) << runs_out))
        return map_(join()) << (join() << (transpose_w_nd(2, 0, 3, 1) << out))

    body = join() << (map_wrg(1, lambda aRows: map_(join()) << (transpose_w() << (
        map_wrg(0, lambda bCols: tile_of_c(aRows, bCols)) << (transpose() << (map_(split("TN")) << pb)))))
        << (split("TM") << pa))
    return finish(Program(bench.program.name, bench.program.params, body))


def _choose(s) -> dict[str, int]:
    m, n, k = s["M"], s["N"], s["K"]
    tm = s.get("TM") or largest_divisor(m, 64) or 1
    tn = s.get("TN") or largest_divisor(n, 64) or 1
    rm = s.get("RM") or largest_divisor(tm, 4) or 1
    rn = s.get("RN") or largest_divisor(tn, 4) or 1
    vw = s.get("VW") or next(w for w in (4, 2, 1) if tn % w == 0 and k % w == 0)
    tk = s.get("TK") or largest_divisor(k, 16, vw) or largest_divisor(k, 16) or 1
    if tk % vw:
        vw = next(w for w in (4, 2, 1) if tn % w == 0 and tk % w == 0)
    return {"TM": tm, "TN": tn, "TK": tk, "RM": rm, "RN": rn, "VW": vw, "KU": s.get("KU", 0), "CB": s.get("CB", 0)}


def _check(s, v) -> list[str]:
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
    need(v.get("KU", 0) in (0, 1) and v.get("CB", 0) in (0, 1), "KU and CB are switches: 0 or 1")
    need(not v.get("KU", 0) or v["TK"] % RUN == 0, f"KU = 1 needs TK % {RUN} = 0 (TK = {v['TK']})")
    need(not v.get("CB", 0) or v["RN"] % RUN == 0, f"CB = 1 needs RN % {RUN} = 0 (RN = {v['RN']})")
    need(v["RM"] * v["RN"] <= MAX_REGS, f"RM * RN <= {MAX_REGS} private accumulators")
    wg = (v["TN"] // max(v["RN"], 1)) * (v["TM"] // max(v["RM"], 1))
    need(wg <= MAX_WG, f"work-group size (TN/RN)*(TM/RM) = {wg} <= {MAX_WG}")
    lmem = 4 * (v["TM"] * v["TK"] + v["TK"] * v["TN"])
    need(lmem <= MAX_LOCAL_BYTES, f"local memory 4*(TM*TK + TK*TN) = {lmem} <= {MAX_LOCAL_BYTES} bytes")
    return bad


def lowerings_for(bench) -> list[Lowering]:
    if bench.name != "mm":
        return []

    def build(s, v):
        p = build_tiled(bench, v)
        local = (v["TN"] // v["RN"], v["TM"] // v["RM"])
        launch = KernelLaunch((s["N"] // v["RN"], s["M"] // v["RM"]), local)
        facts = {"work_group_size": local[0] * local[1], "accumulators": v["RM"] * v["RN"],
                 "local_floats": v["TM"] * v["TK"] + v["TK"] * v["TN"], "k_tiles": s["K"] // v["TK"]}
        return p, (launch,), facts

    return [Lowering(bench.name, "tiled", __doc__.split("\n\n")[0], PARAMS, build, _choose, _check,
                     {0: "TN/RN", 1: "TM/RM"})]
