"""The supported rulesets: one package each in this folder, found by looking, imported when needed.

A ruleset's package ``__init__`` holds only its facts::

    RULESET = Ruleset(__name__, code="SMLE", title="S.M.L.E.", ...)

and its parts live in modules found by convention, each imported the first time it is used
(validating a list never loads the roster or the hit tables):

    army.MODEL, army.inventory, army.weapon_names              the list model and what it holds
    army.units, army.UNITS, army.UNITS_REF                     the units it fields, what the rules call them
    points.value                                               what a force is worth
    checks.check                                               the rules the model cannot say alone
    roster.roster, sheet.reference, odds.hit_tables            what is printed
    balance.advice                                             evening a scenario

The package name gives the slug (``bounce_into_action`` is ``bounce-into-action``). Adding a
ruleset is adding a package: no shared file lists them.
"""

from __future__ import annotations

import importlib
import os

from ..exceptions import UnknownRulesetError
from ..findings import did_you_mean

_HERE = os.path.dirname(os.path.abspath(__file__))
_found: dict | None = None


class _Part:
    """A function or class a ruleset's package provides by convention, imported on first use."""

    def __init__(self, module: str, name: str):
        self.module, self.name = module, name

    def __set_name__(self, owner, attribute):
        self.attribute = attribute

    def __get__(self, ruleset, owner=None):
        if ruleset is None:
            return self
        value = getattr(importlib.import_module(f"{ruleset.package}.{self.module}"), self.name)
        ruleset.__dict__[self.attribute] = value  # found once
        return value


class Ruleset:
    """What listgen knows of one ruleset: its facts, and the parts that work on its lists."""

    army_model = _Part("army", "MODEL")
    inventory = _Part("army", "inventory")  # army -> Items (inventory.Item), what tournament restrictions count
    units = _Part("army", "units")  # army -> (path, name) of every unit fielded, for the shared checks
    units_noun = _Part("army", "UNITS")  # what the rules call them, plural: "teams", "squads"...
    units_ref = _Part("army", "UNITS_REF")  # the section that defines them
    weapons = _Part("army", "weapon_names")  # () -> weapon slugs, for the starter list
    value = _Part("points", "value")  # army -> Valuation
    check = _Part("checks", "check")  # (army, Findings, Valuation) -> None
    roster = _Part("roster", "roster")  # (army, report) -> roster.Roster
    reference = _Part("sheet", "reference")  # army | None -> sheet.Sheet
    hit_tables = _Part("odds", "hit_tables")  # army | None -> list[odds.Table]
    balance_advice = _Part("balance", "advice")  # (army_a, value_a, army_b, value_b, balance) -> lines

    def __init__(
        self,
        package: str,
        *,
        code: str,
        title: str,
        authors: str,
        period: str,
        dice: str,
        source: str,
        data_version: str,
        points: str,
    ):
        self.package = package
        self.slug = package.rsplit(".", 1)[-1].replace("_", "-")
        self.code = code  # finding codes start with it, e.g. SMLE-TEAM-SIZE
        self.title, self.authors, self.period, self.dice = title, authors, period, dice
        self.source = source  # the rules text it was transcribed from
        self.data_version = data_version
        self.points = points  # how a force is valued, in a sentence

    def __repr__(self):
        return f"Ruleset({self.slug!r})"


def _packages() -> dict:
    """slug -> package name, for every package in this folder."""
    global _found
    if _found is None:
        _found = {
            entry.replace("_", "-"): f"{__name__}.{entry}"
            for entry in sorted(os.listdir(_HERE))
            if not entry.startswith(("_", ".")) and os.path.isfile(os.path.join(_HERE, entry, "__init__.py"))
        }
    return _found


def slugs() -> list[str]:
    return list(_packages())


def get(slug: str) -> Ruleset:
    """The ruleset for a slug; UnknownRulesetError (with 'did you mean') otherwise."""
    found = _packages()
    if not isinstance(slug, str) or slug not in found:
        raise UnknownRulesetError(
            f"unknown ruleset '{slug}'{did_you_mean(str(slug), found)}; supported: {', '.join(found)}"
        )
    return importlib.import_module(found[slug]).RULESET
