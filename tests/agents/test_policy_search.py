"""Playing a trained policy is memoised by action prefix (an episode played again neither compiles, runs the
network nor evaluates again); the policy-guided search counts one evaluation per distinct kernel and stays within
its budget; an evaluation keeps its finished runs in runs.jsonl and a rerun takes them from there."""

from __future__ import annotations

import json

import numpy as np
import pytest
from agent_fixtures import SMALL

import agents.evaluate as evaluate_mod
from agents import cli
from agents.envs import make_env
from agents.evaluate import (
    RUNS,
    EvaluationStopped,
    PolicyPlayer,
    evaluate,
    guided_search,
    load_policy,
    observation,
    policy_search,
)
from agents.evaluate import table as table_of
from agents.search import Evaluator, tuning_neighbours
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import KnnPerfModel
from lift_gym import transition
from lift_gym.rewards import RewardConfig, RewardFunction, load_model
from lift_gym.transition import Config, Phase

ANALYTICAL = RewardConfig(source="analytical")
GEMV = "benchmark://lift/gemv/small"
STENCIL = "benchmark://lift/stencil2d/small"


class CountingReward(RewardFunction):
    """The analytical reward, counting the kernels it is asked to evaluate."""

    def __init__(self):
        super().__init__(ANALYTICAL)
        self.keys: list[str] = []

    def evaluate(self, state):
        self.keys.append(state.kernel.key)
        return super().evaluate(state)


@pytest.fixture(scope="module")
def policy(trained_run):
    return load_policy(trained_run.run_dir)


def _player(policy, uri: str, fn: RewardFunction, seed: int = 0) -> PolicyPlayer:
    cfg = Config(max_rewrites=policy.env.max_rewrites, max_nodes=policy.env.max_nodes,
                 n_slots=policy.env.n_slots, limits=fn.ctx.limits)
    return PolicyPlayer(policy, transition.initial(uri, seed, cfg), fn.ctx.profile_model)


def test_observation_is_the_envs(policy):
    env = make_env(policy.env, ANALYTICAL, [GEMV])()
    rng = np.random.default_rng(0)
    try:
        for episode in range(1):
            obs, _ = env.reset(seed=episode)
            u = env.unwrapped
            done = False
            while not done:
                mine = observation(u.state, u.reward_fn.ctx.profile_model)
                assert mine.keys() == obs.keys()
                assert all(np.array_equal(mine[k], obs[k]) for k in obs)
                obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(u.action_masks()))))
    finally:
        env.close()


def test_an_episode_played_again_compiles_runs_the_network_and_evaluates_once(policy, monkeypatch):
    fn = CountingReward()
    player = _player(policy, GEMV, fn)
    ev = Evaluator(fn, budget=4)
    first = player.play(np.random.default_rng(0), greedy=True)
    ev.evaluate(first)
    steps, passes = [], player.forward_passes
    real_step = transition.step
    monkeypatch.setattr(transition, "step", lambda s, a: steps.append(a) or real_step(s, a))
    again = player.play(np.random.default_rng(1), greedy=True)
    ev.evaluate(again)
    assert again is first and steps == [] and player.forward_passes == passes
    assert fn.keys == [first.kernel.key] and ev.count == 1
    fn.close()


def test_policy_search_evaluates_each_distinct_kernel_once(policy):
    fn = CountingReward()
    r = policy_search(policy, SMALL, 8, seed=0, reward_fn=fn)
    keys = [t.kernel_key for t in r.trials]
    assert fn.keys == keys and len(set(keys)) == len(keys) <= 8
    assert r.episodes >= len(keys) and r.best_record is not None
    fn.close()


def test_sampling_without_replacement_never_plays_a_sequence_twice(policy):
    fn = RewardFunction(ANALYTICAL)
    player, closed, seen = _player(policy, GEMV, fn), set(), []
    rng = np.random.default_rng(0)
    for i in range(5):
        done = player.play(rng, greedy=i == 0, closed=closed)
        if done is None:
            break
        seen.append(done.actions)
        player.close(closed, done)
    assert len(seen) >= 2 and len(set(seen)) == len(seen)
    fn.close()


def test_tuning_neighbours_change_one_parameter_by_one_slot():
    cfg = Config(max_rewrites=1, max_nodes=96, n_slots=16)
    rng = np.random.default_rng(2)
    start = transition.initial(STENCIL, 0, cfg)
    tiled = start.config.layout.template("tiled")
    done = transition.step(start, tiled)
    while not transition.is_terminal(done):
        done = transition.step(done, int(rng.choice(np.flatnonzero(transition.legal_actions(done)))))
    out = tuning_neighbours(done)
    assert out and all(transition.is_terminal(c) and c.template == done.template for c in out)
    for c in out:
        changed = [k for k in done.assignment if c.assignment[k] != done.assignment[k]]
        assert changed
        # the first changed parameter moved to the next offered value (one slot) from the same prefix
        i = [p.name for p in done.tuning.params].index(changed[0])
        state = transition.run(STENCIL, done.actions[:1 + i], 0, cfg)
        assert state.phase is Phase.TUNING
        offered = transition.slot_values(state)
        assert abs(offered.index(c.assignment[changed[0]]) - offered.index(done.assignment[changed[0]])) == 1


@pytest.fixture(scope="module")
def knn_model(tmp_path_factory):
    """A kNN model fitted on made-up rows (the guided search only needs a ranking)."""
    rng = np.random.default_rng(0)
    path = tmp_path_factory.mktemp("knn") / "model.npz"
    KnnPerfModel.fit(rng.uniform(0, 64, size=(40, len(FEATURE_NAMES))), rng.uniform(0.05, 1.0, size=40),
                     device="test").save(path)
    return str(path)


@pytest.mark.parametrize(("budget", "ranked_by_model"), [(1, False), (5, False), (5, True)])
def test_guided_search_counts_one_evaluation_per_distinct_kernel(policy, budget, ranked_by_model, knn_model):
    fn = CountingReward()
    model = knn_model if ranked_by_model else None
    r = guided_search(policy, GEMV, budget, seed=3, reward_fn=fn, model=model)
    keys = [t.kernel_key for t in r.trials]
    assert 1 <= len(keys) <= budget and fn.keys == keys and len(set(keys)) == len(keys)
    assert r.strategy == "guided" and r.curve() == sorted(r.curve())
    again = guided_search(policy, GEMV, budget, seed=3, reward_fn=fn, model=model)
    assert [t.kernel_key for t in again.trials] == keys  # a seed gives the same run
    fn.close()


def test_an_evaluation_rerun_takes_finished_runs_from_runs_jsonl(trained_run, tmp_path, monkeypatch):
    out = tmp_path / "eval"
    kw = {"seeds": [0], "reward": ANALYTICAL, "out_dir": out, "log": lambda s: None}
    first = evaluate(trained_run.run_dir, [GEMV], 2, ["guided", "random"], **kw)
    lines = (out / RUNS).read_text().splitlines()
    assert sorted(json.loads(x)["result"]["strategy"] for x in lines) == ["guided", "policy", "random"]
    ran: list[tuple] = []
    real = evaluate_mod._run_method
    monkeypatch.setattr(evaluate_mod, "_run_method", lambda *a: ran.append((a[0], a[4])) or real(*a))
    with open(out / RUNS, "a") as fh:
        fh.write('{"identity": {"cut short')  # a line a kill cut short is skipped
    again = evaluate(trained_run.run_dir, [GEMV], 2, ["guided", "random"], **kw)
    assert ran == [] and again["summary"] == first["summary"]
    # another seed runs only that seed's runs; another reward source runs again
    evaluate(trained_run.run_dir, [GEMV], 2, ["guided", "random"], **{**kw, "seeds": [0, 1]})
    assert sorted(ran) == [("guided", 1), ("policy", 1), ("random", 1)]
    ran.clear()
    evaluate(trained_run.run_dir, [GEMV], 2, ["random"], **{**kw, "reward": RewardConfig(source="estimated")})
    assert sorted(ran) == [("policy", 0), ("random", 0)]


def test_guided_needs_a_policy(tmp_path):
    with pytest.raises(ValueError, match="guided plays a trained policy"):
        evaluate(None, [GEMV], 2, ["guided"], reward=ANALYTICAL, out_dir=tmp_path, log=lambda s: None)


def test_an_evaluation_stopped_by_its_time_limit_reports_the_runs_finished_and_goes_on(tmp_path):
    out = tmp_path / "eval"
    kw = {"reward": ANALYTICAL, "out_dir": out, "log": lambda s: None}
    evaluate(None, [GEMV], 2, ["greedy", "random"], seeds=[0, 1], stop_after_s=600.0, **kw)
    part = evaluate(None, [GEMV], 2, ["greedy", "random"], seeds=[0, 1, 2], stop_after_s=0.0, **kw)
    assert part["partial"] == "4 of 6 runs" and "partial: 4 of 6 runs" in table_of(part)
    assert [len(m["runs"]) for m in part["benchmarks"][0]["methods"].values()] == [2, 2]
    with pytest.raises(EvaluationStopped, match="no run finished"):
        evaluate(None, [GEMV], 2, ["random"], seeds=[5], stop_after_s=0.0, **kw)
    whole = evaluate(None, [GEMV], 2, ["greedy", "random"], seeds=[0, 1, 2], stop_after_s=600.0, **kw)
    assert whole["partial"] is None and [len(m["runs"]) for m in whole["benchmarks"][0]["methods"].values()] == [3, 3]


def test_runs_go_seed_by_seed_with_the_policy_and_the_reference_first(trained_run, tmp_path):
    lines: list[str] = []
    evaluate(trained_run.run_dir, [GEMV, STENCIL], 1, ["greedy", "random"], seeds=[0, 1], reward=ANALYTICAL,
             out_dir=tmp_path, log=lines.append)
    order = [(line.split()[0], line.split()[1], int(line.split()[3])) for line in lines]
    assert order == [(b, m, sd) for sd in (0, 1) for b in (GEMV, STENCIL) for m in ("policy", "random", "greedy")]


def test_a_run_whose_process_cannot_reach_the_device_is_reported_and_left_for_a_rerun(tmp_path):
    lines: list[str] = []
    with pytest.raises(EvaluationStopped, match="no run finished"):
        evaluate(None, [GEMV], 2, ["random", "greedy"], seeds=[0], out_dir=tmp_path, log=lines.append, jobs=2,
                 reward=RewardConfig(source="measured", device="no such device"))
    assert sorted(line.split()[1] for line in lines[:2]) == ["greedy", "random"]
    assert all("not run: DeviceNotFound" in line and "runs it again" in line for line in lines[:2])
    assert not (tmp_path / RUNS).exists()


@pytest.mark.slow
def test_runs_in_several_processes_give_the_runs_of_one_process(trained_run, tmp_path):
    kw = {"seeds": [0, 1], "reward": ANALYTICAL, "log": lambda s: None}
    one = evaluate(trained_run.run_dir, [GEMV], 3, ["guided", "random"], out_dir=tmp_path / "one", **kw)
    lines: list[str] = []
    two = evaluate(trained_run.run_dir, [GEMV], 3, ["guided", "random"], out_dir=tmp_path / "two",
                   **{**kw, "log": lines.append}, jobs=2)
    def ranks(report):  # everything but the wall-clock seconds
        return {name: {k: v for k, v in m.items() if k != "wall_s"} for name, m in report["summary"].items()}

    def kernels(report):
        return {(row["benchmark"], name, run["seed"]): [t["kernel_key"] for t in run["trials"]]
                for row in report["benchmarks"] for name, m in row["methods"].items() for run in m["runs"]}

    assert len(lines) == 6 and ranks(two) == ranks(one)
    assert kernels(two) == kernels(one) and len(kernels(one)) == 6
    assert len((tmp_path / "two" / RUNS).read_text().splitlines()) == 6


def test_a_proposal_is_tuned_on_the_model_until_no_tuning_neighbour_is_predicted_better(policy, knn_model):
    fn = RewardFunction(ANALYTICAL)
    player = _player(policy, STENCIL, fn)
    run = evaluate_mod._PolicyRun(player, Evaluator(fn, 4), np.random.default_rng(0), 4,
                                  load_model(knn_model, None, fn.ctx))
    rng = np.random.default_rng(5)
    worst = None  # the proposal the model predicts worst among a few of the tiled lowering's
    for _ in range(6):
        s = player.step(player.start, player.start.config.layout.template("tiled"))
        while not transition.is_terminal(s):
            s = player.step(s, int(rng.choice(np.flatnonzero(transition.legal_actions(s)))))
        if worst is None or evaluate_mod._predicted(run, [s])[0] < evaluate_mod._predicted(run, [worst])[0]:
            worst = s
    tuned = evaluate_mod._climbed(run, worst)
    before, after = evaluate_mod._predicted(run, [worst, tuned])
    assert tuned.kernel.key != worst.kernel.key and after > before
    assert evaluate_mod._predicted(run, tuning_neighbours(tuned, player.step)).max() <= after
    assert tuned.template == worst.template and run.evaluator.count == 0  # the model tunes; nothing is evaluated
    fn.close()


def test_the_evaluate_command_gives_its_model_to_the_knn_search(knn_model, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LIFT_GYM_STORE", str(tmp_path / "empty.sqlite"))  # no measurement to fit a model on
    out = tmp_path / "eval"
    assert cli.main(["evaluate", "--benchmarks", GEMV, "--budget", "2", "--baselines", "knn,random",
                     "--reward", "analytical", "--model", knn_model, "--out", str(out), "--no-progress"]) == 0
    report = json.loads((out / "evaluate.json").read_text())
    assert [len(m["runs"]) for m in report["benchmarks"][0]["methods"].values()] == [1, 1]
    assert "knn" in capsys.readouterr().out
