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
  work group's lanes only, at most the SIMD width (inferred). A local access is one access per warp (no bank
  conflicts, inferred). Global accesses: the reuse model below.
- Reuse model (§4.2, the paper's reuse distance replaced by cache-line footprints; inferred where not said).
  A site is a statement's reads (or writes) of one global buffer. Its accesses are evaluated with NumPy over the
  middle work group (its first SAMPLE_ITEMS items) and `span` iterations of the innermost sequential loop its
  indices use (span = the elements of a line): a = the lines one warp access touches (first-level transactions,
  each `l1_delay`, hit or miss: a gather across lines costs a transaction per line), t = the lines new to the warp
  per access, m = the fraction of accesses that touch a new line. First level (within a work group): f1 = the
  group's distinct lines / the sum of its warps' distinct lines, over the sites of one buffer in one loop body
  (a neighbour's line a statement before is a hit; stores go through, f1 = 1). Last level: per buffer, the
  compulsory footprint C (distinct lines: the union of its accesses' index ranges, at most its lines) and the
  requests past the first level Q (executions x t x f1); the working set of the groups in flight (N_awg x N_SM,
  with the lines RUN_GROUPS groups consecutive in dispatch order share counted once) is min(C, in flight x Q /
  groups); buffers take the cache (`cache_bytes`) in the order of their reuse Q / C; one that fits sends C lines to
  memory, one that does not sends C plus the part of Q - C that does not fit. A kernel whose whole footprint fits
  sends nothing (the measurements repeat launches). A warp access then holds the memory pipeline for
  max(a l1_delay, t f1 cache_delay, t f1 f3 global_delay) (f3: the buffer's share of requests that go to memory)
  and waits cache_latency + m f1 (the last level's or memory's latency - cache_latency) plus its extra
  transactions; a statement's reads are issued together (the warp waits for the slowest), a store does not hold
  the warp. A site inside a sequential loop whose variable its indices do not use runs once for those trips
  (the vendor compiler's loop-invariant code motion).
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
- Kernel time (Eq. 8). T = T_pipeline + (rounds - 1) x T_flow over rounds = ceil(groups / N_SM) / n, with n =
  min(N_awg, ceil(groups / N_SM)) groups in the simulated round (inferred: the paper's GPUs had 1-3 SMs, so its
  rounds were always full) and T_flow = min(T_pipeline, `steady`): a round after the first overlaps its
  predecessor's tail, so it takes its busiest resource's occupancy, at least its longest warp chain (inferred).
  Plus `launch_s` per kernel and `group_s` per group a compute unit runs, overlapping the execution on a GPU (the
  hardware dispatcher: the larger of the two counts) and added to it on a CPU (inferred: neither is in the paper,
  whose §7.2.1 names launch overhead as its largest error on short kernels).
- Bounds (Eqs. 11-21). L_B = max(L_fpu, L_sfu, max_i Eq16_lm, max_i Eq16_gm, the longest warp's own latency
  chain): the chain term (inferred) makes L_B a bound of the simulation. L_W = every operation of every warp
  serialised with its full latency (Eq. 20, with the memory terms serial instead of Eq. 16, inferred, so that
  L_W bounds the simulation too), at least L_B. The round is clamped into [L_B, L_W]. The kernel's bounds
  (inferred): lower = rounds x T_flow, upper = rounds x T_pipeline (Eq. 8 without overlap), overheads added.
"""

from __future__ import annotations

import functools
import heapq
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from compiler.codegen import kernel_ir, kir
from compiler.codegen.cfuns import flop_count
from compiler.codegen.index import Clamp, Div, Mod, Var, variables
from compiler.codegen.index import bounds as index_bounds
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
SAMPLE_ITEMS = 256  # work items of the sampled work group the reuse model evaluates, at most
RUN_GROUPS = 32  # groups consecutive in dispatch order whose shared lines the reuse model counts, at most
SAMPLE_RUN_ITEMS = 8192  # work items of those groups, at most
_SFU = re.compile(r"\b(?:native_\w+|half_\w+|sqrt|rsqrt|exp|exp2|log|log2|pow|powr|sin|cos|tan)\s*\(")
_BYTES = {"float": 4, "int": 4, "bool": 4, "double": 8, "half": 2}


# --- traces ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Counts:
    """One warp's trace, counted: operations per resource, global accesses with their summed occupancy and
    latency (cycles, from the reuse model), barriers."""

    fpu: float = 0.0
    sfu: float = 0.0
    lm: float = 0.0
    gm_ops: float = 0.0  # warp instructions that access global memory (a statement's reads count once)
    gm_occ: float = 0.0  # cycles they hold the memory pipeline
    gm_lat: float = 0.0  # cycles the warp waits for them (at least their occupancy)
    barriers: float = 0.0

    def chain(self, p: PerfParams, warp: int) -> float:
        """The warp alone, every operation waiting its full latency (cycles; at least its occupancy)."""
        return (self.fpu * max(p.fpu_latency, warp / p.fpu_lanes) + self.sfu * max(p.sfu_latency, warp / p.sfu_lanes)
                + self.lm * max(p.local_latency, p.local_delay) + self.gm_lat)


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


# A trace is a list of events: ("fpu"|"sfu"|"lm"|"bar", amount), ("gmr"|"gmw", access keys) (a statement's global
# reads or writes, resolved by `_resolve` into ("gm", occupancy, latency)) or ("loop", trips, [events], loop id).
# An access key is (statement id, buffer name, is_write): a statement's accesses of one buffer share their lines.
def _trace(stmts, k: _Kernel, low: Mapping[tuple[str, int], int], div: Mapping[int, int], sites: dict,
           loops: tuple[kir.Loop, ...] = ()) -> list:
    out: list = []
    for s in stmts:
        if isinstance(s, kir.Loop):
            trips = _trips(s, k, low)
            if trips <= 0:
                continue
            body = _trace(s.body, k, low, div, sites, (*loops, s))
            if s.extent > 1 and not s.unroll and trips > 1:
                body = [("fpu", 2.0), *body]
            d = div.get(id(s), 1)
            out.append(("loop", trips if d == 1 else max(1, -(-trips // d)), body, id(s)))
        elif isinstance(s, kir.Block | kir.If):
            out += _trace(kir.children(s), k, low, div, sites, loops)
        elif isinstance(s, kir.Barrier):
            out.append(("bar", 1.0))
        elif isinstance(s, kir.Store):
            out += _store(s, k, sites, loops)
    return out


def _store(s: kir.Store, k: _Kernel, sites: dict, loops: tuple[kir.Loop, ...]) -> list:
    """A store's events: its local accesses, its global reads, its operations, its global writes."""
    out: list = []
    fpu, sfu = _call_ops(s.value, k.funs)
    keys: dict[bool, list] = {False: [], True: []}
    for ref, write, _ in kir.accesses(s):
        if ref.buf.space == kir.GLOBAL:
            key = (id(s), ref.buf.name, write)
            site = sites.setdefault(key, _Site(ref.buf, write, loops, []))
            if ref not in site.refs:
                site.refs.append(ref)
            if key not in keys[write]:
                keys[write].append(key)
        elif ref.buf.space == kir.LOCAL:
            out.append(("lm", 1.0))
    if keys[False]:
        out.append(("gmr", tuple(keys[False])))
    if sfu:
        out.append(("sfu", sfu))
    out.append(("fpu", fpu or 1.0))
    if keys[True]:
        out.append(("gmw", tuple(keys[True])))
    return out


@dataclass
class _Site:
    """A statement's accesses of one global buffer (reads or writes) and the loops around them."""

    buf: kir.Buffer
    write: bool
    loops: tuple[kir.Loop, ...]
    refs: list


# --- reuse model -----------------------------------------------------------------------------------------------
def _values(e, env: Mapping[str, np.ndarray]) -> np.ndarray:
    """An index over arrays of its variables' values, with C's truncating / and %."""
    if isinstance(e, Var):
        return env[e.name]
    if isinstance(e, Clamp):
        return np.clip(_values(e.arg, env), e.lo, e.hi)
    if isinstance(e, Div | Mod):
        a = _values(e.arg, env)
        q = np.where(a >= 0, a // e.d, -(-a // e.d))
        return q if isinstance(e, Div) else a - q * e.d
    out = np.asarray(e.const, dtype=np.int64)
    for a, c in e.terms:
        out = out + c * _values(a, env)
    return out


def _line_bytes(buf: kir.Buffer) -> int:
    return _BYTES.get(buf.scalar.name, 4)


def _sampled_group(k: _Kernel, dev: EstimatorDevice) -> tuple[tuple[int, ...], tuple[np.ndarray, ...], np.ndarray]:
    """(group index, local ids, warp of each item) of the sampled work group: the middle group (boundary groups
    are few), its first `SAMPLE_ITEMS` work items."""
    ls, gs = k.local_size, k.global_size
    g = tuple(max(-(-a // b), 1) // 2 for a, b in zip(gs, ls))
    q = np.arange(min(math.prod(ls), SAMPLE_ITEMS))
    return g, (q % ls[0], q // ls[0] % ls[1], q // (ls[0] * ls[1])), q // dev.warp


def _site_lines(sites: Sequence[_Site], k: _Kernel, dev: EstimatorDevice, sample, run: int) -> tuple[list, int, float]:
    """The sites' accesses in the sampled group over `span` consecutive iterations of the innermost sequential
    loop their indices use (span = the elements of a line, at most its extent; other sequential loops at their
    first iteration): per site (a, t, m, n) with a the lines a warp access touches (the first-level cache's
    transactions), t the lines new to the warp per access (its distinct lines / span), m the fraction of
    accesses that touch a line new to the warp (those wait beyond the first-level cache), n the warps' distinct
    lines; the group's distinct lines; the fraction of distinct lines that remain when `run` groups consecutive in
    dispatch order are taken together (lines neighbouring groups share count once; first iteration only)."""
    g, lid, warp = sample
    refs = [r for s in sites for r in s.refs]
    vs = {v for r in refs for v in variables(r.index)}
    inner = next((lp.var for lp in reversed(sites[0].loops) if lp.kind == "seq" and lp.var in vs), None)
    per_line = max(dev.perf.line_bytes // _line_bytes(sites[0].buf), 1)
    span = min(inner.extent, per_line) if inner is not None else 1

    def lines_of(group, iters: int) -> np.ndarray:  # (iters, refs, active items) of the sites' accesses
        env: dict[str, np.ndarray] = {}
        mask = np.ones(len(warp), dtype=bool)
        for v in vs:
            d = v.dim if 0 <= v.dim < 3 else 0
            if v.kind == "glb":
                x = group[d] * k.local_size[d] + lid[d]
                mask &= x < v.extent
            elif v.kind == "lcl":
                x = lid[d]
                mask &= x < v.extent
            elif v.kind == "wrg":
                x = np.full(len(warp), min(group[d], v.extent - 1))
            else:
                x = np.zeros(len(warp), dtype=np.int64)
            env[v.name] = x[None, :]
        if inner is not None:
            env[inner.name] = np.arange(iters)[:, None]
        out = []
        for s in sites:
            ls_ = []
            for r in s.refs:
                idx = np.broadcast_to(_values(r.index, env), (iters, len(warp)))[:, mask]
                ls_.append(idx // per_line)
                if r.width > 1:
                    ls_.append((idx + r.width - 1) // per_line)
            out.append(np.stack(ls_, axis=1))
        return out, warp[mask]

    per, warps = lines_of(g, span)
    active = max(len(np.unique(warps)), 1)
    nw = int(warp.max()) + 1
    out = []
    for lines in per:
        if not lines.size:
            out.append((0.0, 0.0, 0.0, 0))
            continue
        its = np.broadcast_to(np.arange(span)[:, None, None], lines.shape).ravel()
        wk = np.broadcast_to(warps[None, None, :], lines.shape).ravel()
        flat = lines.ravel() - int(lines.min())
        key = flat * nw + wk
        uniq, first = np.unique(key, return_index=True)
        misses = len(np.unique(its[first] * nw + wk[first]))
        wavefronts = len(np.unique(key * span + its))
        out.append((wavefronts / (active * span), len(uniq) / (active * span), misses / (active * span), len(uniq)))
    union = len(np.unique(np.concatenate([x.ravel() for x in per]))) if per else 0
    share = 1.0
    if run > 1 and union:
        ng0 = max(-(-k.global_size[0] // k.local_size[0]), 1)
        firsts, each = [], 0
        for i in range(run):
            lin = g[0] + i
            grp = (lin % ng0, min(g[1] + lin // ng0, max(-(-k.global_size[1] // k.local_size[1]), 1) - 1), g[2])
            xs = np.concatenate([x[0].ravel() for x in lines_of(grp, 1)[0]])
            each += len(np.unique(xs))
            firsts.append(xs)
        share = len(np.unique(np.concatenate(firsts))) / max(each, 1)
    return out, union, share


def _invariant_trips(site: _Site) -> int:
    """Trips of the enclosing sequential loops whose variables the site's indices do not use: the vendor
    compiler hoists a load invariant in a loop out of it (loop-invariant code motion), so the site's accesses
    happen once per those trips (inferred)."""
    vs = {v for r in site.refs for v in variables(r.index)}
    return math.prod(int(lp.extent) for lp in site.loops if lp.kind == "seq" and lp.var not in vs) or 1


def _compulsory(sites: Sequence[_Site], line: int) -> int:
    """Distinct cache lines of a buffer the kernel touches: the union of its accesses' index ranges over the
    index space (the ranges of the index algebra), at most the buffer's lines."""
    per = max(line // _line_bytes(sites[0].buf), 1)
    spans = sorted((lo // per, (hi + r.width - 1) // per) for s in sites for r in s.refs
                   for lo, hi in [index_bounds(r.index)])
    total, end = 0, None
    for lo, hi in spans:
        if end is None or lo > end:
            total += hi - lo + 1
            end = hi
        elif hi > end:
            total += hi - end
            end = hi
    return min(total, -(-sites[0].buf.scalars // per))


def _reuse(k: _Kernel, dev: EstimatorDevice, sites: Mapping[tuple, _Site], executions: Mapping[tuple, float],
           in_flight: int) -> tuple[dict[tuple, tuple[float, float]], tuple[float, float, float]]:
    """(occupancy, latency) in cycles of every access site's warp access (module docstring: the reuse model) and
    the kernel's (compulsory, memory, per-access) bytes. `executions`: the site's warp accesses in the whole
    kernel; `in_flight`: the work groups resident at once."""
    p = dev.perf
    sample = _sampled_group(k, dev)
    groups = math.prod(max(-(-a // b), 1) for a, b in zip(k.global_size, k.local_size))
    contexts: dict[tuple, list] = {}
    for key, s in sites.items():
        contexts.setdefault((s.buf.name, s.write, tuple(id(lp) for lp in s.loops)), []).append(key)
    lines: dict[tuple, tuple[float, float, float, float]] = {}  # key -> (a, t, m, f1)
    shares: dict[str, float] = {}
    per_line = max(p.line_bytes // 4, 1)
    run = min(in_flight, max(-(-k.global_size[0] // k.local_size[0]), 1), RUN_GROUPS,
              max(1, SAMPLE_RUN_ITEMS // min(math.prod(k.local_size), SAMPLE_ITEMS)))
    run = run if k.local_size[0] < per_line else 1  # groups a line wide or more share only their edges
    for (name, write, _), keys in contexts.items():
        per_site, union, share = _site_lines([sites[q] for q in keys], k, dev, sample, run)
        f1 = 1.0 if write else min(1.0, union / max(sum(n for *_, n in per_site), 1))
        shares[name] = min(shares.get(name, 1.0), share)
        for q, (a, t, m, _) in zip(keys, per_site):
            h = _invariant_trips(sites[q])
            lines[q] = (a / h, t / h, m / h, f1)
    by_buf: dict[str, list] = {}
    for key, s in sites.items():
        by_buf.setdefault(s.buf.name, []).append(key)
    cap = p.cache_bytes // p.line_bytes
    stats = []
    for name, keys in by_buf.items():
        c = _compulsory([sites[q] for q in keys], p.line_bytes)
        q_ = sum(executions.get(q, 0.0) * lines[q][1] * lines[q][3] for q in keys)  # requests past L1
        stats.append((q_ / max(c, 1), name, c, q_))
    dram: dict[str, float] = {}
    resident = sum(c for _, _, c, _ in stats) <= cap  # repeated launches find the whole footprint in the cache
    for _, name, c, q_ in sorted(stats, reverse=True):  # the most reused buffers take the cache first
        ws = min(c, in_flight * shares[name] * q_ / max(groups, 1))  # lines the groups in flight touch
        fit = 1.0 if ws <= cap else cap / ws
        cap = max(cap - ws, 0)
        dram[name] = min(1.0, (min(c, q_) + (1.0 - fit) * max(q_ - c, 0.0)) / q_) if q_ > 0 else 1.0
    line = p.line_bytes
    traffic = (line * sum(c for _, _, c, _ in stats), line * sum(dram[n] * q_ for _, n, _, q_ in stats),
               line * sum(executions.get(q, 0.0) * lines[q][0] for q in sites))
    return _site_costs(p, sites, lines, {n: 0.0 for n in dram} if resident else dram), traffic


def _site_costs(p: PerfParams, sites: Mapping[tuple, _Site], lines: Mapping[tuple, tuple], dram: Mapping[str, float]
                ) -> dict[tuple, tuple[float, float]]:
    """(occupancy, latency) of every site's warp access from its lines (a, t, m, f1) and its buffer's fraction of
    last-level requests that go to memory."""
    out = {}
    for key, (a, t, m, f1) in lines.items():
        f3 = dram[sites[key].buf.name]
        beyond = max(f1 * p.cache_delay, f1 * f3 * p.global_delay)  # per new line, past the first-level cache
        occ = max(a * p.l1_delay, t * beyond)
        if sites[key].write:
            out[key] = (float(occ), float(occ))  # a store does not hold the warp
        else:
            miss = p.l2_latency + f3 * (p.global_latency - p.l2_latency)
            lat = (p.cache_latency + m * f1 * (miss - p.cache_latency) + max(a - 1.0, 0.0) * p.l1_delay
                   + max(t - m, 0.0) * beyond)
            out[key] = (float(occ), float(max(lat, occ)))
    return out


def _resolve(trace: list, cost: Mapping[tuple, tuple[float, float]]) -> list:
    """The trace with each statement's global reads (issued together, the warp waits for the slowest) and writes
    as ("gm", occupancy, latency)."""
    out = []
    for ev in trace:
        if ev[0] == "loop":
            out.append(("loop", ev[1], _resolve(ev[2], cost), ev[3]))
        elif ev[0] in ("gmr", "gmw"):
            occ = sum(cost[q][0] for q in ev[1])
            lat = occ if ev[0] == "gmw" else max(occ, max(cost[q][1] for q in ev[1]))
            out.append(("gm", occ, lat))
        else:
            out.append(ev)
    return out


def _tally(trace: list, mult: float, acc: Counter) -> Counter:
    """Executions of every access site in a trace."""
    for ev in trace:
        if ev[0] == "loop":
            _tally(ev[2], mult * ev[1], acc)
        elif ev[0] in ("gmr", "gmw"):
            for q in ev[1]:
                acc[q] += mult
    return acc



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
            acc["gm_ops"] += mult
            acc["gm_occ"] += mult * ev[1]
            acc["gm_lat"] += mult * ev[2]
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
            yield "gm", ev[1], ev[2]
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
    gm = max((eq16(c.gm_ops, n, c.gm_lat / c.gm_ops, c.gm_occ / c.gm_ops) for n, c in classes if c.gm_ops),
             default=0.0)
    chain = max((c.chain(p, warp) for _, c in classes), default=0.0)
    lower = max(fpu, sfu, lm, gm, chain)
    return lower, max(lower, sum(n * c.chain(p, warp) for n, c in classes))


def steady(classes: Sequence[tuple[int, Counts]], p: PerfParams, warp: int) -> float:
    """Cycles of a round when rounds follow each other without a gap: the busiest resource's occupancy (FPU,
    SFU, local memory, the memory pipeline), at least the longest warp's latency chain (inferred)."""
    occ = max(sum(n * c.fpu for n, c in classes) * warp / p.fpu_lanes,
              sum(n * c.sfu for n, c in classes) * warp / p.sfu_lanes,
              sum(n * c.lm for n, c in classes) * p.local_delay, sum(n * c.gm_occ for n, c in classes))
    return max(occ, max((c.chain(p, warp) for _, c in classes), default=0.0))


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
    compulsory_bytes: float = 0.0  # distinct cache lines of the buffers it accesses
    memory_bytes: float = 0.0  # what the reuse model sends to memory from a cold cache (one launch)
    access_bytes: float = 0.0  # the lines of every warp access, each counted (no reuse)

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
    sites: dict = {}
    raw = {key: _trace(k.body, k, low, {}, sites) for key, low in keys.items()}
    classes = Counter(order)
    executions: Counter = Counter()
    for key, n in classes.items():
        _tally(raw[key], n * groups / n_round, executions)
    cost, traffic = _reuse(k, dev, sites, executions, min(groups, n_awg * dev.compute_units))
    full = {key: _resolve(tr, cost) for key, tr in raw.items()}
    cls = tuple((n, Counts(**_counts(full[key]))) for key, n in classes.items())
    div = _divisors(full[order[0]], len(order))
    # the lanes an operation occupies: the warp on a GPU (SIMT: masked lanes cost too); on a CPU the work-group
    # loop is vectorised across at most the group's items, so a smaller group runs narrower (inferred)
    width = dev.warp if dev.limits.warp_size > 1 else min(dev.warp, math.prod(k.local_size))
    if div:
        sim_traces = {key: _resolve(_trace(k.body, k, low, div, sites), cost) for key, low in keys.items()}
        sim = sum(n * Counts(**_counts(sim_traces[key])).chain(p, width) for key, n in classes.items())
        scale = sum(n * c.chain(p, width) for n, c in cls) / max(sim, 1e-9)
    else:
        sim_traces, scale = full, 1.0
    cycles = simulate([sim_traces[key] for key in order], [slot for slot, _ in warps], p, width) * scale
    lb, lw = bounds(cls, p, width)
    cycles = min(max(cycles, lb), lw)
    rounds = per_cu / n_round
    flow = min(cycles, steady(cls, p, width))  # a round after the first overlaps its predecessor's tail
    to_s = 1.0 / p.clock_hz
    groups_s = p.group_s * per_cu
    def total(run: float) -> float:
        return p.launch_s + (max(run * to_s, groups_s) if p.groups_overlap else run * to_s + groups_s)
    return KernelEstimate(k.name, k.global_size, k.local_size, groups, n_awg, n_round, rounds, cls, cycles,
                          total(rounds * flow), total(rounds * cycles), total(cycles + (rounds - 1) * flow),
                          *traffic)


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
