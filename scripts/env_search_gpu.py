"""Measured-reward search in the environment's space against the named lowerings and the vendor libraries.

    python3 scripts/env_search_gpu.py --device nvidia --budget 24 --out DIR [--only mm,conv] [--budget-s 540]
    python3 scripts/env_search_gpu.py --device nvidia --strategy sweep --budget 128 --only conv-vgg16-7 --no-torch
    python3 scripts/env_search_gpu.py --small --budget 6 --only mm,gaussian --no-torch   # a smoke run on PoCL

For each case (mm 1024³ and 4096³; jacobi2d-9pt, hotspot2d and gaussian at 8192²; conv at the nine VGG-16 layers
of the conv benchmark's presets, conv-vgg16-0 ... conv-vgg16-24); `--only` takes case names (exact) or prefixes:
1. every named lowering of the catalogue at its default parameters is measured on its own (scripts/gpu_bench.py's
   `run_case`: build, correctness against the NumPy reference, the runtime's timing protocol);
2. `agents.search.search(uri, strategy, budget, reward=measured)` searches LiftGym-Rewrite's space (`--strategy`,
   default presets: the named lowerings as episodes first, then hill climbing over the best one's parameters;
   sweep: the same start, then coordinate sweeps with coupled moves); at most `budget` measured evaluations
   (distinct kernels), and none started after `--search-s` seconds when given;
3. the search's best kernel is compared with the best named lowering (ratio of times; >= 1 is at least as fast),
   both with the separate measurement of step 1 and within the search (presets and sweep: its own measurements of
   the named lowerings, which it evaluates first, against its best; the same worker and protocol).
The same run measures the copy bandwidth (compiler.runtime.peaks) and, where PyTorch with CUDA is present and
--no-torch is not given, cuBLAS SGEMM and cuDNN FP32 convolution with TF32 off (gpu_bench's `torch_baselines`) at
the mm sizes and VGG-16 layers of the cases run. The best episode of each case is
written as a replayable record (`lift-gym replay DIR/best_CASE.json`) with its OpenCL beside it.
Writes `env_search.json` and `env_search.md` to --out.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_bench import VGG, run_case, torch_baselines

from agents.search import STRATEGIES, search
from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.peaks import measure_peaks
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve
from lift_gym import transition
from lift_gym.rewards import RewardConfig

CASES = {
    "mm-1024": "benchmark://lift/mm?M=1024&N=1024&K=1024",
    "mm-4096": "benchmark://lift/mm?M=4096&N=4096&K=4096",
    "jacobi2d-9pt-8192": "benchmark://lift/jacobi2d-9pt?N=8192&M=8192",
    "hotspot2d-8192": "benchmark://lift/hotspot2d?N=8192&M=8192",
    "gaussian-8192": "benchmark://lift/gaussian?N=8192&M=8192",
    **{f"conv-{layer}": f"benchmark://lift/conv/{layer}" for layer in VGG},
}
# the strategies that evaluate the named lowerings first (their own measurements of them give a ratio)
NAMED_FIRST = ("presets", "sweep")


def selected(only: list[str]) -> list[str]:
    """The cases `--only` names: a case name exactly, else every case it is a prefix of (all when empty)."""
    out: list[str] = []
    for o in only:
        hits = [o] if o in CASES else [c for c in CASES if c.startswith(o)]
        if not hits:
            raise ValueError(f"--only: {o!r} names no case; cases: {', '.join(CASES)}")
        out += hits
    return [c for c in CASES if c in out or not only]


def rate(bench, sizes, seconds: float) -> tuple[float, str]:
    """GFLOP/s for compute-bound families (mm, conv), GB/s for the others."""
    if bench.name in ("mm", "conv"):
        return bench.flops(sizes) / seconds / 1e9, "GFLOP/s"
    return bench.bytes(sizes) / seconds / 1e9, "GB/s"


def run(case: str, uri: str, worker, args, out: Path, rng) -> dict:
    bench, sizes = resolve(uri)
    row: dict = {"case": case, "uri": uri, "named": {}}
    for name, low in (lowerings(bench.name) if getattr(args, "named", True) else {}).items():
        try:
            r = run_case(worker, uri, name, low, MeasureConfig(), rng)
        except Exception as e:  # recorded, the table goes on
            r = {"status": "error", "message": f"{type(e).__name__}: {e}"[:300]}
        row["named"][name] = {k: r.get(k) for k in ("status", "median_s", "iqr_s", "params", "message")}
    ok = {n: r for n, r in row["named"].items() if r["status"] == "ok" and r.get("median_s")}
    if ok:
        best_name = min(ok, key=lambda n: ok[n]["median_s"])
        row["best_named"] = {"lowering": best_name, "median_s": ok[best_name]["median_s"]}
    t0 = time.perf_counter()
    reward = RewardConfig(source="measured", device=args.device, store=str(out / "store.sqlite"),
                          profile=args.profile)
    res = search(uri, args.strategy, args.budget, seed=args.seed, reward=reward, n_slots=args.n_slots,
                 time_limit_s=args.search_s, split_k=getattr(args, "split_k", False))
    row["search_s"] = time.perf_counter() - t0
    row["evaluations"] = len(res.trials)
    row["notes"] = list(res.notes)  # e.g. the search stopped by its time limit
    row["trials"] = [t.to_dict() for t in res.trials]  # each measured kernel: rate, source, seconds since the start
    rec = res.best_record
    if rec is not None and res.best is not None:
        state = transition.run(uri, rec.actions, rec.seed, rec.transition_config())
        row["best"] = {"reward": res.best.reward, "speedup_vs_default": res.best.speedup,
                       "actions": list(rec.actions), "template": state.template,
                       "values": dict(state.assignment), "kernel_key": state.kernel.key,
                       "evaluation": res.best.n}  # its number among the measured kernels, from 1
        (out / f"best_{case}.json").write_text(rec.to_json())
        (out / f"best_{case}.cl").write_text("\n\n".join(k.source for k in state.kernel.kernels))
        if res.best.gflops:  # the trial's rate is FLOPs over the measured median time
            row["best"]["median_s"] = bench.flops(sizes) / (res.best.gflops * 1e9)
    if "best" in row and row["best"].get("median_s") and "best_named" in row:
        row["ratio_vs_best_named"] = row["best_named"]["median_s"] / row["best"]["median_s"]
    # presets and sweep evaluate the named lowerings first: the same ratio within their own measurements
    first = len(lowerings(bench.name)) if args.strategy in NAMED_FIRST else 0
    named = [t.speedup for t in res.trials[:first] if t.speedup]
    if named and res.best is not None and res.best.speedup:
        row["ratio_within_search"] = res.best.speedup / max(named)
    for key in ("best_named", "best"):
        if row.get(key, {}).get("median_s"):
            row[key]["rate"], row["unit"] = rate(bench, sizes, row[key]["median_s"])
    return row


def table(result: dict) -> str:
    tb, copy = result.get("torch", {}), result.get("peaks", {}).get("copy_gbs")
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}`  ",
             f"Copy bandwidth (same run): {copy:.0f} GB/s  " if copy else "", "",
             "| case | best named lowering | its rate | search best (template, values) | its rate | ratio | "
             "ratio within the search | evaluations (the best's) | vendor / limit |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        bn, b = r.get("best_named", {}), r.get("best", {})
        unit = r.get("unit", "")
        vendor = ""
        if r["case"].startswith("mm"):
            n = r["case"].split("-")[1]
            v = tb.get(f"cublas_sgemm_{n}")
            vendor = f"cuBLAS {v['gflops']:.0f} GFLOP/s" if v else ""
        elif r["case"].startswith("conv"):
            v = tb.get("cudnn_conv", {}).get(r["case"][5:])
            vendor = f"cuDNN {v['gflops']:.0f} GFLOP/s" if v else ""
        elif copy:
            vendor = f"copy {copy:.0f} GB/s"
        ratio = f"{r['ratio_vs_best_named']:.3f}" if "ratio_vs_best_named" in r else r.get("message", "—")
        evals = f"{r.get('evaluations', 0)}" + (f" (best: {b['evaluation']})" if b.get("evaluation") else "")
        lines.append(f"| {r['case']} | {bn.get('lowering', '—')} | {bn.get('rate', 0):.0f} {unit} | "
                     f"{b.get('template') or 'rules'} {b.get('values', '')} | {b.get('rate', 0):.0f} {unit} | "
                     f"{ratio} | {r.get('ratio_within_search', 0):.3f} | {evals} | {vendor} |")
    return "\n".join(lines) + "\n"


def search_arguments(ap: argparse.ArgumentParser, *, profile: str, strategy: str, budget: int,
                     search_s: float | None, only: str, out_prefix: str) -> None:
    """The options of a table of measured searches (this script's and scripts/targets_gpu.py's)."""
    ap.add_argument("--device", default=None)
    ap.add_argument("--profile", default=profile, help=f"device profile of the env's tuning limits (default {profile})")
    ap.add_argument("--strategy", choices=STRATEGIES, default=strategy, help=f"search strategy (default {strategy})")
    ap.add_argument("--budget", type=int, default=budget, help="measured evaluations per case (at most 256)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-slots", type=int, default=32, help="tuning slots of the env's layout (more: finer values)")
    ap.add_argument("--only", default="", help=only)
    ap.add_argument("--budget-s", type=float, default=540.0, help="start no new case after this many seconds")
    ap.add_argument("--search-s", type=float, default=search_s,
                    help="each search evaluates no new kernel after this many seconds (default: "
                         f"{'no limit' if search_s is None else f'{search_s:g}'})")
    ap.add_argument("--no-torch", action="store_true", help="no cuBLAS/cuDNN baselines")
    ap.add_argument("--no-named", dest="named", action="store_false",
                    help="do not measure the named lowerings on their own before each search (the search still "
                         "evaluates them first)")
    ap.add_argument("--small", action="store_true", help="each case at its benchmark's small sizes (PoCL smoke run)")
    ap.add_argument("--split-k", action="store_true", help="mm tiled's SK is a decision (slices of K summed by a "
                    "second kernel; as `lift-gym search --split-k`)")
    ap.add_argument("--out", default=os.environ.get("OUT") or tempfile.mkdtemp(prefix=out_prefix))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    search_arguments(ap, profile="h100", strategy="presets", budget=24, search_s=None,
                     only="comma-separated case names or prefixes", out_prefix="env-search-")
    args = ap.parse_args(argv)
    if not 1 <= args.budget <= 256:
        ap.error(f"--budget: expected 1..256 evaluations, got {args.budget}")
    try:
        cases = selected([s for s in args.only.split(",") if s])
    except ValueError as err:
        ap.error(str(err))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    end = time.time() + args.budget_s
    rng = np.random.default_rng(args.seed)
    result: dict = {"command": " ".join(["python3", "scripts/env_search_gpu.py", *(argv or sys.argv[1:])]),
                    "rows": [], "budget": args.budget, "strategy": args.strategy}
    with MeasureWorker(args.device) as worker:
        info = worker.info
        result["device"] = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        result["peaks"] = dataclasses.asdict(measure_peaks(args.device))
        for key in ("copy", "fma"):
            result["peaks"].pop(key, None)
        for case in cases:
            uri = CASES[case]
            if args.small:
                uri = f"benchmark://lift/{resolve(uri)[0].name}/small"
            if time.time() > end:
                result["rows"].append({"case": case, "uri": uri, "message": "time budget spent"})
                continue
            try:
                row = run(case, uri, worker, args, out, rng)
            except Exception as e:
                row = {"case": case, "uri": uri, "message": f"{type(e).__name__}: {e}"[:300],
                       "trace": traceback.format_exc()[-1500:]}
            result["rows"].append(row)
            print(json.dumps({k: row.get(k) for k in ("case", "best_named", "best", "ratio_vs_best_named",
                                                       "evaluations", "search_s", "message")}, default=str),
                  flush=True)
            (out / "env_search.json").write_text(json.dumps(result, indent=1, default=str))
    if not args.no_torch:
        result["torch"] = torch_baselines(result["rows"], end + 90,
                                          mm_sizes=tuple(int(c.split("-")[1]) for c in cases if c.startswith("mm-")),
                                          layers=tuple(c[len("conv-"):] for c in cases if c.startswith("conv-")))
    (out / "env_search.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "env_search.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
