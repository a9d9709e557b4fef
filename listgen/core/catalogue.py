"""The builder's catalogue: the texts' own units, ready to add, each priced for the list it would join.

A ruleset's ``catalogue`` module gives ``ENTRIES``: what a player may add (a rifle team, a Bren group, a 2-inch
mortar team...), each as the list format writes it and for the kind of entry it is (the schema's title: Team,
Section, Squad, Stand...). ``offers`` prices each one by adding it to the list and pricing the list as every
command does: the cost shown is the one the CLI would print once it is added, or 'not priced' and why.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from listgen.core.exceptions import EditError
from listgen.core.findings import Path

if TYPE_CHECKING:
    from listgen.core.edit import Schema, Value
    from listgen.core.loader import Document
    from listgen.core.validate import ListReport


@dataclass(frozen=True)
class Entry:
    """A unit the text describes, as the list format writes it; kind: the schema's title of what it is."""

    name: str  # as the player looks for it: 'Bren group (trained)'
    kind: str  # Team, Section, Squad, Stand...
    data: dict[str, Any] = field(hash=False)
    source: str = ""  # where the text describes it
    note: str = ""  # what the player should know before adding it


@dataclass(frozen=True)
class Offer:
    """A catalogue entry at one place of one list: what adding it would cost there."""

    entry: Entry
    cost: str  # '12 points', 'not priced: the text prints no cost', ...
    value: str  # the entry as JSON, for the page's insert
    problems: tuple[str, ...] = ()  # the rules it would break here, as the findings say them (code: message)


def offers(
    entries: list[Entry],
    text: str,
    path: object,
    schema: Schema,
    starter: dict[str, Value],
    read: Document | None = None,
) -> list[Offer]:
    """Each entry priced by adding it at path (a list of the list) and pricing the list as the commands do.
    ``read``: the text as already read (the page keeps the readings of the texts it shows), not read again.

    The list is read once; each entry is added to a copy of its values (its names made its own, as the page's
    insert makes them) and that copy checked and priced: the same findings and costs as editing the text and
    reading it again, without writing and reading the whole text once an entry. The copy is new only along the
    entry's path (what holds the list it joins): the rest is the list's own values, shared, as nothing checking
    a list changes its values."""
    from listgen.core.edit import names_in, place, schema_at, types_of
    from listgen.core.force import building_shared
    from listgen.core.model import reading_shared
    from listgen.core.validate import check_document, check_text

    before = check_document(read) if read is not None else check_text(text, "<catalogue>")
    was = before.valuation.total if before.valuation is not None and not before.valuation.unknown else None
    try:
        at = place(path)
        if "array" not in types_of(schema_at(schema, at)):
            raise EditError(f"'{'.'.join(map(str, at))}' is not a list of entries")
        base = before.document.data if before.document is not None else None
        if not isinstance(base, dict):
            raise EditError("the list does not read")
    except EditError as exc:
        return [Offer(entry, f"cannot go here: {exc}", _json(entry)) for entry in entries]
    taken = names_in(base)
    with reading_shared(), building_shared():  # what the copies share with the list is read and built once
        return [_offer(entry, base, at, taken, was) for entry in entries]


def _offer(entry: Entry, base: dict[str, Any], at: Path, taken: set[str], was: Fraction | None) -> Offer:
    """One entry added to a copy of the list's values (new along at) and priced there."""
    from listgen.core.edit import name_new, walk_paths
    from listgen.core.loader import Document
    from listgen.core.validate import check_document

    value = _json(entry)
    data = dict(base)
    try:
        here = _list_at(data, at)
    except EditError as exc:
        return Offer(entry, f"cannot go here: {exc}", value)
    item = copy.deepcopy(entry.data)
    name_new(item, data, len(here) + 1, taken)
    here.append(item)
    report = check_document(Document("<catalogue>", data))
    where = at + (len(here) - 1,)
    # in the order the text would have them (by line): the order of the entry's own keys and values
    order = {where + sub: i for i, sub in enumerate(walk_paths(item))}
    mine = [f for f in report.findings if f.severity == "error" and tuple(f.path[: len(where)]) == where]
    mine.sort(key=lambda f: _line_of(tuple(f.path), order))
    problems = tuple(f"{f.code}: {f.message}" for f in mine)
    return Offer(entry, _cost(report, where, was), value, problems)


def _line_of(path: Path, order: dict[Path, int]) -> int:
    """Where a finding's path stands in the entry as written: its own place, or the nearest enclosing one."""
    while path and path not in order:
        path = path[:-1]
    # equivalent mutant (constant): never read, as every path kept starts at the entry's own, which is in order
    return order.get(path, 0)


def _json(entry: Entry) -> str:
    return json.dumps(entry.data, ensure_ascii=False, separators=(",", ":"))


def _list_at(data: dict[str, Any], path: Path) -> list[Any]:
    """The list at path in a list's values, made (with what holds it) where the list has none yet, as the page's
    insert makes it; EditError where the list's shape has no such place. data is a copy of the list's top; each
    mapping and list on the way down is copied too (and put in place of its original), so that the list's own
    values are never changed and what is off the path is shared."""
    node: object = data
    for depth, key in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(node, dict) and isinstance(key, str):
            held = node.get(key)
            if held is None:
                held = [] if last or isinstance(path[depth + 1], int) else {}
            node[key] = held = _copy(held)
            node = held
        elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            node[key] = held = _copy(node[key])
            node = held
        else:
            raise EditError(f"the list has no '{'.'.join(map(str, path[: depth + 1]))}'")
    if not isinstance(node, list):
        raise EditError(f"'{'.'.join(map(str, path))}' is not a list of entries")
    return node


def _copy(value: Any) -> Any:
    """A shallow copy of a mapping or list (what holds the new entry), anything else as it is."""
    return dict(value) if isinstance(value, dict) else list(value) if isinstance(value, list) else value


def _cost(report: ListReport, where: Path, was: Fraction | None) -> str:
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


def _at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"
