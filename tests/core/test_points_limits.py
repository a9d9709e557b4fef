"""Every ruleset holds a force to its points_limit the same way: a list exactly at the limit is legal, one
point (or die, or expected hit) over it is not. '>' against '>=' matters here, nowhere else."""

from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from conftest import ARMIES

from listgen.core.validate import check_text
from listgen.rulesets import get, slugs

# A house table that prices every unit, figure and leader, for examples whose own value is a fraction
# (Bounce's expected hits) or is missing from the text (Sol Prime without a table).
HOUSE = {"name": "Test house costs", "unit": 5, "figure": 1, "leader": 3}


def priced(data: dict):
    """The list's total when it can be held to a limit and is a whole number, else None."""
    report = check_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "x.yaml")
    total = report.valuation.total if report.valuation else None
    if report.legal() and total and Fraction(total).denominator == 1 and not report.valuation.incomplete:
        return int(total)
    return None


def unpriced_items(data: dict) -> set:
    """The items a house table with no items leaves out ('prices no item 'X'')."""
    import re

    data = {**data, "points_table": {**HOUSE, "items": {}}}
    report = check_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "x.yaml")
    return {m for _p, text in report.valuation.unpriced for m in re.findall(r"prices no item '([^']+)'", text)}


def examples():
    """(path, list data, total) for each example, with the house table where its own value will not do; a ruleset
    with no example in armies/ (one that is its package alone) gives its starter."""
    from listgen.commands.new import starter_list

    sources = {path: path.read_text(encoding="utf-8") for path in sorted(ARMIES.glob("*.yaml"))}
    named = {yaml.safe_load(text).get("ruleset") for text in sources.values()}
    sources |= {Path(f"{slug}-starter.yaml"): starter_list(slug) for slug in slugs() if slug not in named}
    out = []
    for path, text in sources.items():
        data = yaml.safe_load(text)
        data.pop("points_limit", None)
        total = priced(data)
        if total is None and "points_table" in get(data["ruleset"]).army_model.fields():
            # every item the house table leaves out priced at 1: 'at least N' with anything not priced passes no
            # limit (issue 51), so the list held to its limit is priced whole
            data["points_table"] = {**HOUSE, "items": {item: 1 for item in unpriced_items(data)}}
            total = priced(data)
        if total is not None:
            out.append((path, data, total))
    return out


EXAMPLES = examples()


def test_every_ruleset_has_an_example_to_check():
    assert {data["ruleset"] for _path, data, _total in EXAMPLES} == set(slugs())


@pytest.mark.parametrize("path,data,total", EXAMPLES, ids=[p.name for p, _d, _t in EXAMPLES])
def test_at_the_limit_and_one_past(path, data, total):
    code = f"{get(data['ruleset']).code}-POINTS-LIMIT"
    for limit, legal in ((total, True), (total - 1, False)):
        data["points_limit"] = limit
        report = check_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), path.name)
        assert (code in [f.code for f in report.errors]) is not legal, (limit, [f.message for f in report.errors])
        assert report.legal() is legal


# --- issue 24: a points table that prices nothing; unknown is unknown everywhere ---------------------------------

EMPTY_TABLE = """\
ruleset: close-action
name: Empty table
points_limit: 10
points_table: {name: Club}
officers:
  - {name: Lt A}
squads:
  - name: S1
    grade: veteran
    leader: {name: Sgt B, weapon: rifle}
    men:
      - {count: 8, weapon: rifle}
"""


def test_a_points_table_that_prices_nothing_is_no_total_and_no_pass():
    from conftest import report

    rep = report(EMPTY_TABLE)
    assert rep.points is None and rep.valuation.unknown
    assert not rep.legal() and any(f.code == "CA-PRICES-MISSING" for f in rep.errors)  # no limit can be checked
    said = {text for _path, text in rep.valuation.unpriced}
    assert any("prices no units" in t and "S1" in t for t in said) and any("prices no leaders" in t for t in said)


def test_a_table_pricing_leaders_only_leaves_the_squads_not_priced_and_the_sum_partial():
    from conftest import report

    rep = report(EMPTY_TABLE.replace("{name: Club}", "{name: Club, leader: 4}"))
    assert rep.valuation.partial and rep.points == 4
    assert rep.valuation.total_words(10) == "at least 4 of 10 points (1 not priced)"
    explicit = report(EMPTY_TABLE.replace("{name: Club}", "{name: Club, leader: 4, unit: 0}"))  # 0 is a price: free
    assert not explicit.valuation.unpriced and explicit.valuation.total_words(10) == "4 of 10 points"


def test_an_unknown_total_is_unknown_in_every_output(invoke, write):
    import json

    path = write(EMPTY_TABLE)
    assert json.loads(invoke("validate", path, "--format", "json").stdout)["points"] is None
    priced = json.loads(invoke("points", path, "--format", "json").stdout)
    assert priced["total"] is None and priced["partial"] is False
    points = invoke("points", path).stdout
    assert "Total  points unknown" in points and "0 of 10" not in points and "Subtotal" not in points
    assert "points unknown" in invoke("validate", path).stdout
    for fmt in ("txt", "md"):
        exported = invoke("export", path, "--format", fmt).stdout
        assert "points unknown" in exported and " 0 of 10" not in exported
    from listgen.core.roster import points_line
    from listgen.core.validate import check_file

    valuation = check_file(str(path)).valuation
    assert valuation is not None and points_line(valuation, 10).startswith("points unknown")


def test_a_working_adds_an_extra_of_0_and_takes_away_a_negative_one():
    from listgen.core.value import UnitCost

    assert UnitCost((), "A", "unit", 5, [], [("green x9", 0)]).working() == "5 + 0 (green x9)"
    assert UnitCost((), "A", "unit", 5, [], [("served", -2)]).working() == "5 - 2 (served)"
