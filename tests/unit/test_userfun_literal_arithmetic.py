"""Integer literals in a user function's NumPy expression compute as its C body does: a power of literals, or
a literal given to a NumPy function, is a float32 value as the generated C writes it (`pow(10.0f, 400.0f)`), not
NumPy's wrapped int64 or a Python big integer; arithmetic of integer literals alone that leaves C's int is a
one-line error naming the function."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.errors import UserFunError
from compiler.ir.userexpr import compile_numpy
from compiler.ir.userfuns import userfun
from compiler.types import FLOAT

X = np.array([1.0, 2.0], dtype=np.float32)


@pytest.mark.parametrize(("py", "c", "want"), [
    ("np.power(10, 400) * x", "return pow(10.0f, 400.0f) * x;", [np.inf, np.inf]),
    ("x * 10 ** 40", "return x * pow(10.0f, 40.0f);", [np.inf, np.inf]),
    ("x + np.power(10, 20)", "return x + pow(10.0f, 20.0f);", [1e20, 1e20]),
    ("x * np.power(-2, 3)", "return x * pow(-2.0f, 3.0f);", [-8.0, -16.0]),
    ("np.maximum(x, 2) ** 2", "return pow(fmax(x, 2.0f), 2.0f);", [4.0, 4.0]),
])
def test_a_power_of_integer_literals_computes_in_float_like_the_c_side(py, c, want):
    u = userfun("f", "x", FLOAT, FLOAT, None, py)
    assert u.c_body == c
    with np.errstate(all="ignore"):
        got = np.asarray(u.numpy_fn(X)).astype(np.float32)
    assert got.tolist() == np.asarray(want, dtype=np.float32).tolist(), got


@pytest.mark.parametrize(("py", "token"), [
    ("x + 1000000 * 1000000", "1000000 * 1000000"),
    ("x + (2147483647 + 1)", "2147483647 + 1"),
    ("x * -(65536 * 65536)", "65536 * 65536"),
])
def test_integer_arithmetic_of_literals_outside_c_int_is_a_one_line_error_naming_the_function(py, token):
    with pytest.raises(UserFunError) as info:
        userfun("big", "x", FLOAT, FLOAT, None, py)
    msg = str(info.value)
    assert msg.startswith("user function big: ") and "\n" not in msg and token in msg, msg
    assert "from -2147483648 to 2147483647" in msg, msg


def test_integer_literals_in_c_int_range_and_the_axis_keyword_stay_integers():
    assert compile_numpy(("x",), "x + 65536 * 32767")(np.int32(0)) == 65536 * 32767
    f = compile_numpy(("l",), "np.sum(l, axis=-1)")
    assert f(np.ones((2, 4), np.float32)).tolist() == [4, 4]
