"""An event day with the room's server in a real browser (Debian's Chromium, driven by Playwright): sixteen players,
three rounds. The board on a 1920x1080 screen follows every result by itself; sixteen phones at 390 px report and
confirm their tables (the slip's QR address fills the code in); one dispute is decided at the desk; a forfeit; a late
entry admitted at the desk; the next rounds paired from the desk (its slips' QR codes lead to their tables' forms);
the command line records a result while the phones do. The standings the board shows are the command line's, and
every score in the round files is the one reported."""

from __future__ import annotations

import json
import re
import shutil
import threading

import pytest
from conftest import ARMIES, listgen_run, scan
from playwright.sync_api import expect
from room_event import room_event

from listgen.web.room.serve import start

pytestmark = pytest.mark.slow
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def served(tmp_path):
    event = room_event(tmp_path)
    server, players, desk = start(event.pack, port=0, lan="127.0.0.1", out_dir=event.folder / "out")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield event, players, desk
    server.shutdown()
    server.server_close()


class Phones:
    """Each phone a browser context of its own (its own cookies), 390 px wide; every page error kept."""

    def __init__(self, browser, base: str):
        self.browser, self.base, self.errors, self.count = browser, base, [], 0

    def open(self, code: str):
        self.count += 1
        page = self.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda m: self.errors.extend([m.text] if m.type == "error" else []))
        page.goto(f"{self.base}/report#{code}")  # the address the slip's QR code holds
        expect(page.locator("#code")).to_have_value(code)
        page.get_by_role("button", name="Find my table").click()
        return page

    def report(self, code: str, scores: tuple, personal: str) -> None:
        page = self.open(code)
        page.locator("#first").fill(str(scores[0]))
        page.locator("#second").fill(str(scores[1]))
        page.locator("#personal").fill(personal)
        page.get_by_role("button", name="Report").click()
        expect(page.locator(".said")).to_contain_text("Reported:")
        page.context.close()

    def confirm(self, code: str, scores: tuple, personal: str) -> None:
        page = self.open(code)
        expect(page.locator(".said.pending")).to_contain_text(f"{scores[0]}")
        page.locator("#personal-confirm").fill(personal.lower())  # typed as a phone types it
        page.get_by_role("button", name="Confirm this result").click()
        expect(page.locator(".said")).to_contain_text("Confirmed and recorded")
        page.context.close()

    def dispute(self, code: str, scores: tuple, personal: str) -> None:
        page = self.open(code)
        page.locator("summary").click()
        page.locator("#first").fill(str(scores[0]))
        page.locator("#second").fill(str(scores[1]))
        page.locator("#personal").fill(personal)
        page.get_by_role("button", name="Send my score").click()
        expect(page.locator(".said")).to_contain_text("Disputed:")
        page.context.close()


def desk_move(desk, form: str, button: str, fill: dict | None = None) -> None:
    """A move at the desk: a form (a CSS selector) filled and sent; the desk's log says what it did."""
    target = desk.locator(form).first
    for name, value in (fill or {}).items():
        field = target.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    before = desk.locator(".said-log p").count()
    target.get_by_role("button", name=button).click()
    expect(desk.locator(".said-log p")).to_have_count(min(before + 1, 8))
    assert "refused" not in desk.locator(".said-log p").first.inner_text()


def cli_standings(event, tmp_path) -> list:
    out = tmp_path / "standings"
    shutil.rmtree(out, ignore_errors=True)  # the last round's standings alone
    ran = listgen_run("tournament", "standings", event.pack, "-o", out, text=True)
    assert ran.returncode == 0, ran.stderr
    data = json.loads(next(out.glob("standings-round-*.json")).read_text())
    return [(p["rank"], p["player"], p["points"]) for p in data["players"]]


def board_standings(board) -> list:
    rows = board.locator("#standings tbody tr")
    out = []
    for i in range(rows.count()):
        rank, player, points = (rows.nth(i).locator("td").nth(k).inner_text() for k in range(3))
        out.append((int(rank), player.splitlines()[0], int(points)))
    return out


def test_an_event_day_with_the_room_server(browser, served, tmp_path):
    event, players, desk_url = served
    phones = Phones(browser, players)
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board_errors: list = []
    board.on("pageerror", lambda exc: board_errors.append(str(exc)))
    board.goto(f"{players}/board")
    expect(board.locator("#round")).to_have_text("Round 1 of 3")
    expect(board.locator("#pairings tbody tr.playing")).to_have_count(8)
    desk = browser.new_page(viewport={"width": 1366, "height": 860})
    desk.goto(desk_url)
    expect(desk.locator("h1")).to_contain_text("the desk")
    desk_move(desk, "form[action$='/desk/clock']", "Start", {"minutes": "90"})
    expect(board.locator("#clock")).to_have_text(re.compile(r"^(89|90):\d\d$"))

    # round 1: seven tables from phones (one of them disputed), the eighth by the command line meanwhile
    games = event.games(1)
    scores = {g["table"]: (10 + g["table"], g["table"]) for g in games}
    cli = listgen_run("tournament", "result", event.pack, games[7]["code"], *scores[8], wait=False, text=True)
    for g in games[:7]:
        a, b = g["players"]
        phones.report(g["code"], scores[g["table"]], event.personal(a))
        if g["table"] == 7:
            phones.dispute(g["code"], (3, 3), event.personal(b))
        else:
            phones.confirm(g["code"], scores[g["table"]], event.personal(b))
    assert cli.wait(120) == 0, cli.stderr.read() if cli.stderr else ""
    expect(board.locator("#pairings tbody tr.disputed")).to_have_count(1)
    desk.goto(f"{players}/desk")
    desk_move(desk, "form.dispute", "Record", {"first": "9", "second": "4"})
    scores[7] = (9, 4)
    expect(board.locator("#pairings tbody tr.done")).to_have_count(8)
    expect(board.locator("#playing")).to_have_text("Every table is in.")
    assert [tuple(g["score"]) for g in event.games(1)] == [scores[t] for t in range(1, 9)]
    expect(board.locator("#standings-title")).to_have_text("Standings after round 1")
    assert board_standings(board) == cli_standings(event, tmp_path)

    # a late entry, admitted at the desk; round 2 paired from the desk, its slips' QR codes leading to the tables
    late = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    (event.folder / "entries" / "quinn.yaml").write_text(late.replace("Club example", "Quinn Quill"), "utf-8")
    desk.goto(f"{players}/desk")
    desk_move(desk, "form[action$='/desk/admit']", "Admit his list", {"player": "Quinn Quill"})
    desk_move(desk, "form[action$='/desk/pair']", "Pair the next round")
    expect(board.locator("#round")).to_have_text("Round 2 of 3")
    expect(board.locator("#pairings tbody tr.bye")).to_have_count(1)  # seventeen players: one has the bye
    games = event.games(2)
    assert "Quinn Quill" in (event.folder / "results" / "round-2.yaml").read_text()
    slips = event.folder / "out" / "round-2-slips.pdf"
    assert desk.locator("a[href$='round-2-slips.pdf']").count() == 1
    shutil.copy(slips, tmp_path / "slips.pdf")
    found = set(scan(tmp_path / "slips.pdf", tmp_path).splitlines())  # the first page's slips, as a phone reads them
    assert len(found) >= 4 and found <= {f"{players}/report#{g['code']}" for g in games}

    # round 2: two tables from phones, a forfeit at the desk, the rest by the command line while a phone confirms
    a, b = games[0]["players"]
    phones.report(games[0]["code"], (6, 2), event.personal(a))
    running = [
        listgen_run("tournament", "result", event.pack, g["code"], 5, g["table"], wait=False, text=True)
        for g in games[3:]
    ]
    phones.confirm(games[0]["code"], (6, 2), event.personal(b))
    c, d = games[1]["players"]
    phones.report(games[1]["code"], (1, 8), event.personal(d))
    phones.confirm(games[1]["code"], (1, 8), event.personal(c))
    desk.goto(f"{players}/desk")
    desk_move(desk, f"tr[data-table='{games[2]['table']}'] form[action$='/desk/forfeit']", "Forfeits",
              {"player": games[2]["players"][1]})  # fmt: skip
    for run in running:
        assert run.wait(120) == 0, run.stderr.read() if run.stderr else ""
    expect(board.locator("#playing")).to_have_text("Every table is in.")
    recorded = {g["table"]: g["score"] for g in event.games(2)}
    assert recorded[games[0]["table"]] == [6, 2] and recorded[games[1]["table"]] == [1, 8]
    assert (
        recorded[games[2]["table"]] == [1, 0] and event.table(games[2]["table"], 2)["forfeit"] == games[2]["players"][1]
    )
    assert all(recorded[g["table"]] == [5, g["table"]] for g in games[3:])
    expect(board.locator("#standings-title")).to_have_text("Standings after round 2")
    assert board_standings(board) == cli_standings(event, tmp_path)

    # round 3 paired from the desk, recorded from the command line; the board follows
    desk.goto(f"{players}/desk")
    desk_move(desk, "form[action$='/desk/pair']", "Pair the next round")
    expect(board.locator("#round")).to_have_text("Round 3 of 3")
    for g in event.games(3):
        assert listgen_run("tournament", "result", event.pack, g["code"], g["table"], 3).returncode == 0
    expect(board.locator("#standings-title")).to_have_text("Standings after round 3")
    assert board_standings(board) == cli_standings(event, tmp_path)
    assert phones.count >= 16
    assert phones.errors == [] and board_errors == []
