"""The stencil strategies on the programs a user writes beyond the suite's: 3-D neighbourhoods (a 7-point heat step,
a 27-point box, a clamped and a wrapped one of other names and layouts, a stencil of two grids), 2-D
neighbourhoods with clamp, mirror and wrap boundaries, and a 2-D stencil of two input grids. Each lowering is
checked in the interpreter against a NumPy reference (float64, np.pad for the boundaries) at its default and at
sampled points of its tuning space, and once on the OpenCL device (PoCL in CI)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.lowering import LoweringError, stencil, stencil3d
from compiler.lowering.catalog import lowerings, strategies_of
from compiler.suite import rel_error
from compiler.suite.user import load_benchmark, user_benchmark
from tests.opencl_once import opencl_available as _opencl_available
from tests.user_programs import FOLDER

NP_MODE = {"constant": "constant", "clamp": "edge", "mirror": "symmetric", "wrap": "wrap"}
PAD_ND = {"constant": "padND", "clamp": "padClampND", "mirror": "padMirrorND", "wrap": "padWrapND"}
TOL = 1e-5


def _rand(rng, *shape):
    return rng.uniform(-1, 1, size=shape).astype(np.float32)


def _shifted(x: np.ndarray, mode: str, halo: tuple[int, ...]):
    """s(*offsets): x shifted by the offsets (each in -h..h), its outside read by the boundary `mode`."""
    p = np.pad(x.astype(np.float64), [(h, h) for h in halo], mode=NP_MODE[mode])

    def s(*off):
        return p[tuple(slice(h + o, h + o + n) for h, o, n in zip(halo, off, x.shape, strict=True))]

    return s


# --- 3-D programs -------------------------------------------------------------------------------------------------
HEAT_CLAMP = """
userfun diffuse(c: float, w: float, e: float, s: float, n: float, d: float, u: float): float =
  "return 0.4f * c + 0.1f * (w + e + s + n + d + u);"
  | "0.4 * c + 0.1 * (w + e + s + n + d + u)"
def insulated(field: [[[float]cols]rows]depth) =
  map(map(join))
  o mapND(3, box =>
      map(t => diffuse(get(0) << t, get(1) << t, get(2) << t, get(3) << t, get(4) << t, get(5) << t, get(6) << t))
      << zip(pad(-13, -13, value(0, float)) o join o join << box, pad(-12, -14, value(0, float)) o join o join << box,
             pad(-14, -12, value(0, float)) o join o join << box, pad(-10, -16, value(0, float)) o join o join << box,
             pad(-16, -10, value(0, float)) o join o join << box, pad(-4, -22, value(0, float)) o join o join << box,
             pad(-22, -4, value(0, float)) o join o join << box))
  o slideND(3, 3, 3, 1, 1, 1)
  o padClampND(1, 1, 1, 1, 1, 1)
  << field
"""

RELAX_TWO_GRIDS = """
userfun nudge(a: float, c: float, w: float, e: float, s: float, n: float): float =
  "return a + 0.25f * (w + e + s + n - 4.0f * c);"
  | "a + 0.25 * (w + e + s + n - 4.0 * c)"
def relax(src: [[[float]n]m]l, field: [[[float]n]m]l) =
  map(map(join))
  o mapND(3, t => map(q => nudge(get(0) << t, get(0) << q, get(1) << q, get(2) << q, get(3) << q, get(4) << q))
      << zip(pad(-4, -4, value(0, float)) o join o join o get(1) << t,
             pad(-3, -5, value(0, float)) o join o join o get(1) << t,
             pad(-5, -3, value(0, float)) o join o join o get(1) << t,
             pad(-1, -7, value(0, float)) o join o join o get(1) << t,
             pad(-7, -1, value(0, float)) o join o join o get(1) << t))
  << zipND(3, src, slideND(1, 3, 3, 1, 1, 1) o padWrapND(0, 0, 1, 1, 1, 1) << field)
"""


def _heat3d_ref(i):
    u = i["temp"].astype(np.float64)
    s = _shifted(i["temp"], "constant", (1, 1, 1))
    return u + 0.125 * (s(0, 0, -1) + s(0, 0, 1) + s(0, -1, 0) + s(0, 1, 0) + s(-1, 0, 0) + s(1, 0, 0) - 6 * u)


def _box3d_ref(i):
    s = _shifted(i["g"], "constant", (1, 1, 1))
    return sum(s(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1))


def _insulated_ref(i):
    s = _shifted(i["field"], "clamp", (1, 1, 1))
    return 0.4 * s(0, 0, 0) + 0.1 * (s(0, 0, -1) + s(0, 0, 1) + s(0, -1, 0) + s(0, 1, 0) + s(-1, 0, 0) + s(1, 0, 0))


def _relax_ref(i):
    s = _shifted(i["field"], "wrap", (0, 1, 1))
    return i["src"] + 0.25 * (s(0, 0, -1) + s(0, 0, 1) + s(0, -1, 0) + s(0, 1, 0) - 4 * s(0, 0, 0))


def _three_d(name: str):
    if name in ("heat3d", "box3d"):
        return load_benchmark(FOLDER / f"{name}.lift")
    return user_benchmark(parse_program({"insulated": HEAT_CLAMP, "relax": RELAX_TWO_GRIDS}[name]), name=name)


# name -> (sizes of two layouts, inputs (z, y, x), reference)
THREE_D = {
    "heat3d": (({"nx": 8, "ny": 6, "nz": 4}, {"nx": 4, "ny": 3, "nz": 8}),
               lambda r, z, y, x: {"temp": _rand(r, z, y, x)}, _heat3d_ref),
    "box3d": (({"X": 8, "Y": 5, "Z": 4}, {"X": 8, "Y": 4, "Z": 6}),
              lambda r, z, y, x: {"g": _rand(r, z, y, x)}, _box3d_ref),
    "insulated": (({"cols": 8, "rows": 3, "depth": 4}, {"cols": 12, "rows": 4, "depth": 2}),
                  lambda r, z, y, x: {"field": _rand(r, z, y, x)}, _insulated_ref),
    "relax": (({"n": 8, "m": 4, "l": 4}, {"n": 4, "m": 6, "l": 6}),
              lambda r, z, y, x: {"src": _rand(r, z, y, x), "field": _rand(r, z, y, x)}, _relax_ref),
}
P, C = stencil3d.PLANES_PER_ITEM, stencil3d.COLS_PER_ITEM
THREE_D_POINTS = [None, {P: 1, C: 1}, {P: 2, C: 2}, {P: 4, C: 1}, {P: 1, C: 4}, {P: 2, C: 4}]


def _zyx(name: str, sizes: dict) -> tuple[int, int, int]:
    x, y, z = sizes.values()  # each layout above lists the innermost size first
    return z, y, x


@pytest.mark.parametrize("name", THREE_D)
@pytest.mark.parametrize("layout", [0, 1])
def test_3d_stencil_blocks_of_planes_and_columns_interpret_like_numpy(name, layout):
    layouts, make, ref = THREE_D[name]
    sizes = layouts[layout]
    bench = _three_d(name)
    low = lowerings(bench)["default"]
    inputs = make(np.random.default_rng(layout), *_zyx(name, sizes))
    want = ref(inputs)
    checked = 0
    for point in THREE_D_POINTS:
        if point is not None and not low.valid(sizes, point):
            continue
        lowered = low(sizes, point)
        out = interpret(lowered.program, inputs, lowered.env)
        assert out.shape == want.shape and rel_error(out, want) <= TOL, (lowered.params, rel_error(out, want))
        r, c = lowered.params[P], lowered.params[C]
        z, y, x = want.shape
        assert lowered.kernels[0].global_size == (x // c, y, z // r)
        checked += 1
    assert checked >= 4


def test_3d_stencil_defaults_block_eight_planes_and_four_columns_in_32_by_8_groups():
    lowered = lowerings(_three_d("heat3d"))["default"]({"nx": 512, "ny": 512, "nz": 512})
    assert lowered.params == {P: 8, C: 4}
    (k,) = lowered.kernels
    assert k.global_size == (128, 512, 64) and k.local_size == (32, 8, 1)
    assert lowered.options == {"vector_loads": 4}
    small = lowerings(_three_d("box3d"))["default"]({"X": 6, "Y": 5, "Z": 3})
    assert small.params == {P: 1, C: 2} and small.kernels[0].local_size == (3, 5, 1)


def test_3d_stencil_planes_or_columns_that_do_not_divide_are_refused():
    low = lowerings(_three_d("heat3d"))["default"]
    with pytest.raises(LoweringError, match=r"output planes % planesPerItem = 0 \(planes = 4, planesPerItem = 3\)"):
        low({"nx": 8, "ny": 6, "nz": 4}, {P: 3, C: 1})
    with pytest.raises(LoweringError, match=r"output columns % colsPerItem = 0 \(columns = 6, colsPerItem = 4\)"):
        low({"nx": 6, "ny": 6, "nz": 4}, {P: 1, C: 4})
    with pytest.raises(LoweringError, match=r"planesPerItem must be positive"):
        low({"nx": 8, "ny": 6, "nz": 4}, {P: 0, C: 1})


@pytest.mark.parametrize("planes", [2, 4, 8])
def test_3d_stencil_planes_of_a_column_share_their_loads(planes):
    """The windows of a work item's planesPerItem outputs load each point once (common subexpressions): the 7-point
    star reads the centre column's planes + 2 points and 4 neighbours per plane, 5 planes + 2 in all."""
    low = lowerings(_three_d("heat3d"))["default"]
    source = low({"nx": 32, "ny": 32, "nz": 32}, {P: planes, C: 1}).compile(vector_loads=0).source
    reads = re.findall(r"\btemp\[[^\]]*\]", source)
    assert len(reads) == len(set(reads)) == 5 * planes + 2


def test_3d_stencils_are_their_strategy_and_2d_ones_are_not():
    for name in THREE_D:
        bench = _three_d(name)
        assert stencil3d.match(bench.program) is not None and stencil.match(bench.program) is None
        offered = dict(strategies_of(bench))
        assert offered[stencil3d.STRATEGY] == ("default",) and offered[stencil.STRATEGY] == ()
    assert stencil3d.match(load_benchmark(FOLDER / "box5.lift").program) is None


# --- 2-D programs: boundaries and two grids ----------------------------------------------------------------------
def _boundary_program(mode: str) -> str:
    pad = PAD_ND[mode] + ("(1, 1, 1, 1, value(0, float))" if mode == "constant" else "(1, 1, 1, 1)")
    return f"""
userfun smooth(c: float, w: float, e: float, s: float, n: float): float =
  "return 0.5f * c + 0.125f * (w + e + s + n);"
  | "0.5 * c + 0.125 * (w + e + s + n)"
def edges(px: [[float]wid]hei) =
  map(join)
  o mapND(2, nb => map(t => smooth(get(0) << t, get(1) << t, get(2) << t, get(3) << t, get(4) << t))
      << zip(pad(-4, -4, value(0, float)) o join << nb, pad(-3, -5, value(0, float)) o join << nb,
             pad(-5, -3, value(0, float)) o join << nb, pad(-1, -7, value(0, float)) o join << nb,
             pad(-7, -1, value(0, float)) o join << nb))
  o slideND(3, 3, 1, 1)
  o {pad}
  << px
"""


TWO_GRIDS = """
userfun update(a: float, n: float, s: float, w: float, e: float, m: float): float =
  "return a + 0.1f * (n + s + w + e - 4.0f * m);"
  | "a + 0.1 * (n + s + w + e - 4.0 * m)"
def laplace_step(a: [[float]cols]rows, b: [[float]cols]rows) =
  map(join)
  o mapND(2, t => map(q => update(get(0) << t, get(0) << q, get(1) << q, get(2) << q, get(3) << q, get(4) << q))
      << zip(pad(-1, -7, value(0, float)) o join o get(1) << t, pad(-7, -1, value(0, float)) o join o get(1) << t,
             pad(-3, -5, value(0, float)) o join o get(1) << t, pad(-5, -3, value(0, float)) o join o get(1) << t,
             pad(-4, -4, value(0, float)) o join o get(1) << t))
  << zipND(2, a, slideND(3, 3, 1, 1) o padND(1, 1, 1, 1, value(0, float)) << b)
"""


def _two_d(name: str):
    if name == "two_grids":
        return user_benchmark(parse_program(TWO_GRIDS), name=name)
    return user_benchmark(parse_program(_boundary_program(name)), name=f"edges_{name}")


def _two_d_case(name: str, h: int, w: int, seed: int):
    rng = np.random.default_rng(seed)
    if name == "two_grids":
        inputs = {"a": _rand(rng, h, w), "b": _rand(rng, h, w)}
        s = _shifted(inputs["b"], "constant", (1, 1))
        want = inputs["a"] + 0.1 * (s(-1, 0) + s(1, 0) + s(0, -1) + s(0, 1) - 4 * s(0, 0))
        return {"cols": w, "rows": h}, inputs, want
    inputs = {"px": _rand(rng, h, w)}
    s = _shifted(inputs["px"], name, (1, 1))
    return {"wid": w, "hei": h}, inputs, 0.5 * s(0, 0) + 0.125 * (s(0, -1) + s(0, 1) + s(-1, 0) + s(1, 0))


TWO_D = ("clamp", "mirror", "wrap", "two_grids")
R, K = stencil.ROWS_PER_ITEM, stencil.COLS_PER_ITEM
TWO_D_POINTS = {"default": [None, {R: 2, K: 1}, {R: 4, K: 4}, {R: 3, K: 2}],
                "tiled": [None, {"tileH": 2, "tileW": 4}, {"tileH": 4, "tileW": 8}, {"tileH": 3, "tileW": 4}]}


@pytest.mark.parametrize("name", TWO_D)
@pytest.mark.parametrize("lowering", ["default", "tiled"])
@pytest.mark.parametrize(("h", "w"), [(8, 16), (12, 8)])
def test_2d_strategies_apply_to_boundaries_and_two_grids(name, lowering, h, w):
    bench = _two_d(name)
    form = stencil.match(bench.program)
    assert form is not None
    assert {o.mode for o in form.operands if o.window} == {"constant" if name == "two_grids" else name}
    sizes, inputs, want = _two_d_case(name, h, w, seed=h + w)
    low = lowerings(bench)[lowering]
    checked = 0
    for point in TWO_D_POINTS[lowering]:
        if point is not None and not low.valid(sizes, point):
            continue
        lowered = low(sizes, point)
        out = interpret(lowered.program, inputs, lowered.env)
        assert rel_error(out, want) <= TOL, (lowered.params, rel_error(out, want))
        checked += 1
    assert checked >= 3


def test_2d_boundary_pads_start_from_one_row_per_work_item_and_constant_pads_from_four():
    sizes = {"wid": 16, "hei": 8}
    for mode in ("clamp", "mirror", "wrap"):
        assert lowerings(_two_d(mode))["default"].choose(sizes)[R] == 1
    assert lowerings(_two_d("constant"))["default"].choose(sizes)[R] == 4
    assert lowerings(_two_d("two_grids"))["default"].choose({"cols": 16, "rows": 8})[R] == 4


# --- one run each on the OpenCL device ----------------------------------------------------------------------------
DEVICE_3D = [("heat3d", 0, None), ("box3d", 1, {P: 2, C: 2}), ("insulated", 0, {P: 2, C: 4}),
             ("relax", 0, {P: 2, C: 2})]
DEVICE_2D = [("clamp", "tiled", None), ("mirror", "default", {R: 2, K: 2}), ("wrap", "tiled", {"tileH": 4, "tileW": 4}),
             ("two_grids", "default", None), ("two_grids", "tiled", None), ("clamp", "default", {R: 4, K: 4})]


@pytest.mark.opencl
@pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")
@pytest.mark.parametrize(("name", "layout", "point"), DEVICE_3D)
def test_3d_stencil_runs_like_numpy_on_the_device(name, layout, point):
    from tests.opencl_once import run_once

    layouts, make, ref = THREE_D[name]
    sizes = layouts[layout]
    inputs = make(np.random.default_rng(5), *_zyx(name, sizes))
    want = ref(inputs)
    lowered = lowerings(_three_d(name))["default"](sizes, point)
    out = run_once(lowered.compile(), inputs).reshape(want.shape)
    assert rel_error(out, want) <= TOL


@pytest.mark.opencl
@pytest.mark.skipif(not _opencl_available(), reason="no OpenCL platform/device available")
@pytest.mark.parametrize(("name", "lowering", "point"), DEVICE_2D)
def test_2d_boundary_and_two_grid_stencils_run_like_numpy_on_the_device(name, lowering, point):
    from tests.opencl_once import run_once

    sizes, inputs, want = _two_d_case(name, 8, 16, seed=3)
    lowered = lowerings(_two_d(name))[lowering](sizes, point)
    out = run_once(lowered.compile(), inputs).reshape(want.shape)
    assert rel_error(out, want) <= TOL
