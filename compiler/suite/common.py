"""What every benchmark of the suite is made of, and small helpers the families share.

A `Benchmark` holds a high-level program with symbolic sizes (sympy size variables such as M, N, K), a NumPy
reference written independently of the IR (float64), an input generator (float32, ranges chosen so that the
float32 program and the float64 reference agree to the suite tolerance), named size presets and static work
counts (`flops`, `bytes`) for GFLOP/s and GB/s.

Error metric (one for the whole suite): `rel_error(out, ref) = max|out - ref| / max|ref|`, the largest absolute
deviation normalised by the largest reference magnitude. It is insensitive to the scale of the data and does not
blow up on individual near-zero outputs (which a per-element relative error would); the suite tolerance is 1e-5.

Summation bound (`Summation`, `Benchmark.error_bound`): an output that is a long float32 sum is correct when it
lies within gamma_m * sum|terms| of the exact value, gamma_m = m u / (1 - m u), u = 2^-24 (Higham, Accuracy and
Stability of Numerical Algorithms, 2nd ed., Lemma 3.1 and §4.2: recursive, pairwise and every blocked order of a
sum of n terms put each term through at most n - 1 additions), m the longest chain of roundings from the float32
inputs to the output element (the additions, the operations of each term, the rounding of the float64 reference
to float32); relative to the sum of the absolute values of the terms, not to |sum|. Declared only where
gamma_m <= MAX_GAMMA: a looser bound would let a real bug through.

Input size: a binding whose inputs hold more than `max_input_elements()` scalars in all (`MAX_INPUT_ELEMENTS`,
overridden by `$LIFT_GYM_MAX_INPUT_ELEMENTS`) is refused when the sizes are resolved, before any host array is
allocated (`input_size_error`, used by `Benchmark.size_error` and for program files by the CLI).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np

from .. import arith
from ..ir.build import pad, value
from ..ir.node import Program
from ..types import FLOAT, ArrayType, TupleType, Type, VectorType, size_names

TOLERANCE = 1e-5
INTERPRETER = "interpreter"  # reference_name of a benchmark checked against the program's own interpreter
UNIT_ROUNDOFF = 2.0 ** -24  # float32, round to nearest
MAX_GAMMA = 1e-3  # a summation bound is used only where gamma_m is at most this (an error of 0.1% of sum|terms|)
MAX_INPUT_ELEMENTS = 1 << 30  # scalars in all of a program's inputs (4 GiB of float32)
MAX_INPUT_RANK = 32  # array dimensions of one input (NumPy allows 64)
ZERO = value(0, FLOAT)

Sizes = Mapping[str, int]
Inputs = dict[str, np.ndarray]


def gamma(m: int) -> float:
    """Higham's gamma_m = m u / (1 - m u) for float32 (inf when m u >= 1: no bound)."""
    mu = m * UNIT_ROUNDOFF
    return mu / (1.0 - mu) if mu < 1.0 else float("inf")


@dataclass(frozen=True)
class Summation:
    """How each output element of a benchmark is summed: `roundings(sizes)`, the longest chain of float32
    roundings from the inputs to an element (the additions of the sum, the operations of a term, an epilogue;
    the reference's rounding to float32 is added by `bound`); `magnitude(inputs, sizes)`, the sum of the absolute
    values of the element's terms (float64, shaped like the reference)."""

    roundings: Callable[[Sizes], int]
    magnitude: Callable[[Inputs, Sizes], np.ndarray]

    def gamma(self, sizes: Sizes) -> float:
        return gamma(self.roundings(sizes) + 1)  # + 1: the float64 reference rounded to the float32 gold

    def bound(self, inputs: Inputs, sizes: Sizes) -> np.ndarray | None:
        """Per output element, gamma_m * sum|terms| (None where gamma_m > MAX_GAMMA: the sum is too long)."""
        g = self.gamma(sizes)
        if g > MAX_GAMMA:
            return None
        return g * np.abs(np.asarray(self.magnitude(inputs, sizes), dtype=np.float64))


def on_magnitudes(reference: Callable[[Inputs, Sizes], np.ndarray]) -> Callable[[Inputs, Sizes], np.ndarray]:
    """sum|terms| of a reference that is a sum of products of inputs (dot, mm, conv, gemv): the reference itself
    evaluated on the absolute values of the inputs."""
    return lambda inputs, sizes: reference({k: np.abs(v) for k, v in inputs.items()}, sizes)


@dataclass(frozen=True, repr=False)
class Benchmark:
    """One program of the suite.

    `presets` maps a preset name (`default`, `small`, `small2`, and named ones such as `vgg16-7`) to a binding of
    every size variable of the program. `reference(inputs, sizes)` and `make_inputs(sizes, rng)` work on the
    program's parameter names; `flops(sizes)` / `bytes(sizes)` count the arithmetic operations the program
    performs and the compulsory DRAM traffic (every input read once, the output written once).
    """

    name: str
    family: str
    program: Program
    reference: Callable[[Inputs, Sizes], np.ndarray]
    make_inputs: Callable[[Sizes, np.random.Generator], Inputs]
    presets: Mapping[str, Mapping[str, int]]
    flops: Callable[[Sizes], int]
    bytes: Callable[[Sizes], int]
    description: str = ""
    tolerance: float = TOLERANCE
    summation: Summation | None = None  # outputs that are long float32 sums: their error bound (`error_bound`)
    check_sizes: Callable[[Sizes], str | None] | None = None  # extra validity rule: an error message or None
    dataset: str = "lift"  # the suite; a user benchmark's dataset otherwise (compiler.suite.user)
    uri_base: str = ""  # the URI without sizes when not benchmark://lift/NAME (a file's file:// URI)
    reference_name: str = "NumPy reference"  # what correctness is checked against ("interpreter": the program's own)
    path: str = ""  # the program file of a user benchmark
    reference_sizes: Mapping[str, int] | None = None  # the only sizes a fixed reference (.npz) is for; else INTERPRETER
    _keys: tuple[str, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self):
        keys = tuple(sorted(set().union(*(size_names(p.type) for p in self.program.params))))
        object.__setattr__(self, "_keys", keys)
        object.__setattr__(self, "presets", MappingProxyType({k: MappingProxyType(dict(v))
                                                              for k, v in self.presets.items()}))
        for name in ("default", "small") if self.dataset == "lift" else ():
            if name not in self.presets:
                raise ValueError(f"benchmark {self.name}: missing size preset {name!r}")
        for name, sizes in self.presets.items():
            err = self.size_error(sizes)
            if err:
                raise ValueError(f"benchmark {self.name}: preset {name}: {err}")

    def __repr__(self) -> str:
        return f"Benchmark({self.name})"

    @property
    def size_keys(self) -> tuple[str, ...]:
        """The program's size variables (sorted)."""
        return self._keys

    @property
    def uri(self) -> str:
        return self.uri_base or f"benchmark://lift/{self.name}"

    def error_bound(self, inputs: Inputs, sizes: Sizes) -> np.ndarray | None:
        """Per output element, the absolute deviation from the float32 gold that a correct float32 evaluation
        may show (the summation bound, see the module doc; flat), or None: the rtol/atol check alone."""
        if self.summation is None:
            return None
        b = self.summation.bound(inputs, sizes)
        return None if b is None else b.reshape(-1)

    def reference_at(self, sizes: Sizes) -> str:
        """What correctness is checked against at `sizes`: `reference_name`, or INTERPRETER at sizes other than
        the ones a fixed reference is for (`reference_sizes`)."""
        if self.reference_sizes is None or dict(sizes) == dict(self.reference_sizes):
            return self.reference_name
        return INTERPRETER

    def sizes(self, preset: str = "default") -> dict[str, int]:
        """The sizes of a preset (a user benchmark without that preset: {}, its sizes must be given)."""
        if preset not in self.presets and self.dataset != "lift":
            return {}
        return dict(self.presets[preset])

    def size_error(self, sizes: Sizes) -> str | None:
        """Why `sizes` is not a valid binding of this benchmark's size variables, or None."""
        missing = [k for k in self.size_keys if k not in sizes]
        if missing:
            return f"missing size(s) {', '.join(missing)}"
        unknown = [k for k in sizes if k not in self.size_keys]
        if unknown:
            return f"unknown size(s) {', '.join(unknown)}; valid keys: {', '.join(self.size_keys)}"
        bad = [f"{k}={v!r}" for k, v in sizes.items() if isinstance(v, bool) or not isinstance(v, int) or v < 1]
        if bad:
            return f"sizes must be positive integers: {', '.join(bad)}"
        return (self.check_sizes(sizes) if self.check_sizes else None) or input_size_error(self.program, sizes)


def max_input_elements() -> int:
    """The most scalars a program's inputs may hold: `$LIFT_GYM_MAX_INPUT_ELEMENTS`, else MAX_INPUT_ELEMENTS."""
    text = os.environ.get("LIFT_GYM_MAX_INPUT_ELEMENTS", "").strip()
    if text.isdigit() and int(text) > 0:
        return int(text)
    return MAX_INPUT_ELEMENTS


def input_size_error(program: Program, sizes: Sizes) -> str | None:
    """Why the inputs of `program` at `sizes` cannot be allocated (a negative length, too many dimensions, more
    scalars than `max_input_elements()`), or None; computed from the parameter types, allocating nothing."""
    limit = max_input_elements()
    total = 0
    for p in program.params:
        if p.type is None:
            continue
        try:
            n, rank = _elements(p.type, sizes)
        except (KeyError, ValueError, TypeError) as err:
            return f"parameter {p.name}: {err}"
        if isinstance(n, str):
            return f"parameter {p.name}: {n}"
        if rank > MAX_INPUT_RANK:
            return f"parameter {p.name} has {rank} dimensions, more than the limit of {MAX_INPUT_RANK}"
        total += n
    if total > limit:
        return (f"the inputs hold {total if total < 10**30 else 'more than 1e30'} scalars at these sizes, more than "
                f"the limit of {limit} (set LIFT_GYM_MAX_INPUT_ELEMENTS to raise it)")
    return None


def _elements(t: Type, sizes: Sizes, rank: int = 0) -> tuple[int | str, int]:
    """(scalars in a value of type t, or why a length is invalid; array dimensions)."""
    if isinstance(t, TupleType):
        parts = [_elements(e, sizes, rank) for e in t.elems]
        bad = next((n for n, _ in parts if isinstance(n, str)), None)
        if bad is not None:
            return bad, rank
        return sum(n for n, _ in parts), max((r for _, r in parts), default=rank)  # type: ignore[misc]
    if isinstance(t, ArrayType | VectorType):
        if rank > MAX_INPUT_RANK:
            return 0, rank
        n = arith.evaluate(t.n, sizes)
        if n < 0:
            return f"the length {t.n} is {n} at these sizes", rank
        inner, r = _elements(t.elem, sizes, rank + 1)
        if isinstance(inner, str):
            return inner, r
        return n * inner, r
    return 1, rank


def rel_error(out: np.ndarray, ref: np.ndarray) -> float:
    """max|out - ref| / max|ref| (0 when both are all zero); shapes must agree."""
    out = np.asarray(out, dtype=np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    if out.shape != ref.shape:
        raise ValueError(f"output shape {out.shape} differs from the reference shape {ref.shape}")
    if out.size == 0:
        return 0.0
    if not np.all(np.isfinite(out)):
        return float("inf")
    scale = float(np.max(np.abs(ref)))
    diff = float(np.max(np.abs(out - ref)))
    if scale == 0.0:
        return diff
    return diff / scale


def f32(x) -> np.ndarray:
    return np.ascontiguousarray(x, dtype=np.float32)


def scalar(x: float) -> np.ndarray:
    """A 0-d float32 array: the value of a `float` program parameter."""
    return np.asarray(x, dtype=np.float32)


def uniform(rng: np.random.Generator, lo: float, hi: float, *shape: int) -> np.ndarray:
    return f32(rng.uniform(lo, hi, size=shape))


def pick(i: int, n: int):
    """`pad(-i, -(n-1-i), 0)`: the one-element array [x_i] of an array of length n (a view, no copy).

    The IR has no indexing primitive; dropping elements with negative padding is how the suite's stencils read
    single neighbours of a window (a layout-only selection the view system resolves to one index).
    """
    if not 0 <= i < n:
        raise ValueError(f"pick({i}, {n}): index out of range")
    return pad(-i, -(n - 1 - i), ZERO)


__all__ = ["MAX_GAMMA", "MAX_INPUT_ELEMENTS", "TOLERANCE", "UNIT_ROUNDOFF", "ZERO", "Benchmark", "Summation", "f32",
           "gamma", "input_size_error", "max_input_elements", "on_magnitudes", "pick", "rel_error", "scalar",
           "uniform"]
