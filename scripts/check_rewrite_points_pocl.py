#!/usr/bin/env python3
"""Solver-sampled rewrite-point configurations of the annotated convolution, built and checked on PoCL.

    python scripts/check_rewrite_points_pocl.py --n 100                 # 100 direct + 100 GEMM configurations
    python scripts/check_rewrite_points_pocl.py --n 4 --layers 19 --progress
    python scripts/check_rewrite_points_pocl.py --n 20 --designs        # the hand-written designs instead
    python scripts/check_rewrite_points_pocl.py --compile-only --limits h100 --channels 128,128 --layers 7 \
        --n 40 --variants gemm                                           # full layer 7: sampled and compiled only

For each variant (the `direct` and `gemm` presets of `compiler.suite.annotated`) and each of the N samples, in
turn over the VGG-16 layers of Table 4.3 (`--layers`): the layer's sizes with the channels reduced for PoCL
(`--channels 8,16`: inChs = min(inChs, 8), outChs = min(outChs, 16); spatial sizes and the 3x3 kernels kept), the
rewrite-point space of `benchmark://lift/conv-rp` at those sizes with the variant's preset
(`compiler.constraints.points`: structural values through Algorithm 4's decision tree under the heuristic rules,
tuning values under the Ch4 constraints inferred on the rewritten program, one configuration drawn uniformly over
all complete configurations), the rewrite points applied with those values, the result lowered
(`compiler.lowering.points`: the decision route's rewrite-point and mapping stages, each map's code drawn among
the values the route offers, which are exactly those with a completion that compiles),
compiled, and run once in the runtime's worker process with the correctness check against the benchmark's float64
NumPy reference (rtol 1e-4, atol 1e-5, or within the conv's summation bound gamma_m * sum|terms|:
`Benchmark.error_bound`; no timing). A configuration for which no parallel mapping compiles
(`LoweringFailed`: the route does not offer its values) or whose kernel does not fit the device limits is
*rejected* (the thesis's "extra compiler checks", §5.5.3), counted and kept, and another one is drawn. So is one
that builds but whose work group the device refuses for the compiled kernel (status "invalid": the kernel's own
work-group limit, register-bound on a GPU, is known only after the build) and one whose sampling and lowering take
longer than --config-timeout seconds (reported with where it was, and a nonzero exit). Once lowered, anything else
but status "ok" (an RP that does not apply, an OpenCL build error, a wrong result, a crash) is a failure, kept with
its configuration. `--measure` also times each correct configuration; Ctrl-C or SIGTERM ends the run with the
configurations checked so far in the report.

The lowering also refuses a kernel whose single launch would take longer than 2 s by a static floor
(`compiler.lowering.points.time_error`: statements per work item times the waves of work items the device runs;
inferred); each record keeps the floor of its kernels (`time_floor_s`), the report counts the configurations the
floor refused.
`--compile-only` stops after the OpenCL source is generated (no device, no build, no run): the device limits the
lowering checks against are then `--limits` (h100, pocl or generic, `compiler.constraints.device.PROFILES`).

`--designs` checks the hand-written direct and GEMM designs (`conv_design`) with tile sizes drawn uniformly from
their valid values instead (no rewrite points involved: a check of the lowering alone).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import signal
import sys
import time
from collections import Counter

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from compiler.suite import resolve
from compiler.suite.conv import VGG16_LAYERS

VARIANTS = ("direct", "gemm")


def reduced_sizes(layer: int, channels: tuple[int, int]) -> dict[str, int]:
    _, sizes = resolve(f"benchmark://lift/conv/vgg16-{layer}")
    sizes = dict(sizes)
    sizes["inChs"] = min(sizes["inChs"], channels[0])
    sizes["outChs"] = min(sizes["outChs"], channels[1])
    return sizes


def _jsonable(v):
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, bool | int | float | str) or v is None:
        return v
    if isinstance(v, np.integer):
        return int(v)
    return repr(v)


class Variant:
    """Samples and builds configurations of one variant (preset) for one layer."""

    def __init__(self, variant: str, sizes: dict[str, int], designs: bool):
        self.variant, self.sizes, self.designs = variant, sizes, designs
        t = time.perf_counter()
        if designs:
            from compiler.suite.annotated import conv_design, design_params

            self.program = conv_design(variant)
            self.domains = design_params(sizes)
            self.space = None
        else:
            from compiler.constraints.points import rp_space
            from compiler.suite import annotated

            self.program = annotated.CONV_RP
            ann = annotated.ANNOTATIONS["conv-rp"]
            self.space = rp_space(self.program, sizes, preset=variant, presets=ann.presets,
                                  heuristics=ann.heuristics)
        self.space_s = time.perf_counter() - t

    def sample(self, rng) -> dict:
        if self.designs:
            return {k: int(rng.choice(v)) for k, v in self.domains.items()}
        (config,) = self.space.sample(rng, 1)
        return config

    def build(self, config: dict, rng, limits=None, mapping: str = "sample"):
        from compiler.lowering.points_route import lower_program, lower_rewrite_points

        if self.designs:
            return lower_program(self.program, {**self.sizes, **config}, rng=rng, limits=limits, mapping=mapping)
        return lower_rewrite_points(self.program, config, self.sizes, rng=rng, limits=limits, mapping=mapping)


class ConfigTimeout(Exception):
    """Sampling and lowering one configuration took longer than --config-timeout seconds."""


def _alarm(signum, frame):
    import traceback

    where = " <- ".join(f"{f.name} ({os.path.basename(f.filename)}:{f.lineno})"
                        for f in reversed(traceback.extract_stack(frame)[-6:]))
    raise ConfigTimeout(where)


def _interrupt(signum, frame):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # `timeout` signals the process and then its group: once is enough
    raise KeyboardInterrupt


def _commit() -> str:
    """The checked-out commit, "+dirty" when tracked files differ from it."""
    import subprocess

    root = os.path.join(os.path.dirname(__file__), "..")
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def run(args) -> dict:
    from compiler.runtime import MeasureConfig, MeasureWorker

    if args.measure:  # the runtime's whole protocol (events, warm-up, batches >= 10 ms, median/IQR), after the check
        cfg = MeasureConfig(build_timeout_s=300.0)
    else:  # one launch, the correctness check only
        cfg = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-6, min_samples=1, max_samples=1,
                            time_cap_s=60.0, watchdog_margin_s=120.0, build_timeout_s=300.0)
    layers = [int(x) for x in args.layers.split(",")] if args.layers else list(VGG16_LAYERS)
    channels = tuple(int(x) for x in args.channels.split(","))
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGALRM, _alarm)  # --config-timeout
    from compiler.constraints.device import PROFILES, DeviceLimits

    if args.compile_only:
        worker = None
        limits = PROFILES[args.limits or "h100"]
        device = f"none (compile only; limits {limits.name})"
    else:
        worker = MeasureWorker(args.device)
        # a kernel whose work groups do not fit, or whose launch the time floor puts over 2 s, is rejected
        limits = PROFILES[args.limits] if args.limits else DeviceLimits.from_device_info(worker.info)
        device = worker.info.fingerprint
    report: dict = {"command": "python scripts/check_rewrite_points_pocl.py " + " ".join(args.argv),
                    "device": device, "limits": limits.name, "machine": f"{platform.node()} {os.cpu_count()} cpus",
                    "commit": _commit(),
                    "seed": args.seed, "channels": {"inChs_max": channels[0], "outChs_max": channels[1]},
                    "mode": "designs" if args.designs else "rewrite points", "mapping": args.mapping,
                    "variants": []}
    try:
        for vi, variant in enumerate(VARIANTS):
            if variant not in args.variants.split(","):
                continue
            dev = _Device(worker, cfg, limits)
            report["variants"].append(_check_variant(args, vi, variant, layers, channels, dev, report))
            if "interrupted" in report:
                break
    finally:
        if worker is not None:
            worker.close()
    return report


@dataclasses.dataclass(frozen=True)
class _Device:
    """The worker process that builds and runs the kernels, its measurement protocol and its limits."""

    worker: object
    cfg: object
    limits: object


def _check_variant(args, vi: int, variant: str, layers: list[int], channels: tuple[int, ...], dev: _Device,
                   report: dict) -> dict:
    """Sample, lower and check configurations of one variant until `args.n` are checked (or too many rejected)."""
    rng = np.random.default_rng([args.seed, vi])
    cache: dict[int, Variant] = {}
    out: dict[str, list[dict]] = {"checked": [], "rejected": [], "timeout": [], "device": []}
    records = out["checked"]
    t0 = time.perf_counter()
    i = 0
    try:
        while len(records) < args.n and len(out["rejected"]) <= args.max_rejected:
            layer = layers[i % len(layers)]
            i += 1
            sizes = reduced_sizes(layer, channels)
            rec: dict = {"layer": layer, "sizes": sizes}
            low, outcome = _lower(args, variant, cache, layer, sizes, rng, dev.limits, rec)
            if outcome is None and args.compile_only:
                rec.update(status="compiled", source_chars=sum(len(k.source) for k in low.kernel.kernels))
                outcome = "checked"
            elif outcome is None:
                outcome = _check(args, vi, i, sizes, low, dev, rec)
            out[outcome].append(rec)
            if args.progress:
                print(_progress(variant, outcome, out, args.n, layer, rec, low), flush=True)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM (a `timeout`): keep what was checked
        report["interrupted"] = f"{variant} after {len(records)} configurations"
    failures = [r for r in records if r.get("status") not in ("ok", "compiled")]
    return {
        "variant": variant, "checked": len(records), "passed": len(records) - len(failures),
        "rejected_by_lowering": len(out["rejected"]), "rejected": out["rejected"],
        "timed_out": len(out["timeout"]), "timeouts": out["timeout"],
        "rejected_by_device": len(out["device"]), "device_rejected": out["device"],
        "failures": failures, "statuses": dict(Counter(r.get("status") for r in records)),
        "kernels": dict(Counter(r.get("kernels") for r in records)),
        "rejected_by_time_floor": sum("launch-time floor" in r.get("message", "") for r in out["rejected"]),
        "space_s": {str(k): round(v.space_s, 2) for k, v in cache.items()},
        "seconds": round(time.perf_counter() - t0, 1), "configurations": records}


def _lower(args, variant: str, cache: dict, layer: int, sizes: dict, rng, limits, rec: dict):
    """(the lowered configuration, None), or (None, "timeout" | "rejected" | "checked") when sampling or lowering
    stalls, no parallel mapping compiles, or the configuration does not apply or compile (a failure)."""
    from compiler.lowering.points import LoweringFailed, time_floor

    signal.alarm(args.config_timeout)
    try:
        v = cache.get(layer)
        if v is None:
            v = cache[layer] = Variant(variant, sizes, args.designs)
        t = time.perf_counter()
        config = v.sample(rng)
        rec["sample_s"] = round(time.perf_counter() - t, 3)
        rec["config"] = _jsonable(config)
        t = time.perf_counter()
        low = v.build(config, rng, limits, args.mapping)
        rec.update(lower_s=round(time.perf_counter() - t, 3), mapping=low.describe,
                   kernels=low.kernels,
                   time_floor_s={k: round(t, 6) for k, t, _ in time_floor(low.kernel, low.lowered, sizes, limits)},
                   applied=_jsonable(list(low.applied)), eliminated=_jsonable(list(low.eliminated)))
        return low, None
    except ConfigTimeout as err:  # a stall in the solver or the lowering: kept and reported
        rec.update(status="timeout", message=f"sampling + lowering over {args.config_timeout} s in "
                   f"{'lowering' if 'config' in rec else 'sampling'}: {err}")
        return None, "timeout"
    except LoweringFailed as err:  # no parallel mapping of this configuration compiles: rejected
        rec.update(status="rejected", message=str(err)[-600:])
        return None, "rejected"
    except Exception as err:  # a sampled configuration that does not apply or compile is a failure
        rec.update(status="build", message=f"{type(err).__name__}: {err}"[:600])
        return None, "checked"
    finally:
        signal.alarm(0)


def _check(args, vi: int, i: int, sizes: dict, low, dev: _Device, rec: dict) -> str:
    """Build and run the lowered configuration against the float64 reference: "checked", or "device" when the
    device cannot launch the built kernel."""
    bench, _ = resolve("benchmark://lift/conv")
    inputs = bench.make_inputs(sizes, np.random.default_rng([args.seed, vi, i]))
    from compiler.runtime.gold import gold_value

    gold = gold_value(np.asarray(bench.reference(inputs, sizes), dtype=np.float32), bench.error_bound(inputs, sizes))
    kp = dataclasses.replace(low.kernel, flops=float(bench.flops(sizes)), bytes=float(bench.bytes(sizes)))
    m = dev.worker.measure(kp, {n: inputs[n] for n in kp.inputs}, {kp.outputs[0]: gold}, dev.cfg)
    rec.update(status=m.status, message=m.message[:600], build_s=round(m.build_s, 3))
    if m.status == "invalid":  # built, but the device cannot launch it (the compiled kernel's work-group limit,
        return "device"       # known only after the build): rejected like the lowering's launch check
    if args.measure and m.ok:
        rec.update(median_s=m.median_s, iqr_s=m.iqr_s, n_samples=m.n_samples, gflops=m.gflops)
    return "checked"


def _progress(variant: str, outcome: str, out: dict, n: int, layer: int, rec: dict, low) -> str:
    if outcome == "timeout":
        return f"  {variant} TIMEOUT #{len(out['timeout'])} layer {layer}"
    if outcome == "rejected":
        return f"  {variant} rejected #{len(out['rejected'])} layer {layer}: {rec['message'][-160:]}"
    if outcome == "device":
        return (f"  {variant} rejected by the device #{len(out['device'])} layer {layer}: "
                f"{rec['message'][:160]}")
    checked = len(out["checked"])
    if low is None:  # the configuration did not apply or compile
        return f"  {variant} {checked}/{n} layer {layer} BUILD {rec['message'][:200]}"
    return (f"  {variant} {checked}/{n} layer {layer} {rec['status']} kernels={low.kernels} "
            f"sample {rec['sample_s']} s lower {rec['lower_s']} s")


def summary(report: dict) -> str:
    lines = [f"INTERRUPTED: {report['interrupted']}"] if "interrupted" in report else []
    lines += [f"device: {report['device']}; mode: {report['mode']}; channels reduced to "
             f"inChs <= {report['channels']['inChs_max']}, outChs <= {report['channels']['outChs_max']}"]
    for v in report["variants"]:
        lines.append(f"{v['variant']}: {v['passed']}/{v['checked']} ok ({v.get('rejected_by_lowering', 0)} sampled "
                     f"configurations rejected by the lowering first, {v.get('rejected_by_device', 0)} built and "
                     f"rejected by the device, {v.get('timed_out', 0)} over the time limit), "
                     f"statuses {v['statuses']}, kernels per "
                     f"program {v['kernels']}, {v['seconds']} s")
        floors = sorted(sum(r["time_floor_s"].values()) for r in v["configurations"] if r.get("time_floor_s"))
        if floors:
            lines.append(f"  launch-time floor of the lowered configurations: max {floors[-1]:.3g} s, median "
                         f"{floors[len(floors) // 2]:.3g} s; configurations rejected by the floor "
                         f"{v.get('rejected_by_time_floor', 0)}")
        timed = sorted(r["gflops"] for r in v["configurations"] if r.get("gflops"))
        if timed:
            lines.append(f"  timed {len(timed)}: GFLOP/s min {timed[0]:.1f}, median {timed[len(timed) // 2]:.1f}, "
                         f"max {timed[-1]:.1f}")
        for f in v["failures"][:5]:
            lines.append(f"  FAIL layer {f['layer']} {f.get('status')}: {f.get('message', '')[:300]}")
    return "\n".join(lines)


def markdown(report: dict) -> str:
    """The report as a markdown table, one row per variant, with the command, device and commit above it."""
    lines = [f"`{report['command']}`", "", f"device: {report['device']}; limits: {report.get('limits')}; "
             f"commit {report['commit']}; channels <= {report['channels']['inChs_max']},"
             f"{report['channels']['outChs_max']}", "",
             "| variant | checked | passed | statuses | rejected by the lowering | rejected by the device | "
             "timed out | max launch-time floor (s) | rejected by the floor | median GFLOP/s | seconds |",
             "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for v in report["variants"]:
        floors = [sum(r["time_floor_s"].values()) for r in v["configurations"] if r.get("time_floor_s")]
        timed = sorted(r["gflops"] for r in v["configurations"] if r.get("gflops"))
        median = f"{timed[len(timed) // 2]:.1f}" if timed else "-"
        lines.append(f"| {v['variant']} | {v['checked']} | {v['passed']} | {v['statuses']} | "
                     f"{v.get('rejected_by_lowering', 0)} | {v.get('rejected_by_device', 0)} | "
                     f"{v.get('timed_out', 0)} | {max(floors, default=0):.3g} | "
                     f"{v.get('rejected_by_time_floor', 0)} | {median} | "
                     f"{v['seconds']} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=100, help="configurations per variant (100)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--layers", default="", help="comma-separated VGG-16 layers (default: all nine of Table 4.3)")
    ap.add_argument("--channels", default="8,16", help="caps on inChs,outChs for PoCL (8,16)")
    ap.add_argument("--variants", default="direct,gemm", help="comma-separated presets to check (direct,gemm)")
    ap.add_argument("--max-rejected", type=int, default=1000,
                    help="stop a variant after this many configurations rejected by the lowering (1000)")
    ap.add_argument("--mapping", choices=("sample", "outer"), default="sample",
                    help="each map's code drawn among the values the decision route offers (sample), or the default "
                         "lowering's shape where it compiles (outer: faster)")
    ap.add_argument("--config-timeout", type=int, default=300,
                    help="seconds allowed to sample and lower one configuration; over it, it is reported as timed "
                         "out and another is drawn (300)")
    ap.add_argument("--measure", action="store_true",
                    help="also time every correct configuration with the runtime's full protocol")
    ap.add_argument("--designs", action="store_true", help="check the hand-written designs instead of RP samples")
    ap.add_argument("--device", default=None)
    ap.add_argument("--compile-only", action="store_true",
                    help="sample, lower and generate OpenCL only (no device, no build, no run)")
    ap.add_argument("--limits", choices=("h100", "pocl", "generic"), default=None,
                    help="device limits the lowering checks against (default: the device's; h100 with "
                         "--compile-only)")
    ap.add_argument("--out", help="write the full results as JSON here")
    ap.add_argument("--md", help="write the summary as a markdown table here")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else list(argv)
    report = run(args)
    print(summary(report))
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(report, fh, indent=1)
    if args.md:
        with open(args.md, "w") as fh:
            fh.write(markdown(report))
    ok = "interrupted" not in report and all(not v["failures"] and not v.get("timed_out") for v in report["variants"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
