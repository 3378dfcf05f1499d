"""The barrier pass lists each statement's shared accesses once, bottom-up: a loop's or block's accesses are its
body's with the loop prepended, the same list (elements and order) as a direct reading of the statement."""

from __future__ import annotations

import copy

import pytest

from compiler.codegen import barriers, kir
from compiler.codegen.pipeline import PASSES, CodegenState
from compiler.constraints import H100
from compiler.lowering import templates
from compiler.suite import resolve


def _before_barriers(uri: str, name: str):
    bench, sizes = resolve(uri)
    tp = templates.template_problem(bench, name, sizes, H100)
    state = CodegenState(tp.lowered(tp.complete({})).concrete(), dict(sizes))
    for _, fn in PASSES[:[n for n, _ in PASSES].index("barriers")]:
        state = fn(state)
    return state


@pytest.mark.parametrize("uri,name", [("benchmark://lift/mm/small", "tiled"),
                                      ("benchmark://lift/stencil2d/small", "tiled")])
def test_bottom_up_accesses_equal_a_direct_reading(uri, name):
    state = _before_barriers(uri, name)
    placed = 0
    for k in state.lowered.kernels:
        body = copy.deepcopy(k.body)
        written = frozenset(s.ref.buf.name for s in kir.walk_stmts(body) if isinstance(s, kir.Store))
        want = [barriers._shared(kir.accesses(s), written) for s in body]
        out, shared = barriers._place(body, barriers.Scope(state.launches[k.name], written))
        assert shared == want
        assert sum(len(a) for a in shared) > 0
        placed += sum(isinstance(s, kir.Barrier) for s in kir.walk_stmts(out))
        # the statements with their barriers list the same accesses: a barrier accesses nothing
        listed = [a for s in out for a in barriers._shared(kir.accesses(s), written)]
        assert listed == [a for accs in want for a in accs]
    assert placed > 0  # local tiles: the pass inserted barriers
