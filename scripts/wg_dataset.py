"""Work-group-size dataset of the suite's 2-D stencils (seed 002, spec perf_prediction.md B and C.3-C.4).

    python3 scripts/wg_dataset.py [--device SEL] [--sizes 128,256] [--grid coarse|pow2] [--check all|default]
                                  [--only stencil2d,...] [--budget-s 170] [--out tests/data/wg_pocl.json]

PoCL (the committed dataset: 45 s with a warm PoCL kernel cache; with an empty one PoCL compiles every size
and the 170 s budget ends the run after about 3 minutes with the scenarios it reached):
    python3 scripts/wg_dataset.py --out tests/data/wg_pocl.json
H100, one call per size (every power-of-two size up to 1024 work items; no scenario is started after 270 s, so
each call stays under 5 minutes; an 8192^2 scenario needs tens of seconds of host-side inputs and reference):
    python3 scripts/wg_dataset.py --device nvidia --sizes 4096 --grid pow2 --check default --budget-s 270 \
        --out $OUT/wg_h100_4096.json
    python3 scripts/wg_dataset.py --device nvidia --sizes 8192 --grid pow2 --check default --budget-s 270 \
        --out $OUT/wg_h100_8192.json

A scenario is one benchmark's default-lowered kernel (its "default" preset's decisions on the one route) on
one device at one N x M size. Its candidate sizes are the grid's (ls0, ls1) pairs within the device's limits
(max work-group size, max work-item sizes); a pair that does not divide the global size is recorded as "illegal"
(OpenCL 1.2 needs uniform work-groups) and not launched. Every other pair is measured in this process through
compiler.runtime (`measure_in_process`: build, correctness against the NumPy reference, probe, warm-up, batched
samples): a launch the runtime refuses is recorded with its status ("invalid", "launch") and reason. The sizes
of a scenario are measured in a seeded random order, so a change of machine load spreads over them instead of
favouring the first. `--check default` compares with the reference at the default size only (the default
kernel uses no local memory and no barriers, so its output does not depend on the work-group shape; the PoCL
dataset checks every size); it saves the host-side comparison of 64M-element outputs per size on the GPU.
The JSON (format lift-gym-wg-dataset, version 1) is rewritten after every scenario; a scenario that would start
after the budget is listed under "skipped". Read it with compiler.perf.wgsize.load_scenarios.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.ir.node import Prim, walk
from compiler.ir.ops import Op
from compiler.lowering import decisions
from compiler.lowering.presets import named_preset
from compiler.perf.features import DeviceModel, as_dict, program_features
from compiler.perf.wgsize import DEVICE_QUERIES, FORMAT, VERSION, data_features, kernel_features
from compiler.runtime import cl
from compiler.runtime.measure import MeasureConfig, measure_in_process
from compiler.suite import get, list_benchmarks, uri

GRIDS = {"coarse": (1, 4, 16, 64), "pow2": tuple(2 ** i for i in range(13))}
PAD_ND = (Op.PAD_ND, Op.PAD_CLAMP_ND, Op.PAD_MIRROR_ND, Op.PAD_WRAP_ND)
# short batches: a scenario's sizes share the budget (spec C.4: the median of k >= 5 launches for search loops)
CONFIG = MeasureConfig(warmup_s=0.005, min_warmup_launches=1, min_sample_s=0.002, min_samples=5, max_samples=10,
                       target_rel_iqr=0.05, time_cap_s=1.0)


def stencils_2d() -> list[str]:
    return [b.name for b in list_benchmarks() if b.family == "stencil" and set(b.sizes("small")) == {"N", "M"}]


def borders(program) -> tuple[int, int, int, int]:
    """(north, south, east, west): the widest padND-family padding (top, bottom, left, right) of the program."""
    pads = [tuple(int(v) for v in n.static) for _, n in walk(program.body) if isinstance(n, Prim) and n.op in PAD_ND]
    if not pads:
        return (0, 0, 0, 0)
    t, b, left, r = (max(p[i] for p in pads) for i in range(4))
    return (t, b, r, left)


def device_queries(dev) -> dict:
    """The device's answers to DEVICE_QUERIES (those it answers), its type and its DeviceInfo."""
    out = dict(dev.info.to_dict())
    for name in DEVICE_QUERIES:
        try:
            v = getattr(dev.cl_device, name)
        except Exception:  # an optional query the device or driver does not answer
            continue
        out[name] = list(v) if isinstance(v, list | tuple) else v if isinstance(v, int | float | str) else str(v)
    return out


def candidates(global_size, info, grid, default=()) -> list[tuple[tuple[int, int], str | None]]:
    """Grid pairs (and the default size) within the device's limits, each with None or why it is illegal for
    this global size."""
    out = []
    pairs = sorted({(l0, l1) for l1 in grid for l0 in grid} | ({tuple(default)} if default else set()))
    for l0, l1 in pairs:
        if l0 > info.max_work_item_sizes[0] or l1 > info.max_work_item_sizes[1] or l0 * l1 > info.max_work_group_size:
            continue
        bad = global_size[0] % l0 or global_size[1] % l1
        out.append(((l0, l1), f"global size {tuple(global_size)} is not a multiple of ({l0}, {l1})" if bad else None))
    return out


def scenario(selection, name: str, n: int, config: MeasureConfig, grid, check: str, rng, bar) -> dict:
    dev = cl.open_device(selection)
    bench = get(name)
    sizes = {"N": n, "M": n}
    preset = named_preset(bench, "default", sizes)
    low = decisions.build(uri(bench, **sizes), decisions.preset_chooser(preset), preset.options())
    kp = low.kernel
    if len(kp.kernels) != 1 or len(kp.kernels[0].global_size) != 2:
        raise ValueError(f"{name}: the default lowering gives {len(kp.kernels)} kernels; a 2-D kernel is needed")
    kernel = kp.kernels[0]
    gs, default = tuple(kernel.global_size), tuple(kernel.local_size or ())
    inputs = bench.make_inputs(sizes, rng)
    gold = {kp.outputs[0]: np.asarray(bench.reference(inputs, sizes), dtype=np.float32).reshape(-1)}
    inputs = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
    p000 = as_dict(program_features(low.lowered, sizes, default or None, DeviceModel.for_device(dev.info)))
    feats = {**data_features(sizes, gs), **kernel_features(kernel.source, borders(bench.program), p000)}
    rows = []
    cands = candidates(gs, dev.info, grid, default)
    for i in rng.permutation(len(cands)):
        w, bad = cands[i]
        if bad:
            rows.append({"wg": list(w), "status": "illegal", "reason": bad})
            bar.update(1)
            continue
        prog = dataclasses.replace(kp, kernels=(dataclasses.replace(kernel, local_size=w),))
        checked = check == "all" or w == default
        m = measure_in_process(prog, inputs, gold if checked else None, config, device=dev)
        if m.status == "launch":  # the runtime dropped the context, which may be unusable: open a fresh one
            dev = cl.open_device(selection)
        row = {"wg": list(w), "status": m.status}
        if m.ok:
            row.update(mean_s=float(np.mean(m.samples)), median_s=m.median_s, min_s=m.min_s, iqr_s=m.iqr_s,
                       n=m.n_samples, inner=m.n_inner, checked=m.checked)
        else:
            row["reason"] = m.message.splitlines()[0][:300] if m.message else m.status
        rows.append(row)
        bar.update(1)
    rows.sort(key=lambda r: (r["wg"][1], r["wg"][0]))
    return {"program": name, "sizes": sizes, "device": dev.info.fingerprint, "global_size": list(gs),
            "default_local_size": list(default) or None, "features": feats, "rows": rows}


def expected(took: dict[int, float], n: int) -> float:
    """A scenario's expected duration at size n: the longest so far at n, else the longest at another size
    scaled by the ratio of grid points (conservative: fixed costs do not scale)."""
    if n in took:
        return took[n]
    return max((t * (n / m) ** 2 for m, t in took.items()), default=0.0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None, help="device selection (compiler.runtime.device), e.g. nvidia")
    ap.add_argument("--sizes", default="128,256", help="comma-separated N (= M) values")
    ap.add_argument("--only", default="", help="comma-separated benchmark names (default: every 2-D stencil)")
    ap.add_argument("--grid", choices=sorted(GRIDS), default="coarse",
                    help="coarse: 1, 4, 16, 64 per dimension; pow2: every power of two (and the default size)")
    ap.add_argument("--check", choices=("all", "default"), default="all",
                    help="compare with the reference at every size, or at the default size only")
    ap.add_argument("--budget-s", type=float, default=170.0, help="start no scenario after this many seconds")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "wg_dataset.json"))
    args = ap.parse_args(argv)
    names = [s for s in args.only.split(",") if s] or stencils_2d()
    unknown = sorted(set(names) - set(stencils_2d()))
    if unknown:
        ap.error(f"--only: {', '.join(unknown)} is not a 2-D stencil; 2-D stencils: {', '.join(stencils_2d())}")
    try:
        ns = [int(v) for v in args.sizes.split(",") if v]
    except ValueError:
        ap.error(f"--sizes must be comma-separated integers, got {args.sizes!r}")
    t0 = time.time()
    dev = cl.open_device(args.device)
    rng = np.random.default_rng(args.seed)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    doc = {"format": FORMAT, "version": VERSION,
           "command": " ".join(["python3", "scripts/wg_dataset.py", *(sys.argv[1:] if argv is None else argv)]),
           "grid": args.grid, "check": args.check, "measure_config": CONFIG.to_dict(),
           "devices": {dev.info.fingerprint: {"name": dev.info.device_name, "queries": device_queries(dev)}},
           "scenarios": [], "skipped": [], "failed": []}
    todo = [(name, n) for n in ns for name in names]  # every benchmark at the first size before the second
    total = sum(len(candidates((n, n), dev.info, GRIDS[args.grid], (32, 8))) for _, n in todo)
    took: dict[int, float] = {}  # N -> the longest scenario so far at that size
    with tqdm(total=total, desc="work-group sizes", unit="size") as bar:
        for name, n in todo:
            if time.time() - t0 + expected(took, n) > args.budget_s:
                doc["skipped"].append({"program": name, "N": n, "why": f"time budget of {args.budget_s:g} s"})
                continue
            start = time.time()
            try:
                doc["scenarios"].append(scenario(args.device, name, n, CONFIG, GRIDS[args.grid], args.check, rng, bar))
            except Exception as e:  # a failing scenario is recorded, the others go on
                doc["failed"].append({"program": name, "N": n, "error": f"{type(e).__name__}: {e}"[:500]})
            took[n] = max(took.get(n, 0.0), time.time() - start)
            doc["wall_s"] = round(time.time() - t0, 1)
            out.write_text(json.dumps(doc, separators=(",", ":")))
    ok = sum(r["status"] == "ok" for s in doc["scenarios"] for r in s["rows"])
    print(f"{len(doc['scenarios'])} scenarios ({ok} sizes measured), {len(doc['skipped'])} skipped, "
          f"{len(doc['failed'])} failed, {doc.get('wall_s', 0)} s -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
