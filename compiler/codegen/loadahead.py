"""Loads one iteration ahead (`compile_program(..., load_ahead=True)`): a sequential loop whose body starts by
loading private values from read-only global buffers loads the next iteration's values while it computes with
the current ones (software pipelining of the loads, the register double buffering of hand-written GPU kernels).

    for (i = 0; i < n; i++) {          b = load(0);
      b = load(i);               ->    for (i = 0; i < n; i++) {
      rest(b);                           nxt_b = load(min(i + 1, n - 1));
    }                                    rest(b);
                                         b = nxt_b;
                                       }

The leading loads are the longest run of the body's first statements that are declarations of private buffers,
comments, and stores into those buffers (at a constant index) of values reading only global buffers the kernel
never writes. The rest of the body must not write them. Such a value depends on nothing but the loop variables
and the work-item ids, so evaluating it one iteration early reads the same words; the last iteration loads its
own values again (the clamp) rather than reading past the loop's range, and every load keeps its pad guards.
Unrolled loops (their copies are straight-line code) and loops of one iteration are left alone.

A work item of conv42 then has its next chunk's input and weight vectors in flight while it computes the dot
products of the current chunk: the latency of those loads is hidden by the work item itself, which matters when
few work groups fit the GPU (VGG-16's 14 x 14 layers).
"""

from __future__ import annotations

from dataclasses import replace

from . import kir
from .index import clamp, cst, var


def load_ahead(stmts: list[kir.Stmt]) -> list[kir.Stmt]:
    """`stmts` (a kernel body) with the leading loads of each sequential loop issued one iteration ahead."""
    written = {r.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Store) for r, w, _ in kir.accesses(s)
               if w}
    names = {s.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Decl)}
    return _Pipeliner(frozenset(written), names).block(stmts)


class _Pipeliner:
    def __init__(self, written: frozenset[str], names: set[str]):
        self.written, self.names = written, names

    def fresh(self, base: str) -> str:
        k = 0
        while f"nxt_{base}" + (f"_{k}" if k else "") in self.names:
            k += 1
        name = f"nxt_{base}" + (f"_{k}" if k else "")
        self.names.add(name)
        return name

    def block(self, stmts: list[kir.Stmt]) -> list[kir.Stmt]:
        out: list[kir.Stmt] = []
        for s in stmts:
            if isinstance(s, kir.Loop):
                out += self.loop(replace(s, body=self.block(s.body)))
            elif isinstance(s, kir.Block):
                out.append(kir.Block(self.block(s.body)))
            elif isinstance(s, kir.If):
                out.append(kir.If(s.conds, self.block(s.then), self.block(s.other)))
            elif isinstance(s, kir.LastGroup):
                out.append(replace(s, body=self.block(s.body)))
            else:
                out.append(s)
        return out

    def read_only(self, e: kir.CExpr) -> bool:
        return all(r.buf.space == kir.GLOBAL and r.buf.name not in self.written for r in kir.expr_loads(e))

    def loop(self, lp: kir.Loop) -> list[kir.Stmt]:
        if lp.kind != "seq" or lp.unroll or lp.extent < 2:
            return [lp]
        declared: dict[str, kir.Buffer] = {}
        loads: list[kir.Store] = []
        n = 0
        for s in lp.body:
            if isinstance(s, kir.Decl) and s.buf.space == kir.PRIVATE:
                declared[s.buf.name] = s.buf
            elif isinstance(s, kir.Store) and s.ref.buf.name in declared and s.ref.index.is_const \
                    and self.read_only(s.value):
                loads.append(s)
            elif not isinstance(s, kir.Comment):
                break
            n += 1
        rest = lp.body[n:]
        if not loads:
            return [lp]
        loaded = {s.ref.buf.name for s in loads}
        if any(w and r.buf.name in loaded for s in kir.walk_stmts(rest) if isinstance(s, kir.Store)
               for r, w, _ in kir.accesses(s)):
            return [lp]
        first = {lp.var: cst(0)}
        ahead = {lp.var: clamp(var(lp.var) + 1, 0, lp.extent - 1)}
        nxt = {name: replace(b, name=self.fresh(name)) for name, b in declared.items() if name in loaded}
        before = [kir.Decl(b) for b in declared.values()] + [kir.substitute_stmt(s, first) for s in loads]
        body: list[kir.Stmt] = [kir.Decl(b) for b in nxt.values()]
        for s in loads:
            shifted = kir.substitute_stmt(s, ahead)
            assert isinstance(shifted, kir.Store)
            body.append(kir.Store(replace(shifted.ref, buf=nxt[s.ref.buf.name]), shifted.value))
        body += rest
        body += [kir.Store(s.ref, kir.Load(replace(s.ref, buf=nxt[s.ref.buf.name]))) for s in loads]
        return [*before, replace(lp, body=body)]
