"""The three-stage exploration without OpenCL (compiler/explore): stage 1 counts and deduplication, canonical
tuning-parameter names, stage 2 lowering (every lowered program fully lowered, type-checked and equal to the
reference through the interpreter), stage 3 parameter points, code generation counts, the report and the CLI."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from agents import cli
from compiler import suite
from compiler.explore import (
    ExploreConfig,
    canonical_params,
    divisor_points,
    explore_benchmark,
    high_level_programs,
    is_fully_lowered,
    lowered_variants,
    mappings,
    output_producer,
    tuning_params,
    write_output_to_global,
)
from compiler.explore.driver import message_head
from compiler.explore.highlevel import DEFAULT_EXCLUDE, check_families, expanded, rename_sizes
from compiler.explore.lowering import refinements
from compiler.explore.parameters import Sampler
from compiler.ir.interpret import interpret
from compiler.ir.ops import HIGH_LEVEL, Op
from compiler.ir.parser import parse_program
from compiler.ir.typecheck import typecheck
from compiler.rewrite import specialise
from compiler.rewrite.apply import prepare


def _bench(name: str):
    return suite.resolve(f"benchmark://lift/{name}/small")


@pytest.fixture(scope="module")
def mm_stage1():  # (benchmark, sizes, stage-1 programs at depth 1)
    b, s = _bench("mm")
    return b, s, high_level_programs(specialise(b.program, s), s, depth=1, max_programs=100, rng=random.Random(0))


def _matches_reference(bench, sizes, program, params, seed=0) -> None:
    inputs = bench.make_inputs(sizes, np.random.default_rng(seed))
    got = np.asarray(interpret(program, inputs, {**sizes, **params}), dtype=np.float64)
    ref = np.asarray(bench.reference(inputs, sizes), dtype=np.float64)
    assert suite.rel_error(got.reshape(ref.shape), ref) <= bench.tolerance


# --- stage 1 ----------------------------------------------------------------------------------------------------
def test_stage1_counts_and_dedupe(mm_stage1):
    _, _, hls = mm_stage1
    assert hls[0].depth == 0 and hls[0].trace == ()
    keys = [h.key for h in hls]
    assert len(keys) == len(set(keys))  # distinct (after macro expansion)
    assert 10 <= len(hls) <= 100
    assert {h.depth for h in hls} == {0, 1}
    families = {h.trace[0].split("(")[0].split("@")[0] for h in hls[1:]}
    assert {"splitJoin", "partialReduce", "reorderReduce", "reorderStride", "mapFission"} <= families
    assert not any(t.startswith("padCrop") for h in hls for t in h.trace)  # excluded by default
    for h in hls:
        typecheck(h.program)
        assert tuning_params(h.program) == tuple(f"p{i}" for i in range(len(tuning_params(h.program))))


def test_stage1_max_and_depth():
    b, s = _bench("mm")
    hls = high_level_programs(specialise(b.program, s), s, depth=2, max_programs=12, rng=random.Random(1))
    assert len(hls) == 12 and len({h.key for h in hls}) == 12
    assert max(h.depth for h in hls) == 1  # depth 1 alone has more than 11 programs: a sample of them
    deeper = high_level_programs(specialise(b.program, s), s, depth=2, max_programs=30, rng=random.Random(1))
    assert len(deeper) == 30 and max(h.depth for h in deeper) == 2
    assert len(high_level_programs(specialise(b.program, s), s, depth=0, max_programs=12)) == 1


def test_stage1_seeded():
    b, s = _bench("mm")
    a = high_level_programs(specialise(b.program, s), s, depth=2, max_programs=10, rng=random.Random(3))
    c = high_level_programs(specialise(b.program, s), s, depth=2, max_programs=10, rng=random.Random(3))
    assert [h.key for h in a] == [h.key for h in c]


def test_stage1_stencil_sees_inside_macros():
    b, s = _bench("stencil2d")
    hls = high_level_programs(specialise(b.program, s), s, depth=2, max_programs=60, rng=random.Random(0))
    assert len({h.key for h in hls}) == len(hls)
    rules = {t.split("@")[0] for h in hls for t in h.trace}
    assert any(r.startswith("slideTiling2D") for r in rules)
    # a split of a map inside the expanded mapND (needs expandMacro first, then splitJoin)
    assert any(h.trace[:1] == ("expandMacro@10",) or "expandMacro" in " ".join(h.trace) for h in hls)
    for h in hls:
        assert not any(n.f.op.info.group.value == "macro" for n in _calls(h.expanded))


def test_exclude_families():
    assert check_families(DEFAULT_EXCLUDE) == ("padCrop",)
    with pytest.raises(ValueError, match="unknown rule family"):
        check_families(["splitjoin"])
    b, s = _bench("mm")
    hls = high_level_programs(specialise(b.program, s), s, depth=1, max_programs=100, exclude=())
    assert any(h.trace[0].startswith("padCrop") for h in hls[1:])
    only = high_level_programs(specialise(b.program, s), s, depth=1, max_programs=100,
                               exclude=tuple(f for f in check_families(["padCrop", "mapFission"])))
    assert not any(h.trace[0].startswith(("padCrop", "mapFission")) for h in only[1:])


def _calls(p):
    from compiler.ir.node import FunCall, Prim, walk

    return [n for _, n in walk(p) if isinstance(n, FunCall) and isinstance(n.f, Prim)]


def test_canonical_params_rename_to_one_key():
    a = parse_program("def f(x: [float]16) = join o map(c => map(neg) << c) o split(p1) << x")
    b = parse_program("def f(x: [float]16) = join o map(c => map(neg) << c) o split(p0) << x")
    assert a.key != b.key
    assert canonical_params(prepare(a)).key == canonical_params(prepare(b)).key
    two = parse_program("def f(x: [float]64) = join o map(c => join o map(d => map(neg) << d) o split(p1) << c)"
                        " o split(p0) << x")
    c = canonical_params(prepare(two))
    assert tuning_params(c) == ("p0", "p1")
    assert "split(p1) << x" in str(c)  # pre-order meets the map's function (the inner split) before its argument
    assert rename_sizes(two, {"p0": "p0"}) is two


# --- stage 2 ----------------------------------------------------------------------------------------------------
def test_mappings_exhaustive_mm():
    b, s = _bench("mm")
    base = expanded(specialise(b.program, s))
    every = mappings(base, s, cap=10_000)
    assert len(every) >= 30
    assert len({p.key for p in every}) == len(every)
    for p in every:
        assert is_fully_lowered(p)
        assert not any(n.f.op in HIGH_LEVEL for n in _calls(p))
    sampled = mappings(base, s, cap=10, rng=random.Random(0))
    assert len(sampled) == 10 and {p.key for p in sampled} <= {p.key for p in every}


def test_output_written_to_global():
    b, s = _bench("mm")
    base = expanded(specialise(b.program, s))
    for m in mappings(base, s, cap=40):
        assert output_producer(m).kind == "reduce"
        g = write_output_to_global(m, s)
        assert g is not None and output_producer(g).kind == "global"
        assert any(n.f.op is Op.TO_GLOBAL for n in _calls(g)) or "toGlobal" in str(g)
    j, js = _bench("jacobi2d-5pt")
    m = mappings(expanded(specialise(j.program, js)), js, cap=1)[0]
    assert output_producer(m).kind == "call"
    assert output_producer(write_output_to_global(m, js)).kind == "global"


@pytest.mark.parametrize("name", ["mm", "stencil2d", "jacobi2d-5pt"])
def test_lowered_programs_typecheck_and_match_reference(name):
    b, s = _bench(name)
    cfg = ExploreConfig(lowered=6, memory_depth=2)
    rng = random.Random(0)
    hls = high_level_programs(specialise(b.program, s), s, depth=1, max_programs=6, rng=rng)
    sampler = Sampler()
    checked = 0
    for hl in hls:
        lows = lowered_variants(hl.expanded, s, cfg, rng)
        assert lows, hl.trace
        assert len({p.key for p in lows}) == len(lows) <= cfg.lowered
        for q in lows:
            assert is_fully_lowered(q)
            typecheck(q)
            for pt in sampler.sample(q, s, tuning_params(q), 1, rng):
                _matches_reference(b, s, q, pt)
                checked += 1
    assert checked >= 20


def test_refinements_enumerated_and_sampled():
    b, s = _bench("mm")
    m = write_output_to_global(mappings(expanded(specialise(b.program, s)), s, cap=1)[0], s)
    every = refinements(m, s, depth=1, cap=1000)
    assert every[0] is m and len(every) > 5
    assert len({p.key for p in every}) == len(every)
    assert all(is_fully_lowered(p) for p in every)
    some = refinements(m, s, depth=2, cap=6, rng=random.Random(0))
    assert len(some) == 6 and all(is_fully_lowered(p) for p in some)


# --- stage 3 ----------------------------------------------------------------------------------------------------
def test_parameter_points():
    p = prepare(parse_program("def f(x: [float]16) = join o mapGlb(0, c => mapSeq(toGlobal(neg)) << c) "
                              "o split(p0) << x"))
    pts = Sampler().sample(p, {}, ("p0",), 10, random.Random(0))
    assert sorted(pt["p0"] for pt in pts) == [2, 4, 8, 16]
    assert len(Sampler().sample(p, {}, ("p0",), 2, random.Random(0))) == 2
    assert sorted(pt["p0"] for pt in divisor_points(p, {"N": 16}, ("p0",))) == [2, 4, 8, 16]
    assert Sampler().sample(p, {}, (), 3, random.Random(0)) == [{}]


# --- the driver, the report, the CLI ---------------------------------------------------------------------------
def test_explore_no_run_counts():
    b, s = _bench("mm")
    cfg = ExploreConfig(max_programs=6, depth=1, lowered=4, samples=2, run=False)
    rep = explore_benchmark(b, s, cfg)
    assert rep.high_level == 6
    assert 6 <= rep.lowered <= 24
    assert rep.param_points >= rep.lowered
    assert rep.kernels + rep.duplicate_kernels + rep.codegen_failed == rep.param_points
    assert rep.kernels >= 10 and rep.checked == 0 and not rep.codegen_crashes
    d = rep.to_dict()
    json.dumps(d)
    assert d["kernels"] == rep.kernels and d["passed"] == 0
    text = rep.text()
    assert "kernels generated" in text and "not run" in text


def test_message_head_abstracts_numbers():
    a = message_head("barriers: kernel mm: a mapGlb result is read by other work items (16 of 256)")
    b = message_head("barriers: kernel mm_k1: a mapGlb result is read by other work items (8 of 64)")
    assert a == b


def test_cli_explore_json(capsys):
    rc = cli.main(["explore", "benchmark://lift/mm/small", "--max", "3", "--depth", "1", "--lowered", "2",
                   "--samples", "1", "--no-run", "--json", "--quiet"])
    out, _ = capsys.readouterr()
    assert rc == 0
    d = json.loads(out)
    assert d["high_level"] == 3 and d["kernels"] >= 1 and d["checked"] == 0
    assert d["sizes"] == {"K": 16, "M": 16, "N": 16}


def test_cli_explore_errors(capsys):
    rc = cli.main(["explore", "benchmark://lift/mm/small", "--exclude", "nope", "--no-run"])
    _, err = capsys.readouterr()
    assert rc == 2 and "unknown rule family" in err
    rc = cli.main(["explore", "benchmark://lift/nope", "--no-run"])
    _, err = capsys.readouterr()
    assert rc == 2 and "unknown benchmark" in err


def test_the_route_reaches_a_subset_of_the_mapping_stage_on_mm():
    """compiler.explore.route: every kernel of a complete mapping of the decision route on mm's start program is
    one that stage 2's mapping enumeration also generates; stage 2 reaches more, including mappings the code
    generator rejects."""
    from compiler.explore.route import compare_mappings, route_mappings
    from compiler.lowering import decisions

    states = route_mappings("benchmark://lift/mm/small")
    assert states and all(s.stage in (decisions.Stage.TUNING, decisions.Stage.DONE) for s in states)
    assert len({s.codes for s in states}) == len(states)
    c = compare_mappings("benchmark://lift/mm/small")
    assert c.route_mappings == len(states) and c.route_only == 0 and c.common == c.route_kernels > 0
    assert c.explore_only > 0 and c.explore_failures > 0
    assert len(route_mappings("benchmark://lift/mm/small", cap=3)) == 3


def test_route_comparison_names_an_unknown_benchmark_in_one_line(capsys):
    from compiler.explore.route import main

    assert main(["benchmark://lift/nope/small"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: benchmark://lift/nope/small: unknown benchmark 'nope'") and "\n" not in err
