"""A roster as data: the force as a tree of units, each with facts, figures and tick boxes."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from listgen.core.findings import Path

if TYPE_CHECKING:
    from listgen.core.model import ListHeader
    from listgen.core.value import UnitCost, Valuation


# One copy's own state on the roster: a name, a tick box under each label, and optionally a count written in
# (more hits than boxes would hold), e.g. Track("Tank 1", ("Lost", "Immob.")), Track("Recruits", (), "__ / 30").
class Track(NamedTuple):
    name: str
    boxes: tuple[str, ...]
    write_in: str = ""


@dataclass(frozen=True)
class Unit:
    """One unit as its roster prints it; frozen (a ruleset returns it complete, the core changes it by
    ``dataclasses.replace``)."""

    title: str
    depth: int  # 0 force level (platoon), 1 section, 2 team
    path: Path | None = None  # where in the list it stands, e.g. ("platoons", 0, "sections", 1): its costs' path
    facts: list[tuple[str, str]] = field(default_factory=list)  # (label, value) shown in the unit's header line
    columns: list[str] = field(default_factory=list)  # figure table header
    rows: list[list[str]] = field(default_factory=list)  # figure table rows (strings)
    boxes: list[str] = field(default_factory=list)  # tick-box column headers appended to each row
    # rows (their index) or single boxes ((row, box) pairs) that take no tick box
    unboxed: AbstractSet[int | tuple[int, int]] = field(default_factory=set)
    # (label, n): n tick boxes, e.g. grenades; n None: written in
    counters: list[tuple[str, int | None]] = field(default_factory=list)
    points: str = ""
    # each copy's own state, e.g. Track("Tank 1", ("Supp", "Lost"))
    tracks: list[Track] = field(default_factory=list)
    track_head: str = "Hits"  # header of the written-in column of tracks
    rules: list[str] = field(default_factory=list)  # special rules, a line each (printed on its card too)
    # per row, how many alike figures it stands for ('4 x Rifle'), each with a box in every box column; empty:
    # one each (a printout with identical units combined, render/printed.combined)
    counts: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Roster:
    """The force as a ruleset prints it, frozen; the core stamps a copy of it (the list's name and player,
    ruleset, verdict, findings, share code, subtotals) before printing."""

    points: str  # e.g. "186 / 200 points (S.M.L.E. Unit Points Costs)"
    units: list[Unit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    title: str = ""  # stamped: the list's name
    player: str | None = None  # stamped
    ruleset: str = ""  # stamped: title and data version
    legal: bool | None = None  # stamped: None until the list's verdict is put on it
    verdict: str = ""  # stamped
    findings: list[str] = field(default_factory=list)  # stamped: lines
    share_code: str = ""  # stamped: the list as a share code (share.py), printed as a QR code
    list_hash: str = ""  # stamped: the list's short hash, printed beside it


def priced_extra(cost: UnitCost, title: str) -> Unit:
    """A priced thing that is no unit (prepared positions): a line of its own, so that its price is printed."""

    return Unit(
        title=title,
        depth=0,
        path=cost.path,
        facts=[("", cost.name)],
        points=cost.line("pts"),
    )


def unprinted_costs(units: list[Unit], valuation: Valuation) -> list[str]:
    """The costs a roster would leave out: each priced at a path no printed unit holds (the unit's own or a part
    of it), or held by a unit that shows no points. Empty when every price is printed."""
    paths = {u.path: u for u in units if u.path is not None}
    missing: list[str] = []
    for cost in valuation.units:
        owner = next((paths[cost.path[:n]] for n in range(len(cost.path), 0, -1) if cost.path[:n] in paths), None)
        if owner is None or not owner.points:
            missing.append(f"{cost.name} ({'/'.join(map(str, cost.path))})")
    return missing


def points_line(valuation: Valuation, limit: int | float | None) -> str:
    """'620 of 650 points (scheme)'; a partial or unknown total says so (Valuation.total_words)."""
    return f"{valuation.total_words(limit)} ({valuation.scheme})"


def value_notes(army: ListHeader, valuation: Valuation) -> list[str]:
    """The list's own notes, then how its value was reached and what it leaves out."""
    notes = [army.notes] if army.notes else []
    return notes + list(valuation.notes) + unpriced_lines(valuation)


def unpriced_lines(valuation: Valuation) -> list[str]:
    """'Not priced' lines, those that share their reason on one line: 'Not priced (no printed price): HQ squad,
    Sappers' rather than a line each."""
    by_reason: dict[str, list[str | None]] = {}
    for _path, text in valuation.unpriced:
        name, sep, reason = text.rpartition(": ")
        by_reason.setdefault(reason if sep else text, []).append(name if sep else None)
    lines: list[str] = []
    for reason, names in by_reason.items():
        named = [n for n in names if n]
        if len(named) > 1:
            lines.append(f"Not priced ({reason}): {', '.join(named)}")
        else:
            lines += [f"Not priced: {n}: {reason}" if n else f"Not priced: {reason}" for n in names]
    return lines


def each_points(costs: Iterable[UnitCost]) -> str:
    """Several copies priced alike read '3 x 42 = 126 (each 30 (tank) + ...)', not the working three times."""
    from listgen.core.value import show

    groups: dict[str, list[UnitCost]] = {}
    for c in costs:
        groups.setdefault(c.line(), []).append(c)
    parts: list[str] = []
    for line, alike in groups.items():
        first = alike[0]
        if len(alike) == 1:
            parts.append(line)
        elif first.missing:  # not priced, or only in part: each copy alike, never a product of a partial sum
            parts.append(f"{len(alike)} x {line}")
        else:
            total = first.total
            parts.append(f"{len(alike)} x {show(total)} = {show(total * len(alike))} (each {first.working()})")
    return "; ".join(parts)


# What a printout holds at most. No force the rules allow comes near these (a S.M.L.E. company is some sixty
# teams, a team six figures); past them a roster would run to hundreds of pages and minutes of layout, so the
# rest is counted, not printed, and the roster says so where the cut is.
MAX_UNITS = 300  # units (teams, squads, stands, headings) on one roster
MAX_ROWS = 40  # figure rows of one unit
MAX_TRACKS = 30  # copies of one unit tracked box by box; more share one written-in line
MAX_LINES = 60  # findings, and notes, printed in full
MAX_TICKS = 30  # boxes for one counter (grenades, ammunition); more print as a count to write in


def bounded(roster: Roster) -> Roster:
    """The roster as printed: within the limits above, each cut stated where it is made."""
    units = [_bounded_unit(u) for u in roster.units[:MAX_UNITS]]
    findings, notes = _lines(roster.findings, "finding"), _lines(roster.notes, "note")
    if len(roster.units) > MAX_UNITS:
        more = len(roster.units) - MAX_UNITS
        cut = (
            f"{more:,} more units are not printed: a roster prints {MAX_UNITS} at most, far past any force "
            "the rules allow (listgen validate checks them all)"
        )
        units.append(Unit(f"… and {more:,} more units", 0, rules=[cut]))
        notes = [cut] + notes
    return replace(roster, units=units, findings=findings, notes=notes)


def _lines(lines: list[str], what: str) -> list[str]:
    if len(lines) <= MAX_LINES:
        return list(lines)
    more = len(lines) - MAX_LINES
    return list(lines[:MAX_LINES]) + [f"… and {more:,} more {what}s (listgen validate prints every one)"]


def _bounded_unit(unit: Unit) -> Unit:
    from dataclasses import replace

    changes: dict[str, Any] = {}  # the fields replaced, as replace() takes them
    rules = list(unit.rules)
    if len(unit.rows) > MAX_ROWS:
        more = len(unit.rows) - MAX_ROWS
        changes["rows"] = unit.rows[:MAX_ROWS]
        changes["counts"] = unit.counts[:MAX_ROWS]
        changes["unboxed"] = {u for u in unit.unboxed if (u if isinstance(u, int) else u[0]) < MAX_ROWS}
        rules.append(f"{more:,} more rows are not printed ({MAX_ROWS} at most for one unit)")
    if len(unit.tracks) > MAX_TRACKS:
        labels = list(dict.fromkeys(b for t in unit.tracks for b in t.boxes))
        n = len(unit.tracks)
        count = "  ".join(f"{label} __" for label in labels) or "__"
        changes["tracks"] = [Track(f"{n:,} copies", (), f"{count} of {n:,}")]
        rules.append(f"{n:,} copies share one line: write in how many of them are in each state")
    if rules != unit.rules:
        changes["rules"] = rules
    return replace(unit, **changes) if changes else unit
