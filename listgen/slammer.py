"""Mechanisms S.M.L.E. and ...In the Noonday Sun share with their parent, Slammer.

Only the mechanisms live here; each ruleset keeps its own tables (bands, modifiers)
exactly as its text prints them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Band:
    """One row of an Activation Table: the totals it covers and what a team may do."""

    label: str  # as printed, e.g. "9,10" or "< 1"
    low: int | None  # None: no lower bound
    high: int | None  # None: no upper bound
    action: str
    move: str
    combat: str
    other: str = ""

    def covers(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


@dataclass(frozen=True)
class ActivationTable:
    """Bands from worst to best; motivation moves a result along them."""

    bands: tuple  # of Band, lowest first
    steady_target: str  # label of the band 'Steady' shifts towards ("7" in S.M.L.E.)

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


COMPARE_NOTE = ("'Twice' is read as a case of 'more': a total must beat the other before it "
                "can count as twice it (matters only for totals of zero or less).")
