"""The only module that imports pyopencl, and only inside functions.

- `list_candidates` / `open_device`: enumerate platforms and open (once per process) a context with a
  profiling queue for the selected device.
- `ClDevice.build`: build with an in-memory cache keyed by (source hash, options, device fingerprint);
  pyopencl's own disk cache stays on. A failure raises BuildError carrying the build log.
- `ClDevice.prepare`: turn a `KernelProgram` into a `PreparedProgram` (buffers allocated, arguments set,
  launch sizes checked against the compiled kernels); `PreparedProgram.launch(n)` enqueues the kernels n
  times in order and returns the seconds per launch measured with OpenCL events (END of the last event
  minus START of the first, divided by n). Every buffer a kernel writes is allocated with GUARD_ELEMS
  extra elements of a sentinel pattern (`poison_outputs` writes them, `check_guards` verifies them), so a
  write past the end is reported as a wrong result naming the buffer.
- Checks on the device (`PreparedProgram.outputs_close`, `inputs_unchanged`, the restore in `reset_state`): a
  checked launch restores its inputs from device copies made at the first upload, and compares its outputs with
  the gold and its read-only inputs with those copies in small kernels (`CHECKS_SOURCE`), so only a flag comes
  back. They answer True only where the host's comparison would pass (`compare.py`'s all-close pass, bit-equal
  inputs); anything else (a mismatch, a NaN or infinity, a subnormal float, a device without doubles) is left to
  the host, which reads the buffers back and finds what is wrong.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
import time
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from compiler.codegen.kernel import Kernel, KernelProgram
from compiler.errors import BuildError, CorrectnessError, DeviceNotFound, InvalidKernel, LaunchError, RuntimeFailure
from compiler.runtime.compare import absolute_tolerance
from compiler.runtime.device import DeviceCandidate, DeviceInfo, DeviceSpec, resolve_spec, select_device
from compiler.runtime.gold import Gold
from compiler.runtime.plan import (
    GUARD_ELEMS,
    BufferPlan,
    check_allocation,
    check_geometry,
    guard_words,
    guarded,
    plan_buffers,
    poison_pattern,
)

# The device-side checks. Doubles, no contraction: the same IEEE operations as compare.py's all-close pass
# (float32 to float64 is exact; a subnormal float is flagged, since a device may flush it to zero).
CHECKS_SOURCE = r"""
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
kernel void words_differ(global const uint* a, global const uint* b, global uint* flag) {
  size_t i = get_global_id(0);
  if (a[i] != b[i]) flag[0] = 1u;
}
kernel void floats_not_close(global const uint* got, global const uint* want, global const double* bound,
                             const uint per_element, const double rtol, const double atol, global uint* flag) {
  size_t i = get_global_id(0);
  uint gb = got[i], wb = want[i];
  if (((gb & 0x7f800000u) == 0u && (gb & 0x007fffffu) != 0u) ||
      ((wb & 0x7f800000u) == 0u && (wb & 0x007fffffu) != 0u)) { flag[0] = 1u; return; }
  double g = (double)as_float(gb), w = (double)as_float(wb);
  double t = fmax(fmax(rtol * fabs(w), atol), bound[per_element ? i : 0]);
  if (!(isfinite(w) && fabs(g - w) <= t)) flag[0] = 1u;
}
"""

_INVALID_CODES = frozenset({"INVALID_WORK_GROUP_SIZE", "INVALID_WORK_ITEM_SIZE", "INVALID_GLOBAL_WORK_SIZE",
                            "INVALID_GLOBAL_OFFSET", "INVALID_WORK_DIMENSION", "INVALID_BUFFER_SIZE"})


def _pyopencl() -> Any:
    try:
        import pyopencl
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise DeviceNotFound(f"pyopencl is not importable ({err}); install it to run kernels") from err
    return pyopencl


def _code_name(cl: Any, err: Exception) -> str:
    code = getattr(err, "code", None)
    try:
        return cl.status_code.to_string(code)
    except Exception:
        return str(code)


def _type_name(cl: Any, t: int) -> str:
    dt = cl.device_type
    for flag, name in ((dt.GPU, "gpu"), (dt.CPU, "cpu"), (dt.ACCELERATOR, "accelerator")):
        if t & flag:
            return name
    return "other"


def _platform_devices(cl: Any, platform: Any) -> list[Any]:
    try:
        return list(platform.get_devices())
    except cl.Error:
        return []  # a platform whose ICD is present but which has no usable device


def _platforms(cl: Any) -> list[Any]:
    try:
        return list(cl.get_platforms())
    except cl.Error:
        return []  # CL_PLATFORM_NOT_FOUND_KHR: no ICD installed


def list_candidates() -> list[DeviceCandidate]:
    """Every OpenCL device of every platform, in (platform, device) index order."""
    cl = _pyopencl()
    out = []
    for pi, p in enumerate(_platforms(cl)):
        for di, d in enumerate(_platform_devices(cl, p)):
            out.append(DeviceCandidate(pi, di, p.name.strip(), p.vendor.strip(), p.version.strip(),
                                       d.name.strip(), _type_name(cl, d.type)))
    return out


def opencl_available() -> bool:
    """True when pyopencl imports and at least one device is enumerated."""
    try:
        return bool(list_candidates())
    except (DeviceNotFound, ImportError, OSError):
        return False


def query_info(device: Any, platform_index: int = 0, device_index: int = 0) -> DeviceInfo:
    cl = _pyopencl()
    return DeviceInfo(
        platform_name=device.platform.name.strip(), device_name=device.name.strip(),
        driver_version=device.driver_version.strip(), opencl_version=device.version.strip(),
        device_type=_type_name(cl, device.type), compute_units=int(device.max_compute_units),
        max_clock_mhz=int(device.max_clock_frequency), max_work_group_size=int(device.max_work_group_size),
        max_work_item_sizes=tuple(int(s) for s in device.max_work_item_sizes),
        local_mem_size=int(device.local_mem_size), max_alloc=int(device.max_mem_alloc_size),
        global_mem_size=int(device.global_mem_size),
        preferred_float_vector_width=int(device.preferred_vector_width_float),
        platform_index=platform_index, device_index=device_index)


_DEVICES: dict[tuple[int, int], ClDevice] = {}
_DEVICES_LOCK = threading.Lock()


def open_device(selection: str | DeviceSpec | None = None) -> ClDevice:
    """The device a selection names (see `device.py`), opened once per process and then reused."""
    cl = _pyopencl()
    cand = select_device(resolve_spec(selection), list_candidates())
    key = (cand.platform_index, cand.device_index)
    with _DEVICES_LOCK:
        dev = _DEVICES.get(key)
        if dev is None:
            cl_dev = _platform_devices(cl, _platforms(cl)[key[0]])[key[1]]
            dev = _DEVICES[key] = ClDevice(cl_dev, query_info(cl_dev, *key))
        return dev


def forget_device(dev: ClDevice) -> None:
    """Drop a device from the process cache (after an error that may have left its context unusable)."""
    with _DEVICES_LOCK:
        key = (dev.info.platform_index, dev.info.device_index)
        if _DEVICES.get(key) is dev:
            del _DEVICES[key]


@dataclass(frozen=True)
class BuildResult:
    program: Any  # pyopencl.Program
    build_s: float
    log: str
    cached: bool


def _failure_log(cl: Any, prg: Any, device: Any, err: Exception) -> str:
    """The compiler's log for a failed build (pyopencl folds it into the message on some paths)."""
    msg = str(err)
    saved = re.search(r"\(source saved as (.+?)\)", msg)
    if saved and os.path.isfile(saved.group(1)):
        os.remove(saved.group(1))  # pyopencl leaves a copy of the failing source in the temp folder
    raw = getattr(prg, "_prg", None)
    if raw is not None:
        try:
            log = raw.get_build_info(device, cl.program_build_info.LOG).strip()
            if log:
                return log
        except cl.Error:
            pass
    _, sep, tail = msg.partition("Build on ")
    if sep:
        tail = tail.partition(":\n")[2]
    return re.split(r"\n\(options: |\n\(source saved as ", tail if sep else msg)[0].strip()


class ClDevice:
    """A context and a profiling command queue on one device, with a build cache."""

    def __init__(self, cl_device: Any, info: DeviceInfo):
        cl = _pyopencl()
        self.cl_device = cl_device
        self.info = info
        self.context = cl.Context([cl_device])
        self.queue = cl.CommandQueue(self.context, cl_device,
                                     properties=cl.command_queue_properties.PROFILING_ENABLE)
        self._builds: dict[tuple[str, tuple[str, ...], str], BuildResult] = {}
        self._lock = threading.Lock()
        self.build_hits = 0
        self.build_misses = 0
        # the checks on the device need doubles; False leaves every check to the host
        self.device_checks = "cl_khr_fp64" in str(getattr(cl_device, "extensions", "")).split()
        self._checks: Any = None  # CHECKS_SOURCE built (once, outside the build cache and its counts)

    def room_for_checks(self, nbytes: int) -> bool:
        """Whether device copies or golds of `nbytes` fit the checks' share of the memory (an eighth)."""
        return nbytes <= self.info.global_mem_size // 8

    def flagged(self, kernel_name: str, n: int, *args: Any) -> bool:
        """Run the check kernel `kernel_name` of CHECKS_SOURCE over n elements of `args`: whether it raised its
        flag."""
        cl = _pyopencl()
        flag = np.zeros(1, np.uint32)
        buf = cl.Buffer(self.context, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=flag)
        try:
            with self._lock:
                if self._checks is None:
                    self._checks = self._build_uncached(CHECKS_SOURCE, ()).program
            kernel = cl.Kernel(self._checks, kernel_name)
            kernel.set_args(*args, buf)
            cl.enqueue_nd_range_kernel(self.queue, kernel, (n,), None)
            cl.enqueue_copy(self.queue, flag, buf, is_blocking=True)
        finally:
            buf.release()
        return bool(flag[0])

    def build(self, source: str, options: Sequence[str] = ()) -> BuildResult:
        """Build `source` (cached in memory by source hash, options and device fingerprint)."""
        key = (hashlib.sha256(source.encode()).hexdigest(), tuple(options), self.info.fingerprint)
        with self._lock:
            hit = self._builds.get(key)
            if hit is not None:
                self.build_hits += 1
                return BuildResult(hit.program, 0.0, hit.log, True)
            result = self._build_uncached(source, tuple(options))
            self._builds[key] = result
            self.build_misses += 1
            return result

    def _build_uncached(self, source: str, options: tuple[str, ...]) -> BuildResult:
        cl = _pyopencl()
        prg = cl.Program(self.context, source)
        t0 = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", cl.CompilerWarning)
            try:
                prg.build(options=list(options))
            except cl.Error as err:
                log = _failure_log(cl, prg, self.cl_device, err)
                raise BuildError(f"OpenCL build failed on {self.info.device_name} "
                                 f"(options {list(options)}): {_code_name(cl, err)}", log) from None
        build_s = time.perf_counter() - t0
        try:
            log = prg.get_build_info(self.cl_device, cl.program_build_info.LOG).strip()
        except cl.Error:
            log = ""
        return BuildResult(prg, build_s, log, False)

    def prepare(self, program: KernelProgram) -> PreparedProgram:
        """Build every kernel, check launch sizes and resources, allocate buffers and set arguments."""
        plan = plan_buffers(program)
        check_allocation(plan, self.info)
        builds = [self.build(k.source, k.build_options) for k in program.kernels]
        kernels = [self._make_kernel(b.program, k) for b, k in zip(builds, program.kernels)]
        buffers = self._allocate(plan)
        zeros = {b.name: np.zeros(b.size, dtype=b.np_dtype) for b in plan.buffers if b.role == "zeroed"}
        prepared = PreparedProgram(self, program, plan, buffers,
                                   build_s=sum(b.build_s for b in builds),
                                   build_log="\n".join(dict.fromkeys(b.log for b in builds if b.log)))
        try:
            prepared.write_inputs(zeros)  # zero-filled once: the kernels leave them zero
            for cl_kernel, kernel in zip(kernels, program.kernels):
                prepared.add_launch(cl_kernel, kernel)
        except BaseException:
            prepared.release()
            raise
        return prepared

    def _make_kernel(self, prg: Any, kernel: Kernel) -> Any:
        cl = _pyopencl()
        try:
            cl_kernel = cl.Kernel(prg, kernel.name)
        except cl.Error as err:
            names = prg.get_info(cl.program_info.KERNEL_NAMES)
            raise BuildError(f"kernel {kernel.name!r} is not defined by its source "
                             f"(it defines: {names or 'nothing'}); {_code_name(cl, err)}") from None
        wg = cl_kernel.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, self.cl_device)
        lmem = cl_kernel.get_work_group_info(cl.kernel_work_group_info.LOCAL_MEM_SIZE, self.cl_device)
        check_geometry(kernel, self.info, int(wg), int(lmem))
        return cl_kernel

    def _allocate(self, plan: BufferPlan) -> dict[str, Any]:
        cl = _pyopencl()
        buffers: dict[str, Any] = {}
        try:
            for b in plan.buffers:
                size = b.nbytes + (GUARD_ELEMS * b.np_dtype.itemsize if guarded(b) else 0)
                buffers[b.name] = cl.Buffer(self.context, cl.mem_flags.READ_WRITE, size=size)
        except cl.Error as err:
            for buf in buffers.values():
                buf.release()
            raise LaunchError(f"allocating buffer {b.name!r} ({b.nbytes} bytes) failed: "
                              f"{_code_name(cl, err)}") from None
        return buffers


@dataclass
class _DeviceGold:
    """An output's float32 gold on the device for one prepared program: its values and error bound (one number, or
    one per element), and the comparison's absolute tolerance for each `atol` (`compare.absolute_tolerance`),
    computed once, since a measurement compares its outputs with the same gold several times."""

    gold: Any  # the gold these are of (the same object is asked for again)
    values: Any
    bound: Any
    per_element: bool
    flat: np.ndarray
    _by_atol: dict = field(default_factory=dict)

    def tolerance(self, atol: float) -> float:
        if atol not in self._by_atol:
            self._by_atol[atol] = absolute_tolerance(self.flat, atol)
        return self._by_atol[atol]

    def release(self) -> None:
        self.values.release()
        self.bound.release()


class PreparedProgram:
    """A program ready to launch: kernels with arguments set, in order, over allocated buffers."""

    def __init__(self, device: ClDevice, program: KernelProgram, plan: BufferPlan, buffers: dict[str, Any],
                 build_s: float, build_log: str):
        self.device = device
        self.program = program
        self.plan = plan
        self.buffers = buffers
        self.build_s = build_s
        self.build_log = build_log
        self._launches: list[tuple[Any, tuple[int, ...], tuple[int, ...] | None, str]] = []
        self._pristine: dict[str, tuple[np.ndarray, Any]] = {}  # input name -> (host array, its device copy)
        self._golds: dict[str, _DeviceGold] = {}  # output name -> its gold on the device

    def add_launch(self, cl_kernel: Any, kernel: Kernel) -> None:
        args = [np.int32(a.value) if a.kind == "int" else self.buffers[a.name] for a in kernel.args]
        cl = _pyopencl()
        try:
            cl_kernel.set_args(*args)
        except cl.Error as err:
            raise InvalidKernel(f"kernel {kernel.name!r}: its {len(args)} arguments do not match the "
                                f"compiled signature: {_code_name(cl, err)}") from None
        local = tuple(kernel.local_size) if kernel.local_size is not None else None
        self._launches.append((cl_kernel, tuple(kernel.global_size), local, kernel.name))

    def _fail(self, err: Exception, what: str) -> RuntimeFailure:
        cl = _pyopencl()
        code = _code_name(cl, err)
        cls = InvalidKernel if code in _INVALID_CODES else LaunchError
        return cls(f"{what} failed on {self.device.info.device_name}: {code} ({err})")

    def write_inputs(self, arrays: Mapping[str, np.ndarray]) -> None:
        cl = _pyopencl()
        try:
            for name, arr in arrays.items():
                cl.enqueue_copy(self.device.queue, self.buffers[name], arr, is_blocking=True)
        except cl.Error as err:
            raise self._fail(err, f"uploading input {name!r}") from None

    def poison_outputs(self) -> None:
        """Fill output-only buffers with NaN (integers: their minimum) so unwritten elements show up, and
        write the guard words after the end of every buffer a kernel may write."""
        cl = _pyopencl()
        try:
            self.enqueue_poison()  # a fill on the device, no host array of the outputs' size
        except cl.Error as err:
            raise self._fail(err, "the poison fill of the outputs") from None
        try:
            for b in self.plan.buffers:
                if guarded(b):
                    cl.enqueue_copy(self.device.queue, self.buffers[b.name], guard_words(b),
                                    dst_offset=b.nbytes, is_blocking=True)
        except cl.Error as err:
            raise self._fail(err, f"writing the guard words of {b.name!r}") from None

    def reset_state(self, inputs: Mapping[str, np.ndarray]) -> None:
        """The state of the first launch again, before a launch whose outputs are checked: the inputs (in-place
        buffers too) uploaded again, every other buffer a kernel writes (outputs and temporaries) filled with the
        poison, and the zero-filled buffers zeroed again; the guard words are left as they are (`check_guards`
        still sees a write past an end). So a checked launch cannot use a result an earlier launch left in a
        temporary, in an input or in a zero-filled buffer. With checks on the device, the inputs come from the
        device copies of their first upload (the same bits) when `inputs` holds the same arrays."""
        cl = _pyopencl()
        if self._holds(inputs):
            try:
                for name, (arr, copy) in self._pristine.items():
                    cl.enqueue_copy(self.device.queue, self.buffers[name], copy, byte_count=arr.nbytes)
            except cl.Error as err:
                raise self._fail(err, f"restoring input {name!r}") from None
        else:
            self.write_inputs(inputs)
            self._keep_pristine(inputs)
        try:
            for b in self.plan.buffers:
                if b.role in ("output", "temp"):
                    name = f"the poison fill of {b.name!r}"
                    cl.enqueue_fill_buffer(self.device.queue, self.buffers[b.name], poison_pattern(b.np_dtype), 0,
                                           b.nbytes)
                elif b.role == "zeroed":
                    name = f"zeroing {b.name!r}"
                    cl.enqueue_fill_buffer(self.device.queue, self.buffers[b.name], np.zeros(1, b.np_dtype), 0,
                                           b.nbytes)
            self.device.queue.finish()
        except cl.Error as err:
            raise self._fail(err, name) from None

    def _holds(self, inputs: Mapping[str, np.ndarray]) -> bool:
        """Whether the device copies are of exactly these input arrays (the same objects)."""
        return bool(self._pristine) and self._pristine.keys() == inputs.keys() and all(
            self._pristine[k][0] is v for k, v in inputs.items())

    def _keep_pristine(self, inputs: Mapping[str, np.ndarray]) -> None:
        """Device copies of the inputs just uploaded (none without checks on the device, or past an eighth of
        its memory)."""
        self._release_pristine()
        total = sum(np.asarray(a).nbytes for a in inputs.values())
        if not self.device.device_checks or not inputs or not self.device.room_for_checks(total):
            return
        cl = _pyopencl()
        try:
            for name, arr in inputs.items():
                nbytes = np.asarray(arr).nbytes
                copy = cl.Buffer(self.device.context, cl.mem_flags.READ_WRITE, size=max(nbytes, 4))
                self._pristine[name] = (arr, copy)
                cl.enqueue_copy(self.device.queue, copy, self.buffers[name], byte_count=nbytes)
        except cl.Error:
            self._release_pristine()  # the checks stay on the host

    def _release_pristine(self) -> None:
        for _, copy in self._pristine.values():
            copy.release()
        self._pristine = {}

    def inputs_unchanged(self, inputs: Mapping[str, np.ndarray]) -> bool:
        """Whether every read-only input is bit for bit as uploaded, decided on the device against its copy;
        False says nothing (`check_inputs` reads it back)."""
        if not self._holds(inputs):
            return False
        for b in self.plan.buffers:
            if b.role == "input" and b.name in inputs:
                if b.nbytes % 4 or self.device.flagged("words_differ", b.nbytes // 4, self.buffers[b.name],
                                                       self._pristine[b.name][1]):
                    return False
        return True

    def _gold_on_device(self, name: str, gold) -> _DeviceGold | None:
        """An output's gold on the device, uploaded once per prepared program; None where it would take more than
        an eighth of the device's memory."""
        hit = self._golds.get(name)
        if hit is not None and hit.gold is gold:
            return hit
        values, bound = (gold.values, gold.bound) if isinstance(gold, Gold) else (gold, None)
        if np.asarray(values).dtype != np.float32:  # the host compares a reference of another type as it is
            return None
        flat = np.ascontiguousarray(values).reshape(-1)
        b = np.zeros(1) if bound is None else np.asarray(bound, dtype=np.float64).reshape(-1)
        if b.size == 1 or (b.size and b.strides[0] == 0):  # one number for every element
            b = b[:1]
        b = np.ascontiguousarray(b)
        if not self.device.room_for_checks(flat.nbytes + b.nbytes):
            return None
        cl = _pyopencl()
        flags = cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR
        self._release_golds(name)
        self._golds[name] = _DeviceGold(gold, cl.Buffer(self.device.context, flags, hostbuf=flat),
                                        cl.Buffer(self.device.context, flags, hostbuf=b), b.size > 1, flat)
        return self._golds[name]

    def _release_golds(self, *names: str) -> None:
        for name in names or tuple(self._golds):
            entry = self._golds.pop(name, None)
            if entry is not None:
                entry.release()

    def outputs_close(self, golds: Mapping[str, Any], rtol: float, atol: float) -> bool:
        """Whether every output is within tolerance of its gold, decided on the device: True only where the
        host's comparison passes (float32 outputs; every element and reference finite, none subnormal, within
        `max(rtol * |ref|, atol * min(1, scale), bound)`); False says nothing (read back and compare)."""
        if not self.device.device_checks:
            return False
        for name, gold in golds.items():
            spec = self.plan[name]
            if spec.np_dtype != np.float32:
                return False
            g = self._gold_on_device(name, gold)
            if g is None or g.flat.size != spec.size or self.device.flagged(
                    "floats_not_close", spec.size, self.buffers[name], g.values, g.bound, np.uint32(g.per_element),
                    np.float64(rtol), np.float64(g.tolerance(atol))):
                return False
        return True

    def check_zeroed(self, when: str = "") -> None:
        """CorrectnessError naming the buffer when a launch left a zero-filled buffer (a work-group counter) not
        zero: the kernels must leave it as they found it, or a later launch would see state of an earlier one."""
        for b in self.plan.buffers:
            if b.role != "zeroed":
                continue
            got = self._read(b.name, f"reading the zero-filled buffer {b.name!r}")
            bad = np.flatnonzero(got != 0)
            if bad.size:
                err = CorrectnessError(
                    f"zero-filled buffer {b.name!r} ({b.dtype}[{b.size}]) is not zero after the launch{when}: "
                    f"{bad.size} of its {b.size} elements non-zero, first at index {int(bad[0])} "
                    f"({got[bad[0]].item()!r}); the kernels must leave it zero (no state carried to the next launch)")
                err.output, err.first_bad_index = b.name, int(bad[0])
                raise err

    def check_inputs(self, inputs: Mapping[str, np.ndarray], when: str = "") -> None:
        """CorrectnessError naming the buffer when a launch changed a read-only input (one that is not also an
        output): a kernel that writes its inputs computes from other data on its next launch, or keeps a result
        there for it."""
        if self.inputs_unchanged(inputs):
            return
        for b in self.plan.buffers:
            if b.role != "input" or b.name not in inputs:
                continue
            want = np.ascontiguousarray(inputs[b.name]).reshape(-1)
            got = self._read(b.name, f"reading input {b.name!r} back")
            size = b.np_dtype.itemsize
            if got.nbytes == want.nbytes and np.array_equal(got.view(np.uint8), want.view(np.uint8)):
                continue  # bit for bit the same (one pass); else find the changed elements
            changed = np.flatnonzero((got.view(np.uint8) != want.view(np.uint8)).reshape(-1, size).any(axis=1))
            if changed.size:
                err = CorrectnessError(
                    f"input buffer {b.name!r} ({b.dtype}[{b.size}]) was written by the launch{when}: "
                    f"{changed.size} of its {b.size} elements changed, first at index {int(changed[0])}; a "
                    f"kernel must not write its inputs (no state carried to the next launch)")
                err.output, err.first_bad_index = b.name, int(changed[0])
                raise err

    def check_guards(self, when: str = "") -> None:
        """CorrectnessError naming the buffer when a kernel wrote into the guard words after its end."""
        cl = _pyopencl()
        for b in self.plan.buffers:
            if not guarded(b):
                continue
            want = guard_words(b)
            got = np.empty_like(want)
            try:
                cl.enqueue_copy(self.device.queue, got, self.buffers[b.name], src_offset=b.nbytes, is_blocking=True)
            except cl.Error as err:
                raise self._fail(err, f"reading the guard words of {b.name!r}") from None
            if not np.array_equal(got, want):
                size = b.np_dtype.itemsize
                bad = sorted({int(i) // size for i in np.flatnonzero(got != want)})
                err = CorrectnessError(
                    f"{b.role} buffer {b.name!r} ({b.dtype}[{b.size}]): the kernel wrote past its end{when}: "
                    f"{len(bad)} of the {GUARD_ELEMS} guard elements after it overwritten, first at index "
                    f"{b.size + bad[0]}")
                err.output, err.first_bad_index = b.name, b.size + bad[0]
                raise err

    def enqueue_poison(self) -> None:
        """Fill the output-only buffers with their poison on the device (in queue order; guard words untouched)."""
        cl = _pyopencl()
        for b in self.plan.buffers:
            if b.role == "output":
                cl.enqueue_fill_buffer(self.device.queue, self.buffers[b.name], poison_pattern(b.np_dtype), 0, b.nbytes)

    def launch(self, n: int = 1, *, poison: bool = False) -> float:
        """Enqueue the program n times back to back; seconds per launch from the events' profile.

        `poison`: every launch finds its output-only buffers filled with the poison pattern (a fill enqueued
        before each launch), so a kernel must write its whole result every time; the time is then the sum of
        each launch's span (START of its first kernel to END of its last), the fills left out. Without it, END
        of the last event minus START of the first."""
        if n < 1:
            raise ValueError(f"launch count must be positive, got {n}")
        cl = _pyopencl()
        queue, first, last, name = self.device.queue, None, None, ""
        spans: list[tuple[Any, Any]] = []
        try:
            for _ in range(n):
                if poison:
                    name = "the poison fill"
                    self.enqueue_poison()
                    first = None
                for cl_kernel, gs, ls, kname in self._launches:
                    name = kname  # named in the error message if this enqueue fails
                    last = cl.enqueue_nd_range_kernel(queue, cl_kernel, gs, ls)
                    if first is None:
                        first = last
                if poison:
                    spans.append((first, last))
            last.wait()
            if poison:
                total = sum(e.profile.end - s.profile.start for s, e in spans)
                start, end = 0, total
            else:
                start, end = first.profile.start, last.profile.end
        except cl.Error as err:
            raise self._fail(err, f"launching kernel {name!r}") from None
        if end <= start:
            raise LaunchError(f"event profiling of kernel {name!r} returned end {end} <= start {start}")
        return (end - start) * 1e-9 / n

    def launch_each(self, n: int = 1) -> list[tuple[str, float]]:
        """Each kernel of the program on its own, enqueued n times back to back: (kernel name, seconds per
        launch from its events), in launch order (where the time of a multi-kernel program goes)."""
        if n < 1:
            raise ValueError(f"launch count must be positive, got {n}")
        cl = _pyopencl()
        out = []
        for cl_kernel, gs, ls, kname in self._launches:
            try:
                events = [cl.enqueue_nd_range_kernel(self.device.queue, cl_kernel, gs, ls) for _ in range(n)]
                events[-1].wait()
            except cl.Error as err:
                raise self._fail(err, f"launching kernel {kname!r}") from None
            out.append((kname, (events[-1].profile.end - events[0].profile.start) * 1e-9 / n))
        return out

    def kernel_resources(self) -> list[dict]:
        """Per kernel, what the driver allots it: the largest work group it accepts, local and private memory
        per work item or group in bytes, and the preferred work-group size multiple."""
        cl = _pyopencl()
        info = cl.kernel_work_group_info
        out = []
        for cl_kernel, _, _, kname in self._launches:
            got = {key: int(cl_kernel.get_work_group_info(what, self.device.cl_device)) for key, what in (
                ("max_work_group_size", info.WORK_GROUP_SIZE), ("local_mem_bytes", info.LOCAL_MEM_SIZE),
                ("private_mem_bytes", info.PRIVATE_MEM_SIZE),
                ("preferred_multiple", info.PREFERRED_WORK_GROUP_SIZE_MULTIPLE))}
            out.append({"kernel": kname, **got})
        return out

    def _read(self, name: str, what: str) -> np.ndarray:
        """The elements of one buffer (its guard words left out), read back; a failure names `what` was done."""
        cl = _pyopencl()
        spec = self.plan[name]
        host = np.empty(spec.size, dtype=spec.np_dtype)
        try:
            cl.enqueue_copy(self.device.queue, host, self.buffers[name], is_blocking=True)
        except cl.Error as err:
            raise self._fail(err, what) from None
        return host

    def read_outputs(self) -> dict[str, np.ndarray]:
        return {name: self._read(name, f"reading output {name!r}") for name in self.program.outputs}

    def release(self) -> None:
        self._release_pristine()
        self._release_golds()
        for buf in self.buffers.values():
            buf.release()
        self.buffers = {}
        self._launches = []
