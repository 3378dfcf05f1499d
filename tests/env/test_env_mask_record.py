"""The masks of recorded random walks stay what they were: the memo caches of the pipeline change speed, not masks.

`tests/data/env_mask_walks.json` holds two random masked episodes per benchmark of the suite (small sizes, default
config), each state's legal actions in words (`transition.describe_action`: rule and site, stop, mapping code,
tuning value, memory value) and the action taken. Replaying the actions must meet exactly the recorded legal
actions at every state. Regenerate it (after a deliberate change of the action catalogue, the rules, the mapping
or the memory stage) with

    python3 -m tests.env.test_env_mask_record --write
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from compiler.suite import list_benchmarks
from lift_gym import transition
from lift_gym.transition import Config, Phase

RECORD = Path(__file__).parent.parent / "data" / "env_mask_walks.json"
MAX_STATES = 8  # per walk: a rewrite or two, the mapping and the tuning of most benchmarks


def legal_in_words(s: transition.State) -> list[str]:
    return sorted(transition.describe_action(s, int(a)) for a in np.flatnonzero(transition.legal_actions(s)))


def walk(uri: str, seed: int) -> list[dict]:
    """A random masked walk of at most MAX_STATES states (stop rewriting drawn with probability 1/2)."""
    rng = np.random.default_rng(seed)
    s = transition.initial(uri, seed, Config())
    states = []
    while not transition.is_terminal(s) and len(states) < MAX_STATES:
        legal = np.flatnonzero(transition.legal_actions(s))
        a = s.config.layout.done if s.phase is Phase.REWRITE and rng.random() < 0.5 else int(rng.choice(legal))
        states.append({"legal": legal_in_words(s), "action": transition.describe_action(s, a)})
        s = transition.step(s, a)
    return states


def record() -> dict:
    walks = [{"uri": f"benchmark://lift/{b.name}/small", "seed": seed + i} for seed in (0, 100)
             for i, b in enumerate(list_benchmarks())]
    return {"config": "transition.Config()", "walks": [{**w, "states": walk(w["uri"], w["seed"])} for w in walks]}


def test_replayed_walks_meet_the_recorded_legal_actions():
    recorded = json.loads(RECORD.read_text())
    assert sum(len(w["states"]) for w in recorded["walks"]) >= 150
    for w in recorded["walks"]:
        s = transition.initial(w["uri"], w["seed"], Config())
        for i, st in enumerate(w["states"]):
            legal = legal_in_words(s)
            assert legal == st["legal"], (f"{w['uri']} state {i} ({s.decision}): legal actions changed: "
                                          f"now not {sorted(set(st['legal']) - set(legal))}, "
                                          f"new {sorted(set(legal) - set(st['legal']))}")
            (a,) = [int(a) for a in np.flatnonzero(transition.legal_actions(s))
                    if transition.describe_action(s, int(a)) == st["action"]]
            s = transition.step(s, a)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Record the random walks the test replays.")
    ap.add_argument("--write", action="store_true", help=f"write {RECORD}")
    if ap.parse_args().write:
        RECORD.write_text(json.dumps(record(), indent=1) + "\n")
        print(f"wrote {RECORD}")
