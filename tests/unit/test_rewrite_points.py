"""Rewrite points (thesis Ch6): every kind, at every structural value and a few tuning values, keeps the type and
the interpreter output on small programs; Algorithm 4's top-down order (Fig 6.2); nesting and capture; the
composition insertions; elimination of non-matching RPs; type errors and parameter errors; the text form."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.errors import InterpretError, RewritePointError
from compiler.ir import build as b
from compiler.ir.interpret import interpret
from compiler.ir.node import FunCall, Prim, RewritePoint, walk
from compiler.ir.ops import Op
from compiler.ir.parser import parse_program
from compiler.ir.printer import print_program, show
from compiler.ir.typecheck import typecheck
from compiler.ir.userfuns import ADD, NEG
from compiler.rewrite import specialise
from compiler.rewrite.points import KINDS, apply_rewrite_points, parameters, strip_rewrite_points
from compiler.types import FLOAT, array, concrete_shape, same_type

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rp_programs import FIXED, PROGRAMS, mm, random_inputs
from strategies import programs


def choose(p, rng: random.Random, fixed: dict, tune=lambda q, rng: rng.choice((1, 2)), skip=None) -> dict:
    """Values for every parameter met (iterating `parameters` until no new one appears): `fixed` first, then
    `skip` for skip parameters when given, a random structural value, and `tune` for tuning parameters."""
    values: dict = {}
    seen: set[str] = set()
    while True:
        new = [q for q in parameters(p, values) if q.name not in seen]
        if not new:
            return values
        for q in new:
            seen.add(q.name)
            if q.name in fixed:
                values[q.name] = fixed[q.name]
            elif skip is not None and q.name.endswith(".skip"):
                values[q.name] = skip
            elif q.role == "struct":
                values[q.name] = rng.choice(q.domain)
            else:
                values[q.name] = tune(q, rng)


def apply_checked(p, values, inputs, ref, sizes=None):
    r = apply_rewrite_points(p, values, sizes=sizes)
    assert not any(isinstance(n, RewritePoint) for _, n in walk(r.program))
    assert same_type(typecheck(r.program).result, typecheck(p).result)
    out = interpret(r.program, inputs, sizes)
    assert np.allclose(out, ref, rtol=1e-4, atol=1e-4), f"{values}\n{show(r.program.body)}"
    return r


def own_struct_combos(p, label: str = "rp"):
    """Every combination of the structural values of RP `label` with skip = 0 (the test also runs skip = 1)."""
    rp_node = next(n for _, n in walk(p) if isinstance(n, RewritePoint) and n.label == label)
    doms = KINDS[rp_node.kind].struct(rp_node.args)
    for combo in itertools.product(*(d for _, d in doms)):
        yield {f"{label}.skip": 0, **{f"{label}.{n}": v for (n, _), v in zip(doms, combo, strict=True)}}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_kind_keeps_type_and_output(name):
    p = PROGRAMS[name]()
    rng = np.random.default_rng(7)
    inputs = random_inputs(p, rng)
    ref = interpret(p, inputs)
    # skip = 1 gives the input function
    r = apply_rewrite_points(p, {"rp.skip": 1})
    assert r.program == strip_rewrite_points(p) and r.skipped == ["rp"] and not r.applied
    pyrng = random.Random(name)
    checked = 0
    for fixed in own_struct_combos(p):
        for _ in range(3):  # inserted RPs: random structural values; tuning values 1 or 2 (sizes are 2^k . 3)
            values = choose(p, pyrng, {**fixed, **FIXED.get(name, {})})
            try:
                r = apply_checked(p, values, inputs, ref)
            except RewritePointError as err:
                assert "does not divide" in str(err) or "cannot take" in str(err), err
                continue
            assert ("rp", name.split(":")[0]) in r.applied and not r.eliminated
            checked += 1
    assert checked >= 1


def test_tuning_values_beyond_two():
    p = PROGRAMS["abTile"]()
    inputs = random_inputs(p, np.random.default_rng(1))
    ref = interpret(p, inputs)
    for ta, tb in [(4, 4), (8, 2), (1, 4)]:
        values = choose(p, random.Random(ta * tb), {"rp.skip": 0, "rp.tileSizeA": ta, "rp.tileSizeB": tb},
                        tune=lambda q, rng: 1)
        apply_checked(p, values, inputs, ref)
    p = PROGRAMS["tileNestedMapReduce"]()
    for ts in (1, 2, 4, 8):
        values = choose(p, random.Random(ts), {"rp.skip": 0, "rp.tileSize": ts}, tune=lambda q, rng: 1)
        apply_checked(p, values, inputs, ref)


def test_fig_6_2_top_down_double_tiles_bottom_up_single_tiles():
    t = array(FLOAT, 16)
    inner = b.rp("splitJoin1D", b.map_(NEG), "B")
    p = b.program("f62", {"x": t}, lambda x: b.rp("splitJoin1D", inner, "A") << x)
    vals = {"A.skip": 0, "B.skip": 0, "A.tileSize0": 4, "B.tileSize0": 2}
    top = apply_rewrite_points(p, vals)
    assert top.applied == [("A", "splitJoin1D"), ("B", "splitJoin1D")] and not top.eliminated
    splits = [n.int_static(0) for _, n in walk(top.program) if isinstance(n, Prim) and n.op is Op.SPLIT]
    assert sorted(splits) == [2, 4]  # double tiling: the outer map split by 4, then its tiles' map by 2
    # bottom-up: B first, then A around B's result (whose top is join) does not match and is eliminated
    b_only = apply_rewrite_points(b.program("b", {"x": t}, lambda x: inner << x), vals).program
    b_fun = b_only.body.f
    bottom = apply_rewrite_points(b.program("f62", {"x": t}, lambda x: b.rp("splitJoin1D", b_fun, "A") << x), vals)
    assert [lab for lab, _ in bottom.eliminated] == ["A"] and "not map" in bottom.eliminated[0][1]
    splits = [n for _, n in walk(bottom.program) if isinstance(n, Prim) and n.op is Op.SPLIT]
    assert len(splits) == 1
    x = np.arange(16, dtype=np.float32)
    assert np.array_equal(interpret(top.program, {"x": x}), -x)
    assert np.array_equal(interpret(bottom.program, {"x": x}), -x)


def test_default_nesting_rewraps_the_rewritten_innermost_function():
    """Listing 6.1 lines 12-13: materialise (which does not capture) rewrites the innermost map(neg) and re-wraps
    the result in S; S then meets `x => mat << map(neg) << x`, which is not a map, and is eliminated (the thesis'
    reason for capturing patterns)."""
    t = array(FLOAT, 8)
    p = b.program("n", {"x": t}, lambda x: b.rp("materialise", b.rp("splitJoin1D", b.map_(NEG), "S"), "M") << x)
    assert [q.name for q in parameters(p)] == ["M.skip", "M.targetMem", "S.skip", "S.tileSize0"]
    params = [q.name for q in parameters(p, {"M.skip": 0, "M.targetMem": "local"})]
    assert params[:4] == ["M.skip", "M.targetMem", "S.skip", "M/joinSplitND.skip"]  # S: no match, skip only
    vals = choose(p, random.Random(0), {"M.skip": 0, "M.targetMem": "local", "S.skip": 0, "S.tileSize0": 2},
                  tune=lambda q, rng: 1)
    r = apply_rewrite_points(p, vals)
    assert r.applied[0] == ("M", "materialise") and r.eliminated == [("S", "the input function is not map(f)")]
    x = np.arange(8, dtype=np.float32)
    assert np.array_equal(interpret(r.program, {"x": x}), -x)
    # with M skipped, S applies to map(neg)
    r = apply_rewrite_points(p, {"M.skip": 1, "S.skip": 0, "S.tileSize0": 2})
    assert r.applied == [("S", "splitJoin1D")] and r.skipped == ["M"]


def test_composition_insertions():
    for name, (kind, _args) in {"kernelFission": ("kernelFission", ()), "materialise": ("materialise", ()),
                               "abTile": ("abTile", ()), "tileNestedMapReduce": ("tileNestedMapReduce", (ADD,))
                               }.items():
        p = PROGRAMS[name]()
        fixed = {"rp.skip": 0}
        values = choose(p, random.Random(0), fixed, tune=lambda q, rng: 1, skip=0)
        labels = {q.label for q in parameters(p, values)}
        inserted = {lab.split("/", 1)[1].split("/")[0] for lab in labels if lab.startswith("rp/")}
        assert inserted == set(KINDS[kind].inserts), (name, inserted)
        # an inserted RP appears only once its parent's structural values are known
        assert {q.label for q in parameters(p, {})} == {"rp"}
    r = apply_rewrite_points(PROGRAMS["kernelFission"](), choose(PROGRAMS["kernelFission"](), random.Random(1),
                             {}, tune=lambda q, rng: 1, skip=0))
    kinds = dict(r.applied)
    assert kinds["rp/optimiseDataLayout"] == "optimiseDataLayout" and kinds["rp/materialise"] == "materialise"
    assert kinds["rp/materialise/joinSplitND"] == "joinSplitND" and kinds["rp/materialise/splitJoinND"] == "splitJoin3D"
    # kernel results live in global memory: the materialise kernelFission inserts can only target global
    dom = {q.name: q.domain for q in parameters(PROGRAMS["kernelFission"](), {"rp.skip": 0})}
    assert dom["rp/materialise.targetMem"] == ("global",)
    assert any(isinstance(n, Prim) and n.op is Op.OCL_KERNEL for _, n in walk(r.program))


def test_non_matching_rp_is_eliminated_and_reported():
    t = array(FLOAT, 8)
    p = b.program("e", {"x": t}, lambda x: b.rp("splitJoin1D", b.split(2), "bad") << x)
    r = apply_rewrite_points(p, {"bad.skip": 0})
    assert r.eliminated == [("bad", "the input function is not map(f)")] and not r.applied
    assert r.program == strip_rewrite_points(p)
    assert [q.name for q in parameters(p)] == ["bad.skip"]  # its other parameters are irrelevant
    q = mm([("interchangeReduce2D", "ir", ())])
    r = apply_rewrite_points(q, {"ir.skip": 0, "ir.newReduceDim": 1})
    assert r.eliminated[0][0] == "ir" and "not reduce" in r.eliminated[0][1]


def test_errors_name_the_rewrite_point():
    p = PROGRAMS["splitJoin1D"]()
    with pytest.raises(RewritePointError, match=r"rewrite point rp: .*does not divide.*split\(3\)"):
        apply_rewrite_points(p, {"rp.skip": 0, "rp.tileSize0": 3})
    with pytest.raises(RewritePointError, match=r"rp: no value for structural parameter\(s\) rp.skip"):
        apply_rewrite_points(p, {})
    m = PROGRAMS["materialise"]()
    with pytest.raises(RewritePointError, match=r"rp.targetMem = 'register' is outside its domain"):
        apply_rewrite_points(m, {"rp.skip": 0, "rp.targetMem": "register"})
    bad = b.program("u", {"x": array(FLOAT, 8)}, lambda x: b.rp("tileMaps", b.map_(NEG), "t") << x)
    with pytest.raises(RewritePointError, match="unknown rewrite point kind 'tileMaps'"):
        apply_rewrite_points(bad, {"t.skip": 0})
    with pytest.raises(RewritePointError, match="optimiseDataLayout takes one argument n"):
        apply_rewrite_points(b.program("u", {"x": array(FLOAT, 8)},
                                       lambda x: b.rp("optimiseDataLayout", b.map_(NEG), "o") << x), {"o.skip": 0})
    # with sizes bound, a symbolic length that the tile size does not divide is reported against the RP
    s = b.program("s", {"x": array(FLOAT, "N")}, lambda x: b.rp("splitJoin1D", b.map_(NEG), "sj") << x)
    apply_rewrite_points(s, {"sj.skip": 0, "sj.tileSize0": 3})  # symbolic N: a constraint, not an error
    with pytest.raises(RewritePointError, match="rewrite point sj"):
        apply_rewrite_points(s, {"sj.skip": 0, "sj.tileSize0": 3}, sizes={"N": 16})


def test_tuning_parameters_stay_symbolic():
    p = PROGRAMS["splitJoin2D"]()
    r = apply_rewrite_points(p, {"rp.skip": 0})
    names = {str(s) for _, n in walk(r.program) if isinstance(n, Prim) for s in n.static}
    assert {"rp.tileSize0", "rp.tileSize1"} <= names
    out = interpret(r.program, {"x": np.ones(16, np.float32)}, {"rp.tileSize0": 2, "rp.tileSize1": 4})
    assert np.array_equal(out, -np.ones(16, np.float32))


def test_text_form_round_trip_key_and_typed_identity():
    p = mm([("abTile", "outer", ()), ("tileNestedMapReduce", "tnmr", (ADD,)), ("abTile", "inner", ())])
    assert parse_program(print_program(p)) == p
    stripped = strip_rewrite_points(p)
    assert p.key != stripped.key and p.key == parse_program(print_program(p)).key
    assert b.program("m", {"x": array(FLOAT, 8)}, lambda x: b.rp("optimiseDataLayout", b.map_(NEG), "o", 2) << x) \
        == parse_program(print_program(b.program("m", {"x": array(FLOAT, 8)},
                                                 lambda x: b.rp("optimiseDataLayout", b.map_(NEG), "o", 2) << x)))
    assert same_type(typecheck(p).result, typecheck(stripped).result)
    inputs = random_inputs(p, np.random.default_rng(0))
    assert np.array_equal(interpret(p, inputs), interpret(stripped, inputs))
    assert sorted(typecheck(p).rewrite_points) and len(typecheck(p).rewrite_points) == 3


def test_listing_6_4_style_nesting_on_mm():
    """abTile(abTile(tileNestedMapReduce(tileNestedMapReduce(abTile(core))))): the nesting of Listing 6.4 line
    10-13, every RP applied (outer ones first), with the thesis' Table 6.2 choices where they fit the sizes."""
    p = mm([("abTile", "o", ()), ("abTile", "i", ()), ("tileNestedMapReduce", "t1", (ADD,)),
            ("tileNestedMapReduce", "t2", (ADD,)), ("abTile", "p", ())], n=8, m=8, k=16)
    inputs = random_inputs(p, np.random.default_rng(2))
    ref = interpret(p, inputs)
    fixed = {"o.skip": 0, "o.tileSizeA": 4, "o.tileSizeB": 4, "i.skip": 0, "i.tileSizeA": 2, "i.tileSizeB": 2,
             "t1.skip": 0, "t1.tileSize": 8, "t2.skip": 0, "t2.tileSize": 4, "p.skip": 0, "p.tileSizeA": 1,
             "p.tileSizeB": 2, "t1/interchangeReduceND.newReduceDim": 3,
             "p/materialiseA.targetMem": "private", "p/materialiseB.targetMem": "private"}
    values = choose(p, random.Random(5), fixed, tune=lambda q, rng: 1)
    r = apply_checked(p, values, inputs, ref)
    order = [lab for lab, _ in r.applied]
    assert order.index("o") < order.index("i") < order.index("t1") < order.index("t2") < order.index("p")
    assert not r.eliminated


# --- property: random programs with RPs wrapped around their maps ----------------------------------------------
APPLIED: list = []  # (label, kind) applied by the property test, checked by the test after it
ELIMINATED: list = []
WRAPPERS = ("splitJoin1D", "splitJoin2D", "materialise", "joinSplitND", "kernelFission", "padExtra1D",
            "optimiseDataLayout")
CANDIDATE_SIZES = [dict(N=16, M=8, K=4, σ=2, κ=4), dict(N=12, M=6, K=4, σ=2, κ=2), dict(N=8, M=8, K=8, σ=4, κ=4)]


def _setup(p):
    for sizes in CANDIDATE_SIZES:
        try:
            rng = np.random.default_rng(3)
            inputs = {q.name: rng.uniform(0.5, 1.5, size=concrete_shape(q.type, sizes)).astype(np.float32)
                      for q in p.params}
            return sizes, inputs, interpret(p, inputs, sizes)
        except (InterpretError, ValueError, KeyError, ZeroDivisionError, IndexError):
            continue
    return None


def _wrap_maps(p, kinds):
    """p with the function of every `map(f) << x` call wrapped in the next kind of `kinds` (cycled), and every
    `reduce(init, op) << x` written `privatiseAccumulator(xs => reduce(init, op) << xs) << x`."""
    from compiler.ir.node import Lambda, Param, at, replace_at
    from compiler.ir.terms import Fresh, all_names

    fresh = Fresh(all_names(p))
    sites = [path for path, n in walk(p) if isinstance(n, FunCall) and isinstance(n.f, Prim)
             and ((n.f.op is Op.MAP and len(n.args) == 1) or (n.f.op is Op.REDUCE and len(n.args) == 2))]
    labels = []
    for i, path in enumerate(reversed(sites)):  # deepest last in pre-order: replacing them first keeps paths valid
        call = at(p, path)
        label = f"r{i}"
        if call.f.op is Op.REDUCE:
            xs = Param(fresh("xs"))
            rp_ = RewritePoint("privatiseAccumulator", label, Lambda((xs,), FunCall(call.f, (call.args[0], xs))))
            p = replace_at(p, path, FunCall(rp_, (call.args[1],)))
        else:
            kind = kinds[i % len(kinds)]
            args = (1,) if kind == "optimiseDataLayout" else ()
            p = replace_at(p, path, FunCall(RewritePoint(kind, label, call.f, args), call.args))
        labels.append(label)
    return p, labels


@pytest.mark.xdist_group("rp_property")  # on one test process with the test that reads APPLIED
@settings(max_examples=80, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(p=programs(max_steps=3, lowered=False, macros=False), data=st.data())
def test_random_programs_wrapped_in_rewrite_points(p, data):
    case = _setup(p)
    if case is None:
        return
    sizes, inputs, ref = case
    kinds = data.draw(st.lists(st.sampled_from(WRAPPERS), min_size=1, max_size=3), label="kinds")
    q, labels = _wrap_maps(p, kinds)
    if not labels:
        return
    seed = data.draw(st.integers(0, 1000), label="seed")
    values = choose(q, random.Random(seed), {}, tune=lambda q_, rng: 1, skip=0)
    r = apply_rewrite_points(q, values, sizes=sizes)
    assert same_type(typecheck(r.program).result, typecheck(specialise(p, sizes)).result), show(r.program.body)
    out = interpret(r.program, inputs, sizes)
    assert close(out, ref), show(r.program.body)
    APPLIED.extend(r.applied)
    ELIMINATED.extend(r.eliminated)


def close(a, b) -> bool:
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b, strict=True))
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and np.allclose(a, b, rtol=1e-4, equal_nan=True)


@pytest.mark.xdist_group("rp_property")
def test_zz_the_property_test_applied_every_wrapper_kind():
    if not APPLIED:
        pytest.skip("runs after test_random_programs_wrapped_in_rewrite_points")
    kinds = {k for _, k in APPLIED}
    print(f"property test: {len(APPLIED)} RP applications, kinds {sorted(kinds)}, {len(ELIMINATED)} eliminated")
    # The examples hypothesis draws depend on what ran before in the session (the full suite draws others than this
    # file alone), so the test asks for breadth, not for every kind: each kind is covered deterministically by
    # test_every_kind_keeps_type_and_output above.
    assert len(APPLIED) >= 40 and len(kinds & set(WRAPPERS)) >= 5 and "privatiseAccumulator" in kinds


def test_listing_6_4_conv_all_twelve_applied():
    """The conv annotated as Listing 6.4 (tests/unit/rp_programs.py): with every skip = 0 each of the twelve RPs
    and every RP they insert applies (none eliminated) and the result is the convolution; joinSplitND flattens the
    windows through padExtra1D, kernelFission and oclKernel (the argument flows into the core's mapND2)."""
    from rp_programs import conv_listing_6_4, conv_reference

    p = conv_listing_6_4()
    rng = np.random.default_rng(4)
    inputs = random_inputs(p, rng)
    ref = conv_reference(inputs["x"], inputs["wts"])
    assert np.allclose(interpret(p, inputs), ref, atol=1e-4)
    fixed = {"padInput.p0": 2, "padInput.p1": 2, "padWindows.p": 0 + 16, "abTileOuter.tileSizeA": 16,
             "abTileOuter.tileSizeB": 2, "abTileInner.tileSizeA": 4, "abTileInner.tileSizeB": 2,
             "tnmrParallel.tileSize": 6, "tnmrReuse.tileSize": 3, "abTilePrefetch.tileSizeA": 2,
             "abTilePrefetch.tileSizeB": 1, "tnmrParallel/interchangeReduceND.newReduceDim": 3}
    values = choose(p, random.Random(3), fixed, tune=lambda q, rng_: 1, skip=0)
    r = apply_checked(p, values, inputs, ref)
    labels = {lab for lab, _ in r.applied}
    twelve = {"padInput", "fissionInput", "flattenWindows", "padWindows", "fissionIm2col", "fissionWeights",
              "abTileOuter", "abTileInner", "tnmrParallel", "tnmrReuse", "abTilePrefetch", "privAcc"}
    assert twelve <= labels and not r.eliminated
    kernels = [n for _, n in walk(r.program) if isinstance(n, Prim) and n.op is Op.OCL_KERNEL]
    assert len(kernels) >= 6  # 3 fission kernels, 2 depadding kernels and the main one


@pytest.mark.parametrize("design", ["direct", "gemm"])
def test_listing_6_4_direct_and_gemm_from_structural_values_alone(design):
    """§4.5: the same annotated conv gives direct convolution (kernelFission before sliding, the windows stay a
    view) or GEMM (kernelFission after sliding materialises the windows: im2col) by structural values only."""
    from rp_programs import conv_listing_6_4, conv_reference

    p = conv_listing_6_4()
    inputs = random_inputs(p, np.random.default_rng(5))
    ref = conv_reference(inputs["x"], inputs["wts"])
    direct = design == "direct"
    fixed = {"fissionInput.skip": int(not direct), "fissionIm2col.skip": int(direct), "padWindows.skip": int(direct),
             "padInput.skip": 0, "padInput.p0": 2, "padInput.p1": 0, "padWindows.p": 8,
             "abTileOuter.tileSizeA": 8, "abTileOuter.tileSizeB": 2, "tnmrParallel.tileSize": 9,
             "tnmrParallel/interchangeReduceND.newReduceDim": 2}
    values = choose(p, random.Random(11), fixed, tune=lambda q, rng_: 1, skip=0)
    r = apply_checked(p, values, inputs, ref)
    labels = {lab for lab, _ in r.applied}
    assert ("fissionInput/materialise" in labels) == direct and ("fissionIm2col/materialise" in labels) != direct
    assert "fissionWeights/materialise" in labels and not r.eliminated


def test_a_rewrite_that_changes_the_type_is_refused():
    """RPs are an extensible library (KINDS); Algorithm 4 lines 15-16 refuse a rewrite that changes the type."""
    from compiler.ir.node import FunCall as Call
    from compiler.ir.node import Lambda, Param
    from compiler.rewrite.points import Kind

    def rewrite(site, g):
        x = Param("x")
        return Lambda((x,), Call(b.split(2), (Call(b.map_(g), (x,)),)))

    KINDS["splitOnlyForTest"] = Kind("splitOnlyForTest", lambda args: (), lambda args: (), False,
                                     lambda site: KINDS["splitJoin1D"].match(site), rewrite)
    try:
        p = b.program("t", {"x": array(FLOAT, 8)}, lambda x: b.rp("splitOnlyForTest", b.map_(NEG), "bad") << x)
        with pytest.raises(RewritePointError, match=r"rewrite point bad: the rewrite changes the result type "
                                                    r"\[float\]8 into \[\[float\]2\]4 in x => split\(2\)"):
            apply_rewrite_points(p, {"bad.skip": 0})
    finally:
        del KINDS["splitOnlyForTest"]
