"""Which measured outcomes become a kernel's stored verdict: a scripted measurement worker stands in for kills
from outside (no device needed), the store is real."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from compiler.perf import features as hw
from compiler.perf.store import MeasurementStore
from compiler.runtime import MeasureConfig, Measurement, MeasureWorker
from lift_gym import rewards

CFG = MeasureConfig()
KILLED = "killed by signal SIGKILL"


def _death() -> Measurement:
    return Measurement.failure("launch", f"measurement worker died ({KILLED}) in phase 'build'", config=CFG,
                               device="dev", program_key="k1", worker_exit=KILLED)


def _ok() -> Measurement:
    return Measurement(status="ok", median_s=1e-3, min_s=1e-3, iqr_s=0.0, n_samples=3, n_inner=1,
                       samples=(1e-3,) * 3, checked=True, device="dev", program_key="k1", config=CFG)


def _wrong() -> Measurement:
    return Measurement.failure("correctness", "output 'c': 3 of 8 elements differ", config=CFG, device="dev",
                               program_key="k1")


class ScriptedWorker(MeasureWorker):
    """A MeasureWorker whose measurements come from a script instead of a worker process."""

    def __init__(self):
        super().__init__()
        self.script: list[Measurement] = []
        self.calls = 0

    @property
    def info(self):
        return SimpleNamespace(fingerprint="dev")

    def measure(self, program, inputs, gold=None, config=None) -> Measurement:
        self.calls += 1
        return self.script.pop(0)


@pytest.fixture
def measured(tmp_path, monkeypatch):
    monkeypatch.setattr(rewards, "inputs_and_gold", lambda job: ({}, {}))
    monkeypatch.setattr(rewards, "job_features", lambda job, dev: {"f": 1.0})
    config = rewards.RewardConfig("measured", store=str(tmp_path / "m.sqlite"))
    ctx = rewards.Context(config)
    ctx._worker, ctx._info, ctx._info_tried = ScriptedWorker(), None, True
    yield rewards.Measured(config, ctx), ctx
    ctx.close()


JOB = SimpleNamespace(kernel=SimpleNamespace(key="k1"), sizes=(("N", 8),), lowered=SimpleNamespace(key="p1"),
                      benchmark_key="benchmark://lift/scal/small")


def _rows(ctx) -> list[str]:
    return [r.status for r in MeasurementStore(ctx.config.store, readonly=True).records()]


def test_two_kills_while_building_are_measured_again_and_the_timing_is_stored(measured):
    source, ctx = measured
    ctx.worker.script = [_death(), _death(), _ok()]
    ev = source.evaluate_kernel(JOB)
    assert ev.status == "ok" and ev.time_s == 1e-3 and ctx.worker.calls == 3
    assert _rows(ctx) == ["ok"]


def test_a_worker_killed_every_time_stores_nothing_and_the_next_episode_measures_again(measured):
    source, ctx = measured
    ctx.worker.script = [_death(), _death(), _death()]
    ev = source.evaluate_kernel(JOB)
    assert ev.status == "launch" and ev.report["worker_exit"] == KILLED and not ev.report["settled"]
    assert _rows(ctx) == []
    ctx.worker.script = [_ok()]
    assert source.evaluate_kernel(JOB).status == "ok" and _rows(ctx) == ["ok"]


def test_a_wrong_result_that_repeats_is_stored_once_and_read_back(measured):
    source, ctx = measured
    ctx.worker.script = [_wrong(), _wrong()]
    assert source.evaluate_kernel(JOB).status == "correctness" and _rows(ctx) == ["correctness"]
    assert source.evaluate_kernel(JOB).source == "measured (stored)" and ctx.worker.calls == 2


def test_a_wrong_result_is_not_outvoted_by_a_later_pass(measured):
    source, ctx = measured
    ctx.worker.script = [_wrong(), _ok()]
    ev = source.evaluate_kernel(JOB)
    assert ev.status == "correctness" and _rows(ctx) == []


def test_a_store_that_cannot_be_written_keeps_the_measurement_and_warns_once(measured, monkeypatch):
    from compiler.errors import StoreError

    source, ctx = measured

    def full(**_):
        raise StoreError(f"measurement store {ctx.config.store} could not write measurement x: database or disk "
                         "is full; free disk space")

    monkeypatch.setattr(ctx.store, "put", full)
    ctx.worker.script = [_ok(), _ok()]
    with pytest.warns(RuntimeWarning, match="not being stored.*database or disk is full"):
        assert source.evaluate_kernel(JOB).status == "ok"
    assert source.evaluate_kernel(JOB).time_s == 1e-3 and source.unstored == 2


def test_a_stored_measurement_of_an_older_feature_set_gets_its_features_again(measured, monkeypatch):
    """The kernel is reached again: its stored timing stands (no new measurement) and its features are computed
    now and written back, so the model can fit on the row again."""
    source, ctx = measured
    ctx.worker.script = [_ok()]
    source.evaluate_kernel(JOB)
    (old,) = MeasurementStore(ctx.config.store, readonly=True).records()
    assert old.features == {"f": 1.0}
    now = dict.fromkeys(hw.FEATURE_NAMES, 2.0)
    monkeypatch.setattr(rewards, "job_features", lambda job, dev: now)
    ev = source.evaluate_kernel(JOB)
    assert ev.source == "measured (stored)" and ev.time_s == 1e-3 and ev.features == now
    assert ctx.worker.calls == 1
    (rec,) = MeasurementStore(ctx.config.store, readonly=True).records()
    assert rec.features == now and rec.status == "ok" and rec.median_s == 1e-3


def _store_median(ctx, median_s: float) -> None:
    import sqlite3

    with sqlite3.connect(ctx.config.store) as db:
        db.execute("UPDATE measurements SET median_s = ?", (median_s,))


@pytest.mark.parametrize("median_s", [0.0, 5e4])
def test_a_stored_median_that_is_no_time_is_unmeasured_and_measured_again(measured, median_s):
    import dataclasses

    source, ctx = measured
    ctx.worker.script = [_ok()]
    source.evaluate_kernel(JOB)
    _store_median(ctx, median_s)
    (rec,) = MeasurementStore(ctx.config.store, readonly=True).records()
    ev = rewards.from_record(rec, "replay")
    assert ev.time_s is None and ev.status == rewards.UNMEASURED and "median_s" in ev.report["message"]
    assert rewards.from_record(dataclasses.replace(rec, median_s=2e-3), "replay").time_s == 2e-3
    ctx.worker.script = [_ok()]
    again = source.evaluate_kernel(JOB)
    assert again.source == "measured" and again.time_s == 1e-3 and ctx.worker.calls == 2


def test_replay_of_a_stored_median_that_is_no_time_is_unavailable(measured):
    source, ctx = measured
    ctx.worker.script = [_ok()]
    source.evaluate_kernel(JOB)
    _store_median(ctx, 0.0)
    replay = rewards.Replay(rewards.RewardConfig("replay", store=ctx.config.store), ctx)
    ctx._info = SimpleNamespace(fingerprint="dev")
    job = SimpleNamespace(**vars(JOB), uri="benchmark://lift/scal/small")
    with pytest.raises(rewards.RewardUnavailable, match=r"has no usable time \(median_s is 0\.0 s"):
        replay.evaluate_kernel(job)
