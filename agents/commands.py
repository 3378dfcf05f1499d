"""The agents' subcommands of `lift-gym` (listed in agents.cli's `COMMANDS`).

    lift-gym train --config configs/NAME.yaml [--resume RUN] [--total-steps N] [--out DIR]
    lift-gym search URI --strategy random|greedy|beam|knn|presets|sweep --budget N [--time-limit-s S] [--seed S]
                    [--json] [--out FILE]
    lift-gym evaluate --policy RUN --benchmarks URI,... --budget N --baselines random,greedy,beam [--out DIR]
    lift-gym pipeline [--config configs/pipeline.yaml] [--out DIR]    measure, fit, train, evaluate (resumable)
    lift-gym replay STATE.json [--reward SRC] [--json]
    lift-gym validate STATE.json [--on-device] [--no-reward] [--json]       exit 1 when a check fails

Reward options (search, evaluate, replay): `--reward measured|predicted|replay|analytical` (search and evaluate
default to measured; replay to the recorded source), `--device`, `--store`, `--model` (a saved kNN model, used
by the predicted reward and the knn strategy) and `--fallback`. torch and SB3 are imported only by training and
policy evaluation, so the rest of the CLI starts without them.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from pathlib import Path

from gymnasium.error import InvalidAction

from compiler.constraints.device import PROFILE_NAMES
from compiler.errors import CompilerError, UnknownBenchmark
from compiler.ir.printer import print_program
from compiler.perf.model import ModelUnavailable
from compiler.suite import resolve
from lift_gym import transition
from lift_gym.episode import EpisodeState, replay, validate
from lift_gym.rewards import SOURCES, RewardConfig, RewardUnavailable

from .config import ConfigError, load_config
from .evaluate import METHODS, EvaluationStopped, _slug, evaluate, table
from .pipeline import PipelineError, best_episodes, run_pipeline, verdict
from .runs import write_text
from .search import STRATEGIES, search
from .subcommand import CliError, command, finite_positive_float, nonnegative_int, positive_int, seed, target_uri
from .train import train
from .untrusted import record_roots

_TRUSTED_HELP = ("unpickle the policy zip as it is (runs any code it holds); without it only the weights are "
                 "read and the rest is rebuilt from the run's config")
# the errors a command reports as one line (exit 2)
_KNOWN_ERRORS = (ConfigError, RewardUnavailable, ModelUnavailable, FileNotFoundError, FileExistsError, ValueError)


def _add_reward_args(p: argparse.ArgumentParser, default: str | None) -> None:
    what = f"default {default}" if default else "default: the recorded source"
    p.add_argument("--reward", choices=SOURCES, default=default, help=f"reward source ({what})")
    p.add_argument("--device", metavar="SEL", help="OpenCL device: gpu, cpu, pocl, P:D (default: $LIFT_GYM_DEVICE)")
    p.add_argument("--store", metavar="PATH", help="measurement store (default: $LIFT_GYM_STORE or ~/.cache)")
    p.add_argument("--model", metavar="PATH", help="a saved kNN model (predicted reward, knn strategy)")
    p.add_argument("--fallback", choices=SOURCES, help="reward source when the first is unavailable")
    p.add_argument("--profile", choices=PROFILE_NAMES, default="generic",
                   help="device profile of the tuning slots and the analytical reward (default generic; auto: the "
                        "limits of the OpenCL device in use)")


def _reward(args: argparse.Namespace):
    try:
        return RewardConfig(source=args.reward, fallback=args.fallback, store=args.store, device=args.device,
                            model=args.model, profile=args.profile)
    except ValueError as err:
        raise CliError(str(err)) from None


def read_record(path: str):
    """The episode record in a JSON file, every path it names checked to lie beside it
    (`agents.untrusted.read_record`); a CliError names what is wrong with it."""
    from .untrusted import UntrustedFile
    from .untrusted import read_record as read_untrusted

    try:
        return read_untrusted(path)
    except UntrustedFile as err:
        raise CliError(str(err)) from None


def final_state(record: EpisodeState):
    """The state an episode record's actions reach (lift_gym.episode.replay without re-evaluating its reward)."""
    return replay(dataclasses.replace(record, reward_source=None)).state


def describe_actions(record) -> list[str]:
    """Each action of an episode record in words (rule and site, mapping, tuning value), replayed."""
    s = transition.initial(record.benchmark, record.seed, record.transition_config())
    out = []
    for a in record.actions:
        out.append(f"{a}: {transition.describe_action(s, a)}")
        s = transition.step(s, a)
    return out


# --- train ----------------------------------------------------------------------------------------------------
def _configure_train(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", metavar="YAML", help="a preset, e.g. configs/quick.yaml (optional with --resume)")
    p.add_argument("--resume", metavar="RUN", help="continue a run: its folder, manifest.json or a checkpoint zip")
    p.add_argument("--total-steps", type=positive_int, metavar="N",
                   help="override train.total_steps (extend a finished run)")
    p.add_argument("--out", metavar="DIR", help="the run folder (default: run.out_dir of the config)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--trusted", action="store_true", help=_TRUSTED_HELP)


@command("train", configure=_configure_train)
def cmd_train(args: argparse.Namespace) -> int:
    if args.config is None and args.resume is None:
        raise CliError("train needs --config configs/NAME.yaml (or --resume RUN)")
    try:
        cfg = load_config(args.config) if args.config else None
        r = train(cfg, config_path=args.config, resume=args.resume, out_dir=args.out, total_steps=args.total_steps,
                  trusted=args.trusted)
    except _KNOWN_ERRORS as err:
        raise CliError(str(err)) from None
    summary = {"run_dir": str(r.run_dir), "model": str(r.model_path), "num_timesteps": r.num_timesteps,
               "start_timesteps": r.start_timesteps, "episodes": r.episodes, "mean_reward": r.mean_reward,
               "best_speedup": r.best_speedup, "wall_s": round(r.wall_s, 2), "steps_per_s": round(r.steps_per_s, 2),
               "notes": list(r.notes)}
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    mean = "-" if r.mean_reward is None else f"{r.mean_reward:.3f}"
    best = "-" if r.best_speedup is None else f"{r.best_speedup:.3f}x"
    print(f"trained steps {r.start_timesteps} -> {r.num_timesteps} in {r.wall_s:.1f} s ({r.steps_per_s:.1f} steps/s): "
          f"{r.episodes} episodes, mean reward {mean}, best speedup {best}")
    print(f"model: {r.model_path}    manifest: {r.run_dir / 'manifest.json'}")
    print(f"next: lift-gym evaluate --policy {r.run_dir} --benchmarks URI,... --budget 32 "
          "--baselines random,greedy,beam")
    return 0


# --- search ---------------------------------------------------------------------------------------------------
def _configure_search(p: argparse.ArgumentParser) -> None:
    p.add_argument("uri", metavar="URI|FILE", help="benchmark URI (e.g. benchmark://lift/mm/small) or program file")
    p.add_argument("--sizes", metavar="K=V,...", help="sizes, e.g. N=64 (overrides for a URI; for a FILE without "
                                                       "a default preset or .npz reference)")
    p.add_argument("--strategy", choices=STRATEGIES, default="random", help="search strategy (default random)")
    p.add_argument("--budget", type=positive_int, default=32,
                   help="evaluations: distinct complete programs (default 32)")
    p.add_argument("--time-limit-s", type=finite_positive_float, metavar="S",
                   help="evaluate no new kernel after S seconds; the best so far is kept (default: no limit)")
    p.add_argument("--seed", type=seed, default=0, help="seed (default 0)")
    p.add_argument("--out", metavar="FILE", help="the best episode's JSON (default search-NAME-STRATEGY-sSEED.json)")
    p.add_argument("--json", action="store_true", help="print the whole result as JSON")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (it is drawn on stderr only when that is a terminal)")
    p.add_argument("--max-rewrites", type=nonnegative_int, default=6, help="rewrite horizon, as the env's (default 6)")
    p.add_argument("--width", type=positive_int, default=4, help="greedy: actions tried per decision (default 4)")
    p.add_argument("--beam-width", type=positive_int, default=3, help="beam: partial states kept (default 3)")
    p.add_argument("--expand", type=positive_int, default=6, help="beam: actions expanded per state (default 6)")
    p.add_argument("--candidates", type=nonnegative_int, default=0,
                   help="knn: random programs ranked (default 8 x budget)")
    p.add_argument("--coupled", type=nonnegative_int, default=4,
                   help="sweep: other values tried for a later parameter a move makes invalid (default 4)")
    p.add_argument("--split-k", action="store_true",
                   help="offer mm tiled's split-K (SK slices of K summed by a second kernel) as a decision")
    _add_reward_args(p, "measured")


@command("search", configure=_configure_search)
def cmd_search(args: argparse.Namespace) -> int:
    if args.budget < 1:
        raise CliError(f"--budget must be a positive number of evaluations, got {args.budget}")
    args.uri = target_uri(args.uri, args.sizes)
    bar = progress_bar(args.budget, "search", enabled=not args.no_progress)

    def on_trial(t) -> None:
        bar.update(1)
        bar.set_postfix_str(f"{t.failure} failed" if t.failure else f"{math.exp(t.reward):.3f}x", refresh=False)

    try:
        r = search(args.uri, args.strategy, args.budget, seed=args.seed, reward=_reward(args),
                   max_rewrites=args.max_rewrites, width=args.width, beam_width=args.beam_width, expand=args.expand,
                   candidates=args.candidates, model=args.model, coupled=args.coupled, time_limit_s=args.time_limit_s,
                   split_k=args.split_k, on_trial=on_trial)
    except UnknownBenchmark as err:
        raise CliError(str(err)) from None
    except _KNOWN_ERRORS as err:
        raise CliError(str(err)) from None
    finally:
        bar.close()
    out = Path(args.out or f"search-{_slug(args.uri)}-{args.strategy}-s{args.seed}.json")
    if r.best_record is not None:
        write_text(out, r.best_record.to_json() + "\n")
    ok = r.best is not None and r.best.failure is None
    if args.json:
        d = r.to_dict()
        d["episode_file"] = str(out) if r.best_record is not None else None
        print(json.dumps(d, indent=2))
        return 0 if ok else 1
    print(f"{args.uri}  strategy={args.strategy}  budget={args.budget}  seed={args.seed}  reward={r.reward_source}")
    print(f"  {len(r.trials)} evaluations in {r.episodes} episodes, {r.wall_s:.1f} s"
          + (f", {r.cheap_scores} cheap scores" if r.cheap_scores else ""))
    for note in r.notes:
        print(f"  note: {note}")
    summary = r.failure_summary()
    if summary:
        print(f"  {summary}")
        for line in failure_examples(r.trials):
            print(f"    {line}")
    b = r.best
    if b is None:
        print("  no complete program was evaluated")
        return 1
    if b.failure is not None:
        print(f"  no evaluation succeeded (every kernel scored the failure reward {b.reward:g})")
        return 1
    gf = f", {b.gflops:.4g} GFLOP/s" if b.gflops is not None else ""
    print(f"  best: speedup {math.exp(b.reward):.3f}x over the default lowering (log speedup {b.reward:.4f}){gf} "
          f"[{b.source}], at evaluation {b.n}")
    assert r.best_record is not None
    print(f"  actions ({len(r.best_record.actions)}):")
    for line in describe_actions(r.best_record):
        print(f"    {line}")
    print(f"  best episode: {out}")
    print(f"  its OpenCL: lift-gym show {out} --opencl    (replay: lift-gym replay {out})")
    return 0


def failure_examples(trials, limit: int = 3) -> list[str]:
    """The first error message of each failure reason (at most `limit`), naming its evaluation."""
    seen: dict[str, str] = {}
    for t in trials:
        if t.failure is not None and t.failure not in seen and len(seen) < limit:
            seen[t.failure] = f"{t.failure}, evaluation {t.n}" + (f": {t.failure_detail}" if t.failure_detail else "")
    return list(seen.values())


def progress_bar(total: int, desc: str, *, enabled: bool = True):
    """A labelled tqdm bar on stderr, drawn only when stderr is a terminal (and `enabled`)."""
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="eval", file=sys.stderr, leave=False, dynamic_ncols=True,
                disable=not enabled or not sys.stderr.isatty())


# --- evaluate -------------------------------------------------------------------------------------------------
def _csv(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def _configure_evaluate(p: argparse.ArgumentParser) -> None:
    p.add_argument("--policy", metavar="RUN", help="a trained run (folder, manifest or model zip); omit: baselines")
    p.add_argument("--benchmarks", required=True, metavar="URI,...", help="benchmark URIs, comma-separated")
    p.add_argument("--budget", type=positive_int, default=32, help="evaluations per method and benchmark (default 32)")
    p.add_argument("--baselines", default="random,greedy,beam",
                   help="comma-separated (default random,greedy,beam); guided: the policy-guided search")
    p.add_argument("--seed", type=seed, default=0, help="seed of every method (default 0)")
    p.add_argument("--seeds", type=positive_int, default=1, metavar="N",
                   help="runs per method and benchmark, with seeds SEED, SEED+1, ... (default 1)")
    p.add_argument("--out", metavar="DIR", default="evaluation", help="output folder (default ./evaluation)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--stop-after", type=float, metavar="SECONDS",
                   help="start no run after SECONDS; the table covers the seeds finished, and the same command goes "
                        "on from OUT/runs.jsonl")
    p.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                   help="runs at once, each in its own process; their kernels' launches take turns on the device "
                        "(default 1)")
    p.add_argument("--trusted", action="store_true", help=_TRUSTED_HELP)
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar over the runs (it is drawn on stderr only when that is a terminal)")
    _add_reward_args(p, "measured")


@command("evaluate", configure=_configure_evaluate)
def cmd_evaluate(args: argparse.Namespace) -> int:
    benches, baselines = _csv(args.benchmarks), _csv(args.baselines)
    if not benches:
        raise CliError("--benchmarks names no benchmark")
    bad = [b for b in baselines if b not in METHODS]
    if bad:
        raise CliError(f"unknown baseline(s) {', '.join(bad)}; baselines: {', '.join(METHODS)}")
    if args.budget < 1:
        raise CliError(f"--budget must be a positive number of evaluations, got {args.budget}")
    benches = [target_uri(b) for b in benches]
    try:
        for b in benches:
            resolve(b)
        report = evaluate(args.policy, benches, args.budget, baselines,
                          seeds=range(args.seed, args.seed + args.seeds), reward=_reward(args),
                          search_options={"model": args.model} if args.model else None, out_dir=args.out,
                          log=(lambda s: None) if args.json else print, trusted=args.trusted,
                          stop_after_s=args.stop_after, progress=not args.no_progress and sys.stderr.isatty(),
                          command=args.command_line, jobs=args.jobs)
    except (UnknownBenchmark, EvaluationStopped) as err:
        raise CliError(str(err)) from None
    except _KNOWN_ERRORS as err:
        raise CliError(str(err)) from None
    if args.json:
        print(json.dumps(report, indent=2, default=str))
        return 0
    print()
    print(table(report))
    for note in report["policy_notes"]:
        print(f"note: {note}")
    print(f"\nreport: {Path(args.out) / 'evaluate.json'}    plot: {report['plot']}")
    if report["comparison"] is not None:
        print(f"comparison at {report['comparison']['budget']} evaluations: {Path(args.out) / 'comparison.json'}")
    return 0


# --- pipeline -------------------------------------------------------------------------------------------------
def _configure_pipeline(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", metavar="YAML", help="a preset with a pipeline section (default configs/pipeline.yaml; "
                   "omit it to resume a run folder with its recorded config)")
    p.add_argument("--out", metavar="DIR", help="the run folder (default: run.out_dir of the config)")
    p.add_argument("--no-progress", action="store_true", help="no progress bars (they are drawn on stderr, one per "
                   "stage: measure, fit, train, evaluate)")
    p.add_argument("--json", action="store_true", help="print the evaluation report as JSON")
    p.add_argument("--stop-after", type=float, metavar="SECONDS",
                   help="start no evaluation run after SECONDS since the command began; the table covers the seeds "
                        "finished, and the same command goes on from RUN/evaluation/runs.jsonl")


@command("pipeline", configure=_configure_pipeline)
def cmd_pipeline(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    try:
        cfg = load_config(args.config) if args.config else None
        r = run_pipeline(cfg, config_path=args.config, out_dir=args.out, progress=not args.no_progress,
                         log=(lambda s: None) if args.json else print, stop_after_s=args.stop_after,
                         command=args.command_line)
    except (PipelineError, CompilerError, *_KNOWN_ERRORS) as err:
        raise CliError(str(err)) from None
    if args.json:
        print(json.dumps(r.report, indent=2, default=str))
        return 0
    wall = time.perf_counter() - t0
    print()
    print(r.table)
    print()
    print(verdict(r.report))
    episodes = best_episodes(r.report)
    if episodes:
        print("best episodes:")
        for line in episodes:
            print(f"  {line}")
    print("stage seconds: " + ", ".join(f"{k} {v:.0f}" for k, v in r.stage_s.items()) + f"; total {wall:.0f}")
    print(f"run folder: {r.run_dir}    table: {r.run_dir / 'evaluation' / 'table.txt'}    plot: {r.report['plot']}")
    return 0


# --- replay / validate ----------------------------------------------------------------------------------------
def _configure_replay(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE.json", help="an episode record (env.unwrapped.episode_state().to_json())")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _add_reward_args(p, None)


@command("replay", configure=_configure_replay)
def cmd_replay(args: argparse.Namespace) -> int:
    rec = read_record(args.state)
    try:
        steps = describe_actions(rec)
        result = replay(rec, _reward(args) if args.reward else None, roots=record_roots(args.state),
                        store=args.store, model=args.model)
    except (InvalidAction, CompilerError) as err:
        print(f"lift-gym: replay failed: {type(err).__name__}: {' '.join(str(err).split())}", file=sys.stderr)
        return 1
    except _KNOWN_ERRORS as err:
        raise CliError(str(err)) from None
    s, ev = result.state, result.evaluation
    kernel_same = s.kernel.key == rec.kernel_key if s.kernel is not None else None
    program_same = s.lowered.key == rec.program_key if s.kernel is not None else None
    same = kernel_same and program_same if s.kernel is not None else None
    d = {"benchmark": rec.benchmark, "actions": steps, "phase": s.phase.name, "terminal": transition.is_terminal(s),
         "program_key": None if s.lowered is None else s.lowered.key, "kernel_key": None if s.kernel is None
         else s.kernel.key, "hash_matches": same, "kernel_hash_matches": kernel_same,
         "program_hash_matches": program_same, "recorded_reward": rec.reward,
         "reward": None if ev is None else ev.reward, "reward_source": None if ev is None else ev.source,
         "speedup": None if ev is None else ev.speedup,
         "program": None if s.lowered is None else print_program(s.lowered).rstrip("\n")}
    if args.json:
        print(json.dumps(d, indent=2))
        return 0
    print(f"{rec.benchmark}  seed={rec.seed}  {len(rec.actions)} actions  -> phase {s.phase.name}")
    for line in steps:
        print(f"  {line}")
    if same:
        print("  program and kernel hashes match the record")
    elif kernel_same:
        print("  kernel hash matches the record (the same OpenCL and launch); the program hash differs (the "
              "compiler now derives the program in another form)")
    elif same is not None:
        print("  program and kernel hashes DIFFER from the record")
    if ev is not None:
        rec_r = "-" if rec.reward is None else f"{rec.reward:.6f}"
        sp = "" if ev.speedup is None else f", speedup {ev.speedup:.4f}x"
        print(f"  reward {ev.reward:.6f} ({ev.source}{sp}); recorded {rec_r} ({rec.reward_source})")
    if d["program"] is not None:
        print("  final program:")
        for line in d["program"].splitlines():
            print(f"    {line}")
        print(f"  its OpenCL: lift-gym show {args.state} --opencl")
    return 0


def _configure_validate(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE.json", help="an episode record")
    p.add_argument("--on-device", action="store_true", help="also run the kernel on the OpenCL device and check it")
    p.add_argument("--no-reward", action="store_true", help="skip re-evaluating the reward")
    p.add_argument("--no-remeasure", action="store_true", help="read a measured reward back from the store")
    p.add_argument("--store", metavar="PATH", help="the measurement store instead of the record's")
    p.add_argument("--model", metavar="PATH", help="the saved kNN model instead of the record's")
    p.add_argument("--json", action="store_true", help="machine-readable output")


@command("validate", configure=_configure_validate)
def cmd_validate(args: argparse.Namespace) -> int:
    rec = read_record(args.state)
    try:
        report = validate(rec, on_device=args.on_device, check_reward=not args.no_reward,
                          remeasure=not args.no_remeasure, roots=record_roots(args.state), store=args.store,
                          model=args.model)
    except _KNOWN_ERRORS as err:
        raise CliError(str(err)) from None
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(report)
    failed = [f"{n}: {d}" for n, ok, d in report.checks if not ok]
    if failed:
        print(f"lift-gym: validation failed: {'; '.join(' '.join(f.split()) for f in failed)}", file=sys.stderr)
        return 1
    return 0


__all__ = ["cmd_evaluate", "cmd_replay", "cmd_search", "cmd_train", "cmd_validate", "describe_actions", "final_state",
           "read_record"]
