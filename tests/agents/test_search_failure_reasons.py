"""A search names why its failed evaluations failed: each trial's reason (build, correctness, time-out, device
limit), the --json output and one summary line; a search where every evaluation failed says so and exits 1."""

from __future__ import annotations

import dataclasses
import json
from itertools import count

import pytest

from agents import cli
from agents.search import failure_of, failure_summary, search
from lift_gym.rewards import Evaluation, KernelEval, RewardConfig, RewardFunction

GEMV = "benchmark://lift/gemv/small"
STATUSES = {"compile": "build", "correctness": "correctness", "timeout": "time-out", "invalid": "device limit"}


def _failed(ev: Evaluation, status: str, message: str) -> Evaluation:
    final = dataclasses.replace(ev.final, status=status, time_s=None, throughput=None,
                                report={"message": f"{message}\nsecond line"})
    return Evaluation(-2.0, ev.source, None, final, ev.baseline, ev.tolerance)


@pytest.fixture
def failing(monkeypatch):
    """The analytical reward with the kernels of the given evaluations (1-based) failing, with the given status."""

    def install(plan: dict[int, str]):
        real, n = RewardFunction.evaluate, count(1)

        def evaluate(self, state):
            ev, i = real(self, state), next(n)
            return _failed(ev, plan[i], f"{plan[i]} error of kernel {i}") if i in plan else ev

        monkeypatch.setattr(RewardFunction, "evaluate", evaluate)
        monkeypatch.setattr(RewardFunction, "batch_size", property(lambda self: 1))

    return install


def test_failure_of_names_the_runtime_status():
    base = KernelEval("b", "ok", time_s=1.0)
    for status, reason in STATUSES.items():
        ev = Evaluation(-2.0, "measured", None, KernelEval("k", status, report={"message": "boom\nmore"}), base, 0.0)
        assert failure_of(ev) == (reason, "boom")
    ok = Evaluation(0.1, "measured", 1.1, KernelEval("k", "ok", time_s=0.9), base, 0.0)
    assert failure_of(ok) == (None, "")


def test_trials_record_each_failure_reason_and_the_summary_counts_them(failing):
    failing({1: "correctness", 3: "compile", 4: "correctness"})
    r = search(GEMV, "random", 6, seed=1, reward=RewardConfig(source="analytical"))
    assert len(r.trials) == 6
    reasons = [t.failure for t in r.trials]
    assert reasons[:4] == ["correctness", None, "build", "correctness"] and reasons[4:] == [None, None]
    assert r.trials[2].failure_detail == "compile error of kernel 3"
    assert r.failures() == {"correctness": 2, "build": 1}
    assert r.failure_summary() == "3 of 6 evaluations failed: 2 correctness, 1 build"
    d = r.to_dict()
    assert d["failure_summary"] == r.failure_summary() and d["trials"][0]["failure"] == "correctness"
    assert [t.failure for t in type(r).from_dict(json.loads(json.dumps(d))).trials] == reasons


def test_search_command_prints_the_summary_and_json_has_the_reasons(failing, tmp_path, capsys):
    failing({2: "timeout", 3: "invalid"})
    out = tmp_path / "best.json"
    args = ["search", GEMV, "--strategy", "random", "--budget", "4", "--seed", "1", "--reward", "analytical",
            "--out", str(out)]
    assert cli.main(args) == 0
    text = capsys.readouterr().out
    assert "2 of 4 evaluations failed: 1 device limit, 1 time-out" in text
    assert "time-out, evaluation 2: timeout error of kernel 2" in text
    assert f"lift-gym show {out} --opencl" in text


def test_search_command_json_lists_the_reasons(failing, tmp_path, capsys):
    failing({1: "compile"})
    assert cli.main(["search", GEMV, "--budget", "3", "--seed", "1", "--reward", "analytical", "--json",
                     "--out", str(tmp_path / "b.json")]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["failures"] == {"build": 1} and d["failure_summary"] == "1 of 3 evaluations failed: 1 build"
    assert d["trials"][0]["failure"] == "build" and d["trials"][1]["failure"] is None


def test_search_where_every_evaluation_failed_says_so_and_exits_1(failing, tmp_path, capsys):
    failing({i: "correctness" for i in range(1, 10)})
    rc = cli.main(["search", GEMV, "--budget", "3", "--seed", "1", "--reward", "analytical",
                   "--out", str(tmp_path / "b.json")])
    text = capsys.readouterr().out
    assert rc == 1
    assert "3 of 3 evaluations failed: 3 correctness" in text
    assert "no evaluation succeeded" in text and "best: speedup" not in text


def test_failure_summary_of_no_failure_is_none():
    assert failure_summary([]) is None
