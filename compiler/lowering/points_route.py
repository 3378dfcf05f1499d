"""From rewrite-point values to OpenCL, through the decision route (`compiler.lowering.decisions`).

    lower_program(program, env, rng=None, mapping="sample") -> LoweredRP      an RP-free high-level program
    lower_rewrite_points(annotated, values, env, rng=None, mapping="sample") -> LoweredRP

Both are choosers over the route `decisions.start_program(program, env, options)` starts: its REWRITE_POINTS
stage (`point_stages.RPProblem`) answered from `values` (admitted first, `RPProblem.admit`: every parameter the
stage asks has a value, and the rewritten program has a parallel mapping that compiles), then its MAPPING stage
(`point_stages.RPMapping`) answered by `mapping`:
- a dict: those Ch5 codes by map name (`m0`, `m1`, ...; `LoweredRP.describe` says which map is which), refused
  with the code generator's reason when the constraints forbid them or they do not compile;
- "outer": the default lowering's shape (`outer_mapping`: the outermost maps of each kernel mapGlb, dimension 0
  innermost, everything else sequential) where it compiles, else as "sample";
- "sample": each map's code drawn uniformly (seeded by `rng`) among the values the route offers, which are exact:
  a code is offered iff some completion of the mapping compiles.
No memory rules are applied and no work-group size is chosen (`Options(memory=False, local_sizes=False)`: the
runtime chooses it). The program the rewrite points build is high-level: maps, reduces, layout primitives,
`oclKernel` boundaries (from kernelFission) and address-space casters on user functions; the MAPPING stage maps it
as Lift's stage 2 does: `lowering_form` keeping the `oclKernel` boundaries, every kernel's result written to
global memory (`output_to_global`), `fuse_program`, the Ch5 CSP (`rp_mapping_space`, without the (5.10) fusion
heuristic, a search heuristic, not a validity rule), then `finish` (the remaining maps mapSeq, reduces reduceSeq
with a private accumulator, stage results to global memory) and `compiler.codegen.pipeline.compile_program`.

`limits` (a DeviceLimits) checks the kernel built: a work group or local buffer larger than the device's
(`launch_error`), buffers beyond its memory (`memory_error`), or a single launch longer than LAUNCH_BUDGET_S by
the static floor (`time_error`) raise LoweringFailed; the route's mapping values do not depend on the device, so a
"sample" answer may be refused where "outer" fits. `LoweredRP.rejected` is always empty (kept for the callers that
read it): the route offers only mappings that compile, so nothing is drawn and refused.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..constraints import GENERIC_GPU
from ..errors import CompilerError
from ..ir.node import Program
from ..ir.typecheck import typecheck
from . import decisions
from .decisions import Stage, next_decision
from .points import (
    LoweredRP,
    LoweringFailed,
    code_text,
    launch_error,
    memory_error,
    outer_mapping,
    time_error,
)


def lower_program(program: Program, env: Mapping[str, int], *, rng: np.random.Generator | int | None = None,
                  mapping: str | Mapping[str, int] = "sample", limits=None) -> LoweredRP:
    """Lower and compile an RP-free high-level program at the concrete sizes and parameter values `env`: the
    decision route's MAPPING stage (`decisions.start_program`) answered by `mapping` (see the module doc).
    `limits` (a `compiler.constraints.device.DeviceLimits`): a kernel whose work groups or buffers do not fit, or
    whose single launch would run for longer than LAUNCH_BUDGET_S (`time_error`), raises LoweringFailed."""
    return _lower(program, {}, env, rng, mapping, limits)


def lower_rewrite_points(annotated: Program, values: Mapping[str, object], env: Mapping[str, int], *,
                         rng: np.random.Generator | int | None = None, mapping: str | Mapping[str, int] = "sample",
                         limits=None) -> LoweredRP:
    """Apply the rewrite points of `annotated` with `values` (every parameter the rewrite-point decisions ask
    given a value) at the sizes `env`, then lower as `lower_program`: the decision route's REWRITE_POINTS stage
    answered from `values`, then its MAPPING stage."""
    return _lower(annotated, values, env, rng, mapping, limits)


def _plain(v: object) -> object:
    """A parameter value as the decisions offer it: a permutation a tuple, an integer a Python int."""
    if isinstance(v, list | tuple):
        return tuple(_plain(x) for x in v)
    return int(v) if isinstance(v, np.integer) else v


def _lower(program: Program, values: Mapping[str, object], env: Mapping[str, int], rng, mapping,
           limits) -> LoweredRP:
    if not (isinstance(mapping, Mapping) or mapping in ("sample", "outer")):
        raise ValueError(f"mapping must be 'sample', 'outer' or a dict of codes, not {mapping!r}")
    env = {k: int(v) for k, v in env.items()}
    values = {k: _plain(v) for k, v in values.items()}
    typecheck(program)
    options = decisions.Options(limits=limits or GENERIC_GPU, rewrite_points=True, memory=False, local_sizes=False)
    s = decisions.start_program(program, env, options)
    if s.stage is Stage.REWRITE_POINTS:
        why = s.rp_problem.admit(values)
        if why is not None:
            raise LoweringFailed(f"{program.name}: {why}")
    answer = _answers(program.name, values, mapping, np.random.default_rng(rng), env)
    while s.stage is not Stage.DONE:
        s = decisions.decide(s, answer(s))
    mp = s.mapping
    codes = dict(zip(mp.names, s.codes, strict=True))
    assert s.kernel is not None and s.lowered is not None
    why = (launch_error(s.kernel, limits) or memory_error(s.lowered, env, limits)
           or time_error(s.kernel, s.lowered, env, limits)) if limits is not None else None
    if why is not None:
        raise LoweringFailed(f"{program.name}: mapping {mp.space.describe(codes)}: {why}")
    res = s.rp_problem.applied(s.rp) if s.rp else None
    return LoweredRP(mp.high, codes, mp.space.describe(codes), s.lowered, s.kernel, (),
                     tuple(res.applied) if res else (), tuple(res.eliminated) if res else ())


def _answers(name: str, values: Mapping[str, object], mapping, rng: np.random.Generator, env: Mapping[str, int]):
    """The answer of `lower_program` / `lower_rewrite_points` to the route's decision at a state: a rewrite-point
    value from `values` (admitted, so offered), the mapping from `mapping` (see the module doc). A given answer is
    checked by `decisions.decide` alone; only a sampled one needs the decision's values."""
    given: dict[str, int] | None = None  # the complete mapping answered, when there is one

    def answer(s):
        nonlocal given
        if s.stage is Stage.REWRITE_POINTS:
            p = s.rp_problem.next_param(s.rp)
            return values[p.name]
        if s.stage is not Stage.MAPPING:
            raise CompilerError(f"{name}: no answer to {next_decision(s).text}")
        mp = s.mapping
        if not s.codes:
            if isinstance(mapping, Mapping):
                why = mp.admit({k: int(v) for k, v in mapping.items()})
                if why is not None:
                    raise LoweringFailed(f"{name}: mapping {_codes_text(mapping)}: {why}")
                given = dict(mapping)
            elif mapping == "outer":
                shape = outer_mapping(mp.space, env)
                given = shape if shape is not None and mp.admit(shape) is None else None
        if given is not None:
            return given[mp.names[len(s.codes)]]
        values_now = next_decision(s).values  # "sample", or "outer" where its shape is not offered
        return values_now[int(rng.integers(len(values_now)))]

    return answer


def _codes_text(codes: Mapping[str, int]) -> str:
    return ", ".join(f"{n}={code_text(int(c))}" for n, c in codes.items())


__all__ = ["lower_program", "lower_rewrite_points"]
