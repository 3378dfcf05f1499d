"""Rewrite-system speed on the convolution (benchmark://lift/conv, thesis Listing 4.1): prints JSON.

    python scripts/bench_rewrite.py [--reps 50] [--presets small vgg16-7]

For each preset, on the symbolic program (sizes passed to the guards) and on the size-specialised one:
- `list_ms`: median time of `all_legal(program, sizes=...)` over the whole catalogue (the typing is cached with the
  program, so this is the guards' cost, which an environment pays for its action mask every step);
- `apply_ms`: median time of `apply` of one rule (splitJoin, the first legal site), including the local type
  inference, normalisation and the full re-type-check of the result;
- `step_ms`: median time of one environment-like step on a random walk: apply a random legal rewrite, then list
  the legal sites of the new program (first-seen size expressions make sympy work, so this is the honest number);
- `first_list_ms`: the first listing in a fresh process (sympy warm-up included) for the first preset only.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.rewrite import RULES, all_legal, apply, legal_sites, prepare, specialise
from compiler.rewrite.catalog import CATALOG_VERSION


def _conv():
    try:
        from compiler.suite import get

        return get("conv")
    except ImportError:  # the suite is not there: build Listing 4.1 with the DSL
        return None


def _listing_4_1():
    from compiler.ir.build import (
        get,
        join,
        join_nd,
        map_,
        map_nd,
        ocl_kernel,
        pad_nd,
        program,
        reduce_,
        slide_nd,
        to_gpu,
        to_host,
        value,
        zip_,
    )
    from compiler.ir.userfuns import ADD, MULT
    from compiler.types import FLOAT, array

    zero = value(0, FLOAT)

    def body(inp, kw):
        wins = map_nd(2, join_nd(3)) @ slide_nd(("kerH", "kerW"), (1, 1)) @ pad_nd((1, 1, 1, 1), zero) @ to_gpu() << inp
        ks = map_(join_nd(3)) @ to_gpu() << kw
        dot = lambda win, k: reduce_(zero, ADD) @ map_(lambda t: MULT(get(0) << t, get(1) << t)) << zip_(win, k)  # noqa
        kernel = ocl_kernel(lambda sw, kws: map_nd(2, lambda win: join() @ map_(lambda k: dot(win, k)) << kws) << sw)
        return to_host() << kernel(wins, ks)

    return program("conv", {"inputData": array(FLOAT, "inH", "inW", "inChs"),
                            "kernelsWeights": array(FLOAT, "outChs", "kerH", "kerW", "inChs")}, body)


def median_ms(fn, reps: int) -> float:
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return round(1000 * statistics.median(ts), 3)


def measure(p, sizes: dict[str, int], reps: int, walk: int) -> dict:
    t = time.perf_counter()
    q = prepare(p)
    prepare_ms = 1000 * (time.perf_counter() - t)
    t = time.perf_counter()
    legal = all_legal(q, sizes=sizes)
    first_ms = 1000 * (time.perf_counter() - t)
    list_ms = median_ms(lambda: all_legal(q, sizes=sizes), reps)
    rule = "splitJoin(2)"
    sites = legal_sites(q, rule, sizes)
    if not sites:
        rule, sites = RULES[legal[0][0]].name, [legal[0][1]]
    apply_ms = median_ms(lambda: apply(q, rule, sites[0], sizes=sizes), reps)
    rng, steps, cur = random.Random(0), [], q
    for _ in range(walk):
        options = all_legal(cur, sizes=sizes)
        if not options:
            break
        i, s = rng.choice(options)
        t = time.perf_counter()
        cur = apply(cur, i, s, sizes=sizes)
        all_legal(cur, sizes=sizes)
        steps.append(time.perf_counter() - t)
    return {"sizes": sizes, "legal_actions": len(legal), "prepare_ms": round(prepare_ms, 3),
            "first_list_ms": round(first_ms, 3), "list_ms": list_ms, "apply_rule": rule, "apply_ms": apply_ms,
            "step_ms": round(1000 * statistics.median(steps), 3) if steps else None,
            "step_max_ms": round(1000 * max(steps), 3) if steps else None}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--presets", nargs="+", default=["small", "vgg16-7"])
    ap.add_argument("--walk", type=int, default=30, help="steps of the random walk for step_ms")
    args = ap.parse_args(argv)

    bench = _conv()
    if bench is not None:
        program, presets = bench.program, {k: dict(bench.presets[k]) for k in args.presets}
    else:
        program = _listing_4_1()
        presets = {"small": {"inH": 8, "inW": 8, "inChs": 4, "outChs": 4, "kerH": 3, "kerW": 3},
                   "vgg16-7": {"inH": 56, "inW": 56, "inChs": 256, "outChs": 256, "kerH": 3, "kerW": 3}}
        presets = {k: v for k, v in presets.items() if k in args.presets}

    out = {"benchmark": "benchmark://lift/conv", "catalog_version": CATALOG_VERSION, "rules": len(RULES),
           "source": "suite" if bench is not None else "Listing 4.1 (DSL)", "results": []}
    for j, (preset, sizes) in enumerate(presets.items()):
        for kind in ("symbolic", "specialised"):
            p = specialise(program, sizes) if kind == "specialised" else program
            row = measure(p, sizes, args.reps, args.walk)
            row = {"preset": preset, "program": kind, **row}
            if j or kind != "symbolic":
                row.pop("first_list_ms")
            out["results"].append(row)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
