"""Noonday Sun advice for evening a scenario, in units and objectives (its value is borrowed or supplied)."""

from __future__ import annotations

from fractions import Fraction

from listgen.core.balance import units_to_even
from listgen.core.value import show

OBJECTIVES = (
    "The text: 'It is not necessary that forces are balanced, but objectives should be. Each side should "
    "have a reasonable chance of achieving their goals and/or denying them to the enemy.'"
)


def advice(army_a, value_a, army_b, value_b, balance) -> list:
    lines = [f"Values are {value_a.scheme}."]
    diff = abs(value_a.total - value_b.total)
    weak = balance.weaker
    weak_army, weak_value = (army_a, value_a) if weak.label == "A" else (army_b, value_b)
    units = [u for u in weak_value.units if u.kind == "unit"]
    if diff and units:
        average = sum((u.total for u in units), Fraction(0)) / len(units)
        n = units_to_even(diff, average)
        lines.append(
            f"Give {weak.label} about {n} more unit{'s' * (n != 1)} like its own (about {show(average)} "
            f"each), or take as many from {balance.stronger.label}."
        )
    if diff and not (getattr(army_a, "sets_up_hidden", False) or getattr(army_b, "sets_up_hidden", False)):
        lines.append(
            f"Or let {weak.label} set up hidden or in prepared positions (+3 to activation in a prepared position)."
        )
    lines.append(OBJECTIVES)
    return lines
