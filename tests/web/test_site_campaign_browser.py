"""Issue 53 on the site (`listgen site`, Python in the service worker, Chromium): a campaign in the folder a site is
built from is not published (its seed tells listgen's coming dice); a player starts a campaign on the site from
its lists, records a battle with a note, backs up, loses the browser's storage and restores: the campaign is back,
byte for byte, its battle and note on its page."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import listgen_invoke as run
from playwright.sync_api import expect

pytestmark = pytest.mark.slow

ARMIES = Path(__file__).resolve().parents[2] / "armies"
MILITIA, GF = ARMIES / "bounce-militia-defence.yaml", ARMIES / "bounce-gf-hma-company.yaml"
STARTS = 180_000  # ms: a first visit starts Python from the runtime (test_site_browser.py's bound)


@pytest.fixture
def site(tmp_path, monkeypatch):
    from test_site_browser import build

    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(MILITIA, folder / "militia.yaml")
    shutil.copy(GF, folder / "gf.yaml")
    secret = folder / "organisers.yaml"
    assert (
        run("campaign", "new", "bounce-into-action", "--force", f"GF={GF}", "--seed", "5", "-o", secret).exit_code == 0
    )
    return build(folder, tmp_path / "public", monkeypatch)


def test_a_campaign_is_kept_backed_up_and_restored_on_the_site_and_none_is_published(browser, site, tmp_path):
    import json

    from test_site_browser import Static, open_site

    manifest = json.loads((site / "listgen-site.json").read_text(encoding="utf-8"))
    assert manifest["examples"] == ["gf.yaml", "militia.yaml"]  # the folder's campaign is not published
    assert b"organisers.yaml" not in (site / "python.zip").read_bytes()
    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
        page.locator("#campaigns summary").click()
        page.get_by_label("The campaign's name").fill("Hollins Ford")
        page.get_by_label("Its file (in this folder)").fill("hollins.yaml")
        page.get_by_role("checkbox", name="militia.yaml").check()
        page.get_by_role("checkbox", name="gf.yaml").check()
        page.get_by_label(re.compile(r"^militia\.yaml .*force name")).fill("Militia")
        page.get_by_label(re.compile(r"^gf\.yaml .*force name")).fill("GF")
        page.get_by_role("button", name="Start the campaign").click()

        expect(page.get_by_role("heading", level=1)).to_have_text("Hollins Ford")
        page.get_by_label("Scenario").fill("The ford")
        page.get_by_label(re.compile("^Note: what happened")).fill("Sam and Jo, <b>at the club</b>")
        page.get_by_label("Militia / Settlers: under fire").fill("1")
        page.get_by_role("button", name="Record the battle").click()
        expect(page.locator("#recorded")).to_contain_text("Recorded: event 1, battle.")
        expect(page.locator("#battle-1 .note")).to_have_text("Sam and Jo, <b>at the club</b>")

        page.goto(server.url + "app/")
        expect(page.locator("#campaigns")).to_contain_text("Hollins Ford")
        with page.expect_download() as got:
            page.get_by_role("button", name="Back up all lists").click()
        backup = tmp_path / "backup.zip"
        got.value.save_as(backup)
        kept = zipfile.ZipFile(backup).read("lists/hollins.yaml")
        assert b"note: Sam and Jo, <b>at the club</b>" in kept
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin", {"origin": server.url.rstrip("/"), "storageTypes": "indexeddb"})
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        page.goto(server.url + "app/", timeout=STARTS)  # Python starts again, from the cache
        expect(page.locator("a[href='/app/edit/militia.yaml']")).to_have_count(1, timeout=STARTS)
        expect(page.locator("#campaigns")).not_to_contain_text("Hollins Ford")  # gone with the storage
        page.locator("input[name=backup]").set_input_files(str(backup))
        page.get_by_role("button", name="Restore", exact=True).click()
        expect(page.locator("body")).to_contain_text("hollins.yaml: restored")
        page.goto(server.url + "app/campaign/hollins.yaml")
        expect(page.locator("#battle-1 .note")).to_have_text("Sam and Jo, <b>at the club</b>")
        expect(page.locator("#forces")).to_contain_text("Settlers: civilian, experienced, 1 action")
        assert errors == []
        context.close()
    finally:
        server.stop()
    restored = tmp_path / "restored.yaml"
    restored.write_bytes(kept)
    status = run("campaign", "status", restored)  # the site's campaign is the command line's, seals and all
    assert status.exit_code == 0 and "Settlers: civilian, experienced, 1 action" in status.output


def test_a_game_on_the_site_offline_ends_into_a_campaign_started_there(browser, site, tmp_path):
    """Issue 53's flow on the site with the network cut: a campaign started from the site's lists, a Bounce into
    Action game of one of them played at 390 px (hits marked), ended into the campaign (shown first, then recorded
    by the campaign's own functions in the browser's Python); the campaign's page shows the casualties, and the
    file backed up is one `listgen campaign status` reads with them."""
    from test_play_browser import PHONE, tick
    from test_site_browser import Static, cut_the_network, open_site

    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
    finally:
        cut_the_network(context, page, server)
    page.reload(timeout=STARTS)  # offline from here on: Python starts again from the cache
    page.locator("#campaigns summary").click(timeout=STARTS)
    page.get_by_label("The campaign's name").fill("Hollins Ford")
    page.get_by_label("Its file (in this folder)").fill("hollins.yaml")
    page.get_by_role("checkbox", name="militia.yaml").check()
    page.get_by_role("checkbox", name="gf.yaml").check()
    page.get_by_label(re.compile(r"^militia\.yaml .*force name")).fill("Militia")
    page.get_by_label(re.compile(r"^gf\.yaml .*force name")).fill("GF")
    page.get_by_role("button", name="Start the campaign").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hollins Ford")

    page.set_viewport_size(PHONE)
    page.goto(server.url + "app/play/militia.yaml")
    squad = "Stand: Ford squad A"
    for label in ("1", "2"):
        tick(page, squad, label).click()
    page.reload()  # mid-game: the marks are kept
    expect(tick(page, squad, "2")).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=str(tmp_path / "site-play-390.png"), full_page=True)
    page.get_by_role("button", name=re.compile("End the game into the campaign")).click()
    page.wait_for_url(re.compile(r"/play-end/"))
    expect(page.get_by_label("Ford squad A casualties")).to_have_value("2")
    expect(page.get_by_label("Ford squad A under fire")).to_be_checked()
    page.locator("input[name=scenario]").fill("The ford")
    page.screenshot(path=str(tmp_path / "site-play-end-390.png"), full_page=True)
    page.get_by_role("button", name="Record in the campaign").click()
    expect(page.get_by_role("heading", name="Recorded in Hollins Ford")).to_be_visible()
    # the campaign lives in this browser only: the page asks for a backup
    expect(page.locator("form.backup-due")).to_contain_text("changed since the last backup")
    page.screenshot(path=str(tmp_path / "site-play-recorded-390.png"), full_page=True)
    page.get_by_role("link", name="Open Hollins Ford").click()
    expect(page.locator("#battle-1")).to_contain_text("The ford")
    squad_now = page.locator("section.force[aria-label='Militia'] ul.units li", has_text="Ford squad A:")
    # as `campaign status` words them: each result of the d10 (rolled in the browser) and its count
    expect(squad_now).to_contain_text(re.compile(r"casualties: [A-Z][a-z ]+ [12]\b"))
    page.screenshot(path=str(tmp_path / "site-campaign-390.png"), full_page=True)
    page.goto(server.url + "app/play/militia.yaml")  # the game is marked recorded: not ended twice
    expect(page.locator("#end-button")).to_be_disabled()
    page.goto(server.url + "app/")
    with page.expect_download() as got:
        page.get_by_role("button", name="Back up all lists").click()
    backup = tmp_path / "backup.zip"
    got.value.save_as(backup)
    assert errors == []
    context.close()
    restored = tmp_path / "restored.yaml"
    restored.write_bytes(zipfile.ZipFile(backup).read("lists/hollins.yaml"))
    status = run("campaign", "status", restored)
    assert status.exit_code == 0, status.output
    assert "3 events" in status.output  # the battle, and a casualty per hit
    squad_line = next(line for line in status.output.splitlines() if line.strip().startswith("Ford squad A:"))
    lost = re.search(r"casualties: (.*)$", squad_line)
    assert lost and sum(int(n) for n in re.findall(r"\d+", lost.group(1))) == 2, squad_line
