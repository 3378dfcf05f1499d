"""Wrong kernels the first correctness launch alone would pass, on a real OpenCL device (PoCL in CI): a kernel
correct on its first launch only, and kernels writing past the end of a buffer (guard words)."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.runtime.measure import MeasureConfig, measure_in_process
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]

FAST = MeasureConfig(warmup_s=0.002, min_sample_s=0.001, min_samples=3, max_samples=4, time_cap_s=0.2,
                     watchdog_margin_s=2.0, build_timeout_s=60.0)
N = 1024


def _vadd(body: str, *, temp: bool = False) -> KernelProgram:
    """c = a + b over N floats with `body` as the kernel's statements (i, n, a, b, c and maybe t in scope)."""
    targ = ", __global float* t" if temp else ""
    src = (f"__kernel void vadd(__global float* a, __global const float* b, __global float* c{targ}, "
           f"const int n)\n{{\n    int i = get_global_id(0);\n    {body}\n}}\n")
    args = [KernelArg("a", "in", "float", N), KernelArg("b", "in", "float", N), KernelArg("c", "out", "float", N)]
    if temp:
        args.append(KernelArg("t", "tmp", "float", N))
    args.append(KernelArg("n", "int", value=N))
    return KernelProgram((Kernel("vadd", src, tuple(args), (N,), (64,)),), ("a", "b"), ("c",), flops=N,
                         bytes=12.0 * N)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(1)
    a, b = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    return {"a": a, "b": b}, {"c": a + b}


@pytest.fixture(scope="module")
def dev():
    from compiler.runtime import cl

    return cl.open_device()


def test_a_correct_kernel_passes_both_checks(dev, data):
    inputs, gold = data
    m = measure_in_process(_vadd("if (i < n) c[i] = a[i] + b[i];"), inputs, gold, FAST, device=dev)
    assert m.status == "ok" and m.checked and m.median_s > 0, m.message


def test_a_kernel_correct_on_its_first_launch_only_is_wrong(dev, data):
    # it writes its own input, so every later launch computes from changed data
    inputs, gold = data
    m = measure_in_process(_vadd("if (i < n) { c[i] = a[i] + b[i]; a[i] += 1.0f; }"), inputs, gold, FAST,
                           device=dev)
    assert m.status == "correctness" and m.median_s is None, m
    assert "input buffer 'a'" in m.message and "must not write its inputs" in m.message, m.message


def test_a_write_one_element_past_the_output_is_caught_naming_the_buffer(dev, data):
    inputs, gold = data
    m = measure_in_process(_vadd("if (i < n) c[i] = a[i] + b[i];\n    if (i == n - 1) c[n] = 0.0f;"),
                           inputs, gold, FAST, device=dev)
    assert m.status == "correctness" and m.median_s is None, m
    assert "'c'" in m.message and "past its end" in m.message and f"index {N}" in m.message, m.message


def test_a_write_past_a_temporary_is_caught_without_gold(dev, data):
    inputs, _ = data
    body = "if (i < n) { t[i] = a[i]; c[i] = t[i] + b[i]; }\n    if (i == n - 1) t[n + 3] = 1.0f;"
    m = measure_in_process(_vadd(body, temp=True), inputs, None, FAST, device=dev)
    assert m.status == "correctness" and "'t'" in m.message and f"index {N + 3}" in m.message, m.message
