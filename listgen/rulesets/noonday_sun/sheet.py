"""The ...In the Noonday Sun quick-reference sheet."""

from __future__ import annotations

from listgen.core.sheet import Block, Sheet, side_by_side, signed

from . import tables as T


def reference(army=None) -> Sheet:
    subtitle = "Full sheet" if army is None else f"For {army.name}"
    animals = army is None or any(u.animals for g in [army] for u in _units(army))
    blocks = [
        Block(
            "Organisation",
            T.REF_ORGANISATION,
            rows=[
                ["Level", "Made of"],
                ["Unit", "2-6 figures"],
                ["Section / squad / warband", "2-4 units under a leader"],
                ["Platoon", "2-4 sections under a leader"],
                [
                    "Company game",
                    "2-4 platoons under a company leader; each element a section of 8-12 figures, "
                    "one quality and motivation",
                ],
            ],
            text=[
                T.COHESION_NOTE,
                "Company game: treat each unit or base as one figure for combat resolution.",
                "Random quality (1D6 per element): 1 Green, 2-4 Trained, 5-6 Veteran; the section leader rolls "
                "with +1.",
            ],
            notes=[T.UNIT_SIZE_NOTE, T.LEADER_IN_UNIT_NOTE, T.COMPANY_LEADERS_NOTE],
        ),
        Block(
            "Game Turn Sequence",
            T.REF_TURN,
            text=[
                "1. Roll one die six for each unit, add Activation Modifiers; mark its Activation Level.",
                "2. Highest level moves first (ties dice again, highest first). Each element may do one option at its "
                "level or below: a Move and a Combat option, or one Other option.",
                "3. Opponents may make Opportunity Fire at their level at any point of the active turn; they then "
                "may not attack in their own turn.",
                "4-5. Next highest becomes active; repeat until all have been activated.",
                "6. Double Move units roll again and may move at their new level. 7. Vehicles' second movement.",
                "No unit initiates more than one fire attack or Close Assault a round.",
            ],
            notes=[T.DIE_NOTE],
        ),
        Block(
            "Table 1- Activation",
            T.REF_ACTIVATION,
            rows=[["Level", "Unit action", "Move", "Combat", "Other"]]
            + [[b.label, b.action, b.move, b.combat, b.other] for b in reversed(T.ACTIVATION.bands)],
        ),
        Block(
            "Activation Modifiers",
            T.REF_ACTIVATION_MODS,
            rows=[["Quality / motivation", "", "Situation", ""]]
            + side_by_side(
                [
                    ("Untrained", 0),
                    ("Green Troops", 2),
                    ("Trained", 4),
                    ("Veteran Troops", 6),
                    ("Fanatics (not + quality)", 6),
                    ("Warriors", 2),
                    ("Elite Troops", "up 1"),
                    ("Reluctant", "down 1"),
                    ("Steady", "to 7"),
                ],
                [(label, m) for m, label in T.ACTIVATION_SITUATION],
            ),
            text=list(T.LEADER_RULES),
            notes=[
                "Armoured Troops are those wearing armour (heavy or armoured): -1.",
                "Under-fire modifiers are cumulative and carry over from the previous round.",
            ]
            + ([T.ANIMALS_NOTE] if animals else []),
        ),
        Block(
            "Unit Actions",
            T.REF_OPTIONS,
            text=[
                "Double Move: full move, then roll again in phase 6; troops may only make one double move in each "
                "round. Close: move towards or into contact, may Close "
                "Assault. Advance: half move towards the enemy using cover, Direct Fire. Close or Advance without a "
                "Direct Fire attack may make Opportunity Fire instead. Stand: may not move towards "
                "the enemy; into cover within a half move, else prone. Pinned: no move out of cover except to fall "
                "back; return fire only. Fall Back: at least half a move towards its base line. Break: abandons "
                "position and heavy weapons, flees a full move; may not fire."
            ],
        ),
        Block(
            "Table 2- Infantry Movement",
            T.REF_MOVEMENT,
            rows=[["Armour", "Move", ""]]
            + [[a.title(), f'{m.inches}"', m.printed] for a, m in T.ARMOUR_MOVE.items()]
            + (
                [[a.replace("-", " ").title(), f'{m.inches}"', m.printed] for a, m in T.ANIMAL_MOVE.items()]
                if animals
                else []
            )
            + [
                ["Warriors", '+2"', "Troops specialising in close assault"],
                ["Elite or Fanatic", '+2"', "Higher motivation or fitness"],
            ],
            text=[
                'Prone: stand up 1", crawl 2". Veterans normally end their move lying prone. Encumbered: a figure carrying a heavy weapon (e.g. HMG) -1" (his unit '
                "keeps within half a move of him, so listgen prints the unit's move 1\" less); a weapon unit with a very "
                f'heavy weapon (e.g. mortar) -2" and no running. Running: +{T.RUNNING_MOVE}" (not armoured units), no effective fire; a unit in light '
                "armour that runs three rounds halts one round, in heavy armour two (others need not halt)."
            ],
            notes=[T.ARMOURED_MOVE_NOTE, T.GUNS_WEIGHT_NOTE],
        ),
        Block(
            "Kick in Doors",
            T.REF_DOORS,
            rows=[[f"{T.DOOR_TARGET}+ on 1d6 +", ""]] + [[label, signed(m)] for label, m in T.DOOR_MODIFIERS],
            text=[
                "Only during an Advance or Close Assault move; failing ends the figure's move. One figure "
                "per unit per door each round. Rushing: if the point man fails, the door bursts open and the unit "
                "ends its move in a heap on the floor beyond.",
                "Opening a door: moved less than half a move, open it, pass and stop beyond; half or more, stop at "
                "it and pass next round. Once one figure opens it, the rest of the unit passes freely.",
            ],
        ),
        Block(
            "Vehicles",
            T.REF_MOVE_RULES,
            text=[
                "Board a stationary vehicle from within half a move; it moves off next round if driver and commander "
                "were aboard. Leave a vehicle moving no faster than the unit walks: one unit per door, half move, "
                "ends prone."
            ],
        ),
    ]
    return Sheet(title="...In the Noonday Sun Quick Reference", subtitle=subtitle, pages=2, blocks=blocks)


def _units(army):
    from .army import all_units

    return [u for _p, u in all_units(army)]
