"""The reward check of `validate`: its tolerance comes from the project's rule and the measurements' own noise
(IQR and sample count of each median), never from a field of the record; a measured reward is judged
consistent, inconsistent or too noisy to tell, with the numbers."""

from __future__ import annotations

import json
import math

import pytest

from lift_gym.episode import (
    CONSISTENT,
    DRIFT,
    INCONSISTENT,
    TOO_NOISY_TO_TELL,
    EpisodeState,
    judge_reward,
    log_speedup_se,
    validate,
)
from lift_gym.rewards import Evaluation, KernelEval


@pytest.fixture(scope="module")
def finished_record() -> dict:
    """A finished scal/small episode with the analytical reward, as its JSON record."""
    import gymnasium as gym

    import lift_gym  # noqa: F401  (registers the env)

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


def _kernel(time_s: float, rel_iqr: float, n: int | None, status: str = "ok") -> KernelEval:
    report = {"median_s": time_s, "iqr_s": rel_iqr * time_s, "status": status}
    if n is not None:
        report["n_samples"] = n
    return KernelEval("k", status, time_s, None, rel_iqr, report)


def _measured(speedup: float, rel_iqr: float = 0.02, n: int | None = 20) -> Evaluation:
    base, final = _kernel(1e-3, rel_iqr, n), _kernel(1e-3 / speedup, rel_iqr, n)
    return Evaluation(math.log(speedup), "measured", speedup, final, base, final.rel_iqr + base.rel_iqr)


def _record(reward: float, source: str = "measured", noise: dict | None = None, tolerance: float = 0.0):
    return EpisodeState(benchmark="benchmark://lift/scal/small", actions=(), seed=0, config={}, device=None,
                        reward=reward, reward_source=source, tolerance=tolerance, noise=noise)


def _noise(rel_iqr: float, n: int) -> dict:
    k = {"median_s": 1e-3, "iqr_s": rel_iqr * 1e-3, "n_samples": n}
    return {"final": dict(k), "baseline": dict(k)}


def test_record_tolerance_field_does_not_loosen_a_deterministic_check():
    rec = _record(50.0, "analytical", tolerance=1e300)
    ev = Evaluation(0.3, "analytical", math.exp(0.3), _kernel(1, 0, None), _kernel(1, 0, None), 0.0)
    j = judge_reward(rec, ev)
    assert not j.ok and j.verdict == INCONSISTENT


def test_record_tolerance_field_does_not_loosen_a_measured_check():
    rec = _record(50.0, tolerance=1e300, noise=_noise(0.02, 20))
    j = judge_reward(rec, _measured(1.5))
    assert not j.ok and j.verdict == INCONSISTENT and "allowed" in j.detail


@pytest.mark.parametrize("factor", [24.0, 2.5])
def test_measured_reward_far_off_is_inconsistent(factor):
    rec = _record(math.log(1.2), noise=_noise(0.05, 10))
    j = judge_reward(rec, _measured(1.2 * factor, 0.05, 10))
    assert not j.ok and j.verdict == INCONSISTENT
    assert f"{factor:.3g}x" in j.detail


def test_measured_reward_within_its_noise_is_consistent():
    rec = _record(math.log(1.2), noise=_noise(0.03, 20))
    j = judge_reward(rec, _measured(1.2 * 1.04, 0.03, 20))
    assert j.ok and j.verdict == CONSISTENT and "standard error" in j.detail


def test_very_noisy_measurements_are_too_noisy_to_tell():
    rec = _record(math.log(1.2), noise=_noise(3.0, 5))
    j = judge_reward(rec, _measured(1.2 * 2.5, 3.0, 5))
    assert not j.ok and j.verdict == TOO_NOISY_TO_TELL


def test_record_without_noise_is_judged_by_the_new_measurement_noise():
    j = judge_reward(_record(math.log(2.0)), _measured(2.0 * 1.03, 0.02, 30))
    assert j.ok and "record stores no noise" in j.detail


def test_no_noise_anywhere_is_too_noisy_to_tell():
    j = judge_reward(_record(math.log(2.0)), _measured(2.0 * 1.03, 0.02, None))
    assert not j.ok and j.verdict == TOO_NOISY_TO_TELL


def test_identical_measured_reward_is_consistent_whatever_the_noise():
    assert judge_reward(_record(math.log(2.0)), _measured(2.0, 5.0, None)).ok


def test_standard_error_shrinks_with_samples_and_grows_with_iqr():
    assert log_speedup_se(_noise(0.1, 100)) < log_speedup_se(_noise(0.1, 10)) < log_speedup_se(_noise(0.5, 10))
    assert log_speedup_se(None) is None
    assert 4.0 * log_speedup_se(_noise(0.0, 10)) + DRIFT == pytest.approx(DRIFT)


def test_validate_fails_a_record_claiming_a_reward_its_tolerance_would_hide(finished_record):
    rec = dict(finished_record)
    rec.update(reward=50.0, tolerance=1e300)
    report = validate(json.dumps(rec))
    assert not report.ok and report.reward_verdict == INCONSISTENT
    detail = dict((n, d) for n, _, d in report.checks)["reward"]
    assert "inconsistent" in detail


def test_validate_passes_the_record_as_made(finished_record):
    report = validate(json.dumps(finished_record))
    assert report.ok, report.checks
    assert report.reward_verdict == CONSISTENT


def test_record_noise_field_is_checked():
    from lift_gym.episode import _check_noise

    _check_noise(_noise(0.1, 5))
    for bad in ({"final": {"n_samples": 0}}, {"other": {}}, {"final": {"iqr_s": -1}}, [1], {"final": {"x": 1}}):
        with pytest.raises(ValueError, match="noise"):
            _check_noise(bad)


def test_measured_record_stores_its_noise_and_validate_judges_by_it(tmp_path):
    import gymnasium as gym

    from compiler.runtime import MeasureConfig
    from lift_gym.rewards import RewardConfig

    fast = MeasureConfig(warmup_s=0.005, min_sample_s=0.002, min_samples=3, max_samples=5, time_cap_s=1.0)
    env = gym.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/scal/small", max_rewrites=0,
                   reward=RewardConfig("measured", store=str(tmp_path / "store.sqlite"), measure=fast))
    env.action_space.seed(0)
    _, info = env.reset(seed=0)
    done = False
    while not done:
        _, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        done = term or trunc
    rec = env.unwrapped.episode_state()
    env.close()
    assert rec.reward_source == "measured" and rec.noise is not None
    assert all(rec.noise[k]["n_samples"] >= 1 for k in ("final", "baseline"))
    again = EpisodeState.from_json(rec.to_json())
    assert again.noise == rec.noise
    report = validate(rec.to_json(), roots=(tmp_path,), remeasure=False)
    assert report.reward_verdict in (CONSISTENT, TOO_NOISY_TO_TELL), report.checks  # few samples: often noisy
    detail = dict((n, d) for n, _, d in report.checks)["reward"]
    assert report.reward_verdict in detail and ("standard error" in detail or "|difference|" in detail)
    forged = json.loads(rec.to_json())
    forged.update(reward=rec.reward + math.log(24.0), tolerance=1e300)
    report = validate(json.dumps(forged), roots=(tmp_path,), remeasure=False)
    assert not report.ok and report.reward_verdict in (INCONSISTENT, TOO_NOISY_TO_TELL)
    detail = dict((n, d) for n, _, d in report.checks)["reward"]
    assert report.reward_verdict in detail and "24x" in detail.replace("24.0x", "24x")
