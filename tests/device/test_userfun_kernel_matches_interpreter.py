"""A user function's kernel computes what the interpreter computes, on a real OpenCL device (PoCL in CI): a
generated C body and a hand-written one shown to compute the expression both run correct against the
interpreter, and a body that computes something else never reaches the device."""

from __future__ import annotations

import json

import pytest

from agents import cli
from compiler.ir.userexpr import c_body_from_expression
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not _opencl_available(), reason="no OpenCL device")]

EXPR = "np.where(x > 0.5, (x - 0.5) * (x - 0.5), 1.0 - x)"


def _file(tmp_path, c_body: str) -> str:
    f = tmp_path / "p.lift"
    f.write_text(f"userfun f(x: float): float = {json.dumps(c_body)} | {json.dumps(EXPR)}\n"
                 "def p(a: [float]N) = map(f) << a\n")
    return str(f)


@pytest.mark.parametrize("c_body", [
    "return x > 0.5f ? (x - 0.5f) * (x - 0.5f) : 1.0f - x;",
    "float d = x - 0.5f;\nif (x > 0.5f) {\n  return d * d;\n}\nreturn 1.0f - x;",
])
def test_a_c_body_that_computes_its_expression_runs_correct_against_the_interpreter(capsys, tmp_path, c_body):
    rc = cli.main(["run", _file(tmp_path, c_body), "--sizes", "N=256", "--device", "pocl", "--time-cap", "0.05",
                   "--json"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert json.loads(out)["status"] == "ok", out


def test_a_c_body_that_computes_something_else_never_reaches_the_device(capsys, tmp_path):
    rc = cli.main(["run", _file(tmp_path, "return x > 0.5f ? (x - 0.5f) * (x - 0.5f) : 1.0f + x;"),
                   "--sizes", "N=256", "--device", "pocl", "--time-cap", "0.05", "--json"])
    out, err = capsys.readouterr()
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1 and "user function f" in err, (out, err)


@pytest.mark.parametrize("py", ["x * np.power(10, 20)", "np.minimum(x * 10 ** 40, 3.0)"])
def test_a_power_of_integer_literals_runs_correct_against_the_interpreter(capsys, tmp_path, py):
    f = tmp_path / "p.lift"
    c_body = c_body_from_expression("g", ("x",), py)  # pow(10.0f, 20.0f): float on the C side
    f.write_text(f"userfun g(x: float): float = {json.dumps(c_body)} | {json.dumps(py)}\n"
                 "def p(a: [float]N) = map(g) << a\n")
    rc = cli.main(["run", str(f), "--sizes", "N=256", "--device", "pocl", "--time-cap", "0.05", "--json"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert json.loads(out)["status"] == "ok", out
