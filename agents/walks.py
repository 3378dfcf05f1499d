"""Episodes walked over the pure transitions (`lift_gym.transition`): the searches' shared moves.

    legal(state)                       # the legal actions
    complete(state, random_choice(rng))   # taken to the end of its episode
    states, episodes = distinct_programs(start, rng, n)   # up to n random complete programs, distinct kernels
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from lift_gym import transition
from lift_gym.transition import State


def legal(state: State) -> np.ndarray:
    """The legal actions of `state`."""
    return np.flatnonzero(transition.legal_actions(state))


def complete(state: State, choose: Callable[[State], int],
             step: Callable[[State, int], State] | None = None) -> State:
    """Take `choose(state)` until the episode ends (through `step`, default transition.step)."""
    while not transition.is_terminal(state):
        state = (step or transition.step)(state, choose(state))
    return state


def random_choice(rng: np.random.Generator) -> Callable[[State], int]:
    """A uniformly random legal action."""
    return lambda s: int(rng.choice(legal(s)))


def distinct_programs(start: State, rng: np.random.Generator, n: int) -> tuple[list[State], int]:
    """Up to `n` random complete episodes from `start` with distinct kernels (at most 4 n drawn), in the order
    first drawn, and the number of episodes drawn."""
    choose = random_choice(rng)
    pool: dict[str, State] = {}
    drawn = 0
    for _ in range(4 * n):
        if len(pool) >= n:
            break
        c = complete(start, choose)
        drawn += 1
        pool.setdefault(c.kernel.key, c)
    return list(pool.values()), drawn


__all__ = ["complete", "distinct_programs", "legal", "random_choice"]
