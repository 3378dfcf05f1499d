"""Programs annotated with rewrite points (thesis Ch6) and the designs their parameter values select.

Annotated programs (`benchmark://lift/conv-rp/vgg16-N`, `benchmark://lift/mm-rp`, `benchmark://lift/stencil2d-rp`)
are the suite's conv, mm and stencil2d with rewrite points placed as thesis Listing 6.4 places them; they compute
what the plain programs compute (a rewrite point is a typed identity), so they share the plain programs' references,
inputs and presets. `ANNOTATIONS[name]` holds the heuristic rules and the named presets of structural values for
`compiler.constraints.points` (conv: `direct` and `gemm`, Tables 6.2 and 6.3).

`conv_design(kind)` are the two target designs written by hand as plain IR: what RP application yields for the
conv (§4.5), used to test the lowering of rewritten programs independently of RP application:
- direct: kernelFission before sliding (line 6) materialises the padded input in its own kernel; the convolution
  of the flattened windows with the flattened weights runs in one kernel, AB-tiled (tileSizeA windows x
  tileSizeB kernels, the tiles' results written back by transposeW: interchangeMaps);
- gemm: kernelFission after sliding (line 7) materialises the flattened windows (im2col, [[float]ws](outH outW))
  and kernelFission on line 8 the flattened weights, each in its own kernel; the third kernel is the same AB-tiled
  product, now a GEMM of two materialised matrices.
Their tuning parameters are the size variables `tA`, `tB` (tile sizes; divisors of outH*outW and outChs).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..arith import var
from ..ir.build import (
    get,
    join,
    join_nd,
    map_,
    map_nd,
    ocl_kernel,
    pad_nd,
    program,
    reduce_,
    rp,
    slide_nd,
    split,
    to_global,
    to_gpu,
    to_host,
    transpose,
    transpose_w,
    zip_,
)
from ..ir.node import Program
from ..ir.userfuns import ADD, ID, MULT
from ..types import FLOAT, array
from . import blas, conv, stencils
from .common import ZERO
from .conv import CONV, PAD, STRIDE


def _copy_global(rank: int):
    """map^rank(toGlobal(id)): materialise an array of that rank in global memory (materialise, targetMem =
    global, before its joinSplitND/splitJoinND reshaping)."""
    f = to_global(ID)
    for _ in range(rank):
        f = map_(f)
    return f


def _dot(a, b):
    return reduce_(ZERO, ADD) @ map_(lambda t: MULT(get(0) << t, get(1) << t)) << zip_(a, b)


def _ab_tiled(windows, weights, tA, tB):
    """abTile(tileSizeA, tileSizeB) with interchangeMaps on `map(a => map(b => dot(a, b)) << weights) << windows`,
    then the per-window results flattened: [[float]ws]N x [[float]ws]M -> [[float]M]N."""
    def per_tile_a(tileA):
        return transpose_w() << (map_(lambda tileB: map_(lambda a: map_(lambda b: _dot(a, b)) << tileB) << tileA)
                                 << (split(tB) << weights))

    return map_(lambda r: join() << (join() << r)) << (join() << (map_(per_tile_a) << (split(tA) << windows)))


def _out_w():
    return var("inW") + PAD[2] + PAD[3] - var("kerW") + 1


def _windows(x):
    """join o mapND(2, joinND(3)) o slideND(kerH, kerW, 1, 1): the flattened sliding windows [[float]ws](outH outW)."""
    return join() @ map_nd(2, join_nd(3)) @ slide_nd(("kerH", "kerW"), STRIDE) << x


def _direct(inputData, kernelsWeights):
    padded = ocl_kernel(lambda x: _copy_global(3) << x)(pad_nd(PAD, ZERO) @ to_gpu() << inputData)
    weights = map_(join_nd(3)) @ to_gpu() << kernelsWeights
    out = ocl_kernel(lambda w, k: _ab_tiled(w, k, var("tA"), var("tB")))(_windows(padded), weights)
    return to_host() << (split(_out_w()) << out)


def _gemm(inputData, kernelsWeights):
    im2col = ocl_kernel(lambda x: _copy_global(2) << x)(_windows(pad_nd(PAD, ZERO) @ to_gpu() << inputData))
    weights = ocl_kernel(lambda x: _copy_global(2) << x)(map_(join_nd(3)) @ to_gpu() << kernelsWeights)
    out = ocl_kernel(lambda w, k: _ab_tiled(w, k, var("tA"), var("tB")))(im2col, weights)
    return to_host() << (split(_out_w()) << out)


_DESIGNS = {"direct": _direct, "gemm": _gemm}


def conv_design(kind: str) -> Program:
    """The hand-written direct or GEMM-based convolution (see the module doc), tuning parameters tA and tB."""
    if kind not in _DESIGNS:
        raise ValueError(f"no conv design {kind!r}; designs: {', '.join(_DESIGNS)}")
    return Program("conv", CONV.params, _DESIGNS[kind](*CONV.params))


def design_params(sizes) -> dict[str, tuple[int, ...]]:
    """The valid tile sizes of the hand-written designs: tA divides outH*outW, tB divides outChs."""
    oh = sizes["inH"] + PAD[0] + PAD[1] - sizes["kerH"] + 1
    ow = sizes["inW"] + PAD[2] + PAD[3] - sizes["kerW"] + 1
    n, m = oh * ow, sizes["outChs"]
    return {"tA": tuple(d for d in range(1, n + 1) if n % d == 0),
            "tB": tuple(d for d in range(1, m + 1) if m % d == 0)}


# --- annotated programs ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Annotation:
    """The heuristic rules and the named presets of structural values of one annotated program, as data: each
    rule a `(pattern, allowed values, why)` triple that `compiler.constraints.points.PointRule.of` reads."""

    heuristics: tuple
    presets: dict


def _private_dot(label: str):
    """privatiseAccumulator(reduce(0, +) o map(*)) (Listing 6.4 lines 16-17), applied to zip(x, y)."""
    return rp("privatiseAccumulator", lambda pairs: reduce_(ZERO, ADD) << (map_(blas.mult_pair) << pairs), label)


def _conv_rp(inputData, kernelsWeights):
    """Listing 6.4 on the suite's conv (H x W x C, pad 1, stride 1), twelve rewrite points; see docs."""
    # line 8: the weights, flattened per kernel, in their own kernel
    weights = rp("kernelFission", lambda k: map_(join_nd(3)) << k, "fissionWeights") << (to_gpu() << kernelsWeights)
    # lines 10-19: the map nest over (flattened) windows and kernels
    core = lambda a, b: map_(lambda slideWin: map_(  # noqa: E731
        lambda singleK: _private_dot("privAcc") << zip_(slideWin, singleK)) << b) << a
    nest = rp("abTile", rp("abTile", rp("tileNestedMapReduce", rp("tileNestedMapReduce", rp(
        "abTile", core, "abTilePrefetch"), "tnmrReuse", ADD), "tnmrParallel", ADD), "abTileInner"), "abTileOuter")
    kernel = ocl_kernel(nest)
    # line 7: padExtra1D(kernelFission(windows => ...)) on the flattened windows (the im2col kernel when applied)
    post_slide = rp("padExtra1D", rp("kernelFission", lambda w: kernel(w, weights), "fissionIm2col"), "padWindows")
    # line 22: the windows flattened (joinSplitND) and then joined into one dimension for the 1-D abTile
    flatten = rp("joinSplitND", map_nd(2, join_nd(3)), "flattenWindows")
    # line 6: padExtra2D(kernelFission(...)) before sliding (the padded input in its own kernel when applied)
    pre_slide = rp("padExtra2D", rp("kernelFission", lambda x: post_slide << (join() << (flatten << (
        slide_nd(("kerH", "kerW"), STRIDE) << x))), "fissionInput"), "padInput")
    out = pre_slide << (pad_nd(PAD, ZERO) @ to_gpu() << inputData)
    return to_host() << (split(_out_w()) << (map_(join()) << out))


CONV_RP = Program("conv", CONV.params, _conv_rp(*CONV.params))


def _mm_rp(A, B):
    """mm with abTile (outer: work-group tiles; inner: register tiles), tileNestedMapReduce and
    privatiseAccumulator around the nest over rows of A and columns of B."""
    core = lambda a, b: map_(lambda aRow: map_(  # noqa: E731
        lambda bCol: _private_dot("privAcc") << zip_(aRow, bCol)) << b) << a
    nest = rp("abTile", rp("tileNestedMapReduce", rp("abTile", core, "abTileInner"), "tnmr", ADD), "abTileOuter")
    return map_(join()) << nest(A, transpose() << B)


MM_RP = program("mm", dict((p.name, p.type) for p in blas.MM.params), _mm_rp)


def _stencil2d_rp(grid, weights):
    """stencil2d with the padded grid in its own kernel (kernelFission), 2-D tiling of the output (splitJoin2D)
    and a private accumulator."""
    def point(nbh):
        return rp("privatiseAccumulator", lambda pairs: reduce_(ZERO, lambda acc, t: ADD(acc, blas.mult_pair(t)))
                  << pairs, "privAcc") << zip_(join() << nbh, weights)

    tiled = rp("splitJoin2D", map_nd(2, point), "tile2D")
    body = rp("kernelFission", lambda x: tiled << (slide_nd((3, 3), (1, 1)) << x), "fissionPad")
    return map_(join()) << (body << (pad_nd((1, 1, 1, 1), ZERO) << grid))


STENCIL2D_RP = program("stencil2d", {"grid": stencils.GRID, "weights": array(FLOAT, 9)}, _stencil2d_rp)


def _rule(pattern: str, allowed: tuple, why: str) -> tuple:
    return (pattern, allowed, why)


def _rules() -> dict[str, Annotation]:
    no_copy = "the outer abTile instances issue no copies (§4.6 RP3, manual constraint)"
    private = "the innermost abTile's copies are restricted to private memory (§4.6 RP3, manual constraint)"
    conv_h = (_rule("abTileOuter/materialise*.skip", (1,), no_copy),
              _rule("abTileInner/materialise*.skip", (1,), no_copy),
              _rule("abTilePrefetch/materialise*.targetMem", ("private",), private))
    mm_h = (_rule("abTileOuter/materialise*.skip", (1,), no_copy),
            _rule("abTileInner/materialise*.targetMem", ("private",), private))
    direct = "direct convolution: kernelFission before sliding (line 6) only (§4.5, Table 6.2)"
    gemm = "GEMM-based convolution: kernelFission after sliding (line 7, im2col), not before (§4.5, Table 6.3)"
    conv_p = {
        "direct": (_rule("fissionInput.skip", (0,), direct), _rule("fissionIm2col.skip", (1,), direct),
                   _rule("padWindows.skip", (1,), direct), _rule("fissionWeights.skip", (0,), direct)),
        "gemm": (_rule("fissionInput.skip", (1,), gemm), _rule("fissionIm2col.skip", (0,), gemm),
                 _rule("fissionWeights.skip", (0,), gemm)),
    }
    return {"conv-rp": Annotation(conv_h, conv_p), "mm-rp": Annotation(mm_h, {}),
            "stencil2d-rp": Annotation((), {})}


class _Annotations(dict):
    def __missing__(self, key):
        raise KeyError(f"no annotated program {key!r}; annotated: {', '.join(self)}")


ANNOTATIONS: dict[str, Annotation] = _Annotations(_rules())

_CONV = conv.BENCHMARKS[0]
_MM = next(b for b in blas.BENCHMARKS if b.name == "mm")
_ST = next(b for b in stencils.BENCHMARKS if b.name == "stencil2d")

BENCHMARKS = [
    replace(_CONV, name="conv-rp", program=CONV_RP,
            description="conv annotated with the twelve rewrite points of thesis Listing 6.4 (presets vgg16-N)"),
    replace(_MM, name="mm-rp", program=MM_RP,
            description="mm annotated with rewrite points: abTile (outer, inner), tileNestedMapReduce, "
                        "privatiseAccumulator"),
    replace(_ST, name="stencil2d-rp", program=STENCIL2D_RP,
            description="stencil2d annotated with rewrite points: kernelFission, splitJoin2D, privatiseAccumulator"),
]
