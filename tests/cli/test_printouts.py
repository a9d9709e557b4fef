"""The one registry of printouts (listgen/commands/printouts.py): every surface that prints reads it.

A printout added to the table is built by `build`, answered by the page's API and offered as a button, with no
other file edited; every row of the real table has its command line."""

from __future__ import annotations

import re
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
    assert list(PRINTOUTS) == ["roster", "cards", "reference", "hit-tables", "matchup"]
    assert [p.name for p in of_scope("list")] == ["roster", "cards"]
    assert [p.name for p in of_scope("ruleset")] == ["reference", "hit-tables"]
    assert [p.name for p in of_scope("pair")] == ["matchup"]
    assert PRINTOUTS["roster"].file_name("german") == "german-roster.pdf"


def test_every_printout_has_its_command_line():
    commands = {command.name or command.callback.__name__.replace("_", "-") for command in app.registered_commands}
    for printout in of_scope("list") + of_scope("ruleset"):
        assert printout.name in commands, printout.name
    assert "hit-tables" in commands  # a pair's printout is hit-tables --army A --against B


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
    assert buttons == ["roster", "cards", "poster", "reference", "hit-tables"]
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
