"""The generated dataset (compiler.suite.generate): programs that are the same for a name on every machine, valid by
construction (type-checked, computing their NumPy reference at the small sizes), in fixed, disjoint splits with a
held-out family; addressable by URI in the CLI, the configs and the environment."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from agents import cli
from agents.config import ConfigError, config_from_dict
from compiler.errors import UnknownBenchmark
from compiler.suite import datasets, generate, resolve


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def test_a_name_always_gives_the_same_program():
    # the texts of generated-v1 are part of the dataset: a change to the generator that changes them is a new version
    texts = {n: generate.program_spec(*generate.parse_name(n)).text for n in
             ("ewise-00007", "stencil2d-00042", "conv-00003", "contract-00010", "compose-00001")}
    again = {n: generate._benchmark.__wrapped__(*generate.parse_name(n)) for n in texts}  # built anew
    assert all(str(again[n].program) == str(generate.benchmark(n).program) for n in texts)
    digest = hashlib.sha256("".join(texts[n] for n in sorted(texts)).encode()).hexdigest()
    assert digest == "fb163ceb1e4ee07b3c24a9f4846162d8bf89710e5767b728a9c6369c416bd898", \
        "the generated-v1 programs changed: bump the dataset version instead"


def test_splits_are_disjoint_cover_the_dataset_and_hold_one_family_out():
    train, val, test = (set(generate.names(s)) for s in generate.SPLITS)
    assert len(train) >= 8000 and len(test) >= 1000 and len(val) >= 1000
    assert not (train & val or train & test or val & test)
    assert train | val | test == set(generate.names())
    held = {n for n in generate.names() if generate.parse_name(n)[0] in generate.HELD_OUT}
    assert held and held <= test
    assert {generate.parse_name(n)[0] for n in train} == set(generate.FAMILIES) - set(generate.HELD_OUT)


SAMPLE = [(f, s) for f in generate.FAMILIES for s in (0, 8, 9, 137)]  # seeds of train, validation and test


@pytest.mark.parametrize("family, seed", SAMPLE)
def test_a_generated_program_passes_check_against_its_numpy_reference(capsys, family, seed):
    uri = f"benchmark://{generate.DATASET}/{generate.name_of(family, seed)}"
    rc, out, _ = run(capsys, "check", uri, "--size", "small", "--json")
    r = json.loads(out)
    assert rc == 0 and r["status"] == "PASS", (generate.program_spec(family, seed).text, r)


@pytest.mark.exhaustive
def test_two_hundred_programs_of_every_split_pass_check(capsys):
    rng = np.random.default_rng(0)
    for split in generate.SPLITS:
        names = generate.names(split)
        for i in rng.choice(len(names), size=200, replace=False):
            rc, out, _ = run(capsys, "check", f"benchmark://{generate.DATASET}/{names[i]}", "--size", "small",
                             "--json")
            assert rc == 0 and json.loads(out)["status"] == "PASS", names[i]


def test_every_family_has_small_and_gpu_presets_with_work_counts():
    for family in generate.FAMILIES:
        bench = generate.benchmark(generate.name_of(family, 5))
        assert {"default", "small", "gpu"} <= set(bench.presets)
        for preset in ("small", "gpu"):
            sizes = bench.sizes(preset)
            assert bench.flops(sizes) > 0 and bench.bytes(sizes) > 0, (family, preset)
        assert bench.family == family


def test_uris_resolve_with_presets_and_overrides_and_bad_names_say_why():
    bench, sizes = resolve("benchmark://generated-v1/stencil2d-00042/gpu")
    assert sizes == {"h": 4096, "w": 4096} and bench.uri == "benchmark://generated-v1/stencil2d-00042"
    _, sizes = resolve("benchmark://generated-v1/ewise-00001?n=32")
    assert sizes == {"n": 32}
    with pytest.raises(UnknownBenchmark, match="families: ewise"):
        resolve("benchmark://generated-v1/stencil9d-00001")
    with pytest.raises(UnknownBenchmark, match=r"seeds 00000\.\.00999"):
        resolve("benchmark://generated-v1/conv-05000")
    assert generate.DATASET in [d.name for d in datasets()]


def test_benchmarks_lists_a_split_and_a_split_needs_the_dataset(capsys):
    rc, out, _ = run(capsys, "benchmarks", "--dataset", "generated-v1", "--split", "test", "--json")
    rows = json.loads(out)
    assert rc == 0 and len(rows) == len(generate.names("test")) and {r["split"] for r in rows} == {"test"}
    assert rows[0]["uri"].startswith("benchmark://generated-v1/") and rows[0]["small"]
    rc, out, _ = run(capsys, "benchmarks", "--json")
    assert rc == 0 and not any(r["dataset"] == generate.DATASET for r in json.loads(out))  # listed when asked
    rc, _, err = run(capsys, "benchmarks", "--split", "train")
    assert rc == 2 and "--dataset generated-v1" in err


def test_a_config_names_a_split_instead_of_a_list():
    cfg = config_from_dict({"env": {"benchmarks": [{"split": "generated-v1/validation"},
                                                   "benchmark://lift/mm/small"]}})
    assert len(cfg.env.benchmarks) == len(generate.names("validation")) + 1
    assert cfg.env.benchmarks[0] == f"benchmark://generated-v1/{generate.names('validation')[0]}/small"
    with pytest.raises(ConfigError, match="expected generated-v1/train"):
        config_from_dict({"env": {"benchmarks": {"split": "generated-v1/trian"}}})


def test_the_environment_takes_generated_programs_by_uri():
    import gymnasium as gym

    import lift_gym  # noqa: F401  (registers LiftGym-Rewrite-v7)

    first, other = (f"benchmark://{generate.DATASET}/{n}/small" for n in ("stencil2d-00003", "reduce-00012"))
    env = gym.make("LiftGym-Rewrite-v7", benchmark=first, reward="analytical")
    _, info = env.reset(seed=0)
    assert info["benchmark"].startswith(first.rsplit("/", 1)[0]) and info["action_mask"].any()
    _, info = env.reset(seed=1, options={"benchmark": other})
    assert info["benchmark"].startswith(other.rsplit("/", 1)[0])
    env.close()
