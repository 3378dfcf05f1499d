"""Sweep of mm's tiled template at one size: measured GFLOP/s per point against cuBLAS SGEMM, in one run.

    python3 scripts/mm_sweep_gpu.py --device nvidia --size 4096 --max 64 --budget-s 200 --out DIR   # a GPU
    python3 scripts/mm_sweep_gpu.py --small --no-torch                                              # PoCL, 256³

1. The template's space at M = N = K = size on the profile's device limits (default the H100's:
   `templates.template_problem(get("mm"), "tiled", sizes, limits)`) is enumerated point by point
   (`TemplateProblem.valid_values`, the switches KU and CB first).
2. At most --max points are chosen: the template's defaults first, then the --points given, then the switch
   pairs (the H200 search's best point, 64/64/16/4/4/2, and 128/128/8/8/8/4, each with KU, CB in {0, 1}), then
   the emphasised points (TM, TN in {64, 128}, RM, RN in {4, 8}, TK in {8, 16}, VW in {1, 2, 4}, every switch
   value), then the other points with large tiles (TM, TN >= 32, a work group of 64 to 1024 items), then any
   others; within each of the last three groups greedy farthest-point sampling over log2 of the parameters, so
   that the chosen points spread over every axis.
3. Each point is compiled, then measured in one worker process with the runtime's protocol
   (compiler/runtime/measure.py: correctness against the NumPy reference with the suite's error bound, warm-up,
   batching, median and IQR of event-timed samples; the worker's watchdog is the per-kernel timeout), with the
   best median so far as `best_known_s`, so that a kernel 5x slower than it is stopped early ("pruned").
4. cuBLAS SGEMM at the same size (torch, TF32 off; scripts/gpu_bench.py's `torch_baselines`) in the same run.
Writes `mm_sweep.json` and `mm_sweep.md` (points sorted by GFLOP/s) to --out (default $OUT/mm_sweep or
./mm-sweep-out). No new kernel starts after --budget-s seconds.
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gpu_bench import torch_baselines

from compiler.constraints.device import PROFILES
from compiler.errors import ConstraintError
from compiler.lowering import LoweringError, templates
from compiler.runtime.gold import gold_value
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import get

EMPHASIS = {"TM": (64, 128), "TN": (64, 128), "RM": (4, 8), "RN": (4, 8), "TK": (8, 16), "VW": (1, 2, 4)}
KNOWN_GOOD = {"TM": 64, "TN": 64, "TK": 16, "RM": 4, "RN": 4, "VW": 2}  # the best of the H200 search at 4096³
LARGE = {"TM": 128, "TN": 128, "TK": 8, "RM": 8, "RN": 8, "VW": 4}
PAIRS = [{**base, "KU": ku, "CB": cb} for base in (KNOWN_GOOD, LARGE) for ku in (0, 1) for cb in (0, 1)]


def enumerate_points(tp) -> list[dict[str, int]]:
    """Every point of the template's space (switches decided first: each then has one inferred space)."""
    order = [p.name for p in tp.params if p.kind == "switch"] + [p.name for p in tp.params if p.kind != "switch"]
    out: list[dict[str, int]] = []

    def rec(i: int, part: dict[str, int]) -> None:
        if i == len(order):
            out.append({p.name: part[p.name] for p in tp.params})
            return
        for v in tp.valid_values(order[i], part):
            rec(i + 1, {**part, order[i]: int(v)})

    rec(0, {})
    return out


def _coords(points: list[dict[str, int]], names: list[str]) -> np.ndarray:
    x = np.array([[math.log2(p[n] + 1) for n in names] for p in points], dtype=float)
    span = x.max(axis=0) - x.min(axis=0) if len(x) else np.ones(len(names))
    return x / np.where(span > 0, span, 1.0)


def spread(points: list[dict[str, int]], k: int, chosen: list[dict[str, int]], names: list[str]
           ) -> list[dict[str, int]]:
    """Greedy farthest-point sampling: k of `points`, each the farthest (log2 coordinates) from those chosen."""
    if k <= 0 or not points:
        return []
    x = _coords(points + chosen, names)
    cand, fixed = x[:len(points)], x[len(points):]
    dist = (np.min(np.linalg.norm(cand[:, None] - fixed[None], axis=2), axis=1) if len(fixed)
            else np.full(len(points), np.inf))
    picked: list[int] = []
    for _ in range(min(k, len(points))):
        i = int(np.argmax(np.where(np.isfinite(dist), dist, 1e9) + 1e-9 * -np.arange(len(points))))
        if dist[i] < 0:
            break
        picked.append(i)
        dist = np.minimum(dist, np.linalg.norm(cand - cand[i], axis=1))
        dist[picked] = -1.0
    return [points[i] for i in picked]


def parse_points(text: str, names: list[str]) -> list[dict[str, int]]:
    """`TM=128,TN=128,RM=8;TM=64,KU=1` -> partial assignments (a ValueError names the bad item)."""
    out = []
    for item in (t for t in text.split(";") if t.strip()):
        point = {}
        for pair in item.split(","):
            name, _, value = pair.partition("=")
            if name.strip() not in names or not value.strip().isdigit():
                raise ValueError(f"--points: {pair.strip()!r} in {item.strip()!r} is not NAME=INT with NAME one of "
                                 f"{', '.join(names)}")
            point[name.strip()] = int(value)
        out.append(point)
    return out


def select(points: list[dict[str, int]], defaults: dict[str, int], k: int,
           given: list[dict[str, int]] = ()) -> list[tuple[str, dict[str, int]]]:
    """At most k points with the group each came from: defaults, given, switch pairs, emphasised, large,
    others."""
    names = list(defaults)
    key = lambda p: tuple(p[n] for n in names)  # noqa: E731
    valid = {key(p) for p in points}
    out: list[tuple[str, dict[str, int]]] = []
    seen: set[tuple] = set()

    def add(group: str, ps: list[dict[str, int]]) -> None:
        for p in ps:
            if len(out) < k and key(p) not in seen and key(p) in valid:
                out.append((group, p))
                seen.add(key(p))

    add("defaults", [defaults])
    add("given", list(given))
    add("switch pairs", [{**defaults, **p} for p in PAIRS])
    emph = [p for p in points if all(p[n] in vals for n, vals in EMPHASIS.items()) and key(p) not in seen]
    add("emphasised", spread(emph, k - len(out), [p for _, p in out], names))
    large = [p for p in points if key(p) not in seen and p["TM"] >= 32 and p["TN"] >= 32
             and 64 <= (p["TM"] // p["RM"]) * (p["TN"] // p["RN"]) <= 1024]
    add("large", spread(large, k - len(out), [p for _, p in out], names))
    add("other", spread([p for p in points if key(p) not in seen], k - len(out), [p for _, p in out], names))
    return out


def measure_point(worker, tp, point, bench, sizes, inputs, gold, config) -> dict:
    """Compile one point and measure it in the worker (`gold`: the reference, with its error bound)."""
    row: dict = {"params": dict(point)}
    t0 = time.perf_counter()
    kp = tp.compile(point)
    kp = dataclasses.replace(kp, flops=float(bench.flops(sizes)), bytes=float(bench.bytes(sizes)))
    row["codegen_s"] = time.perf_counter() - t0
    row["local_size"] = list(kp.kernels[0].local_size or ()) if kp.kernels else []
    m = worker.measure(kp, inputs, {kp.outputs[0]: gold}, config)
    row.update({k: v for k, v in m.to_dict().items() if k in ("status", "message", "median_s", "min_s", "iqr_s",
                                                               "n_samples", "n_inner", "build_s", "gflops",
                                                               "stop_reason", "program_key", "checked")})
    row["pruned"] = m.stop_reason in ("pruned_probe", "pruned_warmup", "pruned_median", "over_cap")
    return row


def _num(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def table(result: dict) -> str:
    n = result["sizes"]["M"]
    cublas = result.get("torch", {}).get(f"cublas_sgemm_{n}", {}).get("gflops")
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}`  ",
             f"Space: {result['space_points']} valid points at {n}³ on the {result['profile']} limits; "
             f"{len(result['rows'])} chosen, {sum(r.get('status') == 'ok' for r in result['rows'])} measured ok  ",
             f"cuBLAS SGEMM {n}³ (TF32 off, same run): {cublas:,.0f} GFLOP/s" if cublas else
             f"cuBLAS: {result.get('torch', {}).get('why', 'not run')}", "",
             "| rank | TM | TN | TK | RM | RN | VW | KU | CB | group | work group | median ms | IQR % | GFLOP/s "
             "| vs cuBLAS | status |", "|" + "---|" * 16]

    def rate(r):
        return r.get("gflops") or 0.0 if r.get("status") == "ok" else -1.0

    for i, r in enumerate(sorted(result["rows"], key=rate, reverse=True), 1):
        p, med = r.get("params", {}), r.get("median_s")
        ok = r.get("status") == "ok"
        iqr = f"{100 * r['iqr_s'] / med:.1f}" if ok and med and r.get("iqr_s") is not None else ""
        vs = f"{r['gflops'] / cublas:.2f}x" if ok and cublas and r.get("gflops") else ""
        status = r.get("status", "")
        if r.get("pruned"):
            status += " (pruned: slower than 5x the best)"
        elif not ok and r.get("message"):
            status += ": " + r["message"].splitlines()[0][:80].replace("|", "/")
        lines.append(f"| {i} | " + " | ".join(str(p.get(k, "")) for k in ("TM", "TN", "TK", "RM", "RN", "VW", "KU",
                                                                           "CB"))
                     + f" | {r.get('group', '')} | {'x'.join(map(str, r.get('local_size', [])))} | "
                     + (f"{med * 1e3:.3f}" if med else "") + f" | {iqr} | "
                     + (_num(r["gflops"]) if ok and r.get("gflops") else "") + f" | {vs} | {status} |")
    return "\n".join(lines) + "\n"


def given_points(ap, tp, text: str, where: str) -> list[dict[str, int]]:
    """The --points completed with the template's defaults; a point outside the space is a usage error."""
    try:
        partial = parse_points(text, [p.name for p in tp.params])
    except ValueError as e:
        ap.error(str(e))
    given = []
    for p in partial:
        try:
            given.append(tp.complete(p))
        except IndexError:  # no valid value for a parameter the point leaves out
            given.append(p)
        if not tp.space.check(given[-1]):
            ap.error(f"--points: {p} does not extend to a point of the space {where}")
    return given


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None, help="OpenCL device selection (e.g. nvidia); default the first")
    ap.add_argument("--size", type=int, default=4096, help="M = N = K (default 4096)")
    ap.add_argument("--small", action="store_true", help="M = N = K = 256 (a smoke run on PoCL)")
    ap.add_argument("--max", type=int, default=None, help="at most this many points (default 64; --small: 8)")
    ap.add_argument("--profile", default="h100", help=f"device limits of the space: {', '.join(PROFILES)}")
    ap.add_argument("--budget-s", type=float, default=200.0,
                    help="start no new kernel after this many seconds from the start (default 200)")
    ap.add_argument("--kernel-timeout-s", type=float, default=2.0,
                    help="time cap of one kernel's timing (its watchdog adds the runtime's margin)")
    ap.add_argument("--points", default="", help="points measured first, ';'-separated NAME=INT lists (missing "
                    "values: the template's defaults), e.g. 'TM=128,TN=128,TK=8,RM=8,RN=8;KU=1,CB=1'")
    ap.add_argument("--no-torch", action="store_true", help="skip cuBLAS")
    ap.add_argument("--out", default=os.path.join(os.environ["OUT"], "mm_sweep") if os.environ.get("OUT")
                    else "mm-sweep-out")
    args = ap.parse_args(argv)
    n = 256 if args.small else args.size
    if args.max is None:
        args.max = 8 if args.small else 64
    if n < 1:
        ap.error(f"--size: expected a positive integer, got {n}")
    if args.max < 1:
        ap.error(f"--max: expected at least 1 point, got {args.max}")
    if args.profile not in PROFILES:
        ap.error(f"--profile: {args.profile!r} is not one of {', '.join(PROFILES)}")
    if not args.kernel_timeout_s > 0:
        ap.error(f"--kernel-timeout-s: expected a positive number of seconds, got {args.kernel_timeout_s}")
    start = time.time()
    end = start + args.budget_s
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    bench, sizes = get("mm"), {"M": n, "N": n, "K": n}
    try:
        tp = templates.template_problem(bench, "tiled", sizes, PROFILES[args.profile])
    except (LoweringError, ConstraintError) as e:
        ap.error(f"--size: no tiled template at {n}³ on the {args.profile} limits ({str(e).splitlines()[0][:200]})")
    given = given_points(ap, tp, args.points, f"at {n}³ on the {args.profile} limits")
    points = enumerate_points(tp)
    if not points:
        ap.error(f"--size: the tiled template has no valid point at {n}³ on the {args.profile} limits")
    chosen = select(points, {p.name: int(tp.defaults[p.name]) for p in tp.params}, args.max, given)
    result: dict = {"command": " ".join(["python3", "scripts/mm_sweep_gpu.py", *(argv or sys.argv[1:])]),
                    "sizes": sizes, "profile": args.profile, "space_points": len(points),
                    "enumerate_s": time.time() - start, "rows": []}
    print(f"{len(points)} valid points at {n}³; measuring {len(chosen)}", flush=True)
    rng = np.random.default_rng(0)
    raw = bench.make_inputs(sizes, rng)
    t0 = time.perf_counter()
    ref = np.asarray(bench.reference(raw, sizes), dtype=np.float32)
    result["reference_s"] = time.perf_counter() - t0
    inputs = {k: np.ascontiguousarray(v, dtype=np.float32).reshape(-1) for k, v in raw.items()}
    gold = gold_value(ref.reshape(-1), bench.error_bound(raw, sizes))
    best: float | None = None
    with MeasureWorker(args.device) as worker:
        info = worker.info
        result["device"] = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        for group, point in tqdm(chosen, desc=f"mm {n}³ tiled", unit="kernel"):
            if time.time() > end:
                result["rows"].append({"params": point, "group": group, "status": "skipped",
                                       "message": "time budget spent"})
                continue
            config = MeasureConfig(time_cap_s=args.kernel_timeout_s, best_known_s=best)
            try:
                row = measure_point(worker, tp, point, bench, sizes, inputs, gold, config)
            except Exception as e:  # a failing point is recorded, the sweep goes on
                row = {"params": point, "status": "error", "message": f"{type(e).__name__}: {e}"[:500],
                       "trace": traceback.format_exc()[-1500:]}
            row["group"] = group
            if row.get("status") == "ok" and row.get("median_s"):
                best = min(best or math.inf, row["median_s"])
            result["rows"].append(row)
            (out / "mm_sweep.json").write_text(json.dumps(result, indent=1, default=str))
    if not args.no_torch:
        result["torch"] = torch_baselines(result["rows"], time.time(), mm_sizes=(n,), layers=())
    result["wall_s"] = time.time() - start
    (out / "mm_sweep.json").write_text(json.dumps(result, indent=1, default=str))
    (out / "mm_sweep.md").write_text(table(result))
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
