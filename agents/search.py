"""Search baselines over LiftGym's actions, on the pure transition functions (no env, no policy).

    result = search("benchmark://lift/mm/small", "random", budget=32, reward=RewardConfig(source="measured"))
    result.best.speedup, result.best_record.to_json()      # replayable with `lift-gym replay`

An **evaluation** is the reward of one complete program (a terminal state's kernel) from the configured
source: a measurement, a kNN prediction, a replayed measurement or a roofline estimate. Evaluations are counted
per distinct kernel: a kernel reached again (by other actions, or on a later episode) is answered from the
search's cache and costs nothing, as the measurement store would make it. A search stops after `budget`
evaluations (or earlier when its strategy runs dry). Strategies:

- `random`: uniform random legal actions until the episode ends; repeat.
- `greedy`: at each decision, try up to `width` legal actions (always the default one, see `default_action`),
  complete each resulting state (the default completion on the first descent, random completions after) and
  evaluate it; take the best action and go on; when the episode ends, descend again from the start.
- `beam`: breadth-first over decisions, keeping the `beam_width` best partial states by a cheap score (the
  roofline estimate of the state's default completion, not counted as an evaluation), expanding up to `expand`
  actions each; complete children are evaluated best cheap score first. When the beam empties it restarts,
  twice as wide.
- `knn`: draw `candidates` random complete programs, rank them by the kNN performance model's predicted
  throughput (compiler.perf.model, fitted on the measurement store, or `model=PATH`) and evaluate the top ones.
- `model`: as `knn`, ranked by a cost model of either kind (`model_kind`: gbt, gradient boosting, by default, or
  knn; or the file `model`) fitted on the store without the searched program's rows (agents.model_search).
- `evolution`: an evolutionary search in the style of Ansor: a population of episodes mutated and crossed through
  the masked actions, the children ranked by a cost model (the search's own gradient boosting once it has
  evaluated a few kernels, before that the store's model) and the best `measure` of them evaluated each round;
  the first population holds the named lowerings at their defaults (evaluated first) and random points of their
  spaces beside random episodes (agents.evolution).
- `presets`: the benchmark's named lowerings first (the generic default and each named lowering at its default
  values, as episodes: compiler.lowering.presets), then hill climbing from the best named lowering with
  parameters: each sweep tries, for every parameter, the neighbouring offered values (one slot down and up, the
  other parameters kept where they stay valid) and moves to the best improvement; a sweep without one restarts
  from a random point of a named lowering's space.
- `sweep`: the same named lowerings first, then coordinate sweeps from the best named lowering with parameters:
  for radius 1, 2, ... each parameter (in the space's order, the values before it kept) takes the offered value
  `radius` slots below and above its own, the later parameters keeping their values where still offered, else the
  nearest offered; a later parameter the move leaves without its value is also completed with up to `coupled`
  other offered values (nearest its own first), so that coupled moves (conv42's θ with ω and ρ) are one step.
  The best improvement is moved to (radius 1 again); when no parameter offers a value that far (every offered
  value of every parameter tried without a gain) the sweep climbs from the next named lowering's defaults (in
  the order of their rewards there, so a lowering slower at its defaults is still tuned), and once every named
  lowering was climbed it restarts from random points of the best named lowering's space.

When the reward source is `analytical` the beam's cheap score is the reward itself: compare strategies on the
predicted or measured rewards.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from gymnasium.error import InvalidAction

from compiler.errors import CompilerError
from compiler.lowering.presets import default_preset, named_preset
from compiler.lowering.stages import MAP_CODES, resolve
from compiler.lowering.templates import templates_of
from compiler.perf.features import FEATURE_NAMES
from compiler.perf.model import KnnPerfModel, ModelUnavailable
from lift_gym import transition
from lift_gym.episode import EpisodeState
from lift_gym.presets import play_preset
from lift_gym.rewards import RewardConfig, RewardFunction, RewardUnavailable, final_job, job_features, load_model
from lift_gym.transition import Config, Phase, State

from .walks import complete, distinct_programs, legal, random_choice

STRATEGIES = ("random", "greedy", "beam", "knn", "presets", "sweep", "model", "evolution")
# the default completion's mapping preference: the most parallel code first
MAP_PREFERENCE = (30, 31, 32, 20, 21, 22, 10, 11, 12, 1, 0)


class BudgetExhausted(Exception):
    """Raised inside a strategy when a new kernel would exceed the evaluation budget."""


@dataclass(frozen=True)
class Trial:
    """One counted evaluation: its number (1-based), reward (log speedup), speedup, GFLOP/s (when the source
    gives a time), source, kernel key and the wall-clock seconds since the search started; a failed one (scored
    the failure reward) has its reason (`FAILURE_REASONS`: build, correctness, time-out, device limit, ...) and
    the first line of the error."""

    n: int
    reward: float
    speedup: float | None
    gflops: float | None
    source: str
    kernel_key: str
    wall_s: float
    failure: str | None = None
    failure_detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "reward": self.reward, "speedup": self.speedup, "gflops": self.gflops,
                "source": self.source, "kernel_key": self.kernel_key, "wall_s": round(self.wall_s, 4),
                "failure": self.failure, "failure_detail": self.failure_detail}


# a failed kernel's status (lift_gym.rewards.KernelEval.status, the runtime's error kinds) in words
FAILURE_REASONS = {"compile": "build", "correctness": "correctness", "timeout": "time-out", "invalid": "device limit",
                   "launch": "launch", "device": "device", "runtime": "runtime"}


def failure_of(ev) -> tuple[str | None, str]:
    """(reason, first line of its message) of an evaluation scored the failure reward; (None, "") otherwise."""
    if ev.speedup is not None:
        return None, ""
    final = ev.final
    status = final.status if final.status != "ok" else "no time"
    report = final.report or {}
    text = str(report.get("message") or report.get("error") or "").strip()
    detail = " ".join(text.splitlines()[0].split())[:200] if text else ""
    return FAILURE_REASONS.get(status, status), detail


def failure_summary(trials: Sequence[Trial]) -> str | None:
    """'3 of 8 evaluations failed: 2 correctness, 1 build' (most frequent first); None when none failed."""
    counts: dict[str, int] = {}
    for t in trials:
        if t.failure is not None:
            counts[t.failure] = counts.get(t.failure, 0) + 1
    if not counts:
        return None
    n = sum(counts.values())
    parts = ", ".join(f"{c} {r}" for r, c in sorted(counts.items(), key=lambda rc: (-rc[1], rc[0])))
    return f"{n} of {len(trials)} evaluation{'s' if len(trials) != 1 else ''} failed: {parts}"


class Evaluator:
    """Counts evaluations per distinct kernel, caches their rewards and keeps the best episode.

    Args:
        reward_fn: the reward source.
        budget: the number of evaluations allowed.
        time_limit_s: no new kernel is evaluated once this many seconds have passed (None: no limit).
    """

    def __init__(self, reward_fn: RewardFunction, budget: int, time_limit_s: float | None = None,
                 on_trial: Callable[[Trial], None] | None = None):
        self.reward_fn, self.budget, self.time_limit_s = reward_fn, budget, time_limit_s
        self.on_trial = on_trial  # called with each new trial (a progress bar)
        self.cache: dict[str, float] = {}
        self.trials: list[Trial] = []
        self.best_reward: float | None = None
        self.best_record: EpisodeState | None = None
        self.t0 = time.perf_counter()
        self._batch: int | None = None
        self._pending: Future | None = None  # a batch measured in the background (evaluate_all(background=True))
        self._in_flight = 0
        self._thread: ThreadPoolExecutor | None = None

    @property
    def batch(self) -> int:
        """New kernels evaluated together: twice the measurement pool's workers, or 1 with one worker."""
        if self._batch is None:
            n = self.reward_fn.batch_size
            self._batch = 1 if n == 1 else 2 * n
        return self._batch

    @property
    def count(self) -> int:
        return len(self.trials)

    @property
    def in_flight(self) -> int:
        """New kernels being evaluated in the background, not counted yet."""
        return self._in_flight

    @property
    def out_of_time(self) -> bool:
        return self.time_limit_s is not None and time.perf_counter() - self.t0 >= self.time_limit_s

    @property
    def room(self) -> int:
        """New kernels that may still be evaluated: the rest of the budget, none after the time limit."""
        return 0 if self.out_of_time else max(self.budget - self.count, 0)

    @property
    def exhausted(self) -> bool:
        return self.room == 0

    def evaluate(self, state: State) -> float:
        """The reward of a terminal state (cached per kernel); BudgetExhausted when a new one is over budget."""
        assert state.kernel is not None, "only complete programs are evaluated"
        self.join()
        key = state.kernel.key
        if key in self.cache:
            return self.cache[key]
        if self.exhausted:
            raise BudgetExhausted
        ev = self.reward_fn.evaluate(state)
        self._count(state, ev)
        return ev.reward

    def evaluate_all(self, states: Sequence[State], *, background: bool = False) -> list[float] | None:
        """`evaluate` of each terminal state, with the same trials in the same order, but the new kernels
        evaluated `batch` at a time (a measured source measures them in parallel on its pool); BudgetExhausted
        after those that fit when more new kernels come than the budget allows.

        `background` (with a pool of several workers, when every new kernel fits the budget): the batch is
        evaluated in a thread while the caller goes on (drawing the next programs); returns None, and the batch
        is recorded by the next `evaluate`, `evaluate_all` or `join`, which raise its error if it failed."""
        self.join()
        new: dict[str, State] = {}
        for state in states:
            assert state.kernel is not None, "only complete programs are evaluated"
            if state.kernel.key not in self.cache:
                new.setdefault(state.kernel.key, state)
        fits = list(new.values())[:self.room]
        if background and len(fits) == len(new) > 1 and self.batch > 1:
            if self._thread is None:
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="lift-gym-evaluate")
            self._pending, self._in_flight = self._thread.submit(self._evaluate_many, fits), len(fits)
            return None
        if len(fits) > 1:
            for state, ev in self._evaluate_many(fits):
                self._count(state, ev)
        for state in fits:  # the kernels of chunks of one (the others are cached now)
            self.evaluate(state)
        if len(new) > len(fits):
            raise BudgetExhausted
        return [self.evaluate(state) for state in states]

    def _evaluate_many(self, fits: list[State]) -> list[tuple[State, Any]]:
        """The evaluations of the chunks of more than one kernel (the others are left to `evaluate`)."""
        out = []
        for i in range(0, len(fits), self.batch):
            chunk = fits[i:i + self.batch]
            if len(chunk) > 1:
                out += zip(chunk, self.reward_fn.evaluate_many(chunk), strict=True)
        return out

    def join(self) -> None:
        """Record the batch evaluated in the background, if any (its error is raised here)."""
        if self._pending is None:
            return
        future, self._pending, self._in_flight = self._pending, None, 0
        done = future.result()
        for state, ev in done:
            self._count(state, ev)

    def close(self) -> None:
        """Wait for a batch still in the background without recording it (the search stopped), then stop the thread."""
        if self._pending is not None:
            with contextlib.suppress(Exception):
                self._pending.result()
            self._pending, self._in_flight = None, 0
        if self._thread is not None:
            self._thread.shutdown()
            self._thread = None

    def _count(self, state: State, ev) -> None:
        failure, detail = failure_of(ev)
        self.record(state, ev.reward, ev.speedup, ev.final.time_s if ev.final.ok else None, ev.source,
                    lambda: EpisodeState.from_state(state, ev, self.reward_fn), failure=failure, detail=detail)

    def record(self, state: State, reward: float, speedup: float | None, time_s: float | None, source: str,
               episode: Callable[[], EpisodeState], *, failure: str | None = None, detail: str = "") -> bool:
        """Count an evaluation (made here or by a policy's env); False when the kernel was seen already.
        `episode()` makes the replayable record, called only for a new best; `failure`: why a failed kernel
        failed (`failure_of`)."""
        assert state.kernel is not None
        key = state.kernel.key
        if key in self.cache:
            return False
        self.cache[key] = float(reward)
        gflops = None
        if time_s:
            bench, _ = resolve(state.uri)
            gflops = float(bench.flops(state.size_map)) / time_s / 1e9
        self.trials.append(Trial(self.count + 1, float(reward), speedup, gflops, source, key,
                                 time.perf_counter() - self.t0, failure, detail))
        if self.on_trial is not None:
            self.on_trial(self.trials[-1])
        if self.best_reward is None or reward > self.best_reward:
            self.best_reward, self.best_record = float(reward), episode()
        return True


@dataclass
class SearchResult:
    """A search's trials (in order), the best episode and counters. `curve()` is the best-so-far reward."""

    strategy: str
    uri: str
    budget: int
    seed: int
    reward_source: str
    trials: list[Trial]
    episodes: int
    wall_s: float
    best_record: EpisodeState | None
    cheap_scores: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def best(self) -> Trial | None:
        return max(self.trials, key=lambda t: t.reward) if self.trials else None

    def curve(self) -> list[float]:
        """Best reward (log speedup) after each evaluation."""
        out, best = [], -math.inf
        for t in self.trials:
            best = max(best, t.reward)
            out.append(best)
        return out

    def failures(self) -> dict[str, int]:
        """The failed evaluations by reason."""
        out: dict[str, int] = {}
        for t in self.trials:
            if t.failure is not None:
                out[t.failure] = out.get(t.failure, 0) + 1
        return out

    def failure_summary(self) -> str | None:
        """One line: how many evaluations failed and why (None: none failed)."""
        return failure_summary(self.trials)

    def evals_to_reach(self, reward: float) -> int | None:
        """The number of evaluations after which the best reward was >= `reward` (None: never)."""
        return next((i + 1 for i, r in enumerate(self.curve()) if r >= reward - 1e-12), None)

    @staticmethod
    def from_dict(d: dict[str, Any]) -> SearchResult:
        """The result `to_dict` wrote (the best episode through EpisodeState.from_json, which checks it)."""
        trials = [Trial(int(t["n"]), float(t["reward"]), t["speedup"], t["gflops"], str(t["source"]),
                        str(t["kernel_key"]), float(t["wall_s"]), t.get("failure"), str(t.get("failure_detail", "")))
                  for t in d["trials"]]
        rec = EpisodeState.from_json(d["best_episode"]) if d.get("best_episode") is not None else None
        return SearchResult(str(d["strategy"]), str(d["benchmark"]), int(d["budget"]), int(d["seed"]),
                            str(d["reward_source"]), trials, int(d["episodes"]), float(d["wall_s"]), rec,
                            int(d.get("cheap_scores", 0)), list(d.get("notes", [])))

    def to_dict(self) -> dict[str, Any]:
        b = self.best
        return {"strategy": self.strategy, "benchmark": self.uri, "budget": self.budget, "seed": self.seed,
                "reward_source": self.reward_source, "evaluations": len(self.trials), "episodes": self.episodes,
                "cheap_scores": self.cheap_scores, "wall_s": round(self.wall_s, 3),
                "best": None if b is None else b.to_dict(),
                "best_episode": None if self.best_record is None else json_record(self.best_record),
                "curve": self.curve(), "trials": [t.to_dict() for t in self.trials], "notes": list(self.notes),
                "failures": self.failures(), "failure_summary": self.failure_summary()}


def json_record(rec: EpisodeState) -> dict:
    return json.loads(rec.to_json())


# --- moves over the pure transitions -----------------------------------------------------------------------------
def default_action(state: State) -> int:
    """A fixed, reasonable choice: stop rewriting; the most parallel legal mapping; the middle tuning value."""
    layout, mask = state.config.layout, transition.legal_actions(state)
    if state.phase is Phase.REWRITE and mask[layout.done]:
        return layout.done
    if state.phase is Phase.MAPPING:
        for code in MAP_PREFERENCE:
            a = layout.map_base + MAP_CODES.index(code)
            if mask[a]:
                return a
    acts = legal(state)
    return int(acts[len(acts) // 2]) if state.phase is Phase.TUNING else int(acts[0])


def candidates(state: State, rng: np.random.Generator, width: int) -> list[int]:
    """Up to `width` legal actions: the default one, then a random sample of the others."""
    acts = [int(a) for a in legal(state)]
    if len(acts) <= width:
        return acts
    first = default_action(state)
    rest = [a for a in acts if a != first]
    return [first, *(int(a) for a in rng.choice(rest, size=width - 1, replace=False))]


@dataclass
class Search:
    """What a strategy works with: the start state, the evaluator, a seeded generator and the options."""

    start: State
    evaluator: Evaluator
    rng: np.random.Generator
    reward: RewardConfig
    width: int = 4
    beam_width: int = 3
    expand: int = 6
    n_candidates: int = 0  # knn: 0 = max(8 x budget, 64)
    model: str | None = None  # knn: a saved KnnPerfModel (default: fitted on the store)
    coupled: int = 4  # sweep: other values tried for a later parameter whose value a move makes invalid
    model_kind: str = "gbt"  # model, evolution: the kind of the cost model fitted on the store (gbt or knn)
    population: int = 16  # evolution: members kept per round
    measure: int = 0  # evolution: children evaluated per round (0: max(2, min(8, budget / 4)))
    episodes: int = 0
    cheap_scores: int = 0
    notes: list[str] = field(default_factory=list)
    _cheap: RewardFunction | None = None
    _cheap_cache: dict = field(default_factory=dict)
    _features: dict = field(default_factory=dict)  # model, evolution: FEATURE_NAMES rows per kernel key

    def evaluate(self, state: State) -> float:
        self.episodes += 1
        return self.evaluator.evaluate(state)

    def evaluate_all(self, states: Sequence[State], *, background: bool = False) -> list[float] | None:
        self.episodes += len(states)
        return self.evaluator.evaluate_all(states, background=background)

    def cheap_score(self, state: State) -> float:
        """The roofline estimate (log speedup) of the state's default completion: free, not an evaluation."""
        sig = _signature(state)
        if sig in self._cheap_cache:
            return self._cheap_cache[sig]
        done = complete(state, default_action)
        key = done.kernel.key
        if key not in self._cheap_cache:
            if self._cheap is None:
                self._cheap = RewardFunction(RewardConfig(source="analytical", device=self.reward.device))
            self.cheap_scores += 1
            self._cheap_cache[key] = float(self._cheap.evaluate(done).reward)
        self._cheap_cache[sig] = self._cheap_cache[key]
        return self._cheap_cache[key]

    def close(self) -> None:
        if self._cheap is not None:
            self._cheap.close()


# --- strategies ----------------------------------------------------------------------------------------------------
def run_random(s: Search) -> None:
    choose = random_choice(s.rng)
    ev, drawn, new = s.evaluator, [], set()
    for _ in range(50 * ev.budget + 100):  # draws gathered until a batch of new kernels (or the budget) is full
        drawn.append(complete(s.start, choose))
        if drawn[-1].kernel.key not in ev.cache:
            new.add(drawn[-1].kernel.key)
        if len(new) >= max(min(ev.batch, ev.budget - ev.count - ev.in_flight), 1):
            s.evaluate_all(drawn, background=True)  # measured while the next programs are drawn
            drawn, new = [], set()
    s.evaluate_all(drawn)


def run_greedy(s: Search) -> None:
    idle = 0
    for descent in range(10 * s.evaluator.budget + 10):
        completion = default_action if descent == 0 else random_choice(s.rng)
        before = s.evaluator.count
        state = s.start
        while not transition.is_terminal(state):
            acts = candidates(state, s.rng, s.width)
            if len(acts) > 1:
                scores = s.evaluate_all([complete(transition.step(state, a), completion) for a in acts])
                acts = [acts[int(np.argmax(scores))]]
            state = transition.step(state, acts[0])
        s.evaluate(state)
        idle = idle + 1 if s.evaluator.count == before else 0
        if idle >= 5:
            s.notes.append(f"greedy stopped after {descent + 1} descents: five found no new kernel")
            return


def _signature(state: State) -> tuple:
    return state.phase, state.high.key, state.codes, state.route.memory, state.values


def run_beam(s: Search) -> None:
    width, idle = s.beam_width, 0
    for _restart in range(20):
        before = s.evaluator.count
        level = [s.start]
        while level:
            children: dict[tuple, State] = {}
            done: dict[str, State] = {}
            for state in level:
                for a in candidates(state, s.rng, s.expand):
                    c = transition.step(state, a)
                    if transition.is_terminal(c):
                        done.setdefault(c.kernel.key, c)
                    else:
                        children.setdefault(_signature(c), c)
            s.evaluate_all(sorted(done.values(), key=s.cheap_score, reverse=True))
            level = sorted(children.values(), key=s.cheap_score, reverse=True)[:width]
        idle = idle + 1 if s.evaluator.count == before else 0
        if idle >= 2:
            s.notes.append(f"beam stopped at width {width}: two passes found no new kernel")
            return
        width *= 2


def run_knn(s: Search) -> None:
    fn = s.evaluator.reward_fn
    try:
        if s.model is not None:
            model = load_model(s.model, fn.config.device, fn.ctx)  # refuses another device's model
        else:
            model = KnnPerfModel.fit_store(fn.ctx.store, fn.ctx.fingerprint)
    except ModelUnavailable as err:
        raise RewardUnavailable(f"knn search needs a kNN model: {err}; measure some kernels first (e.g. "
                                f"lift-gym search URI --strategy random --reward measured) or pass --model PATH") \
            from err
    states, drawn = distinct_programs(s.start, s.rng, s.n_candidates or max(8 * s.evaluator.budget, 64))
    s.episodes += drawn
    x = np.array([[job_features(final_job(c), fn.ctx.device_model)[f] for f in FEATURE_NAMES] for c in states])
    order = np.argsort(-model.predict(x), kind="stable")
    s.notes.append(f"knn ranked {len(states)} distinct random programs with a model of {model.n_rows} rows")
    s.evaluator.evaluate_all([states[int(i)] for i in order])


def _by_nearness(offered: Sequence, want: Any) -> list[int]:
    """The slots of `offered`: `want`'s own first, then by distance to it (in log scale for sizes; the lower slot
    first on a tie); values that are not numbers in their order."""
    try:
        return sorted(range(len(offered)), key=lambda i: (offered[i] != want,
                                                          abs(math.log2(max(offered[i], 1) / max(want, 1))), i))
    except TypeError:
        own = [i for i in range(len(offered)) if offered[i] == want]
        return own + [i for i in range(len(offered)) if i not in own]


def _nearest(offered: Sequence, want: Any) -> int:
    """The slot of the offered value nearest to `want` (`_by_nearness`'s first)."""
    return _by_nearness(offered, want)[0]


def complete_near(state: State, want: dict[str, Any], step: Callable[[State, int], State] = transition.step) -> State:
    """`state` taken to the end of its episode: each tuning parameter named in `want` takes its value there, or the
    nearest offered one where that value is not offered (given the values before it); the other decisions take
    `default_action`."""
    return _coupled_completions(state, want, 0, step)[0]


def _coupled_completions(state: State, want: dict[str, Any], coupled: int,
                         step: Callable[[State, int], State]) -> tuple[State, list[State]]:
    """`complete_near(state, want)` and, for each later tuning parameter whose value in `want` is no longer offered
    on the way, up to `coupled` completions that give it another offered value (nearest to its own first) and
    complete the rest the same way."""
    layout, variants = state.config.layout, []
    while not transition.is_terminal(state):
        name = state.tuning.params[len(state.values)].name if state.phase is Phase.TUNING else None
        if name not in want:
            state = step(state, default_action(state))
            continue
        offered = transition.slot_values(state)
        slots = _by_nearness(offered, want[name])
        if coupled and want[name] not in offered:
            variants += [complete_near(step(state, layout.tune_base + k), want, step) for k in slots[1:1 + coupled]]
        state = step(state, layout.tune_base + slots[0])
    return state, variants


def _tuning_decisions(done: State, step: Callable[[State, int], State]) -> list[tuple[State, int]]:
    """The finished episode `done`'s tuning decisions: each state where one is taken and its action (replayed)."""
    path = [transition.initial(done.uri, done.seed, done.config)]
    for a in done.actions[:-1]:
        path.append(step(path[-1], a))
    return [(state, a) for state, a in zip(path, done.actions, strict=True) if state.phase is Phase.TUNING]


def tuning_moves(done: State, radius: int = 1, coupled: int = 0,
                 step: Callable[[State, int], State] = transition.step) -> tuple[list[State], list[State]]:
    """The finished episodes that change one tuning decision of the finished episode `done` to the offered value
    `radius` slots below or above its own (each decision in order, the lower first); each later parameter keeps its
    value, or takes the nearest offered one where its value is no longer offered. Returned as (moves, coupled
    moves): with `coupled`, each move also comes with, for every later parameter whose value is no longer offered,
    up to `coupled` completions that give it another offered value (nearest its own first) instead of the nearest.
    Every episode's actions are replayed through `step` (a memoising step may be passed)."""
    layout = done.config.layout
    want = dict(done.assignment)
    moves: list[State] = []
    variants: list[State] = []
    for state, a in _tuning_decisions(done, step):
        j = a - layout.tune_base
        for k in (j - radius, j + radius):
            if 0 <= k < len(transition.slot_values(state)):
                move, more = _coupled_completions(step(state, layout.tune_base + k), want, coupled, step)
                moves.append(move)
                variants += more
    return moves, variants


def paired_moves(done: State, radius: int = 1,
                 step: Callable[[State, int], State] = transition.step) -> list[State]:
    """The finished episodes that move two tuning decisions of `done` holding the same value together, both to the
    value offered `radius` slots below or above it at the first of them (the square tile sizes of a matrix product,
    or two switches set at once); the other parameters kept as `complete_near` keeps them. A pair whose later member
    is no longer offered that value takes the nearest offered one. Every episode's actions are replayed through
    `step`."""
    layout = done.config.layout
    want = dict(done.assignment)
    tuned = _tuning_decisions(done, step)
    names = [state.tuning.params[len(state.values)].name for state, _a in tuned]
    moves: list[State] = []
    for i, (state, a) in enumerate(tuned):
        partners = [n for n in names[i + 1:] if want[n] == want[names[i]]]
        offered, j = transition.slot_values(state), a - layout.tune_base
        for k in (j - radius, j + radius):
            if partners and 0 <= k < len(offered):
                moves += [complete_near(step(state, layout.tune_base + k), {**want, names[i]: offered[k],
                                                                            n: offered[k]}, step) for n in partners]
    return moves


def tuning_neighbours(done: State, step: Callable[[State, int], State] = transition.step) -> list[State]:
    """The finished episodes that change one tuning decision of the finished episode `done` to the offered value
    one slot below or above its own; each later parameter keeps its value (the nearest offered one where it is no
    longer offered). Every episode's actions are replayed through `step` (a memoising step may be passed)."""
    return tuning_moves(done, 1, 0, step)[0]


def named_episodes(start: State, strategy: str = "named lowerings") -> tuple[list[str], list[State], list[str]]:
    """The named lowerings with parameters that the start state offers, the finished episodes of the generic
    default and of each of them at its default values, and a note for each one that is not an episode of this env
    (left out)."""
    bench, sizes = resolve(start.uri)
    names = [n for n in templates_of(bench) if transition.legal_actions(start)[start.config.layout.template(n)]]
    firsts: list[State] = []
    notes: list[str] = []
    for label, p in (("the generic default", default_preset(bench, sizes)),
                     *((n, named_preset(bench, n, sizes)) for n in names)):
        if p is None:
            continue
        try:
            firsts.append(play_preset(start, p))
        except (InvalidAction, CompilerError) as err:  # e.g. the preset rewrites more than the env's horizon allows
            notes.append(f"{strategy}: {label} is not an episode of this env ({err}); left out")
            names = [n for n in names if n != label]
    return names, firsts, notes


def _named_episodes(s: Search, strategy: str) -> tuple[list[str], list[State]]:
    """`named_episodes` of the search's start state, its notes added to the search's."""
    names, firsts, notes = named_episodes(s.start, strategy)
    s.notes.extend(notes)
    return names, firsts


def _named_lowerings(s: Search, strategy: str) -> tuple[list[str], list[tuple[float, State]]] | None:
    """Evaluate the generic default and each named lowering at its default values; the named lowerings with
    parameters and their (reward, episode) at the defaults, best first, or None when there is none (then the rest
    of the budget goes to random search)."""
    names, firsts = _named_episodes(s, strategy)
    scores = s.evaluate_all(firsts)
    if not names:
        s.notes.append(f"{strategy}: no named lowering with parameters; the generic default only, then random")
        run_random(s)
        return None
    ranked = sorted(zip(scores, range(len(firsts)), firsts, strict=True), key=lambda t: -t[0])
    return names, [(sc, st) for sc, _, st in ranked if st.template]


def _random_point(s: Search, name: str) -> State:
    """A random finished episode of the named lowering `name` (its values drawn from the solver-pruned space)."""
    return complete(transition.step(s.start, s.start.config.layout.template(name)), random_choice(s.rng))


def _best_of(s: Search, cands: list[State]) -> tuple[float, State | None]:
    """The best reward among the evaluated candidates and its episode (-inf, None: no candidate)."""
    found = s.evaluate_all(cands)
    if not found:
        return -math.inf, None
    k = int(np.argmax(found))
    return found[k], cands[k]


def run_presets(s: Search) -> None:
    ev = s.evaluator
    named = _named_lowerings(s, "presets")
    if named is None:
        return
    names, ranked = named
    best, here = ranked[0]
    idle = 0
    for _ in range(10 * ev.budget):
        before = ev.count
        reward, state = _best_of(s, tuning_neighbours(here))
        if reward > best:
            best, here = reward, state
        else:  # a local optimum: restart at a random point
            here = _random_point(s, names[int(s.rng.integers(len(names)))])
            best = s.evaluate(here)
        idle = idle + 1 if ev.count == before else 0
        if idle >= 20:
            s.notes.append("presets stopped: 20 moves found no new kernel (the spaces are nearly exhausted)")
            return


def _climb(s: Search, best: float, here: State) -> tuple[float, State]:
    """Coordinate sweeps from the finished episode `here` (reward `best`) to a local optimum: for radius 1, 2, ...
    the values `radius` slots from each parameter's own, then (without a gain) their coupled completions
    (`tuning_moves`, built only then), then (still without one) the paired moves of two parameters holding the same
    value (`paired_moves`), until a better kernel is found (moved to, radius 1 again) or no parameter
    offers a value that far (every offered value of every parameter was tried without a gain: a local optimum)."""
    radius = 1
    while moves := tuning_moves(here, radius)[0]:
        reward, state = _best_of(s, moves)
        if reward <= best and s.coupled:
            reward, state = _best_of(s, tuning_moves(here, radius, s.coupled)[1])
        if reward <= best:
            reward, state = _best_of(s, paired_moves(here, radius))
        if reward > best:
            best, here, radius = reward, state, 1
        else:
            radius += 1
    return best, here


def run_sweep(s: Search) -> None:
    ev = s.evaluator
    named = _named_lowerings(s, "sweep")
    if named is None:
        return
    _names, ranked = named
    (best, here), later = ranked[0], ranked[1:]
    top, idle = (best, here), 0
    for _ in range(10 * ev.budget):
        before = ev.count
        best, here = _climb(s, best, here)
        if best > top[0]:
            top = (best, here)
        if later:  # the next named lowering, climbed from its defaults
            (best, here), later = later[0], later[1:]
            continue
        here = _random_point(s, top[1].template)  # a restart in the best named lowering's space
        best = s.evaluate(here)
        idle = idle + 1 if ev.count == before else 0
        if idle >= 20:
            s.notes.append("sweep stopped: 20 restarts found no new kernel (the space is nearly exhausted)")
            return


def run_model(s: Search) -> None:
    from .model_search import run_model as run  # imports this module

    run(s)


def run_evolution(s: Search) -> None:
    from .evolution import run_evolution as run  # imports this module

    names, seeds = _named_episodes(s, "evolution")
    run(s, seeds, (lambda: _random_point(s, names[int(s.rng.integers(len(names)))])) if names else None)


RUNNERS: dict[str, Callable[[Search], None]] = {"random": run_random, "greedy": run_greedy, "beam": run_beam,
                                                "knn": run_knn, "presets": run_presets,
                                                "sweep": run_sweep, "model": run_model,
                                                "evolution": run_evolution}


def search(uri: str, strategy: str, budget: int, *, seed: int = 0, reward: RewardConfig | None = None,
           max_rewrites: int = 6, max_nodes: int = 256, n_slots: int = 32, width: int = 4, beam_width: int = 3,
           expand: int = 6, candidates: int = 0, model: str | None = None, coupled: int = 4,
           reward_fn: RewardFunction | None = None, conv_fusion: bool = True, split_k: bool = False,
           time_limit_s: float | None = None, on_trial: Callable[[Trial], None] | None = None,
           model_kind: str = "gbt", population: int = 16, measure: int = 0) -> SearchResult:
    """Run one search baseline on benchmark `uri` with `budget` evaluations (see the module docstring).

    Args:
        uri: benchmark URI (its sizes).
        strategy: random | greedy | beam | knn | presets | sweep.
        budget: evaluations (distinct complete programs whose reward is computed).
        seed: seeds the strategy's generator and the episode (the inputs of a measured correctness check).
        reward: the reward source (default: lift_gym's default, predicted).
        max_rewrites: the env's rewrite horizon (as LiftGymEnv's argument).
        max_nodes: the env's site layout (as LiftGymEnv's argument).
        n_slots: the env's tuning slots (as LiftGymEnv's argument).
        width: greedy: actions tried per decision.
        beam_width: beam: partial states kept per level.
        expand: beam: actions expanded per state.
        candidates: knn: random programs ranked (0: max(8 x budget, 64)).
        model: knn: a saved KnnPerfModel instead of one fitted on the store.
        coupled: sweep: other offered values tried for a later parameter that a move makes invalid (0: none,
            only the nearest offered one).
        reward_fn: an open RewardFunction of `reward` to use (and leave open: its worker and store are reused
            across searches); None: one is made and closed here.
        conv_fusion: conv42's padView and cropView are decisions (False: both 0, the three kernels'
            space; `Config.conv_fusion`).
        split_k: mm tiled's SK (slices of K summed by a second kernel) is a decision (`Config.split_k`; False:
            SK = 1).
        time_limit_s: seconds after which no new kernel is evaluated; the search returns what it has (None: the
            budget alone ends it). A kernel being measured when the time runs out is finished first.
        on_trial: called with each evaluation as it is counted (a progress bar).
        model_kind: model, evolution: the kind of the cost model fitted on the store ("gbt" or "knn"; a `model`
            file keeps the kind of its format). The predicted reward reads a model file of either kind.
        population: evolution: members kept per round.
        measure: evolution: children evaluated per round (0: max(2, min(8, budget / 4))).
    """
    if strategy not in RUNNERS:
        raise ValueError(f"unknown strategy {strategy!r}; strategies: {', '.join(STRATEGIES)}")
    if budget < 1:
        raise ValueError(f"the budget must be a positive number of evaluations, got {budget}")
    if coupled < 0:
        raise ValueError(f"coupled must be a number of values >= 0, got {coupled}")
    if model_kind not in ("gbt", "knn"):
        raise ValueError(f"unknown cost model kind {model_kind!r}; kinds: gbt, knn")
    if population < 2 or measure < 0:
        raise ValueError(f"evolution needs a population of at least 2 and measure >= 0, got {population}, {measure}")
    if time_limit_s is not None and not time_limit_s > 0:
        raise ValueError(f"the time limit must be a positive number of seconds, got {time_limit_s}")
    reward = reward_fn.config if reward_fn is not None else (reward or RewardConfig())
    fn = reward_fn if reward_fn is not None else RewardFunction(reward)
    from .model_reward import with_cost_model  # imports lift_gym.rewards' Predicted only

    with_cost_model(fn)  # the predicted reward reads a model file of either kind and records the kind
    try:
        cfg = Config(max_rewrites=max_rewrites, max_nodes=max_nodes, n_slots=n_slots, limits=fn.ctx.limits,
                     conv_fusion=conv_fusion, split_k=split_k)
        ev = Evaluator(fn, budget, time_limit_s, on_trial)
        s = Search(transition.initial(uri, seed, cfg), ev, np.random.default_rng(seed), reward, width, beam_width,
                   expand, candidates, model, coupled, model_kind, population, measure)
        try:
            RUNNERS[strategy](s)
        except BudgetExhausted:
            pass
        finally:
            ev.close()
            s.close()
        if ev.count < budget:
            why = f"its time limit of {time_limit_s:g} s" if ev.out_of_time else "no new kernel found"
            s.notes.append(f"{strategy} stopped after {ev.count} of {budget} evaluations ({why})")
        return SearchResult(strategy, uri, budget, seed, reward.source, list(ev.trials), s.episodes,
                            time.perf_counter() - ev.t0, ev.best_record, s.cheap_scores, s.notes)
    finally:
        if reward_fn is None:
            fn.close()


__all__ = ["FAILURE_REASONS", "STRATEGIES", "BudgetExhausted", "Evaluator", "SearchResult", "Trial", "complete",
           "complete_near", "default_action", "failure_of", "failure_summary", "named_episodes", "search",
           "tuning_moves", "tuning_neighbours"]
