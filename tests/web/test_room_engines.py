"""The room's phone page in the other two engines (Firefox ESR and WebKit, driven as test_site_engines.py drives
them), at 390 px: the slip's QR address fills the code in, one player reports his table's score with his personal
code, the other confirms it with his own, and the round file holds the score; the page is never wider than the
phone."""

from __future__ import annotations

import threading

import pytest
from room_event import room_event
from test_site_engines import ENGINE, TEXT, VALUE, until

from listgen.web.room.serve import start

pytestmark = pytest.mark.slow
# how much wider the page is than the window (0: nothing to scroll sideways), and the window's width
WIDE = """async () => [document.documentElement.scrollWidth - window.innerWidth, window.innerWidth]"""


@pytest.fixture
def served(tmp_path):
    event = room_event(tmp_path)
    server, players, _desk = start(event.pack, port=0, lan="127.0.0.1", out_dir=event.folder / "out")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield event, players
    server.shutdown()
    server.server_close()


def size(driver, width: int, height: int) -> None:
    if hasattr(driver, "driver"):  # WebKit's window
        driver.driver.set_window_size(width, height)
    else:
        driver._call(op="viewport", width=width, height=height)


def find_table(driver, base: str, code: str, table: int) -> None:
    driver.goto(f"{base}/")  # from another page: the slip's address is a whole page's load, not a fragment's
    driver.goto(f"{base}/report#{code}")
    until(lambda: driver.evaluate(VALUE, ["#code"]) == code, "the slip's code filled in from the address")
    driver.click("#find button")
    until(lambda: f"Table {table}" in (driver.evaluate(TEXT, [".where"]) or ""), f"table {table}'s page")


def answer(driver, starting: str) -> str | None:
    """The answer the page shows, once it is the one awaited (the page before has a .said of its own)."""
    said = driver.evaluate(TEXT, ["main > .said"]) or ""
    return said if said.startswith(starting) else None


@pytest.mark.parametrize("engine", sorted(ENGINE))
def test_a_table_reported_and_confirmed_from_phones(engine, served):
    event, base = served
    driver = ENGINE[engine]()
    try:
        size(driver, 390, 844)
        game = event.table(3)
        a, b = game["players"]
        find_table(driver, base, game["code"], 3)
        driver.fill("#first", "11")
        driver.fill("#second", "6")
        driver.fill("#personal", event.personal(a))
        driver.click(".scores button")
        said = until(lambda: answer(driver, "Reported"), "the report's answer")
        assert said.startswith(f"Reported: {a} 11, {b} 6"), said
        assert event.table(3)["score"] == [None, None]
        find_table(driver, base, game["code"], 3)
        assert f"{a} 11, {b} 6" in until(lambda: driver.evaluate(TEXT, [".said.pending"]), "the pending report")
        over, width = driver.evaluate(WIDE)
        assert over <= 0 and width <= 460, (over, width)  # WebKit's window is at least 447 px wide
        driver.fill("#personal-confirm", event.personal(b))
        driver.click(".confirm button")
        said = until(lambda: answer(driver, "Confirmed"), "the confirmation's answer")
        assert said.startswith("Confirmed and recorded"), said
        assert event.table(3)["score"] == [11, 6]
        assert driver.errors() == []
    finally:
        driver.close()
