"""`lift-gym explore URI|FILE`: Lift's three-stage exploration (compiler.explore) on one benchmark, as a chooser
over the compiler's decision route.

    lift-gym explore benchmark://lift/mm/small [--max N] [--depth D] [--samples S] [--seed N] [--no-run] [--json]
    lift-gym explore prog.lift --sizes N=64                  a program file, checked against prog.npz or the interpreter

Prints the report: distinct high-level programs (stage 1), lowered programs (stage 2), tuning points (stage 3),
kernels generated, codegen failures and crashes by message head, and (unless --no-run) the kernels checked on the
OpenCL device (PoCL by default) by Measurement status. Exit status 1 when any generated kernel failed on the
device or the route crashed (a bug), or when no kernel was generated at all, else 0. See docs/explore.md.
"""

from __future__ import annotations

import argparse
import json
import sys

from compiler.constraints.device import PROFILES
from compiler.explore import ExploreConfig, explore_benchmark

from .subcommand import CliError, command, configure_target, jobs, load_target, nonnegative_int, positive_int, seed


def _configure(p: argparse.ArgumentParser) -> None:
    configure_target(p, "sizes, e.g. N=64,M=32 (overrides for a URI; required for a FILE without presets)")
    p.add_argument("--max", type=positive_int, default=30, metavar="N",
                   help="stage 1: distinct high-level programs (30)")
    p.add_argument("--depth", type=nonnegative_int, default=2, metavar="D", help="stage 1: rewrite depth (2)")
    p.add_argument("--lowered", type=positive_int, default=8, metavar="L",
                   help="stage 2: lowered programs per high-level program (8)")
    p.add_argument("--samples", type=positive_int, default=2, metavar="S",
                   help="stage 3: tuning points per lowered program (2)")
    p.add_argument("--seed", type=seed, default=0, help="random seed (0)")
    p.add_argument("--no-named", action="store_true",
                   help="stage 1: leave out the named lowerings and the rewrite-point program")
    p.add_argument("--profile", choices=sorted(PROFILES), default="generic",
                   help="device profile whose limits the tuning values respect (generic)")
    p.add_argument("--max-kernels", type=positive_int, metavar="K", help="stop after K distinct kernels")
    p.add_argument("--jobs", type=jobs, default=0, metavar="J",
                   help="device workers in parallel, at most 256 (0: min(2, cpus))")
    p.add_argument("--device", help="OpenCL device selection (default: LIFT_GYM_DEVICE or the first device)")
    p.add_argument("--no-run", action="store_true", help="generate kernels only; do not run them")
    p.add_argument("--json", action="store_true", help="machine-readable report")
    p.add_argument("--quiet", action="store_true", help="no progress bars")


@command("explore", configure=_configure)
def cmd_explore(args: argparse.Namespace) -> int:
    t = load_target(args.target, args.size, args.sizes)
    for name in ("max", "depth", "lowered", "samples"):
        if getattr(args, name) < (0 if name == "depth" else 1):
            raise CliError(f"--{name} must be {'>= 0' if name == 'depth' else 'positive'}")
    cfg = ExploreConfig(max_programs=args.max, depth=args.depth, lowered=args.lowered, samples=args.samples,
                        seed=args.seed, named=not args.no_named, profile=args.profile, run=not args.no_run,
                        jobs=args.jobs, device=args.device, max_kernels=args.max_kernels)
    progress = not args.quiet
    log = None if args.json or args.quiet else (lambda m: print(m, file=sys.stderr))
    uri = t.label if args.size or args.sizes or "://" not in args.target else args.target
    rep = explore_benchmark(t.benchmark, t.sizes, cfg, uri=uri, progress=progress, log=log)
    if args.json:
        print(json.dumps(rep.to_dict(), indent=2, default=str))
    else:
        print(rep.text())
    if rep.kernels == 0:
        print(f"lift-gym: explore: no kernel was generated for {uri}", file=sys.stderr)
        return 1
    return 1 if rep.failed or rep.codegen_crashes else 0
