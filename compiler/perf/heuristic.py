"""A performance heuristic created from measured data (MLTUNE, Saha et al.): features -> training data ->
model selection by cross-validation -> export as data for the compiler.

    ds = load_dataset("tests/data/heuristic_stencil_pocl.json")   # measured by scripts/heuristic_dataset.py
    rep = compare(ds)               # every candidate model, held-out programs: accuracy, time vs oracle and rule
    export(ds, rep["selected"], "rows.json")                      # read by compiler.lowering.heuristic

Instances are (program, sizes) pairs with static features and the measured time of every legal value of the
decision. The label is the fastest value, conservatively: the trivial value (the first choice, rowsPerItem = 1)
unless another is at least `BAND` (1.05, MLTUNE's neutral band) faster. Cross-validation holds out whole programs
(LeaveOneGroupOut over benchmarks), so variants of one program never sit on both sides; hyper-parameters are
chosen by a grouped grid search inside each training fold. Besides the one multi-class model the compiler uses,
`per_decision` trains the paper's form (one binary classifier per value: "at least BAND faster than the trivial
value?") and its mixture of experts (the best model per value). The exported model is data only: a decision
tree's nodes, or the coefficients of a logistic or Gaussian naive Bayes model with their standardisation.
"""

from __future__ import annotations

import json
import math
import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.base import clone
from sklearn.dummy import DummyClassifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.exceptions import FitFailedWarning
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, precision_recall_fscore_support
from sklearn.model_selection import GridSearchCV, GroupKFold, LeaveOneGroupOut
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from threadpoolctl import threadpool_limits
from tqdm import tqdm

from ..errors import CompilerError

DATA_FORMAT = "lift-gym-heuristic-data"
HEURISTIC_FORMAT = "lift-gym-heuristic"  # compiler.lowering.heuristic.FORMAT
BAND = 1.05
SEED = 0


class HeuristicDataError(CompilerError):
    """A dataset file that cannot be used: names the file and the field at fault."""


@dataclass(frozen=True)
class Dataset:
    decision: str
    device: str
    features: tuple[str, ...]
    choices: tuple[int, ...]
    x: np.ndarray  # (instances, features)
    times: np.ndarray  # (instances, choices) seconds; nan: illegal for the sizes, or failed
    fixed: np.ndarray  # the fixed rule's value per instance
    groups: np.ndarray  # the benchmark of each instance (cross-validation holds out whole benchmarks)
    path: str = ""


def _need(cond: bool, path: str, field: str, what: str) -> None:
    if not cond:
        raise HeuristicDataError(f"{path}: field {field!r} {what}")


def load_dataset(path: str | os.PathLike) -> Dataset:
    """A dataset JSON of scripts/heuristic_dataset.py; `HeuristicDataError` naming the file and field if bad."""
    p = str(path)
    try:
        d = json.loads(Path(path).read_text())
    except OSError as err:
        raise HeuristicDataError(f"{p}: cannot read the dataset ({err.strerror or err})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise HeuristicDataError(f"{p}: not JSON ({err})") from None
    _need(isinstance(d, dict) and d.get("format") == DATA_FORMAT, p, "format", f"must be {DATA_FORMAT!r}")
    feats, choices, insts = d.get("features"), d.get("choices"), d.get("instances")
    _need(isinstance(feats, list) and feats and all(isinstance(f, str) for f in feats), p, "features",
          "must be a non-empty list of names")
    _need(isinstance(choices, list) and choices and all(isinstance(c, int) and c >= 1 for c in choices), p,
          "choices", "must be a non-empty list of positive integers")
    _need(isinstance(insts, list) and len(insts) > 0, p, "instances", "must be a non-empty list")
    x, times, fixed, groups = [], [], [], []
    for i, inst in enumerate(insts):
        f = f"instances[{i}]"
        _need(isinstance(inst, dict) and isinstance(inst.get("benchmark"), str), p, f + ".benchmark",
              "must be a string")
        fv, tv = inst.get("features"), inst.get("times")
        _need(isinstance(fv, dict) and all(isinstance(fv.get(n), int | float) for n in feats), p, f + ".features",
              f"must give a number for each of {', '.join(feats)}")
        _need(isinstance(tv, dict) and all(v is None or (isinstance(v, int | float) and v > 0) for v in tv.values()),
              p, f + ".times", "must map choices to positive seconds or null")
        row = [tv.get(str(c)) for c in choices]
        _need(row[0] is not None, p, f"{f}.times.{choices[0]}", "(the trivial value) must be measured")
        _need(inst.get("fixed") in choices, p, f + ".fixed", f"must be one of {choices}")
        x.append([float(fv[n]) for n in feats])
        times.append([math.nan if t is None else float(t) for t in row])
        fixed.append(inst["fixed"])
        groups.append(inst["benchmark"])
    return Dataset(str(d.get("decision", "")), str(d.get("device", "")), tuple(feats), tuple(choices),
                   np.array(x), np.array(times), np.array(fixed), np.array(groups), p)


def labels(ds: Dataset, band: float = BAND) -> np.ndarray:
    """The fastest value per instance, or the trivial value (the first choice) unless one is `band` faster."""
    best = np.nanargmin(ds.times, axis=1)
    gain = ds.times[:, 0] / ds.times[np.arange(len(best)), best]
    return np.where(gain >= band, np.array(ds.choices)[best], ds.choices[0])


def legal_choice(ds: Dataset, i: int, choice: int) -> int:
    """What the compiler runs for a predicted value: the largest measured value not above it (as
    compiler.lowering.heuristic.Heuristic.decide does with the legal values)."""
    ok = [c for c, t in zip(ds.choices, ds.times[i], strict=True) if c <= choice and not math.isnan(t)]
    return max(ok) if ok else ds.choices[0]


def time_of(ds: Dataset, i: int, choice: int) -> float:
    return float(ds.times[i, ds.choices.index(legal_choice(ds, i, choice))])


# --- candidate models: (estimator, grid searched inside each training fold, exportable kind or None) -------------
def _scaled(est) -> Pipeline:
    return make_pipeline(StandardScaler(), est)


CANDIDATES: dict[str, tuple[Callable[[], object], dict, str | None]] = {
    "majority": (lambda: DummyClassifier(strategy="most_frequent"), {}, "tree"),  # the label most often best
    "logit": (lambda: _scaled(LogisticRegression(max_iter=500)), {"logisticregression__C": [0.1, 1.0]},
              "logistic"),
    "naive_bayes": (lambda: _scaled(GaussianNB()), {}, "naive_bayes"),
    "svm": (lambda: _scaled(SVC(kernel="rbf")), {"svc__C": [1.0, 100.0]}, None),
    "tree": (lambda: DecisionTreeClassifier(criterion="entropy", random_state=SEED), {"max_depth": [2, 4]},
             "tree"),
    "knn": (lambda: _scaled(KNeighborsClassifier()), {"kneighborsclassifier__n_neighbors": [3, 5]}, None),
    "forest": (lambda: RandomForestClassifier(n_estimators=25, random_state=SEED), {}, None),
}
EXPORTABLE = tuple(n for n, c in CANDIDATES.items() if c[2])


def fit(name: str, x: np.ndarray, y: np.ndarray, groups: np.ndarray):
    """Candidate `name` fitted to (x, y), its grid searched by grouped cross-validation; a constant model when
    the training data has one label only (nothing to learn)."""
    if len(np.unique(y)) < 2:
        return DummyClassifier(strategy="most_frequent").fit(x, y)
    make, grid, _ = CANDIDATES[name]
    folds = min(3, len(np.unique(groups)))
    if not grid or folds < 2:
        with threadpool_limits(limits=1):
            return clone(make()).fit(x, y)
    search = GridSearchCV(make(), grid, cv=GroupKFold(folds), error_score=0.0)
    # one BLAS thread: these problems are tiny, and threads only contend (10x slower on a busy 2-core machine);
    # an inner fold with one label cannot be fitted and is scored 0, as intended
    with threadpool_limits(limits=1), warnings.catch_warnings():
        warnings.simplefilter("ignore", FitFailedWarning)
        warnings.simplefilter("ignore", UserWarning)
        return search.fit(x, y, groups=groups).best_estimator_


def held_out(name: str, x: np.ndarray, y: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """Predictions of candidate `name` for each program by a model trained on the other programs."""
    pred = np.empty_like(y)
    for train, test in LeaveOneGroupOut().split(x, y, groups):
        pred[test] = fit(name, x[train], y[train], groups[train]).predict(x[test])
    return pred


def quality(ds: Dataset, y: np.ndarray, pred: np.ndarray) -> dict[str, float]:
    """Accuracy, macro precision/recall/F1, and the measured effect of running the predicted values: geomean time
    over the oracle's, geomean speedup over the fixed rule, degradations (> BAND slower than the fixed rule),
    instances left at the fixed rule's value."""
    p, r, f, _ = precision_recall_fscore_support(y, pred, average="macro", zero_division=0)
    t = np.array([time_of(ds, i, c) for i, c in enumerate(pred)])
    oracle = np.nanmin(ds.times, axis=1)
    fixed = np.array([time_of(ds, i, c) for i, c in enumerate(ds.fixed)])
    ran = np.array([legal_choice(ds, i, c) for i, c in enumerate(pred)])
    return {"accuracy": float(accuracy_score(y, pred)), "precision": float(p), "recall": float(r), "f1": float(f),
            "time_vs_oracle": _geomean(t / oracle), "speedup_vs_fixed": _geomean(fixed / t),
            "degradations": int(np.sum(t > BAND * fixed)), "no_change": int(np.sum(ran == ds.fixed))}


def _geomean(a: np.ndarray) -> float:
    return float(np.exp(np.mean(np.log(a))))


def compare(ds: Dataset, models: tuple[str, ...] = tuple(CANDIDATES), progress: bool = False,
            binary: bool = True) -> dict:
    """Every candidate on held-out programs; `selected` is the exportable one whose predictions run fastest
    (geomean time over the oracle), ties broken by accuracy. Also the fixed rule, the oracle and the trivial value
    as predictors, and the per-decision binary form with its mixture of experts."""
    y = labels(ds)
    out: dict = {"models": {}}
    for name in tqdm(models, desc="models (held-out programs)", disable=not progress):
        out["models"][name] = quality(ds, y, held_out(name, ds.x, y, ds.groups))
    out["baselines"] = {"fixed rule": quality(ds, y, ds.fixed), "oracle": quality(ds, y, y),
                        f"always {ds.choices[0]}": quality(ds, y, np.full_like(y, ds.choices[0]))}
    ranked = sorted((n for n in models if n in EXPORTABLE),
                    key=lambda n: (out["models"][n]["time_vs_oracle"], -out["models"][n]["accuracy"]))
    out["selected"] = ranked[0] if ranked else None
    if binary:
        out["per_decision"] = per_decision(ds, models)
    return out


def per_decision(ds: Dataset, models: tuple[str, ...] = tuple(CANDIDATES)) -> dict:
    """The paper's form: for each non-trivial value d, a binary classifier "is d at least BAND faster than the
    trivial value", scored on held-out programs (instances where d is legal) and averaged over the values; "moe"
    takes the best model per value."""
    scores: dict[str, list[dict]] = {n: [] for n in models}
    positive = []
    for j, _c in enumerate(ds.choices[1:], start=1):
        rows = ~np.isnan(ds.times[:, j])
        x, g = ds.x[rows], ds.groups[rows]
        yb = (ds.times[rows, 0] / ds.times[rows, j] >= BAND).astype(int)
        positive.extend(yb.tolist())
        for n in models:
            pred = held_out(n, x, yb, g)
            p, r, f, _ = precision_recall_fscore_support(yb, pred, average="binary", zero_division=0)
            scores[n].append({"accuracy": float(accuracy_score(yb, pred)), "precision": float(p),
                              "recall": float(r), "f1": float(f)})
    keys = ("accuracy", "precision", "recall", "f1")
    out = {n: {k: float(np.mean([s[k] for s in v])) for k in keys} for n, v in scores.items()}
    best = [max((scores[n][j] for n in models), key=lambda s: s["accuracy"]) for j in range(len(ds.choices) - 1)]
    out["moe"] = {k: float(np.mean([s[k] for s in best])) for k in keys}
    return {"models": out, "positive_rate": float(np.mean(positive))}


# --- export: the fitted model as data ----------------------------------------------------------------------------
def export_model(est, kind: str) -> tuple[str, dict]:
    """(kind, model) of the heuristic file for a fitted estimator (a constant model becomes a one-leaf tree)."""
    if isinstance(est, DummyClassifier):
        return "tree", {"nodes": [{"value": int(est.classes_[np.argmax(est.class_prior_)])}]}
    if kind == "tree":
        t, classes = est.tree_, est.classes_
        nodes = [{"value": int(classes[int(np.argmax(t.value[i]))])} if t.children_left[i] < 0 else
                 {"feature": int(t.feature[i]), "threshold": float(t.threshold[i]),
                  "left": int(t.children_left[i]), "right": int(t.children_right[i])} for i in range(t.node_count)]
        return "tree", {"nodes": nodes}
    scaler, clf = est[0], est[-1]
    m = {"classes": [int(c) for c in clf.classes_], "mean": scaler.mean_.tolist(), "scale": scaler.scale_.tolist()}
    if kind == "logistic":
        return kind, {**m, "coef": clf.coef_.tolist(), "intercept": clf.intercept_.tolist()}
    return kind, {**m, "theta": clf.theta_.tolist(), "var": clf.var_.tolist(), "prior": clf.class_prior_.tolist()}


def heuristic_dict(ds: Dataset, name: str) -> tuple[dict, object]:
    """The heuristic file's content for candidate `name` fitted to the whole dataset, and the fitted model."""
    kind = CANDIDATES[name][2]
    if kind is None:
        raise HeuristicDataError(f"model {name!r} cannot be exported; exportable: {', '.join(EXPORTABLE)}")
    est = fit(name, ds.x, labels(ds), ds.groups)
    kind, model = export_model(est, kind)
    return {"format": HEURISTIC_FORMAT, "version": 1, "decision": ds.decision, "features": list(ds.features),
            "choices": list(ds.choices), "kind": kind, "model": model,
            "trained_on": {"device": ds.device, "dataset": ds.path, "model": name, "instances": len(ds.x),
                           "programs": sorted(set(ds.groups.tolist()))}}, est


def export(ds: Dataset, name: str, path: str | os.PathLike) -> dict:
    """Fit candidate `name` to the whole dataset and write the heuristic file (JSON) to `path`."""
    d, _ = heuristic_dict(ds, name)
    Path(path).write_text(json.dumps(d, indent=1) + "\n")
    return d
