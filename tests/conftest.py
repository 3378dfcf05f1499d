"""Settings of the whole test session: the longest tests start first."""

from __future__ import annotations

# The longest tests of the default run (about 40 s to 5 minutes each on 2 cores), longest first. The run is spread
# over two test processes (pyproject.toml: -n 2), which take tests in collection order: started first, these end
# on both processes near the same time instead of one of them running last on its own. A name that matches no
# test is ignored.
LONGEST_FIRST = (
    "tests/env/test_env_rollouts.py::test_thousand_random_masked_actions",
    "tests/env/test_env_masks.py::test_a_thousand_random_masked_actions_meet_no_dead_end",
    "tests/env/test_env_mask_record.py::test_replayed_walks_meet_the_recorded_legal_actions",
    "tests/env/test_env_points.py::test_random_masked_actions_on_v1",
    "tests/agents/test_training_conventions.py::"
    "test_maskable_ppo_on_make_vec_env_draws_a_benchmark_per_reset_and_every_episode_ends_legally",
    "tests/env/test_env_rollouts.py::test_random_rollouts_end_in_valid_programs",
    "tests/agents/test_policy_learns.py::test_briefly_trained_policy_beats_random_search_on_a_held_out_benchmark",
    "tests/agents/test_kill_resume.py::test_training_process_killed_mid_run_resumes_and_continues_the_store",
)


def pytest_collection_modifyitems(items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("[", 1)[0], len(rank)))  # stable: the rest keep order
