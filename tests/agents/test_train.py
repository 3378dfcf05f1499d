"""MaskablePPO learn(256) smoke test, checkpoints and resume of a killed run, and the train command's errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from agent_fixtures import tiny_config
from stable_baselines3.common.callbacks import BaseCallback

from agents import cli
from agents.config import config_from_dict
from agents.envs import make_vec_env
from agents.runs import Manifest
from agents.train import train


def test_learn_256_smoke(trained_run):
    r = trained_run
    assert r.num_timesteps >= 256 and r.episodes > 0 and r.mean_reward is not None
    assert r.model_path.name == "final.zip" and r.model_path.exists()
    m = Manifest.load(r.run_dir).data
    assert m["status"] == "done" and m["final"] == "final.zip" and m["num_timesteps"] == r.num_timesteps
    assert m["checkpoint"] and (r.run_dir / m["checkpoint"]).exists()
    assert (r.run_dir / "logs" / "from_0" / "progress.csv").exists()
    assert not list(r.run_dir.rglob("*.tmp"))  # atomic writes leave no temporaries


def test_trained_policy_acts_legally(trained_run):
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks

    cfg = config_from_dict(tiny_config())
    model = MaskablePPO.load(trained_run.model_path, device="cpu")
    venv = make_vec_env(cfg.env, cfg.reward, seed=3)
    obs = venv.reset()
    for _ in range(30):  # a few whole episodes: every masked prediction is legal (an illegal one would raise)
        masks = get_action_masks(venv)
        action, _ = model.predict(obs, action_masks=masks, deterministic=False)
        assert masks[0, int(action[0])]
        obs, _, _, _ = venv.step(action)
    venv.close()


class _Kill(BaseCallback):
    """Simulates a killed process: raises once training passes `at` steps."""

    def __init__(self, at: int):
        super().__init__()
        self.at = at

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.at:
            raise RuntimeError("killed")
        return True


def test_killed_run_resumes_from_last_checkpoint(tmp_path):
    d = tiny_config(train={"total_steps": 192, "n_steps": 64, "batch_size": 32},
                    run={"checkpoint_every": 64, "keep_checkpoints": 1})
    run_dir = tmp_path / "run"
    with pytest.raises(RuntimeError, match="killed"):
        train(config_from_dict(d), out_dir=run_dir, callbacks=[_Kill(100)], log=lambda s: None)
    m = Manifest.load(run_dir).data
    assert m["status"] == "failed" and m["checkpoint"] == "checkpoints/model_64_steps.zip"
    assert [p.name for p in (run_dir / "checkpoints").iterdir()] == ["model_64_steps.zip"]
    assert not (run_dir / "final.zip").exists()

    r = train(None, resume=run_dir, log=lambda s: None)  # the config comes from the manifest
    assert r.start_timesteps == 64 and r.num_timesteps >= 192
    m = Manifest.load(run_dir).data
    assert m["status"] == "done" and [s["start"] for s in m["sessions"]] == [0, 64]
    assert m["checkpoints"] == ["checkpoints/model_192_steps.zip"]  # keep_checkpoints: 1
    assert [p.name for p in (run_dir / "checkpoints").iterdir()] == ["model_192_steps.zip"]
    assert (run_dir / "logs" / "from_64" / "progress.csv").exists()

    with pytest.raises(ValueError, match="trained 192 steps already"):
        train(None, resume=run_dir, log=lambda s: None)
    with pytest.raises(FileExistsError, match="already holds a run"):
        train(config_from_dict(d), out_dir=run_dir, log=lambda s: None)


def test_extended_run_killed_resumes_from_its_newest_checkpoint_not_the_older_final_model(tmp_path):
    d = tiny_config(train={"total_steps": 64, "n_steps": 32, "batch_size": 32},
                    run={"checkpoint_every": 32, "keep_checkpoints": 2})
    run_dir = tmp_path / "run"
    train(config_from_dict(d), out_dir=run_dir, log=lambda s: None)
    with pytest.raises(RuntimeError, match="killed"):  # extended to 192 steps, killed after its checkpoint at 128
        train(None, resume=run_dir, total_steps=192, callbacks=[_Kill(140)], log=lambda s: None)
    m = Manifest.load(run_dir).data
    assert m["final"] is None and m["checkpoint"] == "checkpoints/model_128_steps.zip"
    r = train(None, resume=run_dir, total_steps=192, log=lambda s: None)
    assert r.start_timesteps == 128 and r.num_timesteps >= 192
    assert Manifest.load(run_dir).data["final"] == "final.zip"


def test_train_command_reports_config_errors(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("train:\n  learning_rate: fast\n")
    assert cli.main(["train", "--config", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("lift-gym: error: ") and 'train.learning_rate: expected a positive number, got "fast"' in err
    assert len(err.splitlines()) == 1
    assert cli.main(["train"]) == 2
    assert "--config" in capsys.readouterr().err


def test_train_command_json(tmp_path, capsys):
    import yaml

    path = tmp_path / "mini.yaml"
    path.write_text(yaml.safe_dump(tiny_config(train={"total_steps": 64, "n_steps": 64, "batch_size": 32},
                                               run={"out_dir": str(tmp_path / "runs" / "{name}")})))
    assert cli.main(["train", "--config", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    summary = json.loads(out[out.index("{"):])
    assert summary["num_timesteps"] >= 64 and summary["run_dir"].endswith("runs/tiny")
    assert np.isfinite(summary["wall_s"])


def test_worker_processes_freeze_their_collector_and_the_training_process_does_not():
    """A SubprocVecEnv's worker is the env's own process: its env freezes the garbage collector after each reset
    (LiftGymEnv's freeze_gc); envs in the training process (DummyVecEnv) leave the collector alone."""
    sub = config_from_dict(tiny_config(env={"n_envs": 2, "vec_env": "subproc"}))
    venv = make_vec_env(sub.env, sub.reward, seed=0)
    try:
        assert venv.env_method("get_wrapper_attr", "freeze_gc") == [True, True]
    finally:
        venv.close()
    one = config_from_dict(tiny_config())
    venv = make_vec_env(one.env, one.reward, seed=0)
    try:
        assert venv.env_method("get_wrapper_attr", "freeze_gc") == [False]
    finally:
        venv.close()
