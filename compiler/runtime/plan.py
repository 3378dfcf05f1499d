"""What a `KernelProgram` needs before it touches a device (pure, NumPy only).

- `plan_buffers`: the named global buffers shared by the kernels, with their element type, size and role.
- `check_geometry` / `check_allocation`: launch sizes and memory against the device's limits.
- `validate_inputs` / `validate_gold`: the caller's arrays against the plan (caller mistakes: ValueError).
- `guarded` / `guard_words`: the guard words after the end of every buffer a kernel writes, which catch
  off-by-one writes past the end.

Program defects (inconsistent buffers, bad launch sizes) raise `InvalidKernel`, so a measurement reports
them as status "invalid"; mistakes of the caller raise ValueError, loudly.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from compiler.codegen.kernel import Kernel, KernelProgram
from compiler.errors import InvalidKernel
from compiler.runtime.device import DeviceInfo
from compiler.runtime.gold import Gold

DTYPES: dict[str, np.dtype] = {
    "float": np.dtype(np.float32), "double": np.dtype(np.float64), "half": np.dtype(np.float16),
    "int": np.dtype(np.int32), "uint": np.dtype(np.uint32), "long": np.dtype(np.int64),
    "ulong": np.dtype(np.uint64), "short": np.dtype(np.int16), "ushort": np.dtype(np.uint16),
    "char": np.dtype(np.int8), "uchar": np.dtype(np.uint8),
}
BUFFER_KINDS = ("in", "out", "tmp", "zero")  # "zero": a temporary the runtime zero-fills once
SCALAR_KINDS = ("int",)
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


@dataclass(frozen=True)
class BufferSpec:
    """One global buffer of a program; `role` is "input", "output", "inout", "temp" or "zeroed" (a temporary the
    runtime fills with zeros before the first launch and before every checked one, and the kernels leave zero: a
    work-group counter)."""

    name: str
    dtype: str
    size: int
    role: str

    @property
    def np_dtype(self) -> np.dtype:
        return DTYPES[self.dtype]

    @property
    def nbytes(self) -> int:
        return self.size * self.np_dtype.itemsize


@dataclass(frozen=True)
class BufferPlan:
    buffers: tuple[BufferSpec, ...]

    def __getitem__(self, name: str) -> BufferSpec:
        for b in self.buffers:
            if b.name == name:
                return b
        raise KeyError(f"no buffer named {name!r}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.buffers)

    @property
    def nbytes(self) -> int:
        return sum(b.nbytes for b in self.buffers)


def _role(name: str, kind: str, program: KernelProgram) -> str:
    is_in, is_out = name in program.inputs, name in program.outputs
    if kind == "zero" and (is_in or is_out):
        raise InvalidKernel(f"buffer {name!r}: a zero-filled temporary cannot be a program input or output")
    return ("inout" if is_in and is_out else "input" if is_in else "output" if is_out
            else "zeroed" if kind == "zero" else "temp")


def _check_scalar(kernel: Kernel, arg) -> None:
    if not INT32_MIN <= arg.value <= INT32_MAX:
        raise InvalidKernel(f"kernel {kernel.name!r}: int argument {arg.name!r}={arg.value} does not fit in 32 bits")


def plan_buffers(program: KernelProgram) -> BufferPlan:
    """Collect the buffers the kernels name; the same name must mean the same type and size everywhere."""
    if not program.kernels:
        raise InvalidKernel("program has no kernels")
    seen: dict[str, tuple[str, int, str]] = {}
    kinds: dict[str, str] = {}
    for kernel in program.kernels:
        for arg in kernel.args:
            if arg.kind in SCALAR_KINDS:
                _check_scalar(kernel, arg)
                continue
            if arg.kind not in BUFFER_KINDS:
                raise InvalidKernel(f"kernel {kernel.name!r}: argument {arg.name!r} has unknown kind {arg.kind!r}")
            if arg.dtype not in DTYPES:
                raise InvalidKernel(f"kernel {kernel.name!r}: buffer {arg.name!r} has unsupported type {arg.dtype!r}")
            if arg.size <= 0:
                raise InvalidKernel(f"kernel {kernel.name!r}: buffer {arg.name!r} has size {arg.size}")
            prev = seen.setdefault(arg.name, (arg.dtype, arg.size, kernel.name))
            kinds.setdefault(arg.name, arg.kind)
            if prev[:2] != (arg.dtype, arg.size):
                raise InvalidKernel(f"buffer {arg.name!r} is {prev[0]}[{prev[1]}] in kernel {prev[2]!r} but "
                                    f"{arg.dtype}[{arg.size}] in kernel {kernel.name!r}")
    for name in (*program.inputs, *program.outputs):
        if name not in seen:
            raise InvalidKernel(f"program names {name!r} as an input/output but no kernel argument uses it")
    return BufferPlan(tuple(BufferSpec(n, d, s, _role(n, kinds[n], program)) for n, (d, s, _) in seen.items()))


def check_geometry(kernel: Kernel, info: DeviceInfo, kernel_wg_limit: int | None = None,
                   kernel_local_mem: int | None = None) -> None:
    """Launch sizes and per-kernel resources against the device (and, when known, the compiled kernel)."""
    where = f"kernel {kernel.name!r}"
    gs, ls = tuple(kernel.global_size), kernel.local_size
    if not 1 <= len(gs) <= 3 or any(g <= 0 for g in gs):
        raise InvalidKernel(f"{where}: global size {gs} must have 1 to 3 positive dimensions")
    if kernel_local_mem is not None and kernel_local_mem > info.local_mem_size:
        raise InvalidKernel(f"{where}: uses {kernel_local_mem} bytes of local memory; "
                            f"the device has {info.local_mem_size}")
    if ls is None:
        return
    ls = tuple(ls)
    if len(ls) != len(gs) or any(v <= 0 for v in ls):
        raise InvalidKernel(f"{where}: local size {ls} does not match global size {gs}")
    if any(g % v for g, v in zip(gs, ls)):
        raise InvalidKernel(f"{where}: global size {gs} is not a multiple of local size {ls}")
    for dim, (v, lim) in enumerate(zip(ls, info.max_work_item_sizes)):
        if v > lim:
            raise InvalidKernel(f"{where}: local size {v} in dimension {dim} exceeds the device limit {lim}")
    wg = math.prod(ls)
    limit = min(info.max_work_group_size, kernel_wg_limit or info.max_work_group_size)
    if wg > limit:
        raise InvalidKernel(f"{where}: work-group of {wg} work items exceeds the limit {limit} "
                            f"(device {info.max_work_group_size}, compiled kernel {kernel_wg_limit})")


def check_allocation(plan: BufferPlan, info: DeviceInfo) -> None:
    for b in plan.buffers:
        if b.nbytes > info.max_alloc:
            raise InvalidKernel(f"buffer {b.name!r} needs {b.nbytes} bytes; the device allows {info.max_alloc} "
                                "per allocation")
    if plan.nbytes > info.global_mem_size:
        raise InvalidKernel(f"buffers need {plan.nbytes} bytes in all; the device has {info.global_mem_size}")


def _as_buffer_array(what: str, name: str, arr, spec: BufferSpec) -> np.ndarray:
    a = np.asarray(arr)
    if a.size != spec.size:
        raise ValueError(f"{what} {name!r} has {a.size} elements; the program's buffer is {spec.dtype}[{spec.size}]")
    if a.dtype != spec.np_dtype and not np.can_cast(a.dtype, spec.np_dtype, "same_kind"):
        raise ValueError(f"{what} {name!r} has dtype {a.dtype}, which does not convert to {spec.dtype}")
    return np.ascontiguousarray(a.reshape(-1), dtype=spec.np_dtype)


def validate_inputs(program: KernelProgram, plan: BufferPlan,
                    inputs: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Every program input present with the right size; returns flat contiguous arrays of the buffer type."""
    missing = [n for n in program.inputs if n not in inputs]
    if missing:
        raise ValueError(f"missing input arrays {missing}; the program takes {list(program.inputs)}")
    extra = [n for n in inputs if n not in program.inputs]
    if extra:
        raise ValueError(f"unexpected input arrays {extra}; the program takes {list(program.inputs)}")
    return {n: _as_buffer_array("input", n, inputs[n], plan[n]) for n in program.inputs}


def validate_gold(program: KernelProgram, plan: BufferPlan,
                  gold: Mapping[str, np.ndarray] | None) -> dict[str, np.ndarray] | None:
    """Gold arrays for every output (or None: no correctness check); flat, of the buffer's type."""
    if gold is None:
        return None
    missing = [n for n in program.outputs if n not in gold]
    if missing:
        raise ValueError(f"missing gold arrays for outputs {missing}; the program outputs {list(program.outputs)}")
    return {n: _as_gold(n, gold[n], plan[n]) for n in program.outputs}


def _as_gold(name: str, g, spec: BufferSpec):
    """A gold value flattened to the buffer's type (a Gold: its values, and its bound to match)."""
    if isinstance(g, Gold):
        return g.flat(_as_buffer_array("gold", name, g.values, spec), name)
    return _as_buffer_array("gold", name, g, spec)


GUARD_ELEMS = 32  # elements after the end of every buffer a kernel may write (outputs, in-place, temporaries)
GUARD_BYTE = 0xA5  # the guard words' bit pattern, byte by byte (a NaN payload no kernel computes for floats)


def guarded(spec: BufferSpec) -> bool:
    """Whether a buffer gets guard words: every buffer but the read-only inputs."""
    return spec.role != "input"


def guard_words(spec: BufferSpec) -> np.ndarray:
    """The guard region of a buffer as it must stay: GUARD_ELEMS elements of the GUARD_BYTE pattern."""
    return np.full(GUARD_ELEMS * spec.np_dtype.itemsize, GUARD_BYTE, dtype=np.uint8)


POISON_BITS = {2: 0x7EA5, 4: 0x7FC0A5A5, 8: 0x7FF8A5A5A5A5A5A5}  # quiet NaNs with a payload no kernel computes


def poison_value(dtype: np.dtype):
    """A value a correct kernel overwrites: for floats a NaN of the POISON_BITS pattern (so an unwritten element
    is told from a computed NaN), for integers the minimum."""
    if dtype.kind == "f":
        return np.array(POISON_BITS[dtype.itemsize], dtype=f"u{dtype.itemsize}").view(dtype)[()]
    return np.iinfo(dtype).min


def poison_bits(dtype: np.dtype) -> int | None:
    """The bit pattern of a float buffer's poison (None for integers: their poison is a plain value)."""
    return POISON_BITS[dtype.itemsize] if dtype.kind == "f" else None


def poison_pattern(dtype: np.dtype) -> np.ndarray:
    """One poison element, as the pattern of a buffer fill."""
    return np.array([poison_value(dtype)], dtype=dtype)
