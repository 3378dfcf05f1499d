"""The frozen result of code generation: everything a runtime needs to build and launch kernels."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class KernelArg:
    """One kernel argument: a global buffer (`dtype` element, `size` elements) or a scalar int."""

    name: str
    kind: str  # "in" | "out" | "tmp" | "zero" (global buffers; "zero": zero-filled once) | "int" (scalar size argument)
    dtype: str = "float"  # OpenCL scalar type of a buffer's elements
    size: int = 0  # elements, for buffers
    value: int = 0  # for "int" arguments


@dataclass(frozen=True)
class Kernel:
    """One OpenCL kernel: source, entry name, arguments in order, and the launch geometry."""

    name: str
    source: str
    args: tuple[KernelArg, ...]
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None = None
    build_options: tuple[str, ...] = ()
    local_bytes: int = 0  # bytes of the local buffers it declares (per work group), as the code generator sizes them
    private_bytes: int = 0  # bytes of the private arrays and scalars it declares (per work item), each counted once

    @property
    def key(self) -> str:
        h = hashlib.sha256()
        for part in (self.name, self.source, repr(self.args), repr(self.global_size),
                     repr(self.local_size), repr(self.build_options)):
            h.update(part.encode())
            h.update(b"\0")
        return h.hexdigest()


@dataclass(frozen=True)
class KernelProgram:
    """A whole program: kernels launched in order, sharing named global buffers (host-side schedule).

    `inputs` and `outputs` name the buffers the caller provides and reads back; every other buffer an
    argument names is a temporary allocated by the runtime. `flops` and `bytes` are static counts of the
    high-level program, used to report GFLOP/s and GB/s.
    """

    kernels: tuple[Kernel, ...]
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    flops: float = 0.0
    bytes: float = 0.0
    meta: tuple[tuple[str, str], ...] = field(default=())

    @property
    def key(self) -> str:
        h = hashlib.sha256()
        for k in self.kernels:
            h.update(k.key.encode())
        h.update(repr((self.inputs, self.outputs)).encode())
        return h.hexdigest()

    @property
    def source(self) -> str:
        return "\n\n".join(k.source for k in self.kernels)
