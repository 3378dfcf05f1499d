"""Normal form of rewritten programs: trivial compositions removed, primitives in call form.

Applied by the driver after every rule, and by `prepare` to programs entering the rewrite system, so that
site ids always refer to a normal program. Every law is semantics- and type-preserving:

Syntactic (no types needed):
- eta:      a primitive used as a function argument becomes a call: `map(split(4))` = `map(y => split(4) << y)`
            (single-argument primitives only; user functions and address-space/vectorise wrappers stay bare)
- beta:     `(x => b)(e)` = `b[x := e]` when x is used at most once in b, or e is a parameter or literal
            (the thesis' Lambda semantics: arguments used once are inlined; `let` is never inlined)
- joinSplit:        join << split(n) << x = x
- transposeTwice:   transpose << transpose << x = x (any mix of transpose and transposeW)
- scalarVector:     asScalar << asVector(n) << x = x
- mapId:            map(id) << x = x and map(y => y) << x = x (high-level map only: copies through
                    toGlobal/toLocal/toPrivate(id) or lowered maps are kept, they decide memory)
- padZero:          pad(0, 0, v) << x = x, and padClamp, padMirror, padWrap (0, 0) << x = x
Typed (need the type of x):
- splitJoin:        split(n) << join << x = x            when x : [[T]n]m
- vectorScalar:     asVector(n) << asScalar << x = x     when x : [<S>n]m
- reorderInverse:   reorder(t) << reorder(s) << x = x    when x : [T]n and s * t = n
"""

from __future__ import annotations

from .. import arith
from ..ir.node import Expr, FunCall, Lambda, Literal, Node, Param, Prim, Program, UserFun, with_children
from ..ir.ops import PADS, Op
from ..ir.terms import Fresh, all_names, beta, by_identity, eta_needed, is_call, is_identity, remember, slot_arity
from ..ir.typecheck import Typing, typecheck
from ..types import ArrayType, VectorType

_TRANSPOSES = (Op.TRANSPOSE, Op.TRANSPOSE_W)


def normalise(p: Program, typing: Typing | None = None) -> tuple[Program, Typing]:
    """The normal form of `p` and its typing (type-checks; raises TypeCheckError when p is ill-typed)."""
    fresh = Fresh(all_names(p))
    for _ in range(64):
        syn = _Syntactic(fresh)
        q = syn.node(p, None)
        assert isinstance(q, Program)
        if q is not p or typing is None:
            typing = typecheck(q)
        if not syn.typed_redex:
            return q, typing
        r = _Typed(typing, fresh).go(q, ())
        if r is q:
            return q, typing
        p, typing = r, None  # type: ignore[assignment]
    raise AssertionError("normalisation did not reach a fixpoint")  # every law shrinks the program


# --- syntactic laws ----------------------------------------------------------------------------------
_TYPED_PAIRS = {(Op.SPLIT, Op.JOIN), (Op.AS_VECTOR, Op.AS_SCALAR), (Op.REORDER, Op.REORDER)}

# Subtrees the syntactic pass left unchanged, by identity: (id, arity) -> (node, whether it holds a typed redex).
# A subtree without a redex uses no fresh name, so the pass returns it unchanged again, wherever it occurs.
_UNCHANGED: dict[tuple[int, int | None], tuple[Node, bool]] = {}
_UNCHANGED_MAX = 100_000  # then the oldest quarter goes


class _Syntactic:
    def __init__(self, fresh: Fresh):
        self.fresh = fresh
        self.typed_redex = False  # whether the result may hold a redex of a typed law

    def node(self, n: Node, arity: int | None) -> Node:
        if isinstance(n, Param | Literal | UserFun):
            return n
        key = (id(n), arity)
        hit = _UNCHANGED.get(key)
        if hit is not None and hit[0] is n:
            self.typed_redex |= hit[1]
            return n
        outer, self.typed_redex = self.typed_redex, False
        out = self._node(n, arity)
        if out is n:
            remember(_UNCHANGED, key, (n, self.typed_redex), _UNCHANGED_MAX)  # (it keeps n alive: its id stays n's)
        self.typed_redex |= outer
        return out

    def _node(self, n: Node, arity: int | None) -> Node:
        if isinstance(n, FunCall):
            f = n.f
            args = [self.node(a, None) for a in n.args]
            nf = self.node(f, len(args)) if isinstance(f, Prim | Lambda) else f
            new = n if nf is f and all(a is b for a, b in zip(args, n.args, strict=True)) else FunCall(nf, tuple(args))
            return self.call(new)
        if isinstance(n, Prim):
            funs = []
            for i, g in enumerate(n.funs):
                k = slot_arity(n, i, arity)
                g2 = self.node(g, k)
                if eta_needed(g2) and k == 1:
                    g2 = Lambda((q := self.fresh.param("y"),), self.call(FunCall(g2, (q,))))  # type: ignore[arg-type]
                funs.append(g2)
            if all(a is b for a, b in zip(funs, n.funs, strict=True)):
                return n
            return Prim(n.op, n.static, tuple(funs))
        kids = n.children()
        new_kids = [self.node(c, None) for c in kids]
        if all(a is b for a, b in zip(new_kids, kids, strict=True)):
            return n
        return with_children(n, new_kids)

    def call(self, e: FunCall) -> Expr:
        """Laws at the root of a call whose parts are already normal."""
        f = e.f
        if isinstance(f, Lambda):
            r = beta(f, e.args, self.fresh)
            if r is not e and not (isinstance(r, FunCall) and r.f is f):
                return self.node(r, None) if isinstance(r, FunCall) else r
            return e
        if not isinstance(f, Prim):
            return e
        op = f.op
        x = e.args[-1] if e.args else None
        if op is Op.JOIN and is_call(x, Op.SPLIT):
            return x.args[0]  # type: ignore[union-attr]
        if op in _TRANSPOSES and is_call(x, *_TRANSPOSES):
            return x.args[0]  # type: ignore[union-attr]
        if op is Op.AS_SCALAR and is_call(x, Op.AS_VECTOR):
            return x.args[0]  # type: ignore[union-attr]
        if op is Op.MAP and is_identity(f.funs[0]):
            return e.args[0]
        if op in PADS and f.static[0] == 0 and f.static[1] == 0:
            return e.args[-1]
        if is_call(x) and (op, x.f.op) in _TYPED_PAIRS:  # type: ignore[union-attr]
            self.typed_redex = True
        return e


# --- typed laws --------------------------------------------------------------------------------------
class _Typed:
    """One bottom-up pass matching on the checked tree (so `typing` paths are valid for the matched nodes)."""

    def __init__(self, typing: Typing, fresh: Fresh):
        self.typing = typing
        self.fresh = fresh

    def go(self, n: Node, path: tuple[int, ...]) -> Node:
        return self._go(n, path)[0]

    def _go(self, n: Node, path: tuple[int, ...]) -> tuple[Node, bool]:
        """(new node, whether its root was rewritten)."""
        kids = n.children()
        if not kids or not _typed_candidate(n):
            return n, False
        res = [self._go(c, (*path, i)) for i, c in enumerate(kids)]
        new_kids = [r[0] for r in res]
        new = n if all(a is b for a, b in zip(new_kids, kids, strict=True)) else with_children(n, new_kids)
        if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.args and not res[-1][1] and self.law(n, path):
            return new.args[-1].args[-1], True  # type: ignore[union-attr]  # x of `op << op' << x`
        return new, False

    def law(self, n: FunCall, path) -> bool:
        # x of `op << op' << x` sits at path + (len(args), 1) in the checked tree
        op, x = n.f.op, n.args[-1]  # type: ignore[union-attr]
        xt = self.typing.of.get((*path, len(n.args), 1))
        if op is Op.SPLIT and is_call(x, Op.JOIN):
            if isinstance(xt, ArrayType) and isinstance(xt.elem, ArrayType) and arith.equal(xt.elem.n, n.f.static[0]):
                return True
        elif op is Op.AS_VECTOR and is_call(x, Op.AS_SCALAR):
            if (isinstance(xt, ArrayType) and isinstance(xt.elem, VectorType)
                    and arith.equal(xt.elem.n, n.f.static[0])):
                return True
        elif op is Op.REORDER and is_call(x, Op.REORDER):
            if isinstance(xt, ArrayType) and arith.equal(n.f.static[0] * x.f.static[0], xt.n):  # type: ignore
                return True
        return False


@by_identity
def _typed_candidate(n: Node) -> bool:
    """Whether `n` holds a call `op << op' << x` that a typed law may rewrite (its pair of primitives)."""
    if (isinstance(n, FunCall) and isinstance(n.f, Prim) and n.args and is_call(n.args[-1])
            and (n.f.op, n.args[-1].f.op) in _TYPED_PAIRS):  # type: ignore[union-attr]
        return True
    return any(_typed_candidate(c) for c in n.children())
