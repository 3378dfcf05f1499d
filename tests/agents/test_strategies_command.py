"""`lift-gym strategies`: the catalogue of strategies, which apply to a program and why the others do not, and
docs/strategies.md naming every strategy of the catalogue."""

from __future__ import annotations

import json
from pathlib import Path

from agents import cli
from compiler.lowering.catalog import STRATEGIES
from tests.user_programs import FOLDER

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def test_strategies_lists_every_strategy_with_its_shape_and_source(capsys):
    rc, out, _ = run(capsys, "strategies", "--json")
    assert rc == 0
    rows = json.loads(out)
    assert [r["strategy"] for r in rows] == [s.name for s in STRATEGIES]
    assert all(r["shape"] and r["follows"] and r["lowerings"] for r in rows)


def test_strategies_of_a_user_matrix_product_apply_with_points_and_others_say_why_not(capsys):
    rc, out, _ = run(capsys, "strategies", str(FOLDER / "matmul.lift"), "--sizes", "r=64,c=32,d=128", "--json")
    assert rc == 0
    rows = {(r["strategy"], r["lowering"]): r for r in json.loads(out)["strategies"]}
    assert rows[("matrix product", "tiled")]["applies"] and rows[("matrix product", "tiled")]["points"] > 1
    others = [r for k, r in rows.items() if k != ("matrix product", "tiled")]
    assert others and all(not r["applies"] and r["why"] for r in others)


def test_strategy_whose_derivation_finds_no_site_names_the_step(capsys, tmp_path):
    rowsums = tmp_path / "rowsums.lift"  # the matrix-vector shape, but each row summed: no dot product
    rowsums.write_text("def rowsums(A: [[float]cols]rows) =\n"
                       "  join o map(row => reduce(value(0, float), add) << row) << A\n")
    rc, out, _ = run(capsys, "strategies", str(rowsums), "--sizes", "rows=8,cols=32", "--json")
    assert rc == 0
    (row,) = [r for r in json.loads(out)["strategies"] if r["strategy"] == "matrix-vector product"]
    assert not row["applies"] and "applies at no site" in row["why"]


def test_strategies_with_an_unknown_profile_is_one_line_error(capsys):
    rc, _, err = run(capsys, "strategies", "benchmark://lift/mm/small", "--profile", "tpu")
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "tpu" in err


def test_strategies_document_names_every_strategy():
    text = (ROOT / "docs" / "strategies.md").read_text()
    for s in STRATEGIES:
        assert f"| {s.name} |" in text, s.name
