"""A user function computes one thing: its C body is generated from its NumPy expression, or must be shown to
compute it, and a C body is read by a real tokenizer (digraphs, trigraphs, line splices) against a whitelist, so
it can neither leave its function nor reach the worker's memory."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agents import cli
from compiler.errors import CompilerError, UserFunError
from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.ir.userexpr import c_body_from_expression, c_tokens, check_agreement
from compiler.ir.userfuns import userfun
from compiler.types import FLOAT, TypeVar


def _program(c_body: str, py: str, name: str = "f") -> str:
    return (f"userfun {name}(x: float): float = {json.dumps(c_body)} | {json.dumps(py)}\n"
            f"def p(a: [float]N) = map({name}) << a\n")


ATTACKS = [
    # digraphs: '%>' closes the function, '<%' opens another one
    ("return x; %> float evil(float y) <% return y;", "digraphs are not allowed: '%>'"),
    ("return x; <: :>", "digraphs are not allowed: '<:'"),
    # '%:' is '#': the compiler would read a file, or redefine a built-in
    ("%:include </etc/passwd>\nreturn x;", "preprocessor lines are not allowed: '%:'"),
    ("%:define get_global_id(d) 0\nreturn x;", "preprocessor lines are not allowed: '%:'"),
    ("%:%:\nreturn x;", "preprocessor lines are not allowed: '%:%:'"),
    ("??=define A 1\nreturn x;", "trigraphs are not allowed"),
    ("return x; ??> float evil(float y) ??< return y;", "trigraphs are not allowed"),
    # a line splice that carries the next line into a comment would hide a '}' from any line-based check
    ("return x; // \\\n}", "backslashes are not allowed"),
    # integer-to-pointer casts: reading and writing the worker's memory
    ("return *(float*)(long)4096;", "'*'"),
    ("*((float *)(ulong)4096) = x; return x;", "'*'"),
    ("float * p = 0; return x;", "pointers are not allowed"),
    ("float y = x; return *(&y);", "'*'"),
    ("float y = x; float z = (float)(long)(&y); return z;", "address-of '&' is not allowed"),
    ("return get_global_id(0) + x;", "only the math functions of C_FUNCTIONS may be called, not 'get_global_id'"),
    ("return printf(x);", "not 'printf'"),
    ("return x + y;", "unknown name 'y'"),
    ("return x; } float g(float y) { return y;", "'}' closes nothing"),
    ("__global float* q; return x;", "'__global' is not allowed"),
    ("struct s { float a; }; return x;", "'struct' is not allowed"),
    ("float y = { x }; return y;", "'{' may only open the block"),
    ("float v = x; return v->y;", "'->'"),
]


@pytest.mark.parametrize("body, why", ATTACKS)
def test_each_attack_on_the_c_body_is_refused_with_one_line_naming_the_function(body, why):
    with pytest.raises(UserFunError) as e:
        userfun("evil_fn", "x", FLOAT, FLOAT, body, "x")
    msg = str(e.value)
    assert isinstance(e.value, CompilerError) and "\n" not in msg, msg
    assert msg.startswith("user function evil_fn: C body") and why in msg, msg


@pytest.mark.parametrize("body, why", ATTACKS[:8])
def test_a_program_file_with_an_attacking_c_body_is_refused(body, why):
    with pytest.raises(UserFunError, match="user function f: C body"):
        parse_program(_program(body, "x"))


def test_the_tokenizer_knows_digraphs_and_keeps_comments_out():
    toks = [t for _, t in c_tokens("f", "/* <% */ a <: b :> %: %:%: // %>\n c")]
    assert toks == ["a", "<:", "b", ":>", "%:", "%:%:", "c"]


@pytest.mark.parametrize("py, body", [
    ("a * x + y", "return a * x + y;"),
    ("np.maximum(x, y)", "return fmax(x, y);"),
    ("np.where(x > 0, x, 0 * x)", "return x > 0 ? x : 0 * x;"),
    ("(lambda d: d * d)(x - y)", "return (x - y) * (x - y);"),
    ("np.clip(x, 0, 1) + x ** 2", "return clamp(x, 0.0f, 1.0f) + pow(x, 2.0f);"),
    ("0.33333 * (a + x)", "return 0.33333f * (a + x);"),
])
def test_without_a_c_body_it_is_generated_from_the_expression(py, body):
    assert userfun("g", "a x y", FLOAT, FLOAT, None, py).c_body == body
    assert c_body_from_expression("g", ("a", "x", "y"), py) == body


@pytest.mark.parametrize("body, py", [
    ("return x + 1.0f;", "x"),
    ("return a * x - y;", "a * x + y"),
    ("return x > 1.0e30f ? 0.0f : x;", "x"),  # wrong only on rare inputs
    ("if (x > 0.0f) { return x; }\nreturn 0.0f;", "x"),
    ("return fmax(x, y);", "np.minimum(x, y)"),
    ("float t = x; t = t * 2.0f; return t;", "x"),
    ("return x / y;", "x // y"),
])
def test_a_c_body_that_computes_something_else_than_its_expression_is_refused(body, py):
    with pytest.raises(UserFunError, match="user function g: the C body") as e:
        userfun("g", "a x y", FLOAT, FLOAT, body, py)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("body, py", [
    ("float d = x - y;\nreturn d * d;", "(x - y) * (x - y)"),
    ("if (x > 0.0f) {\n  return x; // positive\n}\nreturn 0.0f;", "np.where(x > 0, x, 0 * x)"),
    ("return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);", "np.clip(x, 0, 1)"),
    ("return d_ == m ? a : 3.0e38f;".replace("d_", "x").replace("m", "y"), "np.where(x == y, a, np.float32(3.0e38))"),
    ("float t = a; t += x * y; return t;", "a + x * y"),
    ("return mad(a, x, y);", "a * x + y"),
])
def test_a_hand_written_c_body_that_computes_its_expression_is_accepted(body, py):
    assert userfun("g", "a x y", FLOAT, FLOAT, body, py).c_body == body


def test_lane_sums_of_vector_halves_agree_with_the_sum_over_all_lanes():
    t = TypeVar("T")
    whole = "acc + np.sum(l * r, axis=-1)"
    userfun("d8", "acc l r", (FLOAT, t, t), FLOAT, "return acc + dot(l.lo, r.lo) + dot(l.hi, r.hi);", whole)
    with pytest.raises(UserFunError, match="compute different values"):
        userfun("d8", "acc l r", (FLOAT, t, t), FLOAT, "return acc + 2.0f * dot(l.lo, r.lo);", whole)


def test_a_c_body_disagreeing_with_its_expression_can_no_longer_produce_a_kernel(capsys, tmp_path):
    # the interpreter runs the expression; the kernel would run the C body: the file is refused before either
    f = tmp_path / "p.lift"
    f.write_text(_program("return x + 1.0f;", "x"))
    for argv in (["check", str(f), "--sizes", "N=8"], ["show", str(f), "--sizes", "N=8", "--opencl"]):
        rc = cli.main(argv)
        err = capsys.readouterr().err
        assert rc == 2 and len(err.strip().splitlines()) == 1 and "user function f" in err, (argv, err)
    with pytest.raises(UserFunError):
        check_agreement("f", ("x",), "return x + 1.0f;", "x")


def test_the_generated_body_and_the_interpreter_compute_the_same_values():
    u = userfun("h", "x", FLOAT, FLOAT, None, "np.where(x > 0.5, x * x, 1.0 - x)")
    text = (f"userfun h(x: float): float = {json.dumps(u.c_body)} | {json.dumps(u.py)}\n"
            "def p(a: [float]N) = map(h) << a\n")
    a = np.linspace(0, 1, 8, dtype=np.float32)
    out = interpret(parse_program(text), {"a": a}, {"N": 8})
    assert np.allclose(out, np.where(a > 0.5, a * a, 1 - a))
