"""Constant memory for small read-only buffers read at work-item-uniform indices.

A stencil's weights, k-means' centres or gemv's vector are read by every work item at the same index at the same
time (the index depends on constants and sequential loop variables only, never on a work item's id). In the
OpenCL `constant` address space such a read is served by the constant cache as a broadcast, and NVIDIA's
compiler folds it into the arithmetic instruction as an operand (`FFMA R0, R1, c[0x3][0x8], R0`): no load
instruction at all, where a `global` pointer costs one load per read and work item.

A kernel argument becomes `constant T* restrict name` when
- the kernel never writes it,
- the kernel has a parallel loop over work items (mapGlb or mapLcl: a broadcast needs several readers),
- every read of it has an index without global or local ids (constants, sequential loop variables, group ids),
- and it fits: the constant arguments of one kernel take at most `limit` bytes together (default 64 KiB, the
  OpenCL minimum of CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE for a full-profile device, also the H100's value) and
  are at most CONSTANT_ARGS (the minimum of CL_DEVICE_MAX_CONSTANT_ARGS); candidates are taken in argument order.
"""

from __future__ import annotations

from ..types import NUMPY_DTYPE
from . import kir
from .index import variables

CONSTANT_BYTES = 64 * 1024
CONSTANT_ARGS = 8
_WORK_ITEM_IDS = frozenset({"glb", "lcl"})


def constant_buffers(body: list[kir.Stmt], args: list[tuple[kir.Buffer, bool]], limit: int = CONSTANT_BYTES
                     ) -> frozenset[str]:
    """Names of the arguments (buffer, written) of a kernel with body `body` to pass as constant pointers."""
    if limit <= 0 or not any(isinstance(s, kir.Loop) and s.kind in _WORK_ITEM_IDS for s in kir.walk_stmts(body)):
        return frozenset()
    read: dict[str, bool] = {}  # buffer name -> every read so far is at a uniform index
    for s in kir.walk_stmts(body):
        if not isinstance(s, kir.Store):
            continue
        for ref in kir.expr_loads(s.value):
            if ref.buf.space == kir.GLOBAL:
                uniform = all(v.kind not in _WORK_ITEM_IDS for v in variables(ref.index))
                read[ref.buf.name] = read.get(ref.buf.name, True) and uniform
    out: list[str] = []
    total = 0
    for b, written in args:
        if written or not read.get(b.name, False) or len(out) >= CONSTANT_ARGS:
            continue
        size = b.scalars * NUMPY_DTYPE[b.scalar.name](0).itemsize
        if total + size <= limit:
            out.append(b.name)
            total += size
    return frozenset(out)
