"""A one-work-group kernel run by the last work group of the kernel before it, in one kernel with it.

A two-kernel reduction (asum, dot) launches a second kernel of one work group to add the first kernel's partial
results; on a GPU that launch costs about as much as the work of a small first kernel. With `compile_program(...,
last_group=True)`, every kernel after the first that runs as one work group, with the same one-dimensional local
size as the kernel before it, becomes a `kir.LastGroup` at the end of that kernel: the groups count themselves in a
zero-filled global counter once their global writes are fenced, and the group that counts itself last runs the
second kernel's body (the CUDA "threadfence reduction" pattern). Its mapWrg loop (one iteration) becomes its body
at group index 0; its local and private buffers whose names the first kernel uses too are renamed.

The program keeps its meaning (the interpreter does not see schedules); the code generator refuses a kernel of one
work group whose launch differs from its predecessor's, and leaves kernels of several work groups as they are.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import CodegenError
from ..types import INT
from . import kir
from .index import cst
from .lower import KernelIR
from .ndrange import Launch

COUNTER, FLAG = "group_count", "is_last_group"


def fuse_last_groups(kernels: list[KernelIR], launches: dict[str, Launch], taken: set[str]
                     ) -> tuple[list[KernelIR], dict[str, Launch]]:
    """The kernels with each one-group kernel fused into the kernel before it (which must not itself hold a fused
    kernel: its last group would not be the last to reach a second counter). `taken`: global names in use."""
    out: list[KernelIR] = []
    launches = dict(launches)
    fused: set[str] = set()
    for k in kernels:
        launch = launches[k.name]
        if out and _one_group(launch):
            prev = out[-1]
            why = _refusal(prev, launches[prev.name], launch, prev.name in fused)
            if why:
                raise CodegenError(f"last-group: kernel {k.name} cannot run in the last work group of {prev.name}: "
                                   f"{why}")
            out[-1] = _fuse(prev, k, taken)
            fused.add(prev.name)
            del launches[k.name]
            continue
        out.append(k)
    return out, launches


def _one_group(launch: Launch) -> bool:
    return launch.local_size is not None and tuple(launch.global_size) == tuple(launch.local_size)


def _refusal(prev: KernelIR, before: Launch, launch: Launch, holds_fused: bool) -> str:
    if holds_fused:
        return "that kernel already ends with a fused kernel"
    if len(launch.global_size) != 1 or len(before.global_size) != 1:
        return "only one-dimensional launches are fused"
    if before.local_size != launch.local_size:
        return f"its local size {launch.local_size} differs from {before.local_size}"
    if any(isinstance(s, kir.Loop) and s.kind == "glb" for s in kir.walk_stmts(prev.body)):
        return "the kernel before it maps work items with mapGlb (no work groups to count)"
    return ""


def _fuse(first: KernelIR, second: KernelIR, taken: set[str]) -> KernelIR:
    names = _names(first) | {b.name for b in first.tmps} | taken
    rename: dict[str, kir.Buffer] = {}
    for b in [*second.locals, *(s.buf for s in kir.walk_stmts(second.body) if isinstance(s, kir.Decl))]:
        if b.name in names and b.name not in rename:
            rename[b.name] = replace(b, name=_fresh(b.name, names))
            names.add(rename[b.name].name)
    counter = kir.Buffer(_fresh(COUNTER, names), kir.GLOBAL, INT, 1, "zero")
    names.add(counter.name)
    flag = kir.Buffer(_fresh(FLAG, names), kir.LOCAL, INT, 1, "local")
    body = [_renamed(s, rename) for s in _at_group_zero(second.body, second.name)]
    return replace(first, body=[*first.body, kir.LastGroup(counter, flag, body)],
                   locals=[*first.locals, *(rename.get(b.name, b) for b in second.locals), flag],
                   tmps=[*first.tmps, *(b for b in second.tmps if b.name not in {t.name for t in first.tmps}),
                         counter],
                   requirements=first.requirements | second.requirements,
                   first_only=first.first_only | second.first_only,
                   funs={**first.funs, **second.funs}, flops=first.flops + second.flops)


def _names(k: KernelIR) -> set[str]:
    found = {b.name for b in k.locals}
    for s in kir.walk_stmts(k.body):
        if isinstance(s, kir.Decl):
            found.add(s.buf.name)
        for ref, _, _ in kir.accesses(s) if isinstance(s, kir.Store) else ():
            found.add(ref.buf.name)
    return found


def _fresh(base: str, names: set[str]) -> str:
    name, n = base, 2
    while name in names:
        name, n = f"{base}_{n}", n + 1
    return name


def _at_group_zero(stmts: list[kir.Stmt], kernel: str) -> list[kir.Stmt]:
    """The statements with every mapWrg loop (one iteration) replaced by its body at group index 0."""
    out: list[kir.Stmt] = []
    for s in stmts:
        if isinstance(s, kir.Loop) and s.kind == "wrg":
            if s.extent != 1:
                raise CodegenError(f"last-group: kernel {kernel} maps {s.extent} work groups along dimension "
                                   f"{s.dim}, not one")
            body = [kir.substitute_stmt(c, {s.var: cst(0)}) for c in s.body]
            out.append(kir.Block(_at_group_zero(body, kernel)))
        else:
            out.append(kir.with_bodies(s, lambda body: _at_group_zero(body, kernel)))
    return out


def _renamed(s: kir.Stmt, rename: dict[str, kir.Buffer]) -> kir.Stmt:
    if not rename:
        return s

    def ref(r: kir.MemRef) -> kir.MemRef:
        return replace(r, buf=rename[r.buf.name]) if r.buf.space != kir.GLOBAL and r.buf.name in rename else r

    def expr(e: kir.CExpr) -> kir.CExpr:
        return kir.replace_exprs(e, lambda x: kir.Load(ref(x.ref)) if isinstance(x, kir.Load) else None)

    if isinstance(s, kir.Store):
        return kir.Store(ref(s.ref), expr(s.value))
    if isinstance(s, kir.Decl):
        return kir.Decl(rename.get(s.buf.name, s.buf) if s.buf.space != kir.GLOBAL else s.buf)
    return kir.with_bodies(s, lambda body: [_renamed(c, rename) for c in body])
