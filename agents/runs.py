"""A training run on disk: atomic writes, the run manifest, and finding what to resume.

    RUN_DIR/manifest.json                   the config, status, step count and the last complete checkpoint
    RUN_DIR/checkpoints/model_<N>_steps.zip MaskablePPO checkpoints (the newest `run.keep_checkpoints` kept)
    RUN_DIR/final.zip                       the model at the end of training
    RUN_DIR/logs/from_<N>/progress.csv      SB3's logger, one folder per (re)start; tb/ holds TensorBoard files

Every file is written to a temporary name in the same folder, flushed, fsynced and renamed over the target
(`os.replace`), so a run killed at any moment leaves the previous complete file; the manifest names a
checkpoint only after the checkpoint's rename, so a killed run resumes from the last complete checkpoint.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from compiler import __version__
from compiler.errors import CompilerError
from lift_gym.episode import env_version

MANIFEST = "manifest.json"
FORMAT = "lift-gym-run/1"
MAX_MANIFEST_BYTES = 64 << 20  # a manifest holds a config and a list of checkpoints: far below this


class RunFileError(CompilerError, OSError, ValueError):
    """A run file that cannot be written (full disk, read-only folder, ...) or read (not a manifest, a path that
    leaves the run folder): one line naming the file, the reason and the fix. A CompilerError and a ValueError
    too, so the CLI reports it in one line (exit 2) wherever it is raised."""

    def __str__(self) -> str:  # the message alone, also when errno and strerror are set
        return str(self.args[0]) if self.args else ""


def _write_error(path: Path, err: OSError) -> RunFileError:
    reason = err.strerror or type(err).__name__
    if err.errno == errno.ENOSPC or err.errno == errno.EDQUOT:
        fix = "free disk space or write the run to another disk (--out)"
    elif err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        fix = "make the folder writable or choose another one (--out)"
    else:
        fix = "choose another folder (--out)"
    out = RunFileError(f"cannot write {path}: {reason}; {fix}")
    out.errno, out.strerror = err.errno, err.strerror  # the OS's reason stays readable
    return out


def atomic_write(path: str | Path, write: Callable[[IO[bytes]], Any]) -> Path:
    """Call `write(fh)` on a temporary file next to `path`, fsync it and rename it over `path`; an OSError (a full
    disk, a read-only folder) leaves the previous file, removes the temporary one and is a RunFileError."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise _write_error(path, err) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(err, RunFileError):
            raise
        raise _write_error(path, err) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def write_json(path: str | Path, data: Any) -> Path:
    text = json.dumps(data, indent=2, sort_keys=False, default=str) + "\n"
    return atomic_write(path, lambda fh: fh.write(text.encode("utf-8")))


def write_text(path: str | Path, text: str) -> Path:
    return atomic_write(path, lambda fh: fh.write(text.encode("utf-8")))


def save_model(model, path: str | Path) -> Path:
    """`model.save` into a temporary file, then renamed: never a half-written zip under `path`."""
    return atomic_write(path, model.save)


def versions() -> dict[str, str]:
    # torch and the SB3 packages load slowly: imported only when a run records its versions
    import sb3_contrib
    import stable_baselines3
    import torch

    return {"lift_gym": __version__, "env": env_version(), "stable_baselines3": stable_baselines3.__version__,
            "sb3_contrib": sb3_contrib.__version__, "torch": torch.__version__}


class Manifest:
    """The run's manifest.json: read, update and write (atomically) as training goes."""

    def __init__(self, run_dir: str | Path, data: dict[str, Any]):
        self.run_dir = Path(run_dir)
        self.data = data

    @property
    def path(self) -> Path:
        return self.run_dir / MANIFEST

    @staticmethod
    def create(run_dir: str | Path, config: dict, config_path: str | None, write: bool = True) -> Manifest:
        now = time.time()
        data = {"format": FORMAT, "status": "running", "config": config, "config_path": config_path,
                "num_timesteps": 0, "total_steps": config["train"]["total_steps"], "checkpoint": None,
                "checkpoints": [], "final": None, "versions": versions(), "created": now, "updated": now,
                "sessions": []}
        m = Manifest(run_dir, data)
        if write:
            m.write()
        return m

    @staticmethod
    def load(run_dir: str | Path) -> Manifest:
        """The manifest of a run folder; a file that is not a run manifest, or whose files lie outside the
        folder, is a RunFileError (one line: the file and the reason, never its content)."""
        run_dir = Path(run_dir)
        path = run_dir / MANIFEST
        try:
            if not path.is_file():
                raise RunFileError(f"{path} is not a regular file")
            if path.stat().st_size > MAX_MANIFEST_BYTES:
                raise RunFileError(f"{path} is larger than {MAX_MANIFEST_BYTES} bytes: not a run manifest")
            data = json.loads(path.read_text(encoding="utf-8"))
        except RunFileError:
            raise
        except OSError as err:
            raise RunFileError(f"cannot read {path}: {err.strerror or type(err).__name__}") from None
        except UnicodeDecodeError as err:
            raise RunFileError(f"{path}: not UTF-8 text (byte offset {err.start})") from None
        except RecursionError:
            raise RunFileError(f"{path}: not a lift-gym run manifest (JSON nested too deeply)") from None
        except ValueError as err:
            raise RunFileError(f"{path}: not a lift-gym run manifest (invalid JSON: "
                               f"{getattr(err, 'msg', 'bad JSON')})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            fmt = data.get("format") if isinstance(data, dict) else None
            raise RunFileError(f"{path} is not a lift-gym run manifest (format {str(fmt)[:40]!r})")
        m = Manifest(run_dir, data)
        for key in ("final", "checkpoint"):
            m.resolve(data.get(key), key)
        checkpoints = data.get("checkpoints", [])
        if not isinstance(checkpoints, list):
            raise RunFileError(f"{path}: checkpoints: expected a list of file names")
        for i, c in enumerate(checkpoints):
            m.resolve(c, f"checkpoints[{i}]")
        return m

    def update(self, **kw: Any) -> None:
        self.data.update(kw, updated=time.time())
        self.write()

    def write(self) -> None:
        write_json(self.path, self.data)

    def resolve(self, rel: str | None, key: str = "file") -> Path | None:
        """The file a manifest entry names, inside the run folder (once symlinks and '..' are resolved); a
        RunFileError naming the entry otherwise: a manifest never reaches outside its folder."""
        if rel is None:
            return None
        return inside(self.run_dir, rel, f"{self.path}: {key}")

    @property
    def latest_model(self) -> Path | None:
        """The final model when training finished, else the last complete checkpoint."""
        return self.resolve(self.data.get("final")) or self.resolve(self.data.get("checkpoint"))


def inside(folder: str | Path, rel: Any, what: str) -> Path:
    """`folder / rel` when `rel` is a relative path that stays inside `folder` once symlinks and '..' are
    resolved; a RunFileError naming `what` otherwise."""
    if not isinstance(rel, str) or not rel or "\0" in rel:
        raise RunFileError(f"{what}: expected a file name inside the run folder, got {str(rel)[:60]!r}")
    base = Path(folder).resolve()
    target = (base / rel).resolve()
    if Path(rel).is_absolute() or not (target == base or base in target.parents):
        raise RunFileError(f"{what}: {rel[:200]} lies outside the run folder {base}; a manifest names only files "
                           "inside its folder")
    return Path(folder) / rel


def find_run(path: str | Path) -> tuple[Manifest | None, Path | None]:
    """(manifest, model zip) for a run folder, its manifest.json, or a model zip inside a run folder."""
    p = Path(path)
    if p.is_dir():
        if not (p / MANIFEST).exists():
            raise FileNotFoundError(f"{p} has no {MANIFEST}: not a lift-gym run folder")
        m = Manifest.load(p)
        return m, m.latest_model
    if p.name == MANIFEST:
        m = Manifest.load(p.parent)
        return m, m.latest_model
    if not p.exists():
        raise FileNotFoundError(f"{p} does not exist")
    for parent in (p.parent, p.parent.parent):
        if (parent / MANIFEST).exists():
            return Manifest.load(parent), p
    return None, p


__all__ = ["MANIFEST", "Manifest", "RunFileError", "atomic_write", "find_run", "inside", "save_model",
           "versions", "write_json", "write_text"]
