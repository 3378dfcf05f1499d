"""OpenCL C rendering of the kernel IR: a language table plus a small recursive printer.

Loops (thesis Listing 2.3): a sequential loop is `for (int i = 0; i < N; i++)`; a parallel loop over N with
launch size L (work groups for mapWrg, local size for mapLcl, global size for mapGlb) is
- L == N: straight-line, `int wg_id_0 = get_group_id(0);` in its own block;
- L >  N: `if (get_group_id(0) < N) { int wg_id_0 = get_group_id(0); ... }`;
- L <  N: `for (int wg_id_0 = get_group_id(0); wg_id_0 < N; wg_id_0 += get_num_groups(0))`;
- a mapLcl made uniform by the barrier pass runs to N rounded up to a multiple of L and guards each run of
  barrier-free statements with `if (l_id_0 < N)`.
A `LastGroup` body (a one-group kernel fused into the kernel before it) runs under `if (flag[0])`, the flag set by
work item 0 from an `atomic_inc` of the zero-filled counter after a global fence and a barrier.
Private scalars are declared where allocated (merged with their first assignment), private arrays that are
only indexed by constants become scalar variables, local buffers are declared at kernel scope, and vector
elements of global/local buffers are read and written as vectors.
Vector accesses: an access of width W in 2, 4, 8 whose scalar index is a multiple of W is an aligned vector,
rendered as an element of the buffer seen as an array of float<W> (`((const global float4*)A)[i]`). The buffer's
start is aligned: an OpenCL buffer object's start is aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN (at least 128
bytes in the full profile), and local buffers with vector accesses are declared
`__attribute__((aligned(bytes)))` of their widest vector. The compiler may then issue one vector load or store,
where `vloadn`/`vstoren` only promise the alignment of the scalar (NVIDIA's OpenCL compiler issues them as n
scalar accesses). Other vector accesses use vloadn/vstoren: an index not known to be a multiple of W, widths 3
and 16, and private vector buffers accessed at a lane that is not a constant (declared as scalar arrays,
`unroll.flat_private`).
"""

from __future__ import annotations

from typing import ClassVar

from ..errors import CodegenError
from ..types import NUMPY_DTYPE
from . import kir
from .index import exact_div, floordiv, mod, render, render_cmp
from .ndrange import Launch

# widths of the vectors accessed as elements of an array of vectors: float3 is as large as float4 (a float3 array
# strides 16 bytes, vload3 reads 12), and PoCL 3.0-rc2 fills only the low 8 lanes of a float16 load
ALIGNED_WIDTHS = (2, 4, 8)


class OpenCL:
    """The language table."""

    kernel = "kernel void"
    arg = "{q} {t}* {n}"  # a kernel argument; q: its pointer's qualifiers (`arg_qualifiers`)
    arg_qualifiers: ClassVar[dict[str, str]] = {"out": "global", "in": "const global", "const": "constant"}
    restrict = "restrict "  # the read-only arguments' pointers
    local_decl = "local {t} {n}[{size}];"
    local_decl_aligned = "local {t} {n}[{size}] __attribute__((aligned({align})));"
    vector_at = "(({q} {t}{w}*){ptr})[{off}]"
    id_fn: ClassVar[dict[str, str]] = {"glb": "get_global_id", "wrg": "get_group_id", "lcl": "get_local_id"}
    size_fn: ClassVar[dict[str, str]] = {"glb": "get_global_size", "wrg": "get_num_groups", "lcl": "get_local_size"}
    fence: ClassVar[dict[str, str]] = {"local": "CLK_LOCAL_MEM_FENCE", "global": "CLK_GLOBAL_MEM_FENCE"}
    barrier = "barrier({});"
    vload = "vload{w}({off}, {ptr})"
    vstore = "vstore{w}({val}, {off}, {ptr});"
    indent = "  "


def _has_barrier(s: kir.Stmt) -> bool:
    return any(isinstance(x, kir.Barrier) for x in kir.walk_stmts([s]))


def _innermost(lp: kir.Loop) -> bool:
    """A loop with no loop or barrier inside."""
    return not any(isinstance(x, kir.Loop | kir.Barrier) for x in kir.walk_stmts(lp.body))


class Renderer:
    def __init__(self, launch: Launch, scalars: frozenset[str], lang: type[OpenCL] = OpenCL,
                 flat: frozenset[str] = frozenset(), pointers: dict[str, str] | None = None, unroll_hint: int = 0):
        self.launch, self.scalars, self.lang = launch, scalars - flat, lang
        self.flat = flat  # private buffers declared as scalar arrays, accessed like global memory
        self.pointers = pointers or {}  # buffers with an aligned start -> their pointer's qualifiers
        self.unroll_hint = unroll_hint  # innermost sequential loops of at most this many steps carry `#pragma unroll`
        self.guards: list[str] = []

    # --- expressions ---
    def expr(self, e: kir.CExpr) -> str:
        if isinstance(e, kir.Lit):
            return e.text
        if isinstance(e, kir.Load):
            return self.ref(e.ref, load=True)
        if isinstance(e, kir.Call):
            return f"{e.name}({', '.join(self.expr(a) for a in e.args)})"
        if isinstance(e, kir.Select):
            conds = " || ".join(render_cmp(c) for c in e.conds)
            return f"(({conds}) ? {self.expr(e.then)} : {self.expr(e.other)})"
        if isinstance(e, kir.Vec):
            return f"({e.ctype})({', '.join(self.expr(a) for a in e.lanes)})"
        assert isinstance(e, kir.Lane), e
        return f"({self.expr(e.value)}).s{e.k:x}"

    def ref(self, r: kir.MemRef, load: bool) -> str:
        b, lang = r.buf, self.lang
        if b.space != kir.PRIVATE or b.name in self.flat:
            if r.width == 1:
                return f"{b.name}[{render(r.index)}]"
            if not load:
                raise AssertionError("vector stores are rendered by store()")
            aligned = self.aligned(r)
            if aligned is not None:
                return aligned
            q = exact_div(r.index, r.width)
            off, ptr = (render(q), b.name) if q is not None else ("0", f"{b.name} + {render(r.index)}")
            if r.width == 16:  # PoCL 3.0-rc2 (LLVM 14, x86-64) fills only the low 8 lanes of vload16: two vload8
                lo, hi = (lang.vload.format(w=8, off=f"2 * ({off}){k}", ptr=ptr) for k in ("", " + 1"))
                return f"(({kir.ctype(kir.scalar_of_elem(b.elem))}16)({lo}, {hi}))"
            return lang.vload.format(w=r.width, off=off, ptr=ptr)
        w = kir.width(b.elem)
        el, lane = floordiv(r.index, w), mod(r.index, w)
        if b.name in self.scalars:
            if not el.is_const:
                raise CodegenError(f"internal: private scalars {b.name} indexed by {render(el)}")
            base = b.name if b.count == 1 else f"{b.name}_{el.const}"
        else:
            base = f"{b.name}[{render(el)}]"
        if r.width == w:
            return base
        if not lane.is_const or r.width != 1:
            raise CodegenError(f"lane {render(lane)} of private vector {b.name} must be a constant")
        return f"{base}.s{lane.const:x}"

    def aligned(self, r: kir.MemRef) -> str | None:
        """An aligned vector access as an element of the buffer seen as an array of vectors, or None."""
        q = exact_div(r.index, r.width)
        if q is None or r.width not in ALIGNED_WIDTHS or r.buf.name not in self.pointers:
            return None
        t = kir.ctype(kir.scalar_of_elem(r.buf.elem))
        return self.lang.vector_at.format(q=self.pointers[r.buf.name], t=t, w=r.width, ptr=r.buf.name, off=render(q))

    # --- statements ---
    def block(self, stmts: list[kir.Stmt], depth: int) -> list[str]:
        if self.guards:
            return self._guarded(stmts, depth)
        out: list[str] = []
        k = 0
        while k < len(stmts):
            s = stmts[k]
            nxt = stmts[k + 1] if k + 1 < len(stmts) else None
            if isinstance(s, kir.Decl) and self._merge(s, nxt):
                assert isinstance(nxt, kir.Store)
                out.append(self._pad(depth) + f"{kir.ctype(s.buf.elem)} {s.buf.name} = {self.expr(nxt.value)};")
                k += 2
                continue
            out += self.stmt(s, depth)
            k += 1
        return out

    def _merge(self, d: kir.Decl, nxt) -> bool:
        return (isinstance(nxt, kir.Store) and nxt.ref.buf == d.buf and d.buf.count == 1 and d.buf.name not in self.flat
                and nxt.ref.width == kir.width(d.buf.elem) and not any(
                    ref.buf == d.buf for ref in kir.expr_loads(nxt.value)))

    def _guarded(self, stmts: list[kir.Stmt], depth: int) -> list[str]:
        out: list[str] = []
        run: list[kir.Stmt] = []

        def flush():
            if run:
                guards, self.guards = self.guards, []
                out.append(self._pad(depth) + f"if ({' && '.join(guards)}) {{")
                out.extend(self.block(run, depth + 1))
                out.append(self._pad(depth) + "}")
                self.guards = guards
                run.clear()

        for s in stmts:
            if isinstance(s, kir.Decl | kir.Comment):
                out += self.stmt(s, depth)
            elif isinstance(s, kir.Barrier) or _has_barrier(s):
                flush()
                out += self.stmt(s, depth)
            else:
                run.append(s)
        flush()
        return out

    def _pad(self, depth: int) -> str:
        return self.lang.indent * depth

    def stmt(self, s: kir.Stmt, depth: int) -> list[str]:
        pad, lang = self._pad(depth), self.lang
        if isinstance(s, kir.Store):
            return [pad + self.store(s)]
        if isinstance(s, kir.Decl):
            return [pad + self.decl(s.buf)]
        if isinstance(s, kir.Barrier):
            fences = " | ".join(lang.fence[f] for f in ("local", "global") if f in s.fences)
            return [pad + lang.barrier.format(fences)]
        if isinstance(s, kir.Comment):
            return [pad + f"// {s.text}"]
        if isinstance(s, kir.Block):
            return [pad + "{", *self.block(s.body, depth + 1), pad + "}"]
        if isinstance(s, kir.If):
            head = f"if ({' && '.join(render_cmp(c) for c in s.conds)}) {{"
            other = [pad + "} else {", *self.block(s.other, depth + 1)] if s.other else []
            return [pad + head, *self.block(s.then, depth + 1), *other, pad + "}"]
        if isinstance(s, kir.LastGroup):
            return self.last_group(s, depth)
        assert isinstance(s, kir.Loop), s
        return self.loop(s, depth)

    def last_group(self, s: kir.LastGroup, depth: int) -> list[str]:
        """Every work item fences its global writes; work item 0 counts the group in; the group that counts
        itself last runs the body and resets the counter for the next launch."""
        pad, inner, c, f = self._pad(depth), self._pad(depth + 1), s.counter.name, s.flag.name
        return [pad + "mem_fence(CLK_GLOBAL_MEM_FENCE);",
                pad + self.lang.barrier.format("CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"),
                pad + f"if (get_local_id(0) == 0) {f}[0] = atomic_inc({c}) == (int)get_num_groups(0) - 1;",
                pad + self.lang.barrier.format("CLK_LOCAL_MEM_FENCE"),
                pad + f"if ({f}[0]) {{  // the last work group to finish",
                *self.block(s.body, depth + 1),
                inner + f"if (get_local_id(0) == 0) {c}[0] = 0;",
                pad + "}"]

    def store(self, s: kir.Store) -> str:
        r, value = s.ref, self.expr(s.value)
        if (r.buf.space != kir.PRIVATE or r.buf.name in self.flat) and r.width > 1:
            aligned = self.aligned(r)
            if aligned is not None:
                return f"{aligned} = {value};"
            q = exact_div(r.index, r.width)
            off, ptr = (render(q), r.buf.name) if q is not None else ("0", f"{r.buf.name} + {render(r.index)}")
            return self.lang.vstore.format(w=r.width, val=value, off=off, ptr=ptr)
        return f"{self.ref(r, load=False)} = {value};"

    def decl(self, b: kir.Buffer) -> str:
        t = kir.ctype(b.elem)
        if b.name in self.flat:
            return f"{b.scalar.name} {b.name}[{b.scalars}];"
        if b.count == 1:
            return f"{t} {b.name};"
        if b.name in self.scalars:
            return f"{t} {', '.join(f'{b.name}_{k}' for k in range(b.count))};"
        return f"{t} {b.name}[{b.count}];"

    def loop(self, lp: kir.Loop, depth: int) -> list[str]:
        pad, v, n = self._pad(depth), lp.var.name, lp.extent
        if lp.kind == "seq":
            head = f"for (int {v} = 0; {v} < {n}; {v}++) {{  // {lp.label}"
            hint = [pad + "#pragma unroll"] if lp.extent <= self.unroll_hint and _innermost(lp) else []
            return [*hint, pad + head, *self.block(lp.body, depth + 1), pad + "}"]
        size = self.launch.size(lp.kind, lp.dim)
        idf = f"{self.lang.id_fn[lp.kind]}({lp.dim})"
        step = f"{self.lang.size_fn[lp.kind]}({lp.dim})"
        if lp.uniform and size is not None and n % size:
            bound = -(-n // size) * size
            self.guards.append(f"{v} < {n}")
            try:
                body = self.block(lp.body, depth + 1)
            finally:
                self.guards.pop()
            if bound == size:
                return [pad + f"{{  // {lp.label}", pad + lang_indent(self) + f"int {v} = {idf};", *body, pad + "}"]
            head = f"for (int {v} = {idf}; {v} < {bound}; {v} += {step}) {{  // {lp.label}"
            return [pad + head, *body, pad + "}"]
        body = self.block(lp.body, depth + 1)
        decl = pad + lang_indent(self) + f"int {v} = {idf};"
        if size == n:
            return [pad + f"{{  // {lp.label}", decl, *body, pad + "}"]
        if size is not None and size > n:
            return [pad + f"if ({idf} < {n}) {{  // {lp.label}", decl, *body, pad + "}"]
        head = f"for (int {v} = {idf}; {v} < {n}; {v} += {step}) {{  // {lp.label}"
        return [pad + head, *body, pad + "}"]


def lang_indent(r: Renderer) -> str:
    return r.lang.indent


def signature(lang: type[OpenCL], name: str, args: list[tuple[kir.Buffer, bool]],
              constant: frozenset[str] = frozenset()) -> str:
    parts = []
    for b, written in args:
        role = _role(b, written, constant)
        parts.append(lang.arg.format(q=lang.arg_qualifiers[role], t=b.scalar.name,
                                     n=b.name if role == "out" else lang.restrict + b.name))
    return f"{lang.kernel} {name}({', '.join(parts)})"


def _role(b: kir.Buffer, written: bool, constant: frozenset[str]) -> str:
    """A kernel argument's role: written ("out"), a constant pointer ("const") or read-only ("in")."""
    return "out" if written else "const" if b.name in constant else "in"


def pointer_qualifiers(args: list[tuple[kir.Buffer, bool]], constant: frozenset[str],
                       local: list[kir.Buffer]) -> dict[str, str]:
    """The qualifiers of each buffer's pointer as the signature and the local declarations give it."""
    out = {b.name: OpenCL.arg_qualifiers[_role(b, written, constant)] for b, written in args}
    return out | {b.name: "local" for b in local}


def vector_bytes(stmts: list[kir.Stmt]) -> dict[str, int]:
    """Bytes of the widest vector access of each global or local buffer in `stmts` (its alignment)."""
    out: dict[str, int] = {}
    for s in kir.walk_stmts(stmts):
        refs = [*kir.expr_loads(s.value), s.ref] if isinstance(s, kir.Store) else []
        for r in refs:
            if r.width in ALIGNED_WIDTHS and r.buf.space != kir.PRIVATE:
                size = r.width * NUMPY_DTYPE[r.buf.scalar.name](0).itemsize
                out[r.buf.name] = max(out.get(r.buf.name, 0), size)
    return out
