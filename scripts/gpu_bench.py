"""The GPU benchmark table in one command: every suite program's lowerings at realistic sizes.

    python3 scripts/gpu_bench.py [--device nvidia] [--only mm,conv] [--budget-s 540] [--no-peaks] [--out DIR]
        [--lowerings default] [--points "rowsPerItem=8,colsPerItem=4;rowsPerItem=4,colsPerItem=4"]
        [--stencil-size "N=512&M=512"]

`--points` adds parameter points of the selected lowerings (measured where the lowering accepts them at the case's
sizes) beside their defaults, e.g. the 2-D stencils' default lowering at several rowsPerItem x colsPerItem blocks.
For each (benchmark, size, lowering): generate, build, check against the NumPy reference, measure with the
runtime's protocol (events, warm-up, batching, median/IQR) in an isolated worker. The same run measures the
device's copy bandwidth and FMA peak with small OpenCL kernels and, where PyTorch with CUDA is present, cuBLAS
SGEMM and cuDNN FP32 convolution with TF32 off, so every ratio in the table comes from one run.
Writes `bench.json` and `bench.md` to --out (default $OUT or ./bench-out).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
import traceback
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.lowering.catalog import lowerings
from compiler.runtime.gold import gold_value
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.peaks import measure_peaks
from compiler.runtime.worker import MeasureWorker
from compiler.suite import list_benchmarks, resolve

VGG = ["vgg16-0", "vgg16-2", "vgg16-5", "vgg16-7", "vgg16-10", "vgg16-12", "vgg16-17", "vgg16-19", "vgg16-24"]
STENCIL_SIZE = "N=8192&M=8192"


def cases(only: set[str] | None, small: bool = False, stencil_size: str = STENCIL_SIZE) -> list[str]:
    """The cases' URIs; `only` names benchmarks, families or single cases (a URI's tail, e.g. conv/vgg16-7)."""
    return [uri for b in list_benchmarks() for uri in _uris(b, small, stencil_size)
            if not only or b.name in only or b.family in only
            or uri.removeprefix("benchmark://lift/").split("?")[0] in only]


def _uris(b, small: bool, stencil_size: str) -> list[str]:
    """The cases of one benchmark: its small sizes, or the GPU sizes (the nine VGG-16 layers for conv)."""
    if small:
        return [f"benchmark://lift/{b.name}?size=small"]
    if b.name == "mm":
        return ["benchmark://lift/mm?M=4096&N=4096&K=4096"]
    if b.name == "conv":
        return [f"benchmark://lift/conv/{v}" for v in VGG]
    if b.family == "stencil":
        own = "&".join(kv for kv in stencil_size.split("&") if kv.split("=")[0] in b.size_keys)  # 1-D: N only
        return [f"benchmark://lift/{b.name}?{own}"]
    return [f"benchmark://lift/{b.name}"]


# extra points of a named lowering's space measured beside its defaults (those valid at the case's sizes)
# asum/dot at N = 2^24: U = 1 unrolls a work item's C/(V L) loads (at most 32); larger C, fewer work groups (256:
# about 2 per SM of an H100, 128: about 1); L stays at most 256 (the NVIDIA driver's limit for these kernels);
# {"U": 1} is the defaults unrolled (V=4, L=256, C=16384 at 2^24; valid with --small too)
_UNROLLED = [{"U": 1}, {"V": 4, "L": 256, "C": 32768, "U": 1},
             {"V": 8, "L": 256, "C": 65536, "U": 1}, {"V": 4, "L": 256, "C": 65536, "U": 0}]
SWEEP = {
    ("scal", "tiled"): [{"V": 1}, {"V": 2}, {"V": 8}],
    ("asum", "tiled"): [*_UNROLLED, {"V": 4, "L": 128, "C": 131072, "U": 0}, {"V": 1, "L": 256, "C": 8192, "U": 1}],
    ("dot", "tiled"): [*_UNROLLED, {"V": 1, "L": 256, "C": 8192, "U": 1}, {"V": 2, "L": 256, "C": 16384, "U": 1}],
}


def parse_points(text: str) -> list[dict[str, int]]:
    """'k=v,k=v;k=v' -> [{k: v, k: v}, {k: v}] (one parameter point per ';'-separated item)."""
    points = []
    for item in (t.strip() for t in text.split(";")):
        if not item:
            continue
        point = {}
        for pair in item.split(","):
            key, eq, value = pair.partition("=")
            if not eq or not key.strip() or not value.strip().lstrip("-").isdigit():
                raise SystemExit(f"--points: '{pair}' in '{item}' is not name=integer")
            point[key.strip()] = int(value)
        points.append(point)
    return points


def run_case(worker, uri: str, lowering_name: str, low, config: MeasureConfig, rng, params=None) -> dict:
    bench, sizes = resolve(uri)
    row = {"uri": uri, "benchmark": bench.name, "lowering": lowering_name, "sizes": sizes}
    t0 = time.perf_counter()
    lowered = low(sizes, params)
    row["params"] = dict(lowered.params)
    kp = lowered.compile()
    kp = dataclasses.replace(kp, flops=float(bench.flops(sizes)), bytes=float(bench.bytes(sizes)))
    row["codegen_s"] = time.perf_counter() - t0
    inputs = bench.make_inputs(sizes, rng)
    t0 = time.perf_counter()
    ref = np.asarray(bench.reference(inputs, sizes), dtype=np.float32)
    row["reference_s"] = time.perf_counter() - t0
    gold = {kp.outputs[0]: gold_value(ref.reshape(-1), bench.error_bound(inputs, sizes))}  # long sums: their bound
    m = worker.measure(kp, {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}, gold, config)
    row.update({k: v for k, v in m.to_dict().items() if k not in ("samples", "config", "build_log")})
    row["kernels"] = len(kp.kernels)
    return row


def cuda_time(fn, min_ms: float = 10.0, samples: int = 15) -> tuple[float, float]:
    """Median and IQR in seconds of `fn` timed with CUDA events: warm-up, then batches of >= min_ms."""
    import torch

    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    torch.cuda.synchronize()
    n_inner = max(1, int(min_ms / max(start.elapsed_time(end), 1e-3)))
    times = []
    for _ in range(samples):
        start.record()
        for _ in range(n_inner):
            fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) / n_inner / 1e3)
    return float(np.median(times)), float(np.subtract(*np.percentile(times, [75, 25])))


def torch_baselines(rows: list[dict], budget_end: float, mm_sizes=(4096,), layers=VGG) -> dict:
    """cuBLAS SGEMM at each n of `mm_sizes` (n x n x n) and cuDNN FP32 convolution at each VGG-16 layer of
    `layers`, TF32 off, timed with CUDA events (warm-up, batching, median and IQR of 15 samples)."""
    try:
        import torch
    except ImportError:
        return {"available": False, "why": "no torch"}
    if not torch.cuda.is_available():
        return {"available": False, "why": "no CUDA device for torch"}
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    out: dict = {"available": True, "device": torch.cuda.get_device_name(0)}

    for n in mm_sizes:
        a = torch.rand(n, n, device="cuda")
        b = torch.rand(n, n, device="cuda")
        med, iqr = cuda_time(lambda: torch.mm(a, b))  # noqa: B023
        out[f"cublas_sgemm_{n}"] = {"median_s": med, "iqr_s": iqr, "gflops": 2 * n**3 / med / 1e9}
    conv = {}
    for v in layers:
        if time.time() > budget_end:
            break
        bench, s = resolve(f"benchmark://lift/conv/{v}")
        x = torch.rand(1, s["inChs"], s["inH"], s["inW"], device="cuda")
        w = torch.rand(s["outChs"], s["inChs"], s["kerH"], s["kerW"], device="cuda")
        torch.backends.cudnn.benchmark = True
        med, iqr = cuda_time(lambda: torch.nn.functional.conv2d(x, w, padding=1))  # noqa: B023
        conv[v] = {"median_s": med, "iqr_s": iqr, "gflops": bench.flops(s) / med / 1e9}
    out["cudnn_conv"] = conv
    return out


def _vendor(r: dict, tb: dict, gf: float) -> str:
    """The row's GFLOP/s against the vendor library's, where this run measured it."""
    if r["benchmark"] == "mm" and "cublas_sgemm_4096" in tb and gf:
        return f"{gf / tb['cublas_sgemm_4096']['gflops']:.2f}x cuBLAS"
    if r["benchmark"] == "conv" and gf:
        ref = tb.get("cudnn_conv", {}).get(r["uri"].rsplit("/", 1)[-1])
        if ref:
            return f"{gf / ref['gflops']:.2f}x cuDNN"
    return ""


def table_row(r: dict, copy: float | None, fma: float | None, tb: dict) -> str:
    """One markdown row: a measured row has its time, IQR, GFLOP/s and GB/s; the shares of the copy bandwidth and
    the FMA peak only when this run measured the peaks (--no-peaks leaves those two cells empty); a row without a
    time (failed, skipped) has its message in the last cell."""
    name = f"| {r['uri'].removeprefix('benchmark://lift/')} | {r['lowering']} | {r.get('status')} |"
    med = r.get("median_s")
    if not med:
        return f"{name} | | | | | | {(r.get('message') or '')[:80]} |"
    gf, gb = r.get("gflops") or 0.0, r.get("gbs") or 0.0
    iqr = f"{100 * r['iqr_s'] / med:.1f}" if r.get("iqr_s") is not None else ""
    copy_pct = f"{100 * gb / copy:.1f}" if copy else ""
    fma_pct = f"{100 * gf / fma:.2f}" if fma else ""
    return (f"{name} {med * 1e3:.4g} | {iqr} | {gf:.1f} | {gb:.1f} | {copy_pct} | {fma_pct} | "
            f"{_vendor(r, tb, gf)} |")


def table(result: dict) -> str:
    peaks = result.get("peaks", {})
    copy, fma = peaks.get("copy_gbs"), peaks.get("fma_gflops")
    tb = result.get("torch", {})
    lines = [f"Device: {result['device']}  ",
             f"Peaks measured in this run: copy {copy:.0f} GB/s, FP32 FMA {fma:.0f} GFLOP/s" if copy and fma
             else "Peaks not measured in this run (--no-peaks): no shares of the copy bandwidth or the FMA peak",
             "", "| benchmark | lowering | status | median ms | IQR % | GFLOP/s | GB/s | % copy BW | % FMA peak "
             "| vs vendor |", "|---|---|---|---|---|---|---|---|---|---|"]
    lines += [table_row(r, copy, fma, tb) for r in result["rows"]]
    if tb.get("available"):
        lines += ["", f"cuBLAS SGEMM 4096^3 (TF32 off): {tb['cublas_sgemm_4096']['gflops']:.0f} GFLOP/s"]
        for k, v in tb.get("cudnn_conv", {}).items():
            lines.append(f"cuDNN FP32 conv {k}: {v['gflops']:.0f} GFLOP/s")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None)
    ap.add_argument("--only", default="", help="comma-separated benchmark names, families or cases (conv/vgg16-7)")
    ap.add_argument("--lowerings", default="", help="comma-separated lowering names (default: all)")
    ap.add_argument("--budget-s", type=float, default=540.0, help="stop starting new cases after this long")
    ap.add_argument("--out", default=os.environ.get("OUT", "bench-out"))
    ap.add_argument("--no-torch", action="store_true")
    ap.add_argument("--no-peaks", action="store_true", help="skip the copy-bandwidth and FMA-peak kernels")
    ap.add_argument("--small", action="store_true", help="small sizes (a smoke run on PoCL)")
    ap.add_argument("--points", default="", help="parameter points measured beside each selected lowering's "
                    "defaults where valid: 'k=v,k=v;k=v,...' (e.g. 'rowsPerItem=8,colsPerItem=4')")
    ap.add_argument("--stencil-size", default=STENCIL_SIZE, help=f"the stencils' sizes (default {STENCIL_SIZE})")
    args = ap.parse_args(argv)
    points = parse_points(args.points)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    end = time.time() + args.budget_s
    only = {s for s in args.only.split(",") if s} or None
    wanted = {s for s in args.lowerings.split(",") if s} or None
    config = MeasureConfig()
    rng = np.random.default_rng(0)
    result: dict = {"command": " ".join(["python3", "scripts/gpu_bench.py", *(argv or sys.argv[1:])]), "rows": []}
    with MeasureWorker(args.device) as worker:
        info = worker.info
        result["device"] = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        result["device_info"] = worker.info.to_dict()
        result["peaks"] = {} if args.no_peaks else dataclasses.asdict(measure_peaks(args.device))
        for key in ("copy", "fma"):
            result["peaks"].pop(key, None)
        for uri in cases(only, args.small, args.stencil_size):
            bench, _ = resolve(uri)
            _, sizes = resolve(uri)
            runs = [(name, low, None) for name, low in lowerings(bench.name).items()]
            runs += [(f"{name}[{','.join(f'{k}={v}' for k, v in point.items())}]", low, point)
                     for name, low, _ in list(runs) for point in [*SWEEP.get((bench.name, name), []), *points]
                     if set(point) <= {p.name for p in low.params} and low.valid(sizes, point)]
            for name, low, params in runs:
                if wanted and name.split("[")[0] not in wanted:
                    continue
                if time.time() > end:
                    result["rows"].append({"uri": uri, "lowering": name, "benchmark": bench.name,
                                           "status": "skipped", "message": "time budget spent"})
                    continue
                try:
                    row = run_case(worker, uri, name, low, config, rng, params)
                except Exception as e:  # a failing case is recorded, the table goes on
                    row = {"uri": uri, "benchmark": bench.name, "lowering": name, "status": "error",
                           "message": f"{type(e).__name__}: {e}"[:500], "trace": traceback.format_exc()[-1500:]}
                result["rows"].append(row)
                print(json.dumps({k: row.get(k) for k in ("uri", "lowering", "status", "median_s", "gflops",
                                                           "gbs", "message")}), flush=True)
                (out / "bench.json").write_text(json.dumps(result, indent=1, default=str))
    if not args.no_torch:
        result["torch"] = torch_baselines(result["rows"], end + 60)
    (out / "bench.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "bench.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
