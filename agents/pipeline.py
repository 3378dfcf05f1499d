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
   With `pipeline.refit_rounds` R > 0 it trains in R rounds of `train.total_steps` / R steps; after each, the
   policy plays `pipeline.refit_episodes` episodes on each training benchmark (its most likely one, then
   samples), their distinct kernels are measured into the store (agents.refit) and the model is fitted again
   on the whole store (RUN/model.npz, atomically), so the next round's envs (made anew) predict with it: the
   model is corrected where the policy goes. Each round's picks, with the predictions of the model it trained
   on, are kept in `RUN/refit/round_K.json` before the refit; `RUN/pipeline.json` records each finished round
   (a rerun goes on after the last one) and `RUN/refit/rounds.txt` tabulates them: the model's rows, the picks'
   geometric-mean predicted and measured speedups, their ratio and Spearman correlation.
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
recorded one (omit `--config`) or choose another `--out`. `pipeline.jobs` is not part of that comparison: a run is
resumed with the jobs of the config given.
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

from .config import ExperimentConfig, RewardSection, config_from_dict, load_config
from .envs import reward_config
from .evaluate import EvaluationStopped, evaluate, load_policy, summarize, table
from .parallel import in_processes, process_reward
from .refit import Pick, pick_stats, policy_picks
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


def _results_of(cfg: ExperimentConfig) -> dict[str, Any]:
    """The config without what changes no result (`pipeline.jobs`): a run resumed with other jobs is the same run."""
    d = cfg.to_dict()
    d["pipeline"] = {k: v for k, v in d["pipeline"].items() if k != "jobs"}
    return d


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
            if cfg is not None and _results_of(cfg) != _results_of(recorded):
                raise PipelineError(f"{run_dir} holds a pipeline run of another config ({data.get('config_path')}): "
                                    f"rerun without --config to resume it, or pass --out elsewhere")
            if cfg is not None:  # how many processes a stage uses is the resuming command's to choose
                recorded = dataclasses.replace(recorded, pipeline=dataclasses.replace(recorded.pipeline,
                                                                                     jobs=cfg.pipeline.jobs))
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


def _measure_one(fn: RewardFunction, uri: str, cfg: ExperimentConfig) -> dict[str, Any]:
    """One measure benchmark: `measure_per_benchmark` random valid kernels, then the presets search's."""
    n = cfg.pipeline.measure_per_benchmark
    r = search(uri, "random", n, seed=cfg.train.seed, reward_fn=fn, max_rewrites=cfg.env.max_rewrites,
               max_nodes=cfg.env.max_nodes, n_slots=cfg.env.n_slots)
    trials = list(r.trials)
    if cfg.pipeline.measure_presets:
        trials += search(uri, "presets", cfg.pipeline.measure_presets, seed=cfg.train.seed, reward_fn=fn,
                         max_rewrites=max(cfg.env.max_rewrites, 1), max_nodes=cfg.env.max_nodes,
                         n_slots=cfg.env.n_slots).trials
    ok = [t for t in trials if t.speedup is not None]
    return {"kernels": len(trials), "ok": len(ok), "best_speedup": max((t.speedup for t in ok), default=None),
            "wall_s": round(r.wall_s, 2), "random": len(r.trials)}


def measure(cfg: ExperimentConfig, store: str, *, progress: bool = True, log: Log = print) -> dict[str, Any]:
    """Stage 1: measure random valid kernels of each measure benchmark into `store`; per-benchmark counts.
    With `pipeline.jobs` > 1 the benchmarks are measured in that many processes at once (`agents.parallel`)."""
    uris = list(cfg.pipeline.measure_benchmarks or cfg.env.benchmarks)
    n = cfg.pipeline.measure_per_benchmark
    reward = RewardConfig(source="measured", store=store, device=cfg.reward.device, pool=cfg.reward.pool,
                          profile=cfg.reward.profile)
    fn = RewardFunction(reward)
    out: dict[str, Any] = {"device": fn.ctx.pool.info.fingerprint, "benchmarks": {}}
    bar = _bar(len(uris), "measure", progress)

    def finished(task: tuple, row: dict[str, Any]) -> None:
        uri = task[0]
        if row.pop("random") < n:
            with bar.external_write_mode():
                log(f"note: {uri} has only {row['kernels']} distinct valid kernels within the search's tries")
        out["benchmarks"][uri] = row
        bar.update(1)

    try:
        if cfg.pipeline.jobs > 1 and len(uris) > 1:
            fn.close()
            in_processes([(u, cfg) for u in uris], cfg.pipeline.jobs, _measure_one, start=process_reward,
                         start_args=(reward,), on_done=finished)
            out["benchmarks"] = {u: out["benchmarks"][u] for u in uris}
        else:
            for uri in uris:
                bar.set_postfix_str(uri.replace("benchmark://lift/", ""))
                finished((uri,), _measure_one(fn, uri, cfg))
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


def _predicted(cfg: ExperimentConfig, store: str, model_path: Path) -> RewardSection:
    """The reward section of training: predicted by the model file, no fallback."""
    return dataclasses.replace(cfg.reward, source="predicted", store=store, model=str(model_path), fallback=None)


def _train_bar(label: str, enabled: bool):
    """An SB3 callback drawing a tqdm bar named `label` over the steps a `learn` call still has to run."""
    from stable_baselines3.common.callbacks import BaseCallback  # torch: imported only when training

    class TrainBar(BaseCallback):
        def __init__(self):
            super().__init__()
            self.bar = None

        def _on_training_start(self) -> None:
            total = int(self.locals["total_timesteps"]) - int(self.model.num_timesteps)
            self.bar = _bar(max(total, 0), label, enabled)
            self.bar.unit = "step"

        def _on_step(self) -> bool:
            if self.bar is not None:
                self.bar.update(self.training_env.num_envs)
            return True

        def _on_training_end(self) -> None:
            if self.bar is not None:
                self.bar.close()
                self.bar = None

    return TrainBar()


def train_stage(cfg: ExperimentConfig, store: str, model_path: Path, run_dir: Path, log: Log = print, *,
                total_steps: int | None = None, callbacks: tuple = (), progress: bool = True, label: str = "train"):
    """Stage 3: MaskablePPO on predicted rewards from the fitted model, up to `total_steps` (default
    `train.total_steps`); resumes RUN/train when it exists (None: it has trained that many steps already).
    Its progress bar is named `label` (none with `progress` False or `run.progress_bar` off)."""
    out = run_dir / "train"
    total = cfg.train.total_steps if total_steps is None else total_steps
    callbacks = (*callbacks, _train_bar(label, progress and cfg.run.progress_bar))
    tcfg = dataclasses.replace(cfg, reward=_predicted(cfg, store, model_path),
                               run=dataclasses.replace(cfg.run, out_dir=str(out), progress_bar=False))
    if (out / "manifest.json").exists():
        manifest = Manifest.load(out)
        m, latest = manifest.data, manifest.latest_model
        if int(m.get("num_timesteps", 0)) >= total:
            log(f"train: {out} has trained {m['num_timesteps']} steps ({m.get('status')})")
            return None
        log(f"train: resuming {out} from {latest.name if latest else 'scratch'} ({m.get('status')})")
        return train(tcfg, resume=out, total_steps=total, log=log, callbacks=callbacks)
    return train(tcfg, out_dir=out, total_steps=total, log=log, callbacks=callbacks)


def _fmt(v: float | None, spec: str) -> str:
    return "-" if v is None else format(v, spec)


def round_line(r: dict[str, Any], rounds: int) -> str:
    """One finished round in words."""
    s = r["picks"]
    return (f"round {r['round']}/{rounds}: {r['num_timesteps']} steps on a {r['model_rows']}-row model; "
            f"{s['picks']} policy picks ({s['new']} newly measured, {s['failed']} failed): predicted "
            f"{_fmt(s['predicted'], '.3f')}x, measured {_fmt(s['measured'], '.3f')}x, ratio {_fmt(s['ratio'], '.3f')}, "
            f"Spearman {_fmt(s['spearman'], '.2f')}; refit on {r['refit_rows']} rows "
            f"(train {r['wall_s']['train']:.0f} s, picks {r['wall_s']['picks']:.0f} s)")


def rounds_table(rounds: list[dict[str, Any]]) -> str:
    """The finished rounds: the model the policy trained on, its picks' predicted vs measured speedups (geometric
    means; ratio = predicted / measured, 1 is exact), and the model's rows after the refit."""
    head = (f"{'round':>5} {'steps':>7} {'rows':>6} {'picks':>5} {'new':>4} {'failed':>6} {'predicted':>9} "
            f"{'measured':>8} {'ratio':>7} {'Spearman':>8} {'refit rows':>10}")
    lines = [head]
    for r in rounds:
        s = r["picks"]
        lines.append(f"{r['round']:>5} {r['num_timesteps']:>7} {r['model_rows']:>6} {s['picks']:>5} {s['new']:>4} "
                     f"{s['failed']:>6} {_fmt(s['predicted'], '.3f'):>9} {_fmt(s['measured'], '.3f'):>8} "
                     f"{_fmt(s['ratio'], '.3f'):>7} {_fmt(s['spearman'], '.2f'):>8} {r['refit_rows']:>10}")
    return "\n".join(lines)


def measure_picks(cfg: ExperimentConfig, store: str, model_path: Path, run_dir: Path, round_no: int, *,
                  progress: bool = True) -> list[Pick]:
    """The current policy's distinct picks on each training benchmark (`pipeline.refit_episodes` episodes, seeded
    by the round), measured into `store` and predicted by `model_path` (agents.refit)."""
    policy = load_policy(run_dir / "train", cfg.train.device)
    measured = RewardFunction(RewardConfig(source="measured", store=store, device=cfg.reward.device,
                                           pool=cfg.reward.pool, profile=cfg.reward.profile))
    predicted = RewardFunction(reward_config(_predicted(cfg, store, model_path)))
    uris = list(cfg.env.benchmarks)
    bar = _bar(len(uris), f"refit {round_no}/{cfg.pipeline.refit_rounds}", progress)
    picks: list[Pick] = []
    try:
        for uri in uris:
            bar.set_postfix_str(uri.replace("benchmark://lift/", ""))
            picks += policy_picks(policy, uri, cfg.pipeline.refit_episodes, seed=cfg.train.seed + round_no,
                                  measured=measured, predicted=predicted)
            bar.update(1)
    finally:
        bar.close()
        measured.close()
        predicted.close()
    return picks


def _model_rows(path: Path) -> int:
    return KnnPerfModel.load(path).n_rows


def train_rounds(cfg: ExperimentConfig, state: _RunState, store: str, model_path: Path, run_dir: Path, *,
                 progress: bool = True, log: Log = print) -> dict[str, Any]:
    """Stage 3 in `pipeline.refit_rounds` rounds (see the module docstring); the stage's record."""
    from .callbacks import ModelRows  # an SB3 callback (torch): imported only when training

    n = cfg.pipeline.refit_rounds
    fingerprint = state.data["done"]["measure"]["device"]
    done: list[dict[str, Any]] = state.data.setdefault("rounds", [])
    folder = run_dir / "refit"
    for k in range(len(done) + 1, n + 1):
        target = cfg.train.total_steps * k // n
        picks_file = folder / f"round_{k}.json"
        phase = "train"
        try:
            seen, t0 = ModelRows(), time.perf_counter()
            if picks_file.exists():  # measured before a stop: the picks and the model they were compared with
                kept = json.loads(picks_file.read_text(encoding="utf-8"))
                steps, rows, wall = int(kept["num_timesteps"]), int(kept["model_rows"]), kept["wall_s"]
                picks = [Pick(**p) for p in kept["picks"]]
            else:
                rows = _model_rows(model_path)
                train_stage(cfg, store, model_path, run_dir, log=log, total_steps=target, callbacks=(seen,),
                            progress=progress, label=f"train {k}/{n}")
                steps = int(Manifest.load(run_dir / "train").data["num_timesteps"])
                phase, t1 = "measure the policy's picks", time.perf_counter()
                picks = measure_picks(cfg, store, model_path, run_dir, k, progress=progress)
                wall = {"train": round(t1 - t0, 1), "picks": round(time.perf_counter() - t1, 1)}
                write_json(picks_file, {"round": k, "num_timesteps": steps, "model_rows": rows, "wall_s": wall,
                                        "picks": [p.to_dict() for p in picks]})
            phase = "refit"
            refit = fit(store, fingerprint, model_path, log=lambda s: None)
        except (PipelineError, KeyboardInterrupt):
            raise
        except Exception as err:
            raise PipelineError(f"train round {k}/{n} ({phase}): {type(err).__name__}: {err}") from err
        record = {"round": k, "num_timesteps": steps, "model_rows": rows, "env_model_rows": sorted(seen.rows),
                  "picks": pick_stats(picks), "refit_rows": refit["rows"], "wall_s": wall, "time": time.time()}
        done.append(record)
        state.save()
        write_text(folder / "rounds.txt", rounds_table(done) + "\n")
        log(round_line(record, n))
    last = done[-1]
    return {"num_timesteps": last["num_timesteps"], "rounds": len(done), "model_rows": last["refit_rows"]}


def evaluate_stage(cfg: ExperimentConfig, store: str, run_dir: Path, *, progress: bool = True,
                   log: Log = print, stop_after_s: float | None = None, command: str = "") -> dict:
    """Stage 4: the policy against the baselines on the evaluation benchmarks (equal budgets, same source);
    `command`: the command line recorded in comparison.json."""
    p = cfg.pipeline
    reward = RewardConfig(source=p.eval_reward, store=store, device=cfg.reward.device, pool=cfg.reward.pool,
                          profile=cfg.reward.profile,
                          model=str(run_dir / "model.npz") if p.eval_reward == "predicted" else None)
    try:
        return evaluate(run_dir / "train", list(p.eval_benchmarks), p.eval_budget, list(p.baselines),
                        seeds=range(p.eval_seed, p.eval_seed + p.eval_seeds), reward=reward,
                        out_dir=run_dir / "evaluation", search_options={"model": str(run_dir / "model.npz"),
                                                                      "candidates": KNN_CANDIDATES * p.eval_budget},
                        log=log, stop_after_s=stop_after_s, progress=progress, command=command, jobs=p.jobs)
    except EvaluationStopped as err:
        raise PipelineError(f"evaluate: {err}") from None


def run_pipeline(cfg: ExperimentConfig | None = None, *, config_path: str | None = None,
                 out_dir: str | Path | None = None, progress: bool = True, log: Log = print,
                 stop_after_s: float | None = None, command: str = "") -> PipelineResult:
    """Run (or resume) the four stages; return the evaluation report and its table (see the module docstring).
    `stop_after_s`: the evaluation starts no run after this many seconds since this call began; its table then
    covers the seeds finished so far (the next call goes on from RUN/evaluation/runs.jsonl). `command`: the
    command line recorded in the evaluation's comparison.json."""
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
    log(f"lift-gym pipeline, config {cfg.name}: run folder {run_dir}, store {store}")

    t0 = time.perf_counter()
    if not state.done("measure"):
        state.mark("measure", **measure(cfg, store, progress=progress, log=log))
    times["measure"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    if not state.done("fit") or not model_path.exists():
        with _bar(1, "fit", progress) as bar:
            info = fit(store, state.data["done"]["measure"]["device"], model_path, log=lambda line: None)
            bar.update(1)
        log(f"fit: kNN model on {info['rows']} measurements ({info['pca_components']} PCA components) -> "
            f"{model_path}")
        state.mark("fit", **info)
    times["fit"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    if not state.done("train") and cfg.pipeline.refit_rounds:
        state.mark("train", **train_rounds(cfg, state, store, model_path, run_dir, progress=progress, log=log))
    elif not state.done("train"):
        r = train_stage(cfg, store, model_path, run_dir, log=log, progress=progress)
        info = {} if r is None else {"num_timesteps": r.num_timesteps, "episodes": r.episodes,
                                     "mean_reward": r.mean_reward, "wall_s": round(r.wall_s, 1)}
        state.mark("train", **info)
    times["train"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    left = None if stop_after_s is None else max(stop_after_s - (time.perf_counter() - began), 0.0)
    report = evaluate_stage(cfg, store, run_dir, progress=progress, log=log, stop_after_s=left, command=command)
    times["evaluate"] = time.perf_counter() - t0
    text = table(report)
    write_text(run_dir / "evaluation" / "table.txt", text + "\n")
    if not report.get("partial"):
        state.mark("evaluate", summary=report["summary"],
                   geomean={k: v["geomean_best_speedup"] for k, v in report["summary"].items()})
    return PipelineResult(run_dir, report, text, {k: round(v, 1) for k, v in times.items()})


def best_episodes(report: dict[str, Any]) -> list[str]:
    """Per evaluation benchmark, the episode file of the best kernel any method found (and of the policy's best,
    when another method's was better), with the command that prints its OpenCL."""
    lines = []
    for row in report.get("benchmarks") or []:
        found = [(m["best_speedup"], name, m["episode"]) for name, m in row["methods"].items()
                 if m.get("episode") and m.get("best_speedup") is not None]
        if not found:
            continue
        speedup, name, path = max(found)
        lines.append(f"{row['benchmark']}: best {speedup:.3f}x ({name}): {path}")
        mine = [f for f in found if f[1] == "policy" and f[1] != name]
        if mine:
            lines.append(f"    the policy's best {mine[0][0]:.3f}x: {mine[0][2]}")
        lines.append(f"    its OpenCL: lift-gym show {path} --opencl")
    return lines


def _separated(lo: float | None, hi: float | None) -> str:
    """Whether a ratio's 95% interval lies above 1, below it, or contains it."""
    if lo is None or hi is None:
        return "no interval (under two paired runs)"
    return "better" if lo > 1 else "worse" if hi < 1 else "not separated"


def verdict(report: dict[str, Any], budget: int = 16) -> str:
    """One line per method that plays the policy (policy, guided): its geometric-mean best speedup against each
    other method's at `budget` evaluations (the run budget when smaller), each ratio over the runs both made
    (benchmarks x seeds) with its 95% bootstrap interval, called better or worse only when the interval lies
    above or below 1 ("not separated" when it contains 1)."""
    s = report["summary"]
    budgets = report.get("budgets", [report["budget"]])
    b = budget if budget in budgets else budgets[-1]
    rows = report.get("benchmarks") or []
    against: dict[str, dict[str, Any]] = {}  # the summary with each other method as the reference
    lines = []
    for me in ("policy", "guided"):
        if me not in s or s[me]["budgets"][str(b)]["geomean_best_speedup"] is None:
            continue
        pol = s[me]["budgets"][str(b)]
        parts = []
        for name, v in s.items():
            if name == me or v["budgets"][str(b)]["geomean_best_speedup"] is None:
                continue
            if name not in against:
                against[name] = summarize(rows, budgets=(b,), reference=name) if rows else {}
            paired = against[name].get(me, {}).get("budgets", {}).get(str(b), {})
            if paired.get("ratio") is not None:
                ratio, lo, hi = paired["ratio"], paired["ci_low"], paired["ci_high"]
            else:  # no per-run rows: the ratio of the geometric means, the interval only against the reference
                ratio = pol["geomean_best_speedup"] / v["budgets"][str(b)]["geomean_best_speedup"]
                lo, hi = (pol["ci_low"], pol["ci_high"]) if name == report.get("reference") else (None, None)
            ci = "" if lo is None or hi is None else f"95% CI {lo:.3f}, {hi:.3f}: "
            parts.append(f"{ratio:.3f}x {name} [{ci}{_separated(lo, hi)}]")
        lines.append(f"{me} vs " + ", ".join(parts) + f" at {b} evaluations over {pol['runs']} runs "
                     "(benchmarks x seeds)")
    return "\n".join(lines) if lines else "no policy result"


__all__ = ["DEFAULT_CONFIG", "STAGES", "PipelineError", "PipelineResult", "best_episodes", "evaluate_stage", "fit",
           "measure", "measure_picks", "round_line", "rounds_table", "run_pipeline", "train_rounds", "train_stage",
           "verdict"]
