"""The 2-D stencils' "tiled" and "default" (rowsPerItem x colsPerItem) lowerings are derived from the benchmark's
program by rules: the derived program is the program the lowering used to assemble with the DSL builders (kept here
as the reference, `assembled_tiled` / `assembled_coarse`), at the symbolic tuning parameters and at concrete points;
every rule of overlapped tiling applies where its guard holds, refuses where it does not, and keeps the program's
meaning on random data (each step of the derivation interprets to the benchmark's output)."""

from __future__ import annotations

import numpy as np
import pytest

from compiler import arith
from compiler.errors import RuleNotApplicable
from compiler.ir.build import (
    get,
    join,
    map_,
    map_glb,
    map_lcl,
    map_seq_unroll,
    map_wrg,
    pad_nd,
    slide_nd,
    slide_strict_nd,
    split,
    to_local,
    transpose,
    transpose_w,
    zip_nd,
)
from compiler.ir.interpret import interpret
from compiler.ir.node import Param, Program, at
from compiler.ir.ops import Op
from compiler.ir.printer import program_key
from compiler.ir.terms import is_call
from compiler.ir.userfuns import ID
from compiler.lowering import stencil
from compiler.lowering.catalog import lowerings
from compiler.lowering.default import default_lowering, finish
from compiler.rewrite import apply, legal_sites, prepare
from compiler.rewrite import rules_stencil_tiling as st
from compiler.suite import get as bench_of

STENCILS = ("stencil2d", "srad1", "srad2", "hotspot2d", "gradient", "jacobi2d-5pt", "jacobi2d-9pt", "gaussian")


# --- the assembled programs the derivations must reproduce -----------------------------------------------------
def assembled_tiled(bench, form: stencil.StencilForm, th, tw) -> Program:
    def tiles(o):
        if o.window is None:
            return slide_strict_nd((th, tw), (th, tw)) << o.grid
        k1, k2 = o.window
        return slide_strict_nd((th + k1 - 1, tw + k2 - 1), (th, tw)) << (pad_nd(o.pads, o.value) << o.grid)

    def local(o, t):
        if o.window is None:
            return t
        return slide_nd(o.window, (1, 1)) << (to_local(map_lcl(1, lambda lrow: map_lcl(0, ID) << lrow)) << t)

    def work_group(tile):
        parts = [local(o, get(i) << tile if form.zipped else tile) for i, o in enumerate(form.operands)]
        z = zip_nd(2, *parts) if form.zipped else parts[0]
        return map_lcl(1, lambda row: join() << (map_lcl(0, form.f) << row)) << z

    zt = zip_nd(2, *(tiles(o) for o in form.operands)) if form.zipped else tiles(form.operands[0])
    body = join() << (map_wrg(1, lambda tile_row: map_(join()) << (transpose_w() << (
        map_wrg(0, work_group) << tile_row))) << zt)
    return finish(Program(bench.program.name, bench.program.params, body))


def assembled_coarse(bench, form: stencil.StencilForm, r, c=None, row_order: bool = False) -> Program:
    """The coarse program; `row_order`: a block's rows computed in turn, each row's columns (blocks of several
    columns)."""
    c = arith.var(stencil.COLS_PER_ITEM) if c is None else c

    def block(blk):
        if row_order:
            return transpose_w() << (map_seq_unroll(lambda row: map_seq_unroll(form.f) << row) << (transpose() << blk))
        return map_seq_unroll(lambda col: map_seq_unroll(form.f) << col) << blk

    body = join() << (map_glb(1, lambda rows: map_(join()) << (transpose_w() << (join() << (
        map_glb(0, block) << (split(c) << (transpose() << rows)))))) << (split(r) << form.points))
    return finish(Program(bench.program.name, bench.program.params, body))


def _form(name):
    b = bench_of(name)
    return b, stencil.match(b.program)


# --- derived == assembled -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", STENCILS)
def test_derived_tiled_program_is_the_assembled_one_at_symbolic_tiles(name):
    b, form = _form(name)
    th, tw = arith.var("tileH"), arith.var("tileW")
    assert program_key(stencil.build_tiled(b, form)) == program_key(assembled_tiled(b, form, th, tw))


@pytest.mark.parametrize(("name", "th", "tw"), [("jacobi2d-5pt", 4, 32), ("hotspot2d", 8, 8), ("srad2", 2, 4),
                                                ("stencil2d", 1, 16)])
def test_derived_tiled_program_is_the_assembled_one_at_concrete_tiles(name, th, tw):
    b, form = _form(name)
    assert program_key(stencil.build_tiled(b, form, th, tw)) == program_key(assembled_tiled(b, form, th, tw))


def test_tiled_lowering_builds_the_derived_program():
    b, form = _form("srad2")
    p, _, _ = lowerings("srad2")["tiled"].build({"N": 16, "M": 16}, {"tileH": 4, "tileW": 8})
    th, tw = arith.var("tileH"), arith.var("tileW")
    assert program_key(p) == program_key(assembled_tiled(b, form, th, tw))


@pytest.mark.parametrize("name", STENCILS)
def test_derived_coarse_program_is_the_assembled_one_at_symbolic_rows(name):
    b, form = _form(name)
    r = arith.var(stencil.ROWS_PER_ITEM)
    assert program_key(stencil.build_coarse(b, form)) == program_key(assembled_coarse(b, form, r))


@pytest.mark.parametrize(("name", "rows", "cols"), [("gaussian", 2, None), ("jacobi2d-5pt", 4, 2),
                                                    ("hotspot2d", 8, 4), ("srad1", 1, 4)])
def test_derived_coarse_program_is_the_assembled_one_at_concrete_blocks(name, rows, cols):
    b, form = _form(name)
    derived = stencil.build_coarse(b, form, rows, unroll=rows, cols=cols, unroll_cols=cols or 1)
    assert program_key(derived) == program_key(assembled_coarse(b, form, rows, cols, row_order=bool(cols)))


def test_default_lowering_switches_between_generic_and_derived_programs():
    b, form = _form("gaussian")
    low = lowerings("gaussian")["default"]
    sizes = {"N": 16, "M": 16}
    one, _, _ = low.build(sizes, {stencil.ROWS_PER_ITEM: 1})
    assert program_key(one) == program_key(default_lowering(b.program, sizes))
    four, _, _ = low.build(sizes, {stencil.ROWS_PER_ITEM: 4, stencil.COLS_PER_ITEM: 1})
    assert program_key(four) == program_key(assembled_coarse(b, form, arith.var(stencil.ROWS_PER_ITEM)))
    cols, _, _ = low.build(sizes, {stencil.ROWS_PER_ITEM: 1, stencil.COLS_PER_ITEM: 4})  # a block one row high
    assert program_key(cols) == program_key(assembled_coarse(b, form, arith.var(stencil.ROWS_PER_ITEM),
                                                             row_order=True))


def test_coarse_loops_stay_loops_beyond_the_unrolling_limit():
    b, form = _form("gaussian")
    text = str(stencil.build_coarse(b, form, unroll=64))  # the column's points: a loop, the block's columns unrolled
    assert "mapSeqUnroll(nbh" not in text and "mapSeqUnroll(col => mapSeq(nbh" in text
    text = str(stencil.build_coarse(b, form, unroll=4, unroll_cols=64))  # the block's rows unrolled, columns a loop
    assert "mapSeqUnroll(col1 => mapSeq(nbh" in text and "transposeW o mapSeqUnroll" in text


# --- every step keeps the meaning ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "th", "tw"), [("jacobi2d-5pt", 2, 4), ("hotspot2d", 4, 2)])
def test_each_tiling_step_interprets_like_the_benchmark(name, th, tw):
    b, form = _form(name)
    sizes = {"N": 8, "M": 8}
    inputs = b.make_inputs(sizes, np.random.default_rng(3))
    want = interpret(b.program, inputs, sizes)
    seen = set()
    for rule_name, p in stencil.derive(b.program, stencil.tiled_plan(form, th, tw), name):
        seen.add(rule_name.split("(")[0])
        np.testing.assert_allclose(interpret(p, inputs, sizes), want, rtol=1e-5, atol=1e-6, err_msg=rule_name)
    expected = {"slideTilingStrict2D", "mapNDUntile", "mapNDFusion", "untileRows", "copyLocal2D"}
    if name == "hotspot2d":
        expected |= {"tileInPlace2D", "zipNDUntile"}
    assert expected <= seen


@pytest.mark.parametrize(("rows", "cols"), [(2, 1), (2, 4)])
def test_each_coarsening_step_interprets_like_the_benchmark(rows, cols):
    b, _ = _form("srad2")
    sizes = {"N": 8, "M": 8}
    inputs = b.make_inputs(sizes, np.random.default_rng(4))
    want = interpret(b.program, inputs, sizes)
    seen = []
    for rule_name, p in stencil.derive(b.program, stencil.coarse_plan(rows, rows, cols, cols), "srad2"):
        seen.append(rule_name)
        np.testing.assert_allclose(interpret(p, inputs, sizes), want, rtol=1e-5, atol=1e-6, err_msg=rule_name)
    assert seen.count(f"columnBlocks({cols})") == 1 and seen.count("mapSeqUnroll") == 2


# --- each rule on its own: applies where its guard holds, refuses where it does not ---------------------------
def _sites(p, rule, sizes=None, where=None):
    return [s for s in legal_sites(p, rule, sizes) if where is None or where(s)]


def _steps_until(name, rule_family, th, tw):
    """The program of the tiled derivation just before its first step by `rule_family`."""
    b, form = _form(name)
    prev = prepare(b.program)
    for rule_name, p in stencil.derive(b.program, stencil.tiled_plan(form, th, tw), name):
        if rule_name.startswith(rule_family):
            return b, prev
        prev = p
    raise AssertionError(rule_family)


def _same_meaning(b, p, q, sizes):
    inputs = b.make_inputs(sizes, np.random.default_rng(7))
    np.testing.assert_allclose(interpret(q, inputs, sizes), interpret(p, inputs, sizes), rtol=1e-5, atol=1e-6)


def test_slide_tiling_strict_2d_tiles_when_the_tiles_divide_the_windows():
    b = bench_of("jacobi2d-5pt")
    p = prepare(b.program)
    rule = st.slide_tiling_strict_2d(2, 4)
    (site,) = _sites(p, rule, {"N": 8, "M": 8})
    q = apply(p, rule, site)
    assert "slideStrictND(4, 6, 2, 4)" in str(q)
    _same_meaning(b, p, q, {"N": 8, "M": 8})
    assert _sites(p, rule, {"N": 7, "M": 8}) == []  # 2 does not divide the 7 window rows
    assert _sites(p, st.slide_tiling_strict_2d(16, 4), {"N": 8, "M": 8}) == []  # a tile taller than the grid


def test_tile_in_place_2d_tiles_a_grid_read_in_place_only():
    b = bench_of("hotspot2d")
    p = prepare(b.program)
    rule = st.tile_in_place_2d(4, 2)
    def grid(s):
        return isinstance(at(p, s.path), Param)

    assert len(_sites(p, rule, {"N": 8, "M": 8})) == 2  # the two data arguments of the zipND
    (site,) = _sites(p, rule, {"N": 8, "M": 8}, grid)  # power, read in place
    q = apply(p, rule, site)
    _same_meaning(b, p, q, {"N": 8, "M": 8})
    assert _sites(p, rule, {"N": 6, "M": 8}) == []  # 4 does not divide 6 rows
    assert len(_sites(q, rule, {"N": 8, "M": 8})) == 1  # power is tiled already: only temp's neighbourhoods left
    assert _sites(prepare(bench_of("jacobi2d-5pt").program), rule, {"N": 8, "M": 8}) == []  # no zipND


@pytest.mark.parametrize(("name", "family", "th", "tw"), [
    ("hotspot2d", "zipNDUntile", 4, 2), ("jacobi2d-5pt", "mapNDUntile", 2, 4), ("srad1", "mapNDFusion", 2, 2),
    ("gradient", "untileRows", 4, 4)])
def test_tile_moving_rules_keep_the_meaning_and_need_untiled_grids(name, family, th, tw):
    rule = {"zipNDUntile": st.ZIP_ND_UNTILE, "mapNDUntile": st.MAP_ND_UNTILE, "mapNDFusion": st.MAP_ND_FUSION,
            "untileRows": st.UNTILE_ROWS}[family]
    b, p = _steps_until(name, family, th, tw)
    sites = _sites(p, rule)
    assert len(sites) == 1
    _same_meaning(b, p, apply(p, rule, sites[0]), {"N": 8, "M": 8})
    assert _sites(prepare(b.program), rule) == []  # the high-level program has no tiles (nor mapND o mapND)


def test_copy_local_2d_stages_a_tile_inside_the_work_groups_only():
    b, p = _steps_until("srad2", "copyLocal2D", 2, 4)
    sites = _sites(p, st.COPY_LOCAL_2D)
    assert len(sites) == 2  # one copy per neighbourhood grid
    q = apply(p, st.COPY_LOCAL_2D, sites[0])
    assert "toLocal(" in str(q)
    _same_meaning(b, p, q, {"N": 8, "M": 8})
    assert len(_sites(q, st.COPY_LOCAL_2D)) == 1  # the copied tile is not copied again
    assert _sites(prepare(b.program), st.COPY_LOCAL_2D) == []  # outside a work group
    high = prepare(b.program)
    slide = _sites(high, st.slide_tiling_strict_2d(2, 4), {"N": 8, "M": 8})[0]  # a slideND of the whole grid
    with pytest.raises(RuleNotApplicable, match="copyLocal2D"):
        apply(high, st.COPY_LOCAL_2D, slide)


def test_untiled_recognises_the_reassembly_view():
    b = bench_of("jacobi2d-5pt")
    p = prepare(b.program)
    (site,) = _sites(p, st.slide_tiling_strict_2d(2, 2), {"N": 8, "M": 8})
    q = apply(p, st.slide_tiling_strict_2d(2, 2), site)
    found = []

    def walk(n):
        if st.untiled(n) is not None:
            found.append(st.untiled(n))
        for c in n.children():
            walk(c)

    walk(q.body)
    assert len(found) == 1 and is_call(found[0], Op.MAP_ND)
    assert st.untiled(Param("x")) is None


def test_column_blocks_splits_the_loop_over_the_columns_of_a_row_group_only():
    b, _ = _form("jacobi2d-9pt")
    p = prepare(b.program)
    for rule_name, q in stencil.derive(b.program, stencil.coarse_plan(2, 2, 4, 4), "jacobi2d-9pt"):
        if rule_name.startswith("columnBlocks"):
            break
        p = q
    rule = st.column_blocks(4)
    (site,) = _sites(p, rule)  # the map over transpose << rows, not the map over the groups of rows
    assert is_call(at(p, site.path).args[0], Op.TRANSPOSE)
    q = apply(p, rule, site)
    assert "split(4) o transpose" in str(q)
    _same_meaning(b, p, q, {"N": 8, "M": 8})
    assert _sites(p, st.column_blocks(3), {"N": 8, "M": 8}) == []  # 3 does not divide 8 columns
    assert _sites(p, st.column_blocks(8), {"N": 8, "M": 8}) == []  # a block as wide as the row: no split
    assert _sites(prepare(b.program), rule, {"N": 8, "M": 8}) == []  # no transposed group of rows


def test_tiling_rules_state_their_law_and_guard_outside_the_catalogue():
    from compiler.rewrite.catalog import BY_NAME

    rules = st.stencil_tiling_rules(2, 4)
    assert len({r.name for r in rules}) == len(rules) == 7
    for r in (*rules, st.column_blocks(4)):
        assert "->" in r.law and "\n" not in r.law and r.guard, r.name
        assert r.name not in BY_NAME, r.name  # the environment's per-step actions stay as they are
