"""scripts/gpu_bench.py's bench.md: every measured row has its numbers, with or without the device peaks
(--no-peaks leaves only the two peak-share cells empty)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.opencl_once import opencl_available

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def gpu_bench():
    spec = importlib.util.spec_from_file_location("gpu_bench", ROOT / "scripts" / "gpu_bench.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ROW = {"uri": "benchmark://lift/mm?size=small", "benchmark": "mm", "lowering": "tiled", "status": "ok",
       "median_s": 2.5e-4, "iqr_s": 5e-6, "gflops": 123.4, "gbs": 45.6}
FAILED = {"uri": "benchmark://lift/conv/vgg16-7", "benchmark": "conv", "lowering": "conv42", "status": "compile",
          "message": "build failed"}


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def test_table_without_peaks_keeps_every_measured_number(gpu_bench):
    text = gpu_bench.table({"device": "dev", "peaks": {}, "rows": [ROW, FAILED]})
    rows = [line for line in text.splitlines() if line.startswith("| mm") or line.startswith("| conv")]
    ok, failed = _cells(rows[0]), _cells(rows[1])
    assert ok[:7] == ["mm?size=small", "tiled", "ok", "0.25", "2.0", "123.4", "45.6"]
    assert ok[7:9] == ["", ""]  # the peak shares: not measured
    assert failed[2] == "compile" and failed[-1] == "build failed"
    assert "Peaks not measured" in text


def test_table_with_peaks_adds_the_peak_shares(gpu_bench):
    text = gpu_bench.table({"device": "dev", "peaks": {"copy_gbs": 91.2, "fma_gflops": 1000.0}, "rows": [ROW]})
    ok = _cells(next(line for line in text.splitlines() if line.startswith("| mm")))
    assert ok[7:9] == ["50.0", "12.34"]
    assert "copy 91 GB/s" in text


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL platform/device available")
def test_no_peaks_run_writes_the_json_numbers_into_bench_md(tmp_path):
    r = subprocess.run([sys.executable, "scripts/gpu_bench.py", "--only", "scal", "--small", "--no-peaks",
                        "--no-torch", "--lowerings", "default", "--budget-s", "60", "--out", str(tmp_path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    rows = json.loads((tmp_path / "bench.json").read_text())["rows"]
    measured = [row for row in rows if row.get("median_s")]
    assert measured
    md = [_cells(line) for line in (tmp_path / "bench.md").read_text().splitlines() if line.startswith("| scal")]
    assert len(md) == len(rows)
    for cells in md:
        assert all(cells[3:7]), cells  # median, IQR, GFLOP/s, GB/s
