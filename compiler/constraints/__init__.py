"""Constraint solving: tuning-parameter inference (Ch4), parallel-mapping CSP (Ch5), one solver API, Pareto fronts.

See docs/constraints.md. Modules: `constraint` (the record), `device` (DeviceLimits), `infer`, `mapping`,
`solver` (Space), `pareto`, `cpsat` (optional OR-Tools backend), `examples` (programs used by tests and benchmarks).
"""

from .constraint import Constraint, Predicate, param
from .device import GENERIC_GPU, H100, H200, POCL_CPU, DeviceLimits
from .solver import Estimate, Space

__all__ = ["GENERIC_GPU", "H100", "H200", "POCL_CPU", "Constraint", "DeviceLimits", "Estimate", "Predicate", "Space",
           "param"]
