"""Bounce into Action value: a supplied points table, or the firepower rating computed openly."""

from __future__ import annotations

from fractions import Fraction

from listgen.core.house import Priceable, price
from listgen.core.value import RATING, UnitCost, Valuation, show

from . import stats
from . import tables as T
from .army import BounceList


def value(army: BounceList) -> Valuation:
    if army.points_table is not None:
        things = [
            Priceable(
                ("stands", i),
                s.name,
                "leader" if s.kind == "officer" else "unit",
                s.people or 0,
                s.training,
                None,
                [s.weapon, s.equipment],
            )
            for i, s in enumerate(army.stands)
            for _ in range(s.count)
        ]
        things += [
            Priceable(("vehicles", i), v.name, "unit", 0, None, None, [v.type] + list(v.weapons))
            for i, v in enumerate(army.vehicles)
            for _ in range(v.count)
        ]
        things += [
            Priceable(("aircraft", i), a.name, "unit", 0, None, None, [a.type] + list(a.weapons))
            for i, a in enumerate(army.aircraft)
        ]
        things += [
            Priceable(("air_defence", i), d.name, "unit", 0, None, None, [d.system])
            for i, d in enumerate(army.air_defence)
            for _ in range(d.count)
        ]
        return price(army.points_table, things, "Bounce into Action")
    result = Valuation(
        scheme=T.RATING,
        name="firepower rating",
        kind=RATING,
        ref=T.REF_RANGE_BANDS,
        unit="expected hits",
        notes=list(T.RATING_NOTES),
    )
    officers: dict = {}
    for s in army.stands:
        if s.kind == "officer" and s.with_stand:
            officers[s.with_stand] = officers.get(s.with_stand, 0) + s.count
    for i, s in enumerate(army.stands):
        if s.kind == "officer":  # "Officers ... provide a positive modifier ... rather than an additional dice"
            result.units.append(
                UnitCost(
                    ("stands", i),
                    s.name,
                    "officer",
                    Fraction(0),
                    [],
                    [("+1 to the stand it is with, no die", 0)],
                    T.REF_FIRING,
                )
            )
            continue
        bonus = officers.get(s.name, 0) * T.OFFICER_BONUS
        each = stats.firepower(s.weapon, s.training, s.experience, bonus)
        label = f"{s.count} x {show(each)} ({s.weapon}{f', officer +{bonus}' if bonus else ''})"
        extras = [(label, s.count * each)]
        result.units.append(UnitCost(("stands", i), s.name, "stand", Fraction(0), [], extras, T.REF_RANGE_BANDS))
    for i, v in enumerate(army.vehicles):
        extras = [
            (f"{v.count} x {w}", v.count * stats.firepower(w, v.crew_training, v.crew_experience)) for w in v.weapons
        ]
        result.units.append(UnitCost(("vehicles", i), v.name, "vehicle", Fraction(0), [], extras, T.REF_RANGE_BANDS))
    for i, a in enumerate(army.aircraft):
        extras = [(w, stats.firepower(w, "regular", "experienced")) for w in a.weapons]
        result.units.append(UnitCost(("aircraft", i), a.name, "aircraft", Fraction(0), [], extras, T.REF_RANGE_BANDS))
    if army.aircraft:
        result.notes.append("Aircraft weapons are rated as fired by Regular, Experienced crews.")
    if army.air_defence:
        result.notes.append("Air defence systems have no ground firepower and are not counted.")
    return result
