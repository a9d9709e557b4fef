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
