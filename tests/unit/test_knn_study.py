"""Seed 000's kNN study (compiler.perf.study, `lift-gym knn-study`): leave-one-program-out correlation and runs to
90% of the best on synthetic records whose answer is known, the exact tie and random-order expectations, and the
command's one-line errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agents import cli
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.store import MeasurementStore, Record
from compiler.perf.study import (
    StudyError,
    left_out,
    random_runs,
    runs_to_reach,
    stencil_of,
    study,
)

DEVICE = "synthetic/gpu/1.0/4cu"
PROGRAMS = ("alpha", "beta", "gamma", "delta", "eps", "zeta")


def synthetic(shuffle: bool = False, n: int = 40, seed: int = 0) -> list[Record]:
    """Per program, `n` kernels whose time is 1 / gs0 (gs0 determines throughput) and whose other features are
    constant; `shuffle` assigns the features of another kernel of the same program instead."""
    rng = np.random.default_rng(seed)
    out = []
    for p in PROGRAMS:
        v = rng.uniform(1.0, 1000.0, size=n)
        feats = rng.permutation(v) if shuffle else v
        for i in range(n):
            f = dict.fromkeys(FEATURE_NAMES, 1.0)
            f["gs0"] = float(feats[i])
            out.append(Record(f"k-{p}-{i}", f"benchmark://lift/{p}?N=64", f"p-{p}", f"kk-{p}-{i}", DEVICE, "0",
                              "ok", 1e-3 / float(v[i]), 0.0, None, None, f, {"build_s": 0.5}, float(i)))
    return out


def test_a_feature_that_determines_throughput_gives_correlation_one_and_one_run():
    res = study(synthetic(), DEVICE)
    o = res["overall"]
    assert o["programs"] == len(PROGRAMS) and o["benchmarks"] == len(PROGRAMS)
    assert o["spearman_mean"] > 0.97 and o["pearson_mean"] > 0.95
    for row in res["benchmarks"]:
        assert row["model_runs"] == pytest.approx(1.0)
        assert row["random_runs"]["expected"] > 2.0
        assert row["runs_ratio"] > 2.0
        assert row["top_prediction_throughput"] >= 0.9


def test_shuffled_features_predict_nothing():
    res = study(synthetic(shuffle=True), DEVICE)
    o = res["overall"]
    assert abs(o["spearman_mean"]) < 0.4 and abs(o["pearson_mean"]) < 0.4
    assert o["model_runs_mean"] > 2.0
    assert o["model_runs_one"] < len(PROGRAMS)


def test_failed_kernels_cost_a_run_and_never_reach_the_threshold():
    recs = synthetic()
    # the fastest kernel of alpha is re-labelled as failed: it has no time and cannot count as reached
    alpha = [r for r in recs if "alpha" in r.benchmark]
    best = min(alpha, key=lambda r: r.median_s)
    recs = [Record(**{**r.__dict__, "status": "compile", "median_s": None}) if r is best else r for r in recs]
    row = next(r for r in study(recs, DEVICE)["benchmarks"] if "alpha" in r["benchmark"])
    assert row["failed"] == 1 and row["ok"] == len(alpha) - 1
    assert row["model_runs"] > 1.0  # the failed kernel is still ranked among the first


def test_runs_to_reach_is_the_expectation_over_ties():
    # the top tie group holds 2 candidates, 1 good: (2 + 1) / (1 + 1) = 1.5 runs
    assert runs_to_reach([0.5, 0.9, 0.9, 0.1], [False, True, False, False]) == pytest.approx(1.5)
    assert runs_to_reach([0.9, 0.5, 0.1], [False, False, True]) == pytest.approx(3.0)
    assert runs_to_reach([0.3, 0.2], [False, False]) is None
    # with costs: the bad one of the tie precedes the good one half the time
    assert runs_to_reach([1.0, 1.0], [True, False], cost=[2.0, 4.0]) == pytest.approx(2.0 + 4.0 / 2)


def test_random_runs_match_the_closed_form():
    good = np.zeros(50, dtype=bool)
    good[[3, 17, 40]] = True
    r = random_runs(good, permutations=4000, seed=1)
    assert r["expected"] == pytest.approx(51 / 4)
    assert r["mean"] == pytest.approx(r["expected"], rel=0.05)
    assert r["p10"] <= r["mean"] <= r["p90"]
    assert random_runs(np.zeros(5, dtype=bool)) is None


def test_boundary_variants_are_left_out_together():
    programs = ["benchmark://lift/jacobi2d-5pt", "benchmark://lift/jacobi2d-5pt-clamp", "benchmark://lift/gaussian"]
    assert stencil_of("benchmark://lift/jacobi2d-5pt-clamp") == "benchmark://lift/jacobi2d-5pt"
    assert left_out(programs[0], programs) == programs[:2]
    assert left_out(programs[0], programs, "program") == programs[:1]
    with pytest.raises(StudyError):
        study([r for r in synthetic() if "alpha" in r.benchmark], DEVICE)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def one_line_error(rc: int, err: str, *fragments: str) -> None:
    lines = err.strip().splitlines()
    assert rc == 2 and len(lines) == 1 and lines[0].startswith("lift-gym: error: "), err
    for f in fragments:
        assert f in lines[0], lines[0]


def test_command_errors_in_one_line_for_a_missing_or_empty_store(tmp_path, capsys):
    missing = tmp_path / "none.sqlite"
    one_line_error(*run(capsys, "knn-study", "--store", str(missing))[::2], str(missing), "does not exist")
    empty = tmp_path / "empty.sqlite"
    MeasurementStore(empty).close()
    one_line_error(*run(capsys, "knn-study", "--store", str(empty))[::2], str(empty), "no measurement")


def test_command_prints_the_study_as_json_and_markdown(tmp_path, capsys):
    path = tmp_path / "s.sqlite"
    st = MeasurementStore(path)
    for r in synthetic(n=12):
        st.put(key=r.key, benchmark=r.benchmark, program_key=r.program_key, kernel_key=r.kernel_key,
               device=r.device, report={"status": r.status, "median_s": r.median_s, "build_s": 0.5},
               features=r.features)
    st.close()
    rc, out, _ = run(capsys, "knn-study", "--store", str(path), "--json", "--permutations", "20")
    assert rc == 0
    doc = json.loads(out)
    assert doc["device"] == DEVICE and len(doc["benchmarks"]) == len(PROGRAMS)
    assert doc["paper"]["runs_ratio_geomean"]["nvidia"] == 35
    rc, out, _ = run(capsys, "knn-study", "--store", str(path), "--device", "synthetic")
    assert rc == 0 and "| runs ratio random / model, geomean |" in out and "alpha?N=64" in out
    one_line_error(*run(capsys, "knn-study", "--store", str(path), "--device", "nvidia")[::2], "matches no device")
