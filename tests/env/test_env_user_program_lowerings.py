"""A user's program in the environment: the named lowerings whose shape it has are actions of its first state, and
an episode through one ends in a kernel of that lowering that computes the program."""

from __future__ import annotations

import numpy as np

from compiler.ir.interpret import interpret
from lift_gym import transition
from tests.user_programs import FOLDER, PROGRAMS


def _uri(name: str) -> str:
    return (FOLDER / f"{name}.lift").as_uri() + "?" + "&".join(f"{k}={v}" for k, v in PROGRAMS[name].sizes.items())


def test_a_user_matrix_product_offers_the_tiled_lowering_as_one_action():
    s = transition.initial(_uri("matmul"), 0)
    assert transition.legal_actions(s)[s.config.layout.template("tiled")]


def test_an_episode_through_a_user_programs_named_lowering_computes_the_program():
    spec = PROGRAMS["matmul"]
    s = transition.initial(_uri("matmul"), 0)
    s = transition.step(s, s.config.layout.template("tiled"))
    rng = np.random.default_rng(1)
    while not transition.is_terminal(s):
        legal = np.flatnonzero(transition.legal_actions(s))
        s = transition.step(s, int(rng.choice(legal)))
    assert s.template == "tiled"
    inputs = spec.inputs(np.random.default_rng(0))
    lowered = s.route.tuning.lowered(s.route.assignment)
    got = np.asarray(interpret(lowered.program, inputs, lowered.env), dtype=np.float64)
    np.testing.assert_allclose(got, spec.reference(inputs), rtol=1e-4, atol=1e-4)
