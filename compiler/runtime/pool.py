"""A pool of measurement workers: one `MeasureWorker` here (local), or one Ray actor per device (ray).

    pool = open_pool(PoolConfig(backend="ray", address="auto"))       # one actor per GPU of the cluster
    results = pool.measure([MeasureJob(program, inputs, gold, config), ...])   # in submission order
    pool.close()

A job is what `MeasureWorker.measure_settled` takes; its result is that method's `Measurement` (a settled
verdict, or an unsettled one after repeated worker deaths). Each actor owns a `MeasureWorker`, so the
watchdog and the crash isolation of `worker.py` hold inside every actor.

- `local` (the default): the one `MeasureWorker` of this process; Ray is never imported.
- `ray`: `address` "auto" joins a running cluster, "host:port" a given one, None starts a local head in this
  process (`ray.init()`, no dashboard; a machine without network needs nothing else), which stays up for later
  pools until the process exits. `workers` actors (0: one per GPU of the cluster, at least one), each holding
  `gpus_per_worker` GPUs (None: 1 when the cluster has a GPU for every actor, else 0). Ray sets
  `CUDA_VISIBLE_DEVICES` per actor: where the OpenCL driver honours it, an actor's default device is its own GPU
  (scripts/ray_throughput.py reports what a one-GPU task sees). `devices` selects the OpenCL device per actor
  instead (actor i takes `devices[i % len(devices)]`, e.g. "0:0", "0:1"); without it every actor uses the pool's
  `device` selection. A pool that needs more GPUs or CPUs than the cluster has is refused at once.

The driver hands one job at a time to each idle actor (a queue, `ray.wait` for the next result). An actor that
dies (a node lost, `ray.kill`) loses only its job in flight, which goes back to the head of the queue for the
remaining actors; no job is measured twice, so the caller, the single writer of the measurement store, gets
exactly one result per job. The actors must all report the same device fingerprint: a store key names the
device, and mixed devices would make a kernel's key depend on which actor measured it.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from tqdm.auto import tqdm

from compiler.codegen.kernel import KernelProgram
from compiler.errors import DeviceNotFound, RuntimeFailure
from compiler.runtime.device import DeviceInfo
from compiler.runtime.measure import MeasureConfig, Measurement
from compiler.runtime.worker import MeasureWorker

BACKENDS = ("local", "ray")
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])  # the folder of the compiler package, for the actors
OnResult = Callable[[int, Measurement], None]


@dataclass(frozen=True)
class PoolConfig:
    """Where measurements run (see the module docstring)."""

    backend: str = "local"  # local | ray
    address: str | None = None  # ray: "auto", "host:port", or None (a local head started here)
    workers: int = 0  # ray: actors (0: one per GPU of the cluster, at least one); local: always one
    gpus_per_worker: float | None = None  # ray: None = 1 when the cluster has a GPU per actor, else 0
    cpus_per_worker: float = 1.0  # ray: CPUs reserved per actor (its build and host work)
    devices: tuple[str, ...] = ()  # ray: OpenCL device selection per actor (actor i: devices[i % n])

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise ValueError(f"measurement pool backend {self.backend!r} is not one of {', '.join(BACKENDS)}")
        if self.workers < 0:
            raise ValueError(f"measurement pool workers must be >= 0 (0: one per GPU), got {self.workers}")
        if self.gpus_per_worker is not None and self.gpus_per_worker < 0:
            raise ValueError(f"measurement pool gpus_per_worker must be >= 0, got {self.gpus_per_worker}")
        if self.cpus_per_worker < 0:
            raise ValueError(f"measurement pool cpus_per_worker must be >= 0, got {self.cpus_per_worker}")
        if self.backend == "local" and (self.address is not None or self.devices):
            raise ValueError("measurement pool: address and devices need backend 'ray'")


@dataclass(frozen=True)
class MeasureJob:
    """One measurement: what `MeasureWorker.measure_settled` takes."""

    program: KernelProgram
    inputs: Mapping[str, np.ndarray]
    gold: Mapping[str, np.ndarray] | None = None
    config: MeasureConfig = field(default_factory=MeasureConfig)


def _bar(total: int, enabled: bool):
    return tqdm(total=total, desc="measure", unit="kernel", disable=not enabled or total < 2, dynamic_ncols=True)


class LocalPool:
    """The pool of one `MeasureWorker` (a process of this one): jobs run one after the other."""

    backend = "local"

    def __init__(self, worker: MeasureWorker):
        self.worker = worker
        self.lost = 0

    @property
    def size(self) -> int:
        return 1

    @property
    def info(self) -> DeviceInfo:
        return self.worker.info

    def measure(self, jobs: Sequence[MeasureJob], *, progress: bool = False,
                on_result: OnResult | None = None) -> list[Measurement]:
        """Settled measurements of `jobs`, in their order."""
        out = []
        with _bar(len(jobs), progress) as bar:
            for i, job in enumerate(jobs):
                out.append(self.worker.measure_settled(job.program, job.inputs, job.gold, job.config))
                bar.update(1)
                if on_result is not None:
                    on_result(i, out[-1])
        return out

    def close(self) -> None:
        self.worker.close()

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class MeasureActor:
    """A Ray actor's body: one `MeasureWorker` on the actor's device (wrapped by `ray.remote` in RayPool)."""

    def __init__(self, selection: str | None):
        self.worker = MeasureWorker(selection)
        self.device_info = self.worker.info  # opens the device now: a bad selection fails the pool's start

    def describe(self) -> dict[str, Any]:
        return {"info": self.device_info, "pid": os.getpid(),
                "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES")}

    def measure(self, job: MeasureJob) -> Measurement:
        return self.worker.measure_settled(job.program, job.inputs, job.gold, job.config)


def import_ray():
    """The ray module, or a one-line ImportError naming the extra to install."""
    try:
        import ray
    except ImportError as err:
        raise ImportError(f"the ray measurement pool needs the ray package ({err}); install it with "
                          "pip install 'lift-gym[ray]' or pip install 'ray>=2.9'") from None
    return ray


class RayPool:
    """Measurement actors on a Ray cluster, one per device (see the module docstring)."""

    backend = "ray"

    def __init__(self, config: PoolConfig, device: str | None = None, *, startup_timeout_s: float = 300.0):
        ray = self._ray = import_ray()
        self.config = config
        self.actors: list[Any] = []
        if not ray.is_initialized():
            ray.init(address=config.address, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        have = ray.cluster_resources()
        gpus_in_cluster = int(have.get("GPU", 0))
        n = config.workers or max(1, gpus_in_cluster)
        gpus = config.gpus_per_worker
        if gpus is None:
            gpus = 1 if gpus_in_cluster >= n else 0
        for what, each in (("GPU", gpus), ("CPU", config.cpus_per_worker)):
            if n * each > have.get(what, 0):
                raise DeviceNotFound(f"ray measurement pool: {n} actors of {each:g} {what} each need {n * each:g} "
                                     f"{what}s; the cluster has {have.get(what, 0):g} (set workers, gpus_per_worker "
                                     "or cpus_per_worker)")
        # the actors import this package from where the driver does (an installed package works either way)
        path = os.pathsep.join(p for p in (PACKAGE_ROOT, os.environ.get("PYTHONPATH", "")) if p)
        # max_restarts=0: a lost actor stays lost and its job is handed to another (never measured twice)
        remote = ray.remote(MeasureActor).options(num_gpus=gpus, num_cpus=config.cpus_per_worker, max_restarts=0,
                                                  runtime_env={"env_vars": {"PYTHONPATH": path}})
        self.actors = [remote.remote(config.devices[i % len(config.devices)] if config.devices else device)
                       for i in range(n)]
        try:
            self.described = ray.get([a.describe.remote() for a in self.actors], timeout=startup_timeout_s)
        except Exception as err:  # an actor's DeviceNotFound, a missing module, or no room within the timeout
            self.close()
            raise DeviceNotFound(f"ray measurement pool ({n} actors, {gpus:g} GPU each) could not start: "
                                 f"{_first_line(err)}") from None
        prints = sorted({d["info"].fingerprint for d in self.described})
        if len(prints) > 1:
            self.close()
            raise DeviceNotFound(f"ray measurement pool: the actors opened different devices ({', '.join(prints)}); "
                                 "select the same kind of device for every actor (PoolConfig.devices)")
        self.lost = 0

    @property
    def size(self) -> int:
        return len(self.actors)

    @property
    def info(self) -> DeviceInfo:
        return self.described[0]["info"]

    def measure(self, jobs: Sequence[MeasureJob], *, progress: bool = False,
                on_result: OnResult | None = None) -> list[Measurement]:
        """Settled measurements of `jobs`, in their order; the jobs of a lost actor go to the others."""
        ray = self._ray
        payloads = [ray.put(job) for job in jobs]  # uploaded once, even when a job is handed out again
        queue, idle = deque(range(len(jobs))), list(self.actors)
        running: dict[Any, tuple[int, Any]] = {}
        out: list[Measurement | None] = [None] * len(jobs)
        with _bar(len(jobs), progress) as bar:
            while queue or running:
                while queue and idle:
                    actor, i = idle.pop(0), queue.popleft()
                    running[actor.measure.remote(payloads[i])] = (i, actor)
                if not running:
                    raise RuntimeFailure(f"every measurement actor was lost ({self.lost}); {len(queue)} of "
                                         f"{len(jobs)} jobs are unmeasured")
                [ref], _ = ray.wait(list(running), num_returns=1)
                i, actor = running.pop(ref)
                try:
                    out[i] = ray.get(ref)
                except ray.exceptions.RayActorError:
                    self.actors.remove(actor)
                    self.lost += 1
                    queue.appendleft(i)
                    continue
                idle.append(actor)
                bar.update(1)
                if on_result is not None:
                    on_result(i, out[i])
        return out  # type: ignore[return-value]

    def close(self) -> None:
        """Stop the actors; a Ray head this pool started stays up for the next pool (Ray stops it at exit)."""
        for actor in self.actors:
            self._ray.kill(actor)
        self.actors = []

    def __enter__(self) -> RayPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return lines[-1] if lines else type(err).__name__


MeasurePool = LocalPool | RayPool


def open_pool(config: PoolConfig, device: str | None = None, worker: MeasureWorker | None = None) -> MeasurePool:
    """The pool `config` describes; `device` is the selection of the local worker (or of every actor without
    `config.devices`); `worker` an existing local worker to use."""
    if config.backend == "local":
        return LocalPool(worker if worker is not None else MeasureWorker(device))
    return RayPool(config, device)


__all__ = ["BACKENDS", "LocalPool", "MeasureActor", "MeasureJob", "MeasurePool", "PoolConfig", "RayPool",
           "import_ray", "open_pool"]
