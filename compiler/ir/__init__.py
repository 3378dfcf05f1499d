"""The LIFT IR: one primitive table, frozen nodes, DSL, printer/parser, type checker, interpreter."""

# node.py holds the data; build.py installs the DSL operators on the nodes, printer.py str() and Program.key
from . import build, printer

__all__ = ["build", "printer"]
