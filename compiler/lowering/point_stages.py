"""The rewrite-point decisions of an annotated program (thesis Ch6), one parameter at a time (docs/rewrite_points.md).

    rp = point_stages.problem(bench_name, program, sizes)    # cached per benchmark program and sizes
    rp.annotated(program)                               # whether the phase has decisions at all
    p = rp.next_param(values)                           # the next RPParam to decide (None: phase over)
    rp.valid_values(values)                             # the values offered for it, in order
    rp.result(values)                                   # the rewritten, concrete, RP-free program
    rp.admit(values)                                    # why complete values are no completion (None: they are)
    point_stages.mapping_problem(rewritten, sizes)           # its Ch5 mapping problem (oclKernel boundaries kept)
    point_stages.annotated_of(bench)                    # "conv-rp" for the plain conv: the program whose designs
    point_stages.designs(bench)                         # ("direct", "gemm") a plain benchmark reaches by its points

Decisions, one per rewrite-point parameter: first every structural parameter (`skip`, `targetMem`, `resultMem`,
`newDimOrder`, `newReduceDim`) in Algorithm 4's order as `compiler.rewrite.points.parameters(program, values)`
lists it given the values so far (so the parameters of RPs inserted by a parent appear once the parent's
structural values are chosen); then the tuning parameters of the complete structure (tile sizes, factors,
paddings) in the same listing order. Tuning values come second because their constraints (the RP space's,
`compiler.constraints.points`: `infer` on the rewritten program) depend on the whole structure.

Validity of what is offered:
- the candidates of a structural parameter are the values the annotation's rules allow (`RPSpace.allowed`);
  those of a tuning parameter the solver's valid values given the tuning values so far (exact);
- a candidate is offered iff a completion of the whole phase is witnessed: every later parameter gets a
  candidate, and the rewritten program has a parallel mapping that compiles (`RPMapping.feasible`, the MAPPING
  phase's own test). Depth-first, memoised, `skip = 1` first, at most `FEASIBILITY_BUDGET` mapping searches per
  question and `NODE_BUDGET` partial assignments expanded (past them the candidate is conservatively not
  offered: sound, possibly incomplete, `exhausted` counts those answers).
  The witness path is memoised, so the phase and the MAPPING phase after it have no dead end.
"""

from __future__ import annotations

import functools
import itertools
import zlib
from collections.abc import Mapping, Sequence

import numpy as np

from .. import arith
from ..constraints import Space
from ..constraints.mapping import MappingSpace
from ..constraints.points import RPSpace, rp_space
from ..errors import CompilerError
from ..ir.node import Program, RewritePoint, walk
from ..rewrite.points import KINDS, RPParam, RPResult, apply_rewrite_points, rewrite_point_labels
from ..suite import SUITE, Benchmark
from ..suite.annotated import ANNOTATIONS
from .default import finish
from .points import outer_mapping, output_to_global, rp_mapping_space
from .stages import MapDecision, MappingProblem, compile_program, node_index

RANDOM_WITNESSES = 3  # random Ch5 solutions tried as mapping witnesses before the exact search (RPMapping.feasible)
FEASIBILITY_BUDGET = 4  # mapping searches (each up to stages.SEARCH_BUDGET compilations) per question
NODE_BUDGET = 48  # partial assignments expanded per question (each lists parameters or builds a tuning space)
MEMORIES = ("global", "local", "private")
STRUCTURAL = ("skip", "targetMem", "resultMem", "newDimOrder", "newReduceDim")
ROLES = ("skip", "targetMem", "resultMem", "newDimOrder", "newReduceDim", "tuning")

Values = tuple[tuple[str, object], ...]  # the decisions so far, in order (hashable)


def _param_role(p: RPParam) -> str:
    """`skip` | `targetMem` | ... for a structural parameter, `tuning` for a tuning one."""
    return "tuning" if p.role == "tuning" else p.name.rpartition(".")[2]


def numeric(value: object, domain: Sequence = ()) -> int:
    """A positive integer standing for a parameter value in the observation: an int itself, a memory 1-3, a
    permutation its lexicographic rank + 1."""
    if isinstance(value, bool | np.bool_):
        return int(value)
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, str):
        return MEMORIES.index(value) + 1 if value in MEMORIES else 1
    if isinstance(value, tuple | list):
        perms = list(itertools.permutations(sorted(value)))
        return perms.index(tuple(value)) + 1
    return 1


class RPProblem:
    """The rewrite-point decisions of one annotated benchmark at concrete sizes (see the module doc)."""

    def __init__(self, name: str, program: Program, sizes: Mapping[str, int]):
        self.name = name
        self.sizes = {k: int(v) for k, v in sizes.items()}
        heuristics: tuple = ()
        if rewrite_point_labels(program):

            try:
                heuristics = tuple(ANNOTATIONS[name].heuristics)
            except KeyError:
                heuristics = ()
        self.space: RPSpace = rp_space(program, self.sizes, heuristics=heuristics)
        self.program = self.space.program  # the sizes substituted (§6.3.1)
        self.labels = tuple(rewrite_point_labels(self.program))
        self._params: dict[tuple, list[RPParam]] = {}
        self._feasible: dict[tuple, bool] = {}
        self._results: dict[tuple, RPResult] = {}
        self._mapping_ok: dict[str, bool] = {}
        self._spaces: dict[tuple, Space] = {}
        self.exhausted = 0

    @property
    def annotated(self) -> bool:
        return bool(self.labels)

    # --- listing ----------------------------------------------------------------------------------------------
    @staticmethod
    def _key(values: Mapping[str, object]) -> tuple:
        return tuple(sorted((k, repr(v)) for k, v in values.items()))

    def params(self, struct: Mapping[str, object]) -> list[RPParam]:
        k = self._key(struct)
        hit = self._params.get(k)
        if hit is None:
            hit = self._params[k] = self.space.params(struct)
        return hit

    def _split(self, values: Values) -> tuple[dict, dict]:
        struct = {k: v for k, v in values if not self._is_tuning(k)}
        tuning = {k: v for k, v in values if self._is_tuning(k)}
        return struct, tuning

    @staticmethod
    def _is_tuning(name: str) -> bool:
        return name.rpartition(".")[2] not in STRUCTURAL

    def _tuning_space(self, struct: Mapping[str, object]) -> Space:
        """The solver space of the tuning values of a complete structure: `compiler.constraints.Space` of the
        inferred TuningProblem (`RPSpace.tuning`), whose `valid_values` is exact."""
        k = self._key(struct)
        sp = self._spaces.get(k)
        if sp is None:
            sp = self._spaces[k] = self.space.tuning(struct).space()
        return sp

    def tuning_names(self, struct: Mapping[str, object]) -> tuple[str, ...]:
        """The tuning parameters of a complete structure, in listing order (then any the solver adds)."""
        sp = self._tuning_space(struct)
        listed = [p.name for p in self.params(struct) if p.role == "tuning" and p.name in sp.names]
        return tuple(listed + [n for n in sp.names if n not in listed])

    def next_param(self, values: Values) -> RPParam | None:
        """The parameter decided next (None when every parameter has a value)."""
        struct, tuning = self._split(values)
        for p in self.params(struct):
            if p.role == "struct" and p.name not in struct:
                return p
        for name in self.tuning_names(struct):
            if name not in tuning:
                dom = tuple(self._tuning_space(struct).domains.get(name, ()))
                return RPParam(name, "tuning", dom, name.rpartition(".")[0])
        return None

    def position(self, values: Values) -> tuple[int, int]:
        """(decisions made, parameters known now): for the observation."""
        struct, _ = self._split(values)
        n = sum(1 for p in self.params(struct) if p.role == "struct")
        if self.next_param(values) is None or all(p.name in struct for p in self.params(struct)
                                                  if p.role == "struct"):
            n += len(self.tuning_names(struct))
        return len(values), max(n, len(values) + 1)

    def role_and_kind(self, p: RPParam) -> tuple[int, int, int | None]:
        """(role index in ROLES, kind index in the sorted kinds, the top-level RP's label index or None)."""

        kinds = sorted(KINDS)
        path = self.space.kind_path(p.name).rpartition(".")[0].split("/")
        kind = path[-1]
        top = p.name.split("/")[0].rpartition(".")[0] if "/" not in p.name else p.name.split("/")[0]
        return (ROLES.index(_param_role(p)) if _param_role(p) in ROLES else len(ROLES) - 1,
                kinds.index(kind) if kind in kinds else -1,
                self.labels.index(top) if top in self.labels else None)

    def rp_node_path(self, p: RPParam) -> tuple | None:
        """The path of the top-level rewrite point the parameter belongs to (inserted RPs: their ancestor)."""
        top = p.name.split("/")[0]
        top = top.rpartition(".")[0] if "/" not in p.name else top

        for path, n in walk(self.program):
            if isinstance(n, RewritePoint) and n.label == top:
                return path
        return None

    # --- valid values -----------------------------------------------------------------------------------------
    def candidates(self, values: Values) -> tuple:
        """The values of `next_param(values)` before the completion check: the rules' values of a structural
        parameter, the solver's valid values of a tuning parameter (exact), in domain order."""
        p = self.next_param(values)
        if p is None:
            return ()
        struct, tuning = self._split(values)
        if p.role == "struct":
            return tuple(self.space.allowed(p))
        sp = self._tuning_space(struct)
        if sp.empty:
            return ()
        return tuple(sorted(set(sp.valid_values(p.name, {k: int(v) for k, v in tuning.items()}))))  # type: ignore

    def valid_values(self, values: Values) -> tuple:
        """The values offered for `next_param(values)`: those with a witnessed completion (see the module doc)."""
        p = self.next_param(values)
        if p is None:
            return ()
        return tuple(v for v in self.candidates(values) if self.feasible((*values, (p.name, v))))

    def feasible(self, values: Values) -> bool:
        """Whether some completion of `values` applies, has valid tuning values and a parallel mapping that
        compiles (depth-first, memoised, `skip = 1` first, at most FEASIBILITY_BUDGET mapping searches per
        question; past it the answer is a conservative False). A True answer memoises its witness path, so the
        state after an offered value always offers the witness's next value: the phase has no dead end."""
        k = tuple((n, repr(v)) for n, v in values)
        hit = self._feasible.get(k)
        if hit is None:
            budget = [FEASIBILITY_BUDGET, NODE_BUDGET]
            hit = self._search(values, budget)
            if not hit and min(budget) <= 0:
                self.exhausted += 1
        return hit

    def admit(self, values: Mapping[str, object]) -> str | None:
        """Why complete rewrite-point `values` (by parameter name; names the phase does not ask are ignored) are
        not a completion of the phase, or None: every structural parameter asked has one of its candidates, the
        tuning values satisfy the solver's space of the structure (which makes each of them one of its valid
        values), and the rewritten program has a parallel mapping that compiles. Admitted values are a witness:
        every prefix of them is memoised feasible, so the phase offers each of them without a search."""
        seq: Values = ()
        while (p := self.next_param(seq)) is not None:
            if p.name not in values:
                return f"rewrite-point parameter {p.name} has no value"
            v = values[p.name]
            if p.role == "struct" and v not in self.candidates(seq):
                return f"{p.name}={v!r} is not one of its values {list(self.candidates(seq))}"
            seq = (*seq, (p.name, v))
        struct, tuning = self._split(seq)
        if tuning:
            sp = self._tuning_space(struct)
            if not all(isinstance(v, int) for v in tuning.values()):
                return f"tuning values {tuning} are not all integers"
            broken = sp.violations(tuning)  # type: ignore[arg-type]
            if broken:
                return f"the tuning values break {broken[0].origin or broken[0]}"
        if not self._maps(seq):
            return "no parallel mapping of the rewritten program compiles"
        for i in range(len(seq) + 1):
            self._feasible[tuple((n, repr(v)) for n, v in seq[:i])] = True
        return None

    def offers(self, values: Values, value: object) -> bool:
        """Whether `valid_values(values)` holds `value`, asking about it alone: a value on a memoised witness path
        is offered at once (the searches and `admit` memoise only candidates as feasible), any other one when it
        is a candidate with a witnessed completion."""
        p = self.next_param(values)
        if p is None:
            return False
        ext = (*values, (p.name, value))
        if self._feasible.get(tuple((n, repr(v)) for n, v in ext)):
            return True
        return value in self.candidates(values) and self.feasible(ext)

    def _search(self, values: Values, budget: list[int]) -> bool:
        k = tuple((n, repr(v)) for n, v in values)
        hit = self._feasible.get(k)
        if hit is not None:
            return hit
        if budget[1] <= 0:
            return False  # not memoised
        budget[1] -= 1
        try:
            p = self.next_param(values)
            cands = self.candidates(values) if p is not None else ()
        except CompilerError:
            self._feasible[k] = False
            return False
        if p is None:
            if budget[0] <= 0:
                return False  # not memoised: another question may afford it
            budget[0] -= 1
            hit = self._maps(values)
        else:
            order = sorted(cands, key=lambda v: v != 1) if _param_role(p) == "skip" else list(cands)
            hit = False
            for v in order:
                if self._search((*values, (p.name, v)), budget):
                    hit = True
                    break
                if min(budget) <= 0:
                    return False
        self._feasible[k] = hit
        return hit

    def _maps(self, values: Values) -> bool:
        """Whether the rewritten program of complete `values` has a parallel mapping that compiles."""
        try:
            prog = self.result(values)
        except CompilerError:
            return False
        ok = self._mapping_ok.get(prog.key)
        if ok is None:
            try:
                ok = mapping_problem(prog, self.sizes).feasible(())
            except CompilerError:
                ok = False
            self._mapping_ok[prog.key] = ok
        return ok

    # --- the result -------------------------------------------------------------------------------------------
    def result(self, values: Values) -> Program:
        """The program with every rewrite point applied at `values` (complete), concrete and RP-free."""
        return self.applied(values).program

    def applied(self, values: Values) -> RPResult:
        """`apply_rewrite_points` at complete `values`: the program, the RPs applied and those eliminated."""
        k = self._key(dict(values))
        res = self._results.get(k)
        if res is None:
            d = {n: (int(v) if self._is_tuning(n) else v) for n, v in values}
            res = self._results[k] = apply_rewrite_points(self.program, d, sizes=self.sizes)
        return res


@functools.lru_cache(maxsize=64)
def _problem(name: str, program: Program, sizes_key: tuple) -> RPProblem:
    return RPProblem(name, program, dict(sizes_key))


def problem(name: str, program: Program, sizes: Mapping[str, int]) -> RPProblem:
    return _problem(name, program, tuple(sorted(sizes.items())))


def is_annotated(program: Program) -> bool:
    return bool(rewrite_point_labels(program))


def annotated_of(bench: Benchmark) -> str | None:
    """The suite's program annotated with rewrite points (`<name>-rp`) whose named designs the plain suite
    benchmark `bench` reaches through its rewrite points (conv: `conv-rp`, designs `direct` and `gemm`); None for
    a benchmark without one (an annotated program without named designs is reached by its own `-rp` URI)."""
    name = f"{bench.name}-rp"
    if bench.dataset != SUITE or name not in ANNOTATIONS or not ANNOTATIONS[name].presets:
        return None
    return name


def designs(bench: Benchmark) -> tuple[str, ...]:
    """The named designs of the annotated program of `bench` (`annotated_of`), in the annotation's order."""
    name = annotated_of(bench)
    return tuple(ANNOTATIONS[name].presets) if name is not None else ()


# --- mapping of a rewritten program --------------------------------------------------------------------------------
class RPMapping(MappingProblem):
    """The Ch5 parallel-mapping decisions of a rewritten program in the form `compiler.lowering.points`
    maps it: the oclKernel boundaries that kernelFission placed are kept (v0's form inlines kernels applied to
    views), the result is written to global memory (`output_to_global`), the CSP proposes and the code generator
    decides (the MappingProblem search); `lower` is `finish` of the mapped program."""

    source = "compiler.lowering.points form: Ch5 CSP (oclKernel boundaries kept) + compile check"

    def __init__(self, program: Program, sizes: Mapping[str, int]):

        super().__init__(sizes)
        prog, _ = output_to_global(program)
        self.high = prog  # the program the CSP is built from: every kernel's result written to global memory
        self._space = rp_mapping_space(prog)
        self.program = self._space.program
        self.sites = tuple(MapDecision(node_index(self.program, s.path), s.path,
                                   arith.evaluate(s.in_type.n, self.sizes))  # type: ignore[union-attr]
                           for s in self._space.sites)
        self._names = tuple(s.name for s in self._space.sites)

    def feasible(self, partial: Sequence[int] = ()) -> bool:
        """As MappingProblem.feasible; for the empty mapping, witnesses that need no enumeration of the CSP are
        tried first: the default lowering's shape (`outer_mapping`: the outer maps of each kernel mapGlb), then
        RANDOM_WITNESSES solutions drawn by randomized backtracking (`Space.random_solution`, seeded by the
        program). The first that compiles is the witness and every prefix of it is memoised as feasible; when
        none does, the exact search decides (it enumerates the CSP: seconds per rewritten conv)."""
        if not partial and () not in self._feasible and self.witness() is not None:
            return True
        return super().feasible(partial)

    def cheap_witnesses(self):
        """The default lowering's shape, then RANDOM_WITNESSES random Ch5 solutions (all checked by the CSP)."""
        try:
            codes = outer_mapping(self._space, self.sizes)
        except (CompilerError, KeyError, ValueError):
            codes = None
        if codes is not None:
            yield tuple(codes[n] for n in self._names)
        rng = np.random.default_rng(zlib.crc32(str(self.program.key).encode()))
        for _ in range(RANDOM_WITNESSES):
            try:
                codes = self._space.random_solution(rng, max_nodes=20_000)
            except (ValueError, OverflowError):
                return
            yield tuple(codes[n] for n in self._names)

    @property
    def space(self) -> MappingSpace:
        """The Ch5 CSP the codes are solutions of (`names` in site order)."""
        return self._space

    @property
    def names(self) -> tuple[str, ...]:
        """The CSP's name of each site's map (`m0`, `m1`, ...), in site order."""
        return self._names

    def admit(self, codes: Mapping[str, int]) -> str | None:
        """Why a complete mapping (codes by map name) is not legal, or None: one the constraints allow and that
        compiles becomes a witness, so each decision of the MAPPING phase along it offers its code without a
        search."""
        if set(codes) != set(self._names):
            return f"codes for {sorted(codes)}, the maps are {list(self._names)}"
        seq = tuple(int(codes[n]) for n in self._names)
        if seq in self._witnesses:
            return None
        if not self._allowed(seq):
            return "the parallel-mapping constraints forbid it"
        try:
            compile_program(self._to_compile(seq), self.sizes)
        except CompilerError as err:
            return str(err).splitlines()[0][:240]
        self._record(seq)
        return None

    def candidates(self, partial: Sequence[int]) -> tuple[int, ...]:
        k = len(partial)
        if k >= len(self.sites):
            return ()
        given = dict(zip(self._names, partial, strict=False))
        try:
            return tuple(sorted(self._space.valid_values(self._names[k], given)))
        except ValueError:
            return ()

    def lower(self, codes: Sequence[int]) -> Program:

        self._check_length(codes)
        return finish(self._space.apply(dict(zip(self._names, codes, strict=True))), stages_to_global=True)


@functools.lru_cache(maxsize=256)
def _mapping(program: Program, sizes_key: tuple) -> RPMapping:
    return RPMapping(program, dict(sizes_key))


def mapping_problem(program: Program, sizes: Mapping[str, int]) -> RPMapping:
    return _mapping(program, tuple(sorted(sizes.items())))


__all__ = ["FEASIBILITY_BUDGET", "ROLES", "RPMapping", "RPProblem", "annotated_of", "designs", "is_annotated",
           "mapping_problem", "numeric", "problem"]
