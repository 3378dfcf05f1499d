"""Measured-reward throughput with one measurement worker and with one Ray actor per GPU.

    python3 scripts/ray_throughput.py                                   # mm/small, 24 evaluations: local, then all GPUs
    python3 scripts/ray_throughput.py --benchmark benchmark://lift/scal/small --n 8 --workers 2   # PoCL: 2 CPU actors

Every run is the random search of `lift-gym search` (`agents.search.search(BENCH, "random", N, seed)`) with the
measured reward, into a fresh measurement store, so every kernel is built and measured, none replayed: first with the
local worker (the one MeasureWorker process of the default configuration), then with a Ray pool of one actor per GPU
of the machine (`--workers K`: K actors; `--devices 0:0,0:1`: the OpenCL device of each actor instead of one GPU per
actor through CUDA_VISIBLE_DEVICES). The same seed gives the same kernels in every run (checked: `same_kernels`).
The build caches (pyopencl's, PoCL's, NVIDIA's) are off unless --warm-caches, so a later run does not build faster
than the first. Ray runs on a local head started here (`ray.init()`, no dashboard, no network needed). The report
lists the OpenCL devices this process sees and, on a GPU host, those a Ray task holding one GPU sees: one NVIDIA
device there means the actors each measure on their own GPU; all of them means CUDA_VISIBLE_DEVICES is not honoured
by the OpenCL driver, and --devices P:0,P:1 (P: the NVIDIA platform's index, listed) must place the actors.

Prints evaluations per minute for each run and writes ray_throughput.json and ray_throughput.md to --out.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tqdm.auto import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agents.search import search
from compiler.perf.store import MeasurementStore
from compiler.runtime import cl
from compiler.runtime.pool import PACKAGE_ROOT, PoolConfig, import_ray
from lift_gym.rewards import RewardConfig, RewardFunction

CACHES_OFF = {"PYOPENCL_NO_CACHE": "1", "POCL_KERNEL_CACHE": "0", "CUDA_CACHE_DISABLE": "1"}


def parse_runs(text: str) -> list[tuple[str, int]]:
    """"local,ray,ray:1" -> [("local", 1), ("ray", 0), ("ray", 1)] (0: one actor per GPU, or --workers)."""
    runs = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, _, k = part.partition(":")
        if name not in ("local", "ray") or (k and not k.isdigit()) or (name == "local" and k not in ("", "1")):
            raise SystemExit(f"--runs: {part!r} is not local, ray or ray:K (K actors)")
        runs.append((name, int(k) if k else (1 if name == "local" else 0)))
    return runs


def one_run(args, backend: str, workers: int, store: Path) -> dict:
    """A measured random search of args.n kernels into `store`; the pool's start and the search timed apart."""
    pool = PoolConfig() if backend == "local" else PoolConfig(
        "ray", workers=workers or args.workers, devices=tuple(args.devices),
        gpus_per_worker=0 if args.devices else None)
    fn = RewardFunction(RewardConfig("measured", store=str(store), device=args.device, pool=pool))
    try:
        t0 = time.perf_counter()
        size = fn.batch_size  # starts the pool (the worker process, or the actors)
        start_s = time.perf_counter() - t0
        described = [{k: v for k, v in d.items() if k != "info"} for d in getattr(fn.ctx.pool, "described", [])]
        in_pool = [0.0]  # seconds inside the pool's measure (overlapping the drawing of programs with several workers)
        measure = fn.ctx.pool.measure

        def timed(jobs, **kw):
            t = time.perf_counter()
            try:
                return measure(jobs, **kw)
            finally:
                in_pool[0] += time.perf_counter() - t

        fn.ctx.pool.measure = timed
        result = search(args.benchmark, "random", args.n, seed=args.seed, reward_fn=fn)
        fingerprint = fn.ctx.pool.info.fingerprint
    finally:
        fn.close()
    rows = list(MeasurementStore(store, readonly=True).records())
    n = len(result.trials)
    return {"run": f"{backend}, {size} worker{'s' if size > 1 else ''}", "backend": backend, "workers": size,
            "actors": described, "device": fingerprint, "start_s": round(start_s, 2),
            "wall_s": round(result.wall_s, 2), "in_pool_s": round(in_pool[0], 2), "evaluations": n,
            "kernels_measured": len(rows),
            "evals_per_min": round(60.0 * n / result.wall_s, 2) if result.wall_s > 0 else None,
            "statuses": dict(Counter(r.status for r in rows)), "kernel_keys": [t.kernel_key for t in result.trials],
            "best_speedup": result.best.speedup if result.best is not None else None}


def _visible() -> dict:
    """The OpenCL devices a process sees (in a Ray task holding one GPU: does CUDA_VISIBLE_DEVICES narrow them?)."""
    return {"cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES"),
            "opencl": [c.describe() for c in cl.list_candidates()]}


def one_gpu_view(ray) -> dict:
    """`_visible` in a Ray task of one GPU, with the package importable there as the pool's actors have it."""
    path = os.pathsep.join(p for p in (PACKAGE_ROOT, os.environ.get("PYTHONPATH", "")) if p)
    task = ray.remote(_visible).options(num_gpus=1, runtime_env={"env_vars": {"PYTHONPATH": path}})
    return ray.get(task.remote(), timeout=300)


def markdown(report: dict) -> str:
    base = report["runs"][0]["evals_per_min"] if report["runs"] else None
    lines = [f"# Measured-reward throughput: {report['benchmark']}", "",
             f"`{report['command']}`", "",
             f"Device {report['device']}, {report['gpus']} GPU(s) seen by Ray, host {report['host']}, "
             f"ray {report['ray_version']}, Ray head start {report['ray_init_s']} s, build caches "
             f"{'on' if report['warm_caches'] else 'off'}. Same kernels in every run: {report['same_kernels']}.", "",
             f"OpenCL devices of this process: {'; '.join(report['opencl_devices']['driver']['opencl'])}.", "",
             *([f"OpenCL devices of a Ray task holding one GPU (CUDA_VISIBLE_DEVICES="
                f"{report['opencl_devices']['one_gpu_task']['cuda_visible_devices']}): "
                f"{'; '.join(report['opencl_devices']['one_gpu_task']['opencl'])}.", ""]
               if report["opencl_devices"]["one_gpu_task"] else []),
             "`search s` is the search's wall time, `in pool s` the time the pool was measuring (the rest: drawing "
             "programs, lowering, features, gold outputs and the store, in this process; with several workers the "
             "next programs are drawn while a batch is measured, so the two overlap).", "",
             "| run | evaluations | kernels measured | statuses | search s | in pool s | evaluations/min | "
             "vs first run | pool start s |", "|---|---:|---:|---|---:|---:|---:|---:|---:|"]
    for r in report["runs"]:
        ratio = f"{r['evals_per_min'] / base:.2f}x" if base and r["evals_per_min"] else "-"
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(r["statuses"].items()))
        lines.append(f"| {r['run']} | {r['evaluations']} | {r['kernels_measured']} | {statuses} | {r['wall_s']} | "
                     f"{r['in_pool_s']} | {r['evals_per_min']} | {ratio} | {r['start_s']} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--benchmark", default="benchmark://lift/mm/small", help="benchmark URI (default mm/small)")
    ap.add_argument("--n", type=int, default=24, help="evaluations per run (default 24)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--runs", default="local,ray", help="local, ray (one actor per GPU, or --workers), ray:K")
    ap.add_argument("--workers", type=int, default=0, help="actors of a 'ray' run (0: one per GPU, at least one)")
    ap.add_argument("--devices", default="", help="OpenCL device per actor, comma-separated (e.g. 0:0,0:1)")
    ap.add_argument("--device", default=None, help="OpenCL device of the local worker and of every actor")
    ap.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray head (default: all)")
    ap.add_argument("--num-gpus", type=int, default=None, help="GPUs of the local Ray head (default: detected)")
    ap.add_argument("--warm-caches", action="store_true", help="leave the build caches on")
    ap.add_argument("--out", default=os.environ.get("OUT", "ray-throughput-out"), help="output folder")
    args = ap.parse_args(argv)
    if args.n < 1:
        raise SystemExit(f"--n: expected a positive number of evaluations, got {args.n}")
    args.devices = [d for d in args.devices.split(",") if d]
    runs = parse_runs(args.runs)
    if not args.warm_caches:
        os.environ.update(CACHES_OFF)  # before any worker process or Ray node starts: they inherit it
    ray = import_ray()
    t0 = time.perf_counter()
    ray.init(num_cpus=args.num_cpus, num_gpus=args.num_gpus, include_dashboard=False, log_to_driver=False)
    ray_init_s = round(time.perf_counter() - t0, 2)
    gpus = int(ray.cluster_resources().get("GPU", 0))
    print(f"ray {ray.__version__}: local head in {ray_init_s} s, {gpus} GPU(s), "
          f"{int(ray.cluster_resources().get('CPU', 0))} CPU(s)", flush=True)
    seen = {"driver": _visible(), "one_gpu_task": one_gpu_view(ray) if gpus else None}
    print(f"OpenCL devices: {seen}", flush=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="ray-throughput-") as tmp:
        for i, (backend, workers) in enumerate(tqdm(runs, desc="runs", unit="run")):
            r = one_run(args, backend, workers, Path(tmp) / f"run{i}.sqlite")
            results.append(r)
            tqdm.write(f"{r['run']}: {r['evaluations']} evaluations in {r['wall_s']} s = {r['evals_per_min']} "
                       f"evaluations/min ({r['in_pool_s']} s in the pool; pool start {r['start_s']} s; "
                       f"statuses {r['statuses']})")
    ray.shutdown()
    report = {"benchmark": args.benchmark, "n": args.n, "seed": args.seed, "command": "python3 " + " ".join(sys.argv),
              "device": results[0]["device"] if results else None, "gpus": gpus, "host": platform.node(),
              "ray_version": ray.__version__, "ray_init_s": ray_init_s, "warm_caches": args.warm_caches,
              "same_kernels": len({tuple(r["kernel_keys"]) for r in results}) == 1, "opencl_devices": seen,
              "runs": results}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "ray_throughput.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "ray_throughput.md").write_text(markdown(report))
    print(markdown(report))
    print(f"wrote {out / 'ray_throughput.json'} and {out / 'ray_throughput.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
