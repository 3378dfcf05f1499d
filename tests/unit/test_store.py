"""The sqlite measurement store: content keys, round trips, and survival of a killed writer."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from compiler.perf.store import MeasurementStore, StoreError, measurement_key


def test_key_changes_with_every_component():
    base = measurement_key("k", {"N": 4}, "dev", "1")
    assert base == measurement_key("k", {"N": 4}, "dev", "1")
    assert len({base, measurement_key("k2", {"N": 4}, "dev", "1"), measurement_key("k", {"N": 5}, "dev", "1"),
                measurement_key("k", {"N": 4}, "dev2", "1"), measurement_key("k", {"N": 4}, "dev", "2")}) == 5


def test_put_get_round_trip(tmp_path):
    s = MeasurementStore(tmp_path / "m.sqlite")
    s.put(key="a", benchmark="mm", program_key="p", kernel_key="k", device="d",
          report={"status": "ok", "median_s": 1e-3, "iqr_s": 1e-5, "gflops": 10.0, "gbs": 2.0},
          features={"f": [1, 2]})
    r = s.get("a")
    assert r is not None and r.median_s == 1e-3 and r.features == {"f": [1, 2]} and r.report["gflops"] == 10.0
    assert "a" in s and "b" not in s and len(s) == 1
    assert [x.key for x in s.records(benchmark="mm")] == ["a"]
    assert list(s.records(benchmark="other")) == []


def test_killed_writer_leaves_a_consistent_store(tmp_path):
    path = tmp_path / "m.sqlite"
    MeasurementStore(path)
    writer = textwrap.dedent(f"""
        import os, sys
        from compiler.perf.store import MeasurementStore
        s = MeasurementStore({str(path)!r})
        for i in range(100000):
            s.put(key=str(i), benchmark="b", program_key="p", kernel_key="k", device="d",
                  report={{"status": "ok", "median_s": float(i), "pad": "x" * 2000}})
            if i == 50:
                print("ready", flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", writer], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    proc.kill()
    proc.wait()
    s = MeasurementStore(path)
    assert s.integrity_ok()
    n = len(s)
    assert n >= 51
    keys = {int(r.key) for r in s.records()}
    assert keys == set(range(len(keys)))  # every committed row is whole; no gaps, no partial rows
    assert all(r.report["pad"] == "x" * 2000 for r in s.records())


def test_corrupt_file_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match=r"not a database.*move it aside"):
        MeasurementStore(path)
