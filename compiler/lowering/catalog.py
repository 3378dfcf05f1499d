"""Named lowerings of a benchmark, by the shape of its program, with their tuning parameters.

    lowerings("mm")                    -> {"default": Lowering, "tiled": Lowering}
    lowerings(load_benchmark("my_mm.lift"))   -> the same lowerings for a user's matrix product
    STRATEGIES                         # the strategy modules' records: what shape each needs, what it follows
    low = lowerings("mm")["tiled"]
    lowered = low(sizes)               # default parameter values for these sizes
    lowered = low(sizes, {"TM": 32})   # some values overridden (the rest chosen)
    interpret(lowered.program, inputs, lowered.env)

A kernel is built on the one route (`decisions`): a named lowering's decisions (`presets.named_preset`) choose it
there, and its template stage binds these lowerings (`templates.TemplateProblem.lowered`).

A `Lowering` builds a program that takes the benchmark program's parameters (same names, same types), so the
benchmark's inputs and reference apply unchanged. Its tuning parameters are size variables of the lowered program
(`split(TM)`, `slideND(θ, θ, ...)`), bound to values in `Lowered.params`; `Lowered.env` (benchmark sizes and
parameter values together) is what the interpreter and the code generator take; `Lowered.concrete()` is the
program with every size substituted. Parameter values that break a constraint raise `LoweringError` naming
the constraint.

Which lowerings a program gets is decided by each strategy module's `lowerings_for(bench)`, from the program's
structure (`compiler.lowering.shape`, `stencil.match`), never from the benchmark's name.
"""

from __future__ import annotations

from ..ir.node import RewritePoint, walk
from ..suite import Benchmark, get
from . import blas1, conv, conv_chw, conv_hwc, gemv, mm, rows, stencil, stencil3d
from .default import default_lowering, is_lowered
from .lowered import Lowering, Strategy, default_launches
from .util import LoweringError


def _default(bench) -> Lowering:
    def build(sizes, params):  # a user program written lowered is compiled as written
        p = bench.program if is_lowered(bench.program) else default_lowering(bench.program, sizes)
        return p, default_launches(p, sizes), {}

    return Lowering(bench.name, "default",
                    "generic lowering (compiler.lowering.default): mapGlb over the output nest, mapSeq/reduceSeq "
                    "inside, a chain of kernels for scalar reductions", (), build, lambda s: {}, lambda s, v: [])


# each offers its lowerings to the programs of its shape
STRATEGY_MODULES = (mm, stencil, stencil3d, conv, gemv, blas1, rows, conv_chw, conv_hwc)
STRATEGIES = tuple(m.STRATEGY for m in STRATEGY_MODULES)

# the tuning parameters a switch of the environment's configuration fixes, and their values, when it is off (as
# the env versions before the switch had them): configuration key -> ((parameter, value), ...)
PINNED_WHEN_OFF = {"column_blocks": ((stencil.COLS_PER_ITEM, 1),),
                   "conv_fusion": ((conv.PAD_VIEW, 0), (conv.CROP_VIEW, 0)),
                   "last_group": ((blas1.LAST_GROUP, 0),), "transposed_a": ((mm.TRANSPOSED_A, 0),),
                   "prefetch": ((mm.PREFETCH, 0),), "split_k": ((mm.SPLIT_K, 1),)}


def strategies_of(bench: Benchmark) -> list[tuple[Strategy, tuple[str, ...]]]:
    """Each strategy with the lowerings it offers this benchmark's program (none: the program has not its shape)."""
    return [(m.STRATEGY, tuple(low.name for low in m.lowerings_for(bench))) for m in STRATEGY_MODULES]


def _table(bench: Benchmark) -> dict[str, Lowering]:
    lows = {"default": _default(bench)}
    for module in STRATEGY_MODULES:  # a module's "default" (2-D stencils: rowsPerItem) replaces the generic one
        for low in module.lowerings_for(bench):
            if low.name == "default" or low.name not in lows:  # else an earlier strategy's lowering of the name
                lows[low.name] = low
    return lows


_TABLES: dict[tuple, dict[str, Lowering] | None] = {}  # (dataset, name, program) -> lowerings; None: rewrite points
MAX_TABLES = 256


def lowerings(benchmark: str | Benchmark) -> dict[str, Lowering]:
    """The named lowerings of a benchmark: "default" always, and each lowering whose shape the program has
    (found by structure, `compiler.lowering.shape`, never by the benchmark's name): "tiled" for matrix products,
    matrix-vector products, elementwise maps and vector reductions and the 2-D stencils (whose "default" has
    the parameters rowsPerItem and colsPerItem), "conv42" and "tiled" (an implicit matrix product) for HWC
    convolutions, "tiled" for CHW ones. A suite benchmark may be given by name; a user benchmark
    (compiler.suite.user) as the Benchmark."""
    bench = get(benchmark) if isinstance(benchmark, str) else benchmark
    key = (bench.dataset, bench.name, bench.program)
    if key not in _TABLES:  # the program is walked and matched once (templates ask on every decision)
        if len(_TABLES) >= MAX_TABLES:
            _TABLES.pop(next(iter(_TABLES)))
        points = any(isinstance(n, RewritePoint) for _, n in walk(bench.program))
        _TABLES[key] = None if points else _table(bench)
    table = _TABLES[key]
    if table is None:
        raise LoweringError(f"{bench.name}: a program with rewrite points has no named lowerings (its designs are "
                            f"values of its rewrite points)")
    return dict(table)
