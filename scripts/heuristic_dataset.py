"""Training data for the rows-per-work-item heuristic: every 2-D stencil at several sizes, measured with each legal
rowsPerItem of its default lowering on one OpenCL device.

    python3 scripts/heuristic_dataset.py --device pocl --out tests/data/heuristic_stencil_pocl.json     (~3 min)
    python3 scripts/heuristic_dataset.py --device nvidia --budget-s 200 --out $OUT/heuristic_stencil_h100.json

One instance per (benchmark, sizes): the static features the lowering computes (compiler.lowering.heuristic.
stencil_features), the value the fixed rule picks, and the median kernel time (and IQR) of each legal rowsPerItem
of --choices, timed by the runtime's protocol in an isolated worker (compiler.runtime.worker) and checked against
the benchmark's reference up to --check-max-points grid points ("checked" in the instance). Sizes default per
device kind: small grids on PoCL, 4096^2 to 8192^2 elsewhere (--sizes overrides); instances go in size order, so
a --budget-s cut leaves the first sizes whole. The JSON is the input of compiler.perf.heuristic (train, select,
export) and scripts/heuristic_table.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.lowering import heuristic, stencil
from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import get, list_benchmarks

DATA_FORMAT = "lift-gym-heuristic-data"
SIZES = {  # (N, M) per device kind: rows that 8, 4 or only 2 divide, square and flat grids
    "pocl": ((128, 1024), (300, 300), (640, 640)),
    "gpu": ((4096, 4096), (6002, 6002), (8192, 8192)),
}


def stencils(only: set[str]) -> list[str]:
    """The 2-D stencils: the benchmarks whose default lowering has the parameter rowsPerItem."""
    return [b.name for b in list_benchmarks() if (not only or b.name in only)
            and any(p.name == stencil.ROWS_PER_ITEM for p in lowerings(b.name)["default"].params)]


def parse_sizes(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for item in filter(None, text.split(",")):
        n, _, m = item.partition("x")
        if not (n.isdigit() and m.isdigit() and int(n) > 0 and int(m) > 0):
            raise SystemExit(f"--sizes: {item!r} is not NxM with positive integers (e.g. 512x512)")
        out.append((int(n), int(m)))
    return tuple(out)


def measure_instance(worker, name: str, sizes: dict, choices, cfg, check: bool) -> dict:
    bench, low = get(name), lowerings(name)["default"]
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    gold = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1) if check else None
    flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
    fixed = stencil.default_rows_per_item(max(o.window[0] for o in stencil.match(bench.program).operands
                                              if o.window), sizes["N"])
    times: dict[str, float | None] = {}
    iqr: dict[str, float | None] = {}
    status: dict[str, str] = {}
    for r in choices:
        if not low.valid(sizes, {stencil.ROWS_PER_ITEM: r}):
            continue
        kp = low(sizes, {stencil.ROWS_PER_ITEM: r}).compile()
        m = worker.measure(kp, flat, None if gold is None else {kp.outputs[0]: gold}, cfg)
        times[str(r)], iqr[str(r)], status[str(r)] = (m.median_s if m.ok else None), m.iqr_s, m.status
    return {"benchmark": name, "sizes": sizes,
            "features": heuristic.stencil_features(bench, stencil.match(bench.program), sizes),
            "fixed": fixed, "times": times, "iqr": iqr, "status": status, "checked": check}


def run(args) -> dict:
    names = stencils({s for s in args.only.split(",") if s})
    choices = tuple(int(c) for c in args.choices.split(","))
    cfg = MeasureConfig(time_cap_s=args.time_cap, min_samples=args.samples, max_samples=4 * args.samples)
    instances = []
    t0 = time.time()
    with MeasureWorker(args.device) as worker:
        info = worker.info
        device = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        sizes = parse_sizes(args.sizes) or SIZES["pocl" if "Portable" in info.platform_name else "gpu"]
        jobs = [(n, {"N": a, "M": b}) for a, b in sizes for n in names]
        for name, s in tqdm(jobs, desc="stencils x sizes", unit="instance"):
            if args.budget_s and time.time() - t0 > args.budget_s:
                print(f"budget of {args.budget_s} s spent: {len(instances)} of {len(jobs)} instances measured")
                break
            check = s["N"] * s["M"] <= args.check_max_points
            instances.append(measure_instance(worker, name, s, choices, cfg, check))
    return {"format": DATA_FORMAT, "version": 1, "decision": heuristic.ROWS_DECISION, "device": device,
            "command": " ".join(["python3", "scripts/heuristic_dataset.py", *sys.argv[1:]]),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "seconds": round(time.time() - t0, 1),
            "choices": list(choices), "features": list(heuristic.STENCIL_FEATURES), "instances": instances}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="pocl", help="OpenCL device selection (compiler.runtime.device)")
    ap.add_argument("--only", default="", help="comma-separated benchmark names (default: every 2-D stencil)")
    ap.add_argument("--sizes", default="", help="comma-separated NxM (default: per device kind, see SIZES)")
    ap.add_argument("--choices", default="1,2,4,8", help="rowsPerItem values measured where legal")
    ap.add_argument("--time-cap", type=float, default=0.2, help="seconds of timing per kernel at most")
    ap.add_argument("--samples", type=int, default=3, help="timed samples per kernel at least")
    ap.add_argument("--check-max-points", type=int, default=1 << 22, help="check the outputs against the "
                    "benchmark's NumPy reference up to this many grid points (the float64 reference of a 8192^2 "
                    "grid takes tens of seconds on the host)")
    ap.add_argument("--budget-s", type=float, default=0.0, help="measure no new instance after this many seconds "
                    "(0: no limit); the instances measured so far are written")
    ap.add_argument("--out", required=True, help="the dataset JSON to write")
    args = ap.parse_args(argv)
    result = run(args)
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(f"{len(result['instances'])} instances on {result['device']} in {result['seconds']} s -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
