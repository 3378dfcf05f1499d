"""Agents and the `lift-gym` command line (agents.cli): search baselines and SB3 agents come later."""
