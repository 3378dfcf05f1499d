"""The Ray measurement pool on PoCL (two actors on a local Ray head of two CPUs): the same kernels and verdicts
as one local worker, one store row per kernel, and an actor killed mid-run loses no job and measures none twice."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from agents.config import ConfigError, config_from_dict
from agents.search import search
from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.errors import DeviceNotFound
from compiler.perf.store import MeasurementStore
from compiler.runtime.measure import MeasureConfig
from compiler.runtime.pool import MeasureJob, PoolConfig, RayPool
from lift_gym.rewards import RewardConfig, RewardFunction
from tests.opencl_once import opencl_available as _opencl_available

pytestmark = pytest.mark.opencl
ROOT = Path(__file__).resolve().parents[2]
FAST = MeasureConfig(warmup_s=0.002, min_sample_s=0.001, min_samples=3, max_samples=4, time_cap_s=0.5)
SCAL = "benchmark://lift/scal/small"
N = 1024
SRC = """
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, const int n)
{
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i] * %d.0f;
}
"""


@pytest.fixture(scope="module")
def pool():
    """Two measurement actors on a local Ray head of two CPUs (shared by the tests below, in file order)."""
    ray = pytest.importorskip("ray")
    if not _opencl_available():
        pytest.skip("no OpenCL platform/device available")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    p = RayPool(PoolConfig("ray", workers=2))
    yield p
    p.close()
    ray.shutdown()


def _vadd(scale: int) -> KernelProgram:
    args = (KernelArg("a", "in", "float", N), KernelArg("b", "in", "float", N),
            KernelArg("c", "out", "float", N), KernelArg("n", "int", value=N))
    return KernelProgram((Kernel("vadd", SRC % scale, args, (N,), (64,)),), ("a", "b"), ("c",), flops=N, bytes=12.0 * N)


def test_ray_pool_config_keys_are_checked_and_name_the_key():
    cfg = config_from_dict({"reward": {"source": "measured", "ray": {"address": "auto", "workers": 2}}})
    assert cfg.reward.pool == PoolConfig("ray", address="auto", workers=2)
    assert config_from_dict(cfg.to_dict()) == cfg
    assert config_from_dict({}).reward.pool == PoolConfig()
    with pytest.raises(ConfigError, match=r"reward\.ray: workers: expected an integer >= 0, got -1"):
        config_from_dict({"reward": {"ray": {"workers": -1}}})
    with pytest.raises(ConfigError, match=r"reward\.ray: adress: unknown key \(did you mean address\?\)"):
        config_from_dict({"reward": {"ray": {"adress": "auto"}}})
    with pytest.raises(ValueError, match="backend 'rya' is not one of local, ray"):
        PoolConfig("rya")


def test_the_local_pool_never_imports_ray_and_a_missing_ray_is_one_line_naming_the_extra():
    code = textwrap.dedent("""
        import sys
        from compiler.runtime.pool import PoolConfig, open_pool
        from lift_gym.rewards import RewardConfig, RewardFunction
        RewardFunction(RewardConfig(source="measured")).close()
        assert "ray" not in sys.modules, "ray imported without being asked for"
        sys.modules["ray"] = None  # as if it were not installed
        try:
            open_pool(PoolConfig("ray"))
        except ImportError as err:
            print(err)
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "pip install 'lift-gym[ray]'" in out.stdout and len(out.stdout.strip().splitlines()) == 1


def _run(tmp_path: Path, name: str, pool=None):
    """A measured random search of three kernels into its own store; `pool` replaces the local worker."""
    fn = RewardFunction(RewardConfig("measured", store=str(tmp_path / f"{name}.sqlite"), measure=FAST, prune=False))
    if pool is not None:
        fn.ctx._pool, fn.ctx._info, fn.ctx._info_tried = pool, pool.info, True
    try:
        result = search(SCAL, "random", 3, seed=1, reward_fn=fn)
        assert fn.batch_size == (1 if pool is None else 2)
    finally:
        fn.ctx._pool = None  # the shared pool stays open for the next test
        fn.close()
    rows = list(MeasurementStore(tmp_path / f"{name}.sqlite", readonly=True).records())
    return result, rows


def test_two_ray_workers_find_the_same_kernels_and_verdicts_as_one_local_worker_with_one_store_row_each(
        pool, tmp_path):
    local, local_rows = _run(tmp_path, "local")
    ray_run, ray_rows = _run(tmp_path, "ray", pool)
    assert [t.kernel_key for t in ray_run.trials] == [t.kernel_key for t in local.trials]
    assert len(ray_run.trials) == 3
    verdicts = {r.kernel_key: r.status for r in local_rows}
    assert {r.kernel_key: r.status for r in ray_rows} == verdicts
    assert len(ray_rows) == len({r.key for r in ray_rows}) == 4  # three kernels and the baseline, once each


def test_a_pool_larger_than_the_cluster_is_refused_in_one_line_naming_the_resource(pool):
    with pytest.raises(DeviceNotFound, match="3 actors of 1 CPU each need 3 CPUs; the cluster has 2"):
        RayPool(PoolConfig("ray", workers=3))
    with pytest.raises(DeviceNotFound, match="1 actors of 1 GPU each need 1 GPUs; the cluster has 0"):
        RayPool(PoolConfig("ray", workers=1, gpus_per_worker=1))


def test_an_actor_killed_mid_run_loses_no_job_and_measures_none_twice(pool):
    import ray

    rng = np.random.default_rng(3)
    a, b = rng.random(N, dtype=np.float32), rng.random(N, dtype=np.float32)
    jobs = [MeasureJob(_vadd(k), {"a": a, "b": b}, {"c": a + b * k if k != 4 else a}, FAST) for k in range(6)]
    answered: list[int] = []
    victim = pool.actors[1]

    def kill_after_the_first(i, m):
        if not answered:
            ray.kill(victim)
        answered.append(i)

    results = pool.measure(jobs, on_result=kill_after_the_first)
    assert sorted(answered) == list(range(6))  # every job answered exactly once
    assert [m.program_key for m in results] == [j.program.key for j in jobs]
    assert [m.status for m in results] == ["ok"] * 4 + ["correctness", "ok"]
    assert pool.lost == 1 and pool.size == 1 and all(actor is not victim for actor in pool.actors)
