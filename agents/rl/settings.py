"""The PPO learner's hyperparameters (agents/rl/ppo.py; experiments.config.TrainConfig feeds
them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PPOSettings:
    """Hyperparameters of the learner (experiments.config.TrainConfig feeds these)."""

    rollout_steps: int = 4096  # learner decisions per rollout (complete games only)
    num_slots: int = 32  # games played side by side (per worker), network calls batched
    num_workers: int = 1  # collecting processes (agents/rl/workers.py); 1: in this process
    # (role, share) pairs naming every role of the game: the fraction of games in which the
    # learner plays that role (normalised; a fixed pattern, rollout.learner_role). Empty: uniform.
    role_shares: tuple[tuple[str, float], ...] = ()
    lr: float = 3e-4
    anneal_lr: bool = False  # linear decay to 0 over `total_env_steps`
    total_env_steps: int = 0  # only used by anneal_lr
    gamma: float = 0.995
    gae_lambda: float = 0.95
    clip: float = 0.2
    clip_vloss: bool = False
    norm_adv: bool = True
    target_kl: float | None = None  # stop the epochs early past this approximate KL
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    epochs: int = 4
    minibatch_size: int = 1024
    hidden: tuple[int, ...] = (256, 256)
    shared_policy: bool = False
    advice: str | None = None  # agents/rl/advice.py: the kit advisor's move as input and prior
    advice_weight: float = 3.0  # starting logit bonus of the advised move (then learned)
    shaping: str | None = None  # agents/rl/shaping.py: the kit's potential-based reward shaping
    shaping_weight: float = 1.0
    # agents/rl/distill.py: a kit dataset's name or a path, or several (their games pooled)
    expert_data: str | tuple[str, ...] | None = None
    expert_coef: float = 1.0  # weight of their cross-entropy next to the PPO loss
    expert_temperature: float = 1.0  # targets: visits ** (1 / temperature), normalised
    expert_batch: int = 256  # expert decisions per PPO minibatch
    expert_pretrain_steps: int = 0  # steps fitting the targets alone before the first rollout
    snapshot_every: int = 5
    pool_size: int = 8
    opponent_weights: tuple[tuple[str, float], ...] = (
        ("self", 0.4),
        ("snapshot", 0.2),
        ("heuristic", 0.3),
        ("random", 0.1),
    )
