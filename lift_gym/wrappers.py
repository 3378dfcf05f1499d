"""Opt-in wrappers for algorithms that know nothing of action masks (stable-baselines3's PPO, DQN, ...).

    env = IllegalActionPenalty(gymnasium.make(ENV_ID, benchmark=..., reward="analytical"))
    model = stable_baselines3.PPO("MultiInputPolicy", env).learn(1024)

The env itself raises `gymnasium.error.InvalidAction` for an action outside the mask, which is what a masked
algorithm (sb3-contrib's MaskablePPO) needs. `IllegalActionPenalty` turns such an action into a penalised no-op
instead: the episode's state does not change, the reward is `penalty`, and `info["illegal_action"]` is True. After
`max_illegal` illegal actions in one episode the episode is truncated, so a policy that only proposes illegal
actions still sees episodes end (the no-op steps never reach the env, so its `TimeLimit` does not count them).
Legal actions pass through unchanged. See docs/env.md ("Mask-unaware algorithms").

Monitors stay outside. stable-baselines3's `make_vec_env` (and so the RL Baselines3 Zoo's `env_wrapper` entries)
wraps each env in its `Monitor` first and applies the wrapper class to the Monitor. A Monitor inside this wrapper
never sees the penalised steps nor the episodes this wrapper truncates, so it records no episode at all when the
policy's episodes end that way. `IllegalActionPenalty(env)` on an env whose outermost wrappers are Monitors
therefore places itself beneath them and returns the outermost Monitor (`penalty_wrapper(env)` finds it in the
chain); on any other env it wraps the env as given.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np


class IllegalActionPenalty(gym.Wrapper):
    """An action outside the mask becomes a no-op step with reward `penalty` (see the module docstring).

    Args:
        env: a LiftGym env, wrapped or not (`action_masks()` is reached through `get_wrapper_attr`).
        penalty: the reward of an illegal action (<= 0).
        max_illegal: illegal actions per episode after which the episode is truncated (>= 1).
    """

    def __new__(cls, env: gym.Env | None = None, penalty: float = -0.1, max_illegal: int = 64):
        below = _below_monitors(env)
        if below is None:  # no Monitor outside (or an unpickling call without arguments)
            return super().__new__(cls)
        below.env = cls(below.env, penalty, max_illegal)  # beneath the Monitors: they record what it does
        return env

    def __init__(self, env: gym.Env, penalty: float = -0.1, max_illegal: int = 64):
        super().__init__(env)
        if not penalty <= 0.0:
            raise ValueError(f"IllegalActionPenalty: penalty must be <= 0, got {penalty!r}")
        if int(max_illegal) < 1:
            raise ValueError(f"IllegalActionPenalty: max_illegal must be >= 1, got {max_illegal!r}")
        self.penalty, self.max_illegal = float(penalty), int(max_illegal)
        self.illegal = 0  # illegal actions in the current episode
        self._last: tuple[Any, dict[str, Any]] | None = None

    def action_masks(self) -> np.ndarray:
        """The inner env's legal actions (bool), for algorithms that do use them."""
        return self.env.get_wrapper_attr("action_masks")()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        obs, info = self.env.reset(seed=seed, options=options)
        self.illegal, self._last = 0, (obs, info)
        return obs, info

    def step(self, action) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._last is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        a = int(action)
        if 0 <= a < len(mask := self.action_masks()) and mask[a]:
            obs, reward, terminated, truncated, info = self.env.step(a)
            self._last = (obs, info)
            return obs, reward, terminated, truncated, {**info, "illegal_action": False}
        self.illegal += 1
        obs, info = self._last
        info = {**info, "illegal_action": True, "illegal_actions": self.illegal}
        return obs, self.penalty, False, self.illegal >= self.max_illegal, info


def _is_monitor(env: object) -> bool:
    """Whether `env` is a stable-baselines3 `Monitor` (told by its class and its episode records: the environment
    package imports no RL library)."""
    return any(c.__name__ == "Monitor" and c.__module__.startswith("stable_baselines3") for c in type(env).__mro__)


def _below_monitors(env: object) -> gym.Wrapper | None:
    """The innermost of the Monitors that wrap `env` outermost, or None when its outermost wrapper is no Monitor."""
    below = None
    while isinstance(env, gym.Wrapper) and _is_monitor(env):
        below, env = env, env.env
    return below


def penalty_wrapper(env: gym.Env) -> IllegalActionPenalty | None:
    """The IllegalActionPenalty in the wrapper chain of `env`, or None."""
    while isinstance(env, gym.Wrapper):
        if isinstance(env, IllegalActionPenalty):
            return env
        env = env.env
    return None


__all__ = ["IllegalActionPenalty", "penalty_wrapper"]
