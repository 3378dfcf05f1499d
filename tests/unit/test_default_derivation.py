"""The generic default lowering as a derivation, and the rules it derives its programs with.

The rules of `compiler.rewrite.rules_default` are tested each on its own: it applies where its guard holds, is
refused where not, and the result interprets equal to the input on random data. The default lowering's trace
replays through the driver to its program; the environment's memory completion (`complete_memory`) keeps the
mapping it is given.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from compiler.ir.build import join, map_, program, reduce_, slide, transpose, value
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Program, at
from compiler.ir.ops import Op
from compiler.ir.userfuns import ABS, ADD
from compiler.lowering import derivation
from compiler.lowering.default import complete_memory, default_lowering, derive, finish_casters, lowering_form
from compiler.rewrite import Rule, apply, legal_sites, prepare
from compiler.rewrite.rules_default import ID_COPY_GLOBAL, ID_COPY_PRIVATE, REDUCE_ONE_CHUNK, VIEW_MAP_SEQ, view_map
from compiler.suite import get
from compiler.types import FLOAT, array
from tests.program_inputs import uniform_inputs


def _rewrites(rule, hl: Program, where) -> Program:
    """`rule` at its first legal site satisfying `where`; the result interprets equal to the input."""
    p = prepare(hl)
    sites = [s for s in legal_sites(p, rule) if where(at(p, s.path))]
    assert sites, f"{rule.name} found no site in {p}"
    q = apply(p, rule, sites[0])
    assert q.key != p.key
    sizes = {"N": 8}
    inputs = uniform_inputs(p, sizes, np.random.default_rng(1))
    np.testing.assert_allclose(interpret(q, inputs, sizes), interpret(p, inputs, sizes), rtol=1e-5, atol=1e-6)
    return q


def _text(p: Program) -> str:
    """The program's text with its casters eta-reduced and its generated names `yN` written `y`."""
    return re.sub(r"\by\d+\b", "y", str(derivation.point_free_wrappers(p)))


def _call_of(op: Op):
    return lambda n: isinstance(n, FunCall) and getattr(n.f, "op", None) is op


def _rows(body) -> Program:
    return program("t", {"A": array(FLOAT, 4, "N")}, body)


# --- the rules of compiler.rewrite.rules_default, each on its own ----------------------------------------------
def test_id_copy_copies_a_value_of_any_shape_once():
    q = _rewrites(ID_COPY_GLOBAL, _rows(lambda A: transpose() << A), _call_of(Op.TRANSPOSE))
    assert "toGlobal(mapSeq(y => mapSeq(id) << y)) o transpose" in _text(q)
    assert not [s for s in legal_sites(q, ID_COPY_GLOBAL) if _call_of(Op.TRANSPOSE)(at(q, s.path))]
    q = _rewrites(ID_COPY_PRIVATE, _rows(lambda A: map_(lambda r: reduce_(value(0, FLOAT), ADD) << r) << A),
                  _call_of(Op.REDUCE))
    assert "toPrivate(mapSeq(id)) o reduce" in _text(q)


def test_id_copy_refuses_a_function_position():
    p = prepare(_rows(lambda A: map_(lambda r: map_(ABS) << r) << A))
    assert legal_sites(p, ID_COPY_GLOBAL)
    assert all(s.path[-1] != 0 for s in legal_sites(p, ID_COPY_GLOBAL))


def test_view_map_writes_only_a_layout_only_map_as_mapseq():
    hl = _rows(lambda A: map_(lambda r: map_(ABS) << (join() << r)) << (map_(lambda r: slide(3, 1) << r) << A))
    q = _rewrites(VIEW_MAP_SEQ, hl, lambda n: True)
    assert re.search(r"mapSeq\((\w+) => slide\(3, 1\) << \1\)", str(q))
    assert not legal_sites(q, VIEW_MAP_SEQ)  # the other map computes (abs)
    with pytest.raises(ValueError, match="mapSeq or mapSeqUnroll"):
        view_map(Op.MAP_GLB)


def test_reduce_one_chunk_is_a_partial_reduction_of_a_single_chunk():
    hl = program("t", {"x": array(FLOAT, "N")}, lambda x: reduce_(value(0, FLOAT), ADD) << x)
    q = _rewrites(REDUCE_ONE_CHUNK, hl, lambda n: True)
    assert "join o map(" in str(q) and "split(N) << x" in str(q)
    assert not legal_sites(prepare(program("t", {"x": array(FLOAT, "N")}, lambda x: map_(ABS) << x)),
                           REDUCE_ONE_CHUNK)


# --- the default lowering is a derivation: its steps replay as rule applications ---------------------------------
@pytest.mark.parametrize("name,preset", [("asum", "small"), ("dot", None), ("mm", "small"), ("stencil2d", "small"),
                                         ("nbody", None)])
def test_every_step_of_the_default_lowering_is_a_rule_application(name, preset):
    b = get(name)
    sizes = None if preset is None else b.sizes(preset)
    d = derive(b.program, sizes)
    assert d.trace and all(isinstance(r, Rule) for r, _ in d.trace)
    p = d.begin
    for r, path in d.trace:
        p = apply(p, r, path)
    assert finish_casters(p).key == d.program.key == default_lowering(b.program, sizes).key


def test_complete_memory_keeps_the_mapping_it_is_given():
    p = lowering_form(get("mm").program)
    d = complete_memory(p)
    assert d.trace and {r.name for r, _ in d.trace} >= {"mapSeq", "reduceSeq", "idAfterReduce(toGlobal)"}
    assert "mapGlb" not in str(d.program) and "reduceSeq" in str(d.program)
    glb = default_lowering(get("mm").program)  # already mapped: only memory is completed
    assert complete_memory(glb).program.key == glb.key


def test_a_mapping_completes_as_the_all_mapseq_completion_relabelled():
    from compiler.lowering import stages

    b = get("mm")
    mp = stages.mapping_problem(b.program, b.sizes("small"))
    seq = mp._space.apply(dict.fromkeys(mp._names, 0), check=False)
    done = stages._complete_memory(seq)
    codes = (mp.candidates(())[-1], *(0,) * (len(mp.sites) - 1))
    mapped = mp._space.apply(dict(zip(mp._names, codes, strict=True)), check=False)
    assert mapped.key != seq.key
    relabelled = stages._relabelled(mapped, seq, done)
    assert relabelled is not None and relabelled.key == stages._complete_memory(mapped).key != done.key
