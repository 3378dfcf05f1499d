"""Named lowerings as episodes: the actions that make an episode take a preset's decisions.

    state = preset_episode(uri, named_preset(bench, "tiled", sizes))   # a finished episode; state.kernel
"""

from __future__ import annotations

from compiler.lowering import decisions
from compiler.lowering.presets import Preset

from .transition import Config, State, action_of, initial, step


def play_preset(state: State, preset: Preset) -> State:
    """`state` (an episode's start) advanced through the preset's decisions (`decisions.preset_chooser`) to the end
    of the episode. A work-group size the preset leaves to the runtime takes the smallest value offered."""
    choose = decisions.preset_chooser(preset)
    while (d := decisions.next_decision(state.route)) is not None:
        state = step(state, action_of(state, choose(d, state.route)))
    return state


def preset_episode(uri: str, preset: Preset, config: Config | None = None) -> State:
    """The finished episode on `uri` that takes the preset's decisions."""
    return play_preset(initial(uri, 0, config), preset)


__all__ = ["play_preset", "preset_episode"]
