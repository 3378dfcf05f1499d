"""An imitation start: before RL, the policy is fitted to the best named lowering's episode on each training program.

    stats = imitate(model, cfg)        # in agents.train, on a fresh run with train.imitation_epochs > 0

The demonstrations: on each training benchmark, the finished episodes of the generic default and of every named
lowering the start state offers, at their default values (`agents.search.named_episodes`: strategies applied by
shape, as the presets search plays them), are scored with the run's own reward; the best one's states and actions
are kept. The policy (its masked action distribution) is fitted to them by maximum likelihood with its own
optimiser, in minibatches of `train.batch_size`, for `train.imitation_epochs` epochs; RL then starts from there. A
benchmark whose named episodes all fail (no finite reward) gives no demonstration.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from lift_gym import transition
from lift_gym.rewards import RewardFunction
from lift_gym.transition import Config

from .config import ExperimentConfig
from .envs import reward_config
from .evaluate import observation
from .search import named_episodes


def demonstrations(cfg: ExperimentConfig, fn: RewardFunction) -> tuple[list[tuple[dict, int, np.ndarray]],
                                                                          list[dict[str, Any]]]:
    """(observation, action, mask) of every step of each training benchmark's best named episode, and per
    benchmark which episode that was and its reward."""
    e = cfg.env
    tcfg = Config(max_rewrites=e.max_rewrites, max_nodes=e.max_nodes, n_slots=e.n_slots, limits=fn.ctx.limits)
    demos, chosen = [], []
    for uri in dict.fromkeys(e.benchmarks):
        start = transition.initial(uri, 0, tcfg)
        _, episodes, _ = named_episodes(start, "imitation")
        rewards = [ev.reward for ev in fn.evaluate_many(episodes)] if episodes else []
        finite = [i for i, r in enumerate(rewards) if math.isfinite(r)]
        if not finite:
            continue
        best = max(finite, key=lambda i: rewards[i])
        s = start
        for a in episodes[best].actions:
            demos.append((observation(s, fn.ctx.profile_model), int(a), np.array(transition.legal_actions(s))))
            s = transition.step(s, int(a))
        chosen.append({"benchmark": uri, "template": episodes[best].template or "default",
                       "reward": rewards[best], "steps": len(episodes[best].actions)})
    return demos, chosen


def imitate(model, cfg: ExperimentConfig, log=print) -> dict[str, Any]:
    """Fit `model`'s policy to the demonstrations (module docstring); what was done, with the mean negative
    log-likelihood of the demonstrated actions before and after."""
    import torch as th

    fn = RewardFunction(reward_config(cfg.reward))
    try:
        demos, chosen = demonstrations(cfg, fn)
    finally:
        fn.close()
    if not demos:
        log("imitation: no training benchmark has a named episode with a finite reward; RL starts from scratch")
        return {"demonstrations": 0, "benchmarks": chosen}
    policy = model.policy
    obs = {k: np.stack([d[0][k] for d in demos]) for k in demos[0][0]}
    actions = th.as_tensor(np.array([d[1] for d in demos]), device=policy.device)
    masks = np.stack([d[2] for d in demos]).astype(bool)

    def nll(idx: np.ndarray) -> Any:
        o, _ = policy.obs_to_tensor({k: v[idx] for k, v in obs.items()})
        _, log_prob, _ = policy.evaluate_actions(o, actions[idx], action_masks=masks[idx])
        return -log_prob.mean()

    everything = np.arange(len(demos))
    with th.no_grad():
        before = float(nll(everything))
    policy.set_training_mode(True)
    rng = np.random.default_rng(cfg.train.seed)
    for _ in range(cfg.train.imitation_epochs):
        order = rng.permutation(len(demos))
        for i in range(0, len(order), cfg.train.batch_size):
            loss = nll(order[i:i + cfg.train.batch_size])
            policy.optimizer.zero_grad()
            loss.backward()
            th.nn.utils.clip_grad_norm_(policy.parameters(), cfg.train.max_grad_norm)
            policy.optimizer.step()
    policy.set_training_mode(False)
    with th.no_grad():
        after = float(nll(everything))
    log(f"imitation: {len(demos)} steps of {len(chosen)} benchmarks' best named episodes, "
        f"{cfg.train.imitation_epochs} epochs: negative log-likelihood {before:.3f} -> {after:.3f}")
    return {"demonstrations": len(demos), "benchmarks": chosen, "nll_before": before, "nll_after": after}


__all__ = ["demonstrations", "imitate"]
