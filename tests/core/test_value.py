"""A force's value (listgen/core/value.py): its sums are exact, whole costs and fractions alike."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from listgen.core.value import PRINTED, UnitCost, Valuation, exact_sum

COSTS = st.fractions(min_value=-10_000, max_value=10_000, max_denominator=12)


@given(st.lists(COSTS, max_size=40))
def test_the_sum_of_costs_is_exact(costs):
    """Whole costs are added as ints, the rest as fractions: the sum is Fraction's own, to the last part."""
    got = exact_sum(costs)
    assert got == sum(costs, Fraction(0)) and isinstance(got, Fraction)


def test_a_subtotal_holds_whole_and_fractional_costs_and_none():
    valuation = Valuation("test points", "points", PRINTED)
    assert valuation.subtotal == 0 and isinstance(valuation.subtotal, Fraction)
    valuation.units += [
        UnitCost(("a",), "A", "team", 10, [("Elite", Fraction(3, 2))]),
        UnitCost(("b",), "B", "team", 7),
    ]
    valuation.units.append(UnitCost(("c",), "C", "team", 5, [("Green", Fraction(2, 3))]))
    assert valuation.subtotal == 15 + 7 + Fraction(10, 3)
