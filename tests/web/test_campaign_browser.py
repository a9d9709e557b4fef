"""Issue 53 in a real browser (Debian's Chromium, Playwright): a three-battle Bounce into Action campaign opened
from the folder's page shows its forces, what changed battle by battle and the notes; a battle recorded on the
page (a unit's actions typed, a note) is in the campaign file, as `listgen campaign status` reads it. Screenshots
at 1366 and 390 px (written beside the campaign); at 390 px nothing is wider than the phone."""

from __future__ import annotations

import re
import threading

import pytest
from campaigns import three_battles
from conftest import listgen_invoke as run
from playwright.sync_api import expect

pytestmark = pytest.mark.slow

NOTE = "Sam (Militia) and Jo (GF) at the club; <b>rain</b> & mud."


@pytest.fixture
def served(tmp_path):
    from listgen.web.serve import start

    three_battles(tmp_path, NOTE)
    server, url = start(tmp_path, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, url
    server.shutdown()
    server.server_close()


def test_the_campaign_page_shows_three_battles_and_records_a_fourth(browser, served):
    folder, url = served
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.locator("#campaigns").get_by_role("link", name="hollins.yaml").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hollins Ford")
    forces = page.locator("#forces")
    expect(forces.get_by_role("heading", level=3)).to_have_text(["Militia", "GF"])
    expect(forces.get_by_text("Settlers: trained, experienced, 4 actions", exact=False)).to_be_visible()
    battles = page.locator("#battles article h3")
    expect(battles).to_have_text(
        [
            "Battle 1 · 2026-12-01 · The ford · GF win",
            "Battle 2 · 2026-12-08 · The mill",
            "Battle 3 · 2026-12-15 · Night raid",
        ]
    )
    expect(page.locator("#battle-1 .note")).to_have_text(NOTE)  # as typed: its markup is text
    expect(page.locator("#battle-3 .note")).to_have_text("Jo's kitchen table")
    expect(page.locator("#battle-1").get_by_text("+ stand '1 Platoon fire teams (1)': added")).to_be_visible()
    expect(
        page.locator("#battle-2").get_by_text("~ stand 'Settlers' > training: 'civilian' -> 'trained'")
    ).to_be_visible()
    page.screenshot(path=str(folder / "campaign-1366.png"), full_page=True)

    page.get_by_label("Scenario").fill("The bridge")
    page.get_by_label("Result (who won, in your words)").fill("Militia win")
    page.get_by_label(re.compile("^Note: what happened")).fill("At Kim's: the bridge held.")
    page.get_by_label("Militia / Settlers: under fire").fill("2")
    page.get_by_label("GF / Pathfinders: wounded").fill("1")
    page.get_by_role("button", name="Record the battle").click()
    expect(page.locator("#recorded")).to_contain_text("Recorded: event 6, battle.")
    expect(page.locator("#recorded")).to_contain_text("Militia / Settlers: 2 actions (2 under fire; 6 actions in all)")
    expect(battles).to_have_count(4)
    expect(page.locator("#battle-4 .note")).to_have_text("At Kim's: the bridge held.")
    status = run("campaign", "status", folder / "hollins.yaml")
    assert status.exit_code == 0 and "Settlers: trained, experienced, 6 actions" in status.output

    phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(url)
    phone.goto(re.sub(r"/\?key=.*$", "/campaign/hollins.yaml", url))
    expect(phone.locator("#battles article h3")).to_have_count(4)
    expect(phone.locator("#battle-4 .note")).to_be_visible()
    phone.locator("#forces details summary").first.click()  # a unit's events: casualty and promotion (no
    expect(phone.get_by_role("button", name="Record the promotion").first).to_be_visible()  # replacements: Bounce)
    expect(phone.get_by_role("button", name="Record the replacements")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    phone.screenshot(path=str(folder / "campaign-390.png"), full_page=True)
    assert errors == []
