"""Register prefetching of tile loops (`compile_program(..., prefetch=True)`): the global loads that fill a local
tile are issued one iteration ahead, into private registers, so that they are in flight while the work group
computes on the tile before.

A tile loop is a sequential loop whose body begins with copies into local memory, ended by a barrier:

    for (t = 0; t < n; t++) { tile = A[f(t)]; barrier; compute on tile; barrier; }

becomes

    r = A[f(0)];
    for (t = 0; t < n; t++) { tile = r; barrier; if (t < n - 1) r = A[f(t + 1)]; compute on tile; barrier; }

The copies then read registers, and the loads of the next tile overlap the compute on this one: the double
buffering of tiled matrix multiplication, with the second buffer in registers rather than local memory. The
values are the same: the copies read buffers the kernel never writes, so a load issued an iteration early reads
what it would have read; the registers are private, written after the barrier and read before the next one by the
same work item.

A loop is rewritten only where that argument holds and the registers stay few; every other loop is left as it is:
- the copies (the statements before the first barrier) are stores, declarations and local loops only: no
  sequential loop, no condition, no barrier; at least one store writes local memory;
- each global load among them reads a buffer the kernel never writes and is not under a pad select;
- a local loop of more iterations than the work group has work items along its dimension is split into one copy
  per round (`l_id + round * size`, the last round guarded as the renderer guards short loops), so that each round's
  loads have their own registers;
- at most MAX_LOADS distinct loads per work item (a load repeated in the copies shares one register).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from ..types import VectorType
from . import kir
from .index import Idx, Var, compare, cst, substitute, var
from .ndrange import Launch

MAX_LOADS = 16  # registers (scalars or vectors) a work item may hold for the next tile


def prefetch_tiles(stmts: list[kir.Stmt], launch: Launch) -> list[kir.Stmt]:
    """`stmts` (a kernel body, not changed) with every tile loop that qualifies rewritten (module docstring)."""
    written = {r.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Store) for r, w, _ in kir.accesses(s)
               if w and r.buf.space == kir.GLOBAL}
    names = {s.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Decl)}
    counter = itertools.count()

    def fresh() -> str:
        name = next(f"pf_{k}" for k in counter if f"pf_{k}" not in names)
        names.add(name)
        return name

    def go(ss: list[kir.Stmt]) -> list[kir.Stmt]:
        out: list[kir.Stmt] = []
        for s in ss:
            done = _rewrite(s, launch, frozenset(written), fresh) if _is_tile_loop(s) else None
            out.extend(done if done is not None else [kir.with_bodies(s, go)])
        return out

    return go(stmts)


def _is_tile_loop(s: kir.Stmt) -> bool:
    return isinstance(s, kir.Loop) and s.kind == "seq" and not s.unroll and s.extent > 1


def _rewrite(lp: kir.Loop, launch: Launch, written: frozenset[str], fresh) -> list[kir.Stmt] | None:
    """[register declarations, the first tile's loads, the rewritten loop], or None where `lp` does not qualify."""
    cut = next((k for k, c in enumerate(lp.body) if isinstance(c, kir.Barrier)), 0)
    copies = _rounds(lp.body[:cut], launch) if cut else None
    if not copies or not any(r.buf.space == kir.LOCAL for s in kir.walk_stmts(copies) for r, w, _ in kir.accesses(s)
                             if w):
        return None
    regs: dict[kir.MemRef, kir.Buffer] = {}
    unsafe = False

    def to_register(e: kir.CExpr) -> kir.CExpr | None:
        nonlocal unsafe
        if isinstance(e, kir.Select):
            unsafe |= any(r.buf.space == kir.GLOBAL for r in kir.expr_loads(e))
            return e
        if not (isinstance(e, kir.Load) and e.ref.buf.space == kir.GLOBAL):
            return None
        unsafe |= e.ref.buf.name in written
        if e.ref not in regs:
            w, scalar = e.ref.width, e.ref.buf.scalar
            regs[e.ref] = kir.Buffer(fresh(), kir.PRIVATE, scalar if w == 1 else VectorType(scalar, w), 1, "private")
        return kir.Load(kir.MemRef(regs[e.ref], cst(0), e.ref.width))

    head = [kir.replace_values(s, to_register) for s in copies]
    if unsafe or not regs or len(regs) > MAX_LOADS:
        return None
    t = lp.var
    first = _fetch(copies, regs, {t: cst(0)}, set())
    ahead = kir.If((compare(var(t), "<", lp.extent - 1),), _fetch(copies, regs, {t: var(t) + 1}, set()))
    body = [*head, lp.body[cut], ahead, *lp.body[cut + 1:]]
    return [*(kir.Decl(b) for b in regs.values()), *first, replace(lp, body=body)]


def _rounds(stmts: list[kir.Stmt], launch: Launch) -> list[kir.Stmt] | None:
    """The copies with each local loop of several rounds per work item split into one loop per round; None when
    they hold anything but stores, declarations, comments, blocks and local loops."""
    out: list[kir.Stmt] = []
    for s in stmts:
        if isinstance(s, kir.Store | kir.Decl | kir.Comment):
            out.append(s)
        elif isinstance(s, kir.Block):
            body = _rounds(s.body, launch)
            if body is None:
                return None
            out.append(kir.Block(body))
        elif isinstance(s, kir.Loop) and s.kind == "lcl" and not s.unroll and not s.uniform:
            body, size = _rounds(s.body, launch), launch.size("lcl", s.dim)
            if body is None or size is None:
                return None
            if s.extent <= size:
                out.append(replace(s, body=body))
                continue
            for k in range(-(-s.extent // size)):
                n = min(size, s.extent - k * size)
                v = Var(s.var.name, n, s.var.kind, s.var.dim)
                shifted: dict[Var, Idx] = {s.var: var(v) + k * size}
                out.append(replace(s, var=v, extent=n, body=[kir.substitute_stmt(c, shifted) for c in body]))
        else:
            return None
    return out


def _fetch(stmts: list[kir.Stmt], regs: dict[kir.MemRef, kir.Buffer], subst: dict[Var, Idx],
           seen: set[kir.MemRef]) -> list[kir.Stmt]:
    """The loads of `stmts` into their registers, within the same local loops, with the tile loop's variable
    replaced by `subst` (each register loaded once)."""
    out: list[kir.Stmt] = []
    for s in stmts:
        if isinstance(s, kir.Loop | kir.Block):
            body = _fetch(s.body, regs, subst, seen)
            if body:
                out.append(kir.with_bodies(s, lambda _, b=body: b))
        elif isinstance(s, kir.Store):
            for ref in kir.expr_loads(s.value):
                if ref in regs and ref not in seen:
                    seen.add(ref)
                    reg = regs[ref]
                    out.append(kir.Store(kir.MemRef(reg, cst(0), ref.width),
                                         kir.Load(replace(ref, index=substitute(ref.index, subst)))))
    return out


__all__ = ["MAX_LOADS", "prefetch_tiles"]
