"""Barrier insertion (thesis §2.3.2.4, Algorithm 1), as a dependence check on the kernel IR.

Algorithm 1 sets a barrier after a mapLcl whose results other work items read next (a layout change, a
sequential consumer, or a loop-carried reuse of local memory) and drops barriers of an inner mapLcl in favour
of the outer one. Here the same decision is made from the accesses themselves, block by block, for the
statements every work item of a group executes in step:

- two sibling statements conflict on a local or global buffer when one writes it, at least one of the two
  accesses happens inside a parallel loop of its statement (otherwise both are made by the same work item, in
  order), and they are not provably the same work item's elements: after renaming the loop variables inside
  each statement by (kind, dimension, extent) - sequential ones by depth - the reader's index set must be
  contained in the writer's (a read after write) or equal to it (a write after a read or write), and every
  access must be made inside the same kinds of parallel loop (an access outside them is made by every work item,
  so it is never one work item's own);
- a conflict between mapLcl work items gets `barrier(...)` before the later statement, fencing the address
  spaces of every access since the previous barrier; in a sequential, mapWrg or uniform mapLcl loop the end of
  the body is checked against its start (loop-carried reuse);
- a barrier inside a mapLcl loop whose trip count differs between work items makes that loop uniform (a
  rounded-up bound with each segment guarded), so every work item reaches every barrier;
- a conflict across work groups (mapWrg) or between mapGlb work items cannot be synchronised inside a kernel:
  CodegenError (split the program with oclKernel).
Private memory never needs a barrier.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..errors import CodegenError
from . import kir
from .index import Idx, Var, bounds, substitute, var, variables
from .ndrange import Launch


@dataclass(frozen=True)
class MemAccess:
    buf: str
    space: str
    form: tuple[Idx, int]
    write: bool
    kinds: frozenset[str]  # parallel loop kinds around the access, inside its statement
    fid: int = -1  # the form's number in this pass (equal forms, equal numbers): sets of numbers hash in C

    def __post_init__(self):
        if self.fid < 0:
            object.__setattr__(self, "fid", _FORM_IDS.setdefault(self.form, len(_FORM_IDS)))


_FORM_IDS: dict[tuple[Idx, int], int] = {}  # the forms numbered in this pass (`new_pass` empties it)
_RADICES: dict[tuple[int, Var | str], frozenset | None] = {}  # _radix by form number, in this pass


def new_pass() -> None:
    """Forget the form numbers of the previous pass (they hold within one pass over one kernel)."""
    _FORM_IDS.clear()
    _RADICES.clear()


@dataclass
class Scope:
    launch: Launch
    written: frozenset[str]
    uniform: bool = True
    loop: kir.Loop | None = None
    parent: Scope | None = None


def _form(ref: kir.MemRef, loops: tuple[kir.Loop, ...]) -> tuple[Idx, int]:
    return _renamed(ref.index, tuple((lp.var, lp.kind, lp.dim, lp.extent) for lp in loops)), ref.width


@functools.lru_cache(maxsize=1 << 16)
def _renamed(index: Idx, loops: tuple[tuple[Var, str, int, int], ...]) -> Idx:
    # memoised: each access is summarised again at every level of loops around it
    subst, depth = {}, 0
    for v, kind, dim, extent in loops:
        if kind == "seq":
            name, depth = f"seq{depth}", depth + 1
        else:
            name = f"{kind}{dim}"
        subst[v] = var(Var(f"{name}#{extent}", extent, kind, dim))
    return substitute(index, subst)


Access = tuple[kir.MemRef, bool, tuple[kir.Loop, ...]]  # (ref, is_write, loops inside the statement around it)


def _shared(accs, written: frozenset[str]) -> list[Access]:
    """The accesses other work items may see: of local and global buffers that some statement writes."""
    return [a for a in accs if a[0].buf.space != kir.PRIVATE and a[0].buf.name in written]


def _summary(accs: list[Access]) -> list[MemAccess]:
    out = []
    for ref, is_write, loops in accs:
        b = ref.buf
        kinds = frozenset(lp.kind for lp in loops if lp.kind != "seq")
        out.append(MemAccess(b.name, b.space, _form(ref, loops), is_write, kinds))
    return out


def conflict(before: list[MemAccess], after: list[MemAccess], carried: Var | None = None
             ) -> tuple[frozenset[str], frozenset[str]] | None:
    """(parallel loop kinds, address spaces) of the accesses that make `after` wait for `before`, else None.

    `carried` is the loop variable when `after` runs in the next iteration of that loop."""
    kinds: set[str] = set()
    spaces: set[str] = set()
    for name in {a.buf for a in after} & {a.buf for a in before}:
        p = [a for a in before if a.buf == name]
        c = [a for a in after if a.buf == name]
        if not any(a.write for a in p + c):
            continue
        if carried is not None and _separated(p + c, carried):
            continue
        p_writes = {a.fid for a in p if a.write}
        c_forms = {a.fid for a in c}
        same = (c_forms == {a.fid for a in p}) if any(a.write for a in c) else (c_forms <= p_writes)
        if same and _per_item(p + c):
            continue
        involved = set().union(*(a.kinds for a in p + c))
        if p[0].space == kir.LOCAL or _separated(p + c, "wrg"):
            involved.discard("wrg")  # local memory, or elements each work group keeps to itself
        if involved:
            kinds |= involved
            spaces.add(p[0].space)
    return (frozenset(kinds), frozenset(spaces)) if spaces else None


def _per_item(accs: list[MemAccess]) -> bool:
    """Whether equal index forms in two statements can mean the same work item's elements: every access to the
    buffer is made inside the same kinds of parallel loop of its statement. An access outside them (a sequential
    read of every element after a mapLcl wrote one each, or a sequential copy after a mapLcl read one each) is
    made by every work item, so equal forms do not keep its elements to one work item."""
    kinds = {a.kinds - {"wrg"} for a in accs}
    return len(kinds) == 1


def _separated(accs: list[MemAccess], pick: Var | str) -> bool:
    """Whether different values of the picked loop variables (one variable, or every variable of a loop kind)
    never touch the same element: every index is Σ c_v * v + rest with the same coefficients, rest in
    [0, smallest c) and the c_v a mixed radix."""
    radices = set()
    for a in accs:
        key = (a.fid, pick)
        if key not in _RADICES:
            _RADICES[key] = _radix(a.form, pick)
        radices.add(_RADICES[key])
    return len(radices) == 1 and None not in radices


@functools.lru_cache(maxsize=1 << 15)
def _radix(form: tuple[Idx, int], pick: Var | str) -> frozenset | None:
    """The picked variables' coefficients of one access when its elements are separated by them (see
    `_separated`), else None."""
    idx, width = form
    picked = (lambda v: v == pick) if isinstance(pick, Var) else (lambda v: v.kind == pick)
    terms = {v: c for v, c in idx.terms if isinstance(v, Var) and picked(v)}
    if not terms:
        return None
    rest = idx
    for v, c in terms.items():
        rest = rest - var(v) * c
    if any(picked(v) for v in variables(rest)):
        return None
    lo, hi = bounds(rest)
    if lo < 0:
        return None
    reach = hi + width
    for v, c in sorted(terms.items(), key=lambda t: t[1]):
        if c < reach:
            return None
        reach += c * (v.extent - 1)
    return frozenset(terms.items())


def _uniform(parent: Scope, lp: kir.Loop) -> bool:
    """Whether every work item of a group runs the body of lp equally often (given a uniform parent)."""
    if lp.kind in ("seq", "wrg") or lp.uniform:
        return parent.uniform
    if lp.kind == "lcl":
        size = parent.launch.size("lcl", lp.dim)
        return parent.uniform and size is not None and lp.extent % size == 0
    return False


def _child(ctx: Scope, lp: kir.Loop) -> Scope:
    return Scope(ctx.launch, ctx.written, _uniform(ctx, lp), lp, ctx)


def check_synchronisable(kinds: frozenset[str]) -> None:
    """A dependence between mapGlb work items or across work groups (the parallel loop kinds around the accesses
    of a conflict) cannot be met with a barrier: a CodegenError."""
    if "glb" in kinds:
        raise CodegenError("a mapGlb result is read by other work items in the same kernel; work items of "
                           "different work groups cannot synchronise: split the program with oclKernel")
    if "wrg" in kinds:
        raise CodegenError("a mapWrg result is read by another work group in the same kernel: split the program "
                           "with oclKernel (or keep producer and consumer inside one mapWrg)")


def _require(ctx: Scope, kinds: frozenset[str], stmt: kir.Stmt) -> None:
    check_synchronisable(kinds)
    if ctx.uniform:
        return
    chain, c = [], ctx  # the contexts from here up to the outermost non-uniform one
    while c is not None and not c.uniform:
        chain.append(c)
        c = c.parent
    top = chain[-1]
    if top.loop is None or top.loop.kind != "lcl":
        raise CodegenError(f"a barrier is needed inside {ctx.loop.label if ctx.loop else 'the kernel'}, which not "
                           "every work item of the group executes the same number of times")
    top.loop.uniform = True  # rendered with a rounded-up trip count and guarded statements
    for c in reversed(chain):
        c.uniform = _uniform(c.parent, c.loop) if c.parent is not None and c.loop is not None else True
    if not ctx.uniform:
        _require(ctx, kinds, stmt)


def place(stmts: list[kir.Stmt], ctx: Scope) -> list[kir.Stmt]:
    return _place(stmts, ctx)[0]


def _place(stmts: list[kir.Stmt], ctx: Scope) -> tuple[list[kir.Stmt], list[list[Access]]]:
    """The statements with their barriers, and each statement's shared accesses (`_shared`, loops inside the
    statement): a loop's or block's are its body's, read from the level below (every statement's accesses are
    listed once, not again at each level of loops around it)."""
    shared: list[list[Access]] = []
    for s in stmts:
        if isinstance(s, kir.Loop):
            s.body, inner = _place(s.body, _child(ctx, s))
            shared.append([(ref, w, (s, *loops)) for accs in inner for ref, w, loops in accs])
        elif isinstance(s, kir.Block):
            s.body, inner = _place(s.body, ctx)
            shared.append([a for accs in inner for a in accs])
        else:
            shared.append(_shared(kir.accesses(s), ctx.written))
    out: list[kir.Stmt] = []
    pending: list[MemAccess] = []
    head: list[MemAccess] | None = None  # accesses before the first barrier (for loop-carried reuse)
    for s, accs in zip(stmts, shared, strict=True):
        acc = _summary(accs)
        found = conflict(pending, acc) if acc else None
        if found is not None:
            _require(ctx, found[0], s)
            out.append(kir.Barrier(found[1]))
            if head is None:
                head = list(pending)
            pending = [a for a in pending if a.space not in found[1]]
        out.append(s)
        pending += acc
    loop = ctx.loop
    carried = loop is not None and (loop.kind in ("seq", "wrg") or (loop.kind == "lcl" and ctx.uniform))
    if carried and pending and iterations(ctx.launch, loop) > 1:
        found = conflict(pending, head if head is not None else pending, loop.var)
        if found is not None:
            _require(ctx, found[0], loop)
            out.append(kir.Barrier(found[1]))
    return out, shared


def iterations(launch: Launch, lp: kir.Loop) -> int:
    """How many times one work item runs the body of lp."""
    if lp.kind == "seq":
        return lp.extent
    size = launch.size(lp.kind, lp.dim) or 1
    return -(-lp.extent // size)


def insert_barriers(stmts: list[kir.Stmt], launch: Launch) -> list[kir.Stmt]:
    new_pass()
    written = frozenset(r.buf.name for s in kir.walk_stmts(stmts) if isinstance(s, kir.Store) for r in (s.ref,))
    return place(stmts, Scope(launch, written))
