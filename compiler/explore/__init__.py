"""Lift's three-stage exploration (HighLevelRewrite, MemoryMappingRewrite, ParameterRewrite) over the rewrite
system, the code generator and the runtime. See docs/explore.md.

    from compiler.explore import explore, ExploreConfig
    report = explore("benchmark://lift/mm/small", ExploreConfig(max_programs=30, depth=2, samples=2))
    print(report.text())
"""

from .driver import Candidate, ExploreConfig, ExploreReport, Failure, explore, explore_benchmark, lowered_variants
from .highlevel import HighLevel, canonical_params, high_level_programs, tuning_params
from .lowering import is_fully_lowered, mappings, output_producer, refinements, write_output_to_global
from .parameters import Sampler, divisor_points

__all__ = ["Candidate", "ExploreConfig", "ExploreReport", "Failure", "HighLevel", "Sampler", "canonical_params",
           "divisor_points", "explore", "explore_benchmark", "high_level_programs", "is_fully_lowered",
           "lowered_variants", "mappings", "output_producer", "refinements", "tuning_params",
           "write_output_to_global"]
