"""The code generator's prefetch (compiler/codegen/prefetch.py) on hand-built kernel IR: a tile loop's global loads
move into registers loaded before the loop and, after its barrier, for the next iteration; copies of several
rounds per work item get a register per round; loops where the rewrite would not be safe or bounded are left as
they are."""

from __future__ import annotations

from compiler.codegen import kir
from compiler.codegen.index import Var, compare, render_cmp, var
from compiler.codegen.ndrange import Launch
from compiler.codegen.opencl import Renderer
from compiler.codegen.prefetch import MAX_LOADS, prefetch_tiles
from compiler.types import FLOAT, VectorType

A = kir.Buffer("A", kir.GLOBAL, FLOAT, 1024, "in")
OUT = kir.Buffer("out", kir.GLOBAL, FLOAT, 1024, "out")
TILE = kir.Buffer("tile", kir.LOCAL, FLOAT, 64, "local")
T = Var("t", 8)
LAUNCH = Launch((16,), (16,), "wrg")


def tile_loop(copies_extent: int = 16, width: int = 1, source: kir.Buffer = A, guarded: bool = False,
              loads: int = 1) -> kir.Loop:
    """for t < 8: tile[l + 16k] = source[64 t + 16k + l] (k < loads, l < copies_extent); barrier;
    out[16 t + l] = tile[l]; barrier."""
    lid = Var("l_id_0", copies_extent, "lcl", 0)

    def value(k: int) -> kir.CExpr:
        load = kir.Load(kir.MemRef(source, var(T) * 64 + var(lid) + 16 * k, width))
        return kir.Select((compare(var(lid), "<", 3),), kir.Lit("0.0f"), load) if guarded else load

    copies = kir.Loop(lid, "lcl", 0, copies_extent,
                      [kir.Store(kir.MemRef(TILE, var(lid) + 16 * k, width), value(k)) for k in range(loads)])
    use = Var("l_id_0", 16, "lcl", 0)
    compute = kir.Loop(use, "lcl", 0, 16, [kir.Store(kir.MemRef(OUT, var(T) * 16 + var(use)),
                                                      kir.Load(kir.MemRef(TILE, var(use))))])
    return kir.Loop(T, "seq", 0, 8, [copies, kir.Barrier(frozenset({"local"})), compute,
                                     kir.Barrier(frozenset({"local"}))], label="reduceSeq")


def render(stmts: list[kir.Stmt]) -> str:
    from compiler.codegen.unroll import scalarised
    return "\n".join(Renderer(LAUNCH, scalarised(stmts)).block(stmts, 0))


def test_the_loads_move_to_registers_loaded_before_the_loop_and_after_its_barrier():
    before = [tile_loop()]
    after = prefetch_tiles(before, LAUNCH)
    decl, first, loop = after
    assert isinstance(first, kir.Loop) and first.kind == "lcl"  # the first tile's loads
    assert isinstance(decl, kir.Decl) and decl.buf.space == kir.PRIVATE and decl.buf.count == 1
    assert isinstance(loop, kir.Loop) and loop.var == T and isinstance(loop.body[1], kir.Barrier)
    ahead = loop.body[2]
    assert isinstance(ahead, kir.If) and render_cmp(ahead.conds[0]) == "t < 7"
    text = render(after)
    head, rest = text.split("for (int t = 0;")
    assert "pf_0 = A[l_id_0];" in head  # the first tile: t = 0
    assert "tile[l_id_0] = pf_0;" in rest and "pf_0 = A[l_id_0 + 64 * t + 64];" in rest  # the next: t + 1
    assert before == [tile_loop()]  # the input is not changed


def test_copies_of_several_rounds_get_a_register_each_and_a_short_last_round_keeps_its_guard():
    after = prefetch_tiles([tile_loop(copies_extent=40)], LAUNCH)  # 16 work items: rounds of 16, 16 and 8
    decls = [s for s in after if isinstance(s, kir.Decl)]
    assert len(decls) == 3
    text = render(after)
    assert "pf_2 = A[l_id_0 + 32];" in text and "if (get_local_id(0) < 8) {" in text


def test_vector_loads_take_vector_registers():
    after = prefetch_tiles([tile_loop(width=4, copies_extent=4)], LAUNCH)
    assert after[0].buf.elem == VectorType(FLOAT, 4)


def test_loops_that_would_not_be_safe_or_bounded_are_left_as_they_are():
    written = kir.Buffer("out", kir.GLOBAL, FLOAT, 1024, "out")  # the kernel writes the buffer the copies read
    for loop in (tile_loop(source=written), tile_loop(guarded=True), tile_loop(loads=MAX_LOADS + 1)):
        assert prefetch_tiles([loop], LAUNCH) == [loop]
    inner = tile_loop()
    inner.body[0] = kir.Loop(Var("j", 2), "seq", 0, 2, [inner.body[0]])  # a sequential loop among the copies
    assert prefetch_tiles([inner], LAUNCH) == [inner]
    no_barrier = tile_loop()
    no_barrier.body = [no_barrier.body[0], no_barrier.body[2]]
    assert prefetch_tiles([no_barrier], LAUNCH) == [no_barrier]
