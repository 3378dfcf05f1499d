"""Shapes: what a strategy needs of a program, found in the program's structure and types, never in its name.

    sh = matrix_product(program)          # Shape | None
    sh.values({"r": 2048, "c": 512, "d": 8192})   -> {"M": 2048, "N": 512, "K": 8192}
    sh.bind(sizes)                        # the sizes with the roles added: what a strategy's choices read

A strategy (a named lowering: mm `tiled`, gemv `tiled`, ...) speaks of its problem in *roles*: a matrix product
of M rows, N columns and K steps, a reduction of N elements. A user names the sizes of a program as they like
(`X: [[float]d]r`); the shape finder reads each role off the program's types as an expression over the program's
own size variables, so the strategy's defaults, constraints and launch sizes apply to any program of the shape.
The derived program stays symbolic in the program's own sizes; only the strategy's arithmetic reads the roles.

A finder is a cheap structural test (types and the nesting of maps and reductions): it says whether the
strategy's derivation is worth trying. The derivation itself (`compiler.lowering.derivation`) is the match: a
step that finds no site is a `LoweringError` naming the strategy and the rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from .. import arith
from ..errors import TypeCheckError
from ..ir.node import FunCall, Node, Prim, Program, at
from ..ir.ops import Op
from ..ir.typecheck import Typing, typecheck
from ..types import FLOAT, ArrayType, Type, size_names

Path = tuple[int, ...]


@dataclass(frozen=True)
class Shape:
    """The roles a strategy reads (name -> size expression over the program's sizes)."""

    roles: tuple[tuple[str, object], ...]

    def values(self, sizes: Mapping[str, int]) -> dict[str, int]:
        return {role: arith.evaluate(e, sizes) for role, e in self.roles}

    def bind(self, sizes: Mapping[str, int]) -> dict[str, int]:
        """`sizes` with every role's value (a role named like one of the program's sizes takes the role's
        value: the strategy's arithmetic reads roles, the program reads its own sizes, which stay unchanged in
        `Lowered.sizes`)."""
        return {**sizes, **self.values(sizes)}

    def express(self, text: str):
        """A size expression written over roles and tuning parameters ("inChs*kerH*kerW/ω"), rewritten over the
        program's own sizes (the tuning parameters unchanged)."""
        return arith.parse_size(text).xreplace({arith.var(role): e for role, e in self.roles})

    def describe(self) -> str:
        return ", ".join(f"{role} = {arith.show(e)}" for role, e in self.roles)


def _shape(program: Program, roles: Mapping[str, object], params: Iterable[str]) -> Shape | None:
    """The Shape of these roles, or None when a size variable of the program has the name of one of the strategy's
    tuning parameters (the derived program would confuse the two)."""
    names = set().union(*(size_names(p.type) for p in program.params))
    if names & set(params):
        return None
    return Shape(tuple((k, arith.simplify(arith.size(v))) for k, v in roles.items()))


def _typing(program: Program) -> Typing | None:
    try:
        return typecheck(program)
    except TypeCheckError:
        return None


def _calls(n: Node, path: Path = ()) -> Iterator[tuple[Path, FunCall]]:
    """Every call of a primitive, with its path, in pre-order."""
    if isinstance(n, FunCall) and isinstance(n.f, Prim):
        yield path, n
    for i, c in enumerate(n.children()):
        yield from _calls(c, (*path, i))


def dims(t: Type | None) -> list:
    """The lengths of a nest of float arrays, outermost first ([] for anything else)."""
    out = []
    while isinstance(t, ArrayType):
        out.append(t.n)
        t = t.elem
    return out if t == FLOAT else []


def _reductions(program: Program, typing: Typing) -> list[tuple[Path, object, int]]:
    """(path, length of the reduced array, number of maps whose function holds it) of every reduce of the
    program."""
    out = []
    for path, call in _calls(program.body, (len(program.params),)):
        if call.f.op is Op.REDUCE:
            t = typing.of.get((*path, len(call.args)))
            if isinstance(t, ArrayType):
                maps = sum(1 for k in range(len(path)) if path[k] == 0 and _is_map_at(program, path[:k]))
                out.append((path, t.n, maps))
    return out


def _is_map_at(program: Program, path: Path) -> bool:
    n = at(program, path)
    return isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.MAP


def matrix_product(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """C = A B in any layout the derivation reaches: a [[float]N]M result, two matrix inputs, and exactly one
    reduction, nested in two maps, over K elements. Roles M, N, K."""
    typing = _typing(program)
    if typing is None:
        return None
    out = dims(typing.result)
    mats = [p for p in program.params if len(dims(p.type)) == 2]
    reds = _reductions(program, typing)
    if len(out) != 2 or len(mats) < 2 or len(reds) != 1 or reds[0][2] != 2:
        return None
    return _shape(program, {"M": out[0], "N": out[1], "K": reds[0][1]}, params)


def batched_matrix_product(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """C[s] = A[s] B[s] for every s of a batch: a [[[float]N]M]Batch result, two inputs of three dimensions whose
    outer length is the batch, and exactly one reduction, nested in three maps, over K elements. Roles Batch, M,
    N, K."""
    typing = _typing(program)
    if typing is None:
        return None
    out = dims(typing.result)
    cubes = [dims(p.type) for p in program.params if len(dims(p.type)) == 3]
    reds = _reductions(program, typing)
    if len(out) != 3 or len(cubes) < 2 or len(reds) != 1 or reds[0][2] != 3:
        return None
    if not all(arith.equal(arith.size(c[0]), arith.size(out[0])) for c in cubes):
        return None
    return _shape(program, {"Batch": out[0], "M": out[1], "N": out[2], "K": reds[0][1]}, params)


def matrix_vector(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """y = f(A x, ...) row by row: a [float]M result, a [[float]N]M matrix input and exactly one reduction, over
    N elements, nested in one map (the map over the rows; an epilogue, in the row's function or in a map after
    the join, may read other inputs: a bias, y, a scale). Roles M, N."""
    typing = _typing(program)
    if typing is None:
        return None
    out = dims(typing.result)
    reds = _reductions(program, typing)
    if len(out) != 1 or len(reds) != 1 or reds[0][2] != 1:
        return None
    m, n = arith.size(out[0]), arith.size(reds[0][1])
    mats = [dims(p.type) for p in program.params if len(dims(p.type)) == 2]
    mat = next((d for d in mats if arith.equal(arith.size(d[0]), m) and arith.equal(arith.size(d[1]), n)), None)
    if mat is None:
        return None
    return _shape(program, {"M": mat[0], "N": mat[1]}, params)


def vector_reduction(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """A scalar (a one-element array) from one reduction over N elements, in no map: the program's result, or
    mapped by an epilogue (maps over the reduce's one-element result: the square root of a sum of squares, a mean's
    division by the length). Role N."""
    typing = _typing(program)
    if typing is None:
        return None
    out = dims(typing.result)
    reds = _reductions(program, typing)
    if len(out) != 1 or len(reds) != 1 or reds[0][2] != 0 or not arith.equal(arith.size(out[0]), arith.size(1)):
        return None
    if not _under_maps(program, reds[0][0]):
        return None
    return _shape(program, {"N": reds[0][1]}, params)


def _under_maps(program: Program, path: Path) -> bool:
    """Whether the call at `path` is the program's body or the data argument of maps only (an epilogue)."""
    body = len(program.params)
    return path[0] == body and all(i == 1 and _is_map_at(program, path[:k + 1])
                                   for k, i in enumerate(path[1:]))


def elementwise(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """A [float]N result of one map and no reduction. Role N."""
    typing = _typing(program)
    if typing is None:
        return None
    out = dims(typing.result)
    if len(out) != 1 or _reductions(program, typing):
        return None
    maps = [c for _, c in _calls(program.body) if c.f.op is Op.MAP]
    if len(maps) != 1:
        return None
    return _shape(program, {"N": out[0]}, params)


def convolution(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """A multi-channel 2-D convolution in HWC layout: an image [[[float]C]W]H, weights [[[[float]C]kW]kH]M
    (M filters of kH x kW pixels of C channels) and sliding windows over the image. Roles inH, inW, inChs,
    outChs, kerH, kerW, and, where the result is [[[float]outChs]outW]outH, outH, outW and the implicit matrix
    product's M = outH*outW (a row per output pixel), N = outChs and K = kerH*kerW*inChs."""
    if len(program.params) != 2 or not any(c.f.op is Op.SLIDE_ND for _, c in _calls(program.body)):
        return None
    img, ker = (dims(p.type) for p in program.params)
    if len(img) != 3 or len(ker) != 4 or not arith.equal(arith.size(img[2]), arith.size(ker[3])):
        return None
    roles = {"inH": img[0], "inW": img[1], "inChs": img[2], "outChs": ker[0], "kerH": ker[1], "kerW": ker[2]}
    typing = _typing(program)
    out = dims(typing.result) if typing is not None else []
    if len(out) == 3 and arith.equal(arith.size(out[2]), arith.size(ker[0])):
        size = arith.size
        roles |= {"outH": out[0], "outW": out[1], "M": size(out[0]) * size(out[1]), "N": ker[0],
                  "K": size(ker[1]) * size(ker[2]) * size(img[2])}
    return _shape(program, roles, params)


def row_reduction(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """Each row of a matrix reduced, then mapped: one [[float]N]M input (others only scalars), a body
    `map(r => ...) << X` over its rows, at least one reduction, every reduction over N elements and in that map,
    and a [[float]N]M or [[float]1]M result (softmax, layer norm, row max). Roles M, N."""
    typing = _typing(program)
    if typing is None:
        return None
    mats = [p for p in program.params if len(dims(p.type)) == 2]
    if len(mats) != 1 or any(isinstance(p.type, ArrayType) for p in program.params if p is not mats[0]):
        return None
    body = program.body
    if not (isinstance(body, FunCall) and isinstance(body.f, Prim) and body.f.op is Op.MAP
            and body.args == (mats[0],)):
        return None
    rows, cols = dims(mats[0].type)
    out = dims(typing.result)
    reds = _reductions(program, typing)
    if len(out) != 2 or not reds or any(maps < 1 or not arith.equal(arith.size(n), arith.size(cols))
                                        for _, n, maps in reds):
        return None
    if not arith.equal(arith.size(out[0]), arith.size(rows)) or not any(
            arith.equal(arith.size(out[1]), arith.size(k)) for k in (cols, 1)):
        return None
    return _shape(program, {"M": rows, "N": cols}, params)


def convolution_chw(program: Program, params: Iterable[str] = ()) -> Shape | None:
    """A multi-channel 2-D convolution in CHW layout (PyTorch's): an image [[[float]W]H]C, filters
    [[[[float]kW]kH]C]M (or [[float]C]M: 1x1 filters; or [[[float]kW]kH]C: one filter per channel, a depthwise
    convolution, a member the matrix-product derivation refuses by name), a [[[float]outW]outH]M result and one
    reduction (the dot product of a filter and a window, in the maps over filters and pixels). Roles inChs, inH,
    inW, outChs, kerH, kerW, outH, outW, and the matrix product's M = outChs, N = outH*outW, K = inChs*kerH*kerW
    (kerH*kerW for a depthwise convolution)."""
    typing = _typing(program)
    if typing is None or len(program.params) != 2:
        return None
    img, ker = (dims(p.type) for p in program.params)
    out = dims(typing.result)
    if len(img) != 3 or len(ker) not in (2, 3, 4) or len(out) != 3:
        return None
    if len(ker) > 2 and not any(c.f.op is Op.SLIDE_ND for _, c in _calls(program.body)):
        return None  # filters of several pixels slide over the image (a batch of products has no windows)
    kh, kw = {2: (1, 1), 3: tuple(ker[1:]), 4: tuple(ker[2:])}[len(ker)]
    chans = ker[0] if len(ker) == 3 else ker[1]  # the channels a filter reads (its own one, depthwise)
    if not (arith.equal(arith.size(chans), arith.size(img[0])) and arith.equal(arith.size(ker[0]),
                                                                                arith.size(out[0]))):
        return None
    if len(_reductions(program, typing)) != 1:
        return None
    size = arith.size
    k = size(kh) * size(kw) * (1 if len(ker) == 3 else size(img[0]))
    return _shape(program, {"inChs": img[0], "inH": img[1], "inW": img[2], "outChs": ker[0], "kerH": kh,
                            "kerW": kw, "outH": out[1], "outW": out[2], "M": ker[0], "N": size(out[1]) * size(out[2]),
                            "K": k}, params)


def reads_zip(program: Program) -> bool:
    """Whether the program's reduction reads a zip of several arrays (a dot product) rather than one array."""
    return any(c.f.op is Op.ZIP for _, c in _calls(program.body))


__all__ = ["Shape", "batched_matrix_product", "convolution", "dims", "elementwise", "matrix_product",
           "matrix_vector", "reads_zip",
           "row_reduction", "vector_reduction"]
