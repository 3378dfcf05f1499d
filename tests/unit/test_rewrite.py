"""The rewrite system: one positive and one negative hand-written case per rule family (the positive result keeps
the type and the interpreter output), the driver (site ids, errors, caching), the normal form and the catalogue."""

from __future__ import annotations

import time

import numpy as np
import pytest

from compiler import arith
from compiler.errors import RuleNotApplicable
from compiler.ir.build import (
    as_scalar,
    as_vector,
    get,
    join,
    map_,
    map_glb,
    map_lcl,
    map_nd,
    map_seq,
    map_wrg,
    ocl_kernel,
    pad,
    program,
    reduce_,
    reduce_seq,
    reorder,
    slide,
    slide_nd,
    slide_strict,
    split,
    to_private,
    transpose,
    value,
    vectorise,
    zip_,
)
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Lambda, Param, Prim, Program, at, walk
from compiler.ir.ops import Op
from compiler.ir.printer import show
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import ADD, ID, MAX, MULT, NEG, SQUARE, SUB
from compiler.rewrite import (
    CATALOG_VERSION,
    RULES,
    Site,
    all_legal,
    apply,
    legal_sites,
    normalise,
    prepare,
    rule_index,
    site_of,
    specialise,
)
from compiler.rewrite.catalog import BY_NAME
from compiler.rewrite.rule import Ctx
from compiler.rewrite.rules_algorithmic import split_join
from compiler.types import FLOAT, ArrayType, array, concrete_shape, same_type

ZERO = value(0, FLOAT)


# --- helpers ---------------------------------------------------------------------------------------------------
def prog(body, **types) -> Program:
    return program("p", types, body)


def inputs_for(p: Program, sizes, seed=0):
    rng = np.random.default_rng(seed)
    return {q.name: rng.uniform(0.5, 1.5, size=concrete_shape(q.type, sizes)).astype(np.float32) for q in p.params}


def close(a, b) -> bool:
    if isinstance(a, tuple):
        return isinstance(b, tuple) and all(close(x, y) for x, y in zip(a, b, strict=True))
    return a.shape == b.shape and np.allclose(a, b, rtol=1e-5)


def sites(p, name, sizes=None):
    return legal_sites(p, BY_NAME[name], sizes)


def rewrite(p: Program, name: str, sizes=None, expect: int | None = 1, pick: int = 0, check_sizes=None) -> Program:
    """Apply rule `name` at its `pick`-th legal site; check the site count, the type and the interpreter output."""
    ss = sites(p, name, sizes)
    if expect is not None:
        assert len(ss) == expect, (name, ss, show(prepare(p)))
    q = apply(p, BY_NAME[name], ss[pick], sizes)
    assert same_type(typecheck(q).result, typecheck(p).result)
    env = check_sizes or sizes or {}
    xs = inputs_for(p, env)
    assert close(interpret(q, xs, env), interpret(p, xs, env)), (show(p), show(q))
    return q


def not_legal(p: Program, name: str, sizes=None) -> None:
    assert sites(p, name, sizes) == []
    q = prepare(p)
    for path, _ in walk(q):  # no node at all accepts it, and the error names the rule and the site
        with pytest.raises(RuleNotApplicable, match=r"at site"):
            apply(q, BY_NAME[name], path, sizes)


def body(p: Program) -> str:
    """One-line text of a program's body."""
    return show(p.body)


def has(p: Program, op: Op, dim: int | None = None) -> int:
    return sum(1 for _, n in walk(p) if isinstance(n, Prim) and n.op is op and (dim is None or int(n.static[0]) == dim))


V16 = array(FLOAT, 16)
M46 = array(FLOAT, 6, 4)  # [[float]4]6


# --- algorithmic rules -----------------------------------------------------------------------------------------
def test_split_join():
    q = rewrite(prog(lambda x: map_(NEG) << x, x=V16), "splitJoin(4)")
    assert "join o map(chunk => map(neg) << chunk) o split(4) << x" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=array(FLOAT, 6)), "splitJoin(4)")  # 4 does not divide 6
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "splitJoin(16)")  # a single chunk
    not_legal(prog(lambda x: map_seq(NEG) << x, x=V16), "splitJoin(4)")  # high-level maps only


def test_split_join_sizes_decide_symbolic_divisibility():
    p = prog(lambda x: map_(NEG) << x, x=array(FLOAT, "N"))
    assert len(sites(p, "splitJoin(8)")) == 1  # deferred: a constraint on N
    assert sites(p, "splitJoin(8)", {"N": 12}) == []
    rewrite(p, "splitJoin(4)", {"N": 12})


def test_split_join_with_a_tuning_parameter():
    p = prog(lambda x: map_(NEG) << x, x=array(FLOAT, "N"))
    r = split_join("σ")
    (s,) = legal_sites(p, r)
    q = apply(p, r, s)
    assert "split(σ)" in body(q)
    assert same_type(typecheck(q).of[(1, 1)], array(FLOAT, arith.parse_size("N/σ"), "σ"))
    xs = inputs_for(p, {"N": 12})
    assert close(interpret(q, xs, {"N": 12, "σ": 3}), interpret(p, xs, {"N": 12}))


def test_join_split():
    q = rewrite(prog(lambda a: map_(lambda row: map_(NEG) << row) << a, a=M46), "joinSplit")
    assert body(q) == "split(4) o map(neg) o join << a"
    not_legal(prog(lambda a: map_(lambda row: map_(NEG) << (pad(1, 1, ZERO) << row)) << a, a=M46), "joinSplit")


def test_map_fusion():
    q = rewrite(prog(lambda x: map_(NEG) << (map_(SQUARE) << x), x=V16), "mapFusion")
    assert "map(y => neg o square << y) << x" in body(q)
    rewrite(prog(lambda x: map_seq(NEG) << (map_seq(SQUARE) << x), x=V16), "mapFusion")
    not_legal(prog(lambda x: map_seq(NEG) << (map_(SQUARE) << x), x=V16), "mapFusion")


def test_map_fission():
    q = rewrite(prog(lambda x: map_(lambda y: NEG(SQUARE(y))) << x, x=V16), "mapFission")
    assert "map(z => neg << z) o map(y => square << y) << x" in body(q)
    not_legal(prog(lambda x: map_(lambda y: ADD(y, SQUARE(y))) << x, x=V16), "mapFission")  # y used twice
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "mapFission")


def test_reduce_map_fusion():
    q = rewrite(prog(lambda x: reduce_(ZERO, ADD) << (map_(SQUARE) << x), x=V16), "reduceMapFusion")
    assert "reduce(value(0, float), (acc, y) => add(acc, square << y)) << x" in body(q)
    rewrite(prog(lambda x: reduce_seq(ZERO, ADD) << (map_seq(SQUARE) << x), x=V16), "reduceMapFusion")
    not_legal(prog(lambda x: reduce_(ZERO, ADD) << (map_seq(SQUARE) << x), x=V16), "reduceMapFusion")


def test_partial_reduce():
    q = rewrite(prog(lambda x: reduce_(ZERO, ADD) << x, x=V16), "partialReduce(4)")
    assert "reduce(value(0, float), add) o join o map(chunk => reduce(value(0, float), add) << chunk) o split(4)" \
        in body(q)
    rewrite(prog(lambda x: reduce_(value("-inf", FLOAT), MAX) << x, x=V16), "partialReduce(8)")
    rewrite(prog(lambda x: reduce_(value(1, FLOAT), MULT) << x, x=V16), "partialReduce(2)")
    not_legal(prog(lambda x: reduce_(ZERO, SUB) << x, x=V16), "partialReduce(4)")  # not associative
    not_legal(prog(lambda x: reduce_(value(1, FLOAT), ADD) << x, x=V16), "partialReduce(4)")  # not neutral
    not_legal(prog(lambda x: reduce_(ZERO, ADD) << x, x=array(FLOAT, 6)), "partialReduce(4)")


def test_reorder_reduce():
    q = rewrite(prog(lambda x: reduce_(value(1, FLOAT), ADD) << x, x=V16), "reorderReduce(4)")
    assert "reorder(4)" in body(q)
    not_legal(prog(lambda x: reduce_(ZERO, SUB) << x, x=V16), "reorderReduce(4)")


def test_transpose_both_sides():
    q = rewrite(prog(lambda a: map_(lambda row: map_(NEG) << row) << a, a=M46), "transposeBothSides")
    assert "transposeW o map(col => map(neg) << col) o transpose << a" in body(q)
    # lowered nests keep their kinds (thesis R5, coalescing)
    q = rewrite(prog(lambda a: map_wrg(0, lambda row: map_lcl(0, NEG) << row) << a, a=M46), "transposeBothSides",
                expect=None)
    assert "mapWrg(0, col => mapLcl(0, neg) << col)" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "transposeBothSides")
    # applying it twice is the identity (transpose o transpose and transposeW o transposeW normalise away)
    p = prepare(prog(lambda a: map_(lambda row: map_(NEG) << row) << a, a=M46))
    q = apply(p, "transposeBothSides", sites(p, "transposeBothSides")[0])
    r = apply(q, "transposeBothSides", sites(q, "transposeBothSides")[0])
    assert r.key == p.key


def test_map_split_transpose():
    q = rewrite(prog(lambda a: map_(split(2)) << (transpose() << a), a=M46), "mapSplitTranspose")
    assert "transpose o map(y1 => transpose << y1) o split(2) << a" in body(q)
    not_legal(prog(lambda a: map_(split(2)) << a, a=M46), "mapSplitTranspose")


def test_split_transpose():
    q = rewrite(prog(lambda a: split(2) << (transpose() << a), a=M46), "splitTranspose")
    assert "map(y => transpose << y) o transpose o map(y1 => split(2) << y1) << a" in body(q)
    not_legal(prog(lambda a: split(2) << a, a=M46), "splitTranspose")


def test_transpose_map_split():
    q = rewrite(prog(lambda a: transpose() << (map_(split(2)) << a), a=M46), "transposeMapSplit")
    assert "map(y1 => transpose << y1) o split(2) o transpose << a" in body(q)
    not_legal(prog(lambda a: transpose() << a, a=M46), "transposeMapSplit")


def test_transpose_map_join():
    b3 = array(FLOAT, 4, 3, 2)
    q = rewrite(prog(lambda b: transpose() << (map_(join()) << b), b=b3), "transposeMapJoin")
    assert "join o map(y1 => transpose << y1) o transpose << b" in body(q)
    not_legal(prog(lambda b: transpose() << (map_(transpose()) << b), b=b3), "transposeMapJoin")


def test_join_swap_and_map_join():
    q = rewrite(prog(lambda a: join() << (map_(lambda r: map_(NEG) << r) << a), a=M46), "joinSwap")
    assert "map(neg) o join << a" in body(q)
    not_legal(prog(lambda a: join() << a, a=M46), "joinSwap")
    q = rewrite(prog(lambda a: map_(NEG) << (join() << a), a=M46), "mapJoin")
    assert "join o map(row => map(neg) << row) << a" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "mapJoin")


def test_reorder_stride_and_its_inverse():
    q = rewrite(prog(lambda x: map_(NEG) << x, x=array(FLOAT, 8)), "reorderStride(2)")
    assert "reorder(4) o map(neg) o reorder(2) << x" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=array(FLOAT, 6)), "reorderStride(4)")
    not_legal(prog(lambda x: map_(NEG) << x, x=array(FLOAT, 4)), "reorderStride(4)")  # s = N
    # reorder(n/s) is the inverse of reorder(s): element i = a*m + b (m = n/s) reads a + s*b, and the inverse
    # reads it back; checked numerically for several n, s (the normal form also removes the pair)
    for n, s in ((8, 2), (12, 3), (12, 4), (32, 8), (30, 5)):
        p = prog(lambda x, s=s, n=n: reorder(n // s) << (reorder(s) << x), x=array(FLOAT, n))
        xs = {"x": np.arange(n, dtype=np.float32)}
        assert np.array_equal(interpret(p, xs), xs["x"])
        assert body(prepare(p)) == "x"


def test_slide_tiling():
    p = prog(lambda x: slide(3, 1) << x, x=array(FLOAT, 10))  # 8 windows
    q = rewrite(p, "slideTiling(4)")
    assert "join o map(y => slide(3, 1) << y) o slide(6, 4) << x" in body(q)
    rewrite(p, "slideTiling(2)")
    rewrite(p, "slideTiling(8)")
    not_legal(p, "slideTiling(16)")  # the tile is longer than the input
    not_legal(prog(lambda x: slide(3, 2) << x, x=array(FLOAT, 11)), "slideTiling(4)")  # 5 windows, tiles of 2
    rewrite(prog(lambda x: slide(3, 2) << x, x=array(FLOAT, 13)), "slideTiling(4)")  # 6 windows
    # symbolic lengths: slideStrict tiles exactly (a constraint), slide only with known lengths
    ps = prog(lambda x: slide_strict(3, 1) << x, x=array(FLOAT, "N"))
    rewrite(ps, "slideTiling(4)", check_sizes={"N": 10})
    assert sites(ps, "slideTiling(4)", {"N": 11}) == []
    assert sites(prog(lambda x: slide(3, 1) << x, x=array(FLOAT, "N")), "slideTiling(4)", {"N": 10}) == []


def test_slide_tiling_2d():
    p = prog(lambda a: slide_nd((3, 3), (1, 1)) << a, a=array(FLOAT, 10, 10))
    q = rewrite(p, "slideTiling2D(4)")
    assert "slideND(6, 6, 4, 4) << a" in body(q)
    rewrite(p, "slideTiling2D(2)")
    not_legal(prog(lambda a: slide_nd((3, 3), (2, 2)) << a, a=array(FLOAT, 9, 9)), "slideTiling2D(2)")  # u = s


def test_pad_crop():
    q = rewrite(prog(lambda x: map_(NEG) << x, x=array(FLOAT, 12)), "padCrop(8)")
    assert "pad(0, -4, value(0, float)) o map(neg) o pad(0, 4, value(0, float)) << x" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "padCrop(8)")  # already a multiple
    # symbolic: pad to 8*ceiling(N/8), after which split(8) is provably exact
    q = rewrite(prog(lambda x: map_(NEG) << x, x=array(FLOAT, "N")), "padCrop(8)", check_sizes={"N": 13})
    q2 = apply(q, "splitJoin(8)", sites(q, "splitJoin(8)")[0])
    xs = {"x": np.ones(13, np.float32)}
    assert np.allclose(interpret(q2, xs, {"N": 13}), -1)


def test_vectorise():
    q = rewrite(prog(lambda x: map_(NEG) << x, x=V16), "vectorise(4)")
    assert "asScalar o map(vectorise(4, neg)) o asVector(4) << x" in body(q)
    q = rewrite(prog(lambda x: map_seq(to_private(ID)) << x, x=V16), "vectorise(4)")
    assert "mapSeq(toPrivate(vectorise(4, id)))" in body(q)
    not_legal(prog(lambda x: map_(lambda y: ADD(y, y)) << x, x=V16), "vectorise(4)")
    not_legal(prog(lambda x: map_(NEG) << x, x=array(FLOAT, 6)), "vectorise(4)")
    not_legal(prog(lambda x: map_(vectorise(2, NEG)) << (as_vector(2) << x), x=V16), "vectorise(2)")  # vectors


def test_vectorise_zip():
    p = prog(lambda a, b: map_(lambda t: MULT(get(0) << t, get(1) << t)) << zip_(a, b), a=V16, b=V16)
    q = rewrite(p, "vectoriseZip(4)")
    assert "asScalar o map(t1 => vectorise(4, mult)(get(0) << t1, get(1) << t1)) << zip(asVector(4) << a, " \
           "asVector(4) << b)" in body(q)
    p2 = prog(lambda a, b: map_(lambda t: MULT(get(0) << t, get(1) << t)) << zip_(a, b), a=V16, b=V16)
    not_legal(p2, "vectoriseZip(32)" if "vectoriseZip(32)" in BY_NAME else "vectoriseZip(16)")


def test_let_hoist_figure_2_11():
    p = prog(lambda xs, ys: map_(lambda elX: map_(lambda elY: MULT(SQUARE(elX), elY)) << ys) << xs,
             xs=array(FLOAT, 4), ys=array(FLOAT, 6))
    q = rewrite(p, "letHoist")
    assert "map(elX => let(pre => map(elY => mult(pre, elY)) << ys) o square << elX) << xs" in body(q)
    not_legal(prog(lambda xs, ys: map_(lambda elX: map_(lambda elY: MULT(SQUARE(elY), elX)) << ys) << xs,
                   xs=array(FLOAT, 4), ys=array(FLOAT, 6)), "letHoist")


def _reuse(xs_t, ws_t, outer=map_, inner=map_):
    return prog(lambda a, ws: outer(lambda row: inner(
        lambda x: reduce_(ZERO, ADD) << (map_(lambda w: MULT(x, w)) << ws)) << row) << a, a=xs_t, ws=ws_t)


def test_prefetch_private_r8():
    q = rewrite(_reuse(M46, array(FLOAT, 5)), "prefetchPrivate")
    assert "map(row => let(pre => map(x => reduce(value(0, float), add) o map(w => mult(x, w)) << pre) << row) o " \
        "map(c => toPrivate(id) << c) << ws) << a" in body(q)
    not_legal(prog(lambda a, ws: map_(lambda x: reduce_(ZERO, ADD) << (map_(lambda w: MULT(x, w)) << ws)) << a,
                   a=V16, ws=array(FLOAT, 5)), "prefetchPrivate")  # not inside an outer map: not a tile


def test_prefetch_local():
    p = _reuse(M46, array(FLOAT, 5), outer=lambda f: map_wrg(0, f), inner=lambda f: map_lcl(0, f))
    q = rewrite(p, "prefetchLocal")
    assert "map(c => toLocal(id) << c) << ws" in body(q)
    not_legal(_reuse(M46, array(FLOAT, 5)), "prefetchLocal")


def test_expand_macro():
    q = rewrite(prog(lambda a: map_nd(2, NEG) << a, a=M46), "expandMacro")
    assert "map(y => map(neg) << y) << a" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "expandMacro")


# --- lowering rules ---------------------------------------------------------------------------------------------
def test_map_glb():
    q = rewrite(prog(lambda x: map_(NEG) << x, x=V16), "mapGlb(0)")
    assert "mapGlb(0, neg) << x" in body(q)
    p = prog(lambda a: map_glb(0, lambda r: map_(NEG) << r) << a, a=M46)
    not_legal(p, "mapGlb(0)")  # nested in mapGlb(0)
    rewrite(p, "mapGlb(1)")
    not_legal(prog(lambda a: map_(split(2)) << a, a=M46), "mapGlb(0)")  # not concrete
    # one kernel uses either the global or the work-group domain
    not_legal(prog(lambda a: zip_(map_wrg(0, lambda r: map_lcl(0, NEG) << r) << a,
                                  map_(lambda r: map_(NEG) << r) << a), a=M46), "mapGlb(0)")


def test_map_glb_only_inside_kernels():
    p = prog(lambda x: ocl_kernel(lambda y: map_(NEG) << y) << (map_(SQUARE) << x), x=V16)
    (s,) = sites(p, "mapGlb(0)")
    assert show(at(prepare(p), s.path)).startswith("map(neg)")


def test_map_wrg_and_map_lcl():
    p = prog(lambda a: map_(lambda r: map_(NEG) << r) << a, a=M46)
    q = rewrite(p, "mapWrg(0)")  # only the outer map holds a nested map
    assert sites(q, "mapLcl(1)") == []
    q = rewrite(q, "mapLcl(0)")
    assert "mapWrg(0, r => mapLcl(0, neg) << r) << a" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "mapWrg(0)")
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "mapLcl(0)")  # not inside mapWrg(0)


def test_map_seq_and_unroll():
    q = rewrite(prog(lambda x: map_(NEG) << x, x=V16), "mapSeq")
    not_legal(prog(lambda a: map_(split(2)) << a, a=M46), "mapSeq")
    q = rewrite(q, "mapSeqUnroll")
    assert "mapSeqUnroll(neg)" in body(q)
    not_legal(prog(lambda x: map_seq(NEG) << x, x=array(FLOAT, 64)), "mapSeqUnroll")
    pn = prog(lambda x: map_seq(NEG) << x, x=array(FLOAT, "N"))
    not_legal(pn, "mapSeqUnroll")
    rewrite(pn, "mapSeqUnroll", {"N": 8})


def test_reduce_seq_and_unroll():
    q = rewrite(prog(lambda x: reduce_(ZERO, ADD) << x, x=V16), "reduceSeq")
    q = rewrite(q, "reduceSeqUnroll")
    assert "reduceSeqUnroll(value(0, float), add)" in body(q)
    acc = value(0, array(FLOAT, 4))
    par = prog(lambda a: reduce_(acc, lambda s, row: map_glb(0, lambda t: ADD(get(0) << t, get(1) << t))
                                 << zip_(s, row)) << a, a=M46)
    not_legal(par, "reduceSeq")  # a parallel map in the operator
    not_legal(prog(lambda x: reduce_seq(ZERO, ADD) << x, x=array(FLOAT, 40)), "reduceSeqUnroll")


# --- memory rules -----------------------------------------------------------------------------------------------
def test_to_global():
    q = rewrite(prog(lambda x: map_glb(0, NEG) << x, x=V16), "toGlobal")
    assert "mapGlb(0, toGlobal(neg)) << x" in body(q)
    q = rewrite(prog(lambda x: map_glb(0, lambda y: ADD(y, y)) << x, x=V16), "toGlobal")
    assert "toGlobal(add)(y, y)" in body(q)
    not_legal(prog(lambda x: map_glb(0, lambda y: to_private(lambda z: ADD(z, z)) << y) << x, x=V16), "toGlobal")


def test_to_local_and_to_private():
    p = prog(lambda a: map_wrg(0, lambda r: map_lcl(0, NEG) << r) << a, a=M46)
    q = rewrite(p, "toLocal")
    assert "mapLcl(0, toLocal(neg))" in body(q)
    not_legal(prog(lambda x: map_glb(0, NEG) << x, x=V16), "toLocal")
    q = rewrite(prog(lambda a: map_glb(0, lambda r: map_seq(NEG) << r) << a, a=M46), "toPrivate")
    assert "mapSeq(toPrivate(neg))" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "toPrivate")


def test_wrapping_maps():
    p = prog(lambda a: map_glb(0, lambda r: map_seq(NEG) << r) << a, a=M46)
    q = rewrite(p, "toGlobalMap", expect=2, pick=1)
    assert "toGlobal(y => mapSeq(neg) << y) << r" in body(q)
    q = rewrite(p, "toPrivateMap")
    assert "toPrivate(y => mapSeq(neg) << y) << r" in body(q)
    not_legal(prog(lambda x: map_seq(NEG) << x, x=V16), "toPrivateMap")  # not in a per-thread loop
    q = rewrite(prog(lambda a: map_wrg(0, lambda r: map_lcl(0, NEG) << r) << a, a=M46), "toLocalMap")
    assert "toLocal(y => mapLcl(0, neg) << y) << r" in body(q)
    not_legal(p, "toLocalMap")


def test_copies():
    p = prog(lambda a: map_wrg(0, lambda r: map_lcl(0, NEG) << r) << a, a=M46)
    q = rewrite(p, "copyLocal")
    assert "mapLcl(0, neg) o map(c => toLocal(id) << c) << r" in body(q)
    q = rewrite(q, "mapLcl(0)")  # the copy is lowered like any map
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "copyLocal")
    q = rewrite(prog(lambda a: map_glb(0, lambda r: map_seq(NEG) << r) << a, a=M46), "copyPrivate")
    assert "map(c => toPrivate(id) << c) << r" in body(q)
    not_legal(prog(lambda x: map_(NEG) << x, x=V16), "copyPrivate")


# --- driver -----------------------------------------------------------------------------------------------------
def test_site_ids_are_preorder_paths():
    p = prepare(prog(lambda a: map_(lambda r: map_(NEG) << r) << a, a=M46))
    order = {path: i for i, (path, _) in enumerate(walk(p))}
    for i, s in all_legal(p):
        assert order[s.path] == s.index
        assert site_of(p, s.path) == s
        assert RULES[i].match(at(p, s.path), Ctx(p, typecheck(p), s.path)) is not None
    listed = all_legal(p)
    assert listed == sorted(listed, key=lambda rs: (rs[0], rs[1].index))


def test_all_legal_is_legal_sites_per_rule():
    p = prog(lambda x, y: reduce_(ZERO, ADD) << (map_(lambda t: MULT(get(0) << t, get(1) << t)) << zip_(x, y)),
             x=V16, y=V16)
    expected = [(i, s) for i, r in enumerate(RULES) for s in legal_sites(p, r)]
    assert all_legal(p) == expected
    assert len(expected) > 10


def test_errors_name_rule_and_site():
    p = prog(lambda x: map_(NEG) << x, x=V16)
    with pytest.raises(RuleNotApplicable, match=r"splitJoin\(4\) at site 9\.9: no such site"):
        apply(p, "splitJoin(4)", (9, 9))
    with pytest.raises(RuleNotApplicable, match=r"splitJoin\(4\) at site root: the node is not a map call"):
        apply(p, "splitJoin(4)", ())
    with pytest.raises(RuleNotApplicable, match=r"splitJoin\(32\) at site 1: pattern or guard does not hold"):
        apply(p, "splitJoin(32)", (1,))
    with pytest.raises(RuleNotApplicable, match="no such site"):  # a stale Site (index of another program)
        apply(p, "splitJoin(4)", Site(5, (1,)))


def test_apply_accepts_rule_index_name_and_object():
    p = prog(lambda x: map_(NEG) << x, x=V16)
    (s,) = sites(p, "mapSeq")
    a = apply(p, "mapSeq", s)
    assert a == apply(p, rule_index("mapSeq"), s) == apply(p, BY_NAME["mapSeq"], s.path)
    assert show(p) == show(prog(lambda x: map_(NEG) << x, x=V16))  # the input is untouched


def test_fresh_names_never_capture():
    # the program already uses the names the rules would pick (chunk, y, pre)
    p = prog(lambda chunk: map_(lambda y: map_(lambda pre: ADD(pre, SQUARE(y))) << chunk) << chunk, chunk=V16)
    q = rewrite(p, "splitJoin(4)", expect=2, pick=0)
    q = rewrite(q, "letHoist", expect=1)
    binders = [x.name for _, n in walk(q) if isinstance(n, Lambda) for x in n.params]
    assert len(binders) == len(set(binders)) == 4, show(q)  # chunk1, y, pre1, pre (chunk is the program's)
    assert "chunk" not in binders


def test_prepare_eta_expands_and_keeps_sites_stable():
    p = prog(lambda a: map_(split(2)) << a, a=M46)
    q = prepare(p)
    assert "map(y => split(2) << y) << a" in body(q)
    assert prepare(q) is q
    assert legal_sites(p, "splitJoin(2)") == legal_sites(q, "splitJoin(2)")


def test_specialise_substitutes_sizes():
    p = prog(lambda x: slide(3, 1) << x, x=array(FLOAT, "N"))
    q = specialise(p, {"N": 10})
    assert q.params[0].type == ArrayType(FLOAT, arith.size(10))
    assert len(sites(q, "slideTiling(4)")) == 1


def test_listing_sites_of_conv_is_fast():
    from compiler.suite import resolve

    b, sizes = resolve("benchmark://lift/conv/small")
    p = prepare(b.program)
    all_legal(p, sizes=sizes)  # warm the size caches
    t = time.perf_counter()
    listed = all_legal(p, sizes=sizes)
    assert time.perf_counter() - t < 0.25 and listed


# --- normal form --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("make, params, expect", [
    (lambda x: join() << (split(4) << x), {"x": V16}, "x"),
    (lambda a: split(4) << (join() << a), {"a": M46}, "a"),
    (lambda a: split(2) << (join() << a), {"a": M46}, "split(2) o join << a"),  # inner length 4, not 2
    (lambda a: transpose() << (transpose() << a), {"a": M46}, "a"),
    (lambda x: as_scalar() << (as_vector(4) << x), {"x": V16}, "x"),
    (lambda x: as_vector(4) << (as_scalar() << (as_vector(4) << x)), {"x": V16}, "asVector(4) << x"),
    (lambda x: map_(ID) << x, {"x": V16}, "x"),
    (lambda x: map_seq(ID) << x, {"x": V16}, "mapSeq(id) << x"),  # a lowered copy is kept
    (lambda x: pad(0, 0, ZERO) << x, {"x": V16}, "x"),
    (lambda x: pad(0, 0, "clamp") << (pad(0, 0, "mirror") << (pad(0, 0, "wrap") << x)), {"x": V16}, "x"),
    (lambda x: pad(1, 0, "wrap") << x, {"x": V16}, "padWrap(1, 0) << x"),
    (lambda x: reorder(4) << (reorder(4) << x), {"x": V16}, "x"),
    (lambda x: reorder(2) << (reorder(2) << x), {"x": V16}, "reorder(2) o reorder(2) << x"),
    (lambda x: FunCall(Lambda((Param("q"),), map_(NEG) << Param("q")), (x,)), {"x": V16}, "map(neg) << x"),
])
def test_normal_form_laws(make, params, expect):
    p = program("p", params, make)
    q, typing = normalise(p)
    assert body(q) == expect
    assert same_type(typing.result, typecheck(p).result)


@pytest.mark.parametrize("mode", ["clamp", "mirror", "wrap"])
def test_rules_on_a_boundary_padded_stencil_keep_its_boundary(mode):
    p = prog(lambda x: map_(lambda w: reduce_(ZERO, ADD) << w) @ slide(3, 1) @ pad(2, 2, mode) << x,
             x=array(FLOAT, 12))
    x = np.random.default_rng(5).standard_normal(12).astype(np.float32)
    want = interpret(p, {"x": x})
    for name in ("slideTiling(2)", "splitJoin(2)", "padCrop(4)"):
        assert legal_sites(p, name), name
        for site in legal_sites(p, name):
            q = apply(p, name, site)
            assert any(isinstance(n, Prim) and n.op.text == "pad" + mode.capitalize() for _, n in walk(q)), name
            assert np.allclose(interpret(q, {"x": x}), want, atol=1e-5), name


# --- catalogue ------------------------------------------------------------------------------------------------------
def test_catalogue():
    assert isinstance(CATALOG_VERSION, int) and len(RULES) == len(BY_NAME) > 60
    for r in RULES:
        assert r.law and r.family and r.group in ("algorithmic", "mapping", "memory") and r.root_ops
    assert RULES[rule_index("mapGlb(1)")].params == (("dim", 1),)
    with pytest.raises(KeyError, match="no rule named"):
        rule_index("nope")
