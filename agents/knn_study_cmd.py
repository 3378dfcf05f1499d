"""`lift-gym knn-study --store PATH`: seed 000's kNN study on a measurement store, beside the paper's numbers.

    lift-gym knn-study --store knn.sqlite                       markdown: the summary beside P000, then per benchmark
    lift-gym knn-study --store knn.sqlite --device nvidia --json
    lift-gym knn-study --store knn.sqlite --threshold 0.9 --permutations 100 --seed 0 --leave-out stencil

The computation is compiler.perf.study (leave-one-program-out kNN models; Pearson and Spearman correlation of
predicted against measured normalised throughput; runs and time to reach the threshold of each benchmark's best
kernel in the model's order and in random order). The store is what scripts/knn_dataset.py writes (any store of
measurements with features will do); it is opened read-only. `--device` picks one device of the store (its
fingerprint, or text found in exactly one); default: the device with the most records. A missing or empty store,
a device it does not hold and a store with a single program are one-line errors (exit 2).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from compiler.errors import StoreError
from compiler.perf.model import ModelUnavailable
from compiler.perf.store import MeasurementStore
from compiler.perf.study import LEAVE_OUT, PAPER, PERMUTATIONS, THRESHOLD, StudyError, devices, study

from .subcommand import CliError, command, positive_int, seed


def _threshold(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1], got {text!r}") from None
    if not 0 < x <= 1:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1], got {text!r}")
    return x


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", metavar="PATH", required=True,
                   help="a measurement store (sqlite), as scripts/knn_dataset.py writes it")
    p.add_argument("--device", metavar="DEVICE",
                   help="one device of the store: its fingerprint, or text found in exactly one (default: the "
                        "device with the most records)")
    p.add_argument("--threshold", type=_threshold, default=THRESHOLD,
                   help=f"share of the best kernel's throughput to reach (default {THRESHOLD})")
    p.add_argument("--permutations", type=positive_int, default=PERMUTATIONS,
                   help=f"random orders of the random baseline (default {PERMUTATIONS})")
    p.add_argument("--seed", type=seed, default=0, help="seed of the random orders")
    p.add_argument("--leave-out", choices=LEAVE_OUT, default="stencil",
                   help="what a fold leaves out: the program with its boundary variants (stencil, default) or the "
                        "program alone")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def load_records(path: str) -> list:
    """Every record of the store at `path`, opened read-only; CliError for a missing, unreadable or empty one."""
    if not Path(path).is_file():
        raise CliError(f"measurement store {path} does not exist")
    try:
        st = MeasurementStore(path, readonly=True)
        try:
            records = list(st.records())
        finally:
            st.close()
    except StoreError as err:
        raise CliError(str(err)) from None
    if not devices(records):
        raise CliError(f"measurement store {path} holds no measurement with features (write one with "
                       f"scripts/knn_dataset.py)")
    return records


def pick_device(records: list, wanted: str | None, path: str) -> str | None:
    if wanted is None:
        return None
    counts = devices(records)
    if wanted in counts:
        return wanted
    hits = [d for d in counts if wanted.lower() in d.lower()]
    if len(hits) == 1:
        return hits[0]
    known = ", ".join(f"{d} ({n} records)" for d, n in sorted(counts.items()))
    raise CliError(f"--device {wanted!r} matches {'several devices' if hits else 'no device'} of measurement "
                   f"store {path}; its devices: {known}")


@command("knn-study", configure=_configure)
def cmd_knn_study(args: argparse.Namespace) -> int:
    records = load_records(args.store)
    device = pick_device(records, args.device, args.store)
    try:
        result = study(records, device, threshold=args.threshold, permutations=args.permutations, seed=args.seed,
                       leave_out=args.leave_out)
    except (StudyError, ModelUnavailable) as err:
        raise CliError(f"measurement store {args.store}: {err}") from None
    result["store"] = args.store
    if args.json:
        print(json.dumps(_finite(result), indent=1))
    else:
        print(markdown(result))
    return 0


def _finite(x):
    """NaN and infinities as null (JSON has neither)."""
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_finite(v) for v in x]
    return None if isinstance(x, float) and not math.isfinite(x) else x


def _f(x, digits: int = 2) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "-"
    return f"{x:.{digits}f}"


def _t(x) -> str:
    return "-" if x is None else f"{x * 1e3:.3g} ms" if x < 1 else f"{x:.3g} s"


def markdown(result: dict) -> str:
    """The summary beside P000's numbers, then one row per benchmark and one per program."""
    o, pp = result["overall"], PAPER
    rows = result["benchmarks"]
    progs = [p for p in result["programs"] if p["pearson"] is not None and math.isfinite(p["pearson"])]
    rng = (f"{min(p['pearson'] for p in progs):.2f} to {max(p['pearson'] for p in progs):.2f}" if progs else "-")
    median = o["model_runs_median"]
    out = [
        f"Device `{result['device']}`; threshold {result['threshold']:g} of each benchmark's best; leave out: "
        f"{result['leave_out']}; random order: {result['permutations']} permutations (seed {result['seed']}) and "
        f"the exact expectation (N+1)/(K+1). {o['candidates']} kernels in {o['benchmarks']} benchmarks of "
        f"{o['programs']} programs.",
        "",
        "| quantity | ours | P000 NVIDIA | P000 AMD |",
        "|---|---|---|---|",
        f"| correlation, mean over benchmarks: Pearson / Spearman | {_f(o['pearson_mean'])} / "
        f"{_f(o['spearman_mean'])} | {pp['correlation']['nvidia_intro']} (intro), "
        f"{pp['correlation']['nvidia_sec7']} (Sec. 7.3) | {pp['correlation']['amd_intro']} (intro), "
        f"{pp['correlation']['amd_sec7']} (Sec. 7.3) |",
        f"| correlation, pooled over held-out kernels: Pearson / Spearman | {_f(o['pearson_pooled'])} / "
        f"{_f(o['spearman_pooled'])} | - | - |",
        f"| Pearson per program, range | {rng} | 0.7 to 0.9 | 0.7 to 0.9 |",
        f"| runs to {result['threshold']:g}, model: mean (median) | {_f(o['model_runs_mean'], 1)} "
        f"({_f(median, 1)}) | {pp['runs_model_mean']['nvidia']} ({pp['runs_model_typical']['nvidia']}) | "
        f"{pp['runs_model_mean']['amd']} ({pp['runs_model_typical']['amd']}) |",
        f"| benchmarks reached in 1 run by the model | {o['model_runs_one']} of {o['benchmarks']} | majority | "
        f"majority (2 runs) |",
        f"| runs to {result['threshold']:g}, random order: mean expectation | {_f(o['random_runs_mean'], 1)} | "
        f"{pp['runs_random_mean']['nvidia']} | {pp['runs_random_mean']['amd']} |",
        f"| runs ratio random / model, geomean | {_f(o['runs_ratio_geomean'], 1)}x | "
        f"{pp['runs_ratio_geomean']['nvidia']}x | {pp['runs_ratio_geomean']['amd']}x |",
        f"| time ratio (build + one launch per run), geomean | {_f(o['time_ratio_geomean'], 1)}x | "
        f"{pp['time_ratio_geomean']['nvidia']}x | {pp['time_ratio_geomean']['amd']}x |",
        f"| kernels per program and input | {o['candidates'] / max(o['benchmarks'], 1):.0f} | 10,000 | 10,000 |",
        "",
        "| benchmark | N | ok / timeout / failed | K | Pearson | Spearman | runs model | runs random: E (mean ± sd, "
        "p10-p90) | runs ratio | time model | time random E | time ratio | top pick |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        rr, rt = r["random_runs"], r["random_time_s"]
        rand = (f"{rr['expected']:.1f} ({rr['mean']:.1f} ± {rr['std']:.1f}, {rr['p10']:.0f}-{rr['p90']:.0f})"
                if rr else "-")
        out.append(f"| {r['benchmark'].removeprefix('benchmark://')} | {r['candidates']} | {r['ok']} / "
                   f"{r['timeout']} / {r['failed']} | {r['good']} | {_f(r['pearson'])} | {_f(r['spearman'])} | "
                   f"{_f(r['model_runs'], 1)} | {rand} | {_f(r['runs_ratio'], 1)} | {_t(r['model_time_s'])} | "
                   f"{_t(rt['expected'] if rt else None)} | {_f(r['time_ratio'], 1)} | "
                   f"{_f(r['top_prediction_throughput'])} |")
    if any(p["benchmarks"] > 1 for p in result["programs"]):
        out += ["", "| program (all its inputs) | left out | Pearson | Spearman |", "|---|---|---|---|"]
        for p in result["programs"]:
            out.append(f"| {p['program'].removeprefix('benchmark://')} | "
                       f"{', '.join(x.rsplit('/', 1)[-1] for x in p['left_out'])} | {_f(p['pearson'])} | "
                       f"{_f(p['spearman'])} |")
    return "\n".join(out)


__all__ = ["cmd_knn_study", "load_records", "markdown", "pick_device"]
