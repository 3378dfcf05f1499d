"""The two small languages of a user function, checked when the function is declared.

NumPy expression (the interpreter's side): one Python expression over the parameter names built only from
numeric literals, arithmetic (`+ - * / // % **`, unary `-`/`+`/`~`), comparisons, `and`/`or`/`not`, bitwise
`& | ^`, `a if c else b`, calls of the NumPy functions in `NUMPY_FUNCTIONS` (`np.maximum(x, y)`; the only
keyword is `axis=<integer>`, as in `np.sum(l * r, axis=-1)`) and local `lambda` bindings called in place
(`(lambda d: d * d)(x - y)`). Nothing else is accepted: no other names or attributes, no subscripts, strings
or comprehensions. Only the checked tree is compiled, with `np` bound to a namespace holding just those
functions and no builtins.

OpenCL C body (the code generator's side): the statements of the function body as written between its braces
(`return x + y;`, declarations, `if (...) { ... }`). Comments are allowed; after them, the body may hold no
preprocessor line (`#`), no string or character literal, no backslash, no `kernel` / `__kernel` qualifier, and
its braces, parentheses and brackets must nest within the body (never closing one it did not open).
"""

from __future__ import annotations

import ast
import functools
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


@functools.cache
def compile_numpy(params: tuple[str, ...], py: str, fun: str = "?"):
    """The checked expression as a function of the parameters (elementwise on NumPy arrays)."""
    body = check_numpy_expression(fun, params, py).body
    lam = ast.Lambda(ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params], kwonlyargs=[],
                                   kw_defaults=[], defaults=[]), body)
    code = compile(ast.fix_missing_locations(ast.Expression(lam)), f"<user function {fun}>", "eval")
    return eval(code, {"__builtins__": {}, "np": _NP})  # only the checked tree above


# --- OpenCL C bodies --------------------------------------------------------------------------------------------
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_FORBIDDEN_WORD = re.compile(r"\b(__kernel|kernel|__attribute__|asm|__asm__)\b")
_PAIRS = {")": "(", "]": "[", "}": "{"}


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


def check_c_body(fun: str, body: str) -> None:
    """UserFunError unless `body` is a statement list that stays inside its function (module docstring)."""
    if not isinstance(body, str) or len(body) > MAX_LENGTH:
        raise UserFunError(f"user function {fun}: the C body must be a string of at most {MAX_LENGTH} characters")
    code = _COMMENT.sub(" ", body)
    if "/*" in code:
        raise UserFunError(f"user function {fun}: C body: unterminated comment '/*'")
    for token, why in (("#", "preprocessor lines are not allowed"), ('"', "string literals are not allowed"),
                       ("'", "character literals are not allowed"), ("\\", "backslashes are not allowed"),
                       ("??", "trigraphs are not allowed")):
        if token in code:
            raise UserFunError(f"user function {fun}: C body: {why}: {token!r}")
    m = _FORBIDDEN_WORD.search(code)
    if m:
        raise UserFunError(f"user function {fun}: C body: {m.group(0)!r} is not allowed in a function body")
    if not code.strip():
        raise UserFunError(f"user function {fun}: C body is empty")
    stack: list[str] = []
    for ch in code:
        if ch in "([{":
            stack.append(ch)
        elif ch in _PAIRS:
            if not stack or stack.pop() != _PAIRS[ch]:
                raise UserFunError(f"user function {fun}: C body: {ch!r} closes nothing the body opened")
    if stack:
        raise UserFunError(f"user function {fun}: C body: {stack[-1]!r} is never closed")


@functools.cache
def check_user_function(fun: str, params: tuple[str, ...], c_body: str, py: str) -> None:
    """Both languages of one user function (cached: functions are rebuilt with new types often)."""
    check_c_body(fun, c_body)
    check_numpy_expression(fun, params, py)


__all__ = ["NUMPY_FUNCTIONS", "check_c_body", "check_numpy_expression", "check_user_function", "compile_numpy"]
