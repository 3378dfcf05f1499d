"""Data-layout primitives during lowering: views on the read side, inverted onto the destination on the write side.

`split`, `join`, `transpose(W)`, `reorder`, `asVector` and `asScalar` (and maps of them) are permutations of
the elements, so a value written through them can be pushed into its producer's writes (split <-> join,
transpose <-> transpose, reorder(s) <-> reorder(n/s), asVector <-> asScalar). `transposeW` of a computed value
is always applied on the write side (thesis §2.3.1.3); the others read through views. A `pad` with negative
amounts (a crop) can be written through: the producer's cropped elements are skipped (views.Crop). `zip`,
`tuple`, `get`, other pads (padClamp, padMirror and padWrap included) and `slide` are read-side only.
"""

from __future__ import annotations

from ..ir.node import Node, Prim
from ..ir.ops import BOUNDARY_PADS, PAD_MODES, Op
from ..types import Type, rank
from . import memory, views
from .binding import Bound, Deferred, Path, Sink, elem, err
from .views import View, ViewError

_INVERTIBLE = {Op.SPLIT, Op.JOIN, Op.TRANSPOSE, Op.TRANSPOSE_W, Op.REORDER, Op.AS_VECTOR, Op.AS_SCALAR}


class LayoutLowering:
    """Mixin of KernelLowerer (uses its force, alloc, apply and src_expr)."""

    def arg_type(self, b: Bound) -> Type:
        if isinstance(b, Deferred):
            return self.typing[b.path]
        return b.t

    def layout(self, p: Prim, bounds: list, env: dict, dest, rt: Type, space, node: Node) -> View:
        op, s = p.op, p.static
        try:
            if op in _INVERTIBLE:
                b = bounds[0]
                if dest is None and op is Op.TRANSPOSE_W and isinstance(b, Deferred):
                    self.check_held(b, space, node)  # written transposed: the producer writes the result buffer
                    dest = self.alloc(rt, space, [("plain",)] * rank(rt), node)
                if dest is not None:
                    statics = tuple(int(x) for x in s)
                    self.force(b, views.inverse(op.text, statics, dest, self.arg_type(b)), node)
                    return dest
                x = self.force(b, None, node)
                return _forward(op, s, x, rt)
            if dest is not None and op is Op.PAD:  # a crop (negative amounts) on the write side; else raises
                crop = views.inverse(op.text, (int(s[0]), int(s[1])), dest, self.arg_type(bounds[1]))
                self.force(bounds[1], crop, node)
                return dest
            if dest is not None:
                views.inverse(op.text, (), dest, rt)  # raises: not invertible
            if op in (Op.ZIP, Op.TUPLE):
                parts = tuple(self.force(b, None, node) for b in bounds)
                return views.Zip(parts, rt) if op is Op.ZIP else views.TupleV(parts, rt)
            if op is Op.GET:
                return self.force(bounds[0], None, node).get(p.int_static(0))
            if op is Op.PAD:
                value = self.force(bounds[0], None, node)
                x = self.force(bounds[1], None, node)
                return views.Pad(int(s[0]), int(s[1]), value, x, rt)
            if op in BOUNDARY_PADS:
                return views.Boundary(PAD_MODES[op], int(s[0]), int(s[1]), self.force(bounds[0], None, node), rt)
            if op in (Op.SLIDE, Op.SLIDE_STRICT):
                return views.Slide(int(s[1]), self.force(bounds[0], None, node), rt)
        except ViewError as exc:
            raise err(f"{op.text}: {exc}", node) from None
        raise err(f"unsupported primitive {op.text}", node)

    def check_held(self, b: Deferred, space, node) -> None:
        for src in self.src_expr(b.e, b.path, b.env, space):
            if not memory.held(src, space) and src[0] != "unit":
                raise err("a value distributed over work items (one element each) cannot be rearranged "
                          "before it is written to memory they share", node)

    def layout_map(self, p: Prim, fpath: Path, b: Bound, env: dict, dest, rt: Type, space, node) -> View:
        f, ert = p.funs[0], elem(rt)
        if dest is not None:
            arg_t = self.arg_type(b)

            def pull(dv: View) -> View:
                sink = Sink(elem(arg_t))
                self.apply(f, fpath, [sink], env, dv, ert, space, node)
                if sink.dest is None:
                    raise err("the mapped layout function does not reach its parameter", node)
                return sink.dest
            self.force(b, views.MapV(pull, dest, arg_t), node)
            return dest
        x = self.force(b, None, node)

        def fn(v: View) -> View:
            return self.apply(f, fpath, [v], env, None, ert, space, node)
        return views.MapV(fn, x, rt)


def _forward(op: Op, s, x: View, rt: Type) -> View:
    if op is Op.SPLIT:
        return views.Split(int(s[0]), x, rt)
    if op is Op.JOIN:
        return views.Join(x, rt)
    if op in (Op.TRANSPOSE, Op.TRANSPOSE_W):
        return views.Transpose(x, rt)
    if op is Op.REORDER:
        return views.Reorder(int(s[0]), x, rt)
    if op is Op.AS_VECTOR:
        return views.AsVector(int(s[0]), x, rt)
    assert op is Op.AS_SCALAR, op
    return views.AsScalar(x, rt)
