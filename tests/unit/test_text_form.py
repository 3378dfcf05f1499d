"""The text form round-trips: parse_program(print_program(p)) == p, canonical keys are alpha-invariant, every
sub-expression's show() reads back, and malformed text raises ParseError with a line and column."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import sympy
from hypothesis import HealthCheck, given, settings

from compiler import arith
from compiler.errors import ParseError
from compiler.ir.build import (
    as_scalar,
    as_vector,
    get,
    iterate,
    join,
    join_nd,
    lam,
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
from compiler.ir.node import Expr, FunCall, Lambda, Literal, Node, Param, Prim, Program, UserFun, walk
from compiler.ir.ops import MAPS, Op
from compiler.ir.parser import parse_expr, parse_fun, parse_program, parse_type, tokenize
from compiler.ir.printer import WIDTH, canonical, print_program, show, show_type
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import ADD, ID, MAX, MULT, MULT_AND_SUM_UP, NEG, SQUARE, userfun
from compiler.types import FLOAT, INT, ArrayType, TupleType, TypeVar, VectorType, array, vector

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ for the shared strategies
from strategies import alpha_rename, programs

# --- hand-built programs covering every primitive and macro -----------------------------------------------
SAXPY = userfun("saxpy", "a x y", FLOAT, FLOAT, "return a * x + y;", "a * x + y")
CLAMP = userfun("clamp01", "x", FLOAT, FLOAT, 'return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); // "clamp"\n',
                "np.clip(x, 0, 1)")
MY_NEG = userfun("neg", "x", FLOAT, FLOAT, "return 0.0f - x;", "0.0 - x")  # shadows the built-in neg
PASS = userfun("pass_", "x", (TypeVar("U"),), TypeVar("U"), "return x;", "x")


def _dot():
    return program("dot", {"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
                   lambda a, b: reduce_(value(0, FLOAT), ADD)
                   @ map_(lambda t: MULT(get(0) << t, get(1) << t)) << zip_(a, b))


def _layout():
    return program(
        "layout", {"A": array(FLOAT, "N", "M"), "x": array(FLOAT, 16)},
        lambda A, x: tuple_(
            transpose_w() @ map_(join()) @ map_(slide(3, 1)) @ transpose() << A,
            join() @ map_(reorder(2)) @ split(4) @ pad(-1, 1, value("-1.5f", FLOAT)) << x,
            slide_strict(4, 2) @ pad(1, 1, value("1e-3", FLOAT)) @ reorder("σ") << x,
            pad(2, 0, value(0, array(FLOAT, "M"))) << A,
        ))


def _macros():
    return program(
        "macros", {"A": array(FLOAT, "N", "M"), "B": array(FLOAT, "N", "M"), "v": array(FLOAT, "K")},
        lambda A, B, v: tuple_(
            map_nd(2, lambda w: reduce_(value(0, FLOAT), ADD) @ join() << w)
            @ slide_nd((3, 3), (1, 1)) @ pad_nd((1, 1, 1, 1), value(0, FLOAT)) << A,
            map_nd(2, lambda t: ADD(get(0) << t, get(1) << t)) << zip_nd(2, A, B),
            transpose_w_nd(1, 0) @ transpose_nd(1, 0) << A,
            join_nd(3) @ split_nd(2, "κ") << v,
            take(4) @ join_nd(2) @ slide_strict_nd((2, 2), (2, 2)) << B,
            map_(split_nd(2)) << A,
        ))


def _conv_lowered():
    """A 3x3 convolution in the style of Listing 4.2: long, so print_program breaks it over lines."""
    return program(
        "conv3x3", {"img": array(FLOAT, "inH", "inW"), "weights": array(FLOAT, 9)},
        lambda img, weights: map_glb(1, lambda rows: map_glb(0, lambda win: to_global(map_seq(ID))
                                     @ reduce_seq_unroll(value(0, FLOAT), lambda acc, pw: MULT_AND_SUM_UP(
                                         acc, get(0) << pw, get(1) << pw))
                                     << zip_(join() << win, weights)) << rows)
        @ slide_nd((3, 3), (1, 1)) << img)


def _tiled_lowered():
    return program(
        "tiled_sum", {"x": array(FLOAT, "N")},
        lambda x: join() @ map_wrg(0, lambda chunk: join() @ map_lcl(0, lambda part: to_global(map_seq(ID))
                                                                  @ reduce_seq(value(0, FLOAT), ADD)
                                                                  @ to_private(map_seq_unroll(ID)) << part)
                                   @ split("ω") @ to_local(map_lcl(0, ID)) << chunk) @ split("σ") << x)


def _let_iterate():
    # Fig 2.11 (b): g(elX) evaluated once, before the map over y
    return program(
        "let_iterate", {"x": array(FLOAT, "N"), "y": array(FLOAT, "M")},
        lambda x, y: tuple_(
            map_(lambda ex: let(lambda eg: map_(lambda ey: MULT(eg, ey)) << y) << NEG(ex)) << x,
            iterate(3, map_(SQUARE)) << x,
            iterate("κ", lam(lambda r: map_(NEG) << r, r=array(FLOAT, "M"))) << y,
        ))


def _vector_kernel():
    return program(
        "vec_kernel", {"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
        lambda a, b: to_host() << ocl_kernel(
            lambda p, q: as_scalar() @ map_glb(0, lambda t: vectorise(4, ADD)(get(0) << t, get(1) << t))
            << zip_(as_vector(4) << p, as_vector(4) @ as_scalar() @ map_wrg(2, vectorise(1, NEG)) @ as_vector(1) << q)
        )(to_gpu() << a, to_gpu() << b))


def _custom():
    """Declared user functions (one shadows a built-in) and sizes with tuning parameters."""
    return program(
        "custom_σ", {"x": array(FLOAT, "windowSize"), "w": array(FLOAT, "κ", arith.parse_size("N + 2*κ"))},
        lambda x, w: tuple_(
            join() @ map_(lambda c: map_(CLAMP) << c) @ split("ω") @ reorder(arith.parse_size("windowSize/ω"))
            << x,
            map_(lam(lambda r: map_(lambda e: SAXPY(value(2, FLOAT), MY_NEG(e), PASS(e))) << r,
                     r=array(FLOAT, arith.parse_size("N + 2*κ")))) << w,
            map_(slide("κ", 1) @ pad("κ", -1, value(0, FLOAT))) << w,
            split(arith.parse_size("N/σ")) << x,
        ))


def _boundary_pads():
    """Pads from the array's boundary: clamp, mirror, wrap, by constant and symbolic amounts, and their ND forms."""
    return program(
        "boundary_pads", {"A": array(FLOAT, "N", "M"), "x": array(FLOAT, "N")},
        lambda A, x: tuple_(
            pad(1, 2, "clamp") @ pad(3, 0, "mirror") @ pad("κ", 4, "wrap") << x,
            pad_nd((1, 1, 2, 2), "clamp") << A,
            map_(pad(1, 0, "mirror")) @ pad_nd((0, "κ", 1, 1), "mirror") << A,
            pad_nd((2, 1, 1, 2), "wrap") << A,
        ))


HAND = {f.__name__.lstrip("_"): f for f in (_dot, _layout, _macros, _conv_lowered, _tiled_lowered, _let_iterate,
                                            _vector_kernel, _custom, _boundary_pads)}


def _ops(node: Node) -> set[Op]:
    return {n.op for _, n in walk(node) if isinstance(n, Prim)}


def test_hand_programs_cover_every_primitive_and_macro():
    covered = set().union(*(_ops(make()) for make in HAND.values()))
    assert covered == set(Op), sorted(op.text for op in set(Op) - covered)


def _check_round_trip(p: Program) -> str:
    text = print_program(p)
    q = parse_program(text)
    assert q == p, text
    assert canonical(q) == canonical(p)
    assert q.key == p.key
    assert print_program(q) == text
    assert parse_program(show(p)) == p  # the one-line form reads back too
    c = parse_program(canonical(p))  # canonical text is a program of its own, with the same key
    assert canonical(c) == canonical(p) and c.key == p.key
    return text


@pytest.mark.parametrize("name", list(HAND))
def test_hand_program_round_trips(name):
    p = HAND[name]()
    typecheck(p)
    text = _check_round_trip(p)
    _check_subterms(p)
    if name == "custom":
        assert 'userfun neg(x: float): float = "return 0.0f - x;" | "0.0 - x"' in text
        assert "userfun pass_(x: U): U" in text
        assert "split(N/σ)" in text and "reorder(windowSize/ω)" in text and "pad(κ, -1, value(0, float))" in text
        assert "w: [[float](N + 2*κ)]κ" in text


def test_long_programs_break_over_indented_lines():
    p = _conv_lowered()
    text = print_program(p)
    lines = text.splitlines()
    assert len(lines) > 3 and max(map(len, lines)) <= WIDTH, text
    assert lines[0] == "def conv3x3(img: [[float]inW]inH, weights: [float]9) ="
    assert any(line.strip().startswith("<< ") for line in lines)
    assert "\n" not in canonical(p).split("=\n", 1)[1].strip()  # canonical and show stay one line
    assert "\n" not in show(p.body)


def test_long_parameter_lists_break_too():
    types = {f"input{i}": array(FLOAT, "batchSize", "inChannels", "inHeight", "inWidth") for i in range(4)}
    p = program("wide", types, lambda *xs: tuple_(*xs))
    text = print_program(p)
    assert text.startswith("def wide(\n  input0: [[[[float]inWidth]inHeight]inChannels]batchSize,\n"), text
    assert "\n) =\n" in text
    assert parse_program(text) == p


def test_two_user_functions_with_one_name_do_not_print():
    p = program("clash", {"x": array(FLOAT, "N")}, lambda x: map_(MY_NEG) @ map_(NEG) << x)
    with pytest.raises(ValueError, match="two different user functions are called 'neg'"):
        print_program(p)
    with pytest.raises(ValueError, match="two different user functions"):
        _ = p.key
    assert "map(neg) o map(neg)" in show(p)  # error messages still print


# --- sub-expressions: show() reads back with parse_expr / parse_fun ------------------------------------------
def _scoped(node: Node, env: dict, userfuns: dict):
    """(node, names in scope -> declared types) for every expression and function under node."""
    if isinstance(node, Program):
        inner = {**env, **{q.name: q.type for q in node.params}}
        yield from _scoped(node.body, inner, userfuns)
        return
    yield node, env
    if isinstance(node, Lambda):
        yield from _scoped(node.body, {**env, **{q.name: q.type for q in node.params}}, userfuns)
    elif isinstance(node, FunCall | Prim):
        for c in node.children():
            yield from _scoped(c, env, userfuns)


def _check_subterms(p: Program) -> None:
    userfuns = {u.name: u for _, u in walk(p) if isinstance(u, UserFun)}
    for node, env in _scoped(p, {}, userfuns):
        text = show(node)
        if isinstance(node, Expr):
            assert parse_expr(text, env, userfuns) == node, text
        else:
            assert parse_fun(text, env, userfuns) == node, text


# --- printer fixes: nothing prints ambiguously ----------------------------------------------------------------
N, M = arith.var("N"), arith.var("M")
TYPES = [
    FLOAT, INT, array(FLOAT, "N"), array(FLOAT, "N", 4, "σ"), vector(FLOAT, 4),
    ArrayType(vector(FLOAT, 4), N / 4), TupleType((FLOAT, array(INT, "N"))), TupleType(()), TupleType((FLOAT,)),
    ArrayType(FLOAT, sympy.Integer(-1)), ArrayType(FLOAT, sympy.Rational(1, 2)), ArrayType(FLOAT, 16 - N),
    ArrayType(FLOAT, sympy.floor((N - 3) / 2) + 1), ArrayType(FLOAT, sympy.Mod(N, 4)), ArrayType(FLOAT, N**2),
    ArrayType(ArrayType(FLOAT, arith.parse_size("windowSize/ω")), arith.parse_size("nWindows/σ - 1")),
    ArrayType(TupleType((FLOAT, vector(FLOAT, "ν"))), M * N),
]


@pytest.mark.parametrize("t", TYPES, ids=str)
def test_types_round_trip(t):
    assert parse_type(show_type(t)) == t
    if isinstance(t, ArrayType) and (t.n.is_Symbol or (t.n.is_Integer and t.n >= 0)):
        assert show_type(t) == str(t)


K, S = arith.var("κ"), arith.var("σ")
SIZES = [
    arith.simplify((2 * N + 2) / S),  # 2*(N + 1)/σ: simplify keeps the factor, sympy's parser would distribute it
    sympy.Mul(-1, N + K, sympy.Mod(K, 2)), sympy.Mul(-2, N + 1, evaluate=False), sympy.floor(N / (4 * (K + 1))),
    -(3 * M - 16) * (N + 2 * S) / (2 * N * S), 16 - N, sympy.floor((N - 3) / 2) + 1, sympy.Mod(N, 4), N**2,
    sympy.Rational(1, 2), sympy.Integer(-3), sympy.Max(N, M) - sympy.Min(K, 2), sympy.ceiling(N / S) * S,
    arith.parse_size("nWindowsInTile/σ"), arith.simplify(sympy.floor((N - 3 + 1) / 1) * 2),
]


@pytest.mark.parametrize("e", SIZES, ids=str)
def test_sizes_read_back_structurally(e):
    split_e = Prim(Op.SPLIT, (e,))
    assert parse_fun(show(split_e)) == split_e
    t = ArrayType(FLOAT, e)
    assert parse_type(show_type(t)) == t


def test_size_syntax_for_hand_written_text():
    assert parse_fun("split(N // 2)") == Prim(Op.SPLIT, (sympy.floor(N / 2),))
    assert parse_fun("split(N % 4 + -1)") == Prim(Op.SPLIT, (sympy.Mod(N, 4) - 1,))
    assert parse_fun("split(2*N + 2)") == Prim(Op.SPLIT, (2 * N + 2,))
    assert parse_fun("split(κ**2/σ)") == Prim(Op.SPLIT, (K**2 / S,))


def test_ambiguous_sizes_are_parenthesised():
    assert show_type(ArrayType(FLOAT, sympy.Integer(-1))) == "[float](-1)"
    assert show_type(ArrayType(FLOAT, sympy.Rational(1, 2))) == "[float](1/2)"
    assert show_type(ArrayType(FLOAT, 16 - N)) == "[float](16 - N)"
    assert parse_type("[float]-1") == ArrayType(FLOAT, sympy.Integer(-1))  # lenient on input


@pytest.mark.parametrize("v", ["0", "-1.5f", "1e-3", "2.5E+4f", ".5", "1.", "inf", "-nan", " 1", "1_000", "+1",
                               "0x10", "c", 'say "hi"\n'])
def test_literal_values_round_trip(v):
    lit = Literal(v, FLOAT)
    assert parse_expr(show(lit)) == lit
    p = program("lit", {"x": array(FLOAT, "N")}, lambda x: pad(1, 1, lit) << x)
    assert parse_program(print_program(p)) == p


def test_odd_but_printable_shapes():
    x, y = Param("x"), Param("y")
    cases = [
        FunCall(Prim(Op.JOIN), (x, y)),  # a parameterless primitive called on two: join()(x, y)
        FunCall(Prim(Op.REDUCE, (), (ADD,)), (x, y, x)),  # reduce(x, add)(y, x)
        FunCall(Prim(Op.REDUCE, (), (ADD,)), (x,)),  # reduce(x, add): the call on its lead data alone
        FunCall(Prim(Op.ZIP), ()),
        FunCall(Lambda((), x), ()),
        FunCall(Lambda((x, y), FunCall(ADD, (x, y))), (y, x)),
        FunCall(Prim(Op.MAP, (), (Prim(Op.PAD_ND, tuple(map(sympy.Integer, (1, 1, 2, 2)))),)), (x,)),
        FunCall(Prim(Op.SPLIT, (sympy.Integer(-2) * N + 16,)), (x,)),
        FunCall(Prim(Op.TO_PRIVATE, (), (ADD,)), (x, y)),
        FunCall(Lambda((Param("o"),), FunCall(NEG, (Param("o"),))), (x,)),  # a parameter called o
        FunCall(Prim(Op.MAP, (), (Lambda((Param("join"),), FunCall(Prim(Op.JOIN), (Param("join"),))),)), (x,)),
        FunCall(ADD, (Param("add"), Param("value"))),
    ]
    for e in cases:
        text = show(e)
        assert parse_expr(text) == e, text
    assert show(cases[0]) == "join()(x, y)"
    assert show(cases[1]) == "reduce(x, add)(y, x)"


def test_comments_and_whitespace_are_ignored():
    text = """
    # a dot product
    userfun   twice(x: float): float =   # declared here
        "return 2.0f * x;" | "2.0 * x"
    def dot(a: [float]N,
            b: [ float ] N) =   # same as [float]N
      reduce(value(0, float), add)   # sum
        o map(t =>
              mult(get(0) << t,
                   twice << get(1) << t))
      << zip(a, b)   # the end
    """
    p = parse_program(text)
    assert p.name == "dot" and p.params[1].type == array(FLOAT, "N")
    assert canonical(p) == canonical(parse_program(print_program(p)))
    typecheck(p)
    assert any(isinstance(n, UserFun) and n.name == "twice" for _, n in walk(p))


def test_parse_expr_environment():
    t = array(FLOAT, "N")
    assert parse_expr("map(neg) << x", {"x": t}) == FunCall(Prim(Op.MAP, (), (NEG,)), (Param("x", t),))
    assert parse_expr("x") == Param("x")
    with pytest.raises(ParseError, match="unknown name 'y'"):
        parse_expr("zip(x, y)", {"x": t})
    assert parse_fun("x => max_(x, x)") == Lambda((Param("x"),), FunCall(MAX, (Param("x"), Param("x"))))
    assert parse_fun("mapGlb(1, id)") == Prim(Op.MAP_GLB, (sympy.Integer(1),), (ID,))
    assert parse_type("(float, <int>4)") == TupleType((FLOAT, VectorType(INT, sympy.Integer(4))))


def test_tokenizer_positions():
    toks = tokenize("def f(x) =\n  g << x # c\n")
    assert [(t.text, t.line, t.col) for t in toks[-4:]] == [("g", 2, 3), ("<<", 2, 5), ("x", 2, 8), ("", 3, 1)]


# --- errors --------------------------------------------------------------------------------------------------
HEAD = "def f(x: [float]N) =\n  "
ERRORS = [
    # (id, text, message fragment, line, column)
    ("unknown-function", HEAD + "foo << x", "unknown function 'foo'", 2, 3),
    ("unknown-name", HEAD + "map(neg) << y", "unknown name 'y'", 2, 15),
    ("misspelt-primitive", HEAD + "mapGlobal(0, neg) << x", "unknown function 'mapGlobal'", 2, 3),
    ("too-many-items", HEAD + "split(4, 2) << x", "split expects (m) inside its parentheses, found 2 item(s)", 2, 3),
    ("reduce-without-init", HEAD + "reduce(add) << x", "reduce expects (data, f) inside its parentheses", 2, 3),
    ("unbalanced-paren", HEAD + "map(y => neg << y\n  << x", "unbalanced '(': no matching ')'", 2, 6),
    ("mismatched-bracket", HEAD + "map(neg] << x", "']' does not match '(' at line 2, column 6", 2, 10),
    ("unknown-type", "def f(x: [flaot]N) = x", "unknown type 'flaot'", 1, 11),
    ("bad-size", "def f(x: [float](N +)) = x", "expected a size (an integer, a name or a parenthesised", 1, 21),
    ("bad-static-size", HEAD + "split(4 +) << x", "expected a size (an integer, a name or a parenthesised", 2, 12),
    ("missing-def", 'userfun g(x: float): float = "return x;" | "x"\n', "expected 'def' or 'userfun'", 2, 1),
    ("unterminated-string", 'userfun g(x: float): float = "return x;\ndef f() = x', "unterminated string", 1, 30),
    ("bad-character", HEAD + "x @ x", "unexpected character '@'", 2, 5),
    ("missing-shift", HEAD + "join x", "expected '<<', 'o' or '(' after the function join, found 'x'", 2, 8),
    ("trailing-text", HEAD + "neg << x x", "unexpected 'x' after the program body", 2, 12),
    ("bare-lambda", HEAD + "y => neg << y", "a lambda is not an expression", 2, 3),
    ("parameter-applied", HEAD + "x << x", "'x' is a parameter, not a function", 2, 3),
    ("userfun-primitive-name", 'userfun map(x: float): float = "return x;" | "x"\ndef f(x: float) = x',
     "user function 'map' has the name of a primitive", 1, 9),
    ("duplicate-userfun", 'userfun g(x: float): float = "return x;" | "x"\n'
     'userfun g(x: float): float = "return x;" | "x"\n'
     "def f(x: float) = g << x", "user function 'g' is declared twice", 2, 9),
    ("value-not-number", HEAD + "pad(1, 1, value(zero, float)) << x", "expected a number or a string in value", 2, 19),
    ("composition-without-arg", HEAD + "join o split(2)", "expected '<<' after a composition", 2, 18),
    ("duplicate-parameter", "def f(x: float, x: float) = x", "duplicate parameter 'x'", 1, 17),
    ("missing-item", HEAD + "mapGlb(neg) << x", "mapGlb expects (dim, f) inside its parentheses, found 1", 2, 3),
    ("missing-comma", HEAD + "zip(x x)", "expected ',' or ')' in zip(...) opened at line 2, column 6, found 'x'",
     2, 9),
]


@pytest.mark.parametrize("case", ERRORS, ids=[c[0] for c in ERRORS])
def test_parse_errors(case):
    _, text, fragment, line, col = case
    with pytest.raises(ParseError) as info:
        parse_program(text)
    err = info.value
    assert fragment in str(err), str(err)
    assert (err.line, err.col) == (line, col), str(err)
    assert f"at line {line}, column {col}" in str(err)


def test_parse_error_shows_the_line_with_a_caret():
    with pytest.raises(ParseError) as info:
        parse_program(HEAD + "map(neg) << y")
    assert str(info.value).endswith("\n    map(neg) << y\n                ^")


# --- random well-typed programs --------------------------------------------------------------------------------
SLOW_DATA = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
RANDOM = settings(max_examples=60, deadline=None, suppress_health_check=SLOW_DATA)


@settings(RANDOM, max_examples=100)
@given(programs())
def test_random_programs_round_trip(p):
    typecheck(p)
    _check_round_trip(p)


@RANDOM
@given(programs(max_steps=3))
def test_random_subexpressions_read_back(p):
    _check_subterms(p)


@RANDOM
@given(programs(max_steps=3))
def test_canonical_key_is_alpha_invariant(p):
    r = alpha_rename(p)
    assert r != p
    assert r.key == p.key and canonical(r) == canonical(p)
    assert parse_program(print_program(r)) == r
    for q in _mutations(p):
        assert q.key != p.key, (show(p), show(q))


def _mutations(p: Program) -> list[Program]:
    """Programs that differ from p in one size or one primitive."""
    out = []
    t = p.params[0].type
    assert isinstance(t, ArrayType)
    bigger = Param(p.params[0].name, ArrayType(t.elem, t.n + 1))
    out.append(Program(p.name, (bigger, *p.params[1:]), _subst_param(p.body, p.params[0], bigger)))
    for path, n in walk(p):
        if isinstance(n, Prim) and n.op in MAPS:
            other = Op.MAP_SEQ if n.op is not Op.MAP_SEQ else Op.MAP
            out.append(_replace(p, path, Prim(other, (), n.funs)))
            break
    for path, n in walk(p):
        if isinstance(n, Prim) and n.static:
            out.append(_replace(p, path, Prim(n.op, (n.static[0] + 1, *n.static[1:]), n.funs)))
            break
    return out


def _replace(p: Program, path, new: Node) -> Program:
    from compiler.ir.node import replace_at

    q = replace_at(p, path, new)
    assert isinstance(q, Program)
    return q


def _subst_param(e: Node, old: Param, new: Param) -> Node:
    """References to `old` become `new` (program parameters are not shadowed: lambdas use other names)."""
    if e == old:
        return new
    if isinstance(e, FunCall):
        return FunCall(_subst_param(e.f, old, new), tuple(_subst_param(a, old, new) for a in e.args))  # type: ignore
    if isinstance(e, Lambda):
        return Lambda(e.params, _subst_param(e.body, old, new))  # type: ignore[arg-type]
    if isinstance(e, Prim):
        return Prim(e.op, e.static, tuple(_subst_param(f, old, new) for f in e.funs))  # type: ignore[misc]
    return e


def test_mutations_of_a_hand_program_change_the_key():
    p = _dot()
    r = alpha_rename(p)
    assert r.key == p.key and r != p
    assert all(q.key != p.key for q in _mutations(p))
    assert program("dot2", {"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
                   lambda a, b: reduce_(value(0, FLOAT), ADD)
                   @ map_(lambda u: MULT(get(0) << u, get(1) << u)) << zip_(a, b)).key != p.key
    assert program("dot", {"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
                   lambda a, b: reduce_(value(0, FLOAT), ADD)
                   @ map_(lambda u: MULT(get(0) << u, get(1) << u)) << zip_(a, b)).key == p.key

