"""No dead ends: every non-terminal state offers a legal action and every offered action is accepted by step().

The env offers no padCrop (a cropped array that later rewrites leave read by a reduction has no mapping that
compiles); on a program that crops an array, the rewrite stage offers a rule only when its result has a parallel
mapping that compiles. The MAPPING phase keeps every compiled completion it finds as a witness, so a code it
offered stays extensible even when the budgeted search runs out."""

from __future__ import annotations

import time

import numpy as np
import pytest

from compiler.lowering import stages
from compiler.rewrite import all_legal, apply, prepare
from compiler.rewrite.catalog import BY_NAME
from compiler.suite import list_benchmarks
from lift_gym import transition
from lift_gym.transition import Config, Phase

MM_128 = "benchmark://lift/mm?M=128&N=128&K=128"
V0_URIS = [f"benchmark://lift/{b.name}/small" for b in list_benchmarks()]
V1_URIS = ["benchmark://lift/stencil2d-rp/small", "benchmark://lift/mm-rp/small"]


def rewrite_action(s: transition.State, name: str, site: int) -> int:
    rules = [r.name for r in stages.env_rules()]
    return s.config.layout.rewrite(rules.index(name), site)


def finish_first_legal(s: transition.State) -> transition.State:
    while not transition.is_terminal(s):
        mask = transition.legal_actions(s)
        assert mask.any(), f"no legal action: {s.decision}"
        s = transition.step(s, int(np.flatnonzero(mask)[-1] if s.phase is Phase.REWRITE else np.flatnonzero(mask)[0]))
    return s


def rewritten(program, sequence, sizes):
    """`program` after the catalogue's rules (by name) at the given site indices."""
    for name, index in sequence:
        p = prepare(program)
        (_, site), = [(i, st) for i, st in all_legal(p, [BY_NAME[name]], sizes=sizes) if st.index == index]
        program = apply(p, BY_NAME[name], site, sizes)
    return program


def test_mm_rewrites_that_leave_a_cropped_array_read_by_a_reduction_are_not_offered():
    """reorderStride, partialReduce, padCrop, splitJoin, mapFission, partialReduce(16) on mm 128^3 used to reach a
    MAPPING phase with no legal action: from mapFission on, the reduction it splits off reads the cropped array,
    and no mapping of such a program compiles. The env offers no padCrop; on the cropped program, the rewrite stage
    does not offer mapFission, and an episode from there ends in a kernel."""
    assert "padCrop" not in {r.family for r in stages.env_rules()}
    bench, sizes = stages.resolve(MM_128)
    start = stages.start_program(bench)
    sequence = [("reorderStride(4)", 3), ("partialReduce(4)", 15), ("padCrop(64)", 21), ("splitJoin(2)", 24),
                ("mapFission", 11), ("partialReduce(16)", 15)]
    assert not stages.has_mapping(rewritten(start, sequence, sizes), sizes)
    cropped = rewritten(start, sequence[:4], sizes)
    offered = {(stages.env_rules()[r].name, site) for r, site in stages.offered_rewrites(cropped, sizes)}
    legal = {(stages.env_rules()[r].name, site) for r, site in stages.legal_rewrites(cropped, sizes)}
    assert ("mapFission", 11) in legal - offered
    s = transition.initial(MM_128)
    for name, site in sequence:
        if name in {r.name for r in stages.env_rules()} and transition.legal_actions(s)[rewrite_action(s, name, site)]:
            s = transition.step(s, rewrite_action(s, name, site))
    assert transition.is_terminal(finish_first_legal(s))


def test_mapping_phase_offers_a_witness_code_when_the_search_budget_is_spent(monkeypatch):
    """With no compilations allowed to the search, the MAPPING phase still offers the code of a witness (the
    all-mapSeq mapping) at every map, and the episode compiles."""
    monkeypatch.setattr(stages, "SEARCH_BUDGET", 0)
    s = transition.initial("benchmark://lift/mm?M=24&N=40&K=8")  # sizes no other test uses: fresh problems
    s = transition.step(s, s.config.layout.done)
    assert s.phase is Phase.MAPPING
    while s.phase is Phase.MAPPING:
        mask = transition.legal_actions(s)
        assert mask[s.config.layout.map_base], s.decision  # mapSeq, the witness's code
        s = transition.step(s, s.config.layout.map_base)
    assert transition.is_terminal(finish_first_legal(s))


def random_masked_actions(uris, config: Config, actions: int, seed: int, stop: float = 0.0) -> tuple[int, int]:
    """Random masked episodes over `uris` in turn until `actions` actions are taken; every state before the end
    must offer an action and every action drawn from the mask must be accepted. In REWRITE the stop action is
    drawn with probability `stop` (shorter episodes, more of them). Returns (actions, episodes)."""
    rng = np.random.default_rng(seed)
    taken = episodes = 0
    while taken < actions:
        uri = uris[episodes % len(uris)]
        s = transition.initial(uri, seed + episodes, config)
        while not transition.is_terminal(s):
            mask = transition.legal_actions(s)
            assert mask.any(), f"dead end on {uri}: {s.decision} after {s.actions}"
            if s.phase is Phase.REWRITE and rng.random() < stop:
                a = s.config.layout.done
            else:
                a = int(rng.choice(np.flatnonzero(mask)))
            s = transition.step(s, a)
            taken += 1
        assert s.kernel is not None and s.kernel.kernels, (uri, s.actions)
        episodes += 1
    return taken, episodes


def test_a_thousand_random_masked_actions_meet_no_dead_end():
    t0, c0 = time.perf_counter(), time.process_time()
    n0, _ = random_masked_actions(V0_URIS, Config(), 960, seed=1000, stop=0.5)
    n1, _ = random_masked_actions(V1_URIS[:1], Config(rewrite_points=True), 40, seed=2000)
    assert n0 + n1 >= 1000
    print(f"{n0 + n1} actions in {time.perf_counter() - t0:.0f} s ({time.process_time() - c0:.0f} s of CPU)")


@pytest.mark.slow
@pytest.mark.exhaustive
def test_ten_thousand_random_masked_actions_meet_no_dead_end():
    """Every benchmark of the suite in turn (LiftGym-Rewrite, up to 6 rewrites an episode, stop rewriting drawn
    with probability 0.3), then the annotated programs' rewrite-point env, whose actions cost about ten times
    more (its mapping questions compile per rewrite-point choice). docs/benchmarks/env_speed.md records a run."""
    t0, c0 = time.perf_counter(), time.process_time()
    n0, e0 = random_masked_actions(V0_URIS, Config(), 9800, seed=0, stop=0.3)
    n1, e1 = random_masked_actions(V1_URIS, Config(rewrite_points=True), 200, seed=5000)
    assert n0 + n1 >= 10_000
    print(f"{n0 + n1} actions ({n0} in {e0} episodes, {n1} in {e1} rewrite-point episodes) in "
          f"{time.perf_counter() - t0:.0f} s ({time.process_time() - c0:.0f} s of CPU)")
