"""A trained PPO policy as an Agent (shared/DESIGN.md §4 protocol)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

from agents.base import AgentContext
from agents.rl.advice import Advisor, policy_input
from agents.rl.checkpoint import (
    SHARED,
    UNFIT,
    check_checkpoint,
    load_checkpoint,
    load_weights,
    one_line,
)
from agents.rl.network import ActorCritic
from nemesis_env.core.errors import CheckpointError


def _networks(ckpt: dict[str, Any], game: Any) -> dict[str, ActorCritic]:
    """The policy networks of a checked checkpoint, with its weights."""
    settings = ckpt["settings"]
    nets = {}
    for key, weights in ckpt["nets"].items():
        net = ActorCritic(
            game.observation_size(),
            game.info.num_actions,
            tuple(settings["hidden"]),
            advice=settings.get("advice"),
            advice_weight=float(settings.get("advice_weight", 3.0)),
        )
        load_weights(net, weights, f"weights of {key!r}")
        nets[key] = net
    return nets


class PPOAgent:
    """Samples from the masked policy of its seat's role with the caller's numpy generator."""

    omniscient = False

    def __init__(
        self, nets: dict[str, ActorCritic], name: str = "ppo", greedy: bool = False
    ) -> None:
        self.nets = nets
        self.name = name
        self.greedy = greedy
        self.advisors = {
            key: Advisor(net.advice) for key, net in nets.items() if net.advice is not None
        }
        for net in nets.values():
            net.eval()
        self._last: tuple[npt.NDArray[np.float64], float, npt.NDArray[np.intp]] | None = None

    @classmethod
    def from_checkpoint(
        cls, path: str | Path, game: Any, name: str = "ppo", greedy: bool = False
    ) -> PPOAgent:
        ckpt = load_checkpoint(path)
        try:
            check_checkpoint(ckpt, game)
            nets = _networks(ckpt, game)
        except CheckpointError as exc:  # name the file: a tournament may load several
            raise CheckpointError(f"{path}: {exc}") from exc
        except UNFIT as exc:  # settings that build no network
            raise CheckpointError(f"{path}: checkpoint settings: {one_line(exc)}") from exc
        return cls(nets, name=name, greedy=greedy)

    def _key(self, ctx: AgentContext) -> str:
        """The network of the role the seat plays now (GameInfo's roles, late ones included), or
        the shared one."""
        return SHARED if SHARED in self.nets else ctx.role_now()

    def explain(self) -> dict[str, Any]:
        """The last decision, for recordings: the policy's probabilities over the legal actions
        (keys are action ids as text) and the critic's value estimate."""
        if self._last is None:
            return {}
        probs, value, legal = self._last
        return {"probs": {str(a): round(float(probs[a]), 4) for a in legal}, "value": value}

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        key = self._key(ctx)
        net, advisor = self.nets[key], self.advisors.get(key)
        x = policy_input(ctx.observation, len(ctx.action_mask), advisor, ctx, rng)
        with torch.no_grad():
            obs = torch.from_numpy(x).unsqueeze(0)
            mask = torch.from_numpy(ctx.action_mask).unsqueeze(0)
            probs = net.distribution(obs, mask).probs[0].numpy().astype(np.float64)
            self._last = (probs, float(net.value(obs)[0]), np.flatnonzero(ctx.action_mask))
        if self.greedy:
            return int(np.argmax(probs))
        probs = probs * (ctx.action_mask > 0)
        return int(rng.choice(len(probs), p=probs / probs.sum()))
