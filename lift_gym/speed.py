"""Env speed: steps per second and mask time per step with random masked actions.

    python -m lift_gym.speed [--reward analytical|predicted|replay|measured] [--store PATH] [--model PATH]
                             [--max-rewrites N] [--episodes N] [--warmup N] [--seed S] [--no-cold-masks] [--freeze-gc]
                             [URI ...]

Prints one line per benchmark and a total: episodes, steps, steps/s (wall clock; the total also per second of
this process's CPU time, which the load of other processes on a shared machine does not count) and mean/p95 of
the whole step (transition + mask + observation + reward at the end, as an agent sees it; the caches of rule
sites, mapping searches and compilations fill as episodes repeat, and `--warmup` episodes run before timing),
and the mask time: `legal_actions` recomputed from cold caches for every state the timed episodes visited (rule listing,
mapping-constraint answers with their compile checks, tuning values; `--no-cold-masks` leaves it out). Each line also
gives the CPU seconds of the benchmark's first `reset` (the first line's in a fresh process: cold caches) and the
CPU seconds the garbage collector's full (generation-2) collections took inside the timed steps, with their count
(one such collection walks every live object of the process, about 0.3-0.5 CPU s once the compiler's caches hold
a million objects, so whether one falls inside a short run decides much of its steps per CPU second); the total
line gives the median of the benchmarks' steps per CPU second. `--freeze-gc` makes the env with
`freeze_gc=True` (`gc.freeze()` after every reset, for a process the env owns).
"""

from __future__ import annotations

import argparse
import gc
import time

import gymnasium as gym
import numpy as np

from compiler.lowering import stages

from . import rewards, transition

DEFAULT = ("benchmark://lift/mm/small", "benchmark://lift/stencil2d/small", "benchmark://lift/conv/small",
           "benchmark://lift/gemv/small")


def measure_speed(uri: str, reward: str, episodes: int, seed: int, warmup: int, cold_masks: bool = True,
                  **kw) -> dict:
    c0 = time.process_time()
    env = gym.make("LiftGym-Rewrite-v7", benchmark=uri, reward=reward, **kw)
    make_cpu = time.process_time() - c0
    reset_cpu = None
    rng = np.random.default_rng(seed)
    steps: list[float] = []
    cpu: list[float] = []
    rewards: list[float] = []
    states = []
    full_gc = _FullCollections()
    try:
        for ep in range(warmup + episodes):
            timed = ep >= warmup
            c0 = time.process_time()
            env.reset(seed=seed + ep)
            if reset_cpu is None:
                reset_cpu = time.process_time() - c0
            done = False
            while not done:
                if timed:
                    states.append(env.unwrapped.state)
                t0, c0 = time.perf_counter(), time.process_time()
                full_gc.timing = timed
                m = env.unwrapped.action_masks()
                _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(m))))
                full_gc.timing = False
                done = term or trunc
                if timed:
                    steps.append(time.perf_counter() - t0)
                    cpu.append(time.process_time() - c0)
                    if term:
                        rewards.append(reward_time(env.unwrapped))
    finally:
        full_gc.close()
    env.close()
    masks = [cold_mask_time(s) for s in states] if cold_masks else [0.0]
    return {"make_cpu_s": make_cpu, "reset_cpu_s": reset_cpu,
            "uri": uri, "episodes": episodes, "steps": len(steps), "steps_per_s": len(steps) / max(sum(steps), 1e-9),
            "steps_per_cpu_s": len(steps) / max(sum(cpu), 1e-9),
            "full_gc_cpu_s": full_gc.cpu, "full_gc_count": full_gc.count,
            "mask_ms_mean": 1e3 * float(np.mean(masks)), "mask_ms_p95": 1e3 * float(np.percentile(masks, 95)),
            "step_ms_mean": 1e3 * float(np.mean(steps)), "step_ms_p95": 1e3 * float(np.percentile(steps, 95)),
            "reward_ms_mean": 1e3 * float(np.mean(rewards)) if rewards else 0.0,
            "reward_share": float(np.sum(rewards) / max(sum(steps), 1e-9))}


class _FullCollections:
    """CPU seconds and count of the garbage collector's generation-2 collections while `timing` is set
    (`gc.callbacks`)."""

    def __init__(self):
        self.timing = False
        self.cpu = 0.0
        self.count = 0
        self._start: float | None = None
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._start = time.process_time() if self.timing else None
        elif self._start is not None:
            self.cpu += time.process_time() - self._start
            self.count += 1
            self._start = None

    def close(self) -> None:
        gc.callbacks.remove(self)


def reward_time(env) -> float:
    """Seconds to evaluate the finished episode's reward again with the reward source's kernel caches emptied
    (features are recomputed; the kNN model, the store and the device stay open, as during training)."""
    rewards._features.cache_clear()
    t0 = time.perf_counter()
    env.reward_fn.evaluate(env.state)
    return time.perf_counter() - t0


def cold_mask_time(state: transition.State) -> float:
    """Seconds to compute the mask of `state` with the transition and pipeline caches emptied."""
    transition.clear_caches()
    stages.clear_caches()
    t0 = time.perf_counter()
    transition.legal_actions(state)
    return time.perf_counter() - t0


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("uris", nargs="*", default=list(DEFAULT))
    ap.add_argument("--reward", default="analytical")
    ap.add_argument("--store", default=None)
    ap.add_argument("--model", default=None, help="a saved kNN model (predicted reward without a store)")
    ap.add_argument("--max-rewrites", type=int, default=6)
    ap.add_argument("--episodes", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--freeze-gc", action="store_true",
                    help="make the env with freeze_gc=True (gc.freeze() after every reset: the process is the env's)")
    ap.add_argument("--no-cold-masks", action="store_true", help="do not time the masks again from cold caches")
    a = ap.parse_args(argv)
    kw = {k: v for k, v in (("store", a.store), ("model", a.model)) if v}
    kw["max_rewrites"] = a.max_rewrites
    if a.freeze_gc:
        kw["freeze_gc"] = True
    rows = [measure_speed(u, a.reward, a.episodes, a.seed, a.warmup, not a.no_cold_masks, **kw) for u in a.uris]
    for r in rows:
        print(f"{r['uri']:45s} {r['episodes']:3d} ep {r['steps']:5d} steps {r['steps_per_s']:8.1f} steps/s  "
              f"mask {r['mask_ms_mean']:7.3f} ms (p95 {r['mask_ms_p95']:7.3f})  "
              f"step {r['step_ms_mean']:8.2f} ms (p95 {r['step_ms_p95']:8.2f})  "
              f"reward {r['reward_ms_mean']:6.2f} ms/episode ({100 * r['reward_share']:.0f}% of step time)  "
              f"{r['steps_per_cpu_s']:7.1f} steps/CPU s  first reset {r['reset_cpu_s']:.3f} CPU s "
              f"(make {r['make_cpu_s']:.3f})  full gc {r['full_gc_cpu_s']:.2f} CPU s ({r['full_gc_count']})")
    n, t = sum(r["steps"] for r in rows), sum(r["steps"] / r["steps_per_s"] for r in rows)
    c = sum(r["steps"] / r["steps_per_cpu_s"] for r in rows)
    med = float(np.median([r["steps_per_cpu_s"] for r in rows]))
    print(f"total: {n} steps, {n / t:.1f} steps/s, {n / c:.1f} steps per CPU second, median {med:.1f}")


if __name__ == "__main__":
    main()
