"""A program file with a `.npz` reference beside it: at the archive's sizes the archive is the reference; at any
other sizes the interpreter is, on random inputs, and one ReferenceSizesWarning line says so (CLI and gym.make)."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium as gym
import numpy as np
import pytest

from compiler import suite
from compiler.ir.interpret import interpret
from compiler.suite.user import ReferenceSizesWarning, load_benchmark
from lift_gym.episode import ENV_ID
from tests.opencl_once import opencl_available
from tests.user_programs import FOLDER

STENCIL = FOLDER / "stencil1d.lift"


def test_archive_sizes_use_the_archive_without_a_note():
    bench, sizes = suite.resolve(STENCIL.as_uri())
    assert sizes == {"N": 32}
    archive = np.load(STENCIL.with_suffix(".npz"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        inputs = bench.make_inputs(sizes, np.random.default_rng(0))
        assert np.array_equal(inputs["x"], archive["x"])
        assert np.array_equal(bench.reference(inputs, sizes), archive["expected"])


def test_other_sizes_use_the_interpreter_and_say_so_once():
    bench, sizes = suite.resolve(STENCIL.as_uri() + "?N=48")
    assert sizes == {"N": 48} and bench.size_error(sizes) is None
    with pytest.warns(ReferenceSizesWarning, match=r"^stencil1d: the reference stencil1d\.npz is for N=32; at N=48 "
                                                   r"the interpreter is the reference \(on random inputs\)$"):
        inputs = bench.make_inputs(sizes, np.random.default_rng(1))
    assert inputs["x"].shape == (48,)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # noted once per file and sizes
        gold = bench.reference(inputs, sizes)
    assert np.allclose(gold, interpret(bench.program, inputs, sizes))


def test_file_presets_at_other_sizes_are_accepted(tmp_path):
    prog = tmp_path / "p.lift"
    prog.write_text(STENCIL.read_text() + "# preset big: N=64\n")
    prog.with_suffix(".npz").write_bytes(STENCIL.with_suffix(".npz").read_bytes())
    bench = load_benchmark(prog)
    assert bench.sizes("big") == {"N": 64} and bench.sizes("default") == {"N": 32}


def test_gym_make_at_other_sizes_runs_an_episode_against_the_interpreter():
    env = gym.make(ENV_ID, benchmark=str(STENCIL), sizes={"N": 40}, reward="analytical", max_nodes=64, n_slots=8)
    _, info = env.reset(seed=0)
    assert info["benchmark"].endswith("stencil1d.lift?N=40")
    env.close()


def test_cli_check_at_other_sizes_prints_the_note_in_one_line():
    proc = subprocess.run([sys.executable, "-m", "agents", "check", str(STENCIL), "--sizes", "N=24"],
                          capture_output=True, text=True, timeout=240)
    notes = [line for line in proc.stderr.splitlines() if "ReferenceSizesWarning" in line]
    assert len(notes) == 1, proc.stderr
    assert notes[0].endswith("stencil1d: the reference stencil1d.npz is for N=32; at N=24 the interpreter is the "
                             "reference (on random inputs)")
    assert "is for N=32 only" not in proc.stderr + proc.stdout


def test_the_reference_at_the_archive_sizes_is_the_archive_and_the_interpreter_elsewhere():
    bench, sizes = suite.resolve(STENCIL.as_uri())
    assert bench.reference_at(sizes) == "stencil1d.npz"
    assert bench.reference_at({"N": 48}) == suite.INTERPRETER


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("size, against", [("N=32", "stencil1d.npz"), ("N=48", "the interpreter")])
def test_cli_run_names_what_was_really_the_reference(capsys, size, against):
    from agents import cli

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ReferenceSizesWarning)
        rc = cli.main(["run", str(STENCIL), "--sizes", size, "--device", "pocl", "--time-cap", "0.05"])
    out, _ = capsys.readouterr()
    assert rc == 0, out
    assert f"correct (against {against});" in out
