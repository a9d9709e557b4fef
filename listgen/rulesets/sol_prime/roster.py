"""The Sol Prime roster: platoons and stands, with boxes for losses and for artillery ammunition."""

from __future__ import annotations

from listgen.core.roster import Roster, Track, Unit, each_points, points_line, value_notes

from . import tables as T
from .army import equipped, has_command_center


def _weapon(slug: str) -> list:
    if slug not in T.WEAPONS:
        return [slug, "?", "?", "?"]
    w = T.WEAPONS[slug]
    return [w.name + (" (msl)" if w.missile else ""), T.range_text(w), _dash(w.vehicle), _dash(w.infantry)]


def _dash(value) -> str:
    return "-" if value is None else str(value)


def _states(stand) -> tuple:
    """What a stand's copy can become: only infantry is Suppressed (Fire Combat; Mobile and Powersuit infantry
    'will never be suppressed' is said of mines only), only wheeled vehicles are immobilised, anything is lost."""
    if stand.type in T.INFANTRY_TYPES:
        return ("Supp", "Lost")
    if stand.type in T.VEHICLE_TYPES and stand.transport == "wheeled":
        return ("Immob.", "Lost")
    return ("Lost",)


def roster(army, report) -> Roster:
    units = []
    tree = report.force
    for node in (n for n in tree.children if n.kind == "Platoon"):
        platoon = node.values
        units.append(
            Unit(
                title=f"Platoon: {platoon.name}",
                path=node.path,
                depth=0,
                facts=[
                    ("Morale", f"{platoon.morale.title()} (fails on {T.MORALE_CHART[platoon.morale]} or less on 1D10)")
                ],
                counters=[("Shaken", 1), ("Routed", 1)],
            )
        )
        for part in node.children:  # a platoon holds its stands alone
            stand, path = part.values, part.path
            facts = [("", stand.type)]
            if stand.type in T.INFANTRY_ARMOUR:
                facts.append(("Armour", str(T.INFANTRY_ARMOUR[stand.type] + (1 if stand.assault_armour else 0))))
            elif stand.armour:
                facts.append(("Armour", T.ARMOUR_RATINGS.get(stand.armour, stand.armour)))  # front/flank
            for flag in ("engineer", "afo", "assault_armour"):
                if getattr(stand, flag):
                    facts.append(("", flag.replace("_", " ")))
            if stand.size:
                facts.append(("Size", stand.size))
            if stand.carries:
                facts.append(("Carries", ", ".join(stand.carries)))
            own = [_weapon(w) for w in equipped(army, stand)]  # with the APW and LAW it is equipped with
            if not own and stand.artillery_class:
                vehicle, infantry = T.ARTILLERY_KILL[stand.artillery_class][army.tech_level]
                bonus = T.MRL_BONUS if stand.type == "mrl" else 0
                own = [[f"{stand.artillery_class} artillery", "table", str(vehicle + bonus), str(infantry + bonus)]]
            tracks = [
                Track(f"{stand.name} {n + 1}" if stand.count > 1 else stand.name, _states(stand))
                for n in range(stand.count)
            ]
            counters = []
            turns = T.AMMUNITION_TURNS.get(stand.type)
            if stand.ammunition_lots and turns:
                lots = stand.ammunition_lots
                counters.append(  # ARTILLERY: AMMUNITION: "Each lot ... will allow a single gun to fire on 5 turns"
                    (
                        f"Ammunition ({lots} lot{'s' * (lots != 1)}, per gun)",
                        lots * turns,
                    )
                )
            prices = [each_points(part.costs_at(path))]
            prices += [f"{c.figure()} {c.kind}" for c in part.costs_at(path + ("assault_armour",))]
            units.append(
                Unit(
                    title=f"{stand.type.replace('-', ' ').title()}: {stand.name}",
                    path=path,
                    depth=1,
                    facts=facts,
                    columns=["Weapon", "Range", "Veh", "Inf"],
                    rows=own,
                    tracks=tracks,
                    counters=counters,
                    points="; ".join(filter(None, prices)),
                )
            )
    for node in (n for n in tree.children if n.kind == "Leader"):
        leader = node.values
        units.append(
            Unit(
                title=f"Leader: {leader.name}",
                path=node.path,
                depth=0,
                facts=[("Attached to", leader.attached_to), ("", 'AFO; +2 to morale within 4"')],
                counters=[("Killed", 1)],
                points=each_points(node.costs_at(node.path)),
            )
        )
    if army.minefields or army.dummy_minefields:
        mines = ", ".join(f"{m.count} x {T.MINEFIELDS[m.type].name}" for m in army.minefields)
        units.append(
            Unit(
                title="Minefields",
                path=("minefields",),
                points=each_points([c for n in tree.children if n.role == "minefields" for c in n.all_costs()]),
                depth=0,
                facts=[("", mines or "none"), ("Dummies", str(army.dummy_minefields))],
            )
        )
    if army.installations:
        units.append(
            Unit(
                title="Installations",
                path=("installations",),
                depth=0,
                facts=[
                    (
                        "",
                        ", ".join(
                            f"{i.count} x {i.name or i.type}" + (f" ({i.sections} sections)" if i.sections else "")
                            for i in army.installations
                        ),
                    )
                ],
            )
        )
    val = report.valuation
    points = points_line(val, army.points_limit)
    activation = T.COMMAND_AND_CONTROL[army.command_and_control]
    n = len(army.platoons)
    activation += T.FEW_PLATOONS[1] if n < T.FEW_PLATOONS[0] else (T.MANY_PLATOONS[1] if n > T.MANY_PLATOONS[0] else 0)
    activation += T.COMMAND_CENTER_ACTIVATION if has_command_center(army) else 0
    notes = value_notes(army, val)
    notes.append(
        f"Activation: 1D6{activation:+d} ({army.tech_level} technology, {army.command_and_control} command "
        f"and control, {n} Platoons{', Command Center' if has_command_center(army) else ''})."
    )
    notes += [
        "Supp: suppressed (infantry only; mines never suppress Mobile or Powersuit infantry); Immob.: immobilised (wheeled vehicles, for the rest of the "
        "battle); Lost: destroyed. Weapons are listed once per stand; each copy has its own boxes; an "
        "ammunition box is one gun firing one turn.",
    ]
    if has_command_center(army):  # the text's two readings of its bonus matter only to a list that has one
        notes.append(T.COMMAND_CENTER_NOTE)
    return Roster(points=points, units=units, notes=notes)
