"""The Sol Prime roster: platoons and stands, with boxes for losses and for artillery ammunition."""

from __future__ import annotations

from ...roster import Roster, Unit, points_line, value_notes
from ...value import show
from . import tables as T
from .army import has_command_center


def _weapon(slug: str) -> list:
    if slug not in T.WEAPONS:
        return [slug, "?", "?", "?"]
    w = T.WEAPONS[slug]
    return [w.name + (" (msl)" if w.missile else ""), T.range_text(w), _dash(w.vehicle), _dash(w.infantry)]


def _dash(value) -> str:
    return "-" if value is None else str(value)


def roster(army, report) -> Roster:
    costs = {}
    for u in report.valuation.units:
        costs.setdefault(u.path, []).append(u)
    units = []
    for p, platoon in enumerate(army.platoons):
        units.append(Unit(title=f"Platoon: {platoon.name}", depth=0,
                          facts=[("Morale", f"{platoon.morale.title()} (fails on {T.MORALE_CHART[platoon.morale]} or "
                                            "less on 1D10)")],
                          counters=[("Shaken", 1), ("Routed", 1)]))
        for s, stand in enumerate(platoon.stands):
            path = ("platoons", p, "stands", s)
            facts = [("", stand.type)]
            if stand.type in T.INFANTRY_ARMOUR:
                facts.append(("Armour", str(T.INFANTRY_ARMOUR[stand.type] + (1 if stand.assault_armour else 0))))
            elif stand.armour:
                facts.append(("Armour", stand.armour))
            for flag in ("engineer", "afo", "assault_armour"):
                if getattr(stand, flag):
                    facts.append(("", flag.replace("_", " ")))
            if stand.size:
                facts.append(("Size", stand.size))
            if stand.carries:
                facts.append(("Carries", ", ".join(stand.carries)))
            own = [_weapon(w) for w in stand.weapons]
            if not own and stand.artillery_class:
                vehicle, infantry = T.ARTILLERY_KILL[stand.artillery_class][army.tech_level]
                bonus = T.MRL_BONUS if stand.type == "mrl" else 0
                own = [[f"{stand.artillery_class} artillery", "table", str(vehicle + bonus), str(infantry + bonus)]]
            rows = [[f"{stand.name} {n + 1}" if stand.count > 1 else stand.name] + cells
                    for n in range(stand.count) for cells in (own or [["-", "", "", ""]])]
            counters = []
            turns = T.AMMUNITION_TURNS.get(stand.type)
            if stand.ammunition_lots and turns:
                counters.append((f"Ammunition ({stand.ammunition_lots} lot{'s' * (stand.ammunition_lots != 1)}, "
                                 f"{turns} turns each)", stand.ammunition_lots * turns))
            prices = [f"{show(c.total)} = {c.working()}" for c in costs.get(path, [])]
            prices += [f"{show(c.total)} {c.kind}" for c in costs.get(path + ("assault_armour",), [])]
            units.append(Unit(title=f"{stand.type.replace('-', ' ').title()}: {stand.name}", depth=1, facts=facts,
                              columns=["Stand", "Weapon", "Range", "Veh", "Inf"], widths=[2, 2.2, 0.8, 0.6, 0.6],
                              rows=rows, boxes=["Supp", "Lost"], counters=counters, points="; ".join(prices)))
    for i, leader in enumerate(army.leaders):
        units.append(Unit(title=f"Leader: {leader.name}", depth=0,
                          facts=[("Attached to", leader.attached_to), ("", "AFO; +2 to morale within 4\"")],
                          counters=[("Killed", 1)]))
    if army.minefields or army.dummy_minefields:
        mines = ", ".join(f"{m.count} x {T.MINEFIELDS[m.type].name}" for m in army.minefields)
        units.append(Unit(title="Minefields", depth=0, facts=[("", mines or "none"),
                                                              ("Dummies", str(army.dummy_minefields))]))
    if army.installations:
        units.append(Unit(title="Installations", depth=0, facts=[
            ("", ", ".join(f"{i.count} x {i.name or i.type}" + (f" ({i.sections} sections)" if i.sections else "")
                           for i in army.installations))]))
    val = report.valuation
    points = points_line(val, army.points_limit)
    activation = T.COMMAND_AND_CONTROL[army.command_and_control]
    n = len(army.platoons)
    activation += T.FEW_PLATOONS[1] if n < T.FEW_PLATOONS[0] else (T.MANY_PLATOONS[1] if n > T.MANY_PLATOONS[0] else 0)
    activation += T.COMMAND_CENTER_ACTIVATION if has_command_center(army) else 0
    notes = value_notes(army, val)
    notes.append(f"Activation: 1D6{activation:+d} ({army.tech_level} technology, {army.command_and_control} command "
                 f"and control, {n} Platoons{', Command Center' if has_command_center(army) else ''}).")
    notes += ["Supp: suppressed (infantry); Lost: destroyed.", T.COMMAND_CENTER_NOTE]
    return Roster(title=army.name, ruleset="", player=army.player, legal=report.legal(), verdict="", points=points,
                  units=units, notes=notes)
