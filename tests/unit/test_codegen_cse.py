"""The cse pass (compiler/codegen/cse.py): one load per distinct guarded read of a read-only global buffer in
straight-line code, on hand-built kernel IR and on a generated stencil kernel."""

from __future__ import annotations

import re

from compiler.codegen import kir
from compiler.codegen.cse import cse
from compiler.codegen.index import Var, compare, cst, var
from compiler.types import ScalarType

F = ScalarType("float")
GRID = kir.Buffer("grid", kir.GLOBAL, F, 64, "in")
OUT = kir.Buffer("out", kir.GLOBAL, F, 64, "out")
X = Var("gl_id_0", 8, "glb", 0)


def guarded(offset: int) -> kir.CExpr:
    """`(x + offset < 0) ? 0.0f : grid[x + offset]`"""
    i = var(X) + offset
    return kir.select((compare(i, "<", 0),), kir.Lit("0.0f"), kir.Load(kir.MemRef(GRID, i)))


def add(a, b) -> kir.CExpr:
    return kir.Call("add", (a, b))


def store(k: int, value) -> kir.Store:
    return kir.Store(kir.MemRef(OUT, var(X) * 2 + k), value)


def bound(stmts) -> dict[str, kir.CExpr]:
    return {s.ref.buf.name: s.value for s in kir.walk_stmts(stmts)
            if isinstance(s, kir.Store) and s.ref.buf.space == kir.PRIVATE}


def loads(stmts, buf: str) -> int:
    return sum(r.buf.name == buf for s in kir.walk_stmts(stmts) if isinstance(s, kir.Store)
               for r in kir.expr_loads(s.value))


def test_repeated_guarded_reads_are_loaded_once():
    body = [store(0, add(guarded(-1), guarded(0))), kir.Block([store(1, add(guarded(0), guarded(1)))])]
    out = cse(body)
    assert list(bound(out).values()) == [guarded(0)]  # the guard travels with the load
    assert loads(out, "grid") == 3 and loads(body, "grid") == 4
    assert isinstance(out[0], kir.Decl) and isinstance(out[1], kir.Store)  # before the first statement using it
    (ld,) = bound(out)
    assert loads(out, ld) == 2


def test_written_buffers_constant_indices_and_loops_are_left_alone():
    const = kir.Load(kir.MemRef(GRID, cst(3)))  # the same word for every work item
    own = kir.Load(kir.MemRef(OUT, var(X) * 2))  # out is written by the kernel
    body = [store(0, add(const, own)), store(1, add(const, own))]
    assert bound(cse(body)) == {}
    j = Var("j", 4)
    loop = kir.Loop(j, "seq", 0, 4, [store(1, guarded(0))])
    out = cse([store(0, guarded(0)), loop])  # a loop ends the region: nothing shared across it
    assert bound(out) == {}
    inner = kir.Loop(j, "seq", 0, 4, [store(0, guarded(2)), store(1, guarded(2))])
    out = cse([inner])  # inside a loop body: a region of its own
    assert len(bound(out)) == 1 and isinstance(out[0], kir.Loop) and isinstance(out[0].body[0], kir.Decl)


def test_fresh_names_do_not_clash():
    taken = kir.Buffer("ld_0", kir.PRIVATE, F, 1, "private")
    body = [kir.Decl(taken), kir.Store(kir.MemRef(taken, cst(0)), kir.Lit("1.0f")),
            store(0, add(guarded(0), kir.Load(kir.MemRef(taken, cst(0))))), store(1, guarded(0))]
    names = [s.buf.name for s in kir.walk_stmts(cse(body)) if isinstance(s, kir.Decl)]
    assert names == ["ld_0", "ld_1"]


def test_generated_stencil_kernel_reads_each_point_once():
    from tests.lowerings import catalogued

    source = catalogued("gaussian", "default", {"N": 32, "M": 32}).compile().source
    reads = re.findall(r"grid\[[^\]]*\]", source)
    assert len(reads) == len(set(reads)) == (4 + 4) * 5
