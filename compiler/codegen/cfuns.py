"""User functions as OpenCL C functions (thesis §2.3.1.4), their vectorised variants, and static flop counts.

`vectorise(n, f)` emits `f_vn` with every scalar type widened to its n-vector (OpenCL's arithmetic and math
builtins are overloaded for vectors, so the body is reused as written). A user function whose body is
`return x;` (id) is not emitted: its call becomes a plain copy.
"""

from __future__ import annotations

import re

from ..ir.node import UserFun
from ..types import VectorType

_CALL_FLOPS = {"fmax": 1, "fmin": 1, "fabs": 1, "sqrt": 1, "exp": 1, "log": 1, "pow": 1, "mad": 2, "fma": 2,
               "native_exp": 1, "native_sqrt": 1, "rsqrt": 1, "native_rsqrt": 1}


def returns_argument(f: UserFun) -> bool:
    """The C body is `return x;` for its one parameter x (an identity user function, whatever its name)."""
    return len(f.params) == 1 and " ".join(f.c_body.split()) == f"return {f.params[0]};"


def flop_count(f: UserFun) -> int:
    """Arithmetic operations one call performs (binary + - * /, math builtins; dot of n lanes: 2n - 1)."""
    body = re.sub(r"//.*|/\*.*?\*/", "", f.c_body)
    ops = len(re.findall(r"(?<=[\w)\]])\s*[-+*/]\s*(?=[\w(.])", body))
    for name, k in _CALL_FLOPS.items():
        ops += k * len(re.findall(rf"\b{name}\s*\(", body))
    width = max((int(t.n) for t in f.in_types if isinstance(t, VectorType)), default=1)
    return ops + (2 * width - 1) * len(re.findall(r"\bdot\s*\(", body))


def render_function(name: str, f: UserFun, ctypes: tuple[str, ...], out: str) -> str:
    params = ", ".join(f"{t} {p}" for t, p in zip(ctypes, f.params))
    body = f.c_body.strip()
    if "\n" not in body and "//" not in body:  # a line comment would swallow the closing brace
        return f"{out} {name}({params}) {{ {body} }}"
    inner = "\n".join("  " + line.strip() for line in body.splitlines() if line.strip())
    return f"{out} {name}({params}) {{\n{inner}\n}}"
