"""The S.M.L.E. quick-reference sheet: the tables a player looks up during a game."""

from __future__ import annotations

from listgen.core.sheet import Block, Sheet, side_by_side, signed

from . import stats
from . import tables as T


def _weapon_rows(weapons) -> list:
    rows = [["Weapon", "Type", "Rating", "Close", "Range"]]
    for w in weapons:
        rng = f'{w.range}"' if w.range else (f'>{w.min_range}"' if w.min_range else "-")
        name = w.name + (" *" if w.braced else "")
        rows.append([name, w.type, w.rating or "as grenade", "N/A" if w.close is None else signed(w.close), rng])
    return rows


def _used(army):
    from .army import all_individuals, all_teams

    teams = [t for _p, t, _k in all_teams(army)]
    weapons = {w.slug: w for t in teams for w in stats.team_weapons(t)}
    for _p, leader, _r in all_individuals(army):
        w = stats.weapon(leader.weapon)
        if w:
            weapons[w.slug] = w
    if any(t.grenades for t in teams):
        weapons["hand-grenade"] = T.WEAPONS["hand-grenade"]
    if any(t.rpg for t in teams):
        weapons["bazooka"] = T.WEAPONS["bazooka"]
    order = list(T.WEAPONS)
    ordered = sorted(weapons.values(), key=lambda w: order.index(w.slug) if w.slug in order else 99)
    vehicles = any(t.vehicle for t in teams)
    heroes = any(f.hero for t in teams for f in t.figures) or any(
        leader.hero for _p, leader, _r in all_individuals(army)
    )
    return ordered, vehicles, heroes


def reference(army=None) -> Sheet:
    if army is None:
        weapons = [w for w in T.WEAPONS.values() if w.source == T.REF_WEAPONS]
        vehicles = heroes = True
        subtitle = "Full sheet"
    else:
        weapons, vehicles, heroes = _used(army)
        subtitle = f"Tailored to {army.name}: only its weapons and the tables it needs"
    blocks = [
        Block(
            "Game Turn Sequence",
            T.REF_TURN,
            text=[
                "1. Roll 1D6 + Activation Modifiers for each team or group; leave a die showing its Activation Level.",
                "2. Lowest level moves first (ties dice again, lowest first). Each element may do one option at its "
                "level or below: a Move and a Combat option, or one Other option.",
                "3. Opposing elements may make Opportunity Fire at their level, at any point of the active turn; "
                "they then may not attack in their own turn.",
                "4-5. Next lowest becomes active; repeat until all have been activated.",
                "6. Double Move teams take their second action; troops may only make one double move in each "
                "round. No unit makes more than one fire attack or close assault a round.",
            ],
        ),
        Block(
            "Table 1. Activation Table",
            T.REF_ACTIVATION,
            rows=[["Level", "Team action", "Move", "Combat", "Other"]]
            + [[b.label, b.action, b.move, b.combat, b.other] for b in reversed(T.ACTIVATION.bands)],
        ),
        Block(
            "Activation Modifiers",
            T.REF_ACTIVATION_MODS,
            rows=[["Quality / motivation", "", "Situation", ""]]
            + side_by_side(
                [
                    ("Untrained", 0),
                    ("Green", 2),
                    ("Trained", 4),
                    ("Veteran", 6),
                    ("Fanatic (not + quality)", 6),
                    ("Warriors", 2),
                    ("Elite", "up 1"),
                    ("Reluctant", "down 1"),
                    ("Steady", "to 7"),
                ],
                [(label, m) for m, label in T.ACTIVATION_SITUATION],
            ),
            notes=[
                "Elite, Reluctant and Steady shift the band after modifiers (Steady: one band towards 7).",
                "Broken troops: a unit with two or more Break results retreats from the battlefield; a broken "
                "unit contacted by the enemy surrenders or is destroyed.",
                "Under-fire modifiers are cumulative and carry over from the previous round.",
                "Leader bonus: teams of the group within a full move of the leader's team, in sight.",
                "Separated from unit (-2): heroes and leaders may wander off on their own without penalty, but "
                "their remaining team or group suffers the separation modifier until they return.",
            ],
        ),
        Block(
            "Movement (Table 2)",
            T.REF_MOVEMENT,
            rows=[["Troops", "Move"]] + [[kind, inches] for kind, inches, _n in T.MOVEMENT],
            text=[
                'Prone: stand up costs 1"; crawl 2". Veterans normally end their move lying prone. Running: double move, no effective fire; 3 rounds '
                "then halt 1 (2 in heavy equipment).",
                'Optional: Elite or Fanatic +2".',
            ],
            notes=[T.ENCUMBRANCE_NOTE],
        ),
        Block(
            "Kick in Doors",
            T.REF_DOORS,
            rows=[[f"{T.DOOR_TARGET}+ on 1D6 +", ""]]
            + [[q.title(), signed(m)] for q, m in T.DOOR_QUALITY.items() if m]
            + [
                ["Elite / Fanatic", signed(T.DOOR_MOTIVATION["elite"])],
                ["Reluctant", signed(T.DOOR_MOTIVATION["reluctant"])],
                ["Door breakers", signed(T.DOOR_BREAKERS)],
            ],
            text=["Only during an Advance or Close Assault move. Failing ends the figure's move."],
        ),
        Block(
            "Shooting",
            T.REF_SHOOTING,
            rows=[["Firer", "To hit on 2D6"]] + [[q.title(), f"{T.TO_HIT[q]}+"] for q in T.QUALITIES],
            text=[
                "Direct or Opportunity Fire: one roll per figure that sees the target. Return or Panic "
                "Fire: one roll for the team. Return Fire (only at a unit that fired on it this round or the "
                "last): a success inflicts one hit. Panic Fire: a success puts the target under fire; no hits.",
                "An unmodified 2 always misses. Autofire (A): +1 hit per point over the to-hit number.",
                f"Close (target within {T.CLOSE_RANGE_INCHES}\"): add the weapon's Close factor. Beyond "
                f"effective range, up to twice it: {T.EXTREME_RANGE}.",
            ],
        ),
        Block(
            "Table 3: Firer and Target Modifiers",
            T.REF_TABLE3,
            rows=[["Firer", "", "Target", ""]] + side_by_side(T.FIRER_MODIFIERS, T.TARGET_MODIFIERS),
            notes=["All modifiers are cumulative; a target in several covers takes the best one."],
        ),
        Block(
            "WW II Direct Fire Weapons",
            T.REF_WEAPONS,
            rows=_weapon_rows(weapons),
            notes=[
                "* Starred weapons: must be braced to fire (one round stationary without firing).",
                "Types: E energy, B ballistic, X explosive, A autofire, H heavy. Assault rifles class "
                'as BA at close range. Mortars: one bomb a round, no fire under 12"/18".',
                T.CLOSE_NA_NOTE,
            ],
        ),
        Block(
            "Damage (Table 4. Armour Rating)",
            T.REF_TABLE4,
            rows=[["Armour", "vs B", "vs E/X"]]
            + [[a.name, signed(a.vs_b), signed(a.vs_ex)] for a in T.ARMOUR.values() if a.vs_b is not None],
            text=[
                "Defender modifiers: Untrained / Civilian -1, Green / Trained 0, Veteran +1, Elite / Fanatic +1.",
                "Firer rolls the weapon rating; defender rolls 1D6 + armour + defender modifiers.",
                "Twice the defender or more: killed. More: seriously wounded (knocked down, no shooting, "
                "half move). Equal: light wound (-2 to all actions until treated). Less: no effect.",
            ],
            notes=[T.DEFENDER_NOTE, "'Twice' counts only when the firer's total also beats the defender's."],
        ),
        Block(
            "Table 5. Close Assault",
            T.REF_CLOSE_ASSAULT,
            rows=[["1D6 + weapon Close factor +", ""]] + [[label, signed(m)] for label, m in T.CLOSE_ASSAULT_MODIFIERS],
            text=[
                "A defender that has not attacked this round may make Opportunity Fire before contact (casualties "
                "removed first). Pair them so each figure faces at least one opponent; a figure facing two or more "
                "rolls a die against each, as if against one.",
                "Attacker twice or more: defender breaks. More: defender killed or captured. Equal: "
                'attacker forced back (>4"). Defender more: attacker killed. Defender twice or more: '
                "attacker falls back to its start position.",
            ],
            notes=[T.ARMOURED_INFANTRY_NOTE],
        ),
        Block(
            "Explosive Effect",
            T.REF_EXPLOSIVES,
            text=[
                "Full dice (E type) at the point of impact (its adds apply only at the point of impact); burst: its number of 1D B attacks on every figure within "
                'its burst radius, one die less per inch. A gun: 1D and 1" radius per 25mm calibre; anti-tank guns '
                "+1 per die on a direct hit; 88s are 4D+4 Ex.",
                'A miss deviates 1D6" along the line of fire: half for hand grenades, double for indirect fire or '
                "beyond effective range. Indirect fire needs a command or specialist observer who sees the target "
                "point; the firing unit must be stationary and at 7 Advance or better, and its fire arrives on table "
                "the following round, in the firing unit's active turn. The observer adds +2 to hit for each later "
                "round observed against the same point.",
                "Bazooka/Panzerfaust: one shot (cross off its box).",
            ],
        ),
    ]
    if vehicles:
        blocks += [
            Block(
                "Vehicle Size",
                T.REF_VEHICLE_COMBAT,
                rows=[["Size", "Target mod", "Examples"]]
                + [[k.replace("-", " ").title(), signed(m), e] for k, (m, e) in T.VEHICLE_SIZES.items()],
            ),
            Block(
                "Vehicle Armour",
                T.REF_VEHICLE_COMBAT,
                rows=[["Armour class", "Dice"]]
                + [[c.replace("-", " ").title(), d] for c, (d, _e) in T.VEHICLE_ARMOUR.items()],
                text=[
                    "Side and rear one class less; top Bulletproof; turret as front.",
                    "Double the armour or more: vehicle kill (it brews up; crew and passengers take 1D Ex, "
                    "survivors bail out). More: serious wound (it stops; no fire this round unless it already "
                    "fired; a tank's armour is one die less after; crew and passengers of a soft-skin bail out; "
                    "aircraft abort and leave the table; a crew casualty for activation). Equal: light wound "
                    "(it may finish its move). Less: no effect.",
                ],
                notes=[T.BAZOOKA_3D_NOTE, T.ARMOURED_TROOPS_NOTE, T.CAPACITY_NOTE, T.VEHICLE_BRACING_NOTE],
            ),
            Block(
                "Typical Combat Move",
                T.REF_VEHICLES,
                rows=[["", "Clear", "Rough", "Woods", "Road", "Water"]] + [list(v) for v in T.COMBAT_MOVE.values()],
                text=[
                    "Accelerate up to half road speed a round; halt in one round. Board a stationary vehicle "
                    "from within half a move; one team leaves by each door, half move, ends prone."
                ],
            ),
        ]
    if heroes:
        blocks.append(
            Block(
                "Heroes",
                T.REF_HEROES,
                rows=[["Grade", "Dice modifier"], ["Minor Hero", "+1"], ["Hero", "+2"], ["Major Hero", "+3"]],
                text=["Added once to the total of each roll, in the hero's favour."],
            )
        )
    return Sheet(title="S.M.L.E. Quick Reference", subtitle=subtitle, pages=2, blocks=blocks, ref_prefix=T.ref(""))
