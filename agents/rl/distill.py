"""Distilling a search expert into the policy (expert iteration).

Anthony, Tian & Barber 2017 ("Thinking Fast and Slow with Deep Learning and Tree Search") and
AlphaZero train the policy towards the root visit distribution of a tree search. Here the
search is the ISMCTS agent of `configs/acceptance_ismcts.yaml`, which plays far better than a
few CPU-minutes of PPO can learn from game outcomes alone (docs/agents.md); its games are
generated offline (`nemesis expert`, agents/rl/expert_data.py) and shipped.

`ExpertTargets` replays those games into what the policy sees at each searched decision (the
observation, and the advised move's one-hot when the policy takes advice, drawn with a
generator seeded by the decision so it is reproducible), the legal mask and the target
`visits ** (1 / temperature)`, normalised. PPO then adds `expert_coef` times the cross-entropy
from those targets to the policy of the expert's role on a minibatch drawn with the trainer's
generator, and `expert_pretrain_steps` fits the policy to them before the first rollout.
The targets read only what the seat saw when it moved, so the policy stays fair.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch

from agents.base import AgentContext
from agents.kit import KitError, kit_for
from agents.play import new_state
from agents.rl.advice import Advisor
from agents.rl.expert_data import DatasetError, ExpertGame, load_dataset
from agents.rl.network import ActorCritic


def dataset_path(name: str, game: Any) -> Path:
    """The file that `expert_data` names: a dataset shipped in the game's agent kit
    (`AgentKit.expert_datasets`) by name, or else a path."""
    try:
        return kit_for(game).dataset(name)
    except KitError:
        return Path(name)


class ExpertTargets:
    """Network inputs, masks and visit targets of every searched decision of the expert seat."""

    def __init__(
        self,
        game: Any,
        names: str | Sequence[str],
        advice: str | None,
        temperature: float,
        seed: int,
    ) -> None:
        if not temperature > 0:
            raise ValueError(f"expert_temperature must be positive, got {temperature}")
        names = [names] if isinstance(names, str) else list(names)
        if not names:
            raise DatasetError("expert_data names no dataset")
        advisor = Advisor(advice) if advice is not None else None
        seats: set[int] = set()
        inputs: list[np.ndarray] = []
        masks: list[np.ndarray] = []
        targets: list[np.ndarray] = []
        game_of: list[int] = []  # per decision, its game's number in self.games
        self.games: list[tuple[str, int]] = []  # (dataset, game index) of every game replayed
        for k, name in enumerate(names):
            header, games = load_dataset(dataset_path(name, game), game)
            seats.add(int(header["seat"]))
            if len(seats) > 1:
                raise DatasetError(
                    f"expert datasets {names} record different seats {sorted(seats)}: "
                    "pool only datasets of one seat"
                )
            count = len(inputs)
            for g in games:
                game_number = len(self.games)
                self.games.append((name, g.index))
                for x, mask, target in _replay(game, g, int(header["seat"]), advisor,
                                               temperature, seed, k):  # fmt: skip
                    inputs.append(x)
                    masks.append(mask)
                    targets.append(target)
                    game_of.append(game_number)
            if len(inputs) == count:
                raise DatasetError(f"expert dataset {name!r} holds no searched decisions")
        self.seat = seats.pop()
        self.role = game.info.seat_roles[self.seat]  # the role whose policy learns the targets
        self.inputs = torch.from_numpy(np.stack(inputs))
        self.masks = torch.from_numpy(np.stack(masks))
        self.targets = torch.from_numpy(np.stack(targets))
        self.game_of = torch.tensor(game_of)

    def __len__(self) -> int:
        return len(self.targets)

    def split(self, holdout: float) -> tuple[torch.Tensor, torch.Tensor]:
        """Decision indices of the first games and of the last `holdout` share of the games
        (whole games held out, since decisions of one game are alike)."""
        if not 0 < holdout < 1:
            raise ValueError(f"holdout must lie strictly between 0 and 1, got {holdout}")
        first_held = len(self.games) - max(1, round(holdout * len(self.games)))
        if first_held < 1:
            raise ValueError(f"holdout {holdout} leaves no game of {len(self.games)} to fit")
        held = self.game_of >= first_held
        return torch.nonzero(~held).flatten(), torch.nonzero(held).flatten()

    def measure(self, net: ActorCritic, idx: torch.Tensor) -> dict[str, float]:
        """On the decisions `idx`: the policy's cross-entropy from the targets, the targets' own
        entropy (the floor of that cross-entropy), and how often the policy's likeliest move is
        the expert's most visited one."""
        with torch.no_grad():
            log_probs = net.distribution(self.inputs[idx], self.masks[idx]).logits
            targets = self.targets[idx]
            cross_entropy = -(targets * log_probs).sum(-1).mean()
            entropy = -(targets * torch.log(targets.clamp_min(1e-12))).sum(-1).mean()
            agree = (log_probs.argmax(-1) == targets.argmax(-1)).float().mean()
        return {"cross_entropy": float(cross_entropy), "target_entropy": float(entropy),
                "agreement": float(agree)}  # fmt: skip

    def loss(
        self, net: ActorCritic, size: int, gen: torch.Generator, among: torch.Tensor | None = None
    ) -> torch.Tensor:
        """Cross-entropy of the policy from the targets on `size` decisions drawn with `gen`
        (from all of them, or from the indices `among`)."""
        if among is None:
            idx = torch.randint(len(self), (size,), generator=gen)
        else:
            idx = among[torch.randint(len(among), (size,), generator=gen)]
        log_probs = net.distribution(self.inputs[idx], self.masks[idx]).logits
        return -(self.targets[idx] * log_probs).sum(-1).mean()

    def fit(
        self,
        net: ActorCritic,
        optim: torch.optim.Optimizer,
        steps: int,
        size: int,
        max_grad_norm: float,
        gen: torch.Generator,
        among: torch.Tensor | None = None,
    ) -> None:
        """`steps` optimiser steps on the cross-entropy alone, `size` decisions each (drawn
        from all of them, or from the indices `among`)."""
        for _ in range(steps):
            loss = self.loss(net, size, gen, among)
            optim.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_grad_norm)
            optim.step()


def _replay(
    game: Any,
    g: ExpertGame,
    seat: int,
    advisor: Advisor | None,
    temperature: float,
    seed: int,
    dataset: int,
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(input, mask, target) per searched decision of game `g`, replaying its history."""
    n_actions = game.info.num_actions
    size = game.observation_size()
    wanted = {d.position: d for d in g.decisions}
    out = []
    state = new_state(game)
    for position, action in enumerate(g.history):
        decision = wanted.get(position)
        if decision is not None:
            if state.current_player() != seat:
                raise DatasetError(
                    f"expert game {g.index}: move {position} is seat "
                    f"{state.current_player()}'s, the dataset says seat {seat}'s"
                )
            view = game.view_for(state, seat)
            x = np.zeros(size + (n_actions if advisor is not None else 0), dtype=np.float32)
            game.encode(view, x[:size])
            mask = np.zeros(n_actions, dtype=np.int8)
            mask[state.legal_actions()] = 1
            if advisor is not None:
                ctx = AgentContext(
                    seat=seat, observation=x[:size], action_mask=mask, view=view, game=game
                )
                # the first dataset's advice draws keep their seeds; each later one has its own
                key = [seed, g.index, position] + ([dataset] if dataset else [])
                rng = np.random.default_rng(key)
                advisor.advise_into(ctx, rng, x[size:])
            target = np.zeros(n_actions, dtype=np.float32)
            weights = np.asarray(decision.visits, dtype=np.float64) ** (1.0 / temperature)
            target[list(decision.legal)] = weights / weights.sum()
            if np.any(target[mask == 0] > 0):
                raise DatasetError(f"expert game {g.index}: move {position} targets illegal moves")
            out.append((x, mask, target))
        state.apply_action(action)
    if not state.is_terminal() or tuple(state.returns()) != g.returns:
        # The rules changed under the dataset (its rules version should have said so).
        raise DatasetError(
            f"expert game {g.index}: replaying its history does not end the game with the "
            f"recorded returns {list(g.returns)}; regenerate the dataset (nemesis expert)"
        )
    return out
