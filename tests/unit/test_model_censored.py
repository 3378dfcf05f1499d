"""The kNN model sees timed-out kernels as censored rows, keeps failed ones out, knows each benchmark's noise floor
and is kept and picked per device."""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import pytest

from agents.cli import main
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import (
    KnnPerfModel,
    ModelUnavailable,
    censored_time,
    model_file_name,
    training_rows,
    training_table,
)
from compiler.perf.store import MeasurementStore
from lift_gym.rewards import Predicted, RewardConfig, RewardUnavailable

BENCH = "benchmark://lift/stencil?N=64"
OTHER = "benchmark://lift/mm?N=16"
GOOD = (1, 2, 3, 4, 5, 6)  # scales of the fast kernels (1 is the fastest)
SLOW = (40, 44, 48, 52, 56)  # scales of the region of very slow kernels


def _features(scale: float) -> dict[str, float]:
    f = dict.fromkeys(FEATURE_NAMES, 1.0)
    f["gs0"], f["ls0"], f["glb_ld_pt"], f["avg_lines_per_warp_access"] = 4096 / scale, 32.0, scale, scale
    return f


def _x(scale: float) -> np.ndarray:
    f = _features(scale)
    return np.array([[f[n] for n in FEATURE_NAMES]])


def _put(store: MeasurementStore, key: str, scale: float, report: dict, *, bench: str = BENCH,
         device: str = "gpu-a") -> None:
    store.put(key=f"{device}-{bench}-{key}", benchmark=bench, program_key="p", kernel_key=key, device=device,
              report=report, features=_features(scale))


def _ok(t: float, iqr: float = 0.0) -> dict:
    return {"status": "ok", "median_s": t, "iqr_s": iqr, "stop_reason": "converged"}


def _pruned(t: float) -> dict:
    return {"status": "timeout", "median_s": t, "iqr_s": 0.0, "stop_reason": "pruned_probe",
            "message": f"pruned: probe launch took {t} s"}


def _landscape(store: MeasurementStore, device: str = "gpu-a") -> None:
    """Fast kernels measured, and a region of kernels pruned at 100x the best time."""
    for s in GOOD:
        _put(store, f"ok{s}", s, _ok(1e-3 * (1 + 0.1 * s), iqr=1e-5 * s), device=device)
    for s in SLOW:
        _put(store, f"slow{s}", s, _pruned(0.1), device=device)


def test_a_timed_out_kernel_makes_queries_next_to_it_predict_low_throughput(tmp_path):
    store = MeasurementStore(tmp_path / "m.sqlite")
    _landscape(store)
    with_bounds = KnnPerfModel.fit_store(store, "gpu-a")
    successes_only = KnnPerfModel.fit_store(store, "gpu-a", censored=False)
    near_slow = _x(50)
    assert (with_bounds.n_ok, with_bounds.n_censored) == (len(GOOD), len(SLOW))
    assert successes_only.n_censored == 0 and successes_only.n_rows == len(GOOD)
    # the measured kernels alone say every kernel reaches most of the best throughput
    assert successes_only.predict(near_slow)[0] > 0.7
    # the censored rows (t_best / t_cap = 1.1e-3 / 0.1) pull a query among them down to their bound
    assert with_bounds.predict(near_slow)[0] < 0.05
    assert with_bounds.neighbour_censored(near_slow)[0] == 1.0
    # far from them the prediction still rests on measurements
    assert with_bounds.predict(_x(2))[0] > 0.7 and with_bounds.neighbour_censored(_x(2))[0] == 0.0


def test_censored_target_is_the_best_time_over_the_capped_time(tmp_path):
    store = MeasurementStore(tmp_path / "m.sqlite")
    _put(store, "fast", 1, _ok(2e-3))
    _put(store, "pruned", 8, _pruned(0.5))
    watchdog = {"status": "timeout", "median_s": None, "iqr_s": None, "config": {"time_cap_s": 4.0},
                "message": "watchdog: no result within 14 s in phase 'probe' of program abc; worker killed"}
    _put(store, "hung", 9, watchdog)
    t = training_table(store.records(), "gpu-a")
    got = dict(zip(t.y.round(6), t.censored, strict=True))
    assert got == {1.0: False, round(2e-3 / 0.5, 6): True, round(2e-3 / 4.0, 6): True}


@pytest.mark.parametrize("report", [
    {"status": "compile", "message": "build failed"},
    {"status": "launch", "message": "CL_OUT_OF_RESOURCES"},
    {"status": "correctness", "message": "output 'out' differs"},
    {"status": "timeout", "median_s": None, "message": "watchdog: no result within 60 s in phase 'build' of x"},
    {"status": "timeout", "median_s": None, "message": "watchdog: no result within 12 s in phase 'samples' of x"},
])
def test_failed_kernels_stay_out_of_the_training_rows(tmp_path, report):
    store = MeasurementStore(tmp_path / "m.sqlite")
    _put(store, "fast", 1, _ok(2e-3))
    _put(store, "slow", 2, _ok(4e-3))
    _put(store, "bad", 50, report)
    x, y, groups = training_rows(store.records(), "gpu-a")
    assert x.shape == (2, len(FEATURE_NAMES)) and groups == [BENCH, BENCH]
    assert sorted(y.tolist()) == [0.5, 1.0]
    assert censored_time(next(r for r in store.records() if r.kernel_key == "bad")) is None


def test_a_benchmark_with_only_timed_out_kernels_has_nothing_to_normalise_by(tmp_path):
    store = MeasurementStore(tmp_path / "m.sqlite")
    _put(store, "fast", 1, _ok(2e-3))
    _put(store, "pruned", 40, _pruned(0.5), bench=OTHER)
    t = training_table(store.records(), "gpu-a")
    assert t.groups == [BENCH] and not t.censored.any()


def test_noise_floor_is_the_median_relative_iqr_of_each_benchmark(tmp_path):
    store = MeasurementStore(tmp_path / "m.sqlite")
    rel = {BENCH: (0.01, 0.02, 0.05), OTHER: (0.10, 0.30, 0.20, 0.40)}
    for bench, rels in rel.items():
        for i, r in enumerate(rels):
            t = 1e-3 * (i + 1)
            _put(store, f"k{i}", i + 1, _ok(t, iqr=r * t), bench=bench)
    _put(store, "pruned", 60, _pruned(1.0))  # censored rows carry no noise estimate
    model = KnnPerfModel.fit_store(store, "gpu-a")
    assert model.noise_floor(BENCH) == pytest.approx(np.median(rel[BENCH]))
    assert model.noise_floor("benchmark://lift/mm") == pytest.approx(np.median(rel[OTHER]))  # all its sizes
    assert model.noise_floor() == pytest.approx(np.median(rel[BENCH] + rel[OTHER]))
    with pytest.raises(ValueError, match="no rows"):
        model.noise_floor("benchmark://lift/absent")
    model.save(tmp_path / "knn.npz")
    back = KnnPerfModel.load(tmp_path / "knn.npz")
    assert back.noise_floors() == pytest.approx(model.noise_floors())
    assert back.n_censored == 1 and np.array_equal(back.predict(_x(3)), model.predict(_x(3)))


def test_an_old_model_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "knn.npz"
    KnnPerfModel.fit(np.ones((3, len(FEATURE_NAMES))) * [[1], [2], [3]], [1.0, 0.5, 0.2], device="d").save(path)
    with np.load(path, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(str(arrays["meta"]))
    meta["version"] = 2
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(path, **arrays)
    with pytest.raises(ModelUnavailable, match=r"version 2; .*refit") as err:
        KnnPerfModel.load(path)
    assert "\n" not in str(err.value)


def test_fit_prints_rows_benchmarks_and_noise_per_device(tmp_path, capsys):
    store = MeasurementStore(tmp_path / "m.sqlite")
    _landscape(store, "gpu-a")
    _put(store, "only", 1, _ok(1e-3, iqr=5e-5), device="gpu-b")
    store.close()
    assert main(["fit", str(tmp_path / "m.sqlite"), "--out", str(tmp_path), "--quiet"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2
    a = next(line for line in lines if line.startswith("gpu-a"))
    assert f"({len(GOOD)} ok / {len(SLOW)} censored)" in a and "1 benchmarks" in a
    assert "median relative IQR" in next(line for line in lines if line.startswith("gpu-b"))


def test_the_predicted_reward_picks_the_model_of_its_device(tmp_path):
    store = MeasurementStore(tmp_path / "m.sqlite")
    _landscape(store, "gpu-a")
    _put(store, "only", 1, _ok(1e-3), device="gpu-b")
    store.close()
    out = tmp_path / "models"
    out.mkdir()
    assert main(["fit", str(tmp_path / "m.sqlite"), "--out", str(out), "--quiet"]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(model_file_name(d) for d in ("gpu-a", "gpu-b"))

    def source(fingerprint: str | None, device: str | None = None) -> Predicted:
        return Predicted(RewardConfig(source="predicted", model=str(out), device=device),
                         SimpleNamespace(fingerprint=fingerprint))

    for fp in ("gpu-a", "gpu-b"):
        src = source(fp)
        src.prepare()
        assert src.model(None).device == fp
    with pytest.raises(RewardUnavailable, match="no kNN model of device 'gpu-c'") as err:
        source("gpu-c").prepare()
    assert "\n" not in str(err.value)
    with pytest.raises(RewardUnavailable, match=r"holds 2 kNN models"):  # no device to pick by
        source(None).prepare()
    # a model file of another device than the one asked for is refused; without a device asked for it is used
    path = out / model_file_name("gpu-a")
    with pytest.raises(ModelUnavailable, match="device 'gpu-a', not of the device asked for, 'gpu-b'"):
        KnnPerfModel.load(path, device="gpu-b")
    assert KnnPerfModel.load(path).device == "gpu-a"
