"""The measurement store: sqlite, keyed by content, safe against crashes.

A row is one measurement of one kernel program on one device: its key hashes the kernel sources, the launch
geometry, the input sizes, the device fingerprint (driver included) and the package version, so a changed
compiler or driver never replays a stale number. Writes are single transactions in WAL mode with full
synchronisation: a process killed mid-write, or a full disk, leaves the store at its last committed state
(sqlite's atomic commit); a failed write is reported to the caller (with sqlite's own reason, e.g. "database
or disk is full") and never half-applied. Every failure is a `StoreError` (compiler.errors): one line naming
the file and the fix.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

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


_FIX = "move it aside or pass another store path (--store or $LIFT_GYM_STORE)"


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
            return p.stat().st_size > 0
        except FileNotFoundError:
            return False
        except OSError as e:
            raise self._error("cannot be read", e) from e

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
        rows = self._read("SELECT * FROM measurements WHERE key = ?", (key,))
        return _record(rows[0]) if rows else None

    def __contains__(self, key: str) -> bool:
        return bool(self._read("SELECT 1 FROM measurements WHERE key = ?", (key,)))

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


def _record(row) -> Record:
    (key, bench, pkey, kkey, dev, ver, status, med, iqr, gf, gb, feats, report, created) = row
    return Record(key, bench, pkey, kkey, dev, ver, status, med, iqr, gf, gb,
                  json.loads(feats) if feats else None, json.loads(report), created)
