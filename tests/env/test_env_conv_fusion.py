"""conv42's padView and cropView (the convolution kernel reads the padded input and writes the image through views,
no pad or crop kernel) as env decisions: asked after coalesce; pinned to 0 for records of env versions before them
(`Config.conv_fusion` False), where every earlier parameter offers the values of the three kernels' space, so a
recorded action keeps its meaning."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from compiler.lowering.conv import CROP_VIEW, PAD_VIEW
from lift_gym import transition
from lift_gym.episode import FUSION_SINCE, EpisodeState, id_version
from lift_gym.transition import Config, Phase

ROOT = Path(__file__).resolve().parents[2]
CONV = "benchmark://lift/conv/small"
RECORD = "docs/benchmarks/env_search_h100/sweep/best_conv-vgg16-0.json"  # a -v3 conv42 record (no view switches)
VIEWS = (PAD_VIEW, CROP_VIEW)


def conv42(config: Config) -> transition.State:
    s = transition.initial(CONV, 0, config)
    return transition.step(s, s.config.layout.template("conv42"))


def asked(s: transition.State) -> str:
    return s.tuning.params[len(s.route.values)].name


def walk(s: transition.State, pick) -> tuple[transition.State, list[tuple[str, list[int]]]]:
    """The tuning decisions to the end (`pick(name, offered)` chooses a value) and what each one offered."""
    seen = []
    while s.phase is Phase.TUNING:
        name, offered = asked(s), list(transition.slot_values(s))
        seen.append((name, offered))
        s = transition.step(s, s.config.layout.tune_base + offered.index(pick(name, offered)))
    return s, seen


@pytest.mark.parametrize(("pad_view", "crop_view"), [(1, 0), (1, 1)])
def test_the_view_switches_are_asked_last_and_remove_kernels(pad_view, crop_view):
    views = {PAD_VIEW: pad_view, CROP_VIEW: crop_view}
    s, seen = walk(conv42(Config()), lambda name, offered: views.get(name, offered[0]))
    assert seen[-2:] == [(PAD_VIEW, [0, 1]), (CROP_VIEW, [0, 1])]
    assert transition.is_terminal(s) and all(s.assignment[k] == v for k, v in views.items())
    assert len(s.kernel.kernels) == 3 - pad_view - crop_view


def test_pinned_view_switches_are_not_asked_and_earlier_values_are_those_of_the_three_kernels():
    s = conv42(Config(conv_fusion=False))
    tp, partial = s.tuning, {}
    while s.phase is Phase.TUNING:
        name, offered = asked(s), list(transition.slot_values(s))
        assert name not in VIEWS
        assert offered == sorted(set(tp.valid_values(name, {**partial, PAD_VIEW: 0, CROP_VIEW: 0})))
        partial[name] = offered[-1]
        s = transition.step(s, s.config.layout.tune_base + len(offered) - 1)
    assert transition.is_terminal(s) and len(s.kernel.kernels) == 3
    assert s.assignment[PAD_VIEW] == s.assignment[CROP_VIEW] == 0


@pytest.mark.parametrize("fusion", [True, False])
def test_episode_records_replay_with_the_pad_view_decision_they_were_made_with(fusion):
    s = conv42(Config(conv_fusion=fusion))
    rec = EpisodeState.from_state(s)
    assert rec.transition_config().conv_fusion is fusion
    implied = id_version(rec.env_version) >= FUSION_SINCE
    assert ("conv_fusion" in rec.config) is (fusion != implied)
    assert EpisodeState.from_json(rec.to_json()).transition_config().conv_fusion is fusion
    with pytest.raises(ValueError, match=r"config\.conv_fusion"):
        EpisodeState.from_json({**json.loads(rec.to_json()), "config": {**rec.config, "conv_fusion": 1}})


def test_records_of_earlier_env_versions_replay_with_the_pad_kernel():
    rec = EpisodeState.from_json(json.loads((ROOT / RECORD).read_text()))
    config = rec.transition_config()
    assert id_version(rec.env_version) < FUSION_SINCE and not config.conv_fusion
    s = transition.run(rec.benchmark, rec.actions, rec.seed, config)
    assert transition.is_terminal(s) and s.template == "conv42" and s.assignment[PAD_VIEW] == 0
    assert s.assignment[CROP_VIEW] == 0
    assert s.lowered.key == rec.program_key and s.kernel.key == rec.kernel_key
    unpinned = transition.run(rec.benchmark, rec.actions, rec.seed, replace(config, conv_fusion=True))
    assert not transition.is_terminal(unpinned) and asked(unpinned) == PAD_VIEW  # the current version asks it
