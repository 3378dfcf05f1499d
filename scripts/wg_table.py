"""The work-group-size selection table of seed 002 (Cummins et al., ADAPT'16) on our data, the paper's beside it.

    python3 scripts/wg_table.py DATASET.json [MORE.json ...] [--protocols program,device,dataset]
                                [--statistic mean_s|median_s|min_s] [--rerun RERUN.json] [--out PREFIX]

PoCL (the committed table; the minimum of a size's samples is its runtime, the most repeatable statistic on a
loaded CPU, and a rerun of the same scenarios gives the noise ceiling):
    python3 scripts/wg_table.py tests/data/wg_pocl.json --statistic min_s --rerun tests/data/wg_pocl_rerun.json \
        --out docs/benchmarks/wgsize_pocl
The H100 datasets (scripts/wg_dataset.py, one file per size), alone and with PoCL's (leave-one-device-out is
added when the files hold two devices):
    python3 scripts/wg_table.py wg_h100_4096.json wg_h100_8192.json --out docs/benchmarks/wgsize_h100
    python3 scripts/wg_table.py tests/data/wg_pocl.json wg_h100_4096.json wg_h100_8192.json --statistic median_s \
        --out docs/benchmarks/wgsize_both

Evaluation (spec perf_prediction.md B.7): leave one group out (program, device or dataset; by default each
with two or more groups in the data), every method of compiler.perf.wgsize.METHODS fitted on the other groups.
Columns: % of the oracle's performance (geometric and arithmetic mean of p = t_oracle / t), accuracy (the
oracle's size picked), speedup over the fold's best fixed size w̄ and over the default size 32x8 (where those
are legal), fallback tries (sizes found illegal before a legal one) and prediction time. Writes PREFIX.md and
PREFIX.json and prints the markdown.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.perf.wgsize import (
    PROTOCOLS,
    STATISTICS,
    WgDataError,
    evaluate,
    load_scenarios,
    rerun_agreement,
    space_summary,
)

# spec perf_prediction.md B.8 (Cummins et al., ADAPT'16)
PAPER_SPACE = {"scenarios": "429", "sizes_mean": "629 (max 7260)", "distinct_oracles": "135 (31.5%)",
               "most_common_oracle": "64x4 (15%), rows x columns", "oracle_over_worst": "15.14x (1.03x, 207.72x)",
               "refused_pct": "5.5%", "legal_everywhere": "1 (4x4)", "wbar_oracle_pct": "24%"}
FIXED = ("oracle", "best fixed size w̄ (training)", "default (32x8)", "random legal size")


def _f(v, fmt: str = "{:.2f}") -> str:
    return "" if v is None else fmt.format(v)


def space_table(sp: dict, noise: dict | None) -> list[str]:
    rows = [("scenarios", PAPER_SPACE["scenarios"], str(sp["scenarios"])),
            ("mean (max) work-group sizes per scenario", PAPER_SPACE["sizes_mean"],
             f"{sp['sizes_mean']:.1f} ({sp['sizes_max']})"),
            ("distinct oracle sizes (% of scenarios)", PAPER_SPACE["distinct_oracles"],
             f"{sp['distinct_oracles']} ({100 * sp['distinct_oracles'] / sp['scenarios']:.1f}%)"),
            ("most common oracle (share)", PAPER_SPACE["most_common_oracle"],
             f"{sp['most_common_oracle']} ({sp['most_common_share_pct']:.0f}%), ls0 x ls1"),
            ("oracle / worst size, mean (min, max)", PAPER_SPACE["oracle_over_worst"],
             f"{sp['oracle_over_worst_mean']:.2f}x ({sp['oracle_over_worst_min']:.2f}x, "
             f"{sp['oracle_over_worst_max']:.2f}x)"),
            ("test cases refused", PAPER_SPACE["refused_pct"], f"{sp['refused_pct']:.1f}%"),
            ("sizes legal in every scenario", PAPER_SPACE["legal_everywhere"], str(sp["legal_everywhere"])),
            ("best fixed size w̄ (all scenarios): % of oracle", PAPER_SPACE["wbar_oracle_pct"],
             f"{sp['wbar']}: {sp['wbar_oracle_pct']:.0f}%")]
    if noise:
        rows.append(("oracle of an independent rerun: % of oracle (same size chosen)", "n/a",
                     f"{noise['oracle_pct_geomean']:.0f}% ({noise['same_oracle_pct']:.0f}% of {noise['n']})"))
    return ["| quantity | paper | ours |", "|---|---|---|", *(f"| {a} | {b} | {c} |" for a, b, c in rows)]


def method_table(res: dict) -> list[str]:
    out = ["| method | n | % oracle (geomean) | % oracle (mean) | accuracy % | speedup over w̄ (mean / median) "
           "| speedup over 32x8 (median / Q1) | fallback tries (max) | predict ms |", "|---|" + "---|" * 8]
    for label, r in res["rows"].items():
        out.append(f"| {label} | {r['n']} | {r['oracle_pct_geomean']:.1f} | {r['oracle_pct_mean']:.1f} | "
                   f"{_f(r['accuracy_pct'], '{:.0f}')} | "
                   f"{_f(r['speedup_wbar_mean'])} / {_f(r['speedup_wbar_median'])} | "
                   f"{_f(r['speedup_default_median'])} / {_f(r['speedup_default_q1'])} | "
                   f"{_f(r['max_tries'], '{:.0f}')} | {_f(r['predict_ms'])} |")
    return out


def paper_table(res: dict) -> tuple[list[str], dict]:
    rows = {k: v for k, v in res["rows"].items() if k not in FIXED}
    clf = {k: v for k, v in rows.items() if k.startswith("classifier") and "ZeroR" not in k}
    best = max(rows, key=lambda k: rows[k]["oracle_pct_geomean"])
    rt, sp = rows["regression: runtime (RF)"], rows["regression: speedup (RF)"]
    wbar = res["rows"]["best fixed size w̄ (training)"]
    cm = [v["speedup_wbar_mean"] for v in clf.values() if v["speedup_wbar_mean"] is not None]
    lines = [
        ("best fixed size w̄: % of oracle", "24%", f"{wbar['oracle_pct_geomean']:.0f}% (geomean, where legal)"),
        ("best method: % of oracle", "94% (up to)", f"{rows[best]['oracle_pct_geomean']:.0f}% ({best})"),
        ("classifiers: mean speedup over w̄", "4.61x-5.05x", f"{min(cm):.2f}x-{max(cm):.2f}x" if cm else "n/a"),
        ("runtime regression: mean speedup over w̄", "4.14x", f"{_f(rt['speedup_wbar_mean'])}x"),
        ("speedup regression: mean speedup over w̄", "5.57x", f"{_f(sp['speedup_wbar_mean'])}x"),
        ("best method: median speedup over w̄", "3.79x", f"{_f(rows[best]['speedup_wbar_median'])}x"),
        ("speedup regression: median over the hand-picked size (paper 32x4, ours 32x8)", "1.33x",
         f"{_f(sp['speedup_default_median'])}x"),
        ("fallback iterations (max)", "2", _f(max((v["max_tries"] or 0) for v in clf.values()), "{:.0f}")),
    ]
    table = ["| quantity | paper (B.8) | ours |", "|---|---|---|", *(f"| {a} | {b} | {c} |" for a, b, c in lines)]
    return table, {"best": best, "wbar_pct": wbar["oracle_pct_geomean"], "best_pct": rows[best]["oracle_pct_geomean"]}


def why(sp: dict, key: dict, devices: int, cpu: bool, noise: dict | None) -> str:
    """One paragraph on why our numbers differ from the paper's, with this run's numbers in it."""
    text = [
        f"Why the numbers differ. The paper's space is 429 scenarios over 7 devices (4 GPUs of 2011-2013, 3 Intel "
        f"CPUs) with on average 629 even-numbered sizes per scenario and 5.5% of test cases refused; ours is "
        f"{sp['scenarios']} scenarios on {devices} device(s) with {sp['sizes_mean']:.0f} power-of-two sizes per "
        f"scenario (a size must divide our power-of-two global sizes) and {sp['refused_pct']:.1f}% refused. The "
        f"paper's best fixed size is the only size legal everywhere, 4x4, at 24% of the oracle; here "
        f"{sp['legal_everywhere']} sizes are legal in every scenario and the fold's w̄ reaches "
        f"{key['wbar_pct']:.0f}% of the oracle out of sample, so no method can be more than "
        f"{100 / key['wbar_pct']:.2f}x faster than w̄ on geometric mean and the paper's 4-5x speedups over w̄ "
        f"cannot recur; the device-normalised % of oracle ({key['best_pct']:.0f}% for our best method, 94% in the "
        f"paper) is the comparable number.",
        "Our kernels are the default lowering's global-memory kernels (no local-memory tile, unlike SkelCL's "
        "stencil skeleton), so the work-group shape acts through caching and scheduling only.",
        "Our kernel features are operation counts of the generated OpenCL C, not LLVM instruction statistics, "
        "and each fold trains on the other suite stencils, not on thousands of synthetic stencils.",
    ]
    if cpu:
        text.append("On PoCL a work-group is a loop nest compiled per size, and these timings come from 2 CPU "
                    "cores shared with other jobs, where the paper used unloaded machines and 30 or more samples "
                    "per size.")
    if noise:
        text.append(f"Measurement noise bounds what any method can show here: the oracle of an independent rerun "
                    f"of the same scenarios reaches {noise['oracle_pct_geomean']:.0f}% of this run's oracle.")
    return " ".join(text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("datasets", nargs="+", help="JSON files of scripts/wg_dataset.py")
    ap.add_argument("--protocols", default="", help=f"comma-separated of {', '.join(PROTOCOLS)} (default: each "
                                                     "with two or more groups)")
    ap.add_argument("--statistic", choices=STATISTICS, default="mean_s",
                    help="a size's runtime: the mean of its samples (the paper's), their median or minimum")
    ap.add_argument("--rerun", default=None, help="a second dataset of the same scenarios: reports how much of the "
                                                  "oracle the rerun's oracle reaches (the measurement noise ceiling)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="wgsize", help="write PREFIX.md and PREFIX.json")
    args = ap.parse_args(argv)
    try:
        scenarios = load_scenarios(*args.datasets, statistic=args.statistic)
        noise = rerun_agreement(scenarios, load_scenarios(args.rerun, statistic=args.statistic)) if args.rerun else None
        chosen = [p for p in args.protocols.split(",") if p] or [
            p for p, key in PROTOCOLS.items() if len({key(s) for s in scenarios}) > 1]
        results = {p: evaluate(scenarios, p, seed=args.seed,
                               progress=lambda it, p=p: tqdm(it, desc=f"leave-one-{p}-out")) for p in chosen}
    except WgDataError as e:
        print(f"wg_table: error: {e}", file=sys.stderr)
        return 2
    sp = space_summary(scenarios)
    devices = len({s.device for s in scenarios})
    cmd = " ".join(["python3", "scripts/wg_table.py", *(sys.argv[1:] if argv is None else argv)])
    md = ["# Work-group-size selection (seed 002, Cummins et al. ADAPT'16) on our stencils", "",
          f"Command: `{cmd}`  ", f"Runtime of a size: `{args.statistic}` over its samples  ",
          f"Data: {', '.join(args.datasets)}; devices: "
          f"{', '.join(sorted({s.device for s in scenarios}))}; programs: {len({s.program for s in scenarios})}; "
          f"datasets: {', '.join(sorted({s.dataset for s in scenarios}))}", "",
          "## The space (paper Sec. 6)", "", *space_table(sp, noise)]
    for p, res in results.items():
        md += ["", f"## Leave-one-{p}-out ({len(res['groups'])} folds)", "", *method_table(res)]
    head = results.get("program") or next(iter(results.values()))
    table, key = paper_table(head)
    md += ["", f"## The paper's numbers beside ours (leave-one-{head['protocol']}-out)", "", *table, "",
           why(sp, key, devices, any(s.features.get("dev_gpu") == 0 for s in scenarios), noise), ""]
    text = "\n".join(md)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text(text)
    out.with_suffix(".json").write_text(json.dumps({"command": cmd, "statistic": args.statistic, "space": sp,
                                                    "rerun": noise, "results": results}, indent=1))
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
