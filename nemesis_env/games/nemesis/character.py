"""One seat's character: position, body, cards and belongings (part of the State, state.py)."""

from __future__ import annotations

from nemesis_env.core.zones import Deck

NOWHERE = -1  # a room index for "not on the board"
UNKNOWN = -1  # a face-down fact nobody has seen yet

# Character status
ACTIVE, HIBERNATING, IN_POD, ESCAPED, DEAD = range(5)
STATUS_NAMES = ("active", "hibernating", "in_pod", "escaped", "dead")


class Character:
    """One seat's character: position, body, cards and belongings."""

    __slots__ = (
        "actions_left",
        "carried_eggs",
        "character",
        "deck",
        "discard",
        "draft",
        "hand",
        "heavy",
        "heavy_ammo",
        "inventory",
        "larva",
        "light_wounds",
        "objective",
        "objectives",
        "passed",
        "pod",
        "quest_active",
        "room",
        "serious",
        "signal",
        "slime",
        "status",
    )

    character: int  # index into data.characters, UNKNOWN before the draft
    draft: list[int]  # the two draft cards drawn (private), empty outside the draft
    room: int  # NOWHERE when hibernating, in a pod, escaped or dead
    status: int
    pod: int  # escape pod index while IN_POD or ESCAPED, else -1
    light_wounds: int  # 0..2 on the track
    serious: list[int]  # serious-wound card per wound; dressed ones are stored as ~card (< 0)
    slime: bool
    signal: bool
    larva: bool
    hand: list[int]  # action cards and contamination ids (private)
    deck: Deck  # unseen order; the owner knows its contents
    discard: list[int]  # face up, oldest first
    heavy: list[int]  # heavy items and objects held in hands (public)
    heavy_ammo: list[int]  # ammo per entry of `heavy` (0 for non-weapons)
    inventory: list[int]  # normal items (private; their deck colour is public)
    quest_active: list[bool]  # the character's two quest items
    objectives: list[int]  # the objective cards dealt (private)
    objective: int  # the one chosen at the first encounter, UNKNOWN before
    passed: bool
    actions_left: int
    carried_eggs: int  # eggs among `heavy` (kept apart for the Nest/Laboratory rules)

    def clone(self) -> Character:
        other = Character.__new__(Character)
        other.character = self.character
        other.draft = self.draft[:]
        other.room = self.room
        other.status = self.status
        other.pod = self.pod
        other.light_wounds = self.light_wounds
        other.serious = self.serious[:]
        other.slime = self.slime
        other.signal = self.signal
        other.larva = self.larva
        other.hand = self.hand[:]
        other.deck = self.deck.clone()
        other.discard = self.discard[:]
        other.heavy = self.heavy[:]
        other.heavy_ammo = self.heavy_ammo[:]
        other.inventory = self.inventory[:]
        other.quest_active = self.quest_active[:]
        other.objectives = self.objectives[:]
        other.objective = self.objective
        other.passed = self.passed
        other.actions_left = self.actions_left
        other.carried_eggs = self.carried_eggs
        return other

    @property
    def alive(self) -> bool:
        return self.status != DEAD

    @property
    def on_board(self) -> bool:
        return self.status == ACTIVE


def new_character() -> Character:
    c = Character.__new__(Character)
    c.character = UNKNOWN
    c.draft = []
    c.room = NOWHERE
    c.status = ACTIVE
    c.pod = -1
    c.light_wounds = 0
    c.serious = []
    c.slime = False
    c.signal = False
    c.larva = False
    c.hand = []
    c.deck = Deck()
    c.discard = []
    c.heavy = []
    c.heavy_ammo = []
    c.inventory = []
    c.quest_active = [False, False]
    c.objectives = []
    c.objective = UNKNOWN
    c.passed = False
    c.actions_left = 0
    c.carried_eggs = 0
    return c
