"""Reward sources: log speedup of the episode's final kernel over the benchmark's default lowering.

    reward = log(throughput(final) / throughput(default lowering))     (same program and sizes, so = log(t_d / t_f))

given at the last step of an episode (every other step rewards 0; no shaping). Sources:

- `measured`: the runtime's protocol (build, correctness check against the interpreter's output on seeded random
  inputs, warm-up, batched samples, median) in a `MeasureWorker` process, or on the Ray actors of a measurement
  pool (`RewardConfig.pool`, compiler.runtime.pool: `evaluate_many` measures many kernels at once, one per
  device), the results written to the store by this process only. Every result is stored in the sqlite
  `MeasurementStore` under its content key (kernel sources + launch sizes + input sizes + device + driver +
  package version), with its P000 features; the store is consulted first, so a kernel is measured once. The
  final kernel is measured with the baseline's median as `best_known_s`, so a kernel 5x slower than the
  default lowering is pruned early; its reward then uses the (lower-bound) median at pruning. A kernel that
  fails (wrong result, crash) gets `failure_reward`.
- `predicted`: the kNN model of seed 000 (compiler.perf.model: StandardScaler, PCA 95%, k = 5) fitted on the
  store's measurements for the device (leaving the episode's own benchmark out unless configured otherwise),
  predicting both kernels' normalised throughput from their P000 features; deterministic.
- `replay`: the store only; a kernel missing from it raises `RewardUnavailable`, or is evaluated by the
  configured `fallback` source.
- `analytical`: a deterministic roofline estimate from the P000 features and the limits of the configured device
  profile (documented in `analytical_time`); for CI and smoke tests, never a substitute for a measurement.
- `estimated`: the static estimate of compiler.perf.estimate (per-warp traces of the kernel IR, one simulated
  round of work groups scaled by Eq. 8 of Wang et al., TPDS 2019) with the parameters of the device the limits
  describe; deterministic, no device needed (docs/estimation.md).

The device profile (`RewardConfig.profile`: "generic", "h100", "h200", "pocl", or "auto": the limits of the device
in use; compiler.constraints.device.PROFILE_NAMES)
fixes the limits of the tuning slots and the device the analytical reward and the observation's features assume,
whatever OpenCL device the host has. `RewardFunction.check()` opens what the sources need up front (a device that
was asked for, the model file), so a missing one fails when the env is made, not at an episode's last step.

`Evaluation.info()` says which source produced the reward, and carries the measurement reports (or the
predictions), the noise (relative IQRs and the tolerance of the log speedup) and the features.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from compiler.errors import DeviceNotFound, StoreError
from compiler.ir.interpret import interpret
from compiler.ir.node import Program
from compiler.lowering import AUTO, DeviceLimits, KernelProgram, device_profile, stages
from compiler.lowering.presets import baseline
from compiler.perf import features as hw
from compiler.perf.cost_models import fit_cost_model, kind_of, load_cost_model
from compiler.perf.estimate import device_for_limits, estimate_program
from compiler.perf.features import program_features
from compiler.perf.model import KnnPerfModel, ModelUnavailable
from compiler.perf.store import MeasurementStore, Record, measurement_key
from compiler.perf.study import program_of
from compiler.runtime import MeasureConfig, Measurement, MeasureWorker, cl, resolve_spec
from compiler.runtime.pool import MeasureJob, MeasurePool, PoolConfig, open_pool
from compiler.suite import INTERPRETER, SUITE

from .transition import State

SOURCES = ("measured", "predicted", "replay", "analytical", "estimated")
UNMEASURED = "unmeasured"  # the status of a stored `ok` row whose median is no time per launch (from_record)


class RewardUnavailable(RuntimeError):
    """A reward source cannot evaluate a kernel (replay miss, no model, no device); the message says why."""


@dataclass(frozen=True)
class RewardConfig:
    """How rewards are computed (see the module docstring)."""

    source: str = "predicted"
    fallback: str | None = None  # for replay misses and an unavailable model: another source, or None (error)
    store: str | None = None  # sqlite path (None: $LIFT_GYM_STORE or ~/.cache/lift-gym/measurements.sqlite)
    device: str | None = None  # device selection (None: $LIFT_GYM_DEVICE or the default)
    pool: PoolConfig = field(default_factory=PoolConfig)  # measured: local worker (default) or Ray actors
    model: str | None = None  # a saved KnnPerfModel, or a folder of them per device (None: fit on the store)
    leave_benchmark_out: bool = True  # predicted: never use the evaluated benchmark's own rows
    measure: MeasureConfig = field(default_factory=MeasureConfig)
    failure_reward: float = -2.0
    prune: bool = True  # measured: prune kernels much slower than the default lowering
    profile: str = "generic"  # device profile of the tuning slots and the analytical reward (PROFILE_NAMES)

    def __post_init__(self) -> None:
        if self.profile != AUTO:  # `auto`: the limits of the device the context opens (Context.limits)
            device_profile(self.profile)  # a ValueError names an unknown profile
        if self.source not in SOURCES:
            raise ValueError(f"reward source {self.source!r} is not one of {', '.join(SOURCES)}")
        if self.fallback is not None and (self.fallback not in SOURCES or self.fallback == self.source):
            raise ValueError(f"reward fallback {self.fallback!r} must be another of {', '.join(SOURCES)}")


@dataclass(frozen=True)
class KernelEval:
    """One kernel's evaluation: a time (seconds; measured, replayed or estimated) or a predicted normalised
    throughput, its status and report."""

    kernel_key: str
    status: str
    time_s: float | None = None
    throughput: float | None = None  # predicted normalised throughput (predicted source)
    rel_iqr: float = 0.0
    report: dict = field(default_factory=dict)
    features: dict = field(default_factory=dict)
    source: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"


@dataclass(frozen=True)
class Evaluation:
    reward: float
    source: str
    speedup: float | None
    final: KernelEval
    baseline: KernelEval
    tolerance: float  # of the log speedup: rewards within it are indistinguishable (noise)

    def info(self) -> dict[str, Any]:
        return {
            "reward_source": self.source,
            "speedup": self.speedup,
            "log_speedup": self.reward,
            "final": _kernel_info(self.final),
            "baseline": _kernel_info(self.baseline),
            "noise": {"rel_iqr_final": self.final.rel_iqr, "rel_iqr_baseline": self.baseline.rel_iqr,
                      "log_tolerance": self.tolerance},
        }


def _kernel_info(k: KernelEval) -> dict[str, Any]:
    return {"kernel_key": k.kernel_key, "status": k.status, "source": k.source, "time_s": k.time_s,
            "predicted_throughput": k.throughput, "report": dict(k.report), "features": dict(k.features)}


# --- what every source needs -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Job:
    """A kernel to evaluate: the benchmark, its sizes, the lowered program, local size and the kernel."""

    uri: str
    sizes: tuple[tuple[str, int], ...]
    lowered: Program
    local_size: tuple[int, ...] | None
    kernel: KernelProgram
    seed: int = 0

    @property
    def benchmark_key(self) -> str:
        """The benchmark and its sizes (the store's `benchmark` column and the model's group)."""
        return stages.canonical_uri(self.uri)


def final_job(state: State) -> Job:
    assert state.kernel is not None and state.lowered is not None, "the episode has no compiled kernel yet"
    return Job(state.uri, state.sizes, state.lowered, state.tuning.local_size(state.assignment), state.kernel,
               state.seed)


def baseline_job(state: State) -> Job:
    """The benchmark's reward baseline (`presets.baseline`: its generic default lowering's decisions on the one
    route, the work-group size left to the runtime)."""
    base = baseline(state.uri)
    return Job(state.uri, state.sizes, base.lowered, None, base.kernel, state.seed)


class Source:
    """Base of the reward sources: `evaluate_kernel(job)`; `evaluate(state)` for a terminal state."""

    name = ""
    deterministic = True

    def __init__(self, config: RewardConfig, context: Context):
        self.config, self.ctx = config, context

    def evaluate_kernel(self, job: Job, best_known_s: float | None = None) -> KernelEval:
        raise NotImplementedError

    def prepare(self) -> None:
        """Load what evaluations will need, so that a missing file fails now (RewardFunction.check)."""
        return None

    def evaluate(self, state: State) -> Evaluation:
        base = self.evaluate_kernel(baseline_job(state))
        if not base.ok:
            raise RewardUnavailable(f"the default lowering of {state.uri} failed ({base.status}): "
                                    f"{base.report.get('message', '')}")
        best = base.time_s if (self.config.prune and base.time_s) else None
        final = self.evaluate_kernel(final_job(state), best)
        return combine(final, base, self.config.failure_reward, self.name)

    def evaluate_many(self, states: Sequence[State]) -> list[Evaluation]:
        """`evaluate` of each terminal state."""
        return [self.evaluate(s) for s in states]

    def close(self) -> None:
        return None


def combine(final: KernelEval, base: KernelEval, failure_reward: float, source: str) -> Evaluation:
    tol = final.rel_iqr + base.rel_iqr
    if final.throughput is not None and base.throughput is not None:
        speedup = final.throughput / max(base.throughput, 1e-12)
    elif final.time_s and base.time_s and (final.ok or final.status == "timeout"):
        speedup = base.time_s / final.time_s
    else:
        return Evaluation(failure_reward, source, None, final, base, tol)
    return Evaluation(math.log(max(speedup, 1e-12)), source, speedup, final, base, tol)


def load_model(path: str | Path, device: str | None, ctx) -> KnnPerfModel:
    """A saved kNN model; with a folder of `lift-gym fit` files, the model of the device the features are for.
    A device that was asked for (`device` or $LIFT_GYM_DEVICE) must be the model's device (ModelUnavailable);
    `ctx.fingerprint` (which opens the device) is read only then."""
    path = Path(path)
    asked = path.is_dir() or resolve_spec(device).source != "default"
    return KnnPerfModel.load(path, device=ctx.fingerprint if asked else None)


class Context:
    """Shared, lazily created resources: the store, the device (info and limits) and the measurement worker."""

    def __init__(self, config: RewardConfig):
        self.config = config
        self._store: MeasurementStore | None = None
        self._worker: MeasureWorker | None = None
        self._pool: MeasurePool | None = None
        self._info = None
        self._info_tried = False

    @property
    def store(self) -> MeasurementStore:
        if self._store is None:
            writes = "measured" in (self.config.source, self.config.fallback)  # the others only read
            self._store = MeasurementStore(self.config.store, readonly=not writes)
        return self._store

    @property
    def worker(self) -> MeasureWorker:
        if self._worker is None:
            self._worker = MeasureWorker(self.config.device)
            self._info, self._info_tried = self._worker.info, True
        return self._worker

    @property
    def pool(self) -> MeasurePool:
        """The measurement pool (`config.pool`): the worker above (local), or Ray actors."""
        if self._pool is None:
            if self.config.pool.backend == "local":
                self._pool = open_pool(self.config.pool, worker=self.worker)
            else:
                self._pool = open_pool(self.config.pool, self.config.device)
                self._info, self._info_tried = self._pool.info, True
        return self._pool

    @property
    def device_info(self):
        """The device's DeviceInfo, or None when no OpenCL device can be opened (analytical/predicted only)."""
        if not self._info_tried:
            self._info_tried = True
            self._info = _open_info(self.config.device)
        return self._info

    @property
    def fingerprint(self) -> str | None:
        return self.device_info.fingerprint if self.device_info is not None else None

    @property
    def opened_fingerprint(self) -> str | None:
        """The device fingerprint if the device was opened already (never opens it)."""
        return self._info.fingerprint if self._info_tried and self._info is not None else None

    @property
    def limits(self) -> DeviceLimits:
        """The device profile's limits (RewardConfig.profile), never the host's device: host-independent; with
        `auto`, those of the device this context opens (`device_profile(AUTO, info)`), host-dependent by design."""
        if self.config.profile != AUTO:
            return device_profile(self.config.profile)
        if self.device_info is None:
            raise RewardUnavailable(f"device profile 'auto' reads the OpenCL device in use, and none opens for "
                                    f"{resolve_spec(self.config.device).describe()}: name a profile instead")
        return device_profile(AUTO, self.device_info)

    @property
    def profile_model(self) -> hw.DeviceModel:
        """Warp width and cache line of the device profile: what the analytical reward's features assume."""
        lim = self.limits
        if lim.warp_size > 1:
            return hw.DeviceModel(lim.warp_size, 128)
        return hw.DeviceModel(max(lim.preferred_vector_width, 1), 64)

    def require_device(self) -> None:
        """Open the device now when one was asked for (`device` or $LIFT_GYM_DEVICE) or a source runs kernels on
        it (measured, replay): `DeviceNotFound` (one line, naming the selection) when it is absent."""
        needs = {"measured", "replay"} & {self.config.source, self.config.fallback}
        if resolve_spec(self.config.device).source == "default" and not needs:
            return
        if not self._info_tried or self._info is None:
            try:
                self._info = cl.open_device(self.config.device).info
            except Exception as err:  # pyopencl raises its own errors when no platform exists at all
                if isinstance(err, DeviceNotFound) or not type(err).__module__.startswith("pyopencl"):
                    raise
                raise DeviceNotFound(f"no OpenCL device for {resolve_spec(self.config.device).describe()}: "
                                     f"{err}") from err
            self._info_tried = True

    @property
    def device_model(self) -> hw.DeviceModel:
        return hw.DeviceModel.for_device(self.device_info)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        if self._store is not None:
            self._store.close()
            self._store = None


def _open_info(selection: str | None):
    """The DeviceInfo of the selected device opened in this process, or None without a usable OpenCL."""
    try:
        return cl.open_device(selection).info
    except (DeviceNotFound, ImportError, OSError):
        return None
    except Exception as err:  # pyopencl raises its own errors when no platform exists at all
        if type(err).__module__.startswith("pyopencl"):
            return None
        raise


@functools.lru_cache(maxsize=64)
def _features(job: Job, dev: hw.DeviceModel) -> tuple[float, ...]:
    return tuple(float(x) for x in program_features(job.lowered, dict(job.sizes), job.local_size, dev))


def job_features(job: Job, dev: hw.DeviceModel) -> dict[str, float]:
    return hw.as_dict(_features(job, dev))


# --- measured --------------------------------------------------------------------------------------------------
class Measured(Source):
    name = "measured"
    deterministic = False
    unstored = 0  # settled measurements the store could not write (full disk, ...): warned once

    def key(self, job: Job) -> str:
        return measurement_key(job.kernel.key, dict(job.sizes), self.ctx.pool.info.fingerprint)

    def evaluate_kernel(self, job: Job, best_known_s: float | None = None) -> KernelEval:
        return self.evaluate_kernels([job], [best_known_s])[0]

    def evaluate_kernels(self, jobs: Sequence[Job], best_known_s: Sequence[float | None]) -> list[KernelEval]:
        """`evaluate_kernel` of each job: the kernels missing from the store are measured together on the pool
        (each once, in parallel across its workers) and stored here, by the store's only writer."""
        keys = [self.key(job) for job in jobs]
        stored = {k: _usable(self.ctx.store.get(k)) for k in keys}  # a row with no usable time: measured again
        todo = {k: i for i, k in reversed(list(enumerate(keys))) if stored[k] is None}  # a key's first job
        order = sorted(todo.values())
        # measured again after a death of the worker process (a crash, or a kill from outside: OOM killer, a
        # user's kill) and after a failure until it repeats (see MeasureWorker.measure_settled)
        done = self.ctx.pool.measure([MeasureJob(jobs[i].kernel, *inputs_and_gold(jobs[i]),
                                                 replace(self.config.measure, best_known_s=best_known_s[i]))
                                      for i in order])
        fresh = {keys[i]: self._settle(jobs[i], keys[i], m) for i, m in zip(order, done, strict=True)}
        for job, k in zip(jobs, keys, strict=True):
            if stored[k] is not None and not all(n in (stored[k].features or {}) for n in hw.FEATURE_NAMES):
                stored[k] = self._refeature(job, stored[k])
        return [fresh[k] if stored[k] is None else from_record(stored[k], "measured (stored)") for k in keys]

    def _refeature(self, job: Job, rec: Record) -> Record:
        """A stored measurement whose features are of an older feature set, with its kernel's features computed
        now and written back (when the store takes writes), so the model can fit on it again."""
        feats = job_features(job, self.ctx.device_model)
        try:
            self.ctx.store.put(key=rec.key, benchmark=rec.benchmark, program_key=rec.program_key,
                               kernel_key=rec.kernel_key, device=rec.device, report=rec.report, features=feats,
                               version=rec.version)
        except StoreError as err:
            self.unstored += 1
            if self.unstored == 1:
                warnings.warn(f"measurements are not being stored: {err}", RuntimeWarning, stacklevel=2)
        return replace(rec, features=feats)

    def evaluate_many(self, states: Sequence[State]) -> list[Evaluation]:
        """`evaluate` of each terminal state: their baselines measured together, then their kernels."""
        bases = self.evaluate_kernels([baseline_job(s) for s in states], [None] * len(states))
        for state, base in zip(states, bases):
            if not base.ok:
                raise RewardUnavailable(f"the default lowering of {state.uri} failed ({base.status}): "
                                        f"{base.report.get('message', '')}")
        best = [b.time_s if (self.config.prune and b.time_s) else None for b in bases]
        finals = self.evaluate_kernels([final_job(s) for s in states], best)
        return [combine(f, b, self.config.failure_reward, self.name) for f, b in zip(finals, bases)]

    def _settle(self, job: Job, key: str, m: Measurement) -> KernelEval:
        feats = job_features(job, self.ctx.device_model)
        if m.settled:  # the kernel's own verdict on this device: stored, so it is never measured twice
            try:
                self.ctx.store.put(key=key, benchmark=job.benchmark_key, program_key=job.lowered.key,
                                   kernel_key=job.kernel.key, device=m.device or self.ctx.fingerprint or "",
                                   report=m.to_dict(), features=feats)
            except StoreError as err:  # the measurement stands (and the search goes on); only its record failed
                self.unstored += 1
                if self.unstored == 1:
                    warnings.warn(f"measurements are not being stored: {err}", RuntimeWarning, stacklevel=2)
        return from_measurement(m, job.kernel.key, feats, "measured")


def from_measurement(m: Measurement, kernel_key: str, feats: Mapping, source: str) -> KernelEval:
    return KernelEval(kernel_key, m.status, m.median_s, None, m.rel_iqr or 0.0, _slim(m.to_dict()), dict(feats),
                      source)


def from_record(rec: Record, source: str) -> KernelEval:
    """A stored row as an evaluation. A median that is no time per launch (zero, or implausibly large:
    `Record.time_problem`) is no time: the kernel is unmeasured (status `unmeasured` for an `ok` row), the
    problem in its report's message."""
    problem = rec.time_problem
    if problem is not None:
        report = {**_slim(rec.report), "message": f"stored measurement {rec.key[:12]}: {problem}"}
        return KernelEval(rec.kernel_key, UNMEASURED if rec.status == "ok" else rec.status, None, None, 0.0, report,
                          dict(rec.features or {}), source)
    rel = (rec.iqr_s / rec.median_s) if rec.iqr_s is not None and rec.median_s else 0.0
    return KernelEval(rec.kernel_key, rec.status, rec.median_s, None, rel, _slim(rec.report), dict(rec.features or {}),
                      source)


def _usable(rec: Record | None) -> Record | None:
    """A stored row, or None where it holds no time per launch for an `ok` kernel (measured again)."""
    return None if rec is not None and rec.status == "ok" and rec.time_problem is not None else rec


def _slim(report: Mapping) -> dict:
    """The report without the build log's bulk (kept in the store)."""
    out = dict(report)
    if len(str(out.get("build_log", ""))) > 2000:
        out["build_log"] = str(out["build_log"])[:2000] + "..."
    return out


@functools.lru_cache(maxsize=16)
def _inputs_and_gold(uri: str, sizes: tuple, seed: int):
    bench, _ = stages.resolve(uri)
    s = dict(sizes)
    inputs = bench.make_inputs(s, np.random.default_rng(seed))
    if bench.dataset != SUITE and bench.reference_name != INTERPRETER:  # a user benchmark's own reference
        return inputs, np.asarray(bench.reference(inputs, s))  # of the output's dtype (an int output stays int)
    out = interpret(bench.program, inputs, s)
    return inputs, out


def inputs_and_gold(job: Job) -> tuple[dict, dict]:
    """Seeded random inputs and the interpreter's output of the high-level program, by kernel buffer name."""
    inputs, out = _inputs_and_gold(job.uri, job.sizes, job.seed)
    outs = out if isinstance(out, tuple) else (out,)
    names = job.kernel.outputs
    if len(names) != len(outs):
        raise RewardUnavailable(f"{job.uri}: the kernel program has outputs {names}, the interpreter gave "
                                f"{len(outs)} results")
    return {k: v for k, v in inputs.items() if k in job.kernel.inputs}, dict(zip(names, outs, strict=True))


# --- predicted -------------------------------------------------------------------------------------------------
class Predicted(Source):
    """A cost model's prediction: the kNN of seed 000 or gradient boosting (`compiler.perf.cost_models`), from
    the configured model file (its kind read from the file's format; a folder of `lift-gym fit` files: the file of
    `kind` and the device) or fitted on the store without the rows of the evaluated program (its URI without sizes:
    a scoring model never holds the program it scores). Each report names the model's kind."""

    name = "predicted"

    def __init__(self, config: RewardConfig, context: Context, kind: str = "knn"):
        super().__init__(config, context)
        self.kind = kind
        self._models: dict[str, Any] = {}

    def prepare(self) -> None:
        if self.config.model is not None and "" not in self._models:
            if not Path(self.config.model).exists():
                raise RewardUnavailable(f"predicted reward: model file {self.config.model} does not exist")
            self._models[""] = self._load()

    def _load(self):
        """The configured model file (`load_cost_model`); a device that was asked for (`device` or
        $LIFT_GYM_DEVICE) must be the model's device, and `ctx.fingerprint` (which opens the device) is read only
        then."""
        path = Path(self.config.model)
        asked = path.is_dir() or resolve_spec(self.config.device).source != "default"
        try:
            return load_cost_model(path, self.ctx.fingerprint if asked else None, self.kind if path.is_dir() else None)
        except ModelUnavailable as err:
            raise RewardUnavailable(f"predicted reward: {err}") from err

    def model(self, job: Job):
        if self.config.model is not None:
            if "" not in self._models:
                self._models[""] = self._load()
            return self._models[""]
        exclude = (program_of(stages.canonical_uri(job.uri)),) if self.config.leave_benchmark_out else ()
        key = exclude[0] if exclude else ""
        if key not in self._models:
            try:
                self._models[key] = fit_cost_model(self.kind, self.ctx.store, self.ctx.fingerprint, exclude)
            except ModelUnavailable as err:
                raise RewardUnavailable(f"predicted reward: {err}") from err
        return self._models[key]

    def evaluate_kernel(self, job: Job, best_known_s: float | None = None) -> KernelEval:
        model = self.model(job)
        feats = job_features(job, self.ctx.device_model)
        x = np.array([[feats[n] for n in hw.FEATURE_NAMES]])
        ys, dists = model.predict_with_distance(x)
        y, dist = float(ys[0]), float(dists[0])
        report = {"model_kind": kind_of(model), "model_rows": model.n_rows, "pca_components": model.n_components,
                  "neighbour_distance": None if np.isnan(dist) else dist, "device": model.device}
        return KernelEval(job.kernel.key, "ok", None, max(y, 1e-6), 0.0, report, feats, "predicted")


# --- replay ------------------------------------------------------------------------------------------------------
class Replay(Source):
    name = "replay"

    def evaluate_kernel(self, job: Job, best_known_s: float | None = None) -> KernelEval:
        fp = self.ctx.fingerprint
        if fp is None:
            raise RewardUnavailable("replay: no device fingerprint (no OpenCL device to identify the store rows)")
        rec = self.ctx.store.get(measurement_key(job.kernel.key, dict(job.sizes), fp))
        if rec is None or _usable(rec) is None:  # absent, or a row whose median is no time per launch
            why = "is not in the store" if rec is None else f"has no usable time ({rec.time_problem}) in the store"
            raise RewardUnavailable(f"replay: kernel {job.kernel.key[:16]} of {job.uri} {why} "
                                    f"{self.ctx.store.path} for device {fp}")
        return from_record(rec, "replay")


# --- analytical -----------------------------------------------------------------------------------------------
def analytical_time(f: Mapping[str, float], limits: DeviceLimits, flops: float,
                    bandwidth: float = 500e9, flop_rate: float = 10e12, lanes: int = 8192,
                    clock: float = 1.5e9) -> float:
    """A roofline estimate in seconds from P000 features (deterministic; for CI, not a measurement).

    threads = gs0*gs1*gs2; global bytes = threads x (loads + stores per thread) x lines per warp access x
    line (128 B) / 32 (lanes of a warp); t_mem = bytes / bandwidth; t_flop = flops / flop_rate; both scaled
    by lanes / threads when fewer threads than lanes run; plus control: (loop bodies + ifs + 20 x barriers)
    per thread x ceil(threads / lanes) / clock. The local-memory footprint over the device's local memory
    divides the occupancy."""
    threads = max(f["gs0"] * f["gs1"] * f["gs2"], 1.0)
    accesses = threads * (f["glb_ld_pt"] + f["glb_st_pt"])
    bytes_moved = accesses * max(f["avg_lines_per_warp_access"], 1.0) * 128.0 / 32.0
    occupancy = min(1.0, threads / lanes)
    if f["local_mem_bytes"] > 0:
        occupancy *= min(1.0, limits.local_mem_bytes / (4.0 * f["local_mem_bytes"]))
    occupancy = max(occupancy, 1e-6)
    t_mem = bytes_moved / bandwidth / occupancy
    t_flop = flops / flop_rate / occupancy
    waves = math.ceil(threads / lanes)
    t_ctrl = (f["for_bodies_pt"] + f["ifs_pt"] + 20.0 * f["barriers_pt"] + f["lcl_ld_pt"] + f["lcl_st_pt"]) \
        * waves / clock
    return max(t_mem, t_flop) + t_ctrl + 2e-6


class Analytical(Source):
    name = "analytical"

    def evaluate_kernel(self, job: Job, best_known_s: float | None = None) -> KernelEval:
        feats = job_features(job, self.ctx.profile_model)
        bench, _ = stages.resolve(job.uri)
        t = analytical_time(feats, self.ctx.limits, float(bench.flops(dict(job.sizes))))
        return KernelEval(job.kernel.key, "ok", t, None, 0.0, {"estimate_s": t, "model": "roofline"}, feats,
                          "analytical")


class Estimated(Source):
    name = "estimated"

    def evaluate_kernel(self, job: Job, best_known_s: float | None = None) -> KernelEval:
        device = device_for_limits(self.ctx.limits)
        e = estimate_program(job.lowered, dict(job.sizes), job.local_size, device)
        ok = math.isfinite(e.time_s)  # not finite: the launch cannot run (work group or local memory too large)
        report = {"estimate_s": e.time_s, "lower_s": e.lower_s, "upper_s": e.upper_s, "model": "trace simulation",
                  "profile": device.perf.name}
        return KernelEval(job.kernel.key, "ok" if ok else "invalid", e.time_s if ok else None, None, 0.0, report, {},
                          "estimated")


# --- the front -------------------------------------------------------------------------------------------------
_CLASSES: dict[str, type[Source]] = {"measured": Measured, "predicted": Predicted, "replay": Replay,
                                     "analytical": Analytical, "estimated": Estimated}


class RewardFunction:
    """The configured source with its fallback: `evaluate(state) -> Evaluation`, `close()`."""

    def __init__(self, config: RewardConfig | None = None):
        self.config = config or RewardConfig()
        self.ctx = Context(self.config)
        self.primary = _CLASSES[self.config.source](self.config, self.ctx)
        self.fallback = _CLASSES[self.config.fallback](self.config, self.ctx) if self.config.fallback else None

    @property
    def deterministic(self) -> bool:
        return self.primary.deterministic and (self.fallback is None or self.fallback.deterministic)

    def check(self) -> None:
        """Fail now, in one line, on what evaluations would miss: a device that was asked for or that a source
        runs kernels on and is absent (DeviceNotFound), a model file that is missing or unreadable
        (RewardUnavailable). The env calls it when it is made."""
        self.ctx.require_device()
        for source in (self.primary, self.fallback):
            if source is not None:
                source.prepare()

    def evaluate(self, state: State) -> Evaluation:
        try:
            return self.primary.evaluate(state)
        except RewardUnavailable as err:
            if self.fallback is None:
                raise
            ev = self.fallback.evaluate(state)
            return replace(ev, source=f"{ev.source} (fallback: {err})")

    def evaluate_many(self, states: Sequence[State]) -> list[Evaluation]:
        """`evaluate` of each terminal state; a measured source measures their kernels together on its pool."""
        try:
            return self.primary.evaluate_many(states)
        except RewardUnavailable:
            if self.fallback is None:
                raise
            return [self.evaluate(s) for s in states]

    @property
    def batch_size(self) -> int:
        """How many kernels `evaluate_many` measures at once: the measurement pool's workers (1 unless measured)."""
        return self.ctx.pool.size if self.config.source == "measured" else 1

    def close(self) -> None:
        self.ctx.close()


__all__ = ["SOURCES", "Evaluation", "Job", "KernelEval", "RewardConfig", "RewardFunction", "RewardUnavailable",
           "analytical_time", "baseline_job", "final_job", "inputs_and_gold"]
