"""One exception tree for the whole compiler. Every error names the sub-expression or parameter at fault."""

from __future__ import annotations


class CompilerError(Exception):
    """Root of every error the compiler raises on bad input."""


class ParseError(CompilerError):
    """Text that is not a program; the message gives line and column."""

    def __init__(self, msg: str, line: int = 0, col: int = 0, source: str = ""):
        self.line, self.col = line, col
        where = f" at line {line}, column {col}" if line else ""
        snippet = ""
        if source and line:
            text = source.splitlines()[line - 1] if line - 1 < len(source.splitlines()) else ""
            snippet = f"\n  {text}\n  {' ' * max(col - 1, 0)}^"
        super().__init__(f"parse error{where}: {msg}{snippet}")


class TypeCheckError(CompilerError):
    """A program that does not type-check: names the primitive, the sub-expression and the mismatch."""

    def __init__(self, prim: str, msg: str, expr: str = ""):
        self.prim, self.detail, self.expr = prim, msg, expr
        super().__init__(f"{prim}: {msg}" + (f" in {expr}" if expr else ""))


class UnknownBenchmark(CompilerError):
    """A benchmark URI that names no program of the suite, or a size it does not have."""


class InterpretError(CompilerError):
    """The reference interpreter cannot evaluate a program (unbound size, missing input, ...)."""


class UserFunError(CompilerError):
    """A user function whose C body or NumPy expression leaves its allowed language (compiler/ir/userexpr.py)."""


class RuleNotApplicable(CompilerError):
    """A rewrite rule asked to apply at a site where its pattern or guard fails."""


class RewritePointError(CompilerError):
    """A rewrite point whose rewrite breaks the type, or a bad parameter value: names the RP label and the
    sub-expression or parameter at fault."""

    def __init__(self, label: str, msg: str, expr: str = ""):
        self.label, self.detail, self.expr = label, msg, expr
        super().__init__(f"rewrite point {label}: {msg}" + (f" in {expr}" if expr else ""))


class ConstraintError(CompilerError):
    """Tuning parameters or mappings that violate a constraint, or a structure invalid for the sizes."""


class CodegenError(CompilerError):
    """A program the OpenCL code generator cannot lower (not fully lowered, unsupported nesting, ...)."""


class StoreError(CompilerError):
    """The measurement store cannot be opened, read or written (not a database, a schema of another version, a
    read-only or full disk, a directory): a one-line message naming the file and the fix."""


class RuntimeFailure(CompilerError):
    """Base of everything that goes wrong when building, running or checking a kernel on a device."""

    kind = "runtime"


class DeviceNotFound(RuntimeFailure):
    kind = "device"


class BuildError(RuntimeFailure):
    """The OpenCL compiler rejected a kernel; carries the build log."""

    kind = "compile"

    def __init__(self, msg: str, log: str = ""):
        self.log = log
        super().__init__(msg + (f"\n--- build log ---\n{log}" if log else ""))


class LaunchError(RuntimeFailure):
    kind = "launch"


class CorrectnessError(RuntimeFailure):
    kind = "correctness"


class KernelTimeout(RuntimeFailure):
    kind = "timeout"


class InvalidKernel(RuntimeFailure):
    """Launch geometry or resources the device cannot honour (work-group too large, local memory, ...)."""

    kind = "invalid"
