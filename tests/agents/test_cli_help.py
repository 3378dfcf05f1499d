"""`lift-gym --help`, a bare `lift-gym` and every subcommand's `--help`: exit 0, no traceback, and the top-level
help starts without the heavy libraries (scikit-learn, torch, SB3, pyopencl)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from agents import cli
from agents.subcommand import CATALOG, Command

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("sklearn", "torch", "stable_baselines3", "sb3_contrib", "pyopencl", "scipy")


def _lift_gym(*args: str, importtime: bool = False) -> subprocess.CompletedProcess:
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run([sys.executable, *flags, "-m", "agents", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("args", [["--help"], []], ids=["help", "bare"])
def test_top_level_help_exits_zero_and_lists_every_command(args):
    r = _lift_gym(*args)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    for name in CATALOG:
        assert name in r.stdout
    assert "90% of the best" in " ".join(r.stdout.split())  # a literal % in a help line is printed as written


def test_top_level_help_imports_no_heavy_library():
    r = _lift_gym("--help", importtime=True)
    assert r.returncode == 0, r.stderr
    imported = {line.split("|")[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
    heavy = sorted(m for m in imported if m.split(".")[0] in HEAVY)
    assert not heavy, f"lift-gym --help imports {heavy[:5]}"


def test_building_the_top_level_parser_imports_no_command_module():
    code = ("import sys; from agents import cli; cli.build_parser(configure_all=False); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'sklearn', 'torch', 'stable_baselines3', "
            "'pyopencl', 'scipy'} or m in {'agents.commands', 'agents.search', 'compiler.suite'}))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


@pytest.mark.parametrize("name", list(CATALOG))
def test_every_subcommand_help_exits_zero(name, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main([name, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: lift-gym {name}")
    assert CATALOG[name][1].split()[0] in out  # the description is the catalogue's help line


@pytest.mark.parametrize("name", list(CATALOG))
def test_every_listed_command_is_defined_by_its_module(name):
    cmd = cli.COMMANDS[name]
    loaded = cmd.load()
    assert isinstance(loaded, Command) and loaded.name == name and loaded.help == CATALOG[name][1]
