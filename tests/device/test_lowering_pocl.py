"""Every lowering of every suite benchmark through the code generator and the runtime (PoCL in CI), compared with
the benchmark's NumPy reference (small sizes on PoCL; `-m gpu`: full sizes on a GPU, timed)."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.lowering.catalog import lowerings
from compiler.lowering.conv import TABLE_4_4
from compiler.suite import get, list_benchmarks, rel_error
from tests.lowerings import catalogued
from tests.opencl_once import opencl_available as _opencl_available
from tests.opencl_once import run_once


def _codegen_available() -> bool:
    try:
        from compiler.codegen.pipeline import compile_program  # noqa: F401
    except ImportError:
        return False
    return True


pytestmark = [pytest.mark.opencl,
              pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available"),
              pytest.mark.skipif(not _codegen_available(), reason="compiler.codegen.pipeline is not available")]

CASES = [(b.name, name) for b in list_benchmarks() for name in lowerings(b.name)]


def check_on_device(bench_name: str, lowered, seed: int = 0) -> str:
    bench = get(bench_name)
    sizes = dict(lowered.sizes)
    kp = lowered.compile()
    if len(kp.kernels) == len(lowered.kernels):
        want = lowered.local_sizes([k.name for k in kp.kernels])
        assert {k.name: k.local_size for k in kp.kernels if k.name in want} == want
    else:  # the last-group fusion: two launches of one local size in one kernel
        assert lowered.options.get("last_group") and len(kp.kernels) == len(lowered.kernels) - 1
        assert kp.kernels[0].local_size == lowered.kernels[0].local_size == lowered.kernels[1].local_size
    inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
    ref = bench.reference(inputs, sizes)
    out = run_once(kp, inputs).reshape(ref.shape)
    err = rel_error(out, ref)
    assert err <= bench.tolerance, f"{bench_name}/{lowered.lowering} {dict(lowered.params)}: rel error {err}"
    return kp.source


@pytest.mark.parametrize(("bench", "name"), CASES)
def test_lowering_on_device(bench, name):
    check_on_device(bench, catalogued(bench, name, "small"))


@pytest.mark.parametrize(("bench", "name", "preset", "params"), [
    ("mm", "tiled", "small", {"TM": 8, "TN": 8, "TK": 4, "RM": 2, "RN": 2, "VW": 4}),
    ("mm", "tiled", "small2", {"TM": 4, "TN": 10, "TK": 4, "RM": 2, "RN": 5, "VW": 2}),
    ("mm", "tiled", "small", {"TM": 4, "TN": 16, "TK": 4, "RM": 1, "RN": 2, "VW": 4}),
    ("mm", "tiled", "small", {"TM": 4, "TN": 8, "TK": 8, "RM": 1, "RN": 4, "VW": 1}),
    ("gaussian", "tiled", "small2", {"tileH": 3, "tileW": 4}),
    ("asum", "default", {"N": 1 << 20}, None),  # three kernels: 2^20 -> 4096 -> 16 -> 1
    ("hotspot2d", "tiled", "small", {"tileH": 4, "tileW": 8}),
    ("conv", "conv42", "small", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 2, "ω": 12, "v": 2, "unroll": 1,
                                 "coalesce": 0}),
    ("conv", "conv42", "small2", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 5, "ω": 27, "v": 3, "unroll": 0,
                                  "coalesce": 1}),
])
def test_named_lowering_with_parameters_on_device(bench, name, preset, params):
    check_on_device(bench, catalogued(bench, name, preset, params), seed=1)


@pytest.mark.parametrize(("preset", "params"), [
    ("small", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 2, "ω": 12, "v": 2, "unroll": 1, "coalesce": 0}),
    ("small", {"θ": 5, "ρ": 4, "ρW": 7, "σ": 9, "κ": 1, "ω": 4, "v": 4, "unroll": 0, "coalesce": 1}),
    ("small", {"θ": 3, "ρ": 1, "ρW": 2, "σ": 1, "κ": 4, "ω": 36, "v": 4, "unroll": 0, "coalesce": 1}),
    ("small", {"θ": 4, "ρ": 2, "ρW": 0, "σ": 4, "κ": 2, "ω": 9, "v": 1, "unroll": 0, "coalesce": 1}),
    ("small", {"θ": 10, "ρ": 0, "ρW": 0, "σ": 4, "κ": 4, "ω": 9, "v": 1, "unroll": 0, "coalesce": 1}),
    ("small", {"θ": 6, "ρ": 4, "ρW": 0, "σ": 8, "κ": 2, "ω": 4, "v": 4, "unroll": 1, "coalesce": 1}),
    ("small2", {"θ": 4, "ρ": 0, "ρW": 0, "σ": 2, "κ": 5, "ω": 27, "v": 3, "unroll": 0, "coalesce": 1}),
    ("small2", {"θ": 4, "ρ": 2, "ρW": 2, "σ": 2, "κ": 1, "ω": 9, "v": 3, "unroll": 1, "coalesce": 0}),
])
@pytest.mark.parametrize(("pad_view", "crop_view"), [(1, 0), (0, 1), (1, 1)])
def test_conv42_with_the_padding_or_crop_as_views_on_device(preset, params, pad_view, crop_view):
    """padView = 1: the convolution kernel reads the input through the padding view (zeros outside the image,
    vectors of v channels by one vloadn), no pad kernel; cropView = 1: it writes the image through the
    re-assembly and crop views (guarded writes where ρ or ρW > 0), no crop kernel. At several tile sides, register
    blocks, chunks, widths and optimisational paddings."""
    lowered = catalogued("conv", "conv42", preset, {**params, "padView": pad_view, "cropView": crop_view})
    assert len(lowered.kernels) == 3 - pad_view - crop_view
    source = check_on_device("conv", lowered, seed=5)
    assert source.count("kernel void") == 3 - pad_view - crop_view


STENCILS = [b.name for b in list_benchmarks() if b.family == "stencil"]
COARSE = [name for name in STENCILS if lowerings(name)["default"].params]  # the 2-D stencils (rowsPerItem)


@pytest.mark.parametrize("bench", COARSE)
def test_default_one_row_per_item_on_device(bench):
    """rowsPerItem = 1: the generic default lowering (one output point per work item)."""
    check_on_device(bench, catalogued(bench, "default", "small", {"rowsPerItem": 1}), seed=3)


@pytest.mark.parametrize("bench", ["gaussian", "hotspot2d", "jacobi2d-9pt"])
@pytest.mark.parametrize(("preset", "rows"), [("small", 2), ("small", 16), ("small2", 3)])
def test_default_rows_per_item_on_device(bench, preset, rows):
    """Further rowsPerItem values: 2, the whole column (16: one work-item row), one not a power of two (3 of 12)."""
    lowered = catalogued(bench, "default", preset, {"rowsPerItem": rows})
    assert lowered.kernels[0].global_size[1] * rows == lowered.sizes["N"]
    check_on_device(bench, lowered, seed=4)


@pytest.mark.parametrize("bench", STENCILS)
@pytest.mark.parametrize("preset", ["small", "small2"])
def test_pad_versioning_on_device(bench, preset):
    """The default lowering with pad versioning (off by default) and without constant memory: same results (a
    clamped border reads through min/max indices, no pad conditional: nothing to version)."""
    lowered = catalogued(bench, "default", preset)
    sizes = dict(lowered.sizes)
    inputs = get(bench).make_inputs(sizes, np.random.default_rng(2))
    ref = get(bench).reference(inputs, sizes)
    constant_border = "clamp" not in bench
    for options in ({"versioning": True}, {"constant_bytes": 0}):
        kp = lowered.compile(**options)
        assert ("} else {" in kp.source) == (bool(options.get("versioning")) and constant_border)
        out = run_once(kp, inputs).reshape(ref.shape)
        assert rel_error(out, ref) <= get(bench).tolerance, (bench, preset, options)


# --- full-size runs on a GPU (skipped on PoCL: `pytest -m gpu` on a machine with one) ------------------------
GPU_CASES = [
    ("mm", "default", "default", None),
    ("mm", "tiled", "default", None),
    ("gaussian", "default", "1024", None),
    ("gaussian", "tiled", "1024", None),
    ("stencil2d", "tiled", "1024", None),
    ("hotspot2d", "tiled", "1024", None),
    ("asum", "default", "default", None),
    ("conv", "default", "vgg16-7", None),
    ("conv", "conv42", "vgg16-7", TABLE_4_4),
    ("conv", "conv42", "vgg16-0", None),
    ("conv", "conv42", "vgg16-24", None),
    ("nbody", "default", "default", None),
    ("kmeans", "default", "default", None),
]


def _is_gpu() -> bool:
    if not _opencl_available():
        return False
    from compiler.runtime.cl import open_device

    try:
        return open_device().info.is_gpu
    except Exception:
        return False


@pytest.mark.gpu
@pytest.mark.parametrize(("bench", "name", "preset", "params"), GPU_CASES)
def test_full_size_on_gpu(bench, name, preset, params):
    if not _is_gpu():
        pytest.skip("needs a GPU OpenCL device")
    import json
    import os

    from compiler.runtime.measure import MeasureConfig, measure_in_process

    lowered = catalogued(bench, name, preset, params)
    check_on_device(bench, lowered)
    b = get(bench)
    kp = lowered.compile()
    inputs = b.make_inputs(dict(lowered.sizes), np.random.default_rng(0))
    m = measure_in_process(kp, {n: inputs[n] for n in kp.inputs}, None,
                           MeasureConfig(time_cap_s=1.0, max_samples=20))
    assert m.ok, m.message
    gflops = b.flops(dict(lowered.sizes)) / m.median_s * 1e-9
    row = {"benchmark": bench, "lowering": name, "preset": preset, "params": dict(lowered.params),
           "median_ms": m.median_s * 1e3, "gflops": gflops, "rel_iqr": m.rel_iqr, "device": m.device}
    print(json.dumps(row))
    if os.environ.get("OUT"):
        with open(os.path.join(os.environ["OUT"], "lowering_gpu.jsonl"), "a") as f:
            f.write(json.dumps(row) + "\n")
