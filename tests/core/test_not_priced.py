"""A thing a supplied points table does not price is 'not priced' on every line, never 0 (issue 37): the points
text, its JSON (null), the roster, the subtotals and the exports; the total counts what is missing by item."""

from __future__ import annotations

import json
import re

from conftest import listgen_run

PROBE = """\
ruleset: sol-prime
name: Probe
tech_level: basic
command_and_control: primitive
players: 1
points_limit: 100
points_table:
  name: club
  items: {apw: 2}
leaders:
  - {name: Col. A, attached_to: HQ squad}
platoons:
  - name: 1 Platoon
    morale: green
    stands:
      - {name: HQ squad, type: infantry, weapons: [inf-gun, apw]}
      - {name: A, type: infantry, count: 3, weapons: [inf-gun]}
      - {name: B, type: infantry, weapons: [apw]}
"""


def _write(tmp_path, text=PROBE):
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_partly_priced_unit_is_at_least_and_an_unpriced_one_not_priced(tmp_path):
    said = listgen_run("points", _write(tmp_path), text=True).stdout
    lines = {line.split()[0]: line for line in said.splitlines()[1:7]}
    assert "at least 2" in lines["HQ"] and "not priced: item 'infantry'" in lines["HQ"]
    assert re.search(r"Col\. A\s+not priced\s+leader", said)
    assert not re.search(r"\s0\s", said)  # no unit, subtotal or total of 0
    assert re.search(r"1 Platoon in all\s+at least 10\n", said) and re.search(r"Subtotal\s+at least 10\n", said)
    # 15 prices missing: HQ squad 3, A 3 x3, B 2, Col. A 1 (four lines of findings name them)
    assert "at least 10 of 100 points (15 not priced)" in said


def test_json_says_null_where_a_price_is_missing(tmp_path):
    data = json.loads(listgen_run("points", _write(tmp_path), "--format", "json", text=True).stdout)
    leader = next(u for u in data["units"] if u["name"] == "Col. A")
    assert leader["total"] is None and leader["priced"] == 0 and leader["not_priced"] == ["leaders"]
    hq = next(u for u in data["units"] if u["name"] == "HQ squad")
    assert hq["total"] is None and hq["priced"] == 2 and "item 'inf-gun'" in hq["not_priced"]
    nothing = json.loads(
        listgen_run(
            "points", _write(tmp_path, PROBE.replace("{apw: 2}", "{foo: 2}")), "--format", "json", text=True
        ).stdout
    )
    assert (
        nothing["total"] is None and nothing["subtotal"] is None and all(u["total"] is None for u in nothing["units"])
    )


def test_the_roster_and_exports_print_not_priced_never_0(tmp_path):
    out = listgen_run("export", _write(tmp_path), "--format", "txt", text=True).stdout
    assert "Col. A" in out and "not priced: leaders" in out
    assert "HQ squad (at least 2 = 2 (apw)" in out or "at least 2 = 2 (apw)" in out
    assert not re.search(r"\b0 pts\b|: 0\b|\(0\)", out)


# --- what a table lacks, named once -----------------------------------------------------------------------------


def test_a_missing_price_names_each_thing_once_and_counts_only_what_needs_it_twice():
    # one line per price the table lacks, naming the things that need it: 'x2' where a thing carries two of the
    # item, the bare name where it carries one (mutant: 'x1' written after every single one)
    from listgen.core.findings import Findings
    from listgen.core.house import PointsTable, Priceable, price

    table = PointsTable._build({"name": "Club", "unit": 5}, ("points_table",), Findings())
    things = [
        Priceable(("units", 0), "Gun team", "unit", items=["hmg", "hmg"]),
        Priceable(("units", 1), "Rifles", "unit", items=["hmg"]),
    ]
    assert price(table, things, "Close Action").unpriced == [
        (("units", 0), "the points table prices no item 'hmg' (Gun team x2, Rifles)")
    ]
