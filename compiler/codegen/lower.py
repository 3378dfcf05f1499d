"""Lowering of a kernel's expression to the kernel IR: loops, buffers (memory.py) and accesses (views.py).

Destination passing: `expr(e, dest)` emits the statements computing e and returns a view of its value; `dest`
is the view the value must be written to (an output view), or None when e may choose its own memory (then every
computation allocates a buffer in its inferred address space at the allocation point, which fixes the §4.4
multipliers). Data-layout primitives build views; with a destination they push their inverse onto it instead
(split <-> join, transpose, reorder(s) <-> reorder(n/s), asVector <-> asScalar), so `transposeW` and friends
change where a producer writes. Lambda arguments that compute are inlined at each use (thesis Fig 2.11: an
ordinary lambda recomputes, `let` materialises).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from ..errors import CodegenError
from ..ir.node import Expr, FunCall, FunDecl, Lambda, Literal, Node, Param, Prim, UserFun
from ..ir.ops import MAPS, REDUCES, Op
from ..ir.terms import concrete
from ..types import ArrayType, Type, TypeVar, base_type, rank
from . import kir, memory, views
from .binding import KIND, VIEWED, Bound, Deferred, Path, Sink, elem, err
from .cfuns import flop_count, returns_argument
from .index import Var, cst, var
from .layout import LayoutLowering
from .sources import SourceAnalysis
from .spaces import CASTER
from .views import View, ViewError, length

_SEQ_NAMES = ("i", "j", "k", "m", "n", "p", "q")
_PAR_NAMES = {"glb": "gl_id", "wrg": "wg_id", "lcl": "l_id"}
MAX_ITERATE = 64  # iterate(n) with n up to this is unrolled; a longer one is a loop of two steps per iteration


@dataclass
class KernelIR:
    name: str
    body: list = field(default_factory=list)
    locals: list = field(default_factory=list)
    tmps: list = field(default_factory=list)
    requirements: set = field(default_factory=set)
    # (buffer, kind, dim): a buffer whose element along a loop over 1 only work item 0 of (kind, dim) holds
    first_only: set = field(default_factory=set)
    funs: dict = field(default_factory=dict)  # C name -> (UserFun, param ctypes, result ctype)
    flops: float = 0.0


class KernelLowerer(LayoutLowering, SourceAnalysis):
    """Lowers kernel bodies; `host.py` drives it over the host schedule."""

    def __init__(self, typing, spaces, reserved: set[str]):
        self.typing, self.spaces = typing, spaces
        self.reserved = set(reserved)
        self.global_names = set(reserved)
        self.k: KernelIR | None = None
        self.block: list = []
        self.loops: list[kir.Loop] = []
        self.hint: str | None = None
        self.tmp_counter = 0
        self.local_names: set[str] = set(reserved)

    # --- kernel and block context ----------------------------------------------------------------------------
    @contextmanager
    def kernel(self, name: str):
        saved = (self.k, self.block, self.loops)
        self.k = KernelIR(name)
        self.block, self.loops = self.k.body, []
        self.local_names = set(self.global_names)
        try:
            yield self.k
        finally:
            self.k, self.block, self.loops = saved

    @contextmanager
    def in_loop(self, loop: kir.Loop):
        saved = self.block
        self.block = loop.body
        self.loops.append(loop)
        try:
            yield
        finally:
            self.loops.pop()
            self.block = saved

    def emit(self, s) -> None:
        self.block.append(s)

    def new_var(self, kind: str, dim: int, n: int) -> Var:
        if kind == "seq":
            depth = sum(1 for lp in self.loops if lp.kind == "seq")
            name = _SEQ_NAMES[depth] if depth < len(_SEQ_NAMES) else f"i{depth}"
            while name in self.reserved:
                name += "_"
        else:
            name = f"{_PAR_NAMES[kind]}_{dim}"
        return Var(name, n, kind, dim)

    def fresh(self, base: str, global_scope: bool) -> str:
        used = self.global_names if global_scope else self.local_names
        name, i = base, 2
        while name in used or name in self.global_names:
            name, i = f"{base}{i}", i + 1
        used.add(name)
        return name

    def alloc(self, t: Type, space, sources, node: Node | None) -> views.MemView:
        if self.k is None:  # the host schedule: a global buffer between kernels
            return self.host_buffer(t)
        if isinstance(space, tuple):
            raise err("a tuple of values in different address spaces cannot be stored", node)
        if space == kir.LOCAL and any(lp.kind == "glb" for lp in self.loops):
            raise err("local memory inside a mapGlb would be shared by the work items of a work group; use "
                      "private memory, or mapWrg/mapLcl", node)
        if space == kir.GLOBAL:
            name = self.fresh(f"tmp{self.tmp_counter}", True)
            self.tmp_counter += 1
        else:
            name = self.fresh(self.hint or ("priv" if space == kir.PRIVATE else "local_buf"), False)
        try:
            view, dist = memory.allocate(name, t, space, "tmp" if space == kir.GLOBAL else space, sources,
                                         self.loops)
        except CodegenError as exc:
            raise err(str(exc), node) from None
        buf = view.buf
        if space == kir.PRIVATE:
            self.emit(kir.Decl(buf))
        elif space == kir.LOCAL:
            self.k.locals.append(buf)
        else:
            self.k.tmps.append(buf)
        self.k.requirements.update(dist)
        self.k.first_only.update((buf, kind, dim) for kind, dim, n in dist if n == 1)
        return view

    # --- expressions ---------------------------------------------------------------------------------------
    def computes(self, e: Node, env: dict) -> bool:
        """Whether evaluating e emits code (it calls a user function or uses a computing argument)."""
        if isinstance(e, Param):
            return isinstance(env.get(e.name), Deferred | Sink)
        if isinstance(e, UserFun):
            return True
        if isinstance(e, Lambda):
            names = {q.name for q in e.params}
            return self.computes(e.body, {k: v for k, v in env.items() if k not in names})
        return any(self.computes(c, env) for c in e.children())

    def bind(self, a: Expr, path: Path, env: dict) -> Bound:
        if self.computes(a, env):
            return Deferred(a, path, env)
        return self.expr(a, path, env, None)

    def force(self, b: Bound, dest: View | None, node: Node | None = None) -> View:
        if isinstance(b, Deferred):
            return self.host_expr(b.e, b.path, b.env, dest) if b.host else self.expr(b.e, b.path, b.env, dest)
        if isinstance(b, Sink):
            if dest is None:
                raise err("this data-layout function cannot be applied on the write side (only split, join, "
                          "transpose(W), reorder, asVector, asScalar and maps of them can)", node)
            b.dest = dest
            return dest
        if dest is not None:
            raise err("nothing computes this value, but it must be written to memory (apply a user function "
                      "such as id to it)", node)
        return b

    def host_expr(self, e, path, env, dest) -> View:  # overridden by the host driver
        raise NotImplementedError

    def host_buffer(self, t: Type) -> View:
        raise NotImplementedError

    def expr(self, e: Expr, path: Path, env: dict, dest: View | None) -> View:
        if isinstance(e, Param):
            return self.force(env[e.name], dest, e)
        if isinstance(e, Literal):
            if dest is not None:
                raise err("a literal is written to memory without a user function (use id)", e)
            return views.ConstView(kir.Lit(views.c_literal(e.value, base_type(e.type))), e.type)
        assert isinstance(e, FunCall), e
        bounds = [self.bind(a, (*path, i + 1), env) for i, a in enumerate(e.args)]
        return self.apply(e.f, (*path, 0), bounds, env, dest, self.typing[path], self.spaces.get(path), e)

    def apply(self, f: FunDecl, fpath: Path, bounds: list, env: dict, dest, rt: Type, space, node: Node) -> View:
        if isinstance(f, Lambda):
            inner = dict(env)
            for q, b in zip(f.params, bounds):
                inner[q.name] = b
            body = (*fpath, len(f.params))
            return self.expr(f.body, body, inner, dest)
        if isinstance(f, UserFun):
            return self.userfun(f, bounds, dest, rt, space, node)
        assert isinstance(f, Prim), f
        op = f.op
        g = (*fpath, 0)
        if op in MAPS:
            if not self.fun_computes(f.funs[0], env):
                return self.layout_map(f, g, bounds[0], env, dest, rt, space, node)
            return self.map_loop(f, g, bounds[0], env, dest, rt, space, node)
        if op in REDUCES:
            return self.reduce(f, g, bounds, env, dest, rt, space, node)
        if op in CASTER:  # the inferred space of the application already reflects the caster
            return self.apply(f.funs[0], g, bounds, env, dest, rt, space if space is not None else CASTER[op], node)
        if op is Op.LET:
            x = self.force(bounds[0], None, node)
            return self.apply(f.funs[0], g, [x], env, dest, rt, space, node)
        if op is Op.ITERATE:
            return self.iterate(f, g, bounds[0], env, dest, rt, space, node)
        if op is Op.VECTORISE:
            return self.vectorised(f, bounds, dest, rt, space, node)
        if op in (Op.TO_HOST, Op.TO_GPU):
            return self.force(bounds[0], dest, node)
        if op is Op.OCL_KERNEL:
            raise err("oclKernel inside a kernel", node)
        return self.layout(f, bounds, env, dest, rt, space, node)

    def fun_computes(self, f: FunDecl, env: dict) -> bool:
        return concrete(f) or self.computes(f, env)

    # --- computation -------------------------------------------------------------------------------------
    def map_loop(self, p: Prim, fpath: Path, b: Bound, env: dict, dest, rt: Type, space, node) -> View:
        kind = KIND[p.op]
        dim = p.int_static(0) if kind != "seq" else 0
        x = self.force(b, None, node)
        n = length(x.t)
        if dest is None:
            src = [("map", kind, dim, n), *self.src_apply(p.funs[0], fpath, [VIEWED], env, elem(rt), space, node)]
            dest = self.alloc(rt, space, src, node)
        first, n, result, dest = _cropped(dest, n)
        v = self.new_var(kind, dim, n)
        label = p.op.text + (f"({dim})" if kind != "seq" else "")
        loop = kir.Loop(v, kind, dim, n, unroll=p.op is Op.MAP_SEQ_UNROLL or (kind == "seq" and n == 1), label=label)
        i = var(v)
        try:
            item, target = x.at(i + first), dest.at(i)
        except ViewError as exc:
            raise err(str(exc), node) from None
        with self.in_loop(loop):
            self.apply(p.funs[0], fpath, [item], env, target, elem(rt), space, node)
        self.emit(loop)
        return result

    def reduce(self, p: Prim, fpath: Path, bounds: list, env: dict, dest, rt: Type, space, node) -> View:
        init_b, x_b = bounds
        x = self.force(x_b, None, node)
        acc_t = elem(rt)
        acc_dest = dest.at(cst(0)) if dest is not None else None
        if isinstance(init_b, Deferred):
            saved, self.hint = self.hint, "acc"
            try:
                acc = self.force(init_b, acc_dest, node)
            finally:
                self.hint = saved
        else:
            if isinstance(acc_t, ArrayType):
                raise err("an array accumulator must be initialised by a user function, e.g. "
                          "mapSeq(toPrivate(id)) << value(...)", node)
            if acc_dest is None:
                saved, self.hint = self.hint, "acc"
                acc = self.alloc(acc_t, space if space is not None else kir.PRIVATE, [], node)
                self.hint = saved
            else:
                acc = acc_dest
            try:
                loc = views.locate(acc)
            except ViewError as exc:
                raise err(str(exc), node) from None
            if not isinstance(loc, kir.MemRef):
                raise err("a reduction's accumulator must be one location in memory (not a cropped element or "
                          "scattered vector lanes)", node)
            self.emit(kir.Store(loc, views.read(init_b)))
        n = length(x.t)
        unroll = p.op is Op.REDUCE_SEQ_UNROLL or n == 1
        snapshot = self.snapshot()
        loop = self.reduce_loop(p, fpath, acc, x, env, acc, acc_t, space, node, unroll)
        if not _in_place_safe(loop.body, acc):
            # the operator reads accumulator elements it does not update element-wise: compute each step into a
            # fresh buffer, then copy it into the accumulator
            self.restore(snapshot)
            loop = self.reduce_loop(p, fpath, acc, x, env, None, acc_t, space, node, unroll)
        self.emit(loop)
        return dest if dest is not None else views.Unit(acc, rt)

    def reduce_loop(self, p: Prim, fpath: Path, acc: View, x: View, env: dict, target, acc_t: Type, space,
                    node, unroll: bool) -> kir.Loop:
        v = self.new_var("seq", 0, length(x.t))
        loop = kir.Loop(v, "seq", 0, length(x.t), unroll=unroll, label=p.op.text)
        with self.in_loop(loop):
            out = self.apply(p.funs[0], fpath, [acc, x.at(var(v))], env, target, acc_t, space, node)
            if target is None:
                self._copy(out, acc, acc_t, space, node)
        return loop

    def snapshot(self) -> tuple:
        k = self.k
        return len(k.locals), len(k.tmps), k.flops, set(k.requirements), dict(k.funs), set(k.first_only)

    def restore(self, snap: tuple) -> None:
        k = self.k
        del k.locals[snap[0]:], k.tmps[snap[1]:]
        k.flops, k.requirements, k.funs, k.first_only = snap[2], snap[3], snap[4], snap[5]

    def iterate(self, p: Prim, fpath: Path, b: Bound, env: dict, dest, rt: Type, space, node) -> View:
        """f applied `times` times between two ping-pong buffers (the last step into `dest` when given): unrolled
        up to MAX_ITERATE steps; beyond, the first step, then a sequential loop whose body is two steps (buffer 0
        to 1, 1 to 0), then the odd step left and the last one, so that the buffers need no runtime selection."""
        times = p.int_static(0)
        if times == 0:
            return self.force(b, dest, node)
        cur = self.force(b, None, node)
        bufs: list[View] = []

        def buffer(i: int) -> View:
            while len(bufs) <= i:
                src = self.src_apply(p.funs[0], fpath, [VIEWED], env, rt, space, node)
                bufs.append(self.alloc(rt, space, src, node))
            return bufs[i]

        def step(x: View, target: View) -> View:
            return self.apply(p.funs[0], fpath, [x], env, target, rt, space, node)

        if times <= MAX_ITERATE:
            for it in range(times):
                cur = step(cur, dest if it == times - 1 and dest is not None else buffer(it % 2))
            return cur
        cur = step(cur, buffer(0))  # steps 2..times: `middle` buffer-to-buffer steps, then the last one into dest
        middle = times - 1 - (1 if dest is not None else 0)
        pairs, odd = divmod(middle, 2)
        first, second = buffer(0), buffer(1)  # allocated outside the loop: one pair of buffers for every iteration
        loop = kir.Loop(self.new_var("seq", 0, pairs), "seq", 0, pairs, label=f"iterate({times})")
        with self.in_loop(loop):
            step(step(first, second), first)
        self.emit(loop)
        cur = buffer(0)
        if odd:
            cur = step(cur, buffer(1))
        return step(cur, dest) if dest is not None else cur

    def userfun(self, f: UserFun, bounds: list, dest, rt: Type, space, node: Node) -> View:
        args = [self.force(b, None, node) for b in bounds]
        if any(isinstance(a.t, ArrayType) for a in args):
            return self.copy(f, args, dest, rt, space, node)
        try:
            vals = [views.read(a) for a in args]
        except ViewError as exc:
            raise err(f"{f.name}: {exc}", node) from None
        name = None if returns_argument(f) else self.register(f, [a.t for a in args], rt)
        value = vals[0] if name is None else kir.Call(name, tuple(vals))
        return self.store(dest, value, rt, space, node, 0 if name is None else flop_count(f))

    def store(self, dest, value: kir.CExpr, rt: Type, space, node: Node, flops: int) -> View:
        if dest is None:
            dest = self.alloc(rt, space, [], node)
        try:
            loc = views.locate(dest)
        except ViewError as exc:
            raise err(str(exc), node) from None
        for r in loc if isinstance(loc, tuple) else (loc,):
            buf = (r.ref if isinstance(r, views.Guarded) else r).buf
            if space is not None and not isinstance(space, tuple) and buf.space != space:
                raise err(f"a {space} result must be written to {buf.space} buffer {buf.name} (the "
                          "address-space casters disagree)", node)
        if isinstance(loc, tuple):
            # a vector whose lanes are not consecutive in one buffer: computed once into a private vector, then
            # written lane by lane
            saved, self.hint = self.hint, "vec"
            tmp = views.locate(self.alloc(rt, kir.PRIVATE, [], node))
            self.hint = saved
            assert isinstance(tmp, kir.MemRef)
            self.emit(kir.Store(tmp, value))
            for k, r in enumerate(loc):
                self.put(r, kir.Lane(kir.Load(tmp), k))
        else:
            self.put(loc, value)
        if flops:
            reps = 1
            for lp in self.loops:
                reps *= lp.extent
            self.k.flops += flops * reps
        return dest

    def put(self, loc: views.Location, value: kir.CExpr) -> None:
        """A store to a location; to a cropped one only when its guard holds (never when the ranges refute it)."""
        if not isinstance(loc, views.Guarded):
            self.emit(kir.Store(loc, value))
        elif not any(c.decided() is False for c in loc.guard):
            self.emit(kir.If(loc.guard, [kir.Store(loc.ref, value)], []))

    def copy(self, f: UserFun, args: list[View], dest, rt: Type, space, node: Node) -> View:
        """A polymorphic identity applied to arrays: element-wise copy loops."""
        if not returns_argument(f) or len(args) != 1:
            raise err(f"user function {f.name} is applied to an array (only id copies arrays)", node)
        if dest is None:
            dest = self.alloc(rt, space, [("plain",)] * rank(rt), node)
        self._copy(args[0], dest, rt, space, node)
        return dest

    def _copy(self, src: View, dst: View, t: Type, space, node: Node) -> None:
        if not isinstance(t, ArrayType):
            try:
                value = views.read(src)
            except ViewError as exc:
                raise err(f"id: {exc}", node) from None
            self.store(dst, value, t, space, node, 0)
            return
        first, n, _, dst = _cropped(dst, int(t.n))
        v = self.new_var("seq", 0, n)
        loop = kir.Loop(v, "seq", 0, n, unroll=n == 1, label="copy")
        with self.in_loop(loop):
            self._copy(src.at(var(v) + first), dst.at(var(v)), t.elem, space, node)
        self.emit(loop)

    def vectorised(self, p: Prim, bounds: list, dest, rt: Type, space, node: Node) -> View:
        f, n = p.funs[0], p.int_static(0)
        if not isinstance(f, UserFun):
            raise err("vectorise needs a user function", node)
        args = [self.force(b, None, node) for b in bounds]
        try:
            vals = [views.read(a) for a in args]
        except ViewError as exc:
            raise err(f"vectorise: {exc}", node) from None
        if returns_argument(f):
            return self.store(dest, vals[0], rt, space, node, 0)
        name = self.register(f, [a.t for a in args], rt, vector=n)
        return self.store(dest, kir.Call(name, tuple(vals)), rt, space, node, flop_count(f) * n)

    def register(self, f: UserFun, arg_types: list[Type], rt: Type, vector: int = 0) -> str:
        ctypes = tuple(kir.ctype(t) for t in arg_types)
        out = kir.ctype(rt)
        poly = any(isinstance(t, TypeVar) for t in f.in_types) or isinstance(f.out_type, TypeVar)
        name = f.name
        if vector:
            name = f"{f.name}_v{vector}"
        elif poly:
            name = f"{f.name}_{'_'.join(ctypes)}"
        prev = self.k.funs.get(name)
        if prev is not None and (prev[0] != f or prev[1] != ctypes):
            raise CodegenError(f"two different user functions are both called {f.name}")
        self.k.funs[name] = (f, ctypes, out)
        return name

def _cropped(dest: View, n: int) -> tuple[int, int, View, View]:
    """(first element, element count, the view to return, the view to write) of a loop over n elements writing
    `dest`: a crop destination (pad with negative amounts on the write side) is written only where it keeps
    elements, so the loop runs over those (from element -left, n + left + right of them) and writes its parent."""
    if isinstance(dest, views.Crop):
        return -dest.left, length(dest.parent.t), dest, dest.parent
    return 0, n, dest, dest


def _in_place_safe(body: list, acc: View) -> bool:
    """Whether an operator updating the accumulator in place only reads each element where it writes it."""
    acc_bufs = views.roots(acc)
    for s in kir.walk_stmts(body):
        if not isinstance(s, kir.Store):
            continue
        for ref in kir.expr_loads(s.value):
            if ref.buf in acc_bufs and ref != s.ref:
                return False
    return True
