"""The builder's catalogue (issue 27): every ruleset's entries are the text's own units, each added to its starter
at a place of its kind breaks no rule (but those its note names), and is priced as the commands price it (what it
adds to its unit); the lists and mappings an entry needs are made."""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import ruleset_testing

from listgen import rulesets
from listgen.commands.new import starter_list
from listgen.commands.schema import schema
from listgen.core.catalogue import _cost, offers
from listgen.core.edit import Editor, starter_examples
from listgen.core.validate import ListReport, check_text
from listgen.core.value import UnitCost, Valuation
from listgen.web.form import Many, build_form


def places(part, out: dict) -> dict:
    if isinstance(part, Many):
        out.setdefault(part.item, part.path)
        for item in part.items:
            places(item, out)
    for sub in getattr(part, "fields", None) or []:
        places(sub, out)
    return out


@pytest.mark.parametrize("slug", rulesets.slugs())
def test_each_entry_fits_its_place_in_the_starter(slug):
    text, sch = starter_list(slug), schema(slug)
    starter = starter_examples(sch, text)
    where = places(build_form(sch, check_text(text, "s.yaml"))[0], {})
    entries = rulesets.get(slug).catalogue()
    assert entries, f"{slug} gives no catalogue"
    for entry in entries:
        assert entry.kind in where, f"{slug}: the starter has no place for a {entry.kind}"
        (offer,) = offers([entry], text, where[entry.kind], sch, starter)
        codes = {p.split(":")[0] for p in offer.problems}
        expected = ruleset_testing(slug).CATALOGUE_PROBLEMS  # entries a starter cannot take as they are, by the package
        assert codes == ({expected[entry.name]} if entry.name in expected else set()), (
            entry.name,
            offer.problems,
        )
        assert offer.cost, entry.name
        assert entry.source, entry.name  # every entry says where the text describes it


def test_smle_costs_are_the_texts():
    """SMLE Unit Points Costs: 12 a team, 6 a section leader; Force Multipliers: better weapons x1.5, heavy x2."""
    text, sch = starter_list("smle"), schema("smle")
    got = {
        o.entry.name: o.cost
        for o in offers(
            rulesets.get("smle").catalogue(), text, ("platoons", 0, "support_teams"), sch, starter_examples(sch, text)
        )
    }
    assert got["Rifle group: 4 riflemen"] == "12 points"
    assert got["Machine-gun team: a GPMG (Vickers, MG42, .30 cal) and two crew"] == "18 points"  # 1D+1: x1.5
    assert got["Light mortar team: a 2-inch mortar and a rifleman"] == "24 points"  # 2D: x2
    # a section where a team goes does not read as a team (the page offers each place its own kind only)
    section = "British infantry section: leader, two rifle groups and a Bren team (the text's example)"
    assert got[section] == "not priced: the list does not read"


def test_an_offer_names_the_errors_it_would_make_not_the_warnings():
    """Six veterans make a legal team (2 to 6 figures) the text would have of 2-3 (a warning, SMLE-TEAM-SIZE-QUALITY):
    offered, it is priced with no problem named; seven (an error, SMLE-TEAM-SIZE) name theirs."""
    from listgen.core.catalogue import Entry

    text, sch = starter_list("smle"), schema("smle")
    six = Entry(
        "Six veterans", "Team", {"name": "Vets", "quality": "veteran", "figures": [{"count": 6, "weapon": "rifle"}]}
    )
    seven = Entry("Seven", "Team", {"name": "Vets", "quality": "veteran", "figures": [{"count": 7, "weapon": "rifle"}]})
    place = ("platoons", 0, "support_teams")
    warned, broken = offers([six, seven], text, place, sch, starter_examples(sch, text))
    after = Editor(text, sch, starter_examples(sch, text)).apply("insert", place, warned.value)
    codes = {f.code for f in check_text(after, "x.yaml").findings if f.severity == "warning"}
    assert "SMLE-TEAM-SIZE-QUALITY" in codes and warned.problems == ()
    assert [p.split(":")[0] for p in broken.problems] == ["SMLE-TEAM-SIZE"]


def test_an_unpriced_offer_says_why_of_itself_not_of_the_list():
    """Sol Prime prints no prices: each stand offered is 'not priced' for its own reason, naming itself (the
    starter's other stands are not priced either, and must not lend it theirs)."""
    text, sch = starter_list("sol-prime"), schema("sol-prime")
    entries = rulesets.get("sol-prime").catalogue()[:3]
    for offer in offers(entries, text, ("platoons", 0, "stands"), sch, starter_examples(sch, text)):
        name = offer.entry.data["name"]
        assert offer.cost.startswith("not priced: ") and name in offer.cost, (offer.entry.name, offer.cost)


def _offers_by_editing(entries, text, path, sch, starter):
    """The oracle: each entry inserted into the list's text by the page's own edit, the text read and checked
    again (how the catalogue priced entries before it priced a copy of the parsed list)."""
    import json

    from listgen.core.catalogue import _cost
    from listgen.core.exceptions import EditError, InputError

    before = check_text(text, "<catalogue>")
    was = before.valuation.total if before.valuation is not None and not before.valuation.unknown else None
    out: list[tuple[str, tuple]] = []
    for entry in entries:
        value = json.dumps(entry.data, ensure_ascii=False, separators=(",", ":"))
        try:
            after = Editor(text, sch, starter).apply("insert", path, value)
        except (EditError, InputError):
            out.append(("cannot go here", ()))
            continue
        report = check_text(after, "<catalogue>")
        here = report.document.data
        for key in path:
            here = here[key]
        where = tuple(path) + (len(here) - 1,)
        problems = tuple(
            f"{f.code}: {f.message}"
            for f in report.findings
            if f.severity == "error" and tuple(f.path[: len(where)]) == where
        )
        out.append((_cost(report, where, was), problems))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("slug", rulesets.slugs())
def test_pricing_a_copy_of_the_list_gives_what_editing_its_text_gives(slug):
    """Issue 39: every entry at every place of the starter and of each example list of the ruleset: the same cost
    and the same problems as inserting it into the text and reading it again."""
    from conftest import ARMIES

    texts = [starter_list(slug)] + [p.read_text(encoding="utf-8") for p in sorted(ARMIES.glob(f"{slug}-*.yaml"))]
    sch = schema(slug)
    compared = 0
    for text in texts:
        starter = starter_examples(sch, text)
        where = places(build_form(sch, check_text(text, "s.yaml"))[0], {})
        for kind, path in where.items():
            entries = [e for e in rulesets.get(slug).catalogue() if e.kind == kind]
            got = [(o.cost if not o.cost.startswith("cannot go here") else "cannot go here", o.problems)
                   for o in offers(entries, text, path, sch, starter)]  # fmt: skip
            assert got == _offers_by_editing(entries, text, path, sch, starter), (slug, kind, path)
            compared += len(entries)
    assert compared >= 5


def test_noonday_catalogue_units_say_what_their_rifles_shoot_as():
    """Issue 42: a unit added from the catalogue fires on the matchup sheet (a line with no fires_as does not)."""
    from listgen.rulesets.noonday_sun import odds as noonday_odds

    text, sch = starter_list("noonday-sun"), schema("noonday-sun")
    gun = next(e for e in rulesets.get("noonday-sun").catalogue() if e.name.startswith("Machine-gun unit"))
    assert all(f.get("fires_as") == "rifle" for f in gun.data["figures"] if f["weapon"] == "rifle")
    after = Editor(text, sch, starter_examples(sch, text)).apply(
        "insert",
        ("groups", 0, "units"),
        offers([gun], text, ("groups", 0, "units"), sch, starter_examples(sch, text))[0].value,
    )
    army = check_text(after, "x.yaml").army
    assert any(f.unit.endswith("Machine-gun unit") for f in noonday_odds._firers(army))


# --- what an entry adds, and where it goes ----------------------------------------------------------------------


def test_an_entry_that_adds_one_point_to_its_unit_says_plus_one():
    # the catalogue prices a line of men or a support weapon by what it adds to the unit holding it
    valuation = Valuation("printed points", "points", "printed")
    valuation.units.append(UnitCost(("teams", 0), "Rifles", "team", 11))
    report = ListReport("<catalogue>")
    report.valuation = valuation
    assert _cost(report, ("teams", 0, "figures", 2), Fraction(10)) == "+1 points to its unit"
    assert _cost(report, ("teams", 0, "figures", 2), Fraction(12)) == "-1 points to its unit"


def test_the_catalogue_makes_the_mappings_that_hold_a_new_list():
    # an entry offered for a list two levels down that the list has not got: the mapping above it and the list
    # are made, as the page's insert makes them (mutant: the kind of holder read from two keys on)
    from listgen.core.catalogue import _list_at

    data: dict = {"name": "S"}
    assert _list_at(data, ("a", "b")) == [] and data == {"name": "S", "a": {"b": []}}
    data = {}
    assert _list_at(data, ("a",)) == [] and data == {"a": []}


def test_each_offer_is_priced_as_if_alone_and_the_list_is_never_changed():
    # offers adds each entry to a copy made only along the entry's path, the rest of the list's values shared: an
    # entry never sees the one offered before it (red when the list it joins is not copied), and the values the
    # copy shares are left as they were (red when what holds the new list is changed in place)
    from listgen.core.catalogue import _list_at

    text, sch = starter_list("smle"), schema("smle")
    starter = starter_examples(sch, text)
    entries = list(rulesets.get("smle").catalogue())
    at = ("platoons", 0, "sections", 0, "teams")
    together = offers(entries, text, at, sch, starter)
    alone = [offers([entry], text, at, sch, starter)[0] for entry in entries]
    assert together == alone

    original: dict = {"platoons": [{"sections": [{"teams": [{"name": "A"}]}]}], "name": "L"}
    copy = dict(original)
    _list_at(copy, at).append({"name": "B"})
    assert original == {"platoons": [{"sections": [{"teams": [{"name": "A"}]}]}], "name": "L"}
    assert copy["platoons"][0]["sections"][0]["teams"] == [{"name": "A"}, {"name": "B"}]
