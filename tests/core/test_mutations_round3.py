"""Gaps the mutation sample of seed 1126 found (benchmarks/mutants.py): each test fails on its mutant."""

from __future__ import annotations

from fractions import Fraction

from listgen.core.catalogue import _cost
from listgen.core.edit import indentation
from listgen.core.findings import ERROR, Finding
from listgen.core.loader import MAX_BYTES
from listgen.core.validate import ListReport
from listgen.core.value import UnitCost, Valuation
from listgen.events.rounds import Record, Result


def test_a_finding_with_a_line_and_no_column_points_at_the_lines_first_column():
    # 'column or 1': an editor's file:line:column link lands on the line's start, never its second character
    finding = Finding(ERROR, "SMLE-X", "broken", ("teams", 0), 7, None, None)
    assert finding.format("list.yaml").startswith("list.yaml:7:1: error: broken [SMLE-X]")


def test_the_size_limit_is_the_one_mebibyte_the_manual_gives():
    assert MAX_BYTES == 1024 * 1024  # docs/using.md: "a list over 1 MiB"; the tests at and past it read MAX_BYTES


def test_an_entry_that_adds_one_point_to_its_unit_says_plus_one():
    # the catalogue prices a line of men or a support weapon by what it adds to the unit holding it
    valuation = Valuation("printed points", "points", "printed")
    valuation.units.append(UnitCost(("teams", 0), "Rifles", "team", 11))
    report = ListReport("<catalogue>")
    report.valuation = valuation
    assert _cost(report, ("teams", 0, "figures", 2), Fraction(10)) == "+1 points to its unit"
    assert _cost(report, ("teams", 0, "figures", 2), Fraction(12)) == "-1 points to its unit"


def test_a_text_with_no_list_is_indented_as_listgens_starters_are():
    # no list under a key to copy: an entry's dash two spaces in, its keys at four ('  - name: x')
    assert indentation("ruleset: smle\nname: A force\n") == (4, 2)
    assert indentation("teams:\n- name: x\n") == (2, 0)  # a list there: its own style


def test_a_bye_counts_once_toward_a_second_bye():
    record = Record("Ann", [Result(None, points=3, outcome="bye"), Result("Bob", points=3, outcome="win")])
    assert record.byes == 1 and record.wins == 1 and record.points == 6
