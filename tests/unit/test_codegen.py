"""The OpenCL code generator without a device: generated source structure (thesis Listings 2.3 and 4.6), memory
allocation (§2.3.2.3, §4.4), barrier placement (Algorithm 1), launch sizes and errors."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from compiler.codegen import PASSES, compile_program
from compiler.errors import CodegenError
from compiler.ir.build import (
    as_scalar,
    as_vector,
    call,
    get,
    iterate,
    join,
    lam,
    let,
    map_,
    map_glb,
    map_lcl,
    map_seq,
    map_seq_unroll,
    map_wrg,
    ocl_kernel,
    pad,
    program,
    reduce_,
    reduce_seq,
    reorder,
    slide_nd,
    split,
    to_global,
    to_local,
    to_private,
    transpose,
    transpose_w,
    tuple_,
    value,
    vectorise,
    zip_,
)
from compiler.ir.userfuns import ADD, ID, MULT_AND_SUM_UP, NEG, SQUARE
from compiler.types import FLOAT, array

Z = value(0, FLOAT)


def A(*n):
    return array(FLOAT, *n)


def mult_add(acc, t):
    return MULT_AND_SUM_UP(acc, get(0) << t, get(1) << t)


def total(x):
    return to_global(map_seq(ID)) << reduce_seq(Z, ADD) << x


# --- thesis Listing 2.2 -> Listing 2.3 ---------------------------------------------------------------------------
STENCIL = program("stencil2D", {"weights": A(3, 3), "inputData": A("height", "width")},
                  lambda weights, inputData: map_wrg(0, map_lcl(0, lambda neighbourhood: to_global(ID) << reduce_seq(
                      to_private(ID) << Z, mult_add) << zip_(join() << neighbourhood, join() << weights)))
                  << slide_nd((3, 3), (1, 1)) << inputData)


def test_listing_2_3_structure():
    # constant_bytes=0: the listing's global weights (by default they are a constant pointer, see below)
    kp = compile_program(STENCIL, {"height": 6, "width": 8}, local_size=(2,), global_size=(4,), constant_bytes=0)
    (k,) = kp.kernels
    src = k.source
    assert k.name == "stencil2D"
    assert [(a.name, a.kind, a.size) for a in k.args] == [("weights", "in", 9), ("inputData", "in", 48),
                                                           ("out", "out", 24)]
    assert "kernel void stencil2D(const global float* restrict weights, const global float* restrict inputData, " \
           "global float* out)" in src
    assert "for (int wg_id_0 = get_group_id(0); wg_id_0 < 4; wg_id_0 += get_num_groups(0))" in src
    assert "for (int l_id_0 = get_local_id(0); l_id_0 < 6; l_id_0 += get_local_size(0))" in src
    assert "float acc = 0.0f;" in src  # toPrivate(id) << value(0, float): the private accumulator
    assert "for (int i = 0; i < 9; i++)" in src  # reduceSeq over the 3x3 window
    # (i%3) + (i/3)*width + lcl_i + wrg_i*width, as in the listing
    assert "acc = multAndSumUp(acc, inputData[i % 3 + l_id_0 + 8 * wg_id_0 + 8 * (i / 3)], weights[i]);" in src
    assert "out[l_id_0 + 6 * wg_id_0] = acc;" in src  # toGlobal(id)
    assert src.index("wg_id_0 <") < src.index("l_id_0 <") < src.index("float acc =") < src.index("i < 9")
    assert "barrier" not in src
    assert (k.global_size, k.local_size) == ((4,), (2,))


def test_launch_sizes_equal_to_the_iteration_counts_give_straight_line_code():
    (k,) = compile_program(STENCIL, {"height": 6, "width": 8}).kernels
    assert (k.global_size, k.local_size) == ((24,), (6,))  # 4 work groups (mapWrg) of 6 (mapLcl)
    assert "int wg_id_0 = get_group_id(0);" in k.source and "int l_id_0 = get_local_id(0);" in k.source
    assert "for (int wg_id_0" not in k.source and "for (int l_id_0" not in k.source


def test_launch_larger_than_the_iteration_count_gives_an_if():
    p = program("g", {"a": A("N")}, lambda a: map_glb(0, to_global(NEG)) << a)
    (k,) = compile_program(p, {"N": 10}, local_size=(4,)).kernels
    assert k.global_size == (12,) and k.local_size == (4,)
    assert "if (get_global_id(0) < 10) {" in k.source


def test_passes_are_named_and_timed():
    names = [n for n, _ in PASSES]
    assert names == ["expand-macros", "specialise", "typecheck", "check-lowered", "address-spaces", "lower", "unroll",
                     "ndrange", "barriers", "last-group", "version", "cse", "vector-loads", "emit"]
    kp = compile_program(STENCIL, {"height": 6, "width": 8})
    assert all(f"{n}=" in dict(kp.meta)["codegen_ms"] for n in names)
    assert kp.flops == 4 * 6 * 9 * 2  # multAndSumUp: 2 operations per call
    assert kp.bytes == (9 + 48 + 24) * 4


# --- memory allocation -------------------------------------------------------------------------------------------
def _locals(src: str) -> list[int]:
    return [int(n) for n in re.findall(r"local float \w+\[(\d+)\];", src)]


def test_listing_4_4_shared_intermediate_local_buffer():
    """mapWrg(mapLcl(mapSeq(toGlobal f) o mapSeq(toLocal g))): mem_f = N*M*K, mem_g = M*K."""
    p = program("l44", {"x": A("N", "M", "K")}, lambda x: map_wrg(0, map_lcl(0, lambda r: map_seq(to_global(NEG))
                                                                             << map_seq(to_local(SQUARE)) << r)) << x)
    kp = compile_program(p, {"N": 3, "M": 4, "K": 5})
    assert _locals(kp.source) == [4 * 5]
    assert kp.kernels[0].args[-1].size == 3 * 4 * 5
    assert "barrier" not in kp.source  # every work item reads back what it wrote


def test_listing_4_5_unshared_intermediate_local_buffer():
    """mapWrg(mapSeq(mapLcl(toGlobal f) o mapLcl(toLocal g))): mem_g = K (not multiplied by the mapSeq)."""
    p = program("l45", {"x": A("N", "M", "K")}, lambda x: map_wrg(0, map_seq(
        lambda r: map_lcl(0, to_global(NEG)) << map_lcl(0, to_local(SQUARE)) << r)) << x)
    kp = compile_program(p, {"N": 3, "M": 4, "K": 5})
    assert _locals(kp.source) == [5]


def test_private_results_of_a_mapLcl_are_kept_per_work_item():
    p = program("dp", {"a": A("N")}, lambda a: join() << map_wrg(
        0, lambda c: map_lcl(0, to_global(NEG)) << to_private(map_lcl(0, SQUARE)) << c) << split(8) << a)
    src = compile_program(p, {"N": 32}).source
    assert "float priv;" in src and "priv = square(" in src and "neg(priv)" in src
    with pytest.raises(CodegenError, match="needs at least 8"):
        compile_program(p, {"N": 32}, local_size=(4,))


def test_private_array_and_global_intermediate_sizes():
    p = program("pl", {"a": A("N", "M"), "w": A("M")}, lambda a, w: map_glb(0, lambda row: call(
        let(lambda wp: total(zip_(row, wp) >> map_seq(lambda t: to_global(ADD)(get(0) << t, get(1) << t)))),
        to_private(map_seq(ID)) << w)) << a)
    kp = compile_program(p, {"N": 6, "M": 8})
    assert "float priv[8];" in kp.source  # toPrivate: not multiplied by the mapGlb
    tmp = [a for a in kp.kernels[0].args if a.kind == "tmp"]
    assert [a.size for a in tmp] == [6 * 8]  # a global intermediate: one row per work item


def test_conv_listing_4_6_structure():
    """Listings 4.2/4.3 with Table 4.4 on VGG-16 layer 7: the structure of Listing 4.6."""
    conv42 = _device_table().conv42
    sizes = {"inChs": 128, "kerH": 3, "kerW": 3, "P": 125, "outChs": 128, "theta": 5, "ts": 3, "kappa": 4,
             "sigma": 3, "omega": 144}
    (k,) = compile_program(conv42(), sizes, local_size=(8, 3)).kernels
    src = k.source
    assert _locals(src) == [288]
    assert (k.global_size, k.local_size) == ((32 * 8, 1681 * 3), (8, 3))
    assert "for (int i = 0; i < 36; i++)" in src
    assert "float acc_0, acc_1, acc_2, acc_3, acc_4, acc_5, acc_6, acc_7, acc_8, acc_9, acc_10, acc_11;" in src
    assert len(re.findall(r"acc_(\d+) = dotAndSumUp\(acc_\1, ", src)) == 12
    assert "float4 priv_0, priv_1, priv_2;" in src and "float4 priv2_0, priv2_1, priv2_2, priv2_3;" in src
    assert src.count("barrier(CLK_LOCAL_MEM_FENCE);") == 1
    final = src[src.index("barrier("):]
    assert "l_id_1 < 4;" in final and "l_id_0 < 9;" in final and "i < 8;" in final
    assert "float dotAndSumUp(float acc, float4 l, float4 r) { return acc + dot(l, r); }" in src


def _device_table():
    """The program table of tests/device/test_codegen_pocl.py (it imports without a device)."""
    path = Path(__file__).resolve().parents[1] / "device" / "test_codegen_pocl.py"
    spec = importlib.util.spec_from_file_location("codegen_program_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- barriers ----------------------------------------------------------------------------------------------------
def _src(p, sizes, **kw) -> str:
    return compile_program(p, sizes, **kw).source


def test_no_barrier_when_each_work_item_reads_its_own_results():
    p = program("b", {"a": A("N", "N")}, lambda a: map_wrg(0, lambda r: map_lcl(0, to_global(NEG))
                                                            << to_local(map_lcl(0, SQUARE)) << r) << a)
    assert "barrier" not in _src(p, {"N": 8})


def test_barrier_after_a_mapLcl_whose_results_are_read_with_another_layout():
    p = program("b", {"a": A("N", "N")}, lambda a: map_wrg(0, lambda r: map_lcl(0, to_global(NEG)) << reorder(2)
                                                            << to_local(map_lcl(0, SQUARE)) << r) << a)
    src = _src(p, {"N": 8})
    assert src.count("barrier(CLK_LOCAL_MEM_FENCE);") == 1
    assert src.index("local_buf[l_id_0] = square") < src.index("barrier") < src.index("neg(local_buf[")


def test_barrier_before_a_sequential_consumer():
    p = program("b", {"a": A("N")}, lambda a: join() << map_wrg(0, lambda c: total(to_local(map_lcl(0, SQUARE)) << c))
                << split(8) << a)
    src = _src(p, {"N": 32})
    assert src.count("barrier(CLK_LOCAL_MEM_FENCE);") == 1
    assert src.index("barrier") < src.index("for (int i = 0; i < 8; i++)")


def test_loop_carried_reuse_of_local_memory_gets_a_second_barrier():
    p = program("b", {"a": A("G", "R", "C")}, lambda a: map_wrg(0, map_seq(
        lambda row: map_lcl(0, to_global(NEG)) << reorder(2) << to_local(map_lcl(0, SQUARE)) << row)) << a)
    src = _src(p, {"G": 2, "R": 3, "C": 8})
    loop = src[src.index("for (int i = 0; i < 3; i++)"):]
    assert loop.count("barrier(CLK_LOCAL_MEM_FENCE);") == 2  # read after write, and write after read next time


def test_barrier_inside_a_non_uniform_mapLcl_makes_it_uniform():
    p = program("b", {"a": A("G", "R", "C")}, lambda a: map_wrg(1, map_wrg(0, map_lcl(
        1, lambda row: map_lcl(0, to_global(NEG)) << reorder(2) << to_local(map_lcl(0, SQUARE)) << row))) << split(1)
        << a)
    src = _src(p, {"G": 2, "R": 3, "C": 8}, local_size=(8, 2))
    assert "for (int l_id_1 = get_local_id(1); l_id_1 < 4; l_id_1 += get_local_size(1))" in src
    assert src.count("if (l_id_1 < 3) {") == 2
    assert src.count("barrier(CLK_LOCAL_MEM_FENCE);") == 1
    # local buffer holds one row per mapLcl(1) iteration: no reuse, no second barrier
    assert _locals(src) == [24]


def test_global_intermediate_between_mapWrg_loops_of_the_same_group():
    p = program("b", {"a": A("M", "N")}, lambda a: map_wrg(0, lambda r: map_lcl(0, to_global(NEG)) << reorder(2) << r)
                << to_global(map_wrg(0, map_lcl(0, SQUARE))) << a)
    src = _src(p, {"M": 4, "N": 8})
    assert src.count("barrier(CLK_GLOBAL_MEM_FENCE);") == 1


def test_private_memory_needs_no_barrier():
    p = program("b", {"a": A("G", "N", "M")}, lambda a: map_wrg(0, map_lcl(0, lambda r: total(
        to_private(map_seq(SQUARE)) << r))) << a)
    src = _src(p, {"G": 2, "N": 4, "M": 8})
    assert "float priv[8];" in src and "barrier" not in src


@pytest.mark.parametrize(("body", "message"), [
    (lambda a: map_glb(0, to_global(NEG)) << reorder(2) << map_glb(0, to_global(NEG)) << a, "split the program"),
    (lambda a: join() << map_wrg(0, map_lcl(0, to_global(NEG))) << transpose() << map_wrg(
        0, map_lcl(0, to_global(NEG))) << split(4) << a, "another work group"),
])
def test_dependences_across_work_groups_are_errors(body, message):
    with pytest.raises(CodegenError, match=message):
        compile_program(program("x", {"a": A("N")}, body), {"N": 16})


# --- views and functions ---------------------------------------------------------------------------------------
def test_vectorise_emits_a_vector_function_and_vector_accesses():
    p = program("vec", {"a": A("N"), "b": A("N")}, lambda a, b: as_scalar() << map_glb(0, lambda t: to_global(
        vectorise(4, ADD))(get(0) << t, get(1) << t)) << zip_(as_vector(4) << a, as_vector(4) << b))
    src = _src(p, {"N": 32})
    assert "float4 add_v4(float4 x, float4 y) { return x + y; }" in src
    assert ("((global float4*)out)[gl_id_0] = add_v4(((const global float4*)a)[gl_id_0], "
            "((const global float4*)b)[gl_id_0]);") in src


def test_vectors_in_local_memory_are_aligned_and_width_three_keeps_vload3():
    p = program("vl", {"a": A("N")}, lambda a: as_scalar() << join() << map_wrg(0, lambda c: map_lcl(
        0, to_global(vectorise(4, NEG))) << to_local(map_lcl(0, vectorise(4, ID))) << c)
        << split(8) << as_vector(4) << a)
    src = _src(p, {"N": 64})
    assert re.search(r"local float \w+\[32\] __attribute__\(\(aligned\(16\)\)\);", src)
    assert re.search(r"\(\(local float4\*\)\w+\)\[", src) and "vload" not in src and "vstore" not in src
    three = program("v3", {"a": A("N")}, lambda a: as_scalar() << map_glb(0, to_global(vectorise(3, NEG)))
                    << as_vector(3) << a)
    src3 = _src(three, {"N": 24})
    assert "vload3(gl_id_0, a)" in src3 and "vstore3(" in src3 and "float3*" not in src3


def test_unroll_hint_marks_only_innermost_loops_short_enough():
    p = program("rows", {"a": A("N", "M", "K")}, lambda a: map_glb(0, lambda x: join() << to_global(map_seq(
        lambda r: map_seq(ID) << reduce_seq(Z, ADD) << r)) << x) << a)
    sizes = {"N": 2, "M": 4, "K": 8}
    hinted = _src(p, sizes, unroll_hint=8)
    assert "#pragma unroll" not in _src(p, sizes)
    assert hinted.count("#pragma unroll") == 1  # the reduce over K, not the loop over M that holds it
    assert re.search(r"#pragma unroll\n\s*for \(int \w+ = 0; \w+ < 8;", hinted)
    assert "#pragma unroll" not in _src(p, {**sizes, "K": 16}, unroll_hint=8)


def test_pad_becomes_an_inline_conditional_and_crop_an_offset():
    p = program("p", {"a": A("N")}, lambda a: map_glb(0, to_global(ID)) << pad(2, 3, value(1.5, FLOAT)) << a)
    assert "out[gl_id_0] = ((gl_id_0 < 2 || gl_id_0 >= 12) ? 1.5f : a[gl_id_0 - 2]);" in _src(p, {"N": 10})
    p = program("c", {"a": A("N")}, lambda a: map_glb(0, to_global(ID)) << pad(-2, -1, Z) << a)
    assert "out[gl_id_0] = a[gl_id_0 + 2];" in _src(p, {"N": 10})


def test_transposeW_changes_the_write_and_transpose_the_read():
    w = program("w", {"a": A("M", "N")}, lambda a: transpose_w() << map_glb(1, map_glb(0, to_global(NEG))) << a)
    assert "out[gl_id_1 + 5 * gl_id_0] = neg(a[gl_id_0 + 7 * gl_id_1]);" in _src(w, {"M": 5, "N": 7})
    r = program("r", {"a": A("M", "N")}, lambda a: map_glb(1, map_glb(0, to_global(NEG))) << transpose() << a)
    assert "out[gl_id_0 + 5 * gl_id_1] = neg(a[gl_id_1 + 7 * gl_id_0]);" in _src(r, {"M": 5, "N": 7})


def test_unrolled_maps_use_scalar_variables():
    p = program("u", {"a": A("M", "N")}, lambda a: map_glb(0, lambda r: map_seq_unroll(to_global(ID))
                                                           << to_private(map_seq_unroll(SQUARE)) << r) << a)
    src = _src(p, {"M": 3, "N": 4})
    assert "float priv_0, priv_1, priv_2, priv_3;" in src and "out[4 * gl_id_0 + 3] = priv_3;" in src
    assert "for (" not in src


def test_lambda_arguments_are_inlined_and_let_materialises():
    """Thesis Fig 2.11: an ordinary lambda recomputes g per use; let evaluates it once."""
    def prog(binder):
        return program("f", {"x": A("N"), "y": A("M")}, lambda x, y: map_glb(0, lambda ex: call(binder(
            lambda eg: map_seq(lambda ey: to_global(ADD)(eg, ey)) << y), to_private(SQUARE) << ex)) << x)
    inlined = _src(prog(lam), {"N": 5, "M": 4})
    materialised = _src(prog(let), {"N": 5, "M": 4})
    inner = inlined[inlined.index("for (int i"):]
    assert "square(" in inner  # recomputed inside the inner loop
    assert materialised.index("square(") < materialised.index("for (int i")


def test_iterate_is_unrolled_with_ping_pong_buffers():
    p = program("it", {"a": A("N")}, lambda a: iterate(3, lambda x: map_glb(0, to_global(NEG)) << x) << a)
    src = _src(p, {"N": 16})
    assert "tmp0[gl_id_0] = neg(a[gl_id_0]);" in src and "tmp1[gl_id_0] = neg(tmp0[gl_id_0]);" in src
    assert "out[gl_id_0] = neg(tmp1[gl_id_0]);" in src


def test_oclKernel_programs_have_one_kernel_per_call_sharing_buffers_by_name():
    p = program("two", {"a": A("N")}, lambda a: ocl_kernel(lambda q: total(q)) << (
        join() << ocl_kernel(lambda x: map_glb(0, total) << split(8) << x) << a))
    kp = compile_program(p, {"N": 64})
    k0, k1 = kp.kernels
    assert (k0.name, k1.name) == ("two_k0", "two_k1")
    assert [(a.name, a.kind, a.size) for a in k0.args] == [("a", "in", 64), ("tmp0", "tmp", 8)]
    assert [(a.name, a.kind, a.size) for a in k1.args] == [("tmp0", "tmp", 8), ("out", "out", 1)]
    assert "const global float* restrict tmp0" in k1.source and "global float* tmp0" in k0.source
    assert kp.inputs == ("a",) and kp.outputs == ("out",)
    assert (k0.global_size, k1.global_size) == ((8,), (1,))


def test_launch_override_per_kernel_name():
    p = program("two", {"a": A("N")}, lambda a: ocl_kernel(lambda q: total(q)) << (
        join() << ocl_kernel(lambda x: map_glb(0, total) << split(8) << x) << a))
    k0, _ = compile_program(p, {"N": 64}, local_size={"two_k0": (4,)}).kernels
    assert k0.local_size == (4,) and k0.global_size == (8,)


def test_tuple_values_are_views():
    p = program("t", {"a": A("N"), "b": A("N")}, lambda a, b: map_glb(0, lambda i: call(lam(
        lambda tt: to_global(ADD)(get(0) << tt, get(1) << tt)), tuple_(get(1) << i, get(0) << i))) << zip_(a, b))
    assert "out[gl_id_0] = add(b[gl_id_0], a[gl_id_0]);" in _src(p, {"N": 8})


# --- errors ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("body", "sizes", "message"), [
    (lambda a: map_(NEG) << a, {"N": 4}, r"check-lowered: map is not lowered .* in map\(neg\) << a"),
    (lambda a: reduce_(Z, ADD) << a, {"N": 4}, r"check-lowered: reduce is not lowered"),
    (lambda a: map_lcl(0, to_global(NEG)) << a, {"N": 4}, r"mapLcl\(0\) must be nested inside mapWrg\(0\)"),
    (lambda a: map_wrg(0, map_glb(0, to_global(NEG))) << split(2) << a, {"N": 4}, "cannot be mixed"),
    (lambda a: map_glb(0, to_private(NEG)) << a, {"N": 4}, "must be written to global memory"),
    (lambda a: map_glb(0, NEG) << a, {}, "specialise: size variable"),
    (lambda a: pad(1, 1, Z) << map_glb(0, to_global(NEG)) << a, {"N": 4}, "pad cannot be applied on the write side"),
    (lambda a: split(2) << a, {"N": 4}, "nothing computes"),
    (lambda a: map_glb(0, lambda r: map_seq(to_global(NEG)) << to_local(map_seq(SQUARE)) << r) << split(2) << a,
     {"N": 4}, "local memory inside a mapGlb"),
    (lambda a: join() << map_wrg(0, lambda c: map_lcl(0, to_global(NEG)) << reorder(2)
                                 << to_private(map_lcl(0, SQUARE)) << c) << split(8) << a, {"N": 32},
     "holds one element per work item"),
    (lambda a: zip_(map_glb(0, to_global(NEG)) << a, a), {"N": 4}, "tuple"),
    (lambda a: join() << map_glb(0, map_seq(to_global(NEG))) << split(3) << a, {"N": 4}, "does not divide"),
])
def test_clear_errors(body, sizes, message):
    with pytest.raises(Exception, match=message) as info:
        compile_program(program("x", {"a": A("N")}, body), sizes)
    assert isinstance(info.value, CodegenError) or type(info.value).__name__ == "TypeCheckError"


def test_kernel_named_after_an_opencl_builtin_is_renamed():
    from compiler.codegen import compile_program
    from compiler.ir.build import map_glb, program
    from compiler.ir.userfuns import NEG
    from compiler.types import FLOAT, array

    p = program("dot", {"a": array(FLOAT, "N")}, lambda a: map_glb(0, NEG) << a)
    kp = compile_program(p, {"N": 8})
    assert kp.kernels[0].name != "dot"
    assert f"kernel void {kp.kernels[0].name}(" in kp.kernels[0].source.replace("__kernel", "kernel")
