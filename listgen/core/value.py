"""What a force is worth: per-unit costs with how each was reached, shared by every ruleset."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from listgen.core.findings import Findings, Path
    from listgen.core.force import Node


Points = Fraction | int | float  # a price, a factor or a rating as the rules print it


def number(value: Fraction | int | float) -> float | int:
    """Points as a plain number: 18 stays 18, 13.5 stays 13.5."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def show(value: Fraction | int | float) -> str:
    n = number(value)
    return f"{n:g}" if isinstance(n, float) else str(n)


class UnitCost:
    """What one unit costs: a base, times its multipliers, plus extras (grenades...)."""

    def __init__(
        self,
        path: Path,
        name: str,
        kind: str,
        base: Fraction | int,
        multipliers: Iterable[tuple[str, Points]] = (),
        extras: Iterable[tuple[str, Points]] = (),
        ref: str | None = None,
        missing: Iterable[str] = (),
    ) -> None:
        self.path, self.name = path, name
        self.kind = kind  # e.g. "team", "section leader", "prepared positions"
        self.base = Fraction(base)
        self.multipliers = list(multipliers)  # (label, factor)
        self.extras = list(extras)  # (label, points) added after the multipliers
        self.ref = ref
        # what no price is given for (a supplied table's gaps): the total is then what is priced, at least
        self.missing = list(missing)
        self._total: tuple[object, Fraction] | None = None  # (what it was worked from, the total): read often

    @property
    def priced(self) -> bool:
        """Whether anything of it has a price: a unit the table prices nothing of is 'not priced', never 0."""
        return not self.missing or bool(self.base or self.extras)

    def figure(self, unit: str = "") -> str:
        """Its cost as printed: '12 pts', 'at least 12 pts' (a part not priced) or 'not priced'."""
        if not self.priced:
            return "not priced"
        words = f"{show(self.total)}{' ' + unit if unit else ''}"
        return f"at least {words}" if self.missing else words

    def line(self, unit: str = "") -> str:
        """Its cost and how it was reached: '12 pts = 10 x1.2 (Elite)', and what is not priced."""
        if not self.priced:
            return f"not priced: {', '.join(self.missing)}"
        text = f"{self.figure(unit)} = {self.working()}"
        return f"{text}; not priced: {', '.join(self.missing)}" if self.missing else text

    @property
    def factor(self) -> Fraction:
        out = Fraction(1)
        for _label, factor in self.multipliers:
            out *= Fraction(factor)
        return out

    @property
    def total(self) -> Fraction:
        worked_from = (self.base, tuple(self.multipliers), tuple(self.extras))
        if self._total is None or self._total[0] != worked_from:  # worked again whenever what it is of changed
            total = self.base * self.factor + sum((Fraction(p) for _l, p in self.extras), Fraction(0))
            self._total = (worked_from, total)
        return self._total[1]

    def working(self) -> str:
        """How the figure was reached, e.g. '12 x2 (Elite) x1.5 (Better weapons) + 4 (4 grenades)'."""
        text = show(self.base) if (self.base or self.multipliers or not self.extras) else ""
        for label, factor in self.multipliers:
            text += f" x{show(Fraction(factor))} ({label})"
        for label, points in self.extras:
            if Fraction(points) < 0 and text:  # a deduction reads '- 2 (...)', not '+ -2 (...)'
                text += f" - {show(-Fraction(points))} ({label})"
            else:
                text += f"{' + ' if text else ''}{show(points)} ({label})"
        return text

    def as_dict(self) -> dict[str, Any]:
        from listgen.core.findings import path_text

        return {
            "path": path_text(self.path),
            "name": self.name,
            "kind": self.kind,
            # a unit with nothing priced has no base and no working as if it cost 0 (issue 51): null, and its words
            "base": number(self.base) if self.priced else None,
            "multipliers": [{"label": label, "factor": number(Fraction(f))} for label, f in self.multipliers],
            "extras": [{"label": label, "points": number(p)} for label, p in self.extras],
            # null when any of it is not priced (never 0): what is priced is then 'priced', what is not 'not_priced'
            "total": None if self.missing else number(self.total),
            **({"priced": number(self.total), "not_priced": list(self.missing)} if self.missing else {}),
            "working": self.working() if self.priced else self.line(),
            "ref": self.ref,
        }


PRINTED = "printed"  # the rules' own points
BORROWED = "borrowed"  # a sibling ruleset's points, labelled as such
SUPPLIED = "supplied"  # a points table given by the list or a tournament pack
RATING = "rating"  # computed openly from the rules' own numbers (fire dice, expected hits)


class Valuation:
    """A force's value under one scheme (printed points, a borrowed scheme, or a rating)."""

    def __init__(
        self,
        scheme: str,
        name: str,
        kind: str,
        ref: str | None = None,
        unit: str = "points",
        notes: Iterable[str] = (),
        incomplete: str = "",
    ) -> None:
        self.scheme = scheme  # what the numbers are, in a sentence, shown wherever they are
        self.name = name  # the scheme in a few words, for messages: "fire-dice rating"
        self.kind = kind  # PRINTED, BORROWED, SUPPLIED or RATING
        self.ref = ref  # where the scheme comes from
        self.unit = unit  # what one of them is called: points, fire dice, expected hits
        self.units: list[UnitCost] = []
        self.side_multipliers: list[tuple[str, Points]] = []  # (label, factor) on the whole force
        self.unpriced: list[tuple[Path, str]] = []  # (path, what): things with no price
        # paths of unpriced things the rules require (a company's leader): the player cannot leave them out,
        # so the limit check leaving them out is information, never a warning that --strict would fail (even
        # where the player supplies the price table)
        self.required: set[Path] = set()
        self.notes = list(notes)
        self.incomplete = incomplete  # why the total cannot be held to a limit (prices missing from the text)
        self.missing_items: int | None = None  # how many prices are missing, where a line names several

    @property
    def unknown(self) -> bool:
        """Nothing can be said of the total: prices it needs are missing from the text (or a supplied table
        prices nothing on the list)."""
        return bool(self.incomplete and self.unpriced)

    @property
    def partial(self) -> bool:
        """The total is a sum of what is priced, with things left out: at least that much."""
        return bool(self.unpriced) and not self.unknown

    @property
    def missing(self) -> int:
        """How many prices are missing, one count everywhere (a line of findings may name several)."""
        return self.missing_items if self.missing_items is not None else len(self.unpriced)

    def total_words(self, limit: int | float | None = None) -> str:
        """The force's value, said one way everywhere: '620 of 650 points', 'at least 40 of 650 points
        (2 not priced)', 'points unknown (12 not priced)'."""
        of = f" of {limit}" if limit is not None else ""
        missing = self.missing
        if self.unknown:
            return f"{self.unit} unknown{f' (limit {limit})' if limit is not None else ''} ({missing} not priced)"
        if self.partial:
            return f"at least {show(self.total)}{of} {self.unit} ({missing} not priced)"
        return f"{show(self.total)}{of} {self.unit}"

    @property
    def subtotal(self) -> Fraction:
        return exact_sum(u.total for u in self.units)

    @property
    def total(self) -> Fraction:
        out = self.subtotal
        for _label, factor in self.side_multipliers:
            out *= Fraction(factor)
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "scheme": self.scheme,
            "kind": self.kind,
            "unit": self.unit,
            "units": [u.as_dict() for u in self.units],
            "subtotal": None if self.unknown else number(self.subtotal),
            "side_multipliers": [{"label": label, "factor": number(Fraction(f))} for label, f in self.side_multipliers],
            "total": None if self.unknown else number(self.total),
            "partial": self.partial,  # the total leaves out what is not priced: at least that much
            "unpriced": [text for _path, text in self.unpriced],
            "notes": list(self.notes),
        }


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of fractions, whole numbers added as ints (most costs are whole: a 500-unit list is summed a
    few times a check, and Fraction's own addition reduces by a gcd at every step)."""
    whole, parts = 0, Fraction(0)
    for value in values:
        if value.denominator == 1:
            whole += value.numerator
        else:
            parts += value
    return parts + whole


def _outside(valuation: Valuation, path: Path, limited: bool) -> str:
    """Why an unpriced item leaves a points limit checkable (issue 51: said where the player meets it)."""
    if not limited or valuation.incomplete:
        return ""
    if path in valuation.required:
        return "; the rules require it, so the points_limit is checked without it"
    return "; the text prices it nowhere, so it stands outside the points and the points_limit is checked without it"


def check_against_limit(
    out: Findings,
    valuation: Valuation,
    points_limit: int | float | None,
    code: str,
    title: str,
    event_limit: bool = False,
) -> None:
    """What every ruleset checks of a force's value: what the total leaves out, and the points limit.

    Unpriced items are information, or a warning when a limit is checked and the player can price them; when the
    text's own prices are missing (``incomplete``) a limit cannot be checked at all, nor can 'at least N' of a
    supplied table with anything it could price left out (the unpriced might take it past the limit).
    """
    limited = points_limit is not None
    askable = []  # what the player's (or the event's) points table could price and does not
    for path, item in valuation.unpriced:
        # a warning only where the player can give the price (a points table of their own or their event's);
        # what the text prices nowhere is information, or --strict would fail every list that fields it
        if limited and not valuation.incomplete and path not in valuation.required and valuation.kind == SUPPLIED:
            askable.append(path)
            out.warning(
                f"{code}-UNPRICED",
                f"not priced: {item}; the points_limit cannot be checked without its price",
                path,
                valuation.ref,
            )
        else:
            out.info(f"{code}-UNPRICED", f"not priced: {item}{_outside(valuation, path, limited)}", path, valuation.ref)
    if not limited:
        return
    if valuation.kind == RATING:
        out.info(
            f"{code}-RATING-LIMIT",
            f"{title} prints no points: points_limit is read as a limit on the {valuation.name}",
            ("points_limit",),
            valuation.ref,
        )
    if valuation.incomplete and valuation.unpriced:
        out.error(
            f"{code}-PRICES-MISSING",
            f"cannot check the points_limit: {valuation.missing} item(s) have no price ({valuation.incomplete})",
            ("points_limit",),
            valuation.ref,
        )
    elif points_limit is not None and valuation.total > points_limit:
        # a tournament pack's limit replaces the list's own (PACK-LIMIT-APPLIED says so when they differ)
        code, whose = ("PACK", "the event's limit") if event_limit else (code, "its limit")
        out.error(
            f"{code}-POINTS-LIMIT",
            f"the force comes to {show(valuation.total)} {valuation.unit} by the "
            f"{valuation.name}, over {whose} of {points_limit}",
            ("points_limit",),
            valuation.ref,
        )
    elif askable:
        # 'at least N' passes no limit: what is not priced could cost anything (issue 51). Not LEGAL until each is
        # priced (0 is a price: free) or left out.
        out.error(
            f"{'PACK' if event_limit else code}-LIMIT-UNCHECKED",
            f"cannot check the points_limit: the force comes to at least {show(valuation.total)} of {points_limit} "
            f"{valuation.unit} with {valuation.missing} item(s) not priced, which could take it past the limit; "
            f"give each a price in {valuation.ref or 'the points table'} (0 for free) or leave it out",
            ("points_limit",),
            valuation.ref,
        )


def subtotals(force: Node | None, unit: str) -> list[tuple[Path, str, str]]:
    """(path, name, words) for each platoon, section or other top-level group of a priced force (``Node.priced``)
    priced in two or more parts, in the list's order: what each part of the force costs ('42 points', 'at least 12
    points' where a part is not priced, 'not priced' where none is)."""
    if force is None:
        return []
    out: list[tuple[Path, str, str]] = []
    # a group is a named entry of a list at the top (teams, 0); in the order of the field's name, then its place
    for node in sorted(force.children, key=lambda n: (str(n.path[0]), n.path[1:])):
        costs = list(node.all_costs())
        if len(node.path) == 2 and isinstance(node.path[1], int) and len(costs) >= 2 and node.name:
            out.append((node.path, node.name, group_words(costs, unit)))
    return out


def group_words(costs: list[UnitCost], unit: str) -> str:
    """What several costs come to, in words: '42 points', 'at least 12 points' or 'not priced'."""
    if not any(c.priced for c in costs):
        return "not priced"
    total = show(sum((c.total for c in costs), Fraction(0)))
    return f"at least {total} {unit}" if any(c.missing for c in costs) else f"{total} {unit}"
