"""The environment's pure transition functions over frozen states (no Gymnasium, no randomness, no I/O).

    s = initial(uri, seed, config)         # the benchmark's high-level program, phase REWRITE
    m = legal_actions(s)                   # bool mask over the fixed action layout (exact)
    s = step(s, a)                         # raises gymnasium.error.InvalidAction when not m[a]
    is_terminal(s)                         # phase DONE: s.kernel is the compiled program

The decisions are the compiler's (`compiler.lowering.decisions`: rewrite points, rewrites or a named lowering,
the Ch5 mapping, the memory of the mapped program, the tuning parameters; each with exactly its legal values);
this module numbers them onto one fixed Discrete layout (`ActionLayout`), the same for every benchmark:
- REWRITE: `rule * max_nodes + site` (a rule of `stages.env_rules()` at a pre-order site below `max_nodes`),
  `layout.done` (stop rewriting), or before the first rewrite `layout.template_base + k`, k indexing `NAMED`:
  a named lowering of `templates.TEMPLATE_NAMES`, or (the last, `layout.points`) the decision to take the
  rewrite points of the benchmark's annotated program (`decisions.POINTS`; conv: its designs direct and gemm).
- MAPPING: `layout.map_base + k`, k indexing the Ch5 codes `MAP_CODES`.
- TUNING, MEMORY and REWRITE_POINTS: `layout.tune_base + slot`; slot i is the i-th of the values `slot_values(s)`
  lists: the legal values, log-thinned to `n_slots` when there are more (a named lowering's default value always
  kept). A MEMORY decision's values are KEEP first, then its rules and copies (`compiler.lowering.memory_stage`).

Search baselines and replay use these functions directly; `LiftGymEnv` is a thin shell over them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from gymnasium.error import InvalidAction

from compiler.ir.node import Program
from compiler.lowering import GENERIC_GPU, PINNED_WHEN_OFF, DeviceLimits, decisions, memory_stage, stages
from compiler.lowering.stages import MAP_CODES
from compiler.lowering.templates import TEMPLATE_NAMES

Phase = decisions.Stage  # the decision asked: REWRITE, MAPPING, TUNING, DONE, REWRITE_POINTS, MEMORY
POINTS_NAME = "rewrite points"
NAMED = (*TEMPLATE_NAMES, POINTS_NAME)  # the named choices before the first rewrite, in action order


@dataclass(frozen=True)
class ActionLayout:
    """The one fixed Discrete action space: rewrite (rule, site) pairs, stop rewriting, mapping codes, slots,
    named lowerings and the rewrite points (`NAMED`)."""

    n_rules: int
    max_nodes: int = 256
    n_codes: int = len(MAP_CODES)
    n_slots: int = 32
    n_templates: int = len(NAMED)

    @property
    def done(self) -> int:
        return self.n_rules * self.max_nodes

    @property
    def map_base(self) -> int:
        return self.done + 1

    @property
    def tune_base(self) -> int:
        return self.map_base + self.n_codes

    @property
    def template_base(self) -> int:
        return self.tune_base + self.n_slots

    @property
    def n(self) -> int:
        return self.template_base + self.n_templates

    def template(self, name: str) -> int:
        return self.template_base + NAMED.index(name)

    @property
    def points(self) -> int:
        return self.template(POINTS_NAME)

    def rewrite(self, rule: int, site: int) -> int:
        return rule * self.max_nodes + site

    def decode(self, a: int) -> tuple:
        """("rewrite", rule, site) | ("done",) | ("map", code) | ("tune", slot) | ("template", name) |
        ("points",)."""
        a = int(a)
        if not 0 <= a < self.n:
            raise InvalidAction(f"action {a} is outside the action space Discrete({self.n})")
        if a < self.done:
            return ("rewrite", a // self.max_nodes, a % self.max_nodes)
        if a == self.done:
            return ("done",)
        if a < self.tune_base:
            return ("map", MAP_CODES[a - self.map_base])
        if a < self.template_base:
            return ("tune", a - self.tune_base)
        name = NAMED[a - self.template_base]
        return decisions.POINTS if name == POINTS_NAME else ("template", name)


# the largest Config values: the action mask has n_rules x max_nodes + n_slots + ... entries
MAX_REWRITES, MAX_NODES, MAX_SLOTS = 1024, 1 << 16, 1024


@dataclass(frozen=True)
class Config:
    """What the transitions depend on besides the benchmark: the horizon, the layout and the device limits."""

    max_rewrites: int = 6
    max_nodes: int = 256
    n_slots: int = 32
    limits: DeviceLimits = GENERIC_GPU
    rewrite_points: bool = False  # LiftGym-RewritePoints-v7: rewrite-point decisions first on annotated programs
    prune_work_groups: bool = False  # offer only the work-group sizes the static estimator's pruning keeps
    memory: bool = True  # the MEMORY phase after the mapping (off: the -v2 episodes, which had none)
    column_blocks: bool = True  # the 2-D stencils' colsPerItem decision (off: fixed at 1, as -v2 episodes had it)
    conv_fusion: bool = True  # conv42's padView and cropView (off: fixed at 0, pad and crop kernels, as in -v3)
    last_group: bool = True  # asum's and dot's F, one kernel (off: fixed at 0, two kernels, as in -v4)
    transposed_a: bool = True  # mm's AT, the A tile transposed in local memory (off: fixed at 0, as in -v5)
    prefetch: bool = True  # mm's PF, the next tiles loaded into registers (off: fixed at 0, as in -v6)
    split_k: bool = False  # mm's SK, slices of K summed by a second kernel (off: fixed at 1, as in -v7; opt-in)

    def __post_init__(self):
        for key, lo, hi in (("max_rewrites", 0, MAX_REWRITES), ("max_nodes", 1, MAX_NODES), ("n_slots", 1, MAX_SLOTS)):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int | np.integer) or not lo <= v <= hi:
                raise ValueError(f"{key}: expected an integer in [{lo}, {hi}], got {v!r}")

    @property
    def layout(self) -> ActionLayout:
        return _layout(self.max_nodes, self.n_slots)

    @property
    def options(self) -> decisions.Options:
        """The compiler's options for these transitions (rewrite sites are offered while they fit the layout)."""
        return _options(self)

    @property
    def max_steps(self) -> int:
        """An upper bound of the decisions of any episode (rewrites + stop + maps + memory + parameters)."""
        return self.max_rewrites + 1 + 64 + memory_stage.MAX_SITES + 16


@functools.cache
def _layout(max_nodes: int, n_slots: int) -> ActionLayout:
    return ActionLayout(len(stages.env_rules()), max_nodes, len(MAP_CODES), n_slots)


@functools.lru_cache(maxsize=64)
def _options(config: Config) -> decisions.Options:
    return decisions.Options(config.max_rewrites, config.limits, config.rewrite_points, config.prune_work_groups,
                             site_limit=config.max_nodes, memory=config.memory,
                             pinned=tuple(p for key, values in PINNED_WHEN_OFF.items() if not getattr(config, key)
                                          for p in values))


@dataclass(frozen=True)
class State:
    """One point of an episode: the compiler's decision state (`route`, `compiler.lowering.decisions.State`)
    and the actions that reached it. The route's fields read through: `high` is the (rewritten) high-level
    program; `codes` the mapping chosen so far; `lowered` the mapped program (from phase TUNING on); `values` the
    tuning values chosen so far; `kernel` the compiled program (phase DONE)."""

    route: decisions.State
    seed: int
    config: Config
    actions: tuple[int, ...] = ()

    uri = property(lambda self: self.route.uri)
    sizes = property(lambda self: self.route.sizes)
    phase = property(lambda self: self.route.stage)
    high = property(lambda self: self.route.high)
    rewrites = property(lambda self: self.route.rewrites)
    codes = property(lambda self: self.route.codes)
    lowered = property(lambda self: self.route.lowered)
    values = property(lambda self: self.route.values)
    kernel = property(lambda self: self.route.kernel)
    rp = property(lambda self: self.route.rp)
    template = property(lambda self: self.route.template)
    rp_problem = property(lambda self: self.route.rp_problem)
    size_map = property(lambda self: self.route.size_map)
    mapping = property(lambda self: self.route.mapping)
    tuning = property(lambda self: self.route.tuning)
    assignment = property(lambda self: self.route.assignment)
    program = property(lambda self: self.route.program, doc="The program the current decision is about.")

    def decided(self) -> tuple[Program, dict[str, int], tuple[int, ...] | None]:
        """The kernel as decided so far (`decisions.State.decided`)."""
        return self.route.decided()

    @property
    def decision(self) -> str:
        """The decision asked now, in words."""
        d = decisions.next_decision(self.route)
        return d.text if d is not None else "none (episode over)"


# --- the functions -------------------------------------------------------------------------------------------------
def initial(uri: str, seed: int = 0, config: Config | None = None) -> State:
    """The start state of an episode on benchmark `uri` (sizes from the URI)."""
    config = config or Config()
    return State(decisions.start(uri, config.options), int(seed), config)


def is_terminal(state: State) -> bool:
    return state.phase is Phase.DONE


def legal_actions(state: State) -> np.ndarray:
    """The exact mask of legal actions (read-only bool array of length `state.config.layout.n`)."""
    return _mask(state.route, state.config)


@functools.lru_cache(maxsize=4096)
def _mask(route: decisions.State, config: Config) -> np.ndarray:
    layout = config.layout
    m = np.zeros(layout.n, dtype=bool)
    d = decisions.next_decision(route)
    if d is None:
        pass
    elif d.stage is Phase.REWRITE:
        for v in d.values:
            m[_action(layout, d, v)] = True
    elif d.stage is Phase.MAPPING:
        for c in d.values:
            m[layout.map_base + MAP_CODES.index(c)] = True
    else:
        m[layout.tune_base:layout.tune_base + len(_slots(route, config.n_slots))] = True
    m.flags.writeable = False
    return m


def _action(layout: ActionLayout, d: decisions.Decision, value) -> int:
    """The action id of a value of a REWRITE or MAPPING decision."""
    if d.stage is Phase.MAPPING:
        return layout.map_base + MAP_CODES.index(value)
    if value[0] == "rewrite":
        return layout.rewrite(value[1], value[2])
    if value[0] == "template":
        return layout.template(value[1])
    if value == decisions.POINTS:
        return layout.points
    return layout.done


def action_of(state: State, value) -> int:
    """The action that takes `value` for the decision asked now (a value of `decisions.next_decision`)."""
    d = decisions.next_decision(state.route)
    assert d is not None, "no decision is asked in phase DONE"
    if d.stage in (Phase.REWRITE, Phase.MAPPING):
        return _action(state.config.layout, d, value)
    offered = slot_values(state)
    if value not in offered:
        raise InvalidAction(f"value {value!r} of {d.text} is not offered by the {len(offered)} tuning slots")
    return state.config.layout.tune_base + offered.index(value)


def slot_values(state: State) -> tuple:
    """The values the tuning slots stand for now (empty outside phases TUNING, MEMORY and REWRITE_POINTS; in
    MEMORY they are memory values, see compiler.lowering.memory_stage; in REWRITE_POINTS they may be memories or
    dimension orders, see compiler.lowering.point_stages)."""
    if state.phase not in (Phase.TUNING, Phase.MEMORY, Phase.REWRITE_POINTS):
        return ()
    return _slots(state.route, state.config.n_slots)


@functools.lru_cache(maxsize=4096)
def _slots(route: decisions.State, n_slots: int) -> tuple:
    d = decisions.next_decision(route)
    assert d is not None
    vals = d.values
    if len(vals) <= n_slots:
        return tuple(vals)
    # a named lowering's own choice stays reachable
    default = route.tuning.defaults.get(d.key) if route.template and d.stage is Phase.TUNING else None
    n = n_slots - (default in vals)
    # log-thinned: keep the smallest and the largest and spread the rest evenly by position
    keep = np.unique(np.round(np.linspace(0, len(vals) - 1, n)).astype(int))
    if default is None:
        return tuple(vals[i] for i in keep)
    return tuple(sorted({vals[i] for i in keep} | ({default} if default in vals else set())))


def describe_action(state: State, action: int) -> str:
    """An action in words, relative to `state` (rule and site, mapping code or tuning value)."""
    kind = state.config.layout.decode(action)
    if kind[0] == "rewrite":
        rules = stages.env_rules()
        name = rules[kind[1]].name if kind[1] < len(rules) else f"rule {kind[1]}"
        return f"{name} at site #{kind[2]}"
    if kind[0] == "done":
        return "stop rewriting"
    if kind[0] == "template":
        return f"named lowering {kind[1]}"
    if kind == decisions.POINTS:
        return "rewrite points of the annotated program"
    if kind[0] == "map":
        return stages.MAP_CODE_NAMES[kind[1]]
    vals = slot_values(state)
    if state.phase is Phase.MEMORY:
        return f"memory slot {kind[1]}" + (f" (= {' '.join(vals[kind[1]])})" if kind[1] < len(vals) else "")
    return f"tuning slot {kind[1]}" + (f" (= {vals[kind[1]]})" if kind[1] < len(vals) else "")


def step(state: State, action: int) -> State:
    """The state after `action`. An action outside `legal_actions(state)` raises InvalidAction naming the action,
    the phase and the number of legal actions; a failure after a legal action is a bug and propagates."""
    mask = legal_actions(state)
    a = int(action)
    if not (0 <= a < mask.size and mask[a]):
        what = describe_action(state, a) if 0 <= a < mask.size else "outside the action space"
        raise InvalidAction(f"action {a} ({what}) is not legal in phase {state.phase.name} "
                            f"({state.decision}); {int(mask.sum())} actions are legal")
    kind = state.config.layout.decode(a)
    if kind[0] in ("rewrite", "template", "points"):
        value = kind
    elif kind[0] == "done":
        value = decisions.STOP
    elif kind[0] == "map":
        value = kind[1]
    else:
        value = slot_values(state)[kind[1]]
    return State(decisions.decide(state.route, value), state.seed, state.config, (*state.actions, a))


def run(uri: str, actions, seed: int = 0, config: Config | None = None) -> State:
    """The state reached from `initial(uri, seed, config)` by `actions` (replay)."""
    s = initial(uri, seed, config)
    for a in actions:
        s = step(s, a)
    return s


def clear_caches() -> None:
    """Empty the memoised masks and slots, and the compiler's decision caches (for timing them cold)."""
    for cached in (_mask, _slots, _options):
        cached.cache_clear()
    decisions.clear_caches()


__all__ = ["NAMED", "POINTS_NAME", "ActionLayout", "Config", "Phase", "State", "action_of", "clear_caches",
           "describe_action", "initial", "is_terminal", "legal_actions", "run", "slot_values", "step"]
