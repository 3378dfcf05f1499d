"""Channels-last convolutions as an implicit matrix product (compiler.lowering.conv_hwc `tiled`): the user program
tests/data/user_programs/conv_hwc.lift, the suite's conv benchmark and programs of other names, strides, filter
sizes and zip orders get `tiled` beside `conv42` by shape; the derived programs compute the convolution (the
interpreter at the defaults and at sampled points of the space, against NumPy written here), one OpenCL run each
on the device (PoCL in CI), and an episode of the environment reaches the lowering."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.lowering import GENERIC_GPU, shape
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import strategy_report, template_problem
from compiler.lowering.util import LoweringError
from compiler.runtime import MeasureConfig, measure_in_process
from compiler.runtime.gold import Gold
from compiler.suite import get
from compiler.suite.user import load_benchmark, user_benchmark
from lift_gym import transition
from tests.opencl_once import opencl_available
from tests.user_programs import FOLDER

QUICK = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-4, min_samples=1, max_samples=1)
STRATEGY = "HWC convolution as a matrix product"


def hwc_reference(x: np.ndarray, w: np.ndarray, stride: int, pad: int) -> np.ndarray:
    """out[i, j, m] = sum over a, b, c of w[m, a, b, c] * xpad[stride i + a, stride j + b, c], in float64."""
    h, wd, _ = x.shape
    m, kh, kw, _ = w.shape
    xp = np.pad(x.astype(np.float64), ((pad, pad), (pad, pad), (0, 0)))
    oh, ow = (h + 2 * pad - kh) // stride + 1, (wd + 2 * pad - kw) // stride + 1
    out = np.zeros((oh, ow, m))
    for i, j, o in itertools.product(range(oh), range(ow), range(m)):
        out[i, j, o] = np.sum(w[o].astype(np.float64) * xp[stride * i:stride * i + kh, stride * j:stride * j + kw])
    return out


# the same convolutions written otherwise: stride 2 (a downsampling layer), 1x1 filters without padding, 5x5
# filters zipped filter first, with padding 2
OTHERS = {
    "stride2": ("""
def down(x: [[[float]c]n]n, w: [[[[float]c]3]3]k) =
  mapND(2, win => join o map(f => reduce(value(0, float), add) o map(p => mult(get(0) << p, get(1) << p))
                      << zip(join o join << win, join o join << f)) << w)
  o slideND(3, 3, 2, 2) o padND(1, 1, 1, 1, value(0, float)) << x
""", {"c": 4, "n": 9, "k": 8}, (9, 9, 4), (8, 3, 3, 4), 2, 1),
    "pointwise": ("""
def pointwise(x: [[[float]cin]wide]high, w: [[[[float]cin]1]1]cout) =
  mapND(2, win => join o map(f => reduce(value(0, float), add) o map(p => mult(get(0) << p, get(1) << p))
                      << zip(join o join << win, join o join << f)) << w)
  o slideND(1, 1, 1, 1) << x
""", {"cin": 8, "high": 4, "wide": 6, "cout": 8}, (4, 6, 8), (8, 1, 1, 8), 1, 0),
    "five_filter_first": ("""
def five(x: [[[float]c]w]h, bank: [[[[float]c]5]5]k) =
  mapND(2, patch => join o map(f => reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e))
                      << zip(join o join << f, join o join << patch)) << bank)
  o slideND(5, 5, 1, 1) o padND(2, 2, 2, 2, value(0, float)) << x
""", {"c": 3, "w": 8, "h": 6, "k": 4}, (6, 8, 3), (4, 5, 5, 3), 1, 2),
}
FILES = {"conv_hwc": ({"chans": 4, "ht": 6, "wd": 6, "feats": 8}, (6, 6, 4), (8, 3, 3, 4), 1, 1)}
SUITE = {"suite_conv": ({"inH": 8, "inW": 8, "inChs": 4, "outChs": 4, "kerH": 3, "kerW": 3}, (8, 8, 4),
                        (4, 3, 3, 4), 1, 1)}
NAMES = [*FILES, *SUITE, *OTHERS]


def _case(name: str):
    if name in FILES:
        return (load_benchmark(FOLDER / f"{name}.lift"), *FILES[name])
    if name in SUITE:
        return (get("conv"), *SUITE[name])
    text, *rest = OTHERS[name]
    return (user_benchmark(parse_program(text)), *rest)


def _inputs(bench, xs, ws, seed=0):
    rng = np.random.default_rng(seed)
    img, filt = (p.name for p in bench.program.params)
    return {img: rng.uniform(-1, 1, xs).astype(np.float32), filt: rng.uniform(-1, 1, ws).astype(np.float32)}


def _sampled_points(low, program, sizes, count: int, seed: int) -> list[dict[str, int]]:
    """`count` valid points of the lowering's space at these sizes, drawn from the divisors of the roles."""
    r = shape.convolution(program).bind(sizes)
    div = {n: [d for d in range(1, n + 1) if n % d == 0] for n in (r["M"], r["N"], r["K"])}
    rng = np.random.default_rng(seed)
    out: list[dict[str, int]] = []
    for _ in range(400):
        tm, tn, tk = (int(rng.choice(div[r[k]])) for k in ("M", "N", "K"))
        point = {"TM": tm, "TN": tn, "TK": tk, "RM": int(rng.choice([d for d in div[r["M"]] if tm % d == 0])),
                 "RN": int(rng.choice([d for d in div[r["N"]] if tn % d == 0])), "VW": int(rng.choice([1, 2, 4])),
                 **{s: int(rng.integers(0, 2)) for s in ("KU", "CB", "AT", "PF")}}
        if low.valid(sizes, point) and point not in out:
            out.append(point)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("name", NAMES)
def test_channels_last_convolutions_get_tiled_beside_conv42_and_compute_the_convolution(name):
    bench, sizes, xs, ws, stride, pad = _case(name)
    lows = lowerings(bench)
    assert "tiled" in lows and "conv42" in lows
    inputs = _inputs(bench, xs, ws)
    ref = hwc_reference(*inputs.values(), stride, pad)
    low = lows["tiled"]
    points = [{}, *_sampled_points(low, bench.program, sizes, 3, seed=len(name))]
    assert len(points) == 4
    for point in points:
        lowered = low(sizes, point)
        got = np.asarray(interpret(lowered.program, inputs, lowered.env)).reshape(ref.shape)
        np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4, err_msg=f"{name} at {dict(lowered.params)}")


def test_the_roles_are_the_products_pixels_filters_and_window_length():
    bench, sizes, *_ = _case("stride2")
    r = shape.convolution(bench.program).bind(sizes)
    assert (r["outH"], r["outW"], r["M"], r["N"], r["K"]) == (5, 5, 25, 8, 36)
    bench, sizes, *_ = _case("suite_conv")
    r = shape.convolution(bench.program).bind(sizes)
    assert (r["M"], r["N"], r["K"]) == (64, 4, 36)


def test_vector_loads_only_where_a_window_is_one_contiguous_pixel():
    bench, sizes, *_ = _case("conv_hwc")
    low = lowerings(bench)["tiled"]
    assert low(sizes).params["VW"] == 1
    with pytest.raises(LoweringError, match="VW = 1"):
        low(sizes, {"VW": 2, "TN": 4, "TK": 4})
    bench, sizes, *_ = _case("pointwise")
    assert lowerings(bench)["tiled"](sizes, {"VW": 4, "TN": 8, "TK": 8, "TM": 8, "RM": 2, "RN": 4}).params["VW"] == 4


def test_tiled_has_a_space_in_the_environment():
    bench, sizes, *_ = _case("suite_conv")
    rows = {r["lowering"]: r for r in strategy_report(bench, sizes, GENERIC_GPU) if r["strategy"] == STRATEGY}
    assert rows["tiled"]["applies"] and rows["tiled"]["points"] > 100, rows


def test_a_switch_its_sizes_leave_off_is_derived_without_its_structure_after_sizes_that_have_it():
    # 4 filters: CB's runs of 4 columns exist, its structure is derived; 5 filters: none, the same switch value
    # reads as off (mm.effective_switches), and the memo of derived programs must not hand back the first structure
    bench = get("conv")
    four = template_problem(bench, "tiled", SUITE["suite_conv"][0], GENERIC_GPU)
    five = template_problem(bench, "tiled", {**SUITE["suite_conv"][0], "outChs": 5, "inW": 10}, GENERIC_GPU)
    assert len(four.inferred) == len(five.inferred) == 16  # every member of both derived, none refused


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("name", ["conv_hwc", "suite_conv", "pointwise", "five_filter_first"])
def test_the_tiled_kernel_computes_the_convolution_on_the_device(name):
    bench, sizes, xs, ws, stride, pad = _case(name)
    inputs = _inputs(bench, xs, ws, seed=3)
    ref = hwc_reference(*inputs.values(), stride, pad).astype(np.float32)
    kp = lowerings(bench)["tiled"](sizes).compile()
    gold = Gold(ref.reshape(-1), np.full(ref.size, 1e-4, dtype=np.float32))
    m = measure_in_process(kp, {k: v.reshape(-1) for k, v in inputs.items()}, {kp.outputs[0]: gold}, QUICK)
    assert m.status == "ok" and m.checked, (m.status, m.message)


def test_an_episode_through_the_tiled_template_computes_the_convolution():
    _, sizes, xs, ws, stride, pad = _case("suite_conv")
    uri = "benchmark://lift/conv?" + "&".join(f"{k}={v}" for k, v in sizes.items())
    s = transition.initial(uri, 0)
    assert transition.legal_actions(s)[s.config.layout.template("tiled")]
    s = transition.step(s, s.config.layout.template("tiled"))
    rng = np.random.default_rng(4)
    while not transition.is_terminal(s):
        s = transition.step(s, int(rng.choice(np.flatnonzero(transition.legal_actions(s)))))
    assert s.template == "tiled"
    inputs = _inputs(get("conv"), xs, ws, seed=5)
    lowered = s.route.tuning.lowered(s.route.assignment)
    got = np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64)
    np.testing.assert_allclose(got.reshape(-1), hwc_reference(*inputs.values(), stride, pad).reshape(-1),
                               rtol=1e-4, atol=1e-4)
