"""Toy Skirmish: a throwaway ruleset that tests add as a sixth package (see test_new_ruleset.py)."""

from __future__ import annotations

from .. import Ruleset


class Toy(Ruleset):
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
