"""`evaluate(policy, benchmarks, budget, baselines, seeds=...)`: a trained policy against the search baselines, at
equal numbers of evaluations, on chosen benchmarks, over several seeds.

One evaluation, for every method, is one distinct kernel whose reward the source computes (a kernel key not seen
before in that run); a kernel reached again costs nothing, and repeats are bounded so that every run ends. The
policy plays episodes over LiftGym's transitions (`policy_search`: the first with its most likely actions, the
rest sampled from its masked distribution), memoised by action prefix (`PolicyPlayer`: an episode played again
neither compiles, observes, runs the network nor evaluates again). `guided` (`guided_search`) is the
policy-guided search: the policy's episodes without replacement, alternating with the best kernel's tuning
neighbours ranked by the kNN model (or the policy's likelihood). Each baseline runs `agents.search.search`. Every
method gets the same budget on each benchmark and seed, with the same reward source and the same env shape
(max_rewrites, max_nodes, n_slots from the policy's run manifest).

One run per method, benchmark and seed, of the largest budget; each smaller budget reported (8, 16, 32 by
default) is read from the first evaluations of that run (its best-so-far curve), so runs are not repeated per
budget. Reported per benchmark and method: the geometric mean over seeds of the best speedup over the default
lowering, the best of any seed, and how many runs reached 90% of the best throughput known on that benchmark
(the best found by any method and seed) with the mean evaluations they needed. Per method and budget, over all
runs (benchmarks x seeds): the geometric-mean best speedup, its ratio to the reference method's (random search)
over the same runs with a 95% percentile bootstrap interval (runs resampled, scipy.stats.bootstrap), and the
runs that reached 90%.

Each finished run is appended to `out_dir/runs.jsonl` as it ends (`RunLog`); a rerun with the same policy file,
reward source, env shape and options takes those runs from there and runs only the others, so an evaluation cut
by a time limit is completed by running it again. Runs go seed by seed (seeds outermost, then benchmarks, and in each
the policy's methods and the reference first), so a cut evaluation holds every method's runs of the seeds it
finished: each comparison, with random search or any other baseline, is paired.

Outputs in `out_dir`: `evaluate.json` (everything, with every trial of every run), `best_so_far.png`
(matplotlib) or `best_so_far.svg` (the geometric mean over seeds of each method's best-so-far curve), and the
best episode of each method and benchmark under `episodes/` (replayable).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

from compiler.errors import DeviceNotFound
from compiler.lowering.stages import canonical_uri
from compiler.perf.features import FEATURE_NAMES, DeviceModel, program_features
from compiler.perf.model import ModelUnavailable
from lift_gym import encode, transition
from lift_gym.episode import env_version
from lift_gym.rewards import RewardConfig, RewardFunction, RewardUnavailable, final_job, job_features, load_model
from lift_gym.transition import Config, State

from .config import EnvConfig, config_from_dict
from .parallel import in_processes, process_reward
from .plot import plot_best_so_far
from .runs import find_run, write_json, write_text
from .search import STRATEGIES, BudgetExhausted, Evaluator, SearchResult, search, tuning_neighbours
from .untrusted import load_maskable_ppo

TARGET = 0.9  # fraction of the best throughput found by anyone
STALL = 4  # policy_search stops after budget / STALL + 8 episodes in a row without a new kernel
PROPOSALS = 32  # guided_search: new kernels of the policy's episodes ranked together before one is evaluated
CLIMB_STEPS = 16  # guided_search: tuning steps on the kNN model from a proposal before it is evaluated
BUDGETS = (8, 16, 32)  # the budgets reported (those not above the run budget), read from one run per seed
POLICY_METHODS = ("policy", "guided")  # the methods that play the trained policy
METHODS = ("guided", *STRATEGIES)  # what `baselines` may name (the policy itself always runs when given)
RUNS = "runs.jsonl"  # the finished runs of an evaluation, next to evaluate.json: a rerun skips them


@dataclass
class Policy:
    """A loaded MaskablePPO with the env shape it was trained on and the benchmarks it saw."""

    model: Any
    path: Path
    env: EnvConfig
    trained_on: tuple[str, ...]
    notes: tuple[str, ...] = ()
    env_version: str | None = None  # lift_gym.episode.env_version() when it was trained (from the run manifest)


def load_policy(path: str | Path, device: str = "cpu", *, trusted: bool = False) -> Policy:
    """A run folder (its final model or last checkpoint), its manifest, or a model zip.

    Nothing pickled in the zip is unpickled (agents.untrusted) unless `trusted`; a bare zip needs `trusted`."""
    manifest, model_path = find_run(path)
    if model_path is None:
        raise FileNotFoundError(f"{path}: the run has no complete checkpoint or final model yet")
    cfg = config_from_dict(manifest.data["config"], source=str(manifest.path)) if manifest is not None else None
    model = load_maskable_ppo(model_path, cfg, trusted=trusted, device=device)
    notes: list[str] = []
    version = None
    if manifest is not None:
        assert cfg is not None
        env, trained = cfg.env, cfg.env.benchmarks
        version = manifest.data.get("versions", {}).get("env")
    else:
        space = model.observation_space
        env = EnvConfig(max_nodes=int(space["nodes"].shape[0]), n_slots=int(space["slots"].shape[0]))
        trained = ()
        notes.append(f"{model_path} has no run manifest: max_rewrites = {env.max_rewrites} assumed")
    return Policy(model, Path(model_path), env, tuple(trained), tuple(notes), version)


def observation(state: State, profile: DeviceModel) -> dict[str, np.ndarray]:
    """The env's observation of a non-terminal `state` (lift_gym.encode with the P000 features of the kernel as
    decided so far, from phase TUNING on, for the device profile's model): what the policy was trained on."""
    hw = None
    if state.lowered is not None:
        program, sizes, local = state.decided()
        hw = np.array(program_features(program, sizes, local, profile))
    return encode.encode(state, hw)


class PolicyPlayer:
    """Plays a trained policy over LiftGym's pure transitions from one start state, memoised by action prefix:
    the state a prefix reaches and the policy's masked action distribution there are computed once, so an episode
    played again costs neither a compilation, an observation, a forward pass nor an evaluation.

    Args:
        policy: the loaded policy.
        start: the episode's start state (transition.initial with the policy's env shape).
        profile: the device profile's model of the observation's features (RewardFunction.ctx.profile_model).
    """

    def __init__(self, policy: Policy, start: State, profile: DeviceModel):
        self.policy, self.start, self.profile = policy, start, profile
        self._states: dict[tuple[int, ...], State] = {(): start}
        self._probs: dict[tuple[int, ...], np.ndarray] = {}
        self.forward_passes = 0

    def step(self, state: State, action: int) -> State:
        """transition.step, memoised by the action prefix (the start state is fixed)."""
        key = (*state.actions, int(action))
        nxt = self._states.get(key)
        if nxt is None:
            nxt = self._states[key] = transition.step(state, int(action))
        return nxt

    def probs(self, state: State) -> np.ndarray:
        """The policy's distribution over the legal actions of `state` (0 elsewhere), memoised by prefix."""
        p = self._probs.get(state.actions)
        if p is None:
            import torch as th  # loaded with the policy already

            net = self.policy.model.policy
            mask = np.array(transition.legal_actions(state), dtype=bool)  # writable: torch wraps it
            obs, _ = net.obs_to_tensor(observation(state, self.profile))
            with th.no_grad():
                dist = net.get_distribution(obs, action_masks=mask[None])
            p = dist.distribution.probs[0].detach().cpu().numpy().astype(np.float64)
            p = np.where(mask, p, 0.0)
            self._probs[state.actions] = p
            self.forward_passes += 1
        return p

    def play(self, rng: np.random.Generator, *, greedy: bool = False,
             closed: set[tuple[int, ...]] | None = None) -> State | None:
        """One episode: the most likely action at each decision (`greedy`) or one sampled from the policy's
        distribution; actions whose prefix is in `closed` are left out (the rest renormalised; uniform when
        the policy gives them no mass). None when every action of a decision on the way is closed."""
        s = self.start
        while not transition.is_terminal(s):
            p = self.probs(s)
            if closed:
                legal = np.flatnonzero(transition.legal_actions(s))
                shut = [int(a) for a in legal if (*s.actions, int(a)) in closed]
                if len(shut) == len(legal):
                    return None
                if shut:
                    p = p.copy()
                    p[shut] = 0.0
                    if p.sum() <= 0.0:
                        p[[int(a) for a in legal if int(a) not in shut]] = 1.0
            a = int(np.argmax(p)) if greedy else int(rng.choice(p.size, p=p / p.sum()))
            s = self.step(s, a)
        return s

    def close(self, closed: set[tuple[int, ...]], done: State) -> None:
        """Add the finished episode to `closed`, and each prefix above it whose every legal action is closed."""
        prefix = tuple(done.actions)
        closed.add(prefix)
        while prefix:
            parent = prefix[:-1]
            state = self._states[parent]
            if not all((*parent, int(a)) in closed for a in np.flatnonzero(transition.legal_actions(state))):
                return
            closed.add(parent)
            prefix = parent

    def log_likelihood(self, done: State) -> float:
        """The log probability of the finished episode's actions under the policy."""
        s, total = self.start, 0.0
        for a in done.actions:
            total += math.log(max(float(self.probs(s)[a]), 1e-300))
            s = self.step(s, a)
        return total


@dataclass
class _PolicyRun:
    player: PolicyPlayer
    evaluator: Evaluator
    rng: np.random.Generator
    budget: int
    model: Any = None  # a KnnPerfModel ranking the guided search's neighbours (None: the policy's likelihood)
    episodes: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def max_episodes(self) -> int:
        return 50 * self.budget + 100

    @property
    def stall(self) -> int:
        return self.budget // STALL + 8


def _run_policy(r: _PolicyRun) -> None:
    """The policy's own episodes: its most likely one, then samples of its distribution (repeats are free)."""
    ev, idle = r.evaluator, 0
    while not ev.exhausted and r.episodes < r.max_episodes and idle < r.stall:
        before = ev.count
        ev.evaluate(r.player.play(r.rng, greedy=r.episodes == 0))
        r.episodes += 1
        idle = 0 if ev.count > before else idle + 1
    if ev.count < r.budget:
        r.notes.append(f"the policy found {ev.count} distinct kernels in {r.episodes} episodes (budget {r.budget}; "
                       f"the last {idle} found none)")


def _predicted(r: _PolicyRun, states: Sequence[State]) -> np.ndarray:
    """The kNN model's predicted throughput of each finished episode's kernel (the run has a model)."""
    dev = r.evaluator.reward_fn.ctx.device_model
    return r.model.predict(np.array([[job_features(final_job(c), dev)[f] for f in FEATURE_NAMES] for c in states]))


def _ranked(r: _PolicyRun, cands: list[State]) -> list[State]:
    """The candidates whose kernel is not evaluated yet (one per kernel), best first: by the kNN model's predicted
    throughput when the run has a model, else by the policy's likelihood."""
    ev = r.evaluator
    uniq = list({c.kernel.key: c for c in cands if c.kernel.key not in ev.cache}.values())
    if r.model is not None and uniq:
        score = _predicted(r, uniq)
    else:
        score = np.array([r.player.log_likelihood(c) for c in uniq])
    return [uniq[int(i)] for i in np.argsort(-score, kind="stable")]


def _climbed(r: _PolicyRun, done: State) -> State:
    """`done`'s kernel tuned on the kNN model: its tuning neighbour of the highest predicted throughput while that
    is above its own (`done` itself without a model). Nothing is evaluated."""
    if r.model is None:
        return done
    here = float(_predicted(r, [done])[0])
    for _ in range(CLIMB_STEPS):
        near = tuning_neighbours(done, r.player.step)
        if not near:
            break
        score = _predicted(r, near)
        i = int(np.argmax(score))
        if score[i] <= here:
            break
        done, here = near[i], float(score[i])
    return done


@dataclass
class _Guided:
    """A policy-guided search under way (see `guided_search`)."""

    r: _PolicyRun
    closed: set[tuple[int, ...]] = field(default_factory=set)  # action sequences played (and exhausted prefixes)
    best: tuple[float, State] | None = None  # the best kernel found: (reward, a finished episode reaching it)
    queue: list[State] = field(default_factory=list)  # its tuning neighbours not evaluated yet, best ranked first
    proposals: list[State] = field(default_factory=list)  # the policy's episodes not evaluated yet, best first
    exhausted: bool = False  # every episode of the space was played

    def seen(self, reward: float, done: State) -> None:
        if self.best is None or reward > self.best[0]:
            self.best = (reward, done)
            self.queue = _ranked(self.r, tuning_neighbours(done, self.r.player.step))

    def propose(self) -> None:
        """`proposals`: the policy's next episodes without replacement until PROPOSALS new kernels (or every
        episode was played, or budget / STALL + 8 episodes in a row brought none), ranked."""
        r, ev = self.r, self.r.evaluator
        fresh: dict[str, State] = {}
        idle = 0
        while len(fresh) < PROPOSALS and not self.exhausted and r.episodes < r.max_episodes and idle < r.stall:
            done = r.player.play(r.rng, greedy=r.episodes == 0, closed=self.closed)
            if done is None:
                self.exhausted = True
                break
            r.episodes += 1
            r.player.close(self.closed, done)
            new = done.kernel.key not in ev.cache and done.kernel.key not in fresh
            if new:
                fresh[done.kernel.key] = done
            idle = 0 if new else idle + 1
        self.proposals = _ranked(r, list(fresh.values()))

    def explore(self) -> bool:
        """The best-ranked of the policy's proposals not evaluated yet, tuned on the model (the proposal itself
        when its tuned kernel was evaluated already); False: the policy proposes none."""
        if not self.proposals:
            self.propose()
        while self.proposals:
            proposal = self.proposals.pop(0)
            if self._evaluate_first_new((_climbed(self.r, proposal), proposal)):
                return True
        return False

    def exploit(self) -> bool:
        """The best-ranked neighbour of the best kernel not evaluated yet (False: none is left)."""
        while self.queue:
            if self._evaluate_first_new((self.queue.pop(0),)):
                return True
        return False

    def _evaluate_first_new(self, candidates: Sequence[State]) -> bool:
        ev = self.r.evaluator
        for c in candidates:
            if c.kernel.key not in ev.cache:
                self.seen(ev.evaluate(c), c)
                return True
        return False


def _run_guided(r: _PolicyRun) -> None:
    """Policy-guided search (see `guided_search`)."""
    ev, g = r.evaluator, _Guided(r)
    g.explore()
    while not ev.exhausted:
        moved = g.exploit()
        if ev.exhausted:
            break
        if not g.explore() and not moved:
            break
    if ev.count < r.budget:
        why = "every episode of the space was played" if g.exhausted else "no new kernel"
        r.notes.append(f"guided stopped after {ev.count} of {r.budget} evaluations ({why}; {r.episodes} episodes)")


def _play(method: str, run: Callable[[_PolicyRun], None], policy: Policy, uri: str, budget: int, seed: int,
          reward: RewardConfig | None, reward_fn: RewardFunction | None, model: str | None = None) -> SearchResult:
    if budget < 1:
        raise ValueError(f"the budget must be a positive number of evaluations, got {budget}")
    fn = reward_fn if reward_fn is not None else RewardFunction(reward or RewardConfig())
    try:
        shape = policy.env
        cfg = Config(max_rewrites=shape.max_rewrites, max_nodes=shape.max_nodes, n_slots=shape.n_slots,
                     limits=fn.ctx.limits)
        if encode.observation_space(shape.max_nodes, shape.n_slots) != policy.model.observation_space:
            raise ValueError(f"{policy.path} was trained on another observation space than the env's "
                             f"(max_nodes={shape.max_nodes}, n_slots={shape.n_slots})")
        if cfg.layout.n != policy.model.action_space.n:
            raise ValueError(f"{policy.path} was trained on Discrete({policy.model.action_space.n}) actions "
                             f"({policy.env_version or 'env version not recorded'}); this env has "
                             f"Discrete({cfg.layout.n}) ({env_version()}): the rewrite rules the env offers changed "
                             "since training; retrain, or evaluate with the lift-gym version it was trained with")
        knn = None
        if model is not None:
            try:
                knn = load_model(model, fn.config.device, fn.ctx)
            except ModelUnavailable as err:
                raise RewardUnavailable(f"{method}: {err}") from err
        ev = Evaluator(fn, budget)
        r = _PolicyRun(PolicyPlayer(policy, transition.initial(uri, seed, cfg), fn.ctx.profile_model), ev,
                       np.random.default_rng(seed), budget, knn)
        try:
            run(r)
        except BudgetExhausted:
            pass
        finally:
            ev.close()
        return SearchResult(method, uri, budget, seed, fn.config.source, list(ev.trials), r.episodes,
                            time.perf_counter() - ev.t0, ev.best_record, 0, r.notes)
    finally:
        if reward_fn is None:
            fn.close()


def policy_search(policy: Policy, uri: str, budget: int, *, seed: int = 0, reward: RewardConfig | None = None,
                  reward_fn: RewardFunction | None = None) -> SearchResult:
    """Play the policy on `uri` (its most likely episode first, then samples of its masked distribution) until
    `budget` distinct kernels are evaluated, or 50 x budget + 100 episodes, or budget / STALL + 8 episodes in a
    row found no new kernel. An episode played before costs nothing: its states, the policy's distributions
    and its kernel's reward are memoised (PolicyPlayer, Evaluator)."""
    return _play("policy", _run_policy, policy, uri, budget, seed, reward, reward_fn)


def guided_search(policy: Policy, uri: str, budget: int, *, seed: int = 0, reward: RewardConfig | None = None,
                  reward_fn: RewardFunction | None = None, model: str | None = None) -> SearchResult:
    """Policy-guided search at a budget of `budget` distinct kernels evaluated, alternating two moves:

    - explore: the policy proposes, the kNN model (`model`, a saved KnnPerfModel) tunes, the reward measures.
      The policy's episodes are played without replacement (its most likely episode first, then samples of its
      distribution with every action sequence already played left out) until PROPOSALS new kernels are
      proposed; they are ranked by the model's predicted throughput, and the best-ranked one not evaluated yet
      is tuned on the model (its tuning neighbour of the highest prediction while that is above its own, at
      most CLIMB_STEPS times) and evaluated (the proposal itself when its tuned kernel was evaluated already);
    - exploit: the next tuning neighbour (`agents.search.tuning_neighbours`: one parameter one offered slot down
      or up, the later ones kept) of the best kernel found so far, in order of the model's predicted throughput;
      a better kernel, from either move, becomes the one whose neighbours are tried.

    Without a model the proposals are ranked by the policy's likelihood (its most likely episode first) and
    nothing is tuned before it is evaluated; the neighbours are ranked the same way. Half of the budget follows
    the policy's proposals, half tunes the best kernel found. Stops after `budget` evaluations, when neither move
    finds a new kernel (every episode played, or budget / STALL + 8 episodes in a row without one, and no
    neighbour left), or after 50 x budget + 100 episodes."""
    return _play("guided", _run_guided, policy, uri, budget, seed, reward, reward_fn, model)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text.replace("benchmark://", "")).strip("_")


def _best_at(curve: Sequence[float], budget: int) -> float | None:
    """The best reward within the first `budget` evaluations of a best-so-far curve (None: no evaluation).
    A run of budget 32 gives every smaller budget's result: its first `budget` evaluations are that run."""
    return curve[min(budget, len(curve)) - 1] if curve else None


def _evals_to(curve: Sequence[float], reward: float) -> int | None:
    return next((i + 1 for i, r in enumerate(curve) if r >= reward - 1e-12), None)


def ratio_interval(log_ratios: Sequence[float], *, confidence: float = 0.95, n_resamples: int = 2000,
                   seed: int = 0) -> tuple[float, float | None, float | None]:
    """exp(mean) of paired log ratios (the ratio of two geometric means over the same runs) and its percentile
    bootstrap interval (scipy.stats.bootstrap, runs resampled with replacement); no interval under two runs."""
    d = np.asarray(log_ratios, dtype=float)
    if d.size == 0:
        raise ValueError("a ratio needs at least one paired run")
    point = float(np.exp(d.mean()))
    if d.size < 2:
        return point, None, None
    if np.ptp(d) == 0.0:  # every run gives the same ratio: the interval is that point
        return point, point, point
    res = stats.bootstrap((d,), np.mean, confidence_level=confidence, n_resamples=n_resamples,
                          method="percentile", random_state=np.random.default_rng(seed))
    return point, float(np.exp(res.confidence_interval.low)), float(np.exp(res.confidence_interval.high))


def default_budgets(budget: int) -> tuple[int, ...]:
    """The budgets reported for runs of `budget` evaluations: 8, 16 and 32 where not above it, and `budget`."""
    return tuple(sorted({b for b in BUDGETS if b <= budget} | {budget}))


def _run_row(r: SearchResult, target: float) -> dict[str, Any]:
    b = r.best
    return {"seed": r.seed, "evaluations": len(r.trials), "episodes": r.episodes,
            "best_reward": None if b is None else b.reward, "best_speedup": None if b is None else math.exp(b.reward),
            "best_gflops": None if b is None else b.gflops, "evals_to_target": r.evals_to_reach(target),
            "wall_s": round(r.wall_s, 3), "notes": r.notes, "curve": r.curve(),
            "trials": [t.to_dict() for t in r.trials]}


def _method_row(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """A method on one benchmark over its seeds: the best found by any seed, the geomean of each seed's best."""
    logs = [x["best_reward"] for x in runs if x["best_reward"] is not None]
    best = max(runs, key=lambda x: -math.inf if x["best_reward"] is None else x["best_reward"])
    reached = [x["evals_to_target"] for x in runs if x["evals_to_target"] is not None]
    return {"runs": runs, "seeds": len(runs), "evaluations": max(x["evaluations"] for x in runs),
            "best_reward": best["best_reward"], "best_speedup": best["best_speedup"],
            "best_gflops": best["best_gflops"],
            "geomean_best_speedup": math.exp(sum(logs) / len(logs)) if logs else None,
            "reached_target": len(reached), "evals_to_target": min(reached) if reached else None,
            "mean_evals_to_target": sum(reached) / len(reached) if reached else None,
            "wall_s": round(sum(x["wall_s"] for x in runs), 3)}


def evaluate(policy: str | Path | None, benchmarks: Sequence[str], budget: int, baselines: Sequence[str], *,
             seed: int = 0, seeds: Sequence[int] | None = None, budgets: Sequence[int] | None = None,
             reference: str = "random", reward: RewardConfig | None = None, out_dir: str | Path = "evaluation",
             search_options: dict | None = None, log: Callable[[str], None] = print,
             trusted: bool = False, stop_after_s: float | None = None, progress: bool = False,
             command: str = "", jobs: int = 1) -> dict[str, Any]:
    """Compare `policy` (None: baselines only) with `baselines` on each benchmark over seeds; write and return
    the report.

    Args:
        policy: a run folder, manifest or model zip.
        benchmarks: benchmark URIs.
        budget: evaluations per run (method, benchmark and seed).
        baselines: strategies of agents.search (random, greedy, beam, knn, presets, sweep, model, evolution: the
            cost-model-ranked and the evolutionary search), or guided.
        seed: the seed of a single run per method and benchmark (when `seeds` is None).
        seeds: one run per seed of each method on each benchmark.
        budgets: the budgets reported, each read from the first evaluations of the runs of `budget`
            (default: 8, 16 and 32 where not above `budget`, and `budget`).
        reference: the method every other one is compared with (ratio of geometric means, bootstrap interval).
        reward: the reward source of every evaluation (default: lift_gym's default).
        out_dir: where evaluate.json, the plot and the episodes go.
        search_options: extra keyword arguments of `agents.search.search` (width, beam_width, model, model_kind,
            population, measure, ...).
        log: progress lines.
        trusted: unpickle the policy zip as it is (see agents.untrusted), for a zip this package cannot rebuild.
        stop_after_s: start no run after this many seconds; the report then covers the runs finished
            (`report["partial"]` says how many; the ratios pair runs by benchmark and seed), and a rerun goes on
            from runs.jsonl. EvaluationStopped when no run finished.
        progress: a tqdm bar "evaluate" on stderr over every run (method x benchmark x seed); the log lines are
            written above it.
        command: the command line that ran this evaluation, recorded in comparison.json.
        jobs: runs at once, each in its own process (spawned, one torch thread, its own reward source, the
            measurement store shared); their kernels' launches take turns on the device (`measure.device_turn`),
            so only the host work (masks, compilations, gold outputs, builds) runs side by side. Runs are
            started in the order above and written to runs.jsonl as they end; `stop_after_s` starts no more.

    With a policy, the report's "comparison" (also written to comparison.json) is the learned method's standing at
    16 evaluations against random, knn and greedy search (`comparison`).
    """
    seeds, budgets = _checked(policy, baselines, tuple(seeds) if seeds is not None else (seed,), budgets, budget)
    reward = reward or RewardConfig()
    out = Path(out_dir)
    pol = load_policy(policy, trusted=trusted) if policy is not None else None
    shape = pol.env if pol is not None else EnvConfig()
    trained = {canonical_uri(u) for u in pol.trained_on} if pol is not None else set()
    options = dict(search_options or {})
    methods = (["policy"] if pol is not None else []) + list(baselines)
    done = RunLog(out / RUNS, _run_identity(pol, reward, shape, options))
    results_of: dict[str, dict[str, list[SearchResult]]] = {uri: {} for uri in benchmarks}
    # seeds outermost, then benchmarks; within a benchmark the policy's methods and the reference first: an
    # evaluation stopped early holds every method's runs of the seeds it finished (each comparison is paired)
    first = [m for m in methods if m in POLICY_METHODS or m == reference]
    ranked = first + [m for m in methods if m not in first]
    order = [(sd, uri, name) for sd in seeds for uri in benchmarks for name in ranked]
    t0 = time.perf_counter()
    from tqdm.auto import tqdm

    bar = tqdm(total=len(order), desc="evaluate", unit="run", disable=not progress, file=sys.stderr,
               dynamic_ncols=True)

    def say(line: str) -> None:
        bar.update(1)
        with bar.external_write_mode():
            log(line)

    def late() -> bool:
        return stop_after_s is not None and time.perf_counter() - t0 > stop_after_s

    todo = []
    for sd, uri, name in order:
        r = done.get(uri, name, sd, budget)
        if r is None:
            todo.append((sd, uri, name))
        else:
            say(_progress(uri, r) + f"  [{RUNS}]")

    def finished(r: SearchResult) -> None:
        done.add(r)
        say(_progress(r.uri, r))

    try:
        if jobs > 1 and len(todo) > 1:
            _run_parallel(todo, jobs, budget, (policy, trusted, reward, shape, options), finished, say, late)
        elif todo:
            fn = RewardFunction(reward)  # one worker and store for every run (each keeps its own evaluation count)
            try:
                for sd, uri, name in todo:
                    if late():
                        break
                    bar.set_postfix_str(f"{name} {uri.replace('benchmark://lift/', '')} seed {sd}", refresh=False)
                    finished(_run_method(name, pol, uri, budget, sd, fn, shape, options))
            finally:
                fn.close()
    finally:
        bar.close()
    missing = 0
    for sd, uri, name in order:
        r = done.get(uri, name, sd, budget)
        if r is None:
            missing += 1
        else:
            results_of[uri].setdefault(name, []).append(r)
    partial = f"{len(order) - missing} of {len(order)} runs" if missing else None
    if missing:
        why = f"stopped after {stop_after_s:g} s" if late() else "runs missing"
        log(f"{why}: {partial} finished; the same command goes on from {out / RUNS}")
        if missing == len(order):
            raise EvaluationStopped(f"no run finished ({why}); rerun the same command to go on "
                                    f"(finished runs are kept in {out / RUNS})")
    rows, panels = _rows(results_of, budget, out, None if pol is None else trained)
    report = {"budget": budget, "budgets": list(budgets), "seeds": list(seeds), "seed": seeds[0], "partial": partial,
              "reference": reference, "reward_source": reward.source, "target_fraction": TARGET,
              "policy": None if pol is None else str(pol.path), "policy_notes": [] if pol is None else list(pol.notes),
              "trained_on": [] if pol is None else list(pol.trained_on), "benchmarks": rows,
              "summary": summarize(rows, budgets, reference)}
    report["plot"] = str(plot_best_so_far(panels, out / "best_so_far"))
    try:
        report["comparison"] = comparison(report, command=command)
        write_json(out / "comparison.json", report["comparison"])
    except ValueError:  # no method played the policy (or none of its runs finished)
        report["comparison"] = None
    write_json(out / "evaluate.json", report)
    return report


def _checked(policy, baselines: Sequence[str], seeds: tuple[int, ...], budgets: Sequence[int] | None,
             budget: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`evaluate`'s arguments checked (ValueError saying which); the seeds and the budgets reported."""
    unknown = [b for b in baselines if b not in METHODS]
    if unknown:
        raise ValueError(f"unknown baseline(s) {', '.join(unknown)}; baselines: {', '.join(METHODS)}")
    if policy is None and any(b in POLICY_METHODS for b in baselines):
        raise ValueError(f"{', '.join(b for b in baselines if b in POLICY_METHODS)} plays a trained policy: "
                         "pass one (--policy RUN)")
    if not seeds:
        raise ValueError("seeds: name at least one seed")
    budgets = tuple(sorted(set(budgets))) if budgets is not None else default_budgets(budget)
    if not budgets or budgets[0] < 1 or budgets[-1] > budget:
        raise ValueError(f"budgets {list(budgets)}: each must be between 1 and the run budget {budget}")
    return seeds, budgets


def _rows(results_of: dict[str, dict[str, list[SearchResult]]], budget: int, out: Path,
          trained: set[str] | None) -> tuple[list[dict], dict[str, dict[str, list[float]]]]:
    """Each benchmark's row of the report (its methods' runs, against 90% of the best any run found; each method's
    best episode written under out/episodes) and its panel of mean best-so-far curves."""
    rows, panels = [], {}
    for uri, results in results_of.items():
        best = max((t.reward for rs in results.values() for r in rs for t in r.trials), default=-math.inf)
        target = best + math.log(TARGET)
        row = {"benchmark": uri, "trained_on": None if trained is None else canonical_uri(uri) in trained,
               "best_reward": best, "best_speedup": math.exp(best) if math.isfinite(best) else None,
               "target_reward": target, "methods": {}}
        for name, rs in results.items():
            row["methods"][name] = _method_row([_run_row(r, target) for r in rs])
            top = max((r for r in rs if r.best is not None), key=lambda r: r.best.reward, default=None)
            if top is not None and top.best_record is not None:
                path = out / "episodes" / f"{_slug(uri)}-{name}.json"
                write_text(path, top.best_record.to_json() + "\n")
                row["methods"][name]["episode"] = str(path)
        rows.append(row)
        panels[uri] = {name: _mean_curve([r.curve() for r in rs], budget) for name, rs in results.items()}
    return rows, panels


def _run_parallel(todo: list[tuple[int, str, str]], jobs: int, budget: int, start_args: tuple,
                  finished: Callable[[SearchResult], None], say: Callable[[str], None],
                  late: Callable[[], bool]) -> None:
    """`todo`'s runs in `jobs` processes (`agents.parallel`); one whose process could not reach the device is
    reported and left out (a rerun runs it)."""
    def ended(task: tuple, result: dict[str, Any]) -> None:
        if "unavailable" in result:
            sd, uri, name, _ = task
            say(f"{uri}  {name}  seed {sd}  not run: {result['unavailable']} (the same command runs it again)")
        else:
            finished(SearchResult.from_dict(result))

    in_processes([(*t, budget) for t in todo], jobs, _worker_run, start=_worker_start, start_args=start_args,
                 on_done=ended, late=late)


def _worker_start(policy, trusted: bool, reward: RewardConfig, shape: EnvConfig, options: dict) -> dict[str, Any]:
    """What the runs of one process of `in_processes` share: the policy, a reward source (closed at its exit)."""
    return {"pol": load_policy(policy, trusted=trusted) if policy is not None else None,
            "fn": process_reward(reward), "shape": shape, "options": options}


def _worker_run(w: dict[str, Any], sd: int, uri: str, name: str, budget: int) -> dict[str, Any]:
    """One run's result as a dict, or {"unavailable": why} when its reward source could not reach the device
    (a context that failed to open): the run is left for a rerun instead of ending the other processes' runs."""
    try:
        return _run_method(name, w["pol"], uri, budget, sd, w["fn"], w["shape"], w["options"]).to_dict()
    except (DeviceNotFound, RewardUnavailable) as err:
        return {"unavailable": f"{type(err).__name__}: {err}"}


class EvaluationStopped(RuntimeError):
    """`evaluate(stop_after_s=...)` stopped before any seed finished (the message says where the runs are kept)."""


def _run_method(name: str, pol: Policy | None, uri: str, budget: int, seed: int, fn: RewardFunction,
                shape: EnvConfig, options: dict) -> SearchResult:
    if name == "policy":
        assert pol is not None
        return policy_search(pol, uri, budget, seed=seed, reward_fn=fn)
    if name == "guided":
        assert pol is not None
        return guided_search(pol, uri, budget, seed=seed, reward_fn=fn, model=options.get("model") or fn.config.model)
    return search(uri, name, budget, seed=seed, reward_fn=fn, max_rewrites=shape.max_rewrites,
                  max_nodes=shape.max_nodes, n_slots=shape.n_slots, **options)


def _file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _run_identity(pol: Policy | None, reward: RewardConfig, shape: EnvConfig, options: dict) -> dict[str, Any]:
    """What makes a finished run reusable besides its benchmark, method, seed and budget: the policy's model file
    (by content), the reward source and what it reads, the env shape, the search options and the env version."""
    return json.loads(json.dumps({
        "policy": None if pol is None else _file_digest(pol.path),
        "reward": {"source": reward.source, "fallback": reward.fallback, "device": reward.device,
                   "model": reward.model, "profile": reward.profile, "prune": reward.prune},
        "env": {"max_rewrites": shape.max_rewrites, "max_nodes": shape.max_nodes, "n_slots": shape.n_slots},
        "options": options, "env_version": env_version()}, default=str))


class RunLog:
    """The finished runs of an evaluation, one JSON line each in `path` (appended and flushed as each run ends):
    a rerun with the same identity (`_run_identity`) takes them from here instead of running them again. Lines of
    another identity (another policy, reward source, env shape or options) are kept in the file and not used; a
    line cut short by a kill is skipped."""

    def __init__(self, path: Path, identity: dict[str, Any]):
        self.path, self.identity = path, identity
        self.runs: dict[tuple[str, str, int, int], SearchResult] = {}
        self.skipped = 0
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    d = json.loads(line)
                    if d.get("identity") != identity:
                        continue
                    r = SearchResult.from_dict(d["result"])
                except (ValueError, KeyError, TypeError):
                    self.skipped += 1
                    continue
                self.runs[(r.uri, r.strategy, r.seed, r.budget)] = r

    def get(self, uri: str, method: str, seed: int, budget: int) -> SearchResult | None:
        return self.runs.get((uri, method, seed, budget))

    def add(self, r: SearchResult) -> None:
        self.runs[(r.uri, r.strategy, r.seed, r.budget)] = r
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"identity": self.identity, "result": r.to_dict()}, default=str)
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
            fh.flush()
            os.fsync(fh.fileno())


def _mean_curve(curves: list[list[float]], budget: int) -> list[float]:
    """The geometric mean over seeds of the best-so-far speedup after each evaluation (a curve that stopped
    early keeps its last value)."""
    curves = [c for c in curves if c]
    n = min(budget, max((len(c) for c in curves), default=0))
    return [math.exp(sum(c[min(i, len(c) - 1)] for c in curves) / len(curves)) for i in range(n)]


def _progress(uri: str, r: SearchResult) -> str:
    b = r.best
    best = "no evaluation" if b is None else f"best speedup {math.exp(b.reward):.3f}x"
    return f"{uri}  {r.strategy:7s} seed {r.seed:<3d} {len(r.trials):4d} evaluations  {best}  ({r.wall_s:.1f} s)"


def _cells(rows: list[dict], name: str, budget: int) -> dict[tuple[str, int], float]:
    """(benchmark, seed) -> the method's best reward within `budget` evaluations of that run."""
    out = {}
    for row in rows:
        for run in row["methods"].get(name, {}).get("runs", []):
            v = _best_at(run["curve"], budget)
            if v is not None:
                out[(row["benchmark"], run["seed"])] = v
    return out


def summarize(rows: list[dict], budgets: Sequence[int] | None = None,
              reference: str = "random") -> dict[str, dict[str, Any]]:
    """Per method, at each budget (from the runs' first evaluations): the geometric mean over runs (benchmarks x
    seeds) of the best speedup, its ratio to `reference`'s over the same runs with a 95% bootstrap interval, and
    the runs that reached 90% of the best known on their benchmark with the mean evaluations they needed. The
    method's top-level keys are those of the largest budget."""
    names = list(dict.fromkeys(n for row in rows for n in row["methods"]))
    if budgets is None:
        budgets = (max((len(run["curve"]) for row in rows for m in row["methods"].values() for run in m["runs"]),
                       default=1),)
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        per: dict[str, dict[str, Any]] = {}
        for b in budgets:
            cells, ref = _cells(rows, name, b), _cells(rows, reference, b)
            runs = [(row, run) for row in rows for run in row["methods"].get(name, {}).get("runs", [])]
            reached = [e for row, run in runs
                       if (e := _evals_to(run["curve"][:b], row["target_reward"])) is not None]
            s: dict[str, Any] = {
                "geomean_best_speedup": math.exp(sum(cells.values()) / len(cells)) if cells else None,
                "runs": len(runs), "reached": len(reached), "reached_target": f"{len(reached)}/{len(runs)}",
                "mean_evals_to_target": sum(reached) / len(reached) if reached else None,
                "ratio": None, "ci_low": None, "ci_high": None}
            paired = [cells[k] - ref[k] for k in cells if k in ref]
            if name != reference and paired:
                s["ratio"], s["ci_low"], s["ci_high"] = ratio_interval(paired)
            per[str(b)] = s
        top = per[str(budgets[-1])]
        wall = sum(row["methods"][name]["wall_s"] for row in rows if name in row["methods"])
        out[name] = {**top, "wall_s": round(wall, 3), "budgets": per}
    return out


COMPARED = ("random", "knn", "greedy")  # the baselines the learned method is held against
WITHIN = 5  # evaluations within which a run should reach the target (90% of the best known)


def comparison(report: dict[str, Any], budget: int = 16, *, method: str | None = None,
               command: str = "") -> dict[str, Any]:
    """The learned method's standing at `budget` evaluations (the largest budget reported when that is not one), in
    the form of docs/benchmarks/agents_h200.json: the best of the methods that play the policy (by geometric-mean
    best speedup, or `method`) against random, knn and greedy search, each a ratio over the runs both made with
    its 95% bootstrap interval (None for a baseline not run), and the fraction of its runs that reached 90% of
    the best known kernel within WITHIN evaluations; with the seeds and runs of that method it covers (`partial`:
    the report's count of finished runs when the evaluation was cut), the training programs and the evaluated
    programs it never trained on. ValueError when no method played the policy."""
    budgets = report.get("budgets") or [report["budget"]]
    b = budget if budget in budgets else budgets[-1]
    s, rows = report["summary"], report["benchmarks"]
    played = [m for m in POLICY_METHODS if m in s and s[m]["budgets"][str(b)]["geomean_best_speedup"] is not None]
    if method is None:
        if not played:
            raise ValueError("the report has no run of a method that plays the policy (policy, guided)")
        method = max(played, key=lambda m: s[m]["budgets"][str(b)]["geomean_best_speedup"])
    elif method not in played:
        raise ValueError(f"the report has no run of {method!r} at {b} evaluations; it has {', '.join(played)}")
    runs = [(row, run) for row in rows for run in row["methods"].get(method, {}).get("runs", [])]
    out: dict[str, Any] = {"command": command, "budget": b, "seeds": len({run["seed"] for _, run in runs}),
                           "runs": len(runs), "partial": report.get("partial"),
                           "train_programs": len(report.get("trained_on") or []),
                           "unseen_programs": sum(1 for row in rows if row.get("trained_on") is False)}
    for base in COMPARED:
        pair = summarize(rows, budgets=(b,), reference=base)[method]["budgets"][str(b)] if base in s else None
        out[f"vs_{base}"] = None if pair is None else {k: pair[k] for k in ("ratio", "ci_low", "ci_high")}
    fast = [run for row, run in runs if (e := _evals_to(run["curve"][:b], row["target_reward"])) is not None
            and e <= WITHIN]
    out["within5"] = len(fast) / len(runs) if runs else None
    out["method"] = method
    return out


def _fmt(v: float | None, spec: str = ".3f", suffix: str = "x") -> str:
    return "-" if v is None else f"{v:{spec}}{suffix}"


def table(report: dict[str, Any]) -> str:
    """The report as text: per benchmark and method (over the seeds, at the run budget), then per budget and
    method the geometric mean, the ratio to the reference with its 95% bootstrap interval and the runs that
    reached 90% of the best known."""
    pct = int(report["target_fraction"] * 100)
    seeds, ref = report.get("seeds", [report.get("seed", 0)]), report.get("reference", "random")
    budgets = report.get("budgets", [report["budget"]])
    labels = [row["benchmark"] + (" (trained)" if row["trained_on"] else "") for row in report["benchmarks"]]
    w = max([len("summary over benchmarks x seeds"), *map(len, labels)])  # the label column fits the longest
    lines = [f"{report['budget']} evaluations per run, {len(seeds)} seed(s) per method and benchmark, "
             f"{report['reward_source']} reward" + (f" (partial: {report['partial']} finished)"
                                                    if report.get("partial") else ""),
             f"{'benchmark':{w}s} {'method':8s} {'geomean best':>12s} {'best':>8s} {'GFLOP/s':>9s} "
             f"{f'reached {pct}%':>11s} {'mean evals':>10s} {'wall s':>8s}"]
    for row, label in zip(report["benchmarks"], labels, strict=True):
        for name, m in row["methods"].items():
            gf = "-" if m["best_gflops"] is None else f"{m['best_gflops']:.3g}"
            reached = f"{m['reached_target']}/{m['seeds']}"
            lines.append(f"{label:{w}s} {name:8s} {_fmt(m['geomean_best_speedup']):>12s} {_fmt(m['best_speedup']):>8s} "
                         f"{gf:>9s} {reached:>11s} {_fmt(m['mean_evals_to_target'], '.1f', ''):>10s} "
                         f"{m['wall_s']:8.1f}")
            label = ""
    lines.append("")
    lines.append(f"{'summary over benchmarks x seeds':{w}s} {'method':8s} {'budget':>6s} {'geomean':>8s} "
                 f"{f'vs {ref} [95% CI]':>26s} {f'reached {pct}%':>11s} {'mean evals':>10s}")
    for b in budgets:
        for name, s in report["summary"].items():
            p = s.get("budgets", {}).get(str(b), s)
            if p.get("ratio") is None:
                vs = "-" if name != ref else "1 (reference)"
            else:
                vs = f"{p['ratio']:.3f}x [{_fmt(p['ci_low'])}, {_fmt(p['ci_high'])}]"
            lines.append(f"{'':{w}s} {name:8s} {b:6d} {_fmt(p['geomean_best_speedup']):>8s} {vs:>26s} "
                         f"{p['reached_target']:>11s} {_fmt(p['mean_evals_to_target'], '.1f', ''):>10s}")
    return "\n".join(lines)


__all__ = ["BUDGETS", "COMPARED", "METHODS", "POLICY_METHODS", "RUNS", "WITHIN", "EvaluationStopped", "Policy",
           "PolicyPlayer", "RunLog", "comparison", "default_budgets", "evaluate", "guided_search", "load_policy",
           "observation", "policy_search", "ratio_interval", "summarize", "table"]
