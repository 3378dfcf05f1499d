"""The kNN performance model of seed 000 (P000 §5, spec perf_prediction.md A.4 and C.2).

    model = KnnPerfModel.fit_store(store, device=fingerprint)   # or .fit(X, y, groups=..., censored=...)
    model.predict(X) -> normalised throughput in (0, 1]        # per row of FEATURE_NAMES features
    model.neighbour_distance(X)                                 # mean distance to the k neighbours (uncertainty)
    model.predict_with_distance(X)                              # both from one neighbour query
    model.neighbour_censored(X)                                 # share of the k neighbours that are censored
    model.noise_floor(benchmark)                                # median IQR / median of its measurements
    KnnPerfModel.load(path_or_folder, device=fingerprint)       # a folder: its knn-DEVICE.npz

Pipeline (scikit-learn): StandardScaler (mean 0, std 1 per feature) -> PCA keeping 95% of the variance
(svd_solver="full") -> KNeighborsRegressor(k=5, uniform weights, Euclidean), fitted on the measurement store.
The target is P000's normalised throughput: per (benchmark URI with its sizes, device), t_best / t, where
t_best is the fastest successful measurement of that group, so 1 is the best kernel known for that program and
input. One model per device (the features hold no device properties; `device` is the partition key);
`exclude` leaves benchmarks out (P000's leave-one-program-out protocol, and the rule that a surrogate reward
never uses the evaluated program's own rows).

Rows, by the measurement's status:
- "ok": y = t_best / median_s.
- "timeout" (censored): the kernel was stopped as too slow, so its time is only known to be at least t_cap and
  y = min(1, t_best / t_cap) is an upper bound of its normalised throughput. t_cap is the time the measurement
  had when it was stopped (its median_s: the probe launch, the estimate after warm-up, or the running median,
  for the stop reasons pruned_probe, pruned_warmup, pruned_median and over_cap of compiler.runtime.measure),
  or, for a watchdog kill during the correctness launch or the probe (no timing), the time cap of its
  measurement (one launch did not finish within time_cap_s + the watchdog margin). A watchdog kill while
  building, warming up or sampling bounds no single launch and is left out. The kNN uses the bound as the
  row's value, flagged (`censored`; `neighbour_censored` tells how much of a prediction rests on bounds), with
  the same weight as a measured row: near a censored kernel the prediction is pulled down towards the bound
  (at most 1/5 of the best after a median prune, 1/100 after a probe prune), which is where the bad regions
  are. The value is an upper bound, so predictions there are optimistic, never pessimistic.
- every other status (compile, launch, correctness, invalid, device, runtime) is a failed kernel with no time
  and stays out, and so does a group with no successful measurement (no t_best).

Noise: each successful row carries its relative IQR (iqr_s / median_s of its samples); `noise_floor(benchmark)`
is their median over the benchmark's rows (a URI with its sizes, or without them: all of its sizes), the
spread below which two predicted throughputs of that benchmark are indistinguishable.

Features enter as log2(1 + x) before scaling (counts and sizes span orders of magnitude; P000 only
standardises; this is a documented deviation that keeps a few huge NDRanges from dominating the PCA).

Model files (`save`/`load`) are an .npz of plain arrays plus JSON metadata, never a pickle; version 3 adds the
per-row censored flags, relative IQRs and benchmarks, version 4 the feature set (`features.FEATURE_SET` 2: Table 1
plus flops_pt and idx_divmod_pt) and its names. A file of another version or feature set is refused in one line
(refit it with `lift-gym fit`).

Stored measurements name their features: a row of an older feature set (one of FEATURE_NAMES missing: measured
before the set grew) cannot be fitted on, since its kernel is not in the store to recompute them from. Such rows
are counted (`TrainingTable.stale`) and a store holding only such rows is refused in one line naming the missing
features; the measured reward recomputes and rewrites the features of every stored kernel it reaches again.

`load(path, device=...)` with a folder picks `model_file_name(device)` in it and, with a file, refuses a model of
another device.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from sklearn.decomposition import PCA
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

from compiler.runtime.measure import PRUNED_STOPS, MeasureConfig

from .features import FEATURE_NAMES, FEATURE_SET
from .store import MeasurementStore, Record, time_problem

K = 5
VARIANCE = 0.95
MODEL_VERSION = 4
FORMAT = "lift-gym-knn"
CENSORED_STATUS = "timeout"
# watchdog kills in these phases bound one launch by the time cap (see the module docstring)
_BOUNDED_PHASES = frozenset({"correctness", "probe"})
_PHASE = re.compile(r"in phase '(\w+)'")
# the scikit-learn steps a model file may name, rebuilt from their parameters and fitted arrays
_STEPS = {"StandardScaler": StandardScaler, "PCA": PCA}


class ModelUnavailable(RuntimeError):
    """No model can be fitted or loaded: no usable measurements for the device, or no model file for it."""


def model_file_name(device: str, kind: str = "knn") -> str:
    """`KIND-DEVICE.npz` (knn-DEVICE.npz by default), the device's fingerprint made a file name (what `lift-gym
    fit [--model KIND]` writes)."""
    return f"{kind}-" + re.sub(r"[^A-Za-z0-9._-]", "_", device) + ".npz"


def _transform(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float64)
    return np.sign(x) * np.log2(1.0 + np.abs(x))


def censored_time(r: Record) -> float | None:
    """A lower bound of the time per launch of a kernel stopped as too slow (status "timeout"), or None when
    the record gives none (another status, or a watchdog kill that bounds no single launch)."""
    if r.status != CENSORED_STATUS:
        return None
    report = r.report or {}
    if r.median_s and r.median_s > 0:
        stop = report.get("stop_reason")
        return float(r.median_s) if stop in PRUNED_STOPS or not stop else None
    m = _PHASE.search(str(report.get("message", "")))
    if m is None or m.group(1) not in _BOUNDED_PHASES:
        return None
    cap = (report.get("config") or {}).get("time_cap_s", MeasureConfig.time_cap_s)
    return float(cap) if isinstance(cap, int | float) and cap > 0 else None


def _row_features(r: Record) -> list[float]:
    """The FEATURE_NAMES values of a stored row as floats; a ModelUnavailable naming the row and the feature when
    one is not a finite number."""
    out = []
    for n in FEATURE_NAMES:
        v = r.features[n] if r.features else None
        x = float(v) if isinstance(v, int | float) and not isinstance(v, bool) else math.nan
        if not math.isfinite(x):
            raise ModelUnavailable(f"measurement store row {r.key[:12]} ({r.benchmark}): feature {n} is "
                                   f"{str(v)[:40]!r}, not a finite number; delete the row or fit on another store")
        out.append(x)
    return out


def _excluded(benchmark: str, exclude: Sequence[str]) -> bool:
    return any(benchmark == e or benchmark.startswith(e + "?") or benchmark.startswith(e + "/") for e in exclude)


@dataclass(frozen=True)
class TrainingTable:
    """The rows a model is fitted on: features, target, benchmark, censored flag and relative IQR per row."""

    x: np.ndarray
    y: np.ndarray
    groups: list[str]
    censored: np.ndarray  # bool: y is an upper bound (a timed-out kernel)
    rel_iqr: np.ndarray  # iqr_s / median_s; NaN where unknown (censored rows, or no iqr recorded)
    stale: int = 0  # rows left out because their stored features are of an older feature set
    missing: tuple[str, ...] = ()  # the FEATURE_NAMES those rows lack

    def __len__(self) -> int:
        return len(self.y)


def training_table(records: Iterable[Record], device: str | None = None, exclude: Sequence[str] = (), *,
                   censored: bool = True) -> TrainingTable:
    """The training rows of `records` for `device` (all devices: None): y = t_best / t per (benchmark, device),
    with timed-out kernels as censored rows unless `censored` is False (see the module docstring)."""
    by_group: dict[tuple[str, str], list[tuple[list[float], float, bool, float]]] = defaultdict(list)
    stale, missing = 0, set()
    for r in records:
        if not r.features or (device is not None and r.device != device) or _excluded(r.benchmark, exclude):
            continue
        if lacking := [n for n in FEATURE_NAMES if n not in r.features]:
            stale += 1
            missing.update(lacking)
            continue
        if r.status == "ok" and (problem := time_problem(r.median_s)) is not None:
            raise ModelUnavailable(f"measurement store row {r.key[:12]} ({r.benchmark}, status ok): {problem}; "
                                   "delete the row or fit on another store")
        if r.status == "ok" and r.median_s:
            t, cens = float(r.median_s), False
            rel = float(r.iqr_s) / t if r.iqr_s is not None and r.iqr_s >= 0 else np.nan
        elif censored and (bound := censored_time(r)) is not None:
            t, cens, rel = bound, True, np.nan
        else:
            continue
        by_group[(r.benchmark, r.device)].append((_row_features(r), t, cens, rel))
    xs, ys, groups, flags, rels = [], [], [], [], []
    for (bench, _), rows in by_group.items():
        ok = [t for _, t, cens, _ in rows if not cens]
        if not ok:
            continue  # nothing to normalise by
        best = min(ok)
        for f, t, cens, rel in rows:
            xs.append(f)
            ys.append(min(1.0, best / t))
            groups.append(bench)
            flags.append(cens)
            rels.append(rel)
    return TrainingTable(np.array(xs, dtype=np.float64).reshape(-1, len(FEATURE_NAMES)),
                         np.array(ys, dtype=np.float64), groups, np.array(flags, dtype=bool),
                         np.array(rels, dtype=np.float64), stale, tuple(n for n in FEATURE_NAMES if n in missing))


def training_rows(records: Iterable[Record], device: str | None = None, exclude: Sequence[str] = (), *,
                  censored: bool = True) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """(X, y, groups) of `training_table`: successful measurements, and timed-out ones (censored, y an upper
    bound) unless `censored` is False."""
    t = training_table(records, device, exclude, censored=censored)
    return t.x, t.y, t.groups


def _median(values: np.ndarray) -> float | None:
    v = values[np.isfinite(values)]
    return float(np.median(v)) if len(v) else None


@dataclass(eq=False)
class KnnPerfModel:
    """StandardScaler -> PCA(95%) -> 5-NN regression of normalised throughput (see the module docstring)."""

    pipeline: Pipeline
    device: str | None
    n_rows: int
    benchmarks: tuple[str, ...]
    version: int = MODEL_VERSION
    censored: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))  # per training row
    rel_iqr: np.ndarray = field(default_factory=lambda: np.zeros(0))  # per training row, NaN where unknown
    row_benchmarks: tuple[str, ...] = ()  # per training row ("" where the fit was given no groups)

    @staticmethod
    def fit(x: np.ndarray, y: np.ndarray, *, device: str | None = None, benchmarks: Sequence[str] = (),
            k: int = K, variance: float = VARIANCE, groups: Sequence[str] | None = None,
            censored: Sequence[bool] | np.ndarray | None = None,
            rel_iqr: Sequence[float] | np.ndarray | None = None) -> KnnPerfModel:
        """Fit on rows `x` (FEATURE_NAMES columns) and targets `y`; `groups`, `censored` and `rel_iqr` give each
        row's benchmark, censored flag (y an upper bound) and relative IQR (default: none, not censored, NaN)."""
        x = np.asarray(x, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] != len(FEATURE_NAMES) or len(x) == 0:
            raise ModelUnavailable(f"no training rows of {len(FEATURE_NAMES)} features (got shape {x.shape})")
        n = len(x)
        cens = np.zeros(n, dtype=bool) if censored is None else np.asarray(censored, dtype=bool)
        rel = np.full(n, np.nan) if rel_iqr is None else np.asarray(rel_iqr, dtype=np.float64)
        rows = tuple(groups) if groups is not None else ("",) * n
        for name, v in (("censored", cens), ("rel_iqr", rel), ("groups", rows)):
            if len(v) != n:
                raise ValueError(f"KnnPerfModel.fit: {name} has {len(v)} entries for {n} rows")
        steps = [("z", StandardScaler())]
        if n >= 2:
            steps.append(("pca", PCA(n_components=variance, svd_solver="full")))
        steps.append(("knn", KNeighborsRegressor(n_neighbors=min(k, n), weights="uniform", metric="euclidean")))
        pipe = Pipeline(steps)
        pipe.fit(_transform(x), np.asarray(y, dtype=np.float64))
        names = set(benchmarks) | ({g for g in rows if g} if groups is not None else set())
        return KnnPerfModel(pipe, device, n, tuple(sorted(names)), censored=cens, rel_iqr=rel, row_benchmarks=rows)

    @staticmethod
    def fit_store(store: MeasurementStore, device: str | None = None, exclude: Sequence[str] = (), *,
                  censored: bool = True, **kw) -> KnnPerfModel:
        """Fit on every usable row of `store` for `device` (None: the device with the most successful rows);
        timed-out kernels enter as censored rows unless `censored` is False."""
        if device is None:
            counts = Counter(r.device for r in store.records(status="ok") if r.features)
            if not counts:
                raise ModelUnavailable(f"measurement store {store.path} holds no measurement with features")
            device = counts.most_common(1)[0][0]
        records = [r for r in store.records(device=device) if r.status in ("ok", CENSORED_STATUS)]
        t = training_table(records, device, exclude, censored=censored)
        if len(t) == 0:
            why = (f": its {t.stale} measurements with features are of an older feature set (without "
                   f"{', '.join(t.missing)}); measure the kernels again (the measured reward rewrites the features "
                   "of the stored kernels it reaches) or use a new store" if t.stale else "")
            raise ModelUnavailable(f"measurement store {store.path} holds no usable measurement for device "
                                   f"{device!r}" + (f" outside {list(exclude)}" if exclude else "") + why)
        return KnnPerfModel.fit(t.x, t.y, device=device, benchmarks=t.groups, groups=t.groups,
                                censored=t.censored, rel_iqr=t.rel_iqr, **kw)

    def _project(self, x: np.ndarray) -> np.ndarray:
        z = _transform(np.atleast_2d(np.asarray(x, dtype=np.float64)))
        for _, step in self.pipeline.steps[:-1]:
            z = step.transform(z)
        return z

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Predicted normalised throughput (mean of the k neighbours' t_best / t, or bound) for each row."""
        return self.pipeline.predict(_transform(np.atleast_2d(np.asarray(x, dtype=np.float64))))

    def predict_with_distance(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`predict` and `neighbour_distance` of the same rows from one neighbour query (the predicted reward asks
        both for every kernel)."""
        knn: KNeighborsRegressor = self.pipeline.steps[-1][1]
        dist, idx = knn.kneighbors(self._project(x))
        return np.asarray(knn._y, dtype=np.float64)[idx].mean(axis=1), dist.mean(axis=1)

    def neighbour_distance(self, x: np.ndarray) -> np.ndarray:
        """Mean Euclidean distance (in the PCA space) to the k nearest training rows: the model's uncertainty."""
        knn: KNeighborsRegressor = self.pipeline.steps[-1][1]
        dist, _ = knn.kneighbors(self._project(x))
        return dist.mean(axis=1)

    def neighbour_censored(self, x: np.ndarray) -> np.ndarray:
        """Share of the k nearest training rows that are censored (their value an upper bound), per row."""
        knn: KNeighborsRegressor = self.pipeline.steps[-1][1]
        _, idx = knn.kneighbors(self._project(x))
        flags = self.censored if len(self.censored) == self.n_rows else np.zeros(self.n_rows, dtype=bool)
        return flags[idx].mean(axis=1)

    @property
    def n_censored(self) -> int:
        return int(np.count_nonzero(self.censored))

    @property
    def n_ok(self) -> int:
        return self.n_rows - self.n_censored

    def noise_floor(self, benchmark: str | None = None) -> float | None:
        """Median relative IQR (iqr_s / median_s) of the successful training rows of `benchmark` (a URI with
        its sizes, or without: all its sizes; None: every row); None when none of them recorded an IQR.
        A benchmark with no rows in the model is a ValueError."""
        rel = self.rel_iqr if len(self.rel_iqr) == self.n_rows else np.full(self.n_rows, np.nan)
        if benchmark is None:
            return _median(rel)
        mask = np.array([_excluded(b, (benchmark,)) for b in self.row_benchmarks], dtype=bool)
        if not mask.any():
            raise ValueError(f"benchmark {benchmark!r} has no rows in the kNN model of device {self.device!r}")
        return _median(rel[mask])

    def noise_floors(self) -> dict[str, float | None]:
        """`noise_floor` of every benchmark (with its sizes) the model has rows of."""
        return {b: self.noise_floor(b) for b in sorted(set(self.row_benchmarks)) if b}

    def summary(self) -> dict:
        """Rows used (ok / censored), benchmarks and the median relative IQR: what `lift-gym fit` prints."""
        return {"device": self.device, "rows": self.n_rows, "ok": self.n_ok, "censored": self.n_censored,
                "benchmarks": len(self.benchmarks), "median_rel_iqr": self.noise_floor(),
                "pca_components": self.n_components}

    @property
    def n_components(self) -> int:
        pca = dict(self.pipeline.steps).get("pca")
        return int(pca.n_components_) if pca is not None else len(FEATURE_NAMES)

    def save(self, path: str | Path) -> None:
        """An .npz file of plain arrays plus JSON metadata (no pickle): what `load` needs to rebuild the pipeline."""
        index = {b: i for i, b in enumerate(sorted(set(self.row_benchmarks)))}
        meta: dict = {"format": FORMAT, "version": MODEL_VERSION, "feature_set": FEATURE_SET,
                      "features": list(FEATURE_NAMES), "device": self.device, "n_rows": self.n_rows,
                      "benchmarks": list(self.benchmarks), "row_benchmark_names": list(index), "steps": []}
        arrays: dict[str, np.ndarray] = {
            "rows.censored": np.asarray(self.censored, dtype=bool),
            "rows.rel_iqr": np.asarray(self.rel_iqr, dtype=np.float64),
            "rows.benchmark": np.array([index[b] for b in self.row_benchmarks], dtype=np.int64),
        }
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
    def load(path: str | Path, device: str | None = None) -> KnnPerfModel:
        """Rebuild a model `save` wrote; never unpickles (np.load with allow_pickle=False).

        `path` a folder: the model of `device` in it (`model_file_name`; device None: its only model). With
        `device`, a model of another device is refused. Every failure is one line (ModelUnavailable)."""
        path = model_path(Path(path), device)
        try:
            with np.load(path, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
            meta = json.loads(str(arrays.pop("meta")))
            if meta.get("format") != FORMAT:
                raise ValueError("wrong format")
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            raise ModelUnavailable(f"{path} is not a lift-gym kNN model file of version {MODEL_VERSION} "
                                   f"(an .npz written by KnnPerfModel.save): {err}") from err
        if meta.get("version") != MODEL_VERSION:
            raise ModelUnavailable(f"{path} is a kNN model file of version {meta.get('version')}; this lift-gym "
                                   f"reads version {MODEL_VERSION}: refit it with `lift-gym fit STORE`")
        if meta.get("feature_set") != FEATURE_SET or meta.get("features") != list(FEATURE_NAMES):
            raise ModelUnavailable(f"{path} is a kNN model of feature set {meta.get('feature_set')}; this lift-gym "
                                   f"computes feature set {FEATURE_SET} ({len(FEATURE_NAMES)} features): refit it "
                                   "with `lift-gym fit STORE`")
        if device is not None and meta.get("device") not in (None, device):
            raise ModelUnavailable(f"{path} is the kNN model of device {meta.get('device')!r}, not of the device "
                                   f"asked for, {device!r}; fit one with `lift-gym fit STORE --device ...`")
        try:
            steps = [(st["name"], _rebuild_step(i, st, arrays)) for i, st in enumerate(meta["steps"])]
            n = int(meta["n_rows"])
            names = [str(b) for b in meta["row_benchmark_names"]]
            cens, rel = arrays["rows.censored"].astype(bool), arrays["rows.rel_iqr"].astype(np.float64)
            rows = tuple(names[int(i)] for i in arrays["rows.benchmark"])
            if not (len(cens) == len(rel) == len(rows) == n):
                raise ValueError(f"per-row arrays do not have {n} rows")
            return KnnPerfModel(Pipeline(steps), meta["device"], n, tuple(meta["benchmarks"]),
                                censored=cens, rel_iqr=rel, row_benchmarks=rows)
        except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError) as err:
            raise ModelUnavailable(f"{path} is not a lift-gym kNN model file of version {MODEL_VERSION} "
                                   f"(an .npz written by KnnPerfModel.save): {err}") from err


def model_path(path: Path, device: str | None, kind: str = "knn", what: str = "kNN") -> Path:
    """The model file itself, or the model of `kind` and `device` in a folder of `lift-gym fit` files."""
    if not path.is_dir():
        return path
    found = sorted(p.name for p in path.glob(f"{kind}-*.npz"))
    fit = "`lift-gym fit STORE`" if kind == "knn" else f"`lift-gym fit STORE --model {kind}`"
    if device is not None:
        if (path / model_file_name(device, kind)).is_file():
            return path / model_file_name(device, kind)
        raise ModelUnavailable(f"{path} holds no {what} model of device {device!r} (no "
                               f"{model_file_name(device, kind)}; it holds {', '.join(found) or 'none'}); fit one "
                               f"with {fit}")
    if len(found) == 1:
        return path / found[0]
    raise ModelUnavailable(f"{path} holds {len(found)} {what} models ({', '.join(found) or 'none'}); name the "
                           f"device or pass one file")


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

__all__ = ["CENSORED_STATUS", "MODEL_VERSION", "VARIANCE", "K", "KnnPerfModel", "ModelUnavailable", "TrainingTable",
           "censored_time", "model_file_name", "training_rows", "training_table"]
