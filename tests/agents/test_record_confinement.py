"""Episode records reach nothing outside their folder: a benchmark file, store or model a record names must lie in
its own folder (or its run folder), and no error quotes a file a record names. Malformed records (deep nesting,
unknown reward settings, any JSON value in any field) are one-line ValueErrors. Hypothesis runs derandomized."""

from __future__ import annotations

import json
from pathlib import Path

import gymnasium as gym
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lift_gym  # noqa: F401  (registers the env)
from agents import cli
from agents.untrusted import UntrustedFile, read_record
from lift_gym.episode import EpisodeState, replay, validate

FUZZ = settings(derandomize=True, max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SECRET = "root:$6$SECRETHASHVALUE:19000:0:99999:7:::"
PROGRAM = "def p(x: [float]N) =\n  map(id) << x\n# preset default: N=16\n"


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


def _write(rec: dict, folder: Path, **fields) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    d = json.loads(json.dumps(rec))
    d.update(fields)
    path = folder / "episode.json"
    path.write_text(json.dumps(d))
    return path


def _one_line(err: BaseException, *fragments: str) -> str:
    msg = str(err)
    assert "\n" not in msg and SECRET not in msg and "SECRETHASH" not in msg
    for f in fragments:
        assert f in msg, msg
    return msg


def _secret(tmp_path: Path) -> Path:
    p = tmp_path / "etc" / "shadow"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(SECRET + "\n")
    return p


def test_benchmark_file_outside_the_folder_is_refused_before_it_is_read(finished_record, tmp_path):
    shadow = _secret(tmp_path)
    path = _write(finished_record, tmp_path / "rec", benchmark=shadow.as_uri())
    with pytest.raises(UntrustedFile) as info:
        read_record(path)
    _one_line(info.value, "benchmark", "outside the record's folder")


def test_parse_error_of_a_benchmark_file_never_prints_its_content(finished_record, tmp_path):
    shadow = _secret(tmp_path / "rec")
    lift = shadow.with_suffix(".lift")
    lift.write_text(SECRET + "\n")
    for d in (dict(finished_record, benchmark=shadow.as_uri()), dict(finished_record, benchmark=str(lift))):
        with pytest.raises(ValueError) as info:
            EpisodeState.from_json(json.dumps(d))
        _one_line(info.value, "not a usable program file", "line 1")


def test_cli_error_for_a_record_naming_a_secret_file_is_one_line_without_content(finished_record, tmp_path, capsys):
    shadow = _secret(tmp_path)
    path = _write(finished_record, tmp_path / "rec", benchmark=shadow.as_uri())
    for command in ("replay", "validate"):
        rc = cli.main([command, str(path)])
        err = capsys.readouterr().err.strip().splitlines()
        assert rc == 2 and len(err) == 1 and "SECRETHASH" not in err[0], err


def test_valid_program_outside_the_folder_is_refused_by_replay_and_validate(finished_record, tmp_path):
    prog = tmp_path / "elsewhere" / "p.lift"
    prog.parent.mkdir()
    prog.write_text(PROGRAM)
    rec = dict(finished_record, benchmark=prog.as_uri(), actions=[], reward=None, program_key=None,
               kernel_key=None)
    path = _write(rec, tmp_path / "rec")
    roots = (path.parent,)
    for fn in (replay, validate):
        with pytest.raises(ValueError, match="outside the record's folder"):
            fn(path.read_text(), roots=roots)
    with pytest.raises(UntrustedFile, match="outside"):
        read_record(path)


def test_program_beside_the_record_is_used(finished_record, tmp_path):
    folder = tmp_path / "rec"
    folder.mkdir()
    (folder / "p.lift").write_text(PROGRAM)
    rec = dict(finished_record, benchmark=(folder / "p.lift").as_uri(), actions=[], reward=None,
               program_key=None, kernel_key=None)
    state = read_record(_write(rec, folder))
    assert state.benchmark.endswith("p.lift")


def test_deeply_nested_record_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200000 + "]" * 200000)
    with pytest.raises(UntrustedFile) as info:
        read_record(path)
    _one_line(info.value, "nested too deeply")
    with pytest.raises(ValueError, match="nested too deeply"):
        EpisodeState.from_json('{"a": ' * 100000 + "1" + "}" * 100000)


@pytest.mark.parametrize(("reward", "fragment"), [
    ({"fallback": "magic"}, "config.reward.fallback"),
    ({"source": "guess"}, "config.reward.source"),
    ({"profile": "cray"}, "config.reward.profile"),
    ({"colour": "red"}, "unknown keys"),
])
def test_unknown_reward_settings_in_a_record_are_named(finished_record, reward, fragment):
    d = json.loads(json.dumps(finished_record))
    d["config"]["reward"].update(reward)
    with pytest.raises(ValueError) as info:
        EpisodeState.from_json(json.dumps(d))
    _one_line(info.value, fragment)


@pytest.mark.parametrize("profile", ["h200", "auto"])
def test_a_record_made_with_any_profile_name_loads(finished_record, profile):
    d = json.loads(json.dumps(finished_record))
    d["config"]["reward"]["profile"] = profile
    assert EpisodeState.from_json(json.dumps(d)).config["reward"]["profile"] == profile


def test_record_file_that_is_not_a_regular_file_is_named(tmp_path):
    with pytest.raises(UntrustedFile, match="a folder"):
        read_record(tmp_path)
    with pytest.raises(UntrustedFile, match="missing"):
        read_record(tmp_path / "none.json")


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=30),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                   max_size=3), max_leaves=8)
_FIELDS = ["benchmark", "actions", "seed", "config", "device", "version", "env_version", "program_key",
           "kernel_key", "reward", "reward_source", "tolerance", "format", "rp_values", "noise"]


@FUZZ
@given(key=st.sampled_from(_FIELDS), value=_JSON, sub=st.sampled_from([None, "reward", "limits", "max_nodes"]))
def test_any_value_in_any_record_field_is_accepted_or_one_line(finished_record, key, value, sub):
    d = json.loads(json.dumps(finished_record))
    if key == "config" and sub is not None:
        d["config"][sub] = value
    else:
        d[key] = value
    try:
        text = json.dumps(d)
    except ValueError:
        return
    try:
        EpisodeState.from_json(text)
    except ValueError as err:
        _one_line(err)
