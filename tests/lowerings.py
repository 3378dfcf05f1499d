"""A catalogued lowering at a point, for the tests of the strategies' builders.

    catalogued("mm", "tiled", "small", {"TM": 8})   # lowerings("mm")["tiled"](mm's small sizes, {"TM": 8})

Sizes are a preset name of the benchmark or a mapping. This is the builder that the route's template stage binds
(`compiler.lowering.templates.TemplateProblem.lowered`); the compiler builds its kernels on the one route
(`compiler.lowering.decisions`), and tests/unit/test_kernels_come_from_decide.py holds the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.lowering.catalog import lowerings
from compiler.lowering.lowered import Lowered
from compiler.suite import get


def catalogued(benchmark: str, lowering: str = "default", sizes: Mapping[str, int] | str = "small",
               params: Mapping[str, int] | None = None) -> Lowered:
    """`lowerings(benchmark)[lowering](sizes, params)`, sizes given as a preset name or a mapping."""
    if isinstance(sizes, str):
        sizes = get(benchmark).sizes(sizes)
    return lowerings(benchmark)[lowering](sizes, params)
