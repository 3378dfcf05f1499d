"""Both env checkers (Gymnasium's and Stable-Baselines3's) pass for every registered lift-gym id."""

from __future__ import annotations

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

import lift_gym  # noqa: F401  (registers the ids)

IDS = sorted(k for k, spec in gym.registry.items() if str(spec.entry_point).startswith("lift_gym."))
# a deterministic reward source that needs no device and no store: fast in CI
KW = {"benchmark": "benchmark://lift/scal/small", "reward": "analytical"}


def test_ids_are_registered():
    assert "LiftGym-Rewrite-v7" in IDS
    spec = gym.spec("LiftGym-Rewrite-v7")
    assert spec.nondeterministic and spec.max_episode_steps and isinstance(spec.entry_point, str)


@pytest.mark.parametrize("env_id", IDS)
def test_making_an_id_warns_of_nothing(env_id, recwarn):
    gym.make(env_id, **KW).close()
    assert [str(w.message) for w in recwarn if issubclass(w.category, DeprecationWarning)] == []


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_check_env(env_id):
    env = gym.make(env_id, **KW)
    gym_check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("env_id", IDS)
def test_sb3_check_env(env_id):
    env = gym.make(env_id, **KW, render_mode="ansi")
    with pytest.warns(UserWarning, match="unconventional shape"):  # per-node features are 2-D, by design
        sb3_check_env(env.unwrapped, skip_render_check=False)
    env.close()


@pytest.mark.parametrize("env_id", IDS)
def test_several_benchmarks_share_the_spaces(env_id):
    env = gym.make(env_id, benchmark=["benchmark://lift/scal/small", "benchmark://lift/mm/small"],
                   reward="analytical")
    seen = set()
    for seed in range(6):
        obs, info = env.reset(seed=seed)
        assert env.observation_space.contains(obs)
        seen.add(info["benchmark"])
    assert len(seen) == 2
    obs, _ = env.reset(options={"benchmark": "benchmark://lift/gemv/small"})  # one not in the list
    assert env.observation_space.contains(obs)
    env.close()
