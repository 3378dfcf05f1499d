"""Helpers of the agents tests (imported as `agent_fixtures`: pytest puts tests/agents on sys.path)."""

from __future__ import annotations

SMALL = "benchmark://lift/scal/small"


def tiny_config(**sections) -> dict:
    """A config dict for seconds-long runs on one small benchmark with the analytical reward."""
    d = {
        "name": "tiny",
        "env": {"benchmarks": [SMALL]},
        "reward": {"source": "analytical"},
        "train": {"total_steps": 256, "n_steps": 128, "batch_size": 64, "n_epochs": 2, "seed": 0},
        "policy": {"features_dim": 32, "node_dim": 16, "net_arch": [32]},
        "run": {"checkpoint_every": 128, "progress_bar": False, "tensorboard": False},
    }
    for key, values in sections.items():
        d[key] = {**d.get(key, {}), **values}
    return d
