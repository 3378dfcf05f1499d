"""The LIFT IR: one primitive table, frozen nodes, DSL, printer/parser, type checker, interpreter."""
