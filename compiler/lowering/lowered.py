"""What a named lowering is and what it gives: tuning parameters, kernel launches, the lowered program with its
parameter values (`Lowered`), the `Lowering` record, and the launch geometry derived from a lowered program.
The lowerings themselves are in `mm`, `stencil`, `conv` and `default`; `catalog` lists them per benchmark."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .. import arith
from ..codegen import compile_program
from ..errors import ConstraintError
from ..ir.node import FunCall, Node, Prim, Program
from ..ir.ops import Op
from ..ir.sizes import substitute_sizes
from ..ir.typecheck import typecheck
from ..types import ArrayType
from .util import LoweringError

Sizes = Mapping[str, int]


@dataclass(frozen=True)
class TuningParam:
    name: str  # the size variable in the lowered program
    doc: str  # meaning and constraints
    kind: str = "other"  # "local_size" | "split" | "switch" (chooses a program structure) | "other"
    values: tuple[int, ...] = ()  # a switch's values, one program structure each (empty: 0 and 1)


@dataclass(frozen=True)
class KernelLaunch:
    """Launch geometry of one OpenCL kernel of a lowered program (in launch order): the global size (work items,
    dimension 0 first) and the local size (None: the runtime's choice)."""

    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Lowered:
    benchmark: str
    lowering: str
    program: Program  # sizes and tuning parameters symbolic
    sizes: Mapping[str, int]  # the benchmark's sizes
    params: Mapping[str, int]  # the tuning parameters' values
    kernels: tuple[KernelLaunch, ...] = ()
    facts: Mapping[str, int] = field(default_factory=dict)  # structural facts (loop trip counts, buffer sizes)
    options: Mapping[str, object] = field(default_factory=dict)  # compile_program options the parameters chose

    @property
    def env(self) -> dict[str, int]:
        """Every size variable of the lowered program bound: benchmark sizes and tuning parameters."""
        return {**self.sizes, **self.params}

    def concrete(self) -> Program:
        """The program with every size variable and tuning parameter replaced by its value."""
        return substitute_sizes(self.program, self.env)

    def local_sizes(self, names: list[str] | None = None) -> dict[str, tuple[int, ...]]:
        """The local sizes this lowering was designed for, by kernel name (kernels left to the runtime's choice
        are absent). `names` are the code generator's kernel names in launch order; by default its naming rule
        (the program's name for one kernel, `NAME_k0`, `NAME_k1`, ... with oclKernel)."""
        name = self.program.name
        if names is None:
            names = [name] if len(self.kernels) == 1 else [f"{name}_k{i}" for i in range(len(self.kernels))]
        return {n: k.local_size for n, k in zip(names, self.kernels, strict=True) if k.local_size is not None}

    def compile(self, **options):
        """compiler.codegen's `compile_program` for this program and its sizes, with the lowering's local sizes
        (the code generator would otherwise infer them from the largest mapLcl, which for these lowerings is a
        copy loop or the final stage, not the work-group shape the lowering was designed for), and the code
        generator's options its parameters chose (`options`; a keyword given here wins)."""
        options = {**self.options, **options}
        if "local_size" in options:
            return compile_program(self.program, self.env, **options)
        kp = compile_program(self.program, self.env, local_size=self.local_sizes() or None, **options)
        if len(kp.kernels) == len(self.kernels):
            actual = self.local_sizes([k.name for k in kp.kernels])
            if any(k.local_size != actual.get(k.name, k.local_size) for k in kp.kernels):
                # the code generator named its kernels differently (e.g. to avoid a clash): use its names
                kp = compile_program(self.program, self.env, local_size=actual, **options)
        return kp


Builder = Callable[[Sizes, Sizes], tuple[Program, tuple[KernelLaunch, ...], dict[str, int]]]


@dataclass(frozen=True)
class Strategy:
    """A family of named lowerings as the catalogue lists it: the lowerings it gives, the shape of program it
    needs (found by structure), the source it follows and the module whose rules derive it."""

    name: str
    lowerings: tuple[str, ...]
    shape: str
    follows: str
    module: str


@dataclass(frozen=True)
class Lowering:
    """A named lowering of one benchmark: `lowering(sizes, params=None) -> Lowered`."""

    benchmark: str
    name: str
    doc: str
    params: tuple[TuningParam, ...]
    build: Builder  # (sizes, complete params) -> (program, launches, facts)
    choose: Callable[[Sizes], dict[str, int]]  # default parameter values for the sizes
    check: Callable[[Sizes, Sizes], list[str]]  # the constraints the values break (empty: valid)
    # the work-group shape per dimension, as expressions over parameters and sizes (Ch4 inference's local sizes);
    # None: the largest mapLcl iteration count, or the runtime's choice for mapGlb kernels
    local_sizes: Mapping[int, str] | None = None
    # the compile_program options a point's parameter values choose (e.g. {"last_group": True}); None: none
    options: Callable[[Sizes], Mapping[str, object]] | None = None

    def __call__(self, sizes: Sizes, params: Sizes | None = None) -> Lowered:
        sizes = dict(sizes)
        given = dict(params or {})
        names = {p.name for p in self.params}
        unknown = sorted(set(given) - names)
        if unknown:
            raise LoweringError(f"{self.benchmark}/{self.name}: unknown tuning parameter(s) {', '.join(unknown)}; "
                                f"parameters: {', '.join(sorted(names)) or 'none'}")
        values = {**self.choose({**sizes, **given}), **given} if self.params else {}
        bad = self.check(sizes, values)
        if bad:
            raise LoweringError(f"{self.benchmark}/{self.name} with {values} for sizes {sizes}: " + "; ".join(bad))
        return self.bind(sizes, values)

    def bind(self, sizes: Sizes, values: Sizes) -> Lowered:
        """The lowering built with a complete set of parameter values, unchecked: the caller took them from a
        space that holds only valid points (compiler.lowering.templates)."""
        program, kernels, facts = self.build(dict(sizes), dict(values))
        options = MappingProxyType(dict(self.options(values))) if self.options else MappingProxyType({})
        return Lowered(self.benchmark, self.name, program, MappingProxyType(dict(sizes)),
                       MappingProxyType(dict(values)), kernels, MappingProxyType(facts), options)

    def valid(self, sizes: Sizes, params: Sizes | None = None) -> bool:
        """True when the lowering applies to these sizes (with these or the chosen parameter values)."""
        try:
            values = {**self.choose({**sizes, **(params or {})}), **(params or {})} if self.params else {}
        except LoweringError:
            return False
        return not self.check(sizes, values)


# --- launch geometry derived from the program -------------------------------------------------------------------
def launch_geometry(p: Program, env: Sizes, local: Mapping[int, tuple[int, ...]] | None = None
                    ) -> tuple[KernelLaunch, ...]:
    """One KernelLaunch per kernel (per oclKernel in launch order, or one for a program without oclKernel):
    mapGlb(d) gives the global size of dimension d (its largest iteration count), mapWrg(d) the number of
    work groups and mapLcl(d) the local size (largest count; `local[k]` overrides the local size of kernel k)."""
    typing = typecheck(p)
    kernels: list[tuple[Node, tuple[int, ...]]] = []

    def find(n: Node, path):
        if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.OCL_KERNEL:
            for i, a in enumerate(n.args):
                find(a, (*path, i + 1))
            kernels.append((n.f.funs[0], (*path, 0, 0)))
            return
        for i, c in enumerate(n.children()):
            find(c, (*path, i))

    find(p.body, (len(p.params),))
    if not kernels:
        kernels = [(p.body, (len(p.params),))]
    out = []
    for k, (node, path) in enumerate(kernels):
        counts: dict[tuple[Op, int], int] = {}

        def visit(n: Node, q, counts=counts):
            if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op in (Op.MAP_GLB, Op.MAP_WRG, Op.MAP_LCL):
                t = typing.of[(*q, len(n.args))]
                assert isinstance(t, ArrayType)
                key = (n.f.op, int(n.f.static[0]))
                try:
                    length = arith.evaluate(t.n, env)
                except ValueError as err:  # a length that is no whole number: a split that does not divide
                    raise ConstraintError(_fractional_length(p, typing, env, err)) from None
                counts[key] = max(counts.get(key, 0), length)
            for i, c in enumerate(n.children()):
                visit(c, (*q, i))

        visit(node, path)
        dims = 1 + max((d for _, d in counts), default=0)
        if any(op is Op.MAP_GLB for op, _ in counts):
            out.append(KernelLaunch(tuple(counts.get((Op.MAP_GLB, d), 1) for d in range(dims))))
            continue
        lsz = (local or {}).get(k) or tuple(counts.get((Op.MAP_LCL, d), 1) for d in range(dims))
        groups = tuple(counts.get((Op.MAP_WRG, d), 1) for d in range(dims))
        out.append(KernelLaunch(tuple(g * l for g, l in zip(groups, lsz, strict=True)), tuple(lsz)))
    return tuple(out)


def _fractional_length(p: Program, typing, env: Sizes, err: ValueError) -> str:
    """Why an array length of `p` is no whole number at `env`: the first split whose chunk does not divide the
    length of its array (`err`, the evaluation's message, where none is found)."""
    sizes = ", ".join(f"{k}={v}" for k, v in sorted(env.items()))

    def splits(n: Node, path):
        if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.SPLIT and n.args:
            yield n.f.static[0], typing.of.get((*path, len(n.args)))
        for i, c in enumerate(n.children()):
            yield from splits(c, (*path, i))

    for chunk, t in splits(p.body, (len(p.params),)):
        try:
            m, length = arith.evaluate(chunk, env), arith.evaluate(t.n, env)
        except (KeyError, ValueError, AttributeError):
            continue
        if m < 1 or length % m:
            return (f"{p.name}: split({chunk}) does not divide the length {t.n} = {length} of its array at "
                    f"{sizes}")
    return f"{p.name}: {err} (at {sizes})"


# --- the default lowering's work-group shape ---------------------------------------------------------------------
WG_2D = (32, 8)  # work-group shape of a 2-D mapGlb kernel of the default lowering (a warp wide, 256 work items)


def default_local_size(global_size: tuple[int, ...]) -> tuple[int, ...] | None:
    """The default lowering's work-group shape for a mapGlb kernel: 32 x 8 for a 2-D kernel (rows of a warp's
    width, several rows per group: a stencil's neighbouring rows are read by the same group), narrowed to sizes
    that divide the global size (dimension 0: 32, or the whole row when shorter; dimension 1: the largest
    divisor not above 256 / that); None (the runtime's choice) for 1-D and 3-D kernels and rows whose length is
    neither a multiple of 32 nor below 32."""
    if len(global_size) != 2:
        return None
    g0, g1 = global_size
    l0 = WG_2D[0] if g0 % WG_2D[0] == 0 else g0 if g0 < WG_2D[0] else None
    if l0 is None:
        return None
    l1 = largest_divisor(g1, WG_2D[0] * WG_2D[1] // l0)
    return (l0, l1)


def default_launches(p: Program, env: Sizes) -> tuple[KernelLaunch, ...]:
    """The launches of a default-lowered program: `launch_geometry`, with `default_local_size` for the mapGlb
    kernels."""
    return tuple(k if k.local_size is not None else KernelLaunch(k.global_size, default_local_size(k.global_size))
                 for k in launch_geometry(p, env))


def largest_divisor(n: int, cap: int, multiple_of: int = 1) -> int | None:
    """The largest divisor of n that is <= cap and a multiple of `multiple_of` (None if there is none)."""
    for d in range(min(n, cap), 0, -1):
        if n % d == 0 and d % multiple_of == 0:
            return d
    return None

