"""What a `lift-gym` subcommand is, and the helpers the subcommands share (targets, sizes, random inputs).

A subcommand is a `Command`: `@command(name, help, configure)` turns the decorated `run(args) -> int` into one,
where `configure(parser)` adds its arguments. `agents.cli` lists every command explicitly.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

import numpy as np

from compiler import arith, suite
from compiler.ir.node import Program
from compiler.ir.parser import parse_program
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
    with open(text, encoding="utf-8") as fh:
        source = fh.read()
    if size is not None:
        raise CliError("--size names a benchmark preset; give a program file's sizes with --sizes K=V,...")
    prog = parse_program(source)
    return Target(text, prog, overrides)


def program_sizes(prog: Program) -> list[str]:
    """The size variables of a program's parameter types, sorted."""
    return sorted(set().union(*(size_names(p.type) for p in prog.params if p.type is not None)))


def random_inputs(prog: Program, sizes: dict[str, int], rng: np.random.Generator) -> dict:
    """Uniform [0, 1) floats (ints in [0, 10), random bools) for every parameter of a program file."""

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
