"""The LIFT-style compiler: IR, type checker, interpreter, rewriting, constraints, codegen, runtime."""

__version__ = "0.1.0"
