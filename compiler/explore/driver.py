"""The three-stage exploration as a chooser over the compiler's one decision route (`compiler.lowering.decisions`),
then a correctness check of every kernel on an OpenCL device (PoCL in CI).

    report = explore("benchmark://lift/mm/small", ExploreConfig(max_programs=30, depth=2, samples=2))
    print(report.text())          # or report.to_dict() for JSON

Stages (module docs of highlevel.py, lowering.py, parameters.py; `walk.phase` sorts the decisions):
1. `high_level_programs`: breadth first over the REWRITE decisions to `depth`, at most `max_programs` distinct
   high-level programs (`State.high.key`), then the named programs of the first decision (`named`).
2. per high-level program: up to `lowered` distinct completions of the other non-TUNING decisions (the mapping,
   rewrite points, ...) by seeded random choosers, deduplicated by the lowered program's key across the run.
3. per lowered program: up to `samples` points of its TUNING decisions; each ends at DONE with the kernel compiled
   (`State.kernel`). Kernels are deduplicated by `KernelProgram.key`.
A CompilerError from the route at any stage is counted as a codegen failure by its message head (the route offers
only values that compile, so it is expected to stay 0); any other exception is counted as a crash (a bug). Then
each distinct kernel runs once on the device through `MeasureWorker` (a separate process with a watchdog) with the
benchmark's NumPy reference (float64, cast to float32) as gold; `Measurement.status` ("ok", "correctness",
"compile", "launch", "timeout", ...) is counted. A non-"ok" status is a bug of the code generator, a rule or the
lowering: the report keeps the program text, sizes, decisions and message of each.
"""

from __future__ import annotations

import os
import queue
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field

import numpy as np

from .. import suite
from ..constraints.device import device_profile
from ..errors import CompilerError
from ..ir.printer import print_program
from ..lowering import decisions
from ..runtime import MeasureConfig, MeasureWorker
from .highlevel import HighLevel, high_level_programs
from .lowering import completions
from .parameters import finish, points
from .walk import Walk


@dataclass(frozen=True)
class ExploreConfig:
    """Knobs of an exploration (defaults: a run of a few minutes on PoCL at `small` sizes)."""

    max_programs: int = 30  # stage 1: distinct high-level programs reached by rewrites (the start program included)
    depth: int = 2  # stage 1: rewrite depth
    lowered: int = 8  # stage 2: lowered programs per high-level program
    samples: int = 2  # stage 3: points of the tuning decisions per lowered program
    seed: int = 0
    named: bool = True  # stage 1: also the named lowerings and the rewrite-point program of the first decision
    profile: str = "generic"  # device profile whose limits the route's tuning values respect (PROFILES)
    run: bool = True  # check every kernel on the device
    jobs: int = 0  # measurement workers in parallel (0: min(2, cpu count))
    device: str | None = None  # device selection for MeasureWorker (None: LIFT_GYM_DEVICE or the default)
    max_kernels: int | None = None  # stop generating after this many distinct kernels
    keep_failures: int = 20  # failures kept with their program text in the report

    def options(self) -> decisions.Options:
        """The route's options: at most `depth` rewrites (one when only the named programs are asked for)."""
        return decisions.Options(max_rewrites=max(self.depth, int(self.named)), limits=device_profile(self.profile))


@dataclass
class Failure:
    """A kernel (or program) that failed: where, why, and how to rebuild it."""

    stage: str  # "stage N" (a CompilerError or crash of the route) or a Measurement status
    message: str
    program: str  # print_program text of the lowered (else high-level) program
    sizes: dict[str, int]
    params: dict[str, int]  # the tuning values
    trace: tuple[str, ...] = ()  # the decisions taken, in words


@dataclass
class ExploreReport:
    uri: str
    sizes: dict[str, int]
    config: dict
    high_level: int = 0  # programs reached by rewrites (the start program included)
    high_level_by_depth: dict[int, int] = field(default_factory=dict)
    named: list[str] = field(default_factory=list)  # the named programs explored besides them
    lowered: int = 0
    param_points: int = 0
    kernels: int = 0  # distinct kernels generated
    duplicate_kernels: int = 0  # points whose kernel equals one already generated
    codegen_failures: dict[str, int] = field(default_factory=dict)  # CompilerError of the route, "stage N: head"
    codegen_crashes: dict[str, int] = field(default_factory=dict)  # any other exception, "stage N: head"
    checked: int = 0
    status: dict[str, int] = field(default_factory=dict)  # Measurement.status -> count
    failures: list[Failure] = field(default_factory=list)  # crashes and device failures (bugs)
    codegen_examples: list[Failure] = field(default_factory=list)  # one per codegen failure head
    seconds: dict[str, float] = field(default_factory=dict)
    device: str = ""

    @property
    def passed(self) -> int:
        return self.status.get("ok", 0)

    @property
    def failed(self) -> int:
        return self.checked - self.passed

    @property
    def codegen_failed(self) -> int:
        return sum(self.codegen_failures.values()) + sum(self.codegen_crashes.values())

    def to_dict(self) -> dict:
        d = asdict(self)
        d["passed"], d["failed"], d["codegen_failed"] = self.passed, self.failed, self.codegen_failed
        return d

    def text(self) -> str:
        c = self.config
        lines = [
            f"explore {self.uri}  sizes {self.sizes}",
            f"  config: depth {c['depth']}, max {c['max_programs']} high-level, {c['lowered']} lowered each, "
            f"{c['samples']} tuning points each, seed {c['seed']}, profile {c['profile']}",
            f"  stage 1  high-level programs   {self.high_level:6d}   by depth "
            + ", ".join(f"{k}: {v}" for k, v in sorted(self.high_level_by_depth.items()))
            + (f"; named: {', '.join(self.named)}" if self.named else ""),
            f"  stage 2  lowered programs      {self.lowered:6d}",
            f"  stage 3  tuning points         {self.param_points:6d}",
            f"  codegen  kernels generated     {self.kernels:6d}   (duplicates {self.duplicate_kernels}, "
            f"codegen failures {self.codegen_failed})",
        ]
        for head, n in sorted(self.codegen_failures.items(), key=lambda kv: -kv[1]):
            lines.append(f"      {n:5d}  {head}")
        for head, n in sorted(self.codegen_crashes.items(), key=lambda kv: -kv[1]):
            lines.append(f"      {n:5d}  CRASH {head}")
        if self.checked:
            lines.append(f"  device   kernels checked       {self.checked:6d}   passed {self.passed}, failed "
                         f"{self.failed}  ({self.device})")
            for st, n in sorted(self.status.items(), key=lambda kv: -kv[1]):
                lines.append(f"      {n:5d}  {st}")
        elif not c["run"]:
            lines.append("  device   not run (--no-run)")
        for f in self.failures:
            lines += [f"  FAILED ({f.stage}) {'; '.join(f.trace)}: {_one_line(f.message, 300)}",
                      *("      " + ln for ln in f.program.splitlines())]
        lines.append("  wall time: " + ", ".join(f"{k} {v:.1f} s" for k, v in self.seconds.items()))
        return "\n".join(lines)


def _one_line(text: str, limit: int = 120) -> str:
    return " ".join(text.split())[:limit]


def message_head(text: str, limit: int = 90) -> str:
    """The kind of an error message: its first line, numbers and quoted names abstracted, truncated."""
    line = _one_line(text.split("\n")[0], 400)
    line = re.sub(r"\b(kernel|buffer) \w+", r"\1 _", line)
    line = re.sub(r"\d+", "N", line)
    return line[:limit]


@dataclass
class Candidate:
    """A kernel of the exploration: the route's walk to DONE and the high-level program it came from."""

    walk: Walk
    high_level: HighLevel

    @property
    def kernel(self):  # compiler.codegen.KernelProgram
        return self.walk.state.kernel


def explore(uri: str, config: ExploreConfig | None = None, *, progress: bool = False,
            log: Callable[[str], None] | None = None) -> ExploreReport:
    """Run the three stages on the benchmark at `uri` (use a small preset: benchmark://lift/mm/small)."""
    bench, sizes = suite.resolve(uri)
    return explore_benchmark(bench, sizes, config, uri=uri, progress=progress, log=log)


def explore_benchmark(bench, sizes: Mapping[str, int], config: ExploreConfig | None = None, *, uri: str = "",
                      progress: bool = False, log: Callable[[str], None] | None = None) -> ExploreReport:
    """The three stages, code generation and (with `config.run`) the device check for `bench` at `sizes` (a
    suite benchmark or a program file's). `progress` shows tqdm bars on stderr; `log` receives one line per
    finished stage."""
    cfg = config or ExploreConfig()
    sizes = {k: int(v) for k, v in sizes.items()}
    route_uri = suite.uri(bench, None, **sizes)
    rng = np.random.default_rng(cfg.seed)
    say = log or (lambda _m: None)
    rep = ExploreReport(uri or route_uri, dict(sizes), asdict(cfg))
    bar = (lambda items, desc, total=None: _bar(items, True, desc, total)) if progress else None

    # stage 1 -------------------------------------------------------------------------------------------------
    t0 = time.perf_counter()
    root = decisions.start(route_uri, cfg.options())
    hls = _guard(rep, cfg, "stage 1", None, lambda: high_level_programs(
        root, cfg.depth, cfg.max_programs, rng, named=cfg.named, progress=bar)) or [HighLevel(Walk(root), 0)]
    rewritten = [h for h in hls if not h.named]
    rep.high_level = len(rewritten)
    rep.high_level_by_depth = dict(sorted(Counter(h.depth for h in rewritten).items()))
    rep.named = [h.named for h in hls if h.named]
    rep.seconds["stage1"] = time.perf_counter() - t0
    say(f"stage 1: {len(rewritten)} high-level programs, {len(rep.named)} named ({rep.seconds['stage1']:.1f} s)")

    # stage 2 -------------------------------------------------------------------------------------------------
    t0 = time.perf_counter()
    lowered: list[tuple[Walk, HighLevel]] = []
    seen: set[str] = set()
    for hl in _bar(hls, progress, "stage 2: mapping"):
        found = _guard(rep, cfg, "stage 2", hl.walk, lambda hl=hl: completions(hl.walk, cfg.lowered, rng, seen))
        lowered += [(w, hl) for w in found or ()]
    rep.lowered = len(lowered)
    rep.seconds["stage2"] = time.perf_counter() - t0
    say(f"stage 2: {len(lowered)} lowered programs ({rep.seconds['stage2']:.1f} s)")

    # stage 3 + codegen -----------------------------------------------------------------------------------------
    t0 = time.perf_counter()
    kernels: dict[str, Candidate] = {}
    for w, hl in _bar(lowered, progress, "stage 3: tuning + codegen"):
        if cfg.max_kernels is not None and len(kernels) >= cfg.max_kernels:
            break
        for pt in _guard(rep, cfg, "stage 3", w, lambda w=w: points(w, cfg.samples, rng)) or ():
            rep.param_points += 1
            done = _guard(rep, cfg, "stage 3", w, lambda w=w, pt=pt: finish(w, pt, rng), pt)
            if done is None:
                continue
            kp = done.state.kernel
            if kp.key in kernels:
                rep.duplicate_kernels += 1
                continue
            kernels[kp.key] = Candidate(done, hl)
            if cfg.max_kernels is not None and len(kernels) >= cfg.max_kernels:
                break
    rep.kernels = len(kernels)
    rep.seconds["stage3+codegen"] = time.perf_counter() - t0
    say(f"codegen: {len(kernels)} distinct kernels ({rep.seconds['stage3+codegen']:.1f} s)")

    # device --------------------------------------------------------------------------------------------------
    if cfg.run and kernels:
        t0 = time.perf_counter()
        check_kernels(bench, sizes, list(kernels.values()), cfg, rep, progress)
        rep.seconds["device"] = time.perf_counter() - t0
    rep.seconds["total"] = sum(rep.seconds.values())
    return rep


def _guard(rep: ExploreReport, cfg: ExploreConfig, stage: str, w: Walk | None, fn: Callable, point: tuple = ()):
    """`fn()`, or None with its error counted: a CompilerError as a codegen failure, anything else as a crash
    (kept with its program and decisions)."""
    try:
        return fn()
    except CompilerError as err:
        head = f"{stage}: {message_head(str(err))}"
        first = head not in rep.codegen_failures
        rep.codegen_failures[head] = rep.codegen_failures.get(head, 0) + 1
        if first and len(rep.codegen_examples) < cfg.keep_failures:
            rep.codegen_examples.append(_failure(stage, str(err), w, rep.sizes, point))
    except Exception as err:  # anything else is a crash of the route: a bug, kept with its program
        head = f"{stage}: {message_head(f'{type(err).__name__}: {err}')}"
        first = head not in rep.codegen_crashes
        rep.codegen_crashes[head] = rep.codegen_crashes.get(head, 0) + 1
        if first and len(rep.failures) < cfg.keep_failures:
            rep.failures.append(_failure(stage, f"{type(err).__name__}: {err}", w, rep.sizes, point))
    return None


def _failure(stage: str, message: str, w: Walk | None, sizes: Mapping[str, int], point: tuple = ()) -> Failure:
    if w is None:
        return Failure(stage, message, "", dict(sizes), {})
    s = w.state
    program = s.lowered if s.lowered is not None else s.high
    try:
        text = print_program(program)
    except ValueError:
        text = str(program)
    trace = (*w.text, *(f"then {v}" for v in point))
    return Failure(stage, message, text, dict(sizes), {k: int(v) for k, v in s.assignment.items()}, trace)


# --- the device check -----------------------------------------------------------------------------------------
def quick_config():
    """A MeasureConfig that checks correctness and times only a handful of launches."""
    return MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-6, min_samples=1, max_samples=1,
                         time_cap_s=2.0, watchdog_margin_s=20.0)


def check_kernels(bench, sizes: Mapping[str, int], cands: list[Candidate], cfg: ExploreConfig,
                  rep: ExploreReport, progress: bool = False) -> None:
    """Run every kernel once on the device against the benchmark's reference; counts into `rep`."""
    inputs = bench.make_inputs(dict(sizes), np.random.default_rng(cfg.seed))
    gold = np.asarray(bench.reference(inputs, dict(sizes)), dtype=np.float32)
    mcfg = quick_config()
    jobs = cfg.jobs or max(1, min(2, os.cpu_count() or 1))
    workers: queue.Queue = queue.Queue()
    made = [MeasureWorker(cfg.device) for _ in range(jobs)]
    for w in made:
        workers.put(w)
    lock = threading.Lock()

    def one(cand: Candidate):
        kp = cand.kernel
        w = workers.get()
        try:
            m = w.measure(kp, {n: inputs[n] for n in kp.inputs}, {kp.outputs[0]: gold}, mcfg)
            if not rep.device:
                rep.device = w.info.fingerprint
        finally:
            workers.put(w)
        with lock:
            rep.checked += 1
            rep.status[m.status] = rep.status.get(m.status, 0) + 1
            if m.status != "ok" and len(rep.failures) < cfg.keep_failures:
                rep.failures.append(_failure(m.status, m.message, cand.walk, sizes))
        return m.status

    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for _ in _bar(pool.map(one, cands), progress, "device: checking kernels", total=len(cands)):
                pass
    finally:
        for w in made:
            w.close()


def _bar(items, progress: bool, desc: str, total: int | None = None):
    if not progress:
        return items
    from tqdm import tqdm

    return tqdm(items, desc=desc, total=total, leave=False, dynamic_ncols=True)


__all__ = ["Candidate", "ExploreConfig", "ExploreReport", "Failure", "check_kernels", "explore",
           "explore_benchmark", "message_head", "quick_config"]
