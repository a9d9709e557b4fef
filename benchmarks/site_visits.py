"""listgen site in each browser engine: a first visit, a return visit and a change, in the same run (issue 55).

    python benchmarks/site_visits.py                                  # Chromium, Firefox ESR and WebKit, 5 runs
    python benchmarks/site_visits.py --engines chromium --runs 7

Builds the site from armies/ and serves it as a static host does (benchmarks/site.py's Host), then per engine:

- a first visit: a new profile opens the site's root; the time from opening it to the folder's page with its
  first verdict parsed (the page's own clocks: the root's time origin, kept by boot.js, to the folder page's
  domInteractive), and how Python started (the service worker's Server-Timing: each phase, and whether it restored
  its memory snapshot or started plain);
- a return visit: the browser closed and started again on the same profile, the host stopped (and Chromium set
  offline), the root opened again: the same figure. WebKit's driver (MiniBrowser in automation mode) keeps no
  storage across a restart, so its return visit is measured in the same browser once its service worker has
  ended: the page left for about:blank long enough (WebKit ends an idle service worker), then the root opened
  again (a visit that finds Python still running is not counted);
- a change on screen: a count changed in the form of the largest example until the YAML pane shows it (12 times).

Every browser runs in a session of its own (Playwright and puppeteer start theirs so; WebKitWebDriver is started
with start_new_session), so that the figures compare the engines, not the scheduler's share of the caller.
Aims: a return visit at most 1.5 s in Chromium and 3 s in the others (median); WebKit within 1.5x of Chromium.
Not a test: timings vary by machine and load (the load average is printed with them).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import _count_paths  # noqa: E402 - the serve benchmark's own choice of a value to change
from conftest import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

from listgen.commands.site import build_site  # noqa: E402
from listgen.web.form import anchor  # noqa: E402

_spec = importlib.util.spec_from_file_location("site_bench", Path(__file__).resolve().parent / "site.py")
assert _spec is not None and _spec.loader is not None
site_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_bench)
Host, CHANGE = site_bench.Host, site_bench.CHANGE

ARMIES = ROOT / "armies"
WAIT = 240.0  # s: a hang guard, not a figure

# On the folder's page: from the member opening the root to this page's verdicts parsed, and the start's phases.
VISIT = """async () => {
  const nav = performance.getEntriesByType("navigation")[0];
  const opened = Number(sessionStorage.getItem("listgen-opened"));
  if (!nav || !opened || !document.querySelector("table.lists .verdict") || !nav.domInteractive) { return null; }
  const ready = sessionStorage.getItem("listgen-ready-ms");
  return [performance.timeOrigin + nav.domInteractive - opened,
    `${sessionStorage.getItem("listgen-start") || ""}; ready (from boot.js) ${ready} ms; ` +
    `folder page answered in ${Math.round(nav.responseStart - nav.requestStart)} ms`];
}"""
OPEN_DETAILS = """async ([css]) => {
  const el = document.querySelector(css);
  for (let d = el.closest('details'); d; d = d.parentElement.closest('details')) { d.open = true; }
  return el.value;
}"""
# Has the service worker kept its memory snapshot? (it does so after the first start's answer)
KEPT = """async () => {
  for (const key of await caches.keys()) {
    if (await (await caches.open(key)).match(new URL("/__python-memory__", location.origin).href)) { return true; }
  }
  return false;
}"""


# The snapshot taken away: the next start is a plain one, as every start was before the snapshot.
FORGET = """async () => {
  for (const key of await caches.keys()) {
    await (await caches.open(key)).delete(new URL("/__python-memory__", location.origin).href);
  }
  return true;
}"""


class Chromium:
    """Debian's Chromium by Playwright, on a profile of its own (kept across a restart)."""

    name = "Chromium"

    def __init__(self, playwright, profile: str):
        self.context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_FLAGS, viewport={"width": 1366, "height": 860}
        )
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, script: str, args: list | None = None):
        return self.page.evaluate(script, args or [])

    def offline(self) -> None:
        self.context.set_offline(True)

    def close(self) -> None:
        self.context.close()


def _engine(name: str, playwright, profile: str):
    from test_site_engines import Firefox, WebKit

    if name == "chromium":
        return Chromium(playwright, profile)
    if name == "firefox":
        return Firefox(profile)
    return WebKit()


def _until(check, what: str, timeout: float = WAIT):
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.05)


def _visit(driver, url: str) -> tuple[float, str]:
    driver.goto(url)
    return _until(lambda: _safe(driver, VISIT), "the folder's first verdict")


def _safe(driver, script: str, args: list | None = None):
    try:
        return driver.evaluate(script, args)
    except Exception:  # the page moved on under the script (the root replaced by app/): asked again
        return None


def _changes(driver, url: str) -> list[float]:
    largest = max(ARMIES.glob("*.yaml"), key=lambda f: f.stat().st_size)
    path = next(_count_paths(yaml.safe_load(largest.read_text(encoding="utf-8"))))
    driver.goto(f"{url}app/edit/{largest.name}")
    selector = "#f" + anchor(tuple(path))
    now = int(_until(lambda: _safe(driver, OPEN_DETAILS, [selector]), "the editor"))
    # the first change of a page compiles its way in: not counted (and under load it may pass CHANGE's 10 s)
    with contextlib.suppress(Exception):
        driver.evaluate(CHANGE, [selector, str(now + 1)])
    return [driver.evaluate(CHANGE, [selector, str(value)]) for value in (now, now + 1) * 6]


def _return_in_the_same_browser(driver, url: str) -> tuple[float, str]:
    """WebKit: the site left for about:blank until its service worker has ended (WebKit ends an idle one; a restart
    of its driver would lose the storage), then the root opened again. A visit that found Python still running
    (ready at once) is not a return visit: tried again after a longer wait."""
    for wait in (20, 30, 45, 60, 90, 120):
        driver.goto("about:blank")
        time.sleep(wait)
        ms, how = _visit(driver, url)
        ready = re.search(r"ready \(from boot.js\) (\d+) ms", how)
        if ready and int(ready.group(1)) > 150:
            return ms, how
    raise AssertionError("WebKit's service worker never ended")


def _come_back(name: str, driver, url: str, playwright, profile: str):
    """The browser closed and started again on its profile, offline (WebKit: see _return_in_the_same_browser)."""
    if name == "webkit":
        return driver, _return_in_the_same_browser(driver, url)
    driver.close()
    driver = _engine(name, playwright, profile)
    if hasattr(driver, "offline"):
        driver.offline()
    return driver, _visit(driver, url)


def run_engine(name: str, folder: Path, runs: int, playwright) -> dict:
    """First visit, return visit (with the snapshot, then without it: the start before issue 55, in the same run)
    and changes, runs times, each on a new profile and host."""
    out: dict = {key: [] for key in ("first", "return", "plain", "change", "first_start", "return_start")}
    for run in range(runs):
        host = Host(folder)
        profile = tempfile.mkdtemp(prefix=f"listgen-{name}-")
        driver = _engine(name, playwright, profile)
        try:
            ms, how = _visit(driver, host.url)
            out["first"].append(ms)
            out["first_start"].append(how)
            _until(lambda d=driver: _safe(d, KEPT), "the memory snapshot kept", 60)
            if run == 0:  # once the snapshot is kept (its checksum and write, once a build, are not a change's)
                out["change"] = _changes(driver, host.url)
            host.stop()
            driver, (ms, how) = _come_back(name, driver, host.url, playwright, profile)
            out["return"].append(ms)
            out["return_start"].append(how)
            driver.evaluate(FORGET)
            driver, (ms, how) = _come_back(name, driver, host.url, playwright, profile)
            assert "plain-start" in how, how
            out["plain"].append(ms)
        finally:
            driver.close()
            host.stop() if host.server.fileno() != -1 else None
    return out


def _figures(values: list[float]) -> str:
    if not values:
        return "-"
    return f"min {min(values) / 1000:6.2f} s  median {statistics.median(values) / 1000:6.2f} s"


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        built = build_site(ARMIES, Path(tmp) / "public")
        for name in args.engines.split(","):
            print(f"{name}: {args.runs} runs, load average {os.getloadavg()[0]:.2f}", flush=True)
            results[name] = run_engine(name, built.folder, args.runs, playwright)
            r = results[name]
            print(f"  first visit to its first verdict   {_figures(r['first'])}")
            print(f"  return visit without the snapshot  {_figures(r['plain'])}  (the start as it was before)")
            print(f"  return visit, offline, restarted   {_figures(r['return'])}  (aim <= "
                  f"{1.5 if name == 'chromium' else 3.0:g} s, median)")  # fmt: skip
            print(f"  a change on screen (12)            {_figures(r['change'])}")
            print(f"  a return visit's start:            {r['return_start'][-1]}", flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
