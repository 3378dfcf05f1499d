"""Agents and the `lift-gym` command line (agents.cli): MaskablePPO training (agents.train, configs/*.yaml),
search baselines (agents.search), policy evaluation (agents.evaluate); see docs/agents.md."""
