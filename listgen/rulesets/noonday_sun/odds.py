"""Noonday Sun odds: activation bands (on the 1D6 listgen reads, and on a d10 for comparison), doors."""

from __future__ import annotations

from ... import matchup, slammer
from . import tables as T
from .army import all_leaders, all_units

SITUATIONS = (
    (+4, "Fresh, not under fire, leader with group (+4)"),
    (+2, "Not under fire, leader with group (+2)"),
    (0, "Under direct fire, leader with group (0)"),
    (-3, "Under direct auto fire with a casualty, leader with group (-3)"),
)


def _rows(army):
    if army is None:
        return slammer.combos(T.QUALITIES)
    used = {(u.quality, u.motivation) for _p, u in all_units(army) if u.quality}
    used |= {(leader.quality, leader.motivation) for _p, leader, _r in all_leaders(army)}
    qualities = [q for q in T.QUALITIES if any(q == u for u, _m in used)]
    return slammer.combos(qualities, used)


def hit_tables(army=None) -> list:
    rows = _rows(army)
    out = []
    for situation, label in SITUATIONS:
        table_id = f"noonday-sun-activation-{'m' if situation < 0 else 'p'}{abs(situation)}"  # p4, m3
        out.append(
            slammer.activation_table(
                T.ACTIVATION_ROLL, rows, situation, label, table_id, T.REF_ACTIVATION, notes=[T.DIE_NOTE, T.ORDER_NOTE]
            )
        )
    d10 = slammer.activation_table(
        T.ACTIVATION_ROLL,
        rows,
        2,
        "Not under fire, leader with group (+2), on a d10",
        "noonday-sun-activation-d10",
        T.REF_ACTIVATION,
        die=10,
        notes=[
            "For comparison only: what Table 1 gives if 'All die rolls use ten "
            "sided dice' is applied to activation. listgen's sheets use 1D6.",
            T.DIE_NOTE,
        ],
    )
    out.append(d10)
    out.append(
        slammer.doors_table(
            T.DOOR_ROWS,
            T.DOOR_TARGET,
            "noonday-sun-doors",
            T.REF_DOORS,
            ["Modifiers add up: e.g. Veteran +1 and Elite +1 make +2."],
        )
    )
    return out


MATCHUP_REFUSAL = (
    "...In the Noonday Sun's text stops after movement: it prints no shooting or damage rules and no weapons "
    "table (its weapons are free text), so listgen has nothing exact to compute a matchup from. Borrowing "
    "S.M.L.E.'s shooting would mean choosing a rating for 'Martini-Henry rifle' or 'assegai and shield' that "
    "neither text gives. The activation and door tables are in `listgen hit-tables noonday-sun`."
)


MATCHUP = matchup.Spec(prefix="noonday-sun-matchup", refusal=MATCHUP_REFUSAL)
