"""Named lowerings as decisions: a template stage of the pipeline.

    names = available_templates(bench, sizes, limits)     # e.g. ("tiled",) for mm
    tp = template_problem(bench, "tiled", sizes, limits)   # TemplateProblem
    tp.params                                              # the lowering's TuningParams, in decision order
    tp.valid_values("TM", {})                              # exact: each value extends to a point of the space
    kernel = tp.compile({"TM": 64, ...})                   # the kernel of a complete assignment

A template is a named lowering of the catalogue (`catalog.lowerings`) that has tuning parameters: `tiled` of mm,
gemv, scal, asum and dot, the 2-D stencils' `default` (rowsPerItem, colsPerItem) and `tiled`, conv `conv42`. Choosing it
replaces the rule rewrites and the Ch5 mapping of an episode by the lowering's program; its tuning parameters are
then decided one at a time.

The space of a template's parameters is the one Ch4 inference gives its program (`constraints.infer.infer`,
thesis §4.3): the lowering is built at its default values, so that every parameter is a size variable of the
program (split(TM), asVector(VW), slideStrictND(θ, ...)), and the algorithmic and hardware constraints of that
program at the benchmark's sizes and the device's limits are the space's constraints (with the lowering's work-group
shape as the local sizes, e.g. (TN/RN, TM/RM) for mm). Parameters that choose between program structures rather
than sizing one (`TuningParam.kind == "switch"`: conv42's unroll and coalesce) are solver variables of a union
of spaces, one inferred space per structure (`constraints.SpaceUnion`). A parameter that is not a size variable of
the program built at the defaults (the lowering chose a structure without it, e.g. rowsPerItem = 1, where a stencil's
default is one point per work item: then colsPerItem too) keeps its default value as its only value. The stencils'
colsPerItem defaults to 1 and is still a size variable of the program (split(colsPerItem)): its values are the
column counts that divide the output's columns within the unrolled code-size bound.

A point of the space is built by the lowering's own builder (`Lowering.bind`): a value picks the structure it
needs (VW = 1 loads scalars). The lowering's own heuristics (`Lowering.check`: register and local-memory budgets
narrower than the device's) choose its defaults; they do not restrict the space.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from ..codegen import KernelProgram
from ..constraints import DeviceLimits, Space
from ..constraints.infer import TuningProblem, infer
from ..constraints.solver import SpaceUnion
from ..errors import ConstraintError
from ..ir.printer import program_key
from ..suite import Benchmark
from .catalog import lowerings, strategies_of
from .lowered import Lowered, Lowering, TuningParam
from .util import LoweringError

TEMPLATE_NAMES = ("default", "tiled", "conv42")  # every named lowering with parameters, in a fixed order
SWITCH_VALUES = (0, 1)
BOUND_CACHE = 256  # bound lowerings kept per template problem


class TemplateProblem:
    """The tuning parameters of one named lowering for one benchmark, sizes and device: a solver space (see the
    module doc). `program` is the lowering built at its default values (symbolic in the parameters)."""

    def __init__(self, bench: Benchmark, name: str, sizes: Mapping[str, int], limits: DeviceLimits):
        self.bench, self.name, self.sizes, self.limits = bench, name, dict(sizes), limits
        self.lowering: Lowering = lowerings(bench)[name]
        self.params: tuple[TuningParam, ...] = self.lowering.params
        self.defaults = self.lowering.choose(self.sizes)
        self.switches = [p.name for p in self.params if p.kind == "switch"]
        self.combos = tuple(itertools.product(*(p.values or SWITCH_VALUES for p in self.params if p.kind == "switch")))
        # the members of the union, one per value of the switches, derived and inferred when first needed
        self._members: dict[tuple[int, ...], tuple[dict[str, int], Space, TuningProblem]] = {}
        self._by_program: dict[str, TuningProblem] = {}  # a switch of the code generator's options keeps the program
        self._spaces: dict[tuple, Space] = {}  # (program, domains) -> the one space of the members that share them
        self._space_union: Space | SpaceUnion | None = None
        self._bound: dict[tuple[int, ...], Lowered] = {}
        self.program = self._member(self.combos[0])[2].program

    def _member(self, combo: tuple[int, ...]) -> tuple[dict[str, int], Space, TuningProblem]:
        """The space of one value of the switches: the lowering built at its defaults for those values, and the
        constraints Ch4 inference gives that program (memoised; switches that leave the program as it is share
        one inference)."""
        if combo not in self._members:
            fixed = dict(zip(self.switches, combo, strict=True))
            values = {**self.lowering.choose({**self.sizes, **fixed}), **fixed}
            program, _, _ = self.lowering.build(self.sizes, values)
            key = program_key(program)
            if key not in self._by_program:
                self._by_program[key] = infer(program, self.sizes, self.limits, local_sizes=self.lowering.local_sizes)
            tp = self._by_program[key]
            self._members[combo] = (fixed, self._space(key, tp, values), tp)
        return self._members[combo]

    @property
    def inferred(self) -> dict[tuple[int, ...], TuningProblem]:
        """The inferred problem of each value of the switches (every member derived)."""
        return {combo: self._member(combo)[2] for combo in self.combos}

    @property
    def space(self) -> Space | SpaceUnion:
        """The solver space of the parameters: the union of the members' spaces over the switches (every member
        derived), or the one member's space when the lowering has no switch."""
        if self._space_union is None:
            if self.switches:  # each member derived when a query first needs it
                names = [p.name for p in self.params if p.name not in self.switches]
                members = [(dict(zip(self.switches, combo, strict=True)),
                            lambda combo=combo: self._member(combo)[1]) for combo in self.combos]
                self._space_union = SpaceUnion(self.switches, members, names)
            else:
                self._space_union = self._member(self.combos[0])[1]
        return self._space_union

    def has_point(self) -> bool:
        """Whether the space has a point: the first member, in switch order, with one is enough (the others are
        derived only when a decision needs them)."""
        probe = next((p.name for p in self.params if p.kind != "switch"), None)
        return any(self._member(combo)[1].check({}) if probe is None else bool(self._member(combo)[1].valid_values(
            probe, {})) for combo in self.combos)

    def _space(self, key: str, tp: TuningProblem, values: Mapping[str, int]) -> Space:
        """The space of a member whose program has the key `key` (members with equal programs and domains share
        one Space, and so its enumeration)."""
        names = [p.name for p in self.params if p.name not in self.switches]
        foreign = sorted(set(tp.params) - set(names))
        if foreign:
            raise LoweringError(f"{self.bench.name}/{self.name}: size variables {', '.join(foreign)} of the lowered "
                                f"program are not parameters of the lowering")
        domains = {n: tuple(tp.domains[n]) if n in tp.params else (int(values[n]),) for n in names}
        shared = (key, tuple(domains.items()))
        if shared not in self._spaces:
            self._spaces[shared] = Space(domains, tp.constraints)
        return self._spaces[shared]

    def valid_values(self, name: str, partial: Mapping[str, int]) -> list[int]:
        return list(self.space.valid_values(name, {k: v for k, v in partial.items() if k != name}))

    def complete(self, partial: Mapping[str, int]) -> dict[str, int]:
        """A point of the space that extends `partial`: each missing parameter, in decision order, takes the
        lowering's default value where it is valid, else the smallest valid value."""
        out = {k: int(v) for k, v in partial.items()}
        for p in self.params:
            if p.name not in out:
                vals = self.valid_values(p.name, out)
                out[p.name] = self.defaults[p.name] if self.defaults[p.name] in vals else vals[0]
        return out

    def lowered(self, assignment: Mapping[str, int]) -> Lowered:
        """The lowering bound to a complete assignment (memoised: an episode's observation, its kernel and its
        reward ask for the same one)."""
        key = tuple(int(assignment[p.name]) for p in self.params)
        if key not in self._bound:
            if len(self._bound) >= BOUND_CACHE:
                self._bound.pop(next(iter(self._bound)))
            self._bound[key] = self.lowering.bind(self.sizes, dict(zip((p.name for p in self.params), key,
                                                                       strict=True)))
        return self._bound[key]

    def local_size(self, assignment: Mapping[str, int]) -> tuple[int, ...] | None:
        """The work-group size of the lowering's main kernel for an assignment (defaults for missing values)."""
        launches = self.lowered({**self.defaults, **assignment}).kernels
        return next((k.local_size for k in launches if k.local_size is not None), None)

    def compile(self, assignment: Mapping[str, int]) -> KernelProgram:
        return self.lowered(assignment).compile()


MAX_PROBLEMS = 64  # template problems kept (each holds its inferred spaces and bound lowerings)
_PROBLEMS: dict[tuple, TemplateProblem] = {}
_AVAILABLE: dict[tuple, tuple[str, ...]] = {}


def _bench_key(bench: Benchmark) -> tuple:
    return (bench.dataset, bench.name, bench.program)


def template_problem(bench: Benchmark, name: str, sizes: Mapping[str, int], limits: DeviceLimits) -> TemplateProblem:
    """The (memoised) TemplateProblem of a benchmark's named lowering."""
    key = (_bench_key(bench), name, tuple(sorted(sizes.items())), limits)
    if key not in _PROBLEMS:
        if len(_PROBLEMS) >= MAX_PROBLEMS:
            _PROBLEMS.pop(next(iter(_PROBLEMS)))
        _PROBLEMS[key] = TemplateProblem(bench, name, sizes, limits)
    return _PROBLEMS[key]


def templates_of(bench: Benchmark) -> tuple[str, ...]:
    """The benchmark's named lowerings with tuning parameters, in `TEMPLATE_NAMES` order: those whose shape its
    program has (any benchmark, the suite's or a user's)."""
    try:
        table = lowerings(bench)
    except LoweringError:  # the programs annotated with rewrite points have no catalogue lowerings
        return ()
    return tuple(n for n in TEMPLATE_NAMES if n in table and table[n].params)


def available_templates(bench: Benchmark, sizes: Mapping[str, int], limits: DeviceLimits) -> tuple[str, ...]:
    """The templates of `bench` whose space has a point at these sizes on this device (a template whose
    derivation finds no site in the program, or whose space is empty here, is left out)."""
    names = templates_of(bench)
    if not names:
        return ()
    key = (_bench_key(bench), tuple(sorted(sizes.items())), limits)
    if key not in _AVAILABLE:
        out = []
        for name in names:
            try:
                tp = template_problem(bench, name, sizes, limits)
            except (LoweringError, ConstraintError):  # the lowering does not apply to this program or these sizes
                continue
            if tp.has_point():
                out.append(name)
        if len(_AVAILABLE) >= 4 * MAX_PROBLEMS:
            _AVAILABLE.pop(next(iter(_AVAILABLE)))
        _AVAILABLE[key] = tuple(out)
    return _AVAILABLE[key]


def strategy_report(bench: Benchmark, sizes: Mapping[str, int], limits: DeviceLimits) -> list[dict]:
    """For each strategy of the catalogue and each lowering it gives: whether it applies to this benchmark at
    these sizes on this device, and why not: {"strategy", "lowering", "applies", "points" (valid points, where it
    applies), "why" (the shape it needs, the derivation step that found no site, or the empty space)}."""
    rows = []
    for strategy, offered in strategies_of(bench):
        if not offered:
            rows.append({"strategy": strategy.name, "lowering": "/".join(strategy.lowerings), "applies": False,
                         "why": f"the program is not of this shape: {strategy.shape}"})
            continue
        for name in offered:
            row = {"strategy": strategy.name, "lowering": name, "applies": False}
            try:
                tp = template_problem(bench, name, sizes, limits)
                count = tp.space.count()
                row.update(applies=count > 0, points=count, why="" if count else "no valid point at these sizes")
            except (LoweringError, ConstraintError) as err:
                row["why"] = str(err)
            rows.append(row)
    return rows


def clear_caches() -> None:
    _PROBLEMS.clear()
    _AVAILABLE.clear()


__all__ = ["TEMPLATE_NAMES", "TemplateProblem", "available_templates", "clear_caches", "strategy_report",
           "template_problem", "templates_of"]
