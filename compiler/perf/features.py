"""The high-level hardware features of seed 000 (Remmelg et al., GPGPU'20, Table 1): 15 scalars per kernel, and
two of the kernel's arithmetic that Table 1 lacks (FEATURE_SET 2).

    features(kernels, device_model) -> np.ndarray (FEATURE_NAMES order)

They are read from the code generator's kernel IR (`compiler.codegen.kir`: loops with their kind, dimension and
extent, loads and stores with their buffer's address space and index expression, barriers), which is the
lowered program after address-space inference, memory allocation and barrier placement: the passes P000 runs
before extraction (spec perf_prediction.md C.1), with the emitted loop structure itself standing in for the
paper's `emit_kind` predicate, so the features describe exactly the code that runs.

Per kernel, walking the statements with `nest` = executions per thread of the current scope (starts at 1):
- a loop's per-thread trip count is ceil(extent / threads) for glb (threads = global size), wrg (number of
  work-groups) and lcl (local size) loops in their dimension, and the extent for sequential loops; a parallel
  loop with fewer iterations than threads is an `if` (ifs += nest), one with exactly as many is straight code,
  a sequential loop of one iteration or an unrolled loop is no loop; any other loop adds nest * trips loop
  bodies (the paper's "for loop bodies executed per thread"); the body is visited with nest * trips;
- a store adds nest to the stores of its buffer's address space, each load in its value adds nest to the loads
  of its space (one access per user-function argument and result, as P000 A.3.3; a vector access counts once);
- a barrier adds nest (P000 A.3.6, after barrier elimination: the code generator's placement);
- local memory is the total size of the local buffers the kernel accesses (A.3.2);
- cache lines per warp access (A.3.4): for each global access, the index of the threads 0..w-1 of work-group
  0 (w = the warp, at most the work-group size; local ids linearised as (k % ls0, k / ls0 % ls1, ...), every
  sequential iterator at 0), offsets from thread 0 divided by the line size in elements with C truncation,
  counting the distinct lines; averaged over the access sites weighted by their executions (nest).

Beyond Table 1 (P000 has no arithmetic feature; kernels of equal memory traffic and control flow then share one
vector however much they compute, and the kNN averages their throughputs):
- `flops_pt`: arithmetic operations per thread, the code generator's count of the kernel's user-function calls
  (binary + - * / and math builtins of each function's body, times the executions of each call: `KernelIR.flops`,
  the same count as `KernelProgram.flops`) divided by the kernel's threads. It tells a 5-point Jacobi update
  (10 operations) from a 5-point gradient (21) or SRAD coefficient (40) of the same loads and stores;
- `idx_divmod_pt`: integer divisions and modulos per thread in the index arithmetic, per store statement the
  distinct `/` and `%` terms of its write and read indices and of its pad conditions (what common-subexpression
  elimination leaves), times nest. It tells a grid walked by one flat id (`gl_id_0 / 512`, `gl_id_0 % 512` for
  the row and column of every neighbour and boundary test) from the same grid walked by work-group and local ids
  (`wg_id_0`, `l_id_0`: none), which Table 1 counts alike.

A program of several kernels: per-thread counts are the total over the kernels (count x threads) divided by the
threads of the main kernel (the one with the largest global size), whose NDRange gives features 1-2; cache lines
are averaged over all kernels' sites. Pad conditionals (`?:`) are expressions, not ifs.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from compiler.codegen import kernel_ir, kir
from compiler.codegen.index import Clamp, Div, Idx, Mod, evaluate, variables
from compiler.constraints.device import vendor_defaults
from compiler.ir.node import Program

FEATURE_NAMES: tuple[str, ...] = (
    "gs0", "gs1", "gs2", "ls0", "ls1", "ls2", "local_mem_bytes", "glb_st_pt", "glb_ld_pt", "lcl_st_pt",
    "lcl_ld_pt", "avg_lines_per_warp_access", "barriers_pt", "ifs_pt", "for_bodies_pt", "flops_pt",
    "idx_divmod_pt",
)
# the version of FEATURE_NAMES and their definitions: 1 = Table 1 alone, 2 = with flops_pt and idx_divmod_pt.
# Model files record it; stored measurements name their features, so rows of an older set are recognised.
FEATURE_SET = 2
_BYTES = {"float": 4, "int": 4, "bool": 4, "double": 8}


@dataclass(frozen=True)
class DeviceModel:
    """Warp width (threads that access memory together) and cache-line size: 32 / 128 B on NVIDIA GPUs; on a
    CPU (PoCL) the SIMD lanes (preferred float vector width) and 64 B lines (spec A.3.4, inferred extension)."""

    warp: int = 32
    line_bytes: int = 128

    @staticmethod
    def for_device(info=None) -> DeviceModel:
        """From a `compiler.runtime.DeviceInfo` (None: a GPU)."""
        if info is None or getattr(info, "is_gpu", True):
            return DeviceModel(vendor_defaults(info)[1], 128)
        return DeviceModel(max(int(getattr(info, "preferred_float_vector_width", 8)), 1), 64)


@dataclass(frozen=True)
class LaunchedKernel:
    """What the extractor needs of one kernel: its statements and its launch geometry."""

    body: Sequence
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None = None
    flops: float = 0.0  # arithmetic operations of the whole kernel (all threads): `KernelIR.flops`


@dataclass
class _Acc:
    gs: tuple[int, int, int]
    ls: tuple[int, int, int]
    dev: DeviceModel
    loads: dict[str, float] = field(default_factory=dict)
    stores: dict[str, float] = field(default_factory=dict)
    barriers: float = 0.0
    divmods: float = 0.0
    ifs: float = 0.0
    fors: float = 0.0
    lines_weighted: float = 0.0
    line_weight: float = 0.0
    local: dict[str, int] = field(default_factory=dict)


def _dims3(xs: Sequence[int] | None, default: int = 1) -> tuple[int, int, int]:
    xs = tuple(int(x) for x in (xs or ()))
    return tuple((*xs, default, default, default)[:3])  # type: ignore[return-value]


def _local_default(gs: tuple[int, int, int], warp: int) -> tuple[int, int, int]:
    """The work-group a runtime would likely pick when none is given: up to a warp along dimension 0."""
    d0 = math.gcd(gs[0], max(warp, 1))
    return (max(d0, 1), 1, 1)


def _threads(loop: kir.Loop, acc: _Acc) -> int:
    d = loop.dim if 0 <= loop.dim < 3 else 0
    if loop.kind == "glb":
        return acc.gs[d]
    if loop.kind == "lcl":
        return acc.ls[d]
    if loop.kind == "wrg":
        return max(acc.gs[d] // max(acc.ls[d], 1), 1)
    return 1


def _walk(stmts, nest: float, acc: _Acc) -> None:
    for s in stmts:
        if isinstance(s, kir.Loop):
            _loop(s, nest, acc)
        elif isinstance(s, kir.Block):
            _walk(s.body, nest, acc)
        elif isinstance(s, kir.Store):
            for ref in kir.expr_loads(s.value):
                _access(ref, nest, acc, write=False)
            _access(s.ref, nest, acc, write=True)
            acc.divmods += nest * len(store_divmods(s))
        elif isinstance(s, kir.Barrier):
            acc.barriers += nest


def _loop(loop: kir.Loop, nest: float, acc: _Acc) -> None:
    ext = int(loop.extent)
    if ext <= 0:
        return
    if loop.kind == "seq":
        trips = ext
        if ext > 1 and not loop.unroll:
            acc.fors += nest * trips
    else:
        n = _threads(loop, acc)
        trips = -(-ext // n)
        if ext < n:
            acc.ifs += nest
        elif ext > n and not loop.unroll:
            acc.fors += nest * trips
    _walk(loop.body, nest * trips, acc)


def _access(ref: kir.MemRef, nest: float, acc: _Acc, write: bool) -> None:
    space = ref.buf.space
    table = acc.stores if write else acc.loads
    table[space] = table.get(space, 0.0) + nest
    if space == kir.LOCAL:
        acc.local[ref.buf.name] = ref.buf.scalars * _BYTES.get(ref.buf.scalar.name, 4)
    if space == kir.GLOBAL:
        acc.lines_weighted += nest * lines_per_warp(ref, acc.ls, acc.dev, _BYTES.get(ref.buf.scalar.name, 4))
        acc.line_weight += nest


def store_divmods(s: kir.Store) -> set:
    """The distinct integer division and modulo terms (`index.Div`, `index.Mod`) one store statement evaluates: in
    the index it writes, the indices it reads and the conditions of its pad selects."""
    found: set = set()

    def idx(e: Idx) -> None:
        for atom, _ in e.terms:
            if isinstance(atom, Div | Mod):
                found.add(atom)
            if isinstance(atom, Div | Mod | Clamp):
                idx(atom.arg)

    def expr(e) -> None:
        if isinstance(e, kir.Load):
            idx(e.ref.index)
        elif isinstance(e, kir.Call | kir.Vec):
            for a in (e.args if isinstance(e, kir.Call) else e.lanes):
                expr(a)
        elif isinstance(e, kir.Select):
            for c in e.conds:
                idx(c.e)
            expr(e.then)
            expr(e.other)
        elif isinstance(e, kir.Lane):
            expr(e.value)

    idx(s.ref.index)
    expr(s.value)
    return found


def lines_per_warp(ref: kir.MemRef, ls: tuple[int, int, int], dev: DeviceModel, elem_bytes: int = 4) -> int:
    """Distinct cache lines the first warp of work-group 0 touches at this access (A.3.4, relative offsets,
    C truncation)."""
    return _lines_per_warp(ref.index, tuple(ls), dev, elem_bytes)


@functools.lru_cache(maxsize=1 << 14)
def _lines_per_warp(index: Idx, ls: tuple[int, int, int], dev: DeviceModel, elem_bytes: int) -> int:
    vs = variables(index)
    warp = max(1, min(dev.warp, ls[0] * ls[1] * ls[2]))
    per_line = max(dev.line_bytes // elem_bytes, 1)
    base = None
    lines = set()
    for k in range(warp):
        lid = (k % ls[0], (k // ls[0]) % ls[1], k // (ls[0] * ls[1]) % ls[2])
        env = {}
        for v in vs:
            d = v.dim if 0 <= v.dim < 3 else 0
            env[v.name] = lid[d] % max(v.extent, 1) if v.kind in ("glb", "lcl") else 0
        i = evaluate(index, env, c_semantics=True)
        base = i if base is None else base
        o = i - base
        lines.add(int(o / per_line))
    return len(lines)


def kernel_features(k: LaunchedKernel, dev: DeviceModel) -> _Acc:
    gs = _dims3(k.global_size)
    ls = _dims3(k.local_size) if k.local_size else _local_default(gs, dev.warp)
    acc = _Acc(gs, ls, dev)
    _walk(k.body, 1.0, acc)
    return acc


def features(kernels: Sequence[LaunchedKernel], dev: DeviceModel | None = None) -> np.ndarray:
    """Table 1 of P000 for a program of one or more kernels (see the module docstring); FEATURE_NAMES order."""
    if not kernels:
        raise ValueError("features of a program without kernels")
    dev = dev or DeviceModel()
    accs = [kernel_features(k, dev) for k in kernels]
    main = max(accs, key=lambda a: math.prod(a.gs))
    threads_main = float(math.prod(main.gs))

    def per_thread(get) -> float:
        return sum(get(a) * math.prod(a.gs) for a in accs) / threads_main

    weight = sum(a.line_weight for a in accs)
    lines = sum(a.lines_weighted for a in accs) / weight if weight else 0.0
    return np.array([
        *main.gs, *main.ls,
        max(sum(a.local.values()) for a in accs),
        per_thread(lambda a: a.stores.get(kir.GLOBAL, 0.0)),
        per_thread(lambda a: a.loads.get(kir.GLOBAL, 0.0)),
        per_thread(lambda a: a.stores.get(kir.LOCAL, 0.0)),
        per_thread(lambda a: a.loads.get(kir.LOCAL, 0.0)),
        lines,
        per_thread(lambda a: a.barriers),
        per_thread(lambda a: a.ifs),
        per_thread(lambda a: a.fors),
        sum(k.flops for k in kernels) / threads_main,
        per_thread(lambda a: a.divmods),
    ], dtype=np.float64)


def as_dict(values: Sequence[float]) -> dict[str, float]:
    return {n: float(v) for n, v in zip(FEATURE_NAMES, values, strict=True)}


def launched_kernels(program: Program, sizes: Mapping[str, int],
                     local_size: tuple[int, ...] | None = None) -> tuple[LaunchedKernel, ...]:
    """The kernel IR of each kernel with its launch (the code generator's passes before `emit`, whose run is
    shared with the compilation of the same program: `compiler.codegen.kernel_ir`)."""
    state = kernel_ir(program, sizes, local_size)
    out = []
    for k in state.lowered.kernels:
        launch = state.launches[k.name]
        out.append(LaunchedKernel(tuple(k.body), tuple(launch.global_size),
                                  None if launch.local_size is None else tuple(launch.local_size), float(k.flops)))
    return tuple(out)


def program_features(program: Program, sizes: Mapping[str, int], local_size: tuple[int, ...] | None,
                     dev: DeviceModel) -> tuple[float, ...]:
    """The features (FEATURE_NAMES) of a lowered program's kernels at concrete sizes and a local size."""
    irs = launched_kernels(program, sizes, None if local_size is None else tuple(local_size))
    return tuple(float(x) for x in features(list(irs), dev))


__all__ = ["FEATURE_NAMES", "FEATURE_SET", "DeviceModel", "LaunchedKernel", "as_dict", "features", "kernel_features",
           "launched_kernels", "lines_per_warp", "program_features", "store_divmods"]
