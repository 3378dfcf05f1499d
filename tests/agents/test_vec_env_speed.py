"""scripts/vec_env_speed.py: two sub-env processes, started cold (forkserver) and forked from a warm parent, step
and train the asked number of steps and the JSON and table say so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--n-envs", "2", "--warm-parent", "--benchmarks", "benchmark://lift/asum/small", "--warmup-steps", "1",
        "--env-steps", "3", "--n-steps", "4", "--batch-size", "4", "--n-epochs", "1", "--warmup-rollouts", "0",
        "--rollouts", "1"]


@pytest.mark.slow
def test_cold_and_warm_parent_runs_count_their_steps(tmp_path):
    out = tmp_path / "v.json"
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "vec_env_speed.py"), *TINY, "--out", str(out)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert p.returncode == 0, p.stderr[-2000:]
    result = json.loads(out.read_text())
    runs = {r["mode"]: r for r in result["runs"]}
    assert set(runs) == {"cold", "warm"}
    for r in runs.values():
        assert "error" not in r, r["error"]
        assert r["vec_env"] == "SubprocVecEnv"
        assert r["env"]["steps"] == 2 * 3 and r["env"]["steps_per_s"] > 0
        assert r["train"]["steps"] == 2 * 4 and r["train"]["steps_per_s"] > 0
        assert 0 < r["train"]["rollout_s"] < r["train"]["s"]
        assert "speedup" not in r["env"]  # no n_envs = 1 run to compare with
    assert (runs["cold"]["start_method"], runs["warm"]["start_method"]) == ("forkserver", "fork")
    assert runs["warm"]["parent_steps"] > 0
    assert runs["warm"]["parent_cache_entries"] > runs["cold"]["parent_cache_entries"]  # what the fork inherits
    rows = [ln for ln in p.stdout.splitlines() if ln.startswith(("| cold | 2 |", "| warm | 2 |"))]
    assert len(rows) == 2 and all("- | -" in ln for ln in rows)
