"""The programs of tests/data/user_programs/ (a 1-D stencil, a 3-D stencil, saxpy, a transpose, a reshape, a 3x3
convolution), each with its `.npz` reference, through the commands (check, show, run, space, explore, in process
through agents.cli.main) and through random masked environment steps whose final kernels are checked against the
reference on the OpenCL device (PoCL in CI)."""

from __future__ import annotations

import json

import gymnasium as gym
import numpy as np
import pytest

import lift_gym  # noqa: F401  (registers LiftGym-Rewrite-v7)
from agents import cli
from compiler.lowering import stages
from compiler.runtime import MeasureConfig, measure_in_process
from lift_gym.rewards import final_job, inputs_and_gold
from tests.opencl_once import opencl_available as _opencl_available
from tests.user_programs import FOLDER, PROGRAMS

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not _opencl_available(), reason="no OpenCL device")]

NAMES = sorted(PROGRAMS)
QUICK = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-4, min_samples=1, max_samples=1)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def path(name: str) -> str:
    return str(FOLDER / f"{name}.lift")


@pytest.mark.parametrize("name", NAMES)
def test_commands_on_a_user_program(capsys, name):
    rc, out, _ = run(capsys, "check", path(name), "--json")
    assert rc == 0 and json.loads(out)["status"] == "PASS", out
    rc, out, _ = run(capsys, "show", path(name), "--opencl")
    assert rc == 0 and "kernel void" in out
    rc, out, _ = run(capsys, "run", path(name), "--device", "pocl", "--time-cap", "0.05", "--json")
    r = json.loads(out)
    assert rc == 0 and r["status"] == "ok" and r["reference"] == f"{name}.npz", r
    rc, out, _ = run(capsys, "run", path(name), "--device", "pocl", "--time-cap", "0.05")  # text mode
    assert rc == 0 and f"correct (against {name}.npz)" in out, out
    rc, out, _ = run(capsys, "space", path(name), "--json")
    assert rc == 0 and json.loads(out)["mapping"]["valid"] > 0
    rc, out, _ = run(capsys, "explore", path(name), "--max", "2", "--samples", "1", "--max-kernels", "2",
                     "--no-run", "--quiet", "--json")
    assert rc == 0 and json.loads(out)["kernels"] >= 1


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_explore_kernels_of_a_user_program_match_the_reference_on_the_device(capsys, name):
    rc, out, err = run(capsys, "explore", path(name), "--max", "3", "--samples", "1", "--max-kernels", "3",
                       "--jobs", "1", "--quiet", "--json")
    r = json.loads(out)
    assert rc == 0 and r["kernels"] >= 1 and r["passed"] == r["checked"] == r["kernels"], (out, err)


def random_steps(name: str, steps: int, seed: int, stop_after: int | None = None) -> int:
    """`steps` random masked actions (seeded action space, analytical reward), or fewer once `stop_after`
    episodes are over; every episode's final kernel is run on the device and checked against the program's .npz
    reference. Returns the episodes finished."""
    env = gym.make("LiftGym-Rewrite-v7", benchmark=path(name), reward="analytical")
    env.action_space.seed(seed)
    _, info = env.reset(seed=seed)
    episodes = 0
    for _ in range(steps):
        assert info["action_mask"].any(), (name, info["phase"])
        _, reward, done, _, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        if done:
            s = env.unwrapped.state
            assert np.isfinite(reward) and s.kernel is not None
            job = final_job(s)
            inputs, gold = inputs_and_gold(job)
            bench, sizes = stages.resolve(s.uri)
            np.testing.assert_allclose(next(iter(gold.values())), bench.reference(inputs, sizes))  # the .npz
            m = measure_in_process(job.kernel, inputs, gold, QUICK)
            assert m.ok and m.checked, (name, s.actions, m.status, m.message[:300])
            episodes += 1
            if episodes == stop_after:
                break
            _, info = env.reset()
    env.close()
    return episodes


@pytest.mark.parametrize("name", NAMES)
def test_random_env_episode_of_a_user_program_is_correct_on_the_device(name):
    assert random_steps(name, 100, seed=1, stop_after=1) == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_hundred_random_env_steps_of_a_user_program_are_correct_on_the_device(name):
    # episodes through a named lowering (the tiled matrix product: ten tuning decisions) are 20-30 steps long
    assert random_steps(name, 100, seed=0) >= 3
