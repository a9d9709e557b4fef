"""Value for Noonday Sun: a supplied points table, or S.M.L.E.'s scheme borrowed and labelled."""

from __future__ import annotations

from fractions import Fraction

from ...house import Priceable, price
from ...value import BORROWED, UnitCost, Valuation
from . import tables as T
from .army import NoondayList, all_leaders, all_units, figures


def value(army: NoondayList) -> Valuation:
    if army.points_table is not None:
        things = [Priceable(path, unit.name, "unit", figures(unit), unit.quality, unit.motivation,
                            [unit.support_weapon] if unit.support_weapon else [])
                  for path, unit in all_units(army)]
        things += [Priceable(path, leader.name, "leader") for path, leader, _role in all_leaders(army)]
        return price(army.points_table, things, "...In the Noonday Sun")
    result = Valuation(scheme=T.BORROWED, name="borrowed S.M.L.E. Unit Points Costs", kind=BORROWED, ref=T.BORROWED_REF,
                       notes=list(T.BORROWED_NOTES))
    for path, unit in all_units(army):
        if unit.animals:
            result.unpriced.append((path, f"{unit.name}: animals ({unit.animals}) have no S.M.L.E. cost"))
            continue
        mults = []
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
        elif role == "platoon leader":
            result.units.append(UnitCost(path, leader.name, "platoon leader (with the command unit)",
                                         Fraction(0), [], [], T.BORROWED_REF))
        else:
            mults = [T.BORROWED_MOTIVATION[leader.motivation]] if leader.motivation in T.BORROWED_MOTIVATION else []
            result.units.append(UnitCost(path, leader.name, role, Fraction(T.BORROWED_GROUP_LEADER), mults, [],
                                         T.BORROWED_REF))
    if army.prepared_positions:
        n = army.prepared_positions
        result.units.append(UnitCost(("prepared_positions",), f"{n} prepared position(s)", "prepared positions",
                                     Fraction(T.BORROWED_PREPARED * n), [], [], T.BORROWED_REF))
    if army.sets_up_hidden:
        result.side_multipliers.append(("One side sets up hidden (S.M.L.E.)", 2))
    return result
