"""The three-stage exploration driver: high-level rewrites, lowering and memory mapping, parameters; then code
generation and (optionally) a correctness check of every kernel on an OpenCL device (PoCL in CI).

    report = explore("benchmark://lift/mm/small", ExploreConfig(max_programs=30, depth=2, samples=2))
    print(report.text())          # or report.to_dict() for JSON

Stages (see the module docs of highlevel.py, lowering.py, parameters.py):
1. `high_level_programs`: BFS over the algorithmic rules to `depth`, at most `max_programs` distinct programs.
2. per high-level program (macros expanded): up to `lowered` fully lowered variants (mapping rules, output to
   global memory, memory/unrolling refinements to `memory_depth`), deduplicated across the whole run.
3. per lowered program: up to `samples` valid points of its tuning parameters; each point is compiled by
   `compiler.codegen.compile_program` (sizes and parameters bound). Kernels are deduplicated by
   `KernelProgram.key`; a `CodegenError` is counted by its message head, any other exception from the code
   generator is counted as a crash (a bug of the code generator).
Then each distinct kernel runs once on the device through `MeasureWorker` (a separate process with a
watchdog) with the benchmark's NumPy reference (float64, cast to float32) as gold; `Measurement.status`
("ok", "correctness", "compile", "launch", "timeout", ...) is counted. A non-"ok" status is a bug of the code
generator, a rule or the lowering: the report keeps the program text, sizes, parameters and message of each.
"""

from __future__ import annotations

import os
import queue
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field

import numpy as np

from .. import suite
from ..codegen import compile_program
from ..constraints import POCL_CPU
from ..errors import CodegenError
from ..ir.macros import expand_program
from ..ir.node import Program
from ..ir.printer import print_program
from ..lowering.default import copy_of_view
from ..rewrite import prepare, specialise
from ..runtime import MeasureConfig, MeasureWorker
from .highlevel import (
    DEFAULT_EXCLUDE,
    HighLevel,
    check_families,
    high_level_programs,
    param_prefix,
    tuning_params,
)
from .lowering import key, mappings, random_refinement, write_output_to_global
from .parameters import Sampler


@dataclass(frozen=True)
class ExploreConfig:
    """Knobs of an exploration (defaults: a run of a few minutes on PoCL at `small` sizes)."""

    max_programs: int = 30  # stage 1: distinct high-level programs (the start program included)
    depth: int = 2  # stage 1: rewrite depth
    lowered: int = 8  # stage 2: lowered variants per high-level program
    memory_depth: int = 1  # stage 2: memory/unrolling rule applications on top of a mapping
    samples: int = 2  # stage 3: parameter points per lowered program
    seed: int = 0
    run: bool = True  # check every kernel on the device
    jobs: int = 0  # measurement workers in parallel (0: min(2, cpu count))
    device: str | None = None  # device selection for MeasureWorker (None: LIFT_GYM_DEVICE or the default)
    max_kernels: int | None = None  # stop generating after this many distinct kernels
    keep_failures: int = 20  # failures kept with their program text in the report
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE  # stage-1 rule families left out (highlevel.FAMILIES)


@dataclass
class Failure:
    """A kernel (or program) that failed: where, why, and the program to reproduce it."""

    stage: str  # "codegen" | "crash" | a Measurement status
    message: str
    program: str  # print_program text of the lowered program
    sizes: dict[str, int]
    params: dict[str, int]
    trace: tuple[str, ...] = ()  # the stage-1 rules that led to its high-level program


@dataclass
class ExploreReport:
    uri: str
    sizes: dict[str, int]
    config: dict
    high_level: int = 0
    high_level_by_depth: dict[int, int] = field(default_factory=dict)
    lowered: int = 0
    output_not_global: int = 0  # lowered programs whose output path could not be written to global memory
    param_points: int = 0
    no_valid_params: int = 0  # lowered programs whose parameters have no valid point
    solver_fallbacks: int = 0
    solver_errors: dict[str, int] = field(default_factory=dict)
    kernels: int = 0  # distinct kernels generated
    duplicate_kernels: int = 0  # points whose kernel equals one already generated
    codegen_failures: dict[str, int] = field(default_factory=dict)  # by message head
    codegen_crashes: dict[str, int] = field(default_factory=dict)  # non-CodegenError exceptions, by head
    checked: int = 0
    status: dict[str, int] = field(default_factory=dict)  # Measurement.status -> count
    failures: list[Failure] = field(default_factory=list)  # correctness/runtime failures (bugs)
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
            f"  config: depth {c['depth']}, max {c['max_programs']} high-level, {c['lowered']} lowered each "
            f"(memory depth {c['memory_depth']}), {c['samples']} parameter samples, seed {c['seed']}",
            f"  stage 1  high-level programs   {self.high_level:6d}   by depth "
            + ", ".join(f"{k}: {v}" for k, v in sorted(self.high_level_by_depth.items())),
            f"  stage 2  lowered programs      {self.lowered:6d}   (output not writable to global: "
            f"{self.output_not_global})",
            f"  stage 3  parameter points      {self.param_points:6d}   (programs without a valid point: "
            f"{self.no_valid_params}; divisor fallback: {self.solver_fallbacks})",
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
            lines += [f"  FAILED ({f.stage}) params {f.params}: {_one_line(f.message, 300)}",
                      *("      " + ln for ln in f.program.splitlines())]
        if self.solver_errors:
            lines.append("  constraint solver errors (fell back to divisor enumeration):")
            lines += [f"      {n:5d}  {h}" for h, n in sorted(self.solver_errors.items(), key=lambda kv: -kv[1])]
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
    """A lowered program with one point of its parameters, and the kernel generated for it."""

    program: Program
    params: dict[str, int]
    high_level: HighLevel
    kernel: object = None  # compiler.codegen.KernelProgram


def explore(uri: str, config: ExploreConfig | None = None, *, progress: bool = False,
            log: Callable[[str], None] | None = None) -> ExploreReport:
    """Run the three stages on the benchmark at `uri` (use a small preset: benchmark://lift/mm/small)."""
    bench, sizes = suite.resolve(uri)
    return explore_benchmark(bench, sizes, config, uri=uri, progress=progress, log=log)


def explore_benchmark(bench, sizes: Mapping[str, int], config: ExploreConfig | None = None, *, uri: str = "",
                      progress: bool = False, log: Callable[[str], None] | None = None) -> ExploreReport:
    """The three stages, code generation and (with `config.run`) the device check for `bench` at `sizes`.
    `progress` shows tqdm bars on stderr; `log` receives one line per finished stage."""
    cfg = config or ExploreConfig()
    sizes = {k: int(v) for k, v in sizes.items()}
    rng = random.Random(cfg.seed)
    say = log or (lambda _m: None)
    rep = ExploreReport(uri or bench.uri, dict(sizes), asdict(cfg))
    prefix = param_prefix(sizes)
    sampler = Sampler()
    sampler.device = POCL_CPU

    # stage 1 -------------------------------------------------------------------------------------------------
    t0 = time.perf_counter()
    start = specialise(copy_of_view(bench.program), sizes)  # a view of the inputs is explored as their copy
    hls = high_level_programs(start, sizes, cfg.depth, cfg.max_programs, rng, prefix,
                              sampler=sampler, exclude=check_families(cfg.exclude))
    rep.high_level = len(hls)
    rep.high_level_by_depth = dict(sorted(Counter(h.depth for h in hls).items()))
    rep.seconds["stage1"] = time.perf_counter() - t0
    say(f"stage 1: {len(hls)} high-level programs ({rep.seconds['stage1']:.1f} s)")

    # stage 2 -------------------------------------------------------------------------------------------------
    t0 = time.perf_counter()
    lowered: dict[str, tuple[Program, HighLevel]] = {}
    for hl in _bar(hls, progress, "stage 2: lowering"):
        for q in lowered_variants(hl.expanded, sizes, cfg, rng, rep):
            lowered.setdefault(key(q), (q, hl))
    rep.lowered = len(lowered)
    rep.seconds["stage2"] = time.perf_counter() - t0
    say(f"stage 2: {len(lowered)} lowered programs ({rep.seconds['stage2']:.1f} s)")

    # stage 3 + codegen -----------------------------------------------------------------------------------------
    t0 = time.perf_counter()
    kernels: dict[str, Candidate] = {}
    for q, hl in _bar(list(lowered.values()), progress, "stage 3: parameters + codegen"):
        if cfg.max_kernels is not None and len(kernels) >= cfg.max_kernels:
            break
        params = tuning_params(q, prefix)
        points = sampler.sample(q, sizes, params, cfg.samples, rng)
        if not points:
            rep.no_valid_params += 1
        for pt in points:
            rep.param_points += 1
            cand = Candidate(q, dict(pt), hl)
            kp = _codegen(cand, sizes, rep, cfg)
            if kp is None:
                continue
            if kp.key in kernels:
                rep.duplicate_kernels += 1
                continue
            cand.kernel = kp
            kernels[kp.key] = cand
            if cfg.max_kernels is not None and len(kernels) >= cfg.max_kernels:
                break
    rep.kernels = len(kernels)
    rep.solver_fallbacks, rep.solver_errors = sampler.fallbacks, dict(sampler.fallback_errors)
    rep.seconds["stage3+codegen"] = time.perf_counter() - t0
    say(f"codegen: {len(kernels)} distinct kernels ({rep.seconds['stage3+codegen']:.1f} s)")

    # device --------------------------------------------------------------------------------------------------
    if cfg.run and kernels:
        t0 = time.perf_counter()
        check_kernels(bench, sizes, list(kernels.values()), cfg, rep, progress)
        rep.seconds["device"] = time.perf_counter() - t0
    rep.seconds["total"] = sum(rep.seconds.values())
    return rep


def lowered_variants(program: Program, sizes: Mapping[str, int], cfg: ExploreConfig, rng: random.Random,
                     rep: ExploreReport | None = None) -> list[Program]:
    """Stage 2 for one high-level program: up to `cfg.lowered` fully lowered programs that write their output
    to global memory. About half are plain mappings (random walks over the mapping rules), the rest are those
    mappings refined by 1..`cfg.memory_depth` random memory/unrolling moves."""
    base = prepare(expand_program(program))
    ready: dict[str, Program] = {}
    for m in mappings(base, sizes, cfg.lowered, rng):
        g = write_output_to_global(m, sizes)
        if g is None:
            if rep is not None:
                rep.output_not_global += 1
            continue
        ready.setdefault(key(g), g)
    plain = list(ready.values())
    if not plain:
        return []
    if cfg.memory_depth <= 0:
        return plain
    n_plain = min(len(plain), max(1, (cfg.lowered + 1) // 2))
    out = {key(p): p for p in rng.sample(plain, n_plain)}
    for _ in range(20 * cfg.lowered):
        if len(out) >= cfg.lowered:
            break
        q = random_refinement(rng.choice(plain), sizes, cfg.memory_depth, rng)
        if q is not None:
            out.setdefault(key(q), q)
    return list(out.values())


def _codegen(cand: Candidate, sizes: Mapping[str, int], rep: ExploreReport, cfg: ExploreConfig):
    env = {**sizes, **cand.params}
    try:
        return compile_program(cand.program, env)
    except CodegenError as err:
        head = message_head(str(err))
        first = head not in rep.codegen_failures
        rep.codegen_failures[head] = rep.codegen_failures.get(head, 0) + 1
        if first and len(rep.codegen_examples) < cfg.keep_failures:
            rep.codegen_examples.append(_failure("codegen", str(err), cand, sizes))
    except Exception as err:  # anything else is a crash of the code generator: a bug, kept with its program
        head = message_head(f"{type(err).__name__}: {err}")
        first = head not in rep.codegen_crashes
        rep.codegen_crashes[head] = rep.codegen_crashes.get(head, 0) + 1
        if first and len(rep.failures) < cfg.keep_failures:
            rep.failures.append(_failure("crash", f"{type(err).__name__}: {err}", cand, sizes))
    return None


def _failure(stage: str, message: str, cand: Candidate, sizes: Mapping[str, int]) -> Failure:
    try:
        text = print_program(cand.program)
    except ValueError:
        text = str(cand.program)
    return Failure(stage, message, text, dict(sizes), dict(cand.params), cand.high_level.trace)


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
                rep.failures.append(_failure(m.status, m.message, cand, sizes))
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
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=desc, total=total, leave=False, dynamic_ncols=True)
