"""A grid over conv42's space at VGG-16 layers: measured GFLOP/s per point against cuDNN, in one run.

    python3 scripts/conv_sweep_gpu.py --device nvidia --layers vgg16-7,vgg16-24 --budget-s 400 --out DIR   # a GPU
    python3 scripts/conv_sweep_gpu.py --device nvidia --layers vgg16-19 --set padView=1,cropView=1 --sigma 1,2,3,4,9
    python3 scripts/conv_sweep_gpu.py --small --no-torch                                                  # PoCL

Per layer, conv42's space on the profile's limits (`templates.template_problem(get("conv"), "conv42", sizes,
limits)`): the defaults first, then the grid θ (input tile side) x κ (kernels per work group) x σ (windows per work
item) x ω (input elements per work item and chunk: the valid values nearest the default by log distance), in a
seeded random order, each completed by the space (`TemplateProblem.complete`: the defaults where valid, else the
smallest valid value), points outside the space skipped, duplicates once. Each point is compiled and measured in one
worker process with the runtime's protocol (correctness against the NumPy reference with the suite's error bound,
warm-up, batching, median and IQR of event-timed samples), the best median so far as `best_known_s` (a kernel 5x
slower is stopped early, "pruned"). cuDNN FP32 (TF32 off) at the same layers in the same run. Writes
`conv_sweep.json` and `conv_sweep.md` (points sorted by GFLOP/s per layer) to --out.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_bench import torch_baselines
from mm_sweep_gpu import PROFILES, measure_point

from compiler.lowering import templates
from compiler.runtime.gold import gold_value
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.peaks import measure_peaks
from compiler.runtime.worker import MeasureWorker
from compiler.suite import get, resolve

THETA = (5, 6, 8, 10, 16, 30)
KAPPA = (4, 8, 16, 32)
SIGMA = (1, 3, 9)
N_OMEGA = 2


def nearest(values: list[int], target: int, k: int) -> list[int]:
    return sorted(sorted(values, key=lambda v: abs(math.log2(v) - math.log2(target)))[:k])


def grid(tp, sigmas: tuple[int, ...] = SIGMA, fixed: dict[str, int] | None = None,
         n_omega: int = N_OMEGA) -> list[dict[str, int]]:
    """The defaults, then the grid's points of the space (completed, deduplicated); `fixed` values are part of
    every grid point (e.g. padView = cropView = 1: the one-kernel variants); `n_omega` valid ω nearest the
    default per (θ, κ, σ)."""
    defaults = {p.name: int(tp.defaults[p.name]) for p in tp.params}
    out, seen = [defaults], {tuple(sorted(defaults.items()))}
    for theta, kappa, sigma in itertools.product(THETA, KAPPA, sigmas):
        part = {"θ": theta, "κ": kappa, "σ": sigma, **(fixed or {})}
        if not all(v in tp.valid_values(k, {kk: vv for kk, vv in part.items() if kk != k}) for k, v in part.items()):
            continue
        omegas = tp.valid_values("ω", part)
        for omega in nearest(omegas, defaults["ω"], n_omega) if omegas else []:
            try:
                point = tp.complete({**part, "ω": omega})
            except (IndexError, ValueError):
                continue
            key = tuple(sorted(point.items()))
            if key not in seen and tp.space.check(point):
                seen.add(key)
                out.append(point)
    order = np.random.default_rng(0).permutation(len(out) - 1) + 1  # the grid in a seeded order: a sweep cut
    return [out[0]] + [out[i] for i in order]                         # short by its budget still spreads


def table(result: dict) -> str:
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}`  ", ""]
    cudnn = result.get("torch", {}).get("cudnn_conv", {})
    for layer, rows in result["layers"].items():
        vendor = cudnn.get(layer, {}).get("gflops")
        lines += [f"### {layer}: {len(rows)} points measured; cuDNN FP32 (TF32 off, same run): "
                  + (f"{vendor:,.0f} GFLOP/s" if vendor else "not measured"), "",
                  "| rank | θ | σ | κ | ω | v | ρ | unroll | coalesce | padView, cropView | work group | median ms "
                  "| GFLOP/s | vs cuDNN | status |", "|" + "---|" * 15]
        ok = sorted((r for r in rows if r.get("status") == "ok" and r.get("gflops")), key=lambda r: -r["gflops"])
        rest = [r for r in rows if r not in ok]
        for i, r in enumerate(ok + rest, 1):
            p = r["params"]
            vs = f"{r['gflops'] / vendor:.2f}x" if vendor and r.get("gflops") else ""
            status = r.get("status", "") + (" (pruned)" if r.get("pruned") else "")
            med = f"{r['median_s'] * 1e3:.3f}" if r.get("median_s") else ""
            gf = f"{r['gflops']:,.0f}" if r.get("gflops") and r.get("status") == "ok" else ""
            lines.append(f"| {i} | {p.get('θ')} | {p.get('σ')} | {p.get('κ')} | {p.get('ω')} | {p.get('v')} | "
                         f"{p.get('ρ')} | {p.get('unroll')} | {p.get('coalesce')} | "
                         f"{p.get('padView', 0)}, {p.get('cropView', 0)} | "
                         f"{'x'.join(map(str, r.get('local_size', [])))} | {med} | {gf} | {vs} | {status} |")
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None)
    ap.add_argument("--layers", default="vgg16-7", help="comma-separated VGG-16 layers of the suite's conv")
    ap.add_argument("--small", action="store_true", help="conv/small (a smoke run on PoCL)")
    ap.add_argument("--max", type=int, default=80, help="at most this many points per layer (default 80)")
    ap.add_argument("--profile", default="h100", help=f"device limits of the space: {', '.join(PROFILES)}")
    ap.add_argument("--budget-s", type=float, default=400.0, help="start no new kernel after this many seconds")
    ap.add_argument("--sigma", default=",".join(map(str, SIGMA)),
                    help=f"comma-separated σ of the grid (default {','.join(map(str, SIGMA))})")
    ap.add_argument("--omegas", type=int, default=N_OMEGA,
                    help=f"valid ω nearest the default per (θ, κ, σ) (default {N_OMEGA})")
    ap.add_argument("--set", default="", metavar="NAME=V,...",
                    help="values every grid point takes, e.g. padView=1,cropView=1 (the one-kernel variants)")
    ap.add_argument("--no-torch", action="store_true", help="skip cuDNN")
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "conv_sweep"))
    args = ap.parse_args(argv)
    try:
        sigmas = tuple(int(v) for v in args.sigma.split(",") if v)
        fixed = {k.strip(): int(v) for k, v in (kv.split("=") for kv in args.set.split(",") if kv)}
    except ValueError:
        ap.error(f"--sigma {args.sigma!r} / --set {args.set!r}: expected integers, and NAME=V pairs for --set")
    if args.profile not in PROFILES:
        ap.error(f"--profile: {args.profile!r} is not one of {', '.join(PROFILES)}")
    layers = ["small"] if args.small else [s for s in args.layers.split(",") if s]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    end = time.time() + args.budget_s
    config = MeasureConfig(time_cap_s=2.0)
    result: dict = {"command": " ".join(["python3", "scripts/conv_sweep_gpu.py", *(argv or sys.argv[1:])]),
                    "layers": {}}
    rng = np.random.default_rng(0)
    with MeasureWorker(args.device) as worker:
        info = worker.info
        result["device"] = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        result["peaks"] = {} if args.small else {"copy_gbs": measure_peaks(args.device).copy_gbs}
        for layer in layers:
            try:
                bench, sizes = resolve(f"benchmark://lift/conv/{layer}")
            except Exception as e:  # a usage error names the layer
                ap.error(f"--layers: {layer!r}: {e}")
            tp = templates.template_problem(get("conv"), "conv42", sizes, PROFILES[args.profile])
            unknown = sorted(set(fixed) - {p.name for p in tp.params})
            if unknown:
                ap.error(f"--set: conv42 has no parameter {', '.join(unknown)}")
            points = grid(tp, sigmas, fixed, args.omegas)[:args.max]
            raw = bench.make_inputs(sizes, rng)
            inputs = {k: np.ascontiguousarray(v).reshape(-1) for k, v in raw.items()}
            ref = np.asarray(bench.reference(raw, sizes), dtype=np.float32).reshape(-1)
            gold = gold_value(ref, bench.error_bound(raw, sizes))
            rows: list[dict] = []
            best = None
            print(f"{layer}: {len(points)} points", flush=True)
            for point in points:
                if time.time() > end:
                    break
                cfg = MeasureConfig(time_cap_s=2.0, best_known_s=best) if best else config
                try:
                    row = measure_point(worker, tp, point, bench, sizes, inputs, gold, cfg)
                except Exception as e:  # a failing point is recorded, the sweep goes on
                    row = {"params": point, "status": "error", "message": f"{type(e).__name__}: {e}"[:300]}
                rows.append(row)
                if row.get("status") == "ok" and row.get("median_s") and not row.get("pruned"):
                    best = min(best or row["median_s"], row["median_s"])
                print(json.dumps({k: row.get(k) for k in ("params", "status", "median_s", "gflops")},
                                 ensure_ascii=False), flush=True)
            result["layers"][layer] = rows
            (out / "conv_sweep.json").write_text(json.dumps(result, indent=1, default=str, ensure_ascii=False))
    if not args.no_torch and not args.small:
        result["torch"] = torch_baselines([], time.time() + 120, mm_sizes=(), layers=layers)
    (out / "conv_sweep.json").write_text(json.dumps(result, indent=1, default=str, ensure_ascii=False))
    (out / "conv_sweep.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
