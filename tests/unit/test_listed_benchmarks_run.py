"""Every URI that `lift-gym benchmarks` lists runs: `lift-gym run URI --size small` builds its kernels, checks them
against the benchmark's reference and times them on PoCL (slow: about 5 s a benchmark); the generation step alone
for every listed URI is the quick test."""

from __future__ import annotations

import json

import pytest

from agents import cli
from agents.run_cmd import generate
from agents.subcommand import load_target
from tests.opencl_once import opencl_available


def _listed() -> list[str]:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["benchmarks", "--json"]) == 0
    return [row["uri"] for row in json.loads(out.getvalue())]


LISTED = _listed()
CASES = [pytest.param(u, id=u.rsplit("/", 1)[-1]) for u in LISTED]


def test_the_suite_and_the_annotated_programs_are_listed():
    names = {u.rsplit("/", 1)[-1] for u in LISTED}
    assert {"scal", "mm", "conv", "kmeans", "mm-rp", "conv-rp", "stencil2d-rp"} <= names


@pytest.mark.parametrize("uri", CASES)
def test_listed_uri_generates_its_kernels_at_the_small_size(uri):
    kp, _ = generate(load_target(uri, "small"))
    assert kp.kernels and all("kernel void" in k.source for k in kp.kernels)


@pytest.mark.slow
@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("uri", CASES)
def test_listed_uri_runs_at_the_small_size_on_pocl(capsys, uri):
    rc = cli.main(["run", uri, "--size", "small", "--device", "pocl", "--time-cap", "0.05", "--json"])
    out, err = capsys.readouterr()
    assert rc == 0, err or out
    report = json.loads(out)
    assert report["status"] == "ok" and report["kernels"], report


def test_a_program_with_rewrite_points_offers_only_the_default_lowering():
    from agents.subcommand import CliError

    with pytest.raises(CliError, match=r"lowerings: default$"):
        generate(load_target("benchmark://lift/mm-rp", "small"), "tiled")
