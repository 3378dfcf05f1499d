"""Runtime logic that needs no OpenCL: device selection, statistics, buffer plans, correctness
comparison, the timing protocol over a fake launcher, and the measurement records."""

from __future__ import annotations

import itertools
import json
import math
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.errors import CorrectnessError, DeviceNotFound, InvalidKernel, KernelTimeout
from compiler.runtime import stats
from compiler.runtime.device import ENV_VAR, DeviceCandidate, DeviceInfo, DeviceSpec, resolve_spec, select_device
from compiler.runtime.measure import (
    MeasureConfig,
    Measurement,
    check_outputs,
    compare_output,
    device_turn,
    noise_floor,
    time_program,
)
from compiler.runtime.plan import check_allocation, check_geometry, plan_buffers, validate_gold, validate_inputs
from compiler.runtime.worker import MARKER_NAME, MeasureWorker

POCL = DeviceCandidate(0, 0, "Portable Computing Language", "The pocl project", "OpenCL 3.0 PoCL 3.0",
                       "pthread-Intel(R) Xeon(R)", "cpu")
OTHER_CPU = DeviceCandidate(1, 0, "Intel(R) OpenCL", "Intel(R) Corporation", "OpenCL 3.0", "Intel Xeon", "cpu")
NVIDIA = DeviceCandidate(2, 0, "NVIDIA CUDA", "NVIDIA Corporation", "OpenCL 3.0 CUDA 13.0.98",
                         "NVIDIA H100 80GB HBM3", "gpu")
NVIDIA_1 = DeviceCandidate(2, 1, "NVIDIA CUDA", "NVIDIA Corporation", "OpenCL 3.0 CUDA 13.0.98",
                           "NVIDIA H200", "gpu")
ALL = [POCL, OTHER_CPU, NVIDIA, NVIDIA_1]

INFO = DeviceInfo(platform_name="NVIDIA CUDA", device_name="NVIDIA H100 80GB HBM3", driver_version="580.159.04",
                  opencl_version="OpenCL 3.0 CUDA", device_type="gpu", compute_units=132, max_clock_mhz=1980,
                  max_work_group_size=1024, max_work_item_sizes=(1024, 1024, 64), local_mem_size=49152,
                  max_alloc=1 << 30, global_mem_size=80 << 30, preferred_float_vector_width=1)


# ---------------------------------------------------------------- device selection


@pytest.mark.parametrize("text, kind", [
    (None, "default"), ("", "default"), ("auto", "default"), ("default", "default"),
    ("gpu", "type"), ("CPU", "type"), ("0:1", "index"), ("2", "index"),
    ("pocl", "match"), ("nvidia", "match"), ("nvidia:h200", "pair"), (":h100", "pair"),
])
def test_parse_kinds(text, kind):
    assert DeviceSpec.parse(text).kind == kind


def test_parse_index_fields():
    spec = DeviceSpec.parse("3:2")
    assert (spec.platform_index, spec.device_index) == (3, 2)
    assert DeviceSpec.parse("1").device_index == 0


def test_parse_rejects_lonely_colon():
    with pytest.raises(DeviceNotFound, match="neither"):
        DeviceSpec.parse(":")


def test_default_prefers_gpu_then_pocl_then_cpu():
    assert select_device(DeviceSpec(), ALL) == NVIDIA
    assert select_device(DeviceSpec(), [OTHER_CPU, POCL]) == POCL
    assert select_device(DeviceSpec(), [OTHER_CPU]) == OTHER_CPU


def test_default_without_devices_names_the_problem():
    with pytest.raises(DeviceNotFound, match="no OpenCL platform"):
        select_device(DeviceSpec(), [])


@pytest.mark.parametrize("text, expected", [
    ("pocl", POCL), ("portable", POCL), ("nvidia", NVIDIA), ("h200", NVIDIA_1), ("NVIDIA:H200", NVIDIA_1),
    (":xeon", POCL), ("intel(r) opencl", OTHER_CPU), ("2:1", NVIDIA_1), ("1:0", OTHER_CPU), ("cpu", POCL),
    ("gpu", NVIDIA),
])
def test_select_by_text(text, expected):
    assert select_device(DeviceSpec.parse(text), ALL) == expected


def test_match_prefers_gpu():
    assert select_device(DeviceSpec.parse("cuda"), ALL) == NVIDIA
    # "intel" names a CPU platform and the PoCL device; no GPU matches, so the first match wins
    assert select_device(DeviceSpec.parse("intel"), ALL) == POCL


@pytest.mark.parametrize("text", ["amd", "5:0", "0:3", "accelerator", "pocl:h100"])
def test_no_match_lists_available(text):
    with pytest.raises(DeviceNotFound, match="available: 0:0 Portable Computing Language"):
        select_device(DeviceSpec.parse(text), ALL)


def test_resolve_explicit_beats_env_beats_default():
    env = {ENV_VAR: "pocl"}
    assert resolve_spec("nvidia", env).platform_match == "nvidia"
    spec = resolve_spec(None, env)
    assert (spec.platform_match, spec.source) == ("pocl", f"env {ENV_VAR}")
    assert resolve_spec("", env).platform_match == "pocl"
    assert resolve_spec(None, {}).kind == "default"
    given_spec = DeviceSpec.parse("gpu")
    assert resolve_spec(given_spec, env) is given_spec


def test_resolve_reads_os_environ(monkeypatch):
    monkeypatch.setenv(ENV_VAR, "0:1")
    assert resolve_spec().kind == "index"
    monkeypatch.delenv(ENV_VAR)
    assert resolve_spec().kind == "default"


def test_error_names_env_source():
    with pytest.raises(DeviceNotFound, match=f"env {ENV_VAR}"):
        select_device(resolve_spec(None, {ENV_VAR: "nothing-like-this"}), ALL)


def test_fingerprint_stable_and_round_trips():
    assert INFO.fingerprint == "nvidia-cuda/nvidia-h100-80gb-hbm3/580.159.04/132cu"
    d = json.loads(json.dumps(INFO.to_dict()))
    assert DeviceInfo.from_dict(d) == INFO
    assert DeviceInfo.from_dict(d).fingerprint == d["fingerprint"]


# ---------------------------------------------------------------- statistics


def test_stats_match_numpy():
    xs = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    assert stats.median(xs) == pytest.approx(np.median(xs))
    assert stats.iqr(xs) == pytest.approx(np.percentile(xs, 75) - np.percentile(xs, 25))
    assert stats.rel_iqr([2.0] * 5) == 0.0
    assert stats.rel_spread([1.0, 1.1, 0.9]) == pytest.approx(0.2)
    assert stats.rel_iqr([0.0, 0.0]) == math.inf


@given(st.lists(st.floats(0.0, 1e6, allow_nan=False), min_size=1, max_size=40), st.floats(0.0, 1.0))
def test_quantile_agrees_with_numpy(xs, q):
    assert stats.quantile(xs, q) == pytest.approx(float(np.quantile(xs, q)), rel=1e-9, abs=1e-9)


def test_stats_reject_empty_and_bad_q():
    with pytest.raises(ValueError, match="empty"):
        stats.median([])
    with pytest.raises(ValueError, match="outside"):
        stats.quantile([1.0], 1.5)


def test_clamp_int():
    assert stats.clamp_int(0.2, 1, 10) == 1
    assert stats.clamp_int(3.1, 1, 10) == 4
    assert stats.clamp_int(1e9, 1, 10) == 10
    assert stats.clamp_int(math.inf, 1, 10) == 10


# ---------------------------------------------------------------- buffer plans and geometry


def _kernel(name="k", args=(), gs=(1024,), ls=(64,)):
    return Kernel(name, "__kernel void k() {}", tuple(args), gs, ls)


def _two_kernel_program():
    k1 = _kernel("k1", [KernelArg("a", "in", "float", 16), KernelArg("t", "out", "float", 16)])
    k2 = _kernel("k2", [KernelArg("t", "in", "float", 16), KernelArg("b", "in", "int", 16),
                        KernelArg("c", "out", "float", 16), KernelArg("n", "int", value=16)])
    return KernelProgram((k1, k2), inputs=("a", "b"), outputs=("c",))


def test_plan_shares_buffers_by_name():
    plan = plan_buffers(_two_kernel_program())
    assert plan.names == ("a", "t", "b", "c")
    assert [b.role for b in plan.buffers] == ["input", "temp", "input", "output"]
    assert plan["b"].np_dtype == np.int32
    assert plan.nbytes == 4 * 16 * 4


def test_plan_marks_inout():
    k = _kernel(args=[KernelArg("x", "in", "double", 8)])
    plan = plan_buffers(KernelProgram((k,), inputs=("x",), outputs=("x",)))
    assert plan["x"].role == "inout" and plan["x"].nbytes == 64


@pytest.mark.parametrize("args, outputs, match", [
    ([KernelArg("a", "in", "float", 4), KernelArg("a", "out", "float", 8)], ("a",), "float\\[4\\] in kernel"),
    ([KernelArg("a", "in", "float", 4), KernelArg("a", "out", "int", 4)], ("a",), "int\\[4\\]"),
    ([KernelArg("a", "in", "quaternion", 4)], ("a",), "unsupported type"),
    ([KernelArg("a", "weird", "float", 4)], ("a",), "unknown kind"),
    ([KernelArg("a", "in", "float", 0)], ("a",), "size 0"),
    ([KernelArg("a", "in", "float", 4), KernelArg("n", "int", value=2**40)], ("a",), "32 bits"),
    ([KernelArg("a", "in", "float", 4)], ("zz",), "'zz'"),
])
def test_plan_rejects_inconsistent_programs(args, outputs, match):
    with pytest.raises(InvalidKernel, match=match):
        plan_buffers(KernelProgram((_kernel(args=args),), inputs=(), outputs=outputs))


def test_plan_rejects_empty_program():
    with pytest.raises(InvalidKernel, match="no kernels"):
        plan_buffers(KernelProgram((), (), ()))


@pytest.mark.parametrize("gs, ls, wg, lmem, match", [
    ((4096,), (2048,), None, None, "exceeds the device limit 1024"),
    ((1000,), (64,), None, None, "not a multiple"),
    ((64, 64), (64,), None, None, "does not match"),
    ((), None, None, None, "1 to 3"),
    ((1, 1, 1, 1), None, None, None, "1 to 3"),
    ((1024,), (512,), 256, None, "exceeds the limit 256"),
    ((128, 128), (32, 64), None, None, "exceeds the limit 1024"),
    ((1, 1, 128), (1, 1, 128), None, None, "dimension 2"),
    ((1024,), None, None, 65536, "local memory"),
])
def test_geometry_rejections(gs, ls, wg, lmem, match):
    with pytest.raises(InvalidKernel, match=match):
        check_geometry(_kernel(gs=gs, ls=ls), INFO, wg, lmem)


def test_geometry_accepts_valid():
    check_geometry(_kernel(gs=(4096, 8), ls=(256, 4)), INFO, 1024, 4096)
    check_geometry(_kernel(gs=(17,), ls=None), INFO, None, None)


def test_allocation_limits():
    big = _kernel(args=[KernelArg("a", "in", "float", (1 << 28) + 1)])
    with pytest.raises(InvalidKernel, match="per allocation"):
        check_allocation(plan_buffers(KernelProgram((big,), ("a",), ())), INFO)


def test_validate_inputs_and_gold():
    program = _two_kernel_program()
    plan = plan_buffers(program)
    arrays = validate_inputs(program, plan, {"a": np.ones((4, 4)), "b": np.arange(16, dtype=np.int64)})
    assert arrays["a"].dtype == np.float32 and arrays["a"].shape == (16,)
    assert arrays["b"].dtype == np.int32
    with pytest.raises(ValueError, match="missing input arrays \\['b'\\]"):
        validate_inputs(program, plan, {"a": np.ones(16)})
    with pytest.raises(ValueError, match="unexpected"):
        validate_inputs(program, plan, {"a": np.ones(16), "b": np.ones(16, np.int32), "z": np.ones(1)})
    with pytest.raises(ValueError, match="has 15 elements"):
        validate_inputs(program, plan, {"a": np.ones(15), "b": np.ones(16, np.int32)})
    with pytest.raises(ValueError, match="does not convert"):
        validate_inputs(program, plan, {"a": np.ones(16), "b": np.ones(16)})
    assert validate_gold(program, plan, None) is None
    with pytest.raises(ValueError, match="missing gold"):
        validate_gold(program, plan, {})


# ---------------------------------------------------------------- correctness comparison


def test_compare_reports_first_bad_index_and_errors():
    want = np.arange(10, dtype=np.float32)
    got = want.copy()
    got[3], got[7] = 100.0, 8.0
    with pytest.raises(CorrectnessError) as info:
        compare_output("y", got, want, 1e-4, 1e-5)
    err = info.value
    assert err.first_bad_index == 3 and err.max_abs_err == pytest.approx(97.0)
    assert err.max_rel_err == pytest.approx(97.0 / 3.0)
    assert "2 of 10 elements" in str(err) and "first bad index 3" in str(err)


def test_compare_tolerances_nan_and_chunks():
    want = np.linspace(1, 2, 1000)
    compare_output("y", want * (1 + 5e-5), want, 1e-4, 1e-5, chunk=7)
    with pytest.raises(CorrectnessError, match="first bad index 999"):
        bad = want.copy()
        bad[999] = np.nan
        compare_output("y", bad, want, 1e-4, 1e-5, chunk=7)
    nan_gold = np.array([np.nan, 1.0])
    compare_output("y", nan_gold.copy(), nan_gold, 1e-4, 1e-5)
    compare_output("i", np.array([1, 2, 3]), np.array([1, 2, 3]), 0, 0)
    inf_gold = np.array([np.inf, -np.inf, 1.0])
    compare_output("y", inf_gold.copy(), inf_gold, 1e-4, 1e-5)
    with pytest.raises(CorrectnessError, match="first bad index 0"):
        compare_output("y", -inf_gold, inf_gold, 1e-4, 1e-5)


def test_compare_measures_the_errors_of_every_chunk_once_one_fails():
    want = np.array([1e6, 1.0, 1.0, 1.0])
    got = np.array([1e6 + 50.0, 1.0, 1.0, 1.5])  # chunk 0 within rtol, with the larger absolute error
    with pytest.raises(CorrectnessError) as info:
        compare_output("y", got, want, 1e-4, 1e-5, chunk=2)
    assert info.value.first_bad_index == 3 and info.value.max_abs_err == pytest.approx(50.0)


def test_check_outputs_missing_and_size():
    with pytest.raises(CorrectnessError, match="not read back"):
        check_outputs({}, {"y": np.ones(2)})
    with pytest.raises(CorrectnessError, match="3 elements; gold has 2"):
        check_outputs({"y": np.ones(3)}, {"y": np.ones(2)})


# ---------------------------------------------------------------- timing protocol


class FakeDevice:
    """launch(n) returns per-launch seconds from a sequence and advances a fake wall clock."""

    def __init__(self, per_launch, overhead_s: float = 0.0):
        self._times = iter(per_launch) if not isinstance(per_launch, float) else itertools.repeat(per_launch)
        self.now = 0.0
        self.calls: list[int] = []
        self.overhead_s = overhead_s

    def launch(self, n: int) -> float:
        t = next(self._times)
        self.calls.append(n)
        self.now += t * n + self.overhead_s
        return t

    def clock(self) -> float:
        return self.now


class SlowCheckPrepared:
    """A prepared program on a fake clock whose every reset and check takes `check_s` (a host-side comparison of a
    large output): launches take 1 ms each."""

    def __init__(self, check_s: float):
        self.now, self.check_s, self.checks = 0.0, check_s, 0

    def launch(self, n: int = 1, *, poison: bool = False) -> float:
        self.now += 1e-3 * n
        return 1e-3

    def reset_state(self, arrays) -> None:
        self.now += self.check_s

    def check_guards(self, when: str = "") -> None:
        self.checks += 1
        self.now += self.check_s

    def check_inputs(self, arrays, when: str = "") -> None:
        return None

    def check_zeroed(self, when: str = "") -> None:
        return None


def test_the_time_cap_does_not_count_the_checked_launches_host_checks():
    from compiler.runtime.measure import _CheckedLaunches

    cfg = MeasureConfig(time_cap_s=2.0, timed_checks=3)
    prepared = SlowCheckPrepared(check_s=0.5)
    launches = _CheckedLaunches(prepared, {}, None, cfg, clock=lambda: prepared.now)
    t = time_program(launches, cfg, clock=launches.clock)
    launches.last()
    assert t.stop_reason == "converged" and len(t.samples) >= cfg.min_samples, t
    assert prepared.checks == 2 + launches.checks  # after the probe, the chosen batches and the last launch
    assert launches.checking_s == pytest.approx(2 * 0.5 * prepared.checks)
    # on the wall clock the same checks would have ended the timing at the cap after a few samples
    wall = _CheckedLaunches(SlowCheckPrepared(check_s=0.5), {}, None, cfg)
    cut = time_program(wall, cfg, clock=lambda: wall.prepared.now)
    assert cut.stop_reason == "time_cap" and len(cut.samples) < cfg.min_samples


def test_protocol_converges_with_batching():
    dev = FakeDevice(1e-5)
    cfg = MeasureConfig()
    t = time_program(dev.launch, cfg, clock=dev.clock)
    assert t.stop_reason == "converged" and len(t.samples) == cfg.min_samples
    assert t.n_inner == 1000  # 10 ms / 10 µs
    assert dev.calls[0] == 1  # the probe
    assert t.warmup_launches >= 2 and t.warmup_launches * 1e-5 >= cfg.warmup_s - 1e-12
    assert all(n == 1000 for n in dev.calls[-len(t.samples):])


def test_protocol_noisy_samples_run_to_max():
    noise = itertools.cycle([1e-3, 1.2e-3, 0.9e-3, 1.4e-3])
    dev = FakeDevice(noise)
    cfg = MeasureConfig(max_samples=20, time_cap_s=100.0)
    t = time_program(dev.launch, cfg, clock=dev.clock)
    assert t.stop_reason == "max_samples" and len(t.samples) == 20


def test_protocol_time_cap():
    noise = itertools.cycle([1e-3, 1.3e-3])
    dev = FakeDevice(noise, overhead_s=0.1)
    t = time_program(dev.launch, MeasureConfig(time_cap_s=0.5), clock=dev.clock)
    assert t.stop_reason == "time_cap" and 1 <= len(t.samples) < 10


def test_protocol_warms_up_and_samples_even_past_the_cap():
    dev = FakeDevice(1e-3, overhead_s=1.0)  # the cap has passed by the end of the probe
    t = time_program(dev.launch, MeasureConfig(time_cap_s=0.5, warmup_s=0.0), clock=dev.clock)
    assert t.warmup_launches == 2 and t.stop_reason == "time_cap" and len(t.samples) == 1


def test_protocol_prunes_on_probe():
    dev = FakeDevice(1e-3)
    t = time_program(dev.launch, MeasureConfig(best_known_s=1e-5), clock=dev.clock)
    assert t.stop_reason == "pruned_probe" and t.pruned and dev.calls == [1]
    assert "100x" in t.message


def test_protocol_prunes_after_warmup_and_on_running_median():
    dev = FakeDevice(6e-5)
    t = time_program(dev.launch, MeasureConfig(best_known_s=1e-5), clock=dev.clock)
    assert t.stop_reason == "pruned_warmup"
    # fast warm-up, then slow samples: pruned by the running median
    seq = itertools.chain([1e-5] * 4, itertools.repeat(1e-4))
    dev = FakeDevice(seq)
    t = time_program(dev.launch, MeasureConfig(best_known_s=1e-5, warmup_s=1e-5), clock=dev.clock)
    assert t.stop_reason == "pruned_median" and "running median" in t.message


def test_protocol_over_cap_single_launch():
    dev = FakeDevice(3.0)
    t = time_program(dev.launch, MeasureConfig(), clock=dev.clock)
    assert t.stop_reason == "over_cap" and t.samples == (3.0,)


def test_protocol_reports_phases():
    seen = []
    dev = FakeDevice(1e-3)
    time_program(dev.launch, MeasureConfig(), clock=dev.clock, on_phase=seen.append)
    assert seen == ["probe", "warmup", "samples"]


def test_a_device_turn_waits_for_the_one_holding_the_device(tmp_path):
    import threading
    import time

    events: list[tuple[str, str, float]] = []

    def measure(who: str, hold_s: float) -> None:
        with device_turn("NVIDIA H200|580", tmp_path):
            events.append((who, "in", time.monotonic()))
            time.sleep(hold_s)
            events.append((who, "out", time.monotonic()))

    first = threading.Thread(target=measure, args=("first", 0.3))
    first.start()
    while not events:
        time.sleep(0.01)
    second = threading.Thread(target=measure, args=("second", 0.0))
    second.start()
    first.join()
    second.join()
    assert [(w, e) for w, e, _ in events] == [("first", "in"), ("first", "out"), ("second", "in"), ("second", "out")]
    with device_turn("another device", tmp_path), device_turn("a third device", tmp_path):
        pass  # another device's turn is its own lock


def test_a_device_turn_comes_back_when_its_holder_is_killed(tmp_path):
    import subprocess
    import time

    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from compiler.runtime.measure import device_turn\n"
        f"with device_turn('gpu', {str(tmp_path)!r}):\n"
        "    print('held', flush=True); time.sleep(600)")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        holder.kill()
        holder.wait(10)
        t0 = time.monotonic()
        with device_turn("gpu", tmp_path):
            assert time.monotonic() - t0 < 5
    finally:
        holder.kill()


# ---------------------------------------------------------------- records


def test_config_validation_names_the_field():
    with pytest.raises(ValueError, match="min_samples"):
        MeasureConfig(min_samples=60)
    with pytest.raises(ValueError, match="time_cap_s"):
        MeasureConfig(time_cap_s=0)
    with pytest.raises(ValueError, match="best_known_s"):
        MeasureConfig(best_known_s=-1.0)
    assert MeasureConfig(time_cap_s=1.0, watchdog_margin_s=2.0).watchdog_s == 3.0


def test_measurement_json_round_trip():
    m = Measurement(status="ok", median_s=1e-3, min_s=9e-4, iqr_s=1e-5, n_samples=3, n_inner=10,
                    samples=(1e-3, 9e-4, 1.1e-3), gflops=2.0, device="dev", config=MeasureConfig(rtol=1e-3))
    d = json.loads(json.dumps(m.to_dict()))
    assert Measurement.from_dict(d) == m
    assert m.rel_iqr == pytest.approx(0.01)
    assert m.raise_for_status() is m


def test_failure_raises_its_kind():
    m = Measurement.failure("timeout", "too slow", config=MeasureConfig())
    assert not m.ok and m.median_s is None and m.rel_iqr is None
    with pytest.raises(KernelTimeout, match="too slow"):
        m.raise_for_status()


def test_noise_floor_over_fake_measurements():
    medians = iter([1.0e-3, 1.1e-3, 0.9e-3])

    def fake(program, inputs, gold, config):
        return Measurement(status="ok", median_s=next(medians))

    floor = noise_floor(KernelProgram((), (), ()), {}, repeats=3, measure=fake)
    assert floor.rel_spread == pytest.approx(0.2)
    assert floor.same(1.0e-3, 1.15e-3) and not floor.same(1.0e-3, 1.5e-3)
    with pytest.raises(ValueError, match="at least 2"):
        noise_floor(KernelProgram((), (), ()), {}, repeats=1, measure=fake)


def test_worker_reports_stale_marker_without_starting(tmp_path):
    (tmp_path / MARKER_NAME).write_text(json.dumps({"program_key": "abc", "phase": "probe", "pid": 1}))
    w = MeasureWorker("pocl", marker_dir=tmp_path)
    assert w.stale_marker["program_key"] == "abc"
    assert not (tmp_path / MARKER_NAME).exists()
    w.close()
    with pytest.raises(ValueError, match="unknown fault"):
        w._inject_fault("probe", "explode")


def test_importing_runtime_does_not_import_pyopencl():
    import subprocess

    code = "import sys, compiler.runtime, compiler.runtime.peaks; print('pyopencl' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
