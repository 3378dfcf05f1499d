"""Does the action head transfer? Train MaskablePPO with the flat head and with the per-node head
(`policy.head: flat | node`) on a few small benchmarks, then play each policy on a held-out benchmark.

    PYTHONPATH=$PWD python3 scripts/head_transfer.py [--seeds 0,1,2] [--steps 1024] [--budget 8] \
        [--out docs/benchmarks/head_transfer_pocl.md]

Reward: the analytical one (a roofline estimate, deterministic, no device: the same numbers on any machine).
For each head and training seed: `--steps` MaskablePPO steps on the training benchmarks, then on the held-out
benchmark the greedy episode's reward and the best reward of `--budget` sampled episodes (policy seed = training
seed). The baseline is the best reward of `--budget` random masked episodes (uniform over the legal actions),
for `--random-seeds` seeds. All rewards are log speedups over the default lowering. Also reported: the greedy
reward on each training benchmark (did the policy learn there?) and the untrained network (0 steps) of each head.
One torch thread; the whole run is a few minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np
import torch
from tqdm import tqdm

from agents.config import config_from_dict
from agents.envs import make_env, make_vec_env
from agents.train import build_model

TRAIN = ("scal", "asum", "dot", "mm", "stencil2d", "jacobi1d-3pt-clamp", "kmeans")
HELD_OUT = ("gemv", "gaussian")


def uri(name: str) -> str:
    return f"benchmark://lift/{name}/small"


def config(head: str, seed: int, args) -> dict:
    return {"name": f"head-{head}-{seed}",
            "env": {"benchmarks": [uri(b) for b in args.train], "max_rewrites": args.max_rewrites,
                    "max_nodes": args.max_nodes, "n_slots": args.n_slots},
            "reward": {"source": "analytical"},
            "policy": {"head": head, "features_dim": 64, "node_dim": 32, "net_arch": [64]},
            "train": {"total_steps": max(args.steps, 1), "n_steps": 256, "batch_size": 64, "n_epochs": 4,
                      "seed": seed, "learning_rate": 1e-3, "ent_coef": 0.01}}


def play(env, choose, episodes: int) -> list[float]:
    """The final rewards of `episodes` episodes, `choose(obs, mask)` picking each action."""
    rewards = []
    for _ in range(episodes):
        obs, _ = env.reset()
        done = False
        while not done:
            a = choose(obs, env.action_masks())
            obs, r, done, _, _ = env.step(a)
        rewards.append(float(r))
    return rewards


def policy_chooser(model, deterministic: bool):
    def choose(obs, mask):
        a, _ = model.predict(obs, action_masks=mask, deterministic=deterministic)
        return int(a)
    return choose


def random_chooser(rng: np.random.Generator):
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def evaluate(model, cfg, bench: str, seed: int, budget: int) -> dict:
    """The greedy episode's reward on `bench` and (budget > 0) the best and mean of `budget` sampled episodes."""
    env = make_env(cfg.env, cfg.reward, [uri(bench)])()
    env.reset(seed=seed)
    model.set_random_seed(seed)
    out = {"greedy": play(env, policy_chooser(model, True), 1)[0]}
    if budget:
        sampled = play(env, policy_chooser(model, False), budget)
        out.update(best_sampled=max(sampled), mean_sampled=float(np.mean(sampled)))
    env.close()
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", default="0,1,2")
    p.add_argument("--steps", type=int, default=1024)
    p.add_argument("--budget", type=int, default=8)
    p.add_argument("--random-seeds", type=int, default=20)
    p.add_argument("--train", default=",".join(TRAIN))
    p.add_argument("--held-out", default=",".join(HELD_OUT))
    p.add_argument("--max-rewrites", type=int, default=2)
    p.add_argument("--max-nodes", type=int, default=96)
    p.add_argument("--n-slots", type=int, default=16)
    p.add_argument("--baseline-only", action="store_true", help="only the random masked episodes")
    p.add_argument("--out", default=None, help="write the markdown table here")
    p.add_argument("--json", default=None, help="write the raw results here")
    args = p.parse_args(argv)
    args.train = tuple(args.train.split(","))
    held = tuple(args.held_out.split(","))
    seeds = [int(s) for s in args.seeds.split(",")]
    torch.set_num_threads(1)
    t0 = time.perf_counter()
    rows: list[dict] = []
    jobs = [] if args.baseline_only else [(h, s, n) for s in seeds for h in ("flat", "node") for n in (0, args.steps)]
    for head, seed, steps in tqdm(jobs, desc="train + evaluate", file=sys.stderr):
        cfg = config_from_dict(config(head, seed, args))
        venv = make_vec_env(cfg.env, cfg.reward, seed=seed)
        model = build_model(cfg, venv)
        t = time.perf_counter()
        if steps:
            model.learn(steps)
        train_s = time.perf_counter() - t
        venv.close()
        row = {"head": head, "seed": seed, "steps": steps, "train_s": train_s,
               "held_out": {b: evaluate(model, cfg, b, seed, args.budget) for b in held},
               "train_greedy": {b: evaluate(model, cfg, b, seed, 0)["greedy"] for b in args.train}}
        rows.append(row)
    cfg = config_from_dict(config("flat", 0, args))
    rand: dict[str, list[list[float]]] = {}
    for b in held:
        env = make_env(cfg.env, cfg.reward, [uri(b)])()
        rand[b] = []
        for s in range(args.random_seeds):
            env.reset(seed=1000 + s)
            rand[b].append(play(env, random_chooser(np.random.default_rng(1000 + s)), args.budget))
        env.close()
    wall = time.perf_counter() - t0
    md = report(rows, rand, held, args, wall)
    print(md)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(md)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"rows": rows, "random": rand, "wall_s": wall}, f, indent=1)
    return 0


def _ms(xs) -> str:
    xs = np.asarray(xs, dtype=float)
    return f"{xs.mean():+.3f} ± {xs.std(ddof=1) if xs.size > 1 else 0.0:.3f}"


def report(rows: list[dict], rand: dict, held: tuple, args, wall: float) -> str:
    k = args.budget
    cols = " | ".join(f"{b}: greedy | {b}: mean of {k} sampled | {b}: best of {k}" for b in held)
    lines = [f"| policy | steps | {cols} | training benchmarks: mean greedy |",
             "|---|---|" + "---|---|---|" * len(held) + "---|"]
    for head in ("flat", "node"):
        for steps in sorted({r["steps"] for r in rows}):
            rs = [r for r in rows if r["head"] == head and r["steps"] == steps]
            cells = []
            for b in held:
                cells += [_ms([r["held_out"][b][key] for r in rs])
                          for key in ("greedy", "mean_sampled", "best_sampled")]
            tr = _ms([np.mean(list(r["train_greedy"].values())) for r in rs])
            lines.append(f"| {head} head | {steps} | {' | '.join(cells)} | {tr} |")
    cells = []
    for b in held:
        cells += ["", _ms([np.mean(x) for x in rand[b]]), _ms([max(x) for x in rand[b]])]
    lines.append(f"| random masked ({args.random_seeds} seeds) | - | {' | '.join(cells)} | |")
    per_seed = ["| head | steps | seed | " + " | ".join(f"{b}: greedy / mean / best of {k}" for b in held)
                + " | train s |", "|---|---|---|" + "---|" * len(held) + "---|"]
    for r in rows:
        per_seed.append(f"| {r['head']} | {r['steps']} | {r['seed']} | " + " | ".join(
            "{greedy:+.3f} / {mean_sampled:+.3f} / {best_sampled:+.3f}".format(**r["held_out"][b]) for b in held)
            + f" | {r['train_s']:.0f} |")
    return "\n".join([*lines, "", *per_seed, "", f"wall-clock {wall:.0f} s"]) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
