"""`reset(options=...)` reads the key `benchmark`; any other key is an error naming it and the known keys."""

from __future__ import annotations

import pytest

from lift_gym.env import RESET_OPTIONS, LiftGymEnv

SCAL = "benchmark://lift/scal/small"


@pytest.fixture(scope="module")
def env():
    e = LiftGymEnv(SCAL, reward="analytical", max_nodes=32, n_slots=8)
    yield e
    e.close()


def test_unknown_reset_option_is_an_error_naming_it_and_the_known_keys(env):
    with pytest.raises(ValueError, match=r"unknown option\(s\) 'benchmarks'; known options: benchmark$"):
        env.reset(seed=0, options={"benchmarks": SCAL})


def test_known_reset_option_picks_the_benchmark(env):
    assert RESET_OPTIONS == ("benchmark",)
    _, info = env.reset(seed=0, options={"benchmark": "benchmark://lift/asum/small"})
    assert info["benchmark"] == "benchmark://lift/asum/small"


def test_empty_or_absent_reset_options_are_accepted(env):
    for options in (None, {}):
        _, info = env.reset(seed=0, options=options)
        assert info["benchmark"] == SCAL
