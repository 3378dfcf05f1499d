"""`lift-gym pipeline` end to end at tiny sizes on PoCL: four stages, the table, a rerun that resumes, and
training in refit rounds."""

from __future__ import annotations

import json

import pytest
import yaml
from agent_fixtures import tiny_config

from agents import cli, pipeline
from agents.config import config_from_dict
from agents.pipeline import PipelineError, run_pipeline
from compiler.perf.model import KnnPerfModel
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
    recorded = json.loads((run_dir / "evaluation" / "comparison.json").read_text())["command"]
    assert recorded == f"lift-gym pipeline --config {path} --no-progress"
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
    # how many processes run the stages is no part of the run: it resumes with the jobs given
    again = run_pipeline(config_from_dict(pipeline_config(tmp_path, jobs=3)), out_dir=run_dir, progress=False,
                         log=lambda s: None)
    assert {k: m["best_reward"] for k, m in again.report["benchmarks"][0]["methods"].items()} == \
        {k: m["best_reward"] for k, m in methods.items()}


def test_the_measure_stage_in_two_processes_measures_the_kernels_of_one_process(tmp_path):
    found = {}
    for jobs in (1, 2):
        cfg = config_from_dict(pipeline_config(tmp_path, jobs=jobs, measure_presets=0))
        path = tmp_path / f"measured-{jobs}.sqlite"
        out = pipeline.measure(cfg, str(path), progress=False, log=lambda s: None)
        store = MeasurementStore(path)
        found[jobs] = (list(out["benchmarks"]), {k: v["kernels"] for k, v in out["benchmarks"].items()},
                       sorted(r.kernel_key for r in store.records()))
        store.close()
    assert found[2] == found[1] and found[1][0] == TRAIN and len(found[1][2]) >= 2 * 3  # and the baselines


def test_pipeline_needs_evaluation_benchmarks(tmp_path):
    cfg = config_from_dict(pipeline_config(tmp_path, eval_benchmarks=[]))
    with pytest.raises(PipelineError, match=r"pipeline\.eval_benchmarks"):
        run_pipeline(cfg, out_dir=tmp_path / "run", progress=False, log=lambda s: None)
    assert not (tmp_path / "run").exists()


class _Stop(Exception):
    """Stops a pipeline run from its log (a kill between two refit rounds)."""


def _store_len(path) -> int:
    store = MeasurementStore(path, readonly=True)
    try:
        return len(store)
    finally:
        store.close()


def test_refit_rounds_measure_the_policy_picks_refit_and_resume_after_the_last_round(tmp_path, monkeypatch):
    cfg = config_from_dict(pipeline_config(tmp_path, refit_rounds=2, refit_episodes=4))
    run_dir = tmp_path / "run"
    db = run_dir / "measurements.sqlite"
    calls: list[tuple[int, int]] = []  # (round, store rows before its picks were measured)
    real = pipeline.measure_picks

    def spy(cfg, store, model_path, run_dir, round_no, **kw):
        calls.append((round_no, _store_len(store)))
        return real(cfg, store, model_path, run_dir, round_no, **kw)

    monkeypatch.setattr(pipeline, "measure_picks", spy)

    def stop_after_round_1(line: str) -> None:
        if line.startswith("round 1/2"):
            raise _Stop

    with pytest.raises(_Stop):
        run_pipeline(cfg, out_dir=run_dir, progress=False, log=stop_after_round_1)
    state = json.loads((run_dir / "pipeline.json").read_text())
    assert "train" not in state["done"] and len(state["rounds"]) == 1
    r1 = state["rounds"][0]
    assert r1["model_rows"] == state["done"]["fit"]["rows"]
    assert r1["env_model_rows"] == [r1["model_rows"]]  # the training envs predicted with the fitted model
    assert 1 <= r1["picks"]["picks"] <= 4 * len(TRAIN)
    assert r1["picks"]["new"] >= 1 and r1["picks"]["compared"] >= 1 and r1["picks"]["ratio"] > 0
    assert [c[0] for c in calls] == [1]
    after_1 = _store_len(db)
    assert after_1 == calls[0][1] + r1["picks"]["new"]  # each newly measured distinct pick is stored once
    assert r1["refit_rows"] > r1["model_rows"]
    picks = json.loads((run_dir / "refit" / "round_1.json").read_text())["picks"]
    assert len({(p["benchmark"], p["kernel_key"]) for p in picks}) == len(picks) == r1["picks"]["picks"]

    lines: list[str] = []
    stored: list[int] = []  # the store's rows once round 2 is recorded (the evaluation measures more)

    def log(line: str) -> None:
        lines.append(line)
        if line.startswith("round 2/2: "):
            stored.append(_store_len(db))

    run_pipeline(None, out_dir=run_dir, progress=False, log=log)  # the recorded config, from round 2
    assert [c[0] for c in calls] == [1, 2]  # round 1 is not played or measured again
    state = json.loads((run_dir / "pipeline.json").read_text())
    assert state["rounds"][0] == r1 and len(state["rounds"]) == 2 and "evaluate" in state["done"]
    r2 = state["rounds"][1]
    assert r2["model_rows"] == r1["refit_rows"]
    assert r2["env_model_rows"] == [r1["refit_rows"]]  # the second round's envs predicted with the refitted model
    assert r2["num_timesteps"] >= 64 and state["done"]["train"] == {
        "time": state["done"]["train"]["time"], "num_timesteps": r2["num_timesteps"], "rounds": 2,
        "model_rows": r2["refit_rows"]}
    assert stored == [after_1 + r2["picks"]["new"]]
    assert r1["refit_rows"] <= r2["refit_rows"] <= r1["refit_rows"] + r2["picks"]["new"]
    table_lines = (run_dir / "refit" / "rounds.txt").read_text().splitlines()
    assert len(table_lines) == 3 and table_lines[0].split()[:2] == ["round", "steps"]
    assert KnnPerfModel.load(run_dir / "model.npz").n_rows == r2["refit_rows"]
