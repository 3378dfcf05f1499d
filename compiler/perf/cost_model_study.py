"""The cost models side by side on held-out programs: the kNN of seed 000 and gradient boosting, each fitted per
leave-one-program-out fold on a store's other programs, ranking the held-out program's kernels.

    python3 -m compiler.perf.cost_model_study --store STORE [--device D] [--leave-out stencil|program] [--json]
    python3 -m compiler.perf.cost_model_study --store STORE --train-on URI [--train-on URI ...]
    result = compare(records, device)        # {"kinds": {...}, "benchmarks": [...], "folds": {...}}

Folds are compiler.perf.study's (`left_out`: a program with its boundary variants by default); the rows of a fold
are `model.training_table`'s (successful and timed-out kernels of the other programs), fitted by
`cost_models.fit_rows` per kind. Per held-out benchmark (a program at one input), over its successful kernels
(those with a measured time; a failed kernel has none to rank):
- `spearman`: Spearman's rank correlation of predicted against measured normalised throughput (NaN with fewer
  than 3 kernels or a constant side);
- `top1`, `top5`: top-k recall, the probability that the benchmark's fastest kernel is among the k the model ranks
  highest, every order of equal predictions equally likely (a kNN often predicts equal values);
- `random1`, `random5`: the same for a random order, min(k, N) / N.
Per kind: the mean over benchmarks of each (NaN correlations left out) and the number of benchmarks.

With `train_on` (URI prefixes: programs, or a dataset such as `benchmark://generated-v1/`), there is one fold: the
models are fitted on the programs that match and rank the kernels of every program that does not (a train/test
split instead of leave-one-program-out).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence

import numpy as np

from .cost_models import KINDS, fit_rows
from .model import ModelUnavailable, training_table
from .store import MeasurementStore, Record
from .study import StudyError, candidates, correlation, devices, left_out, normalised, program_of

TOP = (1, 5)


def top_k_recall(scores: Sequence[float], measured: Sequence[float], k: int) -> float:
    """The probability that the best of `measured` is among the `k` highest `scores`, ties in random order."""
    s, m = np.asarray(scores, dtype=np.float64), np.asarray(measured, dtype=np.float64)
    if len(s) == 0:
        return math.nan
    best = int(np.argmax(m))
    s = np.where(np.isfinite(s), s, -np.inf)
    above = int(np.count_nonzero(s > s[best]))
    ties = int(np.count_nonzero(s == s[best]))
    room = k - above
    return 0.0 if room <= 0 else min(room, ties) / ties


def benchmark_scores(pred: np.ndarray, measured: np.ndarray) -> dict:
    """Spearman and top-k recall of one benchmark's predictions over its kernels with a measured value."""
    keep = np.isfinite(measured)
    p, m = pred[keep], measured[keep]
    out = {"kernels": int(keep.sum()), "spearman": correlation(p, m)[1]}
    for k in TOP:
        out[f"top{k}"] = top_k_recall(p, m, k)
        out[f"random{k}"] = min(k, len(m)) / len(m) if len(m) else math.nan
    return out


def _mean(values: Iterable[float]) -> float | None:
    v = [x for x in values if x is not None and math.isfinite(x)]
    return float(np.mean(v)) if v else None


def compare(records: Iterable[Record], device: str | None = None, *, kinds: Sequence[str] = KINDS,
            leave_out: str = "stencil", train_on: Sequence[str] | None = None) -> dict:
    """Leave-one-program-out Spearman and top-k recall of each kind of cost model, or with `train_on` those of
    models fitted on the programs it names, on every other program (see the module docstring)."""
    records = list(records)
    if device is None:
        counts = devices(records)
        if not counts:
            raise StudyError("no record with every feature")
        device = counts.most_common(1)[0][0]
    cands = candidates(records, device)
    programs = sorted({program_of(b) for b in cands})
    if len(programs) < 2:
        raise StudyError(f"leave-one-program-out needs two programs, the records of {device!r} hold {len(programs)}")
    if train_on is not None:
        train = [p for p in programs if any(p.startswith(u) for u in train_on)]
        if not train or len(train) == len(programs):
            raise StudyError(f"--train-on {', '.join(train_on)} matches {len(train)} of the {len(programs)} programs "
                             f"of {device!r}: it must match some and leave some to rank")
        tests = [p for p in programs if p not in train]
        fold_of = {p: tests for p in tests}  # one fold: every program not trained on is left out
    else:
        fold_of = {p: left_out(p, programs, leave_out) for p in programs}
    rows, folds, fitted = [], {}, {}
    for prog, out in fold_of.items():
        folds[prog] = out
        t = training_table(records, device, out)
        if len(t) == 0:
            continue
        key = tuple(out)
        if key not in fitted:
            fitted[key] = {kind: fit_rows(kind, t.x, t.y, device=device, groups=t.groups) for kind in kinds}
        models = fitted[key]
        for bench in sorted(b for b in cands if program_of(b) == prog):
            x = np.array([c.features for c in cands[bench]])
            measured = normalised(cands[bench])
            if np.count_nonzero(np.isfinite(measured)) < 2:
                continue
            row = {"benchmark": bench, "training_rows": len(t)}
            for kind, model in models.items():
                row[kind] = benchmark_scores(model.predict(x), measured)
            rows.append(row)
    if not rows:
        raise ModelUnavailable(f"no held-out benchmark of {device!r} has two successful kernels to rank")
    summary = {}
    for kind in (*kinds, "random"):
        src = "knn" if kind == "random" else kind
        keys = [f"random{k}" for k in TOP] if kind == "random" else ["spearman", *(f"top{k}" for k in TOP)]
        summary[kind] = {key.replace("random", "top"): _mean(r[src][key] for r in rows) for key in keys}
        summary[kind]["benchmarks"] = len(rows)
    return {"device": device, "leave_out": leave_out if train_on is None else None,
            "train_on": None if train_on is None else list(train_on), "programs": len(programs), "kinds": summary,
            "benchmarks": rows, "folds": folds}


def table(result: dict) -> str:
    """The summary as a Markdown table."""
    lines = ["| model | mean Spearman | top-1 recall | top-5 recall | benchmarks |", "|---|---|---|---|---|"]
    for kind, s in result["kinds"].items():
        rho = "n/a" if s.get("spearman") is None else f"{s['spearman']:.3f}"
        lines.append(f"| {kind} | {rho} | {s['top1']:.3f} | {s['top5']:.3f} | {s['benchmarks']} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m compiler.perf.cost_model_study", description=__doc__.split("\n")[0])
    p.add_argument("--store", required=True, help="a measurement store (sqlite)")
    p.add_argument("--device", help="a device fingerprint of the store (default: the one with the most rows)")
    p.add_argument("--leave-out", choices=("stencil", "program"), default="stencil")
    p.add_argument("--train-on", action="append", metavar="URI",
                   help="fit on the programs whose URI starts with this (repeatable) and rank the others' kernels")
    p.add_argument("--json", action="store_true", help="the whole result as JSON")
    args = p.parse_args(argv)
    st = MeasurementStore(args.store, readonly=True)
    try:
        result = compare(st.records(), args.device, leave_out=args.leave_out, train_on=args.train_on)
    except (StudyError, ModelUnavailable) as err:
        print(f"cost_model_study: {err}", file=sys.stderr)
        return 2
    finally:
        st.close()
    print(json.dumps(result, indent=2, default=str) if args.json else table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

__all__ = ["TOP", "benchmark_scores", "compare", "main", "table", "top_k_recall"]
