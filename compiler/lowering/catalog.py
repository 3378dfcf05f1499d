"""Named lowerings per benchmark, with their tuning parameters.

    lowerings("mm")                    -> {"default": Lowering, "tiled": Lowering}
    low = lowerings("mm")["tiled"]
    lowered = low(sizes)               # default parameter values for these sizes
    lowered = low(sizes, {"TM": 32})   # some values overridden (the rest chosen)
    interpret(lowered.program, inputs, lowered.env)

A `Lowering` builds a program that takes the benchmark program's parameters (same names, same types), so the
benchmark's inputs and reference apply unchanged. Its tuning parameters are size variables of the lowered program
(`split(TM)`, `slideND(θ, θ, ...)`), bound to values in `Lowered.params`; `Lowered.env` (benchmark sizes and
parameter values together) is what the interpreter and the code generator take; `Lowered.concrete()` is the
program with every size substituted. Parameter values that break a constraint raise `LoweringError` naming
the constraint.
"""

from __future__ import annotations

import functools

from ..suite import SUITE, Benchmark, get, list_benchmarks
from . import blas1, conv, gemv, mm, stencil
from .default import default_lowering, is_lowered
from .lowered import Lowered, Lowering, Sizes, default_launches
from .util import LoweringError


def _default(bench) -> Lowering:
    def build(sizes, params):  # a user program written lowered is compiled as written
        p = bench.program if is_lowered(bench.program) else default_lowering(bench.program, sizes)
        return p, default_launches(p, sizes), {}

    return Lowering(bench.name, "default",
                    "generic lowering (compiler.lowering.default): mapGlb over the output nest, mapSeq/reduceSeq "
                    "inside, a chain of kernels for scalar reductions", (), build, lambda s: {}, lambda s, v: [])


@functools.cache
def _registry() -> dict[str, dict[str, Lowering]]:
    out: dict[str, dict[str, Lowering]] = {}
    for b in list_benchmarks():
        lows = {"default": _default(b)}
        # a module's "default" (2-D stencils: rowsPerItem) replaces the generic one
        for module in (mm, stencil, conv, gemv, blas1):
            for low in module.lowerings_for(b):
                lows[low.name] = low
        out[b.name] = lows
    return out


def lowerings(benchmark: str | Benchmark) -> dict[str, Lowering]:
    """The named lowerings of a benchmark ("default" always, with the parameter rowsPerItem for the 2-D stencils;
    "tiled" for mm, gemv, scal, asum, dot and the 2-D stencils; "conv42" for conv). A user benchmark
    (compiler.suite.user), given as the Benchmark, has the default lowering only."""
    if isinstance(benchmark, Benchmark):
        if benchmark.dataset != SUITE:
            return {"default": _default(benchmark)}
        benchmark = benchmark.name
    reg = _registry()
    if benchmark not in reg:
        raise LoweringError(f"no benchmark {benchmark!r}; benchmarks: {', '.join(reg)}")
    return dict(reg[benchmark])


def lower(benchmark: str, lowering: str = "default", sizes: Sizes | str = "small",
          params: Sizes | None = None) -> Lowered:
    """`lowerings(benchmark)[lowering](sizes, params)`; sizes may name a preset of the benchmark."""
    if isinstance(sizes, str):
        sizes = get(benchmark).sizes(sizes)
    lows = lowerings(benchmark)
    if lowering not in lows:
        raise LoweringError(f"{benchmark} has no lowering {lowering!r}; lowerings: {', '.join(lows)}")
    return lows[lowering](sizes, params)
