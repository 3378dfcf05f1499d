"""The kNN model file: plain arrays plus JSON, rebuilt exactly, and never unpickled."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import KnnPerfModel, ModelUnavailable


class _Marker:
    """Pickles to a call that writes a file: loading it would run code."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


def _model(rows: int) -> KnnPerfModel:
    rng = np.random.default_rng(rows)
    x = rng.uniform(0, 1000, (rows, len(FEATURE_NAMES)))
    return KnnPerfModel.fit(x, rng.uniform(0.1, 1, rows), device="dev", benchmarks=("b://x", "b://y"))


@pytest.mark.parametrize("rows", [1, 3, 40])
def test_saved_model_predicts_exactly_like_the_fitted_one(tmp_path, rows):
    model = _model(rows)
    path = tmp_path / "knn.npz"
    model.save(path)
    back = KnnPerfModel.load(path)
    q = np.random.default_rng(7).uniform(0, 1000, (9, len(FEATURE_NAMES)))
    assert np.array_equal(back.predict(q), model.predict(q))
    assert np.array_equal(back.neighbour_distance(q), model.neighbour_distance(q))
    y, dist = back.predict_with_distance(q)
    assert np.allclose(y, model.predict(q), rtol=1e-12) and np.array_equal(dist, model.neighbour_distance(q))
    assert (back.device, back.n_rows, back.benchmarks, back.n_components) == (
        model.device, model.n_rows, model.benchmarks, model.n_components)


def test_model_file_holds_no_pickled_object(tmp_path):
    path = tmp_path / "knn.npz"
    _model(12).save(path)
    with np.load(path, allow_pickle=False) as z:  # raises on any object array
        meta = json.loads(str(z["meta"]))
        assert all(z[k].dtype != object for k in z.files)
    assert meta["format"] == "lift-gym-knn" and [s["class"] for s in meta["steps"]] == [
        "StandardScaler", "PCA", "KNeighborsRegressor"]


def test_pickled_model_file_is_refused_without_running_it(tmp_path):
    marker = tmp_path / "ran"
    path = tmp_path / "model.pkl"
    path.write_bytes(pickle.dumps(_Marker(marker)))
    with pytest.raises(ModelUnavailable, match="not a lift-gym kNN model file"):
        KnnPerfModel.load(path)
    assert not marker.exists()


def test_npz_with_an_object_array_is_refused_without_running_it(tmp_path):
    marker = tmp_path / "ran"
    path = tmp_path / "knn.npz"
    good = tmp_path / "good.npz"
    _model(12).save(good)
    with np.load(good) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["0.mean_"] = np.array([_Marker(marker)], dtype=object)
    np.savez(path, **arrays)
    with pytest.raises(ModelUnavailable, match="not a lift-gym kNN model file"):
        KnnPerfModel.load(path)
    assert not marker.exists()


def test_model_file_naming_an_unknown_step_class_is_refused(tmp_path):
    path = tmp_path / "knn.npz"
    _model(12).save(path)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(str(arrays["meta"]))
    meta["steps"][0]["class"] = "FunctionTransformer"
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(path, **arrays)
    with pytest.raises(ModelUnavailable, match="FunctionTransformer"):
        KnnPerfModel.load(path)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("version", 3, "version 3; this lift-gym reads version 4"),
    ("feature_set", 1, "feature set 1; this lift-gym computes feature set 2"),
    ("features", list(FEATURE_NAMES[:15]), "feature set 2; this lift-gym computes feature set 2 .17 features"),
])
def test_model_file_of_another_version_or_feature_set_is_refused(tmp_path, key, value, message):
    """A model fitted on other features would be asked about vectors it was not fitted on: refit it."""
    path = tmp_path / "knn.npz"
    _model(12).save(path)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(str(arrays["meta"]))
    assert meta["feature_set"] == 2 and meta["features"] == list(FEATURE_NAMES)
    meta[key] = value
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(path, **arrays)
    with pytest.raises(ModelUnavailable, match=f"{message}.*refit it"):
        KnnPerfModel.load(path)
