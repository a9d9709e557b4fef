"""The builder's catalogue: the texts' own units, ready to add, each priced for the list it would join.

A ruleset's ``catalogue`` module gives ``ENTRIES``: what a player may add (a rifle team, a Bren group, a 2-inch
mortar team...), each as the list format writes it and for the kind of entry it is (the schema's title: Team,
Section, Squad, Stand...). ``offers`` prices each one by adding it to the list and pricing the list as every
command does: the cost shown is the one the CLI would print once it is added, or 'not priced' and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Entry:
    """A unit the text describes, as the list format writes it; kind: the schema's title of what it is."""

    name: str  # as the player looks for it: 'Bren group (trained)'
    kind: str  # Team, Section, Squad, Stand...
    data: dict = field(hash=False)
    source: str = ""  # where the text describes it
    note: str = ""  # what the player should know before adding it


@dataclass(frozen=True)
class Offer:
    """A catalogue entry at one place of one list: what adding it would cost there."""

    entry: Entry
    cost: str  # '12 points', 'not priced: the text prints no cost', ...
    value: str  # the entry as JSON, for the page's insert
    problems: tuple = ()  # the rules it would break here, as the findings say them (code: message)


def offers(entries: list[Entry], text: str, path: tuple, schema: dict, starter: dict) -> list[Offer]:
    """Each entry priced by adding it at path (a list of the list) and pricing the list as the commands do."""
    from .edit import Editor
    from .exceptions import EditError, InputError
    from .validate import check_text

    before = check_text(text, "<catalogue>")
    was = before.valuation.total if before.valuation is not None and not before.valuation.unknown else None
    out = []
    for entry in entries:
        value = json.dumps(entry.data, ensure_ascii=False, separators=(",", ":"))
        try:
            after = Editor(text, schema, starter).apply("insert", path, value)
        except (EditError, InputError) as exc:
            out.append(Offer(entry, f"cannot go here: {exc}", value))
            continue
        report = check_text(after, "<catalogue>")
        if report.document is None:
            out.append(Offer(entry, "not priced: the list does not read", value))
            continue
        where = path + (len(_at(report.document.data, path)) - 1,)
        problems = tuple(
            f"{f.code}: {f.message}"
            for f in report.findings
            if f.severity == "error" and tuple(f.path[: len(where)]) == where
        )
        out.append(Offer(entry, _cost(report, where, was), value, problems))
    return out


def _cost(report, where: tuple, was: Fraction | None) -> str:
    """What the entry just added at where costs, as the list's valuation prices it: its own units' costs, or
    (a line of men, a support weapon) what it adds to the unit that holds it."""
    valuation = report.valuation
    if valuation is None:
        return "not priced: the list does not read"
    costs = [u for u in valuation.units if tuple(u.path[: len(where)]) == where]
    unpriced = [what for p, what in valuation.unpriced if tuple(p[: len(where)]) == where]
    total = sum((u.total for u in costs), Fraction(0))
    if not costs:
        if not unpriced and was is not None and not valuation.unknown and valuation.total != was:
            delta = valuation.total - was
            return f"{'+' if delta > 0 else '-'}{_show(abs(delta))} {valuation.unit} to its unit"
        return "not priced: " + (unpriced[0] if unpriced else f"{valuation.name} gives it no price")
    shown = f"{_show(total)} {valuation.unit}"
    return shown + (f" + not priced: {unpriced[0]}" if unpriced else "")


def _at(data, path: tuple):
    for key in path:
        data = data[key]
    return data


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"
