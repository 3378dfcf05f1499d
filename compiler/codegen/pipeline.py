"""compile_program: a lowered program and its sizes to OpenCL kernels, as a named sequence of small passes.

    expand-macros -> specialise -> typecheck -> check-lowered -> address-spaces -> lower (memory + views)
    -> unroll -> ndrange -> barriers -> last-group -> version -> cse -> vector-loads -> emit

`emit` renders each kernel without the statements that store a location's own value (`selfcopy.py`).

Every pass takes and returns a `CodegenState`; a failure is a CodegenError prefixed with the pass name, and the
passes' wall times are recorded in `KernelProgram.meta` ("codegen_ms").
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import sympy

from .. import arith
from ..errors import CodegenError, CompilerError
from ..ir.macros import expand_program
from ..ir.node import Literal, Node, Param, Prim, Program, UserFun, with_children
from ..ir.typecheck import Typing, literal_size, typecheck
from ..types import NUMPY_DTYPE, Type, map_lengths
from . import barriers, cse, kir, mag, ndrange, opencl, unroll
from .cfuns import render_function
from .check import check_lowered
from .constant import CONSTANT_BYTES, constant_buffers
from .host import LoweredKernels, ProgramLowerer
from .kernel import Kernel, KernelArg, KernelProgram
from .lastgroup import fuse_last_groups
from .prefetch import prefetch_tiles
from .selfcopy import drop_self_copies
from .spaces import infer_spaces
from .vecload import vector_loads
from .versioning import version_pads

LaunchSizes = Sequence[int] | Mapping[str, Sequence[int]] | None


@dataclass(frozen=True)
class CodegenState:
    program: Program
    sizes: Mapping[str, int]
    local_size: LaunchSizes = None
    global_size: LaunchSizes = None
    typing: Typing | None = None
    spaces: dict | None = None
    lowered: LoweredKernels | None = None
    launches: dict = field(default_factory=dict)
    result: KernelProgram | None = None
    barriers: str = "classic"  # barrier placement: "classic" (barriers.py) or "mag" (mag.py, Algorithm 3)
    versioning: bool = False  # pad versioning of work-item bodies (versioning.py)
    last_group: bool = False  # one-group kernels run in the last work group of the kernel before them (lastgroup.py)
    vector_loads: int = 0  # width of the aligned vector loads that combine scalar loads (vecload.py); 0: none
    constant_bytes: int = CONSTANT_BYTES  # constant-memory budget per kernel (constant.py); 0: none
    aligned_vectors: bool = True  # aligned vector accesses as elements of vector arrays (opencl.py); off: vloadn
    unroll_hint: int = 0  # innermost sequential loops of at most this many steps carry `#pragma unroll` (opencl.py)
    prefetch: bool = False  # tile loops load the next tile into registers during this one (prefetch.py)
    self_copies: bool = False  # stores of a location's own value (`acc = acc;`) rendered (selfcopy.py); off: dropped


def expand_pass(s: CodegenState) -> CodegenState:
    return replace(s, program=expand_program(s.program))


def specialise_pass(s: CodegenState) -> CodegenState:
    """Bind every size variable and tuning parameter: lengths and static parameters become integers."""
    key = _sizes_key(s.sizes)
    missing: set[str] = set()

    def size(e):
        v = _bind(e, key)
        missing.update(x.name for x in v.free_symbols)
        return v

    def typ(t: Type | None):
        return None if t is None else map_lengths(t, size)

    def node(n: Node) -> Node:
        if isinstance(n, Param):
            return Param(n.name, typ(n.type))
        if isinstance(n, Literal):  # a size literal (value(N, float)) becomes the size's number
            expr = literal_size(n.value)
            if expr is None:
                return Literal(n.value, typ(n.type))
            v = size(expr)
            return Literal(str(int(v)) if v.is_integer else repr(float(v)) if v.is_number else n.value, typ(n.type))
        if isinstance(n, Prim):
            return Prim(n.op, tuple(size(x) for x in n.static), tuple(node(f) for f in n.funs))
        if isinstance(n, UserFun):
            return n
        return with_children(n, [node(c) for c in n.children()])

    p = node(s.program)
    if missing:
        raise CodegenError(f"size variable(s) {', '.join(sorted(missing))} are not bound by the sizes given")
    assert isinstance(p, Program)
    return replace(s, program=p)


@functools.lru_cache(maxsize=1 << 16, typed=True)
def _bind(e, sizes_key: tuple) -> sympy.Expr:
    # sympy's subs costs about a millisecond; compilations of related programs bind the same lengths again
    return sympy.sympify(e).subs({arith.var(k): v for k, v in sizes_key})


def check_types(s: CodegenState) -> CodegenState:
    typing = typecheck(s.program)
    for t in typing.of.values():
        map_lengths(t, _integer)
    return replace(s, typing=typing)


def _integer(n):
    if not isinstance(n, sympy.Integer):
        raise CodegenError(f"length {n} is not an integer for the sizes given")
    if int(n) <= 0:
        raise CodegenError(f"length {n} is not positive for the sizes given")
    return n


def check(s: CodegenState) -> CodegenState:
    check_lowered(s.program)
    return s


def spaces(s: CodegenState) -> CodegenState:
    return replace(s, spaces=infer_spaces(s.program))


def lower_pass(s: CodegenState) -> CodegenState:
    return replace(s, lowered=ProgramLowerer(s.program, s.typing, s.spaces).run())


def unroll_pass(s: CodegenState) -> CodegenState:
    for k in s.lowered.kernels:
        k.body = unroll.unroll(k.body, self_copies=s.self_copies)
    return s


def ndrange_pass(s: CodegenState) -> CodegenState:
    launches = {}
    for k in s.lowered.kernels:
        launches[k.name] = ndrange.infer_launch(k.body, k.requirements, ndrange.choose(s.local_size, k.name),
                                         ndrange.choose(s.global_size, k.name), first_only=k.first_only)
    return replace(s, launches=launches)


def barrier_pass(s: CodegenState) -> CodegenState:
    for k in s.lowered.kernels:
        try:
            insert = mag.insert_barriers if s.barriers == "mag" else barriers.insert_barriers
            k.body = insert(k.body, s.launches[k.name])
        except CodegenError as err:
            raise CodegenError(f"kernel {k.name}: {err}") from None
    return s


def last_group_pass(s: CodegenState) -> CodegenState:
    if not s.last_group:
        return s
    low = s.lowered
    taken = {b.name for b in (*low.inputs, low.output)}
    kernels, launches = fuse_last_groups(low.kernels, s.launches, taken)
    return replace(s, lowered=replace(low, kernels=kernels), launches=launches)


def version_pass(s: CodegenState) -> CodegenState:
    if s.versioning:
        for k in s.lowered.kernels:
            k.body = version_pads(k.body)
    return s


def cse_pass(s: CodegenState) -> CodegenState:
    for k in s.lowered.kernels:
        k.body = cse.cse(k.body)
    return s


def vector_loads_pass(s: CodegenState) -> CodegenState:
    for k in s.lowered.kernels:
        k.body = vector_loads(k.body, s.vector_loads)
    return s


def emit(s: CodegenState) -> CodegenState:
    low = s.lowered
    kernels = []
    single = len(low.kernels) == 1
    unused = {b.name for b in low.inputs}
    for n, k in enumerate(low.kernels):
        launch = s.launches[k.name]
        args = _arguments(k, low, single)
        unused -= {b.name for b, _ in args}
        if n == len(low.kernels) - 1 and unused:  # the runtime binds every input: pass unused ones too
            args = [(b, False) for b in low.inputs if b.name in unused] + args
        stmts = prefetch_tiles(k.body, launch) if s.prefetch else k.body
        if not s.self_copies:
            stmts = drop_self_copies(stmts)
        constant = constant_buffers(stmts, args, s.constant_bytes)
        pointers = opencl.pointer_qualifiers(args, constant, k.locals) if s.aligned_vectors else {}
        r = opencl.Renderer(launch, unroll.scalarised(stmts), flat=unroll.flat_private(stmts), pointers=pointers,
                            unroll_hint=s.unroll_hint)
        body = r.block(stmts, 1)
        lines = [render_function(n, f, ct, out) for n, (f, ct, out) in k.funs.items()]
        if lines:
            lines.append("")
        lines.append(opencl.signature(opencl.OpenCL, k.name, args, constant) + " {")
        align = opencl.vector_bytes(stmts) if s.aligned_vectors else {}
        for b in k.locals:
            decl = opencl.OpenCL.local_decl_aligned if b.name in align else opencl.OpenCL.local_decl
            lines.append(opencl.OpenCL.indent + decl.format(t=b.scalar.name, n=b.name, size=b.scalars,
                                                            align=align.get(b.name)))
        lines += [*body, "}", ""]
        if any(b.scalar.name == "double" for b in (*k.locals, *k.tmps, *(b for b, _ in args))) or any(
                "double" in (out, *ct) for _, ct, out in k.funs.values()):
            lines.insert(0, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
        kargs = tuple(KernelArg(b.name, b.role, b.scalar.name, b.scalars) for b, _ in args)
        kernels.append(Kernel(k.name, "\n".join(lines), kargs, launch.global_size, launch.local_size,
                              local_bytes=sum(b.scalars * _itemsize(b) for b in k.locals),
                              private_bytes=_private_bytes(stmts)))
    flops = sum(k.flops for k in low.kernels)
    nbytes = sum(b.scalars * _itemsize(b) for b in (*low.inputs, low.output))
    result = KernelProgram(tuple(kernels), tuple(b.name for b in low.inputs), (low.output.name,), float(flops),
                           float(nbytes))
    return replace(s, result=result)


def _private_bytes(stmts: list[kir.Stmt]) -> int:
    """Bytes of the private buffers a kernel's statements declare, each name once (at its largest)."""
    sizes: dict[str, int] = {}
    for st in kir.walk_stmts(stmts):
        if isinstance(st, kir.Decl) and st.buf.space == kir.PRIVATE:
            sizes[st.buf.name] = max(sizes.get(st.buf.name, 0), st.buf.scalars * _itemsize(st.buf))
    return sum(sizes.values())


def _itemsize(b: kir.Buffer) -> int:
    return NUMPY_DTYPE[b.scalar.name](0).itemsize


def _arguments(k, low: LoweredKernels, single: bool) -> list[tuple[kir.Buffer, bool]]:
    """Global buffers of a kernel: program inputs in parameter order, then the others by first use."""
    used: dict[str, kir.Buffer] = {}
    written: set[str] = set()
    for st in kir.walk_stmts(k.body):
        if isinstance(st, kir.Store):
            for ref, is_write, _ in kir.accesses(st):
                if ref.buf.space == kir.GLOBAL:
                    used.setdefault(ref.buf.name, ref.buf)
                    if is_write:
                        written.add(ref.buf.name)
    for b in k.tmps:
        used.setdefault(b.name, b)
    inputs = [b for b in low.inputs if single or b.name in used]
    rest = [b for n, b in used.items() if n not in {i.name for i in low.inputs}]
    return [(b, False) for b in inputs] + [(b, b.name in written or b.role == "zero") for b in rest]


PASSES: tuple[tuple[str, Callable[[CodegenState], CodegenState]], ...] = (
    ("expand-macros", expand_pass),
    ("specialise", specialise_pass),
    ("typecheck", check_types),
    ("check-lowered", check),
    ("address-spaces", spaces),
    ("lower", lower_pass),
    ("unroll", unroll_pass),
    ("ndrange", ndrange_pass),
    ("barriers", barrier_pass),
    ("last-group", last_group_pass),
    ("version", version_pass),
    ("cse", cse_pass),
    ("vector-loads", vector_loads_pass),
    ("emit", emit),
)


@dataclass(frozen=True)
class _Prepared:
    """Every pass but `emit` run on a program with the default options: the state (None after a failure), the
    failing pass and its error, and the passes' wall times."""

    state: CodegenState | None
    failed: str = ""
    error: CompilerError | None = None
    times: tuple[str, ...] = ()


def _run(state: CodegenState, passes) -> _Prepared:
    times = []
    for name, fn in passes:
        t0 = time.perf_counter()
        try:
            state = fn(state)
        except CompilerError as err:
            return _Prepared(None, name, err.with_traceback(None), tuple(times))
        times.append(f"{name}={(time.perf_counter() - t0) * 1e3:.2f}")
    return _Prepared(state, times=tuple(times))


@functools.lru_cache(maxsize=128)  # compilations share a run within a step; fewer states kept alive
def _prepared(program: Program, sizes_key: tuple, local_size) -> _Prepared:
    """The passes before `emit` with the default options, memoised: the kernel IR the performance models read and
    the kernels compiled at the same sizes share one run (the passes are pure; `emit` and the models only read
    the result)."""
    launch = dict(local_size) if local_size and isinstance(local_size[0], tuple) else local_size
    return _run(CodegenState(program, dict(sizes_key), launch, None), PASSES[:-1])


def _sizes_key(sizes: Mapping[str, int]) -> tuple:
    return tuple(sorted((k, int(v)) for k, v in sizes.items()))


def _launch_key(local_size: LaunchSizes):
    """A hashable form of a local-size override: None, a tuple, or (kernel name, tuple) pairs for a mapping."""
    if local_size is None or isinstance(local_size, tuple):
        return local_size
    if isinstance(local_size, Mapping):
        return tuple(sorted((k, tuple(v)) for k, v in local_size.items()))
    return tuple(local_size)


def clear_caches() -> None:
    """Empty the memoised runs of the passes (for timing compilations cold)."""
    _prepared.cache_clear()


def kernel_ir(program: Program, sizes: Mapping[str, int], local_size: LaunchSizes = None) -> CodegenState:
    """The code generator's state after every pass but `emit`: the kernel IR of each kernel
    (`state.lowered.kernels`) and its launch (`state.launches`), what the performance models read. Raises
    CompilerError prefixed with the failing pass. The state is shared with later calls (memoised): read it, do
    not change it."""
    done = _prepared(program, _sizes_key(sizes), _launch_key(local_size))
    if done.state is None:
        raise CompilerError(f"{done.failed}: {done.error}") from None
    return done.state


def compile_program(program: Program, sizes: Mapping[str, int], *, local_size: LaunchSizes = None,
                    global_size: LaunchSizes = None, barriers: str = "classic", versioning: bool = False,
                    constant_bytes: int = CONSTANT_BYTES, last_group: bool = False, vector_loads: int = 0,
                    aligned_vectors: bool = True, unroll_hint: int = 0, prefetch: bool = False,
                    self_copies: bool = False) -> KernelProgram:
    """OpenCL kernels for a lowered program, specialised to `sizes` (every size variable and tuning parameter).

    `local_size` / `global_size` override the inferred launch sizes: a tuple for every kernel, or a mapping from
    kernel name to tuple. `barriers` picks the barrier placement: "classic" (Algorithm 1 as a dependence check,
    `barriers.py`) or "mag" (the memory access graph method, Algorithm 3, `mag.py`). `last_group`: every kernel
    after the first that runs as one work group runs in the last work group of the kernel before it, in one kernel
    (`lastgroup.py`). `vector_loads`: W > 1 combines the scalar loads of one aligned float<W> of a read-only
    buffer into one vector load (`vecload.py`). `aligned_vectors` False renders every vector access of global and
    local memory with vloadn/vstoren, as the code generator did before (`opencl.py`). `unroll_hint` N > 0: every
    innermost sequential loop (no loop or barrier inside) of at most N iterations carries `#pragma unroll`, so
    that the device compiler unrolls it and schedules its body. `prefetch`: each tile loop (copies into local
    memory, a barrier, the rest) loads the next iteration's tile into registers after its barrier, where that is
    safe (`prefetch.py`). `self_copies` True renders the stores of a location's own value (`acc_0 = acc_0;`,
    the initial copy of a reduction that starts from the accumulator it updates) as the code generator did
    before; by default they are left out (`selfcopy.py`). Raises CodegenError
    (prefixed with the failing pass) for programs it cannot compile.
    """
    if barriers not in ("classic", "mag"):
        raise CodegenError(f"barriers must be 'classic' or 'mag', not {barriers!r}")
    # the default options of the passes before emit: their memoised run
    if global_size is None and barriers == "classic" and not (versioning or last_group or vector_loads or self_copies):
        done = _prepared(program, _sizes_key(sizes), _launch_key(local_size))
    else:
        done = _run(CodegenState(program, dict(sizes), local_size, global_size, barriers=barriers,
                                 versioning=versioning, last_group=last_group, vector_loads=vector_loads,
                                 self_copies=bool(self_copies)),
                    PASSES[:-1])
    if done.state is None:
        if isinstance(done.error, CodegenError):
            raise CodegenError(f"{done.failed}: {done.error}") from None
        raise done.error
    t0 = time.perf_counter()
    state = emit(replace(done.state, constant_bytes=int(constant_bytes), aligned_vectors=bool(aligned_vectors),
                         unroll_hint=int(unroll_hint), prefetch=bool(prefetch)))
    times = (*done.times, f"emit={(time.perf_counter() - t0) * 1e3:.2f}")
    assert state.result is not None
    return replace(state.result, meta=(("codegen_ms", " ".join(times)),))



