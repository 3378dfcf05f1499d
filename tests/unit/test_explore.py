"""The three-stage exploration as a chooser over the decision route, without OpenCL (compiler/explore): stage 1
breadth first over the rewrite decisions, stage 2 completions of the mapping decisions, stage 3 points of the
tuning decisions, kernels rebuilt from their recorded decisions, the report's counts and the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agents import cli
from compiler.errors import CompilerError
from compiler.explore import (
    ExploreConfig,
    Walk,
    completions,
    enumerate_points,
    explore,
    finish,
    high_level_programs,
    lowered_key,
    phase,
    points,
    replay_chooser,
)
from compiler.explore import driver as explore_driver
from compiler.explore.driver import message_head
from compiler.lowering import decisions
from compiler.lowering.decisions import STOP, Options, Stage

GEMV = "benchmark://lift/gemv/small"
JACOBI = "benchmark://lift/jacobi2d-5pt/small"


def _rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


@pytest.fixture(scope="module")
def gemv_root() -> decisions.State:
    return decisions.start(GEMV, Options(max_rewrites=2))


def _mapping_leaves(s: decisions.State) -> set[str]:
    """Every lowered program of the mapping decisions from `s` (depth first, every value)."""
    d = decisions.next_decision(s)
    if d is None or d.stage is Stage.TUNING:
        return {lowered_key(s)}
    values = (STOP,) if d.stage is Stage.REWRITE else d.values
    return set().union(*(_mapping_leaves(decisions.decide(s, v)) for v in values))


# --- stage 1 ----------------------------------------------------------------------------------------------------
def test_stage1_level_one_is_every_distinct_rewrite_of_the_start(gemv_root):
    d = decisions.next_decision(gemv_root)
    children = {decisions.decide(gemv_root, v).high.key for v in d.values if v[0] == "rewrite"}
    children.discard(gemv_root.high.key)
    hls = high_level_programs(gemv_root, 1, 1000, _rng(), named=False)
    assert hls[0].depth == 0 and hls[0].state is gemv_root and hls[0].trace == ()
    assert {h.key for h in hls[1:]} == children and len(hls) == 1 + len(children)
    assert all(h.depth == 1 and len(h.trace) == 1 and h.trace[0].startswith("rewrite 1 = ") for h in hls[1:])


def test_stage1_bounded_distinct_breadth_first_and_seeded(gemv_root):
    hls = high_level_programs(gemv_root, 2, 12, _rng(3), named=False)
    assert len(hls) == 12 and len({h.key for h in hls}) == 12
    assert [h.depth for h in hls] == sorted(h.depth for h in hls)
    assert all(len(h.walk.steps) == h.depth for h in hls)
    again = high_level_programs(gemv_root, 2, 12, _rng(3), named=False)
    assert [h.key for h in again] == [h.key for h in hls]
    other = high_level_programs(gemv_root, 2, 12, _rng(4), named=False)
    assert [h.key for h in other] != [h.key for h in hls]  # a level larger than the room is a seeded sample
    deep = high_level_programs(gemv_root, 2, 60, _rng(0), named=False)
    assert max(h.depth for h in deep) == 2 and len({h.key for h in deep}) == len(deep) == 60
    assert len(high_level_programs(gemv_root, 0, 12, _rng(), named=False)) == 1


def test_stage1_named_programs_are_the_first_decisions_named_values():
    root = decisions.start(JACOBI, Options(max_rewrites=1))
    named = [v for v in decisions.next_decision(root).values if v[0] in ("template", "points")]
    assert named
    hls = high_level_programs(root, 0, 5, _rng(), named=True)
    assert [h.named for h in hls[1:]] == [" ".join(map(str, v)) for v in named]
    assert all(h.state.template for h in hls[1:])
    assert len({h.key for h in hls}) == len(hls)


# --- stage 2 ----------------------------------------------------------------------------------------------------
def test_stage2_completions_are_distinct_lowered_programs_of_the_mapping_decisions(gemv_root):
    every = _mapping_leaves(gemv_root)
    assert len(every) > 3
    some = completions(Walk(gemv_root), 3, _rng())
    assert len(some) == 3 and len({lowered_key(w.state) for w in some}) == 3
    for w in some:
        d = decisions.next_decision(w.state)
        assert d is None or phase(d) == 3
        assert w.state.lowered is not None and lowered_key(w.state) in every
        assert w.steps[0] == ("rewrite 1", STOP)
        s = decisions.decide(gemv_root, STOP)
        for key, value in w.steps[1:]:  # every other step a stage-2 decision of the route
            d = decisions.next_decision(s)
            assert d.key == key and phase(d) == 2
            s = decisions.decide(s, value)
        assert s == w.state
    seen: set[str] = set()
    found = completions(Walk(gemv_root), 10 * len(every), _rng(), seen)
    assert {lowered_key(w.state) for w in found} == every == seen
    assert completions(Walk(gemv_root), 5, _rng(), seen) == []  # deduplicated across calls


# --- stage 3 ----------------------------------------------------------------------------------------------------
def test_stage3_points_enumerated_when_small_and_sampled_when_large(gemv_root):
    w = completions(Walk(gemv_root), 1, _rng())[0]
    every = enumerate_points(w.state)
    n_params = len(w.state.tuning.params)
    assert every and len(set(every)) == len(every) and all(len(p) == n_params for p in every)
    assert points(w, len(every) + 5, _rng()) == every
    two = points(w, 2, _rng())
    assert len(set(two)) == 2 and set(two) <= set(every)
    assert enumerate_points(w.state, limit=1) is None
    kernels = set()
    for pt in two:
        done = finish(w, pt, _rng())
        assert done.state.stage is Stage.DONE and done.state.kernel is not None
        assert tuple(done.state.values) == pt
        kernels.add(done.state.kernel.key)
    assert len(kernels) == 2


def test_a_kernel_is_rebuilt_by_the_route_from_its_recorded_decisions(gemv_root):
    hls = high_level_programs(gemv_root, 1, 4, _rng(1), named=False)
    w = completions(hls[-1].walk, 1, _rng(1))[0]
    done = finish(w, points(w, 1, _rng(1))[0], _rng(1))
    again = decisions.build(GEMV, replay_chooser(done.steps), Options(max_rewrites=2))
    assert again.kernel.key == done.state.kernel.key and again.high.key == hls[-1].key


# --- the driver, the report, the CLI ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def gemv_report():
    return explore(GEMV, ExploreConfig(max_programs=6, depth=1, lowered=3, samples=2, run=False))


def test_explore_counts(gemv_report):
    rep = gemv_report
    assert rep.high_level == 6 and rep.high_level_by_depth == {0: 1, 1: 5}
    assert rep.named == ["template tiled"]
    assert 7 <= rep.lowered <= 6 * 3 + 1
    assert rep.lowered <= rep.param_points <= 2 * rep.lowered
    assert rep.kernels + rep.duplicate_kernels + rep.codegen_failed == rep.param_points
    assert rep.codegen_failed == 0 and rep.kernels >= 10 and rep.checked == 0
    d = rep.to_dict()
    json.dumps(d)
    assert d["kernels"] == rep.kernels and d["passed"] == 0 and d["config"]["profile"] == "generic"
    text = rep.text()
    assert "kernels generated" in text and "not run" in text and "named: template tiled" in text


def test_explore_is_seeded(gemv_report):
    again = explore(GEMV, ExploreConfig(max_programs=6, depth=1, lowered=3, samples=2, run=False))
    assert (again.lowered, again.param_points, again.kernels) == (gemv_report.lowered, gemv_report.param_points,
                                                                   gemv_report.kernels)


def test_explore_counts_route_errors_and_crashes(monkeypatch):
    calls = []

    def failing(w, pt, rng):
        calls.append(pt)
        raise (CompilerError("emit: buffer b7 too large") if len(calls) % 2 else RuntimeError("index 3"))

    monkeypatch.setattr(explore_driver, "finish", failing)
    rep = explore("benchmark://lift/scal/small",
                  ExploreConfig(max_programs=2, depth=1, lowered=2, samples=2, named=False, run=False))
    assert rep.kernels == 0 and rep.param_points == len(calls) >= 2
    assert rep.codegen_failures == {"stage 3: emit: buffer _ too large": (len(calls) + 1) // 2}
    assert rep.codegen_crashes == {"stage 3: RuntimeError: index N": len(calls) // 2}
    assert rep.failures[0].stage == "stage 3" and rep.failures[0].trace
    assert rep.codegen_examples[0].program


def test_message_head_abstracts_numbers():
    a = message_head("barriers: kernel mm: a mapGlb result is read by other work items (16 of 256)")
    b = message_head("barriers: kernel mm_k1: a mapGlb result is read by other work items (8 of 64)")
    assert a == b


def test_cli_explore_json(capsys):
    rc = cli.main(["explore", "benchmark://lift/scal/small", "--max", "3", "--depth", "1", "--lowered", "2",
                   "--samples", "1", "--no-named", "--no-run", "--json", "--quiet"])
    out, _ = capsys.readouterr()
    assert rc == 0
    d = json.loads(out)
    assert d["high_level"] == 3 and d["named"] == [] and d["kernels"] >= 3 and d["checked"] == 0
    assert d["sizes"] == {"N": 64} and d["codegen_failed"] == 0


def test_cli_explore_errors(capsys):
    rc = cli.main(["explore", "benchmark://lift/nope", "--no-run"])
    _, err = capsys.readouterr()
    assert rc == 2 and "unknown benchmark" in err
    rc = cli.main(["explore", "benchmark://lift/scal/small", "--profile", "tpu", "--no-run"])
    _, err = capsys.readouterr()
    assert rc == 2 and "--profile" in err and "\n" not in err.strip()
