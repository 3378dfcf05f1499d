#!/usr/bin/env python3
"""Benchmark of the constraint solver on the spaces the gym uses (numbers recorded in docs/constraints.md).

    python scripts/bench_solver.py            # python-constraint2 everywhere, CP-SAT where installed (time-capped)
    python scripts/bench_solver.py --quick    # fewer queries, no CP-SAT
    python scripts/bench_solver.py --json out.json

Spaces: conv = Listing 4.2 + the final sum of Listing 4.6 for VGG-16 layer 7 (Table 4.2 parameters theta, rho,
kappa, sigma, omega, v) with H100 limits and the Table 4.1 local sizes; mm = a 2-level tiled matrix multiplication
(tm, tn, tk tiles, rm x rn register blocks, v-wide local copies, work-group (tn/rn, tm/rm)) at several sizes;
Ch5 mapping spaces of Fig 5.2 and of the two programs with every map made plain `map` again.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from compiler.constraints.cpsat import cpsat_feasible, timed_enumeration
from compiler.constraints.device import H100, POCL_CPU
from compiler.constraints.examples import (
    CONV_LOCAL_SIZES,
    MM_LOCAL_SIZES,
    VGG_LAYER_7,
    conv_layer,
    delower,
    fig52,
    mm_tiled,
)
from compiler.constraints.infer import infer
from compiler.constraints.mapping import mapping_space
from compiler.constraints.solver import _ENUM_CACHE, Space
from compiler.lowering.catalog import lowerings
from compiler.suite import get

MM_SIZES = [(1024, 1024, 1024), (4096, 4096, 4096), (3072, 3072, 3072), (2048, 1536, 3072)]


def clock(f, *a, **kw):
    t = time.perf_counter()
    r = f(*a, **kw)
    return r, time.perf_counter() - t


def fresh(space: Space, **kw) -> Space:
    _ENUM_CACHE.clear()
    return Space({n: space.domains[n] for n in space.names}, space.constraints, **kw)


def vv_queries(space: Space, n: int, rng: np.random.Generator) -> list[tuple[str, dict]]:
    """RL-style queries: a random valid point, a random parameter order, a random prefix of it as the partial
    assignment, the next parameter as the query; one in five partials is perturbed (possibly inconsistent)."""
    sols = space.solutions
    names = list(space.names)
    out = []
    for _ in range(n):
        row = sols[rng.integers(len(sols))]
        order = rng.permutation(len(names))
        k = int(rng.integers(0, len(names)))
        partial = {names[j]: int(row[j]) for j in order[:k]}
        if partial and rng.random() < 0.2:
            j = order[int(rng.integers(k))]
            dom = space.domains[names[j]]
            partial[names[j]] = int(dom[rng.integers(len(dom))])
        out.append((names[order[k]], partial))
    return out


def time_vv(space: Space, queries, cold: bool) -> dict:
    ts = []
    for p, partial in queries:
        if cold:
            space._vv_cache.clear()
        t = time.perf_counter()
        space.valid_values(p, partial)
        ts.append(time.perf_counter() - t)
    ts.sort()
    return {"median_ms": 1e3 * statistics.median(ts), "p90_ms": 1e3 * ts[int(0.9 * len(ts))],
            "max_ms": 1e3 * ts[-1], "queries": len(ts)}


def bench_tuning(name: str, tp_fn, args, rng) -> dict:
    res: dict = {"space": name}
    tp, res["infer_s"] = clock(tp_fn)
    res["params"] = {p: len(d) for p, d in tp.domains.items()}
    res["constraints"] = len(tp.constraints)
    space, res["narrow_s"] = clock(tp.space)
    res["product_after_narrowing"] = float(np.prod([len(space.pruned[n]) for n in space.names], dtype=float))
    enumerable, t = clock(lambda: space.enumerable)
    if not enumerable and space.factored is not None:  # too large to store: tables joined on a cutset
        res["stored"] = "factored"
        res["factored"] = repr(space.factored)
        res["factor_s"] = t
        res["count"] = space.count()
        pts, res["sample_1000_s"] = clock(space.sample, rng, 1000)
        qs = queries_from(space, pts, args.queries, rng, perturb=0.2)
        res["valid_values_cold"] = time_vv(space, qs, cold=True)
        res["valid_values_warm"] = time_vv(space, qs, cold=False)
        return res
    if not enumerable:  # too large to store: exact search per query
        res["stored"] = False
        res["size_check_s"] = t
        est, res["knuth_estimate_s"] = clock(space.count, False, probes=100, rng=rng)
        res["count_estimate"] = est.value
        res["count_estimate_stderr"] = est.stderr
        pts, res["sample_20_s"] = clock(space.sample, rng, 20)
        qs = queries_from(space, pts, args.queries // 10, rng)
        res["valid_values_cold"] = time_vv(space, qs, cold=True)
        res["sample_method"] = space.last_sample_method
        return res
    res["stored"] = True
    n, res["enumerate_s"] = clock(space.count)
    res["enumerate_s"] += t
    res["count"] = n
    _, res["index_s"] = clock(space.prepare)
    if args.full:
        s2 = fresh(space, forwardcheck=False)
        _, res["enumerate_no_forwardcheck_s"] = clock(s2.count)
    qs = vv_queries(space, args.queries, rng)
    res["valid_values_cold"] = time_vv(space, qs, cold=True)
    res["valid_values_warm"] = time_vv(space, qs, cold=False)
    _, t = clock(space.sample, rng, 1000)
    res["sample_1000_s"] = t
    if args.cpsat:
        res["cpsat"] = bench_cpsat(space, args.cpsat_seconds, qs[: args.cpsat_queries])
    return res


def queries_from(space: Space, points, n: int, rng, perturb: float = 0.0) -> list[tuple[str, dict]]:
    """As vv_queries, from sampled points (a space that is not stored)."""
    names = list(space.names)
    out = []
    for _ in range(n):
        pt = points[int(rng.integers(len(points)))]
        order = rng.permutation(len(names))
        k = int(rng.integers(0, len(names)))
        partial = {names[j]: pt[names[j]] for j in order[:k]}
        if partial and rng.random() < perturb:
            j = order[int(rng.integers(k))]
            dom = space.domains[names[j]]
            partial[names[j]] = int(dom[rng.integers(len(dom))])
        out.append((names[order[k]], partial))
    return out


def bench_cpsat(space: Space, seconds: float, queries) -> dict:
    """CP-SAT on the same space (main runs it only when ortools is installed)."""
    try:
        found, dt, done = timed_enumeration(space.pruned, space.active, space.names, seconds)
    except ImportError:
        return {"skipped": "ortools not installed"}
    out = {"enumerated": found, "seconds": dt, "finished": done, "solutions_per_s": found / dt}
    if not done:
        out["extrapolated_full_enumeration_s"] = len(space.solutions) / max(found / dt, 1e-9)
    ts = []
    for p, partial in queries:
        t = time.perf_counter()
        vals = []
        for v in space.pruned[p]:
            doms = dict(space.pruned)
            doms.update({k: (x,) for k, x in partial.items()})
            doms[p] = (v,)
            if all(x in space.pruned[k] for k, x in partial.items()) and cpsat_feasible(doms, space.active):
                vals.append(v)
        ts.append(time.perf_counter() - t)
        assert vals == space.valid_values(p, partial), (p, partial)
    out["valid_values_by_feasibility_median_ms"] = 1e3 * statistics.median(ts) if ts else None
    return out


def bench_mapping(name: str, prog) -> dict:
    ms, t_build = clock(mapping_space, prog)
    n, t_count = clock(ms.count)
    return {"space": name, "maps": len(ms.sites), "constraints": len(ms.constraints), "build_s": t_build,
            "count": n, "enumerate_s": t_count}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="200 queries, no CP-SAT, no forward-check comparison")
    ap.add_argument("--full", action="store_true", help="also enumerate without forward checking")
    ap.add_argument("--queries", type=int, default=2000)
    ap.add_argument("--cpsat-seconds", type=float, default=20.0)
    ap.add_argument("--cpsat-queries", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--only", help="run only the spaces whose name contains this text (e.g. conv42)")
    args = ap.parse_args(argv)
    args.cpsat = not args.quick and importlib.util.find_spec("ortools") is not None
    if args.quick:
        args.queries, args.full = 200, False
    rng = np.random.default_rng(args.seed)
    results = {"machine": f"{platform.node()} {platform.processor() or platform.machine()} "
                          f"{os.cpu_count()} cpus, load {os.getloadavg()[0]:.1f}",
               "python": platform.python_version(), "tuning": [], "mapping": []}
    print(results["machine"], flush=True)
    def want(name: str) -> bool:
        return args.only is None or args.only in name

    conv, mm = conv_layer(), mm_tiled()
    for name, make, cpsat in _tuning_spaces(conv, mm, want):
        sub = argparse.Namespace(**{**vars(args), "cpsat": args.cpsat and cpsat})
        r = bench_tuning(name, make, sub, rng)
        results["tuning"].append(r)
        print(json.dumps(r, indent=1), flush=True)
    for name, prog in (("Fig 5.2, global memory", fig52("global")), ("Fig 5.2, local memory", fig52("local")),
                       ("conv (all maps plain)", delower(conv)), ("mm (all maps plain)", delower(mm))):
        if want(name):
            r = bench_mapping(name, prog)
            results["mapping"].append(r)
            print(json.dumps(r), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


def _tuning_spaces(conv, mm, want):
    """(name, a function inferring the space, whether CP-SAT runs on it too) of the wanted tuning spaces."""
    if want("conv VGG-16 layer 7, H100"):
        yield ("conv VGG-16 layer 7, H100",
               lambda: infer(conv, VGG_LAYER_7, H100, local_sizes=CONV_LOCAL_SIZES), True)
    for i, (m, n, k) in enumerate(MM_SIZES):
        if want(f"mm {m}x{n}x{k}, H100"):
            yield (f"mm {m}x{n}x{k}, H100",
                   lambda m=m, n=n, k=k: infer(mm, {"M": m, "N": n, "K": k}, H100, local_sizes=MM_LOCAL_SIZES),
                   i == 0)
    # the lowerings of compiler/lowering
    lw = lowerings("conv")["conv42"](get("conv").sizes("vgg16-7"))
    local = {0: "inChs*kerH*kerW/ω", 1: "(θ - kerH + 1)*(θ - kerW + 1)/σ"}
    for limits in (H100, POCL_CPU):  # the real Listing 4.2 space: theta rho rhoW kappa sigma omega v
        name = f"compiler/lowering conv42 (rho and rhoW), VGG-16 layer 7, {limits.name}"
        if want(name):
            yield name, lambda limits=limits: infer(lw.program, dict(lw.sizes), limits, local_sizes=local), True
    for m in (1024, 3072):
        if want(f"compiler/lowering mm tiled {m}^3, H100"):
            tiled = lowerings("mm")["tiled"]({"M": m, "N": m, "K": m})
            yield (f"compiler/lowering mm tiled {m}^3, H100", lambda lw=tiled: infer(
                lw.program, dict(lw.sizes), H100, local_sizes={0: "TN/RN", 1: "TM/RM"}), False)


if __name__ == "__main__":
    sys.exit(main())
