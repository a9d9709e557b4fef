"""The play view on the site in the other two browser engines, Firefox ESR and WebKit (Safari's), with the drivers
of tests/web/test_site_engines.py: a box marked and another marked and taken back with Undo, the page opened again
and the marks still there; the opponent's code giving the numbers (Python in the browser); then, with the server
gone, the play view opening from the site's cache with the marks. A missing browser fails, never skips."""

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
