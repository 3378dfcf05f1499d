"""conv42 at the best points of conv_grid_h100.md compiled as they are and with `load_ahead=True` (the chunk
loop loads its next input and weight vectors while it computes), then cuDNN FP32 (TF32 off) at the same layers;
run from the repository root on the device (`OUT` is where load_ahead.json goes)."""

import dataclasses
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path.cwd() / "scripts"))
from gpu_bench import torch_baselines

from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve

DEV = os.environ.get("DEV", "nvidia")
FUSED = "padView=1,cropView=1,unroll=0,coalesce=1"
POINTS = {
    "vgg16-24": ["θ=5,σ=3,κ=16,ω=288,v=4,ρ=1,ρW=1", "θ=6,σ=2,κ=4,ω=576,v=4,ρ=2,ρW=2", "θ=5,σ=3,κ=8,ω=288,v=4,ρ=1,ρW=1",
                 "θ=5,σ=3,κ=32,ω=288,v=4,ρ=1,ρW=1"],
    "vgg16-19": ["θ=6,σ=4,κ=16,ω=576,v=4,ρ=0,ρW=0"],
    "vgg16-17": ["θ=6,σ=4,κ=16,ω=288,v=4,ρ=0,ρW=0"],
    "vgg16-12": ["θ=6,σ=4,κ=32,ω=288,v=1,ρ=0,ρW=0"],
    "vgg16-7": ["θ=10,σ=4,κ=16,ω=144,v=4,ρ=0,ρW=0"],
    "vgg16-0": ["θ=10,σ=1,κ=8,ω=9,v=1,ρ=0,ρW=0"],
}


def params(text: str) -> dict[str, int]:
    return {k: int(v) for k, v in (kv.split("=") for kv in f"{text},{FUSED}".split(","))}


def main():
    out = Path(os.environ.get("OUT", "/tmp/ahead")) / "load_ahead.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    with MeasureWorker(DEV) as worker:
        for layer, points in POINTS.items():
            bench, sizes = resolve(f"benchmark://lift/conv/{layer}")
            inputs = bench.make_inputs(sizes, np.random.default_rng(0))
            ref = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
            flat = {k: np.ascontiguousarray(v, dtype=np.float32).reshape(-1) for k, v in inputs.items()}
            for point in points:
                lowered = lowerings(bench)["conv42"](sizes, params(point))
                for ahead in (False, True):
                    kp = lowered.compile(load_ahead=ahead)
                    kp = dataclasses.replace(kp, bytes=float(bench.bytes(sizes)), flops=float(bench.flops(sizes)))
                    m = worker.measure(kp, flat, {kp.outputs[0]: ref}, MeasureConfig())
                    rows.append({"layer": layer, "point": point, "load_ahead": ahead, "status": m.status,
                                 "msg": m.message[:160], "gflops": m.gflops, "median_s": m.median_s,
                                 "iqr_s": m.iqr_s})
                    print(json.dumps(rows[-1]), flush=True)
                    out.write_text(json.dumps({"rows": rows}, indent=1))
    cudnn = torch_baselines([], time.time() + 60, mm_sizes=(), layers=list(POINTS))
    out.write_text(json.dumps({"rows": rows, "torch": cudnn}, indent=1))
    for layer, r in cudnn.get("cudnn_conv", {}).items():
        best = max((x["gflops"] or 0 for x in rows if x["layer"] == layer), default=0)
        print(f"{layer}: cuDNN {r['gflops']:.0f} GFLOP/s, best conv42 {best:.0f} ({best / r['gflops']:.3f}x)")


if __name__ == "__main__":
    main()
