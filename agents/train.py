"""`train(config)`: MaskablePPO on LiftGym, with checkpoints, a run manifest, resume, logs and a progress bar.

    result = train(load_config("configs/quick.yaml"))             # a fresh run in config.run.out_dir
    result = train(None, resume="runs/quick")                     # continue a killed or finished run

A fresh run refuses a folder that already holds a run (resume it, or choose another `run.out_dir`). Resuming
reads the config from the manifest (a `config` passed too replaces it; the saved model keeps its own
hyper-parameters and spaces, and SB3 rejects an env whose spaces differ), loads the last complete checkpoint
(or the final model) and trains until `train.total_steps` (`total_steps` overrides it, e.g. to extend a finished
run). See agents/runs.py for the files.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .config import ExperimentConfig, config_from_dict, with_overrides
from .envs import make_env, make_vec_env
from .runs import Manifest, find_run, save_model
from .untrusted import load_maskable_ppo

if TYPE_CHECKING:  # the callbacks subclass SB3's (torch): imported at run time only when training
    from .callbacks import EpisodeStats, ManifestCheckpoint

Log = Callable[[str], None]


@dataclass(frozen=True)
class TrainResult:
    """What a `train` call did: where the run lives and a summary of this session's episodes."""

    run_dir: Path
    model_path: Path
    num_timesteps: int
    start_timesteps: int
    episodes: int
    mean_reward: float | None
    best_speedup: float | None
    wall_s: float
    notes: tuple[str, ...] = ()

    @property
    def steps_per_s(self) -> float:
        return (self.num_timesteps - self.start_timesteps) / max(self.wall_s, 1e-9)


def tensorboard_available() -> bool:
    if importlib.util.find_spec("tensorboard") is None:
        return False
    try:
        from torch.utils.tensorboard import SummaryWriter  # noqa: F401  (optional: torch and tensorboard)
    except ImportError:
        return False
    return True


def progress_kind() -> str:
    """"sb3" (tqdm + rich: SB3's `progress_bar=True`), "tqdm" (plain tqdm callback) or "none"."""
    if importlib.util.find_spec("tqdm") is None:
        return "none"
    return "sb3" if importlib.util.find_spec("rich") is not None else "tqdm"


def build_model(cfg: ExperimentConfig, venv):
    """A fresh MaskablePPO for `cfg` on `venv` (the policy class and network from `cfg.policy`); for MaskableA2C
    one configured as A2C (one epoch, the whole rollout as one batch, RMSprop, advantages as they are)."""
    # sb3_contrib and agents.policy (a torch network) load torch: imported only when training
    from sb3_contrib import MaskablePPO

    from .policy import optimizer_kwargs, policy_class, policy_kwargs

    t = cfg.train
    kwargs = {**policy_kwargs(cfg.policy), **optimizer_kwargs(t.algorithm)}
    if t.algorithm == "MaskableA2C":  # one step per rollout at ratio 1: A2C's gradient (agents.config)
        update = {"batch_size": t.n_steps * venv.num_envs, "n_epochs": 1, "normalize_advantage": False}
    else:
        update = {"batch_size": t.batch_size, "n_epochs": t.n_epochs, "clip_range": t.clip_range}
    return MaskablePPO(policy_class(cfg.policy), venv, learning_rate=t.learning_rate, n_steps=t.n_steps,
                       gamma=t.gamma, gae_lambda=t.gae_lambda, ent_coef=t.ent_coef, vf_coef=t.vf_coef,
                       max_grad_norm=t.max_grad_norm, policy_kwargs=kwargs, seed=t.seed, device=t.device,
                       verbose=cfg.run.verbose, **update)


def _new_run(cfg: ExperimentConfig, config_path: str | None, out_dir: str | Path | None) -> Manifest:
    """The manifest of a new run folder; a folder that already holds a run is refused."""
    run_dir = Path(out_dir) if out_dir is not None else cfg.out_dir
    if (run_dir / "manifest.json").exists():
        old = Manifest.load(run_dir).data
        raise FileExistsError(f"{run_dir} already holds a run ({old.get('status')}, {old.get('num_timesteps')} "
                              f"steps): resume it with --resume {run_dir}, or set run.out_dir / --out elsewhere")
    return Manifest.create(run_dir, cfg.to_dict(), config_path, write=False)  # written once the envs open


def _prepare(cfg: ExperimentConfig | None, config_path: str | None, resume: str | Path | None,
             out_dir: str | Path | None, log: Log) -> tuple[ExperimentConfig, Manifest, Path | None]:
    """(config, manifest, model to load or None) for a fresh or a resumed run."""
    if resume is None:
        assert cfg is not None, "train needs a config (or resume=RUN_DIR)"
        return cfg, _new_run(cfg, config_path, out_dir), None
    manifest, model_path = find_run(resume)
    if manifest is None:  # a bare model zip: continue it in a new run folder of the given config
        if cfg is None:
            raise FileNotFoundError(f"{resume} has no run manifest next to it: give --config too")
        return cfg, _new_run(cfg, config_path, out_dir), model_path
    if cfg is None:
        cfg = config_from_dict(manifest.data["config"], source=str(manifest.path))
    else:
        manifest.data["config"] = cfg.to_dict()
    if model_path is None:
        log(f"note: {manifest.run_dir} has no complete checkpoint yet; starting it from scratch")
    return cfg, manifest, model_path


def train(cfg: ExperimentConfig | None, *, config_path: str | None = None, resume: str | Path | None = None,
          out_dir: str | Path | None = None, total_steps: int | None = None,
          callbacks: Sequence = (), log: Log = print, trusted: bool = False) -> TrainResult:
    """Train (or resume) a MaskablePPO run; return a `TrainResult` (see the module docstring).

    Args:
        cfg: the validated config (None with `resume`: the manifest's).
        config_path: the YAML file the config came from (recorded in the manifest).
        resume: a run folder, its manifest.json, or a checkpoint zip.
        out_dir: the run folder (default `cfg.run.out_dir`).
        total_steps: overrides `train.total_steps`.
        callbacks: extra SB3 callbacks (after the run's own).
        log: where progress lines go.
        trusted: unpickle a resumed zip as it is (see agents.untrusted), for a zip this package cannot rebuild.
    """

    if total_steps is not None:  # validated before the run folder is written
        with_overrides(cfg or ExperimentConfig(), total_steps=total_steps)
    cfg, manifest, model_path = _prepare(cfg, config_path, resume, out_dir, log)
    if cfg.train.torch_threads:
        import torch  # optional heavy dependency, imported only when training

        torch.set_num_threads(cfg.train.torch_threads)
    if total_steps is not None:
        cfg = with_overrides(cfg, total_steps=total_steps)
        manifest.data["config"] = cfg.to_dict()
    run_dir, notes = manifest.run_dir, []
    if cfg.reward.source == "measured" and cfg.env.vec_env == "subproc" and cfg.env.n_envs > 1:
        notes.append("measured rewards from several sub-env processes run concurrently on the device and "
                     "perturb each other's timings")
    venv = make_vec_env(cfg.env, cfg.reward, seed=cfg.train.seed)  # the envs and their reward open here
    if not manifest.path.exists():
        manifest.write()
    try:
        model = build_model(cfg, venv) if model_path is None else load_maskable_ppo(
            model_path, cfg, trusted=trusted, env=venv, device=cfg.train.device)
        if model_path is None and cfg.train.imitation_epochs:  # a fresh model: its imitation start first
            from .imitation import imitate

            manifest.update(imitation=imitate(model, cfg, log))
        start = int(model.num_timesteps)
        remaining = cfg.train.total_steps - start
        if remaining <= 0:
            raise ValueError(f"{run_dir} has trained {start} steps already (train.total_steps = "
                             f"{cfg.train.total_steps}): pass --total-steps N with N > {start} to continue")
        finished = manifest.data.get("final")
        if model_path is not None and finished and manifest.resolve(finished) == Path(model_path):
            # a finished run trained further: its final model is the one to resume from until a newer checkpoint
            manifest.data.update(final=None, checkpoint=finished)
        model.set_logger(_logger(cfg, run_dir, start, notes))
        session = _Session.start(cfg, manifest, notes, callbacks)
        for n in notes:
            log(f"note: {n}")
        sessions = [*manifest.data.get("sessions", []), {"start": start, "time": time.time()}]
        manifest.update(status="running", total_steps=cfg.train.total_steps, sessions=sessions)
        log(f"training {cfg.train.algorithm} on {', '.join(cfg.env.benchmarks)} ({cfg.reward.source} reward): "
            f"steps {start} -> {cfg.train.total_steps}, run folder {run_dir}")
        t0 = time.perf_counter()
        session.learn(model, remaining, fresh=model_path is None, log=log)
        wall = time.perf_counter() - t0
        final = save_model(model, run_dir / "final.zip")
        manifest.update(status="done", final="final.zip", num_timesteps=int(model.num_timesteps))
    finally:
        venv.close()
    stats = session.stats
    rewards = stats.rewards
    return TrainResult(run_dir, final, int(model.num_timesteps), start, stats.episodes,
                       sum(rewards) / len(rewards) if rewards else None,
                       stats.best_speedup if stats.episodes else None, wall, tuple(notes))


def _logger(cfg: ExperimentConfig, run_dir: Path, start: int, notes: list[str]):
    """SB3's logger of this session: csv always, TensorBoard and stdout as the config asks (a note when it can't)."""
    from stable_baselines3.common.logger import configure  # loads torch: imported only when training

    formats = ["csv"]
    if cfg.run.tensorboard:
        if tensorboard_available():
            formats.append("tensorboard")
        else:
            notes.append("TensorBoard logs are off: the tensorboard package is not installed "
                         f"(pip install tensorboard); progress.csv is written under {run_dir / 'logs'}")
    if cfg.run.verbose:
        formats.append("stdout")
    return configure(str(run_dir / "logs" / f"from_{start}"), formats)


@dataclass
class _Session:
    """The callbacks of one training session: checkpoints, episode statistics, progress, evaluation, extras."""

    manifest: Manifest
    ckpt: ManifestCheckpoint
    stats: EpisodeStats
    callbacks: list
    sb3_bar: bool
    algorithm: str

    @classmethod
    def start(cls, cfg: ExperimentConfig, manifest: Manifest, notes: list[str], extra: Sequence) -> _Session:
        # agents.callbacks subclasses SB3's callbacks (torch): imported only when training
        from .callbacks import EpisodeStats, ManifestCheckpoint, TqdmProgress

        stats = EpisodeStats()
        ckpt = ManifestCheckpoint(cfg.run.checkpoint_every, manifest, cfg.run.keep_checkpoints, cfg.run.verbose)
        cbs: list = [ckpt, stats]
        sb3_bar = False
        if cfg.run.progress_bar:
            kind = progress_kind()
            sb3_bar = kind == "sb3"
            if kind == "tqdm":
                cbs.append(TqdmProgress())
            elif kind == "none":
                notes.append("no progress bar: tqdm is not installed")
        if cfg.run.eval_every > 0:
            cbs.append(_eval_callback(cfg, manifest.run_dir))
        cbs.extend(extra)
        return cls(manifest, ckpt, stats, cbs, sb3_bar, cfg.train.algorithm)

    def learn(self, model, remaining: int, *, fresh: bool, log: Log) -> None:
        """`model.learn` for `remaining` steps; an interrupt saves a checkpoint, any failure marks the manifest."""
        start = model.num_timesteps
        try:
            model.learn(total_timesteps=remaining, callback=self.callbacks, reset_num_timesteps=fresh,
                        progress_bar=self.sb3_bar, tb_log_name=self.algorithm)
        except KeyboardInterrupt:
            if getattr(self.ckpt, "model", None) is not None and model.num_timesteps > start:
                self.ckpt.save()
            self.manifest.update(status="interrupted")
            log(f"interrupted at {model.num_timesteps} steps; resume with: lift-gym train --resume "
                f"{self.manifest.run_dir}")
            raise
        except BaseException as err:
            self.manifest.update(status="failed", error=f"{type(err).__name__}: {err}")
            raise


def _eval_callback(cfg: ExperimentConfig, run_dir: Path):
    # sb3_contrib and stable_baselines3 load torch: imported only when training
    from sb3_contrib.common.maskable.callbacks import MaskableEvalCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    benches = cfg.run.eval_benchmarks or cfg.env.benchmarks
    eval_env = DummyVecEnv([make_env(cfg.env, cfg.reward, benches)])
    return MaskableEvalCallback(eval_env, n_eval_episodes=cfg.run.eval_episodes,
                                eval_freq=max(cfg.run.eval_every // cfg.env.n_envs, 1),
                                best_model_save_path=str(run_dir / "best"), log_path=str(run_dir / "eval"),
                                deterministic=True, verbose=cfg.run.verbose)


__all__ = ["TrainResult", "build_model", "progress_kind", "tensorboard_available", "train"]
