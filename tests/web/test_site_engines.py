"""listgen site in the other two browser engines (issue 38): Firefox ESR (Debian's `firefox-esr`, driven over
WebDriver BiDi by puppeteer-core from the npm registry: tests/web/engines/) and WebKit, Safari's engine (Debian's
`webkit2gtk-driver`: WebKitWebDriver and MiniBrowser on a virtual screen, driven by selenium). Chromium has its
own tests (test_site_browser.py), with the same steps and more.

The steps are written once, here, against a small driver each engine gives (goto, url, evaluate, click, fill).
A member's day, in each engine:
  1. opens the site's root (the address the README gives); every example's verdict is the command line's;
  2. builds a legal list of each ruleset by clicking, saves it, and prints its roster: byte for byte the
     command line's roster of the same text;
  3. backs up every list; then loses the browser's storage (a new profile: all the site's data gone, as an
     eviction leaves it), opens the site again, restores the backup: every list back, byte for byte;
  4. with the server gone (these engines cannot cut the network from a driver), opens the root again: the site
     works from its cache, the restored lists there, Python checking a list.
A missing browser fails these tests, never skips them.
"""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import subprocess
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pytest
from conftest import ROOT, listgen_run, ruleset_testing
from test_site_browser import RENDER, STARTS, VALIDATE, Static, build

from listgen import rulesets

pytestmark = pytest.mark.slow

ENGINES = Path(__file__).resolve().parent / "engines"
FIREFOX = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
WEBKIT_DRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WAIT = STARTS / 1000  # s


class Firefox:
    """puppeteer-core in node (engines/firefox.mjs), one JSON command a line."""

    name = "Firefox ESR"

    def __init__(self, profile: str | None = None):
        for need, how in (
            (FIREFOX, "apt-get install firefox-esr"),
            (ENGINES / "node_modules" / "puppeteer-core", "npm ci --prefix tests/web/engines"),
        ):
            if not Path(need).exists():
                pytest.fail(f"no {need}: {how} (.ci/run does); the browser tests must run")
        self.own_profile = profile is None  # a profile given is kept (a browser restarted on it: a return visit)
        self.profile = profile or tempfile.mkdtemp(prefix="listgen-firefox-")
        self.process = subprocess.Popen(
            ["node", str(ENGINES / "firefox.mjs"), FIREFOX, self.profile],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ENGINES,
        )  # fmt: skip
        self.version = self._call(op="version")

    def _call(self, **command):
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, f"the Firefox driver ended (exit {self.process.poll()})"
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"Firefox: {command['op']}: {answer['error']}")
        return answer["ok"]

    def goto(self, url: str) -> None:
        self._call(op="goto", url=url)

    def url(self) -> str:
        return self._call(op="url") or ""  # none while a dialog holds the page

    def evaluate(self, script: str, args: list | None = None):
        return self._call(op="evaluate", script=script, args=args or [])

    def click(self, css: str) -> None:
        self._call(op="click", css=css)

    def fill(self, css: str, text: str) -> None:
        self._call(op="fill", css=css, text=text)

    def errors(self) -> list:
        return self._call(op="errors")

    def close(self) -> None:
        try:
            assert self.process.stdin is not None
            self.process.stdin.write('{"op": "quit"}\n')
            self.process.stdin.close()
            self.process.wait(20)
        except (subprocess.TimeoutExpired, OSError):
            self.process.kill()
        if self.own_profile:
            shutil.rmtree(self.profile, ignore_errors=True)


# WebKitGTK paints its layers with Skia on GL by default; on a machine without a GPU, GL is Mesa's llvmpipe
# (swrast_dri.so), a GPU emulated on the CPU, at about 40 ms a frame for the editor after a change. This asks it to
# paint on the CPU with Skia's own raster instead, as Chromium does with --disable-gpu (conftest.CHROMIUM_FLAGS):
# benchmarks/site_visits.py times WebKit so, its engines painting alike (issue 55).
CPU_PAINTING = {"WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1"}


class WebKit:
    """selenium driving WebKitWebDriver, MiniBrowser on an Xvfb screen of its own. environ: added to the browser's
    environment (CPU_PAINTING)."""

    name = "WebKit"

    def __init__(self, environ: dict[str, str] | None = None):
        for need, how in (
            (WEBKIT_DRIVER, "apt-get install webkit2gtk-driver"),
            (MINIBROWSER, "apt-get install webkit2gtk-driver"),
            (shutil.which("Xvfb") or "/usr/bin/Xvfb", "apt-get install xvfb"),
        ):
            if not Path(need).exists():
                pytest.fail(f"no {need}: {how} (.ci/run does); the browser tests must run")
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.screen = _Xvfb()
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # in a session of its own, as Playwright and puppeteer start theirs: under Linux's autogroup scheduling a
        # driver in the caller's session shares one CPU share with everything the caller runs (issue 55)
        service = Service(
            executable_path=WEBKIT_DRIVER,
            env={**os.environ, **(environ or {}), "DISPLAY": self.screen.display},
            popen_kw={"start_new_session": True},
        )
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(WAIT)
        self.version = f"WebKitGTK {self.driver.capabilities.get('browserVersion')}"

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def url(self) -> str:
        return self.driver.current_url

    def evaluate(self, script: str, args: list | None = None):
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"({script})(arguments[0]).then(done, (e) => done({{__error: String(e && e.stack || e)}}));",
            args or [],
        )
        if isinstance(answer, dict) and "__error" in answer:
            raise AssertionError(f"WebKit: {answer['__error']}")
        return answer

    def click(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, css).click()

    def fill(self, css: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        field = self.driver.find_element(By.CSS_SELECTOR, css)
        field.clear()
        field.send_keys(text)

    def errors(self) -> list:
        return []  # WebKitWebDriver reports no page errors: what each step shows is checked instead

    def close(self) -> None:
        self.driver.quit()
        self.screen.stop()


class _Xvfb:
    def __init__(self):
        for n in range(90, 140):
            if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
                break
        self.display = f":{n}"
        self.process = subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", "1366x900x24", "-nolisten", "tcp"], start_new_session=True
        )
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                return
            time.sleep(0.05)
        raise AssertionError(f"Xvfb did not start on {self.display}")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Driver(Protocol):
    """What the steps ask of an engine."""

    name: str
    version: str

    def goto(self, url: str) -> None: ...
    def url(self) -> str: ...
    def evaluate(self, script: str, args: list | None = None) -> Any: ...
    def click(self, css: str) -> None: ...
    def fill(self, css: str, text: str) -> None: ...
    def errors(self) -> list: ...
    def close(self) -> None: ...


ENGINE: dict[str, Callable[[], Driver]] = {"firefox": Firefox, "webkit": WebKit}


def until(check, what: str, timeout: float = WAIT):
    """Wait for check() to give something true; fail saying what was awaited."""
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.25)


def open_root(driver, url: str) -> None:
    driver.goto(url)
    until(lambda: driver.url().endswith("/app/"), "the folder's page")
    until(lambda: driver.evaluate(ROWS), "the folder's lists")


ROWS = """async () => Array.from(document.querySelectorAll("table.lists tbody tr")).map((row) => [
  row.querySelector("a[href^='/app/edit/']")?.getAttribute("href")?.slice("/app/edit/".length),
  row.querySelector(".verdict")?.textContent.trim(),
]).filter((row) => row[0])"""
TEXT = """async ([css]) => document.querySelector(css)?.textContent.trim() ?? null"""
VALUE = """async ([css]) => document.querySelector(css)?.value ?? null"""
BACKUP = """async () => {
  const answer = await fetch(location.origin + "/app/lists/backup", {method: "POST"});
  const bytes = new Uint8Array(await answer.arrayBuffer());
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) { s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000)); }
  return [answer.status, btoa(s)];
}"""
RESTORE = """async ([zip]) => {
  const bytes = Uint8Array.from(atob(zip), (c) => c.charCodeAt(0));
  const form = new FormData();
  form.append("backup", new Blob([bytes], {type: "application/zip"}), "listgen-lists.zip");
  const answer = await fetch(location.origin + "/app/lists/restore-backup", {method: "POST", body: form});
  return [answer.status, await answer.text()];
}"""


def lists_of(backup_b64: str) -> dict:
    archive = zipfile.ZipFile(io.BytesIO(base64.b64decode(backup_b64)))
    return {n: archive.read(n) for n in archive.namelist() if n.startswith("lists/")}


def build_each_ruleset(driver, url: str, tmp_path: Path) -> None:
    """A legal list of each ruleset built by clicking its page flow's unit, saved, and its roster printed: the
    command line's roster of the same text, byte for byte."""
    for slug in rulesets.slugs():
        driver.goto(f"{url}app/new/{slug}")
        until(lambda: driver.evaluate(TEXT, ["#summary .total strong"]), f"{slug}'s new list")
        before = driver.evaluate(TEXT, ["#summary .total strong"])
        path = json.dumps(list(ruleset_testing(slug).PAGE_FLOW["add"]), separators=(",", ":"))
        driver.click(f"#form-pane button[data-op=add][data-path='{path}']")
        until(lambda b=before: driver.evaluate(TEXT, ["#summary .total strong"]) != b, f"{slug}: the unit added")
        verdict = until(lambda: driver.evaluate(TEXT, ["#summary .verdict"]), f"{slug}: a verdict")
        assert verdict.startswith("LEGAL"), (slug, verdict)
        driver.fill("#filename", f"{slug}-kept")
        driver.click("#save")
        until(lambda s=slug: driver.errors() or driver.url().endswith(f"/app/edit/{s}-kept.yaml"), f"{slug}: saved")
        assert driver.errors() == [], f"{slug}: saving a new list: {driver.errors()}"  # e.g. 'leave this page?'
        text = until(lambda: driver.evaluate(VALUE, ["#yaml"]), f"{slug}: the saved text")
        status, pdf = driver.evaluate(RENDER, ["roster", text])
        assert status == 200, slug
        source = tmp_path / f"{slug}-kept.yaml"
        source.write_text(text, encoding="utf-8")
        listgen_run("roster", source, "-o", tmp_path / f"{slug}-kept.pdf", cwd=ROOT)
        assert base64.b64decode(pdf) == (tmp_path / f"{slug}-kept.pdf").read_bytes(), f"{slug}: the roster differs"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        return build(ROOT / "armies", tmp_path_factory.mktemp("site") / "public", patch)


@pytest.mark.parametrize("engine", sorted(ENGINE))
def test_a_members_day_in_each_engine(engine, site, tmp_path):
    examples = json.loads((site / "listgen-site.json").read_text())["examples"]
    expected = json.loads(
        listgen_run("validate", *[f"armies/{n}" for n in examples], "--format", "json", cwd=ROOT, text=True).stdout
    )
    server = Static(site)
    first = ENGINE[engine]()
    try:
        open_root(first, server.url)  # 1. the root, every example's verdict as the command line gives it
        shown = dict(first.evaluate(ROWS))
        for want in expected:
            unreadable = any(f["code"].startswith("INPUT-") for f in want["findings"])
            verdict = "LEGAL" if want["legal"] else ("UNREADABLE" if unreadable else "NOT LEGAL")
            assert shown.get(want["file"][len("armies/") :]) == verdict, (first.version, want["file"])
        build_each_ruleset(first, server.url, tmp_path)  # 2.
        first.goto(server.url + "app/")
        status, backup = first.evaluate(BACKUP)  # 3. every list backed up
        assert status == 200
        kept = lists_of(backup)
        assert {f"lists/{slug}-kept.yaml" for slug in rulesets.slugs()} <= set(kept) and len(kept) >= 12 + 5
        assert first.errors() == []
    finally:
        first.close()
    second = ENGINE[engine]()  # the browser's storage lost: a profile with nothing of the site's
    try:
        open_root(second, server.url)
        assert not any(name.endswith("-kept.yaml") for name, _ in second.evaluate(ROWS))
        status, said = second.evaluate(RESTORE, [backup])
        assert status == 200 and "smle-kept.yaml: restored" in said, said[:500]
        second.goto(server.url + "app/")
        status, again = second.evaluate(BACKUP)
        assert status == 200 and lists_of(again) == kept  # every list back, byte for byte
        server.stop()  # 4. the server gone: the site from its cache, at its root
        open_root(second, server.url)
        names = {name for name, _ in second.evaluate(ROWS)}
        assert {f"{slug}-kept.yaml" for slug in rulesets.slugs()} <= names
        text = (ROOT / "armies" / "smle-german-section.yaml").read_text(encoding="utf-8")
        status, got = second.evaluate(VALIDATE, ["armies/smle-german-section.yaml", text])
        want = next(w for w in expected if w["file"] == "armies/smle-german-section.yaml")
        assert status == 200 and got == want
        assert second.errors() == []
    finally:
        second.close()
        server.stop()


def test_the_engines_are_the_ones_the_manual_names():
    """The manual names the engines by version; a test that ran them says which (a control: a driver that cannot
    start its browser fails here first)."""
    for engine in ENGINE.values():
        driver = engine()
        try:
            assert driver.version
            print(driver.name, driver.version)
        finally:
            driver.close()
