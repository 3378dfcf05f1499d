"""Type terms of the IR (thesis §2.3.1.1): scalars, vectors <T>n, tuples (T, U) and arrays [T]n.

Array and vector lengths are sympy expressions over size variables and tuning parameters. Types are frozen and
hashable; `same_type` compares lengths symbolically, `==` compares them structurally.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import sympy

from . import arith


class Type:
    """Base of all type terms."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class ScalarType(Type):
    name: str  # float | double | int | bool

    def __str__(self) -> str:
        return self.name


FLOAT = ScalarType("float")
DOUBLE = ScalarType("double")
INT = ScalarType("int")
BOOL = ScalarType("bool")
SCALARS = {t.name: t for t in (FLOAT, DOUBLE, INT, BOOL)}
NUMPY_DTYPE = {"float": np.float32, "double": np.float64, "int": np.int32, "bool": np.bool_}


@dataclass(frozen=True, slots=True)
class VectorType(Type):
    elem: ScalarType
    n: sympy.Expr

    def __str__(self) -> str:
        return f"<{self.elem}>{arith.show(self.n)}"


@dataclass(frozen=True, slots=True)
class TupleType(Type):
    elems: tuple[Type, ...]

    def __str__(self) -> str:
        return "(" + ", ".join(map(str, self.elems)) + ")"


@dataclass(frozen=True, slots=True)
class ArrayType(Type):
    elem: Type
    n: sympy.Expr

    def __str__(self) -> str:
        return f"[{self.elem}]{arith.show(self.n)}"


def array(elem: Type, *lengths: int | str | sympy.Expr) -> Type:
    """array(float, N, M) is [[float]M]N: the first length is the outermost."""
    t = elem
    for n in reversed(lengths):
        t = ArrayType(t, arith.size(n))
    return t


def vector(elem: ScalarType, n: int | str | sympy.Expr) -> VectorType:
    return VectorType(elem, arith.size(n))


def same_type(a: Type, b: Type) -> bool:
    """Structural equality with lengths compared symbolically."""
    if isinstance(a, ArrayType) and isinstance(b, ArrayType):
        return arith.equal(a.n, b.n) and same_type(a.elem, b.elem)
    if isinstance(a, VectorType) and isinstance(b, VectorType):
        return a.elem == b.elem and arith.equal(a.n, b.n)
    if isinstance(a, TupleType) and isinstance(b, TupleType):
        return len(a.elems) == len(b.elems) and all(map(same_type, a.elems, b.elems))
    return a == b


def base_type(t: Type) -> Type:
    """The type of the innermost array elements."""
    while isinstance(t, ArrayType):
        t = t.elem
    return t


def array_lengths(t: Type) -> list[sympy.Expr]:
    out = []
    while isinstance(t, ArrayType):
        out.append(t.n)
        t = t.elem
    return out


def rank(t: Type) -> int:
    return len(array_lengths(t))


def scalar_of(t: Type) -> ScalarType | None:
    """The scalar element of a scalar or vector type, None for tuples and arrays."""
    if isinstance(t, ScalarType):
        return t
    if isinstance(t, VectorType):
        return t.elem
    return None


def map_lengths(t: Type, f) -> Type:
    """Apply f to every length in t (used to substitute sizes)."""
    if isinstance(t, ArrayType):
        return ArrayType(map_lengths(t.elem, f), f(t.n))
    if isinstance(t, VectorType):
        return VectorType(t.elem, f(t.n))
    if isinstance(t, TupleType):
        return TupleType(tuple(map_lengths(e, f) for e in t.elems))
    return t


def size_names(t: Type) -> frozenset[str]:
    names: set[str] = set()
    map_lengths(t, lambda n: names.update(arith.free_names(n)) or n)
    return frozenset(names)


def concrete_shape(t: Type, env) -> tuple[int, ...]:
    """NumPy shape of a value of type t whose element is scalar or vector (vector lanes last)."""
    dims = [arith.evaluate(n, env) for n in array_lengths(t)]
    b = base_type(t)
    if isinstance(b, VectorType):
        dims.append(arith.evaluate(b.n, env))
    elif not isinstance(b, ScalarType):
        raise TypeError(f"no flat numpy shape for a value of type {t}")
    return tuple(dims)


@dataclass(frozen=True, slots=True)
class TypeVar(Type):
    """A type variable of a polymorphic user function's signature (e.g. `id : T => T`)."""

    name: str

    def __str__(self) -> str:
        return self.name
