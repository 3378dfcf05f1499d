"""lift-gym: LIFT-style GPU code generation as a Gymnasium environment (see docs/env.md).

    env = gymnasium.make("LiftGym-Rewrite-v7", benchmark="benchmark://lift/mm/small", reward="predicted")
    env = gymnasium.make("LiftGym-Rewrite-v7", benchmark="prog.lift", sizes={"N": 64})       # your own program
    lift_gym.register_benchmark(program_or_file, "name", presets=..., reference=fn)  # benchmark://user/name
"""

from gymnasium import register

from compiler.suite import datasets, register_benchmark, register_dataset, unregister_benchmark, user_benchmark

__all__ = ["datasets", "register_benchmark", "register_dataset", "unregister_benchmark", "user_benchmark"]

# rewrite rules + mapping + memory + tuning, one decision per step; measured rewards by default (nondeterministic)
register(
    id="LiftGym-Rewrite-v7",
    entry_point="lift_gym.env:LiftGymEnv",
    max_episode_steps=200,
    nondeterministic=True,
    kwargs={"reward": "measured"},
)

# the same plus rewrite-point decisions first on annotated programs (benchmark://lift/{conv,mm,stencil2d}-rp...)
register(
    id="LiftGym-RewritePoints-v7",
    entry_point="lift_gym.env:LiftGymEnv",
    max_episode_steps=200,
    nondeterministic=True,
    kwargs={"reward": "measured", "rewrite_points": True},
)
