"""Episode records: JSON round trip, replay and validate (hash, interpreter, reward within the noise)."""

from __future__ import annotations

import json
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import lift_gym  # noqa: F401
from compiler.lowering import stages
from compiler.rewrite import all_legal, apply, prepare
from compiler.rewrite.catalog import BY_NAME
from lift_gym import transition
from lift_gym.episode import ENV_ID, EpisodeState, id_version, replay, validate
from tests.records import replays_to_recorded_kernel

ROOT = Path(__file__).resolve().parents[2]


def play(uri: str, seed: int, **kw) -> tuple[gym.Env, dict]:
    env = gym.make("LiftGym-Rewrite-v7", benchmark=uri, **kw)
    env.action_space.seed(seed)  # the episode is reproducible
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
    env = gym.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/mm/small", reward="analytical")
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


def test_gemv_rewrites_around_pad_crops_keep_a_mapping_that_compiles():
    """Six rewrites of gemv/small (partialReduce(4), padCrop(16), splitJoin(16), splitJoin(2), padCrop(64),
    splitJoin(32)) used to leave a MAPPING phase with no legal action: the last splitJoin leaves a cropped array
    that a reduction reads, and no mapping of that program compiles. The env offers no padCrop; on the cropped
    program the rewrite stage does not offer that splitJoin, and every rewrite it offers keeps a mapping."""
    assert "padCrop" not in {r.family for r in stages.env_rules()}
    bench, sizes = stages.resolve("benchmark://lift/gemv/small")
    sequence = [("partialReduce(4)", 24), ("padCrop(16)", 12), ("splitJoin(16)", 47), ("splitJoin(2)", 36),
                ("padCrop(64)", 42)]
    program = stages.start_program(bench)
    for name, index in sequence:
        p = prepare(program)
        (_, site), = [(i, st) for i, st in all_legal(p, [BY_NAME[name]], sizes=sizes) if st.index == index]
        program = apply(p, BY_NAME[name], site, sizes)
    offered = stages.offered_rewrites(program, sizes)
    assert ("splitJoin(32)", 45) not in {(stages.env_rules()[r].name, site) for r, site in offered}
    assert offered and all(stages.has_mapping(stages.apply_rewrite(program, r, site, sizes), sizes)
                           for r, site in offered)


@pytest.mark.parametrize("case", ["mm-1024", "conv-vgg16-0"])
def test_records_of_earlier_env_versions_replay_to_their_kernels(case):
    """A -v3 record's actions mean the same under -v4 to -v7 and reach the recorded kernel (conv42 with v = 1: its
    vector loads are emitted differently since -v4), up to the rendering of vector accesses (mm's VW = 2 loads)."""
    path = ROOT / f"docs/benchmarks/env_search_h100/sweep/best_{case}.json"
    rec = EpisodeState.from_json(json.loads(path.read_text()))
    assert id_version(rec.env_version) == 3 < id_version(ENV_ID)
    s = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    assert transition.is_terminal(s)
    assert replays_to_recorded_kernel(s, rec)
