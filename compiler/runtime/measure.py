"""The measurement protocol (spec/anchors.md §9), in process.

1. build (time recorded; failure: status "compile" with the log);
2. correctness: upload inputs, poison outputs and temporaries, zero the zero-filled buffers
   (`PreparedProgram.reset_state`), write the guard words after every written buffer, launch once, compare
   every output with the caller's gold arrays (rtol/atol, or a Gold's per-element error bound: `gold.py`) and
   check the guard words; a mismatch or a write past a buffer's end is status "correctness" and gets no timing;
3. probe: one launch; ≥ `prune_probe_factor` × `best_known_s` stops with status "timeout" (pruned), and so
   does a single launch longer than the time cap. Every timed launch (probe, warm-up, samples) finds its
   output buffers filled with the poison pattern (`PreparedProgram.launch(poison=True)`: a device-side fill
   before each launch, outside the timed spans; `poison_launches=False`: one fill before each batch and the
   batch's span as the time, as measured before), so a kernel that skips its work once the output holds a
   result gains nothing and leaves poison behind; the outputs are compared with the gold after the probe and
   after up to `timed_checks` batches chosen at random (seeded by `check_seed`), so a kernel wrong on its
   second launch, or on some later one, is status "correctness";
4. warm-up: at least `min_warmup_launches`, and launches until `warmup_s` of device time (or the cap);
5. batching: n_inner launches per sample so that one sample lasts ≥ `min_sample_s` (START of the first
   event to END of the last, divided by n_inner);
6. samples: `min_samples`..`max_samples` (at least one), stopping at IQR/median ≤ `target_rel_iqr` or at
   `time_cap_s` (counted from the probe, without the checked launches' resets and comparisons, so a slow
   host-side correctness check does not eat into it), or
   when the running median is ≥ `prune_median_factor` × `best_known_s` (status "timeout", pruned);
7. one more launch after the timing, its outputs against the gold again and the guard words again: a kernel
   correct on its first launch only is status "correctness", with no timing. Every checked launch (steps 2, 3
   and 7) starts from the first launch's state (`reset_state`: inputs as first uploaded, outputs and temporaries
   poisoned, zero-filled buffers zeroed), and after it the read-only inputs must be unchanged and the
   zero-filled buffers zero (docs/measurement-correctness.md), so no result is carried from launch to launch.
   Comparisons follow `compare.py` (non-finite references exactly; NaN where the reference is NaN accepted
   and counted in `nan_matched`; docs/measurement-correctness.md), decided on the device where it can
   (`PreparedProgram.outputs_close`, `inputs_unchanged`), else on the host;
8. report median (the reward's basis), min, IQR, the samples, and GFLOP/s and GB/s from the program's
   static counts.

Steps 2 to 7 hold the device alone (`device_turn`): an exclusive lock on a file named after the device, taken
by every process of this machine that measures on it, so two searches or evaluation runs measuring at once never
time their kernels side by side; builds (step 1) and all host work stay concurrent. The wait is phase "queue".

`time_program` is the timing part over any `launch(n) -> seconds per launch`, so it is testable without a
device. Process isolation lives in `worker.py`.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields, replace

import numpy as np

from compiler.codegen.kernel import KernelProgram
from compiler.errors import (
    BuildError,
    CorrectnessError,
    DeviceNotFound,
    InvalidKernel,
    KernelTimeout,
    LaunchError,
    RuntimeFailure,
)
from compiler.runtime import stats
from compiler.runtime.compare import Comparison, check_outputs, compare_arrays, compare_output
from compiler.runtime.plan import plan_buffers, poison_bits, validate_gold, validate_inputs

__all__ = ["Comparison", "MeasureConfig", "Measurement", "NoiseFloor", "Timing", "check_outputs", "compare_arrays",
           "compare_output", "measure_in_process", "measurement_from_timing", "noise_floor", "time_program"]

PhaseHook = Callable[[str], None]
PRUNED_STOPS = frozenset({"pruned_probe", "pruned_warmup", "pruned_median", "over_cap"})
_ERRORS_BY_STATUS: dict[str, type[RuntimeFailure]] = {
    "compile": BuildError, "launch": LaunchError, "correctness": CorrectnessError, "timeout": KernelTimeout,
    "invalid": InvalidKernel, "device": DeviceNotFound, "runtime": RuntimeFailure,
}


@dataclass(frozen=True)
class MeasureConfig:
    """Every knob of the protocol; recorded with each measurement."""

    rtol: float = 1e-4
    atol: float = 1e-5
    warmup_s: float = 0.05
    min_warmup_launches: int = 2
    min_sample_s: float = 0.01
    min_samples: int = 10
    max_samples: int = 50
    target_rel_iqr: float = 0.03
    time_cap_s: float = 2.0
    best_known_s: float | None = None
    prune_probe_factor: float = 100.0
    prune_median_factor: float = 5.0
    max_inner: int = 10_000
    poison_launches: bool = True  # poison before every timed launch (False: once before each batch of them)
    timed_checks: int = 3  # batches of timed launches, beyond the probe and the last, whose outputs are compared
    check_seed: int = 0  # seeds the choice of those batches
    build_timeout_s: float = 60.0  # worker watchdog while building
    watchdog_margin_s: float = 10.0  # worker watchdog: time_cap_s + this for the check, and again for timing

    def __post_init__(self) -> None:
        for name in ("rtol", "atol", "warmup_s", "target_rel_iqr"):
            if getattr(self, name) < 0:
                raise ValueError(f"MeasureConfig.{name} must be >= 0, got {getattr(self, name)}")
        for name in ("min_sample_s", "time_cap_s", "prune_probe_factor", "prune_median_factor",
                     "build_timeout_s", "watchdog_margin_s"):
            if not getattr(self, name) > 0:
                raise ValueError(f"MeasureConfig.{name} must be > 0, got {getattr(self, name)}")
        if self.timed_checks < 0:
            raise ValueError(f"MeasureConfig.timed_checks must be >= 0, got {self.timed_checks}")
        for name in ("min_warmup_launches", "min_samples", "max_samples", "max_inner"):
            if getattr(self, name) < 1:
                raise ValueError(f"MeasureConfig.{name} must be >= 1, got {getattr(self, name)}")
        if self.min_samples > self.max_samples:
            raise ValueError(f"MeasureConfig.min_samples {self.min_samples} exceeds max_samples {self.max_samples}")
        if self.best_known_s is not None and not self.best_known_s > 0:
            raise ValueError(f"MeasureConfig.best_known_s must be positive or None, got {self.best_known_s}")

    @property
    def watchdog_s(self) -> float:
        """How long the worker's watchdog waits once the build is done."""
        return self.time_cap_s + self.watchdog_margin_s

    def to_dict(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_dict(d: Mapping) -> MeasureConfig:
        names = {f.name for f in fields(MeasureConfig)}
        return MeasureConfig(**{k: v for k, v in d.items() if k in names})


@dataclass(frozen=True)
class Measurement:
    """The outcome of measuring one program: status "ok" or the error kind, and the timing if any."""

    status: str
    message: str = ""
    median_s: float | None = None
    min_s: float | None = None
    iqr_s: float | None = None
    n_samples: int = 0
    n_inner: int = 0
    samples: tuple[float, ...] = ()
    probe_s: float | None = None
    warmup_launches: int = 0
    build_s: float = 0.0
    gflops: float | None = None
    gbs: float | None = None
    checked: bool = False
    stop_reason: str = ""
    device: str = ""
    program_key: str = ""
    build_log: str = ""
    config: MeasureConfig = field(default_factory=MeasureConfig)
    worker_exit: str = ""  # how the measuring worker process died (exit code or signal); "" when it answered
    attempts: int = 1  # measurements taken to reach this result (MeasureWorker.measure_settled)
    settled: bool = True  # the kernel's own verdict (a timing, or a failure that repeated), fit to be stored
    nan_matched: int = 0  # output elements NaN where the gold is NaN too: accepted, and flagged here

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def rel_iqr(self) -> float | None:
        if self.iqr_s is None or not self.median_s:
            return None
        return self.iqr_s / self.median_s

    def to_dict(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["samples"] = list(self.samples)
        d["config"] = self.config.to_dict()
        return d

    @staticmethod
    def from_dict(d: Mapping) -> Measurement:
        names = {f.name for f in fields(Measurement)}
        kw = {k: v for k, v in d.items() if k in names}
        kw["samples"] = tuple(kw.get("samples", ()))
        kw["config"] = MeasureConfig.from_dict(kw.get("config", {}))
        return Measurement(**kw)

    @staticmethod
    def failure(status: str, message: str, *, config: MeasureConfig, device: str = "",
                program_key: str = "", build_s: float = 0.0, build_log: str = "",
                worker_exit: str = "") -> Measurement:
        return Measurement(status=status, message=message, build_s=build_s, device=device,
                           program_key=program_key, build_log=build_log, config=config, worker_exit=worker_exit)

    @property
    def timed(self) -> bool:
        """Whether it carries a timing (ok, or pruned as too slow with the time at pruning)."""
        return self.median_s is not None

    def raise_for_status(self) -> Measurement:
        """Return self when ok; otherwise raise the RuntimeFailure subclass of its status."""
        if self.ok:
            return self
        raise _ERRORS_BY_STATUS.get(self.status, RuntimeFailure)(self.message)


# ---------------------------------------------------------------- correctness
# the comparison itself lives in compare.py (one definition for every caller); re-exported here


# ---------------------------------------------------------------- timing


@dataclass(frozen=True)
class Timing:
    samples: tuple[float, ...]
    n_inner: int
    probe_s: float
    warmup_launches: int
    stop_reason: str
    message: str = ""

    @property
    def pruned(self) -> bool:
        return self.stop_reason in PRUNED_STOPS


def _no_phase(_: str) -> None:
    return None


def _warm_up(launch: Callable[[int], float], est: float, cfg: MeasureConfig,
             clock: Callable[[], float], t0: float) -> tuple[float, int]:
    """Launch until warmup_s of device time and min_warmup_launches; returns (per-launch estimate, count)."""
    elapsed, count = 0.0, 0
    while count < cfg.min_warmup_launches or (elapsed < cfg.warmup_s and clock() - t0 < cfg.time_cap_s):
        n = max(cfg.min_warmup_launches - count, stats.clamp_int((cfg.warmup_s - elapsed) / est, 1, cfg.max_inner))
        est = launch(n)
        elapsed += est * n
        count += n
    return est, count


def _sample(launch: Callable[[int], float], n_inner: int, cfg: MeasureConfig,
            clock: Callable[[], float], t0: float) -> tuple[list[float], str]:
    samples: list[float] = []
    best = cfg.best_known_s
    while True:
        samples.append(launch(n_inner))
        if best is not None and stats.median(samples) >= cfg.prune_median_factor * best:
            return samples, "pruned_median"
        if len(samples) >= cfg.min_samples and stats.rel_iqr(samples) <= cfg.target_rel_iqr:
            return samples, "converged"
        if len(samples) >= cfg.max_samples:
            return samples, "max_samples"
        if clock() - t0 >= cfg.time_cap_s:
            return samples, "time_cap"


def time_program(launch: Callable[[int], float], config: MeasureConfig, *,
                 clock: Callable[[], float] = time.perf_counter, on_phase: PhaseHook | None = None) -> Timing:
    """Steps 3-6 of the protocol over `launch(n)`, which returns seconds per launch of n back-to-back runs.

    The time cap counts from the probe, so a slow host-side correctness check does not eat into it."""
    phase = on_phase or _no_phase
    t0 = clock()
    best = config.best_known_s
    phase("probe")
    probe = launch(1)
    if best is not None and probe >= config.prune_probe_factor * best:
        return Timing((probe,), 1, probe, 0, "pruned_probe",
                      f"pruned: probe launch took {probe:.4g} s, >= {config.prune_probe_factor:g}x "
                      f"the best known {best:.4g} s")
    if probe >= config.time_cap_s:
        return Timing((probe,), 1, probe, 0, "over_cap",
                      f"one launch takes {probe:.4g} s, over the time cap of {config.time_cap_s:g} s")
    phase("warmup")
    est, n_warm = _warm_up(launch, probe, config, clock, t0)
    if best is not None and est >= config.prune_median_factor * best:
        return Timing((est,), 1, probe, n_warm, "pruned_warmup",
                      f"pruned: {est:.4g} s per launch after warm-up, >= {config.prune_median_factor:g}x "
                      f"the best known {best:.4g} s")
    n_inner = stats.clamp_int(config.min_sample_s / est, 1, config.max_inner)
    phase("samples")
    samples, stop = _sample(launch, n_inner, config, clock, t0)
    msg = ""
    if stop == "pruned_median":
        msg = (f"pruned: running median {stats.median(samples):.4g} s is >= {config.prune_median_factor:g}x "
               f"the best known {best:.4g} s")
    return Timing(tuple(samples), n_inner, probe, n_warm, stop, msg)


def measurement_from_timing(timing: Timing, program: KernelProgram, config: MeasureConfig, *,
                            device: str, build_s: float, build_log: str, checked: bool) -> Measurement:
    med = stats.median(timing.samples)
    return Measurement(
        status="timeout" if timing.pruned else "ok", message=timing.message,
        median_s=med, min_s=min(timing.samples), iqr_s=stats.iqr(timing.samples),
        n_samples=len(timing.samples), n_inner=timing.n_inner, samples=timing.samples,
        probe_s=timing.probe_s, warmup_launches=timing.warmup_launches, build_s=build_s,
        gflops=program.flops / med / 1e9 if program.flops > 0 else None,
        gbs=program.bytes / med / 1e9 if program.bytes > 0 else None,
        checked=checked, stop_reason=timing.stop_reason, device=device, program_key=program.key,
        build_log=build_log, config=config)


# ---------------------------------------------------------------- in process


def _open(device):
    from compiler.runtime import cl

    return device if isinstance(device, cl.ClDevice) else cl.open_device(device)


def measure_in_process(program: KernelProgram, inputs: Mapping[str, np.ndarray],
                       gold: Mapping[str, np.ndarray] | None = None, config: MeasureConfig | None = None, *,
                       device=None, on_phase: PhaseHook | None = None) -> Measurement:
    """Build, check and time `program` in this process (no isolation: a hang hangs the caller).

    `device` is a selection string, a DeviceSpec, an opened `cl.ClDevice`, or None (env var / default).
    `gold` None skips the correctness check (`checked` is then False). Inputs or gold that do not fit the
    program raise ValueError; everything that goes wrong on the device is reported in the Measurement.
    """
    config = config or MeasureConfig()
    dev = _open(device)
    fail = _failure_factory(program, config, dev.info.fingerprint)
    try:
        plan = plan_buffers(program)
    except InvalidKernel as err:
        return fail(err)
    arrays = validate_inputs(program, plan, inputs)
    golds = validate_gold(program, plan, gold)
    return _build_and_measure(dev, program, arrays, golds, config, on_phase or _no_phase, fail)


def _failure_factory(program: KernelProgram, config: MeasureConfig, device: str):
    def fail(err: RuntimeFailure, build_s: float = 0.0, build_log: str = "") -> Measurement:
        return Measurement.failure(err.kind, str(err), config=config, device=device, program_key=program.key,
                                   build_s=build_s, build_log=build_log)
    return fail


def _poisons(prepared) -> dict[str, int]:
    return {b.name: bits for b in prepared.plan.buffers if (bits := poison_bits(b.np_dtype)) is not None}


def _correctness_launch(prepared, arrays, golds, config: MeasureConfig) -> tuple[bool, int]:
    """(checked, NaN elements matched against a NaN gold) of the first launch."""
    prepared.reset_state(arrays)
    prepared.poison_outputs()  # and the guard words
    prepared.launch(1)
    prepared.check_guards()
    prepared.check_inputs(arrays)
    prepared.check_zeroed()
    if golds is None:
        return False, 0
    return True, _check_gold(prepared, golds, config)


def _check_gold(prepared, golds, config: MeasureConfig) -> int:
    """The outputs against the gold (CorrectnessError when one differs); the NaN elements matched against a NaN
    gold. Decided on the device where it can (`PreparedProgram.outputs_close`: every element close, so none is
    NaN), else read back and compared here."""
    if prepared.outputs_close(golds, config.rtol, config.atol):
        return 0
    found = check_outputs(prepared.read_outputs(), golds, config.rtol, config.atol, poison=_poisons(prepared))
    return sum(c.nan_matched for c in found)


def _check_after_timing(prepared, arrays, golds, config: MeasureConfig, when: str = "after the last") -> None:
    """A checked launch's result against the gold too (a kernel correct on its first launch only, e.g. one that
    keeps state between launches or skips work it did before, is wrong), the guard words, the zero-filled
    buffers and the read-only inputs again. The launch started from the first launch's state
    (`PreparedProgram.reset_state`), so in-place buffers (input and output) are compared too."""
    prepared.check_guards(" during the timed launches")
    try:
        prepared.check_inputs(arrays)
        prepared.check_zeroed()
        if golds is not None:
            _check_gold(prepared, golds, config)
    except CorrectnessError as err:
        raise CorrectnessError(f"correct on the first launch, wrong after the timed launches ({when} batch of "
                               f"timed launches): {err}") from None


class _CheckedLaunches:
    """`launch(n)` for the timing: every launch over poisoned outputs, and the outputs compared after the probe
    and after up to `config.timed_checks` batches chosen at random (seeded). The last launch of a checked batch
    starts from the first launch's state (inputs as first uploaded, outputs and temporaries poisoned, zero-filled
    buffers zeroed: `PreparedProgram.reset_state`), so it cannot copy a result an earlier launch left behind;
    the batch's time is that of its launches, the reset left out."""

    def __init__(self, prepared, arrays, golds, config: MeasureConfig, clock: Callable[[], float] = time.perf_counter):
        self.prepared, self.arrays, self.golds, self.config = prepared, arrays, golds, config
        self.rng = np.random.default_rng(config.check_seed)
        self.batches = self.checks = 0
        self._wall = clock
        self.checking_s = 0.0  # the resets and comparisons of the checked launches so far

    def clock(self) -> float:
        """The timing's clock: wall time without the checked launches' resets and comparisons, so that the time
        cap counts launches and samples, however long the checks take where they run on the host."""
        return self._wall() - self.checking_s

    def _checking(self, work: Callable[[], None]) -> None:
        t0 = self._wall()
        try:
            work()
        finally:
            self.checking_s += self._wall() - t0

    def _launch(self, n: int) -> float:
        if self.config.poison_launches:
            return self.prepared.launch(n, poison=True)
        # one fill before the batch, outside its span: the span of n launches as before, over one poisoning
        self.prepared.enqueue_poison()
        return self.prepared.launch(n)

    def _checked(self, n: int, when: str) -> float:
        head = self._launch(n - 1) * (n - 1) if n > 1 else 0.0
        self._checking(lambda: self.prepared.reset_state(self.arrays))
        t = (head + self._launch(1)) / n
        self._checking(lambda: _check_after_timing(self.prepared, self.arrays, self.golds, self.config, when))
        return t

    def __call__(self, n: int) -> float:
        self.batches += 1
        if self.batches == 1:
            return self._checked(n, "after the probe, the first")
        if self.checks < self.config.timed_checks and self.rng.random() < 0.25:
            self.checks += 1
            return self._checked(n, f"after timed batch {self.batches}, a")
        return self._launch(n)

    def last(self) -> None:
        """One more launch after the timed ones, from the first launch's state, checked."""
        self._checked(1, "one launch after the last")


TURN_PREFIX = "lift-gym-device-"


def turn_path(fingerprint: str, folder: str | os.PathLike | None = None) -> str:
    """The lock file of one device on this machine (`device_turn`)."""
    digest = hashlib.sha256(fingerprint.encode()).hexdigest()[:16]
    return os.path.join(folder or tempfile.gettempdir(), f"{TURN_PREFIX}{digest}.lock")


@contextlib.contextmanager
def device_turn(fingerprint: str, folder: str | os.PathLike | None = None) -> Iterator[None]:
    """Hold the device `fingerprint` alone: an exclusive `flock` on its lock file, waited for, released on exit
    or when the holding process dies (the kernel closes its descriptor). Without `fcntl` (not POSIX) no lock."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(turn_path(fingerprint, folder), os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _build_and_measure(dev, program, arrays, golds, config: MeasureConfig, phase: PhaseHook, fail) -> Measurement:
    from compiler.runtime import cl

    prepared = None
    try:
        phase("build")
        prepared = dev.prepare(program)
        phase("queue")
        with device_turn(dev.info.fingerprint):
            phase("correctness")
            checked, nans = _correctness_launch(prepared, arrays, golds, config)
            launches = _CheckedLaunches(prepared, arrays, golds, config)
            timing = time_program(launches, config, clock=launches.clock, on_phase=phase)
            launches.last()
    except RuntimeFailure as err:
        if isinstance(err, LaunchError):
            cl.forget_device(dev)  # the context may be unusable after an asynchronous launch error
        build = (prepared.build_s, prepared.build_log) if prepared is not None else (0.0, "")
        return fail(err, *build)
    finally:
        if prepared is not None:
            prepared.release()
    m = measurement_from_timing(timing, program, config, device=dev.info.fingerprint,
                                build_s=prepared.build_s, build_log=prepared.build_log, checked=checked)
    if nans:
        note = f"{nans} output elements are NaN where the gold is NaN (accepted, flagged)"
        m = replace(m, nan_matched=nans, message=f"{m.message}; {note}" if m.message else note)
    return m


# ---------------------------------------------------------------- noise floor


@dataclass(frozen=True)
class NoiseFloor:
    """Medians of repeated measurements of one program and their relative spread (max - min) / median."""

    medians: tuple[float, ...]
    rel_spread: float
    measurements: tuple[Measurement, ...] = ()

    def same(self, a_s: float, b_s: float) -> bool:
        """Whether two medians are indistinguishable at this noise floor."""
        return abs(a_s - b_s) <= self.rel_spread * min(a_s, b_s)

    def to_dict(self) -> dict:
        return {"medians": list(self.medians), "rel_spread": self.rel_spread,
                "measurements": [m.to_dict() for m in self.measurements]}


def noise_floor(program: KernelProgram, inputs: Mapping[str, np.ndarray],
                gold: Mapping[str, np.ndarray] | None = None, config: MeasureConfig | None = None, *,
                repeats: int = 3, measure: Callable[..., Measurement] | None = None) -> NoiseFloor:
    """Measure the same program `repeats` times (with `measure`, default in process); a failure raises."""
    if repeats < 2:
        raise ValueError(f"noise_floor needs at least 2 repeats, got {repeats}")
    measure = measure or measure_in_process
    runs = tuple(measure(program, inputs, gold, config).raise_for_status() for _ in range(repeats))
    medians = tuple(float(m.median_s) for m in runs)
    return NoiseFloor(medians, stats.rel_spread(medians), runs)
