"""The two small languages of a user function, checked when the function is declared.

NumPy expression (the interpreter's side): one Python expression over the parameter names built only from
numeric literals, arithmetic (`+ - * / // % **`, unary `-`/`+`/`~`), comparisons, `and`/`or`/`not`, bitwise
`& | ^`, `a if c else b`, calls of the NumPy functions in `NUMPY_FUNCTIONS` (`np.maximum(x, y)`; the only
keyword is `axis=<integer>`, as in `np.sum(l * r, axis=-1)`) and local `lambda` bindings called in place
(`(lambda d: d * d)(x - y)`). Nothing else is accepted: no other names or attributes, no subscripts, strings
or comprehensions. Only the checked tree is compiled, with `np` bound to a namespace holding just those
functions and no builtins. Literals compute as in the C body generated from the expression: an integer literal
given to `**` or to a NumPy function is a float32 value (C's `pow(10.0f, 400.0f)`), and arithmetic of integer
literals alone must stay within C's int.

OpenCL C body (the code generator's side): the statements of the function body as written between its braces
(`return x + y;`, declarations, `if (...) { ... }`). Comments are allowed; after them, the body may hold no
preprocessor line (`#`), no string or character literal, no backslash, no `kernel` / `__kernel` qualifier, and
its braces, parentheses and brackets must nest within the body (never closing one it did not open).
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
import types

import numpy as np

from ..errors import UserFunError

NUMPY_FUNCTIONS = frozenset({
    "abs", "absolute", "fabs", "maximum", "minimum", "fmax", "fmin", "sqrt", "cbrt", "exp", "exp2", "expm1",
    "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2", "sinh",
    "cosh", "tanh", "power", "square", "reciprocal", "floor", "ceil", "trunc", "rint", "sign", "copysign",
    "hypot", "fmod", "mod", "remainder", "where", "clip", "logical_and", "logical_or", "logical_not",
    "isnan", "isinf", "float32", "float64", "int32", "int64", "uint32", "bool_",
    "sum", "prod", "max", "min", "amax", "amin", "mean", "all", "any",  # over vector lanes: axis=-1
})
_NP = types.SimpleNamespace(**{n: getattr(np, n) for n in NUMPY_FUNCTIONS})
MAX_LENGTH = 20_000  # characters of one NumPy expression or C body
MAX_POWER = 64  # largest literal exponent of a power of literals (no huge integer towers)

_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.BitAnd, ast.BitOr, ast.BitXor)
_UNARY = (ast.UAdd, ast.USub, ast.Not, ast.Invert)
_CMPOPS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _token(node: ast.AST) -> str:
    try:
        text = ast.unparse(node)
    except Exception:  # only for the message
        text = type(node).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float, bool)


class _ExprChecker:
    """Walks the tree; `scope` maps each visible name to whether it surely holds a NumPy array."""

    def __init__(self, fun: str):
        self.fun = fun

    def fail(self, node: ast.AST, why: str) -> UserFunError:
        return UserFunError(f"user function {self.fun}: NumPy expression: {why} {_token(node)!r}")

    def check(self, node: ast.AST, scope: dict[str, bool]) -> None:
        if isinstance(node, ast.Constant):
            if not _is_number(node):
                raise self.fail(node, "only numeric literals are allowed, not")
        elif isinstance(node, ast.Name):
            if node.id not in scope:
                raise self.fail(node, "unknown name (not a parameter)")
        elif isinstance(node, ast.BinOp | ast.UnaryOp | ast.BoolOp | ast.Compare | ast.IfExp):
            self.check_operation(node, scope)
        elif isinstance(node, ast.Call):
            self.check_call(node, scope)
        elif isinstance(node, ast.Lambda):
            raise self.fail(node, "a lambda must be called where it is written:")
        else:
            raise self.fail(node, f"{type(node).__name__.lower()} not allowed:")

    def check_operation(self, node: ast.AST, scope: dict[str, bool]) -> None:
        if ((isinstance(node, ast.BinOp) and not isinstance(node.op, _BINOPS))
                or (isinstance(node, ast.UnaryOp) and not isinstance(node.op, _UNARY))):
            raise self.fail(node, "operator not allowed in")
        if isinstance(node, ast.Compare) and not all(isinstance(op, _CMPOPS) for op in node.ops):
            raise self.fail(node, "comparison not allowed (only == != < <= > >=):")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            self.check_power(node, scope)
        v = _literal_int(node)
        if v is not None and not _INT32[0] <= v <= _INT32[1]:
            raise self.fail(node, f"integer arithmetic on literals leaves C's int (from {_INT32[0]} to {_INT32[1]}), "
                                  "write a float literal (10.0, not 10) in")
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.operator | ast.unaryop | ast.cmpop | ast.boolop):
                self.check(child, scope)

    def is_array(self, node: ast.AST, scope: dict[str, bool]) -> bool:
        """Surely a NumPy value (so arithmetic on it is fixed-width, never a huge Python integer)."""
        if isinstance(node, ast.Name):
            return scope.get(node.id, False)
        if isinstance(node, ast.BinOp):
            return self.is_array(node.left, scope) or self.is_array(node.right, scope)
        if isinstance(node, ast.UnaryOp):
            return self.is_array(node.operand, scope)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return any(self.is_array(a, scope) for a in node.args)
        return False

    def check_power(self, node: ast.BinOp, scope: dict[str, bool]) -> None:
        if self.is_array(node.left, scope) or self.is_array(node.right, scope):
            return
        if not (_is_number(node.left) and _is_number(node.right)
                and abs(node.right.value) <= MAX_POWER):  # type: ignore[attr-defined]
            raise self.fail(node, f"a power of plain numbers must be of two literals, exponent at most {MAX_POWER}:")

    def check_call(self, node: ast.Call, scope: dict[str, bool]) -> None:
        for k in node.keywords:
            v = k.value.operand if isinstance(k.value, ast.UnaryOp) and isinstance(k.value.op, ast.USub) else k.value
            if k.arg != "axis" or not (isinstance(v, ast.Constant) and type(v.value) is int):
                raise self.fail(k, "the only keyword argument allowed is axis=<integer>, not")
        f = node.func
        if not isinstance(f, ast.Lambda) and not (
                isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "np"
                and "np" not in scope and f.attr in NUMPY_FUNCTIONS):
            raise self.fail(f, "only the NumPy functions np.<name> of NUMPY_FUNCTIONS may be called, not")
        for a in node.args:
            if isinstance(a, ast.Starred):
                raise self.fail(a, "starred arguments are not allowed:")
            self.check(a, scope)
        if isinstance(f, ast.Lambda):
            self.check_lambda(node, f, scope)

    def check_lambda(self, call: ast.Call, node: ast.Lambda, scope: dict[str, bool]) -> None:
        a = node.args
        if a.posonlyargs or a.vararg or a.kwonlyargs or a.kwarg or a.defaults or a.kw_defaults:
            raise self.fail(node, "a lambda may only take plain parameters:")
        if len(call.args) != len(a.args):
            raise self.fail(call, "a lambda called with the wrong number of arguments:")
        inner = dict(scope)
        for p, arg in zip(a.args, call.args, strict=True):
            if p.arg == "np" or p.arg.startswith("__"):
                raise self.fail(node, f"parameter name {p.arg!r} not allowed in")
            inner[p.arg] = self.is_array(arg, scope)
        self.check(node.body, inner)


def check_numpy_expression(fun: str, params: tuple[str, ...], py: str) -> ast.Expression:
    """The parsed expression, if it is in the allowed language (see the module docstring); else UserFunError."""
    if not isinstance(py, str) or len(py) > MAX_LENGTH:
        raise UserFunError(f"user function {fun}: the NumPy expression must be a string of at most "
                           f"{MAX_LENGTH} characters")
    for p in params:
        if not p.isidentifier() or p == "np" or p.startswith("__"):
            raise UserFunError(f"user function {fun}: parameter name {p!r} not allowed")
    try:
        tree = ast.parse(py.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        what = getattr(err, "msg", None) or type(err).__name__
        raise UserFunError(f"user function {fun}: NumPy expression {_short(py)!r} does not parse: {what}") from None
    try:
        _ExprChecker(fun).check(tree.body, dict.fromkeys(params, True))
    except RecursionError:
        raise UserFunError(f"user function {fun}: NumPy expression nested too deeply") from None
    return tree


class _FloatMathLiterals(ast.NodeTransformer):
    """An integer literal that is an operand of `**` or an argument of a NumPy function becomes a float32
    value, as the C side writes it (`pow(10.0f, 400.0f)`, `fmax(x, 0.0f)`): `np.power(10, 400)` is inf on both
    sides, not NumPy's wrapped int64 0 (nor a Python big integer for `10 ** 40`)."""

    @staticmethod
    def _float(node: ast.AST) -> ast.AST:
        lit = node.operand if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) else node
        if not (isinstance(lit, ast.Constant) and type(lit.value) is int):
            return node
        with np.errstate(over="ignore"):
            value = float(np.float32(float(lit.value)))
        as_float = ast.Call(ast.Attribute(ast.Name("np", ast.Load()), "float32", ast.Load()),
                            [ast.Constant(value)], [])
        return ast.UnaryOp(ast.USub(), as_float) if lit is not node else as_float

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow):
            node.left, node.right = self._float(node.left), self._float(node.right)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Attribute):  # np.<name>(...); keywords (axis=) stay integers
            node.args = [self._float(a) for a in node.args]
        return node


def _literal_int(node: ast.AST) -> int | None:
    """The value of an integer subexpression built only of integer literals (what C computes in int), or None."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd | ast.Invert):
        v = _literal_int(node.operand)
        return None if v is None else {ast.USub: -v, ast.UAdd: v, ast.Invert: ~v}[type(node.op)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult | ast.BitAnd | ast.BitOr
                                                   | ast.BitXor):
        a, b = _literal_int(node.left), _literal_int(node.right)
        if a is None or b is None:
            return None
        return {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b, ast.BitAnd: a & b, ast.BitOr: a | b,
                ast.BitXor: a ^ b}[type(node.op)]
    return None


_INT32 = (-(2 ** 31), 2 ** 31 - 1)


@functools.cache
def compile_numpy(params: tuple[str, ...], py: str, fun: str = "?"):
    """The checked expression as a function of the parameters (elementwise on NumPy arrays). Integer literals
    given to `**` or a NumPy function are float32 values, as in the C body generated from the expression."""
    body = _FloatMathLiterals().visit(check_numpy_expression(fun, params, py).body)
    lam = ast.Lambda(ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params], kwonlyargs=[],
                                   kw_defaults=[], defaults=[]), body)
    code = compile(ast.fix_missing_locations(ast.Expression(lam)), f"<user function {fun}>", "eval")
    return eval(code, {"__builtins__": {}, "np": _NP})  # only the checked tree above


# --- OpenCL C bodies --------------------------------------------------------------------------------------------
# A real tokenizer (translation phases 1-3 and 7 of C99 for what a body may hold): digraphs, trigraphs and line
# splices are recognised before anything else, so `%:define`, `<% %>` and `??=` cannot hide from the checks.
_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<num>\.?[0-9](?:[eEpP][+-]|[0-9a-zA-Z_.])*)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<punct>%:%:|<<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|%=|&=|\|=|\^=|<:|:>|<%|%>|%:|\#\#
             |[-+*/%<>=!~&|^?:;,.()\[\]{}\#])
    """, re.S | re.X)
_DIGRAPHS = {"<:": "[", ":>": "]", "<%": "{", "%>": "}"}
_PREPROCESSOR = frozenset({"#", "##", "%:", "%:%:"})
_SCALAR_TYPES = ("float", "double", "half", "int", "uint", "long", "ulong", "short", "ushort", "char", "uchar")
_TYPE = re.compile(rf"(?:{'|'.join(_SCALAR_TYPES)})(?:2|3|4|8|16)?|bool")
_KEYWORDS = frozenset({"return", "if", "else", "for", "while", "do", "break", "continue", "const"})
_VALUES = frozenset({"true", "false"})
_SWIZZLE = re.compile(r"[xyzw]{1,4}|s[0-9a-fA-F]{1,16}|lo|hi|even|odd")
#: the functions a C body may call: OpenCL C's math, common, geometric and relational built-ins
C_FUNCTIONS = frozenset({
    "fabs", "fmax", "fmin", "fmod", "sqrt", "rsqrt", "cbrt", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
    "log1p", "pow", "pown", "powr", "rootn", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
    "tanh", "asinh", "acosh", "atanh", "floor", "ceil", "trunc", "round", "rint", "copysign", "hypot", "mad", "fma",
    "fdim", "ldexp", "remainder", "erf", "erfc", "tgamma", "lgamma", "logb", "clamp", "min", "max", "abs", "sign",
    "mix", "step", "smoothstep", "degrees", "radians", "dot", "cross", "length", "distance", "normalize", "select",
    "isnan", "isinf", "isfinite", "signbit", "native_exp", "native_sqrt", "native_rsqrt", "native_log",
    "native_sin", "native_cos", "native_divide", "native_recip", "native_powr", "half_exp", "half_sqrt",
    "half_rsqrt", "half_log", "half_divide", "half_recip",
})


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


def _c_error(fun: str, why: str) -> UserFunError:
    return UserFunError(f"user function {fun}: C body: {why}")


def c_tokens(fun: str, body: str) -> list[tuple[str, str]]:
    """The body's tokens as (kind, text), comments dropped; UserFunError for text no body may hold: a backslash
    (line splices included), a trigraph, a string or character literal, an unterminated comment."""
    if "\\" in body:
        raise _c_error(fun, "backslashes are not allowed (no line splices): '\\\\'")
    if "??" in body:
        raise _c_error(fun, "trigraphs are not allowed: '??'")
    out, pos = [], 0
    while pos < len(body):
        m = _TOKEN.match(body, pos)
        if body.startswith("/*", pos) and (m is None or m.lastgroup != "comment"):
            raise _c_error(fun, "unterminated comment '/*'")
        if m is None:
            ch = body[pos]
            why = {'"': "string literals are not allowed", "'": "character literals are not allowed"}.get(
                ch, "character not allowed")
            raise _c_error(fun, f"{why}: {ch!r}")
        if m.lastgroup not in ("ws", "comment"):
            out.append((m.lastgroup, m.group()))
        pos = m.end()
    return out


_FORBIDDEN_NAMES = frozenset({"kernel", "asm", "struct", "union", "typedef", "enum", "sizeof", "static", "extern",
                              "volatile", "register", "restrict", "goto", "switch", "case", "default", "inline",
                              "global", "local", "constant", "private", "void", "read_only", "write_only"})
_PAIRS = {")": "(", "]": "[", "}": "{"}
_STATEMENT_START = ("", ";", "{", "}", "else", ")", "const", "(")


class _BodyChecker:
    """The whitelist over a body's tokens (see `check_c_body`)."""

    def __init__(self, fun: str, params: tuple[str, ...], toks: list[tuple[str, str]]):
        self.fun, self.params, self.toks = fun, set(params), toks
        self.locals: set[str] = set()

    def fail(self, why: str) -> UserFunError:
        return _c_error(self.fun, why)

    def check(self) -> None:
        if not self.toks:
            raise self.fail("the C body is empty")
        self.check_tokens()
        self.check_nesting()
        self.check_names_and_operators()

    def check_tokens(self) -> None:
        for kind, text in self.toks:
            if text in _PREPROCESSOR:
                raise self.fail(f"preprocessor lines are not allowed: {text!r}")
            if text in _DIGRAPHS:
                raise self.fail(f"digraphs are not allowed: {text!r} (it is {_DIGRAPHS[text]!r})")
            if kind == "name" and (text.startswith("__") or text in _FORBIDDEN_NAMES):
                raise self.fail(f"{text!r} is not allowed in a function body")
            if text == "->":
                raise self.fail("'->' is not allowed (there are no pointers)")
            if text in ("[", "]"):
                raise self.fail(f"subscripts are not allowed: {text!r}")
            if text == "...":
                raise self.fail("'...' is not allowed")

    def check_nesting(self) -> None:
        stack: list[str] = []
        for _, ch in self.toks:
            if ch in ("(", "{"):
                stack.append(ch)
            elif ch in _PAIRS:
                if not stack or stack.pop() != _PAIRS[ch]:
                    raise self.fail(f"{ch!r} closes nothing the body opened")
        if stack:
            raise self.fail(f"{stack[-1]!r} is never closed")

    def check_names_and_operators(self) -> None:
        toks = self.toks
        stack: list[bool] = []  # per open '(': whether it is an if/for/while header
        decl_depth: int | None = None  # the paren depth of the declaration being read
        control_closed = False  # the last token closed an if/for/while header
        for i, (kind, text) in enumerate(toks):
            prev = toks[i - 1] if i else ("", "")
            nxt = toks[i + 1] if i + 1 < len(toks) else ("", "")
            if kind == "name":
                self.check_name(text, prev, nxt, decl_depth == len(stack))
                if _TYPE.fullmatch(text) and prev[1] in _STATEMENT_START and nxt[0] == "name" and decl_depth is None:
                    decl_depth = len(stack)
            elif text == "(":
                stack.append(prev[1] in ("if", "for", "while"))
            elif text == "{" and (prev[1] not in ("", ";", "{", "}", "else", ")")
                                  or (prev[1] == ")" and not control_closed)):
                raise self.fail("'{' may only open the block of an if, else, for or while statement")
            elif text == ";" and decl_depth == len(stack):
                decl_depth = None
            elif text in ("*", "&"):
                self.check_unary(text, prev)
            control_closed = stack.pop() if text == ")" else False

    def check_name(self, text: str, prev, nxt, in_declaration: bool) -> None:
        if text in _KEYWORDS or text in _VALUES or text in self.params or text in self.locals:
            if prev[0] == "name" and _TYPE.fullmatch(prev[1]) and text in self.params:
                raise self.fail(f"{text!r} is a parameter; it cannot be declared again")
            return
        if prev[1] == ".":
            if not _SWIZZLE.fullmatch(text):
                raise self.fail(f"{text!r} is not a vector component")
            return
        if _TYPE.fullmatch(text):
            if nxt[1] == "*":
                raise self.fail(f"pointers are not allowed: '*' after {text!r}")
            return
        if nxt[1] == "(":
            if text not in C_FUNCTIONS:
                raise self.fail(f"only the math functions of C_FUNCTIONS may be called, not {text!r}")
            return
        if (prev[0] == "name" and _TYPE.fullmatch(prev[1])) or (prev[1] == "," and in_declaration):
            if text in C_FUNCTIONS:
                raise self.fail(f"{text!r} names a math function; it cannot be declared")
            self.locals.add(text)
            return
        raise self.fail(f"unknown name {text!r} (not a parameter, a local variable or a math function)")

    def check_unary(self, op: str, prev) -> None:
        operand_end = prev[0] == "num" or prev[1] in (")", "]") or (
            prev[0] == "name" and not _TYPE.fullmatch(prev[1]) and prev[1] not in _KEYWORDS)
        if not operand_end:
            raise self.fail("address-of '&' is not allowed" if op == "&"
                            else "dereferencing or pointer '*' is not allowed")


def check_c_body(fun: str, body: str, params: tuple[str, ...] | None = None) -> None:
    """UserFunError unless `body` is a statement list that stays inside its function, in the whitelist:

    tokens of C (digraphs, trigraphs and line splices recognised); no preprocessor (`#`, `%:`), digraph, trigraph,
    backslash, string or character literal; no pointer (`*` after a type, unary `*`, `->`), address-of `&` or
    subscript; names only the parameters, locals the body declares, OpenCL's scalar and vector type names, the
    statements' keywords and vector components; calls only of `C_FUNCTIONS`; braces only as blocks of
    if/else/for/while, nested within the body. `params` None (a caller without them) takes every name a
    declaration does not introduce to be a parameter only where it is not a type, keyword or function."""
    if not isinstance(body, str) or len(body) > MAX_LENGTH:
        raise UserFunError(f"user function {fun}: the C body must be a string of at most {MAX_LENGTH} characters")
    toks = c_tokens(fun, body)
    if params is None:
        params = tuple(t for k, t in toks if k == "name" and not _TYPE.fullmatch(t) and t not in _KEYWORDS
                       and t not in C_FUNCTIONS and t not in _VALUES and not t.startswith("__")
                       and t not in ("kernel", "asm"))
    _BodyChecker(fun, tuple(params), toks).check()


# --- one computation: the C body generated from the expression, or shown to compute it --------------------------
_C_NAMES = {"abs": "fabs", "absolute": "fabs", "fabs": "fabs", "maximum": "fmax", "fmax": "fmax", "minimum": "fmin",
            "fmin": "fmin", "arcsin": "asin", "arccos": "acos", "arctan": "atan", "arctan2": "atan2", "power": "pow",
            "clip": "clamp", "isnan": "isnan", "isinf": "isinf",
            **{n: n for n in ("sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
                              "tan", "sinh", "cosh", "tanh", "floor", "ceil", "trunc", "rint", "copysign", "hypot",
                              "fmod", "sign")}}
_C_CASTS = {"float32": "float", "float64": "double", "int32": "int", "int64": "long", "uint32": "uint"}
_PREC = {ast.Add: 12, ast.Sub: 12, ast.Mult: 13, ast.Div: 13, ast.BitAnd: 8, ast.BitXor: 7, ast.BitOr: 6}
_C_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.BitAnd: "&", ast.BitXor: "^", ast.BitOr: "|"}
_C_CMP = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


class _Untranslatable(Exception):
    pass


def _c_literal(v) -> str:
    if type(v) is bool:
        raise _Untranslatable("a boolean literal")
    if type(v) is int:
        return str(v)
    if not np.isfinite(v):
        raise _Untranslatable(f"the literal {v!r}")
    return repr(float(v)) + "f"


class _ToC:
    """The checked NumPy expression as one C expression (same operations, same order); lambdas are inlined."""

    def expr(self, node: ast.AST, env: dict[str, tuple[str, int]]) -> tuple[str, int]:
        """(C text, precedence) of a node; precedence as C's (higher binds tighter, 16 for a primary)."""
        if isinstance(node, ast.Constant):
            text = _c_literal(node.value)
            return text, 16 if not text.startswith("-") else 14
        if isinstance(node, ast.Name):
            return env[node.id]
        if isinstance(node, ast.BinOp):
            op = type(node.op)
            if op is ast.Pow:
                return f"pow({self.arg(node.left, env)[0]}, {self.arg(node.right, env)[0]})", 16
            if op not in _C_OPS:
                raise _Untranslatable(f"the operator of {_token(node)!r}")
            p = _PREC[op]
            left = self.wrap(self.expr(node.left, env), p)
            right = self.wrap(self.expr(node.right, env), p + 1)
            return f"{left} {_C_OPS[op]} {right}", p
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.USub | ast.UAdd | ast.Invert):
                sym = {ast.USub: "-", ast.UAdd: "+", ast.Invert: "~"}[type(node.op)]
                return f"{sym}{self.wrap(self.expr(node.operand, env), 14)}", 14
            raise _Untranslatable(f"{_token(node)!r}")
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            left, right = self.wrap(self.expr(node.left, env), 10), self.wrap(self.expr(node.comparators[0], env), 10)
            p = 9 if isinstance(node.ops[0], ast.Eq | ast.NotEq) else 10
            return f"{left} {_C_CMP[type(node.ops[0])]} {right}", p
        if isinstance(node, ast.IfExp):
            return self.select(node.test, node.body, node.orelse, env)
        if isinstance(node, ast.Call):
            return self.call(node, env)
        raise _Untranslatable(f"{_token(node)!r}")

    def arg(self, node: ast.AST, env) -> tuple[str, int]:
        """A math function's argument: an integer literal as a float one (OpenCL's overloads take no mix)."""
        lit = node.operand if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) else node
        if isinstance(lit, ast.Constant) and type(lit.value) is int:
            text = _c_literal(float(lit.value))
            return (f"-{text}", 14) if lit is not node else (text, 16)
        return self.expr(node, env)

    @staticmethod
    def wrap(e: tuple[str, int], p: int) -> str:
        return e[0] if e[1] >= p else f"({e[0]})"

    def select(self, test, body, orelse, env) -> tuple[str, int]:
        c = self.wrap(self.expr(test, env), 4)
        return f"{c} ? {self.wrap(self.expr(body, env), 3)} : {self.wrap(self.expr(orelse, env), 3)}", 3

    def call(self, node: ast.Call, env) -> tuple[str, int]:
        f = node.func
        if isinstance(f, ast.Lambda):
            inner = dict(env)
            for p, a in zip(f.args.args, node.args, strict=True):
                inner[p.arg] = (self.wrap(self.expr(a, env), 16), 16)
            return self.expr(f.body, inner)
        if node.keywords:
            raise _Untranslatable(f"{_token(node)!r}")
        name = f.attr  # type: ignore[attr-defined]
        args = [self.arg(a, env) for a in node.args]
        if name == "where" and len(args) == 3:
            return self.select(node.args[0], node.args[1], node.args[2], env)
        if name == "square" and len(args) == 1:
            return f"{self.wrap(args[0], 14)} * {self.wrap(args[0], 14)}", 13
        if name == "reciprocal" and len(args) == 1:
            return f"1.0f / {self.wrap(args[0], 14)}", 13
        if name in _C_CASTS and len(args) == 1:
            return f"({_C_CASTS[name]}){self.wrap(args[0], 15)}", 14
        if name in _C_NAMES:
            return f"{_C_NAMES[name]}({', '.join(a[0] for a in args)})", 16
        raise _Untranslatable(f"np.{name}")


def c_body_from_expression(fun: str, params: tuple[str, ...], py: str) -> str:
    """The C body `return <expr>;` computing the checked NumPy expression (scalars; NumPy's `maximum` as C's
    `fmax`, `where` and `a if c else b` as `?:`, `**` as `pow`); UserFunError when the expression has no C
    counterpart here (`//`, `%`, `and`/`or`, chained comparisons, reductions over vector lanes)."""
    tree = check_numpy_expression(fun, params, py)
    try:
        text, _ = _ToC().expr(tree.body, {p: (p, 16) for p in params})
    except _Untranslatable as err:
        raise UserFunError(f"user function {fun}: the NumPy expression has no C counterpart here: {err}") from None
    return f"return {text};"


class _Unknown(Exception):
    pass


def _sym():
    import sympy

    return sympy


def _number(text: str):
    sp = _sym()
    t = text.rstrip("fFlLuU") if not text.lower().startswith("0x") else text.rstrip("uUlL")
    try:
        v = int(t, 0) if re.fullmatch(r"0[xX][0-9a-fA-F]+|[0-9]+", t) else float(t)
    except ValueError:
        raise _Unknown(f"the number {text!r}") from None
    return sp.Integer(v) if isinstance(v, int) else sp.Rational(float(np.float32(v)))


class _Sym:
    """Both languages as sympy expressions over real parameters, so a body can be shown to compute its expression:
    the same math functions map to the same sympy functions (NumPy's `maximum` and C's `fmax` alike, NaN aside),
    literals to the exact value of their float32 rounding, `?:` and `where` and if/else to Piecewise, a sum over
    vector lanes (`dot`, `np.sum(.., axis=-1)`) to one function of the lane expression."""

    def __init__(self, params: tuple[str, ...]):
        sp = _sym()
        self.sp = sp
        self.params = {p: sp.Symbol(p, real=True) for p in params}
        f = sp.Function
        s = sp
        self.funcs = {
            "sqrt": s.sqrt, "exp": s.exp, "log": s.log, "sin": s.sin, "cos": s.cos, "tan": s.tan, "asin": s.asin,
            "acos": s.acos, "atan": s.atan, "sinh": s.sinh, "cosh": s.cosh, "tanh": s.tanh, "fabs": s.Abs,
            "floor": s.floor, "ceil": s.ceiling, "pow": s.Pow, "fmax": s.Max, "fmin": s.Min,
            "exp2": lambda x: 2 ** x, "expm1": lambda x: s.exp(x) - 1, "log1p": lambda x: s.log(1 + x),
            "log2": lambda x: s.log(x) / s.log(2), "log10": lambda x: s.log(x) / s.log(10),
            "hypot": lambda x, y: s.sqrt(x * x + y * y), "rsqrt": lambda x: 1 / s.sqrt(x),
            "clamp": lambda x, lo, hi: s.Min(s.Max(x, lo), hi), "mad": lambda a, b, c: a * b + c,
            "fma": lambda a, b, c: a * b + c, "atan2": f("atan2"), "dot": lambda a, b: f("lanesum")(a * b),
            **{n: f(n) for n in ("cbrt", "trunc", "rint", "copysign", "fmod", "sign", "isnan", "isinf")},
        }
        for n in ("exp", "sqrt", "rsqrt", "log", "sin", "cos"):
            self.funcs[f"native_{n}"] = self.funcs[n]

    # -- shared
    def is_bool(self, v) -> bool:
        b = self.sp.logic.boolalg
        return isinstance(v, self.sp.core.relational.Relational | b.BooleanFunction | b.BooleanAtom)

    def num(self, v):
        return self.sp.Piecewise((1, v), (0, True)) if self.is_bool(v) else v

    def cond(self, v):
        return v if self.is_bool(v) else self.sp.Ne(v, 0)

    def select(self, c, a, b):
        return self.sp.Piecewise((self.num(a), self.cond(c)), (self.num(b), True))

    def binop(self, op: str, a, b):
        sp, a, b = self.sp, a, b
        if op in ("&&", "||"):
            return (sp.And if op == "&&" else sp.Or)(self.cond(a), self.cond(b))
        if op in ("==", "!=", "<", "<=", ">", ">="):
            a, b = self.num(a), self.num(b)
            return {"==": sp.Eq, "!=": sp.Ne, "<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge}[op](a, b)
        a, b = self.num(a), self.num(b)
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            return a / b
        return sp.Function({"%": "cmod", "&": "bitand", "|": "bitor", "^": "bitxor", "<<": "shl",
                            ">>": "shr"}[op])(a, b)

    def call(self, name: str, args: list):
        fn = self.funcs.get(name)
        if fn is None:
            raise _Unknown(f"the function {name!r}")
        return fn(*[self.num(a) for a in args])

    # -- the NumPy side
    def py(self, node: ast.AST, env: dict):
        sp = self.sp
        if isinstance(node, ast.Constant):
            v = node.value
            return sp.Integer(int(v)) if type(v) in (int, bool) else sp.Rational(float(np.float32(v)))
        if isinstance(node, ast.Name):
            return env[node.id]
        if isinstance(node, ast.BinOp):
            a, b = self.py(node.left, env), self.py(node.right, env)
            op = type(node.op)
            if op is ast.Pow:
                return self.num(a) ** self.num(b)
            if op is ast.FloorDiv:
                return sp.floor(self.num(a) / self.num(b))
            if op is ast.Mod:
                return sp.Function("pymod")(self.num(a), self.num(b))
            return self.binop({ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.BitAnd: "&",
                               ast.BitOr: "|", ast.BitXor: "^"}[op], a, b)
        if isinstance(node, ast.UnaryOp):
            v = self.py(node.operand, env)
            if isinstance(node.op, ast.Not):
                return sp.Not(self.cond(v))
            if isinstance(node.op, ast.Invert):
                return sp.Function("bitnot")(self.num(v))
            return -self.num(v) if isinstance(node.op, ast.USub) else self.num(v)
        if isinstance(node, ast.BoolOp):
            raise _Unknown("'and'/'or' (NumPy arrays have no truth value)")
        if isinstance(node, ast.Compare):
            parts, left = [], self.py(node.left, env)
            for op, right in zip(node.ops, node.comparators, strict=True):
                r = self.py(right, env)
                parts.append(self.binop(_C_CMP[type(op)], left, r))
                left = r
            return sp.And(*parts) if len(parts) > 1 else parts[0]
        if isinstance(node, ast.IfExp):
            return self.select(self.py(node.test, env), self.py(node.body, env), self.py(node.orelse, env))
        if isinstance(node, ast.Call):
            return self.py_call(node, env)
        raise _Unknown(f"{_token(node)!r}")

    def py_call(self, node: ast.Call, env: dict):
        f = node.func
        args = [self.py(a, env) for a in node.args]
        if isinstance(f, ast.Lambda):
            return self.py(f.body, {**env, **{p.arg: a for p, a in zip(f.args.args, args, strict=True)}})
        name = f.attr  # type: ignore[attr-defined]
        if node.keywords:
            if name == "sum" and len(args) == 1:
                return self.sp.Function("lanesum")(self.num(args[0]))
            raise _Unknown(f"np.{name} over an axis")
        if name == "where":
            return self.select(*args)
        if name in ("float32", "float64"):
            return self.num(args[0])
        if name in ("int32", "int64", "uint32"):
            return self.sp.Function("to_int")(self.num(args[0]))
        if name == "square":
            return self.num(args[0]) ** 2
        if name == "reciprocal":
            return 1 / self.num(args[0])
        if name in _C_NAMES:
            return self.call(_C_NAMES[name], args)
        raise _Unknown(f"np.{name}")

    # -- the C side
    def c_body(self, toks: list[tuple[str, str]]):
        self.toks, self.i = toks, 0
        stmts = []
        while self.i < len(toks):
            stmts.append(self.statement())
        value = self.run(stmts, dict(self.params))
        if value is None:
            raise _Unknown("a path through the body that returns nothing")
        return value

    def peek(self, k: int = 0) -> str:
        return self.toks[self.i + k][1] if self.i + k < len(self.toks) else ""

    def take(self, want: str | None = None) -> str:
        t = self.peek()
        if want is not None and t != want:
            raise _Unknown(f"{t!r} where {want!r} was expected")
        self.i += 1
        return t

    def statement(self):
        t = self.peek()
        if t == "{":
            self.take()
            block = []
            while self.peek() != "}":
                block.append(self.statement())
            self.take("}")
            return ("block", block)
        if t == "return":
            self.take()
            e = self.expression()
            self.take(";")
            return ("return", e)
        if t == "if":
            self.take()
            self.take("(")
            c = self.expression()
            self.take(")")
            then = self.statement()
            other = None
            if self.peek() == "else":
                self.take()
                other = self.statement()
            return ("if", c, then, other)
        if t == ";":
            self.take()
            return ("block", [])
        if t == "const":
            self.take()
            t = self.peek()
        if _TYPE.fullmatch(t) and self.peek(1) != ")":
            self.take()
            decls = []
            while True:
                name = self.take()
                init = None
                if self.peek() == "=":
                    self.take()
                    init = self.expression(assign=False)
                decls.append(("set", name, "=", init))
                if self.peek() == ",":
                    self.take()
                    continue
                self.take(";")
                return ("block", decls)
        if self.toks[self.i][0] == "name" and self.peek(1) in ("=", "+=", "-=", "*=", "/="):
            name, op = self.take(), self.take()
            e = self.expression()
            self.take(";")
            return ("set", name, op, e)
        raise _Unknown(f"the statement starting {t!r}")

    def run(self, stmts: list, env: dict):
        """The value the statements return (None when they fall off the end), running on from `env`."""
        for k, s in enumerate(stmts):
            kind = s[0]
            if kind == "return":
                return self.eval(s[1], env)
            if kind == "block":
                return self.run(list(s[1]) + stmts[k + 1:], env)
            if kind == "set":
                _, name, op, e = s
                if e is None:
                    env = {**env, name: self.sp.Symbol(f"{name}.undefined")}
                    continue
                v = self.eval(e, env)
                if op != "=":
                    if name not in env:
                        raise _Unknown(f"{name!r} used before it is set")
                    v = self.binop(op[0], env[name], v)
                env = {**env, name: self.num(v)}
                continue
            if kind == "if":
                _, c, then, other = s
                rest = stmts[k + 1:]
                a = self.run([then, *rest], env)
                b = self.run([other, *rest] if other is not None else rest, env)
                if a is None or b is None:
                    raise _Unknown("a path through the body that returns nothing")
                return self.select(self.eval(c, env), a, b)
        return None

    # expressions: a tree of tuples, evaluated by `eval`
    _BIN: tuple[tuple[str, ...], ...] = (("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="),
                                         ("<", "<=", ">", ">="), ("<<", ">>"), ("+", "-"), ("*", "/", "%"))

    def expression(self, assign: bool = True):
        e = self.binary(0)
        if self.peek() == "?":
            self.take()
            a = self.expression()
            self.take(":")
            b = self.expression()
            return ("?", e, a, b)
        return e

    def binary(self, level: int):
        if level == len(self._BIN):
            return self.unary()
        e = self.binary(level + 1)
        while self.peek() in self._BIN[level]:
            op = self.take()
            e = ("bin", op, e, self.binary(level + 1))
        return e

    def unary(self):
        t = self.peek()
        if t in ("-", "+", "!", "~"):
            self.take()
            return ("un", t, self.unary())
        if t == "(" and _TYPE.fullmatch(self.peek(1)) and self.peek(2) == ")":
            self.take()
            ty = self.take()
            self.take(")")
            return ("cast", ty, self.unary())
        return self.primary()

    def primary(self):
        kind, t = self.toks[self.i] if self.i < len(self.toks) else ("", "")
        if t == "(":
            self.take()
            e = self.expression()
            self.take(")")
            return e
        if kind == "num":
            self.take()
            return ("num", t)
        if kind == "name":
            self.take()
            if self.peek() == "(":
                self.take()
                args = []
                while self.peek() != ")":
                    args.append(self.expression())
                    if self.peek() == ",":
                        self.take()
                self.take(")")
                return ("call", t, args)
            if t in ("true", "false"):
                return ("num", "1" if t == "true" else "0")
            path = []
            while self.peek() == ".":
                self.take()
                path.append(self.take())
            return ("member", t, ".".join(path)) if path else ("name", t)
        raise _Unknown(f"the expression at {t!r}")

    def eval(self, e, env: dict):
        kind = e[0]
        if kind == "num":
            return _number(e[1])
        if kind == "name":
            if e[1] not in env:
                raise _Unknown(f"{e[1]!r} used before it is set")
            return env[e[1]]
        if kind == "bin":
            return self.binop(e[1], self.eval(e[2], env), self.eval(e[3], env))
        if kind == "un":
            v = self.eval(e[2], env)
            if e[1] == "!":
                return self.sp.Not(self.cond(v))
            if e[1] == "~":
                return self.sp.Function("bitnot")(self.num(v))
            return -self.num(v) if e[1] == "-" else self.num(v)
        if kind == "?":
            return self.select(self.eval(e[1], env), self.eval(e[2], env), self.eval(e[3], env))
        if kind == "cast":
            v = self.num(self.eval(e[2], env))
            return v if e[1] in ("float", "double", "half") else self.sp.Function("to_int")(v)
        if kind == "call":
            if e[1] == "dot" and len(e[2]) == 2 and all(a[0] == "member" for a in e[2]):
                return self.lane_part(e[2][0], e[2][1], env)
            return self.call(e[1], [self.eval(a, env) for a in e[2]])
        if kind == "member":
            raise _Unknown("vector components outside dot(l.lo, r.lo)")
        raise _Unknown(kind)

    def lane_part(self, a, b, env: dict):
        """dot(u.P, v.P) for a path P of lo/hi halves: the sum of the lanes P of u * v (`_merge_lanes` joins the
        halves of one sum back into a whole)."""
        if a[2] != b[2] or not re.fullmatch(r"(?:lo|hi)(?:\.(?:lo|hi))*", a[2]) or a[1] not in env or b[1] not in env:
            raise _Unknown(f"dot over the vector components .{a[2]} and .{b[2]}")
        return self.sp.Function("lanesum_" + a[2].replace(".", "_"))(env[a[1]] * env[b[1]])


def _merge_lanes(expr):
    """Join lane sums of two halves (lanesum_P_lo(E) + lanesum_P_hi(E), with one coefficient) into lanesum_P(E),
    until none is left; `lanesum` is the sum over all lanes."""
    sp = _sym()
    expr = sp.expand(expr)
    while True:
        terms = sp.Add.make_args(expr)
        parts = {}
        for t in terms:
            coeff, rest = t.as_coeff_Mul()
            if isinstance(rest, sp.core.function.AppliedUndef) and rest.func.__name__.startswith("lanesum_"):
                parts[(rest.func.__name__, rest.args, coeff)] = t
        merged = None
        for (name, args, coeff), t in parts.items():
            if name.endswith("_lo") and (name[:-3] + "_hi", args, coeff) in parts:
                whole = sp.Function(name[:-3])(*args)
                merged = (t, parts[(name[:-3] + "_hi", args, coeff)], coeff * whole)
                break
        if merged is None:
            return expr
        expr = expr - merged[0] - merged[1] + merged[2]


MAX_CASES = 6  # comparisons whose truth values `_same_by_cases` enumerates (2**6 cases)


def _same_by_cases(a, b) -> bool:
    """Equal in every case of the comparisons both contain (max/min as their cases): for each truth assignment
    the chosen branches are equal, or the assignment holds nowhere (or only at points where they agree)."""
    sp = _sym()
    a, b = (e.replace(sp.Max, lambda *x: sp.Max(*x).rewrite(sp.Piecewise))
            .replace(sp.Min, lambda *x: sp.Min(*x).rewrite(sp.Piecewise)) for e in (a, b))
    atoms = sorted(a.atoms(sp.core.relational.Relational) | b.atoms(sp.core.relational.Relational), key=str)
    if not atoms or len(atoms) > MAX_CASES:
        return False
    for values in itertools.product((True, False), repeat=len(atoms)):
        case = dict(zip(atoms, (sp.true if v else sp.false for v in values), strict=True))
        d = sp.expand(sp.piecewise_fold(a.xreplace(case) - b.xreplace(case)))
        if d == 0:
            continue
        region = sp.And(*[r if v else sp.Not(r) for r, v in zip(atoms, values, strict=True)])
        if len(region.free_symbols) != 1 or not _zero_where(d, region):
            return False
    return True


def _zero_where(d, region) -> bool:
    """Whether `d` is 0 at every probe point of one variable where `region` holds: the region's constants, points
    just beside them (relative to their size), the midpoints between them, and values beyond them all (sympy's
    `as_set` of such regions is not dependable: it fails inside sympy for some hash orders)."""
    sp = _sym()
    (x,) = region.free_symbols
    consts = sorted({float(c) for c in region.atoms(sp.Number)} | {0.0})
    far = 2 * max(abs(c) for c in consts) + 1e6
    probes = {-far, -7.25, 3.5, far, *consts}
    probes |= {c + k * max(e, abs(c) * e) for c in consts for e in (1e-3, 0.5) for k in (-1, 1)}
    probes |= {(a + b) / 2 for a, b in itertools.pairwise(consts)}
    for p in sorted(probes):
        try:
            if not bool(region.subs(x, p)):
                continue
            value = d.subs(x, p)
            if value == 0:
                continue
            if value.free_symbols or abs(complex(value)) > 1e-9 * (1 + abs(p)):
                return False
        except (TypeError, ValueError, ZeroDivisionError):
            return False
    return True


def _same(a, b) -> bool:
    sp = _sym()
    if a == b:
        return True
    a, b = _merge_lanes(a), _merge_lanes(b)
    try:
        d = sp.expand(sp.piecewise_fold(a - b))
        if d == 0:
            return True
        return _same_by_cases(a, b) or (sp.count_ops(d) <= 200 and sp.simplify(d) == 0)
    except (TypeError, ValueError, AttributeError, RecursionError, NotImplementedError):  # sympy gave up
        return False


def check_agreement(fun: str, params: tuple[str, ...], c_body: str, py: str) -> None:
    """UserFunError unless the C body computes the NumPy expression: its tokens are those of the body generated
    from the expression, or both, as real-number expressions (`_Sym`), are shown equal. Float rounding and the
    order of operations are not compared; NaN handling of max/min is not either (NumPy's `maximum` and C's
    `fmax` count as one)."""
    toks = c_tokens(fun, c_body)
    try:
        generated = c_body_from_expression(fun, params, py)
    except UserFunError:
        generated = None
    if generated is not None and [t for _, t in toks] == [t for _, t in c_tokens(fun, generated)]:
        return
    hint = f"; write it as {generated!r}" if generated is not None and len(generated) <= 200 else ""
    try:
        s = _Sym(params)
        c_value = s.c_body(toks)
        py_value = s.py(check_numpy_expression(fun, params, py).body, dict(s.params))
    except (_Unknown, TypeError, ValueError, RecursionError) as err:
        why = str(err) if isinstance(err, _Unknown) else type(err).__name__
        raise UserFunError(f"user function {fun}: the C body cannot be shown to compute the NumPy expression "
                           f"({_short(why)}){hint}") from None
    if not _same(c_value, py_value):
        raise UserFunError(f"user function {fun}: the C body and the NumPy expression compute different values "
                           f"(C: {_short(str(c_value))}; NumPy: {_short(str(py_value))}){hint}")


@functools.cache
def check_user_function(fun: str, params: tuple[str, ...], c_body: str, py: str) -> None:
    """Both languages of one user function, and that they compute one thing (cached: functions are rebuilt with
    new types often)."""
    check_c_body(fun, c_body, params)
    check_numpy_expression(fun, params, py)
    check_agreement(fun, params, c_body, py)


__all__ = ["C_FUNCTIONS", "NUMPY_FUNCTIONS", "c_body_from_expression", "c_tokens", "check_agreement", "check_c_body",
           "check_numpy_expression", "check_user_function", "compile_numpy"]
