"""`--strategy model`: random complete programs ranked by a cost model of either kind, the top ones evaluated.

    search(uri, "model", budget, model_kind="gbt")           # gradient boosting fitted on the store
    search(uri, "model", budget, model="gbt-DEVICE.npz")     # a saved model (its kind from the file)

Like `knn` (agents.search.run_knn), it draws `candidates` distinct random complete programs (0: max(8 x budget,
64)) and evaluates them in the order of the model's predicted throughput, best first. The model is the file given
(`model`, the kind of its format; a folder: the file of `model_kind` and the device) or one of `model_kind`
("gbt" by default, or "knn") fitted on the reward's measurement store without the rows of the searched program
(its URI without sizes), so a model never ranks a program it was fitted on. Without a model file and without
usable rows of other programs in the store, the drawn programs are evaluated in the order drawn (random search),
and the result's notes say so.

`cost_model` and `features_of` are shared with the evolutionary search (agents.evolution).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from compiler.perf.cost_models import fit_cost_model, kind_of, load_cost_model
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import ModelUnavailable
from lift_gym.rewards import RewardUnavailable, final_job, job_features
from lift_gym.transition import State

from .model_reward import program_uri
from .walks import distinct_programs

if TYPE_CHECKING:  # agents.search runs these strategies: imported for the annotations only
    from .search import Search


def cost_model(s: Search, *, required: bool = True):
    """The search's cost model: the file `s.model` (RewardUnavailable when it cannot be read), else one of
    `s.model_kind` fitted on the store without the searched program's rows; None when the store has none and it
    is not `required` (else RewardUnavailable)."""
    fn = s.evaluator.reward_fn
    if s.model is not None:  # a file that was asked for: its failure is an error
        try:
            return load_cost_model(s.model, fn.ctx.fingerprint if fn.config.device else None, s.model_kind)
        except ModelUnavailable as err:
            raise RewardUnavailable(f"{err}") from err
    try:
        return fit_cost_model(s.model_kind, fn.ctx.store, fn.ctx.fingerprint, (program_uri(s.start.uri),))
    except ModelUnavailable as err:
        if not required:
            s.notes.append(f"no cost model from the store ({' '.join(str(err).split())[:160]})")
            return None
        raise RewardUnavailable(f"model search needs a cost model: {err}; measure some kernels of other programs "
                                "first (e.g. lift-gym search URI --strategy random --reward measured) or pass "
                                "--model PATH") from err


def features_of(s: Search, states: Sequence[State]) -> np.ndarray:
    """The FEATURE_NAMES rows of finished episodes (the features the reward computes, for its device), memoised
    per kernel in the search."""
    fn = s.evaluator.reward_fn
    rows = []
    for c in states:
        key = c.kernel.key
        if key not in s._features:
            f = job_features(final_job(c), fn.ctx.device_model)
            s._features[key] = [f[n] for n in FEATURE_NAMES]
        rows.append(s._features[key])
    return np.array(rows, dtype=np.float64).reshape(len(rows), len(FEATURE_NAMES))


def run_model(s: Search) -> None:
    model = cost_model(s, required=False)
    states, drawn = distinct_programs(s.start, s.rng, s.n_candidates or max(8 * s.evaluator.budget, 64))
    s.episodes += drawn
    if model is None:
        s.notes.append(f"model: no cost model, so {len(states)} distinct random programs in the order drawn")
        s.evaluator.evaluate_all(states)
        return
    order = np.argsort(-model.predict(features_of(s, states)), kind="stable")
    s.notes.append(f"model ranked {len(states)} distinct random programs with a {kind_of(model)} model of "
                   f"{model.n_rows} rows")
    s.evaluator.evaluate_all([states[int(i)] for i in order])


__all__ = ["cost_model", "features_of", "run_model"]
