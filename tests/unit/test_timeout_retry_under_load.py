"""A time-out is measured once more with longer limits before it becomes a verdict, and one that repeats while
the machine is loaded is not final: not settled, and passed over by the store's lookups."""

from __future__ import annotations

import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.perf.store import MeasurementStore, is_final
from compiler.runtime.measure import MeasureConfig, Measurement
from compiler.runtime.worker import MeasureWorker, longer_limits

PROGRAM = KernelProgram((Kernel("k", "", (KernelArg("c", "out", "float", 4),), (4,)),), (), ("c",))
CFG = MeasureConfig(time_cap_s=1.0, best_known_s=1e-3)


def _timeout(cfg: MeasureConfig) -> Measurement:
    return Measurement(status="timeout", message="pruned: too slow", median_s=1.0, samples=(1.0,), n_samples=1,
                       stop_reason="pruned_probe", config=cfg)


def _ok(cfg: MeasureConfig) -> Measurement:
    return Measurement(status="ok", median_s=2e-3, samples=(2e-3,), n_samples=1, n_inner=1, config=cfg)


class SlowWorker(MeasureWorker):
    """Answers from a script instead of a worker process; records the configs it was given."""

    def __init__(self, answers, *, loaded: bool):
        super().__init__(loaded=lambda: loaded)
        self.answers, self.configs = list(answers), []

    def measure(self, program, inputs, gold=None, config=None):
        self.configs.append(config)
        return self.answers.pop(0)(config)


@pytest.fixture
def make():
    made = []

    def _make(answers, loaded):
        w = SlowWorker(answers, loaded=loaded)
        made.append(w)
        return w

    yield _make
    for w in made:
        w.close()


def test_a_timeout_is_measured_again_with_longer_limits_and_a_timing_then_settles(make):
    w = make([_timeout, _ok], loaded=True)
    m = w.measure_settled(PROGRAM, {}, None, CFG)
    assert m.ok and m.settled and m.attempts == 2
    first, second = w.configs
    assert second == longer_limits(first) and second.time_cap_s == 2 * CFG.time_cap_s
    assert second.prune_probe_factor == 2 * CFG.prune_probe_factor and second.watchdog_s > first.watchdog_s


def test_a_repeated_timeout_under_load_is_not_settled(make):
    w = make([_timeout, _timeout], loaded=True)
    m = w.measure_settled(PROGRAM, {}, None, CFG)
    assert m.status == "timeout" and not m.settled and m.attempts == 2 and "not final" in m.message


def test_a_repeated_timeout_on_an_idle_machine_is_the_kernels_verdict(make):
    w = make([_timeout, _timeout], loaded=False)
    m = w.measure_settled(PROGRAM, {}, None, CFG)
    assert m.status == "timeout" and m.settled and m.attempts == 2


def test_a_watchdog_timeout_is_retried_once_too(make):
    def watchdog(cfg):
        return Measurement.failure("timeout", "watchdog: no result", config=cfg)

    w = make([watchdog, watchdog], loaded=True)
    m = w.measure_settled(PROGRAM, {}, None, CFG)
    assert m.status == "timeout" and not m.settled and len(w.configs) == 2


def test_the_store_passes_over_an_unsettled_timeout(tmp_path, make):
    store = MeasurementStore(tmp_path / "m.sqlite")
    w = make([_timeout, _timeout], loaded=True)
    m = w.measure_settled(PROGRAM, {}, None, CFG)
    store.put(key="k1", benchmark="b", program_key="p", kernel_key="kk", device="d", report=m.to_dict())
    store.put(key="k2", benchmark="b", program_key="p", kernel_key="kk", device="d",
              report={**m.to_dict(), "settled": True})
    assert store.get("k1") is None and "k1" not in store and len(store) == 2
    assert store.get("k2") is not None and "k2" in store
    assert not is_final("timeout", {"settled": False}) and is_final("ok", {"settled": False})
    store.close()
