"""The cost models by kind: the kNN of seed 000 (`knn`, compiler.perf.model) and gradient boosting (`gbt`,
compiler.perf.gbt), fitted on a measurement store or loaded from their files alike.

    model = fit_cost_model("gbt", store, device, exclude=("benchmark://lift/mm",))
    model = load_cost_model(path, device)          # the kind from the file's format; a folder: kind= picks
    kind_of(model) -> "knn" | "gbt"

Both answer `predict(X)` (normalised throughput of rows of FEATURE_NAMES features; higher is faster),
`predict_with_distance(X)`, `n_rows`, `device` and `summary()`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from . import gbt
from . import model as knn
from .store import MeasurementStore

KINDS = ("knn", "gbt")
_FORMATS = {knn.FORMAT: "knn", gbt.FORMAT: "gbt"}


def _check(kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown cost model kind {kind!r}; kinds: {', '.join(KINDS)}")


def kind_of(model) -> str:
    """The kind of a fitted or loaded model."""
    return "gbt" if isinstance(model, gbt.GbtPerfModel) else "knn"


def model_file_name(kind: str, device: str) -> str:
    """The file `lift-gym fit` writes for a kind and device: knn-DEVICE.npz or gbt-DEVICE.npz."""
    _check(kind)
    return (gbt.model_file_name if kind == "gbt" else knn.model_file_name)(device)


def fit_cost_model(kind: str, store: MeasurementStore, device: str | None = None, exclude: Sequence[str] = ()):
    """A model of `kind` fitted on the store's rows of `device` outside the programs `exclude`."""
    _check(kind)
    cls = gbt.GbtPerfModel if kind == "gbt" else knn.KnnPerfModel
    return cls.fit_store(store, device, exclude)


def fit_rows(kind: str, x: np.ndarray, y: np.ndarray, *, device: str | None = None,
             groups: Sequence[str] | None = None):
    """A model of `kind` fitted on rows `x` (FEATURE_NAMES columns) and normalised throughputs `y`."""
    _check(kind)
    if kind == "gbt":
        return gbt.GbtPerfModel.fit(x, y, device=device, groups=groups)
    return knn.KnnPerfModel.fit(x, y, device=device, benchmarks=tuple(groups or ()), groups=groups)


def file_kind(path: str | Path) -> str | None:
    """The kind of a model file by its format ("knn", "gbt"), None when it is no readable model file."""
    try:
        with np.load(path, allow_pickle=False) as z:
            return _FORMATS.get(json.loads(str(z["meta"])).get("format"))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def load_cost_model(path: str | Path, device: str | None = None, kind: str | None = None):
    """The model saved at `path` (its kind from the file's format) or, with a folder, the model of `kind`
    (default: knn) and `device` in it. ModelUnavailable in one line when there is none."""
    p = Path(path)
    if p.is_dir():
        kind = kind or "knn"
        _check(kind)
        return (gbt.GbtPerfModel if kind == "gbt" else knn.KnnPerfModel).load(p, device)
    found = file_kind(p) if p.is_file() else None
    if kind is not None:
        _check(kind)
        if found is not None and found != kind:
            raise knn.ModelUnavailable(f"{p} is a {found} model, not a {kind} one")
    if (found or kind) == "gbt":
        return gbt.GbtPerfModel.load(p, device)
    return knn.KnnPerfModel.load(p, device)


__all__ = ["KINDS", "file_kind", "fit_cost_model", "fit_rows", "kind_of", "load_cost_model", "model_file_name"]
