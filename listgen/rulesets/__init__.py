"""The supported rulesets, imported only when a command needs one."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from ..exceptions import UnknownRulesetError
from ..findings import did_you_mean

# slug -> module; each module defines RULESET. A ruleset is listed here once it is complete.
_MODULES = {
    "smle": "listgen.rulesets.smle",
    "noonday-sun": "listgen.rulesets.noonday_sun",
    "close-action": "listgen.rulesets.close_action",
    "bounce-into-action": "listgen.rulesets.bounce",
    "sol-prime": "listgen.rulesets.sol_prime",
}


@dataclass(frozen=True)
class Ruleset:
    """What listgen knows of one ruleset, and the functions that work on its lists."""

    slug: str
    title: str
    authors: str
    period: str
    dice: str
    source: str  # the rules text it was transcribed from
    data_version: str
    points: str  # how a force is valued, in a sentence
    army_model: type
    value: Callable  # army -> Valuation
    check: Callable  # (army, Findings, Valuation) -> None
    roster: Callable  # (army, report) -> roster.Roster
    reference: Callable  # army | None -> sheet.Sheet
    hit_tables: Callable  # army | None -> list[odds.Table]
    weapons: Callable  # () -> list of weapon slugs (for the starter list)
    inventory: Callable  # army -> Items (inventory.Item), what tournament restrictions count
    balance_advice: Callable  # (army_a, value_a, army_b, value_b) -> list of advice lines


    @classmethod
    def assemble(cls, package: str, **facts) -> "Ruleset":
        """A ruleset from its package's modules, by convention: points.value, checks.check, roster.roster,
        sheet.reference, odds.hit_tables, army.inventory and balance.advice."""
        def part(module, name):
            return getattr(importlib.import_module(f"{package}.{module}"), name)

        return cls(value=part("points", "value"), check=part("checks", "check"), roster=part("roster", "roster"),
                   reference=part("sheet", "reference"), hit_tables=part("odds", "hit_tables"),
                   inventory=part("army", "inventory"), balance_advice=part("balance", "advice"), **facts)


def slugs() -> list[str]:
    return list(_MODULES)


def get(slug: str) -> Ruleset:
    """The ruleset for a slug; UnknownRulesetError (with 'did you mean') otherwise."""
    if not isinstance(slug, str) or slug not in _MODULES:
        raise UnknownRulesetError(
            f"unknown ruleset '{slug}'{did_you_mean(str(slug), _MODULES)}; supported: {', '.join(_MODULES)}")
    return importlib.import_module(_MODULES[slug]).RULESET
