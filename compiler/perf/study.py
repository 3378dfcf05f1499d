"""The evaluation of seed 000's kNN performance model (Remmelg et al., GPGPU'20, Sec. 7-8; spec perf_prediction.md
A.6 and D.2) over the records of a measurement store: pure functions, no device.

    result = study(records, device=fingerprint)       # leave one program out, every program of the records
    result["benchmarks"], result["programs"], result["overall"], PAPER

Candidates: every record of the device with all FEATURE_NAMES features is a kernel the exploration could run, whatever
its status. A benchmark is a program at one input (its URI with the sizes, the store's `benchmark`); its measured
normalised throughput is t_best / t over its successful ("ok") records (1 = its fastest kernel); timed-out and
failed kernels have none: they cost a run and never reach the threshold.

Leave one program out: for each program, a `KnnPerfModel` is fitted (`training_rows` + `KnnPerfModel.fit`: the
rows `fit_store` uses) on the records of every other program, and predicts the normalised throughput of each
candidate of the held-out program's benchmarks. With `leave_out="stencil"` (the default) a program's boundary
variants (the same name with a suffix of BOUNDARY_SUFFIXES, e.g. jacobi2d-5pt and jacobi2d-5pt-clamp) are left out
together: they are one stencil with another boundary rule, and training on one to predict the other would let
the stencil itself leak into its own prediction; `leave_out="program"` leaves out only the program itself.

Per benchmark:
- Pearson and Spearman correlation of predicted against measured normalised throughput over its ok candidates
  (P000 gives one coefficient without saying which: both are computed); NaN with fewer than 3 such candidates
  or a constant side;
- runs to reach `threshold` (0.9) of its best measured kernel with the model's order (candidates sorted by
  prediction, highest first): the position of the first candidate at or above the threshold, as an expectation
  over the orders of candidates with equal predictions (a tie group of g candidates holding k good ones costs
  (g + 1) / (k + 1) runs when it holds the first good one: `runs_to_reach`);
- the same for random order: the mean, standard deviation and 10th / 90th percentiles over `permutations`
  seeded random orders, and the exact expectation (N + 1) / (K + 1) for N candidates of which K are good
  (spec A.6); the runs ratio is the expectation over the model's runs;
- the time to reach the threshold, each run costing its build plus one launch (report `build_s` + `median_s`,
  0 for what a failed kernel does not have), for the model (expected over ties) and for random order (exact
  expectation: the good kernels' mean cost plus the bad ones' total over K + 1), and their ratio.
Overall: the mean of the per-benchmark correlations and the pooled correlation over every held-out candidate; the
mean and median of the model's runs, the mean random expectation, and the geometric means of the two ratios.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

from .features import FEATURE_NAMES
from .model import KnnPerfModel, ModelUnavailable, training_rows
from .store import Record

THRESHOLD = 0.9
PERMUTATIONS = 100
LEAVE_OUT = ("stencil", "program")
BOUNDARY_SUFFIXES = ("-clamp", "-mirror", "-wrap")
OK = "ok"
CENSORED = "timeout"

# P000's numbers (spec perf_prediction.md A.6); the correlation of the introduction and of Sec. 7.3 contradict each
# other on which GPU gets 0.9: both are kept
PAPER = {
    "correlation": {"nvidia_intro": 0.8, "amd_intro": 0.9, "nvidia_sec7": 0.9, "amd_sec7": 0.8,
                    "per_program_range": [0.7, 0.9], "kind": "not stated (Pearson or Spearman)"},
    "runs_model_mean": {"nvidia": 3, "amd": 5},
    "runs_model_typical": {"nvidia": 1, "amd": 2},
    "runs_random_mean": {"nvidia": 97, "amd": 240},
    "runs_ratio_geomean": {"nvidia": 35, "amd": 77},
    "time_ratio_geomean": {"nvidia": 450, "amd": 2000},
    "space": "1,000 rewritten kernels x ~10 thread counts per program and input (10,000 points)",
}


class StudyError(ValueError):
    """The records cannot be studied (no usable record for the device, a single program, a bad option)."""


@dataclass(frozen=True)
class Candidate:
    """One kernel of a benchmark: its features, status, time (ok: the median) and the cost of running it."""

    benchmark: str
    kernel_key: str
    status: str
    features: tuple[float, ...]
    time_s: float | None
    cost_s: float

    @property
    def program(self) -> str:
        return program_of(self.benchmark)


def program_of(benchmark: str) -> str:
    """The program of a benchmark URI: the URI without its sizes (`benchmark://lift/gaussian?M=8&N=8` ->
    `benchmark://lift/gaussian`)."""
    return benchmark.split("?", 1)[0]


def stencil_of(program: str) -> str:
    """The program with a boundary suffix (BOUNDARY_SUFFIXES) removed from its name."""
    head, _, name = program.rpartition("/")
    for suffix in BOUNDARY_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
            break
    return f"{head}/{name}" if head else name


def left_out(program: str, programs: Iterable[str], leave_out: str = "stencil") -> list[str]:
    """The programs a fold for `program` leaves out of the training rows."""
    if leave_out not in LEAVE_OUT:
        raise StudyError(f"leave_out must be one of {', '.join(LEAVE_OUT)}, got {leave_out!r}")
    if leave_out == "program":
        return [program]
    return sorted({p for p in programs if stencil_of(p) == stencil_of(program)} | {program})


def devices(records: Iterable[Record]) -> Counter:
    """Records with every feature, per device fingerprint."""
    return Counter(r.device for r in records if r.features and all(n in r.features for n in FEATURE_NAMES))


def candidates(records: Iterable[Record], device: str) -> dict[str, list[Candidate]]:
    """The candidates of each benchmark of `device` (records with every feature), in record order."""
    out: dict[str, list[Candidate]] = defaultdict(list)
    for r in records:
        if r.device != device or not r.features or not all(n in r.features for n in FEATURE_NAMES):
            continue
        ok = r.status == OK and r.median_s is not None and r.median_s > 0
        rep = r.report or {}
        build = rep.get("build_s")
        cost = (float(build) if isinstance(build, int | float) else 0.0) + (float(r.median_s) if r.median_s else 0.0)
        out[r.benchmark].append(Candidate(r.benchmark, r.kernel_key, r.status,
                                          tuple(float(r.features[n]) for n in FEATURE_NAMES),
                                          float(r.median_s) if ok else None, cost))
    return dict(out)


def normalised(cands: Sequence[Candidate]) -> np.ndarray:
    """t_best / t of each candidate over the ok ones; NaN for the others."""
    times = np.array([c.time_s if c.time_s is not None else np.nan for c in cands], dtype=np.float64)
    if not np.isfinite(times).any():
        return times
    return np.nanmin(times) / times


def correlation(pred: Sequence[float], measured: Sequence[float]) -> tuple[float, float]:
    """(Pearson, Spearman) over the pairs with a finite measured value; NaN with fewer than 3 or a constant side."""
    p, m = np.asarray(pred, dtype=np.float64), np.asarray(measured, dtype=np.float64)
    keep = np.isfinite(m) & np.isfinite(p)
    p, m = p[keep], m[keep]
    if len(p) < 3 or np.ptp(p) == 0 or np.ptp(m) == 0:
        return math.nan, math.nan
    return float(stats.pearsonr(p, m)[0]), float(stats.spearmanr(p, m)[0])


def _groups(scores: np.ndarray) -> list[np.ndarray]:
    """Indices grouped by equal score, highest score first."""
    order = np.argsort(-scores, kind="stable")
    out, start = [], 0
    for i in range(1, len(order) + 1):
        if i == len(order) or scores[order[i]] != scores[order[start]]:
            out.append(order[start:i])
            start = i
    return out


def runs_to_reach(scores: Sequence[float], good: Sequence[bool], cost: Sequence[float] | None = None) -> float | None:
    """Expected runs (or, with `cost`, expected total cost) of walking the candidates by descending score until the
    first good one, every order of equal scores equally likely; None when no candidate is good."""
    s, g = np.asarray(scores, dtype=np.float64), np.asarray(good, dtype=bool)
    c = np.ones(len(s)) if cost is None else np.asarray(cost, dtype=np.float64)
    if len(s) != len(g) or len(c) != len(g):
        raise StudyError(f"runs_to_reach: {len(s)} scores, {len(g)} flags and {len(c)} costs")
    s = np.where(np.isfinite(s), s, -np.inf)
    spent = 0.0
    for idx in _groups(s):
        k = int(g[idx].sum())
        if k:  # each bad one precedes the first good one with probability 1 / (k + 1)
            return spent + float(c[idx][~g[idx]].sum()) / (k + 1) + float(c[idx][g[idx]].mean())
        spent += float(c[idx].sum())
    return None


def random_runs(good: Sequence[bool], permutations: int = PERMUTATIONS, seed: int = 0,
                cost: Sequence[float] | None = None) -> dict | None:
    """Runs (or cost) to the first good candidate in random order: the exact expectation and, over `permutations`
    seeded orders, the mean, standard deviation and 10th / 90th percentiles; None when no candidate is good."""
    g = np.asarray(good, dtype=bool)
    k, n = int(g.sum()), len(g)
    if k == 0:
        return None
    c = np.ones(n) if cost is None else np.asarray(cost, dtype=np.float64)
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(permutations):
        order = rng.permutation(n)
        first = int(np.argmax(g[order]))
        draws.append(float(c[order[: first + 1]].sum()))
    d = np.array(draws)
    expected = float(c[~g].sum()) / (k + 1) + float(c[g].mean())
    return {"expected": expected, "mean": float(d.mean()), "std": float(d.std(ddof=1)) if len(d) > 1 else 0.0,
            "p10": float(np.percentile(d, 10)), "p90": float(np.percentile(d, 90)), "permutations": permutations}


def _fit(records: Sequence[Record], device: str, exclude: Sequence[str]) -> KnnPerfModel:
    x, y, groups = training_rows(records, device, exclude)
    if len(x) == 0:
        raise ModelUnavailable(f"no training rows for device {device!r} outside {list(exclude)}")
    return KnnPerfModel.fit(x, y, device=device, benchmarks=groups)


def lopo_predictions(records: Sequence[Record], device: str, leave_out: str = "stencil"
                     ) -> tuple[dict[str, list[Candidate]], dict[str, np.ndarray], dict[str, list[str]]]:
    """(candidates per benchmark, predictions per benchmark, programs left out per program) of the
    leave-one-program-out folds."""
    cands = candidates(records, device)
    programs = sorted({program_of(b) for b in cands})
    preds: dict[str, np.ndarray] = {}
    folds: dict[str, list[str]] = {}
    for prog in programs:
        folds[prog] = left_out(prog, programs, leave_out)
        model = _fit(records, device, folds[prog])
        for bench in (b for b in cands if program_of(b) == prog):
            preds[bench] = model.predict(np.array([c.features for c in cands[bench]]))
    return cands, preds, folds


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b is not None and b > 0 else None


def _geomean(values: Iterable[float | None]) -> float | None:
    v = [x for x in values if x is not None and x > 0 and math.isfinite(x)]
    return float(stats.gmean(v)) if v else None


def _mean(values: Iterable[float | None]) -> float | None:
    v = [x for x in values if x is not None and math.isfinite(x)]
    return float(np.mean(v)) if v else None


def benchmark_row(bench: str, cands: Sequence[Candidate], pred: np.ndarray, threshold: float, permutations: int,
                  seed: int) -> dict:
    """The study's numbers for one held-out benchmark (see the module docstring)."""
    y = normalised(cands)
    good = np.nan_to_num(y, nan=0.0) >= threshold
    cost = np.array([c.cost_s for c in cands])
    pearson, spearman = correlation(pred, y)
    model_runs = runs_to_reach(pred, good)
    rand = random_runs(good, permutations, seed)
    model_time = runs_to_reach(pred, good, cost)
    rand_time = random_runs(good, permutations, seed, cost)
    statuses = Counter(c.status for c in cands)
    top = int(np.argmax(pred)) if len(pred) else None
    return {
        "benchmark": bench, "program": program_of(bench), "candidates": len(cands), "ok": statuses.get(OK, 0),
        "timeout": statuses.get(CENSORED, 0), "failed": len(cands) - statuses.get(OK, 0) - statuses.get(CENSORED, 0),
        "good": int(good.sum()), "pearson": pearson, "spearman": spearman,
        "model_runs": model_runs, "random_runs": rand, "runs_ratio": _ratio(rand and rand["expected"], model_runs),
        "model_time_s": model_time, "random_time_s": rand_time,
        "time_ratio": _ratio(rand_time and rand_time["expected"], model_time),
        "top_prediction_throughput": None if top is None or not np.isfinite(y[top]) else float(y[top]),
    }


def study(records: Iterable[Record], device: str | None = None, *, threshold: float = THRESHOLD,
          permutations: int = PERMUTATIONS, seed: int = 0, leave_out: str = "stencil") -> dict:
    """Leave-one-program-out correlation and runs to `threshold` of the best (see the module docstring);
    `device` None: the device with the most records."""
    recs = list(records)
    if not 0 < threshold <= 1:
        raise StudyError(f"threshold must be in (0, 1], got {threshold}")
    if permutations < 1:
        raise StudyError(f"permutations must be positive, got {permutations}")
    counts = devices(recs)
    if not counts:
        raise StudyError("no record with features")
    device = device or counts.most_common(1)[0][0]
    if device not in counts:
        raise StudyError(f"no record with features for device {device!r}")
    programs = {program_of(r.benchmark) for r in recs if r.device == device}
    if len({stencil_of(p) for p in programs} if leave_out == "stencil" else programs) < 2:
        raise StudyError(f"leave-one-program-out needs two programs or more; device {device!r} has "
                         f"{', '.join(sorted(programs))}")
    cands, preds, folds = lopo_predictions(recs, device, leave_out)
    rows = [benchmark_row(b, cands[b], preds[b], threshold, permutations, seed) for b in sorted(cands)]
    by_program = []
    for prog in sorted(folds):
        bs = [b for b in sorted(cands) if program_of(b) == prog]
        p, m = np.concatenate([preds[b] for b in bs]), np.concatenate([normalised(cands[b]) for b in bs])
        pearson, spearman = correlation(p, m)
        by_program.append({"program": prog, "benchmarks": len(bs), "left_out": folds[prog],
                           "pearson": pearson, "spearman": spearman})
    pooled = correlation(np.concatenate([preds[b] for b in sorted(cands)]),
                         np.concatenate([normalised(cands[b]) for b in sorted(cands)]))
    runs = [r["model_runs"] for r in rows if r["model_runs"] is not None]
    overall = {
        "benchmarks": len(rows), "programs": len(by_program), "candidates": sum(r["candidates"] for r in rows),
        "pearson_mean": _mean(r["pearson"] for r in rows), "spearman_mean": _mean(r["spearman"] for r in rows),
        "pearson_pooled": pooled[0], "spearman_pooled": pooled[1],
        "model_runs_mean": _mean(runs), "model_runs_median": float(np.median(runs)) if runs else None,
        "model_runs_one": sum(1 for x in runs if x <= 1.0), "random_runs_mean": _mean(
            r["random_runs"]["expected"] for r in rows if r["random_runs"]),
        "runs_ratio_geomean": _geomean(r["runs_ratio"] for r in rows),
        "time_ratio_geomean": _geomean(r["time_ratio"] for r in rows),
    }
    return {"device": device, "threshold": threshold, "permutations": permutations, "seed": seed,
            "leave_out": leave_out, "benchmarks": rows, "programs": by_program, "overall": overall, "paper": PAPER}


__all__ = ["BOUNDARY_SUFFIXES", "LEAVE_OUT", "PAPER", "PERMUTATIONS", "THRESHOLD", "Candidate", "StudyError",
           "benchmark_row", "candidates", "correlation", "devices", "left_out", "lopo_predictions", "normalised",
           "program_of", "random_runs", "runs_to_reach", "stencil_of", "study"]
