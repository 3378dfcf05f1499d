"""A named lowering's template problem derives the members of its switch union only when a decision needs them:
availability asks for one member with a point, the parameters' values ask for every member, and what they
answer is the union of the members' spaces."""

from __future__ import annotations

from compiler.constraints import H100
from compiler.lowering import templates
from compiler.suite import resolve

LIMITS = H100


def _problem(uri: str, name: str) -> templates.TemplateProblem:
    bench, sizes = resolve(uri)
    return templates.TemplateProblem(bench, name, sizes, LIMITS)


def test_availability_derives_one_member_of_mm_tiled():
    tp = _problem("benchmark://lift/mm/small", "tiled")
    assert len(tp.combos) >= 16  # KU, CB, AT, PF
    assert tp.has_point()
    assert list(tp._members) == [tp.combos[0]]  # the first member has a point: no other derivation
    assert tp.program is tp._members[tp.combos[0]][2].program


def test_parameter_values_are_the_union_over_every_member():
    tp = _problem("benchmark://lift/mm/small", "tiled")
    members = [tp._member(c) for c in tp.combos]
    for p in tp.params:
        if p.kind == "switch":
            continue
        want = sorted({v for _, sp, _ in members for v in sp.valid_values(p.name, {})})
        assert tp.valid_values(p.name, {}) == want, p.name
    assert len(tp._members) == len(tp.combos)
    assert tp.space.count() == sum(sp.count() for _, sp, _ in members)
    at_on = {"AT": 1}
    assert tp.valid_values("TM", at_on) == sorted(
        {v for f, sp, _ in members if f["AT"] == 1 for v in sp.valid_values("TM", {})})
    assert tp.valid_values("TM", at_on) != tp.valid_values("TM", {})  # AT = 1 needs rows in runs of 4


def test_inferred_lists_every_member_and_shares_equal_programs():
    tp = _problem("benchmark://lift/mm/small", "tiled")
    inferred = tp.inferred
    assert tuple(inferred) == tp.combos
    first = dict(zip(tp.switches, tp.combos[0], strict=True))

    def combo(**changed):
        return tuple({**first, **changed}[s] for s in tp.switches)

    assert inferred[combo()] is inferred[combo(PF=1)]  # PF is an option of the code generator
    assert inferred[combo()] is not inferred[combo(KU=1)]


def test_available_templates_agree_with_the_full_union():
    for uri in ("benchmark://lift/mm/small", "benchmark://lift/conv/small", "benchmark://lift/gemv/small"):
        bench, sizes = resolve(uri)
        templates.clear_caches()
        got = templates.available_templates(bench, sizes, LIMITS)
        want = tuple(n for n in templates.templates_of(bench)
                     if (tp := _problem(uri, n)).valid_values(tp.params[0].name, {}))
        assert got == want and got, uri
