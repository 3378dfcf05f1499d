"""The 2-D stencils' default lowering with blocks of rowsPerItem x colsPerItem outputs per work item: the same
output as the NumPy reference in the interpreter and on the OpenCL device (blocks at the grid's borders, blocks
that are not powers of two), sizes the block does not divide refused, the template space offering exactly the
dividing values, and the windows of a block sharing their loads ((R + k1 - 1)(C + k2 - 1) distinct reads of the
grid for R x C outputs; several columns read as aligned vectors and computed row by row)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler.constraints import POCL_CPU
from compiler.ir.interpret import interpret
from compiler.lowering import LoweringError, stencil
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import template_problem
from compiler.suite import get, rel_error
from tests.lowerings import catalogued
from tests.opencl_once import opencl_available as _opencl_available

STENCILS = ("stencil2d", "srad1", "srad2", "hotspot2d", "gradient", "jacobi2d-5pt", "jacobi2d-9pt", "gaussian")
R, C = stencil.ROWS_PER_ITEM, stencil.COLS_PER_ITEM


def _block(rows: int, cols: int) -> dict[str, int]:
    return {R: rows, C: cols}


def _inputs_and_reference(name: str, lowered, seed: int):
    bench = get(name)
    sizes = dict(lowered.sizes)
    inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
    return bench, inputs, bench.reference(inputs, sizes)


# small: 16 x 16, small2: 12 x 20 (3 x 5 and 12 x 2: not powers of two); the blocks at the grid's edges read the
# zero (or clamped) border
POINTS = [("small", 4, 4), ("small", 1, 8), ("small", 2, 16), ("small2", 3, 5), ("small2", 12, 2)]


@pytest.mark.parametrize("name", STENCILS)
@pytest.mark.parametrize(("preset", "rows", "cols"), POINTS)
def test_block_of_outputs_per_work_item_interprets_like_the_reference(name, preset, rows, cols):
    lowered = catalogued(name, "default", preset, _block(rows, cols))
    bench, inputs, ref = _inputs_and_reference(name, lowered, seed=rows * 31 + cols)
    out = interpret(lowered.program, inputs, lowered.env)
    assert out.shape == ref.shape
    assert rel_error(out, ref) <= bench.tolerance
    n, m = ref.shape
    assert lowered.kernels[0].global_size == (m // cols, n // rows)
    assert lowered.facts["work_items"] == n * m // (rows * cols)


@pytest.mark.opencl
@pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")
@pytest.mark.parametrize(("name", "preset", "rows", "cols"), [
    *((name, "small2", 3, 5) for name in STENCILS), ("gaussian", "small", 8, 4), ("hotspot2d", "small", 4, 4),
    ("jacobi2d-9pt", "small", 1, 4)])
def test_block_of_outputs_per_work_item_runs_like_the_reference(name, preset, rows, cols):
    from tests.opencl_once import run_once

    lowered = catalogued(name, "default", preset, _block(rows, cols))
    bench, inputs, ref = _inputs_and_reference(name, lowered, seed=7)
    out = run_once(lowered.compile(), inputs).reshape(ref.shape)
    assert rel_error(out, ref) <= bench.tolerance


def test_columns_the_block_does_not_divide_are_refused():
    with pytest.raises(LoweringError, match=r"output columns % colsPerItem = 0 \(columns = 16, colsPerItem = 3\)"):
        catalogued("gaussian", "default", "small", _block(4, 3))
    with pytest.raises(LoweringError, match=r"colsPerItem must be positive \(colsPerItem = 0\)"):
        catalogued("gaussian", "default", "small", _block(4, 0))
    assert lowerings("gaussian")["default"].valid({"N": 12, "M": 20}, _block(3, 5))


def test_template_space_offers_exactly_the_dividing_column_counts():
    tp = template_problem(get("jacobi2d-9pt"), "default", {"N": 16, "M": 24}, POCL_CPU)
    assert [p.name for p in tp.params] == [R, C] and tp.defaults == _block(4, 1)
    for rows in tp.valid_values(R, {}):
        cols = tp.valid_values(C, {R: rows})
        assert cols and all(24 % c == 0 for c in cols)
        for c in cols:  # every value offered lowers
            assert tp.lowered({R: rows, C: c}).facts["work_items"] == 16 * 24 // (rows * c)
    assert {1, 2, 3, 4, 6, 8} <= set(tp.valid_values(C, {R: 2}))
    assert 5 not in tp.valid_values(C, {R: 1})


def _grid_reads(source: str, grid: str) -> list[str]:
    return re.findall(rf"\b{grid}\[[^\]]*\]", source)


@pytest.mark.parametrize(("name", "grid", "window"), [("gaussian", "grid", (5, 5)), ("jacobi2d-9pt", "grid", (3, 3))])
@pytest.mark.parametrize(("rows", "cols"), [(8, 1), (8, 2), (8, 4), (4, 4)])
def test_windows_of_a_block_share_their_loads(name, grid, window, rows, cols):
    """Each distinct read of the grid appears once in the kernel (the code generator's common-subexpression
    elimination): (rows + k1 - 1)(cols + k2 - 1) reads for the rows x cols outputs of a work item (scalar reads:
    the aligned vector loads a block of several columns asks for are turned off)."""
    source = catalogued(name, "default", {"N": 64, "M": 64}, _block(rows, cols)).compile(vector_loads=0).source
    reads = _grid_reads(source, grid)
    assert len(reads) == len(set(reads))
    k1, k2 = window
    assert len(reads) == (rows + k1 - 1) * (cols + k2 - 1)


@pytest.mark.parametrize(("name", "rows", "cols", "width", "vectors", "scalars"), [
    ("gaussian", 8, 4, 4, 12 * 3, 0),  # a row's 8 reads: columns -2..5, the float4s at -4, 0 and 4
    ("gaussian", 4, 2, 2, 8 * 3, 0),  # columns -2..3: the float2s at -2, 0 and 2
    ("jacobi2d-9pt", 4, 4, 4, 6, 6 * 2),  # columns -1..4: one float4, the lanes at -1 and 4 alone stay scalars
])
def test_block_of_columns_reads_aligned_vectors_and_writes_a_row_at_once(name, rows, cols, width, vectors, scalars):
    """With several columns per work item the lowering asks for aligned vector accesses (`vector_width`): each
    input row of the block is read as whole aligned vectors, each output row written with cols / width vector
    stores, and the block is computed row by row (the first store follows the first row's cols outputs)."""
    lowered = catalogued(name, "default", {"N": 64, "M": 64}, _block(rows, cols))
    assert dict(lowered.options) == {"vector_loads": width}
    source = lowered.compile().source
    assert source.count(f"(const global float{width}*)") == vectors
    assert len(_grid_reads(source, "grid")) == scalars
    assert source.count(f"((global float{width}*)") == rows * cols // width
    assert source[:source.index(f"((global float{width}*)")].count("acc = 0.0f;") == cols


def test_one_column_per_work_item_asks_for_no_vector_accesses():
    assert dict(catalogued("gaussian", "default", {"N": 64, "M": 64}, _block(8, 1)).options) == {}
    assert [stencil.vector_width(c) for c in (1, 2, 3, 4, 6, 8, 12)] == [0, 2, 0, 4, 2, 4, 4]
