"""`evaluate` compares a trained policy with baselines at equal budgets over seeds and writes JSON, a plot and
episodes; the budgets are read from one run's first evaluations; the ratio to random search has a bootstrap
interval."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from agent_fixtures import SMALL

from agents import cli
from agents.evaluate import default_budgets, evaluate, load_policy, ratio_interval, summarize, table
from agents.plot import matplotlib_available, svg
from agents.search import search
from lift_gym.episode import validate
from lift_gym.rewards import RewardConfig

GEMV = "benchmark://lift/gemv/small"


def test_evaluate_writes_json_plot_and_episodes(trained_run, tmp_path):
    out = tmp_path / "eval"
    report = evaluate(trained_run.run_dir, [SMALL, GEMV], 3, ["random", "greedy"], seeds=[0, 1],
                      reward=RewardConfig(source="analytical"), out_dir=out, log=lambda s: None)
    saved = json.loads((out / "evaluate.json").read_text())
    assert saved["budget"] == 3 and saved["seeds"] == [0, 1] and saved["budgets"] == [3]
    plot = out / ("best_so_far.png" if matplotlib_available() else "best_so_far.svg")
    assert report["plot"] == str(plot) and plot.stat().st_size > 0
    rows = {r["benchmark"]: r for r in report["benchmarks"]}
    assert rows[SMALL]["trained_on"] is True and rows[GEMV]["trained_on"] is False
    for row in rows.values():
        assert set(row["methods"]) == {"policy", "random", "greedy"}
        assert math.isclose(row["target_reward"], row["best_reward"] + math.log(0.9))
        for m in row["methods"].values():
            assert [r["seed"] for r in m["runs"]] == [0, 1]
            for r in m["runs"]:
                assert 1 <= r["evaluations"] <= 3 and len(r["curve"]) == r["evaluations"]
            assert m["best_reward"] == max(r["best_reward"] for r in m["runs"]) <= row["best_reward"] + 1e-12
            assert validate(Path(m["episode"]).read_text()).ok  # every best episode replays and validates
        winners = [m for m in row["methods"].values() if m["best_reward"] == row["best_reward"]]
        assert all(m["evals_to_target"] is not None for m in winners)
    assert set(report["summary"]) == {"policy", "random", "greedy"}
    for name, s in report["summary"].items():
        assert s["runs"] == 4 and (s["ratio"] is None) == (name == "random")
    text = table(report)
    assert "reached 90%" in text and "(trained)" in text and "vs random [95% CI]" in text


def test_a_smaller_budget_is_the_first_evaluations_of_a_larger_run():
    reward = RewardConfig(source="analytical")
    long = search(GEMV, "random", 12, seed=3, reward=reward, max_rewrites=1, max_nodes=64, n_slots=8)
    short = search(GEMV, "random", 5, seed=3, reward=reward, max_rewrites=1, max_nodes=64, n_slots=8)
    assert [t.kernel_key for t in short.trials] == [t.kernel_key for t in long.trials[:5]]
    assert short.curve() == long.curve()[:5]


def _rows(curves: dict[str, list[list[float]]], target: float = 0.0) -> list[dict]:
    """One benchmark; per method one run per seed with the given best-so-far log curves."""
    return [{"benchmark": "b", "target_reward": target, "methods": {
        name: {"wall_s": 0.0, "runs": [{"seed": i, "curve": c} for i, c in enumerate(runs)]}
        for name, runs in curves.items()}}]


def test_summary_reads_each_budget_from_the_runs_first_evaluations():
    rnd = [[0.0, 0.1, 0.1, 0.3], [0.2, 0.2, 0.2, 0.2]]
    pol = [[0.5, 0.5, 0.6, 0.6], [0.1, 0.4]]  # the second run stopped after 2 evaluations: its last value holds
    s = summarize(_rows({"policy": pol, "random": rnd}, target=0.35), budgets=[1, 2, 4])
    at = {b: s["policy"]["budgets"][str(b)] for b in (1, 2, 4)}
    assert math.isclose(at[1]["geomean_best_speedup"], math.exp((0.5 + 0.1) / 2))
    assert math.isclose(at[4]["geomean_best_speedup"], math.exp((0.6 + 0.4) / 2))
    assert math.isclose(s["random"]["budgets"]["2"]["geomean_best_speedup"], math.exp((0.1 + 0.2) / 2))
    assert math.isclose(at[2]["ratio"], math.exp(((0.5 - 0.1) + (0.4 - 0.2)) / 2))
    assert [at[b]["reached"] for b in (1, 2, 4)] == [1, 2, 2] and at[2]["mean_evals_to_target"] == 1.5
    assert [s["random"]["budgets"][str(b)]["reached"] for b in (1, 2, 4)] == [0, 0, 0]
    assert s["policy"]["geomean_best_speedup"] == at[4]["geomean_best_speedup"]  # top level: the largest budget


def test_default_budgets_are_8_16_32_up_to_the_run_budget():
    assert default_budgets(32) == (8, 16, 32)
    assert default_budgets(12) == (8, 12)
    assert default_budgets(3) == (3,)


def test_bootstrap_interval_holds_a_clear_gain_above_one_and_no_gain_around_one():
    rng = np.random.default_rng(1)
    point, lo, hi = ratio_interval(0.2 + 0.1 * rng.standard_normal(40))
    assert 1.0 < lo < point < hi and lo < math.exp(0.2) < hi
    _, lo_few, hi_few = ratio_interval(0.2 + 0.1 * rng.standard_normal(5))
    assert hi_few - lo_few > hi - lo  # fewer runs, a wider interval
    point, lo, hi = ratio_interval(0.3 * rng.standard_normal(40))
    assert lo < 1.0 < hi
    assert ratio_interval([0.1]) == (pytest.approx(math.exp(0.1)), None, None)
    assert ratio_interval([0.0, 0.0, 0.0]) == (1.0, 1.0, 1.0)
    with pytest.raises(ValueError, match="at least one"):
        ratio_interval([])


def test_load_policy_reads_the_env_shape(trained_run):
    pol = load_policy(trained_run.run_dir)
    assert pol.path.name == "final.zip" and pol.env.max_rewrites == 6 and pol.trained_on == (SMALL,)
    pol = load_policy(trained_run.model_path)  # a zip inside a run folder finds the manifest too
    assert pol.trained_on == (SMALL,)


def test_evaluate_command(trained_run, tmp_path, capsys):
    out = tmp_path / "ev"
    rc = cli.main(["evaluate", "--policy", str(trained_run.run_dir), "--benchmarks", GEMV, "--budget", "2",
                   "--baselines", "random", "--reward", "analytical", "--seed", "3", "--seeds", "2", "--out", str(out)])
    text = capsys.readouterr().out
    assert rc == 0 and "policy" in text and "random" in text and "evaluate.json" in text
    assert json.loads((out / "evaluate.json").read_text())["seeds"] == [3, 4]
    assert cli.main(["evaluate", "--benchmarks", GEMV, "--baselines", "annealing", "--reward", "analytical"]) == 2
    assert "unknown baseline(s) annealing" in capsys.readouterr().err


def test_svg_is_well_formed():
    doc = svg({"bench <a&b>": {"policy": [0.5, 1.0, 1.0], "random": [0.2]}}, "evaluations", "speedup")
    root = ET.fromstring(doc)
    assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 2


def test_the_table_label_column_fits_the_longest_benchmark_name():
    long = "file:///a/folder/of/programs/" + "x" * 60 + ".lift?N=64"
    method = {"best_gflops": 1.0, "reached_target": 1, "seeds": 1, "geomean_best_speedup": 1.5, "best_speedup": 1.5,
              "mean_evals_to_target": 2.0, "wall_s": 0.1}
    summary = {"geomean_best_speedup": 1.5, "ratio": None, "ci_low": None, "ci_high": None, "reached_target": "1/1",
               "mean_evals_to_target": 2.0}
    report = {"target_fraction": 0.9, "seeds": [0], "reference": "random", "budgets": [4], "budget": 4,
              "reward_source": "analytical",
              "benchmarks": [{"benchmark": name, "trained_on": False, "methods": {"random": method}}
                             for name in (long, "benchmark://lift/scal/small")],
              "summary": {"random": {"budgets": {"4": summary}}}}
    lines = table(report).splitlines()
    rows = [line for line in lines if re.match(r"^\S*\s+random\s", line)]  # per benchmark, then the summary
    assert len(rows) == 3 and rows[0].startswith(long + " random ")
    starts = {line.index(" random ") for line in rows} | {lines[1].index(" method ")}
    assert starts == {len(long)}  # every row's method column starts where the longest label ends
