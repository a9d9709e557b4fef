"""The figures issue 28 names for listgen site, measured in Debian's Chromium (wall clock, this machine).

    python benchmarks/site.py

Builds the site from armies/, serves it from a static server that compresses as static hosts do (gzip, for the
types they compress), and measures:

- a first visit: the bytes sent until the page is ready to build (target: at most 12 MB), and the time;
- a return visit with the network cut and the service worker stopped (Python starts again from the cache):
  the time until the folder's page is there (target: at most 5 s);
- a change on screen for the largest example: a count changed in the form, until the YAML pane shows it
  (target: at most 200 ms, median of 12);
- a roster PDF once warm (target: at most 3 s, best of 3).

Not a test: timings vary by machine.
"""

from __future__ import annotations

import functools
import gzip
import json
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import _count_paths  # noqa: E402 - the serve benchmark's own choice of a value to change
from conftest import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

from listgen.commands.site import build_site  # noqa: E402
from listgen.web.form import anchor  # noqa: E402

ARMIES = ROOT / "armies"
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".ttf", ".ttc")  # not .zip: deflated already


class Host:
    """A static host on 127.0.0.1 that gzips what hosts gzip, counting the bytes it sends."""

    def __init__(self, folder: Path):
        self.sent = 0
        host = self
        cache: dict = {}

        class Handler(SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = Path(self.translate_path(self.path))
                if (
                    not path.is_file()
                    or path.suffix not in COMPRESSED
                    or "gzip" not in self.headers.get("Accept-Encoding", "")
                ):
                    return self._plain()
                body = cache.get(path) or cache.setdefault(path, gzip.compress(path.read_bytes(), 6))
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                host.sent += len(body)

            def _plain(self):
                f = self.send_head()
                if f:
                    data = f.read()
                    f.close()
                    self.wfile.write(data)
                    host.sent += len(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


CHANGE = """async ([selector, value]) => {
  const yaml = () => document.querySelector("#yaml").value; // the answer may put a new pane in its place
  const before = yaml(), field = document.querySelector(selector);
  const began = performance.now();
  field.value = value;
  field.dispatchEvent(new Event("change", {bubbles: true}));
  while (yaml() === before) {
    if (performance.now() - began > 10000) { throw new Error("the change did not reach the YAML pane"); }
    await new Promise((next) => setTimeout(next, 1));
  }
  return performance.now() - began;
}"""

RENDER = """async (text) => {
  const began = performance.now();
  const answer = await fetch(location.origin + "/app/api/render/roster",
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({yaml: text})});
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return [answer.status, bytes.length, performance.now() - began];
}"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        built = build_site(ARMIES, Path(tmp) / "public")
        rows.append(("site: listgen site armies (in process, runtime cached)", time.perf_counter() - began, "", None))
        host = Host(built.folder)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            context = browser.new_context(viewport={"width": 1366, "height": 860})
            page = context.new_page()
            began = time.perf_counter()
            page.goto(host.url)
            page.wait_for_url("**/app/", timeout=180_000)
            page.wait_for_load_state("load")
            first = time.perf_counter() - began
            rows.append(("site: first visit, ready to build (wall)", first, "s", None))
            rows.append(("site: first visit, sent by the host (gzip)", host.sent / 1e6, "MB", 12.0))

            largest = max(ARMIES.glob("*.yaml"), key=lambda f: f.stat().st_size)
            path = next(_count_paths(yaml.safe_load(largest.read_text(encoding="utf-8"))))
            page.goto(f"{host.url}app/edit/{largest.name}")
            selector = "#f" + anchor(tuple(path))
            page.locator(selector).evaluate(
                "el => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }"
            )
            now = int(page.locator(selector).input_value())
            times = [page.evaluate(CHANGE, [selector, str(value)]) for value in (now + 1, now) * 6]
            rows.append(
                (f"site: a change on screen, {largest.name} (median)", statistics.median(times) / 1000, "s", 0.2)
            )
            text = page.locator("#yaml").input_value()
            renders = [page.evaluate(RENDER, text) for _ in range(4)]
            assert all(status == 200 for status, _, _ in renders)
            rows.append(("site: roster PDF, first in this page", renders[0][2] / 1000, "s", None))
            rows.append(("site: roster PDF once warm (best of 3)", min(r[2] for r in renders[1:]) / 1000, "s", 3.0))

            host.stop()
            context.set_offline(True)
            cdp = context.new_cdp_session(page)
            cdp.send("ServiceWorker.enable")
            cdp.send("ServiceWorker.stopAllWorkers")
            began = time.perf_counter()
            page.goto(host.url + "app/")
            page.locator("table.lists").wait_for(timeout=60_000)
            rows.append(
                ("site: return visit offline, Python started again (wall)", time.perf_counter() - began, "s", 5.0)
            )
            browser.close()
    size = sum(built.files.values()) / 1e6
    print(f"site: {len(built.files)} files, {size:.1f} MB on disk, {len(built.examples)} examples")
    for name, value, unit, target in rows:
        unit = unit or "s"
        verdict = "" if target is None else ("  ok" if value <= target else "  OVER")
        aim = "" if target is None else f"  (target <= {target:g} {unit})"
        print(f"{name:<66} {value:8.2f} {unit}{aim}{verdict}")
    print(json.dumps({name: round(value, 3) for name, value, _, _ in rows}, indent=1))


if __name__ == "__main__":
    main()
