"""Files from elsewhere: a policy zip loads without unpickling anything it holds (unless --trusted), and an
episode record's store and model are used only inside its own folder or run folder, never created."""

from __future__ import annotations

import base64
import json
import os
import pickle
import shutil
import zipfile
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from agent_fixtures import tiny_config

import lift_gym  # noqa: F401
from agents import cli
from agents.config import config_from_dict
from agents.envs import make_vec_env
from agents.evaluate import load_policy
from agents.untrusted import UntrustedFile, load_maskable_ppo, pickled_entries, record_roots
from lift_gym.episode import replay


class _Marker:
    """Unpickles to open(path, "w"): loading it creates the file, so the file shows whether code ran."""

    def __init__(self, path: Path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


def _poison(zip_path: Path, marker: Path, *keys: str) -> None:
    """Rewrite the zip's data so each of `keys` holds a pickle that creates `marker` when loaded."""
    with zipfile.ZipFile(zip_path) as z:
        files = {n: z.read(n) for n in z.namelist()}
    data = json.loads(files["data"])
    blob = base64.b64encode(pickle.dumps(_Marker(marker))).decode()
    for k in keys:
        data[k] = {":type:": "<class 'function'>", ":serialized:": blob}
    files["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(zip_path, "w") as z:
        for n, b in files.items():
            z.writestr(n, b)


@pytest.fixture
def run_copy(trained_run, tmp_path) -> Path:
    return Path(shutil.copytree(trained_run.run_dir, tmp_path / "run"))


def test_saved_zip_pickles_only_what_the_loader_rebuilds(trained_run):
    from agents.untrusted import REBUILT

    assert set(pickled_entries(trained_run.model_path)) <= set(REBUILT)


def test_policy_with_poisoned_schedules_loads_without_running_them(run_copy, tmp_path):
    marker = tmp_path / "ran"
    _poison(run_copy / "final.zip", marker, "lr_schedule", "clip_range", "policy_class", "observation_space")
    policy = load_policy(run_copy)
    assert not marker.exists()
    cfg = config_from_dict(tiny_config())
    assert policy.model.clip_range(1.0) == cfg.train.clip_range
    obs = policy.model.observation_space.sample()
    action, _ = policy.model.predict(obs, deterministic=True)
    assert 0 <= int(action) < policy.model.action_space.n


def test_resume_load_rebuilds_schedules_from_the_config(run_copy, tmp_path):
    marker = tmp_path / "ran"
    _poison(run_copy / "final.zip", marker, "lr_schedule", "clip_range", "policy_kwargs")
    cfg = config_from_dict(tiny_config())
    venv = make_vec_env(cfg.env, cfg.reward, seed=0)
    try:
        model = load_maskable_ppo(run_copy / "final.zip", cfg, env=venv, device="cpu")
    finally:
        venv.close()
    assert not marker.exists()
    assert model.lr_schedule(0.5) == pytest.approx(cfg.train.learning_rate) and model.num_timesteps >= 256


def test_unknown_pickled_entry_is_refused_unless_trusted(run_copy, tmp_path):
    marker = tmp_path / "ran"
    _poison(run_copy / "final.zip", marker, "extra")
    with pytest.raises(UntrustedFile, match=r"pickled entries extra .*--trusted"):
        load_policy(run_copy)
    assert not marker.exists()
    load_policy(run_copy, trusted=True)  # the switch: SB3 unpickles everything, as it would by itself
    assert marker.exists()


def test_bare_zip_needs_trusted(trained_run, tmp_path):
    bare = Path(shutil.copy(trained_run.model_path, tmp_path / "policy.zip"))
    with pytest.raises(UntrustedFile, match="no run config"):
        load_policy(bare)
    assert load_policy(bare, trusted=True).env.max_nodes > 0


def test_evaluate_command_refuses_a_poisoned_policy_in_one_line(run_copy, tmp_path, capsys):
    marker = tmp_path / "ran"
    _poison(run_copy / "final.zip", marker, "extra")
    rc = cli.main(["evaluate", "--policy", str(run_copy), "--benchmarks", "benchmark://lift/scal/small",
                   "--budget", "1", "--baselines", "random", "--reward", "analytical", "--out", str(tmp_path / "ev")])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and len(err) == 1 and "--trusted" in err[0]
    assert not marker.exists()


# --- episode records ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record() -> dict:
    env = gym.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/scal/small", reward="analytical")
    env.action_space.seed(0)
    _, info = env.reset(seed=0)
    done = False
    while not done:
        _, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        done = term or trunc
    rec = json.loads(env.unwrapped.episode_state().to_json())
    env.close()
    return rec


def _write(record: dict, folder: Path, **reward) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rec = json.loads(json.dumps(record))
    rec["config"]["reward"].update(reward)
    path = folder / "episode.json"
    path.write_text(json.dumps(rec))
    return path


@pytest.mark.parametrize("command", ["replay", "validate"])
def test_record_naming_a_store_outside_its_folder_is_refused_and_nothing_is_created(record, tmp_path, capsys,
                                                                                     command):
    outside = tmp_path / "elsewhere" / "made" / "by" / "the" / "record"
    path = _write(record, tmp_path / "rec", store=str(outside / "store.sqlite"))
    rc = cli.main([command, str(path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and len(err) == 1 and "config.reward.store" in err[0] and "--store" in err[0]
    assert not (tmp_path / "elsewhere").exists()


def test_record_naming_a_model_outside_its_folder_is_refused(record, tmp_path, capsys):
    path = _write(record, tmp_path / "rec", model=str(tmp_path / "model.npz"))
    rc = cli.main(["replay", str(path)])
    assert rc == 2 and "config.reward.model" in capsys.readouterr().err


def test_record_store_in_a_missing_folder_of_its_own_is_not_created(record, tmp_path, capsys):
    path = _write(record, tmp_path / "rec", store=str(tmp_path / "rec" / "new" / "store.sqlite"))
    rc = cli.main(["replay", str(path)])
    assert rc == 2 and "never created" in capsys.readouterr().err
    assert not (tmp_path / "rec" / "new").exists()


def test_record_store_through_a_symlink_out_of_its_folder_is_refused(record, tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "rec").mkdir()
    os.symlink(tmp_path / "out", tmp_path / "rec" / "link")
    path = _write(record, tmp_path / "rec", store=str(tmp_path / "rec" / "link" / "store.sqlite"))
    with pytest.raises(ValueError, match="outside the record's folder"):
        replay(path.read_text(), roots=record_roots(path))


def test_record_paths_inside_its_run_folder_or_given_on_the_command_line_are_used(record, tmp_path, capsys):
    run = tmp_path / "run"
    (run / "evaluation" / "episodes").mkdir(parents=True)
    (run / "pipeline.json").write_text("{}")
    path = _write(record, run / "evaluation" / "episodes", store=str(run / "measurements.sqlite"))
    assert record_roots(path) == (path.parent.resolve(), run.resolve())
    assert cli.main(["replay", str(path), "--json"]) == 0
    capsys.readouterr()
    stray = _write(record, tmp_path / "stray", store=str(tmp_path / "other" / "store.sqlite"))
    (tmp_path / "other").mkdir()
    rc = cli.main(["replay", str(stray), "--store", str(tmp_path / "other" / "store.sqlite"), "--json"])
    assert rc == 0 and np.isfinite(json.loads(capsys.readouterr().out)["reward"])
