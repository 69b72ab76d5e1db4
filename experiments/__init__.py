"""Experiments: typed YAML configs, reproducible run directories, agent factory, tournaments.

- experiments.config: AgentSpec, TournamentConfig, TrainConfig, RunConfig; strict YAML loading
  with `--set key.path=value` overrides.
- experiments.rundir: run directories (resolved config.yaml, meta.json) and the rules-version
  check for checkpoints.
- experiments.agent_factory: AgentSpec -> Agent (random, heuristic, mcts, ismcts, registered
  kinds).
- experiments.tournament: round-robin tournaments over the roles and teams a game declares
  (`python -m experiments.tournament CONFIG`).
- experiments.report: Wilson intervals, cross-play matrices, OpenSkill ratings, results.md.

Submodules are imported on demand; importing this package loads nothing heavy.
"""
