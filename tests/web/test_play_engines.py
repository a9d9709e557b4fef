"""The play view on the site in the other two browser engines, Firefox ESR and WebKit (Safari's), with the drivers
of tests/web/test_site_engines.py: a box marked and another marked and taken back with Undo, the page opened again
and the marks still there; the opponent's code giving the numbers (Python in the browser); then, with the server
gone, the play view opening from the site's cache with the marks; and, the server gone, a game ended into a campaign started
on the site, its casualties on the campaign's page and in `campaign status`. A missing browser fails, never skips."""

from __future__ import annotations

import pytest
from conftest import ARMIES
from test_site_browser import Static, build
from test_site_engines import ENGINE, WAIT, open_root, until

from listgen.core import share
from listgen.core.validate import check_file_isolated

pytestmark = pytest.mark.slow

PLAY = "app/play/bounce-militia-defence.yaml"
PRESSED = """async ([id]) => document.querySelector(`[data-box="${id}"]`)?.getAttribute("aria-pressed") ?? null"""
SHOWN = 'async ([css]) => document.querySelector(css)?.textContent ?? ""'
SET = """async ([css, text]) => { document.querySelector(css).value = text; return true; }"""
FIRST, SECOND = "u1.t0.1", "u1.t0.2"  # Ford squad A's first two hits (the roster's second unit)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        return build(ARMIES, tmp_path_factory.mktemp("site") / "public", patch)


def gf_code() -> str:
    report = check_file_isolated(str(ARMIES / "bounce-gf-hma-company.yaml"))
    assert report.document is not None
    return share.encode(report.document.data, report.rules.code)


@pytest.mark.parametrize("engine", sorted(ENGINE))
def test_the_play_view_in_each_engine(engine, site):
    server = Static(site)
    driver = ENGINE[engine]()
    try:
        open_root(driver, server.url)
        driver.goto(server.url + PLAY)
        until(lambda: driver.evaluate(PRESSED, [FIRST]) == "false", "the play view's boxes")
        driver.click(f'[data-box="{FIRST}"]')
        driver.click(f'[data-box="{SECOND}"]')
        until(lambda: driver.evaluate(PRESSED, [SECOND]) == "true", "the second box marked")
        driver.click("#play-undo")
        until(lambda: driver.evaluate(PRESSED, [SECOND]) == "false", "the second mark taken back")
        driver.goto(server.url + PLAY)  # opened again: the marks are the browser's
        until(lambda: driver.evaluate(PRESSED, [FIRST]) == "true", "the first mark kept", WAIT)
        assert driver.evaluate(PRESSED, [SECOND]) == "false"
        driver.evaluate(SET, ["#opp-code", gf_code()])
        driver.click("#opponent button[type=submit]")
        said = until(lambda: driver.evaluate(SHOWN, ["#opp-result .notice.ok"]), "the opponent's numbers")
        assert "C Company, 3rd GF Infantry" in said
        assert driver.evaluate(SHOWN, ["#m1 .matchup summary"]) == "It fires at theirs"
        server.stop()  # the server gone: the site from its cache, the marks from the browser's storage
        driver.goto(server.url + PLAY)
        until(lambda: driver.evaluate(PRESSED, [FIRST]) == "true", "the play view offline, the mark kept", WAIT)
        assert driver.errors() == []
    finally:
        driver.close()
        server.stop()


START = """async ([title, file, lists]) => {
  const form = document.querySelector("form.new-campaign");
  form.querySelector("[name=title]").value = title;
  form.querySelector("[name=file]").value = file;
  for (const box of form.querySelectorAll("input[name=list]")) { box.checked = lists.includes(box.value); }
  form.requestSubmit();
  return true;
}"""
BOXES = """async () => document.querySelectorAll("[data-box]").length"""
FORM_VALUE = """async ([name]) => document.querySelector(`[name="${name}"]`)?.value ?? null"""
UNIT_NOW = """async ([force, unit]) => Array.from(document.querySelectorAll(`section.force[aria-label="${force}"] ul.units li`))
  .map((li) => li.textContent).find((line) => line.startsWith(unit)) ?? "" """


@pytest.mark.parametrize("engine", sorted(ENGINE))
def test_a_game_ended_into_a_campaign_on_the_site_offline_in_each_engine(engine, site, tmp_path):
    """Issue 53 on the site in each engine, the server gone: a campaign started from the site's lists, two hits
    marked on the militia's Ford squad A, the game ended into the campaign (shown first, then recorded by the
    browser's Python); the campaign's page, and `listgen campaign status` on the file backed up, show them."""
    import base64
    import io
    import re
    import zipfile

    from conftest import listgen_invoke
    from test_site_engines import BACKUP, TEXT

    militia, gf = "bounce-militia-defence.yaml", "bounce-gf-hma-company.yaml"
    server = Static(site)
    driver = ENGINE[engine]()
    try:
        open_root(driver, server.url)
        server.stop()  # from here on, the site from its cache and the lists from the browser's storage
        driver.goto(server.url + "app/")
        until(lambda: driver.evaluate(TEXT, ["form.new-campaign"]), "the campaign's start form", WAIT)
        driver.evaluate(START, ["Hollins Ford", "hollins.yaml", [militia, gf]])
        until(lambda: driver.evaluate(TEXT, ["h1"]) == "Hollins Ford", "the campaign started", WAIT)
        driver.goto(server.url + PLAY)
        until(lambda: driver.evaluate(PRESSED, [FIRST]) == "false", "the play view's boxes", WAIT)
        driver.click(f'[data-box="{FIRST}"]')
        driver.click(f'[data-box="{SECOND}"]')
        until(lambda: driver.evaluate(PRESSED, [SECOND]) == "true", "the second box marked")
        driver.click("#end-button")
        until(lambda: driver.evaluate(TEXT, ["h1"]) == "End the game into Hollins Ford", "the ending shown", WAIT)
        casualties = driver.evaluate(
            """async () => Array.from(document.querySelectorAll("input[name=casualties]")).map((i) => i.value)"""
        )
        assert sorted(casualties) == ["0"] * (len(casualties) - 1) + ["2"], casualties
        driver.click("#record")
        until(lambda: driver.evaluate(TEXT, ["h1"]) == "Recorded in Hollins Ford", "the game recorded", WAIT)
        driver.goto(server.url + "app/campaign/hollins.yaml")
        squad = until(
            lambda: driver.evaluate(UNIT_NOW, ["Hollins Ford Defence Militia", "Ford squad A:"]),
            "the campaign's page",
            WAIT,
        )
        assert re.search(r"casualties: [A-Z][a-z ]+ [12]\b", squad), squad
        status, backup = driver.evaluate(BACKUP)
        assert status == 200
        assert driver.errors() == []
    finally:
        driver.close()
        server.stop()
    restored = tmp_path / "hollins.yaml"
    restored.write_bytes(zipfile.ZipFile(io.BytesIO(base64.b64decode(backup))).read("lists/hollins.yaml"))
    said = listgen_invoke("campaign", "status", restored)
    assert said.exit_code == 0 and "3 events" in said.output, said.output
    line = next(x for x in said.output.splitlines() if x.strip().startswith("Ford squad A:"))
    lost = re.search(r"casualties: (.*)$", line)
    assert lost and sum(int(n) for n in re.findall(r"\d+", lost.group(1))) == 2, line
