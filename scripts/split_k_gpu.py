"""Split-K points of the matrix product strategy (mm `tiled`, SK slices of K) timed against cuBLAS.

    python3 scripts/split_k_gpu.py --device nvidia --out DIR          # r=2048, c=512, d=8192 on a GPU
    python3 scripts/split_k_gpu.py --device pocl --small --out DIR    # a smoke run at r=64, c=32, d=256

Each point is tests/data/user_programs/matmul.lift (M = r, N = c, K = d) lowered by `tiled` at explicit parameter
values (`Lowering.__call__`, checked), compiled, checked against the NumPy reference of the same inputs and timed
by the measurement worker (the route of `lift-gym run`). The points: SK = 1 (one kernel: the best point found so
far, TM 32, TN 64, RM 8, RN 8, and 64 x 64 tiles) and SK in 2, 4, 8 with TM = TN = 64 or 128, RM = RN = 8 (KU, CB,
PF on: the large products' defaults). The time of a split-K point is both kernels' (the partial products and their
sum). With torch and CUDA on the machine, torch.mm (cuBLAS, TF32 off) on the same shapes is timed by CUDA events
and each point's ratio is cuBLAS's time over ours. Writes split_k.json and split_k.md to --out.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from compiler.lowering.catalog import lowerings  # noqa: E402
from compiler.runtime.gold import gold_value  # noqa: E402
from compiler.runtime.measure import MeasureConfig  # noqa: E402
from compiler.runtime.worker import MeasureWorker  # noqa: E402
from compiler.suite.user import load_benchmark  # noqa: E402

PROGRAM = ROOT / "tests" / "data" / "user_programs" / "matmul.lift"
GPU_SIZES = {"r": 2048, "c": 512, "d": 8192}
SMALL_SIZES = {"r": 64, "c": 32, "d": 256}
ON = {"KU": 1, "CB": 1, "PF": 1, "VW": 4, "TK": 16}


def points(small: bool) -> list[dict[str, int]]:
    if small:
        return [{"SK": 1}, *({"SK": s, "TM": 32, "TN": 32, "RM": 4, "RN": 4, **ON} for s in (2, 4, 8))]
    out = [{"SK": 1, "TM": 32, "TN": 64, "RM": 8, "RN": 8, **ON}, {"SK": 1, "TM": 64, "TN": 64, "RM": 8, "RN": 8, **ON}]
    out += [{"SK": s, "TM": t, "TN": t, "RM": 8, "RN": 8, **ON} for s in (2, 4, 8) for t in (64, 128)]
    return out


def cublas_s(sizes: dict[str, int]) -> float | None:
    """torch.mm's median time in seconds on the CUDA device (None without torch or CUDA)."""
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    from gpu_bench import cuda_time

    torch.backends.cuda.matmul.allow_tf32 = False
    a = torch.rand(sizes["r"], sizes["d"], device="cuda")
    b = torch.rand(sizes["d"], sizes["c"], device="cuda")
    return cuda_time(lambda: torch.mm(a, b))[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--device", default="nvidia", help="OpenCL device: nvidia, pocl, gpu, P:D")
    ap.add_argument("--small", action="store_true", help=f"the smoke sizes {SMALL_SIZES}")
    ap.add_argument("--time-cap", type=float, default=2.0, help="seconds of timing per point")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    sizes = SMALL_SIZES if args.small else GPU_SIZES
    bench = load_benchmark(PROGRAM)
    low = lowerings(bench)["tiled"]
    rng = np.random.default_rng(0)
    inputs = bench.make_inputs(sizes, rng)
    gold = np.asarray(bench.reference(inputs, sizes))
    flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
    want = gold_value(gold.reshape(-1), bench.error_bound(inputs, sizes))
    flops = 2 * sizes["r"] * sizes["c"] * sizes["d"]
    rows = []
    with MeasureWorker(args.device) as worker:
        for given in points(args.small):
            lowered = low(sizes, given)
            kp = lowered.compile()
            m = worker.measure(kp, flat, {kp.outputs[0]: want}, MeasureConfig(time_cap_s=args.time_cap))
            row = {"params": dict(lowered.params), "kernels": len(kp.kernels), "ok": m.ok, "status": m.status,
                   "message": m.message[:300], "median_s": m.median_s if m.ok else None,
                   "iqr_s": m.iqr_s if m.ok else None}
            rows.append(row)
            print(json.dumps(row), flush=True)
        info = worker.info
        device = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
    vendor = None if args.small else cublas_s(sizes)
    for row in rows:
        if row["median_s"]:
            row["gflops"] = flops / row["median_s"] / 1e9
            row["vs_cublas"] = vendor / row["median_s"] if vendor else None
    args.out.mkdir(parents=True, exist_ok=True)
    result = {"program": str(PROGRAM.relative_to(ROOT)), "sizes": sizes, "device": device, "cublas_s": vendor,
              "command": "python3 scripts/split_k_gpu.py " + " ".join(argv if argv is not None else sys.argv[1:]),
              "points": rows}
    (args.out / "split_k.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = [f"# Split-K on {device}", "", f"`{result['command']}`; sizes {sizes}; cuBLAS (torch.mm, TF32 off): "
             + (f"{vendor * 1e3:.4f} ms" if vendor else "not measured"), "",
             "| SK | TM | TN | RM | RN | kernels | median ms | GFLOP/s | vs cuBLAS |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        p = r["params"]
        t = f"{r['median_s'] * 1e3:.4f}" if r["median_s"] else r["status"]
        g = f"{r['gflops']:.0f}" if r.get("gflops") else ""
        x = f"{r['vs_cublas']:.3f}x" if r.get("vs_cublas") else ""
        cells = [*(p[k] for k in ("SK", "TM", "TN", "RM", "RN")), r["kernels"], t, g, x]
        lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    (args.out / "split_k.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
