"""The exact dice engine against brute-force enumeration."""

import itertools
from fractions import Fraction

import pytest

from listgen.core.dice import dice, die, joint, parse_rating, rating


@pytest.mark.parametrize("n,sides", [(1, 6), (2, 6), (3, 6), (4, 6), (2, 10), (1, 20)])
def test_dice_totals_match_enumeration(n, sides):
    counts = {}
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    assert dict(dice(n, sides).counts) == counts
    assert dice(n, sides).ways == sides**n


@pytest.mark.parametrize(
    "text,expected",
    [
        ("1D", (1, 6, 0)),
        ("1D-1", (1, 6, -1)),
        ("2D+2", (2, 6, 2)),
        ("1D+ 2", (1, 6, 2)),
        ("3D", (3, 6, 0)),
        ("D10", (1, 10, 0)),
    ],
)
def test_parse_rating(text, expected):
    assert parse_rating(text) == expected


def test_rating_shifts_totals():
    assert rating("1D+2").probabilities() == {t: Fraction(1, 6) for t in range(3, 9)}


def test_at_least_and_mean():
    assert dice(2).at_least(7) == Fraction(21, 36)
    assert dice(2).mean() == 7


def test_joint_outcomes_sum_to_one_and_match_enumeration():
    result = joint(die(6), die(6) + 1, lambda a, b: "win" if a > b else "not")
    wins = sum(1 for a in range(1, 7) for b in range(2, 8) if a > b)
    assert result["win"] == Fraction(wins, 36)
    assert sum(result.values()) == 1
