"""What RL code expects of a Gymnasium / SB3 env: make-time errors, render modes and SB3's make_vec_env, action
masks through gymnasium.make's wrappers, the mask-unaware wrapper with PPO and DQN, rl-zoo3 hyperparameter
files, device profiles, and `lift-gym fit`."""

from __future__ import annotations

import contextlib
import inspect
import json
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
import yaml

from agents.cli import main
from agents.fit_cmd import model_file_name
from compiler.constraints.device import POCL_CPU
from compiler.errors import DeviceNotFound
from compiler.lowering import GENERIC_GPU, PROFILES
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import KnnPerfModel
from compiler.perf.store import MeasurementStore
from lift_gym.env import LiftGymEnv
from lift_gym.episode import ENV_ID, RP_ENV_ID, validate
from lift_gym.rewards import RewardConfig, RewardUnavailable
from lift_gym.wrappers import IllegalActionPenalty

SCAL = "benchmark://lift/scal/small"
SMALL = {"benchmark": SCAL, "reward": "analytical", "max_nodes": 32, "n_slots": 8}
FIXTURE = Path(__file__).parents[1] / "agents" / "data" / "pocl_measurements.json"
ZOO = Path(__file__).parents[2] / "configs" / "rl_zoo"


# --- make-time errors -------------------------------------------------------------------------------------------
def test_missing_model_file_fails_at_make_naming_the_path(tmp_path):
    path = tmp_path / "absent.npz"
    with pytest.raises(RewardUnavailable, match=f"model file {path} does not exist"):
        gym.make(ENV_ID, benchmark=SCAL, reward="predicted", model=str(path))


def test_unreadable_model_file_fails_at_make_naming_the_path(tmp_path):
    path = tmp_path / "garbage.npz"
    path.write_bytes(b"not an npz archive")
    with pytest.raises(RewardUnavailable, match=str(path)) as err:
        gym.make(ENV_ID, benchmark=SCAL, reward="predicted", model=str(path))
    assert "\n" not in str(err.value)


def test_absent_device_fails_at_make_never_falls_back():
    with pytest.raises(DeviceNotFound, match="no-such-device-xyz"):
        gym.make(ENV_ID, benchmark=SCAL, reward="analytical", device="no-such-device-xyz")


# --- render modes, SB3's make_vec_env, masks through wrappers ---------------------------------------------------
def test_unsupported_render_mode_is_a_type_error():
    with pytest.raises(TypeError, match="rgb_array"):
        LiftGymEnv(SCAL, "analytical", render_mode="rgb_array")


@pytest.mark.filterwarnings("ignore:.*render_mode.*")
def test_sb3_make_vec_env_on_the_env_id_with_masks_through_wrappers():
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env(ENV_ID, n_envs=2, seed=0, env_kwargs=SMALL)
    try:
        venv.reset()
        assert is_masking_supported(venv)
        for _ in range(4):
            masks = get_action_masks(venv)
            assert masks.shape == (2, venv.action_space.n) and masks.dtype == bool
            assert np.array_equal(masks, np.stack(venv.env_method("action_masks")))
            venv.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
    finally:
        venv.close()


def test_action_masks_reachable_through_gym_make_wrappers():
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    env = gym.make(ENV_ID, **SMALL)
    assert isinstance(env, gym.Wrapper)  # TimeLimit(OrderEnforcing(PassiveEnvChecker(env)))
    env.reset(seed=0)
    assert is_masking_supported(env)
    want = env.unwrapped.action_masks()
    assert np.array_equal(get_action_masks(env), want)
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), want)
    assert np.array_equal(IllegalActionPenalty(env).action_masks(), want)


# --- the mask-unaware wrapper ---------------------------------------------------------------------------------------
def test_illegal_action_is_a_penalised_no_op_and_truncates_after_max_illegal():
    env = IllegalActionPenalty(gym.make(ENV_ID, **SMALL), penalty=-0.5, max_illegal=2)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.unwrapped.state
    obs2, r, term, trunc, info = env.step(illegal)
    assert (r, term, trunc, info["illegal_action"]) == (-0.5, False, False, True)
    assert env.unwrapped.state is before and all(np.array_equal(obs[k], obs2[k]) for k in obs)
    assert env.step(illegal)[3] is True  # the second illegal action ends the episode (truncation)
    env.reset(seed=0)
    legal = int(np.flatnonzero(env.action_masks())[0])
    _, _, _, _, info = env.step(legal)
    assert info["illegal_action"] is False and len(env.unwrapped.state.actions) == 1


def test_penalty_wrapper_rejects_a_positive_penalty():
    with pytest.raises(ValueError, match="penalty must be <= 0"):
        IllegalActionPenalty(gym.make(ENV_ID, **SMALL), penalty=1.0)


def test_plain_ppo_and_dqn_train_through_the_penalty_wrapper():
    from stable_baselines3 import DQN, PPO

    env = IllegalActionPenalty(gym.make(ENV_ID, **SMALL), max_illegal=16)
    small = {"net_arch": [32]}
    ppo = PPO("MultiInputPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0, device="cpu",
              policy_kwargs=small).learn(256)
    assert ppo.num_timesteps == 256
    dqn = DQN("MultiInputPolicy", env, learning_starts=32, buffer_size=256, batch_size=16, train_freq=8, seed=0,
              device="cpu", policy_kwargs=small).learn(64)
    assert dqn.num_timesteps == 64
    env.close()


# --- rl-zoo3 hyperparameter files ---------------------------------------------------------------------------------
ZOO_KEYS = {"n_timesteps", "n_envs", "env_wrapper", "vec_env_wrapper", "normalize", "frame_stack", "callback",
            "monitor_kwargs", "noise_type", "noise_std"}  # read by rl-zoo3 itself, not passed to the algorithm


@pytest.mark.parametrize("algo", ["ppo", "dqn"])
def test_rl_zoo_files_name_registered_envs_and_valid_kwargs(algo):
    import stable_baselines3

    cls = {"ppo": stable_baselines3.PPO, "dqn": stable_baselines3.DQN}[algo]
    params = set(inspect.signature(cls.__init__).parameters) - {"self", "env"}
    conf = yaml.safe_load((ZOO / f"{algo}.yml").read_text())
    assert set(conf) <= {ENV_ID, RP_ENV_ID} and set(conf) <= set(gym.registry)
    for env_id, hp in conf.items():
        unknown = set(hp) - params - ZOO_KEYS
        assert not unknown, f"{algo}.yml {env_id}: not {cls.__name__} arguments: {sorted(unknown)}"
        for w in hp.get("env_wrapper", []):
            name, kwargs = next(iter(w.items())) if isinstance(w, dict) else (w, {})
            module, _, attr = name.rpartition(".")
            wrapper = getattr(__import__(module, fromlist=[attr]), attr)
            assert set(kwargs) <= set(inspect.signature(wrapper).parameters)


# --- device profiles ------------------------------------------------------------------------------------------------
def test_device_profile_fixes_tuning_limits_whatever_the_host():
    default = gym.make(ENV_ID, **SMALL, device="pocl")  # the host's PoCL device does not set the limits
    assert default.unwrapped.config.limits == GENERIC_GPU
    values = {}
    for name in ("h100", "pocl"):  # the same policy (the last legal action, no named lowering) under two profiles
        env = gym.make(ENV_ID, **{**SMALL, "n_slots": 16}, sizes={"N": 8192}, profile=name)
        assert env.unwrapped.config.limits == PROFILES[name]
        env.reset(seed=0)
        named = env.unwrapped.config.layout.template_base
        done = False
        while not done:
            legal = np.flatnonzero(env.unwrapped.action_masks())
            _, _, done, _, _ = env.step(int(legal[legal < named][-1]))
        values[name] = env.unwrapped.state.assignment
    assert values["h100"] != values["pocl"]  # the largest work-group offered: 1024 items on an H100, 4096 on PoCL


def test_episode_record_keeps_the_profile_and_validates():
    env = gym.make(ENV_ID, **SMALL, profile="pocl")
    env.reset(seed=0)
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(np.flatnonzero(env.unwrapped.action_masks())[-1]))
    record = env.unwrapped.episode_state()
    assert record.config["reward"]["profile"] == "pocl" and record.config["limits"]["name"] == POCL_CPU.name
    assert validate(record.to_json()).ok


def test_unknown_device_profile_is_an_error_naming_it():
    with pytest.raises(ValueError, match="device profile 'tpu'"):
        RewardConfig(source="analytical", profile="tpu")


# --- lift-gym fit ---------------------------------------------------------------------------------------------------
def _store(path: Path, rows: int = 40) -> tuple[str, str]:
    data = json.loads(FIXTURE.read_text())
    store = MeasurementStore(path)
    for r in data["rows"][:rows]:
        report = {"status": r["status"], "median_s": r["median_s"], "iqr_s": r["iqr_s"]}
        for device in (r["device"], "other-gpu"):
            store.put(key=r["key"] + device, benchmark=r["benchmark"], program_key=r["program_key"],
                      kernel_key=r["kernel_key"], device=device, report=report, features=r["features"])
    store.close()
    return str(path), data["device"]


def test_fit_writes_one_model_per_device(tmp_path, capsys):
    store, device = _store(tmp_path / "m.sqlite")
    assert main(["fit", store, "--out", str(tmp_path), "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert sorted(w["device"] for w in written) == sorted([device, "other-gpu"])
    model = KnnPerfModel.load(tmp_path / model_file_name(device))
    assert model.device == device and model.n_rows == next(w["rows"] for w in written if w["device"] == device)
    assert main(["fit", store, "--device", "other", "--json"]) == 0  # text in one device; beside the store
    assert [w["device"] for w in json.loads(capsys.readouterr().out)] == ["other-gpu"]
    env = gym.make(ENV_ID, benchmark=SCAL, reward="predicted", model=str(tmp_path / model_file_name(device)))
    env.close()


def test_fit_errors_are_one_line(tmp_path, capsys):
    store, _ = _store(tmp_path / "m.sqlite", rows=4)
    empty = tmp_path / "empty.sqlite"
    MeasurementStore(empty).close()
    older = tmp_path / "older.sqlite"  # measured before flops_pt and idx_divmod_pt were features
    with contextlib.closing(MeasurementStore(older)) as st:
        st.put(key="k", benchmark=SCAL, program_key="p", kernel_key="k", device="dev",
               report={"status": "ok", "median_s": 1e-3}, features={n: 1.0 for n in FEATURE_NAMES[:15]})
    for argv, words in ((["fit", store, "--device", "tpu"], "matches no device"),
                        (["fit", str(empty)], "holds no usable measurement"),
                        (["fit", str(older)], "older feature set (without flops_pt, idx_divmod_pt)"),
                        (["fit", str(tmp_path / "absent.sqlite")], "does not exist")):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip()
        assert words in err and "\n" not in err, err
