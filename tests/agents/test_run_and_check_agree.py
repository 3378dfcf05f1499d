"""`run` (the kernels on the device) and `check` (the interpreter) compare an output with its reference by the one
comparison of `compiler.runtime.compare`: a `.npz` reference holding infinities and NaN gets the same verdict
from both. An integer output is checked as integers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from agents import cli
from tests.opencl_once import opencl_available

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")]

NEG = 'userfun neg(a: float): float = "return -a;" | "-a"\ndef negate(x: [float]N) = map(neg) << x\n'
X = np.array([1.0, np.inf, -np.inf, np.nan], np.float32)


def _cli(capsys, *argv: str) -> tuple[int, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out + err


@pytest.mark.parametrize("expected, verdict", [
    ([-1.0, -np.inf, np.inf, np.nan], 0),  # NaN where the reference is NaN, each infinity where it is
    ([-1.0, np.inf, np.inf, np.nan], 1),  # the other infinity
    ([-1.0, -np.inf, np.inf, 0.0], 1),  # NaN where the reference is finite
], ids=["matching", "wrong-infinity", "nan-for-finite"])
def test_run_and_check_give_one_verdict_on_a_reference_with_infinities_and_nan(capsys, tmp_path, expected, verdict):
    prog = tmp_path / "negate.lift"
    prog.write_text(NEG)
    np.savez(tmp_path / "negate.npz", x=X, expected=np.asarray(expected, np.float32))
    rc_check, out = _cli(capsys, "check", str(prog), "--json")
    assert rc_check == verdict, out
    rc_run, out = _cli(capsys, "run", str(prog), "--device", "pocl", "--time-cap", "0.05", "--json")
    assert rc_run == verdict, out


@pytest.mark.parametrize("off, status", [(0, "ok"), (1, "correctness")])
def test_run_checks_an_integer_output_against_its_integer_reference(capsys, tmp_path, off, status):
    prog = tmp_path / "twice.lift"
    prog.write_text('userfun dbl(a: int): int = "return a + a;" | "a + a"\ndef twice(x: [int]N) = map(dbl) << x\n')
    x = np.array([1, -2, 3, 40000000], np.int32)
    np.savez(tmp_path / "twice.npz", x=x, expected=x + x + off)
    rc, out = _cli(capsys, "run", str(prog), "--device", "pocl", "--time-cap", "0.05", "--json")
    assert rc == (0 if off == 0 else 1), out
    assert json.loads(out[:out.rindex("}") + 1])["status"] == status


def test_the_reward_gold_of_an_integer_output_is_integer(tmp_path):
    from lift_gym.rewards import _inputs_and_gold

    prog = tmp_path / "twice.lift"
    prog.write_text('userfun dbl(a: int): int = "return a + a;" | "a + a"\ndef twice(x: [int]N) = map(dbl) << x\n')
    x = np.array([1, -2, 3, 40000000], np.int32)
    np.savez(tmp_path / "twice.npz", x=x, expected=x + x)
    _, gold = _inputs_and_gold(prog.as_uri() + "?N=4", (("N", 4),), 0)
    assert gold.dtype.kind == "i" and np.array_equal(gold, x + x)
