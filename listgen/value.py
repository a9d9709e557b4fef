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


@dataclass
class Valuation:
    """A force's value under one scheme (printed points, a borrowed scheme, or a rating)."""

    scheme: str  # what the numbers are, shown wherever they are
    unit: str = "points"  # what one of them is called: points, fire dice, expected hits
    units: list = field(default_factory=list)
    side_multipliers: list = field(default_factory=list)  # (label, factor) on the whole force
    unpriced: list = field(default_factory=list)  # (path, what): things the rules print no price for
    notes: list = field(default_factory=list)

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
            "unit": self.unit,
            "units": [u.as_dict() for u in self.units],
            "subtotal": number(self.subtotal),
            "side_multipliers": [{"label": l, "factor": number(Fraction(f))} for l, f in self.side_multipliers],
            "total": number(self.total),
            "unpriced": [text for _path, text in self.unpriced],
            "notes": list(self.notes),
        }


def report_unpriced(out, valuation: Valuation, code: str, points_limit, ref) -> None:
    """Say what the total leaves out: information, or a warning when a points limit is checked."""
    for path, item in valuation.unpriced:
        if points_limit is None:
            out.info(code, f"not priced: {item}", path, ref)
        else:
            out.warning(code, f"not priced: {item}; the points_limit check leaves it out", path, ref)
