"""The generic default lowering keeps its programs: the `Program.key` of `default_lowering` for every suite
benchmark (without sizes, at its small sizes and at its largest preset; with one and three mapGlb dimensions), of
every named lowering at its small sizes (each ends in `finish`) and of the user programs of
tests/data/user_programs/ equals the key recorded in tests/data/default_lowering_keys.json.

A change that alters a default-lowered program on purpose regenerates the record and says why:

    python3 -m tests.unit.test_default_lowering_keys --write
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from compiler.lowering.catalog import lowerings
from compiler.lowering.default import default_lowering
from compiler.suite import list_benchmarks
from compiler.suite.user import load_benchmark
from tests.lowerings import catalogued

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "data" / "default_lowering_keys.json"
USER_PROGRAMS = ROOT / "data" / "user_programs"


def _largest(presets) -> str:
    return max(presets, key=lambda name: sum(presets[name].values()))


def _suite_cases():
    """(case name, thunk building the program) for every recorded case, in a fixed order."""
    for b in list_benchmarks():
        largest = _largest(b.presets)
        for preset in (None, "small", largest):
            sizes = None if preset is None else b.sizes(preset)
            yield f"default/{b.name}/{preset or '-'}", (lambda b=b, s=sizes: default_lowering(b.program, s))
        yield f"default/{b.name}/-/max_dims=1", (lambda b=b: default_lowering(b.program, max_dims=1))
        for name in lowerings(b.name):
            yield f"lower/{b.name}/{name}/small", (lambda b=b, n=name: catalogued(b.name, n, "small").program)
    for f in sorted(USER_PROGRAMS.glob("*.lift")):
        ub = load_benchmark(f)
        for preset in (None, *ub.presets):
            sizes = None if preset is None else ub.sizes(preset)
            yield f"user/{f.stem}/{preset or '-'}", (lambda ub=ub, s=sizes: default_lowering(ub.program, s))


def record() -> dict[str, str]:
    return {name: build().key for name, build in _suite_cases()}


def test_default_lowered_programs_keep_their_recorded_keys():
    recorded = json.loads(RECORD.read_text())
    now = record()
    assert set(now) == set(recorded), "the recorded cases changed: regenerate with --write"
    changed = [name for name in recorded if now[name] != recorded[name]]
    assert not changed, f"{len(changed)} default-lowered program(s) changed: {', '.join(changed[:8])}"


@pytest.mark.parametrize("case", ["default/asum/small", "default/mm/-", "lower/mm/tiled/small"])
def test_a_different_program_has_a_different_key(case):
    """The record discriminates: another case's key differs from this one's."""
    recorded = json.loads(RECORD.read_text())
    assert recorded[case] not in {k for name, k in recorded.items() if name.split("/")[1] != case.split("/")[1]}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Record the keys of the default-lowered programs the test compares.")
    ap.add_argument("--write", action="store_true", help=f"write {RECORD}")
    if ap.parse_args().write:
        RECORD.write_text(json.dumps(record(), indent=1) + "\n")
        print(f"wrote {RECORD}")
