"""S.M.L.E. hit tables, computed exactly from the dice the rules roll."""

from __future__ import annotations

from fractions import Fraction

from ... import slammer
from ...dice import dice, die, joint, rating
from ...odds import EXPECTED, NEUTRAL, OUTCOMES, Table
from ...slammer import (
    ATTACKER_MORE,
    ATTACKER_TWICE,
    COMPARE_NOTE,
    DEFENDER_MORE,
    DEFENDER_TWICE,
    EQUAL,
    compare,
)
from . import stats
from . import tables as T

TWO_D6 = dice(2, 6)
D6 = die(6)
MODIFIERS = list(range(-6, 9))  # net firer + target modifiers shown


def hit_chance(to_hit: int, modifier: int) -> Fraction:
    """2D6 + modifier >= to-hit number; an unmodified 2 always misses (Shooting)."""
    return TWO_D6.prob(lambda t: t != T.SNAKE_EYES and t + modifier >= to_hit)


def autofire_hits(to_hit: int, modifier: int) -> dict:
    """Hits on the target unit: one, plus one per point the modified score beats the to-hit number."""
    out: dict = {}
    for total, ways in TWO_D6.counts:
        score = total + modifier
        hits = 0 if (total == T.SNAKE_EYES or score < to_hit) else 1 + score - to_hit
        out[hits] = out.get(hits, 0) + ways
    return {h: Fraction(w, TWO_D6.ways) for h, w in sorted(out.items())}


def _qualities(army) -> list:
    if army is None:
        return list(T.QUALITIES)
    from .army import all_individuals, all_teams

    used = {team.quality for _p, team, _k in all_teams(army)}
    used |= {leader.quality for _p, leader, _r in all_individuals(army)}
    return [q for q in T.QUALITIES if q in used]


def to_hit_table(qualities) -> Table:
    return Table(
        id="smle-to-hit",
        title="Chance to hit with one attack roll",
        ref=T.REF_SHOOTING,
        row_header="Firer (to-hit number)",
        col_header="Net firer + target modifier",
        rows=[f"{q.title()} ({T.TO_HIT[q]}+)" for q in qualities],
        cols=[f"{m:+d}" for m in MODIFIERS],
        cells=[[hit_chance(T.TO_HIT[q], m) for m in MODIFIERS] for q in qualities],
        assumptions=[
            "2D6 + modifiers must equal or exceed the firer's to-hit number.",
            "An unmodified 2 (snake eyes) always misses, whatever the modifiers.",
            "Sum every Table 3 modifier (firer, target, close or extreme range) into one net modifier.",
        ],
        chart=True,
        group="Shooting",
    )


def autofire_expected_table(qualities) -> Table:
    return Table(
        id="smle-autofire-expected",
        title="Autofire: expected hits per attack roll",
        ref=T.REF_SHOOTING,
        row_header="Firer (to-hit number)",
        col_header="Net modifier",
        rows=[f"{q.title()} ({T.TO_HIT[q]}+)" for q in qualities],
        cols=[f"{m:+d}" for m in MODIFIERS],
        cells=[
            [sum((h * p for h, p in autofire_hits(T.TO_HIT[q], m).items()), Fraction(0)) for m in MODIFIERS]
            for q in qualities
        ],
        kind=EXPECTED,
        assumptions=[
            "Autofire weapons (type A): one extra hit for each point the modified score exceeds the to-hit number.",
            "Snake eyes always miss.",
        ],
        group="Shooting",
    )


def autofire_distribution_table(quality: str) -> Table:
    mods = list(range(-2, 7))
    limit = 6
    outcomes = [str(h) for h in range(limit)] + [f"{limit}+"]
    cells = []
    for m in mods:
        dist = autofire_hits(T.TO_HIT[quality], m)
        cell = {o: Fraction(0) for o in outcomes}
        for h, p in dist.items():
            cell[str(h) if h < limit else f"{limit}+"] += p
        cells.append([cell[o] for o in outcomes])
    return Table(
        id=f"smle-autofire-{quality}",
        palette=NEUTRAL,
        title=f"Autofire hits, {quality} firer ({T.TO_HIT[quality]}+)",
        ref=T.REF_SHOOTING,
        row_header="Net modifier",
        col_header="Hits on the target unit",
        rows=[f"{m:+d}" for m in mods],
        cols=outcomes,
        cells=cells,
        assumptions=["Chance of exactly that many hits from one autofire attack roll."],
        group="Shooting",
    )


def damage_outcome(firer: int, defender: int) -> str:
    """Effect of Fire Hits: twice or more killed; more serious; equal light; less no effect."""
    result = compare(firer, defender)
    return {ATTACKER_TWICE: "killed", ATTACKER_MORE: "serious wound", EQUAL: "light wound"}.get(result, "no effect")


def vehicle_damage_outcome(attack: int, armour: int) -> str:
    """Vehicle Combat: the same bands, with a vehicle kill for 'double the armour or more'."""
    result = damage_outcome(attack, armour)
    return "vehicle kill" if result == "killed" else result


DEFENDERS = (
    ("untrained", None, "Untrained -1"),
    ("trained", None, "Green/Trained 0"),
    ("veteran", None, "Veteran +1"),
    ("veteran", "elite", "Veteran Elite +2"),
)


def _damage_weapons(army) -> list:
    rows = [w for w in T.WEAPONS.values() if w.rating or w.slug == "grenade-launcher"]
    if army is not None:
        from .army import all_individuals, all_teams

        used = {w.slug for _p, team, _k in all_teams(army) for w in stats.team_weapons(team)}
        used |= {leader.weapon for _p, leader, _r in all_individuals(army)}
        if any(team.grenades for _p, team, _k in all_teams(army)):
            used.add("hand-grenade")
        if any(team.rpg for _p, team, _k in all_teams(army)):
            used.add("bazooka")
        extra = [w for w in (stats.weapon(slug) for slug in sorted(used) if slug not in T.WEAPONS) if w is not None]
        rows = [w for w in rows if w.slug in used] + extra
    return rows


def _rating(weapon) -> str:
    return weapon.rating or T.WEAPONS["hand-grenade"].rating  # grenade launcher: as a grenade


def damage_table(army) -> Table:
    armours = ["none", "light", "body"]
    if army is not None:
        from .army import all_teams

        used = {team.armour for _p, team, _k in all_teams(army)}
        armours = [a for a in armours if a in used] or armours
    weapons = _damage_weapons(army)
    cols, cells = [], []
    for a in armours:
        for _q, _m, label in DEFENDERS:
            cols.append(f"{T.ARMOUR[a].short}, {label}")
    for w in weapons:
        firer = rating(_rating(w))
        row = []
        for a in armours:
            armour = T.ARMOUR[a]
            armour_mod = armour.vs_b if w.damage_class == "B" else armour.vs_ex
            for q, m, _label in DEFENDERS:
                defender = D6 + (armour_mod + stats.defender_modifier(q, m))
                row.append(joint(firer, defender, damage_outcome))
        cells.append(row)
    return Table(
        id="smle-damage",
        title="Damage: effect of one hit on a figure",
        ref=T.REF_DAMAGE,
        row_header="Weapon (rating, type)",
        col_header="Target armour, defender modifier",
        rows=[f"{w.name} ({_rating(w)} {w.type})" for w in weapons],
        cols=cols,
        cells=cells,
        kind=OUTCOMES,
        outcomes=list(T.DAMAGE_OUTCOMES),
        shown=["killed", "serious wound", "light wound"],
        assumptions=[
            "Firer rolls the weapon's rating; defender rolls 1D6 + Table 4 armour (vs B, or vs "
            "E/X for energy and explosive weapons) + defender modifiers.",
            T.DEFENDER_NOTE,
            "Twice or more: killed. More: seriously wounded. Equal: light wound. Less: no effect.",
            COMPARE_NOTE,
            T.GRENADE_LAUNCHER_NOTE,
            "Explosives: the full rating at the point of impact only; burst effects are 1D B attacks.",
        ],
        group="Damage",
    )


def vehicle_damage_table(army) -> Table:
    attack_ratings = ["1D-1", "1D", "1D+1", "1D+2", "2D-2", "2D", "2D+2", "3D", "3D+3", "4D", "4D+4"]
    classes = list(T.VEHICLE_ARMOUR)
    if army is not None:
        used = {_rating(w) for w in _damage_weapons(army)}
        attack_ratings = [r for r in attack_ratings if r in used] or attack_ratings
    cells = [
        [joint(rating(r), rating(T.VEHICLE_ARMOUR[c][0]), vehicle_damage_outcome) for c in classes]
        for r in attack_ratings
    ]
    return Table(
        id="smle-vehicle-damage",
        title="Vehicle damage by attack against armour class",
        ref=T.REF_VEHICLE_COMBAT,
        row_header="Attack rating",
        col_header="Vehicle armour",
        rows=attack_ratings,
        cols=[f"{c.replace('-', ' ').title()} {T.VEHICLE_ARMOUR[c][0]}" for c in classes],
        cells=cells,
        kind=OUTCOMES,
        outcomes=[o for o, _ in T.VEHICLE_DAMAGE_OUTCOMES],
        shown=["vehicle kill", "serious wound", "light wound"],
        assumptions=[
            "Attack dice against the armour's dice: double or more is a vehicle kill, more is a "
            "serious wound (VSW), equal a light wound (VLW), less no effect.",
            "Side and rear armour is one class less; top armour is Bulletproof.",
            COMPARE_NOTE,
            T.BAZOOKA_3D_NOTE,
        ],
        group="Damage",
    )


CA_MODS = list(range(-3, 7))
CA_ORDER = ("defender breaks", "defender killed", "attacker forced back", "attacker killed", "attacker falls back")


def close_assault_outcome(attacker: int, defender: int) -> str:
    return dict(zip((ATTACKER_TWICE, ATTACKER_MORE, EQUAL, DEFENDER_MORE, DEFENDER_TWICE), CA_ORDER))[
        compare(attacker, defender)
    ]


def close_assault_table() -> Table:
    cells = [[joint(D6 + a, D6 + d, close_assault_outcome) for d in CA_MODS] for a in CA_MODS]
    return Table(
        id="smle-close-assault",
        title="Close assault: one attacker against one defender",
        ref=T.REF_CLOSE_ASSAULT,
        row_header="Attacker's modifiers",
        col_header="Defender's modifiers",
        rows=[f"{a:+d}" for a in CA_MODS],
        cols=[f"{d:+d}" for d in CA_MODS],
        cells=cells,
        kind=OUTCOMES,
        outcomes=list(CA_ORDER),
        shown=["defender breaks", "defender killed"],
        combine_shown=True,
        assumptions=[
            "Each rolls 1D6 + weapon close combat factor + Table 5 modifiers.",
            "Printed: the chance the attacker wins (defender breaks or is killed/captured); "
            "the JSON and CSV give all five outcomes.",
            "Attacker twice or more: defender breaks. More: defender killed or captured. Equal: "
            "attacker forced back. Defender more: attacker killed. Defender twice or more: "
            "attacker falls back.",
            COMPARE_NOTE,
        ],
        group="Close assault",
    )


def _activation_rows(army):
    used = None
    if army is not None:
        from .army import all_individuals, all_teams

        used = {(t.quality, t.motivation) for _p, t, _k in all_teams(army)}
        used |= {(leader.quality, leader.motivation) for _p, leader, _r in all_individuals(army)}
    return slammer.combos(_qualities(army), used)


SITUATIONS = (
    (+4, "Fresh, not under fire, leader with group (+4)"),
    (+2, "Not under fire, leader with group (+2)"),
    (0, "Under direct fire, leader with group (0)"),
    (-3, "Under direct auto fire with a casualty, leader with group (-3)"),
)


def activation_table(army, situation: int, label: str) -> Table:
    table_id = f"smle-activation-{'m' if situation < 0 else 'p'}{abs(situation)}"  # p4, m3
    return slammer.activation_table(
        T.ACTIVATION_ROLL, _activation_rows(army), situation, label, table_id, T.REF_ACTIVATION
    )


def doors_table() -> Table:
    return slammer.doors_table(
        T.DOOR_ROWS, T.DOOR_TARGET, "smle-doors", T.REF_DOORS, ["Only during an Advance or Close Assault move."]
    )


def hit_tables(army=None) -> list:
    qualities = _qualities(army)
    out = [to_hit_table(qualities), autofire_expected_table(qualities)]
    out += [autofire_distribution_table(q) for q in qualities]
    out += [damage_table(army), vehicle_damage_table(army), close_assault_table()]
    out += [activation_table(army, s, label) for s, label in SITUATIONS]
    out.append(doors_table())
    return out
