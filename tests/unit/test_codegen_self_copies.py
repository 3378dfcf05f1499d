"""Stores of a location's own value (compiler.codegen.selfcopy): no kernel of the suite's named lowerings holds a
statement `X = X;`, at its default point or at points sampled from its tuning space; mm's `tiled` kernels, whose
step loop started each tile's reduction with a copy of the accumulator onto itself, still compute the product on
OpenCL; `self_copies=True` renders them as before; the kernel IR (what the performance models read) keeps them."""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler.codegen import kernel_ir, kir
from compiler.codegen.index import Var, cst, var
from compiler.codegen.selfcopy import drop_self_copies, is_self_copy
from compiler.constraints import GENERIC_GPU
from compiler.errors import CompilerError
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import template_problem
from compiler.suite import list_benchmarks, preset_sizes, rel_error, resolve
from compiler.suite.user import load_benchmark
from compiler.types import FLOAT, VectorType
from tests.opencl_once import opencl_available, run_once
from tests.user_programs import FOLDER, PROGRAMS

STATEMENT = re.compile(r"^\s*(.+?) = (.+);\s*(//.*)?$")
SAMPLES = 2  # points sampled from each lowering's tuning space, besides its default


def self_copies(source: str) -> list[str]:
    """The statements `X = X;` of a kernel's source."""
    return [line.strip() for line in source.splitlines()
            if (m := STATEMENT.match(line)) and m.group(1).strip() == m.group(2).strip()]


def points(bench, name: str, sizes: dict, seed: int) -> list:
    """The lowering at its default point, then at points sampled from its tuning space."""
    low = lowerings(bench)[name]
    out = [low(sizes)]
    if low.params:
        tp = template_problem(bench, name, sizes, GENERIC_GPU)
        out += [tp.lowered(tp.complete(p)) for p in tp.space.sample(np.random.default_rng(seed), SAMPLES)]
    return out


BENCHES = [b.name for b in list_benchmarks()]


@pytest.mark.parametrize("bench_name", BENCHES)
def test_no_kernel_of_a_named_lowering_stores_a_location_onto_itself(bench_name):
    bench = next(b for b in list_benchmarks() if b.name == bench_name)
    sizes = preset_sizes(bench, "small")
    compiled = 0
    for name in lowerings(bench):
        for n, lowered in enumerate(points(bench, name, sizes, seed=len(bench_name))):
            try:
                kp = lowered.compile()
            except CompilerError:
                assert n > 0, f"{bench_name}/{name} does not compile at its default point"
                continue  # a sampled point the code generator refuses has no kernel
            compiled += 1
            for k in kp.kernels:
                assert not self_copies(k.source), f"{bench_name}/{name} at {dict(lowered.params)}: {k.name}"
    assert compiled


# mm's tiled points whose kernels copied the accumulator onto itself: KU 0 and 1, AT, PF, register blocks
MM_POINTS = [{},
             {"TM": 8, "TN": 16, "TK": 16, "RM": 1, "RN": 16, "VW": 2, "KU": 1, "CB": 1},
             {"TM": 8, "TN": 16, "TK": 16, "RM": 4, "RN": 4, "VW": 8, "KU": 1, "AT": 1, "PF": 1},
             {"TM": 16, "TN": 4, "TK": 8, "RM": 4, "RN": 1, "VW": 2, "KU": 0, "AT": 1, "PF": 1}]


@pytest.mark.parametrize("params", MM_POINTS, ids=[",".join(f"{k}{v}" for k, v in p.items()) or "default"
                                                    for p in MM_POINTS])
def test_tiled_product_without_the_accumulators_copy_onto_itself_equals_the_reference(params):
    bench, sizes = resolve("benchmark://lift/mm?M=16&N=16&K=32")
    lowered = lowerings(bench)["tiled"](sizes, params)
    before = "\n".join(k.source for k in lowered.compile(self_copies=True).kernels)
    kp = lowered.compile()
    assert self_copies(before) and not any(self_copies(k.source) for k in kp.kernels)
    if not opencl_available():
        pytest.skip("no OpenCL device")
    inputs = bench.make_inputs(sizes, np.random.default_rng(4))
    ref = np.asarray(bench.reference(inputs, sizes))
    out = run_once(kp, {k: np.ascontiguousarray(v, dtype=np.float32).reshape(-1) for k, v in inputs.items()})
    assert rel_error(out.reshape(ref.shape), ref) <= bench.tolerance


def test_a_users_rectangular_product_has_no_self_copy_and_equals_its_reference():
    bench, spec = load_benchmark(FOLDER / "matmul.lift"), PROGRAMS["matmul"]
    had = 0
    for lowered in points(bench, "tiled", spec.sizes, seed=7):
        had += bool(self_copies("\n".join(k.source for k in lowered.compile(self_copies=True).kernels)))
        kp = lowered.compile()
        assert not any(self_copies(k.source) for k in kp.kernels), dict(lowered.params)
        if opencl_available():
            inputs = spec.inputs(np.random.default_rng(0))
            out = run_once(kp, {k: np.ascontiguousarray(v, dtype=np.float32).reshape(-1) for k, v in inputs.items()})
            ref = np.asarray(spec.reference(inputs))
            assert rel_error(out.reshape(ref.shape), ref) <= 1e-4, dict(lowered.params)
    assert had  # the points held the copies before


def test_with_self_copies_the_kernel_differs_only_by_them_and_their_unroll_comment():
    bench, sizes = resolve("benchmark://lift/mm/small")
    lowered = lowerings(bench)["tiled"](sizes)
    before = lowered.compile(self_copies=True).kernels[0].source.splitlines()
    now = lowered.compile().kernels[0].source.splitlines()
    kept = [line for k, line in enumerate(before) if not self_copies(line) and not (
        line.strip() == "// mapSeqUnroll unrolled" and k + 1 < len(before) and self_copies(before[k + 1]))]
    assert kept == now and len(before) - len(now) == 1 + 16  # the comment and a 4 x 4 register block


def test_the_kernel_ir_keeps_the_copies_the_models_read():
    bench, sizes = resolve("benchmark://lift/mm/small")
    lowered = lowerings(bench)["tiled"](sizes)
    state = kernel_ir(lowered.program, lowered.env, lowered.local_sizes() or None)
    body = state.lowered.kernels[0].body
    assert sum(is_self_copy(s) for s in kir.walk_stmts(body)) == 16
    assert not self_copies(lowered.compile().kernels[0].source)


def _buffer(name: str, count: int, elem=FLOAT) -> kir.Buffer:
    return kir.Buffer(name, kir.PRIVATE, elem, count, "private")


def test_a_loop_holding_only_self_copies_is_left_out_and_other_stores_stay():
    acc, x = _buffer("acc", 4), _buffer("x", 4)
    i = Var("i", 4, "seq", 0)
    own = kir.Store(kir.MemRef(acc, var(i)), kir.Load(kir.MemRef(acc, var(i))))
    shifted = kir.Store(kir.MemRef(acc, var(i)), kir.Load(kir.MemRef(acc, var(i) + 1)))
    other = kir.Store(kir.MemRef(acc, var(i)), kir.Load(kir.MemRef(x, var(i))))
    guarded = kir.If((), [kir.Store(kir.MemRef(acc, cst(0)), kir.Load(kir.MemRef(acc, cst(0))))], [])
    body = [kir.Decl(acc), kir.Loop(i, "seq", 0, 4, [own]), guarded, kir.Loop(i, "seq", 0, 4, [own, other]),
            kir.Loop(i, "seq", 0, 4, [shifted])]
    out = drop_self_copies(body)
    assert [type(s).__name__ for s in out] == ["Decl", "Loop", "Loop"]
    assert out[1].body == [other] and out[2].body == [shifted]
    assert drop_self_copies(out) is out  # nothing left to drop: the same list


def test_a_vector_onto_itself_and_a_lane_onto_its_own_lane_are_self_copies():
    v = _buffer("v", 1, VectorType(FLOAT, 4))
    whole = kir.MemRef(v, cst(0), 4)
    assert is_self_copy(kir.Store(whole, kir.Load(whole)))
    assert is_self_copy(kir.Store(kir.MemRef(v, cst(2)), kir.Lane(kir.Load(whole), 2)))
    assert not is_self_copy(kir.Store(kir.MemRef(v, cst(2)), kir.Lane(kir.Load(whole), 1)))
    assert not is_self_copy(kir.Store(kir.MemRef(v, cst(2)), kir.Call("f", (kir.Load(kir.MemRef(v, cst(2))),))))
