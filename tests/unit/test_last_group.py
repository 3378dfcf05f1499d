"""A one-work-group kernel run by the last work group of the kernel before it (compiler.codegen.lastgroup): asum and
dot with F = 1 compile to one kernel with a zero-filled counter, equal to the NumPy reference over repeated launches
(the last group resets the counter); the runtime zero-fills such buffers; launches that cannot be fused are
refused, naming why."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import kir
from compiler.codegen.index import Var, var
from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.codegen.lastgroup import fuse_last_groups
from compiler.codegen.lower import KernelIR
from compiler.codegen.ndrange import Launch
from compiler.errors import CodegenError, InvalidKernel
from compiler.lowering.catalog import lowerings
from compiler.runtime.plan import plan_buffers
from compiler.suite import get, rel_error
from compiler.types import FLOAT
from tests.opencl_once import opencl_available

POINTS = [("asum", {"N": 65536}, {"F": 1}), ("asum", {"N": 65536}, {"V": 1, "L": 32, "C": 64, "F": 1}),
          ("dot", {"N": 65536}, {"F": 1}), ("dot", {"N": 32768}, {"V": 2, "L": 64, "C": 512, "U": 1, "F": 1})]


@pytest.mark.parametrize("bench,sizes,params", POINTS)
def test_the_second_kernel_runs_in_the_last_work_group_and_equals_the_reference(bench, sizes, params):
    b = get(bench)
    lowered = lowerings(bench)["tiled"](sizes, params)
    kp = lowered.compile()
    assert len(kp.kernels) == 1 and len(lowered.compile(last_group=False).kernels) == 2
    (k,) = kp.kernels
    counters = [a for a in k.args if a.kind == "zero"]
    assert [(a.dtype, a.size) for a in counters] == [("int", 1)]
    assert f"global int* {counters[0].name}" in k.source and "atomic_inc" in k.source
    assert k.source.count("barrier(") > len(lowered.compile(last_group=False).kernels[0].source.split("barrier(")) - 1
    if not opencl_available():
        pytest.skip("no OpenCL device")
    from compiler.runtime.cl import open_device

    inputs = b.make_inputs(sizes, np.random.default_rng(1))
    ref = np.asarray(b.reference(inputs, sizes), dtype=np.float64).reshape(-1)
    prepared = open_device().prepare(kp)
    try:
        prepared.write_inputs({n: np.ascontiguousarray(inputs[n], dtype=np.float32).reshape(-1) for n in kp.inputs})
        for launches in (1, 3):  # the counter is back at zero after each launch: every launch sums again
            prepared.poison_outputs()
            prepared.launch(launches)
            (out,) = prepared.read_outputs().values()
            assert rel_error(out.astype(np.float64), ref) < 1e-4, (launches, out, ref)
        prepared.check_guards()
    finally:
        prepared.release()


def test_the_switch_is_on_by_default_and_off_keeps_two_kernels():
    assert lowerings("asum")["tiled"]({"N": 65536}, {}).params["F"] == 1
    kp = lowerings("asum")["tiled"]({"N": 65536}, {"F": 0}).compile()
    assert len(kp.kernels) == 2 and not any(a.kind == "zero" for k in kp.kernels for a in k.args)


def test_a_zero_buffer_is_a_zero_filled_temporary_never_an_input_or_output():
    def program(name: str) -> KernelProgram:
        k = Kernel("k", "kernel void k(global int* c, global float* out) {}",
                   (KernelArg("c", "zero", "int", 1), KernelArg("out", "out", "float", 4)), (4,))
        return KernelProgram((k,), inputs=(), outputs=(name,))

    assert plan_buffers(program("out"))["c"].role == "zeroed"
    with pytest.raises(InvalidKernel, match="zero-filled temporary cannot be a program input or output"):
        plan_buffers(program("c"))


def _kernel(name: str, extent: int) -> KernelIR:
    """A kernel whose mapWrg over `extent` work groups writes one float per group."""
    v = Var(f"wg_{name}", extent, "wrg", 0)
    out = kir.Buffer(f"{name}_out", kir.GLOBAL, FLOAT, extent, "tmp")
    return KernelIR(name, [kir.Loop(v, "wrg", 0, extent, [kir.Store(kir.MemRef(out, var(v)), kir.Lit("0.0f"))])])


def test_kernels_that_cannot_share_a_launch_are_refused_naming_why():
    a, b, c = _kernel("a", 8), _kernel("b", 1), _kernel("c", 1)
    many, one = Launch((512,), (64,), "wrg"), Launch((64,), (64,), "wrg")
    fused, launches = fuse_last_groups([a, b], {"a": many, "b": one}, set())
    assert [k.name for k in fused] == ["a"] and list(launches) == ["a"]
    assert isinstance(fused[0].body[-1], kir.LastGroup)
    with pytest.raises(CodegenError, match=r"local size \(32,\) differs from \(64,\)"):
        fuse_last_groups([a, b], {"a": many, "b": Launch((32,), (32,), "wrg")}, set())
    with pytest.raises(CodegenError, match="already ends with a fused kernel"):
        fuse_last_groups([a, b, c], {"a": many, "b": one, "c": one}, set())
    with pytest.raises(CodegenError, match="only one-dimensional launches"):
        fuse_last_groups([a, b], {"a": Launch((64, 8), (8, 8), "wrg"), "b": Launch((8, 8), (8, 8), "wrg")}, set())
