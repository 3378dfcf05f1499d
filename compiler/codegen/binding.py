"""What a lambda parameter or primitive argument is bound to during lowering, and small shared helpers."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CodegenError
from ..ir.node import Expr, Node
from ..ir.ops import Op
from ..ir.printer import show
from ..types import ArrayType, Type
from .views import View

Path = tuple[int, ...]
KIND = {Op.MAP_GLB: "glb", Op.MAP_WRG: "wrg", Op.MAP_LCL: "lcl", Op.MAP_SEQ: "seq", Op.MAP_SEQ_UNROLL: "seq",
        Op.MAP: "seq"}


@dataclass
class Deferred:
    """A computing argument, evaluated where it is used (in kernel or host mode)."""

    e: Expr
    path: Path
    env: dict
    host: bool = False


@dataclass
class Sink:
    """Captures the write target a layout function's parameter (of type t) gets (to invert layout functions)."""

    t: Type
    dest: View | None = None


Bound = View | Deferred | Sink
VIEWED = object()  # an argument already in memory, for the source analysis


def err(msg: str, node: Node | None) -> CodegenError:
    return CodegenError(f"{msg} in {show(node, limit=200)}" if node is not None else msg)


def elem(t: Type) -> Type:
    if not isinstance(t, ArrayType):
        raise CodegenError(f"expected an array type, got {t}")
    return t.elem
