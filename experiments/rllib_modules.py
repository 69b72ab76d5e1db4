"""RLlib pieces of the rllib backend: a uniformly random masked module (the league's first
opponent) and the league callback that measures focal win rates and freezes snapshots."""

from __future__ import annotations

import functools
from typing import Any

import torch
from ray.rllib.callbacks.callbacks import RLlibCallback
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS


class UniformMaskedRLModule(ActionMaskingTorchRLModule):  # type: ignore[misc]
    """Uniform over the legal actions: equal logits, then the mask."""

    def _uniform(self, batch: dict[str, Any]) -> dict[str, Any]:
        action_mask, batch = self._preprocess_batch(batch)
        logits = torch.zeros_like(action_mask)
        return self._mask_action_logits({Columns.ACTION_DIST_INPUTS: logits}, action_mask)

    def _forward_inference(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return self._uniform(batch)

    def _forward_exploration(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return self._uniform(batch)


def focal_key(role: str) -> str:
    return f"focal_win/{role}"


def games_key(role: str) -> str:
    return f"focal_games/{role}"


class LeagueCallback(RLlibCallback):  # type: ignore[misc]
    def __init__(self, league: Any, threshold: float, window: int) -> None:
        super().__init__()
        self.league, self.threshold, self.window = league, threshold, window
        self.games_since: dict[str, float] = dict.fromkeys(league.roles, 0.0)

    def on_episode_end(self, *, episode: Any, metrics_logger: Any, **kwargs: Any) -> None:
        """Logs whether the focal role's seats won (a positive true return)."""
        league = self.league
        role = league.focal_role(str(episode.id_))
        rewards = episode.get_rewards()
        seats = [s for s in league.roles[role] if s in rewards and len(rewards[s])]
        if seats:
            won = float(rewards[seats[0]][-1] > 0)
            metrics_logger.log_value(focal_key(role), won, reduce="mean", window=self.window)
            metrics_logger.log_value(games_key(role), 1, reduce="sum", clear_on_reduce=True)

    def on_train_result(self, *, algorithm: Any, result: dict[str, Any], **kwargs: Any) -> None:
        league = self.league
        runners = result.get(ENV_RUNNER_RESULTS, {})
        rates = {r: runners.get(focal_key(r)) for r in league.roles}
        for role, rate in rates.items():
            self.games_since[role] += float(runners.get(games_key(role)) or 0.0)
            # a snapshot only once the win-rate window holds games played since the last one
            fresh = self.games_since[role] >= self.window
            if len(league.roles) > 1 and fresh and rate is not None and rate > self.threshold:
                self._snapshot(algorithm, role)
                self.games_since[role] = 0.0
        result["league"] = {
            "win_rates": rates,
            "pools": {r: list(p) for r, p in league.pools.items()},
        }

    def _snapshot(self, algorithm: Any, role: str) -> None:
        league = self.league
        league.snapshots[role] += 1
        new_id = f"{role}_v{league.snapshots[role]}"
        pool = league.pools[role]
        if pool == [f"{role}_random"]:
            pool.clear()  # the first snapshot replaces the random opponent
        pool.append(new_id)
        main = algorithm.get_module(league.main_module(role))
        algorithm.add_module(
            module_id=new_id,
            module_spec=RLModuleSpec.from_module(main),
            new_agent_to_module_mapping_fn=league.mapping_fn(),
        )
        algorithm.set_state(
            {"learner_group": {"learner": {"rl_module": {new_id: main.get_state()}}}}
        )


def league_callback(league: Any, threshold: float, window: int) -> Any:
    return functools.partial(LeagueCallback, league=league, threshold=threshold, window=window)
