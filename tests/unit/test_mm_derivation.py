"""mm "tiled" is derived from the benchmark's program by rules: the derived program is the program the lowering
used to assemble with the DSL builders (kept here as the reference, `assembled_tiled`) at the default parameters
and at concrete points covering both values of each switch (KU, CB), scalar and vector loads, flat and row-by-row
tile copies; every rule of rules_tiling keeps the program's meaning where the derivation applies it (random
data, interpreter) and refuses where its guard does not hold."""

from __future__ import annotations

import numpy as np
import pytest

from compiler import arith
from compiler.ir.build import (
    as_scalar,
    as_vector,
    get,
    join,
    let,
    map_,
    map_lcl,
    map_seq_unroll,
    map_wrg,
    program,
    reduce_,
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
from compiler.ir.interpret import interpret
from compiler.ir.node import Literal, Program
from compiler.ir.ops import Op
from compiler.ir.printer import program_key
from compiler.ir.terms import free_vars
from compiler.ir.userfuns import ADD, ID, MULT_AND_SUM_UP
from compiler.lowering import derivation, mm
from compiler.lowering.default import finish
from compiler.rewrite import legal_sites
from compiler.rewrite import rules_tiling as rt
from compiler.suite import get as bench_of
from compiler.types import FLOAT, array
from tests.lowerings import catalogued

RUN = 4
BENCH = bench_of("mm")
SIZES = {"M": 16, "N": 16, "K": 16}
POINTS = [
    {"TM": 8, "TN": 8, "TK": 8, "RM": 2, "RN": 4, "VW": 4, "KU": 0, "CB": 0},  # flat vector copies
    {"TM": 8, "TN": 8, "TK": 8, "RM": 2, "RN": 4, "VW": 4, "KU": 1, "CB": 0},
    {"TM": 8, "TN": 8, "TK": 8, "RM": 2, "RN": 4, "VW": 2, "KU": 0, "CB": 1},
    {"TM": 8, "TN": 16, "TK": 4, "RM": 2, "RN": 8, "VW": 4, "KU": 1, "CB": 1},
    {"TM": 4, "TN": 16, "TK": 4, "RM": 1, "RN": 1, "VW": 4, "KU": 0, "CB": 0},  # A tile copied row by row
    {"TM": 8, "TN": 8, "TK": 8, "RM": 4, "RN": 2, "VW": 1, "KU": 1, "CB": 0},  # scalar copies
]


def _lcl2(f):
    """mapLcl(1)(mapLcl(0)(mapSeqUnroll(mapSeqUnroll(f)))) over [TM/RM][TN/RN][RM][RN]."""
    return map_lcl(1, lambda r: map_lcl(0, lambda c: map_seq_unroll(lambda x: map_seq_unroll(f) << x) << c) << r)


def _seq2(f):
    """mapSeqUnroll(mapSeqUnroll(f)) over an [RM][RN] block."""
    return map_seq_unroll(lambda blk: map_seq_unroll(f) << blk)


def assembled_tiled(bench, v: dict[str, int]) -> Program:
    """The tiled program as the lowering assembled it with the DSL builders: the reference of the derivation."""
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



def test_the_default_point_derives_the_assembled_program():
    default = catalogued("mm", "tiled", "default")
    assert program_key(mm.build_tiled(BENCH, default.params)) == program_key(assembled_tiled(BENCH, default.params))


@pytest.mark.parametrize("v", POINTS, ids=lambda v: "-".join(f"{k}{x}" for k, x in v.items()))
def test_derived_program_is_the_assembled_program(v):
    assert mm._check(SIZES, v) == []
    assert program_key(mm.build_tiled(BENCH, v)) == program_key(assembled_tiled(BENCH, v))


def test_switch_values_derive_different_programs():
    keys = {program_key(mm.build_tiled(BENCH, {**POINTS[0], "KU": ku, "CB": cb})) for ku in (0, 1) for cb in (0, 1)}
    assert len(keys) == 4


def _inputs(seed: int = 0):
    return BENCH.make_inputs(SIZES, np.random.default_rng(seed))


@pytest.mark.parametrize("v", [POINTS[3], POINTS[4]], ids=["KU1-CB1", "rows-scalar"])
def test_every_step_of_the_derivation_keeps_the_result(v):
    trace: list = []
    mm.derive(BENCH.program, v, trace)
    inputs = _inputs()
    env = {**SIZES, **v}
    expected = BENCH.reference(inputs, SIZES)
    seen = set()
    for name, _before, after in trace:
        if name.split("(")[0] in {"mapSeq", "mapSeqUnroll", "reduceSeq", "reduceSeqUnroll", "mapWrg"}:
            continue  # relabelling of loops, covered by the final result
        seen.add(name.split("(")[0])
        out = interpret(after, inputs, env)
        assert np.allclose(out, expected, rtol=1e-4, atol=1e-4), name
    assert {"multAndSumUpFusion", "tileColumns", "tileReduce", "registerBlocking", "copyInto", "prefetch",
            "mapLclInLoop"} | ({"reduceSplitZip"} if v["KU"] else set()) <= seen


def _state(v, upto: str):
    """The program of the derivation for `v` just before the first step of rule family `upto`."""
    trace: list = []
    mm.derive(BENCH.program, v, trace)
    return next(before for name, before, _ in trace if name.split("(")[0] == upto)


def test_mult_and_sum_up_fusion_needs_a_product_added():
    p = program("asum", {"x": array(FLOAT, "N")}, lambda x: reduce_(value(0, FLOAT), lambda a, y: ADD(a, y)) << x)
    assert legal_sites(derivation.start(p), rt.MULT_AND_SUM_UP_FUSION) == []
    assert len(legal_sites(_state(POINTS[0], "multAndSumUpFusion"), rt.MULT_AND_SUM_UP_FUSION)) == 1


def test_tiling_rules_refuse_sizes_that_do_not_divide():
    v = POINTS[0]
    sizes = {**SIZES, **v}
    cols, red, blk = (_state(v, r) for r in ("tileColumns", "tileReduce", "registerBlocking"))
    assert legal_sites(cols, rt.tile_columns("TN"), sizes) and not legal_sites(cols, rt.tile_columns(3), sizes)
    assert legal_sites(red, rt.tile_reduce("TK"), sizes) and not legal_sites(red, rt.tile_reduce(3), sizes)
    assert legal_sites(blk, rt.register_blocking("RM", "RN"), sizes)
    assert not legal_sites(blk, rt.register_blocking(3, "RN"), sizes)
    assert not legal_sites(blk, rt.register_blocking("RM", 2, RUN), sizes)  # runs of 4 in blocks of 2 columns
    assert not legal_sites(red, rt.register_blocking("RM", "RN"), sizes)  # not yet a reduce over tiles
    split_at = _state(POINTS[1], "reduceSplitZip")
    assert legal_sites(split_at, rt.reduce_split_zip(RUN), sizes)
    assert not legal_sites(split_at, rt.reduce_split_zip(3), sizes)


def test_copy_into_needs_as_many_maps_as_dimensions():
    p = _state(POINTS[0], "copyInto")
    four = (Op.MAP_LCL, Op.MAP_LCL, Op.MAP_SEQ_UNROLL, Op.MAP_SEQ_UNROLL)
    literal = [s for s in legal_sites(p, rt.copy_into(Op.TO_PRIVATE, four)) if isinstance(_at(p, s.path), Literal)]
    assert len(literal) == 1
    two = legal_sites(p, rt.copy_into(Op.TO_PRIVATE, four[2:]))
    assert literal[0].path not in {s.path for s in two}


def _paths(n, path=()):
    yield path
    for i, c in enumerate(n.children()):
        yield from _paths(c, (*path, i))


def _at(p, path):
    from compiler.ir.node import at
    return at(p, path)


def test_prefetch_refuses_parameters_and_copies_views_under_their_binder():
    p = _state(POINTS[0], "prefetch")
    sites = legal_sites(p, rt.prefetch("private"))
    assert sites and all(not isinstance(_at(p, s.path), type(BENCH.program.params[0])) for s in sites)
    params = {q.name for q in p.params}
    assert all(free_vars(_at(p, s.path)) - params for s in sites)  # a view of the inputs only has no binder
    assert any(free_vars(_at(p, path)) <= params and _at(p, path).__class__.__name__ == "FunCall"
               for path in _paths(p))


def test_map_lcl_in_loop_needs_a_sequential_work_group_loop():
    before = _state(POINTS[0], "reduceSeq")  # the tile loop still a high-level reduce
    assert not legal_sites(before, rt.map_lcl_in_loop(0))
    assert legal_sites(_state(POINTS[0], "mapLclInLoop"), rt.map_lcl_in_loop(0))
    assert not legal_sites(_state(POINTS[0], "mapLclInLoop"), rt.map_lcl_in_loop(2))
