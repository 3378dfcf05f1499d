"""Stored rows are checked when read: a value of the wrong type (text in median_s), JSON that does not parse or
nests too deeply, a negative or non-finite time is a one-line BadRow naming the row and the column; a zero or
implausibly large median is refused by the fit; a store path that is not a regular file (FIFO, a link to
/dev/null) says so. Hypothesis runs derandomized."""

from __future__ import annotations

import math
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.errors import StoreError
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import KnnPerfModel, ModelUnavailable
from compiler.perf.store import MAX_MEDIAN_S, BadRow, MeasurementStore

FUZZ = settings(derandomize=True, max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
FEATURES = {n: 1.0 for n in FEATURE_NAMES}


def _store(tmp_path: Path, n: int = 3) -> Path:
    path = tmp_path / "m.sqlite"
    s = MeasurementStore(path)
    for i in range(n):
        s.put(key=f"k{i}", benchmark="b", program_key="p", kernel_key=f"kk{i}", device="d",
              report={"status": "ok", "median_s": 1e-3 * (i + 1), "iqr_s": 1e-5}, features=FEATURES)
    s.close()
    return path


def _set(path: Path, column: str, value, key: str = "k0") -> None:
    db = sqlite3.connect(path)
    db.execute(f"UPDATE measurements SET {column} = ? WHERE key = ?", (value, key))
    db.commit()
    db.close()


def _read_all(path: Path):
    s = MeasurementStore(path, readonly=True)
    try:
        return list(s.records())
    finally:
        s.close()


def _one_line(err: BaseException, *fragments: str) -> str:
    msg = str(err)
    assert "\n" not in msg
    for f in fragments:
        assert f in msg, msg
    return msg


@pytest.mark.parametrize(("column", "value", "fragment"), [
    ("median_s", "fast", "not a number of seconds"),
    ("median_s", -1.0, "not a time"),
    ("iqr_s", "wide", "not a number of seconds"),
    ("report", "{not json", "not valid JSON"),
    ("report", "[1, 2]", "not an object"),
    ("report", "[" * 100000 + "]" * 100000, "JSON"),
    ("features", "{\"a\": ", "not valid JSON"),
    ("gflops", "many", "not a number"),
])
def test_bad_row_is_one_line_naming_the_row_and_column(tmp_path, column, value, fragment):
    path = _store(tmp_path)
    _set(path, column, value)
    with pytest.raises(BadRow) as info:
        _read_all(path)
    _one_line(info.value, "row k0", column, fragment)
    assert isinstance(info.value, StoreError)


@pytest.mark.parametrize("median", [0.0, MAX_MEDIAN_S * 10])
def test_fit_refuses_zero_or_huge_median(tmp_path, median):
    path = _store(tmp_path)
    _set(path, "median_s", median)
    s = MeasurementStore(path, readonly=True)
    with pytest.raises(ModelUnavailable) as info:
        KnnPerfModel.fit_store(s, "d")
    s.close()
    _one_line(info.value, "row k0", "median_s")


def test_fit_refuses_a_feature_that_is_not_a_number(tmp_path):
    path = _store(tmp_path)
    _set(path, "features", '{"' + '": "x", "'.join(FEATURE_NAMES) + '": "x"}')
    s = MeasurementStore(path, readonly=True)
    with pytest.raises(ModelUnavailable, match="not a finite number"):
        KnnPerfModel.fit_store(s, "d")
    s.close()


def test_put_refuses_a_time_that_is_not_a_number(tmp_path):
    s = MeasurementStore(tmp_path / "m.sqlite")
    for bad in (math.nan, -1.0, "slow"):
        with pytest.raises(StoreError, match="nothing was written"):
            s.put(key="k", benchmark="b", program_key="p", kernel_key="k", device="d",
                  report={"status": "ok", "median_s": bad})
    assert len(s) == 0
    s.close()


def test_good_rows_read_back(tmp_path):
    rows = _read_all(_store(tmp_path))
    assert sorted(r.median_s for r in rows) == [1e-3, 2e-3, 3e-3]
    assert all(r.time_problem is None for r in rows)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_store_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "m.sqlite"
    os.mkfifo(fifo)
    for readonly in (False, True):
        with pytest.raises(StoreError) as info:
            MeasurementStore(fifo, readonly=readonly)
        _one_line(info.value, "not a regular file")


def test_link_to_dev_null_is_not_a_regular_file(tmp_path):
    link = tmp_path / "m.sqlite"
    link.symlink_to(os.devnull)
    with pytest.raises(StoreError) as info:
        MeasurementStore(link)
    _one_line(info.value, "not a regular file", os.devnull)


_VALUES = st.one_of(st.none(), st.integers(-2**63, 2**63 - 1), st.floats(allow_nan=True, allow_infinity=True),
                    st.text(max_size=20), st.binary(max_size=20))


@FUZZ
@given(column=st.sampled_from(["median_s", "iqr_s", "gflops", "gbs", "features", "report", "status",
                               "benchmark", "created"]), value=_VALUES)
def test_any_stored_value_reads_back_or_is_one_bad_row(tmp_path, column, value):
    path = tmp_path / f"f{abs(hash((column, repr(value))))}.sqlite"
    path.unlink(missing_ok=True)
    s = MeasurementStore(path)
    s.put(key="k0", benchmark="b", program_key="p", kernel_key="kk", device="d",
          report={"status": "ok", "median_s": 1e-3}, features=FEATURES)
    s.close()
    try:
        _set(path, column, value)
    except sqlite3.IntegrityError:  # a NOT NULL column
        return
    try:
        rows = _read_all(path)
    except BadRow as err:
        _one_line(err, "row k0")
        return
    r = rows[0]
    for v in (r.median_s, r.iqr_s):
        assert v is None or (isinstance(v, float) and math.isfinite(v) and v >= 0)
    assert isinstance(r.report, dict) and (r.features is None or isinstance(r.features, dict))
