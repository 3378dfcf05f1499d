"""Structural facts of a lowered program read off its typed IR (used to check a lowering against the thesis'
description of the code it should generate, e.g. Listing 4.6 for VGG-16 layer 7).

    ir_facts(program, env) -> IRFacts(reduces, local_buffers, prefetches, parallel)

- reduces: every reduceSeq / reduceSeqUnroll as (trip count, number of scalars in its accumulator);
- local_buffers: the number of scalars of every value a `toLocal` caster produces, taken at the outermost call
  that writes it (the whole buffer a work group shares, e.g. `mapLcl(1)(mapLcl(0)(...toLocal(id)...))`);
- prefetches: the length of every `map*(toPrivate(...))` / `toPrivate(map*(...))` copy into private memory
  inside a reduction (the values a work item holds in registers per iteration);
- parallel: for every mapGlb/mapWrg/mapLcl, ((kind, dim), iteration count).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .. import arith
from ..ir.node import FunCall, Node, Prim, Program
from ..ir.ops import REDUCES, Op
from ..ir.typecheck import typecheck
from ..types import ArrayType
from .util import elements


@dataclass
class IRFacts:
    reduces: list[tuple[int, int]] = field(default_factory=list)
    local_buffers: list[int] = field(default_factory=list)
    prefetches: list[int] = field(default_factory=list)
    parallel: list[tuple[tuple[str, int], int]] = field(default_factory=list)


_PAR = {Op.MAP_GLB: "glb", Op.MAP_WRG: "wrg", Op.MAP_LCL: "lcl"}
_THROUGH = {Op.OCL_KERNEL, Op.MAP_WRG, Op.MAP_GLB, Op.LET, Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL}
_SEQ = {Op.MAP_SEQ, Op.MAP_SEQ_UNROLL}


def _contains(n: Node, op: Op) -> bool:
    if isinstance(n, Prim) and n.op is op:
        return True
    return any(_contains(c, op) for c in n.children())


def _is_private_copy(f: Node) -> bool:
    """mapSeq(toPrivate(...)) or toPrivate(mapSeq(...))."""
    if not isinstance(f, Prim):
        return False
    if f.op in _SEQ and isinstance(f.funs[0], Prim) and f.funs[0].op is Op.TO_PRIVATE:
        return True
    return f.op is Op.TO_PRIVATE and isinstance(f.funs[0], Prim) and f.funs[0].op in _SEQ


def ir_facts(p: Program, env: Mapping[str, int]) -> IRFacts:
    typing = typecheck(p)
    out = IRFacts()

    def ev(e) -> int:
        return arith.evaluate(e, env)

    def walk(n: Node, path, in_local: bool, in_reduce: bool):
        if isinstance(n, FunCall) and isinstance(n.f, Prim):
            op = n.f.op
            if op in REDUCES:
                t = typing.of[(*path, 2)]
                init_t = typing.of[(*path, 1)]
                assert isinstance(t, ArrayType)
                out.reduces.append((ev(t.n), ev(elements(init_t))))
            if op in _PAR:
                t = typing.of[(*path, len(n.args))]
                assert isinstance(t, ArrayType)
                out.parallel.append(((_PAR[op], int(n.f.static[0])), ev(t.n)))
            if in_reduce and _is_private_copy(n.f):
                t = typing.of[(*path, len(n.args))]
                assert isinstance(t, ArrayType)
                out.prefetches.append(ev(t.n))
            if not in_local and op not in _THROUGH and _contains(n.f, Op.TO_LOCAL):
                out.local_buffers.append(ev(elements(typing.of[path])))
                in_local = True
            inner_reduce = in_reduce or op in REDUCES
            for i, c in enumerate(n.children()):
                walk(c, (*path, i), in_local if i == 0 else False, inner_reduce if i == 0 else in_reduce)
            return
        for i, c in enumerate(n.children()):
            walk(c, (*path, i), in_local, in_reduce)

    walk(p.body, (len(p.params),), False, False)
    return out
