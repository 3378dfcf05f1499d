"""Statements that copy a location onto itself (`acc_0 = acc_0;`), left out of the rendered kernel.

A reduction whose initial value is the accumulator it updates (mm's `tiled` lowering: the step loop over the
k-tiles starts each tile's reduceSeq from the accumulator block, `reduceSeq(f, toPrivate(mapSeqUnroll(id)) <<
acc)`) is lowered with its initial copy written into the accumulator itself, so the copy stores each element
onto itself. Such a store changes nothing a work item or another one can see (it writes the value the location
holds), and dropping it leaves every other access of the kernel in place. The kernel IR keeps the stores (the
performance features and estimates read it unchanged); the emit pass renders the kernel without them, and
without the statements left empty by dropping them (a loop, block or branch whose body held only such copies).
`compile_program(..., self_copies=True)` renders them as the code generator did before.
"""

from __future__ import annotations

from dataclasses import replace

from . import kir
from .index import cst


def is_self_copy(s: kir.Stmt) -> bool:
    """A store of a location's own value: `x = x`, a vector onto itself, or a lane of a vector onto that lane."""
    if not isinstance(s, kir.Store):
        return False
    v = s.value
    if isinstance(v, kir.Load):
        return v.ref == s.ref
    if isinstance(v, kir.Lane) and isinstance(v.value, kir.Load) and s.ref.width == 1:
        src = v.value.ref
        return src.buf == s.ref.buf and src.index + cst(v.k) == s.ref.index
    return False


def only_self_copies(stmts: list[kir.Stmt]) -> bool:
    """Whether a non-empty statement list holds nothing but self copies (in blocks and loops of them)."""
    return bool(stmts) and all(
        is_self_copy(s) or (isinstance(s, kir.Block | kir.Loop) and only_self_copies(s.body)) for s in stmts)


def drop_self_copies(stmts: list[kir.Stmt]) -> list[kir.Stmt]:
    """The statements without self copies, and without the loops, blocks and branches that held only them (the
    list itself where it holds none)."""
    out = _dropped(stmts)
    return stmts if out is None else out


def _dropped(stmts: list[kir.Stmt]) -> list[kir.Stmt] | None:
    """`stmts` without self copies, or None where it holds none."""
    out: list[kir.Stmt] = []
    changed = False
    for s in stmts:
        if is_self_copy(s):
            changed = True
            continue
        if isinstance(s, kir.Loop | kir.Block | kir.LastGroup):
            body = _dropped(s.body)
            if body is not None:
                changed = True
                if not body and not isinstance(s, kir.LastGroup):
                    continue
                s = replace(s, body=body)
        elif isinstance(s, kir.If):
            then, other = _dropped(s.then), _dropped(s.other)
            if then is not None or other is not None:
                changed = True
                then, other = s.then if then is None else then, s.other if other is None else other
                if not then and not other:
                    continue
                s = replace(s, then=then, other=other)
        out.append(s)
    return out if changed else None
