"""The MEMORY stage of the decision route (compiler.lowering.memory_stage): address spaces, copies and unrolling
of the mapped program, each value offered only when its program compiles, KEEP always offered and leaving the
kernel as it was."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from compiler.errors import CompilerError
from compiler.ir.interpret import interpret
from compiler.ir.node import walk
from compiler.lowering import decisions, memory_stage, stages, substitute_sizes
from compiler.lowering.decisions import KEEP, Options, Stage
from compiler.rewrite import apply, site_of
from compiler.suite import get, rel_error
from tests.opencl_once import opencl_available as _opencl_available

BENCHES = ("mm", "stencil2d", "gemv", "asum")
OPTIONS = Options(max_rewrites=1)


def uri(name: str) -> str:
    return f"benchmark://lift/{name}/small"


def eager_chooser(rng, p_apply: float = 0.8):
    """Uniform among each decision's values, except that a memory decision applies a rule (not KEEP) with
    probability `p_apply`, and the rewrite stage stops at once half of the time."""

    def choose(d: decisions.Decision, s: decisions.State):
        if d.stage is Stage.REWRITE and decisions.STOP in d.values and rng.random() < 0.5:
            return decisions.STOP
        if d.stage is Stage.MEMORY and rng.random() < p_apply:
            return d.values[1 + int(rng.integers(len(d.values) - 1))]
        return d.values[int(rng.integers(len(d.values)))]

    return choose


def build_logged(name: str, choose, options: Options = OPTIONS):
    s = decisions.start(uri(name), options)
    memory = []
    while (d := decisions.next_decision(s)) is not None:
        v = choose(d, s)
        if d.stage is Stage.MEMORY:
            memory.append((s, d, v))
        s = decisions.decide(s, v)
    return s, memory


def interpreter_error(s: decisions.State) -> float:
    bench = get(stages.resolve(s.uri)[0].name)
    sizes = s.size_map
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    want = interpret(bench.program, inputs, sizes)
    program = substitute_sizes(s.lowered, s.assignment) if s.assignment else s.lowered
    return rel_error(interpret(program, inputs, sizes), want)


@pytest.mark.parametrize("name", BENCHES)
def test_random_routes_with_memory_values_compute_the_reference(name):
    rng = np.random.default_rng(1)
    applied = 0
    for _ in range(3):
        s, memory = build_logged(name, eager_chooser(rng))
        assert s.stage is Stage.DONE and s.kernel is not None
        applied += sum(v != KEEP for _, _, v in memory)
        assert s.applied <= OPTIONS.max_memory
        if s.template or s.rp:
            continue
        assert interpreter_error(s) <= get(name).tolerance
    assert applied > 0, f"no memory rule was applied on {name}"


@pytest.mark.parametrize("name", BENCHES)
def test_every_offered_memory_value_compiles_and_keep_comes_first(name):
    rng = np.random.default_rng(2)
    memory = []
    for _ in range(6):  # a named lowering or an all-view program has no memory decision
        memory += build_logged(name, eager_chooser(rng, p_apply=0.5))[1]
        if len(memory) >= 3:
            break
    assert memory, f"{name}: no memory decision"
    for s, d, _ in memory:
        assert d.values[0] == KEEP and len(d.values) > 1 and len(set(d.values)) == len(d.values)
        mp = s.memory_problem
        site = mp.next_site(s.cursor)
        for v in d.values[1:]:
            program, cursor = mp.apply(site, v)
            assert program != mp.source and cursor >= site.index
            kp = stages.compile_program(program, s.size_map)
            assert all(k.local_bytes <= s.options.limits.local_mem_bytes for k in kp.kernels)


@pytest.mark.parametrize("name", BENCHES)
def test_keep_everywhere_gives_the_kernel_without_the_memory_stage(name):
    def replay(options):
        rng = np.random.default_rng(3)

        def choose(d, s):
            return KEEP if d.stage is Stage.MEMORY else eager_chooser(rng)(d, s)

        return build_logged(name, choose, options)

    kept, memory = replay(OPTIONS)
    old, none = replay(Options(max_rewrites=1, memory=False))
    assert not none and kept.kernel is not None and old.kernel is not None
    assert kept.kernel.key == old.kernel.key and kept.lowered == old.lowered
    assert all(v == KEEP for _, _, v in memory)


def mapped_with(name: str, preferred: tuple[int, ...]) -> decisions.State:
    """The state after stopping the rewrites and mapping each map with the first of `preferred` offered."""
    s = decisions.decide(decisions.start(uri(name), Options(max_rewrites=1)), decisions.STOP)
    while s.stage is Stage.MAPPING:
        d = decisions.next_decision(s)
        s = decisions.decide(s, next((c for c in preferred if c in d.values), d.values[0]))
    return s


def offered_rules(s: decisions.State) -> set[str]:
    mp = s.memory_problem
    out, after = set(), -1
    while (site := mp.next_site(after)) is not None:
        out |= {v[0] for v in site.values[1:]}
        after = site.index
    return out


def test_work_group_mappings_offer_local_memory_and_unrolling():
    s = mapped_with("mm", (20, 10, 0))  # mapWrg(0), mapLcl(0), mapSeq
    assert s.stage is Stage.MEMORY
    rules = offered_rules(s)
    assert {"toLocal", "copyLocal"} <= rules and {"mapSeqUnroll", "reduceSeqUnroll"} <= rules
    copies = [v for site in _sites(s) for v in site.values if v[0] == "copyLocal"]
    assert copies and all(len(v) >= 2 and set(v[1:]) <= set(memory_stage.COPY_MAPPINGS["copyLocal"]) for v in copies)


@pytest.mark.parametrize(("name", "mapping"), [("mm", (20, 10, 0)), ("gemv", (10, 0)), ("asum", (20, 10, 0)),
                                             ("mm", (0,))])
def test_the_body_of_a_reduction_operator_is_no_caster_site_and_a_caster_there_changes_nothing(name, mapping):
    s = mapped_with(name, mapping)
    mp = s.memory_problem
    bodies = [path for path, _ in walk(mp.program) if memory_stage._accumulates(mp.program, path)]
    assert bodies, "every program here reduces"
    sites = {site.path: site for site in _sites(s)}
    keep = memory_stage._kernel_key(mp.source, mp.sizes_key, mp.limits)
    for path in bodies:
        assert not ({"toGlobal", "toLocal", "toPrivate"} & {v[0] for v in sites.get(path, KEEP_SITE).values})
        for rule in ("toGlobal", "toLocal", "toPrivate"):
            try:
                q = apply(mp.program, rule, site_of(mp.program, path), dict(mp.sizes_key))
            except CompilerError:
                continue
            assert memory_stage._kernel_key(q, mp.sizes_key, mp.limits) in (None, keep), (rule, path)


KEEP_SITE = memory_stage.MemorySite(-1, (), (KEEP,))

@pytest.mark.parametrize(("name", "mapping"), [("gemv", (10, 0)), ("gemv", (0,)), ("nbody", (20, 10, 0))])
def test_a_loop_over_a_reduction_result_is_no_unroll_site_and_unrolling_it_changes_nothing(name, mapping):
    s = mapped_with(name, mapping)
    mp = s.memory_problem
    loops = [path for path, n in walk(mp.program)
             if memory_stage._computes(n) and not memory_stage._unrollable(n)]
    assert loops, "every program here maps over a reduction's result"
    sites = {site.path: site for site in _sites(s)}
    keep = memory_stage._kernel_key(mp.source, mp.sizes_key, mp.limits)
    tried = 0
    for path in loops:
        assert not ({"mapSeqUnroll", "reduceSeqUnroll"} & {v[0] for v in sites.get(path, KEEP_SITE).values})
        for rule in ("mapSeqUnroll", "reduceSeqUnroll"):
            try:
                q = apply(mp.program, rule, site_of(mp.program, path), dict(mp.sizes_key))
            except CompilerError:
                continue
            tried += 1
            assert memory_stage._kernel_key(q, mp.sizes_key, mp.limits) == keep, (rule, path)
    assert tried



def _sites(s: decisions.State):
    mp, after = s.memory_problem, -1
    while (site := mp.next_site(after)) is not None:
        yield site
        after = site.index


def test_a_local_copy_with_work_item_mapping_computes_the_reference():
    s = mapped_with("mm", (20, 10, 0))
    while s.stage is Stage.MEMORY:
        d = decisions.next_decision(s)
        copy = [v for v in d.values if v[0] == "copyLocal" and "mapLcl(0)" in v]
        s = decisions.decide(s, copy[0] if copy else KEEP)
    assert any(v[0] == "copyLocal" for _, v in s.memory)
    while s.stage is Stage.TUNING:
        s = decisions.decide(s, decisions.next_decision(s).values[0])
    assert interpreter_error(s) <= get("mm").tolerance
    assert "local" in s.kernel.source


def test_memory_stage_is_skipped_after_a_named_lowering_and_when_off():
    s = decisions.decide(decisions.start(uri("mm")), ("template", "tiled"))
    assert s.stage is Stage.TUNING
    s = mapped_with("gemv", (30, 0))
    assert s.stage is Stage.MEMORY
    off = decisions.start(uri("gemv"), Options(memory=False))
    off = decisions.decide(off, decisions.STOP)
    while off.stage is Stage.MAPPING:
        off = decisions.decide(off, decisions.next_decision(off).values[0])
    assert off.stage is not Stage.MEMORY


def test_the_stage_ends_after_max_memory_applications():
    s = mapped_with("mm", (20, 10, 0))
    s = replace(s, options=Options(max_rewrites=1, max_memory=1))
    s = decisions.decide(s, decisions.next_decision(s).values[1])
    assert s.applied == 1 and s.stage is not Stage.MEMORY


def test_a_value_the_site_does_not_offer_is_refused():
    s = mapped_with("mm", (20, 10, 0))
    with pytest.raises(Exception, match="not a legal value"):
        decisions.decide(s, ("toLocal", "nowhere"))


@pytest.mark.opencl
@pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")
@pytest.mark.parametrize(("name", "mapping", "rule"), [("mm", (20, 10, 0), "copyLocal"),
                                                       ("stencil2d", (20, 10), "copyLocal"),
                                                       ("gemv", (20, 10, 10), "toLocalMap"),
                                                       ("mm", (31, 30, 0), "mapSeqUnroll")])
def test_local_memory_and_unrolling_kernels_compute_the_reference_on_the_device(name, mapping, rule):
    from tests.opencl_once import run_once

    s = mapped_with(name, mapping)
    while s.stage is Stage.MEMORY:
        d = decisions.next_decision(s)
        s = decisions.decide(s, next((v for v in d.values if v[0] == rule), KEEP))
    assert any(v[0] == rule for _, v in s.memory)
    while s.stage is Stage.TUNING:
        s = decisions.decide(s, decisions.next_decision(s).values[0])
    bench, sizes = get(name), s.size_map
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    ref = bench.reference(inputs, sizes)
    assert rel_error(run_once(s.kernel, inputs).reshape(ref.shape), ref) <= bench.tolerance
