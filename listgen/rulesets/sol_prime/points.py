"""Sol Prime value: the one printed price (assault armour +1) and a supplied points table.

Without a table everything else is 'not priced' and a points_limit cannot be checked: the
text's troop lists, where the prices are, are missing.
"""

from __future__ import annotations

from fractions import Fraction

from listgen.core.house import Priceable, price
from listgen.core.value import PRINTED, UnitCost, Valuation

from . import tables as T
from .army import SolPrimeList, all_stands, equipped

SCHEME_NONE = "Sol Prime purchase prices (the troop lists with prices are missing from the text)"


def _items(army, stand) -> list:
    items = [stand.type] + equipped(army, stand)
    if stand.engineer:
        items.append("engineer")
    if stand.afo:
        items.append("afo")
    items += ["ammunition-lot"] * stand.ammunition_lots
    return items


def value(army: SolPrimeList) -> Valuation:
    if army.points_table is not None:
        things = [
            Priceable(path, stand.name, "unit", 0, None, None, _items(army, stand))
            for path, stand, _p in all_stands(army)
            for _ in range(stand.count)
        ]
        things += [Priceable(("leaders", i), leader.name, "leader") for i, leader in enumerate(army.leaders)]
        things += [
            Priceable(("minefields", i), f"{T.MINEFIELDS[m.type].name} minefield", "unit", 0, None, None, [m.type])
            for i, m in enumerate(army.minefields)
            for _ in range(m.count)
        ]
        things += [
            Priceable(("installations", i), inst.name or inst.type, "unit", 0, None, None, [inst.type])
            for i, inst in enumerate(army.installations)
            for _ in range(inst.count)
        ]
        result = price(army.points_table, things, "Sol Prime")
    else:
        result = Valuation(
            scheme=SCHEME_NONE,
            name="Sol Prime purchase prices",
            kind=PRINTED,
            ref=T.REF_INFANTRY,
            notes=[T.PRICES_NOTE],
            incomplete=T.PRICES_NOTE,
        )
        for path, stand, _p in all_stands(army):
            result.unpriced.append((path, f"{stand.name}: no printed price"))
        for i, m in enumerate(army.minefields):
            result.unpriced.append((("minefields", i), f"{T.MINEFIELDS[m.type].name} minefields: no printed price"))
        for i, inst in enumerate(army.installations):
            result.unpriced.append((("installations", i), f"{inst.name or inst.type}: no printed price"))
    for path, stand, _p in all_stands(army):
        if stand.assault_armour:
            result.units.append(
                UnitCost(
                    path + ("assault_armour",),
                    f"{stand.name} assault armour",
                    "assault armour",
                    Fraction(T.ASSAULT_ARMOUR_COST * stand.count),
                    [],
                    [],
                    T.REF_INFANTRY,
                )
            )
    return result
