"""The expansion of one macro call into primitives (thesis Fig 2.9); `macros.py` expands whole programs.

Decisions (the thesis is inconsistent or silent):
- slideND(size_1..size_k, step_1..step_k): all sizes first, then all steps, outermost dimension first. This is
  the order of Listings 4.1/4.2 (`slideND2(kerH, kerW, stride_1, stride_2)`), not Fig 2.9's interleaved one.
- padND(b_1, a_1, ..., b_k, a_k, value): (before, after) pairs from the outermost dimension inwards, so padND2 is
  (top, bottom, left, right) as in Fig 2.9. padClampND, padMirrorND and padWrapND take the same pairs and no
  value, and nest padClamp, padMirror and padWrap the same way.
- zipND indices run 0..k-1 (Fig 2.9 prints 0..k, an off-by-one).
- transposeND(perm): result dimension j is argument dimension perm[j]; it expands to adjacent transposes that
  bring perm[0] to the front, then perm[1] next, ... which reproduces Fig 2.9's transposeND4(3,0,2,1).
- joinND(k) flattens k dimensions into one (k - 1 joins); take(m) on [T]n is pad(0, m - n, value(0, T)).
"""

from __future__ import annotations

from .. import arith
from ..types import ArrayType, Type, base_type
from .node import Expr, FunCall, FunDecl, Lambda, Literal, Param, Prim
from .ops import MACROS, PAD_ND_BASE, Op


def _p(op: Op, *static, funs=()) -> Prim:
    return Prim(op, tuple(arith.size(s) for s in static), tuple(funs))


def _nest_map(depth: int, f: FunDecl) -> FunDecl:
    for _ in range(depth):
        f = _p(Op.MAP, funs=(f,))
    return f


def _chain(funs: list[FunDecl], x: Expr) -> Expr:
    """funs[0] o funs[1] o ... << x."""
    for f in reversed(funs):
        x = FunCall(f, (x,))
    return x


def transpose_swaps(perm: tuple[int, ...]) -> list[int]:
    """Depths d of the adjacent swaps (d, d+1), in application order, that realise `perm`."""
    order = list(range(len(perm)))
    swaps = []
    for j, want in enumerate(perm):
        i = order.index(want)
        while i > j:
            order[i - 1], order[i] = order[i], order[i - 1]
            swaps.append(i - 1)
            i -= 1
    return swaps


def _transposes(perm: tuple[int, ...], op: Op) -> list[FunDecl]:
    """Functions in `f o g` order (last applied first) for a dimension permutation."""
    return [_nest_map(d, _p(op)) for d in reversed(transpose_swaps(perm))]


def expand_call(call: FunCall, arg_type: Type | None = None) -> Expr:
    """One macro call expanded one level (nested macros in the result stay). `arg_type` is needed by take."""
    f = call.f
    assert isinstance(f, Prim) and f.op in MACROS, f
    s, args = f.static, call.args
    op = f.op
    if op is Op.MAP_ND:
        return FunCall(_nest_map(f.int_static(0), f.funs[0]), args)
    if op is Op.ZIP_ND:
        return _zip_nd(f.int_static(0), args)
    if op is Op.SPLIT_ND:
        return _chain([_p(Op.SPLIT, m) for m in s], args[0])
    if op is Op.JOIN_ND:
        return _chain([_p(Op.JOIN)] * (f.int_static(0) - 1), args[0])
    if op in (Op.SLIDE_ND, Op.SLIDE_STRICT_ND):
        k = len(s) // 2
        base = Op.SLIDE if op is Op.SLIDE_ND else Op.SLIDE_STRICT
        return FunCall(_slide_nd(base, tuple(s[:k]), tuple(s[k:])), args)
    if op is Op.PAD_ND:
        return FunCall(_pad_nd(tuple(s), args[0]), (args[1],))
    if op in PAD_ND_BASE:  # a boundary padND: the same nesting, no value
        return FunCall(_pad_nd(tuple(s), None, PAD_ND_BASE[op]), (args[0],))
    if op in (Op.TRANSPOSE_ND, Op.TRANSPOSE_W_ND):
        perm = tuple(int(x) for x in s)
        t = Op.TRANSPOSE if op is Op.TRANSPOSE_ND else Op.TRANSPOSE_W
        return _chain(_transposes(perm, t), args[0])
    if op is Op.TAKE:
        if not isinstance(arg_type, ArrayType):
            raise ValueError("take needs the type of its argument to expand")
        zero = Literal("0", base_type(arg_type))
        return FunCall(_p(Op.PAD, 0, s[0] - arg_type.n), (zero, args[0]))
    raise AssertionError(op)


def _zip_nd(k: int, xs: tuple[Expr, ...]) -> Expr:
    z = FunCall(_p(Op.ZIP), xs)
    if k <= 1:
        return z
    t = Param("tupleND")
    inner = _zip_nd(k - 1, tuple(FunCall(_p(Op.GET, i), (t,)) for i in range(len(xs))))
    return FunCall(_p(Op.MAP, funs=(Lambda((t,), inner),)), (z,))


def _slide_nd(base: Op, sizes: tuple, steps: tuple) -> FunDecl:
    k = len(sizes)
    x = Param("slideIn")
    if k == 1:
        return _p(base, sizes[0], steps[0])
    inner = _slide_nd(base, sizes[1:], steps[1:])
    # windows of the outer dimension, then move its window dim past the k-1 inner window counts
    move = [_nest_map(d, _p(Op.TRANSPOSE)) for d in reversed(range(k - 1))]
    mover: FunDecl = move[0] if len(move) == 1 else Lambda((x,), _chain(move, x))
    body = _chain([_p(Op.MAP, funs=(mover,)), _p(base, sizes[0], steps[0]), _p(Op.MAP, funs=(inner,))], x)
    return Lambda((x,), body)


def _pad_nd(amounts: tuple, val: Expr | None, base: Op = Op.PAD) -> FunDecl:
    x = Param("padIn")
    outer = FunCall(_p(base, amounts[0], amounts[1]), (x,) if val is None else (val, x))
    if len(amounts) == 2:
        return Lambda((x,), outer)
    return Lambda((x,), FunCall(_p(Op.MAP, funs=(_pad_nd(amounts[2:], val, base),)), (outer,)))
