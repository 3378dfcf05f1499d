# ruff: noqa: E501  (OpenCL source lines)
# probe: gaussian 5x5 (zero pad) with float4 row loads, R rows x 4 columns per work item, vs the lowering's kernel
import dataclasses
import json
import os
from pathlib import Path

import numpy as np

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve


def src(R, N, M):
    L = []
    L.append("kernel void g4(const global float* restrict grid, constant float* restrict w, global float* out) {")
    L.append(f"  int cx = get_global_id(0); int ry = get_global_id(1); int r0 = ry * {R};")
    for k in range(R + 4):
        row = f"(r0 + {k - 2})"
        inside = f"({row} >= 0 && {row} < {M})"
        L.append(f"  float4 a{k} = ({inside} && cx > 0) ? vload4(cx - 1 + {row} * {N // 4}, grid) : (float4)(0.0f);")
        L.append(f"  float4 b{k} = {inside} ? vload4(cx + {row} * {N // 4}, grid) : (float4)(0.0f);")
        L.append(
            f"  float4 c{k} = ({inside} && cx < {N // 4 - 1}) ? vload4(cx + 1 + {row} * {N // 4}, grid) : (float4)(0.0f);"
        )
        L.append(f"  float e{k}[8] = {{a{k}.z, a{k}.w, b{k}.x, b{k}.y, b{k}.z, b{k}.w, c{k}.x, c{k}.y}};")
    for r in range(R):
        L.append("  {")
        L.append("    float4 acc = (float4)(0.0f);")
        for dy in range(5):
            for dx in range(5):
                L.append(
                    f"    acc += (float4)(e{r + dy}[{dx}], e{r + dy}[{dx + 1}], e{r + dy}[{dx + 2}], e{r + dy}[{dx + 3}]) * w[{dy * 5 + dx}];"
                )
        L.append(f"    vstore4(acc, cx + (r0 + {r}) * {N // 4}, out);")
        L.append("  }")
    L.append("}")
    return "\n".join(L)


def main():
    uri = "benchmark://lift/gaussian?N=8192&M=8192"
    bench, sizes = resolve(uri)
    N = M = 8192
    rng = np.random.default_rng(0)
    inputs = bench.make_inputs(sizes, rng)
    ref = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
    flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
    from compiler.runtime.peaks import measure_copy

    c = measure_copy(os.environ.get("DEV", "nvidia"))
    rows = [dict(copy_gbs=c.gbs)]
    print(rows, flush=True)
    with MeasureWorker(os.environ.get("DEV", "nvidia")) as w:
        low = lowerings(bench)["default"]
        for p in ({"rowsPerItem": 8, "colsPerItem": 1}, {"rowsPerItem": 16, "colsPerItem": 1}):
            kp = low(sizes, p).compile()
            kp = dataclasses.replace(kp, bytes=float(bench.bytes(sizes)), flops=float(bench.flops(sizes)))
            m = w.measure(kp, flat, {kp.outputs[0]: ref}, MeasureConfig())
            r = dict(
                kernel="lowering", params=p, status=m.status, msg=m.message[:200], gbs=m.gbs, us=(m.median_s or 0) * 1e6
            )
            print(json.dumps(r), flush=True)
            rows.append(r)
        for R in (2, 4, 8):
            for wg in ((32, 8), (64, 4), (16, 16)):
                k = Kernel(
                    "g4",
                    src(R, N, M),
                    (
                        KernelArg("grid", "in", "float", N * M),
                        KernelArg("weights", "in", "float", 25),
                        KernelArg("out", "out", "float", N * M),
                    ),
                    (N // 4, M // R),
                    wg,
                )
                kp = KernelProgram(
                    (k,),
                    inputs=("grid", "weights"),
                    outputs=("out",),
                    bytes=float(bench.bytes(sizes)),
                    flops=float(bench.flops(sizes)),
                )
                m = w.measure(kp, flat, {"out": ref}, MeasureConfig())
                r = dict(
                    kernel="vec4",
                    R=R,
                    wg=wg,
                    status=m.status,
                    msg=m.message[:200],
                    gbs=m.gbs,
                    us=(m.median_s or 0) * 1e6,
                )
                print(json.dumps(r), flush=True)
                rows.append(r)
    out = os.environ.get("OUT", "/tmp/o")
    os.makedirs(out, exist_ok=True)
    Path(out, "gauss.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
