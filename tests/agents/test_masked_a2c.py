"""MaskableA2C: advantage actor-critic with action masks, one gradient step per rollout at probability ratio 1."""

from __future__ import annotations

import pytest
import torch
from agent_fixtures import tiny_config

from agents.config import ConfigError, config_from_dict
from agents.evaluate import load_policy
from agents.train import train


def test_masked_a2c_makes_one_rmsprop_step_per_rollout_over_the_whole_rollout(tmp_path):
    cfg = config_from_dict(tiny_config(train={"algorithm": "MaskableA2C", "total_steps": 48, "n_steps": 16,
                                              "learning_rate": 7e-4}))
    run = train(cfg, out_dir=tmp_path / "a2c", log=lambda s: None)
    model = load_policy(run.run_dir).model
    # one epoch over the whole rollout: the only gradient step of a rollout is at ratio 1, A2C's gradient
    assert model.n_epochs == 1 and model.batch_size == 16 and not model.normalize_advantage
    assert model._n_updates == run.num_timesteps // 16 == 3
    assert isinstance(model.policy.optimizer, torch.optim.RMSprop)


def test_an_algorithm_without_masks_is_refused_with_the_masked_ones_named():
    with pytest.raises(ConfigError, match=r"A2C cannot train on LiftGym.*MaskablePPO or MaskableA2C"):
        config_from_dict(tiny_config(train={"algorithm": "A2C"}))
