"""A reduction that starts from minus infinity (`value("-inf", float)`, the neutral element of max) compiles to
OpenCL's -INFINITY and computes the maximum, also of an array of negative numbers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agents import cli
from compiler.codegen.views import c_literal
from compiler.types import FLOAT
from tests.opencl_once import opencl_available

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")]


def test_infinite_and_suffixed_literals_print_as_c():
    assert [c_literal(t, FLOAT) for t in ("-inf", "inf", "nan", "0.5f", "2")] == \
        ["-INFINITY", "INFINITY", "NAN", "0.5f", "2.0f"]


@pytest.mark.parametrize("offset", [0.0, -10.0])
def test_a_maximum_from_minus_infinity_runs_on_the_device(tmp_path, capsys, offset):
    f = tmp_path / "rowtop.lift"
    f.write_text('def rowtop(m: [[float]w]h) = join o map(r => reduce(value("-inf", float), max_) << r) << m\n')
    x = (np.random.default_rng(1).uniform(-1, 1, (6, 40)) + offset).astype(np.float32)
    np.savez(tmp_path / "rowtop.npz", m=x, expected=x.max(axis=1))
    rc = cli.main(["run", str(f), "--device", "pocl", "--time-cap", "0.05", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["status"] == "ok" and out["reference"] == "rowtop.npz", out
