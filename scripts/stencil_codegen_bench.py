"""Code-generator variants of the default lowering, side by side: per-point operation counts and measured times.

    python3 scripts/stencil_codegen_bench.py [--only gaussian,stencil2d] [--size 2048] [--device pocl]
                                             [--time-cap 2] [--out docs/benchmarks/stencil_codegen_pocl.md]

Variants (compile_program options; the last one is what the default lowering now generates):
  base      no constant memory, no pad versioning, local size left to the runtime (the code of 2026-11-22)
  constant  + constant memory for small uniform read-only buffers (compiler/codegen/constant.py)
  version   + constant memory and pad versioning (compiler/codegen/versioning.py; off by default)
  default   constant memory and the default lowering's work-group shape (compiler/lowering/catalog.py, 32 x 8)
For each variant the operations one interior work item executes are counted on the kernel IR (global loads,
constant loads, comparisons, selects, branches), and the program is checked against the benchmark's reference
and timed by the runtime's protocol in an isolated worker (median and IQR of event times).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.codegen import kir, pipeline
from compiler.lowering.catalog import lowerings
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from compiler.suite import list_benchmarks, resolve

VARIANTS = {
    "base": {"constant_bytes": 0, "local_size": None},
    "constant": {"local_size": None},
    "version": {"versioning": True, "local_size": None},
    "default": {},
}


def costs(body: list, constant: frozenset[str]) -> dict[str, int]:
    """Operations an interior work item executes: the `then` branch of a versioned body, every sequential loop
    iteration counted, every comparison of a pad select evaluated (the worst case of `||`)."""
    c = {"global loads": 0, "constant loads": 0, "comparisons": 0, "selects": 0, "branches": 0}

    def expr(e, reps):
        if isinstance(e, kir.Load):
            if e.ref.buf.space == kir.GLOBAL:
                c["constant loads" if e.ref.buf.name in constant else "global loads"] += reps
        elif isinstance(e, kir.Select):
            c["comparisons"] += reps * len(e.conds)
            c["selects"] += reps
            expr(e.then, reps)
            expr(e.other, reps)
        for sub in (getattr(e, "args", ()) or getattr(e, "lanes", ())):
            expr(sub, reps)
        if isinstance(e, kir.Lane):
            expr(e.value, reps)

    def stmts(ss, reps):
        for s in ss:
            if isinstance(s, kir.Store):
                expr(s.value, reps)
            elif isinstance(s, kir.Loop):
                stmts(s.body, reps * (s.extent if s.kind == "seq" else 1))
            elif isinstance(s, kir.If):
                c["comparisons"] += reps * len(s.conds)
                c["branches"] += reps
                stmts(s.then, reps)
            elif isinstance(s, kir.Block):
                stmts(s.body, reps)

    stmts(body, 1)
    return c


def kernel_ir(lowered, options: dict):
    """The kernel IR after the version pass (what emit renders), for the same options as compile()."""
    local = options.get("local_size", lowered.local_sizes() or None)
    state = pipeline.State(lowered.program, lowered.env, local, None, versioning=options.get("versioning", False),
                           constant_bytes=options.get("constant_bytes", pipeline.CONSTANT_BYTES))
    for name, fn in pipeline.PASSES:
        if name == "emit":
            break
        state = fn(state)
    return state.lowered.kernels


def run(args) -> dict:
    only = {s for s in args.only.split(",") if s}
    names = [b.name for b in list_benchmarks() if b.name in only or (not only and b.family == "stencil")]
    rows = []
    cfg = MeasureConfig(time_cap_s=args.time_cap)
    with MeasureWorker(args.device) as worker:
        info = worker.info
        device = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        for name in names:
            uri = f"benchmark://lift/{name}?N={args.size}&M={args.size}"
            bench, sizes = resolve(uri)
            lowered = lowerings(name)["default"](sizes)
            inputs = bench.make_inputs(sizes, np.random.default_rng(0))
            gold = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
            flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
            for variant, options in VARIANTS.items():
                kp = lowered.compile(**options)
                kp = dataclasses.replace(kp, flops=float(bench.flops(sizes)), bytes=float(bench.bytes(sizes)))
                constant = frozenset(re.findall(r"constant \w+\* restrict (\w+)", kp.kernels[0].source))
                ops = costs(kernel_ir(lowered, options)[0].body, constant)
                m = worker.measure(kp, flat, {kp.outputs[0]: gold}, cfg)
                row = {"benchmark": name, "size": args.size, "variant": variant, "status": m.status,
                       "local": kp.kernels[0].local_size, "median_ms": m.median_s and m.median_s * 1e3,
                       "iqr_ms": m.iqr_s and m.iqr_s * 1e3, "gbs": m.gbs, **ops}
                rows.append(row)
                print(json.dumps(row), flush=True)
    return {"device": device, "command": " ".join(["python3", "scripts/stencil_codegen_bench.py", *sys.argv[1:]]),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "rows": rows}


def table(result: dict) -> str:
    keys = ["global loads", "constant loads", "comparisons", "selects", "branches"]
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}` ({result['date']})", "",
             "| benchmark | variant | local | " + " | ".join(keys) + " | status | median ms | IQR ms | GB/s |",
             "|---|---|---|" + "---|" * len(keys) + "---|---|---|---|"]
    for r in result["rows"]:
        med = f"{r['median_ms']:.3f}" if r["median_ms"] else ""
        iqr = f"{r['iqr_ms']:.3f}" if r["iqr_ms"] is not None else ""
        gbs = f"{r['gbs']:.2f}" if r["gbs"] else ""
        lines.append(f"| {r['benchmark']} | {r['variant']} | {r['local']} | "
                     + " | ".join(str(r[k]) for k in keys) + f" | {r['status']} | {med} | {iqr} | {gbs} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated benchmark names (default: the stencil family)")
    ap.add_argument("--size", type=int, default=2048, help="N = M of the stencils (default 2048)")
    ap.add_argument("--device", default="pocl")
    ap.add_argument("--time-cap", type=float, default=2.0)
    ap.add_argument("--out", default="", help="write the markdown table here (and the JSON next to it)")
    args = ap.parse_args(argv)
    result = run(args)
    text = table(result)
    print(text)
    if args.out:
        out = Path(args.out)
        out.write_text(text)
        out.with_suffix(".json").write_text(json.dumps(result, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
