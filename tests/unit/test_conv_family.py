"""Channels-first convolutions (compiler.lowering.conv_chw `tiled`, the view laws of compiler.rewrite.rules_im2col):
the programs of tests/data/user_programs/ (3x3 with padding, 1x1, stride 2, depthwise) and programs of other names,
sizes and zip orders get the lowering by shape; the derived programs compute the convolution (the interpreter at
the defaults and at sampled points of the tuning space, against NumPy written here), and one OpenCL run each on the
device (PoCL in CI). A depthwise convolution is no matrix product: the derivation names the step that refuses it."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.lowering import GENERIC_GPU, conv_chw, shape
from compiler.lowering import derivation as D
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import available_templates, strategy_report
from compiler.lowering.util import LoweringError
from compiler.rewrite import rules_im2col as R
from compiler.runtime import MeasureConfig, measure_in_process
from compiler.runtime.gold import Gold
from compiler.suite.user import load_benchmark, user_benchmark
from lift_gym import transition
from tests.opencl_once import opencl_available
from tests.user_programs import FOLDER, PROGRAMS

QUICK = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-4, min_samples=1, max_samples=1)


def conv_reference(x: np.ndarray, w: np.ndarray, stride: int, pad: int) -> np.ndarray:
    """out[m, i, j] = sum over c, a, b of w[m, c, a, b] * xpad[c, stride i + a, stride j + b], in float64."""
    c, h, wd = x.shape
    w4 = w.reshape(w.shape[0], c, *(w.shape[2:] or (1, 1))).astype(np.float64)
    m, _, kh, kw = w4.shape
    xp = np.pad(x.astype(np.float64), ((0, 0), (pad, pad), (pad, pad)))
    oh, ow = (h + 2 * pad - kh) // stride + 1, (wd + 2 * pad - kw) // stride + 1
    out = np.zeros((m, oh, ow))
    for o, i, j in itertools.product(range(m), range(oh), range(ow)):
        out[o, i, j] = np.sum(w4[o] * xp[:, stride * i:stride * i + kh, stride * j:stride * j + kw])
    return out


def depthwise_reference(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    c, h, wd = x.shape
    xp = np.pad(x.astype(np.float64), ((0, 0), (1, 1), (1, 1)))
    return np.array([[[np.sum(w[k] * xp[k, i:i + 3, j:j + 3]) for j in range(wd)] for i in range(h)]
                     for k in range(c)])


# program -> (sizes, image shape, filter shape, stride, pad)
FILES = {
    "conv_chw": ({"chans": 4, "ht": 6, "wd": 6, "feats": 8}, (4, 6, 6), (8, 4, 3, 3), 1, 1),
    "conv1x1": ({"cin": 8, "rows": 4, "cols": 6, "cout": 4}, (8, 4, 6), (4, 8), 1, 0),
    "conv_s2": ({"c": 4, "n": 7, "k": 8}, (4, 7, 7), (8, 4, 3, 3), 2, 1),
}

# the same convolutions written otherwise: 5x5 filters with their sizes named, padding 2; a 1x1 convolution whose
# dot product zips the pixel first; a rectangular image with 3x3 filters named kh x kw
OTHERS = {
    "conv5x5": ("""
def conv5(picture: [[[float]x]y]planes, bank: [[[[float]kx]ky]planes]outs) =
  map(filter =>
    map(join) o mapND(2, patch =>
        reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e))
        << zip(join o join << filter, join o join << patch))
    o map(transpose) o transpose
    o map(p => slideND(ky, kx, 1, 1) o padND(2, 2, 2, 2, value(0, float)) << p)
    << picture)
  << bank
""", {"x": 5, "y": 4, "planes": 2, "outs": 4, "kx": 5, "ky": 5}, (2, 4, 5), (4, 2, 5, 5), 1, 2),
    "pixel_first_1x1": ("""
def mixer(feat: [[[float]w]h]c, lin: [[float]c]o) =
  map(row =>
    map(join) o mapND(2, pix =>
        reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e)) << zip(pix, row))
    o map(transpose) o transpose
    << feat)
  << lin
""", {"w": 6, "h": 3, "c": 4, "o": 6}, (4, 3, 6), (6, 4), 1, 0),
    "rect3x3": ("""
def rect(im: [[[float]cols]rows]cin, k: [[[[float]kw]kh]cin]cout) =
  map(f =>
    map(join) o mapND(2, win =>
        reduce(value(0, float), add) o map(e => mult(get(0) << e, get(1) << e))
        << zip(join o join << f, join o join << win))
    o map(transpose) o transpose
    o map(p => slideND(kh, kw, 1, 1) o padND(1, 1, 1, 1, value(0, float)) << p)
    << im)
  << k
""", {"cols": 7, "rows": 3, "cin": 3, "cout": 2, "kh": 3, "kw": 3}, (3, 3, 7), (2, 3, 3, 3), 1, 1),
}


def _case(name):
    if name in FILES:
        sizes, xs, ws, stride, pad = FILES[name]
        return load_benchmark(FOLDER / f"{name}.lift"), sizes, xs, ws, stride, pad
    text, sizes, xs, ws, stride, pad = OTHERS[name]
    return user_benchmark(parse_program(text)), sizes, xs, ws, stride, pad


def _inputs(bench, xs, ws, seed=0):
    rng = np.random.default_rng(seed)
    img, filt = (p.name for p in bench.program.params)
    return {img: rng.uniform(-1, 1, xs).astype(np.float32), filt: rng.uniform(-1, 1, ws).astype(np.float32)}


def _sampled_points(low, program, sizes, count: int, seed: int) -> list[dict[str, int]]:
    """`count` valid points of the lowering's space at these sizes, drawn from the divisors of the roles."""
    r = shape.convolution_chw(program).bind(sizes)
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


@pytest.mark.parametrize("name", [*FILES, *OTHERS])
def test_channels_first_convolutions_get_tiled_and_compute_the_convolution(name):
    bench, sizes, xs, ws, stride, pad = _case(name)
    lows = lowerings(bench)
    assert "tiled" in lows and "conv42" not in lows
    inputs = _inputs(bench, xs, ws)
    x, w = inputs.values()
    ref = conv_reference(x, w, stride, pad)
    low = lows["tiled"]
    points = [{}, *_sampled_points(low, bench.program, sizes, 3, seed=len(name))]
    assert len(points) == 4
    for point in points:
        lowered = low(sizes, point)
        got = np.asarray(interpret(lowered.program, inputs, lowered.env))
        np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4, err_msg=f"{name} at {dict(lowered.params)}")


def test_the_roles_are_read_off_the_programs_own_sizes():
    bench, sizes, *_ = _case("conv_s2")
    r = shape.convolution_chw(bench.program).bind(sizes)
    assert (r["inChs"], r["outChs"], r["kerH"], r["outH"], r["M"], r["N"], r["K"]) == (4, 8, 3, 4, 8, 16, 36)
    bench, sizes, *_ = _case("conv1x1")
    r = shape.convolution_chw(bench.program).bind(sizes)
    assert (r["kerH"], r["kerW"], r["M"], r["N"], r["K"]) == (1, 1, 4, 24, 8)


def test_vector_loads_only_where_the_image_tile_rows_are_contiguous():
    bench, sizes, *_ = _case("conv_chw")
    low = lowerings(bench)["tiled"]
    assert low(sizes).params["VW"] == 1
    with pytest.raises(LoweringError, match="VW = 1"):
        low(sizes, {"VW": 2, "TN": 4, "TK": 4})
    bench, sizes, *_ = _case("conv1x1")
    assert lowerings(bench)["tiled"](sizes, {"VW": 2, "TN": 6, "TK": 4}).params["VW"] == 2


def test_a_depthwise_convolution_is_refused_by_the_step_that_finds_no_matrix_product():
    bench = load_benchmark(FOLDER / "depthwise.lift")
    sizes = {"ch": 3, "h": 4, "w": 5}
    assert shape.convolution_chw(bench.program).bind(sizes)["K"] == 9  # a member of the shape: one filter a channel
    refusal = r"conv_chw tiled: step 1 \(the map over the filters\).*depthwise"
    with pytest.raises(LoweringError, match=refusal):
        conv_chw.views(bench.program)
    with pytest.raises(LoweringError, match=refusal):
        lowerings(bench)["tiled"](sizes)
    report = [r for r in strategy_report(bench, sizes, GENERIC_GPU) if r["strategy"] == "CHW convolution"]
    assert not report[0]["applies"] and "step 1" in report[0]["why"]
    assert "tiled" not in available_templates(bench, sizes, GENERIC_GPU)  # no action of the environment
    # its default lowering computes it
    rng = np.random.default_rng(1)
    inputs = {"img": rng.uniform(-1, 1, (3, 4, 5)).astype(np.float32),
              "taps": rng.uniform(-1, 1, (3, 3, 3)).astype(np.float32)}
    lowered = lowerings(bench)["default"](sizes)
    got = np.asarray(interpret(lowered.program, inputs, lowered.env))
    np.testing.assert_allclose(got, depthwise_reference(inputs["img"], inputs["taps"]), rtol=1e-4, atol=1e-5)


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("name", [*FILES, "pixel_first_1x1"])
def test_the_tiled_kernel_computes_the_convolution_on_the_device(name):
    bench, sizes, xs, ws, stride, pad = _case(name)
    inputs = _inputs(bench, xs, ws, seed=3)
    x, w = inputs.values()
    ref = conv_reference(x, w, stride, pad).astype(np.float32)
    lowered = lowerings(bench)["tiled"](sizes)
    kp = lowered.compile()
    gold = Gold(ref.reshape(-1), np.full(ref.size, 1e-4, dtype=np.float32))
    m = measure_in_process(kp, {k: v.reshape(-1) for k, v in inputs.items()}, {kp.outputs[0]: gold}, QUICK)
    assert m.status == "ok" and m.checked, (m.status, m.message)


# --- the view laws, each on a program of its own -------------------------------------------------------------------
LAWS = {
    "joinUnitSplit": ("def f(a: [[float]1]n) = map(r => join << r) o split(3) << a", {"n": 6}, (6, 1)),
    "joinMapTranspose": ("def f(a: [[[float]k]m]n) = join o map(r => transpose << r) o transpose << a",
                         {"n": 2, "m": 3, "k": 4}, (2, 3, 4)),
    "mapJoinTranspose": ("def f(a: [[[float]k]m]n) = map(r => join << r) o transpose << a", {"n": 2, "m": 3, "k": 4},
                         (2, 3, 4)),
    "mapSplitFlat": ("def f(a: [[float]k]m) = map(r => split(2) << r) << a", {"m": 3, "k": 4}, (3, 4)),
    "zipSwap": ("def f(a: [float]n, b: [float]n) = map(p => sub(get(0) << p, get(1) << p)) << zip(a, b)",
                {"n": 5}, (5,)),
}
RULES = {r.name: r for r in (R.JOIN_UNIT_SPLIT, R.JOIN_MAP_TRANSPOSE, R.MAP_JOIN_TRANSPOSE, R.MAP_SPLIT_FLAT,
                             R.ZIP_SWAP)}


@pytest.mark.parametrize("name", sorted(LAWS))
def test_each_view_law_keeps_the_programs_result(name):
    text, sizes, shp = LAWS[name]
    p = D.start(parse_program(text))
    rng = np.random.default_rng(2)
    inputs = {q.name: rng.uniform(-1, 1, shp).astype(np.float32) for q in p.params}
    q = D.step(p, RULES[name], None, unique=True)
    assert q != p
    np.testing.assert_array_equal(np.asarray(interpret(q, inputs, sizes)), np.asarray(interpret(p, inputs, sizes)))


def test_the_view_laws_refuse_where_their_guards_do_not_hold():
    two = D.start(parse_program("def f(a: [[float]2]n) = map(r => join << r) o split(3) << a"))
    assert not D.sites(two, R.JOIN_UNIT_SPLIT)  # the joined arrays are not of length 1
    rows = D.start(parse_program("def f(a: [[float]k]m) = map(r => split(2) << r) << a"))
    assert not D.sites(rows, R.MAP_SPLIT_FLAT, sizes={"m": 3, "k": 5})  # 2 does not divide the rows' length 5
    assert D.sites(rows, R.MAP_SPLIT_FLAT, sizes={"m": 3, "k": 6})
    pair = D.start(parse_program("def f(a: [float]n, b: [float]n) = map(p => p) << zip(a, b)"))
    assert not D.sites(pair, R.ZIP_SWAP)  # the pair is used as a whole, not by its components


@pytest.mark.parametrize("name", sorted(FILES))
def test_tiled_has_a_space_in_the_environment_with_every_switch(name):
    bench, sizes, *_ = _case(name)
    rows = {r["lowering"]: r for r in strategy_report(bench, sizes, GENERIC_GPU) if r["strategy"] == "CHW convolution"}
    assert rows["tiled"]["applies"] and rows["tiled"]["points"] > 100, rows


def test_an_episode_through_the_tiled_template_computes_the_convolution():
    spec = PROGRAMS["conv_chw"]
    uri = (FOLDER / "conv_chw.lift").as_uri() + "?" + "&".join(f"{k}={v}" for k, v in spec.sizes.items())
    s = transition.initial(uri, 0)
    assert transition.legal_actions(s)[s.config.layout.template("tiled")]
    s = transition.step(s, s.config.layout.template("tiled"))
    rng = np.random.default_rng(4)
    while not transition.is_terminal(s):
        s = transition.step(s, int(rng.choice(np.flatnonzero(transition.legal_actions(s)))))
    assert s.template == "tiled"
    inputs = spec.inputs(np.random.default_rng(0))
    lowered = s.route.tuning.lowered(s.route.assignment)
    got = np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64)
    np.testing.assert_allclose(got, conv_reference(inputs["img"], inputs["filt"], 1, 1), rtol=1e-4, atol=1e-4)
