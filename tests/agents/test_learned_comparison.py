"""The learned method's standing in the form of docs/benchmarks/agents_h200.json (`agents.evaluate.comparison`):
the better of policy and guided against random, knn and greedy at 16 evaluations with paired bootstrap intervals,
and the fraction of its runs within 90% of the best known kernel in at most 5 evaluations."""

from __future__ import annotations

import math

import pytest

from agents.evaluate import comparison, summarize

BENCHMARKS = ["benchmark://generated-v1/stencil2d-00001", "benchmark://generated-v1/contract-00002",
              "benchmark://lift/mm/small"]
KEYS = {"command", "budget", "seeds", "runs", "partial", "train_programs", "unseen_programs", "vs_random", "vs_knn",
        "vs_greedy", "within5", "method"}


def _curve(best: float, at: int, length: int = 16) -> list[float]:
    """A best-so-far curve of log speedups: 1.0x until evaluation `at`, `best` from there."""
    return [0.0 if i + 1 < at else math.log(best) for i in range(length)]


def _report(methods: dict[str, list[tuple[float, int]]], trained: tuple[bool, ...] = (False, False, True)) -> dict:
    """Every benchmark gets the same runs: per method, (best speedup, evaluation reaching it) for each seed."""
    rows = []
    for bench, was_trained in zip(BENCHMARKS, trained, strict=True):
        ms = {name: {"runs": [{"seed": s, "curve": _curve(b, at)} for s, (b, at) in enumerate(runs)], "wall_s": 0.0}
              for name, runs in methods.items()}
        best = max(math.log(b) for runs in methods.values() for b, _ in runs)
        rows.append({"benchmark": bench, "trained_on": was_trained, "target_reward": best + math.log(0.9),
                     "methods": ms})
    seeds = len(next(iter(methods.values())))
    return {"budget": 16, "budgets": [8, 16], "seeds": list(range(seeds)), "benchmarks": rows,
            "trained_on": ["benchmark://generated-v1/ewise-00003", BENCHMARKS[2]],
            "summary": summarize(rows, (8, 16), "random")}


def test_the_comparison_has_the_tables_form_and_pairs_runs_with_each_baseline():
    rep = _report({"random": [(1.0, 1), (1.1, 9), (1.0, 2)],
                   "knn": [(1.3, 2), (1.3, 3), (1.2, 4)],
                   "greedy": [(1.2, 6), (1.25, 6), (1.2, 6)],
                   "policy": [(1.5, 2), (1.45, 3), (1.5, 7)]})
    c = comparison(rep, command="lift-gym evaluate ...")
    assert set(c) == KEYS
    assert c["method"] == "policy" and c["budget"] == 16 and c["seeds"] == 3 and c["runs"] == 9
    assert c["partial"] is None
    assert c["train_programs"] == 2 and c["unseen_programs"] == 2
    want = math.exp(sum(math.log(p / r) for p, r in ((1.5, 1.0), (1.45, 1.1), (1.5, 1.0))) / 3)
    assert c["vs_random"]["ratio"] == pytest.approx(want)
    assert c["vs_random"]["ci_low"] > 1.0 and c["vs_knn"]["ci_low"] > 1.0
    assert c["vs_greedy"]["ratio"] > 1.0
    # the best known per benchmark is 1.5x: runs at 1.5x (evaluations 2 and 7) and 1.45x (evaluation 3) reach 90%
    assert c["within5"] == pytest.approx(2 / 3)


def test_a_cut_evaluation_counts_the_seeds_its_runs_cover():
    rep = _report({"random": [(1.0, 1), (1.1, 9), (1.0, 2)], "policy": [(1.5, 2), (1.45, 3), (1.5, 7)]})
    for row in rep["benchmarks"][1:]:  # seeds 1 and 2 finished on the first benchmark only
        for m in row["methods"].values():
            m["runs"] = m["runs"][:1]
    rep["partial"] = "10 of 18 runs"
    c = comparison({**rep, "summary": summarize(rep["benchmarks"], (8, 16), "random")})
    assert c["seeds"] == 3 and c["runs"] == 5 and c["partial"] == "10 of 18 runs"
    for row in rep["benchmarks"]:
        for m in row["methods"].values():
            m["runs"] = m["runs"][:1]
    assert comparison({**rep, "summary": summarize(rep["benchmarks"], (8, 16), "random")})["seeds"] == 1


def test_the_better_learned_method_is_compared_and_a_missing_baseline_is_none():
    rep = _report({"random": [(1.0, 1), (1.0, 1)], "policy": [(1.1, 4), (1.1, 4)], "guided": [(1.4, 3), (1.3, 3)]})
    c = comparison(rep)
    assert c["method"] == "guided" and c["vs_knn"] is None and c["vs_greedy"] is None
    assert comparison(rep, method="policy")["vs_random"]["ratio"] == pytest.approx(1.1)


def test_budgets_beyond_the_report_read_its_largest_and_without_a_policy_there_is_no_comparison():
    rep = _report({"random": [(1.0, 1), (1.0, 1)], "policy": [(1.2, 10), (1.2, 12)]})
    c = comparison(rep, budget=32)
    assert c["budget"] == 16 and c["within5"] == 0.0
    assert comparison(rep, budget=8)["vs_random"]["ratio"] == pytest.approx(1.0)  # not reached by evaluation 8
    with pytest.raises(ValueError, match="plays the policy"):
        comparison(_report({"random": [(1.0, 1)], "knn": [(1.2, 2)]}))
