"""Kernels that Table 1 of P000 counts alike but that run at different speeds: the two features beyond it
(flops_pt, idx_divmod_pt) tell them apart. The kernels are rebuilt from their decisions at a small size."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import kir
from compiler.codegen.index import Var, compare, var
from compiler.perf import features as hw
from compiler.types import FLOAT
from lift_gym import transition

TABLE1 = hw.FEATURE_NAMES[:15]
GPU = hw.DeviceModel(32, 128)
SIZE = "M=32&N=32"
CONFIG = transition.Config(max_rewrites=1, max_nodes=96, n_slots=16)  # one rewrite, then the mapping


def play(bench: str, *steps: str) -> transition.State:
    """The episode on `bench` at SIZE taking, in order, the legal actions described as `steps` (a tuning value as
    "= v")."""
    s = transition.initial(f"benchmark://lift/{bench}?{SIZE}", 0, CONFIG)
    for want in steps:
        legal = [int(a) for a in np.flatnonzero(transition.legal_actions(s))]
        named = {transition.describe_action(s, a): a for a in legal}
        hits = [a for d, a in named.items() if d == want or d.endswith(f"({want})")]
        assert len(hits) == 1, f"{want!r} is not one legal action of {sorted(named)}"
        s = transition.step(s, hits[0])
    assert transition.is_terminal(s)
    return s


def features_of(s: transition.State) -> dict[str, float]:
    prog, sizes, local = s.decided()
    return hw.as_dict(hw.program_features(prog, sizes, local, GPU))


def test_the_same_kernel_shape_of_three_stencils_differs_in_arithmetic_only():
    """One work item per point and a work group of 1: 5 loads and 1 store each; the user functions (a weighted
    sum, a gradient norm with sqrt, the SRAD coefficient) are what differs."""
    steps = ("reorderStride(4) at site #2", "mapGlb(0)", "fused", "mapSeq", "= 1")
    f = {b: features_of(play(b, *steps)) for b in ("jacobi2d-5pt", "gradient", "srad1")}
    assert len({tuple(v[n] for n in TABLE1) for v in f.values()}) == 1
    assert f["jacobi2d-5pt"]["glb_ld_pt"] == 5 and f["jacobi2d-5pt"]["ls0"] == 1
    assert f["jacobi2d-5pt"]["flops_pt"] == 10  # 5 multiplications, 4 additions, 1 division
    assert f["jacobi2d-5pt"]["flops_pt"] < f["gradient"]["flops_pt"] < f["srad1"]["flops_pt"]


def test_a_grid_walked_by_one_flat_id_differs_from_one_walked_by_group_and_local_ids():
    """stencil2d, one thread per point and a work group per row of 32 either way: mapGlb over the flattened grid
    finds each neighbour's row and column as gl_id_0 / 32 and gl_id_0 % 32; mapWrg over rows, mapLcl over
    columns reads them from wg_id_0 and l_id_0."""
    flat = play("stencil2d", "expandMacro at site #10", "mapGlb(0)", "fused", "= 32")
    rows = play("stencil2d", "splitJoin(16) at site #3", "mapWrg(0)", "mapLcl(0)", "= keep")
    assert "% 32" in flat.kernel.kernels[0].source and "%" not in rows.kernel.kernels[0].source
    a, b = features_of(flat), features_of(rows)
    assert [a[n] for n in TABLE1] == [b[n] for n in TABLE1]
    assert a["flops_pt"] == b["flops_pt"] == 18  # 9 multiply-adds
    assert b["idx_divmod_pt"] == 0 < a["idx_divmod_pt"]


def test_divisions_and_modulos_of_a_store_count_once_each():
    """gl / 8 and gl % 8 in a read index and gl % 8 again in its pad condition: two distinct terms; the written
    index 8 * (gl / 8) + gl % 8 simplifies to gl (none)."""
    g = var(Var("gl", 64, "glb", 0))
    buf = kir.Buffer("x", kir.GLOBAL, FLOAT, 64, "in")
    out = kir.Buffer("y", kir.GLOBAL, FLOAT, 64, "out")
    read = kir.Select((compare(g % 8, "<", 1),), kir.Lit("0.0f"), kir.Load(kir.MemRef(buf, g // 8 + g % 8)))
    store = kir.Store(kir.MemRef(out, 8 * (g // 8) + g % 8), kir.Call("f", (read, kir.Load(kir.MemRef(buf, g)))))
    assert len(hw.store_divmods(store)) == 2
    f = hw.as_dict(hw.features([hw.LaunchedKernel([kir.Loop(Var("gl", 64, "glb", 0), "glb", 0, 64, [store])],
                                                  (64,), (8,), flops=128.0)], GPU))
    assert f["idx_divmod_pt"] == 2 and f["flops_pt"] == 2


@pytest.mark.parametrize("name", ["flops_pt", "idx_divmod_pt"])
def test_the_features_beyond_table_1_are_named_last(name):
    assert hw.FEATURE_NAMES.index(name) >= 15 and hw.FEATURE_SET == 2
