"""Named lowerings as episodes: the actions that make an episode take a preset's decisions.

    state = preset_episode(uri, named_preset(bench, "tiled", sizes))   # a finished episode; state.kernel
"""

from __future__ import annotations

from compiler.lowering import stages
from compiler.lowering.presets import Preset

from .transition import Config, Phase, State, initial, slot_values, step


def play_preset(state: State, preset: Preset) -> State:
    """`state` (an episode's start) advanced through the preset's decisions to the end of the episode. A work-group
    size the preset leaves to the runtime takes the smallest value offered."""
    layout = state.config.layout
    if preset.template:
        state = step(state, layout.template(preset.template))
        for _, value in preset.values:
            state = step(state, layout.tune_base + slot_values(state).index(value))
        return state
    position = {r.name: i for i, r in enumerate(stages.env_rules())}
    for name, site in preset.rewrites:
        state = step(state, layout.rewrite(position[name], site))
    if state.phase is Phase.REWRITE:
        state = step(state, layout.done)
    for code in preset.mapping:
        state = step(state, layout.map_base + stages.MAP_CODES.index(code))
    while state.phase is Phase.TUNING:
        offered = slot_values(state)
        d = len(state.values)
        value = preset.local_size[d] if preset.local_size is not None else offered[0]
        state = step(state, layout.tune_base + offered.index(value))
    return state


def preset_episode(uri: str, preset: Preset, config: Config | None = None) -> State:
    """The finished episode on `uri` that takes the preset's decisions."""
    return play_preset(initial(uri, 0, config), preset)


__all__ = ["play_preset", "preset_episode"]
