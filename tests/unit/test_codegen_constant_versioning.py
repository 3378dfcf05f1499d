"""Constant memory for small uniform read-only buffers (codegen/constant.py) and pad versioning
(codegen/versioning.py), on the generated source and the kernel IR (no device)."""

from __future__ import annotations

import itertools
import re

import pytest

from compiler.codegen import compile_program, kir
from compiler.codegen.constant import CONSTANT_ARGS, constant_buffers
from compiler.codegen.index import Var, compare, evaluate, var
from compiler.codegen.versioning import interior_conditions, version_body
from compiler.ir.build import (
    join,
    map_glb,
    map_seq,
    pad_nd,
    program,
    reduce_seq,
    reduce_seq_unroll,
    slide_nd,
    to_global,
    to_private,
    value,
    zip_,
)
from compiler.ir.userfuns import ADD, ID, MULT_AND_SUM_UP, NEG
from compiler.types import FLOAT, array
from tests.lowerings import catalogued

Z = value(0, FLOAT)


def A(*n):
    return array(FLOAT, *n)


def constant_args(src: str) -> set[str]:
    return set(re.findall(r"constant float\* restrict (\w+)", src))


def stencil(unroll=True):
    red = reduce_seq_unroll if unroll else reduce_seq

    def point(nb, w):
        from compiler.ir.build import get
        return to_global(map_seq(ID)) << red(to_private(ID) << Z, lambda acc, t: MULT_AND_SUM_UP(
            acc, get(0) << t, get(1) << t)) << zip_(join() << nb, join() << w)

    return program("st", {"w": A(3, 3), "a": A("M", "N")}, lambda w, a: map_glb(1, map_glb(0, lambda nb: point(
        nb, w))) << slide_nd((3, 3), (1, 1)) << pad_nd((1, 1, 1, 1), Z) << a)


# --- constant memory --------------------------------------------------------------------------------------------
def test_uniform_small_input_is_constant_and_the_grid_is_not():
    (k,) = compile_program(stencil(), {"M": 8, "N": 8}).kernels
    assert constant_args(k.source) == {"w"}
    assert "const global float* restrict a" in k.source


@pytest.mark.parametrize("unroll", [True, False])
def test_sequential_loop_indices_are_uniform(unroll):
    (k,) = compile_program(stencil(unroll), {"M": 8, "N": 8}).kernels
    assert constant_args(k.source) == {"w"}


def test_budget_zero_or_too_small_keeps_global_pointers():
    assert constant_args(compile_program(stencil(), {"M": 8, "N": 8}, constant_bytes=0).kernels[0].source) == set()
    assert constant_args(compile_program(stencil(), {"M": 8, "N": 8}, constant_bytes=35).kernels[0].source) == set()
    assert constant_args(compile_program(stencil(), {"M": 8, "N": 8}, constant_bytes=36).kernels[0].source) == {"w"}


def test_single_work_item_kernel_gets_no_constant_memory():
    p = program("s", {"a": A("N")}, lambda a: to_global(map_seq(ID)) << reduce_seq(Z, ADD) << a)
    assert constant_args(compile_program(p, {"N": 16}).kernels[0].source) == set()


def test_written_buffers_and_work_item_indexed_reads_stay_global():
    p = program("g", {"a": A("N"), "s": A(1)}, lambda a, s: map_glb(0, lambda x: to_global(NEG) << x) << a)
    (k,) = compile_program(p, {"N": 16}).kernels
    assert constant_args(k.source) == set()  # a is read at gl_id_0, s is never read
    loop = kir.Loop(Var("gl_id_0", 4, "glb", 0), "glb", 0, 4)
    buf = kir.Buffer("t", kir.GLOBAL, FLOAT, 4, "tmp")
    loop.body = [kir.Store(kir.MemRef(buf, var(loop.var) * 0), kir.Load(kir.MemRef(buf, var(loop.var) * 0)))]
    assert constant_buffers([loop], [(buf, True)]) == frozenset()
    assert constant_buffers([loop], [(buf, False)]) == frozenset({"t"})


def test_at_most_the_minimum_number_of_constant_arguments():
    loop = kir.Loop(Var("gl_id_0", 4, "glb", 0), "glb", 0, 4)
    bufs = [kir.Buffer(f"b{i}", kir.GLOBAL, FLOAT, 1, "in") for i in range(CONSTANT_ARGS + 2)]
    out = kir.Buffer("out", kir.GLOBAL, FLOAT, 4, "out")
    value_ = kir.Call("f", tuple(kir.Load(kir.MemRef(b, var(loop.var) * 0)) for b in bufs))
    loop.body = [kir.Store(kir.MemRef(out, var(loop.var)), value_)]
    got = constant_buffers([loop], [(b, False) for b in bufs] + [(out, True)])
    assert got == frozenset(b.name for b in bufs[:CONSTANT_ARGS])


def test_suite_defaults_use_constant_memory_where_expected():
    assert constant_args(catalogued("gaussian", "default", "small").compile().source) == {"weights"}
    assert constant_args(catalogued("kmeans", "default", "small").compile().source) == {"centres", "ids"}
    assert constant_args(catalogued("mm", "default", "small").compile().source) == set()


# --- pad versioning ---------------------------------------------------------------------------------------------
def test_versioned_stencil_has_an_interior_branch_without_conditionals():
    (k,) = compile_program(stencil(), {"M": 8, "N": 10}, versioning=True).kernels
    src = k.source
    head = "if (gl_id_0 >= 1 && gl_id_0 < 9 && gl_id_1 >= 1 && gl_id_1 < 7) {"
    assert head in src
    interior = src[src.index(head):src.index("} else {")]
    assert "?" not in interior and interior.count("multAndSumUp(acc") == 9
    assert src[src.index("} else {"):].count("?") == 12  # the border branch keeps every pad conditional
    assert "if (" not in compile_program(stencil(), {"M": 8, "N": 10}).kernels[0].source  # off by default


def test_a_single_conditional_is_not_versioned():
    from compiler.ir.build import pad
    p = program("p", {"a": A("N")}, lambda a: map_glb(0, to_global(ID)) << pad(1, 0, Z) << a)
    src = compile_program(p, {"N": 8}, versioning=True).kernels[0].source
    assert "if (" not in src and "?" in src


def test_conditions_on_inner_loop_variables_stay_in_both_branches():
    # not unrolled: the window index i is a loop variable inside the body, so nothing can be hoisted
    src = compile_program(stencil(unroll=False), {"M": 8, "N": 8}, versioning=True).kernels[0].source
    assert "} else {" not in src


def test_interior_conditions_are_exactly_no_pad_condition():
    x, y = Var("x", 12, "glb", 0), Var("y", 7, "glb", 1)
    conds = {compare(var(x), "<", 2), compare(var(x), "<", 1), compare(var(x), ">=", 10), compare(var(y), ">=", 5),
             compare(var(x) + var(y), "<", 3)}
    interior = interior_conditions(conds)
    assert interior is not None
    for vx, vy in itertools.product(range(12), range(7)):
        env = {"x": vx, "y": vy}

        def holds(c, env=env):
            v = evaluate(c.e, env)
            return v < c.c if c.op == "<" else v >= c.c

        assert all(holds(c) for c in interior) == (not any(holds(c) for c in conds)), env


def test_empty_interior_is_not_versioned():
    x = Var("x", 4, "glb", 0)
    assert interior_conditions({compare(var(x), "<", 2), compare(var(x), ">=", 2)}) is None
    out = kir.Buffer("out", kir.GLOBAL, FLOAT, 4, "out")
    a = kir.Buffer("a", kir.GLOBAL, FLOAT, 4, "in")
    sel = kir.Select((compare(var(x), "<", 2), compare(var(x), ">=", 2)), kir.Lit("0.0f"),
                     kir.Load(kir.MemRef(a, var(x))))
    body = [kir.Store(kir.MemRef(out, var(x)), kir.Call("f", (sel, sel)))]
    assert version_body(body, frozenset({x})) is body


def test_body_with_a_barrier_is_not_versioned():
    x = Var("l_id_0", 4, "lcl", 0)
    out = kir.Buffer("out", kir.GLOBAL, FLOAT, 4, "out")
    a = kir.Buffer("a", kir.GLOBAL, FLOAT, 4, "in")
    sel = kir.Select((compare(var(x), "<", 1),), kir.Lit("0.0f"), kir.Load(kir.MemRef(a, var(x) - 1)))
    body = [kir.Store(kir.MemRef(out, var(x)), kir.Call("f", (sel, sel))), kir.Barrier(frozenset({"global"}))]
    assert version_body(body, frozenset({x})) is body
    (branch,) = version_body(body[:1], frozenset({x}))
    assert isinstance(branch, kir.If) and branch.other == body[:1]
