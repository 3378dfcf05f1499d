"""iterate(n, f) in generated code: unrolled between two ping-pong buffers up to MAX_ITERATE steps, a sequential
loop of two steps per iteration beyond (so the buffers need no runtime selection), with barriers inside the loop
where the steps exchange elements between work items; 255 iterations on the OpenCL device (PoCL in CI) against
the interpreter and NumPy."""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler.codegen import compile_program
from compiler.codegen.lower import MAX_ITERATE
from compiler.ir.build import (
    iterate,
    join,
    map_glb,
    map_lcl,
    map_seq,
    map_wrg,
    program,
    reorder,
    split,
    to_global,
    to_local,
    to_private,
    value,
)
from compiler.ir.interpret import interpret
from compiler.ir.userfuns import ADD, ID
from compiler.types import FLOAT, array
from tests.opencl_once import opencl_available, run_once

A = array(FLOAT, "N")


def _add1(y):
    return ADD(y, value(1, FLOAT))


def global_steps(n: int):
    """Each step a mapGlb over global memory: out = a + n."""
    return program("it", {"a": A}, lambda a: iterate(n, lambda x: map_glb(0, to_global(_add1)) << x) << a)


def local_steps(n: int):
    """Inside a work group of 8 items, each step reorders its chunk in local memory (other work items' elements:
    a barrier between steps and at the loop's end), then the chunk is written back."""
    def chunk(c):
        stepped = iterate(n, lambda x: to_local(map_lcl(0, _add1)) << reorder(2) << x) << c
        return to_global(map_lcl(0, ID)) << stepped
    return program("itl", {"a": A}, lambda a: join() << map_wrg(0, chunk) << split(8) << a)


def private_steps(n: int):
    """Inside a mapGlb, each work item steps its own row of 4 in private memory."""
    def row(r):
        return to_global(map_seq(ID)) << iterate(n, lambda x: to_private(map_seq(_add1)) << x) << r
    return program("itp", {"a": A}, lambda a: join() << map_glb(0, row) << split(4) << a)


def _source(p, sizes) -> str:
    (k,) = compile_program(p, sizes).kernels
    return k.source


def _applications(src: str) -> int:
    return src.count("add(")


def test_short_iterate_is_unrolled():
    src = _source(global_steps(MAX_ITERATE), {"N": 16})
    assert "iterate(" not in src and _applications(src) - 1 == MAX_ITERATE  # one line defines add


@pytest.mark.parametrize("n", [MAX_ITERATE + 1, MAX_ITERATE + 2, 255, 256, 10_000])
def test_long_iterate_is_a_loop_of_two_steps(n):
    src = _source(global_steps(n), {"N": 16})
    loop = re.search(r"for \(int \w+ = 0; \w+ < (\d+); \w+\+\+\) \{  // iterate\((\d+)\)", src)
    assert loop is not None and int(loop.group(2)) == n
    pairs = int(loop.group(1))
    outside = _applications(src) - 1 - 2  # the definition of add and the loop body's two steps
    assert 2 * pairs + outside == n and outside in (2, 3)


def test_long_iterate_inside_a_work_group_has_barriers_in_its_loop():
    src = _source(local_steps(255), {"N": 32})
    body = src[src.index("// iterate(255)"):]
    assert body.count("barrier(") >= 2


@pytest.mark.parametrize("make, sizes", [(global_steps, {"N": 64}), (local_steps, {"N": 32}),
                                         (private_steps, {"N": 32})])
def test_long_iterate_matches_the_interpreter(make, sizes):
    x = np.arange(sizes["N"], dtype=np.float32)
    want = interpret(make(255), {"a": x}, sizes)
    if make is not local_steps:
        assert np.array_equal(want, x + 255)


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("make, sizes", [(global_steps, {"N": 64}), (local_steps, {"N": 32}),
                                         (private_steps, {"N": 32})])
@pytest.mark.parametrize("n", [255, 256])
def test_long_iterate_runs_on_the_device(make, sizes, n):
    x = np.arange(sizes["N"], dtype=np.float32)
    p = make(n)
    got = run_once(compile_program(p, sizes), {"a": x}).reshape(-1)
    assert np.array_equal(got, np.asarray(interpret(p, {"a": x}, sizes)).reshape(-1))
