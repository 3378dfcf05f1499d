"""Type inference with symbolic lengths, and one typed error per kind of malformed program."""

from __future__ import annotations

import pytest

from compiler import arith
from compiler.errors import TypeCheckError
from compiler.ir.build import (
    as_scalar,
    as_vector,
    get,
    iterate,
    join,
    map_,
    map_glb,
    map_nd,
    pad,
    pad_nd,
    program,
    reduce_,
    reorder,
    slide,
    slide_nd,
    slide_strict,
    split,
    take,
    transpose,
    transpose_nd,
    tuple_,
    value,
    vectorise,
    zip_,
)
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import ADD, ID, MULT
from compiler.types import FLOAT, INT, ArrayType, TupleType, VectorType, array, same_type, vector

N, M = arith.var("N"), arith.var("M")


def result(params, body):
    return typecheck(program("p", params, body)).result


def test_dot_type():
    t = result({"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
               lambda a, b: reduce_(value(0, FLOAT), ADD) @ map_(lambda t: MULT(get(0) << t, get(1) << t))
               << zip_(a, b))
    assert same_type(t, array(FLOAT, 1))


def test_symbolic_lengths_propagate():
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: split("σ") << x),
                     array(FLOAT, arith.parse_size("N/σ"), "σ"))
    assert same_type(result({"x": array(FLOAT, "N", "M")}, lambda x: join() << x), array(FLOAT, N * M))
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: slide(3, 1) << x), array(FLOAT, N - 2, 3))
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: slide_strict(3, 2) << x),
                     array(FLOAT, (N - 1) / 2, 3))
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: pad(1, 2, value(0, FLOAT)) << x),
                     array(FLOAT, N + 3))
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: pad(-1, 0, value(0, FLOAT)) << x),
                     array(FLOAT, N - 1))
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: as_vector(4) << x),
                     ArrayType(vector(FLOAT, 4), N / 4))
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: as_scalar() @ as_vector(4) << x),
                     array(FLOAT, N))
    assert same_type(result({"x": array(FLOAT, "N", "M")}, lambda x: transpose() << x), array(FLOAT, "M", "N"))
    assert same_type(result({"x": array(FLOAT, "N")}, lambda x: reorder(4) << x), array(FLOAT, "N"))


def test_2d_stencil_shape_and_tuples():
    t = result({"x": array(FLOAT, "N", "M")},
               lambda x: map_nd(2, lambda w: reduce_(value(0, FLOAT), ADD) @ join() << w)
               @ slide_nd((3, 3), (1, 1)) @ pad_nd((1, 1, 1, 1), value(0, FLOAT)) << x)
    assert same_type(t, array(FLOAT, "N", "M", 1))
    t = result({"a": array(FLOAT, "N"), "b": array(INT, "N")}, lambda a, b: zip_(a, b))
    assert t == ArrayType(TupleType((FLOAT, INT)), N)
    t = result({"a": array(FLOAT, "N")}, lambda a: map_(lambda v: vectorise(4, ADD)(v, v)) @ as_vector(4) << a)
    assert isinstance(t, ArrayType) and t.elem == VectorType(FLOAT, arith.size(4))


def test_polymorphic_id_and_types_recorded_per_path():
    p = program("p", {"x": array(FLOAT, "N", "M")}, lambda x: map_(map_(ID)) << x)
    typing = typecheck(p)
    assert same_type(typing.result, array(FLOAT, "N", "M"))
    assert same_type(typing.of[(0,)], array(FLOAT, "N", "M"))


MALFORMED = [
    # (id, params, body, prim named, fragment of the message)
    ("zip-lengths", {"a": array(FLOAT, "N"), "b": array(FLOAT, "M")}, lambda a, b: zip_(a, b),
     "zip", "lengths N and M differ in zip(a, b)"),
    ("map-on-scalar", {"a": FLOAT}, lambda a: map_(ID) << a, "map", "expected an array argument, got float"),
    ("join-1d", {"a": array(FLOAT, "N")}, lambda a: join() << a, "join", "expected an array argument of arrays"),
    ("transpose-1d", {"a": array(FLOAT, "N")}, lambda a: transpose() << a, "transpose", "2-D argument"),
    ("get-out-of-range", {"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
     lambda a, b: map_(lambda t: get(2) << t) << zip_(a, b), "get", "index 2 out of range for a 2-tuple"),
    ("get-not-tuple", {"a": array(FLOAT, "N")}, lambda a: map_(lambda t: get(0) << t) << a, "get",
     "expected a tuple, got float"),
    ("split-not-dividing", {"a": array(FLOAT, 8)}, lambda a: split(3) << a, "split", "3 does not divide the length 8"),
    ("split-zero", {"a": array(FLOAT, "N")}, lambda a: split(0) << a, "split", "chunk size must be positive"),
    ("slide-window-too-big", {"a": array(FLOAT, 4)}, lambda a: slide(5, 1) << a, "slide",
     "window 5 is larger than the length 4"),
    ("slidestrict-no-cover", {"a": array(FLOAT, 8)}, lambda a: slide_strict(3, 2) << a, "slideStrict",
     "do not cover the length 8 exactly"),
    ("pad-base-type", {"a": array(FLOAT, "N")}, lambda a: pad(1, 1, value(0, INT)) << a, "pad",
     "value of base type int does not match the array's float"),
    ("pad-negative-length", {"a": array(FLOAT, 4)}, lambda a: pad(-3, -2, value(0, FLOAT)) << a, "pad",
     "leaves a negative length -1"),
    ("reduce-operator-type", {"a": array(FLOAT, "N")},
     lambda a: reduce_(value(0, INT), ADD) << a, "add", "parameter x expects float, got int"),
    ("userfun-arity", {"a": array(FLOAT, "N")}, lambda a: map_(lambda x: ADD(x)) << a, "add",
     "takes 2 argument(s), given 1"),
    ("userfun-arg-type", {"a": array(FLOAT, "N", "M")}, lambda a: map_(lambda r: MULT(r, r)) << a, "mult",
     "parameter x expects float, got [float]M"),
    ("lambda-arity", {"a": array(FLOAT, "N")}, lambda a: map_(lambda x, y: ADD(x, y)) << a, "lambda",
     "takes 2 argument(s), given 1"),
    ("asvector-of-vectors", {"a": array(FLOAT, "N")}, lambda a: as_vector(2) @ as_vector(4) << a, "asVector",
     "expects an array of scalars"),
    ("asscalar-of-scalars", {"a": array(FLOAT, "N")}, lambda a: as_scalar() << a, "asScalar",
     "expects an array of vectors"),
    ("vectorise-width", {"a": array(FLOAT, "N")},
     lambda a: map_(lambda v: vectorise(2, ADD)(v, v)) @ as_vector(4) << a, "vectorise", "expects arguments of type"),
    ("mapglb-dim", {"a": array(FLOAT, "N")}, lambda a: map_glb(3, ID) << a, "mapGlb", "dimension must be 0, 1 or 2"),
    ("iterate-changes-type", {"a": array(FLOAT, 8)}, lambda a: iterate(2, split(2)) << a, "iterate",
     "must keep its type"),
    ("take-too-many", {"a": array(FLOAT, 4)}, lambda a: take(5) << a, "take", "cannot take 5 elements"),
    ("transposend-not-permutation", {"a": array(FLOAT, "N", "M")}, lambda a: transpose_nd(0, 0) << a,
     "transposeND", "not a permutation"),
    ("mapnd-too-deep", {"a": array(FLOAT, "N")}, lambda a: map_nd(2, ID) << a, "mapND",
     "expected an array argument, got float"),
    ("tuple-then-map", {"a": array(FLOAT, "N")}, lambda a: map_(ID) << tuple_(a, a), "map",
     "expected an array argument, got ([float]N, [float]N)"),
    ("literal-not-number", {"a": array(FLOAT, "N")}, lambda a: pad(1, 1, value("zero", FLOAT)) << a, "value",
     "'zero' is not a number"),
]


@pytest.mark.parametrize("case", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_malformed_program_raises_named_error(case):
    _, params, body, prim, fragment = case
    with pytest.raises(TypeCheckError) as info:
        typecheck(program("bad", params, body))
    err = info.value
    assert err.prim == prim, str(err)
    assert fragment in str(err), str(err)
    assert str(err).startswith(f"{prim}: ")


def test_error_prints_the_offending_subexpression():
    with pytest.raises(TypeCheckError) as info:
        typecheck(program("bad", {"a": array(FLOAT, "N"), "b": array(FLOAT, "M")},
                          lambda a, b: map_(ID) << zip_(a, b)))
    assert " in zip(a, b)" in str(info.value)


def test_untyped_program_parameter():
    from compiler.ir.node import Param, Program

    with pytest.raises(TypeCheckError, match="parameter x of program p has no type"):
        typecheck(Program("p", (Param("x"),), Param("x")))


def test_unbound_name():
    from compiler.ir.node import Param

    with pytest.raises(TypeCheckError, match="unbound name y"):
        typecheck(program("p", {"x": array(FLOAT, "N")}, lambda x: map_(lambda e: ADD(e, Param("y"))) << x))
