"""The memory-access-graph barrier pass (thesis §5.4, Algorithm 3, `compiler/codegen/mag.py`) on Listings 5.3-5.6,
adapted to our IR: one work group (mapWrg over a split of the whole input) around each listing's expression."""

from __future__ import annotations

import pytest

from compiler.codegen import compile_program
from compiler.codegen.mag import NotSynchronisable
from compiler.errors import CodegenError
from compiler.ir.build import join, map_lcl, map_seq, map_wrg, program, split, to_global, to_local
from compiler.ir.userfuns import NEG, SQUARE
from compiler.types import FLOAT, array


def A(*n):
    return array(FLOAT, *n)


def one_group(body):
    return lambda x: join() << map_wrg(0, body) << split("N") << x


# Listing 5.3: mapSeq(mapSeq(g) o mapLcl(0)(f)); the intermediate is reused per iteration (toLocal inside the
# mapSeq), so the next iteration's f must wait for g (write after read): two barriers inside the loop.
L53 = program("l53", {"x": A("N", "M")}, one_group(lambda xs: map_seq(
    lambda r: map_seq(to_global(NEG)) << to_local(map_lcl(0, SQUARE)) << r) << xs))
# the same with a global intermediate: our allocator gives every iteration its own row, so no write after read
L53G = program("l53g", {"x": A("N", "M")}, one_group(lambda xs: map_seq(
    lambda r: map_seq(to_global(NEG)) << to_global(map_lcl(0, SQUARE)) << r) << xs))
# Listing 5.4: mapLcl(1)(mapSeq(mapLcl(0)(g)) o mapLcl(0)(mapSeq(f))) (mapWrg(1, mapWrg(0, ...)) around it)
L54 = program("l54", {"x": A("N", "M", "K")}, lambda x: map_wrg(1, map_wrg(0, map_lcl(
    1, lambda r: map_seq(map_lcl(0, to_global(NEG))) << to_global(map_lcl(0, map_seq(SQUARE))) << r)))
    << split(1) << split("N") << x)
# Listing 5.5: mapSeq(mapLcl(0)(g)) o mapSeq(mapLcl(0)(toLocal(f))): every work item reads what it wrote
L55 = program("l55", {"x": A("N", "M")}, one_group(lambda xs: map_seq(map_lcl(0, to_global(NEG)))
                                                    << map_seq(to_local(map_lcl(0, SQUARE))) << xs))
# Listing 5.6: mapLcl(0)(mapSeq(g)) o mapSeq(mapLcl(0)(toLocal(f))): one barrier between the nests
L56 = program("l56", {"x": A("N", "M")}, one_group(lambda xs: map_lcl(0, map_seq(to_global(NEG)))
                                                    << map_seq(to_local(map_lcl(0, SQUARE))) << xs))

# name -> (program, sizes, local size)
LISTINGS = {
    "5.3": (L53, {"N": 3, "M": 8}, (4,)),
    "5.3-global": (L53G, {"N": 3, "M": 8}, (4,)),
    "5.4-uniform": (L54, {"N": 4, "M": 4, "K": 4}, (2, 2)),
    "5.5": (L55, {"N": 3, "M": 8}, (4,)),
    "5.6": (L56, {"N": 4, "M": 8}, (4,)),
}


def src(name: str, method: str) -> str:
    p, sizes, local = LISTINGS[name]
    return compile_program(p, sizes, local_size=local, barriers=method).source


def test_default_is_classic_and_unknown_method_is_an_error():
    assert src("5.6", "classic") == compile_program(L56, {"N": 4, "M": 8}, local_size=(4,)).source
    with pytest.raises(CodegenError, match="barriers must be"):
        compile_program(L56, {"N": 4, "M": 8}, barriers="pattern")


@pytest.mark.parametrize("method", ["mag", "classic"])
def test_listing_5_3_read_after_write_and_write_after_read_in_the_loop(method):
    s = src("5.3", method)
    loop = s[s.index("for (int i = 0; i < 3; i++)"):]
    assert s.count("barrier(CLK_LOCAL_MEM_FENCE);") == 2
    first, second = loop.index("barrier("), loop.rindex("barrier(")
    assert loop.index("local_buf[l_id_0] = square") < first < loop.index("for (int j = 0; j < 8; j++)")
    assert loop.index("neg(local_buf[j])") < second  # at the end of the loop body (Listing 5.3 line 9)


def test_listing_5_3_with_a_row_per_iteration_needs_only_the_read_after_write():
    for method in ("mag", "classic"):
        s = src("5.3-global", method)
        assert s.count("barrier(") == 1 and s.count("barrier(CLK_GLOBAL_MEM_FENCE);") == 1
        assert s.index("tmp0[l_id_0 + 8 * i") < s.index("barrier(") < s.index("for (int j = 0; j < 8; j++)")


def test_listing_5_4_not_synchronisable_when_the_outer_mapLcl_is_not_uniform():
    assert issubclass(NotSynchronisable, CodegenError)
    with pytest.raises(CodegenError, match=r"not synchronisable: read of tmp0.*depends on read of x and write of tmp0"):
        compile_program(L54, {"N": 3, "M": 4, "K": 4}, local_size=(2, 2), barriers="mag")
    # the classic pass instead makes the mapLcl(1) uniform (rounded-up trip count, guarded segments)
    s = compile_program(L54, {"N": 3, "M": 4, "K": 4}, local_size=(2, 2)).source
    assert "l_id_1 < 4; l_id_1 += get_local_size(1)" in s and "if (l_id_1 < 3)" in s


@pytest.mark.parametrize("method", ["mag", "classic"])
def test_listing_5_4_with_a_uniform_outer_mapLcl(method):
    s = src("5.4-uniform", method)
    assert s.count("barrier(CLK_GLOBAL_MEM_FENCE);") == 1 and s.count("barrier(") == 1
    body = s[s.index("l_id_1 < 4"):]  # inside mapLcl(1), between the two phases
    assert body.index("= square(") < body.index("barrier(") < body.index("= neg(")


@pytest.mark.parametrize("method", ["mag", "classic"])
def test_listing_5_5_no_barrier(method):
    assert "barrier" not in src("5.5", method)


@pytest.mark.parametrize("method", ["mag", "classic"])
def test_listing_5_6_one_barrier_between_the_nests(method):
    s = src("5.6", method)
    assert s.count("barrier(") == 1 and s.count("barrier(CLK_LOCAL_MEM_FENCE);") == 1
    first_nest_end = s.index("local_buf[l_id_0 + 8 * i] = square")
    # after the whole first loop nest (hit once, not N times): after both closing braces of the nest
    between = s[first_nest_end:s.index("barrier(")]
    assert between.count("}") == 2
    assert s.index("barrier(") < s.index("neg(local_buf[")


def test_dependences_across_work_groups_are_errors_with_mag():
    from compiler.ir.build import map_glb, reorder

    p = program("x", {"a": A("N")}, lambda a: map_glb(0, to_global(NEG)) << reorder(2) << map_glb(0, to_global(NEG))
                << a)
    with pytest.raises(CodegenError, match="split the program"):
        compile_program(p, {"N": 16}, barriers="mag")


@pytest.mark.parametrize(("bench", "name"), [("mm", "tiled"), ("stencil2d", "tiled"), ("gaussian", "tiled"),
                                             ("conv", "conv42")])
def test_catalogued_lowerings_get_no_more_barriers_with_mag(bench, name):
    from tests.lowerings import catalogued

    lw = catalogued(bench, name, "small")
    classic = [k.source.count("barrier(") for k in lw.compile().kernels]
    mag = [k.source.count("barrier(") for k in lw.compile(barriers="mag").kernels]
    assert sum(mag) <= sum(classic)
