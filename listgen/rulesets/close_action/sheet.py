"""The Close Action playsheet, on one side: cleaner than the text's own, with its choices footnoted."""

from __future__ import annotations

from listgen.core.sheet import Block, Sheet, signed

from . import tables as T


def _range(inches) -> str:
    return "Infinite" if inches is None else f'{inches}"'


def _used(army) -> set:
    used = {"grenade"}  # any man may throw one
    for officer in army.officers:
        used.add(officer.weapon)
    for squad in army.squads:
        if squad.leader is not None:
            used.add(squad.leader.weapon)
        used |= {m.weapon for m in squad.men} | {w.weapon for w in squad.support_weapons}
    return used


def reference(army=None) -> Sheet:
    used = None if army is None else _used(army)
    fire_rows = [["Weapon", "Dice", "Close (5-6)", "Far (6)"]]
    fire_rows += [
        [w.name, str(w.dice), f'{w.close}"', _range(w.far)]
        for key, w in T.FIRE_TABLE.items()
        if used is None or key in used
    ]
    fire_rows += [
        [b.name, f'BZ {b.zone}"', f'{b.close}"' + ("+" if key == "mortar" else ""), "N/A"]
        for key, b in T.BLAST.items()
        if used is None or key in used
    ]
    morale_rows = [["Fire dice", "Rout", "Cowering", "OK"]]
    for band in T.MORALE_BANDS:
        morale_rows.append([band.label, f"{band.rout} or less", f"{band.rout + 1}-{band.ok - 1}", f"{band.ok}+"])
    blocks = [
        Block(
            "Turn Sequence",
            T.REF_TURN,
            text=[
                "Sides switch active and passive roles each turn; the attacker is usually active first.",
                "1. Active side rallies eligible units, then does all firing.  2. Active side moves.",
                "3. Passive side tests morale where necessary, then any defensive fire.",
                "4. Both sides fight a round of hand-to-hand where figures are in contact.",
            ],
        ),
        Block(
            "Fire Table",
            T.REF_FIRE_TABLE,
            rows=fire_rows,
            text=[
                "Roll the weapon's dice: each 5-6 at close range, or 6 at far range, after modifiers removes "
                "one target figure. Measure ranges head-to-head between figures. Arc 45° either side of the front. "
                "Only units visible to the firer at the start of the move are eligible targets (a referee with a map "
                "in a hidden-movement game may allow blind fire into suspected positions). Small arms and grenades "
                "do not hinder movement after firing; support weapons may not move after they fire except to change "
                "to a new facing.",
                "Grenade: a man throws on a 5-6, else uses his weapon. Any figures whose heads are in the BZ are "
                "targets. Blast zone: both roll 1D6; if the "
                "passive die is higher he may move the blast point that many inches. Mortar: no throw roll; "
                "aiming point fixed (to change it the mortar ceases fire for one turn); indirect fire through "
                "its one nominated spotter, who must be stationary.",
                'Danger zone: LMG and HMG fire also endangers friendly figures within 1" outside the lines '
                "from the weapon's front to the target unit's edges (each rolls to be hit).",
                "Damage to weapons: a support weapon in a grenade or mortar BZ is rolled for as a crawling "
                "target; against HMG fire the firer may spend one die on a weapon, as on a crawling figure.",
                "Mixed-stance or mixed-cover targets: fire at one part hits only figures in that stance or "
                "cover; the whole unit checks morale.",
            ],
            notes=[T.SEVEN_PLUS_NOTE],
        ),
        Block(
            "Fire Modifiers",
            T.REF_FIRE_TABLE,
            rows=[["Per die", ""]] + [[label, signed(m)] for label, m in T.FIRE_MODIFIERS],
            text=[
                "Selecting hits: roll per hit; 5-6 the firer chooses who, else the target's owner. A chosen "
                "officer needs a further 6. An officer with a unit lets it split its fire."
            ],
        ),
        Block(
            "Movement Table",
            T.REF_MOVEMENT,
            rows=[["Move", "Base", "Road", "Clear", "Rough", "Dense", "Obst."]] + [list(r) for r in T.MOVEMENT],
            text=[
                f'Men move only if within {T.COMMAND_RADIUS}" of their squad leader or an officer at the start '
                "of the turn; however, they may fire and change facing. A player may 'drop off' a support weapon: "
                "it then moves only with an officer or its squad leader near. "
                'Crawling: 3" or less; crouching: 3-6"; upright: more than 6" or standing. Men moving '
                "weapons may crouch, never crawl. Chargers count upright, no cover. " + T.OFFICER_DOUBLE
            ],
            notes=[T.WEAPON_MOVE_NOTE],
        ),
        Block(
            "Morale Table (2D6)",
            T.REF_MORALE,
            rows=morale_rows,
            text=[
                f"Test when shot at by {T.MORALE_TEST_DICE}+ dice (grenade BZ = {T.BLAST_MORALE_DICE['grenade']}, "
                f"mortar BZ = {T.BLAST_MORALE_DICE['mortar']}; a BZ counts only with a man of the squad in it). "
                "Isolated figures test individually. Cowering: no fire or voluntary "
                "move next active turn; retreat to better cover within a move. Rout: abandon support weapons, run "
                "to superior cover and cower there, or leave the game table."
            ],
        ),
        Block(
            "Morale Modifiers",
            T.REF_MORALE,
            rows=[["2D6 +", ""]] + [[label, signed(m)] for label, m in T.MORALE_MODIFIERS],
            text=['Rally: an officer within 3" rolls 1D6: veteran 3-6, steady 5-6, green 6. Rallied: OK at once.'],
        ),
        Block(
            "Hand-to-Hand",
            T.REF_HAND,
            rows=[["1D6 per group +", ""]] + [[label, signed(m)] for label, m in T.HAND_MODIFIERS],
            text=[
                "Groups are 1-on-1 or N-on-1. Low score loses one figure. After ties, men in contact may break off "
                "on their next active move: they may not fire, join new combats or move closer to new enemies that "
                "turn. No flank "
                f"attacks, no morale checks. A cowering unit charged surrenders: on a {T.MURDER}-6 'Too late!'; else one "
                "attacker guards each 10 prisoners. An OK unit may fire defensively at the chargers."
            ],
        ),
    ]
    return Sheet(
        title="Close Action Playsheet",
        subtitle="Full playsheet" if army is None else f"For {army.name}",
        pages=1,
        blocks=blocks,
    )
