"""The predicted reward with a cost model of either kind (the kNN of seed 000 or gradient boosting,
compiler.perf.cost_models), recording the model's kind in each prediction's report.

    fn = RewardFunction(RewardConfig(source="predicted", model="gbt-DEVICE.npz"))
    with_cost_model(fn, kind="gbt")          # its predicted source (primary or fallback) now reads either kind

`CostModelPredicted` is lift_gym.rewards' `Predicted` whose model is loaded by `load_cost_model` (the kind from the
file's format; a folder of `lift-gym fit` files: the file of `kind` and the device) or, with no model file, fitted
on the store by `fit_cost_model(kind, ...)` without the evaluated program's rows (its URI without sizes: a
scoring model never holds the rows of the program it scores). Its report adds `model_kind`. The searches and the
evaluation of agents/ put it in place of the predicted source; lift_gym.rewards' own `Predicted` reads kNN files
only.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from compiler.lowering.stages import canonical_uri
from compiler.perf import features as hw
from compiler.perf.cost_models import fit_cost_model, kind_of, load_cost_model
from compiler.perf.model import ModelUnavailable
from compiler.perf.study import program_of
from compiler.runtime import resolve_spec
from lift_gym.rewards import Job, KernelEval, Predicted, RewardFunction, RewardUnavailable, job_features


def program_uri(uri: str) -> str:
    """The program of a benchmark URI, without its sizes: what leave-one-program-out leaves out."""
    return program_of(canonical_uri(uri))


class CostModelPredicted(Predicted):
    """The predicted source over a cost model of `kind` ("knn" or "gbt"); see the module docstring."""

    def __init__(self, config, context, kind: str = "knn"):
        super().__init__(config, context)
        self.kind = kind

    def _load(self):
        path = Path(self.config.model)
        asked = path.is_dir() or resolve_spec(self.config.device).source != "default"
        try:
            return load_cost_model(path, self.ctx.fingerprint if asked else None, self.kind if path.is_dir() else None)
        except ModelUnavailable as err:
            raise RewardUnavailable(f"predicted reward: {err}") from err

    def model(self, job: Job):
        if self.config.model is not None:
            if "" not in self._models:
                self._models[""] = self._load()
            return self._models[""]
        exclude = (program_uri(job.uri),) if self.config.leave_benchmark_out else ()
        key = exclude[0] if exclude else ""
        if key not in self._models:
            try:
                self._models[key] = fit_cost_model(self.kind, self.ctx.store, self.ctx.fingerprint, exclude)
            except ModelUnavailable as err:
                raise RewardUnavailable(f"predicted reward: {err}") from err
        return self._models[key]

    def evaluate_kernel(self, job: Job, best_known_s: float | None = None) -> KernelEval:
        model = self.model(job)
        feats = job_features(job, self.ctx.device_model)
        ys, dists = model.predict_with_distance(np.array([[feats[n] for n in hw.FEATURE_NAMES]]))
        y, dist = float(ys[0]), float(dists[0])
        report = {"model_kind": kind_of(model), "model_rows": model.n_rows, "pca_components": model.n_components,
                  "neighbour_distance": None if np.isnan(dist) else dist, "device": model.device}
        return KernelEval(job.kernel.key, "ok", None, max(y, 1e-6), 0.0, report, feats, "predicted")


def with_cost_model(fn: RewardFunction, kind: str = "knn") -> RewardFunction:
    """`fn` with its predicted source (primary or fallback) replaced by `CostModelPredicted` of `kind` (a model
    file keeps the kind of its format); the other sources are left as they are, and so is a source that is one
    already (a RewardFunction shared by many searches keeps its models). Returns `fn`."""
    if fn.config.source == "predicted" and not _same(fn.primary, kind):
        fn.primary = CostModelPredicted(fn.config, fn.ctx, kind)
    if fn.config.fallback == "predicted" and not _same(fn.fallback, kind):
        fn.fallback = CostModelPredicted(fn.config, fn.ctx, kind)
    return fn


def _same(source, kind: str) -> bool:
    """Whether `source` is a CostModelPredicted of `kind` already (its fitted models are kept)."""
    return isinstance(source, CostModelPredicted) and source.kind == kind


__all__ = ["CostModelPredicted", "program_uri", "with_cost_model"]
