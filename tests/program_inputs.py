"""Random float32 inputs for a program's parameters at concrete sizes (shared by the derivation tests)."""

from __future__ import annotations

import numpy as np

from compiler import arith
from compiler.ir.node import Program


def uniform_inputs(p: Program, sizes: dict[str, int], rng: np.random.Generator) -> dict:
    """Each parameter of `p` filled uniformly in [-1, 1) at `sizes` (a scalar parameter gets a float32)."""
    def of(t):
        shape = []
        while hasattr(t, "elem"):
            shape.append(arith.evaluate(t.n, sizes))
            t = t.elem
        return rng.uniform(-1, 1, shape).astype(np.float32) if shape else np.float32(rng.uniform(-1, 1))

    return {q.name: of(q.type) for q in p.params}
