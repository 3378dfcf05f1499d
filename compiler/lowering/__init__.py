"""Lowered (OpenCL-mapped) versions of the suite's programs: a generic default lowering and named, tunable
lowerings per benchmark (see docs/lowering.md).

    default_lowering(program, sizes=None) -> Program
    lowerings("mm") -> {"default": Lowering, "tiled": Lowering};  lowerings("conv")["conv42"](sizes) -> Lowered
    decisions.build(uri, chooser)  -> the one route to a kernel (presets: named lowerings and the reward baseline)
"""

from __future__ import annotations

from ..codegen import KernelProgram
from ..constraints import GENERIC_GPU, DeviceLimits
from ..constraints.device import AUTO, PROFILE_NAMES, PROFILES, device_profile
from ..ir.sizes import substitute_sizes
from . import decisions, point_stages, stages
from .analysis import IRFacts, ir_facts
from .catalog import PINNED_WHEN_OFF, lowerings
from .default import default_lowering, default_params, is_lowered
from .lowered import KernelLaunch, Lowered, Lowering, TuningParam
from .util import LoweringError

__all__ = [
           "AUTO",
           "GENERIC_GPU",
           "PINNED_WHEN_OFF",
           "PROFILES",
           "PROFILE_NAMES",
           "DeviceLimits",
           "IRFacts",
           "KernelLaunch",
           "KernelProgram",
           "Lowered",
           "Lowering",
           "LoweringError",
           "TuningParam",
           "decisions",
           "default_lowering",
           "default_params",
           "device_profile",
           "ir_facts",
           "is_lowered",
           "lowerings",
           "point_stages",
           "stages",
           "substitute_sizes",
]
