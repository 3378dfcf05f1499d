"""The README's and docs/*.md's fenced Python examples run as written (each in a fresh interpreter, in an empty
folder that sees the repository's tests/ and configs/). A block fenced ```python sketch is an API outline, not a
program (placeholders such as `program` or `rule`), and is not run; the bash blocks are command-line outlines."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.S | re.M)
SLOW = {("docs/env.md", 3), ("docs/explore.md", 1)}  # (file, n-th python block): examples of minutes


def python_blocks(path: Path) -> list[tuple[int, str, str]]:
    """(n, info string, code) of every ```python block of a markdown file, numbered from 1."""
    out, n = [], 0
    for m in FENCE.finditer(path.read_text(encoding="utf-8")):
        info = m.group(1).strip()
        if info.split()[:1] == ["python"]:
            n += 1
            out.append((n, info, m.group(2)))
    return out


def _cases():
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for f in files:
        for n, info, code in python_blocks(f):
            if "sketch" in info.split()[1:]:
                continue
            name = str(f.relative_to(ROOT))
            marks = [pytest.mark.slow] if (name, n) in SLOW else []
            yield pytest.param(name, code, id=f"{name}-{n}", marks=marks)


def test_the_markdown_has_runnable_examples():
    names = {p.values[0] for p in _cases()}
    assert {"README.md", "docs/env.md"} <= names


@pytest.mark.parametrize(("name", "code"), list(_cases()))
def test_example_runs_as_written(name, code, tmp_path):
    for folder in ("tests", "configs"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "LIFT_GYM_STORE": str(tmp_path / "store.sqlite")}
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, f"{name}: the example fails:\n{r.stderr[-3000:]}"
