"""Trajectory leaks (shared/DESIGN.md §5.4; issue 10): two states that differ only in what one
seat cannot see must give that seat the same observation, mask, infos, rendered view and
`agent_selection` at every step, until public information separates them.

For every registered game (tests/games.py) and random mid-game states: the twin of a state is
`game.sample_world(game.view_for(state, seat), rng)`, a world `seat` cannot tell apart from the
real one. Both are loaded into PettingZoo envs and played forward in lockstep:

- when it is `seat`'s turn, the same action is applied to both, chosen from `seat`'s own
  observation (its mask);
- when another seat acts, the two worlds may give it different masks (they are its own hidden
  cards); its action is drawn from the ids legal in both and applied to both; when no id is
  legal in both, the worlds are *separated* by that seat's hidden cards (the pair stops there);
- chance outcomes are drawn in the real world and replayed in the twin (a subclass of the env
  takes them from a shared script instead of its generator); when the twin cannot draw the same
  outcome (its hidden deck differs), the worlds are *separated* by chance.

- after every mirrored step, when the spectator (seat -1, who sees public information only)
  can tell the two worlds apart, public information separates them: a reveal made an earlier
  hidden choice public (e.g. face-down cards turned over), and the pair stops there.

- after a step that `seat` did not take, when `seat`'s own view of the two worlds differs, that
  step showed `seat` something hidden (e.g. Not Alone's Phobia shows the Creature a Hunted's
  cards): its own hidden information separates them, and the pair stops there.

Operationally "separated" means exactly these four: the next action or chance outcome cannot
be mirrored in the twin, the spectator's views of the two worlds differ, or another actor's
step changed what `seat` knows differently in the two worlds. Until then every check must hold:
an action id means the same public thing in both worlds, so the same ids and outcomes must
look the same to `seat`, and whose turn it is must not differ.

What this cannot catch: a window that opens on hidden cards in a game whose views show the
decision stack to everyone (Not Alone's do) makes the spectator's views differ too, so it
reads as a public separation. Telling a reveal from such a window needs the events each step
logs, with their visibility (shared/DESIGN.md §2 "Events"), which the kernel's State protocol
does not expose yet; issue 10 item 8.1 needs Not Alone's own test until it does. A window that opens
for a seat only because of its hidden cards shows up as a different `agent_selection` (or mask
of the observer) before any separation, which is the leak this test exists to catch.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.envs.aec import NemesisAECEnv
from tests import games
from tests.test_info_leaks import random_states

MAX_STEPS = 400


class Separated(Exception):
    """The real world's next chance outcome cannot be mirrored in the twin."""


class ChanceScript:
    """Chance outcomes drawn by the leading env and replayed, in order, by the following one."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.queue: list[int] = []

    def lead(self, state: Any) -> int:
        outcome = sample_outcome(state.chance_outcomes(), self.rng)
        self.queue.append(outcome)
        return outcome

    def follow(self, state: Any) -> int:
        if not self.queue or self.queue[0] not in state.legal_actions():
            raise Separated
        return self.queue.pop(0)


class MirroredEnv(NemesisAECEnv):
    """The game's own AEC env started from a given state, its chance drawn from a script."""

    def __init__(self, name: str, params: dict[str, Any], state: Any, draw: Any) -> None:
        super().__init__(name, **params)
        self.draw = None
        self.reset(seed=0)  # lays out agents, rewards and infos; the state is replaced next
        self.draw = draw
        self.state_ = state
        self.infos = {a: {"action_mask": self._zero_mask} for a in self.agents}
        self._select_current()

    def _resolve_chance(self) -> None:
        if self.draw is None:
            super()._resolve_chance()
            return
        while self.state_.current_player() == CHANCE:
            self.state_.apply_action(self.draw(self.state_))


def what_seat_gets(env: NemesisAECEnv, agent: str) -> tuple[object, ...]:
    obs = env.observe(agent)
    return (
        env.agent_selection,
        obs["observation"].tobytes(),
        obs["action_mask"].tobytes(),
        env.infos[agent]["action_mask"].tobytes(),
        env.terminations[agent],
        env.render_view(agent),
    )


def follow_pair(
    name: str, params: dict[str, Any], state: Any, seat: int, rng: np.random.Generator
) -> int:
    """Plays `state` and its twin for `seat` in lockstep; returns the steps compared.
    Fails as soon as `seat` could tell the two apart before they separate."""
    g = games.game(name, params)
    twin = g.sample_world(g.view_for(state, seat), rng)
    script = ChanceScript(rng)
    real = MirroredEnv(name, params, state.clone(), script.lead)
    other = MirroredEnv(name, params, twin, script.follow)
    agent = real.possible_agents[seat]
    actor = agent
    for step in range(MAX_STEPS):
        if g.view_for(real.state_, -1) != g.view_for(other.state_, -1):
            return step  # separated by public information (a reveal)
        if actor != agent and g.view_for(real.state_, seat) != g.view_for(other.state_, seat):
            return step  # another actor's step showed `seat` something hidden
        seen, seen_twin = what_seat_gets(real, agent), what_seat_gets(other, agent)
        labels = ("agent_selection", "observation", "mask", "infos mask", "termination", "view")
        for label, a, b in zip(labels, seen, seen_twin, strict=True):
            assert a == b, (
                f"{name} {params}: {agent} tells the worlds apart by its {label} after {step} "
                f"mirrored steps ({seen[0]} acts in the real world, {seen_twin[0]} in the twin)"
            )
        if real.state_.is_terminal():
            return step
        actor = real.agent_selection
        both = real.infos[actor]["action_mask"] & other.infos[actor]["action_mask"]
        if not both.any():
            return step  # separated by the actor's own hidden cards
        action = int(rng.choice(np.flatnonzero(both)))
        real.step(action)
        try:
            other.step(action)
        except Separated:
            return step  # separated by a chance outcome the twin cannot draw
        if script.queue:
            return step  # the real world drew more than the twin could follow
    return MAX_STEPS


@pytest.mark.parametrize(("name", "params"), games.cases())
def test_twins_look_the_same_until_public_information_separates_them(
    name: str, params: dict[str, Any]
) -> None:
    rng = np.random.default_rng(params["players"])
    states = random_states(name, params)
    picks = rng.choice(len(states), size=min(len(states), 12), replace=False)
    compared = 0
    for index in sorted(int(i) for i in picks):
        for seat in range(params["players"]):
            compared += follow_pair(name, params, states[index], seat, rng)
    assert compared >= 2 * len(picks), "the twins separated at once: the test checks nothing"
