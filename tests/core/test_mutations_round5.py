"""Gaps the mutation samples of seeds 6161, 7070, 8181, 9191 and 1212 found in the core (issue 40): each test fails on the mutant it names."""

from __future__ import annotations

import yaml
from test_edit import ARMIES, SECTION, editor

from listgen.core.edit import blank, splice


def test_lines_ruamel_leaves_out_are_kept_where_the_user_wrote_them():
    # a line of the user's that ruamel's writing lacks, inside the list or at its end, stays where it stood
    # when a later line changes (mutants: emitted only when reached, and the last stretch left out)
    inside = splice("a: 1\n# kept\nb: 2\nc: 3\n", "a: 1\nb: 2\nc: 3\n", "a: 1\nb: 2\nc: 4\n")
    assert inside == "a: 1\n# kept\nb: 2\nc: 4\n"
    at_end = splice("a: 1\nb: 2\n# end\n", "a: 1\nb: 2\n", "a: 5\nb: 2\n")
    assert at_end == "a: 5\nb: 2\n# end\n"


def test_a_changed_entry_leaves_its_neighbours_as_the_user_wrote_them():
    # the user spaced each entry otherwise than ruamel: each entry is a stretch of its own, so changing B takes
    # B's line from ruamel and leaves A's and C's as written, the next entry found on the very next line
    user = "x: 1\nt:\n- {name: A,  c: 1}\n- {name: B,  c: 2}\n- {name: C,  c: 3}\n"
    ours = "x: 1\nt:\n- {name: A, c: 1}\n- {name: B, c: 2}\n- {name: C, c: 3}\n"
    new = "x: 1\nt:\n- {name: A, c: 1}\n- {name: B, c: 9}\n- {name: C, c: 3}\n"
    assert splice(user, ours, new) == "x: 1\nt:\n- {name: A,  c: 1}\n- {name: B, c: 9}\n- {name: C,  c: 3}\n"


def test_a_long_text_added_stays_on_one_line():
    # the page writes what the user typed on one line, however long (the model then says it is too long):
    # 4,200 characters is past the 4,096 ruamel folded at before
    long = ("ab " * 2000)[:4200].strip()
    text = editor(SECTION).apply("set", ["notes"], long)
    assert yaml.safe_load(text)["notes"] == long
    assert any(line.endswith(long) for line in text.splitlines())


def test_a_new_part_is_the_starters_own_example_of_its_kind():
    # '#/$defs/Team': the kind is the name after the last '/'
    starter = {"Team": {"name": "Starter team", "quality": "trained"}}
    made = blank({}, {"$ref": "#/$defs/Team"}, starter)
    assert made == starter["Team"] and made is not starter["Team"]


# --- seed 7070 ---


def test_a_group_priced_in_two_parts_has_a_subtotal_and_one_in_one_part_has_none():
    from listgen.core.force import Node
    from listgen.core.value import UnitCost, subtotals

    def cost(path, points):
        return UnitCost(path, "x", "team", points)

    team = Node(("platoons", 0, "teams", 0), "Team", "teams", "T", None, (), (cost(("platoons", 0, "teams", 0), 7),))
    two = Node(("platoons", 0), "Platoon", "platoons", "1 Platoon", None, (team,), (cost(("platoons", 0), 5),))
    one = Node(("platoons", 1), "Platoon", "platoons", "2 Platoon", None, (), (cost(("platoons", 1), 9),))
    force = Node((), "List", "", "", None, (two, one))
    assert subtotals(force, "points") == [(("platoons", 0), "1 Platoon", "12 points")]


def test_the_units_left_out_of_a_matchup_are_named_three_and_how_many_more():
    from listgen.core.matchup import Firer, _first_of

    def left_out(n: int) -> str:
        items = [Firer(f"U{i}", f"weapon {i}", i) for i in range(n + 1)]  # one kind kept, n left out
        return _first_of(items, 1, "firer")[1]

    assert "(U1, U2, U3)" in left_out(3)
    assert "(U1, U2, U3 and 1 more)" in left_out(4)


def test_a_schema_reference_keeps_its_own_words_over_the_definitions():
    from listgen.core.edit import resolve

    schema = {"$defs": {"Team": {"title": "Team", "description": "a team", "type": "object"}}}
    resolved = resolve(schema, {"$ref": "#/$defs/Team", "description": "the platoon's own"})
    assert resolved == {"title": "Team", "description": "the platoon's own", "type": "object"}


def test_an_edit_below_a_value_names_the_value_that_is_no_mapping():
    import pytest

    from listgen.core.exceptions import EditError

    with pytest.raises(EditError, match=r"^'name' is not a mapping$"):
        editor(SECTION).apply("set", ["name", "x"], "1")


# --- seed 8181 ---


def test_the_page_keeps_an_edits_state_for_a_text_at_its_limit_and_not_past_it():
    from listgen.core.edit import Editor

    at, past = "a" * Editor.KEEP_TEXT, "b" * (Editor.KEEP_TEXT + 1)
    try:
        Editor._keep(at, (None, None, None))
        Editor._keep(past, (None, None, None))
        assert at in Editor._after and past not in Editor._after
    finally:
        Editor._after.pop(at, None)
        Editor._after.pop(past, None)


# --- seed 9191 ---


def test_an_entry_is_added_to_a_list_the_text_has_not_got_yet():
    # the page's add on a list the text lacks makes the list, then adds the starter's entry to it, at the top
    # level and inside an entry (mutant: the new list looked up under the key above it)
    top = yaml.safe_load(editor("ruleset: smle\nname: S\n").apply("add", ("sections",)))
    assert [s["name"] for s in top["sections"]] == ["1 Section"]
    inside = yaml.safe_load(
        editor("ruleset: smle\nname: S\nsections:\n  - name: A\n").apply("add", ("sections", 0, "teams"))
    )
    assert [t["name"] for t in inside["sections"][0]["teams"]] == ["Platoon HQ"]


def test_the_catalogue_makes_the_mappings_that_hold_a_new_list():
    # an entry offered for a list two levels down that the list has not got: the mapping above it and the list
    # are made, as the page's insert makes them (mutant: the kind of holder read from two keys on)
    from listgen.core.catalogue import _list_at

    data: dict = {"name": "S"}
    assert _list_at(data, ("a", "b")) == [] and data == {"name": "S", "a": {"b": []}}
    data = {}
    assert _list_at(data, ("a",)) == [] and data == {"a": []}


def test_a_named_entry_is_added_to_a_table_the_text_has_not_got_yet():
    # Close Action's own costs: adding a price for 'veteran' to a points_table the US list lacks makes the table and
    # its 'quality' mapping, holding the one new name (mutant: the new mapping looked up under the key above it)
    text = next(p for p in ARMIES if p.stem == "close-action-us-rifle-squads").read_text(encoding="utf-8")
    added = yaml.safe_load(editor(text).apply("add", ("points_table", "quality"), "veteran"))
    assert "points_table" not in yaml.safe_load(text)
    assert list(added["points_table"]) == ["quality"] and list(added["points_table"]["quality"]) == ["veteran"]


# --- seed 1212 ---


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
