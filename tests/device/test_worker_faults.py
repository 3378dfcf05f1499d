"""The measurement worker under faults: a worker that dies while starting says so, kills from outside are
measured again and never become the kernel's verdict, a kernel's own failure is a verdict once it repeats,
and the worker's temporary folders do not pile up after killed runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.errors import DeviceNotFound
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import DIR_PREFIX, MeasureWorker, remove_stale_dirs
from tests.opencl_once import opencl_available as _opencl_available

ROOT = Path(__file__).resolve().parents[2]


needs_device = pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")

FAST = MeasureConfig(warmup_s=0.002, min_sample_s=0.001, min_samples=3, max_samples=4, time_cap_s=0.2,
                     watchdog_margin_s=5.0, build_timeout_s=60.0)
N = 1024
SRC = """
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, const int n)
{
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}
"""


def _program(src: str = SRC) -> KernelProgram:
    args = (KernelArg("a", "in", "float", N), KernelArg("b", "in", "float", N),
            KernelArg("c", "out", "float", N), KernelArg("n", "int", value=N))
    return KernelProgram((Kernel("vadd", src, args, (N,), (64,)),), ("a", "b"), ("c",), flops=N, bytes=12.0 * N)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(2)
    a, b = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    return {"a": a, "b": b}, {"c": a + b}


@pytest.fixture(scope="module")
def worker():  # opens the device only when a test measures
    w = MeasureWorker()
    yield w
    w.close()


# ---------------------------------------------------------------- starting


@pytest.mark.parametrize(("action", "expect"), [("exit", "exit code 3"), ("kill", "killed by signal SIGKILL")])
def test_a_worker_that_dies_while_starting_says_how(action, expect):
    with MeasureWorker(startup_timeout_s=60.0) as w:
        w._inject_fault("start", action)
        t0 = time.monotonic()
        with pytest.raises(DeviceNotFound) as info:
            w.info  # noqa: B018 - starts the worker
        assert time.monotonic() - t0 < 30.0
        msg = str(info.value)
        assert "died while starting" in msg and expect in msg and "no answer" not in msg, msg


# ---------------------------------------------------------------- settled verdicts


@pytest.mark.opencl
@needs_device
def test_kills_from_outside_are_measured_again_and_settle_on_the_timing(worker, data):
    inputs, gold = data
    worker._inject_fault("build", "kill", times=2)
    m = worker.measure_settled(_program(), inputs, gold, FAST)
    assert m.status == "ok" and m.settled and m.attempts == 3 and m.worker_exit == "", m.message


@pytest.mark.opencl
@needs_device
def test_a_worker_killed_every_time_is_never_the_kernels_verdict(worker, data):
    inputs, gold = data
    worker._inject_fault("build", "kill", times=3)
    m = worker.measure_settled(_program(), inputs, gold, FAST, max_deaths=2)
    assert m.status == "launch" and not m.settled and m.attempts == 3, m
    assert m.worker_exit == "killed by signal SIGKILL" and "'build'" in m.message, m.message
    assert worker.measure_settled(_program(), inputs, gold, FAST).ok  # and the next one measures normally


@pytest.mark.opencl
@needs_device
def test_a_kernels_own_failure_settles_once_it_repeats(worker, data):
    inputs, gold = data
    broken = worker.measure_settled(_program(SRC.replace("c[i] =", "c[i] = ;")), inputs, gold, FAST)
    assert broken.status == "compile" and broken.settled and broken.attempts == 2, broken
    wrong = worker.measure_settled(_program(SRC.replace("+", "-")), inputs, gold, FAST)
    assert wrong.status == "correctness" and wrong.settled and wrong.attempts == 2, wrong


# ---------------------------------------------------------------- temporary folders


def test_the_workers_folder_is_removed_on_close_and_at_exit(tmp_path):
    w = MeasureWorker()
    folder = w.marker_path.parent
    assert folder.is_dir() and folder.name.startswith(f"{DIR_PREFIX}{os.getpid()}-")
    w.close()
    assert not folder.exists()
    script = "from compiler.runtime.worker import MeasureWorker\nw = MeasureWorker()\nprint(w.marker_path.parent)"
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert not Path(out.stdout.strip()).exists()  # never closed: removed when the interpreter exits


def test_folders_of_killed_runs_are_removed_when_the_next_worker_starts(tmp_path, monkeypatch):
    # a temporary folder of the test's own: workers started by other test processes clean the shared one
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    killed = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, time
        from compiler.runtime.worker import MeasureWorker
        w = MeasureWorker()
        print(w.marker_path.parent, flush=True)
        time.sleep(600)
    """)], cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(tmp_path)})
    stale = Path(killed.stdout.readline().strip())
    assert stale.parent == tmp_path
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    assert stale.is_dir()  # a SIGKILL runs no clean-up
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        live = Path(tempfile.mkdtemp(prefix=f"{DIR_PREFIX}{alive.pid}-"))
        w = MeasureWorker()
        w.close()
        assert not stale.exists() and live.is_dir()  # a live owner's folder stays
        assert live not in remove_stale_dirs()
    finally:
        alive.kill()
        alive.wait()
    assert live in remove_stale_dirs() and not live.exists()
