# ruff: noqa: E501  (OpenCL source lines)
# one-kernel asum (last work group finishes) vs the two-kernel chain: is 80% of copy reachable at 2^24?
import json
import os
from pathlib import Path

import numpy as np

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.runtime.gold import Gold
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker

N = int(os.environ.get("ASUM_N", 1 << 24))
SRC = r"""
kernel void asum1(const global float* restrict x, volatile global float* partial, volatile global int* count, global float* out) {
  local float buf[256]; local float buf2[32]; local int last;
  int l = get_local_id(0), g = get_group_id(0);
  LOADS
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 32) { float s = 0.0f; for (int i = 0; i < 8; i++) s += buf[l + 32 * i]; buf2[l] = s; }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) { float s = 0.0f; for (int i = 0; i < 32; i++) s += buf2[i];
    partial[g] = s; mem_fence(CLK_GLOBAL_MEM_FENCE);
    last = atomic_inc(count) == (int)get_num_groups(0) - 1; }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (last) {
    int G = get_num_groups(0);
    float s = 0.0f; for (int i = l; i < G; i += 256) s += partial[i];
    buf[l] = s; barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 32) { float t = 0.0f; for (int i = 0; i < 8; i++) t += buf[l + 32 * i]; buf2[l] = t; }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) { float t = 0.0f; for (int i = 0; i < 32; i++) t += buf2[i]; out[0] = t; count[0] = 0; }
  }
}
"""


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(N).astype(np.float32)
    want = np.abs(x.astype(np.float64)).sum()
    rows = []
    with MeasureWorker(os.environ.get("DEV", "nvidia")) as w:
        for vec, it in ((4, 8), (4, 16), (1, 32), (1, 16), (2, 16), (2, 32)):
            G = N // (256 * vec * it)
            if vec == 1:
                loads = "float acc = 0.0f;\n  #pragma unroll\n  for (int i = 0; i < ITER; i++) acc += fabs(x[l + 256 * i + 256 * ITER * g]);\n  buf[l] = acc;"
            else:
                loads = (
                    f"float{vec} acc = (float{vec})(0.0f);\n  #pragma unroll\n  for (int i = 0; i < ITER; i++) acc += fabs(vload{vec}(l + 256 * i + 256 * ITER * g, x));\n"
                    + "  buf[l] = "
                    + " + ".join(f"acc.s{j}" for j in range(vec))
                    + ";"
                )
            src = SRC.replace("LOADS", loads).replace("ITER", str(it))
            k = Kernel(
                "asum1",
                src,
                (
                    KernelArg("x", "in", "float", N),
                    KernelArg("partial", "tmp", "float", G),
                    KernelArg("count", "in", "int", 1),
                    KernelArg("out", "out", "float", 1),
                ),
                (G * 256,),
                (256,),
            )
            kp = KernelProgram((k,), inputs=("x", "count"), outputs=("out",), flops=2.0 * N, bytes=4.0 * N)
            gold = {"out": Gold(np.array([want], np.float32), np.array([want * 1e-5], np.float32))}
            m = w.measure(kp, {"x": x, "count": np.zeros(1, np.int32)}, gold, MeasureConfig())
            r = dict(
                vec=vec,
                iter=it,
                groups=G,
                status=m.status,
                msg=m.message[:300],
                median_us=(m.median_s or 0) * 1e6,
                gbs=m.gbs,
            )
            print(json.dumps(r), flush=True)
            rows.append(r)
    os.makedirs(os.environ.get("OUT", "/tmp/o"), exist_ok=True)
    Path(os.environ.get("OUT", "/tmp/o"), "asum1.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
