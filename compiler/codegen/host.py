"""The program level: inputs, the output buffer and the host schedule of kernels.

Without oclKernel the whole program body is one kernel named after the program, writing the output buffer
`out`. With oclKernel the top-level expression is the host schedule (thesis §2.3.1.4): each oclKernel call is
one kernel, launched after the kernels computing its arguments; data-layout primitives between kernels are
views the consuming kernel reads through (or, on the output side, pushed into the producing kernel's writes);
a kernel's result that is not the program's output lives in a global "tmp" buffer shared by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CodegenError
from ..ir.node import Expr, FunCall, Lambda, Literal, Param, Prim, Program, UserFun, walk
from ..ir.ops import MAPS, Op
from ..types import BOOL, ArrayType, TupleType, Type, base_type
from . import kir, memory, views
from .binding import Deferred, err
from .check import uses_kernels
from .lower import KernelIR, KernelLowerer

C_KEYWORDS = frozenset((
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool",
    "half", "kernel", "global", "local", "private", "constant", "read_only", "write_only", "barrier",
    # OpenCL built-in functions: a kernel or buffer with one of these names fails to build or launch
    "dot", "cross", "length", "distance", "normalize", "sqrt", "rsqrt", "exp", "log", "pow", "sin", "cos",
    "tan", "min", "max", "fmin", "fmax", "fabs", "abs", "clamp", "mix", "mad", "fma", "select", "sign", "step",
    "floor", "ceil", "round", "exp2", "log2", "native_sqrt", "native_exp", "get_global_id", "get_local_id",
    "get_group_id", "get_global_size", "get_local_size", "get_num_groups", "vload4", "vstore4",
))


@dataclass
class LoweredKernels:
    """The kernel IR of every kernel of a program, with the program's input buffers and its output buffer."""

    kernels: list[KernelIR]
    inputs: list[kir.Buffer]
    output: kir.Buffer


def _count(t: Type) -> int:
    n = 1
    while isinstance(t, ArrayType):
        n, t = n * int(t.n), t.elem
    return n


def _buffer(name: str, t: Type, role: str) -> kir.Buffer:
    if isinstance(base_type(t), TupleType):
        raise CodegenError(f"{name}: values of type {t} (arrays of tuples) are not supported as kernel buffers")
    if kir.scalar_of_elem(memory.element_type(t)) == BOOL:
        raise CodegenError(f"{name}: bool values cannot be kernel buffers (use int)")
    return kir.Buffer(name, kir.GLOBAL, memory.element_type(t), _count(t), role)


class ProgramLowerer(KernelLowerer):
    def __init__(self, program: Program, typing, spaces):
        names = {p.name for p in program.params}
        for p in program.params:
            if p.name in C_KEYWORDS or not p.name.isidentifier():
                raise CodegenError(f"parameter name {p.name!r} is not usable as an OpenCL identifier")
        funs = {n.name for _, n in walk(program) if isinstance(n, UserFun)}
        super().__init__(typing, spaces, names | funs | C_KEYWORDS)
        self.program = program
        self.kernels: list[KernelIR] = []

    def run(self) -> LoweredKernels:
        p = self.program
        env: dict = {}
        inputs = []
        for q in p.params:
            buf = _buffer(q.name, q.type, "in")
            inputs.append(buf)
            env[q.name] = views.dense(buf, q.type)
        body = (len(p.params),)
        out = _buffer(self.fresh("out", True), self.typing.result, "out")
        dest = views.dense(out, self.typing.result)
        if uses_kernels(p.body):
            self.host_expr(p.body, body, env, dest)
        else:
            self._check_global(body, p.body)
            with self.kernel(self.fresh(p.name, True)) as k:
                self.expr(p.body, body, env, dest)
            self.kernels.append(k)
        return LoweredKernels(self.kernels, inputs, out)

    def _check_global(self, path, node) -> None:
        space = self.spaces.get(path)
        if space != kir.GLOBAL:
            raise err(f"the result is computed in {space} memory, but a kernel's result must be written to "
                      "global memory (wrap the last user function in toGlobal)", node)

    def host_expr(self, e: Expr, path, env: dict, dest):
        if isinstance(e, Param):
            return self.force(env[e.name], dest, e)
        if isinstance(e, Literal):
            return self.expr(e, path, env, dest)
        assert isinstance(e, FunCall), e
        f = e.f
        if isinstance(f, Prim) and f.op is Op.OCL_KERNEL:
            args = [self.host_expr(a, (*path, i + 1), env, None) for i, a in enumerate(e.args)]
            return self.launch(f, e, path, args, env, dest)
        bounds = [Deferred(a, (*path, i + 1), env, host=True) if self.computes(a, env)
                  else self.host_expr(a, (*path, i + 1), env, None) for i, a in enumerate(e.args)]
        if isinstance(f, Lambda) or (isinstance(f, Prim) and f.op is Op.LET):
            lam = f if isinstance(f, Lambda) else f.funs[0]
            if not isinstance(lam, Lambda):
                raise err("let needs a lambda", e)
            lam_path = (*path, 0) if isinstance(f, Lambda) else (*path, 0, 0)
            inner = dict(env)
            for q, b in zip(lam.params, bounds):
                inner[q.name] = self.force(b, None, e) if isinstance(f, Prim) else b
            return self.host_expr(lam.body, (*lam_path, len(lam.params)), inner, dest)
        if isinstance(f, Prim) and (f.op in MAPS or f.op.info.group.value == "layout"
                                    or f.op in (Op.AS_VECTOR, Op.AS_SCALAR, Op.TO_HOST, Op.TO_GPU)):
            return self.apply(f, (*path, 0), bounds, env, dest, self.typing[path], self.spaces.get(path), e)
        raise err("only oclKernel calls, data-layout primitives, lambdas and let may appear in the host schedule",
                   e)

    def host_buffer(self, t: Type) -> views.View:
        buf = _buffer(self.fresh(f"tmp{self.tmp_counter}", True), t, "tmp")
        self.tmp_counter += 1
        return views.dense(buf, t)

    def launch(self, f: Prim, call: FunCall, path, args: list, env: dict, dest):
        self._check_global(path, call)
        rt = self.typing[path]
        if dest is None:
            dest = self.host_buffer(rt)
        name = self.fresh(f"{self.program.name}_k{len(self.kernels)}", True)
        with self.kernel(name) as k:
            try:
                self.apply(f.funs[0], (*path, 0, 0), args, env, dest, rt, kir.GLOBAL, call)
            except CodegenError as exc:
                raise CodegenError(f"kernel {name}: {exc}") from None
        self.kernels.append(k)
        return dest
