"""The measurement store under faults: every sqlite failure is one StoreError line naming the file and the fix,
a failed commit keeps its real cause, read-only stores are read read-only, and nothing is written to a file
that fails validation."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from compiler.errors import CompilerError, StoreError
from compiler.perf.store import SCHEMA_VERSION, MeasurementStore

ROOT = Path(__file__).resolve().parents[2]


def _put(store: MeasurementStore, key: str, pad: int = 0) -> None:
    store.put(key=key, benchmark="b", program_key="p", kernel_key="k", device="d",
              report={"status": "ok", "median_s": 1e-3, "pad": "x" * pad})


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _one_line(err: BaseException, *fragments: str) -> str:
    msg = str(err)
    assert "\n" not in msg, msg
    for f in fragments:
        assert f in msg, msg
    return msg


def _foreign_version_store(path: Path) -> None:
    """A store of another schema version, in sqlite's default rollback-journal mode."""
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);"
                     "CREATE TABLE measurements (key TEXT PRIMARY KEY);")
    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()


def _foreign_database(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE accounts (id INTEGER)")
    db.commit()
    db.close()


@pytest.mark.parametrize(("make", "fragments"), [
    (lambda p: p.write_bytes(b"this is not a database" * 100), ("not a database", "move it aside")),
    (_foreign_version_store, (f"schema version {SCHEMA_VERSION + 1}", f"reads schema version {SCHEMA_VERSION}",
                              "move it aside")),
    (_foreign_database, ("not a lift-gym measurement store", "accounts", "move it aside")),
], ids=["not-a-database", "other-schema-version", "other-sqlite-database"])
def test_a_file_that_fails_validation_is_one_line_and_left_untouched(tmp_path, make, fragments):
    path = tmp_path / "m.sqlite"
    make(path)
    before = _digest(path)
    with pytest.raises(StoreError) as info:
        MeasurementStore(path)
    _one_line(info.value, str(path), *fragments)
    assert isinstance(info.value, CompilerError)
    assert _digest(path) == before  # no WAL switch, no schema written
    assert not Path(f"{path}-wal").exists()


def test_a_directory_given_as_the_store_is_one_line(tmp_path):
    with pytest.raises(StoreError) as info:
        MeasurementStore(tmp_path)
    _one_line(info.value, str(tmp_path), "is a directory", "measurements.sqlite")


_FULL_WRITER = textwrap.dedent("""
    import os, resource, signal, sys
    from compiler.errors import StoreError
    from compiler.perf.store import MeasurementStore
    path = sys.argv[1]
    s = MeasurementStore(path)
    s.put(key="small", benchmark="b", program_key="p", kernel_key="k", device="d", report={"status": "ok"})
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG instead
    size = max(os.path.getsize(path), os.path.getsize(path + "-wal"))
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 8192, resource.RLIM_INFINITY))
    try:
        s.put(key="big", benchmark="b", program_key="p", kernel_key="k", device="d",
              report={"status": "ok", "pad": "x" * 200000})
    except StoreError as e:
        print(e)
""")


def test_a_commit_that_cannot_be_written_keeps_its_real_cause(tmp_path):
    path = tmp_path / "m.sqlite"
    out = subprocess.run([sys.executable, "-c", _FULL_WRITER, str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    msg = out.stdout.strip()
    assert out.returncode == 0 and msg, out.stderr
    assert "cannot rollback" not in msg and "disk I/O error" in msg and str(path) in msg, msg
    assert "free disk space" in msg
    s = MeasurementStore(path)
    assert s.integrity_ok() and "small" in s and "big" not in s


@pytest.fixture
def tiny_disk():
    """A 256 KiB tmpfs (needs the right to mount; skipped elsewhere)."""
    mnt = Path(tempfile.mkdtemp(prefix="lift-gym-tiny-disk-"))
    if shutil.which("mount") is None or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)], capture_output=True).returncode != 0:
        mnt.rmdir()
        pytest.skip("cannot mount a small tmpfs here")
    yield mnt
    subprocess.run(["umount", str(mnt)], check=False)
    mnt.rmdir()


def test_a_full_disk_says_so(tiny_disk):
    s = MeasurementStore(tiny_disk / "m.sqlite")
    try:
        with pytest.raises(StoreError) as info:
            for i in range(1000):
                _put(s, str(i), pad=20000)
        _one_line(info.value, str(tiny_disk / "m.sqlite"), "database or disk is full", "free disk space")
        assert "cannot rollback" not in str(info.value)
        assert s.integrity_ok() and len(s) == i  # every earlier row is whole
    finally:
        s.close()


def test_read_only_open_writes_nothing_and_refuses_writes(tmp_path):
    path = tmp_path / "m.sqlite"
    w = MeasurementStore(path)
    _put(w, "a")
    w.close()
    for side in ("-wal", "-shm"):
        assert not Path(f"{path}{side}").exists()
    before, mtime = _digest(path), path.stat().st_mtime_ns
    r = MeasurementStore(path, readonly=True)
    assert r.readonly and r.get("a") is not None and len(r) == 1 and [x.key for x in r.records()] == ["a"]
    with pytest.raises(StoreError) as info:
        _put(r, "b")
    _one_line(info.value, str(path), "read-only")
    r.close()
    assert _digest(path) == before and path.stat().st_mtime_ns == mtime


def test_a_missing_store_opened_read_only_is_empty_and_not_created(tmp_path):
    path = tmp_path / "sub" / "m.sqlite"
    r = MeasurementStore(path, readonly=True)
    assert len(r) == 0 and r.get("a") is None and list(r.records()) == []
    r.close()
    assert not path.parent.exists()


def _replay_lines(path: Path) -> list[str]:
    s = MeasurementStore(path)
    lines = [f"rows {len(s)} {s.get('a') is not None} {s.readonly}"]
    try:
        _put(s, "b")
    except StoreError as e:
        lines.append(f"error {e}")
    return lines


def _as_user(user, fn) -> list[str]:
    """fn() in a forked child running as `user`; its lines (or its error) come back over a pipe."""
    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 0
        try:
            os.close(rd)
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
            out = "\n".join(fn())
        except BaseException as e:  # reported to the parent
            out, code = f"{type(e).__name__}: {e}", 1
        os.write(wr, out.encode())
        os._exit(code)
    os.close(wr)
    with os.fdopen(rd) as f:
        text = f.read()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, text
    return text.splitlines()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to drop to nobody")
def test_a_store_in_a_read_only_folder_can_be_replayed():
    import pwd

    nobody = pwd.getpwnam("nobody")
    folder = Path(tempfile.mkdtemp(prefix="lift-gym-ro-store-"))
    try:
        path = folder / "m.sqlite"
        w = MeasurementStore(path)
        _put(w, "a")
        w.close()
        path.chmod(0o444)
        folder.chmod(0o555)

        lines = _as_user(nobody, lambda: _replay_lines(path))
        assert lines[0] == "rows 1 True True", lines
        assert lines[1].startswith("error measurement store") and "read-only" in lines[1], lines
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)
