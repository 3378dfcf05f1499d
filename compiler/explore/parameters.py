"""Stage 3 of the exploration (Lift's ParameterRewrite): bind a lowered program's tuning parameters.

The parameter space of a program at the benchmark's sizes comes from the constraint package
(`compiler.constraints.infer.infer`: algorithmic constraints such as `p0 | 16`, and the device's limits on
work-group sizes and memory), with every parameter at least 2 (Lift: divisors d of the length with 2 <= d).
`sample_params` draws up to `n` distinct valid points uniformly (`Space.sample`); a program without parameters
has the single empty point.

When the constraint package is not importable, or fails on a program (an error other than ConstraintError, which
means "no valid point"; constant lengths such as a vectoriseZip's are decided by the solver since the fix of
finding 1 of docs/explore.md, so `lift-gym explore benchmark://lift/mm/small --max 60 --no-run` reports 0
fallbacks), `divisor_points` enumerates the points itself: every parameter ranges over the divisors
(>= 2) of the benchmark's sizes and of their products, and a point is kept when the program specialised to it
type-checks with positive integer lengths (the divisibility the solver would express). `Sampler.fallbacks`
counts those cases for the report.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import sympy

from .. import arith
from ..constraints.infer import infer
from ..errors import CompilerError, ConstraintError
from ..ir.node import Program
from ..ir.typecheck import typecheck
from ..rewrite import specialise
from ..types import map_lengths

MIN_PARAM = 2


def _upper(program: Program, sizes: Mapping[str, int]) -> int:
    """An upper bound for any split size or stride: the largest number of elements of an input (or the product
    of the sizes). The constraints (m <= n) narrow it further."""
    best = math.prod(max(1, int(v)) for v in sizes.values())
    for q in program.params:
        if q.type is not None:
            best = max(best, math.prod(_lengths(q.type, sizes)))
    return max(MIN_PARAM, best)


def _lengths(t, sizes: Mapping[str, int]) -> list[int]:
    out: list[int] = []
    map_lengths(t, lambda n: out.append(_value(n, sizes)) or n)
    return out


def _value(n, sizes: Mapping[str, int]) -> int:
    try:
        return max(1, int(arith.evaluate(n, dict(sizes))))
    except (KeyError, ValueError, TypeError):
        return 1


def parameter_space(program: Program, sizes: Mapping[str, int], params: Sequence[str], device=None):
    """The constraint package's Space over `params` for `program` at `sizes` (ConstraintError when empty)."""
    hi = _upper(program, sizes)
    tp = infer(program, dict(sizes), device, ranges={p: (MIN_PARAM, hi) for p in params})
    return tp.space()


@dataclass
class Sampler:
    """Parameter points for lowered programs; remembers how often the divisor fallback was used and why."""

    device: object = None  # compiler.constraints.DeviceLimits or None (algorithmic constraints only)
    fallbacks: int = 0
    fallback_errors: dict[str, int] = field(default_factory=dict)

    def _fallback(self, err: Exception) -> None:
        self.fallbacks += 1
        head = f"{type(err).__name__}: {str(err)[:100]}"
        self.fallback_errors[head] = self.fallback_errors.get(head, 0) + 1

    def has_valid(self, program: Program, sizes: Mapping[str, int], params: Sequence[str]) -> bool:
        if not params:
            return True
        try:
            return parameter_space(program, sizes, params, None).count() > 0
        except ConstraintError:
            return False
        except Exception as err:  # a solver failure: decide by enumeration
            self._fallback(err)
        return bool(divisor_points(program, sizes, params, limit=1))

    def sample(self, program: Program, sizes: Mapping[str, int], params: Sequence[str], n: int,
               rng: random.Random) -> list[dict[str, int]]:
        """Up to `n` distinct valid assignments of `params` (all of them when there are at most `n`)."""
        if not params:
            return [{}]
        try:
            space = parameter_space(program, sizes, params, self.device)
            count = int(space.count())
            if count == 0:
                return []
            pts = space.sample(np.random.default_rng(rng.randrange(2**32)), min(n, count), replace=False)
            return [{k: int(v) for k, v in pt.items()} for pt in pts]
        except ConstraintError:
            return []
        except Exception as err:  # a solver failure: enumerate instead
            self._fallback(err)
        pts = divisor_points(program, sizes, params)
        return pts if len(pts) <= n else rng.sample(pts, n)


def divisor_points(program: Program, sizes: Mapping[str, int], params: Sequence[str],
                   limit: int = 4096) -> list[dict[str, int]]:
    """Assignments of `params` to divisors (>= 2) of the sizes and their products that type-check (fallback)."""
    cands: set[int] = set()
    vals = [int(v) for v in sizes.values()]
    for r in range(1, len(vals) + 1):
        for combo in itertools.combinations(vals, r):
            m = math.prod(combo)
            cands.update(d for d in range(MIN_PARAM, m + 1) if m % d == 0)
    domain = sorted(cands)
    out = []
    for combo in itertools.product(domain, repeat=len(params)):
        env = {**sizes, **dict(zip(params, combo))}
        if _typechecks(program, env):
            out.append(dict(zip(params, combo)))
            if len(out) >= limit:
                break
    return out


def _typechecks(program: Program, env: Mapping[str, int]) -> bool:
    try:
        typing = typecheck(specialise(program, dict(env)))
    except (CompilerError, ValueError, ZeroDivisionError, TypeError):
        return False
    ok = True

    def check(n):
        nonlocal ok
        if not isinstance(n, sympy.Integer) or int(n) <= 0:
            ok = False
        return n

    for t in typing.of.values():
        map_lengths(t, check)
    return ok
