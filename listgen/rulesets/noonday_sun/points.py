"""Value for Noonday Sun: a supplied points table, or S.M.L.E.'s scheme borrowed and labelled."""

from __future__ import annotations

from fractions import Fraction

from listgen.core.house import Priceable, price
from listgen.core.value import BORROWED, UnitCost, Valuation

from . import tables as T
from .army import NoondayList, all_leaders, all_units, figures


def _weight(unit) -> int:
    """A unit's figures as S.M.L.E. counts a team's: 'support weapons ... count as two figures'."""
    return figures(unit) + (1 if unit.support_weapon else 0)


def _teams(unit) -> int:
    """How many S.M.L.E. teams a unit's figures make: S.M.L.E.'s 12 buys a team of two to six figures (an untrained
    mob up to twelve), so the same figures cost the same in both (BORROWED_NOTES)."""
    high = T.BORROWED_MOB[1] if unit.quality == "untrained" else T.BORROWED_TEAM[1]
    return max(1, -(-_weight(unit) // high))


def _command_unit(platoon):
    """(path tail, unit) of the platoon's command unit, priced with its leader as S.M.L.E.'s command team."""
    for g, group in enumerate(platoon.groups):
        for u, unit in enumerate(group.units):
            if unit.kind == "command":
                return ("groups", g, "units", u), unit
    return None


def _leader_mults(leader) -> list:
    """A leader's multipliers, as S.M.L.E. takes them: motivation, then armour."""
    mults = [T.BORROWED_MOTIVATION[leader.motivation]] if leader.motivation in T.BORROWED_MOTIVATION else []
    if leader.armour in T.BORROWED_ARMOUR:
        mults.append(T.BORROWED_ARMOUR[leader.armour])
    return mults


def _unit_mults(unit) -> list:
    """A unit's multipliers, as S.M.L.E. takes a team's: motivation, support weapon, armour."""
    mults = []
    if unit.motivation in T.BORROWED_MOTIVATION:
        mults.append(T.BORROWED_MOTIVATION[unit.motivation])
    if unit.support_weapon:
        mults.append(T.BORROWED_SUPPORT[unit.support_weapon])
    if unit.armour in T.BORROWED_ARMOUR:
        mults.append(T.BORROWED_ARMOUR[unit.armour])
    return mults


def _with_command(leader, command) -> list:
    """A platoon leader's multipliers with his command unit's, as S.M.L.E. prices its platoon leader with his
    command team: the highest of each kind among them, a figure without one counting x1 (smle.points.highest)."""
    from ..smle.points import highest  # borrowed: Noonday Sun prices with S.M.L.E.'s scheme (Ruleset.borrows)

    out = [
        highest(T.BORROWED_MOTIVATION, [leader.motivation, command.motivation]),
        T.BORROWED_SUPPORT[command.support_weapon] if command.support_weapon else None,
        highest(T.BORROWED_ARMOUR, [leader.armour, command.armour]),
    ]
    return [m for m in out if m is not None]


def _past_command_team(command) -> list:
    """What S.M.L.E.'s 12 for a platoon leader and his command team (2-4 figures) does not cover: the command unit's
    figures past 4, as further S.M.L.E. teams of up to six (12 each, times its own multipliers): never free."""
    over = _weight(command) - T.BORROWED_COMMAND[1]
    if over <= 0:
        return []
    high = T.BORROWED_MOB[1] if command.quality == "untrained" else T.BORROWED_TEAM[1]
    teams = -(-over // high)
    factor = Fraction(1)
    for _label, f in _unit_mults(command):
        factor *= Fraction(f)
    label = f"{over} figure{'s' * (over != 1)} past S.M.L.E.'s command team of 2-4: {teams} team{'s' * (teams != 1)}"
    if factor != 1:
        label += f" x{factor}"
    return [(label, T.BORROWED_UNIT * teams * factor)]


def _price_leader(result: Valuation, army: NoondayList, path, leader, role: str) -> None:
    """A leader's cost as S.M.L.E. prices his role: a platoon leader with his command unit, a group leader as a
    section leader, the rest not priced."""
    if role == "company leader":
        result.unpriced.append((path, f"company leader {leader.name}: S.M.L.E. prints no cost"))
        result.required.add(path)  # a company game must have its leader
    elif role == "unit leader":  # as S.M.L.E.'s independent team's own Leader element: no printed cost
        result.unpriced.append((path, f"{leader.name}, a unit's own Leader element: S.M.L.E. prints no cost"))
    elif role == "platoon leader" and (found := _command_unit(army.platoons[path[1]])) is not None:
        command = found[1]
        past = _past_command_team(command)
        if past and T.COMMAND_TEAM_NOTE not in result.notes:
            result.notes.append(T.COMMAND_TEAM_NOTE)
        result.units.append(  # S.M.L.E.: "Platoon Leaders come with a command team (2-4 figures) and cost 12"
            UnitCost(
                path,
                f"{leader.name} and {command.name}",
                "platoon leader with command unit",
                Fraction(T.BORROWED_PLATOON_LEADER),
                _with_command(leader, command),
                past,
                T.BORROWED_REF,
            )
        )
    else:
        base = T.BORROWED_PLATOON_LEADER if role == "platoon leader" else T.BORROWED_GROUP_LEADER
        what = "platoon leader (no command unit)" if role == "platoon leader" else role
        result.units.append(
            UnitCost(path, leader.name, what, Fraction(base), _leader_mults(leader), [], T.BORROWED_REF)
        )


def value(army: NoondayList) -> Valuation:
    if army.points_table is not None:
        things = [
            Priceable(
                path,
                unit.name,
                "unit",
                figures(unit),
                unit.quality,
                unit.motivation,
                [unit.support_weapon] if unit.support_weapon else [],
            )
            for path, unit in all_units(army)
        ]
        things += [Priceable(path, leader.name, "leader") for path, leader, _role in all_leaders(army)]
        return price(army.points_table, things, "...In the Noonday Sun")
    result = Valuation(
        scheme=T.BORROWED,
        name="borrowed S.M.L.E. Unit Points Costs",
        kind=BORROWED,
        ref=T.BORROWED_REF,
        notes=list(T.BORROWED_NOTES),
    )
    commands = {}  # a command unit's path -> its platoon leader's path: the two are priced together
    for p, platoon in enumerate(army.platoons):
        found = _command_unit(platoon)
        if found is not None and platoon.leader is not None:  # without him, it is priced as any unit
            commands[("platoons", p) + found[0]] = ("platoons", p, "leader")
    for path, unit in all_units(army):
        if path in commands and not unit.animals:
            continue  # priced with its platoon leader, as S.M.L.E.'s command team
        if unit.animals:
            result.unpriced.append((path, f"{unit.name}: animals ({unit.animals}) have no S.M.L.E. cost"))
            continue
        if unit.kind == "hero":
            result.unpriced.append((path, f"hero {unit.name}: S.M.L.E. prints no cost for heroes"))
            continue
        mults = _unit_mults(unit)
        teams = _teams(unit)
        if teams > 1:
            high = T.BORROWED_MOB[1] if unit.quality == "untrained" else T.BORROWED_TEAM[1]
            counted = f"{_weight(unit)} figures counted" if unit.support_weapon else f"{figures(unit)} figures"
            mults.insert(0, (f"{counted}: {teams} S.M.L.E. teams of up to {high}", teams))
        result.units.append(UnitCost(path, unit.name, "unit", Fraction(T.BORROWED_UNIT), mults, [], T.BORROWED_REF))
    for path, leader, role in all_leaders(army):
        _price_leader(result, army, path, leader, role)
    if army.prepared_positions:
        n = army.prepared_positions
        result.units.append(
            UnitCost(
                ("prepared_positions",),
                f"{n} prepared position(s)",
                "prepared positions",
                Fraction(T.BORROWED_PREPARED * n),
                [],
                [],
                T.BORROWED_REF,
            )
        )
    if army.sets_up_hidden:
        result.side_multipliers.append(("One side sets up hidden (S.M.L.E.)", 2))
    if army._armour_defaulted:  # said where it is priced: the borrowed multipliers take armour
        result.notes.append(T.ARMOUR_DEFAULT_NOTE.format(", ".join(army._armour_defaulted)))
    return result
