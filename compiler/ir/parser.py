"""Parser of the text form that `printer.py` writes (thesis notation), whitespace-insensitive, `#` comments.

    program  := userfun* 'def' NAME '(' [param {',' param}] ')' '=' expr
    userfun  := 'userfun' NAME '(' [NAME ':' type {',' ...}] ')' ':' type '=' STRING '|' STRING
    param    := NAME [':' type]
    expr     := fterm {'o' fterm} '<<' expr        # f o g << x  =  f << (g << x)
              | fterm '(' [expr {',' expr}] ')'     # f(a, b)
              | prim-with-lead                      # zip(a, b), reduce(init, f) (a call on its lead data)
              | NAME | 'value' '(' ['-'] NUMBER | STRING | size ',' type ')' | '(' expr ')'
    fterm    := NAME                                # user function (file declarations, then built-ins)
              | PRIM ['(' items ')']                # items: static sizes, lead data, functions (ops.py)
              | NAME '=>' expr | '(' [param {',' param}] ')' '=>' expr      # body extends as far as it can
              | '(' fterm ')'
    type     := SCALAR | '[' type ']' size | '<' SCALAR '>' size | '(' [type {',' type}] ')'
    size     := INT | '-' INT | NAME | '(' arith ')'    # arith: + - * / ** // % floor ceiling Mod Max Min

`value(N, float)` (a size expression in place of the number: `value(M*N, float)`, `value((N + 1), int)`) is the
size's value in that type, a size literal (`typecheck.literal_size`); `value("N", float)` is the same literal.

A primitive's items inside its parentheses are its static sizes, then (where it is applied, i.e. not as a
function argument of another primitive) its `nlead` lead data expressions, then its functions; a variadic count
is what is left over. Names resolve innermost binder first; a parameter reference is the binder's Param itself
(with its declared type). Errors raise `ParseError(msg, line, col, source)`.

Limits, checked before any recursion: a text of at most `MAX_SOURCE_BYTES` bytes (UTF-8), and nesting (brackets,
lambdas, `<<` and `o` chains, terms of a size expression) at most `MAX_DEPTH` levels deep, so that the type
checker, the printer and the interpreter, which recurse over the tree, stay within Python's recursion limit.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

import sympy

from .. import arith
from ..errors import ParseError
from ..types import SCALARS, ArrayType, TupleType, Type, TypeVar, VectorType, size_names
from .node import Expr, FunCall, FunDecl, Lambda, Literal, Param, Prim, Program, RewritePoint, UserFun
from .ops import BY_NAME, VARIADIC, Op
from .printer import show
from .userfuns import BUILTINS

__all__ = ["MAX_DEPTH", "MAX_SOURCE_BYTES", "parse_expr", "parse_fun", "parse_program", "parse_type"]

MAX_SOURCE_BYTES = 1 << 20  # the longest text parsed (the suite's programs are a few kB)
MAX_DEPTH = 120  # the deepest nesting parsed (the suite's programs nest about 20 levels)


def parse_program(text: str) -> Program:
    """The Program of `print_program`/`canonical` text: user function declarations, then one `def`."""
    return _Parser(text).program()


def parse_expr(text: str, env_types: Mapping[str, Type | None] | None = None,
               userfuns: Mapping[str, UserFun] | None = None) -> Expr:
    """An expression (the text of `show(expr)`).

    Free names become `Param(name, env_types[name])`; with `env_types=None` any free name is an untyped Param,
    otherwise a name missing from `env_types` is an error. `userfuns` adds user functions by name.
    """
    p = _Parser(text, env_types, userfuns)
    e = p.expr()
    p.end("the expression")
    return e


def parse_fun(text: str, env_types: Mapping[str, Type | None] | None = None,
              userfuns: Mapping[str, UserFun] | None = None) -> FunDecl:
    """A function (the text of `show(fundecl)`): a lambda, a primitive with its items, a user function."""
    p = _Parser(text, env_types, userfuns)
    f = p.fterm()
    p.end("the function")
    return f


def parse_size(text: str) -> sympy.Expr:
    """A size expression (`N`, `M*N`, `(N + 1)/2`, `floor(N/3)`): what a length in a type may be."""
    p = _Parser(text)
    e = p.size()
    p.end("the size")
    return e


def parse_type(text: str) -> Type:
    """A type: `float`, `[[float]M]N`, `<float>4`, `(float, [int]N)`, `[float](N/σ)`."""
    p = _Parser(text)
    t = p.type()
    p.end("the type")
    return t


# --- tokens ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tok:
    kind: str  # name | num | str | op | eof
    text: str
    line: int
    col: int


_TOKEN = re.compile(
    r"""(?P<ws>[ \t\r\n]+|\#[^\n]*)
      | (?P<str>"(?:[^"\\\n]|\\.)*")
      | (?P<num>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?f?)
      | (?P<name>[^\W\d]\w*)
      | (?P<op><<|=>|\*\*|//|[()\[\]<>,:=|+\-*/%])""",
    re.VERBOSE,
)

_OPEN = {"(": ")", "[": "]"}


def check_length(text: str) -> None:
    """A ParseError at the position where `text` grows past MAX_SOURCE_BYTES bytes of UTF-8."""
    if len(text) * 4 <= MAX_SOURCE_BYTES:
        return
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= MAX_SOURCE_BYTES:
        return
    head = data[:MAX_SOURCE_BYTES].decode("utf-8", "ignore")
    line = head.count("\n") + 1
    col = len(head) - (head.rfind("\n") + 1) + 1
    raise ParseError(f"the text is {len(data)} bytes long, more than the limit of {MAX_SOURCE_BYTES} bytes", line, col)


def tokenize(text: str) -> list[Tok]:
    check_length(text)
    toks: list[Tok] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        col = pos - line_start + 1
        if m is None:
            ch = text[pos]
            if ch == '"':
                raise ParseError("unterminated string literal", line, col, text)
            raise ParseError(f"unexpected character {ch!r}", line, col, text)
        kind = m.lastgroup
        s = m.group()
        if kind != "ws":
            toks.append(Tok(kind, s, line, col))  # type: ignore[arg-type]
        nl = s.count("\n")
        if nl:
            line += nl
            line_start = pos + s.rindex("\n") + 1
        pos = m.end()
    toks.append(Tok("eof", "", line, pos - line_start + 1))
    return toks


def _describe(t: Tok) -> str:
    if t.kind == "eof":
        return "the end of the text"
    return f"{t.text!r}" if t.kind != "str" else "a string"


def _brackets(toks: list[Tok], text: str) -> dict[int, tuple[int, int]]:
    """{index of an opening bracket: (index of its closing bracket, top-level commas inside)} in one pass; a
    ParseError where the nesting grows deeper than MAX_DEPTH. Unbalanced brackets are left out (`matching`
    reports them)."""
    out: dict[int, tuple[int, int]] = {}
    stack: list[list[int]] = []
    for j, t in enumerate(toks):
        if t.kind != "op":
            continue
        if t.text in _OPEN:
            if len(stack) >= MAX_DEPTH:
                raise ParseError(f"brackets nested more than {MAX_DEPTH} levels deep (the parser's limit)",
                                 t.line, t.col, text)
            stack.append([j, 0])
        elif t.text == "," and stack:
            stack[-1][1] += 1
        elif t.text in (")", "]"):
            if not stack or _OPEN[toks[stack[-1][0]].text] != t.text:
                break
            k, commas = stack.pop()
            out[k] = (j, commas)
    return out


def _nested(method):
    """Count one level of nesting around a recursive parsing method; a ParseError past MAX_DEPTH."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise self.error(f"expression nested more than {MAX_DEPTH} levels deep (the parser's limit)")
            return method(self, *args, **kwargs)
        finally:
            self.depth -= 1

    return wrapper


# --- parser -----------------------------------------------------------------------------------------------
class _Parser:
    def __init__(self, text: str, env_types: Mapping[str, Type | None] | None = None,
                 userfuns: Mapping[str, UserFun] | None = None):
        self.src = text
        self.toks = tokenize(text)
        self.pairs = _brackets(self.toks, text)
        self.depth = 0
        self.i = 0
        self.userfuns: dict[str, UserFun] = dict(userfuns or {})
        self.scopes: list[dict[str, Param]] = []
        self.free_ok = env_types is None
        self.env = dict(env_types or {})
        self.sizes: frozenset[str] | None = None  # a program's: the size variables of its parameters' types

    # --- token helpers ---
    @property
    def tok(self) -> Tok:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def at(self, text: str, k: int = 0) -> bool:
        t = self.peek(k) if k else self.tok
        return t.kind in ("op", "name") and t.text == text

    def next(self) -> Tok:
        t = self.tok
        if t.kind != "eof":
            self.i += 1
        return t

    def error(self, msg: str, tok: Tok | None = None) -> ParseError:
        t = tok or self.tok
        return ParseError(msg, t.line, t.col, self.src)

    def expect(self, text: str, what: str = "") -> Tok:
        if not self.at(text):
            ctx = f" {what}" if what else ""
            raise self.error(f"expected {text!r}{ctx}, found {_describe(self.tok)}")
        return self.next()

    def name(self, what: str) -> Tok:
        if self.tok.kind != "name":
            raise self.error(f"expected {what}, found {_describe(self.tok)}")
        return self.next()

    def end(self, what: str) -> None:
        if self.tok.kind != "eof":
            raise self.error(f"unexpected {_describe(self.tok)} after {what}")

    def matching(self, k: int) -> int:
        """Index of the token closing the bracket at token index k."""
        if k in self.pairs:
            return self.pairs[k][0]
        stack = [self.toks[k]]
        j = k + 1
        while True:
            t = self.toks[j]
            if t.kind == "eof":
                o = stack[-1]
                raise self.error(f"unbalanced {o.text!r}: no matching {_OPEN[o.text]!r}", o)
            if t.kind == "op" and t.text in _OPEN:
                stack.append(t)
            elif t.kind == "op" and t.text in (")", "]"):
                if t.text != _OPEN[stack[-1].text]:
                    raise self.error(f"{t.text!r} does not match {stack[-1].text!r} at line {stack[-1].line}, "
                                     f"column {stack[-1].col}", t)
                stack.pop()
                if not stack:
                    return j
            j += 1

    def item_count(self) -> int:
        """Number of top-level comma-separated items between the '(' at the cursor and its ')'."""
        k = self.i
        close = self.matching(k)
        if close == k + 1:
            return 0
        if k in self.pairs:
            return self.pairs[k][1] + 1
        depth, n = 0, 1
        for t in self.toks[k + 1: close]:
            if t.kind == "op" and t.text in _OPEN:
                depth += 1
            elif t.kind == "op" and t.text in (")", "]"):
                depth -= 1
            elif depth == 0 and t.kind == "op" and t.text == ",":
                n += 1
        return n

    # --- scopes ---
    def lookup(self, name: str) -> Param | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        if name in self.env:
            return Param(name, self.env[name])
        return None

    def is_fun_name(self, name: str) -> bool:
        return name in BY_NAME or name in self.userfuns or name in BUILTINS or name == "rewritePoint"

    # --- program ---
    def program(self) -> Program:
        self.free_ok = False
        while self.at("userfun"):
            self.userfun_decl()
        if not self.at("def"):
            raise self.error(f"expected 'def' or 'userfun', found {_describe(self.tok)}")
        self.next()
        name = self.name("a program name").text
        self.expect("(", "after the program name")
        params = self.param_list()
        self.sizes = frozenset().union(*(size_names(q.type) for q in params if q.type is not None))
        self.expect("=", "after the program parameters")
        self.scopes.append({q.name: q for q in params})
        body = self.expr()
        self.scopes.pop()
        self.end("the program body")
        return Program(name, params, body)

    def param_list(self) -> tuple[Param, ...]:
        """Parameters after '(' up to and including ')': NAME [':' type], comma separated."""
        params: list[Param] = []
        seen: set[str] = set()
        if self.at(")"):
            self.next()
            return ()
        while True:
            t = self.name("a parameter name")
            if t.text in seen:
                raise self.error(f"duplicate parameter {t.text!r}", t)
            seen.add(t.text)
            ty = None
            if self.at(":"):
                self.next()
                ty = self.type()
            params.append(Param(t.text, ty))
            if self.at(")"):
                self.next()
                return tuple(params)
            self.expect(",", "or ')' in the parameter list")

    def userfun_decl(self) -> None:
        self.next()
        t = self.name("a user function name")
        if t.text in BY_NAME:
            raise self.error(f"user function {t.text!r} has the name of a primitive", t)
        if t.text in self.userfuns:
            raise self.error(f"user function {t.text!r} is declared twice", t)
        self.expect("(", "after the user function name")
        names: list[str] = []
        types: list[Type] = []
        if self.at(")"):
            self.next()
        else:
            while True:
                names.append(self.name("a parameter name").text)
                self.expect(":", "after a user function parameter (its type)")
                types.append(self.type(typevars=True))
                if self.at(")"):
                    self.next()
                    break
                self.expect(",", "or ')' in the parameter list")
        self.expect(":", "before the result type")
        out = self.type(typevars=True)
        self.expect("=", "before the OpenCL C body")
        c_body = self.string("the OpenCL C body (a JSON string)")
        self.expect("|", "between the C body and the NumPy expression")
        py = self.string("the NumPy expression (a JSON string)")
        self.userfuns[t.text] = UserFun(t.text, tuple(names), tuple(types), out, c_body, py)

    def string(self, what: str) -> str:
        t = self.tok
        if t.kind != "str":
            raise self.error(f"expected {what}, found {_describe(t)}")
        self.next()
        try:
            return json.loads(t.text)
        except json.JSONDecodeError as err:
            raise self.error(f"bad string literal: {err.msg}", t) from None

    # --- types ---
    @_nested
    def type(self, typevars: bool = False) -> Type:
        t = self.tok
        if t.kind == "name":
            self.next()
            if t.text in SCALARS:
                return SCALARS[t.text]
            if typevars:
                return TypeVar(t.text)
            raise self.error(f"unknown type {t.text!r} (expected float, double, int, bool, [T]n, <S>n or a tuple)",
                             t)
        if self.at("["):
            self.next()
            elem = self.type(typevars)
            self.expect("]", "after an array element type")
            return ArrayType(elem, self.type_size())
        if self.at("<"):
            self.next()
            s = self.name("a scalar type")
            if s.text not in SCALARS:
                raise self.error(f"vector elements must be scalar, found {s.text!r}", s)
            self.expect(">", "after a vector element type")
            return VectorType(SCALARS[s.text], self.type_size())
        if self.at("("):
            self.next()
            elems: list[Type] = []
            if not self.at(")"):
                while True:
                    elems.append(self.type(typevars))
                    if not self.at(","):
                        break
                    self.next()
            self.expect(")", "closing a tuple type")
            return TupleType(tuple(elems))
        raise self.error(f"expected a type, found {_describe(t)}")

    def type_size(self) -> sympy.Expr:
        t = self.tok
        if t.kind in ("name", "num"):
            return self.size_atom()
        if self.at("-") and self.peek().kind == "num":
            self.next()
            return -self.size_atom()
        if self.at("("):
            self.matching(self.i)
            self.next()
            e = self.size()
            self.expect(")", "closing a parenthesised length")
            return e
        raise self.error(f"expected an array or vector length (a name, an integer or a parenthesised "
                         f"expression), found {_describe(t)}")

    # Sizes: + - * / ** // % over integers, names (size variables) and floor/ceiling/Mod/Max/Min calls, read
    # into a raw tree first and then built with sympy so that sympy's `str` reads back to the same structure
    # (n-ary products and sums are rebuilt as one Mul/Add, and a printed `2*(N + 1)` stays undistributed).
    def size(self) -> sympy.Expr:
        start = self.tok
        raw = self.size_sum()
        try:
            e = _build_size(raw)
        except (TypeError, ValueError, ZeroDivisionError, ArithmeticError) as err:
            raise self.error(f"invalid size expression: {err}", start) from None
        if e.has(sympy.zoo, sympy.oo, sympy.nan):
            raise self.error(f"invalid size expression: {e} (a division by zero or an infinite length)", start)
        return e

    @_nested
    def size_sum(self):
        node = self.size_unary()
        terms = 1
        while self.at("+") or self.at("-"):
            terms += 1
            if terms > MAX_DEPTH:
                raise self.error(f"a size expression of more than {MAX_DEPTH} terms (the parser's limit)")
            op = self.next().text
            node = ("add" if op == "+" else "sub", node, self.size_unary())
        return node

    @_nested
    def size_unary(self):
        if self.at("-"):
            self.next()
            return ("neg", self.size_unary())
        if self.at("+"):
            self.next()
            return self.size_unary()
        node = self.size_power()
        factors = 1
        while self.tok.kind == "op" and self.tok.text in ("*", "/", "//", "%"):
            factors += 1
            if factors > MAX_DEPTH:
                raise self.error(f"a size expression of more than {MAX_DEPTH} factors (the parser's limit)")
            op = self.next().text
            rhs = self.size_power() if not (self.at("-") or self.at("+")) else self.size_unary_factor()
            node = ({"*": "mul", "/": "div", "//": "floordiv", "%": "mod"}[op], node, rhs)
        return node

    @_nested
    def size_unary_factor(self):
        if self.at("-"):
            self.next()
            return ("neg", self.size_unary_factor())
        if self.at("+"):
            self.next()
        return self.size_power()

    def size_power(self):
        base = self.size_primary()
        if self.at("**"):
            self.next()
            return ("pow", base, self.size_unary_factor())
        return base

    def size_primary(self):
        t = self.tok
        if t.kind == "num":
            if not re.fullmatch(r"\d+", t.text):
                raise self.error(f"a size must be an integer expression, found {t.text!r}")
            self.next()
            return ("num", int(t.text))
        if t.kind == "name":
            self.next()
            if t.text in _SIZE_FUNS:
                if self.at("("):
                    self.matching(self.i)
                self.expect("(", f"after {t.text}")
                args = [self.size_sum()]
                while self.at(","):
                    self.next()
                    args.append(self.size_sum())
                self.expect(")", f"closing {t.text}(...)")
                return ("call", t.text, args)
            return ("name", t.text)
        if self.at("("):
            self.matching(self.i)
            self.next()
            node = self.size_sum()
            self.expect(")", "closing a parenthesised size")
            return node
        raise self.error(f"expected a size (an integer, a name or a parenthesised expression), found "
                         f"{_describe(t)}")

    def size_atom(self) -> sympy.Expr:
        t = self.next()
        if t.kind == "num":
            if not re.fullmatch(r"\d+", t.text):
                raise self.error(f"a length must be an integer, found {t.text!r}", t)
            return sympy.Integer(int(t.text))
        if t.text in _SIZE_FUNS:
            raise self.error(f"{t.text} is a function: parenthesise a computed length, e.g. [float]({t.text}(N/2))", t)
        return arith.var(t.text)

    def static_item(self) -> sympy.Expr:
        """A size up to the next top-level ',' or ')'."""
        return self.size()

    # --- expressions ---
    @_nested
    def expr(self) -> Expr:
        t = self.tok
        if t.kind == "name":
            nxt = self.peek()
            if t.text == "value" and self.at("(", 1):
                return self.literal()
            follows_fun = (nxt.kind == "op" and nxt.text in ("(", "<<", "=>")) or (nxt.kind, nxt.text) == ("name", "o")
            is_fun = self.is_fun_name(t.text)
            if follows_fun and not is_fun and nxt.text != "=>":
                if self.lookup(t.text) is not None:
                    raise self.error(f"{t.text!r} is a parameter, not a function", t)
                raise self.error(f"unknown function {t.text!r}", t)
            if not follows_fun:
                p = self.lookup(t.text)
                if p is not None:
                    self.next()
                    return p
                if self.free_ok and t.text not in BY_NAME:
                    self.next()
                    return Param(t.text)
                if not is_fun:
                    raise self.error(f"unknown name {t.text!r}", t)
        elif self.at("("):
            close = self.matching(self.i)
            if not self.at("=>", close - self.i + 1) and not self.lambda_ahead(self.i + 1):
                self.next()  # a parenthesised expression
                e = self.expr()
                self.expect(")", "closing a parenthesised expression")
                return e
        elif t.kind != "name":
            raise self.error(f"expected an expression, found {_describe(t)}")
        return self.application()

    def lambda_ahead(self, k: int) -> bool:
        """Whether a lambda starts at token index k (NAME '=>' or a parameter list followed by '=>')."""
        t = self.toks[k]
        if t.kind == "name":
            return self.toks[k + 1].kind == "op" and self.toks[k + 1].text == "=>"
        if t.kind == "op" and t.text == "(":
            close = self.matching(k)
            nxt = self.toks[close + 1]
            return nxt.kind == "op" and nxt.text == "=>"
        return False

    def application(self) -> Expr:
        """An expression that starts with a function: a chain, a call, or a primitive on its lead data."""
        start = self.tok
        f, lead = self.chain_term()
        heads = [(f, lead)]
        while self.at("o"):
            if self.depth + len(heads) > MAX_DEPTH:
                raise self.error(f"a composition of more than {MAX_DEPTH} functions (the parser's limit)")
            self.next()
            heads.append(self.chain_term())
        if self.at("<<"):
            self.next()
            self.depth += len(heads) - 1  # the chain's calls nest around the argument
            try:
                x = self.expr()
            finally:
                self.depth -= len(heads) - 1
            for g, ld in reversed(heads):
                x = FunCall(g, (*(ld or ()), x))
            return x
        if len(heads) > 1:
            raise self.error(f"expected '<<' after a composition, found {_describe(self.tok)}")
        if self.at("("):
            if lead is not None and f.op.info.nlead == VARIADIC:  # type: ignore[union-attr]
                raise self.error(f"{f.op.text}(...) takes all its arguments inside its parentheses")  # type: ignore
            args = self.call_args()
            return FunCall(f, (*(lead or ()), *args))
        if lead is not None:
            return FunCall(f, lead)
        if isinstance(f, Lambda):
            raise self.error("a lambda is not an expression: apply it with '<<' or '(...)' after putting it in "
                             "parentheses", start)
        raise self.error(f"expected '<<', 'o' or '(' after the function {_show_fun(f)}, "
                         f"found {_describe(self.tok)}")

    def call_args(self) -> tuple[Expr, ...]:
        self.matching(self.i)  # balanced, or a clear error
        self.expect("(")
        args: list[Expr] = []
        if self.at(")"):
            self.next()
            return ()
        while True:
            args.append(self.expr())
            if self.at(")"):
                self.next()
                return tuple(args)
            self.expect(",", "or ')' between arguments")

    def literal(self) -> Literal:
        self.next()
        self.matching(self.i)
        self.expect("(")
        t = self.tok
        if t.kind == "str":
            value = self.string("a value")
        elif t.kind == "name" or self.at("(") or (self.at("-") and self.peek(1).kind != "num"):
            size = self.size()  # a size literal: the value of a size expression (typecheck.literal_size)
            unknown = sorted(arith.free_names(size) - self.sizes) if self.sizes is not None else []
            if unknown:
                raise self.error(f"expected a number or a string in value(...), or an expression of the program's "
                                 f"sizes ({', '.join(sorted(self.sizes)) or 'none'}); {', '.join(unknown)} "
                                 f"{'is not one' if len(unknown) == 1 else 'are not'}", t)
            value = str(size)
        else:
            neg = ""
            if self.at("-"):
                self.next()
                neg = "-"
            if self.tok.kind != "num":
                raise self.error(f"expected a number, a size or a string in value(...), found {_describe(self.tok)}")
            value = neg + self.next().text
        self.expect(",", "between the value and its type")
        ty = self.type()
        self.expect(")", "closing value(...)")
        return Literal(value, ty)

    # --- functions ---
    def chain_term(self) -> tuple[FunDecl, tuple[Expr, ...] | None]:
        """A function of a chain: returns (function, lead data) where lead is None unless a primitive with
        in-parenthesis data (reduce, pad, zip, ...)."""
        t = self.tok
        if t.kind == "name" and t.text in BY_NAME and not self.at("=>", 1):
            return self.prim(lead=True)
        return self.fterm(), None

    @_nested
    def fterm(self) -> FunDecl:
        t = self.tok
        if t.kind == "name":
            if self.at("=>", 1):
                return self.lambda_()
            if t.text in BY_NAME:
                return self.prim(lead=False)[0]
            if t.text == "rewritePoint" and self.at("(", 1):
                return self.rewrite_point()
            self.next()
            if t.text in self.userfuns:
                return self.userfuns[t.text]
            if t.text in BUILTINS:
                return BUILTINS[t.text]
            if self.lookup(t.text) is not None:
                raise self.error(f"{t.text!r} is a parameter, not a function", t)
            raise self.error(f"unknown function {t.text!r}", t)
        if self.at("("):
            if self.lambda_ahead(self.i):
                return self.lambda_()
            close = self.matching(self.i)
            self.next()
            f = self.fterm()
            if self.i != close:
                raise self.error(f"expected ')' closing a parenthesised function, found {_describe(self.tok)}")
            self.next()
            return f
        raise self.error(f"expected a function, found {_describe(t)}")

    def rewrite_point(self) -> RewritePoint:
        """rewritePoint(KIND, "label", f, args...): args are integers or user function names."""
        self.next()
        self.matching(self.i)
        self.expect("(")
        kind = self.name("a rewrite point kind").text
        self.expect(",", "after the rewrite point kind")
        if self.tok.kind != "str":
            raise self.error(f"expected the rewrite point label (a string), found {_describe(self.tok)}")
        label = self.string("a rewrite point label")
        self.expect(",", "after the rewrite point label")
        f = self.fterm()
        args: list = []
        while self.at(","):
            self.next()
            t = self.tok
            if t.kind == "num" and t.text.isdigit():
                args.append(int(self.next().text))
            elif t.kind == "name" and (t.text in self.userfuns or t.text in BUILTINS):
                self.next()
                args.append(self.userfuns.get(t.text) or BUILTINS[t.text])
            else:
                raise self.error(f"a rewrite point argument is an integer or a user function, found {_describe(t)}")
        self.expect(")", "closing rewritePoint(...)")
        return RewritePoint(kind, label, f, tuple(args))

    def lambda_(self) -> Lambda:
        if self.tok.kind == "name":
            params: tuple[Param, ...] = (Param(self.next().text),)
        else:
            self.matching(self.i)
            self.next()
            params = self.param_list()
        self.expect("=>", "after lambda parameters")
        self.scopes.append({q.name: q for q in params})
        body = self.expr()
        self.scopes.pop()
        return Lambda(params, body)

    def prim(self, lead: bool) -> tuple[Prim, tuple[Expr, ...] | None]:
        """PRIM ['(' items ')']: returns (primitive, lead data) with lead None when `lead` is False or the
        primitive takes no lead data."""
        t = self.next()
        op = BY_NAME[t.text]
        info = op.info
        n = self.item_count() if self.at("(") else 0
        with_lead = lead and info.nlead != 0
        nfun = info.nfuns
        nlead = 0 if not with_lead else info.nlead
        if info.static is None:
            nstatic = n - nlead - nfun
        else:
            nstatic = len(info.static)
            if nlead == VARIADIC:
                nlead = n - nstatic - nfun
        if nstatic < 0 or nlead < 0 or nstatic + nlead + nfun != n:
            raise self.error(f"{t.text} expects {_items_wanted(op, with_lead)} inside its parentheses, "
                             f"found {n} item(s)", t)
        static: list[sympy.Expr] = []
        data: list[Expr] = []
        funs: list[FunDecl] = []
        if self.at("("):
            open_ = self.next()
            for k in range(n):
                if k < nstatic:
                    static.append(self.static_item())
                elif k < nstatic + nlead:
                    data.append(self.expr())
                else:
                    funs.append(self.fterm())
                if k < n - 1:
                    self.expect(",", f"between the items of {t.text}(...)")
            if not self.at(")"):
                raise self.error(f"expected ',' or ')' in {t.text}(...) opened at line {open_.line}, column "
                                 f"{open_.col}, found {_describe(self.tok)}")
            self.next()
        return Prim(op, tuple(static), tuple(funs)), (tuple(data) if with_lead else None)


def _items_wanted(op: Op, with_lead: bool) -> str:
    info = op.info
    parts = ["sizes..."] if info.static is None else list(info.static)
    if with_lead:
        parts += ["data..."] if info.nlead == VARIADIC else ["data"] * info.nlead
    parts += ["f"] * info.nfuns
    return f"({', '.join(parts)})" if parts else "no items"


def _show_fun(f: FunDecl) -> str:
    return show(f, limit=60)


_SIZE_FUNS = {"floor": sympy.floor, "ceiling": sympy.ceiling, "Mod": sympy.Mod, "Max": sympy.Max, "Min": sympy.Min}


def _terms(n) -> list:
    if n[0] == "add":
        return _terms(n[1]) + _terms(n[2])
    if n[0] == "sub":
        return [*_terms(n[1]), ("neg", n[2])]
    return [n]


def _factors(n, sign: int = 1) -> list:
    """(raw factor, +1 or -1 for a divisor) of a product, flattened through *, / and unary minus."""
    if n[0] == "mul":
        return _factors(n[1], sign) + _factors(n[2], sign)
    if n[0] == "div":
        return _factors(n[1], sign) + _factors(n[2], -sign)
    if n[0] == "neg":
        return [(("num", -1), 1), *_factors(n[1], sign)]
    return [(n, sign)]


def _build_size(n) -> sympy.Expr:
    kind = n[0]
    if kind == "num":
        return sympy.Integer(n[1])
    if kind == "name":
        return arith.var(n[1])
    if kind in ("add", "sub"):
        return sympy.Add(*[_build_size(t) for t in _terms(n)])
    if kind in ("mul", "div", "neg"):
        fs = [_build_size(f) if s == 1 else sympy.Pow(_build_size(f), -1) for f, s in _factors(n)]
        others = [f for f in fs if not f.is_Rational]
        if len(others) == 1 and others[0].is_Add:
            coeff = sympy.Mul(*[f for f in fs if f.is_Rational])
            if coeff not in (0, 1):  # str printed an undistributed c*(x + y): keep it (Mul(c, x + y) distributes)
                return sympy.Mul._from_args((coeff, others[0]))
        return sympy.Mul(*fs)
    if kind == "pow":
        return sympy.Pow(_build_size(n[1]), _build_size(n[2]))
    if kind == "floordiv":
        return sympy.floor(_build_size(n[1]) / _build_size(n[2]))
    if kind == "mod":
        return sympy.Mod(_build_size(n[1]), _build_size(n[2]))
    assert kind == "call", n
    return _SIZE_FUNS[n[1]](*[_build_size(a) for a in n[2]])
