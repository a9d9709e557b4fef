"""Toy Skirmish: a throwaway ruleset that tests add as a sixth package (see test_new_ruleset.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from listgen.rulesets import Ruleset


class Toy(Ruleset["army.ToyList"]):
    """Toy Skirmish: a throwaway ruleset that tests add as a sixth package (see test_new_ruleset.py)."""

    code = "TOY"
    title = "Toy Skirmish"
    authors = "listgen's tests"
    period = "any"
    dice = "d6"
    source = "toy.txt"
    data_version = "1"
    points = "1 point a figure"


RULESET = Toy(__name__)

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from listgen.rulesets import contract

    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    contract.bind(RULESET, contract.Parts(army, points, checks, roster, sheet, odds, balance, catalogue))
