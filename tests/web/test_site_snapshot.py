"""listgen site's memory snapshot (issue 55), in Chromium: the service worker keeps Python's memory after its first
start (its pages of zeros left out), and a return visit restores it instead of starting Python again. A snapshot
damaged, cut short, another build's or another runtime's, or whose index puts its pages past its memory, is never
restored: Python starts as on a first visit, the member is told nothing, the folder's page gives the same verdicts,
and a good snapshot is kept again. (How each start went is the service
worker's Server-Timing on __ready__, kept by boot.js in sessionStorage.)
"""

from __future__ import annotations

import re

import pytest
from conftest import ARMIES
from playwright.sync_api import expect
from test_site_browser import STARTS, Static, build, open_site

from listgen.web import browser as site_browser

pytestmark = pytest.mark.slow

ROWS = """() => Array.from(document.querySelectorAll("table.lists tbody tr")).map((row) => [
  row.querySelector("a[href^='/app/edit/']")?.getAttribute("href"),
  row.querySelector(".verdict")?.textContent.trim(),
  row.querySelector("td.num")?.textContent.trim(),
])"""

# The kept snapshot, as the service worker keeps it: [its sha256 as said, its sha256 as it is] or null.
KEPT = """async () => {
  const address = new URL("/__python-memory__", location.origin).href;
  for (const name of await caches.keys()) {
    const found = await (await caches.open(name)).match(address);
    if (!found) { continue; }
    const digest = await crypto.subtle.digest("SHA-256", await found.arrayBuffer());
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return [found.headers.get("X-Listgen-Sha256"), hex];
  }
  return null;
}"""

# Damage the kept snapshot as `how` says; its sha256 said again where the damage is one a checksum cannot see.
DAMAGE = """async ([how]) => {
  const address = new URL("/__python-memory__", location.origin).href;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const found = await cache.match(address);
    if (!found) { continue; }
    let bytes = new Uint8Array(await found.arrayBuffer());
    const headers = { "X-Listgen-Site": found.headers.get("X-Listgen-Site"), "X-Listgen-Sha256": found.headers.get("X-Listgen-Sha256") };
    const index = new DataView(bytes.buffer).getUint32(0, true);
    const sizes = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + index))).files;
    const memory = 4 + index + sizes.reduce((sum, [, size]) => sum + size, 0); // where Python's memory starts
    let resign = true;
    if (how === "flipped") {
      bytes[memory + (bytes.length - memory) / 2] ^= 0xff; // a byte of the memory, the sha256 left as it was
      resign = false;
    } else if (how === "cut") {
      bytes = bytes.slice(0, memory + 1024); // a write cut short: its sha256 said for what is left
    } else if (how === "another-build") {
      headers["X-Listgen-Site"] = "0123456789abcdef";
      resign = false;
    } else if (how === "another-runtime") {
      bytes[memory + 16] ^= 0xff; // the Pyodide build id it was made with
    } else if (how === "not-a-snapshot") {
      bytes.fill(7, memory); // the magic number and all
    } else if (how === "pages-astray") { // an index whose pages lie past the memory it says
      const said = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + index)));
      said.memory = 4096;
      const told = new TextEncoder().encode(JSON.stringify(said));
      const out = new Uint8Array(4 + told.length + bytes.length - 4 - index);
      new DataView(out.buffer).setUint32(0, told.length, true);
      out.set(told, 4);
      out.set(bytes.subarray(4 + index), 4 + told.length);
      bytes = out;
    }
    if (resign) {
      const digest = await crypto.subtle.digest("SHA-256", bytes);
      headers["X-Listgen-Sha256"] = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    }
    await cache.put(address, new Response(bytes, { headers }));
    return true;
  }
  return false;
}"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        return build(ARMIES, tmp_path_factory.mktemp("site") / "public", patch)


def restart(context, page, url: str) -> str:
    """The service worker stopped (Python with it), the root opened again: how Python started."""
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    page.goto(url)
    page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)
    expect(page.locator("table.lists .verdict").first).to_be_visible()
    return page.evaluate("() => sessionStorage.getItem('listgen-start')")


def kept_good(page) -> list:
    page.wait_for_function(
        f"({KEPT})().then((kept) => kept !== null && kept[0] === kept[1])", timeout=STARTS, polling=250
    )
    return page.evaluate(KEPT)


@pytest.mark.parametrize(
    "how", ["flipped", "cut", "another-build", "another-runtime", "not-a-snapshot", "pages-astray"]
)
def test_a_snapshot_not_good_falls_back_to_a_plain_start_with_the_same_verdicts(browser, built, how):
    server = Static(built)
    try:
        context, page, errors = open_site(browser, server.url)
        expect(page.locator("table.lists .verdict").first).to_be_visible()
        verdicts = page.evaluate(ROWS)
        assert len(verdicts) >= 12 and all(v for _, v, _ in verdicts)
        first = kept_good(page)
        assert "snapshot-restored" in restart(context, page, server.url)  # a good one is restored
        assert page.evaluate(ROWS) == verdicts
        assert page.evaluate(DAMAGE, [how])
        said = restart(context, page, server.url)
        assert "plain-start" in said and "snapshot-restored" not in said, said
        assert page.evaluate(ROWS) == verdicts  # the same verdicts, and not a word of it on the page
        assert errors == []
        again = kept_good(page)  # a good snapshot kept again, in place of the damaged one
        assert again[0] == again[1] and again != first
        assert "snapshot-restored" in restart(context, page, server.url)
        assert page.evaluate(ROWS) == verdicts
        context.close()
    finally:
        server.stop()


def test_a_restore_renews_the_random_state():
    """restored() (run by the service worker after each restore): the random module's state is drawn again, not the
    one the snapshot was taken with; tempfile's names are drawn again too."""
    import random
    import tempfile

    random.seed(55)
    taken = random.getstate()
    tempfile._get_candidate_names()  # type: ignore[attr-defined]
    names = tempfile._name_sequence  # type: ignore[attr-defined]
    site_browser.restored()
    assert random.getstate() != taken
    assert tempfile._name_sequence is None or tempfile._name_sequence is not names  # type: ignore[attr-defined]
