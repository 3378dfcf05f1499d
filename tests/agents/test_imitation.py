"""The imitation start: a fresh policy fitted to the best named lowering's episode on each training program."""

from __future__ import annotations

import json

import numpy as np
from agent_fixtures import tiny_config

from agents.config import config_from_dict
from agents.evaluate import PolicyPlayer, load_policy
from agents.imitation import demonstrations
from agents.search import named_episodes
from agents.train import train
from lift_gym import transition
from lift_gym.rewards import RewardConfig, RewardFunction
from lift_gym.transition import Config

TRAIN = ["benchmark://lift/mm/small", "benchmark://generated-v1/stencil2d-00002/small"]
SHAPE = {"max_rewrites": 1, "max_nodes": 64, "n_slots": 16}  # named lowerings are offered before the first rewrite


def test_the_demonstrations_are_each_benchmarks_best_named_episode():
    cfg = config_from_dict(tiny_config(env={"benchmarks": TRAIN, **SHAPE}))
    fn = RewardFunction(RewardConfig(source="analytical"))
    demos, chosen = demonstrations(cfg, fn)
    assert [c["benchmark"] for c in chosen] == TRAIN
    assert len(demos) == sum(c["steps"] for c in chosen)
    assert all(mask[a] for _, a, mask in demos)  # every demonstrated action is legal where it is taken
    for c in chosen:  # the best of the generic default and the named lowerings offered, by the run's reward
        start = transition.initial(c["benchmark"], 0, Config(limits=fn.ctx.limits, **SHAPE))
        names, episodes, _ = named_episodes(start)
        assert names and len(episodes) >= len(names)
        assert c["reward"] == max(ev.reward for ev in fn.evaluate_many(episodes))
    fn.close()


def test_an_imitation_start_makes_the_policys_likeliest_episode_the_demonstrated_one(tmp_path):
    cfg = config_from_dict(tiny_config(env={"benchmarks": TRAIN, **SHAPE},
                                       train={"total_steps": 16, "n_steps": 16, "batch_size": 16, "n_epochs": 1,
                                              "learning_rate": 3e-3, "imitation_epochs": 40}))
    run = train(cfg, out_dir=tmp_path / "run", log=lambda s: None)
    record = json.loads((run.run_dir / "manifest.json").read_text())["imitation"]
    assert record["nll_after"] < record["nll_before"] / 4
    pol = load_policy(run.run_dir)
    fn = RewardFunction(RewardConfig(source="analytical"))
    demos, chosen = demonstrations(cfg, fn)
    start = 0
    for c in chosen:
        shown = [a for _, a, _ in demos[start:start + c["steps"]]]
        start += c["steps"]
        tcfg = Config(limits=fn.ctx.limits, **SHAPE)
        player = PolicyPlayer(pol, transition.initial(c["benchmark"], 0, tcfg), fn.ctx.profile_model)
        done = player.play(np.random.default_rng(0), greedy=True)
        assert list(done.actions) == shown, c["benchmark"]
    fn.close()
