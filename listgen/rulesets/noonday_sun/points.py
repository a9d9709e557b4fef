"""Value for Noonday Sun: a supplied points table, or S.M.L.E.'s scheme borrowed and labelled."""

from __future__ import annotations

from fractions import Fraction

from ...house import Priceable, price
from ...value import BORROWED, UnitCost, Valuation
from . import tables as T
from .army import NoondayList, all_leaders, all_units, figures


def _teams(unit) -> int:
    """How many S.M.L.E. teams a unit's figures make, by the team size its quality gives (BORROWED_NOTES)."""
    high = T.BORROWED_MOB[1] if unit.quality == "untrained" else T.BORROWED_TEAM_SIZES.get(unit.quality, (0, 6))[1]
    return max(1, -(-figures(unit) // high))


def _has_command_unit(platoon) -> bool:
    return any(u.kind == "command" for g in platoon.groups for u in g.units)


def _leader_mults(leader) -> list:
    """A leader's multipliers, as S.M.L.E. takes them: motivation, then armour."""
    mults = [T.BORROWED_MOTIVATION[leader.motivation]] if leader.motivation in T.BORROWED_MOTIVATION else []
    if leader.armour in T.BORROWED_ARMOUR:
        mults.append(T.BORROWED_ARMOUR[leader.armour])
    return mults


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
    for path, unit in all_units(army):
        if unit.animals:
            result.unpriced.append((path, f"{unit.name}: animals ({unit.animals}) have no S.M.L.E. cost"))
            continue
        if unit.kind == "hero":
            result.unpriced.append((path, f"hero {unit.name}: S.M.L.E. prints no cost for heroes"))
            continue
        mults: list[tuple[str, float]] = []
        teams = _teams(unit)
        if teams > 1:
            high = T.BORROWED_MOB[1] if unit.quality == "untrained" else T.BORROWED_TEAM_SIZES[unit.quality][1]
            mults.append((f"{figures(unit)} {unit.quality} figures: {teams} S.M.L.E. teams of up to {high}", teams))
        if unit.motivation in T.BORROWED_MOTIVATION:
            mults.append(T.BORROWED_MOTIVATION[unit.motivation])
        if unit.support_weapon:
            mults.append(T.BORROWED_SUPPORT[unit.support_weapon])
        if unit.armour in T.BORROWED_ARMOUR:
            mults.append(T.BORROWED_ARMOUR[unit.armour])
        result.units.append(UnitCost(path, unit.name, "unit", Fraction(T.BORROWED_UNIT), mults, [], T.BORROWED_REF))
    for path, leader, role in all_leaders(army):
        if role == "company leader":
            result.unpriced.append((path, f"company leader {leader.name}: S.M.L.E. prints no cost"))
            result.required.add(path)  # a company game must have its leader
        elif role == "platoon leader" and _has_command_unit(army.platoons[path[1]]):
            result.units.append(
                UnitCost(
                    path,
                    leader.name,
                    "platoon leader (priced with the command unit)",
                    Fraction(0),
                    [],
                    [],
                    T.BORROWED_REF,
                )
            )
        else:
            base = T.BORROWED_PLATOON_LEADER if role == "platoon leader" else T.BORROWED_GROUP_LEADER
            what = "platoon leader (no command unit)" if role == "platoon leader" else role
            result.units.append(
                UnitCost(path, leader.name, what, Fraction(base), _leader_mults(leader), [], T.BORROWED_REF)
            )
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
    return result
