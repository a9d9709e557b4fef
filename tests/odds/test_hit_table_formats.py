"""The JSON and CSV hit tables hold the numbers: cells read back from each format, checked against dice
enumerated here (the rule restated beside each case), not against listgen's own tables; the at-least summary."""

import csv
import io
import itertools
import json
from fractions import Fraction

import pytest

from listgen.rulesets import slugs


def d(sides, n=1):
    return list(itertools.product(range(1, sides + 1), repeat=n))


def chance(rolls, test):
    return Fraction(sum(1 for r in rolls if test(r)), len(rolls))


# (ruleset, table id, row, column, exact chance by enumeration)
CASES = [
    # S.M.L.E. Shooting: trained fire on 7+ on 2D6, an unmodified 2 always misses
    ("smle", "smle-to-hit", "Trained (7+)", "+0", chance(d(6, 2), lambda r: sum(r) != 2 and sum(r) >= 7)),
    ("smle", "smle-to-hit", "Veteran (6+)", "-4", chance(d(6, 2), lambda r: sum(r) != 2 and sum(r) - 4 >= 6)),
    # Close Action Fire Table: a 5-6 hits at close range, a 6 at far; "7+ to hit? Roll for a 6, then a 4-6"
    ("close-action", "close-action-hit-per-die", "Close (5-6)", "+0", chance(d(6), lambda r: r[0] >= 5)),
    ("close-action", "close-action-hit-per-die", "Far (6)", "-1", chance(d(6, 2), lambda r: r[0] == 6 and r[1] >= 4)),
    # Bounce into Action: 1d10 (0 reads 10) at or over the hit number
    ("bounce-into-action", "bia-hit-chance", "4+", "+0", chance(d(10), lambda r: r[0] >= 4)),
    # Sol Prime missiles: Basic technology hits on 5+ on 1D10
    ("sol-prime", "sol-prime-missile", "Basic (5)", "-2", chance(d(10), lambda r: r[0] - 2 >= 5)),
    # Noonday Sun doors: 4+ on 1d6 with the modifiers shown (Veteran +1)
    ("noonday-sun", "noonday-sun-doors", "Veteran (+1)", "Chance", chance(d(6), lambda r: r[0] + 1 >= 4)),
]


def fraction(text):
    n, _, den = text.partition("/")
    return Fraction(int(n), int(den))


@pytest.fixture(scope="module")
def outputs():
    from typer.testing import CliRunner

    from listgen.cli import app

    runner = CliRunner()
    return {
        slug: (
            json.loads(runner.invoke(app, ["hit-tables", slug, "--format", "json", "-o", "-"]).stdout),
            list(
                csv.DictReader(
                    io.StringIO(runner.invoke(app, ["hit-tables", slug, "--format", "csv", "-o", "-"]).stdout)
                )
            ),
        )
        for slug in slugs()
    }


@pytest.mark.slow
@pytest.mark.parametrize("slug,table,row,col,expected", CASES, ids=[f"{c[1]}:{c[2]}:{c[3]}" for c in CASES])
def test_json_and_csv_hold_the_enumerated_chance(outputs, slug, table, row, col, expected):
    data, rows = outputs[slug]
    t = next(t for t in data["tables"] if t["id"] == table)
    assert fraction(t["cells"][t["rows"].index(row)][t["columns"].index(col)]) == expected
    line = next(r for r in rows if r["table"] == table and r["row"] == row and r["column"] == col)
    assert fraction(line["exact"]) == expected and abs(float(line["value"]) - float(expected)) < 1e-6


def test_every_cell_reaches_both_formats(outputs):
    for slug, (data, rows) in outputs.items():
        cells = sum(
            1
            for t in data["tables"]
            for row in t["cells"]
            for cell in row
            if cell is not None
            for _ in (
                range(5)  # a count: at least 1, 2, 3, mean, median
                if t["kind"] == "counts"
                else (cell.values() if isinstance(cell, dict) else [cell])
            )
        )
        assert len(rows) == cells, slug


@pytest.mark.parametrize("places", [0, 1])
def test_a_chance_prints_as_certain_or_impossible_only_when_it_is(places):
    """Every chance k/n for dice-sized n: '100%' only for 1 and '0%' only for 0; at the edges '>99%' and '<1%'
    (99.6 % printed as '100%' before); elsewhere the rounded figure, within half a step of the chance."""
    from fractions import Fraction

    from listgen.core.odds import percent

    for n in (200, 216, 1000, 1296, 7776):
        for k in range(n + 1):
            value = Fraction(k, n)
            shown = percent(value, places)
            assert (shown == "100%") == (value == 1) and (shown == "0%") == (value == 0), (k, n, shown)
            if shown[0] in "<>" or value in (0, 1):
                continue
            assert abs(Fraction(shown.rstrip("%")) - value * 100) <= Fraction(1, 2 * 10**places), (k, n, shown)
    assert percent(Fraction(249, 250)) == ">99%" and percent(Fraction(1, 250)) == "<1%"
    assert percent(Fraction(9999, 10000), 1) == ">99.9%" and percent(Fraction(1, 10000), 1) == "<0.1%"


def test_hit_tables_json_is_indented_two_spaces_as_the_build_writes_it():
    from listgen.core.odds import to_json

    text = to_json([], "smle")
    assert text == '{\n  "ruleset": "smle",\n  "tables": []\n}\n'


# --- the at-least summary ---------------------------------------------------------------------------------------


def test_a_count_is_summed_up_as_at_least_one_two_and_three():
    # a hit table of counts answers what players ask: at least one, two, three (JSON keys and CSV columns); the
    # chances here by hand for two dice each hitting on a 50/50 and a third on one in four
    from fractions import Fraction

    from listgen.core import odds

    counts = {0: Fraction(3, 16), 1: Fraction(7, 16), 2: Fraction(5, 16), 3: Fraction(1, 16)}
    summary = odds.count_summary(counts)
    assert [k for k in summary if k.startswith("at_least")] == ["at_least_1", "at_least_2", "at_least_3"]
    assert [summary[f"at_least_{n}"] for n in (1, 2, 3)] == ["13/16", "3/8", "1/16"]
    assert odds.shown_at_least(counts) == (1, 2, 3) and odds.shown_at_least({0: Fraction(1, 2), 1: Fraction(1, 2)}) == (
        1,
    )
