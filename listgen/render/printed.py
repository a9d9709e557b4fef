"""What a printout holds before it is drawn: the ruleset's roster stamped with the verdict, the findings, the share
code and hash (``make_roster``), cut to the printout's bounds (``printed_roster``); the texts no embedded font
prints (``unprintable``); a printout's footer. Every surface that prints a roster (the commands, a tournament's
booklet, a campaign's roster, the page) starts here."""

from __future__ import annotations

from dataclasses import replace

from listgen.core.exceptions import ContractError
from listgen.core.roster import Roster, bounded, unprinted_costs
from listgen.core.validate import ListReport
from listgen.output.files import print_date
from listgen.output.text import verdict


def footer(ruleset) -> str:
    """A printout's footer: listgen's version, the ruleset's data version and the date printed."""
    from .pdf import footer_text

    return footer_text(ruleset.title, ruleset.data_version, print_date())


def make_roster(report: ListReport, strict: bool = False, shared: tuple[str, str] | None = None) -> Roster:
    """The ruleset's roster of the list, every price on it checked, stamped with the verdict and findings (and
    its share code and hash: ``shared`` when the caller has them already, as a tournament's entries do)."""
    from listgen.core.value import subtotals

    ruleset = report.rules
    roster = ruleset.roster(report.army, report)
    if report.valuation is not None:
        missing = unprinted_costs(roster.units, report.valuation)
        if missing:
            raise ContractError(f"the {ruleset.slug} roster prints no price for: {'; '.join(missing)}")
        units = list(roster.units)
        heading = {u.path: i for i, u in enumerate(units) if u.path is not None}  # a group's (the last at its path)
        for path, _name, words in subtotals(report.force, report.valuation.unit):
            if path not in heading:
                raise ContractError(f"the {ruleset.slug} roster has no heading for {'/'.join(map(str, path))}")
            if not units[heading[path]].points:  # a heading with no points of its own says what its group comes to
                units[heading[path]] = replace(units[heading[path]], points=f"{words} (subtotal)")
        roster = replace(roster, units=units)
    from listgen.core import share

    data = report.document.data if report.document is not None else None
    if shared is None:
        shared = share.code_and_hash(data, ruleset.code) if data is not None else ("", "")
    code, list_hash = shared
    return replace(
        roster,
        title=report.army.name,
        player=report.army.player,
        share_code=code,
        list_hash=list_hash,
        ruleset=f"{ruleset.title} (data {ruleset.data_version})",
        verdict=f"{verdict(report, strict)} · checked by listgen on {print_date()}",
        legal=report.legal(strict),
        findings=[
            f"{f.severity.upper()}: {f.message}"
            + (f" (line {f.line})" if f.line else "")
            + (f" [{f.ref}]" if f.ref else "")
            for f in report.findings
            if f.severity != "info"
        ],
    )


def printed_roster(
    report: ListReport, strict: bool = False, shared: tuple[str, str] | None = None, combine: bool = False
):
    """The roster as a PDF prints it: within the printout's bounds (``roster.bounded``), each cut stated; with
    ``combine``, identical units and figures combined (``combined``)."""
    roster = make_roster(report, strict, shared)
    return bounded(combined(roster, report) if combine else roster)


def unprintable(report: ListReport) -> list:
    """'file:line: field: ...' for each text of the list holding characters no embedded font prints, which
    would show in a PDF as empty boxes (warned about, never silent). Callers render, so reportlab is loaded."""
    from . import glyphs, pdf

    if report.document is None:
        return []
    pdf.register_fonts()
    out = []
    positions = report.document.positions

    def walk(value, path):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, path + (key,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, path + (i,))
        elif isinstance(value, str):
            missing = glyphs.unprintable(value, pdf.FONT)
            if missing:
                line = (positions.get(path) or (None,))[0]
                where = f"{report.file}:{line}" if line else report.file
                field_name = ".".join(str(p) for p in path) or "(document)"
                chars = ", ".join(f"U+{ord(c):04X}" for c in missing)
                out.append(
                    f"{where}: {field_name} {value!r}: no embedded font prints {chars}; "
                    f"{'it prints as an empty box' if len(missing) == 1 else 'they print as empty boxes'}"
                )

    walk(report.document.data, ())
    return out


# Identical units combined (``--combine``): a printout's choice, never the list's. Units are alike when everything
# the roster prints of them is (kind, facts (size, quality...), figures and weapons, boxes, counters, points, rules)
# but their names; they are combined only beside each other under the same parent (a section's teams, a warband's
# units), never across two leaders, and a unit that is a named person (a leader, an officer) never is: what differs
# between them (a casualty, an option, another leader) shows in what the roster prints, and splits them.
LEADERS = ("Individual", "Leader", "Officer")  # the force's kinds of a named person, whatever the ruleset
COMBINED_NOTE = (
    "Combined: identical figures share a line ('4 x Rifle') and identical units a heading ('3 x ...'); each "
    "figure keeps its own box in every column, in order (the second LW box and the second K box are the same "
    "figure), and each unit its own lines."
)


def combined(roster: Roster, report: ListReport | None = None) -> Roster:
    """The roster with identical figures of a unit on one line, each still boxed, and identical units beside
    each other (the same parent, no named person) under one heading, each on its own lines, its points shown
    each and in total. A roster with nothing alike comes back as it was."""
    people = _people(report)
    units = [_rows_combined(u) for u in roster.units]
    out: list = []
    i = 0
    while i < len(units):
        alike = [units[i]]
        while i + len(alike) < len(units) and _alike(units[i], units[i + len(alike)], units, i + len(alike), people):
            alike.append(units[i + len(alike)])
        if len(alike) > 1 and _leaf(units, i):
            out.append(_copies(alike))
        else:
            alike = alike[:1]
            out.append(units[i])
        i += len(alike)
    if out == list(roster.units):
        return roster
    return replace(roster, units=out, notes=[COMBINED_NOTE, *roster.notes])


def _people(report: ListReport | None) -> set:
    """The paths of the units that are a named person (a leader, an officer)."""
    if report is None or report.force is None:
        return set()
    out, stack = set(), [report.force]
    while stack:
        node = stack.pop()
        if node.kind in LEADERS or node.role in ("leader", "leaders", "officers") or _officer(node.values):
            out.add(node.path)
        stack.extend(node.children)
    return out


def _officer(values) -> bool:
    """A stand that is an officer based singly (Bounce into Action's kind: officer)."""
    return getattr(values, "kind", None) == "officer"


def _leaf(units: list, i: int) -> bool:
    """Whether the unit holds no others (the next one is no deeper)."""
    return i + 1 >= len(units) or units[i + 1].depth <= units[i].depth


def _kind(title: str) -> tuple[str, str]:
    """'Team: Rifle team 1' -> ('Team', 'Rifle team 1'); a title without a kind is all name."""
    kind, sep, name = title.partition(": ")
    return (kind, name) if sep else ("", title)


def _printed(unit) -> tuple:
    """What the roster prints of a unit but its name and place: alike units have the same."""
    return (
        unit.depth,
        _kind(unit.title)[0],
        repr(unit.facts),
        repr(unit.columns),
        repr(unit.rows),
        repr(unit.counts),
        repr(unit.boxes),
        repr(sorted(map(repr, unit.unboxed))),
        repr(unit.counters),
        unit.points,
        repr([(t.boxes, t.write_in) for t in unit.tracks]),
        unit.track_head,
        repr(unit.rules),
    )


def _alike(first, other, units: list, j: int, people: set) -> bool:
    bare = not (first.rows or first.tracks or first.counters or first.facts or first.rules)
    return (
        not bare
        and first.path not in people
        and other.path not in people
        and _leaf(units, j)
        and _printed(first) == _printed(other)
    )


def _rows_combined(unit):
    """Identical figure rows of a unit, one after another and boxed alike, on one line: '4 x Rifle', its count in
    ``counts`` (a box for each in every column)."""
    if len(unit.rows) < 2:
        return unit
    counts = list(unit.counts) or [1] * len(unit.rows)

    def boxed(i: int) -> tuple:
        return i in unit.unboxed, tuple(
            sorted(j for u in unit.unboxed if isinstance(u, tuple) and u[0] == i for j in u[1:])
        )

    rows: list = []
    sizes: list = []
    first: list = []  # the original index of each row kept
    for i, row in enumerate(unit.rows):
        if rows and list(row) == list(unit.rows[first[-1]]) and boxed(i) == boxed(first[-1]):
            sizes[-1] += counts[i]
            continue
        rows.append(list(row))
        sizes.append(counts[i])
        first.append(i)
    if len(rows) == len(unit.rows):
        return unit
    index = {old: new for new, old in enumerate(first)}
    unboxed = {
        index[u] if isinstance(u, int) else (index[u[0]], *u[1:])
        for u in unit.unboxed
        if (u if isinstance(u, int) else u[0]) in index
    }
    return replace(unit, rows=[_counted(r, n) for r, n in zip(rows, sizes)], counts=sizes, unboxed=unboxed)


def _counted(row: list, n: int) -> list:
    """'4 x ' before the row's first text: its figure, or its weapon when the figure has no name."""
    if n < 2:
        return row
    at = next((c for c, cell in enumerate(row) if str(cell).strip()), 0)
    return row[:at] + [f"{n} x {row[at]}"] + row[at + 1 :]


def _common(names: list[str]) -> tuple[str, list[str]]:
    """('Rifle team', ['1', '2', '3']) from 'Rifle team 1'...: the words the names start with, and what each adds
    (the whole name when they share no first word)."""
    words = [n.split() for n in names]
    shared = 0
    while all(len(w) > shared + 1 and w[shared] == words[0][shared] for w in words):
        shared += 1
    common = " ".join(words[0][:shared]).rstrip(",;:")
    if not common:
        return "", list(names)
    return common, [" ".join(w[shared:]) for w in words]


def _amount(text: str) -> tuple[float, str] | None:
    """'9 pts' -> (9.0, ' pts'), '1.5' -> (1.5, ''); None for anything else ('2 x 54', 'not priced')."""
    number, _, unit = text.strip().partition(" ")
    try:
        value = float(number)
    except ValueError:
        return None
    return (value, f" {unit}" if unit else "") if unit in ("pts", "points", "") else None


def _total(points: str, n: int) -> str:
    """A unit's points for n alike copies: the total, each, and the working: '9 pts = 12 x1.5' -> '18 pts (2 x 9 pts)
    = each 12 x1.5'; '2 x 54 = 108 (each ...)' -> '216 (2 x 108) = each 2 x 54 = 108 (each ...)'; a price that is
    no plain figure is said n times over, '2 x (4 x 15)'."""
    if not points:
        return ""
    each, sep, working = points.partition(" = ")
    amount = _amount(each)
    if amount is None and sep:  # a working's own total ('108 (each ...)') when its first part is no figure
        each, working = working.split(" (")[0], points
        amount = _amount(each)
    if amount is None:
        return f"{n} x ({points})"
    value, unit = amount
    total = value * n
    shown = str(int(total)) if total == int(total) else f"{total:g}"
    return f"{shown}{unit} ({n} x {each.strip()})" + (f" = each {working}" if sep else "")


def _copies(alike: list):
    """Alike units under one heading, '3 x Rifle team': each copy's figures on lines of their own (its name in the
    first column) or, for units tracked copy by copy, every copy's track; counters each copy's own."""
    first = alike[0]
    kind, _name = _kind(first.title)
    common, labels = _common([_kind(u.title)[1] for u in alike])
    n = len(alike)
    title = f"{kind + ': ' if kind else ''}{n} x {common or (kind or 'unit').lower()}"
    counts = list(first.counts) or [1] * len(first.rows)
    changes: dict = {"title": title, "points": _total(first.points, n), "tracks": [t for u in alike for t in u.tracks]}
    if first.boxes and first.rows:  # figures boxed one by one: each copy's own lines
        width = len(first.rows)
        changes["columns"] = [kind or "Unit", *first.columns]
        changes["rows"] = [[label, *row] for label in labels for row in first.rows]
        changes["counts"] = counts * n
        changes["unboxed"] = {
            (u + k * width) if isinstance(u, int) else (u[0] + k * width, *u[1:])
            for k in range(n)
            for u in first.unboxed
        }
    else:  # a weapon table the copies share (their state is in their tracks, or they have none)
        changes["facts"] = [*first.facts, ("Each of", "; ".join(labels))] if not first.tracks else first.facts
    changes["counters"] = [(f"{label} ({name})", c) for name in labels for label, c in first.counters] if n else []
    return replace(first, **changes)
