"""mm tiled's switches KU (the TK steps of a register block unrolled, A read as float4 along K), CB (a work
item's columns in runs of 4, B read as float4), AT (A held transposed in local memory, rows in runs of 4) and PF
(the next tiles loaded into registers): the NumPy interpreter agrees with the reference, the defaults keep the
strided kernel with its loop, the generated code has the structure each switch names, and the template's space
holds both values of each; the sweep script's choice of points."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

from compiler.constraints.device import H100
from compiler.ir.interpret import interpret
from compiler.lowering import LoweringError, templates
from compiler.lowering.catalog import lowerings
from compiler.suite import get, rel_error
from tests.lowerings import catalogued

SIZES = {"M": 32, "N": 32, "K": 16}
BASE = {"TM": 16, "TN": 16, "TK": 8, "RM": 2, "RN": 8, "VW": 4}


def _lowered(switches: dict[str, int], sizes=SIZES, base=BASE):
    return lowerings("mm")["tiled"](sizes, {**base, **switches})


@pytest.mark.parametrize(("ku", "cb", "at"), [(ku, cb, at) for ku in (0, 1) for cb in (0, 1) for at in (0, 1)])
def test_switches_compute_the_reference_in_the_interpreter(ku, cb, at):
    lowered = _lowered({"KU": ku, "CB": cb, "AT": at}, base={**BASE, "RM": 4})
    bench = get("mm")
    inputs = bench.make_inputs(SIZES, np.random.default_rng(ku + 2 * cb + 4 * at))
    out = interpret(lowered.program, inputs, lowered.env)
    assert rel_error(out, bench.reference(inputs, SIZES)) <= bench.tolerance


def test_defaults_leave_both_switches_off_and_the_kernel_unchanged():
    default = catalogued("mm", "tiled", "default")
    assert all(default.params[s] == 0 for s in ("KU", "CB", "AT", "PF"))
    explicit = lowerings("mm")["tiled"](default.sizes, {**default.params, "KU": 0, "CB": 0, "AT": 0, "PF": 0})
    assert explicit.compile().source == default.compile().source


def _block_loops(source: str) -> int:
    return len(re.findall(r"for \(int \w+ = 0; \w+ < \d+; \w+\+\+\) \{  // reduceSeq", source))


def test_unrolled_steps_leave_only_the_loop_over_the_tiles_and_read_a_as_float4():
    loop, unrolled = (_lowered({"KU": ku}).compile().source for ku in (0, 1))
    assert _block_loops(loop) == 2 and _block_loops(unrolled) == 1  # over the K/TK tiles and, with KU = 0, TK
    assert unrolled.count("multAndSumUp(") == loop.count("multAndSumUp(") + (BASE["TK"] - 1) * BASE["RM"] * BASE["RN"]
    assert not re.search(r"= \(\(local float4\*\)local_buf\)\[[^;]*\];", loop)
    a_reads = re.findall(r"= \(\(local float4\*\)local_buf\)\[([^;]*)\];", unrolled)
    assert len(a_reads) == BASE["RM"] * BASE["TK"] // 4  # one float4 per row of the block and 4 steps
    assert not re.search(r"= local_buf\[", unrolled)
    assert re.search(r"multAndSumUp\(acc_\d+, priv_\d+\.s3, ", unrolled)  # a step's A value: a component


def _offsets(reads: list[str]) -> list[int]:
    return [int(m.group(1)) if (m := re.search(r"\+ (\d+)$", r)) else 0 for r in reads]


def test_runs_of_four_are_read_from_local_memory_as_float4():
    lanes = BASE["TN"] // BASE["RN"]
    strided, runs = (_lowered({"CB": cb}).compile().source for cb in (0, 1))
    scalar = re.findall(r"= local_buf2\[([^\]]+)\];", strided)[:BASE["RN"]]
    assert _offsets(scalar) == [c * lanes for c in range(BASE["RN"])]  # strided columns, one word each
    assert "float4*)" not in strided.split("barrier")[1]
    vectors = re.findall(r"= \(\(local float4\*\)local_buf2\)\[([^;]+)\];", runs)[:BASE["RN"] // 4]
    assert _offsets(vectors) == [q * lanes for q in range(BASE["RN"] // 4)]  # float4 q of work item j: q*lanes + j
    assert not re.search(r"= local_buf2\[", runs)


def test_transposed_a_is_stored_lane_by_lane_and_read_as_float4_runs():
    base = {**BASE, "RM": 4, "CB": 1}
    plain, transposed = (_lowered({"AT": at}, base=base).compile().source for at in (0, 1))
    copy, compute = transposed.split("barrier")[:2]
    assert re.search(r"local_buf\[[^\]]+\] = \(\w+\)\.s3;", copy)  # a float4 of A written as 4 scalars
    reads = re.findall(r"= \(\(local float4\*\)local_buf\)\[([^;]+)\];", compute)
    assert len(reads) == base["RM"] // 4 and "local_buf[" not in compute  # a step: RM/4 float4s of A
    assert "#pragma unroll" in transposed and "#pragma unroll" not in plain
    assert "#pragma unroll" not in _lowered({"AT": 1, "KU": 1}, base=base).compile().source  # no loop to hint
    assert "(local float4*)local_buf)" not in plain.split("barrier")[1]  # A as read: strided scalars


def test_prefetch_keeps_the_program_and_loads_the_next_tiles_into_registers_after_the_barrier():
    plain, ahead = (_lowered({"PF": pf}) for pf in (0, 1))
    assert plain.program == ahead.program and ahead.options == {"prefetch": True}
    source = ahead.compile().source
    before, inside = source.split("for (int i = 0;", 1)
    assert re.findall(r"(pf_\d+) = \(\(const global float\d\*\)[AB]\)\[", before)  # the first tiles
    copies, after = inside.split("barrier(CLK_LOCAL_MEM_FENCE);", 1)
    assert "global" not in copies and "= pf_" in copies  # the copies read the registers
    nxt = re.search(r"if \(i < (\d+)\) \{", after)
    assert nxt and int(nxt.group(1)) == SIZES["K"] // BASE["TK"] - 1 and after.index("if (i <") < after.index(
        "multAndSumUp")
    a = "const global float4*)A)["  # each register of A loaded for the first tile and for each next one
    assert before.count(a) == after.split("multAndSumUp")[0].count(a) == source.count(a) // 2 >= 1


def test_switches_need_widths_divisible_by_four():
    with pytest.raises(LoweringError, match="RN % 4 = 0"):
        _lowered({"CB": 1}, base={**BASE, "RN": 2})
    with pytest.raises(LoweringError, match="TK % 4 = 0"):
        _lowered({"KU": 1}, base={**BASE, "TK": 2, "VW": 2})
    with pytest.raises(LoweringError, match="RM % 4 = 0"):
        _lowered({"AT": 1})
    with pytest.raises(LoweringError, match="switches"):
        _lowered({"KU": 2})


def test_the_template_space_offers_both_switches_and_masks_widths():
    tp = templates.template_problem(get("mm"), "tiled", SIZES, H100)
    assert tp.valid_values("KU", {}) == [0, 1] and tp.valid_values("CB", {}) == [0, 1] == tp.valid_values("AT", {})
    assert tp.valid_values("PF", {}) == [0, 1] and tp.inferred[(0, 0, 0, 0, 1)] is tp.inferred[(0, 0, 0, 1, 1)]
    assert all(v % 4 == 0 for v in tp.valid_values("RM", {"AT": 1})) and 2 in tp.valid_values("RM", {"AT": 0})
    rn = tp.valid_values("RN", {"CB": 1})
    assert rn and all(v % 4 == 0 for v in rn)
    assert 2 in tp.valid_values("RN", {"CB": 0})
    assert all(v % 4 == 0 for v in tp.valid_values("TK", {"KU": 1})) and 2 in tp.valid_values("TK", {"KU": 0})
    point = tp.complete({"CB": 1, "KU": 1})
    assert point["RN"] % 4 == 0 and tp.compile(point).kernels


def _sweep_module():
    path = Path(__file__).resolve().parents[2] / "scripts" / "mm_sweep_gpu.py"
    spec = importlib.util.spec_from_file_location("mm_sweep_gpu", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_sweep_selection_is_valid_spread_and_starts_from_the_defaults():
    sweep = _sweep_module()
    tp = templates.template_problem(get("mm"), "tiled", SIZES, H100)
    points = sweep.enumerate_points(tp)
    keys = {tuple(sorted(p.items())) for p in points}
    assert len(keys) == len(points) > 100
    assert all(tp.space.check(p) for p in points[:: max(1, len(points) // 50)])
    defaults = {p.name: tp.defaults[p.name] for p in tp.params}
    chosen = sweep.select(points, defaults, 12)
    assert len(chosen) == 12 and chosen[0] == ("defaults", defaults)
    assert all(tuple(sorted(p.items())) in keys for _, p in chosen)
    assert len({tuple(sorted(p.items())) for _, p in chosen}) == 12
    for name in ("KU", "CB", "TK", "VW"):  # farthest-point sampling reaches both ends of these axes
        assert len({p[name] for _, p in chosen}) >= 2, name
