"""Pad versioning: a work item's body with pad conditionals on its ids becomes `if (interior) {...} else {...}`.

A pad read is `(i < l || i >= l + n) ? value : x[i - l]` (views.Pad). In a stencil every tap carries such a
conditional, so a 5 x 5 window evaluates up to 40 comparisons and 25 selects per point, although only the points
within the pad width of the border ever take the padded value. When the comparisons only involve ids (and other
variables fixed for the whole body), they can be decided once per body:

    if (gl_id_0 >= 2 && gl_id_0 < 14 && gl_id_1 >= 2 && gl_id_1 < 14) {   // no comparison can be true
      ... the body, every such conditional replaced by its memory read ...
    } else {
      ... the body as it was ...
    }

Rules (decisions, see docs/codegen.md):
- Only the innermost parallel loops are versioned (the body a work item runs, where no parallel loop is nested),
  and only when that body holds no barrier (the branch may diverge within a work group).
- A comparison is hoisted when every variable in it is bound outside the body (the loop's own id and enclosing
  loops' variables); comparisons on variables of loops inside the body stay where they are, in both branches.
- At least MIN_SELECTS conditionals must be simplified (counting each one once per iteration of the sequential
  loops around it inside the body): one select is as cheap as the branch that would replace it.
- The interior test is the conjunction of the negated comparisons, tightest bound per index expression; a body
  whose interior the ranges prove empty is left alone.
"""

from __future__ import annotations

from dataclasses import replace

from . import kir
from .index import Cmp, Idx, Var, bounds, compare, variables

MIN_SELECTS = 2


def version_pads(stmts: list[kir.Stmt], bound: frozenset[Var] = frozenset()) -> list[kir.Stmt]:
    """The statements with every innermost parallel loop body versioned on its hoistable pad comparisons."""
    out: list[kir.Stmt] = []
    for s in stmts:
        if isinstance(s, kir.Loop):
            inner = bound | {s.var}
            body = version_pads(s.body, inner)
            if s.kind != "seq" and not _has_parallel(body):
                body = version_body(body, inner)
            out.append(replace(s, body=body))
        elif isinstance(s, kir.Block):
            out.append(kir.Block(version_pads(s.body, bound)))
        else:
            out.append(s)
    return out


def version_body(body: list[kir.Stmt], bound: frozenset[Var]) -> list[kir.Stmt]:
    """`[If(interior, fast, body)]` when worthwhile (module docstring), else `body` unchanged."""
    if any(isinstance(s, kir.Barrier) for s in kir.walk_stmts(body)):
        return body
    hoisted: set[Cmp] = set()
    count = 0
    for expr, reps in _values(body, 1):
        for sel in _selects(expr):
            mine = [c for c in sel.conds if variables(c.e) <= bound]
            if mine:
                hoisted.update(mine)
                count += reps
    if count < MIN_SELECTS:
        return body
    interior = interior_conditions(hoisted)
    if interior is None:
        return body
    fast = [_drop_stmt(s, frozenset(hoisted)) for s in body]
    return [kir.If(interior, fast, body)] if interior else fast


def interior_conditions(conds: set[Cmp]) -> tuple[Cmp, ...] | None:
    """The comparisons that hold exactly when none of `conds` does (range-decided ones left out), or None when
    the ranges prove that never happens."""
    lo: dict[Idx, int] = {}  # e < c is false  <=>  e >= c
    hi: dict[Idx, int] = {}  # e >= c is false <=>  e < c
    for c in conds:
        if c.op == "<":
            lo[c.e] = max(lo.get(c.e, c.c), c.c)
        else:
            hi[c.e] = min(hi.get(c.e, c.c), c.c)
    out: list[Cmp] = []
    for e in sorted(set(lo) | set(hi), key=repr):
        blo, bhi = bounds(e)
        a, b = max(lo.get(e, blo), blo), min(hi.get(e, bhi + 1), bhi + 1)
        if a >= b:
            return None
        for cmp in (compare(e, ">=", a) if e in lo else None, compare(e, "<", b) if e in hi else None):
            if cmp is not None and cmp.decided() is None:
                out.append(cmp)
    return tuple(out)


def _has_parallel(stmts: list[kir.Stmt]) -> bool:
    return any(isinstance(s, kir.Loop) and s.kind != "seq" for s in kir.walk_stmts(stmts))


def _values(stmts: list[kir.Stmt], reps: int):
    """(value expression, how often it runs per body execution) of every store."""
    for s in stmts:
        if isinstance(s, kir.Store):
            yield s.value, reps
        elif isinstance(s, kir.Loop):
            yield from _values(s.body, reps * s.extent)
        else:
            yield from _values(kir.children(s), reps)


def _selects(e: kir.CExpr):
    if isinstance(e, kir.Select):
        yield e
        yield from _selects(e.then)
        yield from _selects(e.other)
    elif isinstance(e, kir.Call):
        for a in e.args:
            yield from _selects(a)
    elif isinstance(e, kir.Vec):
        for a in e.lanes:
            yield from _selects(a)
    elif isinstance(e, kir.Lane):
        yield from _selects(e.value)


def _drop(e: kir.CExpr, false: frozenset[Cmp]) -> kir.CExpr:
    """e with the comparisons in `false` known to be false."""
    if isinstance(e, kir.Select):
        keep = tuple(c for c in e.conds if c not in false)
        return kir.select(keep, _drop(e.then, false), _drop(e.other, false))
    if isinstance(e, kir.Call):
        return kir.Call(e.name, tuple(_drop(a, false) for a in e.args))
    if isinstance(e, kir.Vec):
        return kir.Vec(e.ctype, tuple(_drop(a, false) for a in e.lanes))
    if isinstance(e, kir.Lane):
        return kir.Lane(_drop(e.value, false), e.k)
    return e


def _drop_stmt(s: kir.Stmt, false: frozenset[Cmp]) -> kir.Stmt:
    if isinstance(s, kir.Store):
        return kir.Store(s.ref, _drop(s.value, false))
    if isinstance(s, kir.Loop):
        return replace(s, body=[_drop_stmt(c, false) for c in s.body])
    if isinstance(s, kir.Block):
        return kir.Block([_drop_stmt(c, false) for c in s.body])
    if isinstance(s, kir.If):
        return kir.If(s.conds, [_drop_stmt(c, false) for c in s.then], [_drop_stmt(c, false) for c in s.other])
    return s
