"""asum's and dot's F (the second kernel in the first's last work group) as an env decision: asked last, one kernel
at F = 1, two at F = 0; pinned to 0 for records of env versions before it (`Config.last_group` False), which replay
to their recorded two-kernel programs; a record made with it off says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.lowering.blas1 import LAST_GROUP
from lift_gym import transition
from lift_gym.episode import ENV_ID, LAST_GROUP_SINCE, EpisodeState, id_version
from lift_gym.transition import Config, Phase
from tests.records import replays_to_recorded_kernel

ROOT = Path(__file__).resolve().parents[2]


def tiled(uri: str, config: Config) -> transition.State:
    s = transition.initial(uri, 0, config)
    return transition.step(s, s.config.layout.template("tiled"))


def walk(s: transition.State, value: int) -> tuple[transition.State, list[str]]:
    """The tuning decisions to the end (F = `value`, every other the first offered) and their names."""
    names = []
    while s.phase is Phase.TUNING:
        name, offered = s.tuning.params[len(s.route.values)].name, list(transition.slot_values(s))
        names.append(name)
        pick = value if name == LAST_GROUP else offered[0]
        s = transition.step(s, s.config.layout.tune_base + offered.index(pick))
    return s, names


@pytest.mark.parametrize("bench", ["asum", "dot"])
@pytest.mark.parametrize("value", [0, 1])
def test_the_switch_is_asked_last_and_decides_the_kernel_count(bench, value):
    s, names = walk(tiled(f"benchmark://lift/{bench}/small", Config()), value)
    assert names[-1] == LAST_GROUP and transition.is_terminal(s)
    assert s.assignment[LAST_GROUP] == value and len(s.kernel.kernels) == 2 - value


def test_pinned_the_switch_is_not_asked_and_the_record_says_so():
    s, names = walk(tiled("benchmark://lift/asum/small", Config(last_group=False)), 1)
    assert LAST_GROUP not in names and s.assignment[LAST_GROUP] == 0 and len(s.kernel.kernels) == 2
    rec = EpisodeState.from_state(s)
    assert rec.config["last_group"] is False and rec.transition_config().last_group is False
    assert id_version(ENV_ID) >= LAST_GROUP_SINCE and "last_group" not in EpisodeState.from_state(
        walk(tiled("benchmark://lift/asum/small", Config()), 1)[0]).config


def test_an_earlier_record_replays_with_two_kernels():
    rec = EpisodeState.from_json(json.loads((ROOT / "docs/benchmarks/blas_h100/search_asum.json").read_text()))
    assert id_version(rec.env_version) < LAST_GROUP_SINCE and not rec.transition_config().last_group
    s = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    assert transition.is_terminal(s) and replays_to_recorded_kernel(s, rec) and len(s.kernel.kernels) == 2
