"""Gaps the mutation sample of seed 6161 found in the core (issue 40): each test fails on the mutant it names."""

from __future__ import annotations

import yaml
from test_edit import SECTION, editor

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
