"""Golden files of the generated OpenCL: every catalogued lowering of every suite program at size `small`.

An unintended change to code generation or a lowering fails here. To accept an intended change, regenerate:
    LIFT_GYM_UPDATE_GOLDEN=1 python -m pytest tests/unit/test_golden_opencl.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from compiler.lowering.catalog import lowerings
from compiler.suite import list_benchmarks, preset_sizes

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "opencl"
CASES = [(b.name, name) for b in list_benchmarks() for name in lowerings(b.name)]


def render(bench_name: str, lowering: str) -> str:
    bench = next(b for b in list_benchmarks() if b.name == bench_name)
    kp = lowerings(bench_name)[lowering](preset_sizes(bench, "small")).compile()
    parts = [f"// {bench_name}/{lowering} at size small: {len(kp.kernels)} kernel(s)"]
    for k in kp.kernels:
        parts.append(f"// kernel {k.name}: global {k.global_size}, local {k.local_size}\n{k.source.rstrip()}")
    return "\n\n".join(parts) + "\n"


@pytest.mark.parametrize("bench_name, lowering", CASES, ids=[f"{b}-{n}" for b, n in CASES])
def test_generated_opencl_matches_golden(bench_name, lowering):
    path = GOLDEN / f"{bench_name}.{lowering}.cl"
    text = render(bench_name, lowering)
    if os.environ.get("LIFT_GYM_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"no golden file {path.name}; run with LIFT_GYM_UPDATE_GOLDEN=1"
    assert text == path.read_text(), f"generated OpenCL of {bench_name}/{lowering} changed (see module docstring)"
