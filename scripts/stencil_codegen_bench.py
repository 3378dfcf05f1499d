"""Variants of the default lowering of the 2-D stencils, side by side: per-point operation counts and measured times.

    python3 scripts/stencil_codegen_bench.py [--only gaussian,stencil2d] [--size 2048] [--device pocl]
                                             [--time-cap 2] [--variants coarse1,coarse4] [--out FILE.md]

Variants (rows/item: the lowering's rowsPerItem; then compile_program options):
  base           1 row/item, no constant memory, no pad versioning, local size left to the runtime (2026-11-22)
  constant       1, + constant memory for small uniform read-only buffers (compiler/codegen/constant.py)
  version        1, + constant memory and pad versioning (compiler/codegen/versioning.py; off by default)
  coarse1        1, constant memory, the default work-group shape (lowered.default_local_size, 32 x 8): the
                 default lowering until rowsPerItem (called "default" in the tables of 2026-11-25 03:10-03:18)
  coarse2/4/8    2, 4 or 8 vertically adjacent outputs per work item (compiler/lowering/stencil.build_coarse),
                 their shared reads loaded once (compiler/codegen/cse.py); coarse4 is the default lowering now
  coarse4-nocse  4 rows/item without the cse pass (the OpenCL compiler left to merge the repeated reads)
For each variant the operations one interior work item executes are counted on the kernel IR (global loads,
constant loads, comparisons, selects, branches) and divided by its rows/item (per output point), and the
program is checked against the benchmark's reference and timed by the runtime's protocol in an isolated worker
(median and IQR of event times).
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

ONE = {"rowsPerItem": 1}
VARIANTS: dict[str, tuple[dict, dict, tuple[str, ...]]] = {  # name: (lowering parameters, options, passes skipped)
    "base": (ONE, {"constant_bytes": 0, "local_size": None}, ()),
    "constant": (ONE, {"local_size": None}, ()),
    "version": (ONE, {"versioning": True, "local_size": None}, ()),
    "coarse1": (ONE, {}, ()),
    "coarse2": ({"rowsPerItem": 2}, {}, ()),
    "coarse4": ({"rowsPerItem": 4}, {}, ()),
    "coarse4-nocse": ({"rowsPerItem": 4}, {}, ("cse",)),
    "coarse8": ({"rowsPerItem": 8}, {}, ()),
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


def compile_variant(lowered, options: dict, skip: tuple[str, ...] = ()):
    """compile_program's passes for the same options as Lowered.compile(), leaving out the passes in `skip`: the
    final state (state.result the KernelProgram, state.lowered.kernels the kernel IR that was rendered)."""
    local = options.get("local_size", lowered.local_sizes() or None)
    state = pipeline.CodegenState(lowered.program, lowered.env, local, None,
                                  versioning=options.get("versioning", False),
                                  constant_bytes=options.get("constant_bytes", pipeline.CONSTANT_BYTES))
    for name, fn in pipeline.PASSES:
        if name not in skip:
            state = fn(state)
    return state


def run(args) -> dict:
    only = {s for s in args.only.split(",") if s}
    names = [b.name for b in list_benchmarks() if b.name in only or (
        not only and b.family == "stencil" and lowerings(b.name)["default"].params)]  # the 2-D stencils
    variants = [v for v in args.variants.split(",") if v] or list(VARIANTS)
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise SystemExit(f"unknown variant(s) {', '.join(unknown)}; variants: {', '.join(VARIANTS)}")
    rows = []
    cfg = MeasureConfig(time_cap_s=args.time_cap)
    with MeasureWorker(args.device) as worker:
        info = worker.info
        device = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
        for name in names:
            uri = f"benchmark://lift/{name}?N={args.size}&M={args.size}"
            bench, sizes = resolve(uri)
            low = lowerings(name)["default"]
            inputs = bench.make_inputs(sizes, np.random.default_rng(0))
            gold = np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)
            flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
            for variant in variants:
                params, options, skip = VARIANTS[variant]
                known = {p.name for p in low.params}
                if any(v != 1 for k, v in params.items() if k not in known):
                    continue  # a stencil without rowsPerItem: only the one-point-per-work-item variants
                params = {k: v for k, v in params.items() if k in known}
                if not low.valid(sizes, params):
                    continue
                lowered = low(sizes, params)
                state = compile_variant(lowered, options, skip)
                kp = dataclasses.replace(state.result, flops=float(bench.flops(sizes)),
                                         bytes=float(bench.bytes(sizes)))
                constant = frozenset(re.findall(r"constant \w+\* restrict (\w+)", kp.kernels[0].source))
                rows_per_item = lowered.params.get("rowsPerItem", 1)
                ops = {k: round(v / rows_per_item, 2) for k, v in
                       costs(state.lowered.kernels[0].body, constant).items()}
                m = worker.measure(kp, flat, {kp.outputs[0]: gold}, cfg)
                row = {"benchmark": name, "size": args.size, "variant": variant, "rows/item": rows_per_item,
                       "status": m.status, "local": kp.kernels[0].local_size,
                       "median_ms": m.median_s and m.median_s * 1e3, "iqr_ms": m.iqr_s and m.iqr_s * 1e3,
                       "gbs": m.gbs, **ops}
                rows.append(row)
                print(json.dumps(row), flush=True)
    return {"device": device, "command": " ".join(["python3", "scripts/stencil_codegen_bench.py", *sys.argv[1:]]),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "rows": rows}


def table(result: dict) -> str:
    keys = ["global loads", "constant loads", "comparisons", "selects", "branches"]
    lines = [f"Device: {result['device']}  ", f"Command: `{result['command']}` ({result['date']})", "",
             "Operation counts per output point (per work item / rows per item).", "",
             "| benchmark | variant | rows/item | local | " + " | ".join(keys)
             + " | status | median ms | IQR ms | GB/s |",
             "|---|---|---|---|" + "---|" * len(keys) + "---|---|---|---|"]
    for r in result["rows"]:
        med = f"{r['median_ms']:.3f}" if r["median_ms"] else ""
        iqr = f"{r['iqr_ms']:.3f}" if r["iqr_ms"] is not None else ""
        gbs = f"{r['gbs']:.2f}" if r["gbs"] else ""
        lines.append(f"| {r['benchmark']} | {r['variant']} | {r['rows/item']} | {r['local']} | "
                     + " | ".join(str(r[k]) for k in keys) + f" | {r['status']} | {med} | {iqr} | {gbs} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated benchmark names (default: the 2-D stencils, those "
                    "whose default lowering has rowsPerItem)")
    ap.add_argument("--size", type=int, default=2048, help="N = M of the stencils (default 2048)")
    ap.add_argument("--device", default="pocl")
    ap.add_argument("--time-cap", type=float, default=2.0)
    ap.add_argument("--variants", default="", help=f"comma-separated, of {', '.join(VARIANTS)} (default: all)")
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
