"""The Ch5 parallel-mapping CSP: the Fig 5.2 golden enumeration, brute force, and applying a mapping."""

from __future__ import annotations

import itertools
import random

import pytest

from compiler.constraints.examples import conv_layer, delower, fig52
from compiler.constraints.mapping import apply_mapping, mapping_space
from compiler.errors import ConstraintError
from compiler.ir.build import join, lam, map_, map_wrg, program, split, to_global, to_local
from compiler.ir.node import Prim, walk
from compiler.ir.ops import Op
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import ADD, MULT
from compiler.types import FLOAT, array, same_type

ABCD = ("m0", "m1", "m2", "m3")


def golden_global() -> set[tuple]:
    """The 40 mappings of spec §2.12 (x != y, d in 0..2; 3x = mapGlb(x), 2d/1d = mapWrg/mapLcl(d))."""
    g = {(0, 0, 0, 1)}
    for x in range(3):
        g |= {(0, 30 + x, 0, 30 + x), (0, 30 + x, 30 + x, 0), (0, 30 + x, 30 + x, 1), (30 + x, 0, 0, 1)}
        g |= {(20 + x, 10 + x, 0, 10 + x), (20 + x, 10 + x, 10 + x, 0), (20 + x, 10 + x, 10 + x, 1)}
        for y in range(3):
            if x != y:
                g |= {(30 + x, 30 + y, 0, 30 + y), (30 + x, 30 + y, 30 + y, 0), (30 + x, 30 + y, 30 + y, 1)}
    return g


def tuples(ms) -> set[tuple]:
    return {tuple(s[n] for n in ABCD) for s in ms.enumerate()}


def test_fig52_structure():
    ms = mapping_space(fig52("global"))
    assert ms.names == ABCD
    assert ms.chains == ((0, 1), (0, 2, 3))
    assert [s.perfectly_nested for s in ms.sites] == [False, False, False, True]
    assert 1 in ms.sites[3].domain and all(1 not in s.domain for s in ms.sites[:3])
    assert len(list(itertools.product(*(s.domain for s in ms.sites)))) == 11000


def test_fig52_global_memory_gives_the_40_golden_mappings():
    ms = mapping_space(fig52("global"))
    assert ms.count() == 40
    assert tuples(ms) == golden_global()
    assert mapping_space(fig52("global"), fusion_heuristic=False).count() == 44  # without (5.10)
    assert mapping_space(fig52("global"), allow_sequential=False).count() == 39  # not (0, 0, 0, 1)


def test_fig52_local_memory_gives_9_with_the_fixed_rule_5_2():
    ms = mapping_space(fig52("local"))
    assert [s.uses_local for s in ms.sites] == [False, True, True, True]
    want = set()
    for d in range(3):
        want |= {(20 + d, 10 + d, 0, 10 + d), (20 + d, 10 + d, 10 + d, 0), (20 + d, 10 + d, 10 + d, 1)}
    assert tuples(ms) == want and ms.count() == 9
    # the thesis' legal example (Wrg0, Lcl0, Lcl0, Seq) and illegal one (Glb1, Glb0, Glb0, Seq)
    assert ms.check(dict(zip(ABCD, (20, 10, 10, 0))))
    assert not ms.check(dict(zip(ABCD, (31, 30, 30, 0))))


def test_fig52_private_memory_gives_4():
    ms = mapping_space(fig52("private"))
    assert tuples(ms) == {(0, 0, 0, 1), (30, 0, 0, 1), (31, 0, 0, 1), (32, 0, 0, 1)}


@pytest.mark.parametrize("memory", ["global", "local"])
def test_valid_values_equal_brute_force_projection(memory):
    ms = mapping_space(fig52(memory))
    doms = [s.domain for s in ms.sites]
    valid = [dict(zip(ABCD, t)) for t in itertools.product(*doms)
             if all(c.check(dict(zip(ABCD, t))) for c in ms.constraints)]
    assert len(valid) == ms.count()
    rng = random.Random(7)
    for _ in range(60):
        p = rng.choice(ABCD)
        src = rng.choice(valid) if rng.random() < 0.7 else {n: rng.choice(d) for n, d in zip(ABCD, doms)}
        partial = {n: src[n] for n in ABCD if n != p and rng.random() < 0.5}
        want = sorted({v[p] for v in valid if all(v[k] == x for k, x in partial.items())})
        assert ms.valid_values(p, partial) == want


def _ops(p) -> list[tuple[str, tuple]]:
    return [(n.op.text, tuple(int(x) for x in n.static)) for _, n in walk(p)
            if isinstance(n, Prim) and n.op.text.startswith("map")]


def test_apply_mapping_rewrites_and_type_checks():
    src = fig52("local")
    out = apply_mapping(src, dict(zip(ABCD, (20, 10, 10, 0))))
    assert _ops(out) == [("mapWrg", (0,)), ("mapLcl", (0,)), ("mapLcl", (0,)), ("mapSeq", ())]
    assert same_type(typecheck(out).result, typecheck(src).result)
    assert mapping_space(out).count() == 1  # now fully decided


def test_apply_mapping_fuses_perfectly_nested_maps():
    src = fig52("global")
    out = apply_mapping(src, dict(zip(ABCD, (0, 31, 31, 1))))
    assert _ops(out) == [("mapSeq", ()), ("mapGlb", (1,)), ("mapGlb", (1,))]
    assert same_type(typecheck(out).result, typecheck(src).result)
    # split(s1) o mapC(f) o join replaces mapC(mapD(f)): one more join and one more split than before
    count = lambda p, op: sum(isinstance(n, Prim) and n.op is op for _, n in walk(p))  # noqa: E731
    assert count(out, Op.JOIN) == count(src, Op.JOIN) + 1 and count(out, Op.SPLIT) == count(src, Op.SPLIT) + 1


def test_apply_mapping_rejects_invalid_mappings():
    with pytest.raises(ConstraintError, match="invalid parallel mapping"):
        apply_mapping(fig52("local"), dict(zip(ABCD, (31, 30, 30, 0))))
    with pytest.raises(ConstraintError, match="not in the domain"):
        apply_mapping(fig52("global"), dict(zip(ABCD, (0, 1, 0, 1))), check=False)


def test_partially_lowered_program_keeps_its_decisions():
    def body(X, y, z):
        mul = to_local(lam(lambda e: MULT(e, y)))
        add = to_global(lam(lambda e: ADD(e, z)))
        inner = lam(lambda chunk: map_(add) @ join() @ map_(map_(mul)) @ split("s1") << chunk)
        return join() @ map_wrg(1, inner) @ split("s0") << X

    p = program("partial", {"X": array(FLOAT, "n"), "y": FLOAT, "z": FLOAT}, body)
    ms = mapping_space(p)
    assert ms.sites[0].domain == (21,)
    assert tuples(ms) == {(21, 11, 0, 11), (21, 11, 11, 0), (21, 11, 11, 1)}


def test_conv_mapping_spaces():
    # the hand-written mapping of Listing 4.2 satisfies (5.1)-(5.9); its mapSeq(mapSeq(..)) pairs break (5.10)
    assert mapping_space(conv_layer(), fusion_heuristic=False).count() == 1
    assert mapping_space(conv_layer()).count() == 0
    ms = mapping_space(delower(conv_layer()))
    assert len(ms.sites) == 15
    n = ms.count()
    assert n > 0
    for pt in ms.sample(0, 5):
        out = ms.apply(pt)
        assert same_type(typecheck(out).result, typecheck(conv_layer()).result)
