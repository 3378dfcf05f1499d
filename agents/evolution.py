"""`--strategy evolution`: an evolutionary search in the style of Ansor (Zheng et al., OSDI 2020, Sec. 5): a
population of finished episodes, mutated and crossed through the environment's masked actions, selected by a cost
model, the best-predicted children measured each round.

    search(uri, "evolution", budget, population=16)

Per round:
1. children: `CHILDREN` x population of them, each a **mutation** (probability `MUTATE`) or a **crossover** of
   members drawn by binary tournament (the fitter of two random members). A mutation replays a member's actions
   to one of its decisions with more than one legal action (a rewrite, the named lowering, a mapping, a memory
   choice or a tuning value, uniformly), takes another legal action there (for a tuning value, half of the time
   the next offered value below or above), and completes the episode following the member: each later tuning
   parameter takes the member's value or the nearest offered one, each other decision the member's action where
   it is legal, else a random legal action. A crossover keeps one member's decisions up to its tuning phase and
   completes it with every tuning parameter's value taken from either member (each with probability 1/2), the
   nearest offered where it is not offered. Every action is taken from the state's legal-action mask, so no
   episode takes an illegal action.
2. selection by the cost model: the children not evaluated yet are ranked by the model and the best
   `measure` of them (default max(2, min(8, budget / 4))) are evaluated, each slot given with probability
   `EPSILON` to a random child instead (Ansor's epsilon-greedy).
3. the next population: the `population` fittest of the members and the children (at most twice the budget), a
   kernel's fitness its evaluated reward, else its predicted reward.

The cost model, as Ansor's, learns on the search's own evaluations: once `MIN_ONLINE` distinct kernels are
evaluated, a gradient-boosting model (compiler.perf.gbt) is fitted each round on their features and rewards (the
reward of a kernel made a normalised throughput against the best found), and predicts rewards. Before that, the
children are ranked by the store's cost model (`model` or one of `model_kind` fitted without the searched
program's rows, agents.model_search.cost_model) when there is one, else at random. The first population is the
program's named lowerings at their default values (the generic default and each named lowering with parameters,
as the sweep starts), then episodes drawn alternately at random points of a named lowering's space (the values
from the solver-pruned space: Ansor's random annotation of a sketch) and by random legal actions (these only,
for a program without a named lowering). The named lowerings are evaluated first, then the best-ranked others
up to `MIN_ONLINE` (or `measure`, if more). The search ends when the budget is spent or after `IDLE` rounds
without a new kernel.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from compiler.perf.gbt import GbtPerfModel
from lift_gym import transition
from lift_gym.transition import Phase, State

from .model_search import cost_model, features_of
from .walks import complete, legal

if TYPE_CHECKING:  # agents.search runs this strategy: imported for the annotations only
    from .search import Search

CHILDREN = 4  # children per member per round
MUTATE = 0.75  # the share of mutations among the children (the rest: crossovers)
EPSILON = 0.1  # the chance that an evaluation slot of a round goes to a random child
MIN_ONLINE = 4  # evaluated kernels before the search's own model ranks
IDLE = 5  # rounds without a new kernel before the search stops
POPULATION = 16


class _Steps:
    """transition.step memoised by action prefix (the start state is fixed)."""

    def __init__(self, start: State):
        self.states: dict[tuple[int, ...], State] = {(): start}

    def step(self, state: State, action: int) -> State:
        key = (*state.actions, int(action))
        nxt = self.states.get(key)
        if nxt is None:
            nxt = self.states[key] = transition.step(state, int(action))
        return nxt

    def path(self, done: State) -> list[State]:
        """The states before each action of the finished episode `done`."""
        out = [self.states[()]]
        for a in done.actions[:-1]:
            out.append(self.step(out[-1], a))
        return out


def nearest_slot(offered: Sequence, want: Any) -> int:
    """The slot of the offered value nearest to `want` (its own; else the nearest in log scale, the lower on a
    tie; values that are not numbers: the first), as agents.search's sweeps complete a move."""
    try:
        return min(range(len(offered)), key=lambda i: (offered[i] != want,
                                                       abs(math.log2(max(offered[i], 1) / max(want, 1))), i))
    except TypeError:
        return next((i for i in range(len(offered)) if offered[i] == want), 0)


def _param(state: State) -> str | None:
    return state.tuning.params[len(state.values)].name if state.phase is Phase.TUNING else None


def _follower(parent: State, want: dict, rng: np.random.Generator) -> Callable[[State], int]:
    """A completion that follows `parent`: a tuning parameter of `want` takes its value (the nearest offered), any
    other decision the parent's action at that step where it is legal, else a random legal action."""

    def choose(state: State) -> int:
        name = _param(state)
        if name is not None and name in want:
            return state.config.layout.tune_base + nearest_slot(transition.slot_values(state), want[name])
        mask = transition.legal_actions(state)
        j = len(state.actions)
        if j < len(parent.actions) and parent.actions[j] < mask.size and mask[parent.actions[j]]:
            return int(parent.actions[j])
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def _complete(state: State, choose: Callable[[State], int], steps: _Steps) -> State:
    return complete(state, choose, steps.step)


def mutate(parent: State, rng: np.random.Generator, steps: _Steps) -> State | None:
    """One decision of `parent` changed to another legal action, the rest following it (module docstring)."""
    path = steps.path(parent)
    options = [i for i, st in enumerate(path) if len(legal(st)) > 1]
    if not options:
        return None
    i = int(rng.choice(options))
    here, own = path[i], parent.actions[i]
    acts = [int(a) for a in legal(here) if a != own]
    near = [a for a in (own - 1, own + 1) if a in acts]
    a = int(rng.choice(near)) if _param(here) is not None and near and rng.random() < 0.5 else int(rng.choice(acts))
    want = dict(parent.assignment)
    want.pop(_param(here), None)
    return _complete(steps.step(here, a), _follower(parent, want, rng), steps)


def crossover(a: State, b: State, rng: np.random.Generator, steps: _Steps) -> State | None:
    """`a`'s decisions up to its tuning phase, each tuning value from `a` or `b` (module docstring)."""
    path = steps.path(a)
    t = next((i for i, st in enumerate(path) if st.phase is Phase.TUNING), None)
    if t is None:
        return None
    va, vb = dict(a.assignment), dict(b.assignment)
    want = {n: (vb[n] if n in vb and (n not in va or rng.random() < 0.5) else va[n]) for n in {*va, *vb}}
    return _complete(path[t], _follower(a, want, rng), steps)


class _Online:
    """The search's own gradient-boosting model of the reward, fitted on its evaluated kernels."""

    def __init__(self):
        self.model: GbtPerfModel | None = None
        self.top = 0.0
        self.fitted_on = 0

    def refit(self, s: Search, evaluated: dict[str, State]) -> None:
        ev = s.evaluator
        if len(evaluated) < MIN_ONLINE or len(evaluated) == self.fitted_on:
            return
        states = list(evaluated.values())
        r = np.array([ev.cache[c.kernel.key] for c in states])
        if np.ptp(r) == 0:
            return
        self.top = float(r.max())
        self.model = GbtPerfModel.fit(features_of(s, states), np.exp(r - self.top))
        self.fitted_on = len(evaluated)

    def predict(self, s: Search, states: list[State]) -> np.ndarray:
        assert self.model is not None
        return self.model.predict_log(features_of(s, states)) + self.top


class _Evolution:
    """One evolutionary search's state: the memoised steps, the models and the kernels it evaluated."""

    def __init__(self, s: Search):
        self.s, self.ev, self.rng = s, s.evaluator, s.rng
        self.size = max(2, min(s.population, 2 * self.ev.budget))  # no more members than twice the budget
        self.per_round = s.measure or max(2, min(8, self.ev.budget // 4))
        self.steps = _Steps(s.start)
        self.prior = cost_model(s, required=False)
        self.online = _Online()
        self.evaluated: dict[str, State] = {}

    def scores(self, states: list[State]) -> tuple[np.ndarray, bool]:
        """(scores, in reward units) of the states: the online model's rewards, else the prior's log
        throughput, else random."""
        if not states:
            return np.zeros(0), False
        if self.online.model is not None:
            return self.online.predict(self.s, states), True
        if self.prior is not None:
            return np.log(np.maximum(self.prior.predict(features_of(self.s, states)), 1e-12)), False
        return self.rng.random(len(states)), False

    def ranked(self, states: list[State]) -> list[State]:
        """The states fittest first: evaluated rewards and (with the online model) predicted rewards together;
        without it, the evaluated ones first."""
        cache = self.ev.cache
        done = [c for c in states if c.kernel.key in cache]
        rest = [c for c in states if c.kernel.key not in cache]
        sc, same_units = self.scores(rest)
        fit = [(1, cache[c.kernel.key]) for c in done] + [(int(same_units), float(v)) for v in sc]
        both = done + rest
        return [both[i] for i in sorted(range(len(fit)), key=lambda i: fit[i], reverse=True)]

    def pick(self, states: list[State], n: int) -> list[State]:
        """`n` children to evaluate: the best-ranked new ones, a slot now and then to a random one."""
        order = self.ranked([c for c in states if c.kernel.key not in self.ev.cache])
        picks: list[State] = []
        while order and len(picks) < n:
            k = int(self.rng.integers(len(order))) if self.rng.random() < EPSILON else 0
            picks.append(order.pop(k))
        return picks

    def measure(self, picks: list[State]) -> None:
        self.s.evaluate_all(picks)  # BudgetExhausted ends the search
        for c in picks:
            self.evaluated.setdefault(c.kernel.key, c)
        self.online.refit(self.s, self.evaluated)

    def first(self, seeds: Sequence[State], draw: Callable[[], State] | None) -> list[State]:
        """The first population: the seeds (the named lowerings at their defaults), then distinct episodes drawn
        alternately by `draw` (a random point of a named lowering's space, Ansor's sketch sampling) and by random
        legal actions (every action drawn: random legal actions only)."""
        members = {c.kernel.key: c for c in seeds}
        for i in range(8 * self.size):
            if len(members) >= self.size:
                break
            if draw is not None and i % 2 == 0:
                c = draw()
            else:
                c = _complete(self.s.start, lambda st: int(self.rng.choice(legal(st))), self.steps)
            self.s.episodes += 1
            members.setdefault(c.kernel.key, c)
        return list(members.values())

    def children(self, pop: list[State]) -> list[State]:
        """`CHILDREN` x population mutations and crossovers of tournament winners of `pop` (fittest first)."""
        out: dict[str, State] = {}
        rng = self.rng
        for _ in range(CHILDREN * self.size):
            i = min(int(x) for x in rng.integers(len(pop), size=2))  # binary tournament: the fitter
            if rng.random() < MUTATE or len(pop) < 2:
                child = mutate(pop[i], rng, self.steps)
            else:
                other = pop[min(int(x) for x in rng.integers(len(pop), size=2))]
                child = crossover(pop[i], other, rng, self.steps)
            if child is not None:
                self.s.episodes += 1
                out.setdefault(child.kernel.key, child)
        return list(out.values())


def run_evolution(s: Search, seeds: Sequence[State] = (), draw: Callable[[], State] | None = None) -> None:
    """The evolutionary search from `seeds` (evaluated first) and members drawn by `draw` and at random."""
    e = _Evolution(s)
    pop = e.first(seeds, draw)
    n = len({c.kernel.key for c in seeds})  # the seeds lead the population
    e.measure(pop[:n] + e.pick(pop[n:], max(e.per_round, MIN_ONLINE) - n))  # enough for the model to start
    idle = 0
    for _round in range(10 * s.evaluator.budget + 10):
        before = s.evaluator.count
        pop = e.ranked(pop)
        kids = e.children(pop)
        e.measure(e.pick(kids, e.per_round))
        pool = {c.kernel.key: c for c in (*pop, *kids)}
        pop = e.ranked(list(pool.values()))[:e.size]
        idle = idle + 1 if s.evaluator.count == before else 0
        if idle >= IDLE:
            s.notes.append(f"evolution stopped: {IDLE} rounds found no new kernel")
            return


__all__ = ["CHILDREN", "EPSILON", "IDLE", "MIN_ONLINE", "MUTATE", "POPULATION", "crossover", "mutate",
           "run_evolution"]
