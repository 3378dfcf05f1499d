"""The measurement store: sqlite, keyed by content, safe against crashes.

A row is one measurement of one kernel program on one device: its key hashes the kernel sources, the launch
geometry, the input sizes, the device fingerprint (driver included) and the package version, so a changed
compiler or driver never replays a stale number. Writes are single transactions in WAL mode with full
synchronisation: a process killed mid-write, or a full disk, leaves the store at its last committed state
(sqlite's atomic commit); a failed write is reported to the caller and never half-applied.
"""

from __future__ import annotations

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

SCHEMA_VERSION = 1
DEFAULT_PATH_ENV = "LIFT_GYM_STORE"

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


class StoreError(RuntimeError):
    """The store could not be opened or written (corrupt file, full disk, wrong schema)."""


class MeasurementStore:
    """A sqlite file of measurements; one connection per thread, every write its own transaction."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        try:
            self._conn().executescript(_SCHEMA)  # idempotent DDL (executescript manages its own commit)
            with self._tx() as db:
                row = db.execute("SELECT v FROM meta WHERE k = 'schema'").fetchone()
                if row is None:
                    db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                elif int(row[0]) != SCHEMA_VERSION:
                    raise StoreError(f"{self.path}: schema version {row[0]}, this lift-gym reads {SCHEMA_VERSION}")
        except sqlite3.DatabaseError as e:
            raise StoreError(f"cannot open measurement store {self.path}: {e}") from e

    def _conn(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
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
                    self.db.execute("ROLLBACK")
                    raise
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
        try:
            with self._tx() as db:
                db.execute("INSERT OR REPLACE INTO measurements VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row)
        except sqlite3.Error as e:
            raise StoreError(f"could not write measurement {key[:12]} to {self.path}: {e}") from e

    def get(self, key: str) -> Record | None:
        row = self._conn().execute("SELECT * FROM measurements WHERE key = ?", (key,)).fetchone()
        return _record(row) if row else None

    def __contains__(self, key: str) -> bool:
        return self._conn().execute("SELECT 1 FROM measurements WHERE key = ?", (key,)).fetchone() is not None

    def __len__(self) -> int:
        return int(self._conn().execute("SELECT COUNT(*) FROM measurements").fetchone()[0])

    def records(self, benchmark: str | None = None, device: str | None = None,
                status: str | None = None) -> Iterator[Record]:
        q, args = "SELECT * FROM measurements WHERE 1=1", []
        for col, v in (("benchmark", benchmark), ("device", device), ("status", status)):
            if v is not None:
                q += f" AND {col} = ?"
                args.append(v)
        for row in self._conn().execute(q + " ORDER BY created", args):
            yield _record(row)

    def integrity_ok(self) -> bool:
        return self._conn().execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None


def _record(row) -> Record:
    (key, bench, pkey, kkey, dev, ver, status, med, iqr, gf, gb, feats, report, created) = row
    return Record(key, bench, pkey, kkey, dev, ver, status, med, iqr, gf, gb,
                  json.loads(feats) if feats else None, json.loads(report), created)
