"""An episode record may name its program as a file beside it (`prog.lift?N=64`), so that the record and its
program travel together (docs/benchmarks/user_programs_h200/ holds such records); a relative path that leaves
the record's folder is refused like any other outside file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from agents.commands import final_state
from agents.untrusted import UntrustedFile, read_record
from tests.records import replays_to_recorded_kernel
from tests.user_programs import FOLDER

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "docs" / "benchmarks" / "user_programs_h200"


def test_a_record_naming_a_program_beside_it_replays_to_its_kernel():
    rec = read_record(RECORDS / "defaults" / "best_matmul-4096x4096x1024.json")
    assert rec.benchmark.startswith((RECORDS / "defaults").resolve().as_uri())
    assert replays_to_recorded_kernel(final_state(rec), rec)  # made before kernels left out self copies


def test_a_relative_program_path_leaving_the_records_folder_is_refused(tmp_path):
    (tmp_path / "runs").mkdir()
    shutil.copy(FOLDER / "scale.lift", tmp_path / "scale.lift")
    d = json.loads((RECORDS / "defaults" / "best_matmul-4096x4096x1024.json").read_text())
    d["benchmark"] = "../scale.lift?len=64"
    record = tmp_path / "runs" / "rec.json"
    record.write_text(json.dumps(d))
    with pytest.raises(UntrustedFile, match="outside the record's folder"):
        read_record(record)
