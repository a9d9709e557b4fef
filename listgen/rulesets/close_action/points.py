"""Close Action value: a supplied points table, or the fire-dice rating computed openly."""

from __future__ import annotations

from fractions import Fraction

from listgen.core.house import Priceable, price
from listgen.core.value import RATING, UnitCost, Valuation

from . import tables as T
from .army import CloseActionList, serving, squad_size


def _dice(weapon: str) -> int:
    if weapon in T.FIRE_TABLE:
        return T.FIRE_TABLE[weapon].dice
    return T.MORTAR_RATING if weapon == "mortar" else 0


def value(army: CloseActionList) -> Valuation:
    if army.points_table is not None:
        things = [
            Priceable(
                ("squads", s), sq.name, "unit", squad_size(sq), sq.grade, None, [w.weapon for w in sq.support_weapons]
            )
            for s, sq in enumerate(army.squads)
        ]
        things += [Priceable(("officers", i), o.name, "leader") for i, o in enumerate(army.officers)]
        return price(army.points_table, things, "Close Action")
    result = Valuation(
        scheme=T.RATING,
        name="fire-dice rating",
        kind=RATING,
        ref=T.REF_FIRE_TABLE,
        unit="fire dice",
        notes=list(T.RATING_NOTES),
    )
    for s, squad in enumerate(army.squads):
        parts: list[tuple[str, Fraction | int]] = (
            [(f"leader's {squad.leader.weapon}", _dice(squad.leader.weapon))] if squad.leader else []
        )
        parts += [
            (f"{men.count} {men.weapon} x{_dice(men.weapon)}", men.count * _dice(men.weapon)) for men in squad.men
        ]
        fired = [w for w in squad.support_weapons if w.weapon != "mortar"]
        mortars = [w for w in squad.support_weapons if w.weapon == "mortar"]
        # the man serving each fires it, not his own weapon (CREW_NOTE): a man of his own each, the least-dice first,
        # so no man is taken away twice (the matchup leaves the same men's weapons out)
        for support, weapon in zip(squad.support_weapons, serving(squad)):
            own = _dice(weapon)
            parts.append(
                (
                    f"{support.weapon.upper() if support.weapon != 'mortar' else 'mortar'} served instead of "
                    f"a {own}-dice weapon",
                    -own,
                )
            )
        parts += [(w.weapon.upper(), _dice(w.weapon)) for w in fired]
        if squad.grade == "green":  # GREEN_FIRE: the dice that roll to hit count half (not the mortar's blast)
            label, factor = T.GREEN_FIRE
            parts.append((label, -sum(n for _label, n in parts) * (1 - factor)))
        parts += [("mortar: 16, its BZ's morale dice", T.MORTAR_RATING) for _ in mortars]
        result.units.append(
            UnitCost(
                ("squads", s),
                squad.name,
                f"{squad.grade or 'ungraded'} squad",
                Fraction(0),
                [],
                parts,
                T.REF_FIRE_TABLE,
            )
        )
    for i, officer in enumerate(army.officers):
        result.units.append(
            UnitCost(
                ("officers", i),
                officer.name,
                "officer",
                Fraction(0),
                [],
                [(officer.weapon, _dice(officer.weapon))],
                T.REF_FIRE_TABLE,
            )
        )
    return result
