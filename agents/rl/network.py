"""Actor-critic MLP and the masked categorical distribution (shared/DESIGN.md §4).

Illegal actions get the dtype's minimum logit, so they have zero probability without NaNs, and
the entropy counts legal actions only (sb3-contrib MaskableCategorical, CleanRL's invalid-action
masking).
"""

from __future__ import annotations

import torch
from torch import nn
from torch.distributions import Categorical


class MaskedCategorical(Categorical):
    def __init__(self, logits: torch.Tensor, mask: torch.Tensor) -> None:
        self.legal = mask.bool()
        masked = logits.masked_fill(~self.legal, torch.finfo(logits.dtype).min)
        super().__init__(logits=masked)

    def entropy(self) -> torch.Tensor:
        p_log_p = torch.where(self.legal, self.probs * self.logits, torch.zeros_like(self.probs))
        return -p_log_p.sum(-1)


def _layer(n_in: int, n_out: int, gain: float) -> nn.Linear:
    layer = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(layer.weight, gain)
    nn.init.zeros_(layer.bias)
    return layer


class ActorCritic(nn.Module):
    """Separate actor and critic MLPs over the flat observation.

    With `advice` (agents/rl/advice.py) the input is the observation followed by a one-hot of
    the advisor's move, and the logits get `advice_gain * one_hot` added, a learned scalar
    that starts at `advice_weight`: the untrained policy then plays close to the advisor.
    """

    def __init__(
        self,
        obs_size: int,
        num_actions: int,
        hidden: tuple[int, ...],
        advice: str | None = None,
        advice_weight: float = 3.0,
    ) -> None:
        super().__init__()
        self.obs_size, self.num_actions, self.hidden = obs_size, num_actions, tuple(hidden)
        self.advice = advice
        self.input_size = obs_size + (num_actions if advice is not None else 0)
        self.actor = self._mlp(self.input_size, hidden, num_actions, out_gain=0.01)
        self.critic = self._mlp(self.input_size, hidden, 1, out_gain=1.0)
        if advice is not None:
            self.advice_gain = nn.Parameter(torch.tensor(float(advice_weight)))

    @staticmethod
    def _mlp(n_in: int, hidden: tuple[int, ...], n_out: int, out_gain: float) -> nn.Sequential:
        layers: list[nn.Module] = []
        for size in hidden:
            layers += [_layer(n_in, size, 2**0.5), nn.Tanh()]
            n_in = size
        layers.append(_layer(n_in, n_out, out_gain))
        return nn.Sequential(*layers)

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.critic(obs)
        return out.squeeze(-1)

    def distribution(self, obs: torch.Tensor, mask: torch.Tensor) -> MaskedCategorical:
        logits = self.actor(obs)
        if self.advice is not None:
            logits = logits + self.advice_gain * obs[..., self.obs_size :]
        return MaskedCategorical(logits, mask)
