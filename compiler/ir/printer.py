"""Text form of programs, close to the thesis notation (the parser in `parser.py` reads it back).

    userfun NAME(x: float, y: float): float = "C body" | "NumPy expression"
    def NAME(A: [[float]K]M, B: [float]N) =
      BODY

Calls print as `f o g << x` (single argument) or `f(a, b)`; a primitive call prints its static parameters,
its in-parenthesis data (reduce's init, pad's value, zip's arrays) and its functions inside the parentheses:
`reduce(value(0, float), add) << x`, `pad(1, 1, value(0, float)) << x`, `mapGlb(0, x => f << x) << y`.

`show` and `canonical` are one line (the body); `print_program` breaks expressions longer than `WIDTH` over
indented lines (chains one function per line, `o f` / `<< x`; lambda bodies and long argument lists indented).
The parser ignores whitespace, so both read back to the same program.
"""

from __future__ import annotations

import hashlib
import json
import re

import sympy

from ..types import ArrayType, ScalarType, TupleType, Type, TypeVar, VectorType
from .node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, Program, RewritePoint, UserFun
from .ops import VARIADIC
from .userfuns import BUILTINS

WIDTH = 100  # print_program breaks lines longer than this


def show(node: Node, limit: int | None = None) -> str:
    """One-line text of any node (used in error messages; `limit` truncates)."""
    s = _Printer().node(node)
    if limit is not None and len(s) > limit:
        s = s[: limit - 3] + "..."
    return s


def print_program(p: Program) -> str:
    """Full text of a program, with declarations of the non-built-in user functions it uses."""
    return _Printer(pretty=True).program(p)


def canonical(p: Program) -> str:
    """Text with every parameter renamed in binding order: equal for alpha-equivalent programs."""
    return _Printer(rename=True).program(p)


def program_key(p: Program) -> str:
    """Stable structural hash: SHA-256 of the canonical (alpha-renamed) text."""
    return hashlib.sha256(canonical(p).encode()).hexdigest()


def _cached_key(p: Program) -> str:
    k = p._key
    if k is None:
        k = program_key(p)
        object.__setattr__(p, "_key", k)  # frozen node: the key is a pure function of its fields
    return k


# str() of every node and Program.key (node.py holds the data, this module the text)
Node.__str__ = show  # type: ignore[method-assign, assignment]
Program.key = property(_cached_key)  # type: ignore[attr-defined]


def show_type(t: Type) -> str:
    """Text of a type; a length that is not a name or a non-negative integer is parenthesised."""
    if isinstance(t, ArrayType):
        return f"[{show_type(t.elem)}]{_type_size(t.n)}"
    if isinstance(t, VectorType):
        return f"<{t.elem}>{_type_size(t.n)}"
    if isinstance(t, TupleType):
        return "(" + ", ".join(map(show_type, t.elems)) + ")"
    if isinstance(t, ScalarType | TypeVar):
        return t.name
    return str(t)


def _type_size(n) -> str:
    if isinstance(n, int) and not isinstance(n, bool):
        return str(n) if n >= 0 else f"({n})"
    if isinstance(n, sympy.Symbol) or (isinstance(n, sympy.Integer) and n >= 0):
        return str(n)
    return f"({n})"


def _size(e) -> str:
    return str(e)  # sympy's str is valid Python, read back by arith.parse_size


class _Printer:
    def __init__(self, rename: bool = False, pretty: bool = False):
        self.rename = rename
        self.pretty = pretty and not rename
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
        return f"{name}: {show_type(p.type)}" if p.type is not None else name

    # --- nodes ---
    def node(self, n: Node) -> str:
        if isinstance(n, Program):
            return self.program(n)
        if isinstance(n, Expr):
            return self.expr(n)
        return self.fun(n)  # type: ignore[arg-type]

    def program(self, p: Program) -> str:
        strict = self.pretty or self.rename  # print_program and canonical; show() never fails
        decls = [self.userfun_decl(u, self.pretty) for u in _user_funs(p, strict) if BUILTINS.get(u.name) != u]
        self.names.append(dict(self.names[-1]))
        params = [self._param_decl(q) for q in p.params]
        head = f"def {p.name}({', '.join(params)}) ="
        if self.pretty and len(head) > WIDTH and params:
            head = f"def {p.name}(\n" + ",\n".join(f"  {q}" for q in params) + "\n) ="
        body = self.pexpr(p.body, 2) if self.pretty else self.expr(p.body)
        self.names.pop()
        return "".join(d + "\n" for d in decls) + f"{head}\n  {body}\n"

    @staticmethod
    def userfun_decl(u: UserFun, pretty: bool = False) -> str:
        params = ", ".join(f"{n}: {show_type(t)}" for n, t in zip(u.params, u.in_types, strict=True))
        head = f"userfun {u.name}({params}): {show_type(u.out_type)} ="
        c, py = json.dumps(u.c_body), json.dumps(u.py)
        if pretty and len(head) + len(c) + len(py) + 4 > WIDTH:
            return f"{head}\n  {c}\n  | {py}"
        return f"{head} {c} | {py}"

    def expr(self, e: Expr) -> str:
        if isinstance(e, Param):
            return self._ref(e)
        if isinstance(e, Literal):
            return f"value({_value_text(e.value)}, {show_type(e.type)})"
        assert isinstance(e, FunCall), e
        heads, tail = _chain(e)
        if heads:
            return " o ".join(self._head(c) for c in heads) + " << " + self.expr(tail)
        f = e.f
        if isinstance(f, Prim) and f.op.info.nlead != 0:
            return self._lead_call(f, e.args)
        return f"{self._called(f)}({', '.join(self.expr(a) for a in e.args)})"

    def _head(self, call: FunCall) -> str:
        """Text of one function of a chain (a primitive with its lead data, or a callee)."""
        f = call.f
        if isinstance(f, Prim) and f.op.info.nlead != 0:
            return self._prim(f, call.args[: f.op.info.nlead])
        return self._callee(f)

    def _lead_call(self, f: Prim, args) -> str:
        nlead = f.op.info.nlead
        lead = args if nlead == VARIADIC else args[:nlead]
        text = self._prim(f, lead)
        rest = args[len(lead):]
        if rest:
            text += " << " + self.expr(rest[0]) if len(rest) == 1 else f"({', '.join(map(self.expr, rest))})"
        return text

    def _callee(self, f: FunDecl) -> str:
        s = self.fun(f)
        return f"({s})" if isinstance(f, Lambda) else s

    def _called(self, f: FunDecl) -> str:
        """Callee of `f(a, b)`: a primitive without parameters gets `()` so that `(a, b)` is not its items."""
        s = self._callee(f)
        return s + "()" if isinstance(f, Prim) and s == f.op.text else s

    def fun(self, f: FunDecl) -> str:
        if isinstance(f, UserFun):
            return f.name
        if isinstance(f, Prim):
            return self._prim(f, ())
        if isinstance(f, RewritePoint):
            items = [f.kind, json.dumps(f.label), self.fun(f.fun), *map(_rp_arg, f.args)]
            return f"rewritePoint({', '.join(items)})"
        assert isinstance(f, Lambda), f
        self.names.append(dict(self.names[-1]))
        ps = [self._param_decl(p) for p in f.params]
        body = self.expr(f.body)
        self.names.pop()
        return f"{self._lambda_head(f, ps)} => {body}"

    @staticmethod
    def _lambda_head(f: Lambda, ps: list[str]) -> str:
        return ps[0] if len(ps) == 1 and f.params[0].type is None else f"({', '.join(ps)})"

    def _prim(self, p: Prim, lead) -> str:
        items = [_size(s) for s in p.static] + [self.expr(a) for a in lead] + [self.fun(g) for g in p.funs]
        if not items:
            return p.op.text
        return f"{p.op.text}({', '.join(items)})"

    # --- pretty layout (print_program): the flat text where it fits, else broken over lines ---------
    # `ind` is the column the text starts at; continuation lines carry absolute indentation.
    def pexpr(self, e: Expr, ind: int) -> str:
        flat = self.expr(e)
        if ind + len(flat) <= WIDTH or not isinstance(e, FunCall):
            return flat
        pad = "\n" + " " * ind
        heads, tail = _chain(e)
        if heads:
            parts = [self._phead(heads[0], ind)]
            parts += ["o " + self._phead(c, ind + 2) for c in heads[1:]]
            return pad.join(parts) + pad + "<< " + self.pexpr(tail, ind + 3)
        f = e.f
        if isinstance(f, Prim) and f.op.info.nlead != 0:
            nlead = f.op.info.nlead
            lead = e.args if nlead == VARIADIC else e.args[:nlead]
            text = self._pprim(f, lead, ind)
            rest = e.args[len(lead):]
            if len(rest) == 1:
                return text + pad + "<< " + self.pexpr(rest[0], ind + 3)
            return text + self._pargs(rest, ind) if rest else text
        callee = self._pcallee(f, ind)
        if isinstance(f, Prim) and callee == f.op.text:
            callee += "()"
        return callee + self._pargs(e.args, ind)

    def _pargs(self, args, ind: int) -> str:
        flat = f"({', '.join(self.expr(a) for a in args)})"
        if ind + len(flat) <= WIDTH or not args:
            return flat
        inner = " " * (ind + 2)
        return "(\n" + ",\n".join(inner + self.pexpr(a, ind + 2) for a in args) + "\n" + " " * ind + ")"

    def _phead(self, call: FunCall, ind: int) -> str:
        f = call.f
        if isinstance(f, Prim) and f.op.info.nlead != 0:
            return self._pprim(f, call.args[: f.op.info.nlead], ind)
        return self._pcallee(f, ind)

    def _pcallee(self, f: FunDecl, ind: int) -> str:
        if not isinstance(f, Lambda):
            return self.pfun(f, ind)
        flat = self._callee(f)
        if ind + len(flat) <= WIDTH:
            return flat
        return "(" + self.pfun(f, ind + 1) + "\n" + " " * ind + ")"

    def pfun(self, f: FunDecl, ind: int) -> str:
        flat = self.fun(f)
        if ind + len(flat) <= WIDTH:
            return flat
        if isinstance(f, Prim):
            return self._pprim(f, (), ind)
        if isinstance(f, Lambda):
            head = self._lambda_head(f, [self._param_decl(p) for p in f.params])
            return f"{head} =>\n{' ' * (ind + 2)}{self.pexpr(f.body, ind + 2)}"
        return flat

    def _pprim(self, p: Prim, lead, ind: int) -> str:
        flat = self._prim(p, lead)
        if ind + len(flat) <= WIDTH:
            return flat
        items = [_size(s) for s in p.static] + [self.expr(a) for a in lead]
        if p.funs and isinstance(p.funs[-1], Lambda):
            # name(items..., x =>
            #   body
            # )
            items += [self.fun(g) for g in p.funs[:-1]]
            last = p.funs[-1]
            opener = f"{p.op.text}({''.join(i + ', ' for i in items)}"
            head = self._lambda_head(last, [self._param_decl(q) for q in last.params]) + " =>"
            if ind + len(opener) + len(head) <= WIDTH:
                body = self.pexpr(last.body, ind + 2)
                return f"{opener}{head}\n{' ' * (ind + 2)}{body}\n{' ' * ind})"
        # name(
        #   item,
        #   item
        # )
        inner = ind + 2
        texts = [_size(s) for s in p.static] + [self.pexpr(a, inner) for a in lead]
        texts += [self.pfun(g, inner) for g in p.funs]
        return f"{p.op.text}(\n" + ",\n".join(" " * inner + t for t in texts) + "\n" + " " * ind + ")"


def _chain(e: FunCall) -> tuple[list[FunCall], Expr]:
    """(calls, tail) when e is f1 << f2 << ... << x with single-tail calls; calls is empty otherwise."""
    heads: list[FunCall] = []
    cur: Expr = e
    while isinstance(cur, FunCall) and _single(cur):
        heads.append(cur)
        cur = cur.args[-1]
    return heads, cur


def _single(e: FunCall) -> bool:
    """Whether `e` prints as `f << x`: one argument after a primitive's in-parenthesis data."""
    f = e.f
    if isinstance(f, Prim) and f.op.info.nlead != 0:
        nlead = f.op.info.nlead
        return nlead != VARIADIC and len(e.args) == nlead + 1
    return len(e.args) == 1


# the literal values printed bare: exactly what the parser's number token (after an optional '-') reads
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?f?")


def _rp_arg(a) -> str:
    """A rewrite point's kind argument: an integer or a user function (by name)."""
    if isinstance(a, UserFun):
        return a.name
    if isinstance(a, int | sympy.Integer) and not isinstance(a, bool):
        return str(a)
    raise ValueError(f"rewrite point argument {a!r} is neither an integer nor a user function")


def _value_text(v: str) -> str:
    return v if _NUMBER.fullmatch(v) else json.dumps(v)


def _user_funs(n: Node, strict: bool = False) -> list[UserFun]:
    """The user functions under n by name; `strict`: two different ones with one name is an error (the text
    names user functions, so such a program cannot be printed faithfully)."""
    seen: dict[str, UserFun] = {}

    def go(x: Node):
        if isinstance(x, UserFun):
            prev = seen.setdefault(x.name, x)
            if strict and prev != x:
                raise ValueError(f"two different user functions are called {x.name!r}: rename one to print it")
        if isinstance(x, RewritePoint):
            for a in x.args:
                if isinstance(a, UserFun):
                    go(a)
        for c in x.children():
            go(c)

    go(n)
    return list(seen.values())
