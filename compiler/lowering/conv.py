"""conv "conv42": the thesis' low-level convolution (Listings 4.2 and 4.3, §4.2.4), three OpenCL kernels.

    stage 1, kernel 1 (pad): the input padded functionally (1, 1, 1, 1) and optimisationally (ρ rows at the
      bottom, ρW columns on the right) so that θ x θ tiles cover it exactly:
        mapGlb(1)(mapGlb(0)(toGlobal(mapSeq(id)))) << padND(1, 1 + ρ, 1, 1 + ρW, 0) << inputData
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
        ) << map(join) o transposeND(2, 0, 3, 1) << PARTIAL                   [κ][nWin][nChunks] of local
      optimiseWindow(w) = split(ω/v) o reorder(windowSize/ω) o asVector(v) o join o join << w   (Listing 4.3)
    stage 4, kernel 3 (crop): the per-tile results reassembled into the image by views, cropped with negative
      padding (ρ rows, ρW columns; cropSize = ρ / stride) and copied: mapGlb(1)(mapGlb(0)(toGlobal(mapSeq(id)))).

Tuning parameters (Table 4.2, plus Table 4.4's two switches and a separate right-edge padding):
θ input tile side, σ windows per thread, κ kernels per work group, ω input elements per thread and chunk,
v vector width, ρ bottom optimisational padding, ρW right optimisational padding (= ρ for square layers),
unroll (reduceSeqUnroll for the ω/v loop), coalesce (the reorder of Listing 4.3). Constraints: see `_check`.
Geometry (Table 4.1): work groups (outChs/κ, nTiles), local size (windowSize/ω, nWindowsInTile/σ).
"""

from __future__ import annotations

import sympy

from .. import arith
from ..ir.build import (
    as_vector,
    get,
    join,
    let,
    map_,
    map_glb,
    map_lcl,
    map_seq,
    map_seq_unroll,
    map_wrg,
    ocl_kernel,
    pad,
    pad_nd,
    reduce_seq,
    reduce_seq_unroll,
    reorder,
    slide_nd,
    slide_strict_nd,
    split,
    to_global,
    to_local,
    to_private,
    transpose,
    transpose_nd,
    value,
    vectorise,
    zip_,
)
from ..ir.node import Program
from ..ir.userfuns import ADD, ID, MULT_AND_SUM_UP
from ..rewrite.rules_window import dot_and_sum_up
from ..suite.conv import PAD, STRIDE
from ..types import FLOAT, array
from .default import finish
from .lowered import KernelLaunch, Lowering, TuningParam, largest_divisor

ZERO = value(0, FLOAT)
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
)
# Table 4.4: best parameters for VGG-16 layer 7 (128 x 112 x 112 input, 128 kernels of 3 x 3)
TABLE_4_4 = {"θ": 5, "σ": 3, "κ": 4, "ω": 144, "v": 4, "ρ": 11, "ρW": 11, "unroll": 0, "coalesce": 1}
VGG16_7 = {"inH": 112, "inW": 112, "inChs": 128, "outChs": 128, "kerH": 3, "kerW": 3}
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


def build_conv(bench, vec: int, unroll: bool, coalesce: bool) -> Program:
    (pt, pb, pl, pr), (s1, s2) = (PAD, STRIDE)
    x = symbols()
    d = derived()
    θ, σ, κ, ω, v, ρ, ρW = (x[k] for k in ("θ", "σ", "κ", "ω", "v", "ρ", "ρW"))
    kh, kw = x["kerH"], x["kerW"]
    vectorised = vec > 1
    op = dot_and_sum_up(vec) if vectorised else MULT_AND_SUM_UP
    chunk_len = arith.simplify(ω / v) if vectorised else ω

    def optimise_window(w):  # Listing 4.3: flatten, vectorise, coalesce, chunk
        flat = join() << (join() << w)
        if vectorised:
            flat = as_vector(v) << flat
        if coalesce:
            flat = reorder(d["nChunks"]) << flat
        return split(chunk_len) << flat

    fetch = to_private(vectorise(v, ID)) if vectorised else to_private(ID)

    def step(acc2D, pair):
        return let(lambda windowGroup1D: let(lambda kernelGroup1D: map_seq_unroll(
            lambda accRow_kernelVec: map_seq_unroll(
                lambda acc_inputVec: op(get(0) << acc_inputVec, get(1) << acc_inputVec, get(1) << accRow_kernelVec)
            ) << zip_(get(0) << accRow_kernelVec, windowGroup1D)
        ) << zip_(acc2D, kernelGroup1D)
        ) << (map_seq_unroll(fetch) << (get(1) << pair))
        ) << (map_seq_unroll(fetch) << (get(0) << pair))

    reducer = reduce_seq_unroll if unroll else reduce_seq

    def partial(inputTile, kernelsGroup):
        init = map_seq_unroll(lambda accInit: map_seq_unroll(to_private(ID)) << accInit) << value(0, array(FLOAT, κ, σ))

        def thread(chunks):
            red = reducer(init, step) << zip_(transpose() << (get(0) << chunks), transpose() << (get(1) << chunks))
            return map_seq_unroll(lambda accOut: map_seq_unroll(to_local(ID)) << accOut) << (join() << red)

        return map_lcl(1, lambda windowGroup: map_lcl(0, thread) << zip_(transpose() << windowGroup,
                                                                         transpose() << kernelsGroup)) << inputTile

    def final(parts):
        view = map_(join()) << (transpose_nd(2, 0, 3, 1) << parts)
        return map_lcl(1, lambda kernelRow: map_lcl(
            0, lambda chunkSums: to_global(map_seq(ID)) << (reduce_seq(to_private(ID) << ZERO, ADD) << chunkSums)
        ) << kernelRow) << view

    def conv_kernel(padded, weights):
        tiles = map_(lambda tile: split(σ) << (map_(optimise_window) << (join() << (
            slide_nd((kh, kw), (s1, s2)) << tile)))) << (join() << (
                slide_strict_nd((θ, θ), (d["tileStrideH"], d["tileStrideW"])) << padded))
        groups = split(κ) << (map_(optimise_window) << weights)
        return map_wrg(1, lambda inputTile: map_wrg(0, lambda kernelsGroup: final(partial(inputTile, kernelsGroup)))
                       << groups) << tiles

    def copy2d(view):
        return map_glb(1, lambda row: map_glb(0, lambda px: to_global(map_seq(ID)) << px) << row) << view

    def pad_kernel(inputData):
        return copy2d(pad_nd((pt, pb + ρ, pl, pr + ρW), ZERO) << inputData)

    def crop_kernel(partials):  # [nTiles][outChs/κ][κ][nWin][1] -> [outH][outW][outChs]
        a = map_(join()) << (map_(map_(map_(join()))) << partials)  # [nTiles][outChs][nWin]
        b = split(d["tilesW"]) << (map_(map_(split(d["winW"]))) << a)  # [tilesH][tilesW][outChs][winH][winW]
        c = map_(join()) << (join() << (transpose_nd(0, 3, 1, 4, 2) << b))  # [H'][W'][outChs]
        hh = arith.simplify(d["tilesH"] * d["winH"])
        ww = arith.simplify(d["tilesW"] * d["winW"])
        cropped = map_(pad(0, arith.simplify(d["outW"] - ww), ZERO)) << (pad(0, arith.simplify(d["outH"] - hh),
                                                                              ZERO) << c)
        return copy2d(cropped)

    inp, wts = bench.program.params
    padded = ocl_kernel(pad_kernel)(inp)
    parts = ocl_kernel(conv_kernel)(padded, wts)
    body = ocl_kernel(crop_kernel)(parts)
    return finish(Program(bench.program.name, bench.program.params, body))


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
    need(v["unroll"] in (0, 1) and v["coalesce"] in (0, 1), "unroll and coalesce are 0 or 1")
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


def lowerings_for(bench) -> list[Lowering]:
    if bench.name != "conv":
        return []

    def build(s, v):
        p = build_conv(bench, v["v"], bool(v["unroll"]), bool(v["coalesce"]))
        f = facts(s, v)
        d = derived({**s, **v})
        ph, pw, oh, ow = (int(d[k]) for k in ("padH", "padW", "outH", "outW"))
        local = (f["local_size_0"], f["local_size_1"])
        launches = (KernelLaunch((pw, ph)),
                    KernelLaunch((f["work_groups_0"] * local[0], f["work_groups_1"] * local[1]), local),
                    KernelLaunch((ow, oh)))
        return p, launches, f

    return [Lowering(bench.name, "conv42", __doc__.split("\n\n")[0], PARAMS, build, _choose, _check,
                     LOCAL_SIZES)]

