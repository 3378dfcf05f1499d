"""The illegal-action penalty wrapper applied to a Monitor-wrapped env (what stable-baselines3's make_vec_env and
the RL Baselines3 Zoo's `env_wrapper` do) places itself beneath the Monitor, so the Monitor records the episodes the
wrapper truncates and the penalties it gives."""

from __future__ import annotations

import copy

import gymnasium as gym
import numpy as np
import pytest

from lift_gym.episode import ENV_ID
from lift_gym.wrappers import IllegalActionPenalty, penalty_wrapper

monitor = pytest.importorskip("stable_baselines3.common.monitor")

SMALL = {"benchmark": "benchmark://lift/scal/small", "reward": "analytical", "max_nodes": 32, "n_slots": 8}


def _illegal(env) -> int:
    return int(np.flatnonzero(~env.get_wrapper_attr("action_masks")())[0])


def test_monitor_logs_the_episodes_the_penalty_wrapper_truncates(tmp_path):
    inner = monitor.Monitor(gym.make(ENV_ID, **SMALL), filename=str(tmp_path / "run"))
    env = IllegalActionPenalty(inner, penalty=-0.5, max_illegal=3)
    assert env is inner and isinstance(inner.env, IllegalActionPenalty)
    for episode in range(3):
        env.reset(seed=episode)
        truncated = False
        while not truncated:
            _, _, terminated, truncated, info = env.step(_illegal(env))
            assert not terminated and info["illegal_action"]
    assert inner.get_episode_lengths() == [3, 3, 3]
    assert inner.get_episode_rewards() == [-1.5, -1.5, -1.5]
    env.close()
    rows = (tmp_path / "run.monitor.csv").read_text().splitlines()
    assert len(rows) == 2 + 3  # the metadata line, the header, one line per episode


def test_monitor_logs_the_episodes_that_end_with_a_kernel():
    inner = monitor.Monitor(gym.make(ENV_ID, **SMALL))
    env = IllegalActionPenalty(inner)
    env.reset(seed=0)
    done = False
    while not done:
        _, _, done, truncated, _ = env.step(int(np.flatnonzero(env.get_wrapper_attr("action_masks")())[-1]))
        assert not truncated
    assert len(inner.get_episode_lengths()) == 1


def test_penalty_wrapper_without_a_monitor_wraps_the_env_as_given():
    inner = gym.make(ENV_ID, **SMALL)
    env = IllegalActionPenalty(inner, max_illegal=2)
    assert isinstance(env, IllegalActionPenalty) and env.env is inner and penalty_wrapper(env) is env
    assert penalty_wrapper(inner) is None
    assert isinstance(copy.copy(env), IllegalActionPenalty)


def test_penalty_wrapper_beneath_a_monitor_is_found_in_the_chain():
    inner = monitor.Monitor(gym.make(ENV_ID, **SMALL))
    env = IllegalActionPenalty(inner, penalty=-0.25, max_illegal=5)
    found = penalty_wrapper(env)
    assert found is not None and (found.penalty, found.max_illegal) == (-0.25, 5)


def test_make_vec_env_with_the_zoo_wrapper_writes_episodes_to_its_monitor_file(tmp_path):
    """What the RL Baselines3 Zoo does with configs/rl_zoo/ppo.yml: make_vec_env(monitor_dir=..., wrapper_class=
    IllegalActionPenalty(...)); a policy of illegal actions only still leaves episodes in the monitor file."""
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env(ENV_ID, n_envs=1, seed=0, env_kwargs=SMALL, monitor_dir=str(tmp_path),
                        wrapper_class=IllegalActionPenalty, wrapper_kwargs={"max_illegal": 4})
    venv.reset()
    illegal = int(np.flatnonzero(~venv.env_method("action_masks")[0])[0])
    for _ in range(12):
        venv.step(np.array([illegal]))
    venv.close()
    (monitor_file,) = tmp_path.glob("*.monitor.csv")
    episodes = monitor_file.read_text().splitlines()[2:]
    assert len(episodes) == 3 and all(row.split(",")[1] == "4" for row in episodes)
