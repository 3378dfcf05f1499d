"""`freeze_gc=True` (for a process the env owns) freezes the collector after each reset and changes nothing the
agent sees; the observation's hardware features come from a cache of decided kernels and equal a fresh
computation."""

from __future__ import annotations

import gc

import gymnasium as gym
import numpy as np

import lift_gym  # noqa: F401  (registers the env ids)
from compiler.perf.features import program_features

URI = "benchmark://lift/scal/small"


def _episode(env, seed: int) -> list:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    seen = [(obs, info["action_mask"])]
    done = False
    while not done:
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, _, term, trunc, info = env.step(a)
        seen.append((obs, info["action_mask"]))
        done = term or trunc
    return seen


def test_a_frozen_collector_env_plays_the_same_observations_and_masks():
    plain = gym.make("LiftGym-Rewrite-v7", benchmark=URI, reward="analytical")
    frozen = gym.make("LiftGym-Rewrite-v7", benchmark=URI, reward="analytical", freeze_gc=True)
    try:
        for seed in (3, 4):
            a, b = _episode(plain, seed), _episode(frozen, seed)
            assert gc.get_freeze_count() > 0
            assert len(a) == len(b)
            for (oa, ma), (ob, mb) in zip(a, b, strict=True):
                assert np.array_equal(ma, mb)
                assert oa.keys() == ob.keys() and all(np.array_equal(oa[k], ob[k]) for k in oa)
    finally:
        gc.unfreeze()
        plain.close()
        frozen.close()


def test_cached_hardware_features_equal_a_fresh_computation():
    env = gym.make("LiftGym-Rewrite-v7", benchmark=URI, reward="analytical")
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    u = env.unwrapped
    checked = 0
    while u.state.lowered is None or u._evaluation is None:
        if u.state.lowered is not None:
            program, sizes, local = u.state.decided()
            fresh = np.array(program_features(program, sizes, local, u.reward_fn.ctx.profile_model))
            assert np.array_equal(u._hw_features(), fresh) and np.array_equal(u._hw_features(), fresh)
            checked += 1
        _, _, term, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term:
            break
    assert checked > 0
    env.close()
