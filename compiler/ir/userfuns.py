"""Built-in user functions (thesis §2.3.1.4): an OpenCL C body and an elementwise NumPy expression each.

Programs may declare their own with `userfun(...)`; the text form prints declarations for every user function
that is not one of these built-ins. A user function computes one thing: its C body must be shown to compute its
NumPy expression (`userexpr.check_agreement`), and `userfun` without a C body (`c=None`) generates it from the
expression (`userexpr.c_body_from_expression`), so the kernel and the interpreter evaluate the same expression.
"""

from __future__ import annotations

from ..types import FLOAT, Type, TypeVar
from .node import UserFun
from .userexpr import c_body_from_expression

T = TypeVar("T")


def userfun(name: str, params: str | tuple[str, ...], in_types, out_type: Type, c: str | None, py: str) -> UserFun:
    """Declare a user function. `params` may be a space/comma separated string of parameter names; `c` None
    generates the C body from the NumPy expression `py`."""
    if isinstance(params, str):
        params = tuple(p for p in params.replace(",", " ").split() if p)
    if c is None:
        c = c_body_from_expression(name, tuple(params), py)
    in_types = tuple(in_types) if isinstance(in_types, (tuple, list)) else (in_types,) * len(params)
    if len(in_types) != len(params):
        raise ValueError(f"userfun {name}: {len(params)} parameters but {len(in_types)} types")
    return UserFun(name, tuple(params), in_types, out_type, c, py)


def _f(name: str, params: str, c: str, py: str) -> UserFun:
    return userfun(name, params, FLOAT, FLOAT, c, py)


ID = userfun("id", "x", (T,), T, "return x;", "x")
ADD = _f("add", "x y", "return x + y;", "x + y")
SUB = _f("sub", "x y", "return x - y;", "x - y")
MULT = _f("mult", "x y", "return x * y;", "x * y")
DIV = _f("div", "x y", "return x / y;", "x / y")
MULT_AND_SUM_UP = _f("multAndSumUp", "acc l r", "return acc + l * r;", "acc + l * r")
MAX = _f("max_", "x y", "return fmax(x, y);", "np.maximum(x, y)")
MIN = _f("min_", "x y", "return fmin(x, y);", "np.minimum(x, y)")
ABS = _f("abs_", "x", "return fabs(x);", "np.abs(x)")
NEG = _f("neg", "x", "return -x;", "-x")
SQUARE = _f("square", "x", "return x * x;", "x * x")
SQRT = _f("sqrt_", "x", "return sqrt(x);", "np.sqrt(x)")
EXP = _f("exp_", "x", "return exp(x);", "np.exp(x)")

BUILTINS: dict[str, UserFun] = {
    u.name: u for u in (ID, ADD, SUB, MULT, DIV, MULT_AND_SUM_UP, MAX, MIN, ABS, NEG, SQUARE, SQRT, EXP)
}
