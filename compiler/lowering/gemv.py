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

Tuning parameters and constraints (checked by `_check`; split(L) and split(R) give Ch4 inference its N % L = 0
and M % R = 0, the work-group size L and the local memory L R floats):
- L: work items per work group (the local size, dimension 0); a power of 2 up to 1024 with N % L = 0.
- R: rows per work group; M % R = 0; local memory L * R * 4 bytes <= 48 KiB.
- Work group: local size (L,); global size (M/R * L,).
"""

from __future__ import annotations

from ..ir.build import (
    get,
    join,
    let,
    map_,
    map_lcl,
    map_seq,
    map_wrg,
    reduce_seq,
    split,
    to_global,
    to_local,
    to_private,
    transpose,
    value,
    zip_,
)
from ..ir.node import Program
from ..ir.userfuns import ADD, ID, MULT_AND_SUM_UP
from ..suite.blas import AXPBY
from ..types import FLOAT
from .default import finish
from .lowered import KernelLaunch, Lowering, TuningParam, largest_divisor

PARAMS = (
    TuningParam("L", "work items per work group, each summing every L-th column of the group's rows "
                "(a power of 2 up to 1024, N % L = 0)"),
    TuningParam("R", "rows of A per work group (M % R = 0; L * R partial sums in local memory)"),
)
MAX_WG = 1024
MAX_LOCAL_BYTES = 48 * 1024


def build_tiled(bench) -> Program:
    """The tiled program, symbolic in L and R (one structure for every value)."""
    pa, px, py, alpha, beta = bench.program.params

    def dot(seg):  # seg: [(a, x)]N/L, one lane's strided slice of a row
        return to_local(map_seq(ID)) << (reduce_seq(to_private(ID) << value(0, FLOAT), lambda acc, ab: MULT_AND_SUM_UP(
            acc, get(0) << ab, get(1) << ab)) << seg)

    def group(rows):
        lanes = transpose() << (map_(lambda row: transpose() << (split("L") << zip_(get(0) << row, px))) << rows)
        part = map_(join()) << (to_local(map_lcl(0, lambda lane: map_seq(dot) << lane)) << lanes)  # [L][R]

        def finish_row(sums_y):
            total = reduce_seq(to_private(ID) << value(0, FLOAT), lambda acc, s: ADD(acc, s)) << (get(0) << sums_y)
            return map_seq(lambda s: AXPBY(alpha, s, beta, get(1) << sums_y)) << total

        return let(lambda p: join() << (to_global(map_lcl(0, finish_row)) << zip_(
            transpose() << p, map_(get(1)) << rows))) << part

    body = join() << (map_wrg(0, group) << (split("R") << zip_(pa, py)))
    return finish(Program(bench.program.name, bench.program.params, body))


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


def lowerings_for(bench) -> list[Lowering]:
    if bench.name != "gemv":
        return []

    def build(s, v):
        p = build_tiled(bench)
        launch = KernelLaunch((s["M"] // v["R"] * v["L"],), (v["L"],))
        facts = {"work_group_size": v["L"], "local_floats": v["L"] * v["R"], "row_steps": s["N"] // v["L"]}
        return p, (launch,), facts

    return [Lowering(bench.name, "tiled", __doc__.split("\n\n")[0], PARAMS, build, _choose, _check, {0: "L"})]
