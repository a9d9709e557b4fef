"""S.M.L.E. Unit Points Costs and Force Multipliers, per unit, with the working shown."""

from __future__ import annotations

from fractions import Fraction

from ...value import PRINTED, UnitCost, Valuation
from . import stats
from . import tables as T
from .army import SmleList, all_individuals, all_teams

SCHEME = "S.M.L.E. Unit Points Costs (printed in the rules)"


def _multipliers(motivation, weapons, armour) -> list:
    out = []
    if motivation in T.MULT_MOTIVATION:
        out.append(T.MULT_MOTIVATION[motivation])
    classes = {T.weapon_class(w) for w in weapons if w is not None}
    if "heavy" in classes:
        out.append(T.MULT_WEAPONS["heavy"])
    elif "better" in classes:
        out.append(T.MULT_WEAPONS["better"])
    if armour in T.MULT_ARMOUR:
        out.append(T.MULT_ARMOUR[armour])
    return out


def _explosives(team) -> list:
    extras = []
    if team.grenades:
        extras.append((f"{team.grenades} grenade{'s' * (team.grenades != 1)}", team.grenades * T.POINTS_GRENADE))
    if team.rpg:
        extras.append((f"{team.rpg} RPG/LAW", team.rpg * T.POINTS_RPG))
    return extras


def value(army: SmleList) -> Valuation:
    result = Valuation(scheme=SCHEME, name="S.M.L.E. Unit Points Costs", kind=PRINTED, ref=T.REF_POINTS)
    for path, team, kind in all_teams(army):
        weapons = stats.team_weapons(team)
        if kind == "command team":
            continue  # priced with its platoon leader below
        result.units.append(UnitCost(path, team.name, kind, Fraction(T.POINTS_TEAM),
                                     _multipliers(team.motivation, weapons, team.armour),
                                     _explosives(team), T.REF_POINTS))
    for path, leader, role in all_individuals(army):
        if role == "section leader":
            mults = _multipliers(leader.motivation, [stats.weapon(leader.weapon)], leader.armour)
            result.units.append(UnitCost(path, leader.name, role, Fraction(T.POINTS_SECTION_LEADER),
                                         mults, [], T.REF_POINTS))
        elif role == "platoon leader":
            platoon = army.platoons[path[1]]
            team = platoon.command_team
            mults = _multipliers(team.motivation, stats.team_weapons(team), team.armour)
            result.units.append(UnitCost(path, f"{leader.name} and {team.name}",
                                         "platoon leader with command team",
                                         Fraction(T.POINTS_PLATOON_LEADER), mults,
                                         _explosives(team), T.REF_POINTS))
        elif role == "company leader":
            result.unpriced.append((path, f"company leader {leader.name}: the text prints no cost"))
    if army.prepared_positions:
        n = army.prepared_positions
        result.units.append(UnitCost(("prepared_positions",), f"{n} prepared position{'s' * (n != 1)}",
                                     "prepared positions", Fraction(T.POINTS_PREPARED_POSITION * n),
                                     [], [], T.REF_POINTS))
    for path, team, _kind in all_teams(army):
        if team.vehicle is not None:
            result.unpriced.append((path + ("vehicle",),
                                    f"vehicle {team.vehicle.name}: the text prints no cost for vehicles"))
        for i, fig in enumerate(team.figures):
            if fig.hero:
                result.unpriced.append((path + ("figures", i, "hero"),
                                        f"hero in {team.name}: the text prints no cost for heroes"))
    for path, leader, role in all_individuals(army):
        if leader.hero:
            result.unpriced.append((path + ("hero",), f"hero {leader.name}: the text prints no cost for heroes"))
    if army.sets_up_hidden:
        result.side_multipliers.append(T.MULT_HIDDEN)
        result.notes.append(T.HIDDEN_NOTE)
    result.notes.append(T.WEAPON_CLASS_NOTE)
    if any(team.armour == "power" for _p, team, _k in all_teams(army)):
        result.notes.append(T.POWER_VS_LIGHT_NOTE)
    return result
