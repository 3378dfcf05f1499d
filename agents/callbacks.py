"""Training callbacks (SB3's template: each overrides `_on_step() -> bool`).

- `ManifestCheckpoint` (a `CheckpointCallback`): every `every` steps, an atomic checkpoint, then the manifest.
- `EpisodeStats`: logs LiftGym's end-of-episode info (speedup, reward source, fallbacks) to SB3's logger.
- `ModelRows`: the row counts of the kNN models the envs' predicted rewards came from (a refitted model shows).
- `TqdmProgress`: a plain tqdm bar, for when SB3's own (`progress_bar=True`, which needs rich) is unavailable.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

from stable_baselines3.common.callbacks import BaseCallback, CheckpointCallback
from tqdm import tqdm

from .runs import Manifest, save_model


class ManifestCheckpoint(CheckpointCallback):
    """Save `model_<steps>_steps.zip` atomically every `every` environment steps (counted in timesteps, so a
    resumed run keeps the same grid), record it in the manifest, and keep the newest `keep` checkpoints.

    Args:
        every: checkpoint period in timesteps.
        manifest: the run's manifest (updated after each complete checkpoint).
        keep: how many checkpoints to keep on disk.
    """

    def __init__(self, every: int, manifest: Manifest, keep: int = 3, verbose: int = 0):
        super().__init__(save_freq=1, save_path=str(manifest.run_dir / "checkpoints"), name_prefix="model",
                         verbose=verbose)
        self.every, self.manifest, self.keep = every, manifest, keep
        self._next = every

    def _init_callback(self) -> None:
        super()._init_callback()
        self._next = (self.model.num_timesteps // self.every + 1) * self.every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self._next:
            self._next = (self.num_timesteps // self.every + 1) * self.every
            self.save()
        return True

    def save(self) -> Path:
        path = Path(self._checkpoint_path(extension="zip"))
        save_model(self.model, path)
        rel = str(path.relative_to(self.manifest.run_dir))
        kept = [c for c in self.manifest.data.get("checkpoints", []) if c != rel] + [rel]
        for old in kept[:-self.keep]:
            (self.manifest.run_dir / old).unlink(missing_ok=True)
        self.manifest.update(checkpoint=rel, checkpoints=kept[-self.keep:], num_timesteps=int(self.num_timesteps))
        if self.verbose >= 1:
            print(f"checkpoint {path} ({self.num_timesteps} steps)")
        return path


class EpisodeStats(BaseCallback):
    """Collect the end-of-episode info LiftGym returns and log it at each rollout's end:
    `lift/episodes`, `lift/mean_speedup`, `lift/best_speedup`, `lift/failures` and `lift/fallback_frac`."""

    def __init__(self, verbose: int = 0):
        super().__init__(verbose)
        self.episodes = 0
        self.best_speedup = 0.0
        self.best_reward = -math.inf
        self.rewards: list[float] = []
        self.sources: Counter[str] = Counter()
        self._window: list[float] = []

    def _on_step(self) -> bool:
        for info, done in zip(self.locals.get("infos", ()), self.locals.get("dones", ()), strict=False):
            if not done or "reward_source" not in info:
                continue
            self.episodes += 1
            reward = float(info.get("log_speedup", 0.0))
            self.rewards.append(reward)
            self.best_reward = max(self.best_reward, reward)
            src = str(info["reward_source"])
            self.sources["fallback" if "fallback" in src else src.split(" ")[0]] += 1
            if info.get("speedup") is not None:
                self._window.append(float(info["speedup"]))
                self.best_speedup = max(self.best_speedup, float(info["speedup"]))
        return True

    def _on_rollout_end(self) -> None:
        self.logger.record("lift/episodes", self.episodes)
        if self._window:
            self.logger.record("lift/mean_speedup", sum(self._window) / len(self._window))
            self._window = []
        self.logger.record("lift/best_speedup", self.best_speedup)
        total = sum(self.sources.values())
        if total:
            self.logger.record("lift/fallback_frac", self.sources["fallback"] / total)


class ModelRows(BaseCallback):
    """The row counts of the kNN models behind the predicted rewards of the episodes that ended (`rows`), read
    from LiftGym's end-of-episode info of every sub-env."""

    def __init__(self, verbose: int = 0):
        super().__init__(verbose)
        self.rows: set[int] = set()

    def _on_step(self) -> bool:
        for info, done in zip(self.locals.get("infos", ()), self.locals.get("dones", ()), strict=False):
            rows = info.get("final", {}).get("report", {}).get("model_rows") if done else None
            if rows is not None:
                self.rows.add(int(rows))
        return True


class TqdmProgress(BaseCallback):
    """A tqdm progress bar over the timesteps still to run (plain tqdm; SB3's bar needs tqdm and rich)."""

    def __init__(self):
        super().__init__()
        self.bar = None

    def _on_training_start(self) -> None:
        total = int(self.locals["total_timesteps"]) - int(self.model.num_timesteps)
        self.bar = tqdm(total=total, unit="step", dynamic_ncols=True)

    def _on_step(self) -> bool:
        if self.bar is not None:
            self.bar.update(self.training_env.num_envs)
        return True

    def _on_training_end(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


__all__ = ["EpisodeStats", "ManifestCheckpoint", "TqdmProgress"]
