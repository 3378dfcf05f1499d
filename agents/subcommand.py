"""What a `lift-gym` subcommand is, and the helpers the subcommands share (targets, sizes, random inputs).

A subcommand is a `Command`: `@command(name, help, configure)` turns the decorated `run(args) -> int` into one,
where `configure(parser)` adds its arguments. `agents.cli` lists every command explicitly.

Every numeric option is read by one of the argparse `type=` functions below (`positive_int`, `nonnegative_int`,
`seed`, `finite_positive_float`): a value out of range, not finite or not an integer is a one-line usage error.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

import numpy as np

from compiler import arith, suite
from compiler.errors import ParseError
from compiler.ir.node import Program
from compiler.ir.parser import MAX_SOURCE_BYTES, parse_program
from compiler.suite.common import input_size_error
from compiler.types import ArrayType, ScalarType, TupleType, VectorType, size_names


class CliError(Exception):
    """A usage or input error: printed as one line, exit status 2."""


@dataclass(frozen=True)
class Command:
    """One subcommand: its name and help line, how it adds its arguments and what it runs."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def command(name: str, help: str, configure: Callable[[argparse.ArgumentParser], None] | None = None):
    """Make the decorated `run(args) -> int` the subcommand `name`."""

    def deco(run: Callable[[argparse.Namespace], int]) -> Command:
        return Command(name, help, configure or (lambda p: None), run)

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
        return suite.uri(self.benchmark, None, **self.sizes)


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


def load_target(text: str, size: str | None = None, sizes_text: str | None = None) -> Target:
    """A benchmark URI (with --size preset and --sizes overrides) or a program file (sizes from --sizes)."""
    overrides = parse_sizes(sizes_text)
    if text.startswith(f"{suite.SCHEME}:"):
        bench, sizes = suite.resolve(text)
        if size is not None:
            explicit = {k: int(v) for k, v in parse_qsl(urlsplit(text).query) if k != "size"}
            sizes = {**suite.preset_sizes(bench, size), **explicit}
        unknown = [k for k in overrides if k not in bench.size_keys]
        if unknown:
            raise CliError(f"{bench.name} has no size {', '.join(unknown)}; valid keys: {', '.join(bench.size_keys)}")
        sizes.update(overrides)
        err = bench.size_error(sizes)
        if err:
            raise CliError(f"{bench.name}: {err}")
        return Target(text, bench.program, sizes, bench)
    if not os.path.isfile(text):
        raise CliError(f"{text!r} is neither a benchmark URI (benchmark://lift/NAME) nor a program file")
    if size is not None:
        raise CliError("--size names a benchmark preset; give a program file's sizes with --sizes K=V,...")
    return Target(text, parse_program(read_program_text(text)), overrides)


def read_program_text(path: str) -> str:
    """The text of a program file: at most MAX_SOURCE_BYTES bytes of UTF-8 (a ParseError or CliError otherwise,
    checked before the whole file is read)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_SOURCE_BYTES + 1)
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror}") from None
    if len(data) > MAX_SOURCE_BYTES:
        raise ParseError(f"{path} is longer than the limit of {MAX_SOURCE_BYTES} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[:err.start]
        line, col = before.count(b"\n") + 1, err.start - before.rfind(b"\n")
        raise ParseError(f"{path} is not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start})",
                         line, col) from None


def program_sizes(prog: Program) -> list[str]:
    """The size variables of a program's parameter types, sorted."""
    return sorted(set().union(*(size_names(p.type) for p in prog.params if p.type is not None)))


def random_inputs(prog: Program, sizes: dict[str, int], rng: np.random.Generator) -> dict:
    """Uniform [0, 1) floats (ints in [0, 10), random bools) for every parameter of a program file; a CliError
    before any allocation when the inputs would be too large (compiler.suite.common.input_size_error)."""
    err = input_size_error(prog, sizes)
    if err:
        raise CliError(f"{prog.name}: {err}")

    def gen(t, dims: list[int]):
        if isinstance(t, ArrayType | VectorType):
            return gen(t.elem, [*dims, arith.evaluate(t.n, sizes)])
        if isinstance(t, TupleType):
            return tuple(gen(e, dims) for e in t.elems)
        if isinstance(t, ScalarType):
            if t.name in ("float", "double"):
                return rng.uniform(0, 1, size=dims).astype(np.float32 if t.name == "float" else np.float64)
            if t.name == "int":
                return rng.integers(0, 10, size=dims).astype(np.int32)
            return rng.integers(0, 2, size=dims).astype(bool)
        raise CliError(f"cannot generate random inputs of type {t}")

    return {p.name: gen(p.type, []) for p in prog.params}
