"""Typed experiment configs: the dataclasses a run is made of, loaded from YAML with `--set`.

    cfg = load_config(TournamentConfig, "configs/tournament_smoke.yaml",
                      overrides=["games_per_match=4", "agents.0.params.iterations=200"])
    yaml.safe_dump(resolved_config_dict(cfg))   # what a run directory saves as config.yaml

Each dataclass checks its own values in `__post_init__` (ConfigError naming the key and what is
allowed); the generic strict loader (unknown or missing keys, type rules, overrides) is
experiments/typed_yaml.py, re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from agents.kit import KIT, KitError, kit_for
from agents.rl.settings import PPOSettings
from experiments.typed_yaml import (
    ConfigError,
    apply_overrides,
    config_from_dict,
    dump_yaml,
    parse_override,
    read_yaml,
    resolved_config_dict,
)
from experiments.typed_yaml import check as _check
from nemesis_env.core.errors import NemesisError

__all__ = [
    "ADVICE_KINDS",
    "OPPONENT_KINDS",
    "AgentSpec",
    "ConfigError",
    "RunConfig",
    "TournamentConfig",
    "TrainConfig",
    "apply_overrides",
    "config_from_dict",
    "dump_yaml",
    "load_config",
    "load_tournament_config",
    "parse_override",
    "read_yaml",
    "resolved_config_dict",
]

T = TypeVar("T")

OPPONENT_KINDS = ("self", "snapshots", "heuristic", "random")
LINEUP_SCHEMES = ("focal", "all")
ADVICE_KINDS = ("heuristic", "heuristic_mix")  # agents.rl.advice.ADVISORS (a test keeps them equal)
SHAPING_KINDS = (KIT,)  # agents.rl.shaping.SHAPINGS (a test keeps them equal)


def _allowed_for_game(game: str, setting: str, generic: tuple[str, ...]) -> list[str]:
    """The generic names and the aliases that the game's agent kit accepts for them."""
    try:
        return kit_for(game).allowed(setting, generic)
    except (KitError, NemesisError):
        return list(generic)


def _check_expert_data(game: str, names: str | tuple[str, ...] | None) -> None:
    """`expert_data` names datasets of the game's kit or existing files, checked here so a
    typo stops the run before its directory is made, not minutes into training."""
    if names is None:
        return
    if isinstance(names, tuple):
        _check(len(names) > 0, "expert_data", "must be null, a dataset or a non-empty list")
        _check(
            len(set(names)) == len(names), "expert_data", f"lists a dataset twice: {list(names)}"
        )
        for name in names:
            _check_expert_data(game, name)
        return
    name = names
    try:
        kit = kit_for(game)
        shipped, path = sorted(kit.expert_datasets), kit.dataset(name)
    except (KitError, NemesisError):
        shipped, path = [], Path(name)
    try:
        found = path.is_file()
    except OSError:  # a name too long for the file system is no dataset either
        found = False
    _check(
        found,
        "expert_data",
        f"no dataset {name!r}: not a file, nor one of the game's shipped datasets: {shipped}",
    )


# ------------------------------------------------------------------------------ dataclasses
def check_game(game: str) -> None:
    """A config's `game` must name a registered game (no game is assumed by default)."""
    from nemesis_env import list_games

    _check(game in list_games(), "game", f"must be one of {list_games()}, got {game!r}")


@dataclass(frozen=True, kw_only=True)
class AgentSpec:
    """One tournament entrant. `kind` names a builder in experiments.agent_factory.

    `max_games` caps the games of every match this agent plays (a slow search agent next to
    fast ones); the capped games are the first ones of the full schedule, with the same seeds.
    """

    name: str
    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    checkpoint: str | None = None
    max_games: int | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ConfigError("name: must be a non-empty string")
        if not self.kind.strip():
            raise ConfigError("kind: must be a non-empty string")
        _check(
            self.max_games is None or self.max_games >= 1,
            "max_games",
            f"must be at least 1 or null, got {self.max_games}",
        )


@dataclass(frozen=True, kw_only=True)
class TournamentConfig:
    """A round-robin over lineups (experiments/tournament.py): `games_per_match` games per
    lineup (fewer where an agent's `max_games` caps them, or `self_play_games` caps a lineup of
    one agent on every seat; `games_in_match` says how many).

    `lineups`: "focal" (default) plays every lineup in which at most one role's agent differs
    from the agent on all the others (for a game of two roles, every ordered pair: the
    cross-play matrix); "all" plays every assignment of agents to roles.

    `out_dir` is the run directory itself; `workers` > 1 plays games in parallel processes
    (results are identical to workers=1).
    """

    game: str  # a registered game (nemesis_env.list_games())
    players: int = 4
    game_params: dict[str, Any] = field(default_factory=dict)
    agents: list[AgentSpec]
    games_per_match: int
    seed: int
    out_dir: str = "runs/tournament"
    workers: int = 1
    self_play_games: int | None = None
    lineups: str = "focal"
    save_replays: int = 0  # the first N games of every match, as recordings in replays/
    executor: str = "processes"  # or "ray": the games on Ray workers (experiments/tournament_ray)

    def __post_init__(self) -> None:
        check_game(self.game)
        _check(
            self.lineups in LINEUP_SCHEMES,
            "lineups",
            f"must be one of {list(LINEUP_SCHEMES)}, got {self.lineups!r}",
        )
        if not self.agents:
            raise ConfigError("agents: at least one agent is required")
        names = [a.name for a in self.agents]
        if dupes := sorted({n for n in names if names.count(n) > 1}):
            raise ConfigError(f"agents: agent names must be unique, repeated: {dupes}")
        if "players" in self.game_params:
            raise ConfigError("game_params: set `players` at the top level, not in game_params")
        # the game checks its own player counts (a solo mode plays one seat)
        _check(self.players >= 1, "players", f"must be at least 1, got {self.players}")
        _check(self.games_per_match >= 1, "games_per_match", "must be at least 1")
        _check(self.workers >= 1, "workers", "must be at least 1")
        _check(
            self.self_play_games is None or self.self_play_games >= 1,
            "self_play_games",
            f"must be at least 1 or null, got {self.self_play_games}",
        )
        _check(self.seed >= 0, "seed", "must be a non-negative integer")
        _check(
            self.executor in ("processes", "ray"),
            "executor",
            f"must be 'processes' or 'ray', got {self.executor!r}",
        )
        _check(
            self.save_replays >= 0,
            "save_replays",
            f"must be a non-negative integer (games per match), got {self.save_replays}",
        )

    def games_in_match(self, *lineup: int) -> int:
        """Games of the match whose roles hold agents[lineup[0]], agents[lineup[1]], ..."""
        caps = [self.agents[i].max_games for i in set(lineup)]
        if len(set(lineup)) == 1:
            caps.append(self.self_play_games)
        return min([self.games_per_match] + [c for c in caps if c is not None])


# the learner's defaults, written once (agents/rl/settings.py): a config that leaves a setting
# out trains exactly as PPOSettings() would
_PPO = PPOSettings()


@dataclass(frozen=True, kw_only=True)
class TrainConfig:
    """Masked PPO self-play against a pool of frozen snapshots, heuristics and random agents.

    Each update collects `rollout_steps` decisions from `num_slots` concurrent games on each of
    `num_workers` processes (a run depends on num_workers; 2 uses both cores here), then runs
    `epochs` passes in minibatches of `minibatch_size`. Training stops at `total_env_steps`, or
    after `total_updates` updates when that is set, or after `time_budget_s` seconds (null: no
    limit; a safety cap that makes the stopping point machine-dependent), whichever is first.
    `opponent_mix`: sampling weights of the opponents' source per game, keys among self (the
    live policy), snapshots (the frozen pool of `pool_size`, one added every `snapshot_every`
    updates), heuristic, random. `shared_policy`: one network for every seat, or one per role.
    `role_shares` ({role: weight} naming every role of the game, or empty for equal shares):
    the fraction of the learner's games played in each role (the policy of a role with several
    seats gets one transition per seat, so a team role's policy sees several times the data of
    a lone role at equal shares).
    `advice` ("heuristic" or null): the policy also sees the move of the game kit's advisor (its
    heuristic agent) and adds a learned bonus to its logit, starting at `advice_weight`
    (residual learning over a prior, agents/rl/advice.py); the trained agent then calls the
    advisor when it plays. "heuristic_mix": the advisor's probabilities of each move instead
    of one drawn move, where the advisor gives them.
    `shaping` ("kit", an alias the game's kit accepts, or null): potential-based reward shaping
    with `shaping_weight` times the kit's potential (e.g. a fitted value of the position;
    agents/rl/shaping.py).
    `expert_data` (the name of a dataset shipped in the game's kit, a path, a list of them
    whose games are pooled, or null): games of a search expert; the policy of its role also
    learns the expert's root visit distributions (`expert_coef` times their cross-entropy, on
    `expert_batch` decisions per minibatch; targets `visits ** (1 / expert_temperature)`),
    after `expert_pretrain_steps` steps fitting them alone (expert iteration,
    agents/rl/distill.py).
    Every `eval_every` updates the policy plays `eval_games` seeded games per role against each
    of `eval_opponents`. Every `checkpoint_every` updates the trainer is saved (atomically) to
    checkpoints/latest.pt, so a run that is killed loses at most the updates since then.
    """

    game: str  # a registered game (nemesis_env.list_games())
    players: int = 4
    game_params: dict[str, Any] = field(default_factory=dict)
    total_env_steps: int = 10_000_000
    total_updates: int | None = None
    time_budget_s: float | None = None
    rollout_steps: int = _PPO.rollout_steps
    num_slots: int = _PPO.num_slots
    num_workers: int = _PPO.num_workers
    role_shares: dict[str, float] = field(default_factory=dict)
    lr: float = _PPO.lr
    gamma: float = _PPO.gamma
    gae_lambda: float = _PPO.gae_lambda
    clip: float = _PPO.clip
    ent_coef: float = _PPO.ent_coef
    vf_coef: float = _PPO.vf_coef
    max_grad_norm: float = _PPO.max_grad_norm
    epochs: int = _PPO.epochs
    minibatch_size: int = _PPO.minibatch_size
    hidden_sizes: tuple[int, ...] = _PPO.hidden
    shared_policy: bool = _PPO.shared_policy
    advice: str | None = _PPO.advice
    advice_weight: float = _PPO.advice_weight
    shaping: str | None = _PPO.shaping
    shaping_weight: float = _PPO.shaping_weight
    expert_data: str | tuple[str, ...] | None = _PPO.expert_data
    expert_coef: float = _PPO.expert_coef
    expert_temperature: float = _PPO.expert_temperature
    expert_batch: int = _PPO.expert_batch
    expert_pretrain_steps: int = _PPO.expert_pretrain_steps
    snapshot_every: int = _PPO.snapshot_every
    pool_size: int = _PPO.pool_size
    opponent_mix: dict[str, float] = field(
        default_factory=lambda: {"self": 0.4, "snapshots": 0.2, "heuristic": 0.3, "random": 0.1}
    )
    eval_games: int = 50
    eval_every: int = 10
    eval_opponents: tuple[str, ...] = ("heuristic", "random")
    checkpoint_every: int = 5
    seed: int = 0
    device: str = "cpu"

    def __post_init__(self) -> None:
        check_game(self.game)
        for name in (
            "total_env_steps",
            "rollout_steps",
            "num_slots",
            "num_workers",
            "epochs",
            "minibatch_size",
            "snapshot_every",
            "pool_size",
            "eval_every",
            "checkpoint_every",
        ):
            _check(getattr(self, name) >= 1, name, f"must be at least 1, got {getattr(self, name)}")
        _check(
            self.total_updates is None or self.total_updates >= 1,
            "total_updates",
            "must be at least 1 or null",
        )
        _check(self.eval_games >= 0, "eval_games", "must be non-negative")
        _check(self.players >= 1, "players", f"must be at least 1, got {self.players}")
        _check(self.seed >= 0, "seed", "must be a non-negative integer")
        _check(self.lr > 0, "lr", "must be positive")
        _check(0 < self.gamma <= 1, "gamma", "must be in (0, 1]")
        _check(0 <= self.gae_lambda <= 1, "gae_lambda", "must be in [0, 1]")
        _check(self.clip > 0, "clip", "must be positive")
        _check(self.ent_coef >= 0, "ent_coef", "must be non-negative")
        _check(self.vf_coef >= 0, "vf_coef", "must be non-negative")
        _check(self.max_grad_norm > 0, "max_grad_norm", "must be positive")
        _check(
            self.advice in (None, *ADVICE_KINDS),
            "advice",
            f"must be null or one of {list(ADVICE_KINDS)}, got {self.advice!r}",
        )
        _check(self.advice_weight >= 0, "advice_weight", "must be non-negative")
        shapings = _allowed_for_game(self.game, "shaping", SHAPING_KINDS) if self.shaping else []
        _check(
            self.shaping is None or self.shaping in shapings,
            "shaping",
            f"must be null or one of {shapings} for game {self.game!r}, got {self.shaping!r}",
        )
        _check(self.shaping_weight >= 0, "shaping_weight", "must be non-negative")
        _check(self.expert_coef >= 0, "expert_coef", "must be non-negative")
        _check(self.expert_temperature > 0, "expert_temperature", "must be positive")
        _check(self.expert_batch >= 1, "expert_batch", "must be at least 1")
        _check(self.expert_pretrain_steps >= 0, "expert_pretrain_steps", "must be non-negative")
        _check_expert_data(self.game, self.expert_data)
        _check(  # the trainer runs on the CPU (experiments/pipeline.py)
            self.device == "cpu",
            "device",
            f"must be 'cpu' (the PPO trainer runs on the CPU only), got {self.device!r}",
        )
        _check(
            all(share > 0 for share in self.role_shares.values()),
            "role_shares",
            f"every share must be positive, got {self.role_shares}",
        )
        _check(
            self.time_budget_s is None or self.time_budget_s > 0,
            "time_budget_s",
            "must be positive or null",
        )
        _check(
            bool(self.hidden_sizes) and all(h >= 1 for h in self.hidden_sizes),
            "hidden_sizes",
            "must be a non-empty list of positive integers",
        )
        if "players" in self.game_params:
            raise ConfigError("game_params: set `players` at the top level, not in game_params")
        if unknown := sorted(set(self.opponent_mix) - set(OPPONENT_KINDS)):
            raise ConfigError(
                f"opponent_mix: unknown keys {unknown}; allowed keys: {list(OPPONENT_KINDS)}"
            )
        weights = list(self.opponent_mix.values())
        _check(
            all(w >= 0 for w in weights) and sum(weights) > 0,
            "opponent_mix",
            "weights must be non-negative with a positive sum",
        )
        if unknown := sorted(set(self.eval_opponents) - {"heuristic", "random"}):
            raise ConfigError(
                f"eval_opponents: unknown {unknown}; allowed: ['heuristic', 'random']"
            )


@dataclass(frozen=True, kw_only=True)
class RunConfig:
    """A full experiment: training, then a tournament; `out_dir` is the run directory."""

    train: TrainConfig
    tournament: TournamentConfig
    out_dir: str = "runs/run"


def load_config(
    cls: type[T],
    source: str | Path | Mapping[str, Any],
    overrides: Sequence[str] = (),
) -> T:
    """Reads `source` (YAML path or mapping), applies overrides, validates into `cls`."""
    return config_from_dict(cls, apply_overrides(read_yaml(source), overrides))


def load_tournament_config(
    source: str | Path | Mapping[str, Any], overrides: Sequence[str] = ()
) -> TournamentConfig:
    """A TournamentConfig from a tournament file, or from the `tournament:` part of a RunConfig
    file (then overrides are written `tournament.seed=3`)."""
    data = apply_overrides(read_yaml(source), overrides)
    if "tournament" in data and "agents" not in data:
        return config_from_dict(RunConfig, data).tournament
    return config_from_dict(TournamentConfig, data)
