"""ExperimentConfig presets load into frozen dataclasses; every error names its key path (and close names)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from agents.config import ConfigError, ExperimentConfig, config_from_dict, load_config, with_overrides

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(p.stem for p in (ROOT / "configs").glob("*.yaml")))
def test_presets_load(name):
    cfg = load_config(ROOT / "configs" / f"{name}.yaml")
    assert isinstance(cfg, ExperimentConfig) and cfg.name == name
    assert config_from_dict(cfg.to_dict()) == cfg  # round trip (what a run manifest stores)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.train.learning_rate = 1.0  # type: ignore[misc]


def test_quick_preset_is_tiny():
    cfg = load_config(ROOT / "configs" / "quick.yaml")
    assert cfg.reward.source == "analytical" and cfg.train.total_steps <= 1024


@pytest.mark.parametrize(("data", "expected"), [
    ({"train": {"learning_rate": "fast"}}, 'train.learning_rate: expected a positive number, got "fast"'),
    ({"train": {"learning_rate": -1}}, "train.learning_rate: expected a positive number, got -1"),
    ({"train": {"learnig_rate": 0.1}}, "train.learnig_rate: unknown key (did you mean learning_rate?)"),
    ({"trian": {}}, "trian: unknown key (did you mean train?)"),
    ({"train": {"n_steps": 12.5}}, "train.n_steps: expected an integer >= 2, got 12.5"),
    ({"train": {"gamma": 1.5}}, "train.gamma: expected a number in [0, 1], got 1.5"),
    ({"env": {"benchmarks": ["benchmark://lift/mmm/small"]}}, "env.benchmarks[0]: unknown benchmark 'mmm'"),
    ({"env": {"benchmarks": []}}, "env.benchmarks: expected at least 1 item(s), got none"),
    ({"env": {"vec_env": "subprocess"}}, 'env.vec_env: expected one of dummy, subproc, got "subprocess" '
                                          "(did you mean subproc?)"),
    ({"reward": {"source": "measure"}}, "reward.source: expected one of measured, predicted, replay, analytical, "
                                        'estimated, got "measure" (did you mean measured?)'),
    ({"run": {"tensorboard": "yes"}}, 'run.tensorboard: expected true or false, got "yes"'),
    ({"policy": {"net_arch": [64, 0]}}, "policy.net_arch[1]: expected a positive integer, got 0"),
    ({"train": {"algorithm": "PPO"}}, "train.algorithm: PPO cannot train on LiftGym: it does not use action masks"),
    ({"train": {"algorithm": "SAC"}}, "needs a continuous (Box) action space"),
    ({"train": {"algorithm": "MaskablePP0"}}, 'unknown algorithm "MaskablePP0" (did you mean MaskablePPO?)'),
    ({"train": {"batch_size": 512, "n_steps": 128}}, "train.batch_size: 512 is larger than a rollout"),
    ({"reward": {"source": "predicted", "fallback": "predicted"}}, "reward.fallback: must differ"),
    ({"env": "scal"}, 'env: expected a mapping of keys, got "scal"'),
    ({"pipeline": {"refit_rounds": -1}}, "pipeline.refit_rounds: expected an integer >= 0, got -1"),
    ({"reward": {"profile": "h300"}}, 'reward.profile: expected one of generic, h100, h200, pocl, got "h300"'),
    ({"pipeline": {"refit_episodes": 0}}, "pipeline.refit_episodes: expected a positive integer, got 0"),
    ({"train": {"total_steps": 4}, "pipeline": {"refit_rounds": 5}},
     "pipeline.refit_rounds: 5 rounds cannot split train.total_steps = 4"),
])
def test_errors_name_the_key(data, expected):
    with pytest.raises(ConfigError) as err:
        config_from_dict(data, source="x.yaml")
    assert expected in str(err.value), str(err.value)
    assert str(err.value).startswith("x.yaml: ")


def test_all_errors_are_reported_at_once():
    with pytest.raises(ConfigError) as err:
        config_from_dict({"train": {"learning_rate": "fast", "n_epochs": 0}, "run": {"verbose": -1}})
    assert len(err.value.errors) == 3


def test_yaml_numbers_written_as_strings_are_accepted(tmp_path):
    path = tmp_path / "lr.yaml"
    path.write_text("train:\n  learning_rate: 3e-4\n  total_steps: 1_000\n")  # PyYAML reads 3e-4 as a string
    cfg = load_config(path)
    assert cfg.train.learning_rate == pytest.approx(3e-4) and cfg.train.total_steps == 1000
    assert cfg.name == "lr"


def test_yaml_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("train:\n  learning_rate: [1, 2\n")
    with pytest.raises(ConfigError, match=r"bad.yaml: line \d+, column \d+: invalid YAML"):
        load_config(path)


def test_overrides_are_validated():
    cfg = with_overrides(ExperimentConfig(), total_steps=128)
    assert cfg.train.total_steps == 128
    with pytest.raises(ConfigError, match=r"train\.total_steps: expected a positive integer, got 0"):
        with_overrides(cfg, total_steps=0)


def test_h200_is_a_reward_profile():
    assert config_from_dict({"reward": {"profile": "h200"}}).reward.profile == "h200"


def test_the_reward_profile_reaches_the_env_and_the_pipeline_rewards():
    from agents.envs import env_kwargs
    cfg = load_config(ROOT / "configs" / "pipeline_gpu.yaml")
    assert cfg.reward.profile == "h100"
    assert env_kwargs(cfg.env, cfg.reward)["reward"].profile == "h100"
    assert env_kwargs(cfg.env, config_from_dict({}).reward)["reward"].profile == "generic"


def test_a_split_item_keeps_its_first_k_or_k_drawn_with_a_seed():
    from compiler.suite import generate

    def uris(item):
        return config_from_dict({"env": {"benchmarks": [item]}}).env.benchmarks

    train = [f"benchmark://generated-v1/{n}/small" for n in generate.names("train")]
    assert uris({"split": "generated-v1/train", "count": 3}) == tuple(train[:3])
    drawn = uris({"split": "generated-v1/train", "count": 12, "seed": 0})
    assert len(set(drawn)) == 12 and set(drawn) <= set(train)
    assert list(drawn) == sorted(drawn, key=train.index)  # in the split's order
    assert drawn == uris({"split": "generated-v1/train", "count": 12, "seed": 0})  # the seed fixes the sample
    assert drawn != uris({"split": "generated-v1/train", "count": 12, "seed": 1})
    assert drawn != tuple(train[:12])
    gpu = uris({"split": "generated-v1/test", "count": 2, "seed": 5, "preset": "gpu"})
    assert all(u.endswith("/gpu") for u in gpu) and len(gpu) == 2
    evaluated = config_from_dict({"pipeline": {"eval_benchmarks": [{"split": "generated-v1/test", "count": 4,
                                                                    "seed": 0}, "benchmark://lift/mm/small"]}})
    assert len(evaluated.pipeline.eval_benchmarks) == 5


@pytest.mark.parametrize(("item", "expected"), [
    ({"count": 0}, "env.benchmarks[0]: split generated-v1/train count: expected a positive integer, got 0"),
    ({"count": 8001}, "env.benchmarks[0]: split generated-v1/train count: expected an integer <= 8000, got 8001"),
    ({"count": "many"}, 'split generated-v1/train count: expected a positive integer, got "many"'),
    ({"count": 4, "seed": -1}, "split generated-v1/train seed: expected an integer >= 0, got -1"),
    ({"seed": 3}, "split generated-v1/train: seed 3 draws a sample, which needs count: K"),
    ({"cuont": 3}, "a split item is {split: generated-v1/SPLIT[, preset: small|gpu][, count: K[, seed: S]]}"),
])
def test_a_split_items_bad_count_or_seed_is_one_line_naming_the_item(item, expected):
    with pytest.raises(ConfigError) as err:
        config_from_dict({"env": {"benchmarks": [{"split": "generated-v1/train", **item}]}}, source="x.yaml")
    assert expected in str(err.value) and "\n" not in str(err.value), str(err.value)
