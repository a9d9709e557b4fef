"""The Close Action roster: squads man by man, with a box for each hit and the squad's morale state."""

from __future__ import annotations

from listgen.core.roster import Roster, Unit, points_line, value_notes

from . import tables as T
from .army import squad_size

COLUMNS = ["Man", "Weapon", "Dice", "Close", "Far"]


def _cells(weapon: str) -> list:
    if weapon in T.FIRE_TABLE:
        w = T.FIRE_TABLE[weapon]
        return [w.name, str(w.dice), f'{w.close}"', "Infinite" if w.far is None else f'{w.far}"']
    if weapon in T.BLAST:
        b = T.BLAST[weapon]
        return [b.name, f'BZ {b.zone}"', f'{b.close}"+', "N/A"]
    return [weapon, "?", "?", "?"]


def _grade(grade: str) -> str:
    """'Green (morale -2, rallies on a 6; firer is green: -1 to hit)': the grade as it plays."""
    rally = T.RALLY[grade]
    rallies = f"rallies on a {rally}" if rally == 6 else f"rallies {rally}-6"
    fire = dict(T.FIRE_MODIFIERS).get(f"Firer is {grade}")
    shoots = f"; firer is {grade}: {fire:+d} to hit" if fire else ""
    return f"{grade.title()} (morale {T.MORALE_GRADE[grade]:+d}, {rallies}{shoots})"


def roster(army, report) -> Roster:
    units = []
    parts = report.force.children
    for officer, path, cost in ((n.values, n.path, n.cost) for n in parts if n.role == "officers"):
        units.append(
            Unit(
                title=f"Officer: {officer.name}",
                path=path,
                depth=0,
                facts=[("", "moves double upright or crouching; rallies within 3\"; splits a unit's fire")]
                + ([("Player", officer.player)] if officer.player else []),
                columns=COLUMNS,
                rows=[["officer"] + _cells(officer.weapon)],
                boxes=["Hit"],
                points=cost.line() if cost else "",
            )
        )
    for squad, path, cost in ((n.values, n.path, n.cost) for n in parts if n.role == "squads"):
        rows = [["squad leader " + squad.leader.name] + _cells(squad.leader.weapon)] if squad.leader else []
        for men in squad.men:
            rows += [[men.role or ""] + _cells(men.weapon) for _ in range(men.count)]
        for support in squad.support_weapons:
            label = support.name or support.weapon.upper()
            if support.spotter:
                label += f" (spotter: {support.spotter})"
            rows.append([label] + _cells(support.weapon))
        grade = _grade(squad.grade) if squad.grade else "no grade (see the findings)"
        units.append(
            Unit(
                title=f"Squad: {squad.name}",
                path=path,
                depth=0,
                facts=[("", grade), ("Men", str(squad_size(squad)))],
                columns=COLUMNS,
                rows=rows,
                boxes=["Hit"],
                counters=[("Cowering", 1), ("Rout", 1)],
                points=cost.line() if cost else "",
            )
        )
    points = points_line(report.valuation, army.points_limit)
    notes = value_notes(army, report.valuation) + [
        "Hit: one box per man; each hit removes a figure. A support weapon's box marks it damaged: it is "
        "hit as a crawling target by grenades, mortars and HMG fire (Damage to Weapons). A routing unit abandons "
        "its support weapons.",
        T.WEAPON_MOVE_NOTE,
    ]
    return Roster(points=points, units=units, notes=notes)
