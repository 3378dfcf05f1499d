"""The MEMORY stage of the decision route: address spaces, copies and unrolling of a mapped program (thesis Ch4
memory allocation, Ch6 toGlobal/toLocal/toPrivate, local/private copies, unrolled loops).

    mp = memory_problem(lowered, sizes, limits)   # MemoryProblem of the mapped, memory-completed program
    site = mp.next_site(after)                    # MemorySite: pre-order index, path, values (KEEP first)
    program, cursor = mp.apply(site, value)       # the program after the value, the cursor past the site

The mapped program (`decisions.State.lowered`: the default lowering's memory, `toGlobal` on the output path and
private reduce accumulators) compiles as it is. Its candidate sites are the nodes of its normal form
(`compiler.rewrite.prepare`, whose pre-order indices the values refer to) where one of `MEMORY_RULES` applies:
the catalogue's memory rules (`toGlobal`, `toLocal`, `toPrivate` around a user function or a bare map,
`toGlobalMap`, `toLocalMap`, `toPrivateMap` around a lowered map, `copyLocal`, `copyPrivate` of an array a map
or reduce consumes) and the unroll rules (`mapSeqUnroll`, `reduceSeqUnroll`). The sites are decided in pre-order,
one decision each:

- values: `KEEP` (the program as it is; always legal, it compiles) and `(rule,)` for each rule of
  `MEMORY_RULES` at the site, applied through the one rewrite driver (`compiler.rewrite.apply`);
- a copy (`copyLocal`, `copyPrivate`) builds a high-level `map(toX(id))` (nested for nested arrays): its maps are
  lowered in the same value, outer to inner, by the catalogue's mapping rules (`COPY_MAPPINGS`: `mapLcl(d)` or
  `mapSeq` for a local copy, `mapSeq` or `mapSeqUnroll` for a private one), so a copy value is
  `(rule, mapping rule of the outer copy map, ..., of the inner one)`; at most `MAX_COPY_VARIANTS` mappings that
  compile are offered per copy (found depth-first in the order of `COPY_MAPPINGS`, at most `COPY_BUDGET` compile
  checks per site);
- exactness: a value other than KEEP is offered only when its program compiles at the state's sizes (the code
  generator accepts it), each kernel's local buffers fit the device's local memory (`local_mem_bytes`), and its
  work items declare no more private memory than `max_private_bytes_per_item` or, when the program before the
  value already declares more, no more than it (`_private_fits`: a kernel past the limit does not launch; KEEP
  stays legal whatever the program before it holds), so no value leads to a dead end (the work-group sizes
  decided next do not depend on address spaces); and only when its
  kernel differs from KEEP's (unrolling a loop of views only, or a loop over a reduction's one-element result,
  generates the same code: such loops are not candidates of the unroll rules at all; nor is the body of a
  reduction's operator a candidate of `toGlobal`, `toLocal` or `toPrivate`: it is written to the accumulator,
  whose buffer fixes its address space, so a caster there either agrees or is refused by the code generator);
- a site is a candidate only when it has a value besides KEEP; after a value at site i the next decision is the
  first candidate after i (after the whole copy for a copy value: its own maps are already decided), in the
  program the value built.

The stage ends after `max_memory` applications (KEEP is not one), after `MAX_SITES` decisions, or when no
candidate follows. Every answer is memoised by program, sizes and limits (`memory_problem` and the results of the
values), so episodes that reach the same mapped program again ask no compile check.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from ..constraints import DeviceLimits
from ..errors import CompilerError
from ..ir.node import FunCall, Lambda, Prim, Program, UserFun, walk
from ..ir.ops import REDUCES, Op
from ..rewrite import all_legal, apply, prepare, site_of
from ..rewrite.catalog import BY_NAME
from . import stages
from .points import launch_error

KEEP = ("keep",)
# the rules a memory decision offers (names in the catalogue compiler.rewrite.RULES), in value order
MEMORY_RULES: tuple[str, ...] = ("toGlobal", "toLocal", "toPrivate", "toGlobalMap", "toLocalMap", "toPrivateMap",
                                 "copyLocal", "copyPrivate", "mapSeqUnroll", "reduceSeqUnroll")
# the mapping rules that lower a copy's maps, in the order the variants are searched
COPY_MAPPINGS: dict[str, tuple[str, ...]] = {"copyLocal": ("mapLcl(0)", "mapLcl(1)", "mapLcl(2)", "mapSeq"),
                                             "copyPrivate": ("mapSeq", "mapSeqUnroll")}
MAX_COPY_VARIANTS = 4
COPY_BUDGET = 16
MAX_SITES = 16  # memory decisions per episode at most (an encoding's bound of the episode length)


@dataclass(frozen=True)
class MemorySite:
    """One memory decision: its node in `MemoryProblem.program` (pre-order index and path) and exactly its legal
    values (KEEP first, then the rules in `MEMORY_RULES` order)."""

    index: int
    path: tuple[int, ...]
    values: tuple[tuple[str, ...], ...]


class MemoryProblem:
    """The memory decisions of a mapped program at concrete sizes: `program` is its normal form (the site indices
    refer to it), `next_site(after)` the first candidate site after a pre-order index, `apply` a value."""

    def __init__(self, program: Program, sizes: Mapping[str, int], limits: DeviceLimits):
        self.source = program
        self.program = prepare(program)
        self.sizes = dict(sizes)
        self.sizes_key = tuple(sorted(self.sizes.items()))
        self.limits = limits
        rules = tuple(BY_NAME[n] for n in MEMORY_RULES)
        by_site: dict[int, tuple[tuple[int, ...], list[str]]] = {}
        for r, site in all_legal(self.program, rules, sizes=self.sizes):
            if MEMORY_RULES[r] in _UNROLL and not _unrollable(_node(self.program, site.path)):
                continue  # a loop of views only, or of one iteration: the code would be the same
            if MEMORY_RULES[r] in _CASTERS and _accumulates(self.program, site.path):
                continue  # the accumulator's buffer decides: a caster agrees with it (no change) or is refused
            by_site.setdefault(site.index, (site.path, []))[1].append(MEMORY_RULES[r])
        self._pairs = tuple((i, path, tuple(sorted(names, key=MEMORY_RULES.index)))
                            for i, (path, names) in sorted(by_site.items()))
        self._sites: dict[int, MemorySite | None] = {}

    def next_site(self, after: int = -1) -> MemorySite | None:
        """The first candidate site (a value besides KEEP) whose pre-order index is above `after`, or None."""
        for index, path, names in self._pairs:
            if index <= after:
                continue
            if index not in self._sites:
                self._sites[index] = self._site(index, path, names)
            site = self._sites[index]
            if site is not None:
                return site
        return None

    def _site(self, index: int, path: tuple[int, ...], names: tuple[str, ...]) -> MemorySite | None:
        values: list[tuple[str, ...]] = []
        for name in names:
            if name in COPY_MAPPINGS:
                values += _copy_variants(self.program, path, name, self.sizes_key, self.limits)
            elif _result(self.program, path, (name,), self.sizes_key, self.limits) is not None:
                values.append((name,))
        # a value whose kernel is KEEP's changes nothing
        keep = _kernel_key(self.source, self.sizes_key, self.limits)
        values = [v for v in values
                  if _kernel_key(_result(self.program, path, v, self.sizes_key, self.limits), self.sizes_key,
                                 self.limits) != keep]
        return MemorySite(index, path, (KEEP, *values)) if values else None

    def apply(self, site: MemorySite, value: tuple[str, ...]) -> tuple[Program, int]:
        """The program after `value` at `site` (the source program itself for KEEP) and the pre-order index the
        next decision comes after. A value the site does not offer raises CompilerError."""
        if value not in site.values:
            raise CompilerError(f"memory: {value!r} is not a value of site #{site.index} of {self.program.name}")
        if value == KEEP:
            return self.source, site.index
        q = _result(self.program, site.path, value, self.sizes_key, self.limits)
        assert q is not None, "an offered value compiles"
        if value[0] in COPY_MAPPINGS:  # the copy's maps are decided: continue after its subtree
            return q, site.index + sum(1 for _ in walk(_node(q, site.path))) - 1
        return q, site.index


_UNROLL = frozenset({"mapSeqUnroll", "reduceSeqUnroll"})
_CASTERS = frozenset({"toGlobal", "toLocal", "toPrivate"})


def _unrollable(call) -> bool:
    """Whether unrolling a map or reduce call can change its code: its function applies a user function (else
    the loop is a view) and its array is not a reduction's result (an array of one element: a loop of one
    iteration, which the code generator unrolls already)."""
    if not _computes(call):
        return False
    arr = call.args[-1]
    return not (isinstance(arr, FunCall) and isinstance(arr.f, Prim) and arr.f.op in REDUCES)


def _computes(call) -> bool:
    """Whether the function of a map or reduce call applies a user function (else the loop is a view)."""
    return (isinstance(call, FunCall) and isinstance(call.f, Prim)
            and any(isinstance(n, UserFun) for f in call.f.funs for _, n in walk(f)))


def _accumulates(p: Program, path: tuple[int, ...]) -> bool:
    """Whether the node at `path` is the body of a reduction's operator: its value is written to the reduction's
    accumulator, so the accumulator's buffer fixes its address space."""
    if len(path) < 3:
        return False
    lam, prim = _node(p, path[:-1]), _node(p, path[:-2])
    return (isinstance(lam, Lambda) and path[-1] == len(lam.params) and isinstance(prim, Prim)
            and prim.op in REDUCES and path[-2] == 0)


def _node(p: Program, path: tuple[int, ...]):
    n = p
    for i in path:
        n = n.children()[i]
    return n


def _copy_variants(program: Program, path: tuple[int, ...], name: str, sizes_key: tuple,
                   limits: DeviceLimits) -> list[tuple[str, ...]]:
    """The mappings of a copy's maps (outer to inner) whose program compiles, at most MAX_COPY_VARIANTS, found
    depth-first within COPY_BUDGET compile checks."""
    try:
        copied = apply(program, name, site_of(program, path), dict(sizes_key))
    except CompilerError:
        return []
    found: list[tuple[str, ...]] = []
    budget = [COPY_BUDGET]

    def search(q: Program, chosen: tuple[str, ...]) -> None:
        if len(found) >= MAX_COPY_VARIANTS or budget[0] <= 0:
            return
        hl = _first_high_level_map(q)
        if hl is None:
            budget[0] -= 1
            if _kernel_key(q, sizes_key, limits) is not None and _private_fits(program, q, sizes_key, limits):
                found.append((name, *chosen))
                if len(_RESULTS) >= _MAX_RESULTS:
                    _RESULTS.clear()
                _RESULTS[(program, path, (name, *chosen), sizes_key, limits)] = q
            return
        for m in COPY_MAPPINGS[name]:
            try:
                nxt = apply(q, m, site_of(q, hl), dict(sizes_key))
            except CompilerError:
                continue
            search(nxt, (*chosen, m))

    search(copied, ())
    return found


def _first_high_level_map(p: Program) -> tuple[int, ...] | None:
    """The path of the first high-level map (a copy's, the rest of a mapped program is lowered), pre-order."""
    for path, n in walk(p):
        if isinstance(n, FunCall) and isinstance(n.f, Prim) and n.f.op is Op.MAP:
            return path
    return None


_RESULTS: dict[tuple, Program] = {}  # the copy variants' programs (filled by _copy_variants)
_MAX_RESULTS = 4096


def _result(program: Program, path: tuple[int, ...], value: tuple[str, ...], sizes_key: tuple,
            limits: DeviceLimits) -> Program | None:
    """The program of a value at a site when it compiles and fits, else None (memoised)."""
    key = (program, path, value, sizes_key, limits)
    if key in _RESULTS:
        return _RESULTS[key]
    if value[0] in COPY_MAPPINGS:
        _copy_variants(program, path, value[0], sizes_key, limits)
        return _RESULTS.get(key)
    return _plain_result(program, path, value[0], sizes_key, limits)


@functools.lru_cache(maxsize=8192)
def _plain_result(program: Program, path: tuple[int, ...], name: str, sizes_key: tuple,
                  limits: DeviceLimits) -> Program | None:
    try:
        q = apply(program, name, site_of(program, path), dict(sizes_key))
    except CompilerError:
        return None
    return q if _kernel_key(q, sizes_key, limits) is not None and _private_fits(program, q, sizes_key, limits) else None


def _private_bytes(program: Program, sizes_key: tuple) -> int:
    """The most private memory one work item of the program's kernels declares (0 when it does not compile)."""
    try:
        kp = stages.compile_program(program, dict(sizes_key))
    except _REJECTED:
        return 0
    return max((k.private_bytes for k in kp.kernels), default=0)


def _private_fits(before: Program, after: Program, sizes_key: tuple, limits: DeviceLimits) -> bool:
    """Whether a value's program declares no more private memory per work item than the device launches
    (`max_private_bytes_per_item`), or no more than the program before it already does."""
    grown = _private_bytes(after, sizes_key)
    return grown <= limits.max_private_bytes_per_item or grown <= _private_bytes(before, sizes_key)


# the code generator's rejections: CompilerError, and the internal errors a program it cannot handle raises
_REJECTED = (CompilerError, AssertionError, KeyError, IndexError, TypeError, ValueError)


@functools.lru_cache(maxsize=8192)
def _kernel_key(program: Program | None, sizes_key: tuple, limits: DeviceLimits) -> str | None:
    """The key of the program's kernels when it compiles and each kernel's local buffers and work group fit the
    device's limits (`points.launch_error`), else None."""
    if program is None:
        return None
    try:
        kp = stages.compile_program(program, dict(sizes_key))
    except _REJECTED:
        return None
    return kp.key if launch_error(kp, limits) is None else None


@functools.lru_cache(maxsize=1024)
def _memory_problem(program: Program, sizes_key: tuple, limits: DeviceLimits) -> MemoryProblem:
    return MemoryProblem(program, dict(sizes_key), limits)


def memory_problem(program: Program, sizes: Mapping[str, int], limits: DeviceLimits) -> MemoryProblem:
    """The (memoised) memory decisions of a mapped program."""
    return _memory_problem(program, tuple(sorted(sizes.items())), limits)


def value_code(value: tuple[str, ...]) -> int:
    """A small positive number for a memory value (an observation's slot feature): 1 for KEEP, 2 + the rule's
    position in MEMORY_RULES, plus 16 x (1 + the position of the outer copy map's mapping rule) for a copy."""
    if value == KEEP:
        return 1
    code = 2 + MEMORY_RULES.index(value[0])
    if len(value) > 1:
        code += 16 * (1 + COPY_MAPPINGS[value[0]].index(value[1]))
    return code


def clear_caches() -> None:
    _RESULTS.clear()
    for f in (_plain_result, _kernel_key, _memory_problem):
        f.cache_clear()


__all__ = ["COPY_MAPPINGS", "KEEP", "MAX_SITES", "MEMORY_RULES", "MemoryProblem", "MemorySite", "clear_caches",
           "memory_problem", "value_code"]
