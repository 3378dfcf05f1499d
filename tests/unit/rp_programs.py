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
for _k in (2, 3, 4):
    PROGRAMS[f"interchangeReduce{_k}D"] = (lambda k: lambda: b.program(
        f"ir{k}", {"x": array(FLOAT, 4, 16)},
        lambda x: b.rp(f"interchangeReduce{k}D", acc_reduce(16), "rp") << x))(_k)


def random_inputs(p, rng: np.random.Generator) -> dict[str, np.ndarray]:
    from compiler.types import concrete_shape

    return {q.name: rng.standard_normal(concrete_shape(q.type, {})).astype(np.float32) for q in p.params}
