"""mm's AT (the A tile held transposed in local memory, rows in runs of 4) as an env decision: asked last, the
kernel reads a step's A values as float4s at AT = 1; pinned to 0 for records of env versions before it
(`Config.transposed_a` False), which replay to their recorded programs; a record made with it off says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.lowering.mm import TRANSPOSED_A
from lift_gym import transition
from lift_gym.episode import ENV_ID, TRANSPOSED_A_SINCE, EpisodeState, id_version
from lift_gym.transition import Config, Phase
from tests.records import replays_to_recorded_kernel

ROOT = Path(__file__).resolve().parents[2]
MM = "benchmark://lift/mm/small"


def tiled(config: Config) -> transition.State:
    s = transition.initial(MM, 0, config)
    return transition.step(s, s.config.layout.template("tiled"))


def walk(s: transition.State, value: int) -> tuple[transition.State, list[str]]:
    """The tuning decisions to the end (AT = `value`; the largest tiles and a register block of 4 rows, where AT = 1
    is offered; every other the first offered) and their names."""
    names = []
    while s.phase is Phase.TUNING:
        name, offered = s.tuning.params[len(s.route.values)].name, list(transition.slot_values(s))
        names.append(name)
        pick = {TRANSPOSED_A: value, "TM": offered[-1], "TN": offered[-1], "RM": 4}.get(name, offered[0])
        s = transition.step(s, s.config.layout.tune_base + offered.index(pick))
    return s, names


@pytest.mark.parametrize("value", [0, 1])
def test_the_switch_is_asked_last_and_decides_the_a_tile_layout(value):
    s, names = walk(tiled(Config()), value)
    assert names[-1] == TRANSPOSED_A and transition.is_terminal(s) and s.assignment[TRANSPOSED_A] == value
    source = s.kernel.kernels[0].source
    assert ("(local float4*)local_buf)[" in source) == bool(value)  # a step reads its A values as float4s


def test_pinned_the_switch_is_not_asked_and_the_record_says_so():
    s, names = walk(tiled(Config(transposed_a=False)), 1)
    assert TRANSPOSED_A not in names and s.assignment[TRANSPOSED_A] == 0
    rec = EpisodeState.from_state(s)
    assert rec.config["transposed_a"] is False and rec.transition_config().transposed_a is False
    assert id_version(ENV_ID) >= TRANSPOSED_A_SINCE and "transposed_a" not in EpisodeState.from_state(
        walk(tiled(Config()), 1)[0]).config


def test_an_earlier_mm_record_replays_without_the_switch():
    rec = EpisodeState.from_json(json.loads(
        (ROOT / "docs/benchmarks/env_search_h100/sweep/best_mm-1024.json").read_text()))
    assert id_version(rec.env_version) < TRANSPOSED_A_SINCE and not rec.transition_config().transposed_a
    s = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    assert transition.is_terminal(s) and s.assignment[TRANSPOSED_A] == 0 and replays_to_recorded_kernel(s, rec)
