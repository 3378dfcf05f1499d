"""The gradient-boosting cost model: it learns a known landscape and ranks held-out programs' kernels better than
chance, never holds the rows of the program it scores, and its file is plain arrays rebuilt exactly."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agents.model_reward import program_uri
from compiler.perf.cost_model_study import compare, top_k_recall
from compiler.perf.cost_models import file_kind, fit_cost_model, kind_of, load_cost_model
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.gbt import GbtPerfModel, design
from compiler.perf.model import KnnPerfModel, ModelUnavailable
from compiler.perf.store import MeasurementStore
from compiler.perf.study import StudyError, correlation

DEVICE = "dev-a"
PROGRAMS = ("benchmark://lift/alpha", "benchmark://lift/beta", "benchmark://lift/gamma",
            "benchmark://generated-v1/ewise-00001", "benchmark://lift/epsilon")


def _truth(f: dict) -> float:
    """A made-up device: time grows with global loads and cache lines per access, shrinks with the work-group up
    to 64 threads, and arithmetic costs a little."""
    return 1e-6 * f["gs0"] * (f["glb_ld_pt"] * f["avg_lines_per_warp_access"] + 0.05 * f["flops_pt"]) \
        / min(f["ls0"], 64.0)


def _kernel(rng: np.random.Generator, n: int) -> dict:
    f = dict.fromkeys(FEATURE_NAMES, 0.0)
    ls = float(2 ** rng.integers(0, 9))
    f.update(gs0=float(n), gs1=1.0, gs2=1.0, ls0=ls, ls1=1.0, ls2=1.0, glb_ld_pt=float(rng.integers(1, 16)),
             glb_st_pt=1.0, avg_lines_per_warp_access=float(rng.integers(1, 9)), flops_pt=float(rng.integers(1, 64)))
    return f


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """Five programs of 30 kernels each, timed by `_truth` with 3% noise."""
    path = tmp_path_factory.mktemp("gbt") / "store.sqlite"
    st = MeasurementStore(path)
    rng = np.random.default_rng(0)
    for p, prog in enumerate(PROGRAMS):
        bench = f"{prog}?n={1024 * (p + 1)}"
        for k in range(30):
            f = _kernel(rng, 1024 * (p + 1))
            t = _truth(f) * float(rng.lognormal(0, 0.03))
            st.put(key=f"{p}-{k}", benchmark=bench, program_key=prog, kernel_key=f"{p}-{k}", device=DEVICE,
                   report={"status": "ok", "median_s": t, "iqr_s": 0.01 * t}, features=f)
    yield st
    st.close()


def _rows(st: MeasurementStore, prog: str) -> tuple[np.ndarray, np.ndarray]:
    recs = [r for r in st.records() if r.benchmark.startswith(prog + "?")]
    x = np.array([[r.features[n] for n in FEATURE_NAMES] for r in recs])
    t = np.array([r.median_s for r in recs])
    return x, t.min() / t


def test_gbt_ranks_a_held_out_program_of_a_known_landscape_better_than_chance(store):
    held = PROGRAMS[1]
    model = GbtPerfModel.fit_store(store, DEVICE, exclude=(held,))
    x, y = _rows(store, held)
    _, rho = correlation(model.predict(x), y)
    assert rho > 0.7
    assert top_k_recall(model.predict(x), y, 5) > 5 / len(y)


def test_held_out_comparison_puts_both_models_above_random(store):
    result = compare(store.records(), DEVICE, leave_out="program")
    kinds = result["kinds"]
    assert kinds["gbt"]["benchmarks"] == len(PROGRAMS)
    assert kinds["gbt"]["spearman"] > 0.7 and kinds["knn"]["spearman"] > 0.3
    assert kinds["gbt"]["top5"] > kinds["random"]["top5"]
    for row in result["benchmarks"]:  # each fold was fitted on the other programs only
        assert row["training_rows"] == 30 * (len(PROGRAMS) - 1)


def test_a_train_test_split_fits_once_on_the_programs_named_and_ranks_every_other(store):
    result = compare(store.records(), DEVICE, train_on=["benchmark://lift/alpha", "benchmark://lift/beta"])
    ranked = {r["benchmark"].split("?")[0] for r in result["benchmarks"]}
    assert ranked == set(PROGRAMS[2:]) and result["train_on"] and result["leave_out"] is None
    assert all(r["training_rows"] == 2 * 30 for r in result["benchmarks"])
    assert result["kinds"]["gbt"]["spearman"] > 0.5
    with pytest.raises(StudyError, match="matches 0 of the 5 programs"):
        compare(store.records(), DEVICE, train_on=["benchmark://nowhere/"])
    with pytest.raises(StudyError, match="matches 5 of the 5"):
        compare(store.records(), DEVICE, train_on=["benchmark://"])


@pytest.mark.parametrize("kind", ["gbt", "knn"])
def test_a_model_fitted_without_a_program_holds_none_of_its_rows(store, kind):
    uri = "benchmark://generated-v1/ewise-00001/small"
    prog = program_uri(uri)
    assert prog == "benchmark://generated-v1/ewise-00001"
    model = fit_cost_model(kind, store, DEVICE, (prog,))
    assert kind_of(model) == kind
    assert model.n_rows == 30 * (len(PROGRAMS) - 1)
    assert not any(b.startswith(prog) for b in model.row_benchmarks)


def test_top_k_recall_counts_ties_as_random_order():
    measured = [0.2, 1.0, 0.5, 0.1]
    assert top_k_recall([0, 3, 1, 2], measured, 1) == 1.0
    assert top_k_recall([1, 1, 1, 1], measured, 1) == 0.25
    assert top_k_recall([5, 1, 1, 0], measured, 2) == 0.5
    assert top_k_recall([5, 0, 4, 3], measured, 3) == 0.0


def test_saved_gbt_model_predicts_exactly_like_the_fitted_one(store, tmp_path):
    model = GbtPerfModel.fit_store(store, DEVICE)
    path = tmp_path / "gbt.npz"
    model.save(path)
    back = GbtPerfModel.load(path, DEVICE)
    q, _ = _rows(store, PROGRAMS[0])
    assert np.array_equal(back.predict(q), model.predict(q))
    assert (back.device, back.n_rows, back.benchmarks) == (model.device, model.n_rows, model.benchmarks)
    with np.load(path, allow_pickle=False) as z:  # raises on any object array
        meta = json.loads(str(z["meta"]))
        assert all(z[k].dtype != object for k in z.files)
    assert meta["format"] == "lift-gym-gbt" and meta["features"] == list(FEATURE_NAMES)
    assert file_kind(path) == "gbt" and kind_of(load_cost_model(path)) == "gbt"


def test_gbt_file_that_does_not_reproduce_its_predictions_is_refused(store, tmp_path):
    path = tmp_path / "gbt.npz"
    GbtPerfModel.fit_store(store, DEVICE).save(path)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["rows.y"] = arrays["rows.y"][::-1].copy()
    np.savez(path, **arrays)
    with pytest.raises(ModelUnavailable, match="does not reproduce"):
        GbtPerfModel.load(path)


def test_each_loader_refuses_the_other_kind_in_one_line(store, tmp_path):
    gbt, knn = tmp_path / "gbt.npz", tmp_path / "knn.npz"
    GbtPerfModel.fit_store(store, DEVICE).save(gbt)
    KnnPerfModel.fit_store(store, DEVICE).save(knn)
    with pytest.raises(ModelUnavailable, match="not a lift-gym kNN model file"):
        KnnPerfModel.load(gbt)
    with pytest.raises(ModelUnavailable, match="not a lift-gym gradient-boosting model file"):
        GbtPerfModel.load(knn)
    with pytest.raises(ModelUnavailable, match="is a knn model, not a gbt one"):
        load_cost_model(knn, kind="gbt")
    assert kind_of(load_cost_model(knn)) == "knn"


def test_design_adds_the_work_group_and_the_arithmetic_intensity():
    f = dict.fromkeys(FEATURE_NAMES, 0.0)
    f.update(ls0=16.0, ls1=4.0, ls2=1.0, gs0=1024.0, gs1=1.0, gs2=1.0, glb_ld_pt=3.0, glb_st_pt=1.0, flops_pt=8.0)
    row = design(np.array([[f[n] for n in FEATURE_NAMES]]))[0]
    n = len(FEATURE_NAMES)
    assert row[n] == pytest.approx(np.log2(1 + 64))  # work-group size
    assert row[n + 2] == pytest.approx(np.log2(1 + 1024 / 64))  # work-groups
    assert row[n + 4] == pytest.approx(np.log2(1 + 8 / 4))  # flops per global access


def test_fit_command_writes_a_gradient_boosting_model_per_device(store, tmp_path, capsys):
    from agents.cli import main

    out = tmp_path / "models"
    out.mkdir()
    assert main(["fit", str(store.path), "--model", "gbt", "--out", str(out), "--quiet"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(DEVICE) and "150 rows (150 ok / 0 censored), 5 benchmarks" in line
    assert "gradient boosting of 200 trees" in line
    assert [p.name for p in out.iterdir()] == ["gbt-dev-a.npz"]
    model = load_cost_model(out, DEVICE, kind="gbt")
    assert kind_of(model) == "gbt" and model.n_rows == 150
