"""Matchup sheets: what each of one list's units does to each of the other's, as exact counts, both ways.

A ruleset says what fires (its ``Firer`` rows), what is shot at (its ``Target`` tables), the columns (range
band and cover, in its own words) and the distribution of what one firing does to one target; this module
groups alike units, lays the numbers out as ``odds.Table`` objects of kind COUNTS and does it both ways. The
PDF, JSON and CSV read those tables like any other hit table.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeVar

from listgen.core.exceptions import NotInRulesError
from listgen.core.findings import did_you_mean
from listgen.core.odds import COUNTS, Cell, Counts, Table


@dataclass(frozen=True)
class Firer:
    """One row: a unit's weapon (or whole fire) as the odds need it; equal ``what`` and ``profile`` share a row."""

    unit: str
    what: str  # e.g. "9 x rifle (18 dice)"
    profile: Hashable


@dataclass(frozen=True)
class Target:
    """One table: an enemy unit as the odds need it (quality, armour, figures...); alike units share it."""

    unit: str
    what: str  # e.g. "trained, light armour, 4 figures"
    profile: Hashable


@dataclass(frozen=True)
class Column:
    label: str
    key: Hashable


_Item = TypeVar("_Item", "Firer", "Target")
# (firer, target, column profiles) -> {count: chance} (or {outcome: chance}, After.odds), None where it cannot fire;
# each profile is the ruleset's own (a tuple, a dataclass), read only by its own odds
Odds = Callable[[Any, Any, Any], "dict[Any, Fraction] | None"]
Row = tuple[str, Hashable]  # (label, profile): alike units, one row or one table


def _alike(items: Sequence[Firer] | Sequence[Target]) -> list[Row]:
    """(label, profile) per distinct (what, profile), in first-seen order: 'A, B and 2 more: what'."""
    groups: dict[tuple[str, Hashable], list[str]] = {}
    for item in items:
        groups.setdefault((item.what, item.profile), []).append(item.unit)
    out: list[Row] = []
    for (what, profile), units in groups.items():
        names = ", ".join(units) if len(units) <= 2 else f"{units[0]}, {units[1]} and {len(units) - 2} more"
        out.append((f"{names}: {what}", profile))
    return out


@dataclass(frozen=True)
class Side:
    """A list as the matchup sees it: its name, what it fires and what it offers as targets."""

    name: str
    firers: list[Firer]
    targets: list[Target]
    # ("fires" | "targets", a sentence): what the sheet cannot count
    left_out: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Spec:
    """A ruleset's matchup: how it reads a list (``firers``, ``targets_of``), its columns, the odds of one firer at one target in
    one column, what it counts and assumes, and the named targets a player may ask for without an opponent's
    list. ``refusal``: the ruleset cannot give a matchup, and this says why (nothing else is used)."""

    prefix: str
    firers: Callable[[Any], list[Firer]] | None = None  # what a list fires, a row each
    targets_of: Callable[[Any], list[Target]] | None = None  # what a list offers as targets
    columns: Sequence[Column] = ()
    odds: Odds | None = None
    ref: str = ""
    counting: str = ""
    assumptions: Sequence[str] = ()
    col_header: str = "Range band, target's cover"
    targets: dict[str, Target] = field(default_factory=dict)  # name -> a target profile, for --against NAME
    refusal: str = ""
    then: After | None = None  # what the text has happen to the target after the fire (Close Action's morale)
    # what of a list the sheet cannot count, in a sentence each: ("fires", ...) as a firer, ("targets", ...) as a
    # target (a weapon the text gives no shooting, an armour no row): said on the tables it would have stood in
    left_out: Callable[[Any], list[tuple[str, str]]] | None = None


@dataclass(frozen=True)
class After:
    """A second table per target: the outcomes the fire leads to (a morale test), by the same rows and columns."""

    title: str  # e.g. 'Morale after the fire'
    odds: Odds  # (firer, target, column) -> {outcome: chance}, or None where it cannot fire
    outcomes: Sequence[str]
    shown: Sequence[str]  # printed in each cell, good for the firer
    assumptions: Sequence[str] = ()


def _side(spec: Spec, army: Any) -> Side:
    assert spec.firers is not None and spec.targets_of is not None
    left_out = spec.left_out(army) if spec.left_out is not None else []
    return Side(army.name, spec.firers(army), spec.targets_of(army), left_out)


def both_ways(spec: Spec, mine: Any, theirs: Any) -> list[Table]:
    """Each side's units firing at each of the other's, mine first."""
    a, b = _side(_ready(spec), mine), _side(spec, theirs)
    return one_way(spec, a, b, "mine") + one_way(spec, b, a, "theirs")


def at_targets(spec: Spec, mine: Any, names: Sequence[str]) -> list[Table]:
    """My units firing at named target profiles (``Spec.targets``), one table each."""
    _ready(spec)
    unknown = [n for n in names if n not in spec.targets]
    if unknown:
        raise NotInRulesError(
            f"no named target '{unknown[0]}'{did_you_mean(unknown[0], spec.targets)}: "
            f"the ruleset's are {', '.join(spec.targets)}"
        )
    named = Side("named targets", [], [spec.targets[n] for n in names])
    return one_way(spec, _side(spec, mine), named, "targets", merge=False)


def _ready(spec: Spec) -> Spec:
    if spec.refusal:
        raise NotInRulesError(spec.refusal)
    return spec


# A sheet's bound (issue 39): a kind is alike units (one row, or one table). A company-sized force comes nowhere near
# it; two lists of hundreds of differing units did, and took minutes: past it, what is left out is named.
MOST_TARGETS = 12  # kinds of target a side: a table each
MOST_PAIRS = 480  # rows across a side's tables (kinds of firing unit times kinds of target): the firing units kept


def one_way(spec: Spec, shooter: Side, target_side: Side, way: str, merge: bool = True) -> list[Table]:
    """One table per kind of target in target_side, a row per kind of firer in shooter (within the bound above)."""
    assert spec.odds is not None
    odds = spec.odds
    target_side = _first_kinds(target_side, "targets", MOST_TARGETS)
    targets = len({(t.what, t.profile) for t in target_side.targets})
    shooter = _first_kinds(shooter, "fires", MOST_PAIRS // max(1, targets))
    rows = _alike(shooter.firers)
    frame = _frame(spec, rows, shooter, target_side)
    per_target = _per_target(spec, rows, target_side, lambda f, t, k: _checked(odds(f, t, k)), merge)
    said = [text for what, text in shooter.left_out if what == "fires"]
    said += [text for what, text in target_side.left_out if what == "targets"]
    tables = [
        Table(
            id=f"{spec.prefix}-{way}-{i}",
            title="At " + "; ".join(labels),
            cells=cells,
            kind=COUNTS,
            counting=spec.counting,
            compact=True,
            assumptions=list(spec.assumptions) + said,
            **frame,
        )
        for i, (cells, labels) in enumerate(per_target, start=1)
    ]
    if spec.then is not None:
        tables += _after(spec, spec.then, rows, target_side, shooter, way, merge)
    return tables


def _first_kinds(side: Side, role: str, most: int) -> Side:
    """The side with its first ``most`` kinds of firing unit ("fires") or of target ("targets"), in the list's order;
    the units of the kinds left out named in a sentence on the tables."""
    if role == "fires":
        firers, said = _first_of(side.firers, most, f"firing unit of {side.name}")
        return replace(side, firers=firers, left_out=[*side.left_out, ("fires", said)]) if said else side
    targets, said = _first_of(side.targets, most, f"target of {side.name}")
    return replace(side, targets=targets, left_out=[*side.left_out, ("targets", said)]) if said else side


def _first_of(items: list[_Item], most: int, what: str) -> tuple[list[_Item], str]:
    """(the items of the first ``most`` kinds, what the rest are in a sentence: '' when none is left out)."""
    kinds: dict[tuple[str, Hashable], int] = {}
    for item in items:
        kinds.setdefault((item.what, item.profile), len(kinds))
    if len(kinds) <= most:
        return items, ""
    names = list(dict.fromkeys(i.unit for i in items if kinds[i.what, i.profile] >= most))
    named = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    said = (
        f"Left out of this sheet: {len(kinds) - most} more kinds of {what} ({named}). A sheet holds at most "
        f"{MOST_TARGETS} kinds of target a side and {MOST_PAIRS} rows across a side's tables, taken in the list's order."
    )
    return [i for i in items if kinds[i.what, i.profile] < most], said


def _after(
    spec: Spec, then: After, rows: list[Row], target_side: Side, shooter: Side, way: str, merge: bool
) -> list[Table]:
    """The tables of what the fire leads to. A firer whose fire leads to none of the shown outcomes at any
    target (Close Action: fewer than 8 dice, no test) has no row there, and the tables say so."""
    from listgen.core.odds import OUTCOMES

    targets = [target for _label, target in _alike(target_side.targets)]

    def telling(firer: Hashable) -> bool:
        cells = (then.odds(firer, target, col.key) for target in targets for col in spec.columns)
        return any(cell is not None and any(cell.get(o, 0) for o in then.shown) for cell in cells)

    kept = [row for row in rows if telling(row[1])]
    left_out = len(kept) < len(rows)
    said = f"A firing unit whose fire leads to no {' or '.join(then.shown)} against any of these has no row."
    frame = _frame(spec, kept, shooter, target_side)
    return [
        Table(
            id=f"{spec.prefix}-{way}-then-{i}",
            title=f"{then.title}: " + "; ".join(labels),
            cells=cells,
            kind=OUTCOMES,
            outcomes=list(then.outcomes),
            shown=list(then.shown),
            assumptions=list(then.assumptions) + ([said] if left_out else []),
            **frame,
        )
        for i, (cells, labels) in enumerate(_per_target(spec, kept, target_side, then.odds, merge), start=1)
        if kept
    ]


def _per_target(
    spec: Spec, rows: list[Row], target_side: Side, odds: Odds, merge: bool
) -> list[tuple[list[list[Cell]], list[str]]]:
    """(cells, target labels), a table each: targets whose every number is the same share one (three alike
    squads, or stands whose differences do not change the dice); merge=False gives each its own."""
    merged: dict[object, tuple[list[list[Cell]], list[str]]] = {}
    for n, (target_label, target) in enumerate(_alike(target_side.targets)):
        cells: list[list[Cell]] = [[odds(firer, target, col.key) for col in spec.columns] for _label, firer in rows]
        merged.setdefault(repr(cells) if merge else n, (cells, []))[1].append(target_label)
    return list(merged.values())


def _frame(spec: Spec, rows: list[Row], shooter: Side, target_side: Side) -> dict[str, Any]:
    """What every table of one side firing at the other has alike: its rows, columns, source and group."""
    return {
        "ref": spec.ref,
        "row_header": "Firing unit: weapon",
        "col_header": spec.col_header,
        "rows": [label for label, _p in rows],
        "cols": [col.label for col in spec.columns],
        "group": f"{shooter.name} firing at {target_side.name}",
    }


def _checked(cell: dict[Any, Fraction] | None) -> dict[Any, Fraction] | None:
    if cell is not None and sum(cell.values(), Fraction(0)) != 1:
        raise ValueError(f"a count's chances must sum to 1: {cell}")  # pragma: no cover - a ruleset's bug
    return cell


def capped(counts: Counts, most: int) -> Counts:
    """A count that cannot pass ``most`` (casualties beyond the target's figures fall on nobody)."""
    out: Counts = {}
    for k, p in counts.items():
        out[min(k, most)] = out.get(min(k, most), Fraction(0)) + p
    return out


def add(a: Counts, b: Counts) -> Counts:
    """The count of two independent counts together."""
    out: Counts = {}
    for i, p in a.items():
        for j, q in b.items():
            out[i + j] = out.get(i + j, Fraction(0)) + p * q
    return out


def thin(counts: Counts, keep: Fraction) -> Counts:
    """Each of ``counts`` kept with chance ``keep`` on its own (hits that go on to wound, kill...)."""
    from math import comb

    out: Counts = {}
    for n, p in counts.items():
        for k in range(n + 1):
            out[k] = out.get(k, Fraction(0)) + p * comb(n, k) * keep**k * (1 - keep) ** (n - k)
    return {k: v for k, v in out.items() if v}


def repeat(counts: Counts, times: int) -> Counts:
    """The total of ``times`` independent copies of a count (one per figure firing alike)."""
    out = {0: Fraction(1)}
    for _ in range(times):
        out = add(out, counts)
    return out


# (name, what as a target, [(weapon, [a count per band, None where it cannot fire])])
FacingUnit = tuple[str, str, list[tuple[str, list[dict[Any, Fraction] | None]]]]


@dataclass(frozen=True)
class Facing:
    """The opponent's summary page: each of their units (its size and quality as a target, its weapons) and what
    each weapon does to the unit of yours there are most of, in the open at each range band: a count per band."""

    mine: str  # my list's name
    theirs: str  # theirs
    target: str  # 'Bren group and 2 more: 3 figures, trained, light armour': my most common unit
    bands: list[str]  # the columns read: each band's first (the open)
    counting: str  # what is counted ('casualties')
    ref: str
    units: list[FacingUnit]


def facing(spec: Spec, mine: Any, theirs: Any, copies: dict[str, int] | None = None) -> Facing:
    """What each of the opponent's units does to the unit of mine there are most of (alike units counted together,
    each as many times as ``copies`` says it has (a stand of three squads: 3; one otherwise); the first in the list's
    order on a tie), in each range band's first column (the open: every ruleset's columns list a band's covers from
    the open inwards), exactly as the matchup sheet counts it."""
    copies = copies or {}
    spec = _ready(spec)
    assert spec.odds is not None
    me, them = _side(spec, mine), _side(spec, theirs)
    kinds: dict[tuple[str, Hashable], list[str]] = {}
    for target in me.targets:
        kinds.setdefault((target.what, target.profile), []).append(target.unit)
    (what, profile), names = max(kinds.items(), key=lambda kv: sum(copies.get(n, 1) for n in kv[1]))  # first of equals
    shown = ", ".join(names) if len(names) <= 2 else f"{names[0]} and {len(names) - 1} more"
    bands: dict[Hashable, Column] = {}
    for col in spec.columns:
        bands.setdefault(col.key[0] if isinstance(col.key, tuple) else col.key, col)
    columns = list(bands.values())
    as_target = {t.unit: t.what for t in them.targets}

    def unit_of(firer: Firer) -> str:  # a leader fires as 'Uffz. Krüger (section leader)', is shot at by his name
        return next((t for t in as_target if firer.unit.startswith(t + " (")), firer.unit)

    order = list(dict.fromkeys([t.unit for t in them.targets] + [unit_of(f) for f in them.firers]))
    units: list[FacingUnit] = []
    for name in order:
        weapons = [
            (f.what, [_checked(spec.odds(f.profile, profile, col.key)) for col in columns])
            for f in them.firers
            if unit_of(f) == name
        ]
        units.append((name, as_target.get(name, ""), weapons))
    return Facing(me.name, them.name, f"{shown}: {what}", [c.label for c in columns], spec.counting, spec.ref, units)


# (their unit or alike units, [(weapon, [a count per band, None where it cannot fire])])
Against = tuple[str, list[tuple[str, list[dict[Any, Fraction] | None]]]]


@dataclass(frozen=True)
class UnitMatchup:
    """One of my units in play against the opponent's list: what each of its weapons does to each kind of their
    units (``fires``), and what each of theirs does to it (``faces``), in the open at each range band."""

    unit: str
    fires: list[Against]
    faces: list[Against]


def per_unit(spec: Spec, mine: Any, theirs: Any) -> tuple[list[str], list[UnitMatchup]]:
    """(the bands, each of my units against theirs both ways): the play view's numbers, counted as the matchup
    sheet counts them, in each band's first column (the open), as the opponent's summary reads them (``facing``).
    Their alike units share one entry, as they share a table on the sheet; within a sheet's bound of kinds."""
    spec = _ready(spec)
    assert spec.odds is not None
    odds = spec.odds
    me, them = _side(spec, mine), _side(spec, theirs)
    them = _first_kinds(_first_kinds(them, "targets", MOST_TARGETS), "fires", MOST_TARGETS)
    bands: dict[Hashable, Column] = {}
    for col in spec.columns:
        bands.setdefault(col.key[0] if isinstance(col.key, tuple) else col.key, col)
    columns = list(bands.values())

    def counts(firer: Hashable, target: Hashable) -> list[dict[Any, Fraction] | None]:
        return [_checked(odds(firer, target, col.key)) for col in columns]

    def owner(firer: Firer, names: list[str]) -> str:  # a leader fires as 'Uffz. Krüger (section leader)'
        return next((n for n in names if firer.unit == n or firer.unit.startswith(n + " (")), firer.unit)

    my_names = list(dict.fromkeys(t.unit for t in me.targets))
    my_names += [n for n in dict.fromkeys(owner(f, my_names) for f in me.firers) if n not in my_names]
    their_names = [t.unit for t in them.targets]
    their_firers: dict[str, list[Firer]] = {}
    for f in them.firers:
        their_firers.setdefault(owner(f, their_names), []).append(f)
    as_target = {t.unit: t.profile for t in me.targets}
    out = []
    for name in my_names:
        weapons = [f for f in me.firers if owner(f, my_names) == name]
        fires = [
            (label, [(f.what, counts(f.profile, target)) for f in weapons]) for label, target in _alike(them.targets)
        ]
        faces: list[Against] = []
        if name in as_target:
            faces = [
                (unit, [(f.what, counts(f.profile, as_target[name])) for f in firers])
                for unit, firers in their_firers.items()
            ]
        out.append(UnitMatchup(name, fires if weapons else [], faces))
    return [c.label for c in columns], out
