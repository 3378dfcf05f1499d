"""Rewrite points (thesis Ch6): typed, parametric macro-rewrites placed by the user (see docs/rewrite_points.md).

    from compiler.rewrite.points import KINDS, parameters, apply_rewrite_points, strip_rewrite_points
"""

from . import kinds as _kinds  # noqa: F401  (registers the eleven)
from .core import (
    KINDS,
    Kind,
    NoMatch,
    RPParam,
    RPResult,
    apply_rewrite_points,
    at_label,
    parameters,
    rewrite_point_labels,
    strip_rewrite_points,
)

__all__ = ["KINDS", "Kind", "NoMatch", "RPParam", "RPResult", "apply_rewrite_points", "at_label", "parameters",
           "rewrite_point_labels", "strip_rewrite_points"]
