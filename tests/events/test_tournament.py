"""Tournaments: every restriction kind, the report's contents, and a bad entry not stopping the rest."""

import csv
import io
import json
import textwrap

import pytest
from conftest import ARMIES, BASE, line_of

from listgen.events.tournament import check_entries, entry_paths, open_pack, to_csv, write

PACK = ARMIES / "tournament" / "pack.yaml"


def run(pack_path, entries=()):
    pack = open_pack(str(pack_path))
    return check_entries(pack, str(pack_path), entry_paths(pack, str(pack_path), entries))


def pack_file(tmp_path, restrictions: str, extra: str = "") -> object:
    path = tmp_path / "pack.yaml"
    path.write_text(
        "event: Test Open\nrulesets: [smle]\n"
        + extra
        + "restrictions:\n"
        + textwrap.indent(textwrap.dedent(restrictions), "  "),
        encoding="utf-8",
    )
    return path


def entry(tmp_path, text=BASE, name="entry.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def findings(result, code="PACK-RESTRICTION"):
    return [f for e in result.entries for f in e.report.findings if f.code == code]


def test_example_event():
    result = run(PACK)
    verdicts = {e.player: e.legal for e in result.entries}
    assert verdicts == {
        "Alice Archer": True,
        "Bob Baker": True,
        "Carol Clark": False,
        "Dave Dodd": False,
        "Erin Evans": False,
        "Frank Fisher": False,
    }
    assert [e.player for e in result.entries] == sorted(verdicts, key=str.casefold)  # player order


def test_a_malformed_entry_does_not_stop_the_rest(tmp_path):
    broken = entry(tmp_path, "ruleset: smle\nname: [oops\n", "broken.yaml")
    good = entry(tmp_path, BASE, "good.yaml")
    result = run(pack_file(tmp_path, "[]\n"), [broken, good])
    by_file = {e.report.file: e for e in result.entries}
    assert by_file[str(broken)].report.unreadable and not by_file[str(broken)].legal
    assert by_file[str(good)].legal


def test_count_max_points_at_the_item_that_breaks_it(tmp_path):
    pack = pack_file(
        tmp_path,
        """\
        - id: lmg-cap
          count: weapons
          where: {weapon: lmg}
          max: 0
          message: No LMGs.
        """,
    )
    result = run(pack, [entry(tmp_path)])
    (f,) = findings(result)
    assert "No LMGs. [lmg-cap: 1 weapons, at most 0]" in f.message and f.line == line_of(BASE, "weapon: lmg")


def test_count_min(tmp_path):
    pack = pack_file(
        tmp_path,
        """\
        - id: two-sections
          count: sections
          min: 2
          message: Bring at least two sections.
        """,
    )
    (f,) = findings(run(pack, [entry(tmp_path)]))
    assert "at least 2" in f.message


def test_where_filters_by_attribute(tmp_path):
    pack = pack_file(
        tmp_path,
        """\
        - id: vets
          count: leaders
          where: {quality: [veteran]}
          max: 0
          message: No veteran leaders.
        - id: greens
          count: teams
          where: {quality: green}
          max: 0
          message: No green teams.
        """,
    )
    result = run(pack, [entry(tmp_path)])
    assert [f.message.split(" [")[0] for f in findings(result)] == ["No veteran leaders."]


def test_ban_reports_each_banned_item(tmp_path):
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: 3, weapon: rifle}\n          - {count: 1, weapon: smg}")
    pack = pack_file(
        tmp_path,
        """\
        - id: no-smg
          ban: weapons
          where: {weapon: smg}
          message: No SMGs.
        """,
    )
    lines = sorted(f.line for f in findings(run(pack, [entry(tmp_path, text)])))
    assert lines == [line_of(text, "weapon: smg}"), line_of(text, "{count: 1, weapon: smg}")]  # leader's, team's


def test_pack_points_limit_and_ruleset(tmp_path):
    pack = pack_file(tmp_path, "[]\n", "points_limit: 20\n")
    result = run(pack, [entry(tmp_path), ARMIES / "noonday-zulu-impi.yaml"])
    codes = {
        e.report.file: [f.code for f in e.report.findings if f.code.startswith("PACK") and f.severity == "error"]
        for e in result.entries
    }
    assert codes[str(tmp_path / "entry.yaml")] == ["PACK-POINTS-LIMIT"]
    assert codes[str(ARMIES / "noonday-zulu-impi.yaml")] == ["PACK-RULESET"]


def test_pack_points_table_replaces_the_lists(tmp_path):
    pack = tmp_path / "pack.yaml"
    pack.write_text(
        "event: Colonial Day\nrulesets: [noonday-sun]\npoints_limit: 100\n"
        "points_table: {name: House, unit: 10, leader: 2}\n",
        encoding="utf-8",
    )
    result = run(pack, [ARMIES / "noonday-british-company.yaml"])
    report = result.entries[0].report
    assert report.valuation.scheme.startswith("points table 'House'")
    assert report.points == 10 * 9 + 2 * 8  # 8 units and the rocket trough; 8 leaders (the trough has its own)


def test_strict_pack_fails_warnings(tmp_path):
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: 6, weapon: rifle}")  # a size warning
    lenient = run(pack_file(tmp_path, "[]\n"), [entry(tmp_path, text)])
    strict = run(pack_file(tmp_path, "[]\n", "strict: true\n"), [entry(tmp_path, text)])
    assert lenient.entries[0].legal and not strict.entries[0].legal


def test_bad_pack_is_refused(tmp_path, invoke):
    bad = pack_file(
        tmp_path,
        """\
        - id: neither
          message: counts nothing
        """,
    )
    result = invoke("tournament", bad, entry(tmp_path))
    assert result.exit_code == 2 and "PACK-BAD-RESTRICTION" in result.stderr
    typo = tmp_path / "typo.yaml"
    typo.write_text("event: X\nrulesets: [smle]\nrestriktions: []\n", encoding="utf-8")
    result = invoke("tournament", typo, entry(tmp_path))
    assert result.exit_code == 2 and "did you mean 'restrictions'" in result.stderr


@pytest.mark.slow
def test_outputs_and_report_contents(tmp_path, invoke):
    out = tmp_path / "out"
    result = invoke("tournament", PACK, "-o", out)
    assert result.exit_code == 2  # some lists fail, and one cannot be read
    assert {p.name for p in out.iterdir()} == {"results.csv", "results.json", "report.pdf", "booklet.pdf"}
    rows = list(csv.DictReader(io.StringIO((out / "results.csv").read_text(encoding="utf-8"))))
    assert [r["player"] for r in rows][:2] == ["Alice Archer", "Bob Baker"]
    carol = next(r for r in rows if r["player"] == "Carol Clark")
    assert carol["legal"] == "no" and "no-flamethrowers" in carol["findings"] and "elite-cap" in carol["findings"]
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert data["event"] == "Humber Skirmish Open 2026" and data["all_legal"] is False
    assert {"player", "file", "legal", "points", "findings"} <= set(data["entries"][0])
    booklet = (out / "booklet.pdf").read_bytes()
    import re

    assert len(re.findall(rb"/Type /Page[^s]", booklet)) >= 6  # cover + five readable rosters


def test_all_legal_exits_0(tmp_path, invoke):
    pack = pack_file(tmp_path, "[]\n")
    assert invoke("tournament", pack, entry(tmp_path), "-o", tmp_path / "o").exit_code == 0


def test_schema_for_packs(invoke):
    data = json.loads(invoke("schema", "pack").stdout)
    assert "restrictions" in data["properties"]
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    jsonschema.validate(json.loads(json.dumps(yaml.safe_load(PACK.read_text()), default=str)), data)


def test_csv_escapes_commas_and_quotes(tmp_path):
    text = BASE.replace("name: Test section", 'name: "Smith, \\"Bull\\" & Co"')
    result = run(pack_file(tmp_path, "[]\n"), [entry(tmp_path, text)])
    row = next(csv.DictReader(io.StringIO(to_csv(result))))
    assert row["list"] == 'Smith, "Bull" & Co'


@pytest.mark.slow
def test_hundred_entries_write(tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    sources = sorted(ARMIES.glob("smle-*.yaml"))
    for i in range(12):
        (folder / f"e{i:02d}.yaml").write_text(sources[i % len(sources)].read_text(encoding="utf-8"), encoding="utf-8")
    pack = pack_file(tmp_path, "[]\n")
    result = run(pack, [folder])
    written = write(result, tmp_path / "out")
    assert len(result.entries) == 12 and len(written) == 4


def test_the_events_limit_applies_not_the_lists_own(tmp_path):
    """An event at 180 and an entry whose own points_limit says 10: the event's limit is the one checked,
    every output shows it, and the list is told its own limit was replaced."""
    text = BASE.replace("points_limit: 100", "points_limit: 10")
    assert "points_limit: 10\n" in text
    pack = pack_file(tmp_path, "[]\n", "points_limit: 180\n")
    result = run(pack, [entry(tmp_path, text)])
    report = result.entries[0].report
    assert 10 < report.points <= 180, "the example must cost between the two limits"
    assert result.entries[0].legal
    assert report.points_limit == 180
    applied = [f for f in report.findings if f.code == "PACK-LIMIT-APPLIED"]
    assert len(applied) == 1 and "10;" in applied[0].message and "180" in applied[0].message
    assert applied[0].line == line_of(text, "points_limit: 10")
    assert json.loads(to_csv_json(result))["entries"][0]["points_limit"] == 180
    row = next(csv.DictReader(io.StringIO(to_csv(result))))
    assert row["points_limit"] == "180" and row["legal"] == "yes"


def test_over_the_events_limit_says_the_event(tmp_path):
    pack = pack_file(tmp_path, "[]\n", "points_limit: 20\n")
    report = run(pack, [entry(tmp_path)]).entries[0].report
    (over,) = [f for f in report.findings if f.code == "PACK-POINTS-LIMIT"]
    assert "the event's limit of 20" in over.message
    assert not [f for f in report.findings if f.code == "SMLE-POINTS-LIMIT"]


def to_csv_json(result):
    from listgen.events.tournament import to_json

    return to_json(result)


def test_an_unreadable_entry_is_named_by_its_player_when_that_line_reads(tmp_path):
    # dave-unfinished.yaml breaks its YAML after a plain 'player: Dave Dodd' line
    result = run(PACK)
    (dave,) = [e for e in result.entries if e.report.unreadable]
    assert dave.player == "Dave Dodd"
    broken = entry(tmp_path, "ruleset: smle\nname: [\n", "nobody.yaml")
    (nameless,) = run(pack_file(tmp_path, "[]\n"), [broken]).entries
    assert nameless.player == "nobody"


def test_a_yaml_error_points_where_the_broken_construct_starts():
    from listgen.core.validate import check_file

    rep = check_file(str(PACK.parent / "entries" / "dave-unfinished.yaml"))
    (f,) = rep.findings
    text = (PACK.parent / "entries" / "dave-unfinished.yaml").read_text()
    assert f.line == line_of(text, "{name: Rifles")  # the '{' never closed, not the end of the file
    assert "noticed at line" in f.message
