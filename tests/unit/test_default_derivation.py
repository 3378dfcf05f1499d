"""The generic default lowering's programs and the rules it derives them with.

The default lowering keeps its programs: the `Program.key` of `default_lowering` for every suite
benchmark (without sizes, at its small sizes and at its largest preset; with one and three mapGlb dimensions), of
every named lowering at its small sizes (each ends in `finish`) and of the user programs of
tests/data/user_programs/ equals the key recorded in tests/data/default_lowering_keys.json.

A change that alters a default-lowered program on purpose regenerates the record and says why:

    python3 -m tests.unit.test_default_derivation --write

The rules of `compiler.rewrite.rules_default` are tested each on its own: applies where its guard holds, refuses
where not, and the result interprets equal to the input on random data.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import numpy as np
import pytest

from compiler import arith
from compiler.ir.build import join, map_, program, reduce_, slide, transpose, value
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Program, at
from compiler.ir.ops import Op
from compiler.ir.userfuns import ABS, ADD
from compiler.lowering import derivation
from compiler.lowering.catalog import lower, lowerings
from compiler.lowering.default import default_lowering
from compiler.rewrite import apply, legal_sites, prepare
from compiler.rewrite.rules_default import ID_COPY_GLOBAL, ID_COPY_PRIVATE, REDUCE_ONE_CHUNK, VIEW_MAP_SEQ, view_map
from compiler.suite import list_benchmarks
from compiler.suite.user import load_benchmark
from compiler.types import FLOAT, array

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "data" / "default_lowering_keys.json"
USER_PROGRAMS = ROOT / "data" / "user_programs"


def _largest(presets) -> str:
    return max(presets, key=lambda name: sum(presets[name].values()))


def _suite_cases():
    """(case name, thunk building the program) for every recorded case, in a fixed order."""
    for b in list_benchmarks():
        largest = _largest(b.presets)
        for preset in (None, "small", largest):
            sizes = None if preset is None else b.sizes(preset)
            yield f"default/{b.name}/{preset or '-'}", (lambda b=b, s=sizes: default_lowering(b.program, s))
        yield f"default/{b.name}/-/max_dims=1", (lambda b=b: default_lowering(b.program, max_dims=1))
        for name in lowerings(b.name):
            yield f"lower/{b.name}/{name}/small", (lambda b=b, n=name: lower(b.name, n, "small").program)
    for f in sorted(USER_PROGRAMS.glob("*.lift")):
        ub = load_benchmark(f)
        for preset in (None, *ub.presets):
            sizes = None if preset is None else ub.sizes(preset)
            yield f"user/{f.stem}/{preset or '-'}", (lambda ub=ub, s=sizes: default_lowering(ub.program, s))


def record() -> dict[str, str]:
    return {name: build().key for name, build in _suite_cases()}


def test_default_lowered_programs_keep_their_recorded_keys():
    recorded = json.loads(RECORD.read_text())
    now = record()
    assert set(now) == set(recorded), "the recorded cases changed: regenerate with --write"
    changed = [name for name in recorded if now[name] != recorded[name]]
    assert not changed, f"{len(changed)} default-lowered program(s) changed: {', '.join(changed[:8])}"


@pytest.mark.parametrize("case", ["default/asum/small", "default/mm/-", "lower/mm/tiled/small"])
def test_a_different_program_has_a_different_key(case):
    """The record discriminates: another case's key differs from this one's."""
    recorded = json.loads(RECORD.read_text())
    assert recorded[case] not in {k for name, k in recorded.items() if name.split("/")[1] != case.split("/")[1]}


# --- the rules of compiler.rewrite.rules_default, each on its own ----------------------------------------------
def _inputs(p: Program, sizes: dict[str, int], rng) -> dict:
    def of(t):
        shape = []
        while hasattr(t, "elem"):
            shape.append(arith.evaluate(t.n, sizes))
            t = t.elem
        return rng.uniform(-1, 1, shape).astype(np.float32)

    return {q.name: of(q.type) for q in p.params}


def _rewrites(rule, hl: Program, where) -> Program:
    """`rule` at its first legal site satisfying `where`; the result interprets equal to the input."""
    p = prepare(hl)
    sites = [s for s in legal_sites(p, rule) if where(at(p, s.path))]
    assert sites, f"{rule.name} found no site in {p}"
    q = apply(p, rule, sites[0])
    assert q.key != p.key
    sizes = {"N": 8}
    inputs = _inputs(p, sizes, np.random.default_rng(1))
    np.testing.assert_allclose(interpret(q, inputs, sizes), interpret(p, inputs, sizes), rtol=1e-5, atol=1e-6)
    return q


def _text(p: Program) -> str:
    """The program's text with its casters eta-reduced and its generated names `yN` written `y`."""
    return re.sub(r"\by\d+\b", "y", str(derivation.point_free_wrappers(p)))


def _call_of(op: Op):
    return lambda n: isinstance(n, FunCall) and getattr(n.f, "op", None) is op


def _rows(body) -> Program:
    return program("t", {"A": array(FLOAT, 4, "N")}, body)


def test_id_copy_copies_a_value_of_any_shape_once():
    q = _rewrites(ID_COPY_GLOBAL, _rows(lambda A: transpose() << A), _call_of(Op.TRANSPOSE))
    assert "toGlobal(mapSeq(y => mapSeq(id) << y)) o transpose" in _text(q)
    assert not [s for s in legal_sites(q, ID_COPY_GLOBAL) if _call_of(Op.TRANSPOSE)(at(q, s.path))]
    q = _rewrites(ID_COPY_PRIVATE, _rows(lambda A: map_(lambda r: reduce_(value(0, FLOAT), ADD) << r) << A),
                  _call_of(Op.REDUCE))
    assert "toPrivate(mapSeq(id)) o reduce" in _text(q)


def test_id_copy_refuses_a_function_position():
    p = prepare(_rows(lambda A: map_(lambda r: map_(ABS) << r) << A))
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


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Record the keys of the default-lowered programs the test compares.")
    ap.add_argument("--write", action="store_true", help=f"write {RECORD}")
    if ap.parse_args().write:
        RECORD.write_text(json.dumps(record(), indent=1) + "\n")
        print(f"wrote {RECORD}")
