"""Memory allocation rules (thesis §2.3.2.3 and the Ch4 §4.4 intermediate-buffer fix).

Every user-function result gets a buffer in the address space the address-space pass inferred for it. Its
layout has two parts:
- the value's own dimensions, one per map (or reduce) that produced it. A dimension is held in memory only when
  the map's domain can see the address space: mapSeq (and sequential copies) -> all spaces, mapLcl -> global
  and local, mapWrg/mapGlb -> global. A dimension the space cannot hold (a private result of a mapLcl) gets
  extent 1 and stride 0: each work item keeps its own element, which only the same work item may read back;
  a reduction's [U]1 dimension is always stride 0;
- the enclosing loops at the allocation point (the consumer), which decide how many copies of an intermediate
  buffer live at once (§4.4): global buffers are multiplied by every enclosing loop of the kernel, local
  buffers by the enclosing mapLcl and sequential loops from the outermost enclosing mapLcl inwards (only when
  there is one: otherwise the buffer is shared by the whole work group and reused across sequential
  iterations), private buffers by none (registers are never shared).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..errors import CodegenError
from ..types import ArrayType, ScalarType, Type, VectorType
from . import kir
from .index import Idx, cst, var
from .views import Dim, MemView

GLOBAL, LOCAL, PRIVATE = kir.GLOBAL, kir.LOCAL, kir.PRIVATE

# which address spaces a loop kind's domain can see (and therefore multiplies)
VISIBLE = {
    "seq": frozenset({GLOBAL, LOCAL, PRIVATE}),
    "lcl": frozenset({GLOBAL, LOCAL}),
    "wrg": frozenset({GLOBAL}),
    "glb": frozenset({GLOBAL}),
}

# a produced dimension: ("map", kind, dim, extent) for a map, ("unit",) for a reduction's [U]1, ("plain",) for a
# dimension made by a layout primitive over a fully materialised value
Source = tuple


def multiplier_loops(space: str, loops: Sequence[kir.Loop]) -> list[kir.Loop]:
    """The enclosing loops (outermost first) whose iterations each need their own copy of a new buffer."""
    if space == GLOBAL:
        return list(loops)
    if space == LOCAL:
        first = next((k for k, lp in enumerate(loops) if lp.kind == "lcl"), None)
        if first is None:
            return []
        return [lp for lp in loops[first:] if lp.kind in ("lcl", "seq")]
    return []


def held(source: Source, space: str) -> bool:
    """Whether a produced dimension is held in memory of `space` (else stride 0)."""
    if source[0] == "unit":
        return False
    if source[0] == "plain":
        return True
    return space in VISIBLE[source[1]]


def element_type(t: Type) -> Type:
    while isinstance(t, ArrayType):
        t = t.elem
    if not isinstance(t, ScalarType | VectorType):
        raise CodegenError(f"values of type {t} cannot be stored in memory (only arrays of scalars or vectors)")
    return t


def layout(t: Type, space: str, sources: Sequence[Source], loops: Sequence[kir.Loop]
           ) -> tuple[int, Idx, tuple[Dim, ...], list[tuple[str, int, int]]]:
    """(element count, offset, dimensions, distributed loops) of a new buffer for a value of type t."""
    lens, e = [], t
    while isinstance(e, ArrayType):
        lens.append(int(e.n))
        e = e.elem
    elem = element_type(t)
    if len(sources) != len(lens):
        raise CodegenError(f"internal: {len(sources)} dimension sources for a value of type {t}")
    prefix = multiplier_loops(space, loops)
    keep = [held(s, space) for s in sources]
    phys = [lp.extent for lp in prefix] + [n if k else 1 for n, k in zip(lens, keep)]
    strides, acc = [], kir.width(elem)
    for n in reversed(phys):
        strides.append(acc)
        acc *= n
    strides.reverse()
    offset = cst(0)
    for lp, s in zip(prefix, strides):
        offset = offset + var(lp.var) * s
    dims, dist = [], []
    for n, k, s, src in zip(lens, keep, strides[len(prefix):], sources):
        d = None
        if not k and src[0] == "map":
            d = (src[1], src[2], src[3])
            dist.append(d)
        dims.append(Dim(n, s if k else 0, d))
    return math.prod(phys), offset, tuple(dims), dist


def allocate(name: str, t: Type, space: str, role: str, sources: Sequence[Source], loops: Sequence[kir.Loop]
             ) -> tuple[MemView, list[tuple[str, int, int]]]:
    """A new buffer for a value of type t and the view writing/reading it, plus its distributed loops."""
    count, offset, dims, dist = layout(t, space, sources, loops)
    buf = kir.Buffer(name, space, element_type(t), count, role)
    return MemView(buf, offset, dims, t), dist
