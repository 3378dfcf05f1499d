"""The policy's picks, measured and compared with the model it trained on (`pipeline.refit_rounds`).

    picks = policy_picks(policy, uri, episodes, seed=1, measured=fn, predicted=model_fn)
    line = pick_stats(picks)

Between training rounds the pipeline plays the current policy on each training benchmark (`episodes` episodes:
its most likely one, then samples of its masked distribution, as `agents.evaluate.policy_search` plays it) and
takes the distinct kernels they reach. Each is evaluated twice: by the measured reward (the store is consulted
first and every new measurement, slow or failed kernels included, is stored as it settles) and by the predicted
reward of the kNN model the policy was trained on. `pick_stats` summarises how far the model's predictions on the
policy's own picks are from their measurements: the geometric mean of predicted / measured speedup and the
Spearman rank correlation of the two (over the picks that have both speedups).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from scipy import stats

from lift_gym import transition
from lift_gym.rewards import RewardFunction
from lift_gym.transition import Config, State

from .evaluate import Policy, PolicyPlayer


@dataclass(frozen=True)
class Pick:
    """One distinct kernel the policy reached: its speedups (None: failed or no prediction) and measured status."""

    benchmark: str
    kernel_key: str
    predicted_speedup: float | None
    measured_speedup: float | None
    status: str  # the measured kernel's status: ok, timeout, wrong, ...
    new: bool  # measured now and stored (False: the store had it, or a result of machine load was not stored)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play_episodes(policy: Policy, uri: str, episodes: int, seed: int, cfg: Config, reward_fn: RewardFunction
                  ) -> list[State]:
    """`episodes` episodes of the policy on `uri` (the first its most likely actions, the rest sampled from
    its distribution with a generator seeded by `seed`): the finished states of its distinct kernels, in order."""
    if episodes < 1:
        raise ValueError(f"the policy plays at least one episode per benchmark, got {episodes}")
    player = PolicyPlayer(policy, transition.initial(uri, seed, cfg), reward_fn.ctx.profile_model)
    rng = np.random.default_rng(seed)
    picks: dict[str, State] = {}
    for i in range(episodes):
        done = player.play(rng, greedy=i == 0)
        assert done is not None and done.kernel is not None  # no closed prefixes: every episode finishes
        picks.setdefault(done.kernel.key, done)
    return list(picks.values())


def policy_picks(policy: Policy, uri: str, episodes: int, *, seed: int, measured: RewardFunction,
                 predicted: RewardFunction) -> list[Pick]:
    """The policy's distinct kernels on `uri` (`play_episodes`), measured (into the measured source's store)
    and predicted."""
    shape = policy.env
    cfg = Config(max_rewrites=shape.max_rewrites, max_nodes=shape.max_nodes, n_slots=shape.n_slots,
                 limits=measured.ctx.limits)
    states = play_episodes(policy, uri, episodes, seed, cfg, measured)
    truth = measured.evaluate_many(states)
    guess = predicted.evaluate_many(states)
    return [Pick(uri, s.kernel.key, g.speedup, m.speedup, m.final.status, _stored(m.final))
            for s, m, g in zip(states, truth, guess, strict=True)]


def _stored(final) -> bool:
    """Whether a pick's kernel was measured now and stored: a result the machine's load may have caused (a
    repeated time-out under load, not settled) is measured but not stored."""
    return final.source == "measured" and final.report.get("settled", True) is not False


def pick_stats(picks: list[Pick]) -> dict[str, Any]:
    """Counts and the model's error on the picks: geometric means of the predicted and measured speedups, their
    ratio (predicted / measured; 1 is exact) and Spearman's rank correlation (None with fewer than 3 picks or
    constant values), over the picks with both speedups."""
    both = [p for p in picks if p.predicted_speedup is not None and p.measured_speedup is not None]
    out: dict[str, Any] = {"picks": len(picks), "new": sum(p.new for p in picks),
                           "failed": sum(p.measured_speedup is None for p in picks), "compared": len(both),
                           "predicted": None, "measured": None, "ratio": None, "spearman": None}
    if not both:
        return out
    pred = np.log([p.predicted_speedup for p in both])
    meas = np.log([p.measured_speedup for p in both])
    out.update(predicted=float(np.exp(pred.mean())), measured=float(np.exp(meas.mean())),
               ratio=float(np.exp((pred - meas).mean())))
    if len(both) >= 3 and np.ptp(pred) > 0 and np.ptp(meas) > 0:
        rho = float(stats.spearmanr(pred, meas).statistic)
        out["spearman"] = None if math.isnan(rho) else rho
    return out


__all__ = ["Pick", "pick_stats", "play_episodes", "policy_picks"]
