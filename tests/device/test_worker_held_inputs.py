"""The measurement worker keeps the last inputs and gold it was sent: a request with equal ones names them
instead of sending them again, a change in place is seen and sent, and a restarted worker is sent them anew."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.runtime import worker as worker_module
from compiler.runtime.gold import Gold
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import HELD, MeasureWorker
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")

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


def _program() -> KernelProgram:
    args = (KernelArg("a", "in", "float", N), KernelArg("b", "in", "float", N),
            KernelArg("c", "out", "float", N), KernelArg("n", "int", value=N))
    return KernelProgram((Kernel("vadd", SRC, args, (N,), (64,)),), ("a", "b"), ("c",), flops=N, bytes=12.0 * N)


def _sent(w: MeasureWorker, monkeypatch) -> list:
    """Record what each request carries in place of the inputs: HELD or the arrays."""
    seen: list = []
    real = w._conn.send

    def send(msg):
        if msg[0] == "measure":
            seen.append(HELD if isinstance(msg[2], str) else "arrays")
        return real(msg)

    monkeypatch.setattr(w._conn, "send", send, raising=False)
    return seen


def test_equal_inputs_are_named_changed_ones_sent(monkeypatch):
    rng = np.random.default_rng(0)
    a, b = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    with MeasureWorker() as w:
        assert w.measure(_program(), {"a": a, "b": b}, {"c": a + b}, FAST).ok  # starts the worker, sends all
        seen = _sent(w, monkeypatch)
        assert w.measure(_program(), {"a": a.copy(), "b": b}, {"c": a + b}, FAST).ok
        a[:10] += 1.0  # changed in place: the worker's copy is stale, so the arrays go again
        m = w.measure(_program(), {"a": a, "b": b}, {"c": a + b}, FAST)
        assert m.ok, m.message
        wrong = w.measure(_program(), {"a": a, "b": b}, {"c": a + b + 1.0}, FAST)  # another gold is sent too
        assert wrong.status == "correctness"
        assert seen == [HELD, "arrays", "arrays"]


def test_a_restarted_worker_is_sent_the_inputs_again(monkeypatch):
    rng = np.random.default_rng(1)
    a, b = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    with MeasureWorker() as w:
        assert w.measure(_program(), {"a": a, "b": b}, {"c": a + b}, FAST).ok
        w._stop()  # the process is gone; the next request starts another
        w._ensure()
        seen = _sent(w, monkeypatch)
        assert w.measure(_program(), {"a": a, "b": b}, {"c": a + b}, FAST).ok
        assert seen == ["arrays"]


def test_golds_with_bounds_compare_by_values_and_bounds():
    v = np.arange(4, dtype=np.float32)
    assert worker_module._same({"c": Gold(v, 0.5)}, {"c": Gold(v.copy(), 0.5)})
    assert not worker_module._same({"c": Gold(v, 0.5)}, {"c": Gold(v, 0.25)})
    assert not worker_module._same({"c": v}, {"c": Gold(v, 0.0)})
    assert not worker_module._same({"c": v}, {"c": v.astype(np.float64)})
    nan = np.array([np.nan, 1.0], dtype=np.float32)
    assert worker_module._same(nan, nan.copy()) and not worker_module._same(None, nan)
