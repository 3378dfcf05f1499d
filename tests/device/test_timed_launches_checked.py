"""Kernels that game the timing, on a real OpenCL device (PoCL in CI): every timed launch finds its output
poisoned, so a kernel that skips work it did before is timed doing the work, or leaves poison behind and is
wrong; the outputs are compared after the probe and after timed batches chosen at random, so a kernel wrong on
its second launch only is status "correctness". Every checked launch starts from the first launch's state (inputs
uploaded again, outputs and temporaries poisoned, zero-filled buffers zeroed, and these must be zero again after
it), so a kernel that keeps its result in a temporary or in an input and copies it back later is wrong."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.runtime.measure import MeasureConfig, measure_in_process
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]

FAST = MeasureConfig(warmup_s=0.002, min_sample_s=0.001, min_samples=3, max_samples=4, time_cap_s=0.3,
                     watchdog_margin_s=5.0, build_timeout_s=60.0)
N = 1024

HEAVY = """
__kernel void mark(__global const float* c, __global int* set)
{
    set[0] = (c[0] == c[0]) ? 1 : 0;   /* out[0] holds a number (not the poison): the work was done before */
}
__kernel void work(__global const float* a, __global const float* b, __global float* c, __global const int* set,
                   const int n, const int reps)
{
    int i = get_global_id(0);
    if (SKIP && set[0]) return;
    float s = 0.0f;
    for (int k = 0; k < reps; k++) s = fma(s, 0.5f, a[i]);
    if (i < n) c[i] = s + b[i];
}
"""

COUNTED = """
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, __global const int* cnt,
                   const int n)
{
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i] + (cnt[0] == 1 ? 1.0f : 0.0f);   /* wrong on the second launch only */
}
__kernel void bump(__global int* cnt) { cnt[0] += 1; }
"""

ONCE = """
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, __global const int* done,
                   const int n)
{
    int i = get_global_id(0);
    if (done[0]) return;   /* returns early once it has run */
    if (i < n) c[i] = a[i] + b[i];
}
__kernel void finish(__global int* done) { done[0] = 1; }
"""


def _abc():
    return KernelArg("a", "in", "float", N), KernelArg("b", "in", "float", N), KernelArg("c", "out", "float", N)


def _heavy(skip: bool, reps: int) -> KernelProgram:
    src = HEAVY.replace("SKIP", "1" if skip else "0")
    a, b, c = _abc()
    flag = KernelArg("set", "tmp", "int", 1)
    k1 = Kernel("mark", src, (c, flag), (1,), None)
    k2 = Kernel("work", src, (a, b, c, flag, KernelArg("n", "int", value=N), KernelArg("reps", "int", value=reps)),
                (N,), (64,))
    return KernelProgram((k1, k2), ("a", "b"), ("c",), flops=2.0 * N * reps, bytes=12.0 * N)


def _two(src: str, second: str, state: str) -> KernelProgram:
    a, b, c = _abc()
    st = KernelArg(state, "zero", "int", 1)
    k1 = Kernel("vadd", src, (a, b, c, st, KernelArg("n", "int", value=N)), (N,), (64,))
    return KernelProgram((k1, Kernel(second, src, (st,), (1,), None)), ("a", "b"), ("c",), flops=N, bytes=12.0 * N)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(3)
    a, b = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    return {"a": a, "b": b}, {"c": 2.0 * a + b}, {"c": a + b}


@pytest.fixture(scope="module")
def dev():
    from compiler.runtime import cl

    return cl.open_device()


@pytest.mark.parametrize("each", [True, False], ids=["poison-each-launch", "poison-each-batch"])
def test_a_kernel_wrong_only_on_its_second_launch_is_a_correctness_failure(dev, data, each):
    inputs, _, vadd = data
    cfg = MeasureConfig(**{**FAST.to_dict(), "poison_launches": each})
    m = measure_in_process(_two(COUNTED, "bump", "cnt"), inputs, vadd, cfg, device=dev)
    assert m.status == "correctness" and m.median_s is None, m
    assert "zero-filled buffer 'cnt'" in m.message and "not zero after the launch" in m.message, m.message


@pytest.mark.parametrize("each", [True, False], ids=["poison-each-launch", "poison-each-batch"])
def test_a_kernel_that_returns_early_once_it_has_run_is_a_correctness_failure(dev, data, each):
    inputs, _, vadd = data
    cfg = MeasureConfig(**{**FAST.to_dict(), "poison_launches": each})
    m = measure_in_process(_two(ONCE, "finish", "done"), inputs, vadd, cfg, device=dev)
    assert m.status == "correctness" and m.median_s is None, m
    assert "zero-filled buffer 'done'" in m.message and "not zero after the launch" in m.message, m.message


def test_a_kernel_that_skips_work_when_its_output_is_already_set_is_timed_doing_the_work(dev, data):
    inputs, heavy, _ = data
    cfg = MeasureConfig(warmup_s=0.01, min_sample_s=0.02, min_samples=3, max_samples=5, time_cap_s=2.0,
                        watchdog_margin_s=10.0)
    honest = measure_in_process(_heavy(False, 400), inputs, heavy, cfg, device=dev)
    skipper = measure_in_process(_heavy(True, 400), inputs, heavy, cfg, device=dev)
    assert honest.ok and skipper.ok, (honest.message, skipper.message)
    assert skipper.n_inner >= 4, skipper  # batches long enough that skipping would have paid
    assert skipper.median_s >= 0.4 * honest.median_s, (skipper.median_s, honest.median_s)


def test_a_correct_kernel_is_checked_after_random_timed_batches_and_passes(dev, data):
    inputs, _, vadd = data
    a, b, c = _abc()
    src = ("__kernel void vadd(__global const float* a, __global const float* b, __global float* c, const int n)"
           " { int i = get_global_id(0); if (i < n) c[i] = a[i] + b[i]; }")
    kp = KernelProgram((Kernel("vadd", src, (a, b, c, KernelArg("n", "int", value=N)), (N,), (64,)),),
                       ("a", "b"), ("c",))
    for seed in range(3):
        m = measure_in_process(kp, inputs, vadd, MeasureConfig(**{**FAST.to_dict(), "check_seed": seed,
                                                                  "timed_checks": 10}), device=dev)
        assert m.ok and m.checked, m.message


MEMO_SCRATCH = """
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, __global float* scratch,
                   __global const int* seen, const int n)
{
    int i = get_global_id(0);
    if (i >= n) return;
    if (seen[0] == 0) scratch[i] = a[i] + b[i];   /* the first launch computes into the temporary */
    c[i] = scratch[i];                            /* later launches only copy it */
}
__kernel void mark(__global int* seen) { seen[0] = 1; }
"""

MEMO_INPUT = """
__kernel void vadd(__global float* a, __global const float* b, __global float* c, __global const int* seen,
                   const int n)
{
    int i = get_global_id(0);
    if (i >= n) return;
    if (seen[0] == 0) { float s = a[i] + b[i]; a[i] = s; c[i] = s; }   /* the result kept in the input a */
    else c[i] = a[i];                                                   /* and copied back later */
}
__kernel void mark(__global int* seen) { seen[0] = 1; }
"""


def _memo(src: str, state: str, scratch: bool) -> KernelProgram:
    a, b, c = _abc()
    seen = KernelArg("seen", state, "int", 1)
    extra = (KernelArg("scratch", "tmp", "float", N),) if scratch else ()
    k1 = Kernel("vadd", src, (a, b, c, *extra, seen, KernelArg("n", "int", value=N)), (N,), (64,))
    return KernelProgram((k1, Kernel("mark", src, (seen,), (1,), None)), ("a", "b"), ("c",), flops=N,
                         bytes=12.0 * N)


@pytest.mark.parametrize("each", [True, False], ids=["poison-each-launch", "poison-each-batch"])
@pytest.mark.parametrize("state", ["tmp", "zero"], ids=["flag-in-a-temporary", "flag-in-a-zero-filled-buffer"])
def test_a_kernel_that_keeps_its_result_in_a_temporary_and_copies_it_later_is_a_correctness_failure(
        dev, data, each, state):
    inputs, _, vadd = data
    cfg = MeasureConfig(**{**FAST.to_dict(), "poison_launches": each})
    m = measure_in_process(_memo(MEMO_SCRATCH, state, scratch=True), inputs, vadd, cfg, device=dev)
    assert m.status == "correctness" and m.median_s is None, m
    want = "never written" if state == "tmp" else "zero-filled buffer 'seen'"
    assert want in m.message, m.message


@pytest.mark.parametrize("each", [True, False], ids=["poison-each-launch", "poison-each-batch"])
@pytest.mark.parametrize("state", ["tmp", "zero"], ids=["flag-in-a-temporary", "flag-in-a-zero-filled-buffer"])
def test_a_kernel_that_keeps_its_result_in_an_input_and_copies_it_later_is_a_correctness_failure(
        dev, data, each, state):
    inputs, _, vadd = data
    cfg = MeasureConfig(**{**FAST.to_dict(), "poison_launches": each})
    m = measure_in_process(_memo(MEMO_INPUT, state, scratch=False), inputs, vadd, cfg, device=dev)
    assert m.status == "correctness" and m.median_s is None, m
    want = "'c'" if state == "tmp" else "input buffer 'a'"  # with the flag in a zero-filled buffer, launch 1 writes a
    assert want in m.message, m.message


def test_checked_launches_start_from_the_first_launch_s_state_and_an_in_place_output_is_compared(dev, data):
    """A correct in-place kernel (c += a) passes: before each checked launch c is uploaded again, so its gold
    holds on every checked launch, not only the first."""
    inputs, _, vadd = data
    src = ("__kernel void acc(__global const float* a, __global float* c, const int n)"
           " { int i = get_global_id(0); if (i < n) c[i] += a[i]; }")
    a, c = KernelArg("a", "in", "float", N), KernelArg("c", "in", "float", N)
    kp = KernelProgram((Kernel("acc", src, (a, c, KernelArg("n", "int", value=N)), (N,), (64,)),), ("a", "c"),
                       ("c",))
    m = measure_in_process(kp, {"a": inputs["a"], "c": inputs["b"]}, vadd,
                           MeasureConfig(**{**FAST.to_dict(), "timed_checks": 10}), device=dev)
    assert m.ok and m.checked, m.message
