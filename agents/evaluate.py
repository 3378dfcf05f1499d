"""`evaluate(policy, benchmarks, budget, baselines, seeds=...)`: a trained policy against the search baselines, at
equal numbers of evaluations, on chosen benchmarks, over several seeds.

The policy searches by playing episodes in a LiftGym env (the first with its most likely actions, the rest
sampled from its masked distribution, through sb3-contrib's masked `evaluate_policy`); each baseline runs
`agents.search.search`. Every method gets the same budget of evaluations (distinct complete programs whose
reward the source computes, see agents/search.py) on each benchmark and seed, with the same reward source and
the same env shape (max_rewrites, max_nodes, n_slots from the policy's run manifest).

One run per method, benchmark and seed, of the largest budget; each smaller budget reported (8, 16, 32 by
default) is read from the first evaluations of that run (its best-so-far curve), so runs are not repeated per
budget. Reported per benchmark and method: the geometric mean over seeds of the best speedup over the default
lowering, the best of any seed, and how many runs reached 90% of the best throughput known on that benchmark
(the best found by any method and seed) with the mean evaluations they needed. Per method and budget, over all
runs (benchmarks x seeds): the geometric-mean best speedup, its ratio to the reference method's (random search)
over the same runs with a 95% percentile bootstrap interval (runs resampled, scipy.stats.bootstrap), and the
runs that reached 90%.

Outputs in `out_dir`: `evaluate.json` (everything, with every trial of every run), `best_so_far.png`
(matplotlib) or `best_so_far.svg` (the geometric mean over seeds of each method's best-so-far curve), and the
best episode of each method and benchmark under `episodes/` (replayable).
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
import numpy as np
from scipy import stats

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
STALL = 4  # policy_search stops after budget / STALL + 8 episodes in a row without a new kernel
BUDGETS = (8, 16, 32)  # the budgets reported (those not above the run budget), read from one run per seed


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
    """Play the policy on `uri` until `budget` distinct kernels are evaluated, or 50 x budget + 100 episodes, or
    budget / STALL + 8 episodes in a row found no new kernel (a converged policy repeats its kernels, and a
    template's kernel is compiled anew by every episode that reaches it)."""
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
    idle = 0  # episodes since the last new kernel
    try:
        while not ev.exhausted and episodes < 50 * budget + 100 and idle < budget // STALL + 8:
            before = ev.count
            evaluate_policy(policy.model, venv, n_eval_episodes=1, deterministic=episodes == 0, callback=on_step,
                            warn=False, use_masking=True)
            episodes += 1
            idle = 0 if ev.count > before else idle + 1
    finally:
        venv.close()
    if ev.count < budget:
        notes.append(f"the policy found {ev.count} distinct kernels in {episodes} episodes (budget {budget}; "
                     f"the last {idle} found none)")
    return SearchResult("policy", uri, budget, seed, reward.source, list(ev.trials), episodes,
                        time.perf_counter() - ev.t0, ev.best_record, 0, notes)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text.replace("benchmark://", "")).strip("_")


def _best_at(curve: Sequence[float], budget: int) -> float | None:
    """The best reward within the first `budget` evaluations of a best-so-far curve (None: no evaluation).
    A run of budget 32 gives every smaller budget's result: its first `budget` evaluations are that run."""
    return curve[min(budget, len(curve)) - 1] if curve else None


def _evals_to(curve: Sequence[float], reward: float) -> int | None:
    return next((i + 1 for i, r in enumerate(curve) if r >= reward - 1e-12), None)


def ratio_interval(log_ratios: Sequence[float], *, confidence: float = 0.95, n_resamples: int = 2000,
                   seed: int = 0) -> tuple[float, float | None, float | None]:
    """exp(mean) of paired log ratios (the ratio of two geometric means over the same runs) and its percentile
    bootstrap interval (scipy.stats.bootstrap, runs resampled with replacement); no interval under two runs."""
    d = np.asarray(log_ratios, dtype=float)
    if d.size == 0:
        raise ValueError("a ratio needs at least one paired run")
    point = float(np.exp(d.mean()))
    if d.size < 2:
        return point, None, None
    if np.ptp(d) == 0.0:  # every run gives the same ratio: the interval is that point
        return point, point, point
    res = stats.bootstrap((d,), np.mean, confidence_level=confidence, n_resamples=n_resamples,
                          method="percentile", random_state=np.random.default_rng(seed))
    return point, float(np.exp(res.confidence_interval.low)), float(np.exp(res.confidence_interval.high))


def default_budgets(budget: int) -> tuple[int, ...]:
    """The budgets reported for runs of `budget` evaluations: 8, 16 and 32 where not above it, and `budget`."""
    return tuple(sorted({b for b in BUDGETS if b <= budget} | {budget}))


def _run_row(r: SearchResult, target: float) -> dict[str, Any]:
    b = r.best
    return {"seed": r.seed, "evaluations": len(r.trials), "episodes": r.episodes,
            "best_reward": None if b is None else b.reward, "best_speedup": None if b is None else math.exp(b.reward),
            "best_gflops": None if b is None else b.gflops, "evals_to_target": r.evals_to_reach(target),
            "wall_s": round(r.wall_s, 3), "notes": r.notes, "curve": r.curve(),
            "trials": [t.to_dict() for t in r.trials]}


def _method_row(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """A method on one benchmark over its seeds: the best found by any seed, the geomean of each seed's best."""
    logs = [x["best_reward"] for x in runs if x["best_reward"] is not None]
    best = max(runs, key=lambda x: -math.inf if x["best_reward"] is None else x["best_reward"])
    reached = [x["evals_to_target"] for x in runs if x["evals_to_target"] is not None]
    return {"runs": runs, "seeds": len(runs), "evaluations": max(x["evaluations"] for x in runs),
            "best_reward": best["best_reward"], "best_speedup": best["best_speedup"],
            "best_gflops": best["best_gflops"],
            "geomean_best_speedup": math.exp(sum(logs) / len(logs)) if logs else None,
            "reached_target": len(reached), "evals_to_target": min(reached) if reached else None,
            "mean_evals_to_target": sum(reached) / len(reached) if reached else None,
            "wall_s": round(sum(x["wall_s"] for x in runs), 3)}


def evaluate(policy: str | Path | None, benchmarks: Sequence[str], budget: int, baselines: Sequence[str], *,
             seed: int = 0, seeds: Sequence[int] | None = None, budgets: Sequence[int] | None = None,
             reference: str = "random", reward: RewardConfig | None = None, out_dir: str | Path = "evaluation",
             search_options: dict | None = None, log: Callable[[str], None] = print,
             trusted: bool = False) -> dict[str, Any]:
    """Compare `policy` (None: baselines only) with `baselines` on each benchmark over seeds; write and return
    the report.

    Args:
        policy: a run folder, manifest or model zip.
        benchmarks: benchmark URIs.
        budget: evaluations per run (method, benchmark and seed).
        baselines: strategies of agents.search (random, greedy, beam, knn, presets).
        seed: the seed of a single run per method and benchmark (when `seeds` is None).
        seeds: one run per seed of each method on each benchmark.
        budgets: the budgets reported, each read from the first evaluations of the runs of `budget`
            (default: 8, 16 and 32 where not above `budget`, and `budget`).
        reference: the method every other one is compared with (ratio of geometric means, bootstrap interval).
        reward: the reward source of every evaluation (default: lift_gym's default).
        out_dir: where evaluate.json, the plot and the episodes go.
        search_options: extra keyword arguments of `agents.search.search` (width, beam_width, model, ...).
        log: progress lines.
        trusted: unpickle the policy zip as it is (see agents.untrusted), for a zip this package cannot rebuild.
    """
    unknown = [b for b in baselines if b not in STRATEGIES]
    if unknown:
        raise ValueError(f"unknown baseline(s) {', '.join(unknown)}; baselines: {', '.join(STRATEGIES)}")
    seeds = tuple(seeds) if seeds is not None else (seed,)
    if not seeds:
        raise ValueError("seeds: name at least one seed")
    budgets = tuple(sorted(set(budgets))) if budgets is not None else default_budgets(budget)
    if not budgets or budgets[0] < 1 or budgets[-1] > budget:
        raise ValueError(f"budgets {list(budgets)}: each must be between 1 and the run budget {budget}")
    reward = reward or RewardConfig()
    out = Path(out_dir)
    pol = load_policy(policy, trusted=trusted) if policy is not None else None
    shape = pol.env if pol is not None else EnvConfig()
    trained = {canonical_uri(u) for u in pol.trained_on} if pol is not None else set()
    rows, panels = [], {}
    for uri in benchmarks:
        results: dict[str, list[SearchResult]] = {}
        for sd in seeds:
            if pol is not None:
                r = policy_search(pol, uri, budget, seed=sd, reward=reward)
                results.setdefault("policy", []).append(r)
                log(_progress(uri, r))
            for name in baselines:
                r = search(uri, name, budget, seed=sd, reward=reward, max_rewrites=shape.max_rewrites,
                           max_nodes=shape.max_nodes, n_slots=shape.n_slots, **(search_options or {}))
                results.setdefault(name, []).append(r)
                log(_progress(uri, r))
        best = max((t.reward for rs in results.values() for r in rs for t in r.trials), default=-math.inf)
        target = best + math.log(TARGET)
        row = {"benchmark": uri, "trained_on": None if pol is None else canonical_uri(uri) in trained,
               "best_reward": best, "best_speedup": math.exp(best) if math.isfinite(best) else None,
               "target_reward": target, "methods": {}}
        for name, rs in results.items():
            row["methods"][name] = _method_row([_run_row(r, target) for r in rs])
            top = max((r for r in rs if r.best is not None), key=lambda r: r.best.reward, default=None)
            if top is not None and top.best_record is not None:
                path = out / "episodes" / f"{_slug(uri)}-{name}.json"
                write_text(path, top.best_record.to_json() + "\n")
                row["methods"][name]["episode"] = str(path)
        rows.append(row)
        panels[uri] = {name: _mean_curve([r.curve() for r in rs], budget) for name, rs in results.items()}
    report = {"budget": budget, "budgets": list(budgets), "seeds": list(seeds), "seed": seeds[0],
              "reference": reference, "reward_source": reward.source, "target_fraction": TARGET,
              "policy": None if pol is None else str(pol.path), "policy_notes": [] if pol is None else list(pol.notes),
              "trained_on": [] if pol is None else list(pol.trained_on), "benchmarks": rows,
              "summary": summarize(rows, budgets, reference)}
    report["plot"] = str(plot_best_so_far(panels, out / "best_so_far"))
    write_json(out / "evaluate.json", report)
    return report


def _mean_curve(curves: list[list[float]], budget: int) -> list[float]:
    """The geometric mean over seeds of the best-so-far speedup after each evaluation (a curve that stopped
    early keeps its last value)."""
    curves = [c for c in curves if c]
    n = min(budget, max((len(c) for c in curves), default=0))
    return [math.exp(sum(c[min(i, len(c) - 1)] for c in curves) / len(curves)) for i in range(n)]


def _progress(uri: str, r: SearchResult) -> str:
    b = r.best
    best = "no evaluation" if b is None else f"best speedup {math.exp(b.reward):.3f}x"
    return f"{uri}  {r.strategy:7s} seed {r.seed:<3d} {len(r.trials):4d} evaluations  {best}  ({r.wall_s:.1f} s)"


def _cells(rows: list[dict], name: str, budget: int) -> dict[tuple[str, int], float]:
    """(benchmark, seed) -> the method's best reward within `budget` evaluations of that run."""
    out = {}
    for row in rows:
        for run in row["methods"].get(name, {}).get("runs", []):
            v = _best_at(run["curve"], budget)
            if v is not None:
                out[(row["benchmark"], run["seed"])] = v
    return out


def summarize(rows: list[dict], budgets: Sequence[int] | None = None,
              reference: str = "random") -> dict[str, dict[str, Any]]:
    """Per method, at each budget (from the runs' first evaluations): the geometric mean over runs (benchmarks x
    seeds) of the best speedup, its ratio to `reference`'s over the same runs with a 95% bootstrap interval, and
    the runs that reached 90% of the best known on their benchmark with the mean evaluations they needed. The
    method's top-level keys are those of the largest budget."""
    names = list(dict.fromkeys(n for row in rows for n in row["methods"]))
    if budgets is None:
        budgets = (max((len(run["curve"]) for row in rows for m in row["methods"].values() for run in m["runs"]),
                       default=1),)
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        per: dict[str, dict[str, Any]] = {}
        for b in budgets:
            cells, ref = _cells(rows, name, b), _cells(rows, reference, b)
            runs = [(row, run) for row in rows for run in row["methods"].get(name, {}).get("runs", [])]
            reached = [e for row, run in runs
                       if (e := _evals_to(run["curve"][:b], row["target_reward"])) is not None]
            s: dict[str, Any] = {
                "geomean_best_speedup": math.exp(sum(cells.values()) / len(cells)) if cells else None,
                "runs": len(runs), "reached": len(reached), "reached_target": f"{len(reached)}/{len(runs)}",
                "mean_evals_to_target": sum(reached) / len(reached) if reached else None,
                "ratio": None, "ci_low": None, "ci_high": None}
            paired = [cells[k] - ref[k] for k in cells if k in ref]
            if name != reference and paired:
                s["ratio"], s["ci_low"], s["ci_high"] = ratio_interval(paired)
            per[str(b)] = s
        top = per[str(budgets[-1])]
        wall = sum(row["methods"][name]["wall_s"] for row in rows if name in row["methods"])
        out[name] = {**top, "wall_s": round(wall, 3), "budgets": per}
    return out


def _fmt(v: float | None, spec: str = ".3f", suffix: str = "x") -> str:
    return "-" if v is None else f"{v:{spec}}{suffix}"


def table(report: dict[str, Any]) -> str:
    """The report as text: per benchmark and method (over the seeds, at the run budget), then per budget and
    method the geometric mean, the ratio to the reference with its 95% bootstrap interval and the runs that
    reached 90% of the best known."""
    pct = int(report["target_fraction"] * 100)
    seeds, ref = report.get("seeds", [report.get("seed", 0)]), report.get("reference", "random")
    budgets = report.get("budgets", [report["budget"]])
    lines = [f"{report['budget']} evaluations per run, {len(seeds)} seed(s) per method and benchmark, "
             f"{report['reward_source']} reward",
             f"{'benchmark':40s} {'method':8s} {'geomean best':>12s} {'best':>8s} {'GFLOP/s':>9s} "
             f"{f'reached {pct}%':>11s} {'mean evals':>10s} {'wall s':>8s}"]
    for row in report["benchmarks"]:
        label = row["benchmark"] + (" (trained)" if row["trained_on"] else "")
        for name, m in row["methods"].items():
            gf = "-" if m["best_gflops"] is None else f"{m['best_gflops']:.3g}"
            reached = f"{m['reached_target']}/{m['seeds']}"
            lines.append(f"{label:40s} {name:8s} {_fmt(m['geomean_best_speedup']):>12s} {_fmt(m['best_speedup']):>8s} "
                         f"{gf:>9s} {reached:>11s} {_fmt(m['mean_evals_to_target'], '.1f', ''):>10s} "
                         f"{m['wall_s']:8.1f}")
            label = ""
    lines.append("")
    lines.append(f"{'summary over benchmarks x seeds':40s} {'method':8s} {'budget':>6s} {'geomean':>8s} "
                 f"{f'vs {ref} [95% CI]':>26s} {f'reached {pct}%':>11s} {'mean evals':>10s}")
    for b in budgets:
        for name, s in report["summary"].items():
            p = s.get("budgets", {}).get(str(b), s)
            if p.get("ratio") is None:
                vs = "-" if name != ref else "1 (reference)"
            else:
                vs = f"{p['ratio']:.3f}x [{_fmt(p['ci_low'])}, {_fmt(p['ci_high'])}]"
            lines.append(f"{'':40s} {name:8s} {b:6d} {_fmt(p['geomean_best_speedup']):>8s} {vs:>26s} "
                         f"{p['reached_target']:>11s} {_fmt(p['mean_evals_to_target'], '.1f', ''):>10s}")
    return "\n".join(lines)


__all__ = ["BUDGETS", "EpisodeRecorder", "Policy", "default_budgets", "evaluate", "load_policy", "policy_search",
           "ratio_interval", "summarize", "table"]
