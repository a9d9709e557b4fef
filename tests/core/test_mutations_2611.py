"""Gaps the mutation sample of seed 2611 found (benchmarks/mutants.py): each test fails on its mutant."""

from __future__ import annotations

import re

import yaml
from test_edit import SECTION, editor

from listgen.core import matchup
from listgen.core.edit import _scalar_end


def test_alike_targets_are_named_two_and_how_many_more():
    # a matchup's row or column for units alike: 'A, B: what', and past two 'A, B and N more: what'
    def named(*units):
        return [label for label, _profile in matchup._alike([matchup.Target(u, "trained", ("x",)) for u in units])]

    assert named("Able", "Baker") == ["Able, Baker: trained"]
    assert named("Able", "Baker", "Charlie") == ["Able, Baker and 1 more: trained"]
    assert named("Able", "Baker", "Charlie", "Dog") == ["Able, Baker and 2 more: trained"]


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
