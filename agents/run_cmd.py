"""`lift-gym run URI|FILE [--lowering NAME] [--device SEL] [--size NAME] [--json]`: generate, build, check, measure.

A benchmark is lowered by one of its named lowerings, taken as decisions (`compiler.lowering.presets`) on the
compiler's one route (`compiler.lowering.decisions`, the decisions an environment episode can take too); its kernels
are built on the selected OpenCL device (first GPU, else PoCL; `--device`, then $LIFT_GYM_DEVICE, override), checked
against the benchmark's NumPy reference on fresh random inputs, then timed by the runtime's protocol in an isolated
worker. A program file (or a registered user benchmark) has the named lowerings of its program's shape; one written
fully lowered has only `default`, the program as written; it is checked against its reference (a `.npz` beside the
file, a registered callable) or else against the interpreter.
"""

from __future__ import annotations

import argparse
import dataclasses
import json

import numpy as np

from compiler.ir.node import RewritePoint, walk
from compiler.lowering import decisions, is_lowered, point_stages
from compiler.lowering.catalog import lowerings
from compiler.lowering.presets import baseline, named_preset, written
from compiler.runtime.gold import gold_value
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker

from .subcommand import (
    CliError,
    Target,
    command,
    configure_target,
    load_target,
    seconds,
    seed,
)


def generate(t: Target, lowering: str = "default"):
    """(KernelProgram, parameter values) for a target: one of its benchmark's named lowerings or rewrite-point
    designs (conv: direct, gemm), its decisions (`presets.named_preset`) taken on the compiler's one route
    (`decisions.build`). A program file or user benchmark has its catalogue's lowerings too, by the shape of its
    program; one written already lowered has only `default`, the program as written. A program with rewrite points
    has only `default` too: the reward baseline, the default lowering of the program without them
    (`presets.baseline`)."""
    b = t.benchmark
    assert b is not None, "load_target gives every target a benchmark"
    if any(isinstance(n, RewritePoint) for _, n in walk(b.program)):
        if lowering != "default":
            raise CliError(f"{t.text}: no lowering {lowering!r}; lowerings: default")
        return _counted(baseline(t.label).kernel, b, t), {}
    names = ["default"] if is_lowered(b.program) else [*lowerings(b), *point_stages.designs(b)]
    if lowering not in names:
        raise CliError(f"{t.text}: no lowering {lowering!r}; lowerings: {', '.join(names)}")
    if is_lowered(b.program):  # written lowered: compiled as written, at the sizes given
        return _counted(written(b, t.sizes).kernel, b, t), {}
    preset = named_preset(b, lowering, t.sizes)
    assert preset is not None, f"every named lowering of {b.name} is a preset"
    s = decisions.build(t.label, decisions.preset_chooser(preset), preset.options())
    return _counted(s.kernel, b, t), dict(preset.values)


def _counted(kp, b, t: Target):
    """The kernel program with the benchmark's FLOP and byte counts at the target's sizes."""
    return dataclasses.replace(kp, flops=float(b.flops(t.sizes)), bytes=float(b.bytes(t.sizes)))


def _configure_run(p: argparse.ArgumentParser) -> None:
    configure_target(p, "sizes, e.g. M=64,N=64,K=64 (overrides for a URI; required for a FILE)")
    p.add_argument("--lowering", metavar="NAME", default="default", help="catalogued lowering (default: default)")
    p.add_argument("--device", metavar="SEL", help="OpenCL device: gpu, cpu, pocl, nvidia, P:D (default: first GPU)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the random inputs")
    p.add_argument("--time-cap", type=seconds, default=2.0, help="seconds of timing per kernel program (default 2)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


@command("run", configure=_configure_run)
def cmd_run(args: argparse.Namespace) -> int:
    t = load_target(args.target, args.size, args.sizes)
    kp, params = generate(t, args.lowering)
    rng = np.random.default_rng(args.seed)
    b = t.benchmark
    assert b is not None
    inputs = b.make_inputs(t.sizes, rng)
    gold = np.asarray(b.reference(inputs, t.sizes))  # of the output's dtype (the buffer's type converts it)
    flat = {k: np.ascontiguousarray(v).reshape(-1) for k, v in inputs.items()}
    want = gold_value(gold.reshape(-1), b.error_bound(inputs, t.sizes))  # the check's comparison (cli.check_target)
    with MeasureWorker(args.device) as worker:
        m = worker.measure(kp, flat, {kp.outputs[0]: want}, MeasureConfig(time_cap_s=args.time_cap))
        info = worker.info
        device = f"{info.device_name} ({info.platform_name}, driver {info.driver_version})"
    reference = b.reference_at(t.sizes)  # a .npz reference is for its own sizes only: the interpreter elsewhere
    report = {"target": t.label, "lowering": args.lowering, "reference": reference,
              "params": params, "device": device,
              "kernels": [k.name for k in kp.kernels], **m.to_dict()}
    if args.json:
        print(json.dumps(report, indent=2, default=str))
    else:
        print(f"{t.label}  lowering={report['lowering']}  {len(kp.kernels)} kernel(s)  on {device}")
        if report["params"]:
            print("  parameters: " + " ".join(f"{k}={v}" for k, v in report["params"].items()))
        if m.ok:
            iqr = 100 * m.iqr_s / m.median_s if m.median_s else 0.0
            rates = ", ".join(f"{v:.2f} {unit}" for v, unit in ((m.gflops, "GFLOP/s"), (m.gbs, "GB/s"))
                              if v is not None) or "no work counted"
            against = reference if reference.endswith(".npz") else f"the {reference}"
            print(f"  correct (against {against}); median {m.median_s * 1e3:.4f} ms (IQR {iqr:.1f}%, "
                  f"{m.n_samples} samples x {m.n_inner} launches): {rates}  [{m.stop_reason}]")
        else:
            print(f"  {m.status}: {m.message}")
    return 0 if m.ok else 1


__all__ = ["cmd_run", "generate"]
