"""The unroll pass: mapSeqUnroll / reduceSeqUnroll loops (and sequential loops of one iteration) become copies of
their body with the loop variable replaced by each constant, and private arrays whose every access then has a
constant index become separate scalar variables (`acc_0`, `acc_1`, ... as in thesis Listing 4.6).
An unrolled loop is marked by a comment (`// mapSeqUnroll unrolled`), except one whose body holds only self
copies, which the emit pass leaves out (`selfcopy.py`), unless `self_copies` keeps them.
"""

from __future__ import annotations

from dataclasses import replace

from . import kir
from .index import cst, mod
from .selfcopy import only_self_copies


def unroll(stmts: list[kir.Stmt], nested: bool = False, self_copies: bool = False) -> list[kir.Stmt]:
    out: list[kir.Stmt] = []
    for s in stmts:
        if isinstance(s, kir.Loop):
            body = unroll(s.body, nested or (s.unroll and s.extent > 1), self_copies)
            if not s.unroll:
                out.append(replace(s, body=body))
                continue
            if s.extent > 1 and not nested and (self_copies or not only_self_copies(body)):
                out.append(kir.Comment(f"{s.label} unrolled"))
            scoped = any(isinstance(c, kir.Decl) for c in body)
            for k in range(s.extent):
                copy = [kir.substitute_stmt(c, {s.var: cst(k)}) for c in body]
                if scoped and s.extent > 1:
                    out.append(kir.Block(copy))
                else:
                    out.extend(copy)
        elif isinstance(s, kir.Block):
            out.append(kir.Block(unroll(s.body, nested, self_copies)))
        else:
            out.append(s)
    return out


def scalarised(stmts: list[kir.Stmt]) -> frozenset[str]:
    """Private buffers rendered as scalar variables: one element, or every access at a constant index."""
    private: dict[str, kir.Buffer] = {}
    dynamic: set[str] = set()
    for s in kir.walk_stmts(stmts):
        if isinstance(s, kir.Decl):
            private[s.buf.name] = s.buf
        for ref, _, _ in kir.accesses(s) if isinstance(s, kir.Store) else ():
            if ref.buf.space == kir.PRIVATE and not ref.index.is_const:
                dynamic.add(ref.buf.name)
    return frozenset(n for n, b in private.items() if b.count == 1 or n not in dynamic)


def flat_private(stmts: list[kir.Stmt]) -> frozenset[str]:
    """Private buffers declared as arrays of scalars and accessed with vloadn/vstoren like global memory: those of
    vector elements read or written at a lane that is not a constant (after unrolling), or by a width other than
    a whole element or one lane (a vector read from a scalar array, a misaligned vector)."""
    out: set[str] = set()
    for s in kir.walk_stmts(stmts):
        if not isinstance(s, kir.Store):
            continue
        for ref, _, _ in kir.accesses(s):
            b = ref.buf
            if b.space != kir.PRIVATE or b.name in out:
                continue
            w = kir.width(b.elem)
            lane = mod(ref.index, w)
            if not lane.is_const or (ref.width == w and lane.const) or ref.width not in (1, w):
                out.add(b.name)
    return frozenset(out)
