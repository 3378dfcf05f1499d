"""Lowering the shapes rewrite points produce: the mapping CSP's fixed rules, stage and kernel results
in global memory, and the device's memory limits. Each case is one of the causes that made sampled conv-rp
configurations fail to lower (or crash PoCL) in `scripts/check_rewrite_points_pocl.py`."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.constraints.device import H100, POCL_CPU
from compiler.constraints.mapping import mapping_space
from compiler.ir.build import (
    get,
    lam,
    map_,
    ocl_kernel,
    program,
    reduce_,
    to_global,
    to_local,
    to_private,
    transpose,
    value,
    zip_,
)
from compiler.ir.interpret import interpret
from compiler.ir.node import Prim, walk
from compiler.ir.ops import Op
from compiler.ir.userfuns import ADD, MULT
from compiler.lowering.default import finish
from compiler.lowering.points import LoweringFailed, memory_error, output_to_global, rp_mapping_space
from compiler.lowering.points_route import lower_program
from compiler.types import FLOAT, array


def _count(p, op: Op) -> int:
    return sum(1 for _, n in walk(p) if isinstance(n, Prim) and n.op is op)


def test_no_mapwrg_inside_a_maplcl_of_another_dimension():
    """(5.6) literally forbids only mapWrg(d) in mapLcl(d); the code generator refuses every mapWrg in a mapLcl,
    so the fixed rule forbids them all (wrg(1) > lcl(1) > wrg(0) > lcl(0) satisfies every other rule)."""
    p = program("nest4", {"a": array(FLOAT, 2, 2, 2, 2)}, lambda a: map_(lam(lambda w: map_(lam(lambda x: map_(
        lam(lambda y: map_(lam(lambda z: ADD(z, z))) << y)) << x)) << w)) << a)
    ms = mapping_space(p)
    assert not ms.check({"m0": 21, "m1": 11, "m2": 20, "m3": 10})
    assert ms.check({"m0": 21, "m1": 20, "m2": 11, "m3": 10})
    assert all(not (a // 10 == 1 and b // 10 == 2)
               for s in ms.enumerate() for i, a in enumerate(s.values()) for b in list(s.values())[i + 1:])


def _colsums(rows: int, cols: int):
    """The column sums of each of 2 matrices: a reduce whose accumulator is an array, inside a map."""
    return program("colsums", {"a": array(FLOAT, 2, rows, cols)}, lambda a: map_(lam(lambda m: reduce_(
        map_(lam(lambda e: e)) << value(0, array(FLOAT, cols)),
        lam(lambda acc, row: map_(lam(lambda t: ADD(get(0) << t, get(1) << t))) << zip_(acc, row))) << m)) << a)


def test_a_map_inside_a_reduce_operator_writes_private_memory():
    """The operator of a reduce with an array accumulator (column sums) writes the accumulator, which the
    lowering keeps in private memory: (5.1) keeps the map inside it sequential."""
    p = _colsums(8, 4)
    ms = mapping_space(p)
    outer, inner = ms.sites
    assert inner.outer == (0,) and inner.uses_private and not outer.uses_private
    sols = ms.enumerate()
    assert all(sol[inner.name] < 10 for sol in sols) and any(sol[outer.name] >= 30 for sol in sols)
    low = lower_program(p, {}, rng=0)
    a = np.arange(64, dtype=np.float32).reshape(2, 8, 4)
    np.testing.assert_allclose(np.asarray(interpret(low.lowered, {"a": a})).reshape(-1), a.sum(axis=1).reshape(-1))


def _two_kernels():
    """k2 o k1: each kernel's result placed in local / private memory by a caster (as privatiseAccumulator's
    `toMem(resultMem)(id)` and materialise's copies can leave it)."""
    k1 = ocl_kernel(lam(lambda x: map_(to_local(lam(lambda e: ADD(e, e)))) << x))
    k2 = ocl_kernel(lam(lambda y: map_(to_private(lam(lambda e: MULT(e, e)))) << y))
    return program("twok", {"a": array(FLOAT, 16)}, lambda a: k2(k1(a)))


def test_every_kernel_result_is_written_to_global_memory():
    p = _two_kernels()
    q, changed = output_to_global(p)
    assert changed == 2 and _count(q, Op.TO_LOCAL) == 0 and _count(q, Op.TO_PRIVATE) == 0
    assert not any(s.uses_private or s.uses_local for s in rp_mapping_space(q).sites)  # (5.1)/(5.2) do not bind
    low = lower_program(p, {}, rng=1)
    assert low.kernels == 2 and any(c >= 30 for c in low.mapping.values())  # a parallel mapping compiled
    a = np.arange(16, dtype=np.float32)
    np.testing.assert_allclose(np.asarray(interpret(low.lowered, {"a": a})).reshape(-1), (2 * a) ** 2)


def _two_stages():
    """One kernel, two stages: row products, transposed, then summed per column (stage 1's result is
    rearranged before stage 2 reads it, as tileNestedMapReduce's partial results are)."""
    return program("stages", {"a": array(FLOAT, 4, 8)}, lambda a: map_(lam(lambda col: reduce_(
        value(0, FLOAT), lam(lambda acc, x: ADD(acc, x))) << col)) << (transpose() << (
            map_(lam(lambda row: map_(lam(lambda e: MULT(e, e))) << row)) << a)))


def test_stage_results_are_written_to_global_memory():
    p = _two_stages()
    ms = rp_mapping_space(p)
    codes = {s.name: 0 for s in ms.sites}
    plain, staged = finish(ms.apply(codes)), finish(ms.apply(codes), stages_to_global=True)
    assert _count(staged, Op.TO_GLOBAL) > _count(plain, Op.TO_GLOBAL)
    low = lower_program(p, {}, rng=0)
    a = np.arange(32, dtype=np.float32).reshape(4, 8)
    np.testing.assert_allclose(np.asarray(interpret(low.lowered, {"a": a})).reshape(-1), (a * a).sum(axis=0))


def test_buffers_beyond_the_device_memory_are_rejected():
    """A private accumulator of 512 floats (2 KiB) per work item: over the H100's private-memory heuristic
    (1020 bytes), within PoCL's (64 KiB); every mapping keeps it private, so no mapping fits the H100."""
    p = _colsums(4, 512)
    low = lower_program(p, {}, rng=0, limits=POCL_CPU)
    assert memory_error(low.lowered, {}, POCL_CPU) is None
    assert "private memory per work item" in memory_error(low.lowered, {}, H100)
    with pytest.raises(LoweringFailed, match="private memory"):
        lower_program(p, {}, rng=0, limits=H100)


def test_local_buffers_as_declared_are_checked_against_the_device():
    """Kernel.local_bytes is what the code generator declares; `launch_error` rejects a mapping whose local
    buffers do not fit (a conv-rp configuration declared 3.6 MB of local memory on PoCL's 1 MiB while the
    inferred Ch4 constraint held)."""
    from dataclasses import replace

    from compiler.ir.userfuns import ID
    from compiler.lowering.points import launch_error

    p = program("rows", {"a": array(FLOAT, 4, 64)},
                lambda a: map_(lam(lambda r: map_(to_global(ID)) << (map_(to_local(ID)) << r))) << a)
    ms = rp_mapping_space(p)
    codes = {s.name: 20 if not s.outer else 10 for s in ms.sites}  # mapWrg(0) > mapLcl(0), mapLcl(0)
    low = lower_program(p, {}, mapping=codes)
    (k,) = low.kernel.kernels
    assert "local float" in k.source and k.local_bytes == 64 * 4
    assert launch_error(low.kernel, POCL_CPU) is None
    small = replace(POCL_CPU, local_mem_bytes=128)
    assert "declares 256 bytes of local memory" in launch_error(low.kernel, small)
    with pytest.raises(LoweringFailed, match="local memory"):
        lower_program(p, {}, mapping=codes, limits=small)
