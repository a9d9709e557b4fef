"""PDFs: they render, fit the pages they claim, are deterministic, embed the font, and fail cleanly."""

import re
from importlib import resources
from pathlib import Path

import pytest
from conftest import ARMIES

from listgen.commands.hit_tables import hit_tables
from listgen.commands.reference import reference_pdf
from listgen.commands.roster import roster_pdf
from listgen.core.exceptions import OutputPathError, RenderError
from listgen.core.validate import check_file
from listgen.output.files import write_atomic
from listgen.rulesets import slugs


def pages(path) -> int:
    return len(re.findall(rb"/Type /Page[^s]", path.read_bytes()))


EXAMPLES = sorted(ARMIES.glob("*.yaml"))
RULESETS = slugs()


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_rosters_render_on_few_pages(path, tmp_path):
    out = tmp_path / "roster.pdf"
    n = roster_pdf(check_file(str(path)), out)
    assert out.read_bytes().startswith(b"%PDF") and n == pages(out) <= 2


def test_roster_is_deterministic(tmp_path):
    report = check_file(str(ARMIES / "smle-partisan-band.yaml"))
    roster_pdf(report, tmp_path / "a.pdf")
    roster_pdf(report, tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_unicode_font_is_embedded(tmp_path):
    out = tmp_path / "r.pdf"
    roster_pdf(check_file(str(ARMIES / "smle-partisan-band.yaml")), out)
    assert b"DejaVuSansCondensed" in out.read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_reference_sheet_fits_the_sides_it_claims(ruleset, paper, tmp_path):
    from listgen.rulesets import get

    out = tmp_path / "ref.pdf"
    n = reference_pdf(ruleset, out, None, paper)
    claimed = get(ruleset).reference(None).pages
    assert n == pages(out) and n <= claimed


@pytest.mark.slow
def test_tailored_sheet_drops_what_the_army_does_not_use(tmp_path):
    from listgen.rulesets.smle.sheet import reference

    report = check_file(str(ARMIES / "smle-german-section.yaml"))
    sheet = reference(report.army)
    titles = [b.title for b in sheet.blocks]
    assert "Vehicle Armour" not in titles and "Heroes" not in titles
    weapons = next(b for b in sheet.blocks if b.title.startswith("WW II"))
    names = " ".join(row[0] for row in weapons.rows)
    assert "Sniper" in names and "Mortar" not in names
    assert reference_pdf("smle", tmp_path / "t.pdf", report) <= 2


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_hit_tables_pdf_json_csv(ruleset, tmp_path):
    assert (hit_tables(ruleset, tmp_path / "h.pdf") or 0) >= 1
    hit_tables(ruleset, tmp_path / "h.json", fmt="json")
    hit_tables(ruleset, tmp_path / "h.csv", fmt="csv")
    assert (tmp_path / "h.csv").read_text().startswith("table,title,row,column,outcome,exact,value")


def test_failed_render_leaves_no_file(tmp_path, monkeypatch):
    from listgen.render import pdf

    def broken(self, *args):
        raise ValueError("boom")

    monkeypatch.setattr(pdf._Furniture, "draw", broken)
    out = tmp_path / "roster.pdf"
    with pytest.raises(RenderError):
        roster_pdf(check_file(str(ARMIES / "smle-german-section.yaml")), out)
    assert list(tmp_path.iterdir()) == []


def test_atomic_write_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text("old")

    def fail(*args):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", fail)
    from listgen.core.exceptions import OutputPathError

    with pytest.raises(OutputPathError, match="out.txt: cannot write it: disk full"):  # names the file
        write_atomic(target, "new")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_never_writes_over_the_list(invoke, tmp_path):
    source = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(source, encoding="utf-8")
    result = invoke("roster", mine, "-o", mine)
    assert result.exit_code == 2 and mine.read_text(encoding="utf-8") == source
    with pytest.raises(OutputPathError):
        roster_pdf(check_file(str(mine)), mine)


@pytest.mark.slow
def test_build_fills_the_output_folder(invoke, tmp_path):
    result = invoke("build", ARMIES, "-o", tmp_path)
    assert result.exit_code == 0, result.output
    names = {p.name for p in tmp_path.iterdir()}
    assert {"smle-reference.pdf", "smle-hit-tables.pdf", "smle-hit-tables.json", "validation.json"} <= names
    assert {f"{p.stem}-roster.pdf" for p in EXAMPLES} <= names
    used = {check_file(str(p)).ruleset for p in EXAMPLES}  # a sheet for each ruleset the folder's lists are of
    assert used and {f"{r}-reference.pdf" for r in used} <= names


@pytest.mark.slow
def test_output_names_come_from_the_file_not_the_list(invoke, tmp_path):
    lists = tmp_path / "lists"
    lists.mkdir()
    text = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    (lists / "entry.yaml").write_text(
        text.replace("name: Grenadier-Gruppe Königstiger-Ersatz, 1944", "name: ../../escaped"), encoding="utf-8"
    )
    out = tmp_path / "out"
    assert invoke("build", lists, "-o", out).exit_code == 0
    assert (out / "entry-roster.pdf").exists() and not (tmp_path / "escaped-roster.pdf").exists()


def test_package_data_is_found():
    from listgen.commands.export import FORMATS
    from listgen.output import templating
    from listgen.rulesets import slugs

    assert (resources.files("listgen") / "fonts" / "DejaVuSansCondensed.ttf").is_file()
    folder = Path(templating.template_folder())
    for name in FORMATS.values():
        assert (folder / name).is_file(), name
    from listgen.rulesets import get

    for slug in slugs():  # each ruleset's starter lives in its own package
        assert (resources.files(get(slug).package) / "starter.yaml.j2").is_file(), slug


@pytest.mark.parametrize(
    "name,ruleset,absent",
    [
        ("close-action-us-rifle-squads.yaml", "close-action", "Pistol"),
        ("bounce-militia-defence.yaml", "bounce-into-action", "Hovertank Gun"),
        ("sol-prime-basic-infantry-defence.yaml", "sol-prime", "Plasma Cannon"),
    ],
)
@pytest.mark.slow
def test_tailored_sheets_keep_only_the_armys_weapons(name, ruleset, absent, tmp_path):
    from listgen.rulesets import get

    report = check_file(str(ARMIES / name))
    full = " ".join(c for b in get(ruleset).reference(None).blocks for row in b.rows for c in row)
    tailored = " ".join(c for b in get(ruleset).reference(report.army).blocks for row in b.rows for c in row)
    assert absent in full and absent not in tailored
    assert reference_pdf(ruleset, tmp_path / "t.pdf", report) <= 2
