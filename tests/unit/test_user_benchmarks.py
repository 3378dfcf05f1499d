"""User benchmarks (compiler.suite.user): a program file or a Program as a Benchmark, its presets and reference
(.npz beside the file, a registered callable, else the interpreter), its URIs (file://, plain path,
benchmark://DATASET/NAME), the datasets `lift-gym benchmarks` lists, the commands on files, and the programs that
only view their inputs (transpose, join) lowered to a copy."""

from __future__ import annotations

import json

import numpy as np
import pytest

import lift_gym
from agents import cli
from compiler import suite
from compiler.codegen import compile_program
from compiler.constraints.mapping import mapping_space
from compiler.errors import UnknownBenchmark
from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.ir.printer import print_program
from compiler.lowering.catalog import lowerings
from compiler.lowering.default import default_lowering, is_lowered
from compiler.suite.user import UserBenchmarkError, load_benchmark, program_flops, random_inputs, user_benchmark
from tests.user_programs import FOLDER, PROGRAMS

NEG = 'userfun neg(a: float): float = "return -a;" | "-a"\n'


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def one_line_error(rc: int, err: str, *fragments: str) -> None:
    assert rc == 2 and len(err.strip().splitlines()) == 1 and err.startswith("lift-gym: error: "), err
    for f in fragments:
        assert f in err, err


@pytest.fixture
def registered():
    names: list[tuple[str, str]] = []
    yield names
    for dataset, name in names:
        suite.unregister_benchmark(name, dataset)


# --- the dataset API ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_folder_program_matches_its_npz_reference_in_the_interpreter(name):
    bench = load_benchmark(FOLDER / f"{name}.lift")
    spec = PROGRAMS[name]
    assert bench.reference_name == f"{name}.npz" and bench.sizes("default") == spec.sizes
    inputs = bench.make_inputs(spec.sizes, np.random.default_rng(0))
    expected = bench.reference(inputs, spec.sizes)
    np.testing.assert_allclose(expected, spec.reference(inputs), rtol=1e-5, atol=1e-6)  # the archive is current
    out = interpret(bench.program, inputs, spec.sizes)
    assert suite.rel_error(out, expected) <= bench.tolerance


def test_register_a_program_with_presets_and_a_callable_reference(registered):
    prog = parse_program(NEG + "def negate(x: [float]N) = map(neg) << x")
    bench = lift_gym.register_benchmark(prog, "negate", presets={"default": {"N": 256}, "small": {"N": 8}},
                                        reference=lambda inputs, sizes: -inputs["x"].astype(np.float64))
    registered.append(("user", "negate"))
    assert bench.uri == "benchmark://user/negate" and bench.reference_name.endswith("<lambda>")
    b, sizes = suite.resolve("benchmark://user/negate/small")
    assert b is bench and sizes == {"N": 8}
    assert suite.resolve("benchmark://user/negate?N=16")[1] == {"N": 16}
    assert suite.uri(bench, "small") == "benchmark://user/negate?size=small"
    assert suite.resolve(suite.uri(bench, "small"))[1] == {"N": 8}
    assert bench.flops({"N": 8}) == 8 and bench.bytes({"N": 8}) == 64
    with pytest.raises(ValueError, match="already registered"):
        suite.register_benchmark(prog, "negate")
    with pytest.raises(UnknownBenchmark, match="no benchmark 'negat' in dataset user"):
        suite.resolve("benchmark://user/negat")
    assert "negate" in [b.name for d in suite.datasets() if d.name == "user" for b in d.benchmarks()]


def test_file_uris_and_plain_paths_name_the_same_benchmark(tmp_path):
    f = tmp_path / "neg.lift"
    f.write_text(NEG + "# preset small: N=4\n# preset default: N=64\ndef negate(x: [float]N) = map(neg) << x\n")
    b1, s1 = suite.resolve(str(f))
    b2, s2 = suite.resolve(f.as_uri() + "?size=small")
    assert b1 is b2 and s1 == {"N": 64} and s2 == {"N": 4} and b1.reference_name == suite.INTERPRETER
    assert suite.resolve(suite.uri(b1, None, N=5)) == (b1, {"N": 5})


def test_bad_user_inputs_are_one_line_errors(tmp_path):
    f = tmp_path / "p.lift"
    f.write_text("# preset small: N=zero\ndef p(x: [float]N) = x\n")
    with pytest.raises(UserBenchmarkError, match=r"p\.lift:1: bad size 'N=zero' in preset small"):
        user_benchmark(f)
    f.write_text("def p(x: [float]N) = x\n")
    np.savez(tmp_path / "p.npz", x=np.zeros(4, np.float32))
    with pytest.raises(UserBenchmarkError, match="no array 'expected'"):
        user_benchmark(f)
    np.savez(tmp_path / "p.npz", x=np.zeros((2, 2), np.float32), expected=np.zeros(4, np.float32))
    with pytest.raises(UserBenchmarkError, match="the inputs do not fit p"):
        user_benchmark(f)
    (tmp_path / "p.npz").write_bytes(b"not an archive")
    with pytest.raises(UserBenchmarkError, match=r"not a NumPy \.npz archive"):
        user_benchmark(f)


def test_an_npz_with_objects_is_refused_without_running_anything(tmp_path):
    f = tmp_path / "p.lift"
    f.write_text("def p(x: [float]N) = x\n")
    np.savez(tmp_path / "p.npz", x=np.array([object()], dtype=object), expected=np.zeros(1, np.float32))
    with pytest.raises(UserBenchmarkError, match=r"not a NumPy \.npz archive"):
        user_benchmark(f)


def test_static_flop_count_agrees_with_the_suite():
    for name, sizes in (("mm", {"M": 4, "N": 8, "K": 16}), ("gaussian", {"N": 16, "M": 16}), ("dot", {"N": 64})):
        b = suite.get(name)
        assert program_flops(b.program, sizes) == b.flops(sizes), name


def test_user_benchmarks_have_the_default_lowering_only():
    bench = load_benchmark(FOLDER / "conv3x3.lift")
    assert list(lowerings(bench)) == ["default"]
    assert "tiled" in lowerings(suite.get("mm"))


# --- programs that only view their inputs ------------------------------------------------------------------------
@pytest.mark.parametrize("text, sizes", [
    ("def t(A: [[float]N]M) = transpose << A", {"N": 4, "M": 8}),
    ("def j(A: [[float]N]M) = join << A", {"N": 4, "M": 8}),
    ("def s(A: [float]N) = split(4) << A", {"N": 16}),
    ("def i(A: [float]N) = A", {"N": 16}),
])
def test_a_view_of_the_inputs_lowers_to_a_mapglb_copy(text, sizes):
    p = parse_program(text)
    assert not is_lowered(p)  # nothing computes: it still needs a copy
    q = default_lowering(p, sizes)
    assert is_lowered(q) and "mapGlb(0," in print_program(q)
    assert compile_program(q, sizes).kernels
    inputs = random_inputs(p, sizes, np.random.default_rng(0))
    np.testing.assert_array_equal(interpret(q, inputs, sizes), interpret(p, inputs, sizes))


def test_mapping_space_of_bare_user_functions_lowers_without_prepare():
    for text in (NEG + "def f(x: [float]N) = map(neg) << x", NEG + "def f(x: [[float]N]M) = map(map(neg)) << x"):
        p = parse_program(text)
        ms = mapping_space(p)
        for a in ms.enumerate():
            q = default_lowering(ms.apply(a), {"N": 4, "M": 4})
            assert compile_program(q, {"N": 4, "M": 4}).kernels, ms.describe(a)


def test_a_view_program_env_episode_has_maps_to_decide_and_ends_with_a_reward():
    import gymnasium as gym

    env = gym.make("LiftGym-Rewrite-v7", benchmark=FOLDER / "transpose.lift", reward="analytical")
    _, info = env.reset(seed=0)
    assert info["action_mask"].any()
    done, steps, reward = False, 0, None
    while not done:
        _, reward, done, _, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        steps += 1
    assert steps >= 2 and info["reward_source"] == "analytical" and np.isfinite(reward)
    env.close()


def test_gym_make_takes_a_program_a_benchmark_and_sizes():
    import gymnasium as gym

    prog = parse_program(NEG + "def negate2(x: [float]N) = map(neg) << x")
    env = gym.make("LiftGym-Rewrite-v7", benchmark=prog, sizes={"N": 16}, reward="analytical")
    _, info = env.reset(seed=0)
    assert info["benchmark"].startswith("benchmark://user/negate2-") and info["benchmark"].endswith("?N=16")
    env.close()
    suite.unregister_benchmark(info["benchmark"].split("?")[0])
    bench = user_benchmark(prog, name="negate3", presets={"default": {"N": 8}})
    env = gym.make("LiftGym-Rewrite-v7", benchmark=bench, reward="analytical")
    _, info = env.reset(seed=0)
    assert info["benchmark"] == "benchmark://user/negate3"
    env.close()
    suite.unregister_benchmark("negate3")
    with pytest.raises(UnknownBenchmark, match="neither a benchmark URI nor a program file"):
        gym.make("LiftGym-Rewrite-v7", benchmark="no/such.lift", reward="analytical")


# --- the command line --------------------------------------------------------------------------------------------
def test_benchmarks_lists_the_annotated_programs_and_a_folder(capsys):
    rc, out, _ = run(capsys, "benchmarks", "--dataset", str(FOLDER), "--json")
    rows = json.loads(out)
    by_dataset = {}
    for r in rows:
        by_dataset.setdefault(r["dataset"], []).append(r["name"])
    assert rc == 0 and by_dataset["lift-annotated"] == ["conv-rp", "mm-rp", "stencil2d-rp"]
    assert sorted(by_dataset["user_programs"]) == sorted(PROGRAMS)
    row = next(r for r in rows if r["name"] == "saxpy")
    assert row["uri"] == "benchmark://user_programs/saxpy" and row["reference"] == "saxpy.npz"
    assert suite.resolve(row["default_uri"])[1] == {"N": 64}
    rc, out, _ = run(capsys, "benchmarks")
    assert rc == 0 and "# dataset lift-annotated" in out and "benchmark://lift/stencil2d-rp" in out


def test_check_a_file_against_its_npz_reference(capsys):
    rc, out, _ = run(capsys, "check", str(FOLDER / "conv3x3.lift"), "--json")
    r = json.loads(out)
    assert rc == 0 and r["status"] == "PASS" and r["reference"] == "conv3x3.npz" and r["sizes"] == {"H": 10, "W": 12}


def test_check_fails_when_the_reference_disagrees(capsys, tmp_path):
    f = tmp_path / "neg.lift"
    f.write_text(NEG + "def negate(x: [float]N) = map(neg) << x\n")
    np.savez(tmp_path / "neg.npz", x=np.ones(4, np.float32), expected=np.ones(4, np.float32))
    rc, out, _ = run(capsys, "check", str(f))
    assert rc == 1 and "against neg.npz" in out and "FAIL" in out


@pytest.mark.parametrize("argv, fragments", [
    (["run", "LOWERED", "--lowering", "tiled"], ["no lowering 'tiled'", "lowerings: default"]),
    (["show", "LOWERED", "--opencl", "--lowering", "tiled"], ["no lowering 'tiled'", "lowerings: default"]),
    (["space", "LOWERED", "--lowering", "conv42"], ["no lowering 'conv42'", "lowerings: default"]),
    (["run", "benchmark://lift/conv/small", "--lowering", "winograd"],
     ["no lowering 'winograd'", "lowerings: default, conv42, tiled, direct, gemm"]),
    (["explore", "NOSIZES"], ["give the size(s) N with --sizes"]),
])
def test_file_command_errors(capsys, tmp_path, argv, fragments):
    nosizes = tmp_path / "n.lift"
    nosizes.write_text(NEG + "def negate(x: [float]N) = map(neg) << x\n")
    paths = {"LOWERED": str(FOLDER / "stencil1d.lift"), "NOSIZES": str(nosizes)}
    one_line_error(*run(capsys, *[paths.get(a, a) for a in argv])[::2], *fragments)


@pytest.mark.parametrize("command", ["run", "space", "show --opencl"])
def test_a_split_that_does_not_divide_its_length_is_one_line_naming_it(capsys, tmp_path, command):
    f = tmp_path / "sp.lift"
    f.write_text(NEG + "def sp(x: [float]N) = join << mapGlb(0, mapSeq(neg)) << split(3) << x\n")
    one_line_error(*run(capsys, *command.split(), str(f), "--sizes", "N=8")[::2],
                   "sp: split(3) does not divide the length N = 8 of its array at N=8")


def test_show_space_and_explore_take_a_file(capsys):
    rc, out, _ = run(capsys, "show", str(FOLDER / "transpose.lift"), "--opencl")
    assert rc == 0 and "get_global_id(0)" in out and "get_global_id(1)" in out
    rc, out, _ = run(capsys, "space", str(FOLDER / "box3d.lift"), "--json")
    r = json.loads(out)
    assert rc == 0 and r["lowering"] == "default" and r["mapping"]["valid"] > 0
    rc, out, _ = run(capsys, "explore", str(FOLDER / "transpose.lift"), "--sizes", "M=8,N=16", "--max", "2",
                     "--samples", "1", "--max-kernels", "2", "--no-run", "--quiet", "--json")
    r = json.loads(out)
    assert rc == 0 and r["kernels"] == 2


def test_explore_without_kernels_exits_1(capsys, monkeypatch):
    import agents.explore_cmd as explore_cmd

    real = explore_cmd.explore_benchmark

    def none(bench, sizes, cfg, **kw):
        rep = real(bench, sizes, cfg, **kw)
        rep.kernels = 0
        return rep

    monkeypatch.setattr(explore_cmd, "explore_benchmark", none)
    rc, _, err = run(capsys, "explore", str(FOLDER / "saxpy.lift"), "--max", "1", "--samples", "1", "--no-run",
                     "--quiet")
    assert rc == 1 and "no kernel was generated" in err


def test_lift_gym_datasets_registers_folders(monkeypatch, tmp_path):
    (tmp_path / "progs").mkdir()
    (tmp_path / "progs" / "neg.lift").write_text(NEG + "# preset default: N=4\n"
                                                 "def negate(x: [float]N) = map(neg) << x\n")
    monkeypatch.setenv("LIFT_GYM_DATASETS", f"mine={tmp_path / 'progs'}")
    bench, sizes = suite.resolve("benchmark://mine/neg")
    assert bench.name == "neg" and sizes == {"N": 4} and "mine" in [d.name for d in suite.datasets()]
