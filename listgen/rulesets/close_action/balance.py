"""Close Action advice for evening a scenario, in fire dice: the rating is the Fire Table's own numbers."""

from __future__ import annotations

from listgen.core.value import RATING, show

from . import tables as T


def advice(army_a, value_a, army_b, value_b, balance) -> list:
    lines = [f"Values are {value_a.scheme}."]
    diff = abs(value_a.total - value_b.total)
    weak = balance.weaker.label
    if diff and value_a.kind == RATING:
        rifles = max(1, round(diff / T.FIRE_TABLE["rifle"].dice))
        lines.append(
            f"Give {weak} about {rifles} more riflem{'e' if rifles != 1 else 'a'}n (2 dice each), or an "
            f"LMG (6 dice) for every 6 dice of difference ({show(diff)} in all)."
        )
    if diff:
        lines.append(
            f"Or make {weak} the defender in cover: hard cover is -2 on every die fired at it and +2 to "
            "its morale; soft cover -1."
        )
        lines.append(f"Or give {weak} a second officer: officers rally units and let them split fire.")
    return lines
