"""The exploration's view of the decision route (`compiler.lowering.decisions`): which of its three stages a
decision belongs to, decisions in words, and walks that replay or sample them.

    phase(decision)            # 1 (REWRITE), 3 (TUNING) or 2 (every other stage: MAPPING, REWRITE_POINTS, ...)
    describe(decision, value)  # "rewrite 1 = splitJoin(4)@3", "map #2 = mapGlb(0)", "ls0 = 8"
    replay(state, path)        # the state after taking the recorded values in turn

Every exploration state is a `decisions.State`; every value it takes is one of `next_decision(state).values`, so a
recorded path rebuilds its kernel through `decisions.build` (`replay_chooser`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..lowering import decisions
from ..lowering.decisions import Decision, Stage, State
from ..lowering.stages import MAP_CODE_NAMES, env_rules

Step = tuple[str, object]  # (decision key, value taken)


def phase(d: Decision) -> int:
    """The exploration stage a decision belongs to: 1 for the high-level rewrites, 3 for the tuning values, 2 for
    every other stage (the mapping, the rewrite points, and any stage between them)."""
    if d.stage is Stage.REWRITE:
        return 1
    if d.stage is Stage.TUNING:
        return 3
    return 2


def describe(d: Decision, value) -> str:
    """The decision and its value in words (rule names for rewrites, mapping names for codes, a tuple's items
    joined by spaces)."""
    if d.stage is Stage.REWRITE and isinstance(value, tuple):
        if value[0] == "rewrite":
            return f"{d.key} = {env_rules()[value[1]].name}@{value[2]}"
    if d.stage is Stage.MAPPING and value in MAP_CODE_NAMES:
        return f"{d.key} = {MAP_CODE_NAMES[value]}"
    if isinstance(value, tuple):  # ("stop",), ("template", "tiled"), a memory stage's ("toLocal",), ...
        return f"{d.key} = {' '.join(str(v) for v in value)}"
    return f"{d.key} = {value}"


@dataclass(frozen=True)
class Walk:
    """A state reached from an earlier one and the decisions taken on the way (key and value of each)."""

    state: State
    steps: tuple[Step, ...] = ()
    text: tuple[str, ...] = ()

    def take(self, value) -> Walk:
        d = decisions.next_decision(self.state)
        assert d is not None, "no decision left to take"
        return Walk(decisions.decide(self.state, value), (*self.steps, (d.key, value)),
                    (*self.text, describe(d, value)))


def until(w: Walk, chooser: Callable[[Decision, State], object], stop: Callable[[Decision], bool]) -> Walk:
    """`w` advanced by `chooser` until the next decision satisfies `stop` or the kernel is complete."""
    while (d := decisions.next_decision(w.state)) is not None and not stop(d):
        w = w.take(chooser(d, w.state))
    return w


def replay(w: Walk, values: Sequence) -> Walk:
    """`w` after taking `values` in turn (each must be legal where it is taken)."""
    for v in values:
        w = w.take(v)
    return w


def replay_chooser(steps: Sequence[Step]) -> Callable[[Decision, State], object]:
    """A chooser that answers the recorded decisions in order (`decisions.build(uri, replay_chooser(steps))`);
    a decision it was not recorded for raises AssertionError."""
    it = iter(steps)

    def choose(d: Decision, _s: State):
        key, value = next(it)
        assert key == d.key, f"recorded decision {key}, asked {d.key}"
        return value

    return choose


__all__ = ["Step", "Walk", "describe", "phase", "replay", "replay_chooser", "until"]
