"""Correctness checks decided on the device (PoCL in CI): a checked launch restores its inputs from device copies,
compares its outputs with the gold and its read-only inputs with those copies in small kernels. The device may
only answer "close" or "unchanged" where the host's comparison (compare.py) passes; everything else is read
back and compared on the host, so every verdict and message stays the host's."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.runtime import cl
from compiler.runtime.compare import compare_arrays
from compiler.runtime.gold import Gold
from compiler.runtime.measure import MeasureConfig, measure_in_process
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]

FAST = MeasureConfig(warmup_s=0.002, min_sample_s=0.001, min_samples=3, max_samples=4, time_cap_s=0.3,
                     watchdog_margin_s=5.0, build_timeout_s=60.0)
N = 2048
RTOL, ATOL = 1e-4, 1e-5

COPY = """
__kernel void copy(__global const float* a, __global float* c, const int n)
{
    int i = get_global_id(0);
    if (i < n) c[i] = a[i];
}
"""

WRITES_INPUT = """
__kernel void copy(__global float* a, __global float* c, const int n)
{
    int i = get_global_id(0);
    if (i < n) { c[i] = a[i]; if (i == 7) a[i] = a[i] + 1.0f; }
}
"""


def _program(src: str = COPY) -> KernelProgram:
    args = (KernelArg("a", "in", "float", N), KernelArg("c", "out", "float", N), KernelArg("n", "int", value=N))
    return KernelProgram((Kernel("copy", src, args, (N,), (64,)),), ("a",), ("c",), bytes=8.0 * N)


@pytest.fixture(scope="module")
def dev():
    d = cl.open_device()
    if not d.device_checks:
        pytest.skip("the device has no doubles: every check runs on the host")
    return d


@pytest.fixture
def prepared(dev):
    p = dev.prepare(_program())
    yield p
    p.release()


def _cases():
    """(name, output, gold): outputs close, just beyond the tolerance, non-finite, subnormal, with bounds."""
    rng = np.random.default_rng(3)
    w = rng.standard_normal(N).astype(np.float32)
    tol = np.maximum(RTOL * np.abs(w.astype(np.float64)), ATOL)
    out = {"equal": (w.copy(), w), "within": ((w + (0.5 * tol).astype(np.float32)).astype(np.float32), w)}
    beyond = w.copy()
    beyond[100] = np.float32(w[100] + 4 * tol[100])
    out["beyond"] = (beyond, w)
    for name, v in (("nan", np.nan), ("inf", np.inf)):
        g = w.copy()
        g[5] = v
        out[f"{name} in the output"] = (g, w)
        ref = w.copy()
        ref[5] = v
        out[f"{name} in both"] = (ref.copy(), ref)
    zeros = np.zeros(N, np.float32)
    sub = zeros.copy()
    sub[9] = np.float32(1e-40)  # a subnormal against an all-zero gold: the absolute tolerance is 0
    out["subnormal against zeros"] = (sub, zeros)
    out["zeros"] = (zeros.copy(), zeros)
    bound = np.full(N, 0.0)
    bound[100] = 5 * tol[100]
    out["per-element bound covers"] = (beyond, Gold(w, bound))
    out["per-element bound elsewhere"] = (beyond, Gold(w, np.roll(bound, 1)))
    out["scalar bound covers"] = (beyond, Gold(w, np.broadcast_to(np.float64(5 * tol[100]), (N,))))
    poison = w.copy()
    poison.view(np.uint32)[11] = 0x7FC00000 | 0x1234  # a NaN payload like the runtime's poison
    out["poison"] = (poison, w)
    return out


CASES = _cases()


@pytest.mark.parametrize("case", list(CASES))
def test_device_comparison_passes_only_what_the_host_passes(prepared, case):
    got, gold = CASES[case]
    prepared.write_inputs({"c": got})
    on_device = prepared.outputs_close({"c": gold}, RTOL, ATOL)
    host = compare_arrays("c", got, gold, RTOL, ATOL)
    assert not on_device or host.ok
    all_finite = np.isfinite(got).all() and np.isfinite(gold.values if isinstance(gold, Gold) else gold).all()
    subnormal = np.any((got != 0) & (np.abs(got) < np.finfo(np.float32).tiny))
    if all_finite and not subnormal:  # the device decides these itself
        assert on_device == host.ok, host.message


def test_inputs_restored_and_compared_on_the_device(dev):
    p = dev.prepare(_program(WRITES_INPUT))
    try:
        a = np.arange(N, dtype=np.float32)
        arrays = {"a": a}
        p.reset_state(arrays)
        assert p.inputs_unchanged(arrays)
        p.launch(1)
        assert not p.inputs_unchanged(arrays)  # element 7 was written
        p.reset_state(arrays)  # restored from the device copy
        assert p.inputs_unchanged(arrays)
        assert np.array_equal(p._read("a", "reading a"), a)
        assert not p.inputs_unchanged({"a": a.copy()})  # other arrays: nothing known on the device
    finally:
        p.release()


def test_correct_kernel_is_checked_without_reading_outputs_back(dev, monkeypatch):
    a = np.random.default_rng(0).random(N, dtype=np.float32)
    monkeypatch.setattr(cl.PreparedProgram, "read_outputs",
                        lambda self: pytest.fail("outputs read back although the device decided"))
    m = measure_in_process(_program(), {"a": a}, {"c": a.copy()}, FAST, device=dev)
    assert m.status == "ok" and m.checked, m.message


@pytest.mark.parametrize("device_checks", [True, False])
def test_verdicts_and_messages_are_the_hosts(dev, monkeypatch, device_checks):
    monkeypatch.setattr(dev, "device_checks", device_checks)
    a = np.random.default_rng(1).random(N, dtype=np.float32)
    wrong = a.copy()
    wrong[17] += 1.0
    bad = measure_in_process(_program(), {"a": a}, {"c": wrong}, FAST, device=dev)
    assert bad.status == "correctness"
    assert "first bad index 17" in bad.message
    writes = measure_in_process(_program(WRITES_INPUT), {"a": a}, {"c": a.copy()}, FAST, device=dev)
    assert writes.status == "correctness"
    assert "input buffer 'a'" in writes.message and "first at index 7" in writes.message
    good = measure_in_process(_program(), {"a": a}, {"c": Gold(a.copy(), 0.0)}, FAST, device=dev)
    assert good.status == "ok", good.message
