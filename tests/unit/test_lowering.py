"""Lowerings (compiler.lowering): every lowering of every suite benchmark is fully lowered, type-checks and
equals the benchmark's NumPy reference through the interpreter; tuning constraints are enforced; VGG-16 layer 7
with the Table 4.4 parameters has the structure of thesis Listing 4.6."""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler import arith
from compiler.ir.interpret import interpret
from compiler.ir.node import Program
from compiler.ir.ops import Op
from compiler.ir.typecheck import typecheck
from compiler.lowering import LoweringError, default_lowering, default_params, is_lowered
from compiler.lowering.analysis import ir_facts
from compiler.lowering.catalog import lowerings
from compiler.lowering.conv import TABLE_4_4
from compiler.lowering.lowered import KernelLaunch
from compiler.lowering.util import ops_used
from compiler.suite import get, list_benchmarks, rel_error
from tests.lowerings import catalogued

BENCHMARKS = [b.name for b in list_benchmarks()]
CASES = [(b, name) for b in BENCHMARKS for name in lowerings(b)]


def check_against_reference(bench_name: str, lowered, seed: int = 0) -> None:
    bench = get(bench_name)
    sizes = dict(lowered.sizes)
    inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
    out = interpret(lowered.program, inputs, lowered.env)
    ref = bench.reference(inputs, sizes)
    assert out.shape == ref.shape, (out.shape, ref.shape)
    err = rel_error(out, ref)
    assert err <= bench.tolerance, f"{bench_name}/{lowered.lowering} {dict(lowered.params)}: rel error {err}"


def test_every_benchmark_has_a_default_and_the_named_lowerings():
    for b in BENCHMARKS:
        assert "default" in lowerings(b)
    assert "tiled" in lowerings("mm")
    assert "conv42" in lowerings("conv")
    for b in ("stencil2d", "jacobi2d-9pt", "gaussian", "jacobi2d-5pt", "srad1", "srad2", "hotspot2d", "gradient"):
        assert "tiled" in lowerings(b), b


@pytest.mark.parametrize("preset", ["small", "small2"])
@pytest.mark.parametrize(("bench", "name"), CASES)
def test_lowering_equals_reference(bench, name, preset):
    lowered = catalogued(bench, name, preset)
    p = lowered.program
    assert [(q.name, q.type) for q in p.params] == [(q.name, q.type) for q in get(bench).program.params]
    assert is_lowered(p), f"{bench}/{name} still has high-level map/reduce or macros"
    typecheck(p)
    check_against_reference(bench, lowered)
    assert lowered.kernels and all(isinstance(k, KernelLaunch) for k in lowered.kernels)


EXTRA_PARAMS = [
    ("mm", "small", {"TM": 8, "TN": 8, "TK": 4, "RM": 2, "RN": 2, "VW": 4}),
    ("mm", "small", {"TM": 4, "TN": 8, "TK": 8, "RM": 1, "RN": 4, "VW": 1}),
    ("mm", "small", {"TM": 16, "TN": 4, "TK": 2, "RM": 8, "RN": 1, "VW": 2}),
    ("mm", "small2", {"TM": 4, "TN": 10, "TK": 4, "RM": 2, "RN": 5, "VW": 2}),
    ("mm", "small", {"TM": 4, "TN": 16, "TK": 4, "RM": 1, "RN": 2, "VW": 4}),  # A tile copied row by row
    ("stencil2d", "small", {"tileH": 4, "tileW": 4}),
    ("gaussian", "small", {"tileH": 2, "tileW": 8}),
    ("srad2", "small2", {"tileH": 3, "tileW": 5}),
    ("hotspot2d", "small2", {"tileH": 4, "tileW": 10}),
    ("jacobi2d-5pt", "small", {"tileH": 16, "tileW": 1}),
    ("conv", "small", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 2, "ω": 12, "v": 2, "unroll": 1, "coalesce": 0}),
    ("conv", "small", {"θ": 3, "ρ": 0, "ρW": 0, "σ": 1, "κ": 1, "ω": 36, "v": 4, "unroll": 0, "coalesce": 1}),
    ("conv", "small", {"θ": 10, "ρ": 0, "ρW": 0, "σ": 4, "κ": 4, "ω": 9, "v": 1, "unroll": 0, "coalesce": 1}),
    ("conv", "small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 1, "coalesce": 1}),
    ("conv", "small2", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 5, "ω": 27, "v": 3, "unroll": 0, "coalesce": 1}),
]


@pytest.mark.parametrize(("bench", "preset", "params"), EXTRA_PARAMS)
def test_named_lowering_with_explicit_parameters(bench, preset, params):
    name = "conv42" if bench == "conv" else "tiled"
    lowered = catalogued(bench, name, preset, params)
    assert {k: lowered.params[k] for k in params} == params  # parameters not given (switches) take defaults
    check_against_reference(bench, lowered, seed=1)


def test_tuning_parameters_are_symbolic_sizes():
    a = catalogued("mm", "tiled", "small", {"TM": 8, "TN": 8, "TK": 4, "RM": 2, "RN": 2, "VW": 4})
    b = catalogued("mm", "tiled", "small", {"TM": 16, "TN": 4, "TK": 8, "RM": 4, "RN": 1, "VW": 4})
    assert a.program == b.program  # only the binding differs
    text = str(a.program)
    for name in ("split(TM)", "split(TN)", "split(TK)", "split(TM/RM)", "split(TN/RN)", "asVector(VW)"):
        assert name in text
    concrete = a.concrete()
    assert "TM" not in str(concrete) and "split(8)" in str(concrete)
    inputs = get("mm").make_inputs(a.sizes, np.random.default_rng(0))
    np.testing.assert_allclose(interpret(concrete, inputs), interpret(a.program, inputs, a.env), rtol=1e-6)


@pytest.mark.parametrize(("bench", "name", "preset", "params", "fragment"), [
    ("mm", "tiled", "small", {"TM": 5}, "M % TM = 0"),
    ("mm", "tiled", "small", {"VW": 3}, "VW in"),
    ("mm", "tiled", "small", {"TK": 2, "VW": 4}, "TK % VW = 0"),
    ("stencil2d", "tiled", "small", {"tileW": 3}, "output columns % tileW = 0"),
    ("conv", "conv42", "small", {"θ": 4, "ρ": 1}, "tiles cover the padded height"),
    ("conv", "conv42", "small", {"κ": 3}, "outChs % κ = 0"),
    ("conv", "conv42", "small", {"v": 2, "ω": 9}, "ω % v = 0"),
    ("conv", "conv42", "small2", {"v": 2, "ω": 9}, "inChs % v = 0"),
    ("mm", "tiled", "small", {"XX": 1}, "unknown tuning parameter"),
])
def test_constraints_are_enforced(bench, name, preset, params, fragment):
    with pytest.raises(LoweringError, match=re.escape(fragment)):
        catalogued(bench, name, preset, params)
    assert not lowerings(bench)[name].valid(get(bench).sizes(preset), params) or "XX" in params


def test_default_lowering_structure():
    mm = default_lowering(get("mm").program)
    text = str(mm)
    assert text.startswith("def mm(") and "mapGlb(1, " in text and "mapGlb(0, " in text
    assert "toGlobal(mapSeq(id)) o reduceSeq(toPrivate(id) << value(0, float)" in text
    scal = str(default_lowering(get("scal").program))
    assert "mapGlb(0, " in scal and "toGlobal(mult)" in scal and "mapGlb(1" not in scal
    conv = str(default_lowering(get("conv").program))
    assert "mapGlb(2, " in conv and "mapGlb(1, " in conv and "mapGlb(0, " in conv
    # gemv: the map over the reduce's one-element result stays sequential, one parallel dimension
    gemv = str(default_lowering(get("gemv").program))
    assert "mapGlb(0, " in gemv and "mapGlb(1" not in gemv and "mapSeq(" in gemv
    # deterministic
    assert default_lowering(get("gaussian").program) == default_lowering(get("gaussian").program)


def test_scalar_reduction_is_two_kernels():
    asum = get("asum")
    p = default_lowering(asum.program)
    assert Op.OCL_KERNEL in ops_used(p) and "split(redChunk)" in str(p)
    sizes = asum.sizes("small2")
    params = default_params(asum.program, sizes)
    assert params == {"redChunk": 10}
    inputs = asum.make_inputs(sizes, np.random.default_rng(0))
    out = interpret(p, inputs, {**sizes, **params})
    assert rel_error(out, asum.reference(inputs, sizes)) <= asum.tolerance
    fixed = default_lowering(asum.program, {"N": 64})
    assert "split(8)" in str(fixed) and "redChunk" not in str(fixed)
    assert "reorder(N/8)" in str(fixed)  # add is commutative: work item t reads t, t + 8, ... (coalesced)


@pytest.mark.parametrize(("bench", "n", "kernels"), [
    ("asum", 1 << 20, 3), ("dot", 3 * 5 * 7 * 11 * 13 * 17, 2), ("dot", 3 * 5 * 7 * 11 * 13 * 17 * 19, 3),
    ("dot", 4096, 2), ("asum", 97, 2),
])
def test_multi_level_reduction(bench, n, kernels):
    b = get(bench)
    lowered = catalogued(bench, "default", {"N": n})
    assert str(lowered.program).count("oclKernel") == kernels == len(lowered.kernels)
    assert lowered.kernels[-1].global_size == (1,)
    check_against_reference(bench, lowered)
    assert b.name == bench


def test_lowerings_do_not_touch_the_benchmark_program():
    before = get("conv").program
    catalogued("conv", "conv42", "small")
    assert get("conv").program is before and isinstance(before, Program)


# --- thesis §6.6 / Listing 4.6: VGG-16 layer 7 with the Table 4.4 parameters ---------------------------------
def test_vgg16_layer7_structure():
    conv = get("conv")
    sizes = conv.sizes("vgg16-7")
    lowered = catalogued("conv", "conv42", sizes, TABLE_4_4)
    assert dict(lowered.params) == TABLE_4_4
    facts = ir_facts(lowered.program, lowered.env)
    # the partial-convolution loop: 36 iterations (144 elements per chunk, float4) over 12 private accumulators
    assert (36, 12) in facts.reduces
    # the final sum in the same kernel: 8 chunks per window, one scalar accumulator
    assert (8, 1) in facts.reduces
    assert len(facts.reduces) == 2
    # one local buffer of 288 floats (9 windows x 4 kernels x 8 chunks)
    assert facts.local_buffers == [288]
    # 3 input vectors and 4 weight vectors prefetched into private memory per iteration
    assert sorted(facts.prefetches) == [3, 4]
    par = dict()
    for key, n in facts.parallel:
        par.setdefault(key, []).append(n)
    assert par[("wrg", 1)] == [1681] and par[("wrg", 0)] == [32]  # Table 4.1: tiles, kernel groups
    assert sorted(par[("lcl", 1)]) == [3, 4] and sorted(par[("lcl", 0)]) == [8, 9]  # partial / final stages
    # three kernels: pad (125 x 125 padded input), convolution (Table 4.1 NDRange), crop (112 x 112)
    pad, main, crop = lowered.kernels
    assert pad.global_size == (125, 125)
    assert main.local_size == (8, 3) and main.global_size == (32 * 8, 1681 * 3)
    assert crop.global_size == (112, 112)
    assert lowered.facts["reduce_iterations"] == 36 and lowered.facts["accumulators"] == 12
    assert lowered.facts["local_floats"] == 288
    text = str(lowered.program)
    assert "dotAndSumUp" in text and "vectorise(v, id)" in text and "reorder(" in text
    assert "reduceSeqUnroll" not in text  # Table 4.4: no unrolling
    assert arith.evaluate(arith.parse_size("inChs*kerH*kerW/ω"), lowered.env) == 8


def test_vgg16_layer7_is_the_default_choice():
    lowered = catalogued("conv", "conv42", "vgg16-7")
    assert dict(lowered.params) == TABLE_4_4


def test_vgg16_layer7_generated_source():
    """Listing 4.6's structure in the generated OpenCL source (code generation only, no device)."""
    pytest.importorskip("compiler.codegen.pipeline")
    lowered = catalogued("conv", "conv42", "vgg16-7", TABLE_4_4)
    kp = lowered.compile()
    pad, conv, crop = kp.kernels
    assert conv.local_size == (8, 3) and conv.global_size == (32 * 8, 1681 * 3)
    assert pad.global_size[:2] == (125, 125) and crop.global_size[:2] == (112, 112)
    src = conv.source
    assert re.search(r"local float \w+\[288\];", src), "one local buffer of 288 floats"
    assert len(re.findall(r"local float \w+\[\d+\];", src)) == 1
    assert re.search(r"for \(int \w+ = 0; \w+ < 36; \w+(\+\+| \+= 1)\)", src), "the 36-iteration reduce loop"
    assert re.search(r"for \(int \w+ = 0; \w+ < 8; \w+(\+\+| \+= 1)\)", src), "the 8-chunk final sum"
    assert "barrier(CLK_LOCAL_MEM_FENCE)" in src and "dot(" in src
    # 12 private accumulators updated by dotAndSumUp, from 3 input and 4 weight vectors (float4)
    updates = re.findall(r"(\w+) = dotAndSumUp\w*\((\w+), (\w+), (\w+)\)", src)
    assert len(updates) == 12 and len({u[0] for u in updates}) == 12 and all(u[0] == u[1] for u in updates)
    assert len({u[2] for u in updates}) == 3 and len({u[3] for u in updates}) == 4
    vectors = set(re.findall(r"float4 ([\w, ]+);", src))
    assert sum(len(v.split(",")) for v in vectors) == 7
    # Listing 4.6 lines 17-20: the 4 weight vectors are windowSize/v = 288 vectors apart
    assert all(re.search(rf"float4\*\)kernelsWeights\)\[[^;]* \+ {off}\]", src) for off in (288, 576, 864))


def test_codegen_accepts_every_lowering():
    check = pytest.importorskip("compiler.codegen.check")
    for bench, name in CASES:
        check.check_lowered(catalogued(bench, name, "small").program)


def test_default_lowering_work_group_shape():
    from compiler.lowering.lowered import default_local_size

    assert default_local_size((8192, 8192)) == (32, 8)
    assert default_local_size((16, 16)) == (16, 16)  # a row shorter than 32: whole rows, 256 work items
    assert default_local_size((64, 3)) == (32, 3)
    assert default_local_size((100, 100)) is None  # rows neither a multiple of 32 nor shorter: the runtime's choice
    assert default_local_size((1024,)) is None and default_local_size((4, 4, 4)) is None
    lowered = catalogued("gaussian", "default", {"N": 48, "M": 64}, {"rowsPerItem": 1})
    (k,) = lowered.compile().kernels
    assert k.local_size == (32, 8) and k.global_size == (64, 48)
    lowered = catalogued("gaussian", "default", {"N": 48, "M": 64})  # 4 rows per work item: 12 work-item rows
    (k,) = lowered.compile().kernels
    assert k.local_size == (32, 6) and k.global_size == (64, 12)


# --- default lowering of 2-D stencils: rowsPerItem (thread coarsening with reuse across the window overlap) ---
COARSE = [b.name for b in list_benchmarks() if b.family == "stencil" and lowerings(b.name)["default"].params]


def test_every_2d_stencil_default_has_rows_per_item():
    assert set(COARSE) >= {"stencil2d", "srad1", "srad2", "hotspot2d", "gradient", "jacobi2d-5pt", "jacobi2d-9pt",
                           "gaussian"}
    for name in COARSE:
        assert [p.name for p in lowerings(name)["default"].params] == ["rowsPerItem", "colsPerItem"]
    assert not lowerings("mm")["default"].params  # other programs keep the generic default, no parameters


@pytest.mark.parametrize("bench", ["gaussian", "hotspot2d", "srad2"])
@pytest.mark.parametrize(("preset", "rows"), [("small", 1), ("small", 2), ("small", 8), ("small2", 3), ("small2", 6)])
def test_rows_per_item_equals_reference(bench, preset, rows):
    check_against_reference(bench, catalogued(bench, "default", preset, {"rowsPerItem": rows}), seed=5)


def test_rows_per_item_choice_and_constraint():
    from compiler.lowering.stencil import default_rows_per_item

    assert default_rows_per_item(5, 8192) == 4 and default_rows_per_item(3, 18) == 2
    assert default_rows_per_item(3, 15) == 1 and default_rows_per_item(2, 16) == 1
    assert catalogued("gaussian", "default", {"N": 64, "M": 64}).params["rowsPerItem"] == 4
    assert catalogued("gaussian", "default", {"N": 66, "M": 64}).params["rowsPerItem"] == 2
    with pytest.raises(LoweringError, match=r"output rows % rowsPerItem = 0 \(rows = 16, rowsPerItem = 3\)"):
        catalogued("gaussian", "default", "small", {"rowsPerItem": 3})
    with pytest.raises(LoweringError, match="rowsPerItem must be positive"):
        catalogued("gaussian", "default", "small", {"rowsPerItem": 0})


@pytest.mark.parametrize(("bench", "grid", "rows", "per_output"), [
    ("gaussian", "grid", 1, 25),  # 5x5: 25 loads per point
    ("gaussian", "grid", 4, 10),  # (4 + 4) rows x 5 columns for 4 points
    ("gaussian", "grid", 8, 7.5),  # (8 + 4) x 5 / 8
    ("jacobi2d-9pt", "grid", 4, 4.5),  # 3x3: (4 + 2) x 3 / 4
    ("hotspot2d", "temp", 4, 3.5),  # 5-point: per column 4 + 2 rows, plus 2 x 4 east/west reads
])
def test_rows_per_item_structure(bench, grid, rows, per_output):
    """The work-item count and the distinct loads per output point in the generated kernel (each distinct read of
    the grid appears once in the source: the windows' shared reads are loaded once, compiler/codegen/cse.py)."""
    lowered = catalogued(bench, "default", {"N": 64, "M": 64}, {"rowsPerItem": rows})
    (launch,) = lowered.kernels
    assert launch.global_size == (64, 64 // rows) and lowered.facts["work_items"] == 64 * 64 // rows
    assert launch.local_size == (32, min(8, 64 // rows))
    if rows > 1:
        assert ops_used(lowered.program) >= {Op.MAP_GLB, Op.MAP_SEQ_UNROLL, Op.TRANSPOSE, Op.TRANSPOSE_W}
    source = lowered.compile().source
    reads = re.findall(rf"\b{grid}\[[^\]]*\]", source)
    assert len(reads) == len(set(reads))
    assert len(reads) / rows == per_output
