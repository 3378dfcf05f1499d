"""A gradient-boosted cost model beside the kNN of seed 000: scikit-learn's HistGradientBoostingRegressor over the
kernel features, predicting the log of the normalised throughput.

    model = GbtPerfModel.fit_store(store, device=fingerprint, exclude=("benchmark://lift/mm",))
    model.predict(X) -> normalised throughput (exp of the predicted log)    # rows of FEATURE_NAMES features
    model.predict_log(X) -> the predicted log normalised throughput
    model.save(path); GbtPerfModel.load(path_or_folder, device=fingerprint)   # a folder: its gbt-DEVICE.npz

Rows and target: the kNN's (`compiler.perf.model.training_table`): per (benchmark with its sizes, device),
y = t_best / t of every successful measurement, and for a timed-out kernel the upper bound min(1, t_best / t_cap)
(censored); the target is log(y). `exclude` leaves programs out exactly as the kNN's `fit_store` does, so a
scoring model never holds the rows of the program it scores.

Inputs (`design`): the 17 stored features (FEATURE_NAMES: the NDRange, the work-group, local memory, loads and
stores per thread by address space, cache lines per warp access, barriers, ifs, loop bodies, flops and index
divisions per thread) as log2(1 + x), and what the kernel IR gives through them (`DERIVED`): the work-group size
(ls0 ls1 ls2), the global size (gs0 gs1 gs2), the number of work-groups, memory accesses per thread (global and
local), flops per global access (arithmetic intensity), local memory per work-item, the share of accesses that are
local, and loop bodies per access. Only stored features enter: a store row keeps its features, not its kernel, so
a feature the store does not record (the loop nest depth, the vector width, unrolled statements) cannot be fitted
on without measuring again; those would extend `features.FEATURE_NAMES` (a new FEATURE_SET) first.

Estimator: HistGradientBoostingRegressor(loss squared error, `PARAMS`: 200 iterations, learning rate 0.1, 15 leaves,
L2 1.0, no early stopping, random_state 0), its minimum leaf size min(5, max(1, n // 4)) for n rows, so a few
hundred rows grow real trees and a handful still fit. Fitting is deterministic (no subsampling, no validation
split).

Model file: an .npz of plain arrays plus JSON metadata, never a pickle: the estimator's parameters, the training
rows (features, targets, censored flags, relative IQRs, benchmarks) and the fitted model's predictions on those
rows. `load` refits the estimator on the rows (as the kNN file rebuilds its neighbour index from its rows) and
refuses a file whose refit does not reproduce the stored predictions, so a loaded model predicts exactly as the
saved one did; nothing in the file is code. Format "lift-gym-gbt", version 1, feature set `FEATURE_SET`; a file
of another format, version or feature set is refused in one line.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from sklearn.ensemble import HistGradientBoostingRegressor

from .features import FEATURE_NAMES, FEATURE_SET
from .model import CENSORED_STATUS, ModelUnavailable, model_path, training_table
from .model import model_file_name as knn_model_file_name
from .store import MeasurementStore

KIND = "gbt"
FORMAT = "lift-gym-gbt"
GBT_VERSION = 1
PARAMS = {"loss": "squared_error", "max_iter": 200, "learning_rate": 0.1, "max_leaf_nodes": 15,
          "l2_regularization": 1.0, "early_stopping": False, "random_state": 0}
DERIVED = ("wg_size", "global_size", "work_groups", "mem_ops_pt", "flops_per_global_access", "local_bytes_per_item",
           "local_access_share", "for_bodies_per_access")
DESIGN_NAMES = (*FEATURE_NAMES, *DERIVED)
FLOOR = 1e-6  # the smallest normalised throughput a target or a prediction takes (log of 0 is no number)
_COL = {n: i for i, n in enumerate(FEATURE_NAMES)}


def model_file_name(device: str) -> str:
    """`gbt-DEVICE.npz`, the device's fingerprint made a file name (what `lift-gym fit --model gbt` writes)."""
    return knn_model_file_name(device, "gbt")


def design(x: np.ndarray) -> np.ndarray:
    """The estimator's inputs of rows of FEATURE_NAMES features: every feature as log2(1 + x), then `DERIVED`."""
    x = np.atleast_2d(np.asarray(x, dtype=np.float64))
    if x.shape[1] != len(FEATURE_NAMES):
        raise ValueError(f"rows of {len(FEATURE_NAMES)} features expected, got shape {x.shape}")

    def c(name: str) -> np.ndarray:
        return x[:, _COL[name]]

    wg = c("ls0") * c("ls1") * c("ls2")
    gs = c("gs0") * c("gs1") * c("gs2")
    glb = c("glb_ld_pt") + c("glb_st_pt")
    lcl = c("lcl_ld_pt") + c("lcl_st_pt")
    derived = np.stack([
        wg, gs, gs / np.maximum(wg, 1.0), glb + lcl, c("flops_pt") / np.maximum(glb, 1e-9),
        c("local_mem_bytes") / np.maximum(wg, 1.0), lcl / np.maximum(glb + lcl, 1e-9),
        c("for_bodies_pt") / np.maximum(glb + lcl, 1e-9),
    ], axis=1)
    both = np.concatenate([x, derived], axis=1)
    return np.sign(both) * np.log2(1.0 + np.abs(both))


def _params(n: int) -> dict:
    return {**PARAMS, "min_samples_leaf": min(5, max(1, n // 4))}


def _estimator(params: dict, x: np.ndarray, target: np.ndarray) -> HistGradientBoostingRegressor:
    return HistGradientBoostingRegressor(**params).fit(design(x), target)


@dataclass(eq=False)
class GbtPerfModel:
    """HistGradientBoostingRegressor of log normalised throughput over `design` (see the module docstring)."""

    estimator: HistGradientBoostingRegressor
    device: str | None
    x: np.ndarray  # the training rows (FEATURE_NAMES columns)
    y: np.ndarray  # their normalised throughput (the target is its log)
    row_benchmarks: tuple[str, ...] = ()
    censored: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    rel_iqr: np.ndarray = field(default_factory=lambda: np.zeros(0))
    kind: str = KIND

    @staticmethod
    def fit(x: np.ndarray, y: np.ndarray, *, device: str | None = None, groups: Sequence[str] | None = None,
            censored: Sequence[bool] | np.ndarray | None = None,
            rel_iqr: Sequence[float] | np.ndarray | None = None) -> GbtPerfModel:
        """Fit on rows `x` (FEATURE_NAMES columns) and normalised throughputs `y` in (0, 1]; `groups`, `censored`
        and `rel_iqr` give each row's benchmark, censored flag and relative IQR (as `KnnPerfModel.fit`)."""
        x = np.asarray(x, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] != len(FEATURE_NAMES) or len(x) == 0:
            raise ModelUnavailable(f"no training rows of {len(FEATURE_NAMES)} features (got shape {x.shape})")
        n = len(x)
        y = np.asarray(y, dtype=np.float64)
        cens = np.zeros(n, dtype=bool) if censored is None else np.asarray(censored, dtype=bool)
        rel = np.full(n, np.nan) if rel_iqr is None else np.asarray(rel_iqr, dtype=np.float64)
        rows = tuple(groups) if groups is not None else ("",) * n
        for name, v in (("y", y), ("censored", cens), ("rel_iqr", rel), ("groups", rows)):
            if len(v) != n:
                raise ValueError(f"GbtPerfModel.fit: {name} has {len(v)} entries for {n} rows")
        est = _estimator(_params(n), x, np.log(np.maximum(y, FLOOR)))
        return GbtPerfModel(est, device, x, y, rows, cens, rel)

    @staticmethod
    def fit_store(store: MeasurementStore, device: str | None = None, exclude: Sequence[str] = (), *,
                  censored: bool = True) -> GbtPerfModel:
        """Fit on every usable row of `store` for `device` outside the programs `exclude` (the rows
        `KnnPerfModel.fit_store` takes)."""
        if device is None:
            counts = Counter(r.device for r in store.records(status="ok") if r.features)
            if not counts:
                raise ModelUnavailable(f"measurement store {store.path} holds no measurement with features")
            device = counts.most_common(1)[0][0]
        records = [r for r in store.records(device=device) if r.status in ("ok", CENSORED_STATUS)]
        t = training_table(records, device, exclude, censored=censored)
        if len(t) == 0:
            raise ModelUnavailable(f"measurement store {store.path} holds no usable measurement for device "
                                   f"{device!r}" + (f" outside {list(exclude)}" if exclude else ""))
        return GbtPerfModel.fit(t.x, t.y, device=device, groups=t.groups, censored=t.censored, rel_iqr=t.rel_iqr)

    @property
    def n_rows(self) -> int:
        return len(self.x)

    @property
    def benchmarks(self) -> tuple[str, ...]:
        return tuple(sorted({b for b in self.row_benchmarks if b}))

    @property
    def n_components(self) -> None:
        """No PCA (the kNN's count of components): None."""
        return None

    def predict_log(self, x: np.ndarray) -> np.ndarray:
        """The predicted log normalised throughput of each row."""
        return self.estimator.predict(design(x))

    def predict(self, x: np.ndarray) -> np.ndarray:
        """The predicted normalised throughput (exp of `predict_log`, at least FLOOR) of each row."""
        return np.maximum(np.exp(self.predict_log(x)), FLOOR)

    def predict_with_distance(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`predict` and, in place of the kNN's neighbour distance, NaN (a tree ensemble has none)."""
        y = self.predict(x)
        return y, np.full(len(y), np.nan)

    def summary(self) -> dict:
        """Rows used (ok / censored), benchmarks, median relative IQR and the trees: what `lift-gym fit` prints."""
        rel = self.rel_iqr[np.isfinite(self.rel_iqr)]
        cens = int(np.count_nonzero(self.censored))
        return {"device": self.device, "kind": self.kind, "rows": self.n_rows, "ok": self.n_rows - cens,
                "censored": cens, "benchmarks": len(self.benchmarks),
                "median_rel_iqr": float(np.median(rel)) if len(rel) else None,
                "iterations": int(self.estimator.n_iter_), "pca_components": None}

    def save(self, path: str | Path) -> None:
        """An .npz of plain arrays plus JSON metadata (no pickle): the parameters, the rows and the predictions."""
        index = {b: i for i, b in enumerate(sorted(set(self.row_benchmarks)))}
        meta = {"format": FORMAT, "version": GBT_VERSION, "kind": self.kind, "feature_set": FEATURE_SET,
                "features": list(FEATURE_NAMES), "design": list(DESIGN_NAMES), "device": self.device,
                "params": self.estimator.get_params(), "row_benchmark_names": list(index)}
        arrays = {"rows.x": self.x, "rows.y": self.y, "rows.censored": np.asarray(self.censored, dtype=bool),
                  "rows.rel_iqr": np.asarray(self.rel_iqr, dtype=np.float64),
                  "rows.benchmark": np.array([index[b] for b in self.row_benchmarks], dtype=np.int64),
                  "check": self.predict_log(self.x), "meta": np.array(json.dumps(meta))}
        with open(path, "wb") as f:  # a file object: np.savez adds no suffix
            np.savez(f, **arrays)

    @staticmethod
    def load(path: str | Path, device: str | None = None) -> GbtPerfModel:
        """Rebuild a model `save` wrote (np.load with allow_pickle=False; the estimator refitted on its rows and
        checked against the stored predictions). A folder: its `model_file_name(device)`. Every failure is one
        line (ModelUnavailable)."""
        path = model_path(Path(path), device, "gbt", "gradient-boosting")
        bad = f"{path} is not a lift-gym gradient-boosting model file of version {GBT_VERSION}"
        try:
            with np.load(path, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
            meta = json.loads(str(arrays.pop("meta")))
            if meta.get("format") != FORMAT:
                raise ValueError(f"its format is {meta.get('format')!r}")
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            raise ModelUnavailable(f"{bad} (an .npz written by GbtPerfModel.save): {err}") from err
        if meta.get("version") != GBT_VERSION:
            raise ModelUnavailable(f"{path} is a gradient-boosting model file of version {meta.get('version')}; "
                                   f"this lift-gym reads version {GBT_VERSION}: refit it with `lift-gym fit STORE "
                                   "--model gbt`")
        if meta.get("feature_set") != FEATURE_SET or meta.get("features") != list(FEATURE_NAMES):
            raise ModelUnavailable(f"{path} is a gradient-boosting model of feature set {meta.get('feature_set')}; "
                                   f"this lift-gym computes feature set {FEATURE_SET} ({len(FEATURE_NAMES)} features): "
                                   "refit it with `lift-gym fit STORE --model gbt`")
        if device is not None and meta.get("device") not in (None, device):
            raise ModelUnavailable(f"{path} is the gradient-boosting model of device {meta.get('device')!r}, not of "
                                   f"the device asked for, {device!r}")
        try:
            params = dict(meta["params"])
            unknown = set(params) - set(HistGradientBoostingRegressor().get_params())
            if unknown:
                raise ValueError(f"unknown parameters {sorted(unknown)}")
            x, y = arrays["rows.x"].astype(np.float64), arrays["rows.y"].astype(np.float64)
            names = [str(b) for b in meta["row_benchmark_names"]]
            rows = tuple(names[int(i)] for i in arrays["rows.benchmark"])
            cens, rel = arrays["rows.censored"].astype(bool), arrays["rows.rel_iqr"].astype(np.float64)
            if not (len(x) == len(y) == len(rows) == len(cens) == len(rel) == len(arrays["check"])):
                raise ValueError("the per-row arrays differ in length")
            est = _estimator(params, x, np.log(np.maximum(y, FLOOR)))
        except (ValueError, KeyError, TypeError, IndexError) as err:
            raise ModelUnavailable(f"{bad} (an .npz written by GbtPerfModel.save): {err}") from err
        model = GbtPerfModel(est, meta["device"], x, y, rows, cens, rel)
        if not np.allclose(model.predict_log(x), arrays["check"], rtol=1e-9, atol=1e-9):
            raise ModelUnavailable(f"{path}: the model refitted on its rows does not reproduce its stored "
                                   "predictions (another scikit-learn?): refit it with `lift-gym fit STORE "
                                   "--model gbt`")
        return model


__all__ = ["DERIVED", "DESIGN_NAMES", "FORMAT", "GBT_VERSION", "KIND", "PARAMS", "GbtPerfModel", "design",
           "model_file_name"]
