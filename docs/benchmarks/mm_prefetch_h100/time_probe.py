"""Probe (not product): times mm 4096³ OpenCL files given on the command line (kernel `mm(A, B, out)`, global
(512, 512), local (16, 16)) with events: correctness against NumPy first (max error relative to max |C|, 1e-4),
3 warm-up launches, 15 batches of 10 launches, the median and the spread; cuBLAS SGEMM (TF32 off) after.
Prints one JSON line per kernel."""

import json
import sys
from pathlib import Path

import numpy as np
import pyopencl as cl

n = 4096
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
rng = np.random.default_rng(0)
a = rng.standard_normal((n, n), dtype=np.float32)
b = rng.standard_normal((n, n), dtype=np.float32)
ref = a.astype(np.float64) @ b.astype(np.float64)
mf = cl.mem_flags
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
db = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
dc = cl.Buffer(ctx, mf.WRITE_ONLY, size=4 * n * n)
for path in sys.argv[1:]:
    prog = cl.Program(ctx, Path(path).read_text()).build(options=["-cl-nv-verbose"])
    log = prog.get_build_info(ctx.devices[0], cl.program_build_info.LOG)
    k = prog.mm
    k.set_args(da, db, dc)
    cl.enqueue_nd_range_kernel(q, k, (512, 512), (16, 16)).wait()
    c = np.empty((n, n), np.float32)
    cl.enqueue_copy(q, c, dc).wait()
    err = float(np.abs(c - ref).max() / np.abs(ref).max())
    for _ in range(3):
        cl.enqueue_nd_range_kernel(q, k, (512, 512), (16, 16))
    q.finish()
    times = []
    for _ in range(15):
        evs = [cl.enqueue_nd_range_kernel(q, k, (512, 512), (16, 16)) for _ in range(10)]
        q.finish()
        times.append((evs[-1].profile.end - evs[0].profile.start) * 1e-9 / 10)
    med = float(np.median(times))
    print(json.dumps({"kernel": path, "err": err, "ok": err < 1e-4, "median_s": med,
                      "gflops": 2 * n**3 / med / 1e9, "spread": float((max(times) - min(times)) / med),
                      "regs": [ln.strip() for ln in log.splitlines() if "registers" in ln][:2]}), flush=True)
try:
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    ta, tb = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
    for _ in range(3):
        ta @ tb
    torch.cuda.synchronize()
    times = []
    for _ in range(15):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(10):
            ta @ tb
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e) * 1e-3 / 10)
    med = float(np.median(times))
    print(json.dumps({"kernel": "cublas", "median_s": med, "gflops": 2 * n**3 / med / 1e9}))
except Exception as exc:  # no torch here
    print(json.dumps({"kernel": "cublas", "error": str(exc)}))
