"""Lift's three-stage exploration (HighLevelRewrite, MemoryMappingRewrite, ParameterRewrite) as a chooser over the
compiler's one decision route (`compiler.lowering.decisions`): breadth first over its rewrite decisions, seeded
random completions of its mapping decisions, points of its tuning decisions; then every kernel checked on an OpenCL
device. See docs/explore.md.

    from compiler.explore import explore, ExploreConfig
    report = explore("benchmark://lift/mm/small", ExploreConfig(max_programs=30, depth=2, samples=2))
    print(report.text())
"""

from .driver import Candidate, ExploreConfig, ExploreReport, Failure, explore, explore_benchmark
from .highlevel import HighLevel, high_level_programs, named_programs
from .lowering import completions, lowered_key
from .parameters import enumerate_points, finish, points
from .walk import Walk, describe, phase, replay, replay_chooser

__all__ = ["Candidate", "ExploreConfig", "ExploreReport", "Failure", "HighLevel", "Walk", "completions", "describe",
           "enumerate_points", "explore", "explore_benchmark", "finish", "high_level_programs", "lowered_key",
           "named_programs", "phase", "points", "replay", "replay_chooser"]
