"""Shared fixtures of the agents tests: a tiny trained run (analytical reward, no device needed)."""

from __future__ import annotations

import pytest
from agent_fixtures import tiny_config

from agents.config import config_from_dict


@pytest.fixture(scope="session")
def trained_run(tmp_path_factory):
    """learn(256) of MaskablePPO on scal/small: the TrainResult (shared by the smoke and evaluate tests)."""
    from agents.train import train

    run_dir = tmp_path_factory.mktemp("runs") / "tiny"
    return train(config_from_dict(tiny_config()), out_dir=run_dir, log=lambda s: None)
