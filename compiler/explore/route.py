"""The exploration's mapping stage beside the compiler's decision route (`compiler.lowering.decisions`).

    route_mappings(uri)          # every complete mapping of the route on the benchmark's start program
    compare_mappings(uri)        # MappingComparison: what stage 2 (mapping only) and the route each reach

    python3 -m compiler.explore.route benchmark://lift/mm/small benchmark://lift/gemv/small

`route_mappings` is an enumerating chooser over the route's MAPPING decisions: it stops rewriting at once and
takes, depth first, every value each mapping decision offers (the Ch5 codes, exact: each offered code extends to
a mapping that compiles), up to `cap` complete mappings; a leaf is the route's lowered program (memory completed
as the default lowering does: `toGlobal` on the output path, private reduce accumulators).

`compare_mappings` compiles both sides on the benchmark's start program, without high-level rewrites and without
the memory/unrolling refinements: stage 2's mapping enumeration (`lowering.mappings`, then
`write_output_to_global`) and the route's mappings, and compares the OpenCL sources they generate. The stage-2
enumeration cannot be replaced by a chooser over the route (docs/explore.md, "Exploration and the decision
route"): it also reaches mappings the code generator rejects (counting those is what the exploration is for), its
memory refinements have no decision in the route, and it lowers another form of the program (sizes specialised,
the result of a reduction copied out by `mapSeq(id)`, reductions not unrolled).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from tqdm import tqdm

from .. import suite
from ..codegen import compile_program
from ..errors import CompilerError, UnknownBenchmark
from ..ir.macros import expand_program
from ..ir.node import Program
from ..lowering import decisions, stages
from ..lowering.default import copy_of_view
from ..rewrite import prepare, specialise
from .lowering import mappings, write_output_to_global

ROUTE_CAP = 4096  # complete mappings enumerated per benchmark


def route_mappings(uri: str, cap: int = ROUTE_CAP) -> list[decisions.State]:
    """The route's states at the end of its MAPPING stage (stage TUNING or DONE, `.lowered` set), one per complete
    mapping of the benchmark's start program, depth first in the order of the offered codes, at most `cap`."""
    out: list[decisions.State] = []

    def walk(s: decisions.State) -> None:
        d = decisions.next_decision(s)
        if d is None or d.stage is not decisions.Stage.MAPPING:
            out.append(s)
            return
        for code in d.values:
            if len(out) >= cap:
                return
            walk(decisions.decide(s, code))

    start = decisions.start(uri, decisions.Options(max_rewrites=0))
    assert start.stage is not decisions.Stage.REWRITE, "max_rewrites=0 leaves no rewrite decision"
    walk(start)
    return out


@dataclass(frozen=True)
class MappingComparison:
    """What the exploration's mapping stage and the route reach on one benchmark's start program: complete
    mappings, the distinct OpenCL sources that compile, the mappings that do not, and the overlap."""

    uri: str
    explore_mappings: int
    explore_kernels: int
    explore_failures: int  # no writable output (write_output_to_global) or rejected by the code generator
    route_mappings: int
    route_kernels: int
    common: int
    explore_only: int
    route_only: int

    def text(self) -> str:
        return (f"{self.uri}: stage 2 {self.explore_mappings} mappings, {self.explore_kernels} distinct kernels, "
                f"{self.explore_failures} rejected; route {self.route_mappings} mappings, {self.route_kernels} "
                f"distinct kernels; common {self.common}, stage 2 only {self.explore_only}, route only "
                f"{self.route_only}")


def _sources(kernels) -> tuple[str, ...]:
    return tuple(k.source for k in kernels.kernels)


def explore_kernels(bench, sizes: dict[str, int], cap: int = ROUTE_CAP) -> tuple[int, set, int]:
    """Stage 2's mapping enumeration on the start program (as `driver.explore_benchmark` forms it): the number of
    mappings, the distinct OpenCL sources that compile and the number that do not."""
    start = specialise(copy_of_view(bench.program), sizes)
    found = mappings(prepare(expand_program(start)), sizes, cap)
    sources, failures = set(), 0
    for m in found:
        g: Program | None = write_output_to_global(m, sizes)
        try:
            if g is None:
                raise CompilerError("the output path cannot be written to global memory")
            sources.add(_sources(compile_program(g, sizes)))
        except CompilerError:
            failures += 1
    return len(found), sources, failures


def compare_mappings(uri: str, cap: int = ROUTE_CAP) -> MappingComparison:
    """Stage 2 (mapping only) and the route on the start program of the benchmark at `uri` (see the module doc)."""
    bench, sizes = suite.resolve(uri)
    n_explore, explored, failures = explore_kernels(bench, dict(sizes), cap)
    states = route_mappings(uri, cap)
    routed = {_sources(stages.compile_program(specialise(s.lowered, s.size_map), s.size_map)) for s in states}
    return MappingComparison(uri, n_explore, len(explored), failures, len(states), len(routed),
                             len(explored & routed), len(explored - routed), len(routed - explored))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m compiler.explore.route",
                                 description="Compare the exploration's mapping stage with the decision route.")
    ap.add_argument("uris", nargs="+", metavar="URI", help="benchmark URIs (small sizes: benchmark://lift/mm/small)")
    ap.add_argument("--cap", type=int, default=ROUTE_CAP, help="mappings enumerated per side and benchmark")
    args = ap.parse_args(argv)
    if args.cap < 1:
        ap.error(f"--cap: expected a positive integer, got {args.cap}")
    for uri in tqdm(args.uris, desc="benchmarks", disable=len(args.uris) < 2):
        try:
            comparison = compare_mappings(uri, args.cap)
        except UnknownBenchmark as err:
            print(f"error: {uri}: {err}", file=sys.stderr)
            return 2
        tqdm.write(comparison.text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["ROUTE_CAP", "MappingComparison", "compare_mappings", "explore_kernels", "main", "route_mappings"]
