"""Measure random valid kernels on PoCL and write them as the policy test's fixture (real measurements, as JSON).

    python3 scripts/make_policy_fixture.py [--store PATH] [--per-benchmark 20] [--max-rewrites 0,2]
                                           [--out tests/agents/data/pocl_measurements.json]

For each benchmark of BENCHMARKS and each rewrite horizon, `agents.pipeline.measure` draws `--per-benchmark`
distinct random valid programs (agents.search's random strategy, seed 0) and measures them on the OpenCL device
(`$LIFT_GYM_DEVICE`, else the first GPU, else PoCL) into the sqlite store (kernels already there cost a lookup:
a rerun reproduces the same file). Every successful measurement of that device is then exported with its P000
features, sorted by key. tests/agents/test_policy_learns.py fits the kNN model on these rows (leaving the
evaluation benchmark out) and uses it as the predicted reward. The command and its output are recorded in
docs/agents.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

BENCHMARKS = (
    "benchmark://lift/scal?N=1048576", "benchmark://lift/asum?N=1048576", "benchmark://lift/dot?N=1048576",
    "benchmark://lift/gemv?M=512&N=512", "benchmark://lift/mm?M=128&N=128&K=128", "benchmark://lift/stencil2d/512",
    "benchmark://lift/jacobi2d-5pt/512", "benchmark://lift/jacobi2d-9pt/512", "benchmark://lift/gaussian/512",
    "benchmark://lift/srad1/512", "benchmark://lift/hotspot2d/512", "benchmark://lift/gradient/512",
)
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "tests" / "agents" / "data" / "pocl_measurements.json"


def export(store_path: str, device: str) -> list[dict]:
    from compiler.perf.store import MeasurementStore

    store = MeasurementStore(store_path)
    try:
        rows = [{"key": r.key, "benchmark": r.benchmark, "program_key": r.program_key, "kernel_key": r.kernel_key,
                 "device": r.device, "version": r.version, "status": r.status, "median_s": r.median_s,
                 "iqr_s": r.iqr_s, "features": r.features}
                for r in store.records(device=device, status="ok") if r.features and r.median_s]
    finally:
        store.close()
    return sorted(rows, key=lambda r: r["key"])


def write_fixture(out: Path, device: str, rows: list[dict]) -> None:
    """The fixture as JSON with one measurement per line (diffable)."""
    head = json.dumps({"device": device, "benchmarks": list(BENCHMARKS)})[:-1]
    body = ",\n".join(json.dumps(r, sort_keys=True) for r in rows)
    out.write_text(f'{head}, "rows": [\n{body}\n]}}\n')


def main(argv=None) -> int:
    from agents.config import config_from_dict
    from agents.pipeline import measure

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--store", help="the sqlite store to fill and export (default: a temporary one)")
    ap.add_argument("--per-benchmark", type=int, default=20)
    ap.add_argument("--max-rewrites", default="0,2", help="rewrite horizons, comma-separated (default 0,2)")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    a = ap.parse_args(argv)
    store = a.store or str(Path(tempfile.mkdtemp(prefix="lift-fixture-")) / "measurements.sqlite")
    t0 = time.perf_counter()
    for mr in (int(x) for x in a.max_rewrites.split(",")):
        cfg = config_from_dict({"env": {"benchmarks": list(BENCHMARKS), "max_rewrites": mr},
                                "pipeline": {"measure_per_benchmark": a.per_benchmark}})
        measured = measure(cfg, store, progress=sys.stderr.isatty())
        device = measured["device"]
        for uri, info in measured["benchmarks"].items():
            print(f"max_rewrites {mr}  {uri:40s} {info['kernels']:3d} kernels, {info['ok']:3d} ok, "
                  f"best speedup {info['best_speedup'] or 0:.3f}", flush=True)
    rows = export(store, device)
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_fixture(out, device, rows)
    print(f"{len(rows)} measurements of {device} -> {out} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
