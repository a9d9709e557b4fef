"""The S.M.L.E. roster: every team's figures with their weapons and the boxes ticked in play."""

from __future__ import annotations

from listgen.core.roster import Roster, Unit, priced_extra, unpriced_lines
from listgen.core.value import show

from . import stats
from . import tables as T
from .army import all_teams

COLUMNS = ["Figure", "Weapon", "Type", "Dmg", "Cl.", "Rng"]
BOXES = ["LW", "SW", "K"]  # light wound, serious wound, killed (vehicles: VLW, VSW, kill)


def _weapon_cells(slug: str, braced: bool = True) -> list:
    """braced: whether this weapon, where it is, must be braced (not on a vehicle, not in a hero's hands)."""
    w = stats.weapon(slug)
    if w is None:
        return [slug, "?", "?", "?", "?"]
    rng = f'{w.range}"' if w.range else (f'>{w.min_range}"' if w.min_range else "-")
    close = "N/A" if w.close is None else (f"{w.close:+d}" if w.close else "0")
    name = T.SHORT_NAMES.get(w.slug, w.name)
    return [name + (" *" if w.braced and braced else ""), w.type, w.rating or "2D", close, rng]


def _defence(armour: str, quality: str, motivation) -> str:
    a = T.ARMOUR[armour]
    if a.vs_b is None:
        return "Defence: - (no Table 4 row)"
    mod = stats.defender_modifier(quality, motivation)
    return f"Defence 1D6{a.vs_b + mod:+d} vs B, 1D6{a.vs_ex + mod:+d} vs E/X"


def _hero(grade) -> str:
    return {"minor": " (Minor Hero +1)", "hero": " (Hero +2)", "major": " (Major Hero +3)"}.get(grade, "")


def _person_facts(person) -> list:
    move = stats.person_move(person)
    return [
        ("", person.quality.title() + (f", {person.motivation}" if person.motivation else "")),
        ("Armour", T.ARMOUR[person.armour].short),
        ("Move", f'{move}"' if move is not None else "-"),
        ("Activation", stats.activation_text(person.quality, person.motivation)),
        ("To hit", f"{stats.to_hit(person.quality)}+"),
        ("", _defence(person.armour, person.quality, person.motivation)),
        ("Close assault", f"{stats.close_assault_modifier(person.quality, person.motivation, person.armour):+d}"),
    ]


def _team_unit(team, path: tuple, depth: int, title: str, cost, aboard=None) -> Unit:
    """aboard: the armoured vehicle that carries this team, if any."""
    move = stats.move(team)
    activation = stats.activation_text(team.quality, team.motivation, team.vehicle is not None)  # crew: armoured troops
    if aboard is not None:
        activation += f" (+1 aboard {aboard.name})"
    facts = [
        ("", team.quality.title() + (f", {team.motivation}" if team.motivation else "")),
        ("Armour", T.ARMOUR[team.armour].short),
        ("Move", f'{move}"' if move is not None else "-"),
        ("Activation", activation),
        ("To hit", f"{stats.to_hit(team.quality)}+"),
        ("", _defence(team.armour, team.quality, team.motivation)),
        ("Close assault", f"{stats.close_assault_modifier(team.quality, team.motivation, team.armour):+d}"),
        ("Size", f"{stats.team_size(team)} fig."),
    ]
    rows = []
    for fig in team.figures:
        label = (fig.role or "") + (" (specialist)" if fig.specialist else "") + _hero(fig.hero)
        for _ in range(fig.count):
            rows.append([label.strip()] + _weapon_cells(fig.weapon, braced=not fig.hero))
    counters = []
    if team.grenades:
        counters.append(("Grenades", team.grenades))
    shots = stats.rpg_shots(team)  # a Bazooka/Panzerfaust is "One shot" at least: its box to cross off
    if shots:
        counters.append(("RPG/LAW", shots))
    if any(f.weapon in T.MORTARS for f in team.figures):
        counters.append(("Mortar bombs", None))  # EXPLOSIVES_NOTE: a count written in, crossed off as fired
    if team.vehicle is not None:
        v = team.vehicle
        armour = stats.vehicle_armour(v)
        size = stats.vehicle_size(v)
        kind = stats.vehicle_type(v)
        desc = f"{kind.name if kind else 'Vehicle'}, armour {T.VEHICLE_ARMOUR[armour][0] if armour else '?'}"
        if size:
            desc += f", {T.VEHICLE_SIZES[size][0]:+d} to be hit"
        rows.append([f"{v.name}", desc, "", "", "", ""])
        unboxed = set()
        for slug in stats.vehicle_weapons(v):
            unboxed.add(len(rows))
            rows.append(["mounted"] + _weapon_cells(slug, braced=False))  # VEHICLE_BRACING_NOTE
        if "atm" in stats.vehicle_weapons(v) and v.type == "tracked-apc":
            counters.append(("ATM reloads", T.ATM_RELOADS))
        if v.carries:
            facts.append(("Carries", ", ".join(v.carries)))
        if kind:
            facts.append(("Vehicle move", "/".join(kind.move) + " (clear/rough/woods/road/water)"))
    slugs = [f.weapon for f in team.figures] + (stats.vehicle_weapons(team.vehicle) if team.vehicle else [])
    return Unit(
        title=title,
        path=path,
        depth=depth,
        facts=facts,
        columns=COLUMNS,
        rows=rows,
        boxes=BOXES,
        counters=counters,
        points=_points(cost),
        unboxed=unboxed if team.vehicle else set(),
        rules=stats.rules(team.motivation, slugs, bracing=stats.braced_weapons(team))
        + (
            [T.VEHICLE_BRACING_NOTE]
            if team.vehicle
            and any(getattr(stats.weapon(s), "braced", False) for s in stats.vehicle_weapons(team.vehicle))
            else []
        ),
    )


def _points(cost) -> str:
    if cost is None:
        return ""
    return cost.line("pts")


def _leader_unit(person, path: tuple, role: str, depth: int, cost) -> Unit:
    return Unit(
        title=f"{role}: {person.name}{_hero(person.hero)}",
        path=path,
        depth=depth,
        facts=_person_facts(person),
        columns=COLUMNS,
        rows=[[role] + _weapon_cells(person.weapon)],
        boxes=BOXES,
        points=_points(cost),
        rules=stats.rules(person.motivation, [person.weapon], hero=bool(person.hero)),
    )


# a team's title by the field holding it, and whether its own price is printed on it (a command team's comes
# with its platoon leader's)
TEAM_TITLES = {
    "command_team": ("Command team", False),
    "support_teams": ("Support team", True),
    "teams": ("Team", True),
}
# a leader's title by the field holding him, and whether his own price is printed (the text prices no company
# leader, hero or independent team's leader)
LEADER_TITLES = {"company_leader": ("Company leader", False), "heroes": ("Hero", False)}
HOLDER_LEADERS = {
    "Platoon": ("Platoon leader", True),
    "Section": ("Section leader", True),
    "Team": ("Team leader", False),
}


def roster(army, report) -> Roster:
    aboard = stats.aboard_armour(army)
    units = [unit for node in report.force.children for unit in _units(node, 0, aboard)]
    val = report.valuation
    units += [priced_extra(c, "Prepared positions") for c in report.force.costs_at(("prepared_positions",))]
    points = val.total_words(army.points_limit)
    if army.prepared_positions:
        points += f"; {army.prepared_positions} prepared position(s)"
    if val.side_multipliers:
        points += (
            f" (subtotal {show(val.subtotal)}, " + ", ".join(f"{label} x{f}" for label, f in val.side_multipliers) + ")"
        )
    notes = list(val.notes) + unpriced_lines(val)
    led = stats.leaders_teams(army)
    if led:
        notes.append(
            "Section leaders count in the size of the team they lead (the text's 'Section Leader and first rifle "
            "group'): " + "; ".join(f"{leader.name} with {_team_at(army, path).name}" for path, leader in led.items())
        )
    vehicles = [team.vehicle for _p, team, _k in all_teams(army) if team.vehicle is not None]
    if vehicles:
        notes.append(T.ARMOURED_TROOPS_NOTE)
        notes.append(T.CAPACITY_NOTE)
        if any((kind := stats.vehicle_type(v)) and kind.weapons and v.weapons is None for v in vehicles):
            notes.append(T.LORRY_MG_NOTE)
    notes.append(
        "LW light wound, SW serious wound, K killed (for a vehicle: VLW, VSW, vehicle kill). "
        "* must be braced to fire (the weapons table's starred rows; the matchup fires them braced, +1)."
    )
    if army.notes:
        notes.insert(0, army.notes)
    return Roster(points=points, units=units, notes=notes)


def _team_at(army, path: tuple):
    return next(team for p, team, _k in all_teams(army) if p == path)


def _units(node, depth: int, aboard: dict, holder: str = "") -> list:
    """The roster's units for one part of the force and the parts under it, in the list's order: a platoon or
    section as a heading over its leader and teams; a team after its own leader (an independent team's)."""
    values = node.values
    if node.kind == "Individual":
        title, priced = LEADER_TITLES.get(node.role) or HOLDER_LEADERS[holder]
        return [_leader_unit(values, node.path, title, depth, node.cost if priced else None)]
    if node.kind == "Team":
        title, priced = TEAM_TITLES[node.role]
        # an independent team's own leader, printed first (the list's other teams have none: a check says so)
        own = [c for c in node.children if c.kind == "Individual"] if len(node.path) == 2 else []
        team = _team_unit(
            values,
            node.path,
            depth,
            f"{title}: {values.name}",
            node.cost if priced else None,
            aboard.get(values.name),
        )
        return [u for c in own for u in _units(c, depth, aboard, "Team")] + [team]
    if node.kind in ("Platoon", "Section"):
        out = [Unit(title=f"{node.kind}: {values.name}", path=node.path, depth=depth)]
        for child in node.children:
            out += _units(child, depth + 1, aboard, node.kind)
        return out
    return []  # figures and vehicles print on their team
