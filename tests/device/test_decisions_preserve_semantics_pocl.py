"""Every decision the route offers preserves the program's meaning: seeded random walks through the decision route
(`compiler.lowering.decisions`, the one `lift-gym explore` and `lift_gym.transition` walk: up to two rewrites or a
named lowering, the mapping, the memory of the mapped program, the work-group sizes or a named lowering's
parameters), on every suite benchmark and every user program of tests/data/user_programs/ at small sizes; each
walk's kernel runs on the OpenCL device (PoCL in CI) in a measurement worker (a watchdog against a kernel that
does not end) and must equal the interpreter's output of the high-level program (with the summation error bound
of the benchmark, if it has one).

The default run takes a fixed sample of walks; the `exhaustive` run takes several walks of every subject."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.explore.driver import quick_config
from compiler.ir.interpret import interpret
from compiler.lowering import decisions, stages
from compiler.runtime import MeasureWorker
from compiler.runtime.gold import gold_value
from compiler.suite import list_benchmarks
from tests.opencl_once import opencl_available as _opencl_available
from tests.user_programs import FOLDER, PROGRAMS

pytestmark = [pytest.mark.opencl, pytest.mark.skipif(not _opencl_available(), reason="no OpenCL device")]

SUITE_URIS = [f"benchmark://lift/{b.name}/small" for b in list_benchmarks()]
USER_URIS = [str(FOLDER / f"{name}.lift") for name in sorted(PROGRAMS)]
SUBJECTS = SUITE_URIS + USER_URIS
OPTIONS = decisions.Options(max_rewrites=2)

# the default run's sample: subjects whose walks take memory decisions (local and private copies, casters,
# unrolling) and a reduction, one seeded walk each
FAST = [("benchmark://lift/mm/small", 3), ("benchmark://lift/asum/small", 1), ("benchmark://lift/scal/small", 2),
        ("benchmark://lift/gemv/small", 4), ("benchmark://lift/dot/small", 5),
        ("benchmark://lift/jacobi1d-3pt-clamp/small", 0), (str(FOLDER / "saxpy.lift"), 1),
        (str(FOLDER / "stencil1d.lift"), 2)]
WALKS = 20  # per subject in the exhaustive run


@pytest.fixture(scope="module")
def worker():
    w = MeasureWorker()
    yield w
    w.close()


def random_walk(uri: str, seed: int) -> decisions.State:
    """The finished state of a uniform random choice among every decision's values (seeded)."""
    return decisions.build(uri, decisions.random_chooser(np.random.default_rng(seed)), OPTIONS)


def walk_text(s: decisions.State, seed: int) -> str:
    return (f"{s.uri} seed {seed}: rewrites {s.rewrites}, template {s.template or '-'}, codes {s.codes}, "
            f"memory {s.memory}, values {s.values}")


def check_walk(worker: MeasureWorker, uri: str, seed: int) -> decisions.State:
    s = random_walk(uri, seed)
    kp = s.kernel
    assert kp is not None and kp.kernels, walk_text(s, seed)
    bench, sizes = stages.resolve(uri)
    inputs = bench.make_inputs(dict(sizes), np.random.default_rng(seed))
    out = interpret(bench.program, inputs, sizes)
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == len(kp.outputs), walk_text(s, seed)
    bound = bench.error_bound(inputs, sizes) if len(outs) == 1 else None
    gold = {name: gold_value(np.asarray(o, dtype=np.float32), bound) for name, o in zip(kp.outputs, outs,
                                                                                         strict=True)}
    m = worker.measure(kp, {n: inputs[n] for n in kp.inputs}, gold, quick_config())
    assert m.status == "ok", f"{walk_text(s, seed)}: {m.status}: {m.message[:400]}"
    return s


@pytest.mark.parametrize("uri, seed", FAST)
def test_random_walk_of_the_route_is_correct_on_the_device(worker, uri, seed):
    check_walk(worker, uri, seed)


def test_the_sample_takes_memory_decisions():
    """The default run's walks apply memory values (not only KEEP) and choose mappings other than mapSeq."""
    walks = [random_walk(uri, seed) for uri, seed in FAST]
    applied = [v for s in walks for _, v in s.memory if v != decisions.KEEP]
    assert len(applied) >= 4 and {v[0] for v in applied} & {"copyLocal", "copyPrivate", "toLocal", "toPrivate",
                                                              "toLocalMap", "toPrivateMap"}
    assert any(c != 0 for s in walks for c in s.codes)


@pytest.mark.slow
@pytest.mark.exhaustive
@pytest.mark.parametrize("uri", SUBJECTS)
def test_random_walks_of_the_route_are_correct_on_the_device(worker, uri):
    for seed in range(100, 100 + WALKS):
        check_walk(worker, uri, seed)
