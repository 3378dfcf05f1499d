"""Text form of programs, close to the thesis notation (the parser in `parser.py` reads it back).

    userfun NAME(x: float, y: float): float = "C body" | "NumPy expression"
    def NAME(A: [[float]K]M, B: [float]N) =
      BODY

Calls print as `f o g << x` (single argument) or `f(a, b)`; a primitive call prints its static parameters,
its in-parenthesis data (reduce's init, pad's value, zip's arrays) and its functions inside the parentheses:
`reduce(value(0, float), add) << x`, `pad(1, 1, value(0, float)) << x`, `mapGlb(0, x => f << x) << y`.
"""

from __future__ import annotations

import json

from .. import arith
from ..types import Type
from .node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program, UserFun
from .ops import VARIADIC
from .userfuns import BUILTINS


def show(node: Node, limit: int | None = None) -> str:
    """One-line text of any node (used in error messages; `limit` truncates)."""
    s = _Printer().node(node)
    if limit is not None and len(s) > limit:
        s = s[: limit - 3] + "..."
    return s


def print_program(p: Program) -> str:
    """Full text of a program, with declarations of the non-built-in user functions it uses."""
    return _Printer().program(p)


def canonical(p: Program) -> str:
    """Text with every parameter renamed in binding order: equal for alpha-equivalent programs."""
    return _Printer(rename=True).program(p)


def show_type(t: Type) -> str:
    return str(t)


def _size(e) -> str:
    return str(e)


class _Printer:
    def __init__(self, rename: bool = False):
        self.rename = rename
        self.names: list[dict[str, str]] = [{}]
        self.counter = 0

    # --- binding ---
    def _bind(self, p: Param) -> str:
        if not self.rename:
            return p.name
        name = f"p{self.counter}"
        self.counter += 1
        self.names[-1] = {**self.names[-1], p.name: name}
        return name

    def _ref(self, p: Param) -> str:
        return self.names[-1].get(p.name, p.name) if self.rename else p.name

    def _param_decl(self, p: Param) -> str:
        name = self._bind(p)
        return f"{name}: {p.type}" if p.type is not None else name

    # --- nodes ---
    def node(self, n: Node) -> str:
        if isinstance(n, Program):
            return self.program(n)
        if isinstance(n, Expr):
            return self.expr(n)
        return self.fun(n)  # type: ignore[arg-type]

    def program(self, p: Program) -> str:
        decls = [self.userfun_decl(u) for u in _user_funs(p) if BUILTINS.get(u.name) != u]
        self.names.append(dict(self.names[-1]))
        params = ", ".join(self._param_decl(q) for q in p.params)
        body = self.expr(p.body)
        self.names.pop()
        return "".join(d + "\n" for d in decls) + f"def {p.name}({params}) =\n  {body}\n"

    @staticmethod
    def userfun_decl(u: UserFun) -> str:
        params = ", ".join(f"{n}: {t}" for n, t in zip(u.params, u.in_types, strict=True))
        return f"userfun {u.name}({params}): {u.out_type} = {json.dumps(u.c_body)} | {json.dumps(u.py)}"

    def expr(self, e: Expr) -> str:
        if isinstance(e, Param):
            return self._ref(e)
        if isinstance(e, Literal):
            return f"value({_value_text(e.value)}, {e.type})"
        assert isinstance(e, FunCall), e
        chain = self._chain(e)
        if chain is not None:
            funs, tail = chain
            return " o ".join(funs) + " << " + self._arg(tail)
        f = e.f
        if isinstance(f, Prim) and f.op.info.nlead != 0:
            return self._lead_call(f, e.args)
        return f"{self._callee(f)}({', '.join(self.expr(a) for a in e.args)})"

    def _chain(self, e: FunCall):
        """(function texts, tail) when e is f1 << f2 << ... << x with single-tail calls, else None."""
        funs: list[str] = []
        cur: Expr = e
        while isinstance(cur, FunCall):
            head = self._single(cur)
            if head is None:
                break
            funs.append(head)
            cur = cur.args[-1]
        return (funs, cur) if funs else None

    def _single(self, e: FunCall) -> str | None:
        f = e.f
        if isinstance(f, Prim) and f.op.info.nlead != 0:
            nlead = f.op.info.nlead
            if nlead == VARIADIC or len(e.args) != nlead + 1:
                return None
            return self._prim(f, e.args[:nlead])
        if len(e.args) != 1:
            return None
        return self._callee(f)

    def _lead_call(self, f: Prim, args) -> str:
        nlead = f.op.info.nlead
        lead = args if nlead == VARIADIC else args[:nlead]
        text = self._prim(f, lead)
        rest = args[len(lead):]
        if rest:
            text += " << " + self._arg(rest[0]) if len(rest) == 1 else f"({', '.join(map(self.expr, rest))})"
        return text

    def _arg(self, e: Expr) -> str:
        return self.expr(e)

    def _callee(self, f: FunDecl) -> str:
        s = self.fun(f)
        return f"({s})" if isinstance(f, Lambda) else s

    def fun(self, f: FunDecl) -> str:
        if isinstance(f, UserFun):
            return f.name
        if isinstance(f, Prim):
            return self._prim(f, ())
        assert isinstance(f, Lambda), f
        self.names.append(dict(self.names[-1]))
        ps = [self._param_decl(p) for p in f.params]
        body = self.expr(f.body)
        self.names.pop()
        head = ps[0] if len(ps) == 1 and f.params[0].type is None else f"({', '.join(ps)})"
        return f"{head} => {body}"

    def _prim(self, p: Prim, lead) -> str:
        items = [_size(s) for s in p.static] + [self.expr(a) for a in lead] + [self.fun(g) for g in p.funs]
        if not items:
            return p.op.text
        return f"{p.op.text}({', '.join(items)})"


def _value_text(v: str) -> str:
    try:
        float(v.rstrip("f"))
        return v
    except ValueError:
        return json.dumps(v)


def _user_funs(n: Node) -> list[UserFun]:
    seen: dict[str, UserFun] = {}

    def go(x: Node):
        if isinstance(x, UserFun):
            seen.setdefault(x.name, x)
        for c in x.children():
            go(c)

    go(n)
    return list(seen.values())


_ = arith  # sizes print through sympy's str
