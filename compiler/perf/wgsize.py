"""Work-group-size selection for 2-D stencils: seed 002 (Cummins et al., ADAPT'16) on our compiler.

    scenarios = load_scenarios("tests/data/wg_pocl.json")        # JSON written by scripts/wg_dataset.py
    tuner = fit(train, "classifier", model="J48", fallback="nn")  # or "runtime" / "speedup" (regressors)
    w, tries = tuner.select(scenario)                             # always a legal size of the scenario

A scenario (spec perf_prediction.md B.1) is one kernel on one device at one input size: the default-lowered
kernel of a suite stencil, measured at every size of its candidate set W(s) (a grid of 2-D work-group sizes
within the device's limits that divide the global size: OpenCL 1.2's rule; B.2's `w < W_max(s)`). Sizes whose
launch failed are refused (W_refused, with the runtime's reason); the others are legal (W_legal) with their mean
runtime. Sizes are (ls0, ls1): OpenCL order, columns x rows ("32x8" is 32 columns, 8 rows), where the paper
writes rows x columns.

Definitions (B.2): the oracle is the legal size of lowest mean runtime; performance p(s, w) = t(s, oracle) /
t(s, w); the baseline w̄ ("best fixed size") is the size legal in every training scenario of highest geometric
mean p (Algorithm 1). Methods (B.6): a classifier predicting the oracle from f(s) with a fallback for a
prediction that is not legal in s (baseline, random or nearest neighbour in (ls0, ls1), Algorithm 1), and
random-forest regressors of the runtime (fitness 1/x) and of the speedup over w̄ (fitness x) from (f(s), w),
tried best first until a legal size comes up (Algorithm 2). The scikit-learn stand-ins for the paper's Weka
models (C.2): GaussianNB (NaiveBayes), SVC (SMO), LogisticRegression (SimpleLogistic), DecisionTreeClassifier
with the entropy criterion (J48, C4.5), RandomForestClassifier, and ZeroR predicting w̄.

Features (B.3), one flat dict per scenario, computed when the dataset is built:
- data (4 of the paper's 4): width, height, in/out element bytes; plus the kernel's global size;
- kernel: border sizes north/south/east/west (the paper's 4), and in place of LLVM instruction statistics
  (no OpenCL-to-LLVM compiler here) operation counts of the generated OpenCL C (`source_counts`: loads, stores,
  add, sub, mul, div, compare, select, call, ...), their total and densities (count / total), memory and
  branch densities, and the per-thread counts of seed 000's features (compiler.perf.features);
- device: the numeric OpenCL device queries of `DEVICE_QUERIES` the runtime answers (the paper's 55 minus the
  nominal ones: extensions, vendor, version; the device type enters as dev_gpu).
"""

from __future__ import annotations

import functools
import json
import math
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from sklearn.dummy import DummyClassifier
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from ..errors import CompilerError

FORMAT = "lift-gym-wg-dataset"
VERSION = 1
WgSize = tuple[int, int]
DEVICE_QUERIES: tuple[str, ...] = (
    "address_bits", "endian_little", "global_mem_cache_size", "global_mem_cache_type", "global_mem_cacheline_size",
    "global_mem_size", "image_support", "image2d_max_height", "image2d_max_width", "image3d_max_depth",
    "image3d_max_height", "image3d_max_width", "local_mem_size", "local_mem_type", "max_clock_frequency",
    "max_compute_units", "max_constant_args", "max_constant_buffer_size", "max_mem_alloc_size",
    "max_parameter_size", "max_read_image_args", "max_samplers", "max_work_group_size", "max_work_item_dimensions",
    "max_work_item_sizes", "max_write_image_args", "mem_base_addr_align", "single_fp_config", "double_fp_config",
    "execution_capabilities", "queue_properties", "vendor_id",
    *(f"{k}_vector_width_{t}" for k in ("native", "preferred")
      for t in ("char", "short", "int", "long", "float", "double", "half")),
)


class WgDataError(CompilerError):
    """A work-group-size dataset that cannot be read or used: names the file or scenario and what is wrong."""


# --- features ----------------------------------------------------------------------------------------------------
_TOKEN = re.compile(r"[A-Za-z_]\w*|\d+\.?\d*(?:[eE][-+]?\d+)?f?|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\S")
_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "rem", "<": "cmp", ">": "cmp", "<=": "cmp",
        ">=": "cmp", "==": "cmp", "!=": "cmp", "?": "select", "&&": "logic", "||": "logic", "!": "logic",
        "<<": "shift", ">>": "shift", "&": "bitwise", "|": "bitwise", "^": "bitwise"}
_BRANCHES = frozenset({"if", "for", "while", "switch"})
_WORK_ITEM = frozenset({"get_global_id", "get_local_id", "get_group_id", "get_global_size", "get_local_size",
                        "get_num_groups"})
COUNT_NAMES = ("load", "store", "assign", "add", "sub", "mul", "div", "rem", "cmp", "select", "logic", "shift",
               "bitwise", "call", "work_item", "branch", "barrier")


def source_counts(source: str) -> dict[str, int]:
    """Static operation counts of OpenCL C function bodies (parameter lists and declarations outside braces are
    skipped): an indexed access `a[...]` is a store when `=` follows its bracket, else a load."""
    toks = _TOKEN.findall(source)
    counts = dict.fromkeys(COUNT_NAMES, 0)
    depth, bracket_stores, stack = 0, 0, []
    for i, t in enumerate(toks):
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        if depth < 1:
            continue
        if t == "[":
            stack.append(i)
        elif t == "]" and stack:
            stack.pop()
            if nxt == "=":
                counts["store"] += 1
                bracket_stores += 1
            else:
                counts["load"] += 1
        elif t == "=" and toks[i - 1] != "]":
            counts["assign"] += 1
        elif t in _OPS:
            counts[_OPS[t]] += 1
        elif nxt == "(" and (t[0].isalpha() or t[0] == "_"):
            kind = ("branch" if t in _BRANCHES else "work_item" if t in _WORK_ITEM else
                    "barrier" if t == "barrier" else None if t in ("return", "sizeof") else "call")
            if kind:
                counts[kind] += 1
    return counts


def kernel_features(source: str, borders: Sequence[int], p000: Mapping[str, float] | None = None
                    ) -> dict[str, float]:
    """Kernel features: borders (north, south, east, west), operation total and densities of the source, and
    seed 000's per-thread counts (`p000`, without its NDRange entries) when given."""
    n, s, e, w = (int(b) for b in borders)
    c = source_counts(source)
    total = max(sum(c.values()), 1)
    out = {"kern_north": n, "kern_south": s, "kern_east": e, "kern_west": w, "kern_instruction_count": total}
    out.update({f"kern_ratio_{k}": v / total for k, v in c.items()})
    out["kern_ratio_memory"] = (c["load"] + c["store"]) / total
    out["kern_ratio_branches"] = (c["branch"] + c["select"]) / total
    for k, v in (p000 or {}).items():
        if not re.fullmatch(r"[gl]s\d", k):
            out[f"kern_p000_{k}"] = float(v)
    return {k: float(v) for k, v in out.items()}


def data_features(sizes: Mapping[str, int], global_size: Sequence[int], elem_bytes: int = 4) -> dict[str, float]:
    """Dataset features: matrix width (M) and height (N), element bytes in and out, the kernel's global size."""
    g = (*global_size, 1, 1)
    return {"data_width": float(sizes["M"]), "data_height": float(sizes["N"]), "data_tin": float(elem_bytes),
            "data_tout": float(elem_bytes), "data_global_0": float(g[0]), "data_global_1": float(g[1])}


def device_features(queries: Mapping[str, object]) -> dict[str, float]:
    """Numeric device features from a dict of device queries (`DEVICE_QUERIES` names, `device_type`); a list
    value (max_work_item_sizes) gives one feature per entry; other values, and where the device sits on the
    host (platform and device index), are skipped."""
    out: dict[str, float] = {}
    for k, v in queries.items():
        if k in ("platform_index", "device_index"):
            continue
        if isinstance(v, bool | int | float):
            out[f"dev_{k}"] = float(v)
        elif isinstance(v, list | tuple) and all(isinstance(x, int | float) for x in v):
            out.update({f"dev_{k}_{i}": float(x) for i, x in enumerate(v)})
    out["dev_gpu"] = float(str(queries.get("device_type", "")).lower() == "gpu")
    return out


# --- scenarios ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scenario:
    """One kernel x device x dataset with its measured work-group sizes (see the module docstring)."""

    program: str
    device: str
    dataset: str
    features: Mapping[str, float]
    candidates: tuple[WgSize, ...]  # W(s): within the device's limits and dividing the global size
    times: Mapping[WgSize, float]  # W_legal(s): runtime in seconds (the loader's statistic of the samples)
    refused: Mapping[WgSize, str] = field(default_factory=dict)  # W_refused(s): the runtime's reason
    default: WgSize | None = None  # the default lowering's local size

    @property
    def name(self) -> str:
        return f"{self.program}@{self.dataset}@{self.device}"

    @functools.cached_property
    def oracle(self) -> WgSize:
        return min(self.times, key=lambda w: (self.times[w], w))

    def legal(self, w: WgSize) -> bool:
        return w in self.times

    def perf(self, w: WgSize) -> float:
        """p(s, w) = t(s, oracle) / t(s, w), in (0, 1]; 0 for a size that is not legal."""
        return self.times[self.oracle] / self.times[w] if w in self.times else 0.0


def _size(v, where: str) -> WgSize:
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and x > 0 for x in v)):
        raise WgDataError(f"{where}: work-group size {v!r} is not a pair of positive integers")
    return (v[0], v[1])


STATISTICS = ("mean_s", "median_s", "min_s")


def scenario_from_dict(d: Mapping, devices: Mapping[str, Mapping], where: str, statistic: str = "mean_s"
                       ) -> Scenario:
    """One scenario of a dataset file: its device's features joined to its own; a size's runtime is its
    `statistic` over the samples (the paper's mean by default)."""
    try:
        dev, sizes = d["device"], d["sizes"]
        feats = {**d["features"], **device_features(devices[dev]["queries"])}
        rows = d["rows"]
    except (KeyError, TypeError) as e:
        raise WgDataError(f"{where}: missing or malformed entry {e}") from None
    times, refused, cand = {}, {}, []
    for j, r in enumerate(rows):
        w = _size(r.get("wg"), f"{where} row {j}")
        if r.get("status") == "illegal":
            continue
        cand.append(w)
        t = r.get(statistic)
        if r.get("status") == "ok" and isinstance(t, int | float) and t > 0:
            times[w] = float(t)
        else:
            refused[w] = f"{r.get('status')}: {r.get('reason', '')}"
    if not times:
        raise WgDataError(f"{where}: no work-group size was measured successfully")
    default = _size(d["default_local_size"], where) if d.get("default_local_size") else None
    return Scenario(str(d.get("program")), str(dev), "x".join(str(sizes[k]) for k in ("N", "M")),
                    {k: float(v) for k, v in feats.items()}, tuple(cand), times, refused, default)


def load_scenarios(*paths: str | Path, statistic: str = "mean_s") -> list[Scenario]:
    """The scenarios of one or more dataset files (JSON of scripts/wg_dataset.py). `statistic` is the runtime
    of a size: "mean_s" (the paper's), "median_s" or "min_s" (the most repeatable on a loaded machine)."""
    if statistic not in STATISTICS:
        raise WgDataError(f"unknown runtime statistic {statistic!r}; statistics: {', '.join(STATISTICS)}")
    out = []
    for p in paths:
        try:
            doc = json.loads(Path(p).read_text())
        except (OSError, ValueError) as e:
            raise WgDataError(f"work-group dataset {p} cannot be read: {e}") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
            raise WgDataError(f"{p} is not a {FORMAT} file of version {VERSION}; write it with scripts/wg_dataset.py")
        out += [scenario_from_dict(s, doc.get("devices", {}), f"{p} scenario {i}", statistic)
                for i, s in enumerate(doc.get("scenarios", []))]
    if not out:
        raise WgDataError(f"no scenarios in {', '.join(map(str, paths))}")
    return out


def feature_names(scenarios: Iterable[Scenario]) -> tuple[str, ...]:
    return tuple(sorted({k for s in scenarios for k in s.features}))


def feature_matrix(scenarios: Sequence[Scenario], names: Sequence[str]) -> np.ndarray:
    """One row per scenario in `names` order (a feature a scenario lacks is 0)."""
    return np.array([[s.features.get(n, 0.0) for n in names] for s in scenarios], dtype=np.float64)


def baseline_size(scenarios: Sequence[Scenario]) -> WgSize:
    """w̄: the size legal in every scenario with the highest geometric mean of p (B.2, Algorithm 1); with no
    size legal everywhere, the most widely legal ones compete."""
    counts: dict[WgSize, int] = {}
    for s in scenarios:
        for w in s.times:
            counts[w] = counts.get(w, 0) + 1
    most = max(counts.values())
    safe = [w for w, c in counts.items() if c == most]
    return max(safe, key=lambda w: (sum(math.log(s.perf(w)) for s in scenarios if s.legal(w)), w))


# --- the three methods ---------------------------------------------------------------------------------------------
CLASSIFIERS: dict[str, Callable[[int], object | None]] = {
    "ZeroR": lambda seed: None,  # always w̄
    "NaiveBayes": lambda seed: make_pipeline(StandardScaler(), GaussianNB()),
    "SMO": lambda seed: make_pipeline(StandardScaler(), SVC(random_state=seed)),
    "SimpleLogistic": lambda seed: make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
    "J48": lambda seed: DecisionTreeClassifier(criterion="entropy", random_state=seed),
    "RandomForest": lambda seed: RandomForestClassifier(n_estimators=100, random_state=seed),
}
FALLBACKS = ("baseline", "random", "nn")


@dataclass(frozen=True)
class Choice:
    size: WgSize
    tries: int  # sizes found illegal before it (0: the first pick was legal)
    first: WgSize  # the model's own pick


def _nearest(w: WgSize, pool: Iterable[WgSize]) -> WgSize:
    return min(pool, key=lambda c: (math.hypot(c[0] - w[0], c[1] - w[1]), c))


def fallback(s: Scenario, w: WgSize, how: str, baseline: WgSize, rng: np.random.Generator) -> Choice:
    """Algorithm 1: while w is not legal in s, record it as refused and pick again from W(s) minus the refused
    sizes (baseline: w̄, then nearest neighbours of w̄ if w̄ is not legal either; random: uniformly;
    nn: the nearest to w by Euclidean distance in (ls0, ls1))."""
    if how not in FALLBACKS:
        raise WgDataError(f"unknown fallback {how!r}; fallbacks: {', '.join(FALLBACKS)}")
    first, tried = w, set()
    anchor = baseline if how == "baseline" else w
    while not s.legal(w):
        tried.add(w)
        pool = [c for c in s.candidates if c not in tried]
        if not pool:
            raise WgDataError(f"{s.name}: no legal work-group size among {len(s.candidates)} candidates")
        w = pool[int(rng.integers(len(pool)))] if how == "random" else _nearest(anchor, pool)
    return Choice(w, len(tried), first)


@dataclass
class Tuner:
    """A fitted method: `select(s)` returns a legal size of s (see the module docstring)."""

    method: str  # "classifier" | "runtime" | "speedup"
    model: object
    names: tuple[str, ...]
    baseline: WgSize
    fallback: str = "nn"
    seed: int = 0

    def __post_init__(self) -> None:
        self._rng = np.random.default_rng(self.seed)

    def select(self, s: Scenario) -> Choice:
        x = feature_matrix([s], self.names)
        if self.method == "classifier":
            if self.model is None:  # ZeroR
                return fallback(s, self.baseline, self.fallback, self.baseline, self._rng)
            r, c = str(self.model.predict(x)[0]).split("x")  # type: ignore[attr-defined]
            return fallback(s, (int(r), int(c)), self.fallback, self.baseline, self._rng)
        # Algorithm 2: rank W(s) by the fitness of the prediction; refused sizes drop out one by one
        cands = list(s.candidates)
        pred = self.model.predict(_with_sizes(x, cands))  # type: ignore[attr-defined]
        fitness = 1.0 / np.maximum(pred, 1e-30) if self.method == "runtime" else pred
        order = sorted(range(len(cands)), key=lambda i: (-fitness[i], cands[i]))
        for tries, i in enumerate(order):
            if s.legal(cands[i]):
                return Choice(cands[i], tries, cands[order[0]])
        raise WgDataError(f"{s.name}: no legal work-group size among {len(cands)} candidates")


def _with_sizes(x: np.ndarray, sizes: Sequence[WgSize]) -> np.ndarray:
    """Rows (f(s), w0, w1): the regressors' inputs (B.6: w appended to the features)."""
    return np.hstack([np.repeat(x, len(sizes), axis=0), np.array(sizes, dtype=np.float64)])


def fit(train: Sequence[Scenario], method: str, *, model: str = "J48", fallback: str = "nn", seed: int = 0) -> Tuner:
    """Fit one method on training scenarios: "classifier" (model: a `CLASSIFIERS` name; label the oracle),
    "runtime" (random forest of the mean runtime) or "speedup" (random forest of t(s, w̄) / t(s, w))."""
    if not train:
        raise WgDataError("no training scenarios")
    names = feature_names(train)
    base = baseline_size(train)
    x = feature_matrix(train, names)
    if method == "classifier":
        if model not in CLASSIFIERS:
            raise WgDataError(f"unknown classifier {model!r}; classifiers: {', '.join(CLASSIFIERS)}")
        est = CLASSIFIERS[model](seed)
        if est is None:
            return Tuner(method, None, names, base, fallback, seed)
        labels = [f"{s.oracle[0]}x{s.oracle[1]}" for s in train]
        if len(set(labels)) == 1 and model not in ("J48", "RandomForest"):
            est = DummyClassifier(strategy="most_frequent")  # one class: nothing to separate
        est.fit(x, labels)  # type: ignore[attr-defined]
        return Tuner(method, est, names, base, fallback, seed)
    if method not in ("runtime", "speedup"):
        raise WgDataError(f"unknown method {method!r}; methods: classifier, runtime, speedup")
    rows, ys = [], []
    for i, s in enumerate(train):
        sizes = list(s.times)
        rows.append(_with_sizes(x[i:i + 1], sizes))
        ref = s.times.get(base)  # None only when no size is legal in every training scenario: then p itself
        ys += [s.times[w] if method == "runtime" else (ref / s.times[w] if ref else s.perf(w)) for w in sizes]
    est = RandomForestRegressor(n_estimators=100, random_state=seed, n_jobs=1)
    est.fit(np.vstack(rows), np.array(ys))
    return Tuner(method, est, names, base, fallback, seed)


# --- evaluation (B.7) ------------------------------------------------------------------------------------------------
METHODS: tuple[tuple[str, str, str], ...] = (
    *(("classifier", m, "nn") for m in CLASSIFIERS),
    ("classifier", "J48", "baseline"), ("classifier", "J48", "random"),
    ("runtime", "RandomForest", "-"), ("speedup", "RandomForest", "-"),
)
PROTOCOLS: dict[str, Callable[[Scenario], str]] = {
    "program": lambda s: s.program, "device": lambda s: s.device, "dataset": lambda s: s.dataset,
}


def method_label(method: str, model: str, fb: str) -> str:
    return {"runtime": "regression: runtime (RF)", "speedup": "regression: speedup (RF)"}.get(
        method, f"classifier: {model} + {fb} fallback")


def _geomean(xs: Sequence[float]) -> float:
    return float(np.exp(np.mean(np.log(xs)))) if xs else float("nan")


def summarise(perfs: Sequence[float], *, speedups: Sequence[float] = (), vs_default: Sequence[float] = (),
              hits: Sequence[bool] = (), tries: Sequence[int] = (), ms: Sequence[float] = ()) -> dict:
    """Aggregates over test scenarios: % of oracle (geomean and mean of p), speedups over w̄ and over the default
    size (mean and median), accuracy, fallback tries and prediction time."""
    def stat(xs, f):
        return float(f(xs)) if len(xs) else None

    return {"n": len(perfs), "oracle_pct_geomean": 100 * _geomean(perfs),
            "oracle_pct_mean": 100 * float(np.mean(perfs)),
            "speedup_wbar_mean": stat(speedups, np.mean), "speedup_wbar_median": stat(speedups, np.median),
            "speedup_default_median": stat(vs_default, np.median), "speedup_default_q1":
            stat(vs_default, lambda v: np.percentile(v, 25)), "accuracy_pct": stat([100.0 * h for h in hits], np.mean),
            "max_tries": stat(tries, max), "mean_tries": stat(tries, np.mean), "predict_ms": stat(ms, np.mean)}


def evaluate(scenarios: Sequence[Scenario], protocol: str = "program", methods=METHODS, seed: int = 0,
             progress: Callable[[Iterable], Iterable] = lambda it: it) -> dict:
    """Leave-one-group-out (`PROTOCOLS`: program, device or dataset): fit each method on the other groups, select
    a size for each held-out scenario. Besides the methods: the oracle itself, the fold's w̄ (best fixed size),
    the default lowering's size, and a uniformly random legal size (expected p)."""
    if protocol not in PROTOCOLS:
        raise WgDataError(f"unknown protocol {protocol!r}; protocols: {', '.join(PROTOCOLS)}")
    key = PROTOCOLS[protocol]
    groups = sorted({key(s) for s in scenarios})
    if len(groups) < 2:
        raise WgDataError(f"leave-one-{protocol}-out needs two or more {protocol}s; the data has {groups}")
    per: dict[str, dict[str, list]] = {}

    def add(label: str, s: Scenario, p: float, wbar: WgSize, w: WgSize | None = None, **extra) -> None:
        acc = per.setdefault(label, {"perfs": [], "speedups": [], "vs_default": [], "hits": [], "tries": [], "ms": []})
        acc["perfs"].append(p)
        if s.legal(wbar):
            acc["speedups"].append(p / s.perf(wbar))
        if s.default and s.legal(s.default):
            acc["vs_default"].append(p / s.perf(s.default))
        if w is not None:
            acc["hits"].append(w == s.oracle)
        for k, v in extra.items():
            acc[k].append(v)

    for g in progress(groups):
        train = [s for s in scenarios if key(s) != g]
        test = [s for s in scenarios if key(s) == g]
        wbar = baseline_size(train)
        tuners = {method_label(*m): fit(train, m[0], model=m[1], fallback=m[2] if m[2] != "-" else "nn", seed=seed)
                  for m in methods}
        for s in test:
            add("oracle", s, 1.0, wbar, s.oracle)
            for label, fixed in (("best fixed size w̄ (training)", wbar), ("default (32x8)", s.default)):
                if fixed is not None and s.legal(fixed):  # a fixed size counts where it is legal (B.2)
                    add(label, s, s.perf(fixed), wbar, fixed)
            add("random legal size", s, float(np.mean([s.perf(w) for w in s.times])), wbar)
            for label, tuner in tuners.items():
                t0 = time.perf_counter()
                c = tuner.select(s)
                add(label, s, s.perf(c.size), wbar, c.size, tries=c.tries, ms=1e3 * (time.perf_counter() - t0))
    return {"protocol": protocol, "groups": groups, "scenarios": len(scenarios),
            "rows": {label: summarise(**v) for label, v in per.items()}}


def space_summary(scenarios: Sequence[Scenario]) -> dict:
    """The space characterisation of B.8 / Table R2 on our data."""
    tests = sum(len(s.candidates) for s in scenarios)
    refused = sum(len(s.refused) for s in scenarios)
    oracles = [s.oracle for s in scenarios]
    top = max(set(oracles), key=lambda w: (oracles.count(w), w))
    sizes = {w for s in scenarios for w in s.candidates}
    everywhere = [w for w in sizes if all(s.legal(w) for s in scenarios)]
    wbar = baseline_size(scenarios)
    spread = [max(s.times.values()) / min(s.times.values()) for s in scenarios]
    return {"scenarios": len(scenarios), "test_cases": tests, "sizes_mean": tests / len(scenarios),
            "sizes_max": max(len(s.candidates) for s in scenarios), "distinct_oracles": len(set(oracles)),
            "most_common_oracle": f"{top[0]}x{top[1]}",
            "most_common_share_pct": 100 * oracles.count(top) / len(oracles),
            "oracle_over_worst_mean": float(np.mean(spread)), "oracle_over_worst_min": min(spread),
            "oracle_over_worst_max": max(spread), "refused_pct": 100 * refused / max(tests, 1),
            "legal_everywhere": len(everywhere), "wbar": f"{wbar[0]}x{wbar[1]}",
            "wbar_oracle_pct": 100 * _geomean([s.perf(wbar) for s in scenarios if s.legal(wbar)])}


def rerun_agreement(scenarios: Sequence[Scenario], rerun: Sequence[Scenario]) -> dict:
    """The noise ceiling: % of oracle that the oracle of an independent rerun of the same scenarios reaches
    (geometric mean over the scenarios in both; a size the rerun's oracle that is not legal here counts 0)."""
    again = {s.name: s for s in rerun}
    perfs = [s.perf(again[s.name].oracle) for s in scenarios if s.name in again]
    if not perfs:
        raise WgDataError("the rerun holds none of the scenarios (same program, size and device)")
    return {"n": len(perfs), "oracle_pct_geomean": 100 * _geomean([max(p, 1e-9) for p in perfs]),
            "same_oracle_pct": 100 * float(np.mean([p == 1.0 for p in perfs]))}
