"""User functions' two languages: NumPy expressions that cannot run Python code, C bodies that stay in their
function. Both are checked when the function is declared (in Python or in a program file)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from agents import cli
from compiler import suite
from compiler.codegen.cfuns import render_function
from compiler.errors import CompilerError, UserFunError
from compiler.ir.interpret import interpret
from compiler.ir.node import UserFun
from compiler.ir.parser import parse_program
from compiler.ir.userexpr import compile_numpy
from compiler.ir.userfuns import BUILTINS, userfun
from compiler.types import FLOAT


def _program(c_body: str, py: str) -> str:
    return (f"userfun f(x: float): float = {json.dumps(c_body)} | {json.dumps(py)}\n"
            "def p(a: [float]N) = map(f) << a\n")


def _user_funs(node, seen):
    if isinstance(node, UserFun):
        seen.add(node)
    for c in node.children():
        _user_funs(c, seen)
    for f in getattr(node, "funs", ()):
        _user_funs(f, seen)
    return seen


def test_every_suite_and_builtin_user_function_is_in_the_language():
    funs = set(BUILTINS.values())
    for b in suite.list_benchmarks():
        funs |= _user_funs(b.program, set())
    assert len(funs) > len(BUILTINS)
    x = np.linspace(0.5, 2.0, 8, dtype=np.float32)
    for u in funs:
        if all(t == FLOAT for t in u.in_types):
            assert np.asarray(u.numpy_fn(*[x] * len(u.params))).shape in ((8,), ()), u.name


def test_program_file_expression_cannot_run_python(tmp_path):
    marker = tmp_path / "ran"
    attack = f"__import__('pathlib').Path({str(marker)!r}).write_text('x') or x"
    with pytest.raises(UserFunError, match=r"user function f: NumPy expression: .*__import__"):
        parse_program(_program("return x;", attack))
    assert not marker.exists()


def test_check_command_refuses_a_file_whose_expression_calls_python(capsys, tmp_path):
    marker = tmp_path / "ran"
    f = tmp_path / "p.lift"
    f.write_text(_program("return x;", f"(lambda: open({str(marker)!r}, 'w'))() or x"))
    rc = cli.main(["check", str(f), "--sizes", "N=4"])
    err = capsys.readouterr().err
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "user function f" in err
    assert not marker.exists()


@pytest.mark.parametrize("py, token", [
    ("x.__class__", "x.__class__"),
    ("np.load(x)", "np.load"),
    ("np.lib", "np.lib"),
    ("x[0]", "x[0]"),
    ("[x for y in x]", "for"),
    ("y + x", "'y'"),
    ("open(x)", "'open'"),
    ("(lambda np: np)(x)", "np"),
    ("np.sum(x, where=x)", "where"),
    ("9 ** 9 ** 9", "9 ** 9 ** 9"),
    ("(lambda a: a ** a ** a)(9)", "a ** a ** a"),
    ("x if True else 'a'", "'a'"),
    ("x; x", "does not parse"),
])
def test_expression_outside_the_language_is_one_line_error_naming_function_and_token(py, token):
    with pytest.raises(UserFunError) as e:
        userfun("bad", "x", FLOAT, FLOAT, "return x;", py)
    msg = str(e.value)
    assert isinstance(e.value, CompilerError) and "\n" not in msg
    assert msg.startswith("user function bad: ") and token in msg


@pytest.mark.parametrize("py, want", [
    ("np.where(x > 0, x, 0 * x)", [0, 0, 2]),
    ("(lambda d: d * d)(x - 1)", [4, 1, 1]),
    ("np.clip(x, 0, 1) + x ** 2", [1, 0, 5]),
    ("-x if 1 < 2 else x", [1, 0, -2]),
    ("np.float32(0.5) * x", [-0.5, 0, 1]),
])
def test_expressions_in_the_language_evaluate_like_numpy(py, want):
    u = userfun("good", "x", FLOAT, FLOAT, None, py)  # the C body generated from the expression
    assert np.allclose(u.numpy_fn(np.array([-1.0, 0.0, 2.0], dtype=np.float32)), want)


def test_vector_lane_sum_keeps_its_axis_keyword():
    f = compile_numpy(("acc", "l", "r"), "acc + np.sum(l * r, axis=-1)")
    assert f(np.float32(1), np.ones((2, 4), np.float32), np.ones((2, 4), np.float32)).tolist() == [5, 5]


def test_compiled_expression_sees_no_builtins():
    f = compile_numpy(("x",), "x")
    assert f.__globals__["__builtins__"] == {} and set(vars(f.__globals__["np"])) <= {
        n for n in dir(np)}


def test_accumulating_user_function_still_interprets():
    acc = userfun("accSq", "acc x", FLOAT, FLOAT, "return acc + x * x;", "acc + x * x")
    text = (f"userfun accSq(acc: float, x: float): float = {json.dumps(acc.c_body)} | {json.dumps(acc.py)}\n"
            "def p(a: [float]N) = reduce(value(0, float), accSq) << a\n")
    out = interpret(parse_program(text), {"a": np.arange(4, dtype=np.float32)}, {"N": 4})
    assert np.allclose(out, [14])


INJECTIONS = [
    ("return x; }\n__kernel void evil(global float* out) { out[0] = 1.0f; ", "'__kernel' is not allowed"),
    ("return x; } kernel void evil() {", "'kernel' is not allowed"),
    ("return x; } float g(float y) { return y;", "'}' closes nothing"),
    ("#define return\nreturn x;", "preprocessor"),
    ('printf("hi"); return x;', "string literals"),
    ("return x; /* ", "unterminated comment"),
    ("return (x;", "'(' is never closed"),
    ("if (x > 0.0f) { return x;", "'{' is never closed"),
    ("return x;\\\n", "backslash"),
    ("__attribute__((x)) return x;", "__attribute__"),
    ("", "empty"),
]


@pytest.mark.parametrize("body, why", INJECTIONS)
def test_c_body_that_leaves_its_function_is_refused(body, why):
    with pytest.raises(UserFunError, match=re.escape(why)) as e:
        userfun("inj", "x", FLOAT, FLOAT, body, "x")
    assert "\n" not in str(e.value) and str(e.value).startswith("user function inj: C body")


def test_program_file_c_body_cannot_add_a_kernel():
    with pytest.raises(UserFunError, match="user function f: C body"):
        parse_program(_program(INJECTIONS[0][0], "x"))


@pytest.mark.parametrize("body, py", [
    ("return x;", "x"),
    ('if (x > 0.0f) {\n  return x; // "positive"\n}\nreturn 0.0f;', "np.where(x > 0, x, 0 * x)"),
    ("float d = x * x; /* a 'comment' with } and # */\nreturn d < 1.0f ? d : x;", "np.where(x * x < 1, x * x, x)"),
    ("return clamp(x, 0.0f, 1.0f);", "np.clip(x, 0, 1)"),
])
def test_c_bodies_of_statements_with_comments_are_accepted(body, py):
    assert userfun("ok", "x", FLOAT, FLOAT, body, py).c_body == body


def test_line_comment_at_the_end_of_a_one_line_body_keeps_the_closing_brace():
    u = userfun("clamp01", "x", FLOAT, FLOAT, 'return x < 0.0f ? 0.0f : x; // "clamp"\n', "np.maximum(x, 0 * x)")
    text = render_function("clamp01", u, ("float",), "float")
    assert text.splitlines()[-1] == "}"
