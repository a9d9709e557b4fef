"""A points table supplied by a list or a tournament pack, for rulesets that print no points.

The same small vocabulary serves every ruleset: a cost per unit, per figure, per leader,
per figure of each quality or motivation, and per named item (weapon, kit, vehicle).
Anything the table does not price is reported as unpriced, never counted as zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from listgen.core.findings import Path
from listgen.core.model import Count, Field, Model, Name
from listgen.core.value import SUPPLIED, Points, UnitCost, Valuation


class PointsTable(Model):
    """House costs. A thing on the list is priced by the entries of the table that apply to it; one that no
    entry prices (a table with no unit, figure, quality or motivation cost that fits a unit; no leader cost
    for a leader; an item the table does not name) is 'not priced', never free. 0 is a price: free."""

    name: Name = Field(description="Whose costs these are, e.g. 'Pretoria club 2026'; printed with the total.")
    unit: Count | None = Field(
        None, description="Each unit, team, squad or stand (absent: units are priced by their figures, or not priced)."
    )
    figure: Count | None = Field(None, description="Each figure (man) (absent: figures are not charged one by one).")
    leader: Count | None = Field(
        None, description="Each leader or officer (individual figure) (absent: leaders are not priced; 0 for free)."
    )
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
        path: Path,
        name: str,
        kind: str,
        figures: int = 0,
        quality: str | None = None,
        motivation: str | None = None,
        items: Iterable[str] = (),
    ) -> None:
        self.path, self.name = path, name
        self.kind = kind  # "unit" or "leader"
        self.figures, self.quality, self.motivation = figures, quality, motivation
        self.items = list(items)  # item names, one per item carried


def price(table: PointsTable, things: Sequence[Priceable], ruleset_title: str) -> Valuation:
    """Cost each thing from the table, showing the working; missing prices become 'unpriced'."""
    result = Valuation(
        scheme=f"points table '{table.name}' (supplied; {ruleset_title} prints no points)",
        name=f"points table '{table.name}'",
        kind=SUPPLIED,
        ref=f"points table '{table.name}'",
    )
    lacking: dict[
        str, tuple[Path, list[str]]
    ] = {}  # what the table does not price -> (first path, names of the things needing it)
    any_priced = False
    for thing in things:
        extras: list[tuple[str, Points]] = []
        missing: list[str] = []
        base = table.leader if thing.kind == "leader" else table.unit
        priced = base is not None  # whether any entry of the table prices this thing at all
        if thing.kind == "unit" and thing.figures:
            if table.figure is not None:
                priced = True
                if table.figure:
                    said = f"{thing.figures} figure{'s' * (thing.figures != 1)} x{table.figure}"
                    extras.append((said, thing.figures * table.figure))
            for what, value, costs in (
                ("quality", thing.quality, table.quality),
                ("motivation", thing.motivation, table.motivation),
            ):
                if value is None:
                    continue
                if value in costs:
                    priced = True
                    extras.append((f"{value} x{thing.figures}", costs[value] * thing.figures))
                elif costs:  # the table prices this kind of thing but not this one
                    missing.append(f"{what} '{value}'")
        for item in thing.items:
            if item in table.items:
                priced = True
                extras.append((item, table.items[item]))
            else:
                missing.append(f"item '{item}'")
        any_priced = any_priced or priced
        if not priced and not missing:  # nothing in the table applies: not priced, never free
            missing.append("leaders" if thing.kind == "leader" else "units (no unit, figure or quality cost)")
        result.units.append(
            UnitCost(
                thing.path,
                thing.name,
                thing.kind,
                Fraction(base or 0),
                [],
                extras,
                f"points table '{table.name}'",
                missing,
            )
        )
        for what in missing:
            lacking.setdefault(what, (thing.path, []))[1].append(thing.name)
    result.missing_items = sum(len(names) for _path, names in lacking.values())  # a price a thing lacks, each
    for what, (path, names) in lacking.items():  # one line per missing price, not one per thing needing it
        counted = {name: names.count(name) for name in names}
        who = ", ".join(f"{name} x{n}" if n > 1 else name for name, n in counted.items())
        result.unpriced.append((path, f"the points table prices no {what} ({who})"))
    if things and not any_priced:  # a table that prices nothing on the list: no total at all, never 0
        result.incomplete = f"the points table '{table.name}' prices nothing on this list"
    return result
