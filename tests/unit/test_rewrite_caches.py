"""The rewrite driver's caches give the answers of a check from scratch: the typing of a program (memo of checked
calls), the legal sites of a rule (lazy index by root kind, kept listings) and a derivation step's site (the
listing stops at the first site a predicate takes)."""

from __future__ import annotations

import pytest

from compiler.errors import TypeCheckError
from compiler.ir import typecheck as tc
from compiler.ir.build import map_, program, value
from compiler.ir.node import FunCall, Prim, UserFun, at, walk
from compiler.ir.userfuns import MULT
from compiler.lowering import derivation, mm
from compiler.rewrite import RULES, all_legal, apply, legal_sites
from compiler.rewrite.apply import index_program
from compiler.rewrite.rule import Ctx
from compiler.suite import get as bench_of
from compiler.types import FLOAT, array

BENCH = bench_of("mm")
POINT = {"TM": 8, "TN": 8, "TK": 8, "RM": 2, "RN": 4, "VW": 4, "KU": 1, "CB": 1, "AT": 0}


@pytest.fixture(scope="module")
def programs():
    trace: list = []
    mm.derive(BENCH.program, POINT, trace)
    return [before for _, before, _ in trace][::4]


def _typing_from_scratch(p):
    saved = dict(tc._MEMO)
    tc._MEMO.clear()
    try:
        return tc.typecheck(p)
    finally:
        tc._MEMO.clear()
        tc._MEMO.update(saved)


def test_typing_with_recorded_checks_is_the_typing_from_scratch(programs):
    for p in programs:
        tc.typecheck(p)  # records its calls
        again, fresh = tc.typecheck(p), _typing_from_scratch(p)
        assert list(again.of.items()) == list(fresh.of.items())
        assert again.result == fresh.result


def test_a_recorded_call_with_a_size_literal_still_needs_the_size():
    body = lambda y: MULT(y, value("K", FLOAT))  # noqa: E731
    ok = program("f", {"x": array(FLOAT, "K")}, lambda x: map_(body) << x)
    tc.typecheck(ok)
    bad = program("f", {"x": array(FLOAT, "N")}, lambda x: map_(body) << x)
    with pytest.raises(TypeCheckError, match="K not a size of the program"):
        tc.typecheck(bad)


def _sites_from_scratch(p, rule, sizes):
    """Every node of a root kind of the rule where it matches, numbered by a full pre-order walk."""
    a = index_program(p)
    out = []
    for k, (path, n) in enumerate(walk(a.program)):
        kind = (n.f.op if isinstance(n.f, Prim) else "userfun-call" if isinstance(n.f, UserFun) else None
                ) if isinstance(n, FunCall) else None
        parent = at(a.program, path[:-1]) if path else None
        is_expr = parent is not None and (
            path[-1] > 0 if isinstance(parent, FunCall)
            else path[-1] == len(parent.children()) - 1 if hasattr(parent, "params") else False)
        if kind in rule.root_ops or ("expr" in rule.root_ops and is_expr):
            if rule.match(n, Ctx(a.program, a.typing, path, sizes, {})) is not None:
                out.append((k, path))
    return out


def test_legal_sites_are_the_sites_of_a_full_walk(programs):
    for p in programs:
        for sizes in (None, POINT):
            for r in RULES:
                want = _sites_from_scratch(p, r, sizes)
                got = [(s.index, s.path) for s in legal_sites(p, r, sizes)]
                assert got == want, r.name
                assert [(s.index, s.path) for s in legal_sites(p, r, sizes)] == want  # (kept listing)
        got_all = [(i, s.index, s.path) for i, s in all_legal(p)]
        assert got_all == [(i, k, path) for i, r in enumerate(RULES) for k, path in _sites_from_scratch(p, r, None)]


def test_a_step_stops_listing_at_the_first_site_taken(programs):
    p = programs[-1]
    rule = next(r for r in RULES if len(legal_sites(p, r)) >= 3)
    sites = legal_sites(p, rule)
    asked: list = []

    def second(path, n):
        asked.append(path)
        return path == sites[1].path

    got = derivation.step(p, rule, second)
    assert got == apply(p, rule, sites[1])
    assert asked == [sites[0].path, sites[1].path]
    assert derivation.step(p, rule, 2) == apply(p, rule, sites[2])
