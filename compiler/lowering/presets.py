"""Named lowerings as decisions of the one route (`decisions`): a preset is a recorded chooser, and every kernel
of a named lowering, of the reward baseline and of a program written lowered is what `decisions.decide` yields.

    preset = named_preset(bench, "tiled", sizes)   # any named lowering of the catalogue, as decisions
    preset = default_preset(bench, sizes)   # Preset(rewrites, mapping, local_size) or None
    s = decisions.build(uri, decisions.preset_chooser(preset), preset.options())   # s.kernel: its kernel
    baseline(uri)                           # the reward baseline's finished route (generic_preset's decisions)
    written(bench, sizes)                   # a program written lowered, compiled as written, on the same route

A named lowering with tuning parameters (mm `tiled`, the 2-D stencils' `default` and `tiled`, conv `conv42`) is a
template decision (`templates`) and one value per parameter: its preset's `template` names it and `values` are
the lowering's default values for the sizes.

The default lowering (`default.finish`) makes three choices: it fuses `map(f) o map(g)` and `reduce o map`
(`fuse_program`), maps the maps on the output path to mapGlb (dimension 0 innermost, at most three) and
everything else to mapSeq, and launches 2-D kernels in 32 x 8 work groups (`lowered.default_local_size`). As
decisions: the fusions are applications of the rules `mapFusion` and `reduceMapFusion` (first legal site in
pre-order, to a fixpoint), the mapping is one Ch5 code per site of the mapping problem, the local size is the
value of each work-group-size parameter. A scalar reduction (asum, dot, or one under an epilogue: a norm's square
root) is one mapping decision: code 30, the default parallel reduction.

A named design of a benchmark's annotated program (`point_stages.designs`: conv `direct` and `gemm`, thesis §4.5,
Tables 6.2 and 6.3) is the decision to take the rewrite points (`decisions.POINTS`), one value per rewrite-point
parameter, then the mapping and the work-group size of the rewritten program (`design_preset`). The design pins
which kernelFission instances apply (the annotation's preset rules); the preset records, for every other
decision, a choice made once by rule: a rewrite point the design does not pin is not applied (`skip = 1` where
that has a completion, else the first value offered), a tuning value is the smallest offered, the mapping is the
default lowering's shape (the outer maps of each kernel mapGlb, `RPMapping.cheap_witnesses`) where the Ch5 codes
allow it, and the work-group size is the default (`lowered.default_local_size`) where valid, else the smallest.

`default_preset` answers None where the benchmark's "default" lowering is not the generic one (the 2-D stencils'
default processes several rows per work item: a template with the parameter rowsPerItem, derived by rules). The
generic decisions exist for every benchmark (`generic_preset`): they are the reward baseline (`baseline`), whose
work-group size is always the runtime's; a program annotated with rewrite points is lowered as the plain program.

A work-group size left to the runtime. The default lowering leaves the local size of 1-D and 3-D mapGlb kernels
(and the baseline's of every kernel) to the runtime: there the preset's `local_size` is None. Two behaviours
meet here, each right where it is used:
- the preset's own kernel is built under `Preset.options()`, which asks no work-group-size decision where the
  preset leaves it to the runtime (`decisions.Options.local_sizes` False): the kernel is launched with local size
  None, as the catalogue's lowering launches it (the golden kernels, the reward baseline of every benchmark);
- an episode always asks the work-group size (the env's action layout has a slot for it), and the chooser then
  answers the smallest legal value (`decisions.preset_chooser`): the episodes recorded by taking a preset's
  decisions (`lift_gym.presets.play_preset`, tests/records.py) replay so. They reach the same OpenCL source as
  the preset's kernel, with a launch of their own.
"""

from __future__ import annotations

import fnmatch
import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..constraints import GENERIC_GPU, DeviceLimits
from ..suite import Benchmark, get
from ..suite.annotated import ANNOTATIONS
from . import decisions, point_stages, stages, templates
from .catalog import lowerings
from .default import lowering_form, output_maps, scalar_reduce
from .lowered import default_launches, default_local_size
from .util import LoweringError

FUSIONS = frozenset({"mapFusion", "reduceMapFusion"})
MAX_FUSIONS = 64


@dataclass(frozen=True)
class Preset:
    """The decisions of one named lowering: rewrites as (rule name, site pre-order index) in order, or the
    rewrite-point values of the annotated program (`points`, in decision order); one Ch5 code per site of the
    mapping problem, and the work-group size (None: the runtime's choice). Or a template and its parameter values
    in decision order."""

    rewrites: tuple[tuple[str, int], ...]
    mapping: tuple[int, ...]
    local_size: tuple[int, ...] | None
    template: str = ""
    values: tuple[tuple[str, int], ...] = ()
    points: tuple[tuple[str, object], ...] = ()

    def program(self, bench: Benchmark, sizes: Mapping[str, int]):
        """The high-level program after the rewrites."""
        p = stages.start_program(bench)
        rules = stages.env_rules()
        position = {r.name: i for i, r in enumerate(rules)}
        for name, site in self.rewrites:
            p = stages.apply_rewrite(p, position[name], site, sizes)
        return p

    def options(self, limits: DeviceLimits = GENERIC_GPU) -> decisions.Options:
        """The route's options under which its questions are exactly these decisions: no memory decisions (a
        named lowering keeps the mapped program's memory), and no work-group-size decisions where the preset leaves
        the work-group size to the runtime (`local_size` None on the generic route)."""
        runtime = not self.template and self.local_size is None
        return decisions.Options(limits=limits, memory=False, local_sizes=not runtime)


def _fusions(bench: Benchmark, sizes: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    rules = stages.env_rules()
    p, done = stages.start_program(bench), []
    for _ in range(MAX_FUSIONS):
        legal = [(r, s) for r, s in stages.legal_rewrites(p, sizes) if rules[r].family in FUSIONS]
        if not legal:
            return tuple(done)
        r, s = legal[0]
        p = stages.apply_rewrite(p, r, s, sizes)
        done.append((rules[r].name, s))
    raise RuntimeError(f"{bench.name}: fusion did not reach a fixpoint in {MAX_FUSIONS} rewrites")


def generic_preset(bench: Benchmark, sizes: Mapping[str, int]) -> Preset:
    """The generic default lowering (`default.finish`) of `bench` as decisions, its work-group size left to the
    runtime: the reward baseline's decisions (`baseline`). A program annotated with rewrite points is lowered as
    the plain program (they are typed identities: `stages.start_program`)."""
    if scalar_reduce(lowering_form(stages.start_program(bench))) is not None:
        return Preset((), (30,), None)
    fusions = _fusions(bench, sizes)
    mp = stages.mapping_problem(Preset(fusions, (), None).program(bench, sizes), sizes)
    glb = output_maps(mp.program)
    calls = {s.path: s.path[:-1] for s in mp.sites}  # a site is the map primitive; the plan names its call
    wanted = [30 + glb[calls[s.path]] if calls[s.path] in glb else 0 for s in mp.sites]
    return Preset(fusions, _valid_mapping(mp, wanted), None)


def _valid_mapping(mp: stages.MappingProblem, wanted: list[int]) -> tuple[int, ...]:
    """`wanted` where the mapping constraints admit it (every suite program's default), else, site by site, the
    first admitted code among mapGlb(0), mapGlb(1), mapGlb(2) and the others offered: a map the default lowering
    leaves sequential under a join that a mapGlb reads (a user's `map(f) o join o map(row => ...)`) is made
    parallel, so the baseline exists for every program the mapping problem can map."""
    codes: list[int] = []
    for code in wanted:
        offered = mp.valid_codes(tuple(codes))
        if code not in offered:
            code = next((c for c in (30, 31, 32) if c in offered), offered[0] if offered else code)
        codes.append(code)
    return tuple(codes)


def default_preset(bench: Benchmark, sizes: Mapping[str, int]) -> Preset | None:
    """The benchmark's "default" lowering as decisions where it is the generic one (see the module doc): the
    generic decisions with the default work-group size of a 2-D mapGlb kernel; None where the benchmark's default
    is a template (the 2-D stencils: rowsPerItem)."""
    if lowerings(bench)["default"].params:  # a family's own default (rowsPerItem), not the generic one
        return None
    generic = generic_preset(bench, sizes)
    tp = stages.local_size_problem(stages.mapping_problem(generic.program(bench, sizes), sizes).lower(generic.mapping),
                                   sizes, GENERIC_GPU)
    if not tp.params:
        return generic
    global_size = tuple(tp.global_sizes[d] for d in range(max(tp.global_sizes) + 1))
    return replace(generic, local_size=default_local_size(global_size))


@functools.lru_cache(maxsize=128)
def baseline(uri: str) -> decisions.State:
    """The reward baseline of the benchmark at `uri`: the finished route (`decisions.build`) of its generic
    default lowering's decisions (`generic_preset`), the work-group size left to the runtime."""
    bench, sizes = stages.resolve(uri)
    preset = generic_preset(bench, sizes)
    return decisions.build(uri, decisions.preset_chooser(preset), preset.options())


def written(bench: Benchmark, sizes: Mapping[str, int]) -> decisions.State:
    """A program written lowered (`default.is_lowered`) compiled as written: the finished route from the program
    (`decisions.start_program`), whose mapping decisions each offer the written code alone; the work-group size of
    a 2-D mapGlb kernel is the default one (`lowered.default_launches`), any other is the runtime's. A split that
    does not divide its length raises a ConstraintError naming it."""
    launches = default_launches(bench.program, sizes)
    local = launches[0].local_size if len(launches) == 1 else None
    start = decisions.start_program(bench.program, sizes,
                                    decisions.Options(memory=False, local_sizes=local is not None))
    return decisions.finish(start, lambda d, s: local[int(d.key[2:])] if d.stage is decisions.Stage.TUNING
                            else d.values[0])


def _rp_problem(bench: Benchmark, sizes: Mapping[str, int]) -> point_stages.RPProblem:
    name = point_stages.annotated_of(bench)
    if name is None:
        raise LoweringError(f"{bench.name}: no annotated program with named designs")
    return point_stages.problem(name, get(name).program, sizes)


def design_preset(bench: Benchmark, design: str, sizes: Mapping[str, int],
                  limits: DeviceLimits = GENERIC_GPU) -> Preset:
    """The named design `design` of the annotated program of `bench` as decisions (see the module doc)."""
    if design not in point_stages.designs(bench):
        raise LoweringError(f"{bench.name}: no rewrite-point design {design!r}; designs: "
                            f"{', '.join(point_stages.designs(bench)) or 'none'}")
    rpp = _rp_problem(bench, sizes)
    pins = [(pattern, allowed) for pattern, allowed, _ in ANNOTATIONS[point_stages.annotated_of(bench)].presets[design]]
    values: tuple[tuple[str, object], ...] = ()
    while (p := rpp.next_param(values)) is not None:
        offered = [v for v in rpp.valid_values(values)
                   if all(v in allowed for pattern, allowed in pins if fnmatch.fnmatchcase(p.name, pattern))]
        if not offered:
            raise LoweringError(f"{bench.name}/{design}: no offered value of rewrite-point parameter {p.name} "
                                f"fits the design")
        values = (*values, (p.name, 1 if p.name.endswith(".skip") and 1 in offered else offered[0]))
    mp = point_stages.mapping_problem(rpp.result(values), sizes)
    shape = next(iter(mp.cheap_witnesses()), ())
    codes: tuple[int, ...] = ()
    for k in range(len(mp.sites)):
        valid = mp.valid_codes(codes)
        codes = (*codes, shape[k] if k < len(shape) and shape[k] in valid else valid[0])
    lowered = mp.lower(codes)
    tp = stages.local_size_problem(lowered, sizes, limits)
    if not tp.params:
        return Preset((), codes, None, points=values)
    default = default_local_size(tuple(tp.global_sizes[d] for d in range(max(tp.global_sizes) + 1)))
    local: dict[str, int] = {}
    for i, q in enumerate(tp.params):
        valid = sorted(set(tp.valid_values(q.name, local)))
        local[q.name] = default[i] if i < len(default) and default[i] in valid else valid[0]
    return Preset((), codes, tuple(local[q.name] for q in tp.params), points=values)


def named_preset(bench: Benchmark, name: str, sizes: Mapping[str, int]) -> Preset | None:
    """The named lowering `name` of `bench` as decisions: `default_preset` for the generic default, a template
    with the lowering's default values for one with parameters, a design of the benchmark's annotated program
    (`design_preset`); None where none applies."""
    if name in point_stages.designs(bench):
        return design_preset(bench, name, sizes)
    if name in templates.templates_of(bench):
        low = lowerings(bench)[name]
        values = low.choose(dict(sizes))
        return Preset((), (), None, name, tuple((p.name, int(values[p.name])) for p in low.params))
    return default_preset(bench, sizes) if name == "default" else None


__all__ = ["FUSIONS", "Preset", "baseline", "default_preset", "design_preset", "generic_preset", "named_preset",
           "written"]
