"""The observation: a flat Dict of fixed-shape float32 Boxes, the same for every benchmark.

    nodes      (max_nodes, NODE_FEATURES)  per node of the current program, in pre-order (the rewrite site ids):
                                           kind, primitive, user function, depth, type (rank, log2 lengths),
                                           static parameters, mapping code, "decision target", "has a rewrite"
    parents    (max_nodes,)                pre-order index of the parent node, -1 for the root and padding
    node_mask  (max_nodes,)                1 for a real node, 0 for padding
    phase      (4,)                        one-hot REWRITE, MAPPING, TUNING, DONE (REWRITE_POINTS as REWRITE and
                                           MEMORY as TUNING, told apart by the decision features)
    decision   (DECISION_FEATURES,)        what is asked now (target node, map/parameter position and kind,
                                           memory site, legal-action count, budget used)
    slots      (n_slots,)                  log2 of the value each tuning slot stands for (memory values by
                                           `memory_stage.value_code`; 0 outside TUNING, MEMORY, REWRITE_POINTS)
    assigned   (MAX_MAPS + MAX_PARAMS,)    mapping codes and tuning values chosen so far (-1: not yet)
    summary    (SUMMARY_FEATURES,)         the program's high-level features: log2 sizes, work and traffic,
                                           primitive counts
    features   (N_FEATURES,)               the hardware features (P000 Table 1, flops_pt, idx_divmod_pt) of the
                                           kernel as decided so far,
                                           log-scaled (from phase TUNING on; zero before)

Every value lies in [-1, 1]: lengths enter as log2(n)/32, counts as log2(1+n)/16, indices divided by their
bound. Programs with more than `max_nodes` nodes are truncated (their later sites cannot be rewritten).
"""

from __future__ import annotations

import functools
import math

import numpy as np
from gymnasium import spaces

from compiler import arith
from compiler.ir.node import FunCall, Lambda, Literal, Param, Prim, Program, UserFun, walk
from compiler.ir.ops import MAPS, REDUCES, Group, Op
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import BUILTINS
from compiler.lowering import memory_stage, point_stages, stages
from compiler.lowering.stages import MAP_CODES
from compiler.perf import features as hw_features
from compiler.types import ArrayType, TupleType, VectorType, array_lengths, base_type

from .transition import Phase, State, legal_actions, slot_values

KINDS = (Program, Param, Literal, FunCall, Lambda, Prim, UserFun)
OPS = tuple(Op)
USERFUNS = tuple(sorted(BUILTINS))
MAX_MAPS, MAX_PARAMS, MAX_SIZES = 16, 16, 6

_K0 = 0
_OP0 = _K0 + len(KINDS)
_UF0 = _OP0 + len(OPS)
_DEPTH = _UF0 + len(USERFUNS) + 1
_RANK = _DEPTH + 1
_LEN0 = _RANK + 1  # three outer lengths
_SCALAR, _VECTOR, _TUPLE, _SYMBOLIC = _LEN0 + 3, _LEN0 + 4, _LEN0 + 5, _LEN0 + 6
_STATIC0 = _LEN0 + 7  # two static parameters
_TARGET = _STATIC0 + 2
_CODE0 = _TARGET + 1
_HAS_REWRITE = _CODE0 + len(MAP_CODES)
NODE_FEATURES = _HAS_REWRITE + 1
DECISION_FEATURES = 12
SUMMARY_FEATURES = MAX_SIZES + 4 + len(Group)
N_FEATURES = len(hw_features.FEATURE_NAMES)
N_PHASES = 4  # REWRITE_POINTS is encoded as REWRITE plus the decision features 4-6, MEMORY as TUNING plus 3-6
_PHASE_ENTRY = {Phase.REWRITE_POINTS: Phase.REWRITE, Phase.MEMORY: Phase.TUNING}


def observation_space(max_nodes: int, n_slots: int) -> spaces.Dict:
    def box(*shape: int) -> spaces.Box:
        return spaces.Box(-1.0, 1.0, shape=shape, dtype=np.float32)

    return spaces.Dict({
        "nodes": box(max_nodes, NODE_FEATURES),
        "parents": spaces.Box(-1.0, float(max_nodes - 1), shape=(max_nodes,), dtype=np.float32),
        "node_mask": box(max_nodes),
        "phase": box(N_PHASES),
        "decision": box(DECISION_FEATURES),
        "slots": box(n_slots),
        "assigned": box(MAX_MAPS + MAX_PARAMS),
        "summary": box(SUMMARY_FEATURES),
        "features": box(N_FEATURES),
    })


def _log_len(n: int) -> float:
    return math.log2(max(n, 1)) / 32.0 + 1.0 / 32.0  # length 1 is distinguishable from padding


def _log_count(x: float) -> float:
    return math.log2(1.0 + max(x, 0.0)) / 16.0


@functools.lru_cache(maxsize=1024)
def _program_nodes(program: Program, sizes: tuple, max_nodes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Node features that depend only on the program (cached): features, parents, mask."""
    typing = typecheck(program).of
    feats = np.zeros((max_nodes, NODE_FEATURES), dtype=np.float32)
    parents = np.full(max_nodes, -1.0, dtype=np.float32)
    mask = np.zeros(max_nodes, dtype=np.float32)
    index: dict[tuple, int] = {}
    for i, (path, n) in enumerate(walk(program)):
        if i >= max_nodes:
            break
        index[path] = i
        mask[i] = 1.0
        if path:
            parents[i] = index.get(path[:-1], -1)
        row = feats[i]
        kind = next((k for k, cls in enumerate(KINDS) if isinstance(n, cls)), None)
        if kind is not None:  # a RewritePoint has no kind bit; its parameters are the decision's
            row[_K0 + kind] = 1.0
        row[_DEPTH] = min(len(path) / 64.0, 1.0)
        if isinstance(n, Prim):
            row[_OP0 + OPS.index(n.op)] = 1.0
            for j, s in enumerate(n.static[:2]):
                v = _value_at(s, sizes)
                row[_STATIC0 + j] = 0.0 if v is None else math.copysign(_log_len(abs(v)), v)
                if v is None:
                    row[_SYMBOLIC] = 1.0
        if isinstance(n, UserFun):
            row[_UF0 + (USERFUNS.index(n.name) if n.name in USERFUNS else len(USERFUNS))] = 1.0
        t = typing.get(path)
        if t is not None:
            for col, v in _type_cells(t, sizes):
                row[col] = v
    return feats, parents, mask


def _value(e, env) -> int | None:
    try:
        return arith.evaluate(e, env)
    except (KeyError, ValueError, TypeError):
        return None


def _value_at(e, sizes: tuple) -> int | None:
    """`_value` of a static parameter or length at the sizes `sizes` (sorted (name, value) pairs), memoised: the
    programs of an episode share most of their lengths, and a sympy substitution costs tens of microseconds."""
    try:
        return _value_memo(type(e), e, sizes)
    except TypeError:  # an unhashable static parameter
        return _value(e, dict(sizes))


@functools.lru_cache(maxsize=65536)
def _value_memo(kind: type, e, sizes: tuple) -> int | None:
    return _value(e, dict(sizes))


@functools.lru_cache(maxsize=16384)
def _type_cells(t, sizes: tuple) -> tuple[tuple[int, float], ...]:
    """The (column, value) writes of a node's type features, in order (memoised by type and sizes)."""
    cells: list[tuple[int, float]] = []
    lens = array_lengths(t)
    cells.append((_RANK, min(len(lens) / 4.0, 1.0)))
    for j, n in enumerate(lens[:3]):
        v = _value_at(n, sizes)
        if v is None:
            cells.append((_SYMBOLIC, 1.0))
        else:
            cells.append((_LEN0 + j, _log_len(v)))
    b = base_type(t)
    cells.append((_SCALAR, float(not isinstance(b, VectorType | TupleType | ArrayType))))
    cells.append((_VECTOR, float(isinstance(b, VectorType))))
    cells.append((_TUPLE, float(isinstance(b, TupleType))))
    return tuple(cells)


@functools.lru_cache(maxsize=256)
def _summary(program: Program, sizes: tuple, uri: str) -> np.ndarray:
    out = np.zeros(SUMMARY_FEATURES, dtype=np.float32)
    for j, (_, v) in enumerate(sizes[:MAX_SIZES]):
        out[j] = _log_len(v)
    bench, _ = stages.resolve(uri)
    try:
        out[MAX_SIZES], out[MAX_SIZES + 1] = _work(bench.flops, bench.bytes, sizes)
    except TypeError:  # unhashable counting functions (a user benchmark's): counted directly
        out[MAX_SIZES], out[MAX_SIZES + 1] = _work.__wrapped__(bench.flops, bench.bytes, sizes)
    ops = [n.op for _, n in walk(program) if isinstance(n, Prim)]
    out[MAX_SIZES + 2] = _log_count(sum(op in MAPS for op in ops))
    out[MAX_SIZES + 3] = _log_count(sum(op in REDUCES for op in ops))
    for k, g in enumerate(Group):
        out[MAX_SIZES + 4 + k] = _log_count(sum(op.info.group is g for op in ops))
    return np.clip(out, -1.0, 1.0)


@functools.lru_cache(maxsize=256)
def _work(flops, nbytes, sizes: tuple) -> tuple[float, float]:
    """The summary's work and traffic features: the benchmark's counts (`Benchmark.flops`, `Benchmark.bytes`) at
    `sizes`, memoised by the counting functions themselves (the same for every program a rewrite makes of it)."""
    env = dict(sizes)
    return _log_count(flops(env)) / 4.0, _log_count(nbytes(env)) / 4.0


def _rp_decision(state: State, nodes: np.ndarray, decision: np.ndarray) -> None:
    """A rewrite-point decision: its RP node is the target (inserted RPs: their top-level ancestor); features 4-6
    (the mapping's, unused here) carry the parameter's role, its RP kind and its domain size (all > 0, so a
    rewrite-point decision is told from a rule decision, whose features 4-6 are 0); 7-8 decisions made and known;
    9-11 the parameter kind (tuning: "split", structural: "other")."""
    rpp = state.rp_problem
    p = rpp.next_param(state.rp)
    assert p is not None
    role, kind, _ = rpp.role_and_kind(p)
    path = rpp.rp_node_path(p)
    if path is not None:
        i = stages.node_index(state.high, path)
        if i < state.config.max_nodes:
            nodes[i, _TARGET] = 1.0
        decision[3] = i / state.config.max_nodes
    decision[4] = (role + 1) / len(point_stages.ROLES)
    decision[5] = (kind + 2) / 64.0
    decision[6] = _log_len(len(p.domain or ()) + 1)
    done, known = rpp.position(state.rp)
    decision[7] = min(done / 64.0, 1.0)
    decision[8] = min(known / 64.0, 1.0)
    decision[9 + (1 if p.role == "tuning" else 2)] = 1.0


def _memory_decision(state: State, nodes: np.ndarray, decision: np.ndarray) -> None:
    """A memory decision (phase one-hot TUNING): its site is the target node; feature 3 its pre-order index,
    4 its position k + 1 among at most MAX_SITES decisions, 5 (rules applied + 1) / (max_memory + 1), 6 the number
    of values (4-6 > 0, so a memory decision is told from a tuning decision, whose features 3-6 are 0 and one of
    9-11 is 1)."""
    site = state.route.memory_problem.next_site(state.route.cursor)
    assert site is not None
    if site.index < state.config.max_nodes:
        nodes[site.index, _TARGET] = 1.0
    decision[3] = min(site.index / state.config.max_nodes, 1.0)
    decision[4] = (len(state.route.memory) + 1) / memory_stage.MAX_SITES
    decision[5] = (state.route.applied + 1) / (state.route.options.max_memory + 1)
    decision[6] = _log_len(len(site.values))


def encode(state: State, hw: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """The observation of `state`; `hw` are the kernel's P000 features (raw, from compiler.perf.features)."""
    cfg = state.config
    program = state.program
    nodes, parents, mask = _program_nodes(program, state.sizes, cfg.max_nodes)
    nodes = nodes.copy()
    decision = np.zeros(DECISION_FEATURES, dtype=np.float32)
    phase = np.zeros(N_PHASES, dtype=np.float32)
    phase[int(_PHASE_ENTRY.get(state.phase, state.phase))] = 1.0
    legal = legal_actions(state)
    decision[0] = _log_count(float(legal.sum()))
    decision[1] = state.rewrites / max(cfg.max_rewrites, 1)
    decision[2] = min(len(state.actions) / cfg.max_steps, 1.0)
    if state.phase is Phase.REWRITE:
        layout = cfg.layout
        sites = np.flatnonzero(legal[:layout.done]) % layout.max_nodes
        nodes[sites, _HAS_REWRITE] = 1.0
    elif state.phase is Phase.MAPPING:
        mp = state.mapping
        k = len(state.codes)
        for site, code in zip(mp.sites, state.codes, strict=False):
            if site.index < cfg.max_nodes:
                nodes[site.index, _CODE0 + MAP_CODES.index(code)] = 1.0
        target = mp.sites[k]
        if target.index < cfg.max_nodes:
            nodes[target.index, _TARGET] = 1.0
        decision[3] = target.index / cfg.max_nodes
        decision[4] = k / MAX_MAPS
        decision[5] = len(mp.sites) / MAX_MAPS
        decision[6] = _log_len(target.length)
    elif state.phase is Phase.REWRITE_POINTS:
        _rp_decision(state, nodes, decision)
    elif state.phase is Phase.MEMORY:
        _memory_decision(state, nodes, decision)
    elif state.phase is Phase.TUNING:
        tp = state.tuning
        k = len(state.values)
        p = tp.params[k]
        decision[7] = k / MAX_PARAMS
        decision[8] = len(tp.params) / MAX_PARAMS
        decision[9 + ("local_size", "split", "other").index(p.kind if p.kind in ("local_size", "split") else "other")] \
            = 1.0
    slots = np.zeros(cfg.n_slots, dtype=np.float32)
    for i, v in enumerate(slot_values(state)):
        slots[i] = _log_len(v if state.phase is Phase.TUNING else memory_stage.value_code(v)
                            if state.phase is Phase.MEMORY else point_stages.numeric(v))
    assigned = np.full(MAX_MAPS + MAX_PARAMS, -1.0, dtype=np.float32)
    for i, c in enumerate(state.codes[:MAX_MAPS]):
        assigned[i] = c / 32.0
    for i, v in enumerate(state.values[:MAX_PARAMS]):
        assigned[MAX_MAPS + i] = _log_len(v)
    feats = np.zeros(N_FEATURES, dtype=np.float32)
    if hw is not None:
        feats[:] = np.sign(hw) * np.log2(1.0 + np.abs(hw)) / 32.0
    return {
        "nodes": np.clip(nodes, -1.0, 1.0),
        "parents": parents.copy(),
        "node_mask": mask.copy(),
        "phase": phase,
        "decision": np.clip(decision, -1.0, 1.0),
        "slots": slots,
        "assigned": assigned,
        "summary": _summary(state.high, state.sizes, state.uri).copy(),
        "features": np.clip(feats, -1.0, 1.0).astype(np.float32),
    }


__all__ = ["DECISION_FEATURES", "NODE_FEATURES", "N_FEATURES", "SUMMARY_FEATURES", "encode", "observation_space"]
