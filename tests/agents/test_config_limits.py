"""YAML configs: a key given twice is an error naming it; `name` and `run.out_dir` cannot leave the folder they
name; rollout sizes, layer widths and counts are bounded (the limit and its variable named); a benchmark that
names a file that is not a program is an error naming the key and the file, never its text. Hypothesis runs
derandomized."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from agent_fixtures import tiny_config
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents.config import (
    MAX_NET_WIDTH,
    MAX_ROLLOUT_STEPS,
    ConfigError,
    config_from_dict,
    load_config,
    max_rollout_steps,
)

FUZZ = settings(derandomize=True, max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _yaml(tmp_path: Path, text: str, name: str = "c.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _one_line(err: BaseException, *fragments: str) -> str:
    msg = str(err)
    assert "\n" not in msg
    for f in fragments:
        assert f in msg, msg
    return msg


def test_duplicate_key_is_an_error_naming_it(tmp_path):
    path = _yaml(tmp_path, "train:\n  n_steps: 128\n  batch_size: 64\n  n_steps: 256\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    _one_line(info.value, "duplicate key", "n_steps", "line 4", "line 2")


def test_duplicate_section_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="duplicate key \"train\""):
        load_config(_yaml(tmp_path, "train:\n  seed: 1\ntrain:\n  seed: 2\n"))


@pytest.mark.parametrize("name", ["../../../..", "a/b", "..", ".hidden", "", "x" * 200, 5])
def test_name_that_would_leave_the_runs_folder_is_refused(name):
    with pytest.raises(ConfigError) as info:
        config_from_dict(tiny_config() | {"name": name})
    _one_line(info.value, "name:")


def test_out_dir_with_parent_components_is_refused():
    with pytest.raises(ConfigError, match=r"run.out_dir: .*'\.\.'"):
        config_from_dict(tiny_config(run={"out_dir": "runs/../../{name}"}))
    cfg = config_from_dict(tiny_config(run={"out_dir": "/tmp/somewhere/{name}"}))
    assert cfg.out_dir == Path("/tmp/somewhere/tiny")


def test_huge_rollout_is_refused_naming_the_limit(monkeypatch):
    with pytest.raises(ConfigError) as info:
        config_from_dict(tiny_config(train={"n_steps": 10**12}))
    _one_line(info.value, "train.n_steps", str(MAX_ROLLOUT_STEPS), "LIFT_GYM_MAX_ROLLOUT_STEPS")
    with pytest.raises(ConfigError, match="rollout"):
        config_from_dict(tiny_config(train={"n_steps": MAX_ROLLOUT_STEPS // 2}, env={"n_envs": 4}))
    monkeypatch.setenv("LIFT_GYM_MAX_ROLLOUT_STEPS", str(4 * MAX_ROLLOUT_STEPS))
    assert max_rollout_steps() == 4 * MAX_ROLLOUT_STEPS
    config_from_dict(tiny_config(train={"n_steps": 2 * MAX_ROLLOUT_STEPS}))


@pytest.mark.parametrize(("section", "key", "value"), [
    ("policy", "features_dim", 10**9), ("policy", "node_dim", MAX_NET_WIDTH + 1), ("policy", "net_arch", [10**7]),
    ("run", "eval_episodes", 10**12), ("pipeline", "eval_budget", 10**12), ("train", "n_epochs", 10**9),
])
def test_huge_sizes_and_counts_are_refused(section, key, value):
    with pytest.raises(ConfigError) as info:
        config_from_dict(tiny_config(**{section: {key: value}}))
    _one_line(info.value, f"{section}.{key}")


def test_benchmark_naming_a_file_that_is_not_a_program_names_key_and_file(tmp_path):
    notes = tmp_path / "notes.lift"
    notes.write_text("password = hunter2 (the secret)\n")
    path = _yaml(tmp_path, f"env:\n  benchmarks: [{notes}]\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    msg = _one_line(info.value, "env.benchmarks[0]", str(notes), "not a program file")
    assert "hunter2" not in msg


def test_config_path_that_is_a_folder_is_named(tmp_path):
    with pytest.raises(ConfigError, match="not a regular file"):
        load_config(tmp_path)


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**15, 10**15), st.floats(allow_nan=False),
                     st.text(alphabet="abc./-_ 0123456789{}", max_size=12))
_KEYS = st.sampled_from(["name", "env", "train", "policy", "run", "reward", "pipeline", "n_steps", "seed", "x"])
_DOC = st.recursive(_SCALARS, lambda inner: st.dictionaries(_KEYS, inner, max_size=4) | st.lists(inner, max_size=3),
                    max_leaves=10)


@FUZZ
@given(doc=_DOC, dup=st.booleans())
def test_any_yaml_document_loads_or_is_one_config_error(tmp_path, doc, dup):
    text = yaml.safe_dump(doc)
    if dup and isinstance(doc, dict) and doc:
        text += yaml.safe_dump({next(iter(doc)): 1})  # the first key again, at the end
    path = _yaml(tmp_path, text)
    try:
        cfg = load_config(path)
    except ConfigError as err:
        _one_line(err, str(path))
        if dup and isinstance(doc, dict) and doc:
            assert "duplicate key" in str(err)
        return
    assert not (dup and isinstance(doc, dict) and doc)
    assert ".." not in cfg.out_dir.parts


def test_huge_worker_count_is_refused_naming_the_limit(monkeypatch):
    with pytest.raises(ConfigError) as info:
        config_from_dict(tiny_config(reward={"source": "measured", "ray": {"workers": 10**9}}))
    _one_line(info.value, "reward.ray", "workers", "LIFT_GYM_MAX_WORKERS")
    monkeypatch.setenv("LIFT_GYM_MAX_WORKERS", str(10**9))
    cfg = config_from_dict(tiny_config(reward={"source": "measured", "ray": {"workers": 10**9}}))
    assert cfg.reward.ray.workers == 10**9
