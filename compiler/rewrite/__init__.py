"""The rewrite system: rules as data (rule.py, rules_*.py, catalog.py), one driver (apply.py) that lists legal
sites with stable ids and applies a rule, and the normal form every rewritten program is kept in (normalise.py).
See docs/rewrite.md."""

from .apply import Site, all_legal, apply, index_program, iter_legal_sites, legal_sites, prepare, site_of, specialise
from .catalog import CATALOG_VERSION, RULES, rule_index
from .normalise import normalise
from .rule import EXPR, USERFUN_CALL, Ctx, Rule

__all__ = ["CATALOG_VERSION", "EXPR", "RULES", "USERFUN_CALL", "Ctx", "Rule", "Site", "all_legal", "apply",
           "index_program", "iter_legal_sites", "legal_sites", "normalise", "prepare", "rule_index", "site_of",
           "specialise"]
