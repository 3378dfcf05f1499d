"""The NumPy reference interpreter: every primitive and macro against hand-computed NumPy results, macros against
their expansions, lowered programs against their high-level forms, size inference and input errors."""

from __future__ import annotations

import time

import numpy as np
import pytest

from compiler.errors import InterpretError, TypeCheckError
from compiler.ir.build import (
    as_scalar,
    as_vector,
    get,
    iterate,
    join,
    join_nd,
    let,
    map_,
    map_glb,
    map_lcl,
    map_nd,
    map_seq,
    map_seq_unroll,
    map_wrg,
    ocl_kernel,
    pad,
    pad_nd,
    program,
    reduce_,
    reduce_seq,
    reduce_seq_unroll,
    reorder,
    slide,
    slide_nd,
    slide_strict,
    slide_strict_nd,
    split,
    split_nd,
    take,
    to_global,
    to_gpu,
    to_host,
    to_local,
    to_private,
    transpose,
    transpose_nd,
    transpose_w,
    transpose_w_nd,
    tuple_,
    value,
    vectorise,
    zip_,
    zip_nd,
)
from compiler.ir.interpret import interpret
from compiler.ir.macros import expand_program
from compiler.ir.node import Prim, walk
from compiler.ir.ops import MACROS
from compiler.ir.userfuns import ADD, ID, MAX, MULT, MULT_AND_SUM_UP, NEG, SUB, userfun
from compiler.suite.common import gamma
from compiler.types import FLOAT, INT, ArrayType, TupleType, array, vector

RNG = np.random.default_rng(1234)
ADD_I = userfun("addI", "x y", INT, INT, "return x + y;", "x + y")
MUL_I = userfun("mulI", "x y", INT, INT, "return x * y;", "x * y")
HALF_PLUS = userfun("halfPlus", "acc x", FLOAT, FLOAT, "return 0.5f * acc + x;", "np.float32(0.5) * acc + x")
SQ_SUM = userfun("sqSum", "acc x", FLOAT, FLOAT, "return acc + x * x;", "acc + x * x")


def rand(*shape) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def run(params, body, inputs, sizes=None):
    return interpret(program("p", params, body), inputs, sizes)


def mult_pair(t):
    return MULT(get(0) << t, get(1) << t)


def dot(a, b):
    return reduce_(value(0, FLOAT), ADD) @ map_(mult_pair) << zip_(a, b)


# --- layout primitives ------------------------------------------------------------------------------------
def test_split_join():
    x = rand(12)
    assert np.array_equal(run({"x": array(FLOAT, "N")}, lambda x: split(4) << x, {"x": x}), x.reshape(3, 4))
    y = rand(3, 4)
    assert np.array_equal(run({"y": array(FLOAT, "N", "M")}, lambda y: join() << y, {"y": y}), y.reshape(12))
    # inside a map: split the rows
    z = rand(2, 6)
    out = run({"z": array(FLOAT, "N", "M")}, lambda z: map_(split(3)) << z, {"z": z})
    assert np.array_equal(out, z.reshape(2, 2, 3))


def test_split_not_dividing_a_symbolic_length():
    with pytest.raises(InterpretError, match="split"):
        run({"x": array(FLOAT, "N")}, lambda x: split(4) << x, {"x": rand(10)})


def test_slide_and_slide_strict():
    x = np.arange(8, dtype=np.float32)
    out = run({"x": array(FLOAT, "N")}, lambda x: slide(3, 2) << x, {"x": x})
    assert np.array_equal(out, [[0, 1, 2], [2, 3, 4], [4, 5, 6]])  # floor((8-3+2)/2) = 3 windows
    out = run({"x": array(FLOAT, "N")}, lambda x: slide_strict(3, 1) << x, {"x": x[:5]})
    assert np.array_equal(out, [[0, 1, 2], [1, 2, 3], [2, 3, 4]])
    with pytest.raises(InterpretError, match="slideStrict"):
        run({"x": array(FLOAT, "N")}, lambda x: slide_strict(3, 2) << x, {"x": x})
    # sliding over rows of a 2-D array keeps the inner dimension
    y = rand(5, 2)
    out = run({"y": array(FLOAT, "N", "M")}, lambda y: slide(2, 1) << y, {"y": y})
    assert np.array_equal(out, np.stack([y[i:i + 2] for i in range(4)]))


def test_pad_scalar_negative_and_mixed():
    x = np.arange(1, 5, dtype=np.float32)
    xt = {"x": array(FLOAT, "N")}
    assert np.array_equal(run(xt, lambda x: pad(1, 2, value(7, FLOAT)) << x, {"x": x}), [7, 1, 2, 3, 4, 7, 7])
    assert np.array_equal(run(xt, lambda x: pad(-1, 0, value(7, FLOAT)) << x, {"x": x}), [2, 3, 4])
    assert np.array_equal(run(xt, lambda x: pad(-2, -1, value(7, FLOAT)) << x, {"x": x}), [3])
    assert np.array_equal(run(xt, lambda x: pad(2, -3, value(0, FLOAT)) << x, {"x": x}), [0, 0, 1])
    with pytest.raises(InterpretError, match="truncates"):
        run({"x": array(FLOAT, "N")}, lambda x: pad(-3, -2, value(0, FLOAT)) << x, {"x": x})


def test_pad_broadcasts_the_value_over_element_dimensions():
    x = rand(3, 4)
    out = run({"x": array(FLOAT, "N", "M")}, lambda x: pad(1, 1, value(0, FLOAT)) << x, {"x": x})
    assert np.array_equal(out, np.pad(x, ((1, 1), (0, 0))))
    # a 1-D value padding rows of a 2-D array
    v = rand(4)
    out = run({"x": array(FLOAT, "N", "M"), "v": array(FLOAT, "M")}, lambda x, v: pad(2, 1, v) << x,
              {"x": x, "v": v})
    assert np.array_equal(out, np.concatenate([v[None], v[None], x, v[None]]))
    # a 2-D array value broadcast over a 3-D array's elements
    z = rand(2, 3, 4)
    out = run({"z": array(FLOAT, "K", "N", "M")}, lambda z: pad(1, 0, value(5, array(FLOAT, "M"))) << z, {"z": z})
    assert np.array_equal(out, np.concatenate([np.full((1, 3, 4), 5, np.float32), z]))


def test_pad_value_that_depends_on_the_map_variable():
    a, b = rand(3), rand(3, 4)
    out = run({"a": array(FLOAT, "N"), "b": array(FLOAT, "N", "M")},
              lambda a, b: map_(lambda t: pad(1, 1, get(0) << t) << (get(1) << t)) << zip_(a, b),
              {"a": a, "b": b})
    want = np.concatenate([a[:, None], b, a[:, None]], axis=1)
    assert np.array_equal(out, want)


def test_transpose_and_transpose_w():
    x = rand(3, 4)
    for tr in (transpose, transpose_w):
        assert np.array_equal(run({"x": array(FLOAT, "N", "M")}, lambda x, tr=tr: tr() << x, {"x": x}), x.T)
    z = rand(2, 3, 4)
    out = run({"z": array(FLOAT, "K", "N", "M")}, lambda z: map_(transpose()) << z, {"z": z})
    assert np.array_equal(out, z.transpose(0, 2, 1))


def test_reorder_with_stride():
    x = np.arange(12, dtype=np.float32)
    out = run({"x": array(FLOAT, "N")}, lambda x: reorder(3) << x, {"x": x})
    n = 12 // 3
    assert np.array_equal(out, [x[i // n + 3 * (i % n)] for i in range(12)])
    assert np.array_equal(out, x.reshape(4, 3).T.reshape(12))  # virtual transpose


def test_zip_get_tuple():
    a, b = rand(5), rand(5)
    ab = {"a": array(FLOAT, "N"), "b": array(FLOAT, "N")}
    out = run(ab, lambda a, b: map_(lambda t: SUB(get(1) << t, get(0) << t)) << zip_(a, b), {"a": a, "b": b})
    assert np.array_equal(out, b - a)
    out = run(ab, lambda a, b: zip_(a, b), {"a": a, "b": b})
    assert isinstance(out, tuple) and np.array_equal(out[0], a) and np.array_equal(out[1], b)
    out = run(ab, lambda a, b: tuple_(a, map_(NEG) << b), {"a": a, "b": b})
    assert isinstance(out, tuple) and np.array_equal(out[0], a) and np.array_equal(out[1], -b)
    out = run(ab, lambda a, b: get(1) << tuple_(a, b), {"a": a, "b": b})
    assert np.array_equal(out, b)


def test_array_of_tuples_input_is_a_struct_of_arrays():
    a, b = rand(4), rand(4)
    out = run({"t": ArrayType(TupleType((FLOAT, FLOAT)), array(FLOAT, "N").n)},
              lambda t: map_(mult_pair) << t, {"t": (a, b)})
    assert np.array_equal(out, a * b)


def test_as_vector_as_scalar_vectorise():
    x = rand(16)
    xt = {"x": array(FLOAT, "N")}
    assert np.array_equal(run(xt, lambda x: as_vector(4) << x, {"x": x}), x.reshape(4, 4))
    assert np.array_equal(run(xt, lambda x: as_scalar() @ as_vector(4) << x, {"x": x}), x)
    out = run(xt, lambda x: as_scalar() @ map_(lambda v: vectorise(4, MULT)(v, v)) @ as_vector(4) << x, {"x": x})
    assert np.array_equal(out, x * x)
    out = run(xt, lambda x: map_(lambda v: vectorise(4, ADD)(v, value(1, vector(FLOAT, 4)))) @ as_vector(4) << x,
              {"x": x})
    assert np.array_equal(out, (x + 1).reshape(4, 4))
    # vectors as inputs: the lane axis is last
    v = rand(3, 4)
    out = run({"v": ArrayType(vector(FLOAT, 4), array(FLOAT, "N").n)}, lambda v: map_(vectorise(4, NEG)) << v,
              {"v": v})
    assert np.array_equal(out, -v)


def test_iterate_and_let():
    x = rand(6)
    xt = {"x": array(FLOAT, "N")}
    out = run(xt, lambda x: iterate(3, map_(lambda e: ADD(e, e))) << x, {"x": x})
    assert np.array_equal(out, x * 8)
    out = run(xt, lambda x: let(lambda y: map_(lambda e: ADD(e, e)) << y) << (map_(NEG) << x), {"x": x})
    assert np.array_equal(out, -2 * x)
    out = run({"x": array(FLOAT, "N"), "c": FLOAT},
              lambda x, c: let(lambda k: map_(lambda e: MULT(e, k)) << x) << MULT(c, c),
              {"x": x, "c": np.float32(3)})
    assert np.array_equal(out, x * np.float32(9))


def test_value_literals_broadcast():
    out = run({"x": array(FLOAT, "N")}, lambda x: value(2.5, array(FLOAT, 2, "N")), {"x": rand(3)})
    assert out.shape == (2, 3) and out.dtype == np.float32 and np.all(out == 2.5)
    out = run({"x": array(FLOAT, "N")}, lambda x: value("1.5f", array(FLOAT, "σ")), {"x": rand(3)}, {"σ": 4})
    assert np.array_equal(out, np.full(4, 1.5, np.float32))
    out = run({"x": array(INT, "N")}, lambda x: map_(lambda e: ADD_I(e, value(3, INT))) << x,
              {"x": np.arange(4, dtype=np.int32)})
    assert out.dtype == np.int32 and np.array_equal(out, np.arange(3, 7))


def test_reduce_fast_and_generic_paths():
    x = rand(50)
    xt = {"x": array(FLOAT, "N")}
    s = run(xt, lambda x: reduce_(value(1, FLOAT), ADD) << x, {"x": x})
    assert s.shape == (1,) and s.dtype == np.float32
    assert np.allclose(s, 1 + x.astype(np.float64).sum(), rtol=1e-5)
    m = run(xt, lambda x: reduce_(value("-3.0e38", FLOAT), MAX) << x, {"x": x})
    assert m[0] == x.max()
    # a non-associative operator takes the sequential path: Horner-like fold
    h = run(xt, lambda x: reduce_(value(0, FLOAT), HALF_PLUS) << x, {"x": x})
    acc = np.float32(0)
    for e in x:
        acc = np.float32(0.5) * acc + e
    assert h[0] == acc
    h = run(xt, lambda x: reduce_(value(0, FLOAT), lambda acc, e: SUB(acc, e)) << x, {"x": x})
    assert np.allclose(h, -x.astype(np.float64).sum(), rtol=1e-5)
    # fast lambda forms: acc + g(x), g(x) + acc, acc + x * x
    for f in (lambda acc, e: ADD(acc, MULT(e, e)), lambda acc, e: ADD(MULT(e, e), acc), SQ_SUM,
              lambda acc, e: SQ_SUM(acc, e), lambda acc, e: to_private(MULT_AND_SUM_UP)(acc, e, e)):
        out = run(xt, lambda x, f=f: reduce_(value(0, FLOAT), f) << x, {"x": x})
        assert np.allclose(out, (x.astype(np.float64) ** 2).sum(), rtol=1e-5)
    # int reduction stays int32
    i = np.arange(10, dtype=np.int32)
    out = run({"i": array(INT, "N")}, lambda i: reduce_(value(0, INT), ADD_I) << i, {"i": i})
    assert out.dtype == np.int32 and out[0] == 45
    out = run({"i": array(INT, "N")}, lambda i: reduce_(value(1, INT), MUL_I) << i, {"i": i[1:6]})
    assert out[0] == 120


def test_reduce_with_an_array_accumulator_and_inside_maps():
    x = rand(5, 3)
    out = run({"x": array(FLOAT, "N", "M")},
              lambda x: reduce_(value(0, array(FLOAT, "M")),
                                lambda acc, row: map_(lambda t: ADD(get(0) << t, get(1) << t)) << zip_(acc, row))
              << x, {"x": x})
    assert out.shape == (1, 3) and np.allclose(out[0], x.sum(0), rtol=1e-5)
    out = run({"x": array(FLOAT, "N", "M")}, lambda x: map_(reduce_(value(0, FLOAT), ADD)) << x, {"x": x})
    assert out.shape == (5, 1) and np.allclose(out[:, 0], x.sum(1), rtol=1e-5)
    out = run({"x": array(FLOAT, "N", "M")}, lambda x: map_(reduce_(value(0, FLOAT), HALF_PLUS)) << x, {"x": x})
    want = np.zeros(5, np.float32)
    for j in range(3):
        want = np.float32(0.5) * want + x[:, j]
    assert np.array_equal(out[:, 0], want)


def test_map_of_a_constant_broadcasts():
    out = run({"x": array(FLOAT, "N")}, lambda x: map_(lambda e: value(4, FLOAT)) << x, {"x": rand(3)})
    assert out.shape == (3,) and np.all(out == 4)
    out = run({"x": array(FLOAT, "N", "M")}, lambda x: map_nd(2, lambda e: value(1, vector(FLOAT, 2))) << x,
              {"x": rand(2, 3)})
    assert out.shape == (2, 3, 2)


def test_free_variables_are_lifted_into_maps():
    # outer product: the row element is bound at rank 1 and used at rank 2
    a, b = rand(3), rand(4)
    out = run({"a": array(FLOAT, "N"), "b": array(FLOAT, "M")},
              lambda a, b: map_(lambda ea: map_(lambda eb: MULT(ea, eb)) << b) << a, {"a": a, "b": b})
    assert np.array_equal(out, np.outer(a, b))


def test_fast_reductions_agree_with_the_sequential_path(monkeypatch):
    """The vectorised reductions sum in another order than the sequential path: each float32 sum of n terms may
    differ by 2 gamma_n sum|terms| (a max not at all)."""
    import compiler.ir.interpret as interp

    rng = np.random.default_rng(7)

    def r(*shape):
        return rng.standard_normal(shape).astype(np.float32)

    x, y = r(64, 300), r(300)
    a1, b1, a2, b2 = r(9, 40), r(40, 7), r(9, 40), r(40, 7)
    progs = [
        (_mm_high(), {"A": a1, "B": b1}, np.abs(a1).astype(np.float64) @ np.abs(b1), 40),
        (_mm_lowered(), {"A": a2, "B": b2}, np.abs(a2).astype(np.float64) @ np.abs(b2), 40),
        (program("rd", {"x": array(FLOAT, "B", "N"), "y": array(FLOAT, "N")},
                 lambda x, y: map_(lambda row: dot(row, y)) << x), {"x": x, "y": y},
         np.abs(x).astype(np.float64) @ np.abs(y), 300),
        (program("mx", {"x": array(FLOAT, "B", "N")}, lambda x: map_(reduce_(value(-1e30, FLOAT), MAX)) << x),
         {"x": x}, 0.0, 300),
    ]
    fast = [interpret(p, i) for p, i, _, _ in progs]
    monkeypatch.setattr(interp, "_fast_reduce_spec", lambda f: None)
    slow = [interpret(p, i) for p, i, _, _ in progs]
    for a, b, (_, _, magnitude, n) in zip(fast, slow, progs, strict=True):
        m = np.asarray(magnitude)
        bound = 2 * gamma(n) * (m.reshape(np.shape(b)) if m.size == np.size(b) else np.broadcast_to(m, np.shape(b)))
        assert np.all(np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64)) <= bound + 1e-30)


def test_reduce_of_map_is_fused_and_equal_to_unfused():
    x = rand(200)
    xt = {"x": array(FLOAT, "N")}
    for f in (ADD, HALF_PLUS):
        fused = run(xt, lambda x, f=f: reduce_(value(0, FLOAT), f) << map_(NEG) << x, {"x": x})
        unfused = run(xt, lambda x, f=f: reduce_(value(0, FLOAT), f) << let(lambda y: y) << map_(NEG) << x,
                      {"x": x})
        np.testing.assert_allclose(fused, unfused, rtol=1e-6)
    acc = np.float32(0)
    for e in -x:
        acc = np.float32(0.5) * acc + e
    assert run(xt, lambda x: reduce_(value(0, FLOAT), HALF_PLUS) << map_(NEG) << x, {"x": x})[0] == acc


def test_vector_accumulator_dot():
    a, b = rand(64), rand(64)

    def body(a, b):
        vsum = reduce_seq(value(0, vector(FLOAT, 4)), lambda acc, t: vectorise(4, MULT_AND_SUM_UP)(
            acc, get(0) << t, get(1) << t)) << zip_(as_vector(4) << a, as_vector(4) << b)
        return reduce_seq(value(0, FLOAT), ADD) @ as_scalar() << vsum

    out = run({"a": array(FLOAT, "N"), "b": array(FLOAT, "N")}, body, {"a": a, "b": b})
    np.testing.assert_allclose(out, [np.dot(a.astype(np.float64), b)], rtol=1e-5)


def test_two_dimensional_accumulator_like_listing_4_2():
    # out[k][s] = sum_j W[s][j] * Kr[k][j], reducing over j with a [[float]σ]κ accumulator in registers
    w, kr = rand(5, 12), rand(3, 12)

    def step(acc2d, t):
        return let(lambda wcol: let(lambda kcol: map_seq(lambda p: map_seq(
            lambda q: MULT_AND_SUM_UP(get(0) << q, get(1) << q, get(1) << p)) << zip_(get(0) << p, wcol))
            << zip_(acc2d, kcol)) << (get(1) << t)) << (get(0) << t)

    def body(W, Kr):
        init = map_seq(map_seq(to_private(ID))) << value(0, array(FLOAT, "κ", "σ"))
        return map_seq(map_seq(to_global(ID))) @ join() << (
            reduce_seq(init, step) << zip_(transpose() << W, transpose() << Kr))

    out = run({"W": array(FLOAT, "σ", "R"), "Kr": array(FLOAT, "κ", "R")}, body, {"W": w, "Kr": kr})
    np.testing.assert_allclose(out, kr.astype(np.float64) @ w.T, rtol=1e-5, atol=1e-6)


# --- macros ------------------------------------------------------------------------------------------------
def test_macros_against_numpy():
    x = rand(3, 4)
    x2 = {"x": array(FLOAT, "N", "M")}
    assert np.array_equal(run(x2, lambda x: map_nd(2, NEG) << x, {"x": x}), -x)
    y = rand(3, 4)
    out = run({"x": array(FLOAT, "N", "M"), "y": array(FLOAT, "N", "M")},
              lambda x, y: map_nd(2, mult_pair) << zip_nd(2, x, y), {"x": x, "y": y})
    assert np.array_equal(out, x * y)
    v = rand(24)
    assert np.array_equal(run({"v": array(FLOAT, "N")}, lambda v: split_nd(2, 3) << v, {"v": v}),
                          v.reshape(4, 2, 3))
    z = rand(2, 3, 4)
    z3 = {"z": array(FLOAT, "K", "N", "M")}
    assert np.array_equal(run(z3, lambda z: join_nd(3) << z, {"z": z}), z.reshape(24))
    assert np.array_equal(run(z3, lambda z: join_nd(2) << z, {"z": z}), z.reshape(6, 4))
    for perm in [(2, 0, 1), (1, 2, 0), (0, 2, 1), (2, 1, 0)]:
        for tnd in (transpose_nd, transpose_w_nd):
            out = run(z3, lambda z, perm=perm, tnd=tnd: tnd(*perm) << z, {"z": z})
            assert np.array_equal(out, z.transpose(perm)), perm
    w = rand(5, 6)
    out = run({"w": array(FLOAT, "N", "M")}, lambda w: slide_nd((3, 2), (1, 2)) << w, {"w": w})
    want = np.lib.stride_tricks.sliding_window_view(w, (3, 2))[:, ::2]
    assert np.array_equal(out, want)
    out = run({"w": array(FLOAT, "N", "M")}, lambda w: slide_strict_nd((3, 2), (2, 2)) << w, {"w": w})
    assert np.array_equal(out, np.lib.stride_tricks.sliding_window_view(w, (3, 2))[::2, ::2])
    out = run(x2, lambda x: pad_nd((1, 2, 0, 1), value(9, FLOAT)) << x, {"x": x})
    assert np.array_equal(out, np.pad(x, ((1, 2), (0, 1)), constant_values=9))
    out = run(x2, lambda x: pad_nd((-1, 0, 1, -2), value(9, FLOAT)) << x, {"x": x})
    assert np.array_equal(out, np.pad(x[1:, :2], ((0, 0), (1, 0)), constant_values=9))
    out = run({"v": array(FLOAT, "N")}, lambda v: take(3) << v, {"v": v})
    assert np.array_equal(out, v[:3])
    out = run(z3, lambda z: map_(take(2)) << z, {"z": z})
    assert np.array_equal(out, z[:, :2])


MACRO_PROGRAMS = [
    ("mapND", {"x": array(FLOAT, "N", "M", "K"), "c": FLOAT},
     lambda x, c: map_nd(3, lambda e: MULT(e, c)) << x),
    ("mapND2-of-rows", {"x": array(FLOAT, "N", "M", "K")}, lambda x: map_nd(2, reduce_(value(0, FLOAT), ADD)) << x),
    ("zipND", {"x": array(FLOAT, "N", "M"), "y": array(FLOAT, "N", "M")},
     lambda x, y: map_nd(2, mult_pair) << zip_nd(2, x, y)),
    ("zipND3", {"x": array(FLOAT, "N", "M", "K"), "y": array(FLOAT, "N", "M", "K")},
     lambda x, y: map_nd(3, mult_pair) << zip_nd(3, x, y)),
    ("splitND", {"x": array(FLOAT, 24)}, lambda x: split_nd(2, 3) << x),
    ("joinND", {"x": array(FLOAT, "N", "M", "K")}, lambda x: join_nd(3) << x),
    ("slideND", {"x": array(FLOAT, "N", "M")}, lambda x: slide_nd((3, 2), (1, 2)) << x),
    ("slideND3", {"x": array(FLOAT, "N", "M", "K")}, lambda x: slide_nd((2, 2, 2), (1, 1, 2)) << x),
    ("slideStrictND", {"x": array(FLOAT, 7, 6)}, lambda x: slide_strict_nd((3, 2), (2, 2)) << x),
    ("padND", {"x": array(FLOAT, "N", "M", "K")}, lambda x: pad_nd((1, 0, 2, 1, 0, 1), value(3, FLOAT)) << x),
    ("padND-negative", {"x": array(FLOAT, "N", "M")}, lambda x: pad_nd((-1, 1, 2, -1), value(0, FLOAT)) << x),
    ("transposeND", {"x": array(FLOAT, "N", "M", "K", "L")}, lambda x: transpose_nd(3, 0, 2, 1) << x),
    ("transposeWND", {"x": array(FLOAT, "N", "M", "K")}, lambda x: transpose_w_nd(1, 2, 0) << x),
    ("take", {"x": array(FLOAT, "N", "M")}, lambda x: map_(take(2)) << x),
    ("nested", {"x": array(FLOAT, "N", "M")},
     lambda x: map_nd(2, lambda w: reduce_(value(0, FLOAT), ADD) @ join_nd(2) << w)
     @ slide_nd((3, 3), (1, 1)) @ pad_nd((1, 1, 1, 1), value(0, FLOAT)) << x),
]
SHAPES = {"N": 7, "M": 6, "K": 4, "L": 3}


@pytest.mark.parametrize("case", MACRO_PROGRAMS, ids=[c[0] for c in MACRO_PROGRAMS])
def test_macro_equals_its_expansion(case):
    _, params, body = case
    p = program("m", params, body)
    e = expand_program(p)
    assert not any(isinstance(n, Prim) and n.op in MACROS for _, n in walk(e))
    inputs = {}
    for q in p.params:
        t = q.type
        dims = []
        while isinstance(t, ArrayType):
            dims.append(int(t.n) if t.n.is_number else SHAPES[str(t.n)])
            t = t.elem
        inputs[q.name] = rand(*dims)
    got, want = interpret(p, inputs), interpret(e, inputs)
    assert np.array_equal(got, want)


# --- lowered programs equal their high-level forms -----------------------------------------------------------
def _mm_high():
    return program("mm", {"A": array(FLOAT, "M", "K"), "B": array(FLOAT, "K", "N")},
                   lambda A, B: map_(lambda ra: map_(lambda cb: dot(ra, cb)) << transpose() << B) << A)


def _mm_lowered():
    def cell(ra, cb):
        return to_global(map_seq(ID)) @ reduce_seq(
            to_private(ID) << value(0, FLOAT),
            lambda acc, t: MULT_AND_SUM_UP(acc, get(0) << t, get(1) << t)) << zip_(ra, cb)

    return program("mm", {"A": array(FLOAT, "M", "K"), "B": array(FLOAT, "K", "N")},
                   lambda A, B: to_host() << ocl_kernel(lambda a, b: map_glb(1, lambda ra: map_glb(
                       0, lambda cb: cell(ra, cb)) << transpose() << b) << a)(to_gpu() << A, to_gpu() << B))


def test_matrix_multiplication_high_level_and_lowered():
    a, b = rand(33, 17), rand(17, 29)
    want = a.astype(np.float64) @ b.astype(np.float64)
    for p in (_mm_high(), _mm_lowered()):
        out = interpret(p, {"A": a, "B": b})
        assert out.shape == (33, 29, 1) and out.dtype == np.float32
        np.testing.assert_allclose(out[..., 0], want, rtol=1e-4, atol=1e-5)


def test_dot():
    a, b = rand(1000), rand(1000)
    out = run({"a": array(FLOAT, "N"), "b": array(FLOAT, "N")}, dot, {"a": a, "b": b})
    np.testing.assert_allclose(out[0], np.dot(a.astype(np.float64), b), rtol=1e-5)


def test_workgroup_partial_reduction_lowered():
    # join o mapWrg(0, join o mapLcl(0, toGlobal(mapSeq(id)) o reduceSeq(0, add)) o split(4)) o split(κ)
    x = rand(64)
    hi = run({"x": array(FLOAT, "N")}, lambda x: join() @ map_(lambda c: join() @ map_(
        reduce_(value(0, FLOAT), ADD)) @ split(4) << c) @ split("κ") << x, {"x": x}, {"κ": 16})
    lo = run({"x": array(FLOAT, "N")}, lambda x: join() @ map_wrg(0, lambda c: join() @ map_lcl(
        0, lambda q: to_global(map_seq_unroll(ID)) @ reduce_seq_unroll(
            to_private(ID) << value(0, FLOAT), lambda acc, e: to_private(ADD)(acc, e)) << q) @ split(4) << c)
        @ split("κ") << x, {"x": x}, {"κ": 16})
    np.testing.assert_allclose(hi, x.reshape(16, 4).sum(1), rtol=1e-5)
    np.testing.assert_allclose(lo, hi, rtol=1e-6)


def test_coalescing_rewrite_is_an_identity():
    # R5: mapLcl(mapSeq(f)) o split(s)  ==  join o transposeW o mapLcl(mapSeq(f)) o transpose o split(s)
    x = rand(48)
    f = map_lcl(0, map_seq(NEG))
    a = run({"x": array(FLOAT, "N")}, lambda x: join() @ f @ split(6) << x, {"x": x})
    b = run({"x": array(FLOAT, "N")}, lambda x: join() @ transpose_w() @ f @ transpose() @ split(6) << x, {"x": x})
    assert np.array_equal(a, -x) and np.array_equal(b, -x)


def test_vectorised_lowering_equals_map():
    x = rand(32)
    hi = run({"x": array(FLOAT, "N")}, lambda x: map_(lambda e: MULT(e, e)) << x, {"x": x})
    lo = run({"x": array(FLOAT, "N")}, lambda x: as_scalar() @ map_glb(0, lambda v: to_local(vectorise(4, MULT))(
        v, v)) @ as_vector(4) << x, {"x": x})
    assert np.array_equal(hi, lo)


# --- stencil and convolution ------------------------------------------------------------------------------
def _stencil(padded: bool):
    def body(weights, x):
        inner = (map_nd(2, lambda nbh: reduce_(value(0, FLOAT), lambda acc, t: MULT_AND_SUM_UP(
            acc, get(0) << t, get(1) << t)) << zip_(join() << nbh, join() << weights)) @ slide_nd((3, 3), (1, 1)))
        return inner @ pad_nd((1, 1, 1, 1), value(0, FLOAT)) << x if padded else inner << x

    return program("stencil2D", {"weights": array(FLOAT, 3, 3), "inputData": array(FLOAT, "height", "width")}, body)


def _stencil_lowered():
    # thesis Listing 2.2: mapWrg(0)(mapLcl(0)(toGlobal(id) o reduceSeq(toPrivate(id) << 0, acc + l*r)))
    def body(weights, x):
        return map_wrg(0, map_lcl(0, lambda nbh: to_global(map_seq(ID)) @ reduce_seq(
            to_private(ID) << value(0, FLOAT), lambda acc, t: MULT_AND_SUM_UP(acc, get(0) << t, get(1) << t))
            << zip_(join() << nbh, join() << weights))) @ slide_nd((3, 3), (1, 1)) << x

    return program("stencil2D", {"weights": array(FLOAT, 3, 3), "inputData": array(FLOAT, "height", "width")}, body)


def _stencil_numpy(x, w, pad_):
    x = np.pad(x.astype(np.float64), 1) if pad_ else x.astype(np.float64)
    h, wd = x.shape[0] - 2, x.shape[1] - 2
    return sum(w[a, b] * x[a:a + h, b:b + wd] for a in range(3) for b in range(3))


def test_stencil_3x3_pad_and_slide_against_numpy():
    x, w = rand(40, 50), rand(3, 3)
    out = interpret(_stencil(True), {"weights": w, "inputData": x})
    assert out.shape == (40, 50, 1)
    np.testing.assert_allclose(out[..., 0], _stencil_numpy(x, w, True), rtol=1e-4, atol=1e-5)
    out = interpret(_stencil(False), {"weights": w, "inputData": x})
    low = interpret(_stencil_lowered(), {"weights": w, "inputData": x})
    assert out.shape == low.shape == (38, 48, 1)
    np.testing.assert_allclose(out[..., 0], _stencil_numpy(x, w, False), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(low, out, rtol=1e-5, atol=1e-6)


def test_convolution_with_channels():
    # thesis Listing 4.1 (flattened with joinND3): input H x W x C, weights K x 3 x 3 x C, pad 1, stride 1
    def body(x, w):
        return map_nd(2, lambda win: map_(lambda k: dot(join_nd(3) << win, join_nd(3) << k)) << w) @ slide_nd(
            (3, 3), (1, 1)) @ pad_nd((1, 1, 1, 1), value(0, FLOAT)) << x

    p = program("conv", {"x": array(FLOAT, "H", "W", "C"), "w": array(FLOAT, "K", 3, 3, "C")}, body)
    x, w = rand(32, 32, 3), rand(4, 3, 3, 3)
    out = interpret(p, {"x": x, "w": w})
    xp = np.pad(x.astype(np.float64), ((1, 1), (1, 1), (0, 0)))
    win = np.lib.stride_tricks.sliding_window_view(xp, (3, 3), axis=(0, 1))  # H, W, C, 3, 3
    want = np.einsum("hwcab,kabc->hwk", win, w.astype(np.float64))
    assert out.shape == (32, 32, 4, 1)
    np.testing.assert_allclose(out[..., 0], want, rtol=1e-4, atol=1e-5)


def test_moderate_sizes_are_fast():
    a, b = rand(256, 256), rand(256, 256)
    t0 = time.perf_counter()
    out = interpret(_mm_lowered(), {"A": a, "B": b})
    t_mm = time.perf_counter() - t0
    np.testing.assert_allclose(out[..., 0], a.astype(np.float64) @ b, rtol=1e-3, atol=1e-4)
    x, w = rand(1024, 1024), rand(3, 3)
    t0 = time.perf_counter()
    out = interpret(_stencil(True), {"weights": w, "inputData": x})
    t_st = time.perf_counter() - t0
    np.testing.assert_allclose(out[..., 0], _stencil_numpy(x, w, True), rtol=1e-3, atol=1e-5)
    assert t_mm < 5 and t_st < 5, (t_mm, t_st)


# --- sizes and errors ----------------------------------------------------------------------------------------
def test_size_inference_from_shapes():
    p = program("p", {"A": array(FLOAT, "M", "K")}, lambda A: tuple_(value(0, array(FLOAT, "M")),
                                                                   value(0, array(FLOAT, "K"))))
    m, k = interpret(p, {"A": rand(4, 3)})
    assert m.shape == (4,) and k.shape == (3,)
    p = program("p", {"x": array(FLOAT, "N + 2")}, lambda x: value(0, array(FLOAT, "N")))
    assert interpret(p, {"x": rand(7)}).shape == (5,)
    p = program("p", {"x": array(FLOAT, "2*N"), "y": array(FLOAT, "N*M")}, lambda x, y: value(0, array(FLOAT, "M")))
    assert interpret(p, {"x": rand(6), "y": rand(12)}).shape == (4,)
    p2 = program("p", {"x": array(FLOAT, "N/σ", "σ")}, lambda x: value(0, array(FLOAT, "N")))
    assert interpret(p2, {"x": rand(3, 4)}).shape == (12,)
    # explicit sizes that agree are fine
    assert interpret(p, {"x": rand(6), "y": rand(12)}, {"N": 3, "M": 4}).shape == (4,)


def test_conflicting_sizes_name_the_parameter_and_variable():
    p = program("p", {"A": array(FLOAT, "M", "K"), "b": array(FLOAT, "K")}, lambda A, b: b)
    with pytest.raises(InterpretError, match=r"input b: .*K = 3"):
        interpret(p, {"A": rand(4, 3), "b": rand(5)})
    with pytest.raises(InterpretError, match=r"input A: dimension 0 .*M = 5 \(from sizes\)"):
        interpret(p, {"A": rand(4, 3), "b": rand(3)}, {"M": 5})


def test_input_errors():
    p = program("p", {"A": array(FLOAT, "M", "K"), "b": array(FLOAT, "K")}, lambda A, b: b)
    with pytest.raises(InterpretError, match=r"missing input.* b"):
        interpret(p, {"A": rand(4, 3)})
    with pytest.raises(InterpretError, match=r"input A: .*2 dimension"):
        interpret(p, {"A": rand(12), "b": rand(3)})
    with pytest.raises(InterpretError, match=r"unexpected input.*c"):
        interpret(p, {"A": rand(4, 3), "b": rand(3), "c": rand(1)})
    q = program("q", {"i": array(INT, "N")}, lambda i: i)
    with pytest.raises(InterpretError, match="input i: dtype float32"):
        interpret(q, {"i": rand(3)})
    q = program("q", {"x": array(FLOAT, 4)}, lambda x: x)
    with pytest.raises(InterpretError, match="input x: dimension 0 has length 5"):
        interpret(q, {"x": rand(5)})


def test_unbound_sizes_are_named():
    p = program("p", {"x": array(FLOAT, "N")}, lambda x: split("σ") << x)
    with pytest.raises(InterpretError, match="σ"):
        interpret(p, {"x": rand(8)})
    assert interpret(p, {"x": rand(8)}, {"σ": 2}).shape == (4, 2)
    p = program("p", {"y": array(FLOAT, "N*M")}, lambda y: y)
    with pytest.raises(InterpretError, match=r"unbound size variable.*M, N"):
        interpret(p, {"y": rand(12)})


def test_ill_typed_programs_are_rejected():
    with pytest.raises(TypeCheckError):
        run({"a": array(FLOAT, "N")}, lambda a: join() << a, {"a": rand(3)})


def test_inputs_are_not_modified_and_outputs_are_fresh():
    x = rand(6)
    keep = x.copy()
    out = run({"x": array(FLOAT, "N")}, lambda x: x, {"x": x})
    out[:] = 0
    assert np.array_equal(x, keep)


# --- pads from the array's boundary, against np.pad ('edge', 'symmetric', 'wrap') -------------------------------
BOUNDARY_NP = {"clamp": "edge", "mirror": "symmetric", "wrap": "wrap"}


@pytest.mark.parametrize("mode", list(BOUNDARY_NP))
@pytest.mark.parametrize(("left", "right"), [(1, 1), (2, 3), (0, 4), (5, 5), (3, 0)])
def test_boundary_pad_1d_matches_np_pad(mode, left, right):
    x = rand(5)
    out = run({"x": array(FLOAT, "N")}, lambda x: pad(left, right, mode) << x, {"x": x})
    assert np.array_equal(out, np.pad(x, (left, right), mode=BOUNDARY_NP[mode]))


@pytest.mark.parametrize("mode", ["mirror", "wrap"])
def test_boundary_pad_wider_than_the_array_repeats_the_period(mode):
    x = rand(3)
    out = run({"x": array(FLOAT, "N")}, lambda x: pad(7, 8, mode) << x, {"x": x})
    assert np.array_equal(out, np.pad(x, (7, 8), mode=BOUNDARY_NP[mode]))


@pytest.mark.parametrize("mode", list(BOUNDARY_NP))
@pytest.mark.parametrize("amounts", [(1, 1, 1, 1), (2, 1, 0, 3), (4, 4, 5, 5)])
def test_boundary_pad_nd_2d_matches_np_pad(mode, amounts):
    x = rand(4, 5)
    t, b, l, r = amounts
    out = run({"x": array(FLOAT, "N", "M")}, lambda x: pad_nd(amounts, mode) << x, {"x": x})
    assert np.array_equal(out, np.pad(x, ((t, b), (l, r)), mode=BOUNDARY_NP[mode]))
    expanded = interpret(expand_program(program("p", {"x": array(FLOAT, "N", "M")},
                                                 lambda x: pad_nd(amounts, mode) << x)), {"x": x})
    assert np.array_equal(out, expanded)


def test_boundary_pad_pads_rows_of_a_2d_array_and_inside_a_map():
    x = rand(3, 4)
    out = run({"x": array(FLOAT, "N", "M")}, lambda x: pad(2, 1, "wrap") << x, {"x": x})
    assert np.array_equal(out, np.pad(x, ((2, 1), (0, 0)), mode="wrap"))
    out = run({"x": array(FLOAT, "N", "M")}, lambda x: map_(pad(1, 3, "mirror")) << x, {"x": x})
    assert np.array_equal(out, np.pad(x, ((0, 0), (1, 3)), mode="symmetric"))


def test_boundary_pad_of_tuples_pads_each_component():
    a, b = rand(4), rand(4)
    out = run({"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
              lambda a, b: map_(lambda t: ADD(get(0) << t, get(1) << t)) @ pad(2, 2, "clamp") << zip_(a, b),
              {"a": a, "b": b})
    assert np.allclose(out, np.pad(a + b, 2, mode="edge"))


def test_boundary_pad_rejects_negative_amounts_and_unknown_modes():
    with pytest.raises(TypeCheckError, match=r"padClamp.*left amount -1 is negative"):
        run({"x": array(FLOAT, "N")}, lambda x: pad(-1, 1, "clamp") << x, {"x": rand(4)})
    with pytest.raises(TypeCheckError, match=r"padWrap.*empty array"):
        run({"x": array(FLOAT, 0)}, lambda x: pad(1, 1, "wrap") << x, {"x": rand(0)})
    with pytest.raises(ValueError, match="unknown boundary 'reflect'"):
        pad(1, 1, "reflect")
