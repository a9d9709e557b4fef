"""Mechanisms S.M.L.E. and ...In the Noonday Sun share with their parent, Slammer.

Only the mechanisms live here; each ruleset keeps its own tables (bands, modifiers)
exactly as its text prints them.
"""

from __future__ import annotations

import math
from collections import namedtuple
from collections.abc import Sequence
from fractions import Fraction


class Band(namedtuple("Band", "label low high action move combat other", defaults=("",))):
    """One row of an Activation Table: the totals it covers and what a team may do.

    label as printed ("9,10", "< 1"); low, high: the totals covered (None: no bound); then the
    action, move, combat and other columns.
    """

    __slots__ = ()

    def covers(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


class ActivationTable:
    """Bands from worst to best; motivation moves a result along them."""

    def __init__(self, bands: tuple, steady_target: str):
        self.bands = bands  # of Band, lowest first
        self.steady_target = steady_target  # label of the band 'Steady' shifts towards ("7" in S.M.L.E.)

    def index(self, total: int) -> int:
        for i, band in enumerate(self.bands):
            if band.covers(total):
                return i
        raise ValueError(f"no band covers {total}")  # pragma: no cover - tables are total

    def band(self, total: int, shift: str | None = None) -> Band:
        """The band for a modified total after a motivation's band shift.

        shift: "up" (Elite), "down" (Reluctant), "steady" (one band towards the
        steady target), or None.
        """
        i = self.index(total)
        if shift == "up":
            i = min(i + 1, len(self.bands) - 1)
        elif shift == "down":
            i = max(i - 1, 0)
        elif shift == "steady":
            target = next(k for k, b in enumerate(self.bands) if b.label == self.steady_target)
            i += (i < target) - (i > target)
        return self.bands[i]


# Outcomes of comparing an attacker's total with a defender's, from the attacker's side.
ATTACKER_TWICE = "attacker twice or more"
ATTACKER_MORE = "attacker more"
EQUAL = "equal"
DEFENDER_MORE = "defender more"
DEFENDER_TWICE = "defender twice or more"


def compare(attacker: int, defender: int) -> str:
    """Slammer's 'twice / more / equal / less' comparison of two totals.

    The texts say "twice the defender's or greater" and "more than, but less than twice".
    We read "twice" as a case of "more": a total must first beat the other to count as
    twice it. This matters only when a total is zero or negative (for example 1D-1 rolling
    0 against a defender's 0 is 'equal', not 'twice').
    """
    if attacker > defender:
        return ATTACKER_TWICE if attacker >= 2 * defender else ATTACKER_MORE
    if attacker == defender:
        return EQUAL
    return DEFENDER_TWICE if defender >= 2 * attacker else DEFENDER_MORE


COMPARE_NOTE = (
    "'Twice' is read as a case of 'more': a total must beat the other before it "
    "can count as twice it (matters only for totals of zero or less)."
)


class Activation:
    """A ruleset's activation roll: its table, die, and what quality and motivation add."""

    def __init__(self, table: ActivationTable, quality: dict, fanatic: int, adds=None, shifts=None, die: int = 6):
        self.table = table
        self.quality = quality  # quality -> modifier
        self.fanatic = fanatic  # used *instead of* the quality modifier
        self.adds = adds or {}  # motivation -> modifier (Warriors +2)
        self.shifts = shifts or {}  # motivation -> "up" | "down" | "steady"
        self.die = die

    def base(self, quality: str, motivation: str | None) -> tuple:
        """(modifier from quality and motivation, band shift)."""
        add = self.fanatic if motivation == "fanatic" else self.quality[quality]
        return add + self.adds.get(motivation, 0), self.shifts.get(motivation)

    def text(self, quality: str, motivation: str | None, extra: int = 0) -> str:
        add, shift = self.base(quality, motivation)
        add += extra
        text = f"1D{self.die}{add:+d}" if add else f"1D{self.die}"
        return text + {"up": ", up 1", "down": ", down 1", "steady": ", towards 7", None: ""}[shift]

    def odds(self, quality: str, motivation: str | None, situation: int, die: int | None = None) -> dict:
        """Chance of each band (by label) for 1 die + modifiers + situation, after the shift."""
        sides = die or self.die
        add, shift = self.base(quality, motivation)
        out = {b.label: Fraction(0) for b in self.table.bands}
        for face in range(1, sides + 1):
            out[self.table.band(face + add + situation, shift).label] += Fraction(1, sides)
        return out


def combos(qualities, used=None) -> list:
    """Quality and motivation rows for an activation table: all, or only those a list uses."""
    rows = []
    for q in qualities:
        for m in (None, "elite", "warriors", "steady", "reluctant"):
            if used is None or (q, m) in used:
                rows.append((q, m))
    if used is None or any(m == "fanatic" for _q, m in used):
        rows.append(
            (
                qualities[min(2, len(qualities) - 1)] if used is None else next(q for q, m in used if m == "fanatic"),
                "fanatic",
            )
        )
    return rows


def activation_table(
    activation: Activation,
    rows: list,
    situation: int,
    label: str,
    table_id: str,
    ref: str,
    die: int | None = None,
    notes=(),
):
    """An odds table: rows of quality/motivation; columns each action of the Activation Table, best first, and
    in each cell the chance of that action or better ('may perform one option at the element's Activation
    Level or below'): what a player asks is 'will they at least Advance?'."""
    from listgen.core.odds import Table

    actions: list = []  # (action, index of its lowest band), best first; Break is what is left over
    for i, band in enumerate(activation.table.bands):
        if band.low is None:
            continue
        if actions and actions[-1][0] == band.action:
            continue
        actions.append((band.action, i))
    actions.reverse()
    bands = activation.table.bands
    cells, names = [], []
    for q, m in rows:
        odds = activation.odds(q, m, situation, die)
        cells.append([sum((odds[b.label] for b in bands[first:]), Fraction(0)) for _action, first in actions])
        names.append("Fanatic (any quality)" if m == "fanatic" else f"{q.title()}{' ' + m if m else ''}")
    sides = die or activation.die
    worst = bands[0]
    return Table(
        id=table_id,
        title=f"Activation: {label}",
        ref=ref,
        row_header="Quality and motivation",
        col_header="Activation level: this action or better (Table 1)",
        rows=names,
        cols=[f"{action} ({bands[first].low}+)" for action, first in actions],
        cells=cells,
        assumptions=[
            f"Cells: the chance of at least this action; the rest of the last column is the chance to "
            f"{worst.action} ({worst.label}).",
            f"1D{sides} + quality modifier (Fanatic instead of quality; Warriors +2) + situation.",
            "Elite: up one band; Reluctant: down one; Steady: one band towards 7 Advance.",
            f"Situation modifiers assumed: {label}.",
            *notes,
        ],
        group="Activation",
    )


def doors_table(rows: Sequence[tuple[str, int]], target: int, table_id: str, ref: str, notes=()):
    """Kick in doors: success on target+ on 1D6 + modifiers; rows are (label, modifier)."""
    from listgen.core.odds import Table

    cells = [[Fraction(sum(1 for face in range(1, 7) if face + mod >= target), 6)] for _label, mod in rows]
    return Table(
        id=table_id,
        title=f"Kick in a door (success on {target}+ on 1D6)",
        ref=ref,
        row_header="Troops and equipment",
        col_header="Success",
        rows=[f"{label} ({mod:+d})" for label, mod in rows],
        cols=["Chance"],
        cells=cells,
        assumptions=[f"1D6 + the modifiers shown, success on {target} or more.", *notes],
        group="Movement",
    )


def odd_motivation(out, path, name: str, quality: str, motivation, ref: str, prefix: str):
    """The combinations the Slammer texts warn about are warnings, not errors."""
    if quality == "veteran" and motivation == "fanatic":
        out.warning(
            f"{prefix}-ODD-MOTIVATION",
            f"'{name}': veteran fanatics — the text warns 'Veteran Fanatics are normally Dead'",
            path,
            ref,
        )
    if quality == "untrained" and motivation == "elite":
        out.warning(
            f"{prefix}-ODD-MOTIVATION", f"'{name}': untrained elite — the text calls them 'fairly unlikely'", path, ref
        )


def team_quality(tally: dict[str, int], qualities: Sequence[str], elite: bool) -> tuple[str, str]:
    """A team's quality from its figures' (Troop Quality: "the majority or average level of the figures in the
    team (Elite round up; Others round down)"): the quality more than half the figures hold; else the average
    level, rounded up for an Elite team and down for any other. Returns the quality and how it was found."""
    figures = sum(tally.values())
    for quality, n in tally.items():
        if n * 2 > figures:
            return quality, f"{n} of {figures} figures {quality}: the majority"
    mean = Fraction(sum(qualities.index(q) * n for q, n in tally.items()), figures)
    level = math.ceil(mean) if elite else math.floor(mean)
    shown = ", ".join(f"{n} {q}" for q, n in tally.items() if n)
    return qualities[level], f"no majority ({shown}): the average, rounded {'up (Elite)' if elite else 'down'}"
