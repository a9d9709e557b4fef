"""The one registry of printouts (listgen/commands/printouts.py): every surface that prints reads it.

A printout added to the table is built by `build`, answered by the page's API and offered as a button, with no
other file edited; every row of the real table has its command line."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from listgen.cli import app
from listgen.commands import printouts
from listgen.commands.build import build
from listgen.commands.printouts import PRINTOUTS, Printout, of_scope
from listgen.output.files import write_output
from listgen.web import api, worker
from listgen.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
SECTION = (ROOT / "armies" / "smle-german-section.yaml").read_text(encoding="utf-8")
HOST = "127.0.0.1:8123"


def poster(slug, out, paper, report, against) -> int:
    """A printout that is not listgen's: one line naming what it was asked for, as a 'PDF'."""
    write_output(out, f"%PDF poster of {report.army.name} ({slug}, {paper})\n".encode())
    return 1


@pytest.fixture
def with_poster(monkeypatch):
    table = dict(PRINTOUTS)
    table["poster"] = Printout("poster", "Poster", "list", poster)
    monkeypatch.setattr(printouts, "PRINTOUTS", table)
    for module in (worker, api):  # the names they imported from the registry (imported above, before the patch)
        monkeypatch.setattr(module, "PRINTOUTS", table)
    return table


def test_the_registry_holds_every_printout_once_in_the_pages_order():
    assert list(PRINTOUTS) == [
        "roster",
        "cards",
        "reference",
        "hit-tables",
        "matchup",
        "opponent",
        "ladder",
        "campaign-report",
    ]
    assert [p.name for p in of_scope("list")] == ["roster", "cards"]
    assert [p.name for p in of_scope("ruleset")] == ["reference", "hit-tables"]
    assert [p.name for p in of_scope("pair")] == ["matchup", "opponent"]
    assert [(p.name, p.holds) for p in of_scope("folder")] == [("ladder", "ladder.yaml")]  # the club's
    assert [p.name for p in of_scope("campaign")] == ["campaign-report"]
    assert {p.name: p.options for p in PRINTOUTS.values() if p.options} == {
        "roster": ("large", "combine"),
        "cards": ("large", "combine"),
        "opponent": ("large",),
    }
    assert PRINTOUTS["roster"].file_name("german") == "german-roster.pdf"


def test_every_printout_has_its_command_line():
    commands = {command.name or command.callback.__name__.replace("_", "-") for command in app.registered_commands}
    for printout in of_scope("list") + of_scope("ruleset"):
        assert printout.name in commands, printout.name
    assert "hit-tables" in commands  # a pair's printout is hit-tables --army A --against B
    assert "opponent" in commands  # or listgen opponent MINE THEIRS
    assert "ladder" in commands  # a folder's: listgen ladder --ladder ladder.yaml --format pdf
    from listgen.cli.campaign import campaign_app

    campaign_commands = {command.name for command in campaign_app.registered_commands}
    for printout in of_scope("campaign"):  # a campaign's printout is listgen campaign report CAMPAIGN -o FILE.pdf
        assert printout.name.removeprefix("campaign-") in campaign_commands, printout.name


def test_a_printout_added_to_the_registry_is_built_for_every_list(with_poster, tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "german.yaml").write_text(SECTION, encoding="utf-8")
    result = build(folder, tmp_path / "out")
    names = sorted(p.name for p in result.written)
    assert "german-poster.pdf" in names and "german-roster.pdf" in names and "smle-reference.pdf" in names
    assert (tmp_path / "out" / "german-poster.pdf").read_text().startswith("%PDF poster of ")


def test_a_printout_added_to_the_registry_is_a_button_and_an_answer_of_the_page(with_poster, tmp_path):
    (tmp_path / "german.yaml").write_text(SECTION, encoding="utf-8")
    client = create_app(tmp_path, "k", hosts={HOST}, in_browser=True).test_client()  # printing in this process
    client.get("/?key=k", headers={"Host": HOST})
    page = client.get("/edit/german.yaml", headers={"Host": HOST}).get_data(as_text=True)
    buttons = re.findall(r'formaction="/api/render/([a-z-]+)"', page)
    assert buttons == [
        "roster",
        "cards",
        "poster",
        "reference",
        "hit-tables",
        "matchup",
        "opponent",
    ]  # pairs: in the Matchup box
    answer = client.post(
        "/api/render/poster", json={"yaml": SECTION}, headers={"Host": HOST, "Origin": f"http://{HOST}"}
    )
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF poster of ")
    assert (
        'filename="' in answer.headers["Content-Disposition"] and "-poster.pdf" in answer.headers["Content-Disposition"]
    )
    missing = client.post(
        "/api/render/nope", json={"yaml": SECTION}, headers={"Host": HOST, "Origin": f"http://{HOST}"}
    )
    assert missing.status_code == 404 and "poster" in missing.get_data(as_text=True)


def test_a_printout_is_asked_only_the_options_it_takes(with_poster, monkeypatch, tmp_path):
    from listgen.commands import roster as roster_command
    from listgen.core.validate import check_text

    report = check_text(SECTION, "german.yaml")
    out = tmp_path / "poster.pdf"
    assert with_poster["poster"].printed("smle", out, "a4", report, None, large=True, combine=True) == 1  # none taken
    asked: list = []

    def roster_pdf(*args, **kwargs) -> int:
        asked.append(kwargs)
        return 1

    monkeypatch.setattr(roster_command, "roster_pdf", roster_pdf)
    PRINTOUTS["roster"].printed("smle", out, "a4", report, None, large=True, combine=False, colour=True)
    assert asked == [{"large": True}]  # what it takes and was asked for: not combine (no), never colour


def test_the_page_offers_the_opponents_summary_beside_the_matchup_sheet(tmp_path):
    (tmp_path / "german.yaml").write_text(SECTION, encoding="utf-8")
    (tmp_path / "british.yaml").write_text((ROOT / "armies" / "smle-british-rifle-platoon.yaml").read_text("utf-8"))
    client = create_app(tmp_path, "k", hosts={HOST}, in_browser=True).test_client()
    client.get("/?key=k", headers={"Host": HOST})
    page = client.get("/edit/german.yaml", headers={"Host": HOST}).get_data(as_text=True)
    matchup_box = page.split('id="matchup"', 1)[1].split("</form>", 1)[0]
    assert re.findall(r'formaction="/api/render/([a-z-]+)"', matchup_box) == ["matchup", "opponent"]
    answer = client.post(
        "/api/render/opponent",
        data={"yaml": SECTION, "against": "british.yaml"},
        headers={"Host": HOST, "Origin": f"http://{HOST}"},
    )
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    assert "-opponent.pdf" in answer.headers["Content-Disposition"]
    none = client.post(
        "/api/render/opponent", data={"yaml": SECTION}, headers={"Host": HOST, "Origin": f"http://{HOST}"}
    )
    assert none.status_code == 422  # no opponent chosen


def test_opponent_roster_and_cards_options_on_the_command_line(invoke, tmp_path):
    mine, theirs = ROOT / "armies" / "smle-british-rifle-platoon.yaml", ROOT / "armies" / "smle-german-section.yaml"
    result = invoke("opponent", mine, theirs, "-o", tmp_path / "o.pdf", "--large")
    assert result.exit_code == 0 and "(1 page)" in result.output
    assert (tmp_path / "o.pdf").read_bytes().startswith(b"%PDF")
    other = ROOT / "armies" / "noonday-zulu-impi.yaml"
    mixed = invoke("opponent", mine, other, "-o", tmp_path / "x.pdf")
    assert mixed.exit_code == 2 and "a matchup needs two lists of one ruleset" in mixed.output
    assert not (tmp_path / "x.pdf").exists()
    missing = invoke("opponent", mine, tmp_path / "nope.yaml", "-o", tmp_path / "y.pdf")
    assert missing.exit_code == 2 and not (tmp_path / "y.pdf").exists()
    for command in ("roster", "cards"):
        done = invoke(command, mine, "-o", tmp_path / f"{command}.pdf", "--large", "--combine")
        assert done.exit_code == 0, done.output
    assert "--combine" in invoke("roster", "--help").output and "--large" in invoke("cards", "--help").output


def test_the_pages_large_and_combine_boxes_reach_the_printout(tmp_path):
    (tmp_path / "german.yaml").write_text(SECTION, encoding="utf-8")
    client = create_app(tmp_path, "k", hosts={HOST}, in_browser=True).test_client()
    client.get("/?key=k", headers={"Host": HOST})
    page = client.get("/edit/german.yaml", headers={"Host": HOST}).get_data(as_text=True)
    options = page.split('class="share-box print-options"', 1)[1].split("</details>", 1)[0]  # for the print form
    assert 'form="print" name="large"' in options and 'form="print" name="combine"' in options

    def text(**options) -> str:
        answer = client.post(
            "/api/render/roster",
            data={"yaml": SECTION, **options},
            headers={"Host": HOST, "Origin": f"http://{HOST}"},
        )
        assert answer.status_code == 200
        return subprocess.run(["pdftotext", "-", "-"], input=answer.data, capture_output=True).stdout.decode()

    assert "4 x Rifle" in text(combine="1") and "4 x Rifle" not in text()
    assert "page 1 of 2" in text(large="1") and "page 1 of 1" in text()  # the section's roster at 1.5x: two pages
