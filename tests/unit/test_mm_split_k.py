"""Split-K of the matrix product strategy (mm `tiled`, SK > 1): partialReduceProduct(SK) turns the product's
reduction over K into the sum of SK partial products over slices of K/SK, the partial products are one kernel (a
batch of SK products, or Batch SK for a batch, on work-group dimension 2, tiled as every product is) and their sum
over the slices a second kernel. Every kernel is checked against the NumPy reference: the rule on the high-level
program, the derived programs in the interpreter (the suite's layout, A given transposed, B given by rows, a batch,
rectangular sizes that are not powers of two) and the generated OpenCL on the device (PoCL in CI). SK = 1 is the
one-kernel program; the space offers the values of SK that divide K into whole TK-tiles."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.constraints import GENERIC_GPU
from compiler.ir.interpret import interpret
from compiler.ir.printer import program_key
from compiler.lowering import derivation, mm
from compiler.lowering.catalog import lowerings
from compiler.lowering.templates import template_problem
from compiler.lowering.util import LoweringError
from compiler.rewrite.rules_reduction import partial_reduce_product
from compiler.suite.user import load_benchmark
from tests.opencl_once import opencl_available, run_once
from tests.user_programs import FOLDER


def _bench(name: str):
    return load_benchmark(FOLDER / f"{name}.lift")


def _f32(rng, *dims):
    return rng.uniform(-1, 1, size=dims).astype(np.float32)


def _inputs_and_reference(name: str, s: dict[str, int], rng) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Inputs at sizes `s` and the product in float64 (NumPy, independent of the IR)."""
    if name == "matmul":
        x, y = _f32(rng, s["r"], s["d"]), _f32(rng, s["d"], s["c"])
        return {"X": x, "Y": y}, x.astype(np.float64) @ y.astype(np.float64)
    if name == "abt":
        a, bt = _f32(rng, s["m"], s["k"]), _f32(rng, s["n"], s["k"])
        return {"A": a, "Bt": bt}, a.astype(np.float64) @ bt.astype(np.float64).T
    if name == "atb":
        at, b = _f32(rng, s["k"], s["m"]), _f32(rng, s["k"], s["n"])
        return {"At": at, "B": b}, at.astype(np.float64).T @ b.astype(np.float64)
    left, right = _f32(rng, s["b"], s["m"], s["k"]), _f32(rng, s["b"], s["k"], s["n"])
    return {"L": left, "R": right}, np.matmul(left.astype(np.float64), right.astype(np.float64))


SMALL = {"matmul": {"r": 16, "c": 8, "d": 64}, "abt": {"m": 16, "n": 8, "k": 64}, "atb": {"m": 16, "n": 8, "k": 64},
         "bmm": {"b": 3, "m": 16, "n": 8, "k": 32}}


def _interpreted(lowered, inputs, shape) -> np.ndarray:
    return np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64).reshape(shape)


@pytest.mark.parametrize("name", ["matmul", "abt", "atb", "bmm"])
def test_the_products_reduction_as_a_sum_of_partial_products_keeps_the_programs_value(name):
    sizes = SMALL[name]
    p = derivation.start(_bench(name).program)
    top = (len(p.params),)
    where = (lambda path, n: path == top) if name == "bmm" else mm._row_map
    q = derivation.step(p, partial_reduce_product(4), where, unique=True)
    assert program_key(q) != program_key(p)
    inputs, ref = _inputs_and_reference(name, sizes, np.random.default_rng(1))
    got = np.asarray(interpret(q, inputs, sizes), dtype=np.float64).reshape(ref.shape)
    np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)


def test_the_rule_needs_more_than_one_slice_that_divides_k():
    p = derivation.start(_bench("matmul").program)
    assert derivation.sites(p, partial_reduce_product(4), mm._row_map, {"d": 64})
    assert not derivation.sites(p, partial_reduce_product(3), mm._row_map, {"d": 64})
    assert not derivation.sites(p, partial_reduce_product(1), mm._row_map, {"d": 64})


@pytest.mark.parametrize("name, slices", [("matmul", 2), ("matmul", 4), ("abt", 4), ("atb", 2), ("bmm", 2),
                                          ("bmm", 4)])
def test_each_layout_with_slices_of_k_computes_the_reference_in_two_kernels(name, slices):
    sizes = SMALL[name]
    lowered = lowerings(_bench(name))["tiled"](sizes, {"SK": slices})
    assert len(lowered.kernels) == 2 and lowered.facts["k_slices"] == slices
    inputs, ref = _inputs_and_reference(name, sizes, np.random.default_rng(3))
    np.testing.assert_allclose(_interpreted(lowered, inputs, ref.shape), ref, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("name, sizes, params", [
    ("matmul", {"r": 12, "c": 20, "d": 48}, {"SK": 4, "TM": 6, "TN": 10, "TK": 6, "RM": 3, "RN": 5, "VW": 2}),
    ("abt", {"m": 7, "n": 5, "k": 12}, {"SK": 3, "TM": 7, "TN": 5, "TK": 2, "RM": 1, "RN": 1, "VW": 1}),
    ("atb", {"m": 24, "n": 20, "k": 36}, {"SK": 3}),
    ("bmm", {"b": 3, "m": 12, "n": 20, "k": 48}, {"SK": 2}),
])
def test_rectangular_sizes_that_are_not_powers_of_two_compute_the_reference(name, sizes, params):
    lowered = lowerings(_bench(name))["tiled"](sizes, params)
    inputs, ref = _inputs_and_reference(name, sizes, np.random.default_rng(5))
    np.testing.assert_allclose(_interpreted(lowered, inputs, ref.shape), ref, rtol=1e-4, atol=1e-4)


def test_the_slices_are_the_third_launch_dimension_and_the_sum_one_work_item_per_element():
    lowered = lowerings(_bench("matmul"))["tiled"]({"r": 32, "c": 16, "d": 64},
                                                   {"SK": 4, "TM": 16, "TN": 8, "TK": 8, "RM": 2, "RN": 2, "VW": 2})
    first, second = lowered.kernels
    assert first.global_size == (16 // 2, 32 // 2, 4) and first.local_size == (8 // 2, 16 // 2, 1)
    assert second.global_size == (16, 32)
    batch = lowerings(_bench("bmm"))["tiled"]({"b": 5, "m": 16, "n": 8, "k": 32}, {"SK": 2})
    assert batch.kernels[0].global_size[2] == 10 and batch.kernels[1].global_size == (8, 16, 5)


def test_one_slice_is_the_one_kernel_program():
    low, sizes = lowerings(_bench("matmul"))["tiled"], {"r": 64, "c": 32, "d": 256}
    one = low(sizes, {"SK": 1})
    assert len(one.kernels) == 1 and "k_slices" not in one.facts
    assert program_key(one.program) == program_key(low(sizes).program)
    assert program_key(low(sizes, {"SK": 2}).program) != program_key(one.program)


def test_the_space_offers_the_slices_that_divide_k_into_whole_tiles():
    tp = template_problem(_bench("matmul"), "tiled", {"r": 64, "c": 32, "d": 256}, GENERIC_GPU)
    assert tp.defaults["SK"] == 1
    assert tp.valid_values("SK", {}) == [1, 2, 4, 8]
    assert tp.valid_values("SK", {"TK": 64}) == [1, 2, 4]  # 256/8 = 32 is no whole number of 64-tiles
    point = tp.complete({"TM": 32, "TN": 16, "TK": 16, "RM": 4, "RN": 4, "VW": 4, "SK": 8})
    lowered = tp.lowered(point)
    assert lowered.facts["k_slices"] == 8
    inputs, ref = _inputs_and_reference("matmul", {"r": 64, "c": 32, "d": 256}, np.random.default_rng(9))
    np.testing.assert_allclose(_interpreted(lowered, inputs, ref.shape), ref, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("sizes, why", [({"m": 12, "n": 10, "k": 18}, r"K % SK = 0 .*\(K = 18, SK = 4, TK = 6\)"),
                                        ({"m": 32, "n": 32, "k": 32}, r"thin product, K > max\(M, N\)")])
def test_slices_that_do_not_fit_are_refused_when_asked_for_and_read_as_one_slice_in_the_space(sizes, why):
    low = lowerings(_bench("abt"))["tiled"]
    with pytest.raises(LoweringError, match=r"abt/tiled .*" + why):
        low(sizes, {"SK": 4})
    v = low.choose(sizes)
    assert program_key(low.bind(sizes, {**v, "SK": 4}).program) == program_key(low.bind(sizes, v).program)


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("name, sizes, params", [
    ("matmul", {"r": 32, "c": 16, "d": 128}, {"SK": 4, "TM": 16, "TN": 16, "TK": 8, "RM": 4, "RN": 4, "VW": 4,
                                             "KU": 1, "CB": 1, "PF": 1}),
    ("abt", {"m": 24, "n": 16, "k": 48}, {"SK": 2, "TM": 8, "TN": 8, "TK": 8, "RM": 2, "RN": 2, "VW": 4}),
    ("atb", {"m": 16, "n": 8, "k": 64}, {"SK": 8, "TM": 8, "TN": 8, "TK": 8, "RM": 4, "RN": 4, "VW": 4, "AT": 1}),
    ("bmm", {"b": 3, "m": 16, "n": 8, "k": 32}, {"SK": 2, "TM": 8, "TN": 4, "TK": 8, "RM": 2, "RN": 2, "VW": 2}),
])
def test_the_split_k_kernels_compute_the_reference_on_the_device(name, sizes, params):
    lowered = lowerings(_bench(name))["tiled"](sizes, params)
    inputs, ref = _inputs_and_reference(name, sizes, np.random.default_rng(7))
    out = run_once(lowered.compile(), inputs).reshape(ref.shape)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)


def test_the_environment_offers_the_slices_as_a_tuning_decision_when_asked_and_keeps_one_slice_otherwise():
    import pathlib

    from lift_gym import transition
    from lift_gym.transition import Config

    uri = pathlib.Path(FOLDER / "matmul.lift").resolve().as_uri() + "?r=64&c=32&d=256"

    def last_decision(on: bool):
        s = transition.initial(uri, 0, Config(split_k=on))
        legal = np.flatnonzero(transition.legal_actions(s))
        s = transition.step(s, next(int(a) for a in legal if "tiled" in transition.describe_action(s, int(a))))
        offered = []
        while not transition.is_terminal(s):
            legal = np.flatnonzero(transition.legal_actions(s))
            offered = [transition.describe_action(s, int(a)) for a in legal]
            decision = s.decision
            last = decision.startswith("value of tuning parameter SK")  # the most slices, else the smallest values
            s = transition.step(s, int(legal[-1] if last else legal[0]))
        return decision, offered, s

    decision, offered, s = last_decision(True)
    assert decision.startswith("value of tuning parameter SK") and offered[-1].endswith("(= 8)")
    assert s.route.assignment["SK"] == 8 and len(s.kernel.kernels) == 2
    decision, _, s = last_decision(False)
    assert "SK" not in decision and s.route.assignment["SK"] == 1 and len(s.kernel.kernels) == 1
