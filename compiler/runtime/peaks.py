"""Device peaks measured through OpenCL with the same protocol as every candidate kernel.

- copy bandwidth: a float4 copy kernel over a large buffer (256 MiB on a GPU, 16 MiB on a CPU); GB/s
  counts bytes read plus bytes written; the copy is checked against its input.
- FP32 FMA peak: `CHAINS` independent multiply-add chains per work item, unrolled, built with
  `-cl-mad-enable` so the compiler contracts them to FMA instructions (an explicit `fma()` is a slow
  library call on PoCL); GFLOP/s counts 2 per FMA. The result is not checked (the values are synthetic),
  but it is written so nothing is dead code.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.errors import RuntimeFailure
from compiler.runtime.device import DeviceInfo
from compiler.runtime.measure import MeasureConfig, Measurement, measure_in_process

CHAINS = 8
UNROLL = 16
FMA_OPTIONS = ("-cl-mad-enable",)

COPY_SOURCE = """
__kernel void copy_float4(__global const float4* restrict src, __global float4* restrict dst)
{
    size_t i = get_global_id(0);
    dst[i] = src[i];
}
"""


def fma_source(chains: int = CHAINS, unroll: int = UNROLL) -> str:
    decl = "\n".join(f"    float x{c} = seed + {c}.0f;" for c in range(chains))
    body = "\n".join(f"            x{c} = x{c} * a + b;" for c in range(chains))
    total = " + ".join(f"x{c}" for c in range(chains))
    return f"""
__kernel void fma_peak(__global float* out, const int iters)
{{
    size_t gid = get_global_id(0);
    float seed = (float)(gid & 1023) * 1.0e-3f;
    float a = 0.9999f - seed * 1.0e-6f;
    float b = 1.0e-4f;
{decl}
    for (int i = 0; i < iters; ++i) {{
        for (int u = 0; u < {unroll}; ++u) {{
{body}
        }}
    }}
    out[gid] = {total};
}}
"""


@dataclass(frozen=True)
class Peaks:
    """Measured device peaks and the measurements behind them."""

    copy_gbs: float
    fma_gflops: float
    copy: Measurement
    fma: Measurement
    device: DeviceInfo

    def to_dict(self) -> dict:
        return {"device": self.device.to_dict(), "copy_gbs": self.copy_gbs, "fma_gflops": self.fma_gflops,
                "copy": self.copy.to_dict(), "fma": self.fma.to_dict()}


def copy_program(nbytes: int) -> KernelProgram:
    n4 = max(1, nbytes // 16)
    n = n4 * 4
    kernel = Kernel("copy_float4", COPY_SOURCE,
                    (KernelArg("src", "in", "float", n), KernelArg("dst", "out", "float", n)), (n4,))
    return KernelProgram((kernel,), inputs=("src",), outputs=("dst",), bytes=2.0 * n * 4)


def fma_program(work_items: int, iters: int, local_size: int | None = None) -> KernelProgram:
    kernel = Kernel("fma_peak", fma_source(), (KernelArg("out", "out", "float", work_items),
                                               KernelArg("iters", "int", value=iters)),
                    (work_items,), (local_size,) if local_size else None, FMA_OPTIONS)
    flops = 2.0 * CHAINS * UNROLL * iters * work_items
    return KernelProgram((kernel,), inputs=(), outputs=("out",), flops=flops)


def default_copy_bytes(info: DeviceInfo) -> int:
    want = (256 << 20) if info.is_gpu else (16 << 20)
    return min(want, info.max_alloc // 2, info.global_mem_size // 4)


def _ok(m: Measurement, what: str) -> Measurement:
    try:
        return m.raise_for_status()
    except RuntimeFailure as err:
        raise type(err)(f"{what} peak measurement failed: {err}") from None


def measure_copy(device=None, nbytes: int | None = None, config: MeasureConfig | None = None) -> Measurement:
    """Device-to-device float4 copy; `gbs` is (bytes read + written) / median time."""
    from compiler.runtime import cl

    dev = cl.open_device(device) if not isinstance(device, cl.ClDevice) else device
    program = copy_program(nbytes or default_copy_bytes(dev.info))
    n = program.kernels[0].args[0].size
    src = np.arange(n, dtype=np.float32) % 65521.0
    return _ok(measure_in_process(program, {"src": src}, {"dst": src}, config, device=dev), "copy")


def measure_fma(device=None, config: MeasureConfig | None = None) -> Measurement:
    """FP32 FMA throughput; `gflops` counts 2 flops per FMA."""
    from compiler.runtime import cl

    dev = cl.open_device(device) if not isinstance(device, cl.ClDevice) else device
    info = dev.info
    if info.is_gpu:
        program = fma_program(info.compute_units * 2048 * 4, iters=256, local_size=256)
    else:
        program = fma_program(info.compute_units * 1024, iters=32)
    return _ok(measure_in_process(program, {}, None, config, device=dev), "FMA")


def measure_peaks(device=None, config: MeasureConfig | None = None, copy_bytes: int | None = None) -> Peaks:
    """Copy bandwidth (GB/s) and FP32 FMA peak (GFLOP/s) of the selected device."""
    from compiler.runtime import cl

    dev = cl.open_device(device) if not isinstance(device, cl.ClDevice) else device
    copy = measure_copy(dev, copy_bytes, config)
    fma = measure_fma(dev, config)
    return Peaks(float(copy.gbs or 0.0), float(fma.gflops or 0.0), copy, fma, dev.info)
