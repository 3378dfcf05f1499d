"""`lift-gym space URI [--lowering NAME] [--device h100|pocl] [--json]`: a program's search space.

Prints the tuning parameters of the chosen lowering (inferred from the typed program, thesis Ch4) with their
domains, the constraints left after Algorithm 2 (readably, with the primitive that induced each), the number of
valid points (exact by enumeration when the space fits, else Knuth's estimate, named as such), and the Ch5
parallel mappings of the high-level program (variables, codes, count, a few valid mappings).
"""

from __future__ import annotations

import argparse
import json

from .cli import CliError, _configure_target, command, load_target


def _configure_space(p: argparse.ArgumentParser) -> None:
    _configure_target(p, "size overrides, e.g. M=256,N=256,K=256")
    p.add_argument("--lowering", metavar="NAME", default=None,
                   help="lowering whose tuning parameters to show (default: the first named one, else default)")
    p.add_argument("--device", choices=("h100", "pocl"), default="h100", help="device limits (default h100)")
    p.add_argument("--examples", type=int, default=5, help="valid parallel mappings to print (default 5)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def space_report(t, lowering: str | None, device: str, examples: int) -> dict:
    from compiler.constraints import H100, POCL_CPU
    from compiler.constraints.infer import infer
    from compiler.constraints.mapping import mapping_space
    from compiler.lowering.catalog import lowerings

    if t.benchmark is None:
        raise CliError("space needs a benchmark URI (its lowerings carry the tuning parameters)")
    table = lowerings(t.benchmark.name)
    name = lowering or next((n for n in table if n != "default"), "default")
    if name not in table:
        raise CliError(f"{t.benchmark.name} has no lowering {name!r}; lowerings: {', '.join(table)}")
    lowered = table[name](t.sizes)
    limits = H100 if device == "h100" else POCL_CPU
    tp = infer(lowered.program, dict(lowered.sizes), limits)
    report: dict = {"benchmark": t.label, "lowering": name, "device_limits": device,
                    "parameters": {p: list(tp.domains.get(p, ())) for p in tp.params},
                    "constraints": [str(c) for c in tp.constraints],
                    "dropped": len(tp.dropped), "lowering_defaults": dict(lowered.params)}
    if tp.params:
        space = tp.space()
        est = space.count(exact=False)
        report["valid_points"] = {"value": float(est.value), "exact": est.exact, "method": est.method,
                                  "stderr": float(est.stderr)}
    else:
        report["valid_points"] = {"value": 1.0, "exact": True, "method": "no free parameters", "stderr": 0.0}
    ms = mapping_space(t.benchmark.program)
    n_map = ms.count()
    report["mapping"] = {"variables": {s.name: list(s.domain) for s in ms.sites}, "valid": int(n_map),
                         "examples": [ms.describe(a) for a in ms.enumerate()[:examples]]}
    report["mapping_text"] = str(ms)
    report["tuning_text"] = str(tp)
    return report


@command("space", "show a program's tuning parameters, constraints, valid points and parallel mappings",
         _configure_space)
def cmd_space(args: argparse.Namespace) -> int:
    t = load_target(args.target, args.size, args.sizes)
    r = space_report(t, args.lowering, args.device, args.examples)
    if args.json:
        print(json.dumps({k: v for k, v in r.items() if not k.endswith("_text")}, indent=2, default=str))
        return 0
    print(f"{r['benchmark']}  lowering={r['lowering']}  limits={r['device_limits']}")
    print(r["tuning_text"])
    v = r["valid_points"]
    how = "exact" if v["exact"] else f"estimated ±{v['stderr']:.3g}"
    print(f"valid points: {v['value']:.6g} ({how}, {v['method']})")
    print(r["mapping_text"])
    print(f"valid parallel mappings: {r['mapping']['valid']}")
    for ex in r["mapping"]["examples"]:
        print(f"  {ex}")
    return 0
