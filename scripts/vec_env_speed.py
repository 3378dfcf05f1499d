"""Env steps per wall second with 1..N sub-env processes: MaskablePPO training and plain masked env stepping.

    python3 scripts/vec_env_speed.py --out vec_env_speed.json                 # n_envs 1,2,4,8,16 (at most the cores)
    python3 scripts/vec_env_speed.py --warm-parent --out vec_env_speed.json   # and again with workers forked warm
    python3 scripts/vec_env_speed.py --quick --warm-parent --out /tmp/v.json  # the smoke: n_envs 1,2, few steps

Every run builds the training envs as `lift-gym train` does: `agents.envs.make_vec_env` over the benchmarks
(`sampling: random`, a `SubprocVecEnv` of `make_env` factories for n_envs > 1, a `DummyVecEnv` for 1), the
analytical reward (no device), `agents.train.build_model` with the default policy section, torch on one thread per
process. In that order it times:

1. start: the VecEnv's construction (the workers start and import the package);
2. warm-up: `--warmup-steps` random masked steps per env, untimed in the rates (each process's caches fill);
3. env: `--env-steps` random masked steps per env (`get_action_masks`, a uniform legal action per env, `step`):
   the env's cost alone;
4. train: one untimed rollout and update of MaskablePPO (`--warmup-rollouts`), then `--rollouts` timed rollouts of
   `--n-steps` steps per env, each followed by its update; the rollout part (env steps and the policy's forward
   passes) and the update part (gradient steps in this process) are timed apart.

Each (mode, n_envs) runs in a fresh Python process, so no run starts with another's caches. The env's caches
(masks, lowerings, compiled kernels: the `functools.lru_cache`s of `lift_gym.transition`, `compiler.lowering`,
`compiler.codegen` ...) live in module globals, one copy per process: sub-envs never share them. SB3's default
start method (forkserver on Linux) starts every worker from a fresh interpreter, cold. `--warm-parent` adds the
mode "warm": the parent first plays `--parent-episodes` random episodes of every benchmark, then the workers are
forked (`start_method="fork"`) and start with copies of its caches (the run records how many entries).

Speedup is a mode's steps/s at n_envs over its n_envs = 1 run; efficiency is speedup / n_envs. Writes `--out`
(JSON, after every run: a run killed midway keeps the finished ones) and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import subprocess
import sys
import time
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BENCHMARKS = ("benchmark://lift/mm/small", "benchmark://lift/stencil2d/small", "benchmark://lift/gemv/small",
              "benchmark://lift/asum/small", "benchmark://generated-v1/ewise-00001",
              "benchmark://generated-v1/reduce-00002", "benchmark://generated-v1/stencil2d-00003",
              "benchmark://generated-v1/contract-00004")  # generated-v1: train-split programs
QUICK_BENCHMARKS = ("benchmark://lift/asum/small", "benchmark://lift/stencil2d/small",
                    "benchmark://generated-v1/ewise-00001")
ONE_THREAD = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
STEPS = ("warmup_steps", "env_steps", "n_steps", "batch_size", "n_epochs", "warmup_rollouts", "rollouts")
DEFAULTS = {"warmup_steps": 32, "env_steps": 64, "n_steps": 64, "batch_size": 64, "n_epochs": 4,
            "warmup_rollouts": 1, "rollouts": 2}
QUICK = {"warmup_steps": 4, "env_steps": 8, "n_steps": 8, "batch_size": 8, "n_epochs": 2, "warmup_rollouts": 1,
         "rollouts": 1}


# --- one run, in its own process --------------------------------------------------------------------------------
def experiment(spec: dict):
    """The ExperimentConfig of a run: the project's defaults with the run's envs, analytical reward and PPO sizes."""
    from agents.config import EnvConfig, ExperimentConfig, RewardSection, TrainConfig

    env = EnvConfig(benchmarks=tuple(spec["benchmarks"]), sampling="random", n_envs=spec["n_envs"],
                    vec_env="subproc")
    train = replace(TrainConfig(), n_steps=spec["n_steps"], batch_size=spec["batch_size"],
                    n_epochs=spec["n_epochs"], seed=spec["seed"], torch_threads=1)
    return ExperimentConfig(name="vec_env_speed", env=env, reward=RewardSection(source="analytical"), train=train)


def cache_entries() -> tuple[int, int]:
    """(memoised functions, their entries) in this process's compiler and lift_gym modules."""
    funcs = entries = 0
    for name, mod in list(sys.modules.items()):
        if not name.startswith(("compiler.", "lift_gym.")) or mod is None:
            continue
        for obj in list(vars(mod).values()):
            info = getattr(obj, "cache_info", None)
            if callable(info) and getattr(obj, "__module__", None) == name:
                funcs += 1
                entries += info().currsize
    return funcs, entries


def warm_parent(cfg, episodes: int, seed: int) -> int:
    """Random masked episodes of every benchmark in this process (its caches fill); returns the steps taken."""
    import numpy as np

    from agents.envs import make_env

    rng, steps = np.random.default_rng(seed), 0
    for uri in cfg.env.benchmarks:
        env = make_env(cfg.env, cfg.reward, [uri])()
        for ep in range(episodes):
            env.reset(seed=seed + ep)
            done = False
            while not done:
                _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
                steps, done = steps + 1, term or trunc
        env.close()
    return steps


def random_steps(venv, steps_per_env: int, rng) -> tuple[float, int]:
    """`steps_per_env` masked random steps of every sub-env: (wall seconds, episodes finished)."""
    import numpy as np
    from sb3_contrib.common.maskable.utils import get_action_masks

    t0, episodes = time.perf_counter(), 0
    for _ in range(steps_per_env):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in get_action_masks(venv)])
        _, _, dones, _ = venv.step(actions)
        episodes += int(dones.sum())
    return time.perf_counter() - t0, episodes


def rollout_timer():
    """An SB3 callback adding up the wall time of the rollouts (the rest of `learn` is the updates)."""
    from stable_baselines3.common.callbacks import BaseCallback

    class RolloutTimer(BaseCallback):
        def __init__(self):
            super().__init__()
            self.seconds, self._t0 = 0.0, 0.0

        def _on_rollout_start(self) -> None:
            self._t0 = time.perf_counter()

        def _on_rollout_end(self) -> None:
            self.seconds += time.perf_counter() - self._t0

        def _on_step(self) -> bool:
            return True

    return RolloutTimer()


def one_run(spec: dict) -> dict:
    """Start, warm-up, env and train timings of one (mode, n_envs): see the module docstring."""
    import numpy as np
    import torch

    from agents.envs import make_vec_env
    from agents.train import build_model

    torch.set_num_threads(1)
    cfg, n, warm = experiment(spec), spec["n_envs"], spec["mode"] == "warm"
    out: dict = {"mode": spec["mode"], "n_envs": n, "vec_env": "DummyVecEnv" if n == 1 else "SubprocVecEnv"}
    if warm:
        t0 = time.perf_counter()
        out["parent_steps"] = warm_parent(cfg, spec["parent_episodes"], spec["seed"])
        out["parent_warmup_s"] = time.perf_counter() - t0
    out["parent_cache_functions"], out["parent_cache_entries"] = cache_entries()
    start_method = ("fork" if warm else None) if n > 1 else None
    t0 = time.perf_counter()
    venv = make_vec_env(cfg.env, cfg.reward, seed=spec["seed"], start_method=start_method)
    venv.reset()
    out["start_s"] = time.perf_counter() - t0
    if n > 1:  # SB3's default: forkserver where the platform has it, else spawn
        out["start_method"] = start_method or ("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    rng = np.random.default_rng(spec["seed"])
    try:
        out["warmup_s"], _ = random_steps(venv, spec["warmup_steps"], rng)
        env_s, episodes = random_steps(venv, spec["env_steps"], rng)
        out["env"] = {"steps": n * spec["env_steps"], "s": env_s, "episodes": episodes,
                      "steps_per_s": n * spec["env_steps"] / env_s}
        model = build_model(cfg, venv)
        per_rollout = n * spec["n_steps"]
        t0 = time.perf_counter()
        if spec["warmup_rollouts"]:
            model.learn(total_timesteps=spec["warmup_rollouts"] * per_rollout)
        out["train_warmup_s"] = time.perf_counter() - t0
        timer = rollout_timer()
        t0 = time.perf_counter()
        model.learn(total_timesteps=spec["rollouts"] * per_rollout, callback=timer,
                    reset_num_timesteps=not spec["warmup_rollouts"])
        train_s = time.perf_counter() - t0
        steps = spec["rollouts"] * per_rollout
        out["train"] = {"steps": steps, "s": train_s, "rollout_s": timer.seconds, "update_s": train_s - timer.seconds,
                        "steps_per_s": steps / train_s}
    finally:
        venv.close()
    return out


# --- the sweep: one process per run, the table ------------------------------------------------------------------
def child(spec: dict, timeout_s: float) -> dict:
    """`one_run(spec)` in a fresh interpreter (torch and BLAS on one thread); an error or a time-out is recorded."""
    env = {**os.environ, **ONE_THREAD, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT),
                                                                                  os.environ.get("PYTHONPATH"))))}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--run", json.dumps(spec)]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {"mode": spec["mode"], "n_envs": spec["n_envs"], "error": f"timed out after {timeout_s:.0f} s"}
    lines = p.stdout.strip().splitlines()
    if p.returncode != 0 or not lines:
        tail = (p.stderr.strip().splitlines() or ["no output"])[-1]
        return {"mode": spec["mode"], "n_envs": spec["n_envs"], "error": f"exit {p.returncode}: {tail}"}
    return {**json.loads(lines[-1]), "process_s": time.perf_counter() - t0}


def add_ratios(runs: list[dict]) -> None:
    """Speedup over the mode's n_envs = 1 run and efficiency (speedup / n_envs), for env and train."""
    base = {(r["mode"], k): r[k]["steps_per_s"] for r in runs if r.get("n_envs") == 1 and "error" not in r
            for k in ("env", "train")}
    for r in runs:
        for k in ("env", "train"):
            b = base.get((r["mode"], k))
            if "error" not in r and b:
                r[k]["speedup"] = r[k]["steps_per_s"] / b
                r[k]["efficiency"] = r[k]["speedup"] / r["n_envs"]


def _ratio(timing: dict) -> str:
    """"speedup | efficiency" cells, or dashes without the mode's n_envs = 1 run."""
    if "speedup" not in timing:
        return "- | -"
    return f"{timing['speedup']:.2f}x | {timing['efficiency']:.2f}"


def table(result: dict) -> str:
    """The runs as a Markdown table (mode, then n_envs), and what each warm parent held before the fork."""
    rows = ["| mode | n_envs | start s | warm-up s | env steps/s | env speedup | env eff. | train steps/s "
            "| train speedup | train eff. | rollout s | update s | run s |", "|---|---:|" + "---:|" * 11]
    runs = sorted(result["runs"], key=lambda r: (r["mode"] != "cold", r["n_envs"]))
    for r in runs:
        if "error" in r:
            rows.append(f"| {r['mode']} | {r['n_envs']} | {r['error']} |" + " |" * 10)
            continue
        e, t = r["env"], r["train"]
        rows.append(f"| {r['mode']} | {r['n_envs']} | {r['start_s']:.2f} | {r['warmup_s']:.2f} | "
                    f"{e['steps_per_s']:.1f} | {_ratio(e)} | {t['steps_per_s']:.1f} | {_ratio(t)} | "
                    f"{t['rollout_s']:.2f} | {t['update_s']:.2f} | {r['process_s']:.0f} |")
    notes = [f"warm parent before n_envs={r['n_envs']}: {r['parent_steps']} steps in {r['parent_warmup_s']:.1f} s, "
             f"then {r['parent_cache_entries']} entries in {r['parent_cache_functions']} memoised functions"
             for r in runs if r["mode"] == "warm" and "error" not in r]
    return "\n".join([*rows, "", *notes])


def cpu_name() -> str:
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return platform.processor() or platform.machine()
    return next((ln.split(":", 1)[1].strip() for ln in lines if ln.startswith("model name")), platform.machine())


def parse_n_envs(text: str) -> list[int]:
    try:
        ns = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise SystemExit(f"--n-envs: {text!r} is not a comma-separated list of integers") from None
    if not ns or min(ns) < 1:
        raise SystemExit(f"--n-envs: {text!r} needs integers >= 1")
    return ns


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", help=argparse.SUPPRESS)  # one run's spec (JSON), in the child process
    ap.add_argument("--out", default="vec_env_speed.json", help="the JSON written (after every run)")
    ap.add_argument("--quick", action="store_true", help="the smoke: n_envs 1,2, three benchmarks, few steps")
    ap.add_argument("--warm-parent", action="store_true", help="also the mode 'warm': workers forked from a parent "
                    "that played every benchmark first")
    ap.add_argument("--parent-episodes", type=int, default=1, help="episodes per benchmark the warm parent plays")
    ap.add_argument("--n-envs", default=None, help="comma-separated (default 1,2,4,8,16 up to the cores; quick: 1,2)")
    ap.add_argument("--benchmarks", nargs="+", default=None)
    for k in STEPS:
        ap.add_argument("--" + k.replace("_", "-"), type=int, default=None, help=f"default {DEFAULTS[k]} "
                        f"(quick: {QUICK[k]})")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout-s", type=float, default=600.0, help="per run")
    ap.add_argument("--budget-s", type=float, default=0.0, help="wall seconds for all runs (0: no limit); a run "
                    "is cut at the budget and the runs after it are recorded as not run")
    a = ap.parse_args(argv)
    if a.run:
        print(json.dumps(one_run(json.loads(a.run))))
        return
    cores = os.cpu_count() or 1
    ns = parse_n_envs(a.n_envs) if a.n_envs else ([1, 2] if a.quick else [n for n in (1, 2, 4, 8, 16) if n <= cores])
    sizes = {k: getattr(a, k) if getattr(a, k) is not None else (QUICK if a.quick else DEFAULTS)[k] for k in STEPS}
    for k in ("env_steps", "n_steps", "rollouts"):
        if sizes[k] < 1:
            raise SystemExit(f"--{k.replace('_', '-')}: expected an integer >= 1, got {sizes[k]}")
    benchmarks = list(a.benchmarks or (QUICK_BENCHMARKS if a.quick else BENCHMARKS))
    modes = ["cold", "warm"] if a.warm_parent else ["cold"]
    result = {"command": " ".join(["python3", "scripts/vec_env_speed.py", *sys.argv[1:]]),
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cpu_count": cores,
              "cpu": cpu_name(), "python": platform.python_version(),
              "torch": version("torch"), "sb3_contrib": version("sb3-contrib"), "benchmarks": benchmarks,
              "reward": "analytical", **sizes, "seed": a.seed, "load_before": os.getloadavg(), "runs": []}
    t0 = time.perf_counter()
    for n in ns:  # both modes of one n_envs next to each other: a budget cut leaves pairs, the largest n_envs out
        for mode in modes:
            left = a.budget_s - (time.perf_counter() - t0) if a.budget_s else a.timeout_s
            if left < 1:
                r = {"mode": mode, "n_envs": n, "error": f"not run: --budget-s {a.budget_s:.0f} spent"}
            else:
                spec = {"mode": mode, "n_envs": n, "benchmarks": benchmarks, "seed": a.seed,
                        "parent_episodes": a.parent_episodes, **sizes}
                r = child(spec, min(a.timeout_s, left))
            result["runs"].append(r)
            add_ratios(result["runs"])
            result["load_after"], result["wall_s"] = os.getloadavg(), time.perf_counter() - t0
            Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
            print(f"{mode} n_envs={n}: " + (r["error"] if "error" in r else
                  f"env {r['env']['steps_per_s']:.1f} steps/s, train {r['train']['steps_per_s']:.1f} steps/s, "
                  f"{r['process_s']:.0f} s"), file=sys.stderr, flush=True)
    print(table(result))


if __name__ == "__main__":
    main()
