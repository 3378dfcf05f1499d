"""The learned rowsPerItem heuristic: training data, export as JSON, the compiler's evaluator, the lowering's use."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compiler.lowering import heuristic as evaluator
from compiler.lowering.catalog import lowerings
from compiler.perf import heuristic

DATA = Path(__file__).resolve().parents[1] / "data"
DATASET = DATA / "heuristic_stencil_pocl.json"
MODEL = DATA / "heuristic_stencil_pocl_model.json"


@pytest.fixture(scope="module")
def ds() -> heuristic.Dataset:
    return heuristic.load_dataset(DATASET)


def _file(tmp_path: Path, d: dict, name: str = "h.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(d))
    return p


def _leaf(value: int, decision: str = evaluator.ROWS_DECISION) -> dict:
    return {"format": evaluator.FORMAT, "version": 1, "decision": decision, "features": ["log2_rows"],
            "choices": [1, 2, 4, 8], "kind": "tree", "model": {"nodes": [{"value": value}]}}


@pytest.mark.parametrize("name", heuristic.EXPORTABLE)
def test_exported_heuristic_answers_as_the_fitted_model(ds, name, tmp_path):
    d, est = heuristic.heuristic_dict(ds, name)
    h = evaluator.load(_file(tmp_path, d))
    # also on points between and beyond the training data, where a wrong threshold or scaling would show
    rng = np.random.default_rng(0)
    x = np.vstack([ds.x, ds.x.mean(0) + rng.normal(size=(40, ds.x.shape[1])) * ds.x.std(0)])
    assert [h.predict(v) for v in x] == est.predict(x).tolist()


def test_committed_heuristic_is_what_the_pipeline_exports_from_the_committed_data(ds):
    committed = json.loads(MODEL.read_text())
    d, _ = heuristic.heuristic_dict(ds, committed["trained_on"]["model"])
    assert d["kind"] == committed["kind"]
    assert d["model"].keys() == committed["model"].keys()
    for key, value in d["model"].items():
        if d["kind"] == "tree":
            assert value == committed["model"][key]
        else:
            np.testing.assert_allclose(value, committed["model"][key], rtol=1e-6, err_msg=key)


def test_selected_heuristic_runs_at_least_as_fast_as_the_fixed_rule_on_its_training_data(ds):
    h = evaluator.load(MODEL)
    legal = [[c for c, t in zip(ds.choices, row, strict=True) if not np.isnan(t)] for row in ds.times]
    picked = [h.decide(dict(zip(ds.features, x, strict=True)), lg) for x, lg in zip(ds.x, legal, strict=True)]
    t_heuristic = np.array([heuristic.time_of(ds, i, c) for i, c in enumerate(picked)])
    t_fixed = np.array([heuristic.time_of(ds, i, c) for i, c in enumerate(ds.fixed)])
    assert np.exp(np.mean(np.log(t_heuristic))) <= np.exp(np.mean(np.log(t_fixed)))


def test_labels_keep_the_trivial_value_unless_another_is_5_percent_faster():
    times = np.array([[1.0, 0.97, np.nan], [1.0, 0.8, 0.9], [1.0, 1.2, 0.5]])
    ds = heuristic.Dataset("d", "dev", ("f",), (1, 2, 4), np.zeros((3, 1)), times, np.array([2, 2, 4]),
                           np.array(["a", "b", "c"]))
    assert heuristic.labels(ds).tolist() == [1, 2, 4]
    assert heuristic.legal_choice(ds, 0, 4) == 2  # 4 not measured (illegal): the largest legal value below


def test_held_out_predictions_never_train_on_the_program_they_predict():
    # labels identical within a program and unrelated to the features: only a leak could predict them
    x = np.repeat(np.arange(6.0), 4)[:, None]
    y = np.repeat([1, 2, 1, 2, 1, 2], 4)
    groups = np.repeat(list("abcdef"), 4)
    pred = heuristic.held_out("knn", x, y, groups)
    assert not np.array_equal(pred, y)


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(format="other"), "'format'"),
    (lambda d: d.update(version=2), "'version'"),
    (lambda d: d.update(kind="svm"), "'kind'"),
    (lambda d: d.update(choices=[0, 2]), "'choices'"),
    (lambda d: d["model"].update(nodes=[{"feature": 0, "threshold": 1.0, "left": 0, "right": 1}, {"value": 1}]),
     "'model.nodes[0].left'"),
    (lambda d: d["model"].update(nodes=[{"feature": 3, "threshold": 1.0, "left": 1, "right": 2}]),
     "'model.nodes[0].feature'"),
    (lambda d: d["model"].update(nodes=[{"value": 3}]), "'model.nodes[0].value'"),
    (lambda d: d.update(kind="logistic", model={"classes": [1, 2], "mean": [0.0], "scale": [1.0], "coef": [[1.0]],
                                                "intercept": ["x"]}), "'model.intercept'"),
])
def test_malformed_heuristic_file_fails_with_one_line_error_naming_file_and_field(tmp_path, change, field):
    d = _leaf(2)
    change(d)
    p = _file(tmp_path, d)
    with pytest.raises(evaluator.HeuristicError) as err:
        evaluator.load(p)
    msg = str(err.value)
    assert "\n" not in msg and str(p) in msg and field in msg


def test_heuristic_file_that_is_not_json_fails_with_one_line_error(tmp_path):
    p = tmp_path / "h.json"
    p.write_text("{nodes: [")
    with pytest.raises(evaluator.HeuristicError, match="not JSON") as err:
        evaluator.load(p)
    assert "\n" not in str(err.value) and str(p) in str(err.value)


def test_malformed_dataset_fails_with_one_line_error_naming_file_and_field(tmp_path):
    d = json.loads(DATASET.read_text())
    d["instances"][3]["times"]["1"] = -1.0
    p = _file(tmp_path, d, "data.json")
    with pytest.raises(heuristic.HeuristicDataError, match=r"'instances\[3\]\.times'") as err:
        heuristic.load_dataset(p)
    assert "\n" not in str(err.value) and str(p) in str(err.value)


def test_stencil_lowering_asks_the_heuristic_file_when_one_is_given(tmp_path, monkeypatch):
    low = lowerings("stencil2d")["default"]
    monkeypatch.delenv(evaluator.PATH_ENV, raising=False)
    assert low({"N": 16, "M": 16}).params["rowsPerItem"] == 4  # the fixed rule
    monkeypatch.setenv(evaluator.PATH_ENV, str(_file(tmp_path, _leaf(2), "two.json")))
    assert low({"N": 16, "M": 16}).params["rowsPerItem"] == 2
    monkeypatch.setenv(evaluator.PATH_ENV, str(_file(tmp_path, _leaf(8), "eight.json")))
    assert low({"N": 12, "M": 16}).params["rowsPerItem"] == 4  # 8 does not divide 12 rows: the largest legal below
    assert low({"N": 16, "M": 16}, {"rowsPerItem": 1}).params["rowsPerItem"] == 1  # a given value wins
    monkeypatch.setenv(evaluator.PATH_ENV, str(_file(tmp_path, _leaf(2, "mm.tile"), "other.json")))
    with pytest.raises(evaluator.HeuristicError, match="'decision'"):
        low({"N": 16, "M": 16})


def test_committed_heuristic_decides_every_stencil_of_the_suite(monkeypatch):
    monkeypatch.setenv(evaluator.PATH_ENV, str(MODEL))
    names = sorted(set(heuristic.load_dataset(DATASET).groups.tolist()))
    for name in names:
        assert lowerings(name)["default"]({"N": 64, "M": 64}).params["rowsPerItem"] in (1, 2, 4, 8)


def test_pipeline_learns_a_hidden_rule_from_held_out_programs_and_moe_takes_the_best_per_value():
    # 8 programs x 5 sizes; rowsPerItem 4 is 1.5x faster than 1 exactly when feature 0 > 0, else 1 is fastest
    rng = np.random.default_rng(1)
    x = rng.normal(size=(40, 3))
    fast = x[:, 0] > 0
    times = np.column_stack([np.ones(40), np.full(40, 1.2), np.where(fast, 1 / 1.5, 1.3)])
    ds = heuristic.Dataset("d", "dev", ("a", "b", "c"), (1, 2, 4), x, times, np.full(40, 2),
                           np.repeat([f"p{i}" for i in range(8)], 5))
    rep = heuristic.compare(ds, models=("majority", "tree"))
    assert rep["models"]["tree"]["accuracy"] >= 0.9 > rep["models"]["majority"]["accuracy"]
    assert rep["selected"] == "tree" and rep["models"]["tree"]["time_vs_oracle"] < 1.05
    per_value = rep["per_decision"]["models"]
    assert per_value["moe"]["accuracy"] >= max(per_value[n]["accuracy"] for n in ("majority", "tree"))


def test_broken_heuristic_file_surfaces_instead_of_making_the_lowering_invalid(tmp_path, monkeypatch):
    monkeypatch.setenv(evaluator.PATH_ENV, str(_file(tmp_path, {**_leaf(2), "version": 9})))
    with pytest.raises(evaluator.HeuristicError, match="'version'"):
        lowerings("stencil2d")["default"].valid({"N": 16, "M": 16})
