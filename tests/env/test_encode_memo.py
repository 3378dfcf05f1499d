"""The observation's memoised node features (`encode._value_at`, `encode._type_cells`) equal a direct reading of
each node's static parameters and type at the state's sizes, on the states of random masked episodes."""

from __future__ import annotations

import math

import numpy as np
import pytest

from compiler import arith
from compiler.ir.node import Prim, walk
from compiler.ir.typecheck import typecheck
from compiler.types import ArrayType, TupleType, VectorType, array_lengths, base_type
from lift_gym import encode, transition

URIS = ("benchmark://lift/stencil2d/small", "benchmark://lift/gemv/small", "benchmark://lift/asum/small")


def _direct_value(e, env):
    try:
        return arith.evaluate(e, env)
    except (KeyError, ValueError, TypeError):
        return None


def _direct_type_row(t, env) -> np.ndarray:
    row = np.zeros(encode.NODE_FEATURES, dtype=np.float32)
    lens = array_lengths(t)
    row[encode._RANK] = min(len(lens) / 4.0, 1.0)
    for j, n in enumerate(lens[:3]):
        v = _direct_value(n, env)
        if v is None:
            row[encode._SYMBOLIC] = 1.0
        else:
            row[encode._LEN0 + j] = encode._log_len(v)
    b = base_type(t)
    row[encode._SCALAR] = float(not isinstance(b, VectorType | TupleType | ArrayType))
    row[encode._VECTOR] = float(isinstance(b, VectorType))
    row[encode._TUPLE] = float(isinstance(b, TupleType))
    return row


def _states(uri: str, episodes: int, seed: int):
    rng = np.random.default_rng(seed)
    for ep in range(episodes):
        s = transition.initial(uri, seed + ep)
        while not transition.is_terminal(s):
            yield s
            s = transition.step(s, int(rng.choice(np.flatnonzero(transition.legal_actions(s)))))


@pytest.mark.parametrize("uri", URIS)
def test_memoised_node_features_equal_direct_reading(uri):
    checked = 0
    for s in _states(uri, 2, 3):
        env = dict(s.sizes)
        typing = typecheck(s.program).of
        for path, n in walk(s.program):
            if isinstance(n, Prim):
                for e in n.static[:2]:
                    assert encode._value_at(e, s.sizes) == _direct_value(e, env)
            t = typing.get(path)
            if t is not None:
                row = np.zeros(encode.NODE_FEATURES, dtype=np.float32)
                for col, v in encode._type_cells(t, s.sizes):
                    row[col] = v
                assert np.array_equal(row, _direct_type_row(t, env))
                checked += 1
    assert checked > 0


def test_static_values_of_every_kind():
    sizes = (("N", 8),)
    assert encode._value_at(3, sizes) == 3
    assert encode._value_at(arith.size("N"), sizes) == 8
    assert encode._value_at(arith.size("M"), sizes) is None  # unbound: no value
    assert encode._value_at("name", sizes) is None
    assert encode._value_at([1, 2], sizes) is None  # unhashable: read directly
    assert math.isclose(encode._log_len(encode._value_at(arith.size("N"), sizes)), 3 / 32 + 1 / 32)
