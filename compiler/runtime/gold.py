"""An output's expected values with a per-element error bound beyond the check's rtol/atol.

    gold = {"out": Gold(reference_f32, bound)}     # bound: compiler.suite Benchmark.error_bound(inputs, sizes)
    worker.measure(program, inputs, gold, config)  # an element passes within rtol/atol or within its bound

A long float32 sum of cancelling terms can be far from the float64 reference relative to the sum itself and still
be correct: its error is bounded by gamma_n * sum|terms| (docs/benchmarks.md, "Tolerance"), not by rtol * |sum|.
A plain array as a gold value keeps the rtol/atol check alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, eq=False)
class Gold:
    """Expected `values` of one output and `bound`: per element (or one number for all), the absolute deviation a
    correct evaluation may show (a float64 array broadcastable to the values)."""

    values: np.ndarray
    bound: np.ndarray | float

    def flat(self, values: np.ndarray, name: str) -> Gold:
        """This gold with `values` (already flattened to the buffer's type) and the bound flattened to match."""
        bound = np.asarray(self.bound, dtype=np.float64)
        if bound.size not in (1, values.size):
            raise ValueError(f"gold {name!r}: the error bound has {bound.size} elements; the output has {values.size}")
        if not np.all(bound >= 0):
            raise ValueError(f"gold {name!r}: the error bound must be >= 0 everywhere (it has negative or NaN values)")
        return Gold(values, np.broadcast_to(bound.reshape(-1), values.shape))


def gold_value(values: np.ndarray, bound: np.ndarray | None) -> np.ndarray | Gold:
    """`values` as a gold: with its error bound when there is one (a benchmark without a summation bound: None)."""
    return values if bound is None else Gold(values, bound)


__all__ = ["Gold", "gold_value"]
