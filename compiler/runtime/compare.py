"""The one comparison of an output with its reference (docs/measurement-correctness.md).

`compare_arrays` settles, element by element:

- a non-finite reference exactly: +inf matches only +inf, -inf only -inf, NaN only NaN (an accepted NaN is
  counted in `Comparison.nan_matched`, so a result that is NaN where the reference is NaN is flagged, never
  silently "correct"); a NaN or an infinity where the reference is finite is wrong;
- an element still holding the runtime's poison bit pattern (`plan.poison_bits`) is unwritten, and wrong even
  where the reference is NaN;
- a finite reference within `max(rtol * |ref|, atol * min(1, scale), bound)`, where `scale` is the largest
  finite |ref| of the output: the absolute tolerance shrinks with the reference's magnitude, so zeros where
  1e-6-sized values are expected fail; `bound` is a `Gold`'s per-element error bound (the summation bound,
  which grows with the reduction length).

`compare_output` raises CorrectnessError for a failed comparison; `check_outputs` compares every output of a
program. The measurement (`measure.py`, the `run` command) and the interpreter-against-reference check
compare through this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from compiler.errors import CorrectnessError
from compiler.runtime.gold import Gold

CHUNK = 1 << 22
FAST_CHUNK = 1 << 16  # elements per slice of the all-close pass (its float64 buffers stay in cache)


@dataclass(frozen=True)
class Comparison:
    """The outcome of comparing one output with its reference."""

    name: str
    size: int
    n_bad: int = 0
    first_bad: int = -1
    got_first: object = None
    want_first: object = None
    max_abs: float = 0.0
    max_rel: float = 0.0
    nan_matched: int = 0  # elements NaN in both (accepted, flagged)
    unwritten: int = 0  # elements that still hold the poison pattern
    rtol: float = 0.0
    atol: float = 0.0  # the absolute tolerance used (atol * min(1, scale))
    bounded: bool = False

    @property
    def ok(self) -> bool:
        return self.n_bad == 0

    @property
    def message(self) -> str:
        if self.ok:
            return (f"output {self.name!r}: {self.nan_matched} of {self.size} elements are NaN where the reference "
                    "is NaN") if self.nan_matched else ""
        beyond = f"rtol {self.rtol:g}, atol {self.atol:g}" + (" and the error bound" if self.bounded else "")
        unwritten = f" ({self.unwritten} never written)" if self.unwritten else ""
        return (f"output {self.name!r}: {self.n_bad} of {self.size} elements differ beyond {beyond}{unwritten}; "
                f"first bad index {self.first_bad}: got {self.got_first!r}, expected {self.want_first!r}; "
                f"max abs error {self.max_abs:.4g}, max rel error {self.max_rel:.4g}")

    def raise_for_status(self) -> Comparison:
        if self.ok:
            return self
        err = CorrectnessError(self.message)
        err.output, err.first_bad_index, err.max_abs_err, err.max_rel_err = (
            self.name, self.first_bad, self.max_abs, self.max_rel)
        raise err


def _scale(want: np.ndarray, chunk: int) -> float:
    """The largest finite |reference| of an output (0 for none)."""
    s = 0.0
    if want.dtype.kind == "f":  # abs and max are exact in the array's own type: no float64 copy
        for i in range(0, want.size, FAST_CHUNK):
            w = np.abs(want[i:i + FAST_CHUNK])
            s = max(s, float(np.max(w, where=np.isfinite(w), initial=0.0)))
        return s
    for i in range(0, want.size, chunk):
        w = np.abs(want[i:i + chunk].astype(np.float64))
        w = w[np.isfinite(w)]
        if w.size:
            s = max(s, float(w.max()))
    return s


def absolute_tolerance(want: np.ndarray, atol: float, chunk: int = CHUNK) -> float:
    """The absolute tolerance of a comparison with the flat reference `want`: `atol * min(1, scale)`, scale its
    largest finite |element|."""
    return atol * min(1.0, _scale(want, chunk))


def _unwritten(got: np.ndarray, poison: int | None) -> np.ndarray | None:
    if poison is None or got.dtype.kind != "f":
        return None
    return got.view(np.dtype(f"u{got.dtype.itemsize}")) == poison


def _chunk(got: np.ndarray, want: np.ndarray, rtol: float, atol: float, bound: np.ndarray | None,
           poison: int | None):
    g, w = got.astype(np.float64), want.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        finite = np.isfinite(w)
        wnan = np.isnan(w)
        tol = np.maximum(rtol * np.abs(w), atol)
        if bound is not None:
            np.maximum(tol, bound, out=tol)
        diff = np.abs(g - w)
        ok = np.where(finite, diff <= tol, (g == w) | (wnan & np.isnan(g)))
        unw = _unwritten(got, poison)
        if unw is not None:
            ok &= ~unw
        same = (g == w) | (wnan & np.isnan(g))
        diff = np.nan_to_num(np.where(same, 0.0, diff), nan=np.inf)
        rel = np.nan_to_num(diff / np.maximum(np.abs(w), np.finfo(np.float64).tiny), nan=np.inf)
        rel = np.where(same, 0.0, rel)
    nan_matched = int(np.count_nonzero(wnan & np.isnan(g) & ok))
    return ok, diff, rel, nan_matched, 0 if unw is None else int(np.count_nonzero(unw))


def _all_close(got: np.ndarray, want: np.ndarray, rtol: float, atol: float, bound: np.ndarray | None) -> bool:
    """True when every element of the reference and of the result is finite and within tolerance: the common
    case, in one pass (a poison NaN is not finite). False says nothing: `_chunk` measures it. The float64 work
    runs in slices of FAST_CHUNK elements through three reused buffers, so it stays in cache (a 64M-element
    output: about 0.35 s instead of 2.5 s)."""
    n = min(FAST_CHUNK, got.size)
    g64, w64, tol = np.empty(n), np.empty(n), np.empty(n)
    with np.errstate(invalid="ignore", over="ignore"):
        for s in range(0, got.size, FAST_CHUNK):
            m = min(FAST_CHUNK, got.size - s)
            g, w, t = g64[:m], w64[:m], tol[:m]
            g[...], w[...] = got[s:s + m], want[s:s + m]
            np.abs(w, out=t)
            t *= rtol
            np.maximum(t, atol, out=t)
            if bound is not None:
                np.maximum(t, bound[s:s + m], out=t)
            np.subtract(g, w, out=g)
            np.abs(g, out=g)
            if not ((g <= t).all() and np.isfinite(w).all()):  # False for any NaN or inf in got or want
                return False
    return True


def compare_arrays(name: str, got: np.ndarray, want: np.ndarray | Gold, rtol: float, atol: float, *,
                   bound: np.ndarray | float | None = None, poison: int | None = None,
                   chunk: int = CHUNK) -> Comparison:
    """Compare `got` with `want` (a plain reference, or a Gold with its bound) by the rules of the module doc;
    `poison` is the bit pattern of an unwritten element (an unsigned integer of the element's size), if any."""
    if isinstance(want, Gold):
        want, bound = want.values, want.bound
    got, want = np.ravel(np.asarray(got)), np.ravel(np.asarray(want))
    if bound is not None:
        bound = np.ravel(np.broadcast_to(np.asarray(bound, dtype=np.float64), want.shape))
    if got.size != want.size:
        return Comparison(name, want.size, n_bad=max(got.size, want.size), first_bad=min(got.size, want.size),
                          got_first=f"{got.size} elements", want_first=f"{want.size} elements",
                          max_abs=float("inf"), max_rel=float("inf"), rtol=rtol, atol=atol,
                          bounded=bound is not None)
    atol_used = absolute_tolerance(want, atol, chunk)

    def part(s: int):
        return (got[s:s + chunk], want[s:s + chunk], rtol, atol_used, None if bound is None else bound[s:s + chunk])

    if all(_all_close(*part(s)) for s in range(0, got.size, chunk)):
        return Comparison(name, got.size, rtol=rtol, atol=atol_used, bounded=bound is not None)
    n_bad, first, max_abs, max_rel, nans, unwritten = 0, -1, 0.0, 0.0, 0, 0
    for s in range(0, got.size, chunk):
        ok, diff, rel, nan_matched, unw = _chunk(*part(s), poison)
        bad = np.flatnonzero(~ok)
        if bad.size and first < 0:
            first = s + int(bad[0])
        n_bad += int(bad.size)
        nans += nan_matched
        unwritten += unw
        max_abs, max_rel = max(max_abs, float(diff.max(initial=0.0))), max(max_rel, float(rel.max(initial=0.0)))
    return Comparison(name, got.size, n_bad=n_bad, first_bad=first,
                      got_first=got[first].item() if first >= 0 else None,
                      want_first=want[first].item() if first >= 0 else None,
                      max_abs=max_abs, max_rel=max_rel, nan_matched=nans, unwritten=unwritten,
                      rtol=rtol, atol=atol_used, bounded=bound is not None)


def compare_output(name: str, got: np.ndarray, want: np.ndarray | Gold, rtol: float, atol: float,
                   chunk: int = CHUNK, *, poison: int | None = None) -> Comparison:
    """`compare_arrays`, raising CorrectnessError (first bad index, max abs/rel error) when it fails."""
    got_size, want_size = np.size(got), np.size(want.values if isinstance(want, Gold) else want)
    if got_size != want_size:
        raise CorrectnessError(f"output {name!r} has {got_size} elements; gold has {want_size}")
    return compare_arrays(name, got, want, rtol, atol, poison=poison, chunk=chunk).raise_for_status()


def check_outputs(outputs: Mapping[str, np.ndarray], gold: Mapping[str, np.ndarray | Gold],
                  rtol: float = 1e-4, atol: float = 1e-5, *,
                  poison: Mapping[str, int] | None = None) -> list[Comparison]:
    """Every gold output compared (CorrectnessError at the first that fails); the comparisons, in order."""
    out = []
    for name, want in gold.items():
        if name not in outputs:
            raise CorrectnessError(f"output {name!r} was not read back")
        out.append(compare_output(name, outputs[name], want, rtol, atol,
                                  poison=None if poison is None else poison.get(name)))
    return out


__all__ = ["Comparison", "absolute_tolerance", "check_outputs", "compare_arrays", "compare_output"]
