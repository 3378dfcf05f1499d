"""Barriers between the iterations of an unrolled loop that reuses a local buffer: the iterations' statements have
equal index forms, but one access is made by each work item of a mapLcl and the other by every work item (a
sequential read or copy), so equal forms do not keep the elements to one work item.

The programs are the memory decisions `lift-gym explore` offered on mm and on the negate program of the README
(mapSeqUnroll of a mapLcl into local memory, read back by a reduceSeqUnroll or copied into local memory by a
mapSeq): without a barrier between the iterations, the next iteration's writes overtook the reads of the last
one (240 of 256 mm elements wrong on PoCL)."""

from __future__ import annotations

from compiler.ir.parser import parse_program
from compiler.lowering.stages import compile_program

# memory: mapSeqUnroll over the columns, reduceSeqUnroll, toLocal(mult) in the mapLcl
MM_UNROLLED_TO_LOCAL = """def mm(A: [[float]K]M, B: [[float]N]K) =
  mapSeq(z => join << z)
  o mapWrg(0, aRow =>
      mapSeqUnroll(bCol =>
        toGlobal(y2 => mapSeq(id) << y2)
        o reduceSeqUnroll(toPrivate(id) << value(0, float), (y, y1) => add(y, y1))
        o mapLcl(0, t => toLocal(mult)(get(0) << t, get(1) << t))
        << zip(aRow, bCol)
      )
      o transpose
      << B
    )
  << A"""
MM_SIZES = {"M": 16, "N": 16, "K": 16}

# memory: mapSeqUnroll over the chunks, each copied into local memory by a mapSeq and read by a mapLcl
NEGATE_UNROLLED_COPY = """def negate(x: [float]N) =
  join
  o join
  o mapWrg(0, chunk1 =>
      mapSeqUnroll(chunk =>
        mapLcl(0, x1 => toGlobal(neg) << x1) o mapSeq(c => toLocal(id) << c) << chunk
      )
      o mapLcl(0, c2 => mapSeq(c1 => toLocal(id) << c1) << c2)
      << chunk1
    )
  o split(2)
  o split(4)
  << x"""
NEGATE_SIZES = {"N": 32}

# memory: copyLocal mapSeq inside a mapWrg inside a sequential loop: the next iteration's copy overwrote the
# elements the mapLcl of this one had still to read
NEGATE_SEQUENTIAL_COPY = """def negate(x: [float]N) =
  join
  o mapSeq(chunk =>
      join
      o mapWrg(0, chunk1 =>
          mapLcl(0, x1 => toGlobal(neg) << x1) o mapSeq(c => toLocal(id) << c) << chunk1
        )
      o split(2)
      << chunk
    )
  o split(32)
  << x"""


def test_unrolled_reduction_of_a_local_buffer_waits_before_the_next_iteration_writes_it():
    src = compile_program(parse_program(MM_UNROLLED_TO_LOCAL), MM_SIZES).source
    # each of the 16 iterations: mapLcl writes local_buf, barrier, every work item reads all 16 elements;
    # then a barrier before the next iteration's mapLcl overwrites them
    assert src.count("barrier(CLK_LOCAL_MEM_FENCE);") == 16 + 15
    iterations = src.split("// mapSeqUnroll unrolled", 1)[1].split("out[16 * wg_id_0")[1:-1]
    assert len(iterations) == 15 and all("barrier(CLK_LOCAL_MEM_FENCE);" in it for it in iterations)


def test_unrolled_copy_into_a_local_buffer_waits_for_the_reads_of_the_last_iteration():
    src = compile_program(parse_program(NEGATE_UNROLLED_COPY), NEGATE_SIZES, local_size=(4,)).source
    second = src.split("// mapSeqUnroll unrolled", 1)[1].split("out[", 1)[1]
    # the second iteration's sequential copy overwrites local_buf2, which the first iteration's mapLcl read
    assert second.index("barrier(") < second.index("local_buf2[j] =")


def test_a_mapLcl_reading_its_own_elements_needs_no_barrier_between_iterations():
    """Equal forms of the local buffer, each access made by the work items of a mapLcl: the same work item's
    elements, no local-memory barrier."""
    p = parse_program("""def twice(x: [float]N) =
  join
  o mapWrg(0, chunk =>
      mapSeqUnroll(y => mapLcl(0, v => toGlobal(neg) << v) o mapLcl(0, v => toLocal(neg) << v) << y)
      << chunk
    )
  o split(2)
  o split(4)
  << x""")
    src = compile_program(p, {"N": 32}, local_size=(4,)).source
    assert "local_buf[l_id_0] = neg" in src and "CLK_LOCAL_MEM_FENCE" not in src


def test_sequential_loop_around_a_local_copy_waits_before_the_next_iteration_copies():
    src = compile_program(parse_program(NEGATE_SEQUENTIAL_COPY), {"N": 64}, local_size=(2,)).source
    loop = src.split("for (int i = 0; i < 2; i++) {  // mapSeq", 1)[1]
    # copy by every work item, barrier, mapLcl reads; then a barrier at the end of the loop body
    assert loop.count("barrier(CLK_LOCAL_MEM_FENCE);") == 2
    assert loop.rindex("barrier(") > loop.index("neg(local_buf[l_id_0])")
