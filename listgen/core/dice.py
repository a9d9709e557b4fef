"""An exact dice engine: distributions as integer counts, probabilities as Fractions.

A ``Dist`` maps each total to the number of equally likely ways of rolling it, out of
``ways`` in all. Adding two Dists convolves them (independent rolls); adding an int
shifts every total. Nothing here is floating point, so a table built from it can be
checked exactly against a brute-force enumeration of the same dice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K", bound=Hashable)  # an outcome of two rolls, named as the caller likes


class Dist:
    """Totals and the number of ways to roll each: counts is ((total, ways), ...) sorted by total."""

    __slots__ = ("counts",)

    def __init__(self, counts: tuple[tuple[int, int], ...]):
        self.counts = counts

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and other.counts == self.counts

    def __hash__(self) -> int:
        return hash(self.counts)

    @classmethod
    def of(cls, counts: dict[int, int]) -> Dist:
        return cls(tuple(sorted((t, w) for t, w in counts.items() if w)))

    @property
    def ways(self) -> int:
        return sum(w for _, w in self.counts)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return Dist(tuple((t + other, w) for t, w in self.counts))
        out: dict[int, int] = {}
        for a, wa in self.counts:
            for b, wb in other.counts:
                out[a + b] = out.get(a + b, 0) + wa * wb
        return Dist.of(out)

    __radd__ = __add__

    def __sub__(self, other: int) -> Dist:
        return self + (-other)

    def prob(self, test: Callable[[int], bool]) -> Fraction:
        """The chance that a roll's total passes the test."""
        return Fraction(sum(w for t, w in self.counts if test(t)), self.ways)

    def at_least(self, n: int) -> Fraction:
        return self.prob(lambda t: t >= n)

    def mean(self) -> Fraction:
        return Fraction(sum(t * w for t, w in self.counts), self.ways)

    def probabilities(self) -> dict[int, Fraction]:
        ways = self.ways
        return {t: Fraction(w, ways) for t, w in self.counts}


def die(sides: int) -> Dist:
    """One fair die numbered 1..sides."""
    return Dist(tuple((face, 1) for face in range(1, sides + 1)))


def dice(n: int, sides: int = 6) -> Dist:
    """The total of n fair dice."""
    total = Dist(((0, 1),))
    for _ in range(n):
        total = total + die(sides)
    return total


_RATING = re.compile(r"^\s*(\d*)\s*D\s*(\d*)\s*([+-]\s*\d+)?\s*$", re.IGNORECASE)


def parse_rating(text: str, default_sides: int = 6) -> tuple[int, int, int]:
    """'2D+2' -> (2, 6, 2); '1D-1' -> (1, 6, -1); 'D10' -> (1, 10, 0)."""
    match = _RATING.match(text)
    if not match:
        raise ValueError(f"not a dice rating: {text!r}")
    n = int(match.group(1) or 1)
    sides = int(match.group(2) or default_sides)
    add = int(match.group(3).replace(" ", "")) if match.group(3) else 0
    return n, sides, add


def rating(text: str, default_sides: int = 6) -> Dist:
    """The distribution of a rating written as in the rules, e.g. '1D+2' or '3D'."""
    n, sides, add = parse_rating(text, default_sides)
    return dice(n, sides) + add


def joint(a: Dist, b: Dist, outcome: Callable[[int, int], K]) -> dict[K, Fraction]:
    """Chance of each named outcome of two independent rolls, e.g. firer against defender."""
    out: dict[K, int] = {}
    for ta, wa in a.counts:
        for tb, wb in b.counts:
            key = outcome(ta, tb)
            out[key] = out.get(key, 0) + wa * wb
    ways = a.ways * b.ways
    return {k: Fraction(v, ways) for k, v in out.items()}
