"""3-D windows (slideND / padND over three dimensions) evaluate like 2-D ones: a joined window is read in place.

Points picked out of a joined window (`pad(-i, -j) o join o join << nbh`) are views of the window, a sum or a
weighted sum of the whole window is a float64 contraction over its three axes, and the values are those of the
element-by-element path (the same fp32 values for picks, within the summation bound for sums)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import compiler.ir.interpret as interp
from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.suite import generate
from compiler.suite.common import gamma

USER = Path(__file__).resolve().parents[1] / "data" / "user_programs"

POINTS7 = [(1, 1, 1), (1, 1, 0), (1, 1, 2), (1, 0, 1), (1, 2, 1), (0, 1, 1), (2, 1, 1)]  # c, w, e, s, n, b, a
HEAT = 'userfun heat(c: float, w: float, e: float, s: float, n: float, b: float, a: float): float =\n' \
       '  "return c + 0.125f * (w + e + s + n + b + a - 6.0f * c);"\n' \
       '  | "c + 0.125 * (w + e + s + n + b + a - 6.0 * c)"\n'


def _pick(i: int, nbh: str = "nbh", cells: int = 27) -> str:
    return f"pad(-{i}, -{cells - 1 - i}, value(0, float)) o join o join << {nbh}"


def _heat(boundary: str) -> str:
    picks = ", ".join(_pick(int(np.ravel_multi_index(p, (3, 3, 3)))) for p in POINTS7)
    return (HEAT + "def heat(g: [[[float]x]y]z) =\n  map(map(join))\n"
            f"  o mapND(3, nbh => map(t => heat({', '.join(f'get({i}) << t' for i in range(7))})) << zip({picks}))\n"
            f"  o slideND(3, 3, 3, 1, 1, 1)\n  o {boundary}\n  << g\n")


ZERO = "padND(1, 1, 1, 1, 1, 1, value(0, float))"
CLAMP = "padClampND(1, 1, 1, 1, 1, 1)"
PROGRAMS = {
    "heat7-zero": _heat(ZERO),
    "heat7-clamp": _heat(CLAMP),
    "box27-zero": (USER / "box3d.lift").read_text(),
    "box27-clamp": (USER / "box3d.lift").read_text().replace(ZERO, CLAMP),
    "box27-joinND-zero": (USER / "box3d.lift").read_text().replace("join o join << nbh", "joinND(3) << nbh"),
    "weights27-clamp": "def w27(g: [[[float]x]y]z, wts: [float]27) =\n  map(map(join))\n"
                       "  o mapND(3, nbh => reduce(value(0, float),"
                       " (acc, t) => multAndSumUp(acc, get(0) << t, get(1) << t)) << zip(join o join << nbh, wts))\n"
                       f"  o slideND(3, 3, 3, 1, 1, 1)\n  o {CLAMP}\n  << g\n",
    # two inputs: a temperature grid's windows zipped with a power grid, read at the centre (HotSpot 3-D)
    "hotspot7-clamp": (
        'userfun step(c: float, w: float, e: float, s: float, n: float, b: float, a: float, p: float): float =\n'
        '  "return c + 0.3f * p + 0.1f * (w + e + s + n - 4.0f * c) + 0.05f * (b + a - 2.0f * c);"\n'
        '  | "c + 0.3 * p + 0.1 * (w + e + s + n - 4.0 * c) + 0.05 * (b + a - 2.0 * c)"\n'
        "def hotspot3d(temp: [[[float]x]y]z, power: [[[float]x]y]z) =\n  map(map(join))\n"
        "  o mapND(3, t => map(q => step(" + ", ".join(f"get({i}) << q" for i in range(7)) + ", get(1) << t))"
        " << zip(" + ", ".join(_pick(int(np.ravel_multi_index(p, (3, 3, 3))), "get(0) << t") for p in POINTS7)
        + "))\n  << zipND(3, slideND(3, 3, 3, 1, 1, 1) o " + CLAMP + " << temp, power)\n"),
    # sums of a range of the window across its planes (rows 1..2 of plane 0, row 0 of plane 1: a copy of those
    # nine) and of its last plane (a view: a contraction)
    "ranges27-zero": (
        "def ranges(g: [[[float]x]y]z) =\n  map(map(join))\n"
        "  o mapND(3, nbh => map(t => add(get(0) << t, get(1) << t))"
        " << zip(reduce(value(0, float), add) o pad(-3, -15, value(0, float)) o join o join << nbh,"
        " reduce(value(0, float), add) o pad(-18, 0, value(0, float)) o join o join << nbh))\n"
        f"  o slideND(3, 3, 3, 1, 1, 1)\n  o {ZERO}\n  << g\n"),
}


def _np_pad(g: np.ndarray, boundary: str) -> np.ndarray:
    return np.pad(g, 1, mode="edge") if boundary == "clamp" else np.pad(g, 1)


def _shifted(g: np.ndarray, p, shape) -> np.ndarray:
    return g[tuple(slice(o, o + n) for o, n in zip(p, shape, strict=True))]


def _reference(name: str, inputs: dict) -> np.ndarray:
    """The float64 meaning of each program, from shifted views of the padded grid."""
    g0 = next(iter(inputs.values())).astype(np.float64)
    g = _np_pad(g0, name.rsplit("-", 1)[1])
    at = {p: _shifted(g, p, g0.shape) for p in np.ndindex(3, 3, 3)}
    if name.startswith("heat7"):
        c, w, e, s, n, b, a = (at[p] for p in POINTS7)
        return c + 0.125 * (w + e + s + n + b + a - 6.0 * c)
    if name.startswith("hotspot7"):
        c, w, e, s, n, b, a = (at[p] for p in POINTS7)
        return c + 0.3 * inputs["power"] + 0.1 * (w + e + s + n - 4.0 * c) + 0.05 * (b + a - 2.0 * c)
    if name.startswith("box27"):
        return sum(at.values())
    if name.startswith("weights27"):
        return sum(float(wt) * at[p] for wt, p in zip(inputs["wts"], np.ndindex(3, 3, 3), strict=True))
    pts = list(np.ndindex(3, 3, 3))
    return sum(at[p] for p in pts[3:12]) + sum(at[p] for p in pts[18:])


def _inputs(prog, shape, rng) -> dict:
    out = {}
    for p in prog.params:
        out[p.name] = (rng.standard_normal(27) if p.name == "wts" else rng.standard_normal(shape)).astype(np.float32)
    return out


def _sequential(prog, inputs, monkeypatch):
    """The element-by-element path: no window read in place, no fast reduction, no contraction."""
    with monkeypatch.context() as m:
        m.setattr(interp, "_fast_reduce_spec", lambda f: None)
        m.setattr(interp._Evaluator, "_crops_join", lambda self, e: False)
        return interpret(prog, inputs)


class _Watched:
    """While patched in: the shapes joined by `_join` and merged by `_merge` (copies of windows), the crops of
    spread windows and the contractions (their number of reduced axes)."""

    def __init__(self, monkeypatch):
        self.joined: list[tuple] = []
        self.crops = 0
        self.contractions: list[int] = []
        real_join, real_crop, real_contract = interp._Evaluator._join, interp._crop, interp._contract

        def join(ev, p, args, env, r):
            self.joined.append(interp._leaf(args[0]).shape[r:])
            return real_join(ev, p, args, env, r)

        def crop(a, r, k, lo, hi):
            self.crops += 1
            return real_crop(a, r, k, lo, hi)

        def contract(u, v, r, k=1):
            self.contractions.append(k)
            return real_contract(u, v, r, k)

        monkeypatch.setattr(interp._Evaluator, "_join", join)
        monkeypatch.setattr(interp, "_crop", crop)
        monkeypatch.setattr(interp, "_contract", contract)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_3d_windows_read_in_place_agree_with_the_sequential_path(name, monkeypatch):
    prog = parse_program(PROGRAMS[name])
    rng = np.random.default_rng(11)
    inputs = _inputs(prog, (5, 4, 6), rng)
    with monkeypatch.context() as m:
        watched = _Watched(m)
        fast = interpret(prog, inputs)
    slow = _sequential(prog, inputs, monkeypatch)
    assert fast.dtype == np.float32 and fast.shape == slow.shape == (5, 4, 6)
    # no join of a 3x3x3 window ran (the final map(map(join)) joins the one-element results only)
    assert watched.joined and not any(len(s) >= 3 and s[-3:] == (3, 3, 3) for s in watched.joined)
    ref = _reference(name, inputs)
    if name.startswith(("heat7", "hotspot7")):  # picks: the same fp32 values, read in place
        assert watched.crops == 7 and not watched.contractions
        np.testing.assert_array_equal(fast, slow)
        np.testing.assert_allclose(fast, ref, rtol=1e-5, atol=1e-5)
        return
    # sums over the window: float64 contractions over its three axes, within the summation bound
    assert watched.contractions == [3]  # one (the ranges: the plane's sum; the other range is a copy of 9)
    weights = {k: np.abs(v) for k, v in inputs.items()}
    magnitude = np.abs(_reference(name, weights)) + 1e-30
    terms = 27
    assert np.all(np.abs(fast.astype(np.float64) - slow) <= 2 * gamma(terms) * magnitude)
    assert np.all(np.abs(fast.astype(np.float64) - ref) <= gamma(2) * magnitude * (1 + gamma(terms)))


def test_heat3d_user_program_against_its_expected_output(monkeypatch):
    prog = parse_program((USER / "heat3d.lift").read_text())
    data = dict(np.load(USER / "heat3d.npz"))
    expected = data.pop("expected")
    inputs = {p.name: data[p.name] for p in prog.params}
    with monkeypatch.context() as m:
        watched = _Watched(m)
        fast = interpret(prog, inputs)
    assert watched.crops == 7
    np.testing.assert_array_equal(fast, _sequential(prog, inputs, monkeypatch))
    np.testing.assert_allclose(fast, expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])  # zero, clamp, mirror and wrap boundaries
def test_generated_3d_stencils_pick_in_place(seed, monkeypatch):
    spec = generate.program_spec("stencil3d", seed)
    prog = parse_program(spec.text)
    sizes = spec.presets["small"]
    x = np.random.default_rng(seed).standard_normal((sizes["d"], sizes["h"], sizes["w"])).astype(np.float32)
    with monkeypatch.context() as m:
        watched = _Watched(m)
        fast = interpret(prog, {"x": x})
    assert watched.crops == spec.text.count("o join o join << nbh")
    np.testing.assert_array_equal(fast, _sequential(prog, {"x": x}, monkeypatch))
    np.testing.assert_allclose(fast, spec.reference({"x": x}, sizes), rtol=1e-5, atol=1e-5)


def test_2d_picks_take_the_same_path(monkeypatch):
    """The 2-D form of a pick (`pad(-i, -j) o join << nbh`) is a view of the window too."""
    text = ("def pick2(g: [[float]x]y) =\n  map(join)\n"
            "  o mapND(2, nbh => map(t => add(get(0) << t, get(1) << t))"
            " << zip(pad(-1, -7, value(0, float)) o join << nbh, pad(-5, -3, value(0, float)) o join << nbh))\n"
            "  o slideND(3, 3, 1, 1)\n  o padClampND(1, 1, 1, 1)\n  << g\n")
    prog = parse_program(text)
    g = np.random.default_rng(4).standard_normal((7, 9)).astype(np.float32)
    with monkeypatch.context() as m:
        watched = _Watched(m)
        fast = interpret(prog, {"g": g})
    assert watched.crops == 2 and not any(s[-2:] == (3, 3) for s in watched.joined)
    np.testing.assert_array_equal(fast, _sequential(prog, {"g": g}, monkeypatch))
    p = np.pad(g, 1, mode="edge")
    np.testing.assert_array_equal(fast, p[:-2, 1:-1] + p[1:-1, 2:])


def test_crops_that_over_truncate_still_fail_like_pad(monkeypatch):
    text = ("def bad(g: [[[float]x]y]z) =\n  map(map(join))\n"
            "  o mapND(3, nbh => pad(-20, -20, value(0, float)) o join o join << nbh)\n"
            f"  o slideND(3, 3, 3, 1, 1, 1)\n  o {ZERO}\n  << g\n")
    with pytest.raises(Exception, match="truncates more than its length"):
        interpret(parse_program(text), {"g": np.zeros((4, 4, 4), np.float32)}, check=False)
