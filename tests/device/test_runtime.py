"""The runtime on a real OpenCL device (PoCL in CI; the default device, or LIFT_GYM_DEVICE, elsewhere).

Sizes and MeasureConfig caps are small so the whole file stays fast on a 2-core PoCL machine.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.errors import DeviceNotFound
from compiler.runtime.device import ENV_VAR
from compiler.runtime.measure import MeasureConfig, measure_in_process, noise_floor
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")]

FAST = MeasureConfig(warmup_s=0.005, min_sample_s=0.002, min_samples=3, max_samples=6, time_cap_s=0.3,
                     watchdog_margin_s=2.0, build_timeout_s=60.0)
N = 4096

ADD_SRC = """
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, const int n)
{
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}
"""

TWO_SRC = """
__kernel void scale(__global const float* a, __global float* t, const int n)
{
    int i = get_global_id(0);
    if (i < n) t[i] = 2.0f * a[i];
}
__kernel void combine(__global const float* t, __global const float* b, __global float* c, const int n)
{
    int i = get_global_id(0);
    if (i < n) c[i] = t[i] - b[i];
}
"""

SPIN_SRC = """
__kernel void spin(__global volatile int* flag, __global float* out)
{
    int i = get_global_id(0);
    while (flag[0] == 0) { out[i] += 1.0f; }
}
"""


def _add_program(src: str = ADD_SRC, name: str = "vadd", local=(64,)) -> KernelProgram:
    args = (KernelArg("a", "in", "float", N), KernelArg("b", "in", "float", N),
            KernelArg("c", "out", "float", N), KernelArg("n", "int", value=N))
    return KernelProgram((Kernel(name, src, args, (N,), local),), ("a", "b"), ("c",), flops=N, bytes=12.0 * N)


def _two_kernel_program() -> KernelProgram:
    k1 = Kernel("scale", TWO_SRC, (KernelArg("a", "in", "float", N), KernelArg("t", "out", "float", N),
                                   KernelArg("n", "int", value=N)), (N,), None)
    k2 = Kernel("combine", TWO_SRC, (KernelArg("t", "in", "float", N), KernelArg("b", "in", "float", N),
                                     KernelArg("c", "out", "float", N), KernelArg("n", "int", value=N)), (N,), None)
    return KernelProgram((k1, k2), ("a", "b"), ("c",), flops=2.0 * N, bytes=20.0 * N)


def _spin_program() -> KernelProgram:
    k = Kernel("spin", SPIN_SRC, (KernelArg("flag", "in", "int", 1), KernelArg("out", "out", "float", 4)), (4,))
    return KernelProgram((k,), ("flag",), ("out",))


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    return {"a": rng.random(N, dtype=np.float32), "b": rng.random(N, dtype=np.float32)}


@pytest.fixture(scope="module")
def dev():
    from compiler.runtime import cl

    return cl.open_device()


def _ok(m):
    assert m.status == "ok", m.message
    assert m.median_s > 0 and m.min_s <= m.median_s and m.n_samples >= 1 and m.n_inner >= 1
    return m


def test_device_info(dev):
    info = dev.info
    assert info.compute_units > 0 and info.max_work_group_size > 0 and info.local_mem_size > 0
    assert info.max_alloc > 0 and info.global_mem_size >= info.max_alloc
    assert len(info.max_work_item_sizes) >= 1 and info.device_type in ("gpu", "cpu", "accelerator", "other")
    from compiler.runtime.cl import query_info

    assert query_info(dev.cl_device).fingerprint == info.fingerprint
    assert info.fingerprint.count("/") == 3


def test_vector_add(dev, data):
    m = _ok(measure_in_process(_add_program(), data, {"c": data["a"] + data["b"]}, FAST, device=dev))
    assert m.checked and m.gflops > 0 and m.gbs > 0 and m.device == dev.info.fingerprint
    assert m.stop_reason in ("converged", "max_samples", "time_cap")
    json.dumps(m.to_dict())


def test_two_kernels_share_a_temporary(dev, data):
    gold = {"c": 2.0 * data["a"] - data["b"]}
    m = _ok(measure_in_process(_two_kernel_program(), data, gold, FAST, device=dev))
    assert m.checked


def test_without_gold_is_unchecked(dev, data):
    assert not _ok(measure_in_process(_add_program(), data, None, FAST, device=dev)).checked


def test_wrong_kernel_is_correctness(dev, data):
    wrong = ADD_SRC.replace("a[i] + b[i]", "a[i] * b[i]")
    m = measure_in_process(_add_program(wrong), data, {"c": data["a"] + data["b"]}, FAST, device=dev)
    assert m.status == "correctness" and m.median_s is None and m.samples == ()
    assert "first bad index 0" in m.message and "max abs error" in m.message


def test_unwritten_output_is_caught(dev, data):
    lazy = ADD_SRC.replace("if (i < n)", "if (i < n - 1)")
    m = measure_in_process(_add_program(lazy), data, {"c": data["a"] + data["b"]}, FAST, device=dev)
    assert m.status == "correctness" and f"first bad index {N - 1}" in m.message


def test_syntax_error_is_compile_with_log(dev, data):
    broken = ADD_SRC.replace("a[i] + b[i]", "a[i] + undefined_thing")
    m = measure_in_process(_add_program(broken), data, None, FAST, device=dev)
    assert m.status == "compile" and "build log" in m.message and "undefined_thing" in m.message


def test_missing_kernel_name_is_compile(dev, data):
    m = measure_in_process(_add_program(name="nope"), data, None, FAST, device=dev)
    assert m.status == "compile" and "'nope'" in m.message and "vadd" in m.message


def test_oversized_work_group_is_invalid(dev, data):
    too_big = 2 * dev.info.max_work_group_size
    k = Kernel("vadd", ADD_SRC, _add_program().kernels[0].args, (too_big,), (too_big,))
    m = measure_in_process(KernelProgram((k,), ("a", "b"), ("c",)), data, None, FAST, device=dev)
    assert m.status == "invalid" and "exceeds" in m.message


def test_pruned_against_best_known(dev, data):
    cfg = MeasureConfig(**{**FAST.to_dict(), "best_known_s": 1e-12})
    m = measure_in_process(_add_program(), data, None, cfg, device=dev)
    assert m.status == "timeout" and m.stop_reason == "pruned_probe" and m.median_s > 0


def test_build_cache_hit(dev):
    src = ADD_SRC + "\n// cache probe\n"
    first = dev.build(src, ("-cl-mad-enable",))
    hits = dev.build_hits
    second = dev.build(src, ("-cl-mad-enable",))
    assert not first.cached and second.cached and second.program is first.program
    assert dev.build_hits == hits + 1 and second.build_s == 0.0
    assert not dev.build(src, ()).cached  # other options, other entry


def test_device_selection_overrides(dev, monkeypatch):
    from compiler.runtime import cl

    cands = cl.list_candidates()
    first = cands[0]
    by_index = cl.open_device(first.index)
    assert (by_index.info.platform_name, by_index.info.device_name) == (first.platform_name, first.device_name)
    word = dev.info.device_name.split()[0].split("-")[0]
    assert cl.open_device(word).info.device_name == dev.info.device_name
    monkeypatch.setenv(ENV_VAR, first.index)
    assert cl.open_device().info.fingerprint == by_index.info.fingerprint
    monkeypatch.setenv(ENV_VAR, "no-such-device-anywhere")
    with pytest.raises(DeviceNotFound, match=f"env {ENV_VAR}"):
        cl.open_device()
    assert cl.open_device(dev.info.device_name).info.fingerprint == dev.info.fingerprint  # argument wins


def test_noise_floor(dev, data):
    def measure(p, i, g, c):
        return measure_in_process(p, i, g, c, device=dev)

    floor = noise_floor(_add_program(), data, None, FAST, repeats=2, measure=measure)
    assert len(floor.medians) == 2 and math.isfinite(floor.rel_spread) and floor.rel_spread >= 0


def test_peaks_are_positive(dev):
    from compiler.runtime.peaks import measure_peaks

    peaks = measure_peaks(dev, FAST, copy_bytes=4 << 20)
    assert peaks.copy_gbs > 0 and peaks.fma_gflops > 0 and peaks.copy.checked
    json.dumps(peaks.to_dict())


@pytest.fixture(scope="module")
def worker():
    from compiler.runtime.worker import MeasureWorker

    w = MeasureWorker()
    w.info  # noqa: B018 - starts the worker: the recovery tests count the restarts after a fault
    yield w
    w.close()


def test_worker_measures(worker, dev, data):
    m = _ok(worker.measure(_add_program(), data, {"c": data["a"] + data["b"]}, FAST))
    assert m.checked and m.device == dev.info.fingerprint == worker.info.fingerprint
    assert worker.measure(_add_program(ADD_SRC.replace("+", "-")), data,
                          {"c": data["a"] + data["b"]}, FAST).status == "correctness"


def test_worker_rejects_bad_inputs_loudly(worker, data):
    with pytest.raises(ValueError, match="missing input"):
        worker.measure(_add_program(), {"a": data["a"]}, None, FAST)


def test_worker_timeout_then_recovers(worker, data):
    cfg = MeasureConfig(**{**FAST.to_dict(), "time_cap_s": 0.2, "watchdog_margin_s": 1.0})
    starts = worker.starts
    m = worker.measure(_spin_program(), {"flag": np.zeros(1, np.int32)}, None, cfg)
    assert m.status == "timeout" and "watchdog" in m.message and "'correctness'" in m.message
    assert not worker.marker_path.exists()
    _ok(worker.measure(_add_program(), data, {"c": data["a"] + data["b"]}, FAST))
    assert worker.starts == starts + 1


@pytest.mark.parametrize("fault, expect", [("exit", "exit code 3"), ("segv", "SIGSEGV")])
def test_worker_crash_then_recovers(worker, data, fault, expect):
    starts = worker.starts
    worker._inject_fault("probe", fault)
    m = worker.measure(_add_program(), data, {"c": data["a"] + data["b"]}, FAST)
    assert m.status == "launch" and expect in m.message and "'probe'" in m.message
    _ok(worker.measure(_add_program(), data, {"c": data["a"] + data["b"]}, FAST))
    assert worker.starts == starts + 1


def test_worker_out_of_bounds_write_then_recovers(worker, data):
    # each work item writes far past the end of `c` (its own element is never written): the kernel either
    # crashes the worker (launch) or leaves `c` unwritten (correctness); either way no throughput, and the
    # caller and the next measurement are unharmed
    oob = ADD_SRC.replace("c[i] =", "c[i + 268435456] =")
    assert oob != ADD_SRC
    m = worker.measure(_add_program(oob), data, {"c": data["a"] + data["b"]}, FAST)
    assert m.status in ("launch", "correctness") and m.median_s is None, m
    _ok(worker.measure(_add_program(), data, {"c": data["a"] + data["b"]}, FAST))
