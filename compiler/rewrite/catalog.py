"""The rule catalogue: one ordered tuple whose positions are the action ids of the environment.

Changing the order, adding or removing a rule, or changing a candidate set bumps CATALOG_VERSION.
"""

from __future__ import annotations

from .rule import Rule
from .rules_algorithmic import algorithmic_rules
from .rules_mapping import mapping_rules
from .rules_memory import memory_rules

CATALOG_VERSION = 1

RULES: tuple[Rule, ...] = (*algorithmic_rules(), *mapping_rules(), *memory_rules())

BY_NAME: dict[str, Rule] = {r.name: r for r in RULES}
assert len(BY_NAME) == len(RULES), "rule names must be unique"


def rule_index(name: str) -> int:
    """The action id of a rule by name."""
    for i, r in enumerate(RULES):
        if r.name == name:
            return i
    raise KeyError(f"no rule named {name!r}; known: {', '.join(BY_NAME)}")
