"""`evaluate(policy, benchmarks, budget, baselines)`: a trained policy against the search baselines, at equal
numbers of evaluations, on chosen benchmarks.

The policy searches by playing episodes in a LiftGym env (the first with its most likely actions, the rest
sampled from its masked distribution, through sb3-contrib's masked `evaluate_policy`); each baseline runs
`agents.search.search`. Every method gets the same budget of evaluations (distinct complete programs whose
reward the source computes, see agents/search.py) on each benchmark, with the same reward source and the same
env shape (max_rewrites, max_nodes, n_slots from the policy's run manifest). Reported per benchmark and method:
the best speedup over the default lowering, the evaluations needed to reach 90% of the best throughput found by
any method on that benchmark, and the wall-clock seconds; then per method the geometric mean of the best
speedups, how many benchmarks reached 90%, and the mean evaluations to get there.

Outputs in `out_dir`: `evaluate.json` (everything, with every trial), `best_so_far.png` (matplotlib) or
`best_so_far.svg`, and the best episode of each method and benchmark under `episodes/` (replayable).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium as gym

from compiler.lowering.stages import canonical_uri
from lift_gym.episode import env_version
from lift_gym.rewards import RewardConfig

from .config import EnvConfig, config_from_dict
from .envs import make_env
from .plot import plot_best_so_far
from .runs import find_run, write_json, write_text
from .search import STRATEGIES, Evaluator, SearchResult, search
from .untrusted import load_maskable_ppo

TARGET = 0.9  # fraction of the best throughput found by anyone


class EpisodeRecorder(gym.Wrapper):
    """Puts the finished episode's state and record into `info["lift_episode"]` at the terminal step."""

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated:
            env = self.env.unwrapped
            info["lift_episode"] = (env.state, env.episode_state())
        return obs, reward, terminated, truncated, info


@dataclass
class Policy:
    """A loaded MaskablePPO with the env shape it was trained on and the benchmarks it saw."""

    model: Any
    path: Path
    env: EnvConfig
    trained_on: tuple[str, ...]
    notes: tuple[str, ...] = ()
    env_version: str | None = None  # lift_gym.episode.env_version() when it was trained (from the run manifest)


def load_policy(path: str | Path, device: str = "cpu", *, trusted: bool = False) -> Policy:
    """A run folder (its final model or last checkpoint), its manifest, or a model zip.

    Nothing pickled in the zip is unpickled (agents.untrusted) unless `trusted`; a bare zip needs `trusted`."""
    manifest, model_path = find_run(path)
    if model_path is None:
        raise FileNotFoundError(f"{path}: the run has no complete checkpoint or final model yet")
    cfg = config_from_dict(manifest.data["config"], source=str(manifest.path)) if manifest is not None else None
    model = load_maskable_ppo(model_path, cfg, trusted=trusted, device=device)
    notes: list[str] = []
    version = None
    if manifest is not None:
        assert cfg is not None
        env, trained = cfg.env, cfg.env.benchmarks
        version = manifest.data.get("versions", {}).get("env")
    else:
        space = model.observation_space
        env = EnvConfig(max_nodes=int(space["nodes"].shape[0]), n_slots=int(space["slots"].shape[0]))
        trained = ()
        notes.append(f"{model_path} has no run manifest: max_rewrites = {env.max_rewrites} assumed")
    return Policy(model, Path(model_path), env, tuple(trained), tuple(notes), version)


def policy_search(policy: Policy, uri: str, budget: int, *, seed: int = 0,
                  reward: RewardConfig | None = None) -> SearchResult:
    """Play the policy on `uri` until `budget` distinct kernels are evaluated (or 50 x budget + 100 episodes)."""
    # sb3_contrib and stable_baselines3 load torch: imported only to play a trained policy
    from sb3_contrib.common.maskable.evaluation import evaluate_policy
    from stable_baselines3.common.vec_env import DummyVecEnv

    reward = reward or RewardConfig()
    venv = DummyVecEnv([make_env(policy.env, reward, [uri], wrap=EpisodeRecorder)])
    if venv.observation_space != policy.model.observation_space:
        venv.close()
        raise ValueError(f"{policy.path} was trained on another observation space than the env's "
                         f"(max_nodes={policy.env.max_nodes}, n_slots={policy.env.n_slots})")
    if venv.action_space.n != policy.model.action_space.n:
        venv.close()
        raise ValueError(f"{policy.path} was trained on Discrete({policy.model.action_space.n}) actions "
                         f"({policy.env_version or 'env version not recorded'}); this env has "
                         f"Discrete({venv.action_space.n}) ({env_version()}): the rewrite rules the env offers "
                         "changed since training; retrain, or evaluate with the lift-gym version it was trained with")
    venv.seed(seed)
    policy.model.set_random_seed(seed)
    fn = venv.envs[0].unwrapped.reward_fn
    ev = Evaluator(fn, budget)
    episodes = 0

    def on_step(locals_: dict, _globals: dict) -> None:
        info = locals_["info"]
        if locals_["done"] and "lift_episode" in info:
            state, record = info["lift_episode"]
            final = info.get("final", {})
            time_s = final.get("time_s") if final.get("status") == "ok" else None
            ev.record(state, float(info["log_speedup"]), info.get("speedup"), time_s, str(info["reward_source"]),
                      lambda: record)

    notes: list[str] = []
    try:
        while not ev.exhausted and episodes < 50 * budget + 100:
            evaluate_policy(policy.model, venv, n_eval_episodes=1, deterministic=episodes == 0, callback=on_step,
                            warn=False, use_masking=True)
            episodes += 1
    finally:
        venv.close()
    if ev.count < budget:
        notes.append(f"the policy found {ev.count} distinct kernels in {episodes} episodes (budget {budget})")
    return SearchResult("policy", uri, budget, seed, reward.source, list(ev.trials), episodes,
                        time.perf_counter() - ev.t0, ev.best_record, 0, notes)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text.replace("benchmark://", "")).strip("_")


def _method_row(r: SearchResult, target: float) -> dict[str, Any]:
    b = r.best
    return {"evaluations": len(r.trials), "episodes": r.episodes, "best_reward": None if b is None else b.reward,
            "best_speedup": None if b is None else math.exp(b.reward), "best_gflops": None if b is None else b.gflops,
            "evals_to_target": r.evals_to_reach(target), "wall_s": round(r.wall_s, 3)}


def evaluate(policy: str | Path | None, benchmarks: Sequence[str], budget: int, baselines: Sequence[str], *,
             seed: int = 0, reward: RewardConfig | None = None, out_dir: str | Path = "evaluation",
             search_options: dict | None = None, log: Callable[[str], None] = print,
             trusted: bool = False) -> dict[str, Any]:
    """Compare `policy` (None: baselines only) with `baselines` on each benchmark; write and return the report.

    Args:
        policy: a run folder, manifest or model zip.
        benchmarks: benchmark URIs.
        budget: evaluations per method and benchmark.
        baselines: strategies of agents.search (random, greedy, beam, knn).
        seed: seeds every method.
        reward: the reward source of every evaluation (default: lift_gym's default).
        out_dir: where evaluate.json, the plot and the episodes go.
        search_options: extra keyword arguments of `agents.search.search` (width, beam_width, ...).
        log: progress lines.
        trusted: unpickle the policy zip as it is (see agents.untrusted), for a zip this package cannot rebuild.
    """
    unknown = [b for b in baselines if b not in STRATEGIES]
    if unknown:
        raise ValueError(f"unknown baseline(s) {', '.join(unknown)}; baselines: {', '.join(STRATEGIES)}")
    reward = reward or RewardConfig()
    out = Path(out_dir)
    pol = load_policy(policy, trusted=trusted) if policy is not None else None
    shape = pol.env if pol is not None else EnvConfig()
    trained = {canonical_uri(u) for u in pol.trained_on} if pol is not None else set()
    rows, panels = [], {}
    for uri in benchmarks:
        results: dict[str, SearchResult] = {}
        if pol is not None:
            results["policy"] = policy_search(pol, uri, budget, seed=seed, reward=reward)
            log(_progress(uri, results["policy"]))
        for name in baselines:
            results[name] = search(uri, name, budget, seed=seed, reward=reward, max_rewrites=shape.max_rewrites,
                                   max_nodes=shape.max_nodes, n_slots=shape.n_slots, **(search_options or {}))
            log(_progress(uri, results[name]))
        best = max((t.reward for r in results.values() for t in r.trials), default=-math.inf)
        target = best + math.log(TARGET)
        row = {"benchmark": uri, "trained_on": None if pol is None else canonical_uri(uri) in trained,
               "best_reward": best, "best_speedup": math.exp(best) if math.isfinite(best) else None,
               "target_reward": target, "methods": {}}
        for name, r in results.items():
            row["methods"][name] = {**_method_row(r, target), "notes": r.notes,
                                    "curve": r.curve(), "trials": [t.to_dict() for t in r.trials]}
            if r.best_record is not None:
                path = out / "episodes" / f"{_slug(uri)}-{name}.json"
                write_text(path, r.best_record.to_json() + "\n")
                row["methods"][name]["episode"] = str(path)
        rows.append(row)
        panels[uri] = {name: [math.exp(v) for v in r.curve()] for name, r in results.items()}
    report = {"budget": budget, "seed": seed, "reward_source": reward.source, "target_fraction": TARGET,
              "policy": None if pol is None else str(pol.path), "policy_notes": [] if pol is None else list(pol.notes),
              "trained_on": [] if pol is None else list(pol.trained_on), "benchmarks": rows,
              "summary": summarize(rows)}
    report["plot"] = str(plot_best_so_far(panels, out / "best_so_far"))
    write_json(out / "evaluate.json", report)
    return report


def _progress(uri: str, r: SearchResult) -> str:
    b = r.best
    best = "no evaluation" if b is None else f"best speedup {math.exp(b.reward):.3f}x"
    return f"{uri}  {r.strategy:7s} {len(r.trials):4d} evaluations  {best}  ({r.wall_s:.1f} s)"


def summarize(rows: list[dict]) -> dict[str, dict[str, Any]]:
    """Per method: geomean of the best speedups, benchmarks that reached the target, mean evaluations to it."""
    out: dict[str, dict[str, Any]] = {}
    names = [n for row in rows for n in row["methods"]]
    for name in dict.fromkeys(names):
        ms = [row["methods"][name] for row in rows if name in row["methods"]]
        logs = [m["best_reward"] for m in ms if m["best_reward"] is not None]
        reached = [m["evals_to_target"] for m in ms if m["evals_to_target"] is not None]
        out[name] = {"geomean_best_speedup": math.exp(sum(logs) / len(logs)) if logs else None,
                     "reached_target": f"{len(reached)}/{len(ms)}",
                     "mean_evals_to_target": sum(reached) / len(reached) if reached else None,
                     "wall_s": round(sum(m["wall_s"] for m in ms), 3)}
    return out


def table(report: dict[str, Any]) -> str:
    """The report as a text table (one line per benchmark and method, then the summary)."""
    pct = int(report["target_fraction"] * 100)
    lines = [f"{'benchmark':40s} {'method':8s} {'evals':>5s} {'best speedup':>12s} {'GFLOP/s':>9s} "
             f"{f'evals to {pct}%':>12s} {'wall s':>8s}"]
    for row in report["benchmarks"]:
        label = row["benchmark"] + (" (trained)" if row["trained_on"] else "")
        for name, m in row["methods"].items():
            sp = "-" if m["best_speedup"] is None else f"{m['best_speedup']:.3f}x"
            gf = "-" if m["best_gflops"] is None else f"{m['best_gflops']:.3g}"
            reach = "-" if m["evals_to_target"] is None else str(m["evals_to_target"])
            lines.append(f"{label:40s} {name:8s} {m['evaluations']:5d} {sp:>12s} {gf:>9s} {reach:>12s} "
                         f"{m['wall_s']:8.1f}")
            label = ""
    lines.append("")
    lines.append(f"{'summary':40s} {'method':8s} {'geomean speedup':>15s} {f'reached {pct}%':>12s} "
                 f"{'mean evals':>10s} {'wall s':>8s}")
    for name, s in report["summary"].items():
        g = "-" if s["geomean_best_speedup"] is None else f"{s['geomean_best_speedup']:.3f}x"
        me = "-" if s["mean_evals_to_target"] is None else f"{s['mean_evals_to_target']:.1f}"
        lines.append(f"{'':40s} {name:8s} {g:>15s} {s['reached_target']:>12s} {me:>10s} {s['wall_s']:8.1f}")
    return "\n".join(lines)


__all__ = ["EpisodeRecorder", "Policy", "evaluate", "load_policy", "policy_search", "summarize", "table"]
