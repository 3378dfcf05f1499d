"""Small statistics over timing samples (pure Python, no NumPy needed)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def _require(xs: Sequence[float], what: str) -> None:
    if not xs:
        raise ValueError(f"{what} of an empty sample list")


def quantile(xs: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile (NumPy's default method) of a non-empty sequence."""
    _require(xs, "quantile")
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"quantile q={q} is outside [0, 1]")
    s = sorted(xs)
    pos = q * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def median(xs: Sequence[float]) -> float:
    return quantile(xs, 0.5)


def iqr(xs: Sequence[float]) -> float:
    """Inter-quartile range (75th minus 25th percentile)."""
    return quantile(xs, 0.75) - quantile(xs, 0.25)


def rel_iqr(xs: Sequence[float]) -> float:
    """IQR / median; infinity when the median is not positive."""
    med = median(xs)
    return iqr(xs) / med if med > 0 else math.inf


def rel_spread(xs: Sequence[float]) -> float:
    """(max - min) / median of repeated estimates of one quantity: the noise floor."""
    med = median(xs)
    return (max(xs) - min(xs)) / med if med > 0 else math.inf


def clamp_int(x: float, lo: int, hi: int) -> int:
    return max(lo, min(hi, int(math.ceil(x)) if math.isfinite(x) else hi))
