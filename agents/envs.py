"""Env factories for SB3: `ActionMasker` inside each sub-env factory, never around the VecEnv (sb3-contrib #49).

    venv = make_vec_env(cfg.env, cfg.reward, seed=0)     # DummyVecEnv / SubprocVecEnv of masked, monitored envs
    env = make_env(cfg.env, cfg.reward, benchmarks)()    # one such env (evaluation)

Each sub-env is `gymnasium.make("LiftGym-Rewrite-v7", ...)` → `Monitor` (episode returns for SB3's logger) →
`ActionMasker(mask_fn)`, so `get_action_masks(venv)` reaches `action_masks()` through `env_method` on every
VecEnv kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import gymnasium as gym
import numpy as np

from lift_gym.episode import ENV_ID
from lift_gym.rewards import RewardConfig

from .config import EnvConfig, RewardSection


def mask_fn(env: gym.Env) -> np.ndarray:
    """The legal actions of the (unwrapped) LiftGym env: the function sb3-contrib's ActionMasker calls."""
    return env.unwrapped.action_masks()


def reward_config(reward: RewardSection | RewardConfig) -> RewardConfig:
    """lift_gym's RewardConfig of a config's reward section (a RewardConfig passes through)."""
    if isinstance(reward, RewardConfig):
        return reward
    return RewardConfig(source=reward.source, fallback=reward.fallback, store=reward.store, device=reward.device,
                        model=reward.model, profile=reward.profile)


def env_kwargs(env: EnvConfig, reward: RewardSection | RewardConfig, benchmarks: Sequence[str] | None = None) -> dict:
    """`gymnasium.make` keyword arguments of one LiftGym env."""
    rc = reward_config(reward)
    return {"benchmark": list(benchmarks if benchmarks is not None else env.benchmarks), "reward": rc,
            "max_rewrites": env.max_rewrites, "max_nodes": env.max_nodes, "n_slots": env.n_slots}


def make_env(env: EnvConfig, reward: RewardSection | RewardConfig, benchmarks: Sequence[str] | None = None,
             wrap: Callable[[gym.Env], gym.Env] | None = None, freeze_gc: bool = False) -> Callable[[], gym.Env]:
    """A factory of one masked, monitored LiftGym env (`wrap` goes inside the mask, e.g. a recorder;
    `freeze_gc`: the env's, for a process it owns)."""

    def _init() -> gym.Env:
        # sb3_contrib and stable_baselines3 load torch: imported only where an env is made for SB3
        from sb3_contrib.common.wrappers import ActionMasker
        from stable_baselines3.common.monitor import Monitor

        e = gym.make(ENV_ID, **env_kwargs(env, reward, benchmarks), **({"freeze_gc": True} if freeze_gc else {}))
        if wrap is not None:
            e = wrap(e)
        return ActionMasker(Monitor(e), mask_fn)

    return _init


def make_vec_env(env: EnvConfig, reward: RewardSection, seed: int = 0, benchmarks: Sequence[str] | None = None,
                 start_method: str | None = None):
    """`env.n_envs` sub-envs: with `sampling: per_env` sub-env i owns benchmark i mod n, else every sub-env
    draws a benchmark from the whole list at each reset (with its own seeded `np_random`). `start_method` is
    SubprocVecEnv's (None: SB3's default, forkserver on Linux; "fork": the workers start with this process's
    memoised masks and kernels). Each worker process of a SubprocVecEnv runs its env with `freeze_gc=True`."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv  # loads torch: only for SB3

    uris = list(benchmarks if benchmarks is not None else env.benchmarks)
    # a worker process is the env's own: its collector is frozen after each reset (LiftGymEnv's freeze_gc; the
    # caches' long-lived objects leave the full collections, which took up to half of a step's CPU time)
    subproc = env.vec_env == "subproc" and env.n_envs > 1
    if env.sampling == "per_env":
        factories = [make_env(env, reward, [uris[i % len(uris)]], freeze_gc=subproc) for i in range(env.n_envs)]
    else:
        factories = [make_env(env, reward, uris, freeze_gc=subproc) for _ in range(env.n_envs)]
    venv = SubprocVecEnv(factories, start_method) if subproc else DummyVecEnv(factories)
    venv.seed(seed)
    return venv


__all__ = ["ENV_ID", "env_kwargs", "make_env", "make_vec_env", "mask_fn", "reward_config"]
