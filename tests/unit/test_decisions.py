"""The compiler's one route from a benchmark to a kernel as decisions (compiler.lowering.decisions)."""

import numpy as np
import pytest

from compiler.errors import CompilerError
from compiler.lowering import decisions
from compiler.lowering.catalog import lowerings
from compiler.lowering.presets import named_preset
from compiler.suite import get, resolve

SMALL = ("mm", "gemv", "asum", "stencil2d", "gaussian", "conv", "nbody", "jacobi1d-3pt-clamp")


@pytest.mark.parametrize("name", SMALL)
def test_random_choices_always_find_a_legal_value_and_end_in_a_kernel(name):
    rng = np.random.default_rng(7)
    for _ in range(2):
        s = decisions.start(f"benchmark://lift/{name}/small", decisions.Options(max_rewrites=3))
        while (d := decisions.next_decision(s)) is not None:
            assert d.values, f"{d.stage.name} {d.key}: no legal value"
            assert d.stage is s.stage
            s = decisions.decide(s, d.values[int(rng.integers(len(d.values)))])
        assert s.stage is decisions.Stage.DONE and s.kernel is not None and s.kernel.kernels


@pytest.mark.parametrize(("name", "lowering"), [("mm", "tiled"), ("mm", "default"), ("gaussian", "default"),
                                                ("stencil2d", "tiled"), ("conv", "conv42")])
def test_a_named_lowering_is_a_recorded_chooser(name, lowering):
    bench, sizes = resolve(f"benchmark://lift/{name}/small")
    preset = named_preset(bench, lowering, sizes)
    s = decisions.build(f"benchmark://lift/{name}/small", decisions.preset_chooser(preset))
    assert s.template == preset.template
    expected = lowerings(bench)[lowering](sizes).compile()
    assert [k.source for k in s.kernel.kernels] == [k.source for k in expected.kernels]


def test_build_with_a_random_chooser_is_reproducible():
    a = decisions.build("benchmark://lift/mm/small", decisions.random_chooser(np.random.default_rng(3)))
    b = decisions.build("benchmark://lift/mm/small", decisions.random_chooser(np.random.default_rng(3)))
    assert a == b and a.kernel.key == b.kernel.key


def test_an_illegal_value_is_an_error_naming_the_stage_and_the_decision():
    s = decisions.start("benchmark://lift/mm/small")
    with pytest.raises(CompilerError, match=r"^rewrite: \('template', 'conv42'\) is not a legal value of rewrite 1"):
        decisions.decide(s, ("template", "conv42"))
    done = decisions.build("benchmark://lift/gemv/small", lambda d, s: d.values[0])
    with pytest.raises(CompilerError, match="no decision"):
        decisions.decide(done, 0)


def test_the_rewrite_decision_offers_stop_and_named_lowerings_only_before_the_first_rewrite():
    s = decisions.start("benchmark://lift/mm/small")
    d = decisions.next_decision(s)
    assert decisions.STOP in d.values and ("template", "tiled") in d.values
    first = next(v for v in d.values if v[0] == "rewrite")
    after = decisions.decide(s, first)
    if after.stage is decisions.Stage.REWRITE:
        assert not any(v[0] == "template" for v in decisions.next_decision(after).values)


def test_tuning_values_are_the_inferred_space_of_the_named_lowering():
    s = decisions.decide(decisions.start("benchmark://lift/mm/small"), ("template", "tiled"))
    d = decisions.next_decision(s)
    assert d.stage is decisions.Stage.TUNING and d.key == "TM"
    m = get("mm").sizes("small")["M"]
    assert d.values and all(m % v == 0 for v in d.values)
    assert list(d.values) == sorted(d.values)


def test_points_switches_the_plain_conv_to_the_rewrite_points_of_its_annotated_program():
    s = decisions.start("benchmark://lift/conv/small")
    assert decisions.POINTS in decisions.next_decision(s).values
    rp = decisions.decide(s, decisions.POINTS)
    assert rp.stage is decisions.Stage.REWRITE_POINTS and rp.points == "conv-rp"
    annotated = decisions.start("benchmark://lift/conv-rp/small", decisions.Options(rewrite_points=True))
    assert decisions.next_decision(rp).values == decisions.next_decision(annotated).values
    assert decisions.next_decision(rp).key == decisions.next_decision(annotated).key
    first = next(v for v in decisions.next_decision(s).values if v[0] == "rewrite")
    after = decisions.decide(s, first)
    if after.stage is decisions.Stage.REWRITE:
        assert decisions.POINTS not in decisions.next_decision(after).values
    with pytest.raises(CompilerError, match=r"^rewrite: \('points',\) is not a legal value of rewrite 1"):
        decisions.decide(decisions.start("benchmark://lift/mm/small"), decisions.POINTS)
