#!/usr/bin/env python3
"""Uniformly sampled valid points of the conv42 and mm-tiled tuning spaces, built and checked on the device (PoCL).

    python scripts/check_space_pocl.py                         # 200 points per space, 200 unconstrained draws
    python scripts/check_space_pocl.py --n 8 --random 1000 --space mm --out /tmp/s.json

For each space (`compiler.lowering.templates.TemplateProblem`, the env's space of a named lowering): the
lowering's program (compiler/lowering, sizes and tuning parameters symbolic) goes through
`compiler.constraints.infer.infer` with the device's limits read from OpenCL (`DeviceLimits.from_device_info`)
and the lowering's local sizes (Table 4.1 for conv42); the lowering's structural 0/1 switches (conv42's unroll
and coalesce) are extra solver variables. `Space.sample` draws N valid points uniformly (with replacement; conv42
at VGG-16 layer 7 has ~17.8 M points, stored as tables joined on θ). Each point is bound, built by the lowering's
own builder (`Lowering.build`, so a sampled v, unroll or coalesce builds its own program structure), compiled by
the code generator with the lowering's launch geometry, and run once through the runtime's worker process
(`MeasureWorker`, correctness check against the benchmark's float64 NumPy reference cast to float32, rtol 1e-4,
atol 1e-5; no timing). Any status but "ok", a code generator error or an exception is a failure, kept with its
point. The lowering's own `check` (its heuristics: RM*RN <= 64, κσ <= 256, ...) is evaluated beside and its
disagreements counted: they are not failures (the space's device limits differ from the lowering's heuristics).

Unconstrained random sampling: each parameter drawn uniformly and independently from its own range (the
integers from the least to the largest value of its one-parameter domain; vector widths from {1, 2, 4, 8, 16},
switches from {0, 1}), ignoring every constraint between parameters; the fraction that satisfies the whole
constraint set (`Space.check`) is the validity rate. A second rate draws each parameter from its exact
one-parameter domain (after Algorithm 2's per-parameter filtering).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from compiler.constraints.constraint import VECTOR_WIDTHS
from compiler.constraints.device import DeviceLimits
from compiler.lowering.templates import TemplateProblem
from compiler.suite import get

SWITCHES = {"unroll", "coalesce"}  # structural 0/1 parameters: choices between programs, solver variables here


def parse_sizes(bench, text: str) -> dict[str, int]:
    """A preset name, or k=v pairs over a preset (`vgg16-7,inChs=16,outChs=16`)."""
    parts = [p for p in text.split(",") if p]
    sizes = dict(bench.sizes(parts[0])) if parts and "=" not in parts[0] else {}
    for p in parts:
        if "=" in p:
            k, v = p.split("=")
            sizes[k.strip()] = int(v)
    return sizes


class SpaceUnderTest:
    """A lowering's tuning space at some sizes on some device: the solver Space plus the switch variables."""

    def __init__(self, bench_name: str, lowering: str, sizes: dict[str, int], limits: DeviceLimits):
        self.bench = get(bench_name)
        self.sizes = sizes
        t = time.perf_counter()
        self.template = TemplateProblem(self.bench, lowering, sizes, limits)
        self.lowering = self.template.lowering
        self.problems = self.template.inferred
        self.space = self.template.space
        self.count = self.space.count()
        self.seconds_space = time.perf_counter() - t
        self.name = f"{bench_name}/{lowering}"

    def unconstrained(self, rng: np.random.Generator, n: int, exact_domains: bool) -> dict:
        """Draw `n` points, each parameter independently and uniformly from its own range; how many are valid."""
        cols = []
        for p in self.space.names:
            d = self.space.domains[p]
            if exact_domains:
                r = np.asarray(d)
            elif p in SWITCHES:
                r = np.array([0, 1])
            elif set(d) <= set(VECTOR_WIDTHS):
                r = np.asarray(VECTOR_WIDTHS)
            else:
                r = np.arange(d[0], d[-1] + 1)
            cols.append(r[rng.integers(len(r), size=n)])
        ok = self.space.check_rows(np.stack(cols, axis=1))
        return {"draws": n, "valid": int(ok.sum()), "rate": float(ok.mean()) if n else 0.0,
                "ranges": "least..largest value of each one-parameter domain" if not exact_domains
                else "each parameter's exact one-parameter domain"}

    def build(self, point: dict[str, int]):
        """(KernelProgram, the lowering check's complaints) for a point."""
        values = {p.name: point[p.name] for p in self.lowering.params}
        return self.template.lowered(values).compile(), self.lowering.check(dict(self.sizes), values)


def check_points(sut: SpaceUnderTest, points: list[dict[str, int]], workers, seed: int, progress: bool) -> dict:
    inputs = sut.bench.make_inputs(dict(sut.sizes), np.random.default_rng(seed))
    gold = np.asarray(sut.bench.reference(inputs, dict(sut.sizes)), dtype=np.float32)
    from compiler.runtime import MeasureConfig

    cfg = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-6, min_samples=1, max_samples=1,
                        time_cap_s=30.0, watchdog_margin_s=60.0, build_timeout_s=300.0)
    results: list[dict] = [{} for _ in points]

    def one(i: int) -> None:
        pt = points[i]
        rec: dict = {"point": pt}
        t = time.perf_counter()
        try:
            kp, complaints = sut.build(pt)
        except Exception as err:  # a code generator or lowering error at a point the space says is valid
            rec.update(status="codegen", message=f"{type(err).__name__}: {err}"[:500])
            results[i] = rec
            return
        rec["codegen_s"] = time.perf_counter() - t
        rec["lowering_check"] = complaints
        w = workers.get()
        try:
            m = w.measure(kp, {n: inputs[n] for n in kp.inputs}, {kp.outputs[0]: gold}, cfg)
        finally:
            workers.put(w)
        rec.update(status=m.status, message=m.message[:500], build_s=m.build_s, checked=m.checked)
        results[i] = rec
        if progress:
            print(f"  {sut.name} {i + 1}/{len(points)} {m.status} {pt}", flush=True)

    with ThreadPoolExecutor(max_workers=workers.qsize()) as pool:
        list(pool.map(one, range(len(points))))
    failures = [r for r in results if r.get("status") != "ok"]
    return {"checked": len(results), "passed": len(results) - len(failures), "failures": failures,
            "lowering_check_disagreements": sum(1 for r in results if r.get("lowering_check")),
            "lowering_check_examples": [r for r in results if r.get("lowering_check")][:3],
            "median_build_s": float(np.median([r.get("build_s", 0.0) for r in results])) if results else 0.0,
            "points": results}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=200, help="uniformly sampled valid points per space, checked (200)")
    ap.add_argument("--random", type=int, default=200, help="unconstrained random points per space (200); "
                    "only checked against the constraints, so 10^5 or more are cheap")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--space", choices=("conv", "mm", "both"), default="both")
    ap.add_argument("--conv-sizes", default="vgg16-7", help="preset and overrides, e.g. vgg16-7,inChs=16")
    ap.add_argument("--mm-sizes", default="M=256,N=256,K=256")
    ap.add_argument("--jobs", type=int, default=max(1, min(2, os.cpu_count() or 1)))
    ap.add_argument("--device", default=None, help="OpenCL device selection (default: LIFT_GYM_DEVICE or first)")
    ap.add_argument("--out", help="write the results as JSON here")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)

    import queue

    from compiler.runtime import MeasureWorker

    workers: queue.Queue = queue.Queue()
    made = [MeasureWorker(args.device) for _ in range(args.jobs)]
    for w in made:
        workers.put(w)
    info = made[0].info
    limits = DeviceLimits.from_device_info(info)
    report = {"command": "python scripts/check_space_pocl.py " + " ".join(sys.argv[1:] if argv is None else argv),
              "device": info.fingerprint, "limits": limits.to_dict() if hasattr(limits, "to_dict") else str(limits),
              "machine": f"{platform.node()} {os.cpu_count()} cpus", "seed": args.seed, "spaces": []}
    specs = []
    if args.space in ("conv", "both"):
        specs.append(("conv", "conv42", parse_sizes(get("conv"), args.conv_sizes)))
    if args.space in ("mm", "both"):
        specs.append(("mm", "tiled", parse_sizes(get("mm"), args.mm_sizes)))
    try:
        for i, (bench, low, sizes) in enumerate(specs):
            sut = SpaceUnderTest(bench, low, sizes, limits)
            rng = np.random.default_rng([args.seed, i])
            t = time.perf_counter()
            pts = sut.space.sample(rng, args.n)
            sample_s = time.perf_counter() - t
            rand = sut.unconstrained(rng, args.random, exact_domains=False)
            rand_dom = sut.unconstrained(rng, args.random, exact_domains=True)
            rec = {"space": sut.name, "sizes": sizes, "variables": list(sut.space.names),
                   "domain_sizes": {p: len(sut.space.domains[p]) for p in sut.space.names},
                   "constraints": {str(k): [str(c) for c in tp.constraints] for k, tp in sut.problems.items()},
                   "valid_points": int(sut.count), "stored_as": repr(sut.space),
                   "space_s": sut.seconds_space, "sample_s": sample_s, "sample_method": sut.space.last_sample_method,
                   "unconstrained": rand, "per_parameter_domains": rand_dom}
            t = time.perf_counter()
            rec.update(check_points(sut, pts, workers, args.seed, args.progress))
            rec["check_s"] = time.perf_counter() - t
            report["spaces"].append(rec)
            u, d = rec["unconstrained"], rec["per_parameter_domains"]
            print(f"{sut.name} {sizes}: {rec['valid_points']} valid points; sampled {rec['checked']}, passed "
                  f"{rec['passed']}, failed {len(rec['failures'])}; unconstrained validity {u['valid']}/{u['draws']},"
                  f" per-parameter domains {d['valid']}/{d['draws']}; {rec['check_s']:.0f} s", flush=True)
            for f in rec["failures"][:5]:
                print(f"   FAIL {f['status']}: {f['point']} {f.get('message', '')[:200]}", flush=True)
    finally:
        for w in made:
            w.close()
    print()
    print("| space | sizes | valid points | sampled | passed | failed | unconstrained valid | per-parameter-domain "
          "valid | lowering-check disagreements |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in report["spaces"]:
        u, d = r["unconstrained"], r["per_parameter_domains"]
        sz = ", ".join(f"{k}={v}" for k, v in r["sizes"].items())
        print(f"| {r['space']} | {sz} | {r['valid_points']:,} | {r['checked']} | {r['passed']} | {len(r['failures'])} |"
              f" {u['valid']}/{u['draws']} ({100 * u['rate']:.3g}%) | {d['valid']}/{d['draws']} "
              f"({100 * d['rate']:.3g}%) | {r['lowering_check_disagreements']} |")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1, default=str)
    return 0 if all(not r["failures"] for r in report["spaces"]) else 1


if __name__ == "__main__":
    sys.exit(main())
