"""What a `lift-gym` subcommand is, and the helpers the subcommands share (targets, sizes, random inputs).

A subcommand is a `Command`: `@command(name, help, configure)` turns the decorated `run(args) -> int` into one,
where `configure(parser)` adds its arguments. `CATALOG` names every command, its help line and the module that
defines it, so that `agents.cli` lists them all without importing any (a module is imported when its command
runs or prints its own help); a command defined there takes its help line from `CATALOG` when it gives none.

This module imports nothing heavy at start-up (NumPy and the compiler are imported by the helpers that use them).

Every numeric option is read by one of the argparse `type=` functions below (`positive_int`, `nonnegative_int`,
`seed`, `finite_positive_float`): a value out of range, not finite or not an integer is a one-line usage error.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from compiler import suite
    from compiler.ir.node import Program

# every subcommand, in `lift-gym --help` order: name -> (the module defining it, its one-line help)
CATALOG: dict[str, tuple[str, str]] = {
    "benchmarks": ("agents.cli", "list the benchmark datasets (URIs, presets, default and small sizes)"),
    "show": ("agents.cli", "print a program's text form and its type, or an episode record's final program"),
    "check": ("agents.cli", "type-check a program and compare the interpreter with the NumPy reference"),
    "train": ("agents.commands", "train MaskablePPO on LiftGym from a YAML preset (checkpoints, resume, logs)"),
    "search": ("agents.commands", "search baselines (random, greedy, beam, knn, presets, sweep) over LiftGym's "
               "actions"),
    "evaluate": ("agents.commands", "compare a trained policy with search baselines at equal numbers of "
                 "evaluations"),
    "pipeline": ("agents.commands", "the whole job, resumable: measure kernels, fit the kNN model, train "
                 "MaskablePPO on its predicted rewards, evaluate the policy against search baselines (with the "
                 "config's pipeline.eval_reward: predicted in configs/pipeline.yaml)"),
    "replay": ("agents.commands", "re-run an episode record's actions, re-evaluate its reward and print its final "
               "program"),
    "validate": ("agents.commands", "replay an episode record and check versions, hashes, correctness and reward "
                 "(exit 1 on failure)"),
    "explore": ("agents.explore_cmd", "Lift's three-stage exploration of a benchmark over the decision route: "
                "rewrite, map, sample tuning values, generate and check kernels"),
    "run": ("agents.run_cmd", "generate, build, check and measure a program on an OpenCL device"),
    "strategies": ("agents.strategies_cmd", "list the strategies (named lowerings derived by rules), the program shape "
                   "each needs, and which apply to a program"),
    "space": ("agents.space_cmd", "show a program's tuning parameters, constraints, valid points and parallel "
              "mappings"),
    "fit": ("agents.fit_cmd", "fit the predicted reward's kNN model on a measurement store, one model file per "
            "device"),
    "knn-study": ("agents.knn_study_cmd", "seed 000's kNN study on a measurement store (leave-one-program-out "
                  "correlation, runs to 90% of the best vs random order)"),
}


class CliError(Exception):
    """A usage or input error: printed as one line, exit status 2."""


@dataclass(frozen=True)
class Command:
    """One subcommand: its name and help line, how it adds its arguments and what it runs."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def command(name: str, help: str | None = None, configure: Callable[[argparse.ArgumentParser], None] | None = None):
    """Make the decorated `run(args) -> int` the subcommand `name` (help: its `CATALOG` line when omitted)."""
    text = help if help is not None else CATALOG[name][1]

    def deco(run: Callable[[argparse.Namespace], int]) -> Command:
        return Command(name, text, configure or (lambda p: None), run)

    return deco


# --- numbers of the command line (argparse `type=` functions) ---------------------------------------------------
MAX_SEED = 2**32 - 1  # NumPy's legacy seeding (used by SB3) takes seeds below 2**32
MAX_COUNT = 10**9  # the largest count option (budgets, steps, kernels): beyond it a run would never end


def _integer(text: str, what: str, lo: int, hi: int) -> int:
    try:
        n = int(text.strip().replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if not lo <= n <= hi:
        limit = f" (at most {hi})" if n > hi and str(hi) not in what else ""
        raise argparse.ArgumentTypeError(f"expected {what}{limit}, got {text!r}")
    return n


def positive_int(text: str) -> int:
    """An integer in [1, MAX_COUNT]."""
    return _integer(text, "a positive integer", 1, MAX_COUNT)


def nonnegative_int(text: str) -> int:
    """An integer in [0, MAX_COUNT]."""
    return _integer(text, "an integer >= 0", 0, MAX_COUNT)


MAX_JOBS = 256  # the most workers a command starts in parallel (each opens its own device context)


def jobs(text: str) -> int:
    """A number of parallel workers: an integer in [0, MAX_JOBS] (0: the command's default)."""
    return _integer(text, f"a number of workers in [0, {MAX_JOBS}]", 0, MAX_JOBS)


def seed(text: str) -> int:
    """A random seed: an integer in [0, MAX_SEED]."""
    return _integer(text, f"a seed in [0, {MAX_SEED}]", 0, MAX_SEED)


def finite_positive_float(text: str) -> float:
    """A finite number > 0 (no nan, no inf)."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}") from None
    if not (math.isfinite(x) and x > 0):
        raise argparse.ArgumentTypeError(f"expected a finite positive number, got {text!r}")
    return x


MAX_SECONDS = 86400.0  # the longest time option (a day): longer ones overflow timers


def seconds(text: str) -> float:
    """A duration: a finite number of seconds in (0, MAX_SECONDS]."""
    x = finite_positive_float(text)
    if x > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_SECONDS:g} seconds, got {text!r}")
    return x


# --- targets: benchmark URIs and program files ---------------------------------------------------------------
@dataclass
class Target:
    """A program to work on: a benchmark URI with its sizes, or a program file with the sizes given."""

    text: str
    program: Program
    sizes: dict[str, int]
    benchmark: suite.Benchmark | None = None

    @property
    def label(self) -> str:
        """The benchmark's URI with these sizes, or the file name."""
        if self.benchmark is None:
            return self.text
        from compiler import suite

        return suite.uri(self.benchmark, None, **self.sizes)

    @property
    def checked(self) -> bool:
        """Whether the target has a reference of its own (not only its interpreter) to check against."""
        from compiler import suite

        return self.benchmark is not None and self.benchmark.reference_name != suite.INTERPRETER


def configure_target(p: argparse.ArgumentParser, sizes_help: str) -> None:
    """The URI|FILE argument with --size and --sizes."""
    p.add_argument("target", metavar="URI|FILE", help="benchmark URI (benchmark://lift/NAME...) or program file")
    p.add_argument("--size", metavar="NAME", help="size preset of the benchmark (default, small, vgg16-7, ...)")
    p.add_argument("--sizes", metavar="K=V,...", help=sizes_help)


def parse_sizes(text: str | None) -> dict[str, int]:
    """`M=4,N=8` -> {"M": 4, "N": 8}."""
    out: dict[str, int] = {}
    for item in (text or "").split(","):
        item = item.strip()
        if item:
            key, n = _size_item(item, out)
            out[key] = n
    return out


def _size_item(item: str, seen: dict[str, int]) -> tuple[str, int]:
    key, eq, val = item.partition("=")
    key, val = key.strip(), val.strip()
    if not eq or not key:
        raise CliError(f"bad size {item!r}: expected KEY=VALUE, e.g. --sizes M=4,N=8")
    if key in seen:
        raise CliError(f"size {key} is given twice")
    try:
        n = int(val)
    except ValueError:
        raise CliError(f"size {key}={val!r} is not an integer") from None
    if n < 1:
        raise CliError(f"size {key}={n} must be a positive integer")
    return key, n


def load_target(text: str, size: str | None = None, sizes_text: str | None = None, *,
                need_sizes: bool = True) -> Target:
    """A benchmark URI, a registered benchmark (benchmark://DATASET/NAME), a file URI or a program file, with the
    --size preset (replacing one the URI names) and --sizes overrides; every target is a Benchmark
    (compiler.suite.user for your own programs: a reference .npz beside the file, else the interpreter).
    `need_sizes=False`: sizes may be left out (the program's text form is symbolic)."""
    from compiler import suite

    overrides = parse_sizes(sizes_text)
    if "://" not in text and not os.path.isfile(text):
        raise CliError(f"{text!r} is neither a benchmark URI (benchmark://lift/NAME) nor a program file")
    bench, preset, explicit = suite.lookup(text if "://" in text else os.path.abspath(text))
    if size is not None:
        if not bench.presets:
            raise CliError(f"{text} has no size presets: give its sizes with --sizes K=V,... (or declare presets in "
                           "the file with lines '# preset NAME: K=V, ...')")
        preset = size
    sizes = {**(suite.preset_sizes(bench, preset) if preset else bench.sizes("default")), **explicit}
    unknown = [k for k in overrides if k not in bench.size_keys]
    if unknown:
        raise CliError(f"{bench.name} has no size {', '.join(unknown)}; valid keys: "
                       f"{', '.join(bench.size_keys) or 'none'}")
    sizes.update(overrides)
    missing = [k for k in bench.size_keys if k not in sizes]
    if missing and not need_sizes:
        return Target(text, bench.program, sizes, bench)
    if missing:
        raise CliError(f"{text}: give the size(s) {', '.join(missing)} with --sizes, e.g. --sizes "
                       + ",".join(f"{k}=8" for k in missing)
                       + (f" (or a preset with --size: {', '.join(bench.presets)})" if bench.presets else ""))
    err = bench.size_error(sizes)
    if err:
        raise CliError(f"{bench.name}: {err}")
    return Target(text, bench.program, sizes, bench)


def target_uri(text: str, sizes_text: str | None = None) -> str:
    """The URI of a target for the commands that take URIs (search, evaluate): a benchmark URI as given, a program
    file as its `file://` URI; with --sizes, the URI with every size explicit."""
    if "://" in text and not sizes_text:
        return text
    return load_target(text, None, sizes_text).label


def read_program_text(path: str) -> str:
    """The text of a program file (compiler.suite.user.read_program: at most MAX_SOURCE_BYTES bytes of UTF-8)."""
    from compiler.suite.user import read_program

    return read_program(path)


def program_sizes(prog: Program) -> list[str]:
    """The size variables of a program's parameter types, sorted."""
    from compiler.types import size_names

    return sorted(set().union(*(size_names(p.type) for p in prog.params if p.type is not None)))


def random_inputs(prog: Program, sizes: dict[str, int], rng: np.random.Generator) -> dict:
    """Uniform [0, 1) floats (ints in [0, 10), random bools) for every parameter of a program file; a CliError
    before any allocation when the inputs would be too large (compiler.suite.user.random_inputs)."""
    from compiler.suite.user import UserBenchmarkError
    from compiler.suite.user import random_inputs as user_random_inputs

    try:
        return user_random_inputs(prog, sizes, rng)
    except UserBenchmarkError as err:
        raise CliError(str(err)) from None
