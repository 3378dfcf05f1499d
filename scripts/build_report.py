"""Where the time of a kernel goes, read from its build and its launches: one table per run.

    python3 scripts/build_report.py [--device nvidia] [--only mm,asum] [--small] [--out DIR]

For each case (a benchmark at its GPU size, a named lowering, a point of its space): the kernel program is
generated, built (with `-cl-nv-verbose` on NVIDIA, so the log carries ptxas's registers, spills, shared and
constant memory per kernel), checked against the NumPy reference once, and each of its kernels timed on its own
(events, warm-up, the median of 7 batches), beside the driver's allotment (the largest work group it accepts,
local and private memory) and the program's static counts (FLOPs, bytes moved at least once). The copy bandwidth
comes from the same run. Writes `build_report.json` and `build_report.md` to --out (default $OUT or ./bench-out).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.lowering.catalog import lowerings
from compiler.runtime.cl import open_device
from compiler.runtime.gold import gold_value
from compiler.runtime.measure import compare_output
from compiler.runtime.peaks import measure_peaks
from compiler.suite import resolve

# (uri, named lowering, parameters or None for its defaults)
CASES = [
    ("benchmark://lift/mm?M=4096&N=4096&K=4096", "tiled", None),
    ("benchmark://lift/mm?M=4096&N=4096&K=4096", "tiled", {"TM": 64, "TN": 64, "TK": 16, "RM": 8, "RN": 4, "VW": 2}),
    ("benchmark://lift/mm?M=1024&N=1024&K=1024", "tiled", {"TM": 64, "TN": 64, "TK": 8, "RM": 4, "RN": 4, "VW": 2}),
    ("benchmark://lift/conv/vgg16-0", "conv42", None),
    ("benchmark://lift/conv/vgg16-7", "conv42", None),
    ("benchmark://lift/conv/vgg16-24", "conv42", None),
    ("benchmark://lift/asum", "tiled", None),
    ("benchmark://lift/dot", "tiled", {"V": 1, "L": 256, "C": 8192, "U": 1}),
    ("benchmark://lift/gaussian?M=8192&N=8192", "default", {"rowsPerItem": 8}),
    # the best points found later: mm's sweep, conv42 on vgg16-24 as one kernel, gaussian's 8 x 4 blocks
    ("benchmark://lift/mm?M=4096&N=4096&K=4096", "tiled", {"TM": 128, "TN": 128, "TK": 32, "RM": 8, "RN": 8, "VW": 4}),
    ("benchmark://lift/conv/vgg16-24", "conv42", {"θ": 5, "σ": 3, "κ": 16, "ω": 288, "v": 4, "ρ": 1, "ρW": 1,
                                                  "unroll": 0, "coalesce": 1, "padView": 1, "cropView": 1}),
    ("benchmark://lift/gaussian?M=8192&N=8192", "default", {"rowsPerItem": 8, "colsPerItem": 4}),
]
_PTXAS = re.compile(r"ptxas info\s*:\s*(?:Function properties for|Used|Compiling entry function)")


def ptxas_lines(log: str) -> list[str]:
    """The ptxas lines of an NVIDIA build log (registers, spills, smem/cmem per entry function)."""
    return [line.strip() for line in log.splitlines()
            if _PTXAS.search(line) or "spill" in line or "stack frame" in line]


def timed(prepared, n_inner: int = 20, samples: int = 7) -> list[tuple[str, float, float]]:
    """(kernel, median s, relative IQR) per kernel, after warm-up."""
    prepared.launch_each(3)
    runs = [prepared.launch_each(n_inner) for _ in range(samples)]
    out = []
    for k, (name, _) in enumerate(runs[0]):
        t = np.array([r[k][1] for r in runs])
        q1, med, q3 = np.percentile(t, [25, 50, 75])
        out.append((name, float(med), float((q3 - q1) / med)))
    return out


def report_case(dev, uri: str, name: str, params, rng) -> dict:
    bench, sizes = resolve(uri)
    low = lowerings(bench.name)[name]
    lowered = low(sizes, params)
    kp = lowered.compile()
    nvidia = "NVIDIA" in dev.info.platform_name.upper()
    if nvidia:
        kp = dataclasses.replace(kp, kernels=tuple(dataclasses.replace(k, build_options=(*k.build_options,
                                                                                           "-cl-nv-verbose"))
                                                  for k in kp.kernels))
    row = {"uri": uri, "lowering": name, "params": dict(lowered.params), "flops": float(bench.flops(sizes)),
           "bytes": float(bench.bytes(sizes))}
    shaped = bench.make_inputs(sizes, rng)
    inputs = {k: np.ascontiguousarray(v).reshape(-1) for k, v in shaped.items()}
    ref = np.asarray(bench.reference(shaped, sizes), dtype=np.float32).reshape(-1)
    prepared = dev.prepare(kp)
    try:
        prepared.write_inputs({k: v for k, v in inputs.items() if k in prepared.plan.names})
        prepared.launch(1)
        got = prepared.read_outputs()[kp.outputs[0]]
        compare_output(kp.outputs[0], got, gold_value(ref, bench.error_bound(shaped, sizes)), 1e-4, 1e-5)
        row["correct"] = True
        row["resources"] = prepared.kernel_resources()
        row["kernels"] = [{"kernel": k, "median_s": t, "rel_iqr": q, "global": list(kk.global_size),
                           "local": list(kk.local_size or ())}
                          for (k, t, q), kk in zip(timed(prepared), kp.kernels)]
        row["total_s"] = sum(k["median_s"] for k in row["kernels"])
        row["chain_s"] = float(np.median([prepared.launch(20) for _ in range(7)]))
        row["ptxas"] = ptxas_lines(prepared.build_log)
    finally:
        prepared.release()
    return row


def table(result: dict) -> str:
    copy = result.get("copy_gbs")
    lines = [f"device: {result['device']}; copy bandwidth {copy:,.0f} GB/s (same run)" if copy else
             f"device: {result['device']}", "",
             "| case | kernel | global | local | median µs | IQR % | max WG | local B | private B | "
             "GFLOP/s | GB/s (static bytes / whole chain) |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        case = f"{r['uri'].split('lift/')[1]} {r['lowering']} {r.get('params', '')}"
        if "kernels" not in r:
            lines.append(f"| {case} | {r.get('error', '')} | | | | | | | | | |")
            continue
        for k, res in zip(r["kernels"], r["resources"]):
            lines.append(f"| {case} | {k['kernel']} | {k['global']} | {k['local']} | {k['median_s'] * 1e6:.1f} | "
                         f"{k['rel_iqr'] * 100:.1f} | {res['max_work_group_size']} | {res['local_mem_bytes']} | "
                         f"{res['private_mem_bytes']} | | |")
            case = ""
        chain = r["chain_s"]
        lines.append(f"| | whole chain | | | {chain * 1e6:.1f} | | | | | {r['flops'] / chain / 1e9:,.0f} | "
                     f"{r['bytes'] / chain / 1e9:,.0f} |")
    lines += ["", "ptxas (per case):"]
    for r in result["rows"]:
        if r.get("ptxas"):
            lines.append(f"- {r['uri'].split('lift/')[1]} {r['lowering']}:")
            lines += [f"    {line}" for line in r["ptxas"]]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None)
    ap.add_argument("--only", default="", help="comma-separated benchmark names")
    ap.add_argument("--out", default=os.environ.get("OUT", "bench-out"))
    ap.add_argument("--small", action="store_true", help="each case at its small size and defaults (PoCL)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    only = {s for s in args.only.split(",") if s}
    dev = open_device(args.device)
    result: dict = {"command": " ".join(["python3", "scripts/build_report.py", *(argv or sys.argv[1:])]),
                    "device": f"{dev.info.device_name} ({dev.info.platform_name}, driver {dev.info.driver_version})",
                    "rows": []}
    peaks = measure_peaks(args.device)
    result["copy_gbs"] = getattr(peaks, "copy_gbs", None)
    rng = np.random.default_rng(0)
    for uri, name, params in CASES:
        bench, _ = resolve(uri)
        if only and bench.name not in only:
            continue
        if args.small:
            uri, params = f"benchmark://lift/{bench.name}/small", None
        t0 = time.perf_counter()
        try:
            row = report_case(dev, uri, name, params, rng)
        except Exception as e:  # a failing case is recorded, the table goes on
            row = {"uri": uri, "lowering": name, "params": params, "error": f"{type(e).__name__}: {e}"[:400]}
        row["wall_s"] = time.perf_counter() - t0
        result["rows"].append(row)
        print(json.dumps({k: row.get(k) for k in ("uri", "lowering", "total_s", "chain_s", "error")}), flush=True)
        (out / "build_report.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "build_report.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
