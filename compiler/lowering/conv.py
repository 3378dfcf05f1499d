"""conv "conv42": the thesis' low-level convolution (Listings 4.2 and 4.3, §4.2.4), three OpenCL kernels (padView = 1:
no pad kernel, the convolution reads the input through the padding view; cropView = 1: no crop kernel, it writes
the image through the re-assembly and crop views).

The program is derived from the benchmark's high-level program (Listing 4.1) by rewrite rules (`plan`: rules of
the catalogue and the sliding-window rules of `compiler.rewrite.rules_window`), then finished by `default.finish`
(the remaining view maps become mapSeq) and `derivation.point_free_wrappers` (`toGlobal(mapSeq(id))`).

The derived program (the same program, up to the rewrite system's normal form, as the thesis' listings):
    stage 1, kernel 1 (pad): the input padded functionally (1, 1, 1, 1) and optimisationally (ρ rows at the
      bottom, ρW columns on the right) so that θ x θ tiles cover it exactly:
        mapGlb(1)(mapGlb(0)(toGlobal(mapSeq(id)))) << padND(1, 1 + ρ, 1, 1 + ρW, 0) << inputData
      padView = 1: no kernel; kernel 2 reads `padND(1, 1 + ρ, 1, 1 + ρW, 0) << inputData` as a view (a read
      outside the image gives 0, by bounds tests on its row and column; the code generator reads a vector of
      v channels by its pixel's tests and one vloadn, as the padding is in H and W only and inChs % v = 0)
    stages 2 + 3, kernel 2 (partial convolution, then the final sum in the same kernel):
        mapWrg(1)(inputTile => mapWrg(0)(kernelsGroup =>
          FINAL << PARTIAL) << split(κ) o map(optimiseWindow) << kernelsWeights
        ) << map(split(σ) o map(optimiseWindow) o join o slideND(kerH, kerW, 1, 1))
          o join o slideStrictND(θ, θ, θ - kerH + 1, θ - kerW + 1) << padded
      PARTIAL = mapLcl(1)(windowGroup => mapLcl(0)((chunkW, chunkK) =>            Listing 4.2 lines 18-41
          mapSeqUnroll(mapSeqUnroll(toLocal(id))) o join o reduceSeq(
            init = mapSeqUnroll(mapSeqUnroll(toPrivate(id))) << value(0, [[float]σ]κ),     κ·σ accumulators
            f = (acc2D, (windowGroup2D, kernelGroup2D)) =>
              let(windowGroup1D => let(kernelGroup1D =>                                     prefetch
                mapSeqUnroll((acc1D, kernelVec) => mapSeqUnroll((acc, inputVec) =>
                    dotAndSumUp(acc, inputVec, kernelVec)) << zip(acc1D, windowGroup1D)
                  ) << zip(acc2D, kernelGroup1D)
              ) << mapSeqUnroll(toPrivate(vectorise(v, id))) << kernelGroup2D
              ) << mapSeqUnroll(toPrivate(vectorise(v, id))) << windowGroup2D
          ) << zip(transpose(chunkW), transpose(chunkK))                                ω/v iterations
        ) << zip(transpose(windowGroup), transpose(kernelsGroup))
      ) << inputTile                                        partial sums: local [nWin/σ][nChunks][κ][σ]
      FINAL = mapLcl(1)(kernelRow => mapLcl(0)(chunks =>
          toGlobal(mapSeq(id)) o reduceSeq(toPrivate(id) << value(0, float), add) << chunks) << kernelRow
        ) << map(join o map(transpose)) o transpose o map(transpose) << PARTIAL   [κ][nWin][nChunks] of local
      optimiseWindow(w) = split(ω/v) o reorder(windowSize/ω) o asVector(v) o join o join << w   (Listing 4.3)
    stage 4, kernel 3 (crop): the per-tile results reassembled into the image by views, cropped with negative
      padding (ρ rows, ρW columns; cropSize = ρ / stride) and copied: mapGlb(1)(mapGlb(0)(toGlobal(mapSeq(id)))).
      cropView = 1: no kernel; the same views are kernel 2's result, so its final sums (toGlobal) are written
      through them into the image: the code generator inverts split, join and transpose onto the output buffer
      and guards the writes of the cropped windows (a test of the image row and column, none when ρ = ρW = 0)

The derivation (`plan`, each step one rule at one site, the site picked by the IR's structure: the primitives and
user functions a term holds, the program inputs it reads, never the printed text or a binder's name):
  1. padOptimise2D(ρ, ρW) pads more and crops the extra windows; slideTiling2DStrict(θ) cuts the windows into
     θ x θ tiles; the crops move out past the windows' flattening (mapFusion, cropMap, mapFission); the sum of
     products becomes one fold (reduceMapFusion, multAndSumUpFusion), reads vectors (dotVectorise(v)), coalesced
     chunks (reorderZip(windowSize/ω)) and sums of chunk sums (partialSumZip(ω/v));
  2. the benchmark's kernel is inlined (kernelInline, dropTransfer), the crops move to the output, the padded
     input becomes kernel 1 (materialiseKernel, mapGlb(1), mapGlb(0); not with padView = 1: the padding stays a
     view, which kernelOutline (step 6) takes into kernel 2 with the input it reads);
  3. the computation moves into the tiles through the windows' re-assembly (mapFusion, mapJoin, mapMapTranspose,
     joinSplit, mapFission);
  4. per tile, the optimised windows and kernels leave the reduction (mapViewFission), kernels go outside windows
     (mapInterchange, unitJoinTranspose) in groups of κ (splitJoin(κ), mapJoin);
  5. the per-tile output views join the re-assembly (splitTranspose, splitMap, transposeMapMap): kernel 3's view;
  6. kernel 3 (materialiseKernel) and kernel 2 (kernelOutline); with cropView = 1 kernelOutline of the whole
     program instead (the views of step 5 over the computation: one kernel, no copy maps);
  7. windows in groups of σ (splitJoin(σ), mapViewFission), the final sum apart (mapFission, joinSwap), kernel
     groups interchanged with window groups, and one reduce per chunk keeps κ x σ accumulators (blockReduce2D);
  8. prefetchVectors (twice), privateAccumulators, localResults;
  9. mapWrg(1), mapWrg(0), mapLcl(1), mapLcl(0) (twice each), reduceSeq, privateInit, globalResult; unroll:
     unrollOver(ω/v) on the chunk loop; every map over κ or σ elements unrolled (unrollOver(σ, κ)).
The switches choose steps: v = 1 skips dotVectorise (multAndSumUp, toPrivate(id) prefetch, chunks of ω), coalesce
= 0 skips reorderZip, unroll = 1 adds unrollOver(ω/v), padView = 1 skips step 2's materialiseKernel of the padded
input and the mapGlb(1), mapGlb(0) of its copy, cropView = 1 replaces step 6's materialiseKernel, kernelOutline of
the computation and mapGlb(1), mapGlb(0) of the copy by kernelOutline of the whole program.

Tuning parameters (Table 4.2, plus Table 4.4's two switches, a separate right-edge padding and the pad switch):
θ input tile side, σ windows per thread, κ kernels per work group, ω input elements per thread and chunk,
v vector width, ρ bottom optimisational padding, ρW right optimisational padding (= ρ for square layers),
unroll (reduceSeqUnroll for the ω/v loop), coalesce (the reorder of Listing 4.3), padView (0: kernel 1
materialises the padded input, the thesis' program; 1: kernel 2 reads it as a view), cropView (0: kernel 3
re-assembles and crops, the thesis' program; 1: kernel 2 writes the image through those views). Constraints: see
`_check`.
Geometry (Table 4.1): work groups (outChs/κ, nTiles), local size (windowSize/ω, nWindowsInTile/σ).
"""

from __future__ import annotations

import functools

import sympy

from .. import arith
from ..ir.node import FunCall, Lambda, Literal, Param, Prim, Program, UserFun
from ..ir.ops import Op
from ..ir.terms import binary_userfun, by_identity, contains, free_vars, is_call
from ..ir.userfuns import ADD, MULT_AND_SUM_UP
from ..rewrite import rules_window as W
from ..rewrite.catalog import BY_NAME
from ..rewrite.rules_algorithmic import split_join
from ..suite.conv import PAD, STRIDE
from ..types import ArrayType
from . import derivation, shape
from .default import finish
from .lowered import KernelLaunch, Lowering, Strategy, TuningParam, largest_divisor

PAD_VIEW = "padView"  # the switch that reads the input through the padding view (no pad kernel)
CROP_VIEW = "cropView"  # the switch that writes the results through the re-assembly and crop views (no crop kernel)
PARAMS = (
    TuningParam("θ", "input tile side (θ >= kerH, kerW; the padded input is tiled exactly: "
                     "(inH + 2 + ρ - θ) % (θ - kerH + 1) = 0 and (inW + 2 + ρW - θ) % (θ - kerW + 1) = 0)"),
    TuningParam("σ", "sliding windows per thread (nWindowsInTile % σ = 0)"),
    TuningParam("κ", "kernels per work group (outChs % κ = 0)"),
    TuningParam("ω", "input elements per thread and window chunk (windowSize % ω = 0, ω % v = 0)"),
    TuningParam("v", "vector width of loads and dot products, 1, 2, 3, 4, 8 or 16 (inChs % v = 0)"),
    TuningParam("ρ", "optimisational padding at the bottom (>= 0), cropped afterwards"),
    TuningParam("ρW", "optimisational padding on the right (>= 0), cropped afterwards"),
    TuningParam("unroll", "1: the ω/v reduction loop is reduceSeqUnroll; 0: reduceSeq", "switch"),
    TuningParam("coalesce", "1: reorder(windowSize/ω) before chunking (Listing 4.3 coalescing); 0: contiguous chunks",
                "switch"),
    TuningParam(PAD_VIEW, "1: the convolution kernel reads the input through the padding view (no pad kernel); "
                           "0: kernel 1 materialises the padded input", "switch"),
    TuningParam(CROP_VIEW, "1: the convolution kernel writes the image through the re-assembly and crop views (no "
                           "crop kernel); 0: kernel 3 re-assembles and crops the per-tile results", "switch"),
)
# Table 4.4: best parameters for VGG-16 layer 7 (128 x 112 x 112 input, 128 kernels of 3 x 3), in the thesis'
# three kernels (no padding or crop view)
TABLE_4_4 = {"θ": 5, "σ": 3, "κ": 4, "ω": 144, "v": 4, "ρ": 11, "ρW": 11, "unroll": 0, "coalesce": 1, PAD_VIEW: 0,
             CROP_VIEW: 0}
VGG16_7 = {"inH": 112, "inW": 112, "inChs": 128, "outChs": 128, "kerH": 3, "kerW": 3}
SWITCH_NAMES = ("unroll", "coalesce", PAD_VIEW, CROP_VIEW)
WIDTHS = (1, 2, 3, 4, 8, 16)
MAX_WG = 1024
MAX_LOCAL_BYTES = 48 * 1024
MAX_ACCUMULATORS = 256
LOCAL_SIZES = {0: "inChs*kerH*kerW/ω", 1: "(θ - kerH + 1)*(θ - kerW + 1)/σ"}  # Table 4.1's work-group shape


def symbols():
    V = arith.var
    return {k: V(k) for k in ("inH", "inW", "inChs", "outChs", "kerH", "kerW", "θ", "σ", "κ", "ω", "v", "ρ", "ρW")}


def derived(env=None) -> dict[str, sympy.Expr]:
    """Derived sizes (symbolic, or evaluated when `env` binds sizes and parameters)."""
    (pt, pb, pl, pr), (s1, s2) = (PAD, STRIDE)
    x = symbols()
    d = {
        "padH": x["inH"] + pt + pb + x["ρ"], "padW": x["inW"] + pl + pr + x["ρW"],
        "tileStrideH": x["θ"] - x["kerH"] + s1, "tileStrideW": x["θ"] - x["kerW"] + s2,
        "winH": (x["θ"] - x["kerH"]) / s1 + 1, "winW": (x["θ"] - x["kerW"]) / s2 + 1,
        "windowSize": x["inChs"] * x["kerH"] * x["kerW"],
    }
    d["tilesH"] = (d["padH"] - x["θ"]) / d["tileStrideH"] + 1
    d["tilesW"] = (d["padW"] - x["θ"]) / d["tileStrideW"] + 1
    d["nTiles"] = d["tilesH"] * d["tilesW"]
    d["nWindowsInTile"] = d["winH"] * d["winW"]
    d["nChunks"] = d["windowSize"] / x["ω"]
    d["outH"] = x["inH"] + pt + pb - x["kerH"] + 1  # stride 1 (the suite's conv)
    d["outW"] = x["inW"] + pl + pr - x["kerW"] + 1
    d = {k: arith.simplify(v) for k, v in d.items()}
    if env is None:
        return d
    subs = {arith.var(k): int(val) for k, val in env.items()}
    return {k: v.subs(subs) for k, v in d.items()}


# --- site predicates of the derivation -----------------------------------------------------------------------
# Every step picks its site by the structure of the IR: the primitives and user functions a term holds, the
# program inputs it reads, the static parameters of a primitive, never by the printed text or a binder's name.
COMPUTE = frozenset({MULT_AND_SUM_UP.name, *(W.dot_and_sum_up(w).name for w in WIDTHS)})  # the fused computation
REDUCES = (Op.REDUCE, Op.REDUCE_SEQ, Op.REDUCE_SEQ_UNROLL)



def _body(n, op: Op) -> bool:
    """n is a map whose function is `y => op(...)`."""
    f = n.f.funs[0] if is_call(n, Op.MAP) else None
    return isinstance(f, Lambda) and is_call(f.body, op)


def _map_body(n):
    """The body of the function of the map n (`y => body`)."""
    return n.f.funs[0].body


def _nodes(n):
    """n and every node inside it."""
    yield n
    for c in n.children():
        yield from _nodes(c)


@by_identity
def _userfuns(n) -> frozenset[str]:
    """The names of the user functions called in n."""
    out = {n.name} if isinstance(n, UserFun) else set()
    for c in n.children():
        out |= _userfuns(c)
    return frozenset(out)


def _computes(n) -> bool:
    """n holds the convolution's computation (multAndSumUp or a dotAndSumUp) once it is fused."""
    return bool(_userfuns(n) & COMPUTE)


def _static_is(n, op: Op, name: str) -> bool:
    """n is a call of `op` whose first static parameter is the tuning parameter `name`."""
    return is_call(n, op) and bool(n.f.static) and n.f.static[0] == arith.var(name)


def _splits_by(n, name: str) -> bool:
    """n holds a split into chunks of the tuning parameter `name`."""
    return any(isinstance(m, Prim) and m.op is Op.SPLIT and m.static[:1] == (arith.var(name),) for m in _nodes(n))


def _crops(n) -> bool:
    """n holds a crop: a pad by non-positive amounts, not both zero."""
    return any(isinstance(m, Prim) and m.op is Op.PAD and any(s != 0 for s in m.static)
               and all(s == 0 or sympy.sympify(s).could_extract_minus_sign() for s in m.static) for m in _nodes(n))


def _sum_fold(n) -> bool:
    """n is a fold of `add` (the final sum of the chunk sums)."""
    return isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op in REDUCES and binary_userfun(n.f.funs[0]) == ADD


def _holds_sum_fold(n) -> bool:
    """n holds a fold of `add`."""
    return any(_sum_fold(m) for m in _nodes(n))


def _block_fold(n) -> bool:
    """n is the fold of κ x σ register blocks (blockReduce2D): its start is an array value, not a scalar."""
    return (isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op in REDUCES
            and any(isinstance(m, Literal) and isinstance(m.type, ArrayType) for m in _nodes(n.args[0])))


@by_identity
def _holds_block_fold(n) -> bool:
    """n holds the fold of register blocks."""
    return _block_fold(n) or any(_holds_block_fold(c) for c in n.children())


def _ends_in_block_fold(n) -> bool:
    """n is a map whose function's result is computed by the block fold (through views and maps of its result)."""
    if not is_call(n, Op.MAP) or not isinstance(n.f.funs[0], Lambda):
        return False
    e = _map_body(n)
    while isinstance(e, FunCall) and not _block_fold(e):
        e = e.args[-1]
    return _block_fold(e)


def _comp(n) -> bool:
    """a map whose function holds the computation"""
    return is_call(n, Op.MAP) and _computes(n.f)


def _comp_over(op: Op, fun_op: Op | None = None):
    """the computation's map over a call of `op` (a map of `y => fun_op(...)`)"""
    return lambda path, n: _comp(n) and is_call(n.args[0], op) and (fun_op is None or _body(n.args[0], fun_op))


def _comp_over_param(op: Op):
    """the computation's map over `op << y`, y a parameter (the inner map of a fused pair)"""
    return lambda path, n: _comp(n) and is_call(n.args[0], op) and isinstance(n.args[0].args[-1], Param)


def _comp_body(op: Op):
    """the computation's map whose function is `y => op(...)`"""
    return lambda path, n: _comp(n) and _body(n, op)


def _views(fun_op: Op, arg_fun_op: Op):
    """a map of views `y => fun_op(...)` over a map of views `y => arg_fun_op(...)`, both over the computation"""
    return lambda path, n: (_body(n, fun_op) and _body(n.args[0], arg_fun_op) and not _computes(n.f)
                            and not _computes(n.args[0].f) and _computes(n.args[0]))


def _crop_map(path, n) -> bool:
    """a map holding the crop of the optimisational padding"""
    return is_call(n, Op.MAP) and _crops(n)


def _copy_maps(path, n) -> bool:
    """a map of a copy kernel: it writes global memory and does not compute"""
    return contains(n, Op.TO_GLOBAL) and not _computes(n)


def _final(path, n) -> bool:
    """the final sum of the chunk sums (or a map of it): a fold of `add`, not the block fold"""
    return isinstance(n, FunCall) and (_sum_fold(n) or _holds_sum_fold(n.f)) and not _holds_block_fold(n.f)


def plan(program: Program, vec: int, coalesce: bool, pad_view: bool = False, crop_view: bool = False) -> list:
    """The derivation of conv42 from the benchmark's program: (rule, site) steps, see the module doc, up to the
    optional unrolling of the chunk loop (`_unroll_step`, which `_derived` adds for unroll = 1). The program's
    second parameter is the kernels' weights."""
    weights = program.params[1].name
    _, ker_h, ker_w, chans = shape.dims(program.params[1].type)  # the weights: [[[[float]inChs]kerW]kerH]outChs

    def reads_weights(n) -> bool:
        """n reads the weights input"""
        return weights in free_vars(n)

    def windows(n) -> bool:
        """n is a view of the sliding windows, not of the weights"""
        return contains(n, Op.SLIDE) and not reads_weights(n)

    fuse, fission, map_join = BY_NAME["mapFusion"], BY_NAME["mapFission"], BY_NAME["mapJoin"]
    chunk = "ω/v" if vec > 1 else "ω"
    return [
        # 1. optimisational padding, θ x θ tiles of windows, the window optimisation (Listing 4.3)
        (W.pad_optimise_2d("ρ", "ρW"), None),
        (W.slide_tiling_2d_strict("θ"), None),
        (fuse, _crop_map),
        (W.CROP_MAP, lambda path, n: _body(n, Op.JOIN) and is_call(n.args[0], Op.PAD)),
        (fission, _crop_map),
        (W.CROP_MAP, None),
        (BY_NAME["reduceMapFusion"], None),
        (W.MULT_AND_SUM_UP_FUSION, None),
        *([(W.dot_vectorise("v", vec), None)] if vec > 1 else []),
        *([(W.reorder_zip(arith.size(chans) * ker_h * ker_w / arith.var("ω")), None)] if coalesce else []),
        (W.partial_sum_zip(chunk), None),
        # 2. kernel 1: the padded input; the crop at the output
        (W.KERNEL_INLINE, None),
        (W.DROP_TRANSFER, None), (W.DROP_TRANSFER, None), (W.DROP_TRANSFER, None),
        (fuse, _comp_over(Op.MAP, Op.PAD)),
        (W.CROP_MAP, _comp_over_param(Op.PAD)),
        (fission, _comp_body(Op.PAD)),
        (W.CROP_MAP, _comp_over(Op.PAD)),
        *([] if pad_view else [
            (W.MATERIALISE_KERNEL, lambda path, n: _body(n, Op.PAD) and is_call(n.args[0], Op.PAD) and not _crops(n)),
            (BY_NAME["mapGlb(1)"], _copy_maps),
            (BY_NAME["mapGlb(0)"], _copy_maps)]),
        # 3. the computation into the tiles, through the re-assembly of the windows
        (fuse, _comp_over(Op.MAP, Op.MAP)),
        (fuse, _comp_over_param(Op.MAP)),
        (fuse, _comp_over(Op.MAP, Op.JOIN)),
        (map_join, _comp_over_param(Op.JOIN)),
        (fission, _comp_body(Op.JOIN)),
        (map_join, _comp_over(Op.JOIN)),
        (fuse, _comp_over(Op.MAP, Op.TRANSPOSE)),
        (W.MAP_MAP_TRANSPOSE, _comp_over(Op.TRANSPOSE)),
        (fission, _comp_body(Op.TRANSPOSE)),
        (BY_NAME["joinSplit"], _comp_over(Op.SPLIT)),
        (fuse, _comp_over(Op.MAP, Op.SPLIT)),
        (BY_NAME["joinSplit"], lambda path, n: _comp(n) and is_call(n.args[0], Op.SPLIT)),
        (fission, _comp_body(Op.SPLIT)),
        (fuse, lambda path, n: _comp(n) and is_call(n.args[0], Op.MAP) and contains(n.args[0].f, Op.SLIDE)),
        # 4. per tile: optimised windows and kernels out of the reduction, kernels outside windows, κ-groups
        (fuse, lambda path, n: _comp(n) and is_call(n.args[0], Op.MAP) and reads_weights(n.args[0])
         and _body(n.args[0], Op.JOIN)),
        (W.MAP_VIEW_FISSION, lambda path, n: _computes(n.f) and reads_weights(n.args[0])),
        (W.MAP_VIEW_FISSION, lambda path, n: _computes(n.f) and windows(n.args[0])),
        (fission, _comp_body(Op.JOIN)),
        (W.MAP_INTERCHANGE, lambda path, n: _comp(n) and _body(n, Op.MAP) and contains(n.args[0], Op.SLIDE)),
        (W.UNIT_JOIN_TRANSPOSE, None),
        (split_join("κ"), lambda path, n: _comp(n) and reads_weights(n.args[0])),
        (map_join, lambda path, n: _body(n, Op.JOIN) and is_call(n.args[0], Op.JOIN) and _comp(n.args[0].args[0])
         and is_call(n.args[0].args[0].args[0], Op.SPLIT)),
        # 5. the per-tile views into the re-assembly (kernel 3's view)
        (fuse, lambda path, n: _body(n, Op.SPLIT) and _comp(n.args[0])),
        (BY_NAME["splitTranspose"], lambda path, n: is_call(n, Op.SPLIT) and is_call(n.args[0], Op.TRANSPOSE)
         and _computes(n)),
        (fission, _comp_body(Op.MAP)),
        (fission, _comp_body(Op.TRANSPOSE)),
        (fission, _comp_body(Op.MAP)),
        (fission, _comp_body(Op.JOIN)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.MAP) and not is_call(_map_body(n).args[0], Op.SPLIT)
         and not _computes(_map_body(n).f)),
        (fuse, _views(Op.JOIN, Op.MAP)),
        (fuse, _views(Op.MAP, Op.JOIN)),
        (W.SPLIT_MAP, lambda path, n: is_call(n, Op.SPLIT) and _computes(n)),
        (W.SPLIT_MAP, lambda path, n: is_call(n, Op.SPLIT) and _computes(n) and _body(n.args[0], Op.TRANSPOSE)),
        (fuse, _views(Op.TRANSPOSE, Op.MAP)),
        (W.TRANSPOSE_MAP_MAP, None),
        (fuse, _views(Op.MAP, Op.MAP)),
        # 6. kernel 3 (crop) and kernel 2 (convolution)
        *([(W.KERNEL_OUTLINE, lambda path, n: len(path) == 1)] if crop_view else [
            (W.MATERIALISE_KERNEL, lambda path, n: len(path) == 1),
            (W.KERNEL_OUTLINE, lambda path, n: _comp(n)),
            (BY_NAME["mapGlb(1)"], _copy_maps),
            (BY_NAME["mapGlb(0)"], _copy_maps)]),
        # 7. Listing 4.2: windows in groups of σ, the final sum apart, κ x σ register blocks per chunk
        (split_join("σ"), lambda path, n: _comp(n) and windows(n.args[0])),
        (W.MAP_VIEW_FISSION, lambda path, n: _comp(n) and contains(n.args[0], Op.SLIDE_STRICT)),
        (fission, lambda path, n: _comp(n) and isinstance(n.f.funs[0], Lambda) and is_call(_map_body(n), Op.REDUCE)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.MAP) and _body(_map_body(n), Op.REDUCE)
         and not _splits_by(n.args[0], "σ")),
        (BY_NAME["joinSwap"], lambda path, n: _computes(n) and is_call(n.args[0], Op.MAP)
         and _holds_sum_fold(n.args[0].f)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.MAP) and is_call(_map_body(n).args[0], Op.JOIN)
         and _holds_sum_fold(_map_body(n).f)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.JOIN) and isinstance(n.args[0], Param)),
        (W.MAP_INTERCHANGE, lambda path, n: _comp(n) and _body(n, Op.MAP) and isinstance(n.args[0], Param)
         and isinstance(_map_body(n).args[0], Param)),
        (W.BLOCK_REDUCE_2D, None),
        (fission, lambda path, n: _comp(n) and _body(n, Op.MAP) and _holds_block_fold(n.f)
         and is_call(_map_body(n).args[0], Op.TRANSPOSE)),
        (fission, lambda path, n: _comp(n) and _body(n, Op.TRANSPOSE) and _holds_block_fold(n.f)),
        (W.TRANSPOSE_MAP_MAP, lambda path, n: _computes(n)),
        (fuse, _views(Op.JOIN, Op.MAP)),
        # 8. a work item's registers and local memory
        (W.PREFETCH_VECTORS, lambda path, n: is_call(n, Op.GET) and n.f.static[0] == 1),
        (W.PREFETCH_VECTORS, lambda path, n: is_call(n, Op.GET) and n.f.static[0] == 0),
        (W.PRIVATE_ACCUMULATORS, None),
        (W.LOCAL_RESULTS, lambda path, n: _holds_block_fold(n)),
        # 9. mapping (Table 4.1): tiles x κ-groups of work groups; window groups x chunks, then kernels x windows
        (BY_NAME["mapWrg(1)"], lambda path, n: _comp(n) and contains(n.args[0], Op.SLIDE_STRICT)),
        (BY_NAME["mapWrg(0)"], lambda path, n: _comp(n) and _static_is(n.args[0], Op.SPLIT, "κ")),
        (BY_NAME["mapLcl(1)"], lambda path, n: _body(n, Op.MAP) and _ends_in_block_fold(_map_body(n))),
        (BY_NAME["mapLcl(0)"], lambda path, n: _ends_in_block_fold(n)),
        (BY_NAME["mapLcl(1)"], lambda path, n: is_call(n, Op.MAP) and _final(path, n)),
        (BY_NAME["mapLcl(0)"], lambda path, n: is_call(n, Op.MAP) and _final(path, n)),
        (BY_NAME["reduceSeq"], lambda path, n: _block_fold(n)),
        (BY_NAME["reduceSeq"], _final),
        (W.PRIVATE_INIT, _final),
        (W.GLOBAL_RESULT, _final),
    ]


def _unroll_step(vec: int) -> tuple:
    """unroll = 1: the chunk loop (over ω/v, or ω without vectors) unrolled, the step after `plan`'s."""
    return (W.unroll_over("ω/v" if vec > 1 else "ω"), lambda path, n: _block_fold(n))


def build_conv(bench, vec: int, unroll: bool, coalesce: bool, pad_view: bool = False,
               crop_view: bool = False) -> Program:
    """conv42 derived from the benchmark's program by `plan`'s rules; the registers' maps unrolled (κ, σ).
    Symbolic in the sizes and the other parameters: derived once per structure (the dot width, the switches)."""
    return _derived(bench.program, vec, bool(unroll), bool(coalesce), bool(pad_view), bool(crop_view))


@functools.cache
def _derived(program: Program, vec: int, unroll: bool, coalesce: bool, pad_view: bool, crop_view: bool) -> Program:
    p = _planned(program, vec, coalesce, pad_view, crop_view)
    if unroll:
        p = derivation.steps(p, [_unroll_step(vec)], name="conv42")
    p = derivation.steps(p, [derivation.Step(W.unroll_over("σ", "κ"), every=True)], name="conv42")
    return derivation.point_free_wrappers(finish(p))


@functools.cache
def _planned(program: Program, vec: int, coalesce: bool, pad_view: bool, crop_view: bool) -> Program:
    """`plan`'s steps, without the optional unrolling: derived once for both values of the switch."""
    return derivation.steps(derivation.start(program), plan(program, vec, coalesce, pad_view, crop_view),
                            name="conv42")


def _choose(s) -> dict[str, int]:
    sizes = {k: s[k] for k in VGG16_7}
    base = dict(TABLE_4_4) if sizes == VGG16_7 else {}
    out = {**base, **{k: s[k] for k in TABLE_4_4 if k in s}}
    (pt, pb, pl, pr), (s1, s2) = (PAD, STRIDE)
    kh, kw, c, m = s["kerH"], s["kerW"], s["inChs"], s["outChs"]
    ph0, pw0 = s["inH"] + pt + pb, s["inW"] + pl + pr
    if "θ" not in out:
        out["θ"] = min(max(kh, kw) + 2, ph0, pw0)
    th = out["θ"]
    if "ρ" not in out:
        ts = th - kh + s1
        out["ρ"] = next((r for r in range(max(ts, 1)) if (ph0 + r - th) % ts == 0), 0) if ts > 0 else 0
    if "ρW" not in out:
        ts = th - kw + s2
        out["ρW"] = next((r for r in range(max(ts, 1)) if (pw0 + r - th) % ts == 0), 0) if ts > 0 else 0
    nwin = max(((th - kh) // s1 + 1) * ((th - kw) // s2 + 1), 1)
    out.setdefault("σ", largest_divisor(nwin, 4) or 1)
    out.setdefault("κ", largest_divisor(m, 4) or 1)
    out.setdefault("v", next(w for w in (4, 2, 1) if c % w == 0))
    ws = c * kh * kw
    out.setdefault("ω", largest_divisor(ws, max(out["v"], ws // 8), out["v"]) or ws)
    out.setdefault("unroll", 0)
    out.setdefault("coalesce", 1)
    out.setdefault(PAD_VIEW, 0)
    out.setdefault(CROP_VIEW, 0)
    return out


def _check(s, v) -> list[str]:
    (_pt, _pb, _pl, _pr), (s1, s2) = (PAD, STRIDE)
    bad: list[str] = []

    def need(cond: bool, text: str):
        if not cond:
            bad.append(text)

    if (s1, s2) != (1, 1):
        return [f"the conv42 lowering's crop assumes stride 1, the program has {(s1, s2)}"]
    for k in ("θ", "σ", "κ", "ω", "v"):
        if v[k] < 1:
            return [f"{k} must be a positive integer, got {v[k]}"]
    need(v["ρ"] >= 0 and v["ρW"] >= 0, "ρ >= 0 and ρW >= 0")
    need(all(v.get(k, 0) in (0, 1) for k in SWITCH_NAMES), "unroll, coalesce, padView and cropView are 0 or 1")
    if bad:
        return bad
    d = {k: e for k, e in derived({**s, **v}).items()}
    th, kh, kw = v["θ"], s["kerH"], s["kerW"]
    need(th >= kh and th >= kw, f"θ >= kerH, kerW (θ = {th})")
    need(th <= d["padH"] and th <= d["padW"], f"θ <= the padded input ({d['padH']} x {d['padW']})")
    if bad:
        return bad
    need((d["padH"] - th) % d["tileStrideH"] == 0,
         f"tiles cover the padded height: (inH + 2 + ρ - θ) % (θ - kerH + 1) = ({d['padH']} - {th}) % "
         f"{d['tileStrideH']} = 0")
    need((d["padW"] - th) % d["tileStrideW"] == 0,
         f"tiles cover the padded width: (inW + 2 + ρW - θ) % (θ - kerW + 1) = ({d['padW']} - {th}) % "
         f"{d['tileStrideW']} = 0")
    nwin, ws = int(d["nWindowsInTile"]), int(d["windowSize"])
    need(nwin % v["σ"] == 0, f"nWindowsInTile % σ = 0 ({nwin} % {v['σ']})")
    need(s["outChs"] % v["κ"] == 0, f"outChs % κ = 0 ({s['outChs']} % {v['κ']})")
    need(ws % v["ω"] == 0, f"windowSize % ω = 0 ({ws} % {v['ω']})")
    need(v["v"] in WIDTHS, f"v in {WIDTHS} (v = {v['v']})")
    need(v["ω"] % v["v"] == 0, f"ω % v = 0 ({v['ω']} % {v['v']})")
    need(s["inChs"] % v["v"] == 0, f"inChs % v = 0: a vector never straddles two pixels ({s['inChs']} % {v['v']})")
    if bad:
        return bad
    wg = (ws // v["ω"]) * (nwin // v["σ"])
    need(wg <= MAX_WG, f"work-group size (windowSize/ω)(nWindowsInTile/σ) = {wg} <= {MAX_WG}")
    lmem = 4 * nwin * v["κ"] * (ws // v["ω"])
    need(lmem <= MAX_LOCAL_BYTES, f"local memory 4 * nWindowsInTile * κ * windowSize/ω = {lmem} <= {MAX_LOCAL_BYTES}")
    need(v["κ"] * v["σ"] <= MAX_ACCUMULATORS, f"κ * σ = {v['κ'] * v['σ']} <= {MAX_ACCUMULATORS} accumulators")
    return bad


def facts(s, v) -> dict[str, int]:
    """The structural facts of §6.6 for these sizes and parameters (loop trip count, accumulators, buffers)."""
    d = derived({**s, **v})
    ws, nwin = int(d["windowSize"]), int(d["nWindowsInTile"])
    nchunks = ws // v["ω"]
    return {
        "reduce_iterations": v["ω"] // v["v"], "accumulators": v["κ"] * v["σ"],
        "private_vectors": v["κ"] + v["σ"], "local_floats": nwin * v["κ"] * nchunks,
        "final_reduce_iterations": nchunks, "work_groups_0": s["outChs"] // v["κ"], "work_groups_1": int(d["nTiles"]),
        "local_size_0": nchunks, "local_size_1": nwin // v["σ"],
    }


STRATEGY = Strategy('HWC convolution', ('conv42',),
                    'an image [[[float]C]W]H, weights [[[[float]C]kW]kH]M and sliding windows (roles inH, inW, inChs, '
                    'outChs, kerH, kerW)',
                    "the thesis's low-level convolution, Listing 4.6 with the tuning parameters of Table 4.2 (thesis "
                    '§4.2.4)',
                    __name__)


def lowerings_for(bench) -> list[Lowering]:
    """`conv42` for every program of the HWC convolution's shape (`shape.convolution`: roles inH, inW, inChs,
    outChs, kerH, kerW)."""
    sh = shape.convolution(bench.program, (p.name for p in PARAMS))
    if sh is None:
        return []

    def build(s, v):
        r = sh.bind(s)
        p = build_conv(bench, v["v"], bool(v["unroll"]), bool(v["coalesce"]), bool(v.get(PAD_VIEW, 0)),
                       bool(v.get(CROP_VIEW, 0)))
        f = facts(r, v)
        d = derived({**r, **v})
        ph, pw, oh, ow = (int(d[k]) for k in ("padH", "padW", "outH", "outW"))
        local = (f["local_size_0"], f["local_size_1"])
        launches = (*(() if v.get(PAD_VIEW, 0) else (KernelLaunch((pw, ph)),)),
                    KernelLaunch((f["work_groups_0"] * local[0], f["work_groups_1"] * local[1]), local),
                    *(() if v.get(CROP_VIEW, 0) else (KernelLaunch((ow, oh)),)))
        return p, launches, f

    return [Lowering(bench.name, "conv42", __doc__.split("\n\n")[0], PARAMS, build, lambda s: _choose(sh.bind(s)),
                     lambda s, v: _check(sh.bind(s), v), {d: sh.express(e) for d, e in LOCAL_SIZES.items()})]
