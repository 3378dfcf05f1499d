"""Programs the constraint layer is tested and benchmarked on (built with the IR DSL).

- `fig52(memory)`: the Ch5 example f(X, y, z) = X * y + z of Fig 5.2a (maps A, B, C, D); `memory` says where
  D writes ("global", "local" or "private"; B then writes global through toGlobal, as in the thesis' examples).
- `conv_layer()`: Listing 4.2 (partial convolution with the window layout of Listing 4.3) followed by the in-kernel
  sum of the partial results of Listing 4.6, partial results in local memory as in Listing 4.6. Tuning parameters
  of Table 4.2: theta (input tile), rho (optimisational padding), kappa (kernels per work-group), sigma (windows
  per thread), omega (sequentially processed elements), v (vector width); `CONV_LOCAL_SIZES` is Table 4.1.
- `mm_tiled()`: matrix multiplication C = A x B^T tiled for work-groups (tm x tn output tiles, tk-deep slices of
  A and B staged in local memory with v-wide vector copies) and register-blocked per work item (rm x rn private
  accumulators); `MM_LOCAL_SIZES` is (tn/rn, tm/rm).
"""

from __future__ import annotations

from ..ir.build import (
    as_scalar,
    as_vector,
    get,
    join,
    lam,
    let,
    map_,
    map_lcl,
    map_seq,
    map_wrg,
    pad_nd,
    program,
    reduce_seq,
    reorder,
    slide_nd,
    slide_strict_nd,
    split,
    to_global,
    to_local,
    to_private,
    transpose,
    value,
    zip_,
)
from ..ir.node import Prim, Program, with_children
from ..ir.ops import MAPS, Op
from ..ir.userfuns import ADD, ID, MULT, MULT_AND_SUM_UP, userfun
from ..types import FLOAT, array, vector

VGG_LAYER_7 = {"inH": 112, "inW": 112, "inChs": 128, "outChs": 128}
CONV_LOCAL_SIZES = {0: "9*inChs/omega", 1: "(theta - 2)**2/sigma"}  # Table 4.1: chunks, window groups
MM_LOCAL_SIZES = {0: "tn/rn", 1: "tm/rm"}

DOT_AND_SUM_UP = userfun("dotAndSumUp", "acc l r", (FLOAT, vector(FLOAT, "v"), vector(FLOAT, "v")), FLOAT,
                         "return acc + dot(l, r);", "acc + np.sum(l * r, axis=-1)")


def fig52(memory: str = "global") -> Program:
    """join o mapA(mapB(_ + z) o join o mapC(mapD(_ * y)) o split(s1)) o split(s0) << X   (Fig 5.2a)."""
    keep = lambda f: f  # noqa: E731
    wrap_d = {"global": keep, "local": to_local, "private": to_private}[memory]
    wrap_b = keep if memory == "global" else to_global

    def body(X, y, z):
        mul = wrap_d(lam(lambda e: MULT(e, y)))
        add = wrap_b(lam(lambda e: ADD(e, z)))
        inner = lam(lambda chunk: map_(add) @ join() @ map_(map_(mul)) @ split("s1") << chunk)
        return join() @ map_(inner) @ split("s0") << X

    return program(f"fig52_{memory}", {"X": array(FLOAT, "n"), "y": FLOAT, "z": FLOAT}, body)


def _optimise_window(window):
    """Listing 4.3: flatten, reorder for coalescing, chunk by omega, vectorise by v."""
    flat = join() @ join() << window
    return map_(as_vector("v")) @ split("omega") @ reorder("9*inChs/omega") << flat


def conv_layer() -> Program:
    """Listing 4.2 + the final sum of Listing 4.6 (3x3 kernels, stride 1, padding 1, as every VGG-16 layer)."""

    def partial_chunk(cw, ck):
        init = map_seq(map_seq(to_private(ID))) << value(0, array(FLOAT, "kappa", "sigma"))

        def step(acc, pr):
            def compute(wv):
                def with_kernels(kv):
                    return map_seq(lambda ak: map_seq(
                        lambda aw: DOT_AND_SUM_UP(get(0) << aw, get(1) << aw, get(1) << ak)
                    ) << zip_(get(0) << ak, wv)) << zip_(acc, kv)

                return let(with_kernels) << (map_seq(to_private(ID)) << (get(1) << pr))

            return let(compute) << (map_seq(to_private(ID)) << (get(0) << pr))

        return (map_seq(map_seq(to_local(ID))) @ join() @ reduce_seq(init, step)
                << zip_(transpose() << cw, transpose() << ck))

    def work_group(tile, kgroup):
        partial = map_lcl(1, lambda wgroup: map_lcl(
            0, lambda pr: partial_chunk(get(0) << pr, get(1) << pr)
        ) << zip_(transpose() << wgroup, transpose() << kgroup)) << tile
        rearranged = (map_(join()) @ map_(map_(transpose())) @ transpose() @ map_(transpose())) << partial
        return map_lcl(1, lambda kv: map_lcl(
            0, lambda win: map_seq(to_global(ID)) << (reduce_seq(value(0, FLOAT), ADD) << win)
        ) << kv) << rearranged

    def body(inp, weights):
        padded = pad_nd((0, "rho", 0, "rho"), value(0, FLOAT)) << (pad_nd((1, 1, 1, 1), value(0, FLOAT)) << inp)
        tiles = join() << (slide_strict_nd(("theta", "theta"), ("theta - 2", "theta - 2")) << padded)
        windows = map_(lambda t: join() << (slide_nd((3, 3), (1, 1)) << t)) << tiles
        inputs6d = map_(lambda t: split("sigma") @ map_(_optimise_window) << t) << windows
        kernels5d = split("kappa") @ map_(_optimise_window) << weights
        return map_wrg(1, lambda tile: map_wrg(0, lambda kg: work_group(tile, kg)) << kernels5d) << inputs6d

    return program("conv_layer", {"input": array(FLOAT, "inH", "inW", "inChs"),
                                  "weights": array(FLOAT, "outChs", 3, 3, "inChs")}, body)


def mm_tiled() -> Program:
    """C[M][N] = sum_k A[M][K] * Bt[N][K], 2-level tiled (work-group tiles, register blocks)."""

    def stage(rows):  # [[float]tk]t -> local [[float]tk]t through v-wide copies
        copy = to_local(map_lcl(1, map_lcl(0, ID)))
        return map_(as_scalar()) << (copy << (map_(as_vector("v")) << rows))

    def work_group(a_tile, b_tile):
        slices = zip_(transpose() @ map_(split("tk")) << a_tile, transpose() @ map_(split("tk")) << b_tile)
        init = map_lcl(1, map_lcl(0, map_seq(map_seq(to_private(ID))))) << value(
            0, array(FLOAT, "tm/rm", "tn/rn", "rm", "rn"))

        def step(acc, pr):
            def with_a(a_loc):
                def with_b(b_loc):
                    def thread(acc_blk, a_blk, b_blk):
                        def kstep(acc2, ab):
                            return map_seq(lambda ra: map_seq(
                                lambda rb: MULT_AND_SUM_UP(get(0) << rb, get(1) << ra, get(1) << rb)
                            ) << zip_(get(0) << ra, get(1) << ab)) << zip_(acc2, get(0) << ab)

                        return join() << (reduce_seq(acc_blk, kstep)
                                          << zip_(transpose() << a_blk, transpose() << b_blk))

                    return map_lcl(1, lambda ra: map_lcl(
                        0, lambda rb: thread(get(0) << rb, get(1) << ra, get(1) << rb)
                    ) << zip_(get(0) << ra, split("rn") << b_loc)) << zip_(acc, split("rm") << a_loc)

                return let(with_b) << stage(get(1) << pr)

            return let(with_a) << stage(get(0) << pr)

        result = join() << (reduce_seq(init, step) << slices)
        return map_lcl(1, map_lcl(0, map_seq(map_seq(to_global(ID))))) << result

    def body(a, bt):
        return map_wrg(1, lambda at: map_wrg(0, lambda bt_: work_group(at, bt_)) << (split("tn") << bt)
                       ) << (split("tm") << a)

    return program("mm_tiled", {"A": array(FLOAT, "M", "K"), "Bt": array(FLOAT, "N", "K")}, body)


def delower(p: Program) -> Program:
    """The program with every mapSeq/mapLcl/mapWrg/mapGlb turned back into a plain `map` (for mapping spaces)."""

    def go(n):
        kids = [go(k) for k in n.children()]
        new = with_children(n, kids) if kids else n
        if isinstance(new, Prim) and new.op in MAPS:
            return Prim(Op.MAP, (), new.funs)
        return new

    return go(p)
