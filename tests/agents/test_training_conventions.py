"""Training the way RL code expects to: MaskablePPO on SB3's `make_vec_env` of the env id with a random benchmark
per reset, and the RL Baselines3 Zoo's `train` command with configs/rl_zoo/ppo.yml (analytical reward: no device)."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from lift_gym.episode import ENV_ID

ROOT = Path(__file__).parents[2]
BENCHMARKS = ["benchmark://lift/mm/small", "benchmark://lift/stencil2d/small", "benchmark://lift/gemv/small",
              "benchmark://lift/jacobi2d-5pt/small", "benchmark://lift/asum/small", "benchmark://lift/scal/small"]
# no rewrites: episodes are the named lowerings, mapping and tuning decisions (a rewrite step costs ~5x more);
# 32 nodes keep the action space (rules x nodes) and so the policy's masked softmax small
SHAPE = {"reward": "analytical", "max_rewrites": 0, "max_nodes": 32, "n_slots": 16}
STEPS = 2048


class ZooRecord(yaml.SafeLoader):
    """Reads the zoo's config.yml, a dumped OrderedDict, as a dict (and nothing else beyond safe YAML)."""


ZooRecord.add_constructor("tag:yaml.org,2002:python/object/apply:collections.OrderedDict",
                          lambda loader, node: dict(loader.construct_sequence(node, deep=True)[0]))


@pytest.fixture
def one_torch_thread():
    """One intra-op thread: on two shared cores torch's thread pool makes the tiny network's steps much slower."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.mark.filterwarnings("ignore:.*render_mode.*")
@pytest.mark.usefixtures("one_torch_thread")
def test_maskable_ppo_on_make_vec_env_draws_a_benchmark_per_reset_and_every_episode_ends_legally():
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    class Episodes(BaseCallback):
        """The info of every episode's last step, per sub-env."""

        def __init__(self):
            super().__init__()
            self.ended: list[list[dict]] = []

        def _on_training_start(self) -> None:
            self.ended = [[] for _ in range(self.training_env.num_envs)]

        def _on_step(self) -> bool:
            for i, (done, info) in enumerate(zip(self.locals["dones"], self.locals["infos"], strict=True)):
                if done:
                    self.ended[i].append(info)
            return True

    venv = make_vec_env(ENV_ID, n_envs=2, seed=0, env_kwargs={"benchmark": BENCHMARKS, **SHAPE})
    episodes = Episodes()
    try:
        # an action outside the mask raises gymnasium.error.InvalidAction inside learn()
        model = MaskablePPO("MultiInputPolicy", venv, n_steps=128, batch_size=64, n_epochs=1, seed=0, device="cpu",
                            policy_kwargs={"net_arch": [32]}).learn(STEPS, callback=episodes)
    finally:
        venv.close()
    assert model.num_timesteps >= STEPS and model._n_updates >= STEPS // 256  # one update per 2 x 128 steps
    ended = [info for per_env in episodes.ended for info in per_env]
    assert len(ended) >= 100
    for info in ended:  # terminated by the env: a compiled kernel evaluated, never cut by TimeLimit
        assert not info.get("TimeLimit.truncated", False), info["benchmark"]
        assert info["phase"] == "DONE" and info["reward_source"] == "analytical", info["benchmark"]
        assert info["final"]["status"] == "ok" and info["kernel_key"] is not None, info["benchmark"]
        assert math.isfinite(info["log_speedup"]) and info["episode"]["l"] >= 1, info["benchmark"]
    drawn = [[info["benchmark"] for info in per_env] for per_env in episodes.ended]
    for per_env in drawn:  # each sub-env draws from the whole list at every reset, with its own seed
        assert set(per_env) == set(BENCHMARKS)
    assert drawn[0][:20] != drawn[1][:20]


def test_rl_zoo_train_runs_ppo_through_the_penalty_wrapper_of_the_zoo_file(tmp_path):
    conf = ROOT / "configs" / "rl_zoo" / "ppo.yml"
    wrappers = yaml.safe_load(conf.read_text())[ENV_ID]["env_wrapper"]
    assert [next(iter(w)) for w in wrappers] == ["lift_gym.wrappers.IllegalActionPenalty"]
    cmd = [sys.executable, "-m", "rl_zoo3.train", "--algo", "ppo", "--env", ENV_ID, "--gym-packages", "lift_gym",
           "-n", "64", "--conf-file", str(conf), "-f", str(tmp_path / "logs"), "--seed", "0", "--device", "cpu",
           "--eval-freq", "-1", "--num-threads", "1",
           "--env-kwargs", "reward:'analytical'", "benchmark:'benchmark://lift/scal/small'", "max_nodes:32",
           "n_slots:8",
           "-params", "n_envs:1", "n_steps:64", "batch_size:32", "n_epochs:1"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    run = tmp_path / "logs" / "ppo" / f"{ENV_ID}_1"
    with zipfile.ZipFile(run / f"{ENV_ID}.zip") as saved:
        assert {"data", "policy.pth"} <= set(saved.namelist())
    used = yaml.load((run / ENV_ID / "config.yml").read_text(), ZooRecord)  # the zoo's record of the run
    assert used["env_wrapper"] == wrappers and used["n_steps"] == 64
