"""The `lift-gym` command line: benchmarks --json, show, check (URIs and files), one-line errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from agents import cli
from agents.subcommand import command
from compiler import suite
from compiler.ir.parser import parse_program

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def assert_one_line_error(rc: int, err: str, *fragments: str) -> None:
    assert rc == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lift-gym: error: "), err
    for f in fragments:
        assert f in lines[0], lines[0]


def listed(capsys) -> list[dict]:
    rc, out, _ = run(capsys, "benchmarks", "--json")
    assert rc == 0
    return json.loads(out)


def test_benchmarks_json(capsys):
    rows = listed(capsys)
    assert [r["name"] for r in rows if r["dataset"] == "lift"] == [b.name for b in suite.list_benchmarks()]
    assert [r["name"] for r in rows if r["dataset"] == "lift-annotated"] == ["conv-rp", "mm-rp", "stencil2d-rp"]
    for r in (r for r in rows if r["dataset"] in ("lift", "lift-annotated")):
        assert r["uri"].startswith("benchmark://lift/")
        assert r["default"] and r["small"]
        assert {"default", "small"} <= set(r["presets"])
        assert suite.resolve(r["default_uri"])[1] == r["default"]
        assert suite.resolve(r["small_uri"])[1] == r["small"]
    conv = next(r for r in rows if r["name"] == "conv")
    assert "vgg16-7" in conv["presets"]


def test_benchmarks_text(capsys):
    rc, out, _ = run(capsys, "benchmarks")
    assert rc == 0
    assert "benchmark://lift/mm" in out and "small: M=16" in out and "vgg16-24" in out


def test_check_every_listed_uri_at_small(capsys):
    uris = [r["uri"] for r in listed(capsys) if r["dataset"] in ("lift", "lift-annotated")]
    for uri in uris:
        rc, out, err = run(capsys, "check", uri, "--size", "small", "--json")
        assert rc == 0, (uri, out, err)
        report = json.loads(out)
        assert report["status"] == "PASS" and report["max_rel_error"] <= report["tolerance"], report
        assert report["sizes"] == suite.get(report["benchmark"]).sizes("small")


def test_check_text_output_and_overrides(capsys):
    rc, out, _ = run(capsys, "check", "benchmark://lift/mm?size=small", "--sizes", "K=4", "--seed", "3")
    assert rc == 0
    assert "benchmark://lift/mm?M=16&N=16&K=4" in out
    assert "type: (A: [[float]K]M, B: [[float]N]K) -> [[float]N]M" in out
    assert "max relative error" in out and out.rstrip().endswith("s)") and "PASS" in out
    # --size replaces the preset named in the URI (the README's example)
    rc, out, _ = run(capsys, "check", "benchmark://lift/conv/vgg16-7", "--size", "small", "--json")
    assert rc == 0 and json.loads(out)["sizes"]["inChs"] == suite.get("conv").sizes("small")["inChs"]


def test_check_all(capsys):
    rc, out, _ = run(capsys, "check", "--all")
    assert rc == 0
    assert out.strip().endswith(f"{len(suite.list_benchmarks())}/{len(suite.list_benchmarks())} PASS")


def test_check_fail_exits_1(capsys, monkeypatch):
    from compiler.runtime import compare

    monkeypatch.setattr(compare, "compare_arrays",
                        lambda name, *a, **k: compare.Comparison(name, 1, n_bad=1, first_bad=0, max_rel=1.0))
    rc, out, _ = run(capsys, "check", "benchmark://lift/dot?size=small")
    assert rc == 1 and "FAIL" in out


def test_show_uri_and_check_the_file(capsys, tmp_path):
    rc, out, _ = run(capsys, "show", "benchmark://lift/jacobi2d-5pt")
    assert rc == 0
    assert "def jacobi2d_5pt(grid: [[float]M]N) =" in out
    assert "# type: (grid: [[float]M]N) -> [[float]M]N" in out
    assert parse_program(out) == suite.get("jacobi2d-5pt").program  # the type lines are comments
    f = tmp_path / "j5.lift"
    f.write_text(out)
    rc, out, _ = run(capsys, "check", str(f), "--sizes", "N=5,M=7", "--json")
    assert rc == 0
    report = json.loads(out)
    assert report["status"] == "RAN" and report["benchmark"] is None and report["shape"] == [5, 7]
    assert report["finite"] is True
    rc, out, _ = run(capsys, "show", str(f))
    assert rc == 0 and "jacobi5" in out


def test_check_file_reduce_ints_and_tuples(capsys, tmp_path):
    f = tmp_path / "p.lift"
    f.write_text("def p(a: [float]N, b: [float]N) = reduce(value(0, float), add) o map(t => mult(get(0) << t, "
                 "get(1) << t)) << zip(a, b)\n")
    rc, out, _ = run(capsys, "check", str(f), "--sizes", "N=6")
    assert rc == 0 and "output shape [1]" in out
    f.write_text("def p(a: [int]N, b: [(float, int)]N) = zip(a, map(t => get(0) << t) << b)\n")
    rc, out, _ = run(capsys, "check", str(f), "--sizes", "N=3", "--json")
    assert rc == 0 and json.loads(out)["shape"] == [[3], [3]]


@pytest.mark.parametrize("argv, fragments", [
    (["check", "benchmark://lift/mmm"], ["unknown benchmark 'mmm'", "did you mean mm"]),
    (["show", "benchmark://lift/conv/vgg16-3"], ["no size preset 'vgg16-3'"]),
    (["check", "benchmark://lift/mm?Z=4"], ["no size 'Z'", "valid keys: K, M, N"]),
    (["check", "benchmark://lift/mm", "--size", "huge"], ["no size preset 'huge'"]),
    (["check", "benchmark://lift/mm", "--sizes", "Q=4"], ["no size Q", "valid keys"]),
    (["check", "benchmark://lift/mm", "--sizes", "M=zero"], ["M='zero' is not an integer"]),
    (["check", "benchmark://lift/mm", "--sizes", "M=-2"], ["must be a positive integer"]),
    (["check", "benchmark://lift/mm", "--sizes", "M"], ["expected KEY=VALUE"]),
    (["check", "no/such/file.lift"], ["neither a benchmark URI", "nor a program file"]),
    (["check"], ["needs a URI|FILE"]),
    (["check", "--all", "--size", "nope"], ["no benchmark has a size preset 'nope'"]),
    (["check", "--all", "benchmark://lift/mm"], ["either a URI|FILE or --all"]),
    (["frobnicate"], ["invalid choice"]),
    (["check", "benchmark://lift/mm", "--seed", "x"], ["argument --seed: expected a seed"]),
])
def test_errors_are_one_line_exit_2(capsys, argv, fragments):
    rc, _, err = run(capsys, *argv)
    assert_one_line_error(rc, err, *fragments)


def test_file_errors(capsys, tmp_path):
    bad = tmp_path / "bad.lift"
    bad.write_text("def p(x: [float]N) =\n  map(add << x\n")
    rc, _, err = run(capsys, "check", str(bad), "--sizes", "N=4")
    assert_one_line_error(rc, err, "parse error at line")
    ill = tmp_path / "ill.lift"
    ill.write_text("def p(x: [float]N) = map(add) << x\n")
    rc, _, err = run(capsys, "check", str(ill), "--sizes", "N=4")
    assert_one_line_error(rc, err, "ill-typed program", "add: takes 2 argument(s)")
    rc, _, err = run(capsys, "show", str(ill))
    assert_one_line_error(rc, err, "ill-typed program")
    ok = tmp_path / "ok.lift"
    ok.write_text("def p(x: [float]N) = map(abs_) << x\n")
    rc, _, err = run(capsys, "check", str(ok))
    assert_one_line_error(rc, err, "give the size(s) N with --sizes")
    rc, _, err = run(capsys, "check", str(ok), "--sizes", "N=4,M=2")
    assert_one_line_error(rc, err, "has no size M")
    rc, _, err = run(capsys, "check", str(ok), "--size", "small")
    assert_one_line_error(rc, err, "has no size presets", "--sizes")


def test_subcommand_table():
    assert list(cli.COMMANDS) == ["benchmarks", "show", "check", "train", "search", "evaluate", "pipeline", "replay",
                                  "validate", "explore", "run", "strategies", "space", "fit", "knn-study"]

    @command("hello", "say hello", lambda p: p.add_argument("--name", default="world"))
    def hello(args):
        print(f"hello {args.name}")
        return 0

    cli.COMMANDS["hello"] = hello
    try:
        assert cli.main(["hello", "--name", "lift"]) == 0
    finally:
        del cli.COMMANDS["hello"]


def test_python_dash_m_agents():
    r = subprocess.run([sys.executable, "-m", "agents", "benchmarks", "--json"], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert any(row["name"] == "mm" for row in json.loads(r.stdout))


@pytest.mark.opencl
def test_run_and_show_opencl():
    pytest.importorskip("pyopencl")
    from compiler.runtime.cl import opencl_available

    if not opencl_available():
        pytest.skip("no OpenCL platform")
    assert cli.main(["run", "benchmark://lift/mm", "--size", "small", "--lowering", "tiled", "--time-cap", "0.1"]) == 0
    assert cli.main(["show", "benchmark://lift/mm", "--size", "small", "--opencl"]) == 0
    assert cli.main(["run", "benchmark://lift/mm", "--size", "small", "--lowering", "nope"]) == 2


def test_space_command(capsys):
    assert cli.main(["space", "benchmark://lift/mm", "--size", "small", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["lowering"] == "tiled" and set(r["parameters"]) == {"TM", "TN", "TK", "RM", "RN", "VW"}
    assert r["valid_points"]["exact"] and r["valid_points"]["value"] > 0
    assert any("TK % VW" in c for c in r["constraints"])
    assert r["mapping"]["valid"] > 0 and r["mapping"]["examples"]
    assert cli.main(["space", "benchmark://lift/mm", "--size", "small", "--lowering", "nope"]) == 2


def test_space_takes_the_generic_profile_unless_another_is_named(capsys):
    def space(*extra: str) -> dict:
        assert cli.main(["space", "benchmark://lift/mm", "--size", "small", "--json", *extra]) == 0
        return json.loads(capsys.readouterr().out)

    generic, pocl = space(), space("--profile", "pocl")
    assert (generic["device_limits"], pocl["device_limits"]) == ("generic", "pocl")
    assert pocl["valid_points"] != generic["valid_points"]  # PoCL's work-group limits admit other points
    assert space("--device", "pocl") == pocl and space("--profile", "h200")["device_limits"] == "h200"
