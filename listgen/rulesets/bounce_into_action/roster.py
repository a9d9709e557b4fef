"""The Bounce into Action roster: stands with their morale number and boxes for each hit."""

from __future__ import annotations

from ...roster import Roster, Unit, points_line, value_notes
from ...value import show
from . import stats
from . import tables as T

BOX_LIMIT = 8  # more hits than this are written in, not boxed


def _bands(weapon: str) -> str:
    if weapon not in T.WEAPONS:
        return "-"
    return " ".join("-" if b is None else str(b.hit) for b in T.WEAPONS[weapon].bands)


def _name(weapon: str) -> str:
    return T.WEAPONS[weapon].name if weapon in T.WEAPONS else weapon


def _cost(costs, path):
    cost = costs.get(path)
    return f"{show(cost.total)} = {cost.working()}" if cost else ""


def roster(army, report) -> Roster:
    costs = {u.path: u for u in report.valuation.units}
    units = []
    for i, s in enumerate(army.stands):
        number, base, applied = stats.stand_morale(army, s)
        working = f"{base}" + "".join(f" {m:+d} {label}" for label, m in applied) if base is not None else "-"
        ineffective, destroyed, regroups, hit_type = stats.hit_limits(s)
        boxes = [str(n) for n in range(1, destroyed + 1)] if destroyed <= BOX_LIMIT else ["Hits"]
        facts = [("", f"{s.training.replace('-', ' ').title()}, {s.experience}, {s.equipment}"),
                 ("Morale", f"{number if number is not None else '-'} ({working})"),
                 ("Hits", f"{hit_type}: ineffective at {ineffective}, destroyed at {destroyed}"
                          f"{', re-groups' if regroups else ''}")]
        if s.with_stand:
            facts.append(("With", s.with_stand))
        rows = [[f"{s.kind} {n + 1}" if s.count > 1 else s.kind, _name(s.weapon),
                 _bands(s.weapon)] + ([f"__ / {destroyed}"] if destroyed > BOX_LIMIT else [])
                for n in range(s.count)]
        columns = ["Stand", "Weapon", "To hit, 5-120cm"]
        unit_boxes = [] if destroyed > BOX_LIMIT else boxes
        if destroyed > BOX_LIMIT:
            columns.append("Hits")
        units.append(Unit(title=f"Stand: {s.name}", depth=0, facts=facts, columns=columns,
                          widths=[1.2, 1.6, 1.9] + ([0.8] if destroyed > BOX_LIMIT else []), rows=rows,
                          boxes=unit_boxes, points=_cost(costs, ("stands", i))))
    for i, v in enumerate(army.vehicles):
        number, base, applied = stats.vehicle_morale(army, v)
        working = f"{base}" + "".join(f" {m:+d} {label}" for label, m in applied) if base is not None else "-"
        rows = [[f"{v.type} {n + 1}" if v.count > 1 else v.type, _name(w), _bands(w)]
                for n in range(v.count) for w in (v.weapons or ["(unarmed)"])]
        units.append(Unit(title=f"Vehicle: {v.name}", depth=0,
                          facts=[("Crew", f"{v.crew_training}, {v.crew_experience}"),
                                 ("Morale", f"{number if number is not None else '-'} ({working})")],
                          columns=["Vehicle", "Weapon", "To hit, 5-120cm"], widths=[1.2, 1.6, 1.9],
                          rows=rows, points=_cost(costs, ("vehicles", i))))
    for i, a in enumerate(army.aircraft):
        facts = [("", a.type), ("Speeds", ", ".join(a.speeds)), ("Manoeuvrability", a.manoeuvrability)]
        if a.air_defence:
            facts.append(("AD", a.air_defence))
        if not a.combat:
            facts.append(("", "not combat capable"))
        rows = [[a.name, _name(w), _bands(w)] for w in a.weapons] or [[a.name, "(unarmed)", ""]]
        units.append(Unit(title=f"Aircraft: {a.name}", depth=0, facts=facts,
                          columns=["Aircraft", "Weapon", "To hit, 5-120cm"], widths=[1.2, 1.6, 1.9],
                          rows=rows, points=_cost(costs, ("aircraft", i))))
    for i, d in enumerate(army.air_defence):
        ad = T.AD_SYSTEMS[d.system]
        units.append(Unit(title=f"Air defence: {d.name}", depth=0,
                          facts=[("", f"{d.count} x {d.system}"), ("Range", ad.range), ("Chart", ad.line),
                                 ("Lock", "no" if ad.lock is None else f"{ad.lock:+d}")]))
    points = points_line(report.valuation, army.points_limit)
    notes = value_notes(army, report.valuation) + ["Boxes: one per hit; the stand is ineffective at the number shown, destroyed at the last box.",
              T.HIT_TYPE_NOTE, T.HIT_SIZE_NOTE, T.D10_NOTE, "Vehicle hit effects are missing from the draft text."]
    return Roster(title=army.name, ruleset="", player=army.player, legal=report.legal(), verdict="",
                  points=points, units=units, notes=notes)
