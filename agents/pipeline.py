"""`lift-gym pipeline`: the whole job in one resumable command (measure, fit, train, evaluate).

    lift-gym pipeline                                  # configs/pipeline.yaml, run folder runs/pipeline
    lift-gym pipeline --config my.yaml --out runs/x    # another preset or folder; rerun the same line to resume

Stages, each with a progress bar, each resumable (a killed run restarts from what is on disk, nothing lost):

1. **measure**: `pipeline.measure_per_benchmark` distinct random valid programs of each of
   `pipeline.measure_benchmarks` (default: `env.benchmarks`) are measured on the OpenCL device (PoCL without a
   GPU) by `agents.search`'s random strategy with the measured reward, then `pipeline.measure_presets` more by
   its presets strategy (the named lowerings and their tuning neighbours); every result goes to the sqlite
   store as it is measured. A rerun draws the same programs (same seed) and finds them in the store.
2. **fit**: the kNN performance model (`compiler.perf.model.KnnPerfModel`) on the store's measurements of the
   device, saved to `RUN/model.npz` (written to a temporary name, then renamed).
3. **train**: MaskablePPO (`agents.train`) on predicted rewards from that model, across `env.benchmarks`, in
   `RUN/train` (checkpoints every `run.checkpoint_every` steps; a rerun resumes from the last complete one).
4. **evaluate**: the policy against `pipeline.baselines` (random valid search by default; `knn` ranks with
   `RUN/model.npz`) at equal budgets with `pipeline.eval_reward` rewards on `pipeline.eval_benchmarks`
   (benchmarks it did not train on), one run of `pipeline.eval_budget` evaluations per method, benchmark and
   seed (`pipeline.eval_seeds` seeds from `pipeline.eval_seed`), in `RUN/evaluation`; budgets 8, 16 and 32 are
   read from the runs' first evaluations (agents.evaluate). `guided` among the baselines adds the policy-guided
   search (agents.evaluate.guided_search, its neighbours ranked with `RUN/model.npz`). Each finished run is kept
   in `RUN/evaluation/runs.jsonl`, so a rerun after a kill runs only the missing ones. The table (geometric
   means, the ratio to random search with a 95% bootstrap interval, runs that reached 90% of the best known) is
   printed and written to `RUN/evaluation/table.txt`.

`RUN/pipeline.json` records the config and each finished stage. The store is `reward.store` when set, else
`RUN/measurements.sqlite` (the run is self-contained). A rerun with another config is refused: resume with the
recorded one (omit `--config`) or choose another `--out`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from compiler.perf.model import KnnPerfModel
from compiler.perf.store import MeasurementStore
from lift_gym.rewards import RewardConfig, RewardFunction

from .config import ExperimentConfig, config_from_dict, load_config
from .evaluate import EvaluationStopped, evaluate, table
from .runs import Manifest, write_json, write_text
from .search import search
from .train import train

DEFAULT_CONFIG = Path(__file__).resolve().parent.parent / "configs" / "pipeline.yaml"
STATE = "pipeline.json"
STAGES = ("measure", "fit", "train", "evaluate")
KNN_CANDIDATES = 2  # the knn baseline ranks this many random programs per evaluation of its budget

Log = Callable[[str], None]


@dataclass(frozen=True)
class PipelineResult:
    run_dir: Path
    report: dict[str, Any]
    table: str
    stage_s: dict[str, float]


class PipelineError(RuntimeError):
    """The pipeline cannot run as configured (the message names the key or the folder)."""


def _bar(total: int, desc: str, enabled: bool):
    return tqdm(total=total, desc=desc, disable=not enabled, unit="it", dynamic_ncols=True, leave=True)


class _RunState:
    """RUN/pipeline.json: the config and the stages done, rewritten atomically after each stage."""

    def __init__(self, run_dir: Path, data: dict[str, Any]):
        self.run_dir, self.data = run_dir, data

    @classmethod
    def open(cls, run_dir: Path, cfg: ExperimentConfig | None,
             config_path: str | None) -> tuple[_RunState, ExperimentConfig]:
        path = run_dir / STATE
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            recorded = config_from_dict(data["config"], source=str(path))
            if cfg is not None and cfg.to_dict() != recorded.to_dict():
                raise PipelineError(f"{run_dir} holds a pipeline run of another config ({data.get('config_path')}): "
                                    f"rerun without --config to resume it, or pass --out elsewhere")
            return cls(run_dir, data), recorded
        if cfg is None:
            cfg = load_config(DEFAULT_CONFIG)
            config_path = str(DEFAULT_CONFIG)
        st = cls(run_dir, {"config": cfg.to_dict(), "config_path": config_path, "done": {}, "sessions": []})
        st.save()
        return st, cfg

    def done(self, stage: str) -> bool:
        return stage in self.data["done"]

    def mark(self, stage: str, **info: Any) -> None:
        self.data["done"][stage] = {"time": time.time(), **info}
        self.save()

    def save(self) -> None:
        write_json(self.run_dir / STATE, self.data)


def _store_path(cfg: ExperimentConfig, run_dir: Path) -> str:
    return cfg.reward.store or str(run_dir / "measurements.sqlite")


def measure(cfg: ExperimentConfig, store: str, *, progress: bool = True, log: Log = print) -> dict[str, Any]:
    """Stage 1: measure random valid kernels of each measure benchmark into `store`; per-benchmark counts."""
    uris = list(cfg.pipeline.measure_benchmarks or cfg.env.benchmarks)
    n = cfg.pipeline.measure_per_benchmark
    fn = RewardFunction(RewardConfig(source="measured", store=store, device=cfg.reward.device, pool=cfg.reward.pool))
    out: dict[str, Any] = {"device": fn.ctx.pool.info.fingerprint, "benchmarks": {}}
    bar = _bar(len(uris) * (n + cfg.pipeline.measure_presets), "measure", progress)
    try:
        for uri in uris:
            bar.set_postfix_str(uri.replace("benchmark://lift/", ""))
            r = search(uri, "random", n, seed=cfg.train.seed, reward_fn=fn, max_rewrites=cfg.env.max_rewrites,
                       max_nodes=cfg.env.max_nodes, n_slots=cfg.env.n_slots)
            trials = list(r.trials)
            if cfg.pipeline.measure_presets:
                trials += search(uri, "presets", cfg.pipeline.measure_presets, seed=cfg.train.seed, reward_fn=fn,
                                 max_rewrites=max(cfg.env.max_rewrites, 1), max_nodes=cfg.env.max_nodes,
                                 n_slots=cfg.env.n_slots).trials
            ok = [t for t in trials if t.speedup is not None]
            out["benchmarks"][uri] = {"kernels": len(trials), "ok": len(ok),
                        "best_speedup": max((t.speedup for t in ok), default=None), "wall_s": round(r.wall_s, 2)}
            bar.update(n + cfg.pipeline.measure_presets)
            if len(r.trials) < n:
                log(f"note: {uri} has only {len(r.trials)} distinct valid kernels within the search's tries")
    finally:
        bar.close()
        fn.close()
    return out


def fit(store: str, fingerprint: str, path: Path, log: Log = print) -> dict[str, Any]:
    """Stage 2: the kNN model on the store's measurements of device `fingerprint`, saved atomically to `path`."""
    st = MeasurementStore(store, readonly=True)
    try:
        model = KnnPerfModel.fit_store(st, fingerprint)
    finally:
        st.close()
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    model.save(tmp)
    os.replace(tmp, path)
    info = {"rows": model.n_rows, "pca_components": model.n_components, "device": fingerprint}
    log(f"fit: kNN model on {model.n_rows} measurements ({model.n_components} PCA components) -> {path}")
    return info


def train_stage(cfg: ExperimentConfig, store: str, model_path: Path, run_dir: Path, log: Log = print):
    """Stage 3: MaskablePPO on predicted rewards from the fitted model; resumes RUN/train when it exists."""
    out = run_dir / "train"
    reward = dataclasses.replace(cfg.reward, source="predicted", store=store, model=str(model_path), fallback=None)
    tcfg = dataclasses.replace(cfg, reward=reward, run=dataclasses.replace(cfg.run, out_dir=str(out)))
    if (out / "manifest.json").exists():
        m = Manifest.load(out).data
        if m.get("status") == "done" and int(m.get("num_timesteps", 0)) >= cfg.train.total_steps:
            log(f"train: {out} is done ({m['num_timesteps']} steps)")
            return None
        log(f"train: resuming {out} from {m.get('checkpoint') or 'scratch'} ({m.get('status')})")
        return train(tcfg, resume=out, log=log)
    return train(tcfg, out_dir=out, log=log)


def evaluate_stage(cfg: ExperimentConfig, store: str, run_dir: Path, *, progress: bool = True,
                   log: Log = print, stop_after_s: float | None = None) -> dict:
    """Stage 4: the policy against the baselines on the evaluation benchmarks (equal budgets, same source)."""
    p = cfg.pipeline
    reward = RewardConfig(source=p.eval_reward, store=store, device=cfg.reward.device, pool=cfg.reward.pool,
                          model=str(run_dir / "model.npz") if p.eval_reward == "predicted" else None)
    bar = _bar(len(p.eval_benchmarks) * p.eval_seeds * (1 + len(p.baselines)), "evaluate", progress)

    def step(line: str) -> None:
        bar.update(1)
        bar.write(line)

    try:
        return evaluate(run_dir / "train", list(p.eval_benchmarks), p.eval_budget, list(p.baselines),
                        seeds=range(p.eval_seed, p.eval_seed + p.eval_seeds), reward=reward,
                        out_dir=run_dir / "evaluation", search_options={"model": str(run_dir / "model.npz"),
                                                                      "candidates": KNN_CANDIDATES * p.eval_budget},
                        log=step, stop_after_s=stop_after_s)
    except EvaluationStopped as err:
        raise PipelineError(f"evaluate: {err}") from None
    finally:
        bar.close()


def run_pipeline(cfg: ExperimentConfig | None = None, *, config_path: str | None = None,
                 out_dir: str | Path | None = None, progress: bool = True, log: Log = print,
                 stop_after_s: float | None = None) -> PipelineResult:
    """Run (or resume) the four stages; return the evaluation report and its table (see the module docstring).
    `stop_after_s`: the evaluation starts no run after this many seconds since this call began; its table then
    covers the seeds finished so far (the next call goes on from RUN/evaluation/runs.jsonl)."""
    began = time.perf_counter()
    run_dir = Path(out_dir) if out_dir is not None else None
    if run_dir is None:
        base = cfg if cfg is not None else load_config(DEFAULT_CONFIG)
        run_dir = Path(base.run.out_dir.format(name=base.name))
    if cfg is not None and not cfg.pipeline.eval_benchmarks:
        raise PipelineError("pipeline.eval_benchmarks: the pipeline evaluates on benchmarks; name at least one")
    state, cfg = _RunState.open(run_dir, cfg, config_path)
    trained = set(cfg.env.benchmarks)
    for uri in cfg.pipeline.eval_benchmarks:
        if uri in trained:
            log(f"note: evaluation benchmark {uri} is also a training benchmark")
    store = _store_path(cfg, run_dir)
    model_path = run_dir / "model.npz"
    state.data["sessions"].append({"start": time.time(), "done": sorted(state.data["done"])})
    state.save()
    times: dict[str, float] = {}
    log(f"pipeline {cfg.name}: run folder {run_dir}, store {store}")

    t0 = time.perf_counter()
    if not state.done("measure"):
        state.mark("measure", **measure(cfg, store, progress=progress, log=log))
    times["measure"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    if not state.done("fit") or not model_path.exists():
        state.mark("fit", **fit(store, state.data["done"]["measure"]["device"], model_path, log=log))
    times["fit"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    if not state.done("train"):
        r = train_stage(cfg, store, model_path, run_dir, log=log)
        info = {} if r is None else {"num_timesteps": r.num_timesteps, "episodes": r.episodes,
                                     "mean_reward": r.mean_reward, "wall_s": round(r.wall_s, 1)}
        state.mark("train", **info)
    times["train"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    left = None if stop_after_s is None else max(stop_after_s - (time.perf_counter() - began), 0.0)
    report = evaluate_stage(cfg, store, run_dir, progress=progress, log=log, stop_after_s=left)
    times["evaluate"] = time.perf_counter() - t0
    text = table(report)
    write_text(run_dir / "evaluation" / "table.txt", text + "\n")
    if not report.get("partial"):
        state.mark("evaluate", summary=report["summary"],
                   geomean={k: v["geomean_best_speedup"] for k, v in report["summary"].items()})
    return PipelineResult(run_dir, report, text, {k: round(v, 1) for k, v in times.items()})


def verdict(report: dict[str, Any], budget: int = 16) -> str:
    """One line per method that plays the policy (policy, guided): its geometric-mean best speedup against each
    other method's at `budget` evaluations (the run budget when smaller), the ratio with its 95% bootstrap interval
    against the reference method."""
    s = report["summary"]
    budgets = report.get("budgets", [report["budget"]])
    b = str(budget if budget in budgets else budgets[-1])
    lines = []
    for me in ("policy", "guided"):
        if me not in s or s[me]["budgets"][b]["geomean_best_speedup"] is None:
            continue
        pol = s[me]["budgets"][b]
        parts = []
        for name, v in s.items():
            g = v["budgets"][b]["geomean_best_speedup"]
            if name == me or g is None:
                continue
            ratio = pol["geomean_best_speedup"] / g
            text = f"{ratio:.3f}x {name}"
            if name == report.get("reference") and pol["ci_low"] is not None:
                sure = "better" if pol["ci_low"] > 1 else "worse" if pol["ci_high"] < 1 else "not separated"
                text += f" [95% CI {pol['ci_low']:.3f}, {pol['ci_high']:.3f}: {sure}]"
            else:
                text += f" ({'better' if ratio > 1 else 'not better'})"
            parts.append(text)
        lines.append(f"{me} vs " + ", ".join(parts) + f" at {b} evaluations over {pol['runs']} runs "
                     "(benchmarks x seeds)")
    return "\n".join(lines) if lines else "no policy result"


__all__ = ["DEFAULT_CONFIG", "STAGES", "PipelineError", "PipelineResult", "evaluate_stage", "fit", "measure",
           "run_pipeline", "train_stage", "verdict"]
