"""Experiments: typed YAML configs, reproducible run directories, agent factory, tournaments.

- experiments.config: AgentSpec, TournamentConfig, TrainConfig, RunConfig; strict YAML loading
  with `--set key.path=value` overrides.
- experiments.rundir: run directories (resolved config.yaml, meta.json; one run each, checked
  before anything is written) and the rules-version check for checkpoints.
- experiments.train_run: a training run validated whole (config, checkpoint, output directory)
  before it writes; resumes continue their own run or record their parent.
- experiments.agent_factory: AgentSpec -> Agent (random, heuristic, mcts, ismcts, registered
  kinds).
- experiments.tournament: round-robin tournaments over the roles and teams a game declares
  (`python -m experiments.tournament CONFIG`).
- experiments.report: Wilson intervals, cross-play matrices, OpenSkill ratings, results.md.

Submodules are imported on demand; importing this package loads nothing heavy.
"""
