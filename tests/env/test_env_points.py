"""LiftGym-RewritePoints-v7: rewrite-point decisions (compiler.lowering.point_stages) on the annotated programs."""

from __future__ import annotations

import json

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

import lift_gym  # noqa: F401  (registers the ids)
from compiler.ir.interpret import interpret
from compiler.rewrite.points import rewrite_point_labels
from compiler.suite import rel_error, resolve
from lift_gym import encode, transition
from lift_gym.episode import EpisodeState, replay, validate
from lift_gym.transition import Config, Phase

STENCIL = "benchmark://lift/stencil2d-rp/small"
MM = "benchmark://lift/mm-rp/small"
V1 = Config(rewrite_points=True)


def test_v1_is_registered_beside_v0():
    v0, v1 = gym.spec("LiftGym-Rewrite-v7"), gym.spec("LiftGym-RewritePoints-v7")
    assert v0.kwargs == {"reward": "measured"}  # v0 unchanged
    assert v1.kwargs == {"reward": "measured", "rewrite_points": True} and v1.entry_point == v0.entry_point
    e0 = gym.make("LiftGym-Rewrite-v7", benchmark=STENCIL, reward="analytical")
    e1 = gym.make("LiftGym-RewritePoints-v7", benchmark=STENCIL, reward="analytical")
    assert e0.action_space.n == e1.action_space.n and e0.observation_space == e1.observation_space
    _, i0 = e0.reset(seed=0)
    _, i1 = e1.reset(seed=0)
    assert i0["phase"] == "REWRITE" and i1["phase"] == "REWRITE_POINTS"
    assert i1["env_version"].startswith("LiftGym-RewritePoints-v7/")
    assert i0["env_version"].startswith("LiftGym-Rewrite-v7/")
    e0.close()
    e1.close()


def test_plain_benchmark_has_an_empty_rewrite_point_phase():
    s0 = transition.initial("benchmark://lift/gemv/small", 0)
    s1 = transition.initial("benchmark://lift/gemv/small", 0, V1)
    assert s1.phase is Phase.REWRITE and s1.rp == () and s1.high == s0.high
    assert np.array_equal(transition.legal_actions(s0), transition.legal_actions(s1))


def test_decisions_follow_algorithm_4_and_reveal_inserted_parameters():
    s = transition.initial(MM, 0, V1)
    rpp = s.rp_problem
    assert s.phase is Phase.REWRITE_POINTS
    assert s.decision.startswith("value of rewrite-point parameter abTileOuter.skip")
    assert transition.slot_values(s) == (0, 1)
    layout = s.config.layout
    s = transition.step(s, layout.tune_base + 0)  # abTileOuter.skip = 0: its inserted RPs' parameters appear
    names = [p.name for p in rpp.params(dict(s.rp))]
    assert "abTileOuter/interchangeMaps.skip" in names and "abTileOuter.tileSizeA" in names
    assert rpp.next_param(s.rp).name == "abTileOuter/interchangeMaps.skip"
    # the observation: same shapes, phase encoded as REWRITE, the decision's role and kind in features 4-6
    obs = encode.encode(s)
    assert obs["phase"].tolist() == [1, 0, 0, 0] and obs["decision"][4] > 0 and obs["decision"][5] > 0
    assert obs["nodes"][:, encode._TARGET].sum() == 1


def test_offered_values_extend_to_a_program_that_computes_the_benchmark():
    """Random offered values: the rewritten program is mapped, compiled and equal to the reference in the
    interpreter."""
    bench, sizes = resolve(STENCIL)
    rng = np.random.default_rng(0)
    for seed in (5,):
        s = transition.initial(STENCIL, seed, V1)
        while not transition.is_terminal(s):
            legal = np.flatnonzero(transition.legal_actions(s))
            assert legal.size, f"dead end: {s.decision}"
            s = transition.step(s, int(rng.choice(legal)))
        assert s.rp and not rewrite_point_labels(s.high)
        inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
        out = interpret(s.high, inputs, sizes)
        ref = bench.reference(inputs, sizes)
        assert rel_error(np.asarray(out).reshape(ref.shape), ref) < bench.tolerance


def test_action_outside_the_mask_raises_invalid_action():
    env = gym.make("LiftGym-RewritePoints-v7", benchmark=MM, reward="analytical")
    _, info = env.reset(seed=0)
    mask = info["action_mask"]
    assert info["phase"] == "REWRITE_POINTS" and mask.sum() == 2
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(gym.error.InvalidAction, match="REWRITE_POINTS"):
        env.step(bad)
    env.close()


@pytest.mark.parametrize("uri", [STENCIL, MM])
def test_checkers_on_annotated_benchmarks(uri):
    env = gym.make("LiftGym-RewritePoints-v7", benchmark=uri, reward="analytical", render_mode="ansi")
    gym_check_env(env.unwrapped)
    with pytest.warns(UserWarning, match="unconventional shape"):
        sb3_check_env(env.unwrapped, skip_render_check=False)
    env.close()


def test_random_masked_actions_on_v1():
    """>= 300 random masked actions on v1 across annotated and plain benchmarks: every episode ends in a compiled
    kernel, no action crashes, the observation stays in its space. Seeds fixed (the cost of a rewrite-point
    episode varies with the structure drawn)."""
    uris = [STENCIL, MM, "benchmark://lift/scal/small", "benchmark://lift/gemv/small", STENCIL]
    env = gym.make("LiftGym-RewritePoints-v7", benchmark=uris, reward="analytical")
    env.action_space.seed(0)
    actions = episodes = rp_actions = 0
    seed = 0
    while actions < 300:
        obs, info = env.reset(seed=seed, options={"benchmark": uris[seed % len(uris)]})
        seed += 1
        while True:
            assert env.observation_space.contains(obs)
            assert info["action_mask"].any(), f"dead end: {info['decision']}"
            rp_actions += info["phase"] == "REWRITE_POINTS"
            obs, reward, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
            actions += 1
            if term or trunc:
                break
        assert term and env.unwrapped.state.kernel is not None and np.isfinite(reward)
        episodes += 1
    env.close()
    assert rp_actions >= 60, rp_actions


def test_episode_record_round_trips_with_rewrite_point_values():
    env = gym.make("LiftGym-RewritePoints-v7", benchmark=STENCIL, reward="analytical")
    env.action_space.seed(1)
    _, info = env.reset(seed=1)
    while True:
        _, _, term, _, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        if term:
            break
    rec = env.unwrapped.episode_state()
    env.close()
    text = rec.to_json()
    d = json.loads(text)
    assert d["config"]["rewrite_points"] is True and d["env_version"].startswith("LiftGym-RewritePoints-v7/")
    assert d["rp_values"] and all("." in k for k in d["rp_values"])
    assert EpisodeState.from_json(text) == rec
    result = replay(text)
    assert result.state.rp and json.loads(json.dumps(dict(result.state.rp))) == d["rp_values"]
    assert result.state.kernel.key == rec.kernel_key
    report = validate(text)
    assert report.ok, str(report)
    assert "rewrite points" in [n for n, _, _ in report.checks]
    bad = dict(d, rp_values={**d["rp_values"], next(iter(d["rp_values"])): 7})
    assert dict((n, ok) for n, ok, _ in validate(bad).checks)["rewrite points"] is False


def test_space_command_shows_rewrite_point_parameters(capsys):
    from agents import cli

    assert cli.main(["space", STENCIL, "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    params = {p["name"]: p for p in r["rewrite_points"]["parameters"]}
    assert params["fissionPad.skip"]["role"] == "structural" and params["fissionPad.skip"]["domain"] == [0, 1]
    # the materialise kernelFission inserts: its rules are its constraints
    mat = params["fissionPad/materialise.targetMem"]
    assert mat["domain"] == ["global"] and any("global memory" in c for c in mat["constraints"])
    tiles = [p for p in params.values() if p["role"] == "tuning" and p["name"].startswith("tile2D.")]
    assert tiles and all(p["domain"] and p["constraints"] for p in tiles)
    assert r["mapping"]["valid"] > 0 and "parameters" in r  # the Ch4/Ch5 part, on the program without its RPs
    assert cli.main(["space", STENCIL]) == 0
    out = capsys.readouterr().out
    assert "rewrite-point parameters" in out and "structural fissionPad.skip" in out
    assert cli.main(["space", STENCIL, "--lowering", "tiled"]) == 2


def test_mapping_witnesses_are_valid_deterministic_and_prove_feasibility():
    """RPMapping.feasible(()) tries the default shape and a few random Ch5 solutions before the exact search
    (which enumerates the CSP); the witnesses are solutions, the same ones every time, and a compiling one
    memoises its prefixes."""
    from compiler.constraints.points import rp_space
    from compiler.lowering.point_stages import RANDOM_WITNESSES, RPMapping
    from compiler.rewrite.points import apply_rewrite_points
    from compiler.suite.annotated import ANNOTATIONS

    bench, sizes = resolve("benchmark://lift/conv-rp/small")
    ann = ANNOTATIONS["conv-rp"]
    space = rp_space(bench.program, sizes, preset="gemm", presets=ann.presets, heuristics=ann.heuristics)
    (config,) = space.sample(np.random.default_rng(3), 1)
    prog = apply_rewrite_points(space.program, config, sizes=sizes).program
    first, second = RPMapping(prog, sizes), RPMapping(prog, sizes)
    got = list(first.cheap_witnesses())
    assert 1 <= len(got) <= RANDOM_WITNESSES + 1
    assert got == list(second.cheap_witnesses())
    assert all(first._space.check(dict(zip(first._names, w, strict=True))) for w in got)
    if first.feasible(()):
        assert any(len(k) == len(first.sites) and v for k, v in first._feasible.items())
