"""S.M.L.E. Unit Points Costs and Force Multipliers, per unit, with the working shown."""

from __future__ import annotations

from fractions import Fraction

from listgen.core.value import PRINTED, UnitCost, Valuation

from . import stats
from . import tables as T
from .army import SmleList, all_individuals, all_teams

SCHEME = "S.M.L.E. Unit Points Costs (printed in the rules)"


def highest(table: dict, keys) -> tuple | None:
    """The largest multiplier the table gives any of keys; None when one of them has none (x1) and that is highest."""
    keys = set(keys)
    options = [table[k] for k in keys if k in table]
    if len(options) < len(keys):
        options.append(None)
    return max(options, key=lambda m: 1 if m is None else m[1])


def _multipliers(motivations, arms, armours) -> list:
    """Force Multipliers for what a cost buys: its figures' motivations, weapons (Weapon, mounted) and armours."""
    out = [highest(T.MULT_MOTIVATION, motivations)]
    ranked = [(T.weapon_class(w), w, mounted) for w, mounted in arms if w is not None and T.weapon_class(w)]
    best = max(ranked, key=lambda r: (r[0] == "heavy", not r[2]), default=None)
    if best:
        cls, w, mounted = best
        assert cls is not None  # ranked keeps classed weapons only
        label, factor = T.MULT_WEAPONS[cls]
        name = T.SHORT_NAMES.get(w.slug or "", w.name)
        why = T.RATING_NOT_LETTER.get(w.slug or "")
        out.append(
            (f"{label}: {name} {w.rating}{' on its vehicle' if mounted else ''}{f' ({why})' if why else ''}", factor)
        )
    out.append(highest(T.MULT_ARMOUR, armours))
    return [m for m in out if m is not None]


def _explosives(team) -> list:
    extras = []
    if team.grenades:
        extras.append((f"{team.grenades} grenade{'s' * (team.grenades != 1)}", team.grenades * T.POINTS_GRENADE))
    shots = stats.rpg_shots(team)
    if shots:
        why = "" if shots == team.rpg else " (one shot per Bazooka/Panzerfaust)"
        extras.append((f"{shots} RPG/LAW{why}", shots * T.POINTS_RPG))
    return extras


def value(army: SmleList) -> Valuation:
    result = Valuation(scheme=SCHEME, name="S.M.L.E. Unit Points Costs", kind=PRINTED, ref=T.REF_POINTS)
    for path, team, kind in all_teams(army):
        if kind == "command team":
            continue  # priced with its platoon leader below
        result.units.append(
            UnitCost(
                path,
                team.name,
                kind,
                Fraction(T.POINTS_TEAM),
                _multipliers([team.motivation], stats.team_arms(team), [team.armour]),
                _explosives(team),
                T.REF_POINTS,
            )
        )
    _leaders(result, army)
    if army.prepared_positions:
        n = army.prepared_positions
        result.units.append(
            UnitCost(
                ("prepared_positions",),
                f"{n} prepared position{'s' * (n != 1)}",
                "prepared positions",
                Fraction(T.POINTS_PREPARED_POSITION * n),
                [],
                [],
                T.REF_POINTS,
            )
        )
    _not_priced(result, army)
    if army.sets_up_hidden:
        result.side_multipliers.append(T.MULT_HIDDEN)
        result.notes.append(T.HIDDEN_NOTE)
    result.notes.append(T.WEAPON_CLASS_NOTE)
    if army.platoons or any(True for _ in all_individuals(army)):
        result.notes.append(T.LEADER_PRICE_NOTE)
    if any(team.armour == "power" for _p, team, _k in all_teams(army)):
        result.notes.append(T.POWER_VS_LIGHT_NOTE)
    return result


def _not_priced(result, army) -> None:
    """What the text prints no cost for: vehicles and heroes."""
    for path, team, _kind in all_teams(army):
        if team.vehicle is not None:
            result.unpriced.append(
                (path + ("vehicle",), f"vehicle {team.vehicle.name}: the text prints no cost for vehicles")
            )
        for i, fig in enumerate(team.figures):
            if fig.hero:
                result.unpriced.append(
                    (path + ("figures", i, "hero"), f"hero in {team.name}: the text prints no cost for heroes")
                )
    for path, leader, role in all_individuals(army):
        if leader.hero and role != "hero":  # a hero who leads nothing is not priced already (above)
            result.unpriced.append((path + ("hero",), f"hero {leader.name}: the text prints no cost for heroes"))


def _leaders(result, army) -> None:
    """Leaders: a section leader and a platoon leader with his command team as printed; the rest the text does not price."""
    for path, leader, role in all_individuals(army):
        if role == "section leader":
            mults = _multipliers([leader.motivation], [(stats.weapon(leader.weapon), False)], [leader.armour])
            result.units.append(
                UnitCost(path, leader.name, role, Fraction(T.POINTS_SECTION_LEADER), mults, [], T.REF_POINTS)
            )
        elif role == "platoon leader":
            platoon = army.platoons[path[1]]
            team = platoon.command_team
            mults = _multipliers(
                [leader.motivation, team.motivation],
                [(stats.weapon(leader.weapon), False)] + stats.team_arms(team),
                [leader.armour, team.armour],
            )
            result.units.append(
                UnitCost(
                    path,
                    f"{leader.name} and {team.name}",
                    "platoon leader with command team",
                    Fraction(T.POINTS_PLATOON_LEADER),
                    mults,
                    _explosives(team),
                    T.REF_POINTS,
                )
            )
        elif role == "company leader":
            result.unpriced.append((path, f"company leader {leader.name}: the text prints no cost"))
            result.required.add(path)  # a company game must have its leader
        elif role == "hero":
            result.unpriced.append((path, f"hero {leader.name}: the text prints no cost for heroes"))
        elif role == "team leader":
            result.unpriced.append((path, f"{leader.name}, a team's own Leader element: the text prints no cost"))
