"""The 20 Intruder Attack cards, one scenario per copy: its effect when the attacker's symbol is
on it, a miss when it is not, and its blood value (or Retreat) in an Injury check
(nemesis-reference.md §11, §7.4, §7.6; Summoning's symbols: docs/rules-decisions.md 44).

§11: Scratch x4 (2, 3, 5, 6; C A B Q), Claw Attack x4 (3, 4, 5, Retreat; A B Q), Bite x4 (4, 4,
6, Retreat; A B Q), Tail Attack x2 (2, 5; Q), Frenzy x2 (3, 4; B Q), Transformation x2 (4, 5;
C), Slime x1 (5; C A B Q), Summoning x1 (3; C Q).
"""

from __future__ import annotations

import pytest

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import intruders
from nemesis_env.games.nemesis.rules.intruders import ADULT, BREEDER, CREEPER, QUEEN
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, DEAD, NOWHERE, State
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.items_helpers import HIB, act, mini, scene, settle

RETREAT = 0  # how the data writes a Retreat blood value
TYPES = {"C": CREEPER, "A": ADULT, "B": BREEDER, "Q": QUEEN}
# §11: card -> (blood values, one per copy; attackers)
REFERENCE: dict[str, tuple[tuple[int, ...], str]] = {
    "scratch": ((2, 3, 5, 6), "CABQ"),
    "claw_attack": ((3, 4, 5, RETREAT), "ABQ"),
    "bite": ((4, 4, 6, RETREAT), "ABQ"),
    "tail_attack": ((2, 5), "Q"),
    "frenzy": ((3, 4), "BQ"),
    "transformation": ((4, 5), "C"),
    "slime": ((5,), "CABQ"),
    "summoning": ((3,), "CQ"),
}
COPIES = [(op, n) for op, (bloods, _) in REFERENCE.items() for n in range(len(bloods))]


def copy_index(s: State, op: str, n: int) -> int:
    """The deck index of the n-th copy of `op` with the reference's blood value for it."""
    blood = REFERENCE[op][0][n]
    same = REFERENCE[op][0][:n].count(blood)
    pairs = zip(s.game.attack_op, s.game.attack_blood, strict=True)
    matches = [i for i, (o, b) in enumerate(pairs) if o == op and b == blood]
    return matches[same]


def attacked(op: str, n: int, kind: int, hand: int = 5, serious: int = 0) -> tuple[State, int]:
    """An Intruder of `kind` in the Hibernatorium attacks seat 0 and draws this copy."""
    s = scene(cards=hand)
    s.chars[0].serious = list(range(serious))
    m = mini(s, kind)
    s.intruder_room[m] = HIB
    intruders.attack(s, m, 0)
    s.game.rules.settle(s)
    chance(s, CHANCE.attack, copy_index(s, op, n))
    return s, m


def unhurt(s: State) -> bool:
    c = s.chars[0]
    return (c.light_wounds, c.serious, c.slime, c.status) == (0, [], False, ACTIVE) and \
        c.discard.count(s.game.contam_unknown) == 0  # fmt: skip


def check_effect(op: str, n: int) -> None:
    """The card's effect (§11), against an attacker whose symbol it shows."""
    attacker = TYPES[REFERENCE[op][1][-1]]  # the last symbol listed
    if op in ("scratch", "claw_attack", "slime"):
        s, _ = attacked(op, n, attacker)
        c = s.chars[0]
        light = {"scratch": 1, "claw_attack": 2, "slime": 0}[op]
        assert c.light_wounds == light and c.slime == (op == "slime")
        assert c.discard.count(s.game.contam_unknown) == 1  # + 1 contamination card
    elif op in ("bite", "tail_attack"):
        deadly = 2 if op == "bite" else 1  # Bite: 2+ Serious -> death; Tail: 1+
        s, _ = attacked(op, n, attacker, serious=deadly - 1)
        assert s.chars[0].status == ACTIVE and top_kind(s) == Kind.WOUND_CARD
        s, _ = attacked(op, n, attacker, serious=deadly)
        assert s.chars[0].status == DEAD
    elif op == "frenzy":
        check_frenzy(n, attacker)
    elif op == "transformation":
        check_transformation(n)
    else:
        check_summoning(n, attacker)


def check_frenzy(n: int, attacker: int) -> None:
    """Every Character in the room with 2+ Serious Wounds dies, all others 1 Serious Wound."""
    s = scene()
    s.chars[1].room, s.chars[2].room = HIB, HIB
    s.chars[1].serious = [0, 1]
    m = mini(s, attacker)
    s.intruder_room[m] = HIB
    intruders.attack(s, m, 0)
    s.game.rules.settle(s)
    chance(s, CHANCE.attack, copy_index(s, "frenzy", n))
    assert s.chars[1].status == DEAD
    wounded = sorted(d.payload.seat for d in s.stack if d.kind == Kind.WOUND_CARD)
    assert wounded == [0, 2] and s.chars[3].status == ACTIVE


def check_transformation(n: int) -> None:
    """The attacking Creeper is replaced by a Breeder; with no cards in hand the Breeder makes
    a Surprise Attack."""
    s, creeper = attacked("transformation", n, CREEPER)
    assert s.intruder_room[creeper] == NOWHERE and unhurt(s)
    assert [s.game.mini_type[m] for m in s.intruders_in(HIB)] == [BREEDER]
    assert top_kind(s) == Kind.ROUND
    s, _ = attacked("transformation", n, CREEPER, hand=0)
    assert top_kind(s) == Kind.ATTACK_CARD  # the Breeder's surprise attack draws its card
    assert s.game.mini_type[s.stack[-1].payload.intruder] == BREEDER


def check_summoning(n: int, attacker: int) -> None:
    """Draw a bag token and place that Intruder in the room; it makes no attack, not even a
    surprise one (seat 0 has no cards)."""
    s, _ = attacked("summoning", n, attacker, hand=0)
    assert top_kind(s) == Kind.BAG_DRAW
    token = next(t for t in s.game.tokens_of_type[ADULT] if s.game.token_surprise[t] == 4)
    if token not in s.bag.counts():
        s.bag.put(token)
    chance(s, CHANCE.token, token)
    assert ADULT in [s.game.mini_type[m] for m in s.intruders_in(HIB)]
    assert top_kind(s) == Kind.ROUND and unhurt(s)


@pytest.mark.parametrize(("op", "n"), COPIES, ids=[f"{op}-{n}" for op, n in COPIES])
def test_attack_card(op: str, n: int) -> None:
    """§11: the copy's effect on a hit; §7.4: a miss without the attacker's symbol; §7.6: its
    blood value read in an Injury check (Retreat: the Intruder flees)."""
    check_effect(op, n)
    missing = [k for letter, k in TYPES.items() if letter not in REFERENCE[op][1]]
    for kind in missing:
        s, _ = attacked(op, n, kind)
        assert unhurt(s) and top_kind(s) == Kind.ROUND, kind
    check_blood(op, n)


def check_blood(op: str, n: int) -> None:
    """An Adult shot for 1 Injury: with blood - 1 injuries then it dies on this card (blood at
    most its injuries), with blood - 2 it lives; a Retreat card makes it flee (§7.6)."""
    blood = REFERENCE[op][0][n]
    for before, dies in ((blood - 1, True), (blood - 2, False)):
        if blood == RETREAT and not dies:
            return
        s = scene()
        adult = mini(s, ADULT)
        s.intruder_room[adult], s.intruder_injuries[adult] = HIB, max(before, 0)
        act(s, "shoot", adult)
        settle(s)
        chance(s, CHANCE.combat, 3)  # 1 hit (§7.3)
        chance(s, CHANCE.attack, copy_index(s, op, n))
        if blood == RETREAT:
            assert top_kind(s) == Kind.FLEE_DIRECTION and s.intruder_room[adult] == HIB
        else:
            assert (s.intruder_room[adult] == NOWHERE) == dies, (op, blood, before)
