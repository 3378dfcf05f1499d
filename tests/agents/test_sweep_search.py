"""The sweep strategy: coordinate sweeps over a named lowering's parameters, with coupled moves."""

from __future__ import annotations

import json

import pytest

from agents import cli
from agents.search import paired_moves, search, tuning_moves, tuning_neighbours
from compiler.lowering.presets import named_preset
from compiler.lowering.stages import resolve
from lift_gym import transition
from lift_gym.presets import play_preset
from lift_gym.rewards import RewardConfig, RewardFunction

ANALYTICAL = RewardConfig(source="analytical")
CONV = "benchmark://lift/conv/small"
MM = "benchmark://lift/mm/small"


@pytest.fixture
def recording():
    """An analytical reward function that records every state it is asked to evaluate."""
    fn = RewardFunction(ANALYTICAL)
    seen: list = []
    evaluate, evaluate_many = fn.evaluate, fn.evaluate_many
    fn.evaluate = lambda state: (seen.append(state), evaluate(state))[1]
    fn.evaluate_many = lambda states: (seen.extend(states), evaluate_many(states))[1]
    yield fn, seen
    fn.close()


def defaults(uri: str, template: str) -> transition.State:
    """The finished episode of the named lowering `template` at its default values."""
    bench, sizes = resolve(uri)
    return play_preset(transition.initial(uri), named_preset(bench, template, sizes))


def prefix(done: transition.State, i: int) -> transition.State:
    """`done`'s episode just before its i-th tuning decision."""
    return transition.run(done.uri, done.actions[:1 + i], done.seed, done.config)


@pytest.mark.parametrize("uri", [CONV, MM])
def test_sweep_evaluates_distinct_legal_kernels_within_its_budget(uri, recording):
    fn, seen = recording
    r = search(uri, "sweep", 14, seed=3, reward_fn=fn)
    assert len(r.trials) == 14 == len(seen)
    keys = [s.kernel.key for s in seen]
    assert len(set(keys)) == len(keys) and keys == [t.kernel_key for t in r.trials]
    for state in seen:  # every episode replays through legal actions only (an illegal one raises) to its kernel
        again = transition.run(uri, state.actions, state.seed, state.config)
        assert transition.is_terminal(again) and again.kernel.key == state.kernel.key
    assert not seen[0].template and all(s.template for s in seen[1:])  # the generic default, then conv42 or tiled


@pytest.mark.parametrize("uri", [MM, "benchmark://lift/jacobi2d-5pt/small"])  # the stencil's climbs restart
def test_sweep_is_deterministic_for_a_seed(uri):
    a = search(uri, "sweep", 12, seed=4, reward=ANALYTICAL)
    b = search(uri, "sweep", 12, seed=4, reward=ANALYTICAL)
    assert [t.kernel_key for t in a.trials] == [t.kernel_key for t in b.trials]
    assert [t.reward for t in a.trials] == [t.reward for t in b.trials]


def test_sweep_finds_a_coupled_optimum_at_least_as_good_as_presets():
    # conv small2, the three kernels' space (the view switches pinned to 0): the sweep's best is at least the
    # presets' (it climbs in the best named lowering's space: the implicit matrix product's, `tiled`, here)
    uri, budget = "benchmark://lift/conv/small2", 24
    sweep = search(uri, "sweep", budget, seed=0, reward=ANALYTICAL, conv_fusion=False)
    presets = search(uri, "presets", budget, seed=0, reward=ANALYTICAL, conv_fusion=False)
    assert len(sweep.trials) == len(presets.trials) == budget
    assert sweep.best.reward >= presets.best.reward
    # in conv42's space, moving θ from its default leaves σ's default invalid: the sweep's coupled moves change
    # both, and some of them beat the defaults (not reachable one parameter at a time)
    start = defaults(uri, "conv42")
    fn = RewardFunction(ANALYTICAL)
    base = fn.evaluate(start).reward

    def coupled(c: transition.State) -> bool:
        changed = [i for i, (x, y) in enumerate(zip(c.values, start.values, strict=True)) if x != y]
        return len(changed) >= 2 and any(start.values[i] not in transition.slot_values(prefix(c, i))
                                         for i in changed[1:])

    better = [c for c in tuning_moves(start, 1, coupled=4)[1] if fn.evaluate(c).reward > base]
    fn.close()
    assert any(coupled(c) for c in better)


def test_sweep_climbs_the_slower_named_lowering_after_the_faster_ones_optimum(recording):
    # conv small2: `tiled` is faster at its defaults and is climbed to its local optimum first; then conv42 is
    # climbed from its own defaults (not left at them), before any random restart
    fn, seen = recording
    uri = "benchmark://lift/conv/small2"
    r = search(uri, "sweep", 60, seed=0, reward_fn=fn, conv_fusion=False)
    templates = [s.template for s in seen]
    assert templates[:3] == ["", "tiled", "conv42"] and r.trials[1].reward > r.trials[2].reward
    later = templates.index("conv42", 3)
    assert set(templates[3:later]) == {"tiled"} and later > 4
    start = defaults(uri, "conv42")
    climbed = seen[later:]
    assert climbed and all(s.template == "conv42" and s.kernel.key != start.kernel.key for s in climbed)


def test_moves_of_every_radius_reach_every_offered_value_of_each_parameter():
    done = defaults(MM, "tiled")
    pinned = dict(done.route.options.pinned)  # held without a decision (split-K off): no move changes them
    names = [p.name for p in done.tuning.params]
    reached: dict[str, set] = {n: {done.assignment[n]} for n in names}
    radius = 1
    while moves := tuning_moves(done, radius)[0]:
        for c in moves:
            changed = next(n for n in names if c.assignment[n] != done.assignment[n])
            offered = transition.slot_values(prefix(done, names.index(changed)))
            assert abs(offered.index(c.assignment[changed]) - offered.index(done.assignment[changed])) == radius
            reached[changed].add(c.assignment[changed])
        radius += 1
    for i, n in enumerate(names):
        assert reached[n] == ({pinned[n]} if n in pinned else set(transition.slot_values(prefix(done, i))))
    assert [m.actions for m in tuning_moves(done, 1)[0]] == [m.actions for m in tuning_neighbours(done)]


def test_coupled_moves_try_other_values_of_a_parameter_the_move_leaves_invalid():
    done = defaults(CONV, "conv42")
    moves, coupled = tuning_moves(done, 1, coupled=3)
    plain, none = tuning_moves(done, 1, coupled=0)
    assert coupled and not none and [m.actions for m in plain] == [m.actions for m in moves]
    per_parameter: dict[tuple, int] = {}
    for c in coupled:
        assert transition.is_terminal(c) and c.template == "conv42"
        i = first_difference(c.values, done.values)  # the parameter moved
        move = next(m for m in moves if m.values[:i + 1] == c.values[:i + 1])
        q = first_difference(c.values, move.values)  # the later parameter given another value than the nearest
        assert q is not None and q > i
        offered = transition.slot_values(transition.run(c.uri, c.actions[:1 + q], c.seed, c.config))
        assert done.values[q] not in offered and c.values[q] in offered
        per_parameter[(i, c.values[i], q)] = per_parameter.get((i, c.values[i], q), 0) + 1
    assert max(per_parameter.values()) <= 3


def test_paired_moves_move_two_parameters_of_one_value_together():
    done = defaults(MM, "tiled")
    names = [p.name for p in done.tuning.params]
    moves = paired_moves(done, 1)
    assert moves
    pairs = set()
    for c in moves:  # each a finished episode of legal actions, two parameters of one value moved to one new value
        again = transition.run(c.uri, c.actions, c.seed, c.config)
        assert transition.is_terminal(again) and again.kernel.key == c.kernel.key and c.template == "tiled"
        first = names[first_difference(c.values, done.values)]
        offered = transition.slot_values(prefix(done, names.index(first)))
        assert abs(offered.index(c.assignment[first]) - offered.index(done.assignment[first])) == 1
        pairs |= {(first, n) for n in names[names.index(first) + 1:]
                  if done.assignment[n] == done.assignment[first] and c.assignment[n] == c.assignment[first]}
    equal = {(a, b) for i, a in enumerate(names) for b in names[i + 1:] if done.assignment[a] == done.assignment[b]}
    assert pairs and pairs <= equal
    assert ("TM", "TN") in pairs  # the square tile sizes of the matrix product, moved together


def first_difference(a: tuple, b: tuple) -> int | None:
    return next((k for k, (x, y) in enumerate(zip(a, b, strict=True)) if x != y), None)


def test_sweep_command_writes_a_replayable_episode(tmp_path, capsys):
    out = tmp_path / "best.json"
    rc = cli.main(["search", MM, "--strategy", "sweep", "--budget", "6", "--reward", "analytical",
                   "--coupled", "2", "--json", "--out", str(out)])
    d = json.loads(capsys.readouterr().out)
    assert rc == 0 and d["strategy"] == "sweep" and d["evaluations"] == 6
    assert d["best_episode"]["actions"] == json.loads(out.read_text())["actions"]
    assert cli.main(["replay", str(out)]) == 0
    assert "hashes match the record" in capsys.readouterr().out


def test_a_negative_coupled_count_is_refused():
    with pytest.raises(ValueError, match="coupled must be a number of values >= 0, got -1"):
        search(MM, "sweep", 2, reward=ANALYTICAL, coupled=-1)
