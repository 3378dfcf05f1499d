"""Every kernel comes from the one route, `decisions.decide`: the reward baseline's, a preset's and a named
lowering's kernel are what the route yields for the same decisions, and the routes that built kernels beside it
(`stages.default_kernel`, `Preset.kernel`, `catalog.lower`) are gone."""

from __future__ import annotations

import pytest

from agents.run_cmd import generate
from agents.subcommand import load_target
from compiler.lowering import catalog, decisions, stages
from compiler.lowering import presets as P
from compiler.lowering.catalog import lowerings
from compiler.lowering.default import default_lowering
from compiler.rewrite.points import strip_rewrite_points
from compiler.suite import get, uri

BASELINES = ("scal", "asum", "mm", "gaussian", "jacobi1d-3pt-clamp", "nbody", "mm-rp", "stencil2d-rp")
NAMED = (("mm", "tiled"), ("gemv", "default"), ("scal", "tiled"), ("gaussian", "default"), ("stencil2d", "tiled"))


def walk(u: str, chooser: decisions.Chooser, options: decisions.Options) -> decisions.State:
    """The route taken decision by decision (`next_decision`, `decide`)."""
    s = decisions.start(u, options)
    while (d := decisions.next_decision(s)) is not None:
        s = decisions.decide(s, chooser(d, s))
    return s


@pytest.mark.parametrize("name", BASELINES)
def test_the_baseline_kernel_is_what_decide_yields_for_the_generic_decisions(name):
    bench = get(name)
    sizes = bench.sizes("small")
    u = uri(bench, **sizes)
    preset = P.generic_preset(bench, sizes)
    base = P.baseline(u)
    assert base.stage is decisions.Stage.DONE and base.template == "" and base.values == ()
    assert base.kernel.key == walk(u, decisions.preset_chooser(preset), preset.options()).kernel.key
    # the default lowering of the plain program, launched by the runtime: the baseline as it always was
    plain = default_lowering(strip_rewrite_points(bench.program), sizes)
    assert base.kernel.key == stages.compile_program(plain, sizes).key
    assert all(k.local_size is None for k in base.kernel.kernels)


@pytest.mark.parametrize(("name", "lowering"), NAMED, ids=[f"{n}-{low}" for n, low in NAMED])
def test_a_presets_kernel_is_the_named_lowerings_kernel_and_what_decide_yields(name, lowering):
    bench = get(name)
    sizes = bench.sizes("small")
    u = uri(bench, **sizes)
    preset = P.named_preset(bench, lowering, sizes)
    built = walk(u, decisions.preset_chooser(preset), preset.options())
    assert built.kernel.key == lowerings(bench)[lowering](sizes).compile().key
    assert built.kernel.key == decisions.build(u, decisions.preset_chooser(preset), preset.options()).kernel.key


def test_a_work_group_size_left_to_the_runtime_is_not_asked_and_an_episode_takes_the_smallest():
    bench = get("scal")
    sizes = bench.sizes("small")
    u = uri(bench, **sizes)
    preset = P.named_preset(bench, "default", sizes)
    assert preset.local_size is None and not preset.options().local_sizes
    own = decisions.build(u, decisions.preset_chooser(preset), preset.options())
    assert own.kernel.kernels[0].local_size is None
    smallest = decisions.next_decision(_at_tuning(u, preset)).values[0]
    episode = decisions.build(u, decisions.preset_chooser(preset))  # the env's route asks the work-group size
    assert episode.values == (smallest,)
    assert [k.source for k in episode.kernel.kernels] == [k.source for k in own.kernel.kernels]


def _at_tuning(u: str, preset: P.Preset) -> decisions.State:
    choose = decisions.preset_chooser(preset)
    s = decisions.start(u)
    while s.stage is not decisions.Stage.TUNING:
        s = decisions.decide(s, choose(decisions.next_decision(s), s))
    return s


@pytest.mark.parametrize(("target", "sizes", "lowering"), [
    ("benchmark://lift/mm/small", None, "tiled"), ("benchmark://lift/gemv/small", None, "default"),
    ("tests/data/user_programs/matmul.lift", "r=16,c=16,d=16", "tiled"),
])
def test_the_run_command_builds_a_named_lowering_on_the_route(target, sizes, lowering):
    t = load_target(target, None, sizes)
    kp, _ = generate(t, lowering)
    preset = P.named_preset(t.benchmark, lowering, t.sizes)
    assert kp.key == decisions.build(t.label, decisions.preset_chooser(preset), preset.options()).kernel.key
    assert kp.key == lowerings(t.benchmark)[lowering](t.sizes).compile().key


def test_the_run_command_builds_an_annotated_programs_baseline_on_the_route():
    t = load_target("benchmark://lift/conv-rp/small")
    assert generate(t)[0].key == P.baseline(t.label).kernel.key


def test_a_program_written_lowered_is_compiled_as_written_on_the_route(tmp_path):
    text = "def scaled(a: float, v: [float]N) =\n  mapGlb(0, e => toGlobal(mult)(a, e)) << v\n"
    path = tmp_path / "scaled.lift"
    path.write_text("# preset small: N=64\n" + text)
    t = load_target(str(path), "small")
    s = P.written(t.benchmark, t.sizes)
    assert s.stage is decisions.Stage.DONE
    assert s.kernel.key == lowerings(t.benchmark)["default"](t.sizes).compile().key == generate(t)[0].key


def test_the_routes_beside_decide_are_gone():
    assert not hasattr(stages, "default_kernel")
    assert not hasattr(P.Preset, "kernel")
    assert not hasattr(catalog, "lower")
    import compiler.lowering

    assert "lower" not in compiler.lowering.__all__


def test_a_map_after_the_join_of_sequential_rows_gets_a_baseline_whose_mapping_is_admitted():
    # `map(f) o join o map(row => reduce ...)`: the default lowering leaves the rows' map sequential under the
    # mapGlb that reads the join, which the mapping constraints refuse; the baseline maps the rows in parallel
    from tests.user_programs import FOLDER, PROGRAMS

    path = FOLDER / "scaled_matvec.lift"
    u = path.as_uri() + "?" + "&".join(f"{k}={v}" for k, v in PROGRAMS["scaled_matvec"].sizes.items())
    base = P.baseline(u)
    assert base.stage is decisions.Stage.DONE and base.kernel.kernels
    bench, sizes = stages.resolve(u)
    assert P.generic_preset(bench, sizes).mapping[0] == 30  # the epilogue stays the one mapGlb(0)
