"""`lift-gym benchmarks` sizes its URI column to the longest URI: every family tag starts in one column, also
with a dataset of long program names."""

from __future__ import annotations

import re

from agents import cli


def test_uri_column_fits_the_longest_uri(tmp_path, capsys):
    folder = tmp_path / "long-dataset"
    folder.mkdir()
    (folder / "a_program_with_a_rather_long_name_indeed.lift").write_text(
        "def negate(x: [float]N) = map(x => neg(x)) << x\n# preset default: N=64\n")
    assert cli.main(["benchmarks", "--dataset", str(folder)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("benchmark://")]
    assert any("a_program_with_a_rather_long_name_indeed" in line for line in rows)
    starts = {re.search(r" \[[a-z0-9-]+\] ", line).start() for line in rows}
    assert len(starts) == 1, sorted(starts)
    assert min(starts) == max(len(line.split()[0]) for line in rows)
