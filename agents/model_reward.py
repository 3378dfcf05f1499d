"""The predicted reward over a cost model of a chosen kind, for the searches and the evaluation.

    fn = RewardFunction(RewardConfig(source="predicted"))
    with_cost_model(fn, kind="gbt")          # its predicted source (primary or fallback) fits gradient boosting

`lift_gym.rewards.Predicted` reads a model file of either kind (the kNN of seed 000 or gradient boosting,
compiler.perf.cost_models; the kind from the file's format) and, with no model file, fits one of its `kind` on
the store without the evaluated program's rows; each report names the model's kind. `with_cost_model` gives a
RewardFunction's predicted source the kind a search asks for.
"""

from __future__ import annotations

from compiler.lowering.stages import canonical_uri
from compiler.perf.study import program_of
from lift_gym.rewards import Predicted, RewardFunction


def program_uri(uri: str) -> str:
    """The program of a benchmark URI, without its sizes: what leave-one-program-out leaves out."""
    return program_of(canonical_uri(uri))


def with_cost_model(fn: RewardFunction, kind: str = "knn") -> RewardFunction:
    """`fn` with its predicted source (primary or fallback) fitting models of `kind` (a model file keeps the kind
    of its format); the other sources are left as they are, and so is a source of that kind already (a
    RewardFunction shared by many searches keeps its models). Returns `fn`."""
    if fn.config.source == "predicted" and not _same(fn.primary, kind):
        fn.primary = Predicted(fn.config, fn.ctx, kind)
    if fn.config.fallback == "predicted" and not _same(fn.fallback, kind):
        fn.fallback = Predicted(fn.config, fn.ctx, kind)
    return fn


def _same(source, kind: str) -> bool:
    """Whether `source` is a predicted source of `kind` already (its fitted models are kept)."""
    return isinstance(source, Predicted) and source.kind == kind


__all__ = ["program_uri", "with_cost_model"]
