"""MLTUNE's comparison rerun on our data: model selection by held-out-program cross-validation, the selected
heuristic against the fixed rule and the oracle, the paper's numbers beside ours; exports the selected heuristic.

    python3 scripts/heuristic_table.py tests/data/heuristic_stencil_pocl.json \
        --out docs/benchmarks/heuristic_pocl.md --export tests/data/heuristic_stencil_pocl_model.json

Writes the markdown table to --out and the JSON next to it (same name, .json). The exported file is read back
through the compiler's evaluator (compiler.lowering.heuristic) and its answers compared with the fitted model's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.lowering import heuristic as evaluator
from compiler.perf import heuristic

PAPER_TABLE_IV = {  # Saha et al., Table IV (Kepler, 10-fold CV averaged over the d_i): accuracy %, Scikit / Weka
    "logit": (85.13, 72.50), "naive_bayes": (82.05, 78.87), "svm": (82.84, 91.60), "tree": (80.92, 90.96),
    "moe": (93.84, 95.77)}
PAPER_FIG4 = "48 instances (12 kernels x 4 variants): 0 degradations, 13 no change"


def run(args) -> dict:
    ds = heuristic.load_dataset(args.dataset)
    t0 = time.time()
    rep = heuristic.compare(ds, progress=True)
    y = heuristic.labels(ds)
    result = {"dataset": args.dataset, "device": ds.device, "decision": ds.decision,
              "command": " ".join(["python3", "scripts/heuristic_table.py", *sys.argv[1:]]),
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "instances": len(ds.x),
              "programs": sorted(set(ds.groups.tolist())),
              "features": list(ds.features), "labels": {str(c): int(np.sum(y == c)) for c in ds.choices}, **rep,
              "paper": {"table_iv_accuracy": PAPER_TABLE_IV, "fig4": PAPER_FIG4}}
    if args.export and rep["selected"]:
        d, est = heuristic.heuristic_dict(ds, rep["selected"])
        Path(args.export).write_text(json.dumps(d, indent=1) + "\n")
        h = evaluator.load(args.export)
        agree = int(sum(h.predict(x) == p for x, p in zip(ds.x, est.predict(ds.x), strict=True)))
        legal = [[c for c, t in zip(ds.choices, row, strict=True) if not np.isnan(t)] for row in ds.times]
        picked = [h.decide(dict(zip(ds.features, x, strict=True)), lg) for x, lg in zip(ds.x, legal, strict=True)]
        ratio = [heuristic.time_of(ds, i, c) / heuristic.time_of(ds, i, f)
                 for i, (c, f) in enumerate(zip(picked, ds.fixed, strict=True))]
        result["export"] = {"path": args.export, "kind": d["kind"], "agreement": f"{agree}/{len(ds.x)}",
                            "training_time_vs_fixed": float(np.exp(np.mean(np.log(ratio))))}
    result["seconds"] = round(time.time() - t0, 1)
    return result


def _f(v: float, pct: bool = False) -> str:
    return f"{100 * v:.1f}" if pct else f"{v:.3f}"


def table(r: dict) -> str:
    pd, models = r["per_decision"]["models"], r["models"]
    lines = [f"Device: {r['device']}  ", f"Dataset: `{r['dataset']}` ({r['instances']} instances, "
             f"{len(r['programs'])} programs; labels {r['labels']})  ",
             f"Command: `{r['command']}` ({r['date']}, {r['seconds']} s)", "",
             f"Decision: `{r['decision']}`. Cross-validation holds out one program at a time (all its sizes).", "",
             "**Model selection in the paper's form** (one binary classifier per non-trivial value: at least 1.05x "
             "faster than rowsPerItem = 1?; averaged over the values; MOE: the best model per value)", "",
             "| model | accuracy % | precision | recall | F1 | paper Scikit acc. % | paper Weka acc. % |",
             "|---|---|---|---|---|---|---|"]
    for n, s in pd.items():
        sk, wk = PAPER_TABLE_IV.get(n, ("", ""))
        lines.append(f"| {n} | {_f(s['accuracy'], True)} | {_f(s['precision'])} | {_f(s['recall'])} | "
                     f"{_f(s['f1'])} | {sk} | {wk} |")
    lines += ["", "**The decision the compiler takes** (one multi-class model; held-out programs; times measured)", "",
              "| predictor | accuracy % | F1 | time / oracle (geomean) | speedup over fixed rule (geomean) | "
              "degradations (> 1.05x slower than fixed) | same as fixed |", "|---|---|---|---|---|---|---|"]
    rows = {**{f"{n}{' (selected)' if n == r['selected'] else ''}": s for n, s in models.items()},
            **r["baselines"]}
    for n, s in rows.items():
        lines.append(f"| {n} | {_f(s['accuracy'], True)} | {_f(s['f1'])} | {_f(s['time_vs_oracle'])} | "
                     f"{_f(s['speedup_vs_fixed'])} | {s['degradations']}/{r['instances']} | "
                     f"{s['no_change']}/{r['instances']} |")
    lines += ["", f"Paper (Fig. 4, ReCAP on unseen kernels): {PAPER_FIG4}."]
    lines += ["", why(r)]
    if "export" in r:
        e = r["export"]
        lines += ["", f"Exported: `{e['path']}` ({e['kind']}); the compiler's evaluator agrees with the fitted "
                  f"model on {e['agreement']} instances; on its training data its decisions run at "
                  f"{e['training_time_vs_fixed']:.3f}x the fixed rule's time (geomean)."]
    return "\n".join(lines) + "\n"


def why(r: dict) -> str:
    """One paragraph: why our numbers differ from the paper's, with this run's numbers."""
    pd, sel = r["per_decision"], r["models"].get(r["selected"] or "", {})
    best = max((n for n in pd["models"] if n not in ("moe", "majority")), key=lambda n: pd["models"][n]["accuracy"])
    shared = "; through PoCL on a CPU shared with other jobs" if "Portable" in r["device"] else ""
    return (
        "**Why the numbers differ.** The paper's classifiers see 294 hardware-counter features per kernel (Kepler), "
        "variants of many base programs, and 10-fold cross-validation over instances, so variants of one program sit "
        f"on both sides of a split; ours see {len(r.get('features', [])) or 8} static features of "
        f"{len(r['programs'])} programs, and every fold holds out a whole program, the question a compiler faces on a "
        f"new program. Our labels come from one measurement per kernel (the median of a few samples{shared}), where "
        "several rowsPerItem values lie within a few per cent of each other, so the 1.05 band and the noise decide "
        f"many labels. In the paper's form {100 * pd['positive_rate']:.0f} % of (instance, value) pairs are positive "
        f"('at least 1.05x faster than rowsPerItem = 1'), so the constant answer (majority) already scores "
        f"{100 * pd['models'].get('majority', {}).get('accuracy', float('nan')):.1f} %; the best learned model here "
        f"({best}, {100 * pd['models'][best]['accuracy']:.1f} %) and the MOE "
        f"({100 * pd['models']['moe']['accuracy']:.1f} %) are to be read against that, where the paper's MOE gains "
        "8.7 points over its best single Scikit model because its 8 decisions favour different learners. What the "
        f"compiler gets is the last table: the selected model ({r['selected']}) runs at "
        f"{sel.get('time_vs_oracle', float('nan')):.3f}x the oracle's time against "
        f"{r['baselines']['fixed rule']['time_vs_oracle']:.3f}x for the fixed rule, with "
        f"{sel.get('degradations', 0)} of {r['instances']} held-out instances more than 1.05x slower than the fixed "
        "rule (the paper: 0 of 48, helped by its conservative labels against nvcc's default register cap, a default "
        "not chosen for those kernels, where our fixed rule was chosen for these stencils).")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset", help="a dataset JSON of scripts/heuristic_dataset.py")
    ap.add_argument("--out", default="", help="write the markdown table here (and the JSON next to it)")
    ap.add_argument("--export", default="", help="write the selected heuristic (JSON) here")
    args = ap.parse_args(argv)
    result = run(args)
    text = table(result)
    print(text)
    if args.out:
        out = Path(args.out)
        out.write_text(text)
        out.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
