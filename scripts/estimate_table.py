"""The static estimator (compiler.perf.estimate) against measurements: error, pruning, best-survives rate.

    python3 scripts/estimate_table.py [--device nvidia] [--out DIR] [--sizes pocl|gpu] [--budget-s 180]
                                      [--no-calibrate] [--calibrate-only] [--profile h100|h200|...]
    python3 scripts/estimate_table.py --rescore RECORDED/estimation.json [--out DIR] [--profile ...]

For each benchmark's default lowering at moderate sizes (`--sizes pocl`, seconds per kernel on a 2-core CPU;
`--sizes gpu`, larger, for an H100) and several work-group sizes: compile, measure with the runtime's protocol
(checked against the NumPy reference) in a worker process, and estimate without running. Before that the device is
calibrated once (unless --no-calibrate), each number from its fastest sample (the least disturbed by other load):
the FMA peak (compiler.runtime.peaks' kernel in groups of 64), the time of a one-work-item kernel (launch overhead),
the bandwidth of a float4 copy in groups of 256 of a buffer past the last-level cache (64 MiB on a CPU, 256 MiB on a
GPU) and of one within it (1 MiB, 12 MiB, against one an eighth of its size, so that the launch overhead cancels),
and the extra time per work group (the small copy in groups of 1). The estimator's profile is the device's by name
(H100, H200), PoCL's on a CPU, or `--profile`. Reports, beside the paper's numbers (Wang et al., TPDS 2019): the
mean absolute relative error of the estimate (17.04 %), the fraction of candidate work-group sizes the pruning
removes (78.47 %), how often the measured best survives, and the slowdown of the estimator's pick against the
measured best (1.132x).
Writes estimation.json and estimation.md to --out (default $OUT or ./estimate-out). `--rescore` measures nothing:
it re-estimates a recorded table's points with this estimator, the recorded device limits and calibration.
Time budget: no kernel starts after `--budget-s` (default 180 s from the start, calibration included), which keeps an
H100 run under 4 minutes (each work-group size measures for at most `time_cap_s` = 1.5 s).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import time
import traceback
from pathlib import Path

import numpy as np
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.codegen.kernel import Kernel
from compiler.constraints.device import DeviceLimits
from compiler.errors import DeviceNotFound
from compiler.lowering import stages
from compiler.lowering.presets import baseline
from compiler.perf import estimate as est
from compiler.perf.prune import prune
from compiler.runtime import MeasureConfig, MeasureWorker
from compiler.runtime.peaks import copy_program, fma_program
from compiler.suite import resolve

SIZES = {
    "pocl": ["scal?N=1048576", "gemv?M=512&N=512", "mm?M=128&N=128&K=128", "stencil2d?N=512&M=512",
             "jacobi2d-5pt?N=512&M=512", "gradient?N=512&M=512", "hotspot2d?N=512&M=512",
             "jacobi1d-3pt-clamp?N=1048576", "nbody?N=1024", "kmeans?N=16384&F=8&K=8"],
    "gpu": ["scal?N=16777216", "gemv?M=4096&N=4096", "mm?M=1024&N=1024&K=1024", "stencil2d?N=4096&M=4096",
            "jacobi2d-5pt?N=4096&M=4096", "gradient?N=4096&M=4096", "hotspot2d?N=4096&M=4096",
            "jacobi1d-3pt-clamp?N=16777216", "nbody?N=8192", "kmeans?N=262144&F=32&K=16"],
}
ONE_D = (1, 8, 16, 32, 64, 128, 256, 512, 1024)
TWO_D = ((1, 1), (4, 4), (8, 8), (16, 16), (32, 8), (8, 32), (32, 32), (64, 4), (128, 1), (256, 1), (1, 256))
PAPER = {"mape": 17.04, "removed": 78.47, "slowdown": 1.132}
MEASURE = MeasureConfig(warmup_s=0.01, min_sample_s=0.005, min_samples=5, max_samples=15, time_cap_s=1.5)


def candidates(problem, limits) -> list[tuple[int, ...]]:
    """Several local sizes the lowering accepts: powers of two (1-D) or common 2-D shapes, within the limits."""
    dims = sorted(problem.global_sizes)
    gs = [problem.global_sizes.get(d, 1) for d in range(max(dims) + 1)]
    shapes = [(x,) for x in ONE_D] if len(gs) == 1 else [s + (1,) * (len(gs) - 2) for s in TWO_D]
    out = []
    for s in shapes:
        if all(g % x == 0 for g, x in zip(gs, s)) and math.prod(s) <= limits.max_work_group_size:
            out.append(tuple(s))
    return out


def calibrate(device, worker, info) -> dict:
    """Copy bandwidth (large and cache-sized buffers), FMA peak, launch and per-group overheads (module doc). A
    measurement that fails is left out (None): the profile keeps its preset value for it."""
    cfg = MeasureConfig(warmup_s=0.02, min_sample_s=0.01, min_samples=5, max_samples=20, time_cap_s=4.0)
    fma_kp = fma_program(max(int(info.compute_units), 1) * (8192 if info.is_gpu else 4096),
                         iters=256 if info.is_gpu else 32, local_size=64)
    m = worker.measure(fma_kp, {}, None, cfg)
    fma = fma_kp.flops / m.min_s / 1e9 if m.status == "ok" and m.min_s else None

    def copy_time(n4: int, local: int) -> float | None:
        kp = copy_program(n4 * 16)
        k = kp.kernels[0]
        kp = dataclasses.replace(kp, kernels=(Kernel(k.name, k.source, k.args, k.global_size, (local,)),))
        src = np.arange(n4 * 4, dtype=np.float32)
        m = worker.measure(kp, {"src": src}, {"dst": src}, cfg)
        return float(m.min_s) if m.status == "ok" and m.min_s else None  # the least disturbed sample

    launch = copy_time(1, 1) or 0.0
    big = (256 << 20) // 16 if info.is_gpu else (64 << 20) // 16  # float4 elements: past the last-level cache
    small = (12 << 20) // 16 if info.is_gpu else (1 << 20) // 16  # within it
    t_big, t_small, t_ones = copy_time(big, 256), copy_time(small, 256), copy_time(small, 1)
    t_tiny = copy_time(small // 8, 256)
    cus = max(int(info.compute_units), 1)
    cal = {"copy_gbs": 32 * big / max(t_big - launch, 1e-9) / 1e9 if t_big else None,
           "fma_gflops": fma, "launch_s": launch or None,
           "group_s": max((t_ones - t_small) / ((small - small // 256) / cus), 0.0) if t_ones and t_small else None,
           "copy_big_s": t_big, "copy_small_ls256_s": t_small, "copy_small_ls1_s": t_ones, "copy_tiny_s": t_tiny,
           "copy_small_bytes": 16 * small}
    cal["cache_copy_gbs"] = cache_bandwidth(cal)
    return cal


def cache_bandwidth(cal: dict) -> float | None:
    """GB/s of a copy within the last-level cache: the bytes of the cache-sized copy beyond the one an eighth of
    its size, over the time between them (the launch overhead cancels). A calibration recorded without the small
    copy (`copy_tiny_s`) gives its own figure only where the copy took at least a quarter longer than the launch
    (a shorter one is launch overhead, not bandwidth); None: unresolved, the profile keeps its preset."""
    t_small, t_tiny = cal.get("copy_small_ls256_s"), cal.get("copy_tiny_s")
    if t_small and t_tiny and cal.get("copy_small_bytes"):
        moved = 2 * cal["copy_small_bytes"] * (1 - 1 / 8)
        return moved / (t_small - t_tiny) / 1e9 if t_small > 1.05 * t_tiny else None
    launch = cal.get("launch_s") or 0.0
    return cal.get("cache_copy_gbs") if t_small and t_small - launch >= 0.25 * launch else None


def calibrated(device: est.EstimatorDevice, cal: dict) -> est.EstimatorDevice:
    """The profile with a calibration's measurements (a missing or unresolved one keeps its preset)."""
    return dataclasses.replace(device, perf=device.perf.calibrated(
        device.compute_units, cal.get("copy_gbs"), cal.get("fma_gflops"), cal.get("launch_s"), cal.get("group_s"),
        cache_bandwidth(cal)))


def run_case(worker, uri: str, device: est.EstimatorDevice, end: float, rng) -> dict:
    bench, sizes = resolve(uri)
    row: dict = {"uri": uri, "benchmark": bench.name, "sizes": sizes, "points": []}
    if time.time() > end:
        row["status"] = "time budget spent"
        return row
    lowered = baseline(uri).lowered
    problem = stages.local_size_problem(lowered, sizes, device.limits)
    if not problem.params:
        row["status"] = "no work-group size to tune"
        return row
    cands = candidates(problem, device.limits)
    inputs = bench.make_inputs(sizes, rng)
    gold = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
    for ls in cands:
        if time.time() > end:
            row["status"] = "time budget spent"
            break
        kp = stages.compile_program(lowered, sizes, ls)
        m = worker.measure(kp, {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()},
                           {kp.outputs[0]: gold}, MEASURE)
        row["points"].append({"local_size": list(ls), "status": m.status, "measured_s": m.median_s,
                              "rel_iqr": m.rel_iqr})
    return score(row, lowered, sizes, device)


def score(row: dict, lowered, sizes: dict, device: est.EstimatorDevice) -> dict:
    """The estimate of every measured point and the row's error, pruning and pick (in place; `row` holds the
    measurements: status, measured_s, rel_iqr per local size)."""
    for p in row["points"]:
        t0 = time.perf_counter()
        e = est.estimate_program(lowered, sizes, tuple(p["local_size"]), device)
        p.update({"estimated_s": e.time_s, "lower_s": e.lower_s, "upper_s": e.upper_s,
                  "estimate_ms": (time.perf_counter() - t0) * 1e3})
    ok = [p for p in row["points"] if p["status"] == "ok" and math.isfinite(p["estimated_s"])]
    if len(ok) < 2:
        row.setdefault("status", "fewer than two measured work-group sizes")
        return row
    row.setdefault("status", "ok")
    t0 = time.perf_counter()
    pr = prune(lowered, sizes, [tuple(p["local_size"]) for p in ok], device)
    row["prune_ms"] = (time.perf_counter() - t0) * 1e3
    measured = {tuple(p["local_size"]): p["measured_s"] for p in ok}
    best = min(measured, key=measured.get)
    pick = pr.best
    row.update({
        "ape": [abs(p["estimated_s"] - p["measured_s"]) / p["measured_s"] for p in ok],
        "candidates": len(pr.candidates), "kept": [list(c) for c in pr.kept],
        "representatives": len(pr.representatives), "after_bounds": len(pr.bounded),
        "removed": pr.removed_fraction, "best_measured": list(best), "best_survives": best in pr.kept,
        "pick": list(pick) if pick else None, "pick_slowdown": measured[pick] / measured[best] if pick else None,
        "spearman": _spearman([p["estimated_s"] for p in ok], [p["measured_s"] for p in ok]),
    })
    return row


def _spearman(a, b) -> float | None:
    if len(a) < 3:
        return None
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    c = np.corrcoef(ra, rb)[0, 1]
    return None if not np.isfinite(c) else float(c)


def summary(rows: list[dict]) -> dict:
    done = [r for r in rows if "ape" in r]
    apes = [a for r in done for a in r["ape"]]
    slow = [r["pick_slowdown"] for r in done if r.get("pick_slowdown")]
    return {"kernels": len(done), "points": len(apes),
            "mape": 100 * float(np.mean(apes)) if apes else None,
            "median_ape": 100 * float(np.median(apes)) if apes else None,
            "removed": 100 * float(np.mean([r["removed"] for r in done])) if done else None,
            "removed_stage1": 100 * float(np.mean([1 - r["representatives"] / r["candidates"] for r in done]))
            if done else None,
            "removed_stages12": 100 * float(np.mean([1 - r["after_bounds"] / r["candidates"] for r in done]))
            if done else None,
            "best_survives": 100 * float(np.mean([r["best_survives"] for r in done])) if done else None,
            "slowdown": float(np.exp(np.mean(np.log(slow)))) if slow else None,
            "median_rel_iqr": 100 * float(np.median([p["rel_iqr"] or 0.0 for r in done for p in r["points"]
                                                     if p["status"] == "ok"])) if done else None,
            "median_estimate_ms": float(np.median([p["estimate_ms"] for r in done for p in r["points"]]))
            if done else None}


def table(result: dict) -> str:
    s, cal = result["summary"], dict(result.get("calibration") or {})
    if cal:
        cal["cache_copy_gbs"] = cache_bandwidth(cal)  # None: unresolved, the preset

    def f(x, fmt="{:.1f}"):
        return "" if x is None else fmt.format(x)

    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}`  ",
             f"Estimator profile: {result['profile']}" + (", calibrated: " + ", ".join(
                 f"{label} {f(cal.get(key), fmt) if cal.get(key) is not None else '(preset)'}"
                 for label, key, fmt in (("copy GB/s", "copy_gbs", "{:.1f}"), ("cache-sized copy GB/s",
                                         "cache_copy_gbs", "{:.1f}"), ("FMA GFLOP/s", "fma_gflops", "{:.1f}"),
                                         ("launch s", "launch_s", "{:.2e}"), ("per group s", "group_s", "{:.2e}")))
                                                         if cal else ""), "",
             "| metric | this run | paper (4 Kepler/Maxwell GPUs, Rodinia) |", "|---|---|---|",
             f"| mean absolute relative error of the estimate | {f(s['mape'])} % (median {f(s['median_ape'])} %, "
             f"{s['points']} points) | {PAPER['mape']} % |",
             f"| candidate work-group sizes removed by pruning | {f(s['removed'])} % (duplicated traces "
             f"{f(s['removed_stage1'])} %, with the bounds {f(s['removed_stages12'])} %, then the ranking's cap) | "
             f"{PAPER['removed']} % |",
             f"| measured best work-group size survives pruning | {f(s['best_survives'])} % of {s['kernels']} "
             "kernels | (not reported; the optimum survived for the worst kernels) |",
             f"| slowdown of the estimator's pick vs the measured best (geomean) | {f(s['slowdown'], '{:.3f}')}x | "
             f"{PAPER['slowdown']}x |",
             f"| measurement noise (median relative IQR of the measured points) | {f(s['median_rel_iqr'])} % | |",
             f"| time per estimate (median, Python) | {f(s['median_estimate_ms'])} ms | 931 ms (their simulator) |",
             "",
             "| kernel | sizes tried | MAPE % | Spearman | kept | best measured | survives | pick | slowdown |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        name = r["uri"].removeprefix("benchmark://lift/")
        if "ape" not in r:
            lines.append(f"| {name} | {len(r['points'])} | | | | | | | {r['status']} |")
            continue
        lines.append(f"| {name} | {r['candidates']} | {100 * np.mean(r['ape']):.1f} | {f(r['spearman'], '{:.2f}')}"
                     f" | {len(r['kept'])} | {tuple(r['best_measured'])} | {'yes' if r['best_survives'] else 'no'}"
                     f" | {tuple(r['pick']) if r['pick'] else ''} | {f(r['pick_slowdown'], '{:.2f}')}x |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None, help="OpenCL device selection (e.g. nvidia, pocl)")
    ap.add_argument("--sizes", choices=sorted(SIZES), default=None, help="size set (default: gpu on a GPU)")
    ap.add_argument("--only", default="", help="comma-separated benchmark names")
    ap.add_argument("--budget-s", type=float, default=180.0,
                    help="start no kernel after this many seconds from the start")
    ap.add_argument("--out", default=os.environ.get("OUT", "estimate-out"))
    ap.add_argument("--no-calibrate", action="store_true", help="use the device's preset profile as it is")
    ap.add_argument("--calibrate-only", action="store_true", help="measure the calibration and stop")
    ap.add_argument("--profile", choices=sorted(est.DEVICES), default=None,
                    help="estimator profile (default: by the device's name and type)")
    ap.add_argument("--rescore", metavar="FILE.json", default=None,
                    help="re-estimate a recorded table's points with this estimator, measuring nothing")
    args = ap.parse_args(argv)
    if args.rescore:
        return rescore(Path(args.rescore), Path(args.out), args.profile, argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    end = time.time() + args.budget_s
    only = {s for s in args.only.split(",") if s}
    rng = np.random.default_rng(0)
    result: dict = {"command": " ".join(["python3", "scripts/estimate_table.py", *(argv or sys.argv[1:])]),
                    "paper": PAPER, "rows": []}
    t_start = time.time()
    with MeasureWorker(args.device) as worker:
        info = worker.info
        result["device"] = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        device = est.device_for(info, args.profile)
        result["profile"] = device.perf.name
        if not args.no_calibrate:
            cal = calibrate(args.device, worker, info)
            result["calibration"] = cal
            device = calibrated(device, cal)
            print(json.dumps({"calibration": cal}), flush=True)
        result["estimator_device"] = device.to_dict()
        sizes = args.sizes or ("gpu" if info.is_gpu else "pocl")
        uris = [f"benchmark://lift/{u}" for u in SIZES[sizes] if not only or u.split("?")[0] in only]
        for uri in ([] if args.calibrate_only else tqdm(uris, desc="kernels", file=sys.stderr)):
            try:
                row = run_case(worker, uri, device, end, rng)
            except Exception as e:  # a failing case is recorded, the table goes on
                row = {"uri": uri, "points": [], "status": f"error: {type(e).__name__}: {e}"[:300],
                       "trace": traceback.format_exc()[-1500:]}
            result["rows"].append(row)
            print(json.dumps({k: row.get(k) for k in ("uri", "status", "removed", "best_survives")}), flush=True)
    result["summary"] = summary(result["rows"])
    result["wall_s"] = time.time() - t_start
    write(result, out)
    return 0


def write(result: dict, out: Path) -> None:
    (out / "estimation.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "estimation.md").write_text(table(result))
    print(table(result))


def rescore(path: Path, out: Path, profile: str | None, argv) -> int:
    """A recorded table (estimation.json) re-estimated: its measurements, its device's limits and calibration,
    this estimator's profile (`profile`, else the recorded one by name) and model."""
    try:
        old = json.loads(path.read_text())
        limits = DeviceLimits(**old["estimator_device"]["limits"])
        clock = float(old["estimator_device"]["perf"]["clock_hz"])
        name = profile or old["profile"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        sys.exit(f"estimate_table: {path}: not a recorded estimation table ({type(err).__name__}: {err})")
    if name not in est.DEVICES:
        sys.exit(f"estimate_table: {path}: profile {name!r} is not one of {', '.join(est.DEVICES)}")
    perf = est.DEVICES[name].perf  # the recorded clock: a CPU profile takes the device's
    device = est.EstimatorDevice(limits, dataclasses.replace(perf, clock_hz=clock) if name == "pocl-cpu" else perf)
    if old.get("calibration"):
        device = calibrated(device, old["calibration"])
    result = {**{k: old[k] for k in ("device", "calibration", "paper") if k in old},
              "command": " ".join(["python3", "scripts/estimate_table.py", *(argv or sys.argv[1:])]),
              "recorded_command": old.get("command"), "recorded_summary": old.get("summary"),
              "profile": name, "estimator_device": device.to_dict(), "rows": []}
    for r in old["rows"]:
        row = {k: r[k] for k in ("uri", "benchmark", "sizes", "status") if k in r}
        row["points"] = [{k: p.get(k) for k in ("local_size", "status", "measured_s", "rel_iqr")}
                         for p in r.get("points", [])]
        if row.get("status") == "ok":
            del row["status"]
        if row["points"]:
            lowered = baseline(row["uri"]).lowered
            row = score(row, lowered, resolve(row["uri"])[1], device)
        result["rows"].append(row)
    result["summary"] = summary(result["rows"])
    out.mkdir(parents=True, exist_ok=True)
    write(result, out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except DeviceNotFound as err:
        sys.exit(f"estimate_table: {err}")
