"""agents.refit: the model's error on the policy's picks (no device: the statistics, and episodes played on
the analytical reward's device profile)."""

from __future__ import annotations

import math

import pytest

from agents.evaluate import load_policy
from agents.refit import Pick, pick_stats, play_episodes
from lift_gym import transition
from lift_gym.rewards import RewardConfig, RewardFunction
from lift_gym.transition import Config


def pick(pred: float | None, meas: float | None, new: bool = True) -> Pick:
    return Pick("benchmark://lift/scal/small", f"k{pred}-{meas}", pred, meas, "ok" if meas else "wrong", new)


def test_pick_stats_compare_predicted_with_measured_speedups():
    s = pick_stats([pick(2.0, 1.0), pick(4.0, 0.5, new=False), pick(1.0, 0.25), pick(3.0, None)])
    assert (s["picks"], s["new"], s["failed"], s["compared"]) == (4, 3, 1, 3)
    assert s["predicted"] == pytest.approx(2.0)  # geometric mean of 2, 4, 1
    assert s["measured"] == pytest.approx(0.5)
    assert s["ratio"] == pytest.approx(4.0)
    assert s["spearman"] == pytest.approx(0.5)  # ranks (2, 3, 1) against (3, 2, 1)


def test_pick_stats_leave_out_what_cannot_be_computed():
    assert pick_stats([])["ratio"] is None
    s = pick_stats([pick(2.0, 1.0), pick(1.0, 1.0)])
    assert s["ratio"] == pytest.approx(math.sqrt(2.0)) and s["spearman"] is None  # too few picks for a rank test


def test_played_episodes_are_distinct_kernels_and_repeat_with_the_seed(trained_run):
    policy = load_policy(trained_run.run_dir)
    fn = RewardFunction(RewardConfig(source="analytical"))
    try:
        cfg = Config(max_rewrites=policy.env.max_rewrites, max_nodes=policy.env.max_nodes,
                     n_slots=policy.env.n_slots, limits=fn.ctx.limits)
        uri = policy.trained_on[0]
        states = play_episodes(policy, uri, 6, 3, cfg, fn)
        again = play_episodes(policy, uri, 6, 3, cfg, fn)
    finally:
        fn.close()
    keys = [s.kernel.key for s in states]
    assert 1 <= len(keys) <= 6 and len(set(keys)) == len(keys)
    assert all(transition.is_terminal(s) for s in states)
    assert keys == [s.kernel.key for s in again]
    with pytest.raises(ValueError, match="at least one episode"):
        play_episodes(policy, uri, 0, 3, cfg, fn)
