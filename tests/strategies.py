"""Hypothesis strategies for random, well-typed lift-gym programs (shared by the text-form and rewrite tests).

API
- `programs(max_steps=4, max_inputs=2, lowered=True, macros=True, annotate=True)`: a strategy of `Program`s over
  1-3-D float inputs (`A`, `B`, ...), well-typed by construction (`typecheck(p)` passes). A body is a random
  pipeline of steps applied to an input: layout primitives (split, join, transpose(W), slide(Strict), pad,
  reorder, asVector/asScalar), maps (map, mapSeq(Unroll), mapGlb/mapWrg/mapLcl) with nested lambdas whose bodies
  are pipelines themselves, zips destructured by `get`, reduces (reduce, reduceSeq(Unroll)), let, iterate,
  address-space and host markers, vectorise, oclKernel and, with `macros`, the macros of Fig 2.9. Sizes mix
  size variables (N, M, K), tuning parameters (σ, κ, e.g. split(σ) gives N/σ) and constants; lambda parameters
  are drawn from a small pool that includes tricky names (`o`, `join`, `value`, `add`, `α`) and shadowing.
  `lowered=False` leaves out the OpenCL primitives; `annotate` sometimes writes lambda parameter types.
- `input_types(max_rank=3)`: a strategy of float array types like `[[float]8]N`.
- `alpha_rename(p, fresh=None)`: the same program with every lambda (and program) parameter renamed to fresh
  names (binders and their references), so `alpha_rename(p).key == p.key` while `alpha_rename(p) != p`.
- `SIZE_VARS`, `TUNING_PARAMS`, `CUSTOM_USERFUNS`: the names and declared user functions the strategy uses.

Import with `sys.path` holding `tests/` (see tests/unit/test_text_form.py), e.g. `from strategies import programs`.
"""

from __future__ import annotations

import itertools

import sympy
from hypothesis import strategies as st

from compiler import arith
from compiler.ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program
from compiler.ir.ops import Op
from compiler.ir.typecheck import infer
from compiler.ir.userfuns import ABS, ADD, ID, MAX, MULT, NEG, SQUARE, SUB, T, userfun
from compiler.types import FLOAT, ArrayType, ScalarType, TupleType, Type, VectorType

SIZE_VARS = ("N", "M", "K")
TUNING_PARAMS = ("σ", "κ")
CONSTS = (2, 4, 6, 8, 12, 16)

SCALE = userfun("scale", "x", FLOAT, FLOAT, "return 2.0f * x;", "2.0 * x")
RELU = userfun("relu", "x", FLOAT, FLOAT, 'if (x > 0.0f) {\n  return x; // "positive"\n}\nreturn 0.0f;',
               "np.where(x > 0, x, 0 * x)")
AXPY = userfun("axpy_σ", "a x y", FLOAT, FLOAT, "return a * x + y;", "a * x + y")
COPY = userfun("copy", "x", (T,), T, "return x;", "x")
CUSTOM_USERFUNS = (SCALE, RELU, AXPY, COPY)

UNARY = (NEG, SQUARE, ABS, SCALE, RELU)
BINARY = (ADD, SUB, MULT, MAX)
NAMES = ("x", "y", "row", "el", "acc", "w", "tile", "o", "α", "join", "value", "add", "xs_1")
LITERALS = ("0", "1", "1.5", "-2.5f", "0.5f", "1e-3", "2.0", "-0.25")


def _p(op: Op, *static, funs=()) -> Prim:
    return Prim(op, tuple(arith.size(s) for s in static), tuple(funs))


def _const(n) -> int | None:
    return int(n) if isinstance(n, sympy.Integer) else None


def _lengths(t: Type) -> list:
    out = []
    while isinstance(t, ArrayType):
        out.append(t.n)
        t = t.elem
    return out


def _base(t: Type) -> Type:
    while isinstance(t, ArrayType):
        t = t.elem
    return t


def _elem(t: Type, depth: int) -> Type:
    for _ in range(depth):
        assert isinstance(t, ArrayType)
        t = t.elem
    return t


def input_types(max_rank: int = 3):
    dim = st.one_of(st.sampled_from(SIZE_VARS), st.sampled_from(CONSTS),
                    st.sampled_from(("2*N", "N + 2", "M*K")))

    @st.composite
    def gen(draw):
        rank = draw(st.integers(1, max_rank))
        t: Type = FLOAT
        for d in draw(st.lists(dim, min_size=rank, max_size=rank)):
            t = ArrayType(t, arith.size(d))
        return t

    return gen()


class _Gen:
    """Builds one random program with `draw`; every step is checked with `infer` as it is added."""

    def __init__(self, draw, lowered: bool, macros: bool, annotate: bool):
        self.draw, self.lowered, self.macros, self.annotate = draw, lowered, macros, annotate

    # --- helpers ---
    def pick(self, xs):
        return self.draw(st.sampled_from(list(xs)))

    def chance(self, p: float) -> bool:
        return self.draw(st.integers(0, 99)) < p * 100

    def names(self, k: int) -> list[str]:
        return self.draw(st.lists(st.sampled_from(NAMES), min_size=k, max_size=k, unique=True))

    def param(self, name: str, t: Type) -> Param:
        return Param(name, t if self.annotate and self.chance(0.15) else None)

    def lam(self, ts: list[Type], body_fn, env) -> tuple[Lambda, Type]:
        """A lambda over fresh parameters of types ts; body_fn(params, env) -> (body, type)."""
        ps = [self.param(n, t) for n, t in zip(self.names(len(ts)), ts)]
        inner = {**env, **{q.name: t for q, t in zip(ps, ts)}}
        body, u = body_fn(ps, inner)
        return Lambda(tuple(ps), body), u

    def call(self, f: FunDecl, args: list[tuple[Expr, Type]], env) -> tuple[Expr, Type]:
        """f applied to typed args; the result type by `infer` on placeholders (cheap, and exactly typecheck's)."""
        ph = [Param(f"_arg{i}") for i in range(len(args))]
        t = infer(FunCall(f, tuple(ph)), {**env, **{q.name: at for q, (_, at) in zip(ph, args)}})
        return FunCall(f, tuple(a for a, _ in args)), t

    def literal(self, t: Type) -> Literal:
        return Literal(self.pick(LITERALS), t)

    def map_op(self, f: FunDecl) -> Prim:
        ops = [Op.MAP]
        if self.lowered:
            ops += [Op.MAP_SEQ, Op.MAP_SEQ_UNROLL, Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL]
        op = self.pick(ops)
        static = (self.draw(st.integers(0, 2)),) if op in (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL) else ()
        return _p(op, *static, funs=(f,))

    # --- growth ---
    def pipeline(self, e: Expr, t: Type, env, steps: int) -> tuple[Expr, Type]:
        for _ in range(self.draw(st.integers(0, steps))):
            e, t = self.step(e, t, env, steps - 1)
        return e, t

    def step(self, e: Expr, t: Type, env, budget: int) -> tuple[Expr, Type]:
        if isinstance(t, ScalarType):
            return self.scalar_step(e, t, env)
        if isinstance(t, VectorType):
            return self.call(_p(Op.VECTORISE, t.n, funs=(self.pick((NEG, SQUARE, COPY)),)), [(e, t)], env)
        if isinstance(t, TupleType):
            return self.call(_p(Op.GET, self.draw(st.integers(0, len(t.elems) - 1))), [(e, t)], env)
        assert isinstance(t, ArrayType)
        options = self.array_options(t, budget)
        return getattr(self, "s_" + self.pick(options))(e, t, env, budget)

    def scalar_step(self, e: Expr, t: Type, env) -> tuple[Expr, Type]:
        kind = self.pick(("unary", "unary", "binary", "axpy", "id") + (("private",) if self.lowered else ()))
        if kind == "unary":
            return self.call(self.pick(UNARY), [(e, t)], env)
        if kind == "binary":
            other = (e, t) if self.chance(0.5) else (self.literal(FLOAT), FLOAT)
            return self.call(self.pick(BINARY), [(e, t), other], env)
        if kind == "axpy":
            return self.call(AXPY, [(self.literal(FLOAT), FLOAT), (e, t), (e, t)], env)
        if kind == "id":
            return self.call(self.pick((ID, COPY)), [(e, t)], env)
        return self.call(_p(Op.TO_PRIVATE, funs=(self.pick((ID, NEG)),)), [(e, t)], env)

    def array_options(self, t: ArrayType, budget: int) -> list[str]:
        n, elem, rank = t.n, t.elem, len(_lengths(t))
        base = _base(t)
        c = _const(n)
        opts = ["map", "map", "pad", "reorder"]
        if rank < 4 and (c is None or any(c % m == 0 for m in (2, 3, 4) if m < c)):
            opts.append("split")
        if isinstance(elem, ArrayType):
            opts += ["join", "transpose", "map_layout"]
        if c is None or c >= 2:
            opts += ["slide"] if rank < 4 else []
        if elem == FLOAT:
            opts += ["reduce", "reduce", "zip", "iterate"]
            if c is None or c % 4 == 0:
                opts.append("vector")
        if budget > 0:
            opts += ["let"]
        if isinstance(base, ScalarType) and budget > 0:
            opts.append("zip")
        opts += ["marker"]
        if self.macros:
            opts += ["macro"]
            if c is not None and c > 1:
                opts.append("take")
        if self.lowered and isinstance(base, ScalarType):
            opts.append("memory")
        return opts

    def chunk(self, n) -> object:
        c = _const(n)
        if c is None:
            return self.pick((2, 4, *TUNING_PARAMS))
        return self.pick([m for m in (2, 3, 4) if c % m == 0 and m < c] or [1])

    # --- array steps (each returns (expr, type)) ---
    def s_map(self, e, t, env, budget):
        if t.elem == FLOAT and self.chance(0.3):
            f: FunDecl = self.pick(UNARY)
        else:
            f, _ = self.lam([t.elem], lambda ps, inner: self.pipeline_nonempty(ps[0], t.elem, inner, budget), env)
        return self.call(self.map_op(f), [(e, t)], env)

    def pipeline_nonempty(self, e, t, env, budget):
        e, t = self.step(e, t, env, max(budget - 1, 0))
        return self.pipeline(e, t, env, max(budget - 1, 0))

    def s_map_layout(self, e, t, env, budget):
        """map of a bare primitive used as a function (map(split(2)), map(transpose), ...)."""
        inner = t.elem
        choices: list[Prim] = [_p(Op.SPLIT, self.chunk(inner.n)), _p(Op.REORDER, self.chunk(inner.n))]
        if isinstance(inner.elem, ArrayType):
            choices += [_p(Op.JOIN), _p(Op.TRANSPOSE), _p(Op.TRANSPOSE_W)]
        if self.macros and isinstance(inner.elem, ArrayType):
            choices.append(_p(Op.TRANSPOSE_ND, 1, 0))
        if self.macros:
            choices.append(_p(Op.SPLIT_ND, self.chunk(inner.n)))
        return self.call(self.map_op(self.pick(choices)), [(e, t)], env)

    def s_split(self, e, t, env, budget):
        return self.call(_p(Op.SPLIT, self.chunk(t.n)), [(e, t)], env)

    def s_join(self, e, t, env, budget):
        return self.call(_p(Op.JOIN), [(e, t)], env)

    def s_transpose(self, e, t, env, budget):
        return self.call(_p(self.pick((Op.TRANSPOSE, Op.TRANSPOSE_W))), [(e, t)], env)

    def s_slide(self, e, t, env, budget):
        c = _const(t.n)
        size = self.draw(st.integers(1, min(3, c) if c is not None else 3))
        step = self.draw(st.integers(1, 2))
        op = Op.SLIDE
        if self.chance(0.4) and (c is None or (c - size) % step == 0):
            op = Op.SLIDE_STRICT
        return self.call(_p(op, size, step), [(e, t)], env)

    def s_pad(self, e, t, env, budget):
        c = _const(t.n)
        lo = -1 if c is not None and c > 2 else 0
        left, right = self.draw(st.integers(lo, 2)), self.draw(st.integers(lo, 2))
        vt = t.elem if isinstance(t.elem, ArrayType) and self.chance(0.3) else _base(t)
        return self.call(_p(Op.PAD, left, right), [(self.literal(vt), vt), (e, t)], env)

    def s_reorder(self, e, t, env, budget):
        return self.call(_p(Op.REORDER, self.chunk(t.n)), [(e, t)], env)

    def s_reduce(self, e, t, env, budget):
        ops = [Op.REDUCE] + ([Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL] if self.lowered else [])
        if self.chance(0.5):
            f: FunDecl = self.pick((ADD, MULT, MAX))
        else:
            f, _ = self.lam([FLOAT, FLOAT], lambda ps, inner: self.call(
                ADD, [(ps[0], FLOAT), self.scalar_step(ps[1], FLOAT, inner)], inner), env)
        return self.call(_p(self.pick(ops), funs=(f,)), [(self.literal(FLOAT), FLOAT), (e, t)], env)

    def destructure(self, ps, inner):
        """Body of `p => ...` for a pair p: a binary operator on two floats, else one component."""
        q = ps[0]
        pt = inner[q.name]
        a = self.call(_p(Op.GET, 0), [(q, pt)], inner)
        b = self.call(_p(Op.GET, 1), [(q, pt)], inner)
        if pt.elems[0] == FLOAT and pt.elems[1] == FLOAT:
            return self.call(self.pick(BINARY), [a, b], inner)
        return self.pick((a, b))

    def s_zip(self, e, t, env, budget):
        """map(p => ...) << zip(x, x or map(f) << x), with x let-bound unless it is a parameter already."""
        if isinstance(e, Param):
            return self.zip_of(e, t, env, budget)
        f, _ = self.lam([t], lambda ps, inner: self.zip_of(ps[0], t, inner, budget), env)
        return self.call(_p(Op.LET, funs=(f,)), [(e, t)], env)

    def zip_of(self, x: Param, t: ArrayType, env, budget):
        other = (x, t)
        if t.elem == FLOAT and self.chance(0.5):
            other = self.call(_p(Op.MAP, funs=(self.pick(UNARY),)), [(x, t)], env)
        z, zt = self.call(_p(Op.ZIP), [(x, t), other], env)
        elem = zt.elem

        def body(ps, inner):
            q = ps[0]
            a = self.call(_p(Op.GET, 0), [(q, elem)], inner)
            b = self.call(_p(Op.GET, 1), [(q, elem)], inner)
            if t.elem == FLOAT:
                return self.call(self.pick(BINARY), [a, b], inner)
            if self.chance(0.3):
                return self.call(_p(Op.TUPLE), [b, a], inner)  # a tuple result: destructure again later
            return self.pipeline(*self.pick((a, b)), inner, max(budget - 1, 0))

        f, _ = self.lam([elem], body, env)
        out, u = self.call(self.map_op(f), [(z, zt)], env)
        if isinstance(u.elem, TupleType):
            g, _ = self.lam([u.elem], lambda ps, inner: self.call(_p(Op.GET, 0), [(ps[0], u.elem)], inner), env)
            out, u = self.call(_p(Op.MAP, funs=(g,)), [(out, u)], env)
        return out, u

    def s_iterate(self, e, t, env, budget):
        f: FunDecl = _p(Op.MAP, funs=(self.pick(UNARY),))
        if self.chance(0.5):
            f, _ = self.lam([t], lambda ps, inner: self.call(f, [(ps[0], t)], inner), env)
        return self.call(_p(Op.ITERATE, self.draw(st.integers(1, 3)), funs=(f,)), [(e, t)], env)

    def s_vector(self, e, t, env, budget):
        v, vt = self.call(_p(Op.AS_VECTOR, 4), [(e, t)], env)
        if self.chance(0.5):
            g: FunDecl = _p(Op.VECTORISE, 4, funs=(self.pick(UNARY),))
        else:
            g, _ = self.lam([vt.elem], lambda ps, inner: self.call(
                _p(Op.VECTORISE, 4, funs=(self.pick(BINARY),)), [(ps[0], vt.elem), (ps[0], vt.elem)], inner), env)
        m, mt = self.call(self.map_op(g), [(v, vt)], env)
        return self.call(_p(Op.AS_SCALAR), [(m, mt)], env)

    def s_let(self, e, t, env, budget):
        f, _ = self.lam([t], lambda ps, inner: self.pipeline_nonempty(ps[0], t, inner, budget), env)
        return self.call(_p(Op.LET, funs=(f,)), [(e, t)], env)

    def s_marker(self, e, t, env, budget):
        ops = [Op.TO_HOST, Op.TO_GPU] if self.lowered else []
        if not ops:
            return self.s_reorder(e, t, env, budget)
        return self.call(_p(self.pick(ops)), [(e, t)], env)

    def s_memory(self, e, t, env, budget):
        """toGlobal/toLocal/toPrivate of a copy: map(...(map(id)))."""
        inner: FunDecl = self.pick((ID, COPY))
        for _ in range(len(_lengths(t))):
            inner = self.map_op(inner)
        return self.call(_p(self.pick((Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE)), funs=(inner,)), [(e, t)], env)

    def s_take(self, e, t, env, budget):
        c = _const(t.n)
        return self.call(_p(Op.TAKE, self.draw(st.integers(1, c))), [(e, t)], env)

    def s_macro(self, e, t, env, budget):
        lens = _lengths(t)
        rank = len(lens)
        kinds = ["splitND", "joinND", "mapND"] if rank < 4 else ["joinND", "mapND"]
        if rank >= 2:
            kinds += ["transposeND", "padND", "slideND", "zipND"]
        kind = self.pick(kinds)
        if kind == "splitND":
            m1 = self.chunk(t.n)
            c = _const(t.n)
            m2 = 1 if c is not None else self.pick((2, "κ"))
            rest = _const(arith.simplify(t.n / arith.size(m2)))  # split(m2) first, then split(m1)
            c1 = _const(arith.size(m1))
            if rest is not None and (c1 is None or rest % c1):
                m2 = 1
            return self.call(_p(Op.SPLIT_ND, m1, m2), [(e, t)], env)
        if kind == "joinND":
            return self.call(_p(Op.JOIN_ND, self.draw(st.integers(1, rank))), [(e, t)], env)
        if kind == "mapND":
            k = self.draw(st.integers(1, min(rank, 3)))
            el = _elem(t, k)
            if el == FLOAT and self.chance(0.5):
                f: FunDecl = self.pick(UNARY)
            else:
                f, _ = self.lam([el], lambda ps, inner: self.pipeline_nonempty(ps[0], el, inner, budget - 1), env)
            return self.call(_p(Op.MAP_ND, k, funs=(f,)), [(e, t)], env)
        k = self.draw(st.integers(2, min(rank, 3)))
        if kind == "transposeND":
            perm = self.draw(st.permutations(list(range(k))))
            return self.call(_p(self.pick((Op.TRANSPOSE_ND, Op.TRANSPOSE_W_ND)), *perm), [(e, t)], env)
        k = 2
        if kind == "padND":
            amounts = self.draw(st.lists(st.integers(0, 2), min_size=2 * k, max_size=2 * k))
            return self.call(_p(Op.PAD_ND, *amounts), [(self.literal(FLOAT), FLOAT), (e, t)], env)
        if kind == "slideND":
            sizes = [self.draw(st.integers(1, min(2, _const(n) or 2))) for n in lens[:k]]
            steps = [1] * k
            op = self.pick((Op.SLIDE_ND, Op.SLIDE_STRICT_ND))
            return self.call(_p(op, *sizes, *steps), [(e, t)], env)
        # zipND(2, e, e) then mapND(2, p => get(i) << p)
        z, zt = self.call(_p(Op.ZIP_ND, k), [(e, t), (e, t)], env)
        el = _elem(zt, k)
        i = self.draw(st.integers(0, 1))
        f, _ = self.lam([el], lambda ps, inner: self.call(_p(Op.GET, i), [(ps[0], el)], inner), env)
        return self.call(_p(Op.MAP_ND, k, funs=(f,)), [(z, zt)], env)

    def body(self, inputs: list[Param], env, max_steps: int) -> tuple[Expr, Type]:
        x = inputs[0]
        e, t = self.step(x, env[x.name], env, max_steps)
        e, t = self.pipeline(e, t, env, max_steps)
        for y in inputs[1:]:  # use the other inputs too: zip when lengths agree, else a tuple of results
            yt = env[y.name]
            if isinstance(t, ArrayType) and isinstance(yt, ArrayType) and arith.equal(t.n, yt.n):
                z, zt = self.call(_p(Op.ZIP), [(e, t), (y, yt)], env)
                q, _ = self.lam([zt.elem], self.destructure, env)
                e, t = self.call(_p(Op.MAP, funs=(q,)), [(z, zt)], env)
            else:
                e, t = self.call(_p(Op.TUPLE), [(e, t), (y, yt)], env)
        return e, t


def programs(max_steps: int = 4, max_inputs: int = 2, lowered: bool = True, macros: bool = True,
             annotate: bool = True):
    @st.composite
    def gen(draw):
        g = _Gen(draw, lowered, macros, annotate)
        first = draw(input_types())
        types = [first]
        for _ in range(draw(st.integers(1, max_inputs)) - 1):
            t = draw(input_types())
            if draw(st.booleans()):  # same outer length as the first, so that they can be zipped
                t = ArrayType(t.elem, first.n) if isinstance(t, ArrayType) else t
            types.append(t)
        params = [Param(name, t) for name, t in zip("ABCD", types)]
        env = {q.name: q.type for q in params}
        kernel = lowered and draw(st.integers(0, 4)) == 0
        if kernel:  # oclKernel((a, b) => body)(A, B)
            names = g.names(len(params))
            inner = [Param(n) for n in names]
            kenv = {**env, **{q.name: q0.type for q, q0 in zip(inner, params)}}
            body, _ = g.body(inner, kenv, max_steps)
            body = FunCall(_p(Op.OCL_KERNEL, funs=(Lambda(tuple(inner), body),)), tuple(params))
        else:
            body, _ = g.body(params, env, max_steps)
        return Program(draw(st.sampled_from(("prog", "conv", "p_σ"))), tuple(params), body)

    return gen()




def alpha_rename(p: Program, fresh=None) -> Program:
    """Rename every parameter binder (and its references) to fresh names: an alpha-equivalent program."""
    counter = itertools.count()
    fresh = fresh or (lambda name: f"r{next(counter)}_{name}")

    def go(n: Node, env: dict[str, Param]) -> Node:
        if isinstance(n, Param):
            return env.get(n.name, n)
        if isinstance(n, Lambda):
            ps = tuple(Param(fresh(q.name), q.type) for q in n.params)
            inner = {**env, **{q.name: r for q, r in zip(n.params, ps)}}
            return Lambda(ps, go(n.body, inner))  # type: ignore[arg-type]
        if isinstance(n, FunCall):
            return FunCall(go(n.f, env), tuple(go(a, env) for a in n.args))  # type: ignore[arg-type]
        if isinstance(n, Prim):
            return Prim(n.op, n.static, tuple(go(f, env) for f in n.funs))  # type: ignore[misc]
        return n  # Literal, UserFun

    ps = tuple(Param(fresh(q.name), q.type) for q in p.params)
    env = {q.name: r for q, r in zip(p.params, ps)}
    return Program(p.name, ps, go(p.body, env))  # type: ignore[arg-type]


__all__ = ["CUSTOM_USERFUNS", "SIZE_VARS", "TUNING_PARAMS", "alpha_rename", "input_types", "programs"]
