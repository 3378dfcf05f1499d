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

import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from compiler import __version__
from lift_gym.episode import env_version

MANIFEST = "manifest.json"
FORMAT = "lift-gym-run/1"


def atomic_write(path: str | Path, write: Callable[[IO[bytes]], Any]) -> Path:
    """Call `write(fh)` on a temporary file next to `path`, fsync it and rename it over `path`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
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
        run_dir = Path(run_dir)
        data = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError(f"{run_dir / MANIFEST} is not a lift-gym run manifest (format {data.get('format')!r})")
        return Manifest(run_dir, data)

    def update(self, **kw: Any) -> None:
        self.data.update(kw, updated=time.time())
        self.write()

    def write(self) -> None:
        write_json(self.path, self.data)

    def resolve(self, rel: str | None) -> Path | None:
        return None if rel is None else self.run_dir / rel

    @property
    def latest_model(self) -> Path | None:
        """The final model when training finished, else the last complete checkpoint."""
        return self.resolve(self.data.get("final")) or self.resolve(self.data.get("checkpoint"))


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


__all__ = ["MANIFEST", "Manifest", "atomic_write", "find_run", "save_model", "versions", "write_json",
           "write_text"]
