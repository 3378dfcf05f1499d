"""Reference archives (.npz beside a program file) read safely: every member's header (dtype and shape) is checked
before any array is loaded, so a zip bomb, strings, objects, a lone .npy and arrays of the wrong shape are one-line
UserBenchmarkErrors naming the file, never a MemoryError or a traceback. Hypothesis runs derandomized."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.errors import CompilerError
from compiler.suite.user import (
    REFERENCE_BYTES_ENV,
    UserBenchmarkError,
    max_reference_bytes,
    read_reference_arrays,
    user_benchmark,
)

FUZZ = settings(derandomize=True, max_examples=40, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
PROGRAM = "def p(x: [float]N) =\n  map(id) << x\n"


def _program(tmp_path: Path) -> Path:
    path = tmp_path / "p.lift"
    path.write_text(PROGRAM)
    return path


def _one_line(err: BaseException, *fragments: str) -> str:
    msg = str(err)
    assert "\n" not in msg
    for f in fragments:
        assert f in msg, msg
    return msg


def _bomb(path: Path, shape: tuple[int, ...]) -> None:
    """A .npz whose member header claims `shape` float64 elements while the member holds only a few bytes."""
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": "<f8", "fortran_order": False, "shape": shape})
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("x.npy", buf.getvalue() + b"\0" * 64)
        z.writestr("expected.npy", buf.getvalue() + b"\0" * 64)


def test_zip_bomb_is_refused_from_its_header(tmp_path):
    prog = _program(tmp_path)
    _bomb(tmp_path / "p.npz", (10**12,))
    with pytest.raises(UserBenchmarkError) as info:
        user_benchmark(prog)
    _one_line(info.value, "p.npz", "decompress to more than", REFERENCE_BYTES_ENV)


def test_reference_byte_limit_follows_the_environment(tmp_path, monkeypatch):
    prog = _program(tmp_path)
    np.savez(tmp_path / "p.npz", x=np.ones(8, np.float32), expected=np.ones(8, np.float32))
    assert user_benchmark(prog).reference_name == "p.npz"
    monkeypatch.setenv(REFERENCE_BYTES_ENV, "16")
    assert max_reference_bytes() == 16
    with pytest.raises(UserBenchmarkError, match=REFERENCE_BYTES_ENV):
        read_reference_arrays(tmp_path / "p.npz")


def test_strings_in_a_reference_are_refused(tmp_path):
    prog = _program(tmp_path)
    np.savez(tmp_path / "p.npz", x=np.array(["a", "b"]), expected=np.ones(2, np.float32))
    with pytest.raises(UserBenchmarkError) as info:
        user_benchmark(prog)
    _one_line(info.value, "p.npz", "'x'", "<U1")


def test_npy_saved_as_npz_is_named(tmp_path):
    prog = _program(tmp_path)
    with open(tmp_path / "p.npz", "wb") as fh:
        np.save(fh, np.ones(4, np.float32))
    with pytest.raises(UserBenchmarkError) as info:
        user_benchmark(prog)
    _one_line(info.value, "single .npy array", "numpy.savez")


def test_expected_of_the_wrong_shape_is_refused(tmp_path):
    prog = _program(tmp_path)
    np.savez(tmp_path / "p.npz", x=np.ones(8, np.float32), expected=np.ones(5, np.float32))
    with pytest.raises(UserBenchmarkError) as info:
        user_benchmark(prog)
    _one_line(info.value, "'expected' has shape (5,)", "(8,)")


def test_input_of_the_wrong_rank_is_refused(tmp_path):
    prog = _program(tmp_path)
    np.savez(tmp_path / "p.npz", x=np.ones((2, 4), np.float32), expected=np.ones(8, np.float32))
    with pytest.raises(UserBenchmarkError) as info:
        user_benchmark(prog)
    _one_line(info.value, "p.npz", "do not fit")


def test_a_folder_named_like_a_reference_is_refused(tmp_path):
    (tmp_path / "p.npz").mkdir()
    with pytest.raises(UserBenchmarkError, match="folder"):
        read_reference_arrays(tmp_path / "p.npz")


@FUZZ
@given(data=st.binary(max_size=400), keep_zip=st.booleans())
def test_any_bytes_as_a_reference_give_one_line(tmp_path, data, keep_zip):
    prog = _program(tmp_path)
    if keep_zip:  # a real zip whose member is the random bytes
        with zipfile.ZipFile(tmp_path / "p.npz", "w") as z:
            z.writestr("x.npy", b"\x93NUMPY" + data)
    else:
        (tmp_path / "p.npz").write_bytes(data)
    try:
        user_benchmark(prog)
    except CompilerError as err:
        _one_line(err)


@FUZZ
@given(shape=st.lists(st.integers(0, 10**9), min_size=0, max_size=4),
       dtype=st.sampled_from(["<f4", "<f8", "<i4", "|b1", "<U3", "|O", "|S2", "<c8"]))
def test_any_member_header_is_checked_before_loading(tmp_path, shape, dtype):
    prog = _program(tmp_path)
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": dtype, "fortran_order": False, "shape": tuple(shape)})
    with zipfile.ZipFile(tmp_path / "p.npz", "w") as z:
        z.writestr("x.npy", buf.getvalue() + b"\0" * 32)
        z.writestr("expected.npy", buf.getvalue() + b"\0" * 32)
    try:
        user_benchmark(prog)
    except CompilerError as err:
        _one_line(err, "p.npz")
