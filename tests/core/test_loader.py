"""The bounded YAML loader: located errors for every kind of bad file, positions for good ones, and its limits as
the manual gives them."""

import re
import time
from pathlib import Path

import pytest
from conftest import listgen_run, report

from listgen.core.exceptions import InputError
from listgen.core.loader import MAX_BYTES, MAX_DEPTH, load, parse


def error_of(text):
    with pytest.raises(InputError) as info:
        parse(text, "x.yaml")
    return info.value.finding


def test_positions_of_values_and_keys():
    doc = parse("a: 1\nb:\n  - x: 2\n    y: [1, 2]\n")
    assert doc.data == {"a": 1, "b": [{"x": 2, "y": [1, 2]}]}
    assert doc.locate(("b", 0, "y", 1)) == (4, 12)
    assert doc.locate(("b", 0, "x")) == (3, 5)
    assert doc.locate(("b", 0, "missing")) == (3, 5)  # nearest enclosing value


def test_broken_yaml_is_located():
    f = error_of("a: [1,\n")
    assert f.code == "INPUT-YAML" and f.line == 2


def test_duplicate_key_names_both_lines():
    f = error_of("name: a\nruleset: smle\nname: b\n")
    assert f.code == "INPUT-DUPLICATE-KEY" and f.line == 3
    assert "first given at line 1" in f.message


def test_alias_bomb_stops_quickly():
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    start = time.perf_counter()
    f = error_of("\n".join(lines) + "\n")
    assert f.code == "INPUT-TOO-LARGE"
    assert time.perf_counter() - start < 1


def _flow(depth):
    return "[" * depth + "]" * depth


def _flow_maps(depth):
    return "{a: " * depth + "1" + "}" * depth


def _block(depth):
    return "".join("  " * i + "a:\n" for i in range(depth)) + "  " * depth + "1\n"


def _dashes(depth):
    return "- " * depth + "x\n"


NESTINGS = {"flow sequences": _flow, "flow mappings": _flow_maps, "block mappings": _block, "block dashes": _dashes}


@pytest.mark.parametrize("shape", NESTINGS)
@pytest.mark.parametrize("loader", ["libyaml where installed", "pure Python (the site's)"])
def test_nesting_is_read_to_the_limit_and_refused_one_past_it(shape, loader, monkeypatch):
    """listgen's guarantee, whatever PyYAML's own bounds: 64 deep reads, 65 is INPUT-TOO-DEEP at the 65th."""
    import yaml

    from listgen.core import loader as module

    if loader.startswith("pure"):
        monkeypatch.setattr(module, "_Loader", yaml.SafeLoader)
    make = NESTINGS[shape]
    value = parse(make(MAX_DEPTH), "x.yaml").data
    for _ in range(MAX_DEPTH):  # every level there, the innermost holding the value
        value = value["a"] if isinstance(value, dict) else value[0] if value else None
    assert value in (None, 1, "x")
    # block mappings grow as the square of their depth: 1,001 deep is already 1 MB, the most a list may be
    for depth in (MAX_DEPTH + 1, 1_001) if shape == "block mappings" else (MAX_DEPTH + 1, 1_001, 100_000):
        finding = error_of(make(depth))
        assert finding.code == "INPUT-TOO-DEEP" and finding.line is not None and finding.column is not None


def test_deep_nesting_is_refused_not_crashed():
    """PyYAML 6.0.4's libyaml stops '[' x 100,000 at 1,000 deep with its own error before listgen's check has seen
    a single event (it reads ahead); listgen's finding is still the one said, located at the 65th level."""
    finding = error_of("[" * 100_000)
    assert (finding.code, finding.line, finding.column) == ("INPUT-TOO-DEEP", 1, MAX_DEPTH + 1)


def test_python_tags_are_refused():
    f = error_of("x: !!python/object/apply:os.system [ls]\n")
    assert f.code == "INPUT-YAML" and "unsupported tag" in f.message


def test_merge_keys_are_supported():
    doc = parse("base: &b {quality: trained, armour: light}\nteam:\n  <<: *b\n  armour: none\n")
    assert doc.data["team"] == {"quality": "trained", "armour": "none"}


def test_several_documents_are_refused():
    assert "one army list" in error_of("a: 1\n---\nb: 2\n").message


def test_empty_file():
    assert error_of("").code == "INPUT-EMPTY"


def test_missing_file(tmp_path):
    with pytest.raises(InputError) as info:
        load(str(tmp_path / "nope.yaml"))
    assert info.value.finding.code == "INPUT-NOT-FOUND"


def test_huge_file_refused_before_reading(tmp_path):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB, sparse: instant to make
    start = time.perf_counter()
    with pytest.raises(InputError) as info:
        load(str(path))
    assert info.value.finding.code == "INPUT-TOO-LARGE"
    assert time.perf_counter() - start < 1
    assert MAX_BYTES < 50 * 1024 * 1024


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: K\xf6nig\n".encode("latin-1"))
    with pytest.raises(InputError) as info:
        load(str(path))
    assert info.value.finding.code == "INPUT-ENCODING" and info.value.finding.line == 1


def test_folder_is_not_a_list(tmp_path):
    with pytest.raises(InputError) as info:
        load(str(tmp_path))
    assert info.value.finding.code == "INPUT-UNREADABLE"


def test_a_byte_that_is_not_utf8_is_located_to_its_column(tmp_path):
    path = tmp_path / "e.yaml"
    path.write_bytes(b"name: x\nb: \xff\n")
    with pytest.raises(InputError) as info:
        load(str(path))
    f = info.value.finding
    assert (f.code, f.line, f.column) == ("INPUT-ENCODING", 2, 4)


def test_an_unclosed_bracket_says_where_it_starts_and_where_it_was_noticed():
    f = error_of("a: [1,\nb: 2\nc: 3\n")
    assert (f.line, f.column) == (1, 4) and f.message.endswith("(noticed at line 3)")


def test_an_empty_file_is_located_at_its_start():
    f = error_of("")
    assert (f.code, f.line, f.column) == ("INPUT-EMPTY", 1, 1)
    assert (error_of("# only a comment\n").line, error_of("\n\n").column) == (1, 1)


def test_a_file_over_the_limit_is_located_where_it_passes_it(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"\n" + b"x" * (MAX_BYTES + 10))  # the first byte a line break: the limit is on line 2
    with pytest.raises(InputError) as info:
        load(str(path))
    f = info.value.finding
    assert (f.code, f.line, f.column) == ("INPUT-TOO-LARGE", 2, MAX_BYTES)  # byte MAX_BYTES: line 2 starts at 1


def test_a_long_value_is_shown_cut_to_forty_characters():
    f = error_of("x: !!int " + "9" * 20 + "a" * 30 + "\n")
    shown = "'" + ("9" * 20 + "a" * 17) + "...'"
    assert shown in f.message and len(shown) == 42


def test_a_document_of_exactly_the_most_values_reads_and_one_more_is_refused():
    """MAX_NODES counts every value, a mapping or sequence itself one: a sequence holding MAX_NODES - 1 numbers is
    MAX_NODES values and reads; one number more is refused."""
    from listgen.core.loader import MAX_NODES

    at = "[" + ", ".join(["1"] * (MAX_NODES - 1)) + "]"
    assert len(parse(at, "x.yaml").data) == MAX_NODES - 1
    assert error_of("[" + ", ".join(["1"] * MAX_NODES) + "]").code == "INPUT-TOO-LARGE"
    nested = "[[" + ", ".join(["1"] * (MAX_NODES - 2)) + "]]"  # two sequences and their numbers: at the limit
    assert len(parse(nested, "x.yaml").data[0]) == MAX_NODES - 2


def test_a_control_character_is_located_at_its_line_and_column():
    """Mutation seed 9393: the line of a character YAML does not allow was never checked (one off went unseen)."""
    from listgen.core.exceptions import InputError
    from listgen.core.loader import parse

    with pytest.raises(InputError) as said:
        parse("ruleset: smle\nname: ab\x07c\n", "x.yaml")
    assert (said.value.finding.line, said.value.finding.column) == (2, 9)


# --- limits and positions ---------------------------------------------------------------------------------------


def test_standard_input_over_the_limit_says_why_and_where():

    from listgen.core.loader import MAX_BYTES

    over = listgen_run("validate", "-", input=b"#" * (MAX_BYTES + 1))
    assert over.returncode == 2 and b"INPUT-TOO-LARGE" in over.stderr and f":{MAX_BYTES + 1}:".encode() in over.stderr
    at = listgen_run("validate", "-", input=b"#" * MAX_BYTES)
    assert b"INPUT-TOO-LARGE" not in at.stderr  # exactly at the limit: read (and found to be no list)


def test_a_duplicate_key_is_placed_at_its_second_line_and_column():
    rep = report("ruleset: smle\nname: a\n  # a comment\nname: b\n")
    (f,) = [f for f in rep.findings if f.code == "INPUT-DUPLICATE-KEY"]
    assert (f.line, f.column) == (4, 1) and "first given at line 2" in f.message


def test_the_size_limit_is_the_one_mebibyte_the_manual_gives():
    assert MAX_BYTES == 1024 * 1024  # docs/using.md: "a list over 1 MiB"; the tests at and past it read MAX_BYTES


def test_the_loaders_limits_are_the_ones_the_manual_gives():
    # docs/list-format.md, "Limits": the tests at and past each limit read the constants; this holds the
    # constants to what a user is told (seed 3737: MAX_NODES moved by one went unseen)
    from listgen.core import loader

    manual = (Path(__file__).resolve().parents[2] / "docs" / "list-format.md").read_text(encoding="utf-8")
    said = manual[manual.index("## Limits") :]
    figures = [int(n.replace(",", "")) for n in re.findall(r"at most ([\d,]+)", said)]
    assert "1 MiB (1,048,576 bytes)" in said and loader.MAX_BYTES == 1_048_576
    assert figures[1:] == [loader.MAX_NODES, loader.MAX_DEPTH, loader.MAX_NUMBER_CHARS] == [50_000, 64, 100]


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
