"""The static estimator and work-group pruning (compiler.perf.estimate) and the env's `estimated` reward source."""

from __future__ import annotations

import dataclasses
import math

import gymnasium as gym
import pytest

import lift_gym  # noqa: F401
from compiler.constraints.device import GENERIC_GPU, H100, POCL_CPU
from compiler.errors import CompilerError
from compiler.lowering.presets import baseline
from compiler.perf import estimate as est
from compiler.perf import prune as pruning
from compiler.perf.estimate_params import GENERIC_PERF, H100_PERF
from compiler.suite import resolve
from lift_gym.episode import ENV_ID
from lift_gym.rewards import RewardConfig

NO_OVERHEAD = dataclasses.replace(est.H100_DEVICE, perf=dataclasses.replace(H100_PERF, launch_s=0.0))


def default(uri: str):
    return baseline(uri).lowered, resolve(uri)[1]


def test_doubling_the_problem_doubles_the_estimated_time():
    times = []
    for n in (1 << 20, 1 << 21):
        lowered, sizes = default(f"benchmark://lift/scal?N={n}")
        times.append(est.estimate_program(lowered, sizes, (256,), NO_OVERHEAD).time_s)
    assert times[1] / times[0] == pytest.approx(2.0, rel=0.05)


def test_more_work_per_item_costs_more():
    small, big = (default(f"benchmark://lift/gemv?M=256&N={n}") for n in (64, 512))
    t_small = est.estimate_program(*small, (64,), NO_OVERHEAD).time_s
    t_big = est.estimate_program(*big, (64,), NO_OVERHEAD).time_s
    assert t_big > 4 * t_small


def test_estimate_lies_within_its_bounds_and_counts_the_launch():
    lowered, sizes = default("benchmark://lift/stencil2d?N=64&M=64")
    e = est.estimate_program(lowered, sizes, (16, 4), est.H100_DEVICE)
    assert e.lower_s <= e.time_s <= e.upper_s and e.time_s > H100_PERF.launch_s
    k = e.kernels[0]
    assert k.groups == 4 * 16 and k.local_size == (16, 4, 1) and k.active_groups > 0


def test_occupancy_limits_resident_groups():
    lowered, sizes = default("benchmark://lift/scal?N=65536")
    by_wg = {wg: est.estimate_program(lowered, sizes, (wg,), est.H100_DEVICE).kernels[0].active_groups
             for wg in (32, 128, 256)}
    # 32 groups per SM at most (architecture), then 64 warps per SM: 128 items = 4 warps -> 16, 256 -> 8
    assert by_wg == {32: 32, 128: 16, 256: 8}


def test_memory_pipeline_cases_of_eq16():
    # Case I (d*D <= L): kappa*L + (d - 1)*D; case II: kappa*d*D + L - D (Eqs. 14, 15)
    assert est.eq16(3, 4, 100.0, 10.0) == pytest.approx(3 * 100 + 3 * 10)
    assert est.eq16(3, 20, 100.0, 10.0) == pytest.approx(3 * 20 * 10 + 100 - 10)


def test_barrier_waits_for_the_whole_group():
    p = GENERIC_PERF  # 4 cycles per FPU operation
    slow = [("fpu", 100.0), ("bar", 1.0)]
    fast = [("fpu", 1.0), ("bar", 1.0), ("fpu", 50.0)]
    assert est.simulate([slow, fast], [0, 1], p, 32) == pytest.approx(400)  # different groups: no wait
    assert est.simulate([slow, fast], [0, 0], p, 32) == pytest.approx(400 + 200)  # fast waits for slow


def test_pruning_keeps_the_best_of_a_synthetic_case():
    # a 1-D copy: work groups of 1 or 2 items waste 31 or 30 lanes of every warp, and groups below the warp are
    # held to 32 per SM; the large groups are equivalent
    lowered, sizes = default("benchmark://lift/scal?N=1048576")
    cands = [(1,), (2,), (4,), (32,), (64,), (128,), (256,), (512,), (1024,)]
    pr = pruning.prune(lowered, sizes, cands, est.H100_DEVICE)
    best = min(cands, key=lambda c: pr.estimates[c].time_s)
    assert best in pr.kept and (1,) not in pr.kept and (2,) not in pr.kept
    assert len(pr.kept) <= math.ceil(pruning.PAPER_KEEP * len(cands)) and pr.removed_fraction >= 0.7
    assert set(pr.kept) <= set(pr.bounded) <= set(pr.representatives) <= set(cands)
    assert pruning.prune_local_sizes(lowered, sizes, cands, est.H100_DEVICE) == pr.kept


def test_pruning_without_a_cap_keeps_every_design_the_bounds_cannot_rule_out():
    lowered, sizes = default("benchmark://lift/scal?N=65536")
    cands = [(1,), (64,), (128,), (256,)]
    pr = pruning.prune(lowered, sizes, cands, est.H100_DEVICE, keep_fraction=None)
    assert pr.kept == pr.bounded and (1,) not in pr.kept and len(pr.kept) >= 1


def test_bad_candidates_are_one_line_errors():
    lowered, sizes = default("benchmark://lift/scal?N=64")
    with pytest.raises(ValueError, match="local size"):
        pruning.prune(lowered, sizes, [(0,)], est.H100_DEVICE)
    with pytest.raises(ValueError, match="no candidate"):
        pruning.prune(lowered, sizes, [], est.H100_DEVICE)
    with pytest.raises(ValueError, match="keep_fraction"):
        pruning.prune(lowered, sizes, [(8,)], est.H100_DEVICE, keep_fraction=0.0)
    with pytest.raises(CompilerError, match="estimate: code generation"):
        est.estimate_program(lowered, {}, None, est.H100_DEVICE)


def test_calibration_sets_delay_and_lanes_from_peaks():
    p = H100_PERF.calibrated(132, copy_gbs=2995.0, fma_gflops=62000.0)
    assert p.global_delay == pytest.approx(H100_PERF.global_delay)
    assert p.fpu_lanes == pytest.approx(62000e9 / (2 * 1.98e9 * 132))


def test_estimated_reward_through_the_env():
    env = gym.make(ENV_ID, benchmark="benchmark://lift/scal/small", reward=RewardConfig(source="estimated"))
    env.action_space.seed(0)
    _, info = env.reset(seed=0)
    reward, done = 0.0, False
    while not done:
        _, reward, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        done = term or trunc
    env.close()
    assert info["reward_source"] == "estimated" and math.isfinite(reward)
    final, base = info["final"], info["baseline"]
    assert final["status"] == "ok" and base["status"] == "ok"
    assert reward == pytest.approx(math.log(base["time_s"] / final["time_s"]))
    assert final["report"]["lower_s"] <= final["time_s"] <= final["report"]["upper_s"]


def test_device_parameters_follow_the_limits():
    assert est.device_for_limits(H100).perf is H100_PERF
    assert est.device_for_limits(POCL_CPU).perf.name == "pocl-cpu" and est.device_for_limits(POCL_CPU).warp == 16
    generic = est.device_for_limits(GENERIC_GPU)
    assert generic.perf is GENERIC_PERF and generic.compute_units == 80 and generic.warp == 32


def kernel_estimate(uri: str, local_size, device=est.H100_DEVICE):
    return est.estimate_program(*default(uri), local_size, device).kernels[0]


def test_a_copy_moves_its_input_and_output_once():
    n = 1 << 24  # 128 MB in and out: past the H100's 50 MB cache
    k = kernel_estimate(f"benchmark://lift/scal?N={n}", (256,))
    assert k.memory_bytes == pytest.approx(2 * n * 4, rel=1e-4)  # and the line holding alpha
    assert k.compulsory_bytes == pytest.approx(2 * n * 4, rel=1e-4)


def test_a_stencil_whose_working_set_fits_reads_its_grid_once():
    n = 1 << 24
    k = kernel_estimate(f"benchmark://lift/jacobi1d-3pt-clamp?N={n}", (256,))
    # three reads of the line and a write: a count per access would be 4 lines per warp, the neighbours hit
    assert k.memory_bytes == pytest.approx(2 * n * 4, rel=1e-3)
    assert k.access_bytes >= 1.9 * k.memory_bytes
    grid = kernel_estimate("benchmark://lift/jacobi2d-5pt?N=4096&M=4096", (64, 4))
    assert grid.memory_bytes == pytest.approx(2 * 4096 * 4096 * 4, rel=1e-3)
    assert grid.access_bytes > 2.5 * grid.memory_bytes


def test_mm_traffic_lies_between_footprint_and_access_count_and_falls_with_the_cache():
    traffic = []
    for cache in (0, 256 << 10, 2 << 20, 64 << 20):
        dev = dataclasses.replace(est.H100_DEVICE, perf=dataclasses.replace(H100_PERF, cache_bytes=cache))
        k = kernel_estimate("benchmark://lift/mm?M=1024&N=1024&K=1024", (16, 16), dev)
        assert k.compulsory_bytes == pytest.approx(3 * 1024 * 1024 * 4, rel=1e-3)
        assert k.compulsory_bytes <= k.memory_bytes <= k.access_bytes
        traffic.append(k.memory_bytes)
    assert traffic == sorted(traffic, reverse=True) and traffic[0] > 10 * traffic[-1]
    assert traffic[-1] == pytest.approx(3 * 1024 * 1024 * 4, rel=1e-3)  # it all fits: the footprint alone


def test_a_gather_across_lines_costs_a_transaction_per_line_even_when_cached():
    # mm's A read by a column of work items: 32 lines per warp access, each a first-level cache transaction
    # (measured on an H100: 4.41 ms at (1, 256) against 0.32 ms at (64, 4), docs/benchmarks/estimation_h100.json)
    uri = "benchmark://lift/mm?M=1024&N=1024&K=1024"
    column, rows = (kernel_estimate(uri, ls, NO_OVERHEAD).time_s for ls in ((1, 256), (64, 4)))
    assert column > 8 * rows


def test_h200_profile_is_chosen_by_name_and_streams_faster():
    class Info:
        device_name, device_type, max_work_group_size, max_work_item_sizes = "NVIDIA H200", "gpu", 1024, (1024,) * 3
        local_mem_size, max_alloc, global_mem_size, compute_units = 49152, 1 << 34, 1 << 37, 132

    assert est.device_for(Info()).perf.name == "h200" and est.device_for(Info(), "h100").perf.name == "h100"
    with pytest.raises(ValueError, match="estimator profile"):
        est.device_for(Info(), "h300")
    uri = "benchmark://lift/scal?N=16777216"
    assert kernel_estimate(uri, (256,), est.DEVICES["h200"]).time_s < kernel_estimate(uri, (256,)).time_s
