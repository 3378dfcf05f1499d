"""Dataset of the kNN performance-prediction study (seed 000, spec perf_prediction.md A and D.2): per stencil
benchmark of the suite, N distinct kernels of the environment's space, measured with their P000 features into a
measurement store (sqlite).

    python3 scripts/knn_dataset.py [--device SEL] [--sizes 128] [--kernels 16] [--only gaussian,...]
                                   [--template-share 0.5] [--max-rewrites 2] [--bench-s 120] [--budget-s 540]
                                   [--workers 2] [--profile auto|generic|h100|pocl] [--seed 0] --out knn.sqlite

PoCL here (the committed study; defaults on a CPU: 128^2, 16 kernels, at most 2 rewrites; no kernel is started
after 9 minutes, and a second run resumes what a loaded machine did not finish):
    python3 scripts/knn_dataset.py --device pocl --out knn_pocl.sqlite
NVIDIA GPU at 4096^2 (every sampling process in parallel with the measurements; under 6 minutes of wall time):
    python3 scripts/knn_dataset.py --device nvidia --sizes 4096 --kernels 48 --bench-s 25 --budget-s 290 \
        --out $OUT/knn.sqlite
Then the table: `lift-gym knn-study --store knn.sqlite` (agents/knn_study_cmd.py, compiler/perf/study.py).

Scenarios are the suite's 2-D and 3-D stencils (family "stencil", two or three sizes, every size = n) at each
--sizes n. A scenario's kernels are finished random episodes of LiftGym-Rewrite-v7's transitions
(lift_gym.transition, with the device profile's limits and --max-rewrites as the rewrite horizon): at the first
decision, with probability --template-share a named lowering of the benchmark (uniform over those offered), else
one of the other legal actions (a rewrite or stop rewriting); every later decision uniform over the legal actions
(rewrites, mappings, tuning values). Draw i of a scenario is seeded by (--seed, the URI, i), so a scenario's
kernels are the first --kernels distinct kernel keys in draw order whatever the number of sampling processes; at
most 8 x --kernels draws are made. Draws run in --workers processes (default: the CPUs less one, at least 2)
while this process measures.

Each kernel is measured as the measured reward measures it (lift_gym.rewards): the runtime's protocol in an
isolated `MeasureWorker` process (build, correctness against the benchmark's NumPy reference on seeded inputs,
warm-up, batched samples, median), `measure_settled` (a failure is stored once it repeats; a worker death is
never stored, nor measured again in this run), short batches (CONFIG: a launch that does not finish within the
1 s time cap + a 4 s margin kills the worker), and pruning against the fastest kernel of the scenario so far: a kernel
10x slower stops early with status "timeout" and the time at the stop (a lower bound). Every settled result is
stored under the measured reward's key (kernel, sizes, device, version) with the benchmark URI, the features
(`job_features`, the device's warp and cache line) and, in its report, the episode (`sample`: draw, actions,
named lowering). Failed kernels keep their status (compile, correctness, launch, ...).

Resuming: a scenario whose benchmark already has --kernels rows of the device in the store is skipped without
sampling; in the others the stored kernels are not measured again. --bench-s caps the measuring time of one
scenario and --budget-s the whole run (no new kernel is started after it); what is cut is measured by the next
run. The bar counts kernels (stored before or measured now).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import multiprocessing as mp
import os
import sys
import time
import zlib
from pathlib import Path

import numpy as np
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler import suite
from compiler.errors import StoreError
from compiler.lowering import device_profile, stages
from compiler.perf.features import DeviceModel
from compiler.perf.store import MeasurementStore, measurement_key
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.worker import MeasureWorker
from lift_gym import transition
from lift_gym.rewards import final_job, job_features

# short batches (spec C.4: the median of k >= 5 launches for search loops); kernels 10x slower than the scenario's
# fastest so far are stopped early (status "timeout", censored rows of the model)
CONFIG = MeasureConfig(warmup_s=0.005, min_warmup_launches=1, min_sample_s=0.002, min_samples=5, max_samples=10,
                       target_rel_iqr=0.05, time_cap_s=1.0, prune_median_factor=10.0, watchdog_margin_s=4.0)
DEFAULTS = {"cpu": {"sizes": "128", "kernels": 16, "max_rewrites": 2},
            "gpu": {"sizes": "4096", "kernels": 48, "max_rewrites": transition.Config().max_rewrites}}
MAX_DRAWS_PER_KERNEL = 8
CHUNK = 2  # draws per sampling task


def stencils() -> list[str]:
    """The suite's 2-D and 3-D stencils."""
    return [b.name for b in suite.list_benchmarks() if b.family == "stencil" and len(b.size_keys) in (2, 3)]


# --- sampling (in the pool's processes) ---------------------------------------------------------------------------
_STARTS: dict[tuple[str, str, int], transition.State] = {}


def _start(uri: str, profile: str, max_rewrites: int) -> transition.State:
    key = (uri, profile, max_rewrites)
    if key not in _STARTS:
        cfg = transition.Config(max_rewrites=max_rewrites, limits=device_profile(profile))
        _STARTS[key] = transition.initial(uri, 0, cfg)
    return _STARTS[key]


def first_action(state: transition.State, rng: np.random.Generator, template_share: float) -> int:
    """The first decision: a named lowering (or, for conv, its rewrite points) with probability `template_share`
    (when one is offered), else one of the other legal actions."""
    legal = np.flatnonzero(transition.legal_actions(state))
    base = state.config.layout.template_base
    named, other = legal[legal >= base], legal[legal < base]
    if len(named) and (not len(other) or rng.random() < template_share):
        return int(rng.choice(named))
    return int(rng.choice(other))


def draw(uri: str, profile: str, max_rewrites: int, seed: int, index: int, template_share: float,
         dev: DeviceModel) -> dict:
    """Draw `index` of a scenario: a finished random episode, its kernel, program key and features."""
    rng = np.random.default_rng([seed, zlib.crc32(uri.encode()), index])
    try:
        s = _start(uri, profile, max_rewrites)
        if s.phase is transition.Phase.REWRITE and s.rewrites == 0 and not transition.is_terminal(s):
            s = transition.step(s, first_action(s, rng, template_share))
        while not transition.is_terminal(s):
            s = transition.step(s, int(rng.choice(np.flatnonzero(transition.legal_actions(s)))))
        job = final_job(s)
        return {"index": index, "kernel": s.kernel, "program_key": job.lowered.key,
                "features": job_features(job, dev),
                "sample": {"draw": index, "seed": seed, "actions": [int(a) for a in s.actions],
                           "template": s.template, "local_size": list(job.local_size or ()), "profile": profile,
                           "max_rewrites": max_rewrites}}
    except Exception as err:  # a draw the env cannot finish is reported, the others go on
        return {"index": index, "error": f"{type(err).__name__}: {err}"[:300]}


def draw_chunk(uri: str, profile: str, max_rewrites: int, seed: int, indices: list[int], share: float,
               dev: DeviceModel) -> list[dict]:
    return [draw(uri, profile, max_rewrites, seed, i, share, dev) for i in indices]


# --- scenarios ------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(eq=False)
class Scenario:
    name: str
    n: int
    uri: str
    need: int
    next_draw: int = 0
    pending: int = 0
    results: dict = dataclasses.field(default_factory=dict)  # draw index -> result
    cursor: int = 0  # draws before it are consumed (in draw order)
    seen: set = dataclasses.field(default_factory=set)
    selected: int = 0
    done: int = 0  # selected kernels stored before or measured now
    errors: int = 0

    @property
    def sizes(self) -> dict[str, int]:
        return dict(stages.resolve(self.uri)[1])

    @property
    def max_draws(self) -> int:
        return MAX_DRAWS_PER_KERNEL * self.need

    def wants_draws(self) -> bool:
        distinct = len(self.seen) + sum(1 for i, r in self.results.items() if i >= self.cursor and "kernel" in r)
        return self.selected < self.need and distinct + self.pending < self.need and self.next_draw < self.max_draws

    def ready(self) -> list[dict]:
        """The next selected kernels in draw order (the first `need` distinct kernel keys)."""
        out = []
        while self.cursor in self.results and self.selected < self.need:
            r = self.results.pop(self.cursor)
            self.cursor += 1
            if "error" in r:
                self.errors += 1
            elif r["kernel"].key not in self.seen:
                self.seen.add(r["kernel"].key)
                self.selected += 1
                out.append(r)
        return out

    def exhausted(self) -> bool:
        return self.selected >= self.need or (self.cursor >= self.next_draw >= self.max_draws and not self.pending)


def inputs_and_gold(name: str, sizes: dict, seed: int, kernel) -> tuple[dict, dict]:
    """Seeded inputs of the benchmark and its NumPy reference (float32), by the kernel's buffer names."""
    bench = suite.get(name)
    inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
    ref = bench.reference(inputs, sizes)
    outs = ref if isinstance(ref, tuple) else (ref,)
    if len(outs) != len(kernel.outputs):
        raise ValueError(f"{name}: the kernel has outputs {kernel.outputs}, the reference gives {len(outs)}")
    gold = {k: np.asarray(v, dtype=np.float32) for k, v in zip(kernel.outputs, outs, strict=True)}
    return {k: v for k, v in inputs.items() if k in kernel.inputs}, gold


@dataclasses.dataclass
class Run:
    """The sampling pool, the measuring worker and the store of one run, with its counts."""

    args: argparse.Namespace
    store: MeasurementStore
    worker: MeasureWorker
    fingerprint: str
    profile: str
    max_rewrites: int
    dev: DeviceModel
    scenarios: list[Scenario]
    t0: float
    pool: cf.ProcessPoolExecutor | None = None
    futures: dict = dataclasses.field(default_factory=dict)
    counts: dict = dataclasses.field(default_factory=lambda: {"measured": 0, "stored": 0, "unsettled": 0,
                                                               "errors": 0})
    statuses: dict = dataclasses.field(default_factory=dict)
    cut: list = dataclasses.field(default_factory=list)

    def submit(self) -> None:
        """Keep two draw tasks per sampling process in flight, for the first scenarios that still need draws."""
        a = self.args
        for sc in self.scenarios:
            while len(self.futures) < 2 * a.workers and sc.wants_draws():
                if self.pool is None:
                    self.pool = cf.ProcessPoolExecutor(a.workers, mp_context=mp.get_context("spawn"))
                idx = list(range(sc.next_draw, min(sc.next_draw + CHUNK, sc.max_draws)))
                sc.next_draw += len(idx)
                sc.pending += len(idx)
                f = self.pool.submit(draw_chunk, sc.uri, self.profile, self.max_rewrites, a.seed, idx,
                                     a.template_share, self.dev)
                self.futures[f] = sc

    def collect(self) -> None:
        """Wait for a draw task; file its draws under their scenario."""
        finished, _ = cf.wait(list(self.futures), return_when=cf.FIRST_COMPLETED)
        for f in finished:
            owner = self.futures.pop(f)
            chunk = f.result()
            owner.pending -= len(chunk)
            for r in chunk:
                owner.results[r["index"]] = r
        self.submit()

    def over(self, started: float) -> str:
        now = time.time()
        if now - self.t0 > self.args.budget_s:
            return "--budget-s"
        return "--bench-s" if now - started > self.args.bench_s else ""

    def scenario(self, sc: Scenario, bar: tqdm) -> None:
        """Measure a scenario's kernels as they are drawn, in draw order."""
        key = stages.canonical_uri(sc.uri)
        ok_times = [r.median_s for r in self.store.records(benchmark=key, device=self.fingerprint)
                    if r.status == "ok" and r.median_s]
        best = min(ok_times) if ok_times else None
        data, started, stop = None, time.time(), ""
        while not stop:
            for r in sc.ready():
                mkey = measurement_key(r["kernel"].key, sc.sizes, self.fingerprint)
                if mkey in self.store:
                    self.counts["stored"] += 1
                    sc.done += 1
                    bar.update(1)
                    continue
                stop = self.over(started)
                if stop:
                    break
                if data is None:
                    data = inputs_and_gold(sc.name, sc.sizes, self.args.seed, r["kernel"])
                    started = time.time()  # the inputs and the reference are not measuring time
                best = self.measure(sc, key, mkey, r, data, best)
                sc.done += 1
                bar.update(1)
            if stop or sc.exhausted() or (not any(o is sc for o in self.futures.values()) and not sc.wants_draws()):
                break
            self.collect()
        if stop:
            self.cut.append(f"{sc.name} {sc.n}: cut by {stop} after {sc.done} kernels")
            sc.need = sc.selected  # no more draws for it
        elif sc.selected < sc.need:
            self.cut.append(f"{sc.name} {sc.n}: {sc.selected} distinct kernels in {sc.next_draw} draws")
        self.counts["errors"] += sc.errors

    def measure(self, sc: Scenario, key: str, mkey: str, r: dict, data: tuple, best: float | None) -> float | None:
        """Measure one kernel and store its settled result; the scenario's fastest time so far."""
        try:
            m = self.worker.measure_settled(r["kernel"], *data, dataclasses.replace(CONFIG, best_known_s=best),
                                            max_deaths=0)
        except ValueError as err:  # inputs that do not fit the kernel: reported, the others go on
            self.counts["errors"] += 1
            tqdm.write(f"{sc.uri}: draw {r['index']}: {err}"[:300], file=sys.stderr)
            return best
        if not m.settled:
            self.counts["unsettled"] += 1
            return best
        self.store.put(key=mkey, benchmark=key, program_key=r["program_key"], kernel_key=r["kernel"].key,
                       device=m.device or self.fingerprint, report={**m.to_dict(), "sample": r["sample"]},
                       features=r["features"])
        self.counts["measured"] += 1
        self.statuses[m.status] = self.statuses.get(m.status, 0) + 1
        return m.median_s if m.ok and m.median_s and (best is None or m.median_s < best) else best

    def run(self) -> None:
        need = sum(sc.need for sc in self.scenarios)
        with tqdm(total=need, desc="kernels", unit="kernel") as bar:
            bar.update(sum(sc.selected for sc in self.scenarios))
            self.submit()
            for sc in self.scenarios:
                if sc.selected >= sc.need:
                    continue
                if time.time() - self.t0 > self.args.budget_s:
                    self.cut.append(f"{sc.name} {sc.n}: not started (--budget-s)")
                    continue
                self.scenario(sc, bar)
                bar.set_postfix_str(f"{sc.name} {sc.n}")
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


def parse_args(argv) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=None, help="device selection (compiler.runtime.device), e.g. pocl, nvidia")
    ap.add_argument("--sizes", default=None, help="comma-separated n (every size of the stencil = n); default 128 "
                    "on a CPU, 4096 on a GPU")
    ap.add_argument("--kernels", type=int, default=None, help="distinct kernels per scenario (default 24 on a CPU, "
                    "48 on a GPU)")
    ap.add_argument("--only", default="", help="comma-separated benchmark names (default: every 2-D/3-D stencil)")
    ap.add_argument("--template-share", type=float, default=0.5,
                    help="probability that an episode starts with a named lowering (default 0.5)")
    ap.add_argument("--bench-s", type=float, default=120.0,
                    help="wall-time cap per scenario in seconds, from its first kernel measured")
    ap.add_argument("--budget-s", type=float, default=540.0, help="start no kernel after this many seconds")
    ap.add_argument("--workers", type=int, default=max((os.cpu_count() or 2) - 1, 2),
                    help="sampling processes (default: the CPUs less one, at least 2)")
    ap.add_argument("--max-rewrites", type=int, default=None,
                    help="the env's rewrite horizon (Config.max_rewrites; default 2 on a CPU, the env's 6 on a GPU)")
    ap.add_argument("--profile", default="auto", choices=("auto", "generic", "h100", "pocl"),
                    help="device profile of the env's tuning limits (auto: pocl on a CPU, generic on a GPU)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", required=True, help="the measurement store (sqlite); created, or resumed")
    args = ap.parse_args(argv)
    args.names = [s for s in args.only.split(",") if s] or stencils()
    unknown = sorted(set(args.names) - set(stencils()))
    if unknown:
        ap.error(f"--only: {', '.join(unknown)} is not a 2-D/3-D stencil of the suite; they are: "
                 f"{', '.join(stencils())}")
    if not 0.0 <= args.template_share <= 1.0:
        ap.error(f"--template-share must be in [0, 1], got {args.template_share}")
    if args.workers < 1 or (args.kernels is not None and args.kernels < 1):
        ap.error("--workers and --kernels must be positive")
    if args.max_rewrites is not None and not 0 <= args.max_rewrites <= transition.MAX_REWRITES:
        ap.error(f"--max-rewrites must be in [0, {transition.MAX_REWRITES}], got {args.max_rewrites}")
    if args.sizes is not None and not all(v.strip().isdigit() and int(v) > 0 for v in args.sizes.split(",")):
        ap.error(f"--sizes must be comma-separated positive integers, got {args.sizes!r}")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    t0 = time.time()
    try:
        store = MeasurementStore(args.out)
    except StoreError as err:
        raise SystemExit(f"knn_dataset.py: error: {err}") from None
    worker = MeasureWorker(args.device)
    info = worker.info
    kind = "gpu" if info.is_gpu else "cpu"
    ns = [int(v) for v in (args.sizes or DEFAULTS[kind]["sizes"]).split(",")]
    need = args.kernels or DEFAULTS[kind]["kernels"]
    max_rewrites = DEFAULTS[kind]["max_rewrites"] if args.max_rewrites is None else args.max_rewrites
    profile = args.profile if args.profile != "auto" else ("generic" if info.is_gpu else "pocl")
    fp = info.fingerprint
    scenarios = []
    for n in ns:
        for name in args.names:
            bench = suite.get(name)
            uri = suite.uri(bench, None, **{k: n for k in bench.size_keys})
            stored = sum(1 for _ in store.records(benchmark=stages.canonical_uri(uri), device=fp))
            scenarios.append(Scenario(name, n, uri, need, selected=need if stored >= need else 0))
    print(f"{info.device_name} ({fp}), profile {profile}, at most {max_rewrites} rewrites: {len(scenarios)} "
          f"scenarios x {need} kernels, "
          f"{sum(s.selected >= need for s in scenarios)} complete in {args.out}", file=sys.stderr)
    run = Run(args, store, worker, fp, profile, max_rewrites, DeviceModel.for_device(info), scenarios, t0)
    try:
        run.run()
    finally:
        worker.close()
    for line in run.cut:
        print(line, file=sys.stderr)
    c = run.counts
    total = len(store)
    store.close()
    print(f"{c['measured']} measured ({', '.join(f'{k} {v}' for k, v in sorted(run.statuses.items())) or 'none'}), "
          f"{c['stored']} already stored, {c['unsettled']} unsettled (measured again by the next run), "
          f"{c['errors']} errors; {total} rows in {args.out}; {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
