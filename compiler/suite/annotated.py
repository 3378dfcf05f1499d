"""Programs annotated with rewrite points (thesis Ch6) and the designs their parameter values select.

Annotated programs (`benchmark://lift/conv-rp/vgg16-N`, `benchmark://lift/mm-rp`, `benchmark://lift/stencil2d-rp`)
are the suite's conv, mm and stencil2d with rewrite points placed as thesis Listing 6.4 places them; they compute
what the plain programs compute (a rewrite point is a typed identity), so they share the plain programs' references,
inputs and presets. `ANNOTATIONS[name]` holds the heuristic rules and the named presets of structural values for
`compiler.rewrite.points.space` (conv: `direct` and `gemm`, Tables 6.2 and 6.3).

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

from ..arith import var
from ..ir.build import (
    get,
    join,
    join_nd,
    map_,
    map_nd,
    ocl_kernel,
    pad_nd,
    reduce_,
    slide_nd,
    split,
    to_global,
    to_gpu,
    to_host,
    transpose_w,
    zip_,
)
from ..ir.node import Program
from ..ir.userfuns import ADD, ID, MULT
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
