"""The evolutionary search keeps to its budget, takes only legal actions and, on a tiny problem, finds a kernel at
least as good as random search's median at the same budget; the model search ranks with a cost model of either
kind, and the predicted reward records the kind of its model."""

from __future__ import annotations

import numpy as np
import pytest

from agents.model_reward import with_cost_model
from agents.search import STRATEGIES, search
from compiler.lowering.presets import default_preset, named_preset
from compiler.lowering.stages import resolve
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.gbt import GbtPerfModel
from lift_gym import transition
from lift_gym.presets import play_preset
from lift_gym.rewards import RewardConfig, RewardFunction

GEMV = "benchmark://lift/gemv/small"
ASUM = "benchmark://lift/asum/small"


@pytest.fixture(scope="module")
def analytical(tmp_path_factory):
    """The analytical reward over an empty store (no cost model of other programs to start from)."""
    return RewardConfig(source="analytical", store=str(tmp_path_factory.mktemp("evo") / "empty.sqlite"))


@pytest.fixture(scope="module")
def gbt_file(tmp_path_factory):
    """A gradient-boosting model fitted on made-up rows (a ranking is all the searches need)."""
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 64, size=(40, len(FEATURE_NAMES)))
    path = tmp_path_factory.mktemp("gbt") / "gbt.npz"
    GbtPerfModel.fit(x, rng.uniform(0.05, 1.0, size=40), device="test").save(path)
    return str(path)


def test_model_and_evolution_are_strategies_and_evaluation_methods():
    from agents.evaluate import METHODS

    assert {"model", "evolution"} <= set(STRATEGIES) and {"model", "evolution"} <= set(METHODS)


def test_evolution_spends_exactly_its_budget_on_distinct_kernels(analytical):
    r = search(GEMV, "evolution", 5, seed=3, reward=analytical, population=4, measure=2)
    assert len(r.trials) == 5
    assert len({t.kernel_key for t in r.trials}) == 5
    assert [t.n for t in r.trials] == [1, 2, 3, 4, 5]
    assert r.best_record is not None and r.best_record.kernel_key == r.best.kernel_key


def test_evolution_takes_only_actions_of_the_legal_mask(analytical, monkeypatch):
    real, taken = transition.step, []

    def checked(state, action):
        taken.append(bool(transition.legal_actions(state)[int(action)]))
        return real(state, action)

    monkeypatch.setattr(transition, "step", checked)
    r = search(GEMV, "evolution", 6, seed=1, reward=analytical, population=4, measure=3)
    assert len(r.trials) == 6 and r.episodes > 6  # children were made beyond those evaluated
    assert taken and all(taken)


def test_evolution_is_at_least_as_good_as_random_search_median_at_the_same_budget(analytical):
    budget = 12
    randoms = [search(ASUM, "random", budget, seed=s, reward=analytical).best.reward for s in range(5)]
    evo = search(ASUM, "evolution", budget, seed=0, reward=analytical, population=4, measure=3)
    assert len(evo.trials) == budget
    assert evo.best.reward >= float(np.median(randoms)) - 1e-12


def test_model_search_ranks_with_a_gradient_boosting_file(analytical, gbt_file):
    r = search(GEMV, "model", 3, seed=0, reward=analytical, model=gbt_file, candidates=8)
    assert len(r.trials) == 3
    assert any("with a gbt model of 40 rows" in n for n in r.notes)


def test_model_search_without_any_model_evaluates_in_the_order_drawn_and_says_so(analytical):
    r = search(GEMV, "model", 2, seed=0, reward=analytical, candidates=4)
    assert len(r.trials) == 2
    assert any("no cost model" in n for n in r.notes)


def test_predicted_reward_from_a_gradient_boosting_file_records_its_kind(gbt_file):
    fn = with_cost_model(RewardFunction(RewardConfig(source="predicted", model=gbt_file)))
    try:
        cfg = transition.Config(limits=fn.ctx.limits)
        done = transition.initial(GEMV, 0, cfg)
        while not transition.is_terminal(done):
            done = transition.step(done, int(np.flatnonzero(transition.legal_actions(done))[0]))
        ev = fn.evaluate(done)
    finally:
        fn.close()
    assert ev.source == "predicted" and ev.speedup is not None and np.isfinite(ev.reward)
    assert ev.final.report["model_kind"] == "gbt" and ev.final.report["model_rows"] == 40
    assert ev.baseline.report["model_kind"] == "gbt"


def test_a_reward_shared_by_searches_keeps_its_predicted_source_and_models(gbt_file):
    fn = with_cost_model(RewardFunction(RewardConfig(source="predicted", model=gbt_file)))
    try:
        first = fn.primary
        search(GEMV, "random", 2, seed=0, reward_fn=fn)
        assert fn.primary is first and "" in first._models
        assert with_cost_model(fn).primary is first
    finally:
        fn.close()


def test_evolution_evaluates_the_named_lowerings_at_their_defaults_first(analytical):
    mm = "benchmark://lift/mm/small"
    bench, sizes = resolve(mm)
    start = transition.initial(mm)
    seeds = [play_preset(start, default_preset(bench, sizes)), play_preset(start, named_preset(bench, "tiled", sizes))]
    fn, seen = RewardFunction(analytical), []
    evaluate_many, evaluate = fn.evaluate_many, fn.evaluate
    fn.evaluate_many = lambda states: (seen.extend(states), evaluate_many(states))[1]
    fn.evaluate = lambda state: (seen.append(state), evaluate(state))[1]
    try:
        r = search(mm, "evolution", 8, seed=2, reward_fn=fn, population=6, measure=2)
    finally:
        fn.close()
    assert [t.kernel_key for t in r.trials[:2]] == [s.kernel.key for s in seeds]
    assert len({t.kernel_key for t in r.trials}) == 8
    assert any(s.template == "tiled" for s in seen[2:])  # random points of tiled's space beside the seeds
