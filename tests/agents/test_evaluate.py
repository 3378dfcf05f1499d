"""`evaluate` compares a trained policy with baselines at equal budgets and writes JSON, a plot and episodes."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

from agent_fixtures import SMALL

from agents import cli
from agents.evaluate import evaluate, load_policy, table
from agents.plot import matplotlib_available, svg
from lift_gym.episode import validate
from lift_gym.rewards import RewardConfig

GEMV = "benchmark://lift/gemv/small"


def test_evaluate_writes_json_plot_and_episodes(trained_run, tmp_path):
    out = tmp_path / "eval"
    report = evaluate(trained_run.run_dir, [SMALL, GEMV], 3, ["random", "greedy"], seed=0,
                      reward=RewardConfig(source="analytical"), out_dir=out, log=lambda s: None)
    assert json.loads((out / "evaluate.json").read_text())["budget"] == 3
    plot = out / ("best_so_far.png" if matplotlib_available() else "best_so_far.svg")
    assert report["plot"] == str(plot) and plot.stat().st_size > 0
    rows = {r["benchmark"]: r for r in report["benchmarks"]}
    assert rows[SMALL]["trained_on"] is True and rows[GEMV]["trained_on"] is False
    for row in rows.values():
        assert set(row["methods"]) == {"policy", "random", "greedy"}
        assert math.isclose(row["target_reward"], row["best_reward"] + math.log(0.9))
        for m in row["methods"].values():
            assert 1 <= m["evaluations"] <= 3 and len(m["curve"]) == m["evaluations"]
            assert m["best_reward"] <= row["best_reward"] + 1e-12
            assert validate(Path(m["episode"]).read_text()).ok  # every best episode replays and validates
        winners = [m for m in row["methods"].values() if m["best_reward"] == row["best_reward"]]
        assert all(m["evals_to_target"] is not None for m in winners)
    assert set(report["summary"]) == {"policy", "random", "greedy"}
    text = table(report)
    assert "evals to 90%" in text and "(trained)" in text and "geomean speedup" in text


def test_load_policy_reads_the_env_shape(trained_run):
    pol = load_policy(trained_run.run_dir)
    assert pol.path.name == "final.zip" and pol.env.max_rewrites == 6 and pol.trained_on == (SMALL,)
    pol = load_policy(trained_run.model_path)  # a zip inside a run folder finds the manifest too
    assert pol.trained_on == (SMALL,)


def test_evaluate_command(trained_run, tmp_path, capsys):
    out = tmp_path / "ev"
    rc = cli.main(["evaluate", "--policy", str(trained_run.run_dir), "--benchmarks", GEMV, "--budget", "2",
                   "--baselines", "random", "--reward", "analytical", "--out", str(out)])
    text = capsys.readouterr().out
    assert rc == 0 and "policy" in text and "random" in text and "evaluate.json" in text
    assert (out / "evaluate.json").exists()
    assert cli.main(["evaluate", "--benchmarks", GEMV, "--baselines", "annealing", "--reward", "analytical"]) == 2
    assert "unknown baseline(s) annealing" in capsys.readouterr().err


def test_svg_is_well_formed():
    doc = svg({"bench <a&b>": {"policy": [0.5, 1.0, 1.0], "random": [0.2]}}, "evaluations", "speedup")
    root = ET.fromstring(doc)
    assert root.tag.endswith("svg") and len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 2
