"""What every ruleset's campaign rules share: a campaign unit's record and the error an event that breaks a rule
raises (``events/campaign.py`` replays a campaign's log; each ruleset's ``campaign`` module says what an event
changes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class CampaignError(Exception):
    """An event the rules refuse; `field` is the event's key it is reported at."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.message, self.field = message, field


@dataclass
class Unit:
    """A campaign unit's record beside its list entry: actions fought, casualties by result, figures by quality
    (S.M.L.E. and Noonday teams: and the figures lines a casualty left, for a replacement to take), and whether it
    has left the force."""

    actions: int = 0
    casualties: dict[str, int] = field(default_factory=dict)
    figures: dict[str, int] = field(default_factory=dict)
    gone: bool = False
    lines: list[dict[str, Any]] = field(default_factory=list)  # its figures lines as it started, without their counts
    lost: dict[int, int] = field(default_factory=dict)  # starting line -> casualties not yet replaced


class CampaignRules(Protocol):
    """A ruleset's campaign (its package's ``campaign.RULES``): what each event of the log changes in a force's
    list (``data``, changed in place) and its units' records, returned as lines each citing its rule."""

    @property
    def notes(self) -> tuple[str, ...]: ...

    @property
    def promotions(self) -> tuple[str, ...]:
        """What an umpire's promotion may name (``promote``'s ``to``): an experience or training, or a quality."""
        ...

    @property
    def replaces(self) -> bool:
        """Whether the text gives casualty replacements (S.M.L.E., Noonday); Bounce into Action regroups instead."""
        ...

    @property
    def casualty_die(self) -> int | None:
        """The die a casualty is rolled on (Bounce into Action's Infantry Casualties: 10), or None where a
        casualty is not rolled (S.M.L.E. and Noonday: figures are counted)."""
        ...

    def units(self, data: dict[str, Any]) -> dict[str, dict[str, Any]]: ...

    def start(self, entry: dict[str, Any]) -> Unit: ...

    def battle(self, entry: dict[str, Any], unit: Unit, under_fire: int, wounded: int) -> list[str]: ...

    def casualty(self, data: dict[str, Any], name: str, units: dict[str, Unit], event: dict[str, Any]) -> list[str]: ...

    def regroup(
        self, data: dict[str, Any], names: list[str], hits_left: list[int], units: dict[str, Unit]
    ) -> list[str]: ...

    def replace(self, data: dict[str, Any], name: str, units: dict[str, Unit], event: dict[str, Any]) -> list[str]: ...

    def promote(self, data: dict[str, Any], name: str, units: dict[str, Unit], event: dict[str, Any]) -> list[str]: ...

    def status(self, data: dict[str, Any], entry: dict[str, Any], unit: Unit) -> str:
        """One unit's line of `campaign status` (`data`: its force's list as it stands)."""
        ...

    def track(self, entry: dict[str, Any], unit: Unit) -> tuple[list[tuple[str, str]], list[tuple[str, int]]]:
        """What a campaign roster adds to the unit: header facts (label, value) and tick-box counters (label, n)."""
        ...
