"""Bounce into Action advice for evening a scenario, by firepower and morale."""

from __future__ import annotations

from listgen.core.value import RATING, show

from . import stats


def advice(army_a, value_a, army_b, value_b, balance) -> list:
    lines = [f"Values are {value_a.scheme}."]
    diff = abs(value_a.total - value_b.total)
    weak = balance.weaker.label
    if diff and value_a.kind == RATING:
        hma = stats.firepower("sla-squad", "regular", "experienced")
        lines.append(
            f"Give {weak} about {max(1, round(diff / hma))} more Regular SLA squad stands "
            f"({show(hma)} expected hits each at 10cm), or take as many from {balance.stronger.label}."
        )
    if diff:
        lines.append(
            f"Or improve {weak}'s morale: excellent medical support, excellent officers, well supplied "
            "(each -1 to the morale number); or give it cover and the defence."
        )
    return lines
