"""lift-gym: LIFT-style GPU code generation as a Gymnasium environment (see docs/env.md).

    env = gymnasium.make("LiftGym-v0", benchmark="benchmark://lift/mm/small", reward="predicted")
"""

from gymnasium import register

# rewrite rules + parallel mapping + tuning, one decision per step; measured rewards by default (nondeterministic)
register(
    id="LiftGym-v0",
    entry_point="lift_gym.env:LiftGymEnv",
    max_episode_steps=200,
    nondeterministic=True,
    kwargs={"reward": "measured"},
)

# v1: v0 plus rewrite-point decisions first on annotated programs (benchmark://lift/{conv,mm,stencil2d}-rp...)
register(
    id="LiftGym-v1",
    entry_point="lift_gym.env:LiftGymEnv",
    max_episode_steps=200,
    nondeterministic=True,
    kwargs={"reward": "measured", "rewrite_points": True},
)
