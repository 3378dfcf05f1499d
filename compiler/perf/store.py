"""The measurement store: sqlite, keyed by content, safe against crashes.

A row is one measurement of one kernel program on one device: its key hashes the kernel sources, the launch
geometry, the input sizes, the device fingerprint (driver included) and the package version, so a changed
compiler or driver never replays a stale number. Writes are single transactions in WAL mode with full
synchronisation: a process killed mid-write, or a full disk, leaves the store at its last committed state
(sqlite's atomic commit); a failed write is reported to the caller (with sqlite's own reason, e.g. "database
or disk is full") and never half-applied. Every failure is a `StoreError` (compiler.errors): one line naming
the file and the fix.

A time-out recorded as not settled (`Measurement.settled` False: it timed out again, with doubled limits, while
the machine was loaded; see `MeasureWorker.measure_settled`) is kept but not final (`is_final`): `get` and `in`
pass over it, so the kernel is measured again instead of being replayed as pruned.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..errors import StoreError

SCHEMA_VERSION = 1
DEFAULT_PATH_ENV = "LIFT_GYM_STORE"
_EFFECTIVE = os.access in os.supports_effective_ids

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS measurements (
    key TEXT PRIMARY KEY,
    benchmark TEXT NOT NULL,
    program_key TEXT NOT NULL,
    kernel_key TEXT NOT NULL,
    device TEXT NOT NULL,
    version TEXT NOT NULL,
    status TEXT NOT NULL,
    median_s REAL,
    iqr_s REAL,
    gflops REAL,
    gbs REAL,
    features TEXT,
    report TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS by_benchmark ON measurements (benchmark, device);
"""


def default_path() -> Path:
    """$LIFT_GYM_STORE, else ~/.cache/lift-gym/measurements.sqlite."""
    env = os.environ.get(DEFAULT_PATH_ENV)
    if env:
        return Path(env)
    return Path.home() / ".cache" / "lift-gym" / "measurements.sqlite"


def measurement_key(kernel_key: str, input_sizes: Mapping[str, int], device: str,
                    version: str = __version__) -> str:
    """Content key: kernel program (sources + launch geometry) + input sizes + device/driver + version."""
    h = hashlib.sha256()
    for part in (kernel_key, json.dumps(dict(sorted(input_sizes.items()))), device, version,
                 f"schema{SCHEMA_VERSION}"):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


@dataclass(frozen=True)
class Record:
    key: str
    benchmark: str
    program_key: str
    kernel_key: str
    device: str
    version: str
    status: str
    median_s: float | None
    iqr_s: float | None
    gflops: float | None
    gbs: float | None
    features: dict | None
    report: dict
    created: float

    @property
    def time_problem(self) -> str | None:
        """Why this row's median_s is no usable time per launch (zero, or implausibly large), or None."""
        return time_problem(self.median_s)


_FIX = "move it aside or pass another store path (--store or $LIFT_GYM_STORE)"


def is_final(status: str, report: Mapping) -> bool:
    """Whether a stored measurement is a fact to replay: anything but a time-out its measurement did not settle."""
    return not (status == "timeout" and report.get("settled") is False)


class MeasurementStore:
    """A sqlite file of measurements; one connection per thread, every write its own transaction.

    Opening validates the file before anything is written to it: a directory, a file that is not a sqlite
    database, a sqlite database of something else, or a store of another schema version raise `StoreError`
    and leave the file untouched. `readonly=True` (or a file this process may not write) opens it with a
    `mode=ro` URI and no pragma writes, for replay and lookups; a missing file is then an empty store and is
    not created. Every sqlite failure surfaces as one `StoreError` naming the file and the fix.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, readonly: bool = False):
        self.path = Path(path) if path is not None else default_path()
        self._local = threading.local()
        self._memory: sqlite3.Connection | None = None
        exists = self._check_path()
        self.readonly = readonly or (exists and not os.access(self.path, os.W_OK, effective_ids=_EFFECTIVE))
        try:
            if exists:
                self._validate()
            if self.readonly:
                if not exists:  # nothing stored yet: an empty store, and no file is created
                    self._memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
                    self._memory.executescript(_SCHEMA)
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = self._conn()
            db.executescript(_SCHEMA)  # idempotent DDL (executescript manages its own commit)
            with self._tx() as db:
                if db.execute("SELECT v FROM meta WHERE k = 'schema'").fetchone() is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except (sqlite3.Error, OSError) as e:
            self.close()
            raise self._error("cannot be opened", e) from e

    # -- opening and validation

    def _check_path(self) -> bool:
        """Whether the store file exists (with content); raises StoreError for a path that cannot be one."""
        p = self.path
        if p.is_dir():
            raise StoreError(f"measurement store {p} is a directory; pass a file path such as "
                             f"{p / 'measurements.sqlite'}")
        if p.parent.exists() and not p.parent.is_dir():
            raise StoreError(f"measurement store {p}: {p.parent} is not a directory; pass another store path")
        try:
            st = p.stat()
        except FileNotFoundError:
            return False
        except OSError as e:
            raise self._error("cannot be read", e) from e
        if not stat.S_ISREG(st.st_mode):
            target = f" (a link to {os.path.realpath(p)})" if p.is_symlink() else ""
            raise StoreError(f"measurement store {p}{target} is not a regular file (a device, FIFO or socket); "
                             "pass the path of a sqlite file")
        return st.st_size > 0

    def _validate(self) -> None:
        """Read the file without writing to it: a lift-gym store of this schema version, or StoreError."""
        db = sqlite3.connect(self._ro_uri(), uri=True, isolation_level=None)
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "meta" not in tables:
                if tables:
                    raise StoreError(f"{self.path} is a sqlite database but not a lift-gym measurement store "
                                     f"(tables: {', '.join(sorted(tables))}); {_FIX}")
                return  # an empty database: initialised like a new file
            row = db.execute("SELECT v FROM meta WHERE k = 'schema'").fetchone()
            if row is None or row[0] != str(SCHEMA_VERSION):
                found = "no schema version" if row is None else f"schema version {row[0]}"
                raise StoreError(f"measurement store {self.path} has {found}; this lift-gym reads schema "
                                 f"version {SCHEMA_VERSION}: {_FIX}")
        finally:
            db.close()

    def _ro_uri(self) -> str:
        """A read-only URI; `immutable` where sqlite could not create the WAL index next to a fully
        checkpointed file (a read-only folder), which is then safe to read without locks."""
        wal = Path(f"{self.path}-wal")
        frozen = not os.access(self.path.parent, os.W_OK) and not (wal.exists() and wal.stat().st_size > 0)
        return f"{self.path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if frozen else "")

    def _error(self, what: str, err: BaseException) -> StoreError:
        """One line: the file, what failed, sqlite's (or the OS's) reason, and the fix."""
        reason = " ".join(str(err).split()) or type(err).__name__
        low = reason.lower()
        if "not a database" in low or "malformed" in low or "disk image" in low:
            fix = f"the file is not a readable measurement store: {_FIX}"
        elif "full" in low or "disk i/o" in low:
            fix = "free disk space (or check the disk), or pass a store path on another disk"
        elif "readonly" in low or "read-only" in low or "permission" in low or "unable to open" in low:
            fix = ("make the file and its folder writable, or pass a writable store path; replay and lookups "
                   "open it read-only")
        elif "locked" in low or "busy" in low:
            fix = "another process holds a write lock on it for too long; retry when it is done"
        else:
            fix = _FIX
        return StoreError(f"measurement store {self.path} {what}: {reason}; {fix}")

    def _conn(self) -> sqlite3.Connection:
        if self._memory is not None:
            return self._memory
        db = getattr(self._local, "db", None)
        if db is None:
            if self.readonly:
                db = sqlite3.connect(self._ro_uri(), uri=True, timeout=30.0, isolation_level=None)
            else:
                db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")
            self._local.db = db
        return db

    class _Tx:
        def __init__(self, db: sqlite3.Connection):
            self.db = db

        def __enter__(self) -> sqlite3.Connection:
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, exc_type, exc, tb) -> None:
            if exc_type is None:
                try:
                    self.db.execute("COMMIT")
                    return
                except sqlite3.Error:
                    self._rollback()  # sqlite may have rolled back already (full disk): keep the COMMIT's error
                    raise
            self._rollback()

        def _rollback(self) -> None:
            if self.db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")

    def _tx(self) -> MeasurementStore._Tx:
        return MeasurementStore._Tx(self._conn())

    def put(self, *, key: str, benchmark: str, program_key: str, kernel_key: str, device: str, report: Mapping,
            features: Mapping | None = None, version: str = __version__) -> None:
        """Insert or replace one measurement; raises StoreError (nothing written) if the write fails."""
        r = dict(report)
        for column in ("median_s", "iqr_s", "gflops", "gbs"):
            v = r.get(column)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v)
                                  or v < 0):
                raise StoreError(f"measurement store {self.path}: measurement {key[:12]} has {column} {v!r}, not a "
                                 "finite number >= 0; nothing was written")
        row = (key, benchmark, program_key, kernel_key, device, version, str(r.get("status", "ok")),
               r.get("median_s"), r.get("iqr_s"), r.get("gflops"), r.get("gbs"),
               json.dumps(features) if features is not None else None, json.dumps(r, default=str), time.time())
        if self.readonly:
            raise StoreError(f"measurement store {self.path} is open read-only; cannot write measurement "
                             f"{key[:12]}: make the file writable, or pass a writable store path")
        try:
            with self._tx() as db:
                db.execute("INSERT OR REPLACE INTO measurements VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
        except sqlite3.Error as e:
            raise self._error(f"could not write measurement {key[:12]}", e) from e

    def _read(self, sql: str, args: tuple | list = ()) -> list:
        try:
            return self._conn().execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise self._error("cannot be read", e) from e

    def get(self, key: str) -> Record | None:
        """The final measurement under `key` (a time-out that did not settle is not: None, measure it again)."""
        rows = self._read("SELECT * FROM measurements WHERE key = ?", (key,))
        rec = _record(rows[0]) if rows else None
        return rec if rec is not None and is_final(rec.status, rec.report) else None

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def __len__(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM measurements")[0][0])

    def records(self, benchmark: str | None = None, device: str | None = None,
                status: str | None = None) -> Iterator[Record]:
        q, args = "SELECT * FROM measurements WHERE 1=1", []
        for col, v in (("benchmark", benchmark), ("device", device), ("status", status)):
            if v is not None:
                q += f" AND {col} = ?"
                args.append(v)
        try:
            for row in self._conn().execute(q + " ORDER BY created", args):
                yield _record(row)
        except sqlite3.Error as e:
            raise self._error("cannot be read", e) from e

    def integrity_ok(self) -> bool:
        return self._read("PRAGMA integrity_check")[0][0] == "ok"

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
        if self._memory is not None:
            self._memory.close()
            self._memory = None


MAX_MEDIAN_S = 3600.0  # the largest time per launch a row may hold (a measurement stops far below it)
MAX_JSON_DEPTH = 64  # nesting of a row's features and report


class BadRow(StoreError):
    """A stored row that is not a measurement this package writes (a value of the wrong type or range, JSON
    that does not parse): one line naming the row's key and column."""


def _row_error(key, column: str, what: str) -> BadRow:
    return BadRow(f"measurement store row {str(key)[:12]}: {column} {what}; delete the row (DELETE FROM "
                  "measurements WHERE key = ...) or pass another store path (--store or $LIFT_GYM_STORE)")


def _time(key, column: str, v) -> float | None:
    """A stored time in seconds: None, or a finite number >= 0 (BadRow otherwise). Whether it is a usable time
    per launch (in (0, MAX_MEDIAN_S]) is `Record.time_problem`."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise _row_error(key, column, f"is {type(v).__name__} {str(v)[:40]!r}, not a number of seconds")
    x = float(v)
    if not math.isfinite(x) or x < 0:
        raise _row_error(key, column, f"is {x!r} s, not a time (a finite number >= 0)")
    return x


def time_problem(median_s: float | None) -> str | None:
    """Why a stored median time cannot be a kernel's time per launch (zero, or above MAX_MEDIAN_S), or None."""
    if median_s is None:
        return None
    if not median_s > 0:
        return f"median_s is {median_s!r} s, not a positive time"
    if median_s > MAX_MEDIAN_S:
        return f"median_s is {median_s:g} s, above the largest time a measurement records ({MAX_MEDIAN_S:g} s)"
    return None


def _json(key, column: str, text, kind: type) -> Any:
    if not isinstance(text, str):
        raise _row_error(key, column, f"is {type(text).__name__}, not JSON text")
    try:
        v = json.loads(text)
    except RecursionError:
        raise _row_error(key, column, "is JSON nested too deeply") from None
    except ValueError as err:
        raise _row_error(key, column, f"is not valid JSON ({getattr(err, 'msg', 'bad JSON')} at position "
                                      f"{getattr(err, 'pos', '?')})") from None
    if not isinstance(v, kind):
        raise _row_error(key, column, f"is JSON {type(v).__name__}, not an object")
    return v


def _record(row) -> Record:
    """A Record of a row, every column checked (BadRow otherwise): used as is only when it is a measurement."""
    (key, bench, pkey, kkey, dev, ver, status, med, iqr, gf, gb, feats, report, created) = row
    for column, v in (("benchmark", bench), ("program_key", pkey), ("kernel_key", kkey), ("device", dev),
                      ("version", ver), ("status", status)):
        if not isinstance(v, str):
            raise _row_error(key, column, f"is {type(v).__name__}, not text")
    med = _time(key, "median_s", med)
    iqr = _time(key, "iqr_s", iqr)
    for column, v in (("gflops", gf), ("gbs", gb)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v)
                              or v < 0):
            raise _row_error(key, column, f"is {str(v)[:40]!r}, not a number >= 0")
    features = _json(key, "features", feats, dict) if feats else None
    if isinstance(created, bool) or not isinstance(created, int | float) or not math.isfinite(created):
        raise _row_error(key, "created", f"is {str(created)[:40]!r}, not a time")
    return Record(key, bench, pkey, kkey, dev, ver, status, med, iqr, gf, gb, features,
                  _json(key, "report", report, dict), created)
