"""The targets table: the env's own measured search against cuBLAS, cuDNN and the copy bandwidth, one row a case.

    python3 scripts/targets_gpu.py --device nvidia --profile h200 --strategy sweep --budget 256 --search-s 40 \
        --only stencil --out $OUT/targets
    python3 scripts/targets_gpu.py --small --budget 4 --only mm-1024,jacobi2d-5pt --no-torch   # a smoke run on PoCL

Cases: `mm-4096`, `mm-1024` (square products), `conv-vgg16-0` ... `conv-vgg16-24` (the conv benchmark's nine VGG-16
layers) and the eight zero-border 2-D stencils at 8192^2 (`stencil2d-8192`, ... `gaussian-8192`). Each case is one
`agents.search.search(uri, strategy, budget, reward=measured)` in LiftGym-Rewrite's space, as `lift-gym search URI
--strategy S --budget B --reward measured` runs it (scripts/env_search_gpu.py's `run`, which also measures the
named lowerings at their defaults first), at most `--budget` evaluations and none started after `--search-s`
seconds. The vendor figures are measured in the same call: cuBLAS SGEMM and cuDNN FP32 convolution through PyTorch
with TF32 off (CUDA events, warm-up, median of 15), and the float4 copy bandwidth through OpenCL
(compiler.runtime.peaks). A row's ratio is the vendor's time over the search's best time for mm and conv, and the
search's best bytes per second over the copy bandwidth for the stencils. Writes `targets.json` (the rows in the
form of docs/benchmarks/targets_h200.json), `targets.md` and each case's best episode record `best_CASE.json`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
import traceback
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from env_search_gpu import run as run_case_search
from env_search_gpu import search_arguments
from gpu_bench import VGG, torch_baselines

from compiler.runtime.peaks import measure_peaks
from compiler.runtime.worker import MeasureWorker
from compiler.suite import resolve

STENCILS = ("stencil2d", "jacobi2d-5pt", "jacobi2d-9pt", "gaussian", "gradient", "hotspot2d", "srad1", "srad2")
CASES = {
    "mm-4096": "benchmark://lift/mm?M=4096&N=4096&K=4096",
    "mm-1024": "benchmark://lift/mm?M=1024&N=1024&K=1024",
    **{f"conv-{layer}": f"benchmark://lift/conv/{layer}" for layer in VGG},
    **{f"{s}-8192": f"benchmark://lift/{s}?N=8192&M=8192" for s in STENCILS},
}


def family(case: str) -> str:
    return "mm" if case.startswith("mm-") else "conv" if case.startswith("conv-") else "stencil"


def selected(only: list[str]) -> list[str]:
    """The cases `--only` names: a case exactly, a family (mm, conv, stencil), else every case it prefixes."""
    out: list[str] = []
    for o in only:
        hits = [o] if o in CASES else [c for c in CASES if family(c) == o or c.startswith(o)]
        if not hits:
            raise ValueError(f"--only: {o!r} names no case or family; cases: {', '.join(CASES)}")
        out += hits
    return [c for c in CASES if c in out or not only]


def target_row(case: str, row: dict, result: dict, command: str, strategy: str) -> dict:
    """One row of the targets table from a case's search row and the same call's vendor figures."""
    fam = family(case)
    bench, sizes = resolve(row["uri"])
    best = row.get("best") or {}
    seconds = best.get("median_s")  # the best trial's FLOPs over its rate
    out = {"case": case, "family": fam, "uri": row["uri"], "strategy": strategy,
           "evaluations": row.get("evaluations", 0), "best_evaluation": best.get("evaluation"),
           "found_by": "search", "command": command, "template": best.get("template"),
           "values": best.get("values"), "median_s": seconds, "notes": row.get("notes", []),
           "search_s": row.get("search_s")}
    if row.get("message"):
        out["message"] = row["message"]
    if not seconds:
        out["ratio"] = None
        return out
    torch = result.get("torch", {})
    out["gflops"] = bench.flops(sizes) / seconds / 1e9
    if fam == "mm":
        v = torch.get(f"cublas_sgemm_{sizes['M']}") if sizes["M"] == sizes["N"] == sizes["K"] else None
        out["baseline"] = "cuBLAS"
    elif fam == "conv":
        v = torch.get("cudnn_conv", {}).get(case[len("conv-"):])
        out["baseline"] = "cuDNN"
    else:
        copy = result.get("peaks", {}).get("copy_gbs")
        out["baseline"] = "copy bandwidth"
        out["gbs"] = bench.bytes(sizes) / seconds / 1e9
        out["baseline_gbs"] = copy
        out["ratio"] = out["gbs"] / copy if copy else None
        return out
    out["baseline_gflops"] = v["gflops"] if v else None
    out["ratio"] = out["gflops"] / v["gflops"] if v else None
    return out


def table(result: dict) -> str:
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}`  ",
             f"Copy bandwidth (same call): {result.get('peaks', {}).get('copy_gbs', 0):.0f} GB/s", "",
             "| case | ratio | baseline | rate | baseline rate | best (template, values) | evaluations (best's) |",
             "|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        stencil = r["family"] == "stencil"
        rate = f"{r['gbs']:.0f} GB/s" if stencil and r.get("gbs") else (
            f"{r['gflops']:.0f} GFLOP/s" if r.get("gflops") else "—")
        base = r.get("baseline_gbs") if stencil else r.get("baseline_gflops")
        base_s = f"{base:.0f} {'GB/s' if stencil else 'GFLOP/s'}" if base else "—"
        ratio = f"**{r['ratio']:.3f}**" if r.get("ratio") else r.get("message", "—")[:80]
        lines.append(f"| {r['case']} | {ratio} | {r.get('baseline', '')} | {rate} | {base_s} | "
                     f"{r.get('template') or '—'} {r.get('values') or ''} | {r['evaluations']} "
                     f"({r.get('best_evaluation')}) |")
    convs = [r["ratio"] for r in result["rows"] if r["family"] == "conv" and r.get("ratio")]
    if convs:
        lines += ["", f"conv geometric mean: {math.exp(sum(map(math.log, convs)) / len(convs)):.3f} over "
                  f"{len(convs)} layers, {sum(x >= 1.0 for x in convs)} at or above 1.0x"]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    search_arguments(ap, profile="h200", strategy="sweep", budget=256, search_s=600.0,
                     only="comma-separated cases, families (mm, conv, stencil) or prefixes", out_prefix="targets-")
    args = ap.parse_args(argv)
    if not 1 <= args.budget <= 256:
        ap.error(f"--budget: expected 1..256 evaluations, got {args.budget}")
    try:
        cases = selected([s for s in args.only.split(",") if s])
    except ValueError as err:
        ap.error(str(err))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    command = " ".join(["python3", "scripts/targets_gpu.py", *(argv if argv is not None else sys.argv[1:])])
    end = time.time() + args.budget_s
    rng = np.random.default_rng(args.seed)
    result: dict = {"command": command, "strategy": args.strategy, "budget": args.budget, "rows": []}
    searches: list[tuple[str, dict]] = []
    with MeasureWorker(args.device) as worker:
        info = worker.info
        result["device"] = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        result["peaks"] = {k: v for k, v in dataclasses.asdict(measure_peaks(args.device)).items()
                           if k not in ("copy", "fma")}
        for case in cases:
            uri = CASES[case]
            if args.small:
                uri = f"benchmark://lift/{resolve(uri)[0].name}/small"
            if time.time() > end:
                searches.append((case, {"uri": uri, "message": "time budget of the call spent"}))
                continue
            try:
                row = run_case_search(case, uri, worker, args, out, rng)
            except Exception as e:  # recorded, the table goes on
                row = {"uri": uri, "message": f"{type(e).__name__}: {e}"[:300], "trace": traceback.format_exc()[-1500:]}
            searches.append((case, row))
            # kept as it goes: a call cut by its time limit still leaves the finished cases
            (out / "targets.json").write_text(json.dumps({**result, "searches": dict(searches)}, default=str))
            print(json.dumps({"case": case, "best": row.get("best", {}).get("values"),
                              "evaluations": row.get("evaluations"), "search_s": row.get("search_s"),
                              "message": row.get("message")}, default=str), flush=True)
    if not args.no_torch:
        result["torch"] = torch_baselines([], time.time() + 120,
                                          mm_sizes=tuple(int(c.split("-")[1]) for c in cases if family(c) == "mm"),
                                          layers=tuple(c[len("conv-"):] for c in cases if family(c) == "conv"))
    result["rows"] = [target_row(case, row, result, command, args.strategy) for case, row in searches]
    result["searches"] = {case: row for case, row in searches}
    (out / "targets.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "targets.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
