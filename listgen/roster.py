"""A roster as data: the force as a tree of units, each with facts, figures and tick boxes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Unit:
    title: str
    depth: int  # 0 force level (platoon), 1 section, 2 team
    facts: list = field(default_factory=list)  # (label, value) shown in the unit's header line
    columns: list = field(default_factory=list)  # figure table header
    widths: list = field(default_factory=list)  # relative column widths (default: equal)
    rows: list = field(default_factory=list)  # figure table rows (strings)
    boxes: list = field(default_factory=list)  # tick-box column headers appended to each row
    unboxed: set = field(default_factory=set)  # indexes of rows that take no tick boxes
    counters: list = field(default_factory=list)  # (label, n): n tick boxes, e.g. grenades
    points: str = ""
    tracks: list = field(default_factory=list)  # (label, [box labels]): a unit's own state, e.g. ("Tank 1", ["Supp", "Lost"])
    rules: list = field(default_factory=list)  # special rules, a line each (printed on its card too)


@dataclass
class Roster:
    title: str
    ruleset: str  # title and data version
    player: str | None
    legal: bool
    verdict: str
    points: str  # e.g. "186 / 200 points (S.M.L.E. Unit Points Costs)"
    units: list = field(default_factory=list)
    findings: list = field(default_factory=list)  # lines
    notes: list = field(default_factory=list)


def points_line(valuation, limit) -> str:
    """'620 of 650 points (scheme)', with how much is left unpriced."""
    from .value import show

    text = show(valuation.total) + (f" of {limit}" if limit is not None else "") + f" {valuation.unit} ({valuation.scheme})"
    if valuation.unpriced:
        text += f"; {len(valuation.unpriced)} item(s) not priced"
    return text


def value_notes(army, valuation) -> list:
    """The list's own notes, then how its value was reached and what it leaves out."""
    notes = [army.notes] if army.notes else []
    return notes + list(valuation.notes) + [f"Not priced: {text}" for _path, text in valuation.unpriced]
