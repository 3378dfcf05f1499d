"""Static kernel-time estimation after seed 004 (Wang et al., TPDS 2019), from our code generator's kernel IR.

    estimate_program(program, sizes, local_size, device) -> Estimate      (seconds, with bounds per kernel)

The work-group pruning of the paper's §6 is `compiler.perf.prune`; the device record `compiler.perf.estimate_params`.

No kernel runs. The inputs are the code generator's kernel IR (`compiler.codegen.kir`, the passes up to barrier
placement, as `compiler.perf.features` reads it) and an `EstimatorDevice` (`compiler.perf.estimate_params`): the
`DeviceLimits` of `compiler.constraints.device` plus a `PerfParams` record holding only what no other module holds
(clock, per-compute-unit residency limits, latencies, delays, cache, overheads).

Choices (paper section; "inferred" = ours, not in the paper):
- Traces (§4, replaced). A warp's trace is a walk of the kernel IR: a loop of kind glb/lcl/wrg over extent E run
  by n work items (global size, local size, number of groups in its dimension) executes ceil((E - t)/n) times for
  the warp's lowest active index t (0 times when t >= E: masked); a seq loop E times. Loop bodies repeat, so the
  trace is a tree. Lanes masked inside a warp still cost the warp its instruction (SIMT). Inferred: masks are
  taken at a loop's first iteration only; warps are consecutive linear local ids (dimension 0 fastest).
- Operations (§4.1.1). A user-function call costs `cfuns.flop_count` operations per vector lane, split into SFU
  (sqrt, exp, log, pow, sin, cos, rsqrt, native_*) and FPU operations; a store without a call is one FPU move;
  private memory is arithmetic (§5.1.2); a non-unrolled loop trip costs 2 FPU operations (inferred: counter and
  branch); index arithmetic is free (§4.1.1 prunes getelementptr). On a CPU an operation occupies the FPU for the
  work group's lanes only, at most the SIMD width (inferred). A global access costs the distinct cache lines the
  first warp of work group 0 touches (coalescing §4.2.3, as `features.lines_per_warp`), with lines reused by a
  statement's accesses of one buffer and over the innermost sequential loop counted once (`_lines`; inferred, no
  reuse-distance model: every other line is a miss; a kernel whose global buffers fit in the last-level cache,
  `cache_bytes`, moves its lines at `cache_delay`); a local access is one access per warp (no bank conflicts,
  inferred).
- Occupancy (Eqs. 1-7). Registers are not known without the vendor compiler's report: N_reg = 16 + the private
  scalars the kernel declares, capped at 255 (inferred); B_reg_wg = B_reg_SM (every current GPU). Shared memory
  per group is what the code generator allocates. A CPU runs one group per core at a time (groups_per_cu = 1).
- Simulation (§5.2). One round of work groups on one compute unit, warps round-robin on lockable resources
  (FPU, SFU, local memory, global memory), each warp in order. An operation holds its resource for its
  occupancy (warp / lanes cycles for arithmetic, the delay D per transaction for memory) and the warp for its
  latency, at least the occupancy (memory, k transactions: pre-wait + delay + post-wait = L + (k - 1) D; for
  k < 1, lines reused from earlier accesses, between the hit latency `cache_latency` and L). Barriers wait for
  the group. A warp whose resource is busy waits until it is free (the paper's "notify the time until release").
  Inferred: a round of more than `SIM_OPS` events is simulated with every loop's trips cut to one common cap
  (bisection, the same loops in every warp) and the time scaled back by the ratio of the warps' latency chains.
- Kernel time (Eq. 8). T = T_pipeline x ceil(groups / N_SM) / n, with n = min(N_awg, ceil(groups / N_SM)) groups in
  the simulated round (inferred: the paper's GPUs had 1-3 SMs, so its rounds were always full), plus
  `launch_s` per kernel and `group_s` per group a compute unit runs (inferred: neither is in the paper, whose
  §7.2.1 names launch overhead as its largest error on short kernels; a CPU runtime pays per work group).
- Bounds (Eqs. 11-21). L_B = max(L_fpu, L_sfu, max_i Eq16_lm, max_i Eq16_gm, the longest warp's own latency
  chain): the chain term (inferred) makes L_B a bound of the simulation. L_W = every operation of every warp
  serialised with its full latency (Eq. 20, with the memory terms serial instead of Eq. 16, inferred, so that
  L_W bounds the simulation too), at least L_B. The estimate is clamped into [L_B, L_W].
"""

from __future__ import annotations

import functools
import heapq
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from compiler.codegen import kernel_ir, kir
from compiler.codegen.cfuns import flop_count
from compiler.codegen.index import evaluate, variables
from compiler.errors import CompilerError
from compiler.ir.node import Program
from compiler.perf.estimate_params import (
    DEVICES,
    GENERIC_DEVICE,
    H100_DEVICE,
    POCL_DEVICE,
    EstimatorDevice,
    PerfParams,
    device_for,
    device_for_limits,
)

SIM_OPS = 6000  # events simulated per round at most (see the module docstring)
_SFU = re.compile(r"\b(?:native_\w+|half_\w+|sqrt|rsqrt|exp|exp2|log|log2|pow|powr|sin|cos|tan)\s*\(")
_BYTES = {"float": 4, "int": 4, "bool": 4, "double": 8, "half": 2}


# --- traces ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Counts:
    """One warp's trace, counted: operations per resource, global accesses and transactions, barriers."""

    fpu: float = 0.0
    sfu: float = 0.0
    lm: float = 0.0
    gm: float = 0.0  # transactions (cache lines)
    gm_ops: float = 0.0  # warp instructions that access global memory
    gm_miss: float = 0.0  # of which misses: sum of min(transactions, 1) per instruction
    barriers: float = 0.0

    def gm_chain(self, p: PerfParams) -> float:
        """The warp's global accesses one after the other (each as `gm_latency`, at least its occupancy)."""
        return max(self.gm_ops * p.cache_latency + self.gm_miss * (p.global_latency - p.cache_latency)
                   + (self.gm - self.gm_miss) * p.global_delay, self.gm * p.global_delay)

    def chain(self, p: PerfParams, warp: int) -> float:
        """The warp alone, every operation waiting its full latency (cycles; at least its occupancy)."""
        return (self.fpu * max(p.fpu_latency, warp / p.fpu_lanes) + self.sfu * max(p.sfu_latency, warp / p.sfu_lanes)
                + self.lm * max(p.local_latency, p.local_delay) + self.gm_chain(p))


def gm_latency(t: float, p: PerfParams) -> float:
    """Latency of a warp's global access of t transactions (t < 1: lines reused from earlier iterations)."""
    return p.cache_latency + min(t, 1.0) * (p.global_latency - p.cache_latency) + max(t - 1.0, 0.0) * p.global_delay


@dataclass
class _Kernel:
    name: str
    body: list
    funs: dict
    local_bytes: int
    private_scalars: int
    global_size: tuple[int, int, int]
    local_size: tuple[int, int, int]
    footprint: int  # bytes of the global buffers it accesses


def _dims3(xs) -> tuple[int, int, int]:
    return tuple((*(int(x) for x in xs), 1, 1, 1)[:3])  # type: ignore[return-value]


@functools.lru_cache(maxsize=512)
def _kernels(program: Program, sizes_key: tuple, local_size: tuple[int, ...] | None) -> tuple[_Kernel, ...]:
    """The kernel IR of every kernel (the code generator's passes before `emit`) with its launch."""
    try:
        state = kernel_ir(program, dict(sizes_key), local_size)
    except CompilerError as err:
        raise CompilerError(f"estimate: code generation pass {err}") from None
    out = []
    for k in state.lowered.kernels:
        launch = state.launches[k.name]
        gs = _dims3(launch.global_size)
        ls = _dims3(launch.local_size) if launch.local_size is not None else _default_local(gs)
        priv = sum(s.buf.scalars for s in kir.walk_stmts(k.body) if isinstance(s, kir.Decl))
        local = sum(b.scalars * _BYTES.get(b.scalar.name, 4) for b in k.locals)
        bufs = {ref.buf for s in k.body for ref, _, _ in kir.accesses(s) if ref.buf.space == kir.GLOBAL}
        foot = sum(b.scalars * _BYTES.get(b.scalar.name, 4) for b in bufs)
        out.append(_Kernel(k.name, list(k.body), dict(k.funs), local, priv, gs, ls, foot))
    return tuple(out)


def _default_local(gs: tuple[int, int, int]) -> tuple[int, int, int]:
    """The work group assumed when the runtime picks one (inferred): the largest divisor of gs0 up to 256."""
    return (max(d for d in range(1, min(gs[0], 256) + 1) if gs[0] % d == 0), 1, 1)


def _call_ops(e, funs: dict) -> tuple[float, float]:
    """(FPU, SFU) operations of the calls in a C expression."""
    fpu = sfu = 0.0
    if isinstance(e, kir.Call):
        if e.name in funs:
            f, _, out = funs[e.name]
            lanes = int(m.group(1)) if (m := re.search(r"(\d+)$", out)) else 1
            s = len(_SFU.findall(f.c_body))
            sfu += s * lanes
            fpu += max(flop_count(f) - s, 0) * lanes
        else:
            fpu += 1
    for a in (e.args if isinstance(e, kir.Call) else e.lanes if isinstance(e, kir.Vec) else
              (e.then, e.other) if isinstance(e, kir.Select) else (e.value,) if isinstance(e, kir.Lane) else ()):
        f2, s2 = _call_ops(a, funs)
        fpu, sfu = fpu + f2, sfu + s2
    return fpu + (1.0 if isinstance(e, kir.Select) else 0.0), sfu


# A trace is a list of events: ("fpu"|"sfu"|"lm"|"gm"|"bar", amount) or ("loop", trips, [events], id of the loop).
def _trace(stmts, k: _Kernel, dev: EstimatorDevice, low: Mapping[tuple[str, int], int], div: Mapping[int, int],
           lines: dict, loops: tuple[kir.Loop, ...] = ()) -> list:
    out: list = []
    for s in stmts:
        if isinstance(s, kir.Loop):
            trips = _trips(s, k, low)
            if trips <= 0:
                continue
            body = _trace(s.body, k, dev, low, div, lines, (*loops, s))
            if s.extent > 1 and not s.unroll and trips > 1:
                body = [("fpu", 2.0), *body]
            d = div.get(id(s), 1)
            out.append(("loop", trips if d == 1 else max(1, -(-trips // d)), body, id(s)))
        elif isinstance(s, kir.Block | kir.If):
            out += _trace(kir.children(s), k, dev, low, div, lines, loops)
        elif isinstance(s, kir.Barrier):
            out.append(("bar", 1.0))
        elif isinstance(s, kir.Store):
            fpu, sfu = _call_ops(s.value, k.funs)
            first: dict[tuple[str, bool], kir.MemRef] = {}
            for ref, write, _ in kir.accesses(s):
                if ref.buf.space == kir.GLOBAL:
                    group = (ref.buf.name, write)  # the statement's accesses of one buffer share their lines
                    if (id(s), group) not in lines:
                        refs = [r for r, w, _ in kir.accesses(s) if (r.buf.name, w) == group]
                        lines[(id(s), group)] = _lines(refs, k.local_size, dev, loops)
                    out.append(("gm", lines[(id(s), group)] if first.setdefault(group, ref) is ref else 0.0))
                elif ref.buf.space == kir.LOCAL:
                    out.append(("lm", 1.0))
            if sfu:
                out.append(("sfu", sfu))
            out.append(("fpu", fpu or 1.0))
    return out


def _lines(refs: list[kir.MemRef], ls: tuple[int, int, int], dev: EstimatorDevice,
           loops: tuple[kir.Loop, ...]) -> float:
    """Cache lines per warp for a statement's accesses of one buffer: the distinct lines the first warp of work
    group 0 touches with all of them over `span` consecutive iterations of the innermost sequential loop their
    indices use, divided by span (span = the elements of a line, at most the loop's extent). Lines a warp reuses
    across those accesses and iterations count once (inferred, spatial reuse in place of the paper's
    reuse-distance analysis); the statement's first access of the buffer carries them, the others hit."""
    vs = sorted({v for r in refs for v in variables(r.index)}, key=lambda v: v.name)
    inner = next((lp.var for lp in reversed(loops) if lp.kind == "seq" and lp.var in vs), None)
    per_line = max(dev.perf.line_bytes // _BYTES.get(refs[0].buf.scalar.name, 4), 1)
    span = min(inner.extent, per_line) if inner is not None else 1
    seen = set()
    for k in range(min(dev.warp, math.prod(ls))):
        lid = (k % ls[0], k // ls[0] % ls[1], k // (ls[0] * ls[1]) % ls[2])
        env = {v.name: lid[v.dim if 0 <= v.dim < 3 else 0] % max(v.extent, 1) if v.kind in ("glb", "lcl") else 0
               for v in vs}
        for j in range(span):
            if inner is not None:
                env[inner.name] = j
            seen.update(evaluate(r.index, env, c_semantics=True) // per_line for r in refs)
    return len(seen) / span


def _trips(loop: kir.Loop, k: _Kernel, low: Mapping[tuple[str, int], int]) -> int:
    """Iterations the warp runs: from its lowest index along the loop's kind and dimension."""
    e = int(loop.extent)
    if loop.kind == "seq":
        return e
    d = loop.dim if 0 <= loop.dim < 3 else 0
    n = {"glb": k.global_size[d], "lcl": k.local_size[d],
         "wrg": max(-(-k.global_size[d] // k.local_size[d]), 1)}.get(loop.kind, 1)
    t = 0 if loop.uniform else low.get((loop.kind, d), 0)  # a uniform loop runs its rounded-up bound
    return -(-(e - t) // n) if t < e else 0


def _counts(trace: list, mult: float = 1.0, acc: dict | None = None) -> dict:
    acc = acc if acc is not None else Counter()
    for ev in trace:
        if ev[0] == "loop":
            _counts(ev[2], mult * ev[1], acc)
        elif ev[0] == "gm":
            acc["gm"] += mult * ev[1]
            acc["gm_ops"] += mult
            acc["gm_miss"] += mult * min(ev[1], 1.0)
        elif ev[0] == "bar":
            acc["barriers"] += mult
        else:
            acc[ev[0]] += mult * ev[1]
    return acc


def _events(trace: list) -> float:
    """Simulation events of a trace."""
    return sum(ev[1] * _events(ev[2]) if ev[0] == "loop" else 1 for ev in trace)


def _round_warps(k: _Kernel, dev: EstimatorDevice, groups_in_round: int) -> list[tuple[int, dict]]:
    """(group slot, lowest index per (kind, dim)) of every warp of the simulated round: the groups s x N_SM the
    first compute unit receives under round-robin dispatch (inferred)."""
    ls, gs = k.local_size, k.global_size
    ng = tuple(max(-(-g // max(l_, 1)), 1) for g, l_ in zip(gs, ls))
    wg = math.prod(ls)
    out = []
    for slot in range(groups_in_round):
        lin = slot * dev.compute_units % math.prod(ng)
        g = (lin % ng[0], lin // ng[0] % ng[1], lin // (ng[0] * ng[1]))
        for w0 in range(0, wg, dev.warp):
            lanes = range(w0, min(w0 + dev.warp, wg))
            lo = [min(q % ls[0] for q in lanes), min(q // ls[0] % ls[1] for q in lanes),
                  min(q // (ls[0] * ls[1]) for q in lanes)]
            low = {}
            for d in range(3):
                low[("lcl", d)] = lo[d]
                low[("glb", d)] = g[d] * ls[d] + lo[d]
                low[("wrg", d)] = g[d]
            out.append((slot, low))
    return out


# --- occupancy, simulation, bounds ---------------------------------------------------------------------------
def active_groups(k: _Kernel, dev: EstimatorDevice) -> int:
    """N_awg (Eqs. 1-7): work groups resident per compute unit (0: the launch cannot run)."""
    p, wg = dev.perf, math.prod(k.local_size)
    if wg > dev.limits.max_work_group_size or k.local_bytes > dev.limits.local_mem_bytes:
        return 0
    warps = -(-wg // dev.warp)
    n = min(p.groups_per_cu, p.warps_per_cu // warps)
    if p.regs_per_cu:
        regs = min(16 + k.private_scalars, 255)
        per_warp = -(-regs * dev.warp // p.reg_granularity) * p.reg_granularity
        n = min(n, p.regs_per_cu // (per_warp * warps))
    if k.local_bytes:
        n = min(n, p.local_per_cu // (-(-k.local_bytes // p.local_granularity) * p.local_granularity))
    return max(n, 0)


def simulate(traces: Sequence[list], groups: Sequence[int], p: PerfParams, warp: int) -> float:
    """T_pipeline (cycles) of warps running `traces` round-robin; `groups[w]` is warp w's work group (§5.2)."""
    flat = [list(_flatten(t, p, warp)) for t in traces]
    members = Counter(groups)
    busy: dict[str, float] = {}
    pos = [0] * len(flat)
    waiting: dict[int, list[int]] = {}
    heap = [(0.0, w, w) for w in range(len(flat))]
    seq, end = len(flat), 0.0
    while heap:
        t, _, w = heapq.heappop(heap)
        if pos[w] == len(flat[w]):
            end = max(end, t)
            members[groups[w]] -= 1  # a finished warp no longer holds its group's barrier
            _release(waiting, members, groups[w], t, heap, pos, seq)
            seq += len(flat)
            continue
        res, occ, lat = flat[w][pos[w]]
        pos[w] += 1
        if res == "bar":
            waiting.setdefault(groups[w], []).append(w)
            _release(waiting, members, groups[w], t, heap, pos, seq)
            seq += len(flat)
            continue
        start = max(t, busy.get(res, 0.0))
        busy[res] = start + occ
        seq += 1
        heapq.heappush(heap, (start + lat, seq, w))
    return end


def _release(waiting, members, g, t, heap, pos, seq) -> None:
    if waiting.get(g) and len(waiting[g]) >= members[g]:
        for i, w in enumerate(waiting.pop(g)):
            heapq.heappush(heap, (t, seq + i, w))


def _flatten(trace: list, p: PerfParams, warp: int):
    for ev in trace:
        kind = ev[0]
        if kind == "loop":
            for _ in range(int(ev[1])):
                yield from _flatten(ev[2], p, warp)
        elif kind == "fpu":
            yield "fpu", ev[1] * warp / p.fpu_lanes, ev[1] * max(p.fpu_latency, warp / p.fpu_lanes)
        elif kind == "sfu":
            yield "sfu", ev[1] * warp / p.sfu_lanes, ev[1] * max(p.sfu_latency, warp / p.sfu_lanes)
        elif kind == "lm":
            yield "lm", p.local_delay, max(p.local_latency, p.local_delay)
        elif kind == "gm":
            yield "gm", ev[1] * p.global_delay, max(gm_latency(ev[1], p), ev[1] * p.global_delay)
        else:
            yield "bar", 0.0, 0.0


def eq16(kappa: float, depth: float, latency: float, delay: float) -> float:
    """Memory pipeline of `depth` warps with `kappa` operations each (Eq. 16; Eqs. 14/15 as its two cases)."""
    if kappa <= 0:
        return 0.0
    a, b = depth * delay, latency
    return kappa * max(a, b) + min(a, b) - delay


def bounds(classes: Sequence[tuple[int, Counts]], p: PerfParams, warp: int) -> tuple[float, float]:
    """(L_B, L_W) of one round in cycles (Eqs. 11-21, with the changes in the module docstring)."""
    fpu = sum(n * c.fpu for n, c in classes) * warp / p.fpu_lanes
    sfu = sum(n * c.sfu for n, c in classes) * warp / p.sfu_lanes
    lm = max((eq16(c.lm, n, p.local_latency, p.local_delay) for n, c in classes), default=0.0)
    gm = max((eq16(c.gm_ops, n, c.gm_chain(p) / c.gm_ops, c.gm / c.gm_ops * p.global_delay)
              for n, c in classes if c.gm_ops), default=0.0)
    chain = max((c.chain(p, warp) for _, c in classes), default=0.0)
    lower = max(fpu, sfu, lm, gm, chain)
    return lower, max(lower, sum(n * c.chain(p, warp) for n, c in classes))


# --- estimates -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class KernelEstimate:
    name: str
    global_size: tuple[int, int, int]
    local_size: tuple[int, int, int]
    groups: int
    active_groups: int  # N_awg
    round_groups: int  # groups in the simulated round
    rounds: float  # ceil(groups / N_SM) / round_groups (Eq. 8)
    classes: tuple[tuple[int, Counts], ...]  # (N_i, trace) of the round
    pipeline_cycles: float
    lower_s: float
    upper_s: float
    time_s: float

    @property
    def signature(self) -> tuple:
        """What §6.1 batches on: the round's traces with their warp counts, and the groups per compute unit."""
        return (self.name, self.round_groups, tuple(sorted((n, tuple(vars(c).values())) for n, c in self.classes)))


@dataclass(frozen=True)
class Estimate:
    kernels: tuple[KernelEstimate, ...]

    @property
    def time_s(self) -> float:
        return sum(k.time_s for k in self.kernels)

    @property
    def lower_s(self) -> float:
        return sum(k.lower_s for k in self.kernels)

    @property
    def upper_s(self) -> float:
        return sum(k.upper_s for k in self.kernels)

    @property
    def signature(self) -> tuple:
        return tuple(k.signature for k in self.kernels)

    @property
    def rounds(self) -> float:
        """Sub-item 2 of the first kernel with the most rounds (the batch representative's criterion)."""
        return max(k.rounds for k in self.kernels)


def estimate_kernel(k: _Kernel, dev: EstimatorDevice) -> KernelEstimate:
    p = dev.perf
    if p.cache_delay and k.footprint <= p.cache_bytes:
        p = replace(p, global_delay=p.cache_delay)
    ng = [max(-(-g // max(l_, 1)), 1) for g, l_ in zip(k.global_size, k.local_size)]
    groups = math.prod(ng)
    n_awg = active_groups(k, dev)
    if n_awg == 0:
        inf = math.inf
        return KernelEstimate(k.name, k.global_size, k.local_size, groups, 0, 0, inf, (), inf, inf, inf, inf)
    per_cu = -(-groups // dev.compute_units)
    n_round = min(n_awg, per_cu)
    warps = _round_warps(k, dev, n_round)
    loops = [s for s in kir.walk_stmts(k.body) if isinstance(s, kir.Loop)]
    order = [tuple(_trips(s, k, low) for s in loops) for _, low in warps]  # a warp's trace is its loops' trips
    keys = {key: low for key, (_, low) in zip(order, warps)}
    lines: dict = {}
    full = {key: _trace(k.body, k, dev, low, {}, lines) for key, low in keys.items()}
    classes = Counter(order)
    cls = tuple((n, Counts(**_counts(full[key]))) for key, n in classes.items())
    div = _divisors(full[order[0]], len(order))
    # the lanes an operation occupies: the warp on a GPU (SIMT: masked lanes cost too); on a CPU the work-group
    # loop is vectorised across at most the group's items, so a smaller group runs narrower (inferred)
    width = dev.warp if dev.limits.warp_size > 1 else min(dev.warp, math.prod(k.local_size))
    if div:
        sim_traces = {key: _trace(k.body, k, dev, low, div, lines) for key, low in keys.items()}
        sim = sum(n * Counts(**_counts(sim_traces[key])).chain(p, width) for key, n in classes.items())
        scale = sum(n * c.chain(p, width) for n, c in cls) / max(sim, 1e-9)
    else:
        sim_traces, scale = full, 1.0
    cycles = simulate([sim_traces[key] for key in order], [slot for slot, _ in warps], p, width) * scale
    lb, lw = bounds(cls, p, width)
    cycles = min(max(cycles, lb), lw)
    rounds = per_cu / n_round
    extra = p.launch_s + p.group_s * per_cu
    to_s = rounds / p.clock_hz
    return KernelEstimate(k.name, k.global_size, k.local_size, groups, n_awg, n_round, rounds, cls, cycles,
                          lb * to_s + extra, lw * to_s + extra, cycles * to_s + extra)


def _divisors(trace: list, warps: int) -> dict[int, int]:
    """Per-loop trip divisors that bring `warps` copies of a trace under SIM_OPS events: every loop's trips cut to
    at most the largest cap T that fits (bisection), as ceil(trips / ceil(trips / T))."""
    def events(tr: list, cap: int) -> float:
        return sum(min(ev[1], cap) * events(ev[2], cap) if ev[0] == "loop" else 1 for ev in tr)

    def loops(tr: list):
        for ev in tr:
            if ev[0] == "loop":
                yield ev
                yield from loops(ev[2])

    if warps * _events(trace) <= SIM_OPS:
        return {}
    lo, hi = 1, max(ev[1] for ev in loops(trace))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if warps * events(trace, mid) <= SIM_OPS else (lo, mid - 1)
    return {ev[3]: -(-ev[1] // lo) for ev in loops(trace) if ev[1] > lo}


def check_local_size(local_size) -> tuple[int, ...] | None:
    """A local size as a tuple of 1 to 3 positive integers (None stays None); a ValueError names a bad one."""
    if local_size is None:
        return None
    try:
        ls = tuple(int(x) for x in local_size)
    except (TypeError, ValueError):
        raise ValueError(f"local size {local_size!r} is not a tuple of integers") from None
    if not 1 <= len(ls) <= 3 or any(x <= 0 for x in ls):
        raise ValueError(f"local size {ls} must have 1 to 3 positive entries")
    return ls


def estimate_program(program: Program, sizes: Mapping[str, int], local_size: Sequence[int] | None,
                     device: EstimatorDevice = GENERIC_DEVICE) -> Estimate:
    """The estimated time of a lowered program's kernels at these sizes and work-group size (module docstring).
    Raises CompilerError when the code generator rejects the program or the local size."""
    ks = _kernels(program, tuple(sorted((str(a), int(b)) for a, b in sizes.items())), check_local_size(local_size))
    return Estimate(tuple(estimate_kernel(k, device) for k in ks))


__all__ = ["DEVICES", "GENERIC_DEVICE", "H100_DEVICE", "POCL_DEVICE", "Counts", "Estimate", "EstimatorDevice",
           "KernelEstimate", "PerfParams", "active_groups", "bounds", "check_local_size", "device_for",
           "device_for_limits", "eq16", "estimate_kernel", "estimate_program", "simulate"]
