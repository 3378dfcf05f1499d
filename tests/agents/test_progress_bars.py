"""Progress bars: `search` draws a labelled bar on stderr when that is a terminal (none otherwise, none with
--no-progress), `evaluate` one bar over its runs, and the pipeline's training bar is named after its stage."""

from __future__ import annotations

import io
import sys
from types import SimpleNamespace

import pytest

from agents import cli, pipeline
from agents.evaluate import evaluate
from lift_gym.rewards import RewardConfig

GEMV = "benchmark://lift/gemv/small"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch):
    """Make stderr a terminal (call it inside the test: output capture sets sys.stderr again after set-up)."""

    def install() -> Terminal:
        term = Terminal()
        monkeypatch.setattr(sys, "stderr", term)
        return term

    return install


def _search(tmp_path, *extra: str) -> int:
    return cli.main(["search", GEMV, "--budget", "3", "--seed", "1", "--reward", "analytical",
                     "--out", str(tmp_path / "b.json"), *extra])


def test_search_draws_a_labelled_bar_on_a_terminal(tmp_path, terminal):
    term = terminal()
    assert _search(tmp_path) == 0
    text = term.getvalue()
    assert "search:" in text and "/3 [" in text  # redrawn at tqdm's own intervals: the count shown varies


def test_search_draws_no_bar_when_stderr_is_not_a_terminal(tmp_path, capsys):
    assert _search(tmp_path) == 0
    err = capsys.readouterr().err
    assert "search:" not in err and "/3 [" not in err


def test_search_draws_no_bar_with_no_progress(tmp_path, terminal):
    term = terminal()
    assert _search(tmp_path, "--no-progress") == 0
    assert "search:" not in term.getvalue()


def test_evaluate_draws_one_bar_over_its_runs(tmp_path, terminal):
    term = terminal()
    lines: list[str] = []
    evaluate(None, [GEMV], 2, ["random", "greedy"], seeds=[0], reward=RewardConfig(source="analytical"),
             out_dir=tmp_path / "ev", log=lines.append, progress=True)
    text = term.getvalue()
    assert "evaluate:" in text and "/2 [" in text
    assert len(lines) == 2  # the log lines still come, one per run


def test_pipeline_training_bar_is_named_after_its_round():
    cb = pipeline._train_bar("train 1/2", True)
    cb.locals = {"total_timesteps": 64}
    cb.model = SimpleNamespace(num_timesteps=16)
    cb._on_training_start()
    try:
        assert cb.bar.desc == "train 1/2" and cb.bar.total == 48
    finally:
        cb._on_training_end()
