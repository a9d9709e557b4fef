"""listgen site in each browser engine: a first visit, a return visit and a change, and issue 55's sizes, in one run.

    python benchmarks/site_visits.py                                  # Chromium, Firefox ESR and WebKit, 5 runs
    python benchmarks/site_visits.py --engines chromium --runs 7
    python benchmarks/site_visits.py --sizes --engines chromium       # issue 55's sizes alone (--size-runs, 9)

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

Issue 55's sizes (the default run's last part, or --sizes alone): a change on screen and the catalogue on the
platoon-shaped list carrying findings (bench.py's platoon_list, the list of bench.py --changes) at 100 and 500 units,
on the site and on the page. The control runs first, once: the page, `listgen serve`'s own server in headless
Chromium. Then, per engine, a second site built from a folder of those two lists (its examples), a new profile's
first visit, and once Python has kept its memory snapshot, each list opened in the site's editor. Each series is
bench.py's own (change_times, catalogue_times), on an editor opened anew, after one step not counted (what the
first imports), each step after a user's 300 ms pause, --size-runs times:

- a change in a row: the count bench.py --changes changes, set again and again (each change follows a change);
- a change just after the YAML typed: bench.py's change_on_screen series (each change follows a full answer, the
  list's name typed in the YAML pane: every part of the form checked and redrawn), and that full answer;
- the teams' catalogue opened (bench.py's catalogue_on_screen's button: on this list, the first section's).

Each is timed from the change (the click) to htmx's afterSettle (its answer's arrival apart), and counts only if
what was asked is then on screen (the YAML pane edited, the form's name field redrawn, the catalogue's panel
drawn); a page that has not settled in 120 s ends that engine's part, said in the output. Printed min/median in ms,
the site's beside its aim (twice the page's: 200 ms at 100 units, 600 at 500) and beside the page's figure in the
same run, site/page of the medians beside 2x; the page's beside its own aim (100 / 300 ms).

Every browser runs in a session of its own (Playwright and puppeteer start theirs so; WebKitWebDriver is started
with start_new_session), so that the figures compare the engines, not the scheduler's share of the caller. And
every engine paints on the CPU by its own raster: Chromium with --disable-gpu, WebKit (the engine "webkit") with
Skia's CPU raster (test_site_engines.CPU_PAINTING), so that they compare the engines, not a GPU this machine does
not have: WebKitGTK as it starts by default paints with Skia on GL, which here is Mesa's llvmpipe, a GPU emulated
on the CPU (about 40 ms a frame for the editor after a change, where a Safari has a GPU). When WebKit is in the run,
a change in WebKit painting so ("webkit-gl") is timed beside it, as its anchor; --engines webkit-gl times all of it.
An engine that cannot be started, or a part that fails, is said and the run goes on with the next.
Aims: a return visit at most 1.5 s in Chromium and 3 s in the others (median); WebKit within 1.5x of Chromium
(the ratios of the medians are printed at the end).
Not a test: timings vary by machine and load (the load average is printed with them, and said when it is 1 or
more: the issue's figures are a quiet machine's).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import (  # noqa: E402 - the serve benchmark's own choice of a value to change, and issue 55's series
    CATALOGUE,
    CHANGE_AIMS,
    SHAPES,
    _count_paths,
    _stats,
    catalogue_times,
    change_on_screen,
    change_times,
    on_page,
    platoon_list,
    served_edit,
)
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
    """The engine's driver started on the profile; one that cannot start (a browser or driver missing: the drivers'
    pytest.fail, or its own error) is said as such, not measured."""
    from test_site_engines import CPU_PAINTING, Firefox, WebKit

    try:
        if name == "chromium":
            return Chromium(playwright, profile)
        if name == "firefox":
            return Firefox(profile)
        return WebKit(CPU_PAINTING if name == "webkit" else None)
    except (Exception, pytest.fail.Exception) as exc:
        said = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise NotMeasured(f"{name} could not be started: {said}") from None


class NotMeasured(Exception):
    """What could not be measured, said in the run's output instead of a figure."""


def _until(check, what: str, timeout: float = WAIT):
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.05)


# What the page shows when a visit hangs: where it is, and the first words on it (the start's own status)
SHOWN = """async () => `${location.href} | ${(document.body ? document.body.innerText : "").slice(0, 300)}`"""


# The root's answer when the site's files are gone from the browser's cache and cannot be fetched (sw.js)
GONE = """async () => document.querySelector("h1")?.textContent === "listgen's files are gone from this browser"
  ? document.body.innerText : null"""


# The start page still waiting, its hint for a script that never ran shown (after 10 s), and the site's cache
# emptied under it: WebKit's driver session dropped the cache between the page and its script
DROPPED = """async () => {
  const late = document.getElementById("boot-late");
  if (!late || getComputedStyle(late).visibility !== "visible") { return null; }
  let held = 0;
  for (const key of await caches.keys()) { held += (await (await caches.open(key)).keys()).length; }
  return held === 0 ? document.body.innerText : null;
}"""


def _arrived(driver, which: str):
    """The visit's figures once the folder's page has its first verdict; a root saying the site's files are gone,
    or a start page whose script went with them (WebKit's private session drops an origin's cache once nothing of
    it runs), ends the visit, said."""
    got = _safe(driver, VISIT)
    gone = None if got else (_safe(driver, GONE) or _safe(driver, DROPPED))
    if gone:
        raise NotMeasured(f"{which}: the browser dropped the site's cache; the page says: {' '.join(gone.split())}")
    return got


def _visit(driver, url: str, which: str = "a visit") -> tuple[float, str]:
    driver.goto(url)
    try:
        return _until(lambda: _arrived(driver, which), "the folder's first verdict")
    except AssertionError as exc:  # which visit hung, and what the member would see then
        shown = " ".join(str(_safe(driver, SHOWN) or "(the page did not answer)").split())
        raise AssertionError(f"{which}: {exc}; the page shows: {shown}") from None


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


def _return_in_the_same_browser(driver, url: str, which: str) -> tuple[float, str]:
    """WebKit: the site left for about:blank until its service worker has ended (WebKit ends an idle one; a restart
    of its driver would lose the storage), then the root opened again. A visit that found Python still running
    (ready at once) is not a return visit: tried again after a longer wait."""
    for wait in (20, 30, 45, 60, 90, 120):
        driver.goto("about:blank")
        time.sleep(wait)
        ms, how = _visit(driver, url, f"{which} after {wait} s on about:blank")
        ready = re.search(r"ready \(from boot.js\) (\d+) ms", how)
        if ready and int(ready.group(1)) > 150:
            return ms, how
    raise AssertionError("WebKit's service worker never ended")


def _come_back(name: str, driver, url: str, playwright, profile: str, which: str):
    """The browser closed and started again on its profile, offline (WebKit: see _return_in_the_same_browser)."""
    if name.startswith("webkit"):
        return driver, _return_in_the_same_browser(driver, url, which)
    driver.close()
    driver = _engine(name, playwright, profile)
    if hasattr(driver, "offline"):
        driver.offline()
    return driver, _visit(driver, url, f"{which}, the browser started again offline")


def run_engine(name: str, folder: Path, runs: int, playwright) -> dict:
    """First visit, return visit (with the snapshot, then without it: the start before issue 55, in the same run)
    and changes, runs times, each on a new profile and host."""
    keys = ("first", "return", "plain", "change", "first_start", "return_start", "lost")
    out: dict = {key: [] for key in keys}
    for run in range(runs):
        host = Host(folder)
        profile = tempfile.mkdtemp(prefix=f"listgen-{name}-")
        driver = _engine(name, playwright, profile)
        try:
            ms, how = _visit(driver, host.url, f"run {run + 1}'s first visit")
            out["first"].append(ms)
            out["first_start"].append(how)
            _until(lambda d=driver: _safe(d, KEPT), "the memory snapshot kept", 60)
            if run == 0:  # once the snapshot is kept (its checksum and write, once a build, are not a change's)
                out["change"] = _changes(driver, host.url)
            host.stop()
            which = f"run {run + 1}'s return visit"
            driver, (ms, how) = _come_back(name, driver, host.url, playwright, profile, which)
            out["return"].append(ms)
            out["return_start"].append(how)
            driver.evaluate(FORGET)
            which = f"run {run + 1}'s return visit without the snapshot"
            driver, (ms, how) = _come_back(name, driver, host.url, playwright, profile, which)
            assert "plain-start" in how, how
            out["plain"].append(ms)
        except NotMeasured as exc:  # this run's return visits: the others' figures stand
            out["lost"].append(str(exc))
        finally:
            driver.close()
            host.stop() if host.server.fileno() != -1 else None
            shutil.rmtree(profile, ignore_errors=True)  # its service worker's cache: tens of MB a run
    return out


@contextlib.contextmanager
def _first_visited(name: str, folder: Path, playwright):
    """A new profile's first visit to the site built in folder, on a host of its own, once Python has kept its
    memory snapshot: (the driver, the host's address); the browser, host and profile gone afterwards."""
    profile = tempfile.mkdtemp(prefix=f"listgen-{name}-")
    try:
        driver = _engine(name, playwright, profile)
    except NotMeasured:
        shutil.rmtree(profile, ignore_errors=True)
        raise
    host = Host(folder)
    try:
        _visit(driver, host.url, f"{name}'s first visit")
        _until(lambda: _safe(driver, KEPT), "the memory snapshot kept", 60)
        yield driver, host.url
    finally:
        driver.close()
        host.stop()
        shutil.rmtree(profile, ignore_errors=True)


def changes_alone(name: str, folder: Path, playwright) -> dict:
    """The change series alone, after a first visit: WebKit painting on GL ("webkit-gl"), timed beside WebKit
    painting on the CPU in the same run."""
    with _first_visited(name, folder, playwright) as (driver, url):
        return {"change": _changes(driver, url)}


RATIO_AIM = 1.5  # issue 55: WebKit within 1.5x of Chromium, on the first visit and on a change


def print_ratios(results: dict) -> None:
    """WebKit's medians over Chromium's, in the same run, beside the aim (nothing when the run has not both)."""
    base, said = results.get("chromium", {}), False
    for name in ("webkit", "webkit-gl"):
        for key, label in (("first", "first visit"), ("return", "return visit"), ("change", "a change on screen")):
            if base.get(key) and results.get(name, {}).get(key):
                if not said:
                    print("WebKit beside Chromium in this run (medians):")
                    said = True
                ratio = statistics.median(results[name][key]) / statistics.median(base[key])
                print(f"  {name + ' / chromium,':<22} {label:<20} {ratio:4.2f}x (aim <= {RATIO_AIM}x) "
                      f"{_verdict(ratio, RATIO_AIM)}")  # fmt: skip


def _figures(values: list[float]) -> str:
    if not values:
        return "-"
    return f"min {min(values) / 1000:6.2f} s  median {statistics.median(values) / 1000:6.2f} s"


def _figures_ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"min {min(values):6.0f} ms median {statistics.median(values):5.0f} ms"


# Issue 55's sizes: a change and the catalogue on the platoon-shaped list (bench.py's platoon_list, the list of
# bench.py --changes), on the page (`listgen serve`, Chromium) and on the site (each engine), in the same run.
SIZES = (100, 500)
SITE_TIMES = 2  # issue 55: on the site at most twice the page's aim (CHANGE_AIMS), the catalogue likewise
VIEWPORT = {"width": 1366, "height": 860}  # the site's engines' own (Chromium above, firefox.mjs): the page's too
WHERE = dict((shape, where) for shape, _make, where in SHAPES)["platoons"]  # the count bench.py --changes changes
# The editor ready: loaded, htmx there, and the element a series starts from drawn
READY = """async ([css]) => document.readyState === "complete" && !!window.htmx && !!document.querySelector(css)"""


def _list_name(n: int) -> str:
    return f"platoons-{n}.yaml"


def sizes_folder(tmp: Path) -> Path:
    """The lists the site is built from for issue 55's sizes: the platoon-shaped list at each size, as examples."""
    folder = tmp / "sizes"
    folder.mkdir()
    for n in SIZES:
        (folder / _list_name(n)).write_text(platoon_list(n), encoding="utf-8")
    return folder


# each figure (min, median; ms) by size: a change in a row (after a change), and its answer's arrival; a change
# just after the YAML was typed (bench.py's series: each change follows a full answer) and its answer; the full
# answer (the YAML typed); the catalogue opened
KEYS = ("row", "row answer", "typed", "typed answer", "full", "catalogue")


def _figures_of(row: list, typed: dict, catalogue: list) -> dict:
    got = {"row": _stats([m["settled"] for m in row]), "row answer": _stats([m["htmx:beforeOnLoad"] for m in row])}
    return got | typed | {"catalogue": _stats([t * 1000 for t in catalogue])}


def _typed(changes: list, fulls: list) -> dict:
    return {"typed": _stats([m["settled"] for m in changes]),
            "typed answer": _stats([m["htmx:beforeOnLoad"] for m in changes]),
            "full": _stats([m["settled"] for m in fulls])}  # fmt: skip


def page_sizes(playwright, runs: int) -> dict:
    """The anchor: the same series on the page, `listgen serve`'s own server in headless Chromium, each on a page
    opened anew: the changes in a row, bench.py's change_on_screen (its line printed as --changes prints it), the
    catalogue; each series after one not counted. Figures as KEYS says."""
    import logging

    from listgen.__main__ import collect_less
    from listgen.web.form import anchor

    collect_less()  # as `listgen serve` runs (listgen.__main__.main)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    out: dict = {key: {} for key in KEYS}
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    try:
        context = browser.new_context(viewport=VIEWPORT)
        for n in SIZES:
            print(f" {n} units:", flush=True)
            with served_edit(context, platoon_list(n)) as page:
                row, _ = change_times(*on_page(page), "#f" + anchor(tuple(WHERE(n))), runs, warm=True, typed=False)
            got = change_on_screen(context, n, platoon_list, WHERE(n), runs, warm=True)
            with served_edit(context, platoon_list(n)) as page:
                catalogue = catalogue_times(*on_page(page), runs, warm=True)
            typed = {"typed": got["change"], "typed answer": got["answer"], "full": got["full"]}
            for key, figures in _figures_of(row, typed, catalogue).items():
                out[key][n] = figures
            print(f"  changes in a row (Chromium) {out['row'][n][0]:5.0f}/{out['row'][n][1]:5.0f} ms; "
                  f"catalogue opened {out['catalogue'][n][0]:5.0f}/{out['catalogue'][n][1]:5.0f} ms; "
                  f"aim for each <= {CHANGE_AIMS[n] * 1000:g} ms", flush=True)  # fmt: skip
    finally:
        browser.close()
    return out


def _editor(driver, url: str, css: str) -> None:
    driver.goto(url)
    _until(lambda: _safe(driver, READY, [css]), f"the editor with {css}")


def site_sizes(name: str, folder: Path, runs: int, playwright) -> dict:
    """The same series on the site, in one engine: a new profile visits the site built from sizes_folder (its
    lists are the site's examples), and once Python has kept its memory snapshot, each size's list is opened in
    the site's editor anew for each series, as the page's are. Figures as KEYS says."""
    from listgen.web.form import anchor

    out: dict = {key: {} for key in KEYS}
    with _first_visited(name, folder, playwright) as (driver, url):
        pause = lambda: time.sleep(0.3)  # noqa: E731 - the page's own pause (bench.py's on_page)
        for n in SIZES:
            edit, control = f"{url}app/edit/{_list_name(n)}", "#f" + anchor(tuple(WHERE(n)))
            _editor(driver, edit, control)
            row, _ = change_times(driver.evaluate, pause, control, runs, warm=True, typed=False)
            _editor(driver, edit, control)
            typed = _typed(*change_times(driver.evaluate, pause, control, runs, warm=True))
            _editor(driver, edit, CATALOGUE)
            catalogue = catalogue_times(driver.evaluate, pause, runs, warm=True)
            for key, figures in _figures_of(row, typed, catalogue).items():
                out[key][n] = figures
    return out


def _verdict(value: float, aim: float) -> str:
    return "ok" if value <= aim else "OVER"


def print_sizes(site: dict, page: dict | None) -> None:
    """Each figure on the site beside its aim (twice the page's), and beside the page's in the same run: site/page
    of the medians beside 2x."""
    rows = (("a change in a row", "row", True), ("  of which its answer in", "row answer", False),
            ("a change just after the YAML typed", "typed", True), ("  of which its answer in", "typed answer", False),
            ("  the YAML typed (a full answer)", "full", False), ("the catalogue opened", "catalogue", True))  # fmt: skip
    for n in SIZES:
        print(f" {n} units, settled on screen, min/median:")
        for label, key, aimed in rows:
            got, anchor_ = site[key][n], (page or {}).get(key, {}).get(n)
            line = f"  {label:<38} site {got[0]:6.0f}/{got[1]:6.0f} ms"
            aim = CHANGE_AIMS[n] * 1000 * SITE_TIMES
            line += f"  <= {aim:g} ms {_verdict(got[1], aim)}" if aimed else f"{'':<15}"
            if anchor_ is None:
                line += "   page: not measured"
            else:
                ratio = got[1] / anchor_[1]
                line += f"   page {anchor_[0]:5.0f}/{anchor_[1]:5.0f} ms   site/page {ratio:4.1f}x"
                line += f" (aim <= {SITE_TIMES}x) {_verdict(ratio, SITE_TIMES)}" if aimed else ""
            print(line, flush=True)


def _load() -> str:
    load = os.getloadavg()[0]
    quiet = "" if load < 1.0 else " (not quiet: figures taken so are not the issue's, whose machine is quiet)"
    return f"load average {load:.2f}{quiet}"


def _print_visits(name: str, r: dict) -> None:
    print(f"  first visit to its first verdict   {_figures(r['first'])}")
    print(f"  return visit without the snapshot  {_figures(r['plain'])}  (the start as it was before)")
    print(f"  return visit, offline, restarted   {_figures(r['return'])}  (aim <= "
          f"{1.5 if name == 'chromium' else 3.0:g} s, median)")  # fmt: skip
    print(f"  a change on screen (12)            {_figures_ms(r['change'])}")
    if r["return_start"]:
        print(f"  a return visit's start:            {r['return_start'][-1]}", flush=True)
    for lost in r["lost"]:
        print(f"  not measured: {lost}", flush=True)


def _measure(name: str, what: str, measure, *args) -> dict:
    """One part of an engine's figures, measure(*args), and how long it took; what it could not measure said, and
    the run goes on."""
    began = time.monotonic()
    try:
        got = measure(*args)
        print(f"  ({name}: {what} took {time.monotonic() - began:.0f} s)", flush=True)
        return got
    except NotMeasured as exc:
        print(f"  {name}: {what} not measured: {exc}", flush=True)
    except (Exception, pytest.fail.Exception) as exc:
        print(f"  {name}: {what} not measured: {type(exc).__name__}: {str(exc).splitlines()[0]}", flush=True)
    return {"not measured": what}


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=5, help="visits per engine (5)")
    parser.add_argument("--sizes", action="store_true", help="issue 55's sizes alone: a change and the catalogue")
    parser.add_argument("--size-runs", type=int, default=9, help="changes and catalogues per size, after one (9)")
    args = parser.parse_args()
    engines = args.engines.split(",")
    unknown = set(engines) - {"chromium", "firefox", "webkit", "webkit-gl"}
    if unknown:
        parser.error(f"no such engine: {', '.join(sorted(unknown))} (chromium, firefox, webkit, webkit-gl)")
    results: dict = {}
    print(f"at the start: {_load()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        built = None if args.sizes else build_site(ARMIES, Path(tmp) / "public")
        sized = build_site(sizes_folder(Path(tmp)), Path(tmp) / "public-sizes").folder
        print(f"the control: the page (listgen serve, Chromium), platoon-shaped list, {args.size_runs} runs each "
              f"after one not counted, min/median; {_load()}", flush=True)  # fmt: skip
        page = _measure("the page", "the anchor", page_sizes, playwright, args.size_runs)
        results["page"] = page
        for name in engines:
            results[name] = {}
            if built is not None:
                print(f"{name}: {args.runs} runs, {_load()}", flush=True)
                r = _measure(name, "the visits", run_engine, name, built.folder, args.runs, playwright)
                results[name] = r
                if "first" in r:
                    _print_visits(name, r)
                if name == "webkit" and "webkit-gl" not in engines:  # its anchor: the same engine painting on GL
                    gl = _measure("webkit-gl", "the change", changes_alone, "webkit-gl", built.folder, playwright)
                    results["webkit-gl"] = gl
                    if "change" in gl:
                        print(f"  a change on screen (12), painting on GL (llvmpipe here)  "
                              f"{_figures_ms(gl['change'])}", flush=True)  # fmt: skip
            print(f"{name}: on the site, platoon-shaped list, {args.size_runs} runs each after one not counted, "
                  f"min/median; {_load()}", flush=True)  # fmt: skip
            sizes = _measure(name, "the sizes", site_sizes, name, sized, args.size_runs, playwright)
            results[name]["sizes"] = sizes
            if "row" in sizes:
                print_sizes(sizes, page if "row" in page else None)
    print_ratios(results)
    print(f"at the end: {_load()}")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
