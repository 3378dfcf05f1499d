"""A fixed random masked walk across the suite: its CPU time and one digest of every mask it met.

    PYTHONPATH=<checkout> python3 scripts/env_mask_digest.py [--actions N] [--seed S] [--stop P] [URI ...]

The walk of the no-dead-end property test (tests/env/test_env_masks.py): the suite's benchmarks at their `small`
sizes in turn, default transition config, actions drawn uniformly from the mask with
`numpy.random.default_rng(seed)` (stop rewriting with probability `--stop` in the rewrite phase). Two checkouts
whose masks agree on every state of the walk print the same digest (SHA-256 of the packed masks, in order), so a
change meant to make masks faster, not different, can be checked on a few hundred states:

    PYTHONPATH=/path/to/before python3 scripts/env_mask_digest.py --actions 1000
    PYTHONPATH=. python3 scripts/env_mask_digest.py --actions 1000
"""

from __future__ import annotations

import argparse
import hashlib
import time

import numpy as np

from compiler.suite import list_benchmarks
from lift_gym import transition
from lift_gym.transition import Config, Phase


def walk(uris, actions: int, seed: int, stop: float) -> dict:
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    taken = episodes = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while taken < actions:
        s = transition.initial(uris[episodes % len(uris)], seed + episodes, Config())
        while not transition.is_terminal(s):
            mask = transition.legal_actions(s)
            digest.update(np.packbits(mask).tobytes())
            if s.phase is Phase.REWRITE and rng.random() < stop:
                a = s.config.layout.done
            else:
                a = int(rng.choice(np.flatnonzero(mask)))
            s = transition.step(s, a)
            taken += 1
        episodes += 1
    return {"actions": taken, "episodes": episodes, "cpu_s": time.process_time() - c0,
            "wall_s": time.perf_counter() - w0, "masks_sha256": digest.hexdigest()}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("uris", nargs="*", help="default: every benchmark of the suite at its small sizes")
    ap.add_argument("--actions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--stop", type=float, default=0.1)
    a = ap.parse_args(argv)
    uris = a.uris or [f"benchmark://lift/{b.name}/small" for b in list_benchmarks()]
    r = walk(uris, a.actions, a.seed, a.stop)
    print(f"{r['actions']} actions in {r['episodes']} episodes: {r['cpu_s']:.1f} s of CPU, {r['wall_s']:.1f} s wall; "
          f"masks {r['masks_sha256'][:16]}")


if __name__ == "__main__":
    main()
