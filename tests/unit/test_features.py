"""P000 Table 1 features from the code generator's kernel IR, and the kNN model over them."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen import pipeline as codegen
from compiler.ir.build import get, map_glb, map_seq, program, split, to_global, zip_
from compiler.ir.userfuns import ADD, ID
from compiler.perf import features as hw
from compiler.perf.model import KnnPerfModel, ModelUnavailable, training_rows, training_table
from compiler.perf.store import MeasurementStore
from compiler.types import FLOAT, array

GPU = hw.DeviceModel(32, 128)


def kernel_irs(prog, sizes, local_size=None):
    state = codegen.CodegenState(prog, dict(sizes), local_size, None)
    for name, fn in codegen.PASSES:
        if name == "emit":
            break
        state = fn(state)
    return [hw.LaunchedKernel(k.body, state.launches[k.name].global_size, state.launches[k.name].local_size,
                              k.flops) for k in state.lowered.kernels]


def feats(prog, sizes, local_size=None, dev=GPU):
    return hw.as_dict(hw.features(kernel_irs(prog, sizes, local_size), dev))


def listing4(n: int):
    """P000 Listing 4: mapGlb(mapSeq(f)) o split(n): thread g reads in[i + n * g]."""
    return program("l4", {"x": array(FLOAT, "N")},
                   lambda x: map_glb(0, lambda chunk: map_seq(to_global(ID)) << chunk) << (split(n) << x))


@pytest.mark.parametrize(("n", "line_bytes", "lines"), [(1, 128, 1), (4, 128, 4), (4, 64, 8), (32, 128, 32),
                                                        (64, 128, 32)])
def test_listing4_cache_lines_per_warp(n, line_bytes, lines):
    """Offsets {0, n, ..., 31n} floats. The spec's worked example (n = 4 -> 8 lines) holds for 16-float (64 B)
    lines; with 128 B lines, 32 threads x 4 floats x 4 B = 512 B are 4 lines."""
    f = feats(listing4(n), {"N": 64 * n}, (32,), hw.DeviceModel(32, line_bytes))
    # the read and the write both use index i + n * gl_id: the same count of lines
    assert f["avg_lines_per_warp_access"] == lines


def test_listing4_counts_per_thread():
    f = feats(listing4(4), {"N": 256}, (32,))
    assert (f["gs0"], f["gs1"], f["gs2"], f["ls0"], f["ls1"], f["ls2"]) == (64, 1, 1, 32, 1, 1)
    assert f["glb_ld_pt"] == 4 and f["glb_st_pt"] == 4  # one read and one write per element, 4 per thread
    assert f["for_bodies_pt"] == 4 and f["ifs_pt"] == 0 and f["barriers_pt"] == 0
    assert f["lcl_ld_pt"] == f["lcl_st_pt"] == f["local_mem_bytes"] == 0
    assert f["flops_pt"] == 0  # id copies: no arithmetic
    assert f["idx_divmod_pt"] == 0  # i + 4 * gl_id: no division


def test_listing3_style_zip_loads_two_per_call():
    """add over zip(a, b): two global loads and one global store per user-function call (P000 A.3.3)."""
    p = program("l3", {"a": array(FLOAT, "N"), "b": array(FLOAT, "N")},
                lambda a, b: map_glb(0, lambda t: to_global(ADD)(get(0) << t, get(1) << t)) << zip_(a, b))
    f = feats(p, {"N": 128}, (32,))
    assert f["glb_ld_pt"] == 2 and f["glb_st_pt"] == 1 and f["avg_lines_per_warp_access"] == 1
    assert f["flops_pt"] == 1  # one addition per call, one call per thread


def test_fewer_iterations_than_threads_is_an_if():
    f = feats(listing4(1), {"N": 40}, None)
    assert f["for_bodies_pt"] == 0  # 40 iterations of one element: no sequential loop of more than one


def test_device_model_for_cpu_and_gpu():
    class Info:
        is_gpu = False
        preferred_float_vector_width = 8
        platform_name = "Portable Computing Language"

    assert hw.DeviceModel.for_device(Info()) == hw.DeviceModel(8, 64)
    assert hw.DeviceModel.for_device(None) == hw.DeviceModel(32, 128)


def _row(scale: float, t: float) -> tuple[dict, float]:
    f = dict.fromkeys(hw.FEATURE_NAMES, 1.0)
    f["gs0"], f["glb_ld_pt"], f["avg_lines_per_warp_access"] = 1024 * scale, 8 / scale, scale
    return f, t


def test_knn_model_fits_a_store_and_leaves_a_benchmark_out(tmp_path):
    store = MeasurementStore(tmp_path / "m.sqlite")
    rows = 0
    for bench in ("benchmark://lift/a?N=4", "benchmark://lift/b?N=4"):
        for i, scale in enumerate((1, 2, 4, 8, 16, 32)):
            f, t = _row(scale, 1e-3 * (1 + abs(i - 2)))
            store.put(key=f"{bench}-{i}", benchmark=bench, program_key="p", kernel_key=f"k{i}", device="dev",
                      report={"status": "ok", "median_s": t, "iqr_s": 0.0}, features=f)
            rows += 1
    x, y, groups = training_rows(store.records(), "dev")
    assert x.shape == (rows, len(hw.FEATURE_NAMES)) and y.max() == 1.0 and set(groups) == {
        "benchmark://lift/a?N=4", "benchmark://lift/b?N=4"}
    model = KnnPerfModel.fit_store(store, "dev")
    assert model.n_rows == rows and 1 <= model.n_components <= len(hw.FEATURE_NAMES)
    best = np.array([[_row(4, 0)[0][n] for n in hw.FEATURE_NAMES]])
    worst = np.array([[_row(32, 0)[0][n] for n in hw.FEATURE_NAMES]])
    assert model.predict(best)[0] > model.predict(worst)[0]
    assert model.neighbour_distance(best)[0] >= 0
    left = KnnPerfModel.fit_store(store, "dev", exclude=("benchmark://lift/a",))
    assert left.n_rows == rows // 2 and left.benchmarks == ("benchmark://lift/b?N=4",)
    model.save(tmp_path / "knn.pkl")
    assert np.allclose(KnnPerfModel.load(tmp_path / "knn.pkl").predict(best), model.predict(best))
    with pytest.raises(ModelUnavailable, match="no usable measurement"):
        KnnPerfModel.fit_store(store, "other-device")


def test_store_of_an_older_feature_set_is_refused_naming_the_missing_features(tmp_path):
    """Rows measured with Table 1 alone: not fitted on (their kernels are not in the store to recompute the new
    features from), counted, and a store of nothing else is refused in one line."""
    store = MeasurementStore(tmp_path / "m.sqlite")
    bench = "benchmark://lift/a?N=4"
    for i, scale in enumerate((1, 2, 4)):
        f, t = _row(scale, 1e-3 * (1 + i))
        old = {n: v for n, v in f.items() if n not in ("flops_pt", "idx_divmod_pt")}
        store.put(key=f"old-{i}", benchmark=bench, program_key="p", kernel_key=f"k{i}", device="dev",
                  report={"status": "ok", "median_s": t, "iqr_s": 0.0}, features=old)
    t = training_table(store.records(), "dev")
    assert len(t) == 0 and t.stale == 3 and t.missing == ("flops_pt", "idx_divmod_pt")
    with pytest.raises(ModelUnavailable, match=r"3 measurements .* older feature set \(without flops_pt, "
                                                r"idx_divmod_pt\)"):
        KnnPerfModel.fit_store(store, "dev")
    f, t_new = _row(8, 2e-3)
    store.put(key="new", benchmark=bench, program_key="p", kernel_key="k9", device="dev",
              report={"status": "ok", "median_s": t_new, "iqr_s": 0.0}, features=f)
    t = training_table(store.records(), "dev")
    assert len(t) == 1 and t.stale == 3
    assert KnnPerfModel.fit_store(store, "dev").n_rows == 1
