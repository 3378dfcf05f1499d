"""Run folders: a manifest names only files inside its folder (final, checkpoint, checkpoints), a malformed
manifest is one line, a write that fails (full disk, read-only folder) is one line naming the file and leaves the
previous file, and a policy zip whose tensor file torch refuses is one line. Hypothesis runs derandomized."""

from __future__ import annotations

import errno
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents.evaluate import load_policy
from agents.runs import FORMAT, MANIFEST, Manifest, RunFileError, find_run, write_json, write_text
from agents.untrusted import UntrustedFile

FUZZ = settings(derandomize=True, max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _manifest(folder: Path, **data) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    d = {"format": FORMAT, "status": "done", "config": {}, "checkpoint": None, "checkpoints": [], "final": None}
    d.update(data)
    (folder / MANIFEST).write_text(json.dumps(d))
    return folder


def _one_line(err: BaseException, *fragments: str) -> str:
    msg = str(err)
    assert "\n" not in msg
    for f in fragments:
        assert f in msg, msg
    return msg


@pytest.mark.parametrize(("key", "value"), [
    ("final", "../other/final.zip"), ("final", "/tmp/elsewhere/final.zip"), ("checkpoint", "../../x.zip"),
    ("checkpoints", ["checkpoints/a.zip", "../b.zip"]), ("final", 7), ("checkpoints", "a.zip"),
])
def test_manifest_naming_a_file_outside_its_folder_is_refused(tmp_path, key, value):
    other = tmp_path / "other"
    other.mkdir()
    (other / "final.zip").write_bytes(b"not loaded")
    run = _manifest(tmp_path / "run", **{key: value})
    with pytest.raises(RunFileError) as info:
        find_run(run)
    _one_line(info.value, MANIFEST)


def test_manifest_through_a_symlink_out_of_its_folder_is_refused(tmp_path):
    (tmp_path / "other").mkdir()
    run = _manifest(tmp_path / "run", final="link/final.zip")
    os.symlink(tmp_path / "other", run / "link")
    with pytest.raises(RunFileError, match="outside the run folder"):
        Manifest.load(run)


def test_manifest_naming_its_own_files_loads(tmp_path):
    run = _manifest(tmp_path / "run", final="final.zip", checkpoints=["checkpoints/model_8_steps.zip"])
    m, model = find_run(run)
    assert model == run / "final.zip" and m.data["status"] == "done"


@pytest.mark.parametrize("text", ["{", "[1, 2]", "[" * 100000 + "]" * 100000, '{"format": "other"}', "\xff"])
def test_malformed_manifest_is_one_line(tmp_path, text):
    run = tmp_path / "run"
    run.mkdir()
    (run / MANIFEST).write_bytes(text.encode("latin-1") if text == "\xff" else text.encode())
    with pytest.raises(RunFileError) as info:
        Manifest.load(run)
    _one_line(info.value, MANIFEST)


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EIO])
def test_failed_write_is_one_line_and_keeps_the_previous_file(tmp_path, monkeypatch, code):
    target = tmp_path / "run" / "episode.json"
    write_text(target, "old\n")

    def fail(fd):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(RunFileError) as info:
        write_json(target, {"new": True})
    msg = _one_line(info.value, str(target), os.strerror(code))
    assert isinstance(info.value, ValueError) and isinstance(info.value, OSError)
    if code == errno.ENOSPC:
        assert "free disk space" in msg
    assert target.read_text() == "old\n"
    assert [p.name for p in target.parent.iterdir()] == ["episode.json"]


def test_write_into_a_file_posing_as_a_folder_is_one_line(tmp_path):
    (tmp_path / "blocker").write_text("x")
    with pytest.raises(RunFileError) as info:
        write_text(tmp_path / "blocker" / "manifest.json", "{}")
    _one_line(info.value, "cannot write")


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                   max_size=3), max_leaves=8)


@FUZZ
@given(key=st.sampled_from(["final", "checkpoint", "checkpoints", "format", "status"]), value=_JSON)
def test_any_manifest_value_loads_inside_the_folder_or_is_one_line(tmp_path, key, value):
    run = _manifest(tmp_path / "fuzz", **{key: value})
    try:
        _, model = find_run(run)
    except RunFileError as err:
        _one_line(err)
        return
    if model is not None:
        assert run.resolve() in model.resolve().parents


def test_policy_zip_whose_tensors_torch_refuses_is_one_line(trained_run, tmp_path):
    import torch

    run = Path(shutil.copytree(trained_run.run_dir, tmp_path / "run"))
    zpath = run / "final.zip"
    with zipfile.ZipFile(zpath) as z:
        files = {n: z.read(n) for n in z.namelist()}
    blob = tmp_path / "policy.pth"
    torch.save({"weights": torch.zeros(2), "extra": Path("/")}, blob)  # a non-tensor object: weights_only refuses
    files["policy.pth"] = blob.read_bytes()
    with zipfile.ZipFile(zpath, "w") as z:
        for n, b in files.items():
            z.writestr(n, b)
    with pytest.raises(UntrustedFile) as info:
        load_policy(run)
    _one_line(info.value, "final.zip", "--trusted")


@pytest.mark.parametrize(("key", "value"), [("n_steps", 10**12), ("batch_size", -1), ("n_envs", "many")])
def test_policy_zip_with_a_huge_rollout_is_refused_before_sb3_allocates_it(trained_run, tmp_path, key, value):
    run = Path(shutil.copytree(trained_run.run_dir, tmp_path / "run"))
    zpath = run / "final.zip"
    with zipfile.ZipFile(zpath) as z:
        files = {n: z.read(n) for n in z.namelist()}
    data = json.loads(files["data"])
    data[key] = value
    files["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(zpath, "w") as z:
        for n, b in files.items():
            z.writestr(n, b)
    for trusted in (False, True):
        with pytest.raises(UntrustedFile) as info:
            load_policy(run, trusted=trusted)
        _one_line(info.value, key, "LIFT_GYM_MAX_ROLLOUT_STEPS")
