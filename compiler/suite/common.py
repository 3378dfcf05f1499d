"""What every benchmark of the suite is made of, and small helpers the families share.

A `Benchmark` holds a high-level program with symbolic sizes (sympy size variables such as M, N, K), a NumPy
reference written independently of the IR (float64), an input generator (float32, ranges chosen so that the
float32 program and the float64 reference agree to the suite tolerance), named size presets and static work
counts (`flops`, `bytes`) for GFLOP/s and GB/s.

Error metric (one for the whole suite): `rel_error(out, ref) = max|out - ref| / max|ref|`, the largest absolute
deviation normalised by the largest reference magnitude. It is insensitive to the scale of the data and does not
blow up on individual near-zero outputs (which a per-element relative error would); the suite tolerance is 1e-5.

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
MAX_INPUT_ELEMENTS = 1 << 30  # scalars in all of a program's inputs (4 GiB of float32)
MAX_INPUT_RANK = 32  # array dimensions of one input (NumPy allows 64)
ZERO = value(0, FLOAT)

Sizes = Mapping[str, int]
Inputs = dict[str, np.ndarray]


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
    check_sizes: Callable[[Sizes], str | None] | None = None  # extra validity rule: an error message or None
    dataset: str = "lift"  # the suite; a user benchmark's dataset otherwise (compiler.suite.user)
    uri_base: str = ""  # the URI without sizes when not benchmark://lift/NAME (a file's file:// URI)
    reference_name: str = "NumPy reference"  # what correctness is checked against ("interpreter": the program's own)
    path: str = ""  # the program file of a user benchmark
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


__all__ = ["MAX_INPUT_ELEMENTS", "TOLERANCE", "ZERO", "Benchmark", "f32", "input_size_error", "max_input_elements",
           "pick", "rel_error", "scalar", "uniform"]
