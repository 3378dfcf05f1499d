"""`lift-gym strategies [URI|FILE] [--sizes K=V,...] [--profile NAME] [--json]`: the catalogue's strategies.

Without a target: every strategy (a family of named lowerings derived by rewrite rules), the lowerings it gives,
the shape of program it needs and the source it follows. With a target: for each strategy and lowering, whether
it applies to that program at its sizes on the device profile's limits, with its number of valid tuning points,
or why it does not (the shape the program lacks, the derivation step that found no site, an empty space).
"""

from __future__ import annotations

import argparse
import json

from .subcommand import CliError, command, load_target


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="URI|FILE", nargs="?", default=None,
                   help="a benchmark URI or program file: which strategies apply to it (default: list them all)")
    p.add_argument("--size", metavar="NAME", help="size preset of the benchmark (default, small, vgg16-7, ...)")
    p.add_argument("--sizes", metavar="K=V,...", help="size overrides, e.g. M=256,N=256,K=256")
    p.add_argument("--profile", default="generic", help="device profile of the tuning limits (default generic)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


@command("strategies", configure=_configure)
def cmd_strategies(args: argparse.Namespace) -> int:
    from compiler.lowering import device_profile
    from compiler.lowering.catalog import STRATEGIES
    from compiler.lowering.templates import strategy_report

    if args.target is None:
        rows = [{"strategy": s.name, "lowerings": list(s.lowerings), "shape": s.shape, "follows": s.follows,
                 "module": s.module} for s in STRATEGIES]
        if args.json:
            print(json.dumps(rows, indent=1))
            return 0
        for r in rows:
            print(f"{r['strategy']} ({', '.join(r['lowerings'])}; {r['module']})")
            print(f"  needs:   {r['shape']}")
            print(f"  follows: {r['follows']}")
        return 0
    try:
        limits = device_profile(args.profile)
    except ValueError as err:
        raise CliError(f"--profile: {err}") from None
    t = load_target(args.target, args.size, args.sizes)
    rows = strategy_report(t.benchmark, t.sizes, limits)
    if args.json:
        print(json.dumps({"target": t.label, "sizes": t.sizes, "profile": args.profile, "strategies": rows},
                         indent=1))
        return 0
    print(f"{t.label}  profile={args.profile}")
    for r in rows:
        status = f"applies, {r['points']} valid points" if r["applies"] else f"does not apply: {r['why']}"
        print(f"  {r['strategy']} / {r['lowering']}: {status}")
    return 0
