"""`lift-gym pipeline` end to end at tiny sizes on PoCL: four stages, the table, and a rerun that resumes."""

from __future__ import annotations

import json

import pytest
import yaml
from agent_fixtures import tiny_config

from agents import cli
from agents.config import config_from_dict
from agents.pipeline import PipelineError, run_pipeline
from compiler.perf.store import MeasurementStore

pytestmark = pytest.mark.opencl
TRAIN = ["benchmark://lift/scal/small", "benchmark://lift/stencil2d/small"]
EVAL = "benchmark://lift/jacobi2d-5pt/small"


def pipeline_config(tmp_path, **pipeline) -> dict:
    return tiny_config(env={"benchmarks": TRAIN, "max_rewrites": 0, "max_nodes": 64, "n_slots": 8},
                       reward={"source": "predicted"}, train={"total_steps": 64, "n_steps": 32, "batch_size": 32},
                       run={"out_dir": str(tmp_path / "runs" / "{name}"), "checkpoint_every": 32},
                       pipeline={"measure_per_benchmark": 3, "eval_benchmarks": [EVAL], "eval_budget": 2,
                                 "eval_seeds": 2, "measure_presets": 2, **pipeline})


def test_pipeline_runs_every_stage_and_resumes(tmp_path, capsys):
    path = tmp_path / "p.yaml"
    path.write_text(yaml.safe_dump(pipeline_config(tmp_path)))
    assert cli.main(["pipeline", "--config", str(path), "--no-progress"]) == 0
    out = capsys.readouterr().out
    run_dir = tmp_path / "runs" / "tiny"
    state = json.loads((run_dir / "pipeline.json").read_text())
    assert sorted(state["done"]) == ["evaluate", "fit", "measure", "train"]
    assert state["done"]["fit"]["rows"] >= 3 and (run_dir / "model.npz").exists()
    measured = state["done"]["measure"]["benchmarks"]
    assert measured[TRAIN[1]]["kernels"] == 3 + 2  # random kernels, then the presets search's (named lowerings)
    assert state["done"]["train"]["num_timesteps"] >= 64
    assert EVAL in out and "policy" in out and "random" in out and "policy vs" in out
    report = json.loads((run_dir / "evaluation" / "evaluate.json").read_text())
    assert report["reward_source"] == "measured" and report["benchmarks"][0]["trained_on"] is False
    assert report["seeds"] == [0, 1] and report["summary"]["policy"]["runs"] == 2
    methods = report["benchmarks"][0]["methods"]
    assert set(methods) == {"policy", "random"}
    assert all(len(m["runs"]) == 2 and all(1 <= r["evaluations"] <= 2 for r in m["runs"]) for m in methods.values())
    assert "vs random [95% CI]" in (run_dir / "evaluation" / "table.txt").read_text()
    store = MeasurementStore(run_dir / "measurements.sqlite")
    n_rows = len(store)
    store.close()

    # a rerun (no --config: the recorded one) measures nothing new, trains no further and prints the same table
    assert cli.main(["pipeline", "--out", str(run_dir), "--no-progress"]) == 0
    again = capsys.readouterr().out
    store = MeasurementStore(run_dir / "measurements.sqlite")
    assert len(store) == n_rows and store.integrity_ok()
    store.close()
    assert json.loads((run_dir / "train" / "manifest.json").read_text())["num_timesteps"] == \
        state["done"]["train"]["num_timesteps"]
    rerun = json.loads((run_dir / "evaluation" / "evaluate.json").read_text())["benchmarks"][0]["methods"]
    assert {k: m["best_reward"] for k, m in rerun.items()} == {k: m["best_reward"] for k, m in methods.items()}
    assert "policy vs" in again

    other = config_from_dict(pipeline_config(tmp_path, eval_budget=3))
    with pytest.raises(PipelineError, match="another config"):
        run_pipeline(other, out_dir=run_dir, progress=False, log=lambda s: None)


def test_pipeline_needs_evaluation_benchmarks(tmp_path):
    cfg = config_from_dict(pipeline_config(tmp_path, eval_benchmarks=[]))
    with pytest.raises(PipelineError, match=r"pipeline\.eval_benchmarks"):
        run_pipeline(cfg, out_dir=tmp_path / "run", progress=False, log=lambda s: None)
    assert not (tmp_path / "run").exists()
