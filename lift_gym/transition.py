"""The environment's pure transition functions over frozen states (no Gymnasium, no randomness, no I/O).

    s = initial(uri, seed, config)         # the benchmark's high-level program, phase REWRITE
    m = legal_actions(s)                   # bool mask over the fixed action layout (exact)
    s = step(s, a)                         # raises gymnasium.error.InvalidAction when not m[a]
    is_terminal(s)                         # phase DONE: s.kernel is the compiled program

Phases, each asking one decision per step:
1. REWRITE: apply a rule of `stages.env_rules()` at a site (action `rule * max_nodes + site`), or stop
   rewriting (`layout.done`). Ends by itself after `config.max_rewrites` rewrites or when no rule applies.
   Before the first rewrite, a named lowering of the benchmark may be chosen instead
   (`layout.template_base + k`, k indexing `templates.TEMPLATE_NAMES`: mm `tiled`, the 2-D stencils' `default`
   with rowsPerItem and `tiled`, conv `conv42`); the episode then goes to TUNING with that lowering's parameters.
2. MAPPING: the parallel mapping of each map, outer to inner (a Ch5 code, `layout.map_base + k`).
3. TUNING: the value of each tuning parameter (`layout.tune_base + slot`; slot i is the i-th of the values
   `slot_values(s)` lists: the valid values, log-thinned to `n_slots` when there are more, a named lowering's
   default value always kept): the work-group sizes (`stages.LocalSizeProblem`), or a named lowering's parameters
   over the space Ch4 inference gives its program (`templates.TemplateProblem`). With
   `Config.prune_work_groups` the work-group sizes offered are those the static estimator's pruning keeps.
4. DONE: the program is lowered, every parameter bound, and the kernel compiled.

Search baselines and replay use these functions directly; `LiftGymEnv` is a thin shell over them.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, replace

import numpy as np
from gymnasium.error import InvalidAction

from compiler.ir.node import Program
from compiler.lowering import GENERIC_GPU, DeviceLimits, KernelProgram, point_stages, stages, templates
from compiler.lowering.stages import MAP_CODES
from compiler.lowering.templates import TEMPLATE_NAMES
from compiler.perf.estimate_params import device_for_limits
from compiler.perf.prune import prune_local_sizes


class Phase(enum.IntEnum):
    REWRITE = 0
    MAPPING = 1
    TUNING = 2
    DONE = 3
    REWRITE_POINTS = 4  # rewrite-point env only: the first phase on annotated programs (compiler.lowering.point_stages)


@dataclass(frozen=True)
class ActionLayout:
    """The one fixed Discrete action space: rewrite (rule, site) pairs, stop rewriting, mapping codes, slots,
    named lowerings."""

    n_rules: int
    max_nodes: int = 256
    n_codes: int = len(MAP_CODES)
    n_slots: int = 32
    n_templates: int = len(TEMPLATE_NAMES)

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
        return self.template_base + TEMPLATE_NAMES.index(name)

    def rewrite(self, rule: int, site: int) -> int:
        return rule * self.max_nodes + site

    def decode(self, a: int) -> tuple:
        """("rewrite", rule, site) | ("done",) | ("map", code) | ("tune", slot) | ("template", name)."""
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
        return ("template", TEMPLATE_NAMES[a - self.template_base])


# the largest Config values: the action mask has n_rules x max_nodes + n_slots + ... entries
MAX_REWRITES, MAX_NODES, MAX_SLOTS = 1024, 1 << 16, 1024


@dataclass(frozen=True)
class Config:
    """What the transitions depend on besides the benchmark: the horizon, the layout and the device limits."""

    max_rewrites: int = 6
    max_nodes: int = 256
    n_slots: int = 32
    limits: DeviceLimits = GENERIC_GPU
    rewrite_points: bool = False  # LiftGym-RewritePoints-v1: rewrite-point decisions first on annotated programs
    prune_work_groups: bool = False  # offer only the work-group sizes the static estimator's pruning keeps

    def __post_init__(self):
        for key, lo, hi in (("max_rewrites", 0, MAX_REWRITES), ("max_nodes", 1, MAX_NODES), ("n_slots", 1, MAX_SLOTS)):
            v = getattr(self, key)
            if isinstance(v, bool) or not isinstance(v, int | np.integer) or not lo <= v <= hi:
                raise ValueError(f"{key}: expected an integer in [{lo}, {hi}], got {v!r}")

    @property
    def layout(self) -> ActionLayout:
        return _layout(self.max_nodes, self.n_slots)

    @property
    def max_steps(self) -> int:
        """An upper bound of the decisions of any episode (rewrites + stop + maps + parameters)."""
        return self.max_rewrites + 1 + 64 + 16


@functools.cache
def _layout(max_nodes: int, n_slots: int) -> ActionLayout:
    return ActionLayout(len(stages.env_rules()), max_nodes, len(MAP_CODES), n_slots)


@dataclass(frozen=True)
class State:
    """One point of an episode. `high` is the (rewritten) high-level program; `codes` the mapping chosen so far;
    `lowered` the mapped program (from phase TUNING on); `values` the tuning values chosen so far; `kernel`
    the compiled program (phase DONE)."""

    uri: str
    sizes: tuple[tuple[str, int], ...]
    seed: int
    config: Config
    phase: Phase
    high: Program
    actions: tuple[int, ...] = ()
    rewrites: int = 0
    codes: tuple[int, ...] = ()
    lowered: Program | None = None
    values: tuple[int, ...] = ()
    kernel: KernelProgram | None = None
    rp: tuple[tuple[str, object], ...] = ()  # rewrite-point values (LiftGym-RewritePoints-v1), in decision order
    template: str = ""  # the named lowering chosen instead of rewrites and mapping ("" when none)

    @property
    def rp_problem(self) -> point_stages.RPProblem:
        bench, _ = stages.resolve(self.uri)
        return point_stages.problem(bench.name, bench.program, self.size_map)

    @property
    def size_map(self) -> dict[str, int]:
        return dict(self.sizes)

    @property
    def mapping(self) -> stages.MappingProblem:
        if self.rp:  # a rewritten program: its oclKernel boundaries are kept (point_stages.RPMapping)
            return point_stages.mapping_problem(self.high, self.size_map)
        return stages.mapping_problem(self.high, self.size_map)

    @property
    def tuning(self) -> stages.LocalSizeProblem | templates.TemplateProblem:
        assert self.lowered is not None, "no tuning problem before the mapping is complete"
        if self.template:
            bench, _ = stages.resolve(self.uri)
            return templates.template_problem(bench, self.template, self.size_map, self.config.limits)
        return stages.local_size_problem(self.lowered, self.size_map, self.config.limits)

    def decided(self) -> tuple[Program, dict[str, int], tuple[int, ...] | None]:
        """The kernel as decided so far (from phase TUNING on): its program, the values of its size variables and
        its work-group size, with valid values for the parameters not chosen yet (a named lowering's defaults
        where they fit, else the smallest valid value)."""
        assert self.lowered is not None, "nothing is decided before the mapping is complete"
        tp = self.tuning
        if not self.template:
            return self.lowered, self.size_map, tp.local_size(self.assignment) if self.values else None
        assert isinstance(tp, templates.TemplateProblem)
        point = tp.complete(self.assignment)
        return tp.lowered(point).concrete(), self.size_map, tp.local_size(point)

    @property
    def assignment(self) -> dict[str, int]:
        if self.lowered is None:
            return {}
        return {p.name: v for p, v in zip(self.tuning.params, self.values, strict=False)}

    @property
    def program(self) -> Program:
        """The program the current decision is about (what the observation encodes)."""
        if self.phase in (Phase.REWRITE, Phase.REWRITE_POINTS):
            return self.high
        if self.phase is Phase.MAPPING:
            return self.mapping.program
        assert self.lowered is not None
        return self.lowered

    @property
    def decision(self) -> str:
        """The decision asked now, in words."""
        if self.phase is Phase.REWRITE_POINTS:
            p = self.rp_problem.next_param(self.rp)
            assert p is not None
            return f"value of rewrite-point parameter {p.name} ({'tuning' if p.role == 'tuning' else 'structural'})" \
                   f", decision {len(self.rp) + 1}"
        if self.phase is Phase.REWRITE:
            also = ", or a named lowering" if self.rewrites == 0 and _templates(self) else ""
            return f"rewrite {self.rewrites + 1} of at most {self.config.max_rewrites} (or stop rewriting{also})"
        if self.phase is Phase.MAPPING:
            site = self.mapping.sites[len(self.codes)]
            return f"mapping of map #{site.index} (length {site.length}), {len(self.codes) + 1} of " \
                   f"{len(self.mapping.sites)}"
        if self.phase is Phase.TUNING:
            p = self.tuning.params[len(self.values)]
            return f"value of tuning parameter {p.name} ({p.kind}), {len(self.values) + 1} of " \
                   f"{len(self.tuning.params)}"
        return "none (episode over)"


# --- the functions -------------------------------------------------------------------------------------------------
def initial(uri: str, seed: int = 0, config: Config | None = None) -> State:
    """The start state of an episode on benchmark `uri` (sizes from the URI)."""
    config = config or Config()
    bench, sizes = stages.resolve(uri)
    if config.rewrite_points and point_stages.is_annotated(bench.program):
        rpp = point_stages.problem(bench.name, bench.program, sizes)
        s = State(uri, tuple(sorted(sizes.items())), int(seed), config, Phase.REWRITE_POINTS, rpp.program)
    else:
        s = State(uri, tuple(sorted(sizes.items())), int(seed), config, Phase.REWRITE,
                  stages.start_program(bench))
    return _advance(s)


def is_terminal(state: State) -> bool:
    return state.phase is Phase.DONE


def legal_actions(state: State) -> np.ndarray:
    """The exact mask of legal actions (read-only bool array of length `state.config.layout.n`)."""
    return _mask(state)


@functools.lru_cache(maxsize=4096)
def _mask(state: State) -> np.ndarray:
    layout = state.config.layout
    m = np.zeros(layout.n, dtype=bool)
    if state.phase is Phase.REWRITE:
        for r, site in _rewrites(state):
            m[layout.rewrite(r, site)] = True
        m[layout.done] = True
        for name in _templates(state):
            m[layout.template(name)] = True
    elif state.phase is Phase.MAPPING:
        for c in state.mapping.valid_codes(state.codes):
            m[layout.map_base + MAP_CODES.index(c)] = True
    elif state.phase in (Phase.TUNING, Phase.REWRITE_POINTS):
        m[layout.tune_base:layout.tune_base + len(slot_values(state))] = True
    m.flags.writeable = False
    return m


def _templates(state: State) -> tuple[str, ...]:
    """The named lowerings offered: before the first rewrite, those whose parameter space has a point."""
    if state.phase is not Phase.REWRITE or state.rewrites:
        return ()
    bench, _ = stages.resolve(state.uri)
    return templates.available_templates(bench, state.size_map, state.config.limits)


def _rewrites(state: State) -> list[tuple[int, int]]:
    """Legal (rule, site) pairs whose site fits the layout."""
    return [(r, s) for r, s in _legal(state.high, state.sizes) if s < state.config.max_nodes]


@functools.lru_cache(maxsize=2048)
def _legal(program: Program, sizes: tuple) -> tuple[tuple[int, int], ...]:
    """The rule engine's legal pairs whose result has a parallel mapping that compiles (stages.offered_rewrites)."""
    return tuple(stages.offered_rewrites(program, dict(sizes)))


def slot_values(state: State) -> tuple[int, ...]:
    """The values the tuning slots stand for now (empty outside phases TUNING and REWRITE_POINTS; in the
    latter they may be memories or dimension orders, see compiler.lowering.point_stages)."""
    if state.phase is Phase.REWRITE_POINTS:
        return _rp_slots(state.uri, state.sizes, state.config.n_slots, state.rp)
    if state.phase is not Phase.TUNING:
        return ()
    return _slots(state.uri, state.template, state.lowered, state.sizes, state.config, state.values)


@functools.lru_cache(maxsize=4096)
def _slots(uri: str, template: str, lowered: Program, sizes: tuple, config: Config,
           values: tuple[int, ...]) -> tuple[int, ...]:
    if template:
        tp = templates.template_problem(stages.resolve(uri)[0], template, dict(sizes), config.limits)
    else:
        tp = stages.local_size_problem(lowered, dict(sizes), config.limits)
    param = tp.params[len(values)].name
    if config.prune_work_groups and not template:
        vals = sorted({c[len(values)] for c in _kept_local_sizes(lowered, sizes, config.limits)
                       if c[:len(values)] == values})
    else:
        partial = {p.name: v for p, v in zip(tp.params, values, strict=False)}
        vals = sorted(set(tp.valid_values(param, partial)))
    if len(vals) <= config.n_slots:
        return tuple(vals)
    default = tp.defaults.get(param) if template else None  # a named lowering's own choice stays reachable
    n = config.n_slots - (default in vals)
    # log-thinned: keep the smallest and the largest and spread the rest evenly by position
    keep = np.unique(np.round(np.linspace(0, len(vals) - 1, n)).astype(int))
    return tuple(sorted({vals[i] for i in keep} | ({default} if default in vals else set())))


@functools.lru_cache(maxsize=1024)
def _kept_local_sizes(lowered: Program, sizes: tuple, limits: DeviceLimits) -> tuple[tuple[int, ...], ...]:
    """The valid work-group sizes (in the order of the tuning parameters, ls0 first) that the static estimator's
    work-group pruning keeps (compiler.perf.prune, seed 004; at least one)."""
    tp = stages.local_size_problem(lowered, dict(sizes), limits)
    names = [p.name for p in tp.params]
    points = [tuple(int(pt[n]) for n in names) for pt in tp.space.enumerate()]
    return tuple(tuple(c) for c in prune_local_sizes(lowered, dict(sizes), points, device_for_limits(limits)))


@functools.lru_cache(maxsize=4096)
def _rp_slots(uri: str, sizes: tuple, n_slots: int, rp: tuple) -> tuple:
    bench, _ = stages.resolve(uri)
    vals = point_stages.problem(bench.name, bench.program, dict(sizes)).valid_values(rp)
    if len(vals) <= n_slots:
        return tuple(vals)
    keep = np.unique(np.round(np.linspace(0, len(vals) - 1, n_slots)).astype(int))
    return tuple(vals[i] for i in keep)


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
    if kind[0] == "map":
        return stages.MAP_CODE_NAMES[kind[1]]
    vals = slot_values(state)
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
    acts = (*state.actions, a)
    if kind[0] == "rewrite":
        high = stages.apply_rewrite(state.high, kind[1], kind[2], state.size_map)
        s = replace(state, high=high, actions=acts, rewrites=state.rewrites + 1)
    elif kind[0] == "done":
        s = replace(state, phase=Phase.MAPPING, actions=acts)
    elif kind[0] == "template":
        bench, _ = stages.resolve(state.uri)
        tp = templates.template_problem(bench, kind[1], state.size_map, state.config.limits)
        s = replace(state, phase=Phase.TUNING, template=kind[1], lowered=tp.program, actions=acts)
    elif kind[0] == "map":
        s = replace(state, codes=(*state.codes, kind[1]), actions=acts)
    elif state.phase is Phase.REWRITE_POINTS:
        p = state.rp_problem.next_param(state.rp)
        assert p is not None
        s = replace(state, rp=(*state.rp, (p.name, slot_values(state)[kind[1]])), actions=acts)
    else:
        s = replace(state, values=(*state.values, slot_values(state)[kind[1]]), actions=acts)
    return _advance(s)


def _advance(s: State) -> State:
    """Take the decisions that have no alternative: leave a phase whose decisions are all made. The rewrite-point
    env goes from the rewrite-point phase straight to MAPPING (no rule rewrites on an annotated program)."""
    if s.phase is Phase.REWRITE_POINTS and s.rp_problem.next_param(s.rp) is None:
        s = replace(s, phase=Phase.MAPPING, high=s.rp_problem.result(s.rp))
    if s.phase is Phase.REWRITE and (s.rewrites >= s.config.max_rewrites or not _rewrites(s)):
        s = replace(s, phase=Phase.MAPPING)
    if s.phase is Phase.MAPPING and len(s.codes) == len(s.mapping.sites):
        s = replace(s, phase=Phase.TUNING, lowered=s.mapping.lower(s.codes))
    if s.phase is Phase.TUNING and len(s.values) == len(s.tuning.params):
        if s.template:  # the program its values build, every size bound (they may choose its structure)
            bound = s.tuning.lowered(s.assignment)
            s = replace(s, phase=Phase.DONE, lowered=bound.concrete(), kernel=bound.compile())
        else:
            s = replace(s, phase=Phase.DONE, kernel=s.tuning.compile(s.assignment))
    return s


def run(uri: str, actions, seed: int = 0, config: Config | None = None) -> State:
    """The state reached from `initial(uri, seed, config)` by `actions` (replay)."""
    s = initial(uri, seed, config)
    for a in actions:
        s = step(s, a)
    return s


__all__ = ["ActionLayout", "Config", "Phase", "State", "describe_action", "initial", "is_terminal", "legal_actions",
           "run", "slot_values", "step"]
