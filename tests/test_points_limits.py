"""Every ruleset holds a force to its points_limit the same way: a list exactly at the limit is legal, one
point (or die, or expected hit) over it is not. '>' against '>=' matters here, nowhere else."""

from fractions import Fraction

import pytest
import yaml
from conftest import ARMIES

from listgen.rulesets import get, slugs
from listgen.validate import check_text

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


def examples():
    """(path, list data, total) for each example, with the house table where its own value will not do."""
    out = []
    for path in sorted(ARMIES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data.pop("points_limit", None)
        total = priced(data)
        if total is None and "points_table" in get(data["ruleset"]).army_model.fields():
            data["points_table"] = {**HOUSE, "items": {}}
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
