"""Self-play rollouts on the kernel: K games at once, network decisions batched per policy.

Each game picks which role the learner plays (the roles that GameInfo names, in a fixed
pattern by `role_shares`) on every seat of that role; the other seats are the learner too
(self-play), a frozen snapshot, or a fixed agent (heuristic, random). Only complete games are
collected, so every learner trajectory ends with its true terminal reward and needs no
bootstrapping.

A late role (GameInfo.late_roles, a seat that takes the enemy over) is a role like the others:
its own policy, its own share of the learner's games. Each decision goes to the controller and
policy of the role its seat plays now (Game.role_of), and a seat's trajectory in each role is
separate, ending with that role's result (Game.role_results): a crew seat that dies ends its
crew trajectory with the crew's loss, and its intruder trajectory starts fresh.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

from agents.base import Agent, AgentContext
from agents.play import new_state
from agents.rl.advice import Advisor
from agents.rl.network import ActorCritic
from agents.rl.shaping import Shaping
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE

LEARNER = "learner"


def seat_role_indices(info: Any) -> list[int]:
    """Per seat, the index of its role in `info.roles` (what Batch.role and GameStats hold)."""
    return [info.roles.index(role) for role in info.seat_roles]


def learner_role(k: int, shares: Sequence[float]) -> int:
    """The learner's role (an index into `shares`) in game k: a fixed pattern, no randomness.

    Role 0 takes game k when the running count ceil(k * p0) steps up (p0 = its share); the
    games it leaves go to the next roles in the same way, with the shares renormalised over
    what is left, and the last role takes the rest. So after K games role r has had its share
    of them up to rounding, and two roles at 0.5 alternate, starting with role 0.
    """
    rest = 1.0
    for role, share in enumerate(shares[:-1]):
        p = share / rest
        if math.ceil((k + 1) * p) > math.ceil(k * p):
            return role
        k -= math.ceil(k * p)  # earlier games that went to this role
        rest -= share
    return len(shares) - 1


@dataclass
class Batch:
    """Learner transitions of one rollout, in collection order."""

    obs: list[npt.NDArray[np.float32]] = field(default_factory=list)
    mask: list[npt.NDArray[np.int8]] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    value: list[float] = field(default_factory=list)
    role: list[int] = field(default_factory=list)  # index into game.info.roles
    reward: list[float] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)
    next: list[int] = field(default_factory=list)  # same seat's next transition, -1 at the end
    potential: list[float] = field(default_factory=list)  # shaping potential (0 without)

    def __len__(self) -> int:
        return len(self.action)


@dataclass
class GameStats:
    learner_role: int  # index into game.info.roles
    opponent: str
    learner_return: float
    length: int
    learner_played: bool = True  # False: the learner's (late) role was never taken this game


@dataclass
class Slot:
    state: Any
    controllers: list[Any]  # per seat: LEARNER, ("snapshot", i) or an Agent
    late: dict[str, Any]  # per late role: the controller of a seat that takes it
    last_index: dict[tuple[int, int], int]  # (learner seat, role) -> its latest transition
    learner_role: int  # index into game.info.roles
    opponent: str
    length: int = 0


class RolloutCollector:
    """Plays batches of games; `policies` maps a controller key to an ActorCritic per role."""

    def __init__(
        self,
        game: Any,
        num_slots: int,
        choose_opponent: Callable[[np.random.Generator], tuple[str, Any]],
        rng: np.random.Generator,
        torch_gen: torch.Generator,
        role_shares: Sequence[float] | None = None,
        shaping: Shaping | None = None,
    ) -> None:
        self.game = game
        self.shaping = shaping
        self.num_slots = num_slots
        self.roles = tuple(game.info.roles)
        self.seat_role = seat_role_indices(game.info)
        self.has_late_roles = bool(game.info.late_roles)
        self.role_shares = (
            [1.0 / len(self.roles)] * len(self.roles) if role_shares is None else list(role_shares)
        )
        self.choose_opponent = choose_opponent
        self.rng = rng
        self.torch_gen = torch_gen
        self.players = game.info.num_players
        self.n_actions = game.info.num_actions
        self.games_started = 0
        self.advisors: dict[str, Advisor] = {}

    def _advisor(self, advice: str) -> Advisor:
        if advice not in self.advisors:
            self.advisors[advice] = Advisor(advice)
        return self.advisors[advice]

    def collect(
        self, min_steps: int, policy_for: Callable[[Any, int], ActorCritic]
    ) -> tuple[Batch, list[GameStats]]:
        batch, stats = Batch(), []
        slots = [self._new_slot() for _ in range(self.num_slots)]
        active = list(range(len(slots)))
        while active:
            waiting: dict[tuple[Any, int], list[int]] = {}
            still_active = []
            for i in active:
                slot = slots[i]
                self._advance(slot)
                # A new game may end with no network decision at all (a late role nobody
                # entered, played out by fixed agents): start another until one needs the net.
                while slot.state.is_terminal() and len(batch) < min_steps:
                    stats.append(self._finish(slot, batch))
                    slots[i] = slot = self._new_slot()
                    self._advance(slot)
                if slot.state.is_terminal():
                    stats.append(self._finish(slot, batch))
                    continue
                seat = slot.state.current_player()
                role = self.role_now(slot.state, seat)
                key = self._controller(slot, seat, role)
                waiting.setdefault((_hashable(key), role), []).append(i)
                still_active.append(i)
            active = still_active
            for (key, role), members in waiting.items():
                first = slots[members[0]]
                controller = self._controller(first, first.state.current_player(), role)
                net = policy_for(controller, role)
                group = [slots[i] for i in members]
                self._act_batch(net, group, role, key == LEARNER, batch)
        return batch, stats

    def _new_slot(self) -> Slot:
        role = learner_role(self.games_started, self.role_shares)
        self.games_started += 1
        opponent_name, opponent = self.choose_opponent(self.rng)
        controllers: list[Any] = []
        for seat in range(self.players):
            if self.seat_role[seat] == role or opponent_name == "self":
                controllers.append(LEARNER)
            elif isinstance(opponent, list):  # fixed agents, one per seat
                controllers.append(opponent[seat])
            else:
                controllers.append(opponent)
        late = {
            name: LEARNER if self.roles.index(name) == role or opponent_name == "self" else opponent
            for name in self.game.info.late_roles
        }
        state = new_state(self.game)
        return Slot(state, controllers, late, {}, role, opponent_name)

    def role_now(self, state: Any, seat: int) -> int:
        """The index (into game.info.roles) of the role `seat` plays now."""
        if not self.has_late_roles:
            return self.seat_role[seat]
        return self.roles.index(self.game.role_of(state, seat))

    def _controller(self, slot: Slot, seat: int, role: int) -> Any:
        """Who decides for `seat` in `role`: its own controller in its starting role, the late
        role's otherwise (a list of fixed agents, one per seat, keeps the seat's agent)."""
        if role == self.seat_role[seat]:
            return slot.controllers[seat]
        controller = slot.late[self.roles[role]]
        return controller[seat] if isinstance(controller, list) else controller

    def _advance(self, slot: Slot) -> None:
        """Plays chance and fixed agents until a network decision or the end."""
        state = slot.state
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), self.rng))
                continue
            role = self.role_now(state, seat)
            controller = self._controller(slot, seat, role)
            if not hasattr(controller, "act"):
                return
            state.apply_action(self._agent_action(controller, state, seat, role))
            slot.length += 1

    def _agent_action(self, agent: Agent, state: Any, seat: int, role: int) -> int:
        view = self.game.view_for(state, seat)
        mask = np.zeros(self.n_actions, dtype=np.int8)
        mask[state.legal_actions()] = 1
        obs = np.zeros(self.game.observation_size(), dtype=np.float32)
        ctx = AgentContext(seat, obs, mask, view, self.game, role=self.roles[role])
        return agent.act(ctx, self.rng)

    def _act_batch(
        self, net: ActorCritic, slots: list[Slot], role: int, learner: bool, batch: Batch
    ) -> None:
        """One decision in each of `slots`, all of seats playing `role`, by `net`."""
        obs = np.zeros((len(slots), net.input_size), dtype=np.float32)
        mask = np.zeros((len(slots), self.n_actions), dtype=np.int8)
        size = self.game.observation_size()
        advisor = None if net.advice is None else self._advisor(net.advice)
        for row, slot in enumerate(slots):
            seat = slot.state.current_player()
            view = self.game.view_for(slot.state, seat)
            self.game.encode(view, obs[row, :size])
            mask[row, slot.state.cached_legal()] = 1
            if advisor is not None:  # the advisor sees what the seat sees, nothing more
                name = self.roles[role]
                ctx = AgentContext(seat, obs[row, :size], mask[row], view, self.game, role=name)
                advisor.advise_into(ctx, self.rng, obs[row, size:])
        with torch.no_grad():
            obs_t = torch.from_numpy(obs)
            dist = net.distribution(obs_t, torch.from_numpy(mask))
            actions = torch.multinomial(dist.probs, 1, generator=self.torch_gen).squeeze(-1)
            logp = dist.log_prob(actions)
            values = net.value(obs_t) if learner else None
        shaping = self.shaping
        for row, slot in enumerate(slots):
            seat = slot.state.current_player()
            action = int(actions[row])
            if learner:
                potential = 0.0 if shaping is None else shaping.potential(slot.state, seat)
                previous = slot.last_index.get((seat, role))
                if previous is not None:
                    batch.next[previous] = len(batch)
                    if shaping is not None:  # gamma * phi(s') - phi(s)
                        shaped = shaping.gamma * potential - batch.potential[previous]
                        batch.reward[previous] += shaped
                slot.last_index[seat, role] = len(batch)
                batch.next.append(-1)
                batch.obs.append(obs[row])
                batch.mask.append(mask[row])
                batch.action.append(action)
                batch.logp.append(float(logp[row]))
                batch.value.append(float(values[row]))  # type: ignore[index]
                batch.role.append(role)
                batch.reward.append(0.0)
                batch.potential.append(potential)
                batch.done.append(False)
            slot.state.apply_action(action)
            slot.length += 1

    def _finish(self, slot: Slot, batch: Batch) -> GameStats:
        result = {
            (r.seat, self.roles.index(r.role)): r.value for r in self.game.role_results(slot.state)
        }
        for key, index in slot.last_index.items():
            # with shaping: + phi(end) - phi(s), and phi of a finished game is 0
            batch.reward[index] = result[key] - batch.potential[index]
            batch.done[index] = True
        # the learner's return: its role's result at the first seat that played the role
        mine = [value for (_, role), value in result.items() if role == slot.learner_role]
        return GameStats(
            slot.learner_role, slot.opponent, mine[0] if mine else 0.0, slot.length, bool(mine)
        )


def _hashable(key: Any) -> Any:
    return key if isinstance(key, str | tuple) else id(key)
