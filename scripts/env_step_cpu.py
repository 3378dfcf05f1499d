"""Random masked env steps timed in process CPU time, with the work they did: compilations and garbage collection.

    PYTHONPATH=<checkout> python3 scripts/env_step_cpu.py [--max-rewrites N] [--episodes N] [--warmup N]
                                                       [--seed S] [--json PATH] [URI ...]

The same walk as `python -m lift_gym.speed` (one env per benchmark, `--warmup` untimed episodes, then
`--episodes` timed ones, actions drawn uniformly from the mask with `numpy.random.default_rng(seed)`), but each
timed step is measured twice: wall time (what `lift_gym.speed` reports; on a shared machine it counts the other
processes' load) and the process's CPU time (`time.process_time`: this process's work only). Besides, it counts
the code generator's compilations during the timed steps (calls of its first pass) and the time the garbage
collector spent in them (`gc.callbacks`), and the live objects at the end (what each full collection walks).

It runs against any checkout of the env since 854a1e4 (the newest `LiftGym-Rewrite-vN` registered, else
`LiftGym-v0`), so two commits can be compared with the same script (the env id it used is printed):

    PYTHONPATH=/path/to/checkout python3 scripts/env_step_cpu.py
"""

from __future__ import annotations

import argparse
import gc
import json
import time

import gymnasium as gym
import numpy as np

import compiler.codegen.pipeline as codegen_pipeline
import lift_gym

DEFAULT = ("benchmark://lift/gemv?M=512&N=512", "benchmark://lift/mm?M=128&N=128&K=128",
           "benchmark://lift/stencil2d/512", "benchmark://lift/gaussian/512")


class _Counters:
    """Compilations (calls of the code generator's first pass) and garbage-collector seconds while `on`."""

    def __init__(self):
        self.on = False
        self.compiles = 0
        self.gc_s = 0.0
        self._gc_t0 = 0.0
        (name, first), *rest = codegen_pipeline.PASSES

        def counted(state):
            self.compiles += self.on
            return first(state)

        codegen_pipeline.PASSES = ((name, counted), *rest)  # compile_program reads PASSES at each call
        gc.callbacks.append(self._gc)

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_t0 = time.perf_counter()
        elif self.on:
            self.gc_s += time.perf_counter() - self._gc_t0


def env_id() -> str:
    """The newest LiftGym-Rewrite-vN registered, else the first env's LiftGym-v0."""
    versions = [int(k.rsplit("-v", 1)[1]) for k in gym.registry if k.startswith("LiftGym-Rewrite-v")]
    return f"LiftGym-Rewrite-v{max(versions)}" if versions else "LiftGym-v0"


def measure(uris, max_rewrites: int, episodes: int, warmup: int, seed: int) -> dict:
    counters = _Counters()
    steps = 0
    cpu = wall = 0.0
    for uri in uris:
        env = gym.make(env_id(), benchmark=uri, reward="analytical", max_rewrites=max_rewrites)
        rng = np.random.default_rng(seed)
        for ep in range(warmup + episodes):
            env.reset(seed=seed + ep)
            counters.on = timed = ep >= warmup
            done = False
            while not done:
                c0, w0 = time.process_time(), time.perf_counter()
                mask = env.unwrapped.action_masks()
                _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
                if timed:
                    steps += 1
                    cpu += time.process_time() - c0
                    wall += time.perf_counter() - w0
                done = term or trunc
            counters.on = False
        env.close()
    return {"env": env_id(), "uris": list(uris), "max_rewrites": max_rewrites, "episodes": episodes,
            "warmup": warmup, "seed": seed, "steps": steps, "cpu_s": cpu, "wall_s": wall,
            "steps_per_cpu_s": steps / max(cpu, 1e-9), "steps_per_s": steps / max(wall, 1e-9),
            "compiles": counters.compiles, "gc_s": counters.gc_s, "live_objects": len(gc.get_objects())}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("uris", nargs="*", default=list(DEFAULT))
    ap.add_argument("--max-rewrites", type=int, default=2)
    ap.add_argument("--episodes", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", default=None, help="also write the result here (JSON)")
    a = ap.parse_args(argv)
    r = measure(a.uris, a.max_rewrites, a.episodes, a.warmup, a.seed)
    print(f"{r['env']} ({lift_gym.__file__}): {r['steps']} steps, {r['steps_per_cpu_s']:.1f} steps per CPU second "
          f"({r['cpu_s']:.2f} s), {r['steps_per_s']:.1f} steps/s wall ({r['wall_s']:.2f} s), {r['compiles']} "
          f"compilations, garbage collection {r['gc_s']:.2f} s, {r['live_objects']} live objects")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(r, f, indent=1)


if __name__ == "__main__":
    main()
