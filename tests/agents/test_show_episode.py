"""`lift-gym show EPISODE.json` prints an episode record's final program (`--opencl`: its kernels), `replay`
prints the final program too, and `search` names the best episode's file with the command that shows its
OpenCL."""

from __future__ import annotations

import json

import pytest

from agents import cli

GEMV = "benchmark://lift/gemv/small"


@pytest.fixture(scope="module")
def episode(tmp_path_factory):
    path = tmp_path_factory.mktemp("episode") / "best.json"
    assert cli.main(["search", GEMV, "--budget", "2", "--seed", "1", "--reward", "analytical", "--out",
                     str(path), "--no-progress"]) == 0
    return path


def test_search_names_the_best_episode_and_the_command_that_shows_its_opencl(tmp_path, capsys):
    path = tmp_path / "b.json"
    assert cli.main(["search", GEMV, "--budget", "2", "--seed", "1", "--reward", "analytical", "--out", str(path),
                     "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert f"best episode: {path}" in out and f"lift-gym show {path} --opencl" in out


def test_show_prints_the_final_program_of_an_episode(episode, capsys):
    assert cli.main(["show", str(episode)]) == 0
    out = capsys.readouterr().out
    assert "<<" in out  # the program's text form
    assert f"# episode: {episode}" in out and "# benchmark: benchmark://lift/gemv" in out


def test_show_opencl_prints_the_kernels_of_an_episode(episode, capsys):
    assert cli.main(["show", str(episode), "--opencl"]) == 0
    out = capsys.readouterr().out
    assert "// kernel " in out and "kernel void " in out


def test_show_of_an_episode_refuses_size_options_in_one_line(episode, capsys):
    assert cli.main(["show", str(episode), "--size", "small"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "episode record" in err


def test_show_of_an_incomplete_episode_says_it_has_no_final_program(episode, tmp_path, capsys):
    d = json.loads(episode.read_text())
    d["actions"] = d["actions"][:1]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(d))
    assert cli.main(["show", str(short)]) == 2
    assert "not complete" in capsys.readouterr().err


def test_replay_prints_the_final_program(episode, capsys):
    assert cli.main(["replay", str(episode), "--reward", "analytical"]) == 0
    out = capsys.readouterr().out
    assert "final program:" in out and f"lift-gym show {episode} --opencl" in out
    assert cli.main(["replay", str(episode), "--reward", "analytical", "--json"]) == 0
    assert "<<" in json.loads(capsys.readouterr().out)["program"]
