"""The single primitive table: every IR primitive, its group, and how its call is laid out.

A call of primitive P is `FunCall(Prim(P, static, funs), data)`. The text form writes it as
`name(static..., lead data..., funs...) << tail` (thesis notation, e.g. `reduce(init, add) << x`,
`pad(1, 1, value(0, float)) << x`, `mapGlb(0, f) << x`, `zip(a, b)`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Group(enum.Enum):
    ALGORITHMIC = "algorithmic"  # high-level patterns that compute (map, reduce, iterate, let)
    LAYOUT = "layout"  # data-layout transformers: no loops, no memory, only views
    MACRO = "macro"  # expanded to primitives before lowering
    MAPPING = "mapping"  # OpenCL-scheduled control structures
    MEMORY = "memory"  # address-space casters and host transfers
    VECTOR = "vector"  # vectorisation patterns
    KERNEL = "kernel"  # oclKernel


VARIADIC = -1


@dataclass(frozen=True)
class PrimInfo:
    name: str  # text name
    group: Group
    static: tuple[str, ...] | None  # names of static size/int parameters; None = variadic
    nfuns: int  # function arguments
    ndata: int  # data arguments, VARIADIC for any number >= 1
    nlead: int = 0  # data arguments written inside the parentheses (VARIADIC = all of them)
    doc: str = ""


class Op(enum.Enum):
    # high-level algorithmic primitives (Fig 2.8) and the two the thesis leaves undefined
    MAP = PrimInfo("map", Group.ALGORITHMIC, (), 1, 1, doc="(f: T=>U, x: [T]n) => [U]n")
    REDUCE = PrimInfo("reduce", Group.ALGORITHMIC, (), 1, 2, 1, "(init: U, f: (U,T)=>U, x: [T]n) => [U]1")
    ITERATE = PrimInfo("iterate", Group.ALGORITHMIC, ("n",), 1, 1, doc="(n, f: T=>T, x: T) => T")
    LET = PrimInfo("let", Group.ALGORITHMIC, (), 1, 1, doc="(f: T=>U, x: T) => U, x evaluated first")
    ZIP = PrimInfo("zip", Group.LAYOUT, (), 0, VARIADIC, VARIADIC, "([T1]n, ..., [Tm]n) => [(T1..Tm)]n")
    TUPLE = PrimInfo("tuple", Group.LAYOUT, (), 0, VARIADIC, VARIADIC, "(T1, ..., Tn) => (T1, ..., Tn)")
    GET = PrimInfo("get", Group.LAYOUT, ("i",), 0, 1, doc="(i, x: (T0..Tm)) => Ti")
    SPLIT = PrimInfo("split", Group.LAYOUT, ("m",), 0, 1, doc="(m, x: [T]n) => [[T]m](n/m)")
    JOIN = PrimInfo("join", Group.LAYOUT, (), 0, 1, doc="(x: [[T]m]n) => [T](m*n)")
    SLIDE = PrimInfo("slide", Group.LAYOUT, ("size", "step"), 0, 1,
                     doc="(size, step, x: [T]n) => [[T]size]floor((n-size+step)/step)")
    SLIDE_STRICT = PrimInfo("slideStrict", Group.LAYOUT, ("size", "step"), 0, 1,
                            doc="(size, step, x: [T]n) => [[T]size]((n-size+step)/step)")
    TRANSPOSE = PrimInfo("transpose", Group.LAYOUT, (), 0, 1, doc="(x: [[T]m]n) => [[T]n]m (read side)")
    TRANSPOSE_W = PrimInfo("transposeW", Group.LAYOUT, (), 0, 1, doc="(x: [[T]m]n) => [[T]n]m (write side)")
    PAD = PrimInfo("pad", Group.LAYOUT, ("l", "r"), 0, 2, 1, "(l, r, value: T', x: [T]n) => [T](l+n+r)")
    # pad with a boundary (Lift's Pad with a reindexing boundary function): element i of the result is element
    # b(i - l) of x, l, r >= 0, n >= 1
    PAD_CLAMP = PrimInfo("padClamp", Group.LAYOUT, ("l", "r"), 0, 1,
                         doc="(l, r, x: [T]n) => [T](l+n+r), b(j) = min(max(j, 0), n-1) (np.pad 'edge')")
    PAD_MIRROR = PrimInfo("padMirror", Group.LAYOUT, ("l", "r"), 0, 1,
                          doc="(l, r, x: [T]n) => [T](l+n+r), b(j) reflects j about the ends, repeating the end "
                              "element, period 2n (np.pad 'symmetric')")
    PAD_WRAP = PrimInfo("padWrap", Group.LAYOUT, ("l", "r"), 0, 1,
                        doc="(l, r, x: [T]n) => [T](l+n+r), b(j) = j mod n, non-negative (np.pad 'wrap')")
    REORDER = PrimInfo("reorder", Group.LAYOUT, ("stride",), 0, 1,
                       doc="(s, x: [T]n) => [T]n, element i reads x[i/(n/s) + s*(i%(n/s))]")
    # macros (Fig 2.9), expanded by compiler.ir.macros
    MAP_ND = PrimInfo("mapND", Group.MACRO, ("k",), 1, 1)
    ZIP_ND = PrimInfo("zipND", Group.MACRO, ("k",), 0, VARIADIC, VARIADIC)
    SPLIT_ND = PrimInfo("splitND", Group.MACRO, None, 0, 1)
    JOIN_ND = PrimInfo("joinND", Group.MACRO, ("k",), 0, 1)
    SLIDE_ND = PrimInfo("slideND", Group.MACRO, None, 0, 1)
    SLIDE_STRICT_ND = PrimInfo("slideStrictND", Group.MACRO, None, 0, 1)
    PAD_ND = PrimInfo("padND", Group.MACRO, None, 0, 2, 1)
    PAD_CLAMP_ND = PrimInfo("padClampND", Group.MACRO, None, 0, 1)
    PAD_MIRROR_ND = PrimInfo("padMirrorND", Group.MACRO, None, 0, 1)
    PAD_WRAP_ND = PrimInfo("padWrapND", Group.MACRO, None, 0, 1)
    TRANSPOSE_ND = PrimInfo("transposeND", Group.MACRO, None, 0, 1)
    TRANSPOSE_W_ND = PrimInfo("transposeWND", Group.MACRO, None, 0, 1)
    TAKE = PrimInfo("take", Group.MACRO, ("m",), 0, 1)
    # OpenCL primitives (Fig 2.12)
    MAP_GLB = PrimInfo("mapGlb", Group.MAPPING, ("dim",), 1, 1)
    MAP_WRG = PrimInfo("mapWrg", Group.MAPPING, ("dim",), 1, 1)
    MAP_LCL = PrimInfo("mapLcl", Group.MAPPING, ("dim",), 1, 1)
    MAP_SEQ = PrimInfo("mapSeq", Group.MAPPING, (), 1, 1)
    MAP_SEQ_UNROLL = PrimInfo("mapSeqUnroll", Group.MAPPING, (), 1, 1)
    REDUCE_SEQ = PrimInfo("reduceSeq", Group.MAPPING, (), 1, 2, 1)
    REDUCE_SEQ_UNROLL = PrimInfo("reduceSeqUnroll", Group.MAPPING, (), 1, 2, 1)
    TO_GLOBAL = PrimInfo("toGlobal", Group.MEMORY, (), 1, VARIADIC)
    TO_LOCAL = PrimInfo("toLocal", Group.MEMORY, (), 1, VARIADIC)
    TO_PRIVATE = PrimInfo("toPrivate", Group.MEMORY, (), 1, VARIADIC)
    TO_HOST = PrimInfo("toHost", Group.MEMORY, (), 0, 1, doc="host transfer marker, identity")
    TO_GPU = PrimInfo("toGPU", Group.MEMORY, (), 0, 1, doc="host transfer marker, identity")
    AS_VECTOR = PrimInfo("asVector", Group.VECTOR, ("n",), 0, 1, doc="(n, x: [S]m) => [<S>n](m/n)")
    AS_SCALAR = PrimInfo("asScalar", Group.VECTOR, (), 0, 1, doc="(x: [<S>n]m) => [S](m*n)")
    VECTORISE = PrimInfo("vectorise", Group.VECTOR, ("n",), 1, VARIADIC, doc="(n, f: S=>U) on <S>n => <U>n")
    OCL_KERNEL = PrimInfo("oclKernel", Group.KERNEL, (), 1, VARIADIC)

    @property
    def info(self) -> PrimInfo:
        return self.value

    @property
    def text(self) -> str:
        return self.value.name


BY_NAME: dict[str, Op] = {op.text: op for op in Op}

MAPS = frozenset({Op.MAP, Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL, Op.MAP_SEQ, Op.MAP_SEQ_UNROLL})
PARALLEL_MAPS = frozenset({Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL})
REDUCES = frozenset({Op.REDUCE, Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL})
ADDRESS_SPACES = frozenset({Op.TO_GLOBAL, Op.TO_LOCAL, Op.TO_PRIVATE})
LAYOUT = frozenset(op for op in Op if op.info.group is Group.LAYOUT)
MACROS = frozenset(op for op in Op if op.info.group is Group.MACRO)
# the boundary of each pad ("constant": the value argument) and the pad each padND expands to
PAD_MODES: dict[Op, str] = {Op.PAD: "constant", Op.PAD_CLAMP: "clamp", Op.PAD_MIRROR: "mirror", Op.PAD_WRAP: "wrap"}
PADS = frozenset(PAD_MODES)
BOUNDARY_PADS = PADS - {Op.PAD}
PAD_OF_MODE: dict[str, Op] = {m: op for op, m in PAD_MODES.items()}
PAD_ND_BASE: dict[Op, Op] = {Op.PAD_ND: Op.PAD, Op.PAD_CLAMP_ND: Op.PAD_CLAMP, Op.PAD_MIRROR_ND: Op.PAD_MIRROR,
                             Op.PAD_WRAP_ND: Op.PAD_WRAP}
HIGH_LEVEL = frozenset({Op.MAP, Op.REDUCE})  # what a lowered program must not contain
