"""Aligned vector loads and stores (compiler.codegen.vecload, `compile_program(..., vector_loads=4)`): a work item's
scalar loads of one aligned float4 of a grid become one float4 load and its lanes, its stores of every lane of one
aligned float4 one float4 store, equal to the NumPy reference on OpenCL; accesses that are not provably aligned, uniform
loads, and loads of a buffer the kernel writes stay scalar; the vectors are loaded at the top of their region (or
where first used)."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import kir
from compiler.codegen.index import Var, var
from compiler.codegen.vecload import vector_loads
from compiler.lowering.catalog import lowerings
from compiler.suite import rel_error, resolve
from compiler.types import FLOAT
from tests.opencl_once import opencl_available, run_once

# (benchmark, block, vector loads in the kernel: per input row the aligned float4s with two or more lanes used)
CASES = [("gaussian", {"rowsPerItem": 2, "colsPerItem": 4}, (2 + 4) * 3),  # columns -2..5: 3 float4s, 6 rows
         ("jacobi2d-9pt", {"rowsPerItem": 4, "colsPerItem": 8}, (4 + 2) * 2),  # -1 and 8 stay scalar: 2 float4s
         ("hotspot2d", {"rowsPerItem": 2, "colsPerItem": 4}, None),
         ("srad1", {"rowsPerItem": 1, "colsPerItem": 4}, None)]


@pytest.mark.parametrize("name,params,vectors", CASES)
def test_a_blocks_rows_are_read_and_written_as_aligned_vectors_equal_to_the_reference(name, params, vectors):
    bench, sizes = resolve(f"benchmark://lift/{name}?N=64&M=128")
    lowered = lowerings(bench)["default"](sizes, params)
    assert dict(lowered.options) == {"vector_loads": 4}  # the lowering asks for them at colsPerItem % 4 = 0
    scalar = lowered.compile(vector_loads=0).kernels[0].source
    kp = lowered.compile()
    src = kp.kernels[0].source
    assert "float4*)" not in scalar and "(const global float4*)" in src
    assert src.count("((global float4*)") == params["rowsPerItem"] * params["colsPerItem"] // 4  # a row of 4 outputs
    if vectors is not None:
        assert src.count("(const global float4*)") == vectors
    if not opencl_available():
        pytest.skip("no OpenCL device")
    inputs = bench.make_inputs(sizes, np.random.default_rng(2))
    ref = np.asarray(bench.reference(inputs, sizes))
    out = run_once(kp, {k: np.ascontiguousarray(v, dtype=np.float32).reshape(-1) for k, v in inputs.items()})
    assert rel_error(out.reshape(ref.shape), ref) <= bench.tolerance


def test_one_column_per_work_item_has_nothing_to_combine():
    bench, sizes = resolve("benchmark://lift/gaussian?N=64&M=64")
    lowered = lowerings(bench)["default"](sizes, {"rowsPerItem": 4, "colsPerItem": 1})
    assert lowered.compile(vector_loads=4).kernels[0].source == lowered.compile().kernels[0].source


def _load(buf: kir.Buffer, index) -> kir.Load:
    return kir.Load(kir.MemRef(buf, index))


def test_only_aligned_varying_reads_of_read_only_buffers_of_whole_vectors_combine():
    g = Var("gl_id_0", 16, "glb", 0)
    x = kir.Buffer("x", kir.GLOBAL, FLOAT, 64, "in")
    odd = kir.Buffer("odd", kir.GLOBAL, FLOAT, 66, "in")
    y = kir.Buffer("y", kir.GLOBAL, FLOAT, 64, "out")
    out = kir.Buffer("out", kir.GLOBAL, FLOAT, 64, "out")

    def summed(buf, index_of):
        return kir.Call("add", tuple(_load(buf, index_of(k)) for k in range(4)))

    body = [kir.Store(kir.MemRef(out, var(g) * 4), summed(x, lambda k: var(g) * 4 + k)),  # one float4
            kir.Store(kir.MemRef(out, var(g) * 4 + 1), summed(x, lambda k: var(g) * 2 + k)),  # not aligned
            kir.Store(kir.MemRef(out, var(g) * 4 + 2), summed(odd, lambda k: var(g) * 4 + k)),  # 66 floats
            kir.Store(kir.MemRef(out, var(g) * 4 + 3), summed(y, lambda k: var(g) * 4 + k)),  # written below
            kir.Store(kir.MemRef(y, var(g)), summed(x, lambda k: var(g) * 0 + k))]  # uniform
    new = vector_loads(body, 4)
    loads = [s.buf for s in new if isinstance(s, kir.Decl) and s.buf.name.startswith("vld")]
    stores = [s.buf for s in new if isinstance(s, kir.Decl) and s.buf.name.startswith("vst")]
    assert len(loads) == 1 and len(stores) == 1  # x[4g..4g+3]; out[4g..4g+3], every lane stored once
    filled = next(s for s in new if isinstance(s, kir.Store) and s.ref.buf == loads[0])
    (vref,) = kir.expr_loads(filled.value)
    assert vref.buf is x and vref.width == 4
    lane_stores = [s for s in new if isinstance(s, kir.Store) and s.ref.buf == stores[0]]
    assert [st.ref.index.const for st in lane_stores] == [0, 1, 2, 3]
    first = [r for r in kir.expr_loads(lane_stores[0].value)]
    assert [(r.buf.name, r.index.const) for r in first] == [(loads[0].name, k) for k in range(4)]
    for st, before in zip(lane_stores[1:], body[1:4], strict=True):
        assert st.value == before.value  # misaligned, 66 floats, written: the loads stay scalar
    (vec_store,) = [s for s in new if isinstance(s, kir.Store) and s.ref.buf is out]
    assert vec_store.ref.width == 4 and kir.expr_loads(vec_store.value).__next__().buf == stores[0]
    assert body[-1] in new  # the uniform loads stay scalar
    assert vector_loads(body, 1) is body


def test_vectors_are_loaded_at_the_top_of_their_region_or_where_first_used():
    g = Var("gl_id_0", 16, "glb", 0)
    x = kir.Buffer("x", kir.GLOBAL, FLOAT, 64, "in")
    z = kir.Buffer("z", kir.GLOBAL, FLOAT, 64, "in")
    out = kir.Buffer("out", kir.GLOBAL, FLOAT, 64, "out")
    body = [kir.Store(kir.MemRef(out, var(g) * 4 + k), kir.Call("add", (_load(x, var(g) * 4 + k), _load(
        z if k >= 2 else x, var(g) * 4 + 3 - k)))) for k in range(4)]  # z's float4 first read by the third store

    def order(stmts):
        return [s.buf.name[:3] if isinstance(s, kir.Decl) else "store" for s in stmts
                if isinstance(s, kir.Decl) or (isinstance(s, kir.Store) and s.ref.buf.name.startswith("vst"))]

    assert order(vector_loads(body, 4)) == ["vld", "vld", "vst", "store", "store", "store", "store"]
    assert order(vector_loads(body, 4, hoist=False)) == ["vld", "vst", "store", "store", "vld", "store", "store"]
