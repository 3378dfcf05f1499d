"""Bad files given to `lift-gym`: episode records (`validate`, `replay`), `.npz` references (`check FILE`), YAML
configs (`train --config`) and run folders (`train --resume`) exit 2 with exactly one line on stderr, no
traceback, and never the content of a file the input names. Hypothesis runs derandomized."""

from __future__ import annotations

import io
import json
import zipfile

import gymnasium as gym
import numpy as np
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lift_gym  # noqa: F401  (registers the env)
from agents import cli

FUZZ = settings(derandomize=True, max_examples=25, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SECRET = "SECRETCONTENT-do-not-print"
PROGRAM = "def p(x: [float]N) =\n  map(id) << x\n"


@pytest.fixture(scope="module")
def finished_record() -> dict:
    env = gym.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/scal/small", reward="analytical")
    env.action_space.seed(0)
    _, info = env.reset(seed=0)
    done = False
    while not done:
        _, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        done = term or trunc
    rec = json.loads(env.unwrapped.episode_state().to_json())
    env.close()
    return rec


def _one_line_exit_2(capsys, *argv: str, fragments: tuple[str, ...] = ()) -> str:
    rc = cli.main(list(argv))
    err = capsys.readouterr().err
    assert rc == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("lift-gym: error: "), err
    assert "Traceback" not in err and SECRET not in err
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


def test_record_naming_a_secret_file_as_its_benchmark(finished_record, tmp_path, capsys):
    secret = tmp_path / "secret.txt"
    secret.write_text(f"{SECRET}: x\n")
    rec = tmp_path / "rec" / "episode.json"
    rec.parent.mkdir()
    rec.write_text(json.dumps(dict(finished_record, benchmark=secret.as_uri())))
    for command in ("validate", "replay"):
        _one_line_exit_2(capsys, command, str(rec), fragments=("benchmark",))


def test_record_with_unknown_fallback(finished_record, tmp_path, capsys):
    d = json.loads(json.dumps(finished_record))
    d["config"]["reward"]["fallback"] = "oracle"
    rec = tmp_path / "episode.json"
    rec.write_text(json.dumps(d))
    _one_line_exit_2(capsys, "validate", str(rec), fragments=("config.reward.fallback",))


def test_deeply_nested_record(tmp_path, capsys):
    rec = tmp_path / "episode.json"
    rec.write_text("[" * 100000 + "]" * 100000)
    _one_line_exit_2(capsys, "validate", str(rec), fragments=("nested too deeply",))


@pytest.mark.parametrize("kind", ["bomb", "strings", "npy", "shape"])
def test_bad_reference_archive_in_check(tmp_path, capsys, kind):
    prog = tmp_path / "p.lift"
    prog.write_text(PROGRAM)
    npz = tmp_path / "p.npz"
    if kind == "bomb":
        buf = io.BytesIO()
        np.lib.format.write_array_header_1_0(buf, {"descr": "<f8", "fortran_order": False, "shape": (10**13,)})
        with zipfile.ZipFile(npz, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("x.npy", buf.getvalue())
            z.writestr("expected.npy", buf.getvalue())
    elif kind == "strings":
        np.savez(npz, x=np.array([SECRET]), expected=np.ones(1, np.float32))
    elif kind == "npy":
        with open(npz, "wb") as fh:
            np.save(fh, np.ones(4, np.float32))
    else:
        np.savez(npz, x=np.ones(8, np.float32), expected=np.ones((3, 3), np.float32))
    _one_line_exit_2(capsys, "check", str(prog), fragments=("p.npz",))


@pytest.mark.parametrize(("text", "fragment"), [
    ("train:\n  n_steps: 128\n  n_steps: 256\n", "duplicate key"),
    ("name: ../../../..\n", "name:"),
    ("train:\n  n_steps: 1000000000000\n", "LIFT_GYM_MAX_ROLLOUT_STEPS"),
    ("policy:\n  features_dim: 1000000000\n", "LIFT_GYM_MAX_NET_WIDTH"),
])
def test_bad_yaml_in_train(tmp_path, capsys, text, fragment):
    cfg = tmp_path / "c.yaml"
    cfg.write_text(text)
    _one_line_exit_2(capsys, "train", "--config", str(cfg), "--out", str(tmp_path / "run"), fragments=(fragment,))
    assert not (tmp_path / "run").exists()


def test_yaml_benchmark_naming_a_non_program_file(tmp_path, capsys):
    notes = tmp_path / "notes.lift"
    notes.write_text(f"{SECRET} = 1\n")
    cfg = tmp_path / "c.yaml"
    cfg.write_text(f"env:\n  benchmarks: [{notes}]\n")
    _one_line_exit_2(capsys, "train", "--config", str(cfg), fragments=("env.benchmarks[0]", str(notes)))


@pytest.mark.parametrize("final", ["../elsewhere/final.zip", "/etc/passwd"])
def test_run_manifest_naming_a_zip_elsewhere_is_refused_on_resume(tmp_path, capsys, final):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "final.zip").write_bytes(b"PK")
    run = tmp_path / "run"
    run.mkdir()
    (run / "manifest.json").write_text(json.dumps({"format": "lift-gym-run/1", "config": {}, "final": final,
                                                    "checkpoint": None, "checkpoints": []}))
    _one_line_exit_2(capsys, "train", "--resume", str(run), fragments=("outside the run folder",))


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                   max_size=3), max_leaves=6)


@FUZZ
@given(key=st.sampled_from(["benchmark", "actions", "seed", "config", "reward", "reward_source", "noise",
                            "tolerance", "format"]), value=_JSON)
def test_validate_of_any_broken_record_field_is_one_line(finished_record, tmp_path, capsys, key, value):
    d = json.loads(json.dumps(finished_record))
    d[key] = value
    rec = tmp_path / "episode.json"
    rec.write_text(json.dumps(d))
    rc = cli.main(["validate", str(rec), "--no-reward"])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if rc == 2:
        assert len(err.strip().splitlines()) == 1
    else:
        assert rc in (0, 1)


@FUZZ
@given(data=st.binary(max_size=300), header_shape=st.lists(st.integers(0, 10**7), max_size=3),
       dtype=st.sampled_from(["<f4", "<i4", "<U4", "|O", "<f8"]))
def test_check_of_any_reference_archive_is_one_line_or_runs(tmp_path, capsys, data, header_shape, dtype):
    prog = tmp_path / "p.lift"
    prog.write_text(PROGRAM)
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": dtype, "fortran_order": False, "shape": tuple(header_shape)})
    with zipfile.ZipFile(tmp_path / "p.npz", "w") as z:
        z.writestr("x.npy", buf.getvalue() + data)
        z.writestr("expected.npy", buf.getvalue() + data)
    rc = cli.main(["check", str(prog)])
    err = capsys.readouterr().err
    assert "Traceback" not in err and "MemoryError" not in err
    assert rc in (0, 1) or (rc == 2 and len(err.strip().splitlines()) == 1), err


@FUZZ
@given(doc=st.dictionaries(st.sampled_from(["name", "env", "train", "policy", "run", "reward"]), _JSON, max_size=4))
def test_train_of_any_broken_yaml_is_one_line(tmp_path, capsys, doc):
    # a train section at the end: a duplicate key when the document has one, an algorithm that cannot train if not
    cfg = tmp_path / "c.yaml"
    cfg.write_text(yaml.safe_dump(doc) + "train:\n  algorithm: PPO\n")
    rc = cli.main(["train", "--config", str(cfg), "--out", str(tmp_path / "run")])
    err = capsys.readouterr().err
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    if "train" in doc:
        assert "duplicate key" in err


@pytest.mark.parametrize("kind, why", [("folder", "is a directory"), ("device", "is not a regular file"),
                                       ("missing", "does not exist")])
def test_fit_says_why_a_store_path_is_no_store(capsys, tmp_path, kind, why):
    path = {"folder": str(tmp_path), "device": "/dev/null", "missing": str(tmp_path / "none.sqlite")}[kind]
    _one_line_exit_2(capsys, "fit", path, "--quiet", fragments=(f"measurement store {path} {why}",))
