"""Programs written as a user would, searched on a GPU with measured rewards, against the vendor library or the
copy bandwidth of the same run.

    python3 scripts/user_programs_gpu.py --device nvidia --budget 64 --out DIR [--only matmul,box5] [--search-s 200]

Each case is a program file of tests/data/user_programs/ at GPU sizes. `agents.search.search(FILE?SIZES, "sweep",
budget, reward=measured)` searches LiftGym-Rewrite's space: the named lowerings whose shape the program has
first, then coordinate sweeps over the best one's parameters (the same route as `lift-gym search FILE --strategy
sweep --reward measured`). The best kernel's rate is set against, measured in the same run:
- a matrix product (role sizes M, N, K): cuBLAS SGEMM of the same shape through torch.mm, TF32 off;
- a memory-bound program: the copy bandwidth (compiler.runtime.peaks), by the program's compulsory bytes.
Every trial is recorded, a failed one with its reason. The best episode of each case is written as a replayable
record (`lift-gym replay DIR/best_CASE.json`) with its OpenCL beside it. Writes user_programs.json and
user_programs.md to --out.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from gpu_bench import cuda_time  # noqa: E402

from agents.search import search  # noqa: E402
from compiler.lowering import shape  # noqa: E402
from compiler.runtime.peaks import measure_peaks  # noqa: E402
from compiler.suite import resolve  # noqa: E402
from lift_gym import transition  # noqa: E402
from lift_gym.rewards import RewardConfig  # noqa: E402
from tests.user_programs import PROGRAMS as PROGRAMS_SPECS  # noqa: E402

PROGRAMS = ROOT / "tests" / "data" / "user_programs"
CASES = {  # case -> (program file, sizes, what the rate is set against)
    "matmul-2048x512x8192": ("matmul.lift", {"r": 2048, "c": 512, "d": 8192}, "cublas"),
    "matmul-4096x4096x1024": ("matmul.lift", {"r": 4096, "c": 4096, "d": 1024}, "cublas"),
    "box5-4096": ("box5.lift", {"w": 4096, "h": 4096}, "copy"),
    "sumsq-16M": ("sumsq.lift", {"len": 1 << 24}, "copy"),
    "scale-16M": ("scale.lift", {"len": 1 << 24}, "copy"),
}


def uri_of(case: str) -> str:
    f, sizes, _ = CASES[case]
    return (PROGRAMS / f).as_uri() + "?" + "&".join(f"{k}={v}" for k, v in sizes.items())


def cublas(m: int, n: int, k: int) -> dict:
    try:
        import torch
    except ImportError:
        return {"why": "no torch"}
    if not torch.cuda.is_available():
        return {"why": "no CUDA device for torch"}
    torch.backends.cuda.matmul.allow_tf32 = False
    a, b = torch.rand(m, k, device="cuda"), torch.rand(k, n, device="cuda")
    med, iqr = cuda_time(lambda: torch.mm(a, b))
    return {"median_s": med, "iqr_s": iqr, "gflops": 2 * m * n * k / med / 1e9, "device": torch.cuda.get_device_name(0)}


def run(case: str, args, out: Path, copy_gbs: float | None) -> dict:
    uri = uri_of(case)
    bench, sizes = resolve(uri)
    row: dict = {"case": case, "uri": uri, "sizes": sizes}
    reward = RewardConfig(source="measured", device=args.device, store=str(out / "store.sqlite"), profile=args.profile)
    t0 = time.perf_counter()
    res = search(uri, "sweep", args.budget, seed=args.seed, reward=reward, n_slots=args.n_slots,
                 time_limit_s=args.search_s)
    row["search_s"] = time.perf_counter() - t0
    row["evaluations"] = len(res.trials)
    row["notes"] = list(res.notes)
    row["trials"] = [t.to_dict() for t in res.trials]
    row["failed"] = sum(1 for t in res.trials if t.failure)
    rec = res.best_record
    if rec is not None and res.best is not None and res.best.gflops:
        state = transition.run(uri, rec.actions, rec.seed, rec.transition_config())
        median_s = bench.flops(sizes) / (res.best.gflops * 1e9)
        row["best"] = {"template": state.template, "values": dict(state.assignment), "evaluation": res.best.n,
                       "kernel_key": state.kernel.key, "median_s": median_s, "gflops": res.best.gflops,
                       "gbs": bench.bytes(sizes) / median_s / 1e9, "speedup_vs_default": res.best.speedup}
        (out / f"best_{case}.json").write_text(rec.to_json())
        (out / f"best_{case}.cl").write_text("\n\n".join(k.source for k in state.kernel.kernels))
    kind = CASES[case][2]
    if kind == "cublas" and not args.no_torch:
        roles = shape.matrix_product(bench.program).values(sizes)
        row["vendor"] = {"library": "cuBLAS", **cublas(roles["M"], roles["N"], roles["K"])}
        if "best" in row and "gflops" in row["vendor"]:
            row["ratio"] = row["best"]["gflops"] / row["vendor"]["gflops"]
    elif kind == "copy" and copy_gbs and "best" in row:
        row["vendor"] = {"library": "copy bandwidth", "gbs": copy_gbs}
        row["ratio"] = row["best"]["gbs"] / copy_gbs
    return row


def table(result: dict) -> str:
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}`  ",
             f"Copy bandwidth (same run): {result.get('copy_gbs') or 0:.0f} GB/s", "",
             "| case | best (lowering, values) | GFLOP/s | GB/s | against | ratio | evaluations (the best's) "
             "| failed |",
             "|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        b, v = r.get("best", {}), r.get("vendor", {})
        against = (f"{v['library']} {v['gflops']:.0f} GFLOP/s" if "gflops" in v else
                   f"{v['library']} {v['gbs']:.0f} GB/s" if "gbs" in v else r.get("message", "—"))
        lines.append(f"| {r['case']} | {b.get('template') or 'rules'} {b.get('values', '')} | {b.get('gflops', 0):.0f}"
                     f" | {b.get('gbs', 0):.0f} | {against} | {r.get('ratio', 0):.3f} | {r.get('evaluations', 0)}"
                     f" ({b.get('evaluation', '—')}) | {r.get('failed', 0)} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None)
    ap.add_argument("--profile", default="h100", help="device profile of the env's tuning limits")
    ap.add_argument("--budget", type=int, default=64, help="measured evaluations per case (at most 256)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-slots", type=int, default=64, help="tuning slots of the env's layout")
    ap.add_argument("--only", default="", help="comma-separated case names")
    ap.add_argument("--search-s", type=float, default=None, help="each search starts no evaluation after this")
    ap.add_argument("--no-torch", action="store_true", help="no cuBLAS baseline")
    ap.add_argument("--small", action="store_true", help="each program at its test sizes (a smoke run on PoCL)")
    ap.add_argument("--out", default=os.environ.get("OUT") or tempfile.mkdtemp(prefix="user-programs-"))
    args = ap.parse_args(argv)
    cases = [c for c in args.only.split(",") if c] or list(CASES)
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        ap.error(f"--only: no case {', '.join(unknown)}; cases: {', '.join(CASES)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    peaks = measure_peaks(args.device)
    dev = peaks.device
    result: dict = {"command": " ".join(["python3", "scripts/user_programs_gpu.py", *(argv or sys.argv[1:])]),
                    "device": f"{dev.device_name} ({dev.platform_name}, driver {dev.driver_version})",
                    "copy_gbs": peaks.copy_gbs, "rows": []}
    for case in cases:
        if args.small:  # the test sizes of the same program (a smoke run on PoCL)
            CASES[case] = (CASES[case][0], PROGRAMS_SPECS[Path(CASES[case][0]).stem].sizes, CASES[case][2])
        try:
            row = run(case, args, out, peaks.copy_gbs)
        except Exception as e:  # recorded; the table goes on
            row = {"case": case, "uri": uri_of(case), "message": f"{type(e).__name__}: {e}"[:300]}
        result["rows"].append(row)
        print(json.dumps({k: row.get(k) for k in ("case", "best", "vendor", "ratio", "evaluations", "failed",
                                                   "message")}, default=str), flush=True)
        (out / "user_programs.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "user_programs.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
