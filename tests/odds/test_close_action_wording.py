"""Close Action's sheets in its own words (issue 51): one die is a die, and green troops rally 'on a 6'."""

from __future__ import annotations

from fractions import Fraction

from conftest import ARMIES, report

from listgen import rulesets
from listgen.rulesets.close_action import odds


def test_a_pistol_fires_one_die_and_the_sheet_says_die():
    # Fire Table: Pistol 1 die; an officer armed with one fires it (his row), a squad's men with two or more say dice
    text = (ARMIES / "close-action-us-rifle-squads.yaml").read_text(encoding="utf-8")
    text = text.replace("{name: Lt. Harry Welsh, weapon: smg}", "{name: Lt. Harry Welsh, weapon: pistol}")
    rep = report(text)
    rows = [f.what for f in odds._firers(rep.army)]
    assert "Pistol (1 die)" in rows and not [r for r in rows if "(1 dice" in r]
    assert any(r.endswith(" dice)") or " dice, " in r for r in rows)  # more than one: dice
    tables = rulesets.get("close-action").matchup_tables(rep.army, rep.army)
    assert any(label.endswith(": Pistol (1 die)") for t in tables for label in t.rows)


def test_the_rally_row_reads_as_the_text():
    # "Veterans rally on a 3-6, steady 5-6, green on a 6": 1D6, every face counted
    table = odds.rally_table()
    assert table.rows == ["Veteran (3-6)", "Steady (5-6)", "Green (6)"]
    assert [row[0] for row in table.cells] == [
        Fraction(sum(1 for face in range(1, 7) if face >= n), 6) for n in (3, 5, 6)
    ]
