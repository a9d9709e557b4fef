"""Share codes: every example round-trips through a code and through the QR code scanned from its printed
roster; damaged, foreign and hostile codes get a plain answer (exit code 2); an LG1 code keeps importing."""

import re
import zlib

import pytest
from conftest import ARMIES, ROOT, scan

from listgen.commands.roster import roster_pdf
from listgen.core import share
from listgen.core.validate import check_file, check_text

EXAMPLES = sorted(ARMIES.glob("*.yaml"))


def code_of(path):
    report = check_file(str(path))
    return share.encode(report.document.data, report.rules.code)


def same_verdict(a, b):
    assert (a.ruleset, a.name, a.legal(), a.points, a.points_limit) == (
        b.ruleset,
        b.name,
        b.legal(),
        b.points,
        b.points_limit,
    )
    assert [(f.code, f.path) for f in a.findings] == [(f.code, f.path) for f in b.findings]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_round_trips_through_its_code(path):
    original = check_file(str(path))
    code = code_of(path)
    assert code.startswith(f"LG1:{original.rules.code}:")
    assert set(code) <= set(share.BASE45)  # all of it in the QR code's dense alphanumeric mode
    again = check_text(share.list_text(code), "imported.yaml")
    same_verdict(original, again)
    assert share.list_hash(again.document.data) == share.list_hash(original.document.data)


def test_the_hash_ignores_comments_and_layout_but_not_values():
    text = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    base = share.list_hash(check_text(text, "a.yaml").document.data)
    assert share.list_hash(check_text("# a comment\n" + text + "\n\n", "b.yaml").document.data) == base
    changed = text.replace("points_limit: 100", "points_limit: 101", 1)
    assert changed != text and share.list_hash(check_text(changed, "c.yaml").document.data) != base


def test_a_code_written_by_this_version_still_imports():
    """tests/golden/*.lg1 was written by listgen 0.1.0: a later listgen must read it to the same list."""
    code = (ROOT / "tests" / "golden" / "close-action-us-rifle-squads.lg1").read_text(encoding="utf-8")
    same_verdict(check_file(str(ARMIES / "close-action-us-rifle-squads.yaml")), check_text(share.list_text(code), "x"))


def test_base45_is_rfc_9285():
    assert share.b45encode(b"AB") == "BB8"  # RFC 9285 section 4.3's examples
    assert share.b45encode(b"Hello!!") == "%69 VD92EX0"
    assert share.b45decode("QED8WEX0") == b"ietf!"
    for raw in (b"", b"\x00", b"\xff\xff", bytes(range(256))):
        assert share.b45decode(share.b45encode(raw)) == raw


GOOD = None


def damaged_codes():
    good = code_of(ARMIES / "smle-german-section.yaml")
    body = good.split(":", 2)[2]
    flip = "A" if body[40] != "A" else "B"
    bomb = share.b45encode(zlib.compress(b"#" * (share.MAX_LIST + 10), 9))
    return {
        "a character changed": good[:49] + flip + good[50:],
        "cut short": good[:-7],
        "cut by one": good[:-1],
        "lower case": good.lower(),
        "another program's": "HC1:NCFOXN%TSMAHN-H",
        "a newer format": "LG9:SMLE:" + body,
        "an unknown ruleset": "LG1:ZZZ:" + body,
        "ruleset and content disagree": "LG1:CA:" + body,
        "a zip bomb": "LG1:SMLE:" + bomb,
        "far too long": "LG1:SMLE:" + "0" * (share.MAX_CODE + 1),
        "not a list": "LG1:SMLE:" + share.b45encode(zlib.compress(b"- just\n- a list\n")),
        "an alias bomb": "LG1:SMLE:"
        + share.b45encode(zlib.compress(b"a: &a [x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n" * 1)),
        "empty": "",
    }


@pytest.mark.parametrize("name", sorted(damaged_codes()))
def test_a_damaged_or_foreign_code_is_a_plain_error(invoke, name):
    result = invoke("import", damaged_codes()[name])
    assert result.exit_code == 2, (name, result.output)
    assert "listgen: error:" in result.output and "Traceback" not in result.output


def test_spaces_pasted_after_a_code_do_no_harm():
    code = code_of(ARMIES / "smle-german-section.yaml")
    assert share.list_text(code + "   \n") == share.list_text(code)


def test_import_writes_the_list_and_never_over_a_file(invoke, tmp_path):
    code = code_of(ARMIES / "noonday-zulu-impi.yaml")
    out = tmp_path / "theirs.yaml"
    assert invoke("import", code, "-o", out).exit_code == 0
    same_verdict(check_file(str(ARMIES / "noonday-zulu-impi.yaml")), check_file(str(out)))
    before = out.read_bytes()
    again = invoke("import", code_of(ARMIES / "smle-german-section.yaml"), "-o", out)
    assert again.exit_code == 2 and "not overwriting" in again.output and out.read_bytes() == before


def test_share_prints_the_code_and_import_reads_it_from_stdin(runner):
    from listgen.cli import app

    shared = runner.invoke(app, ["share", str(ARMIES / "smle-partisan-band.yaml")])
    assert shared.exit_code == 0 and shared.stdout.startswith("LG1:SMLE:")
    back = runner.invoke(app, ["import", "-"], input=shared.stdout)
    assert back.exit_code == 0 and "ruleset: smle" in back.stdout


@pytest.mark.slow
def test_examples_fit_a_qr_code_a_phone_reads_from_paper():
    from listgen.render import pdf

    versions = [pdf.qr_version(code_of(p)) for p in EXAMPLES]
    assert max(versions) <= 24 and all(pdf.ShareQr(code_of(p), "h").scannable for p in EXAMPLES), versions


def test_a_list_too_large_for_a_qr_code_prints_its_hash_alone():
    from listgen.render import pdf

    qr = pdf.ShareQr("LG1:SMLE:" + "0" * 5000, "0123456789")
    assert not qr.scannable and qr.wrap(500, 500)[1] < 20


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_round_trips_through_the_qr_code_scanned_from_its_roster(path, tmp_path):
    report = check_file(str(path))
    out = tmp_path / "roster.pdf"
    roster_pdf(report, out)
    scanned = scan(out, tmp_path)
    assert scanned == code_of(path)
    same_verdict(report, check_text(share.list_text(scanned), "scanned.yaml"))


# --- issue 25 leftovers ------------------------------------------------------------------------------------------


def test_import_writes_the_values_never_the_codes_own_comments():
    """A code made by hand can carry any text: comments, an editor modeline naming a stranger's schema, bidi
    controls. Import writes the list's values anew, as share writes them."""
    good = share.decode(code_of(ARMIES / "smle-german-section.yaml"))[1]
    hostile = "# yaml-language-server: $schema=https://evil.example/s.json\n# \u202egnp.exe\n" + good
    code = "LG1:SMLE:" + share.b45encode(zlib.compress(hostile.encode("utf-8")))
    written = share.list_text(code)
    assert "evil.example" not in written and "\u202e" not in written
    assert written.splitlines()[1:] == good.splitlines()


def test_a_format_older_than_any_is_not_called_newer(invoke):
    body = code_of(ARMIES / "smle-german-section.yaml").split(":", 2)[2]
    result = invoke("import", "LG0:SMLE:" + body)
    assert result.exit_code == 2 and "no listgen writes" in result.output and "newer" not in result.output


def test_standard_input_longer_than_any_code_is_refused_by_its_size(runner):
    from listgen.cli import app

    result = runner.invoke(app, ["import", "-"], input="LG1:SMLE:" + "A" * 10_000_000)
    assert result.exit_code == 2 and f"more than {share.MAX_INPUT:,} characters" in result.output
    at_limit = runner.invoke(app, ["import", "-"], input="LG1:SMLE:" + "A" * (share.MAX_INPUT - 9))
    assert "more than" not in at_limit.output and "20,000" in at_limit.output  # read, then too long a code


def test_a_code_the_shell_mangled_says_to_quote_it(invoke):
    code = code_of(ARMIES / "smle-german-section.yaml")
    assert "$" in code
    mangled = re.sub(r"\$[A-Z0-9]*", "", code)  # what "...$X..." in double quotes leaves
    result = invoke("import", mangled)
    assert result.exit_code == 2 and "single quotes" in result.output


def test_base45_encodes_a_last_odd_byte_as_two_digits_of_base_45():
    """RFC 9285: an odd byte a at the end is written c d with a = c + d x 45: every byte, round trip too."""
    for b in range(256):
        encoded = share.b45encode(bytes([b]))
        assert encoded == share.BASE45[b % 45] + share.BASE45[b // 45] and share.b45decode(encoded) == bytes([b])


def test_a_code_whose_letters_two_rulesets_share_opens_a_list_of_either(monkeypatch):
    """A renamed copy of a ruleset keeps its code ('CA'): a code holding a list of the copy opens, and one whose list
    is of a ruleset with other letters is still damaged."""
    from listgen.core import rulesets  # the registry the core reads

    real_slugs, real_get = rulesets.slugs, rulesets.get

    class Copy:
        code = rulesets.get("close-action").code

    monkeypatch.setattr(rulesets, "slugs", lambda: [*real_slugs(), "close-copy"])
    monkeypatch.setattr(rulesets, "get", lambda slug: Copy() if slug == "close-copy" else real_get(slug))
    copy_list = {"ruleset": "close-copy", "name": "A copy's list"}
    assert "close-copy" in share.list_text(share.encode(copy_list, Copy.code))
    with pytest.raises(share.ShareCodeError, match="damaged"):
        share.list_text(share.encode({"ruleset": "smle", "name": "x"}, Copy.code))


def test_a_rosters_code_and_hash_are_the_share_code_and_the_list_hash():
    # a roster stamps both from one canonical text (share.code_and_hash): each as the separate calls give it
    data = check_text((ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8"), "g.yaml").document.data
    assert share.code_and_hash(data, "SMLE") == (share.encode(data, "SMLE"), share.list_hash(data))


def _pyyaml_own(data) -> str:
    """The canonical text as PyYAML's own (pure-Python) writer gives it: what a list's hash is of."""
    import yaml

    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=10_000)


def test_libyaml_writes_the_canonical_text_only_where_it_agrees_with_pyyamls_own(monkeypatch):
    """share.canonical uses libyaml's writer where it writes what PyYAML's own does (printable ASCII, short keys), so
    that a hash is the same with or without libyaml: a seeded corpus of such lists (every YAML indicator, numbers
    that read as numbers, long texts, the longest key) is written alike by both and by canonical, through libyaml."""
    import datetime
    import random
    import string

    import yaml

    assert share._LIBYAML, "PyYAML without libyaml: this install cannot test its writer"
    used: list = []
    real_dump = yaml.dump

    def dump(*args, **kwargs):
        used.append(kwargs["Dumper"])  # which writer canonical chose
        return real_dump(*args, **kwargs)

    monkeypatch.setattr(yaml, "dump", dump)
    r = random.Random(6161)
    pool = list(string.printable[:95]) + [
        ": ",
        " #",
        "- ",
        "---",
        "...",
        "yes",
        "No",
        "null",
        "~",
        "0x1",
        "1e3",
        ".inf",
    ]
    pool += ["0o7", "1_000", "2026-01-01", "12:30", "&a", "*a", "!t", "? ", "|", ">", "{", "[", ",", "'", '"', "\\"]
    for _ in range(1_500):
        text = "".join(r.choice(pool) for _ in range(r.choice([0, 2, 12, 80, 3_000, 12_000])))
        key = ("".join(r.choice(pool) for _ in range(share.SHORT_KEY)))[: r.choice([1, 30, share.SHORT_KEY])]
        data = {"name": text, key: [text, {"count": r.randint(-9, 10**6), "x": r.random(), "y": r.random() < 0.5}],
                "teams": [{"name": text[:40], "on": datetime.date(2026, 1, r.randint(1, 28)), "none": None}], 7: "n"}  # fmt: skip
        assert share._libyaml_agrees(data)
        assert real_dump(data, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                         width=10_000) == _pyyaml_own(data) == share.canonical(data)  # fmt: skip
    assert set(used[-1_500:]) == {yaml.CSafeDumper}


@pytest.mark.parametrize(
    "data",
    [
        {"name": "Kompanie \U0001f600"},  # an emoji: libyaml escapes it
        {"name": "line\x85break"},  # NEL: PyYAML quotes it one way, libyaml another
        {"name": "a\rb"},
        {"name": "Scharfsch\u00fctze"},  # any text past ASCII goes to PyYAML's own writer
        {"k" * (share.SHORT_KEY + 1): 1, "long": "k" * 200},  # a key one past the short ones
        {"items": {"x'" + "x" * 126: 5}},  # PyYAML writes a key of 128 or more as '? key', libyaml not always
    ],
)
def test_where_libyaml_could_differ_pyyamls_own_writer_is_used(data):

    assert not share._libyaml_agrees(data)
    assert share.canonical(data) == _pyyaml_own(data)
    assert share._libyaml_agrees({"k" * share.SHORT_KEY: 1})  # at the limit: libyaml's


def test_the_two_writers_differ_past_the_limits_so_the_limits_matter():
    import yaml

    for data in ({"name": "Kompanie \U0001f600"}, {"items": {"x'" + "x" * 126: 5}}):
        assert yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                         width=10_000) != _pyyaml_own(data)  # fmt: skip
