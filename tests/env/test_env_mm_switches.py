"""mm's later switches as env decisions: AT (the A tile held transposed in local memory, rows in runs of 4) and PF
(the next tiles loaded into registers), asked last in that order; each decides its kernel's structure; each is
pinned to 0 for records of env versions before it (`Config.transposed_a`, `Config.prefetch` False), which replay
to their recorded programs; a record made with a switch off says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.lowering.mm import PREFETCH, TRANSPOSED_A
from lift_gym import transition
from lift_gym.episode import ENV_ID, PREFETCH_SINCE, TRANSPOSED_A_SINCE, EpisodeState, id_version
from lift_gym.transition import Config, Phase
from tests.records import replays_to_recorded_kernel

ROOT = Path(__file__).resolve().parents[2]
MM = "benchmark://lift/mm/small"
# switch, its Config key, the env version that added it, a record of the version before, what its kernel holds
SWITCHES = [
    (TRANSPOSED_A, "transposed_a", TRANSPOSED_A_SINCE, "env_search_h100/sweep/best_mm-1024.json",
     "(local float4*)local_buf)["),  # a step reads its A values as float4s
    (PREFETCH, "prefetch", PREFETCH_SINCE, "mm_at_h100/best_mm-1024.json", "pf_0 = "),  # registers for next tiles
]


def tiled(config: Config) -> transition.State:
    s = transition.initial(MM, 0, config)
    return transition.step(s, s.config.layout.template("tiled"))


def walk(s: transition.State, picks: dict[str, int]) -> tuple[transition.State, list[str]]:
    """The tuning decisions to the end (the switches as `picks` says; the largest tiles and a register block of 4
    rows, where AT = 1 is offered; every other the first offered) and their names."""
    names = []
    while s.phase is Phase.TUNING:
        name, offered = s.tuning.params[len(s.route.values)].name, list(transition.slot_values(s))
        names.append(name)
        pick = {**picks, "TM": offered[-1], "TN": offered[-1], "RM": 4}.get(name, offered[0])
        s = transition.step(s, s.config.layout.tune_base + offered.index(pick))
    return s, names


def test_the_switches_are_asked_last():
    _, names = walk(tiled(Config()), {})
    assert names[-2:] == [TRANSPOSED_A, PREFETCH]


@pytest.mark.parametrize(("switch", "marker"), [(s, m) for s, _, _, _, m in SWITCHES])
@pytest.mark.parametrize("value", [0, 1])
def test_a_switch_decides_the_kernel(switch, marker, value):
    s, _ = walk(tiled(Config()), {switch: value})
    assert transition.is_terminal(s) and s.assignment[switch] == value
    assert (marker in s.kernel.kernels[0].source) == bool(value)


@pytest.mark.parametrize(("switch", "key", "since"), [(s, k, v) for s, k, v, _, _ in SWITCHES])
def test_pinned_a_switch_is_not_asked_and_the_record_says_so(switch, key, since):
    s, names = walk(tiled(Config(**{key: False})), {switch: 1})
    assert switch not in names and s.assignment[switch] == 0
    rec = EpisodeState.from_state(s)
    assert rec.config[key] is False and getattr(rec.transition_config(), key) is False
    assert id_version(ENV_ID) >= since and key not in EpisodeState.from_state(walk(tiled(Config()), {})[0]).config


@pytest.mark.parametrize(("switch", "key", "since", "record"), [(s, k, v, r) for s, k, v, r, _ in SWITCHES])
def test_an_earlier_mm_record_replays_without_the_switch(switch, key, since, record):
    rec = EpisodeState.from_json(json.loads((ROOT / "docs/benchmarks" / record).read_text()))
    assert id_version(rec.env_version) < since and not getattr(rec.transition_config(), key)
    s = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    assert transition.is_terminal(s) and s.assignment[switch] == 0 and replays_to_recorded_kernel(s, rec)
