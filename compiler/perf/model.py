"""The kNN performance model of seed 000 (P000 §5, spec perf_prediction.md A.4 and C.2).

    model = KnnPerfModel.fit_store(store, device=fingerprint)   # or .fit(X, y, groups)
    model.predict(X) -> normalised throughput in (0, 1]        # per row of FEATURE_NAMES features
    model.neighbour_distance(X)                                 # mean distance to the k neighbours (uncertainty)

Pipeline (scikit-learn): StandardScaler (mean 0, std 1 per feature) -> PCA keeping 95% of the variance
(svd_solver="full") -> KNeighborsRegressor(k=5, uniform weights, Euclidean), fitted on the measurement store.
The target is P000's normalised throughput: per (benchmark URI with its sizes, device), t_best / t of every
successful measurement, so 1 is the best kernel known for that program and input. One model per device (the
features hold no device properties); `exclude` leaves benchmarks out (P000's leave-one-program-out protocol,
and the rule that a surrogate reward never uses the evaluated program's own rows).

Features enter as log2(1 + x) before scaling (counts and sizes span orders of magnitude; P000 only
standardises; this is a documented deviation that keeps a few huge NDRanges from dominating the PCA).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.decomposition import PCA
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

from .features import FEATURE_NAMES
from .store import MeasurementStore, Record

K = 5
VARIANCE = 0.95
MODEL_VERSION = 2
FORMAT = "lift-gym-knn"
# the scikit-learn steps a model file may name, rebuilt from their parameters and fitted arrays
_STEPS = {"StandardScaler": StandardScaler, "PCA": PCA}


class ModelUnavailable(RuntimeError):
    """No model can be fitted: the store holds no usable measurements for the device."""


def _transform(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float64)
    return np.sign(x) * np.log2(1.0 + np.abs(x))


def training_rows(records: Iterable[Record], device: str | None = None,
                  exclude: Sequence[str] = ()) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """(X, y, groups) from successful measurements with features: y = t_best / t per (benchmark, device)."""
    by_group: dict[tuple[str, str], list[tuple[list[float], float]]] = defaultdict(list)
    for r in records:
        if r.status != "ok" or not r.median_s or not r.features or (device is not None and r.device != device):
            continue
        if any(r.benchmark == e or r.benchmark.startswith(e + "?") or r.benchmark.startswith(e + "/")
               for e in exclude):
            continue
        if not all(n in r.features for n in FEATURE_NAMES):
            continue
        by_group[(r.benchmark, r.device)].append(([float(r.features[n]) for n in FEATURE_NAMES], float(r.median_s)))
    xs, ys, groups = [], [], []
    for (bench, _), rows in by_group.items():
        best = min(t for _, t in rows)
        for f, t in rows:
            xs.append(f)
            ys.append(best / t)
            groups.append(bench)
    return np.array(xs, dtype=np.float64).reshape(-1, len(FEATURE_NAMES)), np.array(ys), groups


@dataclass
class KnnPerfModel:
    """StandardScaler -> PCA(95%) -> 5-NN regression of normalised throughput (see the module docstring)."""

    pipeline: Pipeline
    device: str | None
    n_rows: int
    benchmarks: tuple[str, ...]
    version: int = MODEL_VERSION

    @staticmethod
    def fit(x: np.ndarray, y: np.ndarray, *, device: str | None = None, benchmarks: Sequence[str] = (),
            k: int = K, variance: float = VARIANCE) -> KnnPerfModel:
        x = np.asarray(x, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] != len(FEATURE_NAMES) or len(x) == 0:
            raise ModelUnavailable(f"no training rows of {len(FEATURE_NAMES)} features (got shape {x.shape})")
        steps = [("z", StandardScaler())]
        if len(x) >= 2:
            steps.append(("pca", PCA(n_components=variance, svd_solver="full")))
        steps.append(("knn", KNeighborsRegressor(n_neighbors=min(k, len(x)), weights="uniform", metric="euclidean")))
        pipe = Pipeline(steps)
        pipe.fit(_transform(x), np.asarray(y, dtype=np.float64))
        return KnnPerfModel(pipe, device, len(x), tuple(sorted(set(benchmarks))))

    @staticmethod
    def fit_store(store: MeasurementStore, device: str | None = None, exclude: Sequence[str] = (),
                  **kw) -> KnnPerfModel:
        """Fit on every usable row of `store` for `device` (None: the device with the most rows)."""
        records = list(store.records(status="ok"))
        if device is None:
            counts = Counter(r.device for r in records if r.features)
            if not counts:
                raise ModelUnavailable(f"measurement store {store.path} holds no measurement with features")
            device = counts.most_common(1)[0][0]
        x, y, groups = training_rows(records, device, exclude)
        if len(x) == 0:
            raise ModelUnavailable(f"measurement store {store.path} holds no usable measurement for device "
                                   f"{device!r}" + (f" outside {list(exclude)}" if exclude else ""))
        return KnnPerfModel.fit(x, y, device=device, benchmarks=groups, **kw)

    def _project(self, x: np.ndarray) -> np.ndarray:
        z = _transform(np.atleast_2d(np.asarray(x, dtype=np.float64)))
        for _, step in self.pipeline.steps[:-1]:
            z = step.transform(z)
        return z

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Predicted normalised throughput (mean of the k neighbours' t_best / t) for each row."""
        return self.pipeline.predict(_transform(np.atleast_2d(np.asarray(x, dtype=np.float64))))

    def neighbour_distance(self, x: np.ndarray) -> np.ndarray:
        """Mean Euclidean distance (in the PCA space) to the k nearest training rows: the model's uncertainty."""
        knn: KNeighborsRegressor = self.pipeline.steps[-1][1]
        dist, _ = knn.kneighbors(self._project(x))
        return dist.mean(axis=1)

    @property
    def n_components(self) -> int:
        pca = dict(self.pipeline.steps).get("pca")
        return int(pca.n_components_) if pca is not None else len(FEATURE_NAMES)

    def save(self, path: str | Path) -> None:
        """An .npz file of plain arrays plus JSON metadata (no pickle): what `load` needs to rebuild the pipeline."""
        meta: dict = {"format": FORMAT, "version": self.version, "device": self.device, "n_rows": self.n_rows,
                      "benchmarks": list(self.benchmarks), "steps": []}
        arrays: dict[str, np.ndarray] = {}
        for i, (name, est) in enumerate(self.pipeline.steps):
            step: dict = {"name": name, "class": type(est).__name__, "params": est.get_params(), "scalars": {}}
            if isinstance(est, KNeighborsRegressor):
                arrays[f"{i}.fit_X"], arrays[f"{i}.y"] = est._fit_X, est._y  # refitted on load: exact
            else:
                for attr, v in vars(est).items():
                    if not attr.endswith("_") or attr.startswith("_"):
                        continue
                    if isinstance(v, np.ndarray):
                        arrays[f"{i}.{attr}"] = v
                    else:
                        step["scalars"][attr] = v.item() if isinstance(v, np.generic) else v
            meta["steps"].append(step)
        arrays["meta"] = np.array(json.dumps(meta))
        with open(path, "wb") as f:  # a file object: np.savez adds no suffix
            np.savez(f, **arrays)

    @staticmethod
    def load(path: str | Path) -> KnnPerfModel:
        """Rebuild a model `save` wrote; never unpickles (np.load with allow_pickle=False)."""
        try:
            with np.load(path, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
            meta = json.loads(str(arrays.pop("meta")))
            if meta.get("format") != FORMAT or meta.get("version") != MODEL_VERSION:
                raise ValueError("wrong format or version")
            steps = [(st["name"], _rebuild_step(i, st, arrays)) for i, st in enumerate(meta["steps"])]
            return KnnPerfModel(Pipeline(steps), meta["device"], int(meta["n_rows"]), tuple(meta["benchmarks"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            raise ModelUnavailable(f"{path} is not a lift-gym kNN model file of version {MODEL_VERSION} "
                                   f"(an .npz written by KnnPerfModel.save): {err}") from err


def _rebuild_step(i: int, step: dict, arrays: dict[str, np.ndarray]):
    """One pipeline step from its class name, constructor parameters and fitted attributes."""
    params = step["params"]
    if step["class"] == "KNeighborsRegressor":
        return KNeighborsRegressor(**params).fit(arrays[f"{i}.fit_X"], arrays[f"{i}.y"])
    if step["class"] not in _STEPS:
        raise ValueError(f"step {i} is a {step['class']!r}, not one of {sorted(_STEPS)} or KNeighborsRegressor")
    est = _STEPS[step["class"]](**params)
    prefix = f"{i}."
    fitted = {**step["scalars"], **{k[len(prefix):]: v for k, v in arrays.items() if k.startswith(prefix)}}
    for attr, v in fitted.items():
        if not (attr.isidentifier() and attr.endswith("_") and not attr.startswith("_")):
            raise ValueError(f"step {i}: {attr!r} is not a fitted attribute name")
        if not isinstance(v, np.ndarray | int | float | type(None)):
            raise ValueError(f"step {i}: {attr} is a {type(v).__name__}, not a number or an array")
        setattr(est, attr, v)
    return est

__all__ = ["VARIANCE", "K", "KnnPerfModel", "ModelUnavailable", "training_rows"]
