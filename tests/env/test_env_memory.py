"""The MEMORY phase in the env: its values go through the tuning slots (keep in slot 0), the observation marks its
site, and records of env versions before it replay without it to their recorded kernels."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from compiler.lowering import decisions
from lift_gym import encode, transition
from lift_gym.episode import ENV_ID, MEMORY_SINCE, EpisodeState, id_version
from lift_gym.transition import Config, Phase
from tests.records import replays_to_recorded_kernel

ROOT = Path(__file__).parent.parent.parent
MM = "benchmark://lift/mm/small"
# H100 records of earlier env versions (fast to replay: small programs at their recorded sizes)
OLD_RECORDS = ["docs/benchmarks/blas_h100/search_scal.json", "docs/benchmarks/blas_h100/search_dot.json",
               "docs/benchmarks/env_search_h100/best_gemv-4096.json"]


def to_memory(uri: str = MM, config: Config | None = None) -> transition.State:
    s = transition.initial(uri, 0, config)
    s = transition.step(s, s.config.layout.done)
    while s.phase is Phase.MAPPING:
        s = transition.step(s, int(np.flatnonzero(transition.legal_actions(s))[0]))
    return s


def test_memory_values_are_the_tuning_slots_with_keep_first():
    s = to_memory()
    assert s.phase is Phase.MEMORY
    d = decisions.next_decision(s.route)
    layout = s.config.layout
    mask = transition.legal_actions(s)
    assert transition.slot_values(s) == d.values and d.values[0] == decisions.KEEP
    assert list(np.flatnonzero(mask)) == list(range(layout.tune_base, layout.tune_base + len(d.values)))
    assert transition.describe_action(s, layout.tune_base) == "memory slot 0 (= keep)"
    site = s.route.memory_problem.next_site(s.route.cursor)
    kept = transition.step(s, layout.tune_base)
    assert kept.route.memory == ((site.index, decisions.KEEP),) and kept.lowered == s.lowered
    applied = transition.step(s, layout.tune_base + 1)
    assert applied.route.applied == 1 and applied.lowered != s.lowered


def test_the_observation_marks_the_memory_site_and_tells_memory_from_tuning():
    s = to_memory()
    obs = encode.encode(s)
    site = s.route.memory_problem.next_site(s.route.cursor)
    assert obs["phase"].tolist() == [0.0, 0.0, 1.0, 0.0]
    assert obs["nodes"][site.index, encode._TARGET] == 1.0 and obs["nodes"][:, encode._TARGET].sum() == 1.0
    assert (obs["decision"][4:7] > 0).all() and not obs["decision"][9:12].any()
    assert (obs["slots"][:len(transition.slot_values(s))] > 0).all()
    while s.phase is Phase.MEMORY:
        s = transition.step(s, s.config.layout.tune_base)
    if s.phase is Phase.TUNING:
        tuning = encode.encode(s)
        assert tuning["decision"][9:12].sum() == 1.0 and not tuning["decision"][3:7].any()
    assert encode.observation_space(s.config.max_nodes, s.config.n_slots).contains(obs)


def test_episode_records_say_when_the_memory_phase_is_off():
    assert id_version(ENV_ID) >= MEMORY_SINCE
    s = to_memory(config=Config(memory=False))
    assert s.phase is not Phase.MEMORY
    rec = EpisodeState.from_state(s)
    assert rec.config["memory"] is False and rec.transition_config().memory is False
    assert "memory" not in EpisodeState.from_state(to_memory()).config


@pytest.mark.parametrize("path", OLD_RECORDS)
def test_records_of_earlier_env_versions_replay_without_the_memory_phase(path):
    rec = EpisodeState.from_json(json.loads((ROOT / path).read_text()))
    assert id_version(rec.env_version) < MEMORY_SINCE and not rec.transition_config().memory
    s = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    assert transition.is_terminal(s) and replays_to_recorded_kernel(s, rec)


@pytest.mark.parametrize("case", ["jacobi2d-9pt-8192", "gaussian-8192"])
def test_stencil_records_of_earlier_env_versions_replay_with_one_column_per_work_item(case):
    """-v2 stencil records chose the default lowering's rowsPerItem only: they replay with colsPerItem pinned to 1
    (no decision asked) to the recorded kernel; the program is derived in its newer form."""
    rec = EpisodeState.from_json(json.loads((ROOT / f"docs/benchmarks/env_search_h100/best_{case}.json").read_text()))
    config = rec.transition_config()
    assert not config.column_blocks
    s = transition.run(rec.benchmark, rec.actions, rec.seed, config)
    assert transition.is_terminal(s) and s.assignment.get("colsPerItem") == 1
    assert s.kernel.key == rec.kernel_key
    unpinned = transition.run(rec.benchmark, rec.actions, rec.seed, replace(config, column_blocks=True))
    assert not transition.is_terminal(unpinned)  # the current version asks colsPerItem after rowsPerItem


def _private_bytes(s: transition.State) -> int:
    from compiler.lowering import stages

    program, sizes, _ = s.decided()
    return max(k.private_bytes for k in stages.compile_program(program, sizes).kernels)


def _memory_growth(limit: int | None, uri: str = MM, episodes: int = 6) -> list[tuple[int, int]]:
    """(private bytes before, after) of every memory value offered on random walks, each value stepped into."""
    limits = transition.Config().limits
    config = Config(limits=replace(limits, max_private_bytes_per_item=limit)) if limit is not None else None
    rng, seen = np.random.default_rng(3), []
    for _ in range(episodes):
        s = to_memory(uri, config)
        while not transition.is_terminal(s):
            legal = np.flatnonzero(transition.legal_actions(s))
            assert legal.size, f"dead end in phase {s.phase.name}"
            if s.phase is Phase.MEMORY:
                before = _private_bytes(s)
                seen += [(before, _private_bytes(transition.step(s, int(a)))) for a in legal]
            s = transition.step(s, int(rng.choice(legal)))
    return seen


def test_a_memory_value_declaring_more_private_memory_than_a_work_item_launches_is_not_offered():
    grows = [(b, a) for b, a in _memory_growth(None) if a > b]
    assert grows, "the walks offer private copies at the default limit"
    limited = _memory_growth(0)
    assert limited and all(a <= b for b, a in limited)  # with no private memory to spare, none grows
