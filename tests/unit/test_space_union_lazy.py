"""A switch union builds its members only when a query needs them, and answers exactly as the union of every
member: a partial assignment that fixes a switch builds only the members of that value, and the template problem
shares one Space between members whose programs and domains are equal."""

from __future__ import annotations

import itertools

import sympy

from compiler.constraints import H100
from compiler.constraints.constraint import Constraint, param
from compiler.constraints.solver import Space, SpaceUnion
from compiler.lowering import templates
from compiler.suite import resolve


def _members():
    x, y = param("x"), param("y")
    return [({"u": 0}, Space({"x": range(1, 9), "y": range(1, 9)}, [Constraint.of(sympy.Eq(x % y, 0))])),
            ({"u": 1}, Space({"x": range(1, 9), "y": range(1, 9)}, [Constraint.of(x + y <= 6)]))]


def test_lazy_members_answer_as_the_built_union():
    eager = SpaceUnion(["u"], _members())
    built: list[int] = []

    def later(i, sp):
        def make():
            built.append(i)
            return sp
        return make

    lazy = SpaceUnion(["u"], [(f, later(i, sp)) for i, (f, sp) in enumerate(_members())], names=("x", "y"))
    assert built == []
    assert lazy.valid_values("x", {"u": 1, "y": 5}) == eager.valid_values("x", {"u": 1, "y": 5}) == [1]
    assert built == [1]  # u = 1 fixed: the u = 0 member is not built
    for partial in ({}, {"y": 3}, {"x": 6}, {"u": 0}, {"u": 0, "x": 7}):
        for name in ("x", "y", "u"):
            assert lazy.valid_values(name, partial) == eager.valid_values(name, partial), (name, partial)
    assert lazy.domains == eager.domains and lazy.count() == eager.count()
    for pt in itertools.product(range(1, 9), range(1, 9), (0, 1)):
        a = dict(zip(("x", "y", "u"), pt))
        assert lazy.check(a) == eager.check(a)


def test_pinned_switch_derives_only_its_members_of_mm_tiled():
    bench, sizes = resolve("benchmark://lift/mm/small")
    tp = templates.TemplateProblem(bench, "tiled", sizes, H100)
    pinned = {"SK": 1}
    got = tp.valid_values("TM", pinned)
    assert all(c[tp.switches.index("SK")] == 1 for c in tp._members)
    want = sorted({v for c in tp.combos if c[tp.switches.index("SK")] == 1
                   for v in tp._member(c)[1].valid_values("TM", {})})
    assert got == want


def test_members_with_equal_programs_share_one_space():
    bench, sizes = resolve("benchmark://lift/mm/small")
    tp = templates.TemplateProblem(bench, "tiled", sizes, H100)
    first = dict(zip(tp.switches, tp.combos[0], strict=True))
    pf = tuple({**first, "PF": 1 - first["PF"]}[s] for s in tp.switches)
    assert tp._member(tp.combos[0])[1] is tp._member(pf)[1]  # PF is an option of the code generator
