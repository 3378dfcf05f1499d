"""The pure transition functions: exact masks, InvalidAction, determinism, phases; the env shell around them."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import InvalidAction

import lift_gym  # noqa: F401
from compiler.lowering import stages
from lift_gym import transition
from lift_gym.transition import Phase

MM = "benchmark://lift/mm/small"


def rollout(uri: str, seed: int, config: transition.Config | None = None) -> transition.State:
    rng = np.random.default_rng(seed)
    s = transition.initial(uri, seed, config)
    while not transition.is_terminal(s):
        s = transition.step(s, int(rng.choice(np.flatnonzero(transition.legal_actions(s)))))
    return s


def test_initial_state_and_layout():
    s = transition.initial(MM, 3)
    lay = s.config.layout
    assert s.phase is Phase.REWRITE and s.seed == 3 and dict(s.sizes) == {"K": 16, "M": 16, "N": 16}
    m = transition.legal_actions(s)
    assert m.dtype == bool and m.shape == (lay.n,) and not m.flags.writeable
    assert m[lay.done] and not m[lay.map_base:lay.template_base].any()
    assert m[lay.template("tiled")] and m[lay.template_base:].sum() == 1  # mm: its tiled lowering
    assert lay.decode(lay.done) == ("done",) and lay.decode(lay.rewrite(2, 7)) == ("rewrite", 2, 7)
    assert lay.decode(lay.tune_base + 3) == ("tune", 3) and lay.decode(lay.map_base) == ("map", 0)


def test_every_legal_rewrite_applies_and_nothing_else_is_legal():
    s = transition.initial(MM, 0)
    lay = s.config.layout
    legal = set(np.flatnonzero(transition.legal_actions(s)).tolist())
    pairs = {lay.rewrite(r, site) for r, site in stages.offered_rewrites(s.high, s.size_map)}
    assert legal == pairs | {lay.done, lay.template("tiled")}
    for a in sorted(pairs):
        t = transition.step(s, a)
        assert t.rewrites == 1 and t.high != s.high


def test_invalid_action_names_action_phase_and_legal_count():
    s = transition.initial(MM, 0)
    illegal = int(np.flatnonzero(~transition.legal_actions(s))[0])
    with pytest.raises(InvalidAction, match=rf"action {illegal} .*phase REWRITE.*\d+ actions are legal"):
        transition.step(s, illegal)
    with pytest.raises(InvalidAction, match="outside the action space"):
        transition.step(s, s.config.layout.n + 5)


def test_phases_in_order_and_terminal_kernel():
    s = transition.initial(MM, 0)
    s = transition.step(s, s.config.layout.done)
    assert s.phase is Phase.MAPPING
    phases = [s.phase]
    while not transition.is_terminal(s):
        s = transition.step(s, int(np.flatnonzero(transition.legal_actions(s))[-1]))
        phases.append(s.phase)
    order = [Phase.MAPPING, Phase.MEMORY, Phase.TUNING, Phase.DONE]
    assert phases == sorted(phases, key=order.index) and phases[-1] is Phase.DONE and Phase.MEMORY in phases
    assert s.kernel is not None and s.lowered is not None and "kernel void" in s.kernel.source
    assert not transition.legal_actions(s).any()
    assert len(s.codes) == len(s.mapping.sites) and len(s.values) == len(s.tuning.params)


def test_tuning_slots_are_valid_values():
    s = transition.initial(MM, 0)
    s = transition.step(s, s.config.layout.done)
    while s.phase in (Phase.MAPPING, Phase.MEMORY):
        s = transition.step(s, int(np.flatnonzero(transition.legal_actions(s))[-1]))
    assert s.phase is Phase.TUNING
    vals = transition.slot_values(s)
    mask = transition.legal_actions(s)
    lay = s.config.layout
    assert list(np.flatnonzero(mask)) == list(range(lay.tune_base, lay.tune_base + len(vals)))
    assert list(vals) == sorted(vals) and all(16 % v == 0 for v in vals)


def test_transitions_are_deterministic_and_replayable():
    a = rollout(MM, 5)
    b = transition.run(MM, a.actions, 5)
    assert a == b and a.kernel.key == b.kernel.key


def test_max_rewrites_zero_skips_the_rewrite_phase():
    s = transition.initial(MM, 0, transition.Config(max_rewrites=0))
    assert s.phase is Phase.MAPPING and not transition.legal_actions(s)[s.config.layout.done]


def test_env_masks_info_and_render():
    env = gym.make("LiftGym-Rewrite-v7", benchmark=MM, reward="analytical", render_mode="ansi")
    obs, info = env.reset(seed=0)
    assert info["action_mask"].dtype == np.int8
    assert np.array_equal(info["action_mask"].astype(bool), env.unwrapped.action_masks())
    assert "def mm" in env.render()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(InvalidAction, match=f"action {illegal}"):
        env.step(illegal)
    done, steps = False, 0
    env.action_space.seed(0)  # a reproducible episode
    while not done:
        a = env.action_space.sample(mask=info["action_mask"])
        obs, reward, term, trunc, info = env.step(a)
        assert env.observation_space.contains(obs)
        done, steps = term or trunc, steps + 1
    assert term and not trunc and info["reward_source"] == "analytical" and np.isfinite(reward)
    assert reward == pytest.approx(info["log_speedup"]) and info["kernel_key"]
    text = env.render()
    assert "// OpenCL" in text and "kernel void" in text
    env.close()


def test_unmasked_sample_draws_a_legal_action():
    env = gym.make("LiftGym-Rewrite-v7", benchmark=MM, reward="analytical")
    env.reset(seed=1)
    for _ in range(20):
        assert env.unwrapped.action_masks()[env.action_space.sample()]
    env.close()


def test_mapping_codes_come_from_the_csp_and_all_compile():
    s = transition.initial(MM, 0)
    s = transition.step(s, s.config.layout.done)
    mp = s.mapping
    first = mp.valid_codes(())
    assert 0 in first and 30 in first  # sequential and mapGlb(0) for the outer map
    assert "constraints" in mp.source and any(20 <= c < 30 for c in first)  # mapWrg with the Ch5 CSP
    for c in first:  # every offered code extends to a mapping that compiles
        codes = (c,)
        while len(codes) < len(mp.sites):
            codes += (mp.valid_codes(codes)[-1],)
        assert stages.compile_program(mp.lower(codes), s.size_map).kernels
