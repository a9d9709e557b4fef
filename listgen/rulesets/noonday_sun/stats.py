"""What the Noonday Sun tables say about one unit: move and activation."""

from __future__ import annotations

from . import tables as T


def move(unit) -> int:
    """Table 2 by armour or animals; +2" warriors; +2" elite or fanatic; less encumbrance (a unit or a leader)."""
    if getattr(unit, "animals", None):
        return T.ANIMAL_MOVE[unit.animals].inches
    inches = T.ARMOUR_MOVE[unit.armour].inches
    if unit.motivation == "warriors":
        inches += T.WARRIOR_MOVE
    if unit.motivation in ("elite", "fanatic"):
        inches += T.ELITE_FANATIC_MOVE
    if getattr(unit, "support_weapon", None):
        weight = T.SUPPORT_WEAPONS[unit.support_weapon].weight
        inches -= T.ENCUMBRANCE.get(weight, 0)
    return inches


def activation(quality, motivation, armour) -> str:
    armoured = armour in ("heavy", "armoured")  # "Armoured Troops are those wearing armour."
    return T.ACTIVATION_ROLL.text(quality or "untrained", motivation, T.ARMOURED_TROOPS if armoured else 0)
