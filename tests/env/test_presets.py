"""Named lowerings as decisions of the stages: for every (benchmark, named lowering) of the catalogue, the
catalogue's lowering, the preset's decisions on the one route (`decisions.build`), and an episode taking those
decisions build the same OpenCL; for every named design of a benchmark's annotated program (conv: direct, gemm),
the preset's decisions on the one route and its episode build the same kernel."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.ir.interpret import interpret
from compiler.lowering import decisions
from compiler.lowering.catalog import lowerings
from compiler.lowering.point_stages import designs
from compiler.lowering.presets import default_preset, named_preset
from compiler.lowering.stages import MAP_CODES, env_rules
from compiler.lowering.templates import TEMPLATE_NAMES, templates_of
from compiler.suite import get, list_benchmarks
from lift_gym import transition
from lift_gym.presets import preset_episode

PLAIN = [b.name for b in list_benchmarks() if not b.name.endswith("-rp")]
PAIRS = [(b, low) for b in PLAIN for low in lowerings(b)]
# the 2-D stencils' "default" computes several rows per work item (rowsPerItem): a template, not rule rewrites (the
# clamped ones too, starting from one row per work item)
ROWS_PER_ITEM = {"stencil2d", "srad1", "srad2", "hotspot2d", "gradient", "jacobi2d-5pt", "jacobi2d-9pt", "gaussian",
                 "jacobi2d-5pt-clamp", "jacobi2d-9pt-clamp"}


def test_the_generic_default_is_a_preset_of_rewrites_and_mapping_except_the_2d_stencils():
    assert {n for n in PLAIN if default_preset(get(n), get(n).sizes("small")) is None} == ROWS_PER_ITEM
    assert {n for n in ROWS_PER_ITEM if "default" in templates_of(get(n))} == ROWS_PER_ITEM


def test_every_named_lowering_of_the_catalogue_is_a_preset():
    missing = [(b, low) for b, low in PAIRS if named_preset(get(b), low, get(b).sizes("small")) is None]
    assert missing == []
    assert {low for _, low in PAIRS} <= {"default", *TEMPLATE_NAMES}


@pytest.mark.parametrize(("name", "lowering"), PAIRS, ids=[f"{b}-{low}" for b, low in PAIRS])
def test_preset_and_its_episode_build_the_named_lowerings_kernel(name, lowering):
    bench = get(name)
    sizes = bench.sizes("small")
    preset = named_preset(bench, lowering, sizes)
    uri = f"benchmark://lift/{name}/small"
    expected = lowerings(name)[lowering](sizes).compile()
    assert decisions.build(uri, decisions.preset_chooser(preset), preset.options()).kernel.key == expected.key
    episode = preset_episode(uri, preset)
    assert episode.phase is transition.Phase.DONE
    assert [k.source for k in episode.kernel.kernels] == [k.source for k in expected.kernels]
    if preset.template or preset.local_size is not None:  # else the default leaves the launch to the runtime
        assert episode.kernel.key == expected.key


def test_a_template_is_offered_only_before_the_first_rewrite():
    s = transition.initial("benchmark://lift/mm/small")
    layout = s.config.layout
    assert transition.legal_actions(s)[layout.template("tiled")]
    assert not transition.legal_actions(s)[layout.template("conv42")]
    rewrite = int(next(a for a in range(layout.done) if transition.legal_actions(s)[a]))
    after = transition.step(s, rewrite)
    assert not transition.legal_actions(after)[layout.template_base:].any()


def test_template_values_are_masked_by_the_inferred_space():
    s = transition.step(transition.initial("benchmark://lift/mm/small"),
                        transition.initial("benchmark://lift/mm/small").config.layout.template("tiled"))
    tp = s.tuning
    assert s.phase is transition.Phase.TUNING
    assert [p.name for p in tp.params] == ["TM", "TN", "TK", "RM", "RN", "VW", "KU", "CB", "AT", "PF", "SK"]
    assert dict(s.route.options.pinned) == {"SK": 1}  # split-K is off by default: SK holds without a decision
    m = bench_m = get("mm").sizes("small")["M"]
    offered = transition.slot_values(s)
    assert offered and all(bench_m % v == 0 for v in offered) and max(offered) <= m
    s = transition.step(s, s.config.layout.tune_base + offered.index(max(offered)))  # TM = M
    s = transition.step(s, s.config.layout.tune_base + 0)  # TN
    s = transition.step(s, s.config.layout.tune_base + 0)  # TK
    assert all(max(offered) % v == 0 for v in transition.slot_values(s))  # RM divides TM


TEMPLATE_PAIRS = [(b, t) for b in PLAIN for t in templates_of(get(b))]


@pytest.mark.parametrize(("name", "template"), TEMPLATE_PAIRS, ids=[f"{b}-{t}" for b, t in TEMPLATE_PAIRS])
def test_random_template_episodes_compile_and_compute_the_reference(name, template):
    """Two random masked episodes per named lowering: every offered value extends to a kernel that compiles, and
    the program its values build computes the benchmark's reference (NumPy interpreter)."""
    bench = get(name)
    sizes = bench.sizes("small")
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    want = np.asarray(bench.reference(inputs, sizes))
    rng = np.random.default_rng(len(name))
    start = transition.initial(f"benchmark://lift/{name}/small")
    for _ in range(2):
        s = transition.step(start, start.config.layout.template(template))
        while not transition.is_terminal(s):
            s = transition.step(s, int(rng.choice(np.flatnonzero(transition.legal_actions(s)))))
        assert s.kernel is not None and s.kernel.kernels
        got = np.asarray(interpret(s.lowered, inputs, sizes))
        assert np.max(np.abs(got - want)) <= bench.tolerance * max(np.max(np.abs(want)), 1.0), s.assignment


def test_work_group_pruning_offers_a_subset_that_still_completes_episodes():
    from lift_gym.env import LiftGymEnv

    uri = "benchmark://lift/mm/small"
    preset = default_preset(get("mm"), get("mm").sizes("small"))  # a 2-D mapGlb kernel
    offered = {}
    for cfg in (transition.Config(), transition.Config(prune_work_groups=True)):
        s = transition.initial(uri, 0, cfg)
        position = {r.name: i for i, r in enumerate(env_rules())}
        for rule, site in preset.rewrites:
            s = transition.step(s, cfg.layout.rewrite(position[rule], site))
        s = transition.step(s, cfg.layout.done)
        for code in preset.mapping:
            s = transition.step(s, cfg.layout.map_base + MAP_CODES.index(code))
        while s.phase is transition.Phase.MEMORY:  # slot 0: keep the mapped program's memory
            s = transition.step(s, cfg.layout.tune_base)
        offered[cfg.prune_work_groups] = transition.slot_values(s)
        while not transition.is_terminal(s):
            s = transition.step(s, cfg.layout.tune_base)
        assert s.kernel is not None
    assert set(offered[True]) < set(offered[False])
    env = LiftGymEnv(uri, reward="analytical", prune_work_groups=True)
    assert env.config.prune_work_groups


DESIGN_PAIRS = [(b, d) for b in PLAIN for d in designs(get(b))]


def test_the_plain_conv_reaches_the_designs_of_its_annotated_program():
    assert DESIGN_PAIRS == [("conv", "direct"), ("conv", "gemm")]
    s = transition.initial("benchmark://lift/conv/small")
    m = transition.legal_actions(s)
    assert m[s.config.layout.points] and m[s.config.layout.template("conv42")]
    for other in ("mm", "stencil2d"):  # annotated programs without named designs
        assert not transition.legal_actions(transition.initial(f"benchmark://lift/{other}/small"))[
            s.config.layout.points]
    after = transition.step(s, s.config.layout.points)
    assert after.phase is transition.Phase.REWRITE_POINTS and after.route.points == "conv-rp"
    assert transition.slot_values(after) == decisions.next_decision(after.route).values


@pytest.mark.slow
@pytest.mark.parametrize(("name", "design"), DESIGN_PAIRS, ids=[f"{b}-{d}" for b, d in DESIGN_PAIRS])
def test_design_preset_its_decisions_and_its_episode_build_the_same_kernel(name, design):
    bench = get(name)
    sizes = bench.sizes("small")
    uri = f"benchmark://lift/{name}/small"
    preset = named_preset(bench, design, sizes)
    pinned = {"direct": {"fissionInput.skip": 0, "fissionIm2col.skip": 1},
              "gemm": {"fissionInput.skip": 1, "fissionIm2col.skip": 0}}[design]
    assert pinned.items() <= dict(preset.points).items()
    expected = decisions.build(uri, decisions.preset_chooser(preset), preset.options()).kernel
    built = decisions.build(uri, decisions.preset_chooser(preset))
    assert built.points == "conv-rp" and built.rp == preset.points and built.codes == preset.mapping
    assert built.kernel.key == expected.key
    episode = preset_episode(uri, preset)
    assert episode.phase is transition.Phase.DONE
    assert episode.actions[0] == episode.config.layout.points
    assert episode.kernel.key == expected.key
    inputs = bench.make_inputs(sizes, np.random.default_rng(0))
    want = np.asarray(bench.reference(inputs, sizes))
    got = np.asarray(interpret(episode.lowered, inputs, sizes)).reshape(want.shape)
    assert np.max(np.abs(got - want)) <= bench.tolerance * max(np.max(np.abs(want)), 1.0)
