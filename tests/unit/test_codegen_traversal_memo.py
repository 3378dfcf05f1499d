"""The code generator's memoised forms keep their meaning: an index's cached hash is the value its fields give and
survives pickling and copying; the kernel IR's traversals (loads, accesses, statement walk) list what a direct
recursive reading of the statements lists, in the same order."""

from __future__ import annotations

import copy
import pickle

from compiler.codegen import kir
from compiler.codegen.index import Clamp, Cmp, Div, Mod, Var, clamp, cst, floordiv, mod, var
from compiler.types import ScalarType

I, J = Var("i", 8, "lcl", 0), Var("j", 16)
i, j = var(I), var(J)
FLOAT = ScalarType("float")
A = kir.Buffer("a", kir.GLOBAL, FLOAT, 128, "in")
T = kir.Buffer("t", kir.LOCAL, FLOAT, 128, "local")
OUT = kir.Buffer("out", kir.GLOBAL, FLOAT, 128, "out")


def test_an_index_hash_is_the_hash_of_its_fields_and_survives_pickling_and_copies():
    exprs = [16 * i + j, floordiv(i + 3 * j, 4), mod(j + 5, 8), clamp(i - 1, 0, 7), cst(3)]
    for e in exprs:
        assert hash(e) == hash((e.terms, e.const))
        for again in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e), copy.copy(e)):
            assert again == e and hash(again) == hash(e)
    for atom in (I, Div(i, 3), Mod(j, 4), Clamp(i, 0, 3)):
        assert hash(atom) == hash(tuple(getattr(atom, f) for f in atom.__dataclass_fields__))
    c = Cmp(i + j, "<", 9)
    assert hash(c) == hash((c.e, c.op, c.c)) and pickle.loads(pickle.dumps(c)) == c
    assert {16 * i + j: 1}[var(I) * 16 + var(J)] == 1


def _loads_reference(e):
    if isinstance(e, kir.Load):
        return [e.ref]
    if isinstance(e, kir.Call):
        return [r for a in e.args for r in _loads_reference(a)]
    if isinstance(e, kir.Vec):
        return [r for a in e.lanes for r in _loads_reference(a)]
    if isinstance(e, kir.Select):
        return _loads_reference(e.then) + _loads_reference(e.other)
    if isinstance(e, kir.Lane):
        return _loads_reference(e.value)
    return []


def _accesses_reference(s, loops=()):
    out = []
    if isinstance(s, kir.Store):
        out += [(r, False, loops) for r in _loads_reference(s.value)] + [(s.ref, True, loops)]
    for c in kir.children(s):
        out += _accesses_reference(c, (*loops, s) if isinstance(s, kir.Loop) else loops)
    return out


def _walk_reference(stmts):
    return [x for s in stmts for x in (s, *_walk_reference(kir.children(s)))]


def _kernel():
    ld = lambda b, ix: kir.Load(kir.MemRef(b, ix))  # noqa: E731
    inner = kir.Loop(J, "seq", 0, 16, [
        kir.Store(kir.MemRef(T, 16 * i + j), kir.Call("add", (ld(A, 16 * i + j), kir.Lane(ld(A, j), 0)))),
        kir.If((Cmp(j, "<", 8),), [kir.Store(kir.MemRef(OUT, j), kir.Select((Cmp(i, "<", 1),), ld(T, j),
                                                                                 kir.Lit("0.0f")))],
               [kir.Comment("else")]),
    ])
    return [kir.Loop(I, "lcl", 0, 8, [inner, kir.Barrier(frozenset({"local"})), kir.Block([
        kir.Store(kir.MemRef(OUT, i), kir.Vec("float2", (ld(T, i), ld(A, i + 1))))])])]


def test_traversals_list_the_accesses_and_statements_in_reading_order():
    body = _kernel()
    assert list(kir.walk_stmts(body)) == _walk_reference(body)
    for s in kir.walk_stmts(body):
        assert list(kir.accesses(s)) == _accesses_reference(s)
        assert list(kir.accesses(s, (body[0],))) == _accesses_reference(s, (body[0],))
        if isinstance(s, kir.Store):
            assert list(kir.expr_loads(s.value)) == _loads_reference(s.value)
    assert [r.buf.name for r, w, _ in kir.accesses(body[0]) if not w] == ["a", "a", "t", "t", "a"]
