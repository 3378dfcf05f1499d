"""NDRange inference (thesis Ch6 §6.3.1): launch sizes from the iteration counts of the parallel maps.

- mapWrg/mapLcl kernels: work groups in dimension d = the largest iteration count of a mapWrg(d) (1 if none);
  local size in d = the largest iteration count of a mapLcl(d) (1 if none) unless given; global = groups x local
  (a given global size fixes the number of groups, global / local).
- mapGlb kernels: global size in d = the largest iteration count of a mapGlb(d), rounded up to a multiple of
  the local size when one is given (else the runtime chooses the work-group size); a given global size wins.
- kernels without parallel maps run in one work item.
A buffer that holds one element per work item of a loop (a private result of a mapLcl read back by the same
work item) needs that loop to run at most once per work item; a launch that breaks this is an error.
Such a buffer written by a loop over 1 (the loop's index folds to 0) holds its element in work item 0 of that
loop's kind and dimension only: every read of it must be inside a loop of that kind and dimension over 1 (only
work item 0 runs it), or the launch must have a single work item (work group, for mapWrg) there; otherwise the
other work items would read their own, never written, copy (a private result of a mapGlb(2) over 1 read by
a mapGlb(2) over 14 gave 13 of 14 work items garbage).
Likewise a private buffer that a parallel loop writes at an index depending on its work-item variable (a
mapLcl updating a private reduction accumulator in place, `acc[l_id_0] = ...`) holds in each work item only the
elements that work item wrote: every read of it must be at an index it is written at (the same index expression,
as in the in-place update `acc[l_id_0] = add(acc[l_id_0], ...)`; conservative: a read through another loop nest is
refused; an accumulator read whole by a mapSeq in every work item is refused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import CodegenError
from . import kir
from .index import render, variables


@dataclass(frozen=True)
class Launch:
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None
    kind: str  # "glb" | "wrg" | "single"

    def size(self, kind: str, dim: int) -> int | None:
        """How many work items (glb, lcl) or work groups (wrg) run along `dim`."""
        if kind == "glb":
            return self.global_size[dim] if dim < len(self.global_size) else 1
        if self.local_size is None:
            return None
        local = self.local_size[dim] if dim < len(self.local_size) else 1
        if kind == "lcl":
            return local
        return (self.global_size[dim] if dim < len(self.global_size) else 1) // local


def extents(stmts: list[kir.Stmt]) -> dict[tuple[str, int], int]:
    out: dict[tuple[str, int], int] = {}
    for s in kir.walk_stmts(stmts):
        if isinstance(s, kir.Loop) and s.kind != "seq":
            out[(s.kind, s.dim)] = max(out.get((s.kind, s.dim), 0), s.extent)
    return out


def _fit(sizes: Sequence[int] | None, ndim: int, what: str) -> tuple[int, ...] | None:
    if sizes is None:
        return None
    sizes = tuple(int(x) for x in sizes)
    if not 1 <= len(sizes) <= 3 or any(x <= 0 for x in sizes):
        raise CodegenError(f"{what} {sizes} must have 1 to 3 positive entries")
    return sizes + (1,) * (ndim - len(sizes))


def infer_launch(stmts: list[kir.Stmt], requirements, local_size=None, global_size=None, *, first_only=()) -> Launch:
    ext = extents(stmts)
    kinds = {k for k, _ in ext}
    ndim = max([d + 1 for _, d in ext] + [len(local_size or ()), len(global_size or ()), 1])
    local = _fit(local_size, ndim, "local size")
    glob = _fit(global_size, ndim, "global size")
    if "glb" in kinds:
        g = tuple(ext.get(("glb", d), 1) for d in range(ndim))
        if local is not None:
            g = tuple(-(-x // v) * v for x, v in zip(g, local))
        launch = Launch(glob or g, local, "glb")
    elif kinds:
        local = local or tuple(ext.get(("lcl", d), 1) for d in range(ndim))
        if glob is not None:
            if any(x % v for x, v in zip(glob, local)):
                raise CodegenError(f"global size {glob} is not a multiple of the local size {local}")
            launch = Launch(glob, local, "wrg")
        else:
            groups = tuple(ext.get(("wrg", d), 1) for d in range(ndim))
            launch = Launch(tuple(x * v for x, v in zip(groups, local)), local, "wrg")
    else:
        launch = Launch((1,) * ndim, (1,) * ndim, "single")
    for kind, dim, n in sorted(requirements):
        have = launch.size(kind, dim)
        if have is not None and have < n:
            raise CodegenError(f"a result of a {kind} loop over {n} in dimension {dim} is kept per work item, so "
                               f"the launch needs at least {n} there, not {have}")
    _check_first_only(stmts, first_only, launch)
    _check_private_parallel_writes(stmts)
    return launch


def _check_private_parallel_writes(stmts: list[kir.Stmt]) -> None:
    """Private elements written per work item are read by the work item that wrote them (module docstring)."""
    owners: dict[kir.Buffer, set[tuple[str, int]]] = {}
    written: dict[kir.Buffer, set] = {}
    accesses = [a for s in stmts for a in kir.accesses(s)]
    for ref, is_write, _ in accesses:
        if is_write and ref.buf.space == kir.PRIVATE:
            par = {(v.kind, v.dim) for v in variables(ref.index) if v.kind != "seq"}
            if par:
                owners.setdefault(ref.buf, set()).update(par)
                written.setdefault(ref.buf, set()).add(ref.index)
    for ref, is_write, loops in accesses:
        if is_write or ref.buf not in owners or ref.index in written[ref.buf]:
            continue  # an element read at an index it is written at (an in-place update) is this work item's
        kind, dim = sorted(owners[ref.buf])[0]
        inside = any(lp.kind == kind and lp.dim == dim for lp in loops)
        where = "at another index" if inside else "outside every such loop"
        raise CodegenError(f"private buffer {ref.buf.name} is written per work item of a {kind} loop in dimension "
                           f"{dim} (at an index of its work-item id: "
                           f"[{', '.join(sorted(render(i) for i in written[ref.buf]))}]), but read at "
                           f"[{render(ref.index)}] {where}")


def _check_first_only(stmts: list[kir.Stmt], first_only, launch: Launch) -> None:
    """Reads of a buffer held by work item 0 of a loop over 1 run in that work item only (module docstring)."""
    held = {}
    for buf, kind, dim in first_only:
        held.setdefault(buf, []).append((kind, dim))
    if not held:
        return
    for s in stmts:
        for ref, is_write, loops in kir.accesses(s):
            if is_write or ref.buf not in held:
                continue
            for kind, dim in held[ref.buf]:
                if any(lp.kind == kind and lp.dim == dim and lp.extent == 1 for lp in loops):
                    continue
                have = launch.size(kind, dim)
                if have == 1:
                    continue
                raise CodegenError(f"{ref.buf.space} buffer {ref.buf.name} is written by a {kind} loop over 1 in "
                                   f"dimension {dim}, so only work item 0 there holds it, but it is read outside "
                                   f"such a loop by {have if have is not None else 'several'} work items")


def choose(per_kernel: Mapping[str, Sequence[int]] | Sequence[int] | None, name: str):
    """A launch override given for all kernels (a tuple) or per kernel name (a mapping)."""
    if per_kernel is None or not isinstance(per_kernel, Mapping):
        return per_kernel
    return per_kernel.get(name)
