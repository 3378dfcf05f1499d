"""Killing the measurement worker, or the whole training process with it, mid-run (real SIGKILLs on PoCL):
the store stays consistent and the run resumes from its checkpoint and continues the store."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import gymnasium as gym
import pytest
import yaml
from agent_fixtures import tiny_config

import lift_gym  # noqa: F401
from agents.runs import Manifest
from compiler.perf.store import MeasurementStore
from compiler.runtime import MeasureConfig
from compiler.runtime.worker import read_marker
from lift_gym.rewards import RewardConfig

pytestmark = pytest.mark.opencl
FAST = MeasureConfig(warmup_s=0.005, min_sample_s=0.002, min_samples=3, max_samples=5, time_cap_s=1.0)
ROOT = Path(__file__).resolve().parents[2]


def _kill_worker_in_phase(worker, phase: str, done: threading.Event, killed: list) -> None:
    """SIGKILL the worker process once its marker says it is in `phase` (it hangs there: injected fault)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not done.is_set():
        marker = read_marker(worker.marker_path)
        proc = worker._proc
        if marker and marker.get("phase") == phase and proc is not None and proc.is_alive():
            os.kill(proc.pid, signal.SIGKILL)
            killed.append(proc.pid)
            return
        time.sleep(0.02)


def test_worker_killed_mid_measurement_is_measured_again_not_stored_as_the_kernels_failure(tmp_path):
    path = str(tmp_path / "m.sqlite")
    env = gym.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/scal/small", max_rewrites=0,
                   reward=RewardConfig("measured", store=path, measure=FAST))
    _, info = env.reset(seed=0)
    worker = env.unwrapped.reward_fn.ctx.worker
    worker._inject_fault("samples", "hang")  # the next measurement (the baseline) stops in its timing phase
    done, killed = threading.Event(), []
    killer = threading.Thread(target=_kill_worker_in_phase, args=(worker, "samples", done, killed))
    killer.start()
    try:
        term = False
        while not term:
            _, reward, term, _, info = env.step(env.action_space.sample(mask=info["action_mask"]))
    finally:
        done.set()
        killer.join()
    assert killed, "the worker never reached the samples phase"
    assert worker.starts == 2  # the killed worker was replaced
    assert info["baseline"]["status"] == "ok" and info["reward_source"] == "measured"
    # not the kernel's failure: its own measurement, ok, or a time-out under load (whose reward is the log of a
    # censored speedup, which may lie below the failure reward)
    assert info["final"]["status"] in ("ok", "timeout")
    assert info["final"]["status"] == "timeout" or reward > -2.0
    env.close()
    store = MeasurementStore(path)
    assert store.integrity_ok()
    statuses = [r.status for r in store.records()]
    assert statuses and all(s in ("ok", "timeout") for s in statuses), statuses  # no "launch" row for the kill
    store.close()


def _train_cmd(config: Path, run_dir: Path, resume: bool) -> list[str]:
    args = ["--resume", str(run_dir)] if resume else ["--config", str(config), "--out", str(run_dir)]
    return [sys.executable, "-m", "agents", "train", *args]


def test_training_process_killed_mid_run_resumes_and_continues_the_store(tmp_path):
    store_path = tmp_path / "m.sqlite"
    cfg = tiny_config(env={"benchmarks": ["benchmark://lift/scal/small", "benchmark://lift/gemv/small"],
                           "max_rewrites": 1, "max_nodes": 64, "n_slots": 8},
                      reward={"source": "measured", "store": str(store_path)},
                      train={"total_steps": 4096, "n_steps": 32, "batch_size": 32, "n_epochs": 1},
                      run={"checkpoint_every": 32, "keep_checkpoints": 2})
    config = tmp_path / "measured.yaml"
    config.write_text(yaml.safe_dump(cfg))
    run_dir = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(_train_cmd(config, run_dir, False), cwd=ROOT, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:  # wait until a checkpoint is on disk and kernels are in the store, then kill trainer and worker at once
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            m = (run_dir / "manifest.json").exists() and Manifest.load(run_dir).data
            if m and m.get("checkpoint") and store_path.exists() and len(MeasurementStore(store_path)) >= 3:
                break
            time.sleep(0.2)
        assert proc.poll() is None, "training ended before it could be killed"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the session: the trainer and its measurement worker
        proc.wait()
    m = Manifest.load(run_dir).data
    assert m["status"] == "running" and m["checkpoint"]  # killed: nobody wrote a final status
    killed_at = int(m["checkpoint"].split("_")[1])
    store = MeasurementStore(store_path)
    assert store.integrity_ok()
    before = {r.key: r for r in store.records()}
    assert before and all(r.status in ("ok", "timeout") for r in before.values())
    store.close()

    target = killed_at + 64
    r = subprocess.run([*_train_cmd(config, run_dir, True), "--total-steps", str(target)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    m = Manifest.load(run_dir).data
    assert m["status"] == "done" and m["num_timesteps"] >= target
    assert [s["start"] for s in m["sessions"]] == [0, killed_at]
    store = MeasurementStore(store_path)
    assert store.integrity_ok()
    after = {r.key: r for r in store.records()}
    assert set(before) <= set(after)  # nothing lost; the resumed run reads the old rows and adds its own
    assert all(after[k].median_s == before[k].median_s for k in before)  # stored kernels are not measured again
    store.close()
