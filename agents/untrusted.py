"""Files a user may receive from someone else, opened without running anything they hold.

Policy zips. An SB3 zip holds torch tensors (SB3 reads them with `weights_only=True`) and a JSON `data` file in
which some entries are cloudpickled: the policy class and kwargs, the spaces, the learning-rate and clip-range
schedules, the rollout buffer class, the last observation and the episode-info buffers. Unpickling any of them
can run arbitrary code. `load_maskable_ppo` hands SB3 a replacement for each of them (`custom_objects`), rebuilt
from the run's config: `agents.policy.policy_class` and `policy_kwargs`, the env's spaces, constant
schedules of the config's learning rate and clip range, and nothing for the buffers and the last observation
(SB3 rebuilds those when it trains). A zip with a pickled entry outside that list, or with no run config to
rebuild from, is refused in one line that names what is missing, unless `trusted=True` (the CLI's
`--trusted`): SB3 then unpickles the zip as it is.

Episode records. `record_roots(path)`: the folders whose files an episode record at `path` may name (its own
folder, and the run folder holding it); `lift_gym.episode` checks the record's benchmark file, store and model
against them. `read_record(path)` reads a record file with those roots (and a size limit), in one-line errors.
"""

from __future__ import annotations

import json
import pickle
import zipfile
from pathlib import Path
from typing import Any

from gymnasium import spaces

from lift_gym import encode
from lift_gym.episode import EpisodeState
from lift_gym.transition import Config as TransitionConfig

from .config import ROLLOUT_ENV, ExperimentConfig, max_rollout_steps

# the pickled entries of a MaskablePPO zip that load_maskable_ppo rebuilds
REBUILT = ("policy_class", "policy_kwargs", "observation_space", "action_space", "lr_schedule", "learning_rate",
           "clip_range", "clip_range_vf", "rollout_buffer_class", "_last_obs", "_last_episode_starts",
           "_last_original_obs", "ep_info_buffer", "ep_success_buffer")
RUN_FILES = ("manifest.json", "pipeline.json")  # a folder holding one of them is a run folder


class UntrustedFile(ValueError):
    """A policy zip or episode record that would run code or touch files outside its folder if used."""


MAX_DATA_BYTES = 64 << 20  # an SB3 zip's `data` entry: hyper-parameters and a few pickled objects


def _zip_data(path: str | Path) -> dict:
    """An SB3 zip's `data` entry as JSON (nothing is unpickled), its size checked before it is read."""
    try:
        with zipfile.ZipFile(path) as z:
            if z.getinfo("data").file_size > MAX_DATA_BYTES:
                raise UntrustedFile(f"{path}: its data entry is larger than {MAX_DATA_BYTES} bytes")
            data = json.loads(z.read("data"))
    except UntrustedFile:
        raise
    except RecursionError:
        raise UntrustedFile(f"{path}: not a Stable-Baselines3 model zip (its data nests too deeply)") from None
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as err:
        raise UntrustedFile(f"{path}: not a Stable-Baselines3 model zip ({_first_line(err)})") from None
    if not isinstance(data, dict):
        raise UntrustedFile(f"{path}: not a Stable-Baselines3 model zip (its data is not a JSON object)")
    return data


def check_rollout_size(path: str | Path, data: dict | None = None) -> None:
    """An UntrustedFile when a policy zip's rollout (n_steps x n_envs, batch_size) exceeds the training limit
    (`agents.config.max_rollout_steps`): SB3 allocates the whole rollout buffer when it loads the zip."""
    data = _zip_data(path) if data is None else data
    limit = max_rollout_steps()
    n_envs = data.get("n_envs", 1)
    for key in ("n_steps", "batch_size", "n_envs", "n_epochs"):
        v = data.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= limit):
            raise UntrustedFile(f"{path}: {key} is {str(v)[:40]}, not an integer in [1, {limit}] (set {ROLLOUT_ENV} "
                                "to raise the limit)")
    n_steps = data.get("n_steps")
    if isinstance(n_steps, int) and isinstance(n_envs, int) and n_steps * n_envs > limit:
        raise UntrustedFile(f"{path}: a rollout of n_steps {n_steps} x n_envs {n_envs} is more than the limit of "
                            f"{limit} steps (set {ROLLOUT_ENV} to raise it)")


def pickled_entries(path: str | Path) -> list[str]:
    """The names of the cloudpickled entries of an SB3 zip's `data` (read as JSON: nothing is unpickled)."""
    data = _zip_data(path)
    return [k for k, v in data.items() if isinstance(v, dict) and ":serialized:" in v]


def custom_objects(cfg: ExperimentConfig) -> dict[str, Any]:
    """Replacements for every pickled entry of a MaskablePPO zip trained with `cfg` (see the module docstring)."""
    from .policy import optimizer_kwargs, policy_class, policy_kwargs  # loads torch: only when a policy is loaded

    t, env = cfg.train, cfg.env
    layout = TransitionConfig(max_rewrites=env.max_rewrites, max_nodes=env.max_nodes, n_slots=env.n_slots).layout
    return {"policy_class": policy_class(cfg.policy),
            "policy_kwargs": {**policy_kwargs(cfg.policy), **optimizer_kwargs(t.algorithm)},
            "observation_space": encode.observation_space(env.max_nodes, env.n_slots),
            "action_space": spaces.Discrete(layout.n), "lr_schedule": None, "learning_rate": float(t.learning_rate),
            "clip_range": float(t.clip_range), "clip_range_vf": None, "rollout_buffer_class": None,
            "_last_obs": None, "_last_episode_starts": None, "_last_original_obs": None, "ep_info_buffer": None,
            "ep_success_buffer": None}


def load_maskable_ppo(path: str | Path, cfg: ExperimentConfig | None, *, trusted: bool = False, **kwargs):
    """MaskablePPO.load(path, **kwargs) with no pickled entry of the zip unpickled (unless `trusted`).

    `cfg` is the run's config (None: a bare zip, loadable only when trusted). An UntrustedFile names the entries
    that would have to be unpickled."""
    from sb3_contrib import MaskablePPO  # loads torch: only when a policy is loaded

    check_rollout_size(path)
    if trusted:
        return MaskablePPO.load(path, **kwargs)
    pickled = pickled_entries(path)
    if cfg is None and pickled:
        raise UntrustedFile(f"{path}: a model zip with no run config next to it; its spaces and policy settings "
                            "are pickled (code runs when they load): pass --trusted if you trust the file")
    unknown = [k for k in pickled if k not in REBUILT]
    if unknown:
        raise UntrustedFile(f"{path}: pickled entries {', '.join(unknown)} would run code when loaded; pass "
                            "--trusted if you trust the file")
    custom = custom_objects(cfg) if cfg is not None else {}
    try:
        return MaskablePPO.load(path, custom_objects={k: custom[k] for k in pickled}, **kwargs)
    except pickle.UnpicklingError as err:  # torch's weights_only refusal of a tensor file holding other objects
        raise UntrustedFile(f"{path}: its tensor files hold pickled objects that are not tensors, which torch "
                            f"refuses to load without running code ({_first_line(err)}); pass --trusted if you "
                            "trust the file") from None
    except (zipfile.BadZipFile, EOFError) as err:
        raise UntrustedFile(f"{path}: not a Stable-Baselines3 model zip ({_first_line(err)})") from None


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return " ".join(text[0].split())[:200] if text else type(err).__name__


def record_roots(record: str | Path) -> tuple[Path, ...]:
    """The folders an episode record's named files may lie in: its own folder, and the nearest folder above it
    holding a run (RUN_FILES), if any."""
    folder = Path(record).resolve().parent
    for d in (folder, *folder.parents):
        if any((d / f).is_file() for f in RUN_FILES):
            return (folder,) if d == folder else (folder, d)
    return (folder,)


MAX_RECORD_BYTES = 16 << 20  # an episode record is a few kilobytes


def read_record(path: str | Path) -> EpisodeState:
    """The episode record of a file, every path it names checked against its `record_roots` (see
    lift_gym.episode): one-line errors (an UntrustedFile or ValueError) that never quote the file."""
    p = Path(path)
    if not p.is_file():
        what = "a folder" if p.is_dir() else "not a regular file" if p.exists() else "missing"
        raise UntrustedFile(f"{p}: the episode record is {what}")
    if p.stat().st_size > MAX_RECORD_BYTES:
        raise UntrustedFile(f"{p}: larger than {MAX_RECORD_BYTES} bytes, not an episode record")
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise UntrustedFile(f"cannot read {p}: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise UntrustedFile(f"{p}: not UTF-8 text (byte offset {err.start})") from None
    try:
        return EpisodeState.from_json(text, roots=record_roots(p))
    except (ValueError, KeyError, TypeError) as err:
        raise UntrustedFile(f"{p}: {err}") from None


__all__ = ["MAX_RECORD_BYTES", "REBUILT", "UntrustedFile", "check_rollout_size", "custom_objects", "load_maskable_ppo",
           "pickled_entries", "read_record", "record_roots"]
