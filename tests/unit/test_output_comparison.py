"""The one comparison of an output with its reference: non-finite references compared exactly, NaN accepted only
where the reference is NaN and then counted, unwritten (poisoned) elements always wrong, and an absolute tolerance
that shrinks with the reference's magnitude."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.errors import CorrectnessError
from compiler.runtime import compare, measure
from compiler.runtime.compare import compare_arrays, compare_output
from compiler.runtime.gold import Gold
from compiler.runtime.plan import poison_bits, poison_value

RTOL, ATOL = 1e-4, 1e-5
F32 = np.dtype(np.float32)


def _ok(got, want, **kw) -> bool:
    return compare_arrays("y", np.asarray(got, np.float32), np.asarray(want, np.float32), RTOL, ATOL, **kw).ok


@pytest.mark.parametrize("got", [
    [1.0, 2.0, 3.0],  # a finite value for +inf
    [-np.inf, 2.0, 3.0],  # the other infinity
    [0.0, 0.0, 0.0],  # all zeros
    [np.nan, 2.0, 3.0],
])
def test_a_positive_infinity_in_the_reference_accepts_only_positive_infinity(got):
    assert not _ok(got, [np.inf, 2.0, 3.0])
    assert _ok([np.inf, 2.0, 3.0], [np.inf, 2.0, 3.0])


def test_a_negative_infinity_in_the_reference_accepts_only_negative_infinity():
    assert not _ok([np.inf], [-np.inf]) and not _ok([-1e30], [-np.inf]) and _ok([-np.inf], [-np.inf])


def test_nan_is_accepted_only_where_the_reference_is_nan_and_is_counted():
    want = [np.nan, np.nan, 1.0]
    c = compare_arrays("y", np.array([np.nan, np.nan, 1.0], np.float32), np.array(want, np.float32), RTOL, ATOL)
    assert c.ok and c.nan_matched == 2 and "NaN where the reference is NaN" in c.message
    assert not _ok([np.nan, 0.0, 1.0], want)  # a number where the reference is NaN
    assert not _ok([np.nan, np.nan, np.nan], want)  # NaN where the reference is finite
    assert not _ok([np.nan] * 3, [1.0, 2.0, 3.0])


def test_an_unwritten_element_is_wrong_even_where_the_reference_is_nan():
    got = np.full(4, poison_value(F32), dtype=F32)  # what a kernel that writes nothing leaves
    want = np.full(4, np.nan, dtype=F32)
    c = compare_arrays("y", got, want, RTOL, ATOL, poison=poison_bits(F32))
    assert not c.ok and c.unwritten == 4 and "never written" in c.message
    computed = np.full(4, np.nan, dtype=F32)  # a NaN the kernel computed is another bit pattern
    assert compare_arrays("y", computed, want, RTOL, ATOL, poison=poison_bits(F32)).ok


def test_zeros_where_tiny_values_are_expected_fail():
    want = np.full(100, 1e-6, dtype=np.float32)
    assert not _ok(np.zeros(100), want)
    assert _ok(want * (1 + 5e-5), want)  # the relative tolerance still holds
    c = compare_arrays("y", want, want, RTOL, ATOL)
    assert c.atol == pytest.approx(ATOL * 1e-6)  # atol * min(1, largest |reference|)


def test_the_absolute_tolerance_is_unchanged_for_references_of_unit_magnitude_and_above():
    want = np.array([0.0, 5.0, 100.0], np.float32)
    assert _ok([5e-6, 5.0, 100.0], want) and not _ok([5e-5, 5.0, 100.0], want)


def test_an_all_zero_reference_needs_exact_zeros():
    assert _ok(np.zeros(3), np.zeros(3)) and not _ok([0.0, 1e-7, 0.0], np.zeros(3))


def test_the_summation_bound_still_widens_the_tolerance():
    want = np.array([1.0, 0.0], np.float32)
    got = np.array([1.001, 0.001], np.float32)
    assert not _ok(got, want)
    assert compare_arrays("y", got, Gold(want, np.array([0.01, 0.01])), RTOL, ATOL).ok
    bound_inf = Gold(np.array([np.inf], np.float32), np.array([1e30]))  # a bound never excuses a non-finite gold
    assert not compare_arrays("y", np.array([1.0], np.float32), bound_inf, RTOL, ATOL).ok


def test_compare_output_raises_with_the_first_bad_index():
    with pytest.raises(CorrectnessError, match="first bad index 1") as e:
        compare_output("y", np.array([np.inf, 1.0], np.float32), np.array([np.inf, np.inf], np.float32), RTOL, ATOL)
    assert e.value.first_bad_index == 1


def test_the_measurement_compares_through_the_same_function():
    assert measure.compare_output is compare.compare_output and measure.check_outputs is compare.check_outputs
