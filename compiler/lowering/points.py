"""The rewrite-point lowering's helpers: the Ch5 mapping space of a rewritten program, the default lowering's shape,
every kernel's result written to global memory, and the device checks of a lowered program.

    rp_mapping_space(program, env) -> MappingSpace       the Ch5 CSP of the program's maps (oclKernel kept)
    outer_mapping(space, env)                            the default lowering's shape, if the space has it
    output_to_global(program)                            every kernel's result written to global memory
    launch_error / memory_error / time_error / time_floor    what a compiled program would break on a device

The route's rewrite-point stages (`point_stages`) build on them; `points_route` lowers a program or an annotated
program through the route (`lower_program`, `lower_rewrite_points`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from .. import arith
from ..codegen import KernelProgram
from ..constraints.infer import analyse, hardware_constraints
from ..constraints.mapping import MappingSpace, code_text, mapping_space
from ..errors import ConstraintError
from ..ir.node import (
    FunCall,
    Lambda,
    Prim,
    Program,
    at,
    replace_at,
    walk,
)
from ..ir.ops import MAPS, Op
from ..perf.features import DeviceModel, kernel_features, launched_kernels
from .default import lowering_form
from .util import computes, fuse_program, unique_binders

# Launch-time floor (inferred, `time_floor`): a mapping whose single launch would run for seconds is rejected
# before it is built. A work item executes at most ITEM_STATEMENTS_PER_S of its statements (loop bodies, loads,
# stores: the per-thread counts of compiler.perf.features) per second (one per cycle at 2 GHz), a compute unit
# runs RESIDENT_ITEMS work items at once (an NVIDIA SM: 2048 threads), so a kernel of W work items takes at least
# statements per item x ceil(W / (compute units x RESIDENT_ITEMS)) / ITEM_STATEMENTS_PER_S.
ITEM_STATEMENTS_PER_S = 2e9
RESIDENT_ITEMS = 2048
LAUNCH_BUDGET_S = 2.0  # the runtime's cap on one launch (MeasureConfig.time_cap_s)


class LoweringFailed(ConstraintError):
    """Rewrite-point values or a mapping the route does not offer (no parallel mapping of the rewritten program
    compiles, a mapping the constraints forbid or the code generator refuses), or a kernel beyond the limits."""


@dataclass(frozen=True)
class LoweredRP:
    """A rewritten program lowered and compiled: `high` (RP-free, high-level, every kernel's result in global
    memory), `mapping` (CSP codes by map name, `describe` says which map is which), `lowered` (fully lowered),
    `kernel` (the compiled KernelProgram), `rejected` (always empty: the route offers only mappings that
    compile), `applied` and `eliminated` (the rewrite points', as `apply_rewrite_points` reports them)."""

    high: Program
    mapping: Mapping[str, int]
    describe: str
    lowered: Program
    kernel: KernelProgram
    rejected: tuple[str, ...] = ()
    applied: tuple = field(default=())
    eliminated: tuple = field(default=())

    @property
    def kernels(self) -> int:
        return len(self.kernel.kernels)


def rp_mapping_space(program: Program) -> MappingSpace:
    """The Ch5 CSP of an RP-free high-level program, in the form `lower_program` maps (kernels kept, fused)."""
    p = unique_binders(fuse_program(lowering_form(program, inline_kernels=False)))
    return mapping_space(p, fusion_heuristic=False)


def outer_mapping(ms: MappingSpace, env: Mapping[str, int]) -> dict[str, int] | None:
    """The default lowering's shape as CSP codes: in every kernel the outermost chain of maps longer than 1 gets
    mapGlb (at most three, dimension 0 innermost), every other map mapSeq; None when the CSP rejects it."""
    codes: dict[str, int] = {}
    chain_of: dict[int, list] = {}
    for s in ms.sites:
        codes[s.name] = 0
        chain_of.setdefault(s.kernel, [])
    for s in ms.sites:  # pre-order: a map's outer maps come first
        ch = chain_of[s.kernel]
        length = arith.evaluate(s.in_type.n, env)  # type: ignore[union-attr]
        outer_ok = all(codes[ms.sites[i].name] >= 30 or arith.evaluate(ms.sites[i].in_type.n, env) == 1
                       for i in s.outer)
        if outer_ok and len(ch) < 3 and length > 1 and (not ch or s.parent == ch[-1]):
            ch.append(s.index)
    for ch in chain_of.values():
        for depth, i in enumerate(ch):
            codes[ms.sites[i].name] = 30 + len(ch) - 1 - depth
    return codes if ms.check(codes) else None


def output_to_global(program: Program) -> tuple[Program, int]:
    """Every kernel's result written to global memory (Lift's lastWriteToGlobal): a caster into private or local
    memory on the output path of a kernel (or of the whole program) becomes a caster into global memory, since a
    kernel's results must be in global memory (§4.6 RP5). These are the copies `toMem(resultMem)(id)` of
    privatiseAccumulator (§4.6 RP10) and materialise's copies when the rewrite points leave them last in a kernel.
    It runs before the Ch5 CSP, which would otherwise keep such maps sequential by (5.1). Returns the program and
    the number of casters changed."""
    p = unique_binders(lowering_form(program, inline_kernels=False))
    found: list[tuple] = []
    _output_casters(p.body, (len(p.params),), found)
    for path, n in walk(p):
        if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.OCL_KERNEL:
            lam = n.f.funs[0]
            if isinstance(lam, Lambda):
                _output_casters(lam.body, (*path, 0, 0, len(lam.params)), found)
    for path in set(found):
        f = at(p, path)
        assert isinstance(f, Prim)
        p = replace_at(p, path, Prim(Op.TO_GLOBAL, f.static, f.funs))  # type: ignore[assignment]
    return p, len(set(found))


_OUT_VIEWS = frozenset({Op.JOIN, Op.SPLIT, Op.TRANSPOSE, Op.TRANSPOSE_W, Op.REORDER, Op.AS_SCALAR, Op.AS_VECTOR,
                        Op.PAD, Op.TO_HOST, Op.TO_GPU})


def _output_casters(e, path, found: list) -> None:
    """Paths of the private/local casters that write the value of `e` (followed through views, lambdas, lets and
    maps; not into reductions, whose results the lowering copies out, nor into other kernels)."""
    if not isinstance(e, FunCall):
        return
    f = e.f
    if isinstance(f, Lambda):
        _output_casters(f.body, (*path, 0, len(f.params)), found)
    elif isinstance(f, Prim):
        if (f.op in _OUT_VIEWS or (f.op in MAPS and not computes(f.funs[0]))) and e.args:  # a view, a layout map
            _output_casters(e.args[-1], (*path, len(e.args)), found)
        elif f.op in MAPS or f.op in (Op.TO_PRIVATE, Op.TO_LOCAL) or f.op is Op.LET:
            _output_fun(f, (*path, 0), found)


def _output_fun(f, fpath, found: list) -> None:
    if isinstance(f, Lambda):
        _output_casters(f.body, (*fpath, len(f.params)), found)
    elif isinstance(f, Prim):
        if f.op in (Op.TO_PRIVATE, Op.TO_LOCAL):
            found.append(fpath)
        elif (f.op in MAPS or f.op is Op.LET) and f.funs:
            _output_fun(f.funs[0], (*fpath, 0), found)


def launch_error(kp: KernelProgram, limits) -> str | None:
    """Why a kernel's work group does not fit the device `limits` (a DeviceLimits), or None: its size, or the
    local memory its buffers take as the code generator declared them (the Ch4 estimate `memory_error` checks can
    be smaller: a conv-rp kernel declared 3.6 MB of local memory where the inferred constraint held at 1 MB)."""
    for k in kp.kernels:
        if k.local_bytes > limits.local_mem_bytes:
            return (f"kernel {k.name}: declares {k.local_bytes} bytes of local memory; the device has "
                    f"{limits.local_mem_bytes}")
        local = tuple(k.local_size or ())
        if not local:
            continue
        if math.prod(local) > limits.max_work_group_size:
            return (f"kernel {k.name}: work group {local} of {math.prod(local)} work items exceeds the device's "
                    f"{limits.max_work_group_size}")
        for d, (n, cap) in enumerate(zip(local, limits.max_work_item_sizes)):
            if n > cap:
                return f"kernel {k.name}: local size {n} in dimension {d} exceeds the device's {cap}"
    return None


def time_floor(kp: KernelProgram, lowered: Program, env: Mapping[str, int], limits) -> list[tuple[str, float, str]]:
    """Per kernel of a compiled program: (name, seconds at least, why), from the statements one work item runs
    and the waves of work items the device needs (see ITEM_STATEMENTS_PER_S; inferred, a floor: no memory
    latency, no contention)."""
    irs = launched_kernels(lowered, env)
    slots = max(int(limits.compute_units or 1), 1) * RESIDENT_ITEMS
    out = []
    for k, ir in zip(kp.kernels, irs, strict=False):
        acc = kernel_features(ir, DeviceModel(warp=max(int(limits.warp_size), 1)))
        per_item = acc.fors + sum(acc.loads.values()) + sum(acc.stores.values())
        items = math.prod(ir.global_size or (1,))
        waves = -(-items // slots)
        out.append((k.name, per_item * waves / ITEM_STATEMENTS_PER_S,
                    f"{per_item:.3g} statements per work item x {waves} wave(s) of {slots} work items"))
    return out


def time_error(kp: KernelProgram, lowered: Program, env: Mapping[str, int], limits,
               budget_s: float = LAUNCH_BUDGET_S) -> str | None:
    """Why a compiled program's single launch would run for longer than `budget_s` (its `time_floor`), or None."""
    floors = time_floor(kp, lowered, env, limits)
    total = sum(t for _, t, _ in floors)
    if total <= budget_s:
        return None
    name, t, why = max(floors, key=lambda f: f[1])
    return (f"one launch takes at least {total:.3g} s (launch-time floor, budget {budget_s:g} s); kernel {name}: "
            f"{t:.3g} s, {why}")


def memory_error(lowered: Program, env: Mapping[str, int], limits) -> str | None:
    """Why a lowered program's buffers do not fit the device `limits` (thesis §4.3.1.2 memory constraints, as
    `compiler.constraints.infer.hardware_constraints` states them: local memory per work group, the private-memory
    heuristic per work item, max allocation, global memory), or None. A privatised accumulator of a whole layer
    (tileNestedMapReduce's interchangeReduceND with resultMem=private, run by one work item) overflows the stack
    of a CPU OpenCL device: the code generator accepts it, the device crashes."""

    for c in hardware_constraints(analyse(lowered), limits):
        if "memory" in c.origin or "allocation" in c.origin:
            ok = c.substitute(env)
            if ok is False or (not isinstance(ok, bool) and not ok.check(env)):
                return c.origin
    return None


__all__ = ["LoweredRP", "LoweringFailed", "code_text", "launch_error", "memory_error", "outer_mapping",
           "output_to_global", "rp_mapping_space", "time_error", "time_floor"]
