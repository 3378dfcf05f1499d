"""Episode records: JSON round trip, replay and validate (hash, interpreter, reward within the noise)."""

from __future__ import annotations

import json

import gymnasium as gym
import numpy as np
import pytest

import lift_gym  # noqa: F401
from lift_gym import transition
from lift_gym.episode import EpisodeState, replay, validate


def play(uri: str, seed: int, **kw) -> tuple[gym.Env, dict]:
    env = gym.make("LiftGym-v0", benchmark=uri, **kw)
    env.action_space.seed(seed)  # the episode is reproducible (unseeded, 1 in ~150 runs met the dead end below)
    _, info = env.reset(seed=seed)
    done = False
    while not done:
        _, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        done = term or trunc
    return env, info


def test_json_round_trip_and_replay():
    env, info = play("benchmark://lift/gemv/small", 3, reward="analytical")
    rec = env.unwrapped.episode_state()
    text = rec.to_json()
    back = EpisodeState.from_json(text)
    assert back == rec and json.loads(text)["format"] == "lift-gym-episode/1"
    assert back.benchmark == "benchmark://lift/gemv?M=16&N=32" and back.reward == pytest.approx(info["log_speedup"])
    result = replay(text)
    assert transition.is_terminal(result.state)
    assert result.state.lowered.key == rec.program_key and result.state.kernel.key == rec.kernel_key
    assert result.evaluation.reward == pytest.approx(rec.reward)
    env.close()


def test_validate_passes_and_catches_a_tampered_record():
    env, _ = play("benchmark://lift/stencil2d/small", 1, reward="analytical")
    rec = json.loads(env.unwrapped.episode_state().to_json())
    env.close()
    report = validate(rec)
    assert report.ok, str(report)
    assert [n for n, _, _ in report.checks] == ["versions", "replay", "program hash", "interpreter", "reward"]
    bad = dict(rec, reward=rec["reward"] + 1.0)
    assert not validate(bad).ok
    bad = dict(rec, program_key="0" * 64)
    assert dict((n, ok) for n, ok, _ in validate(bad).checks)["program hash"] is False
    out_of_space = dict(rec, actions=[*rec["actions"][:1], 10**6])
    assert not validate(out_of_space).ok  # an action outside the space: replay fails, reported


def test_unfinished_episode_records_no_reward():
    env = gym.make("LiftGym-v0", benchmark="benchmark://lift/mm/small", reward="analytical")
    _, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    rec = env.unwrapped.episode_state()
    assert rec.reward is None and rec.kernel_key is None and len(rec.actions) == 1
    assert replay(rec.to_json()).evaluation is None
    env.close()


def test_bad_records_are_rejected():
    with pytest.raises(ValueError, match="format"):
        EpisodeState.from_json('{"format": "other"}')
    with pytest.raises(ValueError, match="unknown keys"):
        EpisodeState.from_json({"format": "lift-gym-episode/1", "benchmark": "x", "actions": [], "seed": 0,
                                "config": {}, "device": None, "extra": 1})


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="known v0 dead end: padCrop yields a program whose cropped array a reduction reads; no "
                          "mapping of it compiles (the code generator refuses the read)")
def test_known_dead_end_after_pad_crop_on_gemv():
    """Found in CI (stop 10): six random rewrites of gemv/small (a padCrop among them) leave a MAPPING phase with
    no legal action. The rewrite phase offers rules without checking that a mapping of the result compiles. When it
    is fixed this test passes and strict xfail turns it red: then drop the marker."""
    env = gym.make("LiftGym-v0", benchmark="benchmark://lift/gemv/small", reward="analytical")
    env.action_space.seed(144)
    _, info = env.reset(seed=3)
    done = False
    while not done:
        assert info["action_mask"].any(), f"dead end at {info['decision']}"
        _, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        done = term or trunc
    env.close()
