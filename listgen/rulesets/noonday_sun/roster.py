"""The Noonday Sun roster: groups and units, figures with boxes for wounds and casualties."""

from __future__ import annotations

from listgen.core.roster import Roster, Unit, points_line, priced_extra, value_notes

from . import stats
from . import tables as T
from .army import figures, level

# 5. Groups: in a company game, "treat each unit or base as one figure for combat resolution"
COMPANY_BOXES_NOTE = (
    "Company game: each unit is one base, 'one figure for combat resolution' (5. Groups): its W and C boxes are "
    "the base's, a row of them per unit."
)

COLUMNS = ["Figure", "Weapon"]
BOXES = ["W", "C"]  # wounded (untreated light wound), casualty (dead or seriously wounded)


def _cost(node) -> str:
    cost = node.cost
    return cost.line("pts") if cost else ""


def _unit(node, depth, company: bool = False) -> Unit:
    unit = node.values
    facts = [
        ("", (unit.quality or "animals").title() + (f", {unit.motivation}" if unit.motivation else "")),
        ("", unit.kind if not unit.animals else unit.animals.replace("-", " ")),
        ("Armour", unit.armour if not unit.animals else "-"),
        ("Move", f'{stats.move(unit)}"'),
        ("Activation", stats.activation(unit.quality, unit.motivation, unit.armour)),
        ("Size", f"{figures(unit)} fig."),
    ]
    if unit.support_weapon:
        facts.append(("Support", T.SUPPORT_WEAPONS[unit.support_weapon].name))
    if unit.door_breakers:
        facts.append(("", "door-breakers"))
    rows = [[fig.role or "", fig.weapon] for fig in unit.figures for _ in range(fig.count)]
    if company:  # one base: one row of boxes, its figures' weapons in it
        armed = "; ".join(f"{fig.count} x {fig.weapon}" for fig in unit.figures)
        rows = [[f"base of {figures(unit)}", armed]]
    return Unit(
        title=f"Unit: {unit.name}",
        path=node.path,
        depth=depth,
        facts=facts,
        columns=COLUMNS,
        rows=rows,
        boxes=BOXES,
        points=_cost(node),
    )


def _leader(node, role, depth) -> Unit:
    leader = node.values
    facts = [
        ("", (leader.quality or "no quality").title() + (f", {leader.motivation}" if leader.motivation else "")),
        ("Armour", leader.armour),
        ("Move", f'{stats.move(leader)}"'),
        ("Activation", stats.activation(leader.quality, leader.motivation, leader.armour)),
    ]
    return Unit(
        title=f"{role.capitalize()}: {leader.name}",
        path=node.path,
        depth=depth,
        facts=facts,
        columns=COLUMNS,
        rows=[[role, leader.weapon]],
        boxes=BOXES,
        points=_cost(node),
    )


def roster(army, report) -> Roster:
    company = level(army) == "company"
    units = [unit for node in report.force.children for unit in _units(node, 0, company)]
    units += [priced_extra(c, "Prepared positions") for c in report.force.costs_at(("prepared_positions",))]
    points = points_line(report.valuation, army.points_limit)
    # how leaders and motivated units behave: said once for the roster, not on every unit
    from .army import all_leaders, all_units

    motivations = {u.motivation for _p, u in all_units(army)} | {lead.motivation for _p, lead, _r in all_leaders(army)}
    behaviour = [T.MOTIVATION_RULES[m] for m in T.MOTIVATION_RULES if m in motivations]
    behaviour += [T.LEADER_UNIT_RULE] if any(True for _ in all_leaders(army)) else []
    behaviour += [T.GROUP_ROLL_RULE]  # what the sheet says of groups, cohesion, Fresh and Broken Troops
    notes = (
        behaviour
        + value_notes(army, report.valuation)
        + [
            "W wounded (untreated light wound, -1 activation each), C casualty (dead or seriously wounded, -2 each).",
            T.WEAPON_NOTE,
            T.ORDER_NOTE,  # the d6-or-d10 reading is the sheet's (DIE_NOTE): each unit's activation says 1D6
        ]
        + ([COMPANY_BOXES_NOTE] if company else [])
    )
    return Roster(points=points, units=units, notes=notes)


def _units(node, depth: int, company: bool = False) -> list:
    """The roster's units for one part of the force and the parts under it, in the list's order: a platoon or
    group as a heading over its leader and units; an independent unit after its own leader."""
    values = node.values
    if node.kind == "Leader":  # the company's (a platoon's and a group's are printed under their heading)
        return [_leader(node, "company leader", depth)]
    if node.kind == "Unit":
        own = [c for c in node.children if c.kind == "Leader"] if len(node.path) == 2 else []  # independent
        leaders = [_leader(c, "unit leader", depth) for c in own]
        return leaders + [_unit(node, depth, company)]
    if node.kind not in ("Platoon", "Group"):
        return []  # a points table, figures: no unit of the roster
    title = "Platoon" if node.kind == "Platoon" else values.kind.capitalize()
    out = [Unit(title=f"{title}: {values.name}", path=node.path, depth=depth)]
    for child in node.children:
        if child.kind == "Leader":
            role = "platoon leader" if node.kind == "Platoon" else f"{values.kind} leader"
            out.append(_leader(child, role, depth + 1))
        elif child.kind == "Unit":
            out.append(_unit(child, depth + 1, company))
        else:
            out += _units(child, depth + 1, company)
    return out
