"""Episode records: serialise an episode to JSON, replay it, validate it.

    record = env.unwrapped.episode_state(); text = record.to_json()
    result = replay(text)                      # re-run the actions: final state + reward (same source)
    report = validate(text)                    # replay + checks; report.ok, report.checks

A record holds what is needed to re-run an episode (benchmark URI with its sizes, actions, seed, the
transition config, device fingerprint, package and env versions) and what it produced (the final program's
hash, the kernel's hash, the reward, its source and the noise tolerance of the log speedup).

`validate` re-runs the actions and checks:
1. versions: the package, env and rule catalogue versions match the record's (a mismatch is reported, and the
   remaining checks still run);
2. program hash: the lowered program and the kernel program have the recorded keys;
3. correctness: the lowered program (tuning values bound) evaluated by the reference interpreter matches the
   benchmark's high-level program on seeded random inputs (the benchmark's tolerance); with `on_device=True`
   the kernel also runs on the OpenCL device and is checked against the interpreter's output;
4. reward: re-evaluated with the recorded source and judged by `judge_reward` (docs/limits.md, "Reward
   check"): a deterministic source must give the recorded reward within REWARD_ABS_TOL; a measured reward is
   "consistent", "inconsistent" or "too noisy to tell" from the measurements' own noise (the IQR and sample
   count of each kernel's median, the record's as stored in `noise` and the new measurement's). The record's
   `tolerance` field is informational only: no field of a record sets how closely it is checked.

A record is data a user may receive from someone else: the benchmark file, store and model it names are used
only inside the folders given as `roots` (its own folder and its run folder; `lift-gym replay` and `validate`
pass them, `agents.untrusted.read_record` reads a file with them), no folder it names is created, a store or
model given by the caller replaces the record's, and no error quotes a file the record names.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Sequence
from dataclasses import MISSING, asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import numpy as np
from gymnasium.error import InvalidAction

from compiler import __version__
from compiler.errors import CompilerError, ParseError, UnknownBenchmark
from compiler.ir.interpret import interpret
from compiler.lowering import AUTO, GENERIC_GPU, DeviceLimits, device_profile, stages, substitute_sizes
from compiler.runtime import MeasureConfig, measure_in_process
from compiler.runtime.compare import compare_arrays

from . import transition
from .rewards import SOURCES, Evaluation, KernelEval, RewardConfig, RewardFunction, final_job, inputs_and_gold
from .transition import MAX_NODES, MAX_REWRITES, MAX_SLOTS, Config, State

FORMAT = "lift-gym-episode/1"
ENV_ID = "LiftGym-Rewrite-v7"  # rewrite rules, parallel mapping, memory, work-group sizes
RP_ENV_ID = "LiftGym-RewritePoints-v7"  # the same, after the rewrite-point phase on annotated programs
MEMORY_SINCE = 3  # the env version that added the MEMORY phase and the stencils' colsPerItem: records of earlier
                  # versions replay without them (colsPerItem fixed at 1)
FUSION_SINCE = 4  # the env version that added conv42's padView and cropView (the convolution kernel reads the padded
                  # input and writes the image through views): records of earlier versions replay with both fixed at 0
LAST_GROUP_SINCE = 5  # the env version that added asum's and dot's F (the second kernel in the first's last work
                      # group, one kernel): records of earlier versions replay with F fixed at 0 (two kernels)
TRANSPOSED_A_SINCE = 6  # the env version that added mm's AT (the A tile held transposed in local memory): records of
                        # earlier versions replay with AT fixed at 0
PREFETCH_SINCE = 7  # the env version that added mm's PF (the next tiles loaded into registers): records of earlier
                    # versions replay with PF fixed at 0
SPLIT_K_SINCE = 8  # the env version that is to turn mm's SK (split-K) on by default; until then it is opt-in
                   # (Config(split_k=True)) and a record made with it says so
# the Config switches an env version turned on, with that version: a record says a switch only when it differs
SWITCHED_ON = {"memory": MEMORY_SINCE, "column_blocks": MEMORY_SINCE, "conv_fusion": FUSION_SINCE,
               "last_group": LAST_GROUP_SINCE, "transposed_a": TRANSPOSED_A_SINCE, "prefetch": PREFETCH_SINCE,
               "split_k": SPLIT_K_SINCE}


def env_version(rewrite_points: bool = False) -> str:
    """The env's id (`ENV_ID`, or `RP_ENV_ID` with the rewrite-point phase) and the rule set the action ids
    refer to."""
    return f"{RP_ENV_ID if rewrite_points else ENV_ID}/{stages.rules_version()}"


@dataclass(frozen=True)
class EpisodeState:
    """One episode, as recorded (see the module docstring). `reward` is None for an unfinished episode."""

    benchmark: str
    actions: tuple[int, ...]
    seed: int
    config: dict
    device: str | None
    version: str = __version__
    env_version: str = field(default_factory=env_version)
    program_key: str | None = None
    kernel_key: str | None = None
    reward: float | None = None
    reward_source: str | None = None
    tolerance: float = 0.0
    format: str = FORMAT
    rp_values: dict | None = None  # LiftGym-RewritePoints: the rewrite-point parameter values chosen (JSON-normal)
    noise: dict | None = None  # measured rewards: {"final"|"baseline": {"median_s", "iqr_s", "n_samples"}}

    @staticmethod
    def from_state(state: State, evaluation: Evaluation | None = None,
                   reward_fn: RewardFunction | None = None) -> EpisodeState:
        cfg = state.config
        config = {"max_rewrites": cfg.max_rewrites, "max_nodes": cfg.max_nodes, "n_slots": cfg.n_slots,
                  "limits": asdict(cfg.limits)}
        if cfg.rewrite_points:
            config["rewrite_points"] = True
        version = id_version(env_version(cfg.rewrite_points))
        for key, since in SWITCHED_ON.items():  # said when it is not what the record's env version implies
            if getattr(cfg, key) != (version >= since):
                config[key] = getattr(cfg, key)
        if reward_fn is not None:
            config["reward"] = {"source": reward_fn.config.source, "fallback": reward_fn.config.fallback,
                                "device": reward_fn.config.device, "store": reward_fn.config.store,
                                "model": reward_fn.config.model, "profile": reward_fn.config.profile}
        config = json.loads(json.dumps(config))  # JSON-normal (lists, not tuples): equal after a round trip
        device = reward_fn.ctx.opened_fingerprint if reward_fn is not None else None
        return EpisodeState(
            benchmark=stages.canonical_uri(state.uri), actions=tuple(int(a) for a in state.actions),
            seed=state.seed, config=config, device=device, env_version=env_version(cfg.rewrite_points),
            rp_values=json.loads(json.dumps(dict(state.rp))) if state.rp else None,
            program_key=state.lowered.key if state.kernel is not None and state.lowered is not None else None,
            kernel_key=state.kernel.key if state.kernel is not None else None,
            reward=None if evaluation is None else float(evaluation.reward),
            reward_source=None if evaluation is None else evaluation.source.split(" ")[0],
            tolerance=0.0 if evaluation is None else float(evaluation.tolerance),
            noise=None if evaluation is None else measured_noise(evaluation))

    def to_json(self, indent: int | None = 2) -> str:
        d = asdict(self)
        d["actions"] = list(self.actions)
        return json.dumps(d, indent=indent, sort_keys=True)

    @staticmethod
    def from_json(text: str | dict, roots: Sequence[str | Path] | None = None) -> EpisodeState:
        """The record of JSON text (or its parsed dict), checked by `check_record` (`roots`: the folders a
        benchmark file it names must lie in; give them for a record read from a file)."""
        if isinstance(text, str) and len(text) > MAX_RECORD_CHARS:
            raise ValueError(f"an episode record is at most {MAX_RECORD_CHARS} characters, got {len(text)}")
        try:
            d = json.loads(text) if isinstance(text, str) else text
        except RecursionError:
            raise ValueError("not an episode record: JSON nested too deeply") from None
        except json.JSONDecodeError as err:
            raise ValueError(f"not an episode record: invalid JSON at line {err.lineno}, column {err.colno} "
                             f"({err.msg})") from None
        if roots and isinstance(d, dict) and isinstance(d.get("benchmark"), str):
            d = {**d, "benchmark": _beside(d["benchmark"], Path(roots[0]))}
        check_record(d, roots)
        d = dict(d)
        d["actions"] = tuple(int(a) for a in d["actions"])
        return EpisodeState(**d)

    def transition_config(self) -> Config:
        c = self.config
        lim = dict(c.get("limits", {}))
        if "max_work_item_sizes" in lim:
            lim["max_work_item_sizes"] = tuple(lim["max_work_item_sizes"])
        return Config(max_rewrites=int(c["max_rewrites"]), max_nodes=int(c["max_nodes"]), n_slots=int(c["n_slots"]),
                      limits=DeviceLimits(**lim) if lim else GENERIC_GPU,
                      rewrite_points=bool(c.get("rewrite_points", False)),
                      **{key: bool(c.get(key, id_version(self.env_version) >= since))
                         for key, since in SWITCHED_ON.items()})


def id_version(env_version: str) -> int:
    """The N of an env version's id (`LiftGym-Rewrite-vN/...`); records of an unversioned id count as the current
    version."""
    head = env_version.split("/", 1)[0]
    _, sep, n = head.rpartition("-v")
    return int(n) if sep and n.isdigit() else int(ENV_ID.rpartition("-v")[2])


_MAX_SEED = 2**63 - 1
_OPTIONAL_STR = ("device", "version", "env_version", "program_key", "kernel_key", "reward_source")
MAX_RECORD_CHARS = 16 << 20  # a record is a few kilobytes
_REWARD_KEYS = ("source", "fallback", "device", "store", "model", "profile")


def benchmark_file(uri: str) -> Path | None:
    """The program file a benchmark URI names (a `file://` URI or a plain path), or None for a dataset's URI."""
    parts = urlsplit(uri.strip())
    if parts.scheme == "file":
        return Path(unquote(parts.path))
    plain = uri.strip().split("?")[0]
    if not parts.scheme and plain.endswith(".lift"):
        return Path(plain)
    return None


def _beside(uri: str, folder: Path) -> str:
    """A record's benchmark given as a program file's path relative to the record (`prog.lift?N=64`, so that a
    record and its program travel together) as the file's URI; any other benchmark unchanged."""
    path = benchmark_file(uri)
    if path is None or path.is_absolute() or urlsplit(uri.strip()).scheme:
        return uri
    _, sep, query = uri.strip().partition("?")
    return (folder / path).resolve().as_uri() + (sep + query if sep else "")


def _inside(p: Path, roots: Sequence[str | Path]) -> bool:
    real = [Path(x).resolve() for x in roots]
    q = p.resolve()
    return any(q == d or d in q.parents for d in real)


def check_benchmark(uri: str, roots: Sequence[str | Path] | None) -> None:
    """A ValueError when a record's benchmark is a program file outside `roots` (None: not checked); checked
    before the file is opened."""
    path = benchmark_file(uri)
    if path is None or roots is None:
        return
    if not _inside(path, roots):
        raise ValueError(f"episode record: benchmark: {path} lies outside the record's folder "
                         f"({', '.join(str(Path(r).resolve()) for r in roots)}); a record names only program files "
                         "beside it")


def _resolve_benchmark(uri: str) -> None:
    """stages.resolve(uri) with errors that never quote the file a record names (its position at most)."""
    try:
        stages.resolve(uri)
    except UnknownBenchmark as err:
        raise ValueError(f"episode record: benchmark: {err}") from None
    except CompilerError as err:
        path = benchmark_file(uri)
        if path is None:
            raise ValueError(f"episode record: benchmark: {err}") from None
        where = f" (parse error at line {err.line}, column {err.col})" if isinstance(err, ParseError) and \
            err.line else f" ({type(err).__name__})"
        raise ValueError(f"episode record: benchmark: {path} is not a usable program file{where}") from None


def check_record(d: Any, roots: Sequence[str | Path] | None = None) -> None:
    """A ValueError naming the first field of a loaded episode record that is missing or of the wrong type or
    range, checked before anything is built from it (`EpisodeState.from_json` calls it). `roots`: the folders
    a benchmark file the record names must lie in (None: not checked here; replay and validate check it)."""
    if not isinstance(d, dict):
        raise ValueError(f"an episode record is a JSON object, got {type(d).__name__}")
    if d.get("format") != FORMAT:
        raise ValueError(f"not a lift-gym episode record (format {d.get('format')!r}, expected {FORMAT!r})")
    unknown = sorted(set(d) - set(EpisodeState.__dataclass_fields__))
    if unknown:
        raise ValueError(f"episode record has unknown keys {unknown}")
    for key in ("benchmark", "actions", "seed", "config", "device"):
        if key not in d:
            raise ValueError(f"episode record: {key}: missing")
    if not isinstance(d["benchmark"], str):
        raise ValueError(f"episode record: benchmark: expected a benchmark URI (a string), got {d['benchmark']!r}")
    check_benchmark(d["benchmark"], roots)
    _resolve_benchmark(d["benchmark"])
    actions = d["actions"]
    if not isinstance(actions, list) or not all(_is_int(a, 0, 2**31) for a in actions):
        raise ValueError("episode record: actions: expected a list of non-negative integers")
    if not _is_int(d["seed"], 0, _MAX_SEED):
        raise ValueError(f"episode record: seed: expected an integer in [0, {_MAX_SEED}], got {d['seed']!r}")
    for key in _OPTIONAL_STR:
        if d.get(key) is not None and not isinstance(d[key], str):
            raise ValueError(f"episode record: {key}: expected a string or null, got {d[key]!r}")
    for key, lo in (("reward", -math.inf), ("tolerance", 0.0)):
        v = d.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v < math.inf):
            raise ValueError(f"episode record: {key}: expected a finite number" + (" >= 0" if lo == 0 else "")
                             + f" or null, got {v!r}")
    if d.get("rp_values") is not None and not isinstance(d["rp_values"], dict):
        raise ValueError(f"episode record: rp_values: expected an object or null, got {_short(d['rp_values'])}")
    if d.get("reward_source") is not None and d["reward_source"] not in SOURCES:
        raise ValueError(f"episode record: reward_source: expected one of {', '.join(SOURCES)}, got "
                         f"{_short(d['reward_source'])}")
    _check_noise(d.get("noise"))
    _check_record_config(d["config"])


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 80 else text[:77] + "..."


def _check_noise(n: Any) -> None:
    if n is None:
        return
    if not isinstance(n, dict) or any(k not in ("final", "baseline") for k in n):
        raise ValueError("episode record: noise: expected an object of final and baseline, or null")
    for k, v in n.items():
        if not isinstance(v, dict) or any(f not in ("median_s", "iqr_s", "n_samples") for f in v):
            raise ValueError(f"episode record: noise.{k}: expected an object of median_s, iqr_s, n_samples")
        for f, x in v.items():
            ok = x is None or (_is_int(x, 1, 10**9) if f == "n_samples" else
                               not isinstance(x, bool) and isinstance(x, int | float) and 0 <= x < math.inf
                               and (x > 0 or f == "iqr_s"))
            if not ok:
                raise ValueError(f"episode record: noise.{k}.{f}: bad value {_short(x)}")


def _is_int(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _check_record_config(c: Any) -> None:
    if not isinstance(c, dict):
        raise ValueError(f"episode record: config: expected an object, got {c!r}")
    for key, lo, hi in (("max_rewrites", 0, MAX_REWRITES), ("max_nodes", 1, MAX_NODES), ("n_slots", 1, MAX_SLOTS)):
        if not _is_int(c.get(key), lo, hi):
            raise ValueError(f"episode record: config.{key}: expected an integer in [{lo}, {hi}], got "
                             f"{c.get(key)!r}")
    for key in ("rewrite_points", *SWITCHED_ON):
        if not isinstance(c.get(key, False), bool):
            raise ValueError(f"episode record: config.{key}: expected true or false, got {c[key]!r}")
    lim = c.get("limits", {})
    fields = DeviceLimits.__dataclass_fields__
    if not isinstance(lim, dict) or any(k not in fields for k in lim):
        raise ValueError(f"episode record: config.limits: expected an object of the keys {', '.join(fields)}")
    missing = [k for k, f in fields.items() if lim and k not in lim and f.default is MISSING]
    if missing:
        raise ValueError(f"episode record: config.limits: missing {', '.join(missing)}")
    for k, v in lim.items():
        ok = (isinstance(v, str) if k == "name" else isinstance(v, list) and len(v) == 3 and
              all(_is_int(x, 1, 2**63) for x in v) if k == "max_work_item_sizes" else _is_int(v, 0, 2**63))
        if not ok:
            raise ValueError(f"episode record: config.limits.{k}: bad value {v!r}")
    _check_record_reward(c.get("reward"))


def _check_record_reward(r: Any) -> None:
    if r is None:
        return
    if not isinstance(r, dict) or not all(v is None or isinstance(v, str) for v in r.values()):
        raise ValueError(f"episode record: config.reward: expected an object of strings, got {_short(r)}")
    unknown = sorted(k for k in r if k not in _REWARD_KEYS)
    if unknown:
        raise ValueError(f"episode record: config.reward: unknown keys {unknown} (keys: {', '.join(_REWARD_KEYS)})")
    for key in ("source", "fallback"):
        if r.get(key) is not None and r[key] not in SOURCES:
            raise ValueError(f"episode record: config.reward.{key}: expected one of {', '.join(SOURCES)}, got "
                             f"{_short(r[key])}")
    if r.get("profile") is not None and r["profile"] != AUTO:  # auto: the limits of the replaying device
        try:
            device_profile(r["profile"])
        except (ValueError, KeyError) as err:
            raise ValueError(f"episode record: config.reward.profile: {' '.join(str(err).split())[:200]}") from None


def _record(state_json: str | dict | EpisodeState) -> EpisodeState:
    return state_json if isinstance(state_json, EpisodeState) else EpisodeState.from_json(state_json)


def record_paths(rec: EpisodeState, roots: Sequence[str | Path] | None,
                 keys: Sequence[str] = ("store", "model")) -> dict[str, str | None]:
    """The store and model the record names, each checked to lie inside one of `roots` (the record's own folder,
    the run folder holding it) once symlinks and '..' are resolved, in a folder that exists: nothing a record
    names outside them is read or written, and no folder it names is created. A ValueError names the field.
    `roots` None: the caller vouches for the paths (a record this process made)."""
    r = rec.config.get("reward") or {}
    out: dict[str, str | None] = {k: r.get(k) for k in keys}
    if roots is None:
        return out
    real = [Path(x).resolve() for x in roots]
    for key, v in out.items():
        if v is None:
            continue
        p = Path(v).resolve()
        if not any(p == d or d in p.parents for d in real):
            raise ValueError(f"episode record: config.reward.{key}: {v} lies outside the record's folder "
                             f"{' and its run folder ' if len(real) > 1 else ''}({', '.join(map(str, real))}); "
                             f"give the {key} yourself (--{key} PATH) to use it")
        if not p.parent.is_dir():
            raise ValueError(f"episode record: config.reward.{key}: the folder of {v} does not exist "
                             "(folders a record names are never created)")
    return out


def _reward_config(rec: EpisodeState, reward: RewardConfig | None, store: str | None = None,
                   roots: Sequence[str | Path] | None = None, model: str | None = None) -> RewardConfig | None:
    """The reward configuration to re-evaluate with: `reward` if given, else the recorded source on the recorded
    device, store and model (`store` and `model` override the record's; the record's are checked against
    `roots`, see record_paths)."""
    if reward is not None:
        return reward
    r = rec.config.get("reward")
    if not r or rec.reward_source is None:
        return None
    paths = record_paths(rec, roots, [k for k, given in (("store", store), ("model", model)) if given is None])
    return RewardConfig(source=rec.reward_source, device=r.get("device"), store=store or paths.get("store"),
                        model=model or paths.get("model"), profile=r.get("profile") or "generic")


@dataclass
class ReplayResult:
    record: EpisodeState
    state: State
    evaluation: Evaluation | None


def replay(state_json: str | dict | EpisodeState, reward: RewardConfig | None = None, *,
           roots: Sequence[str | Path] | None = None, store: str | None = None,
           model: str | None = None) -> ReplayResult:
    """Re-run a recorded episode's actions; evaluate the final kernel with `reward` (default: the recorded
    source, on the recorded device selection, with the recorded store and model unless `store` / `model` are
    given) when the episode was complete. `roots`: the folders the record's own paths must lie in (see
    record_paths; give them for a record read from a file)."""
    rec = _record(state_json)
    check_benchmark(rec.benchmark, roots)
    state = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    evaluation = None
    cfg = _reward_config(rec, reward, store, roots, model)
    if transition.is_terminal(state) and cfg is not None:
        fn = RewardFunction(cfg)
        try:
            evaluation = fn.evaluate(state)
        finally:
            fn.close()
    return ReplayResult(rec, state, evaluation)


@dataclass
class ValidationReport:
    record: EpisodeState
    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    evaluation: Evaluation | None = None
    reward_verdict: str | None = None  # judge_reward's verdict when the reward was checked

    @property
    def ok(self) -> bool:
        return all(ok for _, ok, _ in self.checks)

    def add(self, name: str, ok: bool, detail: str = "") -> None:
        self.checks.append((name, bool(ok), detail))

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "benchmark": self.record.benchmark,
                "checks": [{"check": n, "ok": ok, "detail": d} for n, ok, d in self.checks],
                "reward": None if self.evaluation is None else self.evaluation.reward,
                "reward_source": None if self.evaluation is None else self.evaluation.source,
                "reward_verdict": self.reward_verdict}

    def __str__(self) -> str:
        lines = [f"{'OK' if self.ok else 'FAILED'}: {self.record.benchmark} ({len(self.record.actions)} actions)"]
        lines += [f"  [{'ok' if ok else 'FAIL'}] {n}: {d}" for n, ok, d in self.checks]
        return "\n".join(lines)


def validate(state_json: str | dict | EpisodeState, reward: RewardConfig | None = None, *,
             on_device: bool = False, check_reward: bool = True, remeasure: bool = True,
             roots: Sequence[str | Path] | None = None, store: str | None = None,
             model: str | None = None) -> ValidationReport:
    """Replay a recorded episode and check versions, hashes, correctness and reward (module docstring).

    A measured reward is measured again (in a temporary store) when `remeasure`, so the check compares two
    measurements within the recorded noise; otherwise it is read back from the recorded store (or `store`).
    `roots`, `store` and `model` as in `replay`."""
    rec = _record(state_json)
    check_benchmark(rec.benchmark, roots)
    report = ValidationReport(rec)
    running = env_version(rec.transition_config().rewrite_points)
    report.add("versions", rec.version == __version__ and rec.env_version == running,
               f"recorded {rec.version} / {rec.env_version}, running {__version__} / {running}")
    try:
        state = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    except (CompilerError, InvalidAction) as err:
        report.add("replay", False, f"{type(err).__name__}: {err}")
        return report
    report.add("replay", transition.is_terminal(state) or rec.reward is None,
               f"phase {state.phase.name} after {len(rec.actions)} actions")
    if rec.rp_values is not None or state.rp:
        got = json.loads(json.dumps(dict(state.rp))) if state.rp else None
        report.add("rewrite points", got == rec.rp_values, f"replayed {got}, recorded {rec.rp_values}")
    if not transition.is_terminal(state):
        return report
    assert state.lowered is not None and state.kernel is not None
    report.add("program hash", state.lowered.key == rec.program_key and state.kernel.key == rec.kernel_key,
               f"program {state.lowered.key[:16]} (recorded {str(rec.program_key)[:16]}), kernel "
               f"{state.kernel.key[:16]} (recorded {str(rec.kernel_key)[:16]})")
    _check_interpreter(report, state)
    if on_device:
        _check_device(report, state, reward or _reward_config(rec, None, store, roots, model))
    if check_reward and rec.reward is not None:
        with tempfile.TemporaryDirectory(prefix="lift-gym-validate-") as tmp:
            fresh = remeasure and reward is None and rec.reward_source == "measured"
            cfg = _reward_config(rec, reward, str(Path(tmp) / "store.sqlite") if fresh else store, roots, model)
            if cfg is None:
                report.add("reward", False, "the record names no reward source to re-evaluate with")
                return report
            fn = RewardFunction(cfg)
            try:
                ev = fn.evaluate(state)
            finally:
                fn.close()
        report.evaluation = ev
        j = judge_reward(rec, ev)
        report.reward_verdict = j.verdict
        report.add("reward", j.ok, f"{ev.reward:.6f} ({ev.source}) vs recorded {rec.reward:.6f} "
                                   f"({rec.reward_source}): {j.detail}")
    return report


# --- the reward check (docs/limits.md, "Reward check") ---------------------------------------------------------
REWARD_ABS_TOL = 1e-6  # deterministic sources (analytical, predicted, replay): the same reward, to rounding
NOISE_SIGMAS = 4.0  # a measured difference within this many standard errors of the log speedup is noise
DRIFT = math.log(1.10)  # run-to-run drift that one run's IQR does not show (clocks, other processes): 10%
TOO_NOISY = math.log(1.5)  # a check looser than this cannot tell a 1.5x difference: "too noisy to tell"
MEDIAN_SE = 1.2533 / 1.349  # standard error of a sample median in units of IQR / sqrt(n) (normal samples)
CONSISTENT, INCONSISTENT, TOO_NOISY_TO_TELL = "consistent", "inconsistent", "too noisy to tell"


def _kernel_noise(k: KernelEval) -> dict[str, Any]:
    r = k.report or {}
    n = r.get("n_samples")
    return {"median_s": k.time_s if k.time_s and k.time_s > 0 else None,
            "iqr_s": r.get("iqr_s") if isinstance(r.get("iqr_s"), int | float) else None,
            "n_samples": int(n) if isinstance(n, int) and not isinstance(n, bool) and n >= 1 else None}


def measured_noise(ev: Evaluation) -> dict | None:
    """The noise of a measured reward's two medians (median, IQR and sample count of each), for the record."""
    if ev.source.split(" ")[0] != "measured":
        return None
    return json.loads(json.dumps({"final": _kernel_noise(ev.final), "baseline": _kernel_noise(ev.baseline)}))


def log_speedup_se(noise: dict | None) -> float | None:
    """The standard error of a log speedup from its two medians' noise: sqrt(se_final^2 + se_baseline^2), each
    se = MEDIAN_SE x (IQR / median) / sqrt(n); None when a median, IQR or sample count is unknown."""
    if not noise:
        return None
    total = 0.0
    for k in ("final", "baseline"):
        v = noise.get(k) or {}
        med, iqr, n = v.get("median_s"), v.get("iqr_s"), v.get("n_samples")
        if not med or iqr is None or not n:
            return None
        total += (MEDIAN_SE * (iqr / med) / math.sqrt(n)) ** 2
    return math.sqrt(total)


@dataclass(frozen=True)
class RewardJudgement:
    verdict: str  # consistent | inconsistent | too noisy to tell
    ok: bool
    detail: str


def judge_reward(rec: EpisodeState, ev: Evaluation) -> RewardJudgement:
    """Whether a re-evaluated reward agrees with the recorded one (module docstring; docs/limits.md). Nothing of
    the record but its reward, source and measured noise enters the check."""
    diff = abs(ev.reward - rec.reward) if math.isfinite(ev.reward) else math.inf
    if rec.reward_source != "measured" or diff <= REWARD_ABS_TOL:
        ok = diff <= REWARD_ABS_TOL
        return RewardJudgement(CONSISTENT if ok else INCONSISTENT, ok,
                               f"{CONSISTENT if ok else INCONSISTENT}: |difference| {diff:.3g} "
                               f"{'<=' if ok else '>'} {REWARD_ABS_TOL:g}")
    se_new = log_speedup_se(measured_noise(ev))
    se_rec = log_speedup_se(rec.noise)
    note = ""
    if se_rec is None and se_new is not None:
        se_rec, note = se_new, "; the record stores no noise, taken as the new measurement's"
    if se_new is None and se_rec is not None:
        se_new, note = se_rec, "; the new measurement has no noise, taken as the record's"
    if se_new is None or se_rec is None:
        return RewardJudgement(TOO_NOISY_TO_TELL, False, f"{TOO_NOISY_TO_TELL}: |log difference| {diff:.3g}; "
                               "neither measurement has an IQR and sample count to judge it by")
    se = math.hypot(se_rec, se_new)
    tol = NOISE_SIGMAS * se + DRIFT
    numbers = (f"|log difference| {diff:.3g} ({math.exp(min(diff, 700)):.3g}x), allowed {tol:.3g} = "
               f"{NOISE_SIGMAS:g} x standard error {se:.3g} (recorded {se_rec:.3g}, new {se_new:.3g}) + drift "
               f"{DRIFT:.3g}{note}")
    if diff > tol:
        return RewardJudgement(INCONSISTENT, False, f"{INCONSISTENT}: {numbers}")
    if tol > TOO_NOISY:
        return RewardJudgement(TOO_NOISY_TO_TELL, False, f"{TOO_NOISY_TO_TELL}: {numbers}, looser than "
                               f"{TOO_NOISY:.3g} (a 1.5x difference)")
    return RewardJudgement(CONSISTENT, True, f"{CONSISTENT}: {numbers}")


def _check_interpreter(report: ValidationReport, state: State) -> None:
    bench, _ = stages.resolve(state.uri)
    sizes = state.size_map
    inputs = bench.make_inputs(sizes, np.random.default_rng(state.seed))
    want = interpret(bench.program, inputs, sizes)
    program = substitute_sizes(state.lowered, state.assignment) if state.assignment else state.lowered
    got = interpret(program, inputs, sizes)
    wants = want if isinstance(want, tuple) else (want,)
    gots = got if isinstance(got, tuple) else (got,)
    cfg = MeasureConfig()  # the comparison of `run` and `check` (NaN matches only NaN, an infinity only itself)
    bound = bench.error_bound(inputs, sizes) if len(wants) == 1 else None
    cmps = [compare_arrays(f"result {i}", np.asarray(g), np.asarray(w), cfg.rtol, cfg.atol, bound=bound)
            for i, (g, w) in enumerate(zip(gots, wants, strict=True))]
    bad = [c.message for c in cmps if not c.ok]
    nans = sum(c.nan_matched for c in cmps)
    report.add("interpreter", not bad,
               f"lowered vs high-level program: max relative error {max(c.max_rel for c in cmps):.3g} (rtol "
               f"{cfg.rtol:g}, atol {cfg.atol:g})" + (f"; {bad[0]}" if bad else "")
               + (f"; {nans} elements NaN where the high-level program's are" if nans else ""))


def _check_device(report: ValidationReport, state: State, cfg: RewardConfig | None) -> None:
    job = final_job(state)
    inputs, gold = inputs_and_gold(job)
    device = cfg.device if cfg is not None else None
    quick = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-4, min_samples=1, max_samples=1)
    m = measure_in_process(job.kernel, inputs, gold, quick, device=device)
    report.add("device", m.ok and m.checked, f"{m.status} on {m.device}: {m.message[:200]}")


__all__ = ["CONSISTENT", "DRIFT", "ENV_ID", "FORMAT", "FUSION_SINCE", "INCONSISTENT", "LAST_GROUP_SINCE",
           "MAX_RECORD_CHARS", "MEMORY_SINCE", "NOISE_SIGMAS", "PREFETCH_SINCE", "REWARD_ABS_TOL", "RP_ENV_ID",
           "SPLIT_K_SINCE", "TOO_NOISY", "TOO_NOISY_TO_TELL", "TRANSPOSED_A_SINCE", "EpisodeState", "ReplayResult",
           "RewardJudgement", "ValidationReport", "benchmark_file", "check_benchmark", "env_version", "id_version",
           "judge_reward", "log_speedup_se", "measured_noise", "record_paths", "replay", "validate"]
