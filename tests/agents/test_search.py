"""Every search strategy, with a small budget, returns a valid, replayable episode within its budget."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from agent_fixtures import SMALL

from agents import cli
from agents.search import STRATEGIES, search
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import KnnPerfModel
from lift_gym import transition
from lift_gym.episode import EpisodeState, validate
from lift_gym.rewards import RewardConfig, RewardUnavailable

ANALYTICAL = RewardConfig(source="analytical")
GEMV = "benchmark://lift/gemv/small"


@pytest.fixture(scope="module")
def knn_model(tmp_path_factory):
    """A kNN model fitted on made-up rows (the knn strategy only needs a ranking)."""
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 64, size=(40, len(FEATURE_NAMES)))
    y = rng.uniform(0.05, 1.0, size=40)
    path = tmp_path_factory.mktemp("knn") / "model.pkl"
    KnnPerfModel.fit(x, y, device="test").save(path)
    return str(path)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_strategy_returns_a_valid_episode(strategy, knn_model):
    r = search(GEMV, strategy, 4, seed=1, reward=ANALYTICAL, model=knn_model if strategy == "knn" else None,
               width=3, beam_width=2, expand=3, candidates=6)
    assert 1 <= len(r.trials) <= 4 and r.best is not None
    assert len({t.kernel_key for t in r.trials}) == len(r.trials)  # distinct kernels: one evaluation each
    assert [t.n for t in r.trials] == list(range(1, len(r.trials) + 1))
    curve = r.curve()
    assert curve == sorted(curve) and curve[-1] == pytest.approx(r.best.reward)
    rec = r.best_record
    assert rec is not None and rec.reward == pytest.approx(r.best.reward) and rec.reward_source == "analytical"
    assert rec.kernel_key == r.best.kernel_key
    # replayable: the actions reach the recorded kernel, and every check of lift_gym's validate passes
    rec = EpisodeState.from_json(rec.to_json())
    state = transition.run(rec.benchmark, rec.actions, rec.seed, rec.transition_config())
    assert transition.is_terminal(state) and state.kernel.key == rec.kernel_key
    report = validate(rec)
    assert report.ok, str(report)
    assert r.to_dict()["evaluations"] == len(r.trials)


def test_budget_counts_distinct_kernels():
    r = search(SMALL, "random", 3, seed=0, reward=ANALYTICAL)
    assert len(r.trials) == 3 and r.episodes >= 3
    assert r.evals_to_reach(r.best.reward) == next(t.n for t in r.trials if t.reward == r.best.reward)
    assert r.evals_to_reach(r.best.reward + 1.0) is None


def test_time_limit_stops_new_evaluations_and_says_so(monkeypatch):
    clock = iter(range(0, 10_000, 10))  # each reading of the search's clock is 10 s after the one before
    monkeypatch.setattr("agents.search.time", SimpleNamespace(perf_counter=lambda: next(clock)))
    r = search(SMALL, "random", 8, seed=0, reward=ANALYTICAL, time_limit_s=25)
    assert 1 <= len(r.trials) < 8 and any("time limit of 25 s" in n for n in r.notes)
    with pytest.raises(ValueError, match="time limit"):
        search(SMALL, "random", 8, reward=ANALYTICAL, time_limit_s=0)


def test_search_is_deterministic_for_a_seed():
    a = search(GEMV, "random", 3, seed=7, reward=ANALYTICAL)
    b = search(GEMV, "random", 3, seed=7, reward=ANALYTICAL)
    assert [t.kernel_key for t in a.trials] == [t.kernel_key for t in b.trials]


def test_knn_without_measurements_says_what_to_do(tmp_path):
    empty = RewardConfig(source="analytical", store=str(tmp_path / "empty.sqlite"))
    with pytest.raises(RewardUnavailable, match=r"knn search needs a kNN model.*--model PATH"):
        search(SMALL, "knn", 2, reward=empty)


def test_knn_refuses_a_model_of_another_device_when_a_device_is_asked_for(knn_model):
    on_pocl = RewardConfig(source="analytical", device="pocl")
    with pytest.raises(RewardUnavailable, match=r"kNN model of device 'test', not of the device asked for"):
        search(SMALL, "knn", 2, reward=on_pocl, model=knn_model, candidates=2)


def test_unknown_strategy():
    with pytest.raises(ValueError, match="unknown strategy 'annealing'"):
        search(SMALL, "annealing", 2, reward=ANALYTICAL)


def test_search_command_writes_a_replayable_episode(tmp_path, capsys):
    out = tmp_path / "best.json"
    rc = cli.main(["search", GEMV, "--strategy", "greedy", "--budget", "3", "--reward", "analytical",
                   "--width", "2", "--out", str(out)])
    text = capsys.readouterr().out
    assert rc == 0 and "best: speedup" in text and "GFLOP/s" in text and str(out) in text
    rec = json.loads(out.read_text())
    assert rec["format"] == "lift-gym-episode/1" and rec["actions"]

    assert cli.main(["replay", str(out)]) == 0
    text = capsys.readouterr().out
    assert "hashes match the record" in text and "(analytical" in text

    assert cli.main(["validate", str(out)]) == 0
    assert capsys.readouterr().out.startswith("OK: ")

    rec["reward"] = rec["reward"] + 1.0  # a record whose reward does not reproduce
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    assert cli.main(["validate", str(bad)]) == 1
    captured = capsys.readouterr()
    assert "[FAIL] reward" in captured.out and "lift-gym: validation failed: reward:" in captured.err

    rc = cli.main(["search", GEMV, "--strategy", "random", "--budget", "2", "--reward", "analytical", "--json",
                   "--out", str(tmp_path / "r.json")])
    d = json.loads(capsys.readouterr().out)
    assert rc == 0 and d["evaluations"] == 2 and math.isfinite(d["best"]["reward"])
    assert d["best_episode"]["actions"] == json.loads((tmp_path / "r.json").read_text())["actions"]


@pytest.mark.parametrize(("argv", "fragment"), [
    (["search", "benchmark://lift/nope/small", "--reward", "analytical"], "unknown benchmark 'nope'"),
    (["search", SMALL, "--budget", "0", "--reward", "analytical"], "argument --budget: expected a positive integer"),
    (["replay", "/nonexistent/x.json"], "/nonexistent/x.json: the episode record is missing"),
    (["validate", __file__], "test_search.py"),
])
def test_command_errors_are_one_line(argv, fragment, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("lift-gym: error: ") and fragment in err, err



def test_split_k_reaches_the_searched_env_and_its_record():
    """`search(..., split_k=True)` searches the env with mm tiled's SK decision on (`Config.split_k`, offered by
    the env itself: tests/unit/test_mm_split_k.py), its best record says so and replays to its kernel; without it
    the record keeps the switch off."""
    from agents.subcommand import target_uri

    uri = target_uri(str(Path(__file__).resolve().parents[1] / "data" / "user_programs" / "matmul.lift"),
                     "r=64,c=32,d=256")
    for on in (True, False):
        r = search(uri, "sweep", 4, reward=RewardConfig(source="analytical"), split_k=on)
        rec = r.best_record
        assert rec is not None and rec.transition_config().split_k is on
        assert transition.run(uri, rec.actions, rec.seed, rec.transition_config()).kernel.key == rec.kernel_key


@pytest.mark.parametrize("strategy", ["presets", "sweep"])
def test_a_preset_beyond_the_rewrite_horizon_is_left_out_with_a_note(strategy):
    """The generic default of this generated row reduction rewrites twice; with a horizon of one rewrite it is no
    episode of the env, and the searches that start from the presets say so and go on instead of raising."""
    uri = "benchmark://generated-v1/rowreduce-00075/small"
    r = search(uri, strategy, 4, reward=RewardConfig(source="analytical"), max_rewrites=1)
    assert len(r.trials) == 4
    assert any("the generic default is not an episode of this env" in n for n in r.notes)
