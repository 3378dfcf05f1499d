"""Measurements in a separate process, behind a watchdog.

`MeasureWorker` starts (lazily, with the multiprocessing "spawn" context) one worker process that opens
the device once and serves measurement requests. The parent validates the request, sends it, and waits:
up to `config.build_timeout_s` for the build, then `config.time_cap_s + config.watchdog_margin_s` from the
correctness launch, and as much again from the probe (where the timing's own cap starts). The worker
reports each phase ("build", "queue", "correctness", "probe", "warmup", "samples") before its launches, over
the pipe and in a marker file, so a hang or crash is attributed (phase "queue" waits for the device's turn,
`measure.device_turn`, up to `QUEUE_WAIT_S`):

- no result in time: the worker is killed; status "timeout";
- the worker dies (segfault, os._exit, driver abort): status "launch" with the exit code and phase;
- a "launch" result (the context may be unusable): the worker is retired.

In every case the next `measure` starts a fresh worker. A marker file left by a parent that died
mid-measurement is reported once as `stale_marker` by the next MeasureWorker on the same marker folder.
A worker that dies while starting is reported with its exit code or signal (DeviceNotFound), not as a
timeout.

`measure_settled` is what a caller that records verdicts uses: a death of the worker process (a crash, or a
kill from outside: OOM killer, `kill -9`) is measured again and is never the kernel's verdict; a failure
inside a live worker (build error, wrong result, launch error, watchdog timeout) is the kernel's verdict
only once it repeats with the same status; a wrong result is never outvoted by a later pass. A time-out (a
watchdog kill, or a timing pruned as too slow) is measured once more with doubled limits (`longer_limits`); one
that times out again is the kernel's verdict only when the machine is not loaded (`machine_loaded`: the load
average above `LOADED_FACTOR` per CPU): under load it comes back unsettled, so it is not stored as final.

Its own temporary folder (`lift-gym-worker-<pid>-*`, the marker's home) is removed by `close()` or at
interpreter exit; folders of processes that no longer exist (a killed run) are removed when the next
MeasureWorker starts.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import multiprocessing as mp
import os
import re
import shutil
import signal
import tempfile
import threading
import time
import traceback
import weakref
from collections.abc import Mapping
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

import numpy as np

from compiler.codegen.kernel import KernelProgram
from compiler.errors import DeviceNotFound, InvalidKernel, RuntimeFailure
from compiler.runtime.device import DeviceInfo
from compiler.runtime.gold import Gold
from compiler.runtime.measure import MeasureConfig, Measurement, measure_in_process
from compiler.runtime.plan import plan_buffers, validate_gold, validate_inputs

__all__ = ["MeasureWorker", "longer_limits", "machine_loaded", "measure_in_process", "read_marker"]

MARKER_NAME = "measuring.json"
FAULTS = ("exit", "segv", "hang", "kill")
_JOIN_S = 10.0
DIR_PREFIX = "lift-gym-worker-"
_OWNED_DIR = re.compile(re.escape(DIR_PREFIX) + r"(\d+)-")
QUEUE_WAIT_S = 3600.0  # phase "queue": waiting for the device's turn (others' measurements, each under its watchdog)
LOADED_FACTOR = 1.5  # runnable processes per CPU (1-minute load average) above which a time-out is not trusted


def machine_loaded() -> bool:
    """Whether this machine is busier than one measurement keeps it (the load average per CPU)."""
    try:
        return os.getloadavg()[0] > LOADED_FACTOR * (os.cpu_count() or 1)
    except OSError:  # no load average here: assume the worst
        return True


def longer_limits(config: MeasureConfig) -> MeasureConfig:
    """The limits of a time-out's second measurement: time cap, watchdog margins and pruning factors doubled."""
    return dataclasses.replace(
        config, time_cap_s=2 * config.time_cap_s, watchdog_margin_s=2 * config.watchdog_margin_s,
        build_timeout_s=2 * config.build_timeout_s, prune_probe_factor=2 * config.prune_probe_factor,
        prune_median_factor=2 * config.prune_median_factor)


def read_marker(path: str | os.PathLike) -> dict | None:
    """The marker a worker wrote before its current launches, or None."""
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def _write_marker(path: str, key: str, phase: str) -> None:
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        json.dump({"program_key": key, "phase": phase, "pid": os.getpid(), "time": time.time()}, f)
    os.replace(tmp, path)


def _remove(path: str | os.PathLike) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.remove(path)


def _apply_fault(action: str) -> None:
    """Test hook: make this worker die or hang the way a broken driver or kernel would."""
    if action == "exit":
        os._exit(3)
    if action == "segv":
        import ctypes

        ctypes.string_at(0)  # a real invalid read (OpenCL runtimes may swallow a SIGSEGV sent by kill)
    if action == "hang":
        time.sleep(1e9)
    if action == "kill":
        os.kill(os.getpid(), signal.SIGKILL)  # as an OOM killer or `kill -9` from outside would


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def remove_stale_dirs(parent: str | os.PathLike | None = None) -> list[Path]:
    """Remove the temporary folders of MeasureWorkers whose process no longer exists; returns them."""
    removed = []
    for d in Path(parent or tempfile.gettempdir()).glob(DIR_PREFIX + "*"):
        m = _OWNED_DIR.match(d.name)
        if m is None or not d.is_dir() or int(m.group(1)) == os.getpid() or _pid_alive(int(m.group(1))):
            continue
        shutil.rmtree(d, ignore_errors=True)
        removed.append(d)
    return removed


# ---------------------------------------------------------------- the worker process


def _serve_one(conn: Connection, dev, marker: str, request: tuple) -> Measurement:
    program, arrays, golds, config, fault = request

    def on_phase(phase: str) -> None:
        _write_marker(marker, program.key, phase)
        conn.send(("phase", phase))
        if fault is not None and fault[0] == phase:
            _apply_fault(fault[1])

    try:
        return measure_in_process(program, arrays, golds, config, device=dev, on_phase=on_phase)
    except Exception as err:  # the worker must answer, whatever went wrong
        kind = err.kind if isinstance(err, RuntimeFailure) else "runtime"
        detail = "".join(traceback.format_exception(err, limit=-8))
        return Measurement.failure(kind, f"worker error: {err!r}\n{detail}", config=config,
                                   device=dev.info.fingerprint, program_key=program.key)


def _worker_main(conn: Connection, selection: str | None, marker: str, start_fault: str | None = None) -> None:
    """Entry point of the worker process: open the device, then serve requests until told to stop."""
    if start_fault is not None:
        _apply_fault(start_fault)
    try:
        from compiler.runtime import cl

        dev = cl.open_device(selection)
    except Exception as err:  # reported to the parent, which raises
        conn.send(("error", getattr(err, "kind", "device"), f"{type(err).__name__}: {err}"))
        return
    conn.send(("ready", dev.info))
    held: tuple = (None, None)  # the last inputs and gold sent; a request may name them instead (HELD)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return  # the parent went away
        if msg[0] != "measure":
            return
        program, arrays, golds, config, fault = msg[1:]
        if isinstance(arrays, str) and arrays == HELD:
            arrays, golds = held
        else:
            held = (arrays, golds)
        result = _serve_one(conn, dev, marker, (program, arrays, golds, config, fault))
        conn.send(("result", result))
        _remove(marker)


HELD = "held"  # in a request instead of the inputs: the worker's last inputs and gold, unchanged


def _same(a, b) -> bool:
    """Whether two validated inputs or golds (arrays, Gold values with bounds, or dicts of them) hold the same
    values: the worker process keeps the last ones it was sent, so equal ones need not cross the pipe again."""
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
                and all(_same(a[k], b[k]) for k in a))
    if isinstance(a, Gold) or isinstance(b, Gold):
        return isinstance(a, Gold) and isinstance(b, Gold) and _same(a.values, b.values) and _same(
            np.asarray(a.bound), np.asarray(b.bound))
    if a is None or b is None:
        return a is b
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")


def _kept(value):
    """A private copy of what the worker holds (the caller may change its arrays in place later)."""
    if isinstance(value, dict):
        return {k: _kept(v) for k, v in value.items()}
    if isinstance(value, Gold):
        return Gold(np.array(value.values), np.array(value.bound))
    return None if value is None else np.array(value)


# ---------------------------------------------------------------- the parent side


def _exit_description(code: int | None) -> str:
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class MeasureWorker:
    """A measurement server in a child process, restarted after hangs and crashes.

    `device` is a selection string (see `device.py`; None: `LIFT_GYM_DEVICE` or the default). Use as a
    context manager, or call `close()`.
    """

    def __init__(self, device: str | None = None, *, startup_timeout_s: float = 120.0,
                 marker_dir: str | os.PathLike | None = None, loaded=machine_loaded):
        self._selection = device
        self._loaded = loaded  # () -> bool: whether a repeated time-out may be a result of machine load
        self._startup_timeout_s = startup_timeout_s
        self._mp = mp.get_context("spawn")
        self._proc: Any = None
        self._conn: Connection | None = None
        self._info: DeviceInfo | None = None
        self._faults: list[tuple[str, str]] = []
        self._held: tuple | None = None  # copies of the inputs and gold the worker process holds
        self._lock = threading.Lock()
        self._own_dir = marker_dir is None
        if self._own_dir:
            remove_stale_dirs()
            self._dir = Path(tempfile.mkdtemp(prefix=f"{DIR_PREFIX}{os.getpid()}-"))
            self._cleanup = weakref.finalize(self, shutil.rmtree, str(self._dir), ignore_errors=True)
        else:
            self._dir = Path(marker_dir)
        self._dir.mkdir(parents=True, exist_ok=True)
        self.stale_marker = read_marker(self.marker_path)
        _remove(self.marker_path)
        self.starts = 0

    @property
    def marker_path(self) -> Path:
        return self._dir / MARKER_NAME

    @property
    def info(self) -> DeviceInfo:
        """The worker's device (starts the worker if needed)."""
        with self._lock:
            self._ensure()
            assert self._info is not None
            return self._info

    def __enter__(self) -> MeasureWorker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        with self._lock:
            self._stop(graceful=True)
        if self._own_dir:
            self._cleanup()

    def _inject_fault(self, phase: str, action: str, times: int = 1) -> None:
        """Test-only: the next `times` requests make the worker `action` ("exit", "segv", "hang", "kill") at
        `phase`; phase "start" makes the next worker processes do it while starting."""
        if action not in FAULTS:
            raise ValueError(f"unknown fault {action!r}; expected one of {FAULTS}")
        self._faults.extend([(phase, action)] * times)

    def _take_fault(self, start: bool) -> tuple[str, str] | None:
        if self._faults and (self._faults[0][0] == "start") == start:
            return self._faults.pop(0)
        return None

    # -- process management

    def _ensure(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        self._stop()
        parent, child = self._mp.Pipe()
        fault = self._take_fault(start=True)
        proc = self._mp.Process(target=_worker_main, args=(child, self._selection, str(self.marker_path),
                                                           fault[1] if fault else None),
                                name="lift-gym-measure", daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        self._held = None  # a new process holds no inputs yet
        self.starts += 1
        deadline = time.monotonic() + self._startup_timeout_s
        msg = self._recv_until(deadline)
        if msg is None or msg[0] != "ready":
            if msg is not None and msg[0] == "error":
                why = msg[2]
            elif time.monotonic() < deadline:  # the pipe closed early: the worker died while starting
                proc.join(_JOIN_S)
                why = f"the worker process died while starting ({_exit_description(proc.exitcode)})"
            else:
                why = f"no answer in {self._startup_timeout_s:g} s"
            self._stop()
            raise DeviceNotFound(f"measurement worker could not open device {self._selection!r}: {why}")
        self._info = msg[1]

    def _recv_until(self, deadline: float) -> tuple | None:
        """The next message, or None on timeout or when the worker died without sending one."""
        assert self._conn is not None and self._proc is not None
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            wait([self._conn, self._proc.sentinel], remaining)
            try:
                if self._conn.poll():
                    return self._conn.recv()
            except (EOFError, OSError):
                return None
            if not self._proc.is_alive():
                return None

    def _stop(self, graceful: bool = False) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is None:
            return
        if graceful and proc.is_alive() and conn is not None:
            try:
                conn.send(("stop",))
                proc.join(_JOIN_S)
            except (OSError, ValueError):
                pass
        if proc.is_alive():
            proc.kill()
            proc.join(_JOIN_S)
        if conn is not None:
            conn.close()

    # -- measuring

    def measure(self, program: KernelProgram, inputs: Mapping[str, np.ndarray],
                gold: Mapping[str, np.ndarray] | None = None,
                config: MeasureConfig | None = None) -> Measurement:
        """Measure `program` in the worker; never waits longer than the watchdog allows.

        Raises ValueError for inputs or gold that do not fit the program, and DeviceNotFound when a
        worker cannot open its device; every failure of the kernel itself is a Measurement status.
        """
        config = config or MeasureConfig()
        with self._lock:
            self._ensure()
            assert self._info is not None
            try:
                plan = plan_buffers(program)
            except InvalidKernel as err:
                return Measurement.failure(err.kind, str(err), config=config, device=self._info.fingerprint,
                                           program_key=program.key)
            arrays, golds = validate_inputs(program, plan, inputs), validate_gold(program, plan, gold)
            fault = self._take_fault(start=False)
            self._send(program, arrays, golds, config, fault)
            return self._await(program, config)

    def measure_settled(self, program: KernelProgram, inputs: Mapping[str, np.ndarray],
                        gold: Mapping[str, np.ndarray] | None = None, config: MeasureConfig | None = None, *,
                        repeats: int = 2, max_deaths: int = 2) -> Measurement:
        """`measure` until the result is the kernel's own verdict; `settled` says whether it is (store it).

        - a timing (ok, or pruned as too slow) settles, unless an earlier attempt gave a wrong result: then
          that wrong result comes back, unsettled (a kernel that is sometimes wrong is not trusted);
        - a death of the worker process is measured again (at most `max_deaths` times) and never settles:
          a crash or an outside kill is not evidence about the kernel;
        - a failure inside a live worker settles once the same status came `repeats` times in a row;
          differing failures come back unsettled after `repeats` + 1 of them;
        - a time-out (watchdog, or pruned as too slow) is measured once more with `longer_limits`; timing out
          again, it settles only when the machine is not loaded (`machine_loaded`, or the `loaded` given).
        `attempts` counts the measurements taken.
        """
        if repeats < 1 or max_deaths < 0:
            raise ValueError(f"measure_settled needs repeats >= 1 and max_deaths >= 0, got {repeats}, {max_deaths}")
        config = config or MeasureConfig()
        failures: list[Measurement] = []
        deaths = attempts = 0
        retried = False
        while True:
            m = self.measure(program, inputs, gold, config)
            attempts += 1
            wrong = next((f for f in failures if f.status == "correctness"), None)
            if m.status == "timeout" and wrong is None:
                if not retried:
                    retried, config = True, longer_limits(config)
                    continue
                loaded = bool(self._loaded())
                note = "timed out again with doubled limits" + (" under machine load: not final" if loaded else "")
                return dataclasses.replace(m, attempts=attempts, settled=not loaded,
                                           message=f"{m.message}; {note}" if m.message else note)
            if m.timed:
                return dataclasses.replace(wrong or m, attempts=attempts, settled=wrong is None)
            if m.worker_exit:
                deaths += 1
                if deaths > max_deaths:
                    return dataclasses.replace(m, attempts=attempts, settled=False)
                continue
            failures.append(m)
            last = [f.status for f in failures[-repeats:]]
            if len(last) == repeats and len(set(last)) == 1:
                return dataclasses.replace(m, attempts=attempts, settled=True)
            if len(failures) > repeats:
                return dataclasses.replace(m, attempts=attempts, settled=False)

    def _send(self, program, arrays, golds, config, fault) -> None:
        """A measure request; inputs and gold equal to those the worker process holds are named, not sent (a
        search measures every kernel of a program on the same ones: 512 MB per request at 8192^2)."""
        for attempt in (0, 1):
            held = self._held is not None and _same(self._held[0], arrays) and _same(self._held[1], golds)
            msg = ("measure", program, HELD if held else arrays, None if held else golds, config, fault)
            try:
                self._conn.send(msg)
            except (OSError, ValueError):  # the worker died since the last request: start another, once
                if attempt:
                    raise
                self._stop()
                self._ensure()
                continue
            if not held:
                self._held = (_kept(arrays), _kept(golds))
            return

    def _await(self, program: KernelProgram, config: MeasureConfig) -> Measurement:
        phase, deadline = "build", time.monotonic() + config.build_timeout_s
        while True:
            msg = self._recv_until(deadline)
            if msg is None:
                return self._fail_and_restart(program, config, phase, deadline)
            if msg[0] == "phase":
                phase = msg[1]
                if phase in ("correctness", "probe"):  # each gets time_cap_s + watchdog_margin_s
                    deadline = time.monotonic() + config.watchdog_s
                elif phase == "queue":
                    deadline = time.monotonic() + QUEUE_WAIT_S
                continue
            result: Measurement = msg[1]
            if result.status == "launch":
                self._stop()  # the device context may be unusable after an asynchronous launch error
            return result

    def _fail_and_restart(self, program: KernelProgram, config: MeasureConfig, phase: str,
                          deadline: float) -> Measurement:
        proc = self._proc
        if time.monotonic() < deadline:
            proc.join(_JOIN_S)  # the pipe closed early: the worker is exiting, collect its exit code
        code = proc.exitcode
        self._stop()
        marker = read_marker(self.marker_path)
        _remove(self.marker_path)
        where = f"in phase {phase!r} of program {program.key[:16]}"
        if marker:
            where += f" (marker: phase {marker.get('phase')!r}, pid {marker.get('pid')})"
        if code is None:
            budget = {"build": config.build_timeout_s, "queue": QUEUE_WAIT_S}.get(phase, config.watchdog_s)
            status, msg = "timeout", f"watchdog: no result within {budget:g} s {where}; worker killed"
        else:
            status, msg = "launch", f"measurement worker died ({_exit_description(code)}) {where}"
        assert self._info is not None
        return Measurement.failure(status, msg, config=config, device=self._info.fingerprint,
                                   program_key=program.key,
                                   worker_exit=_exit_description(code) if code is not None else "")
