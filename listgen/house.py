"""A points table supplied by a list or a tournament pack, for rulesets that print no points.

The same small vocabulary serves every ruleset: a cost per unit, per figure, per leader,
per figure of each quality or motivation, and per named item (weapon, kit, vehicle).
Anything the table does not price is reported as unpriced, never counted as zero.
"""

from __future__ import annotations

from fractions import Fraction

from .model import Count, Field, Model, Name
from .value import SUPPLIED, UnitCost, Valuation


class PointsTable(Model):
    """House costs. An absent unit, figure or leader cost charges nothing; a quality, motivation or
    item the table's lists do not name is 'not priced', never free."""

    name: Name = Field(description="Whose costs these are, e.g. 'Pretoria club 2026'; printed with the total.")
    unit: Count = Field(0, description="Each unit, team, squad or stand (absent: not charged).")
    figure: Count = Field(0, description="Each figure (man) (absent: not charged).")
    leader: Count = Field(0, description="Each leader or officer (individual figure) (absent: not charged).")
    quality: dict[str, Count] = Field(
        default_factory=dict, description="Per figure of that quality, grade or training."
    )
    motivation: dict[str, Count] = Field(default_factory=dict, description="Per figure of that motivation.")
    items: dict[str, Count] = Field(
        default_factory=dict, description="Per named item: support weapons, kit, vehicles, aircraft."
    )


class Priceable:
    """One thing on a list as a points table sees it."""

    def __init__(
        self,
        path: tuple,
        name: str,
        kind: str,
        figures: int = 0,
        quality: str | None = None,
        motivation: str | None = None,
        items=(),
    ):
        self.path, self.name = path, name
        self.kind = kind  # "unit" or "leader"
        self.figures, self.quality, self.motivation = figures, quality, motivation
        self.items = list(items)  # item names, one per item carried


def price(table: PointsTable, things: list, ruleset_title: str) -> Valuation:
    """Cost each thing from the table, showing the working; missing prices become 'unpriced'."""
    result = Valuation(
        scheme=f"points table '{table.name}' (supplied; {ruleset_title} prints no points)",
        name=f"points table '{table.name}'",
        kind=SUPPLIED,
        ref=f"points table '{table.name}'",
    )
    lacking: dict = {}  # what the table does not price -> (first path, names of the things needing it)
    for thing in things:
        extras, missing = [], []
        base = table.leader if thing.kind == "leader" else table.unit
        if thing.kind == "unit" and thing.figures:
            if table.figure:
                extras.append((f"{thing.figures} figures x{table.figure}", thing.figures * table.figure))
            for what, value, costs in (
                ("quality", thing.quality, table.quality),
                ("motivation", thing.motivation, table.motivation),
            ):
                if value is None:
                    continue
                if value in costs:
                    extras.append((f"{value} x{thing.figures}", costs[value] * thing.figures))
                elif costs:  # the table prices this kind of thing but not this one
                    missing.append(f"{what} '{value}'")
        for item in thing.items:
            if item in table.items:
                extras.append((item, table.items[item]))
            else:
                missing.append(f"item '{item}'")
        result.units.append(
            UnitCost(thing.path, thing.name, thing.kind, Fraction(base), [], extras, f"points table '{table.name}'")
        )
        for what in missing:
            lacking.setdefault(what, (thing.path, []))[1].append(thing.name)
    for what, (path, names) in lacking.items():  # one line per missing price, not one per thing needing it
        counted = {name: names.count(name) for name in names}
        who = ", ".join(f"{name} x{n}" if n > 1 else name for name, n in counted.items())
        result.unpriced.append((path, f"the points table prices no {what} ({who})"))
    return result
