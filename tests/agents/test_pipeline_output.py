"""What `lift-gym pipeline` prints: one first line that names the command once, a verdict that calls a ratio
better or worse only when its 95% interval excludes 1, the files of the best episodes with the command that shows
their OpenCL, and a --help that says which reward the evaluation uses."""

from __future__ import annotations

import math
import re

import pytest

from agents import cli, pipeline
from agents.config import config_from_dict
from agents.evaluate import summarize
from agents.subcommand import CATALOG

BENCHMARKS = ("benchmark://lift/jacobi2d-9pt/512", "benchmark://lift/a-very-long-benchmark-name/with?size=512")


def _rows(ratios: dict[str, list[float]], benchmarks=BENCHMARKS) -> list[dict]:
    """Benchmarks x len(ratios) seeds; every method's best speedup per run (the reference random's is 1)."""
    n = len(next(iter(ratios.values())))
    rows = []
    for bench in benchmarks:
        methods = {}
        for name, per_seed in {"random": [1.0] * n, **ratios}.items():
            runs = [{"seed": s, "curve": [math.log(x)]} for s, x in enumerate(per_seed)]
            methods[name] = {"runs": runs, "wall_s": 0.0, "best_speedup": max(per_seed),
                             "episode": f"RUN/evaluation/episodes/{bench[-10:]}-{name}.json"}
        rows.append({"benchmark": bench, "target_reward": 0.0, "methods": methods})
    return rows


def _report(ratios: dict[str, list[float]], benchmarks=BENCHMARKS) -> dict:
    rows = _rows(ratios, benchmarks)
    return {"budget": 1, "budgets": [1], "reference": "random", "benchmarks": rows,
            "summary": summarize(rows, (1,), "random")}


def test_verdict_says_not_separated_when_the_interval_contains_1():
    line = pipeline.verdict(_report({"policy": [1.03, 0.98, 1.01, 1.0]}))
    assert "x random [95% CI" in line and "not separated" in line
    assert "better" not in line


def test_verdict_says_better_only_when_the_whole_interval_is_above_1():
    text = pipeline.verdict(_report({"policy": [1.5, 1.6, 1.55, 1.4], "greedy": [1.45, 1.65, 1.5, 1.45]}))
    parts = dict((m[1], m[2]) for m in re.finditer(r"(\w+) \[95% CI [0-9.]+, [0-9.]+: ([a-z ]+)\]", text))
    assert parts == {"random": "better", "greedy": "not separated"}, text  # about 1.0x greedy: no claim


def test_verdict_without_an_interval_says_so():
    text = pipeline.verdict(_report({"policy": [1.2]}, BENCHMARKS[:1]))
    assert "no interval" in text and "better" not in text


def test_best_episodes_name_each_file_and_the_opencl_command():
    lines = pipeline.best_episodes(_report({"policy": [1.2, 1.1], "greedy": [1.5, 1.0]}))
    assert lines[0].startswith("benchmark://lift/jacobi2d-9pt/512: best 1.500x (greedy): RUN/evaluation/episodes/")
    assert any(line.strip().startswith("the policy's best 1.200x") for line in lines)
    assert any(line.strip().startswith("its OpenCL: lift-gym show RUN/evaluation/episodes/") and
               line.endswith("--opencl") for line in lines)


def test_first_line_names_the_pipeline_once(tmp_path, monkeypatch):
    from agent_fixtures import tiny_config

    class Stop(Exception):
        pass

    def stop(*args, **kwargs):
        raise Stop

    monkeypatch.setattr(pipeline, "measure", stop)
    d = tiny_config(pipeline={"eval_benchmarks": ["benchmark://lift/asum/small"]})
    d["name"] = "pipeline"
    cfg = config_from_dict(d)
    lines: list[str] = []
    with pytest.raises(Stop):
        pipeline.run_pipeline(cfg, out_dir=tmp_path / "run", progress=False, log=lines.append)
    first = lines[0]
    assert first.startswith("lift-gym pipeline, config pipeline: run folder ")
    assert "pipeline pipeline" not in first


def test_pipeline_help_names_the_configured_evaluation_reward(capsys):
    assert "measured rewards" not in CATALOG["pipeline"][1]
    with pytest.raises(SystemExit):
        cli.main(["pipeline", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "pipeline.eval_reward: predicted in configs/pipeline.yaml" in out
