"""Reductions that are sums of products of two operands (matrix products, matrix-vector products, convolutions,
stencils) evaluate as float64 contractions in the interpreter: the same values as the element-by-element fp32
path within the summation bound, closer to the float64 NumPy reference, and the contraction is really taken."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import compiler.ir.interpret as interp
from compiler import suite
from compiler.ir.build import get, map_, program, reduce_, value, zip_
from compiler.ir.interpret import interpret
from compiler.ir.parser import parse_program
from compiler.ir.userfuns import ADD, MAX, MULT
from compiler.suite.common import gamma
from compiler.types import FLOAT, array

USER = Path(__file__).resolve().parents[1] / "data" / "user_programs"


def _bench(name: str):
    return next(b for b in suite.list_benchmarks() if b.name == name)


def _normal(rng, *shape):
    return rng.standard_normal(shape).astype(np.float32)


class _Counted:
    """Calls of interp._contract (the contraction's evaluation) while patched in."""

    def __init__(self, monkeypatch):
        self.calls: list[tuple] = []
        real = interp._contract

        def counted(u, v, r, k=1):
            self.calls.append((u.shape, v.shape, k))
            return real(u, v, r, k)

        monkeypatch.setattr(interp, "_contract", counted)


def _sequential(prog, inputs, sizes, monkeypatch):
    """The element-by-element path: no fast reduction, no contraction."""
    with monkeypatch.context() as m:
        m.setattr(interp, "_fast_reduce_spec", lambda f: None)
        return interpret(prog, inputs, sizes)


def _agree(prog, inputs, sizes, terms: int, monkeypatch, reference=None):
    """The contraction's result against the sequential fp32 one (within 2 gamma_terms sum|terms|) and against a
    float64 reference (within gamma_2 sum|terms|: a float64 sum rounded once); sum|terms| is the program on the
    absolute values of the inputs (each term a product of two inputs). Returns the contraction calls."""
    counted = _Counted(monkeypatch)
    fast = interpret(prog, inputs, sizes)
    calls = list(counted.calls)
    slow = _sequential(prog, inputs, sizes, monkeypatch)
    magnitude = _sequential(prog, {k: np.abs(v) for k, v in inputs.items()}, sizes, monkeypatch).astype(np.float64)
    assert fast.dtype == np.float32 and fast.shape == slow.shape
    f64, s64 = fast.astype(np.float64), slow.astype(np.float64)
    assert np.all(np.abs(f64 - s64) <= 2 * gamma(terms) * magnitude + 1e-30)
    if reference is not None:
        want = np.asarray(reference, np.float64).reshape(fast.shape)
        assert np.all(np.abs(f64 - want) <= gamma(2) * magnitude * (1 + gamma(terms)) + 1e-30)
    return calls


def test_matrix_product_is_one_contraction(monkeypatch):
    rng = np.random.default_rng(3)
    b = _bench("mm")
    sizes = {"M": 23, "N": 17, "K": 300}
    inputs = {"A": _normal(rng, 23, 300), "B": _normal(rng, 300, 17)}
    ref = inputs["A"].astype(np.float64) @ inputs["B"]
    calls = _agree(b.program, inputs, sizes, 300, monkeypatch, ref)
    assert calls == [((23, 1, 300), (1, 17, 300), 1)]


def test_short_matrix_product_sums_its_few_terms(monkeypatch):
    rng = np.random.default_rng(4)
    sizes = {"M": 9, "N": 31, "K": 5}
    inputs = {"A": _normal(rng, 9, 5), "B": _normal(rng, 5, 31)}
    calls = _agree(_bench("mm").program, inputs, sizes, 5, monkeypatch, inputs["A"].astype(np.float64) @ inputs["B"])
    assert len(calls) == 1


@pytest.mark.parametrize("name", ["atb", "abt", "bmm", "matvec", "dense_relu", "conv_chw", "conv3x3", "depthwise",
                                  "conv1x1", "conv_s2"])
def test_user_programs_take_the_contraction(name, monkeypatch):
    """Products with A transposed (atb, abt), a batch of products, matrix-vector products with and without an
    epilogue and convolutions as users write them: their own expected output and the sequential path agree."""
    prog = parse_program((USER / f"{name}.lift").read_text())
    data = dict(np.load(USER / f"{name}.npz"))
    expected = data.pop("expected")
    inputs = {k: data[k] for k in (p.name for p in prog.params)}
    terms = max(v.size for v in inputs.values())  # at least the terms of any output's sum
    counted = _Counted(monkeypatch)
    fast = interpret(prog, inputs)
    assert counted.calls, f"{name}: the reduction was not evaluated as a contraction"
    slow = _sequential(prog, inputs, None, monkeypatch)
    magnitude = _sequential(prog, {k: np.abs(v) for k, v in inputs.items()}, None, monkeypatch).astype(np.float64)
    assert fast.dtype == np.float32 and fast.shape == slow.shape == expected.shape
    bound = 2 * gamma(terms) * magnitude + 1e-30
    assert np.all(np.abs(fast.astype(np.float64) - slow) <= bound)
    assert np.all(np.abs(fast.astype(np.float64) - expected) <= bound)


def test_batched_product_contracts_over_the_batch_at_once(monkeypatch):
    rng = np.random.default_rng(5)
    prog = parse_program((USER / "bmm.lift").read_text())
    inputs = {"L": _normal(rng, 3, 7, 40), "R": _normal(rng, 3, 40, 6)}
    ref = np.einsum("bmk,bkn->bmn", inputs["L"].astype(np.float64), inputs["R"])
    calls = _agree(prog, inputs, None, 40, monkeypatch, ref)
    assert len(calls) == 1 and calls[0][2] == 1  # one (batched) contraction, not one per element of the batch


def test_gemv_with_its_epilogue(monkeypatch):
    rng = np.random.default_rng(6)
    b = _bench("gemv")
    sizes = {"M": 37, "N": 200}
    inputs = b.make_inputs(sizes, rng)
    counted = _Counted(monkeypatch)
    fast = interpret(b.program, inputs, sizes)
    slow = _sequential(b.program, inputs, sizes, monkeypatch)
    ref = np.asarray(b.reference(inputs, sizes), np.float64)
    bound = b.error_bound(inputs, sizes).reshape(fast.shape)
    assert len(counted.calls) == 1
    assert np.all(np.abs(fast.astype(np.float64) - slow) <= 2 * bound)
    assert np.all(np.abs(fast.astype(np.float64) - ref) <= bound)


@pytest.mark.parametrize("name", ["conv", "stencil2d", "gaussian", "jacobi2d-9pt-clamp"])
def test_suite_windows_at_their_small_size(name, monkeypatch):
    """The convolution (windows joined before the reduction) and the weighted stencils (multAndSumUp over a
    joined window): the window is contracted in place, not copied by the join."""
    b = _bench(name)
    sizes = b.sizes("small")
    inputs = b.make_inputs(sizes, np.random.default_rng(7))
    first = b.program.params[0].name  # the image: signs for cancellation (the weights keep their symmetry)
    inputs[first] = np.where(np.arange(inputs[first].size).reshape(inputs[first].shape) % 3, inputs[first],
                             -inputs[first])
    joined: list[tuple] = []
    real_join = interp._Evaluator._join

    def join(self, p, args, env, r):
        joined.append(interp._leaf(args[0]).shape[r:])
        return real_join(self, p, args, env, r)

    with monkeypatch.context() as m:
        m.setattr(interp._Evaluator, "_join", join)
        interpret(b.program, inputs, sizes)
    terms = sizes.get("kerH", 1) * sizes.get("kerW", 1) * sizes.get("inChs", 1) if name == "conv" else 25
    calls = _agree(b.program, inputs, sizes, terms, monkeypatch, b.reference(inputs, sizes))
    assert len(calls) == 1
    if name != "conv":  # the stencil's window join << nbh (3x3 or 5x5) never ran
        assert calls[0][2] == 2
        assert joined and not any(s[-2:] in ((3, 3), (5, 5)) for s in joined)


def _sum_of(pre_body):
    return program("p", {"x": array(FLOAT, "N"), "y": array(FLOAT, "N")},
                   lambda x, y: reduce_(value(1.5, FLOAT), ADD) @ map_(pre_body) << zip_(x, y))


def test_only_sums_of_products_of_views_contract(monkeypatch):
    rng = np.random.default_rng(8)
    x, y = _normal(rng, 50), _normal(rng, 50)
    counted = _Counted(monkeypatch)
    out = interpret(_sum_of(lambda t: MULT(get(0) << t, get(1) << t)), {"x": x, "y": y})
    assert len(counted.calls) == 1 and np.isclose(out[0], 1.5 + x.astype(np.float64) @ y, rtol=1e-6, atol=1e-6)
    counted.calls.clear()
    # a product with a literal (no reduced axis on one side), a max and a non-product: the other paths
    out = interpret(_sum_of(lambda t: MULT(get(0) << t, value(2, FLOAT))), {"x": x, "y": y})
    assert np.isclose(out[0], 1.5 + 2 * x.astype(np.float64).sum(), rtol=1e-5, atol=1e-5)
    p = program("m", {"x": array(FLOAT, "N"), "y": array(FLOAT, "N")},
                lambda x, y: reduce_(value(-1e30, FLOAT), MAX) @ map_(lambda t: MULT(get(0) << t, get(1) << t))
                << zip_(x, y))
    assert interpret(p, {"x": x, "y": y})[0] == (x * y).max()
    asum = _bench("asum")
    interpret(asum.program, {"x": x}, {"N": 50})
    assert counted.calls == []
