"""Small programs with rewrite points, one or more per kind, shared by the rewrite-point tests."""

from __future__ import annotations

import numpy as np

from compiler.ir import build as b
from compiler.ir.userfuns import ADD, MULT, NEG, SQUARE
from compiler.types import FLOAT, array


def _mult_pair(t):
    return MULT(b.get(0) << t, b.get(1) << t)


def _add_pair(t):
    return ADD(b.get(0) << t, b.get(1) << t)


def dot(rs, cs):
    return b.reduce_(b.value(0, FLOAT), ADD) << b.map_(_mult_pair) << b.zip_(rs, cs)


def mm_core():
    """(A, B) => map(a => map(c => reduce(0, add) o map(mult) << zip(a, c)) << B) << A."""
    return b.lam(lambda A, B: b.map_(lambda a: b.map_(lambda c: dot(a, c)) << B) << A)


def mm(kind_wraps, n=8, m=4, k=8):
    """mm with the core wrapped in RPs: kind_wraps is [(kind, label, args), ...] outermost first."""
    def body(A, B):
        f = mm_core()
        for kind, label, args in reversed(kind_wraps):
            f = b.rp(kind, f, label, *args)
        return f(A, B)
    return b.program("mm", {"A": array(FLOAT, n, k), "B": array(FLOAT, m, k)}, body)


def unary(name: str, t, fun, kind: str, label: str = "rp", *args):
    return b.program(name, {"x": t}, lambda x: b.rp(kind, fun, label, *args) << x)


def acc_reduce(length):
    """xs => reduce(value(0, [float]L), (acc, y) => map(add) << zip(acc, y)) << xs  on [[float]L]T."""
    init = b.value(0, array(FLOAT, length))
    return b.lam(lambda xs: b.reduce_(init, lambda acc, y: b.map_(_add_pair) << b.zip_(acc, y)) << xs)


PROGRAMS = {
    "splitJoin1D": lambda: unary("sj1", array(FLOAT, 16), b.map_(NEG), "splitJoin1D"),
    "splitJoin2D": lambda: unary("sj2", array(FLOAT, 16), b.map_(NEG), "splitJoin2D"),
    "splitJoin3D": lambda: unary("sj3", array(FLOAT, 16), b.map_(NEG), "splitJoin3D"),
    "joinSplitND": lambda: unary("js", array(FLOAT, 4, 3, 2), b.map_nd(3, NEG), "joinSplitND"),
    "joinSplit2D": lambda: unary("js2", array(FLOAT, 4, 3, 2), b.map_(b.map_(b.map_(SQUARE))), "joinSplit2D"),
    "materialise": lambda: unary("mat", array(FLOAT, 4, 6), b.map_(b.map_(NEG)), "materialise"),
    "optimiseDataLayout": lambda: unary(
        "odl", array(FLOAT, 8, 4), b.lam(lambda x: b.map_(b.map_(NEG)) << b.map_(b.map_(SQUARE)) << x),
        "optimiseDataLayout", "rp", 2),
    "kernelFission": lambda: unary(
        "kf", array(FLOAT, 8, 4), b.lam(lambda x: b.map_(b.map_(NEG)) << b.map_(b.map_(SQUARE)) << x),
        "kernelFission"),
    "interchangeMaps": lambda: b.program(
        "im", {"a": array(FLOAT, 4), "c": array(FLOAT, 6)},
        lambda a, c: b.rp("interchangeMaps", b.lam(lambda p, q: b.map_(lambda x: b.map_(lambda y: ADD(x, y)) << q)
                                                   << p), "rp")(a, c)),
    "abTile": lambda: mm([("abTile", "rp", ())]),
    "tileNestedMapReduce": lambda: mm([("tileNestedMapReduce", "rp", (ADD,))]),
    "privatiseAccumulator": lambda: unary(
        "pa", array(FLOAT, 16), b.lam(lambda x: b.reduce_(b.value(0, FLOAT), ADD) << b.map_(SQUARE) << x),
        "privatiseAccumulator"),
    "padExtra1D": lambda: unary(
        "pad1", array(FLOAT, 10),
        b.lam(lambda x: b.map_(lambda w: b.reduce_(b.value(0, FLOAT), ADD) << w) << b.slide(3, 1) << x),
        "padExtra1D"),
    "padExtra2D": lambda: unary(
        "pad2", array(FLOAT, 6, 5),
        b.lam(lambda x: b.map_nd(2, lambda w: b.reduce_(b.value(0, FLOAT), ADD) << b.join() << w)
              << b.slide_nd((3, 3), (1, 1)) << x),
        "padExtra2D"),
}
# second programs (name "kind:variant"): other shapes of the same pattern
PROGRAMS.update({
    "kernelFission:argument": lambda: unary(  # last stage is a view: the argument is materialised (g = id)
        "kfa", array(FLOAT, 4, 6), b.lam(lambda x: b.map_(b.reduce_(b.value(0, FLOAT), ADD)) << b.transpose() << x),
        "kernelFission", "rp", 2),
    "optimiseDataLayout:n1": lambda: unary(
        "odl1", array(FLOAT, 12), b.lam(lambda x: b.map_(NEG) << b.map_(SQUARE) << x), "optimiseDataLayout", "rp", 1),
    "optimiseDataLayout:n3": lambda: unary(
        "odl3", array(FLOAT, 4, 4), b.lam(lambda x: b.join() << b.map_(b.map_(SQUARE)) << x),
        "optimiseDataLayout", "rp", 3),
    "materialise:1D": lambda: unary("mat1", array(FLOAT, 8), b.lam(lambda x: b.map_(NEG) << x), "materialise"),
    "joinSplit3D:partial": lambda: unary(
        "js3", array(FLOAT, 2, 2, 3, 2), b.map_(b.map_(b.map_(b.reduce_(b.value(0, FLOAT), ADD)))), "joinSplit3D"),
    "padExtra1D:split": lambda: unary(
        "pads", array(FLOAT, 12), b.lam(lambda x: b.join() << b.map_(b.map_(NEG)) << b.split(3) << x), "padExtra1D"),
    "privatiseAccumulator:array": lambda: unary(
        "paa", array(FLOAT, 4, 6), acc_reduce(6), "privatiseAccumulator"),
    "interchangeMaps:let": lambda: b.program(
        "iml", {"a": array(FLOAT, 4, 2), "c": array(FLOAT, 3)},
        lambda a, c: b.rp("interchangeMaps", b.lam(lambda p, q: b.map_(lambda x: b.let(
            lambda xs: b.map_(lambda y: b.reduce_(b.value(0, FLOAT), ADD) << b.map_(lambda e: ADD(e, y)) << xs) << q)
            << (b.map_(NEG) << x)) << p), "rp")(a, c)),
})

# tuning values some programs need (the pad must keep split(3) exact)
FIXED = {"padExtra1D:split": {"rp.p": 6}}

for _k in (2, 3, 4):
    PROGRAMS[f"interchangeReduce{_k}D"] = (lambda k: lambda: b.program(
        f"ir{k}", {"x": array(FLOAT, 4, 16)},
        lambda x: b.rp(f"interchangeReduce{k}D", acc_reduce(16), "rp") << x))(_k)


def random_inputs(p, rng: np.random.Generator) -> dict[str, np.ndarray]:
    from compiler.types import concrete_shape

    return {q.name: rng.standard_normal(concrete_shape(q.type, {})).astype(np.float32) for q in p.params}


def conv_listing_6_4(h=6, w=6, c=2, k=4, kh=3, kw=3):
    """Listing 6.4's arrangement of twelve RPs on a small conv (pad 1, stride 1), written as in the thesis:
    padExtra2D(kernelFission(joinSplitND(padExtra1D(kernelFission(windows => oclKernel(abTile(abTile(
    tileNestedMapReduce(tileNestedMapReduce(abTile(core)))))))(windows, kernelFission(weights)))) o mapND2(joinND3)
    o slideND2)) o padND2 << input. The core's per-window result is [float]1 (reduce), so the output is
    [[[[float]1]K]W]H."""
    def body(x, wts):
        weights = b.rp("kernelFission", b.lam(lambda kk: b.map_(b.join_nd(3)) << kk), "fissionWeights") << wts
        core = b.lam(lambda a, bb: b.map_nd(2, lambda win: b.map_(
            lambda ker: b.rp("privatiseAccumulator", b.lam(lambda pairs: b.reduce_(b.value(0, FLOAT), ADD)
                                                          << b.map_(_mult_pair) << pairs), "privAcc")
            << b.zip_(win, ker)) << bb) << a)
        nest = b.rp("abTile", b.rp("abTile", b.rp("tileNestedMapReduce", b.rp("tileNestedMapReduce", b.rp(
            "abTile", core, "abTilePrefetch"), "tnmrReuse", ADD), "tnmrParallel", ADD), "abTileInner"),
            "abTileOuter")
        per_windows = b.rp("padExtra1D", b.rp("kernelFission", b.lam(lambda sw: b.ocl_kernel(nest)(sw, weights)),
                                              "fissionIm2col"), "padWindows")
        flat = b.rp("joinSplitND", per_windows, "flattenWindows")
        pre = b.rp("padExtra2D", b.rp("kernelFission", b.lam(
            lambda xp: flat << b.map_nd(2, b.join_nd(3)) << b.slide_nd((kh, kw), (1, 1)) << xp), "fissionInput"),
            "padInput")
        return pre << b.pad_nd((1, 1, 1, 1), b.value(0, FLOAT)) << x
    return b.program("conv", {"x": array(FLOAT, h, w, c), "wts": array(FLOAT, k, kh, kw, c)}, body)


def conv_reference(x: np.ndarray, wts: np.ndarray) -> np.ndarray:
    h, w, _ = x.shape
    k, kh, kw, _ = wts.shape
    xp = np.pad(x, ((1, 1), (1, 1), (0, 0)))
    out = np.zeros((h, w, k, 1), np.float32)
    for i in range(h):
        for j in range(w):
            out[i, j, :, 0] = np.tensordot(wts, xp[i:i + kh, j:j + kw, :], axes=([1, 2, 3], [0, 1, 2]))
    return out
