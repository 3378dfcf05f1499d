"""Random masked rollouts across the suite always end in a valid program: it compiles, the lowered program
matches the high-level one in the reference interpreter, and (on an OpenCL device) the kernel matches it too."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.ir.interpret import interpret
from compiler.lowering import stages, substitute_sizes
from compiler.runtime import MeasureConfig, measure_in_process
from compiler.suite import list_benchmarks, rel_error
from lift_gym import transition
from lift_gym.rewards import final_job, inputs_and_gold

URIS = [f"benchmark://lift/{b.name}/small" for b in list_benchmarks()]
QUICK = MeasureConfig(warmup_s=0.0, min_warmup_launches=1, min_sample_s=1e-4, min_samples=1, max_samples=1)


def rollout(uri: str, seed: int) -> tuple[transition.State, int]:
    rng = np.random.default_rng(seed)
    s = transition.initial(uri, seed)
    n = 0
    while not transition.is_terminal(s):
        mask = transition.legal_actions(s)
        assert mask.any(), f"no legal action in phase {s.phase.name} of {uri}"
        s = transition.step(s, int(rng.choice(np.flatnonzero(mask))))
        n += 1
    return s, n


def interpreter_error(s: transition.State) -> float:
    bench, sizes = stages.resolve(s.uri)
    inputs = bench.make_inputs(sizes, np.random.default_rng(s.seed))
    program = substitute_sizes(s.lowered, s.assignment) if s.assignment else s.lowered
    return rel_error(interpret(program, inputs, sizes), interpret(bench.program, inputs, sizes))


def check(uris, seeds, actions: int) -> int:
    """One rollout per benchmark of `uris` for each seed in turn, stopping after the first seed that brings the
    total to `actions`; each ends in a kernel whose program matches the high-level one. Returns the actions taken."""
    taken = 0
    for seed in seeds:
        for uri in uris:
            s, n = rollout(uri, seed)
            taken += n
            assert s.kernel is not None and s.kernel.kernels, uri
            err = interpreter_error(s)
            assert err <= stages.resolve(uri)[0].tolerance, (uri, seed, s.actions, err)
        if taken >= actions:
            break
    return taken


def test_random_rollouts_end_in_valid_programs():
    assert check(URIS, [0, 1], 200) >= 200


@pytest.mark.slow
def test_thousand_random_masked_actions():
    """Whole passes over the suite (seeds 2, 3, ...) until 1,000 actions are taken."""
    assert check(URIS, range(2, 14), 1000) >= 1000


@pytest.mark.opencl
def test_random_rollout_kernels_match_the_interpreter_on_the_device():
    for i, uri in enumerate(URIS):
        s, _ = rollout(uri, 100 + i)
        job = final_job(s)
        inputs, gold = inputs_and_gold(job)
        m = measure_in_process(job.kernel, inputs, gold, QUICK)
        assert m.ok and m.checked, (uri, s.actions, m.status, m.message[:500])
