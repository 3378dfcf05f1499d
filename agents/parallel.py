"""Independent tasks (search or evaluation runs) in spawned processes, at most `jobs` at once.

    in_processes(tasks, jobs, work, start=..., start_args=(...,), on_done=..., late=...)

Each process runs `start(*start_args)` once (what its tasks share: a reward source, a policy), then `work(*task)`
per task; both must be module-level functions (they are pickled by name). Tasks are started in the order given;
`on_done(task, result)` runs here, in this process, as each ends (so this process stays the one writer of its
logs); `late()` true starts no more tasks, and those running are waited for. An exception in a task is raised
here once the running ones are cancelled or done. Each process uses one torch thread. Measurements from several
processes take turns on the device (`compiler.runtime.measure.device_turn`).
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from lift_gym.rewards import RewardConfig, RewardFunction

_STATE: dict[str, Any] = {}  # in a task process: what `start` returned


def _start(start: Callable[..., Any], args: tuple) -> None:
    import torch

    torch.set_num_threads(1)
    _STATE["shared"] = start(*args)


def _work(work: Callable[..., Any], task: tuple) -> Any:
    return work(_STATE["shared"], *task)


def process_reward(reward: RewardConfig) -> RewardFunction:
    """A reward source for the tasks of this process, closed when the process exits (a `start` or part of one)."""
    from multiprocessing.util import Finalize

    fn = RewardFunction(reward)
    Finalize(None, fn.close, exitpriority=10)  # run by multiprocessing's exit of a pool process (atexit is not)
    return fn


def in_processes(tasks: Sequence[tuple], jobs: int, work: Callable[..., Any], *, start: Callable[..., Any],
                 start_args: tuple = (), on_done: Callable[[tuple, Any], None],
                 late: Callable[[], bool] = lambda: False) -> None:
    """Run `work(shared, *task)` for each task, `shared = start(*start_args)` once per process (module docstring)."""
    queue = list(reversed(tasks))
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(tasks))), mp_context=mp.get_context("spawn"),
                             initializer=_start, initargs=(start, start_args)) as pool:
        running: dict = {}
        try:
            while queue or running:
                while queue and len(running) < jobs and not late():
                    task = queue.pop()
                    running[pool.submit(_work, work, task)] = task
                if not running:
                    return
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in finished:
                    on_done(running.pop(fut), fut.result())
        except BaseException:
            for fut in running:
                fut.cancel()
            raise


__all__ = ["in_processes", "process_reward"]
