"""The cse pass: one load per distinct read of a read-only global buffer in straight-line code.

After unrolling, a work item that computes several overlapping stencil windows (the default lowering of 2-D
stencils with rowsPerItem > 1, compiler/lowering/stencil.py) reads the same input point several times, with the
same address and the same pad guard: `(x < 2) ? 0.0f : grid[i + 64 * j + 14]` appears in up to k1 windows. The
OpenCL compiler cannot be relied on to merge them (each read sits under its own conditional, so it is not
available at the next one without speculating a load). This pass binds every such read that occurs at least
twice in a straight-line region to a private scalar, evaluated once before the first statement that uses it:

    float ld_3 = ((gl_id_0 < 2) ? 0.0f : grid[gl_id_0 + 64 * gl_id_1 + 14]);
    ... multAndSumUp(acc, ld_3, weights[5]) ... multAndSumUp(acc, ld_3, weights[10]) ...

A candidate is a maximal value expression built only from literals, pad selects and scalar loads of global
buffers the kernel never writes (inputs, constant memory); its indices use only work-item ids
and loop variables, which do not change inside a region, and no store of the kernel can change what it reads,
so evaluating it once, earlier in the same region, gives the same value. Loads at a constant index (the
gaussian's `weights[5]`) are left in place: every work item reads the same word (a broadcast, or an operand
taken straight from constant memory), and binding them would only hold registers; its guards are kept, so no
out-of-bounds read is introduced. A region is a maximal run of consecutive statements of one statement list
that contain no loop, `if`, or barrier (nested `{ }` blocks, such as the scoped copies of an unrolled
mapSeqUnroll, belong to the region); loop and branch bodies are regions of their own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from . import kir
from .index import cst


def cse(stmts: list[kir.Stmt]) -> list[kir.Stmt]:
    """The kernel body with repeated reads of read-only global buffers bound to private scalars."""
    written = {ref.buf.name for s in stmts for ref, w, _ in kir.accesses(s) if w and ref.buf.space == kir.GLOBAL}
    names = {ref.buf.name for s in stmts for ref, _, _ in kir.accesses(s)}
    names |= {s.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Decl)}
    return _Pass(frozenset(written), names).stmts(stmts)


class _Pass:
    def __init__(self, written: frozenset[str], names: set[str]):
        self.written, self.names, self.k = written, names, 0

    def fresh(self) -> str:
        while f"ld_{self.k}" in self.names:
            self.k += 1
        name = f"ld_{self.k}"
        self.names.add(name)
        return name

    # which expressions
    def pure(self, e: kir.CExpr) -> bool:
        """Built from literals, pad selects and scalar loads of read-only global buffers (no calls)."""
        if isinstance(e, kir.Lit):
            return True
        if isinstance(e, kir.Load):
            r = e.ref
            return (r.buf.space == kir.GLOBAL and r.width == 1 and r.buf.name not in self.written
                    and not r.index.is_const)
        if isinstance(e, kir.Select):
            return self.pure(e.then) and self.pure(e.other)
        return False

    def candidates(self, e: kir.CExpr, out: list[kir.CExpr]) -> None:
        """The maximal pure subexpressions of e that read memory, in evaluation order."""
        if self.pure(e):
            if next(kir.expr_loads(e), None) is not None:  # (a select of literals reads nothing)
                out.append(e)
            return
        for sub in kir.operands(e):
            self.candidates(sub, out)

    # statements
    def stmts(self, stmts: list[kir.Stmt]) -> list[kir.Stmt]:
        return by_region(stmts, self.region)

    def region(self, run: list[kir.Stmt]) -> list[kir.Stmt]:
        per_stmt = []
        for s in run:
            found: list[kir.CExpr] = []
            for st in kir.walk_stmts([s]):
                if isinstance(st, kir.Store):
                    self.candidates(st.value, found)
            per_stmt.append(found)
        count = Counter(e for found in per_stmt for e in found)
        bound: dict[kir.CExpr, kir.MemRef] = {}
        out: list[kir.Stmt] = []
        for s, found in zip(run, per_stmt, strict=True):
            for e in found:
                if count[e] > 1 and e not in bound:
                    buf = kir.Buffer(self.fresh(), kir.PRIVATE, next(kir.expr_loads(e)).buf.scalar, 1, "private")
                    ref = kir.MemRef(buf, cst(0))
                    bound[e] = ref
                    out += [kir.Decl(buf), kir.Store(ref, e)]
            out.append(kir.replace_values(s, lambda e: kir.Load(bound[e]) if e in bound else None) if bound else s)
        return out


def by_region(stmts: list[kir.Stmt], region: Callable[[list[kir.Stmt]], list[kir.Stmt]]) -> list[kir.Stmt]:
    """`stmts` with every maximal straight-line run (stores, declarations, blocks of them) replaced by
    `region(run)`, inside loops, conditionals and blocks too."""
    out: list[kir.Stmt] = []
    run: list[kir.Stmt] = []
    for s in stmts:
        if straight(s):
            run.append(s)
            continue
        out += region(run) if run else []
        run = []
        out.append(kir.with_bodies(s, lambda body: by_region(body, region)))
    return out + (region(run) if run else [])


def straight(s: kir.Stmt) -> bool:
    if isinstance(s, kir.Block):
        return all(map(straight, s.body))
    return isinstance(s, kir.Store | kir.Decl | kir.Comment)


