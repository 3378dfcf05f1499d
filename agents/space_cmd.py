"""`lift-gym space URI [--lowering NAME] [--profile generic|h100|h200|pocl] [--json]`: a program's search space.

Prints the tuning parameters of the chosen lowering (inferred from the typed program, thesis Ch4; for a named
lowering with parameters, the inferred problem of its default structure that the env's tuning decisions use,
`templates.TemplateProblem.inferred`) with their
domains, the constraints left after Algorithm 2 (readably, with the primitive that induced each), the number of
valid points (exact by enumeration when the space fits, else Knuth's estimate, named as such), and the Ch5
parallel mappings of the high-level program (variables, codes, count, a few valid mappings). On a program
annotated with rewrite points (thesis Ch6: `benchmark://lift/mm-rp`, ...) it also prints the rewrite-point
parameters (`rewrite_point_report`): name, role, domain and the rules and inferred tuning constraints on them; the
Ch4/Ch5 part is then about the program without its rewrite points (they are typed identities).
"""

from __future__ import annotations

import argparse
import json

from compiler.constraints.device import PROFILES, device_profile
from compiler.constraints.infer import infer
from compiler.constraints.mapping import mapping_space
from compiler.constraints.points import rp_space
from compiler.lowering import decisions, is_lowered
from compiler.lowering.catalog import lowerings
from compiler.lowering.default import copy_of_view
from compiler.lowering.presets import baseline, named_preset, written
from compiler.lowering.templates import available_templates, template_problem, templates_of
from compiler.rewrite.points import rewrite_point_labels, strip_rewrite_points
from compiler.suite.annotated import ANNOTATIONS

from .subcommand import CliError, command, configure_target, load_target, nonnegative_int


def _configure_space(p: argparse.ArgumentParser) -> None:
    configure_target(p, "size overrides, e.g. M=256,N=256,K=256")
    p.add_argument("--lowering", metavar="NAME", default=None,
                   help="lowering whose tuning parameters to show (default: the first named one, else default)")
    p.add_argument("--profile", "--device", dest="profile", choices=tuple(PROFILES), default="generic",
                   help="device profile of the tuning limits (default generic; --device is another name for it)")
    p.add_argument("--examples", type=nonnegative_int, default=5, help="valid parallel mappings to print (default 5)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def space_report(t, lowering: str | None, profile: str, examples: int) -> dict:
    assert t.benchmark is not None, "load_target gives every target a benchmark"
    program = t.benchmark.program
    annotated = bool(rewrite_point_labels(program))
    if annotated:  # the named lowerings are the plain program's; the default lowering of it without its RPs
        if lowering not in (None, "default"):
            raise CliError(f"{t.benchmark.name} is annotated with rewrite points: only its default lowering is shown")
        program = strip_rewrite_points(program)
        name = "default"
    else:
        table = lowerings(t.benchmark)
        # by default the first named lowering that applies at these sizes (one whose derivation finds no site in
        # the program, or whose space is empty here, is not offered), else the default
        offered = available_templates(t.benchmark, dict(t.sizes), device_profile(profile))
        name = lowering or next((n for n in table if n != "default" and n in offered), "default")
        if name not in table:
            raise CliError(f"{t.text}: no lowering {name!r}; lowerings: {', '.join(table)}")
    limits = device_profile(profile)
    if name in templates_of(t.benchmark):  # the space the env decides (one inferred problem per structure)
        problem = template_problem(t.benchmark, name, dict(t.sizes), limits)
        switches = tuple(int(problem.defaults[p.name]) for p in problem.params if p.kind == "switch")
        tp, defaults = problem.inferred[switches], dict(problem.defaults)
        offered = problem.space.domains  # the switches' values with a point (each value a program structure)
        switch_values = {p.name: list(offered[p.name]) for p in problem.params if p.kind == "switch"}
    else:  # the program the route lowers by the default lowering's decisions
        tp, defaults = infer(_default_lowered(t, annotated), dict(t.sizes), limits), {}
        switch_values = {}
    report: dict = {"benchmark": t.label, "lowering": name, "device_limits": profile,
                    "parameters": {p: list(tp.domains.get(p, ())) for p in tp.params},
                    "constraints": [str(c) for c in tp.constraints],
                    "dropped": len(tp.dropped), "lowering_defaults": defaults, "switches": switch_values}
    if tp.params:
        space = tp.space()
        est = space.count(exact=False)
        report["valid_points"] = {"value": float(est.value), "exact": est.exact, "method": est.method,
                                  "stderr": float(est.stderr)}
    else:
        report["valid_points"] = {"value": 1.0, "exact": True, "method": "no free parameters", "stderr": 0.0}
    ms = mapping_space(copy_of_view(program))  # a view of the inputs is mapped as its copy
    n_map = ms.count()
    report["mapping"] = {"variables": {s.name: list(s.domain) for s in ms.sites}, "valid": int(n_map),
                         "examples": [ms.describe(a) for a in ms.enumerate()[:examples]]}
    report["mapping_text"] = str(ms)
    report["tuning_text"] = str(tp)
    if annotated:
        report["rewrite_points"] = rewrite_point_report(t.benchmark.name, t.benchmark.program, dict(t.sizes), limits)
    return report


def _default_lowered(t, annotated: bool):
    """The lowered program of the target's default lowering, from the one route: the reward baseline's for a program
    with rewrite points (`presets.baseline`), a program written lowered as written (`presets.written`), else the
    default lowering's decisions (`presets.named_preset`)."""
    b = t.benchmark
    if annotated:
        return baseline(t.label).lowered
    if is_lowered(b.program):
        return written(b, t.sizes).lowered
    preset = named_preset(b, "default", t.sizes)
    return decisions.build(t.label, decisions.preset_chooser(preset), preset.options()).lowered


def rewrite_point_report(name: str, program, sizes: dict, limits) -> dict:
    """The rewrite-point parameters of an annotated program as solver variables (compiler.constraints.points):
    every parameter met when each rewrite point is applied (the first value its rules allow other than skip = 1,
    so the rewrite points a parent inserts are listed too), in Algorithm 4's order, with its role (structural or
    tuning), its domain (structural: what the rules allow; tuning: the solver's domain after Algorithm 2 for that
    structure), the rules on the structural ones and the inferred constraints on the tuning ones."""
    ann = ANNOTATIONS[name] if name in ("conv-rp", "mm-rp", "stencil2d-rp") else None
    space = rp_space(program, sizes, heuristics=ann.heuristics if ann is not None else (), device=limits)
    values: dict = {}
    met: dict = {}
    for _ in range(256):
        params = space.params(values)
        for p in params:
            met.setdefault(p.name, p)
        nxt = next((p for p in params if p.role == "struct" and p.name not in values), None)
        if nxt is None:
            break
        allowed = space.allowed(nxt)
        values[nxt.name] = 0 if nxt.name.endswith(".skip") and 0 in allowed else allowed[0]
    tp = space.tuning(values)
    out = []
    for pname, p in met.items():
        if p.role == "struct":
            rules = [f"{r.pattern} in {r.allowed}: {r.why}" for r in space.rules if r.matches(pname, space.kind_path(
                pname))]
            out.append({"name": pname, "role": "structural", "kind": space.kind_path(pname),
                        "domain": [list(v) if isinstance(v, tuple) else v for v in space.allowed(p)],
                        "full_domain": [list(v) if isinstance(v, tuple) else v for v in (p.domain or ())],
                        "constraints": rules})
        else:
            cons = [str(c).split("    [")[0] for c in tp.constraints if pname in getattr(c, "params", ())]
            out.append({"name": pname, "role": "tuning", "kind": space.kind_path(pname),
                        "domain": list(tp.domains.get(pname, ())), "constraints": cons})
    return {"parameters": out, "structure_shown": {k: list(v) if isinstance(v, tuple) else v
                                                   for k, v in values.items()},
            "rules": [f"{r.pattern} in {r.allowed}: {r.why}" for r in space.rules]}


@command("space", configure=_configure_space)
def cmd_space(args: argparse.Namespace) -> int:
    t = load_target(args.target, args.size, args.sizes)
    r = space_report(t, args.lowering, args.profile, args.examples)
    if args.json:
        print(json.dumps({k: v for k, v in r.items() if not k.endswith("_text")}, indent=2, default=str))
        return 0
    print(f"{r['benchmark']}  lowering={r['lowering']}  limits={r['device_limits']}")
    print(r["tuning_text"])
    if r["switches"]:
        print("switches (each value its own program structure; the parameters above are the default's): "
              + ", ".join(f"{k} ∈ {{{', '.join(map(str, v))}}}" for k, v in r["switches"].items()))
    v = r["valid_points"]
    how = "exact" if v["exact"] else f"estimated ±{v['stderr']:.3g}"
    print(f"valid points: {v['value']:.6g} ({how}, {v['method']})")
    print(r["mapping_text"])
    print(f"valid parallel mappings: {r['mapping']['valid']}")
    for ex in r["mapping"]["examples"]:
        print(f"  {ex}")
    if "rewrite_points" in r:
        rp = r["rewrite_points"]
        print(f"rewrite-point parameters ({len(rp['parameters'])}, every rewrite point applied; Algorithm 4 order):")
        for p in rp["parameters"]:
            dom = p["domain"] if len(p["domain"]) <= 12 else [*p["domain"][:5], "...", *p["domain"][-3:]]
            print(f"  {p['role']:10s} {p['name']} [{p['kind']}] in {dom}")
            for c in p["constraints"]:
                print(f"      {c}")
    return 0
