"""Every action the mask offers is accepted, and the state it leads to has an exact mask (computing it raises
nothing), on the suite's benchmarks and on generated programs (compiler.suite.generate) at small sizes.

reduceMapFusion of asum (`reduce(0, add) o map(abs)` -> `reduce(0, (acc, y) => add(acc, abs(y)))`) was offered,
and the next state's MAPPING mask raised LoweringError: the default parallel reduction (mapping code 30) of the
fused reduce applies partialReduce, whose guard (a built-in operator with its neutral value) the fused operator
does not meet. Such a code has no completion that compiles, so the mask now offers only the one-work-item code."""

from __future__ import annotations

import time

import gymnasium as gym
import numpy as np
import pytest

import lift_gym  # noqa: F401  (registers LiftGym-Rewrite-v7)
from compiler.lowering import stages
from compiler.suite import generate, list_benchmarks
from lift_gym import transition
from lift_gym.transition import Config, Phase
from tests.env.test_env_masks import random_masked_actions

SMALL_URIS = [f"benchmark://lift/{b.name}/small" for b in list_benchmarks()]


def generated_uris(count: int, seed: int) -> list[str]:
    """`count` generated programs at their small sizes, drawn from every split and family."""
    names = generate.names()
    picks = np.random.default_rng(seed).choice(len(names), size=count, replace=False)
    return [f"benchmark://{generate.DATASET}/{names[i]}/small" for i in sorted(picks)]
ASUM_URIS = ["benchmark://lift/asum/small", "benchmark://lift/asum?N=1024", "benchmark://lift/asum?N=4096"]
FUSION = "reduceMapFusion"


def _fusion_action(s: transition.State) -> int:
    rules = [r.name for r in stages.env_rules()]
    return s.config.layout.rewrite(rules.index(FUSION), 2)


@pytest.mark.parametrize("uri", ASUM_URIS)
def test_fusing_the_map_into_asums_reduce_offers_only_mappings_that_lower(uri):
    s = transition.initial(uri)
    a = _fusion_action(s)
    assert a == 2562 and transition.legal_actions(s)[a]
    s = transition.step(s, a)  # the next state's mask is computed here
    assert s.phase is Phase.MAPPING
    codes = [c for c in range(s.config.layout.n_codes) if transition.legal_actions(s)[s.config.layout.map_base + c]]
    assert 0 in [transition.MAP_CODES[c] for c in codes]  # one work item, at least
    for c in codes:  # each offered mapping lowers (the default parallel reduction folds the fused operator)
        t = transition.step(s, s.config.layout.map_base + c)
        while not transition.is_terminal(t):
            t = transition.step(t, int(np.flatnonzero(transition.legal_actions(t))[0]))
        assert t.kernel is not None and t.kernel.kernels


def test_fusing_the_map_into_asums_reduce_through_gym_make():
    env = gym.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/asum/small", reward="analytical")
    _, info = env.reset(seed=0)
    assert info["action_mask"][2562]
    _, _, done, _, info = env.step(2562)
    assert not done and info["action_mask"].any()
    env.close()


def test_a_thousand_random_masked_actions_on_the_small_suite_never_raise():
    t0 = time.perf_counter()
    n, episodes = random_masked_actions(SMALL_URIS, Config(), 1000, seed=31, stop=0.3)
    assert n >= 1000 and episodes >= len(SMALL_URIS)
    print(f"{n} actions in {episodes} episodes, {time.perf_counter() - t0:.0f} s")


@pytest.mark.slow
@pytest.mark.exhaustive
def test_ten_thousand_random_masked_actions_on_the_small_suite_never_raise():
    t0 = time.perf_counter()
    n, episodes = random_masked_actions(SMALL_URIS, Config(), 10_000, seed=7000, stop=0.2)
    assert n >= 10_000
    print(f"{n} actions in {episodes} episodes, {time.perf_counter() - t0:.0f} s")


def test_random_masked_actions_on_generated_programs_never_raise():
    uris = [f"benchmark://{generate.DATASET}/{generate.name_of(f, 11)}/small" for f in generate.FAMILIES]
    n, episodes = random_masked_actions(uris, Config(), 300, seed=41, stop=0.3)
    assert n >= 300 and episodes >= len(uris)


@pytest.mark.slow
@pytest.mark.exhaustive
def test_ten_thousand_random_masked_actions_on_the_suite_and_two_hundred_generated_programs_never_raise():
    uris = SMALL_URIS + generated_uris(200, seed=5)
    n, episodes = random_masked_actions(uris, Config(), 10_000, seed=9000, stop=0.2)
    assert n >= 10_000 and episodes >= len(uris)
