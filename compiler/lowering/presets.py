"""Named lowerings as decisions of the stages an episode walks (`stages`, `templates`): a preset is a recorded
chooser.

    preset = default_preset(bench, sizes)   # Preset(rewrites, mapping, local_size) or None
    preset = named_preset(bench, "tiled", sizes)   # any named lowering of the catalogue, as decisions
    kernel = preset.kernel(bench, sizes)    # the kernel those decisions build, through the stages

A named lowering with tuning parameters (mm `tiled`, the 2-D stencils' `default` and `tiled`, conv `conv42`) is a
template decision (`templates`) and one value per parameter: its preset's `template` names it and `values` are
the lowering's default values for the sizes.

The default lowering (`default.finish`) makes three choices: it fuses `map(f) o map(g)` and `reduce o map`
(`fuse_program`), maps the maps on the output path to mapGlb (dimension 0 innermost, at most three) and
everything else to mapSeq, and launches 2-D kernels in 32 x 8 work groups (`lowered.default_local_size`). As
decisions: the fusions are applications of the rules `mapFusion` and `reduceMapFusion` (first legal site in
pre-order, to a fixpoint), the mapping is one Ch5 code per site of the mapping problem, the local size is the
value of each work-group-size parameter. A scalar reduction (asum, dot) is one mapping decision: code 30, the
default two-kernel parallel reduction.

`default_preset` answers None where the benchmark's "default" lowering is not the generic one (the 2-D stencils
process several rows per work item, which no rule derives yet: their default is a template). The default
lowering leaves the local size of 1-D and 3-D mapGlb kernels to the runtime, while an episode always chooses
one: there the preset's `local_size` is None, and an episode reaches the same OpenCL source with a launch of its
choosing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..constraints import GENERIC_GPU, DeviceLimits
from ..ir.ops import Op
from ..ir.typecheck import typecheck
from ..suite import Benchmark
from . import stages, templates
from .catalog import lowerings
from .default import _Lowerer, _top_reduce, lowering_form
from .lowered import default_local_size

FUSIONS = frozenset({"mapFusion", "reduceMapFusion"})
MAX_FUSIONS = 64


@dataclass(frozen=True)
class Preset:
    """The decisions of one named lowering: rewrites as (rule name, site pre-order index) in order, one Ch5 code
    per site of the mapping problem, and the work-group size (None: the runtime's choice); or a template and
    its parameter values in decision order."""

    rewrites: tuple[tuple[str, int], ...]
    mapping: tuple[int, ...]
    local_size: tuple[int, ...] | None
    template: str = ""
    values: tuple[tuple[str, int], ...] = ()

    def program(self, bench: Benchmark, sizes: Mapping[str, int]):
        """The high-level program after the rewrites."""
        p = stages.start_program(bench)
        rules = stages.env_rules()
        position = {r.name: i for i, r in enumerate(rules)}
        for name, site in self.rewrites:
            p = stages.apply_rewrite(p, position[name], site, sizes)
        return p

    def kernel(self, bench: Benchmark, sizes: Mapping[str, int],
               limits: DeviceLimits = GENERIC_GPU) -> stages.KernelProgram:
        """The kernel the decisions build, stage by stage."""
        if self.template:
            return templates.template_problem(bench, self.template, sizes, limits).compile(dict(self.values))
        lowered = stages.mapping_problem(self.program(bench, sizes), sizes).lower(self.mapping)
        return stages.compile_program(lowered, sizes, self.local_size)


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


def default_preset(bench: Benchmark, sizes: Mapping[str, int]) -> Preset | None:
    """The generic default lowering of `bench` as decisions (see the module doc), or None where the stages
    cannot express it yet."""
    if lowerings(bench.name)["default"].params:  # a family's own default (rowsPerItem), not the generic one
        return None
    if _top_reduce(lowering_form(stages.start_program(bench))) is not None:
        return Preset((), (30,), None)
    fusions = _fusions(bench, sizes)
    mp = stages.mapping_problem(Preset(fusions, (), None).program(bench, sizes), sizes)
    planner = _Lowerer(mp.program, typecheck(mp.program), Op.MAP_SEQ)
    planner.plan(3)
    calls = {s.path: s.path[:-1] for s in mp.sites}  # a site is the map primitive; the plan names its call
    mapping = tuple(30 + planner.glb[calls[s.path]] if calls[s.path] in planner.glb else 0 for s in mp.sites)
    lowered = mp.lower(mapping)
    tp = stages.local_size_problem(lowered, sizes, GENERIC_GPU)
    if not tp.params:
        return Preset(fusions, mapping, None)
    global_size = tuple(tp.global_sizes[d] for d in range(max(tp.global_sizes) + 1))
    return Preset(fusions, mapping, default_local_size(global_size))


def named_preset(bench: Benchmark, name: str, sizes: Mapping[str, int]) -> Preset | None:
    """The named lowering `name` of `bench` as decisions: `default_preset` for the generic default, a template
    with the lowering's default values for one with parameters; None where neither applies."""
    if name in templates.templates_of(bench):
        low = lowerings(bench)[name]
        values = low.choose(dict(sizes))
        return Preset((), (), None, name, tuple((p.name, int(values[p.name])) for p in low.params))
    return default_preset(bench, sizes) if name == "default" else None


__all__ = ["FUSIONS", "Preset", "default_preset", "named_preset"]
