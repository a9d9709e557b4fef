"""listgen site in a real browser: the site built from armies/, served by a plain static server, opened in Debian's
Chromium. Python runs in the site's service worker (Pyodide, fetched from the npm registry at the build, or the
cache). Checked against the command line: every example's verdict, points and findings equal `listgen validate
--format json`, and its roster, cards, reference sheet and hit tables are byte-identical to the commands' PDFs
(SOURCE_DATE_EPOCH fixed at the build and for the commands), a name in Chinese too. With the network cut after
the first visit (and the service worker stopped, so Python starts again from the cache): a legal list of each
ruleset built by clicking, previewed and shared; a list built and saved before, still there and working. And an
event's entry page: an entry over the limit refused, a receipt that listgen import reads back.
"""

from __future__ import annotations

import base64
import functools
import json
import re
import shutil
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml
from conftest import ARMIES, BASE, CHROMIUM, CHROMIUM_FLAGS, ROOT, listgen_run, ruleset_testing
from playwright.sync_api import expect

from listgen import rulesets
from listgen.commands.site import build_site

pytestmark = pytest.mark.slow

EPOCH = "1780000000"  # listgen_run's too
STARTS = 180_000  # ms: a first visit downloads the runtime and starts Python (about 5 s here)
KINDS = ("roster", "cards", "reference", "hit-tables")


class Static:
    """A plain static server for a folder (as python -m http.server), on a free port of 127.0.0.1."""

    def __init__(self, folder: Path):
        class Quiet(SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server.fileno() != -1:  # once only
            self.server.shutdown()
            self.server.server_close()


def build(folder: Path, out: Path, monkeypatch) -> Path:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    build_site(folder, out)
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        return build(ARMIES, tmp_path_factory.mktemp("site") / "public", patch)


def open_site(browser, url: str):
    """A fresh browser profile on the site: waits for Python to start and the page to open."""
    context = browser.new_context(viewport={"width": 1366, "height": 860}, accept_downloads=True)
    page = context.new_page()
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)
    return context, page, errors


RENDER = """async ([kind, text]) => {
  const answer = await fetch(location.origin + "/app/api/render/" + kind,
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({yaml: text})});
  const bytes = new Uint8Array(await answer.arrayBuffer());
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) { s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000)); }
  return [answer.status, btoa(s)];
}"""

VALIDATE = """async ([file, text]) => {
  const answer = await fetch(location.origin + "/app/api/validate?file=" + encodeURIComponent(file),
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({yaml: text})});
  return [answer.status, await answer.json()];
}"""


def command_pdf(kind: str, name: str, out: Path) -> bytes:
    """The PDF the command line prints for an example list."""
    target = out / f"{Path(name).stem}-{kind}.pdf"
    args = [kind, f"armies/{name}"] if kind in ("roster", "cards") else [kind, "--army", f"armies/{name}"]
    listgen_run(*args, "-o", target, cwd=ROOT)
    return target.read_bytes()


def test_every_example_checks_and_prints_as_the_command_line(browser, site, tmp_path):
    examples = json.loads((site / "listgen-site.json").read_text())["examples"]
    assert len(examples) >= 12
    files = [f"armies/{name}" for name in examples]
    expected = json.loads(listgen_run("validate", *files, "--format", "json", cwd=ROOT, text=True).stdout)
    tops = [name for name in examples if "/" not in name]
    with ThreadPoolExecutor(4) as pool:  # the command line's PDFs, while the browser starts
        printed = {(k, n): pool.submit(command_pdf, k, n, tmp_path) for k in KINDS for n in tops}
        server = Static(site)
        try:
            context, page, errors = open_site(browser, server.url)
            for want in expected:  # verdict, points and findings as validate --format json gives them
                text = (ROOT / want["file"]).read_text(encoding="utf-8")
                status, got = page.evaluate(VALIDATE, [want["file"], text])
                assert status == 200 and got == want, want["file"]
            rows = page.locator("table.lists tbody tr")
            for want in expected:  # the folder's page shows each one's verdict
                row = rows.filter(has=page.locator(f"a[href='/app/edit/{want['file'][len('armies/') :]}']"))
                unreadable = any(f["code"].startswith("INPUT-") for f in want["findings"])
                verdict = "LEGAL" if want["legal"] else ("UNREADABLE" if unreadable else "NOT LEGAL")
                expect(row.locator(".verdict")).to_have_text(verdict)
                if want["points"] is not None:
                    expect(row.locator("td.num")).to_contain_text(str(want["points"]))
            for (kind, name), future in printed.items():
                text = (ARMIES / name).read_text(encoding="utf-8")
                status, pdf = page.evaluate(RENDER, [kind, text])
                assert status == 200, (kind, name)
                assert base64.b64decode(pdf) == future.result(), f"{kind} of {name} differs from the command line's"
            # a name in Chinese and an emoji: the fallback fonts are fetched at this printout, as the CLI's
            cjk = tmp_path / "cjk.yaml"
            text = re.sub(
                r"(?m)^name: .*$", "name: 第一小队 \U0001f396", (ARMIES / tops[0]).read_text("utf-8"), count=1
            )
            cjk.write_text(text, encoding="utf-8")
            listgen_run("roster", cjk, "-o", tmp_path / "cjk.pdf", cwd=ROOT)
            status, pdf = page.evaluate(RENDER, ["roster", text])
            assert status == 200 and base64.b64decode(pdf) == (tmp_path / "cjk.pdf").read_bytes()
            assert errors == []
            context.close()
        finally:
            server.stop()


# the unit S.M.L.E.'s page flow adds (its package's testing.PAGE_FLOW, as the serve tests click it)
ADD = f"#form-pane button[data-op=add][data-path='{json.dumps(list(ruleset_testing('smle').PAGE_FLOW['add']), separators=(',', ':'))}']"


def test_a_list_built_by_clicking_is_kept_and_the_site_works_offline(browser, site):
    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
        page.locator("a[href='/app/new/smle']").click()
        page.wait_for_url(re.compile(r"/app/new/smle$"))
        before = page.locator("#summary .total strong").inner_text()
        page.locator(ADD).first.click()  # a unit added by clicking: the points change
        expect(page.locator("#summary .total strong")).not_to_have_text(before)
        page.locator("#filename").fill("clicked")
        page.locator("#save").click()
        page.wait_for_url(re.compile(r"/app/edit/clicked\.yaml$"))
        saved = page.locator("#yaml").input_value()
    finally:
        cut_the_network(context, page, server)
    page.goto(server.url + "app/")
    page.locator("a[href='/app/edit/clicked.yaml']").wait_for(timeout=STARTS)  # kept in the browser
    expect(page.locator("a[href='/app/edit/smle-german-section.yaml']")).to_have_count(1)
    page.locator("a[href='/app/edit/clicked.yaml']").click()
    page.wait_for_url(re.compile(r"/app/edit/clicked\.yaml$"))
    assert page.locator("#yaml").input_value() == saved
    before = page.locator("#summary .total strong").inner_text()
    page.locator(ADD).first.click()  # a change, offline
    expect(page.locator("#summary .total strong")).not_to_have_text(before)
    status, pdf = page.evaluate(RENDER, ["roster", page.locator("#yaml").input_value()])
    assert status == 200 and base64.b64decode(pdf).startswith(b"%PDF")  # a printout, offline
    assert errors == []
    context.close()


def cut_the_network(context, page, server: Static) -> None:
    """No server, the browser offline, and the service worker stopped: Python starts again from the cache."""
    server.stop()
    context.set_offline(True)
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")


def test_the_sites_own_address_opens_offline(browser, site):
    """The address a member bookmarks is the site's root, not app/: after the first visit, with the server gone,
    the browser offline and the service worker stopped, the root still opens the folder's page."""
    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
    finally:
        cut_the_network(context, page, server)
    page.goto(server.url)
    page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)
    expect(page.locator("a[href='/app/edit/smle-german-section.yaml']")).to_have_count(1)
    assert errors == []
    context.close()


def past_the_worker(context, page):
    """The page's next requests answered by the host, not the service worker (as after Shift+Reload): the CDP
    session that said so, to say otherwise."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")  # the bypass holds only with the Network domain on
    cdp.send("Network.setBypassServiceWorker", {"bypass": True})
    return cdp


# Where the root stood when its own script started: controlled by the service worker or not (read once on app/)
ROOT_CONTROLLED = """if (location.pathname === "/") {
  sessionStorage.setItem("root-controlled", String(!!(navigator.serviceWorker && navigator.serviceWorker.controller)));
}"""


def test_a_root_the_active_service_worker_does_not_control_still_opens_the_page(browser, site):
    """A reload that bypasses the service worker (Shift+Reload; or a visit the browser answers itself while the
    worker is ending, as WebKit did in benchmarks/site_visits.py) leaves the root uncontrolled though the worker is
    active: no controllerchange ever comes. The root asks the worker to claim it and opens the folder's page; it
    used to say 'Starting listgen in this browser...' for ever."""
    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
        cdp = past_the_worker(context, page)  # the root from the host, as Shift+Reload

        def from_the_host(route):  # the root's script too; what the page asks after it may pass the worker again
            cdp.send("Network.setBypassServiceWorker", {"bypass": False})
            route.continue_()

        page.route("**/boot.js", from_the_host)
        page.add_init_script(ROOT_CONTROLLED)
        page.goto(server.url)
        page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)
        assert page.evaluate("sessionStorage.getItem('root-controlled')") == "false"  # the case, not a controlled root
        expect(page.locator("a[href='/app/edit/smle-german-section.yaml']")).to_have_count(1)
        assert errors == []
    finally:
        server.stop()
    context.close()


def test_a_start_page_whose_script_never_runs_says_what_to_do(browser, site):
    """The start page without its script (not to be had: WebKit's driver session dropped the site's cache between
    the page and its script): after 10 s it says to reload, and what to do if it stays so, where it used to say
    'Starting listgen in this browser...' for ever. (boot.js takes the hint away as soon as it says anything.)"""
    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
        past_the_worker(context, page)  # the root and its script from the host, so that the route sees them
        page.route("**/boot.js", lambda route: route.abort())
        page.goto(server.url)
        expect(page.locator("#boot-late")).to_be_visible(timeout=STARTS)
        expect(page.locator("#boot-late")).to_contain_text("connect to the network and reload")
        expect(page.locator("#boot-status")).to_have_text("Starting listgen in this browser\u2026")
    finally:
        server.stop()
    context.close()


# Every entry of the site's cache taken away, the cache and the service worker left: what WebKit's private session
# (WebKitWebDriver's) did to the site once none of its pages was open (benchmarks/site_visits.py), and what a browser
# clearing a site's caches and not its worker leaves
EMPTY_THE_CACHE = """async () => {
  let taken = 0;
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    for (const request of await cache.keys()) { await cache.delete(request); taken += 1; }
  }
  return taken;
}"""
CACHED = """async () => (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).length)))
  .reduce((a, b) => a + b, 0)"""


def test_a_site_whose_files_the_browser_dropped_fetches_them_again_or_says_why_it_cannot(browser, site, tmp_path):
    """The site's files gone from the browser's cache while its service worker stays: online, the root fetches
    each again (checked against its sha256) and opens the folder's page; a file the host now serves damaged is
    said as damaged; with the network cut, the root says the files are gone and to connect and reload, at once.
    It used to wait at 'Starting listgen in this browser...' for ever."""
    copy = tmp_path / "public"
    shutil.copytree(site, copy)
    server = Static(copy)
    try:
        context, page, errors = open_site(browser, server.url)
        kept = page.evaluate(CACHED)
        assert page.evaluate(EMPTY_THE_CACHE) == kept >= 10
        cdp = context.new_cdp_session(page)
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        page.goto(server.url)
        page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)  # online: fetched again, and the page opens
        expect(page.locator("a[href='/app/edit/smle-german-section.yaml']")).to_have_count(1)
        assert page.evaluate(CACHED) >= 10  # kept again
        gone = page.locator("h1", has_text="listgen's files are gone from this browser")
        page.evaluate(EMPTY_THE_CACHE)
        (copy / "python.zip").write_bytes((copy / "python.zip").read_bytes()[:-1000])  # an upload cut short
        page.goto(server.url)
        expect(gone).to_have_count(1, timeout=STARTS)
        expect(page.locator("body")).to_contain_text("python.zip does not match the checksum")
        expect(page.locator("body")).to_contain_text("Tell the site's organiser")
        page.evaluate(EMPTY_THE_CACHE)
        cut_the_network(context, page, server)
        page.goto(server.url)
        expect(gone).to_have_count(1, timeout=STARTS)
        expect(page.locator("body")).to_contain_text("the site cannot be reached now")
        expect(page.locator("body")).to_contain_text("Connect to the network and reload this page")
        assert errors == []
    finally:
        server.stop()
    context.close()


# Python's runtime taken from the site's cache (with the network cut, Python cannot start again)
DROP_THE_RUNTIME = """async () => {
  for (const key of await caches.keys()) { await (await caches.open(key)).delete(new URL("/pyodide/pyodide.asm.wasm", location.origin).href); }
}"""
# From a page of the site: [status, text] of the page's script, then of the folder's page
STATIC_AND_PAGE = """async () => Promise.all(["/app/static/listgen.js", "/app/"].map(async (address) => {
  const answer = await fetch(address);
  return [answer.status, await answer.text()];
}))"""


def test_the_pages_scripts_and_styles_do_not_wait_for_python(browser, site):
    """The page's static files are files of the site, answered by the service worker from its cache: through Python
    each waited its turn behind the page that named them (about 0.2 s a page). Held by state, not time: with Python
    unable to start (its runtime gone from the cache, the network cut), the page's script is still answered byte
    for byte, while the folder's page (Python's) says Python could not start."""
    server = Static(site)
    try:
        context, page, _errors = open_site(browser, server.url)
        page.evaluate(DROP_THE_RUNTIME)
    finally:
        cut_the_network(context, page, server)
    (static, script), (status, said) = page.evaluate(STATIC_AND_PAGE)
    assert (static, script) == (200, (site / "app" / "static" / "listgen.js").read_text(encoding="utf-8"))
    assert status == 500 and "listgen could not answer in this browser" in said, (status, said[:300])
    context.close()


def test_lists_backed_up_survive_the_browser_clearing_the_sites_storage(browser, site, tmp_path):
    """Issue 38: a list made on the site, every list backed up to one file, the site's storage cleared as a browser
    evicts it (IndexedDB gone, the service worker stopped), the backup restored from the folder's page: every list
    back, byte for byte; the page asked the browser to keep its storage and says what it answered."""
    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)
        page.locator("a[href='/app/new/smle']").click()
        page.wait_for_url(re.compile(r"/app/new/smle$"))
        page.locator(ADD).first.click()
        page.locator("#filename").fill("kept")
        page.locator("#save").click()
        page.wait_for_url(re.compile(r"/app/edit/kept\.yaml$"))
        page.goto(server.url + "app/")
        expect(page.locator("#persist")).not_to_be_empty()
        with page.expect_download() as got:
            page.get_by_role("button", name="Back up all lists").click()
        backup = tmp_path / "backup.zip"
        got.value.save_as(backup)
        import zipfile

        kept = {
            n: zipfile.ZipFile(backup).read(n) for n in zipfile.ZipFile(backup).namelist() if n.startswith("lists/")
        }
        assert "lists/kept.yaml" in kept and len(kept) >= 12
        kept.update(with_hostile_names(backup))  # issue 50: the site's restore reads every name a backup holds
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin", {"origin": server.url.rstrip("/"), "storageTypes": "indexeddb"})
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        page.goto(server.url + "app/")
        expect(page.locator("a[href='/app/edit/smle-german-section.yaml']")).to_have_count(1, timeout=STARTS)
        expect(page.locator("a[href='/app/edit/kept.yaml']")).to_have_count(0)  # gone with the storage
        page.locator("input[name=backup]").set_input_files(str(backup))
        page.get_by_role("button", name="Restore", exact=True).click()
        expect(page.locator("body")).to_contain_text("kept.yaml: restored")
        expect(page.locator("body")).not_to_contain_text("not restored")
        page.goto(server.url + "app/")
        with page.expect_download() as again:  # a second backup of what the site holds now: every list as it was
            page.get_by_role("button", name="Back up all lists").click()
        again.value.save_as(tmp_path / "again.zip")
        archive = zipfile.ZipFile(tmp_path / "again.zip")
        assert {n: archive.read(n) for n in archive.namelist() if n.startswith("lists/")} == kept
        assert errors == []
        context.close()
    finally:
        server.stop()


# names a folder of lists can hold, put in the backup by hand as backup writes them (tests/web/test_serve_backup.py
# restores 31 such on the server): the site's restore, in the browser's storage, reads them back byte for byte
HOSTILE = [
    "Zoë's army.yaml",
    "my list (v2).yaml",
    'quote "double" & <angle>.yaml',
    " leading space.yaml",
    ".hidden.yaml",
    "Case.yaml",
    "case.yaml",
    "日本語のリスト 🪖.yaml",
    "x" * 250 + ".yaml",
    "sub folder/nested (1).yaml",
]


def with_hostile_names(backup) -> dict:
    """Add HOSTILE lists to a backup zip (its manifest too); their 'lists/NAME' -> bytes."""
    import hashlib
    import json
    import zipfile

    with zipfile.ZipFile(backup) as archive:
        members = {n: archive.read(n) for n in archive.namelist()}
    manifest = json.loads(members["listgen-backup.json"])
    added = {}
    for i, name in enumerate(HOSTILE):
        data = f"ruleset: smle\nname: Hostile {i}\n# {name}\r\n".encode()
        manifest["files"][name] = hashlib.sha256(data).hexdigest()
        added[f"lists/{name}"] = data
    members.update(added, **{"listgen-backup.json": json.dumps(manifest).encode()})
    with zipfile.ZipFile(backup, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return added


@pytest.mark.parametrize("damage", ["tampered", "cut short"])
def test_a_damaged_file_is_refused_said_and_never_kept(browser, site, tmp_path, damage):
    """python.zip changed by a byte, or cut to half (an upload that did not finish): the service worker checks
    every file against listgen-site.json's sha256, caches nothing, and the page says the files are damaged. Once
    the host is mended, the same browser opens the site: nothing damaged was kept."""
    import shutil

    copy = tmp_path / "public"
    shutil.copytree(site, copy)
    good = (copy / "python.zip").read_bytes()
    bad = good[:100] + bytes([good[100] ^ 1]) + good[101:] if damage == "tampered" else good[: len(good) // 2]
    (copy / "python.zip").write_bytes(bad)
    server = Static(copy)
    try:
        context = browser.new_context(viewport={"width": 1366, "height": 860})
        page = context.new_page()
        page.goto(server.url)
        expect(page.locator("#boot-status")).to_contain_text("damaged", timeout=STARTS)
        expect(page.locator("#boot-status")).to_contain_text("python.zip")
        expect(page.locator("#boot-late")).to_have_count(0)  # the script spoke: the hint for one that never did, gone
        assert page.evaluate("caches.keys()") == []  # nothing of the damaged site was kept
        (copy / "python.zip").write_bytes(good)  # the organiser mends the site
        page.reload()
        page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)
        expect(page.locator("a[href='/app/edit/smle-german-section.yaml']")).to_have_count(1)
        context.close()
    finally:
        server.stop()


def test_a_legal_list_of_each_ruleset_is_built_printed_and_shared_offline(browser, site):
    server = Static(site)
    try:
        context, page, errors = open_site(browser, server.url)  # the first visit
        cut_the_network(context, page, server)
        for slug in rulesets.slugs():
            page.goto(f"{server.url}app/new/{slug}")
            flow = ruleset_testing(slug).PAGE_FLOW
            before = page.locator("#summary .total strong").inner_text()
            path = json.dumps(list(flow["add"]), separators=(",", ":"))
            page.locator(f"#form-pane button[data-op=add][data-path='{path}']").first.click()
            expect(page.locator("#summary .total strong")).not_to_have_text(before)
            expect(page.locator("#summary .verdict")).to_have_text(re.compile("^LEGAL"))
            printed = context.expect_event("response", lambda r: r.url.endswith("/app/api/render/roster"))
            with printed as answer, page.expect_popup() as popup:  # the roster's preview, in a new tab
                page.get_by_role("button", name="Roster", exact=True).click()
            assert answer.value.status == 200 and answer.value.headers["content-type"] == "application/pdf", slug
            popup.value.close()
            page.get_by_text("Share: code and QR code").click()
            code = page.locator("#share-code").input_value()
            imported = listgen_run("import", code, text=True)
            assert imported.returncode == 0, slug
            assert yaml.safe_load(imported.stdout) == yaml.safe_load(page.locator("#yaml").input_value()), slug
        assert errors == []
        context.close()
    finally:
        server.stop()


PACK = """\
event: Test Open
rulesets: [smle]
points_limit: 40
restrictions:
  - id: one-section
    count: sections
    max: 1
    message: One section per player.
"""


def test_an_event_site_refuses_an_entry_over_its_limit_and_gives_a_receipt(browser, tmp_path, monkeypatch):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "pack.yaml").write_text(PACK, encoding="utf-8")
    (folder / "mine.yaml").write_text(BASE, encoding="utf-8")  # 30 points: within the event's 40
    server = Static(build(folder, tmp_path / "public", monkeypatch))
    try:
        context, page, errors = open_site(browser, server.url)
        expect(page.locator("h1").first).to_have_text("Entries for Test Open")
        page.locator("a[href='/app/edit/mine.yaml']").click()
        page.wait_for_url(re.compile(r"/app/edit/mine\.yaml$"))
        data = yaml.safe_load(BASE)
        data["sections"].append({**data["sections"][0], "name": "B Section"})
        page.locator("#yaml").fill(yaml.safe_dump(data, sort_keys=False))
        expect(page.locator("#summary .verdict")).to_have_text(re.compile("NOT LEGAL"))
        receipt = page.get_by_text("Enter Test Open: your receipt")
        receipt.click()
        expect(page.locator("#share-panel")).to_contain_text("Test Open does not take this list yet")
        expect(page.locator("#share-code")).to_have_count(0)
        receipt.click()  # closed
        page.locator("#yaml").fill(BASE)
        expect(page.locator("#summary .verdict")).to_have_text(re.compile("^LEGAL"))
        receipt.click()
        expect(page.locator("#share-panel")).to_contain_text("Entry receipt: Test Open")
        code = page.locator("#share-code").input_value()
        assert errors == []
        context.close()
    finally:
        server.stop()
    imported = listgen_run("import", code, text=True)
    assert imported.returncode == 0 and yaml.safe_load(imported.stdout) == yaml.safe_load(BASE)


def test_the_site_is_installable_as_an_app(browser, site):
    """Issue 55: Chromium's own installability check (the DevTools protocol's Page.getInstallabilityErrors) finds
    nothing wrong, at the site's root and on the page it opens; the manifest opens the app at the site's root, which
    works offline, and its icons are the PNGs it names."""
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert data.startswith(b"\x89PNG") and icon["sizes"] == f"{width}x{height}"
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}
    server = Static(site)
    profile = tempfile.mkdtemp(prefix="listgen-install-")  # a profile on disk: Chromium installs no app incognito
    try:
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, viewport={"width": 1366, "height": 860}
        )
        page = context.new_page()
        errors: list = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url)
        page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)
        cdp = context.new_cdp_session(page)
        for where in ("/app/", "/"):
            page.goto(server.url.rstrip("/") + where)
            if where == "/":
                page.wait_for_url(re.compile(r"/app/$"), timeout=STARTS)  # the root opens the page
            found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert found == [], (where, found)
            assert cdp.send("Page.getAppManifest")["url"].endswith("/manifest.webmanifest")
        # the browser's offer (beforeinstallprompt, as Chromium fires it once the site passes that check) shows the
        # page's own button, which asks the browser's prompt once and goes
        install = page.locator("#install-app")
        page.evaluate("""() => {
            const offer = new Event("beforeinstallprompt", {cancelable: true});
            offer.prompt = () => { window.prompted = (window.prompted || 0) + 1; return Promise.resolve(); };
            window.dispatchEvent(offer);
        }""")
        install.wait_for(state="visible")
        install.click()
        install.wait_for(state="hidden")
        assert page.evaluate("window.prompted") == 1
        assert errors == []
        context.close()
    finally:
        server.stop()
        shutil.rmtree(profile, ignore_errors=True)
