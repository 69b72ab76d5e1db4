"""The documented weights and thresholds of the Nemesis heuristic crew (docs/agents.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CrewParams:
    """Every number the crew's rules use; the defaults are the measured ones of docs/agents.md.

    Wounds are counted as `serious + light / 2` ("wound load"); a character dies at the next
    wound after its third serious one, so 2.0 already means one bad attack from death.
    """

    # fight or flee (the combat die's odds: lookup.HIT_CHANCE)
    # at or above: leave a room with Intruders rather than fight; 9.0 never (a flight draws an
    # attack from every Intruder in the room: 101 of 170 combat deaths in 100 games followed
    # one when this was 2.0, and survival rose 11.0% -> 14.4% without it, seeds 0-399)
    flee_wound_load: float = 9.0
    shoot_min_odds: float = 0.5  # shoot only when one roll injures the target this often
    melee_min_odds: float = 0.8
    # without a good shot, pass rather than flee when another character here holds fewer cards
    stay_when_shielded: bool = True  # melee (a miss is a serious wound) only against small ones
    # play the character cards of a fight (combat_cards.py): escape without attacks
    # (Suppressive / Covering Fire), shoot or escape for no card (Adrenaline, Taking Aim)
    combat_cards: bool = True
    # keep the weapons loaded (arms.py): the Reload card whenever the Six-Shooter is not full,
    # an Energy Charge on a weapon down to `reload_at_ammo` rounds, and the Armory when one is
    # that low and the Armory is seen within `armory_reach` rooms
    keep_ammo: bool = True
    reload_at_ammo: int = 0
    armory_reach: int = 0
    # healing
    heal_wound_load: float = 1.0  # at or above: use a medical item / the Emergency Room
    # the plan's clock (the time track counts down; hibernation opens at 8 in the base game)
    tasks_until_time: int = 11  # after this turn, ship tasks are dropped: head for safety
    tasks: tuple[str, ...] = ("cockpit", "engine_0", "engine_1", "engine_2")  # shared by seat
    check_engines: bool = False  # visit an engine only to check it (without a repair card)
    # at an engine not known to work, holding a Repairs card its cost makes unplayable: pass and
    # repair next round rather than check the engine with cards that include the Repairs card
    wait_to_repair: bool = True
    # movement: a room's risk (the step with the lowest distance x weight + risk is taken)
    distance_weight: float = 1.0
    intruder_risk: float = 6.0  # per Intruder in the room entered
    fire_risk: float = 1.0
    # a burning room that is the open way off the ship (the Hibernatorium from the blue spaces,
    # a boardable pod's section) is entered anyway: hibernating there ends the fire's threat
    enter_burning_safety: bool = True
    # ... and on the way there, a burning room the seat can leave again in the same round
    fire_pass_through: bool = True
    # ... nor its Noise roll: the hibernation or boarding attempt rolls for noise in the same
    # corridors, and waiting outside clears none of them (docs/agents.md "Session 25")
    enter_noisy_safety: bool = True
    # standing in a malfunctioning Hibernatorium (no room action, so no hibernating), remove the
    # Malfunction with a Repairs-type card
    fix_hibernatorium: bool = True
    # a closed door bars every way nearer the goal: Demolition or Computer Skills opens it;
    # measured and not adopted (docs/agents.md "Session 19"): off
    open_doors: bool = False
    unexplored_risk: float = 0.3
    noise_risk: float = 3.0  # times the chance that the noise roll brings an encounter
    careful_min_cards: int = 4  # careful movement (cost 2) only with this many cards in hand
    careful_min_risk: float = 0.35  # ... and when the room entered is at least this risky
    # Reconnaissance (Scout) instead of a careful move, or of a move whose Noise roll brings an
    # Intruder at least this often
    recon_moves: bool = True
    recon_min_chance: float = 0.2
    # contamination: play Rest (scan the hand) when this many contamination cards are in hand
    rest_min_contamination: int = 1
    # contamination: from this turn (and before the rush) a character at risk in the victory
    # check's draw goes to a seen Surgery within `surgery_reach` rooms; 0 turns it off
    surgery_at_time: int = 0  # measured, not adopted (docs/agents.md, "Session 18")
    surgery_reach: int = 4
    # search for items when unarmed and holding at least this many cards
    search_min_cards: int = 3
    # fire: the nearest character within reach uses the Fire Control System from this many
    # burning rooms (a ninth fire marker destroys the ship), or when Intruders hold the open
    # Hibernatorium (they flee)
    fire_control_min_fires: int = 1
    fire_control_reach: int = 20
    # the way to the Fire Control System weighs distance this many times more than other goals
    # (a room's risk against a room nearer): with the normal weight a seat one room away from
    # it passed rather than step into a burning or noisy room while the ship burned down
    fire_control_urgency: float = 6.0
    fire_control_skip_malfunction: bool = True  # a malfunctioning Fire Control System: not a goal
    # put out the fire of the room with Pyrotechnics or a Fire Extinguisher rather than leave it
    douse_fire: bool = True
    # close an open door of the room that the next spreading Event would carry fire through,
    # when that spread would need a ninth Fire marker (fire.firebreak_door); with a margin of m,
    # already when it would need the (9 - m)th
    firebreak: bool = False  # measured, not adopted (docs/agents.md "Session 24")
    firebreak_margin: int = 0
    # standing where a ship task or a system goal needs the room action while the room
    # malfunctions (no room action, §6): remove the Malfunction with a Repairs card or item
    repair_task_room: bool = True
    # objective errands (errands.py: Signals, analyses, the blue corpse, Eggs, exploring) are
    # run while the time track shows more than this many turns
    errands_until_time: int = 9
    # outside co-op, a seat whose objective needs a room it has not seen (the Comms Room, the
    # Laboratory, the Nest, the Surgery) or every room explored walks into unexplored rooms
    explore_for_objective: bool = False
    # co-op: the last this many active characters run every errand (the others, keepers, do
    # the ship tasks and seek safety, so that someone survives), until this time, exploring
    # for them when `runner_explores`. Three (all but one keeper) since session 14: a co-op
    # seat's return is the crew's win alone, and every runner buys cards at the price of
    # survivors (docs/agents.md "Three runners in co-op")
    coop_runners: int = 3
    runner_until_time: int = 6
    runner_explores: bool = True
    # pods: the nearest character within reach unlocks one at the Hatch Control System
    hatch_reach: int = 3
    # once the Hibernatorium is open, a boardable pod is preferred while at most this many rooms
    # farther than the Hibernatorium (a pod skips the engines and coordinates checks)
    pod_margin: int = 0
    # a seat whose chosen objective a launched pod meets (POD_OBJECTIVES) heads for a boardable
    # pod as soon as one exists, before the ship tasks and errands
    pod_first: bool = False
    # co-op without Destination: Earth (escape.py): leave in the pods, never hibernate, skip the
    # ship tasks, and start the self-destruct sequence at this time when a card wants the ship
    # destroyed
    coop_abandon: bool = True
    self_destruct_at_time: int = 9
    # the jump is near: from this time on only safety counts (no Fire Control, Emergency Room,
    # Hatch Control or AutoDoc detours), and a character outside it moves closer whatever the
    # risk, since staying aboard awake at the jump is certain death (0: never)
    rush_at_time: int = 3
