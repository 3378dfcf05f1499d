"""Random masked LiftGym-RewritePoints-v7 episodes on the annotated benchmarks: actions, time, slow steps, dead ends.

    python3 scripts/env_points_rollouts.py [--episodes 3] [URI ...]   (analytical reward, no device)

Heavier than the CI test (tests/env/test_env_points.py); its output is recorded in
docs/benchmarks/env_points_rollouts.md.
"""

from __future__ import annotations

import argparse
import time

import gymnasium as gym
import numpy as np

import lift_gym  # noqa: F401


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("uris", nargs="*", default=["benchmark://lift/conv-rp/small", "benchmark://lift/mm-rp/small",
                                                "benchmark://lift/stencil2d-rp/small"])
    ap.add_argument("--episodes", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    for uri in args.uris:
        env = gym.make("LiftGym-RewritePoints-v7", benchmark=uri, reward="analytical")
        env.action_space.seed(args.seed)
        for ep in range(args.episodes):
            t0 = time.time()
            _, info = env.reset(seed=args.seed + ep)
            n = rp = 0
            slow: list[tuple[float, str]] = []
            status = "DONE"
            while True:
                if not info["action_mask"].any():
                    status = f"DEAD END at {info['decision']}"
                    break
                a = env.action_space.sample(mask=info["action_mask"])
                d = info["decision"]
                rp += info["phase"] == "REWRITE_POINTS"
                t = time.time()
                _, r, term, trunc, info = env.step(a)
                n += 1
                slow.append((time.time() - t, d))
                if term or trunc:
                    break
            s = env.unwrapped.state
            worst = max(slow, default=(0.0, ""))
            print(f"{uri} ep {ep}: {status}, {n} actions ({rp} rewrite-point), {time.time() - t0:.1f} s, "
                  f"slowest step {worst[0]:.1f} s ({worst[1][:70]}), kernels "
                  f"{len(s.kernel.kernels) if s.kernel else '-'}, reward {r if status == 'DONE' else np.nan:.3f}, "
                  f"rp budget exhausted {s.rp_problem.exhausted if s.rp else 0}", flush=True)
        env.close()


if __name__ == "__main__":
    main()
