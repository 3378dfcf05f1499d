"""gemv tiled derived by rules from the benchmark's program: the derivation reproduces the assembled program
(equal keys, symbolic and at concrete points), and each rule of compiler.rewrite.rules_reduction applies where its
guard holds, refuses where it does not, and keeps the meaning of the program on random data."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.ir.build import (
    get,
    join,
    let,
    map_,
    map_lcl,
    map_seq,
    map_wrg,
    program,
    reduce_,
    reduce_seq,
    reorder,
    split,
    to_global,
    to_local,
    to_private,
    transpose,
    value,
    zip_,
)
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Program, at
from compiler.ir.ops import Op
from compiler.ir.printer import program_key
from compiler.ir.userfuns import ADD, ID, MULT, MULT_AND_SUM_UP, SQUARE
from compiler.lowering import derivation, gemv
from compiler.lowering.default import finish
from compiler.rewrite import apply, legal_sites, prepare
from compiler.rewrite import rules_reduction as red
from compiler.suite import get as get_bench
from compiler.suite.blas import AXPBY
from compiler.types import FLOAT, array
from tests.program_inputs import uniform_inputs

BENCH = get_bench("gemv")


def assembled_tiled(bench, lanes="L", rows="R") -> Program:
    """gemv tiled written directly with the builders: the program the derivation must reproduce."""
    pa, px, py, alpha, beta = bench.program.params

    def dot(seg):  # seg: [(a, x)]N/L, one lane's strided slice of a row
        return to_local(map_seq(ID)) << (reduce_seq(to_private(ID) << value(0, FLOAT), lambda acc, ab: MULT_AND_SUM_UP(
            acc, get(0) << ab, get(1) << ab)) << seg)

    def group(rs):
        lanes_ = transpose() << (map_(lambda row: transpose() << (split(lanes) << zip_(get(0) << row, px))) << rs)
        part = map_(join()) << (to_local(map_lcl(0, lambda lane: map_seq(dot) << lane)) << lanes_)  # [L][R]

        def finish_row(sums_y):
            total = reduce_seq(to_private(ID) << value(0, FLOAT), lambda acc, s: ADD(acc, s)) << (get(0) << sums_y)
            return map_seq(lambda s: AXPBY(alpha, s, beta, get(1) << sums_y)) << total

        return let(lambda p: join() << (to_global(map_lcl(0, finish_row)) << zip_(
            transpose() << p, map_(get(1)) << rs))) << part

    body = join() << (map_wrg(0, group) << (split(rows) << zip_(pa, py)))
    return finish(Program(bench.program.name, bench.program.params, body))


@pytest.mark.parametrize("lanes,rows", [("L", "R"), (4, 2), (32, 1), (1, 4), (16, 8)])
def test_derived_tiled_is_the_assembled_program(lanes, rows):
    assert program_key(gemv.build_tiled(BENCH, lanes, rows)) == program_key(assembled_tiled(BENCH, lanes, rows))


# --- each rule on its own: applies where its guard holds, refuses where not, keeps the meaning --------------------
F = FLOAT
ZERO = value(0, F)




def _rewrites(rule, hl: Program, sizes: dict[str, int], where=None) -> Program:
    """`rule` applied at its (first chosen) legal site; the result interprets equal to the input on random data."""
    p = prepare(hl)
    sites = [s for s in legal_sites(p, rule, sizes) if where is None or where(at(p, s.path))]
    assert sites, f"{rule.name} found no site in {p}"
    q = apply(p, rule, sites[0], sizes)
    assert program_key(q) != program_key(p)
    inputs = uniform_inputs(p, sizes, np.random.default_rng(1))
    np.testing.assert_allclose(interpret(q, inputs, sizes), interpret(p, inputs, sizes), rtol=1e-5, atol=1e-6)
    return q


def _refuses(rule, hl: Program, sizes: dict[str, int] | None = None, where=None) -> None:
    p = prepare(hl)
    assert not [s for s in legal_sites(p, rule, sizes) if where is None or where(at(p, s.path))]


def _prog(params: dict, body) -> Program:
    return program("t", params, body)


def _is(n, op: Op) -> bool:
    return isinstance(n, FunCall) and getattr(n.f, "op", None) is op


def test_join_join_flattens_the_inner_levels_first():
    three = {"A": array(F, 4, 3, 2)}
    q = _rewrites(red.JOIN_JOIN, _prog(three, lambda A: join() << (join() << (map_(
        lambda r: map_(lambda c: map_(SQUARE) << c) << r) << A))), {})
    assert "map(" in str(q) and str(q).count("join") == 2
    _refuses(red.JOIN_JOIN, _prog({"A": array(F, 4, 3)}, lambda A: join() << (map_(lambda r: map_(SQUARE) << r) << A)))


def test_reorder_moves_before_a_map_and_is_a_strided_view():
    v = {"v": array(F, 8)}
    q = _rewrites(red.REORDER_MAP, _prog(v, lambda v: reorder(2) << (map_(SQUARE) << v)), {})
    assert _is(q.body, Op.MAP)
    _refuses(red.REORDER_MAP, _prog(v, lambda v: map_(SQUARE) << (reorder(2) << v)))
    sym = {"v": array(F, "N")}
    q = _rewrites(red.REORDER_SPLIT, _prog(sym, lambda v: map_(SQUARE) << (reorder(4) << v)), {"N": 12})
    assert "transpose" in str(q) and "reorder" not in str(q)
    _refuses(red.REORDER_SPLIT, _prog(sym, lambda v: map_(SQUARE) << (reorder(4) << v)), {"N": 10})


def test_map_join_commutes_with_transpose_of_one_element_arrays_only():
    def body(x):
        return map_(join()) << (transpose() << (map_(lambda r: map_(lambda c: map_(SQUARE) << c) << r) << x))

    q = _rewrites(red.MAP_JOIN_TRANSPOSE, _prog({"x": array(F, 2, 3, 1)}, body), {})
    assert _is(q.body, Op.TRANSPOSE)
    _refuses(red.MAP_JOIN_TRANSPOSE, _prog({"x": array(F, 2, 3, 2)}, body))


def test_map_fission_view_splits_off_a_view_of_tuples_but_not_a_computation():
    ps = {"A": array(F, 3, 4), "v": array(F, 4)}
    q = _rewrites(red.MAP_FISSION_VIEW, _prog(ps, lambda A, v: map_(lambda r: map_(
        lambda t: MULT(get(0) << t, get(1) << t)) << zip_(r, v)) << A), {})
    assert _is(q.body, Op.MAP) and _is(q.body.args[0], Op.MAP)
    _refuses(red.MAP_FISSION_VIEW, _prog(ps, lambda A, v: map_(lambda r: reduce_(ZERO, ADD) << (
        map_(SQUARE) << r)) << A))


def _rows_with_y(sum_uses_row: bool):
    ps = {"A": array(F, 3, 4), "y": array(F, 3), "v": array(F, 4)}

    def body(A, y, v):
        return join() << (map_(lambda t: map_(lambda s: ADD(s, get(1) << t)) << (
            reduce_(ZERO, ADD) << (get(0) << t if sum_uses_row else v))) << zip_(A, y))

    return _prog(ps, body)


def test_map_fission_zip_zips_a_computed_value_with_the_projection_it_needs():
    def sums(n):
        return _is(n, Op.REDUCE)

    q = _rewrites(red.MAP_FISSION_ZIP, _rows_with_y(True), {}, sums)
    assert _is(q.body.args[0], Op.MAP) and _is(q.body.args[0].args[0], Op.ZIP)
    _refuses(red.MAP_FISSION_ZIP, _rows_with_y(False), None, sums)  # the sum does not use the row


def test_let_bind_names_a_computed_value_of_a_function_body():
    ps = {"A": array(F, 3, 4)}

    def body(A):
        return map_(lambda r: map_(lambda a: ADD(a, a)) << (map_(SQUARE) << r)) << A

    q = _rewrites(red.LET_BIND, _prog(ps, body), {}, lambda n: _is(n, Op.MAP) and "square" in str(n))
    assert "let(" in str(q)
    # the whole body of a function is not bound (nothing would be shared)
    _refuses(red.LET_BIND, _prog(ps, lambda A: map_(lambda r: map_(SQUARE) << r) << A),
             None, lambda n: _is(n, Op.MAP) and "square" in str(n))


def test_reduce_copies_its_result_and_its_initial_value_once():
    ps = {"A": array(F, 3, 4)}
    once = red.id_after_reduce("toGlobal")
    q = _rewrites(once, _prog(ps, lambda A: join() << (map_(lambda r: reduce_(ZERO, ADD) << r) << A)), {})
    assert "toGlobal(mapSeq(id))" in str(derivation.point_free_wrappers(q))
    assert not legal_sites(q, once)
    _refuses(red.ID_AFTER_REDUCE_LOCAL, _prog(ps, lambda A: join() << (map_(lambda r: reduce_(ZERO, ADD) << r) << A)))
    init = red.ID_FOR_REDUCE_INIT_PRIVATE
    q = _rewrites(init, _prog(ps, lambda A: join() << (map_(lambda r: reduce_seq(ZERO, ADD) << r) << A)), {})
    assert "toPrivate(id) << value(0" in str(q)
    assert not legal_sites(q, init)
