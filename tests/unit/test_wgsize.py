"""Work-group-size selection (compiler.perf.wgsize) on the committed PoCL dataset and on hand-made scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compiler.perf.wgsize import (
    FALLBACKS,
    Scenario,
    WgDataError,
    baseline_size,
    evaluate,
    fallback,
    fit,
    kernel_features,
    load_scenarios,
    source_counts,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "wg_pocl.json"


@pytest.fixture(scope="module")
def scenarios():
    return load_scenarios(DATA, statistic="min_s")  # the most repeatable statistic on a loaded CPU


def _scenario(program: str, times: dict, refused: tuple = (), feature: float = 0.0) -> Scenario:
    return Scenario(program, "dev", "8x8", {"f": feature}, tuple(sorted([*times, *refused])), times,
                    dict.fromkeys(refused, "launch: out of resources"), (4, 2))


def test_committed_dataset_has_every_stencil_with_a_legal_default(scenarios):
    assert len({s.program for s in scenarios}) >= 8
    for s in scenarios:
        assert s.default is not None and s.legal(s.default), s.name
        assert s.perf(s.oracle) == 1.0 and all(0 < s.perf(w) <= 1 for w in s.times)


@pytest.fixture(scope="module")
def lopo(scenarios):
    methods = (("classifier", "J48", "nn"), ("speedup", "RandomForest", "-"))
    return evaluate(scenarios, "program", methods=methods)


def test_oracle_scores_100_percent_of_itself(lopo):
    row = lopo["rows"]["oracle"]
    assert row["oracle_pct_geomean"] == pytest.approx(100.0) and row["accuracy_pct"] == 100.0


def test_models_beat_a_random_pick_leaving_one_program_out(lopo):
    rand = lopo["rows"]["random legal size"]["oracle_pct_geomean"]
    for label in ("classifier: J48 + nn fallback", "regression: speedup (RF)"):
        assert lopo["rows"][label]["oracle_pct_geomean"] > rand, label


def test_fallbacks_never_return_an_illegal_size(scenarios):
    rng = np.random.default_rng(0)
    base = baseline_size(scenarios)
    probes = [(1, 1), (3, 5), (4096, 4096), (64, 64), base]
    for s in scenarios:
        for how in FALLBACKS:
            for w in (*s.candidates, *probes):
                c = fallback(s, w, how, base, rng)
                assert s.legal(c.size), (s.name, how, w)
                assert (c.tries == 0) == s.legal(w)


def test_fallbacks_step_over_refused_sizes():
    s = _scenario("p", {(1, 1): 4.0, (2, 2): 1.0, (16, 1): 2.0}, refused=((4, 2), (4, 4)))
    rng = np.random.default_rng(0)
    assert fallback(s, (4, 4), "nn", (1, 1), rng).size == (2, 2)  # (4, 2) is nearer but refused too
    c = fallback(s, (4, 4), "nn", (1, 1), rng)
    assert c.tries == 2 and c.first == (4, 4)
    assert fallback(s, (8, 8), "baseline", (1, 1), rng).size == (1, 1)
    assert fallback(s, (8, 8), "baseline", (4, 2), rng).size == (2, 2)  # w̄ refused here: its nearest legal size
    for seed in range(20):
        assert s.legal(fallback(s, (4, 2), "random", (1, 1), np.random.default_rng(seed)).size)
    with pytest.raises(WgDataError, match="unknown fallback"):
        fallback(s, (4, 4), "nearest", (1, 1), rng)


def test_baseline_is_the_geomean_best_size_legal_everywhere():
    a = _scenario("a", {(1, 1): 2.0, (2, 2): 1.0, (4, 4): 1.1})
    b = _scenario("b", {(1, 1): 1.0, (2, 2): 3.0, (4, 4): 1.2})
    c = _scenario("c", {(1, 1): 1.0, (2, 2): 1.0})  # (4, 4) not legal here
    assert baseline_size([a, b]) == (4, 4)  # geomean p: (4,4) 0.91*0.83 > (1,1) 0.5*1 > (2,2) 1*0.33
    assert baseline_size([a, b, c]) == (1, 1)  # (4, 4) is no longer legal everywhere


def test_regressors_rank_sizes_and_skip_refused_ones():
    train = [_scenario(f"p{i}", {(1, 1): 4.0 + i, (2, 2): 1.0 + i, (4, 2): 2.0 + i}, feature=float(i))
             for i in range(4)]
    test = _scenario("q", {(1, 1): 4.0, (4, 2): 2.0}, refused=((2, 2),), feature=1.5)
    for method in ("runtime", "speedup"):
        c = fit(train, method).select(test)
        assert c.first == (2, 2) and c.size == (4, 2) and c.tries == 1, method


def test_classifier_predicts_the_training_oracle():
    train = [_scenario(f"p{i}", {(1, 1): 1.0 if i < 2 else 3.0, (2, 2): 2.0}, feature=float(i)) for i in range(4)]
    tuner = fit(train, "classifier", model="J48")
    assert tuner.select(_scenario("q", {(1, 1): 1.0, (2, 2): 2.0}, feature=0.0)).size == (1, 1)
    assert tuner.select(_scenario("r", {(1, 1): 1.0, (2, 2): 2.0}, feature=3.0)).size == (2, 2)


def test_source_counts_tell_loads_from_stores():
    src = ("float f(float a, float b) { return a * b + 1.0f; }\n"
           "kernel void k(const global float* x, global float* y) {\n"
           "  int i = get_global_id(0);\n  y[i] = f(x[i], (i < 1) ? 0.0f : x[i - 1]);\n}\n")
    c = source_counts(src)
    assert (c["load"], c["store"], c["select"], c["cmp"], c["call"], c["work_item"]) == (2, 1, 1, 1, 1, 1)
    assert (c["mul"], c["add"], c["sub"], c["assign"]) == (1, 1, 1, 1)
    f = kernel_features(src, (1, 2, 3, 4), {"gs0": 8.0, "glb_ld_pt": 2.0})
    assert (f["kern_north"], f["kern_west"]) == (1.0, 4.0) and "kern_p000_gs0" not in f
    assert f["kern_p000_glb_ld_pt"] == 2.0 and f["kern_instruction_count"] == sum(c.values())


def test_bad_dataset_files_fail_with_one_line_naming_the_file(tmp_path):
    p = tmp_path / "wg.json"
    p.write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(WgDataError, match=r"wg\.json is not a lift-gym-wg-dataset file"):
        load_scenarios(p)
    doc = json.loads(DATA.read_text())
    doc["scenarios"] = doc["scenarios"][:1]
    doc["scenarios"][0]["rows"][0]["wg"] = [0, 4]
    p.write_text(json.dumps(doc))
    with pytest.raises(WgDataError, match=r"scenario 0 row 0: work-group size \[0, 4\]"):
        load_scenarios(p)
    with pytest.raises(WgDataError, match="leave-one-device-out needs two or more"):
        evaluate(load_scenarios(DATA), "device")
