"""Training presets: `configs/NAME.yaml` loaded into frozen dataclasses, validated with errors naming the key.

    cfg = load_config("configs/quick.yaml")        # ExperimentConfig(env, reward, policy, train, run)
    cfg = config_from_dict(d, source="manifest")   # the same checks on a dict (a run manifest's copy)
    d = cfg.to_dict()                              # plain JSON-able data (round-trips through config_from_dict)

Every key is optional (the dataclass defaults below); an unknown key is an error with the close names
(`train.learnig_rate: unknown key (did you mean learning_rate?)`); a bad value names its path and what was
expected (`train.learning_rate: expected a positive number, got "fast"`). All errors of a file are reported at
once, in a `ConfigError` (a ValueError). Numbers written as strings that parse as numbers are accepted, because
YAML 1.1 (PyYAML) reads `3e-4` as a string; anything else is not.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import json
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from compiler.constraints.device import PROFILES
from compiler.errors import CompilerError, ParseError, UnknownBenchmark
from compiler.runtime.pool import PoolConfig
from compiler.suite import resolve
from lift_gym.rewards import SOURCES
from lift_gym.transition import MAX_NODES, MAX_REWRITES, MAX_SLOTS

# the algorithms that honour action masks; LiftGym rejects an illegal action, so masks are required. MaskableA2C is
# synchronous advantage actor-critic (Mnih et al. 2016) through sb3-contrib's MaskablePPO: one epoch over the whole
# rollout as one batch, so each rollout makes one gradient step at probability ratio 1, where PPO's clipped loss has
# A2C's gradient; advantages not normalised and RMSprop, as SB3's A2C (agents.train.build_model)
MASKED_ALGORITHMS = ("MaskablePPO", "MaskableA2C")
# SB3 / sb3-contrib algorithms that cannot train on LiftGym, and why
UNMASKED_ALGORITHMS = {
    **dict.fromkeys(("PPO", "A2C", "DQN", "QRDQN", "TRPO", "ARS", "RecurrentPPO"),
                    "it does not use action masks, so it would pick illegal actions, which LiftGym rejects with "
                    "gymnasium.error.InvalidAction (masks are required, never a silent penalty)"),
    **dict.fromkeys(("SAC", "TD3", "DDPG", "TQC", "CrossQ", "HER"),
                    "it needs a continuous (Box) action space and LiftGym's is Discrete"),
}
EXTRACTORS = ("nodes", "combined")
MAX_ROLLOUT_STEPS = 1 << 20  # train.n_steps x env.n_envs: SB3 allocates the rollout buffer for all of them at once
ROLLOUT_ENV = "LIFT_GYM_MAX_ROLLOUT_STEPS"
MAX_NET_WIDTH = 4096  # policy.features_dim, node_dim and each net_arch layer
WIDTH_ENV = "LIFT_GYM_MAX_NET_WIDTH"
MAX_LAYERS = 32  # policy.net_arch
MAX_WORKERS = 256  # reward.ray.workers: measurement actors started at once
WORKERS_ENV = "LIFT_GYM_MAX_WORKERS"
MAX_EPISODES = 10**6  # episode and evaluation counts of the config (each episode runs the env to its end)
HEADS = ("flat", "node")


class ConfigError(ValueError):
    """An invalid configuration: `errors` lists one `key.path: message` per problem."""

    def __init__(self, errors: list[str], source: str = ""):
        self.errors, self.source = list(errors), source
        where = f"{source}: " if source else ""
        super().__init__(where + "; ".join(self.errors))


# --- the sections --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EnvConfig:
    """What to train on: benchmark URIs and the env's shape (must match at evaluation time)."""

    benchmarks: tuple[str, ...] = ("benchmark://lift/mm/small",)
    sampling: str = "random"  # random: every sub-env draws a benchmark per reset; per_env: sub-env i owns one
    n_envs: int = 1
    vec_env: str = "dummy"  # dummy (one process) | subproc (one process per sub-env)
    max_rewrites: int = 6
    max_nodes: int = 256
    n_slots: int = 32


@dataclass(frozen=True)
class RewardSection:
    """The reward source (lift_gym.rewards.RewardConfig's fields)."""

    source: str = "predicted"
    fallback: str | None = None
    device: str | None = None
    store: str | None = None
    model: str | None = None
    ray: PoolConfig | None = None  # measured: Ray actors measure, one per device (address, workers, ...); None: local
    profile: str = "generic"  # the device profile of the tuning slots and the analytical reward (generic, h100, pocl)

    @property
    def pool(self) -> PoolConfig:
        """The measurement pool of lift_gym's RewardConfig: the Ray actors of `ray`, else the local worker."""
        return self.ray or PoolConfig()


@dataclass(frozen=True)
class PolicyConfig:
    """The network: a `BaseFeaturesExtractor` (agents.policy), the MLPs after it and the action head."""

    extractor: str = "nodes"  # nodes: per-node MLP + pooling (agents.policy); combined: SB3's CombinedExtractor
    head: str = "flat"  # flat: SB3's linear layer over every action; node: rewrites scored per node (node_policy)
    features_dim: int = 128
    node_dim: int = 64
    net_arch: tuple[int, ...] = (64, 64)
    activation: str = "tanh"  # tanh | relu


@dataclass(frozen=True)
class TrainConfig:
    """The algorithm and its hyper-parameters (MaskablePPO's constructor arguments). With MaskableA2C,
    `batch_size`, `n_epochs` and `clip_range` do not apply: one gradient step per rollout of n_steps x n_envs."""

    algorithm: str = "MaskablePPO"
    total_steps: int = 20_000
    seed: int = 0
    learning_rate: float = 3e-4
    n_steps: int = 256
    batch_size: int = 64
    n_epochs: int = 4
    gamma: float = 1.0  # one reward, at the end of a short episode: discounting would only favour fewer rewrites
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    device: str = "cpu"  # torch device: cpu | cuda | auto
    torch_threads: int = 1  # torch.set_num_threads for training (0: torch's default); small nets run best on 1
    imitation_epochs: int = 0  # > 0: a fresh run first fits the best named lowering's episodes (agents.imitation)


@dataclass(frozen=True)
class RunConfig:
    """Where and how the run is recorded."""

    out_dir: str = "runs/{name}"
    checkpoint_every: int = 2048
    keep_checkpoints: int = 3
    tensorboard: bool = True  # only if the tensorboard package is importable (a note says so otherwise)
    progress_bar: bool = True
    eval_every: int = 0  # 0: no MaskableEvalCallback
    eval_episodes: int = 5
    eval_benchmarks: tuple[str, ...] = ()  # default: env.benchmarks
    verbose: int = 0


@dataclass(frozen=True)
class PipelineConfig:
    """`lift-gym pipeline` (agents/pipeline.py): what to measure before training and how to evaluate after."""

    measure_benchmarks: tuple[str, ...] = ()  # default: env.benchmarks
    measure_per_benchmark: int = 16  # distinct random valid kernels measured per benchmark
    measure_presets: int = 0  # and kernels per benchmark by the presets search (named lowerings, their neighbours)
    eval_benchmarks: tuple[str, ...] = ()  # benchmarks to evaluate on (not trained on); required by the pipeline
    eval_budget: int = 16  # evaluations per method and benchmark
    eval_seed: int = 0  # the first evaluation seed
    eval_seeds: int = 1  # runs per method and benchmark, seeds eval_seed, eval_seed + 1, ...
    jobs: int = 1  # measure benchmarks and evaluation runs at once, each in its own process (launches take turns)
    baselines: tuple[str, ...] = ("random",)
    eval_reward: str = "measured"
    refit_rounds: int = 0  # > 0: train in rounds, each followed by measuring the policy's picks and refitting
    refit_episodes: int = 4  # policy episodes per round and training benchmark (its distinct kernels measured)


@dataclass(frozen=True)
class ExperimentConfig:
    name: str = "default"
    env: EnvConfig = field(default_factory=EnvConfig)
    reward: RewardSection = field(default_factory=RewardSection)
    policy: PolicyConfig = field(default_factory=PolicyConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    run: RunConfig = field(default_factory=RunConfig)
    pipeline: PipelineConfig = field(default_factory=PipelineConfig)

    def to_dict(self) -> dict[str, Any]:
        return json.loads(json.dumps(dataclasses.asdict(self)))

    @property
    def out_dir(self) -> Path:
        return Path(self.run.out_dir.format(name=self.name))


# --- value checks: each returns the converted value or raises _Bad("expected ..., got ...") --------------------
class _Bad(Exception):
    pass


def _show(v: Any) -> str:
    return json.dumps(v, default=str)


def _number(v: Any) -> float:
    if isinstance(v, bool):
        raise _Bad(f"expected a number, got {_show(v)}")
    x = float(v) if isinstance(v, int | float) else None
    if isinstance(v, str):
        with contextlib.suppress(ValueError):
            x = float(v)
    if x is None or not math.isfinite(x):
        raise _Bad(f"expected a finite number, got {_show(v)}")
    return x


def _integer(v: Any) -> int:
    if isinstance(v, bool):
        raise _Bad(f"expected an integer, got {_show(v)}")
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, str):
        try:
            return int(v.replace("_", ""))
        except ValueError:
            pass
    raise _Bad(f"expected an integer, got {_show(v)}")


def positive_number(v: Any) -> float:
    try:
        x = _number(v)
    except _Bad:
        raise _Bad(f"expected a positive number, got {_show(v)}") from None
    if not x > 0:
        raise _Bad(f"expected a positive number, got {_show(v)}")
    return x


def nonneg_number(v: Any) -> float:
    try:
        x = _number(v)
    except _Bad:
        raise _Bad(f"expected a number >= 0, got {_show(v)}") from None
    if x < 0:
        raise _Bad(f"expected a number >= 0, got {_show(v)}")
    return x


def unit_interval(v: Any) -> float:
    try:
        x = _number(v)
    except _Bad:
        raise _Bad(f"expected a number in [0, 1], got {_show(v)}") from None
    if not 0 <= x <= 1:
        raise _Bad(f"expected a number in [0, 1], got {_show(v)}")
    return x


def int_at_least(lo: int) -> Callable[[Any], int]:
    what = "a positive integer" if lo == 1 else f"an integer >= {lo}"

    def check(v: Any) -> int:
        try:
            n = _integer(v)
        except _Bad:
            raise _Bad(f"expected {what}, got {_show(v)}") from None
        if n < lo:
            raise _Bad(f"expected {what}, got {_show(v)}")
        return n

    return check


def int_between(lo: int, hi: int) -> Callable[[Any], int]:
    at_least = int_at_least(lo)

    def check(v: Any) -> int:
        n = at_least(v)
        if n > hi:
            raise _Bad(f"expected an integer <= {hi}, got {_show(v)}")
        return n

    return check


def boolean(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    raise _Bad(f"expected true or false, got {_show(v)}")


def string(v: Any) -> str:
    if isinstance(v, str) and v:
        return v
    raise _Bad(f"expected a non-empty string, got {_show(v)}")


def optional_string(v: Any) -> str | None:
    return None if v is None else string(v)


def choice(*options: str) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if isinstance(v, str) and v in options:
            return v
        close = difflib.get_close_matches(str(v), options, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise _Bad(f"expected one of {', '.join(options)}, got {_show(v)}{hint}")

    return check


def optional_choice(*options: str) -> Callable[[Any], str | None]:
    inner = choice(*options)
    return lambda v: None if v is None else inner(v)


def ray_pool(v: Any) -> PoolConfig | None:
    """`reward.ray`: null (the local worker) or a mapping of PoolConfig's ray keys."""
    if v is None:
        return None
    if not isinstance(v, Mapping):
        raise _Bad(f"expected a mapping of {', '.join(RAY_CHECKS)} (or null: measure locally), got {_show(v)}")
    values: dict[str, Any] = {}
    for key, raw in v.items():
        if key == "backend" and raw == "ray":  # written by ExperimentConfig.to_dict
            continue
        if key not in RAY_CHECKS:
            close = difflib.get_close_matches(str(key), list(RAY_CHECKS), n=1)
            hint = f" (did you mean {close[0]}?)" if close else f" (known keys: {', '.join(RAY_CHECKS)})"
            raise _Bad(f"{key}: unknown key{hint}")
        try:
            values[key] = RAY_CHECKS[key](raw)
        except _Bad as bad:
            raise _Bad(f"{key}: {bad}") from None
    return PoolConfig(backend="ray", **values)


def benchmark_uri(v: Any) -> str:
    text = string(v)
    try:
        resolve(text)
    except UnknownBenchmark as err:
        raise _Bad(str(err)) from None
    except ParseError as err:  # a file that is not a program: its position, never its text
        where = f" (parse error at line {err.line}, column {err.col})" if err.line else ""
        raise _Bad(f"{text} is not a program file{where}") from None
    except CompilerError as err:
        raise _Bad(f"{text} is not a usable benchmark ({type(err).__name__}: "
                   f"{' '.join(str(err).split())[:200]})") from None
    return text


def _split_key(v: Mapping, key: str, check: Callable[[Any], int]) -> int:
    try:
        return check(v[key])
    except _Bad as bad:
        raise _Bad(f"split {v['split']} {key}: {bad}") from None


def benchmark_uris(v: Any) -> str | tuple[str, ...]:
    """A benchmark URI (checked by `resolve`), or a split of a generated dataset, `{split: generated-v1/train}`
    (with `preset: small|gpu`, small by default): every URI of the split, in order (valid by construction).
    `count: K` keeps the split's first K programs; with `seed: S`, K drawn without replacement by a NumPy generator
    seeded with S (the same K on every machine), kept in the split's order."""
    if not isinstance(v, Mapping):
        return benchmark_uri(v)
    from compiler.suite import generate

    unknown = [k for k in v if k not in ("split", "preset", "count", "seed")]
    if unknown or "split" not in v:
        raise _Bad(f"a split item is {{split: {generate.DATASET}/SPLIT[, preset: small|gpu][, count: K[, seed: S]]}}, "
                   f"got {_show(dict(v))}")
    dataset, _, split = string(v["split"]).partition("/")
    preset = string(v.get("preset", "small"))
    if dataset != generate.DATASET or split not in generate.SPLITS:
        raise _Bad(f"split {v['split']!r}: expected {generate.DATASET}/{'|'.join(generate.SPLITS)}")
    if preset not in ("small", "gpu"):
        raise _Bad(f"split preset {preset!r}: expected small or gpu")
    names = generate.names(split)
    if "seed" in v and "count" not in v:
        raise _Bad(f"split {v['split']}: seed {_show(v['seed'])} draws a sample, which needs count: K")
    if "count" in v:
        count = _split_key(v, "count", int_between(1, len(names)))
        if "seed" not in v:
            names = names[:count]
        else:
            keep = np.random.default_rng(_split_key(v, "seed", int_between(0, 2**32 - 1))).choice(
                len(names), size=count, replace=False)
            names = [names[i] for i in sorted(keep)]
    return tuple(f"benchmark://{dataset}/{n}/{preset}" for n in names)


_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def run_name(v: Any) -> str:
    """`name`: one plain folder name (letters, digits, '_', '.', '-'; not starting with '.'), so `run.out_dir`'s
    {name} cannot leave the folder it is put in."""
    if not isinstance(v, str) or not _NAME.fullmatch(v) or len(v) > 128:
        raise _Bad(f"expected a plain name (letters, digits, '_', '.', '-', at most 128, not starting with '.'; "
                   f"it names the run folder), got {_show(v)[:80]}")
    return v


def out_dir(v: Any) -> str:
    """`run.out_dir`: a folder path with no '..' component (the run's files stay inside it)."""
    text = string(v)
    if "\0" in text or ".." in Path(text).parts:
        raise _Bad(f"expected a folder path without '..' components, got {_show(text)[:120]}")
    try:
        text.format(name="x")
    except (KeyError, IndexError, ValueError) as err:
        raise _Bad(f"expected a folder path in which only {{name}} is replaced, got {_show(text)[:120]} "
                   f"({type(err).__name__})") from None
    return text


def _env_limit(name: str, default: int) -> int:
    text = os.environ.get(name, "").strip().replace("_", "")
    return int(text) if text.isdigit() and int(text) > 0 else default


def max_rollout_steps() -> int:
    """The most steps one rollout may hold (train.n_steps x env.n_envs): `$LIFT_GYM_MAX_ROLLOUT_STEPS`, else
    MAX_ROLLOUT_STEPS."""
    return _env_limit(ROLLOUT_ENV, MAX_ROLLOUT_STEPS)


def max_net_width() -> int:
    """The widest layer of the policy network: `$LIFT_GYM_MAX_NET_WIDTH`, else MAX_NET_WIDTH."""
    return _env_limit(WIDTH_ENV, MAX_NET_WIDTH)


def max_workers() -> int:
    """The most measurement workers a config may start: `$LIFT_GYM_MAX_WORKERS`, else MAX_WORKERS."""
    return _env_limit(WORKERS_ENV, MAX_WORKERS)


def _limited(lo: int, limit: Callable[[], int], env: str) -> Callable[[Any], int]:
    """An integer >= lo and at most `limit()` (an environment variable raises the limit)."""
    at_least = int_at_least(lo)

    def check(v: Any) -> int:
        n = at_least(v)
        if n > limit():
            raise _Bad(f"{n} is more than the limit of {limit()} (set {env} to raise it)")
        return n

    return check


def algorithm(v: Any) -> str:
    name = string(v)
    if name in MASKED_ALGORITHMS:
        return name
    if name in UNMASKED_ALGORITHMS:
        raise _Bad(f"{name} cannot train on LiftGym: {UNMASKED_ALGORITHMS[name]}; use "
                   f"{' or '.join(MASKED_ALGORITHMS)}")
    close = difflib.get_close_matches(name, [*MASKED_ALGORITHMS, *UNMASKED_ALGORITHMS], n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise _Bad(f"unknown algorithm {_show(name)}{hint}; supported: {', '.join(MASKED_ALGORITHMS)}")


_Check = Callable[[Any], Any]
RAY_CHECKS: dict[str, _Check] = {
    "address": optional_string, "workers": _limited(0, max_workers, WORKERS_ENV),
    "gpus_per_worker": lambda v: None if v is None else nonneg_number(v), "cpus_per_worker": nonneg_number,
    "devices": lambda v: tuple(string(d) for d in (v if isinstance(v, list | tuple) else [v])),
}
_LIST = "list"  # marker: a list whose items are checked by the paired check (key path gets [i])

CHECKS: dict[type, dict[str, _Check | tuple[str, _Check, int]]] = {
    EnvConfig: {
        "benchmarks": (_LIST, benchmark_uris, 1), "sampling": choice("random", "per_env"),
        "n_envs": int_between(1, 1024), "vec_env": choice("dummy", "subproc"),
        "max_rewrites": int_between(0, MAX_REWRITES), "max_nodes": int_between(1, MAX_NODES),
        "n_slots": int_between(1, MAX_SLOTS),
    },
    RewardSection: {
        "source": choice(*SOURCES), "fallback": optional_choice(*SOURCES), "device": optional_string,
        "store": optional_string, "model": optional_string, "ray": ray_pool, "profile": choice(*PROFILES),
    },
    PolicyConfig: {
        "extractor": choice(*EXTRACTORS), "head": choice(*HEADS),
        "features_dim": _limited(1, max_net_width, WIDTH_ENV), "node_dim": _limited(1, max_net_width, WIDTH_ENV),
        "net_arch": (_LIST, _limited(1, max_net_width, WIDTH_ENV), 0), "activation": choice("tanh", "relu"),
    },
    TrainConfig: {
        "algorithm": algorithm, "total_steps": int_between(1, 10**12), "seed": int_between(0, 2**32 - 1),
        "learning_rate": positive_number, "n_steps": _limited(2, max_rollout_steps, ROLLOUT_ENV),
        "batch_size": _limited(2, max_rollout_steps, ROLLOUT_ENV),
        "n_epochs": int_between(1, 10**4), "gamma": unit_interval, "gae_lambda": unit_interval,
        "clip_range": positive_number, "ent_coef": nonneg_number, "vf_coef": nonneg_number,
        "max_grad_norm": positive_number, "device": string, "torch_threads": int_between(0, 1024),
        "imitation_epochs": int_between(0, 10**4),
    },
    RunConfig: {
        "out_dir": out_dir, "checkpoint_every": int_between(1, 10**12), "keep_checkpoints": int_between(1, 10**4),
        "tensorboard": boolean, "progress_bar": boolean, "eval_every": int_between(0, 10**12),
        "eval_episodes": int_between(1, MAX_EPISODES), "eval_benchmarks": (_LIST, benchmark_uris, 0),
        "verbose": int_between(0, 2),
    },
    PipelineConfig: {
        "measure_benchmarks": (_LIST, benchmark_uri, 0), "measure_per_benchmark": int_between(1, MAX_EPISODES),
        "eval_benchmarks": (_LIST, benchmark_uris, 0), "eval_budget": int_between(1, MAX_EPISODES),
        "eval_seed": int_between(0, 2**32 - 1), "eval_seeds": int_between(1, 1000),
        "jobs": int_between(1, 256), "measure_presets": int_between(0, MAX_EPISODES),
        "baselines": (_LIST, choice("guided", "random", "greedy", "beam", "knn", "presets", "sweep", "model",
                                    "evolution"), 0),
        "eval_reward": choice(*SOURCES), "refit_rounds": int_between(0, 1000),
        "refit_episodes": int_between(1, MAX_EPISODES),
    },
}
SECTIONS: dict[str, type] = {"env": EnvConfig, "reward": RewardSection, "policy": PolicyConfig,
                             "train": TrainConfig, "run": RunConfig, "pipeline": PipelineConfig}


def _unknown(path: str, key: Any, known) -> str:
    close = difflib.get_close_matches(str(key), list(known), n=1)
    hint = f" (did you mean {close[0]}?)" if close else f" (known keys: {', '.join(known)})"
    return f"{path}{key}: unknown key{hint}"


def _section(cls: type, data: Any, path: str, errors: list[str]):
    if data is None:
        return cls()
    if not isinstance(data, Mapping):
        errors.append(f"{path}: expected a mapping of keys, got {_show(data)}")
        return cls()
    checks = CHECKS[cls]
    values: dict[str, Any] = {}
    for key, raw in data.items():
        if key not in checks:
            errors.append(_unknown(f"{path}.", key, checks))
            continue
        check = checks[key]
        try:
            if isinstance(check, tuple):
                values[key] = _list(check[1], check[2], raw, f"{path}.{key}", errors)
            else:
                values[key] = check(raw)
        except _Bad as bad:
            errors.append(f"{path}.{key}: {bad}")
    return cls(**values)


def _list(check: _Check, min_len: int, raw: Any, path: str, errors: list[str]) -> tuple:
    items = [raw] if isinstance(raw, str | int | Mapping) and not isinstance(raw, bool) else raw
    if not isinstance(items, list | tuple):
        raise _Bad(f"expected a list, got {_show(raw)}")
    if len(items) < min_len:
        raise _Bad(f"expected at least {min_len} item(s), got none")
    out = []
    for i, item in enumerate(items):
        try:
            value = check(item)
            out.extend(value) if isinstance(value, tuple) else out.append(value)
        except _Bad as bad:
            errors.append(f"{path}[{i}]: {bad}")
    return tuple(out)


def _cross_checks(cfg: ExperimentConfig, errors: list[str]) -> None:
    r, t, e = cfg.reward, cfg.train, cfg.env
    if r.fallback is not None and r.fallback == r.source:
        errors.append(f"reward.fallback: must differ from reward.source ({r.source})")
    if t.n_steps * e.n_envs > max_rollout_steps():
        errors.append(f"train.n_steps: a rollout of {t.n_steps} steps x {e.n_envs} envs is more than the limit of "
                      f"{max_rollout_steps()} steps (set {ROLLOUT_ENV} to raise it)")
    if len(cfg.policy.net_arch) > MAX_LAYERS:
        errors.append(f"policy.net_arch: {len(cfg.policy.net_arch)} layers, more than the limit of {MAX_LAYERS}")
    if t.algorithm != "MaskableA2C" and t.batch_size > t.n_steps * e.n_envs:  # A2C: the rollout is the batch
        errors.append(f"train.batch_size: {t.batch_size} is larger than a rollout (train.n_steps x env.n_envs = "
                      f"{t.n_steps * e.n_envs})")
    if cfg.policy.head == "node" and cfg.policy.extractor != "nodes":
        errors.append(f"policy.head: node scores actions from node embeddings and needs extractor: nodes (got "
                      f"{cfg.policy.extractor})")
    if cfg.pipeline.refit_rounds > t.total_steps:
        errors.append(f"pipeline.refit_rounds: {cfg.pipeline.refit_rounds} rounds cannot split train.total_steps = "
                      f"{t.total_steps}")
    if e.sampling == "per_env" and e.n_envs < len(e.benchmarks):
        errors.append(f"env.sampling: per_env needs env.n_envs >= the {len(e.benchmarks)} benchmarks "
                      f"(got {e.n_envs}); use sampling: random")


def config_from_dict(data: Any, source: str = "", name: str | None = None) -> ExperimentConfig:
    """Validate `data` (a parsed YAML document) into an `ExperimentConfig`; raise ConfigError listing every problem."""
    errors: list[str] = []
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise ConfigError([f"expected a mapping of sections ({', '.join(SECTIONS)}), got {_show(data)}"], source)
    known = ("name", *SECTIONS)
    for key in data:
        if key not in known:
            errors.append(_unknown("", key, known))
    parts = {k: _section(cls, data.get(k), k, errors) for k, cls in SECTIONS.items()}
    cfg_name = data.get("name", name or "default")
    try:
        cfg_name = run_name(cfg_name)
    except _Bad as bad:
        errors.append(f"name: {bad}")
        cfg_name = "default"
    cfg = ExperimentConfig(name=cfg_name, **parts)
    if not errors:
        _cross_checks(cfg, errors)
    if errors:
        raise ConfigError(errors, source)
    return cfg


class _DuplicateKey(Exception):
    pass


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML's safe loader, except that a key given twice in one mapping is an error (PyYAML keeps the last)."""

    def construct_mapping(self, node, deep=False):
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                first = seen.get(key)
            except TypeError:  # an unhashable key: PyYAML's own error follows
                break
            line = key_node.start_mark.line + 1
            if first is not None:
                raise _DuplicateKey(f"line {line}: duplicate key {_show(key)[:80]} (first given on line {first}); "
                                    "give each key once")
            seen[key] = line
        return super().construct_mapping(node, deep=deep)


MAX_CONFIG_BYTES = 1 << 20  # a config file is a few hundred lines


def load_config(path: str | Path) -> ExperimentConfig:
    """Read and validate a YAML preset; `name` defaults to the file's stem. A key given twice is an error."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise ConfigError(["not a regular file (a folder, device or FIFO)"], str(path))
    if path.is_file() and path.stat().st_size > MAX_CONFIG_BYTES:
        raise ConfigError([f"larger than the limit of {MAX_CONFIG_BYTES} bytes: not a config"], str(path))
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ConfigError([f"cannot read the config: {err.strerror}"], str(path)) from None
    except UnicodeDecodeError as err:
        raise ConfigError([f"not UTF-8 text (byte offset {err.start})"], str(path)) from None
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader: plain data only
    except _DuplicateKey as dup:
        raise ConfigError([str(dup)], str(path)) from None
    except RecursionError:
        raise ConfigError(["invalid YAML: nested too deeply"], str(path)) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err)
        raise ConfigError([f"{where}invalid YAML: {problem}"], str(path)) from None
    stem = path.stem if _NAME.fullmatch(path.stem) else "default"
    return config_from_dict(data, str(path), name=stem)


def with_overrides(cfg: ExperimentConfig, **train: Any) -> ExperimentConfig:
    """`cfg` with `train` fields replaced (validated like the file's values)."""
    errors: list[str] = []
    values = {}
    for key, raw in train.items():
        check = CHECKS[TrainConfig][key]
        try:
            values[key] = check(raw)  # type: ignore[operator]
        except _Bad as bad:
            errors.append(f"train.{key}: {bad}")
    if errors:
        raise ConfigError(errors)
    return dataclasses.replace(cfg, train=dataclasses.replace(cfg.train, **values))


__all__ = [
    "EXTRACTORS",
    "HEADS",
    "MASKED_ALGORITHMS",
    "MAX_NET_WIDTH",
    "MAX_ROLLOUT_STEPS",
    "ConfigError",
    "EnvConfig",
    "ExperimentConfig",
    "PipelineConfig",
    "PolicyConfig",
    "RewardSection",
    "RunConfig",
    "TrainConfig",
    "config_from_dict",
    "load_config",
    "max_net_width",
    "max_rollout_steps",
    "with_overrides",
]
