"""The summation bound of long float32 sums: gamma_m * sum|terms| accepts a correct float32 result of a long
cancelling sum that the plain rtol/atol check rejects, and still rejects bug-sized errors."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.codegen.kernel import Kernel, KernelArg, KernelProgram
from compiler.errors import CorrectnessError
from compiler.runtime.gold import Gold, gold_value
from compiler.runtime.measure import check_outputs, compare_output
from compiler.runtime.plan import plan_buffers, validate_gold
from compiler.suite import resolve
from compiler.suite.common import MAX_GAMMA, UNIT_ROUNDOFF, gamma

N = 8192


def _cancelling_dot(rng):
    """x, y in [-1, 1] with y adjusted so that the exact dot product nearly cancels (|sum| << sum|terms|)."""
    x = rng.uniform(-1, 1, N).astype(np.float32)
    y = rng.uniform(-1, 1, N).astype(np.float32)
    y[-1] = np.float32(y[-1] - (x.astype(np.float64) @ y.astype(np.float64)) / x[-1])
    return {"x": x, "y": y}


def _recursive_f32(terms: np.ndarray) -> np.ndarray:
    """A correct float32 kernel's sum: terms added one by one in float32 (np.cumsum accumulates in the dtype)."""
    return np.cumsum(terms.astype(np.float32), axis=-1, dtype=np.float32)[..., -1:]


def test_gamma_is_higham_and_unbounded_past_one_over_u():
    assert gamma(1000) == pytest.approx(1000 * UNIT_ROUNDOFF / (1 - 1000 * UNIT_ROUNDOFF))
    assert gamma(1 << 24) == float("inf")


def test_correct_float32_sum_of_cancelling_terms_passes_the_bound_not_rtol():
    dot, _ = resolve("benchmark://lift/dot")
    sizes = {"N": N}
    inputs = _cancelling_dot(np.random.default_rng(0))
    ref = dot.reference(inputs, sizes)
    got = _recursive_f32(inputs["x"] * inputs["y"])
    gold = ref.astype(np.float32)
    with pytest.raises(CorrectnessError, match="differ beyond rtol"):
        compare_output("out", got, gold, 1e-4, 1e-5)  # relative to |sum|, the correct result fails
    bound = dot.error_bound(inputs, sizes)
    assert bound is not None and bound.shape == (1,)
    compare_output("out", got, Gold(gold, bound), 1e-4, 1e-5)


def test_bug_sized_errors_fail_the_bound():
    dot, _ = resolve("benchmark://lift/dot")
    sizes = {"N": N}
    inputs = _cancelling_dot(np.random.default_rng(1))
    terms = inputs["x"].astype(np.float64) * inputs["y"]
    gold = Gold(dot.reference(inputs, sizes).astype(np.float32), dot.error_bound(inputs, sizes))
    largest = int(np.argmax(np.abs(terms)))
    dropped = _recursive_f32(np.delete(inputs["x"] * inputs["y"], largest))  # one term missing
    with pytest.raises(CorrectnessError, match="error bound"):
        compare_output("out", dropped, gold, 1e-4, 1e-5)
    tile_lost = _recursive_f32((inputs["x"] * inputs["y"])[:-64])  # the last tile of 64 terms not summed
    with pytest.raises(CorrectnessError, match="error bound"):
        compare_output("out", tile_lost, gold, 1e-4, 1e-5)


def test_float32_nbody_passes_and_a_doubled_neighbour_fails():
    """nbody in float32 with sequential sums (the kernel's arithmetic, order of Listing 4.1) within the bound of
    every element; the same with one interaction counted twice is not."""
    nbody, _ = resolve("benchmark://lift/nbody")
    n = 512
    sizes = {"N": n}
    inputs = nbody.make_inputs(sizes, np.random.default_rng(2))
    p, m = inputs["pos"], inputs["mass"]
    d = p[None, :, :] - p[:, None, :]
    r2 = np.cumsum(d * d, axis=2, dtype=np.float32)[:, :, -1] + np.float32(0.01)
    w = m[None, :] / (r2 * np.sqrt(r2))
    terms = (w[:, :, None] * d).transpose(0, 2, 1)  # [i, k, j]
    got = np.cumsum(terms, axis=2, dtype=np.float32)[:, :, -1]
    ref = nbody.reference(inputs, sizes)
    gold = Gold(ref.astype(np.float32).reshape(-1), nbody.error_bound(inputs, sizes))
    compare_output("accel", got.reshape(-1), gold, 1e-4, 1e-5)
    bad = got.copy()
    i = 7
    j = int(np.argmax(np.abs(terms[i, 0])))
    bad[i, 0] += terms[i, 0, j]  # the nearest body's pull counted twice
    with pytest.raises(CorrectnessError, match="first bad index 21"):
        compare_output("accel", bad.reshape(-1), gold, 1e-4, 1e-5)


def test_benchmarks_with_long_sums_declare_the_bound_where_it_is_tight():
    for uri, declared in (("benchmark://lift/nbody", True), ("benchmark://lift/gemv", True),
                          ("benchmark://lift/mm", True), ("benchmark://lift/conv/vgg16-7", True),
                          ("benchmark://lift/conv-rp/vgg16-19", True), ("benchmark://lift/dot/small", True),
                          ("benchmark://lift/dot", False), ("benchmark://lift/asum", False),
                          ("benchmark://lift/scal", False)):
        bench, sizes = resolve(uri)
        g = bench.summation.gamma(sizes) if bench.summation is not None else float("inf")
        assert (g <= MAX_GAMMA) is declared, uri


def test_gold_bound_travels_through_validation_and_check():
    k = Kernel("k", "__kernel void k() {}", (KernelArg("a", "in", "float", 4), KernelArg("c", "out", "float", 4)),
               (4,), (4,))
    program = KernelProgram((k,), inputs=("a",), outputs=("c",))
    plan = plan_buffers(program)
    golds = validate_gold(program, plan, {"c": Gold(np.zeros((2, 2)), np.array([0.0, 0.0, 1.0, 1.0]))})
    g = golds["c"]
    assert isinstance(g, Gold) and g.values.dtype == np.float32 and g.values.shape == (4,)
    check_outputs({"c": np.array([0, 0, 0.9, -0.9], dtype=np.float32)}, golds, 1e-4, 1e-5)
    with pytest.raises(CorrectnessError, match="first bad index 1"):
        check_outputs({"c": np.array([0, 0.5, 0, 0], dtype=np.float32)}, golds, 1e-4, 1e-5)


def test_gold_value_and_bad_bounds():
    v = np.ones(4, dtype=np.float32)
    assert gold_value(v, None) is v
    g = gold_value(v, np.full(4, 0.5))
    assert isinstance(g, Gold)
    check_outputs({"y": v + 0.4}, {"y": g.flat(v, "y")}, 0.0, 0.0)
    with pytest.raises(CorrectnessError):
        check_outputs({"y": v + 0.6}, {"y": g.flat(v, "y")}, 0.0, 0.0)
    with pytest.raises(CorrectnessError):  # NaN is never within a bound
        check_outputs({"y": np.full(4, np.nan, dtype=np.float32)}, {"y": g.flat(v, "y")}, 0.0, 0.0)
    with pytest.raises(ValueError, match="error bound has 3 elements"):
        Gold(v, np.ones(3)).flat(v, "y")
    with pytest.raises(ValueError, match=">= 0"):
        Gold(v, -np.ones(4)).flat(v, "y")
