"""What a force is worth: per-unit costs with how each was reached, shared by every ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


def number(value: Fraction | int | float) -> float | int:
    """Points as a plain number: 18 stays 18, 13.5 stays 13.5."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def show(value) -> str:
    n = number(value)
    return f"{n:g}" if isinstance(n, float) else str(n)


@dataclass
class UnitCost:
    path: tuple
    name: str
    kind: str  # e.g. "team", "section leader", "prepared positions"
    base: Fraction
    multipliers: list = field(default_factory=list)  # (label, factor)
    extras: list = field(default_factory=list)  # (label, points) added after multipliers
    ref: str | None = None

    @property
    def factor(self) -> Fraction:
        out = Fraction(1)
        for _label, factor in self.multipliers:
            out *= Fraction(factor)
        return out

    @property
    def total(self) -> Fraction:
        return self.base * self.factor + sum((Fraction(p) for _l, p in self.extras), Fraction(0))

    def working(self) -> str:
        """How the figure was reached, e.g. '12 x2 (Elite) x1.5 (Better weapons) + 4 (4 grenades)'."""
        text = show(self.base) if (self.base or self.multipliers or not self.extras) else ""
        for label, factor in self.multipliers:
            text += f" x{show(Fraction(factor))} ({label})"
        for label, points in self.extras:
            text += f"{' + ' if text else ''}{show(points)} ({label})"
        return text

    def as_dict(self) -> dict:
        from .findings import path_text

        return {
            "path": path_text(self.path), "name": self.name, "kind": self.kind,
            "base": number(self.base),
            "multipliers": [{"label": l, "factor": number(Fraction(f))} for l, f in self.multipliers],
            "extras": [{"label": l, "points": number(p)} for l, p in self.extras],
            "total": number(self.total), "working": self.working(), "ref": self.ref,
        }


PRINTED = "printed"  # the rules' own points
BORROWED = "borrowed"  # a sibling ruleset's points, labelled as such
SUPPLIED = "supplied"  # a points table given by the list or a tournament pack
RATING = "rating"  # computed openly from the rules' own numbers (fire dice, expected hits)


@dataclass
class Valuation:
    """A force's value under one scheme (printed points, a borrowed scheme, or a rating)."""

    scheme: str  # what the numbers are, in a sentence, shown wherever they are
    name: str  # the scheme in a few words, for messages: "S.M.L.E. Unit Points Costs", "fire-dice rating"
    kind: str  # PRINTED, BORROWED, SUPPLIED or RATING
    ref: str | None = None  # where the scheme comes from
    unit: str = "points"  # what one of them is called: points, fire dice, expected hits
    units: list = field(default_factory=list)
    side_multipliers: list = field(default_factory=list)  # (label, factor) on the whole force
    unpriced: list = field(default_factory=list)  # (path, what): things the rules print no price for
    notes: list = field(default_factory=list)
    incomplete: str = ""  # why the total cannot be held to a limit (prices missing from the text itself)

    @property
    def subtotal(self) -> Fraction:
        return sum((u.total for u in self.units), Fraction(0))

    @property
    def total(self) -> Fraction:
        out = self.subtotal
        for _label, factor in self.side_multipliers:
            out *= Fraction(factor)
        return out

    def as_dict(self) -> dict:
        return {
            "scheme": self.scheme,
            "kind": self.kind,
            "unit": self.unit,
            "units": [u.as_dict() for u in self.units],
            "subtotal": number(self.subtotal),
            "side_multipliers": [{"label": l, "factor": number(Fraction(f))} for l, f in self.side_multipliers],
            "total": number(self.total),
            "unpriced": [text for _path, text in self.unpriced],
            "notes": list(self.notes),
        }


def check_against_limit(out, valuation: Valuation, points_limit, code: str, title: str) -> None:
    """What every ruleset checks of a force's value: what the total leaves out, and the points limit.

    Unpriced items are information, or a warning when a limit is checked (the total leaves them
    out); when the text's own prices are missing (``incomplete``) a limit cannot be checked at all.
    """
    limited = points_limit is not None
    for path, item in valuation.unpriced:
        if limited and not valuation.incomplete:
            out.warning(f"{code}-UNPRICED", f"not priced: {item}; the points_limit check leaves it out", path,
                        valuation.ref)
        else:
            out.info(f"{code}-UNPRICED", f"not priced: {item}", path, valuation.ref)
    if not limited:
        return
    if valuation.kind == RATING:
        out.info(f"{code}-RATING-LIMIT", f"{title} prints no points: points_limit is read as a limit on the "
                 f"{valuation.name}", ("points_limit",), valuation.ref)
    if valuation.incomplete and valuation.unpriced:
        out.error(f"{code}-PRICES-MISSING", f"cannot check the points_limit: {len(valuation.unpriced)} item(s) have "
                  f"no price ({valuation.incomplete})", ("points_limit",), valuation.ref)
    elif valuation.total > points_limit:
        out.error(f"{code}-POINTS-LIMIT", f"the force comes to {show(valuation.total)} {valuation.unit} by the "
                  f"{valuation.name}, over its limit of {points_limit}", ("points_limit",), valuation.ref)
