"""Memory-access-graph barrier insertion (thesis §5.4, Algorithm 3) on the kernel IR.

The alternative to the classic pass of `barriers.py`, selected with `compile_program(..., barriers="mag")`:

1. MAG vertices are the user-function statements (`kir.Store`) that touch a local or global buffer written in the
   kernel, in program order, each with its consume (loads) and produce (store) accesses. The accesses of one
   statement share a vertex: no barrier can go between the loads and the store of one C statement.
2. Edges join subsequent vertices in control flow: forward edges (falling through, leaving and entering loops) and
   a back edge per loop that a work item runs more than once (last vertex of the body to its first). Every loop
   runs at least once (extents are positive), so no edge skips a loop. An edge's insertion point is the gap of the
   outermost statement list it crosses: before the target's ancestor there for a forward edge, at the end of the
   body for a back edge (Listing 5.3, line 9). Edges sharing an insertion point share a barrier.
3. An edge is synchronisable when every work item of a group reaches its insertion point equally often: every
   enclosing loop is mapSeq/reduceSeq, mapWrg, or a mapLcl whose extent is a multiple of the local size.
4. Interdependent pairs (a1, a2): both touch one local/global buffer, at least one writes it, and different work
   items may touch the same element. The test is `barriers.conflict` (same-work-item proof by index forms, and
   `_separated` for loop-carried pairs) on forms where the loops common to both statements keep one identity
   (same iteration) and the others are renamed as in the classic pass. A pair is tested on the forward path
   (a1 before a2, same iteration of the common loops) and, for every common loop run more than once, across its
   back edge (the loop's cycle is the pair's path).
5. Placement: weight of an insertion point = number of pair paths through it; per path the synchronisable point
   of maximum weight, ties to smaller loop nesting, then to later points in control flow. Duplicates (one point
   chosen for several paths) are merged; then a chosen barrier is dropped, most often hit first, when every path
   it serves still holds another chosen barrier.
6. A path without a synchronisable point raises `NotSynchronisable` (a CodegenError) naming the two accesses.
A dependence between mapGlb work items or across work groups is a CodegenError, as in the classic pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import CodegenError
from . import kir
from .barriers import MemAccess, check_synchronisable, conflict, iterations, new_pass
from .index import Var, substitute, var
from .ndrange import Launch


class NotSynchronisable(CodegenError):
    """No barrier reachable by every work item of the group can separate two interdependent accesses."""


@dataclass
class Vertex:
    order: int
    stmt: kir.Store
    chain: tuple[tuple[int, int], ...]  # (container id, index in that container) from the kernel body down
    loops: tuple[kir.Loop, ...]  # enclosing loops, outermost first


@dataclass
class Container:
    body: list
    loops: tuple[kir.Loop, ...]  # loops enclosing this statement list


@dataclass
class Graph:
    vertices: list[Vertex] = field(default_factory=list)
    containers: dict[int, Container] = field(default_factory=dict)


Gap = tuple[int, int]  # (container id, insert before this index)


def _collect(stmts: list[kir.Stmt], written: frozenset[str]) -> Graph:
    g = Graph()

    def visit(body: list, chain: tuple, loops: tuple) -> None:
        g.containers[id(body)] = Container(body, loops)
        for i, s in enumerate(body):
            here = (*chain, (id(body), i))
            if isinstance(s, kir.Loop):
                visit(s.body, here, (*loops, s))
            elif isinstance(s, kir.Block):
                visit(s.body, here, loops)
            elif isinstance(s, kir.Store | kir.If) and any(  # an If holds guarded stores (a crop): one vertex
                    r.buf.space != kir.PRIVATE and r.buf.name in written for r, _, _ in kir.accesses(s)):
                g.vertices.append(Vertex(len(g.vertices), s, here, loops))

    visit(stmts, (), ())
    return g


def _uniform_loop(launch: Launch, lp: kir.Loop) -> bool:
    if lp.kind in ("seq", "wrg") or lp.uniform:
        return True
    if lp.kind == "lcl":
        size = launch.size("lcl", lp.dim)
        return size is not None and lp.extent % size == 0
    return False


def _forward_gap(a: Vertex, b: Vertex) -> Gap:
    k = 0
    while a.chain[k] == b.chain[k]:
        k += 1
    return b.chain[k]  # before b's ancestor in the innermost list holding both


def _describe(v: Vertex) -> str:
    acc = [f"{'write' if w else 'read'} of {r.buf.name}" for r, w, _ in kir.accesses(v.stmt)
           if r.buf.space != kir.PRIVATE]
    where = " in ".join(lp.label or f"{lp.kind} loop" for lp in reversed(v.loops)) or "the kernel body"
    return f"{' and '.join(acc)} (in {where})"


def _forms(v: Vertex, shared: int, written: frozenset[str], inner: int | None = None) -> list[MemAccess]:
    """The vertex's accesses with loop variables renamed: the first `shared` loops keep one identity for both
    accesses of a pair, parallel loops are named by kind, dimension and extent, other sequential ones by depth.
    The parallel loops from the `inner`-th on (default: `shared`) are those whose work items the pair involves:
    inside one iteration of the common loops a work item makes both accesses in order (as in the classic pass)."""
    subst, depth = {}, 0
    for k, lp in enumerate(v.loops):
        if lp.kind != "seq":
            name = f"{lp.kind}{lp.dim}"
        elif k < shared:
            name = f"common{k}"
        else:
            name, depth = f"seq{depth}", depth + 1
        subst[lp.var] = var(Var(f"{name}#{lp.extent}", lp.extent, lp.kind, lp.dim))
    kinds = frozenset(lp.kind for lp in v.loops[shared if inner is None else inner:] if lp.kind != "seq")
    out = []
    for ref, is_write, _ in kir.accesses(v.stmt):
        if ref.buf.space == kir.PRIVATE or ref.buf.name not in written:
            continue
        out.append(MemAccess(ref.buf.name, ref.buf.space, (substitute(ref.index, subst), ref.width), is_write, kinds))
    return out


def _carried_var(lp: kir.Loop) -> Var:
    name = f"{lp.kind}{lp.dim}" if lp.kind != "seq" else "carried"
    return Var(f"{name}#{lp.extent}", lp.extent, lp.kind, lp.dim)


def _common(a: Vertex, b: Vertex) -> int:
    n = 0
    while n < min(len(a.loops), len(b.loops)) and a.loops[n] is b.loops[n]:
        n += 1
    return n


@dataclass(frozen=True)
class Pair:
    first: Vertex
    second: Vertex
    space: str
    gaps: frozenset[Gap]  # insertion points of the edges of the pair's path
    label: str  # "forward" or the carried loop


def build_pairs(g: Graph, launch: Launch, written: frozenset[str]) -> list[Pair]:
    vs = g.vertices
    fwd = [_forward_gap(vs[k], vs[k + 1]) for k in range(len(vs) - 1)]  # edge k: vertex k -> k + 1
    body_range: dict[int, tuple[int, int]] = {}  # loop -> (first, last) vertex inside
    for v in vs:
        for lp in v.loops:
            lo, _ = body_range.get(id(lp), (v.order, v.order))
            body_range[id(lp)] = (lo, v.order)

    pairs = []
    for i, a in enumerate(vs):
        for b in vs[i:]:
            bufs_a = {(r.buf.name, w) for r, w, _ in kir.accesses(a.stmt) if r.buf.name in written}
            bufs_b = {(r.buf.name, w) for r, w, _ in kir.accesses(b.stmt) if r.buf.name in written}
            shared_bufs = {n for n, _ in bufs_a} & {n for n, _ in bufs_b}
            if not any((n, True) in bufs_a | bufs_b for n in shared_bufs):
                continue
            n = _common(a, b)
            if a is not b:
                found = conflict(_forms(a, n, written), _forms(b, n, written))
                if found is not None:
                    check_synchronisable(found[0])
                    gaps = frozenset(fwd[a.order:b.order])
                    pairs += [Pair(a, b, sp, gaps, "forward") for sp in found[1]]
            for k in range(n - 1, -1, -1):
                lp = a.loops[k]
                if iterations(launch, lp) <= 1:
                    continue
                lo, hi = body_range[id(lp)]
                back = (id(lp.body), len(lp.body))
                for x, y in ((a, b), (b, a)) if a is not b else ((a, a),):
                    found = _carried_test(x, y, k, lp, written)
                    if found is not None:
                        check_synchronisable(found[0])
                        # x in one iteration to y in a later one: x -> end of the body -> back edge -> y; when x
                        # comes first that walk passes every point of the loop's cycle
                        path = (fwd[lo:hi] if x.order < y.order else fwd[x.order:hi] + fwd[lo:y.order])
                        gaps = frozenset(path) | {back}
                        pairs += [Pair(x, y, sp, gaps, lp.label or f"{lp.kind} loop") for sp in found[1]]
    return pairs


def _carried_test(x: Vertex, y: Vertex, k: int, lp: kir.Loop, written: frozenset[str]):
    """Dependence of y in a later iteration of loop lp (the k-th enclosing loop) on x."""
    px, py = _forms(x, k + 1, written, k), _forms(y, k + 1, written, k)
    if lp.kind == "seq":
        carried = Var(f"common{k}#{lp.extent}", lp.extent, lp.kind, lp.dim)
    else:
        carried = Var(f"{lp.kind}{lp.dim}#{lp.extent}", lp.extent, lp.kind, lp.dim)
    return conflict(px, py, carried)


def barrier_gaps(stmts: list[kir.Stmt], launch: Launch) -> dict[Gap, set[str]]:
    """The barriers (insertion point -> fenced address spaces) for a kernel body; raises NotSynchronisable."""
    written = frozenset(s.ref.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Store))
    g = _collect(stmts, written)
    pairs = build_pairs(g, launch, written)
    conts = g.containers

    def ok(gap: Gap) -> bool:
        return all(_uniform_loop(launch, lp) for lp in conts[gap[0]].loops)

    def depth(gap: Gap) -> int:
        return len(conts[gap[0]].loops)

    def hits(gap: Gap) -> int:
        n = 1
        for lp in conts[gap[0]].loops:
            n *= iterations(launch, lp)
        return n

    position = _positions(stmts)
    paths = []
    for p in pairs:
        sync = frozenset(x for x in p.gaps if ok(x))
        if not sync:
            raise NotSynchronisable(
                f"not synchronisable: {_describe(p.second)} depends on {_describe(p.first)} "
                f"({p.label} path), but no barrier between them is reached by every work item of the group "
                "equally often (a mapLcl whose extent is not a multiple of the local size)")
        paths.append((p, sync))
    weight: dict[Gap, int] = {}
    for _, sync in paths:
        for x in sync:
            weight[x] = weight.get(x, 0) + 1
    chosen: set[Gap] = set()
    for _, sync in paths:
        chosen.add(max(sync, key=lambda x: (weight[x], -depth(x), position[x])))
    for x in sorted(chosen, key=lambda x: (-hits(x), -depth(x), position[x])):
        rest = chosen - {x}
        if all(sync & rest for _, sync in paths):
            chosen = rest
    fences: dict[Gap, set[str]] = {x: set() for x in chosen}
    for p, sync in paths:
        for x in sync & chosen:
            fences[x].add(p.space)
    return fences


def _positions(stmts: list[kir.Stmt]) -> dict[Gap, tuple[int, ...]]:
    """A control-flow order of insertion points (a gap before item i sorts before item i's contents)."""
    out: dict[Gap, tuple[int, ...]] = {}

    def visit(body: list, prefix: tuple[int, ...]) -> None:
        for i in range(len(body) + 1):
            out[(id(body), i)] = (*prefix, 2 * i)
            if i < len(body) and isinstance(body[i], kir.Loop | kir.Block):
                visit(body[i].body, (*prefix, 2 * i + 1))

    visit(stmts, ())
    return out


def insert_barriers(stmts: list[kir.Stmt], launch: Launch) -> list[kir.Stmt]:
    """Algorithm 3 on a kernel body (mutated in place and returned)."""
    new_pass()
    fences = barrier_gaps(stmts, launch)
    lists: dict[int, list] = {}

    def find(body: list) -> None:
        lists[id(body)] = body
        for s in body:
            if isinstance(s, kir.Loop | kir.Block):
                find(s.body)

    find(stmts)
    for (cid, i), spaces in sorted(fences.items(), key=lambda t: -t[0][1]):
        lists[cid].insert(i, kir.Barrier(frozenset(spaces)))
    return stmts


def count(stmts: list[kir.Stmt]) -> int:
    return sum(isinstance(s, kir.Barrier) for s in kir.walk_stmts(stmts))
