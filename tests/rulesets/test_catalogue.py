"""The builder's catalogue (issue 27): every ruleset's entries are the text's own units, each added to its starter
at a place of its kind breaks no rule (but those its note names), and is priced as the commands price it."""

from __future__ import annotations

import pytest

from listgen import rulesets
from listgen.catalogue import offers
from listgen.commands.new import starter_list
from listgen.commands.schema import schema
from listgen.edit import Editor, starter_examples
from listgen.form import Many, build_form
from listgen.validate import check_text

# entries a starter cannot take as they are, and the rule their note tells the player about
EXPECTED = {
    ("close-action", 'Mortar (6" blast zone)'): "CA-MORTAR-SPOTTER",  # "Nominate its spotter"
    ("sol-prime", "Powersuit infantry (armour 2)"): "SP-TECH",  # "Needs Plasma technology"
}


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
        assert codes == ({EXPECTED[(slug, entry.name)]} if (slug, entry.name) in EXPECTED else set()), (
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
    """Noonday's unit outside any group is a warning (5. Groups: 'should be grouped'): offered at the list's own
    units it is priced with no problem named; an error at its place is named."""
    text, sch = starter_list("noonday-sun"), schema("noonday-sun")
    entries = rulesets.get("noonday-sun").catalogue()
    unit = next(e for e in entries if e.kind == "Unit")
    (offer,) = offers([unit], text, ("units",), sch, starter_examples(sch, text))
    after = Editor(text, sch, starter_examples(sch, text)).apply("insert", ("units",), offer.value)
    warned = [f for f in check_text(after, "x.yaml").findings if f.severity == "warning" and f.path[:1] == ("units",)]
    assert warned and offer.problems == ()


def test_an_entry_added_is_named_afresh_and_keeps_the_users_text():
    text = starter_list("smle")
    sch = schema("smle")
    rifle = next(e for e in rulesets.get("smle").catalogue("Team") if e.name.startswith("Rifle group"))
    (offer,) = offers([rifle], text, ("platoons", 0, "support_teams"), sch, starter_examples(sch, text))
    once = Editor(text, sch, starter_examples(sch, text)).apply("insert", ("platoons", 0, "support_teams"), offer.value)
    twice = Editor(once, sch, starter_examples(sch, once)).apply(
        "insert", ("platoons", 0, "support_teams"), offer.value
    )
    assert "- name: Rifle group\n" in twice and "- name: Rifle group 2\n" in twice
    assert [line for line in text.splitlines() if line.lstrip().startswith("#")] == [
        line for line in twice.splitlines() if line.lstrip().startswith("#")
    ]
