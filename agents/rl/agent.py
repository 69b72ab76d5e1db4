"""A trained PPO policy as an Agent (shared/DESIGN.md §4 protocol)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import torch

from agents.base import AgentContext
from agents.rl.network import ActorCritic
from agents.rl.ppo import ROLES, check_checkpoint, load_checkpoint


class PPOAgent:
    """Samples from the masked policy of its role with the caller's numpy generator."""

    omniscient = False

    def __init__(
        self, nets: dict[str, ActorCritic], name: str = "ppo", greedy: bool = False
    ) -> None:
        self.nets = nets
        self.name = name
        self.greedy = greedy
        for net in nets.values():
            net.eval()

    @classmethod
    def from_checkpoint(
        cls, path: str | Path, game: Any, name: str = "ppo", greedy: bool = False
    ) -> PPOAgent:
        ckpt = load_checkpoint(path)
        check_checkpoint(ckpt, game)
        hidden = tuple(ckpt["settings"]["hidden"])
        nets = {}
        for key, weights in ckpt["nets"].items():
            net = ActorCritic(game.observation_size(), game.info.num_actions, hidden)
            net.load_state_dict(weights)
            nets[key] = net
        return cls(nets, name=name, greedy=greedy)

    def _net(self, seat: int) -> ActorCritic:
        if "shared" in self.nets:
            return self.nets["shared"]
        return self.nets[ROLES[0 if seat == 0 else 1]]

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        with torch.no_grad():
            obs = torch.from_numpy(ctx.observation).unsqueeze(0)
            mask = torch.from_numpy(ctx.action_mask).unsqueeze(0)
            probs = self._net(ctx.seat).distribution(obs, mask).probs[0].numpy().astype(np.float64)
        if self.greedy:
            return int(np.argmax(probs))
        probs = probs * (ctx.action_mask > 0)
        return int(rng.choice(len(probs), p=probs / probs.sum()))
