"""A measurement store the CLI cannot use is one error line and exit status 2, never a traceback."""

from __future__ import annotations

import pytest

from agents import cli

SCAL = "benchmark://lift/scal/small"


def _not_a_database(tmp_path):
    path = tmp_path / "m.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    return path, ("not a database", "move it aside")


def _a_directory(tmp_path):
    return tmp_path, ("is a directory", "measurements.sqlite")


@pytest.mark.parametrize("make", [_not_a_database, _a_directory], ids=["not-a-database", "a-directory"])
def test_a_store_the_cli_cannot_use_is_one_line_exit_2(tmp_path, capsys, make):
    store, fragments = make(tmp_path)
    rc = cli.main(["search", SCAL, "--strategy", "random", "--budget", "1", "--reward", "replay",
                   "--store", str(store)])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and len(err.splitlines()) == 1 and err.startswith("lift-gym: error: measurement store"), err
    assert str(store) in err and all(f in err for f in fragments), err
