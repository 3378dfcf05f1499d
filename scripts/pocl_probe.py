"""Exit 0 when the first OpenCL CPU device (PoCL without a GPU) builds and runs a kernel; else say why and exit 1.

    python3 scripts/pocl_probe.py      # .ci/run asks before the tests
"""

from __future__ import annotations

import sys

import numpy as np


def main() -> int:
    try:
        import pyopencl as cl
    except ImportError as err:
        print(f"pocl probe: pyopencl is not installed ({err})", file=sys.stderr)
        return 1
    devices = [d for p in cl.get_platforms() for d in p.get_devices() if d.type & cl.device_type.CPU]
    if not devices:
        print("pocl probe: no OpenCL CPU device", file=sys.stderr)
        return 1
    ctx = cl.Context([devices[0]])
    queue = cl.CommandQueue(ctx)
    a = np.arange(8, dtype=np.float32)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    try:
        prog = cl.Program(ctx, "__kernel void twice(__global float *a) { a[get_global_id(0)] *= 2.0f; }").build()
    except cl.Error as err:
        first = next((line for line in str(err).splitlines() if "error" in line.lower()), str(err).splitlines()[0])
        print(f"pocl probe: {devices[0].platform.version} cannot build a kernel on {devices[0].name}: {first}",
              file=sys.stderr)
        return 1
    prog.twice(queue, a.shape, None, buf)
    out = np.empty_like(a)
    cl.enqueue_copy(queue, out, buf)
    if not np.array_equal(out, 2 * a):
        print("pocl probe: the kernel ran but gave wrong values", file=sys.stderr)
        return 1
    print(f"pocl probe: {devices[0].platform.version} on {devices[0].name}: ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
