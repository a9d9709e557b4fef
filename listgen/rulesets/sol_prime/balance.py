"""Sol Prime advice: prices are only as good as the supplied table."""

from __future__ import annotations


def advice(army_a, value_a, army_b, value_b, balance) -> list:
    lines = [f"Values are {value_a.scheme}."]
    if value_a.unpriced or value_b.unpriced:
        lines.append(
            "Some items have no price (the text's troop lists are missing): give both lists the same "
            "points_table before trusting this comparison."
        )
    if value_a.total != value_b.total:
        lines.append(
            f"Give {balance.weaker.label} more stands, a minefield per engineer squad if it defends, or a "
            "Command Center (+1 activation, better artillery and radar)."
        )
    return lines
