"""Named lowerings as decisions of the stages: the catalogue's lowering, the preset's decisions through the stages,
and an episode taking those decisions build the same OpenCL."""

from __future__ import annotations

import pytest

from compiler.lowering.catalog import lowerings
from compiler.lowering.presets import default_preset
from compiler.suite import get, list_benchmarks
from lift_gym.presets import preset_episode

PLAIN = [b.name for b in list_benchmarks() if not b.name.endswith("-rp")]
# the 2-D stencils' "default" computes several rows per work item (rowsPerItem): no rule derives it yet
NOT_YET = {"stencil2d", "srad1", "srad2", "hotspot2d", "gradient", "jacobi2d-5pt", "jacobi2d-9pt", "gaussian"}


def test_the_default_lowering_is_a_preset_for_every_plain_benchmark_but_the_2d_stencils():
    assert {n for n in PLAIN if default_preset(get(n), get(n).sizes("small")) is None} == NOT_YET


@pytest.mark.parametrize("name", sorted(set(PLAIN) - NOT_YET))
def test_default_preset_and_its_episode_build_the_default_kernel(name):
    bench = get(name)
    sizes = bench.sizes("small")
    preset = default_preset(bench, sizes)
    expected = lowerings(name)["default"](sizes).compile()
    assert preset.kernel(bench, sizes).key == expected.key
    episode = preset_episode(f"benchmark://lift/{name}/small", preset)
    assert [k.source for k in episode.kernel.kernels] == [k.source for k in expected.kernels]
    if preset.local_size is not None:  # otherwise the default leaves the launch to the runtime
        assert episode.kernel.key == expected.key
