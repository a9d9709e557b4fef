"""Hostile values in a list: explicit YAML tags, huge numbers, forged lines, terminal and bidi controls.

Each gets a located message and exit code 2, or an answer; never an internal error (exit 3).
"""

import pytest
from conftest import BASE, line_of

from listgen.__main__ import main
from listgen.core.validate import check_text

BAD_TAGS = ["!!bool maybe", '!!bool ""', '!!int ""', '!!float ""', "!!timestamp x", "!!int 0x", "!!float x1"]
FIELDS = ["name", "player", "data_version", "notes"]


@pytest.mark.parametrize("tagged", BAD_TAGS)
@pytest.mark.parametrize("field", FIELDS)
def test_a_tag_with_a_bad_value_is_a_located_error(tagged, field):
    text = (
        BASE.replace("name: Test section", f"name: Test section\n{field}: {tagged}")
        if field != "name"
        else BASE.replace("name: Test section", f"name: {tagged}")
    )
    rep = check_text(text, "t.yaml")
    assert rep.unreadable
    (f,) = rep.findings
    assert f.code == "INPUT-YAML" and f.line == line_of(text, tagged) and "cannot read" in f.message


@pytest.mark.parametrize("tagged", BAD_TAGS)
def test_a_tag_on_a_key_or_in_a_deep_field_is_a_located_error(tagged):
    for text in (
        BASE.replace("ruleset: smle", f"ruleset: smle\n? {tagged}\n: x"),
        BASE.replace("quality: veteran", f"quality: {tagged}"),
        BASE.replace("weapon: lmg", f"weapon: {tagged}"),
    ):
        rep = check_text(text, "t.yaml")
        assert rep.unreadable and rep.findings[0].line == line_of(text, tagged)


@pytest.mark.parametrize(
    "number", ["0x" + "f" * 5000, "0b" + "1" * 5000, "1" + ":2" * 3000, "0" + "7" * 5000, "1" * 5000]
)
@pytest.mark.parametrize("field", ["points_limit", "name", "count"])
def test_a_huge_number_in_any_notation_is_refused_plainly(number, field, tmp_path, capsys):
    if field == "count":
        text = BASE.replace("{count: 4, weapon: rifle}", f"{{count: {number}, weapon: rifle}}")
    else:
        text = BASE.replace(f"{field}: " + ("100" if field == "points_limit" else "Test section"), f"{field}: {number}")
    path = tmp_path / "t.yaml"
    path.write_text(text)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"t.yaml:{line_of(text, number[:10])}:" in err and "too long to read" in err
    assert "internal error" not in err


def test_numbers_at_the_length_bound_are_read_and_one_past_it_are_not():
    at = "0x" + "0" * 96 + "64"
    assert len(at) == 100
    assert check_text(BASE.replace("points_limit: 100", "points_limit: " + at), "t.yaml").points_limit == 100
    past = check_text(BASE.replace("points_limit: 100", "points_limit: 0x0" + at[2:]), "t.yaml")
    assert past.unreadable and "101 digits long" in past.findings[0].message


def test_a_value_quoted_in_a_message_cannot_forge_a_line(tmp_path, capsys):
    path = tmp_path / "x.yaml"
    path.write_text('ruleset: "x\\nmine.yaml: LEGAL (0 errors, 0 warnings)"\nname: a\n')
    assert main(["validate", str(path)]) == 2
    out, err = capsys.readouterr()
    lines = (out + err).splitlines()
    assert not any(line.startswith("mine.yaml") for line in lines)
    assert "'x\\nmine.yaml: LEGAL" in err


def test_an_unknown_key_with_a_line_break_is_shown_on_one_line():
    rep = check_text(BASE + '"bad\\nkey": 1\n', "t.yaml")
    (f,) = [f for f in rep.findings if f.code == "INPUT-UNKNOWN-KEY"]
    assert "\n" not in f.message and "bad\\nkey" in f.message


@pytest.mark.parametrize("char", ["\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\u2069", "\u200f"])
def test_terminal_and_bidi_controls_never_reach_any_output(char):
    escaped = char.encode("unicode_escape").decode()
    text = BASE.replace("name: Test section", f'name: Test section\nnotes: "a{escaped}[31mb"').replace(
        "name: Bren", f'name: "Br{escaped}en"'
    )
    rep = check_text(text, "t.yaml")
    assert not rep.unreadable, rep.findings
    assert rep.army.notes == "a[31mb"
    assert rep.army.sections[0].teams[0].name == "Bren"


def test_a_file_one_byte_too_big_is_refused_with_its_line_and_column(tmp_path, capsys):
    from listgen.core.loader import MAX_BYTES

    path = tmp_path / "big.yaml"
    body = BASE + "# " + "x" * 100 + "\n"
    path.write_text(body + "#" * (MAX_BYTES + 1 - len(body.encode()) - 1) + "\n")
    assert path.stat().st_size == MAX_BYTES + 1
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    last_line = body.count("\n") + 1
    assert f"big.yaml:{last_line}:" in err and "INPUT-TOO-LARGE" in err
    exact = tmp_path / "exact.yaml"
    exact.write_text(body + "#" * (MAX_BYTES - len(body.encode()) - 1) + "\n")
    assert exact.stat().st_size == MAX_BYTES
    assert main(["validate", str(exact)]) == 0
