"""Aligned vector loads and stores (`compile_program(..., vector_loads=W)`): the scalar loads of a straight-line
region that read lanes of the same aligned float<W> of a read-only global buffer, under the same pad guards, become
one vector load into a private vector and its lanes; the stores of every lane of one aligned float<W> of a buffer
the kernel never reads become lane stores into a private vector and one vector store after the last of them.

A 2-D stencil whose work item computes a block of rowsPerItem x colsPerItem outputs reads, per input row, the
colsPerItem + k2 - 1 consecutive scalars its windows cover (each once, after `cse`): 8 scalar loads per row for
gaussian (5 x 5) at colsPerItem = 4. With the row length a multiple of W and the block's first column a multiple
of W, those scalars lie in 3 aligned float<W>s: 3 vector loads instead of 8, and a warp's vector loads cover 512
contiguous bytes instead of 4-float-strided scalars; its colsPerItem outputs of a row are one vector store.

When an access's index is `base + lane` with every coefficient of its variables a multiple of W (so `base` is a
multiple of W for every work item) and 0 <= lane < W, its float<W> is `base / W`. The buffer's length is a
multiple of W, so that vector lies inside the buffer whenever one of its lanes does: a lane the work item does not
use is read but never used. A guarded load (`conds ? pad : load`, nested) joins a vector only with loads under the
same guards; the vector is `conds ? (floatW)(pad) : vloadW(...)` and each load becomes its lane. Loads at an index
without work-item variables (uniform, e.g. a stencil's weights) stay scalar; a vector with one lane used is not
formed; a vector store needs each of its W lanes stored exactly once in the region.

The vectors of a region are loaded at its top, in the order of their first use (`hoist`; their indices and guards
use only variables bound outside the region, and the buffers are read-only, so the loads read the same values
earlier): the whole block's rows are in flight at once. The 2-D stencils' default lowering asks for the option
when a work item computes several columns (compiler.lowering.stencil.vector_width). Measured on the H100
(docs/benchmarks/stencil_rows_h100.md): gaussian at 8 x 4 outputs per work item 88% of the copy bandwidth (75% at
one column); at 8 x 2, 86.7% with the loads at the top and 82.0% at their first use.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..types import ScalarType, VectorType
from . import kir
from .cse import by_region
from .index import Idx, cst

Chain = tuple[tuple[tuple, str], ...]  # the guards from the outside in: (conds, pad literal) per Select


@dataclass(frozen=True)
class _Key:
    buf: str
    base: Idx
    chain: Chain


def vector_loads(stmts: list[kir.Stmt], width: int, hoist: bool = True) -> list[kir.Stmt]:
    """`stmts` (a kernel body) with the loads of each straight-line region combined into aligned vectors, loaded at
    the top of the region (`hoist`) or where the first of their lanes is used."""
    if width < 2:
        return stmts
    written = {r.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Store) for r, w, _ in kir.accesses(s)
               if w}
    read = {r.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Store) for r in kir.expr_loads(s.value)}
    names = {s.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Decl)}
    return by_region(stmts, _Combiner(width, frozenset(written), frozenset(read), names, hoist).region)


class _Combiner:
    def __init__(self, width: int, written: frozenset[str], read: frozenset[str], names: set[str], hoist: bool):
        self.width, self.written, self.read, self.names, self.counter = width, written, read, names, 0
        self.hoist = hoist

    def fresh(self, prefix: str) -> str:
        while f"{prefix}_{self.counter}" in self.names:
            self.counter += 1
        name = f"{prefix}_{self.counter}"
        self.names.add(name)
        return name

    def guarded(self, e: kir.CExpr) -> tuple[_Key, int, kir.Buffer] | None:
        """(vector key, lane, buffer) of a load this pass may combine, else None."""
        chain = []
        while isinstance(e, kir.Select):
            if not isinstance(e.then, kir.Lit):
                return None
            chain.append((e.conds, e.then.text))
            e = e.other
        if not isinstance(e, kir.Load) or e.ref.buf.name in self.written:
            return None
        a = self.aligned(e.ref)
        if a is None:
            return None
        return _Key(e.ref.buf.name, a[0], tuple(chain)), a[1], e.ref.buf

    def found(self, e: kir.CExpr, out: list) -> None:
        g = self.guarded(e)
        if g is not None:
            out.append(g)
            return
        for a in kir.operands(e):
            self.found(a, out)

    def region(self, run: list[kir.Stmt]) -> list[kir.Stmt]:
        per_stmt = []
        for s in run:
            found: list = []
            for st in kir.walk_stmts([s]):
                if isinstance(st, kir.Store):
                    self.found(st.value, found)
            per_stmt.append(found)
        lanes: dict[_Key, set[int]] = {}
        for found in per_stmt:
            for key, lane, _ in found:
                lanes.setdefault(key, set()).add(lane)
        for i in range(len(run) - 1):  # a private's declaration and its first store are one statement
            d, nxt = run[i], run[i + 1]
            if isinstance(d, kir.Decl) and isinstance(nxt, kir.Store) and nxt.ref.buf == d.buf:
                per_stmt[i], per_stmt[i + 1] = per_stmt[i + 1], []
        vectors: dict[_Key, kir.Buffer] = {}
        before: list[list[kir.Stmt]] = [[] for _ in run]  # the vector loads placed before each statement
        for i, found in enumerate(per_stmt):
            for key, _, buf in found:
                if len(lanes[key]) > 1 and key not in vectors:
                    vec = kir.Buffer(self.fresh("vld"), kir.PRIVATE, VectorType(buf.scalar, self.width), 1, "private")
                    vectors[key] = vec
                    before[0 if self.hoist else i] += [
                        kir.Decl(vec), kir.Store(kir.MemRef(vec, cst(0), self.width), self.vector(key, buf))]
        out: list[kir.Stmt] = []
        for s, loads in zip(run, before, strict=True):
            out += loads
            out.append(kir.replace_values(s, lambda e: self.lane_of(e, vectors)) if vectors else s)
        return self.stores(out)

    def aligned(self, r: kir.MemRef) -> tuple[Idx, int] | None:
        """(base, lane) of a scalar access of a global float buffer at base + lane, base a multiple of the width for
        every work item (every coefficient a multiple of it) and the buffer a whole number of vectors."""
        b, w = r.buf, self.width
        if (r.width != 1 or b.space != kir.GLOBAL or not isinstance(b.elem, ScalarType) or b.elem.name != "float"
                or b.count % w or not r.index.terms or any(c % w for _, c in r.index.terms)):
            return None
        lane = r.index.const % w
        return r.index - lane, lane

    def stores(self, run: list[kir.Stmt]) -> list[kir.Stmt]:
        """The run with the stores of every lane of one aligned float<W> of a buffer the kernel never reads (each
        lane stored once, at the top of the run or in its blocks) made private lane stores and one vector store after
        the statement holding the last of them."""
        where: dict[tuple[str, Idx], dict[int, int]] = {}  # (buffer, base) -> lane -> statement of the run
        count: dict[tuple[str, Idx], int] = {}
        for i, s in enumerate(run):
            for st in _block_stores(s):
                a = self.aligned(st.ref)
                if a is None or st.ref.buf.name in self.read:
                    continue
                key = (st.ref.buf.name, a[0])
                where.setdefault(key, {})[a[1]] = i
                count[key] = count.get(key, 0) + 1
        whole = {k: lanes for k, lanes in where.items() if len(lanes) == self.width == count[k]}
        if not whole:
            return run
        vecs: dict[tuple[str, Idx], kir.Buffer] = {}
        bufs: dict[str, kir.Buffer] = {}
        for s in run:
            for st in _block_stores(s):
                a = self.aligned(st.ref)
                if a is not None and (st.ref.buf.name, a[0]) in whole:
                    bufs[st.ref.buf.name] = st.ref.buf
        out: list[kir.Stmt] = []
        for i, s in enumerate(run):
            for key, lanes in whole.items():
                if min(lanes.values()) == i and key not in vecs:
                    vecs[key] = kir.Buffer(self.fresh("vst"), kir.PRIVATE, VectorType(bufs[key[0]].scalar, self.width),
                                           1, "private")
                    out.append(kir.Decl(vecs[key]))
            out.append(self.lanes(s, whole, vecs))
            for key, lanes in whole.items():
                if max(lanes.values()) == i:
                    vec = kir.MemRef(vecs[key], cst(0), self.width)
                    out.append(kir.Store(kir.MemRef(bufs[key[0]], key[1], self.width), kir.Load(vec)))
        return out

    def lanes(self, s: kir.Stmt, whole: dict, vecs: dict) -> kir.Stmt:
        if isinstance(s, kir.Block):
            return kir.Block([self.lanes(c, whole, vecs) for c in s.body])
        if isinstance(s, kir.Store):
            a = self.aligned(s.ref)
            if a is not None and (s.ref.buf.name, a[0]) in whole:
                return kir.Store(kir.MemRef(vecs[(s.ref.buf.name, a[0])], cst(a[1])), s.value)
        return s

    def vector(self, key: _Key, buf: kir.Buffer) -> kir.CExpr:
        w = self.width
        e: kir.CExpr = kir.Load(kir.MemRef(buf, key.base, w))
        for conds, pad in reversed(key.chain):
            e = kir.Select(conds, kir.Lit(f"(({buf.scalar.name}{w})({pad}))"), e)
        return e

    def lane_of(self, e: kir.CExpr, vectors: dict[_Key, kir.Buffer]) -> kir.CExpr | None:
        """A combined load's lane of its vector (a load left scalar: itself); None for any other expression."""
        g = self.guarded(e)
        if g is None:
            return None
        key, lane, _ = g
        vec = vectors.get(key)
        return e if vec is None else kir.Load(kir.MemRef(vec, cst(lane)))


def _block_stores(s: kir.Stmt) -> list[kir.Store]:
    """The stores of a statement of a straight-line run: itself, or those of its blocks."""
    return [x for x in kir.walk_stmts([s]) if isinstance(x, kir.Store)]
