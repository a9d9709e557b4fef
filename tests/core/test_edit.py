"""The page's edits to a list's text (listgen.core.edit): one value changes, everything else of the user's stays;
what is added is indented as the file is, a new part is the starter's, a list or table the text lacks is made."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml
from conftest import recording

from listgen.commands.new import starter_list
from listgen.commands.schema import schema
from listgen.core.edit import Editor, _scalar_end, blank, indentation, splice, starter_examples, walk_paths
from listgen.core.exceptions import EditError

ARMIES = sorted((Path(__file__).resolve().parents[2] / "armies").glob("*.yaml"))


def editor(text: str) -> Editor:
    slug = yaml.safe_load(text)["ruleset"]
    return Editor(text, schema(slug), starter_examples(schema(slug), starter_list(slug)))


def at(data, path):
    for key in path:
        data = data[key]
    return data


def scalars(data):
    return [p for p in walk_paths(data) if p and not isinstance(at(data, p), (dict, list))]


@pytest.mark.parametrize("path", ARMIES, ids=lambda p: p.stem)
def test_changing_one_value_changes_that_value_only(path):
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    for where in [p for p in scalars(data) if isinstance(at(data, p), int) and not isinstance(at(data, p), bool)][:3]:
        new = editor(text).apply("set", where, str(at(data, where) + 1))
        expected = copy.deepcopy(data)
        holder = at(expected, where[:-1])
        holder[where[-1]] += 1
        assert yaml.safe_load(new) == expected, where
        kept = [line for line in text.splitlines() if line.lstrip().startswith("#")]
        assert all(line in new.splitlines() for line in kept)  # every comment line, as written
        changed = [a for a, b in zip(text.splitlines(), new.splitlines()) if a != b]
        assert len(text.splitlines()) - len(new.splitlines()) <= 2 * len(changed) + 2


@pytest.mark.parametrize("path", ARMIES, ids=lambda p: p.stem)
def test_setting_a_value_to_itself_changes_nothing(path):
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    for where in scalars(data)[:6]:
        value = at(data, where)
        if isinstance(value, bool) or where[-1] == "ruleset":
            continue
        assert editor(text).apply("set", where, str(value)) == text, where


SECTION = """\
# comment at the top
ruleset: smle
name: S   # after the name
sections:
  - name: A
    teams:
      - name: Bren   # the gun group
        quality: trained
        figures:
          - {count: 1, weapon: lmg}
          - {count: 2, weapon: rifle}
      - name: Rifles
        quality: trained
        figures:
          - {count: 4, weapon: rifle}
"""


def test_add_remove_duplicate_move():
    e = editor(SECTION)
    added = yaml.safe_load(e.apply("add", ("sections", 0, "teams")))["sections"][0]["teams"]
    assert len(added) == 3 and added[2]["name"] not in ("Bren", "Rifles")  # a name of its own
    # a whole section copied: it and each of its teams get names of their own
    text = editor(SECTION).apply("duplicate", ("sections", 0))
    names = [p for p in walk_paths(yaml.safe_load(text)) if p[-1:] == ("name",)]
    values = [at(yaml.safe_load(text), p) for p in names]
    assert len(values) == len(set(values)) == 7 and "Bren 2" in values and "A 2" in values
    dup = editor(SECTION).apply("duplicate", ("sections", 0, "teams", 0))
    teams = yaml.safe_load(dup)["sections"][0]["teams"]
    assert [t["name"] for t in teams] == ["Bren", "Bren 2", "Rifles"]
    assert "# the gun group" in dup
    moved = yaml.safe_load(editor(SECTION).apply("move", ("sections", 0, "teams", 1), "up"))
    assert [t["name"] for t in moved["sections"][0]["teams"]] == ["Rifles", "Bren"]
    removed = editor(SECTION).apply("remove", ("sections", 0, "teams", 0))
    assert [t["name"] for t in yaml.safe_load(removed)["sections"][0]["teams"]] == ["Rifles"]
    assert removed.startswith("# comment at the top\n") and "name: S   # after the name" in removed


def test_an_optional_part_is_added_where_the_schema_orders_it_and_taken_away_whole():
    text = editor(SECTION).apply("add", ("sections", 0, "leader"))
    section = yaml.safe_load(text)["sections"][0]
    assert list(section) == ["name", "leader", "teams"]  # the schema's order: name, leader, teams
    assert set(section["leader"]) >= {"name", "quality"}  # what the schema requires
    assert yaml.safe_load(editor(text).apply("remove", ("sections", 0, "leader")))["sections"][0].keys() == {
        "name",
        "teams",
    }


def test_values_are_read_as_the_schema_types_them():
    e = editor(SECTION)
    data = yaml.safe_load(e.apply("set", ("sections", 0, "teams", 0, "grenades"), "3"))
    assert data["sections"][0]["teams"][0]["grenades"] == 3
    data = yaml.safe_load(editor(SECTION).apply("set", ("sections", 0, "teams", 0, "in_prepared_position"), "true"))
    assert data["sections"][0]["teams"][0]["in_prepared_position"] is True
    # a word where a number belongs is kept as typed, for validation to name
    data = yaml.safe_load(editor(SECTION).apply("set", ("sections", 0, "teams", 0, "grenades"), "three"))
    assert data["sections"][0]["teams"][0]["grenades"] == "three"
    # emptied optional values leave the list; a required one stays, empty, for validation to name
    text = editor(SECTION).apply("set", ("sections", 0, "teams", 0, "grenades"), "3")
    data = yaml.safe_load(editor(text).apply("set", ("sections", 0, "teams", 0, "grenades"), ""))
    assert "grenades" not in data["sections"][0]["teams"][0]
    assert yaml.safe_load(editor(SECTION).apply("set", ("name",), ""))["name"] == ""


def test_a_word_is_added_to_a_list_of_words():
    text = editor(SECTION).apply("add", ("sections", 0, "teams", 0, "vehicle"))
    text = editor(text).apply("set", ("sections", 0, "teams", 0, "vehicle", "weapons", 0), "hmg")
    assert yaml.safe_load(text)["sections"][0]["teams"][0]["vehicle"]["weapons"] == ["hmg"]


def test_edits_that_do_not_fit_are_refused():
    for op, path in [
        ("remove", ("sections", 3)),
        ("set", ("sections", 0, "teams", 7, "name")),
        ("move", ("name",)),
        ("explode", ("name",)),
        ("set", ()),
    ]:
        with pytest.raises(EditError):
            editor(SECTION).apply(op, path, "x")


def test_text_listgen_would_refuse_is_never_handed_to_ruamel():
    from listgen.core.exceptions import InputError

    bomb = "a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" + "".join(
        f"c{i}: &c{i} [{', '.join(['*b' if i == 0 else f'*c{i - 1}'] * 9)}]\n" for i in range(6)
    )
    with pytest.raises(InputError):
        Editor("ruleset: smle\n" + bomb, schema("smle"))


def test_splice_keeps_a_mapping_the_user_broke_over_lines_unless_it_is_the_one_changed():
    user = "a: {x: 1,\n    y: 2}\nb: {x: 1,\n    y: 2}\nc: 3\n"
    before = "a: {x: 1, y: 2}\nb: {x: 1, y: 2}\nc: 3\n"
    assert splice(user, before, "a: {x: 1, y: 2}\nb: {x: 1, y: 2}\nc: 4\n") == user.replace("c: 3", "c: 4")
    changed = splice(user, before, "a: {x: 1, y: 2}\nb: {x: 5, y: 2}\nc: 3\n")
    assert yaml.safe_load(changed) == {"a": {"x": 1, "y": 2}, "b": {"x": 5, "y": 2}, "c": 3}
    assert changed.startswith("a: {x: 1,\n    y: 2}\n")  # the untouched mapping, as the user wrote it


@pytest.mark.slow
@pytest.mark.parametrize("path", ARMIES, ids=lambda p: p.stem)
def test_a_value_set_in_place_reads_as_the_whole_way_would_write_it(path):
    """The quick way (the value replaced where it stands) against the whole way (ruamel writes the list and
    splice takes the changed lines), for values of every kind in every example: the same values, and the
    quick way changes that one line only."""
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    tried = 0
    for where in scalars(data):
        old = at(data, where)
        if where[-1] == "ruleset" or isinstance(old, bool) or isinstance(where[-1], int):
            continue
        new = str(old + 1) if isinstance(old, int) else f"{old} (changed: 'quoted', #1, a: b)"
        quick = editor(text).apply("set", where, new)
        whole = editor(text)
        whole.moved = None  # as after an edit that moved lines: the whole way
        slow = whole.apply("set", where, new)
        assert yaml.safe_load(quick) == yaml.safe_load(slow), where
        changed = [(a, b) for a, b in zip(text.splitlines(), quick.splitlines()) if a != b]
        assert len(quick.splitlines()) == len(text.splitlines()) and len(changed) == 1, where
        tried += 1
        if tried == 15:
            break
    assert tried >= 10


def test_two_values_on_one_line_in_turn():
    text = "ruleset: smle\nname: S\nteams:\n  - {name: A, quality: trained, figures: [{count: 2, weapon: rifle}]}\n"
    first = editor(text).apply("set", ("teams", 0, "name"), "A much longer name")
    second = editor(first).apply("set", ("teams", 0, "quality"), "veteran")  # the line moved: the whole way
    assert yaml.safe_load(second)["teams"][0] == {
        "name": "A much longer name",
        "quality": "veteran",
        "figures": [{"count": 2, "weapon": "rifle"}],
    }


# --- issue 25: every edited text reads back; the editor fuzzed -----------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        ": x",
        ":x",
        "- x",
        "? x",
        "a: b",
        "#x",
        "x #y",
        "[x]",
        "{x}",
        "*a",
        "&a x",
        "!t",
        "'q",
        '"q',
        "%x",
        "@x",
        "`x",
        "|",
        ">",
    ],
)
def test_a_value_that_yaml_reads_otherwise_is_written_so_it_reads_back(value):
    text = (Path(__file__).resolve().parents[2] / "armies" / "smle-us-armored-infantry.yaml").read_text()
    data = yaml.safe_load(text)
    where = next(p for p in walk_paths(data) if p and p[-1] == "carries") + (1,)
    new = editor(text).apply("set", where, value)
    assert at(yaml.safe_load(new), where) == value
    assert new.splitlines()[0] == text.splitlines()[0]  # the rest as written


def test_an_edit_whose_text_would_not_read_back_is_refused(monkeypatch):
    plain = Editor._set
    monkeypatch.setattr(Editor, "_set", lambda self, path, raw, quoted=False: plain(self, path, raw))  # never quoted
    text = (Path(__file__).resolve().parents[2] / "armies" / "smle-us-armored-infantry.yaml").read_text()
    where = next(p for p in walk_paths(yaml.safe_load(text)) if p and p[-1] == "carries") + (1,)
    with pytest.raises(EditError, match="reads back"):
        editor(text).apply("set", where, ": x")


def _fuzz_settings():
    from hypothesis import HealthCheck, settings

    return settings(
        max_examples=300, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
    )


@pytest.mark.slow
def test_the_editor_fuzzed_never_writes_a_text_that_does_not_read():
    """Random edits (any op, any place in an example, any text as the value): each gives a text that reads back
    as YAML holding the value set, or an EditError; never another exception."""
    from hypothesis import given
    from hypothesis import strategies as st

    texts = [p.read_text(encoding="utf-8") for p in ARMIES]
    places = [[p for p in walk_paths(yaml.safe_load(t)) if p] for t in texts]
    words = st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
        [": x", "- a", "#", "{", "[", "'", '"', "&a", "*a", "!!int 3", "null", "~", "yes", "0x10", "1e3", "-1", ""]
    )

    @_fuzz_settings()
    @given(st.data())
    def one(data):
        i = data.draw(st.integers(0, len(texts) - 1))
        op = data.draw(st.sampled_from(["set", "set", "set", "add", "remove", "duplicate", "move"]))
        where = data.draw(st.sampled_from(places[i]))
        if data.draw(st.booleans()):
            where = where + (data.draw(st.integers(0, 3) | st.text(max_size=4)),)
        value = data.draw(words)
        try:
            new = editor(texts[i]).apply(op, where, value)
        except EditError:
            return
        read = yaml.safe_load(new)
        if op == "set" and value.strip() and isinstance(read, dict):
            try:
                got = at(read, where)
            except (KeyError, IndexError, TypeError):
                return  # a value that leaves an optional key out (the default)
            if isinstance(got, str):
                assert got == value.strip()

    one()


def test_a_place_is_at_most_as_deep_as_the_loader_reads():
    from listgen.core.edit import MAX_DEPTH, place
    from listgen.core.loader import MAX_DEPTH as LOADER_DEPTH

    assert MAX_DEPTH == LOADER_DEPTH == 64
    assert len(place(["a"] * 64)) == 64
    with pytest.raises(EditError, match="at most 64"):
        place(["a"] * 65)


def test_a_key_set_where_it_ranks_first_goes_first():
    """A team written without its name (it ranks first in the schema) gets it at the top of the mapping."""
    text = (ARMIES[0].parent / "smle-german-section.yaml").read_text(encoding="utf-8")
    text = text.replace("      - name: MG-Trupp\n        quality: trained\n", "      - quality: trained\n")
    out = editor(text).apply("set", ["sections", 0, "teams", 0, "name"], "MG-Trupp")
    assert "      - name: MG-Trupp\n        quality: trained\n" in out


def test_a_value_set_before_a_comment_keeps_the_spaces_and_the_comment():
    text = "ruleset: smle\nname: Test section   # the name, with room\npoints_limit: 100\n"
    out = editor(text).apply("set", ["name"], "New name")
    assert out == "ruleset: smle\nname: New name   # the name, with room\npoints_limit: 100\n"


def test_a_catalogue_section_added_twice_is_named_from_its_place():
    """Issue 42: 'British infantry section' added twice was 'Section' and 'Section 2', its leaders 'Cpl.' and
    'Cpl. 2', its teams 'Bren team' and 'Bren team 2' (not tied to their section). Now as players name them."""
    import json

    from listgen import rulesets

    text = starter_list("smle")
    sch = schema("smle")
    section = next(e for e in rulesets.get("smle").catalogue() if e.name.startswith("British infantry section"))
    for _ in range(2):
        text = Editor(text, sch, starter_examples(sch, text)).apply(
            "insert", ("platoons", 0, "sections"), json.dumps(section.data)
        )
    sections = yaml.safe_load(text)["platoons"][0]["sections"]
    n = len(sections)
    assert [s["name"] for s in sections[-2:]] == [f"{n - 1} Section", f"{n} Section"]
    assert sections[-1]["leader"]["name"] == f"Cpl. of {n} Section"
    assert [t["name"] for t in sections[-1]["teams"]] == [
        f"{n} Section First rifle group", f"{n} Section Second rifle group", f"{n} Section Bren team",
    ]  # fmt: skip
    names = [
        v for p in walk_paths(yaml.safe_load(text)) if p and p[-1] == "name" for v in [at(yaml.safe_load(text), p)]
    ]
    assert len(names) == len(set(names))  # unique in the list


def test_a_third_unit_of_a_name_is_called_3_not_4():
    """Mutation seed 8484: names are made unique as 'name 2', 'name 3'... in turn."""
    from listgen.core.edit import rename_all

    data = {"teams": [{"name": "Bren team"}, {"name": "Bren team 2"}]}
    item = {"name": "Bren team"}
    rename_all(item, data)
    assert item["name"] == "Bren team 3"


@pytest.mark.parametrize(("keys", "flow"), [(6, True), (7, False)])
def test_a_mapping_of_words_goes_on_one_line_up_to_six_keys(keys, flow):
    """Mutation seed 8484: a new entry of plain values is written as the examples are, {a: 1, b: 2} on one line,
    up to six keys; a seventh makes it a block (a line a player can still read)."""
    import io

    from ruamel.yaml import YAML

    from listgen.core.edit import _styled

    value = {f"k{i}": i for i in range(keys)}
    out = io.StringIO()
    YAML().dump({"entry": _styled(value)}, out)
    assert out.getvalue().startswith("entry: {") == flow, out.getvalue()


# --- indentation, quoting and what ruamel writes ----------------------------------------------------------------


def test_a_text_with_no_list_is_indented_as_listgens_starters_are():
    # no list under a key to copy: an entry's dash two spaces in, its keys at four ('  - name: x')
    assert indentation("ruleset: smle\nname: A force\n") == (4, 2)
    assert indentation("teams:\n- name: x\n") == (2, 0)  # a list there: its own style


def test_an_added_entry_is_indented_as_the_file_is():
    # the file indents its lists' entries by two under their key: what the editor writes for a new section does
    # too (its dash and keys, from the file's own indentation). Seed 2611's survivor, ruamel's indent of a block
    # mapping (2 -> 3), shows nowhere: the user's lines are kept, and every starter writes its mappings in flow
    text = editor(SECTION).apply("add", ("sections",))
    added = text[len(SECTION) - 1 :] if text.startswith(SECTION) else text
    assert len(yaml.safe_load(text)["sections"]) == 2
    for line in added.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        assert indent % 2 == 0, f"an odd indent in what was added: {line!r}"
    assert re.search(r"^  - name: .+\n    teams:\n      - ", text, re.M)


def test_a_quoted_value_ends_at_its_closing_quote():
    # where a value written in quotes ends on its line, past doubled quotes ('') and escapes (\"), so that a
    # value set in place replaces it whole
    line = "  name: 'Lt. O''Brien'   # the leader\n"
    assert _scalar_end(line, 8, False) == len("  name: 'Lt. O''Brien'")
    line = '  name: "Sgt \\"Dusty\\" Miller", quality: veteran}\n'
    assert _scalar_end(line, 8, True) == len('  name: "Sgt \\"Dusty\\" Miller"')
    assert _scalar_end("  name: 'open\n", 8, False) is None  # goes on to the next line: not set in place


def test_a_line_added_inside_a_mapping_the_user_wrote_otherwise_takes_the_whole_mapping_from_ruamel():
    # the user wrote 'a' in flow style over two lines; ruamel writes it as a block of three. A key added between
    # two of ruamel's lines falls inside that stretch: the stretch is ruamel's (changed), never the user's two
    # lines with the new one pushed in among them
    from listgen.core.edit import splice

    user = "a: {x: 1,\n    y: 2}\nc: 3\n"
    before = "a:\n  x: 1\n  y: 2\nc: 3\n"
    after = "a:\n  x: 1\n  z: 9\n  y: 2\nc: 3\n"
    spliced = splice(user, before, after)
    assert yaml.safe_load(spliced) == {"a": {"x": 1, "z": 9, "y": 2}, "c": 3}
    assert spliced == after


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


# --- new parts, lists and tables --------------------------------------------------------------------------------


def test_a_new_part_is_the_starters_own_example_of_its_kind():
    # '#/$defs/Team': the kind is the name after the last '/'
    starter = {"Team": {"name": "Starter team", "quality": "trained"}}
    made = blank({}, {"$ref": "#/$defs/Team"}, starter)
    assert made == starter["Team"] and made is not starter["Team"]


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


def test_an_entry_is_added_to_a_list_the_text_has_not_got_yet():
    # the page's add on a list the text lacks makes the list, then adds the starter's entry to it, at the top
    # level and inside an entry (mutant: the new list looked up under the key above it)
    top = yaml.safe_load(editor("ruleset: smle\nname: S\n").apply("add", ("sections",)))
    assert [s["name"] for s in top["sections"]] == ["1 Section"]
    inside = yaml.safe_load(
        editor("ruleset: smle\nname: S\nsections:\n  - name: A\n").apply("add", ("sections", 0, "teams"))
    )
    assert [t["name"] for t in inside["sections"][0]["teams"]] == ["Platoon HQ"]


def test_a_named_entry_is_added_to_a_table_the_text_has_not_got_yet():
    # Close Action's own costs: adding a price for 'veteran' to a points_table the US list lacks makes the table and
    # its 'quality' mapping, holding the one new name (mutant: the new mapping looked up under the key above it)
    text = next(p for p in ARMIES if p.stem == "close-action-us-rifle-squads").read_text(encoding="utf-8")
    added = yaml.safe_load(editor(text).apply("add", ("points_table", "quality"), "veteran"))
    assert "points_table" not in yaml.safe_load(text)
    assert list(added["points_table"]) == ["quality"] and list(added["points_table"]["quality"]) == ["veteran"]


def test_a_value_set_in_place_is_read_once_and_that_reading_is_its_check_s(monkeypatch):
    """A value set where it stands is read back as listgen reads every list (loader.parse), and that reading is
    kept for the check of that very text: a change is read once, not twice (in the site, PyYAML's pure-Python
    reader is most of a change's time). The kept reading serves one check of the same text, no other."""
    from listgen.core import loader
    from listgen.core.validate import check_text

    text = (ARMIES[0].parent / "smle-british-rifle-platoon.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    where = next(p for p in scalars(data) if type(at(data, p)) is int)
    fresh = editor(text).apply("set", where, str(at(data, where) + 1))
    reads: list = []
    real = loader.parse
    monkeypatch.setattr(loader, "parse", recording(reads, real, lambda _text, file="<string>": file))
    new = editor(fresh).apply("set", where, str(at(data, where) + 2))
    report = check_text(new, "list.yaml")
    assert reads == ["<edit>"]  # read by the edit alone: its reading was the check's
    assert report.document is not None and report.document.file == "list.yaml"
    again = real(new, "list.yaml")
    assert report.document.data == again.data == yaml.safe_load(new)
    assert report.document.positions == again.positions and report.document.key_positions == again.key_positions
    check_text(new, "list.yaml")
    assert reads == ["<edit>", "list.yaml"]  # once only
    editor(fresh).apply("set", where, str(at(data, where) + 3))
    check_text(fresh, "list.yaml")  # another text than the edit's: read for itself, and the kept reading let go
    check_text(new, "list.yaml")
    assert reads == ["<edit>", "list.yaml", "<edit>", "list.yaml", "list.yaml"]


def test_a_text_read_in_halves_is_edited_as_one_prepared_whole(monkeypatch):
    """Editor.read_kept then write_kept (the site, between requests) leave what prepare leaves (listgen serve, in a
    thread): an edit set in place needs the first half alone, any other edit gives the same text after either; a
    text the page's check has read (checked=True) is not read by listgen's loader again, and one never read is."""
    from listgen.core import edit, loader

    text = (ARMIES[0].parent / "smle-british-rifle-platoon.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    where = next(p for p in scalars(data) if type(at(data, p)) is int)
    reads: list = []
    monkeypatch.setattr(edit, "parse", recording(reads, loader.parse, lambda text: len(text)))
    wanted = {
        op: editor(text).apply(*args) for op, args in (("set", ("set", where, "9")), ("add", ("add", ("sections",))))
    }
    reads.clear()
    try:
        for op, args in (("set", ("set", where, "9")), ("add", ("add", ("sections",)))):
            reads.clear()
            Editor.read_kept(text, checked=True)
            assert reads == [] and Editor._after[text][1] is None  # read by ruamel alone; not written yet
            if op == "add":
                Editor.write_kept(text)
                assert Editor._after[text][1] is not None
            assert editor(text).apply(*args) == wanted[op], op
            assert text not in Editor._after  # taken by the edit
            reads.clear()  # (an edit not set in place reads what it wrote)
            Editor.prepare(text)
            assert reads == [len(text)] and Editor._after[text][1] is not None  # read by listgen's loader first
            assert editor(text).apply(*args) == wanted[op], op
        Editor.read_kept(text)
        Editor._after.pop(text)  # an edit took the reading: nothing to write
        Editor.write_kept(text)
        assert text not in Editor._after
    finally:
        Editor._after.pop(text, None)
