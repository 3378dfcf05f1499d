"""Views (thesis §2.3.2.2): lazy descriptions of how a value is laid out, turned into index expressions only when
a user function reads or writes.

A view has a type (`t`, with concrete lengths) and `resolve(stack)`: the access stack holds one index per array
dimension, outermost first, and `Field(k)` for tuple components. Each layout view rewrites the stack and hands
it to its parent; a `MemView` (the root, a buffer with an offset and per-dimension strides) turns it into a
`MemRef`, a `ConstView` into a literal. Reading gives a C expression (`read`), writing needs a location
(`locate`). The same views serve as write targets ("output views"): a producer writing through `Join(dest)`
writes `[i][j]` to `dest[i * m + j]`.

Index semantics (element of the view at the stack -> parent element):
    Split(m)        [i][j]        -> [i * m + j]
    Join (inner m)  [k]           -> [k / m][k % m]
    Transpose       [i][j]        -> [j][i]
    Slide(s, st)    [i][j]        -> [i * st + j]
    Pad(l, r, c)    [i]           -> (i < l || i >= l + n) ? c : [i - l]   (no test for a negative side)
    Crop(l, r)      [i]           -> [i + l] when 0 <= i + l < n, else dropped (write side of pad(l <= 0, r <= 0))
    Boundary(clamp, l, r)  [i]    -> [min(max(i - l, 0), n - 1)]
    Boundary(wrap, l, r)   [i]    -> [(i - l + k * n) % n], k * n >= l (a non-negative argument: C's % is floor's)
    Boundary(mirror, l, r) [i]    -> j = i - l: (j < 0) ? [-1 - j] : (j >= n) ? [2 * n - 1 - j] : [j] when l, r <= n;
                                     else m = (j + k * 2n) % 2n: (m >= n) ? [2 * n - 1 - m] : [m]  (np.pad 'symmetric')
    Reorder(s)      [i]           -> [i / (n / s) + s * (i % (n / s))]
    Zip / Tuple     [i].k / .k    -> component k at [i] / component k
    AsVector(n)     [i]           -> lanes [i * n + 0 .. i * n + n - 1]: vloadn when consecutive in memory; the
                                     lanes of a padded array that share their pad test: `test ? c : vloadn`
    AsScalar (n)    [k]           -> lane k % n of [k / n]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import sympy

from ..errors import CodegenError
from ..ir.node import literal_number
from ..types import BOOL, FLOAT, INT, ArrayType, ScalarType, TupleType, Type, VectorType
from . import kir
from .index import Cmp, Idx, as_idx, clamp, compare, cst, mod

Res = kir.MemRef | kir.CExpr


class ViewError(CodegenError):
    """A view that cannot be read or written as asked (the lowering adds the offending sub-expression)."""


@dataclass(frozen=True)
class Field:
    k: int


def arr(elem: Type, n: int) -> ArrayType:
    return ArrayType(elem, sympy.Integer(n))


def length(t: Type) -> int:
    if not isinstance(t, ArrayType):
        raise ViewError(f"expected an array, got {t}")
    return int(t.n)


def c_literal(text: str, t: Type) -> str:
    """The C literal of `value(text, t)` for a scalar or vector type."""
    if isinstance(t, VectorType):
        return f"({kir.ctype(t)})({c_literal(text, t.elem)})"
    if not isinstance(t, ScalarType):
        raise ViewError(f"no literal of type {t}")
    x = literal_number(text)
    if x is None:
        raise ValueError(f"value({text!r}, {t}) is no number")
    if t == INT:
        return str(int(x))
    if t == BOOL:
        return "true" if x else "false"
    if math.isinf(x):
        return "INFINITY" if x > 0 else "-INFINITY"
    if math.isnan(x):
        return "NAN"
    s = f"{x:.1f}" if x == int(x) and abs(x) < 1e15 else repr(x)
    return s + "f" if t == FLOAT else s


class View:
    t: Type

    def resolve(self, stack: tuple) -> Res:
        raise NotImplementedError

    def at(self, i: Idx | int) -> View:
        return Access(self, as_idx(i), _elem(self.t))

    def get(self, k: int) -> View:
        if not isinstance(self.t, TupleType):
            raise ViewError(f"get({k}) of a non-tuple {self.t}")
        return GetV(self, k, self.t.elems[k])


def _elem(t: Type) -> Type:
    if not isinstance(t, ArrayType):
        raise ViewError(f"indexing a non-array value of type {t}")
    return t.elem


@dataclass(frozen=True)
class Guarded:
    """A location written only when every comparison of `guard` holds: an element of a cropped array (the write
    side of a pad with negative amounts). Writes become `if (guard) store;`; reading one is an error."""

    ref: kir.MemRef
    guard: tuple[Cmp, ...]


Location = kir.MemRef | Guarded


def _has_guarded(e) -> bool:
    if isinstance(e, Guarded):
        return True
    if isinstance(e, kir.Call | kir.Vec):
        return any(_has_guarded(a) for a in (e.args if isinstance(e, kir.Call) else e.lanes))
    if isinstance(e, kir.Select):
        return _has_guarded(e.then) or _has_guarded(e.other)
    if isinstance(e, kir.Lane):
        return _has_guarded(e.value)
    return False


def read(v: View) -> kir.CExpr:
    """The value of a scalar- or vector-typed view as a C expression."""
    r = v.resolve(())
    if _has_guarded(r):
        raise ViewError("an element of a cropped array (a pad with negative amounts on the write side) is read here; "
                        "only a map's writes may be cropped")
    return kir.Load(r) if isinstance(r, kir.MemRef) else r


def locate(v: View) -> Location | tuple[Location, ...]:
    """The memory location a write to a scalar- or vector-typed view goes to: one location, or one per lane of a
    vector whose lanes are not consecutive in one buffer (the write is then scattered lane by lane)."""
    r = v.resolve(())
    if isinstance(r, kir.Load):
        r = r.ref
    if isinstance(r, kir.MemRef | Guarded):
        return r
    if isinstance(r, kir.Vec) and all(isinstance(x, Guarded) or (isinstance(x, kir.Load) and x.ref.width == 1)
                                      for x in r.lanes):
        return tuple(x if isinstance(x, Guarded) else x.ref for x in r.lanes)  # type: ignore[union-attr]
    raise ViewError("the value is not backed by memory here (a literal or a pad), so it cannot be written")


@dataclass(frozen=True)
class Dim:
    extent: int
    stride: int  # in scalars; 0 for a dimension the address space does not hold
    dist: tuple[str, int, int] | None = None  # (kind, dim, extent) of the loop whose work items each hold one


@dataclass(frozen=True)
class MemView(View):
    buf: kir.Buffer
    offset: Idx
    dims: tuple[Dim, ...]
    t: Type

    def at(self, i: Idx | int) -> View:
        i = as_idx(i)
        if not self.dims:
            raise ViewError(f"indexing a non-array value of type {self.t} in {self.buf.name}")
        d = self.dims[0]
        if d.dist is not None and not (d.dist[2] == 1 and i.is_const and i.const == 0):  # a loop over 1 folds to 0
            v = i.var
            if v is None or (v.kind, v.dim, v.extent) != d.dist:
                kind, dim, ext = d.dist
                raise ViewError(f"{self.buf.space} buffer {self.buf.name} holds one element per work item of the "
                                f"{_MAP_NAME[kind]}({dim}) over {ext}, but element [{i}] is read elsewhere")
        return MemView(self.buf, self.offset + i * d.stride, self.dims[1:], _elem(self.t))

    def resolve(self, stack: tuple) -> Res:
        v: View = self
        for s in stack:
            if isinstance(s, Field):
                raise ViewError(f"tuple values are not stored in memory ({self.buf.name})")
            v = v.at(s)
        assert isinstance(v, MemView)
        if v.dims:
            raise ViewError(f"{self.buf.name}: an array of type {v.t} cannot be read as one value")
        return kir.MemRef(self.buf, v.offset, kir.width(v.t))


_MAP_NAME = {"glb": "mapGlb", "wrg": "mapWrg", "lcl": "mapLcl", "seq": "mapSeq"}


def dense(buf: kir.Buffer, t: Type, offset: Idx | None = None) -> MemView:
    """A row-major view of type t over buf."""
    lens, e = [], t
    while isinstance(e, ArrayType):
        lens.append(int(e.n))
        e = e.elem
    stride, dims = kir.width(e), []
    for n in reversed(lens):
        dims.append(Dim(n, stride))
        stride *= n
    return MemView(buf, offset if offset is not None else cst(0), tuple(reversed(dims)), t)


@dataclass(frozen=True)
class ConstView(View):
    lit: kir.Lit
    t: Type

    def at(self, i) -> View:
        return ConstView(self.lit, _elem(self.t))

    def resolve(self, stack: tuple) -> Res:
        return self.lit


@dataclass(frozen=True)
class Access(View):
    parent: View
    i: Idx
    t: Type

    def resolve(self, stack):
        return self.parent.resolve((self.i, *stack))


@dataclass(frozen=True)
class GetV(View):
    parent: View
    k: int
    t: Type

    def resolve(self, stack):
        return self.parent.resolve((Field(self.k), *stack))


@dataclass(frozen=True)
class Unit(View):
    """[U]1 over a U (a reduction's result): the index is always 0."""

    inner: View
    t: Type

    def at(self, i) -> View:
        return self.inner

    def resolve(self, stack):
        return self.inner.resolve(stack[1:])


def _two(stack: tuple, what: str) -> tuple:
    if len(stack) < 2 or isinstance(stack[0], Field) or isinstance(stack[1], Field):
        raise ViewError(f"{what} read without two indices")
    return stack


@dataclass(frozen=True)
class Split(View):
    m: int
    parent: View
    t: Type

    def resolve(self, stack):
        i, j, *r = _two(stack, "split")
        return self.parent.resolve((i * self.m + j, *r))


@dataclass(frozen=True)
class Join(View):
    parent: View
    t: Type

    def resolve(self, stack):
        k, *r = stack
        m = length(_elem(self.parent.t))
        return self.parent.resolve((k // m, k % m, *r))


@dataclass(frozen=True)
class Transpose(View):
    parent: View
    t: Type

    def resolve(self, stack):
        i, j, *r = _two(stack, "transpose")
        return self.parent.resolve((j, i, *r))


@dataclass(frozen=True)
class Slide(View):
    step: int
    parent: View
    t: Type

    def resolve(self, stack):
        i, j, *r = _two(stack, "slide")
        return self.parent.resolve((i * self.step + j, *r))


@dataclass(frozen=True)
class Reorder(View):
    stride: int
    parent: View
    t: Type

    def resolve(self, stack):
        i, *r = stack
        m = length(self.parent.t) // self.stride
        return self.parent.resolve((i // m + (i % m) * self.stride, *r))


@dataclass(frozen=True)
class Pad(View):
    left: int
    right: int
    value: View
    parent: View
    t: Type

    def resolve(self, stack):
        i, *rest = stack
        n = length(self.parent.t)
        inner = self.parent.resolve((i - self.left, *rest))
        conds = []
        if self.left > 0:
            conds.append(compare(i, "<", self.left))
        if self.right > 0:
            conds.append(compare(i, ">=", self.left + n))
        if not conds:
            return inner
        drop = _rank(_elem(self.t)) - _rank(self.value.t)
        v = self.value.resolve(tuple(rest[drop:]))
        as_expr = kir.Load(inner) if isinstance(inner, kir.MemRef) else inner
        out = kir.select(tuple(conds), kir.Load(v) if isinstance(v, kir.MemRef) else v, as_expr)
        return inner if out is as_expr and isinstance(inner, kir.MemRef) else out


@dataclass(frozen=True)
class Boundary(View):
    """padClamp, padMirror, padWrap (mode "clamp", "mirror", "wrap"): element i reads element b(i - l) of the
    parent (length n >= 1); mirror repeats the end element (Lift's Pad.Boundary.Mirror, np.pad 'symmetric')."""

    mode: str
    left: int
    right: int
    parent: View
    t: Type

    def resolve(self, stack):
        i, *rest = stack
        n = length(self.parent.t)
        j = i - self.left
        if self.mode == "clamp":
            return self.parent.resolve((clamp(j, 0, n - 1), *rest))
        if self.mode == "wrap":
            return self.parent.resolve((mod(j + n * -(-self.left // n), n), *rest))
        if self.left <= n and self.right <= n:  # one reflection at most: j in [-n, 2n)
            mid = self._pick(compare(j, ">=", n), 2 * n - 1 - j, j, rest)
            return self._pick(compare(j, "<", 0), -1 - j, mid, rest)
        m = mod(j + 2 * n * -(-self.left // (2 * n)), 2 * n)  # period 2n, a non-negative argument
        return self._pick(compare(m, ">=", n), 2 * n - 1 - m, m, rest)

    def _pick(self, cond: Cmp, then: Idx, other: Idx | Res, rest) -> Res:
        """`cond ? parent[then] : other` (other an index into the parent, or a value); decided conditions fold."""
        decided = cond.decided()
        if decided is True:
            return self.parent.resolve((then, *rest))
        if isinstance(other, Idx):
            other = self.parent.resolve((other, *rest))
        if decided is False:
            return other
        return kir.select((cond,), _value(self.parent.resolve((then, *rest))), _value(other))


def _value(r: Res) -> kir.CExpr:
    return kir.Load(r) if isinstance(r, kir.MemRef) else r


@dataclass(frozen=True)
class Crop(View):
    """The write side of pad(l, r) with l, r <= 0 (a crop): element i of the uncropped array (this view's type) is
    element i + l of the parent when 0 <= i + l < n (the parent's length), and is dropped otherwise."""

    left: int
    right: int
    parent: View
    t: Type

    def resolve(self, stack):
        i, *rest = stack
        j = i + self.left
        conds = (compare(j, ">=", 0), compare(j, "<", length(self.parent.t)))
        guard = tuple(c for c in conds if c.decided() is not True)
        inner = self.parent.resolve((j, *rest))
        if not guard:
            return inner
        if isinstance(inner, Guarded):
            return Guarded(inner.ref, inner.guard + guard)
        if isinstance(inner, kir.MemRef):
            return Guarded(inner, guard)
        raise ViewError("a cropped array is written to a location that is not in memory")


def _rank(t: Type) -> int:
    r = 0
    while isinstance(t, ArrayType):
        r, t = r + 1, t.elem
    return r


@dataclass(frozen=True)
class Zip(View):
    parts: tuple[View, ...]
    t: Type

    def resolve(self, stack):
        if len(stack) < 2 or not isinstance(stack[1], Field):
            raise ViewError("an element of a zip is a tuple: select a component with get before reading it")
        i, f, *r = stack
        return self.parts[f.k].resolve((i, *r))


@dataclass(frozen=True)
class TupleV(View):
    parts: tuple[View, ...]
    t: Type

    def resolve(self, stack):
        if not stack or not isinstance(stack[0], Field):
            raise ViewError("a tuple is read through get")
        f, *r = stack
        return self.parts[f.k].resolve(tuple(r))


@dataclass(frozen=True)
class AsVector(View):
    n: int
    parent: View
    t: Type

    def resolve(self, stack):
        i, *r = stack
        if r:
            raise ViewError("asVector: a vector has no inner dimensions")
        lanes = [self.parent.resolve((i * self.n + k,)) for k in range(self.n)]
        vt = _elem(self.t)
        whole = _whole_vector(lanes, kir.ctype(vt))
        if whole is not None:
            return whole
        return kir.Vec(kir.ctype(vt), tuple(kir.Load(x) if isinstance(x, kir.MemRef) else x for x in lanes))


def _whole_vector(lanes: list, ctype: str) -> Res | None:
    """The lanes as one vector value: consecutive scalars of one buffer (one vloadn), equal literals (a vector
    literal), or the same pad conditional in every lane (`any(conds) ? literal : whole`: a vector of a padded array
    whose padding never splits a vector, read by one test and one vloadn); None otherwise."""
    first = lanes[0]
    if isinstance(first, kir.MemRef) and all(
            isinstance(x, kir.MemRef) and x.buf == first.buf and x.width == 1 and (x.index - first.index).is_const
            and (x.index - first.index).const == k for k, x in enumerate(lanes)):
        return kir.MemRef(first.buf, first.index, len(lanes))
    if all(isinstance(x, kir.Lit) and x == first for x in lanes):
        return kir.Lit(f"({ctype})({first.text})")
    if isinstance(first, kir.Select) and isinstance(first.then, kir.Lit) and all(
            isinstance(x, kir.Select) and x.conds == first.conds and x.then == first.then for x in lanes):
        inner = _whole_vector([x.other.ref if isinstance(x.other, kir.Load) else x.other for x in lanes], ctype)
        if inner is not None:
            then = kir.Lit(f"({ctype})({first.then.text})")
            return kir.Select(first.conds, then, kir.Load(inner) if isinstance(inner, kir.MemRef) else inner)
    return None


@dataclass(frozen=True)
class AsScalar(View):
    parent: View
    t: Type

    def resolve(self, stack):
        k, *r = stack
        n = kir.width(_elem(self.parent.t))
        whole = self.parent.resolve((k // n, *r))
        lane = k % n
        if isinstance(whole, kir.MemRef):
            return kir.MemRef(whole.buf, whole.index + lane, 1)
        if isinstance(whole, Guarded):
            return Guarded(kir.MemRef(whole.ref.buf, whole.ref.index + lane, 1), whole.guard)
        if not lane.is_const:
            raise ViewError(f"asScalar: lane {lane} of a computed vector must be a constant")
        if isinstance(whole, kir.Lit):
            return kir.Lit(whole.text.rsplit(")(", 1)[-1].rstrip(")")) if whole.text.startswith("(") else whole
        if isinstance(whole, kir.Vec):  # lanes gathered from memory (or scattered to it): the lane itself
            x = whole.lanes[lane.const]
            return x.ref if isinstance(x, kir.Load) else x
        return kir.Lane(whole, lane.const)


@dataclass(frozen=True)
class MapV(View):
    """map(f) of a layout-only f: element i is f applied to the parent's element i."""

    fn: Callable[[View], View]
    parent: View
    t: Type

    def resolve(self, stack):
        if not stack or isinstance(stack[0], Field):
            raise ViewError("map view read without an index")
        i, *r = stack
        return self.fn(self.parent.at(i)).resolve(tuple(r))


def roots(v: View) -> set[kir.Buffer]:
    """The buffers a view reads from (its ViewMem roots)."""
    if isinstance(v, MemView):
        return {v.buf}
    out: set[kir.Buffer] = set()
    for name in ("parent", "inner", "value"):
        sub = getattr(v, name, None)
        if isinstance(sub, View):
            out |= roots(sub)
    for sub in getattr(v, "parts", ()):
        out |= roots(sub)
    return out


def inverse(op_name: str, static: tuple[int, ...], dest: View, arg_t: Type) -> View:
    """The write target of a layout primitive's argument when its result is written to `dest`."""
    if op_name == "split":
        return Join(dest, arg_t)
    if op_name == "join":
        return Split(length(_elem(arg_t)), dest, arg_t)
    if op_name in ("transpose", "transposeW"):
        return Transpose(dest, arg_t)
    if op_name == "reorder":
        return Reorder(length(arg_t) // static[0], dest, arg_t)
    if op_name == "asVector":
        return AsScalar(dest, arg_t)
    if op_name == "asScalar":
        return AsVector(kir.width(_elem(arg_t)), dest, arg_t)
    if op_name == "pad" and static and static[0] <= 0 and static[1] <= 0:
        return Crop(static[0], static[1], dest, arg_t)
    raise ViewError(f"{op_name} cannot be applied on the write side (it is not a permutation of the elements); "
                    "apply it to the consumer's input instead")
