"""The one route from a benchmark to a kernel, as a sequence of decisions each with exactly its legal values.

    s = start("benchmark://lift/mm?M=1024&N=1024&K=1024", Options(limits=H100))
    while (d := next_decision(s)) is not None:      # Decision(stage, key, values, text)
        s = decide(s, choose(d, s))                 # any value of d.values
    s.kernel                                        # the compiled KernelProgram (stage DONE)
    start_program(program, sizes, options)          # the same route from a program instead of a suite URI
    legal(s, value)                                 # whether value is legal (asking about it alone where it can)

    build(uri, chooser, options)                    # the same loop: chooser(decision, state) -> value
    finish(start_program(program, sizes), chooser)  # the same loop from any state
    preset_chooser(preset)                          # a named lowering as a recorded chooser (presets.Preset)
    build(uri, preset_chooser(p), p.options())      # a named lowering's kernel (presets: also the reward baseline)
    random_chooser(rng)                             # a uniform sampler over each decision's values

Stages, in order, each asking one decision at a time (the thesis's stages, `stages` and `point_stages` answer
them):
1. REWRITE_POINTS (with `Options.rewrite_points` on a program annotated with rewrite points, Ch6, or after the
   value `("points",)` of REWRITE): the value of each rewrite-point parameter (`point_stages.RPProblem`); the
   program they build goes to MAPPING.
2. REWRITE: an algorithmic rewrite `("rewrite", rule, site)` (rule: position in `stages.env_rules()`, site: the
   pre-order index), `("stop",)`, or, before the first rewrite, a named lowering `("template", name)` of the
   benchmark (`templates`: `tiled` of mm, gemv, scal, asum and dot, the 2-D stencils' `default` and `tiled`,
   conv `conv42`), which replaces the rewrites and the mapping by the lowering's program and goes to TUNING
   with its parameters, or
   `("points",)` on a benchmark whose annotated program has named designs (`point_stages.annotated_of`: conv,
   annotated `conv-rp`, designs `direct` and `gemm`), which replaces the program by the annotated one and goes
   to REWRITE_POINTS (offered when a completion of the rewrite-point phase is witnessed). The stage ends by
   itself after `Options.max_rewrites` rewrites or when no rule applies.
3. MAPPING: the Ch5 code of each map, outer to inner (`stages.MappingProblem.valid_codes`, exact).
4. MEMORY (generic route only: not after a named lowering nor on the rewrite-point route; with `Options.memory`):
   one decision per candidate site of the mapped program, in pre-order (`memory_stage.MemoryProblem`): KEEP
   (the program as it is), or an address-space rule, a copy with the mapping of its maps, or an unroll rule at
   the site, each offered only when its program compiles; at most `Options.max_memory` applications.
5. TUNING: the value of each tuning parameter: the work-group sizes (`stages.LocalSizeProblem`) or a named
   lowering's parameters over the space Ch4 inference gives its program (`templates.TemplateProblem`). With
   `Options.prune_work_groups` the work-group sizes offered are those the static estimator's pruning keeps
   (`compiler.perf.prune`).
6. DONE: the program is lowered, every parameter bound and the kernel compiled.

This is the only route to a kernel: a named lowering's kernel (`presets.Preset`), the reward baseline
(`presets.baseline`), a program written lowered (`presets.written`), every episode and the CLI's `run`, `show
--opencl`, `space`, `explore` and `search` take their decisions here.

A state with a decision to take always has at least one legal value (every stage's values come from the rule
engine or the solver, which never leave a partial choice without a completion). The environment is the chooser
that asks an agent: it numbers each decision's values onto its fixed action layout (`lift_gym.transition`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..constraints import GENERIC_GPU, DeviceLimits
from ..errors import CompilerError
from ..ir.node import Program
from ..perf.estimate_params import device_for_limits
from ..perf.prune import prune_local_sizes
from ..suite import get
from . import memory_stage, point_stages, stages, templates
from .stages import KernelProgram


class Stage(enum.IntEnum):
    REWRITE = 0
    MAPPING = 1
    TUNING = 2
    DONE = 3
    REWRITE_POINTS = 4
    MEMORY = 5


STOP = ("stop",)
KEEP = memory_stage.KEEP  # a memory decision's value that leaves the program as it is
POINTS = ("points",)  # decide the rewrite points of the benchmark's annotated program (point_stages.annotated_of)


@dataclass(frozen=True)
class Options:
    """What the decisions depend on besides the benchmark."""

    max_rewrites: int = 6
    limits: DeviceLimits = GENERIC_GPU
    rewrite_points: bool = False  # rewrite-point decisions first on annotated programs
    prune_work_groups: bool = False  # offer only the work-group sizes the static estimator's pruning keeps
    site_limit: int = 1 << 16  # rewrite sites at a pre-order index below it are offered (an encoding's bound)
    memory: bool = True  # the MEMORY stage after the mapping of the generic route
    max_memory: int = 4  # memory rules applied at most (KEEP answers do not count)
    local_sizes: bool = True  # work-group-size decisions (False: none; the runtime chooses, local size None)
    # a named lowering's parameters fixed at a value and not asked (the decisions of versions before a parameter
    # existed: `lift_gym` replays -v2 records with colsPerItem = 1, -v3 records with conv42's padView = cropView =
    # 0); the other parameters' values are those the pinned values allow
    pinned: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Decision:
    """One open question: its stage, a stable key (`rewrite 1`, `map #3`, a parameter's name), exactly its legal
    values (never empty), and the question in words."""

    stage: Stage
    key: str
    values: tuple
    text: str


@dataclass(frozen=True)
class State:
    """One point of the route. `high` is the (rewritten) high-level program; `codes` the mapping chosen so far;
    `lowered` the mapped program (from TUNING on); `values` the tuning values chosen so far; `kernel` the compiled
    program (DONE); `rp` the rewrite-point values; `template` the named lowering chosen ("" when none);
    `points` the annotated program whose rewrite points are decided after the value POINTS ("" otherwise: the
    benchmark's own program); `memory` the memory values chosen so far, as (site index, value) pairs, and
    `cursor` the pre-order index the next memory site comes after. `source` is the program a route started by
    `start_program` lowers (None: the benchmark of `uri`)."""

    uri: str
    sizes: tuple[tuple[str, int], ...]
    options: Options
    stage: Stage
    high: Program
    rewrites: int = 0
    codes: tuple[int, ...] = ()
    lowered: Program | None = None
    values: tuple[int, ...] = ()
    kernel: KernelProgram | None = None
    rp: tuple[tuple[str, object], ...] = ()
    template: str = ""
    points: str = ""
    memory: tuple[tuple[int, tuple[str, ...]], ...] = ()
    cursor: int = -1
    source: Program | None = None

    @property
    def size_map(self) -> dict[str, int]:
        return dict(self.sizes)

    @property
    def rp_problem(self) -> point_stages.RPProblem:
        if self.source is not None:
            return point_stages.problem(self.source.name, self.source, self.size_map)
        bench = get(self.points) if self.points else stages.resolve(self.uri)[0]
        return point_stages.problem(bench.name, bench.program, self.size_map)

    @property
    def mapping(self) -> stages.MappingProblem:
        if self.rp or self.source is not None:  # oclKernel boundaries kept (point_stages.RPMapping)
            return point_stages.mapping_problem(self.high, self.size_map)
        return stages.mapping_problem(self.high, self.size_map, self.options.limits)

    @property
    def memory_problem(self) -> memory_stage.MemoryProblem:
        assert self.lowered is not None, "no memory problem before the mapping is complete"
        return memory_stage.memory_problem(self.lowered, self.size_map, self.options.limits)

    @property
    def applied(self) -> int:
        """The memory rules applied so far."""
        return sum(v != KEEP for _, v in self.memory)

    @property
    def tuning(self) -> stages.LocalSizeProblem | templates.TemplateProblem:
        assert self.lowered is not None, "no tuning problem before the mapping is complete"
        if self.template:
            bench, _ = stages.resolve(self.uri)
            return templates.template_problem(bench, self.template, self.size_map, self.options.limits)
        return stages.local_size_problem(self.lowered, self.size_map, self.options.limits)

    @property
    def assignment(self) -> dict[str, int]:
        if self.lowered is None:
            return {}
        return {p.name: v for p, v in zip(self.tuning.params, self.values, strict=False)}

    @property
    def program(self) -> Program:
        """The program the current decision is about."""
        if self.stage in (Stage.REWRITE, Stage.REWRITE_POINTS):
            return self.high
        if self.stage is Stage.MAPPING:
            return self.mapping.program
        if self.stage is Stage.MEMORY:  # the normal form the site indices refer to
            return self.memory_problem.program
        assert self.lowered is not None
        return self.lowered

    def decided(self) -> tuple[Program, dict[str, int], tuple[int, ...] | None]:
        """The kernel as decided so far (from TUNING on): its program, the values of its size variables and its
        work-group size, with valid values for the parameters not chosen yet (a named lowering's defaults where
        they fit, else the smallest valid value)."""
        assert self.lowered is not None, "nothing is decided before the mapping is complete"
        tp = self.tuning
        if not self.template:
            return self.lowered, self.size_map, tp.local_size(self.assignment) if self.values else None
        assert isinstance(tp, templates.TemplateProblem)
        point = tp.complete(self.assignment)
        return tp.lowered(point).concrete(), self.size_map, tp.local_size(point)


# --- the route -----------------------------------------------------------------------------------------------------
def start(uri: str, options: Options | None = None) -> State:
    """The first state of the route on benchmark `uri` (sizes from the URI)."""
    options = options or Options()
    bench, sizes = stages.resolve(uri)
    key = tuple(sorted(sizes.items()))
    if options.rewrite_points and point_stages.is_annotated(bench.program):
        rpp = point_stages.problem(bench.name, bench.program, sizes)
        s = State(uri, key, options, Stage.REWRITE_POINTS, rpp.program)
    else:
        s = State(uri, key, options, Stage.REWRITE, stages.start_program(bench))
    return _advance(s)


def start_program(program: Program, sizes: dict[str, int], options: Options | None = None) -> State:
    """The first state of the rewrite-point route on a program that is not a suite URI: its rewrite points first
    (with `Options.rewrite_points`, on a program annotated with them), then MAPPING in the rewritten programs'
    form (`point_stages.RPMapping`: its oclKernel boundaries kept) and TUNING; no REWRITE or MEMORY stage.
    `sizes` binds every size variable (and any tuning parameter the program leaves free)."""
    options = options or Options()
    sizes = {k: int(v) for k, v in sizes.items()}
    key = tuple(sorted(sizes.items()))
    if options.rewrite_points and point_stages.is_annotated(program):
        rpp = point_stages.problem(program.name, program, sizes)
        return _advance(State("", key, options, Stage.REWRITE_POINTS, rpp.program, source=program))
    return _advance(State("", key, options, Stage.MAPPING, program, source=program))


@functools.lru_cache(maxsize=4096)
def next_decision(s: State) -> Decision | None:
    """The decision asked now with exactly its legal values, or None when the kernel is complete (DONE)."""
    if s.stage is Stage.DONE:
        return None
    if s.stage is Stage.REWRITE_POINTS:
        p = s.rp_problem.next_param(s.rp)
        assert p is not None
        role = "tuning" if p.role == "tuning" else "structural"
        return Decision(s.stage, p.name, tuple(s.rp_problem.valid_values(s.rp)),
                        f"value of rewrite-point parameter {p.name} ({role}), decision {len(s.rp) + 1}")
    if s.stage is Stage.REWRITE:
        named = (*(("template", n) for n in _templates(s)), *((POINTS,) if _points(s) else ()))
        values = (*(("rewrite", r, site) for r, site in rewrites(s)), STOP, *named)
        also = ", or a named lowering" if named else ""
        return Decision(s.stage, f"rewrite {s.rewrites + 1}", values,
                        f"rewrite {s.rewrites + 1} of at most {s.options.max_rewrites} (or stop rewriting{also})")
    if s.stage is Stage.MAPPING:
        site = s.mapping.sites[len(s.codes)]
        return Decision(s.stage, f"map #{site.index}", tuple(s.mapping.valid_codes(s.codes)),
                        f"mapping of map #{site.index} (length {site.length}), {len(s.codes) + 1} of "
                        f"{len(s.mapping.sites)}")
    if s.stage is Stage.MEMORY:
        site = s.memory_problem.next_site(s.cursor)
        assert site is not None
        return Decision(s.stage, f"memory #{site.index}", site.values,
                        f"memory of node #{site.index} (address space, copy or unrolling), decision "
                        f"{len(s.memory) + 1}, {s.applied} of at most {s.options.max_memory} applied")
    tp = s.tuning
    p = tp.params[len(s.values)]
    return Decision(s.stage, p.name, tuning_values(s),
                    f"value of tuning parameter {p.name} ({p.kind}), {len(s.values) + 1} of {len(tp.params)}")


def decide(s: State, value) -> State:
    """The state after taking `value` for `next_decision(s)`. A value that is not legal raises CompilerError naming
    the stage, the decision and the value."""
    if not legal(s, value):
        d = next_decision(s)
        asked = d.text if d is not None else "no decision (the kernel is complete)"
        raise CompilerError(f"{s.stage.name.lower()}: {value!r} is not a legal value of {asked}")
    if s.stage is Stage.REWRITE_POINTS:
        p = s.rp_problem.next_param(s.rp)
        assert p is not None
        return _advance(replace(s, rp=(*s.rp, (p.name, value))))
    if s.stage is Stage.REWRITE:
        if value == STOP:
            return _advance(replace(s, stage=Stage.MAPPING))
        if value[0] == "template":
            bench, _ = stages.resolve(s.uri)
            tp = templates.template_problem(bench, value[1], s.size_map, s.options.limits)
            return _advance(replace(s, stage=Stage.TUNING, template=value[1], lowered=tp.program))
        if value == POINTS:
            name = point_stages.annotated_of(stages.resolve(s.uri)[0])
            assert name is not None
            rpp = point_stages.problem(name, get(name).program, s.size_map)
            return _advance(replace(s, stage=Stage.REWRITE_POINTS, high=rpp.program, points=name))
        high = stages.apply_rewrite(s.high, value[1], value[2], s.size_map)
        return _advance(replace(s, high=high, rewrites=s.rewrites + 1))
    if s.stage is Stage.MAPPING:
        return _advance(replace(s, codes=(*s.codes, value)))
    if s.stage is Stage.MEMORY:
        mp = s.memory_problem
        site = mp.next_site(s.cursor)
        assert site is not None
        lowered, cursor = mp.apply(site, value)
        return _advance(replace(s, lowered=lowered, cursor=cursor, memory=(*s.memory, (site.index, value))))
    return _advance(replace(s, values=(*s.values, value)))


def legal(s: State, value) -> bool:
    """Whether `value` is one of `next_decision(s).values`. The rewrite-point and mapping stages first apply the
    test their values pass to this value alone (a candidate with a witnessed completion), so a legal answer is
    known without the other values; otherwise the decision's values answer."""
    if s.stage is Stage.REWRITE_POINTS and s.rp_problem.offers(s.rp, value):
        return True
    if s.stage is Stage.MAPPING and value in s.mapping.candidates(s.codes) and s.mapping.feasible((*s.codes, value)):
        return True
    d = next_decision(s)
    return d is not None and value in d.values


Chooser = Callable[[Decision, State], object]


def build(uri: str, chooser: Chooser, options: Options | None = None) -> State:
    """The finished state (DONE, `.kernel` compiled) the chooser's answers lead to."""
    return finish(start(uri, options), chooser)


def finish(s: State, chooser: Chooser) -> State:
    """The finished state the chooser's answers lead to from `s` (a `start` or `start_program` state)."""
    while (d := next_decision(s)) is not None:
        s = decide(s, chooser(d, s))
    return s


def random_chooser(rng) -> Chooser:
    """A uniform choice among each decision's legal values (`rng`: a numpy Generator)."""
    return lambda d, s: d.values[int(rng.integers(len(d.values)))]


def preset_chooser(preset) -> Chooser:
    """The decisions of a named lowering (`presets.Preset`): its template and values, or its rewrites (by rule
    name), or its rewrite-point values (POINTS, then one value per parameter); then its mapping codes and
    work-group size. Where the preset leaves the work-group size to the runtime, its own kernel is built under
    `Preset.options()`, which asks no work-group size (`Options.local_sizes` False: local size None); a route that
    asks one anyway (an episode: the env always does) gets the smallest legal value, as the recorded episodes
    took it."""
    position = {r.name: i for i, r in enumerate(stages.env_rules())}

    def choose(d: Decision, s: State):
        if d.stage is Stage.REWRITE:
            if preset.template:
                return ("template", preset.template)
            if preset.points:
                return POINTS
            if s.rewrites < len(preset.rewrites):
                name, site = preset.rewrites[s.rewrites]
                return ("rewrite", position[name], site)
            return STOP
        if d.stage is Stage.MAPPING:
            if len(s.codes) >= len(preset.mapping):  # e.g. a horizon that took none of the preset's rewrites
                raise CompilerError(f"mapping: the named lowering maps {len(preset.mapping)} maps; this program "
                                    f"asks for map #{len(s.codes) + 1} (its rewrites were not all taken)")
            return preset.mapping[len(s.codes)]
        if d.stage is Stage.MEMORY:  # a named lowering's memory is the mapped program's as it is
            return KEEP
        if d.stage is Stage.TUNING:
            if preset.template:
                return dict(preset.values)[d.key]
            return preset.local_size[len(s.values)] if preset.local_size is not None else d.values[0]
        if d.stage is Stage.REWRITE_POINTS and d.key in dict(preset.points):
            return dict(preset.points)[d.key]
        raise CompilerError(f"{d.stage.name.lower()}: a named lowering takes no decision {d.key}")

    return choose


# --- the values of each stage --------------------------------------------------------------------------------------
def rewrites(s: State) -> tuple[tuple[int, int], ...]:
    """Legal (rule, site) pairs whose site is below `Options.site_limit`."""
    return tuple((r, site) for r, site in _legal(s.high, s.sizes) if site < s.options.site_limit)


@functools.lru_cache(maxsize=2048)
def _legal(program: Program, sizes: tuple) -> tuple[tuple[int, int], ...]:
    """The rule engine's legal pairs whose result has a parallel mapping that compiles (stages.offered_rewrites)."""
    return tuple(stages.offered_rewrites(program, dict(sizes)))


def _templates(s: State) -> tuple[str, ...]:
    """The named lowerings offered: before the first rewrite, those whose parameter space has a point."""
    if s.stage is not Stage.REWRITE or s.rewrites:
        return ()
    bench, _ = stages.resolve(s.uri)
    return templates.available_templates(bench, s.size_map, s.options.limits)


def _points(s: State) -> bool:
    """Whether POINTS is offered: before the first rewrite, on a benchmark whose annotated program has named
    designs, when the rewrite-point phase has a witnessed completion (`RPProblem.feasible`)."""
    if s.stage is not Stage.REWRITE or s.rewrites:
        return False
    name = point_stages.annotated_of(stages.resolve(s.uri)[0])
    return name is not None and point_stages.problem(name, get(name).program, s.size_map).feasible(())


def _memory_open(s: State) -> bool:
    """Whether a memory decision is asked: on the generic route (no named lowering, no rewrite points), with
    `Options.memory`, fewer than `max_memory` rules applied, fewer than `memory_stage.MAX_SITES` decisions taken
    and a candidate site after the cursor."""
    return (s.options.memory and not s.template and not s.rp and not s.points and s.source is None
            and s.applied < s.options.max_memory and len(s.memory) < memory_stage.MAX_SITES
            and s.memory_problem.next_site(s.cursor) is not None)


def tuning_values(s: State) -> tuple[int, ...]:
    """The legal values of the next tuning parameter, ascending."""
    return _tuning_values(s.uri, s.template, s.lowered, s.sizes, s.options, s.values)


@functools.lru_cache(maxsize=4096)
def _tuning_values(uri: str, template: str, lowered: Program, sizes: tuple, options: Options,
                   values: tuple[int, ...]) -> tuple[int, ...]:
    if template:
        tp = templates.template_problem(stages.resolve(uri)[0], template, dict(sizes), options.limits)
    else:
        tp = stages.local_size_problem(lowered, dict(sizes), options.limits)
    if options.prune_work_groups and not template:
        return tuple(sorted({c[len(values)] for c in _kept_local_sizes(lowered, sizes, options.limits)
                             if c[:len(values)] == values}))
    partial = {p.name: v for p, v in zip(tp.params, values, strict=False)}
    if template:  # a pinned parameter's value holds from the start: earlier decisions offer the values it allows
        names = {p.name for p in tp.params}
        partial = {**{k: v for k, v in options.pinned if k in names}, **partial}
    return tuple(sorted(set(tp.valid_values(tp.params[len(values)].name, partial))))


@functools.lru_cache(maxsize=1024)
def _kept_local_sizes(lowered: Program, sizes: tuple, limits: DeviceLimits) -> tuple[tuple[int, ...], ...]:
    """The valid work-group sizes (in the order of the tuning parameters, ls0 first) that the static estimator's
    work-group pruning keeps (compiler.perf.prune; at least one)."""
    tp = stages.local_size_problem(lowered, dict(sizes), limits)
    names = [p.name for p in tp.params]
    points = [tuple(int(pt[n]) for n in names) for pt in tp.space.enumerate()]
    return tuple(tuple(c) for c in prune_local_sizes(lowered, dict(sizes), points, device_for_limits(limits)))


def _advance(s: State) -> State:
    """Take the decisions that have no alternative: leave a stage whose decisions are all made. The rewrite-point
    route goes from its parameters straight to MAPPING (no rule rewrites on an annotated program)."""
    if s.stage is Stage.REWRITE_POINTS and s.rp_problem.next_param(s.rp) is None:
        s = replace(s, stage=Stage.MAPPING, high=s.rp_problem.result(s.rp))
    if s.stage is Stage.REWRITE and (s.rewrites >= s.options.max_rewrites or not rewrites(s)):
        s = replace(s, stage=Stage.MAPPING)
    if s.stage is Stage.MAPPING and len(s.codes) == len(s.mapping.sites):
        s = replace(s, stage=Stage.MEMORY, lowered=s.mapping.lower(s.codes))
    if s.stage is Stage.MEMORY and not _memory_open(s):
        s = replace(s, stage=Stage.TUNING)
    while s.stage is Stage.TUNING and s.template and len(s.values) < len(s.tuning.params):
        v = dict(s.options.pinned).get(s.tuning.params[len(s.values)].name)
        if v is None:
            break
        s = replace(s, values=(*s.values, v))
    if s.stage is Stage.TUNING and not s.template and not s.options.local_sizes:
        s = replace(s, stage=Stage.DONE, kernel=stages.compile_program(s.lowered, s.size_map))
    if s.stage is Stage.TUNING and len(s.values) == len(s.tuning.params):
        if s.template:  # the program its values build, every size bound (they may choose its structure)
            bound = s.tuning.lowered(s.assignment)
            s = replace(s, stage=Stage.DONE, lowered=bound.concrete(), kernel=bound.compile())
        else:
            s = replace(s, stage=Stage.DONE, kernel=s.tuning.compile(s.assignment))
    return s


def clear_caches() -> None:
    for f in (next_decision, _legal, _tuning_values, _kept_local_sizes):
        f.cache_clear()
    memory_stage.clear_caches()


__all__ = ["KEEP", "POINTS", "STOP", "Chooser", "Decision", "Options", "Stage", "State", "build", "clear_caches",
           "decide", "finish", "legal", "next_decision", "preset_chooser", "random_chooser", "rewrites", "start",
           "start_program", "tuning_values"]
