"""Bad input to `lift-gym`: every case exits 2 with exactly one line on stderr and no traceback.

Program text (bad bytes, deep nesting, huge texts), benchmark URIs and sizes (unknown names, zero, negative and
huge sizes), YAML configs, episode records and the numbers of every command's options; the limits (parser depth
and text length, the input-size cap, the env's config ranges) are checked before any recursion or allocation.
Hypothesis runs derandomized, so the generated cases are the same on every run.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sympy
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents import cli
from agents.config import CHECKS, SECTIONS
from agents.subcommand import jobs, nonnegative_int, positive_int, seconds, seed
from compiler.errors import ParseError, TypeCheckError
from compiler.ir.node import Param, Program
from compiler.ir.parser import MAX_DEPTH, MAX_SOURCE_BYTES, parse_program
from compiler.ir.typecheck import typecheck
from compiler.types import FLOAT, ArrayType
from lift_gym.episode import FORMAT, EpisodeState
from lift_gym.transition import MAX_NODES, Config

ROOT = Path(__file__).resolve().parents[2]
FUZZ = settings(derandomize=True, max_examples=25, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
GOOD_PROGRAM = "def p(a: [float]N) = map(id) << a\n"


def run(capsys, *argv: str) -> tuple[int, str]:
    rc = cli.main(list(argv))
    return rc, capsys.readouterr().err


def assert_one_line_error(rc: int, err: str, *fragments: str) -> str:
    assert rc == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lift-gym: error: "), err
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


def write(tmp_path: Path, name: str, data: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return str(path)


# --- program files -------------------------------------------------------------------------------------------
DEEP = 10_000
BAD_PROGRAMS = {
    "not UTF-8": (b"def p(a: [float]N) = \xff\xfe map(id) << a", ("not UTF-8", "line 1")),
    "nested parentheses": ("def p(a: [float]N) = " + "(" * DEEP + "a" + ")" * DEEP, ("limit", "line 1, column")),
    "nested <<": ("def p(a: [float]N) = " + "map(id) << " * DEEP + "a", ("limit", "line 1, column")),
    "nested lambdas": ("def p(a: [float]N) = " + "map(x => " * DEEP + "x" + ")" * DEEP + " << a", ("limit",)),
    "long composition": ("def p(a: [float]N) = " + "map(id) o " * DEEP + "id << a", ("limit",)),
    "nested array type": ("def p(a: " + "[" * DEEP + "float" + "]N" * DEEP + ") = a", ("limit",)),
    "nested size": ("def p(a: [float](" + "(" * DEEP + "N" + ")" * DEEP + ")) = a", ("limit",)),
    "long size sum": ("def p(a: [float](" + "N + " * DEEP + "N)) = map(id) << a", ("limit",)),
    "nested calls": ("def p(a: float) = " + "add(a, " * DEEP + "a" + ")" * DEEP, ("limit",)),
    "5 MB expression": ("def p(a: [float]N) = " + "map(id) o " * 500_000 + "id << a", (f"{MAX_SOURCE_BYTES} bytes",)),
    "division by zero in a length": ("def p(a: [float](N/0)) = map(id) << a", ("division by zero", "line 1")),
    "negative length": ("def p(a: [float](-3)) = map(id) << a", ("parameter a",)),
}


@pytest.mark.parametrize("command", ["show", "check"])
@pytest.mark.parametrize("case", list(BAD_PROGRAMS))
def test_bad_program_file(capsys, tmp_path, case, command):
    text, fragments = BAD_PROGRAMS[case]
    rc, err = run(capsys, command, write(tmp_path, "p.lift", text), "--sizes", "N=4")
    assert_one_line_error(rc, err, *fragments)


def test_program_file_inputs_too_large(capsys, tmp_path):
    path = write(tmp_path, "p.lift", GOOD_PROGRAM)
    assert_one_line_error(*run(capsys, "check", path, "--sizes", f"N={10**12}"), "limit of")
    rank = 40
    deep = write(tmp_path, "r.lift", "def p(a: " + "[" * rank + "float" + "]N" * rank + ") = a")
    assert_one_line_error(*run(capsys, "check", deep, "--sizes", "N=1"), "dimensions")


def test_parser_limits_name_the_position():
    with pytest.raises(ParseError, match=rf"line 2, column \d+: .*{MAX_DEPTH} levels"):
        parse_program("def p(a: [float]N) =\n" + "(" * (MAX_DEPTH + 5) + "a" + ")" * (MAX_DEPTH + 5))
    with pytest.raises(ParseError, match=rf"line \d+, column \d+: the text is \d+ bytes long, more than the limit "
                                         rf"of {MAX_SOURCE_BYTES} bytes"):
        parse_program("# x\n" * (MAX_SOURCE_BYTES // 3))
    with pytest.raises(ParseError, match="division by zero"):
        parse_program("def p(a: [float](N/0)) = a")


def test_parser_accepts_nesting_below_the_limit():
    depth = MAX_DEPTH // 4
    prog = parse_program("def p(a: [float]N) = " + "map(id) << " * depth + "a")
    typecheck(prog)


def test_typecheck_rejects_infinite_lengths_naming_the_parameter():
    for n in (sympy.zoo, sympy.oo, sympy.nan, sympy.Integer(-2)):
        prog = Program("p", (Param("a", ArrayType(FLOAT, n)),), Param("a", ArrayType(FLOAT, n)))
        with pytest.raises(TypeCheckError, match="parameter a of program p"):
            typecheck(prog)


# --- benchmark URIs and sizes --------------------------------------------------------------------------------
BAD_URIS = {
    "benchmark://lift/dot?N=1000000000000": ("limit of",),
    "benchmark://lift/mm?M=1000000&N=1000000&K=1000000": ("limit of",),
    "benchmark://lift/nope": ("unknown benchmark",),
    "benchmark://lift/dot?N=0": ("positive integer",),
    "benchmark://lift/dot?N=-3": ("positive integer",),
    "benchmark://lift/dot?N=abc": ("positive integer",),
    "benchmark://lift/dot?Q=3": ("no size",),
}


@pytest.mark.parametrize("uri", list(BAD_URIS))
def test_bad_uri(capsys, uri):
    assert_one_line_error(*run(capsys, "check", uri), *BAD_URIS[uri])


@pytest.mark.parametrize("extra", [("--sizes", "N=99999999999999999999"), ("--sizes", "N=0"),
                                   ("--size", "small", "--sizes", "N=10000000000000")])
def test_bad_sizes_option(capsys, extra):
    assert_one_line_error(*run(capsys, "check", "benchmark://lift/dot", *extra))


def test_input_cap_is_overridable(capsys, monkeypatch):
    monkeypatch.setenv("LIFT_GYM_MAX_INPUT_ELEMENTS", "10")
    assert_one_line_error(*run(capsys, "check", "benchmark://lift/dot/small"), "limit of 10")
    monkeypatch.delenv("LIFT_GYM_MAX_INPUT_ELEMENTS")
    assert run(capsys, "check", "benchmark://lift/dot/small")[0] == 0


# --- numbers of the command line -----------------------------------------------------------------------------
SMALL = "benchmark://lift/dot/small"
NUMERIC_OPTIONS = [  # (argv before the option, option, kind)
    (("check", SMALL), "--seed", "seed"),
    (("run", SMALL), "--seed", "seed"),
    (("run", SMALL), "--time-cap", "seconds"),
    (("search", SMALL), "--seed", "seed"),
    (("search", SMALL), "--budget", "positive"),
    (("search", SMALL), "--max-rewrites", "nonnegative"),
    (("search", SMALL), "--width", "positive"),
    (("search", SMALL), "--beam-width", "positive"),
    (("search", SMALL), "--expand", "positive"),
    (("search", SMALL), "--candidates", "nonnegative"),
    (("evaluate", "--benchmarks", SMALL), "--budget", "positive"),
    (("evaluate", "--benchmarks", SMALL), "--seed", "seed"),
    (("evaluate", "--benchmarks", SMALL), "--seeds", "positive"),
    (("explore", SMALL), "--max", "positive"),
    (("explore", SMALL), "--depth", "nonnegative"),
    (("explore", SMALL), "--lowered", "positive"),
    (("explore", SMALL), "--samples", "positive"),
    (("explore", SMALL), "--seed", "seed"),
    (("explore", SMALL), "--max-kernels", "positive"),
    (("explore", SMALL), "--jobs", "jobs"),
    (("space", SMALL), "--examples", "nonnegative"),
    (("train", "--config", "configs/quick.yaml"), "--total-steps", "positive"),
]
NOT_NUMBERS = ["", "abc", "nan", "inf", "-inf", "1e400", "1.5", "0x10", "10**40", "1e3"]
BAD_NUMBERS = {"seed": ["-1", str(2**32), str(10**40)], "positive": ["0", "-3", str(10**40)],
               "nonnegative": ["-1", str(10**40)], "seconds": ["0", "-1", "1e300", "86401"],
               "jobs": ["-1", "257", "1000000000", str(10**40)]}


def _bad_number_cases():
    for prefix, option, kind in NUMERIC_OPTIONS:
        for value in BAD_NUMBERS[kind] + (NOT_NUMBERS if kind != "seconds" else ["", "abc", "nan", "inf", "-inf"]):
            yield pytest.param(prefix, option, value, id=f"{prefix[0]} {option} {value!r}")


@pytest.mark.parametrize(("prefix", "option", "value"), list(_bad_number_cases()))
def test_bad_number_option(capsys, monkeypatch, tmp_path, prefix, option, value):
    monkeypatch.chdir(ROOT)
    rc, err = run(capsys, *prefix, f"{option}={value}", "--out", str(tmp_path / "out"))
    assert_one_line_error(rc, err, option)
    assert not (tmp_path / "out").exists()


OPTION_TYPES = {"seed": seed, "positive": positive_int, "nonnegative": nonnegative_int, "seconds": seconds,
                "jobs": jobs}


@FUZZ
@given(case=st.sampled_from(NUMERIC_OPTIONS), value=st.one_of(
    st.integers(max_value=-1).map(str), st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(alphabet="0123456789.e+-_xabn ", max_size=8)))
def test_fuzz_number_options(capsys, tmp_path, case, value):
    prefix, option, kind = case
    try:
        OPTION_TYPES[kind](value)
        return  # a value the option accepts is no bad input
    except argparse.ArgumentTypeError:
        pass
    rc, err = run(capsys, *prefix, f"{option}={value}", "--out", str(tmp_path / "out"))
    assert_one_line_error(rc, err, option)
    assert not (tmp_path / "out").exists()


def test_train_total_steps_negative_writes_nothing(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    out = tmp_path / "run"
    assert_one_line_error(*run(capsys, "train", "--config", "configs/quick.yaml", "--total-steps", "-3", "--out",
                               str(out)), "--total-steps")
    assert not out.exists()


def test_train_api_validates_before_writing(tmp_path):
    from agent_fixtures import tiny_config

    from agents.config import ConfigError, EnvConfig, config_from_dict
    from agents.train import train

    out = tmp_path / "run"
    with pytest.raises(ConfigError, match=r"train\.total_steps"):
        train(config_from_dict(tiny_config()), out_dir=out, total_steps=-3, log=lambda s: None)
    assert not out.exists()
    with pytest.raises(ValueError, match="max_nodes"):  # the envs refuse their config: no manifest either
        train(dataclasses.replace(config_from_dict(tiny_config()), env=EnvConfig(max_nodes=0)), out_dir=out,
              log=lambda s: None)
    assert not (out / "manifest.json").exists()


# --- the env's config ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "value"), [("max_nodes", 0), ("max_nodes", 10**9), ("max_nodes", -1),
                                            ("max_nodes", "x"), ("max_nodes", 2.5), ("max_nodes", True),
                                            ("n_slots", 0), ("n_slots", 10**6), ("max_rewrites", -1)])
def test_env_config_ranges_name_the_key(key, value):
    with pytest.raises(ValueError, match=f"^{key}: expected an integer"):
        Config(**{key: value})


def test_env_constructor_rejects_bad_numbers():
    from lift_gym.env import LiftGymEnv

    with pytest.raises(ValueError, match="max_nodes"):
        LiftGymEnv(benchmark=SMALL, reward="analytical", max_nodes=0)
    assert Config(max_nodes=MAX_NODES).max_nodes == MAX_NODES


# --- YAML configs --------------------------------------------------------------------------------------------
BAD_YAML = {
    "a list": "- 1\n- 2\n",
    "bad syntax": "env: [\n",
    "unknown section": "bogus: 1\n",
    "section is a list": "env: [1, 2]\n",
    "max_nodes 1e9": "env:\n  max_nodes: 1000000000\n",
    "max_nodes a word": "env:\n  max_nodes: lots\n",
    "learning rate nan": "train:\n  learning_rate: .nan\n",
    "ent_coef inf": "train:\n  ent_coef: .inf\n",
    "seed too large": f"train:\n  seed: {2**40}\n",
    "huge benchmark": "env:\n  benchmarks: ['benchmark://lift/dot?N=1000000000000']\n",
    "deep nesting": "env: " + "[" * 5000 + "]" * 5000 + "\n",
}


@pytest.mark.parametrize("case", [*BAD_YAML, "not UTF-8"])
def test_bad_yaml_config(capsys, tmp_path, case):
    text = BAD_YAML.get(case, b"env:\n  n_envs: \xff\n")
    out = tmp_path / "run"
    assert_one_line_error(*run(capsys, "train", "--config", write(tmp_path, "c.yaml", text), "--out", str(out)))
    assert not out.exists()


# values no key of the config accepts (a string is a valid device, a bool a valid flag)
NOT_A_VALUE = st.sampled_from([-1, -2.5, math.nan, -math.inf, [[1]], {"k": [1]}])


@FUZZ
@given(data=st.data())
def test_fuzz_yaml_configs(capsys, tmp_path, data):
    section = data.draw(st.sampled_from(sorted(SECTIONS)))
    keys = sorted(CHECKS[SECTIONS[section]])
    key = data.draw(st.one_of(st.sampled_from(keys), st.from_regex(r"[a-z_]{1,12}", fullmatch=True)))
    value = data.draw(NOT_A_VALUE)
    path = write(tmp_path, "c.yaml", yaml.safe_dump({section: {key: value}}))
    out = tmp_path / "run"
    assert_one_line_error(*run(capsys, "train", "--config", path, "--out", str(out)), f"{section}.{key}")
    assert not out.exists()


# --- episode records -----------------------------------------------------------------------------------------
RECORD = {"format": FORMAT, "benchmark": "benchmark://lift/scal/small", "actions": [], "seed": 0, "device": None,
          "config": {"max_rewrites": 6, "max_nodes": 256, "n_slots": 32}}


def _mutated(path: tuple, value) -> dict:
    d = json.loads(json.dumps(RECORD))
    *parents, last = path
    target = d
    for p in parents:
        target = target[p]
    if value is _DROP:
        target.pop(last)
    else:
        target[last] = value
    return d


_DROP = object()
BAD_RECORDS = {
    "config null": (("config",), None), "config a list": (("config",), [1]), "reward a string": (("reward",), "high"),
    "reward nan": (("reward",), math.nan), "max_nodes 1e9": (("config", "max_nodes"), 10**9),
    "max_nodes 0": (("config", "max_nodes"), 0), "max_nodes a string": (("config", "max_nodes"), "x"),
    "n_slots 0": (("config", "n_slots"), 0), "max_rewrites -1": (("config", "max_rewrites"), -1),
    "no config": (("config",), _DROP), "no actions": (("actions",), _DROP), "actions a string": (("actions",), "abc"),
    "action a float": (("actions",), [1.5]), "action negative": (("actions",), [-1]), "seed -1": (("seed",), -1),
    "seed a string": (("seed",), "s"), "benchmark a number": (("benchmark",), 3),
    "benchmark too large": (("benchmark",), "benchmark://lift/dot?N=1000000000000"),
    "limits a string": (("config", "limits"), "x"), "limits unknown key": (("config", "limits"), {"zz": 1}),
    "limits partial": (("config", "limits"), {"name": "x"}), "tolerance a string": (("tolerance",), "x"),
    "tolerance negative": (("tolerance",), -1.0), "reward config a string": (("config", "reward"), "x"),
    "rp_values a list": (("rp_values",), [1]), "unknown key": (("zz",), 1), "wrong format": (("format",), "x"),
}


@pytest.mark.parametrize("command", ["replay", "validate"])
@pytest.mark.parametrize("case", list(BAD_RECORDS))
def test_bad_episode_record(capsys, tmp_path, case, command):
    path = write(tmp_path, "e.json", json.dumps(_mutated(*BAD_RECORDS[case])))
    assert_one_line_error(*run(capsys, command, path))


@pytest.mark.parametrize("text", [b"[1, 2]", b'"x"', b"3", b"null", b"{", b"\xff\xfe{}"])
def test_episode_record_not_an_object(capsys, tmp_path, text):
    assert_one_line_error(*run(capsys, "replay", write(tmp_path, "e.json", text)))


def test_valid_record_loads():
    assert EpisodeState.from_json(json.dumps(RECORD)).transition_config() == Config()


_RECORD_FIELDS = [("benchmark",), ("actions",), ("seed",), ("config",), ("device",), ("reward",), ("tolerance",),
                  ("rp_values",), ("format",), ("version",), ("config", "max_nodes"), ("config", "limits"),
                  ("config", "reward"), ("config", "rewrite_points")]


@FUZZ
@given(data=st.data())
def test_fuzz_episode_records(capsys, tmp_path, data):
    path = data.draw(st.sampled_from(_RECORD_FIELDS))
    bad = [[[1]], math.nan, {"x": [1]}, -1.5]
    if path == ("rp_values",):
        bad.remove({"x": [1]})
    if path == ("reward",):
        bad.remove(-1.5)
    value = data.draw(st.sampled_from(bad))
    rec = write(tmp_path, "e.json", json.dumps(_mutated(path, value)))
    assert_one_line_error(*run(capsys, "replay", rec), ".".join(path))


@FUZZ
@given(value=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                          lambda inner: st.lists(inner, max_size=3), max_leaves=6))
def test_fuzz_episode_records_not_objects(capsys, tmp_path, value):
    assert_one_line_error(*run(capsys, "validate", write(tmp_path, "e.json", json.dumps(value))))


# --- fuzzed program text and URIs ----------------------------------------------------------------------------
TOKENS = ["def", "p", "(", ")", "[", "]", "a", ":", "float", "N", "=", "map", "id", "<<", "o", "=>", "x", ",",
          "reduce", "zip", "value", "0", "-", "/", "*", "userfun", '"', "<", ">", "#", "\n", "é", "\x00"]


@FUZZ
@given(data=st.binary(max_size=300))
def test_fuzz_random_bytes_program(capsys, tmp_path, data):
    assert_one_line_error(*run(capsys, "check", write(tmp_path, "p.lift", b"\xff" + data)), "not UTF-8")


@FUZZ
@given(tokens=st.lists(st.sampled_from(TOKENS), max_size=60), nest=st.integers(0, 3 * MAX_DEPTH))
def test_fuzz_program_text(capsys, tmp_path, tokens, nest):
    text = "def p(a: [float]N) = " + "(" * nest + " ".join(tokens) + ")" * nest
    rc = cli.main(["check", write(tmp_path, "p.lift", text), "--sizes", "N=4"])
    err = capsys.readouterr().err
    if rc != 0:  # a token soup may happen to be a program
        assert_one_line_error(rc, err)


NAMES = ["dot", "mm", "scal", "conv", "nope", "", "dot/small", "mm/nope", "a/b/c"]
BAD_SIZE = st.one_of(st.integers(max_value=0), st.integers(min_value=10**12), st.text(max_size=5).filter(
    lambda s: not s.strip().lstrip("+").isdigit()))


@FUZZ
@given(name=st.sampled_from(NAMES), key=st.sampled_from(["N", "M", "K", "Q", "size", ""]), value=BAD_SIZE)
def test_fuzz_uris(capsys, name, key, value):
    uri = f"benchmark://lift/{name}?{key}={value}"
    if name in ("dot", "mm", "scal", "dot/small") and key == "size" and str(value) in ("small", "default"):
        return
    assert_one_line_error(*run(capsys, "check", uri))


# --- a handful through a real process ------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["check", "{deep}"], ["show", "{latin1}"], ["run", SMALL, "--time-cap", "inf"], ["check", "--seed", "-1", SMALL],
])
def test_process_prints_no_traceback(tmp_path, argv):
    files = {"deep": write(tmp_path, "deep.lift", "def p(a: [float]N) = " + "(" * DEEP + "a" + ")" * DEEP),
             "latin1": write(tmp_path, "l.lift", "def p(a: [float]N) = map(id) << a # café".encode("latin-1"))}
    argv = [a.format(**files) for a in argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-m", "agents", *argv], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1, p.stderr


def test_explore_jobs_beyond_the_worker_limit_is_a_usage_error(capsys):
    rc, err = run(capsys, "explore", SMALL, "--jobs", "1000000000")
    assert_one_line_error(rc, err, "--jobs")
    assert "[0, 256]" in err
