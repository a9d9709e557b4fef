"""Bounce into Action odds: hits on 1d10 with multiples, by weapon and band; morale on 2d6; lock-on."""

from __future__ import annotations

from fractions import Fraction

from ...dice import dice
from ...odds import EXPECTED, OUTCOMES, Table
from . import stats
from . import tables as T

HIT_NUMBERS = (2, 4, 6, 8, 9)  # every hit number the Weapon Range Bands use
MODS = list(range(-6, 5))


def _notes():
    return [
        T.D10_NOTE,
        T.MULTIPLE_NOTE,
        "All modifications are applied to the dice roll rather than the number required.",
    ]


def hit_tables(army=None) -> list:
    out = [
        Table(
            id="bia-hit-chance",
            title="Chance of at least one hit on 1d10",
            ref=T.REF_RANGE_BANDS,
            row_header="Hit number",
            col_header="Net modifier",
            rows=[f"{n}+" for n in HIT_NUMBERS],
            cols=[f"{m:+d}" for m in MODS],
            cells=[[stats.at_least_one(n, m) for m in MODS] for n in HIT_NUMBERS],
            assumptions=_notes(),
            chart=True,
            group="Firing",
        ),
        Table(
            id="bia-expected-hits",
            title="Expected hits per stand firing (multiples of the hit number)",
            ref=T.REF_RANGE_BANDS,
            row_header="Hit number",
            col_header="Net modifier",
            rows=[f"{n}+" for n in HIT_NUMBERS],
            cols=[f"{m:+d}" for m in MODS],
            cells=[[stats.expected_hits(n, m) for m in MODS] for n in HIT_NUMBERS],
            kind=EXPECTED,
            assumptions=_notes(),
            group="Firing",
        ),
    ]
    weapons = list(T.WEAPONS)
    if army is not None:
        used = (
            {s.weapon for s in army.stands}
            | {w for v in army.vehicles for w in v.weapons}
            | {w for a in army.aircraft for w in a.weapons}
        )
        weapons = [w for w in weapons if w in used] or weapons
    cells = [
        [None if band is None else stats.expected_hits(band.hit, 0) for band in T.WEAPONS[w].bands] for w in weapons
    ]
    out.append(
        Table(
            id="bia-weapons",
            title="Expected hits by weapon and range band (net modifier 0)",
            ref=T.REF_RANGE_BANDS,
            row_header="Weapon (hit numbers by band)",
            col_header="Range (cm)",
            rows=[
                f"{T.WEAPONS[w].name} ({'/'.join('-' if b is None else str(b.hit) for b in T.WEAPONS[w].bands)})"
                for w in weapons
            ],
            cols=[f"{cm}cm" for cm in T.RANGE_BANDS],
            cells=cells,
            kind=EXPECTED,
            assumptions=_notes()
            + [T.PENETRATION_NOTE, "'-': the weapon cannot fire at that range."]
            + (
                ["Light Small Arms fired by civilian weapons: " + T.CIVILIAN_TARGETS_NOTE]
                if "light-small-arms" in weapons
                else []
            ),
            group="Firing",
        )
    )
    morale_mods = list(range(-3, 4))
    results = [r for _lo, _hi, r in T.INDIVIDUAL_MORALE]
    morale_cells: list[list[dict]] = []
    for number in range(T.MORALE_RANGE[0], T.MORALE_RANGE[1] + 1):
        row = []
        for m in morale_mods:
            cell = {r: Fraction(0) for r in results}
            for total, p in (dice(2, 6) + m).probabilities().items():
                cell[morale_result(number - total)] += p
            row.append(cell)
        morale_cells.append(row)
    out.append(
        Table(
            id="bia-morale-individual",
            title="Individual stand morale (2d6 + modifiers)",
            ref=T.REF_MORALE,
            row_header="Morale number",
            col_header="Net modifier",
            rows=[str(n) for n in range(T.MORALE_RANGE[0], T.MORALE_RANGE[1] + 1)],
            cols=[f"{m:+d}" for m in morale_mods],
            cells=morale_cells,
            kind=OUTCOMES,
            outcomes=results,
            shown=["carry on", "move no closer", "retire to cover"],
            colour_by=["carry on"],
            assumptions=[
                "Score the morale number or more to carry on; 1-3 short: move no closer; 4-6 "
                "short: retire in good order; 7 or more short: surrender or flee."
            ],
            group="Morale",
        )
    )
    group_rows = list(range(T.MORALE_RANGE[0], T.MORALE_RANGE[1] + 1))
    out.append(
        Table(
            id="bia-morale-group",
            title="Group morale test: chance to carry on (2d6)",
            ref=T.REF_MORALE,
            row_header="Morale number",
            col_header="Casualties",
            rows=[str(n) for n in group_rows],
            cols=[label for label, _m in T.GROUP_MORALE],
            cells=[[dice(2, 6).at_least(n - m) for _l, m in T.GROUP_MORALE] for n in group_rows],
            assumptions=[
                "Score the unit morale number or more on 2d6 (at -4 for 50% casualties, -8 for "
                "75%); a failed group withdraws in good order."
            ],
            group="Morale",
        )
    )
    systems = list(T.AD_SYSTEMS)
    lock_cells = []
    for system in systems:
        ad = T.AD_SYSTEMS[system]
        lock_cells.append(
            [
                None if (ad.lock is None or number is None) else stats.at_least_one(number, ad.lock)
                for number in T.LOCK_ON[ad.line]
            ]
        )
    out.append(
        Table(
            id="bia-lock-on",
            title="Air defence lock-on (1d10, no other modifiers)",
            ref=T.REF_LOCK_ON,
            row_header="AD system (chart line, lock modifier)",
            col_header="Target aircraft",
            rows=[
                f"{T.AD_SYSTEMS[s].name} ({T.AD_SYSTEMS[s].line}, {_lock_text(T.AD_SYSTEMS[s].lock)})" for s in systems
            ],
            cols=["Landing", "Very slow", "Slow", "Fast"],
            cells=lock_cells,
            assumptions=[
                T.D10_NOTE,
                "Roll the hit number or more to lock on; normal firing modifiers "
                "also apply (e.g. chaff/flares -1). '-': no lock possible.",
            ],
            group="Air defence",
        )
    )
    return out


def _lock_text(lock):
    return "no lock" if lock is None else f"{lock:+d}" if lock else "+0"


def morale_result(shortfall: int) -> str:
    for low, high, result in T.INDIVIDUAL_MORALE:
        if (low is None or shortfall >= low) and (high is None or shortfall <= high):
            return result
    raise ValueError(shortfall)  # pragma: no cover
