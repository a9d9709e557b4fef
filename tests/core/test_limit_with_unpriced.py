"""A points limit with something not priced (issue 51): 'at least N' cannot pass a limit the unpriced might take it
past, so a partly priced club table is not LEGAL against a limit until each item has a price (or is left out);
an unpriced item's JSON carries no base or working as if priced; one count of what is missing everywhere."""

from __future__ import annotations

import json

from conftest import listgen_run, only, report

# Close Action prints no points: a club table that prices leaders only. Lt A 5 of a limit of 5; squad S1 not priced.
PARTLY = """\
ruleset: close-action
name: Club partly
points_limit: 5
points_table: {name: Club, leader: 5}
officers:
  - {name: Lt A}
squads:
  - name: S1
    grade: veteran
    leader: {name: Sgt B, weapon: rifle}
    men:
      - {count: 8, weapon: rifle}
"""


def test_at_least_the_limit_with_an_item_not_priced_is_not_legal(tmp_path):
    path = tmp_path / "partly.yaml"
    path.write_text(PARTLY, encoding="utf-8")
    run = listgen_run("validate", path, text=True)
    assert run.returncode == 1, run.stdout + run.stderr
    said = run.stdout + run.stderr
    assert "NOT LEGAL" in said and "at least 5 of 5 points (1 not priced)" in said
    f = only(report(PARTLY), "CA-LIMIT-UNCHECKED")
    assert f.severity == "error" and f.path == ("points_limit",)
    assert "1 item(s) not priced" in f.message and "at least 5" in f.message


def test_under_the_limit_is_no_pass_either_while_something_is_not_priced():
    rep = report(PARTLY.replace("points_limit: 5", "points_limit: 500"))
    assert not rep.legal() and only(rep, "CA-LIMIT-UNCHECKED").severity == "error"


def test_every_item_priced_at_the_limit_passes_and_one_past_it_does_not():
    priced = PARTLY.replace("{name: Club, leader: 5}", "{name: Club, leader: 5, unit: 0}")
    assert report(priced).legal() and report(priced).points == 5
    over = report(priced.replace("points_limit: 5", "points_limit: 4"))
    assert not over.legal() and only(over, "CA-POINTS-LIMIT")
    assert "CA-LIMIT-UNCHECKED" not in {f.code for f in over.findings}


def test_priced_past_the_limit_is_over_it_whatever_is_not_priced():
    rep = report(PARTLY.replace("points_limit: 5", "points_limit: 4"))
    assert only(rep, "CA-POINTS-LIMIT") and "CA-LIMIT-UNCHECKED" not in {f.code for f in rep.findings}


def test_the_json_of_an_unpriced_item_has_no_base_or_working_of_0(tmp_path):
    path = tmp_path / "partly.yaml"
    path.write_text(PARTLY, encoding="utf-8")
    data = json.loads(listgen_run("points", path, "--format", "json", text=True).stdout)
    squad = next(u for u in data["units"] if u["name"] == "S1")
    assert set(squad) >= {"path", "name", "kind", "base", "multipliers", "extras", "total", "working", "ref"}
    assert squad["base"] is None and squad["total"] is None and squad["priced"] == 0
    assert squad["working"] != "0" and squad["working"].startswith("not priced")
    officer = next(u for u in data["units"] if u["name"] == "Lt A")
    assert officer["base"] == 5 and officer["working"] == "5"  # a priced one as before


BOUNCE = """\
ruleset: bounce-into-action
name: Club table
points_limit: 100
points_table: {name: Club}
stands:
  - {name: Squads, count: 3, training: trained, experience: novice, equipment: assault-rifles, weapon: rifles,
     people: 8}
  - {name: Levy, count: 2, training: recruits, experience: raw, equipment: assault-rifles, weapon: rifles, people: 30}
"""


def test_one_count_of_what_is_not_priced():
    # the table prices nothing: two lines of findings ('rifles', 'assault-rifles'), each missing for five stands
    rep = report(BOUNCE)
    f = only(rep, "BIA-PRICES-MISSING")
    words = rep.valuation.total_words(100)
    counted = words.split("(")[-1].split(" not priced")[0]
    assert f"{counted} item(s)" in f.message, (f.message, words)


def test_what_the_text_prices_nowhere_says_it_stands_outside_the_limit():
    # S.M.L.E. Unit Points Costs price no vehicle: the limit is checked without it, and the finding says so
    from conftest import BASE

    text = BASE.replace("      - name: Rifles\n", "      - name: Rifles\n        vehicle: {name: Willys, type: jeep}\n")
    rep = report(text)
    f = only(rep, "SMLE-UNPRICED")
    assert (
        f.severity == "info" and "prices it nowhere" in f.message and "points_limit is checked without it" in f.message
    )
    assert rep.legal(strict=True)
    unlimited = report(text.replace("points_limit: 100\n", ""))
    assert (
        only(unlimited, "SMLE-UNPRICED").message == "not priced: vehicle Willys: the text prints no cost for vehicles"
    )
