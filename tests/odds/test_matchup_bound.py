"""A matchup sheet's bound (issue 39): two lists of hundreds of differing units took minutes and tens of pages.
A side prints at most MOST_TARGETS kinds of target (a table each) and MOST_PAIRS rows across its tables; past
that, the units left out are named on the tables. Here the bound is made small so that a case at it and one past
it are quick; the real figures are checked as they are in the module."""

from __future__ import annotations

import yaml

from listgen.core import matchup
from listgen.core.validate import check_text
from listgen.rulesets import get

QUALITIES = ["green", "trained", "veteran", "untrained"]
WEAPONS = ["rifle", "smg", "lmg", "shotgun", "handgun", "assault-rifle", "semi-auto-rifle", "hmg"]


def force(name: str, teams: int, weapons_from: int = 0) -> object:
    """An S.M.L.E. force of teams differing in size and quality (a kind of target each, for the first twenty) and in
    their weapon (a kind of firing unit each)."""
    units = [
        {"name": f"{name} {i}", "quality": QUALITIES[i % 4],
         "figures": [{"count": 2 + (i // 4) % 5, "weapon": WEAPONS[(i + weapons_from) % 8]}]}
        for i in range(teams)
    ]  # fmt: skip
    return check_text(yaml.safe_dump({"ruleset": "smle", "name": name, "teams": units}), f"{name}.yaml").army


def sheet(mine: int, theirs: int) -> list:
    spec = get("smle")._module("odds").MATCHUP
    return matchup.one_way(spec, matchup._side(spec, force("A", mine)), matchup._side(spec, force("B", theirs)), "x")


def left_out(tables) -> list:
    return [line for line in tables[0].assumptions if line.startswith("Left out of this sheet")]


def test_the_bound_is_the_modules():
    assert (matchup.MOST_TARGETS, matchup.MOST_PAIRS) == (12, 480)  # the manual and the note quote these


def test_targets_at_the_bound_all_print_and_one_past_is_named(monkeypatch):
    monkeypatch.setattr(matchup, "MOST_TARGETS", 3)
    at = sheet(2, 3)  # three kinds of target: a table each, nothing said
    assert len(at) == 3 and left_out(at) == []
    past = sheet(2, 4)
    assert len(past) == 3
    assert left_out(past) == [
        "Left out of this sheet: 1 more kinds of target of B (B 3). A sheet holds at most 3 kinds of target a side "
        "and 480 rows across a side's tables, taken in the list's order."
    ]


def test_firing_units_past_the_rows_a_side_holds_are_named(monkeypatch):
    monkeypatch.setattr(matchup, "MOST_PAIRS", 8)  # two kinds of target: four kinds of firing unit
    at = sheet(4, 2)
    assert [len(t.rows) for t in at] == [4, 4] and left_out(at) == []
    past = sheet(9, 2)
    assert [len(t.rows) for t in past] == [4, 4]
    said = left_out(past)
    assert len(said) == 1 and said[0].startswith(
        "Left out of this sheet: 5 more kinds of firing unit of A (A 4, A 5, A 6"
    )
    assert "and 2 more)" in said[0]


def test_with_one_kind_of_target_every_row_goes_to_firing_units(monkeypatch):
    # one kind of target: the rows a side holds are all firing units (mutant: halved, as though two kinds)
    monkeypatch.setattr(matchup, "MOST_PAIRS", 4)
    at = sheet(4, 1)
    assert [len(t.rows) for t in at] == [4] and left_out(at) == []
    past = sheet(5, 1)
    assert [len(t.rows) for t in past] == [4]
    assert left_out(past)[0].startswith("Left out of this sheet: 1 more kinds of firing unit of A (A 4)")
