"""Gaps the mutation samples of seeds 2611, 3737 and 4848 found (benchmarks/mutants.py): each test fails on its
mutant."""

from __future__ import annotations

import re
from pathlib import Path

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


def test_the_loaders_limits_are_the_ones_the_manual_gives():
    # docs/list-format.md, "Limits": the tests at and past each limit read the constants; this holds the
    # constants to what a user is told (seed 3737: MAX_NODES moved by one went unseen)
    from listgen.core import loader

    manual = (Path(__file__).resolve().parents[2] / "docs" / "list-format.md").read_text(encoding="utf-8")
    said = manual[manual.index("## Limits") :]
    figures = [int(n.replace(",", "")) for n in re.findall(r"at most ([\d,]+)", said)]
    assert "1 MiB (1,048,576 bytes)" in said and loader.MAX_BYTES == 1_048_576
    assert figures[1:] == [loader.MAX_NODES, loader.MAX_DEPTH, loader.MAX_NUMBER_CHARS] == [50_000, 64, 100]


def test_a_count_is_summed_up_as_at_least_one_two_and_three():
    # a hit table of counts answers what players ask: at least one, two, three (JSON keys and CSV columns); the
    # chances here by hand for two dice each hitting on a 50/50 and a third on one in four
    from fractions import Fraction

    from listgen.core import odds

    counts = {0: Fraction(3, 16), 1: Fraction(7, 16), 2: Fraction(5, 16), 3: Fraction(1, 16)}
    summary = odds.count_summary(counts)
    assert [k for k in summary if k.startswith("at_least")] == ["at_least_1", "at_least_2", "at_least_3"]
    assert [summary[f"at_least_{n}"] for n in (1, 2, 3)] == ["13/16", "3/8", "1/16"]
    assert odds.shown_at_least(counts) == (1, 2, 3) and odds.shown_at_least({0: Fraction(1, 2), 1: Fraction(1, 2)}) == (
        1,
    )


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


# --- seed 4848 ---


def test_a_value_quoted_in_a_message_is_shown_whole_up_to_forty_characters():
    # a value the loader cannot read is quoted in its message: whole up to 40 characters, past that its first 37
    # and '...'
    from listgen.core.validate import check_text

    def said(value: str) -> str:
        report = check_text(f"ruleset: smle\nname: X\npoints_limit: !!int {value}\n", "x.yaml")
        return next(f.message for f in report.findings if f.code == "INPUT-YAML")

    forty = "a" * 40
    assert f"'{forty}'" in said(forty)
    assert f"'{'b' * 37}...'" in said("b" * 41) and "b" * 38 not in said("b" * 41)


def test_a_text_that_is_no_share_code_is_quoted_by_its_first_twelve_characters():
    from listgen.core.share import ShareCodeError, decode

    for code, shown in (("X" * 12, "X" * 12), ("Y" * 13, "Y" * 12 + "...")):
        try:
            decode(code)
        except ShareCodeError as exc:
            assert str(exc).startswith(f"'{shown}' is not a listgen share code"), str(exc)
        else:
            raise AssertionError(f"{code} was read as a code")
