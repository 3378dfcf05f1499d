"""A scalar reduction whose result is then mapped (an epilogue: the square root of a sum of squares, a mean's
division by the length, a gain) gets the parallel reduction of a plain reduction, with the epilogue fused into the
last kernel of the chain: the default lowering's kernels of many work items and blas1's `tiled` both compute the
NumPy reference (interpreter at the default and at sampled points of `tiled`'s space; PoCL once per lowering), and
no map is left to run on one work item over the whole array."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.constraints import GENERIC_GPU
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Prim
from compiler.ir.ops import Op
from compiler.ir.parser import parse_program
from compiler.ir.sizes import substitute_sizes
from compiler.ir.typecheck import typecheck
from compiler.lowering import LoweringError, shape, stages
from compiler.lowering.catalog import lowerings
from compiler.lowering.presets import baseline, generic_preset
from compiler.lowering.templates import available_templates, template_problem
from compiler.suite import resolve
from compiler.suite.user import load_benchmark, user_benchmark
from compiler.types import ArrayType
from lift_gym import transition
from lift_gym.encode import encode
from tests.opencl_once import opencl_available, run_once
from tests.user_programs import FOLDER, PROGRAMS

# programs of other layouts, names and epilogues than the files': two maps over the sum (a root mean square), a zip
# of two inputs (a Euclidean distance), an epilogue reading a scalar input (a gain on a sum of magnitudes)
RMS = """
def rms(signal: [float]m) =
  map(sqrt_) o map(s => div(s, value(m, float))) o reduce(value(0, float), add) o map(square) << signal
"""
DISTANCE = """
def distance(a: [float]k, b: [float]k) =
  map(sqrt_) o reduce(value(0, float), add) o map(p => square(sub(get(0) << p, get(1) << p))) << zip(a, b)
"""
GAIN = """
def gained_magnitude(gain: float, xs: [float]len) =
  map(s => mult(gain, s)) o reduce(value(0, float), add) o map(abs_) << xs
"""


def _rms(i):
    return np.sqrt(np.mean(i["signal"].astype(np.float64) ** 2, keepdims=True))


def _distance(i):
    return np.sqrt(np.sum((i["a"].astype(np.float64) - i["b"]) ** 2, keepdims=True))


def _gain(i):
    return float(i["gain"]) * np.sum(np.abs(i["xs"].astype(np.float64)), keepdims=True)


INLINE = {"rms": (RMS, "m", _rms), "distance": (DISTANCE, "k", _distance), "gained_magnitude": (GAIN, "len", _gain)}
FILES = {"l2norm": "n", "mean": "count"}  # tests/data/user_programs/ and the size each is of
NAMES = [*FILES, *INLINE]


def _case(name: str, n: int):
    """(benchmark, sizes, inputs, NumPy reference) of a program at length n."""
    rng = np.random.default_rng(7)
    if name in FILES:
        bench, size = load_benchmark(FOLDER / f"{name}.lift"), FILES[name]
        ref = PROGRAMS[name].reference
    else:
        text, size, ref = INLINE[name]
        bench = user_benchmark(parse_program(text))
    inputs = {q.name: rng.uniform(-1, 1, n).astype(np.float32) if isinstance(q.type, ArrayType) else np.float32(0.75)
              for q in bench.program.params}
    return bench, {size: n}, inputs, np.asarray(ref(inputs), np.float64)


def _close(got, ref, what) -> None:
    np.testing.assert_allclose(np.asarray(got, np.float64).reshape(-1), ref.reshape(-1), rtol=2e-5, atol=1e-6,
                               err_msg=what)


def _kernels(p) -> list[FunCall]:
    """The oclKernel calls of a lowered program, outermost (the last to run) first."""
    out: list[FunCall] = []

    def go(n):
        if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.OCL_KERNEL:
            out.append(n)
        for c in n.children():
            go(c)

    go(p.body)
    return out


def _epilogue_funs(name: str) -> tuple[str, ...]:
    return {"l2norm": ("sqrt_",), "mean": ("div",), "rms": ("sqrt_", "div"), "distance": ("sqrt_",),
            "gained_magnitude": ("mult",)}[name]


@pytest.mark.parametrize("name", NAMES)
def test_a_mapped_reduction_has_the_vector_reduction_shape(name):
    bench, sizes, _, _ = _case(name, 1024)
    sh = shape.vector_reduction(bench.program)
    assert sh is not None and sh.values(sizes) == {"N": 1024}


def test_a_map_over_something_else_than_the_reduce_result_is_not_a_vector_reduction():
    reversed_sum = parse_program("def p(xs: [float]n) = map(s => sqrt_(s)) o join o split(1) "
                                 "o reduce(value(0, float), add) << xs")
    assert shape.vector_reduction(reversed_sum) is None


@pytest.mark.parametrize("name", NAMES)
def test_default_lowering_runs_the_epilogue_in_the_last_kernel_of_many_work_items_before_it(name):
    n = 1 << 20  # the first kernel: n/256 = 4096 work items, more than a work group of any device holds
    bench, sizes, inputs, ref = _case(name, n)
    low = lowerings(bench)["default"](sizes)
    kernels = _kernels(low.program)
    assert low.program.body is kernels[0] and len(kernels) >= 2  # nothing outside the chain of kernels
    last = str(kernels[0].f)
    assert all(f in last for f in _epilogue_funs(name))
    assert all(f not in str(k.f) for k in kernels[1:] for f in _epilogue_funs(name))
    assert low.kernels[0].global_size[0] > GENERIC_GPU.max_work_group_size
    _close(interpret(low.program, inputs, low.env), ref, f"{name}/default")


@pytest.mark.parametrize("name", list(FILES))
def test_the_reward_baseline_of_a_mapped_reduction_is_the_parallel_reduction(name):
    # the route every episode, search and `lift-gym run` takes: its mapping decision offers the parallel reduction
    # (code 30) beside one work item, and the generic decisions take it
    n = 1 << 20
    uri = f"{(FOLDER / f'{name}.lift').resolve().as_uri()}?{FILES[name]}={n}"
    bench, sizes = resolve(uri)
    mp = stages.mapping_problem(stages.start_program(bench), sizes)
    assert isinstance(mp, stages.ReductionMapping) and mp.candidates(()) == (0, 30)
    assert generic_preset(bench, sizes).mapping == (30,)
    kernels = baseline(uri).kernel.kernels
    assert len(kernels) >= 2 and kernels[0].global_size[0] > GENERIC_GPU.max_work_group_size
    assert all(f in kernels[-1].source for f in _epilogue_funs(name))


@pytest.mark.parametrize("name", NAMES)
def test_tiled_points_of_a_mapped_reduction_compute_the_reference(name):
    bench, sizes, inputs, ref = _case(name, 4096)
    assert "tiled" in available_templates(bench, sizes, GENERIC_GPU)
    tp = template_problem(bench, "tiled", sizes, GENERIC_GPU)
    assert tp.space.count() > 1
    rng = np.random.default_rng(11)
    for point in [tp.complete({}), *(tp.complete(p) for p in tp.space.sample(rng, 4))]:
        low = tp.lowered(point)
        outer = _kernels(low.program)[0]
        assert low.program.body is outer  # the epilogue is inside the second kernel
        assert all(f in str(outer.f) for f in _epilogue_funs(name))
        assert len(low.kernels) == 2 and low.kernels[0].global_size[0] // low.kernels[0].local_size[0] > 1
        _close(interpret(low.program, inputs, low.env), ref, f"{name}/tiled at {point}")


def test_tiled_epilogue_is_a_sequential_map_after_the_group_sum():
    bench, sizes, _, _ = _case("l2norm", 4096)
    text = str(_kernels(lowerings(bench)["tiled"](sizes, {"V": 4, "L": 16, "C": 256}).program)[0].f)
    assert "mapSeq(sqrt_) o reduceSeq(value(0, float), add)" in text


def test_a_plain_sum_loads_scalars_and_refuses_vector_widths():
    bench, sizes, _, _ = _case("mean", 4096)
    low = lowerings(bench)["tiled"]
    assert low(sizes).params["V"] == 1 and "asVector" not in str(low(sizes).program)
    with pytest.raises(LoweringError, match="V = 1"):
        low(sizes, {"V": 4})


def test_a_composite_zipped_function_loads_scalars():
    bench, sizes, _, _ = _case("distance", 4096)  # vectoriseZip takes one user function of the zipped elements
    assert lowerings(bench)["tiled"](sizes).params["V"] == 1


@pytest.mark.opencl
@pytest.mark.skipif(not opencl_available(), reason="no OpenCL device")
@pytest.mark.parametrize("lowering, params", [("default", {}), ("tiled", {}), ("tiled", {"F": 0})])
@pytest.mark.parametrize("name", ["l2norm", "mean", "gained_magnitude"])
def test_a_mapped_reduction_runs_on_the_device(name, lowering, params):
    bench, sizes, inputs, ref = _case(name, 1 << 14)
    low = lowerings(bench)[lowering](sizes, params)
    kp = low.compile()
    _close(run_once(kp, inputs), ref, f"{name}/{lowering} {params} on the device")


def test_a_concrete_program_writes_its_size_literals_as_numbers():
    # the finished episode's program is concrete (its sizes substituted): a mean's division by its length, a size
    # literal, becomes the number, so the program still type-checks and the observation can be encoded
    p = parse_program("def m(xs: [float]n) = map(s => div(s, value(n, float))) o reduce(value(0, float), add) << xs")
    c = substitute_sizes(p, {"n": 8})
    assert "value(8, float)" in str(c) and "value(n" not in str(c)
    typecheck(c)  # (raised before: n is no size of the concrete program)
    uri = f"{(FOLDER / 'mean.lift').resolve().as_uri()}?count=384"
    s = transition.initial(uri, 0)
    s = transition.step(s, s.config.layout.template("tiled"))
    while not transition.is_terminal(s):
        s = transition.step(s, int(np.flatnonzero(transition.legal_actions(s))[0]))
    assert s.template == "tiled" and "count" not in str(s.program)
    assert encode(s, None)["nodes"].any()
