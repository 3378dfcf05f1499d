"""Every best episode committed with the H200 tables (docs/benchmarks/targets_h200/ and user_programs_h200/)
replays, without a device, to the kernel it recorded: a table's best kernel can be rebuilt from its episode by
anyone, and a change of the compiler that would build another kernel from the same actions shows here. The program
hash is not compared: records made before a concrete program wrote its size literals as numbers (a mean's count)
hold another program hash for the same program and kernel (docs/env.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.commands import final_state
from agents.untrusted import read_record
from tests.records import reaches_recorded_kernel

BENCHMARKS = Path(__file__).resolve().parents[2] / "docs" / "benchmarks"
RECORDS = sorted([*(BENCHMARKS / "targets_h200").glob("best_*.json"),
                  *(BENCHMARKS / "user_programs_h200").rglob("best_*.json")])


def test_the_tables_commit_their_best_episodes():
    assert len(RECORDS) >= 19 + 10  # the targets table's 19 cases and the user programs' searches


@pytest.mark.slow
@pytest.mark.parametrize("path", RECORDS, ids=[str(p.relative_to(BENCHMARKS)) for p in RECORDS])
def test_a_committed_best_episode_replays_to_its_recorded_kernel(path):
    rec = read_record(path)
    assert reaches_recorded_kernel(final_state(rec), rec), f"{path.name}: the replay reaches another kernel"
