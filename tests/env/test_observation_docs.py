"""docs/env.md's observation table states the shapes of the default observation space (max_nodes 256, n_slots 32)
and the widths of the node features' groups; this reads them from the document and compares them with the code."""

from __future__ import annotations

import re
from pathlib import Path

from lift_gym import encode
from lift_gym.transition import Config

DOC = Path(__file__).parents[2] / "docs" / "env.md"


def _table_shapes() -> dict[str, tuple[int, ...]]:
    rows = re.findall(r"^\| `(\w+)` \| \(([\d, ]+)\) \|", DOC.read_text(), flags=re.M)
    return {key: tuple(int(x) for x in shape.split(",") if x.strip()) for key, shape in rows}


def test_documented_observation_shapes_are_the_spaces():
    space = encode.observation_space(256, 32)
    stated = _table_shapes()
    assert set(stated) == set(space.spaces), "docs/env.md's observation table lists other keys than the space"
    assert {k: space[k].shape for k in stated} == stated


def test_documented_node_feature_groups_add_up_to_the_width():
    row = next(line for line in DOC.read_text().splitlines() if line.startswith("| `nodes` |"))
    groups = {name: int(n) for name, n in re.findall(
        r"(kind|primitive one-hot|user function one-hot|mapping code one-hot) \((\d+)", row)}
    assert groups == {"kind": len(encode.KINDS), "primitive one-hot": len(encode.OPS),
                      "user function one-hot": len(encode.USERFUNS) + 1,
                      "mapping code one-hot": len(encode.MAP_CODES)}


def test_documented_action_count_is_the_layout():
    stated = re.search(r"n = [^=]*= (\d+)\)", DOC.read_text())
    assert stated is not None and int(stated.group(1)) == Config().layout.n


def test_node_width_stated_in_the_agents_guide_is_the_encoding():
    text = (DOC.parent / "agents.md").read_text()
    widths = re.findall(r"\(max_nodes × (\d+)", text)
    assert widths and {int(w) for w in widths} == {encode.NODE_FEATURES}
