"""Tuning-parameter inference (thesis §4.3): the constraints each primitive induces, Algorithm 2, device limits."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest
import sympy

from compiler.constraints.constraint import VECTOR_WIDTHS, Constraint, param
from compiler.constraints.device import H100, POCL_CPU, DeviceLimits
from compiler.constraints.examples import CONV_LOCAL_SIZES, conv_layer
from compiler.constraints.infer import TuningProblem, infer, simplify_problem
from compiler.errors import ConstraintError
from compiler.ir.build import (
    as_vector,
    join,
    map_,
    map_glb,
    map_lcl,
    map_seq,
    map_wrg,
    pad,
    program,
    reorder,
    slide_strict,
    split,
    to_global,
    to_local,
    to_private,
    value,
)
from compiler.ir.userfuns import ID, NEG
from compiler.types import FLOAT, array

X = {"x": array(FLOAT, "N")}


def texts(tp: TuningProblem, raw: bool = True) -> set[str]:
    return {c.text for c in (tp.raw if raw else tp.constraints)}


def test_split_constraints_and_divisor_domain():
    p = program("s", X, lambda x: join() @ map_(map_(NEG)) @ split("m") << x)
    tp = infer(p)
    assert tp.params == ("m",)
    assert {"(N % m) = 0", "m ≥ 1", "m ≤ N"} <= texts(tp)
    assert all(c.params == ("m",) or "N" in c.text for c in tp.raw)
    tp = infer(p, {"N": 12})
    assert tp.domains["m"] == (1, 2, 3, 4, 6, 12)
    assert tp.constraints == []  # one-parameter constraints became the domain
    assert tp.space().count() == 6


def test_as_vector_widths():
    p = program("v", X, lambda x: as_vector("v") << x)
    tp = infer(p)
    assert {"(N % v) = 0", "v ≤ N", "v ∈ {1, 2, 4, 8, 16}"} <= texts(tp)
    assert infer(p, {"N": 24}).domains["v"] == (1, 2, 4, 8)


def test_slide_strict_coverage_against_brute_force():
    p = program("w", X, lambda x: map_(map_(NEG)) << (slide_strict("size", "step") << x))
    tp = infer(p)
    assert "((N - size) % step) = 0" in texts(tp)
    space = infer(p, {"N": 10}).space()
    want = [(s, t) for s, t in itertools.product(range(1, 11), range(1, 11)) if (10 - s) % t == 0]
    assert sorted((q["size"], q["step"]) for q in space.enumerate()) == sorted(want)


def test_pad_and_reorder():
    p = program("p", X, lambda x: map_(NEG) @ reorder("s") << (pad("l", "r", value(0, FLOAT)) << x))
    tp = infer(p)
    assert {"l ≤ N - 1", "r ≤ N - 1", "N + l + r ≥ 1", "((N + l + r) % s) = 0", "s ≥ 1"} <= texts(tp)
    tp = infer(p, {"N": 4})
    assert tp.domains["l"] == tp.domains["r"] == (0, 1, 2, 3)
    want = [(lv, rv, s) for lv, rv, s in itertools.product(range(4), range(4), range(1, 12))
            if (4 + lv + rv) % s == 0]
    got = [(q["l"], q["r"], q["s"]) for q in tp.space().enumerate()]
    assert sorted(got) == sorted(want)


@pytest.mark.parametrize("mode", ["clamp", "mirror", "wrap"])
def test_boundary_pad_amounts_range_like_a_constant_pads(mode):
    p = program("p", X, lambda x: map_(NEG) << (pad("l", "r", mode) << x))
    assert {"l ≤ N - 1", "r ≤ N - 1", "N + l + r ≥ 1"} <= texts(infer(p))
    tp = infer(p, {"N": 4})
    assert tp.domains["l"] == tp.domains["r"] == (0, 1, 2, 3)


def test_false_parameter_free_constraint_raises_with_the_constraint():
    p = program("bad", X, lambda x: map_(map_(NEG)) << (split(4) << x))
    infer(p, {"N": 12})  # fine
    with pytest.raises(ConstraintError, match=r"this structure is invalid for these sizes: \(N % 4\) = 0"):
        infer(p, {"N": 10})
    q = program("bad2", X, lambda x: map_(map_(NEG)) << (slide_strict(3, 2) << x))
    with pytest.raises(ConstraintError, match=r"this structure is invalid for these sizes: .*% 2\) = 0"):
        infer(q, {"N": 10})


def test_unsatisfiable_parameter_constraints_raise():
    p = program("u", X, lambda x: map_(as_vector("v")) @ split("m") << x)  # m | 3, v | m, v even
    with pytest.raises(ConstraintError):
        infer(p, {"N": 3}, ranges={"v": [2, 4]})
    with pytest.raises(ConstraintError, match="no value for input size"):
        infer(p, {})


def test_duplicates_are_merged_with_both_origins():
    # asVector(m) o join o map(f) o split(m) << x induces n % m = 0 twice (§4.3.3, duplicate pruning)
    p = program("d", X, lambda x: as_vector("m") @ join() @ map_(map_(NEG)) @ split("m") << x)
    tp = infer(p, {"N": 64})
    dups = [c for c, why in tp.dropped if why.startswith("duplicate")]
    assert any(c.text == "(64 % m) = 0" for c in dups)
    assert tp.domains["m"] == (1, 2, 4, 8, 16)


def test_algorithm_2_worked_example():
    # T = {t1: [1..b], t2: [1..ab/t1], t3: [1..d]}, C = {t1 >= b, t3 <= e*t2/a}  (4.11), a=4 b=6 d=20 e=5
    t1, t2, t3 = param("t1"), param("t2"), param("t3")
    raw = [Constraint.of(t1 >= 1), Constraint.of(t1 <= 6), Constraint.of(t2 >= 1), Constraint.of(t2 <= 24 / t1),
           Constraint.of(t3 >= 1), Constraint.of(t3 <= 20), Constraint.of(t1 >= 6, "c1"),
           Constraint.of(t3 <= sympy.Rational(5, 4) * t2, "c2")]
    tp = TuningProblem(program("t", X, lambda x: x), ("t1", "t2", "t3"), {}, None, raw)
    simplify_problem(tp, {})
    assert tp.domains == {"t1": (6,), "t2": (1, 2, 3, 4), "t3": (1, 2, 3, 4, 5)}
    assert tp.fixed == {"t1": 6}
    assert [c.origin for c in tp.constraints] == ["c2"]  # c1 is gone, c2 stays (t2 still varies)


def _wrg_lcl(local_space):
    wrap = {"local": to_local, "private": to_private}[local_space]
    inner = map_seq if local_space == "private" else lambda f: map_lcl(0, f)
    return program("k", X, lambda x: join() @ map_wrg(0, lambda ch: map_lcl(0, to_global(ID)) << (
        inner(wrap(ID)) << ch)) @ split("ls") << x)


def test_ndrange_and_local_memory_limits():
    small = H100.with_(max_work_group_size=64, max_work_item_sizes=(64, 64, 64), local_mem_bytes=128)
    tp = infer(_wrg_lcl("local"), {"N": 256}, small)
    assert tp.domains["ls"] == (1, 2, 4, 8, 16, 32)  # 4 * ls bytes of local memory <= 128
    origins = " ".join(c.origin for c, _ in tp.dropped)
    assert "max work-item size 64" in origins and "local memory per work-group" in origins
    assert infer(_wrg_lcl("local"), {"N": 256}, H100).domains["ls"] == (1, 2, 4, 8, 16, 32, 64, 128, 256)


def test_private_memory_and_allocation_limits():
    tiny = H100.with_(private_mem_bytes_per_item=16)
    assert infer(_wrg_lcl("private"), {"N": 256}, tiny).domains["ls"] == (1, 2, 4)
    no_room = H100.with_(max_alloc_bytes=512)
    with pytest.raises(ConstraintError, match=r"this structure is invalid for these sizes: .*max allocation"):
        infer(_wrg_lcl("local"), {"N": 256}, no_room)


def test_glb_local_size_divides_global():
    p = program("g", X, lambda x: map_glb(0, to_global(NEG)) << x)
    tp = infer(p, {"N": 96}, H100, local_sizes={0: "ls"})
    assert tp.params == ("ls",)
    assert tp.domains["ls"] == tuple(d for d in range(1, 97) if 96 % d == 0)


def test_device_limits_from_device_info_duck_typed():
    info = SimpleNamespace(platform_name="NVIDIA CUDA", device_name="NVIDIA H100 80GB HBM3", device_type="gpu",
                           compute_units=132, max_work_group_size=1024, max_work_item_sizes=(1024, 1024, 64),
                           local_mem_size=49152, max_alloc=21254373376, global_mem_size=85017493504,
                           preferred_float_vector_width=1)
    lim = DeviceLimits.from_device_info(info)
    assert lim.max_work_item_sizes == (1024, 1024, 64) and lim.warp_size == 32
    assert (lim.local_mem_bytes, lim.max_alloc_bytes, lim.private_mem_bytes_per_item) == (49152, 21254373376, 1020)
    # the profile's work group is what the driver launches (CL_KERNEL_WORK_GROUP_SIZE), not the device's 1024
    assert lim.max_work_group_size == 1024 and H100.max_work_group_size == 256
    assert lim.with_(name=H100.name, max_work_group_size=256) == H100
    cpu = DeviceLimits.from_device_info(SimpleNamespace(**{**vars(info), "device_type": "cpu",
                                                           "platform_name": "Portable Computing Language"}))
    assert cpu.warp_size == 1
    assert POCL_CPU.max_work_group_size == 4096
    try:
        from compiler.runtime.device import DeviceInfo
    except ImportError:  # pragma: no cover - the runtime is written concurrently
        return
    real = DeviceInfo(platform_name="NVIDIA CUDA", device_name="NVIDIA H100", driver_version="580",
                      opencl_version="3.0", device_type="gpu", compute_units=132, max_clock_mhz=1980,
                      max_work_group_size=1024, max_work_item_sizes=(1024, 1024, 64), local_mem_size=49152,
                      max_alloc=21254373376, global_mem_size=85017493504, preferred_float_vector_width=1)
    assert DeviceLimits.from_device_info(real).max_alloc_bytes == 21254373376


def _conv_brute(h: int, c: int, k_out: int, dev: DeviceLimits) -> int:
    """Table 4.2 constraints written by hand for a square layer (3x3, stride 1, padding 1)."""
    n = 0
    divs = lambda x: [d for d in range(1, x + 1) if x % d == 0]  # noqa: E731
    ws = 9 * c
    for rho in range(0, h + 2):
        P = h + 2 + rho
        for th in range(3, P + 1):
            if (P - th) % (th - 2):
                continue
            nwin = (th - 2) ** 2
            for kap, om, sig, v in itertools.product(divs(k_out), divs(ws), divs(nwin), VECTOR_WIDTHS):
                l0, l1 = ws // om, nwin // sig
                if om % v or l0 > dev.max_work_item_sizes[0] or l1 > dev.max_work_item_sizes[1]:
                    continue
                if l0 * l1 > dev.max_work_group_size or 4 * nwin * kap * l0 > dev.local_mem_bytes:
                    continue
                if 4 * (kap * sig + sig * v + kap * v) > dev.private_mem_bytes_per_item:
                    continue
                n += 1
    return n


def test_conv_listing_4_2_space_matches_hand_written_table_4_2_constraints():
    sizes = {"inH": 10, "inW": 10, "inChs": 8, "outChs": 8}
    tp = infer(conv_layer(), sizes, H100, local_sizes=CONV_LOCAL_SIZES)
    assert set(tp.params) == {"theta", "rho", "kappa", "sigma", "omega", "v"}
    assert tp.domains["kappa"] == (1, 2, 4, 8)
    assert tp.domains["rho"] == tuple(range(0, 12))
    text = "\n".join(c.text for c in tp.constraints)
    assert "((rho - theta + 12) % (theta - 2)) = 0" in text  # slideStrict tiling (4.4)
    assert tp.space().count() == _conv_brute(10, 8, 8, H100)
    assert "theta" in str(tp) and "4.4" in str(tp)


def test_unrolled_code_size_heuristic():
    from compiler.ir.build import map_seq_unroll

    p = program("unr", X, lambda x: join() << (map_glb(0, map_seq_unroll(to_global(NEG))) << (split("m") << x)))
    tp = infer(p, {"N": 64}, POCL_CPU.with_(max_unrolled_calls=8))
    assert [c for c in tp.raw if "code-size heuristic" in c.origin]
    assert tp.domains["m"] == (1, 2, 4, 8)
    plain = program("plain", X, lambda x: join() << (map_glb(0, map_seq(to_global(NEG))) << (split("m") << x)))
    assert not [c for c in infer(plain, {"N": 64}, POCL_CPU).raw if "code-size" in c.origin]
