"""The shape of the house: no import cycles among the packages' modules, and the numbers the docs quote are the
code's (the layer contracts themselves are `lint-imports`, configured in pyproject.toml and run by `.ci/run`)."""

from __future__ import annotations

import re
from pathlib import Path

import grimp
import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from compiler.lowering import stages
from compiler.rewrite import RULES
from lift_gym import transition

DOCS = Path(__file__).resolve().parents[2] / "docs"


def import_cycles(*packages: str) -> list[list[str]]:
    """The strongly connected components of more than one module in the graph of direct imports."""
    graph = grimp.build_graph(*packages, exclude_type_checking_imports=True)
    modules = sorted(graph.modules)
    index = {m: i for i, m in enumerate(modules)}
    edges = [(index[m], index[t]) for m in modules for t in graph.find_modules_directly_imported_by(m)]
    rows, cols = zip(*edges, strict=True) if edges else ((), ())
    adjacency = csr_matrix((np.ones(len(edges)), (rows, cols)), shape=(len(modules),) * 2)
    n, labels = connected_components(adjacency, directed=True, connection="strong")
    groups = [[modules[i] for i in np.flatnonzero(labels == c)] for c in range(n)]
    return [g for g in groups if len(g) > 1]


def test_no_module_imports_itself_through_others():
    assert import_cycles("compiler", "lift_gym", "agents") == []


def test_the_cycle_finder_sees_a_cycle(tmp_path, monkeypatch):
    pkg = tmp_path / "cyclic"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("from . import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("cyclic") == [["cyclic.a", "cyclic.b"]]


def test_env_doc_quotes_the_rule_and_action_counts():
    text = (DOCS / "env.md").read_text()
    rules = len(stages.env_rules())
    layout = transition.ActionLayout(rules)
    assert f"{rules} rules" in text
    m = re.search(r"n = (\d+)·(\d+) \+ 1 \+ (\d+) \+ (\d+) \+ (\d+) = (\d+)", text)
    assert m is not None, "docs/env.md no longer states the action count"
    assert tuple(int(g) for g in m.groups()) == (rules, layout.max_nodes, len(stages.MAP_CODES), layout.n_slots,
                                                  layout.n_templates, layout.n)


def test_rewrite_doc_quotes_the_catalogue_size():
    assert f"; {len(RULES)} rules)" in (DOCS / "rewrite.md").read_text()
